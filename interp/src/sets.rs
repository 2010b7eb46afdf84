//! `set` and `frozenset`: constructors, methods, operators and
//! comparisons, as CPython 3.11's `Objects/setobject.c` defines them (which
//! operand is iterated, which table is copied or merged: each decides the
//! order of the result). The table itself is `object::set`.

use crate::bytecode::{BinOp, CmpOp};
use crate::object::set::{dict_contains_hashed, dict_entries};
use crate::object::types::{self, Kind};
use crate::object::{Args, DictObj, ObjRef, PyErr, PyResult, SetObj, StrObj, Value};
use crate::ops;
use crate::vm::Vm;

/// Whether `v` is a `set` or a `frozenset` (CPython's `PyAnySet_Check`).
pub fn is_anyset(v: &Value) -> bool {
    matches!(v.kind(), Kind::SET | Kind::FROZENSET)
}

/// The payload of a `set` or `frozenset`.
pub fn payload(v: &Value) -> Option<&SetObj> {
    if is_anyset(v) {
        v.downcast::<SetObj>()
    } else {
        None
    }
}

fn is_frozen(o: &ObjRef) -> bool {
    o.kind() == Kind::FROZENSET
}

fn of(o: &ObjRef) -> PyResult<&SetObj> {
    o.downcast::<SetObj>()
        .ok_or_else(|| PyErr::new(&types::SYSTEM_ERROR, "bad set object"))
}

/// A new `set` (or `frozenset`) holding the items of `iterable`
/// (`make_new_set`).
pub fn new_set(vm: &mut Vm, frozen: bool, iterable: Option<&Value>) -> PyResult<ObjRef> {
    let s = SetObj::new();
    if let Some(it) = iterable {
        update(vm, &s, it)?;
    }
    Ok(s.into_obj(frozen))
}

/// A new set of the type of `like` (set or frozenset) holding the items of
/// `iterable` (`make_new_set_basetype`).
fn new_like(vm: &mut Vm, like: &ObjRef, iterable: Option<&Value>) -> PyResult<ObjRef> {
    new_set(vm, is_frozen(like), iterable)
}

/// Adds every item of `other` (`set_update_internal`): a set is merged, an
/// exact dict's keys go in with their stored hashes, anything else is
/// iterated.
pub fn update(vm: &mut Vm, so: &SetObj, other: &Value) -> PyResult<()> {
    if let Some(o) = payload(other) {
        return so.merge(Some(vm), o);
    }
    if other.is_type_exact(&types::DICT)
        && let Some(d) = other.downcast::<DictObj>()
    {
        return so.update_from_dict(vm, d);
    }
    let it = ops::get_iter(vm, other)?;
    while let Some(k) = ops::iter_next(vm, &it)? {
        add_key(vm, so, k)?;
    }
    Ok(())
}

/// `so.add(key)`: hashes `key` (an unhashable key is a `TypeError`).
#[inline]
pub fn add_key(vm: &mut Vm, so: &SetObj, key: Value) -> PyResult<()> {
    let h = ops::hash(vm, &key)?;
    so.add_entry(Some(vm), key, h)
}

/// The hash `in`, `remove` and `discard` use: a `set` key that cannot be
/// hashed is looked up as the frozenset of its items, as CPython does
/// (`set_contains`, `set_discard`).
#[inline]
fn lookup_hash(vm: &mut Vm, key: &Value) -> PyResult<u64> {
    match ops::hash(vm, key) {
        Ok(h) => Ok(h),
        Err(e) => frozen_hash(e, key),
    }
}

/// [`lookup_hash`] of a key `ops::hash` refused with `e`.
#[cold]
#[inline(never)]
fn frozen_hash(e: PyErr, key: &Value) -> PyResult<u64> {
    if e.matches(types::TYPE_ERROR.get())
        && key.kind() == Kind::SET
        && let Some(s) = key.downcast::<SetObj>()
    {
        return Ok(s.compute_hash());
    }
    Err(e)
}

