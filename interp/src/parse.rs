//! The front end: source text → ruff's AST → [`Code`], turning parse and
//! compile errors into Python `SyntaxError`s that point at the file, line
//! and column.

use crate::bytecode::{Code, Source};
use crate::compile::{self, LineIndex};
use crate::object::exc::SyntaxInfo;
use crate::object::{PyErr, PyResult};
use ruff_python_ast::{ModModule, PySourceType};
use ruff_python_parser::{LexicalErrorType, ParseErrorType, Parsed};
use ruff_text_size::Ranged;
use std::rc::Rc;
use tokcheck::{Diag, ErrKind};

mod errors;
#[doc(hidden)]
pub mod strings;
#[doc(hidden)]
pub mod tokcheck;

/// The largest stack of the thread that parses, and later drops, a
/// module's syntax tree. ruff's parser recurses once per level of nesting
/// (a million unary minus signs are a million frames), and so does
/// dropping the tree it builds; on an embedder's thread, whose stack may
/// be 2 MB, that overflowed. The compiler itself refuses trees deeper than
/// [`compile::NEST_MAX`], so it stays on the interpreter's thread. Only
/// touched pages of this stack are ever committed. A source gets a stack
/// for as deep as its length lets it nest ([`parse_stack`]).
const PARSE_STACK: usize = 256 << 20;

/// Parses `text` as CPython 3.11 reads it: syntax added after 3.11 is
/// reported (`parsed.unsupported_syntax_errors()`), 3.11's own is not
/// (ruff's default target is 3.10, which would refuse `except*`).
fn parse_py311(text: &str) -> ruff_python_parser::Parsed<ruff_python_ast::ModModule> {
    let options = ruff_python_parser::ParseOptions::from(PySourceType::Python)
        .with_target_version(ruff_python_ast::PythonVersion::PY311);
    match ruff_python_parser::parse_unchecked(text, options).try_into_module() {
        Some(m) => m,
        // A Python (not notebook) source always parses to a module.
        None => ruff_python_parser::parse_unchecked_source(text, PySourceType::Python),
    }
}

/// Parses and compiles a module.
pub fn parse_and_compile(source: Rc<Source>) -> PyResult<Rc<Code>> {
    parse_and_compile_mode(source, compile::Mode::Module, 0)
}

/// Parses and compiles `source` for `mode` (`exec`/`eval`/`compile()`),
/// with the future features of `flags` on (`compile::CO_FUTURE_*`).
pub fn parse_and_compile_mode(
    source: Rc<Source>,
    mode: compile::Mode,
    flags: u32,
) -> PyResult<Rc<Code>> {
    let text: &str = &source.text;
    std::thread::scope(|scope| {
        // Private names are mangled on a copy of the tree, made (and
        // dropped) on the parse stack too: copying recurses as parsing does.
        let parse = move || {
            let parsed = parse_py311(text);
            let mangled = compile::mangle::may_mangle(text).then(|| {
                let mut body = parsed.syntax().body.clone();
                compile::mangle::mangle_body(&mut body, compile::NEST_MAX);
                body
            });
            (parsed, mangled)
        };
        let stack = parse_stack(text.len());
        let (parsed, mangled) = on_parse_stack(scope, stack, parse).unwrap_or_else(parse);
        let code = compile_parsed(&source, &parsed, mangled.as_deref(), mode, flags);
        // Where no thread can be made, the tree is dropped here.
        let _ = on_parse_stack(scope, stack, move || drop((parsed, mangled)));
        code
    })
}

/// The stack for parsing a source of `len` bytes: as deep as it can nest
/// (each level takes a character, [`FRAGMENT_STACK_PER_BYTE`] a level), at
/// least a thread's usual 2 MB and at most [`PARSE_STACK`]. Sized, not the
/// largest for all: each thread maps and unmaps its stack, which under
/// valgrind's memcheck took a second and a half for 256 MB, twice a
/// module; a small one is reused from the C library's cache of stacks.
fn parse_stack(len: usize) -> usize {
    len.saturating_mul(FRAGMENT_STACK_PER_BYTE)
        .clamp(2 << 20, PARSE_STACK)
}

