//! The standard-library modules written in Rust (`import math`, `import
//! cmath`, `import random`, `import itertools`, `import operator`, `import heapq`, `import
//! bisect`, `import functools`, `import os`, `import typing`, `import
//! json`, `import copy`, `import errno`, `import io`, `import re`, `import __future__`, `import _struct`, `import traceback`), built when first imported, and the
//! file objects (`streams`: the standard streams; `files`: `open()`;
//! `io`: `StringIO` and `BytesIO`). `sys`, `time` and `string` are in
//! [`crate::builtins`]. `contextlib`, `warnings`, `struct`, `textwrap`, `abc`, `collections.abc`, `fractions`, `enum` and
//! `statistics`
//! are Python source ([`pysource`]).
//!
//! The modules' objects are native types: the iterators of `itertools` are
//! `Kind::ITER` objects with an [`itertools::ItObj`] payload (the generic
//! FOR_ITER path and `next()` step them through [`iter_next`]); the others
//! (`functools.partial`, the `lru_cache` wrapper, `operator.itemgetter`,
//! …) are `Kind::STDLIB` objects, which the interpreter hands to the hooks
//! here for calls, attributes, `repr`, comparisons and the cycle
//! collector. Each hook tries the modules in turn; a module answers for
//! its own payload types only. Classes a module defines (`JSONEncoder`,
//! `JSONDecodeError`, `copy.Error`) are Python classes made with
//! `classes::new_class`; their methods are [`NativeMethod`]s.
//!
//! A name a module does not define is the usual `AttributeError` (`module
//! 'functools' has no attribute 'singledispatch'`): left out are
//! `operator.length_hint`, and `functools.singledispatch`,
//! `singledispatchmethod`, `cached_property`, `partialmethod`,
//! `recursive_repr` and `get_cache_token`.

pub mod bisect;
pub mod cmath;
pub mod collections;
pub mod copy;
pub mod dataclasses;
pub mod errno;
pub mod files;
pub mod functools;
pub mod future;
pub mod generic;
pub mod heapq;
pub mod io;
pub mod itertools;
pub mod json;
pub mod math;
pub mod operator;
pub mod os;
pub mod pysource;
pub mod random;
pub mod re;
pub mod streams;
pub mod struct_;
pub mod traceback;
pub mod typing;

use crate::bytecode::CmpOp;
use crate::object::types::Kind;
use crate::object::{Args, DictObj, NativeFn, ObjRef, PyErr, PyResult, StaticType, Value};
use crate::vm::Vm;
use abi::TypeObject;

/// Fills the dict of the module `name` if it is one of these (`None`
/// otherwise).
pub fn fill_module(vm: &mut Vm, name: &str, d: &DictObj) -> Option<PyResult<()>> {
    Some(match name {
        "math" => {
            math::fill(d);
            Ok(())
        }
        "cmath" => {
            cmath::fill(d);
            Ok(())
        }
        "random" => random::fill(vm, d),
        "os" => {
            os::fill(vm, d);
            Ok(())
        }
        "itertools" => {
            itertools::fill(d);
            Ok(())
        }
        "operator" => {
            operator::fill(d);
            Ok(())
        }
        "heapq" => {
            heapq::fill(d);
            Ok(())
        }
        "bisect" => {
            bisect::fill(d);
            Ok(())
        }
        "errno" => {
            errno::fill(d);
            Ok(())
        }
        "functools" => {
            functools::fill(d);
            Ok(())
        }
        "io" => {
            io::fill(d);
            Ok(())
        }
        "json" => json::fill(d),
        "collections" => collections::fill(d),
        "copy" => copy::fill(d),
        "re" => re::fill(d),
        "_struct" => struct_::fill(d),
        "traceback" => {
            traceback::fill(d);
            Ok(())
        }
        _ => return None,
    })
}

