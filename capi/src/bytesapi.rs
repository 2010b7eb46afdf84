//! The rest of `PyBytes_*` (concatenation in place, conversion, `repr`,
//! escape decoding) and `PyByteArray_*`, with CPython 3.11's errors.
//! (`PyBytes_FromFormatV` is C, in `csrc/format.c`.)

use crate::object::{
    Py_ssize_t, PyObject, arg, bad_internal_call, borrow, fail, guard, new_ref, ret_obj,
};
use crate::state;
use interp::object::types::{self, Kind};
use interp::object::{ByteArrayObj, BytesObj};
use interp::{PyErr, PyResult, Value, Vm};
use std::ffi::{c_char, c_int};

/// Runs `f` with the lent interpreter, as a PyResult.
fn with_vm<T>(f: impl FnOnce(&mut Vm) -> PyResult<T>) -> PyResult<T> {
    state::current_vm(f).and_then(|r| r)
}

fn bytes_value(b: Vec<u8>) -> Value {
    Value::Obj(BytesObj::new_obj(&b))
}

/// `PyBytes_Concat(&bytes, w)`: `bytes` replaced by `bytes + w` (the old
/// reference released); NULL on error.
pub(crate) unsafe extern "C" fn PyBytes_Concat(pv: *mut *mut PyObject, w: *mut PyObject) {
    guard((), || {
        if pv.is_null() {
            return;
        }
        // SAFETY: `*pv` is NULL or an owned reference, `w` NULL or live
        // (contract).
        unsafe {
            let v = *pv;
            if v.is_null() {
                return;
            }
            let res = if w.is_null() {
                std::ptr::null_mut()
            } else {
                ret_obj(concat(v, w))
            };
            crate::protocols::Py_DecRef(v);
            *pv = res;
        }
    })
}

/// `a + b` for [`PyBytes_Concat`]: the bytes of two bytes-like objects.
///
/// # Safety
/// Live objects.
unsafe fn concat(a: *mut PyObject, b: *mut PyObject) -> PyResult<Value> {
    // SAFETY: forwarded.
    let (x, y) = unsafe { (arg(a)?, arg(b)?) };
    let (xb, yb) = match (interp::bytes::buffer(&x), interp::bytes::buffer(&y)) {
        (Some(xb), Some(yb)) => (xb?, yb?),
        _ => {
            return Err(PyErr::type_error(format!(
                "can't concat {:.100} to {:.100}",
                y.type_name(),
                x.type_name()
            )));
        }
    };
    let mut out = Vec::with_capacity(xb.len() + yb.len());
    out.extend_from_slice(&xb);
    out.extend_from_slice(&yb);
    Ok(bytes_value(out))
}

/// `PyBytes_ConcatAndDel(&bytes, w)`: [`PyBytes_Concat`], then `w`
/// released.
pub(crate) unsafe extern "C" fn PyBytes_ConcatAndDel(pv: *mut *mut PyObject, w: *mut PyObject) {
    // SAFETY: forwarded; `w` is NULL or owned (contract).
    unsafe {
        PyBytes_Concat(pv, w);
        crate::protocols::Py_DecRef(w);
    }
}

/// `PyBytes_FromObject(o)`: a bytes object itself; else the bytes of a
/// buffer, or of an iterable of ints (not a str).
pub(crate) unsafe extern "C" fn PyBytes_FromObject(o: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live (contract).
        let r = unsafe { arg(o) }.and_then(|v| {
            if v.kind() == Kind::BYTES {
                return Ok(v);
            }
            if let Some(b) = interp::bytes::buffer(&v) {
                return Ok(bytes_value(b?.to_vec()));
            }
            let cannot = || {
                PyErr::type_error(format!(
                    "cannot convert '{:.200}' object to bytes",
                    v.type_name()
                ))
            };
            if crate::strapi::is_str(&v) {
                return Err(cannot());
            }
            with_vm(|vm| {
                let it = match interp::ops::get_iter(vm, &v) {
                    Ok(it) => it,
                    Err(e) if e.matches(types::TYPE_ERROR.get()) => return Err(cannot()),
                    Err(e) => return Err(e),
                };
                let mut out = Vec::new();
                while let Some(item) = interp::ops::iter_next(vm, &it)? {
                    out.push(byte_of(vm, &item)?);
                }
                Ok(bytes_value(out))
            })
        });
        ret_obj(r)
    })
}

