//! The semantics of Python classes: `__build_class__` (what a `class`
//! statement runs), creating instances, attribute lookup on classes,
//! instances and `super` objects, bound methods. The payloads live in
//! `object/class.rs`.

use crate::object::class::{
    self, ClassData, MethodWrapper, PropertyObj, c3_merge, class_data, hook, lookup, mro_of,
};
use crate::object::types::{self, Kind};
use crate::object::{
    Args, BoundMethod, Builtin, CellObj, DictKey, DictObj, ExcObj, Function, Instance, NativeFn,
    ObjRef, PyErr, PyResult, StrObj, SuperObj, Value,
};
use crate::vm::{Vm, no_attribute};

/// `__build_class__(body, name, *bases)`: runs the class body on a new
/// namespace and makes the class from it.
pub fn build_class(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let [body, name, bases @ ..] = args.pos else {
        return Err(PyErr::type_error("__build_class__: not enough arguments"));
    };
    if body.downcast::<Function>().is_none() {
        return Err(PyErr::type_error(
            "__build_class__: func must be a function",
        ));
    }
    let Some(name) = name.as_str() else {
        return Err(PyErr::type_error("__build_class__: name is not a string"));
    };
    let (resolved, orig_bases) = resolve_bases(vm, bases)?;
    let mut base_refs: Vec<ObjRef> = Vec::with_capacity(resolved.len());
    for b in &resolved {
        let Some(t) = b.as_obj().filter(|o| o.as_type().is_some()) else {
            return Err(PyErr::type_error(format!(
                "bases must be types, not '{}'",
                b.type_name()
            )));
        };
        check_base(t)?;
        if base_refs.iter().any(|x| x.ptr_eq(t)) {
            return Err(PyErr::type_error(format!(
                "duplicate base class {}",
                class::type_short_name(t)
            )));
        }
        base_refs.push(t.clone());
    }
    // `metaclass=type` is what every class has; `abc.ABCMeta` makes an
    // abstract base class (see `stdlib/py/abc.py`); no other is supported.
    let mut abstract_base = base_refs.iter().any(is_abc);
    if let Some(v) = args.kw("metaclass") {
        let abc_meta = matches!((v, &vm.abc_meta), (Value::Obj(m), Some(a)) if m.ptr_eq(a));
        if abc_meta {
            abstract_base = true;
        } else if !is_static_value(v, &types::TYPE) {
            return Err(PyErr::new(
                &types::NOT_IMPLEMENTED_ERROR,
                "metaclasses other than type are not supported by typhon",
            ));
        }
    }
    let ns = DictObj::new_obj();
    if let (Some(orig), Some(d)) = (orig_bases, ns.downcast::<DictObj>()) {
        d.set_str("__orig_bases__", orig);
    }
    let cell = vm.call(body, &[Value::Obj(ns.clone())])?;
    // A base that makes the class itself (`typing.NamedTuple`'s, in place
    // of its metaclass).
    if let Some(make) = base_refs.iter().find_map(|b| {
        class_data(b)?
            .dict()?
            .get_str("_typhon_make_class")
            .filter(|f| f.downcast::<Function>().is_some())
    }) {
        return vm.call(&make, &[Value::str(name), Value::Obj(ns)]);
    }
    // `type.__new__` makes these two classmethods.
    for implicit in ["__init_subclass__", "__class_getitem__"] {
        if let Some(d) = ns.downcast::<DictObj>()
            && let Some(f) = d.get_str(implicit)
            && f.kind() == Kind::FUNCTION
        {
            d.set_str(implicit, Value::Obj(MethodWrapper::new_obj(f, true)));
        }
    }
    let slots = crate::slots::declared(vm, &ns)?;
    let inherited_meta = base_refs
        .iter()
        .find_map(|b| class_data(b)?.meta.borrow().clone());
    let cls = new_class_with(name, base_refs, ns.clone(), slots.as_deref())?;
    // As in CPython's `type.__new__`: the `__class__` cell is filled
    // before `__set_name__` and `__init_subclass__` run.
    if let Some(c) = cell.downcast::<CellObj>() {
        let old = c.value.replace(Some(Value::Obj(cls.clone())));
        drop(old);
    }
    set_names(vm, &cls, &ns)?;
    init_subclass(vm, &cls, args.kw)?;
    // A stand-in metaclass (`enum.EnumType`) is inherited, and sets the
    // class up as its `__new__` would.
    if let Some(meta) = inherited_meta {
        if let Some(cd) = class_data(&cls) {
            *cd.meta.borrow_mut() = Some(meta.clone());
        }
        let init = class_data(&meta)
            .and_then(|m| m.dict()?.get_str("_typhon_init_class"))
            .filter(|f| f.downcast::<Function>().is_some());
        if let Some(init) = init {
            vm.call(&init, &[Value::Obj(cls.clone())])?;
        }
    }
    if abstract_base {
        // What `ABCMeta.__new__` does after `type.__new__`.
        let init = abc_meta_fn(vm, "_abc_init").ok_or_else(|| {
            PyErr::new(
                &types::NOT_IMPLEMENTED_ERROR,
                "an abstract base class before the abc module has run",
            )
        })?;
        vm.call(&init, &[Value::Obj(cls.clone())])?;
    }
    Ok(Value::Obj(cls))
}

/// The bases of a class statement after PEP 560's `__mro_entries__`: a
/// base that is not a class (`Generic[T]`, `list[int]`, `typing.List[int]`)
/// stands for the classes its `__mro_entries__` gives; with any such, the
/// bases as written too (`__orig_bases__`).
fn resolve_bases(vm: &mut Vm, bases: &[Value]) -> PyResult<(Vec<Value>, Option<Value>)> {
    if bases
        .iter()
        .all(|b| b.as_obj().is_some_and(|o| o.as_type().is_some()))
    {
        return Ok((bases.to_vec(), None));
    }
    let written = Value::tuple(bases.to_vec());
    let mut out = Vec::with_capacity(bases.len());
    for (i, b) in bases.iter().enumerate() {
        if b.as_obj().is_some_and(|o| o.as_type().is_some()) {
            out.push(b.clone());
            continue;
        }
        if let Some(f) = b.downcast::<crate::stdlib::typing::FormObj>() {
            match crate::stdlib::typing::mro_entries(vm, f, &bases[i + 1..]) {
                Some(r) => out.extend(r?),
                None => out.push(b.clone()),
            }
            continue;
        }
        let Ok(entries) = vm.getattr(b, "__mro_entries__") else {
            out.push(b.clone());
            continue;
        };
        let r = vm.call(&entries, std::slice::from_ref(&written))?;
        let Some(t) = r.downcast::<crate::object::TupleObj>() else {
            return Err(PyErr::type_error("__mro_entries__ must return a tuple"));
        };
        out.extend(t.items.iter().cloned());
    }
    Ok((out, Some(written)))
}

/// Whether the class `t` is an abstract base class (see
/// [`class::abc`]).
fn is_abc(t: &ObjRef) -> bool {
    class_data(t).is_some_and(|cd| cd.abc.get() & class::abc::ABC != 0)
}

/// `enum._set_meta(cls, meta)`: `meta` stands in for the metaclass of
/// `cls` (see [`ClassData::meta`]).
pub(crate) fn set_meta(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    match args.pos {
        [Value::Obj(c), Value::Obj(m)] if class_data(m).is_some() => {
            let Some(cd) = class_data(c) else {
                return Err(PyErr::type_error("_set_meta() takes two classes"));
            };
            *cd.meta.borrow_mut() = Some(m.clone());
            Ok(Value::None)
        }
        _ => Err(PyErr::type_error("_set_meta() takes two classes")),
    }
}

/// `cls.name` for a class with a stand-in metaclass whose MRO has no
/// `name`: the metaclass's attribute, bound to `cls` as a metaclass's
/// method or property is (`Color.__members__`). `None`: no stand-in, or it
/// has no such attribute.
pub(crate) fn meta_attr(vm: &mut Vm, cls: &ObjRef, name: &str) -> Option<PyResult<Value>> {
    let meta = class_data(cls)?.meta.borrow().clone()?;
    let v = lookup(meta.as_type()?, name)?;
    let me = Value::Obj(cls.clone());
    if v.downcast::<Function>().is_some() {
        return Some(Ok(Value::Obj(BoundMethod::new_obj(v, me))));
    }
    if let Some(p) = v.downcast::<PropertyObj>() {
        let fget = p.fget.clone();
        return Some(vm.call(&fget, &[me]));
    }
    Some(Ok(v))
}

/// `abc._hook(ABCMeta)`: the `abc` module names the class whose functions
/// abstract base classes get, as from a metaclass.
pub(crate) fn abc_hook(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    match args.pos {
        [Value::Obj(m)] if class_data(m).is_some() => {
            vm.abc_meta = Some(m.clone());
            Ok(Value::None)
        }
        _ => Err(PyErr::type_error("_hook() takes a class")),
    }
}

/// `abc._mark(cls, abstract)`: makes `cls` an abstract base class, with
/// abstract methods left or not (CPython's `Py_TPFLAGS_IS_ABSTRACT`).
pub(crate) fn abc_mark(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let [Value::Obj(c), a] = args.pos else {
        return Err(PyErr::type_error("_mark() takes a class and a bool"));
    };
    let Some(cd) = class_data(c) else {
        return Err(PyErr::type_error("_mark() takes a class and a bool"));
    };
    let abstract_left = crate::ops::truthy(vm, a)?;
    let bits = class::abc::ABC
        | if abstract_left {
            class::abc::ABSTRACT
        } else {
            0
        };
    cd.abc.set(bits);
    Ok(Value::None)
}

/// `cls.name` for an abstract base class `cls` whose MRO has no `name`:
/// `ABCMeta`'s function of that name bound to `cls`, as a metaclass's
/// method is found (`MyABC.register`). `None`: not an ABC, or no such
/// function.
pub(crate) fn abc_meta_attr(vm: &mut Vm, cls: &ObjRef, name: &str) -> Option<PyResult<Value>> {
    if !is_abc(cls) {
        return None;
    }
    let f = abc_meta_fn(vm, name)?;
    Some(Ok(Value::Obj(BoundMethod::new_obj(
        f,
        Value::Obj(cls.clone()),
    ))))
}

/// The function `name` of `abc.ABCMeta` (`None`: the `abc` module has not
/// run, or it has no such function).
fn abc_meta_fn(vm: &Vm, name: &str) -> Option<Value> {
    let meta = vm.abc_meta.as_ref()?;
    let f = class_data(meta)?.dict()?.get_str(name)?;
    f.downcast::<Function>().is_some().then_some(f)
}

/// `issubclass(sub, cls)` for an abstract base class `cls` that is not in
/// `sub`'s MRO: `ABCMeta.__subclasscheck__(cls, sub)` decides (`None`:
/// `cls` is not an ABC).
pub(crate) fn abc_subclass_check(
    vm: &mut Vm,
    sub: &crate::object::TypeObject,
    cls: &ObjRef,
) -> Option<PyResult<bool>> {
    let check = abc_meta_attr(vm, cls, "__subclasscheck__")?;
    let sub = Value::Obj(sub.to_ref());
    Some(check.and_then(|f| {
        let r = vm.call(&f, &[sub])?;
        crate::ops::truthy(vm, &r)
    }))
}

