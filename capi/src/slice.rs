//! Slices: `PySlice_Check`, `PySlice_New`, `PySlice_Unpack`,
//! `PySlice_AdjustIndices` and `PySlice_GetIndicesEx`, over the
//! interpreter's `slice` objects and its own index arithmetic.

use crate::object::{Py_ssize_t, PyObject, arg, borrow, fail, guard, ret_obj};
use interp::PyErr;
use interp::object::types::Kind;
use interp::object::{SliceObj, Value};
use std::ffi::c_int;

/// `PySlice_Check`.
pub(crate) unsafe extern "C" fn PySlice_Check(o: *mut PyObject) -> c_int {
    // SAFETY: `o` is null or live (contract).
    unsafe { borrow(o) }.is_some_and(|b| b.kind() == Kind::SLICE) as c_int
}

/// `PySlice_New`: `slice(start, stop, step)`; NULL parts are `None`.
pub(crate) unsafe extern "C" fn PySlice_New(
    start: *mut PyObject,
    stop: *mut PyObject,
    step: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        let part = |p: *mut PyObject| {
            if p.is_null() {
                Ok(Value::None)
            } else {
                // SAFETY: `p` is live (contract).
                unsafe { arg(p) }
            }
        };
        let r = (|| {
            let (start, stop, step) = (part(start)?, part(stop)?, part(step)?);
            Ok(Value::Obj(SliceObj::new_obj(start, stop, step)))
        })();
        ret_obj(r)
    })
}

/// A slice's part as CPython's `_PyEval_SliceIndex` reads it: `None`
/// stays `None`; an int is clamped to the `Py_ssize_t` range.
fn part(v: &Value) -> Result<Option<Py_ssize_t>, PyErr> {
    if matches!(v, Value::None) {
        return Ok(None);
    }
    match v.to_bigint() {
        Some(b) => Ok(Some(crate::protocols::clamp_ssize(&b))),
        None => Err(PyErr::type_error(
            "slice indices must be integers or None or have an __index__ method",
        )),
    }
}

/// `PySlice_Unpack`: the start, stop and step of a slice, with CPython's
/// defaults for `None` (the step's sign picks them) and its errors.
pub(crate) unsafe extern "C" fn PySlice_Unpack(
    slice: *mut PyObject,
    start: *mut Py_ssize_t,
    stop: *mut Py_ssize_t,
    step: *mut Py_ssize_t,
) -> c_int {
    guard(-1, || {
        // SAFETY: `slice` is null or live (contract).
        let Some(s) = (unsafe { borrow(slice) }) else {
            return fail(crate::object::bad_internal_call(), -1);
        };
        let Some(s) = s.downcast::<SliceObj>() else {
            return fail(crate::object::bad_internal_call(), -1);
        };
        let r = (|| {
            let st = part(&s.step)?.unwrap_or(1);
            if st == 0 {
                return Err(PyErr::value_error("slice step cannot be zero"));
            }
            // As CPython: a step of -PY_SSIZE_T_MAX - 1 is made -MAX, so
            // that it can be negated.
            let st = st.max(-Py_ssize_t::MAX);
            let lo = part(&s.start)?.unwrap_or(if st < 0 { Py_ssize_t::MAX } else { 0 });
            let hi = part(&s.stop)?.unwrap_or(if st < 0 {
                Py_ssize_t::MIN
            } else {
                Py_ssize_t::MAX
            });
            Ok((lo, hi, st))
        })();
        match r {
            Ok((lo, hi, st)) => {
                // SAFETY: the out-parameters point to writable words
                // (contract).
                unsafe {
                    *start = lo;
                    *stop = hi;
                    *step = st;
                }
                0
            }
            Err(e) => fail(e, -1),
        }
    })
}

