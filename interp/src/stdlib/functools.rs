//! `functools`: `reduce`, `partial`, `cmp_to_key` and the `lru_cache`
//! wrapper as CPython 3.11's `_functools` implements them (the cache key
//! of `lru_cache_make_key`, the bounded cache's recency order and its
//! re-entrancy checks, `partial` flattening a partial it wraps), and
//! `lru_cache`, `cache`, `update_wrapper`, `wraps` and `total_ordering`
//! as `Lib/functools.py` writes them.

use super::{Sig, Style, parse, positional};
use crate::bytecode::CmpOp;
use crate::object::types::{self, Kind, native_type};
use crate::object::{
    Args, Builtin, CBoxes, DictKey, DictObj, NativeFn, ObjRef, PyErr, PyResult, StaticType, StrObj,
    TupleObj, Value,
};
use crate::ops;
use crate::vm::Vm;
use std::cell::{Cell, RefCell};

/// `functools.partial`.
pub struct PartialObj {
    func: RefCell<Value>,
    /// A tuple.
    args: RefCell<Value>,
    /// A dict (the object `.keywords` returns).
    kw: RefCell<Value>,
    /// The instance `__dict__`, made when first needed.
    dict: RefCell<Option<ObjRef>>,
}

/// How an `lru_cache` wrapper caches.
#[derive(Clone, Copy)]
enum Mode {
    /// `maxsize=0`: calls are only counted.
    Uncached,
    /// At most this many results, the least recently used evicted.
    Bounded(usize),
    /// `maxsize=None`.
    Unbounded,
}

/// `functools._lru_cache_wrapper`.
pub struct LruObj {
    func: RefCell<Value>,
    /// Key to result, least recently used first (a bounded cache moves
    /// an entry to the end when it is used).
    cache: RefCell<Option<ObjRef>>,
    mode: Mode,
    typed: bool,
    hits: Cell<u64>,
    misses: Cell<u64>,
    /// The marker between positional and keyword arguments in a key.
    kwd_mark: ObjRef,
    /// The instance `__dict__` (`update_wrapper` fills it).
    dict: RefCell<Option<ObjRef>>,
}

/// `functools.KeyWrapper`: what `cmp_to_key(f)` returns (no object), and
/// what calling that returns (with the object).
pub struct KeyObj {
    cmp: RefCell<Value>,
    obj: RefCell<Option<Value>>,
}

/// One of `total_ordering`'s twelve methods (an entry of [`ORDERINGS`]).
pub struct OrderingMethod {
    which: usize,
}

/// `functools.partial`
pub static PARTIAL: StaticType =
    native_type::<PartialObj>(c"functools.partial", &types::OBJECT, Kind::STDLIB);
/// `functools._lru_cache_wrapper`
pub static LRU_WRAPPER: StaticType = native_type::<LruObj>(
    c"functools._lru_cache_wrapper",
    &types::OBJECT,
    Kind::STDLIB,
);
/// `functools.KeyWrapper`
pub static KEY_WRAPPER: StaticType =
    native_type::<KeyObj>(c"functools.KeyWrapper", &types::OBJECT, Kind::STDLIB);
/// The methods `total_ordering` adds (Python functions in CPython).
pub static ORDERING_METHOD: StaticType =
    native_type::<OrderingMethod>(c"functools._ordering_method", &types::OBJECT, Kind::STDLIB);
/// `CacheInfo`: the named tuple `cache_info()` returns.
pub static CACHE_INFO: StaticType =
    native_type::<TupleObj>(c"CacheInfo", &types::TUPLE, Kind::TUPLE);

/// The constructors, by type.
pub static CONSTRUCTORS: &[(&StaticType, NativeFn)] = &[(&PARTIAL, new_partial)];

const CACHE_INFO_FIELDS: [&str; 4] = ["hits", "misses", "maxsize", "currsize"];
const WRAPPER_ASSIGNMENTS: [&str; 5] = [
    "__module__",
    "__name__",
    "__qualname__",
    "__doc__",
    "__annotations__",
];