/// An item of an iterable made into bytes: an integer in 0..256.
fn byte_of(vm: &mut Vm, v: &Value) -> PyResult<u8> {
    match interp::bytes::index_value(vm, v)? {
        Value::Int(i) if (0..256).contains(&i) => Ok(i as u8),
        Value::Bool(b) => Ok(b as u8),
        _ => Err(PyErr::value_error("bytes must be in range(0, 256)")),
    }
}

/// `PyBytes_Repr(o, smartquotes)`: `repr(o)` of a bytes object; with
/// `smartquotes` 0 the quotes are always single ones.
pub(crate) unsafe extern "C" fn PyBytes_Repr(
    o: *mut PyObject,
    smartquotes: c_int,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live (contract).
        let v = match unsafe { borrow(o) } {
            Some(b) => b.value(),
            None => return fail(bad_internal_call(), std::ptr::null_mut()),
        };
        let Some(b) = v.downcast::<BytesObj>() else {
            return fail(
                PyErr::type_error(format!("expected bytes, {} found", v.type_name())),
                std::ptr::null_mut(),
            );
        };
        let b = b.as_bytes();
        let quote = if smartquotes != 0 && b.contains(&b'\'') && !b.contains(&b'"') {
            b'"'
        } else {
            b'\''
        };
        let mut s = String::with_capacity(b.len() + 3);
        s.push('b');
        s.push(quote as char);
        for &c in b {
            match c {
                b'\\' => s.push_str("\\\\"),
                b'\t' => s.push_str("\\t"),
                b'\n' => s.push_str("\\n"),
                b'\r' => s.push_str("\\r"),
                c if c == quote => {
                    s.push('\\');
                    s.push(c as char);
                }
                0x20..=0x7e => s.push(c as char),
                c => s.push_str(&format!("\\x{c:02x}")),
            }
        }
        s.push(quote as char);
        new_ref(Value::string(s))
    })
}

/// `PyBytes_DecodeEscape(s, len, errors, unused, unused)`: the escapes
/// of a bytes literal decoded (`\n`, `\x41`, `\101`, a backslash and a
/// newline dropped; an unknown escape is kept, with CPython's
/// DeprecationWarning).
pub(crate) unsafe extern "C" fn PyBytes_DecodeEscape(
    s: *const c_char,
    len: Py_ssize_t,
    errors: *const c_char,
    _unicode: Py_ssize_t,
    _recode: *const c_char,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        if len < 0 || (s.is_null() && len > 0) {
            return fail(bad_internal_call(), std::ptr::null_mut());
        }
        let src: &[u8] = if len == 0 {
            &[]
        } else {
            // SAFETY: `s` holds `len` bytes (contract).
            unsafe { std::slice::from_raw_parts(s.cast::<u8>(), len as usize) }
        };
        let errors = if errors.is_null() {
            None
        } else {
            // SAFETY: a C string (contract).
            Some(unsafe { std::ffi::CStr::from_ptr(errors) }.to_bytes())
        };
        match decode_escape(src, errors) {
            Ok((out, invalid)) => {
                if let Some(c) = invalid {
                    let msg = format!("invalid escape sequence '\\{}'\0", c as char);
                    let cat = &types::DEPRECATION_WARNING as *const abi::StaticType;
                    // SAFETY: a static exception type and a C string.
                    let r = unsafe {
                        crate::errors::PyErr_WarnEx(cat as *mut PyObject, msg.as_ptr().cast(), 1)
                    };
                    if r < 0 {
                        return std::ptr::null_mut();
                    }
                }
                new_ref(bytes_value(out))
            }
            Err(e) => fail(e, std::ptr::null_mut()),
        }
    })
}

