//! The `str` payload.

use super::ObjRef;
use super::types;
use std::cell::Cell;

/// A Python `str`: immutable UTF-8 text with its character count and a
/// lazily computed, cached hash.
pub struct StrObj {
    s: Box<str>,
    nchars: usize,
    hash: Cell<u64>,
}

impl StrObj {
    /// A new `str` object holding a copy of `s`.
    pub fn new_obj(s: &str) -> ObjRef {
        Self::from_string(s.to_owned())
    }

    /// A new `str` object taking `s`.
    pub fn from_string(s: String) -> ObjRef {
        let nchars = if s.is_ascii() {
            s.len()
        } else {
            s.chars().count()
        };
        ObjRef::new(
            types::STR.get(),
            StrObj {
                s: s.into_boxed_str(),
                nchars,
                hash: Cell::new(0),
            },
        )
    }

    /// The text.
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.s
    }

    /// The length in code points (`len(s)`).
    #[inline]
    pub fn char_len(&self) -> usize {
        self.nchars
    }

    /// Whether every character is ASCII (so byte and char indices agree).
    #[inline]
    pub fn is_ascii(&self) -> bool {
        self.nchars == self.s.len()
    }

    /// The cached hash of the text.
    #[inline]
    pub fn hash(&self) -> u64 {
        let h = self.hash.get();
        if h != 0 {
            return h;
        }
        let h = hash_bytes(self.s.as_bytes()) | 1;
        self.hash.set(h);
        h
    }

    /// The character at code-point index `i` (which must be in range).
    pub fn char_at(&self, i: usize) -> Option<char> {
        if self.is_ascii() {
            self.s.as_bytes().get(i).map(|b| *b as char)
        } else {
            self.s.chars().nth(i)
        }
    }
}

/// FNV-1a over bytes, finished with a multiplicative mix. Any stable hash
/// works: Python's `hash()` of a `str` is not part of the supported subset.
pub fn hash_bytes(b: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &x in b {
        h ^= x as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h ^ (h >> 29)
}
