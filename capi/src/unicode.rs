//! Strings and bytes: `PyUnicode_*` and `PyBytes_*`.
//!
//! C reads a `str` through `StrObj::utf8_with_nul`, a NUL-terminated UTF-8
//! copy that lives as long as the object, and a `bytes` through its own
//! NUL-terminated buffer, as CPython's.

use crate::object::{Py_ssize_t, PyObject, arg, borrow, c_str, fail, guard, new_ref, ret_obj};
use interp::object::types;
use interp::object::{BytesObj, ObjRef, StrObj};
use interp::{PyErr, PyResult, Value};
use std::ffi::{c_char, c_int};

/// CPython's `UnicodeDecodeError` for invalid UTF-8 in `bytes`.
pub(crate) fn decode_error(bytes: &[u8], e: &std::str::Utf8Error) -> PyErr {
    let pos = e.valid_up_to();
    let byte = bytes.get(pos).copied().unwrap_or(0);
    let reason = match e.error_len() {
        None => "unexpected end of data",
        // A valid lead byte whose sequence is broken.
        Some(_) if (0xc2..=0xf4).contains(&byte) => "invalid continuation byte",
        Some(_) => "invalid start byte",
    };
    PyErr::new(
        &types::UNICODE_DECODE_ERROR,
        format!("'utf-8' codec can't decode byte {byte:#04x} in position {pos}: {reason}"),
    )
}

fn decode(bytes: &[u8]) -> PyResult<Value> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(Value::str(s)),
        Err(e) => Err(decode_error(bytes, &e)),
    }
}

/// The bytes at `p[..n]`.
///
/// # Safety
/// `p` must point to `n` readable bytes (or be null with `n == 0`).
unsafe fn bytes_at<'a>(p: *const c_char, n: usize) -> &'a [u8] {
    if n == 0 {
        return &[];
    }
    // SAFETY: forwarded from the caller.
    unsafe { std::slice::from_raw_parts(p as *const u8, n) }
}

fn bad_type<T>(err: T) -> T {
    fail(
        PyErr::type_error("bad argument type for built-in operation"),
        err,
    )
}

/// `PyUnicode_FromString`: decodes UTF-8.
pub(crate) unsafe extern "C" fn PyUnicode_FromString(s: *const c_char) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `s` is a C string (contract).
        let r = unsafe { c_str(s) }.map(Value::str);
        ret_obj(r)
    })
}

/// `PyUnicode_InternFromString` (Typhon does not intern).
pub(crate) unsafe extern "C" fn PyUnicode_InternFromString(s: *const c_char) -> *mut PyObject {
    // SAFETY: same contract.
    unsafe { PyUnicode_FromString(s) }
}

/// `PyUnicode_FromStringAndSize`.
pub(crate) unsafe extern "C" fn PyUnicode_FromStringAndSize(
    s: *const c_char,
    n: Py_ssize_t,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        if n < 0 {
            return fail(
                PyErr::new(
                    &types::SYSTEM_ERROR,
                    "Negative size passed to PyUnicode_FromStringAndSize",
                ),
                std::ptr::null_mut(),
            );
        }
        if s.is_null() && n > 0 {
            return fail(
                PyErr::new(
                    &types::SYSTEM_ERROR,
                    "NULL string with positive size with NULL passed to PyUnicode_FromStringAndSize",
                ),
                std::ptr::null_mut(),
            );
        }
        // SAFETY: `s` points to `n` bytes (contract).
        ret_obj(decode(unsafe { bytes_at(s, n as usize) }))
    })
}

/// The `str` payload of `o`.
///
/// # Safety
/// `o` must be null or live, and outlive the returned reference.
unsafe fn str_of<'a>(o: *mut PyObject) -> Option<&'a StrObj> {
    // SAFETY: forwarded; the payload lives as long as the object.
    let b = unsafe { borrow(o) }?;
    let s = b.downcast::<StrObj>()? as *const StrObj;
    // SAFETY: the caller keeps the object alive for 'a.
    Some(unsafe { &*s })
}

/// `PyUnicode_AsUTF8`: a NUL-terminated UTF-8 view that lives as long as
/// the string.
pub(crate) unsafe extern "C" fn PyUnicode_AsUTF8(o: *mut PyObject) -> *const c_char {
    // SAFETY: `o` is live (contract); the view lives as long as `o`.
    match unsafe { str_of(o) } {
        Some(s) => s.utf8_with_nul().as_ptr() as *const c_char,
        None => bad_type(std::ptr::null()),
    }
}

