//! The `PyUnicode_*` functions that are `str` methods or codecs seen from
//! C: searching, splitting, replacing, comparing and formatting (each runs
//! the `str` method of the same name on an exact `str`, so results and
//! errors are the method's), the codecs Typhon has (UTF-8, Latin-1,
//! ASCII: `interp::codec`), the UCS-4 and `wchar_t` copies, and the
//! in-place helpers (`Append`, `InternInPlace`).
//!
//! CPython checks its arguments with `ensure_unicode` ("must be str, not
//! T") and `PyErr_BadArgument` ("bad argument type for built-in
//! operation"); each function below raises what its CPython counterpart
//! raises.

use crate::object::{Py_ssize_t, PyObject, arg, bad_internal_call, borrow, fail, guard, ret_obj};
use crate::state;
use crate::unicode::Py_UCS4;
use interp::codec::{self, Encoding, Errors};
use interp::object::types;
use interp::object::{BytesObj, StrObj};
use interp::{PyErr, PyResult, Value, Vm};
use std::ffi::{c_char, c_int};

/// C's `wchar_t` (32 bits on the platforms Typhon supports).
#[allow(non_camel_case_types)]
pub type wchar_t = i32;

/// Runs `f` with the lent interpreter, as a PyResult.
fn with_vm<T>(f: impl FnOnce(&mut Vm) -> PyResult<T>) -> PyResult<T> {
    state::current_vm(f).and_then(|r| r)
}

/// Whether `v` is a `str` or of a class deriving from it
/// (`PyUnicode_Check`).
pub(crate) fn is_str(v: &Value) -> bool {
    v.type_of().tp_flags & abi::TPFLAGS_UNICODE_SUBCLASS != 0
}

/// The exact `str` a `str` (or an instance of a class deriving from it)
/// holds.
fn exact(v: Value) -> PyResult<Value> {
    if std::ptr::eq(v.type_of(), types::STR.get()) {
        return Ok(v);
    }
    with_vm(|vm| interp::subclass::exact_copy(vm, &v))
}

/// CPython's `ensure_unicode`: the argument as an exact `str`, else
/// `TypeError: must be str, not T`.
///
/// # Safety
/// `p` must be null or live.
unsafe fn ensure(p: *mut PyObject) -> PyResult<Value> {
    // SAFETY: forwarded.
    let v = unsafe { arg(p) }?;
    if !is_str(&v) {
        return Err(PyErr::type_error(format!(
            "must be str, not {:.100}",
            v.type_name()
        )));
    }
    exact(v)
}

/// CPython's `PyErr_BadArgument()`.
fn bad_argument() -> PyErr {
    PyErr::type_error("bad argument type for built-in operation")
}

/// The argument as an exact `str`, else `PyErr_BadArgument()`'s error.
///
/// # Safety
/// `p` must be null or live.
unsafe fn str_or_bad_argument(p: *mut PyObject) -> PyResult<Value> {
    // SAFETY: forwarded.
    let v = unsafe { arg(p) }?;
    if !is_str(&v) {
        return Err(bad_argument());
    }
    exact(v)
}

/// `v.name(*args)`.
fn method(v: &Value, name: &str, args: &[Value]) -> PyResult<Value> {
    with_vm(|vm| {
        let f = vm.getattr(v, name)?;
        vm.call(&f, args)
    })
}

/// The text of an exact `str` value.
fn text(v: &Value) -> &str {
    v.as_str().unwrap_or("")
}

/// An int result as a `Py_ssize_t` (the methods called return ints).
fn ssize(v: &Value) -> Py_ssize_t {
    match v {
        Value::Int(i) => *i as Py_ssize_t,
        Value::Bool(b) => *b as Py_ssize_t,
        _ => -1,
    }
}

/// `PyUnicode_Split(s, sep, maxsplit)`: `s.split(sep, maxsplit)` (a NULL
/// `sep` splits at whitespace).
pub(crate) unsafe extern "C" fn PyUnicode_Split(
    s: *mut PyObject,
    sep: *mut PyObject,
    maxsplit: Py_ssize_t,
) -> *mut PyObject {
    // SAFETY: live or NULL (contract).
    guard(std::ptr::null_mut(), || unsafe {
        split(s, sep, maxsplit, "split")
    })
}

/// `PyUnicode_RSplit(s, sep, maxsplit)`: `s.rsplit(sep, maxsplit)`.
pub(crate) unsafe extern "C" fn PyUnicode_RSplit(
    s: *mut PyObject,
    sep: *mut PyObject,
    maxsplit: Py_ssize_t,
) -> *mut PyObject {
    // SAFETY: live or NULL (contract).
    guard(std::ptr::null_mut(), || unsafe {
        split(s, sep, maxsplit, "rsplit")
    })
}

/// # Safety
/// Live objects, `sep` possibly NULL.
unsafe fn split(
    s: *mut PyObject,
    sep: *mut PyObject,
    maxsplit: Py_ssize_t,
    name: &str,
) -> *mut PyObject {
    let r = (|| {
        // SAFETY: forwarded.
        let s = unsafe { ensure(s) }?;
        let sep = if sep.is_null() {
            Value::None
        } else {
            // SAFETY: forwarded.
            unsafe { ensure(sep) }?
        };
        method(&s, name, &[sep, Value::Int(maxsplit as i64)])
    })();
    ret_obj(r)
}

/// `PyUnicode_Splitlines(s, keepends)`: `s.splitlines(keepends)`.
pub(crate) unsafe extern "C" fn PyUnicode_Splitlines(
    s: *mut PyObject,
    keepends: c_int,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live (contract).
        let r = unsafe { ensure(s) }
            .and_then(|s| method(&s, "splitlines", &[Value::Bool(keepends != 0)]));
        ret_obj(r)
    })
}

