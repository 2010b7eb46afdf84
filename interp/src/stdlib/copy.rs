//! `copy`: `copy`, `deepcopy` and `Error`, after CPython 3.11's `copy.py`.
//!
//! The dispatch is `copy.py`'s: immutable atoms come back as they are,
//! lists, dicts and sets are copied by their own `copy`, `deepcopy` has
//! its memo (a real dict from `id(x)` to the copy, passed to
//! `__deepcopy__(memo)` and visible to a caller who passes one, with the
//! `id(memo)` entry that keeps the originals alive), and everything else
//! goes through the pickle protocol as `object.__reduce_ex__(4)` would
//! answer: a class's own `__copy__`/`__deepcopy__`, `__reduce_ex__` or
//! `__reduce__` first, else `cls.__new__(cls)` with the state of
//! `__getstate__` (the instance `__dict__`, and the `__slots__` values)
//! set by `__setstate__` or into the new `__dict__` (`_reconstruct`).
//! Exceptions reduce to `type(e)(*e.args)` and their `__dict__`, sets and
//! frozensets to a new set of their (deep-copied) items.
//!
//! Differences: the objects of native modules (iterators, `functools`
//! and `itertools` objects, files, `StringIO`…), which CPython copies
//! through their `__reduce__`, are refused with CPython's message for
//! objects that cannot be pickled; `copyreg.dispatch_table` is not
//! consulted; a deep copy of a set puts fewer temporaries in the memo;
//! recursion counts one level per nested container where CPython's
//! Python code counts two or three frames.

use super::{Sig, Style, parse};
use crate::builtins::id_of;
use crate::object::class::{BoundMethod, class_data, lookup, mro_of};
use crate::object::types::{self, Kind};
use crate::object::{
    Args, Builtin, DictKey, DictObj, ExcObj, ListObj, PyErr, PyResult, SliceObj, TupleObj, Value,
};
use crate::ops;
use crate::vm::Vm;
use abi::ObjRef;

/// Fills the `copy` module.
pub fn fill(d: &DictObj) -> PyResult<()> {
    d.set_str("copy", Value::Obj(Builtin::new_obj("copy", copy, None)));
    d.set_str(
        "deepcopy",
        Value::Obj(Builtin::new_obj("deepcopy", deepcopy, None)),
    );
    let ns = DictObj::new_obj();
    if let Some(nd) = ns.downcast::<DictObj>() {
        nd.set_str("__module__", Value::str("copy"));
    }
    let cls = crate::classes::new_class(
        "Error",
        vec![abi::ObjRef::from_static(&types::EXCEPTION)],
        ns,
    )?;
    d.set_str("Error", Value::Obj(cls.clone()));
    d.set_str("error", Value::Obj(cls));
    Ok(())
}

