//! `collections`: `deque` (a native type, `collections/deque.rs`),
//! `defaultdict`, `Counter`, `OrderedDict`, `ChainMap` and
//! `namedtuple`, after CPython 3.11's `Modules/_collectionsmodule.c`,
//! `Objects/odictobject.c` and `Lib/collections/__init__.py`.
//!
//! `defaultdict`, `Counter`, `OrderedDict` and `ChainMap` are Python
//! classes (`classes::new_class`) whose methods are Rust
//! ([`NativeMethod`]); the first three derive from `dict`, so their
//! instances are dicts (`crate::subclass`) and programs derive from them
//! in turn. A `namedtuple` is a class deriving from `tuple` made the
//! same way, its fields read through [`TupleGetter`] descriptors.
//!
//! Differences from CPython: a `defaultdict` subclass's `__dict__` shows
//! `default_factory` (kept where `__slots__` values are: see
//! `crate::subclass`); an `OrderedDict` keeps its order in the dict itself
//! (`move_to_end(last=False)` rebuilds it), so iterating one sees changes
//! as iterating a dict does (`move_to_end` while iterating is not
//! CPython's `OrderedDict mutated during iteration`), and its views are
//! dict views named `odict_keys`, `odict_values` and `odict_items`;
//! `defaultdict.default_factory` is `<member 'default_factory' of
//! 'defaultdict' objects>`; `Counter.elements()` returns a list
//! iterator; `ChainMap`'s views are lists and it is not registered with the
//! (absent) `collections.abc`; `namedtuple`'s `__new__` is one native
//! function for every class (`P.__new__.__qualname__` is not `P.__new__`).

pub mod deque;

use super::{NativeMethod, Sig, Style, parse};
use crate::object::class::{MethodWrapper, class_data, mro_of};
use crate::object::types::{self, Kind, native_type};
use crate::object::{
    Args, DictKey, DictObj, NativeFn, ObjRef, PyErr, PyResult, StaticType, TupleObj, Value,
};
use crate::ops;
use crate::vm::Vm;

/// Fills the `collections` module.
pub fn fill(d: &DictObj) -> PyResult<()> {
    // A package, so that `import collections.abc` finds its submodule
    // (`stdlib/py/collections_abc.py`, which Typhon carries).
    d.set_str("__path__", Value::list(Vec::new()));
    // `collections.abc` without importing it, as in CPython, where the
    // interpreter's start-up has imported it.
    d.set_str(
        "__getattr__",
        Value::Obj(crate::object::Builtin::new_obj(
            "__getattr__",
            module_getattr,
            None,
        )),
    );
    d.set_str("deque", Value::from_type(&deque::DEQUE));
    let dict = || ObjRef::from_static(&types::DICT);
    let defaultdict = make_class(
        "defaultdict",
        dict(),
        &[
            ("__init__", "defaultdict.__init__", dd_init),
            ("__missing__", "defaultdict.__missing__", dd_missing),
            ("__repr__", "defaultdict.__repr__", dd_repr),
            ("copy", "defaultdict.copy", dd_copy),
            ("__copy__", "defaultdict.__copy__", dd_copy),
            ("__reduce__", "defaultdict.__reduce__", dd_reduce),
            ("__or__", "defaultdict.__or__", dd_or),
            ("__ror__", "defaultdict.__ror__", dd_ror),
        ],
        &[],
        Some(&[Value::str("default_factory")]),
    )?;
    d.set_str("defaultdict", Value::Obj(defaultdict));
    let counter = make_class(
        "Counter",
        dict(),
        &[
            ("__init__", "Counter.__init__", c_init),
            ("__missing__", "Counter.__missing__", c_missing),
            ("total", "Counter.total", c_total),
            ("most_common", "Counter.most_common", c_most_common),
            ("elements", "Counter.elements", c_elements),
            ("update", "Counter.update", c_update),
            ("subtract", "Counter.subtract", c_subtract),
            ("copy", "Counter.copy", c_copy),
            ("__reduce__", "Counter.__reduce__", c_reduce),
            ("__delitem__", "Counter.__delitem__", c_delitem),
            ("__repr__", "Counter.__repr__", c_repr),
            ("__eq__", "Counter.__eq__", c_eq),
            ("__ne__", "Counter.__ne__", c_ne),
            ("__le__", "Counter.__le__", c_le),
            ("__lt__", "Counter.__lt__", c_lt),
            ("__ge__", "Counter.__ge__", c_ge),
            ("__gt__", "Counter.__gt__", c_gt),
            ("__add__", "Counter.__add__", c_add),
            ("__sub__", "Counter.__sub__", c_sub),
            ("__or__", "Counter.__or__", c_or),
            ("__and__", "Counter.__and__", c_and),
            ("__pos__", "Counter.__pos__", c_pos),
            ("__neg__", "Counter.__neg__", c_neg),
            ("__iadd__", "Counter.__iadd__", c_iadd),
            ("__isub__", "Counter.__isub__", c_isub),
            ("__ior__", "Counter.__ior__", c_ior),
            ("__iand__", "Counter.__iand__", c_iand),
            ("_keep_positive", "Counter._keep_positive", c_keep_positive),
        ],
        &[(
            "fromkeys",
            Value::Obj(MethodWrapper::new_obj(
                NativeMethod::new_value("Counter.fromkeys", c_fromkeys),
                true,
            )),
        )],
        None,
    )?;
    d.set_str("Counter", Value::Obj(counter));
    let odict = make_class(
        "OrderedDict",
        dict(),
        &[
            ("__init__", "OrderedDict.__init__", od_init),
            ("move_to_end", "OrderedDict.move_to_end", od_move_to_end),
            ("popitem", "OrderedDict.popitem", od_popitem),
            ("__repr__", "OrderedDict.__repr__", od_repr),
            ("__eq__", "OrderedDict.__eq__", od_eq),
            ("__ne__", "OrderedDict.__ne__", od_ne),
            ("copy", "OrderedDict.copy", od_copy),
            ("__reduce__", "OrderedDict.__reduce__", od_reduce),
            ("__reversed__", "OrderedDict.__reversed__", od_reversed),
            ("__or__", "OrderedDict.__or__", od_or),
            ("__ror__", "OrderedDict.__ror__", od_ror),
            ("__ior__", "OrderedDict.__ior__", od_ior),
            ("keys", "OrderedDict.keys", od_keys),
            ("values", "OrderedDict.values", od_values),
            ("items", "OrderedDict.items", od_items),
        ],
        &[],
        None,
    )?;
    d.set_str("OrderedDict", Value::Obj(odict));
    let chainmap = make_class(
        "ChainMap",
        ObjRef::from_static(&types::OBJECT),
        &[
            ("__init__", "ChainMap.__init__", cm_init),
            ("__getitem__", "ChainMap.__getitem__", cm_getitem),
            ("__missing__", "ChainMap.__missing__", cm_missing),
            ("get", "ChainMap.get", cm_get),
            ("__len__", "ChainMap.__len__", cm_len),
            ("__iter__", "ChainMap.__iter__", cm_iter),
            ("__contains__", "ChainMap.__contains__", cm_contains),
            ("__bool__", "ChainMap.__bool__", cm_bool),
            ("__repr__", "ChainMap.__repr__", cm_repr),
            ("copy", "ChainMap.copy", cm_copy),
            ("__copy__", "ChainMap.__copy__", cm_copy),
            ("new_child", "ChainMap.new_child", cm_new_child),
            ("__setitem__", "ChainMap.__setitem__", cm_setitem),
            ("__delitem__", "ChainMap.__delitem__", cm_delitem),
            ("popitem", "ChainMap.popitem", cm_popitem),
            ("pop", "ChainMap.pop", cm_pop),
            ("clear", "ChainMap.clear", cm_clear),
            ("keys", "ChainMap.keys", cm_keys),
            ("values", "ChainMap.values", cm_values),
            ("items", "ChainMap.items", cm_items),
            ("__eq__", "ChainMap.__eq__", cm_eq),
        ],
        &[(
            "parents",
            Value::Obj(crate::object::class::PropertyObj::new_obj(
                NativeMethod::new_value("ChainMap.parents", cm_parents),
                Value::None,
                Value::None,
                Value::None,
            )),
        )],
        None,
    )?;
    d.set_str("ChainMap", Value::Obj(chainmap));
    d.set_str(
        "namedtuple",
        Value::Obj(crate::object::Builtin::new_obj(
            "namedtuple",
            namedtuple,
            None,
        )),
    );
    Ok(())
}