/// `PyUnicode_AsUTF8AndSize`.
pub(crate) unsafe extern "C" fn PyUnicode_AsUTF8AndSize(
    o: *mut PyObject,
    size: *mut Py_ssize_t,
) -> *const c_char {
    // SAFETY: `o` is live (contract).
    match unsafe { str_of(o) } {
        Some(s) => {
            let b = s.utf8_with_nul();
            if !size.is_null() {
                // SAFETY: `size` is writable (contract).
                unsafe { *size = (b.len() - 1) as Py_ssize_t };
            }
            b.as_ptr() as *const c_char
        }
        None => bad_type(std::ptr::null()),
    }
}

/// `PyUnicode_GetLength`: the length in code points.
pub(crate) unsafe extern "C" fn PyUnicode_GetLength(o: *mut PyObject) -> Py_ssize_t {
    // SAFETY: `o` is live (contract).
    match unsafe { str_of(o) } {
        Some(s) => s.char_len() as Py_ssize_t,
        None => bad_type(-1),
    }
}

/// `PyUnicode_Concat`.
pub(crate) unsafe extern "C" fn PyUnicode_Concat(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: both live (contract).
        let (x, y) = unsafe { (str_of(a), str_of(b)) };
        match (x, y) {
            (Some(x), Some(y)) => {
                let mut s = String::with_capacity(x.as_str().len() + y.as_str().len());
                s.push_str(x.as_str());
                s.push_str(y.as_str());
                new_ref(Value::string(s))
            }
            _ => {
                // SAFETY: as above.
                let other = unsafe { borrow(if x.is_none() { a } else { b }) };
                let name = other.map(|o| o.ty().name().to_owned()).unwrap_or_default();
                fail(
                    PyErr::type_error(format!("can only concatenate str (not \"{name}\") to str")),
                    std::ptr::null_mut(),
                )
            }
        }
    })
}

/// `PyUnicode_CompareWithASCIIString`: -1, 0 or 1 (never fails).
pub(crate) unsafe extern "C" fn PyUnicode_CompareWithASCIIString(
    o: *mut PyObject,
    s: *const c_char,
) -> c_int {
    // SAFETY: `o` live, `s` a C string (contract).
    let (Some(x), Ok(y)) = (unsafe { str_of(o) }, unsafe { c_str(s) }) else {
        return -1;
    };
    match x.as_str().cmp(y) {
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => 1,
    }
}

/// `PyUnicode_Compare(a, b)`: -1, 0 or 1 as `a` sorts before, equal to
/// or after `b` (by code points); -1 with TypeError unless both are str.
pub(crate) unsafe extern "C" fn PyUnicode_Compare(a: *mut PyObject, b: *mut PyObject) -> c_int {
    // SAFETY: live objects (contract).
    match (unsafe { str_of(a) }, unsafe { str_of(b) }) {
        // UTF-8 sorts as the code points do.
        (Some(x), Some(y)) => match x.as_str().cmp(y.as_str()) {
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Greater => 1,
        },
        _ => {
            let name = |o: *mut PyObject| {
                // SAFETY: live objects (contract).
                unsafe { borrow(o) }.map_or("NULL".to_owned(), |o| o.ty().name().to_owned())
            };
            let msg = format!("Can't compare {:.100} and {:.100}", name(a), name(b));
            fail(PyErr::type_error(msg), -1)
        }
    }
}

/// `PyUnicode_AsUTF8String`: the UTF-8 encoding as `bytes`.
pub(crate) unsafe extern "C" fn PyUnicode_AsUTF8String(o: *mut PyObject) -> *mut PyObject {
    // SAFETY: `o` is live (contract).
    match unsafe { str_of(o) } {
        Some(s) => new_ref(Value::Obj(BytesObj::new_obj(s.as_str().as_bytes()))),
        None => bad_type(std::ptr::null_mut()),
    }
}

/// `PyUnicode_FromOrdinal`.
pub(crate) unsafe extern "C" fn PyUnicode_FromOrdinal(c: c_int) -> *mut PyObject {
    match u32::try_from(c).ok().and_then(char::from_u32) {
        Some(ch) => new_ref(Value::Obj(StrObj::char_obj(ch))),
        None => fail(
            PyErr::value_error("chr() arg not in range(0x110000)"),
            std::ptr::null_mut(),
        ),
    }
}

