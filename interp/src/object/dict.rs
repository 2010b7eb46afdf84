//! The `dict` payload: an insertion-ordered hash map keyed by hashable
//! Python values.

use super::{CBoxes, ObjRef, PyResult, Value, types};
use crate::ops;
use crate::vm::Vm;
use std::cell::{Cell, RefCell};

pub mod table;

pub use table::{Lookup, Map};

/// A dict key: a hashable value with its precomputed Python hash.
#[derive(Clone, Debug)]
pub struct DictKey {
    hash: u64,
    /// The key itself.
    pub value: Value,
}

impl DictKey {
    /// Hashes `value` without the interpreter, failing with `TypeError:
    /// unhashable type` for mutable containers (and NotImplementedError
    /// for an instance whose class has its own `__hash__`: see
    /// [`DictKey::with_vm`]).
    pub fn new(value: Value) -> PyResult<DictKey> {
        let hash = ops::hash_value(&value)?;
        Ok(DictKey { hash, value })
    }

    /// Hashes `value` as `hash()` does, calling a class's own `__hash__`
    /// (also inside tuples) and propagating what it raises.
    #[inline]
    pub fn with_vm(vm: &mut Vm, value: Value) -> PyResult<DictKey> {
        let hash = ops::hash(vm, &value)?;
        Ok(DictKey { hash, value })
    }

    /// A key whose hash is known (a set's stored hash, which `value`'s
    /// hash gave).
    pub fn with_hash(value: Value, hash: u64) -> DictKey {
        DictKey { hash, value }
    }

    /// The key's hash, as stored.
    pub fn stored_hash(&self) -> u64 {
        self.hash
    }

    /// A key for a `str` whose hash is already cached (names, attributes).
    pub fn from_str_obj(s: &ObjRef) -> DictKey {
        let hash = s.downcast::<super::StrObj>().map(|s| s.hash()).unwrap_or(0);
        DictKey {
            hash,
            value: Value::Obj(s.clone()),
        }
    }
}

/// A `str` key given as text, looked up without making a `str` object:
/// hashed as a `str` would be, equal to a key that is a `str` of the same
/// text (or to any other key `ops::key_eq` finds equal to such a `str`).
/// Make one to look a name up in several dicts (a class's MRO): the text
/// is hashed once.
pub struct StrProbe<'a> {
    hash: u64,
    text: &'a str,
}

/// Positions up to which [`DictObj::get_full_str`] compares keys instead
/// of hashing the text.
const SCAN_STR_MAX: usize = 8;

/// Whether two `str` objects are the same or hold the same text.
#[inline(always)]
fn same_str(a: &ObjRef, b: &ObjRef) -> bool {
    a.ptr_eq(b)
        || matches!(
            (a.downcast::<super::StrObj>(), b.downcast::<super::StrObj>()),
            (Some(x), Some(y)) if x.as_str() == y.as_str()
        )
}

impl<'a> StrProbe<'a> {
    /// A probe for `text`, hashed as CPython hashes a `str`.
    pub fn new(text: &'a str) -> StrProbe<'a> {
        StrProbe {
            hash: super::str::hash_str(text),
            text,
        }
    }
}

impl Lookup for StrProbe<'_> {
    #[inline]
    fn lookup_hash(&self) -> u64 {
        self.hash
    }

    fn matches(&self, key: &DictKey) -> bool {
        if key.hash != self.hash {
            return false;
        }
        match key.value.as_str() {
            Some(t) => t == self.text,
            // Only a C type's instance can equal a `str` and not be one.
            None => {
                crate::ext::foreign(&key.value).is_some()
                    && ops::key_eq(&Value::str(self.text), &key.value)
            }
        }
    }
}

impl PartialEq for DictKey {
    fn eq(&self, other: &DictKey) -> bool {
        self.hash == other.hash && ops::key_eq(&self.value, &other.value)
    }
}

impl Eq for DictKey {}

