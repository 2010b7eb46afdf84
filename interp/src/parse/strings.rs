//! The errors CPython 3.11's parser finds when it turns string literals
//! into values (`Parser/string_parser.c`): escapes its decoders refuse,
//! non-ASCII characters in bytes, bytes next to str, and the f-string
//! errors of its f-string scanner (`f"{}"`, `f"{a!x}"`, a single `}`, …).
//!
//! CPython reports these in the action of its `strings` rule, which runs
//! once the parser has read the token after a group of adjacent literals:
//! that token is where the error points (the literal itself only for
//! non-ASCII bytes). ruff reports most of them under other words and
//! positions (or not at all: it reads f-strings as Python 3.12 does).

use super::tokcheck::{Diag, ErrKind, StrGroup, StrTok};
use crate::compile::LineIndex;

/// A string error and where its group of literals starts (a parse error
/// before that point is found first).
pub struct StrError {
    /// The byte offset of the group's first literal.
    pub at: usize,
    /// The error.
    pub diag: Diag,
    /// The text to show instead of the source line, with `diag`'s offsets
    /// counted in its bytes (an error in an f-string's expression).
    pub text: Option<String>,
    /// The line of the token after the group: the tokenizer has read that
    /// far when the error is raised.
    pub reached: u32,
}

/// How a literal failed.
#[doc(hidden)]
pub enum Fail {
    /// Raised at the token after the group (CPython's `RAISE_SYNTAX_ERROR`).
    AtNext(String),
    /// Raised at the literal itself.
    AtToken(String),
    /// An error of the parser CPython runs on an f-string's expression
    /// alone, in parentheses: reported on the expression's line, with that
    /// text and byte offsets into it.
    InExpr {
        /// Where the expression starts, in the literal's contents.
        at: usize,
        /// The error, on line 1 of `text`.
        diag: Diag,
        /// `(expression)`.
        text: String,
    },
    /// An f-string expression that does not parse for a reason not mapped
    /// to CPython's words (or not on its first line): the caller keeps
    /// ruff's error.
    Unknown,
}

/// The first error CPython's parser finds in the string literals of
/// `groups`, if any is found before a tokenizer error (a group whose next
/// token was not reached) or an expression in an f-string that does not
/// parse.
pub fn check(text: &str, index: &LineIndex, groups: &[StrGroup]) -> Option<StrError> {
    for g in groups {
        let next = g.next?;
        let reached = index.line(next.0 as u32);
        let mut bytes_mode = None;
        for tok in &g.toks {
            let fail = match literal(text, tok, &mut bytes_mode) {
                Ok(()) => continue,
                Err(f) => f,
            };
            let (msg, (start, end)) = match fail {
                Fail::AtNext(msg) => (msg, next),
                Fail::AtToken(msg) => (msg, (tok.start, tok.end)),
                Fail::Unknown => return None,
                Fail::InExpr { at, diag, text: t } => {
                    let line = index.line((tok.body.0 + at) as u32);
                    // The parser's messages say where they come from, the
                    // tokenizer's do not.
                    let msg = if diag.from_tokenizer {
                        diag.msg.clone()
                    } else {
                        format!("f-string: {}", diag.msg)
                    };
                    return Some(StrError {
                        at: g.toks.first().map_or(tok.start, |t| t.start),
                        reached,
                        diag: Diag {
                            msg,
                            line,
                            end_line: line,
                            ..diag
                        },
                        text: Some(t),
                    });
                }
            };
            let (line, offset) = index.line_col(text, start as u32);
            let (end_line, end_offset) = index.line_col(text, end as u32);
            return Some(StrError {
                at: g.toks.first().map_or(tok.start, |t| t.start),
                diag: Diag {
                    kind: ErrKind::Syntax,
                    msg,
                    line,
                    offset,
                    end_line,
                    end_offset,
                    from_tokenizer: false,
                },
                text: None,
                reached,
            });
        }
    }
    None
}

