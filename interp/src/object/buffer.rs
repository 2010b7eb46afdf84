//! The payloads of the byte buffers that can change or be viewed:
//! `bytearray` ([`ByteArrayObj`]) and `memoryview` ([`MemoryViewObj`]).
//! Their semantics (constructors, methods, operators) are
//! `crate::bytes`'.
//!
//! # Storage, and how a C buffer protocol sits on it
//!
//! A `bytearray` owns its bytes in one `Vec<u8>` (behind a `RefCell`,
//! which no code borrows across a call that can run Python code), plus a
//! count of *exports*: the views of its memory that are alive. This is
//! CPython's `ob_exports`, and it has the same rule: while the count is
//! not zero, nothing may change the bytearray's length (every path that
//! would goes through [`ByteArrayObj::resize`], which refuses with
//! CPython's `BufferError`, "Existing exports of data: object cannot be
//! re-sized"). Writes that keep the length (`ba[i] = x`, a slice
//! assignment of the same size, `reverse()`) are allowed, as in CPython.
//! Because the length cannot change, the vector is never reallocated
//! while exported: its heap block stays where it is. That is exactly
//! what a C consumer of the buffer protocol needs, so issue 28's
//! `bf_getbuffer` for `bytearray` fills a `Py_buffer` with the vector's
//! `as_mut_ptr()` and length, calls [`ByteArrayObj::export`], and its
//! `bf_releasebuffer` calls [`ByteArrayObj::unexport`]; no other storage
//! or copy is involved. (`PyByteArray_AS_STRING` wants a NUL after the
//! last byte: the C side can write it into the vector's spare capacity,
//! which `reserve(1)` makes, only when there are no exports.)
//!
//! A `memoryview` holds its exporter (`bytes` or `bytearray`), not a
//! pointer: a view is a window `start`, `len` items, `step` bytes apart,
//! read and written through the exporter's own storage, so it stays safe
//! Rust. Each live, unreleased view over a `bytearray` counts as one
//! export (a slice of a view, or a view of a view, is a view of its own
//! and counts once more); `release()`, the end of a `with` block, or the
//! view's deallocation gives its export back. CPython counts one export
//! per managed buffer that its views share, but the observable rule is
//! the same: the bytearray can be resized again once no view of it is
//! alive and unreleased. A view over a C exporter (issue 28) would add a
//! third kind of exporter holding the `Py_buffer` it got from
//! `bf_getbuffer`; the window arithmetic stays the same.

use super::{ObjRef, PyErr, PyResult, types};
use std::cell::{Cell, Ref, RefCell, RefMut};

/// A `bytearray`: a mutable byte string (see the module documentation for
/// the storage and its exports).
pub struct ByteArrayObj {
    data: RefCell<Vec<u8>>,
    exports: Cell<usize>,
}

/// The error of a resize while views of the bytearray are alive.
pub fn cannot_resize() -> PyErr {
    PyErr::new(
        &types::BUFFER_ERROR,
        "Existing exports of data: object cannot be re-sized",
    )
}

/// The error for a bytearray found borrowed (never expected: no code
/// holds a borrow across Python code).
fn busy() -> PyErr {
    PyErr::new(&types::SYSTEM_ERROR, "bytearray is in use")
}

impl ByteArrayObj {
    /// A new `bytearray` object owning `data`.
    pub fn new_obj(data: Vec<u8>) -> ObjRef {
        ObjRef::new(
            types::BYTEARRAY.get(),
            ByteArrayObj {
                data: RefCell::new(data),
                exports: Cell::new(0),
            },
        )
    }