/// The TypeError for instantiating a class with abstract methods left,
/// as CPython 3.11 words it; `None` when `cls` has none.
pub(crate) fn abstract_instantiation(vm: &mut Vm, cls: &ObjRef) -> Option<PyErr> {
    let cd = class_data(cls)?;
    if cd.abc.get() & class::abc::ABSTRACT == 0 {
        return None;
    }
    let names = vm
        .getattr(&Value::Obj(cls.clone()), "__abstractmethods__")
        .and_then(|v| crate::ops::collect(vm, &v));
    let mut names: Vec<String> = match names {
        Ok(v) => v
            .iter()
            .filter_map(|n| n.as_str().map(str::to_owned))
            .collect(),
        Err(e) => return Some(e),
    };
    names.sort();
    Some(PyErr::type_error(format!(
        "Can't instantiate abstract class {} with abstract method{} {}",
        cd.name.borrow(),
        if names.len() == 1 { "" } else { "s" },
        names.join(", ")
    )))
}

/// `super(cls, cls).__init_subclass__(**kw)` for a new class `cls`, with
/// the keyword arguments of its `class` statement (`metaclass` left out).
fn init_subclass(vm: &mut Vm, cls: &ObjRef, kw: &[(ObjRef, Value)]) -> PyResult<()> {
    let kw: Vec<(ObjRef, Value)> = kw
        .iter()
        .filter(|(k, _)| {
            k.downcast::<StrObj>()
                .is_none_or(|s| s.as_str() != "metaclass")
        })
        .cloned()
        .collect();
    let me = Value::Obj(cls.clone());
    let found = class_data(cls).and_then(|cd| {
        cd.mro_tail.iter().find_map(|t| {
            class_data(t)
                .and_then(|c| c.dict())
                .and_then(|d| d.get_str("__init_subclass__"))
        })
    });
    let f = match found {
        Some(d) => descr_get(vm, d, None, cls)?,
        None => match object_attr("__init_subclass__", Some(&me)) {
            Some(f) => f,
            None => return Ok(()),
        },
    };
    vm.call_with(&f, Args { pos: &[], kw: &kw })?;
    Ok(())
}

fn is_static_value(v: &Value, s: &'static abi::StaticType) -> bool {
    v.as_obj().is_some_and(|o| is_static(o, s))
}

/// `__set_name__(owner, name)` of each attribute of a new class that has
/// one (a property takes its name this way).
fn set_names(vm: &mut Vm, cls: &ObjRef, ns: &ObjRef) -> PyResult<()> {
    let items = ns
        .downcast::<DictObj>()
        .map(|d| d.items())
        .unwrap_or_default();
    for (k, v) in items {
        if let Some(p) = v.downcast::<PropertyObj>() {
            if p.name.borrow().is_none() {
                *p.name.borrow_mut() = k.as_str().map(str::to_owned);
            }
        } else if let Some(r) =
            crate::dunder::call(vm, &v, "__set_name__", &[Value::Obj(cls.clone()), k])
        {
            r?;
        }
    }
    Ok(())
}

/// `property(fget=None, fset=None, fdel=None, doc=None)`.
pub fn new_property(args: Args<'_>) -> PyResult<Value> {
    args.check_kw("property", &["fget", "fset", "fdel", "doc"])?;
    if args.pos.len() > 4 {
        return Err(PyErr::type_error(format!(
            "property() takes at most 4 arguments ({} given)",
            args.pos.len()
        )));
    }
    let arg = |i: usize, n: &str| {
        args.pos
            .get(i)
            .or(args.kw(n))
            .cloned()
            .unwrap_or(Value::None)
    };
    Ok(Value::Obj(PropertyObj::new_obj(
        arg(0, "fget"),
        arg(1, "fset"),
        arg(2, "fdel"),
        arg(3, "doc"),
    )))
}

/// `prop.getter(f)`, `prop.setter(f)`, `prop.deleter(f)`: a copy of the
/// property with that function replaced.
fn property_with(args: Args<'_>, which: usize) -> PyResult<Value> {
    let [me, f] = args.pos else {
        return Err(PyErr::type_error("expected 1 argument"));
    };
    let Some(p) = me.downcast::<PropertyObj>() else {
        return Err(PyErr::type_error("descriptor requires a 'property' object"));
    };
    let mut parts = [p.fget.clone(), p.fset.clone(), p.fdel.clone()];
    parts[which] = f.clone();
    let [g, s, d] = parts;
    let np = PropertyObj::new_obj(g, s, d, p.doc.clone());
    if let Some(n) = np.downcast::<PropertyObj>() {
        *n.name.borrow_mut() = p.name.borrow().clone();
    }
    Ok(Value::Obj(np))
}

fn property_getter(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    property_with(args, 0)
}

fn property_setter(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    property_with(args, 1)
}

fn property_deleter(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    property_with(args, 2)
}

/// Attributes of `property`, `staticmethod` and `classmethod` objects.
pub fn wrapper_getattr(o: &ObjRef, name: &str) -> Option<Value> {
    if let Some(p) = o.downcast::<PropertyObj>() {
        let me = Some(Value::Obj(o.clone()));
        let method = |n: &'static str, f: crate::object::NativeFn| {
            Value::Obj(Builtin::new_obj(n, f, me.clone()))
        };
        return match name {
            "fget" => Some(p.fget.clone()),
            "fset" => Some(p.fset.clone()),
            "fdel" => Some(p.fdel.clone()),
            "__doc__" => Some(p.doc.clone()),
            "__isabstractmethod__" => Some(Value::Bool(
                [&p.fget, &p.fset, &p.fdel].into_iter().any(is_abstract_fn),
            )),
            "getter" => Some(method("getter", property_getter)),
            "setter" => Some(method("setter", property_setter)),
            "deleter" => Some(method("deleter", property_deleter)),
            _ => None,
        };
    }
    let m = o.downcast::<MethodWrapper>()?;
    match name {
        "__func__" => Some(m.func.clone()),
        "__isabstractmethod__" => Some(Value::Bool(is_abstract_fn(&m.func))),
        _ => None,
    }
}

/// Whether `f` is a function marked by `abc.abstractmethod` (its
/// `__isabstractmethod__` is true), for the descriptors that wrap one.
fn is_abstract_fn(f: &Value) -> bool {
    f.downcast::<Function>()
        .and_then(|f| f.dict())
        .and_then(|d| d.downcast::<DictObj>()?.get_str("__isabstractmethod__"))
        .is_some_and(|v| matches!(v, Value::Bool(true)) || matches!(v, Value::Int(i) if i != 0))
}

/// Refuses, with a clean error, bases this runtime cannot derive from yet
/// (and, as CPython, C types without `Py_TPFLAGS_BASETYPE`).
fn check_base(t: &ObjRef) -> PyResult<()> {
    if class_data(t).is_some()
        || is_static(t, &types::OBJECT)
        || static_exception(t).is_some()
        || crate::subclass::builtin_base_of(t).is_some()
    {
        return Ok(());
    }
    if let Some(e) = t.as_type().and_then(crate::subclass::refused_base) {
        return Err(e);
    }
    if crate::ext::is_foreign_type(t)
        && let Some(ty) = t.as_type()
    {
        if ty.tp_flags & abi::TPFLAGS_BASETYPE == 0 {
            return Err(PyErr::type_error(format!(
                "type '{}' is not an acceptable base type",
                ty.name()
            )));
        }
        return Ok(());
    }
    Err(PyErr::new(
        &types::NOT_IMPLEMENTED_ERROR,
        format!(
            "subclassing '{}' is not supported by typhon",
            class::type_short_name(t)
        ),
    ))
}

/// The built-in exception type `t` is, if it is one.
fn static_exception(t: &ObjRef) -> Option<&'static abi::TypeObject> {
    let ty = t.as_type()?;
    types::EXCEPTION_TYPES
        .iter()
        .chain([&&types::UNSUPPORTED_OPERATION])
        .map(|s| s.get())
        .find(|s| std::ptr::eq(*s, ty))
}

/// Whether the type `t` derives from `BaseException`.
fn is_exception_type(t: &ObjRef) -> bool {
    t.as_type()
        .is_some_and(|t| class::is_subclass(t, types::BASE_EXCEPTION.get()))
}

fn is_static(t: &ObjRef, s: &'static abi::StaticType) -> bool {
    t.as_type().is_some_and(|t| std::ptr::eq(t, s.get()))
}

/// The type defined in C whose layout instances of the type `t` have: `t`
/// itself if C defined it, the nearest C type along `tp_base` for a class
/// deriving from one, else `None`.
fn c_layout(t: &ObjRef) -> Option<&abi::TypeObject> {
    let ty = t.as_type()?;
    if crate::ext::is_foreign_type(t) {
        return Some(ty);
    }
    if ty.kind() != Kind::EXT_SUBCLASS {
        return None;
    }
    let mut cur = ty.base();
    while let Some(b) = cur {
        if !b.is_heap_type() {
            return Some(b);
        }
        cur = b.base();
    }
    None
}

/// The base that gives a new class the layout of a C type, if one does
/// (CPython's "best base"): the one whose C type derives from every other
/// base's. Bases whose layouts cannot be combined raise CPython's
/// `TypeError`: two unrelated C types, a C type and an exception, a C type
/// and a class with `__slots__`.
fn c_layout_base(bases: &[ObjRef], has_exc_base: bool) -> PyResult<Option<ObjRef>> {
    let conflict = || PyErr::type_error("multiple bases have instance lay-out conflict");
    let mut best: Option<(&ObjRef, &abi::TypeObject)> = None;
    for b in bases {
        let Some(l) = c_layout(b) else {
            continue;
        };
        match best {
            None => best = Some((b, l)),
            Some((_, bl)) if bl.is_subtype(l) => {}
            Some((_, bl)) if l.is_subtype(bl) => best = Some((b, l)),
            Some(_) => return Err(conflict()),
        }
    }
    let Some((b, _)) = best else {
        return Ok(None);
    };
    let slotted = bases
        .iter()
        .any(|x| class_data(x).is_some_and(|cd| !cd.slot_names.is_empty()));
    if has_exc_base || slotted {
        return Err(conflict());
    }
    Ok(Some(b.clone()))
}

