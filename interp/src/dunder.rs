//! Protocols through dunder methods: what `ops` does for an instance of a
//! Python class whose class defines `__repr__`, `__eq__`, `__add__`,
//! `__len__`, `__iter__`... Methods are looked up on the type (never the
//! instance), with CPython's `NotImplemented` and reflected-operand rules.
//! Each function returns `None` when the protocol is not defined, so that
//! the caller goes on with the built-in behaviour (and its error message).

use crate::bytecode::{BinOp, CmpOp};
use crate::object::class::{is_subclass, lookup_static};
use crate::object::types::{self, Kind};
use crate::object::{PyErr, PyResult, Value};
use crate::ops;
use crate::vm::Vm;

/// Whether `v` is an instance of a Python class (the only values whose
/// protocols can be dunder methods).
#[inline]
pub fn is_py(v: &Value) -> bool {
    v.as_obj()
        .is_some_and(|o| o.ty().is_heap_type() || o.kind() == Kind::TYPE && has_meta(o))
}

/// Whether the class object `o` has a stand-in metaclass whose special
/// methods apply to it ([`crate::object::class::ClassData::meta`]).
#[cold]
fn has_meta(o: &crate::object::ObjRef) -> bool {
    crate::object::class::class_data(o).is_some_and(|cd| cd.meta.borrow().is_some())
}

/// The special method `name` of `v`'s class, if `v` is an instance of a
/// Python class that defines it.
pub fn special(v: &Value, name: &'static str) -> Option<Value> {
    let o = v.as_obj()?;
    let t = o.ty();
    if !t.is_heap_type() {
        if o.kind() == Kind::TYPE {
            return meta_special(o, name);
        }
        return None;
    }
    lookup_static(t, name)
}

/// Calls the special method `name` of `v` with `args`, if defined.
pub fn call(vm: &mut Vm, v: &Value, name: &'static str, args: &[Value]) -> Option<PyResult<Value>> {
    let f = special(v, name)?;
    let mut all = Vec::with_capacity(args.len() + 1);
    all.push(v.clone());
    all.extend_from_slice(args);
    Some(vm.call(&f, &all))
}

/// `v.__index__()`, `v.__int__()` or `v.__float__()` (`name`) for an
/// instance of a Python class that defines it, with CPython's check of
/// what it returns (an int, an int, a float).
pub fn number(vm: &mut Vm, v: &Value, name: &'static str) -> Option<PyResult<Value>> {
    // An `int` subclass's own `__index__` is never called: the runtime
    // takes the int it is (CPython's `PyNumber_Index`).
    if name == "__index__"
        && v.kind() == Kind::INT
        && let Some(n) = crate::subclass::number_value(v)
    {
        return Some(Ok(n));
    }
    let Some(r) = call(vm, v, name, &[]) else {
        // A class deriving from `int` or `float` without the method: the
        // built-in type's (`float.__index__` there is none).
        let n = crate::subclass::number_value(v)?;
        return match (name, &n) {
            ("__float__", Value::Float(_)) => Some(Ok(n)),
            ("__float__", _) => Some(ops::int_to_f64(&n).map(Value::float)),
            ("__int__", Value::Float(_)) => Some(crate::builtins::call_type(
                vm,
                &crate::object::ObjRef::from_static(&types::INT),
                crate::object::Args::positional(std::slice::from_ref(&n)),
            )),
            (_, Value::Float(_)) => None,
            _ => Some(Ok(n)),
        };
    };
    Some(r.and_then(|r| {
        let ok = if name == "__float__" {
            matches!(r, Value::Float(_))
        } else {
            r.is_int()
        };
        if ok {
            return Ok(r);
        }
        Err(PyErr::type_error(if name == "__float__" {
            format!(
                "{}.__float__ returned non-float (type {})",
                v.type_name(),
                r.type_name()
            )
        } else {
            format!("{name} returned non-int (type {})", r.type_name())
        }))
    }))
}

/// `v` as an int through `__index__` when it is an instance of a Python
/// class that defines it, else `v` itself (for the built-ins that take an
/// index: subscripts, `range`, `bin`...).
pub fn as_index(vm: &mut Vm, v: &Value) -> PyResult<Value> {
    if let Some(r) = number(vm, v, "__index__") {
        return r;
    }
    // A C type's `nb_index`.
    if let Some(r) = c_number(vm, v, 'x', "__index__", Value::is_int)? {
        return Ok(r);
    }
    Ok(v.clone())
}

