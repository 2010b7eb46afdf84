//! `math`: every function and constant of CPython 3.11's module, with its
//! results and messages.
//!
//! The libm functions (`sin`, `exp`, `atan2`, …) are the platform's, as
//! in CPython (through `abi::cmath` where Rust's differ), and are checked the way CPython's `math_1` checks them: a
//! NaN from a non-NaN argument is a domain error, an infinity from a
//! finite one a range or domain error. `gamma` and `lgamma` follow
//! CPython's own Lanczos approximation (the same coefficients and order
//! of operations, so the same bits), `fsum` is Shewchuk's exact
//! summation with CPython's final rounding, and `hypot`/`dist` CPython's
//! compensated `vector_norm`.

// The constants are written with all the digits of the algorithms they
// come from; the compiler rounds each once, as a C compiler does.
#![allow(clippy::excessive_precision)]

use crate::bytecode::BinOp;
use crate::dunder;
use crate::object::{Args, Builtin, DictObj, NativeFn, PyErr, PyResult, TupleObj, Value};
use crate::ops;
use crate::vm::Vm;
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::f64::consts::PI;

/// Adds the module's functions and constants to its dict.
pub fn fill(d: &DictObj) {
    let funcs: &[(&'static str, NativeFn)] = &[
        ("acos", acos),
        ("acosh", acosh),
        ("asin", asin),
        ("asinh", asinh),
        ("atan", atan),
        ("atan2", atan2),
        ("atanh", atanh),
        ("cbrt", cbrt),
        ("ceil", ceil),
        ("comb", comb),
        ("copysign", copysign),
        ("cos", cos),
        ("cosh", cosh),
        ("degrees", degrees),
        ("dist", dist),
        ("erf", erf),
        ("erfc", erfc),
        ("exp", exp),
        ("exp2", exp2),
        ("expm1", expm1),
        ("fabs", fabs),
        ("factorial", factorial),
        ("floor", floor),
        ("fmod", fmod),
        ("frexp", frexp),
        ("fsum", fsum),
        ("gamma", gamma),
        ("gcd", gcd),
        ("hypot", hypot),
        ("isclose", isclose),
        ("isfinite", isfinite),
        ("isinf", isinf),
        ("isnan", isnan),
        ("isqrt", isqrt),
        ("lcm", lcm),
        ("ldexp", ldexp),
        ("lgamma", lgamma),
        ("log", log),
        ("log10", log10),
        ("log1p", log1p),
        ("log2", log2),
        ("modf", modf),
        ("nextafter", nextafter),
        ("perm", perm),
        ("pow", pow),
        ("prod", prod),
        ("radians", radians),
        ("remainder", remainder),
        ("sin", sin),
        ("sinh", sinh),
        ("sqrt", sqrt),
        ("tan", tan),
        ("tanh", tanh),
        ("trunc", trunc),
        ("ulp", ulp),
    ];
    for (name, f) in funcs {
        d.set_str(name, Value::Obj(Builtin::new_obj(name, *f, None)));
    }
    d.set_str("pi", Value::Float(PI));
    d.set_str("e", Value::Float(std::f64::consts::E));
    d.set_str("tau", Value::Float(std::f64::consts::TAU));
    d.set_str("inf", Value::Float(f64::INFINITY));
    d.set_str("nan", Value::float(f64::NAN));
}

fn domain() -> PyErr {
    PyErr::value_error("math domain error")
}

fn range() -> PyErr {
    PyErr::overflow("math range error")
}

// ----- arguments -------------------------------------------------------------------

/// The one argument of a one-argument function (CPython's `METH_O`).
fn one<'a>(args: &Args<'a>, name: &str) -> PyResult<&'a Value> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "math.{name}() takes no keyword arguments"
        )));
    }
    match args.pos {
        [x] => Ok(x),
        _ => Err(PyErr::type_error(format!(
            "math.{name}() takes exactly one argument ({} given)",
            args.pos.len()
        ))),
    }
}

/// The two positional arguments of a two-argument function.
fn two<'a>(args: &Args<'a>, name: &str) -> PyResult<(&'a Value, &'a Value)> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "{name}() takes no keyword arguments"
        )));
    }
    match args.pos {
        [a, b] => Ok((a, b)),
        _ => Err(PyErr::type_error(format!(
            "{name} expected 2 arguments, got {}",
            args.pos.len()
        ))),
    }
}

/// An integer argument, through `__index__`.
fn int_arg(vm: &mut Vm, v: &Value) -> PyResult<BigInt> {
    let r = dunder::as_index(vm, v)?;
    r.to_bigint().ok_or_else(|| {
        PyErr::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            v.type_name()
        ))
    })
}

