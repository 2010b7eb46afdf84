//! A pass over the source that finds what CPython 3.11's tokenizer
//! rejects, with its messages and positions: brackets (unmatched,
//! mismatched, too deeply nested), indentation (inconsistent dedent, tabs
//! against spaces, too many levels), unterminated strings, malformed
//! numbers and stray line continuations.
//!
//! CPython reports such an error even when its parser failed earlier in the
//! file (after a parse error it tokenizes the rest of the source and
//! prefers what the tokenizer finds), so [`scan`] looks at the whole file
//! and its first error wins over any parse error. ruff's lexer finds most
//! of these too, under other names and positions; this pass exists to give
//! CPython's.
//!
//! Positions follow CPython's `SyntaxError` attributes: `offset` is
//! 1-based in characters, and for an error raised by the tokenizer it is
//! the number of characters read on that line when the error was found.

/// The exception type of a syntax error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrKind {
    /// `SyntaxError`.
    Syntax,
    /// `IndentationError`.
    Indentation,
    /// `TabError`.
    Tab,
}

/// A syntax error with CPython's message and location.
#[derive(Clone, Debug)]
pub struct Diag {
    /// Which exception.
    pub kind: ErrKind,
    /// The message.
    pub msg: String,
    /// 1-based line.
    pub line: u32,
    /// CPython's `offset` (1-based characters; 0 for none).
    pub offset: u32,
    /// CPython's `end_lineno`.
    pub end_line: u32,
    /// CPython's `end_offset` (0 for none).
    pub end_offset: u32,
    /// The error comes from the tokenizer, whose `text` is the whole line;
    /// the parser's comes from re-reading the file (see `parse::error_text`).
    pub from_tokenizer: bool,
}

/// A bracket still open at the end of the file.
#[derive(Clone, Copy, Debug)]
pub struct Unclosed {
    /// The bracket.
    pub ch: char,
    /// Its 1-based line.
    pub line: u32,
    /// Its byte offset in the source.
    pub at: usize,
}

/// What [`scan`] found.
#[derive(Debug, Default)]
pub struct Scan {
    /// The first tokenizer error.
    pub error: Option<Diag>,
    /// The innermost bracket open at the end of the file.
    pub unclosed: Option<Unclosed>,
    /// The first decimal integer literal longer than the digit limit:
    /// (byte offset, line, digits).
    pub long_int: Option<(usize, u32, usize)>,
    /// The string literals, in groups of adjacent ones (which CPython's
    /// parser concatenates and decodes together), up to the first error.
    pub strings: Vec<StrGroup>,
}

/// One string literal token; byte offsets into the source.
#[derive(Clone, Copy, Debug)]
pub struct StrTok {
    /// The start of its prefix (its opening quote if it has none).
    pub start: usize,
    /// Its (first) opening quote.
    pub quote: usize,
    /// Its contents, between the quotes.
    pub body: (usize, usize),
    /// Just past its closing quote.
    pub end: usize,
}

/// Adjacent string literals, and the token after them: where CPython's
/// parser stands when it decodes them, so where it reports their errors.
#[derive(Clone, Debug, Default)]
pub struct StrGroup {
    /// The literals.
    pub toks: Vec<StrTok>,
    /// The byte range of the next token (a NEWLINE token is empty, or
    /// covers the comment before it); `None` if the tokenizer failed
    /// before reaching it.
    pub next: Option<(usize, usize)>,
}

/// CPython's `MAXLEVEL`: brackets open at once.
const MAX_LEVEL: usize = 200;
/// CPython's `MAXINDENT`: the indentation stack, the outermost level
/// included, holds fewer than this many entries.
const MAX_INDENT: usize = 100;

struct Tok<'a> {
    s: &'a str,
    b: &'a [u8],
    i: usize,
    line: u32,
    line_start: usize,
}

