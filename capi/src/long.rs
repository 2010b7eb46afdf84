//! Numbers: `PyLong_*`, `PyBool_*` and `PyFloat_*`.
//!
//! Ints that fit in `i64` are unboxed in the interpreter; C gets a fresh box
//! for them (one allocation, freed when C drops it). Conversions back to C
//! read the box or the big int directly, with CPython's messages.

use crate::object::{Py_ssize_t, PyObject, borrow, fail, new_ref};
use interp::object::types::Kind;
use interp::object::{IntObj, ObjRef};
use interp::{PyErr, Value};
use num_bigint::{BigInt, Sign};
use num_traits::{FromPrimitive, Signed, ToPrimitive};
use std::ffi::{c_double, c_int, c_long, c_longlong, c_uchar, c_ulong, c_ulonglong};

/// An int as C sees it.
pub(crate) enum IntArg<'a> {
    Small(i64),
    Big(&'a BigInt),
}

/// The int value of `o` if it is an int or bool.
pub(crate) fn int_of(o: &ObjRef) -> Option<IntArg<'_>> {
    match o.kind() {
        Kind::INT => match o.downcast::<IntObj>()? {
            IntObj::Small(i) => Some(IntArg::Small(*i)),
            // An instance of a class deriving from `int` holds a `Big` of
            // any size.
            IntObj::Big(b) if o.ty().is_heap_type() => Some(match b.to_i64() {
                Some(i) => IntArg::Small(i),
                None => IntArg::Big(b),
            }),
            IntObj::Big(b) => Some(IntArg::Big(b)),
        },
        Kind::BOOL => Some(IntArg::Small(
            o.is_static_object(&interp::object::value::TRUE) as i64,
        )),
        _ => None,
    }
}

fn overflow<T>(msg: &str, err: T) -> T {
    fail(PyErr::overflow(msg), err)
}

fn type_error<T>(msg: String, err: T) -> T {
    fail(PyErr::type_error(msg), err)
}

fn bad_call<T>(err: T) -> T {
    fail(crate::object::bad_internal_call(), err)
}

/// `PyLong_FromLong`.
pub(crate) unsafe extern "C" fn PyLong_FromLong(v: c_long) -> *mut PyObject {
    new_ref(Value::Int(v))
}

/// `PyLong_FromLongLong`.
pub(crate) unsafe extern "C" fn PyLong_FromLongLong(v: c_longlong) -> *mut PyObject {
    new_ref(Value::Int(v))
}

/// `PyLong_FromSsize_t`.
pub(crate) unsafe extern "C" fn PyLong_FromSsize_t(v: Py_ssize_t) -> *mut PyObject {
    new_ref(Value::Int(v as i64))
}

/// `PyLong_FromUnsignedLong`.
pub(crate) unsafe extern "C" fn PyLong_FromUnsignedLong(v: c_ulong) -> *mut PyObject {
    new_ref(Value::from_bigint(BigInt::from(v)))
}

/// `PyLong_FromUnsignedLongLong`.
pub(crate) unsafe extern "C" fn PyLong_FromUnsignedLongLong(v: c_ulonglong) -> *mut PyObject {
    new_ref(Value::from_bigint(BigInt::from(v)))
}

/// `PyLong_FromSize_t`.
pub(crate) unsafe extern "C" fn PyLong_FromSize_t(v: usize) -> *mut PyObject {
    new_ref(Value::from_bigint(BigInt::from(v)))
}

/// `PyLong_FromDouble`: truncates toward zero.
pub(crate) unsafe extern "C" fn PyLong_FromDouble(v: c_double) -> *mut PyObject {
    if v.is_nan() {
        return fail(
            PyErr::value_error("cannot convert float NaN to integer"),
            std::ptr::null_mut(),
        );
    }
    if v.is_infinite() {
        return overflow(
            "cannot convert float infinity to integer",
            std::ptr::null_mut(),
        );
    }
    let t = v.trunc();
    if t.abs() < 9.0e18 {
        return new_ref(Value::Int(t as i64));
    }
    match BigInt::from_f64(t) {
        Some(b) => new_ref(Value::from_bigint(b)),
        None => overflow(
            "cannot convert float infinity to integer",
            std::ptr::null_mut(),
        ),
    }
}