/// The base that gives a new class the layout of a built-in type
/// (`dict`, or a class deriving from it), with that built-in type; a
/// `TypeError` for bases of two different ones (CPython's lay-out
/// conflict: `class C(list, dict)`).
fn builtin_layout_base(bases: &[ObjRef]) -> PyResult<Option<(ObjRef, &'static abi::StaticType)>> {
    let mut best: Option<(ObjRef, &'static abi::StaticType)> = None;
    for b in bases {
        let Some(root) = crate::subclass::builtin_base_of(b) else {
            continue;
        };
        match &best {
            None => best = Some((b.clone(), root)),
            Some((_, r)) if std::ptr::eq(*r, root) => {}
            Some(_) => {
                return Err(PyErr::type_error(
                    "multiple bases have instance lay-out conflict",
                ));
            }
        }
    }
    Ok(best)
}

/// A new class `name` with `bases` (none means `object`) and the
/// namespace `ns` as its `__dict__`.
pub fn new_class(name: &str, bases: Vec<ObjRef>, ns: ObjRef) -> PyResult<ObjRef> {
    new_class_with(name, bases, ns, None)
}

/// [`new_class`] with the entries of the namespace's `__slots__` (see
/// `crate::slots`).
pub fn new_class_with(
    name: &str,
    bases: Vec<ObjRef>,
    ns: ObjRef,
    slots: Option<&[Value]>,
) -> PyResult<ObjRef> {
    let bases = if bases.is_empty() {
        vec![ObjRef::from_static(&types::OBJECT)]
    } else {
        bases
    };
    let mro_tail = c3_merge(&bases)?;
    let qualname = match ns.downcast::<DictObj>() {
        Some(d) => {
            let q = d.remove(&DictKey::from_str_obj(&StrObj::new_obj("__qualname__")));
            match q {
                Some(q) => match q.as_str() {
                    Some(s) => s.to_owned(),
                    None => {
                        return Err(PyErr::type_error(format!(
                            "type __qualname__ must be a str, not {}",
                            q.type_name()
                        )));
                    }
                },
                None => name.to_owned(),
            }
        }
        None => name.to_owned(),
    };
    // Instances have the layout of an exception if any base is one (its
    // `tp_base` is then that base, as CPython's "best base"), else of an
    // `Instance`; the other bases add only methods and attributes.
    let exc_base = bases.iter().find(|b| is_exception_type(b)).cloned();
    // A C type among the bases (or their bases) gives instances its
    // layout: `tp_base` is the base that brings it.
    let c_base = c_layout_base(&bases, exc_base.is_some())?;
    // So does a built-in type (`dict`, `tuple`…) or a class deriving
    // from one; two different ones, or one with an exception or a C
    // type, cannot be combined.
    let builtin = builtin_layout_base(&bases)?;
    if builtin.is_some() && (exc_base.is_some() || c_base.is_some()) {
        return Err(PyErr::type_error(
            "multiple bases have instance lay-out conflict",
        ));
    }
    let base_ty = exc_base
        .clone()
        .or_else(|| c_base.clone())
        .or_else(|| builtin.as_ref().map(|(b, _)| b.clone()))
        .unwrap_or_else(|| bases[0].clone());
    if slots.is_some() && exc_base.is_some() {
        return Err(PyErr::new(
            &types::NOT_IMPLEMENTED_ERROR,
            "__slots__ in a subclass of an exception is not supported by typhon",
        ));
    }
    if slots.is_some() && c_base.is_some() {
        return Err(PyErr::new(
            &types::NOT_IMPLEMENTED_ERROR,
            "__slots__ in a subclass of a C type is not supported by typhon",
        ));
    }
    let layout = crate::slots::layout(name, &bases, &ns, slots)?;
    if let Some((_, root)) = &builtin {
        crate::subclass::check_slots(root, layout.own.len())?;
    }
    let mut data = ClassData::new(name, &qualname, bases, mro_tail, ns);
    // For a class deriving from a built-in type: its instances' word
    // holds the `__dict__`, and the `__slots__` values by name
    // (`slots::member_get`).
    let has_word = layout.has_dict || !layout.names.is_empty();
    data.slot_names = layout.names;
    data.has_dict = layout.has_dict;
    let Some(bt) = base_ty.as_type() else {
        return Err(PyErr::type_error("bases must be types"));
    };
    let spec = abi::HeapTypeSpec {
        meta: types::TYPE.get(),
        name,
        base: bt,
        kind: Kind::INSTANCE,
        flags: abi::TPFLAGS_HAVE_GC,
        data: Box::new(data),
    };
    let cls = if let Some((_, root)) = builtin {
        let Some(cls) = crate::subclass::new_type(spec, root, has_word) else {
            return Err(PyErr::type_error("bases must be types"));
        };
        cls
    } else if exc_base.is_some() {
        abi::new_heap_type::<ExcObj>(abi::HeapTypeSpec {
            kind: Kind::EXC,
            flags: abi::TPFLAGS_HAVE_GC | abi::TPFLAGS_BASE_EXC_SUBCLASS,
            ..spec
        })
    } else if c_base.is_some() {
        let made = abi::new_c_subclass_type(abi::HeapTypeSpec {
            kind: Kind::EXT_SUBCLASS,
            ..spec
        });
        let Some(cls) = made else {
            return Err(PyErr::new(
                &types::NOT_IMPLEMENTED_ERROR,
                format!(
                    "subclassing '{}' (instances of variable size) is not supported by typhon",
                    bt.name()
                ),
            ));
        };
        cls
    } else {
        abi::new_heap_type::<Instance>(spec)
    };
    if let Some(cd) = class_data(&cls) {
        cd.attach(&cls);
    }
    abi::gc_track(&cls);
    crate::slots::install(&cls, &layout.own);
    Ok(cls)
}

/// A new instance of the Python class `cls` (not an exception class) with
/// an empty `__dict__`, tracked by the cycle collector, before `__init__`.
pub fn new_plain_instance(cls: &ObjRef) -> Option<ObjRef> {
    let cd = class_data(cls)?;
    let made = ObjRef::new_instance_with(cls, || Instance::new(cd));
    if let Some(i) = &made {
        abi::gc_track(i);
    }
    made
}

/// `cls(*args, **kwargs)` for a Python class: a new instance, initialized
/// by `__init__` if the class has one.
pub fn call_class(vm: &mut Vm, cls: &ObjRef, args: Args<'_>) -> PyResult<Value> {
    // A stand-in metaclass's `__call__` (`Color(1)` looks a member up).
    let me = Value::Obj(cls.clone());
    if crate::dunder::is_py(&me)
        && let Some(f) = crate::dunder::special(&me, "__call__")
    {
        return call_first(vm, &f, me, args);
    }
    if cls
        .as_type()
        .is_some_and(|t| t.kind() == Kind::EXT_SUBCLASS)
    {
        return call_ext_subclass(vm, cls, args);
    }
    if let Some(root) = crate::subclass::builtin_base_of(cls) {
        return crate::subclass::call_class(vm, cls, root, args);
    }
    let is_exc = cls.as_type().is_some_and(|t| t.kind() == Kind::EXC);
    // A `__new__` of the class's own (an implicit staticmethod) makes the
    // object; `__init__` runs only on an instance of the class.
    let new = cls
        .as_type()
        .filter(|_| !is_exc)
        .and_then(|t| crate::object::class::lookup_static(t, "__new__"));
    if let Some(new) = new {
        let f = descr_get(vm, new, None, cls)?;
        let made = call_first(vm, &f, Value::Obj(cls.clone()), args)?;
        let is_instance = cls
            .as_type()
            .is_some_and(|t| class::is_subclass(made.type_of(), t));
        if !is_instance {
            return Ok(made);
        }
        return init_made(vm, cls, made, args, true);
    }
    let inst = if is_exc {
        // `BaseException.__new__` keeps the arguments as `args`.
        ExcObj::new_of_type(cls, args.pos.to_vec())
    } else {
        if let Some(e) = abstract_instantiation(vm, cls) {
            return Err(e);
        }
        new_plain_instance(cls)
    };
    let Some(inst) = inst else {
        return Err(PyErr::type_error("cannot create instances of this class"));
    };
    init_made(vm, cls, Value::Obj(inst), args, false)
}

/// Runs the `__init__` of `cls` on `inst` with `args` (CPython's
/// `type.__call__` after `__new__`); `own_new`: the class has a `__new__`
/// of its own, which takes the arguments `object.__init__` would refuse.
fn init_made(
    vm: &mut Vm,
    cls: &ObjRef,
    inst: Value,
    args: Args<'_>,
    own_new: bool,
) -> PyResult<Value> {
    let is_exc = cls.as_type().is_some_and(|t| t.kind() == Kind::EXC);
    let init = cls
        .as_type()
        .and_then(|t| crate::object::class::lookup_static(t, "__init__"));
    match init {
        Some(init) => run_init(vm, &init, &inst, args)?,
        None if is_exc => {
            // `ImportError.__init__` takes `name` and `path`.
            if !args.kw.is_empty()
                && let Some(t) = cls.as_type()
                && t.is_subtype(types::IMPORT_ERROR.get())
                && let Value::Obj(e) = &inst
            {
                crate::imports::init_import_error(e, &args)?;
            } else if !args.kw.is_empty() {
                return Err(PyErr::type_error(format!(
                    "{}() takes no keyword arguments",
                    class::type_short_name(cls)
                )));
            }
        }
        None => {
            if !own_new && (!args.pos.is_empty() || !args.kw.is_empty()) {
                return Err(PyErr::type_error(format!(
                    "{}() takes no arguments",
                    class::type_short_name(cls)
                )));
            }
        }
    }
    Ok(inst)
}

/// `object.__new__(cls, *args)`: a bare instance of the Python class
/// `cls`, with CPython's errors for arguments it cannot take.
fn object_new(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let Some(first) = args.pos.first() else {
        return Err(PyErr::type_error("object.__new__(): not enough arguments"));
    };
    let Some(cls) = first.as_obj().filter(|c| c.as_type().is_some()) else {
        return Err(PyErr::type_error(format!(
            "object.__new__(X): X is not a type object ({})",
            first.type_name()
        )));
    };
    let name = class::type_short_name(cls);
    if args.pos.len() > 1 || !args.kw.is_empty() {
        let ty = cls.as_type();
        let own_new =
            ty.is_some_and(|t| crate::object::class::lookup_static(t, "__new__").is_some());
        let own_init =
            ty.is_some_and(|t| crate::object::class::lookup_static(t, "__init__").is_some());
        if own_new {
            return Err(PyErr::type_error(
                "object.__new__() takes exactly one argument (the type to instantiate)",
            ));
        }
        if !own_init {
            return Err(PyErr::type_error(format!("{name}() takes no arguments")));
        }
    }
    if let Some(e) = abstract_instantiation(vm, cls) {
        return Err(e);
    }
    match cls.as_type().map(|t| t.kind()) {
        Some(Kind::EXC) => ExcObj::new_of_type(cls, args.pos[1..].to_vec())
            .map(Value::Obj)
            .ok_or_else(|| PyErr::type_error("cannot create instances of this class")),
        Some(Kind::EXT_SUBCLASS) => match crate::ext::capi() {
            Some(capi) => capi.new_instance(vm, cls, Args { pos: &[], kw: &[] }),
            None => Err(PyErr::type_error("cannot create instances of this class")),
        },
        _ => match new_plain_instance(cls) {
            Some(o) => Ok(Value::Obj(o)),
            None => {
                // CPython names the first class along `tp_base` whose
                // `__new__` is not a Python function of its own.
                let mut base = cls.as_type();
                while let Some(t) = base
                    && t.heap_data::<ClassData>()
                        .and_then(|cd| cd.dict())
                        .is_some_and(|d| d.get_str("__new__").is_some())
                {
                    base = t.base();
                }
                let base = base.map_or(name.clone(), |t| match t.heap_data::<ClassData>() {
                    Some(cd) => cd.name.borrow().clone(),
                    None => t.name().to_owned(),
                });
                Err(PyErr::type_error(format!(
                    "object.__new__({name}) is not safe, use {base}.__new__()"
                )))
            }
        },
    }
}

/// `cls(*args, **kwargs)` for a class deriving from a C type, as CPython's
/// `type.__call__`: the C base's `tp_new` makes the instance (with the
/// class's size, its `__dict__` word included), then the first `__init__`
/// of a Python class along the MRO runs, or else the C base's `tp_init`.
/// An object `tp_new` made of another type is returned uninitialized.
fn call_ext_subclass(vm: &mut Vm, cls: &ObjRef, args: Args<'_>) -> PyResult<Value> {
    let (Some(capi), Some(t)) = (crate::ext::capi(), cls.as_type()) else {
        return Err(PyErr::type_error("cannot create instances of this class"));
    };
    // Its dict may join cycles: the collector tracks the instance, as a
    // class's (CPython's subtypes with a dict are GC types).
    let track = |v: &Value| {
        if let Value::Obj(o) = v
            && o.kind() == Kind::EXT_SUBCLASS
            && !abi::gc_is_tracked(o)
        {
            abi::gc_track(o);
        }
    };
    let init = crate::object::class::lookup_static(t, "__init__")
        .filter(|f| f.kind() != Kind::EXT_DESCRIPTOR);
    let Some(init) = init else {
        // The C type's own construction (`tp_new`, then `tp_init` on an
        // instance of the class), with one argument tuple for both.
        let inst = capi.call(vm, cls, args)?;
        track(&inst);
        return Ok(inst);
    };
    let inst = capi.new_instance(vm, cls, args)?;
    let Value::Obj(o) = &inst else {
        return Ok(inst);
    };
    if !class::is_subclass(o.ty(), t) {
        return Ok(inst);
    }
    track(&inst);
    run_init(vm, &init, &inst, args)?;
    Ok(inst)
}

/// `f(first, *args, **kwargs)`.
pub(crate) fn call_first(vm: &mut Vm, f: &Value, first: Value, args: Args<'_>) -> PyResult<Value> {
    let mut pos = Vec::with_capacity(args.pos.len() + 1);
    pos.push(first);
    pos.extend(args.pos.iter().cloned());
    vm.call_with(
        f,
        Args {
            pos: &pos,
            kw: args.kw,
        },
    )
}

/// Runs the `__init__` `init` on `inst` with `args`; anything but None
/// returned is CPython's TypeError.
pub(crate) fn run_init(vm: &mut Vm, init: &Value, inst: &Value, args: Args<'_>) -> PyResult<()> {
    let r = call_first(vm, init, inst.clone(), args)?;
    if !matches!(r, Value::None) {
        return Err(PyErr::type_error(format!(
            "__init__() should return None, not '{}'",
            r.type_name()
        )));
    }
    Ok(())
}

/// `super().__init__(*args, **kwargs)` reaching a C type: its `tp_init`
/// (the receiver comes first).
fn ext_init(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let Some((Value::Obj(me), rest)) = args.pos.split_first() else {
        return Err(PyErr::type_error("descriptor '__init__' needs an argument"));
    };
    let Some(capi) = crate::ext::capi() else {
        return Err(PyErr::type_error("descriptor '__init__' needs a C type"));
    };
    capi.init_instance(
        vm,
        me,
        Args {
            pos: rest,
            kw: args.kw,
        },
    )?;
    Ok(Value::None)
}

/// The special methods `super()` finds on a C type (CPython's slot
/// wrappers in its dict), each running the C base's slot: a class
/// deriving from a C type holds the C base's slots (its own dunders are
/// Python functions in its dict), so the C API's operations on the
/// receiver reach exactly those.
///
/// Each comes twice: called with its receiver first (through `super()`),
/// and read from the C type itself (`Pair.__init__(self, ...)`), where it
/// is bound to the type and checks the receiver as CPython's wrappers do.
const EXT_SLOT_WRAPPERS: &[(&str, NativeFn, NativeFn)] = &[
    ("__init__", ext_init, |vm, a| {
        unbound(vm, a, "__init__", ext_init)
    }),
    ("__repr__", ext_slot_repr, |vm, a| {
        unbound(vm, a, "__repr__", ext_slot_repr)
    }),
    ("__str__", ext_slot_str, |vm, a| {
        unbound(vm, a, "__str__", ext_slot_str)
    }),
    ("__len__", ext_slot_len, |vm, a| {
        unbound(vm, a, "__len__", ext_slot_len)
    }),
    ("__getitem__", ext_slot_getitem, |vm, a| {
        unbound(vm, a, "__getitem__", ext_slot_getitem)
    }),
    ("__add__", ext_slot_add, |vm, a| {
        unbound(vm, a, "__add__", ext_slot_add)
    }),
    ("__eq__", ext_slot_eq, |vm, a| {
        unbound(vm, a, "__eq__", ext_slot_eq)
    }),
    ("__hash__", ext_slot_hash, |vm, a| {
        unbound(vm, a, "__hash__", ext_slot_hash)
    }),
];

/// The slot wrapper `name` of the C type `t`, if `t` fills that slot:
/// its name, and its function with a receiver and bound to the type.
fn slot_wrapper(t: &ObjRef, name: &str) -> Option<(&'static str, NativeFn, NativeFn)> {
    let ty = t.as_type()?;
    let capi = crate::ext::capi()?;
    let found = EXT_SLOT_WRAPPERS.iter().find(|(n, _, _)| *n == name)?;
    capi.has_slot(ty, name).then_some(*found)
}

/// `C.name` for a C type `C` that `name` is a slot wrapper of (see
/// [`EXT_SLOT_WRAPPERS`]): the wrapper, bound to `C`.
pub fn c_type_slot_wrapper(t: &ObjRef, name: &str) -> Option<Value> {
    if !crate::ext::is_foreign_type(t) {
        return None;
    }
    let (name, _, f) = slot_wrapper(t, name)?;
    Some(Value::Obj(Builtin::new_obj(
        name,
        f,
        Some(Value::Obj(t.clone())),
    )))
}

/// A slot wrapper read from its C type (the first argument): CPython's
/// check that the receiver (the second) is an instance of it, then `f`.
fn unbound(vm: &mut Vm, args: Args<'_>, name: &str, f: NativeFn) -> PyResult<Value> {
    let [Value::Obj(t), rest @ ..] = args.pos else {
        return Err(PyErr::type_error(format!(
            "descriptor '{name}' needs a type"
        )));
    };
    let tname = t.as_type().map_or("?", |t| t.name());
    let Some(me) = rest.first() else {
        return Err(PyErr::type_error(format!(
            "descriptor '{name}' of '{tname}' object needs an argument"
        )));
    };
    let fits = t
        .as_type()
        .is_some_and(|ty| class::is_subclass(me.type_of(), ty));
    if !fits {
        return Err(PyErr::type_error(format!(
            "descriptor '{name}' requires a '{tname}' object but received a '{}'",
            me.type_name()
        )));
    }
    f(
        vm,
        Args {
            pos: rest,
            kw: args.kw,
        },
    )
}

/// The C API and the receiver of a slot wrapper (and the arguments after
/// it, `n` of them, as CPython's wrappers check).
fn ext_slot_args<'a>(
    args: &'a Args<'_>,
    name: &str,
    n: usize,
) -> PyResult<(&'static dyn crate::ext::CApi, &'a ObjRef, &'a [Value])> {
    let (me, rest) = slot_args(args, name, n, "")?;
    match (crate::ext::capi(), me) {
        (Some(capi), Value::Obj(o)) => Ok((capi, o, rest)),
        _ => Err(PyErr::type_error(format!(
            "descriptor '{name}' requires a C type's instance"
        ))),
    }
}

