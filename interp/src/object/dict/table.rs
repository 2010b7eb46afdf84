//! The entry table inside a `dict`, shaped as CPython 3.11's combined
//! table: entries sit in an array in insertion order, and a hash index over
//! the live ones gives their positions.
//!
//! Deleting a key takes its entry out of the index and leaves a hole in
//! the array, so a deletion costs the same wherever the key is and the
//! other entries keep their positions (inline caches and iterators hold
//! positions). The holes go only when the owner rebuilds the table
//! ([`Map::compact`]), which `DictObj` does exactly where CPython's
//! `dictresize` runs, so positions, holes and therefore the order an
//! iterator over a mutated dict sees are CPython's.

use super::DictKey;
use crate::object::Value;
use hashbrown::HashTable;

/// How a lookup names the key it wants: a hash, and the test that a stored
/// key with that hash is the one.
pub trait Lookup {
    /// The hash the key was (or would be) stored under.
    fn lookup_hash(&self) -> u64;
    /// Whether `key` is the key wanted.
    fn matches(&self, key: &DictKey) -> bool;
}

impl Lookup for DictKey {
    #[inline]
    fn lookup_hash(&self) -> u64 {
        self.stored_hash()
    }
    #[inline]
    fn matches(&self, key: &DictKey) -> bool {
        self == key
    }
}

/// The entries of a dict (see the module documentation).
#[derive(Clone, Default)]
pub struct Map {
    /// Positions of the live entries, hashed by their keys' stored hashes.
    index: HashTable<usize>,
    /// Entries in insertion order; `None` is a deleted entry's hole.
    entries: Vec<Option<(DictKey, Value)>>,
    /// Live entries.
    len: usize,
}

/// The stored hash of the entry at `pos` (0 for a hole, which the index
/// never holds).
#[inline]
fn hash_at(entries: &[Option<(DictKey, Value)>], pos: usize) -> u64 {
    match entries.get(pos) {
        Some(Some((k, _))) => k.stored_hash(),
        _ => 0,
    }
}

impl Map {
    /// The number of live entries.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no entry is live.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The number of positions used, holes included (CPython's
    /// `dk_nentries`).
    #[inline]
    pub fn positions(&self) -> usize {
        self.entries.len()
    }

    /// Whether some position holds a hole.
    #[inline]
    pub fn has_holes(&self) -> bool {
        self.len != self.entries.len()
    }

    /// The position of the entry `q` names.
    #[inline]
    pub fn get_index_of<Q: Lookup + ?Sized>(&self, q: &Q) -> Option<usize> {
        let entries = &self.entries;
        self.index
            .find(
                q.lookup_hash(),
                |&pos| matches!(entries.get(pos), Some(Some((k, _))) if q.matches(k)),
            )
            .copied()
    }

    /// The position of an entry stored under `hash` whose key satisfies
    /// `is_match`. The probe may show `is_match` keys of other hashes
    /// too: it compares the hash itself.
    pub fn index_from_hash(
        &self,
        hash: u64,
        mut is_match: impl FnMut(&DictKey) -> bool,
    ) -> Option<usize> {
        let entries = &self.entries;
        self.index
            .find(hash, |&pos| match entries.get(pos) {
                Some(Some((k, _))) => is_match(k),
                _ => false,
            })
            .copied()
    }

    /// The entry `q` names: its position, key and value.
    #[inline]
    pub fn get_full<Q: Lookup + ?Sized>(&self, q: &Q) -> Option<(usize, &DictKey, &Value)> {
        let pos = self.get_index_of(q)?;
        let (k, v) = self.get_index(pos)?;
        Some((pos, k, v))
    }

    /// The value of the entry `q` names.
    #[inline]
    pub fn get<Q: Lookup + ?Sized>(&self, q: &Q) -> Option<&Value> {
        self.get_full(q).map(|(_, _, v)| v)
    }

    /// The value of the entry `q` names, to change in place.
    pub fn get_mut<Q: Lookup + ?Sized>(&mut self, q: &Q) -> Option<&mut Value> {
        let pos = self.get_index_of(q)?;
        self.get_index_mut(pos).map(|(_, v)| v)
    }

    /// The live entry at `pos` (`None` for a hole or past the end).
    #[inline]
    pub fn get_index(&self, pos: usize) -> Option<(&DictKey, &Value)> {
        match self.entries.get(pos) {
            Some(Some((k, v))) => Some((k, v)),
            _ => None,
        }
    }

