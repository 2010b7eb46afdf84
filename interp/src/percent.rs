//! printf-style `%` formatting of `str` (`"%5.2f" % x`), after CPython
//! 3.11's `PyUnicode_Format`, and of `bytes` and `bytearray` (`b"%d" %
//! n`), after `_PyBytes_FormatEx`: the same conversions, flags, `*`
//! widths, `%(key)` lookups, argument rules and error messages.
//!
//! Both run one formatter over characters: a byte string is read as
//! Latin-1 (each byte one character below 256) and its result written
//! back the same way. The [`Mode`] decides what differs: `%s`/`%b` take
//! bytes-like objects (or `__bytes__`) for bytes, `%r` is `%a`, `%c`
//! takes a byte, and some messages.
//!
//! A conversion is `%[(key)][flags][width][.precision][length]type`:
//! flags `-` (left-justify), `+`/space (sign), `#` (alternate form), `0`
//! (zero fill, numbers only); `h`, `l` and `L` are accepted and ignored.
//! The arguments are a tuple's items, or the right operand itself when it
//! is anything else; a mapping (anything with `__getitem__` but a tuple or
//! a str) is what `%(key)` conversions look up.

use crate::dunder;
use crate::format;
use crate::object::types::{self, Kind};
use crate::object::{PyErr, PyResult, TupleObj, Value};
use crate::ops;
use crate::vm::Vm;
use num_bigint::{BigInt, Sign};

const LJUST: u8 = 1;
const SIGN: u8 = 2;
const BLANK: u8 = 4;
const ALT: u8 = 8;
const ZERO: u8 = 16;

/// The arguments being consumed: CPython's `argidx`/`arglen`, where a
/// single (non-tuple) argument has length -1 and starts at -2.
struct Args<'a> {
    items: &'a [Value],
    single: Option<Value>,
    idx: isize,
    len: isize,
}

impl Args<'_> {
    fn next(&mut self) -> PyResult<Value> {
        if self.idx < self.len {
            let i = self.idx;
            self.idx += 1;
            return Ok(match &self.single {
                Some(v) if self.len < 0 => v.clone(),
                _ => self.items[i as usize].clone(),
            });
        }
        Err(PyErr::type_error("not enough arguments for format string"))
    }
}

/// Whether the format is a `str` or a byte string.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Str,
    Bytes,
}

/// Whether `v` can be indexed by a key (CPython's `PyMapping_Check`), so
/// that `%(key)` conversions may look names up in it.
fn is_mapping(v: &Value) -> bool {
    match v.kind() {
        Kind::LIST
        | Kind::TUPLE
        | Kind::STR
        | Kind::BYTES
        | Kind::BYTEARRAY
        | Kind::MEMORYVIEW
        | Kind::RANGE
        | Kind::DICT => true,
        Kind::INSTANCE | Kind::EXT_SUBCLASS => v
            .as_obj()
            .is_some_and(|o| crate::object::class::lookup(o.ty(), "__getitem__").is_some()),
        _ => false,
    }
}

/// `fmt % args`.
pub fn format(vm: &mut Vm, fmt: &str, args: &Value) -> PyResult<Value> {
    let chars: Vec<char> = fmt.chars().collect();
    format_chars(vm, &chars, args, Mode::Str).map(Value::string)
}

/// `fmt % args` for a `bytes` or `bytearray` format: the bytes of the
/// result.
pub fn format_bytes(vm: &mut Vm, fmt: &[u8], args: &Value) -> PyResult<Vec<u8>> {
    let chars: Vec<char> = fmt.iter().map(|&b| b as char).collect();
    let out = format_chars(vm, &chars, args, Mode::Bytes)?;
    out.chars()
        .map(|c| u8::try_from(c as u32))
        .collect::<Result<Vec<u8>, _>>()
        .map_err(|_| PyErr::new(&types::SYSTEM_ERROR, "bytes formatting made a non-byte"))
}

