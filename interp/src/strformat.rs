//! `str.format` and `str.format_map`, after CPython 3.11's
//! `Objects/stringlib/unicode_format.h`: replacement fields
//! `{name.attr[key]!conv:spec}` with automatic or manual numbering,
//! nested fields in the spec (two levels), the conversions `!r`/`!s`/`!a`,
//! then `format(value, spec)`; the same parse order and error messages.

use crate::object::{PyErr, PyResult, Value};
use crate::ops;
use crate::vm::Vm;

/// Where field values come from: positional arguments (none for
/// `format_map`) and a keyword mapping.
pub struct Source<'a> {
    /// `format`'s positional arguments; `None` for `format_map`.
    pub args: Option<&'a [Value]>,
    /// Keyword arguments (a dict for `format`, any mapping for
    /// `format_map`); `None` when there are none.
    pub kwargs: Option<&'a Value>,
}

/// Automatic field numbering's state.
#[derive(PartialEq, Eq, Clone, Copy)]
enum Numbering {
    Unknown,
    Auto,
    Manual,
}

struct Formatter<'a, 'v> {
    vm: &'v mut Vm,
    src: &'v Source<'a>,
    numbering: Numbering,
    next_auto: usize,
}

/// `fmt.format(*args, **kwargs)` / `fmt.format_map(mapping)`.
pub fn format(vm: &mut Vm, fmt: &str, src: &Source<'_>) -> PyResult<String> {
    let mut f = Formatter {
        vm,
        src,
        numbering: Numbering::Unknown,
        next_auto: 0,
    };
    let chars: Vec<char> = fmt.chars().collect();
    f.build(&chars, 2)
}

impl Formatter<'_, '_> {
    /// Renders `s`; `depth` is how many more levels of nested fields a
    /// spec may hold.
    fn build(&mut self, s: &[char], depth: u32) -> PyResult<String> {
        if depth == 0 {
            return Err(PyErr::value_error("Max string recursion exceeded"));
        }
        let mut out = String::with_capacity(s.len());
        let mut i = 0;
        while i < s.len() {
            let c = s[i];
            i += 1;
            match c {
                '{' if s.get(i) == Some(&'{') => {
                    out.push('{');
                    i += 1;
                }
                '}' if s.get(i) == Some(&'}') => {
                    out.push('}');
                    i += 1;
                }
                '}' => {
                    return Err(PyErr::value_error(
                        "Single '}' encountered in format string",
                    ));
                }
                '{' => {
                    if i >= s.len() {
                        return Err(PyErr::value_error(
                            "Single '{' encountered in format string",
                        ));
                    }
                    // The field runs to the matching '}' (specs nest).
                    let start = i;
                    let mut count = 1;
                    let mut end = None;
                    while i < s.len() {
                        match s[i] {
                            '{' => count += 1,
                            '}' => {
                                count -= 1;
                                if count == 0 {
                                    end = Some(i);
                                    i += 1;
                                    break;
                                }
                            }
                            _ => {}
                        }
                        i += 1;
                    }
                    let Some(end) = end else {
                        return Err(PyErr::value_error("expected '}' before end of string"));
                    };
                    // With its closing brace, as CPython's parser sees it.
                    let text = self.field(&s[start..=end], depth)?;
                    out.push_str(&text);
                }
                _ => out.push(c),
            }
        }
        Ok(out)
    }