// ----- the libm functions ----------------------------------------------------------------

/// CPython's `math_1`: `f(x)` with its domain and range errors.
fn math_1(
    vm: &mut Vm,
    args: &Args<'_>,
    name: &str,
    f: fn(f64) -> f64,
    can_overflow: bool,
) -> PyResult<Value> {
    let x = ops::float_arg(vm, one(args, name)?)?;
    let r = f(x);
    if r.is_nan() && !x.is_nan() {
        return Err(domain());
    }
    if r.is_infinite() && x.is_finite() {
        return Err(if can_overflow { range() } else { domain() });
    }
    Ok(Value::float(r))
}

macro_rules! libm_1 {
    ($($name:ident, $f:expr, $overflow:expr;)*) => {$(
        fn $name(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
            math_1(vm, &args, stringify!($name), $f, $overflow)
        }
    )*};
}

libm_1! {
    acos, f64::acos, false;
    acosh, f64::acosh, false;
    asin, f64::asin, false;
    asinh, f64::asinh, false;
    atan, f64::atan, false;
    atanh, f64::atanh, false;
    cbrt, glibc_cbrt, false;
    cos, f64::cos, false;
    cosh, f64::cosh, true;
    exp, f64::exp, true;
    exp2, f64::exp2, true;
    expm1, f64::exp_m1, true;
    fabs, f64::abs, false;
    log1p, f64::ln_1p, false;
    sin, f64::sin, false;
    sinh, f64::sinh, true;
    sqrt, f64::sqrt, false;
    tan, f64::tan, false;
    tanh, f64::tanh, false;
}

/// glibc's `cbrt` (what CPython's `math.cbrt` gives on Linux): a
/// polynomial first guess on the mantissa, one rational refinement step,
/// and the exponent divided by three.
fn glibc_cbrt(x: f64) -> f64 {
    const CBRT2: f64 = 1.2599210498948731648;
    const SQR_CBRT2: f64 = 1.5874010519681994748;
    const FACTOR: [f64; 5] = [1.0 / SQR_CBRT2, 1.0 / CBRT2, 1.0, CBRT2, SQR_CBRT2];
    if x == 0.0 || !x.is_finite() {
        return x + x;
    }
    let (xm, xe) = abi::cmath::frexp(x.abs());
    let u = 0.354895765043919860
        + (1.50819193781584896
            + (-2.11499494167371287
                + (2.44693122563534430
                    + (-1.83469277483613086
                        + (0.784932344976639262 - 0.145263899385486377 * xm) * xm)
                        * xm)
                    * xm)
                * xm)
            * xm;
    let t2 = u * u * u;
    let ym = u * (t2 + 2.0 * xm) / (2.0 * t2 + xm) * FACTOR[(2 + xe % 3) as usize];
    abi::cmath::ldexp(if x > 0.0 { ym } else { -ym }, xe / 3)
}

fn erf(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let x = ops::float_arg(vm, one(&args, "erf")?)?;
    Ok(Value::float(abi::cmath::erf(x)))
}

fn erfc(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let x = ops::float_arg(vm, one(&args, "erfc")?)?;
    Ok(Value::float(abi::cmath::erfc(x)))
}

fn atan2(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (y, x) = two(&args, "atan2")?;
    let (y, x) = (ops::float_arg(vm, y)?, ops::float_arg(vm, x)?);
    Ok(Value::float(y.atan2(x)))
}

fn copysign(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (x, y) = two(&args, "copysign")?;
    let (x, y) = (ops::float_arg(vm, x)?, ops::float_arg(vm, y)?);
    Ok(Value::float(x.copysign(y)))
}

fn fmod(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (x, y) = two(&args, "fmod")?;
    let (x, y) = (ops::float_arg(vm, x)?, ops::float_arg(vm, y)?);
    if y.is_infinite() && x.is_finite() {
        return Ok(Value::Float(x));
    }
    let r = x % y;
    if r.is_nan() && !x.is_nan() && !y.is_nan() {
        return Err(domain());
    }
    Ok(Value::float(r))
}

fn remainder(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (x, y) = two(&args, "remainder")?;
    let (x, y) = (ops::float_arg(vm, x)?, ops::float_arg(vm, y)?);
    if x.is_nan() || y.is_nan() {
        return Ok(Value::float(f64::NAN));
    }
    if x.is_infinite() || y == 0.0 {
        return Err(domain());
    }
    if y.is_infinite() {
        return Ok(Value::Float(x));
    }
    Ok(Value::float(abi::cmath::remainder(x, y)))
}

