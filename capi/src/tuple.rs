//! Tuples: `PyTuple_*`.
//!
//! `PyTuple_New(n)` makes a tuple of `None`s that C fills with
//! `PyTuple_SetItem`, which (as in CPython) only works while C holds the
//! only reference. Items come back to C as borrowed pointers; an unboxed
//! item gets a box parked in the tuple's `c_boxes`.

use crate::object::{Py_ssize_t, PyObject, bad_internal_call, borrow, fail, guard, new_ref};
use interp::object::{ObjRef, TupleObj};
use interp::{PyErr, Value};
use std::ffi::c_int;

fn tuple_of(b: &ObjRef) -> Option<&TupleObj> {
    b.downcast::<TupleObj>()
}

/// `PyTuple_New`: a tuple of `n` `None`s.
pub(crate) unsafe extern "C" fn PyTuple_New(n: Py_ssize_t) -> *mut PyObject {
    if n < 0 {
        return fail(bad_internal_call(), std::ptr::null_mut());
    }
    guard(std::ptr::null_mut(), || {
        new_ref(Value::tuple(vec![Value::None; n as usize]))
    })
}

/// `PyTuple_Size`.
pub(crate) unsafe extern "C" fn PyTuple_Size(t: *mut PyObject) -> Py_ssize_t {
    // SAFETY: `t` is null or live (contract).
    match unsafe { borrow(t) }.as_deref().and_then(tuple_of) {
        Some(t) => t.items.len() as Py_ssize_t,
        None => fail(bad_internal_call(), -1),
    }
}

/// `PyTuple_GetItem`: a borrowed reference.
pub(crate) unsafe extern "C" fn PyTuple_GetItem(t: *mut PyObject, i: Py_ssize_t) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `t` is null or live (contract).
        let Some(b) = (unsafe { borrow(t) }) else {
            return fail(bad_internal_call(), std::ptr::null_mut());
        };
        let Some(tup) = tuple_of(&b) else {
            return fail(bad_internal_call(), std::ptr::null_mut());
        };
        let Some(item) = usize::try_from(i).ok().and_then(|i| tup.items.get(i)) else {
            return fail(
                PyErr::index_error("tuple index out of range"),
                std::ptr::null_mut(),
            );
        };
        match tup.c_boxes.borrow_box(i as usize, item) {
            // The tuple (or its box cache) keeps the object alive.
            Some(o) => o.as_ptr(),
            None => fail(bad_internal_call(), std::ptr::null_mut()),
        }
    })
}

/// Stores `v` (stolen) at `i` of the tuple `t`, which C must own alone.
///
/// # Safety
/// `t` must be null or live; `v` a stolen reference or null.
unsafe fn set_item(t: *mut PyObject, i: Py_ssize_t, v: *mut PyObject) -> Result<(), PyErr> {
    // SAFETY: `v` is a stolen reference (contract).
    let value = unsafe { ObjRef::from_raw(v) }.map(Value::from_heap);
    // SAFETY: `t` is null or live (contract).
    let Some(b) = (unsafe { borrow(t) }) else {
        return Err(bad_internal_call());
    };
    if tuple_of(&b).is_none() || b.refcnt() != 1 {
        return Err(bad_internal_call());
    }
    let Some(value) = value else {
        return Err(bad_internal_call());
    };
    let track = value
        .as_obj()
        .is_some_and(|o| o.ty().tp_flags & abi::TPFLAGS_HAVE_GC != 0);
    // SAFETY: `t` is a live tuple with a count of one, held by the C caller,
    // so no Rust code holds a reference into its payload; the pointer comes
    // from the raw object, not from a shared reference.
    let old = unsafe {
        let Some(p) = abi::payload_ptr::<TupleObj>(t) else {
            return Err(bad_internal_call());
        };
        let items = &mut (*p).items;
        let Some(slot) = usize::try_from(i).ok().and_then(|i| items.get_mut(i)) else {
            return Err(PyErr::index_error("tuple assignment index out of range"));
        };
        std::mem::replace(slot, value)
    };
    drop(old);
    if track {
        abi::gc_track(&b);
    }
    Ok(())
}

/// `PyTuple_SetItem`: steals `v`; only for a tuple nobody else holds.
pub(crate) unsafe extern "C" fn PyTuple_SetItem(
    t: *mut PyObject,
    i: Py_ssize_t,
    v: *mut PyObject,
) -> c_int {
    guard(-1, || {
        // SAFETY: forwarded (contract).
        match unsafe { set_item(t, i, v) } {
            Ok(()) => 0,
            Err(e) => fail(e, -1),
        }
    })
}

/// `PyTuple_SET_ITEM` (a macro in CPython that cannot fail): like
/// `PyTuple_SetItem`; misuse leaves a pending `SystemError`.
pub(crate) unsafe extern "C" fn _Typhon_PyTuple_SET_ITEM(
    t: *mut PyObject,
    i: Py_ssize_t,
    v: *mut PyObject,
) {
    // SAFETY: forwarded (contract).
    unsafe { PyTuple_SetItem(t, i, v) };
}

/// `PyTuple_GetSlice`.
pub(crate) unsafe extern "C" fn PyTuple_GetSlice(
    t: *mut PyObject,
    lo: Py_ssize_t,
    hi: Py_ssize_t,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `t` is null or live (contract).
        let Some(b) = (unsafe { borrow(t) }) else {
            return fail(bad_internal_call(), std::ptr::null_mut());
        };
        let Some(tup) = tuple_of(&b) else {
            return fail(bad_internal_call(), std::ptr::null_mut());
        };
        let n = tup.items.len() as Py_ssize_t;
        let lo = lo.clamp(0, n) as usize;
        let hi = hi.clamp(0, n) as usize;
        let items = if lo < hi {
            tup.items[lo..hi].to_vec()
        } else {
            Vec::new()
        };
        new_ref(Value::tuple(items))
    })
}
