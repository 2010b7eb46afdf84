//! An expression back to source text, as CPython 3.11's `ast_unparse.c`
//! writes it: the string an annotation becomes under `from __future__
//! import annotations`. Parentheses follow operator precedence (not the
//! source's), constants are written as their `repr`, infinite floats as
//! `1e309`.

use crate::object::{BytesObj, Value};
use ruff_python_ast::{self as ast, BoolOp, Expr, Operator, UnaryOp};
use ruff_text_size::TextRange;

// CPython's precedence levels, lowest first.
const TUPLE: u8 = 0;
const TEST: u8 = 1;
const OR: u8 = 2;
const AND: u8 = 3;
const NOT: u8 = 4;
const CMP: u8 = 5;
const EXPR: u8 = 6;
const BOR: u8 = EXPR;
const BXOR: u8 = 7;
const BAND: u8 = 8;
const SHIFT: u8 = 9;
const ARITH: u8 = 10;
const TERM: u8 = 11;
const FACTOR: u8 = 12;
const POWER: u8 = 13;
const ATOM: u8 = 15;

/// CPython's message for `yield` in an annotation kept as a string.
const YIELD: &str = "'yield expression' can not be used within an annotation";

/// Why an annotation has no text.
pub enum Refused {
    /// A construct this unparser does not write (f-strings, `lambda`):
    /// its name and place.
    Unsupported(&'static str, TextRange),
    /// A construct CPython refuses in an annotation kept as a string
    /// (`:=`, `yield`, `await`): CPython's message and its place.
    NotAllowed(&'static str, TextRange),
}

/// The text of annotation `e`.
pub fn annotation(e: &Expr) -> Result<String, Refused> {
    let mut out = String::new();
    write(&mut out, e, TEST)?;
    Ok(out)
}

type R = Result<(), Refused>;

fn open(out: &mut String, paren: bool) {
    if paren {
        out.push('(');
    }
}

fn close(out: &mut String, paren: bool) {
    if paren {
        out.push(')');
    }
}

fn seq(out: &mut String, items: &[Expr], level: u8) -> R {
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write(out, x, level)?;
    }
    Ok(())
}

/// `repr` of a constant, with infinities spelled as CPython's unparser
/// spells them.
fn constant(out: &mut String, v: &Value, float: bool) {
    let r = crate::ops::repr_simple(v);
    if float {
        out.push_str(&r.replace("inf", "1e309"));
    } else {
        out.push_str(&r);
    }
}

fn comprehensions(out: &mut String, gens: &[ast::Comprehension]) -> R {
    for g in gens {
        out.push_str(if g.is_async { " async for " } else { " for " });
        write(out, &g.target, TUPLE)?;
        out.push_str(" in ");
        write(out, &g.iter, TEST + 1)?;
        for c in &g.ifs {
            out.push_str(" if ");
            write(out, c, TEST + 1)?;
        }
    }
    Ok(())
}

fn write(out: &mut String, e: &Expr, level: u8) -> R {
    match e {
        Expr::BoolOp(b) => {
            let (pr, op) = match b.op {
                BoolOp::And => (AND, " and "),
                BoolOp::Or => (OR, " or "),
            };
            open(out, level > pr);
            for (i, v) in b.values.iter().enumerate() {
                if i > 0 {
                    out.push_str(op);
                }
                write(out, v, pr + 1)?;
            }
            close(out, level > pr);
        }
        // CPython's symbol table refuses these before anything is written.
        Expr::Named(n) => {
            return Err(Refused::NotAllowed(
                "'named expression' can not be used within an annotation",
                n.range,
            ));
        }
        Expr::BinOp(b) => {
            let pr = match b.op {
                Operator::Add | Operator::Sub => ARITH,
                Operator::Mult
                | Operator::MatMult
                | Operator::Div
                | Operator::Mod
                | Operator::FloorDiv => TERM,
                Operator::LShift | Operator::RShift => SHIFT,
                Operator::BitOr => BOR,
                Operator::BitXor => BXOR,
                Operator::BitAnd => BAND,
                Operator::Pow => POWER,
            };
            let rassoc = u8::from(b.op == Operator::Pow);
            open(out, level > pr);
            write(out, &b.left, pr + rassoc)?;
            out.push(' ');
            out.push_str(b.op.as_str());
            out.push(' ');
            write(out, &b.right, pr + 1 - rassoc)?;
            close(out, level > pr);
        }
        Expr::UnaryOp(u) => {
            let (pr, op) = match u.op {
                UnaryOp::Not => (NOT, "not "),
                other => (FACTOR, other.as_str()),
            };
            open(out, level > pr);
            out.push_str(op);
            write(out, &u.operand, pr)?;
            close(out, level > pr);
        }
        Expr::If(i) => {
            open(out, level > TEST);
            write(out, &i.body, TEST + 1)?;
            out.push_str(" if ");
            write(out, &i.test, TEST + 1)?;
            out.push_str(" else ");
            write(out, &i.orelse, TEST)?;
            close(out, level > TEST);
        }
        Expr::Dict(d) => {
            out.push('{');
            for (i, item) in d.items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                match &item.key {
                    Some(k) => {
                        write(out, k, TEST)?;
                        out.push_str(": ");
                        write(out, &item.value, TEST)?;
                    }
                    None => {
                        out.push_str("**");
                        write(out, &item.value, EXPR)?;
                    }
                }
            }
            out.push('}');
        }
        Expr::Set(s) => {
            out.push('{');
            seq(out, &s.elts, TEST)?;
            out.push('}');
        }
        Expr::List(l) => {
            out.push('[');
            seq(out, &l.elts, TEST)?;
            out.push(']');
        }
        Expr::Tuple(t) => {
            if t.elts.is_empty() {
                out.push_str("()");
            } else {
                open(out, level > TUPLE);
                seq(out, &t.elts, TEST)?;
                if t.elts.len() == 1 {
                    out.push(',');
                }
                close(out, level > TUPLE);
            }
        }
        Expr::ListComp(c) => {
            out.push('[');
            write(out, &c.elt, TEST)?;
            comprehensions(out, &c.generators)?;
            out.push(']');
        }
        Expr::SetComp(c) => {
            out.push('{');
            write(out, &c.elt, TEST)?;
            comprehensions(out, &c.generators)?;
            out.push('}');
        }
        Expr::DictComp(c) => {
            out.push('{');
            if let Some(k) = &c.key {
                write(out, k, TEST)?;
                out.push_str(": ");
            }
            write(out, &c.value, TEST)?;
            comprehensions(out, &c.generators)?;
            out.push('}');
        }
        Expr::Generator(g) => {
            out.push('(');
            write(out, &g.elt, TEST)?;
            comprehensions(out, &g.generators)?;
            out.push(')');
        }
        Expr::Compare(c) => {
            open(out, level > CMP);
            write(out, &c.left, CMP + 1)?;
            for (op, x) in c.ops.iter().zip(c.comparators.iter()) {
                out.push(' ');
                out.push_str(op.as_str());
                out.push(' ');
                write(out, x, CMP + 1)?;
            }
            close(out, level > CMP);
        }
        Expr::Call(c) => {
            write(out, &c.func, ATOM)?;
            let args = &c.arguments;
            if let ([g @ Expr::Generator(_)], true) = (&args.args[..], args.keywords.is_empty()) {
                return write(out, g, TEST);
            }
            out.push('(');
            seq(out, &args.args, TEST)?;
            for (i, k) in args.keywords.iter().enumerate() {
                if i > 0 || !args.args.is_empty() {
                    out.push_str(", ");
                }
                match &k.arg {
                    Some(name) => {
                        out.push_str(name.as_str());
                        out.push('=');
                    }
                    None => out.push_str("**"),
                }
                write(out, &k.value, TEST)?;
            }
            out.push(')');
        }
        Expr::StringLiteral(s) => constant(out, &Value::str(s.value.to_str()), false),
        Expr::BytesLiteral(b) => {
            let bytes: Vec<u8> = b.value.bytes().collect();
            constant(out, &Value::Obj(BytesObj::new_obj(&bytes)), false);
        }
        Expr::NumberLiteral(n) => match &n.value {
            ast::Number::Int(i) => out.push_str(&int_text(i)),
            ast::Number::Float(f) => constant(out, &Value::Float(*f), true),
            ast::Number::Complex { real, imag } => {
                constant(out, &Value::complex(*real, *imag), true)
            }
        },
        Expr::BooleanLiteral(b) => out.push_str(if b.value { "True" } else { "False" }),
        Expr::NoneLiteral(_) => out.push_str("None"),
        Expr::EllipsisLiteral(_) => out.push_str("..."),
        Expr::Attribute(a) => {
            write(out, &a.value, ATOM)?;
            // `1 .real`: a period right after an integer would read as a
            // float.
            if matches!(&*a.value, Expr::NumberLiteral(n) if matches!(n.value, ast::Number::Int(_)))
            {
                out.push(' ');
            }
            out.push('.');
            out.push_str(a.attr.as_str());
        }
        Expr::Subscript(s) => {
            write(out, &s.value, ATOM)?;
            out.push('[');
            write(out, &s.slice, TUPLE)?;
            out.push(']');
        }
        Expr::Starred(s) => {
            out.push('*');
            write(out, &s.value, EXPR)?;
        }
        Expr::Name(n) => out.push_str(n.id.as_str()),
        Expr::Slice(s) => {
            if let Some(l) = &s.lower {
                write(out, l, TEST)?;
            }
            out.push(':');
            if let Some(u) = &s.upper {
                write(out, u, TEST)?;
            }
            if let Some(st) = &s.step {
                out.push(':');
                write(out, st, TEST)?;
            }
        }
        Expr::Yield(y) => {
            return Err(Refused::NotAllowed(YIELD, y.range));
        }
        Expr::YieldFrom(y) => {
            return Err(Refused::NotAllowed(YIELD, y.range));
        }
        Expr::Await(a) => {
            return Err(Refused::NotAllowed(
                "'await expression' can not be used within an annotation",
                a.range,
            ));
        }
        Expr::Lambda(l) => {
            return Err(Refused::Unsupported(
                "lambda in a string annotation",
                l.range,
            ));
        }
        Expr::FString(f) => {
            return Err(Refused::Unsupported(
                "f-string in a string annotation",
                f.range,
            ));
        }
        Expr::TString(t) => return Err(Refused::Unsupported("template string", t.range)),
        Expr::IpyEscapeCommand(c) => {
            return Err(Refused::Unsupported("IPython escape command", c.range));
        }
    }
    Ok(())
}

/// An integer literal's value in decimal (`0x10` is `16`).
fn int_text(i: &ast::Int) -> String {
    match i.as_i64() {
        Some(v) => v.to_string(),
        None => super::parse_big_literal(&i.to_string())
            .map(|b| b.to_string())
            .unwrap_or_else(|| i.to_string()),
    }
}
