//! CPython-exact text conversions of numbers and strings.
//!
//! Everything here reproduces CPython 3.11 byte for byte, including the exception type and
//! message of each error:
//!
//! * `repr()` of `float` ([`float_repr`]), `complex` ([`complex_repr`]) and `str`
//!   ([`str_repr`]);
//! * `format(x, spec)` for `int` ([`format_i64`], [`format_bigint`]), `float`
//!   ([`format_float`]), `complex` ([`format_complex`]) and `str` ([`format_str`]), with the
//!   spec parser [`FormatSpec`];
//! * `round()` of floats ([`round_float`], [`round_float_to_int`]);
//! * `float(str)` ([`parse_float`]), `complex(str)` ([`parse_complex`]), `float.fromhex(str)`
//!   ([`float_fromhex`]) and `int(str, base)` ([`parse_int`]);
//! * `hex()`, `oct()` and `bin()` ([`int_to_prefixed`]);
//! * correctly rounded `int / int` ([`bigint_true_div`]) and `float(int)` ([`bigint_to_f64`]).
//!
//! Decimal conversions of huge integers honour CPython's `sys.set_int_max_str_digits()` limit,
//! which can be read and changed with [`int_max_str_digits`] and [`set_int_max_str_digits`].

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

use crate::unicode;

mod complex;
mod hexfloat;

pub use complex::{complex_repr, format_complex, parse_complex};
pub use hexfloat::float_fromhex;

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

/// Errors carry the exact CPython exception type and message.
#[derive(Debug, Clone, PartialEq)]
pub enum FmtError {
    /// A Python `ValueError` with its message.
    ValueError(String),
    /// A Python `TypeError` with its message.
    TypeError(String),
    /// A Python `OverflowError` with its message.
    OverflowError(String),
    /// A Python `MemoryError` (no message): the result would need more
    /// memory than can be had.
    MemoryError,
}

impl FmtError {
    /// The name of the Python exception type (`"ValueError"`, `"TypeError"`, `"OverflowError"`).
    pub fn type_name(&self) -> &'static str {
        match self {
            FmtError::ValueError(_) => "ValueError",
            FmtError::TypeError(_) => "TypeError",
            FmtError::OverflowError(_) => "OverflowError",
            FmtError::MemoryError => "MemoryError",
        }
    }

    /// The exception message, as `str(exc)` shows it in CPython.
    pub fn message(&self) -> &str {
        match self {
            FmtError::ValueError(m) | FmtError::TypeError(m) | FmtError::OverflowError(m) => m,
            FmtError::MemoryError => "",
        }
    }
}

impl fmt::Display for FmtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.type_name(), self.message())
    }
}

impl std::error::Error for FmtError {}

fn value_error(msg: impl Into<String>) -> FmtError {
    FmtError::ValueError(msg.into())
}

fn overflow_error(msg: impl Into<String>) -> FmtError {
    FmtError::OverflowError(msg.into())
}

/// Error used when a result would need more memory than can be reserved:
/// CPython's `MemoryError`.
fn too_large() -> FmtError {
    FmtError::MemoryError
}

/// [`reserve`] for a byte buffer.
fn reserve_bytes(v: &mut Vec<u8>, extra: usize) -> Result<(), FmtError> {
    if v.len().saturating_add(extra) > crate::ops::memory_ceiling() {
        return Err(too_large());
    }
    v.try_reserve(extra).map_err(|_| too_large())
}

fn reserve(s: &mut String, extra: usize) -> Result<(), FmtError> {
    if s.len().saturating_add(extra) > crate::ops::memory_ceiling() {
        return Err(too_large());
    }
    s.try_reserve(extra).map_err(|_| too_large())
}

// ---------------------------------------------------------------------------
// The int <-> str digit limit (sys.set_int_max_str_digits)
// ---------------------------------------------------------------------------

/// CPython's default for `sys.get_int_max_str_digits()`.
pub const DEFAULT_INT_MAX_STR_DIGITS: usize = 4300;

/// Below this many digits the limit is never checked (and it cannot be set lower).
const INT_MAX_STR_DIGITS_THRESHOLD: usize = 640;

static INT_MAX_STR_DIGITS: AtomicUsize = AtomicUsize::new(DEFAULT_INT_MAX_STR_DIGITS);

/// The current limit on the number of decimal digits in int <-> str conversions
/// (`sys.get_int_max_str_digits()`); 0 means unlimited.
pub fn int_max_str_digits() -> usize {
    INT_MAX_STR_DIGITS.load(Ordering::Relaxed)
}

/// Set the limit used by decimal int <-> str conversions (`sys.set_int_max_str_digits(n)`).
/// As in CPython, `n` must be 0 (no limit) or at least 640.
pub fn set_int_max_str_digits(n: usize) -> Result<(), FmtError> {
    if n != 0 && n < INT_MAX_STR_DIGITS_THRESHOLD {
        return Err(value_error("maxdigits must be 0 or larger than 640"));
    }
    INT_MAX_STR_DIGITS.store(n, Ordering::Relaxed);
    Ok(())
}

fn to_str_limit_error(limit: usize) -> FmtError {
    value_error(format!(
        "Exceeds the limit ({limit} digits) for integer string conversion; \
         use sys.set_int_max_str_digits() to increase the limit"
    ))
}

/// Decimal digits of a magnitude, refusing (like CPython) to produce more than the limit.
fn biguint_to_decimal(mag: &BigUint) -> Result<String, FmtError> {
    let limit = int_max_str_digits();
    if limit > 0 {
        let bits = mag.bits();
        if bits > 1 {
            // 2**(bits-1) <= mag, so mag has at least this many digits (0.3010299 is a
            // slight under-estimate of log10(2), keeping the bound a true lower bound).
            let min_digits = u128::from(bits - 1) * 3_010_299 / 10_000_000 + 1;
            if min_digits > limit as u128 {
                return Err(to_str_limit_error(limit));
            }
        }
    }
    let s = mag.to_str_radix(10);
    if limit > 0 && s.len() > INT_MAX_STR_DIGITS_THRESHOLD && s.len() > limit {
        return Err(to_str_limit_error(limit));
    }
    Ok(s)
}

/// `str(x)` for a big integer, honouring the digit limit.
pub fn bigint_to_decimal(x: &BigInt) -> Result<String, FmtError> {
    let digits = biguint_to_decimal(x.magnitude())?;
    if x.sign() == Sign::Minus {
        Ok(format!("-{digits}"))
    } else {
        Ok(digits)
    }
}

// ---------------------------------------------------------------------------
// Unicode helpers
// ---------------------------------------------------------------------------

/// ASCII whitespace as C's `isspace` in the "C" locale (`Py_ISSPACE`).
fn is_c_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