/// CPython's `math.pow`: C99's special cases made explicit, and its own
/// errors for a finite result it cannot give.
fn pow(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (x, y) = two(&args, "pow")?;
    let (x, y) = (ops::float_arg(vm, x)?, ops::float_arg(vm, y)?);
    let r = if !x.is_finite() || !y.is_finite() {
        if x.is_nan() {
            if y == 0.0 { 1.0 } else { x }
        } else if y.is_nan() {
            if x == 1.0 { 1.0 } else { y }
        } else if x.is_infinite() {
            let odd_y = y.is_finite() && (y.abs() % 2.0) == 1.0;
            if y > 0.0 {
                if odd_y { x } else { x.abs() }
            } else if y == 0.0 {
                1.0
            } else if odd_y {
                0.0f64.copysign(x)
            } else {
                0.0
            }
        } else if x.abs() == 1.0 {
            1.0
        } else if (y > 0.0) == (x.abs() > 1.0) {
            f64::INFINITY
        } else {
            0.0
        }
    } else {
        let r = x.powf(y);
        if r.is_nan() {
            return Err(domain());
        }
        if r.is_infinite() {
            return Err(if x == 0.0 { domain() } else { range() });
        }
        r
    };
    Ok(Value::float(r))
}

fn degrees(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let x = ops::float_arg(vm, one(&args, "degrees")?)?;
    Ok(Value::float(x * (180.0 / PI)))
}

fn radians(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let x = ops::float_arg(vm, one(&args, "radians")?)?;
    Ok(Value::float(x * (PI / 180.0)))
}

fn isfinite(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    Ok(Value::Bool(
        ops::float_arg(vm, one(&args, "isfinite")?)?.is_finite(),
    ))
}

fn isinf(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    Ok(Value::Bool(
        ops::float_arg(vm, one(&args, "isinf")?)?.is_infinite(),
    ))
}

fn isnan(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    Ok(Value::Bool(
        ops::float_arg(vm, one(&args, "isnan")?)?.is_nan(),
    ))
}

fn nextafter(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (x, y) = two(&args, "nextafter")?;
    let (x, y) = (ops::float_arg(vm, x)?, ops::float_arg(vm, y)?);
    Ok(Value::float(next_toward(x, y)))
}

fn next_toward(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if x == y {
        y
    } else if y > x {
        x.next_up()
    } else {
        x.next_down()
    }
}

fn ulp(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let x = ops::float_arg(vm, one(&args, "ulp")?)?;
    if x.is_nan() {
        return Ok(Value::float(x));
    }
    let x = x.abs();
    if x.is_infinite() {
        return Ok(Value::Float(x));
    }
    let up = x.next_up();
    Ok(Value::Float(if up.is_infinite() {
        x - x.next_down()
    } else {
        up - x
    }))
}

fn frexp(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let x = ops::float_arg(vm, one(&args, "frexp")?)?;
    let (m, e) = if x == 0.0 || !x.is_finite() {
        (x, 0)
    } else {
        abi::cmath::frexp(x)
    };
    Ok(Value::tuple(vec![Value::float(m), Value::Int(e as i64)]))
}

fn ldexp(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (x, i) = two(&args, "ldexp")?;
    let x = ops::float_arg(vm, x)?;
    let i = dunder::as_index(vm, i)?;
    let i = i
        .to_bigint()
        .ok_or_else(|| PyErr::type_error("Expected an int as second argument to ldexp."))?;
    if x == 0.0 || !x.is_finite() {
        return Ok(Value::float(x));
    }
    let r = match i.to_i32() {
        Some(e) => abi::cmath::ldexp(x, e),
        None if i.is_negative() => 0.0f64.copysign(x),
        None => return Err(range()),
    };
    if r.is_infinite() {
        return Err(range());
    }
    Ok(Value::Float(r))
}

fn modf(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let x = ops::float_arg(vm, one(&args, "modf")?)?;
    let (f, i) = if x.is_infinite() {
        (0.0f64.copysign(x), x)
    } else {
        ((x - x.trunc()).copysign(x), x.trunc())
    };
    Ok(Value::tuple(vec![Value::float(f), Value::float(i)]))
}

// ----- rounding to an int ----------------------------------------------------------------

