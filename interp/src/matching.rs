//! Structural pattern matching (`match`) at run time: the semantics of
//! CPython 3.11's MATCH_SEQUENCE, MATCH_MAPPING, MATCH_KEYS and MATCH_CLASS
//! (`ceval.c`'s `match_keys`/`match_class`), which the general loop calls.
//! The compiler (`compile/pattern.rs`) does the rest with ordinary
//! instructions: comparisons, unpacking, jumps.

use crate::Vm;
use crate::object::{
    ClassData, DictKey, DictObj, Kind, ObjRef, PyErr, PyResult, StaticType, TupleObj, TypeObject,
    Value, types,
};
use crate::ops;
use std::ffi::c_ulong;

/// CPython's `Py_TPFLAGS_SEQUENCE`: a C type that matches sequence patterns.
const TPFLAGS_SEQUENCE: c_ulong = 1 << 5;
/// CPython's `Py_TPFLAGS_MAPPING`: a C type that matches mapping patterns.
const TPFLAGS_MAPPING: c_ulong = 1 << 6;
/// CPython's `_Py_TPFLAGS_MATCH_SELF`: a C type whose class pattern takes
/// one positional sub-pattern, matched against the subject itself.
const TPFLAGS_MATCH_SELF: c_ulong = 1 << 22;

/// Whether `t` is the static type `s`.
fn is(t: &TypeObject, s: &'static StaticType) -> bool {
    std::ptr::eq(t, s.get())
}

/// The first answer `f` gives along the MRO of `t` (for a Python class
/// its `__mro__`, for a static or C type the chain of bases).
fn along_mro<R>(t: &TypeObject, f: impl Fn(&TypeObject) -> Option<R>) -> Option<R> {
    if let Some(r) = f(t) {
        return Some(r);
    }
    if let Some(cd) = t.heap_data::<ClassData>() {
        return cd.mro_tail.iter().find_map(|b| b.as_type().and_then(&f));
    }
    let mut cur = t.base();
    while let Some(b) = cur {
        if let Some(r) = f(b) {
            return Some(r);
        }
        cur = b.base();
    }
    None
}

/// What kind of collection a type is to `match` (CPython's collection
/// flags, which a class inherits from its base): `TPFLAGS_SEQUENCE`,
/// `TPFLAGS_MAPPING` or 0.
fn collection_flags(t: &TypeObject) -> c_ulong {
    along_mro(t, |b| {
        if is(b, &types::LIST)
            || is(b, &types::TUPLE)
            || is(b, &types::RANGE)
            || is(b, &types::MEMORYVIEW)
            || is(b, &crate::stdlib::collections::deque::DEQUE)
        {
            Some(TPFLAGS_SEQUENCE)
        } else if is(b, &types::DICT) {
            Some(TPFLAGS_MAPPING)
        } else if b.kind() == Kind::FOREIGN {
            let f = b.tp_flags & (TPFLAGS_SEQUENCE | TPFLAGS_MAPPING);
            (f != 0).then_some(f)
        } else {
            None
        }
    })
    .unwrap_or(0)
}

/// MATCH_SEQUENCE: whether `v` matches sequence patterns (`list`,
/// `tuple`, `range`, `memoryview` and their subclasses; never `str`,
/// `bytes`, `bytearray` or an iterator).
pub fn is_sequence(v: &Value) -> bool {
    collection_flags(v.type_of()) == TPFLAGS_SEQUENCE
}

/// MATCH_MAPPING: whether `v` matches mapping patterns (`dict` and its
/// subclasses).
pub fn is_mapping(v: &Value) -> bool {
    collection_flags(v.type_of()) == TPFLAGS_MAPPING
}

/// Whether the class `t` matches its one positional sub-pattern against
/// the subject itself (`int(x)`), when it has no `__match_args__`: the
/// built-in types CPython flags so, and their subclasses.
fn matches_self(t: &TypeObject) -> bool {
    along_mro(t, |b| {
        let builtin = [
            &types::BOOL,
            &types::BYTEARRAY,
            &types::BYTES,
            &types::DICT,
            &types::FLOAT,
            &types::FROZENSET,
            &types::INT,
            &types::LIST,
            &types::SET,
            &types::STR,
            &types::TUPLE,
        ]
        .into_iter()
        .any(|s| is(b, s));
        if builtin || (b.kind() == Kind::FOREIGN && b.tp_flags & TPFLAGS_MATCH_SELF != 0) {
            Some(())
        } else {
            None
        }
    })
    .is_some()
}

/// A class's name as CPython's messages print it (`tp_name`).
fn class_name(t: &TypeObject) -> String {
    match class_data_of(t) {
        Some(cd) => cd.name.borrow().clone(),
        None => t.name().to_owned(),
    }
}

fn class_data_of(t: &TypeObject) -> Option<&ClassData> {
    t.heap_data::<ClassData>()
}

/// The items of the constant tuple the compiler made (a MATCH_KEYS or
/// MATCH_CLASS operand).
fn tuple_items(v: &Value) -> PyResult<&[Value]> {
    v.downcast::<TupleObj>()
        .map(|t| &t.items[..])
        .ok_or_else(|| PyErr::new(&types::SYSTEM_ERROR, "bad operand of a match instruction"))
}