/// CPython's `_PyUnicode_TransformDecimalAndSpaceToASCII`: Unicode spaces become ' ',
/// Unicode decimal digits become ASCII digits, and the first other non-ASCII character (or
/// DEL) becomes '?' and ends the text.
fn transform_decimal_and_space(s: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    for c in s.chars() {
        let v = c as u32;
        if v < 127 {
            out.push(v as u8);
        } else if unicode::is_space(c) {
            out.push(b' ');
        } else if let Some(d) = unicode::decimal_value(c) {
            out.push(b'0' + d as u8);
        } else {
            out.push(b'?');
            break;
        }
    }
    out
}

const HEX_DIGITS: &[u8; 16] = b"0123456789abcdef";

fn push_hex_escape(out: &mut String, marker: char, v: u32, width: u32) {
    out.push('\\');
    out.push(marker);
    for i in (0..width).rev() {
        out.push(HEX_DIGITS[((v >> (4 * i)) & 0xf) as usize] as char);
    }
}

/// CPython `repr()` of a `str`.
///
/// The quote is `'` unless the text contains `'` and no `"`. Backslashes, the chosen quote,
/// `\t`, `\n` and `\r` are escaped; other non-printable characters become `\xNN`, `\uNNNN` or
/// `\UNNNNNNNN`. Printability follows CPython's rule (everything except the Unicode categories
/// Cc, Cf, Cs, Co, Cn, Zl, Zp and Zs, with the space itself printable), as in Unicode 14.0,
/// CPython 3.11's version (see [`crate::unicode`]).
pub fn str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        let v = c as u32;
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            _ if c == quote => {
                out.push('\\');
                out.push(c);
            }
            _ if v < 0x20 || v == 0x7f => push_hex_escape(&mut out, 'x', v, 2),
            _ if v < 0x7f || unicode::is_printable(c) => out.push(c),
            _ if v <= 0xff => push_hex_escape(&mut out, 'x', v, 2),
            _ if v <= 0xffff => push_hex_escape(&mut out, 'u', v, 4),
            _ => push_hex_escape(&mut out, 'U', v, 8),
        }
    }
    out.push(quote);
    out
}

