//! The boundary between interpreter values and C's `PyObject*`: the C type
//! names, conversions in both directions, borrowed views, and the helpers
//! every `extern "C"` function uses to report errors and contain panics.
//!
//! Ownership follows the C API's vocabulary. A *new reference* is an owned
//! count ([`ObjRef::into_raw`] / [`ObjRef::from_raw`]); a *borrowed*
//! pointer is valid only while someone else holds the object.

#![allow(non_camel_case_types)]

use crate::state;
use interp::object::types;
use interp::{PyErr, PyResult, Value};
use std::ffi::c_int;
use std::mem::ManuallyDrop;
use std::ops::Deref;

pub use abi::ObjRef;

/// C's `PyObject`: the object header.
pub type PyObject = abi::ObjHeader;
/// C's `PyTypeObject`.
pub type PyTypeObject = abi::TypeObject;
/// C's `Py_ssize_t`.
pub type Py_ssize_t = isize;
/// C's `Py_hash_t`.
pub type Py_hash_t = isize;

/// A new reference to `v`, boxing unboxed values.
#[inline]
pub fn new_ref(v: Value) -> *mut PyObject {
    match v {
        Value::Obj(o) => o.into_raw(),
        other => boxed(&other).into_raw(),
    }
}

/// The smallest and largest ints with a shared box, as in CPython (whose
/// `PyLong_FromLong(1)` always returns the same object).
const SMALL_INT_MIN: i64 = -5;
const SMALL_INT_MAX: i64 = 256;

thread_local! {
    /// The boxes of the small ints, made on first use, released by
    /// [`clear_small_ints`].
    static SMALL_INTS: std::cell::RefCell<Vec<ObjRef>> = const { std::cell::RefCell::new(Vec::new()) };
    /// One int box that a call is done with, kept for the next box
    /// [`boxed`] makes (see [`recycle_box`]); released by
    /// [`clear_small_ints`].
    static SPARE_INT: std::cell::Cell<Option<ObjRef>> = const { std::cell::Cell::new(None) };
}

/// `v` as a heap object: the object itself, a singleton, the shared box of
/// a small int, or a new box. Boxes of small ints are shared because C
/// makes and drops them all the time (`Py_BuildValue("(ii)", 1, 2)`, a
/// counter passed to `METH_O`): a new box each time was two allocations
/// per call.
#[inline]
pub fn boxed(v: &Value) -> ObjRef {
    if let Value::Int(i) = v
        && (SMALL_INT_MIN..=SMALL_INT_MAX).contains(i)
    {
        let k = (i - SMALL_INT_MIN) as usize;
        return SMALL_INTS
            .with_borrow(|c| c.get(k).cloned())
            .unwrap_or_else(|| first_small_int(k));
    }
    if let Value::Int(i) = v
        && let Some(b) = SPARE_INT.take()
    {
        // SAFETY: `b` is live, and it is an int box (`recycle_box` keeps
        // nothing else).
        if let Some(p) = unsafe { abi::payload_ptr::<interp::object::IntObj>(b.as_ptr()) } {
            // SAFETY: `recycle_box` kept `b` only while it was the sole
            // reference, and the cell has held it since: nothing else can
            // see the payload change.
            unsafe { *p = interp::object::IntObj::Small(*i) };
            return b;
        }
    }
    v.to_heap()
}

/// The box of small int `SMALL_INT_MIN + k` the first time one is asked
/// for: makes them all (out of line, so that the common case in [`boxed`]
/// stays small).
#[cold]
#[inline(never)]
fn first_small_int(k: usize) -> ObjRef {
    // Making a box runs no C code, so nothing else touches the cache
    // while it is filled.
    SMALL_INTS.with_borrow_mut(|c| {
        if c.is_empty() {
            c.extend((SMALL_INT_MIN..=SMALL_INT_MAX).map(|i| Value::Int(i).to_heap()));
        }
        c[k].clone()
    })
}

/// Takes back a box that [`boxed`] made for an argument once the call is
/// over. An int box that the C code kept no reference to is kept for the
/// next int [`boxed`] boxes, instead of being freed now and allocated
/// again for the next call (`onearg(i)` in a loop over a range, CPython's
/// own case for an int freelist).
#[inline]
pub fn recycle_box(b: ObjRef) {
    if b.refcnt() == 1 && std::ptr::eq(b.ty(), types::INT.get()) {
        drop(SPARE_INT.replace(Some(b)));
    } else if std::ptr::eq(b.ty(), types::FLOAT.get()) {
        // A float box goes back to the kept blocks with no call through its
        // type (callgrind, FASTCALL with two floats: 146 -> ... instructions
        // a call to release the two).
        // SAFETY: `float` is a static type with an `f64` payload, outside
        // the collector.
        unsafe { b.drop_unshared::<f64>() };
    }
}

/// Drops the shared small-int boxes (see [`boxed`]); they are made again
/// on demand.
pub(crate) fn clear_small_ints() {
    // Taken out first: dropping may free, which must not happen mid-borrow.
    let old = SMALL_INTS.with_borrow_mut(std::mem::take);
    drop(old);
    drop(SPARE_INT.take());
}