/// Fills the module dict.
pub fn fill(d: &DictObj) {
    let funcs: &[(&'static str, NativeFn)] = &[
        ("reduce", reduce),
        ("cmp_to_key", cmp_to_key),
        ("lru_cache", lru_cache),
        ("cache", cache),
        ("update_wrapper", update_wrapper),
        ("wraps", wraps),
        ("total_ordering", total_ordering),
    ];
    for (name, f) in funcs {
        d.set_str(name, Value::Obj(Builtin::new_obj(name, *f, None)));
    }
    d.set_str("partial", Value::from_type(&PARTIAL));
    d.set_str("KeyWrapper", Value::from_type(&KEY_WRAPPER));
    d.set_str("_lru_cache_wrapper", Value::from_type(&LRU_WRAPPER));
    d.set_str("_CacheInfo", Value::from_type(&CACHE_INFO));
    d.set_str(
        "WRAPPER_ASSIGNMENTS",
        Value::tuple(WRAPPER_ASSIGNMENTS.iter().map(|s| Value::str(s)).collect()),
    );
    d.set_str(
        "WRAPPER_UPDATES",
        Value::tuple(vec![Value::str("__dict__")]),
    );
}

// ----- reduce -------------------------------------------------------------------------------

fn reduce(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    positional(&args, "reduce", 2, 3)?;
    let func = &args.pos[0];
    let it = ops::get_iter(vm, &args.pos[1]).map_err(|e| {
        if e.matches(types::TYPE_ERROR.get()) {
            PyErr::type_error("reduce() arg 2 must support iteration")
        } else {
            e
        }
    })?;
    let mut acc = args.pos.get(2).cloned();
    while let Some(x) = ops::iter_next(vm, &it)? {
        acc = Some(match acc {
            None => x,
            Some(a) => vm.call(func, &[a, x])?,
        });
    }
    acc.ok_or_else(|| PyErr::type_error("reduce() of empty iterable with no initial value"))
}

// ----- partial ------------------------------------------------------------------------------

fn new_partial(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let Some((func, rest)) = args.pos.split_first() else {
        return Err(PyErr::type_error(
            "type 'partial' takes at least one argument",
        ));
    };
    let mut func = func.clone();
    let mut pargs: Vec<Value> = Vec::new();
    let mut pkw: Vec<(Value, Value)> = Vec::new();
    // A partial without attributes of its own is flattened into this one.
    let inner = func
        .downcast::<PartialObj>()
        .filter(|p| p.dict.borrow().is_none());
    if let Some(p) = inner {
        pargs = ops::seq_items(&p.args.borrow());
        pkw =
            p.kw.borrow()
                .downcast::<DictObj>()
                .map(|d| d.items())
                .unwrap_or_default();
        let f = p.func.borrow().clone();
        func = f;
    }
    if !ops::is_callable(&func) {
        return Err(PyErr::type_error("the first argument must be callable"));
    }
    pargs.extend(rest.iter().cloned());
    let kw = DictObj::new_obj();
    if let Some(d) = kw.downcast::<DictObj>() {
        for (k, v) in pkw {
            let key = DictKey::with_vm(vm, k)?;
            d.insert_vm(vm, key, v)?;
        }
        for (k, v) in args.kw {
            d.insert_vm(vm, DictKey::from_str_obj(k), v.clone())?;
        }
    }
    let o = ObjRef::new(
        PARTIAL.get(),
        PartialObj {
            func: RefCell::new(func),
            args: RefCell::new(Value::tuple(pargs)),
            kw: RefCell::new(Value::Obj(kw)),
            dict: RefCell::new(None),
        },
    );
    abi::gc_track(&o);
    Ok(Value::Obj(o))
}

/// The `(name, value)` pairs of a dict of keyword arguments.
fn kw_pairs(d: &Value) -> Vec<(ObjRef, Value)> {
    d.downcast::<DictObj>()
        .map(|d| d.items())
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(k, v)| match k {
            Value::Obj(k) => Some((k, v)),
            _ => None,
        })
        .collect()
}

fn partial_call(vm: &mut Vm, p: &PartialObj, args: Args<'_>) -> PyResult<Value> {
    let func = p.func.borrow().clone();
    let mut pos = ops::seq_items(&p.args.borrow());
    pos.extend(args.pos.iter().cloned());
    let mut kw = kw_pairs(&p.kw.borrow());
    for (k, v) in args.kw {
        let name = k.downcast::<StrObj>().map_or("", |s| s.as_str());
        match kw
            .iter_mut()
            .find(|(x, _)| x.downcast::<StrObj>().is_some_and(|s| s.as_str() == name))
        {
            Some(slot) => slot.1 = v.clone(),
            None => kw.push((k.clone(), v.clone())),
        }
    }
    vm.call_with(&func, Args { pos: &pos, kw: &kw })
}

fn partial_repr(vm: &mut Vm, o: &ObjRef, p: &PartialObj) -> PyResult<String> {
    let func = p.func.borrow().clone();
    let pos = ops::seq_items(&p.args.borrow());
    let kw = kw_pairs(&p.kw.borrow());
    let mut out = format!("{}({}", o.ty().name(), ops::repr(vm, &func)?);
    for x in &pos {
        out.push_str(", ");
        out.push_str(&ops::repr(vm, x)?);
    }
    for (k, v) in &kw {
        out.push_str(", ");
        out.push_str(&ops::str_of(vm, &Value::Obj(k.clone()))?);
        out.push('=');
        out.push_str(&ops::repr(vm, v)?);
    }
    out.push(')');
    Ok(out)
}

/// The instance `__dict__` in `slot`, made on first use (tracked: it is
/// handed out and may join cycles of its own).
fn attr_dict(slot: &RefCell<Option<ObjRef>>) -> ObjRef {
    if let Some(d) = &*slot.borrow() {
        return d.clone();
    }
    let d = DictObj::new_obj();
    if !abi::gc_is_tracked(&d) {
        abi::gc_track(&d);
    }
    *slot.borrow_mut() = Some(d.clone());
    d
}

/// An attribute from an instance `__dict__`, if there is one.
fn dict_attr(slot: &RefCell<Option<ObjRef>>, name: &str) -> Option<Value> {
    slot.borrow()
        .as_ref()
        .and_then(|d| d.downcast::<DictObj>().and_then(|d| d.get_str(name)))
}