/// `PyUnicode_Partition(s, sep)`: `s.partition(sep)`.
pub(crate) unsafe extern "C" fn PyUnicode_Partition(
    s: *mut PyObject,
    sep: *mut PyObject,
) -> *mut PyObject {
    // SAFETY: live (contract).
    guard(std::ptr::null_mut(), || unsafe {
        two_str(s, sep, "partition")
    })
}

/// `PyUnicode_RPartition(s, sep)`: `s.rpartition(sep)`.
pub(crate) unsafe extern "C" fn PyUnicode_RPartition(
    s: *mut PyObject,
    sep: *mut PyObject,
) -> *mut PyObject {
    // SAFETY: live (contract).
    guard(std::ptr::null_mut(), || unsafe {
        two_str(s, sep, "rpartition")
    })
}

/// # Safety
/// Live objects.
unsafe fn two_str(s: *mut PyObject, x: *mut PyObject, name: &str) -> *mut PyObject {
    // SAFETY: forwarded.
    let r = (|| unsafe {
        let s = ensure(s)?;
        let x = ensure(x)?;
        method(&s, name, &[x])
    })();
    ret_obj(r)
}

/// `PyUnicode_Find(s, sub, start, end, direction)`: `s.find(sub, start,
/// end)` (direction > 0) or `s.rfind(...)`; -2 with an exception.
pub(crate) unsafe extern "C" fn PyUnicode_Find(
    s: *mut PyObject,
    sub: *mut PyObject,
    start: Py_ssize_t,
    end: Py_ssize_t,
    direction: c_int,
) -> Py_ssize_t {
    guard(-2, || {
        // SAFETY: live (contract).
        let r = (|| unsafe {
            let s = ensure(s)?;
            let sub = ensure(sub)?;
            let name = if direction > 0 { "find" } else { "rfind" };
            method(
                &s,
                name,
                &[sub, Value::Int(start as i64), Value::Int(end as i64)],
            )
        })();
        match r {
            Ok(v) => ssize(&v),
            Err(e) => fail(e, -2),
        }
    })
}

/// CPython's `ADJUST_INDICES`: `start` and `end` as a slice reads them,
/// for a string of `len` code points.
fn adjust(start: Py_ssize_t, end: Py_ssize_t, len: Py_ssize_t) -> (Py_ssize_t, Py_ssize_t) {
    let end = if end > len {
        len
    } else if end < 0 {
        (end + len).max(0)
    } else {
        end
    };
    let start = if start < 0 {
        (start + len).max(0)
    } else {
        start
    };
    (start, end)
}

/// `PyUnicode_FindChar(s, ch, start, end, direction)`: the index of the
/// first (direction > 0) or last `ch` in `s[start:end]`, -1 if none, -2
/// with an exception.
pub(crate) unsafe extern "C" fn PyUnicode_FindChar(
    s: *mut PyObject,
    ch: Py_UCS4,
    start: Py_ssize_t,
    end: Py_ssize_t,
    direction: c_int,
) -> Py_ssize_t {
    guard(-2, || {
        // SAFETY: live (contract).
        let v = match unsafe { str_or_bad_argument(s) } {
            Ok(v) => v,
            Err(e) => return fail(e, -2),
        };
        let Some(so) = v.downcast::<StrObj>() else {
            return -1;
        };
        let (start, end) = adjust(start, end, so.char_len() as Py_ssize_t);
        if end - start < 1 {
            return -1;
        }
        let Some(c) = char::from_u32(ch) else {
            return -1;
        };
        let window = so
            .as_str()
            .chars()
            .enumerate()
            .skip(start as usize)
            .take((end - start) as usize);
        let found = if direction > 0 {
            window.filter(|&(_, x)| x == c).map(|(i, _)| i).next()
        } else {
            window.filter(|&(_, x)| x == c).map(|(i, _)| i).last()
        };
        found.map_or(-1, |i| i as Py_ssize_t)
    })
}

/// `PyUnicode_Count(s, sub, start, end)`: `s.count(sub, start, end)`; -1
/// with an exception.
pub(crate) unsafe extern "C" fn PyUnicode_Count(
    s: *mut PyObject,
    sub: *mut PyObject,
    start: Py_ssize_t,
    end: Py_ssize_t,
) -> Py_ssize_t {
    guard(-1, || {
        // SAFETY: live (contract).
        let r = (|| unsafe {
            let s = ensure(s)?;
            let sub = ensure(sub)?;
            method(
                &s,
                "count",
                &[sub, Value::Int(start as i64), Value::Int(end as i64)],
            )
        })();
        match r {
            Ok(v) => ssize(&v),
            Err(e) => fail(e, -1),
        }
    })
}

/// `PyUnicode_Replace(s, old, new, maxcount)`: `s.replace(old, new,
/// maxcount)` (a negative count replaces all).
pub(crate) unsafe extern "C" fn PyUnicode_Replace(
    s: *mut PyObject,
    old: *mut PyObject,
    new: *mut PyObject,
    maxcount: Py_ssize_t,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live (contract).
        let r = (|| unsafe {
            let s = ensure(s)?;
            let old = ensure(old)?;
            let new = ensure(new)?;
            method(&s, "replace", &[old, new, Value::Int(maxcount as i64)])
        })();
        ret_obj(r)
    })
}