/// `math.floor`/`math.ceil`: an int stays itself, a Python class's
/// `__floor__`/`__ceil__` is called, anything else is rounded as a float.
fn round_to_int(
    vm: &mut Vm,
    args: &Args<'_>,
    name: &str,
    dunder_name: &'static str,
    f: fn(f64) -> f64,
) -> PyResult<Value> {
    let x = one(args, name)?;
    if x.is_int() {
        return Ok(match x {
            Value::Bool(b) => Value::Int(*b as i64),
            _ => x.clone(),
        });
    }
    if !matches!(x, Value::Float(_))
        && let Some(r) = dunder::call(vm, x, dunder_name, &[])
    {
        return r;
    }
    float_to_int(f(ops::float_arg(vm, x)?))
}

fn float_to_int(f: f64) -> PyResult<Value> {
    if f.is_nan() {
        return Err(PyErr::value_error("cannot convert float NaN to integer"));
    }
    if f.is_infinite() {
        return Err(PyErr::overflow("cannot convert float infinity to integer"));
    }
    if f.abs() < 9.2e18 {
        return Ok(Value::Int(f as i64));
    }
    Ok(Value::from_bigint(
        num_traits::FromPrimitive::from_f64(f).unwrap_or_default(),
    ))
}

fn floor(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    round_to_int(vm, &args, "floor", "__floor__", f64::floor)
}

fn ceil(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    round_to_int(vm, &args, "ceil", "__ceil__", f64::ceil)
}

fn trunc(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let x = one(&args, "trunc")?;
    match x {
        Value::Float(f) => float_to_int(f.trunc()),
        Value::Bool(b) => Ok(Value::Int(*b as i64)),
        _ if x.is_int() => Ok(x.clone()),
        _ => match dunder::call(vm, x, "__trunc__", &[]) {
            Some(r) => r,
            None => Err(PyErr::type_error(format!(
                "type {} doesn't define __trunc__ method",
                x.type_name()
            ))),
        },
    }
}

// ----- logarithms ------------------------------------------------------------------------

/// CPython's `loghelper`: `f(x)` for an int of any size (a positive int
/// too large for a float is `m * 2**e`, so its log is `f(m) + f(2) * e`),
/// else `f` of the float with domain errors.
fn log_of(vm: &mut Vm, x: &Value, f: fn(f64) -> f64) -> PyResult<f64> {
    if x.is_int() {
        let b = x.to_bigint().unwrap_or_default();
        if !b.is_positive() {
            return Err(domain());
        }
        return Ok(match b.to_f64().filter(|v| v.is_finite()) {
            Some(v) => f(v),
            None => {
                let (m, e) = big_frexp(&b);
                f(m) + f(2.0) * e as f64
            }
        });
    }
    let v = ops::float_arg(vm, x)?;
    if v.is_nan() {
        return Ok(v);
    }
    if v <= 0.0 || v == f64::NEG_INFINITY {
        return Err(domain());
    }
    Ok(f(v))
}

/// A positive big int as `m * 2**e` with `m` in [0.5, 1), `m` correctly
/// rounded (CPython's `_PyLong_Frexp`).
#[doc(hidden)]
pub fn big_frexp(b: &BigInt) -> (f64, u64) {
    let bits = b.bits();
    // Keep 62 bits and a sticky bit for what was shifted out, so that
    // the conversion to f64 below rounds as the exact value would.
    let shift = bits.saturating_sub(62);
    let mag = b.magnitude();
    let top: BigUint = mag >> shift;
    let mut t = top.to_u64().unwrap_or(u64::MAX);
    if shift > 0 && (&top << shift) != *mag {
        t |= 1;
    }
    let kept = bits - shift;
    // t < 2**kept; scale into [0.5, 1].
    let m = t as f64 / 2f64.powi(kept as i32);
    if m >= 1.0 {
        (m / 2.0, bits + 1)
    } else {
        (m, bits)
    }
}

fn log(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error("log() takes no keyword arguments"));
    }
    let (x, base) = match args.pos {
        [x] => (x, None),
        [x, b] => (x, Some(b)),
        _ => {
            return Err(PyErr::type_error("math.log requires 1 to 2 arguments"));
        }
    };
    let num = log_of(vm, x, f64::ln)?;
    let Some(base) = base else {
        return Ok(Value::float(num));
    };
    let den = log_of(vm, base, f64::ln)?;
    if den == 0.0 {
        return Err(PyErr::new(
            &crate::object::types::ZERO_DIVISION_ERROR,
            "float division by zero",
        ));
    }
    Ok(Value::float(num / den))
}

fn log2(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let x = one(&args, "log2")?;
    Ok(Value::float(log_of(vm, x, f64::log2)?))
}

fn log10(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let x = one(&args, "log10")?;
    Ok(Value::float(log_of(vm, x, f64::log10)?))
}

