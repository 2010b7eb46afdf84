//! Constant folding as far as set displays need it, and the frozenset
//! constants CPython 3.11's compiler makes of them.
//!
//! CPython folds constant expressions before it compiles (its AST
//! optimizer: `-1`, `2**8`, `(1, 2)`, `'a' + 'b'`), then compiles a set
//! display of more than two constant items as `BUILD_SET 0; LOAD_CONST
//! frozenset(...); SET_UPDATE 1`, and a constant set display iterated by
//! `for` or a comprehension as the frozenset itself. The frozenset's table,
//! which decides the set's order, comes from how the compiler makes it:
//! the items added in source order, then the constant rebuilt from its own
//! iteration order when it is registered (`merge_consts_recursive`), and
//! an equal constant registered earlier in the module (same items, of the
//! same types) is used instead ([`FrozensetConsts`]).

use crate::bytecode::BinOp;
use crate::object::{SetObj, TupleObj, Value};
use crate::ops;
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};
use ruff_python_ast::{self as ast, Expr};
use std::collections::HashMap;

/// CPython's limits on what the optimizer folds (`ast_opt.c`).
const MAX_INT_SIZE: u64 = 128;
const MAX_STR_SIZE: usize = 4096;

/// The constant `e` folds to in CPython 3.11's AST optimizer, for the
/// expressions a set display's items are made of: literals, tuples of
/// constants, unary and binary operators on numbers and strings. `None`
/// where CPython keeps an expression (or Typhon has no such value).
/// `big` parses an integer literal beyond `i64`.
pub fn const_value(e: &Expr, big: &dyn Fn(&str) -> Option<BigInt>) -> Option<Value> {
    Some(match e {
        Expr::NumberLiteral(n) => match &n.value {
            ast::Number::Int(i) => match i.as_i64() {
                Some(v) => Value::Int(v),
                None => Value::from_bigint(big(&i.to_string())?),
            },
            ast::Number::Float(f) => Value::Float(*f),
            ast::Number::Complex { .. } => return None,
        },
        Expr::StringLiteral(s) => Value::str(s.value.to_str()),
        Expr::BytesLiteral(b) => {
            let bytes: Vec<u8> = b.value.bytes().collect();
            Value::Obj(crate::object::BytesObj::new_obj(&bytes))
        }
        Expr::BooleanLiteral(b) => Value::Bool(b.value),
        Expr::NoneLiteral(_) => Value::None,
        Expr::Name(n) if n.id.as_str() == "__debug__" => Value::Bool(true),
        Expr::Tuple(t) => {
            let items = t
                .elts
                .iter()
                .map(|x| const_value(x, big))
                .collect::<Option<Vec<_>>>()?;
            Value::tuple(items)
        }
        Expr::UnaryOp(u) => unary(u.op, const_value(&u.operand, big)?)?,
        Expr::BinOp(b) => binary(
            b.op,
            const_value(&b.left, big)?,
            const_value(&b.right, big)?,
        )?,
        _ => return None,
    })
}

fn is_number(v: &Value) -> bool {
    matches!(v, Value::Int(_) | Value::Bool(_) | Value::Float(_)) || v.as_bigint().is_some()
}

/// `op v` on a constant (`fold_unaryop`).
fn unary(op: ast::UnaryOp, v: Value) -> Option<Value> {
    if op == ast::UnaryOp::Not {
        return Some(Value::Bool(!truthy(&v)?));
    }
    if let Value::Float(f) = v {
        return match op {
            ast::UnaryOp::USub => Some(Value::Float(-f)),
            ast::UnaryOp::UAdd => Some(Value::Float(f)),
            _ => None,
        };
    }
    let i = v.to_bigint()?;
    let r = match op {
        ast::UnaryOp::USub => -i,
        ast::UnaryOp::UAdd => i,
        ast::UnaryOp::Invert => -i - 1,
        ast::UnaryOp::Not => return None,
    };
    Some(Value::from_bigint(r))
}

/// The truth of a constant.
fn truthy(v: &Value) -> Option<bool> {
    Some(match v {
        Value::None => false,
        Value::Bool(b) => *b,
        Value::Int(i) => *i != 0,
        Value::Float(f) => *f != 0.0,
        Value::Obj(_) => {
            if let Some(s) = v.as_str() {
                !s.is_empty()
            } else if let Some(b) = v.as_bigint() {
                !b.is_zero()
            } else if let Some(t) = v.downcast::<TupleObj>() {
                !t.items.is_empty()
            } else {
                return None;
            }
        }
    })
}

/// `a op b` on constants (`fold_binop` with `safe_multiply`,
/// `safe_power`, `safe_lshift` and `safe_mod`'s limits); `None` when CPython
/// would not fold it or it raises.
fn binary(op: ast::Operator, a: Value, b: Value) -> Option<Value> {
    use ast::Operator as O;
    let bop = match op {
        O::Add => BinOp::Add,
        O::Sub => BinOp::Sub,
        O::Mult => BinOp::Mul,
        O::Div => BinOp::TrueDiv,
        O::FloorDiv => BinOp::FloorDiv,
        O::Mod => BinOp::Mod,
        O::Pow => BinOp::Pow,
        O::LShift => BinOp::LShift,
        O::RShift => BinOp::RShift,
        O::BitOr => BinOp::Or,
        O::BitXor => BinOp::Xor,
        O::BitAnd => BinOp::And,
        O::MatMult => return None,
    };
    if is_number(&a) && is_number(&b) {
        if too_big(bop, &a, &b)? {
            return None;
        }
        return numeric(bop, &a, &b);
    }
    // Strings: concatenation and repetition.
    match (bop, a.as_str(), b.as_str()) {
        (BinOp::Add, Some(x), Some(y)) => Some(Value::string(format!("{x}{y}"))),
        (BinOp::Mul, Some(s), None) if b.is_int() => repeat(s, &b),
        (BinOp::Mul, None, Some(s)) if a.is_int() => repeat(s, &a),
        _ => None,
    }
}