/// `PyUnicode_Tailmatch(s, sub, start, end, direction)`: 1 if
/// `s[start:end]` ends (direction > 0) or starts with `sub`, else 0; -1
/// with an exception.
pub(crate) unsafe extern "C" fn PyUnicode_Tailmatch(
    s: *mut PyObject,
    sub: *mut PyObject,
    start: Py_ssize_t,
    end: Py_ssize_t,
    direction: c_int,
) -> Py_ssize_t {
    guard(-1, || {
        // SAFETY: live (contract).
        let r = (|| unsafe {
            let s = ensure(s)?;
            let sub = ensure(sub)?;
            let name = if direction > 0 {
                "endswith"
            } else {
                "startswith"
            };
            method(
                &s,
                name,
                &[sub, Value::Int(start as i64), Value::Int(end as i64)],
            )
        })();
        match r {
            Ok(v) => ssize(&v),
            Err(e) => fail(e, -1),
        }
    })
}

/// `PyUnicode_Contains(s, sub)`: `sub in s` (1 or 0), -1 with an
/// exception.
pub(crate) unsafe extern "C" fn PyUnicode_Contains(s: *mut PyObject, sub: *mut PyObject) -> c_int {
    guard(-1, || {
        // SAFETY: live (contract).
        let r = (|| unsafe {
            let x = arg(sub)?;
            if !is_str(&x) {
                return Err(PyErr::type_error(format!(
                    "'in <string>' requires string as left operand, not {:.100}",
                    x.type_name()
                )));
            }
            let x = exact(x)?;
            let s = ensure(s)?;
            Ok(text(&s).contains(text(&x)))
        })();
        match r {
            Ok(b) => b as c_int,
            Err(e) => fail(e, -1),
        }
    })
}

/// `PyUnicode_RichCompare(a, b, op)`: the comparison of two strings by
/// code points, `NotImplemented` unless both are strings.
pub(crate) unsafe extern "C" fn PyUnicode_RichCompare(
    a: *mut PyObject,
    b: *mut PyObject,
    op: c_int,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live (contract).
        let r = (|| unsafe {
            let (x, y) = (arg(a)?, arg(b)?);
            if !is_str(&x) || !is_str(&y) {
                return Ok(Value::Obj(interp::object::ObjRef::from_static_object(
                    &interp::object::value::NOT_IMPLEMENTED,
                )));
            }
            let (x, y) = (exact(x)?, exact(y)?);
            let o = text(&x).cmp(text(&y));
            use std::cmp::Ordering::*;
            let r = match op {
                0 => o == Less,
                1 => o != Greater,
                2 => o == Equal,
                3 => o != Equal,
                4 => o == Greater,
                5 => o != Less,
                _ => return Err(bad_internal_call()),
            };
            Ok(Value::Bool(r))
        })();
        ret_obj(r)
    })
}

/// `PyUnicode_Format(format, args)`: `format % args`.
pub(crate) unsafe extern "C" fn PyUnicode_Format(
    format: *mut PyObject,
    args: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        if format.is_null() || args.is_null() {
            return fail(bad_internal_call(), std::ptr::null_mut());
        }
        // SAFETY: live (contract).
        let r = (|| unsafe {
            let f = ensure(format)?;
            let a = arg(args)?;
            with_vm(|vm| interp::percent::format(vm, text(&f), &a))
        })();
        ret_obj(r)
    })
}

/// `PyUnicode_IsIdentifier(s)`: 1 if `s.isidentifier()`, else 0.
pub(crate) unsafe extern "C" fn PyUnicode_IsIdentifier(s: *mut PyObject) -> c_int {
    guard(-1, || {
        // SAFETY: live (contract).
        let r = unsafe { str_or_bad_argument(s) }.and_then(|s| method(&s, "isidentifier", &[]));
        match r {
            Ok(v) => ssize(&v) as c_int,
            Err(e) => fail(e, -1),
        }
    })
}

/// `PyUnicode_Translate(s, table, errors)`: `s.translate(table)` (the
/// error handler is not used: unmapped characters are kept, as
/// `str.translate` keeps them).
pub(crate) unsafe extern "C" fn PyUnicode_Translate(
    s: *mut PyObject,
    table: *mut PyObject,
    _errors: *const c_char,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live (contract).
        let r = (|| unsafe {
            let s = ensure(s)?;
            let t = arg(table)?;
            method(&s, "translate", &[t])
        })();
        ret_obj(r)
    })
}

/// `PyUnicode_FromObject(o)`: a `str` itself, the exact `str` of an
/// instance of a class deriving from `str`, else TypeError.
pub(crate) unsafe extern "C" fn PyUnicode_FromObject(o: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live (contract).
        let r = unsafe { arg(o) }.and_then(|v| {
            if !is_str(&v) {
                return Err(PyErr::type_error(format!(
                    "Can't convert '{:.100}' object to str implicitly",
                    v.type_name()
                )));
            }
            exact(v)
        });
        ret_obj(r)
    })
}

/// `PyUnicode_GetDefaultEncoding()`: `"utf-8"`.
pub(crate) unsafe extern "C" fn PyUnicode_GetDefaultEncoding() -> *const c_char {
    c"utf-8".as_ptr()
}

/// `PyUnicode_InternInPlace(&s)`: Typhon does not intern strings, so the
/// string stays as it is.
pub(crate) unsafe extern "C" fn PyUnicode_InternInPlace(_p: *mut *mut PyObject) {}

/// `PyUnicode_InternImmortal(&s)`: as [`PyUnicode_InternInPlace`].
pub(crate) unsafe extern "C" fn PyUnicode_InternImmortal(_p: *mut *mut PyObject) {}

