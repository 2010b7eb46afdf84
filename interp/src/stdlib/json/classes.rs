//! `json.JSONEncoder` and `json.JSONDecoder`: Python classes whose
//! methods are Rust ([`NativeMethod`]), so that a program can derive
//! from them (`default`, `iterencode`, `__init__` or `raw_decode`
//! overridden, `super()` reaching these) and pass them as `cls=`.
//!
//! As in CPython, the settings are instance attributes that `__init__`
//! sets and each run reads again: `encode` calls `self.iterencode` and
//! `decode` calls `self.raw_decode`, so an override of either is used.
//! Differences: `iterencode` makes all its pieces before returning an
//! iterator over them (CPython's is a generator, so an error surfaces on
//! iteration rather than on the call); the decoder reads its hooks from
//! the instance at each `raw_decode` (CPython's scanner copies them once,
//! in `__init__`), and has no `parse_object`, `parse_array`,
//! `parse_string`, `memo` or `scan_once` attributes.

use super::encode::{self, Encoder, Sink};
use super::{Scanner, configure, flag, kw_key, scan_at, some_value, unpack2};
use crate::object::types;
use crate::object::{Args, DictObj, NativeFn, PyErr, PyResult, TupleObj, Value};
use crate::ops;
use crate::stdlib::{NativeMethod, Sig, Style, parse};
use crate::vm::Vm;
use abi::ObjRef;

/// A class of the module: `methods` are `(name, qualname, function)`,
/// `attrs` plain class attributes.
pub(super) fn make_class(
    name: &str,
    base: &'static abi::StaticType,
    module: &str,
    methods: &[(&str, &'static str, NativeFn)],
    attrs: &[(&str, Value)],
) -> PyResult<ObjRef> {
    let ns = DictObj::new_obj();
    if let Some(d) = ns.downcast::<DictObj>() {
        d.set_str("__module__", Value::str(module));
        for (n, q, f) in methods {
            d.set_str(n, NativeMethod::new_value(q, *f));
        }
        for (n, v) in attrs {
            d.set_str(n, v.clone());
        }
    }
    crate::classes::new_class(name, vec![ObjRef::from_static(base)], ns)
}

/// `JSONEncoder` and `JSONDecoder`.
pub(super) fn classes() -> PyResult<(ObjRef, ObjRef)> {
    let encoder = make_class(
        "JSONEncoder",
        &types::OBJECT,
        "json.encoder",
        &[
            ("__init__", "JSONEncoder.__init__", enc_init),
            ("default", "JSONEncoder.default", enc_default),
            ("encode", "JSONEncoder.encode", enc_encode),
            ("iterencode", "JSONEncoder.iterencode", enc_iterencode),
        ],
        &[
            ("item_separator", Value::str(", ")),
            ("key_separator", Value::str(": ")),
        ],
    )?;
    let decoder = make_class(
        "JSONDecoder",
        &types::OBJECT,
        "json.decoder",
        &[
            ("__init__", "JSONDecoder.__init__", dec_init),
            ("decode", "JSONDecoder.decode", dec_decode),
            ("raw_decode", "JSONDecoder.raw_decode", dec_raw_decode),
        ],
        &[],
    )?;
    Ok((encoder, decoder))
}

fn sig(
    name: &'static str,
    params: &'static [&'static str],
    required: usize,
    kwonly: &'static [&'static str],
) -> Sig {
    Sig {
        name,
        params,
        posonly: 0,
        required,
        kwonly,
        style: Style::Py,
    }
}

fn this<'a>(p: &[Option<&'a Value>]) -> &'a Value {
    p.first().copied().flatten().unwrap_or(&Value::None)
}

// ----- JSONEncoder --------------------------------------------------------------------

