//! Python classes deriving from built-in types: `class D(dict)`,
//! `class P(tuple)`, `class S(str)`… (`int`, `float`, `str`, `bytes`,
//! `tuple`, `list`, `dict`, `set`, `frozenset`; `bool`, `range`, `slice`,
//! functions and the other types CPython refuses as bases are refused
//! with its `TypeError`, `complex`, `type` and the rest with a
//! `NotImplementedError`).
//!
//! **Layout.** An instance of such a class carries the payload of its
//! built-in base (`DictObj`, `TupleObj`, …), where an instance of the base
//! has it, followed by one word for its `__dict__`
//! (`abi::new_heap_type_with_dict`; a class whose `__slots__` is empty has
//! no such word): `downcast::<DictObj>()` finds the payload, so every
//! built-in operation, method and C API function works on the instance
//! unchanged. An `int` subclass's payload is always `IntObj::Big` (also
//! for small values), so `Value::as_bigint` reads it; a `float`
//! subclass's is its `f64`.
//!
//! **Kind.** The class's type object has its base's [`Kind`] (`DICT`,
//! `LIST`…): the generic paths (`ops`, `methods`, `builtins`, the
//! modules) dispatch on the kind and so treat the instance as the base
//! does. What makes it a Python object is the heap type: `ops` asks a
//! heap type's dunders first (`dunder::is_py`), and where a class defines
//! none, the built-in behaviour follows. The exact-type fast paths, which
//! must not run for a class that overrides the behaviour, check the type
//! itself, not the kind: the quickened forms (`quicken.rs` specializes only
//! for an exact type, and each form's guard compares the type pointer or
//! refuses heap types), the inline caches of LOAD_METHOD_TYPE, the JIT's
//! type guards and feedback classes (`feedback::TypeClass` files a heap
//! type's instances under `Other`), CALL_BUILTIN_LEN, and the unpacking,
//! `str` concatenation and `in`-place `str` append shortcuts. The exact
//! types lose nothing: a type-pointer compare costs what the kind compare
//! did.
//!
//! **Numbers.** An `int` or `float` subclass's instance is a heap object
//! where an exact one is unboxed, so the operators, `hash`, `format`,
//! the conversions (`dunder::number`) and comparisons read it as the plain
//! number ([`number_value`]) once its class's dunders declined.
//!
//! **Special methods of the built-in types.** `dict.__getitem__`,
//! `list.__init__`, `int.__add__`, `tuple.__new__`… exist for these types
//! (reached through the type, through `super()` and through instances):
//! they run the built-in behaviour on the receiver, never the class's own
//! override, so `super().__getitem__(k)` inside an overriding
//! `__getitem__` does not recurse. `dict.__getitem__` calls a subclass's
//! `__missing__` (as `d[k]` does).
//!
//! Differences from CPython: the dunders found by the protocols are the
//! Python classes' along the MRO, so in `class C(dict, Mixin)` a
//! `Mixin.__getitem__` wins over `dict`'s (CPython: `dict`'s); non-empty
//! `__slots__` in a subclass of `list`, `dict`, `set`, `float` or
//! `frozenset` are refused (`NotImplementedError`).

use crate::bytecode::{BinOp, CmpOp};
use crate::classes;
use crate::object::class::{self, lookup, lookup_static};
use crate::object::types::{self, Kind};
use crate::object::{
    Args, Builtin, BytesObj, DictKey, DictObj, IntObj, ListObj, NativeFn, ObjRef, PyErr, PyResult,
    SetObj, StaticType, StrObj, TupleObj, Value,
};
use crate::ops;
use crate::stdlib::collections::deque;
use crate::vm::{Vm, no_attribute};
use abi::TypeObject;

/// The `tp_flags` bits a class inherits from its built-in base (what
/// `PyDict_Check` and friends test).
const SUBCLASS_FLAGS: std::ffi::c_ulong = abi::TPFLAGS_LONG_SUBCLASS
    | abi::TPFLAGS_LIST_SUBCLASS
    | abi::TPFLAGS_TUPLE_SUBCLASS
    | abi::TPFLAGS_BYTES_SUBCLASS
    | abi::TPFLAGS_UNICODE_SUBCLASS
    | abi::TPFLAGS_DICT_SUBCLASS;

/// Whether `kind` is the kind of a built-in type a class may derive from.
#[inline]
pub fn is_base_kind(kind: u32) -> bool {
    matches!(
        kind,
        Kind::INT
            | Kind::FLOAT
            | Kind::STR
            | Kind::BYTES
            | Kind::TUPLE
            | Kind::LIST
            | Kind::DICT
            | Kind::SET
            | Kind::FROZENSET
            | Kind::DEQUE
    )
}

/// Whether `o` is an instance of a Python class deriving from a built-in
/// type.
#[inline]
pub fn is_instance(o: &ObjRef) -> bool {
    o.ty().is_heap_type() && is_base_kind(o.kind())
}

/// [`is_instance`] for a value.
#[inline]
pub fn is_instance_value(v: &Value) -> bool {
    v.as_obj().is_some_and(is_instance)
}

/// The built-in types a class may derive from.
static BASES: [&StaticType; 10] = [
    &types::INT,
    &types::FLOAT,
    &types::STR,
    &types::BYTES,
    &types::TUPLE,
    &types::LIST,
    &types::DICT,
    &types::SET,
    &types::FROZENSET,
    &deque::DEQUE,
];

/// The built-in type `t` is, if a class may derive from it.
fn subclassable(t: &TypeObject) -> Option<&'static StaticType> {
    BASES.iter().copied().find(|s| std::ptr::eq(s.get(), t))
}

/// The built-in type whose layout instances of `t` have: `t` itself if it
/// is one a class may derive from, the built-in base of a class deriving
/// from one, else `None`.
pub fn builtin_base(t: &TypeObject) -> Option<&'static StaticType> {
    if !t.is_heap_type() {
        return subclassable(t);
    }
    if !is_base_kind(t.kind()) {
        return None;
    }
    let mut cur = t.base();
    while let Some(b) = cur {
        if !b.is_heap_type() {
            return subclassable(b);
        }
        cur = b.base();
    }
    None
}