/// First `n` characters of `s`, as C's `%.200R` truncation does.
fn truncate_chars(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

// ---------------------------------------------------------------------------
// Float -> decimal digits
// ---------------------------------------------------------------------------

/// Splits Rust's `{:e}` output ("1.2345e-5") of a non-negative finite double into its
/// digits (trailing zeros removed, "0" for zero) and the decimal point position `decpt`, so
/// that the value is `0.DIGITS * 10**decpt`.
fn split_sci(s: &str) -> (Vec<u8>, i64) {
    let (mant, exp) = s.split_once('e').unwrap_or((s, "0"));
    let exp: i64 = exp.parse().unwrap_or(0);
    let mut digits: Vec<u8> = mant.bytes().filter(u8::is_ascii_digit).collect();
    normalize_digits(&mut digits, exp + 1)
}

fn normalize_digits(digits: &mut Vec<u8>, decpt: i64) -> (Vec<u8>, i64) {
    let lead = digits.iter().take_while(|&&d| d == b'0').count();
    if lead == digits.len() {
        return (b"0".to_vec(), 1);
    }
    digits.drain(..lead);
    while digits.last() == Some(&b'0') {
        digits.pop();
    }
    (std::mem::take(digits), decpt - lead as i64)
}

/// Shortest digits that round-trip (`repr` mode).
///
/// When the exact value lies exactly halfway between two shortest candidates that both
/// round-trip, CPython takes the one with an even last digit; Rust's shortest formatting
/// rounds such ties up, so they are corrected here.
fn digits_shortest(ax: f64) -> (Vec<u8>, i64) {
    let (digits, decpt) = split_sci(&format!("{ax:e}"));
    if ax == 0.0 {
        return (digits, decpt);
    }
    shortest_tie_to_even(ax, digits, decpt)
}

fn shortest_tie_to_even(ax: f64, digits: Vec<u8>, decpt: i64) -> (Vec<u8>, i64) {
    let n = digits.len();
    // One more digit than the shortest form, correctly rounded.
    let longer = format!("{:.*e}", n, ax);
    let (mant, exp) = longer.split_once('e').unwrap_or((&longer, "0"));
    let Ok(exp) = exp.parse::<i64>() else {
        return (digits, decpt);
    };
    let raw: Vec<u8> = mant.bytes().filter(u8::is_ascii_digit).collect();
    if raw.len() != n + 1 || raw.last() != Some(&b'5') {
        return (digits, decpt);
    }
    // The candidate tie value is N * 10**k.
    let k = exp + 1 - (n as i64 + 1);
    let (m, e) = decompose(ax);
    // Cheap necessary condition for m * 2**e to be a multiple of 10**k when k < 0.
    if k < 0 && e + i64::from(m.trailing_zeros()) < k {
        return (digits, decpt);
    }
    let Some(big_n) = BigUint::parse_bytes(&raw, 10) else {
        return (digits, decpt);
    };
    let ten = BigUint::from(10u32);
    let mut left = BigUint::from(m);
    let mut right = big_n;
    if e >= 0 {
        left <<= e as u64;
    } else {
        right <<= (-e) as u64;
    }
    if k >= 0 {
        right *= ten.pow(k as u32);
    } else {
        left *= ten.pow((-k) as u32);
    }
    if left != right {
        return (digits, decpt);
    }
    // An exact tie between raw[..n] and raw[..n] + 1: take the even one if it round-trips.
    let mut cand = raw[..n].to_vec();
    let mut cand_decpt = exp + 1;
    if (cand[n - 1] - b'0') % 2 == 1 {
        let mut i = n;
        loop {
            if i == 0 {
                cand.insert(0, b'1');
                cand_decpt += 1;
                break;
            }
            i -= 1;
            if cand[i] == b'9' {
                cand[i] = b'0';
            } else {
                cand[i] += 1;
                break;
            }
        }
    }
    let (cand, cand_decpt) = normalize_digits(&mut cand, cand_decpt);
    let text = format!("0.{}e{}", String::from_utf8_lossy(&cand), cand_decpt);
    if text.parse::<f64>() == Ok(ax) {
        (cand, cand_decpt)
    } else {
        (digits, decpt)
    }
}

/// A double's exact decimal expansion has at most 767 significant digits, so asking for more
/// only adds zeros (and Rust's formatting machinery rejects precisions above 65535).
const MAX_SIGNIFICANT_DIGITS: usize = 800;

/// Every double is a multiple of 2**-1074, whose decimal expansion has 1074 digits after the
/// point, so more fractional digits than this are always zero.
const MAX_FRACTION_DIGITS: usize = 1100;

/// `n >= 1` significant digits, correctly rounded (half-even on the exact binary value).
fn digits_significant(ax: f64, n: usize) -> (Vec<u8>, i64) {
    let n = n.clamp(1, MAX_SIGNIFICANT_DIGITS);
    split_sci(&format!("{:.*e}", n - 1, ax))
}

/// Correctly rounded to `p` digits after the decimal point.
fn digits_fixed(ax: f64, p: usize) -> (Vec<u8>, i64) {
    let p = p.min(MAX_FRACTION_DIGITS);
    let s = format!("{ax:.p$}");
    let (int_part, frac_part) = s.split_once('.').unwrap_or((&s, ""));
    let mut digits: Vec<u8> = int_part.bytes().chain(frac_part.bytes()).collect();
    normalize_digits(&mut digits, int_part.len() as i64)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum FloatMode {
    /// 'e': precision digits after the point, always an exponent.
    Exp,
    /// 'f': precision digits after the point, never an exponent.
    Fixed,
    /// 'g': precision significant digits, exponent for very small or large values.
    General,
    /// repr: shortest round-trip digits, exponent below 1e-4 and from 1e16.
    Repr,
}

#[derive(Clone, Copy, Default)]
struct FloatFlags {
    /// '#': keep the decimal point (and trailing zeros for 'g').
    alt: bool,
    /// Always show at least one digit after the point in fixed notation.
    add_dot_0: bool,
    /// 'z': drop the minus sign of a result that shows as zero.
    no_neg_0: bool,
    /// Upper-case 'E', "INF" and "NAN".
    upper: bool,
}

/// Renders a double in one of the `PyOS_double_to_string` styles.
fn float_to_string(
    x: f64,
    mode: FloatMode,
    precision: usize,
    flags: FloatFlags,
) -> Result<String, FmtError> {
    if x.is_nan() {
        return Ok(if flags.upper { "NAN" } else { "nan" }.to_string());
    }
    if x.is_infinite() {
        let body = if flags.upper { "INF" } else { "inf" };
        return Ok(if x < 0.0 {
            format!("-{body}")
        } else {
            body.to_string()
        });
    }
    let ax = x.abs();
    let prec = precision as i64;
    let (digits, mut decpt) = match mode {
        FloatMode::Exp => digits_significant(ax, precision + 1),
        FloatMode::Fixed => digits_fixed(ax, precision),
        FloatMode::General => digits_significant(ax, precision.max(1)),
        FloatMode::Repr => digits_shortest(ax),
    };
    let is_zero = digits == b"0";
    let negative = x.is_sign_negative() && !(flags.no_neg_0 && is_zero);
    let n = digits.len() as i64;

    // The output is the slice [vstart, vend) of the digit string padded with infinitely many
    // zeros on both sides, with a decimal point before position `decpt`.
    let mut vend = n;
    let mut use_exp = false;
    match mode {
        FloatMode::Exp => {
            use_exp = true;
            vend = prec + 1;
        }
        FloatMode::Fixed => vend = decpt + prec,
        FloatMode::General => {
            let p = prec.max(1);
            let limit = if flags.add_dot_0 { p - 1 } else { p };
            use_exp = decpt <= -4 || decpt > limit;
            if flags.alt {
                vend = p;
            }
        }
        FloatMode::Repr => use_exp = decpt <= -4 || decpt > 16,
    }
    let mut exp = 0;
    if use_exp {
        exp = decpt - 1;
        decpt = 1;
    }
    let vstart = if decpt <= 0 { decpt - 1 } else { 0 };
    vend = if !use_exp && flags.add_dot_0 {
        vend.max(decpt + 1)
    } else {
        vend.max(decpt)
    };

    let mut out = String::new();
    reserve(&mut out, (vend - vstart) as usize + 8)?;
    if negative {
        out.push('-');
    }
    for i in vstart..vend {
        if i == decpt {
            out.push('.');
        }
        let d = if (0..n).contains(&i) {
            digits[i as usize]
        } else {
            b'0'
        };
        out.push(d as char);
    }
    if decpt == vend && flags.alt {
        // A trailing decimal point is kept only in the alternate form.
        out.push('.');
    }
    if use_exp {
        out.push(if flags.upper { 'E' } else { 'e' });
        out.push_str(&format!("{exp:+03}"));
    }
    Ok(out)
}

/// CPython `repr()`/`str()` of a float.
///
/// Shortest round-trip digits; exponent form when the decimal exponent is below -4 or at
/// least 16 (`"1e+16"`, `"1e-05"`, `"1.5e+300"`); `"inf"`, `"-inf"`, `"nan"`, `"-0.0"`; and
/// always a `".0"` for integral values in fixed form.
pub fn float_repr(x: f64) -> String {
    // The repr of a double is at most 24 bytes long, so reserving memory cannot fail here.
    float_to_string(
        x,
        FloatMode::Repr,
        0,
        FloatFlags {
            add_dot_0: true,
            ..FloatFlags::default()
        },
    )
    .unwrap_or_default()
}

// ---------------------------------------------------------------------------
// Format spec parsing
// ---------------------------------------------------------------------------

/// A parsed format spec: `[[fill]align][sign][z][#][0][width][grouping][.precision][type]`.
///
/// Fields hold what the spec says; defaults that depend on the formatted type (the default
/// fill, alignment and presentation type) are applied by the `format_*` functions.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FormatSpec {
    /// The fill character given before an alignment (`None` when there was none).
    pub fill: Option<char>,
    /// The alignment: `'<'`, `'>'`, `'^'` or `'='` (`None` when not given).
    pub align: Option<char>,
    /// The sign option: `'+'`, `'-'` or `' '` (`None` when not given).
    pub sign: Option<char>,
    /// The `z` flag: coerce negative zero results to positive zero.
    pub no_neg_zero: bool,
    /// The `#` flag: alternate form.
    pub alternate: bool,
    /// The `0` flag before the width (only recognised when no explicit fill was given): pads
    /// with `'0'` and, for numbers without an explicit alignment, aligns with `'='`.
    pub zero_pad: bool,
    /// The minimum width (`None` when not given).
    pub width: Option<u64>,
    /// The thousands separator: `','` or `'_'` (`None` when not given).
    pub grouping: Option<char>,
    /// The precision (`None` when not given).
    pub precision: Option<u64>,
    /// The presentation type (`None` when not given).
    pub ty: Option<char>,
}

fn is_align_char(c: char) -> bool {
    matches!(c, '<' | '>' | '=' | '^')
}

/// Renders a presentation type character the way CPython's error messages do.
fn type_char_text(c: char) -> String {
    let v = c as u32;
    if v > 32 && v < 128 {
        c.to_string()
    } else {
        format!("\\x{v:x}")
    }
}

fn unknown_code(ty: char, type_name: &str) -> FmtError {
    value_error(format!(
        "Unknown format code '{}' for object of type '{type_name}'",
        type_char_text(ty)
    ))
}

/// Reads a run of (Unicode) decimal digits; `None` when there are none.
fn read_integer(chars: &[char], pos: &mut usize) -> Result<Option<u64>, FmtError> {
    let mut acc: u64 = 0;
    let mut consumed = false;
    while let Some(d) = chars.get(*pos).and_then(|&c| unicode::decimal_value(c)) {
        let d = u64::from(d);
        if acc > (i64::MAX as u64 - d) / 10 {
            return Err(value_error("Too many decimal digits in format string"));
        }
        acc = acc * 10 + d;
        consumed = true;
        *pos += 1;
    }
    Ok(consumed.then_some(acc))
}

impl FormatSpec {
    /// Parses a format spec as CPython does before knowing the formatted type.
    ///
    /// Reports syntax errors ("Format specifier missing precision", "Cannot specify both ','
    /// and '_'.", "Too many decimal digits in format string", "Invalid format specifier ...")
    /// and a grouping option that the explicitly given type does not allow. Error messages
    /// that name the formatted type say `'object'`; use [`FormatSpec::parse_for`] to name it.
    pub fn parse(spec: &str) -> Result<FormatSpec, FmtError> {
        FormatSpec::parse_for(spec, "object", None)
    }

    /// Parses a format spec for an object of Python type `type_name` whose default
    /// presentation type is `default_type` (`Some('d')` for int, `None` for float, `Some('s')`
    /// for str), with exactly CPython's checks and messages.
    pub fn parse_for(
        spec: &str,
        type_name: &str,
        default_type: Option<char>,
    ) -> Result<FormatSpec, FmtError> {
        let chars: Vec<char> = spec.chars().collect();
        let n = chars.len();
        let mut out = FormatSpec::default();
        let mut pos = 0;

        if n >= 2 && is_align_char(chars[1]) {
            out.fill = Some(chars[0]);
            out.align = Some(chars[1]);
            pos = 2;
        } else if n >= 1 && is_align_char(chars[0]) {
            out.align = Some(chars[0]);
            pos = 1;
        }
        if let Some(&c @ ('+' | '-' | ' ')) = chars.get(pos) {
            out.sign = Some(c);
            pos += 1;
        }
        if chars.get(pos) == Some(&'z') {
            out.no_neg_zero = true;
            pos += 1;
        }
        if chars.get(pos) == Some(&'#') {
            out.alternate = true;
            pos += 1;
        }
        if out.fill.is_none() && chars.get(pos) == Some(&'0') {
            out.zero_pad = true;
            pos += 1;
        }
        out.width = read_integer(&chars, &mut pos)?;
        if chars.get(pos) == Some(&',') {
            out.grouping = Some(',');
            pos += 1;
        }
        if chars.get(pos) == Some(&'_') {
            if out.grouping.is_some() {
                return Err(value_error("Cannot specify both ',' and '_'."));
            }
            out.grouping = Some('_');
            pos += 1;
        }
        if chars.get(pos) == Some(&',') && out.grouping == Some('_') {
            return Err(value_error("Cannot specify both ',' and '_'."));
        }
        if chars.get(pos) == Some(&'.') {
            pos += 1;
            out.precision = read_integer(&chars, &mut pos)?;
            if out.precision.is_none() {
                return Err(value_error("Format specifier missing precision"));
            }
        }
        if n - pos > 1 {
            return Err(value_error(format!(
                "Invalid format specifier '{spec}' for object of type '{type_name}'"
            )));
        }
        if n - pos == 1 {
            out.ty = Some(chars[pos]);
        }

        if let Some(sep) = out.grouping {
            match out.ty.or(default_type) {
                // An explicit NUL type means "no type", as in CPython.
                None | Some('d' | 'e' | 'f' | 'g' | 'E' | 'G' | '%' | 'F' | '\0') => {}
                Some('b' | 'o' | 'x' | 'X') if sep == '_' => {}
                Some(t) => {
                    return Err(value_error(format!(
                        "Cannot specify '{sep}' with '{}'.",
                        type_char_text(t)
                    )));
                }
            }
        }
        Ok(out)
    }

    /// Fill character and alignment for a number (default right-aligned; the `0` flag means
    /// `'0'` fill with `'='` alignment unless given otherwise).
    fn number_fill_align(&self) -> (char, char) {
        let fill = self.fill.unwrap_or(if self.zero_pad { '0' } else { ' ' });
        let align = self.align.unwrap_or(if self.zero_pad { '=' } else { '>' });
        (fill, align)
    }

    fn width_i64(&self) -> i64 {
        self.width.map_or(-1, |w| w as i64)
    }
}

// ---------------------------------------------------------------------------
// Number layout: padding, sign, prefix, digit grouping
// ---------------------------------------------------------------------------

/// The pieces of a formatted number, before padding.
struct NumberParts<'a> {
    negative: bool,
    /// "0x" and friends (already in the right case).
    prefix: &'a str,
    /// ASCII digits before the decimal point; these get grouped and zero padded.
    digits: &'a str,
    has_decimal: bool,
    /// Everything after the decimal point (fraction, exponent, '%'), or a 'c' character.
    remainder: &'a str,
}

