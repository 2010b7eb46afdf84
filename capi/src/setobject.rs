//! Sets: `PySet_*` and `PyFrozenSet_New`, over the interpreter's set
//! table (`interp::object::set`), with CPython 3.11's argument checks
//! (`PyErr_BadInternalCall` for an object that is not a set).

use crate::object::{Py_ssize_t, PyObject, arg, bad_internal_call, borrow, fail, guard, ret_obj};
use crate::state;
use interp::object::set::SetObj;
use interp::object::types::Kind;
use interp::{PyErr, PyResult, Value, Vm, ops, sets};
use std::ffi::c_int;

/// Runs `f` with the lent interpreter, as a PyResult.
fn with_vm<T>(f: impl FnOnce(&mut Vm) -> PyResult<T>) -> PyResult<T> {
    state::current_vm(f).and_then(|r| r)
}

/// # Safety
/// `iterable` null or live.
unsafe fn make(iterable: *mut PyObject, frozen: bool) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: forwarded.
        let it = unsafe { borrow(iterable) }.map(|b| b.value());
        let r = with_vm(|vm| sets::new_set(vm, frozen, it.as_ref()).map(Value::Obj));
        ret_obj(r)
    })
}

/// `PySet_New(iterable)`: `set(iterable)`, an empty set for NULL.
pub(crate) unsafe extern "C" fn PySet_New(iterable: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe { make(iterable, false) }
}

/// `PyFrozenSet_New(iterable)`: `frozenset(iterable)`.
pub(crate) unsafe extern "C" fn PyFrozenSet_New(iterable: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe { make(iterable, true) }
}

/// The set at `o` if it is a set (`mutable`) or any set, else
/// `PyErr_BadInternalCall()`'s error; also whether only the caller holds
/// it.
///
/// # Safety
/// `o` null or live, outliving the use of the payload.
unsafe fn set_at<'a>(o: *mut PyObject, mutable: bool) -> PyResult<(&'a SetObj, bool, bool)> {
    // SAFETY: forwarded.
    let b = unsafe { borrow(o) }.ok_or_else(bad_internal_call)?;
    let ok = match b.kind() {
        Kind::SET => true,
        Kind::FROZENSET => !mutable,
        _ => false,
    };
    if !ok {
        return Err(bad_internal_call());
    }
    let frozen = b.kind() == Kind::FROZENSET;
    let sole = b.refcnt() == 1;
    // SAFETY: `o` is live (contract) and a set: its payload lives as long
    // as the object.
    match unsafe { abi::payload_ptr::<SetObj>(o) } {
        Some(p) => Ok((unsafe { &*p }, frozen, sole)),
        None => Err(bad_internal_call()),
    }
}

/// `PySet_Size(anyset)`.
pub(crate) unsafe extern "C" fn PySet_Size(o: *mut PyObject) -> Py_ssize_t {
    // SAFETY: live (contract).
    match unsafe { set_at(o, false) } {
        Ok((s, _, _)) => s.len() as Py_ssize_t,
        Err(e) => fail(e, -1),
    }
}

/// `PySet_Contains(anyset, key)`: 1 or 0; -1 with TypeError for an
/// unhashable key.
pub(crate) unsafe extern "C" fn PySet_Contains(o: *mut PyObject, key: *mut PyObject) -> c_int {
    guard(-1, || {
        // SAFETY: live (contract).
        let r = (|| unsafe {
            let (s, _, _) = set_at(o, false)?;
            let k = arg(key)?;
            with_vm(|vm| {
                let h = ops::hash(vm, &k)?;
                s.contains_entry(Some(vm), &k, h)
            })
        })();
        match r {
            Ok(b) => b as c_int,
            Err(e) => fail(e, -1),
        }
    })
}

/// `PySet_Add(set, key)`: also into a frozenset nobody else holds yet (as
/// CPython allows, to fill a new one).
pub(crate) unsafe extern "C" fn PySet_Add(o: *mut PyObject, key: *mut PyObject) -> c_int {
    guard(-1, || {
        // SAFETY: live (contract).
        let r = (|| unsafe {
            let (s, frozen, sole) = set_at(o, false)?;
            if frozen && !sole {
                return Err(bad_internal_call());
            }
            let k = arg(key)?;
            with_vm(|vm| sets::add_key(vm, s, k))
        })();
        match r {
            Ok(()) => 0,
            Err(e) => fail(e, -1),
        }
    })
}

/// `PySet_Discard(set, key)`: 1 if `key` was there, 0 if not.
pub(crate) unsafe extern "C" fn PySet_Discard(o: *mut PyObject, key: *mut PyObject) -> c_int {
    guard(-1, || {
        // SAFETY: live (contract).
        let r = (|| unsafe {
            let (s, _, _) = set_at(o, true)?;
            let k = arg(key)?;
            with_vm(|vm| {
                let h = ops::hash(vm, &k)?;
                s.discard_entry(Some(vm), &k, h)
            })
        })();
        match r {
            Ok(b) => b as c_int,
            Err(e) => fail(e, -1),
        }
    })
}

/// `PySet_Clear(set)`.
pub(crate) unsafe extern "C" fn PySet_Clear(o: *mut PyObject) -> c_int {
    // SAFETY: live (contract).
    match unsafe { set_at(o, true) } {
        Ok((s, _, _)) => {
            s.clear();
            0
        }
        Err(e) => fail(e, -1),
    }
}

/// `PySet_Pop(set)`: an item, removed; KeyError for an empty set.
pub(crate) unsafe extern "C" fn PySet_Pop(o: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live (contract).
        let r = unsafe { set_at(o, true) }.and_then(|(s, _, _)| {
            s.pop()
                .ok_or_else(|| PyErr::key_error(Value::str("pop from an empty set")))
        });
        ret_obj(r)
    })
}