// ----- gamma -----------------------------------------------------------------------------

const LANCZOS_G: f64 = 6.024_680_040_776_729_583_740_234_375;
const LANCZOS_G_MINUS_HALF: f64 = 5.524_680_040_776_729_583_740_234_375;
const LANCZOS_NUM: [f64; 13] = [
    23_531_376_880.410_759_688_572_007_674_451_636_754_734_846_804_940,
    42_919_803_642.649_098_768_957_899_047_001_988_850_926_355_848_959,
    35_711_959_237.355_668_049_440_185_451_547_166_705_960_488_635_843,
    17_921_034_426.037_209_699_919_755_754_458_931_112_671_403_265_390,
    6_039_542_586.352_028_005_064_291_644_307_297_921_069_938_842_070_8,
    1_439_720_407.311_721_673_663_223_072_794_912_393_971_548_578_677_2,
    248_874_557.862_054_156_511_460_386_413_229_423_216_321_251_278_01,
    31_426_415.585_400_194_380_614_231_628_318_205_362_874_684_987_640,
    2_876_370.628_935_372_441_225_409_051_620_849_613_599_114_537_876_8,
    186_056.265_395_223_495_040_294_989_716_045_699_282_207_842_363_28,
    8_071.672_002_365_816_210_638_002_902_272_250_613_821_851_632_502_4,
    210.824_277_751_579_345_872_509_733_920_713_362_711_669_695_802_91,
    2.506_628_274_631_000_270_164_908_177_133_837_338_626_431_079_340_8,
];
const LANCZOS_DEN: [f64; 13] = [
    0.0,
    39_916_800.0,
    120_543_840.0,
    150_917_976.0,
    105_258_076.0,
    45_995_730.0,
    13_339_535.0,
    2_637_558.0,
    357_423.0,
    32_670.0,
    1_925.0,
    66.0,
    1.0,
];
const LOG_PI: f64 = 1.144_729_885_849_400_174_143_427_351_353_058_711_647;

/// The Lanczos sum for positive `x`, as a rational function in `x` below
/// 5 and in `1/x` above (no overflow, less error).
fn lanczos_sum(x: f64) -> f64 {
    let (mut num, mut den) = (0.0, 0.0);
    if x < 5.0 {
        for i in (0..13).rev() {
            num = num * x + LANCZOS_NUM[i];
            den = den * x + LANCZOS_DEN[i];
        }
    } else {
        for i in 0..13 {
            num = num / x + LANCZOS_NUM[i];
            den = den / x + LANCZOS_DEN[i];
        }
    }
    num / den
}

/// `sin(pi * x)` for finite `x`, exact at the integers and half-integers.
fn sinpi(x: f64) -> f64 {
    let y = x.abs() % 2.0;
    let n = (2.0 * y).round() as i32;
    let r = match n {
        0 => (PI * y).sin(),
        1 => (PI * (y - 0.5)).cos(),
        2 => (PI * (1.0 - y)).sin(),
        3 => -(PI * (y - 1.5)).cos(),
        _ => (PI * (y - 2.0)).sin(),
    };
    1.0f64.copysign(x) * r
}

fn gamma(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let x = ops::float_arg(vm, one(&args, "gamma")?)?;
    if !x.is_finite() {
        if x.is_nan() || x > 0.0 {
            return Ok(Value::float(x));
        }
        return Err(domain());
    }
    if x == 0.0 {
        return Err(domain());
    }
    if x == x.floor() {
        if x < 0.0 {
            return Err(domain());
        }
        if x <= 23.0 {
            let mut r = 1.0f64;
            for k in 2..(x as u32) {
                r *= k as f64;
            }
            return Ok(Value::Float(r));
        }
    }
    let absx = x.abs();
    if absx < 1e-20 {
        let r = 1.0 / x;
        if r.is_infinite() {
            return Err(range());
        }
        return Ok(Value::Float(r));
    }
    if absx > 200.0 {
        if x < 0.0 {
            return Ok(Value::float(0.0 / sinpi(x)));
        }
        return Err(range());
    }
    let y = absx + LANCZOS_G_MINUS_HALF;
    let z = if absx > LANCZOS_G_MINUS_HALF {
        let q = y - absx;
        q - LANCZOS_G_MINUS_HALF
    } else {
        let q = y - LANCZOS_G_MINUS_HALF;
        q - absx
    };
    let z = z * LANCZOS_G / y;
    let r = if x < 0.0 {
        let mut r = -PI / sinpi(absx) / absx * y.exp() / lanczos_sum(absx);
        r -= z * r;
        if absx < 140.0 {
            r /= y.powf(absx - 0.5);
        } else {
            let sqrtpow = y.powf(absx / 2.0 - 0.25);
            r /= sqrtpow;
            r /= sqrtpow;
        }
        r
    } else {
        let mut r = lanczos_sum(absx) / y.exp();
        r += z * r;
        if absx < 140.0 {
            r *= y.powf(absx - 0.5);
        } else {
            let sqrtpow = y.powf(absx / 2.0 - 0.25);
            r *= sqrtpow;
            r *= sqrtpow;
        }
        r
    };
    if r.is_infinite() {
        return Err(range());
    }
    Ok(Value::float(r))
}