/// The conversion `slot` ('i', 'f' or 'x': `nb_int`, `nb_float`,
/// `nb_index`) of a C type's instance `x`, if it has one; its result must
/// pass `ok`, else CPython's "`name` returned non-…" TypeError.
pub fn c_number(
    vm: &mut Vm,
    x: &Value,
    slot: char,
    name: &str,
    ok: fn(&Value) -> bool,
) -> PyResult<Option<Value>> {
    let Some((capi, o)) = crate::ext::foreign(x) else {
        return Ok(None);
    };
    let Some(r) = capi.unary_op(vm, slot, o)? else {
        return Ok(None);
    };
    if !ok(&r) {
        let what = if slot == 'f' { "float" } else { "int" };
        return Err(PyErr::type_error(format!(
            "{name} returned non-{what} (type {})",
            r.type_name()
        )));
    }
    Ok(Some(r))
}

fn is_not_implemented(v: &Value) -> bool {
    v.kind() == Kind::NOT_IMPLEMENTED
}

/// `repr(v)` through `__repr__`.
pub fn repr(vm: &mut Vm, v: &Value) -> Option<PyResult<String>> {
    text_of(vm, v, "__repr__")
}

/// `str(v)` through `__str__`.
pub fn str_of(vm: &mut Vm, v: &Value) -> Option<PyResult<String>> {
    text_of(vm, v, "__str__")
}

/// The `str` a text dunder (`__repr__`, `__str__`) returns.
fn text_of(vm: &mut Vm, v: &Value, dunder: &'static str) -> Option<PyResult<String>> {
    let r = call(vm, v, dunder, &[])?;
    Some(r.and_then(|r| {
        r.as_str().map(str::to_owned).ok_or_else(|| {
            PyErr::type_error(format!(
                "{dunder} returned non-string (type {})",
                r.type_name()
            ))
        })
    }))
}

/// The names of the comparison's method and of its reflection.
fn cmp_names(op: CmpOp) -> (&'static str, &'static str) {
    match op {
        CmpOp::Lt => ("__lt__", "__gt__"),
        CmpOp::Le => ("__le__", "__ge__"),
        CmpOp::Eq => ("__eq__", "__eq__"),
        CmpOp::Ne => ("__ne__", "__ne__"),
        CmpOp::Gt => ("__gt__", "__lt__"),
        CmpOp::Ge => ("__ge__", "__le__"),
    }
}

/// Calls `v.name(other)`; for `__ne__` without one, the negation of
/// `__eq__` (`object.__ne__`). `None` when not defined.
fn cmp_method(
    vm: &mut Vm,
    v: &Value,
    name: &'static str,
    other: &Value,
) -> Option<PyResult<Value>> {
    if let Some(r) = call(vm, v, name, std::slice::from_ref(other)) {
        return Some(r);
    }
    // A built-in base's `__ne__` comes before negating `__eq__`.
    if name != "__ne__" || crate::subclass::is_instance_value(v) {
        return None;
    }
    let r = call(vm, v, "__eq__", std::slice::from_ref(other))?;
    Some(r.and_then(|r| {
        if is_not_implemented(&r) {
            Ok(r)
        } else {
            Ok(Value::Bool(!ops::truthy(vm, &r)?))
        }
    }))
}

/// Whether `b`'s type is a proper subclass of `a`'s (its reflected method
/// is then tried first, as CPython does).
fn right_first(a: &Value, b: &Value) -> bool {
    let (ta, tb) = (a.type_of(), b.type_of());
    !std::ptr::eq(ta, tb) && is_subclass(tb, ta)
}