thread_local! {
    static NEXT_KEYS_VERSION: Cell<u64> = const { Cell::new(1) };
}

fn next_keys_version() -> u64 {
    NEXT_KEYS_VERSION.with(|c| {
        let v = c.get();
        c.set(v + 1);
        v
    })
}

/// CPython's smallest entry table (`PyDict_LOG_MINSIZE`).
const LOG_MINSIZE: u8 = 3;

/// How many entries a CPython table of `size` slots takes before it is
/// rebuilt (`USABLE_FRACTION`).
fn usable_fraction(size: usize) -> usize {
    (size << 1) / 3
}

/// CPython's `calculate_log2_keysize`: the table size (log2) for at least
/// `minsize` slots, computed as CPython does (16 gives 32, not 16).
fn log2_keysize(minsize: usize) -> u8 {
    let m = ((minsize | 8) - 1) | 7;
    (usize::BITS - m.leading_zeros()) as u8
}

/// CPython's `estimate_log2_keysize`: a table for `n` entries with room.
fn estimate_log2_keysize(n: usize) -> u8 {
    log2_keysize((n * 3).div_ceil(2))
}

/// The size of the table CPython 3.11 would have for a dict, and its room:
/// this decides when the entry table is rebuilt, compacting away the holes
/// deletions left ([`Map::compact`]), so that positions, and the order an
/// iterator over a dict mutated while it runs sees, are CPython's.
///
/// CPython appends a new key to its entry array, leaves a hole where a key
/// is deleted, and rebuilds the table (`dictresize`) only when no slot is
/// left (`dk_usable`: deletions do not give slots back), or when a key
/// other than a `str` goes into a str-only table.
#[derive(Clone, Debug)]
struct Layout {
    /// log2 of the table size; 0 for CPython's shared empty table
    /// (`Py_EMPTY_KEYS`: a new dict, or one cleared), whose first insert
    /// makes a minimum-size table.
    log2_size: u8,
    /// New entries that fit before the table is rebuilt.
    usable: usize,
    /// Whether the table holds only exact `str` keys (CPython's
    /// `DICT_KEYS_UNICODE`).
    unicode: bool,
}

impl Default for Layout {
    fn default() -> Layout {
        Layout {
            log2_size: 0,
            usable: 0,
            unicode: true,
        }
    }
}

impl Layout {
    /// The table of a dict made for `n` items (`dict_new_presized`).
    fn presized(n: usize, unicode: bool) -> Layout {
        if n <= usable_fraction(1 << LOG_MINSIZE) {
            return Layout::default();
        }
        let log2_size = if n > usable_fraction(1 << 17) {
            17
        } else {
            estimate_log2_keysize(n)
        };
        Layout {
            log2_size,
            usable: usable_fraction(1 << log2_size),
            unicode,
        }
    }

    /// The table's number of slots.
    fn size(&self) -> usize {
        1 << self.log2_size
    }

    /// Rebuilds the table with `1 << log2_size` slots around its `used`
    /// entries (`dictresize`; the caller compacts the entries).
    fn resize(&mut self, log2_size: u8, unicode: bool, used: usize) {
        self.log2_size = log2_size;
        self.unicode = unicode && self.unicode;
        self.usable = usable_fraction(1 << log2_size).saturating_sub(used);
    }

    /// Makes room for a new key (`is_str`: an exact `str`) in a table of
    /// `used` entries, as CPython's `insertdict` does before appending it.
    /// True when that made a new table.
    fn add(&mut self, used: usize, is_str: bool) -> bool {
        let before = (self.log2_size, self.unicode, self.usable);
        self.make_room(used, is_str);
        let rebuilt = (self.log2_size, self.unicode, self.usable) != before;
        self.usable = self.usable.saturating_sub(1);
        rebuilt
    }