/// The constructors of the modules' types, called when the type object
/// is called.
fn constructors() -> impl Iterator<Item = &'static (&'static StaticType, NativeFn)> {
    itertools::CONSTRUCTORS
        .iter()
        .chain(operator::CONSTRUCTORS)
        .chain(functools::CONSTRUCTORS)
        .chain(io::CONSTRUCTORS)
        .chain(collections::deque::CONSTRUCTORS)
}

/// `T(args)` for one of the modules' types `ty`.
pub fn construct(vm: &mut Vm, ty: &TypeObject, args: Args<'_>) -> Option<PyResult<Value>> {
    let (_, f) = constructors().find(|(t, _)| std::ptr::eq(t.get(), ty))?;
    Some(f(vm, args))
}

/// A function written in Rust in the dict of a class a module makes
/// (`json.JSONEncoder.encode`): it binds to instances as a function
/// written in Python does, so `self` comes first and subclasses can
/// override it or reach it through `super()`.
pub struct NativeMethod {
    /// `__qualname__` (`JSONEncoder.encode`).
    pub qualname: &'static str,
    /// The implementation (`pos[0]` is `self`).
    pub func: NativeFn,
}

/// The type of [`NativeMethod`]s (`function`, as for Python's).
pub static NATIVE_METHOD: StaticType = crate::object::types::native_type::<NativeMethod>(
    c"function",
    &crate::object::types::OBJECT,
    Kind::STDLIB,
);

impl NativeMethod {
    /// A new method object.
    pub fn new_value(qualname: &'static str, func: NativeFn) -> Value {
        Value::Obj(ObjRef::new(
            NATIVE_METHOD.get(),
            NativeMethod { qualname, func },
        ))
    }

    /// The function `v` calls, if `v` is a native method or one bound to
    /// an object.
    pub fn func_of(v: &Value) -> Option<NativeFn> {
        let f = match v.downcast::<crate::object::BoundMethod>() {
            Some(m) => &m.func,
            None => v,
        };
        f.downcast::<NativeMethod>().map(|m| m.func)
    }
}

/// Calls a `Kind::STDLIB` object.
pub fn call(vm: &mut Vm, o: &ObjRef, args: Args<'_>) -> PyResult<Value> {
    if let Some(m) = o.downcast::<NativeMethod>() {
        return (m.func)(vm, args);
    }
    if let Some(r) = functools::call(vm, o, args) {
        return r;
    }
    if let Some(r) = operator::call(vm, o, args) {
        return r;
    }
    Err(crate::vm::not_callable(&Value::Obj(o.clone())))
}

/// Whether `o` (a `Kind::STDLIB` object) is callable.
pub fn is_callable(o: &ObjRef) -> bool {
    o.is_type(&NATIVE_METHOD) || functools::is_callable(o) || operator::is_callable(o)
}

/// `o.name` for the modules' objects (`None`: not theirs, or no such
/// attribute here; the caller goes on with the generic lookup).
pub fn getattr(vm: &mut Vm, o: &ObjRef, name: &str) -> Option<PyResult<Value>> {
    if let Some(m) = o.downcast::<NativeMethod>() {
        let short = m.qualname.rsplit('.').next().unwrap_or(m.qualname);
        return match name {
            "__name__" => Some(Ok(Value::str(short))),
            "__qualname__" => Some(Ok(Value::str(m.qualname))),
            _ => None,
        };
    }
    if let Some(r) = itertools::getattr(o, name) {
        return Some(r);
    }
    if let Some(r) = traceback::getattr(o, name) {
        return Some(r);
    }
    if let Some(v) = collections::getter_getattr(o, name) {
        return Some(Ok(v));
    }
    if let Some(r) = re::getattr(vm, o, name) {
        return Some(r);
    }
    functools::getattr(vm, o, name)
}

/// `o.name = value` (`Some`: handled).
pub fn setattr(o: &ObjRef, name: &str, value: Option<Value>) -> Option<PyResult<()>> {
    functools::setattr(o, name, value)
}