/// `key in container` when no Python code can take part: the container
/// an exact `set` or `frozenset` none of whose keys compares through
/// Python code, the key an int or an exact `str`. `None` otherwise (then
/// [`ops::contains`] decides).
#[inline]
pub fn contains_plain(container: &Value, key: &Value) -> Option<bool> {
    let Value::Obj(o) = container else {
        return None;
    };
    if !(o.is_type(&types::SET) || o.is_type(&types::FROZENSET)) {
        return None;
    }
    let so = o.downcast::<SetObj>()?;
    let h = match key {
        Value::Int(_) => ops::hash_value(key).ok()?,
        Value::Obj(k) if k.is_type(&types::STR) => k.downcast::<StrObj>()?.hash(),
        _ => return None,
    };
    if so.has_vm_keys() {
        return None;
    }
    so.contains_entry(None, key, h).ok()
}

/// `key in so`.
pub fn contains(vm: &mut Vm, so: &SetObj, key: &Value) -> PyResult<bool> {
    let h = lookup_hash(vm, key)?;
    so.contains_entry(Some(vm), key, h)
}

/// A shallow copy of the same type (`set_copy`: a new set merged from
/// `so`).
pub fn copy(vm: &mut Vm, so: &ObjRef) -> PyResult<ObjRef> {
    new_like(vm, so, Some(&Value::Obj(so.clone())))
}

/// `so & other` / `so.intersection(other)` (`set_intersection`): between
/// two sets the smaller is iterated; another iterable is iterated until
/// the result is as large as `so`.
pub fn intersection(vm: &mut Vm, so_obj: &ObjRef, other: &Value) -> PyResult<ObjRef> {
    if matches!(other, Value::Obj(o) if o.ptr_eq(so_obj)) {
        return copy(vm, so_obj);
    }
    let so = of(so_obj)?;
    let result = SetObj::new();
    if let Some(o) = payload(other) {
        let (big, small) = if o.len() > so.len() { (o, so) } else { (so, o) };
        for (h, k) in small.entries() {
            if big.contains_entry(Some(vm), &k, h)? {
                result.add_entry(Some(vm), k, h)?;
            }
        }
        return Ok(result.into_obj(is_frozen(so_obj)));
    }
    let it = ops::get_iter(vm, other)?;
    while let Some(k) = ops::iter_next(vm, &it)? {
        let h = ops::hash(vm, &k)?;
        if so.contains_entry(Some(vm), &k, h)? {
            result.add_entry(Some(vm), k, h)?;
            if result.len() >= so.len() {
                break;
            }
        }
    }
    Ok(result.into_obj(is_frozen(so_obj)))
}

/// `set.intersection(*others)`: a copy without arguments, else the
/// intersection with each in turn.
fn intersection_multi(vm: &mut Vm, so: &ObjRef, others: &[Value]) -> PyResult<ObjRef> {
    if others.is_empty() {
        return copy(vm, so);
    }
    let mut result = so.clone();
    for other in others {
        result = intersection(vm, &result, other)?;
    }
    Ok(result)
}

/// Removes the items of `other` from `so` (`set_difference_update_internal`);
/// a set more than 8 times larger than `so` is first intersected with it;
/// a table left more than a quarter dummies is rebuilt.
pub fn difference_update(vm: &mut Vm, so_obj: &ObjRef, other: &Value) -> PyResult<()> {
    let so = of(so_obj)?;
    if matches!(other, Value::Obj(o) if o.ptr_eq(so_obj)) {
        so.clear();
        return Ok(());
    }
    if let Some(o) = payload(other) {
        let smaller;
        let o = if (o.len() >> 3) > so.len() {
            smaller = intersection(vm, so_obj, other)?;
            of(&smaller)?
        } else {
            o
        };
        for (h, k) in o.entries() {
            so.discard_entry(Some(vm), &k, h)?;
        }
    } else {
        let it = ops::get_iter(vm, other)?;
        while let Some(k) = ops::iter_next(vm, &it)? {
            let h = ops::hash(vm, &k)?;
            so.discard_entry(Some(vm), &k, h)?;
        }
    }
    so.shrink_dummies()
}

