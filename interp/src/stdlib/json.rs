//! `json`: `dumps`, `dump`, `loads`, `load` and `JSONDecodeError`, with
//! CPython 3.11's output and messages.
//!
//! `dumps` takes CPython's two roads: without `indent` its C encoder,
//! with one the Python `_make_iterencode`; `dump` always the Python one,
//! writing each piece it yields to the file at once (`encode.rs`).
//! `loads` is CPython's C scanner (`decode.rs`), whatever the hooks.
//! `JSONDecodeError` is a class of the module (`json.decoder` is its
//! `__module__`, as in CPython), a subclass of `ValueError` with `msg`,
//! `doc`, `pos`, `lineno` and `colno`.
//!
//! `cls=` is honoured by calling it as CPython does (`cls(**options)`
//! then `.encode(obj)`, `.iterencode(obj)` or `.decode(s)`), but there is
//! no `JSONEncoder`/`JSONDecoder` to derive from. Differences: a
//! separator that is not a str is refused with the C encoder's message
//! also when `indent` is given (CPython's Python encoder fails later, on
//! the first concatenation); a JSON string with a lone surrogate escape
//! (`"\ud800"`) raises `ValueError`, as Typhon's strings cannot hold one;
//! `bytes` input in UTF-16 or UTF-32 is decoded strictly, with a plainer
//! error message than CPython's codecs.

mod classes;
mod decode;
mod encode;

use super::{Sig, Style, parse};
use crate::object::types::{self, Kind};
use crate::object::{
    Args, Builtin, BytesObj, DictObj, ExcObj, ModuleObj, PyErr, PyResult, StrObj, Value,
};
use crate::ops;
use crate::vm::Vm;
use abi::ObjRef;
use decode::{Fail, Scanner};
use encode::Encoder;

/// Fills the `json` module.
pub fn fill(d: &DictObj) -> PyResult<()> {
    for (name, f) in [
        ("dumps", dumps as crate::object::NativeFn),
        ("dump", dump),
        ("loads", loads),
        ("load", load),
    ] {
        d.set_str(name, Value::Obj(Builtin::new_obj(name, f, None)));
    }
    let cls = classes::make_class(
        "JSONDecodeError",
        &types::VALUE_ERROR,
        "json.decoder",
        &[
            ("__init__", "JSONDecodeError.__init__", decode_error_init),
            (
                "__reduce__",
                "JSONDecodeError.__reduce__",
                classes::error_reduce,
            ),
        ],
        &[(
            "__doc__",
            Value::str(
                "Subclass of ValueError with the following additional properties:\n\n\
                 msg: The unformatted error message\n\
                 doc: The JSON document being parsed\n\
                 pos: The start index of doc where parsing failed\n\
                 lineno: The line corresponding to pos\n\
                 colno: The column corresponding to pos\n\n",
            ),
        )],
    )?;
    d.set_str("JSONDecodeError", Value::Obj(cls));
    let (encoder, decoder) = classes::classes()?;
    d.set_str("JSONEncoder", Value::Obj(encoder));
    d.set_str("JSONDecoder", Value::Obj(decoder));
    Ok(())
}

// ----- JSONDecodeError ----------------------------------------------------------------

/// A `JSONDecodeError(msg, doc, pos)` with its line and column, or a
/// plain `ValueError` if the class cannot be found (the module gone).
fn new_decode_error(
    vm: &mut Vm,
    msg: &str,
    doc: &Value,
    pos: usize,
    lineno: usize,
    colno: i64,
) -> PyErr {
    let errmsg = format!("{msg}: line {lineno} column {colno} (char {pos})");
    let cls = vm
        .imported("json")
        .and_then(|m| m.downcast::<ModuleObj>().map(|m| m.dict.clone()))
        .and_then(|d| d.downcast::<DictObj>()?.get_str("JSONDecodeError"));
    let made = cls
        .as_ref()
        .and_then(|c| c.as_obj())
        .filter(|c| c.as_type().is_some_and(|t| t.kind() == Kind::EXC))
        .and_then(|c| ExcObj::new_of_type(c, vec![Value::string(errmsg.clone())]));
    let Some(e) = made else {
        return PyErr::value_error(errmsg);
    };
    set_fields(
        vm,
        &e,
        [
            Value::str(msg),
            doc.clone(),
            Value::Int(pos as i64),
            Value::Int(lineno as i64),
            Value::Int(colno),
        ],
    );
    PyErr(e)
}

