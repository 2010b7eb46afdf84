//! Tuples: `PyTuple_*`.
//!
//! `PyTuple_New(n)` makes a tuple of `None`s that C fills with
//! `PyTuple_SetItem`, which (as in CPython) only works while C holds the
//! only reference. Items come back to C as borrowed pointers; an unboxed
//! item gets a box parked in the tuple's `c_boxes`.

use crate::object::{Py_ssize_t, PyObject, bad_internal_call, borrow, fail, guard, new_ref};
use interp::object::{ObjRef, TupleObj};
use interp::{PyErr, Value};
use std::ffi::{c_double, c_int, c_long, c_longlong};

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
    // SAFETY: as below.
    unsafe { crate::object::sync_pending_str(v, true) };
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
    let track = TupleObj::item_needs_tracking(&value);
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

/// What `_TyphonItem` (Python.h) holds: a number not boxed yet, or an
/// object.
#[repr(C)]
#[derive(Clone, Copy)]
pub union ItemValue {
    o: *mut PyObject,
    i: c_longlong,
    d: c_double,
}

/// `_TyphonItem`: a value that `Py_BuildValue` gathered for a tuple or list
/// before making it. `kind` says which field of `v` is set.
#[repr(C)]
pub struct TyphonItem {
    kind: c_long,
    v: ItemValue,
}

/// `_TYPHON_ITEM_OBJECT`, `_TYPHON_ITEM_LONG`, `_TYPHON_ITEM_DOUBLE`.
const ITEM_OBJECT: c_long = 0;
const ITEM_LONG: c_long = 1;
const ITEM_DOUBLE: c_long = 2;

/// `_Typhon_PySeq_FromItems`: a tuple (a list with `as_list`) of the `n`
/// gathered values at `items`, for the C support code's `Py_BuildValue`.
/// Numbers become unboxed values directly: building `(ii)` through
/// `PyLong_FromLong` made two int objects only to unbox them again here.
/// An object item's reference is stolen. A null object or an unknown kind
/// is a `SystemError`, and the object references are released all the
/// same (an item of unknown kind is not read).
///
/// # Safety
/// `items` must point to `n` items whose `kind` names the field that is
/// set, each object a stolen reference or null.
pub(crate) unsafe extern "C" fn _Typhon_PySeq_FromItems(
    items: *const TyphonItem,
    n: Py_ssize_t,
    as_list: c_int,
) -> *mut PyObject {
    let Ok(n) = usize::try_from(n) else {
        return fail(bad_internal_call(), std::ptr::null_mut());
    };
    if n > 0 && items.is_null() {
        return fail(bad_internal_call(), std::ptr::null_mut());
    }
    guard(std::ptr::null_mut(), || {
        let mut values = Vec::with_capacity(n);
        let mut bad = false;
        for i in 0..n {
            // SAFETY: `items` points to `n` items (contract); `kind` names
            // the field that was written, and an object is a stolen
            // reference or null.
            let value = unsafe {
                let item = &*items.add(i);
                match item.kind {
                    ITEM_LONG => Some(Value::Int(item.v.i)),
                    ITEM_DOUBLE => Some(Value::float(item.v.d)),
                    ITEM_OBJECT => crate::object::take_new(item.v.o),
                    _ => None,
                }
            };
            match value {
                Some(v) => values.push(v),
                None => bad = true,
            }
        }
        if bad {
            drop(values);
            return fail(bad_internal_call(), std::ptr::null_mut());
        }
        new_ref(if as_list != 0 {
            Value::list(values)
        } else {
            Value::tuple(values)
        })
    })
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

/// The longest argument tuple kept for reuse by [`args_tuple`].
const SPARE_ARGS_MAX: usize = 4;

thread_local! {
    /// Argument tuples of finished METH_VARARGS calls that nobody else
    /// held, one per length 1..=SPARE_ARGS_MAX, with every item `None`.
    static SPARE_ARGS: [std::cell::Cell<Option<ObjRef>>; SPARE_ARGS_MAX] =
        const { [const { std::cell::Cell::new(None) }; SPARE_ARGS_MAX] };
}

/// The argument tuple of a METH_VARARGS call: a spare of that length left
/// by [`recycle_args_tuple`], refilled, or a new tuple. CPython keeps
/// freed tuples for reuse in the same way; here a call's tuple was two
/// allocations and two frees.
pub(crate) fn args_tuple(items: &[Value]) -> ObjRef {
    args_tuple_with(items.len(), |k| items[k].clone())
}

/// As [`args_tuple`], for the `n` items `item` makes (it runs no Python
/// code: it copies values).
pub(crate) fn args_tuple_with(n: usize, mut item: impl FnMut(usize) -> Value) -> ObjRef {
    let spare = n
        .checked_sub(1)
        .and_then(|k| SPARE_ARGS.with(|s| s.get(k).and_then(|c| c.take())));
    if let Some(t) = spare {
        // SAFETY: `t` is live, and only tuples are kept as spares.
        if let Some(p) = unsafe { abi::payload_ptr::<TupleObj>(t.as_ptr()) } {
            // SAFETY: the spare was kept only while it was the sole
            // reference and its cell has owned it since, so no other
            // reference into the payload exists; its items are all `None`
            // (dropping them runs nothing).
            let slots = unsafe { &mut (*p).items };
            if slots.len() == n {
                let mut track = false;
                for (k, slot) in slots.iter_mut().enumerate() {
                    let v = item(k);
                    track |= TupleObj::item_needs_tracking(&v);
                    *slot = v;
                }
                if track {
                    abi::gc_track(&t);
                }
                return t;
            }
        }
    }
    TupleObj::new_obj((0..n).map(item).collect())
}

/// Takes back an argument tuple made by [`args_tuple`] once the call is
/// over. If the C code kept no reference to it (its count is one) and it
/// holds no container (so the collector does not track it), its items are
/// released now and it is kept as the spare for its length; otherwise it
/// is dropped as usual.
pub(crate) fn recycle_args_tuple(t: ObjRef) {
    if t.refcnt() != 1 {
        return;
    }
    // SAFETY: `t` is live; `payload_ptr` checks that it holds a tuple.
    let Some(p) = (unsafe { abi::payload_ptr::<TupleObj>(t.as_ptr()) }) else {
        return;
    };
    // SAFETY: `t` holds the only reference (count one, checked above) and
    // no reference into its payload is live here, so the payload may be
    // changed. Releasing an item may run code (a destructor), which cannot
    // reach this tuple: nothing else refers to it, and it becomes the
    // spare only after.
    let n = unsafe {
        let items = &mut (*p).items;
        let n = items.len();
        if !(1..=SPARE_ARGS_MAX).contains(&n) || items.iter().any(TupleObj::item_needs_tracking) {
            return;
        }
        for slot in items.iter_mut() {
            *slot = Value::None;
        }
        drop(std::mem::take(&mut (*p).c_boxes));
        n
    };
    let displaced = SPARE_ARGS.with(|s| s.get(n - 1).and_then(|c| c.replace(Some(t))));
    drop(displaced);
}

/// Drops the spare argument tuples (see [`args_tuple`]).
pub(crate) fn clear_spare_args() {
    let old: Vec<Option<ObjRef>> = SPARE_ARGS.with(|s| s.iter().map(|c| c.take()).collect());
    drop(old);
}