/// `PyUnicode_Append(&left, right)`: `left` replaced by `left + right`
/// (the old reference released); on error `left` becomes NULL.
pub(crate) unsafe extern "C" fn PyUnicode_Append(p: *mut *mut PyObject, right: *mut PyObject) {
    guard((), || {
        if p.is_null() {
            if !state::error_pending() {
                state::set_error(bad_internal_call());
            }
            return;
        }
        // SAFETY: `p` is writable and holds NULL or an owned reference
        // (contract).
        unsafe {
            let left = *p;
            let ok = !left.is_null()
                && !right.is_null()
                && borrow(left).is_some_and(|l| is_str(&l.value()))
                && borrow(right).is_some_and(|r| is_str(&r.value()));
            let res = if ok {
                crate::unicode::PyUnicode_Concat(left, right)
            } else {
                if !state::error_pending() {
                    state::set_error(bad_internal_call());
                }
                std::ptr::null_mut()
            };
            crate::protocols::Py_DecRef(left);
            *p = res;
        }
    })
}

/// `PyUnicode_AppendAndDel(&left, right)`: [`PyUnicode_Append`], then
/// `right` released.
pub(crate) unsafe extern "C" fn PyUnicode_AppendAndDel(
    p: *mut *mut PyObject,
    right: *mut PyObject,
) {
    // SAFETY: forwarded; `right` is an owned reference or NULL (contract).
    unsafe {
        PyUnicode_Append(p, right);
        crate::protocols::Py_DecRef(right);
    }
}

// ----- codecs -----------------------------------------------------------------

/// The C string at `p`, or `default` for NULL.
///
/// # Safety
/// `p` must be null or a NUL-terminated string.
unsafe fn name_or(p: *const c_char, default: &str) -> PyResult<&str> {
    if p.is_null() {
        return Ok(default);
    }
    // SAFETY: forwarded.
    unsafe { crate::object::c_str(p) }
}

/// Runs a codec with the error handler called `errors`. CPython looks a
/// handler up only when it needs one, so an unknown name is an error only
/// when the data has something to handle.
fn with_errors<T>(errors: &str, run: impl Fn(Errors) -> PyResult<T>) -> PyResult<T> {
    match codec::errors(errors) {
        Ok(e) => run(e),
        Err(lookup) => run(Errors::Strict).map_err(|_| lookup),
    }
}

/// Decodes `b` with the codec called `encoding`.
fn decode_with(b: &[u8], encoding: &str, errors: &str) -> PyResult<Value> {
    let enc = codec::encoding(encoding)?;
    with_errors(errors, |e| codec::decode(b, enc, e)).map(Value::string)
}

/// Encodes `s` with the codec called `encoding`.
fn encode_with(s: &str, encoding: Encoding, errors: &str) -> PyResult<Value> {
    with_errors(errors, |e| codec::encode(s, encoding, e))
        .map(|b| Value::Obj(BytesObj::new_obj(&b)))
}

/// The bytes `s[..n]`.
///
/// # Safety
/// `s` must point to `n` readable bytes, or be NULL with `n` 0.
unsafe fn bytes_in<'a>(s: *const c_char, n: Py_ssize_t) -> PyResult<&'a [u8]> {
    if n < 0 {
        return Err(bad_internal_call());
    }
    if n == 0 {
        return Ok(&[]);
    }
    if s.is_null() {
        return Err(bad_internal_call());
    }
    // SAFETY: forwarded.
    Ok(unsafe { std::slice::from_raw_parts(s.cast::<u8>(), n as usize) })
}

/// # Safety
/// As [`bytes_in`]; `encoding` and `errors` NULL or C strings.
unsafe fn decode_c(
    s: *const c_char,
    n: Py_ssize_t,
    encoding: &str,
    errors: *const c_char,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: forwarded.
        let r = (|| unsafe {
            let b = bytes_in(s, n)?;
            decode_with(b, encoding, name_or(errors, "strict")?)
        })();
        ret_obj(r)
    })
}

/// `PyUnicode_Decode(s, size, encoding, errors)`: the bytes decoded with
/// `encoding` (UTF-8 when NULL).
pub(crate) unsafe extern "C" fn PyUnicode_Decode(
    s: *const c_char,
    n: Py_ssize_t,
    encoding: *const c_char,
    errors: *const c_char,
) -> *mut PyObject {
    // SAFETY: forwarded (contract).
    let enc = match unsafe { name_or(encoding, "utf-8") } {
        Ok(e) => e,
        Err(e) => return fail(e, std::ptr::null_mut()),
    };
    // SAFETY: forwarded (contract).
    unsafe { decode_c(s, n, enc, errors) }
}

/// `PyUnicode_DecodeUTF8(s, size, errors)`.
pub(crate) unsafe extern "C" fn PyUnicode_DecodeUTF8(
    s: *const c_char,
    n: Py_ssize_t,
    errors: *const c_char,
) -> *mut PyObject {
    // SAFETY: forwarded (contract).
    unsafe { decode_c(s, n, "utf-8", errors) }
}

/// `PyUnicode_DecodeASCII(s, size, errors)`.
pub(crate) unsafe extern "C" fn PyUnicode_DecodeASCII(
    s: *const c_char,
    n: Py_ssize_t,
    errors: *const c_char,
) -> *mut PyObject {
    // SAFETY: forwarded (contract).
    unsafe { decode_c(s, n, "ascii", errors) }
}

/// `PyUnicode_DecodeLatin1(s, size, errors)`.
pub(crate) unsafe extern "C" fn PyUnicode_DecodeLatin1(
    s: *const c_char,
    n: Py_ssize_t,
    errors: *const c_char,
) -> *mut PyObject {
    // SAFETY: forwarded (contract).
    unsafe { decode_c(s, n, "latin-1", errors) }
}