fn ext_slot_repr(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (capi, o, _) = ext_slot_args(&args, "__repr__", 0)?;
    capi.repr(vm, o).map(Value::string)
}

fn ext_slot_str(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (capi, o, _) = ext_slot_args(&args, "__str__", 0)?;
    capi.str(vm, o).map(Value::string)
}

fn ext_slot_len(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (capi, o, _) = ext_slot_args(&args, "__len__", 0)?;
    match capi.len(vm, o)? {
        Some(n) => Ok(Value::Int(n as i64)),
        None => Err(PyErr::type_error(format!(
            "object of type '{}' has no len()",
            o.ty().name()
        ))),
    }
}

fn ext_slot_getitem(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (capi, o, rest) = ext_slot_args(&args, "__getitem__", 1)?;
    match capi.getitem(vm, o, &rest[0])? {
        Some(v) => Ok(v),
        None => Err(PyErr::type_error(format!(
            "'{}' object is not subscriptable",
            o.ty().name()
        ))),
    }
}

fn ext_slot_add(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (capi, o, rest) = ext_slot_args(&args, "__add__", 1)?;
    let me = Value::Obj(o.clone());
    Ok(capi
        .binary_op(vm, crate::bytecode::BinOp::Add, &me, &rest[0])?
        .unwrap_or_else(not_implemented))
}

fn ext_slot_eq(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (capi, o, rest) = ext_slot_args(&args, "__eq__", 1)?;
    let me = Value::Obj(o.clone());
    Ok(capi
        .richcompare(vm, crate::bytecode::CmpOp::Eq, &me, &rest[0])?
        .unwrap_or_else(not_implemented))
}

fn ext_slot_hash(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (capi, o, _) = ext_slot_args(&args, "__hash__", 0)?;
    match capi.hash(o)? {
        Some(h) => Ok(Value::Int(h as i64)),
        None => Err(PyErr::type_error(format!(
            "unhashable type: '{}'",
            o.ty().name()
        ))),
    }
}

/// What the class attribute `descr` gives when read through `receiver`
/// (an instance of `owner`), or through the class `owner` itself
/// (`receiver` `None`): CPython's `tp_descr_get` of functions,
/// `staticmethod`, `classmethod` and `property`.
pub fn descr_get(
    vm: &mut Vm,
    descr: Value,
    receiver: Option<&Value>,
    owner: &ObjRef,
) -> PyResult<Value> {
    Ok(match descr.kind() {
        Kind::FUNCTION => match receiver {
            Some(r) => Value::Obj(BoundMethod::new_obj(descr, r.clone())),
            None => descr,
        },
        // `functools.lru_cache` wrappers and `total_ordering`'s methods
        // bind as functions do.
        Kind::STDLIB if crate::stdlib::binds(&descr) => match receiver {
            Some(r) => Value::Obj(BoundMethod::new_obj(descr, r.clone())),
            None => descr,
        },
        Kind::STATICMETHOD => match descr.downcast::<MethodWrapper>() {
            Some(m) => m.func.clone(),
            None => descr,
        },
        Kind::CLASSMETHOD => match descr.downcast::<MethodWrapper>() {
            Some(m) => Value::Obj(BoundMethod::new_obj(
                m.func.clone(),
                Value::Obj(owner.clone()),
            )),
            None => descr,
        },
        Kind::MEMBER => match receiver {
            Some(r) => crate::slots::member_get(&descr, r)?,
            None => descr,
        },
        // `f = str.upper` in a class body binds like a C type's method.
        Kind::METHOD_DESCR => match (receiver, descr.downcast::<crate::object::MethodDescr>()) {
            (Some(r), Some(d)) => crate::methods::bind_descr(d, r)?,
            _ => descr,
        },
        // A method, member or get-set of a C type (a base of the class).
        Kind::EXT_DESCRIPTOR => match (receiver, descr.as_obj(), crate::ext::capi()) {
            (Some(r), Some(d), Some(capi)) => capi.descr_get(vm, d, r)?,
            _ => descr,
        },
        // An instance of a C type with `tp_descr_get` (a C-defined
        // function wrapper, say).
        Kind::FOREIGN
            if let (Some(d), Some(capi)) = (descr.as_obj(), crate::ext::capi())
                && let Some(v) = capi.slot_descr_get(vm, d, receiver, owner)? =>
        {
            v
        }
        // A namedtuple's field.
        Kind::STDLIB if let Some(r) = crate::stdlib::collections::getter_get(&descr, receiver) => {
            r?
        }
        // An instance of a Python class that defines `__get__`.
        _ if let Some(get) = descr_method(&descr, "__get__") => {
            let r = receiver.cloned().unwrap_or(Value::None);
            vm.call(&get, &[descr, r, Value::Obj(owner.clone())])?
        }
        Kind::PROPERTY => match (receiver, descr.downcast::<PropertyObj>()) {
            (Some(r), Some(p)) => {
                if matches!(p.fget, Value::None) {
                    return Err(PyErr::attribute_error(format!(
                        "property '{}' of '{}' object has no getter",
                        p.display_name(),
                        r.type_name()
                    )));
                }
                vm.call(&p.fget, std::slice::from_ref(r))?
            }
            _ => descr,
        },
        _ => descr,
    })
}