/// Walks the digit groups from the right: calls `f(zeros, chars)` for each group, where
/// `zeros` padding zeros precede the next `chars` digits. Groups are separated by one
/// separator character.
fn walk_groups(n_digits: i64, mut min_width: i64, size: i64, mut f: impl FnMut(usize, usize)) {
    let mut remaining = n_digits;
    loop {
        let len = size.min(remaining.max(min_width).max(1));
        let chars = remaining.min(len);
        f((len - chars) as usize, chars as usize);
        remaining -= chars;
        min_width -= len;
        if remaining <= 0 && min_width <= 0 {
            break;
        }
        min_width -= 1;
    }
}

/// Digits with thousands separators, left-padded with zeros to at least `min_width`.
fn group_digits(
    digits: &[u8],
    min_width: i64,
    grouping: Option<(char, usize)>,
) -> Result<Vec<u8>, FmtError> {
    let n = digits.len() as i64;
    let Some((sep, size)) = grouping else {
        let zeros = (min_width.max(n) - n) as usize;
        let mut out = Vec::new();
        reserve_bytes(&mut out, zeros + digits.len())?;
        out.resize(zeros, b'0');
        out.extend_from_slice(digits);
        return Ok(out);
    };
    let size = size as i64;
    // The result is about max(min_width, digits + separators) bytes long.
    let estimate = (min_width.max(0) as u64)
        .saturating_add(n as u64 + n as u64 / size as u64 + 1)
        .try_into()
        .map_err(|_| too_large())?;
    let mut out: Vec<u8> = Vec::new();
    reserve_bytes(&mut out, estimate)?;
    let mut end = digits.len();
    let mut first = true;
    walk_groups(n, min_width, size, |z, c| {
        if !first {
            out.push(sep as u8);
        }
        first = false;
        out.extend(digits[end - c..end].iter().rev());
        end -= c;
        out.extend(std::iter::repeat_n(b'0', z));
    });
    out.reverse();
    Ok(out)
}