/// `PyLong_AsLong`: ints and bools; -1 with an exception otherwise.
pub(crate) unsafe extern "C" fn PyLong_AsLong(o: *mut PyObject) -> c_long {
    // SAFETY: `o` is null or live (contract).
    let Some(b) = (unsafe { borrow(o) }) else {
        return bad_call(-1);
    };
    match int_of(&b) {
        Some(IntArg::Small(i)) => i,
        Some(IntArg::Big(_)) => overflow("Python int too large to convert to C long", -1),
        None => type_error(not_integer(&b), -1),
    }
}

fn not_integer(o: &ObjRef) -> String {
    format!(
        "'{}' object cannot be interpreted as an integer",
        o.ty().name()
    )
}

/// `_PyLong_NumBits`: how many bits the absolute value of the int `o`
/// needs (0 for 0); `(size_t)-1` with an exception for anything else.
pub(crate) unsafe extern "C" fn _PyLong_NumBits(o: *mut PyObject) -> usize {
    // SAFETY: `o` is null or live (contract).
    let Some(b) = (unsafe { borrow(o) }) else {
        return bad_call(usize::MAX);
    };
    match int_of(&b) {
        Some(IntArg::Small(i)) => (64 - i.unsigned_abs().leading_zeros()) as usize,
        Some(IntArg::Big(n)) => usize::try_from(n.bits()).unwrap_or(usize::MAX),
        None => type_error(not_integer(&b), usize::MAX),
    }
}

/// `PyLong_AsLongAndOverflow`: like `PyLong_AsLong`, but an int out of
/// range sets `*overflow` to ±1 and returns -1 without an exception.
pub(crate) unsafe extern "C" fn PyLong_AsLongAndOverflow(
    o: *mut PyObject,
    ovf: *mut c_int,
) -> c_long {
    // SAFETY: `ovf` is writable (contract).
    unsafe {
        if !ovf.is_null() {
            *ovf = 0;
        }
    }
    // SAFETY: `o` is null or live (contract).
    let Some(b) = (unsafe { borrow(o) }) else {
        return bad_call(-1);
    };
    match int_of(&b) {
        Some(IntArg::Small(i)) => i,
        Some(IntArg::Big(big)) => {
            // SAFETY: as above.
            unsafe {
                if !ovf.is_null() {
                    *ovf = if big.is_negative() { -1 } else { 1 };
                }
            }
            -1
        }
        None => type_error(not_integer(&b), -1),
    }
}

/// `PyLong_AsLongLong`.
pub(crate) unsafe extern "C" fn PyLong_AsLongLong(o: *mut PyObject) -> c_longlong {
    // SAFETY: `o` is null or live (contract).
    let Some(b) = (unsafe { borrow(o) }) else {
        return bad_call(-1);
    };
    match int_of(&b) {
        Some(IntArg::Small(i)) => i,
        Some(IntArg::Big(_)) => overflow("int too big to convert", -1),
        None => type_error(not_integer(&b), -1),
    }
}

/// `PyLong_AsSsize_t`.
pub(crate) unsafe extern "C" fn PyLong_AsSsize_t(o: *mut PyObject) -> Py_ssize_t {
    // SAFETY: `o` is null or live (contract).
    let Some(b) = (unsafe { borrow(o) }) else {
        return bad_call(-1);
    };
    match int_of(&b) {
        Some(IntArg::Small(i)) => i as Py_ssize_t,
        Some(IntArg::Big(_)) => overflow("Python int too large to convert to C ssize_t", -1),
        None => type_error("an integer is required".into(), -1),
    }
}

/// An unsigned conversion with the given messages for negative and
/// too-large values.
unsafe fn as_unsigned(o: *mut PyObject, max: u64, negative: &str, too_big: &str) -> u64 {
    // SAFETY: `o` is null or live (forwarded).
    let Some(b) = (unsafe { borrow(o) }) else {
        return bad_call(u64::MAX);
    };
    match int_of(&b) {
        Some(IntArg::Small(i)) if i < 0 => overflow(negative, u64::MAX),
        Some(IntArg::Small(i)) => i as u64,
        Some(IntArg::Big(big)) if big.is_negative() => overflow(negative, u64::MAX),
        Some(IntArg::Big(big)) => match big.to_u64() {
            Some(v) if v <= max => v,
            _ => overflow(too_big, u64::MAX),
        },
        None => type_error("an integer is required".into(), u64::MAX),
    }
}

