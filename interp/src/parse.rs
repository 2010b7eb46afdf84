//! The front end: source text → ruff's AST → [`Code`], turning parse and
//! compile errors into Python `SyntaxError`s that point at the file, line
//! and column.

use crate::bytecode::{Code, Source};
use crate::compile::{self, LineIndex};
use crate::object::exc::SyntaxInfo;
use crate::object::{PyErr, PyResult};
use std::rc::Rc;

/// Parses and compiles a module.
pub fn parse_and_compile(source: Rc<Source>) -> PyResult<Rc<Code>> {
    let parsed = match ruff_python_parser::parse_module(&source.text) {
        Ok(p) => p,
        Err(e) => {
            let index = LineIndex::new(&source.text);
            let (line, col) = index.line_col(&source.text, u32::from(e.location.start()));
            return Err(syntax_error(&source, e.error.to_string(), line, col));
        }
    };
    if let Some(e) = parsed.unsupported_syntax_errors().first() {
        let index = LineIndex::new(&source.text);
        let (line, col) = index.line_col(&source.text, u32::from(e.range.start()));
        return Err(syntax_error(&source, e.to_string(), line, col));
    }
    compile::compile_module(source.clone(), parsed.syntax())
        .map_err(|e| syntax_error(&source, e.msg, e.line, e.col))
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
