//! The JSON encoder: CPython 3.11's `json.encoder`, both its C
//! accelerator (`c_make_encoder`, which `dumps` uses when there is no
//! `indent`) and the Python `_make_iterencode` (with an `indent`, and
//! always for `dump`). The two differ only in a few messages, which
//! [`Encoder::python`] selects, and in the pieces the Python one yields:
//! with a sink (`dump`'s file), every piece it would yield goes to
//! `fp.write` at once, so a custom file sees CPython's calls.

use crate::format;
use crate::object::types;
use crate::object::{DictObj, ListObj, PyErr, PyResult, TupleObj, Value};
use crate::ops;
use crate::vm::Vm;
use std::collections::HashSet;

/// What the recursion guard adds to `RecursionError`'s message.
const WHILE_ENCODING: &str = " while encoding a JSON object";

/// An encoder's settings (`JSONEncoder`'s attributes) and its state
/// during one run.
pub(crate) struct Encoder {
    /// Leave out dict keys that are not str, int, float, bool or None.
    pub skipkeys: bool,
    /// Escape every character past `~` as `\uXXXX`.
    pub ensure_ascii: bool,
    /// Refuse containers met again inside themselves.
    pub check_circular: bool,
    /// Write NaN and the infinities (else `ValueError`).
    pub allow_nan: bool,
    /// Sort each dict's items.
    pub sort_keys: bool,
    /// The indent string (`None`: everything on one line).
    pub indent: Option<String>,
    /// Between a key and its value.
    pub key_separator: String,
    /// Between items.
    pub item_separator: String,
    /// Called on objects the encoder does not know (`None`: the
    /// `TypeError` of `JSONEncoder.default`).
    pub default: Option<Value>,
    /// The Python encoder's messages (else the C accelerator's).
    pub python: bool,
    /// Where each piece goes: a file's `write` (`dump`), else [`Encoder::out`].
    pub sink: Option<Value>,
    /// The text made (without a sink).
    pub out: String,
    /// The containers being encoded, by address (`markers`).
    markers: HashSet<usize>,
}

impl Encoder {
    /// An encoder with `JSONEncoder`'s defaults.
    pub fn new() -> Encoder {
        Encoder {
            skipkeys: false,
            ensure_ascii: true,
            check_circular: true,
            allow_nan: true,
            sort_keys: false,
            indent: None,
            key_separator: ": ".into(),
            item_separator: ", ".into(),
            default: None,
            python: false,
            sink: None,
            out: String::new(),
            markers: HashSet::new(),
        }
    }

    /// One piece of output.
    fn emit(&mut self, vm: &mut Vm, piece: String) -> PyResult<()> {
        match &self.sink {
            Some(fp) => {
                let fp = fp.clone();
                let write = vm.getattr(&fp, "write")?;
                vm.call(&write, &[Value::string(piece)])?;
            }
            None => self.out.push_str(&piece),
        }
        Ok(())
    }

    /// Encodes `v` (`_iterencode(o, 0)`).
    pub fn run(&mut self, vm: &mut Vm, v: &Value) -> PyResult<()> {
        self.encode(vm, v, 0)
    }

    /// `str` as a JSON string (`encode_basestring(_ascii)`).
    pub fn string(&self, s: &str) -> String {
        quote(s, self.ensure_ascii)
    }

    /// A float as JSON: its `repr`, or `NaN`/`Infinity`/`-Infinity`.
    fn float(&self, f: f64) -> PyResult<String> {
        if f.is_finite() {
            return Ok(format::float_repr(f));
        }
        if !self.allow_nan {
            let msg = "Out of range float values are not JSON compliant";
            return Err(PyErr::value_error(if self.python {
                format!("{msg}: {}", format::float_repr(f))
            } else {
                msg.to_owned()
            }));
        }
        Ok(if f.is_nan() {
            "NaN"
        } else if f > 0.0 {
            "Infinity"
        } else {
            "-Infinity"
        }
        .to_owned())
    }

    /// The text of a str, None, bool, int or float (`None` for anything
    /// else).
    fn scalar(&self, v: &Value) -> PyResult<Option<String>> {
        Ok(Some(match v {
            Value::None => "null".into(),
            Value::Bool(true) => "true".into(),
            Value::Bool(false) => "false".into(),
            Value::Int(i) => i.to_string(),
            Value::Float(f) => self.float(*f)?,
            Value::Obj(o) => {
                if let Some(s) = v.as_str() {
                    self.string(s)
                } else if let Some(b) = v.as_bigint() {
                    format::bigint_to_decimal(b).map_err(ops::fmt_err)?
                } else if let Some(f) = o.downcast::<f64>() {
                    self.float(*f)?
                } else {
                    return Ok(None);
                }
            }
        }))
    }