/// `PySlice_AdjustIndices`: clips unpacked indices to a sequence of
/// `length` items; returns the number of items the slice takes.
pub(crate) unsafe extern "C" fn PySlice_AdjustIndices(
    length: Py_ssize_t,
    start: *mut Py_ssize_t,
    stop: *mut Py_ssize_t,
    step: Py_ssize_t,
) -> Py_ssize_t {
    // SAFETY: the pointers are readable and writable (contract).
    let (lo, hi) = unsafe { (*start, *stop) };
    let clip = |i: Py_ssize_t| -> Py_ssize_t {
        if i < 0 {
            let j = i.saturating_add(length);
            if j < 0 {
                if step < 0 { -1 } else { 0 }
            } else {
                j
            }
        } else if i >= length {
            if step < 0 { length - 1 } else { length }
        } else {
            i
        }
    };
    let (lo, hi) = (clip(lo), clip(hi));
    // SAFETY: as above.
    unsafe {
        *start = lo;
        *stop = hi;
    }
    if step < 0 {
        if hi < lo {
            (lo - hi - 1) / (-step) + 1
        } else {
            0
        }
    } else if lo < hi && step > 0 {
        (hi - lo - 1) / step + 1
    } else {
        0
    }
}

/// `PySlice_GetIndicesEx`: unpack and adjust in one (a function here; a
/// macro over the two in CPython 3.11).
pub(crate) unsafe extern "C" fn PySlice_GetIndicesEx(
    slice: *mut PyObject,
    length: Py_ssize_t,
    start: *mut Py_ssize_t,
    stop: *mut Py_ssize_t,
    step: *mut Py_ssize_t,
    slicelength: *mut Py_ssize_t,
) -> c_int {
    // SAFETY: forwarded (contract).
    unsafe {
        if PySlice_Unpack(slice, start, stop, step) < 0 {
            return -1;
        }
        *slicelength = PySlice_AdjustIndices(length, start, stop, *step);
    }
    0
}

/// `PySlice_GetIndices` (the old form): the indices of a slice of ints
/// for a sequence of `length` items; -1, with no exception, where CPython
/// gives up (a part not an int, an index out of range, a zero step).
pub(crate) unsafe extern "C" fn PySlice_GetIndices(
    slice: *mut PyObject,
    length: Py_ssize_t,
    start: *mut Py_ssize_t,
    stop: *mut Py_ssize_t,
    step: *mut Py_ssize_t,
) -> c_int {
    guard(-1, || {
        // SAFETY: `slice` is null or live (contract).
        let Some(b) = (unsafe { borrow(slice) }) else {
            return fail(crate::object::bad_internal_call(), -1);
        };
        let Some(s) = b.downcast::<SliceObj>() else {
            return fail(crate::object::bad_internal_call(), -1);
        };
        // A part: `Some(None)` for None, `None` for a part that is no int.
        let int = |v: &Value| -> Option<Option<Py_ssize_t>> {
            if matches!(v, Value::None) {
                return Some(None);
            }
            if !v.is_int() {
                return None;
            }
            v.to_bigint()
                .map(|b| Some(crate::protocols::clamp_ssize(&b)))
        };
        // As CPython: each part is stored as it is read, and a part that
        // is no int stops there.
        let Some(st) = int(&s.step) else { return -1 };
        let st = st.unwrap_or(1);
        // SAFETY (all three writes): the out-parameters point to writable
        // words (contract).
        unsafe { *step = st };
        let Some(lo) = int(&s.start) else { return -1 };
        let lo = match lo {
            None if st < 0 => length - 1,
            None => 0,
            Some(i) if i < 0 => i + length,
            Some(i) => i,
        };
        // SAFETY: as above.
        unsafe { *start = lo };
        let Some(hi) = int(&s.stop) else { return -1 };
        let hi = match hi {
            None if st < 0 => -1,
            None => length,
            Some(i) if i < 0 => i + length,
            Some(i) => i,
        };
        // SAFETY: as above.
        unsafe { *stop = hi };
        if hi > length || lo >= length || st == 0 {
            return -1;
        }
        0
    })
}