fn lgamma(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let x = ops::float_arg(vm, one(&args, "lgamma")?)?;
    if !x.is_finite() {
        return Ok(Value::float(if x.is_nan() { x } else { f64::INFINITY }));
    }
    if x == x.floor() && x <= 2.0 {
        if x <= 0.0 {
            return Err(domain());
        }
        return Ok(Value::Float(0.0));
    }
    let absx = x.abs();
    if absx < 1e-20 {
        return Ok(Value::Float(-absx.ln()));
    }
    let mut r = lanczos_sum(absx).ln() - LANCZOS_G;
    r += (absx - 0.5) * ((absx + LANCZOS_G - 0.5).ln() - 1.0);
    if x < 0.0 {
        r = LOG_PI - sinpi(absx).abs().ln() - absx.ln() - r;
    }
    if r.is_infinite() {
        return Err(range());
    }
    Ok(Value::float(r))
}

// ----- sums and norms --------------------------------------------------------------------

/// `fsum(iterable)`: the correctly rounded sum (Shewchuk's partials).
fn fsum(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let it = ops::get_iter(vm, one(&args, "fsum")?)?;
    let mut partials: Vec<f64> = Vec::new();
    let (mut special, mut inf_sum) = (0.0f64, 0.0f64);
    while let Some(v) = ops::iter_next(vm, &it)? {
        let mut x = ops::float_arg(vm, &v)?;
        let xsave = x;
        let mut i = 0;
        for j in 0..partials.len() {
            let mut y = partials[j];
            if x.abs() < y.abs() {
                std::mem::swap(&mut x, &mut y);
            }
            let hi = x + y;
            let lo = y - (hi - x);
            if lo != 0.0 {
                partials[i] = lo;
                i += 1;
            }
            x = hi;
        }
        partials.truncate(i);
        if x != 0.0 {
            if !x.is_finite() {
                // From a non-finite input, or an overflow.
                if xsave.is_finite() {
                    return Err(PyErr::overflow("intermediate overflow in fsum"));
                }
                if xsave.is_infinite() {
                    inf_sum += xsave;
                }
                special += xsave;
                partials.clear();
            } else {
                partials.push(x);
            }
        }
    }
    if special != 0.0 {
        if inf_sum.is_nan() {
            return Err(PyErr::value_error("-inf + inf in fsum"));
        }
        return Ok(Value::float(special));
    }
    let mut n = partials.len();
    let mut hi = 0.0;
    if n > 0 {
        n -= 1;
        hi = partials[n];
        let mut lo = 0.0;
        while n > 0 {
            let x = hi;
            n -= 1;
            let y = partials[n];
            hi = x + y;
            let yr = hi - x;
            lo = y - yr;
            if lo != 0.0 {
                break;
            }
        }
        // Round half to even: when the rest has the same sign as `lo`,
        // `hi + 2*lo` may be the nearer value.
        if n > 0 && ((lo < 0.0 && partials[n - 1] < 0.0) || (lo > 0.0 && partials[n - 1] > 0.0)) {
            let y = lo * 2.0;
            let x = hi + y;
            let yr = x - hi;
            if y == yr {
                hi = x;
            }
        }
    }
    Ok(Value::float(hi))
}