/// [`builtin_base`] of a type held as a value.
pub fn builtin_base_of(t: &ObjRef) -> Option<&'static StaticType> {
    builtin_base(t.as_type()?)
}

/// CPython's refusal of a static type it does not allow as a base
/// (`Py_TPFLAGS_BASETYPE` unset), if `t` is one.
pub fn refused_base(t: &TypeObject) -> Option<PyErr> {
    let not_base: [&StaticType; 22] = [
        &types::BOOL,
        &types::RANGE,
        &types::SLICE,
        &types::NONE_TYPE,
        &types::NOT_IMPLEMENTED_TYPE,
        &types::ELLIPSIS_TYPE,
        &types::FUNCTION,
        &types::BUILTIN,
        &types::METHOD,
        &types::CELL,
        &types::CODE,
        &types::GENERATOR,
        &types::METHOD_DESCRIPTOR,
        &types::MEMBER_DESCRIPTOR,
        &types::DICT_KEYS,
        &types::DICT_VALUES,
        &types::DICT_ITEMS,
        &types::LIST_ITER,
        &types::TUPLE_ITER,
        &types::RANGE_ITER,
        &types::STR_ITER,
        &types::SET_ITER,
    ];
    not_base.iter().any(|s| std::ptr::eq(s.get(), t)).then(|| {
        PyErr::type_error(format!(
            "type '{}' is not an acceptable base type",
            t.name()
        ))
    })
}

/// The heap type of a new class deriving from the built-in type `root`
/// (`spec.base` is the base that brings its layout: `root` or a class
/// deriving from it); instances have a `__dict__` word when `has_dict`.
pub fn new_type(
    spec: abi::HeapTypeSpec<'_>,
    root: &'static StaticType,
    has_dict: bool,
) -> Option<ObjRef> {
    let r = root.get();
    let spec = abi::HeapTypeSpec {
        kind: r.kind(),
        flags: abi::TPFLAGS_HAVE_GC | (r.tp_flags & SUBCLASS_FLAGS),
        ..spec
    };
    macro_rules! make {
        ($t:ty) => {
            if has_dict {
                abi::new_heap_type_with_dict::<$t>(spec)
            } else {
                abi::new_heap_type::<$t>(spec)
            }
        };
    }
    Some(match r.kind() {
        Kind::INT => make!(IntObj),
        Kind::FLOAT => make!(f64),
        Kind::STR => make!(StrObj),
        Kind::BYTES => make!(BytesObj),
        Kind::TUPLE => make!(TupleObj),
        Kind::LIST => make!(ListObj),
        Kind::DICT => make!(DictObj),
        Kind::SET | Kind::FROZENSET => make!(SetObj),
        Kind::DEQUE => make!(deque::DequeObj),
        _ => return None,
    })
}

/// CPython's refusal of non-empty `__slots__` in a class deriving from
/// `root`, one of the variable-size types (`int`, `tuple`, `bytes`).
pub fn check_slots(root: &'static StaticType, own_slots: usize) -> PyResult<()> {
    let r = root.get();
    if own_slots > 0 && matches!(r.kind(), Kind::INT | Kind::TUPLE | Kind::BYTES) {
        return Err(PyErr::type_error(format!(
            "nonempty __slots__ not supported for subtype of '{}'",
            r.name()
        )));
    }
    Ok(())
}

/// The dict that holds the `__slots__` values of `o`, an instance of a
/// class deriving from a built-in type (made on first use).
pub fn slot_storage(o: &ObjRef) -> Option<ObjRef> {
    if !is_instance(o) {
        return None;
    }
    instance_dict(o)
}

/// Whether instances of the class `t` have a `__dict__` (not only the
/// word that holds their slots).
fn has_dict(t: &TypeObject) -> bool {
    t.heap_data::<class::ClassData>()
        .is_some_and(|cd| cd.has_dict)
}

// ----- instances ----------------------------------------------------------------------

/// A new instance of `cls` (a class deriving from a built-in type)
/// holding the value `v`, an instance of its built-in base: `MyStr('a')`
/// from `'a'`.
pub fn instance_from(vm: &mut Vm, cls: &ObjRef, v: &Value) -> PyResult<Value> {
    let bad = || PyErr::type_error("cannot create instances of this class");
    let t = cls.as_type().ok_or_else(bad)?;
    let with_dict = t.tp_dictoffset != 0;
    macro_rules! new_instance {
        ($cls:expr, $body:expr $(,)?) => {
            if with_dict {
                ObjRef::new_instance_with_dict($cls, $body)
            } else {
                ObjRef::new_instance($cls, $body)
            }
        };
    }
    let made = match t.kind() {
        Kind::INT => {
            let b = v.to_bigint().ok_or_else(bad)?;
            new_instance!(cls, IntObj::Big(b))
        }
        Kind::FLOAT => {
            let f = match v {
                Value::Float(f) => *f,
                _ => ops::int_to_f64(v)?,
            };
            new_instance!(cls, f)
        }
        Kind::STR => new_instance!(cls, StrObj::payload(v.as_str().ok_or_else(bad)?)),
        Kind::BYTES => {
            let b = v.downcast::<BytesObj>().ok_or_else(bad)?;
            new_instance!(cls, BytesObj::payload(b.as_bytes()))
        }
        Kind::TUPLE => new_instance!(
            cls,
            TupleObj {
                items: ops::seq_items(v).into_boxed_slice(),
                c_boxes: Default::default(),
            },
        ),
        Kind::LIST => new_instance!(
            cls,
            ListObj {
                items: std::cell::RefCell::new(ops::seq_items(v)),
                c_boxes: Default::default(),
            },
        ),
        Kind::DICT => {
            let d = match v.downcast::<DictObj>() {
                Some(d) => d.copy(),
                None => DictObj::new(),
            };
            new_instance!(cls, d)
        }
        Kind::SET | Kind::FROZENSET => {
            let s = SetObj::new();
            if let Some(src) = crate::sets::payload(v) {
                s.merge(Some(vm), src)?;
            }
            new_instance!(cls, s)
        }
        Kind::DEQUE => new_instance!(cls, deque::DequeObj::new()),
        _ => None,
    };
    let o = made.ok_or_else(bad)?;
    // Every instance of a class is tracked: its `__dict__` (and, for
    // containers, its items) may join cycles.
    abi::gc_track(&o);
    Ok(Value::Obj(o))
}