/// An attribute of one of the modules' type objects (`chain.from_iterable`).
pub fn type_getattr(t: &ObjRef, name: &str) -> Option<Value> {
    itertools::type_getattr(t, name)
}

/// Whether `repr` of `o` is one of the modules' own (`count(5)`,
/// `functools.partial(...)`): the caller then asks [`repr`].
pub fn has_repr(o: &ObjRef) -> bool {
    o.is_type(&NATIVE_METHOD)
        || o.is_type(&collections::TUPLEGETTER)
        || itertools::has_repr(o)
        || operator::has_repr(o)
        || functools::has_repr(o)
        || re::has_repr(o)
}

/// `repr(o)` for the modules' objects that have their own.
pub fn repr(vm: &mut Vm, o: &ObjRef) -> Option<PyResult<String>> {
    if let Some(m) = o.downcast::<NativeMethod>() {
        return Some(Ok(format!(
            "<function {} at {:#x}>",
            m.qualname,
            o.as_ptr() as usize
        )));
    }
    if let Some(r) = itertools::repr(vm, o) {
        return Some(r);
    }
    if let Some(r) = collections::getter_repr(vm, o) {
        return Some(r);
    }
    if let Some(r) = operator::repr(vm, o) {
        return Some(r);
    }
    if let Some(r) = re::repr(vm, o) {
        return Some(r);
    }
    functools::repr(vm, o)
}

/// `a <op> b` when either is one of the modules' comparable objects
/// (`functools.KeyWrapper`).
pub fn richcompare(vm: &mut Vm, op: CmpOp, a: &Value, b: &Value) -> Option<PyResult<Value>> {
    if let Some(r) = re::richcompare(vm, op, a, b) {
        return Some(r);
    }
    functools::richcompare(vm, op, a, b)
}

/// `hash(o)` for the modules' objects that hash by value (`re.Pattern`).
pub fn hash(o: &ObjRef) -> Option<PyResult<u64>> {
    re::hash(o)
}

/// Whether the object refuses `hash()` (`functools.KeyWrapper`).
pub fn unhashable(o: &ObjRef) -> bool {
    functools::unhashable(o)
}

/// Whether `descr`, found in a class's dict, binds to an instance as a
/// function does (the `lru_cache` wrapper, `total_ordering`'s methods).
pub fn binds(descr: &Value) -> bool {
    descr
        .as_obj()
        .is_some_and(|o| o.is_type(&NATIVE_METHOD) || functools::binds(o))
}

/// The next item of one of the modules' iterators (`None`: `it` is not
/// one of them).
pub fn iter_next(vm: &mut Vm, it: &ObjRef) -> Option<PyResult<Option<Value>>> {
    if it.kind() != Kind::ITER {
        return None;
    }
    if let Some(r) = collections::deque::next(it) {
        return Some(r);
    }
    if let Some(r) = re::next(vm, it) {
        return Some(r);
    }
    itertools::next(vm, it)
}

/// Calls `f` on every object `o` references, if `o` is one of the
/// modules' objects (`false` otherwise).
pub fn traverse(o: &ObjRef, f: &mut dyn FnMut(&ObjRef)) -> bool {
    itertools::traverse(o, f)
        || functools::traverse(o, f)
        || operator::traverse(o, f)
        || collections::deque::traverse(o, f)
        || collections::getter_traverse(o, f)
        || re::traverse(o, f)
}

/// `o[key]` for the modules' subscriptable objects (`re.Match`).
pub fn getitem(vm: &mut Vm, o: &ObjRef, key: &Value) -> Option<PyResult<Value>> {
    re::getitem(vm, o, key)
}

/// Drops the references `o` holds (the collector breaking a cycle), if
/// `o` is one of the modules' objects (`false` otherwise).
pub fn clear(o: &ObjRef) -> bool {
    itertools::clear(o) || functools::clear(o) || operator::clear(o) || collections::deque::clear(o)
}

