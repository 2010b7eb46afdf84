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
//! same types) is used instead ([`FrozensetConsts`]). When the code object
//! is made, CPython interns its string constants (`intern_string_constants`):
//! a frozenset holding a string that another object had interned before
//! (an identifier of the module, a string interned at start-up:
//! [`super::interned::STARTUP`]) is rebuilt once more, from its order. Which
//! string object a frozenset holds is the one CPython's constant cache
//! registered first for that text: an identifier (interned) when a keyword
//! argument, a class name or the like came first ([`StrConsts`]).

use crate::bytecode::BinOp;
use crate::object::{SetObj, TupleObj, Value};
use crate::ops;
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};
use ruff_python_ast::visitor::{self, Visitor};
use ruff_python_ast::{self as ast, Expr, Stmt};
use std::collections::{HashMap, HashSet};

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
            ast::Number::Complex { real, imag } => Value::complex(*real, *imag),
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

/// Whether `e` is a small tree (at most 16 nodes) of number literals
/// under unary and binary operators (`-1.0`, `2 ** 10`, `1 + 2j`): the
/// expressions the compiler folds to their constant, as CPython's AST
/// optimizer does (`-1.0` is one LOAD_CONST, not a negation at run time).
/// The bound keeps compiling linear in the expression; a bare literal is
/// not a tree to fold.
pub fn small_number_expr(e: &Expr) -> bool {
    fn walk(e: &Expr, budget: &mut u32) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        match e {
            Expr::NumberLiteral(_) => true,
            Expr::UnaryOp(u) => u.op != ast::UnaryOp::Not && walk(&u.operand, budget),
            Expr::BinOp(b) => walk(&b.left, budget) && walk(&b.right, budget),
            _ => false,
        }
    }
    matches!(e, Expr::UnaryOp(_) | Expr::BinOp(_)) && walk(e, &mut 16)
}

fn is_number(v: &Value) -> bool {
    matches!(v, Value::Int(_) | Value::Bool(_) | Value::Float(_))
        || v.as_bigint().is_some()
        || crate::complex::is_complex(v)
}

