//! Lists: `PyList_*`. Borrowed items come from the list's `c_boxes`.

use crate::object::{
    Py_ssize_t, PyObject, bad_internal_call, borrow, fail, guard, new_ref, ret_status,
};
use crate::state;
use interp::object::{ListObj, ObjRef};
use interp::{PyErr, PyResult, Value};
use std::ffi::c_int;

/// The list at `l`, or the SystemError CPython raises for anything else.
///
/// # Safety
/// `l` must be null or live.
unsafe fn list<'a>(l: *mut PyObject) -> PyResult<(crate::object::Borrowed, &'a ListObj)> {
    // SAFETY: forwarded from the caller.
    let b = unsafe { borrow(l) }.ok_or_else(bad_internal_call)?;
    let p = b.downcast::<ListObj>().ok_or_else(bad_internal_call)? as *const ListObj;
    // SAFETY: the payload lives as long as the object, which the caller
    // keeps alive while using it.
    Ok((b, unsafe { &*p }))
}

fn busy() -> PyErr {
    PyErr::runtime_error("list changed size during iteration")
}

/// `PyList_New`: a list of `n` `None`s (CPython leaves NULLs to fill).
pub(crate) unsafe extern "C" fn PyList_New(n: Py_ssize_t) -> *mut PyObject {
    if n < 0 {
        return fail(bad_internal_call(), std::ptr::null_mut());
    }
    guard(std::ptr::null_mut(), || {
        new_ref(Value::list(vec![Value::None; n as usize]))
    })
}

/// `PyList_Size`.
pub(crate) unsafe extern "C" fn PyList_Size(l: *mut PyObject) -> Py_ssize_t {
    // SAFETY: forwarded (contract).
    match unsafe { list(l) } {
        Ok((_, l)) => l
            .items
            .try_borrow()
            .map(|v| v.len() as Py_ssize_t)
            .unwrap_or(0),
        Err(e) => fail(e, -1),
    }
}

/// `PyList_GetItem`: a borrowed reference.
pub(crate) unsafe extern "C" fn PyList_GetItem(l: *mut PyObject, i: Py_ssize_t) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: forwarded (contract).
        let (_, l) = match unsafe { list(l) } {
            Ok(x) => x,
            Err(e) => return fail(e, std::ptr::null_mut()),
        };
        let item = match l.items.try_borrow() {
            Ok(v) => usize::try_from(i).ok().and_then(|i| v.get(i).cloned()),
            Err(_) => return fail(busy(), std::ptr::null_mut()),
        };
        let Some(item) = item else {
            return fail(
                PyErr::index_error("list index out of range"),
                std::ptr::null_mut(),
            );
        };
        match l.c_boxes.borrow_box(i as usize, &item) {
            // The list keeps a heap item alive; the cache keeps a box alive.
            Some(o) => o.as_ptr(),
            None => fail(bad_internal_call(), std::ptr::null_mut()),
        }
    })
}

/// `PyList_SetItem`: steals `v`.
pub(crate) unsafe extern "C" fn PyList_SetItem(
    l: *mut PyObject,
    i: Py_ssize_t,
    v: *mut PyObject,
) -> c_int {
    guard(-1, || {
        // SAFETY: `v` is stolen (contract).
        unsafe { crate::object::sync_pending_str(v, true) };
        let value = unsafe { ObjRef::from_raw(v) }.map(Value::from_heap);
        // SAFETY: forwarded (contract).
        let (_, l) = match unsafe { list(l) } {
            Ok(x) => x,
            Err(e) => return fail(e, -1),
        };
        let Some(value) = value else {
            return fail(bad_internal_call(), -1);
        };
        let old = {
            let Ok(mut items) = l.items.try_borrow_mut() else {
                return fail(busy(), -1);
            };
            match usize::try_from(i).ok().and_then(|i| items.get_mut(i)) {
                Some(slot) => std::mem::replace(slot, value),
                None => {
                    drop(items);
                    return fail(PyErr::index_error("list assignment index out of range"), -1);
                }
            }
        };
        drop(old);
        0
    })
}

/// `PyList_Insert`: inserts before `i` (clamped, as `list.insert`).
pub(crate) unsafe extern "C" fn PyList_Insert(
    l: *mut PyObject,
    i: Py_ssize_t,
    v: *mut PyObject,
) -> c_int {
    guard(-1, || {
        // SAFETY: forwarded (contract).
        let r = unsafe { list(l) }.and_then(|(_, l)| {
            // SAFETY: `v` is borrowed and live (contract).
            let v = unsafe { crate::object::arg(v) }?;
            let mut items = l.items.try_borrow_mut().map_err(|_| busy())?;
            let n = items.len() as Py_ssize_t;
            let at = if i < 0 { (i + n).max(0) } else { i.min(n) };
            items.insert(at as usize, v);
            Ok(())
        });
        ret_status(r)
    })
}