/// `so - other` / `so.difference(other)` (`set_difference`): `so` is
/// iterated against a set or dict not much smaller than it, else copied
/// and `other`'s items removed.
pub fn difference(vm: &mut Vm, so_obj: &ObjRef, other: &Value) -> PyResult<ObjRef> {
    let so = of(so_obj)?;
    let dict = if other.is_type_exact(&types::DICT) {
        other.downcast::<DictObj>()
    } else {
        None
    };
    let other_size = match (payload(other), dict) {
        (Some(o), _) => o.len(),
        (None, Some(d)) => d.len(),
        (None, None) => usize::MAX,
    };
    if other_size == usize::MAX || (so.len() >> 2) > other_size {
        let result = copy(vm, so_obj)?;
        difference_update(vm, &result, other)?;
        return Ok(result);
    }
    let result = SetObj::new();
    for (h, k) in so.entries() {
        let found = match (payload(other), dict) {
            (Some(o), _) => o.contains_entry(Some(vm), &k, h)?,
            (None, Some(d)) => dict_contains_hashed(vm, d, &k, h)?,
            (None, None) => false,
        };
        if !found {
            result.add_entry(Some(vm), k, h)?;
        }
    }
    Ok(result.into_obj(is_frozen(so_obj)))
}

/// `set.difference(*others)`.
fn difference_multi(vm: &mut Vm, so: &ObjRef, others: &[Value]) -> PyResult<ObjRef> {
    let Some((first, rest)) = others.split_first() else {
        return copy(vm, so);
    };
    let result = difference(vm, so, first)?;
    for other in rest {
        difference_update(vm, &result, other)?;
    }
    Ok(result)
}

/// Removes each item of `other` found in `so` and adds the others
/// (`set_symmetric_difference_update`): a dict's keys with their hashes,
/// a set's items in its order, anything else through a new set of its
/// items.
pub fn symmetric_difference_update(vm: &mut Vm, so_obj: &ObjRef, other: &Value) -> PyResult<()> {
    let so = of(so_obj)?;
    if matches!(other, Value::Obj(o) if o.ptr_eq(so_obj)) {
        so.clear();
        return Ok(());
    }
    let entries: Vec<(u64, Value)> = if other.is_type_exact(&types::DICT)
        && let Some(d) = other.downcast::<DictObj>()
    {
        dict_entries(d).into_iter().map(|(k, h)| (h, k)).collect()
    } else if let Some(o) = payload(other) {
        o.entries()
    } else {
        let tmp = new_like(vm, so_obj, Some(other))?;
        of(&tmp)?.entries()
    };
    for (h, k) in entries {
        if !so.discard_entry(Some(vm), &k, h)? {
            so.add_entry(Some(vm), k, h)?;
        }
    }
    Ok(())
}

/// `so ^ other` / `so.symmetric_difference(other)`: a new set of `so`'s
/// type made from `other`, updated with `so`.
pub fn symmetric_difference(vm: &mut Vm, so_obj: &ObjRef, other: &Value) -> PyResult<ObjRef> {
    let result = new_like(vm, so_obj, Some(other))?;
    symmetric_difference_update(vm, &result, &Value::Obj(so_obj.clone()))?;
    Ok(result)
}

/// `so <= other` / `so.issubset(other)`: another iterable is made a set
/// first.
pub fn issubset(vm: &mut Vm, so: &SetObj, other: &Value) -> PyResult<bool> {
    let tmp;
    let o = match payload(other) {
        Some(o) => o,
        None => {
            tmp = new_set(vm, false, Some(other))?;
            of(&tmp)?
        }
    };
    subset_of(vm, so, o)
}