impl Tok<'_> {
    fn peek(&self, k: usize) -> u8 {
        self.b.get(self.i + k).copied().unwrap_or(0)
    }

    /// Characters of the current line before byte `at`.
    fn chars_before(&self, at: usize) -> u32 {
        let at = at.max(self.line_start).min(self.s.len());
        self.s
            .get(self.line_start..at)
            .map_or(0, |t| t.chars().count() as u32)
    }

    /// A tokenizer error when `cur` bytes of the line were read (CPython's
    /// `syntaxerror`): offset and end offset are the characters read.
    fn err_at(&self, cur: usize, msg: String) -> Diag {
        let off = self.chars_before(cur);
        Diag {
            kind: ErrKind::Syntax,
            msg,
            line: self.line,
            offset: off,
            end_line: self.line,
            end_offset: off,
            from_tokenizer: true,
        }
    }

    fn newline(&mut self) {
        self.line += 1;
        self.line_start = self.i;
    }
}

/// The byte length of the identifier character at `i`, if it is one. A
/// non-ASCII character counts if it is alphanumeric: others (a no-break
/// space, `€`) are left to the parser, which reports them as invalid
/// characters, as CPython does.
fn id_char_len(s: &str, i: usize) -> Option<usize> {
    let c = *s.as_bytes().get(i)?;
    if c.is_ascii_alphanumeric() || c == b'_' {
        return Some(1);
    }
    if c < 0x80 {
        return None;
    }
    let ch = s.get(i..)?.chars().next()?;
    ch.is_alphanumeric().then_some(ch.len_utf8())
}

fn is_string_prefix(p: &str) -> bool {
    matches!(
        p.to_ascii_lowercase().as_str(),
        "r" | "u" | "b" | "f" | "br" | "rb" | "fr" | "rf"
    )
}

/// Scans `text`; `max_digits` is the integer digit limit (0: none).
pub fn scan(text: &str, max_digits: usize) -> Scan {
    let mut t = Tok {
        s: text,
        b: text.as_bytes(),
        i: 0,
        line: 1,
        line_start: 0,
    };
    let mut out = Scan::default();
    match run(&mut t, max_digits, &mut out) {
        Ok(parens) => {
            out.unclosed = parens.last().map(|&(ch, line, at)| Unclosed {
                ch: ch as char,
                line,
                at,
            })
        }
        Err(d) => out.error = Some(d),
    }
    out
}

