//! `operator`: CPython 3.11's `_operator` functions over the
//! interpreter's own protocols (`ops`), so `operator.add(a, b)` is `a + b`
//! with the same dunder dispatch and errors, plus `itemgetter`,
//! `attrgetter` and `methodcaller` objects, and the `__add__`-style
//! aliases `operator.py` defines.

use super::positional;
use crate::bytecode::{BinOp, CmpOp};
use crate::object::types::{self, Kind, native_type};
use crate::object::{
    Args, Builtin, DictObj, NativeFn, ObjRef, PyErr, PyResult, StaticType, StrObj, Value,
};
use crate::ops;
use crate::vm::Vm;
use std::cell::RefCell;

/// `operator.itemgetter(*items)`.
pub struct ItemGetter {
    items: RefCell<Vec<Value>>,
}

/// `operator.attrgetter(*attrs)`: each name, split at its dots.
pub struct AttrGetter {
    names: Vec<String>,
}

/// `operator.methodcaller(name, /, *args, **kwargs)`.
pub struct MethodCaller {
    name: String,
    args: RefCell<Vec<Value>>,
    kwargs: RefCell<Vec<(ObjRef, Value)>>,
}

/// `operator.itemgetter`
pub static ITEMGETTER: StaticType =
    native_type::<ItemGetter>(c"operator.itemgetter", &types::OBJECT, Kind::STDLIB);
/// `operator.attrgetter`
pub static ATTRGETTER: StaticType =
    native_type::<AttrGetter>(c"operator.attrgetter", &types::OBJECT, Kind::STDLIB);
/// `operator.methodcaller`
pub static METHODCALLER: StaticType =
    native_type::<MethodCaller>(c"operator.methodcaller", &types::OBJECT, Kind::STDLIB);

/// The constructors, by type.
pub static CONSTRUCTORS: &[(&StaticType, NativeFn)] = &[
    (&ITEMGETTER, new_itemgetter),
    (&ATTRGETTER, new_attrgetter),
    (&METHODCALLER, new_methodcaller),
];

/// A function of two operands through `ops::binary_op`.
macro_rules! binary {
    ($($f:ident, $name:literal, $op:expr, $inplace:expr;)*) => {
        $(
            fn $f(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
                two(&args, $name)?;
                if $inplace {
                    ops::inplace_op(vm, $op, &args.pos[0], &args.pos[1])
                } else {
                    ops::binary_op(vm, $op, &args.pos[0], &args.pos[1])
                }
            }
        )*
    };
}

binary! {
    op_add, "add", BinOp::Add, false;
    op_sub, "sub", BinOp::Sub, false;
    op_mul, "mul", BinOp::Mul, false;
    op_matmul, "matmul", BinOp::MatMul, false;
    op_truediv, "truediv", BinOp::TrueDiv, false;
    op_floordiv, "floordiv", BinOp::FloorDiv, false;
    op_mod, "mod", BinOp::Mod, false;
    op_pow, "pow", BinOp::Pow, false;
    op_lshift, "lshift", BinOp::LShift, false;
    op_rshift, "rshift", BinOp::RShift, false;
    op_and, "and_", BinOp::And, false;
    op_or, "or_", BinOp::Or, false;
    op_xor, "xor", BinOp::Xor, false;
    op_iadd, "iadd", BinOp::Add, true;
    op_isub, "isub", BinOp::Sub, true;
    op_imul, "imul", BinOp::Mul, true;
    op_imatmul, "imatmul", BinOp::MatMul, true;
    op_itruediv, "itruediv", BinOp::TrueDiv, true;
    op_ifloordiv, "ifloordiv", BinOp::FloorDiv, true;
    op_imod, "imod", BinOp::Mod, true;
    op_ipow, "ipow", BinOp::Pow, true;
    op_ilshift, "ilshift", BinOp::LShift, true;
    op_irshift, "irshift", BinOp::RShift, true;
    op_iand, "iand", BinOp::And, true;
    op_ior, "ior", BinOp::Or, true;
    op_ixor, "ixor", BinOp::Xor, true;
}

/// A rich comparison through `ops::compare` (its result, not only a bool).
macro_rules! comparison {
    ($($f:ident, $name:literal, $op:expr;)*) => {
        $(
            fn $f(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
                two(&args, $name)?;
                ops::compare(vm, $op, &args.pos[0], &args.pos[1])
            }
        )*
    };
}