/// `a <op> b` when either is an instance of a Python class: CPython's
/// `do_richcompare`. `None` when neither side defines the comparison
/// (then `==` is identity, and ordering is a TypeError, as the caller's
/// built-in rules say).
pub fn richcompare(vm: &mut Vm, op: CmpOp, a: &Value, b: &Value) -> PyResult<Option<Value>> {
    let (name, reflected) = cmp_names(op);
    let swapped = right_first(a, b);
    if swapped && let Some(r) = cmp_method(vm, b, reflected, a) {
        let r = r?;
        if !is_not_implemented(&r) {
            return Ok(Some(r));
        }
    }
    if let Some(r) = cmp_method(vm, a, name, b) {
        let r = r?;
        if !is_not_implemented(&r) {
            return Ok(Some(r));
        }
    }
    // A C type's `tp_richcompare` on the left comes before the Python
    // class's reflected method on the right, as in CPython.
    if !is_py(a)
        && let Some((capi, _)) = crate::ext::foreign(a)
        && let Some(r) = capi.richcompare(vm, op, a, b)?
    {
        return Ok(Some(r));
    }
    if !swapped && let Some(r) = cmp_method(vm, b, reflected, a) {
        let r = r?;
        if !is_not_implemented(&r) {
            return Ok(Some(r));
        }
    }
    // A class deriving from a C type without a comparison of its own
    // uses its C base's `tp_richcompare` (as do C types on the other side).
    if let Some(capi) = crate::ext::foreign(a)
        .or(crate::ext::foreign(b))
        .map(|(c, _)| c)
        && let Some(r) = capi.richcompare(vm, op, a, b)?
    {
        return Ok(Some(r));
    }
    // An instance of a class deriving from a built-in type compares as
    // that type does: the caller's built-in rules decide.
    if crate::subclass::is_instance_value(a) || crate::subclass::is_instance_value(b) {
        return Ok(None);
    }
    Ok(match op {
        CmpOp::Eq => Some(Value::Bool(a.is(b))),
        CmpOp::Ne => Some(Value::Bool(!a.is(b))),
        _ => None,
    })
}

/// The method names of a binary operator: plain, reflected, in-place.
fn binop_names(op: BinOp) -> (&'static str, &'static str, &'static str) {
    match op {
        BinOp::Add => ("__add__", "__radd__", "__iadd__"),
        BinOp::And => ("__and__", "__rand__", "__iand__"),
        BinOp::FloorDiv => ("__floordiv__", "__rfloordiv__", "__ifloordiv__"),
        BinOp::LShift => ("__lshift__", "__rlshift__", "__ilshift__"),
        BinOp::MatMul => ("__matmul__", "__rmatmul__", "__imatmul__"),
        BinOp::Mul => ("__mul__", "__rmul__", "__imul__"),
        BinOp::Mod => ("__mod__", "__rmod__", "__imod__"),
        BinOp::Or => ("__or__", "__ror__", "__ior__"),
        BinOp::Pow => ("__pow__", "__rpow__", "__ipow__"),
        BinOp::RShift => ("__rshift__", "__rrshift__", "__irshift__"),
        BinOp::Sub => ("__sub__", "__rsub__", "__isub__"),
        BinOp::TrueDiv => ("__truediv__", "__rtruediv__", "__itruediv__"),
        BinOp::Xor => ("__xor__", "__rxor__", "__ixor__"),
    }
}

/// Calls `v.name(other)` and reads `NotImplemented` as "not defined".
fn try_op(vm: &mut Vm, v: &Value, name: &'static str, other: &Value) -> PyResult<Option<Value>> {
    match call(vm, v, name, std::slice::from_ref(other)) {
        Some(r) => {
            let r = r?;
            Ok((!is_not_implemented(&r)).then_some(r))
        }
        None => Ok(None),
    }
}

/// `a <op> b` (in place when `inplace`) when either is an instance of a
/// Python class: CPython's `binary_op1`, after `__iop__` for an in-place
/// operator. `None` when no method applies (the built-in rules then
/// decide, and raise CPython's "unsupported operand" TypeError).
pub fn binary_op(
    vm: &mut Vm,
    op: BinOp,
    a: &Value,
    b: &Value,
    inplace: bool,
) -> PyResult<Option<Value>> {
    let (name, reflected, iname) = binop_names(op);
    if inplace && let Some(r) = try_op(vm, a, iname, b)? {
        return Ok(Some(r));
    }
    let same_type = std::ptr::eq(a.type_of(), b.type_of());
    let swapped = right_first(a, b);
    if swapped && let Some(r) = try_op(vm, b, reflected, a)? {
        return Ok(Some(r));
    }
    if let Some(r) = try_op(vm, a, name, b)? {
        return Ok(Some(r));
    }
    if !swapped
        && !same_type
        && let Some(r) = try_op(vm, b, reflected, a)?
    {
        return Ok(Some(r));
    }
    Ok(None)
}

/// The rest of [`binary_op`] (not in place) once `a`'s method returned
/// `NotImplemented`, when `b` is not of a subclass of `a`'s class that
/// goes first: `b`'s reflected method if the types differ.
pub fn binary_op_after_left(
    vm: &mut Vm,
    op: BinOp,
    a: &Value,
    b: &Value,
) -> PyResult<Option<Value>> {
    let (_, reflected, _) = binop_names(op);
    if std::ptr::eq(a.type_of(), b.type_of()) {
        return Ok(None);
    }
    try_op(vm, b, reflected, a)
}

