//! Memory: `PyMem_*`, `PyObject_Malloc`/`Free`, and the allocation of
//! objects of C-defined types.
//!
//! Every block handed to C carries a 16-byte prefix (keeping 16-byte
//! alignment) that records whether it holds an object. `PyObject_Free`
//! reads it, so objects made by `PyObject_New` or `tp_alloc` are counted in
//! the interpreter's live-object tally (the leak checks) and uncounted when
//! freed, while plain buffers are not counted at all. All the `PyMem_*` and
//! `PyObject_*` families share the allocator, so a block may be freed by
//! either, as real extensions sometimes do.

use crate::object::{Py_ssize_t, PyObject, PyTypeObject, fail, guard};
use interp::PyErr;
use interp::object::types;
use std::ffi::c_void;

unsafe extern "C" {
    fn malloc(size: usize) -> *mut c_void;
    fn calloc(n: usize, size: usize) -> *mut c_void;
    fn realloc(p: *mut c_void, size: usize) -> *mut c_void;
    fn free(p: *mut c_void);
}

const PREFIX: usize = 16;
const TAG_RAW: u64 = 0x5459_5048_4f4e_5241; // "TYPHONRA"
const TAG_OBJECT: u64 = 0x5459_5048_4f4e_4f42; // "TYPHONOB"

fn alloc(size: usize, zeroed: bool, tag: u64) -> *mut c_void {
    let Some(total) = size.checked_add(PREFIX) else {
        return std::ptr::null_mut();
    };
    // SAFETY: plain C allocation of `total` (> 0) bytes.
    let base = unsafe {
        if zeroed {
            calloc(1, total)
        } else {
            malloc(total)
        }
    };
    if base.is_null() {
        return base;
    }
    // SAFETY: the block is at least PREFIX bytes and malloc's alignment
    // (16 on 64-bit targets) suits a u64 write.
    unsafe {
        (base as *mut u64).write(tag);
        (base as *mut u8).add(PREFIX) as *mut c_void
    }
}

/// The prefix tag of a block from [`alloc`].
///
/// # Safety
/// `p` must be a non-null block returned by this module and not yet freed.
unsafe fn tag_of(p: *mut c_void) -> u64 {
    // SAFETY: forwarded from the caller; the prefix precedes the block.
    unsafe { ((p as *mut u8).sub(PREFIX) as *mut u64).read() }
}

/// `PyMem_Malloc`: never returns NULL for a size of 0.
pub(crate) unsafe extern "C" fn PyMem_Malloc(size: usize) -> *mut c_void {
    alloc(size.max(1), false, TAG_RAW)
}

/// `PyMem_Calloc`.
pub(crate) unsafe extern "C" fn PyMem_Calloc(n: usize, size: usize) -> *mut c_void {
    match n.checked_mul(size) {
        Some(total) => alloc(total.max(1), true, TAG_RAW),
        None => std::ptr::null_mut(),
    }
}

/// `PyMem_Realloc`: `p` may be NULL (then it allocates).
pub(crate) unsafe extern "C" fn PyMem_Realloc(p: *mut c_void, size: usize) -> *mut c_void {
    if p.is_null() {
        return alloc(size.max(1), false, TAG_RAW);
    }
    let Some(total) = size.max(1).checked_add(PREFIX) else {
        return std::ptr::null_mut();
    };
    // SAFETY: `p` came from this allocator (the C API contract), so its
    // prefix starts PREFIX bytes before it; realloc keeps the prefix.
    unsafe {
        let base = realloc((p as *mut u8).sub(PREFIX) as *mut c_void, total);
        if base.is_null() {
            return base;
        }
        (base as *mut u8).add(PREFIX) as *mut c_void
    }
}

/// `PyMem_Free`, `PyObject_Free`: frees a block of any family; an object's
/// block is also uncounted.
pub(crate) unsafe extern "C" fn PyMem_Free(p: *mut c_void) {
    if p.is_null() {
        return;
    }
    // SAFETY: `p` came from this allocator and is freed once (the C API
    // contract for every free function).
    unsafe {
        if tag_of(p) == TAG_OBJECT {
            abi::note_foreign_free();
        }
        free((p as *mut u8).sub(PREFIX) as *mut c_void);
    }
}

/// Allocates `size` bytes for an object and counts it as live.
pub(crate) fn alloc_object(size: usize, zeroed: bool) -> *mut c_void {
    let p = alloc(
        size.max(std::mem::size_of::<PyObject>()),
        zeroed,
        TAG_OBJECT,
    );
    if !p.is_null() {
        abi::note_foreign_alloc();
    }
    p
}

/// The size of an instance of `t` with `nitems` variable items.
///
/// # Safety
/// `t` must be a live type object.
pub(crate) unsafe fn instance_size(t: *mut PyTypeObject, nitems: Py_ssize_t) -> Option<usize> {
    // SAFETY: forwarded from the caller.
    let (basic, item) = unsafe { ((*t).tp_basicsize, (*t).tp_itemsize) };
    let extra = item.checked_mul(nitems.max(0))?;
    usize::try_from(basic.checked_add(extra)?).ok()
}

