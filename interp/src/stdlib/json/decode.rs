//! The JSON decoder: CPython 3.11's C scanner (`_json.c`'s
//! `scan_once_unicode`, `_parse_object_unicode`, `_parse_array_unicode`,
//! `scanstring_unicode`, `_match_number_unicode`), step for step, so that
//! every error is reported at CPython's position with its message.
//!
//! The scanner walks the UTF-8 bytes of the text: every character the
//! grammar looks at is ASCII, so a byte offset there is always a character
//! boundary, and it becomes a character index only when an error reports
//! it. A value that is not there is CPython's `StopIteration(idx)`
//! ([`Fail::Stop`]), which the caller turns into "Expecting value".

use crate::object::{DictKey, DictObj, PyErr, PyResult, StrObj, Value};
use crate::vm::Vm;
use abi::ObjRef;
use std::borrow::Cow;
use std::collections::HashMap;

/// Why a scan stopped.
pub(crate) enum Fail {
    /// No JSON value starts at this byte offset (`StopIteration`).
    Stop(usize),
    /// A decoding error: its message and byte offset.
    Syntax(&'static str, usize),
    /// An exception from a hook, a number's conversion or the recursion
    /// guard.
    Raised(PyErr),
}

impl From<PyErr> for Fail {
    fn from(e: PyErr) -> Fail {
        Fail::Raised(e)
    }
}

type Scan<T> = Result<T, Fail>;

/// A scanner over one text (`JSONDecoder`'s settings).
pub(crate) struct Scanner<'a> {
    /// The text.
    pub s: &'a str,
    /// Refuse control characters inside strings.
    pub strict: bool,
    /// Called with each object's dict.
    pub object_hook: Option<Value>,
    /// Called with each object's list of (key, value) pairs.
    pub object_pairs_hook: Option<Value>,
    /// Called with a float's text (`None`: `float`).
    pub parse_float: Option<Value>,
    /// Called with an int's text (`None`: `int`).
    pub parse_int: Option<Value>,
    /// Called with `NaN`, `Infinity` or `-Infinity` (`None`: the floats).
    pub parse_constant: Option<Value>,
    /// One str per distinct key text (CPython's `memo`).
    pub memo: HashMap<String, ObjRef>,
}

fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

impl<'a> Scanner<'a> {
    /// A scanner with `JSONDecoder`'s defaults.
    pub fn new(s: &'a str) -> Scanner<'a> {
        Scanner {
            s,
            strict: true,
            object_hook: None,
            object_pairs_hook: None,
            parse_float: None,
            parse_int: None,
            parse_constant: None,
            memo: HashMap::new(),
        }
    }

    fn at(&self, i: usize) -> Option<u8> {
        self.s.as_bytes().get(i).copied()
    }

    fn len(&self) -> usize {
        self.s.len()
    }

    /// The offset of the first non-whitespace byte from `i`.
    pub fn skip_ws(&self, mut i: usize) -> usize {
        while self.at(i).is_some_and(is_ws) {
            i += 1;
        }
        i
    }

    fn text(&self, a: usize, b: usize) -> &'a str {
        self.s.get(a..b).unwrap_or("")
    }

    /// `scan_once`: the value at `idx` and the offset after it.
    pub fn scan_once(&mut self, vm: &mut Vm, idx: usize) -> Scan<(Value, usize)> {
        let Some(c) = self.at(idx) else {
            return Err(Fail::Stop(idx));
        };
        let rest = self.s.get(idx..).unwrap_or("");
        match c {
            b'"' => {
                let (s, end) = self.string(idx + 1)?;
                return Ok((
                    match s {
                        Cow::Borrowed(s) => Value::str(s),
                        Cow::Owned(s) => Value::string(s),
                    },
                    end,
                ));
            }
            b'{' => {
                vm.enter_nested(" while decoding a JSON object from a unicode string")?;
                let r = self.object(vm, idx + 1);
                vm.leave_nested();
                return r;
            }
            b'[' => {
                vm.enter_nested(" while decoding a JSON array from a unicode string")?;
                let r = self.array(vm, idx + 1);
                vm.leave_nested();
                return r;
            }
            b'n' if rest.starts_with("null") => return Ok((Value::None, idx + 4)),
            b't' if rest.starts_with("true") => return Ok((Value::Bool(true), idx + 4)),
            b'f' if rest.starts_with("false") => return Ok((Value::Bool(false), idx + 5)),
            b'N' if rest.starts_with("NaN") => return self.constant(vm, "NaN", idx),
            b'I' if rest.starts_with("Infinity") => return self.constant(vm, "Infinity", idx),
            b'-' if rest.starts_with("-Infinity") => {
                return self.constant(vm, "-Infinity", idx);
            }
            _ => {}
        }
        self.number(vm, idx)
    }

