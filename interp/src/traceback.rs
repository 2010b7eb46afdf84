//! Printing uncaught exceptions the way CPython 3.11 does.

#[rustfmt::skip]
pub(crate) mod names;

use crate::bytecode::Code;
use crate::object::exc::{SyntaxInfo, TbEntry};
use crate::object::types::Kind;
use crate::object::{DictObj, ExcObj, Hint, ModuleObj, ObjRef, PyErr, StrObj, Value};
use crate::ops;
use crate::vm::Vm;

/// Formats an uncaught exception with its traceback and chained causes.
pub fn format_exception(vm: &mut Vm, err: &PyErr) -> String {
    format_chain(vm, &err.0, None, true, None)
}

/// Formats the exception `e` as [`format_exception`] does, for the
/// `traceback` module: `top` replaces the entries (innermost first) of
/// `e`'s own traceback when given (a `tb` argument), and without `chain`
/// the causes and contexts are left out; `limit` cuts each traceback
/// (`crate::stdlib::traceback::limited`).
pub fn format_chain(
    vm: &mut Vm,
    e: &ObjRef,
    top: Option<Vec<TbEntry>>,
    chain: bool,
    limit: Option<i64>,
) -> String {
    let mut out = String::new();
    // The chain, newest first, each with the note printed before it (how
    // it came from the next, older one). Walked in a
    // loop with a set of the exceptions seen: a chain can be as long as
    // the exceptions a program caught (every one raised while handling
    // another), and a recursive walk with a linear search took minutes
    // and the native stack.
    let mut links: Vec<(ObjRef, &str)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut e = e.clone();
    // CPython's printer recurses once per link under the recursion limit,
    // and for a longer chain prints a dump of the newest exception
    // instead; here the newest links it could print are printed.
    let max_links = vm.config.recursion_limit.saturating_sub(2).max(1);
    loop {
        seen.insert(e.as_ptr() as usize);
        let next = match e.downcast::<ExcObj>().filter(|_| chain) {
            Some(x) => {
                let cause = x.cause.borrow().clone();
                let context = x.context.borrow().clone();
                if let Some(c) = cause {
                    (!seen.contains(&(c.as_ptr() as usize))).then_some((c, CAUSE_NOTE))
                } else {
                    context
                        .filter(|c| {
                            !x.suppress_context.get() && !seen.contains(&(c.as_ptr() as usize))
                        })
                        .map(|c| (c, CONTEXT_NOTE))
                }
            }
            None => None,
        };
        let (note, next) = match next {
            Some((c, note)) if links.len() + 1 < max_links => (note, Some(c)),
            _ => ("", None),
        };
        links.push((e, note));
        match next {
            Some(c) => e = c,
            None => break,
        }
    }
    let mut top = top;
    for (i, (e, note)) in links.iter().enumerate().rev() {
        out.push_str(note);
        let given = if i == 0 { top.take() } else { None };
        let own = given.unwrap_or_else(|| {
            e.downcast::<ExcObj>()
                .map(|x| x.traceback.borrow().clone())
                .unwrap_or_default()
        });
        let own = crate::stdlib::traceback::limited(own, limit);
        format_one(vm, e, &own, &mut out);
    }
    out
}

const CAUSE_NOTE: &str =
    "\nThe above exception was the direct cause of the following exception:\n\n";
const CONTEXT_NOTE: &str =
    "\nDuring handling of the above exception, another exception occurred:\n\n";

