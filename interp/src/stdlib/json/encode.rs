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
use std::fmt::Write;

/// What the recursion guard adds to `RecursionError`'s message.
const WHILE_ENCODING: &str = " while encoding a JSON object";

/// Where an encoder's pieces go.
pub(crate) enum Sink {
    /// All into [`Encoder::out`] (`dumps`).
    Buffer,
    /// Each to this file's `write` (`dump`).
    File(Value),
    /// Each into this list (`JSONEncoder.iterencode`).
    Pieces(Vec<Value>),
}

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
    /// Where each piece goes.
    pub sink: Sink,
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
            sink: Sink::Buffer,
            out: String::new(),
            markers: HashSet::new(),
        }
    }

    /// Ends a piece of output: the text written since the last piece goes
    /// to the sink.
    fn flush(&mut self, vm: &mut Vm) -> PyResult<()> {
        match &mut self.sink {
            Sink::Buffer => {}
            Sink::File(fp) => {
                let fp = fp.clone();
                let piece = std::mem::take(&mut self.out);
                let write = vm.getattr(&fp, "write")?;
                vm.call(&write, &[Value::string(piece)])?;
            }
            Sink::Pieces(pieces) => pieces.push(Value::string(std::mem::take(&mut self.out))),
        }
        Ok(())
    }

    /// `text` as one piece.
    fn emit(&mut self, vm: &mut Vm, text: &str) -> PyResult<()> {
        self.out.push_str(text);
        self.flush(vm)
    }

    /// Encodes `v` (`_iterencode(o, 0)`).
    pub fn run(&mut self, vm: &mut Vm, v: &Value) -> PyResult<()> {
        self.encode(vm, v, 0)
    }

    /// `str` as a JSON string (`encode_basestring(_ascii)`).
    pub fn string(&self, s: &str) -> String {
        let mut out = String::with_capacity(s.len() + 2);
        quote_into(&mut out, s, self.ensure_ascii);
        out
    }

    /// Writes a float as JSON: its `repr`, or `NaN`/`Infinity`/`-Infinity`.
    fn float(&mut self, f: f64) -> PyResult<()> {
        if f.is_finite() {
            self.out.push_str(&format::float_repr(f));
            return Ok(());
        }
        if !self.allow_nan {
            let msg = "Out of range float values are not JSON compliant";
            return Err(PyErr::value_error(if self.python {
                format!("{msg}: {}", format::float_repr(f))
            } else {
                msg.to_owned()
            }));
        }
        self.out.push_str(if f.is_nan() {
            "NaN"
        } else if f > 0.0 {
            "Infinity"
        } else {
            "-Infinity"
        });
        Ok(())
    }

    /// Writes a str, None, bool, int or float (`false` for anything
    /// else, nothing written).
    fn scalar(&mut self, v: &Value) -> PyResult<bool> {
        match v {
            Value::None => self.out.push_str("null"),
            Value::Bool(true) => self.out.push_str("true"),
            Value::Bool(false) => self.out.push_str("false"),
            Value::Int(i) => {
                let _ = write!(self.out, "{i}");
            }
            Value::Float(f) => self.float(*f)?,
            Value::Obj(o) => {
                if let Some(s) = v.as_str() {
                    quote_into(&mut self.out, s, self.ensure_ascii);
                } else if let Some(b) = v.as_bigint() {
                    let text = format::bigint_to_decimal(b).map_err(ops::fmt_err)?;
                    self.out.push_str(&text);
                } else if let Some(f) = o.downcast::<f64>() {
                    self.float(*f)?;
                } else {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// `_iterencode(o, level)`.
    fn encode(&mut self, vm: &mut Vm, v: &Value, level: usize) -> PyResult<()> {
        if self.scalar(v)? {
            return self.flush(vm);
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

    /// Writes the newline and indent of `level` (`'\n' + indent * level`).
    fn newline_indent(&mut self, level: usize) {
        if let Some(ind) = &self.indent {
            self.out.push('\n');
            for _ in 0..level {
                self.out.push_str(ind);
            }
        }
    }

    /// A value inside a container, after the text written since the last
    /// piece (a list's opening or separator): a scalar joins that piece;
    /// anything else ends it (a list's piece is yielded even if empty; a
    /// dict value has none of its own) and yields its own pieces.
    fn item(&mut self, vm: &mut Vm, own_piece: bool, v: &Value, level: usize) -> PyResult<()> {
        if self.scalar(v)? {
            return self.flush(vm);
        }
        if own_piece {
            self.flush(vm)?;
        }
        vm.enter_nested(WHILE_ENCODING)?;
        let r = self.encode_container(vm, v, level);
        vm.leave_nested();
        r
    }

    /// `_iterencode_list`.
    fn list(&mut self, vm: &mut Vm, v: &Value, items: &[Value], level: usize) -> PyResult<()> {
        if items.is_empty() {
            return self.emit(vm, "[]");
        }
        let marker = self.mark(v)?;
        let level = if self.indent.is_some() {
            level + 1
        } else {
            level
        };
        self.out.push('[');
        self.newline_indent(level);
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.out.push_str(&self.item_separator);
                self.newline_indent(level);
            }
            self.item(vm, true, item, level)?;
        }
        if self.indent.is_some() {
            self.newline_indent(level - 1);
            self.flush(vm)?;
        }
        self.emit(vm, "]")?;
        self.unmark(marker);
        Ok(())
    }

    /// Writes a dict key as a string (`false`: skipped).
    fn key(&mut self, k: &Value) -> PyResult<bool> {
        if let Some(s) = k.as_str() {
            quote_into(&mut self.out, s, self.ensure_ascii);
            return Ok(true);
        }
        let is_scalar = match k {
            Value::Obj(_) => k.as_bigint().is_some() || k.downcast::<f64>().is_some(),
            _ => true,
        };
        if is_scalar {
            // The key's text, then quoted.
            let mark = self.out.len();
            self.scalar(k)?;
            let text = self.out.split_off(mark);
            quote_into(&mut self.out, &text, self.ensure_ascii);
            return Ok(true);
        }
        if self.skipkeys {
            return Ok(false);
        }
        Err(PyErr::type_error(format!(
            "keys must be str, int, float, bool or None, not {}",
            class_name(k)
        )))
    }

    /// `_iterencode_dict`.
    fn dict(&mut self, vm: &mut Vm, v: &Value, d: &DictObj, level: usize) -> PyResult<()> {
        if d.is_empty() {
            return self.emit(vm, "{}");
        }
        let marker = self.mark(v)?;
        self.emit(vm, "{")?;
        let level = if self.indent.is_some() {
            level + 1
        } else {
            level
        };
        if self.indent.is_some() {
            self.newline_indent(level);
            self.flush(vm)?;
        }
        // A dict subclass's own `items()` (`PyMapping_Items`).
        let mut items = if v.is_type_exact(&crate::object::types::DICT) {
            d.items()
        } else {
            let f = vm.getattr(v, "items")?;
            let listed = vm.call(&f, &[])?;
            let mut pairs = Vec::new();
            for pair in crate::ops::collect(vm, &listed)? {
                match crate::ops::collect(vm, &pair)?.as_slice() {
                    [k, x] => pairs.push((k.clone(), x.clone())),
                    _ => {
                        return Err(PyErr::value_error("items must return 2-tuples"));
                    }
                }
            }
            pairs
        };
        if self.sort_keys {
            items = sorted_items(vm, items)?;
        }
        let mut first = true;
        for (k, value) in &items {
            // The key is written only once it is known not to be skipped,
            // after the separator.
            let mark = self.out.len();
            if !self.key(k)? {
                continue;
            }
            let key = self.out.split_off(mark);
            if first {
                first = false;
            } else {
                self.out.push_str(&self.item_separator);
                self.newline_indent(level);
                self.flush(vm)?;
            }
            self.emit(vm, &key)?;
            let sep = std::mem::take(&mut self.key_separator);
            let r = self.emit(vm, &sep);
            self.key_separator = sep;
            r?;
            self.item(vm, false, value, level)?;
        }
        if self.indent.is_some() {
            self.newline_indent(level - 1);
            self.flush(vm)?;
        }
        self.emit(vm, "}")?;
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

/// Writes `s` as a JSON string literal: `"`, `\` and control characters
/// escaped (`\n`, `\u001f`, …), and with `ascii` every character past `~`
/// as `\uXXXX` (a surrogate pair beyond the BMP).
pub(crate) fn quote_into(out: &mut String, s: &str, ascii: bool) {
    out.push('"');
    let mut plain = 0;
    for (i, c) in s.char_indices() {
        let esc: &str = match c {
            '"' => "\\\"",
            '\\' => "\\\\",
            '\n' => "\\n",
            '\r' => "\\r",
            '\t' => "\\t",
            '\u{8}' => "\\b",
            '\u{c}' => "\\f",
            c if (c as u32) < 0x20 || (ascii && c as u32 > 0x7e) => "",
            _ => continue,
        };
        out.push_str(s.get(plain..i).unwrap_or_default());
        plain = i + c.len_utf8();
        if esc.is_empty() {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                let _ = write!(out, "\\u{u:04x}");
            }
        } else {
            out.push_str(esc);
        }
    }
    out.push_str(s.get(plain..).unwrap_or_default());
    out.push('"');
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
