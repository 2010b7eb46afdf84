//! Dicts: `PyDict_*`. Borrowed keys and values come from the dict's
//! `c_boxes`, at slot `2 * entry` for a key and `2 * entry + 1` for a
//! value.

use crate::object::{
    Borrowed, Py_ssize_t, PyObject, arg, bad_internal_call, borrow, c_str, fail, guard, new_ref,
    ret_obj, ret_status,
};
use crate::state::current_vm;
use interp::object::{DictKey, DictObj};
use interp::{PyErr, PyResult, Value, ops};
use std::ffi::{c_char, c_int};

/// The dict at `d`, or CPython's SystemError for anything else.
///
/// # Safety
/// `d` must be null or live, and stay alive while the result is used.
unsafe fn dict<'a>(d: *mut PyObject) -> PyResult<(Borrowed, &'a DictObj)> {
    // SAFETY: forwarded from the caller.
    let b = unsafe { borrow(d) }.ok_or_else(bad_internal_call)?;
    let p = b.downcast::<DictObj>().ok_or_else(bad_internal_call)? as *const DictObj;
    // SAFETY: the payload lives as long as the object (caller).
    Ok((b, unsafe { &*p }))
}

/// A borrowed pointer to `v`, the key (`which` 0) or value (1) of entry
/// `index` of `d`.
fn borrowed(d: &DictObj, index: usize, which: usize, v: &Value) -> *mut PyObject {
    match d.c_boxes.borrow_box(2 * index + which, v) {
        Some(o) => o.as_ptr(),
        None => fail(bad_internal_call(), std::ptr::null_mut()),
    }
}

/// Whether looking `v` up in `d` may run Python code: the key, or a key
/// the dict holds, is an instance of a Python class (its `__hash__` and
/// `__eq__`), so the lookup goes through the interpreter lent to C.
fn needs_vm(d: &DictObj, v: &Value) -> bool {
    d.has_vm_keys() || ops::needs_vm(v)
}

/// The key for `v`, hashed as `hash()` does: a class's own `__hash__`
/// runs in the interpreter lent to C.
fn key_of(v: Value) -> PyResult<DictKey> {
    if ops::needs_vm(&v) {
        return current_vm(|vm| DictKey::with_vm(vm, v))?;
    }
    DictKey::new(v)
}

/// Looks `key` up: `Ok(None)` when absent.
///
/// # Safety
/// Both pointers must be null or live.
unsafe fn lookup(d: *mut PyObject, key: *mut PyObject) -> PyResult<Option<*mut PyObject>> {
    // SAFETY: forwarded.
    let (_, dd) = unsafe { dict(d) }?;
    // SAFETY: forwarded.
    let v = unsafe { arg(key) }?;
    if needs_vm(dd, &v) {
        let k = key_of(v)?;
        let found = current_vm(|vm| dd.find(vm, &k))??;
        return Ok(found.and_then(|i| dd.value_at(i).map(|v| borrowed(dd, i, 1, &v))));
    }
    let k = DictKey::new(v)?;
    Ok(dd.get_full(&k).map(|(i, v)| borrowed(dd, i, 1, &v)))
}

/// `PyDict_New`.
pub(crate) unsafe extern "C" fn PyDict_New() -> *mut PyObject {
    new_ref(Value::dict())
}

/// `PyDict_GetItem`: borrowed; NULL when absent, never an exception (a
/// failure to hash is swallowed, as in CPython).
pub(crate) unsafe extern "C" fn PyDict_GetItem(
    d: *mut PyObject,
    key: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: forwarded (contract).
        unsafe { lookup(d, key) }
            .ok()
            .flatten()
            .unwrap_or(std::ptr::null_mut())
    })
}

/// `PyDict_GetItemWithError`: borrowed; NULL without an exception when
/// absent, NULL with one on error.
pub(crate) unsafe extern "C" fn PyDict_GetItemWithError(
    d: *mut PyObject,
    key: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: forwarded (contract).
        match unsafe { lookup(d, key) } {
            Ok(v) => v.unwrap_or(std::ptr::null_mut()),
            Err(e) => fail(e, std::ptr::null_mut()),
        }
    })
}

/// `PyDict_GetItemString`: borrowed; NULL when absent.
pub(crate) unsafe extern "C" fn PyDict_GetItemString(
    d: *mut PyObject,
    key: *const c_char,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: forwarded (contract).
        let r = (|| -> PyResult<Option<*mut PyObject>> {
            let (_, dd) = unsafe { dict(d) }?;
            let name = unsafe { c_str(key) }?;
            // Looked up as text, with no `str` made, unless a key's
            // equality may run Python code.
            let hit = if dd.has_vm_keys() {
                dd.get_full(&DictKey::new(Value::str(name))?)
            } else {
                dd.get_full_str(name)
            };
            Ok(hit.map(|(i, v)| borrowed(dd, i, 1, &v)))
        })();
        r.ok().flatten().unwrap_or(std::ptr::null_mut())
    })
}