/// The formatter of both modes.
fn format_chars(vm: &mut Vm, chars: &[char], args: &Value, mode: Mode) -> PyResult<String> {
    let tuple = args.downcast::<TupleObj>();
    let own_kind = match mode {
        Mode::Str => args.kind() == Kind::STR,
        Mode::Bytes => matches!(args.kind(), Kind::BYTES | Kind::BYTEARRAY | Kind::STR),
    };
    let dict = (tuple.is_none() && !own_kind && is_mapping(args)).then_some(args);
    let mut a = match tuple {
        Some(t) => Args {
            items: &t.items,
            single: None,
            idx: 0,
            len: t.items.len() as isize,
        },
        None => Args {
            items: &[],
            single: Some(args.clone()),
            idx: -2,
            len: -1,
        },
    };
    let mut out = String::with_capacity(chars.len() + 16);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        if c != '%' {
            out.push(c);
            continue;
        }
        if chars.get(i) == Some(&'%') {
            out.push('%');
            i += 1;
            continue;
        }
        // `%(key)`: the rest of the conversion takes `dict[key]` as its
        // only argument.
        if chars.get(i) == Some(&'(') {
            let Some(d) = dict else {
                return Err(PyErr::type_error("format requires a mapping"));
            };
            let start = i + 1;
            let mut depth = 1;
            i += 1;
            while i < chars.len() && depth > 0 {
                match chars[i] {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                i += 1;
            }
            if depth > 0 {
                return Err(PyErr::value_error("incomplete format key"));
            }
            let key: String = chars[start..i - 1].iter().collect();
            let key = match mode {
                Mode::Str => Value::string(key),
                Mode::Bytes => {
                    let b: Vec<u8> = key.chars().map(|c| c as u32 as u8).collect();
                    Value::Obj(crate::object::BytesObj::new_obj(&b))
                }
            };
            let v = ops::getitem(vm, d, &key)?;
            a = Args {
                items: &[],
                single: Some(v),
                idx: -2,
                len: -1,
            };
        }
        let mut flags = 0u8;
        while let Some(&f) = chars.get(i) {
            flags |= match f {
                '-' => LJUST,
                '+' => SIGN,
                ' ' => BLANK,
                '#' => ALT,
                '0' => ZERO,
                _ => break,
            };
            i += 1;
        }
        let mut width: Option<usize> = None;
        if chars.get(i) == Some(&'*') {
            i += 1;
            let w = star_arg(&mut a)?;
            if w < 0 {
                flags |= LJUST;
            }
            width = Some(usize::try_from(w.unsigned_abs()).unwrap_or(usize::MAX));
        } else if let Some(n) = read_number(chars, &mut i, "width too big")? {
            width = Some(n);
        }
        let mut prec: Option<usize> = None;
        if chars.get(i) == Some(&'.') {
            i += 1;
            if chars.get(i) == Some(&'*') {
                i += 1;
                let p = star_arg(&mut a)?;
                prec = Some(usize::try_from(p).unwrap_or(0));
            } else {
                prec = Some(read_number(chars, &mut i, "precision too big")?.unwrap_or(0));
            }
        }
        if matches!(chars.get(i), Some('h' | 'l' | 'L')) {
            i += 1;
        }
        let Some(&conv) = chars.get(i) else {
            return Err(PyErr::value_error("incomplete format"));
        };
        let conv_index = i;
        i += 1;
        let arg = a.next()?;
        let spec = Spec { flags, width, prec };
        convert(vm, &mut out, conv, conv_index, &arg, &spec, mode)?;
    }
    if a.idx < a.len && dict.is_none() {
        return Err(PyErr::type_error(match mode {
            Mode::Str => "not all arguments converted during string formatting",
            Mode::Bytes => "not all arguments converted during bytes formatting",
        }));
    }
    Ok(out)
}

/// A width or precision written out in digits; `Ok(None)` when there are
/// none. Past `isize::MAX` is CPython's ValueError `too_big`.
fn read_number(chars: &[char], i: &mut usize, too_big: &str) -> PyResult<Option<usize>> {
    let mut n: Option<usize> = None;
    while let Some(d) = chars.get(*i).and_then(|c| c.to_digit(10)) {
        let v = n
            .unwrap_or(0)
            .checked_mul(10)
            .and_then(|v| v.checked_add(d as usize))
            .filter(|v| *v <= isize::MAX as usize)
            .ok_or_else(|| PyErr::value_error(too_big))?;
        n = Some(v);
        *i += 1;
    }
    Ok(n)
}