/// One literal of a group, as `_PyPegen_parsestr` and the concatenation
/// after it see it; `bytes_mode` is whether the group's literals so far
/// are bytes.
fn literal(text: &str, tok: &StrTok, bytes_mode: &mut Option<bool>) -> Result<(), Fail> {
    let prefix = text
        .get(tok.start..tok.quote)
        .unwrap_or("")
        .to_ascii_lowercase();
    let raw = prefix.contains('r');
    let is_bytes = prefix.contains('b');
    let is_f = prefix.contains('f');
    let body = text
        .as_bytes()
        .get(tok.body.0..tok.body.1)
        .unwrap_or_default();
    if is_bytes {
        if !body.is_ascii() {
            return Err(Fail::AtToken(
                "bytes can only contain ASCII literal characters".into(),
            ));
        }
        if !raw {
            bytes_escapes(body)?;
        }
    } else if !is_f && !raw {
        unicode_escapes(body)?;
    }
    if bytes_mode.is_some_and(|m| m != is_bytes) {
        return Err(Fail::AtNext(
            "cannot mix bytes and nonbytes literals".into(),
        ));
    }
    *bytes_mode = Some(is_bytes);
    if is_f {
        let mut i = 0;
        fstring(body, &mut i, raw, 0)?;
    }
    Ok(())
}

/// CPython's `PyBytes_DecodeEscape`: only a `\x` without two hex digits
/// fails.
fn bytes_escapes(b: &[u8]) -> Result<(), Fail> {
    let mut s = 0;
    while s < b.len() {
        if b[s] != b'\\' {
            s += 1;
            continue;
        }
        let at = s;
        s += 2;
        if b.get(at + 1) == Some(&b'x') {
            let hex = |k: usize| b.get(k).is_some_and(u8::is_ascii_hexdigit);
            if !(s + 1 < b.len() && hex(s) && hex(s + 1)) {
                return Err(Fail::AtNext(format!(
                    "(value error) invalid \\x escape at position {at}"
                )));
            }
            s += 2;
        }
    }
    Ok(())
}

/// CPython's `decode_unicode_with_escapes`: the text, with every non-ASCII
/// character written as `\UXXXXXXXX` (and a backslash before one as
/// `\u005c`), goes through the `unicode_escape` decoder, whose error
/// positions count in that rewritten text.
fn unicode_escapes(b: &[u8]) -> Result<(), Fail> {
    if !b.contains(&b'\\') {
        return Ok(());
    }
    let mut buf = Vec::with_capacity(b.len());
    let mut s = 0;
    while s < b.len() {
        if b[s] == b'\\' {
            buf.push(b'\\');
            s += 1;
            if s >= b.len() || b[s] >= 0x80 {
                buf.extend_from_slice(b"u005c");
                if s >= b.len() {
                    break;
                }
            }
        }
        if b[s] >= 0x80 {
            let end = b[s..]
                .iter()
                .position(|&c| c < 0x80)
                .map_or(b.len(), |p| s + p);
            for ch in String::from_utf8_lossy(&b[s..end]).chars() {
                buf.extend_from_slice(format!("\\U{:08x}", ch as u32).as_bytes());
            }
            s = end;
        } else {
            buf.push(b[s]);
            s += 1;
        }
    }
    match unicode_escape_error(&buf) {
        None => Ok(()),
        Some((start, end, why)) => {
            let what = if end - start == 1 {
                format!("byte 0x{:02x} in position {start}", buf[start])
            } else {
                format!("bytes in position {start}-{}", end - 1)
            };
            Err(Fail::AtNext(format!(
                "(unicode error) 'unicodeescape' codec can't decode {what}: {why}"
            )))
        }
    }
}

/// The first error of CPython's `unicode_escape` decoder in `b`: the byte
/// range it names and its reason.
#[doc(hidden)]
pub fn unicode_escape_error(b: &[u8]) -> Option<(usize, usize, &'static str)> {
    let n = b.len();
    let mut s = 0;
    while s < n {
        if b[s] != b'\\' {
            s += 1;
            continue;
        }
        let start = s;
        s += 1;
        let Some(&c) = b.get(s) else {
            return Some((start, n, "\\ at end of string"));
        };
        s += 1;
        let (count, why) = match c {
            b'x' => (2, "truncated \\xXX escape"),
            b'u' => (4, "truncated \\uXXXX escape"),
            b'U' => (8, "truncated \\UXXXXXXXX escape"),
            b'N' => {
                let why = "malformed \\N character escape";
                if b.get(s) != Some(&b'{') {
                    return Some((start, s.min(n), why));
                }
                s += 1;
                let name_start = s;
                while s < n && b[s] != b'}' {
                    s += 1;
                }
                if s >= n || s == name_start {
                    return Some((start, s, why));
                }
                let name = std::str::from_utf8(&b[name_start..s]).ok();
                s += 1;
                if name.and_then(unicode_names2::character).is_none() {
                    return Some((start, s, "unknown Unicode character name"));
                }
                continue;
            }
            b'0'..=b'7' => {
                for _ in 0..2 {
                    if matches!(b.get(s), Some(b'0'..=b'7')) {
                        s += 1;
                    }
                }
                continue;
            }
            _ => continue,
        };
        let mut ch: u32 = 0;
        for _ in 0..count {
            let Some(d) = b.get(s).and_then(|&d| (d as char).to_digit(16)) else {
                return Some((start, s.min(n), why));
            };
            ch = (ch << 4) | d;
            s += 1;
        }
        if ch > 0x10ffff {
            return Some((start, s, "illegal Unicode character"));
        }
    }
    None
}

