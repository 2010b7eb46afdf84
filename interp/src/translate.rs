//! `maketrans` and `translate` of `str`, `bytes` and `bytearray`, after
//! CPython 3.11's `unicode_maketrans_impl`, `PyUnicode_Translate`
//! (`charmaptranslate_lookup`), `bytes_maketrans` and `bytes_translate`.
//!
//! A `str` table is anything subscriptable by code points: a lookup that
//! raises `LookupError` (so `KeyError` and `IndexError` too) leaves the
//! character as it is; the result may be a code point, a str or None
//! (delete). A `bytes` table is 256 bytes, or None for no mapping.

use crate::bytes::{Flavor, need_buffer};
use crate::object::types::{self, Kind};
use crate::object::{Args, DictKey, DictObj, PyErr, PyResult, Value};
use crate::ops;
use crate::vm::Vm;

// ----- str ----------------------------------------------------------------------

/// `str.maketrans(x, y=None, z=None)`, a static method (`pos` holds only
/// its arguments).
pub fn str_maketrans(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(
            "str.maketrans() takes no keyword arguments",
        ));
    }
    crate::stdlib::positional(&args, "maketrans", 1, 3)?;
    let text = |i: usize| -> PyResult<Option<&str>> {
        match args.pos.get(i) {
            None => Ok(None),
            Some(v) => v.as_str().map(Some).ok_or_else(|| {
                PyErr::type_error(format!(
                    "maketrans() argument {} must be str, not {}",
                    i + 1,
                    v.type_name()
                ))
            }),
        }
    };
    let y = text(1)?;
    let z = text(2)?;
    let out = DictObj::new_obj();
    let Some(d) = out.downcast::<DictObj>() else {
        return Err(PyErr::new(&types::SYSTEM_ERROR, "dict expected"));
    };
    let x = &args.pos[0];
    let Some(y) = y else {
        let Some(src) = x.downcast::<DictObj>() else {
            return Err(PyErr::type_error(
                "if you give only one argument to maketrans it must be a dict",
            ));
        };
        for (k, v) in src.items() {
            let key = if let Some(s) = k.as_str() {
                let mut cs = s.chars();
                match (cs.next(), cs.next()) {
                    (Some(c), None) => Value::Int(c as i64),
                    _ => {
                        return Err(PyErr::value_error(
                            "string keys in translate table must be of length 1",
                        ));
                    }
                }
            } else if k.is_int() {
                k
            } else {
                return Err(PyErr::type_error(
                    "keys in translate table must be strings or integers",
                ));
            };
            let key = DictKey::with_vm(vm, key)?;
            d.insert_vm(vm, key, v)?;
        }
        return Ok(Value::Obj(out));
    };
    let Some(x) = x.as_str() else {
        return Err(PyErr::type_error(
            "first maketrans argument must be a string if there is a second argument",
        ));
    };
    if x.chars().count() != y.chars().count() {
        return Err(PyErr::value_error(
            "the first two maketrans arguments must have equal length",
        ));
    }
    for (a, b) in x.chars().zip(y.chars()) {
        let key = DictKey::with_vm(vm, Value::Int(a as i64))?;
        d.insert_vm(vm, key, Value::Int(b as i64))?;
    }
    for c in z.unwrap_or("").chars() {
        let key = DictKey::with_vm(vm, Value::Int(c as i64))?;
        d.insert_vm(vm, key, Value::None)?;
    }
    Ok(Value::Obj(out))
}

/// `s.maketrans(...)` reached through an instance (`pos[0]` is `s`).
pub fn str_maketrans_bound(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let pos = args.pos.get(1..).unwrap_or(&[]);
    str_maketrans(vm, Args { pos, kw: args.kw })
}

/// What one character becomes.
enum Mapped {
    Keep,
    Delete,
    Char(char),
    Text(Value),
}

/// `table[c]` for `str.translate`.
fn lookup(vm: &mut Vm, table: &Value, c: char) -> PyResult<Mapped> {
    let key = Value::Int(c as i64);
    let r = match table.downcast::<DictObj>() {
        Some(d) if table.is_type_exact(&types::DICT) => {
            let key = DictKey::with_vm(vm, key)?;
            match d.get_vm(vm, &key)? {
                Some(v) => v,
                None => return Ok(Mapped::Keep),
            }
        }
        _ => match ops::getitem(vm, table, &key) {
            Ok(v) => v,
            Err(e) if e.matches(types::LOOKUP_ERROR.get()) => return Ok(Mapped::Keep),
            Err(e) => return Err(e),
        },
    };
    match &r {
        Value::None => Ok(Mapped::Delete),
        _ if r.is_int() => {
            let out_of_range =
                || PyErr::value_error("character mapping must be in range(0x110000)");
            let i = match r {
                Value::Int(i) => i,
                Value::Bool(b) => b as i64,
                _ => return Err(out_of_range()),
            };
            let cp = u32::try_from(i)
                .ok()
                .filter(|&c| c < 0x110000)
                .ok_or_else(out_of_range)?;
            char::from_u32(cp).map(Mapped::Char).ok_or_else(|| {
                PyErr::new(
                    &types::NOT_IMPLEMENTED_ERROR,
                    "surrogate code points are not supported by typhon",
                )
            })
        }
        _ if r.kind() == Kind::STR => Ok(Mapped::Text(r)),
        _ => Err(PyErr::type_error(
            "character mapping must return integer, None or str",
        )),
    }
}