/// The main loop; returns the brackets open at the end.
fn run(t: &mut Tok, max_digits: usize, out: &mut Scan) -> Result<Vec<(u8, u32, usize)>, Diag> {
    let mut indents: Vec<(usize, usize)> = vec![(0, 0)];
    let mut parens: Vec<(u8, u32, usize)> = Vec::new();
    let mut at_bol = true;
    let n = t.b.len();
    // A group of string literals waits for the token after it, and a
    // comment after it would start that token if it is a NEWLINE.
    let mut pending = false;
    let mut comment: Option<(usize, usize)> = None;
    loop {
        if at_bol {
            at_bol = false;
            indentation(t, &mut indents, parens.is_empty())?;
        }
        if t.i >= n {
            if pending && let Some(g) = out.strings.last_mut() {
                g.next = Some(comment.unwrap_or((n, n)));
            }
            return Ok(parens);
        }
        let c = t.b[t.i];
        // The start of a token other than a string or a NEWLINE.
        let mut token = None;
        match c {
            b' ' | b'\t' | b'\x0c' => t.i += 1,
            b'#' => {
                let start = t.i;
                while t.i < n && t.b[t.i] != b'\n' && t.b[t.i] != b'\r' {
                    t.i += 1;
                }
                if pending && parens.is_empty() {
                    comment = Some((start, t.i));
                }
            }
            b'\n' | b'\r' => {
                // Outside brackets a NEWLINE token; inside, nothing.
                if pending && parens.is_empty() {
                    if let Some(g) = out.strings.last_mut() {
                        g.next = Some(comment.take().unwrap_or((t.i, t.i)));
                    }
                    pending = false;
                }
                t.i += if c == b'\r' && t.peek(1) == b'\n' {
                    2
                } else {
                    1
                };
                t.newline();
                at_bol = true;
            }
            b'\\' => {
                let next = t.peek(1);
                if next == b'\n' || next == b'\r' {
                    t.i += if next == b'\r' && t.peek(2) == b'\n' {
                        3
                    } else {
                        2
                    };
                    t.newline();
                } else if t.i + 1 >= n {
                    // CPython: E_EOF after a continuation, the offset one
                    // past the end of the line.
                    let off = t.chars_before(n) + 1;
                    return Err(Diag {
                        end_offset: 0,
                        offset: off,
                        ..t.err_at(n, "unexpected EOF while parsing".into())
                    });
                } else {
                    // CPython's offset counts the characters read, the one
                    // after the backslash included; it has no end.
                    let next_len = t.s[t.i + 1..].chars().next().map_or(1, char::len_utf8);
                    let off = t.chars_before(t.i + 1 + next_len);
                    return Err(Diag {
                        offset: off,
                        end_offset: 0,
                        ..t.err_at(
                            t.i,
                            "unexpected character after line continuation character".into(),
                        )
                    });
                }
            }
            b'(' | b'[' | b'{' => {
                if parens.len() >= MAX_LEVEL {
                    return Err(t.err_at(t.i + 1, "too many nested parentheses".into()));
                }
                token = Some(t.i);
                parens.push((c, t.line, t.i));
                t.i += 1;
            }
            b')' | b']' | b'}' => {
                token = Some(t.i);
                t.i += 1;
                let Some((open, line, _)) = parens.pop() else {
                    return Err(t.err_at(t.i, format!("unmatched '{}'", c as char)));
                };
                let want = match open {
                    b'(' => b')',
                    b'[' => b']',
                    _ => b'}',
                };
                if c != want {
                    let mut msg = format!(
                        "closing parenthesis '{}' does not match opening parenthesis '{}'",
                        c as char, open as char
                    );
                    if line != t.line {
                        msg.push_str(&format!(" on line {line}"));
                    }
                    return Err(t.err_at(t.i, msg));
                }
            }
            b'"' | b'\'' => {
                let tok = string(t, t.i)?;
                add_string(out, &mut pending, tok);
            }
            b'0'..=b'9' => {
                token = Some(t.i);
                number(t, max_digits, out)?
            }
            b'.' if t.peek(1).is_ascii_digit() => {
                token = Some(t.i);
                number(t, max_digits, out)?
            }
            _ if id_char_len(t.s, t.i).is_some() => {
                let start = t.i;
                while let Some(len) = id_char_len(t.s, t.i) {
                    t.i += len;
                }
                let q = t.peek(0);
                if (q == b'"' || q == b'\'') && is_string_prefix(&t.s[start..t.i]) {
                    let tok = string(t, start)?;
                    add_string(out, &mut pending, tok);
                } else {
                    token = Some(start);
                }
            }
            // An operator, or a character the parser rejects: skip it
            // (a non-ASCII one is several bytes).
            _ => {
                token = Some(t.i);
                t.i += operator_len(&t.b[t.i..])
                    .unwrap_or_else(|| t.s[t.i..].chars().next().map_or(1, char::len_utf8));
            }
        }
        if pending && let Some(start) = token {
            if let Some(g) = out.strings.last_mut() {
                g.next = Some((start, t.i));
            }
            pending = false;
        }
    }
}

/// Adds a string literal to the group waiting for its next token, or
/// starts a group.
fn add_string(out: &mut Scan, pending: &mut bool, tok: StrTok) {
    match out.strings.last_mut() {
        Some(g) if *pending => g.toks.push(tok),
        _ => out.strings.push(StrGroup {
            toks: vec![tok],
            next: None,
        }),
    }
    *pending = true;
}