/// A class of the module deriving from `base`: `methods` are `(name,
/// qualname, function)`, `attrs` plain class attributes, `slots` its
/// `__slots__`.
fn make_class(
    name: &str,
    base: ObjRef,
    methods: &[(&str, &'static str, NativeFn)],
    attrs: &[(&str, Value)],
    slots: Option<&[Value]>,
) -> PyResult<ObjRef> {
    let ns = DictObj::new_obj();
    if let Some(d) = ns.downcast::<DictObj>() {
        d.set_str("__module__", Value::str("collections"));
        for (n, q, f) in methods {
            d.set_str(n, NativeMethod::new_value(q, *f));
        }
        for (n, v) in attrs {
            d.set_str(n, v.clone());
        }
    }
    crate::classes::new_class_with(name, vec![base], ns, slots)
}

fn sig(name: &'static str, params: &'static [&'static str], required: usize) -> Sig {
    Sig {
        name,
        params,
        posonly: 0,
        required,
        kwonly: &[],
        style: Style::Py,
    }
}

fn not_implemented() -> Value {
    Value::Obj(ObjRef::from_static_object(
        &crate::object::value::NOT_IMPLEMENTED,
    ))
}

/// The receiver (`self`) of a method.
fn me<'a>(args: &Args<'a>, name: &str) -> PyResult<&'a Value> {
    args.pos.first().ok_or_else(|| {
        PyErr::type_error(format!(
            "{name}() missing 1 required positional argument: 'self'"
        ))
    })
}

/// The dict payload of a method's receiver.
fn dict_of<'a>(v: &'a Value, name: &str) -> PyResult<&'a DictObj> {
    v.downcast::<DictObj>().ok_or_else(|| {
        PyErr::type_error(format!(
            "descriptor '{name}' requires a 'dict' object but received a '{}'",
            v.type_name()
        ))
    })
}

/// The class of `v`, as a value.
fn class_of(v: &Value) -> Value {
    crate::builtins::type_value_of(v)
}

/// The name of `v`'s class (CPython's `_PyType_Name`, or Python's
/// `self.__class__.__name__`).
fn class_name(v: &Value) -> String {
    match v.as_obj() {
        Some(o) => crate::object::class::type_short_name(&o.type_ref()),
        None => v.type_name().to_owned(),
    }
}

/// `iter(x.items())`, through the object's `items`.
fn items_iter(vm: &mut Vm, x: &Value) -> PyResult<Value> {
    let f = vm.getattr(x, "items")?;
    let items = vm.call(&f, &[])?;
    ops::get_iter(vm, &items)
}

/// The `(key, value)` pairs of `x.items()`.
fn items_of(vm: &mut Vm, x: &Value) -> PyResult<Vec<(Value, Value)>> {
    if x.is_type_exact(&types::DICT)
        && let Some(d) = x.downcast::<DictObj>()
    {
        return Ok(d.items());
    }
    let it = items_iter(vm, x)?;
    let mut out = Vec::new();
    while let Some(pair) = ops::iter_next(vm, &it)? {
        match ops::collect(vm, &pair)?.as_slice() {
            [k, v] => out.push((k.clone(), v.clone())),
            _ => return Err(PyErr::value_error("too many values to unpack (expected 2)")),
        }
    }
    Ok(out)
}

// ----- defaultdict ------------------------------------------------------------------

/// The `default_factory` of a defaultdict (None when unset).
fn factory_of(v: &Value) -> Value {
    v.as_obj()
        .and_then(crate::subclass::slot_storage)
        .and_then(|d| {
            d.downcast::<DictObj>()
                .and_then(|d| d.get_str("default_factory"))
        })
        .unwrap_or(Value::None)
}

/// `defaultdict(default_factory=None, /, [...])`.
fn dd_init(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "__init__")?.clone();
    let (factory, rest) = match args.pos.get(1..) {
        Some([f, rest @ ..]) => (f.clone(), rest),
        _ => (Value::None, &[][..]),
    };
    if !matches!(factory, Value::None) && !ops::is_callable(&factory) {
        return Err(PyErr::type_error("first argument must be callable or None"));
    }
    if let Some(d) = me.as_obj().and_then(crate::subclass::slot_storage)
        && let Some(d) = d.downcast::<DictObj>()
    {
        d.set_str("default_factory", factory);
    }
    crate::subclass::base_init(
        vm,
        &types::DICT,
        &me,
        Args {
            pos: rest,
            kw: args.kw,
        },
    )?;
    Ok(Value::None)
}

/// `d.__missing__(key)`: `self[key] = default_factory()`, returned.
fn dd_missing(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let [me, key] = args.pos else {
        return Err(PyErr::type_error(format!(
            "__missing__() takes exactly one argument ({} given)",
            args.pos.len().saturating_sub(1)
        )));
    };
    let factory = factory_of(me);
    if matches!(factory, Value::None) {
        return Err(PyErr::key_error(key.clone()));
    }
    let v = vm.call(&factory, &[])?;
    ops::setitem(vm, me, key, v.clone())?;
    Ok(v)
}

/// `repr(d)`: `defaultdict(<factory>, {...})`.
fn dd_repr(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "__repr__")?;
    let factory = factory_of(me);
    let f = match &factory {
        Value::None => "None".to_owned(),
        // A factory whose repr reaches this dict again prints as `...`.
        f if f.is(me) => "...".to_owned(),
        f => ops::repr(vm, f)?,
    };
    let base = ops::builtin_repr(vm, me)?;
    Ok(Value::string(format!("{}({f}, {base})", class_name(me))))
}

/// `d.copy()`: `type(d)(d.default_factory, d)`.
fn dd_copy(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "copy")?;
    vm.call(&class_of(me), &[factory_of(me), me.clone()])
}

/// `d.__reduce__()`: `(type(d), (factory,) or (), None, None,
/// iter(d.items()))`.
fn dd_reduce(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "__reduce__")?;
    let factory = factory_of(me);
    let fargs = match factory {
        Value::None => Value::tuple(Vec::new()),
        f => Value::tuple(vec![f]),
    };
    let it = items_iter(vm, me)?;
    Ok(Value::tuple(vec![
        class_of(me),
        fargs,
        Value::None,
        Value::None,
        it,
    ]))
}

/// `defaultdict | dict` (and reflected): a new defaultdict of the
/// defaultdict's class and factory holding the left operand's items
/// updated with the right's.
fn dd_union(
    vm: &mut Vm,
    dd: &Value,
    left: &Value,
    right: &Value,
    other: &Value,
) -> PyResult<Value> {
    if other.kind() != Kind::DICT {
        return Ok(not_implemented());
    }
    let new = vm.call(&class_of(dd), &[factory_of(dd), left.clone()])?;
    if let Some(d) = new.downcast::<DictObj>() {
        crate::methods::dict_merge(vm, d, right)?;
    }
    Ok(new)
}

fn dd_or(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let [a, b] = args.pos else {
        return Ok(not_implemented());
    };
    dd_union(vm, a, a, b, b)
}

fn dd_ror(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let [a, b] = args.pos else {
        return Ok(not_implemented());
    };
    dd_union(vm, a, b, a, b)
}

// ----- Counter --------------------------------------------------------------------------

/// `Counter(iterable=None, /, **kwds)`.
fn c_init(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "__init__")?;
    if args.pos.len() > 2 {
        return Err(PyErr::type_error(format!(
            "Counter.__init__() takes from 1 to 2 positional arguments but {} were given",
            args.pos.len()
        )));
    }
    let update = vm.getattr(me, "update")?;
    vm.call_with(
        &update,
        Args {
            pos: &args.pos[1..],
            kw: args.kw,
        },
    )?;
    Ok(Value::None)
}

fn c_missing(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    parse(&args, &sig("Counter.__missing__", &["self", "key"], 2))?;
    Ok(Value::Int(0))
}

/// `c.total()`: the sum of the counts.
fn c_total(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    parse(&args, &sig("Counter.total", &["self"], 1))?;
    let me = me(&args, "total")?;
    let values = dict_of(me, "total")?.items();
    let mut total = Value::Int(0);
    for (_, v) in values {
        total = ops::binary_op(vm, crate::bytecode::BinOp::Add, &total, &v)?;
    }
    Ok(total)
}

/// The items of a Counter sorted by count, most common first (stable:
/// equal counts keep their order).
fn sorted_items(vm: &mut Vm, me: &Value) -> PyResult<Vec<Value>> {
    let items = items_of(vm, me)?;
    let keys: Vec<Value> = items.iter().map(|(_, v)| v.clone()).collect();
    let mut pairs: Vec<Value> = items
        .into_iter()
        .map(|(k, v)| Value::tuple(vec![k, v]))
        .collect();
    crate::methods::sort_values(vm, &mut pairs, Some(keys), true)?;
    Ok(pairs)
}

