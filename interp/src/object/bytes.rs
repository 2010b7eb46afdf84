//! The `bytes` payload (its semantics are `crate::bytes`').

use super::{ObjRef, types};

/// An immutable byte string. The buffer keeps a NUL after the last byte,
/// as CPython's does, so C code can read it as a C string.
pub struct BytesObj {
    data: Box<[u8]>,
}

impl BytesObj {
    /// The payload of a `bytes` holding a copy of `b`, for an instance of
    /// a class deriving from `bytes` (`crate::subclass`).
    pub fn payload(b: &[u8]) -> BytesObj {
        let mut data = Vec::with_capacity(b.len() + 1);
        data.extend_from_slice(b);
        data.push(0);
        BytesObj {
            data: data.into_boxed_slice(),
        }
    }

    /// A new `bytes` object holding a copy of `b`.
    pub fn new_obj(b: &[u8]) -> ObjRef {
        let mut data = Vec::with_capacity(b.len() + 1);
        data.extend_from_slice(b);
        data.push(0);
        ObjRef::new(
            types::BYTES.get(),
            BytesObj {
                data: data.into_boxed_slice(),
            },
        )
    }

    /// The bytes (without the trailing NUL).
    pub fn as_bytes(&self) -> &[u8] {
        &self.data[..self.data.len() - 1]
    }

    /// The bytes followed by a NUL (for C's `PyBytes_AsString`).
    pub fn with_nul(&self) -> &[u8] {
        &self.data
    }

    /// The start of the NUL-terminated buffer, writable: C code fills a
    /// brand-new `bytes` object through it (`PyBytes_FromStringAndSize(NULL,
    /// n)`), as CPython allows before the object is shared.
    pub fn buffer_ptr(&mut self) -> *mut u8 {
        self.data.as_mut_ptr()
    }

    /// `repr(b)`, as CPython prints it.
    pub fn repr(&self) -> String {
        repr_of(self.as_bytes())
    }
}

/// `repr()` of a byte string as CPython prints `bytes` (`b'...'`, the
/// quote chosen to avoid escapes).
pub fn repr_of(b: &[u8]) -> String {
    let quote = if b.contains(&b'\'') && !b.contains(&b'"') {
        '"'
    } else {
        '\''
    };
    let mut s = String::with_capacity(b.len() + 3);
    s.push('b');
    s.push(quote);
    for &c in b {
        match c {
            b'\\' => s.push_str("\\\\"),
            b'\t' => s.push_str("\\t"),
            b'\n' => s.push_str("\\n"),
            b'\r' => s.push_str("\\r"),
            c if c as char == quote => {
                s.push('\\');
                s.push(quote);
            }
            0x20..=0x7e => s.push(c as char),
            _ => s.push_str(&format!("\\x{c:02x}")),
        }
    }
    s.push(quote);
    s
}