/// The argument a `*` width or precision takes: an int.
fn star_arg(a: &mut Args<'_>) -> PyResult<i64> {
    let v = a.next()?;
    match v {
        Value::Int(i) => Ok(i),
        Value::Bool(b) => Ok(b as i64),
        _ if v.as_bigint().is_some() => Err(PyErr::overflow(
            "Python int too large to convert to C ssize_t",
        )),
        _ => Err(PyErr::type_error("* wants int")),
    }
}

struct Spec {
    flags: u8,
    width: Option<usize>,
    prec: Option<usize>,
}

/// Appends conversion `conv` (at `index` in the format) of `arg`.
fn convert(
    vm: &mut Vm,
    out: &mut String,
    conv: char,
    index: usize,
    arg: &Value,
    spec: &Spec,
    mode: Mode,
) -> PyResult<()> {
    if mode == Mode::Bytes {
        match conv {
            's' | 'b' => {
                let b = bytes_arg(vm, arg)?;
                let b = match spec.prec {
                    Some(p) => &b[..p.min(b.len())],
                    None => &b[..],
                };
                let s: String = b.iter().map(|&c| c as char).collect();
                return pad_text(out, &s, spec);
            }
            'r' | 'a' => {
                let s = ascii_escape(&ops::repr(vm, arg)?);
                let s = match spec.prec {
                    Some(p) => s.char_indices().nth(p).map_or(&s[..], |(b, _)| &s[..b]),
                    None => &s[..],
                };
                return pad_text(out, s, spec);
            }
            'c' => {
                let c = byte_arg(vm, arg)?;
                return pad_text(out, (c as char).encode_utf8(&mut [0u8; 4]), spec);
            }
            'e' | 'E' | 'f' | 'F' | 'g' | 'G' => {
                let x = ops::float_arg(vm, arg).map_err(|e| {
                    if e.matches(types::TYPE_ERROR.get()) {
                        PyErr::type_error(format!(
                            "float argument required, not {}",
                            arg.type_name()
                        ))
                    } else {
                        e
                    }
                })?;
                return float_conv(out, conv, x, spec);
            }
            // `_PyBytes_FormatEx` reads `%i` as `%d`.
            'i' => return convert(vm, out, 'd', index, arg, spec, Mode::Str),
            c if c as u32 >= 0x80 => {
                // CPython formats the (signed) C char with `%c`, which
                // refuses a negative value.
                return Err(PyErr::overflow("character argument not in range(0x110000)"));
            }
            _ => {}
        }
    }
    match conv {
        's' | 'r' | 'a' => {
            let text = match conv {
                's' => ops::to_str_value(vm, arg)?,
                'r' => Value::string(ops::repr(vm, arg)?),
                _ => Value::string(ascii_escape(&ops::repr(vm, arg)?)),
            };
            let s = text.as_str().unwrap_or("");
            let s = match spec.prec {
                Some(p) => s.char_indices().nth(p).map_or(s, |(b, _)| &s[..b]),
                None => s,
            };
            pad_text(out, s, spec)
        }
        'c' => {
            let ch = char_arg(arg)?;
            let mut buf = [0u8; 4];
            pad_text(out, ch.encode_utf8(&mut buf), spec)
        }
        'd' | 'i' | 'u' | 'o' | 'x' | 'X' => {
            let n = int_arg(vm, arg, conv)?;
            let body = int_body(&n, conv, spec)?;
            pad_number(out, &body, conv, spec)
        }
        'e' | 'E' | 'f' | 'F' | 'g' | 'G' => {
            let x = ops::float_arg(vm, arg)?;
            float_conv(out, conv, x, spec)
        }
        _ => {
            let shown = if (' '..='~').contains(&conv) {
                conv
            } else {
                '?'
            };
            Err(PyErr::value_error(format!(
                "unsupported format character '{shown}' ({:#x}) at index {index}",
                conv as u32
            )))
        }
    }
}

/// Appends a float conversion of `x`.
fn float_conv(out: &mut String, conv: char, x: f64, spec: &Spec) -> PyResult<()> {
    let fs = format!(
        "{}.{}{}",
        if spec.flags & ALT != 0 { "#" } else { "" },
        spec.prec.unwrap_or(6),
        conv
    );
    let body = format::format_float(x, &fs).map_err(ops::fmt_err)?;
    pad_number(out, &body, conv, spec)
}