// ----- bytes ----------------------------------------------------------------

/// `PyBytes_FromStringAndSize`. With `s` NULL the bytes are zeroed, for the
/// caller to fill through `PyBytes_AsString` before sharing the object.
pub(crate) unsafe extern "C" fn PyBytes_FromStringAndSize(
    s: *const c_char,
    n: Py_ssize_t,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        if n < 0 {
            return fail(
                PyErr::new(
                    &types::SYSTEM_ERROR,
                    "Negative size passed to PyBytes_FromStringAndSize",
                ),
                std::ptr::null_mut(),
            );
        }
        let n = n as usize;
        let o = if s.is_null() {
            BytesObj::new_obj(&vec![0u8; n])
        } else {
            // SAFETY: `s` points to `n` bytes (contract).
            BytesObj::new_obj(unsafe { bytes_at(s, n) })
        };
        new_ref(Value::Obj(o))
    })
}

/// `PyBytes_FromString`.
pub(crate) unsafe extern "C" fn PyBytes_FromString(s: *const c_char) -> *mut PyObject {
    if s.is_null() {
        return fail(crate::object::bad_internal_call(), std::ptr::null_mut());
    }
    // SAFETY: `s` is a C string (contract).
    let b = unsafe { std::ffi::CStr::from_ptr(s) }.to_bytes();
    new_ref(Value::Obj(BytesObj::new_obj(b)))
}

fn expected_bytes<T>(o: Option<&ObjRef>, err: T) -> T {
    let name = o.map(|o| o.ty().name().to_owned()).unwrap_or("NULL".into());
    fail(
        PyErr::type_error(format!("expected bytes, {name} found")),
        err,
    )
}

/// `PyBytes_AsString`: the NUL-terminated buffer. A brand-new object made
/// with a NULL source may be written through it.
pub(crate) unsafe extern "C" fn PyBytes_AsString(o: *mut PyObject) -> *mut c_char {
    if o.is_null() {
        return expected_bytes(None, std::ptr::null_mut());
    }
    // SAFETY: `o` is live (contract). The pointer is computed from the raw
    // object pointer, not from a shared reference, so C may write through
    // it while it is the object's only user (CPython's rule for filling a
    // new bytes object).
    match unsafe { abi::payload_ptr::<BytesObj>(o) } {
        Some(p) => unsafe { (*p).buffer_ptr() as *mut c_char },
        None => {
            // SAFETY: `o` is live.
            let b = unsafe { borrow(o) };
            expected_bytes(b.as_deref(), std::ptr::null_mut())
        }
    }
}

/// `PyBytes_Size`.
pub(crate) unsafe extern "C" fn PyBytes_Size(o: *mut PyObject) -> Py_ssize_t {
    // SAFETY: `o` is null or live (contract).
    let b = unsafe { borrow(o) };
    match b.as_ref().and_then(|b| b.downcast::<BytesObj>()) {
        Some(x) => x.as_bytes().len() as Py_ssize_t,
        None => expected_bytes(b.as_deref(), -1),
    }
}

/// `PyBytes_AsStringAndSize`.
pub(crate) unsafe extern "C" fn PyBytes_AsStringAndSize(
    o: *mut PyObject,
    buf: *mut *mut c_char,
    len: *mut Py_ssize_t,
) -> c_int {
    // SAFETY: forwarded.
    let p = unsafe { PyBytes_AsString(o) };
    if p.is_null() {
        return -1;
    }
    // SAFETY: `o` is a live bytes object (checked above); out-pointers are
    // writable (contract).
    unsafe {
        let n = PyBytes_Size(o);
        if !buf.is_null() {
            *buf = p;
        }
        if len.is_null() {
            if std::slice::from_raw_parts(p as *const u8, n as usize).contains(&0) {
                return fail(PyErr::value_error("embedded null byte"), -1);
            }
        } else {
            *len = n;
        }
    }
    0
}

/// A `str` value from a borrowed pointer (for other modules' messages).
///
/// # Safety
/// `o` must be null or live.
pub(crate) unsafe fn text_arg(o: *mut PyObject) -> PyResult<String> {
    // SAFETY: forwarded.
    let v = unsafe { arg(o) }?;
    match v.as_str() {
        Some(s) => Ok(s.to_owned()),
        None => Err(PyErr::type_error(format!(
            "attribute name must be string, not '{}'",
            v.type_name()
        ))),
    }
}

