//! The `str` payload.

use super::ObjRef;
use super::types;
use compact_str::CompactString;
use std::cell::{Cell, OnceCell};

/// A Python `str`: immutable UTF-8 text with its character count and a
/// lazily computed, cached hash.
pub struct StrObj {
    // Texts of up to 24 bytes live inside the object itself, so most strs
    // cost one allocation (CPython's cost) instead of two; longer ones keep
    // the buffer they were built in (no copy, no shrinking reallocation).
    s: CompactString,
    nchars: usize,
    hash: Cell<u64>,
    /// The text followed by a NUL, made the first time C code asks for it.
    /// Boxed twice so that it costs one word until then.
    c_text: OnceCell<Box<CText>>,
}

/// The C views of a `str`, each made the first time C code asks for it:
/// the UTF-8 text with a NUL ([`StrObj::utf8_with_nul`]) and the PEP 393
/// code-point array ([`StrObj::ucs`]).
#[derive(Default)]
struct CText {
    utf8: OnceCell<Box<[u8]>>,
    ucs: OnceCell<Ucs>,
}

/// A `str` as CPython's PEP 393 layout shows it to C: the code points in
/// units of `kind` bytes (1, 2 or 4: the narrowest that holds the largest),
/// followed by a zero unit. Cells, because C writes the array of a string
/// made by `PyUnicode_New` before the string is used; until then the text
/// is `pending` and the array is the string's content
/// ([`StrObj::sync_ucs`]).
pub struct Ucs {
    kind: u8,
    ascii: bool,
    len: usize,
    units: Box<[Cell<u32>]>,
    pending: Cell<bool>,
}

impl Ucs {
    fn zeroed(kind: u8, ascii: bool, len: usize) -> Ucs {
        let bytes = (len + 1) * usize::from(kind);
        let units = (0..bytes.div_ceil(4)).map(|_| Cell::new(0)).collect();
        Ucs {
            kind,
            ascii,
            len,
            units,
            pending: Cell::new(false),
        }
    }

    /// The unit size: 1, 2 or 4 (`PyUnicode_KIND`).
    pub fn kind(&self) -> u8 {
        self.kind
    }

    /// Whether every code point is ASCII (`PyUnicode_IS_ASCII`).
    pub fn is_ascii(&self) -> bool {
        self.ascii
    }

    /// `PyUnicode_MAX_CHAR_VALUE`: the largest code point the kind allows.
    pub fn max_char_value(&self) -> u32 {
        match (self.ascii, self.kind) {
            (true, _) => 0x7f,
            (false, 1) => 0xff,
            (false, 2) => 0xffff,
            _ => 0x10ffff,
        }
    }

    /// The length in code points.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the string is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The start of the array (`PyUnicode_DATA`), writable through the cells.
    pub fn data_ptr(&self) -> *mut u8 {
        Cell::as_ptr(&self.units[0]).cast()
    }

    /// The code point at `i` (`i < len`).
    pub fn read(&self, i: usize) -> Option<u32> {
        if i > self.len {
            return None;
        }
        let k = usize::from(self.kind);
        let byte = i * k;
        let word = self.units.get(byte / 4)?.get().to_ne_bytes();
        let at = byte % 4;
        Some(match self.kind {
            1 => u32::from(word[at]),
            2 => u32::from(u16::from_ne_bytes([word[at], word[at + 1]])),
            _ => u32::from_ne_bytes(word),
        })
    }

    /// Writes the code point `c` at `i` (`i < len`, `c` fits the kind).
    pub fn write(&self, i: usize, c: u32) -> bool {
        if i >= self.len {
            return false;
        }
        let k = usize::from(self.kind);
        let byte = i * k;
        let Some(cell) = self.units.get(byte / 4) else {
            return false;
        };
        let mut word = cell.get().to_ne_bytes();
        let at = byte % 4;
        match self.kind {
            1 => word[at] = c as u8,
            2 => word[at..at + 2].copy_from_slice(&(c as u16).to_ne_bytes()),
            _ => word = c.to_ne_bytes(),
        }
        cell.set(u32::from_ne_bytes(word));
        true
    }

    fn of_text(s: &str, nchars: usize) -> Ucs {
        let max = s.chars().map(u32::from).max().unwrap_or(0);
        let kind = if max < 0x100 {
            1
        } else if max < 0x10000 {
            2
        } else {
            4
        };
        let u = Ucs::zeroed(kind, max < 0x80, nchars);
        for (i, c) in s.chars().enumerate() {
            u.write(i, u32::from(c));
        }
        u
    }

