//! The payload of `set` and `frozenset`: CPython 3.11's hash table
//! (`Objects/setobject.c`) slot for slot, so that a set iterates, prints
//! and pops in the order CPython's does.
//!
//! The table is open addressing over a power-of-two array of slots (at
//! least [`MINSIZE`]): a key's first slot is `hash & mask`; from there the
//! search looks at up to [`LINEAR_PROBES`] slots after it (when they fit
//! before the end of the table), then jumps to `(i * 5 + 1 + perturb) &
//! mask` with `perturb` the hash shifted right by [`PERTURB_SHIFT`] more
//! at each jump. A removed key leaves a dummy, which a search passes and
//! an insertion reuses (the last one it passed). The table grows when
//! `fill * 5 >= mask * 3` (fill counts dummies), to the smallest power of
//! two above `used * 4` (`used * 2` past 50000 keys), reinserting the keys
//! in slot order. Iteration walks the slots in order.
//!
//! Keys are compared as CPython compares them: identity, then `==`. For
//! keys whose `==` may run Python code ([`ops::needs_vm`]) the comparison
//! is made with the table unborrowed, and a search whose table changed
//! meanwhile starts again (CPython's `restart`).

use super::{DictKey, DictObj, ObjRef, PyResult, Value, types};
use crate::ops;
use crate::vm::Vm;
use std::cell::{Cell, RefCell};

/// CPython's `PySet_MINSIZE`: the smallest table.
pub const MINSIZE: usize = 8;
/// Slots looked at after a key's slot before the search jumps.
pub const LINEAR_PROBES: usize = 9;
/// How far `perturb` shifts at each jump.
pub const PERTURB_SHIFT: u32 = 5;
/// CPython's hash `-1`: a frozenset's hash not computed yet.
const NO_HASH: u64 = u64::MAX;

/// The hash a dummy slot has (CPython's `-1`).
const DUMMY: u64 = u64::MAX;

/// One slot of the table, as CPython's `setentry`: never used since the
/// table was made (ends a search) when it has no key and hash 0; a dummy
/// (a key was removed here: a search goes on past it) when it has no key
/// and hash [`DUMMY`]; else a key and its hash. A search tests the hash
/// first, so it passes dummies and other keys' slots alike, without a
/// branch that tells them apart (sets that keys come and go from are
/// mostly dummies: that branch would be mispredicted half the time).
#[derive(Clone)]
struct Slot {
    hash: u64,
    key: Option<Value>,
}

impl Slot {
    const EMPTY: Slot = Slot { hash: 0, key: None };
    const DUMMY: Slot = Slot {
        hash: DUMMY,
        key: None,
    };

    fn active(hash: u64, key: Value) -> Slot {
        Slot {
            hash,
            key: Some(key),
        }
    }

    fn is_empty(&self) -> bool {
        self.key.is_none() && self.hash != DUMMY
    }
}

/// The table: `slots.len()` is a power of two; `fill` counts active and
/// dummy slots, `used` active ones.
struct Table {
    slots: Vec<Slot>,
    fill: usize,
    used: usize,
}

impl Table {
    fn new() -> Table {
        Table {
            slots: empty_slots(MINSIZE),
            fill: 0,
            used: 0,
        }
    }

    fn mask(&self) -> usize {
        self.slots.len() - 1
    }
}

fn empty_slots(n: usize) -> Vec<Slot> {
    let mut v = Vec::new();
    v.resize_with(n, || Slot::EMPTY);
    v
}

/// The next start of a search after `i` (CPython's `i * 5 + 1 + perturb`),
/// `perturb` already shifted.
#[inline]
fn jump(i: usize, perturb: u64, mask: usize) -> usize {
    i.wrapping_mul(5)
        .wrapping_add(1)
        .wrapping_add(perturb as usize)
        & mask
}

/// Puts a key known to be absent into the first empty slot of its search
/// (`set_insert_clean`: no comparisons, no dummies in the table).
fn insert_clean(slots: &mut [Slot], hash: u64, key: Value) {
    let mask = slots.len() - 1;
    let mut perturb = hash;
    let mut i = hash as usize & mask;
    loop {
        if let Some(slot) = slots[i..=run_end(i, mask)]
            .iter_mut()
            .find(|s| s.is_empty())
        {
            *slot = Slot::active(hash, key);
            return;
        }
        perturb >>= PERTURB_SHIFT;
        i = jump(i, perturb, mask);
    }
}