/// Whether instances of the built-in type `root` are mutable containers
/// (their `__new__` makes an empty one, their `__init__` fills it).
fn is_mutable(root: &'static StaticType) -> bool {
    matches!(
        root.get().kind(),
        Kind::LIST | Kind::DICT | Kind::SET | Kind::DEQUE
    )
}

/// `root.__new__(cls, *args, **kw)` for a built-in type `root`: the
/// built-in constructor when `cls` is `root`, else an instance of `cls`
/// holding what it would make (an empty container for the mutable types,
/// whose `__init__` fills it).
pub fn builtin_new(vm: &mut Vm, root: &'static StaticType, args: Args<'_>) -> PyResult<Value> {
    let name = root.get().name();
    let Some((first, rest)) = args.pos.split_first() else {
        return Err(PyErr::type_error(format!(
            "{name}.__new__(): not enough arguments"
        )));
    };
    let Some(cls) = first.as_obj().filter(|o| o.as_type().is_some()) else {
        return Err(PyErr::type_error(format!(
            "{name}.__new__(X): X is not a type object ({})",
            first.type_name()
        )));
    };
    let t = cls.as_type().ok_or_else(|| PyErr::type_error("bad type"))?;
    if !class::is_subclass(t, root.get()) {
        let sub = class::type_short_name(cls);
        return Err(PyErr::type_error(format!(
            "{name}.__new__({sub}): {sub} is not a subtype of {name}"
        )));
    }
    let rest = Args {
        pos: rest,
        kw: args.kw,
    };
    let root_ref = ObjRef::from_static(root);
    if !t.is_heap_type() {
        return crate::builtins::call_type(vm, &root_ref, rest);
    }
    if builtin_base(t).is_none_or(|b| !std::ptr::eq(b, root)) {
        let sub = class::type_short_name(cls);
        return Err(PyErr::type_error(format!(
            "{name}.__new__({sub}) is not safe, use {sub}.__new__()"
        )));
    }
    let v = if is_mutable(root) {
        Value::None
    } else {
        crate::builtins::call_type(vm, &root_ref, rest)?
    };
    instance_from(vm, cls, &v)
}

/// `cls(*args, **kw)` for a class deriving from the built-in type `root`
/// (CPython's `type.__call__`): its `__new__` (a Python class's, else
/// `root`'s), then, on an instance of `cls`, its `__init__` (a Python
/// class's, else `root`'s: a mutable container is filled from the
/// arguments).
pub fn call_class(
    vm: &mut Vm,
    cls: &ObjRef,
    root: &'static StaticType,
    args: Args<'_>,
) -> PyResult<Value> {
    let Some(t) = cls.as_type() else {
        return Err(PyErr::type_error("cannot create instances of this class"));
    };
    let inst = match lookup_static(t, "__new__") {
        Some(new) => {
            let f = classes::descr_get(vm, new, None, cls)?;
            let made = classes::call_first(vm, &f, Value::Obj(cls.clone()), args)?;
            if !class::is_subclass(made.type_of(), t) {
                return Ok(made);
            }
            made
        }
        None => {
            let mut pos = Vec::with_capacity(args.pos.len() + 1);
            pos.push(Value::Obj(cls.clone()));
            pos.extend_from_slice(args.pos);
            builtin_new(
                vm,
                root,
                Args {
                    pos: &pos,
                    kw: args.kw,
                },
            )?
        }
    };
    match lookup_static(t, "__init__") {
        Some(init) => classes::run_init(vm, &init, &inst, args)?,
        None => base_init(vm, root, &inst, args)?,
    }
    Ok(inst)
}