/// Sets `msg`, `doc`, `pos`, `lineno` and `colno` on a new error.
fn set_fields(vm: &mut Vm, e: &ObjRef, values: [Value; 5]) {
    let me = Value::Obj(e.clone());
    for (name, v) in ["msg", "doc", "pos", "lineno", "colno"]
        .into_iter()
        .zip(values)
    {
        // Setting an attribute of a fresh exception only fills its dict.
        let _ = vm.setattr(&me, name, v);
    }
}

/// The error for byte offset `at` of `text` (the document `doc`); an
/// offset past the end counts one character per byte beyond it.
fn error_at(vm: &mut Vm, msg: &str, doc: &Value, text: &str, at: usize) -> PyErr {
    let prefix = text.get(..at).unwrap_or(text);
    let beyond = at.saturating_sub(text.len());
    let pos = prefix.chars().count() + beyond;
    let lineno = prefix.bytes().filter(|&b| b == b'\n').count() + 1;
    let colno = match prefix.rfind('\n') {
        Some(nl) => prefix.get(nl + 1..).map_or(0, |t| t.chars().count()) + 1 + beyond,
        None => pos + 1,
    };
    new_decode_error(vm, msg, doc, pos, lineno, colno as i64)
}

/// `JSONDecodeError.__init__(self, msg, doc, pos)`.
fn decode_error_init(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &Sig {
            name: "JSONDecodeError.__init__",
            params: &["self", "msg", "doc", "pos"],
            posonly: 0,
            required: 4,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let [Some(me), Some(msg), Some(doc), Some(pos)] = [p[0], p[1], p[2], p[3]] else {
        return Err(PyErr::type_error(
            "JSONDecodeError.__init__() needs 4 arguments",
        ));
    };
    let Some(text) = doc.as_str() else {
        return Err(PyErr::attribute_error(format!(
            "'{}' object has no attribute 'count'",
            doc.type_name()
        )));
    };
    if !pos.is_int() && crate::dunder::special(pos, "__index__").is_none() {
        return Err(PyErr::type_error(
            "slice indices must be integers or None or have an __index__ method",
        ));
    }
    let at = super::ssize_arg(vm, pos)?;
    // `doc.count('\n', 0, pos)` and `doc.rfind('\n', 0, pos)`: `pos` as a
    // slice bound.
    let chars: Vec<char> = text.chars().collect();
    let n = chars.len() as i64;
    let end = if at < 0 { (n + at).max(0) } else { at.min(n) } as usize;
    let head = chars.get(..end).unwrap_or(&[]);
    let lineno = head.iter().filter(|&&c| c == '\n').count() + 1;
    let last = head
        .iter()
        .rposition(|&c| c == '\n')
        .map_or(-1, |i| i as i64);
    let colno = at - last;
    let msg_text = ops::str_of(vm, msg)?;
    let errmsg = format!("{msg_text}: line {lineno} column {colno} (char {at})");
    let Some(e) = me.as_obj().filter(|o| o.downcast::<ExcObj>().is_some()) else {
        return Err(PyErr::type_error(
            "descriptor '__init__' requires a 'JSONDecodeError' object",
        ));
    };
    if let Some(x) = e.downcast::<ExcObj>() {
        let old = x.args.replace(Value::tuple(vec![Value::string(errmsg)]));
        drop(old);
    }
    set_fields(
        vm,
        e,
        [
            msg.clone(),
            doc.clone(),
            pos.clone(),
            Value::Int(lineno as i64),
            Value::Int(colno),
        ],
    );
    Ok(Value::None)
}

// ----- argument handling --------------------------------------------------------------

/// The keyword-only parameters of `dumps` and `dump`.
const DUMP_OPTIONS: &[&str] = &[
    "skipkeys",
    "ensure_ascii",
    "check_circular",
    "allow_nan",
    "cls",
    "indent",
    "separators",
    "default",
    "sort_keys",
];

/// The keyword-only parameters of `loads` and `load`.
const LOAD_OPTIONS: &[&str] = &[
    "cls",
    "object_hook",
    "parse_float",
    "parse_int",
    "parse_constant",
    "object_pairs_hook",
];

/// A Python function's arguments with `**kw`: `params`, then the
/// keyword-only `options` (each `None` when not given), and the keywords
/// left over.
struct Bound {
    values: Vec<Option<Value>>,
    extra: Vec<(ObjRef, Value)>,
}

impl Bound {
    fn get(&self, i: usize) -> Option<&Value> {
        self.values.get(i).and_then(Option::as_ref)
    }
}

fn bind(
    args: &Args<'_>,
    name: &'static str,
    params: &'static [&'static str],
    options: &'static [&'static str],
) -> PyResult<Bound> {
    let (known, extra): (Vec<_>, Vec<_>) = args.kw.iter().cloned().partition(|(k, _)| {
        let k = k.downcast::<StrObj>().map_or("", |s| s.as_str());
        params.contains(&k) || options.contains(&k)
    });
    let sig = Sig {
        name,
        params,
        posonly: 0,
        required: params.len(),
        kwonly: options,
        style: Style::Py,
    };
    let parsed = parse(
        &Args {
            pos: args.pos,
            kw: &known,
        },
        &sig,
    )?;
    let values = parsed.into_iter().map(|v| v.cloned()).collect();
    Ok(Bound { values, extra })
}