    /// `_iterencode(o, level)`.
    fn encode(&mut self, vm: &mut Vm, v: &Value, level: usize) -> PyResult<()> {
        if let Some(s) = self.scalar(v)? {
            return self.emit(vm, s);
        }
        vm.enter_nested(WHILE_ENCODING)?;
        let r = self.encode_container(vm, v, level);
        vm.leave_nested();
        r
    }

    /// A list, tuple or dict, or an object through `default`.
    fn encode_container(&mut self, vm: &mut Vm, v: &Value, level: usize) -> PyResult<()> {
        if let Some(items) = sequence(v) {
            return self.list(vm, v, &items, level);
        }
        if let Some(d) = v.downcast::<DictObj>() {
            return self.dict(vm, v, d, level);
        }
        let marker = self.mark(v)?;
        let made = match &self.default {
            Some(f) => {
                let f = f.clone();
                vm.call(&f, std::slice::from_ref(v))?
            }
            None => {
                return Err(PyErr::type_error(format!(
                    "Object of type {} is not JSON serializable",
                    class_name(v)
                )));
            }
        };
        self.encode(vm, &made, level)?;
        self.unmark(marker);
        Ok(())
    }

    /// Notes that `v` is being encoded (`ValueError` if it already is).
    fn mark(&mut self, v: &Value) -> PyResult<Option<usize>> {
        if !self.check_circular {
            return Ok(None);
        }
        let id = v.as_obj().map_or(0, |o| o.as_ptr() as usize);
        if !self.markers.insert(id) {
            return Err(PyErr::value_error("Circular reference detected"));
        }
        Ok(Some(id))
    }

    fn unmark(&mut self, marker: Option<usize>) {
        if let Some(id) = marker {
            self.markers.remove(&id);
        }
    }

    /// The newline and indent of `level` (`'\n' + indent * level`).
    fn newline_indent(&self, level: usize) -> Option<String> {
        self.indent.as_ref().map(|ind| {
            let mut s = String::with_capacity(1 + ind.len() * level);
            s.push('\n');
            for _ in 0..level {
                s.push_str(ind);
            }
            s
        })
    }

    /// A value inside a container: a scalar's text after `prefix` in one
    /// piece, else `prefix` alone (a list's separator; a dict has none)
    /// and the value's pieces.
    fn item(
        &mut self,
        vm: &mut Vm,
        prefix: Option<String>,
        v: &Value,
        level: usize,
    ) -> PyResult<()> {
        if let Some(s) = self.scalar(v)? {
            return self.emit(vm, prefix.unwrap_or_default() + &s);
        }
        if let Some(p) = prefix {
            self.emit(vm, p)?;
        }
        vm.enter_nested(WHILE_ENCODING)?;
        let r = self.encode_container(vm, v, level);
        vm.leave_nested();
        r
    }