    /// `NaN`, `Infinity` or `-Infinity` through `parse_constant`.
    fn constant(&mut self, vm: &mut Vm, name: &str, idx: usize) -> Scan<(Value, usize)> {
        let v = match &self.parse_constant {
            Some(f) => {
                let f = f.clone();
                vm.call(&f, &[Value::str(name)])?
            }
            None => match name {
                "NaN" => Value::Float(constant_nan()),
                "Infinity" => Value::Float(f64::INFINITY),
                _ => Value::Float(f64::NEG_INFINITY),
            },
        };
        Ok((v, idx + name.len()))
    }

    /// `_match_number_unicode`: an int or float at `start`.
    fn number(&mut self, vm: &mut Vm, start: usize) -> Scan<(Value, usize)> {
        let digit = |i: usize| self.at(i).is_some_and(|b| b.is_ascii_digit());
        let mut idx = start;
        if self.at(idx) == Some(b'-') {
            idx += 1;
        }
        match self.at(idx) {
            Some(b'1'..=b'9') => {
                idx += 1;
                while digit(idx) {
                    idx += 1;
                }
            }
            Some(b'0') => idx += 1,
            _ => return Err(Fail::Stop(start)),
        }
        let mut is_float = false;
        if self.at(idx) == Some(b'.') && digit(idx + 1) {
            is_float = true;
            idx += 2;
            while digit(idx) {
                idx += 1;
            }
        }
        // An exponent needs a character after the `e`; without digits it
        // is not part of the number.
        if matches!(self.at(idx), Some(b'e' | b'E')) && idx + 1 < self.len() {
            let e_start = idx;
            idx += 1;
            if matches!(self.at(idx), Some(b'-' | b'+')) && idx + 1 < self.len() {
                idx += 1;
            }
            while digit(idx) {
                idx += 1;
            }
            if digit(idx - 1) {
                is_float = true;
            } else {
                idx = e_start;
            }
        }
        let text = self.text(start, idx);
        let hook = if is_float {
            &self.parse_float
        } else {
            &self.parse_int
        };
        let v = match hook {
            Some(f) => {
                let f = f.clone();
                vm.call(&f, &[Value::str(text)])?
            }
            None if is_float => {
                Value::float(crate::format::parse_float(text).map_err(crate::ops::fmt_err)?)
            }
            None => match text.parse::<i64>() {
                Ok(i) => Value::Int(i),
                Err(_) => Value::from_bigint(big_int(text)?),
            },
        };
        Ok((v, idx))
    }

    /// `_parse_object_unicode`: the object whose `{` is before `idx`.
    fn object(&mut self, vm: &mut Vm, idx: usize) -> Scan<(Value, usize)> {
        let pairs_hook = self.object_pairs_hook.clone();
        let mut pairs: Vec<Value> = Vec::new();
        let dict = DictObj::new_obj();
        let mut idx = self.skip_ws(idx);
        if self.at(idx) != Some(b'}') {
            loop {
                if self.at(idx) != Some(b'"') {
                    return Err(Fail::Syntax(
                        "Expecting property name enclosed in double quotes",
                        idx,
                    ));
                }
                let (text, next) = self.string(idx + 1)?;
                let key = match self.memo.get(&*text) {
                    Some(k) => k.clone(),
                    None => {
                        let k = StrObj::new_obj(&text);
                        self.memo.insert(text.into_owned(), k.clone());
                        k
                    }
                };
                idx = self.skip_ws(next);
                if self.at(idx) != Some(b':') {
                    return Err(Fail::Syntax("Expecting ':' delimiter", idx));
                }
                idx = self.skip_ws(idx + 1);
                let (value, next) = self.scan_once(vm, idx)?;
                if pairs_hook.is_some() {
                    pairs.push(Value::tuple(vec![Value::Obj(key), value]));
                } else if let Some(d) = dict.downcast::<DictObj>() {
                    d.insert(DictKey::from_str_obj(&key), value);
                }
                idx = self.skip_ws(next);
                if self.at(idx) == Some(b'}') {
                    break;
                }
                if self.at(idx) != Some(b',') {
                    return Err(Fail::Syntax("Expecting ',' delimiter", idx));
                }
                idx = self.skip_ws(idx + 1);
            }
        }
        let end = idx + 1;
        if let Some(hook) = pairs_hook {
            return Ok((vm.call(&hook, &[Value::list(pairs)])?, end));
        }
        let dict = Value::Obj(dict);
        if let Some(hook) = self.object_hook.clone() {
            return Ok((vm.call(&hook, &[dict])?, end));
        }
        Ok((dict, end))
    }