/// `PyLong_AsUnsignedLong`.
pub(crate) unsafe extern "C" fn PyLong_AsUnsignedLong(o: *mut PyObject) -> c_ulong {
    // SAFETY: forwarded.
    unsafe {
        as_unsigned(
            o,
            c_ulong::MAX,
            "can't convert negative value to unsigned int",
            "Python int too large to convert to C unsigned long",
        )
    }
}

/// `PyLong_AsUnsignedLongLong`.
pub(crate) unsafe extern "C" fn PyLong_AsUnsignedLongLong(o: *mut PyObject) -> c_ulonglong {
    // SAFETY: forwarded.
    unsafe {
        as_unsigned(
            o,
            c_ulonglong::MAX,
            "can't convert negative int to unsigned",
            "int too big to convert",
        )
    }
}

/// `PyLong_AsSize_t`.
pub(crate) unsafe extern "C" fn PyLong_AsSize_t(o: *mut PyObject) -> usize {
    // SAFETY: forwarded.
    unsafe {
        as_unsigned(
            o,
            usize::MAX as u64,
            "can't convert negative value to size_t",
            "Python int too large to convert to C size_t",
        ) as usize
    }
}

/// `PyLong_AsDouble`: ints only.
pub(crate) unsafe extern "C" fn PyLong_AsDouble(o: *mut PyObject) -> c_double {
    // SAFETY: `o` is null or live (contract).
    let Some(b) = (unsafe { borrow(o) }) else {
        return bad_call(-1.0);
    };
    match int_of(&b) {
        Some(IntArg::Small(i)) => i as f64,
        Some(IntArg::Big(big)) => big_to_f64(big).unwrap_or_else(|e| fail(e, -1.0)),
        None => type_error("an integer is required".into(), -1.0),
    }
}

fn big_to_f64(b: &BigInt) -> Result<f64, PyErr> {
    interp::format::bigint_to_f64(b)
        .map_err(|_| PyErr::overflow("int too large to convert to float"))
}

/// `PyBool_FromLong`.
pub(crate) unsafe extern "C" fn PyBool_FromLong(v: c_long) -> *mut PyObject {
    new_ref(Value::Bool(v != 0))
}

/// `PyFloat_FromDouble`.
pub(crate) unsafe extern "C" fn PyFloat_FromDouble(v: c_double) -> *mut PyObject {
    new_ref(Value::float(v))
}

/// `PyFloat_AsDouble`: floats, ints and bools.
pub(crate) unsafe extern "C" fn PyFloat_AsDouble(o: *mut PyObject) -> c_double {
    // SAFETY: `o` is null or live (contract).
    let Some(b) = (unsafe { borrow(o) }) else {
        return type_error("bad argument type for built-in operation".into(), -1.0);
    };
    if let Some(f) = b.downcast::<f64>() {
        return *f;
    }
    match int_of(&b) {
        Some(IntArg::Small(i)) => i as f64,
        Some(IntArg::Big(big)) => big_to_f64(big).unwrap_or_else(|e| fail(e, -1.0)),
        None => type_error(format!("must be real number, not {}", b.ty().name()), -1.0),
    }
}

/// `PyLongObject`: C sees an int as an opaque object; it is a `PyObject`.
pub type PyLongObject = PyObject;