/// `so >= other` / `so.issuperset(other)`: another iterable is iterated
/// until an item is missing.
pub fn issuperset(vm: &mut Vm, so: &SetObj, other: &Value) -> PyResult<bool> {
    if let Some(o) = payload(other) {
        return subset_of(vm, o, so);
    }
    let it = ops::get_iter(vm, other)?;
    while let Some(k) = ops::iter_next(vm, &it)? {
        let h = ops::hash(vm, &k)?;
        if !so.contains_entry(Some(vm), &k, h)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether every item of the set `a` is in the set `b`.
fn subset_of(vm: &mut Vm, a: &SetObj, b: &SetObj) -> PyResult<bool> {
    if a.len() > b.len() {
        return Ok(false);
    }
    for (h, k) in a.entries() {
        if !b.contains_entry(Some(vm), &k, h)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `so.isdisjoint(other)`: the smaller of two sets is iterated; another
/// iterable until an item is found.
pub fn isdisjoint(vm: &mut Vm, so_obj: &ObjRef, other: &Value) -> PyResult<bool> {
    let so = of(so_obj)?;
    if matches!(other, Value::Obj(o) if o.ptr_eq(so_obj)) {
        return Ok(so.is_empty());
    }
    if let Some(o) = payload(other) {
        let (big, small) = if o.len() > so.len() { (o, so) } else { (so, o) };
        for (h, k) in small.entries() {
            if big.contains_entry(Some(vm), &k, h)? {
                return Ok(false);
            }
        }
        return Ok(true);
    }
    let it = ops::get_iter(vm, other)?;
    while let Some(k) = ops::iter_next(vm, &it)? {
        let h = ops::hash(vm, &k)?;
        if so.contains_entry(Some(vm), &k, h)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `a == b` for two sets (`set_richcompare`): equal sizes, unequal cached
/// hashes of frozensets settle it, else every item of `a` is in `b`.
pub fn eq(vm: &mut Vm, a: &SetObj, b: &SetObj) -> PyResult<bool> {
    if a.len() != b.len() {
        return Ok(false);
    }
    if let (Some(x), Some(y)) = (a.cached_hash(), b.cached_hash())
        && x != y
    {
        return Ok(false);
    }
    vm.enter_nested(" in comparison")?;
    let r = subset_of(vm, a, b);
    vm.leave_nested();
    r
}

/// A rich comparison with a set on the left: `None` (NotImplemented) when
/// `b` is not a set.
pub fn richcompare(vm: &mut Vm, op: CmpOp, a: &Value, b: &Value) -> PyResult<Option<bool>> {
    let (Some(x), Some(y)) = (payload(a), payload(b)) else {
        return Ok(None);
    };
    Ok(Some(match op {
        CmpOp::Eq => eq(vm, x, y)?,
        CmpOp::Ne => !eq(vm, x, y)?,
        CmpOp::Le => subset_of(vm, x, y)?,
        CmpOp::Ge => subset_of(vm, y, x)?,
        CmpOp::Lt => x.len() < y.len() && subset_of(vm, x, y)?,
        CmpOp::Gt => x.len() > y.len() && subset_of(vm, y, x)?,
    }))
}

/// `a | b`, `a & b`, `a - b`, `a ^ b` with two sets (the result has `a`'s
/// type); `None` (NotImplemented) for other operands and operators.
pub fn binary_op(vm: &mut Vm, op: BinOp, a: &Value, b: &Value) -> PyResult<Option<Value>> {
    let (Value::Obj(so), true) = (a, is_anyset(a) && is_anyset(b)) else {
        return Ok(None);
    };
    let r = match op {
        BinOp::Or => {
            let result = copy(vm, so)?;
            if !a.is(b) {
                update(vm, of(&result)?, b)?;
            }
            result
        }
        BinOp::And => intersection(vm, so, b)?,
        BinOp::Sub => difference(vm, so, b)?,
        BinOp::Xor => symmetric_difference(vm, so, b)?,
        _ => return Ok(None),
    };
    Ok(Some(Value::Obj(r)))
}

/// `a |= b` and the others with a `set` on the left and a set on the right:
/// `a` changed in place. `None` (NotImplemented: the binary operator is
/// tried next) otherwise; a frozenset has no in-place operators.
pub fn inplace_op(vm: &mut Vm, op: BinOp, a: &Value, b: &Value) -> PyResult<Option<Value>> {
    let Value::Obj(so) = a else {
        return Ok(None);
    };
    if so.kind() != Kind::SET || !is_anyset(b) {
        return Ok(None);
    }
    let s = of(so)?;
    match op {
        BinOp::Or => update(vm, s, b)?,
        BinOp::And => {
            let tmp = intersection(vm, so, b)?;
            s.swap_bodies(of(&tmp)?, false);
        }
        BinOp::Sub => difference_update(vm, so, b)?,
        BinOp::Xor => symmetric_difference_update(vm, so, b)?,
        _ => return Ok(None),
    }
    Ok(Some(a.clone()))
}

// ----- methods ----------------------------------------------------------------------

/// `set.add` and friends, as their CPython method descriptors call them:
/// `set.add`, `frozenset.union`.
fn qualified(args: &Args<'_>, name: &str) -> String {
    let owner = args.pos.first().map_or("set", |v| v.type_name());
    format!("{owner}.{name}")
}

/// The receiver and its payload; a `TypeError` for anything else.
#[inline]
fn recv<'a>(args: &Args<'a>, name: &str) -> PyResult<(&'a ObjRef, &'a SetObj)> {
    match args.pos.first() {
        Some(Value::Obj(o)) if is_anyset(&args.pos[0]) => Ok((o, of(o)?)),
        other => Err(not_a_set(name, other)),
    }
}

// The error paths of the argument checks stay out of line, so that the
// checks inline into each method (a `s.add(x)` in a loop pays for no
// call to them).
#[cold]
#[inline(never)]
fn not_a_set(name: &str, other: Option<&Value>) -> PyErr {
    PyErr::type_error(format!(
        "descriptor '{name}' for 'set' objects doesn't apply to a '{}' object",
        other.map_or("NoneType", |v| v.type_name())
    ))
}

#[inline]
fn no_kw(args: &Args<'_>, name: &str) -> PyResult<()> {
    if args.kw.is_empty() {
        Ok(())
    } else {
        Err(takes_no_keywords(args, name))
    }
}

#[cold]
#[inline(never)]
fn takes_no_keywords(args: &Args<'_>, name: &str) -> PyErr {
    PyErr::type_error(format!(
        "{}() takes no keyword arguments",
        qualified(args, name)
    ))
}

/// A method without arguments (`METH_NOARGS`).
fn noargs<'a>(args: &Args<'a>, name: &str) -> PyResult<(&'a ObjRef, &'a SetObj)> {
    no_kw(args, name)?;
    let n = args.pos.len().saturating_sub(1);
    if n != 0 {
        return Err(PyErr::type_error(format!(
            "{}() takes no arguments ({n} given)",
            qualified(args, name)
        )));
    }
    recv(args, name)
}

/// A method of one argument (`METH_O`).
#[inline]
fn onearg<'a>(args: &Args<'a>, name: &str) -> PyResult<(&'a ObjRef, &'a SetObj, &'a Value)> {
    no_kw(args, name)?;
    let n = args.pos.len().saturating_sub(1);
    if n != 1 {
        return Err(takes_one(args, name, n));
    }
    let (o, s) = recv(args, name)?;
    Ok((o, s, &args.pos[1]))
}

#[cold]
#[inline(never)]
fn takes_one(args: &Args<'_>, name: &str, n: usize) -> PyErr {
    PyErr::type_error(format!(
        "{}() takes exactly one argument ({n} given)",
        qualified(args, name)
    ))
}

/// A method of any number of arguments (`METH_VARARGS`).
fn varargs<'a>(args: &Args<'a>, name: &str) -> PyResult<(&'a ObjRef, &'a SetObj, &'a [Value])> {
    no_kw(args, name)?;
    let (o, s) = recv(args, name)?;
    Ok((o, s, &args.pos[1..]))
}

/// `set.add(elem)`
pub fn m_add(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, s, key) = onearg(&args, "add")?;
    key_method(vm, s, key, KeyMethod::Add)?;
    Ok(Value::None)
}

/// The methods of a set taking one key, which compiled code calls without
/// an argument vector (`jit`'s `Generic::SetKey`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyMethod {
    /// `set.add(key)`
    Add,
    /// `set.remove(key)`: `KeyError(key)` when it is missing.
    Remove,
    /// `set.discard(key)`
    Discard,
}