    /// `_parse_array_unicode`: the array whose `[` is before `idx`.
    fn array(&mut self, vm: &mut Vm, idx: usize) -> Scan<(Value, usize)> {
        let mut items = Vec::new();
        let mut idx = self.skip_ws(idx);
        if self.at(idx) != Some(b']') {
            loop {
                let (value, next) = self.scan_once(vm, idx)?;
                items.push(value);
                idx = self.skip_ws(next);
                if self.at(idx) == Some(b']') {
                    break;
                }
                if self.at(idx) != Some(b',') {
                    return Err(Fail::Syntax("Expecting ',' delimiter", idx));
                }
                idx = self.skip_ws(idx + 1);
            }
        }
        Ok((Value::list(items), idx + 1))
    }

    /// Four hex digits at `i` (`None` if any is not one).
    fn hex4(&self, i: usize) -> Option<u32> {
        let t = self.s.get(i..i + 4)?;
        if !t.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        u32::from_str_radix(t, 16).ok()
    }

    /// `scanstring_unicode`: the string whose opening quote is before
    /// `end`, and the offset after its closing quote.
    pub fn string(&self, mut end: usize) -> Scan<(Cow<'a, str>, usize)> {
        let begin = end - 1;
        let bytes = self.s.as_bytes();
        let len = bytes.len();
        let mut out = String::new();
        // Without escapes the string is a slice of the text.
        let first = end;
        loop {
            // The next quote or backslash; control characters on the way
            // are refused when strict.
            let mut next = end;
            let mut c = None;
            while let Some(&b) = bytes.get(next) {
                if b == b'"' || b == b'\\' {
                    c = Some(b);
                    break;
                }
                if b <= 0x1f && self.strict {
                    return Err(Fail::Syntax("Invalid control character at", next));
                }
                next += 1;
            }
            let Some(c) = c else {
                return Err(Fail::Syntax("Unterminated string starting at", begin));
            };
            if c == b'"' && end == first {
                return Ok((Cow::Borrowed(self.text(end, next)), next + 1));
            }
            out.push_str(self.text(end, next));
            next += 1;
            if c == b'"' {
                return Ok((Cow::Owned(out), next));
            }
            let Some(&e) = bytes.get(next) else {
                return Err(Fail::Syntax("Unterminated string starting at", begin));
            };
            if e != b'u' {
                end = next + 1;
                out.push(match e {
                    b'"' => '"',
                    b'\\' => '\\',
                    b'/' => '/',
                    b'b' => '\u{8}',
                    b'f' => '\u{c}',
                    b'n' => '\n',
                    b'r' => '\r',
                    b't' => '\t',
                    _ => return Err(Fail::Syntax("Invalid \\escape", end - 2)),
                });
                continue;
            }
            // `\uXXXX`: needs four digits and one more character after.
            next += 1;
            end = next + 4;
            if end >= len {
                return Err(Fail::Syntax("Invalid \\uXXXX escape", next - 1));
            }
            let Some(mut cp) = self.hex4(next) else {
                return Err(Fail::Syntax("Invalid \\uXXXX escape", end - 5));
            };
            // A high surrogate followed by `\u` and a low one is a pair.
            if (0xd800..0xdc00).contains(&cp)
                && end + 6 < len
                && bytes.get(end) == Some(&b'\\')
                && bytes.get(end + 1) == Some(&b'u')
            {
                let Some(low) = self.hex4(end + 2) else {
                    return Err(Fail::Syntax("Invalid \\uXXXX escape", end + 1));
                };
                if (0xdc00..0xe000).contains(&low) {
                    cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
                    end += 6;
                }
            }
            match char::from_u32(cp) {
                Some(ch) => out.push(ch),
                None => {
                    return Err(Fail::Raised(PyErr::value_error(
                        "surrogate code points are not supported by typhon",
                    )));
                }
            }
        }
    }
}

/// The NaN `json` decodes `NaN` to: one float, as CPython's
/// `_CONSTANTS['NaN']` is one object (`loads('[NaN, NaN]')` holds it
/// twice).
fn constant_nan() -> f64 {
    static BITS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    f64::from_bits(*BITS.get_or_init(|| crate::object::value::fresh_nan(f64::NAN).to_bits()))
}

/// A decimal int too large for `i64`, under the int/str digit limit.
fn big_int(text: &str) -> PyResult<num_bigint::BigInt> {
    crate::format::parse_int(text, 10).map_err(crate::ops::fmt_err)
}
