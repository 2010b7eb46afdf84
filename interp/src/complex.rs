//! `complex` numbers after CPython 3.11's `complexobject.c`: the
//! constructor (`complex(real, imag)`, `complex(str)`, `__complex__`), the
//! arithmetic `ops` hands over when an operand is a complex (`+ - * / **`
//! with ints, floats and complexes in either order), `abs()`, equality and
//! the methods. The text of complex numbers (`repr`, `format`, parsing) is
//! in [`crate::format`]; the payload is [`crate::object::ComplexObj`].
//!
//! The C library's `errno` that CPython reads after `**` is modelled
//! rather than read: `EDOM` comes from a zero base with a negative or
//! complex exponent, from dividing by a zero power, or from the cosine and
//! sine of an infinite phase (glibc's); `ERANGE` is an infinite part.

use crate::bytecode::BinOp;
use crate::dunder;
use crate::format;
use crate::object::types::{self, Kind};
use crate::object::{Args, PyErr, PyResult, Value};
use crate::ops;
use crate::stdlib::{Sig, Style};
use crate::vm::Vm;

/// A complex number as its parts `(re, im)`: CPython's `Py_complex`.
pub type Parts = (f64, f64);

/// `v` as a complex where CPython's `TO_COMPLEX` takes it (an int, bool,
/// float or complex; an int too large for a float is an OverflowError);
/// `None` for anything else (the operator then declines).
pub fn operand(v: &Value) -> Option<PyResult<Parts>> {
    match v {
        Value::Float(f) => Some(Ok((*f, 0.0))),
        _ if v.is_int() => Some(ops::int_to_f64(v).map(|f| (f, 0.0))),
        _ => v.as_complex().map(Ok),
    }
}

/// Whether `v` is a `complex`.
#[inline]
pub fn is_complex(v: &Value) -> bool {
    v.kind() == Kind::COMPLEX
}

/// `a <op> b` when either operand is a complex and the other a number
/// (`None` otherwise: the caller goes on with its own rules and errors).
/// `//`, `%`, `@` and the bitwise operators are TypeErrors, as complex has
/// none of them.
pub fn binary_op(op: BinOp, a: &Value, b: &Value) -> Option<PyResult<Value>> {
    if !is_complex(a) && !is_complex(b) {
        return None;
    }
    let (x, y) = (operand(a)?, operand(b)?);
    if !matches!(
        op,
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::TrueDiv | BinOp::Pow
    ) {
        return Some(Err(ops::unsupported(op, a, b)));
    }
    Some(arith(op, x, y))
}

/// `x <op> y` on the operands as converted (the left one's conversion
/// error first, as CPython's `TO_COMPLEX` order).
fn arith(op: BinOp, x: PyResult<Parts>, y: PyResult<Parts>) -> PyResult<Value> {
    let (x, y) = (x?, y?);
    let (re, im) = match op {
        BinOp::Add => (x.0 + y.0, x.1 + y.1),
        BinOp::Sub => (x.0 - y.0, x.1 - y.1),
        BinOp::Mul => prod(x, y),
        BinOp::TrueDiv => match quot(x, y) {
            Some(r) => r,
            None => return Err(PyErr::zero_division("complex division by zero")),
        },
        _ => power(x, y)?,
    };
    Ok(Value::complex(re, im))
}