/// The Euclidean norm of `v` (all finite, `max` the largest magnitude),
/// scaled to avoid overflow and summed with compensation, then corrected
/// once (CPython's `vector_norm`).
fn vector_norm(v: &mut [f64], max: f64, found_nan: bool) -> f64 {
    if max.is_infinite() {
        return max;
    }
    if found_nan {
        return f64::NAN;
    }
    if max == 0.0 || v.len() <= 1 {
        return max;
    }
    let (_, max_e) = abi::cmath::frexp(max);
    if max_e < -1023 {
        for x in v.iter_mut() {
            *x /= f64::MIN_POSITIVE;
        }
        return f64::MIN_POSITIVE * vector_norm(v, max / f64::MIN_POSITIVE, found_nan);
    }
    let scale = abi::cmath::ldexp(1.0, -max_e);
    let (mut csum, mut frac1, mut frac2) = (1.0f64, 0.0f64, 0.0f64);
    for &x in v.iter() {
        let x = x * scale;
        let (phi, plo) = dl_mul(x, x);
        let (shi, slo) = dl_fast_sum(csum, phi);
        csum = shi;
        frac1 += plo;
        frac2 += slo;
    }
    let mut h = (csum - 1.0 + (frac1 + frac2)).sqrt();
    let (phi, plo) = dl_mul(-h, h);
    let (shi, slo) = dl_fast_sum(csum, phi);
    csum = shi;
    frac1 += plo;
    frac2 += slo;
    let x = csum - 1.0 + (frac1 + frac2);
    h += x / (2.0 * h);
    h / scale
}

/// `x * y` exactly, as a rounded product and its error.
fn dl_mul(x: f64, y: f64) -> (f64, f64) {
    let hi = x * y;
    (hi, x.mul_add(y, -hi))
}

/// `a + b` exactly for `|a| >= |b|`, as a rounded sum and its error.
fn dl_fast_sum(a: f64, b: f64) -> (f64, f64) {
    let x = a + b;
    let z = x - a;
    (x, b - z)
}

fn hypot(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error("hypot() takes no keyword arguments"));
    }
    let mut v = Vec::with_capacity(args.pos.len());
    let (mut max, mut found_nan) = (0.0f64, false);
    for a in args.pos {
        let x = ops::float_arg(vm, a)?.abs();
        found_nan |= x.is_nan();
        if x > max {
            max = x;
        }
        v.push(x);
    }
    Ok(Value::float(vector_norm(&mut v, max, found_nan)))
}

fn dist(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (p, q) = two(&args, "dist")?;
    let points = |v: &Value| -> PyResult<Vec<Value>> {
        match v.downcast::<TupleObj>() {
            Some(t) => Ok(t.items.to_vec()),
            None => ops::seq_items_checked(v).ok_or_else(|| {
                PyErr::type_error(format!(
                    "dist(): argument must be tuple, not {}",
                    v.type_name()
                ))
            }),
        }
    };
    let (p, q) = (points(p)?, points(q)?);
    if p.len() != q.len() {
        return Err(PyErr::value_error(
            "both points must have the same number of dimensions",
        ));
    }
    let mut v = Vec::with_capacity(p.len());
    let (mut max, mut found_nan) = (0.0f64, false);
    for (a, b) in p.iter().zip(&q) {
        let x = (ops::float_arg(vm, a)? - ops::float_arg(vm, b)?).abs();
        found_nan |= x.is_nan();
        if x > max {
            max = x;
        }
        v.push(x);
    }
    Ok(Value::float(vector_norm(&mut v, max, found_nan)))
}

fn isclose(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("isclose", &["a", "b", "rel_tol", "abs_tol"])?;
    if args.pos.len() > 2 {
        return Err(PyErr::type_error(format!(
            "isclose() takes exactly 2 positional arguments ({} given)",
            args.pos.len()
        )));
    }
    let get = |i: usize, name: &str| -> PyResult<&Value> {
        args.pos.get(i).or(args.kw(name)).ok_or_else(|| {
            PyErr::type_error(format!(
                "isclose() missing required argument '{name}' (pos {})",
                i + 1
            ))
        })
    };
    let (a, b) = (get(0, "a")?, get(1, "b")?);
    let (a, b) = (ops::float_arg(vm, a)?, ops::float_arg(vm, b)?);
    let rel_tol = match args.kw("rel_tol") {
        Some(v) => ops::float_arg(vm, v)?,
        None => 1e-9,
    };
    let abs_tol = match args.kw("abs_tol") {
        Some(v) => ops::float_arg(vm, v)?,
        None => 0.0,
    };
    if rel_tol < 0.0 || abs_tol < 0.0 {
        return Err(PyErr::value_error("tolerances must be non-negative"));
    }
    if a == b {
        return Ok(Value::Bool(true));
    }
    if a.is_infinite() || b.is_infinite() {
        return Ok(Value::Bool(false));
    }
    let diff = (b - a).abs();
    Ok(Value::Bool(
        diff <= (rel_tol * b).abs() || diff <= (rel_tol * a).abs() || diff <= abs_tol,
    ))
}