/// `JSONEncoder.__init__(self, *, skipkeys=False, ensure_ascii=True,
/// check_circular=True, allow_nan=True, sort_keys=False, indent=None,
/// separators=None, default=None)`.
fn enc_init(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    const OPTIONS: &[&str] = &[
        "skipkeys",
        "ensure_ascii",
        "check_circular",
        "allow_nan",
        "sort_keys",
        "indent",
        "separators",
        "default",
    ];
    let p = parse(&args, &sig("JSONEncoder.__init__", &["self"], 1, OPTIONS))?;
    let me = this(&p);
    let defaults = [
        Value::Bool(false),
        Value::Bool(true),
        Value::Bool(true),
        Value::Bool(true),
        Value::Bool(false),
        Value::None,
    ];
    for (i, (name, d)) in OPTIONS.iter().zip(defaults).enumerate() {
        let v = p.get(i + 1).copied().flatten().cloned().unwrap_or(d);
        vm.setattr(me, name, v)?;
    }
    let indent = some_value(p.get(6).copied().flatten());
    match some_value(p.get(7).copied().flatten()) {
        Some(seps) => {
            let (item, key) = unpack2(vm, &seps)?;
            vm.setattr(me, "item_separator", item)?;
            vm.setattr(me, "key_separator", key)?;
        }
        None if indent.is_some() => vm.setattr(me, "item_separator", Value::str(","))?,
        None => {}
    }
    if let Some(default) = some_value(p.get(8).copied().flatten()) {
        vm.setattr(me, "default", default)?;
    }
    Ok(Value::None)
}

/// `JSONEncoder.default(self, o)`: the `TypeError` for what the encoder
/// does not know.
fn enc_default(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(&args, &sig("JSONEncoder.default", &["self", "o"], 2, &[]))?;
    let o = p.get(1).copied().flatten().unwrap_or(&Value::None);
    Err(PyErr::type_error(format!(
        "Object of type {} is not JSON serializable",
        encode::class_name(o)
    )))
}

/// Whether `v` is (bound to) the native method `f`.
fn is_native(v: &Value, f: NativeFn) -> bool {
    NativeMethod::func_of(v).is_some_and(|g| std::ptr::fn_addr_eq(g, f))
}

/// The encoder `self`'s attributes describe (`iterencode`'s set-up).
fn encoder_of(vm: &mut Vm, me: &Value, one_shot: bool) -> PyResult<Encoder> {
    let mut e = Encoder::new();
    let get = |vm: &mut Vm, name: &str| vm.getattr(me, name);
    let v = get(vm, "check_circular")?;
    e.check_circular = flag(vm, Some(&v), true)?;
    let v = get(vm, "ensure_ascii")?;
    e.ensure_ascii = flag(vm, Some(&v), true)?;
    let v = get(vm, "allow_nan")?;
    e.allow_nan = flag(vm, Some(&v), true)?;
    let default = get(vm, "default")?;
    e.default = (!is_native(&default, enc_default)).then_some(default);
    let indent = get(vm, "indent")?;
    let key = get(vm, "key_separator")?;
    let item = get(vm, "item_separator")?;
    let v = get(vm, "sort_keys")?;
    e.sort_keys = flag(vm, Some(&v), false)?;
    let v = get(vm, "skipkeys")?;
    e.skipkeys = flag(vm, Some(&v), false)?;
    for (n, v) in [(5, &key), (6, &item)] {
        if v.as_str().is_none() {
            return Err(PyErr::type_error(format!(
                "make_encoder() argument {n} must be str, not {}",
                v.type_name()
            )));
        }
    }
    e.key_separator = key.as_str().unwrap_or_default().to_owned();
    e.item_separator = item.as_str().unwrap_or_default().to_owned();
    e.python = !(one_shot && matches!(indent, Value::None));
    if !matches!(indent, Value::None) {
        e.indent = Some(encode::indent_text(vm, &indent)?);
    }
    Ok(e)
}