/// `_Py_c_prod`.
fn prod(a: Parts, b: Parts) -> Parts {
    (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
}

/// `_Py_c_quot` (Smith's algorithm, dividing by the larger part of the
/// divisor); `None` for a zero divisor (`EDOM`). A NaN in the divisor
/// makes NaNs.
pub fn quot(a: Parts, b: Parts) -> Option<Parts> {
    let (abs_re, abs_im) = (b.0.abs(), b.1.abs());
    if abs_re >= abs_im {
        if abs_re == 0.0 {
            return None;
        }
        let ratio = b.1 / b.0;
        let denom = b.0 + b.1 * ratio;
        Some(((a.0 + a.1 * ratio) / denom, (a.1 - a.0 * ratio) / denom))
    } else if abs_im >= abs_re {
        let ratio = b.0 / b.1;
        let denom = b.0 * ratio + b.1;
        Some(((a.0 * ratio + a.1) / denom, (a.1 * ratio - a.0) / denom))
    } else {
        Some((f64::NAN, f64::NAN))
    }
}

/// `a ** b` as CPython's `complex_pow` computes it: a whole exponent up to
/// 100 in size by repeated squaring (`c_powi`), any other by polar form
/// (`_Py_c_pow`); `ZeroDivisionError` for `EDOM`, `OverflowError` for an
/// infinite part.
pub fn power(a: Parts, b: Parts) -> PyResult<Parts> {
    let (r, edom) = if b.1 == 0.0 && b.0 == b.0.floor() && b.0.abs() <= 100.0 {
        powi(a, b.0 as i64)
    } else {
        pow_polar(a, b)
    };
    if edom {
        return Err(PyErr::zero_division("0.0 to a negative or complex power"));
    }
    if r.0.is_infinite() || r.1.is_infinite() {
        return Err(PyErr::overflow("complex exponentiation"));
    }
    Ok(r)
}

/// `c_powi`: `x ** n` for a whole `n`; whether it divided by zero.
fn powi(x: Parts, n: i64) -> (Parts, bool) {
    if n > 0 {
        (powu(x, n), false)
    } else {
        match quot((1.0, 0.0), powu(x, -n)) {
            Some(r) => (r, false),
            None => ((0.0, 0.0), true),
        }
    }
}

/// `c_powu`: `x ** n` for `n >= 0`, by binary powering.
fn powu(x: Parts, n: i64) -> Parts {
    let (mut r, mut p) = ((1.0, 0.0), x);
    let mut mask: i64 = 1;
    while mask > 0 && n >= mask {
        if n & mask != 0 {
            r = prod(r, p);
        }
        mask = mask.wrapping_shl(1);
        p = prod(p, p);
    }
    r
}

/// `_Py_c_pow`: `a ** b` through the modulus and phase of `a`; whether
/// `errno` ends as `EDOM` (a zero base to a negative or complex power, or
/// the cosine of an infinite phase).
fn pow_polar(a: Parts, b: Parts) -> (Parts, bool) {
    if b.0 == 0.0 && b.1 == 0.0 {
        return ((1.0, 0.0), false);
    }
    if a.0 == 0.0 && a.1 == 0.0 {
        return ((0.0, 0.0), b.1 != 0.0 || b.0 < 0.0);
    }
    let vabs = a.0.hypot(a.1);
    let mut len = vabs.powf(b.0);
    let at = a.1.atan2(a.0);
    let mut phase = at * b.0;
    if b.1 != 0.0 {
        len /= (at * b.1).exp();
        phase += b.1 * vabs.ln();
    }
    ((len * phase.cos(), len * phase.sin()), phase.is_infinite())
}

/// `abs(z)`: `_Py_c_abs` (an infinite part wins over a NaN), with
/// CPython's `OverflowError` when the modulus is too large for a float.
pub fn abs(re: f64, im: f64) -> PyResult<f64> {
    if re.is_infinite() {
        return Ok(re.abs());
    }
    if im.is_infinite() {
        return Ok(im.abs());
    }
    if re.is_nan() || im.is_nan() {
        return Ok(f64::NAN);
    }
    let r = re.hypot(im);
    if r.is_infinite() {
        return Err(PyErr::overflow("absolute value too large"));
    }
    Ok(r)
}

/// `a == b` when either is a complex and the other a number (`None`
/// otherwise): equal parts, an int compared exactly with the real part
/// (as a float with an int) when the imaginary part is 0.
pub fn eq(a: &Value, b: &Value) -> Option<bool> {
    if !is_complex(a) && !is_complex(b) {
        return None;
    }
    let (z, other) = match (a.as_complex(), b.as_complex()) {
        (Some(x), Some(y)) => return Some(x == y),
        (Some(z), None) => (z, b),
        (None, Some(z)) => (z, a),
        (None, None) => return None,
    };
    match other {
        Value::Float(f) => Some(z.0 == *f && z.1 == 0.0),
        _ if other.is_int() => Some(
            z.1 == 0.0
                && ops::num_cmp(&Value::Float(z.0), other) == Some(std::cmp::Ordering::Equal),
        ),
        _ => None,
    }
}

/// Unary `-` and `+` of a complex (`None` for `~`, which it lacks). `+`
/// gives the object itself, as CPython does for an exact complex.
pub fn unary(op: char, v: &Value) -> Option<Value> {
    let (re, im) = v.as_complex()?;
    match op {
        '-' => Some(Value::complex(-re, -im)),
        '+' => Some(v.clone()),
        _ => None,
    }
}

/// `c.real` and `c.imag`.
pub fn getattr(v: &Value, name: &str) -> Option<Value> {
    let (re, im) = v.as_complex()?;
    match name {
        "real" => Some(Value::float(re)),
        "imag" => Some(Value::float(im)),
        _ => None,
    }
}

// ----- the constructor ---------------------------------------------------------------

/// Whether `v` may be a part of `complex(real, imag)` (CPython: a type
/// with `nb_float` or `nb_index`, or a complex): a number, an instance
/// of a Python class with `__float__` or `__index__`, or a C type's
/// instance (whose slots are tried when it is converted).
fn numberlike(v: &Value) -> bool {
    matches!(v, Value::Float(_))
        || v.is_int()
        || is_complex(v)
        || crate::ext::foreign(v).is_some()
        || dunder::special(v, "__float__").is_some()
        || dunder::special(v, "__index__").is_some()
}

/// A real part of `complex()` as a float (`PyNumber_Float`); a C type
/// without number slots gets `complex()`'s own message.
fn real_part(vm: &mut Vm, v: &Value, what: &str) -> PyResult<f64> {
    match ops::float_arg(vm, v) {
        Err(e)
            if crate::ext::foreign(v).is_some()
                && e.matches(types::TYPE_ERROR.get())
                && e.exc()
                    .args()
                    .first()
                    .and_then(Value::as_str)
                    .is_some_and(|m| m.starts_with("must be real number")) =>
        {
            Err(PyErr::type_error(format!(
                "complex() {what}, not '{}'",
                v.type_name()
            )))
        }
        r => r,
    }
}

/// `v.__complex__()` for an instance of a Python class that defines it,
/// checked to be a complex (CPython's `try_complex_special_method`).
pub fn dunder_complex(vm: &mut Vm, v: &Value) -> Option<PyResult<Value>> {
    let r = dunder::call(vm, v, "__complex__", &[])?;
    Some(r.and_then(|r| {
        if is_complex(&r) {
            Ok(r)
        } else {
            Err(PyErr::type_error(format!(
                "__complex__ returned non-complex (type {})",
                r.type_name()
            )))
        }
    }))
}

/// `complex(real=0, imag=0)`, as CPython 3.11's `complex_new`.
pub fn construct(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let sig = Sig {
        name: "complex",
        params: &["real", "imag"],
        posonly: 0,
        required: 0,
        kwonly: &[],
        style: Style::C,
    };
    let got = crate::stdlib::parse(&args, &sig)?;
    let r = got
        .first()
        .copied()
        .flatten()
        .cloned()
        .unwrap_or(Value::Int(0));
    let i = got.get(1).copied().flatten().cloned();
    if is_complex(&r) && i.is_none() {
        return Ok(r);
    }
    if let Some(s) = r.as_str() {
        if i.is_some() {
            return Err(PyErr::type_error(
                "complex() can't take second arg if first is a string",
            ));
        }
        let (re, im) = format::parse_complex(s).map_err(ops::fmt_err)?;
        return Ok(Value::complex(re, im));
    }
    if i.as_ref().is_some_and(|i| i.as_str().is_some()) {
        return Err(PyErr::type_error("complex() second arg can't be a string"));
    }
    // A Python class's `__complex__` stands for the first argument.
    let r = match dunder_complex(vm, &r) {
        Some(res) => res?,
        None => r,
    };
    if !numberlike(&r) {
        return Err(PyErr::type_error(format!(
            "complex() first argument must be a string or a number, not '{}'",
            r.type_name()
        )));
    }
    if let Some(i) = &i
        && !numberlike(i)
    {
        return Err(PyErr::type_error(format!(
            "complex() second argument must be a number, not '{}'",
            i.type_name()
        )));
    }
    // Either part may itself be complex: real + imag*1j, computed on the
    // parts as CPython does (so signed zeros come out as in CPython).
    let (cr, cr_is_complex) = match r.as_complex() {
        Some(z) => (z, true),
        None => (
            (
                real_part(vm, &r, "first argument must be a string or a number")?,
                0.0,
            ),
            false,
        ),
    };
    let (ci, ci_is_complex) = match &i {
        None => ((cr.1, 0.0), false),
        Some(i) => match i.as_complex() {
            Some(z) => (z, true),
            None => (
                (real_part(vm, i, "second argument must be a number")?, 0.0),
                false,
            ),
        },
    };
    let mut re = cr.0;
    let mut im = ci.0;
    if ci_is_complex {
        re -= ci.1;
    }
    if cr_is_complex && i.is_some() {
        im += cr.1;
    }
    Ok(Value::complex(re, im))
}

// ----- methods -------------------------------------------------------------------------

/// The receiver of a complex method.
fn recv(args: &Args<'_>) -> PyResult<Parts> {
    args.pos
        .first()
        .and_then(Value::as_complex)
        .ok_or_else(|| PyErr::type_error("descriptor requires a 'complex' object"))
}

/// Fails unless the method got no arguments but its receiver.
fn no_args(args: &Args<'_>, name: &str) -> PyResult<()> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "complex.{name}() takes no keyword arguments"
        )));
    }
    let n = args.pos.len().saturating_sub(1);
    if n != 0 {
        return Err(PyErr::type_error(format!(
            "complex.{name}() takes no arguments ({n} given)"
        )));
    }
    Ok(())
}

/// `z.conjugate()`.
pub fn m_conjugate(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    no_args(&args, "conjugate")?;
    let (re, im) = recv(&args)?;
    Ok(Value::complex(re, -im))
}

/// `z.__complex__()` (new in 3.11): `z` itself.
pub fn m_complex(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    no_args(&args, "__complex__")?;
    recv(&args)?;
    Ok(args.pos.first().cloned().unwrap_or(Value::None))
}