// ----- PEP 393 ----------------------------------------------------------------

/// `Py_UCS4`.
#[allow(non_camel_case_types)]
pub type Py_UCS4 = u32;

/// The `str` payload at `o`, or the error CPython's macros would not give
/// (they assume a str): a `TypeError` naming the type.
///
/// # Safety
/// `o` must be null or live.
unsafe fn str_at<'a>(o: *mut PyObject) -> PyResult<&'a StrObj> {
    if o.is_null() {
        return Err(crate::object::bad_internal_call());
    }
    // SAFETY: `o` is live; the payload lives as long as the object, which
    // the caller holds.
    match unsafe { abi::payload_ptr::<StrObj>(o) } {
        Some(p) => Ok(unsafe { &*p }),
        // CPython's `PyErr_BadArgument()`.
        None => Err(PyErr::type_error(
            "bad argument type for built-in operation",
        )),
    }
}

/// `PyUnicode_New`: a string of `size` code points up to `maxchar`, for C
/// to fill through `PyUnicode_DATA`/`PyUnicode_WRITE` before sharing it.
pub(crate) unsafe extern "C" fn PyUnicode_New(size: Py_ssize_t, maxchar: Py_UCS4) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        if size < 0 {
            return fail(
                PyErr::new(
                    &types::SYSTEM_ERROR,
                    "Negative size passed to PyUnicode_New",
                ),
                std::ptr::null_mut(),
            );
        }
        if maxchar > 0x10ffff {
            return fail(
                PyErr::new(
                    &types::SYSTEM_ERROR,
                    "invalid maximum character passed to PyUnicode_New",
                ),
                std::ptr::null_mut(),
            );
        }
        new_ref(Value::Obj(StrObj::new_ucs_obj(size as usize, maxchar)))
    })
}

/// `PyUnicode_DATA`: the PEP 393 code-point array (see `StrObj::ucs`).
pub(crate) unsafe extern "C" fn _Typhon_PyUnicode_Data(o: *mut PyObject) -> *mut std::ffi::c_void {
    // SAFETY: `o` is live (contract).
    match unsafe { str_at(o) } {
        Ok(s) => s.ucs().data_ptr().cast(),
        Err(e) => fail(e, std::ptr::null_mut()),
    }
}

/// `PyUnicode_KIND`: 1, 2 or 4.
pub(crate) unsafe extern "C" fn _Typhon_PyUnicode_Kind(o: *mut PyObject) -> c_int {
    // SAFETY: `o` is live (contract).
    match unsafe { str_at(o) } {
        Ok(s) => c_int::from(s.ucs().kind()),
        Err(e) => fail(e, 0),
    }
}

/// `PyUnicode_MAX_CHAR_VALUE` (`PyUnicode_IS_ASCII` is this below 128).
pub(crate) unsafe extern "C" fn _Typhon_PyUnicode_MaxCharValue(o: *mut PyObject) -> Py_UCS4 {
    // SAFETY: `o` is live (contract).
    match unsafe { str_at(o) } {
        Ok(s) => s.ucs().max_char_value(),
        Err(e) => fail(e, 0),
    }
}

/// `PyUnicode_ReadChar` (and `PyUnicode_READ_CHAR`).
pub(crate) unsafe extern "C" fn PyUnicode_ReadChar(o: *mut PyObject, i: Py_ssize_t) -> Py_UCS4 {
    // SAFETY: `o` is live (contract).
    let s = match unsafe { str_at(o) } {
        Ok(s) => s,
        Err(e) => return fail(e, Py_UCS4::MAX),
    };
    let u = s.ucs();
    match usize::try_from(i).ok().filter(|&i| i < u.len()) {
        Some(i) => u.read(i).unwrap_or(Py_UCS4::MAX),
        None => fail(
            PyErr::index_error("string index out of range"),
            Py_UCS4::MAX,
        ),
    }
}

