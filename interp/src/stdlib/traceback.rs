//! `traceback`: the handled exception printed or formatted the way the
//! interpreter prints an uncaught one (`crate::traceback`), and the
//! `traceback` objects of `exc.__traceback__` and `sys.exc_info()`.
//!
//! Covered: `print_exc`, `format_exc`, `print_exception`,
//! `format_exception`, `format_exception_only`, `print_tb` and
//! `format_tb`, with `limit`, `chain` and `file`; the one-argument
//! (3.10+) and three-argument forms. The functions that need frame objects
//! (`print_stack`, `extract_tb`, `walk_tb`, `StackSummary`,
//! `TracebackException`, …) are not defined, and a traceback object has
//! no `tb_frame`: Typhon keeps no frame objects.
//!
//! A traceback object is a snapshot of the exception's entries when it
//! was asked for, with a position in them (`tb_next` is the next one); it
//! holds code objects only, so it is in no reference cycle.

use super::{Sig, Style, parse};
use crate::object::exc::TbEntry;
use crate::object::types::{self, Kind};
use crate::object::{Args, Builtin, DictObj, ExcObj, ObjRef, PyErr, PyResult, StaticType, Value};
use crate::vm::Vm;
use std::rc::Rc;

/// A `traceback` object: the entries of an exception's traceback,
/// outermost first, and the one this object stands for.
pub struct TbObj {
    entries: Rc<[TbEntry]>,
    at: usize,
}

/// The type of traceback objects.
pub static TRACEBACK: StaticType =
    crate::object::types::native_type::<TbObj>(c"traceback", &types::OBJECT, Kind::STDLIB);

/// `exc.__traceback__` of the exception `e`: `None` when it has no
/// entries.
pub fn traceback_of(e: &ExcObj) -> Value {
    let mut entries = e.traceback.borrow().clone();
    if entries.is_empty() {
        return Value::None;
    }
    // Kept innermost first; a traceback object starts at the outermost.
    entries.reverse();
    Value::Obj(ObjRef::new(
        TRACEBACK.get(),
        TbObj {
            entries: entries.into(),
            at: 0,
        },
    ))
}

/// `sys.exc_info()`: the exception being handled, as `(type, value,
/// traceback)`, or three `None`s.
pub fn exc_info(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    crate::builtins::exact_args(&args, "exc_info", 0)?;
    let Some(e) = vm.handled.last().cloned() else {
        return Ok(Value::tuple(vec![Value::None, Value::None, Value::None]));
    };
    let tb = e.downcast::<ExcObj>().map_or(Value::None, traceback_of);
    Ok(Value::tuple(vec![
        Value::Obj(e.type_ref()),
        Value::Obj(e),
        tb,
    ]))
}

/// An attribute of a traceback object (`None`: not one).
pub fn getattr(o: &ObjRef, name: &str) -> Option<PyResult<Value>> {
    let t = o.downcast::<TbObj>()?;
    let e = &t.entries[t.at];
    Some(match name {
        "tb_next" => Ok(if t.at + 1 < t.entries.len() {
            Value::Obj(ObjRef::new(
                TRACEBACK.get(),
                TbObj {
                    entries: t.entries.clone(),
                    at: t.at + 1,
                },
            ))
        } else {
            Value::None
        }),
        "tb_lineno" => Ok(Value::Int(i64::from(e.line()))),
        // CPython's offset is in bytes of 2-byte code units.
        "tb_lasti" => Ok(Value::Int(i64::from(e.pc) * 2)),
        _ => Err(PyErr::attribute_error(format!(
            "'traceback' object has no attribute '{name}'"
        ))),
    })
}

/// Fills the `traceback` module.
pub fn fill(d: &DictObj) {
    let f = |n: &'static str, f: crate::object::NativeFn| Value::Obj(Builtin::new_obj(n, f, None));
    d.set_str("print_exc", f("print_exc", print_exc));
    d.set_str("format_exc", f("format_exc", format_exc));
    d.set_str("print_exception", f("print_exception", print_exception));
    d.set_str("format_exception", f("format_exception", format_exception));
    d.set_str(
        "format_exception_only",
        f("format_exception_only", format_exception_only),
    );
    d.set_str("print_tb", f("print_tb", print_tb));
    d.set_str("format_tb", f("format_tb", format_tb));
}