/// `root.__init__(self, *args, **kw)`: fills a list, dict or set from
/// the arguments (`list.__init__` and `set.__init__` empty it first); the
/// immutable types take their arguments in `__new__` and do nothing.
pub fn base_init(
    vm: &mut Vm,
    root: &'static StaticType,
    me: &Value,
    args: Args<'_>,
) -> PyResult<()> {
    match root.get().kind() {
        Kind::DEQUE => deque::init(vm, me, args),
        Kind::LIST => {
            args.no_kw("list")?;
            if args.pos.len() > 1 {
                return Err(PyErr::type_error(format!(
                    "list expected at most 1 argument, got {}",
                    args.pos.len()
                )));
            }
            let items = match args.pos.first() {
                Some(v) => ops::collect(vm, v)?,
                None => Vec::new(),
            };
            if let Some(l) = me.downcast::<ListObj>() {
                let old = std::mem::replace(&mut *l.items.borrow_mut(), items);
                drop(old);
            }
            Ok(())
        }
        Kind::DICT => {
            if args.pos.len() > 1 {
                return Err(PyErr::type_error(format!(
                    "dict expected at most 1 argument, got {}",
                    args.pos.len()
                )));
            }
            let Some(d) = me.downcast::<DictObj>() else {
                return Ok(());
            };
            if let Some(src) = args.pos.first() {
                crate::methods::dict_merge(vm, d, src)?;
            }
            for (k, v) in args.kw {
                d.insert_vm(vm, DictKey::from_str_obj(k), v.clone())?;
            }
            Ok(())
        }
        Kind::SET => {
            args.no_kw("set")?;
            if args.pos.len() > 1 {
                return Err(PyErr::type_error(format!(
                    "{} expected at most 1 argument, got {}",
                    me.type_name(),
                    args.pos.len()
                )));
            }
            let Some(s) = crate::sets::payload(me) else {
                return Ok(());
            };
            s.clear();
            if let Some(src) = args.pos.first() {
                crate::sets::update(vm, s, src)?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

// ----- numbers ------------------------------------------------------------------------

/// The plain number an instance of a class deriving from `int` or `float`
/// stands for (an `int` in its canonical form, a `float`); `None` for any
/// other value.
#[inline]
pub fn number_value(v: &Value) -> Option<Value> {
    let Value::Obj(o) = v else {
        return None;
    };
    if !o.ty().is_heap_type() {
        return None;
    }
    match o.kind() {
        Kind::INT => Some(match o.downcast::<IntObj>()? {
            IntObj::Small(i) => Value::Int(*i),
            IntObj::Big(b) => Value::from_bigint(b.clone()),
        }),
        Kind::FLOAT => o.downcast::<f64>().map(|f| Value::Float(*f)),
        _ => None,
    }
}

/// `v`, or the plain number it stands for (see [`number_value`]).
#[inline]
pub fn plain(v: &Value) -> std::borrow::Cow<'_, Value> {
    match number_value(v) {
        Some(x) => std::borrow::Cow::Owned(x),
        None => std::borrow::Cow::Borrowed(v),
    }
}

/// Whether `v` is an `int`, `bool` or `float` (or of a class deriving
/// from one).
fn is_real(v: &Value) -> bool {
    matches!(v, Value::Int(_) | Value::Bool(_) | Value::Float(_))
        || v.as_obj()
            .is_some_and(|o| matches!(o.kind(), Kind::INT | Kind::FLOAT))
}

// ----- attributes ---------------------------------------------------------------------

/// `obj.name` for an instance of a class deriving from a built-in type
/// (CPython's `PyObject_GenericGetAttr`): a data descriptor of the Python
/// classes, the instance `__dict__`, their other attributes, then the
/// built-in base's methods and special methods, then `object`'s.
pub fn getattr(vm: &mut Vm, obj: &ObjRef, name: &str) -> PyResult<Value> {
    let me = Value::Obj(obj.clone());
    match name {
        "__class__" => return Ok(Value::Obj(obj.type_ref())),
        "__dict__" if has_dict(obj.ty()) => {
            let d = instance_dict(obj).ok_or_else(|| no_attribute(&me, name))?;
            // Handed out, it may join cycles of its own.
            if !abi::gc_is_tracked(&d) {
                abi::gc_track(&d);
            }
            return Ok(Value::Obj(d));
        }
        _ => {}
    }
    let descr = lookup(obj.ty(), name);
    let owner = obj.type_ref();
    if let Some(d) = &descr
        && classes::is_data_descriptor(d)
    {
        return classes::descr_get(vm, d.clone(), Some(&me), &owner);
    }
    if has_dict(obj.ty())
        && let Some(v) = obj
            .instance_dict()
            .and_then(|d| d.downcast::<DictObj>().and_then(|d| d.get_str(name)))
    {
        return Ok(v);
    }
    if let Some(d) = descr {
        return classes::descr_get(vm, d, Some(&me), &owner);
    }
    if let Some(v) = base_attr(obj.kind(), name, &me) {
        return Ok(v);
    }
    classes::object_attr(name, Some(&me)).ok_or_else(|| no_attribute(&me, name))
}

/// The method or special method `name` of the built-in type of kind
/// `kind`, bound to `me`.
fn base_attr(kind: u32, name: &str, me: &Value) -> Option<Value> {
    if kind == Kind::DEQUE
        && let Value::Obj(o) = me
        && let Some(v) = deque::getattr(o, name)
    {
        return Some(v);
    }
    if kind == Kind::DICT
        && name == "fromkeys"
        && let Value::Obj(o) = me
    {
        return Some(Value::Obj(Builtin::new_obj(
            "fromkeys",
            fromkeys,
            Some(Value::Obj(o.type_ref())),
        )));
    }
    if let Some((i, f)) = crate::methods::find(kind, name) {
        let (n, _) = crate::methods::table(kind).get(i)?;
        // The methods of `int` and `float` take the plain number.
        let recv = plain(me).into_owned();
        return Some(Value::Obj(Builtin::new_obj(n, f, Some(recv))));
    }
    let (n, f) = special(kind, name)?;
    Some(Value::Obj(Builtin::new_obj(n, f, Some(me.clone()))))
}

/// The `__dict__` of an instance, made on first use (untracked until
/// handed out: the collector reaches its entries through the instance).
fn instance_dict(obj: &ObjRef) -> Option<ObjRef> {
    if let Some(d) = obj.instance_dict() {
        return Some(d);
    }
    obj.set_instance_dict(ObjRef::new(types::DICT.get(), DictObj::new()))
        .ok()?;
    obj.instance_dict()
}

/// `obj.name = value` (`Some`) or `del obj.name` (`None`) for an instance
/// of a class deriving from a built-in type: a data descriptor of the
/// Python classes, else the instance `__dict__` (an `AttributeError`
/// without one).
pub fn setattr(vm: &mut Vm, obj: &ObjRef, name: &str, value: Option<Value>) -> PyResult<()> {
    let me = Value::Obj(obj.clone());
    if let Some(r) = classes::property_set(vm, obj, name, value.clone()) {
        return r;
    }
    if let Some(r) = crate::slots::slot_set(obj, name, value.clone()) {
        return r;
    }
    match (name, &value) {
        ("__class__", Some(v)) => return classes::assign_class(vm, obj, v),
        ("__class__", None) => {
            return Err(PyErr::type_error("can't delete __class__ attribute"));
        }
        ("__dict__", None) if has_dict(obj.ty()) => {
            return Err(PyErr::type_error("cannot delete __dict__"));
        }
        // `self.__dict__ = self` in a dict subclass is a known idiom: the
        // word then holds the instance itself (a cycle the collector
        // sees).
        ("__dict__", Some(v)) if has_dict(obj.ty()) => {
            let Some(d) = v.as_obj().filter(|d| d.downcast::<DictObj>().is_some()) else {
                return Err(PyErr::type_error(format!(
                    "__dict__ must be set to a dictionary, not a '{}'",
                    v.type_name()
                )));
            };
            return obj
                .set_instance_dict(d.clone())
                .map_err(|_| no_attribute(&me, name));
        }
        _ => {}
    }
    let read_only = || {
        // A method of the built-in base cannot be shadowed without a dict.
        if base_attr(obj.kind(), name, &me).is_some() {
            PyErr::attribute_error(format!(
                "'{}' object attribute '{name}' is read-only",
                me.type_name()
            ))
        } else {
            no_attribute(&me, name)
        }
    };
    if !has_dict(obj.ty()) {
        return Err(read_only());
    }
    let d = instance_dict(obj).ok_or_else(read_only)?;
    classes::set_in_dict(&d, &me, name, value)
}

/// LOAD_METHOD on an instance of a class deriving from a built-in type:
/// (method, receiver) for a function of the Python classes or a method of
/// the built-in base, when the instance `__dict__` does not shadow it;
/// `None` otherwise (the caller loads the attribute).
pub fn load_method(vm: &Vm, obj: &ObjRef, name: &str) -> Option<(Value, Value)> {
    let t = obj.ty();
    if t.heap_data::<class::ClassData>()?.attr_hooks() & class::hook::GETATTRIBUTE != 0 {
        return None;
    }
    if has_dict(t)
        && obj
            .instance_dict()
            .and_then(|d| d.downcast::<DictObj>().and_then(|d| d.get_str(name)))
            .is_some()
    {
        return None;
    }
    let me = Value::Obj(obj.clone());
    match lookup(t, name) {
        Some(f) if f.kind() == Kind::FUNCTION => Some((f, me)),
        Some(_) => None,
        None => {
            let (i, _) = crate::methods::find(obj.kind(), name)?;
            let m = vm.method_obj(obj.kind(), i).ok()?;
            // The methods of `int` and `float` take the plain number.
            Some((m, plain(&me).into_owned()))
        }
    }
}

/// `T.name` for a built-in type `T` a class may derive from: its
/// `__new__` (a static method taking the class first) and its special
/// methods (unbound method descriptors, see `methods::descriptor`).
pub fn type_attr(t: &TypeObject, name: &str) -> Option<Value> {
    let root = subclassable(t)?;
    if name == "__new__" {
        return Some(Value::Obj(Builtin::new_obj(
            "__new__",
            new_fn(root.get().kind())?,
            None,
        )));
    }
    None
}

/// `C.name` for a class `C` deriving from the built-in type `root`, when
/// no Python class of its MRO has `name`: `root`'s `__new__`, methods and
/// special methods (unbound), and a dict's `fromkeys` (a class method:
/// it makes an instance of `C`).
pub fn class_attr(cls: &ObjRef, root: &'static StaticType, name: &str) -> Option<Value> {
    if name == "fromkeys" && root.get().kind() == Kind::DICT {
        return Some(Value::Obj(Builtin::new_obj(
            "fromkeys",
            fromkeys,
            Some(Value::Obj(cls.clone())),
        )));
    }
    classes::type_attr(&ObjRef::from_static(root), name)
}

/// `C.fromkeys(iterable, value=None)` for a class `C` deriving from
/// `dict` (bound to `C`): `C()`, then each key stored through its
/// `__setitem__` (CPython's `dict_fromkeys` for a subclass).
fn fromkeys(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("fromkeys")?;
    let (cls, it, value) = match args.pos {
        [cls, it] => (cls, it, Value::None),
        [cls, it, v] => (cls, it, v.clone()),
        _ => {
            return Err(PyErr::type_error(format!(
                "fromkeys expected {} arguments, got {}",
                if args.pos.len() < 2 {
                    "at least 1"
                } else {
                    "at most 2"
                },
                args.pos.len().saturating_sub(1)
            )));
        }
    };
    let d = vm.call(cls, &[])?;
    for k in ops::collect(vm, it)? {
        ops::setitem(vm, &d, &k, value.clone())?;
    }
    Ok(d)
}

/// What a built-in base in an MRO gives `super()` (or a lookup through
/// the class): its method or special method `name`, bound to `obj`
/// (`__new__` unbound).
pub fn super_attr(t: &ObjRef, name: &str, obj: &Value) -> Option<Value> {
    let root = subclassable(t.as_type()?)?;
    let kind = root.get().kind();
    if name == "__new__" {
        return Some(Value::Obj(Builtin::new_obj("__new__", new_fn(kind)?, None)));
    }
    base_attr(kind, name, obj)
}

/// The `__new__` of the built-in type of kind `kind`.
fn new_fn(kind: u32) -> Option<NativeFn> {
    macro_rules! new_of {
        ($t:expr) => {{
            fn f(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
                builtin_new(vm, &$t, args)
            }
            f as NativeFn
        }};
    }
    Some(match kind {
        Kind::INT => new_of!(types::INT),
        Kind::FLOAT => new_of!(types::FLOAT),
        Kind::STR => new_of!(types::STR),
        Kind::BYTES => new_of!(types::BYTES),
        Kind::TUPLE => new_of!(types::TUPLE),
        Kind::LIST => new_of!(types::LIST),
        Kind::DICT => new_of!(types::DICT),
        Kind::SET => new_of!(types::SET),
        Kind::FROZENSET => new_of!(types::FROZENSET),
        Kind::DEQUE => new_of!(deque::DEQUE),
        _ => return None,
    })
}

// ----- special methods of the built-in types ----------------------------------------------

/// A special method: its name and what it does (receiver first).
type Special = (&'static str, NativeFn);

/// The receiver and the one argument of a special method.
fn one<'a>(args: &'a Args<'_>, name: &str) -> PyResult<(&'a Value, &'a Value)> {
    args.no_kw(name)?;
    match args.pos {
        [me, x] => Ok((me, x)),
        _ => Err(PyErr::type_error(format!(
            "expected 1 argument, got {}",
            args.pos.len().saturating_sub(1)
        ))),
    }
}

/// The receiver of a special method taking no argument.
fn none<'a>(args: &'a Args<'_>, name: &str) -> PyResult<&'a Value> {
    args.no_kw(name)?;
    match args.pos {
        [me] => Ok(me),
        _ => Err(PyErr::type_error(format!(
            "expected 0 arguments, got {}",
            args.pos.len().saturating_sub(1)
        ))),
    }
}

fn not_implemented() -> Value {
    Value::Obj(ObjRef::from_static_object(
        &crate::object::value::NOT_IMPLEMENTED,
    ))
}

fn s_init(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let Some((me, rest)) = args.pos.split_first() else {
        return Err(PyErr::type_error("descriptor '__init__' needs an argument"));
    };
    let Some(root) = me.as_obj().and_then(|o| builtin_base(o.ty())) else {
        return Ok(Value::None);
    };
    base_init(
        vm,
        root,
        me,
        Args {
            pos: rest,
            kw: args.kw,
        },
    )?;
    Ok(Value::None)
}

fn s_repr(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = none(&args, "__repr__")?;
    Ok(Value::string(ops::builtin_repr(vm, &plain(me))?))
}

fn s_str(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = none(&args, "__str__")?;
    match me.as_str() {
        Some(s) => Ok(Value::str(s)),
        None => Ok(Value::string(ops::builtin_repr(vm, &plain(me))?)),
    }
}

fn s_hash(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = none(&args, "__hash__")?;
    let _ = vm;
    let h = ops::builtin_hash(&plain(me))?;
    Ok(Value::Int(h as i64))
}

fn s_format(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (me, spec) = one(&args, "__format__")?;
    let Some(spec) = spec.as_str() else {
        return Err(PyErr::type_error(format!(
            "__format__() argument must be str, not {}",
            spec.type_name()
        )));
    };
    let v = match (me.as_str(), number_value(me)) {
        (Some(s), _) => Value::str(s),
        (_, Some(n)) => n,
        _ => me.clone(),
    };
    Ok(Value::string(ops::format_value(vm, &v, spec)?))
}

/// Whether `a` and `b` are of built-in types one comparison of `a`'s
/// built-in type handles (else its special method returns
/// `NotImplemented`).
fn comparable(a: &Value, b: &Value) -> bool {
    let family = |v: &Value| match v.kind() {
        Kind::INT | Kind::BOOL | Kind::FLOAT => 1,
        Kind::SET | Kind::FROZENSET => 2,
        k => 10 + k,
    };
    matches!(b, Value::Int(_) | Value::Bool(_) | Value::Float(_)) && is_real(a)
        || family(a) == family(b)
}

fn compare_with(vm: &mut Vm, args: Args<'_>, op: CmpOp, name: &str) -> PyResult<Value> {
    let (me, other) = one(&args, name)?;
    if !comparable(me, other) {
        return Ok(not_implemented());
    }
    ops::builtin_compare(vm, op, &plain(me), &plain(other))
}

macro_rules! specials {
    ($($f:ident => $body:expr;)*) => {
        $( fn $f(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
            #[allow(clippy::redundant_closure_call)]
            ($body)(vm, args)
        } )*
    };
}

/// A binary operator's special method: `a.__op__(b)` (`reflected`:
/// `b <op> a`), `NotImplemented` for numbers with an operand that is not
/// one.
fn binary(vm: &mut Vm, args: Args<'_>, op: BinOp, reflected: bool, name: &str) -> PyResult<Value> {
    let (me, other) = one(&args, name)?;
    // `int.__add__` takes ints only (a float answers through its
    // reflected method), `float.__add__` ints and floats.
    let int_me = me.kind() == Kind::INT;
    if is_real(me) && (!is_real(other) || int_me && other.kind() == Kind::FLOAT) {
        return Ok(not_implemented());
    }
    let (a, b) = (plain(me), plain(other));
    let r = if reflected {
        ops::builtin_binary_op(vm, op, &b, &a)
    } else {
        ops::builtin_binary_op(vm, op, &a, &b)
    };
    match r {
        // A container's operator with an operand it does not take.
        Err(e) if e.matches(types::TYPE_ERROR.get()) && (reflected || is_real(me)) => {
            Ok(not_implemented())
        }
        r => r,
    }
}

specials! {
    s_eq => |vm, a| compare_with(vm, a, CmpOp::Eq, "__eq__");
    s_ne => |vm, a| compare_with(vm, a, CmpOp::Ne, "__ne__");
    s_lt => |vm, a| compare_with(vm, a, CmpOp::Lt, "__lt__");
    s_le => |vm, a| compare_with(vm, a, CmpOp::Le, "__le__");
    s_gt => |vm, a| compare_with(vm, a, CmpOp::Gt, "__gt__");
    s_ge => |vm, a| compare_with(vm, a, CmpOp::Ge, "__ge__");
    s_add => |vm, a| binary(vm, a, BinOp::Add, false, "__add__");
    s_radd => |vm, a| binary(vm, a, BinOp::Add, true, "__radd__");
    s_sub => |vm, a| binary(vm, a, BinOp::Sub, false, "__sub__");
    s_rsub => |vm, a| binary(vm, a, BinOp::Sub, true, "__rsub__");
    s_mul => |vm, a| binary(vm, a, BinOp::Mul, false, "__mul__");
    s_rmul => |vm, a| binary(vm, a, BinOp::Mul, true, "__rmul__");
    s_truediv => |vm, a| binary(vm, a, BinOp::TrueDiv, false, "__truediv__");
    s_rtruediv => |vm, a| binary(vm, a, BinOp::TrueDiv, true, "__rtruediv__");
    s_floordiv => |vm, a| binary(vm, a, BinOp::FloorDiv, false, "__floordiv__");
    s_rfloordiv => |vm, a| binary(vm, a, BinOp::FloorDiv, true, "__rfloordiv__");
    s_mod => |vm, a| binary(vm, a, BinOp::Mod, false, "__mod__");
    s_rmod => |vm, a| binary(vm, a, BinOp::Mod, true, "__rmod__");
    s_pow => |vm, a| binary(vm, a, BinOp::Pow, false, "__pow__");
    s_rpow => |vm, a| binary(vm, a, BinOp::Pow, true, "__rpow__");
    s_and => |vm, a| binary(vm, a, BinOp::And, false, "__and__");
    s_rand => |vm, a| binary(vm, a, BinOp::And, true, "__rand__");
    s_or => |vm, a| binary(vm, a, BinOp::Or, false, "__or__");
    s_ror => |vm, a| binary(vm, a, BinOp::Or, true, "__ror__");
    s_xor => |vm, a| binary(vm, a, BinOp::Xor, false, "__xor__");
    s_rxor => |vm, a| binary(vm, a, BinOp::Xor, true, "__rxor__");
    s_lshift => |vm, a| binary(vm, a, BinOp::LShift, false, "__lshift__");
    s_rlshift => |vm, a| binary(vm, a, BinOp::LShift, true, "__rlshift__");
    s_rshift => |vm, a| binary(vm, a, BinOp::RShift, false, "__rshift__");
    s_rrshift => |vm, a| binary(vm, a, BinOp::RShift, true, "__rrshift__");
    s_neg => |vm: &mut Vm, a: Args<'_>| { let me = none(&a, "__neg__")?; ops::unary(vm, '-', &plain(me)) };
    s_pos => |vm: &mut Vm, a: Args<'_>| { let me = none(&a, "__pos__")?; ops::unary(vm, '+', &plain(me)) };
    s_invert => |vm: &mut Vm, a: Args<'_>| { let me = none(&a, "__invert__")?; ops::unary(vm, '~', &plain(me)) };
    s_abs => |vm: &mut Vm, a: Args<'_>| {
        let me = none(&a, "__abs__")?;
        crate::builtins::b_abs(vm, Args::positional(&[plain(me).into_owned()]))
    };
    s_bool => |vm: &mut Vm, a: Args<'_>| { let me = none(&a, "__bool__")?; Ok(Value::Bool(ops::truthy(vm, &plain(me))?)) };
    s_int => |vm: &mut Vm, a: Args<'_>| {
        let me = none(&a, "__int__")?;
        crate::builtins::call_type(vm, &ObjRef::from_static(&types::INT), Args::positional(&[plain(me).into_owned()]))
    };
    s_float => |vm: &mut Vm, a: Args<'_>| {
        let me = none(&a, "__float__")?;
        crate::builtins::call_type(vm, &ObjRef::from_static(&types::FLOAT), Args::positional(&[plain(me).into_owned()]))
    };
    s_index => |_vm, a: Args<'_>| { let me = none(&a, "__index__")?; Ok(plain(me).into_owned()) };
    s_getnewargs => |vm: &mut Vm, a: Args<'_>| {
        let me = none(&a, "__getnewargs__")?;
        let v = exact_copy(vm, me)?;
        Ok(Value::tuple(vec![v]))
    };
    s_len => |vm: &mut Vm, a: Args<'_>| {
        let me = none(&a, "__len__")?;
        Ok(Value::Int(ops::builtin_len(vm, me)? as i64))
    };
    s_iter => |vm: &mut Vm, a: Args<'_>| { let me = none(&a, "__iter__")?; ops::builtin_iter(vm, me) };
    s_contains => |vm: &mut Vm, a: Args<'_>| {
        let (me, x) = one(&a, "__contains__")?;
        Ok(Value::Bool(ops::builtin_contains(vm, me, x)?))
    };
    s_getitem => |vm: &mut Vm, a: Args<'_>| { let (me, k) = one(&a, "__getitem__")?; ops::builtin_getitem(vm, me, k) };
    s_setitem => |vm: &mut Vm, a: Args<'_>| {
        a.no_kw("__setitem__")?;
        let [me, k, v] = a.pos else {
            return Err(PyErr::type_error(format!("expected 2 arguments, got {}", a.pos.len().saturating_sub(1))));
        };
        ops::builtin_setitem(vm, me, k, v.clone())?;
        Ok(Value::None)
    };
    s_delitem => |vm: &mut Vm, a: Args<'_>| {
        let (me, k) = one(&a, "__delitem__")?;
        ops::builtin_delitem(vm, me, k)?;
        Ok(Value::None)
    };
    s_iadd => |vm: &mut Vm, a: Args<'_>| {
        let (me, x) = one(&a, "__iadd__")?;
        ops::inplace_list_op(vm, BinOp::Add, me, x)
    };
    s_imul => |vm: &mut Vm, a: Args<'_>| {
        let (me, x) = one(&a, "__imul__")?;
        ops::inplace_list_op(vm, BinOp::Mul, me, x)
    };
    s_set_ior => |vm: &mut Vm, a: Args<'_>| set_inplace(vm, a, BinOp::Or, "__ior__");
    s_set_iand => |vm: &mut Vm, a: Args<'_>| set_inplace(vm, a, BinOp::And, "__iand__");
    s_set_isub => |vm: &mut Vm, a: Args<'_>| set_inplace(vm, a, BinOp::Sub, "__isub__");
    s_set_ixor => |vm: &mut Vm, a: Args<'_>| set_inplace(vm, a, BinOp::Xor, "__ixor__");
    s_reversed => |vm: &mut Vm, a: Args<'_>| {
        let me = none(&a, "__reversed__")?;
        crate::builtins::builtin_reversed(vm, me)
    };
}