/// Method `name` (`__get__`, `__set__`, `__delete__`) of the class of
/// `descr`, when that is a Python class: a descriptor written in Python.
fn descr_method(descr: &Value, name: &str) -> Option<Value> {
    let o = descr.as_obj()?;
    if o.kind() != Kind::INSTANCE {
        return None;
    }
    lookup(o.ty(), name)
}

/// Whether a class attribute is a data descriptor, which takes loads and
/// stores of the name on instances before their dict: a property, a slot,
/// or an object whose class defines `__set__` or `__delete__`.
pub fn is_data_descriptor(v: &Value) -> bool {
    v.kind() == Kind::PROPERTY
        || v.kind() == Kind::MEMBER
        || crate::stdlib::collections::is_getter(v)
        || is_c_data_descriptor(v)
        || descr_method(v, "__set__").is_some()
        || descr_method(v, "__delete__").is_some()
}

/// Whether `v` is a member or get-set descriptor of a C type.
fn is_c_data_descriptor(v: &Value) -> bool {
    v.kind() == Kind::EXT_DESCRIPTOR
        && matches!((v.as_obj(), crate::ext::capi()), (Some(d), Some(capi)) if capi.is_data_descr(d))
}

/// The property `descr`, if it is one.
fn as_property(descr: &Option<Value>) -> Option<&PropertyObj> {
    descr.as_ref()?.downcast::<PropertyObj>()
}

/// `obj.name` for an instance of a Python class (`None`: no such
/// attribute).
pub fn instance_getattr(vm: &mut Vm, obj: &ObjRef, name: &str) -> Option<PyResult<Value>> {
    let inst = obj.downcast::<Instance>()?;
    match name {
        "__class__" => return Some(Ok(Value::Obj(obj.type_ref()))),
        "__dict__" if class_data(&obj.type_ref()).is_some_and(|cd| cd.has_dict) => {
            // Made from the values if need be; handed out, the dict may
            // join cycles of its own: the collector tracks it from now on
            // (until then it reaches the entries through the instance).
            let d = inst.materialize(class_data(&obj.type_ref())?)?.clone();
            if !abi::gc_is_tracked(&d) {
                abi::gc_track(&d);
            }
            return Some(Ok(Value::Obj(d)));
        }
        _ => {}
    }
    let descr = lookup(obj.ty(), name);
    let me = Value::Obj(obj.clone());
    let owner = obj.type_ref();
    // A data descriptor (a property, a slot, a Python object with
    // `__set__` or `__delete__` and a `__get__`) wins over the instance
    // dict.
    if let Some(d) = &descr
        && is_data_descriptor(d)
        && (d.kind() != Kind::INSTANCE || descr_method(d, "__get__").is_some())
    {
        return Some(descr_get(vm, d.clone(), Some(&me), &owner));
    }
    if let Some(v) = inst.own_attr(name) {
        return Some(Ok(v));
    }
    descr.map(|d| descr_get(vm, d, Some(&me), &owner))
}

/// `obj.name` for an instance of a class deriving from a C type: CPython's
/// `PyObject_GenericGetAttr` over the MRO (Python classes' dicts and the C
/// types' descriptors, in MRO order), with the instance `__dict__` after
/// data descriptors and before the rest.
pub fn ext_instance_getattr(vm: &mut Vm, obj: &ObjRef, name: &str) -> PyResult<Value> {
    let me = Value::Obj(obj.clone());
    match name {
        "__class__" => return Ok(Value::Obj(obj.type_ref())),
        "__dict__" => {
            return match ext_instance_dict(obj) {
                Some(d) => {
                    // Handed out, it may join cycles of its own.
                    if !abi::gc_is_tracked(&d) {
                        abi::gc_track(&d);
                    }
                    Ok(Value::Obj(d))
                }
                None => Err(no_attribute(&me, name)),
            };
        }
        _ => {}
    }
    let descr = lookup(obj.ty(), name);
    let owner = obj.type_ref();
    if let Some(d) = &descr
        && is_data_descriptor(d)
        && (d.kind() != Kind::INSTANCE || descr_method(d, "__get__").is_some())
    {
        return descr_get(vm, d.clone(), Some(&me), &owner);
    }
    if let Some(v) = obj
        .instance_dict()
        .and_then(|d| d.downcast::<DictObj>().and_then(|d| d.get_str(name)))
    {
        return Ok(v);
    }
    if let Some(d) = descr {
        return descr_get(vm, d, Some(&me), &owner);
    }
    object_attr(name, Some(&me)).ok_or_else(|| no_attribute(&me, name))
}

/// The `__dict__` of an instance of a class deriving from a C type, made
/// on first use (untracked until handed out, as an instance's: the
/// collector reaches its entries through the instance).
fn ext_instance_dict(obj: &ObjRef) -> Option<ObjRef> {
    if let Some(d) = obj.instance_dict() {
        return Some(d);
    }
    obj.set_instance_dict(ObjRef::new(types::DICT.get(), DictObj::new()))
        .ok()?;
    obj.instance_dict()
}

/// `obj.name = value` (`Some`) or `del obj.name` (`None`) for an instance
/// of a class deriving from a C type: a data descriptor along the MRO (a
/// property, a C member or get-set...), else the instance `__dict__`.
pub fn ext_instance_setattr(
    vm: &mut Vm,
    obj: &ObjRef,
    name: &str,
    value: Option<Value>,
) -> PyResult<()> {
    let me = Value::Obj(obj.clone());
    if let Some(r) = property_set(vm, obj, name, value.clone()) {
        return r;
    }
    match (name, &value) {
        ("__class__", Some(_)) => {
            return Err(PyErr::new(
                &types::NOT_IMPLEMENTED_ERROR,
                "assigning __class__ of an instance of a C type's subclass is not supported by typhon",
            ));
        }
        ("__class__", None) => {
            return Err(PyErr::type_error("can't delete __class__ attribute"));
        }
        ("__dict__", _) => {
            return Err(PyErr::new(
                &types::NOT_IMPLEMENTED_ERROR,
                format!("assigning {name} is not supported by typhon"),
            ));
        }
        _ => {}
    }
    // A method of the C type (a non-data descriptor) is shadowed by the
    // dict, as in CPython; anything else the class has but cannot store
    // through is not an error either: the dict takes it.
    let Some(d) = ext_instance_dict(obj) else {
        return Err(no_attribute(&me, name));
    };
    set_in_dict(&d, &me, name, value)
}

/// `obj.name = value` (`Some`) or `del obj.name` (`None`) in the instance
/// dict `d` of `me` (a C type's or a built-in type's subclass instance),
/// with CPython's AttributeError for a missing name.
pub(crate) fn set_in_dict(
    d: &ObjRef,
    me: &Value,
    name: &str,
    value: Option<Value>,
) -> PyResult<()> {
    let Some(dict) = d.downcast::<DictObj>() else {
        return Err(no_attribute(me, name));
    };
    match value {
        Some(v) => {
            dict.set_str(name, v);
            Ok(())
        }
        None => match dict.remove(&DictKey::from_str_obj(&StrObj::new_obj(name))) {
            Some(_) => Ok(()),
            None => Err(no_attribute(me, name)),
        },
    }
}

/// `obj.name = value` (`Some(value)`) or `del obj.name` (`None`) when the
/// class has a data descriptor `name` written in Python (its `__set__` or
/// `__delete__` runs) or a property (its setter or deleter runs).
pub(crate) fn property_set(
    vm: &mut Vm,
    obj: &ObjRef,
    name: &str,
    value: Option<Value>,
) -> Option<PyResult<()>> {
    let descr = lookup(obj.ty(), name);
    let me = Value::Obj(obj.clone());
    if descr
        .as_ref()
        .is_some_and(crate::stdlib::collections::is_getter)
    {
        return Some(Err(crate::stdlib::collections::getter_set(&value)));
    }
    if let Some(d) = descr.as_ref().filter(|d| is_c_data_descriptor(d))
        && let (Some(d), Some(capi)) = (d.as_obj(), crate::ext::capi())
    {
        return Some(capi.descr_set(vm, d, &me, value));
    }
    // A descriptor written in Python: its `__set__` or `__delete__`
    // (a data descriptor without the one needed refuses, as CPython's
    // does, naming it).
    if let Some(d) = descr.as_ref().filter(|d| d.kind() == Kind::INSTANCE)
        && is_data_descriptor(d)
    {
        let want = if value.is_some() {
            "__set__"
        } else {
            "__delete__"
        };
        let Some(f) = descr_method(d, want) else {
            return Some(Err(PyErr::attribute_error(want)));
        };
        let r = match value {
            Some(v) => vm.call(&f, &[d.clone(), me, v]),
            None => vm.call(&f, &[d.clone(), me]),
        };
        return Some(r.map(drop));
    }
    let p = as_property(&descr)?;
    let (f, what) = match &value {
        Some(_) => (&p.fset, "setter"),
        None => (&p.fdel, "deleter"),
    };
    if matches!(f, Value::None) {
        return Some(Err(PyErr::attribute_error(format!(
            "property '{}' of '{}' object has no {what}",
            p.display_name(),
            me.type_name()
        ))));
    }
    let f = f.clone();
    let r = match value {
        Some(v) => vm.call(&f, &[me, v]),
        None => vm.call(&f, &[me]),
    };
    Some(r.map(drop))
}

/// LOAD_METHOD on an instance: the function and its receiver when `name`
/// is a function of the class not shadowed by the instance (no bound
/// method is made), else `None`.
pub fn instance_method(obj: &Value, name: &str) -> Option<Value> {
    let o = obj.as_obj()?;
    o.downcast::<Instance>()?;
    if o.ty().heap_data::<ClassData>()?.attr_hooks() & hook::GETATTRIBUTE != 0 {
        return None;
    }
    let f = lookup(o.ty(), name).filter(|f| f.kind() == Kind::FUNCTION)?;
    if o.downcast::<Instance>()?.own_index(name).is_some() {
        return None;
    }
    Some(f)
}