/// Where a search for a key ended.
/// The last slot of the run of consecutive slots a search looks at from
/// slot `i` before it jumps: [`LINEAR_PROBES`] more when they fit before
/// the table's end, else none.
#[inline(always)]
fn run_end(i: usize, mask: usize) -> usize {
    if i + LINEAR_PROBES <= mask {
        i + LINEAR_PROBES
    } else {
        i
    }
}

/// What a search for a key of hash `hash` meets at slot `j` (as
/// `set_lookkey` and `set_add_entry` read a slot).
enum Meet<'a> {
    /// Where the key would go: an empty slot.
    Vacant,
    /// A stored key of the same hash, to compare.
    Compare(&'a Value),
    /// A slot to pass (a dummy an insertion may reuse goes to `dummy`).
    Pass,
}

#[inline(always)]
fn meet<'a>(
    slot: &'a Slot,
    j: usize,
    hash: u64,
    adding: bool,
    dummy: &mut Option<usize>,
) -> Meet<'a> {
    if slot.hash == hash {
        match &slot.key {
            Some(k) => Meet::Compare(k),
            // A key of hash 0 meets an empty slot.
            None if hash != DUMMY => Meet::Vacant,
            None => {
                *dummy = Some(j);
                Meet::Pass
            }
        }
    } else if slot.hash == 0 && slot.key.is_none() {
        Meet::Vacant
    } else {
        if adding && (slot.hash == DUMMY) & slot.key.is_none() {
            *dummy = Some(j);
        }
        Meet::Pass
    }
}

enum Found {
    /// The slot holding an equal key.
    Active(usize),
    /// The key is absent: the empty slot that ended the search, and the
    /// last dummy passed on the way (where an insertion goes instead).
    Vacant { empty: usize, dummy: Option<usize> },
}

thread_local! {
    /// How deeply the comparisons without an interpreter
    /// ([`SetObj::plain_eq`]) are nested.
    static PLAIN_NEST: Cell<usize> = const { Cell::new(0) };
}

/// A `set` or `frozenset` (the type object tells them apart).
pub struct SetObj {
    /// The table; never borrowed across a call that can run Python code.
    table: RefCell<Table>,
    /// A frozenset's hash once computed ([`NO_HASH`] before).
    hash: Cell<u64>,
    /// Where `pop()` starts looking (CPython's `finger`).
    finger: Cell<usize>,
    /// Whether a key whose `==` may run Python code was ever added (see
    /// [`ops::needs_vm`]); cleared by `clear`.
    vm_keys: Cell<bool>,
    /// Counts the tables this set had (a resize, a clear, a swap): a search
    /// whose `__eq__` saw this change starts again.
    tables: Cell<u64>,
}

impl Default for SetObj {
    fn default() -> Self {
        Self::new()
    }
}

impl SetObj {
    /// An empty payload.
    pub fn new() -> SetObj {
        SetObj {
            table: RefCell::new(Table::new()),
            hash: Cell::new(NO_HASH),
            finger: Cell::new(0),
            vm_keys: Cell::new(false),
            tables: Cell::new(0),
        }
    }

    /// The payload as a new (tracked) `set`, or `frozenset` when `frozen`.
    pub fn into_obj(self, frozen: bool) -> ObjRef {
        let t = if frozen {
            &types::FROZENSET
        } else {
            &types::SET
        };
        let o = ObjRef::new(t.get(), self);
        abi::gc_track(&o);
        o
    }

    /// The number of keys.
    pub fn len(&self) -> usize {
        self.table.borrow().used
    }

    /// Whether the set has no keys.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether a key whose `==` may run Python code was ever added.
    pub fn has_vm_keys(&self) -> bool {
        self.vm_keys.get()
    }