    fn make_room(&mut self, used: usize, is_str: bool) {
        if self.log2_size == 0 {
            // `insert_to_emptydict`.
            *self = Layout {
                log2_size: LOG_MINSIZE,
                usable: usable_fraction(1 << LOG_MINSIZE),
                unicode: is_str,
            };
        } else {
            if self.unicode && !is_str {
                self.resize(log2_keysize(used * 3), false, used);
            }
            if self.usable == 0 {
                self.resize(log2_keysize(used * 3), true, used);
            }
        }
    }
}

/// A Python `dict`.
///
/// `keys_version` changes (to a value unique on this thread) whenever a key
/// is added or removed, but not when a value is replaced. An inline cache
/// that remembers `(keys_version, index)` may therefore read the entry at
/// `index` directly for as long as the version is unchanged.
pub struct DictObj {
    /// The entries, in insertion order. Private: every change goes
    /// through this type's methods, which bump the versions guards rely
    /// on (readers use [`DictObj::try_entries`]).
    map: RefCell<Map>,
    keys_version: Cell<u64>,
    /// Bumped by every change, of keys or values: a guard that saw the
    /// dict at this version knows nothing in it changed since (compiled
    /// code reads it at [`DictObj::version_offset`]).
    version: Cell<u64>,
    /// Where CPython would keep the entries (for iterators; see [`Layout`]).
    layout: RefCell<Layout>,
    /// Whether a key was ever added whose equality may run Python code
    /// (an instance of a Python class, or a tuple holding one; see
    /// [`ops::needs_vm`]). Until then a lookup with a key that needs no
    /// interpreter compares keys without one (the fast path); after, it
    /// goes through [`DictObj::find`]'s slow path. Cleared by `clear`.
    vm_keys: Cell<bool>,
    /// Counts the entry tables CPython would have made for this dict (a
    /// resize, a clear, a merge): a lookup whose `__eq__` saw this change
    /// starts again, as CPython's does when `ma_keys` changed under it.
    tables: Cell<u64>,
    /// Boxes of unboxed values that C code borrowed (by entry index).
    pub c_boxes: CBoxes,
}

impl DictObj {
    /// A new empty dict payload.
    pub fn new() -> DictObj {
        DictObj::with_layout(Map::default(), Layout::default())
    }

    fn with_layout(map: Map, layout: Layout) -> DictObj {
        DictObj {
            map: RefCell::new(map),
            keys_version: Cell::new(next_keys_version()),
            version: Cell::new(0),
            layout: RefCell::new(layout),
            vm_keys: Cell::new(false),
            tables: Cell::new(0),
            c_boxes: CBoxes::default(),
        }
    }

    /// A new empty dict object.
    pub fn new_obj() -> ObjRef {
        DictObj::into_obj(DictObj::new())
    }

    /// A dict payload as a new (tracked) dict object.
    pub fn into_obj(d: DictObj) -> ObjRef {
        let o = ObjRef::new(types::DICT.get(), d);
        abi::gc_track(&o);
        o
    }

    /// A new empty dict made for `n` items, as CPython's dict display
    /// makes one (`all_str`: every key an exact `str`); only the entry
    /// layout differs from [`DictObj::new`] (see [`Layout`]).
    pub fn presized(n: usize, all_str: bool) -> DictObj {
        DictObj::with_layout(Map::default(), Layout::presized(n, all_str))
    }

    /// A copy (`dict.copy()`, `PyDict_Copy`): CPython clones a dict's
    /// table, holes and all, unless more than a third of it is holes; then
    /// it merges into a new dict, which compacts.
    pub fn copy(&self) -> DictObj {
        let len = self.len();
        if len == 0 {
            return DictObj::new();
        }
        let map = self.map.borrow();
        if len >= (map.positions() * 2) / 3 {
            let out = DictObj::with_layout(map.clone(), self.layout.borrow().clone());
            out.vm_keys.set(self.vm_keys.get());
            return out;
        }
        drop(map);
        let out = DictObj::new();
        out.update_from(self);
        out
    }