/// `obj.name = value` on an instance.
pub fn instance_setattr(
    vm: &mut Vm,
    obj: &ObjRef,
    name: &str,
    value: Value,
) -> Option<PyResult<()>> {
    let inst = obj.downcast::<Instance>()?;
    if let Some(r) = property_set(vm, obj, name, Some(value.clone())) {
        return Some(r);
    }
    if name == "__class__" {
        return Some(assign_class(vm, obj, &value));
    }
    if name == "__dict__" {
        return Some(Err(PyErr::new(
            &types::NOT_IMPLEMENTED_ERROR,
            format!("assigning {name} is not supported by typhon"),
        )));
    }
    if let Some(r) = crate::slots::slot_set(obj, name, Some(value.clone())) {
        return Some(r);
    }
    let stored = class_data(&obj.type_ref()).is_some_and(|cd| inst.set_own(cd, name, value));
    if !stored {
        return Some(Err(no_attribute(&Value::Obj(obj.clone()), name)));
    }
    Some(Ok(()))
}

/// `obj.__class__ = value` with CPython's rules: a class whose instances
/// have the same layout (both Python classes, the same `__slots__`, both
/// with or both without a `__dict__`). The quickened sites guard on the
/// class, so they see the new one.
pub(crate) fn assign_class(vm: &mut Vm, obj: &ObjRef, value: &Value) -> PyResult<()> {
    let Some(new) = value.as_obj().filter(|o| o.as_type().is_some()) else {
        return Err(PyErr::type_error(format!(
            "__class__ must be set to a class, not '{}' object",
            value.type_name()
        )));
    };
    let old = obj.type_ref();
    let (Some(a), Some(b)) = (class_data(&old), class_data(new)) else {
        return Err(PyErr::type_error(
            "__class__ assignment only supported for mutable types or ModuleType subclasses",
        ));
    };
    let same_layout = a.slot_names == b.slot_names && a.has_dict == b.has_dict;
    // The values follow the old class's shared keys: the instance keeps
    // its attributes in a dict from now on.
    if same_layout && let Some(inst) = obj.downcast::<Instance>() {
        inst.materialize(a);
    }
    // `set_type` also refuses types whose instances hold another payload
    // (an exception and a plain class, say).
    let Some(retired) = same_layout.then(|| obj.set_type(new)).flatten() else {
        return Err(PyErr::type_error(format!(
            "__class__ assignment: '{}' object layout differs from '{}'",
            class::type_short_name(new),
            class::type_short_name(&old)
        )));
    };
    if !vm.retired_classes.iter().any(|c| c.ptr_eq(&retired)) {
        vm.retired_classes.push(retired);
    }
    Ok(())
}

/// `del obj.name` on an instance.
pub fn instance_delattr(vm: &mut Vm, obj: &ObjRef, name: &str) -> Option<PyResult<()>> {
    obj.downcast::<Instance>()?;
    if name == "__class__" {
        return Some(Err(PyErr::type_error("can't delete __class__ attribute")));
    }
    if let Some(r) = property_set(vm, obj, name, None) {
        return Some(r);
    }
    if let Some(r) = crate::slots::slot_set(obj, name, None) {
        return Some(r);
    }
    let Some(d) = Instance::dict_of(obj) else {
        return Some(Err(no_attribute(&Value::Obj(obj.clone()), name)));
    };
    Some(
        match d.remove(&DictKey::from_str_obj(&StrObj::new_obj(name))) {
            Some(_) => Ok(()),
            None => Err(no_attribute(&Value::Obj(obj.clone()), name)),
        },
    )
}

/// `C.name` for a Python class `C` (`None`: no such attribute).
pub fn class_getattr(vm: &mut Vm, cls: &ObjRef, name: &str) -> Option<PyResult<Value>> {
    let Some(v) = class_attr_plain(cls, name) else {
        // What `object` gives every class; `__init_subclass__` is an
        // implicit classmethod.
        let me = Value::Obj(cls.clone());
        let bound = (name == "__init_subclass__").then_some(&me);
        return object_attr(name, bound).map(Ok);
    };
    Some(descr_get(vm, v, None, cls))
}

/// `C[key]` for a type `C`: its `__class_getitem__`, if it is a Python
/// class that has one.
pub fn class_getitem(vm: &mut Vm, cls: &ObjRef, key: &Value) -> PyResult<Value> {
    let f = cls.as_type().and_then(|t| lookup(t, "__class_getitem__"));
    let Some(f) = f else {
        let name = class::type_short_name(cls);
        if class_data(cls).is_none()
            && matches!(
                name.as_str(),
                "list" | "dict" | "tuple" | "type" | "set" | "frozenset"
            )
        {
            return crate::stdlib::generic::alias(vm, cls, key);
        }
        return Err(PyErr::type_error(format!(
            "type '{name}' is not subscriptable"
        )));
    };
    let f = descr_get(vm, f, None, cls)?;
    vm.call(&f, std::slice::from_ref(key))
}

/// `obj.name` for an instance of a class with `__getattribute__` or
/// `__getattr__` (bits of `hooks`): CPython's `slot_tp_getattr_hook`,
/// which calls `__getattr__` when the load raises `AttributeError`.
pub fn hooked_getattr(vm: &mut Vm, obj: &Value, name: &str, hooks: u8) -> PyResult<Value> {
    let ty = obj.type_of();
    let first = if hooks & hook::GETATTRIBUTE != 0
        && let Some(f) = lookup(ty, "__getattribute__")
    {
        vm.call(&f, &[obj.clone(), Value::str(name)])
    } else {
        vm.getattr_default(obj, name)
    };
    match first {
        Err(e) if hooks & hook::GETATTR != 0 && e.matches(types::ATTRIBUTE_ERROR.get()) => {
            let Some(f) = lookup(ty, "__getattr__") else {
                return Err(e);
            };
            drop(e);
            vm.call(&f, &[obj.clone(), Value::str(name)])
        }
        r => r,
    }
}

/// The methods every object gets from `object` that this runtime has:
/// `object.name` (`bound` `None`) or bound to `bound`.
pub fn object_attr(name: &str, bound: Option<&Value>) -> Option<Value> {
    let (name, f): (&'static str, crate::object::NativeFn) = match name {
        "__getattribute__" => ("__getattribute__", object_getattribute),
        "__setattr__" => ("__setattr__", object_setattr),
        "__delattr__" => ("__delattr__", object_delattr),
        "__init__" => ("__init__", object_init),
        // A static method: never bound.
        "__new__" => {
            return Some(Value::Obj(Builtin::new_obj("__new__", object_new, None)));
        }
        "__init_subclass__" => ("__init_subclass__", object_init_subclass),
        "__repr__" => ("__repr__", object_repr),
        "__str__" => ("__str__", object_str),
        "__hash__" => ("__hash__", object_hash),
        "__format__" => ("__format__", object_format),
        "__eq__" => ("__eq__", object_eq),
        "__ne__" => ("__ne__", object_ne),
        "__lt__" => ("__lt__", object_lt),
        "__le__" => ("__le__", object_le),
        "__gt__" => ("__gt__", object_gt),
        "__ge__" => ("__ge__", object_ge),
        _ => return None,
    };
    Some(Value::Obj(Builtin::new_obj(name, f, bound.cloned())))
}

/// The receiver and the rest of the arguments of a slot wrapper of
/// `object` taking `n` arguments after the receiver, with CPython's
/// errors (`prefix` is what CPython puts before "expected").
fn slot_args<'a>(
    args: &'a Args<'_>,
    name: &str,
    n: usize,
    prefix: &str,
) -> PyResult<(&'a Value, &'a [Value])> {
    args.no_kw(&format!("object.{name}"))?;
    let Some((me, rest)) = args.pos.split_first() else {
        return Err(PyErr::type_error(format!(
            "descriptor '{name}' of 'object' object needs an argument"
        )));
    };
    if rest.len() != n {
        return Err(PyErr::type_error(format!(
            "{prefix}expected {n} argument{}, got {}",
            if n == 1 { "" } else { "s" },
            rest.len()
        )));
    }
    Ok((me, rest))
}

fn not_implemented() -> Value {
    Value::Obj(ObjRef::from_static_object(
        &crate::object::value::NOT_IMPLEMENTED,
    ))
}

/// `object.__eq__`'s answer: `True` for the same object, else
/// `NotImplemented`.
fn identity_eq(a: &Value, b: &Value) -> Value {
    match (a, b) {
        (Value::Obj(a), Value::Obj(b)) if a.ptr_eq(b) => Value::Bool(true),
        _ => not_implemented(),
    }
}

/// `object.__repr__(self)`: `<module.Qualname object at 0x…>`, whatever
/// the class's own `__repr__` says.
fn object_repr(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (me, _) = slot_args(&args, "__repr__", 0, "")?;
    Ok(Value::string(match me {
        Value::Obj(o) if o.ty().is_heap_type() => instance_repr(o),
        Value::Obj(o) => format!("<{} object at {:#x}>", o.ty().name(), o.as_ptr() as usize),
        _ => crate::ops::repr(vm, me)?,
    }))
}

/// `object.__str__(self)`: `repr(self)` (through the class's `__repr__`).
fn object_str(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (me, _) = slot_args(&args, "__str__", 0, "")?;
    crate::ops::repr(vm, me).map(Value::string)
}

/// `object.__hash__(self)`: by identity.
fn object_hash(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (me, _) = slot_args(&args, "__hash__", 0, "")?;
    Ok(Value::Int(match me {
        Value::Obj(o) => ((o.as_ptr() as u64) >> 4) as i64,
        _ => crate::ops::hash_value(me)? as i64,
    }))
}

/// `object.__format__(self, spec)`: `str(self)` for an empty spec.
fn object_format(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (me, rest) = slot_args(&args, "__format__", 1, "")?;
    let Some(spec) = rest[0].as_str() else {
        return Err(PyErr::type_error(format!(
            "__format__() argument must be str, not {}",
            rest[0].type_name()
        )));
    };
    if !spec.is_empty() {
        return Err(PyErr::type_error(format!(
            "unsupported format string passed to {}.__format__",
            me.type_name()
        )));
    }
    crate::ops::str_of(vm, me).map(Value::string)
}

/// `object.__eq__(self, other)`: `True` for the same object, else
/// `NotImplemented`.
fn object_eq(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (me, rest) = slot_args(&args, "__eq__", 1, "")?;
    Ok(identity_eq(me, &rest[0]))
}

/// `object.__ne__(self, other)`: the inverse of `self.__eq__(other)`
/// (the class's, if it has one), `NotImplemented` passed on.
fn object_ne(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (me, rest) = slot_args(&args, "__ne__", 1, "")?;
    let eq = match crate::dunder::call(vm, me, "__eq__", &rest[..1]) {
        Some(r) => r?,
        None => identity_eq(me, &rest[0]),
    };
    if eq.kind() == Kind::NOT_IMPLEMENTED {
        return Ok(eq);
    }
    Ok(Value::Bool(!crate::ops::truthy(vm, &eq)?))
}

/// `object.__lt__` and the other orderings: `NotImplemented`.
fn object_lt(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    slot_args(&args, "__lt__", 1, "").map(|_| not_implemented())
}

fn object_le(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    slot_args(&args, "__le__", 1, "").map(|_| not_implemented())
}

fn object_gt(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    slot_args(&args, "__gt__", 1, "").map(|_| not_implemented())
}

fn object_ge(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    slot_args(&args, "__ge__", 1, "").map(|_| not_implemented())
}