    /// One replacement field (`s` ends with its closing '}').
    fn field(&mut self, s: &[char], depth: u32) -> PyResult<String> {
        // The field name ends at the first ':' or '!' outside brackets.
        let mut i = 0;
        let mut stop = None;
        while i < s.len() {
            let c = s[i];
            i += 1;
            match c {
                '{' => return Err(PyErr::value_error("unexpected '{' in field name")),
                '[' => {
                    while i < s.len() && s[i] != ']' {
                        i += 1;
                    }
                }
                '}' | ':' | '!' => {
                    stop = Some(c);
                    break;
                }
                _ => {}
            }
        }
        let name_end = i - 1;
        let mut conversion = None;
        let mut spec: &[char] = &[];
        match stop {
            Some(c @ ('!' | ':')) => {
                let mut j = i;
                let mut done = false;
                if c == '!' {
                    let Some(&conv) = s.get(j) else {
                        return Err(PyErr::value_error(
                            "end of string while looking for conversion specifier",
                        ));
                    };
                    conversion = Some(conv);
                    j += 1;
                    if j < s.len() {
                        let next = s[j];
                        j += 1;
                        if next == '}' {
                            done = true;
                        } else if next != ':' {
                            return Err(PyErr::value_error(
                                "expected ':' after conversion specifier",
                            ));
                        }
                    }
                }
                if !done {
                    let spec_start = j;
                    let mut count = 1;
                    let mut spec_end = None;
                    while j < s.len() {
                        match s[j] {
                            '{' => count += 1,
                            '}' => {
                                count -= 1;
                                if count == 0 {
                                    spec_end = Some(j);
                                    break;
                                }
                            }
                            _ => {}
                        }
                        j += 1;
                    }
                    let Some(spec_end) = spec_end else {
                        return Err(PyErr::value_error("unmatched '{' in format spec"));
                    };
                    spec = &s[spec_start..spec_end];
                }
            }
            Some(_) => {}
            None => return Err(PyErr::value_error("expected '}' before end of string")),
        }
        let value = self.lookup(&s[..name_end])?;
        let value = match conversion {
            None => value,
            Some('r') => Value::string(ops::repr(self.vm, &value)?),
            Some('s') => ops::to_str_value(self.vm, &value)?,
            Some('a') => Value::string(crate::percent::ascii_escape(&ops::repr(self.vm, &value)?)),
            Some(c) => {
                return Err(PyErr::value_error(if (' '..='~').contains(&c) {
                    format!("Unknown conversion specifier {c}")
                } else {
                    format!("Unknown conversion specifier \\x{:x}", c as u32)
                }));
            }
        };
        let spec = if spec.contains(&'{') {
            self.build(spec, depth - 1)?
        } else {
            spec.iter().collect()
        };
        ops::format_value(self.vm, &value, &spec)
    }

    /// The value a field name designates: the argument, then each
    /// `.attr` and `[key]`.
    fn lookup(&mut self, name: &[char]) -> PyResult<Value> {
        let first_end = name
            .iter()
            .position(|c| *c == '.' || *c == '[')
            .unwrap_or(name.len());
        let first: String = name[..first_end].iter().collect();
        let mut obj = if first.is_empty() {
            if self.numbering == Numbering::Manual {
                return Err(PyErr::value_error(
                    "cannot switch from manual field specification to automatic field numbering",
                ));
            }
            self.numbering = Numbering::Auto;
            let i = self.next_auto;
            self.next_auto += 1;
            self.positional(i)?
        } else if let Some(i) = integer(&first)? {
            if self.numbering == Numbering::Auto {
                return Err(PyErr::value_error(
                    "cannot switch from automatic field numbering to manual field specification",
                ));
            }
            self.numbering = Numbering::Manual;
            self.positional(i)?
        } else {
            let key = Value::string(first);
            match self.src.kwargs {
                Some(m) => ops::getitem(self.vm, m, &key)?,
                None => return Err(PyErr::key_error(key)),
            }
        };
        let mut i = first_end;
        while i < name.len() {
            let c = name[i];
            i += 1;
            if c == '.' {
                let end = name[i..]
                    .iter()
                    .position(|c| *c == '.' || *c == '[')
                    .map_or(name.len(), |p| i + p);
                if end == i {
                    return Err(PyErr::value_error("Empty attribute in format string"));
                }
                let attr: String = name[i..end].iter().collect();
                obj = self.vm.getattr(&obj, &attr)?;
                i = end;
            } else {
                let Some(close) = name[i..].iter().position(|c| *c == ']').map(|p| i + p) else {
                    return Err(PyErr::value_error("Missing ']' in format string"));
                };
                if close == i {
                    return Err(PyErr::value_error("Empty attribute in format string"));
                }
                let text: String = name[i..close].iter().collect();
                let key = match integer(&text)? {
                    Some(n) => Value::Int(n as i64),
                    None => Value::string(text),
                };
                obj = ops::getitem(self.vm, &obj, &key)?;
                i = close + 1;
                if i < name.len() && name[i] != '.' && name[i] != '[' {
                    return Err(PyErr::value_error(
                        "Only '.' or '[' may follow ']' in format field specifier",
                    ));
                }
            }
        }
        Ok(obj)
    }

    fn positional(&self, i: usize) -> PyResult<Value> {
        let Some(args) = self.src.args else {
            return Err(PyErr::value_error(
                "Format string contains positional fields",
            ));
        };
        args.get(i).cloned().ok_or_else(|| {
            PyErr::index_error(format!(
                "Replacement index {i} out of range for positional args tuple"
            ))
        })
    }
}

/// A field name or key made of decimal digits only, as an index.
fn integer(s: &str) -> PyResult<Option<usize>> {
    if s.is_empty() || !s.chars().all(|c| c.is_ascii_digit()) {
        return Ok(None);
    }
    s.parse::<usize>()
        .ok()
        .filter(|n| *n <= isize::MAX as usize)
        .map(Some)
        .ok_or_else(|| PyErr::value_error("Too many decimal digits in format string"))
}