    /// The keys with their hashes, in slot order (a snapshot).
    pub fn entries(&self) -> Vec<(u64, Value)> {
        self.table
            .borrow()
            .slots
            .iter()
            .filter_map(|s| s.key.as_ref().map(|k| (s.hash, k.clone())))
            .collect()
    }

    /// The keys in slot order (a snapshot).
    pub fn keys(&self) -> Vec<Value> {
        self.entries().into_iter().map(|(_, k)| k).collect()
    }

    /// The first key at slot `pos` or after, with its slot (how an
    /// iterator walks the table, `set_next`).
    pub fn next_from(&self, pos: usize) -> Option<(usize, Value)> {
        let t = self.table.borrow();
        t.slots
            .iter()
            .enumerate()
            .skip(pos)
            .find_map(|(i, s)| s.key.as_ref().map(|k| (i, k.clone())))
    }

    /// Calls `f` on every key that is a heap object (the collector's edges);
    /// nothing while the table is being changed.
    pub fn for_each_ref(&self, f: &mut dyn FnMut(&ObjRef)) {
        if let Ok(t) = self.table.try_borrow() {
            for s in &t.slots {
                if let Some(Value::Obj(o)) = &s.key {
                    f(o);
                }
            }
        }
    }

    /// Searches for `key` (of hash `hash`) as CPython's `set_lookkey` and
    /// `set_add_entry` do. With `vm`, keys that need it are compared with
    /// `==` (which may run Python code); without, by [`ops::key_eq`].
    /// `adding`: an equal key found by a comparison that changed the table
    /// still counts as found (`set_add_entry` checks that first).
    #[inline]
    fn probe(&self, vm: Option<&mut Vm>, key: &Value, hash: u64, adding: bool) -> PyResult<Found> {
        if vm.is_none() || !(self.vm_keys.get() || ops::needs_vm(key)) {
            // No comparison here can run Python code.
            return Ok(self.probe_plain(key, hash, adding));
        }
        self.probe_vm(vm, key, hash, adding)
    }

