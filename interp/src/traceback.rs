//! Printing uncaught exceptions the way CPython 3.11 does.

use crate::object::exc::SyntaxInfo;
use crate::object::{ExcObj, ObjRef, PyErr, Value};
use crate::ops;
use crate::vm::Vm;

/// Formats an uncaught exception with its traceback and chained causes.
pub fn format_exception(vm: &mut Vm, err: &PyErr) -> String {
    let mut out = String::new();
    let mut seen = Vec::new();
    format_chain(vm, &err.0, &mut out, &mut seen);
    out
}

fn format_chain(vm: &mut Vm, e: &ObjRef, out: &mut String, seen: &mut Vec<usize>) {
    seen.push(e.as_ptr() as usize);
    if let Some(x) = e.downcast::<ExcObj>() {
        let cause = x.cause.borrow().clone();
        let context = x.context.borrow().clone();
        if let Some(c) = cause {
            if !seen.contains(&(c.as_ptr() as usize)) {
                format_chain(vm, &c, out, seen);
                out.push_str(
                    "\nThe above exception was the direct cause of the following exception:\n\n",
                );
            }
        } else if let Some(c) = context
            && !x.suppress_context.get()
            && !seen.contains(&(c.as_ptr() as usize))
        {
            format_chain(vm, &c, out, seen);
            out.push_str(
                "\nDuring handling of the above exception, another exception occurred:\n\n",
            );
        }
    }
    format_one(vm, e, out);
}

fn format_one(vm: &mut Vm, e: &ObjRef, out: &mut String) {
    let Some(x) = e.downcast::<ExcObj>() else {
        return;
    };
    let tb = x.traceback.borrow().clone();
    if !tb.is_empty() {
        out.push_str("Traceback (most recent call last):\n");
        // Entries are innermost first; print outermost first, folding runs
        // of identical lines as CPython does.
        let entries: Vec<_> = tb.iter().rev().collect();
        let mut last: Option<(String, u32, String)> = None;
        let mut repeat = 0usize;
        let flush_repeat = |out: &mut String, repeat: usize| {
            if repeat > 3 {
                let n = repeat - 3;
                out.push_str(&format!(
                    "  [Previous line repeated {n} more time{}]\n",
                    if n == 1 { "" } else { "s" }
                ));
            }
        };
        for ent in entries {
            let key = (
                ent.code.source.filename.clone(),
                ent.line,
                ent.code.name.clone(),
            );
            if last.as_ref() == Some(&key) {
                repeat += 1;
                if repeat > 3 {
                    continue;
                }
            } else {
                flush_repeat(out, repeat);
                repeat = 1;
                last = Some(key);
            }
            out.push_str(&format!(
                "  File \"{}\", line {}, in {}\n",
                ent.code.source.filename, ent.line, ent.code.name
            ));
            // Like CPython (whose linecache reads files), code compiled
            // from a string (`<string>`, `<embedded>`) shows no source line.
            let from_string = ent.code.source.filename.starts_with('<')
                && ent.code.source.filename.ends_with('>');
            if !from_string && let Some(src) = ent.code.source.line(ent.line) {
                let t = src.trim();
                if !t.is_empty() {
                    out.push_str(&format!("    {t}\n"));
                }
            }
        }
        flush_repeat(out, repeat);
    }
    if let Some(info) = &x.syntax {
        out.push_str(&format!(
            "  File \"{}\", line {}\n",
            info.filename, info.line
        ));
        let exact = std::ptr::eq(e.ty(), crate::object::types::SYNTAX_ERROR.get());
        syntax_error_text(out, info, exact);
    }
    out.push_str(&exception_line(vm, e));
    out.push('\n');
}

/// The last line of a traceback: `TypeName: message`.
pub fn exception_line(vm: &mut Vm, e: &ObjRef) -> String {
    let name = e.ty().name().to_owned();
    let Some(x) = e.downcast::<ExcObj>() else {
        return name;
    };
    let msg = ops::str_of(vm, &Value::Obj(e.clone())).unwrap_or_default();
    if let Some(info) = &x.syntax
        && info.typhon_suffix
    {
        return format!(
            "{name}: {msg} ({}:{}:{})",
            info.filename, info.line, info.col
        );
    }
    if msg.is_empty() {
        name
    } else {
        format!("{name}: {msg}")
    }
}

/// The source line and caret line of a syntax error, as CPython 3.11
/// prints them (`print_exception` and `print_error_text` in
/// `pythonrun.c`): the line without its leading whitespace, then carets
/// from `offset` to `end_offset`. Only an exact `SyntaxError` gets a range;
/// its subclasses (`IndentationError`, `TabError`) get one caret. A range
/// over several lines runs to the end of the first; no caret is printed
/// when the offset falls in the stripped indentation (or is 0).
fn syntax_error_text(out: &mut String, info: &SyntaxInfo, exact: bool) {
    let Some(text) = &info.text else { return };
    // CPython works on the UTF-8 bytes of the line: lengths and the
    // clipping of offsets are in bytes, whatever unit the offsets are in.
    let bytes = text.as_bytes();
    let line_size = bytes.len() as i64;
    let mut offset = i64::from(info.col);
    let mut end = if exact && info.end_col > 0 {
        i64::from(info.end_col)
    } else {
        -1
    };
    if exact && info.end_line > info.line {
        end = line_size;
    }
    if end > line_size + 1 {
        end = line_size + 1;
    }
    let carets = if end > 0 && end > offset {
        (end - offset) as usize
    } else {
        1
    };
    offset -= 1;
    let mut start = 0;
    while start < bytes.len() && matches!(bytes[start], b' ' | b'\t' | b'\x0c') {
        start += 1;
        offset -= 1;
    }
    let mut body: &[u8] = &bytes[start..];
    let mut len = body.len() as i64;
    if body.last() == Some(&b'\n') {
        len -= 1;
    }
    offset = offset.min(len);
    // A text of several lines: show the one the offset is in.
    while let Some(nl) = body.iter().position(|&c| c == b'\n') {
        let nl = nl as i64;
        if nl >= offset {
            break;
        }
        body = &body[(nl + 1) as usize..];
        len -= nl + 1;
        offset -= nl + 1;
    }
    out.push_str("    ");
    out.push_str(&String::from_utf8_lossy(body));
    if body.get(len.max(0) as usize) != Some(&b'\n') {
        out.push('\n');
    }
    if offset < 0 {
        return;
    }
    out.push_str("    ");
    out.push_str(&" ".repeat(offset as usize));
    out.push_str(&"^".repeat(carets));
    out.push('\n');
}