/// `c.most_common(n=None)`.
fn c_most_common(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(&args, &sig("Counter.most_common", &["self", "n"], 1))?;
    let me = me(&args, "most_common")?;
    let mut pairs = sorted_items(vm, me)?;
    match p[1] {
        None | Some(Value::None) => {}
        Some(n) => {
            // `heapq.nlargest(n, ...)`: `n >= len(self)` first, then the
            // slice `[:n]`.
            let size = Value::Int(pairs.len() as i64);
            ops::compare(vm, crate::bytecode::CmpOp::Ge, n, &size)?;
            let n = crate::dunder::as_index(vm, n)?;
            let Some(n) = n.to_bigint() else {
                return Err(PyErr::type_error(
                    "slice indices must be integers or None or have an __index__ method",
                ));
            };
            let n = usize::try_from(n.max(num_bigint::BigInt::from(0))).unwrap_or(usize::MAX);
            pairs.truncate(n);
        }
    }
    Ok(Value::list(pairs))
}

/// `c.elements()`: each key repeated by its count (counts below one
/// leave it out).
fn c_elements(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    parse(&args, &sig("Counter.elements", &["self"], 1))?;
    let me = me(&args, "elements")?;
    let mut out = Vec::new();
    for (k, v) in items_of(vm, me)? {
        let n = match crate::dunder::as_index(vm, &v)?.to_bigint() {
            Some(n) => n,
            None => {
                return Err(PyErr::type_error(format!(
                    "'{}' object cannot be interpreted as an integer",
                    v.type_name()
                )));
            }
        };
        let n = usize::try_from(n).unwrap_or(0);
        if n > 0 && out.len().saturating_add(n) > (1 << 32) {
            return Err(PyErr::no_memory());
        }
        out.extend(std::iter::repeat_n(k, n));
    }
    ops::get_iter(vm, &Value::list(out))
}

/// `self[key]` through the receiver's `__getitem__` (a Counter's
/// `__missing__` gives 0).
fn count_of(vm: &mut Vm, c: &Value, key: &Value) -> PyResult<Value> {
    ops::getitem(vm, c, key)
}

/// `self.get(key, 0)`: a dict's own lookup, no `__missing__`.
fn get0(vm: &mut Vm, c: &Value, key: &Value) -> PyResult<Value> {
    let d = dict_of(c, "get")?;
    let k = DictKey::with_vm(vm, key.clone())?;
    Ok(d.get_vm(vm, &k)?.unwrap_or(Value::Int(0)))
}

/// `Counter.update` (`sign` 1) and `Counter.subtract` (`sign` -1): counts
/// of a mapping are added (subtracted), the items of another iterable
/// counted one each, then the keywords.
fn count_in(vm: &mut Vm, args: Args<'_>, name: &'static str, subtract: bool) -> PyResult<Value> {
    use crate::bytecode::BinOp;
    let me = me(&args, name)?.clone();
    if args.pos.len() > 2 {
        return Err(PyErr::type_error(format!(
            "Counter.{name}() takes from 1 to 2 positional arguments but {} were given",
            args.pos.len()
        )));
    }
    let op = if subtract { BinOp::Sub } else { BinOp::Add };
    if let Some(src) = args.pos.get(1).filter(|v| !matches!(v, Value::None)) {
        if src.kind() == Kind::DICT {
            if !subtract && dict_of(&me, name)?.is_empty() {
                // `super().update(iterable)`: the counts as they are.
                if let Some(d) = me.downcast::<DictObj>() {
                    crate::methods::dict_merge(vm, d, src)?;
                }
            } else {
                for (k, v) in items_of(vm, src)? {
                    let old = get0(vm, &me, &k)?;
                    let new = ops::binary_op(vm, op, &old, &v)?;
                    ops::setitem(vm, &me, &k, new)?;
                }
            }
        } else {
            let it = ops::get_iter(vm, src)?;
            while let Some(k) = ops::iter_next(vm, &it)? {
                let old = get0(vm, &me, &k)?;
                let new = ops::binary_op(vm, op, &old, &Value::Int(1))?;
                ops::setitem(vm, &me, &k, new)?;
            }
        }
    }
    if !args.kw.is_empty() {
        let kw = DictObj::new_obj();
        if let Some(d) = kw.downcast::<DictObj>() {
            for (k, v) in args.kw {
                d.insert(DictKey::from_str_obj(k), v.clone());
            }
        }
        let f = vm.getattr(&me, if subtract { "subtract" } else { "update" })?;
        vm.call(&f, &[Value::Obj(kw)])?;
    }
    Ok(Value::None)
}

fn c_update(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    count_in(vm, args, "update", false)
}

fn c_subtract(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    count_in(vm, args, "subtract", true)
}

/// `c.copy()`: `self.__class__(self)`.
fn c_copy(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "copy")?;
    vm.call(&class_of(me), std::slice::from_ref(me))
}

/// `c.__reduce__()`: `(self.__class__, (dict(self),))`.
fn c_reduce(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "__reduce__")?;
    let d = DictObj::into_obj(dict_of(me, "__reduce__")?.copy());
    Ok(Value::tuple(vec![
        class_of(me),
        Value::tuple(vec![Value::Obj(d)]),
    ]))
}

/// `del c[key]`: no KeyError for a missing key.
fn c_delitem(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let [me, key] = args.pos else {
        return Err(PyErr::type_error(
            "Counter.__delitem__() takes 2 positional arguments",
        ));
    };
    let d = dict_of(me, "__delitem__")?;
    let k = DictKey::with_vm(vm, key.clone())?;
    d.remove_vm(vm, &k)?;
    Ok(Value::None)
}

/// `repr(c)`: `Counter({...})` by count, most common first (in stored
/// order when counts do not order).
fn c_repr(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "__repr__")?;
    let name = class_name(me);
    if dict_of(me, "__repr__")?.is_empty() {
        return Ok(Value::string(format!("{name}()")));
    }
    let d = DictObj::new_obj();
    let pairs = match sorted_items(vm, me) {
        Ok(p) => p,
        Err(e) if e.matches(types::TYPE_ERROR.get()) => items_of(vm, me)?
            .into_iter()
            .map(|(k, v)| Value::tuple(vec![k, v]))
            .collect(),
        Err(e) => return Err(e),
    };
    if let Some(dd) = d.downcast::<DictObj>() {
        crate::methods::dict_merge(vm, dd, &Value::list(pairs))?;
    }
    let r = ops::repr(vm, &Value::Obj(d))?;
    Ok(Value::string(format!("{name}({r})")))
}

/// `Counter.fromkeys` refuses.
fn c_fromkeys(_vm: &mut Vm, _args: Args<'_>) -> PyResult<Value> {
    Err(PyErr::new(
        &types::NOT_IMPLEMENTED_ERROR,
        "Counter.fromkeys() is undefined.  Use Counter(iterable) instead.",
    ))
}

/// Whether `v` is a Counter (an instance of the module's class or of a
/// class deriving from it).
fn is_counter(v: &Value) -> bool {
    v.as_obj()
        .is_some_and(|o| mro_of(&o.type_ref()).iter().any(is_counter_class))
}

/// The two operands of a Counter's binary method, `None` when the other
/// one is not a Counter (then `NotImplemented`).
fn counters<'a>(args: &'a Args<'_>) -> Option<(&'a Value, &'a Value)> {
    match args.pos {
        [a, b] if is_counter(b) => Some((a, b)),
        _ => None,
    }
}

/// A new, empty `Counter` (the module's class, as `Counter()` in
/// `collections/__init__.py`).
fn new_counter(vm: &mut Vm, like: &Value) -> PyResult<Value> {
    let Some(o) = like.as_obj() else {
        return Err(PyErr::type_error("expected a Counter"));
    };
    let cls = mro_of(&o.type_ref())
        .into_iter()
        .find(is_counter_class)
        .ok_or_else(|| PyErr::type_error("expected a Counter"))?;
    vm.call(&Value::Obj(cls), &[])
}

/// Whether `c` is the module's `Counter` (the class whose `most_common`
/// is this module's).
fn is_counter_class(c: &ObjRef) -> bool {
    class_data(c).is_some_and(|cd| {
        cd.dict()
            .and_then(|d| d.get_str("most_common"))
            .and_then(|m| NativeMethod::func_of(&m))
            .is_some_and(|f| std::ptr::fn_addr_eq(f, c_most_common as NativeFn))
    })
}

fn gt_zero(vm: &mut Vm, v: &Value) -> PyResult<bool> {
    ops::less_than(vm, &Value::Int(0), v)
}

fn lt_zero(vm: &mut Vm, v: &Value) -> PyResult<bool> {
    ops::less_than(vm, v, &Value::Int(0))
}