/// `PyUnicode_WriteChar`: only into a string C is still filling.
pub(crate) unsafe extern "C" fn PyUnicode_WriteChar(
    o: *mut PyObject,
    i: Py_ssize_t,
    ch: Py_UCS4,
) -> c_int {
    // SAFETY: `o` is live (contract).
    let s = match unsafe { str_at(o) } {
        Ok(s) => s,
        Err(e) => return fail(e, -1),
    };
    // CPython's order of checks: the index, the string's being in use,
    // the character's range.
    let u = s.ucs();
    let Some(i) = usize::try_from(i).ok().filter(|&i| i < u.len()) else {
        return fail(PyErr::index_error("string index out of range"), -1);
    };
    if !s.ucs_pending() {
        return fail(
            PyErr::new(
                &types::SYSTEM_ERROR,
                "Cannot modify a string currently used",
            ),
            -1,
        );
    }
    if ch > u.max_char_value() {
        return fail(PyErr::value_error("character out of range"), -1);
    }
    u.write(i, ch);
    0
}

/// `PyUnicode_FromKindAndData`: a string from `size` units of `kind` bytes.
pub(crate) unsafe extern "C" fn PyUnicode_FromKindAndData(
    kind: c_int,
    buffer: *const std::ffi::c_void,
    size: Py_ssize_t,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        if size < 0 {
            return fail(
                PyErr::value_error("size must be positive"),
                std::ptr::null_mut(),
            );
        }
        let n = size as usize;
        if n > 0 && buffer.is_null() {
            return fail(crate::object::bad_internal_call(), std::ptr::null_mut());
        }
        // SAFETY: `buffer` holds `size` units of `kind` bytes (contract).
        let points: Vec<u32> = unsafe {
            match kind {
                1 => std::slice::from_raw_parts(buffer.cast::<u8>(), n)
                    .iter()
                    .map(|&c| u32::from(c))
                    .collect(),
                2 => std::slice::from_raw_parts(buffer.cast::<u16>(), n)
                    .iter()
                    .map(|&c| u32::from(c))
                    .collect(),
                4 => std::slice::from_raw_parts(buffer.cast::<u32>(), n).to_vec(),
                _ => {
                    return fail(
                        PyErr::new(&types::SYSTEM_ERROR, "invalid kind"),
                        std::ptr::null_mut(),
                    );
                }
            }
        };
        let mut text = String::with_capacity(n);
        for c in points {
            match char::from_u32(c) {
                Some(ch) => text.push(ch),
                // CPython makes the string with PyUnicode_New(n, max).
                None if c > 0x10ffff => {
                    return fail(
                        PyErr::new(
                            &types::SYSTEM_ERROR,
                            "invalid maximum character passed to PyUnicode_New",
                        ),
                        std::ptr::null_mut(),
                    );
                }
                None => {
                    return fail(
                        PyErr::new(
                            &types::NOT_IMPLEMENTED_ERROR,
                            format!("lone surrogate U+{c:04x} in a str is not supported by typhon"),
                        ),
                        std::ptr::null_mut(),
                    );
                }
            }
        }
        new_ref(Value::Obj(StrObj::from_string(text)))
    })
}

/// `PyUnicode_Join(separator, seq)`: `separator.join(seq)`, a space for a
/// NULL separator.
pub(crate) unsafe extern "C" fn PyUnicode_Join(
    sep: *mut PyObject,
    seq: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: each is NULL (sep only) or live (contract).
        let r = (|| {
            let sep = if sep.is_null() {
                Value::str(" ")
            } else {
                unsafe { arg(sep) }?
            };
            let seq = unsafe { arg(seq) }?;
            crate::state::current_vm(|vm| {
                let join = vm.getattr(&sep, "join")?;
                vm.call(&join, &[seq])
            })?
        })();
        crate::object::ret_obj(r)
    })
}

/// `PyUnicode_Substring(s, start, end)`: the code points `start..end`
/// (`end` clamped to the length).
pub(crate) unsafe extern "C" fn PyUnicode_Substring(
    o: *mut PyObject,
    start: Py_ssize_t,
    end: Py_ssize_t,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `o` is live (contract).
        let s = match unsafe { str_at(o) } {
            Ok(s) => s,
            Err(e) => return fail(e, std::ptr::null_mut()),
        };
        if start < 0 || end < 0 {
            return fail(
                PyErr::index_error("string index out of range"),
                std::ptr::null_mut(),
            );
        }
        let (start, end) = (start as usize, (end as usize).min(s.char_len()));
        let text: String = if start >= end {
            String::new()
        } else {
            s.as_str().chars().skip(start).take(end - start).collect()
        };
        new_ref(Value::Obj(StrObj::from_string(text)))
    })
}