/// The escape decoding of [`PyBytes_DecodeEscape`]: the bytes and the
/// first unknown escape character, if any.
fn decode_escape(src: &[u8], errors: Option<&[u8]>) -> PyResult<(Vec<u8>, Option<u8>)> {
    let mut out = Vec::with_capacity(src.len());
    let mut invalid = None;
    let mut i = 0;
    let hex = |c: u8| (c as char).to_digit(16);
    while i < src.len() {
        let c = src[i];
        if c != b'\\' {
            out.push(c);
            i += 1;
            continue;
        }
        let at = i;
        i += 1;
        let Some(&e) = src.get(i) else {
            return Err(PyErr::value_error("Trailing \\ in string"));
        };
        i += 1;
        match e {
            b'\n' => {}
            b'\\' => out.push(b'\\'),
            b'\'' => out.push(b'\''),
            b'"' => out.push(b'"'),
            b'b' => out.push(8),
            b'f' => out.push(12),
            b't' => out.push(b'\t'),
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b'v' => out.push(11),
            b'a' => out.push(7),
            b'0'..=b'7' => {
                let mut v = u32::from(e - b'0');
                for _ in 0..2 {
                    match src.get(i) {
                        Some(&d @ b'0'..=b'7') => {
                            v = v * 8 + u32::from(d - b'0');
                            i += 1;
                        }
                        _ => break,
                    }
                }
                out.push(v as u8);
            }
            b'x' => {
                let pair = (
                    src.get(i).and_then(|&c| hex(c)),
                    src.get(i + 1).and_then(|&c| hex(c)),
                );
                if let (Some(h), Some(l)) = pair {
                    out.push((h * 16 + l) as u8);
                    i += 2;
                    continue;
                }
                match errors {
                    None | Some(b"strict") => {
                        return Err(PyErr::value_error(format!(
                            "invalid \\x escape at position {at}"
                        )));
                    }
                    Some(b"replace") => out.push(b'?'),
                    Some(b"ignore") => {}
                    Some(other) => {
                        return Err(PyErr::value_error(format!(
                            "decoding error; unknown error handling code: {:.400}",
                            String::from_utf8_lossy(other)
                        )));
                    }
                }
                if pair.0.is_some() {
                    i += 1;
                }
            }
            other => {
                invalid.get_or_insert(other);
                out.push(b'\\');
                out.push(other);
            }
        }
    }
    Ok((out, invalid))
}

// ----- bytearray ----------------------------------------------------------------

/// `PyByteArray_FromStringAndSize(s, n)`: a bytearray of the `n` bytes at
/// `s` (zeros when `s` is NULL).
pub(crate) unsafe extern "C" fn PyByteArray_FromStringAndSize(
    s: *const c_char,
    n: Py_ssize_t,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        if n < 0 {
            return fail(
                PyErr::new(
                    &types::SYSTEM_ERROR,
                    "Negative size passed to PyByteArray_FromStringAndSize",
                ),
                std::ptr::null_mut(),
            );
        }
        let data = if s.is_null() || n == 0 {
            vec![0u8; n as usize]
        } else {
            // SAFETY: `s` holds `n` bytes (contract).
            unsafe { std::slice::from_raw_parts(s.cast::<u8>(), n as usize) }.to_vec()
        };
        new_ref(Value::Obj(ByteArrayObj::new_obj(data)))
    })
}

/// `PyByteArray_FromObject(o)`: `bytearray(o)`.
pub(crate) unsafe extern "C" fn PyByteArray_FromObject(o: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live (contract).
        let r = unsafe { arg(o) }
            .and_then(|v| with_vm(|vm| vm.call(&Value::from_type(&types::BYTEARRAY), &[v])));
        ret_obj(r)
    })
}