    /// The live entry at `pos`, its value to change in place.
    #[inline]
    pub fn get_index_mut(&mut self, pos: usize) -> Option<(&DictKey, &mut Value)> {
        match self.entries.get_mut(pos) {
            Some(Some((k, v))) => Some((&*k, v)),
            _ => None,
        }
    }

    /// The key object of the live entry at `pos`, to replace by an object
    /// equal to it with the same hash (the index is not updated).
    pub fn key_value_mut(&mut self, pos: usize) -> Option<&mut Value> {
        match self.entries.get_mut(pos) {
            Some(Some((k, _))) => Some(&mut k.value),
            _ => None,
        }
    }

    /// The position of the `str` key `text` found by comparing every key
    /// (no hash computed: cheaper for a few entries): `Some(None)` when no
    /// key is that text, `None` when a key could equal it without being a
    /// `str` (a C type's instance), which only a hashed lookup decides.
    pub fn scan_str(&self, text: &str) -> Option<Option<usize>> {
        for (pos, e) in self.entries.iter().enumerate() {
            let Some((k, _)) = e else {
                continue;
            };
            match k.value.as_str() {
                Some(t) if t == text => return Some(Some(pos)),
                Some(_) => {}
                None if crate::ext::foreign(&k.value).is_some() => return None,
                None => {}
            }
        }
        Some(None)
    }

    /// The position of the first live entry at `pos` or later.
    #[inline]
    pub fn next_from(&self, pos: usize) -> Option<usize> {
        let rest = self.entries.get(pos..)?;
        rest.iter().position(Option::is_some).map(|i| pos + i)
    }

    /// The position of the last live entry.
    pub fn last_index(&self) -> Option<usize> {
        self.entries.iter().rposition(Option::is_some)
    }

    /// Appends an entry whose key the caller knows is absent; returns its
    /// position.
    pub fn push_new(&mut self, key: DictKey, value: Value) -> usize {
        let hash = key.stored_hash();
        let pos = self.entries.len();
        self.entries.push(Some((key, value)));
        let entries = &self.entries;
        self.index
            .insert_unique(hash, pos, |&p| hash_at(entries, p));
        self.len += 1;
        pos
    }

    /// Inserts `value` under `key`: replaces the value of an equal key
    /// already there (returning the old value; the stored key stays), or
    /// appends a new entry. Returns the entry's position too.
    pub fn insert_full(&mut self, key: DictKey, value: Value) -> (usize, Option<Value>) {
        if let Some(pos) = self.get_index_of(&key)
            && let Some((_, slot)) = self.get_index_mut(pos)
        {
            return (pos, Some(std::mem::replace(slot, value)));
        }
        (self.push_new(key, value), None)
    }

    /// Takes the entry at `pos` out, leaving a hole.
    pub fn take(&mut self, pos: usize) -> Option<(DictKey, Value)> {
        let (k, v) = self.entries.get_mut(pos)?.take()?;
        if let Ok(e) = self.index.find_entry(k.stored_hash(), |&p| p == pos) {
            e.remove();
        }
        self.len -= 1;
        Some((k, v))
    }

    /// Takes the last live entry out, and with it every position from its
    /// own on, holes included (CPython's `popitem`, which sets
    /// `dk_nentries` to the popped entry's position).
    pub fn pop_last(&mut self) -> Option<(usize, DictKey, Value)> {
        let pos = self.last_index()?;
        let (k, v) = self.take(pos)?;
        self.entries.truncate(pos);
        Some((pos, k, v))
    }

    /// The live entries in order.
    pub fn iter(&self) -> impl Iterator<Item = (&DictKey, &Value)> {
        self.entries.iter().flatten().map(|(k, v)| (k, v))
    }

    /// The live keys in order.
    pub fn keys(&self) -> impl Iterator<Item = &DictKey> {
        self.iter().map(|(k, _)| k)
    }

    /// The live values in order.
    pub fn values(&self) -> impl Iterator<Item = &Value> {
        self.iter().map(|(_, v)| v)
    }

    /// Removes the holes, moving later entries down (CPython's
    /// `dictresize` copying a combined table), and indexes the entries
    /// again at their new positions.
    pub fn compact(&mut self) {
        if !self.has_holes() {
            return;
        }
        self.entries.retain(Option::is_some);
        self.index.clear();
        for pos in 0..self.entries.len() {
            let hash = hash_at(&self.entries, pos);
            let entries = &self.entries;
            self.index
                .insert_unique(hash, pos, |&p| hash_at(entries, p));
        }
    }
}

impl IntoIterator for Map {
    type Item = (DictKey, Value);
    type IntoIter = std::iter::Flatten<std::vec::IntoIter<Option<(DictKey, Value)>>>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter().flatten()
    }
}
