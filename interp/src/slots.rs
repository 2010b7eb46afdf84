//! `__slots__`: the instance layout a class body asks for, the slot
//! descriptors on the class (`member_descriptor`), and reads and writes of
//! slots, with CPython 3.11's rules and messages.
//!
//! A class's slots are its bases' slots followed by its own
//! (`ClassData::slot_names`); an instance keeps one value per slot in
//! `Instance::slots`, and has a `__dict__` only when `ClassData::has_dict`
//! says so (no `__slots__`, `__dict__` listed, or a base's instances have
//! one). Each slot the class declares becomes a [`MemberDescr`] in the
//! class dict: a data descriptor, so it wins over an instance dict, as in
//! CPython. The quickened forms LOAD_ATTR_SLOT/STORE_ATTR_SLOT read the
//! slot index straight from their cache.

use crate::object::class::{ClassData, MemberDescr, class_data};
use crate::object::types;
use crate::object::{DictObj, Instance, ObjRef, PyErr, PyResult, Value};
use crate::vm::Vm;

/// The names `__slots__` in the class namespace `ns` lists (a single
/// `str`, or any iterable of them), or `None` without `__slots__`.
pub fn declared(vm: &mut Vm, ns: &ObjRef) -> PyResult<Option<Vec<Value>>> {
    let Some(v) = ns
        .downcast::<DictObj>()
        .and_then(|d| d.get_str("__slots__"))
    else {
        return Ok(None);
    };
    if v.as_str().is_some() {
        return Ok(Some(vec![v]));
    }
    crate::ops::collect(vm, &v).map(Some)
}

/// A class's instance layout: every slot name (inherited first), the
/// names the class adds (with their indexes), and whether instances have
/// a `__dict__`.
pub struct Layout {
    /// All slot names, in `Instance::slots` order.
    pub names: Vec<String>,
    /// The slots this class declares: (name, index).
    pub own: Vec<(String, usize)>,
    /// Whether instances have a `__dict__`.
    pub has_dict: bool,
}

/// The layout of a new class `name` with `bases`, namespace `ns` and the
/// `__slots__` entries `declared` (see [`declared`]); CPython's
/// `type_new` checks, in its order.
pub fn layout(
    name: &str,
    bases: &[ObjRef],
    ns: &ObjRef,
    declared: Option<&[Value]>,
) -> PyResult<Layout> {
    // The base with the longest slot list decides the layout; every other
    // base's slots must be the start of it (CPython's "solid base").
    let mut inherited: &[String] = &[];
    let mut base_dict = false;
    for b in bases {
        let (names, dict): (&[String], bool) = match class_data(b) {
            Some(cd) => (&cd.slot_names, cd.has_dict),
            // `object` has neither; an exception's instances have a dict.
            None => (
                &[],
                b.as_type().is_some_and(|t| {
                    crate::object::class::is_subclass(t, types::BASE_EXCEPTION.get())
                }),
            ),
        };
        base_dict |= dict;
        if names.starts_with(inherited) {
            inherited = names;
        } else if !inherited.starts_with(names) {
            return Err(PyErr::type_error(
                "multiple bases have instance lay-out conflict",
            ));
        }
    }
    let mut names = inherited.to_vec();
    let Some(declared) = declared else {
        return Ok(Layout {
            names,
            own: Vec::new(),
            has_dict: true,
        });
    };
    let mut add_dict = false;
    let mut add_weakref = false;
    let mut own = Vec::new();
    for item in declared {
        let Some(s) = item.as_str() else {
            return Err(PyErr::type_error(format!(
                "__slots__ items must be strings, not '{}'",
                item.type_name()
            )));
        };
        if !crate::unicode::is_identifier(s) {
            return Err(PyErr::type_error("__slots__ must be identifiers"));
        }
        match s {
            "__dict__" => {
                if base_dict || add_dict {
                    return Err(PyErr::type_error(
                        "__dict__ slot disallowed: we already got one",
                    ));
                }
                add_dict = true;
            }
            // Weak references are not supported; the slot is accepted
            // (once), as CPython accepts it.
            "__weakref__" => {
                if add_weakref {
                    return Err(PyErr::type_error(
                        "__weakref__ slot disallowed: either we already got one, or __itemsize__ != 0",
                    ));
                }
                add_weakref = true;
            }
            _ => {
                // A private name is mangled with the class's name, as
                // the compiler mangles `self.__x` in its methods.
                let private = crate::compile::mangle::private_of(name);
                let slot =
                    crate::compile::mangle::mangle(private, s).unwrap_or_else(|| s.to_owned());
                if ns
                    .downcast::<DictObj>()
                    .is_some_and(|d| d.get_str(&slot).is_some())
                {
                    return Err(PyErr::value_error(format!(
                        "'{slot}' in __slots__ conflicts with class variable"
                    )));
                }
                own.push((slot.clone(), names.len()));
                names.push(slot);
            }
        }
    }
    Ok(Layout {
        names,
        own,
        has_dict: base_dict || add_dict,
    })
}