    /// Inserts every entry of `src` (`d.update(src)`, `dict(src)` for a
    /// dict `src`: CPython's `dict_merge`), sizing the table as CPython
    /// does first.
    pub fn update_from(&self, src: &DictObj) {
        if std::ptr::eq(self, src) || src.is_empty() {
            return;
        }
        self.new_table();
        let n = src.len();
        {
            let theirs = src.layout.borrow();
            let mut mine = self.layout.borrow_mut();
            if self.is_empty()
                && !src.map.borrow().has_holes()
                && (theirs.log2_size == LOG_MINSIZE || usable_fraction(theirs.size() / 2) < n)
            {
                // A clean source table is cloned.
                *mine = theirs.clone();
                drop((mine, theirs));
                let map = src.map.borrow().clone();
                self.vm_keys.set(src.vm_keys.get());
                let old = std::mem::replace(&mut *self.map.borrow_mut(), map);
                self.bump();
                self.changed();
                drop(old);
                return;
            }
            if usable_fraction(mine.size()) < n {
                let used = self.len();
                mine.resize(estimate_log2_keysize(used + n), theirs.unicode, used);
                self.map.borrow_mut().compact();
            }
        }
        let entries = src.entry_snapshot();
        for (k, v) in entries {
            self.insert(k, v);
        }
    }

    /// A copy of the entries with their stored keys (hashes included), to
    /// insert elsewhere while this dict may change.
    fn entry_snapshot(&self) -> Vec<(DictKey, Value)> {
        self.map
            .borrow()
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    /// [`DictObj::update_from`] when either dict holds keys that compare
    /// with Python code: then the entries of `src` go in one by one through
    /// [`DictObj::insert_vm`] with their known hashes (CPython's
    /// `dict_merge`).
    pub fn update_vm(&self, vm: &mut Vm, src: &DictObj) -> PyResult<()> {
        if !src.has_vm_keys() && !self.has_vm_keys() {
            self.update_from(src);
            return Ok(());
        }
        let entries = src.entry_snapshot();
        for (k, v) in entries {
            self.insert_vm(vm, k, v)?;
        }
        Ok(())
    }

    /// Where an iterator at position `pos` goes next: the position of the
    /// first live entry at `pos` or later; `None` past the last entry.
    pub fn next_entry_from(&self, pos: usize) -> Option<usize> {
        self.map.borrow().next_from(pos)
    }

    /// The current keys version (see the type's documentation).
    #[inline]
    pub fn keys_version(&self) -> u64 {
        self.keys_version.get()
    }

    fn new_table(&self) {
        self.tables.set(self.tables.get().wrapping_add(1));
    }

    fn bump(&self) {
        self.keys_version.set(next_keys_version());
    }

    /// The entries, for reading (an error while they are being changed).
    #[inline]
    pub fn try_entries(&self) -> Result<std::cell::Ref<'_, Map>, std::cell::BorrowError> {
        self.map.try_borrow()
    }

    /// Whether nothing is reading or changing the entries right now.
    pub fn is_idle(&self) -> bool {
        self.map.try_borrow_mut().is_ok()
    }

    /// The version of the whole dict (see the field).
    #[inline]
    pub fn version(&self) -> u64 {
        self.version.get()
    }

    fn changed(&self) {
        self.version.set(self.version.get().wrapping_add(1));
    }

    /// Where [`DictObj::version`]'s word is, from the dict object's
    /// address.
    pub fn version_offset() -> usize {
        abi::payload_offset::<DictObj>() + std::mem::offset_of!(DictObj, version)
    }

    /// Looks a key up.
    pub fn get(&self, key: &DictKey) -> Option<Value> {
        self.map.borrow().get(key).cloned()
    }

    /// Looks a key up, returning its index too.
    pub fn get_full(&self, key: &DictKey) -> Option<(usize, Value)> {
        self.map
            .borrow()
            .get_full(key)
            .map(|(i, _, v)| (i, v.clone()))
    }