/// Lays out a number like CPython's `calc_number_widths` + `fill_number`:
/// `<lpad><sign><prefix><spad><grouped digits><.><remainder><rpad>`.
fn layout_number(
    parts: &NumberParts<'_>,
    spec: &FormatSpec,
    grouping: Option<(char, usize)>,
) -> Result<String, FmtError> {
    let (fill, align) = spec.number_fill_align();
    let sign = match spec.sign {
        Some('+') => Some(if parts.negative { '-' } else { '+' }),
        Some(' ') => Some(if parts.negative { '-' } else { ' ' }),
        _ => parts.negative.then_some('-'),
    };
    let n_remainder = parts.remainder.chars().count() as i64;
    let non_digit = i64::from(sign.is_some())
        + parts.prefix.len() as i64
        + i64::from(parts.has_decimal)
        + n_remainder;
    let width = spec.width_i64();
    let min_width = if fill == '0' && align == '=' {
        width - non_digit
    } else {
        0
    };
    let grouped = if parts.digits.is_empty() {
        Vec::new()
    } else {
        group_digits(parts.digits.as_bytes(), min_width, grouping)?
    };
    let padding = width - (non_digit + grouped.len() as i64);
    let (lpad, spad, rpad) = if padding > 0 {
        let p = padding as usize;
        match align {
            '<' => (0, 0, p),
            '^' => (p / 2, 0, p - p / 2),
            '=' => (0, p, 0),
            _ => (p, 0, 0),
        }
    } else {
        (0, 0, 0)
    };
    let pad_bytes = (lpad + spad)
        .checked_add(rpad)
        .and_then(|p| p.checked_mul(fill.len_utf8()))
        .ok_or_else(too_large)?;
    let mut out = String::new();
    reserve(
        &mut out,
        pad_bytes.saturating_add(grouped.len() + parts.remainder.len() + 8),
    )?;
    out.extend(std::iter::repeat_n(fill, lpad));
    if let Some(s) = sign {
        out.push(s);
    }
    out.push_str(parts.prefix);
    out.extend(std::iter::repeat_n(fill, spad));
    // `grouped` holds only ASCII digits and separators.
    out.extend(grouped.iter().map(|&b| b as char));
    if parts.has_decimal {
        out.push('.');
    }
    out.push_str(parts.remainder);
    out.extend(std::iter::repeat_n(fill, rpad));
    Ok(out)
}

// ---------------------------------------------------------------------------
// format() for floats
// ---------------------------------------------------------------------------

/// CPython's `format_float_internal`; `ty` is one of `None e E f F g G n %`.
fn format_float_with_spec(x: f64, spec: &FormatSpec, ty: Option<char>) -> Result<String, FmtError> {
    let precision = match spec.precision {
        Some(p) if p > i32::MAX as u64 => return Err(value_error("precision too big")),
        p => p.map(|p| p as usize),
    };
    let mut flags = FloatFlags {
        alt: spec.alternate,
        no_neg_0: spec.no_neg_zero,
        ..FloatFlags::default()
    };
    let mut value = x;
    let mut add_pct = false;
    let mut default_precision = 6;
    let mut mode = match ty {
        None => {
            flags.add_dot_0 = true;
            default_precision = 0;
            FloatMode::Repr
        }
        Some('e') => FloatMode::Exp,
        Some('E') => {
            flags.upper = true;
            FloatMode::Exp
        }
        Some('f') => FloatMode::Fixed,
        Some('F') => {
            flags.upper = true;
            FloatMode::Fixed
        }
        Some('g' | 'n') => FloatMode::General,
        Some('G') => {
            flags.upper = true;
            FloatMode::General
        }
        Some('%') => {
            value *= 100.0;
            add_pct = true;
            FloatMode::Fixed
        }
        Some(t) => return Err(unknown_code(t, "float")),
    };
    let precision = match precision {
        None => default_precision,
        Some(p) => {
            if mode == FloatMode::Repr {
                mode = FloatMode::General;
            }
            p
        }
    };
    let mut body = float_to_string(value, mode, precision, flags)?;
    if add_pct {
        body.push('%');
    }
    let (negative, rest) = match body.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, body.as_str()),
    };
    let n_int = rest.bytes().take_while(u8::is_ascii_digit).count();
    let (digits, after) = rest.split_at(n_int);
    let (has_decimal, remainder) = match after.strip_prefix('.') {
        Some(r) => (true, r),
        None => (false, after),
    };
    let grouping = if ty == Some('n') {
        None
    } else {
        spec.grouping.map(|c| (c, 3))
    };
    let parts = NumberParts {
        negative,
        prefix: "",
        digits,
        has_decimal,
        remainder,
    };
    layout_number(&parts, spec, grouping)
}

/// `format(x, spec)` for a float, exactly like CPython 3.11.
///
/// Types `e E f F g G n %` and none (like `repr`, but a given precision works like `'g'` with
/// at least one digit after the point). Supports fill, alignment (including `'='`), sign,
/// `z`, `#`, `0`, width, `,`/`_` grouping and precision, with CPython's error messages.
pub fn format_float(x: f64, spec: &str) -> Result<String, FmtError> {
    if spec.is_empty() {
        return Ok(float_repr(x));
    }
    let parsed = FormatSpec::parse_for(spec, "float", None)?;
    // CPython cannot tell an explicit NUL type from no type at all.
    let ty = parsed.ty.filter(|&t| t != '\0');
    match ty {
        None | Some('e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'n' | '%') => {
            format_float_with_spec(x, &parsed, ty)
        }
        Some(t) => Err(unknown_code(t, "float")),
    }
}

// ---------------------------------------------------------------------------
// format() for ints
// ---------------------------------------------------------------------------

#[derive(Clone, Copy)]
enum IntRef<'a> {
    Small(i64),
    Big(&'a BigInt),
}

impl IntRef<'_> {
    fn is_negative(self) -> bool {
        match self {
            IntRef::Small(v) => v < 0,
            IntRef::Big(b) => b.sign() == Sign::Minus,
        }
    }

    fn to_decimal(self) -> Result<String, FmtError> {
        match self {
            IntRef::Small(v) => Ok(v.to_string()),
            IntRef::Big(b) => bigint_to_decimal(b),
        }
    }

    /// Digits of the absolute value in `radix` (2, 8, 10 or 16), lower case.
    fn magnitude_digits(self, radix: u32) -> Result<String, FmtError> {
        match self {
            IntRef::Small(v) => {
                let m = v.unsigned_abs();
                Ok(match radix {
                    2 => format!("{m:b}"),
                    8 => format!("{m:o}"),
                    16 => format!("{m:x}"),
                    _ => m.to_string(),
                })
            }
            IntRef::Big(b) if radix == 10 => biguint_to_decimal(b.magnitude()),
            IntRef::Big(b) => Ok(b.magnitude().to_str_radix(radix)),
        }
    }

    fn to_f64(self) -> Result<f64, FmtError> {
        match self {
            IntRef::Small(v) => Ok(v as f64),
            IntRef::Big(b) => bigint_to_f64(b),
        }
    }

    fn to_i64(self) -> Option<i64> {
        match self {
            IntRef::Small(v) => Some(v),
            IntRef::Big(b) => b.to_i64(),
        }
    }
}