/// Puts the descriptors of the slots `own` of the new class `cls` into its
/// dict (before anything could have cached a lookup in it).
pub fn install(cls: &ObjRef, own: &[(String, usize)]) {
    let Some(cd) = class_data(cls) else {
        return;
    };
    for (name, index) in own {
        let d = ObjRef::new(
            types::MEMBER_DESCRIPTOR.get(),
            MemberDescr {
                name: name.clone(),
                index: *index,
                owner: cls.as_ptr() as usize,
                owner_name: cd.name.borrow().clone(),
            },
        );
        if let Some(dict) = cd.dict() {
            dict.set_str(name, Value::Obj(d));
        }
    }
}

/// Where an object keeps its slots: an instance's own array, or, for an
/// instance of a class deriving from a built-in type, the dict in its
/// `__dict__` word, by name (see `crate::subclass`).
enum Storage<'o> {
    Instance(&'o Instance),
    Dict(ObjRef),
}

/// The slot storage of `obj` if its class is the slot's class or derives
/// from it (so it has the slot); else CPython's TypeError.
fn receiver<'o>(m: &MemberDescr, obj: &'o Value) -> PyResult<Storage<'o>> {
    let fits = obj.as_obj().and_then(|o| {
        let t = o.ty();
        let cd: &ClassData = t.heap_data::<ClassData>()?;
        let own = std::ptr::eq(
            t as *const abi::TypeObject as *const u8,
            m.owner as *const u8,
        );
        let derived = cd.mro_tail.iter().any(|c| c.as_ptr() as usize == m.owner);
        if !(own || derived) || m.index >= cd.slot_names.len() {
            return None;
        }
        match o.downcast::<Instance>() {
            Some(inst) => Some(Storage::Instance(inst)),
            None => crate::subclass::slot_storage(o).map(Storage::Dict),
        }
    });
    fits.ok_or_else(|| {
        PyErr::type_error(format!(
            "descriptor '{}' for '{}' objects doesn't apply to a '{}' object",
            m.name,
            m.owner_name,
            obj.type_name()
        ))
    })
}

/// `obj.slot` through the slot descriptor `descr`.
pub fn member_get(descr: &Value, obj: &Value) -> PyResult<Value> {
    let Some(m) = descr.downcast::<MemberDescr>() else {
        return Err(PyErr::type_error("expected a member descriptor"));
    };
    let v = match receiver(m, obj)? {
        Storage::Instance(inst) => inst
            .slots
            .try_borrow()
            .ok()
            .and_then(|s| s.get(m.index).cloned().flatten()),
        Storage::Dict(d) => d.downcast::<DictObj>().and_then(|d| d.get_str(&m.name)),
    };
    v.ok_or_else(|| crate::vm::no_attribute(obj, &m.name))
}

