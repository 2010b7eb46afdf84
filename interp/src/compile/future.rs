//! Future statements (`from __future__ import annotations`), checked as
//! CPython 3.11's `future.c` checks them before anything else is compiled:
//! the leading run of `from __future__ import ...` statements (after the
//! docstring) names the features; an unknown feature, `braces`, or a
//! future import after another statement on the same line is an error
//! here. A future import anywhere later is refused by the compiler
//! ([`Future::line`]), as CPython's `compiler_from_import` does.

use super::{CompileError, LineIndex, UNSUPPORTED};
use ruff_python_ast::{Expr, Stmt};
use ruff_text_size::Ranged;

/// The feature names CPython 3.11 accepts (`__future__.all_feature_names`).
pub const FEATURES: [&str; 10] = [
    "nested_scopes",
    "generators",
    "division",
    "absolute_import",
    "with_statement",
    "print_function",
    "unicode_literals",
    "barry_as_FLUFL",
    "generator_stop",
    "annotations",
];

/// CPython's message for a future import after other statements.
pub const LATE: &str = "from __future__ imports must occur at the beginning of the file";

/// What a module's future statements turn on.
#[derive(Default, Clone, Copy)]
pub struct Future {
    /// `annotations`: annotations are kept as their source text.
    pub annotations: bool,
    /// The line of the last future statement of the leading run
    /// (CPython's `ff_lineno`); a `from __future__` import on a later
    /// line is an error.
    pub line: Option<u32>,
}

/// Whether `s` is `from __future__ import ...` (CPython looks at the
/// module name only).
pub fn is_future_import(s: &Stmt) -> bool {
    matches!(s, Stmt::ImportFrom(i) if i.module.as_ref().is_some_and(|m| m.as_str() == "__future__"))
}

/// CPython's `future_parse` over a module's statements.
pub fn parse(text: &str, index: &LineIndex, body: &[Stmt]) -> Result<Future, CompileError> {
    let mut fut = Future::default();
    let mut rest = body;
    if let Some((Stmt::Expr(e), tail)) = body.split_first()
        && matches!(&*e.value, Expr::StringLiteral(_))
    {
        rest = tail;
    }
    let mut done = false;
    let mut prev_line = 0;
    for s in rest {
        let (line, col) = index.line_col(text, u32::from(s.range().start()));
        if done && line > prev_line {
            break;
        }
        prev_line = line;
        let Stmt::ImportFrom(i) = s else {
            done = true;
            continue;
        };
        if !is_future_import(s) {
            done = true;
            continue;
        }
        // CPython gives these errors a position of its own: no end, and a
        // column one short of the statement's for a late import.
        let error = |msg: String, col: u32| CompileError {
            unsupported: msg.ends_with(UNSUPPORTED),
            msg,
            too_deep: false,
            line,
            col,
            end_line: line,
            end_col: 0,
        };
        if done {
            return Err(error(LATE.into(), col - 1));
        }
        for a in &i.names {
            match a.name.as_str() {
                "annotations" => fut.annotations = true,
                "barry_as_FLUFL" => {
                    return Err(error(
                        format!("from __future__ import barry_as_FLUFL{UNSUPPORTED}"),
                        col,
                    ));
                }
                "braces" => return Err(error("not a chance".into(), col)),
                n if FEATURES.contains(&n) => {}
                n => return Err(error(format!("future feature {n} is not defined"), col)),
            }
        }
        fut.line = Some(line);
    }
    Ok(fut)
}