/// `a + b`, `a - b`, `a | b`, `a & b` of Counters: the positive counts of
/// the combination, `a`'s keys first.
fn combine(vm: &mut Vm, args: Args<'_>, which: char) -> PyResult<Value> {
    use crate::bytecode::BinOp;
    let Some((a, b)) = counters(&args) else {
        return Ok(not_implemented());
    };
    let result = new_counter(vm, a)?;
    let a_items = items_of(vm, a)?;
    for (k, count) in &a_items {
        let other = count_of(vm, b, k)?;
        let new = match which {
            '+' => ops::binary_op(vm, BinOp::Add, count, &other)?,
            '-' => ops::binary_op(vm, BinOp::Sub, count, &other)?,
            '|' => {
                if ops::less_than(vm, count, &other)? {
                    other
                } else {
                    count.clone()
                }
            }
            _ => {
                if ops::less_than(vm, count, &other)? {
                    count.clone()
                } else {
                    other
                }
            }
        };
        if gt_zero(vm, &new)? {
            ops::setitem(vm, &result, k, new)?;
        }
    }
    if which == '&' {
        return Ok(result);
    }
    for (k, count) in items_of(vm, b)? {
        if ops::contains(vm, a, &k)? {
            continue;
        }
        if which == '-' {
            if lt_zero(vm, &count)? {
                let neg = ops::binary_op(vm, BinOp::Sub, &Value::Int(0), &count)?;
                ops::setitem(vm, &result, &k, neg)?;
            }
        } else if gt_zero(vm, &count)? {
            ops::setitem(vm, &result, &k, count)?;
        }
    }
    Ok(result)
}

fn c_add(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    combine(vm, args, '+')
}

fn c_sub(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    combine(vm, args, '-')
}

fn c_or(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    combine(vm, args, '|')
}

fn c_and(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    combine(vm, args, '&')
}

/// `+c` and `-c`: the positive counts, or the negated negative ones.
fn sign(vm: &mut Vm, args: Args<'_>, negate: bool) -> PyResult<Value> {
    let me = me(&args, if negate { "__neg__" } else { "__pos__" })?;
    let result = new_counter(vm, me)?;
    for (k, count) in items_of(vm, me)? {
        if negate {
            if lt_zero(vm, &count)? {
                let neg = ops::binary_op(vm, crate::bytecode::BinOp::Sub, &Value::Int(0), &count)?;
                ops::setitem(vm, &result, &k, neg)?;
            }
        } else if gt_zero(vm, &count)? {
            ops::setitem(vm, &result, &k, count)?;
        }
    }
    Ok(result)
}

fn c_pos(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    sign(vm, args, false)
}

fn c_neg(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    sign(vm, args, true)
}

/// Deletes the keys whose counts are not positive (`_keep_positive`).
fn keep_positive(vm: &mut Vm, me: &Value) -> PyResult<Value> {
    let mut drop_keys = Vec::new();
    for (k, count) in items_of(vm, me)? {
        if !gt_zero(vm, &count)? {
            drop_keys.push(k);
        }
    }
    for k in drop_keys {
        ops::delitem(vm, me, &k)?;
    }
    Ok(me.clone())
}

fn c_keep_positive(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "_keep_positive")?;
    keep_positive(vm, me)
}

/// `a += b`, `a -= b`, `a |= b`, `a &= b` in place.
fn combine_in_place(vm: &mut Vm, args: Args<'_>, which: char) -> PyResult<Value> {
    use crate::bytecode::BinOp;
    let [me, other] = args.pos else {
        return Ok(not_implemented());
    };
    match which {
        '+' | '-' | '|' => {
            for (k, count) in items_of(vm, other)? {
                let mine = count_of(vm, me, &k)?;
                let new = match which {
                    '+' => ops::binary_op(vm, BinOp::Add, &mine, &count)?,
                    '-' => ops::binary_op(vm, BinOp::Sub, &mine, &count)?,
                    _ => {
                        if ops::less_than(vm, &mine, &count)? {
                            count
                        } else {
                            continue;
                        }
                    }
                };
                ops::setitem(vm, me, &k, new)?;
            }
        }
        _ => {
            for (k, count) in items_of(vm, me)? {
                let theirs = count_of(vm, other, &k)?;
                if ops::less_than(vm, &theirs, &count)? {
                    ops::setitem(vm, me, &k, theirs)?;
                }
            }
        }
    }
    keep_positive(vm, me)
}

fn c_iadd(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    combine_in_place(vm, args, '+')
}

fn c_isub(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    combine_in_place(vm, args, '-')
}

fn c_ior(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    combine_in_place(vm, args, '|')
}

fn c_iand(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    combine_in_place(vm, args, '&')
}

/// Whether `cmp(a[e], b[e])` holds for every key `e` of either Counter
/// (missing keys count 0).
fn all_counts(vm: &mut Vm, a: &Value, b: &Value, cmp: crate::bytecode::CmpOp) -> PyResult<bool> {
    for c in [a, b] {
        let keys = dict_of(c, "__eq__")?.keys();
        for k in keys {
            let x = count_of(vm, a, &k)?;
            let y = count_of(vm, b, &k)?;
            let r = ops::compare(vm, cmp, &x, &y)?;
            if !ops::truthy(vm, &r)? {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// The rich comparisons of Counters (3.10+): as multisets.
fn c_compare(vm: &mut Vm, args: Args<'_>, op: crate::bytecode::CmpOp) -> PyResult<Value> {
    use crate::bytecode::CmpOp;
    let Some((a, b)) = counters(&args) else {
        return Ok(not_implemented());
    };
    Ok(Value::Bool(match op {
        CmpOp::Eq => all_counts(vm, a, b, CmpOp::Eq)?,
        CmpOp::Ne => !all_counts(vm, a, b, CmpOp::Eq)?,
        CmpOp::Le => all_counts(vm, a, b, CmpOp::Le)?,
        CmpOp::Ge => all_counts(vm, a, b, CmpOp::Ge)?,
        CmpOp::Lt => all_counts(vm, a, b, CmpOp::Le)? && !all_counts(vm, a, b, CmpOp::Eq)?,
        CmpOp::Gt => all_counts(vm, a, b, CmpOp::Ge)? && !all_counts(vm, a, b, CmpOp::Eq)?,
    }))
}

fn c_eq(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    c_compare(vm, args, crate::bytecode::CmpOp::Eq)
}

fn c_ne(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    c_compare(vm, args, crate::bytecode::CmpOp::Ne)
}

fn c_le(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    c_compare(vm, args, crate::bytecode::CmpOp::Le)
}

fn c_lt(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    c_compare(vm, args, crate::bytecode::CmpOp::Lt)
}

fn c_ge(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    c_compare(vm, args, crate::bytecode::CmpOp::Ge)
}

fn c_gt(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    c_compare(vm, args, crate::bytecode::CmpOp::Gt)
}

// ----- OrderedDict ------------------------------------------------------------------------

/// `OrderedDict(other=(), /, **kwds)`.
fn od_init(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "__init__")?.clone();
    if args.pos.len() > 2 {
        return Err(PyErr::type_error(format!(
            "expected at most 1 arguments, got {}",
            args.pos.len() - 1
        )));
    }
    // `MutableMapping.update`: the items stored through `__setitem__`.
    if let Some(src) = args.pos.get(1) {
        let pairs: Vec<(Value, Value)> = if src.kind() == Kind::DICT {
            items_of(vm, src)?
        } else if let Ok(keys) = vm.getattr(src, "keys") {
            let keys = vm.call(&keys, &[])?;
            let mut out = Vec::new();
            for k in ops::collect(vm, &keys)? {
                let v = ops::getitem(vm, src, &k)?;
                out.push((k, v));
            }
            out
        } else {
            let mut out = Vec::new();
            for pair in ops::collect(vm, src)? {
                match ops::collect(vm, &pair)?.as_slice() {
                    [k, v] => out.push((k.clone(), v.clone())),
                    other => {
                        return Err(PyErr::value_error(format!(
                            "{} values to unpack (expected 2)",
                            if other.len() < 2 {
                                "not enough"
                            } else {
                                "too many"
                            }
                        )));
                    }
                }
            }
            out
        };
        for (k, v) in pairs {
            ops::setitem(vm, &me, &k, v)?;
        }
    }
    for (k, v) in args.kw {
        ops::setitem(vm, &me, &Value::Obj(k.clone()), v.clone())?;
    }
    Ok(Value::None)
}

/// `od.move_to_end(key, last=True)`.
fn od_move_to_end(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &Sig {
            name: "move_to_end",
            params: &["self", "key", "last"],
            posonly: 0,
            required: 2,
            kwonly: &[],
            style: Style::C,
        },
    )?;
    let me = me(&args, "move_to_end")?;
    let key = p[1].unwrap_or(&Value::None);
    let last = match p[2] {
        Some(v) => ops::truthy(vm, v)?,
        None => true,
    };
    let d = dict_of(me, "move_to_end")?;
    let k = DictKey::with_vm(vm, key.clone())?;
    let Some(index) = d.find(vm, &k)? else {
        return Err(PyErr::key_error(key.clone()));
    };
    if last {
        d.move_to_end(index);
    } else {
        // The key first, then the others in their order.
        let items = d.items();
        let Some((k0, v0)) = d.entry_at(index) else {
            return Err(PyErr::key_error(key.clone()));
        };
        d.clear();
        let first = DictKey::with_vm(vm, k0.clone())?;
        d.insert_vm(vm, first, v0)?;
        for (k, v) in items {
            if !k.is(&k0) {
                let key = DictKey::with_vm(vm, k)?;
                d.insert_vm(vm, key, v)?;
            }
        }
    }
    Ok(Value::None)
}

/// `od.popitem(last=True)`.
fn od_popitem(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &Sig {
            name: "popitem",
            params: &["self", "last"],
            posonly: 0,
            required: 1,
            kwonly: &[],
            style: Style::C,
        },
    )?;
    let me = me(&args, "popitem")?;
    let last = match p[1] {
        Some(v) => ops::truthy(vm, v)?,
        None => true,
    };
    let d = dict_of(me, "popitem")?;
    if d.is_empty() {
        return Err(PyErr::key_error(Value::str("dictionary is empty")));
    }
    let keys = d.keys();
    let key = if last { keys.last() } else { keys.first() };
    let Some(key) = key.cloned() else {
        return Err(PyErr::key_error(Value::str("dictionary is empty")));
    };
    let k = DictKey::with_vm(vm, key.clone())?;
    let v = d.remove_vm(vm, &k)?.unwrap_or(Value::None);
    Ok(Value::tuple(vec![key, v]))
}

/// `repr(od)`: `OrderedDict([(k, v), ...])` (3.11's form), `...` when
/// the dict is being printed already.
fn od_repr(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "__repr__")?;
    let name = class_name(me);
    let items = items_of(vm, me)?;
    if items.is_empty() {
        return Ok(Value::string(format!("{name}()")));
    }
    let Some(o) = me.as_obj() else {
        return Ok(Value::string(format!("{name}()")));
    };
    if !ops::repr_enter(o) {
        return Ok(Value::str("..."));
    }
    let pairs = Value::list(
        items
            .into_iter()
            .map(|(k, v)| Value::tuple(vec![k, v]))
            .collect(),
    );
    let r = ops::repr(vm, &pairs);
    ops::repr_leave(o);
    Ok(Value::string(format!("{name}({})", r?)))
}