/// A `limit` argument: `None`, or an int (how many entries, counted from
/// the outermost; from the innermost when negative).
fn limit_arg(v: Option<&Value>) -> PyResult<Option<i64>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(Value::Int(n)) => Ok(Some(*n)),
        Some(Value::Bool(b)) => Ok(Some(i64::from(*b))),
        // What CPython's `limit >= 0` and `islice` then raise.
        Some(Value::Float(f)) if *f >= 0.0 => Err(PyErr::value_error(
            "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.",
        )),
        Some(Value::Float(_)) => Err(PyErr::type_error("an integer is required")),
        Some(v) => Err(PyErr::type_error(format!(
            "'>=' not supported between instances of '{}' and 'int'",
            v.type_name()
        ))),
    }
}

/// `entries` (innermost first) cut to `limit` as CPython's
/// `StackSummary.extract` cuts a traceback.
pub(crate) fn limited(mut entries: Vec<TbEntry>, limit: Option<i64>) -> Vec<TbEntry> {
    match limit {
        None => entries,
        Some(n) if n >= 0 => {
            // The outermost `n`: the last `n` of innermost-first entries.
            let n = (n as usize).min(entries.len());
            entries.split_off(entries.len() - n)
        }
        Some(n) => {
            let n = (n.unsigned_abs() as usize).min(entries.len());
            entries.truncate(n);
            entries
        }
    }
}

/// The entries (innermost first) from the traceback object `tb` on.
fn entries_of(tb: &Value) -> PyResult<Vec<TbEntry>> {
    match tb {
        Value::None => Ok(Vec::new()),
        Value::Obj(o) => match o.downcast::<TbObj>() {
            Some(t) => Ok(t.entries[t.at..].iter().rev().cloned().collect()),
            None => Err(PyErr::type_error(format!(
                "'{}' object is not a traceback",
                tb.type_name()
            ))),
        },
        _ => Err(PyErr::type_error(format!(
            "'{}' object is not a traceback",
            tb.type_name()
        ))),
    }
}

/// The exception and traceback of `(exc, value, tb)` as CPython's
/// `_parse_value_tb` reads them: `value` and `tb` both or neither; with
/// neither, `exc` is the exception (or None).
fn value_tb(
    exc: &Value,
    value: Option<&Value>,
    tb: Option<&Value>,
) -> PyResult<Option<(ObjRef, Option<Vec<TbEntry>>)>> {
    let (value, top) = match (value, tb) {
        (None, None) => (exc, None),
        (Some(v), Some(t)) => (v, Some(entries_of(t)?)),
        _ => {
            return Err(PyErr::value_error(
                "Both or neither of value and tb must be given",
            ));
        }
    };
    match value {
        Value::None => Ok(None),
        Value::Obj(o) if o.downcast::<ExcObj>().is_some() => Ok(Some((o.clone(), top))),
        // CPython formats a non-exception `value` of the three-argument
        // form as its type and str(); Typhon's formatter takes exceptions
        // only, and says so as the one-argument form does.
        v => Err(PyErr::type_error(format!(
            "Exception expected for value, {} found",
            v.type_name()
        ))),
    }
}

/// The text of `e` (None: `NoneType: None`) with its traceback `top`.
fn text(
    vm: &mut Vm,
    e: Option<(ObjRef, Option<Vec<TbEntry>>)>,
    limit: Option<i64>,
    chain: bool,
) -> String {
    let Some((e, top)) = e else {
        return "NoneType: None\n".into();
    };
    crate::traceback::format_chain(vm, &e, top, chain, limit)
}

/// Splits a formatted traceback into the pieces CPython's
/// `format_exception` returns: the header, one piece per frame (its
/// `File` line with the source and caret lines under it), each chaining
/// note, and each line of the exception itself.
fn pieces(text: &str) -> Vec<Value> {
    let mut out: Vec<String> = Vec::new();
    let mut lines = text.split_inclusive('\n').peekable();
    while let Some(line) = lines.next() {
        if line.starts_with("  File ") && line.contains(", in ") {
            let mut piece = line.to_string();
            while let Some(next) = lines.peek()
                && next.starts_with("    ")
            {
                piece.push_str(next);
                lines.next();
            }
            out.push(piece);
        } else if line == "\n" {
            // A chaining note: a blank line, the note, a blank line.
            let mut piece = line.to_string();
            if let Some(note) = lines.next() {
                piece.push_str(note);
            }
            if lines.peek() == Some(&"\n") {
                piece.push('\n');
                lines.next();
            }
            out.push(piece);
        } else {
            out.push(line.to_string());
        }
    }
    out.into_iter().map(|s| Value::str(&s)).collect()
}