/// `PyDict_SetItem` (does not steal).
pub(crate) unsafe extern "C" fn PyDict_SetItem(
    d: *mut PyObject,
    key: *mut PyObject,
    v: *mut PyObject,
) -> c_int {
    guard(-1, || {
        // SAFETY: forwarded (contract).
        let r = (|| {
            let (_, dd) = unsafe { dict(d) }?;
            let kv = unsafe { arg(key) }?;
            let value = unsafe { arg(v) }?;
            if needs_vm(dd, &kv) {
                let k = key_of(kv)?;
                return current_vm(|vm| dd.insert_vm(vm, k, value))?;
            }
            dd.insert(DictKey::new(kv)?, value);
            Ok(())
        })();
        ret_status(r)
    })
}

/// `PyDict_SetItemString`.
pub(crate) unsafe extern "C" fn PyDict_SetItemString(
    d: *mut PyObject,
    key: *const c_char,
    v: *mut PyObject,
) -> c_int {
    guard(-1, || {
        // SAFETY: forwarded (contract).
        let r = (|| {
            let (_, dd) = unsafe { dict(d) }?;
            let k = DictKey::new(Value::str(unsafe { c_str(key) }?))?;
            dd.insert(k, unsafe { arg(v) }?);
            Ok(())
        })();
        ret_status(r)
    })
}

/// `PyDict_DelItem`: KeyError when absent.
pub(crate) unsafe extern "C" fn PyDict_DelItem(d: *mut PyObject, key: *mut PyObject) -> c_int {
    guard(-1, || {
        // SAFETY: forwarded (contract).
        let r = (|| {
            let (_, dd) = unsafe { dict(d) }?;
            let kv = unsafe { arg(key) }?;
            let removed = if needs_vm(dd, &kv) {
                let k = key_of(kv.clone())?;
                current_vm(|vm| dd.remove_vm(vm, &k))??
            } else {
                dd.remove(&DictKey::new(kv.clone())?)
            };
            match removed {
                Some(old) => {
                    drop(old);
                    Ok(())
                }
                None => Err(PyErr::key_error(kv)),
            }
        })();
        ret_status(r)
    })
}

/// `PyDict_DelItemString`.
pub(crate) unsafe extern "C" fn PyDict_DelItemString(
    d: *mut PyObject,
    key: *const c_char,
) -> c_int {
    guard(-1, || {
        // SAFETY: `key` is a C string (contract).
        let k = match unsafe { c_str(key) } {
            Ok(s) => new_ref(Value::str(s)),
            Err(e) => return fail(e, -1),
        };
        // SAFETY: `k` is a live new reference, released below.
        let r = unsafe { PyDict_DelItem(d, k) };
        // SAFETY: `k` was created above.
        drop(unsafe { crate::object::take_new(k) });
        r
    })
}

/// `PyDict_Size`.
pub(crate) unsafe extern "C" fn PyDict_Size(d: *mut PyObject) -> Py_ssize_t {
    // SAFETY: forwarded (contract).
    match unsafe { dict(d) } {
        Ok((_, dd)) => dd.len() as Py_ssize_t,
        Err(e) => fail(e, -1),
    }
}

/// `PyDict_Contains`: 1, 0, or -1 on error.
pub(crate) unsafe extern "C" fn PyDict_Contains(d: *mut PyObject, key: *mut PyObject) -> c_int {
    guard(-1, || {
        // SAFETY: forwarded (contract).
        match unsafe { lookup(d, key) } {
            Ok(v) => v.is_some() as c_int,
            Err(e) => fail(e, -1),
        }
    })
}

/// `PyDict_Keys`, `PyDict_Values`, `PyDict_Items` as new lists.
unsafe fn listing(d: *mut PyObject, what: u8) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: forwarded (contract).
        let r = unsafe { dict(d) }.map(|(_, dd)| {
            let items = dd.items();
            Value::list(
                items
                    .into_iter()
                    .map(|(k, v)| match what {
                        0 => k,
                        1 => v,
                        _ => Value::tuple(vec![k, v]),
                    })
                    .collect(),
            )
        });
        ret_obj(r)
    })
}

/// `PyDict_Keys`.
pub(crate) unsafe extern "C" fn PyDict_Keys(d: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe { listing(d, 0) }
}

/// `PyDict_Values`.
pub(crate) unsafe extern "C" fn PyDict_Values(d: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe { listing(d, 1) }
}

/// `PyDict_Items`.
pub(crate) unsafe extern "C" fn PyDict_Items(d: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe { listing(d, 2) }
}

