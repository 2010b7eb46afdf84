//! Printing uncaught exceptions the way CPython 3.11 does.

use crate::bytecode::Code;
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
                // CPython strips the indentation only: trailing blanks stay.
                out.push_str("    ");
                out.push_str(src.trim_start_matches(is_blank));
                out.push('\n');
                if let Some(carets) = caret_line(&ent.code, ent.pc as usize, src) {
                    out.push_str(&carets);
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
        if let Some(text) = &info.text {
            let trimmed = text.trim_start();
            let removed = text.chars().count() - trimmed.chars().count();
            out.push_str(&format!("    {}\n", trimmed.trim_end()));
            let caret = (info.col as usize)
                .saturating_sub(1)
                .saturating_sub(removed);
            out.push_str(&format!("    {}^\n", " ".repeat(caret)));
        }
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
    if let Some(info) = &x.syntax {
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

/// The blanks CPython strips from the front of a traceback's source line.
fn is_blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\x0c')
}

/// How wide the indentation of a printed source line is.
const INDENT: i64 = 4;

/// The line of `^` (and `~`) under `line`, the source line of the
/// instruction at `pc`, as CPython 3.11 draws it (`tb_displayline` in
/// Python/traceback.c): under the instruction's range, with the operator
/// of a binary operation or the index of a subscript singled out, and
/// nothing when the marks would cover the whole line. Ranges are byte
/// offsets; the marks count characters.
fn caret_line(code: &Code, pc: usize, line: &str) -> Option<String> {
    let span = code.span_at(pc)?;
    let source = &code.source;
    let start_line = source.line_of(span.start);
    let end_line = source.line_of(span.end);
    let start_col = span.start.checked_sub(source.line_start(start_line)?)?;
    let end_col = span.end.checked_sub(source.line_start(end_line)?)?;
    // Both columns are converted with the error's first line, as CPython
    // does (the end column of a multi-line range is replaced below).
    let start = char_offset(line, start_col as usize) as i64;
    let mut end = char_offset(line, end_col as usize) as i64;
    let mut anchors = None;
    if start_line == end_line {
        anchors = anchors_of(line, start as usize, end as usize);
    } else {
        // A range over several lines is marked up to the end of its first.
        // CPython indexes the UTF-8 text with the character count here;
        // so does this, so that non-ASCII lines come out the same.
        let bytes = line.as_bytes();
        let mut i = line.chars().count() as i64;
        loop {
            i -= 1;
            if i < 0 || !bytes.get(i as usize).is_some_and(|&b| is_blank(b as char)) {
                break;
            }
        }
        end = i + 1;
    }
    let indent = line.chars().take_while(|&c| is_blank(c)).count() as i64;
    let stripped_len = line.chars().count() as i64 - indent;
    if end - start == stripped_len && anchors.is_none() {
        return None;
    }
    let (left, right, primary, secondary) = match anchors {
        Some((l, r)) => (l as i64, r as i64, '~', '^'),
        None => (-1, -1, '^', '^'),
    };
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::new();
    // Column `k` (1-based) is character `k - 1` of the unstripped line,
    // which is printed `indent - INDENT` characters further left; each
    // character gets as many marks as it is wide on a terminal.
    for k in indent - INDENT + 1..=end {
        let mark = if k <= start {
            ' '
        } else if anchors.is_some() && left < k && k <= right {
            secondary
        } else {
            primary
        };
        let width = usize::try_from(k - 1)
            .ok()
            .and_then(|j| chars.get(j))
            .map_or(1, |&c| display_width(c));
        for _ in 0..width {
            out.push(mark);
        }
    }
    out.push('\n');
    Some(out)
}

/// How many columns CPython gives a character under a traceback line: 2
/// for East Asian wide and fullwidth characters, else 1.
fn display_width(c: char) -> usize {
    use unicode_width::UnicodeWidthChar;
    if c.width() == Some(2) { 2 } else { 1 }
}

/// The number of characters in the first `col` bytes of `line`, as
/// CPython's `_PyPegen_byte_offset_to_character_offset` counts them: a
/// cut-off character counts as one, and an offset past the end reaches
/// one further (the string's terminating NUL).
fn char_offset(line: &str, col: usize) -> usize {
    let bytes = line.as_bytes();
    if col > bytes.len() {
        return line.chars().count() + 1;
    }
    String::from_utf8_lossy(&bytes[..col]).chars().count()
}

/// Where the operator of a binary operation, or the index of a subscript,
/// is within the characters `start..end` of `line`, if that text parses as
/// one of the two on its own (CPython's `extract_anchors_from_line`): the
/// character range to mark with `^` while the rest gets `~`.
fn anchors_of(line: &str, start: usize, end: usize) -> Option<(usize, usize)> {
    use ruff_python_ast::{Expr, Stmt};
    use ruff_text_size::Ranged;
    let segment: String = line
        .chars()
        .skip(start)
        .take(end.saturating_sub(start))
        .collect();
    let (left, right) = crate::parse::with_fragment(&segment, |module| {
        let [Stmt::Expr(stmt)] = &module.body[..] else {
            return None;
        };
        let bytes = segment.as_bytes();
        let blank = |i: usize| bytes.get(i).is_some_and(|&b| is_blank(b as char));
        match &*stmt.value {
            Expr::BinOp(b) => {
                let from = usize::from(b.left.range().end());
                let to = usize::from(b.right.range().start());
                // The first character after the left operand that is not
                // blank or a closing parenthesis: the operator, two
                // characters if the next one is not blank either.
                let mut found = None;
                for i in from..to {
                    if blank(i) {
                        continue;
                    }
                    let right = if i + 1 < to && !blank(i + 1) {
                        i + 2
                    } else {
                        i + 1
                    };
                    found = Some((i, right));
                    if i + 1 < to && bytes.get(i) == Some(&b')') {
                        continue;
                    }
                    break;
                }
                found
            }
            Expr::Subscript(s) => {
                // From the `[` after the value to the `]` after the index.
                let len = bytes.len();
                let mut left = usize::from(s.value.range().end());
                while left < len && bytes[left] != b'[' {
                    left += 1;
                }
                let mut right = usize::from(s.slice.range().end()) + 1;
                while right < len && bytes[right] != b']' {
                    right += 1;
                }
                if right < len {
                    right += 1;
                }
                Some((left, right))
            }
            _ => None,
        }
    })?;
    Some((
        char_offset(&segment, left) + start,
        char_offset(&segment, right) + start,
    ))
}