impl KeyMethod {
    /// Every one, by the number compiled code passes (its index here).
    pub const ALL: [KeyMethod; 3] = [KeyMethod::Add, KeyMethod::Remove, KeyMethod::Discard];

    /// The method called `name`, if it is one of these.
    pub fn named(name: &str) -> Option<KeyMethod> {
        match name {
            "add" => Some(KeyMethod::Add),
            "remove" => Some(KeyMethod::Remove),
            "discard" => Some(KeyMethod::Discard),
            _ => None,
        }
    }
}

/// `so.add(key)`, `so.remove(key)` or `so.discard(key)`, as `m` says.
pub fn key_method(vm: &mut Vm, so: &SetObj, key: &Value, m: KeyMethod) -> PyResult<()> {
    if m == KeyMethod::Add {
        return add_key(vm, so, key.clone());
    }
    let h = lookup_hash(vm, key)?;
    if !so.discard_entry(Some(vm), key, h)? && m == KeyMethod::Remove {
        return Err(PyErr::key_error(key.clone()));
    }
    Ok(())
}

/// `set.clear()`
pub fn m_clear(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, s) = noargs(&args, "clear")?;
    s.clear();
    Ok(Value::None)
}

/// `set.copy()`
pub fn m_copy(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (o, _) = noargs(&args, "copy")?;
    Ok(Value::Obj(copy(vm, o)?))
}