/// The expressions of an f-string nest at most this deep (CPython's
/// `fstring_find_expr`, `recurse_lvl`).
const FSTRING_MAX_NEST: u32 = 2;

/// CPython's `_PyPegen_FstringParser_ConcatFstring`: literal parts and
/// replacement fields from `*i` to the end of `b` (at level 0) or to the
/// `}` closing a format spec.
#[doc(hidden)]
pub fn fstring(b: &[u8], i: &mut usize, raw: bool, level: u32) -> Result<(), Fail> {
    loop {
        if fstring_literal(b, i, raw, level)? {
            continue;
        }
        if *i >= b.len() || b[*i] == b'}' {
            break;
        }
        fstring_expr(b, i, raw, level)?;
    }
    if level == 0 && *i + 1 < b.len() {
        return Err(Fail::AtNext("f-string: unexpected end of string".into()));
    }
    if level != 0 && b.get(*i) != Some(&b'}') {
        return Err(expecting_brace());
    }
    Ok(())
}

fn expecting_brace() -> Fail {
    Fail::AtNext("f-string: expecting '}'".into())
}

/// CPython's `fstring_find_literal`: the literal text up to a `{` or `}`,
/// its escapes decoded. `Ok(true)` if it ended at a doubled brace (and the
/// scan goes on after it).
fn fstring_literal(b: &[u8], i: &mut usize, raw: bool, level: u32) -> Result<bool, Fail> {
    let start = *i;
    let mut s = *i;
    let n = b.len();
    let mut doubled = false;
    let mut end = None;
    while s < n {
        let mut ch = b[s];
        s += 1;
        if !raw && ch == b'\\' && s < n {
            ch = b[s];
            s += 1;
            if ch == b'N' {
                // `\N{...}`: its braces are no replacement field.
                if s < n {
                    let c = b[s];
                    s += 1;
                    if c == b'{' {
                        while s < n {
                            let c = b[s];
                            s += 1;
                            if c == b'}' {
                                break;
                            }
                        }
                    }
                }
                continue;
            }
        }
        if ch == b'{' || ch == b'}' {
            if level == 0 {
                if s < n && b[s] == ch {
                    *i = s + 1;
                    doubled = true;
                    end = Some(s);
                    break;
                }
                if ch == b'}' {
                    *i = s - 1;
                    return Err(Fail::AtNext("f-string: single '}' is not allowed".into()));
                }
            }
            s -= 1;
            break;
        }
    }
    let end = match end {
        Some(e) => e,
        None => {
            *i = s;
            s
        }
    };
    if end != start && !raw {
        unicode_escapes(&b[start..end])?;
    }
    Ok(doubled)
}