// ----- cmp_to_key -----------------------------------------------------------------------

fn new_key(cmp: Value, obj: Option<Value>) -> Value {
    let o = ObjRef::new(
        KEY_WRAPPER.get(),
        KeyObj {
            cmp: RefCell::new(cmp),
            obj: RefCell::new(obj),
        },
    );
    abi::gc_track(&o);
    Value::Obj(o)
}

fn cmp_to_key(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let a = parse(
        &args,
        &Sig {
            name: "cmp_to_key",
            params: &["mycmp"],
            posonly: 0,
            required: 1,
            kwonly: &[],
            style: Style::C,
        },
    )?;
    Ok(new_key(a[0].cloned().unwrap_or(Value::None), None))
}

// ----- lru_cache ------------------------------------------------------------------------

fn lru_cache(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let a = parse(
        &args,
        &Sig {
            name: "lru_cache",
            params: &["maxsize", "typed"],
            posonly: 0,
            required: 0,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let mut maxsize = a[0].cloned().unwrap_or(Value::Int(128));
    let typed = a[1].cloned().unwrap_or(Value::Bool(false));
    if maxsize.is_int() {
        // A negative maxsize is treated as 0.
        if ops::less_than(vm, &maxsize, &Value::Int(0))? {
            maxsize = Value::Int(0);
        }
    } else if ops::is_callable(&maxsize) && matches!(typed, Value::Bool(_)) {
        // `@lru_cache` without arguments: the function came as maxsize.
        let wrapper = make_lru(vm, &maxsize, &Value::Int(128), &typed)?;
        return wrap(vm, wrapper, maxsize);
    } else if !matches!(maxsize, Value::None) {
        return Err(PyErr::type_error(
            "Expected first argument to be an integer, a callable, or None",
        ));
    }
    Ok(Value::Obj(Builtin::new_obj(
        "decorating_function",
        decorating_function,
        Some(Value::tuple(vec![maxsize, typed])),
    )))
}

/// The decorator `lru_cache(maxsize, typed)` returns; bound to the tuple
/// `(maxsize, typed)`.
fn decorating_function(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let Some((params, rest)) = args.pos.split_first() else {
        return Err(PyErr::type_error(
            "decorating_function() lost its parameters",
        ));
    };
    let a = parse(
        &Args {
            pos: rest,
            kw: args.kw,
        },
        &Sig {
            name: "lru_cache.<locals>.decorating_function",
            params: &["user_function"],
            posonly: 0,
            required: 1,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let user_function = a[0].cloned().unwrap_or(Value::None);
    let p = ops::seq_items(params);
    let (maxsize, typed) = match p.as_slice() {
        [m, t] => (m.clone(), t.clone()),
        _ => (Value::Int(128), Value::Bool(false)),
    };
    let wrapper = make_lru(vm, &user_function, &maxsize, &typed)?;
    wrap(vm, wrapper, user_function)
}

/// `cache(user_function, /)`: `lru_cache(maxsize=None)(user_function)`.
fn cache(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let a = parse(
        &args,
        &Sig {
            name: "cache",
            params: &["user_function"],
            posonly: 1,
            required: 1,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let user_function = a[0].cloned().unwrap_or(Value::None);
    let wrapper = make_lru(vm, &user_function, &Value::None, &Value::Bool(false))?;
    wrap(vm, wrapper, user_function)
}

/// `update_wrapper(wrapper, user_function)`, after giving the wrapper its
/// `cache_parameters`.
fn wrap(vm: &mut Vm, wrapper: Value, user_function: Value) -> PyResult<Value> {
    update_wrapper_with(
        vm,
        &wrapper,
        &user_function,
        &Value::tuple(WRAPPER_ASSIGNMENTS.iter().map(|s| Value::str(s)).collect()),
        &Value::tuple(vec![Value::str("__dict__")]),
    )?;
    Ok(wrapper)
}

/// `_lru_cache_wrapper(user_function, maxsize, typed, _CacheInfo)`.
fn make_lru(vm: &mut Vm, func: &Value, maxsize: &Value, typed: &Value) -> PyResult<Value> {
    if !ops::is_callable(func) {
        return Err(PyErr::type_error("the first argument must be callable"));
    }
    let mode = match maxsize {
        Value::None => Mode::Unbounded,
        _ if maxsize.is_int() => {
            let n = super::ssize_arg(vm, maxsize)?;
            if n <= 0 {
                Mode::Uncached
            } else {
                Mode::Bounded(n as usize)
            }
        }
        _ => return Err(PyErr::type_error("maxsize should be integer or None")),
    };
    let typed_flag = ops::truthy(vm, typed)?;
    let dict = DictObj::new_obj();
    if let Some(d) = dict.downcast::<DictObj>() {
        d.set_str(
            "cache_parameters",
            Value::Obj(Builtin::new_obj(
                "cache_parameters",
                cache_parameters,
                Some(Value::tuple(vec![maxsize.clone(), typed.clone()])),
            )),
        );
    }
    if !abi::gc_is_tracked(&dict) {
        abi::gc_track(&dict);
    }
    let cache = DictObj::new_obj();
    if !abi::gc_is_tracked(&cache) {
        abi::gc_track(&cache);
    }
    let o = ObjRef::new(
        LRU_WRAPPER.get(),
        LruObj {
            func: RefCell::new(func.clone()),
            cache: RefCell::new(Some(cache)),
            mode,
            typed: typed_flag,
            hits: Cell::new(0),
            misses: Cell::new(0),
            kwd_mark: ObjRef::new(types::OBJECT.get(), ()),
            dict: RefCell::new(Some(dict)),
        },
    );
    abi::gc_track(&o);
    Ok(Value::Obj(o))
}

/// `wrapper.cache_parameters()`: bound to `(maxsize, typed)`.
fn cache_parameters(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let Some((params, rest)) = args.pos.split_first() else {
        return Err(PyErr::type_error("cache_parameters() lost its parameters"));
    };
    if !rest.is_empty() || !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "lru_cache.<locals>.decorating_function.<locals>.<lambda>() takes 0 positional arguments but {} were given",
            rest.len()
        )));
    }
    let p = ops::seq_items(params);
    let d = DictObj::new_obj();
    if let (Some(dd), [m, t]) = (d.downcast::<DictObj>(), p.as_slice()) {
        dd.set_str("maxsize", m.clone());
        dd.set_str("typed", t.clone());
    }
    Ok(Value::Obj(d))
}

/// `lru_cache_make_key`: one `int` or `str` argument is its own key;
/// otherwise the arguments, the keyword marker and the keyword items,
/// then (typed) the types of all of them.
fn make_key(l: &LruObj, args: &Args<'_>) -> Value {
    if !l.typed && args.kw.is_empty() {
        if let [x] = args.pos {
            let exact = matches!(x, Value::Int(_))
                || x.as_obj()
                    .is_some_and(|o| o.is_type(&types::STR) || o.is_type(&types::INT));
            if exact {
                return x.clone();
            }
        }
        return Value::tuple(args.pos.to_vec());
    }
    let mut key = args.pos.to_vec();
    if !args.kw.is_empty() {
        key.push(Value::Obj(l.kwd_mark.clone()));
        for (k, v) in args.kw {
            key.push(Value::Obj(k.clone()));
            key.push(v.clone());
        }
    }
    if l.typed {
        for x in args.pos {
            key.push(crate::builtins::type_value_of(x));
        }
        for (_, v) in args.kw {
            key.push(crate::builtins::type_value_of(v));
        }
    }
    Value::tuple(key)
}

/// Calls the wrapper: as CPython calls it through `tp_call`, the call
/// counts one level toward the recursion limit besides the function's
/// frame (a memoized recursion goes half as deep as a plain one).
fn lru_call(vm: &mut Vm, l: &LruObj, args: Args<'_>) -> PyResult<Value> {
    vm.enter_nested(" while calling a Python object")?;
    let r = lru_lookup(vm, l, args);
    vm.leave_nested();
    r
}

fn lru_lookup(vm: &mut Vm, l: &LruObj, args: Args<'_>) -> PyResult<Value> {
    let func = l.func.borrow().clone();
    let cache = l.cache.borrow().clone();
    let (Mode::Bounded(_) | Mode::Unbounded, Some(cache)) = (l.mode, cache) else {
        l.misses.set(l.misses.get() + 1);
        return vm.call_with(&func, args);
    };
    let Some(c) = cache.downcast::<DictObj>() else {
        return vm.call_with(&func, args);
    };
    let key = DictKey::with_vm(vm, make_key(l, &args))?;
    if let Some(i) = c.find(vm, &key)? {
        l.hits.set(l.hits.get() + 1);
        let result = c.value_at(i).unwrap_or(Value::None);
        if let Mode::Bounded(_) = l.mode {
            c.move_to_end(i);
        }
        return Ok(result);
    }
    l.misses.set(l.misses.get() + 1);
    let result = vm.call_with(&func, args)?;
    // The same key may have been added while the function ran: the
    // entry there stands.
    if c.find(vm, &key)?.is_some() {
        return Ok(result);
    }
    if let Mode::Bounded(max) = l.mode
        && c.len() >= max
        && !c.is_empty()
    {
        let old = c
            .next_entry_from(0)
            .and_then(|oldest| c.remove_index(oldest));
        c.insert_vm(vm, key, result.clone())?;
        drop(old);
        return Ok(result);
    }
    c.insert_vm(vm, key, result.clone())?;
    Ok(result)
}

fn cache_info(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let Some(l) = args.pos.first().and_then(|v| v.downcast::<LruObj>()) else {
        return Err(PyErr::type_error("cache_info() needs an lru_cache wrapper"));
    };
    if args.pos.len() != 1 || !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "_lru_cache_wrapper.cache_info() takes no arguments ({} given)",
            args.pos.len() - 1 + args.kw.len()
        )));
    }
    let currsize = l
        .cache
        .borrow()
        .as_ref()
        .and_then(|c| c.downcast::<DictObj>().map(|d| d.len()))
        .unwrap_or(0);
    let maxsize = match l.mode {
        Mode::Uncached => Value::Int(0),
        Mode::Bounded(n) => Value::Int(n as i64),
        Mode::Unbounded => Value::None,
    };
    let items = vec![
        Value::Int(l.hits.get() as i64),
        Value::Int(l.misses.get() as i64),
        maxsize,
        Value::Int(currsize as i64),
    ];
    Ok(Value::Obj(ObjRef::new(
        CACHE_INFO.get(),
        TupleObj {
            items: items.into_boxed_slice(),
            c_boxes: CBoxes::default(),
        },
    )))
}