/// # Safety
/// `o` live; `errors` NULL or a C string.
unsafe fn encode_c(
    o: *mut PyObject,
    enc: PyResult<Encoding>,
    errors: *const c_char,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: forwarded.
        let r = (|| unsafe {
            let s = str_or_bad_argument(o)?;
            encode_with(text(&s), enc?, name_or(errors, "strict")?)
        })();
        ret_obj(r)
    })
}

/// `PyUnicode_AsEncodedString(s, encoding, errors)`: `s.encode(encoding,
/// errors)` (UTF-8 when `encoding` is NULL).
pub(crate) unsafe extern "C" fn PyUnicode_AsEncodedString(
    o: *mut PyObject,
    encoding: *const c_char,
    errors: *const c_char,
) -> *mut PyObject {
    // SAFETY: C string or NULL (contract).
    let enc = unsafe { name_or(encoding, "utf-8") }.and_then(codec::encoding);
    // SAFETY: forwarded.
    unsafe { encode_c(o, enc, errors) }
}

/// `PyUnicode_AsASCIIString(s)`.
pub(crate) unsafe extern "C" fn PyUnicode_AsASCIIString(o: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe { encode_c(o, Ok(Encoding::Ascii), std::ptr::null()) }
}

/// `PyUnicode_AsLatin1String(s)`.
pub(crate) unsafe extern "C" fn PyUnicode_AsLatin1String(o: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe { encode_c(o, Ok(Encoding::Latin1), std::ptr::null()) }
}

/// `PyUnicode_FromEncodedObject(o, encoding, errors)`: a bytes-like
/// object decoded.
pub(crate) unsafe extern "C" fn PyUnicode_FromEncodedObject(
    o: *mut PyObject,
    encoding: *const c_char,
    errors: *const c_char,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live, C strings or NULL (contract).
        let r = (|| unsafe {
            let v = arg(o)?;
            let enc = name_or(encoding, "utf-8")?;
            let errs = name_or(errors, "strict")?;
            if is_str(&v) {
                return Err(PyErr::type_error("decoding str is not supported"));
            }
            match interp::bytes::buffer(&v) {
                Some(b) => {
                    let b = b?;
                    if b.is_empty() && v.kind() == types::Kind::BYTES {
                        return Ok(Value::str(""));
                    }
                    decode_with(&b, enc, errs)
                }
                None => Err(PyErr::type_error(format!(
                    "decoding to str: need a bytes-like object, {:.80} found",
                    v.type_name()
                ))),
            }
        })();
        ret_obj(r)
    })
}

// ----- UCS-4 and wchar_t --------------------------------------------------------

/// The code points of the `str` at `o`, or `PyErr_BadArgument()`'s error.
///
/// # Safety
/// `o` must be null or live.
unsafe fn code_points(o: *mut PyObject) -> PyResult<Vec<u32>> {
    // SAFETY: forwarded.
    let v = unsafe { str_or_bad_argument(o) }?;
    Ok(text(&v).chars().map(u32::from).collect())
}

/// `PyUnicode_AsUCS4(s, buffer, buflen, copy_null)`: the code points into
/// `buffer` (and a zero after them if `copy_null`); SystemError if they do
/// not fit.
pub(crate) unsafe extern "C" fn PyUnicode_AsUCS4(
    o: *mut PyObject,
    buffer: *mut Py_UCS4,
    buflen: Py_ssize_t,
    copy_null: c_int,
) -> *mut Py_UCS4 {
    guard(std::ptr::null_mut(), || {
        if buffer.is_null() || buflen < 0 {
            return fail(bad_internal_call(), std::ptr::null_mut());
        }
        // SAFETY: live (contract).
        let points = match unsafe { code_points(o) } {
            Ok(p) => p,
            Err(e) => return fail(e, std::ptr::null_mut()),
        };
        let need = points.len() + usize::from(copy_null != 0);
        if (buflen as usize) < need {
            if copy_null != 0 && buflen > 0 {
                // SAFETY: `buffer` holds `buflen` > 0 units (contract).
                unsafe { *buffer = 0 };
            }
            return fail(
                PyErr::new(&types::SYSTEM_ERROR, "string is longer than the buffer"),
                std::ptr::null_mut(),
            );
        }
        // SAFETY: `buffer` holds at least `need` units (checked).
        unsafe {
            std::ptr::copy_nonoverlapping(points.as_ptr(), buffer, points.len());
            if copy_null != 0 {
                *buffer.add(points.len()) = 0;
            }
        }
        buffer
    })
}

/// `PyUnicode_AsUCS4Copy(s)`: the code points and a zero in a new
/// `PyMem_Malloc` block.
pub(crate) unsafe extern "C" fn PyUnicode_AsUCS4Copy(o: *mut PyObject) -> *mut Py_UCS4 {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live (contract).
        let mut points = match unsafe { code_points(o) } {
            Ok(p) => p,
            Err(e) => return fail(e, std::ptr::null_mut()),
        };
        points.push(0);
        // SAFETY: the block is fresh and big enough for the copy.
        unsafe { mem_copy(&points) }
    })
}