/// CPython's `fstring_find_expr`: a replacement field from its `{`.
fn fstring_expr(b: &[u8], i: &mut usize, raw: bool, level: u32) -> Result<(), Fail> {
    let err = |m: String| Err(Fail::AtNext(m));
    if level >= FSTRING_MAX_NEST {
        return err("f-string: expressions nested too deeply".into());
    }
    let n = b.len();
    *i += 1;
    let expr_start = *i;
    let mut quote = 0u8;
    let mut triple = false;
    let mut parens: Vec<u8> = Vec::new();
    while *i < n {
        let ch = b[*i];
        if ch == b'\\' {
            return err("f-string expression part cannot include a backslash".into());
        }
        if quote != 0 {
            if ch == quote {
                if !triple {
                    quote = 0;
                } else if *i + 2 < n && b[*i + 1] == ch && b[*i + 2] == ch {
                    *i += 2;
                    quote = 0;
                }
            }
            *i += 1;
            continue;
        }
        match ch {
            b'\'' | b'"' => {
                triple = *i + 2 < n && b[*i + 1] == ch && b[*i + 2] == ch;
                if triple {
                    *i += 2;
                }
                quote = ch;
            }
            b'[' | b'{' | b'(' => {
                if parens.len() >= 200 {
                    return err("f-string: too many nested parenthesis".into());
                }
                parens.push(ch);
            }
            b'#' => return err("f-string expression part cannot include '#'".into()),
            b'!' | b':' | b'}' | b'=' | b'>' | b'<' if parens.is_empty() => {
                // `!=`, `==`, `<=`, `>=` are operators; `<`, `>` too.
                if b.get(*i + 1) == Some(&b'=') && ch != b':' && ch != b'}' {
                    *i += 2;
                    continue;
                }
                if ch == b'<' || ch == b'>' {
                    *i += 1;
                    continue;
                }
                break;
            }
            b']' | b'}' | b')' => {
                let Some(open) = parens.pop() else {
                    return err(format!("f-string: unmatched '{}'", ch as char));
                };
                if !matches!((open, ch), (b'(', b')') | (b'[', b']') | (b'{', b'}')) {
                    return err(format!(
                        "f-string: closing parenthesis '{}' does not match opening parenthesis '{}'",
                        ch as char, open as char
                    ));
                }
            }
            _ => {}
        }
        *i += 1;
    }
    let expr_end = *i;
    if quote != 0 {
        return err("f-string: unterminated string".into());
    }
    if let Some(&open) = parens.last() {
        return err(format!("f-string: unmatched '{}'", open as char));
    }
    if *i >= n {
        return Err(expecting_brace());
    }
    fstring_compile_expr(b, expr_start, expr_end)?;
    if b[*i] == b'=' {
        *i += 1;
        while *i < n && matches!(b[*i], b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c') {
            *i += 1;
        }
        if *i >= n {
            return Err(expecting_brace());
        }
    }
    if b[*i] == b'!' {
        *i += 1;
        let Some(&conv) = b.get(*i) else {
            return Err(expecting_brace());
        };
        *i += 1;
        if !matches!(conv, b's' | b'r' | b'a') {
            return err("f-string: invalid conversion character: expected 's', 'r', or 'a'".into());
        }
    }
    if b.get(*i) == Some(&b':') {
        *i += 1;
        if *i >= n {
            return Err(expecting_brace());
        }
        fstring(b, i, raw, level + 1)?;
    }
    if b.get(*i) != Some(&b'}') {
        return Err(expecting_brace());
    }
    *i += 1;
    Ok(())
}

/// CPython's `fstring_compile_expr`: an expression of only whitespace is
/// refused by name; any other is parsed in parentheses.
fn fstring_compile_expr(b: &[u8], start: usize, end: usize) -> Result<(), Fail> {
    let expr = &b[start..end];
    if expr
        .iter()
        .all(|c| matches!(c, b' ' | b'\t' | b'\n' | b'\x0c'))
    {
        return Err(Fail::AtNext(match b.get(end) {
            Some(&c @ (b'!' | b':' | b'=')) => {
                format!("f-string: expression required before '{}'", c as char)
            }
            _ => "f-string: empty expression not allowed".into(),
        }));
    }
    let Ok(expr) = std::str::from_utf8(expr) else {
        return Err(Fail::Unknown);
    };
    let text = format!("({expr})");
    if super::with_fragment(&text, |_| Some(())).is_some() {
        return Ok(());
    }
    match super::fragment_error(&text) {
        Some(mut diag) if diag.line == 1 && diag.end_line <= 1 && !text.contains('\n') => {
            let bytes = |off: u32| -> u32 {
                if off == 0 {
                    return 0;
                }
                let k = off as usize - 1;
                text.char_indices()
                    .nth(k)
                    .map_or(text.len() + 1, |(b, _)| b + 1) as u32
            };
            diag.offset = bytes(diag.offset);
            diag.end_offset = bytes(diag.end_offset);
            Err(Fail::InExpr {
                at: start,
                diag,
                text,
            })
        }
        _ => Err(Fail::Unknown),
    }
}