/// Whether `v` is an OrderedDict (of the module's class or one deriving
/// from it).
fn is_odict(v: &Value) -> bool {
    let Some(o) = v.as_obj() else {
        return false;
    };
    mro_of(&o.type_ref()).iter().any(|c| {
        class_data(c).is_some_and(|cd| {
            cd.dict()
                .and_then(|d| d.get_str("move_to_end"))
                .and_then(|m| NativeMethod::func_of(&m))
                .is_some_and(|f| std::ptr::fn_addr_eq(f, od_move_to_end as NativeFn))
        })
    })
}

/// `a == b`: between OrderedDicts the order counts too; with another
/// dict, as dicts.
fn od_equal(vm: &mut Vm, args: &Args<'_>) -> PyResult<Option<bool>> {
    let [a, b] = args.pos else {
        return Ok(None);
    };
    if b.kind() != Kind::DICT {
        return Ok(None);
    }
    let same = ops::builtin_compare(vm, crate::bytecode::CmpOp::Eq, a, b)?;
    if !ops::truthy(vm, &same)? {
        return Ok(Some(false));
    }
    if !is_odict(b) {
        return Ok(Some(true));
    }
    let (p, q) = (dict_of(a, "__eq__")?.keys(), dict_of(b, "__eq__")?.keys());
    for (x, y) in p.iter().zip(q.iter()) {
        if !ops::same_or_eq(vm, x, y)? {
            return Ok(Some(false));
        }
    }
    Ok(Some(true))
}

fn od_eq(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    Ok(od_equal(vm, &args)?.map_or_else(not_implemented, Value::Bool))
}

fn od_ne(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    Ok(od_equal(vm, &args)?.map_or_else(not_implemented, |b| Value::Bool(!b)))
}

/// `od.copy()`: `self.__class__(self)`.
fn od_copy(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "copy")?;
    vm.call(&class_of(me), std::slice::from_ref(me))
}

/// `od.__reduce__()`: `(cls, (), state, None, iter(od.items()))`.
fn od_reduce(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "__reduce__")?;
    let state = match vm.getattr(me, "__dict__") {
        Ok(d) if d.downcast::<DictObj>().is_some_and(|d| !d.is_empty()) => d,
        Ok(_) => Value::None,
        Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => Value::None,
        Err(e) => return Err(e),
    };
    let it = items_iter(vm, me)?;
    Ok(Value::tuple(vec![
        class_of(me),
        Value::tuple(Vec::new()),
        state,
        Value::None,
        it,
    ]))
}

/// `reversed(od)`: the keys, last first.
fn od_reversed(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "__reversed__")?;
    let mut keys = dict_of(me, "__reversed__")?.keys();
    keys.reverse();
    ops::get_iter(vm, &Value::list(keys))
}

/// `od | other` (`reflected`: `other | od`): a new OrderedDict of `od`'s
/// class.
fn od_union(vm: &mut Vm, args: Args<'_>, reflected: bool) -> PyResult<Value> {
    let [me, other] = args.pos else {
        return Ok(not_implemented());
    };
    if other.kind() != Kind::DICT {
        return Ok(not_implemented());
    }
    let (first, second) = if reflected { (other, me) } else { (me, other) };
    let new = vm.call(&class_of(me), std::slice::from_ref(first))?;
    for (k, v) in items_of(vm, second)? {
        ops::setitem(vm, &new, &k, v)?;
    }
    Ok(new)
}

fn od_or(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    od_union(vm, args, false)
}

fn od_ror(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    od_union(vm, args, true)
}

fn od_ior(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let [me, other] = args.pos else {
        return Ok(not_implemented());
    };
    for (k, v) in items_of(vm, other)? {
        ops::setitem(vm, me, &k, v)?;
    }
    Ok(me.clone())
}

/// `odict_keys`: an OrderedDict's keys view (a dict view, named as
/// CPython names it).
pub static ODICT_KEYS: StaticType =
    native_type::<crate::object::IterObj>(c"odict_keys", &types::OBJECT, Kind::DICT_VIEW);
/// `odict_values`.
pub static ODICT_VALUES: StaticType =
    native_type::<crate::object::IterObj>(c"odict_values", &types::OBJECT, Kind::DICT_VIEW);
/// `odict_items`.
pub static ODICT_ITEMS: StaticType =
    native_type::<crate::object::IterObj>(c"odict_items", &types::OBJECT, Kind::DICT_VIEW);

/// A view of `what` (0 keys, 1 values, 2 items) of an OrderedDict.
fn od_view(args: &Args<'_>, name: &str, what: u8) -> PyResult<Value> {
    let me = me(args, name)?;
    if args.pos.len() > 1 || !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "{name}() takes no arguments ({} given)",
            args.pos.len() - 1 + args.kw.len()
        )));
    }
    let Value::Obj(d) = me else {
        return Err(PyErr::type_error("descriptor requires a 'dict' object"));
    };
    dict_of(me, name)?;
    let t = match what {
        0 => &ODICT_KEYS,
        1 => &ODICT_VALUES,
        _ => &ODICT_ITEMS,
    };
    Ok(Value::Obj(crate::object::IterObj::new_obj(
        t,
        crate::object::IterState::View {
            dict: d.clone(),
            what,
        },
    )))
}

fn od_keys(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    od_view(&args, "keys", 0)
}

fn od_values(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    od_view(&args, "values", 1)
}

fn od_items(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    od_view(&args, "items", 2)
}

// ----- ChainMap -----------------------------------------------------------------------

/// `self.maps` (a list).
fn maps_of(vm: &mut Vm, me: &Value) -> PyResult<Vec<Value>> {
    let maps = vm.getattr(me, "maps")?;
    ops::collect(vm, &maps)
}

/// `ChainMap(*maps)`: `self.maps = list(maps) or [{}]`.
fn cm_init(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "__init__")?;
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(
            "ChainMap.__init__() got an unexpected keyword argument",
        ));
    }
    let maps: Vec<Value> = match &args.pos[1..] {
        [] => vec![Value::dict()],
        m => m.to_vec(),
    };
    vm.setattr(me, "maps", Value::list(maps))?;
    Ok(Value::None)
}