/// `%s`/`%b` of a byte string: a bytes-like object's bytes, or what
/// `__bytes__` returns.
fn bytes_arg(vm: &mut Vm, arg: &Value) -> PyResult<Vec<u8>> {
    if let Some(b) = crate::bytes::buffer(arg) {
        return Ok(b?.to_vec());
    }
    if let Some(r) = dunder::call(vm, arg, "__bytes__", &[]) {
        let r = r?;
        return match r.downcast::<crate::object::BytesObj>() {
            Some(b) => Ok(b.as_bytes().to_vec()),
            None => Err(PyErr::type_error(format!(
                "__bytes__ returned non-bytes (type {})",
                r.type_name()
            ))),
        };
    }
    Err(PyErr::type_error(format!(
        "%b requires a bytes-like object, or an object that implements __bytes__, not '{}'",
        arg.type_name()
    )))
}

/// `%c` of a byte string: a byte string of length 1 or an int in
/// range(256) (CPython's `byte_converter`).
fn byte_arg(vm: &mut Vm, arg: &Value) -> PyResult<u8> {
    if matches!(arg.kind(), Kind::BYTES | Kind::BYTEARRAY)
        && let Some(Ok(b)) = crate::bytes::buffer(arg)
        && let [c] = *b
    {
        return Ok(c);
    }
    let wrong = || PyErr::type_error("%c requires an integer in range(256) or a single byte");
    let i = match crate::bytes::index_value(vm, arg) {
        Ok(i) => i,
        Err(e) if e.matches(types::TYPE_ERROR.get()) => return Err(wrong()),
        Err(e) => return Err(e),
    };
    match i {
        Value::Int(n) if (0..256).contains(&n) => Ok(n as u8),
        Value::Bool(b) => Ok(b as u8),
        _ => Err(PyErr::overflow("%c arg not in range(256)")),
    }
}

/// `%c`: an int code point or a one-character str.
fn char_arg(arg: &Value) -> PyResult<char> {
    if let Some(s) = arg.as_str() {
        let mut it = s.chars();
        if let (Some(c), None) = (it.next(), it.next()) {
            return Ok(c);
        }
        return Err(PyErr::type_error("%c requires int or char"));
    }
    if !arg.is_int() {
        return Err(PyErr::type_error("%c requires int or char"));
    }
    let range = || PyErr::overflow("%c arg not in range(0x110000)");
    let i = match arg {
        Value::Int(i) => *i,
        Value::Bool(b) => *b as i64,
        _ => return Err(range()),
    };
    let c = u32::try_from(i)
        .ok()
        .filter(|c| *c < 0x110000)
        .ok_or_else(range)?;
    char::from_u32(c).ok_or_else(|| {
        PyErr::new(
            &types::NOT_IMPLEMENTED_ERROR,
            "surrogate code points are not supported by typhon",
        )
    })
}

/// The int a numeric conversion formats: `%o`, `%x` and `%X` take only
/// what has `__index__`; `%d`, `%i` and `%u` also truncate a float and
/// call `__int__`.
fn int_arg(vm: &mut Vm, arg: &Value, conv: char) -> PyResult<BigInt> {
    if let Some(b) = arg.to_bigint() {
        return Ok(b);
    }
    let needs_index = matches!(conv, 'o' | 'x' | 'X');
    let wrong = |what: &str| {
        PyErr::type_error(format!(
            "%{conv} format: {what} is required, not {}",
            arg.type_name()
        ))
    };
    if needs_index {
        let r = dunder::as_index(vm, arg)?;
        return r.to_bigint().ok_or_else(|| wrong("an integer"));
    }
    let r = match arg {
        Value::Float(_) => crate::builtins::int_of(vm, arg)?,
        _ => match dunder::number(vm, arg, "__int__") {
            Some(r) => r?,
            None => match dunder::number(vm, arg, "__index__") {
                Some(r) => r?,
                None => match dunder::c_number(vm, arg, 'i', "__int__", Value::is_int)? {
                    Some(r) => r,
                    None => dunder::c_number(vm, arg, 'x', "__index__", Value::is_int)?
                        .ok_or_else(|| wrong("a real number"))?,
                },
            },
        },
    };
    r.to_bigint().ok_or_else(|| wrong("a real number"))
}