    /// `_iterencode_list`.
    fn list(&mut self, vm: &mut Vm, v: &Value, items: &[Value], level: usize) -> PyResult<()> {
        if items.is_empty() {
            return self.emit(vm, "[]".into());
        }
        let marker = self.mark(v)?;
        let inner = self.newline_indent(level + 1);
        let level = if inner.is_some() { level + 1 } else { level };
        let separator = format!(
            "{}{}",
            self.item_separator,
            inner.as_deref().unwrap_or_default()
        );
        let mut prefix = format!("[{}", inner.as_deref().unwrap_or_default());
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                prefix = separator.clone();
            }
            self.item(vm, Some(std::mem::take(&mut prefix)), item, level)?;
        }
        if inner.is_some()
            && let Some(close) = self.newline_indent(level - 1)
        {
            self.emit(vm, close)?;
        }
        self.emit(vm, "]".into())?;
        self.unmark(marker);
        Ok(())
    }

    /// A dict key as a string (`None`: skipped).
    fn key(&self, k: &Value) -> PyResult<Option<String>> {
        if let Some(s) = k.as_str() {
            return Ok(Some(s.to_owned()));
        }
        match k {
            Value::Obj(_) if k.as_bigint().is_none() && k.downcast::<f64>().is_none() => {}
            _ => return self.scalar(k),
        }
        if self.skipkeys {
            return Ok(None);
        }
        Err(PyErr::type_error(format!(
            "keys must be str, int, float, bool or None, not {}",
            class_name(k)
        )))
    }

    /// `_iterencode_dict`.
    fn dict(&mut self, vm: &mut Vm, v: &Value, d: &DictObj, level: usize) -> PyResult<()> {
        if d.is_empty() {
            return self.emit(vm, "{}".into());
        }
        let marker = self.mark(v)?;
        self.emit(vm, "{".into())?;
        let inner = self.newline_indent(level + 1);
        let level = if inner.is_some() { level + 1 } else { level };
        let separator = format!(
            "{}{}",
            self.item_separator,
            inner.as_deref().unwrap_or_default()
        );
        if let Some(nl) = &inner {
            self.emit(vm, nl.clone())?;
        }
        let mut items = d.items();
        if self.sort_keys {
            items = sorted_items(vm, items)?;
        }
        let mut first = true;
        for (k, value) in &items {
            let Some(key) = self.key(k)? else {
                continue;
            };
            if first {
                first = false;
            } else {
                self.emit(vm, separator.clone())?;
            }
            let key = self.string(&key);
            self.emit(vm, key)?;
            self.emit(vm, self.key_separator.clone())?;
            self.item(vm, None, value, level)?;
        }
        if inner.is_some()
            && let Some(close) = self.newline_indent(level - 1)
        {
            self.emit(vm, close)?;
        }
        self.emit(vm, "}".into())?;
        self.unmark(marker);
        Ok(())
    }
}

/// The items of a list or tuple.
fn sequence(v: &Value) -> Option<Vec<Value>> {
    if let Some(l) = v.downcast::<ListObj>() {
        return Some(l.items.borrow().clone());
    }
    v.downcast::<TupleObj>().map(|t| t.items.to_vec())
}

/// `sorted(d.items())`: by key, as the item tuples compare (dict keys are
/// never equal, so the values are never compared).
fn sorted_items(vm: &mut Vm, items: Vec<(Value, Value)>) -> PyResult<Vec<(Value, Value)>> {
    let keys: Vec<Value> = items.iter().map(|(k, _)| k.clone()).collect();
    let mut order: Vec<Value> = (0..items.len() as i64).map(Value::Int).collect();
    crate::methods::sort_values(vm, &mut order, Some(keys), false)?;
    let mut slots: Vec<Option<(Value, Value)>> = items.into_iter().map(Some).collect();
    Ok(order
        .iter()
        .filter_map(|i| match i {
            Value::Int(i) => slots.get_mut(*i as usize).and_then(Option::take),
            _ => None,
        })
        .collect())
}

/// `type(v).__name__`.
pub(crate) fn class_name(v: &Value) -> String {
    let t = v.type_of();
    if let Some(cd) = t.heap_data::<crate::object::class::ClassData>() {
        return cd.name.borrow().clone();
    }
    let full = t.name();
    full.rsplit('.').next().unwrap_or(full).to_owned()
}

/// `s` as a JSON string literal: `"`, `\` and control characters escaped
/// (`\n`, `\u001f`, …), and with `ascii` every character past `~` as
/// `\uXXXX` (a surrogate pair beyond the BMP).
pub(crate) fn quote(s: &str, ascii: bool) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 || (ascii && c as u32 > 0x7e) => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{u:04x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `' ' * indent` for a non-str `indent`, with CPython's errors.
pub(crate) fn indent_text(vm: &mut Vm, indent: &Value) -> PyResult<String> {
    if let Some(s) = indent.as_str() {
        return Ok(s.to_owned());
    }
    if !indent.is_int() && crate::dunder::special(indent, "__index__").is_none() {
        return Err(PyErr::type_error(format!(
            "can't multiply sequence by non-int of type '{}'",
            indent.type_name()
        )));
    }
    let n = match crate::dunder::as_index(vm, indent)? {
        Value::Int(n) => n,
        Value::Bool(b) => b as i64,
        _ => {
            return Err(PyErr::new(
                &types::OVERFLOW_ERROR,
                format!(
                    "cannot fit '{}' into an index-sized integer",
                    indent.type_name()
                ),
            ));
        }
    };
    let n = usize::try_from(n).unwrap_or(0);
    let mut s = String::new();
    s.try_reserve(n).map_err(|_| PyErr::no_memory())?;
    s.extend(std::iter::repeat_n(' ', n));
    Ok(s)
}