/// `op v` on a constant (`fold_unaryop`).
fn unary(op: ast::UnaryOp, v: Value) -> Option<Value> {
    if op == ast::UnaryOp::Not {
        return Some(Value::Bool(!truthy(&v)?));
    }
    if crate::complex::is_complex(&v) {
        return crate::complex::unary(if op == ast::UnaryOp::USub { '-' } else { '+' }, &v)
            .filter(|_| op != ast::UnaryOp::Invert);
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
            } else if let Some((re, im)) = v.as_complex() {
                re != 0.0 || im != 0.0
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
    let bop = super::binop(op);
    if bop == BinOp::MatMul {
        return None;
    }
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
    if let Some(r) = crate::complex::binary_op(op, a, b) {
        return r.ok();
    }
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
    // Equal floats merge. A NaN is equal to nothing but itself (the same
    // object, which its stamped bits identify); 0.0 and -0.0 differ.
    let float = |f: f64| {
        if f.is_nan() {
            format!("n{:x}", f.to_bits())
        } else if f == 0.0 && f.is_sign_negative() {
            "-0".to_owned()
        } else {
            format!("{:?}", if f == 0.0 { 0.0 } else { f })
        }
    };
    Some(match v {
        Value::None => "N".into(),
        Value::Bool(b) => format!("b{}", *b as u8),
        Value::Int(i) => format!("i{i}"),
        Value::Float(f) => format!("f{}", float(*f)),
        Value::Obj(_) => {
            if let Some((re, im)) = v.as_complex() {
                format!("c{},{}", float(re), float(im))
            } else if let Some(s) = v.as_str() {
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

/// Whether CPython interns `s` as a code object's constant and a frozenset
/// holding it can be rebuilt for it (`all_name_chars`; one character
/// strings are singletons, never replaced).
fn name_like(s: &str) -> bool {
    s.len() >= 2 && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// CPython's constant cache as far as `str` constants go: for each text,
/// whether the object registered first was an identifier (interned by the
/// parser: keyword argument names, class names, annotated names) or a
/// literal.
#[derive(Default)]
pub struct StrConsts {
    first: HashMap<String, bool>,
}

impl StrConsts {
    /// Registers the strings of a constant (also inside tuples and
    /// frozensets) as literals, where their text is new.
    pub fn literal(&mut self, v: &Value) {
        if let Some(s) = v.as_str() {
            self.literal_str(s);
        } else if let Some(t) = v.downcast::<TupleObj>() {
            t.items.iter().for_each(|x| self.literal(x));
        } else if let Some(f) = v.downcast::<SetObj>() {
            f.keys().iter().for_each(|x| self.literal(x));
        }
    }

    /// Registers an identifier (interned) where its text is new.
    pub fn identifier(&mut self, s: &str) {
        if name_like(s) && !self.first.contains_key(s) {
            self.first.insert(s.to_owned(), true);
        }
    }

    /// Registers `s` as a literal where its text is new; whether the object
    /// registered for the text is a literal.
    fn literal_str(&mut self, s: &str) -> bool {
        if !name_like(s) {
            return true;
        }
        match self.first.get(s) {
            Some(ident) => !ident,
            None => {
                self.first.insert(s.to_owned(), false);
                true
            }
        }
    }
}

/// The identifier-like names of a module (what CPython's parser interns):
/// names, attributes, parameters, keyword arguments, imported names, the
/// names of functions and classes, `global`/`nonlocal` and `except ... as`
/// names.
pub fn identifiers(body: &[Stmt]) -> HashSet<String> {
    struct Names(HashSet<String>);
    impl Names {
        fn add(&mut self, s: &str) {
            for part in s.split('.') {
                if name_like(part) {
                    self.0.insert(part.to_owned());
                }
            }
        }
    }
    impl<'a> Visitor<'a> for Names {
        fn visit_stmt(&mut self, s: &'a Stmt) {
            match s {
                Stmt::FunctionDef(f) => self.add(f.name.as_str()),
                Stmt::ClassDef(c) => self.add(c.name.as_str()),
                Stmt::Global(g) => g.names.iter().for_each(|n| self.add(n.as_str())),
                Stmt::Nonlocal(n) => n.names.iter().for_each(|n| self.add(n.as_str())),
                Stmt::ImportFrom(i) => {
                    if let Some(m) = &i.module {
                        self.add(m.as_str());
                    }
                }
                _ => {}
            }
            visitor::walk_stmt(self, s);
        }
        fn visit_expr(&mut self, e: &'a Expr) {
            match e {
                Expr::Name(n) => self.add(n.id.as_str()),
                Expr::Attribute(a) => self.add(a.attr.as_str()),
                _ => {}
            }
            visitor::walk_expr(self, e);
        }
        fn visit_parameter(&mut self, p: &'a ast::Parameter) {
            self.add(p.name.as_str());
            visitor::walk_parameter(self, p);
        }
        fn visit_keyword(&mut self, k: &'a ast::Keyword) {
            if let Some(a) = &k.arg {
                self.add(a.as_str());
            }
            visitor::walk_keyword(self, k);
        }
        fn visit_alias(&mut self, a: &'a ast::Alias) {
            self.add(a.name.as_str());
            if let Some(n) = &a.asname {
                self.add(n.as_str());
            }
        }
        fn visit_except_handler(&mut self, h: &'a ast::ExceptHandler) {
            let ast::ExceptHandler::ExceptHandler(x) = h;
            if let Some(n) = &x.name {
                self.add(n.as_str());
            }
            visitor::walk_except_handler(self, h);
        }
    }
    let mut names = Names(HashSet::new());
    names.visit_body(body);
    names.0
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
    /// the items and then again from its own order, and once more from
    /// that order when one of its strings was interned before by another
    /// object (`interned` tells which texts were: start-up strings and the
    /// module's identifiers). Its strings are registered in `strs`.
    pub fn get(
        &mut self,
        items: &[Value],
        strs: &mut StrConsts,
        interned: &mut dyn FnMut(&str) -> bool,
    ) -> Option<Value> {
        let first = build(items)?.keys();
        let mut k = first.iter().map(key).collect::<Option<Vec<_>>>()?;
        k.sort();
        if let Some(v) = self.made.get(&k) {
            return Some(v.clone());
        }
        let mut rebuilt = false;
        for item in &first {
            match item.as_str() {
                Some(s) => {
                    if strs.literal_str(s) && name_like(s) && interned(s) {
                        rebuilt = true;
                    }
                }
                None => strs.literal(item),
            }
        }
        let mut merged = build(&first)?;
        if rebuilt {
            merged = build(&merged.keys())?;
        }
        let v = Value::Obj(merged.into_obj(true));
        self.made.insert(k, v.clone());
        Some(v)
    }
}