/// The length of the operator at the start of `b` (CPython's longest
/// match), if one starts there.
fn operator_len(b: &[u8]) -> Option<usize> {
    const OPS: [&[u8]; 47] = [
        b"**=", b"//=", b">>=", b"<<=", b"...", b"!=", b"%=", b"&=", b"**", b"*=", b"+=", b"-=",
        b"->", b"//", b"/=", b":=", b"<<", b"<=", b"==", b">=", b">>", b"@=", b"^=", b"|=", b"%",
        b"&", b"*", b"+", b",", b"-", b".", b"/", b":", b";", b"<", b"=", b">", b"@", b"[", b"]",
        b"^", b"{", b"|", b"}", b"~", b"(", b")",
    ];
    OPS.iter().find(|op| b.starts_with(op)).map(|op| op.len())
}

/// The indentation at the start of a line (CPython's `atbol` step).
fn indentation(
    t: &mut Tok,
    indents: &mut Vec<(usize, usize)>,
    outside_brackets: bool,
) -> Result<(), Diag> {
    let (mut col, mut alt) = (0usize, 0usize);
    while t.i < t.b.len() {
        match t.b[t.i] {
            b' ' => {
                col += 1;
                alt += 1;
            }
            b'\t' => {
                col = (col / 8 + 1) * 8;
                alt += 1;
            }
            b'\x0c' => {
                col = 0;
                alt = 0;
            }
            _ => break,
        }
        t.i += 1;
    }
    let blank = matches!(t.peek(0), b'#' | b'\n' | b'\r' | 0) || t.i >= t.b.len();
    if blank || !outside_brackets {
        return Ok(());
    }
    let tab_error = |t: &Tok| Diag {
        kind: ErrKind::Tab,
        msg: "inconsistent use of tabs and spaces in indentation".into(),
        line: t.line,
        offset: 1,
        end_line: t.line,
        end_offset: 0,
        from_tokenizer: true,
    };
    let (top, alt_top) = indents.last().copied().unwrap_or((0, 0));
    if col == top {
        if alt != alt_top {
            return Err(tab_error(t));
        }
    } else if col > top {
        if indents.len() >= MAX_INDENT {
            return Err(Diag {
                kind: ErrKind::Indentation,
                msg: "too many levels of indentation".into(),
                ..tab_error(t)
            });
        }
        if alt <= alt_top {
            return Err(tab_error(t));
        }
        indents.push((col, alt));
    } else {
        while indents.len() > 1 && indents.last().is_some_and(|&(c, _)| col < c) {
            indents.pop();
        }
        let (top, alt_top) = indents.last().copied().unwrap_or((0, 0));
        if col != top {
            // CPython points past the end of the line.
            let end = line_end(t);
            let off = t.chars_before(end) + 1;
            return Err(Diag {
                kind: ErrKind::Indentation,
                msg: "unindent does not match any outer indentation level".into(),
                line: t.line,
                offset: off,
                end_line: t.line,
                end_offset: 0,
                from_tokenizer: false,
            });
        }
        if alt != alt_top {
            return Err(tab_error(t));
        }
    }
    Ok(())
}

/// The byte offset of the end of the current line (before its newline).
fn line_end(t: &Tok) -> usize {
    t.b[t.line_start..]
        .iter()
        .position(|&c| c == b'\n' || c == b'\r')
        .map_or(t.b.len(), |p| t.line_start + p)
}