/// One exception of a chain: its traceback `tb` (entries innermost
/// first), then its last line.
fn format_one(vm: &mut Vm, e: &ObjRef, tb: &[TbEntry], out: &mut String) {
    let Some(x) = e.downcast::<ExcObj>() else {
        return;
    };
    if !tb.is_empty() {
        out.push_str("Traceback (most recent call last):\n");
        format_frames(vm, tb, out);
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
    if let Some(name) = suggestion(vm, x) {
        out.push_str(&format!(". Did you mean: '{name}'?"));
    }
    out.push('\n');
}

/// The frame lines of a traceback whose entries are `tb` (innermost
/// first): outermost first, with runs of the same line folded as CPython
/// folds them.
pub(crate) fn format_frames(vm: &mut Vm, tb: &[TbEntry], out: &mut String) {
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
            ent.line(),
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
            ent.code.source.filename,
            ent.line(),
            ent.code.name
        ));
        // Like CPython (whose linecache reads files), code compiled
        // from a string (`<string>`, `<embedded>`) shows no source line.
        let from_string =
            ent.code.source.filename.starts_with('<') && ent.code.source.filename.ends_with('>');
        // Nor does a file CPython cannot read again (a pipe, a zip).
        let unreadable = vm.source_unreadable(&ent.code.source.filename);
        if !from_string
            && !unreadable
            && let Some(src) = ent.code.source.line(ent.line())
        {
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

/// The last line of a traceback: `TypeName: message`.
pub fn exception_line(vm: &mut Vm, e: &ObjRef) -> String {
    let name = crate::classes::exception_type_name(e.ty());
    let Some(x) = e.downcast::<ExcObj>() else {
        return name;
    };
    // A located SyntaxError prints its `msg` (its `str()` adds the place).
    let msg = match (&x.syntax, x.args().as_slice()) {
        (Some(_), [m]) => ops::str_of(vm, m),
        _ => ops::str_of(vm, &Value::Obj(e.clone())),
    }
    .unwrap_or_default();
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

// ----- "Did you mean" -------------------------------------------------------------
//
// CPython 3.11 (Python/suggestions.c) offers a similar name when it prints
// a `NameError` or `AttributeError` raised by a lookup: the candidate
// closest by a Levenshtein distance over UTF-8 bytes, where changing the
// case of a letter costs 1 and any other edit 2, and which must not exceed
// a third of the two names' length.

/// Lists longer than this are not searched.
#[doc(hidden)]
pub const MAX_CANDIDATES: usize = 750;
/// Names longer than this (after common prefix and suffix) never match.
const MAX_NAME: usize = 40;
const MOVE_COST: usize = 2;
const CASE_COST: usize = 1;

/// The name CPython would suggest for the exception `x`, if any.
fn suggestion(vm: &Vm, x: &ExcObj) -> Option<String> {
    let hint = x.hint.borrow().clone()?;
    match *hint {
        Hint::Name { name, globals } => {
            // The innermost frame's local variables (parameters and locals
            // that are not cells only, as `co_varnames`), its globals, then
            // the builtins.
            let code = x.traceback.borrow().first()?.code.clone();
            let params = code.nparams();
            let locals: Vec<String> = code
                .varnames
                .iter()
                .enumerate()
                .filter(|(i, n)| (*i < params || !code.cellvars.contains(n)) && !n.starts_with('.'))
                .map(|(_, n)| n.clone())
                .collect();
            if let Some(s) = closest(&name, &locals) {
                return Some(s);
            }
            if let Some(g) = globals.as_ref().and_then(|g| g.downcast::<DictObj>())
                && let Some(s) = closest(&name, &str_keys(g))
            {
                return Some(s);
            }
            // CPython's builtins, so that the suggestion is CPython's;
            // then any Typhon has that CPython does not.
            let mut builtins: Vec<String> =
                names::BUILTINS.iter().map(|n| (*n).to_owned()).collect();
            if let Some(d) = vm.builtins().downcast::<DictObj>() {
                for k in str_keys(d) {
                    if !names::BUILTINS.contains(&k.as_str()) {
                        builtins.push(k);
                    }
                }
            }
            closest(&name, &builtins)
        }
        Hint::Attr { name, obj } => closest(&name, &attributes(&obj)),
    }
}

/// The str keys of a dict, in its order.
fn str_keys(d: &DictObj) -> Vec<String> {
    d.keys()
        .iter()
        .filter_map(|k| k.downcast::<StrObj>().map(|s| s.as_str().to_owned()))
        .collect()
}

/// What `dir(obj)` lists, sorted as `dir` sorts: a module's names;
/// for a built-in type or its instances, what CPython 3.11's `dir` lists
/// for them (so that the suggestion is CPython's, even where Typhon lacks
/// the method), with any attribute Typhon has besides.
fn attributes(obj: &Value) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    if let Some(m) = obj.downcast::<ModuleObj>() {
        if let Some(d) = m.dict.downcast::<DictObj>() {
            names = str_keys(d);
        }
        names.sort();
        return names;
    }
    let kind = obj.kind();
    if let Some(o) = obj.as_obj() {
        // A class or an instance of one: the names in the dicts along the
        // MRO (and the instance's own), then `object`'s.
        let cls = match o.as_type() {
            Some(t) if t.is_heap_type() => Some(o.clone()),
            Some(_) => None,
            None if kind == Kind::INSTANCE || kind == Kind::EXT_SUBCLASS => Some(o.type_ref()),
            None => None,
        };
        if let Some(cls) = cls {
            if let Some(d) = crate::object::Instance::dict_of(o) {
                names.extend(str_keys(d));
            }
            // An instance of a class deriving from a C type.
            if let Some(d) = o.instance_dict()
                && let Some(d) = d.downcast::<DictObj>()
            {
                names.extend(str_keys(d));
            }
            for c in crate::object::class::mro_of(&cls) {
                if let Some(d) = crate::object::class::class_data(&c).and_then(|cd| cd.dict()) {
                    names.extend(str_keys(d));
                } else if let Some(d) = c.as_type().and_then(|t| t.dict_ref())
                    && let Some(d) = d.downcast::<DictObj>()
                {
                    // A C type's methods, members and get-sets.
                    names.extend(str_keys(d));
                }
            }
            if let Some((_, dir)) = names::DIRS.iter().find(|(t, _)| *t == "object") {
                names.extend(dir.iter().map(|n| (*n).to_owned()));
            }
            names.sort();
            names.dedup();
            return names;
        }
    }
    let type_name = match obj.as_obj().and_then(|o| o.as_type()) {
        Some(t) => t.name().to_owned(),
        None => obj.type_name().to_owned(),
    };
    if let Some((_, dir)) = names::DIRS.iter().find(|(t, _)| *t == type_name) {
        names.extend(dir.iter().map(|n| (*n).to_owned()));
    } else if let Some((capi, o)) = crate::ext::foreign(obj) {
        // A C type's instance: its type's names, and `object`'s.
        names.extend(capi.attribute_names(o));
        if let Some((_, dir)) = names::DIRS.iter().find(|(t, _)| *t == "object") {
            names.extend(dir.iter().map(|n| (*n).to_owned()));
        }
    }
    if kind != Kind::TYPE {
        names.extend(
            crate::methods::table(kind)
                .iter()
                .map(|(n, _)| (*n).to_owned()),
        );
    }
    let extra: &[&str] = match kind {
        Kind::RANGE | Kind::SLICE => &["start", "step", "stop"],
        Kind::FUNCTION | Kind::BUILTIN => &["__name__", "__qualname__"],
        Kind::METHOD_DESCR => &["__name__", "__objclass__", "__qualname__"],
        Kind::TYPE => &["__module__", "__name__", "__qualname__"],
        Kind::EXC => &["__cause__", "__context__", "args"],
        _ => &[],
    };
    names.extend(extra.iter().map(|n| (*n).to_owned()));
    names.sort();
    names.dedup();
    names
}

/// CPython's `calculate_suggestions`: the candidate closest to `name`
/// (the first of equals), if close enough.
#[doc(hidden)]
pub fn closest(name: &str, candidates: &[String]) -> Option<String> {
    if candidates.len() >= MAX_CANDIDATES {
        return None;
    }
    let mut best: Option<(&String, usize)> = None;
    for item in candidates {
        if item == name {
            continue;
        }
        // No more than a third of the characters involved may change, and
        // a match must beat the best so far.
        let mut max = (name.len() + item.len() + 3) * MOVE_COST / 6;
        if let Some((_, d)) = best {
            max = max.min(d.saturating_sub(1));
        }
        let d = levenshtein(name.as_bytes(), item.as_bytes(), max);
        if d > max {
            continue;
        }
        if best.is_none_or(|(_, b)| d < b) {
            best = Some((item, d));
        }
    }
    best.map(|(s, _)| s.clone())
}

/// The cost of replacing byte `a` by `b`: nothing, a case change, or a
/// move.
fn substitution_cost(a: u8, b: u8) -> usize {
    if a & 31 != b & 31 {
        return MOVE_COST;
    }
    if a == b {
        0
    } else if a.eq_ignore_ascii_case(&b) {
        CASE_COST
    } else {
        MOVE_COST
    }
}

/// CPython's `levenshtein_distance`: the edit distance of two byte
/// strings, or anything above `max` once it is certain to exceed it.
#[doc(hidden)]
pub fn levenshtein(a: &[u8], b: &[u8], max: usize) -> usize {
    let pre = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[pre..], &b[pre..]);
    let post = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (a, b) = (&a[..a.len() - post], &b[..b.len() - post]);
    if a.is_empty() || b.is_empty() {
        return (a.len() + b.len()) * MOVE_COST;
    }
    if a.len() > MAX_NAME || b.len() > MAX_NAME {
        return max + 1;
    }
    // The shorter string is the row.
    let (a, b) = if b.len() < a.len() { (b, a) } else { (a, b) };
    if (b.len() - a.len()) * MOVE_COST > max {
        return max + 1;
    }
    let mut row: Vec<usize> = (1..=a.len()).map(|i| i * MOVE_COST).collect();
    let mut result = 0;
    for (bi, &code) in b.iter().enumerate() {
        let mut distance = bi * MOVE_COST;
        result = distance;
        let mut minimum = usize::MAX;
        for (ai, &ac) in a.iter().enumerate() {
            let substitute = distance + substitution_cost(code, ac);
            distance = row[ai];
            let insert_delete = result.min(distance) + MOVE_COST;
            result = insert_delete.min(substitute);
            row[ai] = result;
            minimum = minimum.min(result);
        }
        if minimum > max {
            return max + 1;
        }
    }
    result
}