// ----- argument parsing --------------------------------------------------------------

/// Whose wording an argument error takes: a C function's argument
/// parser (`getargs.c`) or a function written in Python (`Lib/*.py`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    /// `count() takes at most 2 arguments (3 given)`,
    /// `repeat() missing required argument 'object' (pos 1)`.
    C,
    /// `nlargest() missing 1 required positional argument: 'iterable'`.
    Py,
}

/// A signature as CPython checks it: `params` by position or keyword
/// (the first `posonly` by position only), the first `required` of them
/// required, then keyword-only `kwonly` (all optional).
pub(crate) struct Sig {
    pub name: &'static str,
    pub params: &'static [&'static str],
    pub posonly: usize,
    pub required: usize,
    pub kwonly: &'static [&'static str],
    pub style: Style,
}

/// The arguments bound to `sig`'s parameters (`params`, then `kwonly`),
/// or the TypeError CPython raises, checked in CPython's order.
pub(crate) fn parse<'a>(args: &Args<'a>, sig: &Sig) -> PyResult<Vec<Option<&'a Value>>> {
    match sig.style {
        Style::C => parse_c(args, sig),
        Style::Py => parse_py(args, sig),
    }
}

fn kw_name(k: &ObjRef) -> &str {
    k.downcast::<crate::object::StrObj>()
        .map_or("?", |s| s.as_str())
}

/// `getargs.c`'s `vgetargskeywords`: the count of all arguments, then of
/// the positional ones, then each parameter in order (given twice,
/// missing), then keywords left over.
fn parse_c<'a>(args: &Args<'a>, sig: &Sig) -> PyResult<Vec<Option<&'a Value>>> {
    let name = sig.name;
    let maxpos = sig.params.len();
    let maxall = maxpos + sig.kwonly.len();
    let (npos, total) = (args.pos.len(), args.pos.len() + args.kw.len());
    if total > maxall {
        let how = if sig.required == maxall && sig.posonly == maxall {
            "exactly"
        } else {
            "at most"
        };
        return Err(PyErr::type_error(format!(
            "{name}() takes {how} {maxall} argument{} ({total} given)",
            plural(maxall)
        )));
    }
    if npos > maxpos {
        return Err(PyErr::type_error(format!(
            "{name}() takes at most {maxpos} positional argument{} ({npos} given)",
            plural(maxpos)
        )));
    }
    let mut out: Vec<Option<&'a Value>> = Vec::with_capacity(maxall);
    let mut used = 0;
    for (i, p) in sig.params.iter().chain(sig.kwonly).enumerate() {
        let by_kw = if i >= sig.posonly {
            args.kw
                .iter()
                .find(|(k, _)| kw_name(k) == *p)
                .map(|(_, v)| v)
        } else {
            None
        };
        if i < npos {
            if by_kw.is_some() {
                return Err(PyErr::type_error(format!(
                    "argument for {name}() given by name ('{p}') and position ({})",
                    i + 1
                )));
            }
            out.push(Some(&args.pos[i]));
            continue;
        }
        if by_kw.is_some() {
            used += 1;
        } else if i < sig.required {
            return Err(PyErr::type_error(format!(
                "{name}() missing required argument '{p}' (pos {})",
                i + 1
            )));
        }
        out.push(by_kw);
    }
    if used < args.kw.len() {
        for (k, _) in args.kw {
            let key = kw_name(k);
            let known = sig
                .params
                .iter()
                .chain(sig.kwonly)
                .enumerate()
                .any(|(i, p)| i >= sig.posonly && *p == key);
            if !known {
                return Err(PyErr::type_error(format!(
                    "'{key}' is an invalid keyword argument for {name}()"
                )));
            }
        }
    }
    Ok(out)
}