/// `frozenset.copy()`: the frozenset itself.
pub fn m_frozenset_copy(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (o, _) = noargs(&args, "copy")?;
    Ok(Value::Obj(o.clone()))
}

/// `set.discard(elem)`
pub fn m_discard(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, s, key) = onearg(&args, "discard")?;
    key_method(vm, s, key, KeyMethod::Discard)?;
    Ok(Value::None)
}

/// `set.remove(elem)`: `KeyError(elem)` when it is missing.
pub fn m_remove(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, s, key) = onearg(&args, "remove")?;
    key_method(vm, s, key, KeyMethod::Remove)?;
    Ok(Value::None)
}

/// `set.pop()`
pub fn m_pop(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, s) = noargs(&args, "pop")?;
    s.pop()
        .ok_or_else(|| PyErr::key_error(Value::str("pop from an empty set")))
}

/// `set.update(*others)`
pub fn m_update(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, s, others) = varargs(&args, "update")?;
    for other in others {
        update(vm, s, other)?;
    }
    Ok(Value::None)
}

/// `set.union(*others)`
pub fn m_union(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (o, _, others) = varargs(&args, "union")?;
    let result = copy(vm, o)?;
    let r = of(&result)?;
    for other in others {
        if matches!(other, Value::Obj(x) if x.ptr_eq(o)) {
            continue;
        }
        update(vm, r, other)?;
    }
    Ok(Value::Obj(result))
}

/// `set.intersection(*others)`
pub fn m_intersection(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (o, _, others) = varargs(&args, "intersection")?;
    Ok(Value::Obj(intersection_multi(vm, o, others)?))
}

/// `set.intersection_update(*others)`
pub fn m_intersection_update(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (o, s, others) = varargs(&args, "intersection_update")?;
    let tmp = intersection_multi(vm, o, others)?;
    s.swap_bodies(of(&tmp)?, false);
    Ok(Value::None)
}

/// `set.difference(*others)`
pub fn m_difference(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (o, _, others) = varargs(&args, "difference")?;
    Ok(Value::Obj(difference_multi(vm, o, others)?))
}

/// `set.difference_update(*others)`
pub fn m_difference_update(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (o, _, others) = varargs(&args, "difference_update")?;
    for other in others {
        difference_update(vm, o, other)?;
    }
    Ok(Value::None)
}

/// `set.symmetric_difference(other)`
pub fn m_symmetric_difference(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (o, _, other) = onearg(&args, "symmetric_difference")?;
    Ok(Value::Obj(symmetric_difference(vm, o, other)?))
}

/// `set.symmetric_difference_update(other)`
pub fn m_symmetric_difference_update(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (o, _, other) = onearg(&args, "symmetric_difference_update")?;
    symmetric_difference_update(vm, o, other)?;
    Ok(Value::None)
}

/// `set.isdisjoint(other)`
pub fn m_isdisjoint(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (o, _, other) = onearg(&args, "isdisjoint")?;
    Ok(Value::Bool(isdisjoint(vm, o, other)?))
}

/// `set.issubset(other)`
pub fn m_issubset(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, s, other) = onearg(&args, "issubset")?;
    Ok(Value::Bool(issubset(vm, s, other)?))
}

/// `set.issuperset(other)`
pub fn m_issuperset(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, s, other) = onearg(&args, "issuperset")?;
    Ok(Value::Bool(issuperset(vm, s, other)?))
}