/// Whether an int result would pass CPython's folding limit (`safe_multiply`,
/// `safe_power`, `safe_lshift`); `None` when the operands are out of range.
fn too_big(op: BinOp, a: &Value, b: &Value) -> Option<bool> {
    if !(a.is_int() && b.is_int()) {
        return Some(false);
    }
    let (x, y) = (a.to_bigint()?, b.to_bigint()?);
    if x.is_zero() {
        return Some(false);
    }
    Some(match op {
        BinOp::Mul if !y.is_zero() => x.magnitude().bits() + y.magnitude().bits() > MAX_INT_SIZE,
        BinOp::Pow if y.is_positive() => x.magnitude().bits() > MAX_INT_SIZE / y.to_u64()?,
        BinOp::LShift if !y.is_zero() => {
            let w = y.to_u64()?;
            w > MAX_INT_SIZE || x.magnitude().bits() > MAX_INT_SIZE - w
        }
        _ => false,
    })
}

/// `s * n` within CPython's folding limit.
fn repeat(s: &str, n: &Value) -> Option<Value> {
    let len = s.chars().count();
    let n = n.to_bigint()?.to_i64()?;
    if len > 0 && (n < 0 || n as u64 > (MAX_STR_SIZE / len) as u64) {
        return None;
    }
    Some(Value::string(s.repeat(n.max(0) as usize)))
}

/// A number operator on two number constants, as the interpreter computes
/// it; `None` when it raises.
fn numeric(op: BinOp, a: &Value, b: &Value) -> Option<Value> {
    if let (Value::Bool(x), Value::Bool(y)) = (a, b) {
        match op {
            BinOp::And => return Some(Value::Bool(x & y)),
            BinOp::Or => return Some(Value::Bool(x | y)),
            BinOp::Xor => return Some(Value::Bool(x ^ y)),
            _ => {}
        }
    }
    if matches!(a, Value::Float(_)) || matches!(b, Value::Float(_)) {
        if matches!(
            op,
            BinOp::And | BinOp::Or | BinOp::Xor | BinOp::LShift | BinOp::RShift
        ) {
            return None;
        }
        let x = ops::int_to_f64(a).ok()?;
        let y = ops::int_to_f64(b).ok()?;
        return ops::float_op(op, x, y).ok();
    }
    let small = |v: &Value| match v {
        Value::Int(i) => Some(*i),
        Value::Bool(b) => Some(*b as i64),
        _ => None,
    };
    if let (Some(x), Some(y)) = (small(a), small(b)) {
        return ops::int_op(op, x, y).ok();
    }
    ops::bigint_op(op, &a.to_bigint()?, &b.to_bigint()?).ok()
}

/// CPython's `_PyCode_ConstantKey` of a constant, as text: equal for two
/// constants exactly when the compiler merges them (an `int` and an equal
/// `float` or `bool` differ, `0.0` and `-0.0` differ). `None` for values
/// that are no constants.
fn key(v: &Value) -> Option<String> {
    Some(match v {
        Value::None => "N".into(),
        Value::Bool(b) => format!("b{}", *b as u8),
        Value::Int(i) => format!("i{i}"),
        Value::Float(f) => {
            // Equal floats merge (NaN never does: it is not equal to itself).
            if f.is_nan() {
                return None;
            }
            let f = if *f == 0.0 && f.is_sign_negative() {
                "-0".to_owned()
            } else {
                format!("{:?}", if *f == 0.0 { 0.0 } else { *f })
            };
            format!("f{f}")
        }
        Value::Obj(_) => {
            if let Some(s) = v.as_str() {
                format!("s{}:{s}", s.len())
            } else if let Some(b) = v.as_bigint() {
                format!("i{b}")
            } else if let Some(b) = v.downcast::<crate::object::BytesObj>() {
                format!("y{:?}", b.as_bytes())
            } else if let Some(t) = v.downcast::<TupleObj>() {
                let parts = t.items.iter().map(key).collect::<Option<Vec<_>>>()?;
                format!("t{}({})", parts.len(), parts.join(","))
            } else {
                return None;
            }
        }
    })
}

/// A frozenset of constants made as CPython's `PyFrozenSet_New` makes it
/// from a tuple: the items added in order.
fn build(items: &[Value]) -> Option<SetObj> {
    let s = SetObj::new();
    for v in items {
        let h = ops::hash_value(v).ok()?;
        s.add_entry(None, v.clone(), h).ok()?;
    }
    Some(s)
}

/// The frozenset constants of one module's compilation, by their items'
/// constant keys (CPython's `c_const_cache`).
#[derive(Default)]
pub struct FrozensetConsts {
    made: HashMap<Vec<String>, Value>,
}

impl FrozensetConsts {
    /// The frozenset constant of `items` (constants in source order):
    /// the one made earlier for the same items, or a new one, made from
    /// the items and then again from its own order.
    pub fn get(&mut self, items: &[Value]) -> Option<Value> {
        let first = build(items)?.keys();
        let mut k = first.iter().map(key).collect::<Option<Vec<_>>>()?;
        k.sort();
        if let Some(v) = self.made.get(&k) {
            return Some(v.clone());
        }
        let merged = build(&first)?;
        let v = Value::Obj(merged.into_obj(true));
        self.made.insert(k, v.clone());
        Some(v)
    }
}