/// The method `binary_op` (not in place) calls first for `a <op> b`: `a`'s
/// method, when `b`'s reflected one does not go first.
pub fn binary_op_first(op: BinOp, a: &Value, b: &Value) -> Option<Value> {
    if right_first(a, b) {
        return None;
    }
    special(a, binop_names(op).0)
}

/// `a`'s method for `a <op> b` (not in place) when `b` is of `a`'s class
/// or of no Python class, as BINARY_OP_PY's guards make sure: `b`'s
/// reflected method cannot go first then, so this is [`binary_op_first`]
/// without that test.
#[inline]
pub fn binary_op_left(op: BinOp, a: &Value) -> Option<Value> {
    special(a, binop_names(op).0)
}

/// `-v`, `+v`, `~v` through `__neg__`, `__pos__`, `__invert__`.
pub fn unary(vm: &mut Vm, op: char, v: &Value) -> Option<PyResult<Value>> {
    let name = match op {
        '-' => "__neg__",
        '+' => "__pos__",
        '~' => "__invert__",
        _ => return None,
    };
    call(vm, v, name, &[])
}

/// `bool(v)` through `__bool__`, then `__len__`.
pub fn truthy(vm: &mut Vm, v: &Value) -> Option<PyResult<bool>> {
    if let Some(r) = call(vm, v, "__bool__", &[]) {
        return Some(r.and_then(|r| match r {
            Value::Bool(b) => Ok(b),
            other => Err(PyErr::type_error(format!(
                "__bool__ should return bool, returned {}",
                other.type_name()
            ))),
        }));
    }
    special(v, "__len__")?;
    Some(len(vm, v)?.map(|n| n != 0))
}

/// `len(v)` through `__len__`.
pub fn len(vm: &mut Vm, v: &Value) -> Option<PyResult<usize>> {
    let r = call(vm, v, "__len__", &[])?;
    Some(r.and_then(|r| {
        let n = match ops::to_index(&r) {
            Some(n) => n.map_err(|_| {
                PyErr::overflow(format!(
                    "cannot fit '{}' into an index-sized integer",
                    r.type_name()
                ))
            })?,
            None => {
                return Err(PyErr::type_error(format!(
                    "'{}' object cannot be interpreted as an integer",
                    r.type_name()
                )));
            }
        };
        usize::try_from(n).map_err(|_| PyErr::value_error("__len__() should return >= 0"))
    }))
}

/// `v[key]`, `v[key] = value`, `del v[key]` through `__getitem__`,
/// `__setitem__`, `__delitem__`.
pub fn getitem(vm: &mut Vm, v: &Value, key: &Value) -> Option<PyResult<Value>> {
    call(vm, v, "__getitem__", std::slice::from_ref(key))
}

/// See [`getitem`].
pub fn setitem(vm: &mut Vm, v: &Value, key: &Value, value: Value) -> Option<PyResult<()>> {
    call(vm, v, "__setitem__", &[key.clone(), value]).map(|r| r.map(drop))
}

/// See [`getitem`].
pub fn delitem(vm: &mut Vm, v: &Value, key: &Value) -> Option<PyResult<()>> {
    call(vm, v, "__delitem__", std::slice::from_ref(key)).map(|r| r.map(drop))
}

/// `item in v` through `__contains__`, else by iterating `v`.
pub fn contains(vm: &mut Vm, v: &Value, item: &Value) -> Option<PyResult<bool>> {
    if let Some(r) = call(vm, v, "__contains__", std::slice::from_ref(item)) {
        return Some(r.and_then(|r| ops::truthy(vm, &r)));
    }
    // A built-in base's `in` (its items as stored).
    if has_builtin_iter(v) {
        return None;
    }
    special(v, "__iter__").or_else(|| special(v, "__getitem__"))?;
    Some((|| {
        let it = ops::get_iter(vm, v)?;
        while let Some(x) = ops::iter_next(vm, &it)? {
            if ops::same_or_eq(vm, &x, item)? {
                return Ok(true);
            }
        }
        Ok(false)
    })())
}