fn s_deque_iadd(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (me, x) = one(&args, "__iadd__")?;
    deque::inplace_op(vm, BinOp::Add, me, x).unwrap_or_else(|| Ok(not_implemented()))
}

fn s_deque_imul(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (me, x) = one(&args, "__imul__")?;
    deque::inplace_op(vm, BinOp::Mul, me, x).unwrap_or_else(|| Ok(not_implemented()))
}

fn set_inplace(vm: &mut Vm, args: Args<'_>, op: BinOp, name: &str) -> PyResult<Value> {
    let (me, x) = one(&args, name)?;
    Ok(crate::sets::inplace_op(vm, op, me, x)?.unwrap_or_else(not_implemented))
}

/// The value of `v`'s built-in type that `v` holds, as a new object of
/// that exact type (`tuple(t)`, `str(s)`, `int(i)`…).
pub fn exact_copy(vm: &mut Vm, v: &Value) -> PyResult<Value> {
    if let Some(n) = number_value(v) {
        return Ok(n);
    }
    let Value::Obj(o) = v else {
        return Ok(v.clone());
    };
    Ok(match o.kind() {
        Kind::STR => Value::str(v.as_str().unwrap_or("")),
        Kind::BYTES => Value::Obj(BytesObj::new_obj(
            o.downcast::<BytesObj>()
                .map(|b| b.as_bytes())
                .unwrap_or(&[]),
        )),
        Kind::TUPLE => Value::tuple(ops::seq_items(v)),
        Kind::LIST => Value::list(ops::seq_items(v)),
        Kind::DICT => match o.downcast::<DictObj>() {
            Some(d) => Value::Obj(DictObj::into_obj(d.copy())),
            None => v.clone(),
        },
        Kind::SET | Kind::FROZENSET => {
            let frozen = o.kind() == Kind::FROZENSET;
            Value::Obj(crate::sets::new_set(vm, frozen, Some(v))?)
        }
        _ => v.clone(),
    })
}