/// `_PyLong_FromByteArray`: the int whose `n` bytes at `bytes` are given
/// in little- or big-endian order, as two's complement when `is_signed`.
///
/// # Safety
/// `bytes` must point to `n` readable bytes (or `n` be zero).
pub(crate) unsafe extern "C" fn _PyLong_FromByteArray(
    bytes: *const c_uchar,
    n: usize,
    little_endian: c_int,
    is_signed: c_int,
) -> *mut PyObject {
    if n == 0 {
        return new_ref(Value::Int(0));
    }
    if bytes.is_null() {
        return fail(crate::object::bad_internal_call(), std::ptr::null_mut());
    }
    // SAFETY: `n` readable bytes (contract).
    let b = unsafe { std::slice::from_raw_parts(bytes, n) };
    let v = match (little_endian != 0, is_signed != 0) {
        (true, true) => BigInt::from_signed_bytes_le(b),
        (false, true) => BigInt::from_signed_bytes_be(b),
        (true, false) => BigInt::from_bytes_le(Sign::Plus, b),
        (false, false) => BigInt::from_bytes_be(Sign::Plus, b),
    };
    new_ref(Value::from_bigint(v))
}

/// `_PyLong_AsByteArray`: writes int `v` into the `n` bytes at `bytes`
/// (little- or big-endian, two's complement when `is_signed`); -1 with
/// CPython's OverflowError when it does not fit.
///
/// # Safety
/// `v` must be null or live; `bytes` must point to `n` writable bytes.
pub(crate) unsafe extern "C" fn _PyLong_AsByteArray(
    v: *mut PyLongObject,
    bytes: *mut c_uchar,
    n: usize,
    little_endian: c_int,
    is_signed: c_int,
) -> c_int {
    // SAFETY: `v` is null or live (contract).
    let Some(o) = (unsafe { borrow(v) }) else {
        return fail(crate::object::bad_internal_call(), -1);
    };
    let value = match int_of(&o) {
        Some(IntArg::Small(i)) => BigInt::from(i),
        Some(IntArg::Big(b)) => b.clone(),
        None => {
            return type_error(
                format!("an integer is required (got type {})", o.ty().name()),
                -1,
            );
        }
    };
    if is_signed == 0 && value.is_negative() {
        return overflow("can't convert negative int to unsigned", -1);
    }
    // Least significant byte first, as short as the value allows, then
    // extended with the sign to `n` bytes.
    // 0 and -1 need no byte at all: every bit is the sign (CPython writes
    // -1 into zero signed bytes too).
    let mut le = if value.sign() == Sign::NoSign || (is_signed != 0 && value == BigInt::from(-1)) {
        Vec::new()
    } else if is_signed != 0 {
        value.to_signed_bytes_le()
    } else {
        value.to_bytes_le().1
    };
    if le.len() > n {
        return overflow("int too big to convert", -1);
    }
    let fill = if value.is_negative() { 0xff } else { 0 };
    le.resize(n, fill);
    if little_endian == 0 {
        le.reverse();
    }
    if n > 0 {
        if bytes.is_null() {
            return fail(crate::object::bad_internal_call(), -1);
        }
        // SAFETY: `n` writable bytes (contract), not overlapping `le`.
        unsafe { std::ptr::copy_nonoverlapping(le.as_ptr(), bytes, n) };
    }
    0
}

/// `PyLong_AsLongLongAndOverflow`: as [`PyLong_AsLongAndOverflow`] (a C
/// `long long` is a `long` here).
pub(crate) unsafe extern "C" fn PyLong_AsLongLongAndOverflow(
    o: *mut PyObject,
    ovf: *mut c_int,
) -> c_longlong {
    // SAFETY: forwarded.
    unsafe { PyLong_AsLongAndOverflow(o, ovf) }
}

/// The low 64 bits of the int `o` (two's complement), for the `Mask`
/// conversions; `(unsigned)-1` with TypeError for anything else.
///
/// # Safety
/// `o` null or live.
unsafe fn low_bits(o: *mut PyObject) -> c_ulonglong {
    // SAFETY: forwarded.
    let Some(b) = (unsafe { borrow(o) }) else {
        return bad_call(c_ulonglong::MAX);
    };
    match int_of(&b) {
        Some(IntArg::Small(i)) => i as c_ulonglong,
        Some(IntArg::Big(big)) => {
            let m = big % (BigInt::from(1u8) << 64u32);
            let m = if m.is_negative() {
                m + (BigInt::from(1u8) << 64u32)
            } else {
                m
            };
            m.to_u64().unwrap_or(0)
        }
        None => type_error(not_integer(&b), c_ulonglong::MAX),
    }
}

