//! `float.fromhex(s)`: CPython 3.11's `float_fromhex`, reading
//! `[sign] [0x] hexdigits [. hexdigits] [p [sign] digits]` (or an infinity
//! or NaN) between optional whitespace, rounded half to even to the
//! nearest double.

use super::{FmtError, inf_or_nan, is_c_space, overflow_error, value_error};

/// `DBL_MIN_EXP`, `DBL_MAX_EXP` and `DBL_MANT_DIG` of an IEEE double.
const DBL_MIN_EXP: i64 = -1021;
const DBL_MAX_EXP: i64 = 1024;
const DBL_MANT_DIG: i64 = 53;

fn parse_error() -> FmtError {
    value_error("invalid hexadecimal floating-point string")
}

fn too_large() -> FmtError {
    overflow_error("hexadecimal value too large to represent as a float")
}

fn hex_value(b: u8) -> Option<u32> {
    (b as char).to_digit(16)
}

/// C's `ldexp(x, e)` for an `e` that may lie outside `i32`: `x * 2**e`,
/// rounded once.
fn ldexp(x: f64, e: i64) -> f64 {
    abi::cmath::ldexp(x, e.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32)
}

/// `float.fromhex(s)`: the double `s` spells in hexadecimal, as CPython
/// reads it, with its errors (`invalid hexadecimal floating-point string`,
/// `hexadecimal value too large to represent as a float`).
pub fn float_fromhex(s: &str) -> Result<f64, FmtError> {
    let s = s.as_bytes();
    let at = |i: usize| s.get(i).copied().unwrap_or(0);
    let mut i = 0;
    while is_c_space(at(i)) {
        i += 1;
    }
    let (x, negate, end) = match inf_or_nan(&s[i..]) {
        Some((x, len)) => (x, false, i + len),
        None => {
            let negate = at(i) == b'-';
            if matches!(at(i), b'-' | b'+') {
                i += 1;
            }
            let (x, end) = finite(s, i)?;
            (x, negate, end)
        }
    };
    let mut i = end;
    while is_c_space(at(i)) {
        i += 1;
    }
    if i != s.len() {
        return Err(parse_error());
    }
    Ok(if negate { -x } else { x })
}

/// The unsigned hexadecimal number at `s[i..]` (`[0x] coefficient [p
/// exponent]`), rounded to a double, and where it ends.
fn finite(s: &[u8], mut i: usize) -> Result<(f64, usize), FmtError> {
    let at = |i: usize| s.get(i).copied().unwrap_or(0);
    if at(i) == b'0' && matches!(at(i + 1), b'x' | b'X') {
        i += 2;
    }
    // The coefficient's digits, most significant first, and how many of
    // them follow the point.
    let mut digits: Vec<u32> = Vec::new();
    while let Some(d) = hex_value(at(i)) {
        digits.push(d);
        i += 1;
    }
    let mut fdigits = 0i64;
    if at(i) == b'.' {
        i += 1;
        while let Some(d) = hex_value(at(i)) {
            digits.push(d);
            fdigits += 1;
            i += 1;
        }
    }
    if digits.is_empty() {
        return Err(parse_error());
    }
    // CPython's limit, which keeps its exponent arithmetic in a C long
    // (no string that fits in memory reaches it).
    let limit = (DBL_MIN_EXP - DBL_MANT_DIG - i64::MIN / 2).min(i64::MAX / 2 + 1 - DBL_MAX_EXP) / 4;
    if digits.len() as i64 > limit {
        return Err(value_error("hexadecimal string too long to convert"));
    }
    let mut exp: i64 = 0;
    if matches!(at(i), b'p' | b'P') {
        i += 1;
        let negative = at(i) == b'-';
        if matches!(at(i), b'-' | b'+') {
            i += 1;
        }
        if !at(i).is_ascii_digit() {
            return Err(parse_error());
        }
        // `strtol`: saturates at the long's range.
        while at(i).is_ascii_digit() {
            let d = i64::from(at(i) - b'0');
            exp = if negative {
                exp.saturating_mul(10).saturating_sub(d)
            } else {
                exp.saturating_mul(10).saturating_add(d)
            };
            i += 1;
        }
    }
    // hex(j): the j-th least significant digit.
    let first_nonzero = digits.iter().position(|&d| d != 0);
    let Some(first) = first_nonzero else {
        return Ok((0.0, i));
    };
    let digits = &digits[first..];
    let ndigits = digits.len() as i64;
    let hex = |j: i64| -> u32 {
        usize::try_from(ndigits - 1 - j)
            .ok()
            .and_then(|k| digits.get(k))
            .copied()
            .unwrap_or(0)
    };
    if exp < i64::MIN / 2 {
        return Ok((0.0, i));
    }
    if exp > i64::MAX / 2 {
        return Err(too_large());
    }
    let exp = exp - 4 * fdigits;
    // One more than the exponent of the coefficient's top bit.
    let mut top_exp = exp + 4 * (ndigits - 1);
    let mut d = hex(ndigits - 1);
    while d != 0 {
        top_exp += 1;
        d /= 2;
    }
    if top_exp < DBL_MIN_EXP - DBL_MANT_DIG {
        return Ok((0.0, i));
    }
    if top_exp > DBL_MAX_EXP {
        return Err(too_large());
    }
    // The exponent of the rounded value's last bit.
    let lsb = top_exp.max(DBL_MIN_EXP) - DBL_MANT_DIG;
    let mut x = 0.0f64;
    if exp >= lsb {
        // Exact: no rounding.
        for j in (0..ndigits).rev() {
            x = 16.0 * x + f64::from(hex(j));
        }
        return Ok((ldexp(x, exp), i));
    }
    // Round half to even at bit `lsb`: `key_digit` holds the first bit
    // rounded away, `half_eps` its weight within the digit.
    let half_eps: u32 = 1 << ((lsb - exp - 1) % 4);
    let key_digit = (lsb - exp - 1) / 4;
    for j in ((key_digit + 1)..ndigits).rev() {
        x = 16.0 * x + f64::from(hex(j));
    }
    let digit = hex(key_digit);
    x = 16.0 * x + f64::from(digit & (16 - 2 * half_eps));
    if digit & half_eps != 0 {
        let round_up = digit & (3 * half_eps - 1) != 0
            || (half_eps == 8 && key_digit + 1 < ndigits && hex(key_digit + 1) & 1 != 0)
            || (0..key_digit).any(|j| hex(j) != 0);
        if round_up {
            x += f64::from(2 * half_eps);
            if top_exp == DBL_MAX_EXP && x == ldexp(f64::from(2 * half_eps), DBL_MANT_DIG) {
                // The value rounds up to 2**1024.
                return Err(too_large());
            }
        }
    }
    Ok((ldexp(x, exp + 4 * key_digit), i))
}
