//! The front end: source text → ruff's AST → [`Code`], turning parse and
//! compile errors into Python `SyntaxError`s that point at the file, line
//! and column.

use crate::bytecode::{Code, Source};
use crate::compile::{self, LineIndex};
use crate::object::exc::SyntaxInfo;
use crate::object::{PyErr, PyResult};
use ruff_python_ast::PySourceType;
use ruff_python_ast::token::{Token, TokenKind};
use ruff_text_size::{Ranged, TextSize};
use std::rc::Rc;

/// How many brackets may be open at once: CPython's tokenizer refuses the
/// 201st with "too many nested parentheses".
const BRACKETS_MAX: usize = 200;

/// Parses and compiles a module.
pub fn parse_and_compile(source: Rc<Source>) -> PyResult<Rc<Code>> {
    let parsed = ruff_python_parser::parse_unchecked_source(&source.text, PySourceType::Python);
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
        return Err(syntax_error(&source, msg, line, col));
    }
    if let Some(e) = parsed.unsupported_syntax_errors().first() {
        let index = LineIndex::new(&source.text);
        let (line, col) = index.line_col(&source.text, u32::from(e.range.start()));
        return Err(syntax_error(&source, e.to_string(), line, col));
    }
    compile::compile_module(source.clone(), parsed.syntax()).map_err(|e| {
        if e.too_deep {
            PyErr::new(&crate::object::types::RECURSION_ERROR, e.msg)
        } else {
            syntax_error(&source, e.msg, e.line, e.col)
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