/// `cm[key]`: the first mapping that has it, else `__missing__`.
fn cm_getitem(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let [me, key] = args.pos else {
        return Err(PyErr::type_error("__getitem__ expects 1 argument"));
    };
    for m in maps_of(vm, me)? {
        match ops::getitem(vm, &m, key) {
            Ok(v) => return Ok(v),
            Err(e) if e.matches(types::KEY_ERROR.get()) => {}
            Err(e) => return Err(e),
        }
    }
    let f = vm.getattr(me, "__missing__")?;
    vm.call(&f, std::slice::from_ref(key))
}

fn cm_missing(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let [_, key] = args.pos else {
        return Err(PyErr::type_error("__missing__ expects 1 argument"));
    };
    Err(PyErr::key_error(key.clone()))
}

/// `cm.get(key, default=None)`: `self[key] if key in self else default`.
fn cm_get(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(&args, &sig("ChainMap.get", &["self", "key", "default"], 2))?;
    let me = me(&args, "get")?;
    let key = p[1].unwrap_or(&Value::None);
    if ops::contains(vm, me, key)? {
        return ops::getitem(vm, me, key);
    }
    Ok(p[2].cloned().unwrap_or(Value::None))
}

/// The keys of all the mappings, in the order iteration gives them: the
/// last mapping's first, each key once (`dict.fromkeys` of each, merged
/// from the last mapping to the first).
fn cm_keys_list(vm: &mut Vm, me: &Value) -> PyResult<Vec<Value>> {
    let d = DictObj::new_obj();
    let Some(dd) = d.downcast::<DictObj>() else {
        return Ok(Vec::new());
    };
    let mut maps = maps_of(vm, me)?;
    maps.reverse();
    for m in maps {
        for k in ops::collect(vm, &m)? {
            let key = DictKey::with_vm(vm, k)?;
            dd.insert_vm(vm, key, Value::None)?;
        }
    }
    Ok(dd.keys())
}

fn cm_len(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "__len__")?;
    Ok(Value::Int(cm_keys_list(vm, me)?.len() as i64))
}

fn cm_iter(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "__iter__")?;
    let keys = cm_keys_list(vm, me)?;
    ops::get_iter(vm, &Value::list(keys))
}

fn cm_contains(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let [me, key] = args.pos else {
        return Err(PyErr::type_error("__contains__ expects 1 argument"));
    };
    for m in maps_of(vm, me)? {
        if ops::contains(vm, &m, key)? {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

fn cm_bool(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "__bool__")?;
    for m in maps_of(vm, me)? {
        if ops::truthy(vm, &m)? {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

/// `repr(cm)`: `ChainMap({...}, {...})`.
fn cm_repr(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "__repr__")?;
    let Some(o) = me.as_obj() else {
        return Ok(Value::str("..."));
    };
    if !ops::repr_enter(o) {
        return Ok(Value::str("..."));
    }
    let r = (|| {
        let mut parts = Vec::new();
        for m in maps_of(vm, me)? {
            parts.push(ops::repr(vm, &m)?);
        }
        Ok(parts.join(", "))
    })();
    ops::repr_leave(o);
    Ok(Value::string(format!("{}({})", class_name(me), r?)))
}

/// `cm.copy()`: `self.__class__(self.maps[0].copy(), *self.maps[1:])`.
fn cm_copy(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "copy")?;
    let maps = maps_of(vm, me)?;
    let mut new_maps = Vec::with_capacity(maps.len());
    if let Some((first, rest)) = maps.split_first() {
        let copy = vm.getattr(first, "copy")?;
        new_maps.push(vm.call(&copy, &[])?);
        new_maps.extend(rest.iter().cloned());
    }
    vm.call(&class_of(me), &new_maps)
}

/// `cm.new_child(m=None, **kwargs)`.
fn cm_new_child(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "new_child")?;
    if args.pos.len() > 2 {
        return Err(PyErr::type_error(format!(
            "ChainMap.new_child() takes from 1 to 2 positional arguments but {} were given",
            args.pos.len()
        )));
    }
    let m = match args.pos.get(1).or(args.kw("m")) {
        None | Some(Value::None) => Value::dict(),
        Some(m) => m.clone(),
    };
    for (k, v) in args.kw {
        if k.downcast::<crate::object::StrObj>()
            .is_some_and(|s| s.as_str() == "m")
        {
            continue;
        }
        ops::setitem(vm, &m, &Value::Obj(k.clone()), v.clone())?;
    }
    let mut maps = vec![m];
    maps.extend(maps_of(vm, me)?);
    vm.call(&class_of(me), &maps)
}

/// `cm.parents`: a ChainMap of the mappings after the first.
fn cm_parents(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "parents")?;
    let maps = maps_of(vm, me)?;
    vm.call(&class_of(me), maps.get(1..).unwrap_or(&[]))
}

/// The first mapping (where writes go).
fn first_map(vm: &mut Vm, me: &Value) -> PyResult<Value> {
    maps_of(vm, me)?
        .into_iter()
        .next()
        .ok_or_else(|| PyErr::index_error("list index out of range"))
}

fn cm_setitem(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let [me, key, value] = args.pos else {
        return Err(PyErr::type_error("__setitem__ expects 2 arguments"));
    };
    let m = first_map(vm, me)?;
    ops::setitem(vm, &m, key, value.clone())?;
    Ok(Value::None)
}

fn first_map_error(vm: &mut Vm, key: &Value) -> PyResult<PyErr> {
    Ok(PyErr::key_error(Value::string(format!(
        "Key not found in the first mapping: {}",
        ops::repr(vm, key)?
    ))))
}

fn cm_delitem(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let [me, key] = args.pos else {
        return Err(PyErr::type_error("__delitem__ expects 1 argument"));
    };
    let m = first_map(vm, me)?;
    match ops::delitem(vm, &m, key) {
        Ok(()) => Ok(Value::None),
        Err(e) if e.matches(types::KEY_ERROR.get()) => Err(first_map_error(vm, key)?),
        Err(e) => Err(e),
    }
}

fn cm_popitem(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "popitem")?;
    let m = first_map(vm, me)?;
    let f = vm.getattr(&m, "popitem")?;
    match vm.call(&f, &[]) {
        Err(e) if e.matches(types::KEY_ERROR.get()) => Err(PyErr::key_error(Value::str(
            "No keys found in the first mapping.",
        ))),
        r => r,
    }
}

fn cm_pop(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "pop")?;
    let Some(key) = args.pos.get(1) else {
        return Err(PyErr::type_error(
            "ChainMap.pop() missing 1 required positional argument: 'key'",
        ));
    };
    let m = first_map(vm, me)?;
    let f = vm.getattr(&m, "pop")?;
    match vm.call(&f, &args.pos[1..]) {
        Err(e) if e.matches(types::KEY_ERROR.get()) => Err(first_map_error(vm, key)?),
        r => r,
    }
}

fn cm_clear(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "clear")?;
    let m = first_map(vm, me)?;
    let f = vm.getattr(&m, "clear")?;
    vm.call(&f, &[])
}

fn cm_keys(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "keys")?;
    Ok(Value::list(cm_keys_list(vm, me)?))
}

fn cm_values(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "values")?;
    let mut out = Vec::new();
    for k in cm_keys_list(vm, me)? {
        out.push(ops::getitem(vm, me, &k)?);
    }
    Ok(Value::list(out))
}

fn cm_items(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "items")?;
    let mut out = Vec::new();
    for k in cm_keys_list(vm, me)? {
        let v = ops::getitem(vm, me, &k)?;
        out.push(Value::tuple(vec![k, v]));
    }
    Ok(Value::list(out))
}

/// `cm == other` (`Mapping.__eq__`): `dict(self.items()) ==
/// dict(other.items())` for a mapping.
fn cm_eq(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let [me, other] = args.pos else {
        return Ok(not_implemented());
    };
    if other.kind() != Kind::DICT && vm.getattr(other, "maps").is_err() {
        return Ok(not_implemented());
    }
    let a = DictObj::new_obj();
    let b = DictObj::new_obj();
    for (d, src) in [(&a, me), (&b, other)] {
        let items = vm.getattr(src, "items")?;
        let items = vm.call(&items, &[])?;
        if let Some(dd) = d.downcast::<DictObj>() {
            crate::methods::dict_merge(vm, dd, &items)?;
        }
    }
    Ok(Value::Bool(ops::eq(vm, &Value::Obj(a), &Value::Obj(b))?))
}

// ----- namedtuple ---------------------------------------------------------------------

/// The reading of a namedtuple's field: `P.x`, a data descriptor that
/// gives item `index` of an instance (CPython's `_tuplegetter`).
pub struct TupleGetter {
    index: usize,
    doc: Value,
}

/// `_collections._tuplegetter`.
pub static TUPLEGETTER: StaticType =
    native_type::<TupleGetter>(c"_collections._tuplegetter", &types::OBJECT, Kind::STDLIB);