fn cache_clear(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let Some(l) = args.pos.first().and_then(|v| v.downcast::<LruObj>()) else {
        return Err(PyErr::type_error(
            "cache_clear() needs an lru_cache wrapper",
        ));
    };
    if args.pos.len() != 1 || !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "_lru_cache_wrapper.cache_clear() takes no arguments ({} given)",
            args.pos.len() - 1 + args.kw.len()
        )));
    }
    l.hits.set(0);
    l.misses.set(0);
    let cache = l.cache.borrow().clone();
    if let Some(d) = cache.as_ref().and_then(|c| c.downcast::<DictObj>()) {
        d.clear();
    }
    Ok(Value::None)
}

// ----- update_wrapper, wraps ----------------------------------------------------------------

fn update_wrapper_with(
    vm: &mut Vm,
    wrapper: &Value,
    wrapped: &Value,
    assigned: &Value,
    updated: &Value,
) -> PyResult<()> {
    let it = ops::get_iter(vm, assigned)?;
    while let Some(attr) = ops::iter_next(vm, &it)? {
        let name = crate::builtins::attr_name(&attr)?;
        match vm.getattr(wrapped, name) {
            Ok(v) => vm.setattr(wrapper, name, v)?,
            Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => {}
            Err(e) => return Err(e),
        }
    }
    let it = ops::get_iter(vm, updated)?;
    while let Some(attr) = ops::iter_next(vm, &it)? {
        let name = crate::builtins::attr_name(&attr)?;
        let target = vm.getattr(wrapper, name)?;
        let source = match vm.getattr(wrapped, name) {
            Ok(v) => v,
            Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => Value::dict(),
            Err(e) => return Err(e),
        };
        let update = vm.getattr(&target, "update")?;
        vm.call(&update, &[source])?;
    }
    vm.setattr(wrapper, "__wrapped__", wrapped.clone())
}