/// `copy(x)`.
fn copy(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &Sig {
            name: "copy",
            params: &["x"],
            posonly: 0,
            required: 1,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let x = p[0].unwrap_or(&Value::None);
    shallow(vm, x)
}

/// `deepcopy(x, memo=None, _nil=[])`.
fn deepcopy(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &Sig {
            name: "deepcopy",
            params: &["x", "memo", "_nil"],
            posonly: 0,
            required: 1,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let x = p[0].unwrap_or(&Value::None);
    let memo = match p[1] {
        None | Some(Value::None) => DictObj::new_obj(),
        Some(Value::Obj(m)) if m.downcast::<DictObj>().is_some() => m.clone(),
        Some(other) => {
            return Err(PyErr::attribute_error(format!(
                "'{}' object has no attribute 'get'",
                other.type_name()
            )));
        }
    };
    deep(vm, x, &memo)
}

/// Whether `x`'s type is exactly the built-in type `t`.
fn exact(x: &Value, t: &'static abi::StaticType) -> bool {
    x.is_type_exact(t)
}

/// The atoms both `copy` and `deepcopy` return as they are.
fn is_atomic(x: &Value) -> bool {
    match x {
        // An instance of a class deriving from `str`, `int`… is copied
        // through the pickle protocol, as any class's.
        Value::Obj(o) if o.ty().is_heap_type() && o.kind() != Kind::TYPE => false,
        Value::Obj(o) => matches!(
            o.kind(),
            Kind::STR
                | Kind::BYTES
                | Kind::INT
                | Kind::FLOAT
                | Kind::TYPE
                | Kind::RANGE
                | Kind::BUILTIN
                | Kind::METHOD_DESCR
                | Kind::FUNCTION
                | Kind::PROPERTY
                | Kind::CODE
                | Kind::ELLIPSIS
                | Kind::NOT_IMPLEMENTED
                | Kind::NONE
                | Kind::BOOL
        ),
        _ => true,
    }
}

/// Whether `x` is an instance of a Python class (its class's dunders
/// take part in copying).
fn is_py_instance(x: &Value) -> bool {
    x.as_obj().is_some_and(|o| o.ty().is_heap_type())
}

/// `copy.copy`'s dispatch.
fn shallow(vm: &mut Vm, x: &Value) -> PyResult<Value> {
    if is_atomic(x)
        || exact(x, &types::TUPLE)
        || exact(x, &types::FROZENSET)
        || exact(x, &types::SLICE)
    {
        return Ok(x.clone());
    }
    if let Some(l) = x.downcast::<ListObj>().filter(|_| exact(x, &types::LIST)) {
        let items = l.items.borrow().clone();
        return Ok(Value::list(items));
    }
    if let Some(d) = x.downcast::<DictObj>().filter(|_| exact(x, &types::DICT)) {
        return Ok(Value::Obj(DictObj::into_obj(d.copy())));
    }
    if let Value::Obj(o) = x
        && exact(x, &types::SET)
    {
        return crate::sets::copy(vm, o).map(Value::Obj);
    }
    if let Some(m) = x.downcast::<BoundMethod>() {
        // `(getattr, (obj, name))`: a new bound method.
        return Ok(Value::Obj(BoundMethod::new_obj(
            m.func.clone(),
            m.receiver.clone(),
        )));
    }
    if is_py_instance(x)
        && let Some(cls) = x.as_obj().map(|o| o.type_ref())
        && let Some(ty) = cls.as_type()
        && lookup(ty, "__copy__").is_some()
    {
        let f = vm.getattr(&Value::Obj(cls.clone()), "__copy__")?;
        if !matches!(f, Value::None) {
            return vm.call(&f, std::slice::from_ref(x));
        }
    }
    let rv = reduce(vm, x)?;
    reconstruct(vm, x, None, &rv)
}

/// `copy.deepcopy`'s dispatch, with the memo.
fn deep(vm: &mut Vm, x: &Value, memo: &ObjRef) -> PyResult<Value> {
    // An unboxed value is an atom and never in the memo as a copy.
    let Value::Obj(_) = x else {
        return Ok(x.clone());
    };
    let d = id_of(x);
    let Some(m) = memo.downcast::<DictObj>() else {
        return Ok(x.clone());
    };
    if let Some(y) = m.get_vm(vm, &DictKey::new(d.clone())?)? {
        return Ok(y);
    }
    vm.enter_nested("")?;
    let r = deep_dispatch(vm, x, &d, memo);
    vm.leave_nested();
    let y = r?;
    if !y.is(x) {
        memo_set(vm, memo, d, y.clone())?;
        keep_alive(vm, x, memo)?;
    }
    Ok(y)
}

fn memo_set(vm: &mut Vm, memo: &ObjRef, key: Value, value: Value) -> PyResult<()> {
    match memo.downcast::<DictObj>() {
        Some(m) => m.insert_vm(vm, DictKey::new(key)?, value),
        None => Ok(()),
    }
}

/// `_keep_alive`: `x` appended to `memo[id(memo)]`, so that no id in the
/// memo is reused while it lasts.
fn keep_alive(vm: &mut Vm, x: &Value, memo: &ObjRef) -> PyResult<()> {
    let Some(m) = memo.downcast::<DictObj>() else {
        return Ok(());
    };
    let key = DictKey::new(id_of(&Value::Obj(memo.clone())))?;
    match m.get_vm(vm, &key)? {
        Some(list) => {
            let append = vm.getattr(&list, "append")?;
            vm.call(&append, std::slice::from_ref(x))?;
        }
        None => m.insert_vm(vm, key, Value::list(vec![x.clone()]))?,
    }
    Ok(())
}

fn deep_dispatch(vm: &mut Vm, x: &Value, id: &Value, memo: &ObjRef) -> PyResult<Value> {
    if is_atomic(x) {
        return Ok(x.clone());
    }
    if let Some(l) = x.downcast::<ListObj>().filter(|_| exact(x, &types::LIST)) {
        let y = ListObj::new_obj(Vec::new());
        memo_set(vm, memo, id.clone(), Value::Obj(y.clone()))?;
        let items = l.items.borrow().clone();
        for a in &items {
            let c = deep(vm, a, memo)?;
            if let Some(yl) = y.downcast::<ListObj>() {
                yl.items.borrow_mut().push(c);
            }
        }
        return Ok(Value::Obj(y));
    }
    if let Some(t) = x.downcast::<TupleObj>().filter(|_| exact(x, &types::TUPLE)) {
        let mut ys = Vec::with_capacity(t.items.len());
        for a in t.items.iter() {
            ys.push(deep(vm, a, memo)?);
        }
        // A tuple inside a cycle may have been copied meanwhile.
        if let Some(m) = memo.downcast::<DictObj>()
            && let Some(y) = m.get_vm(vm, &DictKey::new(id.clone())?)?
        {
            return Ok(y);
        }
        if ys.iter().zip(t.items.iter()).all(|(a, b)| a.is(b)) {
            return Ok(x.clone());
        }
        return Ok(Value::tuple(ys));
    }
    if let Some(d) = x.downcast::<DictObj>().filter(|_| exact(x, &types::DICT)) {
        let y = DictObj::new_obj();
        memo_set(vm, memo, id.clone(), Value::Obj(y.clone()))?;
        for (k, v) in d.items() {
            let k2 = deep(vm, &k, memo)?;
            let v2 = deep(vm, &v, memo)?;
            if let Some(yd) = y.downcast::<DictObj>() {
                let key = DictKey::with_vm(vm, k2)?;
                yd.insert_vm(vm, key, v2)?;
            }
        }
        return Ok(Value::Obj(y));
    }
    if let Some(m) = x.downcast::<BoundMethod>() {
        let receiver = deep(vm, &m.receiver, memo)?;
        return Ok(Value::Obj(BoundMethod::new_obj(m.func.clone(), receiver)));
    }
    if let Value::Obj(o) = x
        && (exact(x, &types::SET) || exact(x, &types::FROZENSET))
    {
        // `(set, (list(x),), None)`: a new set of the items' copies.
        let items = crate::sets::payload(x)
            .map(|s| s.keys())
            .unwrap_or_default();
        let mut copies = Vec::with_capacity(items.len());
        for a in &items {
            copies.push(deep(vm, a, memo)?);
        }
        let frozen = o.kind() == Kind::FROZENSET;
        let y = crate::sets::new_set(vm, frozen, Some(&Value::list(copies)))?;
        return Ok(Value::Obj(y));
    }
    if let Some(s) = x.downcast::<SliceObj>() {
        let (a, b, c) = (s.start.clone(), s.stop.clone(), s.step.clone());
        let a = deep(vm, &a, memo)?;
        let b = deep(vm, &b, memo)?;
        let c = deep(vm, &c, memo)?;
        return Ok(Value::Obj(SliceObj::new_obj(a, b, c)));
    }
    if is_py_instance(x) {
        match vm.getattr(x, "__deepcopy__") {
            Ok(Value::None) => {}
            Ok(f) => return vm.call(&f, &[Value::Obj(memo.clone())]),
            Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => {}
            Err(e) => return Err(e),
        }
    }
    let rv = reduce(vm, x)?;
    reconstruct(vm, x, Some(memo), &rv)
}

// ----- the pickle protocol ------------------------------------------------------------

/// What `x.__reduce_ex__(4)` returns.
fn reduce(vm: &mut Vm, x: &Value) -> PyResult<Value> {
    let Value::Obj(o) = x else {
        return Err(cannot_pickle(x));
    };
    let ty = o.ty();
    if ty.is_heap_type() {
        if lookup(ty, "__reduce_ex__").is_some() {
            let f = vm.getattr(x, "__reduce_ex__")?;
            return vm.call(&f, &[Value::Int(4)]);
        }
        if lookup(ty, "__reduce__").is_some() {
            let f = vm.getattr(x, "__reduce__")?;
            return vm.call(&f, &[]);
        }
    }
    if let Some(e) = o.downcast::<ExcObj>() {
        // `BaseException.__reduce__`: `(type(self), self.args)`, with the
        // `__dict__` when it has anything.
        let mut rv = vec![Value::Obj(o.type_ref()), e.args_value()];
        let dict = e.dict.borrow().clone();
        if let Some(d) = dict.filter(|d| d.downcast::<DictObj>().is_some_and(|d| !d.is_empty())) {
            rv.push(Value::Obj(d));
        }
        return Ok(Value::tuple(rv));
    }
    if let Some(b) = o.downcast::<crate::object::ByteArrayObj>() {
        // `bytearray.__reduce_ex__`: `(bytearray, (bytes(self),), None)`.
        let data = Value::Obj(crate::object::BytesObj::new_obj(&b.to_vec()?));
        return Ok(Value::tuple(vec![
            Value::from_type(&types::BYTEARRAY),
            Value::tuple(vec![data]),
            Value::None,
        ]));
    }
    // A deque (or an instance of a class deriving from one): its
    // `__reduce__`.
    if o.kind() == Kind::DEQUE {
        let f = vm.getattr(x, "__reduce__")?;
        return vm.call(&f, &[]);
    }
    if crate::subclass::is_instance(o) {
        return reduce_builtin_subclass(vm, x, o);
    }
    if o.kind() != Kind::INSTANCE {
        return Err(cannot_pickle(x));
    }
    // `copyreg.__reduce_ex__` for protocol 2+: `(copyreg.__newobj__,
    // (cls,), state)`.
    let cls = Value::Obj(o.type_ref());
    let state = if lookup(ty, "__getstate__").is_some() {
        let f = vm.getattr(x, "__getstate__")?;
        vm.call(&f, &[])?
    } else {
        default_state(vm, x, &o.type_ref())?
    };
    Ok(Value::tuple(vec![
        Value::Obj(Builtin::new_obj("__newobj__", newobj, None)),
        Value::tuple(vec![cls]),
        state,
    ]))
}

/// What `x.__reduce_ex__(4)` returns for an instance of a class deriving
/// from a built-in type: a set's or frozenset's `__reduce__`, `(cls,
/// (list(x),), x.__dict__)`; for the others `object.__reduce_ex__`'s
/// `(copyreg.__newobj__, (cls, *x.__getnewargs__()), state, listitems,
/// dictitems)`, the items of a list or a dict passed on for the copy to
/// append or store.
fn reduce_builtin_subclass(vm: &mut Vm, x: &Value, o: &ObjRef) -> PyResult<Value> {
    let cls = Value::Obj(o.type_ref());
    if matches!(o.kind(), Kind::SET | Kind::FROZENSET) {
        let keys = crate::sets::payload(x)
            .map(|s| s.keys())
            .unwrap_or_default();
        let dict = match vm.getattr(x, "__dict__") {
            Ok(d) => d,
            Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => Value::None,
            Err(e) => return Err(e),
        };
        return Ok(Value::tuple(vec![
            cls,
            Value::tuple(vec![Value::list(keys)]),
            dict,
        ]));
    }
    let mut newargs = vec![cls];
    match vm.getattr(x, "__getnewargs__") {
        Ok(f) => {
            let a = vm.call(&f, &[])?;
            if a.kind() != Kind::TUPLE {
                return Err(PyErr::type_error(format!(
                    "__getnewargs__ should return a tuple, not '{}'",
                    a.type_name()
                )));
            }
            newargs.extend(ops::seq_items(&a));
        }
        Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => {}
        Err(e) => return Err(e),
    }
    let ty = o.ty();
    let state = if lookup(ty, "__getstate__").is_some() {
        let f = vm.getattr(x, "__getstate__")?;
        vm.call(&f, &[])?
    } else {
        default_state(vm, x, &o.type_ref())?
    };
    let listitems = if o.kind() == Kind::LIST {
        ops::get_iter(vm, x)?
    } else {
        Value::None
    };
    let dictitems = if o.kind() == Kind::DICT {
        let items = vm.getattr(x, "items")?;
        let items = vm.call(&items, &[])?;
        ops::get_iter(vm, &items)?
    } else {
        Value::None
    };
    Ok(Value::tuple(vec![
        Value::Obj(Builtin::new_obj("__newobj__", newobj, None)),
        Value::tuple(newargs),
        state,
        listitems,
        dictitems,
    ]))
}

fn cannot_pickle(x: &Value) -> PyErr {
    PyErr::type_error(format!("cannot pickle '{}' object", x.type_name()))
}

/// `copyreg.__newobj__(cls, *args)`: `cls.__new__(cls, *args)`.
fn newobj(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let Some(cls) = args.pos.first() else {
        return Err(PyErr::type_error(
            "__newobj__() missing 1 required positional argument: 'cls'",
        ));
    };
    let new = vm.getattr(cls, "__new__")?;
    vm.call(&new, args.pos)
}

/// `object.__getstate__()`: the instance dict (None when empty), paired
/// with a dict of the `__slots__` values that are set, if any.
fn default_state(vm: &mut Vm, x: &Value, cls: &ObjRef) -> PyResult<Value> {
    let has_dict = class_data(cls).is_some_and(|cd| cd.has_dict);
    let mut state = Value::None;
    if has_dict {
        let d = vm.getattr(x, "__dict__")?;
        if d.downcast::<DictObj>().is_some_and(|d| !d.is_empty()) {
            state = d;
        }
    }
    let names = slot_names(vm, cls)?;
    if names.is_empty() {
        return Ok(state);
    }
    let slots = DictObj::new_obj();
    if let Some(sd) = slots.downcast::<DictObj>() {
        for name in &names {
            match vm.getattr(x, name) {
                Ok(v) => sd.set_str(name, v),
                Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => {}
                Err(e) => return Err(e),
            }
        }
        if sd.is_empty() {
            return Ok(state);
        }
    }
    Ok(Value::tuple(vec![state, Value::Obj(slots)]))
}

/// `copyreg._slotnames(cls)`: the `__slots__` of the classes along the
/// MRO (private names mangled), without `__dict__` and `__weakref__`.
fn slot_names(vm: &mut Vm, cls: &ObjRef) -> PyResult<Vec<String>> {
    let mut names = Vec::new();
    for c in mro_of(cls) {
        let Some(cd) = class_data(&c) else {
            continue;
        };
        let Some(slots) = cd.dict().and_then(|d| d.get_str("__slots__")) else {
            continue;
        };
        let items = if slots.as_str().is_some() {
            vec![slots]
        } else {
            ops::collect(vm, &slots)?
        };
        for item in items {
            let Some(name) = item.as_str() else {
                continue;
            };
            if name == "__dict__" || name == "__weakref__" {
                continue;
            }
            if name.starts_with("__") && !name.ends_with("__") {
                let class_name = cd.name.borrow();
                let stripped = class_name.trim_start_matches('_');
                if !stripped.is_empty() {
                    names.push(format!("_{stripped}{name}"));
                    continue;
                }
            }
            names.push(name.to_owned());
        }
    }
    Ok(names)
}

/// `copy._reconstruct(x, memo, *rv)`: a string `rv` means `x` itself.
fn reconstruct(vm: &mut Vm, x: &Value, memo: Option<&ObjRef>, rv: &Value) -> PyResult<Value> {
    if rv.as_str().is_some() {
        return Ok(x.clone());
    }
    let parts = match ops::collect(vm, rv) {
        Ok(p) => p,
        Err(e) if e.matches(types::TYPE_ERROR.get()) => {
            return Err(PyErr::type_error(format!(
                "Value after * must be an iterable, not {}",
                rv.type_name()
            )));
        }
        Err(e) => return Err(e),
    };
    match parts.len() {
        0 => {
            return Err(PyErr::type_error(
                "_reconstruct() missing 2 required positional arguments: 'func' and 'args'",
            ));
        }
        1 => {
            return Err(PyErr::type_error(
                "_reconstruct() missing 1 required positional argument: 'args'",
            ));
        }
        n if n > 5 => {
            return Err(PyErr::type_error(format!(
                "_reconstruct() takes from 4 to 7 positional arguments but {} were given",
                n + 2
            )));
        }
        _ => {}
    }
    let none = Value::None;
    let part = |i: usize| parts.get(i).unwrap_or(&none);
    let (func, mut args) = (part(0).clone(), part(1).clone());
    let deep_copy = |vm: &mut Vm, v: &Value| match memo {
        Some(m) => deep(vm, v, m),
        None => Ok(v.clone()),
    };
    if memo.is_some() && ops::truthy(vm, &args)? {
        args = deep_copy(vm, &args)?;
    }
    let arg_items = ops::collect(vm, &args)?;
    let y = vm.call(&func, &arg_items)?;
    if let Some(m) = memo {
        memo_set(vm, m, id_of(x), y.clone())?;
    }
    let state = part(2);
    if !matches!(state, Value::None) {
        let state = deep_copy(vm, state)?;
        set_state(vm, &y, state)?;
    }
    let listiter = part(3);
    if !matches!(listiter, Value::None) {
        let it = ops::get_iter(vm, listiter)?;
        while let Some(item) = ops::iter_next(vm, &it)? {
            let item = deep_copy(vm, &item)?;
            let append = vm.getattr(&y, "append")?;
            vm.call(&append, &[item])?;
        }
    }
    let dictiter = part(4);
    if !matches!(dictiter, Value::None) {
        let it = ops::get_iter(vm, dictiter)?;
        while let Some(pair) = ops::iter_next(vm, &it)? {
            let kv = ops::collect(vm, &pair)?;
            let [k, v] = kv.as_slice() else {
                return Err(PyErr::value_error(format!(
                    "{} values to unpack (expected 2{})",
                    if kv.len() < 2 {
                        "not enough"
                    } else {
                        "too many"
                    },
                    if kv.len() < 2 {
                        format!(", got {}", kv.len())
                    } else {
                        String::new()
                    }
                )));
            };
            let k = deep_copy(vm, k)?;
            let v = deep_copy(vm, v)?;
            ops::setitem(vm, &y, &k, v)?;
        }
    }
    Ok(y)
}

/// The state part of `_reconstruct`: `y.__setstate__(state)` if `y` has
/// one, else the dict part into `y.__dict__` and the slots part by
/// `setattr`.
fn set_state(vm: &mut Vm, y: &Value, state: Value) -> PyResult<()> {
    match vm.getattr(y, "__setstate__") {
        Ok(f) => {
            vm.call(&f, &[state])?;
            return Ok(());
        }
        Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => {}
        Err(e) => return Err(e),
    }
    let (state, slotstate) = match state.downcast::<TupleObj>() {
        Some(t) if t.items.len() == 2 && exact(&state, &types::TUPLE) => {
            (t.items[0].clone(), t.items[1].clone())
        }
        _ => (state, Value::None),
    };
    if !matches!(state, Value::None) {
        let d = vm.getattr(y, "__dict__")?;
        match d.downcast::<DictObj>() {
            Some(dd) => crate::methods::dict_merge(vm, dd, &state)?,
            None => {
                let update = vm.getattr(&d, "update")?;
                vm.call(&update, &[state])?;
            }
        }
    }
    if !matches!(slotstate, Value::None) {
        let items = vm.getattr(&slotstate, "items")?;
        let pairs = vm.call(&items, &[])?;
        for pair in ops::collect(vm, &pairs)? {
            let kv = ops::seq_items(&pair);
            if let [k, v] = kv.as_slice() {
                let name = crate::builtins::attr_name(k)?;
                vm.setattr(y, name, v.clone())?;
            }
        }
    }
    Ok(())
}