/// `JSONEncoder.encode(self, o)`: a str at once, else the pieces of
/// `self.iterencode(o, _one_shot=True)` joined.
fn enc_encode(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(&args, &sig("JSONEncoder.encode", &["self", "o"], 2, &[]))?;
    let me = this(&p);
    let o = p.get(1).copied().flatten().unwrap_or(&Value::None);
    if let Some(s) = o.as_str() {
        let ascii = vm.getattr(me, "ensure_ascii")?;
        let ascii = ops::truthy(vm, &ascii)?;
        let mut out = String::new();
        encode::quote_into(&mut out, s, ascii);
        return Ok(Value::string(out));
    }
    let iterencode = vm.getattr(me, "iterencode")?;
    if is_native(&iterencode, enc_iterencode) {
        let mut e = encoder_of(vm, me, true)?;
        e.run(vm, o)?;
        return Ok(Value::string(std::mem::take(&mut e.out)));
    }
    let chunks = vm.call_with(
        &iterencode,
        Args {
            pos: std::slice::from_ref(o),
            kw: &[(kw_key("_one_shot"), Value::Bool(true))],
        },
    )?;
    let mut out = String::new();
    for (i, c) in ops::collect(vm, &chunks)?.iter().enumerate() {
        match c.as_str() {
            Some(s) => out.push_str(s),
            None => {
                return Err(PyErr::type_error(format!(
                    "sequence item {i}: expected str instance, {} found",
                    c.type_name()
                )));
            }
        }
    }
    Ok(Value::string(out))
}

/// `JSONEncoder.iterencode(self, o, _one_shot=False)`: an iterator over
/// the pieces.
fn enc_iterencode(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &sig(
            "JSONEncoder.iterencode",
            &["self", "o", "_one_shot"],
            2,
            &[],
        ),
    )?;
    let me = this(&p);
    let o = p.get(1).copied().flatten().unwrap_or(&Value::None);
    let one_shot = flag(vm, p.get(2).copied().flatten(), false)?;
    let mut e = encoder_of(vm, me, one_shot)?;
    let pieces = if e.python {
        e.sink = Sink::Pieces(Vec::new());
        e.run(vm, o)?;
        match std::mem::replace(&mut e.sink, Sink::Buffer) {
            Sink::Pieces(p) => p,
            _ => Vec::new(),
        }
    } else {
        e.run(vm, o)?;
        vec![Value::string(std::mem::take(&mut e.out))]
    };
    ops::get_iter(vm, &Value::list(pieces))
}

// ----- JSONDecoder --------------------------------------------------------------------

/// `JSONDecoder.__init__(self, *, object_hook=None, parse_float=None,
/// parse_int=None, parse_constant=None, strict=True,
/// object_pairs_hook=None)`.
fn dec_init(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    const OPTIONS: &[&str] = &[
        "object_hook",
        "parse_float",
        "parse_int",
        "parse_constant",
        "strict",
        "object_pairs_hook",
    ];
    let p = parse(&args, &sig("JSONDecoder.__init__", &["self"], 1, OPTIONS))?;
    let me = this(&p);
    let get = |i: usize| p.get(i + 1).copied().flatten();
    vm.setattr(me, "object_hook", get(0).cloned().unwrap_or(Value::None))?;
    for (i, name, ty) in [
        (1, "parse_float", &types::FLOAT),
        (2, "parse_int", &types::INT),
    ] {
        let v = match get(i) {
            Some(v) if ops::truthy(vm, v)? => v.clone(),
            _ => Value::from_type(ty),
        };
        vm.setattr(me, name, v)?;
    }
    let constant = match get(3) {
        Some(v) if ops::truthy(vm, v)? => v.clone(),
        _ => Value::None,
    };
    vm.setattr(me, "parse_constant", constant)?;
    vm.setattr(me, "strict", get(4).cloned().unwrap_or(Value::Bool(true)))?;
    vm.setattr(
        me,
        "object_pairs_hook",
        get(5).cloned().unwrap_or(Value::None),
    )?;
    Ok(Value::None)
}

/// The document of `decode`/`raw_decode`, which must be a str.
fn doc_text(s: &Value) -> PyResult<&str> {
    if let Some(t) = s.as_str() {
        return Ok(t);
    }
    if s.downcast::<crate::object::BytesObj>().is_some() {
        return Err(PyErr::type_error(
            "cannot use a string pattern on a bytes-like object",
        ));
    }
    Err(PyErr::type_error(format!(
        "expected string or bytes-like object, got '{}'",
        s.type_name()
    )))
}