/// Special methods every one of these types has.
static COMMON: &[Special] = &[
    ("__init__", s_init),
    ("__repr__", s_repr),
    ("__hash__", s_hash),
    ("__eq__", s_eq),
    ("__ne__", s_ne),
    ("__lt__", s_lt),
    ("__le__", s_le),
    ("__gt__", s_gt),
    ("__ge__", s_ge),
];

static NUMBER: &[Special] = &[
    ("__format__", s_format),
    ("__add__", s_add),
    ("__radd__", s_radd),
    ("__sub__", s_sub),
    ("__rsub__", s_rsub),
    ("__mul__", s_mul),
    ("__rmul__", s_rmul),
    ("__truediv__", s_truediv),
    ("__rtruediv__", s_rtruediv),
    ("__floordiv__", s_floordiv),
    ("__rfloordiv__", s_rfloordiv),
    ("__mod__", s_mod),
    ("__rmod__", s_rmod),
    ("__pow__", s_pow),
    ("__rpow__", s_rpow),
    ("__neg__", s_neg),
    ("__pos__", s_pos),
    ("__abs__", s_abs),
    ("__bool__", s_bool),
    ("__int__", s_int),
    ("__float__", s_float),
    ("__getnewargs__", s_getnewargs),
];

static INT_ONLY: &[Special] = &[
    ("__index__", s_index),
    ("__invert__", s_invert),
    ("__and__", s_and),
    ("__rand__", s_rand),
    ("__or__", s_or),
    ("__ror__", s_ror),
    ("__xor__", s_xor),
    ("__rxor__", s_rxor),
    ("__lshift__", s_lshift),
    ("__rlshift__", s_rlshift),
    ("__rshift__", s_rshift),
    ("__rrshift__", s_rrshift),
];