fn prod(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("prod", &["start"])?;
    let iterable = match args.pos {
        [x] => x,
        _ => {
            return Err(PyErr::type_error(format!(
                "prod() takes exactly 1 positional argument ({} given)",
                args.pos.len()
            )));
        }
    };
    let mut acc = args.kw("start").cloned().unwrap_or(Value::Int(1));
    let it = ops::get_iter(vm, iterable)?;
    while let Some(x) = ops::iter_next(vm, &it)? {
        acc = ops::binary_op(vm, BinOp::Mul, &acc, &x)?;
    }
    Ok(acc)
}

// ----- integers --------------------------------------------------------------------------

/// The product of the integers in `lo..hi`, split in halves so that the
/// big multiplications are balanced.
fn range_product(lo: u64, hi: u64) -> BigUint {
    if hi <= lo {
        return BigUint::one();
    }
    if hi - lo <= 16 {
        let mut r = BigUint::one();
        for k in lo..hi {
            r *= k;
        }
        return r;
    }
    let mid = lo + (hi - lo) / 2;
    range_product(lo, mid) * range_product(mid, hi)
}

fn factorial(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let n = int_arg(vm, one(&args, "factorial")?)?;
    if n.is_negative() {
        return Err(PyErr::value_error(
            "factorial() not defined for negative values",
        ));
    }
    let n = n
        .to_u64()
        .filter(|n| *n <= i64::MAX as u64)
        .ok_or_else(|| {
            PyErr::overflow("factorial() argument should not exceed 9223372036854775807")
        })?;
    Ok(Value::from_bigint(BigInt::from(range_product(1, n + 1))))
}

fn gcd(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("gcd")?;
    let mut g = BigInt::zero();
    for a in args.pos {
        let x = int_arg(vm, a)?;
        g = g.gcd(&x);
    }
    Ok(Value::from_bigint(g))
}

fn lcm(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("lcm")?;
    let mut l = BigInt::one();
    for a in args.pos {
        let x = int_arg(vm, a)?;
        l = if l.is_zero() || x.is_zero() {
            BigInt::zero()
        } else {
            l.lcm(&x)
        };
    }
    Ok(Value::from_bigint(l))
}

fn isqrt(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let n = int_arg(vm, one(&args, "isqrt")?)?;
    if n.is_negative() {
        return Err(PyErr::value_error("isqrt() argument must be nonnegative"));
    }
    Ok(Value::from_bigint(n.sqrt()))
}

/// `n` and `k` of `comb`/`perm`, both non-negative.
fn n_and_k(vm: &mut Vm, n: &Value, k: &Value) -> PyResult<(BigInt, BigInt)> {
    let (n, k) = (int_arg(vm, n)?, int_arg(vm, k)?);
    if n.is_negative() {
        return Err(PyErr::value_error("n must be a non-negative integer"));
    }
    if k.is_negative() {
        return Err(PyErr::value_error("k must be a non-negative integer"));
    }
    Ok((n, k))
}

fn comb(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (n, k) = two(&args, "comb")?;
    let (n, k) = n_and_k(vm, n, k)?;
    if k > n {
        return Ok(Value::Int(0));
    }
    let k = std::cmp::min(k.clone(), &n - &k);
    let k = k
        .to_u64()
        .ok_or_else(|| PyErr::overflow(format!("min(n - k, k) must not exceed {}", i64::MAX)))?;
    let mut r = BigInt::one();
    for i in 0..k {
        r = r * (&n - i) / (i + 1);
    }
    Ok(Value::from_bigint(r))
}

fn perm(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("perm")?;
    let (n, k) = match args.pos {
        [n] => {
            let n = int_arg(vm, n)?;
            if n.is_negative() {
                return Err(PyErr::value_error("n must be a non-negative integer"));
            }
            (n.clone(), n)
        }
        [n, k] if k.kind() == crate::object::types::Kind::NONE => {
            let n = int_arg(vm, n)?;
            if n.is_negative() {
                return Err(PyErr::value_error("n must be a non-negative integer"));
            }
            (n.clone(), n)
        }
        [n, k] => n_and_k(vm, n, k)?,
        _ => {
            return Err(PyErr::type_error(format!(
                "perm expected at most 2 arguments, got {}",
                args.pos.len()
            )));
        }
    };
    if k > n {
        return Ok(Value::Int(0));
    }
    let k = k
        .to_u64()
        .ok_or_else(|| PyErr::overflow(format!("k must not exceed {}", i64::MAX)))?;
    let mut r = BigInt::one();
    for i in 0..k {
        r *= &n - i;
    }
    Ok(Value::from_bigint(r))
}