/// Takes over a new reference returned by C code (`None` for NULL).
///
/// # Safety
/// `p` must be null or a live object whose count includes the reference.
#[inline]
pub unsafe fn take_new(p: *mut PyObject) -> Option<Value> {
    // SAFETY: forwarded from the caller.
    unsafe { sync_pending_str(p, true) };
    // SAFETY: forwarded from the caller.
    let o = unsafe { ObjRef::from_raw(p) }?;
    // An int or float C made for its result (`PyLong_FromLong`): its
    // number, and the box kept for the next one (see `recycle_box`), not
    // freed now and allocated again by the next call.
    let num = if std::ptr::eq(o.ty(), types::INT.get()) {
        match o.downcast::<interp::object::IntObj>() {
            Some(interp::object::IntObj::Small(i)) => Some(Value::Int(*i)),
            _ => None,
        }
    } else if std::ptr::eq(o.ty(), types::FLOAT.get()) {
        o.downcast::<f64>().map(|f| Value::Float(*f))
    } else {
        None
    };
    match num {
        Some(v) => {
            recycle_box(o);
            Some(v)
        }
        None => Some(Value::from_heap(o)),
    }
}

/// A `str` made by `PyUnicode_New` holds what C wrote into its PEP 393
/// array only once it is synced: before Rust reads it (`done` false: C may
/// go on writing) and when C hands it over (`done`: for good, which is
/// when C code has finished filling it, as CPython requires).
///
/// # Safety
/// `p` must be null or live. A pending string is referenced by C alone
/// (CPython's rule: it is filled before it is shared), so no Rust
/// reference into its text exists while it is rewritten.
#[inline(always)]
pub unsafe fn sync_pending_str(p: *mut PyObject, done: bool) {
    // SAFETY: `p` is null or live (caller).
    if p.is_null() || !std::ptr::eq(unsafe { (*p).ob_type }, types::STR.get()) {
        return;
    }
    // SAFETY: `p` is a live str; see the function's safety section for
    // the exclusive access.
    unsafe {
        if let Some(s) = abi::payload_ptr::<interp::object::StrObj>(p)
            && (*s).ucs_pending()
        {
            (*s).sync_ucs(done);
        }
    }
}

/// A borrowed view of a C pointer: an `ObjRef` that does not own a count
/// (nothing is incremented on creation or decremented on drop).
pub struct Borrowed(ManuallyDrop<ObjRef>);

impl Deref for Borrowed {
    type Target = ObjRef;
    #[inline]
    fn deref(&self) -> &ObjRef {
        &self.0
    }
}

impl Borrowed {
    /// The value the object stands for (an owned copy).
    #[inline]
    pub fn value(&self) -> Value {
        Value::from_heap((*self.0).clone())
    }
}

/// Views a borrowed pointer (`None` for NULL).
///
/// # Safety
/// `p` must be null or point to a live object that stays alive for as long
/// as the view is used.
#[inline]
pub unsafe fn borrow(p: *mut PyObject) -> Option<Borrowed> {
    // SAFETY: forwarded from the caller.
    unsafe { sync_pending_str(p, false) };
    // SAFETY: forwarded from the caller; the view never drops its count.
    unsafe { ObjRef::from_raw(p) }.map(|o| Borrowed(ManuallyDrop::new(o)))
}

/// The value of a borrowed pointer, or `SystemError` for NULL (CPython's
/// "bad argument to internal function").
///
/// # Safety
/// As for [`borrow`].
#[inline]
pub unsafe fn arg(p: *mut PyObject) -> PyResult<Value> {
    // SAFETY: forwarded from the caller.
    match unsafe { borrow(p) } {
        Some(b) => Ok(b.value()),
        None => Err(bad_internal_call()),
    }
}

/// `SystemError: bad argument to internal function`.
pub fn bad_internal_call() -> PyErr {
    PyErr::new(&types::SYSTEM_ERROR, "bad argument to internal function")
}

/// Records `e` as the pending exception and returns `ret` (the function's
/// error sentinel).
#[inline]
pub fn fail<T>(e: PyErr, ret: T) -> T {
    state::set_error(e);
    ret
}

/// Runs the body of an API function, turning a Rust panic (a bug in Typhon,
/// never expected) into a `SystemError` and the error sentinel `err`
/// instead of unwinding into C, which would abort the process.
#[inline]
pub fn guard<T>(err: T, f: impl FnOnce() -> T) -> T {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(_) => fail(
            PyErr::new(&types::SYSTEM_ERROR, "internal error in Typhon's C API"),
            err,
        ),
    }
}

/// A `PyObject*` result: the new reference, or NULL with the exception set.
#[inline]
pub fn ret_obj(r: PyResult<Value>) -> *mut PyObject {
    match r {
        Ok(v) => new_ref(v),
        Err(e) => fail(e, std::ptr::null_mut()),
    }
}

/// An `int` status result: 0, or -1 with the exception set.
#[inline]
pub fn ret_status(r: PyResult<()>) -> c_int {
    match r {
        Ok(()) => 0,
        Err(e) => fail(e, -1),
    }
}

/// A result whose error sentinel is `err`.
#[inline]
pub fn ret_or<T>(r: PyResult<T>, err: T) -> T {
    r.unwrap_or_else(|e| fail(e, err))
}

/// The C string at `p` as UTF-8 text.
///
/// # Safety
/// `p` must be null or a NUL-terminated string that outlives the result.
pub unsafe fn c_str<'a>(p: *const std::ffi::c_char) -> PyResult<&'a str> {
    if p.is_null() {
        return Err(bad_internal_call());
    }
    // SAFETY: forwarded from the caller.
    let s = unsafe { std::ffi::CStr::from_ptr(p) };
    std::str::from_utf8(s.to_bytes()).map_err(|e| crate::unicode::decode_error(s.to_bytes(), &e))
}