/// A string literal whose prefix (if any) starts at `start` and whose
/// opening quote is at `t.i`.
fn string(t: &mut Tok, start: usize) -> Result<StrTok, Diag> {
    let q = t.b[t.i];
    let quote = t.i;
    let triple = t.peek(1) == q && t.peek(2) == q;
    let start_line = t.line;
    let start_off = t.chars_before(start) + 1;
    t.i += if triple { 3 } else { 1 };
    let unterminated = |detected: u32| Diag {
        kind: ErrKind::Syntax,
        msg: if triple {
            format!("unterminated triple-quoted string literal (detected at line {detected})")
        } else {
            format!("unterminated string literal (detected at line {detected})")
        },
        line: start_line,
        offset: start_off,
        end_line: start_line,
        end_offset: start_off,
        from_tokenizer: true,
    };
    let n = t.b.len();
    loop {
        if t.i >= n {
            // The tokenizer's line at the end of the file: a final newline
            // does not start another line.
            let ends_nl = matches!(t.b.last(), Some(b'\n' | b'\r'));
            let detected = if ends_nl && t.line > 1 {
                t.line - 1
            } else {
                t.line
            };
            return Err(unterminated(detected));
        }
        let c = t.b[t.i];
        match c {
            b'\\' => {
                t.i += 1;
                match t.peek(0) {
                    b'\r' => {
                        t.i += if t.peek(1) == b'\n' { 2 } else { 1 };
                        t.newline();
                    }
                    b'\n' => {
                        t.i += 1;
                        t.newline();
                    }
                    0 if t.i >= n => {}
                    _ => t.i += 1,
                }
            }
            b'\n' | b'\r' => {
                if !triple {
                    return Err(unterminated(t.line));
                }
                t.i += if c == b'\r' && t.peek(1) == b'\n' {
                    2
                } else {
                    1
                };
                t.newline();
            }
            _ if c == q => {
                let len = if !triple {
                    1
                } else if t.peek(1) == q && t.peek(2) == q {
                    3
                } else {
                    t.i += 1;
                    continue;
                };
                let body = (quote + len, t.i);
                t.i += len;
                return Ok(StrTok {
                    start,
                    quote,
                    body,
                    end: t.i,
                });
            }
            _ => t.i += 1,
        }
    }
}

/// Reads digits and single underscores between digits, starting at the
/// current character (CPython's `tok_decimal_tail` with its first digit
/// not yet read).
fn decimal_tail(t: &mut Tok) -> Result<(), Diag> {
    loop {
        while t.peek(0).is_ascii_digit() {
            t.i += 1;
        }
        if t.peek(0) != b'_' {
            return Ok(());
        }
        t.i += 1;
        if !t.peek(0).is_ascii_digit() {
            return Err(t.err_at(t.i, "invalid decimal literal".into()));
        }
    }
}

/// CPython's `verify_end_of_number`: a number may not run into a name,
/// except the keywords that can follow one in valid code.
fn end_of_number(t: &Tok, kind: &str) -> Result<(), Diag> {
    let rest = &t.b[t.i..];
    // `1if`, `1in`, `1is` are let through as soon as the `i` and the next
    // letter are seen; the other keywords must end there.
    let keyword = ["if", "in", "is"]
        .iter()
        .any(|k| rest.starts_with(k.as_bytes()))
        || ["and", "else", "for", "or", "not"]
            .iter()
            .any(|k| rest.starts_with(k.as_bytes()) && id_char_len(t.s, t.i + k.len()).is_none());
    if !keyword && id_char_len(t.s, t.i).is_some() {
        return Err(t.err_at(t.i, format!("invalid {kind} literal")));
    }
    Ok(())
}

/// Digits of a hexadecimal, octal or binary literal after its prefix.
fn radix_digits(t: &mut Tok, kind: &str, ok: fn(u8) -> bool) -> Result<(), Diag> {
    loop {
        if t.peek(0) == b'_' {
            t.i += 1;
        }
        let c = t.peek(0);
        if !ok(c) {
            if kind != "hexadecimal" && c.is_ascii_digit() {
                return Err(t.err_at(
                    t.i + 1,
                    format!("invalid digit '{}' in {kind} literal", c as char),
                ));
            }
            return Err(t.err_at(t.i, format!("invalid {kind} literal")));
        }
        while ok(t.peek(0)) {
            t.i += 1;
        }
        if t.peek(0) != b'_' {
            break;
        }
    }
    let c = t.peek(0);
    if kind != "hexadecimal" && c.is_ascii_digit() {
        return Err(t.err_at(
            t.i + 1,
            format!("invalid digit '{}' in {kind} literal", c as char),
        ));
    }
    end_of_number(t, kind)
}