/// `units` in a new `PyMem_Malloc` block (NULL and MemoryError if there
/// is no memory).
///
/// # Safety
/// None beyond the allocator's.
unsafe fn mem_copy<T: Copy>(units: &[T]) -> *mut T {
    let size = std::mem::size_of_val(units);
    // SAFETY: a plain allocation.
    let p = unsafe { crate::mem::PyMem_Malloc(size) }.cast::<T>();
    if p.is_null() {
        return fail(PyErr::no_memory(), std::ptr::null_mut());
    }
    // SAFETY: `p` is a fresh block of `size` bytes.
    unsafe { std::ptr::copy_nonoverlapping(units.as_ptr(), p, units.len()) };
    p
}

/// `PyUnicode_AsWideChar(s, w, size)`: the code points into `w` (at most
/// `size`, with a zero after them if it fits); the number copied without
/// the zero. With `w` NULL, the size a full copy needs (zero included).
pub(crate) unsafe extern "C" fn PyUnicode_AsWideChar(
    o: *mut PyObject,
    w: *mut wchar_t,
    size: Py_ssize_t,
) -> Py_ssize_t {
    guard(-1, || {
        if o.is_null() {
            return fail(bad_internal_call(), -1);
        }
        // SAFETY: live (contract).
        let mut points = match unsafe { code_points(o) } {
            Ok(p) => p,
            Err(e) => return fail(e, -1),
        };
        let res = points.len() as Py_ssize_t;
        if w.is_null() {
            return res + 1;
        }
        points.push(0);
        let (count, ret) = if size > res {
            (res + 1, res)
        } else {
            (size.max(0), size)
        };
        // SAFETY: `w` holds `size` units (contract); `count` <= that.
        unsafe {
            std::ptr::copy_nonoverlapping(points.as_ptr().cast::<wchar_t>(), w, count as usize)
        };
        ret
    })
}

/// `PyUnicode_AsWideCharString(s, size)`: the code points and a zero in a
/// new `PyMem_Malloc` block, their number in `*size`; with `size` NULL, a
/// NUL character in `s` is a ValueError.
pub(crate) unsafe extern "C" fn PyUnicode_AsWideCharString(
    o: *mut PyObject,
    size: *mut Py_ssize_t,
) -> *mut wchar_t {
    guard(std::ptr::null_mut(), || {
        if o.is_null() {
            return fail(bad_internal_call(), std::ptr::null_mut());
        }
        // SAFETY: live (contract).
        let mut points = match unsafe { code_points(o) } {
            Ok(p) => p,
            Err(e) => return fail(e, std::ptr::null_mut()),
        };
        if size.is_null() && points.contains(&0) {
            return fail(
                PyErr::value_error("embedded null character"),
                std::ptr::null_mut(),
            );
        }
        let n = points.len();
        points.push(0);
        let units: Vec<wchar_t> = points.iter().map(|&c| c as wchar_t).collect();
        // SAFETY: a fresh block.
        let p = unsafe { mem_copy(&units) };
        if !p.is_null() && !size.is_null() {
            // SAFETY: `size` is writable (contract).
            unsafe { *size = n as Py_ssize_t };
        }
        p
    })
}

/// `PyUnicode_FromWideChar(w, size)`: a string of `size` wide characters
/// (up to the first zero if `size` is -1).
pub(crate) unsafe extern "C" fn PyUnicode_FromWideChar(
    w: *const wchar_t,
    size: Py_ssize_t,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        if w.is_null() && size != 0 {
            return fail(bad_internal_call(), std::ptr::null_mut());
        }
        let n = if size == -1 {
            let mut n = 0usize;
            // SAFETY: `w` is zero-terminated when `size` is -1 (contract).
            while unsafe { *w.add(n) } != 0 {
                n += 1;
            }
            n
        } else if size < 0 {
            return fail(
                PyErr::new(
                    &types::SYSTEM_ERROR,
                    "Negative size passed to PyUnicode_New",
                ),
                std::ptr::null_mut(),
            );
        } else {
            size as usize
        };
        let units: &[wchar_t] = if n == 0 {
            &[]
        } else {
            // SAFETY: `w` holds `n` units (contract).
            unsafe { std::slice::from_raw_parts(w, n) }
        };
        let mut s = String::with_capacity(n);
        for &u in units {
            let c = u as u32;
            match char::from_u32(c) {
                Some(ch) => s.push(ch),
                None if c > 0x10ffff => {
                    return fail(
                        PyErr::value_error(format!(
                            "character U+{c:x} is not in range [U+0000; U+10ffff]"
                        )),
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
        crate::object::new_ref(Value::Obj(StrObj::from_string(s)))
    })
}

/// `PyUnicode_DecodeUTF8Stateful(s, size, errors, consumed)`: as
/// [`PyUnicode_DecodeUTF8`], but with `consumed` given, an incomplete
/// sequence at the end is left undecoded and `*consumed` says how many
/// bytes were.
pub(crate) unsafe extern "C" fn PyUnicode_DecodeUTF8Stateful(
    s: *const c_char,
    n: Py_ssize_t,
    errors: *const c_char,
    consumed: *mut Py_ssize_t,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: forwarded (contract).
        let r = (|| unsafe {
            let b = bytes_in(s, n)?;
            let keep = if consumed.is_null() {
                b.len()
            } else {
                b.len() - incomplete_tail(b)
            };
            let v = decode_with(&b[..keep], "utf-8", name_or(errors, "strict")?)?;
            if !consumed.is_null() {
                *consumed = keep as Py_ssize_t;
            }
            Ok(v)
        })();
        ret_obj(r)
    })
}