/// Records `key` in `seen` (a dict used as a set); `false` if it was
/// there already. Unhashable keys raise as a set would.
fn first_sight(vm: &mut Vm, seen: &DictObj, key: &Value) -> PyResult<bool> {
    let k = DictKey::with_vm(vm, key.clone())?;
    if seen.find(vm, &k)?.is_some() {
        return Ok(false);
    }
    seen.insert_vm(vm, k, Value::None)?;
    Ok(true)
}

/// MATCH_KEYS: the values of `keys` (a tuple) in the mapping `subject`,
/// as a tuple, or `None` when one is missing. Each key is looked up with
/// the subject's `get(key, default)` (so a `defaultdict`-like
/// `__missing__` is never called), and a key given twice (two value
/// patterns that are equal) is CPython's `ValueError`.
pub fn match_keys(vm: &mut Vm, subject: &Value, keys: &Value) -> PyResult<Value> {
    let keys = tuple_items(keys)?;
    if keys.is_empty() {
        return Ok(Value::tuple(Vec::new()));
    }
    let get = vm.getattr(subject, "get")?;
    let seen = DictObj::new();
    let dummy = Value::Obj(ObjRef::new(types::OBJECT.get(), ()));
    let mut values = Vec::with_capacity(keys.len());
    for key in keys {
        if !first_sight(vm, &seen, key)? {
            let r = ops::repr(vm, key)?;
            return Err(PyErr::value_error(format!(
                "mapping pattern checks duplicate key ({r})"
            )));
        }
        let v = vm.call(&get, &[key.clone(), dummy.clone()])?;
        if v.is(&dummy) {
            return Ok(Value::None);
        }
        values.push(v);
    }
    Ok(Value::tuple(values))
}

/// `subject.name` for a class pattern: `None` if it has no such attribute
/// (an `AttributeError` is no match), and CPython's `TypeError` when the
/// pattern names an attribute twice (a keyword that `__match_args__` also
/// gives positionally).
fn match_class_attr(
    vm: &mut Vm,
    subject: &Value,
    t: &TypeObject,
    name: &Value,
    seen: &DictObj,
) -> PyResult<Option<Value>> {
    if !first_sight(vm, seen, name)? {
        let r = ops::repr(vm, name)?;
        return Err(PyErr::type_error(format!(
            "{}() got multiple sub-patterns for attribute {r}",
            class_name(t)
        )));
    }
    let Some(n) = name.as_str() else {
        return Err(PyErr::type_error("attribute name must be string"));
    };
    match vm.getattr(subject, n) {
        Ok(v) => Ok(Some(v)),
        Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => Ok(None),
        Err(e) => Err(e),
    }
}

/// MATCH_CLASS: the attributes of `subject` that the class pattern
/// `cls(<nargs positional>, <names>=...)` matches against, positional
/// ones first (named by `cls.__match_args__`, or the subject itself for
/// the built-in types that match themselves), as a tuple; `None` if the
/// subject is not an instance of `cls` or lacks one of them.
pub fn match_class(
    vm: &mut Vm,
    subject: &Value,
    cls: &Value,
    nargs: usize,
    names: &Value,
) -> PyResult<Value> {
    let Some(t) = cls.as_obj().and_then(|o| o.as_type()) else {
        return Err(PyErr::type_error("called match pattern must be a type"));
    };
    let names = tuple_items(names)?;
    if !crate::builtins::is_instance(vm, subject, cls)? {
        return Ok(Value::None);
    }
    let seen = DictObj::new();
    let mut attrs = Vec::with_capacity(nargs + names.len());
    if nargs > 0 {
        let (match_args, match_self) = match vm.getattr(cls, "__match_args__") {
            Ok(m) => {
                let exact = m
                    .as_obj()
                    .is_some_and(|o| std::ptr::eq(o.ty(), types::TUPLE.get()));
                if !exact {
                    return Err(PyErr::type_error(format!(
                        "{}.__match_args__ must be a tuple (got {})",
                        class_name(t),
                        m.type_name()
                    )));
                }
                (m, false)
            }
            Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => {
                (Value::tuple(Vec::new()), matches_self(t))
            }
            Err(e) => return Err(e),
        };
        let match_args = tuple_items(&match_args)?.to_vec();
        let allowed = if match_self { 1 } else { match_args.len() };
        if allowed < nargs {
            let plural = if allowed == 1 { "" } else { "s" };
            return Err(PyErr::type_error(format!(
                "{}() accepts {allowed} positional sub-pattern{plural} ({nargs} given)",
                class_name(t)
            )));
        }
        if match_self {
            attrs.push(subject.clone());
        } else {
            for name in match_args.iter().take(nargs) {
                let exact = name
                    .as_obj()
                    .is_some_and(|o| std::ptr::eq(o.ty(), types::STR.get()));
                if !exact {
                    return Err(PyErr::type_error(format!(
                        "__match_args__ elements must be strings (got {})",
                        name.type_name()
                    )));
                }
                match match_class_attr(vm, subject, t, name, &seen)? {
                    Some(v) => attrs.push(v),
                    None => return Ok(Value::None),
                }
            }
        }
    }
    for name in names {
        match match_class_attr(vm, subject, t, name, &seen)? {
            Some(v) => attrs.push(v),
            None => return Ok(Value::None),
        }
    }
    Ok(Value::tuple(attrs))
}