fn kw_key(name: &str) -> ObjRef {
    StrObj::new_obj(name)
}

/// The error of `JSONEncoder(**kw)` or `JSONDecoder(**kw)` for a keyword
/// they do not take.
fn unexpected(class: &str, extra: &[(ObjRef, Value)]) -> PyErr {
    let name = extra
        .first()
        .and_then(|(k, _)| k.downcast::<StrObj>().map(|s| s.as_str().to_owned()))
        .unwrap_or_default();
    PyErr::type_error(format!(
        "{class}.__init__() got an unexpected keyword argument '{name}'"
    ))
}

/// `bool(v)` for an option (absent: `default`).
fn flag(vm: &mut Vm, v: Option<&Value>, default: bool) -> PyResult<bool> {
    match v {
        None => Ok(default),
        Some(v) => ops::truthy(vm, v),
    }
}

fn some_value(v: Option<&Value>) -> Option<Value> {
    v.filter(|v| !matches!(v, Value::None)).cloned()
}

/// `a, b = v`.
fn unpack2(vm: &mut Vm, v: &Value) -> PyResult<(Value, Value)> {
    let it = match ops::get_iter(vm, v) {
        Ok(it) => it,
        Err(e) if e.matches(types::TYPE_ERROR.get()) => {
            return Err(PyErr::type_error(format!(
                "cannot unpack non-iterable {} object",
                v.type_name()
            )));
        }
        Err(e) => return Err(e),
    };
    let mut got = Vec::with_capacity(2);
    while let Some(x) = ops::iter_next(vm, &it)? {
        if got.len() == 2 {
            return Err(PyErr::value_error("too many values to unpack (expected 2)"));
        }
        got.push(x);
    }
    let mut got = got.into_iter();
    match (got.next(), got.next()) {
        (Some(a), Some(b)) => Ok((a, b)),
        (a, _) => Err(PyErr::value_error(format!(
            "not enough values to unpack (expected 2, got {})",
            usize::from(a.is_some())
        ))),
    }
}

// ----- dumps and dump -----------------------------------------------------------------

/// What `dumps`/`dump` do with their options: call a `cls` given, or use
/// the encoder here.
enum Plan {
    /// `cls(**options)`.
    Custom(Value),
    /// The encoder here.
    Native(Box<Native>),
}