/// The length of an incomplete UTF-8 sequence at the end of `b` (0 if
/// there is none): a lead byte followed by fewer continuation bytes than
/// it announces.
fn incomplete_tail(b: &[u8]) -> usize {
    for k in 1..=3.min(b.len()) {
        let tail = &b[b.len() - k..];
        let lead = tail[0];
        let want = match lead {
            0xc2..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf4 => 4,
            0x80..=0xbf => continue,
            _ => return 0,
        };
        let incomplete = want > k
            && std::str::from_utf8(tail)
                .err()
                .is_some_and(|e| e.error_len().is_none() && e.valid_up_to() == 0);
        return if incomplete { k } else { 0 };
    }
    0
}

/// `PyUnicode_EncodeFSDefault(s)`: the file system encoding (UTF-8) of
/// `s`.
pub(crate) unsafe extern "C" fn PyUnicode_EncodeFSDefault(o: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe { encode_c(o, Ok(Encoding::Utf8), std::ptr::null()) }
}

/// `PyUnicode_DecodeFSDefaultAndSize(s, size)`: `size` bytes in the file
/// system encoding (UTF-8). CPython turns undecodable bytes into lone
/// surrogates, which a Typhon `str` cannot hold: NotImplementedError.
pub(crate) unsafe extern "C" fn PyUnicode_DecodeFSDefaultAndSize(
    s: *const c_char,
    n: Py_ssize_t,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: forwarded (contract).
        let r = unsafe { bytes_in(s, n) }.and_then(|b| match std::str::from_utf8(b) {
            Ok(t) => Ok(Value::str(t)),
            Err(e) => Err(PyErr::new(
                &types::NOT_IMPLEMENTED_ERROR,
                format!(
                    "undecodable byte 0x{:02x} in a file name (a lone surrogate in a str) \
                     is not supported by typhon",
                    b.get(e.valid_up_to()).copied().unwrap_or(0)
                ),
            )),
        });
        ret_obj(r)
    })
}

/// `PyUnicode_DecodeFSDefault(s)`: [`PyUnicode_DecodeFSDefaultAndSize`]
/// of a C string.
pub(crate) unsafe extern "C" fn PyUnicode_DecodeFSDefault(s: *const c_char) -> *mut PyObject {
    if s.is_null() {
        return fail(bad_internal_call(), std::ptr::null_mut());
    }
    // SAFETY: a C string (contract).
    let n = unsafe { std::ffi::CStr::from_ptr(s) }.to_bytes().len();
    // SAFETY: `s` holds `n` bytes.
    unsafe { PyUnicode_DecodeFSDefaultAndSize(s, n as Py_ssize_t) }
}

/// `PyOS_FSPath(o)`: a str or bytes itself, else `o.__fspath__()`,
/// which must be one.
pub(crate) unsafe extern "C" fn PyOS_FSPath(o: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live (contract).
        ret_obj(unsafe { arg(o) }.and_then(|v| fspath(&v)))
    })
}

/// The path `v` stands for (see [`PyOS_FSPath`]).
fn fspath(v: &Value) -> PyResult<Value> {
    let is_path = |x: &Value| is_str(x) || x.type_of().tp_flags & abi::TPFLAGS_BYTES_SUBCLASS != 0;
    if is_path(v) {
        return Ok(v.clone());
    }
    let r = with_vm(|vm| match interp::dunder::call(vm, v, "__fspath__", &[]) {
        Some(r) => r.map(Some),
        None => Ok(None),
    })?;
    let Some(r) = r else {
        return Err(PyErr::type_error(format!(
            "expected str, bytes or os.PathLike object, not {:.200}",
            v.type_name()
        )));
    };
    if !is_path(&r) {
        return Err(PyErr::type_error(format!(
            "expected {:.200}.__fspath__() to return str or bytes, not {:.200}",
            v.type_name(),
            r.type_name()
        )));
    }
    Ok(r)
}

/// `Py_CLEANUP_SUPPORTED`: a converter's "succeeded; call me again with
/// NULL to clean up".
const CLEANUP_SUPPORTED: c_int = 0x20000;

/// # Safety
/// `addr` must point to a `PyObject *` holding NULL or an owned reference.
unsafe fn converter_cleanup(addr: *mut std::ffi::c_void) -> c_int {
    let slot = addr.cast::<*mut PyObject>();
    // SAFETY: forwarded.
    unsafe {
        crate::protocols::Py_DecRef(*slot);
        *slot = std::ptr::null_mut();
    }
    1
}

/// `PyUnicode_FSConverter(o, &result)`: the `O&` converter to a file
/// name as bytes (a str encoded to UTF-8); ValueError for a NUL byte.
pub(crate) unsafe extern "C" fn PyUnicode_FSConverter(
    o: *mut PyObject,
    addr: *mut std::ffi::c_void,
) -> c_int {
    guard(0, || {
        if o.is_null() {
            // SAFETY: the cleanup call of a converter (contract).
            return unsafe { converter_cleanup(addr) };
        }
        // SAFETY: live (contract).
        let r = unsafe { arg(o) }.and_then(|v| {
            let p = fspath(&v)?;
            let b: Vec<u8> = match p.as_str() {
                Some(t) => t.as_bytes().to_vec(),
                None => match interp::bytes::buffer(&p) {
                    Some(b) => b?.to_vec(),
                    None => return Err(bad_internal_call()),
                },
            };
            if b.contains(&0) {
                return Err(PyErr::value_error("embedded null byte"));
            }
            if p.kind() == types::Kind::BYTES {
                Ok(p)
            } else {
                Ok(Value::Obj(BytesObj::new_obj(&b)))
            }
        });
        match r {
            Ok(v) => {
                // SAFETY: `addr` points to a `PyObject *` (contract).
                unsafe { *addr.cast::<*mut PyObject>() = crate::object::new_ref(v) };
                CLEANUP_SUPPORTED
            }
            Err(e) => fail(e, 0),
        }
    })
}