/// The bytearray payload at `o`.
///
/// # Safety
/// `o` must be null or live, and outlive the reference.
unsafe fn bytearray_at<'a>(o: *mut PyObject) -> PyResult<&'a ByteArrayObj> {
    if o.is_null() {
        return Err(bad_internal_call());
    }
    // SAFETY: forwarded; the payload lives as long as the object.
    match unsafe { abi::payload_ptr::<ByteArrayObj>(o) } {
        Some(p) => Ok(unsafe { &*p }),
        None => Err(bad_internal_call()),
    }
}

/// `PyByteArray_AsString(o)`: the bytes, followed by a zero byte (valid
/// until the bytearray changes size).
pub(crate) unsafe extern "C" fn PyByteArray_AsString(o: *mut PyObject) -> *mut c_char {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live (contract).
        let r = unsafe { bytearray_at(o) }.and_then(|b| {
            let mut d = b.write()?;
            d.reserve(1);
            let n = d.len();
            // SAFETY: `reserve` left room for one more byte past the end,
            // which is spare capacity: writing it changes no element.
            unsafe { *d.as_mut_ptr().add(n) = 0 };
            Ok(d.as_mut_ptr().cast::<c_char>())
        });
        r.unwrap_or_else(|e| fail(e, std::ptr::null_mut()))
    })
}

/// `PyByteArray_Size(o)`.
pub(crate) unsafe extern "C" fn PyByteArray_Size(o: *mut PyObject) -> Py_ssize_t {
    // SAFETY: live (contract).
    match unsafe { bytearray_at(o) } {
        Ok(b) => b.len() as Py_ssize_t,
        Err(e) => fail(e, -1),
    }
}

/// `PyByteArray_Concat(a, b)`: a new bytearray of the bytes of two
/// bytes-like objects.
pub(crate) unsafe extern "C" fn PyByteArray_Concat(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live (contract).
        let r = (|| unsafe {
            let (x, y) = (arg(a)?, arg(b)?);
            match (interp::bytes::buffer(&x), interp::bytes::buffer(&y)) {
                (Some(xb), Some(yb)) => {
                    let (xb, yb) = (xb?, yb?);
                    let mut out = Vec::with_capacity(xb.len() + yb.len());
                    out.extend_from_slice(&xb);
                    out.extend_from_slice(&yb);
                    Ok(Value::Obj(ByteArrayObj::new_obj(out)))
                }
                _ => Err(PyErr::type_error(format!(
                    "can't concat {:.100} to {:.100}",
                    y.type_name(),
                    x.type_name()
                ))),
            }
        })();
        ret_obj(r)
    })
}

/// `PyByteArray_Resize(o, n)`: `n` bytes long (new bytes are zero);
/// BufferError while buffers of it are exported.
pub(crate) unsafe extern "C" fn PyByteArray_Resize(o: *mut PyObject, n: Py_ssize_t) -> c_int {
    guard(-1, || {
        // SAFETY: live (contract).
        let r = unsafe { bytearray_at(o) }.and_then(|b| {
            if n < 0 {
                return Err(PyErr::value_error(format!(
                    "Can only resize to positive sizes, got {n}"
                )));
            }
            b.resize(n as usize, |d| d.resize(n as usize, 0))
        });
        match r {
            Ok(()) => 0,
            Err(e) => fail(e, -1),
        }
    })
}

/// `PyMemoryView_FromObject(o)`: `memoryview(o)`.
pub(crate) unsafe extern "C" fn PyMemoryView_FromObject(o: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live (contract).
        let r = unsafe { arg(o) }
            .and_then(|v| with_vm(|vm| vm.call(&Value::from_type(&types::MEMORYVIEW), &[v])));
        ret_obj(r)
    })
}