/// `object.__getattribute__(self, name)`.
fn object_getattribute(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (me, rest) = slot_args(&args, "__getattribute__", 1, "")?;
    let name = crate::builtins::attr_name(&rest[0])?;
    vm.getattr_default(me, name)
}

/// `object.__setattr__(self, name, value)`.
fn object_setattr(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    // CPython 3.11's message for this one starts with a space.
    let (me, rest) = slot_args(&args, "__setattr__", 2, " ")?;
    let name = crate::builtins::attr_name(&rest[0])?;
    vm.setattr_default(me, name, rest[1].clone())?;
    Ok(Value::None)
}

/// `object.__delattr__(self, name)`.
fn object_delattr(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (me, rest) = slot_args(&args, "__delattr__", 1, "")?;
    let name = crate::builtins::attr_name(&rest[0])?;
    vm.delattr_default(me, name)?;
    Ok(Value::None)
}

/// `object.__init_subclass__()`: bound to the class; takes nothing.
fn object_init_subclass(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    // CPython names the class it is bound to.
    let owner = match args.pos.first().and_then(|c| c.as_obj()) {
        Some(c) if c.as_type().is_some() => class::type_short_name(c),
        _ => "object".to_owned(),
    };
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "{owner}.__init_subclass__() takes no keyword arguments"
        )));
    }
    let extra = args.pos.len().saturating_sub(1);
    if extra > 0 {
        return Err(PyErr::type_error(format!(
            "{owner}.__init_subclass__() takes no arguments ({extra} given)"
        )));
    }
    Ok(Value::None)
}

/// The attributes of every type that describe its place in the
/// hierarchy: `__mro__`, `__bases__`, `__base__` and `mro()`.
pub fn type_attr(t: &ObjRef, name: &str) -> Option<Value> {
    let ty = t.as_type()?;
    Some(match name {
        "__mro__" => Value::tuple(mro_of(t).into_iter().map(Value::Obj).collect()),
        "__bases__" => Value::tuple(match class_data(t) {
            Some(cd) => cd.bases.iter().cloned().map(Value::Obj).collect(),
            None => crate::object::class::static_bases(ty)
                .into_iter()
                .map(Value::Obj)
                .collect(),
        }),
        "__base__" => match class_data(t) {
            Some(cd) => cd
                .bases
                .iter()
                .find(|b| has_layout(b))
                .or_else(|| cd.bases.first())
                .cloned()
                .map_or(Value::None, Value::Obj),
            None => ty.base().map_or(Value::None, |b| Value::Obj(b.to_ref())),
        },
        // `type.mro` itself is the unbound method.
        "mro" if std::ptr::eq(ty, types::TYPE.get()) => {
            Value::Obj(Builtin::new_obj("mro", type_mro_unbound, None))
        }
        "mro" => Value::Obj(Builtin::new_obj(
            "mro",
            type_mro,
            Some(Value::Obj(t.clone())),
        )),
        "__subclasses__" => Value::Obj(Builtin::new_obj(
            "__subclasses__",
            type_subclasses,
            Some(Value::Obj(t.clone())),
        )),
        // The class method and static method of `bytes` and `bytearray`
        // take the type they were reached through first (for the result's
        // type and the messages' names).
        "fromhex" | "maketrans"
            if std::ptr::eq(ty, types::BYTES.get()) || std::ptr::eq(ty, types::BYTEARRAY.get()) =>
        {
            let (name, f): (&'static str, crate::object::NativeFn) = if name == "fromhex" {
                ("fromhex", crate::bytes::methods::fromhex)
            } else {
                ("maketrans", crate::translate::bytes_maketrans_bound)
            };
            Value::Obj(Builtin::new_obj(name, f, Some(Value::Obj(t.clone()))))
        }
        "maketrans" if std::ptr::eq(ty, types::STR.get()) => Value::Obj(Builtin::new_obj(
            "maketrans",
            crate::translate::str_maketrans,
            None,
        )),
        "fromhex" if std::ptr::eq(ty, types::FLOAT.get()) => Value::Obj(Builtin::new_obj(
            "fromhex",
            crate::methods::float_fromhex,
            Some(Value::Obj(t.clone())),
        )),
        "fromkeys" if std::ptr::eq(ty, types::DICT.get()) => Value::Obj(Builtin::new_obj(
            "fromkeys",
            crate::methods::dict_fromkeys,
            None,
        )),
        "from_bytes" if std::ptr::eq(ty, types::INT.get()) => Value::Obj(Builtin::new_obj(
            "from_bytes",
            crate::methods::int_from_bytes,
            None,
        )),
        // `tuple.__new__`.
        "__new__" if let Some(v) = crate::subclass::type_attr(ty, name) => v,
        // A method of a built-in type's table, unbound (`str.upper`).
        _ if !ty.is_heap_type() => return crate::methods::descriptor(ty.kind(), name),
        _ => return None,
    })
}

/// Whether instances of `t` have a layout beyond `object`'s (CPython's
/// "solid base" is not `object`): a static or C type other than `object`
/// is in its MRO. CPython's `__base__` is the base with such a layout.
fn has_layout(t: &ObjRef) -> bool {
    let object = types::OBJECT.get();
    mro_of(t).iter().any(|b| {
        b.as_type()
            .is_some_and(|b| !b.is_heap_type() && !std::ptr::eq(b, object))
    })
}

/// `C.mro()`: the MRO as a list (bound to the type).
fn type_mro(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let Some(Value::Obj(t)) = args.pos.first() else {
        return Err(PyErr::new(&types::SYSTEM_ERROR, "mro() without its type"));
    };
    if args.pos.len() > 1 || !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "{}.mro() takes no arguments ({} given)",
            class::type_short_name(t),
            args.pos.len() - 1 + args.kw.len()
        )));
    }
    Ok(Value::list(mro_of(t).into_iter().map(Value::Obj).collect()))
}

/// `C.__subclasses__()` (bound to the type): a Python class's direct
/// subclasses that still exist, in the order they were made. A built-in
/// type does not know its subclasses.
fn type_subclasses(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let Some(Value::Obj(t)) = args.pos.first() else {
        return Err(PyErr::new(
            &types::SYSTEM_ERROR,
            "__subclasses__() without its type",
        ));
    };
    if args.pos.len() > 1 || !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "{}.__subclasses__() takes no arguments ({} given)",
            class::type_short_name(t),
            args.pos.len() - 1 + args.kw.len()
        )));
    }
    let Some(cd) = class_data(t) else {
        return Err(PyErr::new(
            &types::NOT_IMPLEMENTED_ERROR,
            format!(
                "{}.__subclasses__() of a built-in or C type is not supported by typhon",
                class::type_short_name(t)
            ),
        ));
    };
    Ok(Value::list(
        cd.subclasses().into_iter().map(Value::Obj).collect(),
    ))
}

/// `type.mro(C)`.
fn type_mro_unbound(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    match args.pos.first() {
        None => Err(PyErr::type_error(
            "unbound method type.mro() needs an argument",
        )),
        Some(Value::Obj(t)) if t.as_type().is_some() => type_mro(vm, args),
        Some(v) => Err(PyErr::type_error(format!(
            "descriptor 'mro' for 'type' objects doesn't apply to a '{}' object",
            v.type_name()
        ))),
    }
}

fn class_attr_plain(cls: &ObjRef, name: &str) -> Option<Value> {
    let cd = class_data(cls)?;
    let from_dict = |n: &str| cd.dict().and_then(|d| d.get_str(n));
    match name {
        "__name__" => return Some(Value::str(&cd.name.borrow())),
        "__qualname__" => return Some(Value::str(&cd.qualname.borrow())),
        "__doc__" => return Some(from_dict("__doc__").unwrap_or(Value::None)),
        "__bases__" | "__mro__" | "__base__" | "mro" | "__subclasses__" => {
            return type_attr(cls, name);
        }
        "__class__" => return Some(Value::Obj(cls.type_ref())),
        // A copy: CPython's is a read-only proxy, and writes to the class
        // must go through `setattr` to move its version tag.
        "__dict__" => {
            return Some(Value::Obj(DictObj::into_obj(cd.dict()?.copy())));
        }
        _ => {}
    }
    let t = cls.as_type()?;
    lookup(t, name).or_else(|| {
        // What the built-in base has: `D.keys`, `D.__getitem__`.
        let root = crate::subclass::builtin_base(t)?;
        crate::subclass::class_attr(cls, root, name)
    })
}

/// `C.name = value` for a Python class.
pub fn class_setattr(cls: &ObjRef, name: &str, value: Value) -> Option<PyResult<()>> {
    let cd = class_data(cls)?;
    match name {
        "__name__" | "__qualname__" => {
            let Some(s) = value.as_str() else {
                return Some(Err(PyErr::type_error(format!(
                    "can only assign string to {}.{name}, not '{}'",
                    cd.name.borrow(),
                    value.type_name()
                ))));
            };
            let target = if name == "__name__" {
                &cd.name
            } else {
                &cd.qualname
            };
            *target.borrow_mut() = s.to_owned();
            Some(Ok(()))
        }
        _ => {
            cd.set_attr(name, value);
            Some(Ok(()))
        }
    }
}

/// `f.name = value` (`None`: `del f.name`) for a Python function: its
/// `__name__`, `__qualname__`, `__doc__`, `__module__`, `__dict__` and
/// `__annotations__`, and anything else in its `__dict__`, with CPython's checks.
pub fn function_setattr(o: &ObjRef, name: &str, value: Option<Value>) -> Option<PyResult<()>> {
    let f = o.downcast::<crate::object::Function>()?;
    let must_be_str = |what: &str| {
        Err(PyErr::type_error(format!(
            "{what} must be set to a string object"
        )))
    };
    let old = {
        let Ok(mut attrs) = f.attrs.try_borrow_mut() else {
            return Some(Err(PyErr::runtime_error("function attributes are busy")));
        };
        let a = attrs.get_or_insert_with(Default::default);
        match (name, value) {
            ("__name__", Some(v)) if v.kind() == Kind::STR => a.name.replace(v),
            ("__name__", _) => return Some(must_be_str("__name__")),
            ("__qualname__", Some(v)) if v.kind() == Kind::STR => a.qualname.replace(v),
            ("__qualname__", _) => return Some(must_be_str("__qualname__")),
            ("__doc__", v) => a.doc.replace(v.unwrap_or(Value::None)),
            ("__annotations__", None | Some(Value::None)) => a.annotations.take(),
            ("__annotations__", Some(v)) if v.kind() == Kind::DICT => a.annotations.replace(v),
            ("__annotations__", Some(_)) => {
                return Some(Err(PyErr::type_error(
                    "__annotations__ must be set to a dict object",
                )));
            }
            ("__module__", v) => a.module.replace(v.unwrap_or(Value::None)),
            ("__dict__", Some(Value::Obj(d))) if d.kind() == Kind::DICT => {
                a.dict.replace(d).map(Value::Obj)
            }
            ("__dict__", Some(v)) => {
                return Some(Err(PyErr::type_error(format!(
                    "__dict__ must be set to a dictionary, not a '{}'",
                    v.type_name()
                ))));
            }
            ("__dict__", None) => {
                return Some(Err(PyErr::type_error("cannot delete __dict__")));
            }
            (
                "__defaults__" | "__kwdefaults__" | "__code__" | "__closure__" | "__globals__"
                | "__builtins__",
                _,
            ) => return None,
            (_, value) => {
                drop(attrs);
                let d = f.dict()?;
                let d = d.downcast::<DictObj>()?;
                return Some(match value {
                    Some(v) => {
                        d.set_str(name, v);
                        Ok(())
                    }
                    None => match d.remove(&crate::object::DictKey::from_str_obj(
                        &crate::object::StrObj::new_obj(name),
                    )) {
                        Some(_) => Ok(()),
                        None => Err(no_attribute(&Value::Obj(o.clone()), name)),
                    },
                });
            }
        }
    };
    drop(old);
    Some(Ok(()))
}