/// `set(iterable=())` and `frozenset(iterable=())`: `frozenset(f)` of a
/// frozenset is `f` itself.
pub fn construct(vm: &mut Vm, frozen: bool, args: Args<'_>) -> PyResult<Value> {
    let name = if frozen { "frozenset" } else { "set" };
    args.no_kw(name)?;
    if args.pos.len() > 1 {
        return Err(PyErr::type_error(format!(
            "{name} expected at most 1 argument, got {}",
            args.pos.len()
        )));
    }
    let iterable = args.pos.first();
    if frozen
        && let Some(v @ Value::Obj(o)) = iterable
        && o.is_type(&types::FROZENSET)
    {
        return Ok(v.clone());
    }
    Ok(Value::Obj(new_set(vm, frozen, iterable)?))
}

// ----- dict views as sets ----------------------------------------------------------

/// The dict of a `dict_keys` (`items == false`) or `dict_items` view: the
/// set-like views (CPython's `PyDictViewSet_Check`; `dict_values` is not).
pub fn setlike_view(v: &Value) -> Option<(ObjRef, bool)> {
    let o = v.as_obj()?;
    if o.kind() != Kind::DICT_VIEW {
        return None;
    }
    let it = o.downcast::<crate::object::IterObj>()?;
    let st = it.state.try_borrow().ok()?;
    match &*st {
        crate::object::IterState::View { dict, what: 0 } => Some((dict.clone(), false)),
        crate::object::IterState::View { dict, what: 2 } => Some((dict.clone(), true)),
        _ => None,
    }
}

fn view_len(dict: &ObjRef) -> usize {
    dict.downcast::<DictObj>().map_or(0, DictObj::len)
}

/// `key in view` for a keys or items view: a dict lookup (an unhashable
/// key is a `TypeError`), and for items, the value compared too.
pub fn view_contains(vm: &mut Vm, dict: &ObjRef, items: bool, key: &Value) -> PyResult<bool> {
    let Some(d) = dict.downcast::<DictObj>() else {
        return Ok(false);
    };
    if !items {
        let k = crate::object::DictKey::with_vm(vm, key.clone())?;
        return Ok(d.find(vm, &k)?.is_some());
    }
    let Some(pair) = key.downcast::<crate::object::TupleObj>() else {
        return Ok(false);
    };
    let [k, v] = &pair.items[..] else {
        return Ok(false);
    };
    let k = crate::object::DictKey::with_vm(vm, k.clone())?;
    match d.get_vm(vm, &k)? {
        Some(found) => ops::same_or_eq(vm, &found, v),
        None => Ok(false),
    }
}

/// A new set of the items of an operand of a view's operator
/// (`dictviews_to_set`): a keys view of a dict is the dict's keys.
fn operand_set(vm: &mut Vm, v: &Value) -> PyResult<ObjRef> {
    if let Some((dict, false)) = setlike_view(v)
        && dict.is_type(&types::DICT)
    {
        return new_set(vm, false, Some(&Value::Obj(dict)));
    }
    new_set(vm, false, Some(v))
}

/// `a | b`, `a & b`, `a - b`, `a ^ b` where either is a keys or items view
/// (CPython's `dictviews_or` and friends): a new `set`, whatever the other
/// operand's iterable. `None` for other operands and operators.
pub fn view_binary_op(vm: &mut Vm, op: BinOp, a: &Value, b: &Value) -> PyResult<Option<Value>> {
    let (va, vb) = (setlike_view(a), setlike_view(b));
    if va.is_none() && vb.is_none() {
        return Ok(None);
    }
    let r = match op {
        BinOp::Or => {
            let r = operand_set(vm, a)?;
            update(vm, of(&r)?, b)?;
            r
        }
        BinOp::Sub => {
            let r = operand_set(vm, a)?;
            difference_update(vm, &r, b)?;
            r
        }
        BinOp::Xor => match (va, vb) {
            (Some((d1, true)), Some((d2, true))) => items_xor(vm, &d1, &d2)?,
            _ => {
                let r = operand_set(vm, a)?;
                symmetric_difference_update(vm, &r, b)?;
                r
            }
        },
        BinOp::And => view_intersect(vm, a, b)?,
        _ => return Ok(None),
    };
    Ok(Some(Value::Obj(r)))
}

