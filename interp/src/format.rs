//! TEMPORARY minimal implementation; replaced by the full module.
#![allow(missing_docs)]
use num_bigint::BigInt;
use num_traits::ToPrimitive;

#[derive(Debug, Clone, PartialEq)]
pub enum FmtError {
    ValueError(String),
    TypeError(String),
    OverflowError(String),
}

pub fn float_repr(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf".into() } else { "-inf".into() };
    }
    let s = format!("{x:?}");
    s
}
pub fn str_repr(s: &str) -> String {
    let q = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut o = String::new();
    o.push(q);
    for c in s.chars() {
        match c {
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\t' => o.push_str("\\t"),
            '\r' => o.push_str("\\r"),
            c if c == q => {
                o.push('\\');
                o.push(c)
            }
            c => o.push(c),
        }
    }
    o.push(q);
    o
}
pub fn format_i64(x: i64, spec: &str) -> Result<String, FmtError> {
    format_bigint(&BigInt::from(x), spec)
}
pub fn format_bigint(x: &BigInt, spec: &str) -> Result<String, FmtError> {
    if spec.is_empty() {
        return Ok(x.to_string());
    }
    Err(FmtError::ValueError("Invalid format specifier".into()))
}
pub fn format_float(x: f64, spec: &str) -> Result<String, FmtError> {
    if spec.is_empty() {
        return Ok(float_repr(x));
    }
    if let Some(p) = spec.strip_prefix('.').and_then(|r| r.strip_suffix('f')) {
        let p: usize = p.parse().map_err(|_| FmtError::ValueError("bad".into()))?;
        return Ok(format!("{x:.p$}"));
    }
    Err(FmtError::ValueError("Invalid format specifier".into()))
}
pub fn format_str(s: &str, spec: &str) -> Result<String, FmtError> {
    if spec.is_empty() {
        return Ok(s.into());
    }
    Err(FmtError::ValueError("Invalid format specifier".into()))
}
pub fn round_float(x: f64, n: i64) -> Result<f64, FmtError> {
    let p = 10f64.powi(n as i32);
    Ok((x * p).round() / p)
}
pub fn round_float_to_int(x: f64) -> Result<BigInt, FmtError> {
    Ok(BigInt::from(x.round_ties_even() as i64))
}
pub fn parse_float(s: &str) -> Result<f64, FmtError> {
    s.trim().parse().map_err(|_| {
        FmtError::ValueError(format!(
            "could not convert string to float: {}",
            str_repr(s)
        ))
    })
}
pub fn parse_int(s: &str, base: u32) -> Result<BigInt, FmtError> {
    BigInt::parse_bytes(s.trim().as_bytes(), if base == 0 { 10 } else { base }).ok_or_else(|| {
        FmtError::ValueError(format!(
            "invalid literal for int() with base {base}: {}",
            str_repr(s)
        ))
    })
}
pub fn int_to_prefixed(x: &BigInt, radix: u32) -> String {
    let p = match radix {
        16 => "0x",
        8 => "0o",
        _ => "0b",
    };
    if x.sign() == num_bigint::Sign::Minus {
        format!("-{p}{}", (-x).to_str_radix(radix))
    } else {
        format!("{p}{}", x.to_str_radix(radix))
    }
}
pub fn bigint_true_div(a: &BigInt, b: &BigInt) -> Result<f64, FmtError> {
    Ok(a.to_f64().unwrap_or(0.0) / b.to_f64().unwrap_or(1.0))
}
pub fn bigint_to_f64(a: &BigInt) -> Result<f64, FmtError> {
    a.to_f64()
        .filter(|f| f.is_finite())
        .ok_or_else(|| FmtError::OverflowError("int too large to convert to float".into()))
}
