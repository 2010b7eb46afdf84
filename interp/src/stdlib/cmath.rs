//! `cmath`: part of CPython 3.11's module, with its results and messages:
//! `sqrt`, `exp`, `log`, `log10`, `phase`, `polar`, `rect`, `isfinite`,
//! `isinf`, `isnan`, `isclose` and the constants. The functions follow
//! CPython's C99 Annex G code: a table for each function gives the value
//! at infinities and NaNs (`special`), and the `errno` it sets is a
//! `ValueError` (`EDOM`) or an `OverflowError` (`ERANGE`). Not here yet:
//! the trigonometric and hyperbolic functions and their inverses.

use crate::complex::Parts;
use crate::object::{Args, Builtin, DictObj, NativeFn, PyErr, PyResult, Value};
use crate::ops;
use crate::stdlib::{Sig, Style, parse, positional};
use crate::vm::Vm;
use std::f64::consts::{E, LN_2, LN_10, PI};

/// Adds the module's functions and constants to its dict.
pub fn fill(d: &DictObj) {
    let funcs: &[(&'static str, NativeFn)] = &[
        ("exp", exp),
        ("isclose", isclose),
        ("isfinite", isfinite),
        ("isinf", isinf),
        ("isnan", isnan),
        ("log", log),
        ("log10", log10),
        ("phase", phase),
        ("polar", polar),
        ("rect", rect),
        ("sqrt", sqrt),
    ];
    for (name, f) in funcs {
        d.set_str(name, Value::Obj(Builtin::new_obj(name, *f, None)));
    }
    d.set_str("pi", Value::Float(PI));
    d.set_str("e", Value::Float(E));
    d.set_str("tau", Value::Float(std::f64::consts::TAU));
    d.set_str("inf", Value::Float(f64::INFINITY));
    d.set_str("infj", Value::complex(0.0, f64::INFINITY));
    d.set_str("nan", Value::float(f64::NAN));
    d.set_str("nanj", Value::complex(0.0, f64::NAN));
}

/// The errors a function's `errno` stands for.
enum Errno {
    Dom,
    Range,
}

type CResult = Result<Parts, Errno>;

fn math_error(e: Errno) -> PyErr {
    match e {
        Errno::Dom => PyErr::value_error("math domain error"),
        Errno::Range => PyErr::overflow("math range error"),
    }
}

/// An argument as a complex (`PyComplex_AsCComplex`): a complex, a Python
/// class's `__complex__`, else a real number (`must be real number`).
fn complex_arg(vm: &mut Vm, v: &Value) -> PyResult<Parts> {
    if let Some(z) = v.as_complex() {
        return Ok(z);
    }
    if let Some(r) = crate::complex::dunder_complex(vm, v) {
        return Ok(r?.as_complex().unwrap_or_default());
    }
    Ok((ops::float_arg(vm, v)?, 0.0))
}

/// The one argument of a function taking one complex (`METH_O`).
fn one(vm: &mut Vm, args: &Args<'_>, name: &str) -> PyResult<Parts> {
    let qualified = format!("cmath.{name}");
    args.no_kw(&qualified)?;
    match args.pos {
        [z] => complex_arg(vm, z),
        _ => Err(PyErr::type_error(format!(
            "{qualified}() takes exactly one argument ({} given)",
            args.pos.len()
        ))),
    }
}

fn result(r: CResult) -> PyResult<Value> {
    r.map(|(re, im)| Value::complex(re, im)).map_err(math_error)
}

// ----- special values -------------------------------------------------------------

/// CPython's `special_type` classes, the tables' indices.
fn class(d: f64) -> usize {
    if d.is_nan() {
        6
    } else if d.is_infinite() {
        if d > 0.0 { 5 } else { 0 }
    } else if d != 0.0 {
        if d > 0.0 { 4 } else { 1 }
    } else if d.is_sign_positive() {
        3
    } else {
        2
    }
}

const INF: f64 = f64::INFINITY;
const N: f64 = f64::NAN;
/// A placeholder where the table is never read (a finite part).
const U: f64 = -9.542_631_940_771_103e33;
const P: f64 = PI;
const P12: f64 = 0.5 * PI;
const P14: f64 = 0.25 * PI;
const P34: f64 = 0.75 * PI;

type Table = [[Parts; 7]; 7];

/// The value at `z` from a table indexed by the classes of its parts.
fn special(table: &Table, z: Parts) -> Parts {
    table[class(z.0)][class(z.1)]
}

#[rustfmt::skip]
static SQRT: Table = [
    [(INF,-INF), (0.,-INF), (0.,-INF), (0.,INF), (0.,INF), (INF,INF), (N,INF)],
    [(INF,-INF), (U,U),     (U,U),     (U,U),    (U,U),    (INF,INF), (N,N)],
    [(INF,-INF), (U,U),     (0.,-0.),  (0.,0.),  (U,U),    (INF,INF), (N,N)],
    [(INF,-INF), (U,U),     (0.,-0.),  (0.,0.),  (U,U),    (INF,INF), (N,N)],
    [(INF,-INF), (U,U),     (U,U),     (U,U),    (U,U),    (INF,INF), (N,N)],
    [(INF,-INF), (INF,-0.), (INF,-0.), (INF,0.), (INF,0.), (INF,INF), (INF,N)],
    [(INF,-INF), (N,N),     (N,N),     (N,N),    (N,N),    (INF,INF), (N,N)],
];

#[rustfmt::skip]
static EXP: Table = [
    [(0.,0.),  (U,U), (0.,-0.),  (0.,0.),  (U,U), (0.,0.),  (0.,0.)],
    [(N,N),    (U,U), (U,U),     (U,U),    (U,U), (N,N),    (N,N)],
    [(N,N),    (U,U), (1.,-0.),  (1.,0.),  (U,U), (N,N),    (N,N)],
    [(N,N),    (U,U), (1.,-0.),  (1.,0.),  (U,U), (N,N),    (N,N)],
    [(N,N),    (U,U), (U,U),     (U,U),    (U,U), (N,N),    (N,N)],
    [(INF,N),  (U,U), (INF,-0.), (INF,0.), (U,U), (INF,N),  (INF,N)],
    [(N,N),    (N,N), (N,-0.),   (N,0.),   (N,N), (N,N),    (N,N)],
];

#[rustfmt::skip]
static LOG: Table = [
    [(INF,-P34), (INF,-P),  (INF,-P),   (INF,P),   (INF,P),  (INF,P34), (INF,N)],
    [(INF,-P12), (U,U),     (U,U),      (U,U),     (U,U),    (INF,P12), (N,N)],
    [(INF,-P12), (U,U),     (-INF,-P),  (-INF,P),  (U,U),    (INF,P12), (N,N)],
    [(INF,-P12), (U,U),     (-INF,-0.), (-INF,0.), (U,U),    (INF,P12), (N,N)],
    [(INF,-P12), (U,U),     (U,U),      (U,U),     (U,U),    (INF,P12), (N,N)],
    [(INF,-P14), (INF,-0.), (INF,-0.),  (INF,0.),  (INF,0.), (INF,P14), (INF,N)],
    [(INF,N),    (N,N),     (N,N),      (N,N),     (N,N),    (INF,N),   (N,N)],
];

#[rustfmt::skip]
static RECT: Table = [
    [(INF,N),  (U,U), (-INF,0.),  (-INF,-0.), (U,U), (INF,N),  (INF,N)],
    [(N,N),    (U,U), (U,U),      (U,U),      (U,U), (N,N),    (N,N)],
    [(0.,0.),  (U,U), (-0.,0.),   (-0.,-0.),  (U,U), (0.,0.),  (0.,0.)],
    [(0.,0.),  (U,U), (0.,-0.),   (0.,0.),    (U,U), (0.,0.),  (0.,0.)],
    [(N,N),    (U,U), (U,U),      (U,U),      (U,U), (N,N),    (N,N)],
    [(INF,N),  (U,U), (INF,-0.),  (INF,0.),   (U,U), (INF,N),  (INF,N)],
    [(N,N),    (N,N), (N,0.),     (N,0.),     (N,N), (N,N),    (N,N)],
];

fn finite(z: Parts) -> bool {
    z.0.is_finite() && z.1.is_finite()
}

/// `log(DBL_MAX / 4)`: past it, `exp` is computed in two steps.
fn log_large_double() -> f64 {
    (f64::MAX / 4.0).ln()
}

// ----- the functions ----------------------------------------------------------------

/// `c_sqrt`.
fn c_sqrt(z: Parts) -> CResult {
    if !finite(z) {
        return Ok(special(&SQRT, z));
    }
    if z.0 == 0.0 && z.1 == 0.0 {
        return Ok((0.0, z.1));
    }
    let (mut ax, ay) = (z.0.abs(), z.1.abs());
    // A subnormal modulus is computed on the parts scaled up by 2**53.
    const SCALE_UP: i32 = 53;
    const SCALE_DOWN: i32 = -27;
    let s = if ax < f64::MIN_POSITIVE && ay < f64::MIN_POSITIVE && (ax > 0.0 || ay > 0.0) {
        ax = abi::cmath::ldexp(ax, SCALE_UP);
        abi::cmath::ldexp(
            (ax + ax.hypot(abi::cmath::ldexp(ay, SCALE_UP))).sqrt(),
            SCALE_DOWN,
        )
    } else {
        ax /= 8.0;
        2.0 * (ax + ax.hypot(ay / 8.0)).sqrt()
    };
    let d = ay / (2.0 * s);
    Ok(if z.0 >= 0.0 {
        (s, d.copysign(z.1))
    } else {
        (d, s.copysign(z.1))
    })
}

/// `c_exp`.
fn c_exp(z: Parts) -> CResult {
    if !finite(z) {
        let r = if z.0.is_infinite() && z.1.is_finite() && z.1 != 0.0 {
            if z.0 > 0.0 {
                (INF.copysign(z.1.cos()), INF.copysign(z.1.sin()))
            } else {
                (0.0f64.copysign(z.1.cos()), 0.0f64.copysign(z.1.sin()))
            }
        } else {
            special(&EXP, z)
        };
        // A domain error where the imaginary part is infinite and the
        // real one finite or +inf.
        if z.1.is_infinite() && (z.0.is_finite() || (z.0.is_infinite() && z.0 > 0.0)) {
            return Err(Errno::Dom);
        }
        return Ok(r);
    }
    let r = if z.0 > log_large_double() {
        let l = (z.0 - 1.0).exp();
        (l * z.1.cos() * E, l * z.1.sin() * E)
    } else {
        let l = z.0.exp();
        (l * z.1.cos(), l * z.1.sin())
    };
    if r.0.is_infinite() || r.1.is_infinite() {
        return Err(Errno::Range);
    }
    Ok(r)
}

/// `c_log`; `Err` only for zero (`log(0)` is a domain error), with the
/// value CPython computes before raising it (`cmath.log(0, b)` divides
/// it and forgets the error).
fn c_log(z: Parts) -> (Parts, Option<Errno>) {
    if !finite(z) {
        return (special(&LOG, z), None);
    }
    let (ax, ay) = (z.0.abs(), z.1.abs());
    let re = if ax > f64::MAX / 4.0 || ay > f64::MAX / 4.0 {
        (ax / 2.0).hypot(ay / 2.0).ln() + LN_2
    } else if ax < f64::MIN_POSITIVE && ay < f64::MIN_POSITIVE {
        if ax > 0.0 || ay > 0.0 {
            // A subnormal modulus, scaled up by 2**53.
            let up = |x: f64| abi::cmath::ldexp(x, 53);
            up(ax).hypot(up(ay)).ln() - 53.0 * LN_2
        } else {
            return ((-INF, z.1.atan2(z.0)), Some(Errno::Dom));
        }
    } else {
        let h = ax.hypot(ay);
        if (0.71..=1.73).contains(&h) {
            let (am, an) = if ax > ay { (ax, ay) } else { (ay, ax) };
            ((am - 1.0) * (am + 1.0) + an * an).ln_1p() / 2.0
        } else {
            h.ln()
        }
    };
    ((re, z.1.atan2(z.0)), None)
}

/// CPython's `c_atan2`: the phase, with the C99 values at infinities
/// spelled out; whether the C library's `atan2` set `ERANGE` (glibc's
/// does when the phase underflows to zero).
fn c_atan2(z: Parts) -> (f64, bool) {
    if z.0.is_nan() || z.1.is_nan() {
        return (N, false);
    }
    if z.1.is_infinite() {
        if z.0.is_infinite() {
            return if z.0.is_sign_positive() {
                (P14.copysign(z.1), false)
            } else {
                (P34.copysign(z.1), false)
            };
        }
        return (P12.copysign(z.1), false);
    }
    if z.0.is_infinite() || z.1 == 0.0 {
        return if z.0.is_sign_positive() {
            (0.0f64.copysign(z.1), false)
        } else {
            (P.copysign(z.1), false)
        };
    }
    let phi = z.1.atan2(z.0);
    (phi, phi == 0.0)
}

fn sqrt(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let z = one(vm, &args, "sqrt")?;
    result(c_sqrt(z))
}

fn exp(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let z = one(vm, &args, "exp")?;
    result(c_exp(z))
}

fn log10(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let z = one(vm, &args, "log10")?;
    let ((re, im), err) = c_log(z);
    match err {
        Some(e) => Err(math_error(e)),
        None => Ok(Value::complex(re / LN_10, im / LN_10)),
    }
}

/// `log(x[, base])`: as CPython, the error of `log(x)` is forgotten when
/// a base is given (the second `c_log` resets `errno`), and a base whose
/// log is zero is a domain error.
fn log(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("cmath.log")?;
    positional(&args, "log", 1, 2)?;
    let x = complex_arg(vm, &args.pos[0])?;
    let (mut r, mut err) = c_log(x);
    if let Some(b) = args.pos.get(1) {
        let b = complex_arg(vm, b)?;
        let (lb, e) = c_log(b);
        err = e;
        match crate::complex::quot(r, lb) {
            Some(q) => r = q,
            None => {
                r = (0.0, 0.0);
                err = Some(Errno::Dom);
            }
        }
    }
    match err {
        Some(e) => Err(math_error(e)),
        None => Ok(Value::complex(r.0, r.1)),
    }
}

fn phase(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let z = one(vm, &args, "phase")?;
    match c_atan2(z) {
        (_, true) => Err(math_error(Errno::Range)),
        (phi, false) => Ok(Value::float(phi)),
    }
}

fn polar(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let z = one(vm, &args, "polar")?;
    // `abs` decides `errno` here, whatever `atan2` left.
    let (phi, _) = c_atan2(z);
    let r = crate::complex::abs(z.0, z.1).map_err(|_| math_error(Errno::Range))?;
    Ok(Value::tuple(vec![Value::float(r), Value::float(phi)]))
}

fn rect(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("cmath.rect")?;
    positional(&args, "rect", 2, 2)?;
    let r = ops::float_arg(vm, &args.pos[0])?;
    let phi = ops::float_arg(vm, &args.pos[1])?;
    let z = if !r.is_finite() || !phi.is_finite() {
        let z = if r.is_infinite() && phi.is_finite() && phi != 0.0 {
            if r > 0.0 {
                (INF.copysign(phi.cos()), INF.copysign(phi.sin()))
            } else {
                (-INF.copysign(phi.cos()), -INF.copysign(phi.sin()))
            }
        } else {
            special(&RECT, (r, phi))
        };
        if r != 0.0 && !r.is_nan() && phi.is_infinite() {
            return Err(math_error(Errno::Dom));
        }
        z
    } else if phi == 0.0 {
        (r, r * phi)
    } else {
        (r * phi.cos(), r * phi.sin())
    };
    Ok(Value::complex(z.0, z.1))
}

fn isfinite(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let z = one(vm, &args, "isfinite")?;
    Ok(Value::Bool(finite(z)))
}

fn isinf(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let z = one(vm, &args, "isinf")?;
    Ok(Value::Bool(z.0.is_infinite() || z.1.is_infinite()))
}

fn isnan(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let z = one(vm, &args, "isnan")?;
    Ok(Value::Bool(z.0.is_nan() || z.1.is_nan()))
}

/// `isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0)`.
fn isclose(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    if args.pos.len() > 2 {
        return Err(PyErr::type_error(format!(
            "isclose() takes exactly 2 positional arguments ({} given)",
            args.pos.len()
        )));
    }
    let sig = Sig {
        name: "isclose",
        params: &["a", "b"],
        posonly: 0,
        required: 2,
        kwonly: &["rel_tol", "abs_tol"],
        style: Style::C,
    };
    let got = parse(&args, &sig)?;
    let arg = |i: usize| got.get(i).copied().flatten().cloned();
    let (Some(a), Some(b)) = (arg(0), arg(1)) else {
        return Err(PyErr::type_error("isclose() missing required argument"));
    };
    let a = complex_arg(vm, &a)?;
    let b = complex_arg(vm, &b)?;
    let rel_tol = match arg(2) {
        Some(v) => ops::float_arg(vm, &v)?,
        None => 1e-9,
    };
    let abs_tol = match arg(3) {
        Some(v) => ops::float_arg(vm, &v)?,
        None => 0.0,
    };
    if rel_tol < 0.0 || abs_tol < 0.0 {
        return Err(PyErr::value_error("tolerances must be non-negative"));
    }
    if a == b {
        return Ok(Value::Bool(true));
    }
    if !(a.0.is_finite() || a.0.is_nan())
        || !(a.1.is_finite() || a.1.is_nan())
        || !(b.0.is_finite() || b.0.is_nan())
        || !(b.1.is_finite() || b.1.is_nan())
    {
        return Ok(Value::Bool(false));
    }
    let abs = |z: Parts| crate::complex::abs(z.0, z.1).unwrap_or(INF);
    let diff = abs((a.0 - b.0, a.1 - b.1));
    Ok(Value::Bool(
        diff <= rel_tol * abs(b) || diff <= rel_tol * abs(a) || diff <= abs_tol,
    ))
}
