//! The front end: source text → ruff's AST → [`Code`], turning parse and
//! compile errors into Python `SyntaxError`s that point at the file, line
//! and column.

use crate::bytecode::{Code, Source};
use crate::compile::{self, LineIndex};
use crate::object::exc::SyntaxInfo;
use crate::object::{PyErr, PyResult};
use ruff_python_ast::token::{Token, TokenKind};
use ruff_python_ast::{ModModule, PySourceType};
use ruff_python_parser::Parsed;
use ruff_text_size::{Ranged, TextSize};
use std::rc::Rc;

/// How many brackets may be open at once: CPython's tokenizer refuses the
/// 201st with "too many nested parentheses".
const BRACKETS_MAX: usize = 200;

/// The stack of the thread that parses, and later drops, a module's syntax
/// tree. ruff's parser recurses once per level of nesting (a million
/// unary minus signs are a million frames), and so does dropping the tree
/// it builds; on an embedder's thread, whose stack may be 2 MB, that
/// overflowed. The compiler itself refuses trees deeper than
/// [`compile::NEST_MAX`], so it stays on the interpreter's thread. Only
/// touched pages of this stack are ever committed.
const PARSE_STACK: usize = 256 << 20;

/// Parses and compiles a module.
pub fn parse_and_compile(source: Rc<Source>) -> PyResult<Rc<Code>> {
    let text: &str = &source.text;
    std::thread::scope(|scope| {
        let parse = move || ruff_python_parser::parse_unchecked_source(text, PySourceType::Python);
        let parsed = on_parse_stack(scope, parse).unwrap_or_else(parse);
        let code = compile_parsed(&source, &parsed);
        // Where no thread can be made, the tree is dropped here.
        let _ = on_parse_stack(scope, move || drop(parsed));
        code
    })
}

/// Runs `f` on a scoped thread with a [`PARSE_STACK`] stack; `None` (and
/// `f` dropped) if no thread could be made.
fn on_parse_stack<'scope, T: Send + 'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    f: impl FnOnce() -> T + Send + 'scope,
) -> Option<T> {
    let handle = std::thread::Builder::new()
        .name("typhon-parse".into())
        .stack_size(PARSE_STACK)
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
    let job = move || {
        let parsed = ruff_python_parser::parse_module(text).ok()?;
        f(parsed.syntax())
    };
    if text.len() <= FRAGMENT_INLINE {
        return job();
    }
    let stack = text
        .len()
        .saturating_mul(FRAGMENT_STACK_PER_BYTE)
        .min(PARSE_STACK);
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .name("typhon-parse".into())
            .stack_size(stack)
            .spawn_scoped(scope, job)
            .ok()?;
        match handle.join() {
            Ok(r) => r,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// The longest fragment [`with_fragment`] parses on the caller's stack:
/// it nests at most this deep.
const FRAGMENT_INLINE: usize = 64;

/// Stack for parsing a fragment, per byte of it (a generous bound on what
/// ruff's parser takes per level of nesting).
const FRAGMENT_STACK_PER_BYTE: usize = 16 << 10;

fn compile_parsed(source: &Rc<Source>, parsed: &Parsed<ModModule>) -> PyResult<Rc<Code>> {
    let too_deep = too_many_brackets(parsed.tokens());
    // CPython reports a tokenizer error such as this one even when the
    // parser failed first: after a syntax error it tokenizes the rest of the
    // file and prefers what that finds.
    let error = match (too_deep, parsed.errors().first()) {
        (Some(at), _) => Some(("too many nested parentheses".to_string(), at)),
        (None, Some(e)) => Some((e.error.to_string(), e.location.start())),
        (None, None) => None,
    };
    if let Some((msg, at)) = error {
        let index = LineIndex::new(&source.text);
        let (line, col) = index.line_col(&source.text, u32::from(at));
        return Err(syntax_error(source, msg, line, col));
    }
    if let Some(e) = parsed.unsupported_syntax_errors().first() {
        let index = LineIndex::new(&source.text);
        let (line, col) = index.line_col(&source.text, u32::from(e.range.start()));
        return Err(syntax_error(source, e.to_string(), line, col));
    }
    compile::compile_module(source.clone(), parsed.syntax()).map_err(|e| {
        if e.too_deep {
            PyErr::new(&crate::object::types::RECURSION_ERROR, e.msg)
        } else {
            syntax_error(source, e.msg, e.line, e.col)
        }
    })
}

/// Where the first bracket opened inside [`BRACKETS_MAX`] others is.
fn too_many_brackets(tokens: &[Token]) -> Option<TextSize> {
    let mut open = 0usize;
    for t in tokens {
        match t.kind() {
            TokenKind::Lpar | TokenKind::Lsqb | TokenKind::Lbrace => {
                if open >= BRACKETS_MAX {
                    return Some(t.start());
                }
                open += 1;
            }
            TokenKind::Rpar | TokenKind::Rsqb | TokenKind::Rbrace => {
                open = open.saturating_sub(1);
            }
            _ => {}
        }
    }
    None
}

/// A `SyntaxError` at `line:col` of `source`.
pub fn syntax_error(source: &Source, msg: String, line: u32, col: u32) -> PyErr {
    PyErr::syntax(
        msg,
        SyntaxInfo {
            filename: source.filename.clone(),
            line,
            col,
            text: source.line(line).map(|l| l.to_owned()),
        },
    )
}