/// CPython's `format_long_internal`; `ty` is one of `b c d o x X n`.
fn format_int_with_spec(x: IntRef<'_>, spec: &FormatSpec, ty: char) -> Result<String, FmtError> {
    if spec.precision.is_some() {
        return Err(value_error(
            "Precision not allowed in integer format specifier",
        ));
    }
    if spec.no_neg_zero {
        return Err(value_error(
            "Negative zero coercion (z) not allowed in integer format specifier",
        ));
    }
    if ty == 'c' {
        if spec.sign.is_some() {
            return Err(value_error(
                "Sign not allowed with integer format specifier 'c'",
            ));
        }
        if spec.alternate {
            return Err(value_error(
                "Alternate form (#) not allowed with integer format specifier 'c'",
            ));
        }
        let v = x
            .to_i64()
            .ok_or_else(|| overflow_error("Python int too large to convert to C long"))?;
        if !(0..=0x10ffff).contains(&v) {
            return Err(overflow_error("%c arg not in range(0x110000)"));
        }
        let ch = char::from_u32(v as u32).ok_or_else(|| {
            value_error(format!(
                "%c arg {v:#x} is a surrogate code point, which cannot be stored in a string"
            ))
        })?;
        let text = ch.to_string();
        let parts = NumberParts {
            negative: false,
            prefix: "",
            digits: "",
            has_decimal: false,
            remainder: &text,
        };
        return layout_number(&parts, spec, None);
    }
    let (radix, prefix) = match ty {
        'b' => (2, "0b"),
        'o' => (8, "0o"),
        'x' => (16, "0x"),
        'X' => (16, "0X"),
        _ => (10, ""),
    };
    let mut digits = x.magnitude_digits(radix)?;
    if ty == 'X' {
        digits.make_ascii_uppercase();
    }
    let grouping = match (ty, spec.grouping) {
        ('n', _) | (_, None) => None,
        ('b' | 'o' | 'x' | 'X', Some(sep)) => Some((sep, 4)),
        (_, Some(sep)) => Some((sep, 3)),
    };
    let parts = NumberParts {
        negative: x.is_negative(),
        prefix: if spec.alternate { prefix } else { "" },
        digits: &digits,
        has_decimal: false,
        remainder: "",
    };
    layout_number(&parts, spec, grouping)
}

fn format_int(x: IntRef<'_>, spec: &str) -> Result<String, FmtError> {
    if spec.is_empty() {
        return x.to_decimal();
    }
    let parsed = FormatSpec::parse_for(spec, "int", Some('d'))?;
    let ty = parsed.ty.unwrap_or('d');
    match ty {
        'b' | 'c' | 'd' | 'o' | 'x' | 'X' | 'n' => format_int_with_spec(x, &parsed, ty),
        'e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%' => {
            format_float_with_spec(x.to_f64()?, &parsed, Some(ty))
        }
        _ => Err(unknown_code(ty, "int")),
    }
}

/// `format(x, spec)` for an int that fits in an `i64`, exactly like CPython 3.11.
///
/// Types `b c d o x X n` and none (like `'d'`); `e E f F g G %` convert to float first.
/// Supports fill, alignment, sign, `#` (`0b`/`0o`/`0x`/`0X` prefixes), `0`, width and
/// grouping (`_` groups binary, octal and hex digits by four).
pub fn format_i64(x: i64, spec: &str) -> Result<String, FmtError> {
    format_int(IntRef::Small(x), spec)
}

/// `format(x, spec)` for an arbitrary-precision int; see [`format_i64`]. Decimal output longer
/// than [`int_max_str_digits`] digits is refused like CPython does.
pub fn format_bigint(x: &BigInt, spec: &str) -> Result<String, FmtError> {
    match x.to_i64() {
        Some(v) => format_int(IntRef::Small(v), spec),
        None => format_int(IntRef::Big(x), spec),
    }
}

// ---------------------------------------------------------------------------
// format() for str
// ---------------------------------------------------------------------------

/// `format(s, spec)` for a str, exactly like CPython 3.11: type `s` or none, fill, alignment
/// (default left), width and precision (truncation), counted in code points.
pub fn format_str(s: &str, spec: &str) -> Result<String, FmtError> {
    if spec.is_empty() {
        return Ok(s.to_string());
    }
    let parsed = FormatSpec::parse_for(spec, "str", Some('s'))?;
    if let Some(t) = parsed.ty.filter(|&t| t != 's') {
        return Err(unknown_code(t, "str"));
    }
    match parsed.sign {
        Some(' ') => {
            return Err(value_error("Space not allowed in string format specifier"));
        }
        Some(_) => return Err(value_error("Sign not allowed in string format specifier")),
        None => {}
    }
    if parsed.no_neg_zero {
        return Err(value_error(
            "Negative zero coercion (z) not allowed in string format specifier",
        ));
    }
    if parsed.alternate {
        return Err(value_error(
            "Alternate form (#) not allowed in string format specifier",
        ));
    }
    let fill = parsed
        .fill
        .unwrap_or(if parsed.zero_pad { '0' } else { ' ' });
    let align = parsed.align.unwrap_or('<');
    if align == '=' {
        return Err(value_error(
            "'=' alignment not allowed in string format specifier",
        ));
    }
    let mut text = s;
    if let Some(p) = parsed.precision {
        text = truncate_chars(s, usize::try_from(p).unwrap_or(usize::MAX));
    }
    let len = text.chars().count() as u64;
    let total = parsed.width.map_or(len, |w| w.max(len));
    let padding = usize::try_from(total - len).map_err(|_| too_large())?;
    let lpad = match align {
        '>' => padding,
        '^' => padding / 2,
        _ => 0,
    };
    let rpad = padding - lpad;
    let mut out = String::new();
    reserve(
        &mut out,
        padding
            .checked_mul(fill.len_utf8())
            .and_then(|p| p.checked_add(text.len()))
            .ok_or_else(too_large)?,
    )?;
    out.extend(std::iter::repeat_n(fill, lpad));
    out.push_str(text);
    out.extend(std::iter::repeat_n(fill, rpad));
    Ok(out)
}

// ---------------------------------------------------------------------------
// Exact float <-> integer arithmetic
// ---------------------------------------------------------------------------

/// Splits a finite non-negative double into `(m, e)` with `x == m * 2**e`.
fn decompose(ax: f64) -> (u64, i64) {
    let bits = ax.to_bits();
    let exp_bits = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    if exp_bits == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), exp_bits - 1075)
    }
}