static SEQUENCE: &[Special] = &[
    ("__len__", s_len),
    ("__iter__", s_iter),
    ("__contains__", s_contains),
    ("__getitem__", s_getitem),
    ("__add__", s_add),
    ("__mul__", s_mul),
    ("__rmul__", s_rmul),
];

static IMMUTABLE_SEQUENCE: &[Special] = &[("__getnewargs__", s_getnewargs)];

static STR_ONLY: &[Special] = &[
    ("__str__", s_str),
    ("__format__", s_format),
    ("__mod__", s_mod),
    ("__rmod__", s_rmod),
];

static LIST_ONLY: &[Special] = &[
    ("__setitem__", s_setitem),
    ("__delitem__", s_delitem),
    ("__iadd__", s_iadd),
    ("__imul__", s_imul),
    ("__reversed__", s_reversed),
];

static DEQUE_ONLY: &[Special] = &[
    ("__setitem__", s_setitem),
    ("__delitem__", s_delitem),
    ("__iadd__", s_deque_iadd),
    ("__imul__", s_deque_imul),
    ("__reversed__", s_reversed),
];

static DICT: &[Special] = &[
    ("__len__", s_len),
    ("__iter__", s_iter),
    ("__contains__", s_contains),
    ("__getitem__", s_getitem),
    ("__setitem__", s_setitem),
    ("__delitem__", s_delitem),
    ("__or__", s_or),
    ("__ror__", s_ror),
    ("__reversed__", s_reversed),
];