comparison! {
    op_lt, "lt", CmpOp::Lt;
    op_le, "le", CmpOp::Le;
    op_eq, "eq", CmpOp::Eq;
    op_ne, "ne", CmpOp::Ne;
    op_gt, "gt", CmpOp::Gt;
    op_ge, "ge", CmpOp::Ge;
}

/// A function of one operand through `ops::unary` ('-', '+', '~').
macro_rules! unary {
    ($($f:ident, $name:literal, $op:expr;)*) => {
        $(
            fn $f(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
                let v = one(&args, $name)?;
                ops::unary(vm, $op, v)
            }
        )*
    };
}

unary! {
    op_neg, "neg", '-';
    op_pos, "pos", '+';
    op_inv, "inv", '~';
    op_invert, "invert", '~';
}

/// Two positional arguments (`Argument Clinic`'s positional-only pair).
fn two(args: &Args<'_>, name: &str) -> PyResult<()> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "_operator.{name}() takes no keyword arguments"
        )));
    }
    positional(args, name, 2, 2)
}

/// The one argument of a `METH_O` function.
fn one<'a>(args: &Args<'a>, name: &str) -> PyResult<&'a Value> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "_operator.{name}() takes no keyword arguments"
        )));
    }
    match args.pos {
        [v] => Ok(v),
        _ => Err(PyErr::type_error(format!(
            "_operator.{name}() takes exactly one argument ({} given)",
            args.pos.len()
        ))),
    }
}

fn op_abs(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let v = one(&args, "abs")?;
    crate::builtins::b_abs(vm, Args::positional(std::slice::from_ref(v)))
}

fn op_not(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let v = one(&args, "not_")?;
    Ok(Value::Bool(!ops::truthy(vm, v)?))
}

fn op_truth(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let v = one(&args, "truth")?;
    Ok(Value::Bool(ops::truthy(vm, v)?))
}

fn op_index(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let v = one(&args, "index")?;
    let i = crate::dunder::as_index(vm, v)?;
    match i {
        Value::Bool(b) => Ok(Value::Int(b as i64)),
        _ if i.is_int() => Ok(i),
        _ => Err(PyErr::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            v.type_name()
        ))),
    }
}

fn op_is(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    two(&args, "is_")?;
    Ok(Value::Bool(args.pos[0].is(&args.pos[1])))
}

fn op_is_not(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    two(&args, "is_not")?;
    Ok(Value::Bool(!args.pos[0].is(&args.pos[1])))
}

fn op_contains(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    two(&args, "contains")?;
    Ok(Value::Bool(ops::contains(vm, &args.pos[0], &args.pos[1])?))
}

/// `_PySequence_IterSearch`: the iterator of `seq`, with its TypeError
/// worded as the search's.
fn search_iter(vm: &mut Vm, seq: &Value) -> PyResult<Value> {
    ops::get_iter(vm, seq).map_err(|e| {
        if e.matches(types::TYPE_ERROR.get()) {
            PyErr::type_error(format!(
                "argument of type '{}' is not iterable",
                seq.type_name()
            ))
        } else {
            e
        }
    })
}

fn op_count_of(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    two(&args, "countOf")?;
    let it = search_iter(vm, &args.pos[0])?;
    let mut n = 0i64;
    while let Some(x) = ops::iter_next(vm, &it)? {
        if ops::same_or_eq(vm, &x, &args.pos[1])? {
            n += 1;
        }
    }
    Ok(Value::Int(n))
}

fn op_index_of(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    two(&args, "indexOf")?;
    let it = search_iter(vm, &args.pos[0])?;
    let mut i = 0i64;
    while let Some(x) = ops::iter_next(vm, &it)? {
        if ops::same_or_eq(vm, &x, &args.pos[1])? {
            return Ok(Value::Int(i));
        }
        i += 1;
    }
    Err(PyErr::value_error("sequence.index(x): x not in sequence"))
}

/// `call(obj, /, *args, **kwargs)` (new in 3.11).
fn op_call(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let Some((f, rest)) = args.pos.split_first() else {
        return Err(PyErr::type_error(
            "call expected at least 1 argument, got 0",
        ));
    };
    vm.call_with(
        f,
        Args {
            pos: rest,
            kw: args.kw,
        },
    )
}