/// `PyDict_Next`: iterates entries by position, giving borrowed keys and
/// values; returns 0 at the end.
pub(crate) unsafe extern "C" fn PyDict_Next(
    d: *mut PyObject,
    pos: *mut Py_ssize_t,
    key: *mut *mut PyObject,
    value: *mut *mut PyObject,
) -> c_int {
    guard(0, || {
        // SAFETY: forwarded (contract).
        let Ok((_, dd)) = (unsafe { dict(d) }) else {
            return 0;
        };
        if pos.is_null() {
            return 0;
        }
        // SAFETY: `pos` is writable (contract).
        let i = unsafe { *pos };
        // Holes left by deletions are skipped, as CPython's are.
        let Some(i) = usize::try_from(i).ok().and_then(|i| dd.next_entry_from(i)) else {
            return 0;
        };
        let Some((k, v)) = dd.entry_at(i) else {
            return 0;
        };
        // SAFETY: out-pointers are writable or null (contract).
        unsafe {
            *pos = i as Py_ssize_t + 1;
            if !key.is_null() {
                *key = borrowed(dd, i, 0, &k);
            }
            if !value.is_null() {
                *value = borrowed(dd, i, 1, &v);
            }
        }
        1
    })
}

/// `PyDict_Copy`.
pub(crate) unsafe extern "C" fn PyDict_Copy(d: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: forwarded (contract).
        let r = unsafe { dict(d) }.map(|(_, dd)| Value::Obj(DictObj::into_obj(dd.copy())));
        ret_obj(r)
    })
}

/// `PyDict_Merge(a, b, override)`: the entries of the mapping `b` into
/// the dict `a`, replacing existing keys only when `override` is not 0
/// (CPython's `dict_merge`: a dict's entries, else `b.keys()` and
/// `b[key]`). 0, or -1 with an exception.
pub(crate) unsafe extern "C" fn PyDict_Merge(
    a: *mut PyObject,
    b: *mut PyObject,
    over: c_int,
) -> c_int {
    guard(-1, || {
        // SAFETY: forwarded (contract).
        let r = (|| {
            let (_, da) = unsafe { dict(a) }?;
            let src = unsafe { arg(b) }?;
            current_vm(|vm| merge(vm, da, &src, over != 0))?
        })();
        ret_status(r)
    })
}

/// `PyDict_Update(a, b)`: `PyDict_Merge(a, b, 1)`.
pub(crate) unsafe extern "C" fn PyDict_Update(a: *mut PyObject, b: *mut PyObject) -> c_int {
    // SAFETY: forwarded (contract).
    unsafe { PyDict_Merge(a, b, 1) }
}

fn merge(vm: &mut interp::Vm, d: &DictObj, src: &Value, over: bool) -> PyResult<()> {
    let pairs: Vec<(Value, Value)> = match src.downcast::<DictObj>() {
        Some(s) if over => return d.update_vm(vm, s),
        Some(s) => s.items(),
        None => {
            let keys = vm.getattr(src, "keys")?;
            let keys = vm.call(&keys, &[])?;
            let mut pairs = Vec::new();
            for k in ops::collect(vm, &keys)? {
                let v = ops::getitem(vm, src, &k)?;
                pairs.push((k, v));
            }
            pairs
        }
    };
    for (k, v) in pairs {
        let key = DictKey::with_vm(vm, k)?;
        if !over && d.get_vm(vm, &key)?.is_some() {
            continue;
        }
        d.insert_vm(vm, key, v)?;
    }
    Ok(())
}

/// `PyDict_Clear`.
pub(crate) unsafe extern "C" fn PyDict_Clear(d: *mut PyObject) {
    // SAFETY: forwarded (contract).
    if let Ok((_, dd)) = unsafe { dict(d) } {
        dd.clear();
    }
}

/// `PyDict_MergeFromSeq2(d, seq, override)`: each item of `seq`, a
/// sequence of two, as a key and its value (an existing key keeps its
/// value unless `override`), with CPython's errors for an item that is not
/// a pair.
pub(crate) unsafe extern "C" fn PyDict_MergeFromSeq2(
    d: *mut PyObject,
    seq: *mut PyObject,
    over: c_int,
) -> c_int {
    guard(-1, || {
        // SAFETY: live (contract).
        let r = (|| {
            let (_, dd) = unsafe { dict(d) }?;
            let src = unsafe { arg(seq) }?;
            current_vm(|vm| {
                let it = ops::get_iter(vm, &src)?;
                let mut i = 0usize;
                while let Some(item) = ops::iter_next(vm, &it)? {
                    let pair = match ops::collect(vm, &item) {
                        Ok(p) => p,
                        Err(e) if e.matches(interp::object::types::TYPE_ERROR.get()) => {
                            return Err(PyErr::type_error(format!(
                                "cannot convert dictionary update sequence element #{i} to a sequence"
                            )));
                        }
                        Err(e) => return Err(e),
                    };
                    let [k, v]: [Value; 2] = pair.try_into().map_err(|p: Vec<Value>| {
                        PyErr::value_error(format!(
                            "dictionary update sequence element #{i} has length {}; 2 is required",
                            p.len()
                        ))
                    })?;
                    let key = DictKey::with_vm(vm, k)?;
                    if over != 0 || dd.get_vm(vm, &key)?.is_none() {
                        dd.insert_vm(vm, key, v)?;
                    }
                    i += 1;
                }
                Ok(())
            })?
        })();
        ret_status(r)
    })
}