/// Writes `text` to `file`, or to `sys.stderr` when it is `None`.
fn write(vm: &mut Vm, file: Option<&Value>, text: &str) -> PyResult<()> {
    let file = match file {
        None | Some(Value::None) => match vm.sys_module() {
            Some(sys) => Some(vm.getattr(&sys, "stderr")?),
            None => None,
        },
        Some(f) => Some(f.clone()),
    };
    match file {
        Some(f) => super::streams::print_to(vm, Some(&f), text, false),
        None => super::streams::write_to(vm, super::streams::Which::Stderr, text),
    }
}

fn chain_arg(vm: &mut Vm, v: Option<&Value>) -> PyResult<bool> {
    match v {
        None => Ok(true),
        Some(v) => crate::ops::truthy(vm, v),
    }
}

/// The exception being handled, with no traceback override.
fn handled(vm: &Vm) -> Option<(ObjRef, Option<Vec<TbEntry>>)> {
    vm.handled.last().map(|e| (e.clone(), None))
}

fn format_exc(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &Sig {
            name: "format_exc",
            params: &["limit", "chain"],
            posonly: 0,
            required: 0,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let limit = limit_arg(p[0])?;
    let chain = chain_arg(vm, p[1])?;
    let e = handled(vm);
    Ok(Value::str(&text(vm, e, limit, chain)))
}

fn print_exc(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &Sig {
            name: "print_exc",
            params: &["limit", "file", "chain"],
            posonly: 0,
            required: 0,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let limit = limit_arg(p[0])?;
    let chain = chain_arg(vm, p[2])?;
    let e = handled(vm);
    let t = text(vm, e, limit, chain);
    write(vm, p[1], &t)?;
    Ok(Value::None)
}

fn format_exception(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &Sig {
            name: "format_exception",
            params: &["exc", "value", "tb", "limit", "chain"],
            posonly: 1,
            required: 1,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let e = value_tb(p[0].unwrap_or(&Value::None), p[1], p[2])?;
    let limit = limit_arg(p[3])?;
    let chain = chain_arg(vm, p[4])?;
    let t = text(vm, e, limit, chain);
    Ok(Value::list(pieces(&t)))
}

fn print_exception(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &Sig {
            name: "print_exception",
            params: &["exc", "value", "tb", "limit", "file", "chain"],
            posonly: 1,
            required: 1,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let e = value_tb(p[0].unwrap_or(&Value::None), p[1], p[2])?;
    let limit = limit_arg(p[3])?;
    let chain = chain_arg(vm, p[5])?;
    let t = text(vm, e, limit, chain);
    write(vm, p[4], &t)?;
    Ok(Value::None)
}

fn format_exception_only(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &Sig {
            name: "format_exception_only",
            params: &["exc", "value"],
            posonly: 1,
            required: 1,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let value = p[1].or(p[0]).unwrap_or(&Value::None);
    let e = value_tb(value, None, None)?.map(|(e, _)| (e, Some(Vec::new())));
    let t = text(vm, e, None, false);
    Ok(Value::list(pieces(&t)))
}

/// The frames of the traceback object `tb` (from it on), cut to `limit`.
fn tb_text(vm: &mut Vm, tb: &Value, limit: Option<i64>) -> PyResult<String> {
    let entries = limited(entries_of(tb)?, limit);
    let mut out = String::new();
    crate::traceback::format_frames(vm, &entries, &mut out);
    Ok(out)
}

fn format_tb(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &Sig {
            name: "format_tb",
            params: &["tb", "limit"],
            posonly: 0,
            required: 1,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let limit = limit_arg(p[1])?;
    let t = tb_text(vm, p[0].unwrap_or(&Value::None), limit)?;
    Ok(Value::list(pieces(&t)))
}

fn print_tb(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &Sig {
            name: "print_tb",
            params: &["tb", "limit", "file"],
            posonly: 0,
            required: 1,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let limit = limit_arg(p[1])?;
    let t = tb_text(vm, p[0].unwrap_or(&Value::None), limit)?;
    write(vm, p[2], &t)?;
    Ok(Value::None)
}