/// A number literal starting at `t.i` (a digit, or `.` and a digit).
fn number(t: &mut Tok, max_digits: usize, out: &mut Scan) -> Result<(), Diag> {
    let start = t.i;
    if t.peek(0) == b'0' {
        match t.peek(1) {
            b'x' | b'X' => {
                t.i += 2;
                return radix_digits(t, "hexadecimal", |c| c.is_ascii_hexdigit());
            }
            b'o' | b'O' => {
                t.i += 2;
                return radix_digits(t, "octal", |c| (b'0'..b'8').contains(&c));
            }
            b'b' | b'B' => {
                t.i += 2;
                return radix_digits(t, "binary", |c| c == b'0' || c == b'1');
            }
            _ => {}
        }
        // Zeros, maybe with underscores; then old-style octal is refused.
        t.i += 1;
        loop {
            if t.peek(0) == b'_' {
                t.i += 1;
                if !t.peek(0).is_ascii_digit() {
                    return Err(t.err_at(t.i, "invalid decimal literal".into()));
                }
            }
            if t.peek(0) != b'0' {
                break;
            }
            t.i += 1;
        }
        let zeros_end = t.i;
        let nonzero = t.peek(0).is_ascii_digit();
        if nonzero {
            decimal_tail(t)?;
        }
        match t.peek(0) {
            b'.' => {
                t.i += 1;
                return fraction(t);
            }
            b'e' | b'E' => return exponent(t),
            b'j' | b'J' => {
                t.i += 1;
                return end_of_number(t, "imaginary");
            }
            _ if nonzero => {
                let from = t.chars_before(start + 1);
                let to = t.chars_before(zeros_end) + 1;
                return Err(Diag {
                    offset: from,
                    end_offset: to,
                    ..t.err_at(
                        t.i,
                        "leading zeros in decimal integer literals are not permitted; \
                         use an 0o prefix for octal integers"
                            .into(),
                    )
                });
            }
            _ => return end_of_number(t, "decimal"),
        }
    }
    if t.peek(0) == b'.' {
        t.i += 1;
        return fraction(t);
    }
    decimal_tail(t)?;
    match t.peek(0) {
        b'.' => {
            t.i += 1;
            fraction(t)
        }
        b'e' | b'E' => exponent(t),
        b'j' | b'J' => {
            t.i += 1;
            end_of_number(t, "imaginary")
        }
        _ => {
            if max_digits > 0 && out.long_int.is_none() {
                let digits = t.b[start..t.i]
                    .iter()
                    .filter(|c| c.is_ascii_digit())
                    .count();
                if digits > max_digits {
                    out.long_int = Some((start, t.line, digits));
                }
            }
            end_of_number(t, "decimal")
        }
    }
}

/// After the `.` of a float.
fn fraction(t: &mut Tok) -> Result<(), Diag> {
    if t.peek(0).is_ascii_digit() {
        decimal_tail(t)?;
    }
    match t.peek(0) {
        b'e' | b'E' => exponent(t),
        b'j' | b'J' => {
            t.i += 1;
            end_of_number(t, "imaginary")
        }
        _ => end_of_number(t, "decimal"),
    }
}

/// At the `e` of an exponent.
fn exponent(t: &mut Tok) -> Result<(), Diag> {
    let e = t.i;
    t.i += 1;
    match t.peek(0) {
        b'+' | b'-' => {
            t.i += 1;
            if !t.peek(0).is_ascii_digit() {
                return Err(t.err_at(t.i, "invalid decimal literal".into()));
            }
        }
        c if !c.is_ascii_digit() => {
            // `1e` is the number 1 followed by a name, unless the name is
            // a keyword that may follow a number (`1else`).
            t.i = e;
            return end_of_number(t, "decimal");
        }
        _ => {}
    }
    decimal_tail(t)?;
    if matches!(t.peek(0), b'j' | b'J') {
        t.i += 1;
        return end_of_number(t, "imaginary");
    }
    end_of_number(t, "decimal")
}