/// A Python function's binding (`ceval.c`'s messages): too many
/// positional arguments, unknown or repeated keywords, positional-only
/// ones given by keyword, then the missing ones, all named at once.
fn parse_py<'a>(args: &Args<'a>, sig: &Sig) -> PyResult<Vec<Option<&'a Value>>> {
    let name = sig.name;
    let max = sig.params.len();
    let n = args.pos.len();
    if n > max {
        let takes = if sig.required == max {
            format!("{max} positional argument{}", plural(max))
        } else {
            format!("from {} to {max} positional arguments", sig.required)
        };
        let was = if n == 1 { "was" } else { "were" };
        return Err(PyErr::type_error(format!(
            "{name}() takes {takes} but {n} {was} given"
        )));
    }
    let mut out: Vec<Option<&'a Value>> = vec![None; max + sig.kwonly.len()];
    for (slot, v) in out.iter_mut().zip(args.pos) {
        *slot = Some(v);
    }
    let mut posonly_kw: Vec<&str> = Vec::new();
    for (k, v) in args.kw {
        let key = kw_name(k);
        let at = sig
            .params
            .iter()
            .chain(sig.kwonly)
            .position(|p| *p == key)
            .filter(|&i| i >= sig.posonly);
        let Some(i) = at else {
            if sig.params[..sig.posonly].contains(&key) {
                posonly_kw.push(key);
                continue;
            }
            return Err(PyErr::type_error(format!(
                "{name}() got an unexpected keyword argument '{key}'"
            )));
        };
        if out[i].is_some() {
            return Err(PyErr::type_error(format!(
                "{name}() got multiple values for argument '{key}'"
            )));
        }
        out[i] = Some(v);
    }
    if !posonly_kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "{name}() got some positional-only arguments passed as keyword arguments: '{}'",
            posonly_kw.join(", ")
        )));
    }
    let missing: Vec<String> = (0..sig.required)
        .filter(|&i| out[i].is_none())
        .map(|i| format!("'{}'", sig.params[i]))
        .collect();
    if !missing.is_empty() {
        let list = match missing.as_slice() {
            [one] => one.clone(),
            [a, b] => format!("{a} and {b}"),
            [init @ .., last] => format!("{}, and {last}", init.join(", ")),
            [] => String::new(),
        };
        return Err(PyErr::type_error(format!(
            "{name}() missing {} required positional argument{}: {list}",
            missing.len(),
            plural(missing.len())
        )));
    }
    Ok(out)
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// CPython's `_PyArg_CheckPositional`: between `min` and `max`
/// positional arguments (`name expected 2 arguments, got 1`), after
/// `_PyArg_NoKeywords` (`name() takes no keyword arguments`).
pub(crate) fn positional(args: &Args<'_>, name: &str, min: usize, max: usize) -> PyResult<()> {
    args.no_kw(name)?;
    let n = args.pos.len();
    let msg = if min == max && n != min {
        format!("{name} expected {min} argument{}, got {n}", plural(min))
    } else if n < min {
        format!(
            "{name} expected at least {min} argument{}, got {n}",
            plural(min)
        )
    } else if n > max {
        format!(
            "{name} expected at most {max} argument{}, got {n}",
            plural(max)
        )
    } else {
        return Ok(());
    };
    Err(PyErr::type_error(msg))
}

/// An argument read as a C `Py_ssize_t` (`PyNumber_AsSsize_t` raising
/// OverflowError): through `__index__`, else CPython's TypeError.
pub(crate) fn ssize_arg(vm: &mut Vm, v: &Value) -> PyResult<i64> {
    let i = crate::dunder::as_index(vm, v)?;
    match i {
        Value::Int(n) => Ok(n),
        Value::Bool(b) => Ok(b as i64),
        _ if i.as_bigint().is_some() => Err(PyErr::overflow(
            "Python int too large to convert to C ssize_t",
        )),
        _ => Err(PyErr::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            v.type_name()
        ))),
    }
}