/// Fills in the header of a freshly allocated object. An instance of a
/// heap type (a Python class deriving from a C type, or a type made from a
/// spec) owns a reference to
/// its type, as in CPython's `PyType_GenericAlloc` and `PyObject_Init`
/// (the class's `tp_dealloc` drops it); its `__dict__` word starts empty,
/// however the block was allocated. (The collector tracks the instance
/// once `cls(...)` made it: C code that frees a half-made object with
/// `tp_free` would leave a tracked address behind.)
///
/// # Safety
/// `p` must be a writable block of at least `t`'s `tp_basicsize`; `t` a
/// live type.
pub(crate) unsafe fn init_header(p: *mut PyObject, t: *mut PyTypeObject) {
    // SAFETY: forwarded from the caller.
    unsafe {
        (*p).ob_refcnt.set(1);
        std::ptr::addr_of_mut!((*p).ob_type).write(t);
        if (*t).tp_flags & abi::TPFLAGS_HEAPTYPE == 0 {
            return;
        }
        std::mem::forget((*t).to_ref());
        if (*t).kind() == interp::object::types::Kind::EXT_SUBCLASS {
            let off = (*t).tp_dictoffset;
            if off > 0 {
                // The word lies inside the block (`tp_basicsize` covers it).
                ((p as *mut u8).offset(off) as *mut *mut PyObject).write(std::ptr::null_mut());
            }
        }
    }
}

/// `_PyObject_New` (behind the `PyObject_New` macro): an uninitialized
/// instance of `t` with its header set.
pub(crate) unsafe extern "C" fn _PyObject_New(t: *mut PyTypeObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        if t.is_null() {
            return fail(crate::object::bad_internal_call(), std::ptr::null_mut());
        }
        // SAFETY: `t` is a live type (the caller's contract).
        let Some(size) = (unsafe { instance_size(t, 0) }) else {
            return no_memory();
        };
        let p = alloc_object(size, false) as *mut PyObject;
        if p.is_null() {
            return no_memory();
        }
        // SAFETY: `p` is a fresh block of `size` bytes.
        unsafe { init_header(p, t) };
        p
    })
}

/// `_PyObject_NewVar` (behind `PyObject_NewVar`).
pub(crate) unsafe extern "C" fn _PyObject_NewVar(
    t: *mut PyTypeObject,
    n: Py_ssize_t,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        if t.is_null() {
            return fail(crate::object::bad_internal_call(), std::ptr::null_mut());
        }
        // SAFETY: `t` is a live type.
        let Some(size) = (unsafe { instance_size(t, n) }) else {
            return no_memory();
        };
        let p = alloc_object(size, false) as *mut PyObject;
        if p.is_null() {
            return no_memory();
        }
        // SAFETY: `p` is a fresh block holding at least a PyVarObject.
        unsafe {
            init_header(p, t);
            ((p as *mut u8).add(std::mem::size_of::<PyObject>()) as *mut Py_ssize_t).write(n);
        }
        p
    })
}

/// `PyObject_Init`: sets the header of memory the caller allocated.
pub(crate) unsafe extern "C" fn PyObject_Init(
    p: *mut PyObject,
    t: *mut PyTypeObject,
) -> *mut PyObject {
    if p.is_null() {
        return no_memory();
    }
    // SAFETY: the caller passes an object-sized block and a live type.
    unsafe { init_header(p, t) };
    p
}

/// `PyObject_InitVar`.
pub(crate) unsafe extern "C" fn PyObject_InitVar(
    p: *mut PyObject,
    t: *mut PyTypeObject,
    n: Py_ssize_t,
) -> *mut PyObject {
    if p.is_null() {
        return no_memory();
    }
    // SAFETY: the caller passes a PyVarObject-sized block and a live type.
    unsafe {
        init_header(p, t);
        ((p as *mut u8).add(std::mem::size_of::<PyObject>()) as *mut Py_ssize_t).write(n);
    }
    p
}

fn no_memory<T>() -> *mut T {
    fail(
        PyErr::with_args(&types::MEMORY_ERROR, Vec::new()),
        std::ptr::null_mut(),
    )
}

/// `PyObject_Malloc`.
pub(crate) unsafe extern "C" fn PyObject_Malloc(size: usize) -> *mut c_void {
    alloc(size.max(1), false, TAG_RAW)
}

/// `PyObject_Calloc`.
pub(crate) unsafe extern "C" fn PyObject_Calloc(n: usize, size: usize) -> *mut c_void {
    // SAFETY: same contract.
    unsafe { PyMem_Calloc(n, size) }
}

/// `PyObject_Realloc`.
pub(crate) unsafe extern "C" fn PyObject_Realloc(p: *mut c_void, size: usize) -> *mut c_void {
    // SAFETY: same contract.
    unsafe { PyMem_Realloc(p, size) }
}

/// `PyObject_Free` (also `PyObject_Del`).
pub(crate) unsafe extern "C" fn PyObject_Free(p: *mut c_void) {
    // SAFETY: same contract.
    unsafe { PyMem_Free(p) }
}