    /// The value at entry `index`.
    #[inline]
    pub fn value_at(&self, index: usize) -> Option<Value> {
        self.map.borrow().get_index(index).map(|(_, v)| v.clone())
    }

    /// Inserts or replaces. The replaced value is dropped after the borrow
    /// ends.
    pub fn insert(&self, key: DictKey, value: Value) {
        self.changed();
        let mut m = self.map.borrow_mut();
        let used = m.len();
        let (pos, old) = m.insert_full(key, value);
        if old.is_some() {
            drop(m);
            drop(old);
            return;
        }
        let (is_str, vm_key) = match m.get_index(pos) {
            Some((k, _)) if k.value.kind() == types::Kind::STR => (true, false),
            Some((k, _)) => (false, ops::needs_vm(&k.value)),
            None => (false, false),
        };
        drop(m);
        if vm_key {
            self.vm_keys.set(true);
        }
        self.grew(used, is_str);
    }

    /// After a new key went in at entry `used` (the map's borrow
    /// released): the key layout and the version move on; where CPython
    /// would have rebuilt its table, the holes go.
    fn grew(&self, used: usize, is_str: bool) {
        if self.layout.borrow_mut().add(used, is_str) {
            self.new_table();
            self.map.borrow_mut().compact();
        }
        self.bump();
    }

    /// Removes the last entry (`popitem`), if any, as CPython does: the
    /// positions from the popped entry's on are given up.
    pub fn pop_last(&self) -> Option<(Value, Value)> {
        let popped = self.map.borrow_mut().pop_last();
        self.changed();
        let (_, k, v) = popped?;
        self.bump();
        Some((k.value, v))
    }

    /// Removes a key, leaving a hole where its entry was (the others keep
    /// their order and positions).
    pub fn remove(&self, key: &DictKey) -> Option<Value> {
        let removed = {
            let mut m = self.map.borrow_mut();
            m.get_index_of(key).and_then(|pos| m.take(pos))
        };
        self.changed();
        removed.map(|(k, v)| {
            self.bump();
            drop(k);
            v
        })
    }

    /// Whether a key whose equality may run Python code was ever added
    /// (see the field): quickened forms that look keys up without the
    /// interpreter must then leave the lookup to [`DictObj::find`].
    #[inline]
    pub fn has_vm_keys(&self) -> bool {
        self.vm_keys.get()
    }

    /// The index of `key`'s entry, comparing keys as CPython's dict does:
    /// by identity, then (for keys of equal hash) with `==`, which may call
    /// a class's `__eq__` and raise. A dict whose keys changed while an
    /// `__eq__` ran is searched again from the start (CPython's `lookdict`
    /// restarts the same way), so a mutation never leaves a stale index.
    #[inline]
    pub fn find(&self, vm: &mut Vm, key: &DictKey) -> PyResult<Option<usize>> {
        if !self.vm_keys.get() && !ops::needs_vm(&key.value) {
            return Ok(self.map.borrow().get_index_of(key));
        }
        self.find_slow(vm, key)
    }

    #[inline(never)]
    fn find_slow(&self, vm: &mut Vm, key: &DictKey) -> PyResult<Option<usize>> {
        let key_vm = ops::needs_vm(&key.value);
        loop {
            // Keys of the same hash that only `==` with Python code can
            // tell apart; the map is not borrowed while that code runs.
            let mut pending: Vec<Value> = Vec::new();
            let found = self.map.borrow().index_from_hash(key.hash, |k| {
                if k.hash != key.hash {
                    return false;
                }
                if k.value.is(&key.value) {
                    return true;
                }
                if !key_vm && !ops::needs_vm(&k.value) {
                    return ops::key_eq(&k.value, &key.value);
                }
                pending.push(k.value.clone());
                false
            });
            if found.is_some() {
                return Ok(found);
            }
            let tables = self.tables.get();
            let mut restart = false;
            for stored in pending {
                let index_of = |d: &DictObj| {
                    d.map
                        .borrow()
                        .index_from_hash(key.hash, |k| k.value.is(&stored))
                };
                // A key deleted by an earlier `__eq__` is not compared.
                if index_of(self).is_none() {
                    continue;
                }
                // CPython compares the stored key with the one looked up.
                let equal = ops::eq(vm, &stored, &key.value)?;
                let at = index_of(self);
                if self.tables.get() != tables || at.is_none() {
                    restart = true;
                    break;
                }
                if equal {
                    return Ok(at);
                }
            }
            if !restart {
                return Ok(None);
            }
        }
    }