    /// The text the array holds (a code point that is no character, a
    /// surrogate say, becomes U+FFFD: Typhon's `str` is UTF-8).
    fn text(&self) -> String {
        (0..self.len)
            .map(|i| {
                self.read(i)
                    .and_then(char::from_u32)
                    .unwrap_or(char::REPLACEMENT_CHARACTER)
            })
            .collect()
    }
}

// A str object (header and payload) fills one 64-byte allocation: a
// program that holds a million short strings touches a million such
// blocks, and each size class up is 16 MB more memory to fault in.
const _: () = assert!(std::mem::size_of::<StrObj>() + std::mem::size_of::<abi::ObjHeader>() <= 64);

impl StrObj {
    /// A new `str` object holding a copy of `s`.
    pub fn new_obj(s: &str) -> ObjRef {
        Self::from_compact(CompactString::new(s))
    }

    /// A new `str` object taking `s`. One-character ASCII strings are
    /// shared (as CPython shares its one-character Latin-1 strings).
    pub fn from_string(s: String) -> ObjRef {
        // A short text moves into the object (the buffer is freed at
        // once); a long one keeps its buffer.
        Self::from_compact(CompactString::from(s))
    }

    /// `str(i)` for an `i64` (formatted without going through `String`).
    pub fn from_i64(i: i64) -> ObjRef {
        use compact_str::ToCompactString;
        Self::from_compact(i.to_compact_string())
    }

    /// The payload of a `str` holding a copy of `s`, for an instance of
    /// a class deriving from `str` (`crate::subclass`).
    pub fn payload(s: &str) -> StrObj {
        StrObj {
            s: CompactString::new(s),
            nchars: s.chars().count(),
            hash: Cell::new(NO_HASH),
            c_text: OnceCell::new(),
        }
    }

    fn from_compact(s: CompactString) -> ObjRef {
        if s.len() == 1
            && let Some(&b) = s.as_bytes().first()
            && b < 128
        {
            return ascii_char(b);
        }
        let nchars = if s.is_ascii() {
            s.len()
        } else {
            s.chars().count()
        };
        ObjRef::new(
            types::STR.get(),
            StrObj {
                s,
                nchars,
                hash: Cell::new(NO_HASH),
                c_text: OnceCell::new(),
            },
        )
    }

    /// Appends `tail` (a text of `tail_chars` characters) to this string
    /// in place, for `s += t` when nothing else refers to `s` (see
    /// [`ObjRef::unique_payload_mut`]); the buffer grows geometrically,
    /// so a loop of appends takes linear time. False, with nothing
    /// changed, when C code has been given a view of the text (its
    /// pointers must stay valid) or the memory is not there.
    pub fn append_in_place(&mut self, tail: &str, tail_chars: usize) -> bool {
        if self.c_text.get().is_some() || self.s.try_reserve(tail.len()).is_err() {
            return false;
        }
        self.s.push_str(tail);
        self.nchars += tail_chars;
        self.hash = Cell::new(NO_HASH);
        true
    }

    /// The shared one-character string for an ASCII character.
    pub fn char_obj(c: char) -> ObjRef {
        if c.is_ascii() {
            return ascii_char(c as u8);
        }
        Self::from_string(c.to_string())
    }