/// `descr.__get__(obj)` of a [`TupleGetter`] (`None`: not one).
pub fn getter_get(descr: &Value, obj: Option<&Value>) -> Option<PyResult<Value>> {
    let g = descr.downcast::<TupleGetter>()?;
    let Some(obj) = obj else {
        return Some(Ok(descr.clone()));
    };
    Some(match obj.downcast::<TupleObj>() {
        Some(t) => t
            .items
            .get(g.index)
            .cloned()
            .ok_or_else(|| PyErr::index_error("tuple index out of range")),
        None => Err(PyErr::type_error(format!(
            "descriptor for index '{}' for tuple subclasses doesn't apply to '{}' object",
            g.index,
            obj.type_name()
        ))),
    })
}

/// Whether `descr` is a [`TupleGetter`] (a data descriptor).
pub fn is_getter(descr: &Value) -> bool {
    descr.as_obj().is_some_and(|o| o.is_type(&TUPLEGETTER))
}

/// `obj.field = value` (or `del`) through a [`TupleGetter`]: refused.
pub fn getter_set(value: &Option<Value>) -> PyErr {
    PyErr::attribute_error(if value.is_some() {
        "can't set attribute"
    } else {
        "can't delete attribute"
    })
}

/// `repr`, `__doc__` of a [`TupleGetter`].
pub fn getter_repr(vm: &mut Vm, o: &ObjRef) -> Option<PyResult<String>> {
    let g = o.downcast::<TupleGetter>()?;
    Some(ops::repr(vm, &g.doc).map(|d| format!("_tuplegetter({}, {d})", g.index)))
}

/// The attributes of a [`TupleGetter`].
pub fn getter_getattr(o: &ObjRef, name: &str) -> Option<Value> {
    let g = o.downcast::<TupleGetter>()?;
    (name == "__doc__").then(|| g.doc.clone())
}

/// The references a [`TupleGetter`] holds.
pub fn getter_traverse(o: &ObjRef, f: &mut dyn FnMut(&ObjRef)) -> bool {
    let Some(g) = o.downcast::<TupleGetter>() else {
        return false;
    };
    if let Value::Obj(d) = &g.doc {
        f(d);
    }
    true
}

/// Python's keywords (`keyword.kwlist`).
const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// `namedtuple(typename, field_names, *, rename=False, defaults=None,
/// module=None)`: the module defaults to the caller's, which the
/// evaluation loop supplies (`introspect::with_globals`).
fn namedtuple(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &Sig {
            name: "namedtuple",
            params: &["typename", "field_names"],
            posonly: 0,
            required: 2,
            kwonly: &["rename", "defaults", "module"],
            style: Style::Py,
        },
    )?;
    if p[4].is_some_and(|m| !matches!(m, Value::None)) {
        return make_namedtuple(vm, &p, None);
    }
    Err(crate::introspect::with_globals(namedtuple_in, args))
}

/// [`namedtuple`] called again with the caller's globals first.
fn namedtuple_in(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let Some((globals, rest)) = args.pos.split_first() else {
        return Err(PyErr::type_error("namedtuple: no globals"));
    };
    let rest = Args {
        pos: rest,
        kw: args.kw,
    };
    let p = parse(
        &rest,
        &Sig {
            name: "namedtuple",
            params: &["typename", "field_names"],
            posonly: 0,
            required: 2,
            kwonly: &["rename", "defaults", "module"],
            style: Style::Py,
        },
    )?;
    let module = globals
        .downcast::<DictObj>()
        .and_then(|d| d.get_str("__name__"))
        .unwrap_or_else(|| Value::str("__main__"));
    make_namedtuple(vm, &p, Some(module))
}

fn make_namedtuple(
    vm: &mut Vm,
    p: &[Option<&Value>],
    caller_module: Option<Value>,
) -> PyResult<Value> {
    let typename_v = p[0].unwrap_or(&Value::None);
    let field_names = p[1].unwrap_or(&Value::None);
    let rename = match p[2] {
        Some(v) => ops::truthy(vm, v)?,
        None => false,
    };
    // `field_names.replace(',', ' ').split()` for a str, else
    // `list(map(str, field_names))`.
    let mut fields: Vec<Value> = match field_names.as_str() {
        Some(s) => s
            .replace(',', " ")
            .split_whitespace()
            .map(Value::str)
            .collect(),
        None => {
            let mut out = Vec::new();
            for f in ops::collect(vm, field_names)? {
                out.push(ops::to_str_value(vm, &f)?);
            }
            out
        }
    };
    let typename = ops::to_str_value(vm, typename_v)?;
    let is_keyword = |s: &str| KEYWORDS.contains(&s);
    if rename {
        let mut seen: Vec<String> = Vec::new();
        for (i, f) in fields.iter_mut().enumerate() {
            let name = f.as_str().unwrap_or("").to_owned();
            if !crate::unicode::is_identifier(&name)
                || is_keyword(&name)
                || name.starts_with('_')
                || seen.contains(&name)
            {
                *f = Value::string(format!("_{i}"));
            }
            seen.push(name);
        }
    }
    for name in std::iter::once(&typename).chain(fields.iter()) {
        let Some(s) = name.as_str() else {
            return Err(PyErr::type_error(
                "Type names and field names must be strings",
            ));
        };
        if !crate::unicode::is_identifier(s) {
            return Err(PyErr::value_error(format!(
                "Type names and field names must be valid identifiers: {}",
                ops::repr(vm, name)?
            )));
        }
        if is_keyword(s) {
            return Err(PyErr::value_error(format!(
                "Type names and field names cannot be a keyword: {}",
                ops::repr(vm, name)?
            )));
        }
    }
    let mut seen: Vec<&str> = Vec::new();
    for name in &fields {
        let s = name.as_str().unwrap_or("");
        if s.starts_with('_') && !rename {
            return Err(PyErr::value_error(format!(
                "Field names cannot start with an underscore: {}",
                ops::repr(vm, name)?
            )));
        }
        if seen.contains(&s) {
            return Err(PyErr::value_error(format!(
                "Encountered duplicate field name: {}",
                ops::repr(vm, name)?
            )));
        }
        seen.push(s);
    }
    let defaults = match p[3] {
        None | Some(Value::None) => None,
        Some(d) => Some(ops::collect(vm, d)?),
    };
    if defaults.as_ref().is_some_and(|d| d.len() > fields.len()) {
        return Err(PyErr::type_error(
            "Got more default values than field names",
        ));
    }
    let field_defaults = DictObj::new_obj();
    if let (Some(fd), Some(defs)) = (field_defaults.downcast::<DictObj>(), &defaults) {
        let skip = fields.len() - defs.len();
        for (name, v) in fields.iter().skip(skip).zip(defs.iter()) {
            let key = DictKey::with_vm(vm, name.clone())?;
            fd.insert_vm(vm, key, v.clone())?;
        }
    }
    let tname = typename.as_str().unwrap_or("").to_owned();
    let arg_list = fields
        .iter()
        .map(|f| f.as_str().unwrap_or("").to_owned())
        .collect::<Vec<_>>()
        .join(", ");
    let module = match p[4] {
        Some(m) if !matches!(m, Value::None) => m.clone(),
        _ => caller_module.unwrap_or_else(|| Value::str("__main__")),
    };
    let fields_tuple = Value::tuple(fields.clone());
    let ns = DictObj::new_obj();
    if let Some(d) = ns.downcast::<DictObj>() {
        d.set_str("__module__", module);
        d.set_str("__doc__", Value::string(format!("{tname}({arg_list})")));
        d.set_str("__slots__", Value::tuple(Vec::new()));
        d.set_str("_fields", fields_tuple.clone());
        d.set_str("_field_defaults", Value::Obj(field_defaults));
        d.set_str("__match_args__", fields_tuple);
        d.set_str(
            "__new__",
            NativeMethod::new_value("namedtuple.__new__", nt_new),
        );
        d.set_str(
            "_make",
            Value::Obj(MethodWrapper::new_obj(
                NativeMethod::new_value("namedtuple._make", nt_make),
                true,
            )),
        );
        d.set_str(
            "_replace",
            NativeMethod::new_value("namedtuple._replace", nt_replace),
        );
        d.set_str(
            "__repr__",
            NativeMethod::new_value("namedtuple.__repr__", nt_repr),
        );
        d.set_str(
            "_asdict",
            NativeMethod::new_value("namedtuple._asdict", nt_asdict),
        );
        d.set_str(
            "__getnewargs__",
            NativeMethod::new_value("namedtuple.__getnewargs__", nt_getnewargs),
        );
        for (i, f) in fields.iter().enumerate() {
            let g = ObjRef::new(
                TUPLEGETTER.get(),
                TupleGetter {
                    index: i,
                    doc: Value::string(format!("Alias for field number {i}")),
                },
            );
            d.set_str(f.as_str().unwrap_or(""), Value::Obj(g));
        }
    }
    let cls = crate::classes::new_class_with(
        &tname,
        vec![ObjRef::from_static(&types::TUPLE)],
        ns,
        Some(&[]),
    )?;
    Ok(Value::Obj(cls))
}