fn op_getitem(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    two(&args, "getitem")?;
    ops::getitem(vm, &args.pos[0], &args.pos[1])
}

fn op_setitem(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(
            "_operator.setitem() takes no keyword arguments",
        ));
    }
    positional(&args, "setitem", 3, 3)?;
    ops::setitem(vm, &args.pos[0], &args.pos[1], args.pos[2].clone())?;
    Ok(Value::None)
}

fn op_delitem(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    two(&args, "delitem")?;
    ops::delitem(vm, &args.pos[0], &args.pos[1])?;
    Ok(Value::None)
}

/// Whether `PySequence_Check` holds: a built-in sequence, or an instance
/// of a Python class with `__getitem__` that is not a dict.
fn is_sequence(v: &Value) -> bool {
    match v.kind() {
        Kind::LIST
        | Kind::TUPLE
        | Kind::STR
        | Kind::BYTES
        | Kind::BYTEARRAY
        | Kind::MEMORYVIEW
        | Kind::RANGE => true,
        Kind::DICT => false,
        _ => crate::dunder::special(v, "__getitem__").is_some(),
    }
}

/// `PySequence_Concat` (`inplace`: `PySequence_InPlaceConcat`).
fn concat(vm: &mut Vm, args: &Args<'_>, name: &str, inplace: bool) -> PyResult<Value> {
    two(args, name)?;
    let (a, b) = (&args.pos[0], &args.pos[1]);
    // The built-in sequences concatenate themselves (with their own
    // errors); other sequences through `+` when both are sequences.
    let builtin = matches!(
        a.kind(),
        Kind::LIST | Kind::TUPLE | Kind::STR | Kind::BYTES | Kind::BYTEARRAY
    );
    if builtin || (is_sequence(a) && is_sequence(b)) {
        let r = if inplace {
            ops::inplace_op(vm, BinOp::Add, a, b)
        } else {
            ops::binary_op(vm, BinOp::Add, a, b)
        };
        match r {
            Err(e) if !builtin && e.matches(types::TYPE_ERROR.get()) => {}
            r => return r,
        }
    }
    Err(PyErr::type_error(format!(
        "'{}' object can't be concatenated",
        a.type_name()
    )))
}

fn op_concat(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    concat(vm, &args, "concat", false)
}

fn op_iconcat(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    concat(vm, &args, "iconcat", true)
}

/// Fills the module dict: the functions, their `__dunder__` aliases
/// (`operator.py`'s), and the three callable types.
pub fn fill(d: &DictObj) {
    let funcs: &[(&'static str, NativeFn, Option<&'static str>)] = &[
        ("abs", op_abs, Some("__abs__")),
        ("add", op_add, Some("__add__")),
        ("and_", op_and, Some("__and__")),
        ("call", op_call, Some("__call__")),
        ("concat", op_concat, Some("__concat__")),
        ("contains", op_contains, Some("__contains__")),
        ("countOf", op_count_of, None),
        ("delitem", op_delitem, Some("__delitem__")),
        ("eq", op_eq, Some("__eq__")),
        ("floordiv", op_floordiv, Some("__floordiv__")),
        ("ge", op_ge, Some("__ge__")),
        ("getitem", op_getitem, Some("__getitem__")),
        ("gt", op_gt, Some("__gt__")),
        ("iadd", op_iadd, Some("__iadd__")),
        ("iand", op_iand, Some("__iand__")),
        ("iconcat", op_iconcat, Some("__iconcat__")),
        ("ifloordiv", op_ifloordiv, Some("__ifloordiv__")),
        ("ilshift", op_ilshift, Some("__ilshift__")),
        ("imatmul", op_imatmul, Some("__imatmul__")),
        ("imod", op_imod, Some("__imod__")),
        ("imul", op_imul, Some("__imul__")),
        ("index", op_index, Some("__index__")),
        ("indexOf", op_index_of, None),
        ("inv", op_inv, Some("__inv__")),
        ("invert", op_invert, Some("__invert__")),
        ("ior", op_ior, Some("__ior__")),
        ("ipow", op_ipow, Some("__ipow__")),
        ("irshift", op_irshift, Some("__irshift__")),
        ("is_", op_is, None),
        ("is_not", op_is_not, None),
        ("isub", op_isub, Some("__isub__")),
        ("itruediv", op_itruediv, Some("__itruediv__")),
        ("ixor", op_ixor, Some("__ixor__")),
        ("le", op_le, Some("__le__")),
        ("lshift", op_lshift, Some("__lshift__")),
        ("lt", op_lt, Some("__lt__")),
        ("matmul", op_matmul, Some("__matmul__")),
        ("mod", op_mod, Some("__mod__")),
        ("mul", op_mul, Some("__mul__")),
        ("ne", op_ne, Some("__ne__")),
        ("neg", op_neg, Some("__neg__")),
        ("not_", op_not, Some("__not__")),
        ("or_", op_or, Some("__or__")),
        ("pos", op_pos, Some("__pos__")),
        ("pow", op_pow, Some("__pow__")),
        ("rshift", op_rshift, Some("__rshift__")),
        ("setitem", op_setitem, Some("__setitem__")),
        ("sub", op_sub, Some("__sub__")),
        ("truediv", op_truediv, Some("__truediv__")),
        ("truth", op_truth, None),
        ("xor", op_xor, Some("__xor__")),
    ];
    for (name, f, alias) in funcs {
        let obj = Value::Obj(Builtin::new_obj(name, *f, None));
        if let Some(a) = alias {
            d.set_str(a, obj.clone());
        }
        d.set_str(name, obj);
    }
    d.set_str("itemgetter", Value::from_type(&ITEMGETTER));
    d.set_str("attrgetter", Value::from_type(&ATTRGETTER));
    d.set_str("methodcaller", Value::from_type(&METHODCALLER));
}