/// The parameters of `update_wrapper` (and `wraps`, without `wrapper`).
const UPDATE_PARAMS: [&str; 4] = ["wrapper", "wrapped", "assigned", "updated"];

fn update_wrapper(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let a = parse(
        &args,
        &Sig {
            name: "update_wrapper",
            params: &UPDATE_PARAMS,
            posonly: 0,
            required: 2,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let wrapper = a[0].cloned().unwrap_or(Value::None);
    let wrapped = a[1].cloned().unwrap_or(Value::None);
    let assigned = a[2].cloned().unwrap_or_else(|| {
        Value::tuple(WRAPPER_ASSIGNMENTS.iter().map(|s| Value::str(s)).collect())
    });
    let updated = a[3]
        .cloned()
        .unwrap_or_else(|| Value::tuple(vec![Value::str("__dict__")]));
    update_wrapper_with(vm, &wrapper, &wrapped, &assigned, &updated)?;
    Ok(wrapper)
}

/// `wraps(wrapped, assigned, updated)`: `partial(update_wrapper,
/// wrapped=wrapped, assigned=assigned, updated=updated)`.
fn wraps(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let a = parse(
        &args,
        &Sig {
            name: "wraps",
            params: &UPDATE_PARAMS[1..],
            posonly: 0,
            required: 1,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let wrapped = a[0].cloned().unwrap_or(Value::None);
    let assigned = a[1].cloned().unwrap_or_else(|| {
        Value::tuple(WRAPPER_ASSIGNMENTS.iter().map(|s| Value::str(s)).collect())
    });
    let updated = a[2]
        .cloned()
        .unwrap_or_else(|| Value::tuple(vec![Value::str("__dict__")]));
    let f = Value::Obj(Builtin::new_obj("update_wrapper", update_wrapper, None));
    let kw = [
        (StrObj::new_obj("wrapped"), wrapped),
        (StrObj::new_obj("assigned"), assigned),
        (StrObj::new_obj("updated"), updated),
    ];
    new_partial(
        vm,
        Args {
            pos: std::slice::from_ref(&f),
            kw: &kw,
        },
    )
}

// ----- total_ordering -------------------------------------------------------------------

/// How a derived comparison combines the root's result `r`.
#[derive(Clone, Copy)]
enum Formula {
    /// `not r and self != other`
    NotAndNe,
    /// `r or self == other`
    OrEq,
    /// `not r`
    Not,
    /// `not r or self == other`
    NotOrEq,
    /// `r and self != other`
    AndNe,
}

/// `(name, root, formula, Python name, docstring)` of the twelve
/// methods, in `functools._convert`'s order per root.
const ORDERINGS: [(&str, &str, Formula, &str, &str); 12] = [
    (
        "__gt__",
        "__lt__",
        Formula::NotAndNe,
        "_gt_from_lt",
        "Return a > b.  Computed by @total_ordering from (not a < b) and (a != b).",
    ),
    (
        "__le__",
        "__lt__",
        Formula::OrEq,
        "_le_from_lt",
        "Return a <= b.  Computed by @total_ordering from (a < b) or (a == b).",
    ),
    (
        "__ge__",
        "__lt__",
        Formula::Not,
        "_ge_from_lt",
        "Return a >= b.  Computed by @total_ordering from (not a < b).",
    ),
    (
        "__ge__",
        "__le__",
        Formula::NotOrEq,
        "_ge_from_le",
        "Return a >= b.  Computed by @total_ordering from (not a <= b) or (a == b).",
    ),
    (
        "__lt__",
        "__le__",
        Formula::AndNe,
        "_lt_from_le",
        "Return a < b.  Computed by @total_ordering from (a <= b) and (a != b).",
    ),
    (
        "__gt__",
        "__le__",
        Formula::Not,
        "_gt_from_le",
        "Return a > b.  Computed by @total_ordering from (not a <= b).",
    ),
    (
        "__lt__",
        "__gt__",
        Formula::NotAndNe,
        "_lt_from_gt",
        "Return a < b.  Computed by @total_ordering from (not a > b) and (a != b).",
    ),
    (
        "__ge__",
        "__gt__",
        Formula::OrEq,
        "_ge_from_gt",
        "Return a >= b.  Computed by @total_ordering from (a > b) or (a == b).",
    ),
    (
        "__le__",
        "__gt__",
        Formula::Not,
        "_le_from_gt",
        "Return a <= b.  Computed by @total_ordering from (not a > b).",
    ),
    (
        "__le__",
        "__ge__",
        Formula::NotOrEq,
        "_le_from_ge",
        "Return a <= b.  Computed by @total_ordering from (not a >= b) or (a == b).",
    ),
    (
        "__gt__",
        "__ge__",
        Formula::AndNe,
        "_gt_from_ge",
        "Return a > b.  Computed by @total_ordering from (a >= b) and (a != b).",
    ),
    (
        "__lt__",
        "__ge__",
        Formula::Not,
        "_lt_from_ge",
        "Return a < b.  Computed by @total_ordering from (not a >= b).",
    ),
];

fn total_ordering(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let a = parse(
        &args,
        &Sig {
            name: "total_ordering",
            params: &["cls"],
            posonly: 0,
            required: 1,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let cls = a[0].cloned().unwrap_or(Value::None);
    // Only a Python class can lack one of the four: anything else has
    // them all (from its type, or `object`'s bound to it), so it comes
    // back unchanged, as in CPython.
    let Some(t) = cls
        .as_obj()
        .and_then(|o| o.as_type())
        .filter(|t| t.is_heap_type())
    else {
        return Ok(cls);
    };
    let defined = |name: &str| crate::object::class::lookup(t, name).is_some();
    // `max(roots)`: `__lt__` before `__le__` before `__gt__` before `__ge__`.
    let Some(root) = ["__lt__", "__le__", "__gt__", "__ge__"]
        .into_iter()
        .find(|r| defined(r))
    else {
        return Err(PyErr::value_error(
            "must define at least one ordering operation: < > <= >=",
        ));
    };
    for (i, (name, r, ..)) in ORDERINGS.iter().enumerate() {
        if *r == root && !defined(name) {
            let m = ObjRef::new(ORDERING_METHOD.get(), OrderingMethod { which: i });
            vm.setattr(&cls, name, Value::Obj(m))?;
        }
    }
    Ok(cls)
}

fn ordering_call(vm: &mut Vm, m: &OrderingMethod, args: Args<'_>) -> PyResult<Value> {
    let Some(&(_, root, formula, pyname, _)) = ORDERINGS.get(m.which) else {
        return Err(PyErr::type_error("unknown ordering method"));
    };
    let a = parse(
        &args,
        &Sig {
            name: pyname,
            params: &["self", "other"],
            posonly: 0,
            required: 2,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let (me, other) = (
        a[0].cloned().unwrap_or(Value::None),
        a[1].cloned().unwrap_or(Value::None),
    );
    // `type(self).__lt__(self, other)`
    let f = vm.getattr(&crate::builtins::type_value_of(&me), root)?;
    let r = vm.call(&f, &[me.clone(), other.clone()])?;
    if r.kind() == Kind::NOT_IMPLEMENTED {
        return Ok(r);
    }
    Ok(match formula {
        Formula::NotAndNe => {
            if ops::truthy(vm, &r)? {
                Value::Bool(false)
            } else {
                ops::compare(vm, CmpOp::Ne, &me, &other)?
            }
        }
        Formula::OrEq => {
            if ops::truthy(vm, &r)? {
                r
            } else {
                ops::compare(vm, CmpOp::Eq, &me, &other)?
            }
        }
        Formula::Not => Value::Bool(!ops::truthy(vm, &r)?),
        Formula::NotOrEq => {
            if !ops::truthy(vm, &r)? {
                Value::Bool(true)
            } else {
                ops::compare(vm, CmpOp::Eq, &me, &other)?
            }
        }
        Formula::AndNe => {
            if !ops::truthy(vm, &r)? {
                r
            } else {
                ops::compare(vm, CmpOp::Ne, &me, &other)?
            }
        }
    })
}

// ----- hooks ------------------------------------------------------------------------------

/// Calls a partial, an lru wrapper, a `cmp_to_key` wrapper or an ordering
/// method.
pub fn call(vm: &mut Vm, o: &ObjRef, args: Args<'_>) -> Option<PyResult<Value>> {
    if let Some(p) = o.downcast::<PartialObj>() {
        return Some(partial_call(vm, p, args));
    }
    if let Some(l) = o.downcast::<LruObj>() {
        return Some(lru_call(vm, l, args));
    }
    if let Some(k) = o.downcast::<KeyObj>() {
        return Some((|| {
            let a = parse(
                &args,
                &Sig {
                    name: "K",
                    params: &["obj"],
                    posonly: 0,
                    required: 1,
                    kwonly: &[],
                    style: Style::C,
                },
            )?;
            let cmp = k.cmp.borrow().clone();
            Ok(new_key(cmp, a[0].cloned()))
        })());
    }
    if let Some(m) = o.downcast::<OrderingMethod>() {
        return Some(ordering_call(vm, m, args));
    }
    None
}

/// Whether `o` is one of this module's callables.
pub fn is_callable(o: &ObjRef) -> bool {
    o.is_type(&PARTIAL) || o.is_type(&LRU_WRAPPER) || o.is_type(&KEY_WRAPPER) || binds(o)
}

/// The lru wrapper and the ordering methods bind to an instance when
/// found on its class, as functions do (`__get__`).
pub fn binds(o: &ObjRef) -> bool {
    o.is_type(&LRU_WRAPPER) || o.is_type(&ORDERING_METHOD)
}

/// Attributes: a partial's `func`, `args`, `keywords`; an lru wrapper's
/// `cache_info`, `cache_clear`, `__wrapped__`…; a key's `obj`; a
/// `CacheInfo`'s fields; an ordering method's names.
pub fn getattr(_vm: &mut Vm, o: &ObjRef, name: &str) -> Option<PyResult<Value>> {
    if let Some(p) = o.downcast::<PartialObj>() {
        return match name {
            "func" => Some(Ok(p.func.borrow().clone())),
            "args" => Some(Ok(p.args.borrow().clone())),
            "keywords" => Some(Ok(p.kw.borrow().clone())),
            "__dict__" => Some(Ok(Value::Obj(attr_dict(&p.dict)))),
            _ => dict_attr(&p.dict, name).map(Ok),
        };
    }
    if let Some(l) = o.downcast::<LruObj>() {
        let method = |n: &'static str, f: NativeFn| {
            Some(Ok(Value::Obj(Builtin::new_obj(
                n,
                f,
                Some(Value::Obj(o.clone())),
            ))))
        };
        return match name {
            "__dict__" => Some(Ok(Value::Obj(attr_dict(&l.dict)))),
            _ if let Some(v) = dict_attr(&l.dict, name) => Some(Ok(v)),
            "cache_info" => method("cache_info", cache_info),
            "cache_clear" => method("cache_clear", cache_clear),
            _ => None,
        };
    }
    if let Some(k) = o.downcast::<KeyObj>() {
        return (name == "obj").then(|| Ok(k.obj.borrow().clone().unwrap_or(Value::None)));
    }
    if o.is_type(&CACHE_INFO) {
        let i = CACHE_INFO_FIELDS.iter().position(|f| *f == name)?;
        return o
            .downcast::<TupleObj>()
            .and_then(|t| t.items.get(i).cloned())
            .map(Ok);
    }
    if let Some(m) = o.downcast::<OrderingMethod>() {
        let (opname, _, _, pyname, doc) = ORDERINGS.get(m.which)?;
        return match name {
            "__name__" => Some(Ok(Value::str(opname))),
            "__qualname__" => Some(Ok(Value::str(pyname))),
            "__doc__" => Some(Ok(Value::str(doc))),
            "__module__" => Some(Ok(Value::str("functools"))),
            _ => None,
        };
    }
    None
}

/// `o.name = value` (`None`: `del o.name`) on a partial or an lru wrapper.
pub fn setattr(o: &ObjRef, name: &str, value: Option<Value>) -> Option<PyResult<()>> {
    let slot = if let Some(p) = o.downcast::<PartialObj>() {
        if matches!(name, "func" | "args" | "keywords") {
            return Some(Err(PyErr::attribute_error("readonly attribute")));
        }
        &p.dict
    } else if let Some(l) = o.downcast::<LruObj>() {
        &l.dict
    } else {
        return None;
    };
    if name == "__dict__" {
        return Some(match value {
            Some(Value::Obj(d)) if d.kind() == Kind::DICT => {
                *slot.borrow_mut() = Some(d);
                Ok(())
            }
            Some(v) => Err(PyErr::type_error(format!(
                "__dict__ must be set to a dictionary, not a '{}'",
                v.type_name()
            ))),
            None => Err(PyErr::type_error("cannot delete __dict__")),
        });
    }
    let d = attr_dict(slot);
    let d = d.downcast::<DictObj>()?;
    Some(match value {
        Some(v) => {
            d.set_str(name, v);
            Ok(())
        }
        None => match d.remove(&DictKey::from_str_obj(&StrObj::new_obj(name))) {
            Some(_) => Ok(()),
            None => Err(crate::vm::no_attribute(&Value::Obj(o.clone()), name)),
        },
    })
}

/// Whether `o` has this module's `repr` (`functools.partial(...)`,
/// `CacheInfo(...)`).
pub fn has_repr(o: &ObjRef) -> bool {
    o.is_type(&PARTIAL) || o.is_type(&CACHE_INFO)
}

/// `repr()` of a partial or a `CacheInfo`.
pub fn repr(vm: &mut Vm, o: &ObjRef) -> Option<PyResult<String>> {
    if let Some(p) = o.downcast::<PartialObj>() {
        return Some(partial_repr(vm, o, p));
    }
    if o.is_type(&CACHE_INFO) {
        let items = o.downcast::<TupleObj>()?.items.to_vec();
        return Some((|| {
            let mut parts = Vec::with_capacity(4);
            for (f, v) in CACHE_INFO_FIELDS.iter().zip(&items) {
                parts.push(format!("{f}={}", ops::repr(vm, v)?));
            }
            Ok(format!("CacheInfo({})", parts.join(", ")))
        })());
    }
    None
}

/// `a <op> b` where either is a `KeyWrapper`: `cmp(a.obj, b.obj) <op> 0`,
/// both being keys (else CPython's TypeError).
pub fn richcompare(vm: &mut Vm, op: CmpOp, a: &Value, b: &Value) -> Option<PyResult<Value>> {
    let (ka, kb) = (a.downcast::<KeyObj>(), b.downcast::<KeyObj>());
    if ka.is_none() && kb.is_none() {
        return None;
    }
    let (Some(ka), Some(kb)) = (ka, kb) else {
        return Some(Err(PyErr::type_error("other argument must be K instance")));
    };
    Some((|| {
        let (Some(x), Some(y)) = (ka.obj.borrow().clone(), kb.obj.borrow().clone()) else {
            return Err(PyErr::attribute_error("object"));
        };
        let cmp = ka.cmp.borrow().clone();
        let r = vm.call(&cmp, &[x, y])?;
        ops::compare(vm, op, &r, &Value::Int(0))
    })())
}

/// `KeyWrapper`s are unhashable.
pub fn unhashable(o: &ObjRef) -> bool {
    o.is_type(&KEY_WRAPPER)
}

/// Visits what this module's objects reference.
pub fn traverse(o: &ObjRef, f: &mut dyn FnMut(&ObjRef)) -> bool {
    let mut v = |x: &Value| {
        if let Value::Obj(c) = x {
            f(c)
        }
    };
    let cell = |v: &mut dyn FnMut(&Value), c: &RefCell<Value>| {
        if let Ok(x) = c.try_borrow() {
            v(&x);
        }
    };
    let dict = |v: &mut dyn FnMut(&Value), c: &RefCell<Option<ObjRef>>| {
        if let Ok(x) = c.try_borrow()
            && let Some(d) = &*x
        {
            v(&Value::Obj(d.clone()));
        }
    };
    if let Some(p) = o.downcast::<PartialObj>() {
        cell(&mut v, &p.func);
        cell(&mut v, &p.args);
        cell(&mut v, &p.kw);
        dict(&mut v, &p.dict);
        return true;
    }
    if let Some(l) = o.downcast::<LruObj>() {
        cell(&mut v, &l.func);
        dict(&mut v, &l.cache);
        dict(&mut v, &l.dict);
        return true;
    }
    if let Some(k) = o.downcast::<KeyObj>() {
        cell(&mut v, &k.cmp);
        if let Ok(x) = k.obj.try_borrow()
            && let Some(x) = &*x
        {
            v(x);
        }
        return true;
    }
    o.is_type(&ORDERING_METHOD)
}

/// Drops what this module's objects reference.
pub fn clear(o: &ObjRef) -> bool {
    let take = |c: &RefCell<Value>| {
        c.try_borrow_mut()
            .map(|mut x| std::mem::replace(&mut *x, Value::None))
    };
    if let Some(p) = o.downcast::<PartialObj>() {
        let old = (
            take(&p.func),
            take(&p.args),
            take(&p.kw),
            p.dict.try_borrow_mut().map(|mut d| d.take()),
        );
        drop(old);
        return true;
    }
    if let Some(l) = o.downcast::<LruObj>() {
        let old = (
            take(&l.func),
            l.cache.try_borrow_mut().map(|mut d| d.take()),
            l.dict.try_borrow_mut().map(|mut d| d.take()),
        );
        drop(old);
        return true;
    }
    if let Some(k) = o.downcast::<KeyObj>() {
        let old = (take(&k.cmp), k.obj.try_borrow_mut().map(|mut x| x.take()));
        drop(old);
        return true;
    }
    o.is_type(&ORDERING_METHOD)
}