    /// `d[key]` with [`DictObj::find`]'s comparison.
    pub fn get_vm(&self, vm: &mut Vm, key: &DictKey) -> PyResult<Option<Value>> {
        // Keys that compare without Python code: one lookup, no index.
        if !self.vm_keys.get() && !ops::needs_vm(&key.value) {
            return Ok(self.get(key));
        }
        Ok(match self.find_slow(vm, key)? {
            Some(i) => self.value_at(i),
            None => None,
        })
    }

    /// `d[key] = value` with [`DictObj::find`]'s comparison: an equal key
    /// already present keeps its place (and its object) and gets the value.
    pub fn insert_vm(&self, vm: &mut Vm, key: DictKey, value: Value) -> PyResult<()> {
        if !self.vm_keys.get() && !ops::needs_vm(&key.value) {
            self.insert(key, value);
            return Ok(());
        }
        let at = self.find_slow(vm, &key)?;
        self.changed();
        let old = {
            let mut m = self.map.borrow_mut();
            let used = m.len();
            match at.and_then(|i| m.get_index_mut(i)) {
                Some((_, v)) => Some(std::mem::replace(v, value)),
                None => {
                    let is_str = key.value.kind() == types::Kind::STR;
                    if ops::needs_vm(&key.value) {
                        self.vm_keys.set(true);
                    }
                    m.push_new(key, value);
                    drop(m);
                    self.grew(used, is_str);
                    None
                }
            }
        };
        drop(old);
        Ok(())
    }

    /// `del d[key]` / `d.pop(key)` with [`DictObj::find`]'s comparison.
    pub fn remove_vm(&self, vm: &mut Vm, key: &DictKey) -> PyResult<Option<Value>> {
        let Some(i) = self.find(vm, key)? else {
            return Ok(None);
        };
        let removed = self.map.borrow_mut().take(i);
        self.changed();
        Ok(removed.map(|(k, v)| {
            self.bump();
            drop(k);
            v
        }))
    }

    /// Removes the entry at position `index` (leaving a hole), returning
    /// its key and value.
    pub fn remove_index(&self, index: usize) -> Option<(Value, Value)> {
        let removed = self.map.borrow_mut().take(index);
        self.changed();
        removed.map(|(k, v)| {
            self.bump();
            (k.value, v)
        })
    }

    /// Moves the entry at `index` after the others (as deleting and
    /// adding it again would, without comparing its key again): the
    /// recency order of `functools.lru_cache`.
    pub fn move_to_end(&self, index: usize) {
        let Some((key, value)) = self.map.borrow_mut().take(index) else {
            return;
        };
        self.changed();
        let is_str = key.value.kind() == types::Kind::STR;
        let used = {
            let mut m = self.map.borrow_mut();
            let used = m.len();
            m.push_new(key, value);
            used
        };
        self.grew(used, is_str);
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.map.borrow().len()
    }

    /// Whether the dict is empty.
    pub fn is_empty(&self) -> bool {
        self.map.borrow().is_empty()
    }

    /// Removes every entry (used to break reference cycles at shutdown).
    pub fn clear(&self) {
        let old = std::mem::take(&mut *self.map.borrow_mut());
        *self.layout.borrow_mut() = Layout::default();
        self.vm_keys.set(false);
        self.new_table();
        self.bump();
        self.changed();
        drop(old);
    }