// ----- itemgetter, attrgetter, methodcaller ---------------------------------------------

fn new_itemgetter(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("itemgetter")?;
    if args.pos.is_empty() {
        return Err(PyErr::type_error("itemgetter expected 1 argument, got 0"));
    }
    let o = ObjRef::new(
        ITEMGETTER.get(),
        ItemGetter {
            items: RefCell::new(args.pos.to_vec()),
        },
    );
    abi::gc_track(&o);
    Ok(Value::Obj(o))
}

fn new_attrgetter(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("attrgetter")?;
    if args.pos.is_empty() {
        return Err(PyErr::type_error("attrgetter expected 1 argument, got 0"));
    }
    let mut names = Vec::with_capacity(args.pos.len());
    for a in args.pos {
        match a.as_str() {
            Some(s) => names.push(s.to_owned()),
            None => return Err(PyErr::type_error("attribute name must be a string")),
        }
    }
    Ok(Value::Obj(ObjRef::new(
        ATTRGETTER.get(),
        AttrGetter { names },
    )))
}

fn new_methodcaller(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let Some((name, rest)) = args.pos.split_first() else {
        return Err(PyErr::type_error(
            "methodcaller needs at least one argument, the method name",
        ));
    };
    let Some(name) = name.as_str() else {
        return Err(PyErr::type_error("method name must be a string"));
    };
    let o = ObjRef::new(
        METHODCALLER.get(),
        MethodCaller {
            name: name.to_owned(),
            args: RefCell::new(rest.to_vec()),
            kwargs: RefCell::new(args.kw.to_vec()),
        },
    );
    abi::gc_track(&o);
    Ok(Value::Obj(o))
}

/// The one object the getters are called with.
fn getter_arg<'a>(args: &Args<'a>, name: &str) -> PyResult<&'a Value> {
    args.no_kw(name)?;
    match args.pos {
        [v] => Ok(v),
        _ => Err(PyErr::type_error(format!(
            "{name} expected 1 argument, got {}",
            args.pos.len()
        ))),
    }
}

/// `obj.a.b.c` for the dotted name `name`.
fn dotted(vm: &mut Vm, obj: &Value, name: &str) -> PyResult<Value> {
    let mut v = obj.clone();
    for part in name.split('.') {
        v = vm.getattr(&v, part)?;
    }
    Ok(v)
}