    /// The text.
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.s
    }

    /// The UTF-8 text followed by a NUL byte, for C code
    /// (`PyUnicode_AsUTF8`, typed `T_C_STR` arguments). It stays valid and
    /// unchanged for as long as the object lives. The text itself may
    /// contain NULs; the slice's length minus one is the text's length.
    pub fn utf8_with_nul(&self) -> &[u8] {
        self.c_text().utf8.get_or_init(|| {
            let mut v = Vec::with_capacity(self.s.len() + 1);
            v.extend_from_slice(self.s.as_bytes());
            v.push(0);
            v.into_boxed_slice()
        })
    }

    fn c_text(&self) -> &CText {
        self.c_text.get_or_init(Box::default)
    }

    /// The PEP 393 view of the text for C (`PyUnicode_KIND`,
    /// `PyUnicode_DATA`, …), made on first use.
    pub fn ucs(&self) -> &Ucs {
        self.c_text()
            .ucs
            .get_or_init(|| Ucs::of_text(&self.s, self.nchars))
    }

    /// `PyUnicode_New(len, maxchar)`: a string of `len` code points that
    /// C fills through its PEP 393 array before anything reads it; its
    /// text is NULs until [`StrObj::sync_ucs`]. Never one of the shared
    /// one-character strings.
    pub fn new_ucs_obj(len: usize, maxchar: u32) -> ObjRef {
        let kind = if maxchar < 0x100 {
            1
        } else if maxchar < 0x10000 {
            2
        } else {
            4
        };
        let ucs = Ucs::zeroed(kind, maxchar < 0x80, len);
        ucs.pending.set(true);
        let c_text = OnceCell::new();
        let _ = c_text.set(Box::new(CText {
            utf8: OnceCell::new(),
            ucs: OnceCell::from(ucs),
        }));
        ObjRef::new(
            types::STR.get(),
            StrObj {
                s: CompactString::from("\0".repeat(len)),
                nchars: len,
                hash: Cell::new(NO_HASH),
                c_text,
            },
        )
    }

    /// Whether C may still be writing the text (a `PyUnicode_New` string
    /// whose array has not yet been taken as its text for good).
    #[inline]
    pub fn ucs_pending(&self) -> bool {
        self.c_text
            .get()
            .and_then(|c| c.ucs.get())
            .is_some_and(|u| u.pending.get())
    }

    /// Takes the PEP 393 array of a pending string as its text; with
    /// `done`, for good (the string has been handed to Python).
    pub fn sync_ucs(&mut self, done: bool) {
        let Some(c) = self.c_text.get_mut() else {
            return;
        };
        let Some(u) = c.ucs.get() else {
            return;
        };
        if !u.pending.get() {
            return;
        }
        let text = u.text();
        u.pending.set(!done);
        c.utf8 = OnceCell::new();
        self.nchars = u.len;
        self.s = CompactString::from(text);
        self.hash.set(NO_HASH);
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

    /// The hash of the text if it was computed already (no call: the hot
    /// loop's guards use it).
    #[inline(always)]
    pub fn known_hash(&self) -> Option<u64> {
        let h = self.hash.get();
        (h != NO_HASH).then_some(h)
    }

    /// The cached hash of the text.
    #[inline]
    pub fn hash(&self) -> u64 {
        let h = self.hash.get();
        if h != NO_HASH {
            return h;
        }
        let h = hash_str(&self.s);
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

thread_local! {
    // Shared for the life of the thread, so immortal (and not counted as
    // live objects by the leak checks).
    static ASCII_CHARS: Vec<ObjRef> = (0u8..128)
        .map(|b| {
            let o = ObjRef::new(
                types::STR.get(),
                StrObj {
                    s: CompactString::new((b as char).encode_utf8(&mut [0; 4])),
                    nchars: 1,
                    hash: Cell::new(NO_HASH),
                    c_text: OnceCell::new(),
                },
            );
            abi::make_immortal(&o);
            o
        })
        .collect();
}

fn ascii_char(b: u8) -> ObjRef {
    ASCII_CHARS.with(|t| t[(b & 127) as usize].clone())
}

/// The cached-hash marker of a str whose hash is not computed yet: -1,
/// which no Python hash is (CPython turns -1 into -2).
const NO_HASH: u64 = u64::MAX;

/// CPython 3.11's hash of bytes: SipHash-1-3 with the key that
/// `PYTHONHASHSEED=0` gives (zero), so hashes, and the order of anything
/// that depends on them, match CPython run that way (CPython's default
/// randomizes the key per process). The empty string hashes to 0.
pub fn hash_bytes(b: &[u8]) -> u64 {
    use std::hash::Hasher;
    if b.is_empty() {
        return 0;
    }
    let mut h = siphasher::sip::SipHasher13::new_with_keys(0, 0);
    h.write(b);
    let x = h.finish();
    if x == u64::MAX { x - 1 } else { x }
}

/// CPython's hash of a str: [`hash_bytes`] of its characters stored as
/// CPython stores them (one byte each if all are below U+0100, else two if
/// all are below U+10000, else four; native byte order).
pub fn hash_str(s: &str) -> u64 {
    if s.is_ascii() {
        return hash_bytes(s.as_bytes());
    }
    let max = s.chars().map(|c| c as u32).max().unwrap_or(0);
    let bytes: Vec<u8> = if max < 0x100 {
        s.chars().map(|c| c as u8).collect()
    } else if max < 0x10000 {
        s.chars().flat_map(|c| (c as u16).to_ne_bytes()).collect()
    } else {
        s.chars().flat_map(|c| (c as u32).to_ne_bytes()).collect()
    };
    hash_bytes(&bytes)
}