/// `PyUnicode_FSDecoder(o, &result)`: the `O&` converter to a file name
/// as str (bytes decoded from UTF-8); ValueError for a NUL character.
pub(crate) unsafe extern "C" fn PyUnicode_FSDecoder(
    o: *mut PyObject,
    addr: *mut std::ffi::c_void,
) -> c_int {
    guard(0, || {
        if o.is_null() {
            // SAFETY: the cleanup call of a converter (contract).
            return unsafe { converter_cleanup(addr) };
        }
        // SAFETY: live (contract).
        let r = unsafe { arg(o) }.and_then(|v| {
            let p = if v.kind() == types::Kind::BYTES || interp::bytes::buffer(&v).is_none() {
                fspath(&v)?
            } else {
                v.clone()
            };
            let text = if is_str(&p) {
                exact(p)?
            } else {
                if p.kind() != types::Kind::BYTES {
                    let msg = format!(
                        "path should be string, bytes, or os.PathLike, not {:.200}\0",
                        p.type_name()
                    );
                    let cat = &types::DEPRECATION_WARNING as *const abi::StaticType;
                    // SAFETY: a static exception type and a C string.
                    let w = unsafe {
                        crate::errors::PyErr_WarnEx(cat as *mut PyObject, msg.as_ptr().cast(), 1)
                    };
                    if w < 0 {
                        return Err(state::take_error().unwrap_or_else(bad_internal_call));
                    }
                }
                let b = match interp::bytes::buffer(&p) {
                    Some(b) => b?.to_vec(),
                    None => return Err(bad_internal_call()),
                };
                // SAFETY: `b` holds its bytes.
                let d = unsafe {
                    PyUnicode_DecodeFSDefaultAndSize(b.as_ptr().cast(), b.len() as Py_ssize_t)
                };
                // SAFETY: a new reference or NULL with the error set.
                match unsafe { crate::object::take_new(d) } {
                    Some(v) => v,
                    None => return Err(state::take_error().unwrap_or_else(bad_internal_call)),
                }
            };
            if text.as_str().is_some_and(|t| t.contains('\0')) {
                return Err(PyErr::value_error("embedded null character"));
            }
            Ok(text)
        });
        match r {
            Ok(v) => {
                // SAFETY: `addr` points to a `PyObject *` (contract).
                unsafe { *addr.cast::<*mut PyObject>() = crate::object::new_ref(v) };
                CLEANUP_SUPPORTED
            }
            Err(e) => fail(e, 0),
        }
    })
}

/// `s` encoded as `unicode_escape` (`raw` false: ASCII controls, the
/// backslash and non-ASCII escaped) or `raw_unicode_escape` (`raw`: only
/// characters past U+00FF escaped, the rest as Latin-1 bytes).
fn escape_encode(s: &str, raw: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    for c in s.chars() {
        let u = u32::from(c);
        let esc = match (raw, c) {
            (false, '\\') => "\\\\".to_owned(),
            (false, '\t') => "\\t".to_owned(),
            (false, '\n') => "\\n".to_owned(),
            (false, '\r') => "\\r".to_owned(),
            (false, _) if (0x20..0x7f).contains(&u) => {
                out.push(u as u8);
                continue;
            }
            (false, _) if u < 0x100 => format!("\\x{u:02x}"),
            (true, _) if u < 0x100 => {
                out.push(u as u8);
                continue;
            }
            (_, _) if u < 0x10000 => format!("\\u{u:04x}"),
            (_, _) => format!("\\U{u:08x}"),
        };
        out.extend_from_slice(esc.as_bytes());
    }
    out
}

/// # Safety
/// `o` null or live.
unsafe fn encode_by(o: *mut PyObject, f: impl Fn(&str) -> Vec<u8>) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: forwarded.
        let r =
            unsafe { str_or_bad_argument(o) }.map(|s| Value::Obj(BytesObj::new_obj(&f(text(&s)))));
        ret_obj(r)
    })
}

/// `PyUnicode_AsUnicodeEscapeString(s)`: `s.encode("unicode_escape")`.
pub(crate) unsafe extern "C" fn PyUnicode_AsUnicodeEscapeString(o: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe { encode_by(o, |s| escape_encode(s, false)) }
}

/// `PyUnicode_AsRawUnicodeEscapeString(s)`:
/// `s.encode("raw_unicode_escape")`.
pub(crate) unsafe extern "C" fn PyUnicode_AsRawUnicodeEscapeString(
    o: *mut PyObject,
) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe { encode_by(o, |s| escape_encode(s, true)) }
}

/// `PyUnicode_AsUTF16String(s)`: `s.encode("utf-16")`: a byte order mark
/// and the code units in the machine's byte order.
pub(crate) unsafe extern "C" fn PyUnicode_AsUTF16String(o: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe {
        encode_by(o, |s| {
            let mut out = 0xfeffu16.to_ne_bytes().to_vec();
            for u in s.encode_utf16() {
                out.extend_from_slice(&u.to_ne_bytes());
            }
            out
        })
    }
}

/// `PyUnicode_AsUTF32String(s)`: `s.encode("utf-32")`: a byte order mark
/// and the code points in the machine's byte order.
pub(crate) unsafe extern "C" fn PyUnicode_AsUTF32String(o: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe {
        encode_by(o, |s| {
            let mut out = 0xfeffu32.to_ne_bytes().to_vec();
            for c in s.chars() {
                out.extend_from_slice(&u32::from(c).to_ne_bytes());
            }
            out
        })
    }
}