/// Calls an `itemgetter`, `attrgetter` or `methodcaller`.
pub fn call(vm: &mut Vm, o: &ObjRef, args: Args<'_>) -> Option<PyResult<Value>> {
    if let Some(g) = o.downcast::<ItemGetter>() {
        return Some((|| {
            let obj = getter_arg(&args, "itemgetter")?;
            let items = g.items.borrow().clone();
            if let [item] = items.as_slice() {
                return ops::getitem(vm, obj, item);
            }
            let mut out = Vec::with_capacity(items.len());
            for item in &items {
                out.push(ops::getitem(vm, obj, item)?);
            }
            Ok(Value::tuple(out))
        })());
    }
    if let Some(g) = o.downcast::<AttrGetter>() {
        return Some((|| {
            let obj = getter_arg(&args, "attrgetter")?;
            if let [name] = g.names.as_slice() {
                return dotted(vm, obj, name);
            }
            let mut out = Vec::with_capacity(g.names.len());
            for name in &g.names {
                out.push(dotted(vm, obj, name)?);
            }
            Ok(Value::tuple(out))
        })());
    }
    if let Some(m) = o.downcast::<MethodCaller>() {
        return Some((|| {
            let obj = getter_arg(&args, "methodcaller")?;
            let f = vm.getattr(obj, &m.name)?;
            let pos = m.args.borrow().clone();
            let kw = m.kwargs.borrow().clone();
            vm.call_with(&f, Args { pos: &pos, kw: &kw })
        })());
    }
    None
}

/// Whether `o` is one of this module's callables.
pub fn is_callable(o: &ObjRef) -> bool {
    o.is_type(&ITEMGETTER) || o.is_type(&ATTRGETTER) || o.is_type(&METHODCALLER)
}

/// Whether `o` has this module's `repr`.
pub fn has_repr(o: &ObjRef) -> bool {
    is_callable(o)
}

/// `operator.itemgetter(1, 'a')`, `operator.attrgetter('a.b')`,
/// `operator.methodcaller('m', 1, k=2)`.
pub fn repr(vm: &mut Vm, o: &ObjRef) -> Option<PyResult<String>> {
    let parts: PyResult<Vec<String>> = if let Some(g) = o.downcast::<ItemGetter>() {
        let items = g.items.borrow().clone();
        items.iter().map(|x| ops::repr(vm, x)).collect()
    } else if let Some(g) = o.downcast::<AttrGetter>() {
        Ok(g.names.iter().map(|n| crate::format::str_repr(n)).collect())
    } else if let Some(m) = o.downcast::<MethodCaller>() {
        let pos = m.args.borrow().clone();
        let kw = m.kwargs.borrow().clone();
        (|| {
            let mut parts = vec![crate::format::str_repr(&m.name)];
            for x in &pos {
                parts.push(ops::repr(vm, x)?);
            }
            for (k, v) in &kw {
                let k = k.downcast::<StrObj>().map_or("", |s| s.as_str());
                parts.push(format!("{k}={}", ops::repr(vm, v)?));
            }
            Ok(parts)
        })()
    } else {
        return None;
    };
    let full = o.ty().name();
    Some(parts.map(|p| format!("{full}({})", p.join(", "))))
}

/// Visits what the callables reference.
pub fn traverse(o: &ObjRef, f: &mut dyn FnMut(&ObjRef)) -> bool {
    let mut v = |x: &Value| {
        if let Value::Obj(c) = x {
            f(c)
        }
    };
    if let Some(g) = o.downcast::<ItemGetter>() {
        if let Ok(items) = g.items.try_borrow() {
            items.iter().for_each(&mut v);
        }
        return true;
    }
    if let Some(m) = o.downcast::<MethodCaller>() {
        if let Ok(a) = m.args.try_borrow() {
            a.iter().for_each(&mut v);
        }
        if let Ok(k) = m.kwargs.try_borrow() {
            k.iter().for_each(|(_, x)| v(x));
        }
        return true;
    }
    o.is_type(&ATTRGETTER)
}

/// Drops what the callables reference.
pub fn clear(o: &ObjRef) -> bool {
    if let Some(g) = o.downcast::<ItemGetter>() {
        let old = g
            .items
            .try_borrow_mut()
            .map(|mut x| std::mem::take(&mut *x));
        drop(old);
        return true;
    }
    if let Some(m) = o.downcast::<MethodCaller>() {
        let a = m.args.try_borrow_mut().map(|mut x| std::mem::take(&mut *x));
        let k = m
            .kwargs
            .try_borrow_mut()
            .map(|mut x| std::mem::take(&mut *x));
        drop((a, k));
        return true;
    }
    o.is_type(&ATTRGETTER)
}