/// `2**k` as a double, for `-1074 <= k <= 1023`.
fn pow2(k: i64) -> f64 {
    if k >= -1022 {
        f64::from_bits(((k + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (k + 1074))
    }
}

/// `num / den` rounded to the nearest integer, ties to even (`den > 0`).
fn div_round_half_even(num: &BigUint, den: &BigUint) -> BigUint {
    let (q, r) = num.div_rem(den);
    let twice = r << 1u32;
    if twice > *den || (twice == *den && q.is_odd()) {
        q + 1u32
    } else {
        q
    }
}

/// Correctly rounded (half-even) `a / b` for non-negative `a` and positive `b`; `None` when
/// the result overflows a double.
fn ratio_to_f64(a: &BigUint, b: &BigUint) -> Option<f64> {
    if a.is_zero() {
        return Some(0.0);
    }
    let (la, lb) = (a.bits() as i64, b.bits() as i64);
    if la <= 53 && lb <= 53 {
        // Both exact as doubles; IEEE division is correctly rounded.
        return Some(a.to_f64()? / b.to_f64()?);
    }
    // Find e with 2**e <= a/b < 2**(e+1).
    let mut e = la - lb;
    let below = if e >= 0 {
        *a < (b << (e as u64))
    } else {
        (a << ((-e) as u64)) < *b
    };
    if below {
        e -= 1;
    }
    if e >= 1024 {
        return None;
    }
    if e < -1080 {
        return Some(0.0);
    }
    // Round to a multiple of 2**ulp (53 significant bits, fewer for subnormals).
    let ulp = (e - 52).max(-1074);
    let q = if ulp >= 0 {
        div_round_half_even(a, &(b << (ulp as u64)))
    } else {
        div_round_half_even(&(a << ((-ulp) as u64)), b)
    };
    let v = q.to_u64()? as f64 * pow2(ulp);
    v.is_finite().then_some(v)
}

/// Correctly rounded (half-even) conversion of a magnitude; `None` on overflow.
fn biguint_to_f64(mag: &BigUint) -> Option<f64> {
    let bits = mag.bits();
    if bits <= 64 {
        // Integer-to-float `as` casts round to nearest, ties to even.
        return Some(mag.to_u64()? as f64);
    }
    if bits > 1024 {
        return None;
    }
    // Keep 55 bits: 53 for the result, a rounding bit and a sticky bit.
    let shift = bits - 55;
    let mut top = (mag >> shift).to_u64()?;
    if mag.trailing_zeros().unwrap_or(0) < shift {
        top |= 1;
    }
    let v = top as f64 * pow2(shift as i64);
    v.is_finite().then_some(v)
}

/// Correctly rounded true division of two big ints, as CPython's `int / int`.
///
/// Division by zero is the caller's job; if `b` is zero anyway this returns
/// `ValueError("division by zero")` instead of panicking. A result too large for a float gives
/// `OverflowError("integer division result too large for a float")`.
pub fn bigint_true_div(a: &BigInt, b: &BigInt) -> Result<f64, FmtError> {
    if b.is_zero() {
        return Err(value_error("division by zero"));
    }
    let negative = (a.sign() == Sign::Minus) != (b.sign() == Sign::Minus);
    let v = ratio_to_f64(a.magnitude(), b.magnitude())
        .ok_or_else(|| overflow_error("integer division result too large for a float"))?;
    Ok(if negative { -v } else { v })
}

/// Correctly rounded (half-even) BigInt -> f64, as CPython's `float(int)`;
/// `OverflowError("int too large to convert to float")` when it does not fit.
pub fn bigint_to_f64(a: &BigInt) -> Result<f64, FmtError> {
    let v = biguint_to_f64(a.magnitude())
        .ok_or_else(|| overflow_error("int too large to convert to float"))?;
    Ok(if a.sign() == Sign::Minus { -v } else { v })
}

/// Exact integer value of a finite, integral double.
fn integral_f64_to_bigint(x: f64) -> BigInt {
    if x == 0.0 {
        return BigInt::zero();
    }
    let (m, e) = decompose(x.abs());
    let mag = if e >= 0 {
        BigUint::from(m) << (e as u64)
    } else {
        BigUint::from(m >> (-e).min(63) as u64)
    };
    let sign = if x < 0.0 { Sign::Minus } else { Sign::Plus };
    BigInt::from_biguint(sign, mag)
}

/// `round(x, ndigits)` for floats with CPython semantics.
///
/// The exact binary value is rounded half-even to `ndigits` decimal places (negative
/// `ndigits` rounds to tens, hundreds, ...) and the decimal result is converted back
/// correctly rounded. NaNs and infinities are returned unchanged, as is `x` for
/// `ndigits > 323`; `ndigits < -308` gives a zero with the sign of `x`; zero results keep the
/// sign of `x`. A result too large for a float gives
/// `OverflowError("rounded value too large to represent")`.
pub fn round_float(x: f64, ndigits: i64) -> Result<f64, FmtError> {
    if !x.is_finite() || ndigits > 323 {
        return Ok(x);
    }
    if ndigits < -308 {
        return Ok(0.0 * x);
    }
    if x == 0.0 {
        return Ok(x);
    }
    let (m, e) = decompose(x.abs());
    if e >= 0 && ndigits >= 0 {
        // Already an integer.
        return Ok(x);
    }
    let m = BigUint::from(m);
    let pow10 = BigUint::from(10u32).pow(ndigits.unsigned_abs() as u32);
    let (mut num, mut den) = (m, BigUint::one());
    if e >= 0 {
        num <<= e as u64;
    } else {
        den <<= (-e) as u64;
    }
    let rounded = if ndigits >= 0 {
        let n = div_round_half_even(&(num * &pow10), &den);
        ratio_to_f64(&n, &pow10)
    } else {
        let n = div_round_half_even(&num, &(den * &pow10));
        biguint_to_f64(&(n * &pow10))
    };
    let v = rounded.ok_or_else(|| overflow_error("rounded value too large to represent"))?;
    Ok(v.copysign(x))
}

/// `round(x)` with no `ndigits`: the nearest integer, ties to even.
///
/// Errors: `ValueError("cannot convert float NaN to integer")` and
/// `OverflowError("cannot convert float infinity to integer")`.
pub fn round_float_to_int(x: f64) -> Result<BigInt, FmtError> {
    if x.is_nan() {
        return Err(value_error("cannot convert float NaN to integer"));
    }
    if x.is_infinite() {
        return Err(overflow_error("cannot convert float infinity to integer"));
    }
    Ok(integral_f64_to_bigint(x.round_ties_even()))
}

// ---------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------

/// `text` without the underscores CPython allows between digits (`1_000`,
/// `1_0.5e1_0`); `None` if an underscore is not between two digits.
pub(crate) fn strip_digit_underscores(text: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len());
    let mut prev = 0u8;
    for &b in text {
        if b == b'_' {
            if !prev.is_ascii_digit() {
                return None;
            }
        } else {
            if prev == b'_' && !b.is_ascii_digit() {
                return None;
            }
            out.push(b);
        }
        prev = b;
    }
    (prev != b'_').then_some(out)
}

/// `float(s)` for a str, as CPython parses it.
///
/// Surrounding whitespace (including Unicode spaces) is allowed, Unicode decimal digits count
/// as digits, single `_` between digits are allowed, and `inf`, `infinity` and `nan` are
/// accepted in any case with an optional sign. Out-of-range values become `±inf` or `±0.0`.
/// On failure: `ValueError("could not convert string to float: <repr of s>")`.
pub fn parse_float(s: &str) -> Result<f64, FmtError> {
    let fail = || {
        value_error(format!(
            "could not convert string to float: {}",
            str_repr(s)
        ))
    };
    let bytes = transform_decimal_and_space(s);
    if bytes.contains(&0) {
        return Err(fail());
    }
    let Some(clean) = strip_digit_underscores(&bytes) else {
        return Err(fail());
    };
    let start = clean.iter().take_while(|&&b| is_c_space(b)).count();
    let end = clean.len()
        - clean[start..]
            .iter()
            .rev()
            .take_while(|&&b| is_c_space(b))
            .count();
    let core = &clean[start..end];
    parse_float_core(core).ok_or_else(fail)
}

/// `_Py_parse_inf_or_nan`: `[sign] (inf | infinity | nan)` at the start of
/// `s`, any case, and its length.
fn inf_or_nan(s: &[u8]) -> Option<(f64, usize)> {
    let (negative, start) = match s.first() {
        Some(b'-') => (true, 1),
        Some(b'+') => (false, 1),
        _ => (false, 0),
    };
    let rest = &s[start..];
    let starts = |w: &[u8]| rest.len() >= w.len() && rest[..w.len()].eq_ignore_ascii_case(w);
    let (v, len) = if starts(b"infinity") {
        (f64::INFINITY, 8)
    } else if starts(b"inf") {
        (f64::INFINITY, 3)
    } else if starts(b"nan") {
        (f64::NAN, 3)
    } else {
        return None;
    };
    Some((if negative { -v } else { v }, start + len))
}

/// Parses `[sign](inf|infinity|nan|decimal)` where the whole text must match.
fn parse_float_core(text: &[u8]) -> Option<f64> {
    let (negative, rest) = match text.first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let signed = |v: f64| if negative { -v } else { v };
    if rest.eq_ignore_ascii_case(b"inf") || rest.eq_ignore_ascii_case(b"infinity") {
        return Some(signed(f64::INFINITY));
    }
    if rest.eq_ignore_ascii_case(b"nan") {
        return Some(signed(f64::NAN));
    }
    let mut i = 0;
    let int_len = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    i += int_len;
    let mut frac_len = 0;
    if rest.get(i) == Some(&b'.') {
        i += 1;
        frac_len = rest[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        i += frac_len;
    }
    if int_len + frac_len == 0 {
        return None;
    }
    if matches!(rest.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(rest.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        let exp_len = rest[j.min(rest.len())..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if exp_len == 0 {
            return None;
        }
        i = j + exp_len;
    }
    if i != rest.len() {
        return None;
    }
    let body = std::str::from_utf8(rest).ok()?;
    let v: f64 = body.parse().ok()?;
    Some(signed(v))
}

/// The value of an ASCII digit or letter as a digit (36 for anything else).
fn digit_value(b: u8) -> u32 {
    match b {
        b'0'..=b'9' => u32::from(b - b'0'),
        b'a'..=b'z' => u32::from(b - b'a') + 10,
        b'A'..=b'Z' => u32::from(b - b'A') + 10,
        _ => 36,
    }
}

/// `int(s, base)` for a str, as CPython parses it.
///
/// `base` is 0 or 2..=36. Surrounding whitespace, a sign, single `_` separators between digits
/// (and after a base prefix), Unicode decimal digits, and the prefixes `0x`/`0o`/`0b` when they
/// match the base (or with base 0) are accepted; base 0 rejects leading zeros like `"010"`.
/// Errors: `ValueError("invalid literal for int() with base 10: 'abc'")` (with the repr of the
/// original text, cut to 200 characters),
/// `ValueError("int() base must be >= 2 and <= 36, or 0")`, and CPython's error for more than
/// [`int_max_str_digits`] digits in a base that is not a power of two.
pub fn parse_int(s: &str, base: u32) -> Result<BigInt, FmtError> {
    if base == 1 || base > 36 {
        return Err(value_error("int() base must be >= 2 and <= 36, or 0"));
    }
    let invalid = || {
        value_error(format!(
            "invalid literal for int() with base {base}: {}",
            truncate_chars(&str_repr(s), 200)
        ))
    };
    let bytes = transform_decimal_and_space(s);
    let at = |k: usize| bytes.get(k).copied().unwrap_or(0);
    let mut i = 0;
    while i < bytes.len() && is_c_space(bytes[i]) {
        i += 1;
    }
    let mut negative = false;
    match at(i) {
        b'+' => i += 1,
        b'-' => {
            negative = true;
            i += 1;
        }
        _ => {}
    }
    let mut radix = base;
    let mut error_if_nonzero = false;
    if radix == 0 {
        radix = if at(i) != b'0' {
            10
        } else {
            match at(i + 1) {
                b'x' | b'X' => 16,
                b'o' | b'O' => 8,
                b'b' | b'B' => 2,
                _ => {
                    error_if_nonzero = true;
                    10
                }
            }
        };
    }
    if at(i) == b'0' {
        let has_prefix = match at(i + 1) {
            b'x' | b'X' => radix == 16,
            b'o' | b'O' => radix == 8,
            b'b' | b'B' => radix == 2,
            _ => false,
        };
        if has_prefix {
            i += 2;
            if at(i) == b'_' {
                i += 1;
            }
        }
    }
    if at(i) == b'_' {
        return Err(invalid());
    }
    let mut digits = Vec::with_capacity(bytes.len().saturating_sub(i));
    let mut prev = 0u8;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'_' {
            if prev == b'_' {
                return Err(invalid());
            }
        } else if digit_value(b) < radix {
            digits.push(b);
        } else {
            break;
        }
        prev = b;
        i += 1;
    }
    if prev == b'_' {
        return Err(invalid());
    }
    if !radix.is_power_of_two() {
        let limit = int_max_str_digits();
        if limit > 0 && digits.len() > INT_MAX_STR_DIGITS_THRESHOLD && digits.len() > limit {
            return Err(value_error(format!(
                "Exceeds the limit ({limit} digits) for integer string conversion: \
                 value has {} digits; use sys.set_int_max_str_digits() to increase the limit",
                digits.len()
            )));
        }
    }
    if digits.is_empty() {
        return Err(invalid());
    }
    let magnitude = BigUint::parse_bytes(&digits, radix).ok_or_else(invalid)?;
    if error_if_nonzero && !magnitude.is_zero() {
        return Err(invalid());
    }
    while i < bytes.len() && is_c_space(bytes[i]) {
        i += 1;
    }
    if i != bytes.len() {
        return Err(invalid());
    }
    let sign = if negative { Sign::Minus } else { Sign::Plus };
    Ok(BigInt::from_biguint(sign, magnitude))
}

/// `hex()`, `oct()` and `bin()` text of an integer for radix 16, 8 and 2: `"-0x1f"`, `"0o17"`,
/// `"0b101"`. Any other radix in 2..=36 gives the plain lower-case digits with a sign and no
/// prefix (radix values outside 2..=36 are treated as 10).
pub fn int_to_prefixed(x: &BigInt, radix: u32) -> String {
    let radix = if (2..=36).contains(&radix) { radix } else { 10 };
    let prefix = match radix {
        2 => "0b",
        8 => "0o",
        16 => "0x",
        _ => "",
    };
    let sign = if x.sign() == Sign::Minus { "-" } else { "" };
    format!("{sign}{prefix}{}", x.magnitude().to_str_radix(radix))
}