/// Reads the options (`values[first..]`, in [`DUMP_OPTIONS`] order).
fn plan_dump(vm: &mut Vm, b: &Bound, first: usize) -> PyResult<Plan> {
    let opt = |i: usize| b.get(first + i);
    if let Some(cls) = some_value(opt(4)) {
        let mut kw: Vec<(ObjRef, Value)> = Vec::new();
        for (i, name) in DUMP_OPTIONS.iter().enumerate() {
            if i == 4 {
                continue;
            }
            let v = opt(i).cloned().unwrap_or(match *name {
                "ensure_ascii" | "check_circular" | "allow_nan" => Value::Bool(true),
                "skipkeys" | "sort_keys" => Value::Bool(false),
                _ => Value::None,
            });
            kw.push((kw_key(name), v));
        }
        kw.extend(b.extra.iter().cloned());
        let made = vm.call_with(&cls, Args { pos: &[], kw: &kw })?;
        return Ok(Plan::Custom(made));
    }
    if !b.extra.is_empty() {
        return Err(unexpected("JSONEncoder", &b.extra));
    }
    let mut e = Encoder::new();
    e.skipkeys = flag(vm, opt(0), false)?;
    e.ensure_ascii = flag(vm, opt(1), true)?;
    e.check_circular = flag(vm, opt(2), true)?;
    e.allow_nan = flag(vm, opt(3), true)?;
    e.sort_keys = flag(vm, opt(8), false)?;
    let indent = some_value(opt(5));
    let separators = match some_value(opt(6)) {
        Some(seps) => Some(unpack2(vm, &seps)?),
        None => None,
    };
    e.default = some_value(opt(7));
    Ok(Plan::Native(Box::new(Native {
        encoder: e,
        indent,
        separators,
    })))
}

/// The encoder of `dumps`/`dump` before `iterencode` checked its indent
/// and separators (a str passed to `dumps` never gets there).
struct Native {
    encoder: Encoder,
    indent: Option<Value>,
    /// `(item_separator, key_separator)`.
    separators: Option<(Value, Value)>,
}

impl Native {
    /// The encoder, with its indent and separators checked.
    fn ready(self, vm: &mut Vm) -> PyResult<Encoder> {
        let mut e = self.encoder;
        match &self.separators {
            Some((item, key)) => {
                for (n, v) in [(5, key), (6, item)] {
                    if v.as_str().is_none() {
                        return Err(PyErr::type_error(format!(
                            "make_encoder() argument {n} must be str, not {}",
                            v.type_name()
                        )));
                    }
                }
                e.item_separator = item.as_str().unwrap_or_default().to_owned();
                e.key_separator = key.as_str().unwrap_or_default().to_owned();
            }
            None if self.indent.is_some() => e.item_separator = ",".into(),
            None => {}
        }
        if let Some(ind) = &self.indent {
            e.python = true;
            e.indent = Some(encode::indent_text(vm, ind)?);
        }
        Ok(e)
    }
}

/// `dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True,
/// allow_nan=True, cls=None, indent=None, separators=None, default=None,
/// sort_keys=False, **kw)`.
fn dumps(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let b = bind(&args, "dumps", &["obj"], DUMP_OPTIONS)?;
    let obj = b.get(0).unwrap_or(&Value::None);
    match plan_dump(vm, &b, 1)? {
        Plan::Custom(enc) => {
            let f = vm.getattr(&enc, "encode")?;
            vm.call(&f, std::slice::from_ref(obj))
        }
        Plan::Native(n) => {
            if let Some(s) = obj.as_str() {
                return Ok(Value::string(n.encoder.string(s)));
            }
            let mut e = n.ready(vm)?;
            e.run(vm, obj)?;
            Ok(Value::string(std::mem::take(&mut e.out)))
        }
    }
}

/// `dump(obj, fp, *, ...)`: the pieces of the Python encoder, each
/// through `fp.write`.
fn dump(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let b = bind(&args, "dump", &["obj", "fp"], DUMP_OPTIONS)?;
    let obj = b.get(0).unwrap_or(&Value::None);
    let fp = b.get(1).unwrap_or(&Value::None);
    match plan_dump(vm, &b, 2)? {
        Plan::Custom(enc) => {
            let f = vm.getattr(&enc, "iterencode")?;
            let chunks = vm.call(&f, std::slice::from_ref(obj))?;
            let it = ops::get_iter(vm, &chunks)?;
            while let Some(chunk) = ops::iter_next(vm, &it)? {
                let write = vm.getattr(fp, "write")?;
                vm.call(&write, &[chunk])?;
            }
        }
        Plan::Native(n) => {
            let mut e = n.ready(vm)?;
            e.python = true;
            e.sink = encode::Sink::File(fp.clone());
            e.run(vm, obj)?;
        }
    }
    Ok(Value::None)
}