static SETS: &[Special] = &[
    ("__len__", s_len),
    ("__iter__", s_iter),
    ("__contains__", s_contains),
    ("__or__", s_or),
    ("__ror__", s_ror),
    ("__and__", s_and),
    ("__rand__", s_rand),
    ("__sub__", s_sub),
    ("__rsub__", s_rsub),
    ("__xor__", s_xor),
    ("__rxor__", s_rxor),
];

static SET_ONLY: &[Special] = &[
    ("__ior__", s_set_ior),
    ("__iand__", s_set_iand),
    ("__isub__", s_set_isub),
    ("__ixor__", s_set_ixor),
];

/// The special-method tables of the built-in type of kind `kind`, in
/// lookup order.
fn special_tables(kind: u32) -> &'static [&'static [Special]] {
    static INT: &[&[Special]] = &[COMMON, NUMBER, INT_ONLY];
    static FLOAT: &[&[Special]] = &[COMMON, NUMBER];
    static STR: &[&[Special]] = &[COMMON, STR_ONLY, SEQUENCE, IMMUTABLE_SEQUENCE];
    static TUPLE: &[&[Special]] = &[COMMON, SEQUENCE, IMMUTABLE_SEQUENCE];
    static LIST: &[&[Special]] = &[COMMON, LIST_ONLY, SEQUENCE];
    static DICT_ALL: &[&[Special]] = &[COMMON, DICT];
    static SET: &[&[Special]] = &[COMMON, SETS, SET_ONLY];
    static FROZENSET: &[&[Special]] = &[COMMON, SETS];
    static DEQUE: &[&[Special]] = &[COMMON, DEQUE_ONLY, SEQUENCE];
    match kind {
        Kind::INT => INT,
        Kind::FLOAT => FLOAT,
        Kind::STR => STR,
        Kind::BYTES | Kind::TUPLE => TUPLE,
        Kind::LIST => LIST,
        Kind::DICT => DICT_ALL,
        Kind::SET => SET,
        Kind::FROZENSET => FROZENSET,
        Kind::DEQUE => DEQUE,
        _ => &[],
    }
}

/// The special method `name` of the built-in type of kind `kind` (one of
/// the types a class may derive from), with its position among them.
pub fn special_at(kind: u32, name: &str) -> Option<(usize, Special)> {
    special_tables(kind)
        .iter()
        .flat_map(|t| t.iter())
        .enumerate()
        .find(|(_, (n, _))| *n == name)
        .map(|(i, s)| (i, *s))
}

/// [`special_at`] without the position.
pub fn special(kind: u32, name: &str) -> Option<Special> {
    special_at(kind, name).map(|(_, s)| s)
}
