//! The text of `complex` numbers, as CPython 3.11's `complexobject.c` and
//! `formatter_unicode.c` make and read it: `repr()` ([`complex_repr`]),
//! `format(z, spec)` ([`format_complex`]) and `complex(str)`
//! ([`parse_complex`]), and the prefix float reader they share with
//! nothing else (`PyOS_string_to_double` with an end pointer).

use super::{
    FloatFlags, FloatMode, FmtError, FormatSpec, NumberParts, float_to_string, inf_or_nan,
    is_c_space, layout_number, reserve, str_repr, transform_decimal_and_space, unknown_code,
    value_error,
};

/// One part of a complex in `repr()`'s style (`'r'`, no `.0` added),
/// with a `+` in front of a part that has no sign when `sign` is asked
/// for (`Py_DTSF_SIGN`; a NaN never shows its sign).
fn repr_part(x: f64, sign: bool) -> String {
    let s = float_to_string(x, FloatMode::Repr, 0, FloatFlags::default()).unwrap_or_default();
    if sign && !s.starts_with('-') {
        format!("+{s}")
    } else {
        s
    }
}

/// `repr()` (and `str()`) of the complex `re + im*j`: `1j`, `-0j`, `(1+2j)`,
/// `(-0-0j)`, `(nan+infj)`. A real part of +0 is left out, parentheses and
/// all.
pub fn complex_repr(re: f64, im: f64) -> String {
    if re == 0.0 && re.is_sign_positive() {
        format!("{}j", repr_part(im, false))
    } else {
        format!("({}{}j)", repr_part(re, false), repr_part(im, true))
    }
}

/// `format(z, spec)` for the complex `re + im*j`, as CPython 3.11's
/// `format_complex_internal`: types `e E f F g G n` and none (like `str()`,
/// but a precision makes it `'g'`); no `%`, no zero padding, no `'='`
/// alignment; each part formatted as a float (the imaginary one with a sign
/// when the real one is shown), then padded as a whole.
pub fn format_complex(re: f64, im: f64, spec: &str) -> Result<String, FmtError> {
    if spec.is_empty() {
        return Ok(complex_repr(re, im));
    }
    let parsed = FormatSpec::parse_for(spec, "complex", None)?;
    // CPython cannot tell an explicit NUL type from no type at all.
    let ty = parsed.ty.filter(|&t| t != '\0');
    match ty {
        None | Some('e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'n') => {
            format_complex_with_spec(re, im, &parsed, ty)
        }
        Some(t) => Err(unknown_code(t, "complex")),
    }
}