/// `iter(v)` through `__iter__` (whose result must be an iterator), or
/// through `__getitem__` (the sequence protocol) when the class has that
/// and no `__iter__`.
pub fn get_iter(vm: &mut Vm, v: &Value) -> Option<PyResult<Value>> {
    let Some(f) = special(v, "__iter__") else {
        use crate::object::iter::{IterObj, IterState};
        // A built-in base's iterator comes before the sequence protocol.
        if has_builtin_iter(v) {
            return None;
        }
        special(v, "__getitem__")?;
        return Some(Ok(Value::Obj(IterObj::new_obj(
            &types::SEQ_ITER,
            IterState::Seq {
                seq: v.clone(),
                idx: 0,
            },
        ))));
    };
    let r = vm.call(&f, std::slice::from_ref(v));
    Some(r.and_then(|it| {
        let ok = match &it {
            Value::Obj(o) if o.ty().is_heap_type() => special(&it, "__next__").is_some(),
            Value::Obj(o) => {
                matches!(o.kind(), Kind::ITER | Kind::GENERATOR)
                    || crate::ext::foreign(&it).is_some()
            }
            _ => false,
        };
        if ok {
            Ok(it)
        } else {
            Err(PyErr::type_error(format!(
                "iter() returned non-iterator of type '{}'",
                it.type_name()
            )))
        }
    }))
}

/// Whether `v` is an instance of a class deriving from a built-in
/// container type, which has its own `__iter__` and `__contains__`.
fn has_builtin_iter(v: &Value) -> bool {
    crate::subclass::is_instance_value(v) && !matches!(v.kind(), Kind::INT | Kind::FLOAT)
}

/// `next(v)` through `__next__`: `Ok(None)` when it raises StopIteration.
pub fn iter_next(vm: &mut Vm, v: &Value) -> Option<PyResult<Option<Value>>> {
    let r = call(vm, v, "__next__", &[])?;
    Some(match r {
        Ok(x) => Ok(Some(x)),
        Err(e) if e.matches(types::STOP_ITERATION.get()) => Ok(None),
        Err(e) => Err(e),
    })
}

/// `hash(v)` through `__hash__`; a class that defines `__eq__` but not
/// `__hash__` has unhashable instances (CPython sets `__hash__ = None`).
pub fn hash(vm: &mut Vm, v: &Value) -> Option<PyResult<i64>> {
    match special(v, "__hash__") {
        Some(Value::None) => Some(Err(unhashable(v))),
        Some(f) => Some(vm.call(&f, std::slice::from_ref(v)).and_then(|r| match r {
            Value::Int(i) => Ok(if i == -1 { -2 } else { i }),
            Value::Bool(b) => Ok(b as i64),
            // An int past the machine word hashes as that int does
            // (CPython's `slot_tp_hash`).
            ref big if big.as_bigint().is_some() => ops::hash_value(big).map(|h| h as i64),
            _ => Err(PyErr::type_error(
                "__hash__ method should return an integer",
            )),
        })),
        None if eq_without_hash(v) => Some(Err(unhashable(v))),
        None => None,
    }
}

/// Whether `v`'s class (or a base) defines `__eq__` and no class up to
/// that one defines `__hash__`.
pub fn eq_without_hash(v: &Value) -> bool {
    let Some(o) = v.as_obj() else {
        return false;
    };
    let t = o.type_ref();
    for c in crate::object::class::mro_of(&t) {
        let Some(d) = crate::object::class::class_data(&c).and_then(|cd| cd.dict()) else {
            continue;
        };
        if d.get_str("__hash__").is_some() {
            return false;
        }
        if d.get_str("__eq__").is_some() {
            return true;
        }
    }
    false
}

fn unhashable(v: &Value) -> PyErr {
    PyErr::type_error(format!("unhashable type: '{}'", v.type_name()))
}

/// `v(*args)` through `__call__`.
pub fn call_object(
    vm: &mut Vm,
    v: &Value,
    args: crate::object::Args<'_>,
) -> Option<PyResult<Value>> {
    let f = special(v, "__call__")?;
    let mut all = Vec::with_capacity(args.pos.len() + 1);
    all.push(v.clone());
    all.extend_from_slice(args.pos);
    Some(vm.call_with(
        &f,
        crate::object::Args {
            pos: &all,
            kw: args.kw,
        },
    ))
}

/// The special method `name` of a class object whose class has a
/// stand-in metaclass ([`crate::object::class::ClassData::meta`]).
#[cold]
fn meta_special(cls: &crate::object::ObjRef, name: &'static str) -> Option<Value> {
    let meta = crate::object::class::class_data(cls)?
        .meta
        .borrow()
        .clone()?;
    let t = meta.as_type()?;
    lookup_static(t, name)
}