    /// [`Self::probe`] where a comparison may run Python code.
    #[inline(never)]
    fn probe_vm(
        &self,
        mut vm: Option<&mut Vm>,
        key: &Value,
        hash: u64,
        adding: bool,
    ) -> PyResult<Found> {
        let key_vm = vm.is_some() && ops::needs_vm(key);
        'restart: loop {
            let tables = self.tables.get();
            let mask = self.table.borrow().mask();
            let mut dummy = None;
            let mut perturb = hash;
            let mut i = hash as usize & mask;
            loop {
                let last = run_end(i, mask);
                let mut j = i;
                while j <= last {
                    // The slots up to a stored key that only `==` with
                    // Python code can compare, under one borrow; the table
                    // is not borrowed while that `==` runs.
                    let pending = {
                        let t = self.table.borrow();
                        let mut pending = None;
                        let run = t.slots.get(j..=last).unwrap_or(&[]);
                        for slot in run {
                            match meet(slot, j, hash, adding, &mut dummy) {
                                Meet::Vacant => return Ok(Found::Vacant { empty: j, dummy }),
                                Meet::Compare(k) => {
                                    if k.is(key) {
                                        return Ok(Found::Active(j));
                                    }
                                    if vm.is_some() && (key_vm || ops::needs_vm(k)) {
                                        pending = Some(k.clone());
                                        break;
                                    }
                                    if ops::key_eq(k, key) {
                                        return Ok(Found::Active(j));
                                    }
                                }
                                Meet::Pass => {}
                            }
                            j += 1;
                        }
                        if pending.is_none() && j <= last {
                            // Past the table's end: cannot happen (`last`
                            // <= mask), treated as the empty slot it would
                            // be.
                            return Ok(Found::Vacant { empty: j, dummy });
                        }
                        pending
                    };
                    let Some(stored) = pending else {
                        break;
                    };
                    let Some(vm) = vm.as_deref_mut() else {
                        j += 1;
                        continue;
                    };
                    let equal = ops::eq(vm, &stored, key)?;
                    if adding && equal {
                        return Ok(Found::Active(j));
                    }
                    let unchanged = self.tables.get() == tables
                        && matches!(
                            self.table.borrow().slots.get(j),
                            Some(Slot { key: Some(k), .. }) if k.is(&stored)
                        );
                    drop(stored);
                    if !unchanged {
                        continue 'restart;
                    }
                    if equal {
                        return Ok(Found::Active(j));
                    }
                    j += 1;
                }
                perturb >>= PERTURB_SHIFT;
                i = jump(i, perturb, mask);
            }
        }
    }

    /// [`Self::probe`] when no key compared needs the VM (ints, strs, ...:
    /// the common sets): the same search under one borrow, with no
    /// restart.
    #[inline]
    fn probe_plain(&self, key: &Value, hash: u64, adding: bool) -> Found {
        let t = self.table.borrow();
        let slots = &t.slots[..];
        let mask = slots.len().wrapping_sub(1);
        let mut dummy = None;
        let mut perturb = hash;
        let mut i = hash as usize & mask;
        loop {
            // (`run_end` <= mask: the run is in the table.)
            let run = slots.get(i..=run_end(i, mask)).unwrap_or(&[]);
            for (j, slot) in (i..).zip(run) {
                match meet(slot, j, hash, adding, &mut dummy) {
                    Meet::Vacant => return Found::Vacant { empty: j, dummy },
                    Meet::Compare(k) if k.is(key) || ops::key_eq(k, key) => {
                        return Found::Active(j);
                    }
                    _ => {}
                }
            }
            if run.is_empty() {
                // Cannot happen (see above), treated as the empty slot it
                // would be.
                return Found::Vacant { empty: i, dummy };
            }
            perturb >>= PERTURB_SHIFT;
            i = jump(i, perturb, mask);
        }
    }

    /// Whether the set holds a key equal to `key` (`set_contains_entry`).
    pub fn contains_entry(&self, vm: Option<&mut Vm>, key: &Value, hash: u64) -> PyResult<bool> {
        Ok(matches!(
            self.probe(vm, key, hash, false)?,
            Found::Active(_)
        ))
    }

    /// Adds `key` unless an equal key is there (`set_add_entry`), growing
    /// the table as CPython does.
    pub fn add_entry(&self, vm: Option<&mut Vm>, key: Value, hash: u64) -> PyResult<()> {
        let (empty, dummy) = match self.probe(vm, &key, hash, true)? {
            Found::Active(_) => return Ok(()),
            Found::Vacant { empty, dummy } => (empty, dummy),
        };
        if ops::needs_vm(&key) {
            self.vm_keys.set(true);
        }
        let mut t = self.table.borrow_mut();
        if let Some(d) = dummy {
            t.slots[d] = Slot::active(hash, key);
            t.used += 1;
            return Ok(());
        }
        t.slots[empty] = Slot::active(hash, key);
        t.fill += 1;
        t.used += 1;
        if t.fill * 5 < t.mask() * 3 {
            return Ok(());
        }
        let used = t.used;
        drop(t);
        self.resize(grown(used))
    }

    /// Removes the key equal to `key`, leaving a dummy
    /// (`set_discard_entry`); whether there was one.
    pub fn discard_entry(&self, vm: Option<&mut Vm>, key: &Value, hash: u64) -> PyResult<bool> {
        let Found::Active(j) = self.probe(vm, key, hash, false)? else {
            return Ok(false);
        };
        let old = {
            let mut t = self.table.borrow_mut();
            match t.slots.get_mut(j) {
                Some(s) if s.key.is_some() => {
                    let old = std::mem::replace(s, Slot::DUMMY);
                    t.used -= 1;
                    old
                }
                _ => return Ok(false),
            }
        };
        drop(old);
        Ok(true)
    }

    /// Rebuilds the table with the smallest power-of-two size (at least
    /// [`MINSIZE`]) above `minused`, reinserting the keys in slot order
    /// (`set_table_resize`). A table of the minimum size without dummies
    /// is left as it is.
    pub fn resize(&self, minused: usize) -> PyResult<()> {
        let mut newsize = MINSIZE;
        while newsize <= minused {
            newsize = newsize.checked_mul(2).ok_or_else(super::PyErr::no_memory)?;
        }
        let mut t = self.table.borrow_mut();
        if newsize == MINSIZE && t.slots.len() == MINSIZE && t.fill == t.used {
            return Ok(());
        }
        let mut slots: Vec<Slot> = Vec::new();
        slots
            .try_reserve_exact(newsize)
            .map_err(|_| super::PyErr::no_memory())?;
        slots.resize_with(newsize, || Slot::EMPTY);
        let old = std::mem::replace(&mut t.slots, slots);
        for s in old {
            if let Some(k) = s.key {
                insert_clean(&mut t.slots, s.hash, k);
            }
        }
        t.fill = t.used;
        drop(t);
        self.new_table();
        Ok(())
    }

    fn new_table(&self) {
        self.tables.set(self.tables.get().wrapping_add(1));
    }

    /// The one resize CPython makes before adding `n` keys at once, when
    /// they could overfill the table.
    fn grow_for(&self, n: usize) -> PyResult<()> {
        let (fill, used, mask) = {
            let t = self.table.borrow();
            (t.fill, t.used, t.mask())
        };
        if (fill + n) * 5 >= mask * 3 {
            self.resize((used + n) * 2)?;
        }
        Ok(())
    }

    /// Adds every key of `other` (`set_merge`): one resize up front, then
    /// a copy of the slots when this set is empty and the tables match, a
    /// clean insertion in `other`'s slot order when it is empty, ordinary
    /// insertions otherwise.
    pub fn merge(&self, vm: Option<&mut Vm>, other: &SetObj) -> PyResult<()> {
        if std::ptr::eq(self, other) || other.is_empty() {
            return Ok(());
        }
        self.grow_for(other.len())?;
        {
            let mut t = self.table.borrow_mut();
            let o = other.table.borrow();
            if t.fill == 0 {
                if t.mask() == o.mask() && o.fill == o.used {
                    t.slots.clone_from(&o.slots);
                } else {
                    for s in &o.slots {
                        if let Some(k) = &s.key {
                            insert_clean(&mut t.slots, s.hash, k.clone());
                        }
                    }
                }
                t.fill = o.used;
                t.used = o.used;
                if other.vm_keys.get() {
                    self.vm_keys.set(true);
                }
                return Ok(());
            }
        }
        let mut vm = vm;
        for (h, k) in other.entries() {
            self.add_entry(vm.as_deref_mut(), k, h)?;
        }
        Ok(())
    }

    /// Adds the keys of a dict with the hashes it stored, after one resize
    /// for all of them (`set_update_internal` for a dict).
    pub fn update_from_dict(&self, vm: &mut Vm, d: &DictObj) -> PyResult<()> {
        self.grow_for(d.len())?;
        for (k, h) in dict_entries(d) {
            self.add_entry(Some(vm), k, h)?;
        }
        Ok(())
    }

    /// Removes every key (`set_clear_internal`): back to an empty table of
    /// the minimum size. The keys are released after the table is reset.
    pub fn clear(&self) {
        let old = {
            let Ok(mut t) = self.table.try_borrow_mut() else {
                return;
            };
            std::mem::replace(&mut *t, Table::new())
        };
        self.vm_keys.set(false);
        self.hash.set(NO_HASH);
        self.new_table();
        drop(old);
    }

    /// Removes and returns the key at or after the finger, wrapping
    /// around (`set.pop`); `None` when the set is empty.
    pub fn pop(&self) -> Option<Value> {
        let old = {
            let mut t = self.table.borrow_mut();
            if t.used == 0 {
                return None;
            }
            let mask = t.mask();
            let mut i = self.finger.get() & mask;
            while t.slots[i].key.is_none() {
                i = (i + 1) & mask;
            }
            let old = std::mem::replace(&mut t.slots[i], Slot::DUMMY);
            t.used -= 1;
            self.finger.set(i + 1);
            old
        };
        old.key
    }

    /// Exchanges the contents of two sets (`set_swap_bodies`); the cached
    /// hashes are exchanged when both are frozensets, else forgotten.
    pub fn swap_bodies(&self, other: &SetObj, both_frozen: bool) {
        if std::ptr::eq(self, other) {
            return;
        }
        std::mem::swap(
            &mut *self.table.borrow_mut(),
            &mut *other.table.borrow_mut(),
        );
        let v = self.vm_keys.get();
        self.vm_keys.set(other.vm_keys.get());
        other.vm_keys.set(v);
        if both_frozen {
            let h = self.hash.get();
            self.hash.set(other.hash.get());
            other.hash.set(h);
        } else {
            self.hash.set(NO_HASH);
            other.hash.set(NO_HASH);
        }
        self.new_table();
        other.new_table();
    }

    /// Whether enough of the table is dummies after removals that
    /// `difference_update` rebuilds it, and rebuilds it then.
    pub fn shrink_dummies(&self) -> PyResult<()> {
        let (fill, used, mask) = {
            let t = self.table.borrow();
            (t.fill, t.used, t.mask())
        };
        if fill - used <= mask / 4 {
            return Ok(());
        }
        self.resize(grown(used))
    }

    /// CPython's frozenset hash of the keys (the same for a set of the same
    /// keys): the xor of each key's shuffled hash, mixed with the count.
    pub fn compute_hash(&self) -> u64 {
        fn shuffle(h: u64) -> u64 {
            ((h ^ 89_869_747) ^ (h << 16)).wrapping_mul(3_644_798_167)
        }
        let t = self.table.borrow();
        let mut hash: u64 = 0;
        for s in &t.slots {
            if s.key.is_some() {
                hash ^= shuffle(s.hash);
            }
        }
        hash ^= (t.used as u64 + 1).wrapping_mul(1_927_868_237);
        hash ^= (hash >> 11) ^ (hash >> 25);
        hash = hash.wrapping_mul(69069).wrapping_add(907_133_923);
        if hash == u64::MAX {
            hash = 590_923_713;
        }
        hash
    }

    /// A frozenset's hash, computed once.
    pub fn frozen_hash(&self) -> u64 {
        let h = self.hash.get();
        if h != NO_HASH {
            return h;
        }
        let h = self.compute_hash();
        self.hash.set(h);
        h
    }

    /// The cached hash, if a frozenset's was computed.
    pub fn cached_hash(&self) -> Option<u64> {
        let h = self.hash.get();
        (h != NO_HASH).then_some(h)
    }

    /// Set equality without an interpreter (for hashable keys compared by
    /// [`ops::key_eq`]): same size, every key of `self` in `other`. Nesting
    /// past the depth hashing allows counts as unequal rather than running
    /// the native stack out.
    pub fn plain_eq(&self, other: &SetObj) -> bool {
        if std::ptr::eq(self, other) {
            return true;
        }
        if self.len() != other.len() {
            return false;
        }
        if let (Some(a), Some(b)) = (self.cached_hash(), other.cached_hash())
            && a != b
        {
            return false;
        }
        let depth = PLAIN_NEST.get();
        if depth >= 1000 {
            return false;
        }
        PLAIN_NEST.set(depth + 1);
        let same = self
            .entries()
            .iter()
            .all(|(h, k)| other.contains_entry(None, k, *h).unwrap_or_default());
        PLAIN_NEST.set(depth);
        same
    }

    /// Whether nothing is reading or changing the table right now.
    pub fn is_idle(&self) -> bool {
        self.table.try_borrow_mut().is_ok()
    }
}

/// The size a table grows to for `used` keys (`used*4`, `used*2` past
/// 50000).
fn grown(used: usize) -> usize {
    if used > 50000 { used * 2 } else { used * 4 }
}

/// A dict's keys with their stored hashes, in entry order.
pub fn dict_entries(d: &DictObj) -> Vec<(Value, u64)> {
    match d.try_entries() {
        Ok(m) => m
            .keys()
            .map(|k| (k.value.clone(), k.stored_hash()))
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// Whether the dict holds a key equal to `key` of hash `hash`
/// (`_PyDict_Contains_KnownHash`).
pub fn dict_contains_hashed(vm: &mut Vm, d: &DictObj, key: &Value, hash: u64) -> PyResult<bool> {
    let k = DictKey::with_hash(key.clone(), hash);
    Ok(d.find(vm, &k)?.is_some())
}