// ----- loads and load -----------------------------------------------------------------

/// `loads(s, *, cls=None, object_hook=None, parse_float=None,
/// parse_int=None, parse_constant=None, object_pairs_hook=None, **kw)`.
fn loads(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let b = bind(&args, "loads", &["s"], LOAD_OPTIONS)?;
    let s = b.get(0).unwrap_or(&Value::None);
    load_from(vm, s, &b, 1)
}

/// `load(fp, *, ...)`: `loads(fp.read(), ...)`.
fn load(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let b = bind(&args, "load", &["fp"], LOAD_OPTIONS)?;
    let fp = b.get(0).unwrap_or(&Value::None);
    let read = vm.getattr(fp, "read")?;
    let s = vm.call(&read, &[])?;
    load_from(vm, &s, &b, 1)
}

/// Decodes `s` with the options at `values[first..]` ([`LOAD_OPTIONS`]
/// order).
fn load_from(vm: &mut Vm, s: &Value, b: &Bound, first: usize) -> PyResult<Value> {
    let opt = |i: usize| b.get(first + i);
    let doc = if let Some(text) = s.as_str() {
        if text.starts_with('\u{feff}') {
            return Err(new_decode_error(
                vm,
                "Unexpected UTF-8 BOM (decode using utf-8-sig)",
                s,
                0,
                1,
                1,
            ));
        }
        s.clone()
    } else if let Some(bytes) = s.downcast::<BytesObj>() {
        Value::string(decode_bytes(bytes.as_bytes())?)
    } else if let Some(bytes) = s.downcast::<crate::object::ByteArrayObj>() {
        Value::string(decode_bytes(&bytes.to_vec()?)?)
    } else {
        return Err(PyErr::type_error(format!(
            "the JSON object must be str, bytes or bytearray, not {}",
            encode::class_name(s)
        )));
    };
    if let Some(cls) = some_value(opt(0)) {
        let mut kw: Vec<(ObjRef, Value)> = b.extra.clone();
        for (i, name) in LOAD_OPTIONS.iter().enumerate().skip(1) {
            if let Some(v) = some_value(opt(i)) {
                kw.push((kw_key(name), v));
            }
        }
        let dec = vm.call_with(&cls, Args { pos: &[], kw: &kw })?;
        let f = vm.getattr(&dec, "decode")?;
        return vm.call(&f, &[doc]);
    }
    let mut strict = true;
    for (k, v) in &b.extra {
        match k.downcast::<StrObj>().map(|s| s.as_str()) {
            Some("strict") => strict = ops::truthy(vm, v)?,
            _ => {
                return Err(unexpected(
                    "JSONDecoder",
                    std::slice::from_ref(&(k.clone(), v.clone())),
                ));
            }
        }
    }
    let text = doc.as_str().unwrap_or_default();
    let mut sc = Scanner::new(text);
    sc.strict = strict;
    configure(vm, &mut sc, [opt(1), opt(2), opt(3), opt(4), opt(5)])?;
    decode_document(vm, &mut sc, &doc)
}

/// Sets a scanner's hooks from `object_hook`, `parse_float`,
/// `parse_int`, `parse_constant` and `object_pairs_hook` as
/// `JSONDecoder.__init__` reads them (`parse_float or float`, ...).
fn configure(vm: &mut Vm, sc: &mut Scanner<'_>, hooks: [Option<&Value>; 5]) -> PyResult<()> {
    let [
        object_hook,
        parse_float,
        parse_int,
        parse_constant,
        pairs_hook,
    ] = hooks;
    sc.object_hook = some_value(object_hook);
    sc.parse_float = hook_or_type(vm, parse_float, &types::FLOAT)?;
    sc.parse_int = hook_or_type(vm, parse_int, &types::INT)?;
    sc.parse_constant = match parse_constant {
        Some(v) if ops::truthy(vm, v)? => Some(v.clone()),
        _ => None,
    };
    sc.object_pairs_hook = some_value(pairs_hook);
    Ok(())
}