/// `view & other` (`_PyDictView_Intersect`): a set at least as large as
/// the view computes it; otherwise the smaller operand is iterated and
/// each item looked up in the other view.
fn view_intersect(vm: &mut Vm, a: &Value, b: &Value) -> PyResult<ObjRef> {
    let (view, other) = if setlike_view(a).is_some() {
        (a, b)
    } else {
        (b, a)
    };
    let Some((mut dict, mut items)) = setlike_view(view) else {
        return Err(PyErr::new(&types::SYSTEM_ERROR, "bad dict view"));
    };
    let len_view = view_len(&dict);
    if let Value::Obj(o) = other
        && o.kind() == Kind::SET
        && len_view <= of(o)?.len()
    {
        return intersection(vm, o, view);
    }
    let mut iterated = other;
    if let Some((d2, i2)) = setlike_view(other)
        && view_len(&d2) > len_view
    {
        iterated = view;
        (dict, items) = (d2, i2);
    }
    let result = SetObj::new();
    let it = ops::get_iter(vm, iterated)?;
    while let Some(k) = ops::iter_next(vm, &it)? {
        if view_contains(vm, &dict, items, &k)? {
            add_key(vm, &result, k)?;
        }
    }
    Ok(result.into_obj(false))
}

/// `items1 ^ items2` (`dictitems_xor`): the pairs of the second dict not
/// equal in the first, then what is left of the first.
fn items_xor(vm: &mut Vm, d1: &ObjRef, d2: &ObjRef) -> PyResult<ObjRef> {
    let (Some(a), Some(b)) = (d1.downcast::<DictObj>(), d2.downcast::<DictObj>()) else {
        return Err(PyErr::type_error("not a dict"));
    };
    let temp = a.copy();
    let result = SetObj::new();
    for (key, hash) in dict_entries(b) {
        let Some(v2) = b.get_vm(vm, &crate::object::DictKey::with_hash(key.clone(), hash))? else {
            continue;
        };
        let k = crate::object::DictKey::with_hash(key.clone(), hash);
        let delete = match temp.get_vm(vm, &k)? {
            Some(v1) => ops::same_or_eq(vm, &v1, &v2)?,
            None => false,
        };
        if delete {
            temp.remove_vm(vm, &k)?;
        } else {
            add_key(vm, &result, Value::tuple(vec![key, v2]))?;
        }
    }
    for (k, v) in temp.items() {
        add_key(vm, &result, Value::tuple(vec![k, v]))?;
    }
    Ok(result.into_obj(false))
}

/// A rich comparison where either operand is a keys or items view and the
/// other a set or such a view (`dictview_richcompare`, with the view on
/// the left: a set on the left gives way to the view's reflected
/// comparison). `None` (NotImplemented) for other operands.
pub fn view_richcompare(vm: &mut Vm, op: CmpOp, a: &Value, b: &Value) -> PyResult<Option<bool>> {
    let setlike = |v: &Value| is_anyset(v) || setlike_view(v).is_some();
    let (this, other, op) = if setlike_view(a).is_some() && setlike(b) {
        (a, b, op)
    } else if setlike_view(b).is_some() && is_anyset(a) {
        (b, a, op.swapped())
    } else {
        return Ok(None);
    };
    let (n, m) = (ops::len(vm, this)?, ops::len(vm, other)?);
    Ok(Some(match op {
        CmpOp::Eq => n == m && all_contained_in(vm, this, other)?,
        CmpOp::Ne => !(n == m && all_contained_in(vm, this, other)?),
        CmpOp::Lt => n < m && all_contained_in(vm, this, other)?,
        CmpOp::Le => n <= m && all_contained_in(vm, this, other)?,
        CmpOp::Gt => n > m && all_contained_in(vm, other, this)?,
        CmpOp::Ge => n >= m && all_contained_in(vm, other, this)?,
    }))
}

/// Whether every item of `a` is `in` `b`.
fn all_contained_in(vm: &mut Vm, a: &Value, b: &Value) -> PyResult<bool> {
    let it = ops::get_iter(vm, a)?;
    while let Some(x) = ops::iter_next(vm, &it)? {
        if !ops::contains(vm, b, &x)? {
            return Ok(false);
        }
    }
    Ok(true)
}