    /// A snapshot of the keys.
    pub fn keys(&self) -> Vec<Value> {
        self.map.borrow().keys().map(|k| k.value.clone()).collect()
    }

    /// A snapshot of the entries.
    pub fn items(&self) -> Vec<(Value, Value)> {
        self.map
            .borrow()
            .iter()
            .map(|(k, v)| (k.value.clone(), v.clone()))
            .collect()
    }

    /// The entry at position `index`, if it is live (dict iterators find
    /// live positions with [`DictObj::next_entry_from`]).
    pub fn entry_at(&self, index: usize) -> Option<(Value, Value)> {
        self.map
            .borrow()
            .get_index(index)
            .map(|(k, v)| (k.value.clone(), v.clone()))
    }

    /// The value of entry `index` if its key is the `str` `name` (the key
    /// is compared, not copied).
    pub fn value_at_str(&self, index: usize, name: &str) -> Option<Value> {
        let map = self.map.try_borrow().ok()?;
        let (k, v) = map.get_index(index)?;
        (k.value.as_str()? == name).then(|| v.clone())
    }

    /// Looks up a `str` key given as text, returning its index too.
    pub fn get_full_str(&self, name: &str) -> Option<(usize, Value)> {
        let map = self.map.borrow();
        // A dict of a few entries (the keyword arguments C code looks up
        // by name) is scanned: hashing the text costs more than comparing
        // it with each key (callgrind: a keyword looked up by
        // PyArg_ParseTupleAndKeywords, ~230 instructions less).
        if map.positions() <= SCAN_STR_MAX
            && let Some(found) = map.scan_str(name)
        {
            return found.and_then(|i| map.get_index(i).map(|(_, v)| (i, v.clone())));
        }
        map.get_full(&StrProbe::new(name))
            .map(|(i, _, v)| (i, v.clone()))
    }

    /// Empties the dict and makes it as a new one (new versions, CPython's
    /// layout of a fresh dict), keeping the memory of its entry table, for
    /// a dict that is reused once nothing else refers to it (the keyword
    /// arguments of a C call). Each entry is released after it is out.
    pub fn reset(&self) {
        loop {
            let last = self.map.borrow_mut().pop_last();
            match last {
                Some(entry) => drop(entry),
                None => break,
            }
        }
        *self.layout.borrow_mut() = Layout::default();
        self.vm_keys.set(false);
        self.new_table();
        self.bump();
        self.changed();
    }

    /// Looks up a `str` key given as text.
    pub fn get_str(&self, name: &str) -> Option<Value> {
        self.get_probe(&StrProbe::new(name))
    }

    /// Looks up the `str` key of `probe`.
    pub fn get_probe(&self, probe: &StrProbe<'_>) -> Option<Value> {
        self.map.borrow().get(probe).cloned()
    }

    /// Whether a key of a small dict (at most `limit` entries) has the
    /// hash `hash`, by a scan of the stored hashes with no call (for the
    /// hot loop); `None` when the dict is larger or its entries are busy.
    #[inline(always)]
    pub fn small_has_hash(&self, hash: u64, limit: usize) -> Option<bool> {
        let m = self.map.try_borrow().ok()?;
        if m.len() > limit {
            return None;
        }
        Some(m.keys().any(|k| k.hash == hash))
    }

    /// Whether the dict has the `str` key `name` (the same object or the
    /// same text). A small dict (an instance's `__dict__`) is scanned by
    /// stored hash, which costs less than probing its table; the answer
    /// is `true` when the entries are being changed (the caller's slow
    /// path then decides).
    pub fn has_str_key(&self, name: &ObjRef) -> bool {
        let Some(s) = name.downcast::<super::StrObj>() else {
            return true;
        };
        let hash = s.hash();
        let Ok(m) = self.map.try_borrow() else {
            return true;
        };
        if m.len() > 16 {
            return m.get(&DictKey::from_str_obj(name)).is_some();
        }
        m.keys().any(|k| {
            k.hash == hash
                && match &k.value {
                    Value::Obj(o) => {
                        same_str(o, name) || ops::key_eq(&k.value, &Value::Obj(name.clone()))
                    }
                    _ => false,
                }
        })
    }