/// Runs `f` on a scoped thread with a `stack`-byte stack; `None` (and `f`
/// dropped) if no thread could be made.
fn on_parse_stack<'scope, T: Send + 'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    stack: usize,
    f: impl FnOnce() -> T + Send + 'scope,
) -> Option<T> {
    let handle = std::thread::Builder::new()
        .name("typhon-parse".into())
        .stack_size(stack)
        .spawn_scoped(scope, f)
        .ok()?;
    match handle.join() {
        Ok(r) => Some(r),
        // A panic in the parser is the parser's bug: it is passed on.
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// Parses `text`, a piece of one source line, as a module of its own and
/// hands its tree to `f` (for a traceback's carets); `None` if it does not
/// parse. A fragment short enough that its nesting cannot be deep is
/// parsed where it is; a longer one on a thread whose stack grows with
/// its length (each level of nesting takes a character; small enough to
/// be made under a memory limit), and where no thread can be made the
/// answer is `None`.
pub(crate) fn with_fragment<R: Send>(
    text: &str,
    f: impl FnOnce(&ModModule) -> Option<R> + Send,
) -> Option<R> {
    on_fragment_stack(text.len(), move || {
        let parsed = ruff_python_parser::parse_module(text).ok()?;
        f(parsed.syntax())
    })
}

/// Runs `job`, which parses a fragment of `len` bytes (see
/// [`with_fragment`]).
fn on_fragment_stack<R: Send>(len: usize, job: impl FnOnce() -> Option<R> + Send) -> Option<R> {
    if len <= FRAGMENT_INLINE {
        return job();
    }
    std::thread::scope(|scope| on_parse_stack(scope, parse_stack(len), job).flatten())
}

/// CPython's error for `text` parsed as code from a string on its own
/// (an f-string's expression), if Typhon knows its words: the tokenizer's
/// first error, else ruff's first parse error reworded.
pub(crate) fn fragment_error(text: &str) -> Option<Diag> {
    let scan = tokcheck::scan(text, crate::format::int_max_str_digits());
    if let Some(d) = scan.error {
        return Some(d);
    }
    on_fragment_stack(text.len(), || {
        let parsed = parse_py311(text);
        let e = parsed.errors().iter().min_by_key(|e| e.location.start())?;
        let index = LineIndex::new(text);
        errors::map(text, &index, parsed.tokens(), e, true)
    })
}

/// The longest fragment [`with_fragment`] parses on the caller's stack:
/// it nests at most this deep.
const FRAGMENT_INLINE: usize = 64;

/// Stack for parsing a fragment, per byte of it (a generous bound on what
/// ruff's parser takes per level of nesting).
const FRAGMENT_STACK_PER_BYTE: usize = 16 << 10;

/// Compiles `parsed`, whose statements are `mangled` when private names
/// were mangled in a copy of its tree.
fn compile_parsed(
    source: &Rc<Source>,
    parsed: &Parsed<ModModule>,
    mangled: Option<&[ruff_python_ast::Stmt]>,
    mode: compile::Mode,
    flags: u32,
) -> PyResult<Rc<Code>> {
    let text: &str = &source.text;
    let scan = tokcheck::scan(text, crate::format::int_max_str_digits());
    let first = parsed.errors().iter().min_by_key(|e| e.location.start());
    // CPython decodes a group of string literals in its parser's action
    // for them, once it has read the token after them: after a parse error
    // before them, and before a tokenizer error further on (`check` stops
    // at one before them). That error is then one of its parser's, which a
    // tokenizer error anywhere later replaces (see below).
    let str_err = if scan.strings.is_empty() {
        None
    } else {
        let index = LineIndex::new(text);
        strings::check(text, &index, &scan.strings)
            .filter(|se| first.is_none_or(|e| usize::from(e.location.start()) >= se.at))
    };
    // A tokenizer error before the parse error stops CPython's parse there.
    // One after it wins too: after most parse errors CPython tokenizes the
    // rest of the file and prefers what that finds. Not after an
    // unexpected indent, which CPython reports at once, and not if it is
    // an indentation error (see below).
    if let Some(d) = scan.error {
        let wins = match (&str_err, first) {
            (Some(se), _) => d.kind == ErrKind::Syntax || d.line <= se.reached,
            (None, None) => true,
            (None, Some(e)) => {
                let index = LineIndex::new(text);
                let (line, col) = index.line_col(text, u32::from(e.location.start()));
                // Indentation errors are found at the start of their line
                // and raise nothing in CPython's second tokenization:
                // they count only before the parse error.
                if d.kind == ErrKind::Syntax {
                    (d.line, d.offset) <= (line, col)
                        || !matches!(e.error, ParseErrorType::UnexpectedIndentation)
                } else {
                    d.line <= line
                }
            }
        };
        if wins {
            return Err(diag_error(source, d));
        }
    }
    if let Some(se) = str_err {
        return Err(match se.text {
            None => diag_error(source, se.diag),
            Some(text) => PyErr::syntax_of(
                &crate::object::types::SYNTAX_ERROR,
                se.diag.msg,
                SyntaxInfo {
                    filename: source.filename.clone(),
                    line: se.diag.line,
                    col: se.diag.offset,
                    text: Some(text),
                    end_line: se.diag.end_line,
                    end_col: se.diag.end_offset,
                    typhon_suffix: false,
                },
            ),
        });
    }
    // An integer literal over the digit limit fails in the parser's action
    // for it: before any parse error further on.
    if let Some((at, line, digits)) = scan.long_int
        && first.is_none_or(|e| usize::from(e.location.start()) > at)
    {
        let msg = format!(
            "Exceeds the limit ({} digits) for integer string conversion: value has {digits} digits; \
             use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal \
             for huge integer literals to avoid decimal conversion limits.",
            crate::format::int_max_str_digits()
        );
        return Err(diag_error(
            source,
            Diag {
                kind: ErrKind::Syntax,
                msg,
                line,
                offset: 0,
                end_line: line,
                end_offset: 0,
                from_tokenizer: false,
            },
        ));
    }
    if let Some(e) = first {
        let index = LineIndex::new(text);
        let d = match scan.unclosed {
            Some(u) if never_closed(text, &index, parsed, e, u) => {
                let (line, col) = index.line_col(text, u.at as u32);
                Some(Diag {
                    kind: ErrKind::Syntax,
                    msg: format!("'{}' was never closed", u.ch),
                    line,
                    offset: col,
                    end_line: line,
                    end_offset: 0,
                    from_tokenizer: false,
                })
            }
            _ => errors::map(text, &index, parsed.tokens(), e, is_string_source(source)),
        };
        return Err(match d {
            Some(d) => diag_error(source, d),
            None => {
                // Kept in ruff's words, marked as Typhon's (see
                // tests/rejected/README.md).
                let (line, col) = index.line_col(text, u32::from(e.location.start()));
                unsupported_error(source, e.error.to_string(), line, col)
            }
        });
    }
    if let Some(e) = parsed.unsupported_syntax_errors().first() {
        let index = LineIndex::new(text);
        let (line, col) = index.line_col(text, u32::from(e.range.start()));
        // Syntax of later Pythons that CPython 3.11 refuses in its own words.
        if e.to_string()
            .starts_with("Cannot use iterable unpacking in a")
        {
            let (end_line, end_col) = index.line_col(text, u32::from(e.range.end()));
            return Err(diag_error(
                source,
                Diag {
                    kind: ErrKind::Syntax,
                    msg: "iterable unpacking cannot be used in comprehension".into(),
                    line,
                    offset: col,
                    end_line,
                    end_offset: end_col,
                    from_tokenizer: false,
                },
            ));
        }
        return Err(unsupported_error(source, e.to_string(), line, col));
    }
    let body = mangled.unwrap_or(&parsed.syntax().body);
    if mode == compile::Mode::Eval {
        not_one_expression(source, body)?;
    }
    if mode == compile::Mode::Single {
        not_one_statement(source, body)?;
    }
    compile::compile_mode(source.clone(), body, mode, flags).map_err(|e| {
        if e.too_deep {
            PyErr::new(&crate::object::types::RECURSION_ERROR, e.msg)
        } else if e.unsupported {
            unsupported_error(source, e.msg, e.line, e.col)
        } else {
            // CPython's compiler re-reads the line from the file (code from
            // a string has none to show), and its offsets count bytes.
            located_error(
                source,
                Diag {
                    kind: ErrKind::Syntax,
                    msg: e.msg,
                    line: e.line,
                    offset: e.col,
                    end_line: e.end_line,
                    end_offset: e.end_col,
                    from_tokenizer: false,
                },
                !is_string_source(source),
                true,
            )
        }
    })
}

/// Whether CPython reports the bracket `u`, open at the end of the file,
/// as never closed: when its parse failed at the end of the file or on a
/// later line than the bracket's. Everything after an unclosed bracket is
/// inside it, so CPython's parser reads on from the bracket until its
/// contents stop making sense; where that is, is ruff's first error of
/// grammar (not of its checks on a parsed tree, such as invalid targets)
/// after the bracket.
fn never_closed(
    text: &str,
    index: &LineIndex,
    parsed: &Parsed<ModModule>,
    first: &ruff_python_parser::ParseError,
    u: tokcheck::Unclosed,
) -> bool {
    // ruff ends a line inside an unclosed bracket where the next one starts
    // a statement (`def`, …) and reports its error at that line's end; CPython
    // reads on and fails on the next line.
    let line_of = |e: &ruff_python_parser::ParseError| {
        let at = usize::from(e.location.start());
        let at_newline = matches!(text.as_bytes().get(at), Some(b'\n' | b'\r'));
        index.line(at as u32) + u32::from(at_newline)
    };
    // An unexpected indent is reported at once.
    if index.line(u32::from(first.location.start())) < u.line
        || matches!(first.error, ParseErrorType::UnexpectedIndentation)
    {
        return false;
    }
    let grammar = |e: &&ruff_python_parser::ParseError| {
        !matches!(
            e.error,
            ParseErrorType::InvalidAssignmentTarget
                | ParseErrorType::InvalidNamedAssignmentTarget
                | ParseErrorType::InvalidAnnotatedAssignmentTarget
                | ParseErrorType::InvalidAugmentedAssignmentTarget
                | ParseErrorType::InvalidDeleteTarget
                | ParseErrorType::UnparenthesizedNamedExpression
                | ParseErrorType::UnparenthesizedTupleExpression
                | ParseErrorType::UnparenthesizedGeneratorExpression
                | ParseErrorType::PositionalAfterKeywordArgument
                | ParseErrorType::PositionalAfterKeywordUnpacking
                | ParseErrorType::InvalidArgumentUnpackingOrder
                | ParseErrorType::IterableUnpackingInComprehension
                | ParseErrorType::NonDefaultParamAfterDefaultParam
                | ParseErrorType::ParamAfterVarKeywordParam
                | ParseErrorType::VarParameterWithDefault
                | ParseErrorType::InvalidStarredExpressionUsage
                | ParseErrorType::InvalidYieldExpressionUsage
                | ParseErrorType::InvalidLambdaExpressionUsage
        )
    };
    let after = parsed
        .errors()
        .iter()
        .filter(|e| usize::from(e.location.start()) > u.at)
        .filter(grammar)
        .min_by_key(|e| e.location.start());
    match after {
        None => true,
        Some(e) => {
            matches!(e.error, ParseErrorType::Lexical(LexicalErrorType::Eof))
                || usize::from(e.location.start()) >= text.len()
                || line_of(e) > u.line
        }
    }
}

/// The `text` CPython gives a syntax error on `line`. The tokenizer's
/// errors carry the whole line. The others re-read it from the file
/// (`err_programtext`) in 1000-byte reads, keeping the last: of a line
/// longer than 999 bytes only the tail is shown. Code not from a file
/// (`<string>`) keeps the whole line.
fn error_text(source: &Source, line: u32, from_tokenizer: bool) -> Option<(String, usize)> {
    let text: &str = &source.text;
    let mut start = 0usize;
    for _ in 1..line {
        start += text[start..].find('\n')? + 1;
    }
    if start > text.len() {
        return None;
    }
    let end = text[start..]
        .find('\n')
        .map_or(text.len(), |p| start + p + 1);
    let full = &text[start..end];
    if from_tokenizer || is_string_source(source) || full.len() <= 999 {
        return Some((full.to_owned(), 0));
    }
    let mut cut = (full.len() - 1) / 999 * 999;
    while !full.is_char_boundary(cut) {
        cut += 1;
    }
    let skipped = full[..cut].chars().count();
    Some((full[cut..].to_owned(), skipped))
}

/// Code compiled from a string (`<string>`, `<embedded>`), not a file.
fn is_string_source(source: &Source) -> bool {
    source.filename.starts_with('<') && source.filename.ends_with('>')
}

/// The exception for a [`Diag`], with CPython's text and offsets.
fn diag_error(source: &Source, d: Diag) -> PyErr {
    located_error(source, d, true, false)
}

/// [`diag_error`], with the source line as `text` only if `with_text`;
/// `compiler`: an error of CPython's compiler, not its parser.
///
/// Offsets arrive in characters. CPython's are in characters only for its
/// tokenizer's errors and for its parser's in code from a string (whose
/// encoding the tokenizer records); its parser's in a file without a
/// coding declaration, and its compiler's, count UTF-8 bytes, and it
/// prints them as if they were characters (a caret moves right after a
/// non-ASCII character).
fn located_error(source: &Source, mut d: Diag, with_text: bool, compiler: bool) -> PyErr {
    if !d.from_tokenizer && (compiler || !is_string_source(source)) {
        d.offset = byte_offset(source, d.line, d.offset);
        d.end_offset = byte_offset(source, d.end_line, d.end_offset);
    }
    let ty = match d.kind {
        ErrKind::Syntax => &crate::object::types::SYNTAX_ERROR,
        ErrKind::Indentation => &crate::object::types::INDENTATION_ERROR,
        ErrKind::Tab => &crate::object::types::TAB_ERROR,
    };
    let (text, skipped) = match error_text(source, d.line, d.from_tokenizer) {
        Some((t, s)) if with_text => (Some(t), s),
        _ => (None, 0),
    };
    // Offsets into a tail of the line: CPython measures them in the tail,
    // clipped to its end.
    let tail_chars = text.as_ref().map_or(0, |t| t.chars().count()) as u32;
    let clip = |off: u32| -> u32 {
        if skipped == 0 || off == 0 {
            return off;
        }
        off.min(tail_chars + 2)
    };
    PyErr::syntax_of(
        ty,
        d.msg,
        SyntaxInfo {
            filename: source.filename.clone(),
            line: d.line,
            col: clip(d.offset),
            text,
            end_line: d.end_line,
            end_col: clip(d.end_offset),
            typhon_suffix: false,
        },
    )
}

/// The 1-based byte offset on `line` of the 1-based character offset `off`
/// (0 stays 0; past the end of the line, one byte per character).
fn byte_offset(source: &Source, line: u32, off: u32) -> u32 {
    if off == 0 {
        return 0;
    }
    let Some(text) = source.line(line) else {
        return off;
    };
    let k = (off - 1) as usize;
    let n = text.chars().count();
    let bytes = match text.char_indices().nth(k) {
        Some((b, _)) => b,
        None => text.len() + k.saturating_sub(n),
    };
    bytes as u32 + 1
}

/// For `eval`: CPython's `invalid syntax` unless `body` is one
/// expression statement (at the first thing past the expression, as its
/// parser reports it; line 0 for no statement at all).
fn not_one_expression(source: &Source, body: &[ruff_python_ast::Stmt]) -> PyResult<()> {
    use ruff_python_ast::Stmt;
    let text: &str = &source.text;
    let index = LineIndex::new(text);
    let at = match body {
        [Stmt::Expr(_)] => return Ok(()),
        [] => None,
        [Stmt::Expr(e), next, ..] => {
            // `1; 2`: the `;` after the expression; `1\n2`: the next line.
            let end = usize::from(e.range.end());
            let rest = text.get(end..).unwrap_or("");
            let skipped = rest.len() - rest.trim_start_matches([' ', '\t']).len();
            if rest[skipped..].starts_with(';') {
                Some(end + skipped)
            } else {
                Some(usize::from(next.range().start()))
            }
        }
        [Stmt::Assign(a), ..] => a.targets.first().map(|t| {
            let end = usize::from(t.range().end());
            let rest = text.get(end..).unwrap_or("");
            end + (rest.len() - rest.trim_start_matches([' ', '\t']).len())
        }),
        [first, ..] => Some(usize::from(first.range().start())),
    };
    let (line, col) = match at {
        Some(at) => index.line_col(text, u32::try_from(at).unwrap_or(0)),
        None => (0, 0),
    };
    Err(syntax_error(source, "invalid syntax".into(), line, col))
}

/// `compile(..., 'single')` takes one statement: a compound statement,
/// or the simple statements of one logical line (`a = 1; a`). Otherwise
/// CPython's errors: "invalid syntax" for nothing at all or for a
/// statement after a compound one, "multiple statements found while
/// compiling a single statement" at the end of the first logical line.
fn not_one_statement(source: &Source, body: &[ruff_python_ast::Stmt]) -> PyResult<()> {
    use ruff_python_ast::Stmt;
    let text: &str = &source.text;
    let index = LineIndex::new(text);
    let error = |msg: &str, line: u32, col: u32, end_col: u32| {
        diag_error(
            source,
            Diag {
                kind: ErrKind::Syntax,
                msg: msg.into(),
                line,
                offset: col,
                end_line: line,
                end_offset: end_col,
                from_tokenizer: false,
            },
        )
    };
    let Some((first, rest)) = body.split_first() else {
        let line = u32::from(!text.is_empty());
        return Err(error("invalid syntax", line, 0, 0));
    };
    let simple = |s: &Stmt| {
        !matches!(
            s,
            Stmt::FunctionDef(_)
                | Stmt::ClassDef(_)
                | Stmt::If(_)
                | Stmt::For(_)
                | Stmt::While(_)
                | Stmt::With(_)
                | Stmt::Try(_)
                | Stmt::Match(_)
        )
    };
    if let Some(next) = rest.first()
        && !simple(first)
    {
        let at = u32::from(next.range().start());
        let (line, col) = index.line_col(text, at);
        return Err(error("invalid syntax", line, col, col + 1));
    }
    // The statements separated by `;` only share the first line.
    let mut last = first;
    for s in rest {
        let end = usize::from(last.range().end());
        let start = usize::from(s.range().start());
        let between = text.get(end..start).unwrap_or("");
        if between.trim_matches([' ', '\t']) != ";" {
            let (line, _) = index.line_col(text, u32::try_from(end).unwrap_or(0));
            let line_len = text
                .split_inclusive('\n')
                .nth(line.saturating_sub(1) as usize)
                .map_or(0, |l| l.trim_end_matches(['\n', '\r']).chars().count());
            let col = u32::try_from(line_len).unwrap_or(0) + 1;
            return Err(error(
                "multiple statements found while compiling a single statement",
                line,
                col,
                col,
            ));
        }
        last = s;
    }
    Ok(())
}

/// A diagnostic in Typhon's words (a construct outside the subset): one
/// caret at `line:col` and the `(file:line:col)` suffix.
pub fn unsupported_error(source: &Source, msg: String, line: u32, col: u32) -> PyErr {
    PyErr::syntax(
        msg,
        SyntaxInfo {
            filename: source.filename.clone(),
            line,
            col,
            text: source.line(line).map(|l| l.to_owned()),
            end_line: line,
            end_col: 0,
            typhon_suffix: true,
        },
    )
}

/// A `SyntaxError` at `line:col` of `source` with one caret, printed as
/// CPython prints it (for errors CPython words the same way).
pub fn syntax_error(source: &Source, msg: String, line: u32, col: u32) -> PyErr {
    diag_error(
        source,
        Diag {
            kind: ErrKind::Syntax,
            msg,
            line,
            offset: col,
            end_line: line,
            end_offset: 0,
            from_tokenizer: false,
        },
    )
}