/// `raw_decode`: the value at byte offset `at` of the document `doc`
/// and the offset after it, or the `JSONDecodeError`.
fn scan_at(vm: &mut Vm, sc: &mut Scanner<'_>, doc: &Value, at: usize) -> PyResult<(Value, usize)> {
    let text = sc.s;
    match sc.scan_once(vm, at) {
        Ok(r) => Ok(r),
        Err(Fail::Stop(at)) => Err(error_at(vm, "Expecting value", doc, text, at)),
        Err(Fail::Syntax(msg, at)) => Err(error_at(vm, msg, doc, text, at)),
        Err(Fail::Raised(e)) => Err(e),
    }
}

/// `JSONDecoder.decode`: one value between optional whitespace.
fn decode_document(vm: &mut Vm, sc: &mut Scanner<'_>, doc: &Value) -> PyResult<Value> {
    let start = sc.skip_ws(0);
    let (value, end) = scan_at(vm, sc, doc, start)?;
    let end = sc.skip_ws(end);
    if end != sc.s.len() {
        return Err(error_at(vm, "Extra data", doc, sc.s, end));
    }
    Ok(value)
}

/// `parse_float or float` (and the same for `parse_int`): `None` when the
/// built-in type itself would be called.
fn hook_or_type(
    vm: &mut Vm,
    v: Option<&Value>,
    ty: &'static abi::StaticType,
) -> PyResult<Option<Value>> {
    match v {
        Some(v) if ops::truthy(vm, v)? => {
            let is_type = v
                .as_obj()
                .and_then(|o| o.as_type())
                .is_some_and(|t| std::ptr::eq(t, ty.get()));
            Ok((!is_type).then(|| v.clone()))
        }
        _ => Ok(None),
    }
}

/// `bytes` as `json.loads` reads them: the encoding told by a BOM or by
/// where the first characters' zero bytes are (`detect_encoding`).
fn decode_bytes(b: &[u8]) -> PyResult<String> {
    let utf = |b: &[u8]| {
        crate::codec::decode(
            b,
            crate::codec::Encoding::Utf8,
            crate::codec::Errors::Strict,
        )
    };
    if let Some(rest) = b.strip_prefix(b"\xef\xbb\xbf") {
        return utf(rest);
    }
    let wide = |b: &[u8], width: usize, big: bool, name: &str| -> PyResult<String> {
        let bad = || {
            PyErr::new(
                &types::UNICODE_DECODE_ERROR,
                format!("'{name}' codec can't decode the input"),
            )
        };
        let units = b.chunks(width).map(|c| {
            let mut v: u32 = 0;
            for i in 0..width {
                let byte = u32::from(
                    c.get(if big { i } else { width - 1 - i })
                        .copied()
                        .unwrap_or(0),
                );
                v = (v << 8) | byte;
            }
            v
        });
        if !b.len().is_multiple_of(width) {
            return Err(bad());
        }
        if width == 2 {
            let u16s: Vec<u16> = units.map(|u| u as u16).collect();
            return char::decode_utf16(u16s)
                .collect::<Result<String, _>>()
                .map_err(|_| bad());
        }
        units.map(|u| char::from_u32(u).ok_or_else(bad)).collect()
    };
    match b {
        [0, 0, 0xfe, 0xff, rest @ ..] => wide(rest, 4, true, "utf-32-be"),
        [0xff, 0xfe, 0, 0, rest @ ..] => wide(rest, 4, false, "utf-32-le"),
        [0xfe, 0xff, rest @ ..] => wide(rest, 2, true, "utf-16-be"),
        [0xff, 0xfe, rest @ ..] => wide(rest, 2, false, "utf-16-le"),
        [0, x, ..] if b.len() >= 4 => {
            if *x != 0 {
                wide(b, 2, true, "utf-16-be")
            } else {
                wide(b, 4, true, "utf-32-be")
            }
        }
        [_, 0, y, z, ..] => {
            if *y != 0 || *z != 0 {
                wide(b, 2, false, "utf-16-le")
            } else {
                wide(b, 4, false, "utf-32-le")
            }
        }
        [0, _] => wide(b, 2, true, "utf-16-be"),
        [_, 0] => wide(b, 2, false, "utf-16-le"),
        _ => utf(b),
    }
}