    /// Looks up the `str` key of `probe`, returning its index too.
    pub fn get_probe_full(&self, probe: &StrProbe<'_>) -> Option<(usize, Value)> {
        self.map
            .borrow()
            .get_full(probe)
            .map(|(i, _, v)| (i, v.clone()))
    }

    /// Sets a `str` key given as text. Replacing the value of a key that is
    /// there makes no `str` object.
    pub fn set_str(&self, name: &str, value: Value) {
        let value = match self.replace_str(name, value) {
            Ok(()) => return,
            Err(v) => v,
        };
        if let Ok(key) = DictKey::new(Value::str(name)) {
            self.insert(key, value);
        }
    }

    /// Replaces the value of the `str` key `name` if the dict has it (the
    /// old value is dropped after the borrow ends); hands `value` back if
    /// it does not.
    pub fn replace_str(&self, name: &str, value: Value) -> Result<(), Value> {
        let old = {
            let mut m = self.map.borrow_mut();
            match m.get_mut(&StrProbe::new(name)) {
                Some(slot) => std::mem::replace(slot, value),
                None => return Err(value),
            }
        };
        self.changed();
        drop(old);
        Ok(())
    }

    /// Makes the `str` `name` the key object of entry `index` if that
    /// entry's key is another `str` of the same text (same hash, equal:
    /// nothing a program can see but `id()` of the key). The inline caches
    /// of attribute loads compare keys by identity, so an attribute first
    /// set through the generic path (a fresh `str`) is hit from then on.
    pub fn adopt_key(&self, index: usize, name: &ObjRef) {
        let Ok(mut m) = self.map.try_borrow_mut() else {
            return;
        };
        if let Some(k) = m.key_value_mut(index)
            && let Value::Obj(o) = &*k
            && !o.ptr_eq(name)
            && o.is_type(&types::STR)
            && same_str(o, name)
        {
            let old = std::mem::replace(k, Value::Obj(name.clone()));
            drop(m);
            drop(old);
        }
    }

    /// The hot loop's attribute store: swaps `value` with the value at
    /// entry `index` if that entry's key is the object `name` and the old
    /// value is not its last reference (so the caller drops it without
    /// freeing anything, that is without a call); `false` changes nothing.
    #[inline(always)]
    pub fn swap_shared_at(&self, index: usize, name: &ObjRef, value: &mut Value) -> bool {
        let Ok(mut m) = self.map.try_borrow_mut() else {
            return false;
        };
        let Some((k, slot)) = m.get_index_mut(index) else {
            return false;
        };
        if !matches!(&k.value, Value::Obj(k) if k.ptr_eq(name)) {
            return false;
        }
        if let Value::Obj(old) = &*slot
            && old.refcnt() <= 1
        {
            return false;
        }
        std::mem::swap(slot, value);
        drop(m);
        self.changed();
        true
    }

    /// Replaces the value at entry `index` if that entry's key is the
    /// `str` `key` (the same object, or the same text), for the quickened
    /// attribute store; hands `value` back otherwise (also while the
    /// entries are borrowed).
    #[inline]
    pub fn set_at(&self, index: usize, key: &ObjRef, value: Value) -> Result<(), Value> {
        let old = {
            let Ok(mut m) = self.map.try_borrow_mut() else {
                return Err(value);
            };
            match m.get_index_mut(index) {
                Some((k, slot)) if matches!(&k.value, Value::Obj(o) if same_str(o, key)) => {
                    std::mem::replace(slot, value)
                }
                _ => return Err(value),
            }
        };
        self.changed();
        drop(old);
        Ok(())
    }
}

impl Default for DictObj {
    fn default() -> Self {
        Self::new()
    }
}