/// The byte offset of character `idx` of `text` (past the end: one byte
/// per character beyond it).
fn byte_offset(text: &str, idx: usize) -> usize {
    match text.char_indices().nth(idx) {
        Some((b, _)) => b,
        None => text.len() + idx.saturating_sub(text.chars().count()),
    }
}

/// The character index of byte offset `at` of `text`.
fn char_index(text: &str, at: usize) -> usize {
    text.get(..at).map_or(at, |p| p.chars().count())
}

/// `JSONDecoder.raw_decode(self, s, idx=0)`: `(value, end)`.
fn dec_raw_decode(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &sig("JSONDecoder.raw_decode", &["self", "s", "idx"], 2, &[]),
    )?;
    let me = this(&p);
    let s = p.get(1).copied().flatten().unwrap_or(&Value::None);
    let idx = match p.get(2).copied().flatten() {
        Some(v) => crate::stdlib::ssize_arg(vm, v)?,
        None => 0,
    };
    let text = doc_text(s)?;
    if idx < 0 {
        return Err(PyErr::value_error("idx cannot be negative"));
    }
    let mut sc = scanner_of(vm, me, text)?;
    let at = byte_offset(text, idx as usize);
    let (value, end) = scan_at(vm, &mut sc, s, at)?;
    Ok(Value::tuple(vec![
        value,
        Value::Int(char_index(text, end) as i64),
    ]))
}

/// A scanner with the hooks of the decoder `me`.
fn scanner_of<'a>(vm: &mut Vm, me: &Value, text: &'a str) -> PyResult<Scanner<'a>> {
    let mut sc = Scanner::new(text);
    let strict = vm.getattr(me, "strict")?;
    sc.strict = ops::truthy(vm, &strict)?;
    let mut hooks = Vec::with_capacity(5);
    for name in [
        "object_hook",
        "parse_float",
        "parse_int",
        "parse_constant",
        "object_pairs_hook",
    ] {
        hooks.push(vm.getattr(me, name)?);
    }
    configure(
        vm,
        &mut sc,
        [
            hooks.first(),
            hooks.get(1),
            hooks.get(2),
            hooks.get(3),
            hooks.get(4),
        ],
    )?;
    Ok(sc)
}

/// `JSONDecoder.decode(self, s)`: `self.raw_decode` after the leading
/// whitespace, then only whitespace may follow.
fn dec_decode(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &sig("JSONDecoder.decode", &["self", "s", "_w"], 2, &[]),
    )?;
    let me = this(&p);
    let s = p.get(1).copied().flatten().unwrap_or(&Value::None);
    let text = doc_text(s)?;
    let start = Scanner::new(text).skip_ws(0);
    let raw = vm.getattr(me, "raw_decode")?;
    let (value, end) = if is_native(&raw, dec_raw_decode) {
        let mut sc = scanner_of(vm, me, text)?;
        scan_at(vm, &mut sc, s, start)?
    } else {
        let r = vm.call_with(
            &raw,
            Args {
                pos: std::slice::from_ref(s),
                kw: &[(kw_key("idx"), Value::Int(char_index(text, start) as i64))],
            },
        )?;
        let (value, end) = unpack2(vm, &r)?;
        let end = crate::stdlib::ssize_arg(vm, &end)?;
        (value, byte_offset(text, usize::try_from(end).unwrap_or(0)))
    };
    let end = Scanner::new(text).skip_ws(end);
    if end != text.len() {
        return Err(super::error_at(vm, "Extra data", s, text, end));
    }
    Ok(value)
}

/// `JSONDecodeError.__reduce__(self)`: `(type(self), (msg, doc, pos))`.
pub(super) fn error_reduce(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(&args, &sig("JSONDecodeError.__reduce__", &["self"], 1, &[]))?;
    let me = this(&p);
    let mut fields = Vec::with_capacity(3);
    for name in ["msg", "doc", "pos"] {
        fields.push(vm.getattr(me, name)?);
    }
    let cls = vm.getattr(me, "__class__")?;
    Ok(Value::Obj(TupleObj::new_obj(vec![
        cls,
        Value::tuple(fields),
    ])))
}
