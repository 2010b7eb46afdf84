//! The `dict` payload: an insertion-ordered hash map keyed by hashable
//! Python values.

use super::{CBoxes, ObjRef, PyResult, Value, types};
use crate::ops;
use indexmap::IndexMap;
use std::cell::{Cell, RefCell};
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A dict key: a hashable value with its precomputed Python hash.
#[derive(Clone, Debug)]
pub struct DictKey {
    hash: u64,
    /// The key itself.
    pub value: Value,
}

impl DictKey {
    /// Hashes `value`, failing with `TypeError: unhashable type` for
    /// mutable containers.
    pub fn new(value: Value) -> PyResult<DictKey> {
        let hash = ops::hash_value(&value)?;
        Ok(DictKey { hash, value })
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

impl Hash for DictKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl PartialEq for DictKey {
    fn eq(&self, other: &DictKey) -> bool {
        self.hash == other.hash && ops::key_eq(&self.value, &other.value)
    }
}

impl Eq for DictKey {}

/// A hasher that passes the precomputed Python hash through.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The map type inside a dict.
pub type Map = IndexMap<DictKey, Value, BuildHasherDefault<KeyHasher>>;

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

/// A Python `dict`.
///
/// `keys_version` changes (to a value unique on this thread) whenever a key
/// is added or removed, but not when a value is replaced. An inline cache
/// that remembers `(keys_version, index)` may therefore read the entry at
/// `index` directly for as long as the version is unchanged.
pub struct DictObj {
    /// The entries, in insertion order.
    pub map: RefCell<Map>,
    keys_version: Cell<u64>,
    /// Boxes of unboxed values that C code borrowed (by entry index).
    pub c_boxes: CBoxes,
}

impl DictObj {
    /// A new empty dict payload.
    pub fn new() -> DictObj {
        DictObj {
            map: RefCell::new(Map::default()),
            keys_version: Cell::new(next_keys_version()),
            c_boxes: CBoxes::default(),
        }
    }

    /// A new empty dict object.
    pub fn new_obj() -> ObjRef {
        let o = ObjRef::new(types::DICT.get(), DictObj::new());
        abi::gc_track(&o);
        o
    }

    /// The current keys version (see the type's documentation).
    #[inline]
    pub fn keys_version(&self) -> u64 {
        self.keys_version.get()
    }

    fn bump(&self) {
        self.keys_version.set(next_keys_version());
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
        let old = {
            let mut m = self.map.borrow_mut();
            let (_, old) = m.insert_full(key, value);
            if old.is_none() {
                drop(m);
                self.bump();
            }
            old
        };
        drop(old);
    }

    /// Removes a key, preserving the order of the others.
    pub fn remove(&self, key: &DictKey) -> Option<Value> {
        let removed = self.map.borrow_mut().shift_remove_entry(key);
        removed.map(|(k, v)| {
            self.bump();
            drop(k);
            v
        })
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
        self.bump();
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

    /// The entry at `index`, if any (used by dict iterators).
    pub fn entry_at(&self, index: usize) -> Option<(Value, Value)> {
        self.map
            .borrow()
            .get_index(index)
            .map(|(k, v)| (k.value.clone(), v.clone()))
    }

    /// Looks up a `str` key given as text.
    pub fn get_str(&self, name: &str) -> Option<Value> {
        let key = DictKey::new(Value::str(name)).ok()?;
        self.get(&key)
    }

    /// Sets a `str` key given as text.
    pub fn set_str(&self, name: &str, value: Value) {
        if let Ok(key) = DictKey::new(Value::str(name)) {
            self.insert(key, value);
        }
    }
}

impl Default for DictObj {
    fn default() -> Self {
        Self::new()
    }
}