fn format_complex_with_spec(
    re: f64,
    im: f64,
    spec: &FormatSpec,
    ty: Option<char>,
) -> Result<String, FmtError> {
    let precision = match spec.precision {
        Some(p) if p > i32::MAX as u64 => return Err(value_error("precision too big")),
        p => p.map(|p| p as usize),
    };
    // The `0` flag before the width means a '0' fill, as an explicit one.
    let fill = spec.fill.unwrap_or(if spec.zero_pad { '0' } else { ' ' });
    if fill == '0' {
        return Err(value_error(
            "Zero padding is not allowed in complex format specifier",
        ));
    }
    if spec.align == Some('=') {
        return Err(value_error(
            "'=' alignment flag is not allowed in complex format specifier",
        ));
    }
    let mut flags = FloatFlags {
        alt: spec.alternate,
        no_neg_0: spec.no_neg_zero,
        ..FloatFlags::default()
    };
    let mut default_precision = 6;
    let (mut skip_re, mut add_parens) = (false, false);
    let mut mode = match ty {
        None => {
            default_precision = 0;
            if re == 0.0 && re.is_sign_positive() {
                skip_re = true;
            } else {
                add_parens = true;
            }
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
        Some('G') => {
            flags.upper = true;
            FloatMode::General
        }
        // 'g', and 'n' (the C locale's 'g').
        _ => FloatMode::General,
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
    let grouping = if ty == Some('n') {
        None
    } else {
        spec.grouping.map(|c| (c, 3))
    };
    // Each part laid out alone (sign, grouped digits, the rest), with no
    // padding; the imaginary part always signed after a real part.
    let part = |x: f64, sign: Option<char>| -> Result<String, FmtError> {
        let body = float_to_string(x, mode, precision, flags)?;
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
        let parts = NumberParts {
            negative,
            prefix: "",
            digits,
            has_decimal,
            remainder,
        };
        let alone = FormatSpec {
            fill: None,
            align: Some('<'),
            sign,
            width: None,
            zero_pad: false,
            ..spec.clone()
        };
        layout_number(&parts, &alone, grouping)
    };
    let re_text = if skip_re {
        String::new()
    } else {
        part(re, spec.sign)?
    };
    let im_text = part(im, if skip_re { spec.sign } else { Some('+') })?;
    let n = re_text.chars().count() + im_text.chars().count() + 1 + 2 * usize::from(add_parens);
    let width = spec
        .width
        .map_or(0, |w| usize::try_from(w).unwrap_or(usize::MAX));
    let total = width.max(n);
    let lpad = match spec.align.unwrap_or('>') {
        '>' => total - n,
        '^' => (total - n) / 2,
        _ => 0,
    };
    let rpad = total - n - lpad;
    let mut out = String::new();
    let pad_bytes = (lpad.saturating_add(rpad)).saturating_mul(fill.len_utf8());
    reserve(
        &mut out,
        pad_bytes.saturating_add(re_text.len() + im_text.len() + 3),
    )?;
    out.extend(std::iter::repeat_n(fill, lpad));
    if add_parens {
        out.push('(');
    }
    out.push_str(&re_text);
    out.push_str(&im_text);
    out.push('j');
    if add_parens {
        out.push(')');
    }
    out.extend(std::iter::repeat_n(fill, rpad));
    Ok(out)
}

/// CPython's `PyOS_string_to_double(s, &end, NULL)`: the float that starts
/// `s` (`[sign] digits [. digits] [e [sign] digits]`, or `inf`, `infinity`,
/// `nan` in any case, with a sign) and the number of bytes it takes;
/// `None` when no float starts `s`. Out-of-range values are `±inf` or
/// `±0.0`, never an error.
fn float_prefix(s: &[u8]) -> Option<(f64, usize)> {
    let at = |i: usize| s.get(i).copied().unwrap_or(0);
    let (negative, start) = match at(0) {
        b'-' => (true, 1),
        b'+' => (false, 1),
        _ => (false, 0),
    };
    let signed = |v: f64| if negative { -v } else { v };
    let digits = |from: usize| {
        s.get(from..)
            .map_or(0, |t| t.iter().take_while(|b| b.is_ascii_digit()).count())
    };
    let mut i = start;
    let int_len = digits(i);
    i += int_len;
    let mut frac_len = 0;
    if at(i) == b'.' {
        frac_len = digits(i + 1);
        i += 1 + frac_len;
    }
    if int_len + frac_len > 0 {
        if matches!(at(i), b'e' | b'E') {
            let mut j = i + 1;
            if matches!(at(j), b'+' | b'-') {
                j += 1;
            }
            let exp_len = digits(j);
            if exp_len > 0 {
                i = j + exp_len;
            }
        }
        let text = std::str::from_utf8(s.get(start..i)?).ok()?;
        let v: f64 = text.parse().ok()?;
        return Some((signed(v), i));
    }
    // Not a decimal: an infinity or a NaN, or nothing.
    inf_or_nan(s)
}

/// `complex(s)` for a str, as CPython 3.11 reads it: `<float>`, `<float>j`,
/// `<float><signed float>j`, and the old forms `<float><sign>j`, `<sign>j`
/// and `j`, in optional parentheses, with surrounding whitespace (Unicode
/// spaces and digits count as ASCII ones) and single `_` between digits.
/// Errors: `complex() arg is a malformed string`, or for misplaced
/// underscores `could not convert string to complex: <repr>`.
pub fn parse_complex(s: &str) -> Result<(f64, f64), FmtError> {
    let text = transform_decimal_and_space(s);
    // As `_Py_string_to_number_with_underscores`: only text with an
    // underscore (before any NUL, where C stops reading) is cleaned, and
    // then a NUL is an error.
    let nul = text.iter().position(|&b| b == 0).unwrap_or(text.len());
    let cleaned;
    let text = if text[..nul].contains(&b'_') {
        let fail = || {
            value_error(format!(
                "could not convert string to complex: {}",
                str_repr(s)
            ))
        };
        if nul != text.len() {
            return Err(fail());
        }
        let Some(out) = super::strip_digit_underscores(&text) else {
            return Err(fail());
        };
        cleaned = out;
        &cleaned
    } else {
        &text
    };
    complex_from_text(text).ok_or_else(|| value_error("complex() arg is a malformed string"))
}

/// CPython's `complex_from_string_inner` on ASCII text.
fn complex_from_text(s: &[u8]) -> Option<(f64, f64)> {
    let at = |i: usize| s.get(i).copied().unwrap_or(0);
    let skip_space = |mut i: usize| {
        while is_c_space(at(i)) {
            i += 1;
        }
        i
    };
    let is_j = |b: u8| b == b'j' || b == b'J';
    let mut i = skip_space(0);
    let bracket = at(i) == b'(';
    if bracket {
        i = skip_space(i + 1);
    }
    let (mut x, mut y) = (0.0, 0.0);
    match float_prefix(s.get(i..)?) {
        Some((z, len)) => {
            i += len;
            match at(i) {
                b'+' | b'-' => {
                    // <float><signed float>j, or <float><sign>j.
                    x = z;
                    match float_prefix(s.get(i..)?) {
                        Some((v, len)) => {
                            y = v;
                            i += len;
                        }
                        None => {
                            y = if at(i) == b'+' { 1.0 } else { -1.0 };
                            i += 1;
                        }
                    }
                    if !is_j(at(i)) {
                        return None;
                    }
                    i += 1;
                }
                b if is_j(b) => {
                    i += 1;
                    y = z;
                }
                _ => x = z,
            }
        }
        None => {
            // <sign>j or j.
            y = match at(i) {
                b'+' => {
                    i += 1;
                    1.0
                }
                b'-' => {
                    i += 1;
                    -1.0
                }
                _ => 1.0,
            };
            if !is_j(at(i)) {
                return None;
            }
            i += 1;
        }
    }
    i = skip_space(i);
    if bracket {
        if at(i) != b')' {
            return None;
        }
        i = skip_space(i + 1);
    }
    (i == s.len()).then_some((x, y))
}