/// `obj.slot = value` (`Some`) or `del obj.slot` (`None`) through the slot
/// descriptor `descr`.
pub fn member_set(descr: &Value, obj: &Value, value: Option<Value>) -> PyResult<()> {
    let Some(m) = descr.downcast::<MemberDescr>() else {
        return Err(PyErr::type_error("expected a member descriptor"));
    };
    let inst = match receiver(m, obj)? {
        Storage::Instance(inst) => inst,
        Storage::Dict(d) => {
            let Some(d) = d.downcast::<DictObj>() else {
                return Err(crate::vm::no_attribute(obj, &m.name));
            };
            return match value {
                Some(v) => {
                    d.set_str(&m.name, v);
                    Ok(())
                }
                None => match d.remove(&crate::object::DictKey::from_str_obj(
                    &crate::object::StrObj::new_obj(&m.name),
                )) {
                    Some(_) => Ok(()),
                    None => Err(PyErr::attribute_error(m.name.clone())),
                },
            };
        }
    };
    let deleting = value.is_none();
    let old = {
        let Ok(mut s) = inst.slots.try_borrow_mut() else {
            return Err(PyErr::runtime_error("slots changed during access"));
        };
        match s.get_mut(m.index) {
            Some(slot) => std::mem::replace(slot, value),
            None => return Err(crate::vm::no_attribute(obj, &m.name)),
        }
    };
    if deleting && old.is_none() {
        return Err(PyErr::attribute_error(m.name.clone()));
    }
    // The old value is dropped after the borrow ended (it may run code
    // that reads the slots).
    drop(old);
    Ok(())
}

/// `obj.name = value` or `del obj.name` (`None`) when `name` is a slot of
/// the class of `obj` (a slot descriptor found along its MRO).
pub fn slot_set(obj: &ObjRef, name: &str, value: Option<Value>) -> Option<PyResult<()>> {
    let descr = crate::object::class::lookup(obj.ty(), name)?;
    if descr.kind() != types::Kind::MEMBER {
        return None;
    }
    Some(member_set(&descr, &Value::Obj(obj.clone()), value))
}

/// `repr()` of a slot descriptor: `<member 'x' of 'A' objects>`.
pub fn member_repr(o: &ObjRef) -> Option<String> {
    let m = o.downcast::<MemberDescr>()?;
    Some(format!(
        "<member '{}' of '{}' objects>",
        m.name, m.owner_name
    ))
}

/// Attributes of a slot descriptor: `__name__`, `__qualname__`,
/// `__get__`, `__set__`, `__delete__`.
pub fn member_getattr(o: &ObjRef, name: &str) -> Option<Value> {
    let m = o.downcast::<MemberDescr>()?;
    let me = Some(Value::Obj(o.clone()));
    let method = |n: &'static str, f: crate::object::NativeFn| {
        Value::Obj(crate::object::Builtin::new_obj(n, f, me.clone()))
    };
    match name {
        "__name__" => Some(Value::str(&m.name)),
        "__qualname__" => Some(Value::str(&format!("{}.{}", m.owner_name, m.name))),
        "__get__" => Some(method("__get__", dunder_get)),
        "__set__" => Some(method("__set__", dunder_set)),
        "__delete__" => Some(method("__delete__", dunder_delete)),
        _ => None,
    }
}

fn dunder_get(_vm: &mut Vm, args: crate::object::Args<'_>) -> PyResult<Value> {
    match args.pos {
        [me, Value::None, ..] => Ok(me.clone()),
        [me, obj] | [me, obj, _] => member_get(me, obj),
        _ => Err(PyErr::type_error("expected 1 or 2 arguments")),
    }
}

fn dunder_set(_vm: &mut Vm, args: crate::object::Args<'_>) -> PyResult<Value> {
    match args.pos {
        [me, obj, v] => member_set(me, obj, Some(v.clone())).map(|()| Value::None),
        _ => Err(PyErr::type_error(format!(
            "expected 2 arguments, got {}",
            args.pos.len().saturating_sub(1)
        ))),
    }
}

fn dunder_delete(_vm: &mut Vm, args: crate::object::Args<'_>) -> PyResult<Value> {
    match args.pos {
        [me, obj] => member_set(me, obj, None).map(|()| Value::None),
        _ => Err(PyErr::type_error(format!(
            "expected 1 argument, got {}",
            args.pos.len().saturating_sub(1)
        ))),
    }
}