/// `PyLong_AsUnsignedLongMask`: the int modulo 2**64.
pub(crate) unsafe extern "C" fn PyLong_AsUnsignedLongMask(o: *mut PyObject) -> c_ulong {
    // SAFETY: forwarded.
    unsafe { low_bits(o) }
}

/// `PyLong_AsUnsignedLongLongMask`: the int modulo 2**64.
pub(crate) unsafe extern "C" fn PyLong_AsUnsignedLongLongMask(o: *mut PyObject) -> c_ulonglong {
    // SAFETY: forwarded.
    unsafe { low_bits(o) }
}

/// `PyComplex_FromDoubles(re, im)`.
pub(crate) unsafe extern "C" fn PyComplex_FromDoubles(re: c_double, im: c_double) -> *mut PyObject {
    new_ref(Value::Obj(interp::object::ComplexObj::new_obj(re, im)))
}

/// The parts of a complex number at `o`, if it is one.
///
/// # Safety
/// `o` null or live.
unsafe fn complex_parts(o: *mut PyObject) -> Option<(f64, f64)> {
    // SAFETY: forwarded.
    let b = unsafe { borrow(o) }?;
    if b.kind() != Kind::COMPLEX {
        return None;
    }
    b.downcast::<interp::object::ComplexObj>()
        .map(|c| (c.re, c.im))
}

/// `PyComplex_RealAsDouble(o)`: the real part of a complex number, else
/// `PyFloat_AsDouble(o)`.
pub(crate) unsafe extern "C" fn PyComplex_RealAsDouble(o: *mut PyObject) -> c_double {
    // SAFETY: forwarded.
    match unsafe { complex_parts(o) } {
        Some((re, _)) => re,
        // SAFETY: forwarded.
        None => unsafe { PyFloat_AsDouble(o) },
    }
}

/// `PyComplex_ImagAsDouble(o)`: the imaginary part of a complex number,
/// else 0.0.
pub(crate) unsafe extern "C" fn PyComplex_ImagAsDouble(o: *mut PyObject) -> c_double {
    // SAFETY: forwarded.
    unsafe { complex_parts(o) }.map_or(0.0, |(_, im)| im)
}

/// `PyFloat_GetMax()`: `DBL_MAX`.
pub(crate) unsafe extern "C" fn PyFloat_GetMax() -> c_double {
    f64::MAX
}

/// `PyFloat_GetMin()`: `DBL_MIN` (the smallest normal double).
pub(crate) unsafe extern "C" fn PyFloat_GetMin() -> c_double {
    f64::MIN_POSITIVE
}

/// `PyLong_FromString(s, &end, base)`: `int(s, base)` of a C string;
/// `*end` is set to the string's end (CPython accepts nothing after the
/// digits but white space).
pub(crate) unsafe extern "C" fn PyLong_FromString(
    s: *const std::ffi::c_char,
    pend: *mut *mut std::ffi::c_char,
    base: c_int,
) -> *mut PyObject {
    crate::object::guard(std::ptr::null_mut(), || {
        if s.is_null() {
            return bad_call(std::ptr::null_mut());
        }
        if base != 0 && !(2..=36).contains(&base) {
            return fail(
                PyErr::value_error("int() arg 2 must be >= 2 and <= 36"),
                std::ptr::null_mut(),
            );
        }
        // SAFETY: a C string (contract).
        let bytes = unsafe { std::ffi::CStr::from_ptr(s) }.to_bytes();
        let text = Value::string(String::from_utf8_lossy(bytes).into_owned());
        let r = crate::state::current_vm(|vm| {
            vm.call(
                &Value::from_type(&interp::object::types::INT),
                &[text, Value::Int(i64::from(base))],
            )
        })
        .and_then(|r| r);
        match r {
            Ok(v) => {
                if !pend.is_null() {
                    // SAFETY: `pend` is writable; the end is within `s`.
                    unsafe { *pend = s.add(bytes.len()).cast_mut() };
                }
                new_ref(v)
            }
            Err(e) => {
                if !pend.is_null() {
                    // SAFETY: as above.
                    unsafe { *pend = s.cast_mut() };
                }
                fail(e, std::ptr::null_mut())
            }
        }
    })
}