/// `str.translate(table)`.
pub fn str_translate(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(
            "str.translate() takes no keyword arguments",
        ));
    }
    let (Some(s), [table]) = (args.pos.first(), args.pos.get(1..).unwrap_or(&[])) else {
        return Err(PyErr::type_error(format!(
            "str.translate() takes exactly one argument ({} given)",
            args.pos.len().saturating_sub(1)
        )));
    };
    let text = s
        .as_str()
        .ok_or_else(|| PyErr::type_error("descriptor requires a 'str' object"))?
        .to_owned();
    let mut out = String::with_capacity(text.len());
    // As CPython's cache for ASCII input, each distinct character of an
    // ASCII text is looked up once; other texts look up every character.
    let cache = text.is_ascii();
    let mut seen: std::collections::HashMap<char, Option<String>> =
        std::collections::HashMap::new();
    for c in text.chars() {
        if let Some(m) = seen.get(&c) {
            if let Some(t) = m {
                out.push_str(t);
            }
            continue;
        }
        let m = match lookup(vm, table, c)? {
            Mapped::Keep => Some(c.to_string()),
            Mapped::Delete => None,
            Mapped::Char(x) => Some(x.to_string()),
            Mapped::Text(v) => Some(v.as_str().unwrap_or("").to_owned()),
        };
        if let Some(t) = &m {
            if out.len().saturating_add(t.len()) > ops::memory_ceiling() {
                return Err(PyErr::no_memory());
            }
            out.push_str(t);
        }
        if cache {
            seen.insert(c, m);
        }
    }
    if out == text {
        return Ok(s.clone());
    }
    Ok(Value::string(out))
}

// ----- bytes and bytearray ------------------------------------------------------

/// `bytes.maketrans(frm, to)`, a static method: `pos[0]` is the type or
/// instance it was reached through (for the messages), then the
/// arguments.
pub fn bytes_maketrans_bound(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let owner = match args.pos.first() {
        Some(v) if v.kind() == Kind::BYTEARRAY => "bytearray",
        Some(Value::Obj(o)) if o.as_type().is_some_and(|t| t.kind() == Kind::BYTEARRAY) => {
            "bytearray"
        }
        _ => "bytes",
    };
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "{owner}.maketrans() takes no keyword arguments"
        )));
    }
    let rest = args.pos.get(1..).unwrap_or(&[]);
    crate::stdlib::positional(&Args::positional(rest), "maketrans", 2, 2)?;
    let frm = need_buffer(&rest[0])?.to_vec();
    let to = need_buffer(&rest[1])?.to_vec();
    if frm.len() != to.len() {
        return Err(PyErr::value_error(
            "maketrans arguments must have same length",
        ));
    }
    let mut table: Vec<u8> = (0..=255).collect();
    for (&a, &b) in frm.iter().zip(&to) {
        table[a as usize] = b;
    }
    Ok(Flavor::Bytes.make(table))
}

/// `bytes.translate(table, /, delete=b'')` and bytearray's.
pub fn bytes_translate(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (v, fl) = crate::bytes::methods::recv(&args)?;
    let rest = args.pos.get(1..).unwrap_or(&[]);
    let total = rest.len() + args.kw.len();
    if total > 2 {
        return Err(PyErr::type_error(format!(
            "translate() takes at most 2 arguments ({total} given)"
        )));
    }
    if rest.is_empty() {
        return Err(PyErr::type_error(
            "translate() takes at least 1 positional argument (0 given)",
        ));
    }
    let mut delete = rest.get(1);
    for (k, val) in args.kw {
        let name = k
            .downcast::<crate::object::StrObj>()
            .map_or("?", |s| s.as_str());
        if name != "delete" {
            return Err(PyErr::type_error(format!(
                "'{name}' is an invalid keyword argument for translate()"
            )));
        }
        if delete.is_some() {
            return Err(PyErr::type_error(
                "argument for translate() given by name ('delete') and position (2)",
            ));
        }
        delete = Some(val);
    }
    let table: Option<Vec<u8>> = match &rest[0] {
        Value::None => None,
        t => {
            let t = need_buffer(t)?.to_vec();
            if t.len() != 256 {
                return Err(PyErr::value_error(
                    "translation table must be 256 characters long",
                ));
            }
            Some(t)
        }
    };
    let delete = match delete {
        Some(d) => need_buffer(d)?.to_vec(),
        None => Vec::new(),
    };
    let mut gone = [false; 256];
    for &c in &delete {
        gone[c as usize] = true;
    }
    let b = need_buffer(v)?;
    let out: Vec<u8> = b
        .iter()
        .filter(|&&c| !gone[c as usize])
        .map(|&c| {
            table
                .as_ref()
                .and_then(|t| t.get(c as usize).copied())
                .unwrap_or(c)
        })
        .collect();
    if fl == Flavor::Bytes && out[..] == b[..] && v.is_type_exact(&types::BYTES) {
        return Ok(v.clone());
    }
    drop(b);
    Ok(fl.make(out))
}