    /// The bytes, borrowed for reading.
    pub fn read(&self) -> PyResult<Ref<'_, Vec<u8>>> {
        self.data.try_borrow().map_err(|_| busy())
    }

    /// A copy of the bytes.
    pub fn to_vec(&self) -> PyResult<Vec<u8>> {
        Ok(self.read()?.clone())
    }

    /// The number of bytes.
    pub fn len(&self) -> usize {
        self.data.try_borrow().map_or(0, |d| d.len())
    }

    /// Whether there are no bytes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes, borrowed for a change that keeps their number (item
    /// writes, `reverse()`): allowed while views are alive.
    pub fn write(&self) -> PyResult<RefMut<'_, Vec<u8>>> {
        self.data.try_borrow_mut().map_err(|_| busy())
    }

    /// Runs `f` on the bytes for a change that leaves `new_len` of them;
    /// if that differs from their number while views are alive, nothing
    /// changes and the `BufferError` of CPython's `PyByteArray_Resize` is
    /// raised.
    pub fn resize<R>(&self, new_len: usize, f: impl FnOnce(&mut Vec<u8>) -> R) -> PyResult<R> {
        let mut d = self.write()?;
        if new_len != d.len() && self.exports.get() > 0 {
            return Err(cannot_resize());
        }
        Ok(f(&mut d))
    }

    /// The address of the first byte, for a C buffer export (pair it with
    /// [`export`](Self::export): the address then stays valid until the
    /// matching [`unexport`](Self::unexport)).
    pub fn data_ptr(&self) -> PyResult<*mut u8> {
        Ok(self.write()?.as_mut_ptr())
    }

    /// The number of views alive (CPython's `ob_exports`).
    pub fn exports(&self) -> usize {
        self.exports.get()
    }

    /// Counts one more view of the bytes: until the matching
    /// [`unexport`](Self::unexport) the length cannot change, so the
    /// vector's heap block stays put.
    pub fn export(&self) {
        self.exports.set(self.exports.get() + 1);
    }

    /// Gives back one view's export.
    pub fn unexport(&self) {
        self.exports.set(self.exports.get().saturating_sub(1));
    }
}

/// The item format of a memoryview: what its items read as.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ItemFormat {
    /// `'B'`: unsigned bytes, read as ints 0..=255.
    UnsignedByte,
    /// `'b'`: signed bytes, read as ints -128..=127.
    SignedByte,
    /// `'c'`: bytes of length 1.
    Char,
}

impl ItemFormat {
    /// The format string (`memoryview.format`).
    pub fn as_str(self) -> &'static str {
        match self {
            ItemFormat::UnsignedByte => "B",
            ItemFormat::SignedByte => "b",
            ItemFormat::Char => "c",
        }
    }
}

/// A `memoryview`: a window onto the bytes of a `bytes` or `bytearray`
/// (see the module documentation).
pub struct MemoryViewObj {
    /// The exporter (`memoryview.obj`): a `bytes` or a `bytearray`.
    pub base: ObjRef,
    /// The byte offset of the first item in the exporter.
    pub start: usize,
    /// The number of items (`shape[0]`).
    pub len: usize,
    /// The distance in bytes from one item to the next (`strides[0]`).
    pub step: isize,
    /// Whether writes are refused (a `bytes` exporter, or `toreadonly()`).
    pub readonly: bool,
    /// What the items read as.
    pub format: ItemFormat,
    released: Cell<bool>,
}

impl MemoryViewObj {
    /// A new view of `len` items of `base` from byte `start`, `step`
    /// bytes apart; it counts as an export of a bytearray `base`.
    pub fn new_obj(
        base: ObjRef,
        start: usize,
        len: usize,
        step: isize,
        readonly: bool,
        format: ItemFormat,
    ) -> ObjRef {
        if let Some(ba) = base.downcast::<ByteArrayObj>() {
            ba.export();
        }
        ObjRef::new(
            types::MEMORYVIEW.get(),
            MemoryViewObj {
                base,
                start,
                len,
                step,
                readonly,
                format,
                released: Cell::new(false),
            },
        )
    }

    /// Whether `release()` was called.
    pub fn is_released(&self) -> bool {
        self.released.get()
    }

    /// `release()`: gives back the export (once).
    pub fn release(&self) {
        if !self.released.replace(true)
            && let Some(ba) = self.base.downcast::<ByteArrayObj>()
        {
            ba.unexport();
        }
    }

    /// Whether the items are contiguous in memory, first to last.
    pub fn is_contiguous(&self) -> bool {
        self.len <= 1 || self.step == 1
    }

    /// The byte offset in the exporter of item `i` (`i < len`).
    pub fn offset(&self, i: usize) -> Option<usize> {
        let delta = (i as isize).checked_mul(self.step)?;
        (self.start as isize)
            .checked_add(delta)
            .and_then(|o| usize::try_from(o).ok())
    }
}

impl Drop for MemoryViewObj {
    fn drop(&mut self) {
        self.release();
    }
}