/// An int's text for conversion `conv` before padding: sign, the `#`
/// prefix, then at least `prec` digits (CPython's `_PyUnicode_FormatLong`).
fn int_body(n: &BigInt, conv: char, spec: &Spec) -> PyResult<String> {
    let mut digits = match conv {
        'o' => n.magnitude().to_str_radix(8),
        'x' => n.magnitude().to_str_radix(16),
        'X' => n.magnitude().to_str_radix(16).to_ascii_uppercase(),
        _ => format::bigint_to_decimal(&BigInt::from_biguint(Sign::Plus, n.magnitude().clone()))
            .map_err(ops::fmt_err)?,
    };
    if let Some(p) = spec.prec
        && digits.len() < p
    {
        let mut padded = ops::text_buffer(p)?;
        padded.extend(std::iter::repeat_n('0', p - digits.len()));
        padded.push_str(&digits);
        digits = padded;
    }
    let mut body = String::with_capacity(digits.len() + 3);
    if n.sign() == Sign::Minus {
        body.push('-');
    }
    if spec.flags & ALT != 0 {
        match conv {
            'o' => body.push_str("0o"),
            'x' => body.push_str("0x"),
            'X' => body.push_str("0X"),
            _ => {}
        }
    }
    body.push_str(&digits);
    Ok(body)
}

/// Appends a string conversion's text padded with spaces to the width.
fn pad_text(out: &mut String, s: &str, spec: &Spec) -> PyResult<()> {
    let n = s.chars().count();
    let pad = spec.width.unwrap_or(0).saturating_sub(n);
    reserve(out, s.len() + pad)?;
    if spec.flags & LJUST == 0 {
        out.extend(std::iter::repeat_n(' ', pad));
    }
    out.push_str(s);
    if spec.flags & LJUST != 0 {
        out.extend(std::iter::repeat_n(' ', pad));
    }
    Ok(())
}

/// Appends a number's `body` (its own `-`, then for `%#o`/`%#x` the
/// prefix, then digits) with the `+`/space sign flags and padding: zeros
/// go after the sign and prefix.
fn pad_number(out: &mut String, body: &str, conv: char, spec: &Spec) -> PyResult<()> {
    let (sign, rest) = match body.strip_prefix('-') {
        Some(r) => ("-", r),
        None if spec.flags & SIGN != 0 => ("+", body),
        None if spec.flags & BLANK != 0 => (" ", body),
        None => ("", body),
    };
    let (prefix, digits) = if spec.flags & ALT != 0 && matches!(conv, 'o' | 'x' | 'X') {
        rest.split_at(2.min(rest.len()))
    } else {
        ("", rest)
    };
    let n = sign.len() + prefix.len() + digits.chars().count();
    let pad = spec.width.unwrap_or(0).saturating_sub(n);
    reserve(out, body.len() + 1 + pad)?;
    if spec.flags & LJUST != 0 {
        out.push_str(sign);
        out.push_str(prefix);
        out.push_str(digits);
        out.extend(std::iter::repeat_n(' ', pad));
    } else if spec.flags & ZERO != 0 {
        out.push_str(sign);
        out.push_str(prefix);
        out.extend(std::iter::repeat_n('0', pad));
        out.push_str(digits);
    } else {
        out.extend(std::iter::repeat_n(' ', pad));
        out.push_str(sign);
        out.push_str(prefix);
        out.push_str(digits);
    }
    Ok(())
}

/// Room for `extra` more bytes in `out`, or `MemoryError` (a width of
/// 10**15 must not abort).
fn reserve(out: &mut String, extra: usize) -> PyResult<()> {
    if extra > ops::memory_ceiling() {
        return Err(PyErr::no_memory());
    }
    out.try_reserve(extra).map_err(|_| PyErr::no_memory())
}

/// `ascii()`'s escaping of a repr: every non-ASCII character as `\xhh`,
/// `\uhhhh` or `\Uhhhhhhhh`.
pub fn ascii_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        let v = c as u32;
        match v {
            0..=0x7f => out.push(c),
            0x80..=0xff => out.push_str(&format!("\\x{v:02x}")),
            0x100..=0xffff => out.push_str(&format!("\\u{v:04x}")),
            _ => out.push_str(&format!("\\U{v:08x}")),
        }
    }
    out
}