/// `PyList_Append`.
pub(crate) unsafe extern "C" fn PyList_Append(l: *mut PyObject, v: *mut PyObject) -> c_int {
    guard(-1, || {
        // SAFETY: forwarded (contract).
        let r = unsafe { list(l) }.and_then(|(_, l)| {
            // SAFETY: `v` is borrowed and live (contract).
            let v = unsafe { crate::object::arg(v) }?;
            l.items.try_borrow_mut().map_err(|_| busy())?.push(v);
            Ok(())
        });
        ret_status(r)
    })
}

/// `PyList_AsTuple`.
pub(crate) unsafe extern "C" fn PyList_AsTuple(l: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: forwarded (contract).
        let r = unsafe { list(l) }.and_then(|(_, l)| {
            let items = l.items.try_borrow().map_err(|_| busy())?.clone();
            Ok(Value::tuple(items))
        });
        crate::object::ret_obj(r)
    })
}

/// `PyList_Reverse`.
pub(crate) unsafe extern "C" fn PyList_Reverse(l: *mut PyObject) -> c_int {
    guard(-1, || {
        // SAFETY: forwarded (contract).
        let r = unsafe { list(l) }.and_then(|(_, l)| {
            l.items.try_borrow_mut().map_err(|_| busy())?.reverse();
            Ok(())
        });
        ret_status(r)
    })
}

/// `PyList_Sort`.
pub(crate) unsafe extern "C" fn PyList_Sort(l: *mut PyObject) -> c_int {
    guard(-1, || {
        // SAFETY: forwarded (contract).
        let r = unsafe { list(l) }.and_then(|(b, _)| {
            let lv = b.value();
            state::current_vm(|vm| {
                let sort = vm.getattr(&lv, "sort")?;
                vm.call(&sort, &[]).map(drop)
            })?
        });
        ret_status(r)
    })
}

/// `PyList_SetSlice(list, low, high, items)`: `list[low:high] = items`
/// (a list or tuple; NULL deletes), with CPython's clamping of the bounds.
pub(crate) unsafe extern "C" fn PyList_SetSlice(
    l: *mut PyObject,
    low: Py_ssize_t,
    high: Py_ssize_t,
    v: *mut PyObject,
) -> c_int {
    guard(-1, || {
        // SAFETY: forwarded (contract).
        let r = unsafe { list(l) }.and_then(|(_, l)| {
            let new: Vec<Value> = if v.is_null() {
                Vec::new()
            } else {
                // SAFETY: `v` is borrowed and live (contract).
                let b = unsafe { crate::object::borrow(v) }
                    .ok_or_else(crate::object::bad_internal_call)?;
                if let Some(src) = b.downcast::<ListObj>() {
                    src.items.try_borrow().map_err(|_| busy())?.clone()
                } else if let Some(t) = b.downcast::<interp::object::TupleObj>() {
                    t.items.to_vec()
                } else {
                    return Err(PyErr::type_error(format!(
                        "can only assign an iterable, not '{}'",
                        b.ty().name()
                    )));
                }
            };
            let mut items = l.items.try_borrow_mut().map_err(|_| busy())?;
            let n = items.len() as Py_ssize_t;
            let lo = low.clamp(0, n);
            let hi = high.clamp(lo, n);
            let old: Vec<Value> = items.splice(lo as usize..hi as usize, new).collect();
            drop(items);
            drop(old);
            Ok(())
        });
        ret_status(r)
    })
}

/// `_PyList_Extend`: `list.extend(iterable)`; a new reference to `None`,
/// or NULL with the exception.
pub(crate) unsafe extern "C" fn _PyList_Extend(
    l: *mut PyListObject,
    iterable: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: forwarded (contract).
        let r = unsafe { list(l) }.and_then(|(_, lo)| {
            // SAFETY: `iterable` is live (contract).
            let it = unsafe { crate::object::arg(iterable) }?;
            let items = crate::state::current_vm(|vm| interp::ops::collect(vm, &it))??;
            lo.items.try_borrow_mut().map_err(|_| busy())?.extend(items);
            Ok(Value::None)
        });
        crate::object::ret_obj(r)
    })
}

/// `PyListObject`: C sees a list as an opaque object; it is a `PyObject`.
pub type PyListObject = PyObject;

/// `PyList_GetSlice(list, low, high)`: a new list of `list[low:high]`,
/// the bounds clamped as CPython clamps them.
pub(crate) unsafe extern "C" fn PyList_GetSlice(
    l: *mut PyObject,
    low: Py_ssize_t,
    high: Py_ssize_t,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: forwarded (contract).
        let r = unsafe { list(l) }.and_then(|(_, l)| {
            let items = l.items.try_borrow().map_err(|_| busy())?;
            let n = items.len() as Py_ssize_t;
            let lo = low.clamp(0, n);
            let hi = high.clamp(lo, n);
            Ok(Value::list(items[lo as usize..hi as usize].to_vec()))
        });
        crate::object::ret_obj(r)
    })
}