/// `del C.name` for a Python class.
pub fn class_delattr(cls: &ObjRef, name: &str) -> Option<PyResult<()>> {
    let cd = class_data(cls)?;
    Some(if cd.del_attr(name) {
        Ok(())
    } else {
        Err(PyErr::attribute_error(format!(
            "type object '{}' has no attribute '{name}'",
            cd.name.borrow()
        )))
    })
}

/// `repr(C)` of a Python class: `<class 'module.Qualname'>`.
pub fn class_repr(cls: &ObjRef) -> Option<String> {
    let cd = class_data(cls)?;
    let module = cd
        .dict()
        .and_then(|d| d.get_str("__module__"))
        .and_then(|m| m.as_str().map(str::to_owned));
    Some(match module {
        Some(m) if m != "builtins" => format!("<class '{m}.{}'>", cd.qualname.borrow()),
        _ => format!("<class '{}'>", cd.qualname.borrow()),
    })
}

/// The default `repr` of an instance: `<module.Qualname object at 0x…>`.
pub fn instance_repr(obj: &ObjRef) -> String {
    let t = obj.type_ref();
    let (module, qual) = match class_data(&t) {
        Some(cd) => (
            cd.dict()
                .and_then(|d| d.get_str("__module__"))
                .and_then(|m| m.as_str().map(str::to_owned)),
            cd.qualname.borrow().clone(),
        ),
        None => (None, obj.ty().name().to_owned()),
    };
    match module {
        Some(m) if m != "builtins" => {
            format!("<{m}.{qual} object at {:#x}>", obj.as_ptr() as usize)
        }
        _ => format!("<{qual} object at {:#x}>", obj.as_ptr() as usize),
    }
}

/// `super(cls, obj)`.
pub fn new_super(args: Args<'_>) -> PyResult<Value> {
    args.no_kw("super")?;
    match args.pos {
        [] => Err(PyErr::new(&types::RUNTIME_ERROR, "super(): no arguments")),
        [cls, obj] => {
            let Some(c) = cls.as_obj().filter(|o| o.as_type().is_some()) else {
                return Err(PyErr::type_error(format!(
                    "super() argument 1 must be a type, not {}",
                    cls.type_name()
                )));
            };
            let ok = match obj.as_obj().and_then(|o| o.as_type()) {
                Some(t) if c.as_type().is_some_and(|ct| class::is_subclass(t, ct)) => true,
                _ => c
                    .as_type()
                    .is_some_and(|ct| class::is_subclass(obj.type_of(), ct)),
            };
            if !ok {
                return Err(PyErr::type_error(
                    "super(type, obj): obj must be an instance or subtype of type",
                ));
            }
            Ok(Value::Obj(SuperObj::new_obj(c.clone(), obj.clone())))
        }
        _ => Err(PyErr::new(
            &types::NOT_IMPLEMENTED_ERROR,
            "this form of super() is not supported by typhon",
        )),
    }
}

/// `BaseException.__init__(self, *args)`: sets `args`.
fn exc_init(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("BaseException.__init__")?;
    let Some((me, rest)) = args.pos.split_first() else {
        return Err(PyErr::type_error("descriptor '__init__' needs an argument"));
    };
    match me.downcast::<ExcObj>() {
        Some(e) => {
            let old = e.args.replace(Value::tuple(rest.to_vec()));
            drop(old);
            Ok(Value::None)
        }
        None => Err(PyErr::type_error(
            "descriptor '__init__' requires a 'BaseException' object",
        )),
    }
}

/// `object.__init__(self)`.
fn object_init(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    if args.pos.len() > 1 || !args.kw.is_empty() {
        return Err(PyErr::type_error(
            "object.__init__() takes exactly one argument (the instance to initialize)",
        ));
    }
    Ok(Value::None)
}

/// What a built-in base in an MRO contributes to a lookup through
/// `super()`: its `__init__`, bound to `obj`.
fn static_attr(t: &ObjRef, name: &str, obj: &Value) -> Option<Value> {
    if name == "__init__" && static_exception(t).is_some() {
        return Some(Value::Obj(Builtin::new_obj(
            "__init__",
            exc_init,
            Some(obj.clone()),
        )));
    }
    if is_static(t, &types::OBJECT) {
        return object_attr(name, Some(obj));
    }
    if let Some(v) = crate::subclass::super_attr(t, name, obj) {
        return Some(v);
    }
    if crate::ext::is_foreign_type(t) {
        if let Some((name, f, _)) = slot_wrapper(t, name) {
            return Some(Value::Obj(Builtin::new_obj(name, f, Some(obj.clone()))));
        }
        // Its methods, members and get-sets (bound by `super_getattr`).
        return t
            .as_type()?
            .dict_ref()?
            .downcast::<DictObj>()?
            .get_str(name);
    }
    None
}

/// The attribute `name` found after `s.cls` in the MRO, unbound.
fn super_find(s: &SuperObj, name: &str) -> Option<Value> {
    let start = match s.obj.as_obj().filter(|o| o.as_type().is_some()) {
        Some(t) => t.clone(),
        None => match &s.obj {
            Value::Obj(o) => o.type_ref(),
            _ => return None,
        },
    };
    let mro = mro_of(&start);
    let pos = mro.iter().position(|t| t.ptr_eq(&s.cls))?;
    mro[pos + 1..].iter().find_map(|t| match class_data(t) {
        Some(cd) => cd.dict().and_then(|d| d.get_str(name)),
        None => static_attr(t, name, &s.obj),
    })
}

/// `super(...).name`.
pub fn super_getattr(vm: &mut Vm, o: &ObjRef, name: &str) -> Option<PyResult<Value>> {
    let s = o.downcast::<SuperObj>()?;
    let v = super_find(s, name)?;
    // Through a class (`super(C, cls)` in a classmethod), functions stay
    // plain functions and classmethods bind to that class.
    if let Some(cls) = s.obj.as_obj().filter(|x| x.as_type().is_some()) {
        let cls = cls.clone();
        return Some(descr_get(vm, v, None, &cls));
    }
    let owner = match &s.obj {
        Value::Obj(x) => x.type_ref(),
        _ => s.cls.clone(),
    };
    let me = s.obj.clone();
    Some(descr_get(vm, v, Some(&me), &owner))
}

/// LOAD_METHOD on a super object: the function and the receiver.
pub fn super_method(o: &Value, name: &str) -> Option<(Value, Value)> {
    let s = o.downcast::<SuperObj>()?;
    if s.obj.as_obj().is_some_and(|x| x.as_type().is_some()) {
        return None;
    }
    let f = super_find(s, name).filter(|f| f.kind() == Kind::FUNCTION)?;
    Some((f, s.obj.clone()))
}

/// `e.name` for an exception: its own `__dict__`, then its class's
/// attributes (methods bound), after the built-in ones (`args`...).
pub fn exc_getattr(vm: &mut Vm, o: &ObjRef, name: &str) -> Option<PyResult<Value>> {
    let e = o.downcast::<ExcObj>()?;
    match name {
        "__class__" => return Some(Ok(Value::Obj(o.type_ref()))),
        "__dict__" => return Some(Ok(Value::Obj(exc_dict(e)))),
        _ => {}
    }
    let descr = lookup(o.ty(), name);
    let me = Value::Obj(o.clone());
    let owner = o.type_ref();
    if as_property(&descr).is_some()
        && let Some(d) = descr
    {
        return Some(descr_get(vm, d, Some(&me), &owner));
    }
    if let Some(v) = e
        .dict
        .borrow()
        .as_ref()
        .and_then(|d| d.downcast::<DictObj>())
        .and_then(|d| d.get_str(name))
    {
        return Some(Ok(v));
    }
    descr.map(|d| descr_get(vm, d, Some(&me), &owner))
}

/// The `__dict__` of an exception, made on first use.
fn exc_dict(e: &ExcObj) -> ObjRef {
    e.dict
        .borrow_mut()
        .get_or_insert_with(DictObj::new_obj)
        .clone()
}

/// `e.name = value` for an exception (`args` is kept as a tuple).
pub fn exc_setattr(vm: &mut Vm, o: &ObjRef, name: &str, value: Value) -> Option<PyResult<()>> {
    let e = o.downcast::<ExcObj>()?;
    if name == "__class__" {
        return Some(assign_class(vm, o, &value));
    }
    if o.ty().is_heap_type()
        && let Some(r) = property_set(vm, o, name, Some(value.clone()))
    {
        return Some(r);
    }
    if name == "args" {
        let items = match crate::ops::seq_items_checked(&value) {
            Some(items) => items,
            None => {
                return Some(Err(PyErr::new(
                    &types::NOT_IMPLEMENTED_ERROR,
                    "setting args to a non-sequence is not supported by typhon",
                )));
            }
        };
        let old = e.args.replace(Value::tuple(items));
        drop(old);
        return Some(Ok(()));
    }
    if let Some(d) = exc_dict(e).downcast::<DictObj>() {
        d.set_str(name, value);
    }
    Some(Ok(()))
}

/// The name an uncaught exception's type is printed with: the qualified
/// name, after its module unless that is `builtins` or `__main__` (as
/// CPython's `print_exception` does).
pub fn exception_type_name(t: &abi::TypeObject) -> String {
    let Some(cd) = t.heap_data::<ClassData>() else {
        return t.name().to_owned();
    };
    let module = cd
        .dict()
        .and_then(|d| d.get_str("__module__"))
        .and_then(|m| m.as_str().map(str::to_owned));
    match module {
        Some(m) if m != "builtins" && m != "__main__" => format!("{m}.{}", cd.qualname.borrow()),
        _ => cd.qualname.borrow().clone(),
    }
}

/// `repr` of a bound method: `<bound method C.f of <repr of self>>`.
pub fn method_qualname(m: &BoundMethod) -> String {
    match m.func.downcast::<Function>() {
        Some(f) => f.code.qualname.clone(),
        None => "?".into(),
    }
}

/// At shutdown, after the last collection: classes C code made
/// (`PyErr_NewException`) that are still alive are held by the
/// extension's own storage (the usual `static PyObject *Error` with its
/// extra reference), as in CPython, where they are never freed either.
/// They become immortal with their dicts, so leak checks count only what
/// the interpreter itself failed to free.
pub fn keep_c_classes() {
    for o in abi::gc_tracked() {
        let Some(cd) = class_data(&o).filter(|cd| cd.made_by_c.get()) else {
            continue;
        };
        if let Some(d) = cd.dict() {
            for (k, v) in d.items() {
                for x in [k, v] {
                    if let Value::Obj(x) = x {
                        abi::make_immortal(&x);
                    }
                }
            }
        }
        abi::make_immortal(&cd.dict);
        abi::make_immortal(&o);
    }
}