/// The namedtuple class `cls` derives from (the one `namedtuple` made:
/// it holds `_field_defaults`), with its fields and their defaults.
fn nt_class(cls: &ObjRef) -> Option<(String, Vec<Value>, ObjRef)> {
    mro_of(cls).into_iter().find_map(|c| {
        let cd = class_data(&c)?;
        let d = cd.dict()?;
        let defaults = d.get_str("_field_defaults")?;
        let fields = d.get_str("_fields")?;
        Some((
            cd.name.borrow().clone(),
            ops::seq_items(&fields),
            defaults.as_obj()?.clone(),
        ))
    })
}

/// `P.__new__(_cls, x, y, ...)`: binds the arguments as the generated
/// Python function does (its messages name `P.__new__`).
fn nt_new(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let Some((cls_v, pos)) = args.pos.split_first() else {
        return Err(PyErr::type_error(
            "__new__() missing 1 required positional argument: '_cls'",
        ));
    };
    let Some(cls) = cls_v.as_obj().filter(|c| c.as_type().is_some()) else {
        return Err(PyErr::type_error(format!(
            "tuple.__new__(X): X is not a type object ({})",
            cls_v.type_name()
        )));
    };
    let Some((tname, fields, defaults)) = nt_class(cls) else {
        return Err(PyErr::type_error("not a namedtuple class"));
    };
    let name = format!("{tname}.__new__");
    let defaults = defaults.downcast::<DictObj>();
    let ndefaults = defaults.map_or(0, DictObj::len);
    let n = fields.len();
    if pos.len() > n {
        let max = n + 1;
        let takes = if ndefaults == 0 {
            format!(
                "{max} positional argument{}",
                if max == 1 { "" } else { "s" }
            )
        } else {
            format!("from {} to {max} positional arguments", max - ndefaults)
        };
        let given = pos.len() + 1;
        return Err(PyErr::type_error(format!(
            "{name}() takes {takes} but {given} {} given",
            if given == 1 { "was" } else { "were" }
        )));
    }
    let mut values: Vec<Option<Value>> = pos.iter().cloned().map(Some).collect();
    values.resize(n, None);
    for (k, v) in args.kw {
        let kname = k
            .downcast::<crate::object::StrObj>()
            .map_or("", |s| s.as_str());
        let Some(i) = fields.iter().position(|f| f.as_str() == Some(kname)) else {
            return Err(PyErr::type_error(format!(
                "{name}() got an unexpected keyword argument '{kname}'"
            )));
        };
        if values[i].is_some() {
            return Err(PyErr::type_error(format!(
                "{name}() got multiple values for argument '{kname}'"
            )));
        }
        values[i] = Some(v.clone());
    }
    let mut missing = Vec::new();
    for (i, slot) in values.iter_mut().enumerate() {
        if slot.is_none() {
            let f = fields.get(i).and_then(Value::as_str).unwrap_or("");
            match defaults.and_then(|d| d.get_str(f)) {
                Some(v) => *slot = Some(v),
                None => missing.push(format!("'{f}'")),
            }
        }
    }
    if !missing.is_empty() {
        let list = match missing.as_slice() {
            [a] => a.clone(),
            [a, b] => format!("{a} and {b}"),
            [init @ .., last] => format!("{}, and {last}", init.join(", ")),
            [] => String::new(),
        };
        return Err(PyErr::type_error(format!(
            "{name}() missing {} required positional argument{}: {list}",
            missing.len(),
            if missing.len() == 1 { "" } else { "s" }
        )));
    }
    let items: Vec<Value> = values.into_iter().flatten().collect();
    crate::subclass::instance_from(vm, cls, &Value::tuple(items))
}

/// `P._make(iterable)`: a new `P` of exactly its fields' number of items.
fn nt_make(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let [cls_v, iterable] = args.pos else {
        return Err(PyErr::type_error(format!(
            "_make() takes 2 positional arguments but {} were given",
            args.pos.len()
        )));
    };
    let Some(cls) = cls_v.as_obj() else {
        return Err(PyErr::type_error("_make: not a class"));
    };
    let Some((_, fields, _)) = nt_class(cls) else {
        return Err(PyErr::type_error("not a namedtuple class"));
    };
    let items = ops::collect(vm, iterable)?;
    let made = crate::subclass::instance_from(vm, cls, &Value::tuple(items))?;
    let n = made.downcast::<TupleObj>().map_or(0, |t| t.items.len());
    if n != fields.len() {
        return Err(PyErr::type_error(format!(
            "Expected {} arguments, got {n}",
            fields.len()
        )));
    }
    Ok(made)
}

/// `p._replace(**kwds)`.
fn nt_replace(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let [me] = args.pos else {
        return Err(PyErr::type_error(format!(
            "_replace() takes 1 positional argument but {} were given",
            args.pos.len()
        )));
    };
    let Some(o) = me.as_obj() else {
        return Err(PyErr::type_error("_replace: not a namedtuple"));
    };
    let Some((_, fields, _)) = nt_class(&o.type_ref()) else {
        return Err(PyErr::type_error("not a namedtuple class"));
    };
    let mut items = ops::seq_items(me);
    let mut used = vec![false; args.kw.len()];
    for (i, f) in fields.iter().enumerate() {
        if let Some(j) = args.kw.iter().position(|(k, _)| {
            k.downcast::<crate::object::StrObj>().map(|s| s.as_str()) == f.as_str()
        }) {
            if let Some(slot) = items.get_mut(i) {
                *slot = args.kw[j].1.clone();
            }
            used[j] = true;
        }
    }
    let extra: Vec<Value> = args
        .kw
        .iter()
        .zip(used.iter())
        .filter(|(_, u)| !**u)
        .map(|((k, _), _)| Value::Obj(k.clone()))
        .collect();
    let make = vm.getattr(me, "_make")?;
    let made = vm.call(&make, &[Value::list(items)])?;
    if !extra.is_empty() {
        return Err(PyErr::value_error(format!(
            "Got unexpected field names: {}",
            ops::repr(vm, &Value::list(extra))?
        )));
    }
    Ok(made)
}

/// `repr(p)`: `P(x=1, y=2)` (the instance's class name).
fn nt_repr(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "__repr__")?;
    let Some(o) = me.as_obj() else {
        return Err(PyErr::type_error("__repr__: not a namedtuple"));
    };
    let fields = nt_class(&o.type_ref())
        .map(|(_, f, _)| f)
        .unwrap_or_default();
    let items = ops::seq_items(me);
    if items.len() != fields.len() {
        return Err(PyErr::type_error(if items.len() > fields.len() {
            "not all arguments converted during string formatting"
        } else {
            "not enough arguments for format string"
        }));
    }
    let mut parts = Vec::with_capacity(fields.len());
    for (f, v) in fields.iter().zip(items.iter()) {
        parts.push(format!(
            "{}={}",
            f.as_str().unwrap_or(""),
            ops::repr(vm, v)?
        ));
    }
    Ok(Value::string(format!(
        "{}({})",
        class_name(me),
        parts.join(", ")
    )))
}

/// `p._asdict()`: a dict of the fields.
fn nt_asdict(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "_asdict")?;
    let fields = vm.getattr(me, "_fields")?;
    let d = DictObj::new_obj();
    if let Some(dd) = d.downcast::<DictObj>() {
        for (f, v) in ops::collect(vm, &fields)?
            .into_iter()
            .zip(ops::seq_items(me))
        {
            let key = DictKey::with_vm(vm, f)?;
            dd.insert_vm(vm, key, v)?;
        }
    }
    Ok(Value::Obj(d))
}

/// `p.__getnewargs__()`: `tuple(p)`.
fn nt_getnewargs(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = me(&args, "__getnewargs__")?;
    Ok(Value::tuple(ops::seq_items(me)))
}

/// The `collections` module's `__getattr__`: `abc` is the submodule,
/// imported now.
fn module_getattr(vm: &mut Vm, args: crate::object::Args<'_>) -> PyResult<Value> {
    let name = match args.pos {
        [n] => n.as_str().unwrap_or(""),
        _ => "",
    };
    if name != "abc" {
        return Err(crate::object::PyErr::attribute_error(format!(
            "module 'collections' has no attribute '{name}'"
        )));
    }
    vm.import_level(
        &Value::str("collections.abc"),
        None,
        &Value::tuple(vec![Value::str("*")]),
        0,
    )
}
