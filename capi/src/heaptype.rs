//! Heap types made from a spec: `PyType_FromSpec`,
//! `PyType_FromSpecWithBases`, `PyType_FromModuleAndSpec`,
//! `PyType_GetModule`, `PyType_GetModuleState`, `PyType_GetSlot`.
//!
//! A spec type is a C type like a static one (kind `FOREIGN`, readied by
//! the same code in [`crate::typeobject`]: inherited slots, the dict of
//! descriptors), with three differences, all CPython's:
//!
//! - its type object is allocated here, laid out as CPython 3.11's
//!   `PyHeapTypeObject` (the type, then the slot tables `tp_as_number` and
//!   the others point into, then `ht_name`, `ht_module`, …), and carries
//!   `Py_TPFLAGS_HEAPTYPE`;
//! - it is reference counted: each instance holds a reference (taken by
//!   `PyType_GenericAlloc`, dropped by the type's `tp_dealloc`, which C
//!   code writes as `tp_free(self); Py_DECREF(tp)`, or by
//!   [`heap_dealloc`] when the spec has none), as do its descriptors and
//!   subtypes; the metatype's `tp_dealloc` frees it ([`free_heap_type`])
//!   at its last reference;
//! - it is tracked by the cycle collector, whose visit reaches its dict,
//!   its module (`ht_module`) and a heap base: a module that holds its
//!   types (and whose types hold it) is collected.
//!
//! Typhon's `PyTypeObject` ends with a trailer C code does not see
//! (`tp_typhon`), so `PyHeapTypeObject`'s own fields sit after it; C code
//! reaches them only through the struct, which the header declares the
//! same way.

use crate::object::{
    PyObject, PyTypeObject, bad_internal_call, borrow, c_str, fail, guard, new_ref,
};
use crate::typeobject::{self, PyMemberDef};
use abi::{Slot, TypeObject};
use interp::object::types::{self, Kind};
use interp::object::{ModuleObj, ObjRef, TupleObj};
use interp::{PyErr, PyResult, Value};
use std::ffi::{CString, c_char, c_int, c_uint, c_void};

/// C's `PyType_Slot`.
#[repr(C)]
pub struct PyType_Slot {
    slot: c_int,
    pfunc: *mut c_void,
}

/// C's `PyType_Spec`.
#[repr(C)]
pub struct PyType_Spec {
    name: *const c_char,
    basicsize: c_int,
    itemsize: c_int,
    flags: c_uint,
    slots: *mut PyType_Slot,
}

/// CPython 3.11's `PyHeapTypeObject` (Typhon's `PyTypeObject` first), then
/// what Typhon keeps for the type.
#[repr(C)]
#[doc(hidden)]
pub struct HeapType {
    ht_type: TypeObject,
    as_async: [Slot; 4],
    as_number: [Slot; 36],
    as_mapping: [Slot; 3],
    as_sequence: [Slot; 10],
    as_buffer: [Slot; 2],
    ht_name: *mut PyObject,
    ht_slots: *mut PyObject,
    ht_qualname: *mut PyObject,
    ht_cached_keys: *mut c_void,
    /// The module given to `PyType_FromModuleAndSpec` (a reference the
    /// type owns), or NULL.
    pub ht_module: *mut PyObject,
    ht_tpname: *mut c_char,
    spec_cache_getitem: *mut PyObject,
    // ----- Typhon's own (C code never sees these) -----
    /// Owns the text `tp_name` and `ht_tpname` point to.
    name: CString,
    /// Owns the text `tp_doc` points to.
    doc: Option<CString>,
    /// A copy of the spec's `Py_tp_members` (CPython copies them too: the
    /// spec need not outlive the type), with a NULL-named entry at the end.
    members: Vec<PyMemberDef>,
}

/// `Py_TPFLAGS_DISALLOW_INSTANTIATION`.
const TPFLAGS_DISALLOW_INSTANTIATION: std::ffi::c_ulong = 1 << 7;

/// The largest slot id of CPython 3.11's `typeslots.h` (`Py_am_send`).
#[doc(hidden)]
pub const LAST_SLOT: c_int = 81;

/// Where a slot id of `typeslots.h` is stored.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[doc(hidden)]
pub enum Place {
    Async(usize),
    Number(usize),
    Mapping(usize),
    Sequence(usize),
    Buffer(usize),
    /// A field of the type object itself.
    Type(TpField),
}

/// The type-object fields a slot id can name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[doc(hidden)]
pub enum TpField {
    Alloc,
    Base,
    Bases,
    Call,
    Clear,
    Dealloc,
    Del,
    DescrGet,
    DescrSet,
    Doc,
    Getattr,
    Getattro,
    Hash,
    Init,
    IsGc,
    Iter,
    Iternext,
    Methods,
    New,
    Repr,
    Richcompare,
    Setattr,
    Setattro,
    Str,
    Traverse,
    Members,
    Getset,
    Free,
    Finalize,
}

/// The place of slot id `id` (CPython 3.11's numbering), `None` for an
/// id `typeslots.h` does not define.
#[doc(hidden)]
pub fn place(id: c_int) -> Option<Place> {
    use Place::*;
    use TpField as T;
    // `PyNumberMethods` indices, in the order of `typeslots.h`'s ids 6..=38.
    const NB: [usize; 33] = [
        8, 0, 13, 9, 4, 18, 29, 33, 19, 26, 31, 24, 21, 28, 23, 22, 25, 20, 32, 27, 16, 10, 11, 2,
        6, 15, 7, 5, 3, 12, 1, 30, 14,
    ];
    // `PySequenceMethods` indices, ids 39..=46.
    const SQ: [usize; 8] = [5, 1, 7, 8, 9, 3, 0, 2];
    const TP: [TpField; 28] = [
        T::Alloc,
        T::Base,
        T::Bases,
        T::Call,
        T::Clear,
        T::Dealloc,
        T::Del,
        T::DescrGet,
        T::DescrSet,
        T::Doc,
        T::Getattr,
        T::Getattro,
        T::Hash,
        T::Init,
        T::IsGc,
        T::Iter,
        T::Iternext,
        T::Methods,
        T::New,
        T::Repr,
        T::Richcompare,
        T::Setattr,
        T::Setattro,
        T::Str,
        T::Traverse,
        T::Members,
        T::Getset,
        T::Free,
    ];
    Some(match id {
        1 | 2 => Buffer(id as usize - 1),
        3 => Mapping(2),
        4 => Mapping(0),
        5 => Mapping(1),
        6..=38 => Number(NB[id as usize - 6]),
        39..=46 => Sequence(SQ[id as usize - 39]),
        47..=74 => Type(TP[id as usize - 47]),
        75 => Number(34),
        76 => Number(35),
        77..=79 => Async(id as usize - 77),
        80 => Type(T::Finalize),
        81 => Async(3),
        _ => return None,
    })
}

/// The function-pointer field of `t` that `f` names (`None` for the
/// fields that are not plain slots: base, bases, doc, dealloc).
fn tp_slot(t: &mut TypeObject, f: TpField) -> Option<&mut Slot> {
    use TpField as T;
    Some(match f {
        T::Alloc => &mut t.tp_alloc,
        T::Call => &mut t.tp_call,
        T::Clear => &mut t.tp_clear,
        T::Del => &mut t.tp_del,
        T::DescrGet => &mut t.tp_descr_get,
        T::DescrSet => &mut t.tp_descr_set,
        T::Getattr => &mut t.tp_getattr,
        T::Getattro => &mut t.tp_getattro,
        T::Hash => &mut t.tp_hash,
        T::Init => &mut t.tp_init,
        T::IsGc => &mut t.tp_is_gc,
        T::Iter => &mut t.tp_iter,
        T::Iternext => &mut t.tp_iternext,
        T::Methods => &mut t.tp_methods,
        T::New => &mut t.tp_new,
        T::Repr => &mut t.tp_repr,
        T::Richcompare => &mut t.tp_richcompare,
        T::Setattr => &mut t.tp_setattr,
        T::Setattro => &mut t.tp_setattro,
        T::Str => &mut t.tp_str,
        T::Traverse => &mut t.tp_traverse,
        T::Members => &mut t.tp_members,
        T::Getset => &mut t.tp_getset,
        T::Free => &mut t.tp_free,
        T::Finalize => &mut t.tp_finalize,
        T::Base | T::Bases | T::Doc | T::Dealloc => return None,
    })
}

/// Whether `t` is a type this module made.
pub fn is_spec_type(t: &TypeObject) -> bool {
    t.tp_flags & abi::TPFLAGS_HEAPTYPE != 0 && !t.is_heap_type() && t.kind() == Kind::FOREIGN
}

/// The heap type behind `t` (see [`is_spec_type`]).
fn heap(t: &TypeObject) -> Option<&HeapType> {
    // SAFETY: every type with HEAPTYPE and kind FOREIGN that is not a
    // Python class was allocated by `from_spec` as a `HeapType`, whose
    // first field is the type object.
    is_spec_type(t).then(|| unsafe { &*(t as *const TypeObject as *const HeapType) })
}

// ----- making a type from a spec ---------------------------------------------------

/// The bases the caller passed: a type or a tuple of types.
///
/// # Safety
/// `bases` must be null or live.
unsafe fn given_bases(bases: *mut PyObject) -> PyResult<Option<Vec<ObjRef>>> {
    // SAFETY: forwarded.
    let Some(b) = (unsafe { borrow(bases) }) else {
        return Ok(None);
    };
    let items: Vec<Value> = match b.downcast::<TupleObj>() {
        Some(t) => t.items.to_vec(),
        None => vec![b.value()],
    };
    let mut out = Vec::with_capacity(items.len());
    for v in items {
        match v {
            Value::Obj(o) if o.as_type().is_some() => out.push(o),
            _ => return Err(PyErr::type_error("bases must be types")),
        }
    }
    Ok(Some(out))
}

/// `PyType_FromModuleAndSpec` and the two functions that call it.
///
/// # Safety
/// `module` and `bases` must be null or live; `spec` must point to a spec
/// whose slot table ends with a zero slot and whose tables (methods,
/// get-sets) outlive the type.
unsafe fn from_spec(
    module: *mut PyObject,
    spec: *mut PyType_Spec,
    bases: *mut PyObject,
) -> PyResult<ObjRef> {
    if spec.is_null() {
        return Err(bad_internal_call());
    }
    // SAFETY: `spec` is live (contract).
    let spec = unsafe { &*spec };
    // SAFETY: the spec's name is a C string (contract).
    let name = unsafe { c_str(spec.name) }?.to_owned();
    let mut ht = Box::new(HeapType {
        ht_type: blank_type(),
        as_async: [std::ptr::null(); 4],
        as_number: [std::ptr::null(); 36],
        as_mapping: [std::ptr::null(); 3],
        as_sequence: [std::ptr::null(); 10],
        as_buffer: [std::ptr::null(); 2],
        ht_name: std::ptr::null_mut(),
        ht_slots: std::ptr::null_mut(),
        ht_qualname: std::ptr::null_mut(),
        ht_cached_keys: std::ptr::null_mut(),
        ht_module: std::ptr::null_mut(),
        ht_tpname: std::ptr::null_mut(),
        spec_cache_getitem: std::ptr::null_mut(),
        name: CString::new(name.clone()).map_err(|_| bad_internal_call())?,
        doc: None,
        members: Vec::new(),
    });
    // The slots, in order; a later one overrides an earlier one.
    let (mut base_slot, mut bases_slot) = (std::ptr::null_mut(), std::ptr::null_mut());
    let mut dealloc: Option<abi::Destructor> = None;
    let mut members: *const PyMemberDef = std::ptr::null();
    let mut s = spec.slots;
    // SAFETY: the slot table ends with a zero slot (contract).
    unsafe {
        while !s.is_null() && (*s).slot != 0 {
            let (id, p) = ((*s).slot, (*s).pfunc);
            let Some(at) = place(id) else {
                return Err(PyErr::new(&types::RUNTIME_ERROR, "invalid slot offset"));
            };
            match at {
                Place::Async(i) => ht.as_async[i] = p,
                Place::Number(i) => ht.as_number[i] = p,
                Place::Mapping(i) => ht.as_mapping[i] = p,
                Place::Sequence(i) => ht.as_sequence[i] = p,
                Place::Buffer(i) => ht.as_buffer[i] = p,
                Place::Type(TpField::Base) => base_slot = p as *mut PyObject,
                Place::Type(TpField::Bases) => bases_slot = p as *mut PyObject,
                Place::Type(TpField::Doc) => {
                    ht.doc = (!p.is_null())
                        .then(|| std::ffi::CStr::from_ptr(p as *const c_char).to_owned());
                }
                // SAFETY: a `Py_tp_dealloc` slot holds a destructor.
                Place::Type(TpField::Dealloc) => {
                    dealloc = (!p.is_null()).then(|| std::mem::transmute::<*mut c_void, _>(p))
                }
                Place::Type(TpField::Members) => members = p as *const PyMemberDef,
                Place::Type(f) => {
                    if let Some(field) = tp_slot(&mut ht.ht_type, f) {
                        *field = p;
                    }
                }
            }
            s = s.add(1);
        }
    }
    // The bases: the argument, else `Py_tp_bases`, else `Py_tp_base`,
    // else `object`.
    // SAFETY: each is null or a live object (contract).
    let bases = match unsafe { given_bases(bases) }? {
        Some(b) => b,
        None => match unsafe { given_bases(bases_slot) }? {
            Some(b) => b,
            None => unsafe { given_bases(base_slot) }?
                .unwrap_or_else(|| vec![types::OBJECT.get().to_ref()]),
        },
    };
    let object = types::OBJECT.get() as *const TypeObject;
    let base = match bases.as_slice() {
        [] => types::OBJECT.get().to_ref(),
        [b] => b.clone(),
        [b, rest @ ..] if rest.iter().all(|r| std::ptr::eq(r.as_ptr().cast(), object)) => b.clone(),
        _ => {
            return Err(PyErr::new(
                &types::NOT_IMPLEMENTED_ERROR,
                format!("type '{name}': a spec type with several bases is not supported by typhon"),
            ));
        }
    };
    let Some(bt) = base.as_type() else {
        return Err(PyErr::type_error("bases must be types"));
    };
    if !std::ptr::eq(bt, object) && !typeobject::is_c_type(bt) {
        return Err(PyErr::new(
            &types::NOT_IMPLEMENTED_ERROR,
            format!(
                "type '{name}': a spec type deriving from '{}' is not supported by typhon (only object or a C type)",
                bt.name()
            ),
        ));
    }
    if !std::ptr::eq(bt, object) && bt.tp_flags & abi::TPFLAGS_BASETYPE == 0 {
        return Err(PyErr::type_error(format!(
            "type '{}' is not an acceptable base type",
            bt.name()
        )));
    }
    // Members: copied, without the three CPython reads as layout offsets.
    // SAFETY: the member table ends with a NULL name (contract).
    unsafe {
        let mut m = members;
        while !m.is_null() && !(*m).name.is_null() {
            let n = std::ffi::CStr::from_ptr((*m).name).to_bytes();
            match n {
                b"__weaklistoffset__" => ht.ht_type.tp_weaklistoffset = (*m).offset,
                b"__dictoffset__" => ht.ht_type.tp_dictoffset = (*m).offset,
                b"__vectorcalloffset__" => ht.ht_type.tp_vectorcall_offset = (*m).offset,
                _ => ht.members.push(std::ptr::read(m)),
            }
            m = m.add(1);
        }
    }
    ht.members.push(PyMemberDef {
        name: std::ptr::null(),
        type_code: 0,
        offset: 0,
        flags: 0,
        doc: std::ptr::null(),
    });
    let t = &mut ht.ht_type;
    t.tp_name = ht.name.as_ptr();
    ht.ht_tpname = ht.name.as_ptr() as *mut c_char;
    t.tp_basicsize = spec.basicsize as isize;
    t.tp_itemsize = spec.itemsize as isize;
    t.tp_flags = spec.flags as std::ffi::c_ulong | abi::TPFLAGS_HEAPTYPE;
    t.tp_dealloc = Some(dealloc.unwrap_or(heap_dealloc));
    t.tp_doc = ht.doc.as_ref().map_or(std::ptr::null(), |d| d.as_ptr());
    t.tp_members = if ht.members.len() > 1 {
        ht.members.as_ptr() as Slot
    } else {
        std::ptr::null()
    };
    t.tp_as_async = ht.as_async.as_ptr() as Slot;
    t.tp_as_number = ht.as_number.as_ptr() as Slot;
    t.tp_as_mapping = ht.as_mapping.as_ptr() as Slot;
    t.tp_as_sequence = ht.as_sequence.as_ptr() as Slot;
    t.tp_as_buffer = ht.as_buffer.as_ptr() as Slot;
    if t.tp_flags & TPFLAGS_DISALLOW_INSTANTIATION != 0 {
        t.tp_new = std::ptr::null();
    } else if t.tp_new.is_null() && std::ptr::eq(bt, object) {
        t.tp_new = object_new as *const c_void;
    }
    // The type owns a reference to its base (and its module); both are
    // dropped by `free_heap_type`.
    t.tp_base = base.into_raw() as *const TypeObject;
    // SAFETY: `module` is null or live (contract).
    if let Some(m) = unsafe { borrow(module) } {
        ht.ht_module = (*m).clone().into_raw();
    }
    if !name.contains('.') {
        // CPython 3.11 still makes the type, and warns (shown when the
        // call that made it returns to Python).
        interp::warnings::warn_later(
            types::DEPRECATION_WARNING.get().to_ref(),
            format!("builtin type {name} has no __module__ attribute"),
            1,
        );
    }
    let short = name.rsplit('.').next().unwrap_or(&name).to_owned();
    ht.ht_name = new_ref(Value::str(&short));
    ht.ht_qualname = new_ref(Value::str(&short));
    abi::note_foreign_alloc();
    let raw = Box::into_raw(ht);
    // SAFETY: `raw` is the new heap type, with one reference (ours).
    let me = unsafe { ObjRef::from_raw(raw as *mut PyObject) }.ok_or_else(bad_internal_call)?;
    // SAFETY: the type is fully laid out; `ready` inherits from the base
    // and builds the dict (its descriptors take references to the type).
    unsafe { typeobject::ready_heap(raw as *mut PyTypeObject) }?;
    abi::gc_track(&me);
    Ok(me)
}

/// An all-NULL type object of the metatype `type`, with one reference.
fn blank_type() -> TypeObject {
    TypeObject::blank(types::TYPE.get(), 1, Kind::FOREIGN)
}

/// Frees a heap type this module made, at its last reference (the
/// metatype's `tp_dealloc` calls this through `abi`).
///
/// # Safety
/// `p` must be such a type whose count reached zero (already untracked).
unsafe fn free_heap_type(p: *mut abi::ObjHeader) {
    // The type's address may be reused: forget every lookup cached by it.
    typeobject::clear_method_cache();
    interp::ext::types_modified();
    // SAFETY: `from_spec` allocated the type as a boxed `HeapType`, and
    // its last reference is gone.
    let ht = unsafe { Box::from_raw(p as *mut HeapType) };
    // SAFETY: each field held NULL or a reference the type owned.
    unsafe {
        drop(ObjRef::from_raw(ht.ht_type.tp_dict as *mut PyObject));
        drop(ObjRef::from_raw(ht.ht_type.tp_base as *mut PyObject));
        drop(ObjRef::from_raw(ht.ht_module));
        drop(ObjRef::from_raw(ht.ht_name));
        drop(ObjRef::from_raw(ht.ht_qualname));
    }
    drop(ht);
    abi::note_foreign_free();
}

/// Installs [`free_heap_type`] as the way `abi` frees spec types.
pub(crate) fn install() {
    abi::set_c_heap_type_free(free_heap_type);
}

/// The references a spec type holds, for the cycle collector: its dict,
/// its base (when that is a heap type) and its module.
pub fn traverse(t: &TypeObject, visit: &mut dyn FnMut(&ObjRef)) {
    let Some(ht) = heap(t) else { return };
    for p in [
        ht.ht_type.tp_dict as *mut PyObject,
        ht.ht_type.tp_base as *mut PyObject,
        ht.ht_module,
    ] {
        // SAFETY: each is NULL or a live object the type owns.
        if let Some(o) = unsafe { borrow(p) } {
            visit(&o);
        }
    }
}

/// `object.__new__` for spec types deriving from `object` with no
/// `Py_tp_new` of their own (CPython inherits `object_new`): an instance
/// from `tp_alloc`, refusing arguments when the type has no `tp_init`.
unsafe extern "C" fn object_new(
    t: *mut PyTypeObject,
    args: *mut PyObject,
    kwds: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `t` is a live type; `args`/`kwds` NULL or live (contract).
        let excess = unsafe {
            borrow(args).is_some_and(|a| {
                a.downcast::<TupleObj>()
                    .is_some_and(|t| !t.items.is_empty())
            }) || borrow(kwds).is_some_and(|k| {
                k.downcast::<interp::object::DictObj>()
                    .is_some_and(|d| !d.is_empty())
            })
        };
        // SAFETY: as above.
        if excess && unsafe { (*t).tp_init.is_null() } {
            return fail(
                PyErr::type_error(format!("{}() takes no arguments", unsafe { (*t).name() })),
                std::ptr::null_mut(),
            );
        }
        // SAFETY: as above.
        unsafe { typeobject::PyType_GenericNew(t, args, kwds) }
    })
}

/// The `tp_dealloc` of a spec type that names none (CPython's
/// `subtype_dealloc`): the nearest base's `tp_dealloc` when that is C
/// code of its own, else `tp_free`; then the reference the instance held
/// to its type, unless that base's deallocator (a heap type's) drops it.
unsafe extern "C" fn heap_dealloc(o: *mut abi::ObjHeader) {
    // SAFETY: `o` is an instance whose count reached zero; its type and
    // the type's bases are live (the instance holds the type).
    unsafe {
        let t = (*o).ob_type;
        let mine = Some(heap_dealloc as abi::Destructor);
        let mut b = t;
        while !b.is_null() && (*b).tp_dealloc.map(|f| f as usize) != mine.map(|f| f as usize) {
            b = (*b).tp_base;
        }
        while !b.is_null() && (*b).tp_dealloc.map(|f| f as usize) == mine.map(|f| f as usize) {
            b = (*b).tp_base;
        }
        let object = types::OBJECT.get() as *const TypeObject;
        let base_dealloc = if b.is_null() || std::ptr::eq(b, object) {
            None
        } else {
            (*b).tp_dealloc
                .filter(|d| !typeobject::is_default_dealloc(*d))
        };
        let base_is_heap = !b.is_null() && (*b).tp_flags & abi::TPFLAGS_HEAPTYPE != 0;
        match base_dealloc {
            Some(d) => d(o),
            None => typeobject::free_instance(o as *mut PyObject),
        }
        if !(base_is_heap && base_dealloc.is_some()) {
            drop(ObjRef::from_raw(t as *mut abi::ObjHeader));
        }
    }
}

// ----- the API functions -------------------------------------------------------------

/// `PyType_FromModuleAndSpec`.
pub(crate) unsafe extern "C" fn PyType_FromModuleAndSpec(
    module: *mut PyObject,
    spec: *mut PyType_Spec,
    bases: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: forwarded (contract).
        match unsafe { from_spec(module, spec, bases) } {
            Ok(t) => t.into_raw(),
            Err(e) => fail(e, std::ptr::null_mut()),
        }
    })
}

/// `PyType_FromSpecWithBases`.
pub(crate) unsafe extern "C" fn PyType_FromSpecWithBases(
    spec: *mut PyType_Spec,
    bases: *mut PyObject,
) -> *mut PyObject {
    // SAFETY: forwarded (contract).
    unsafe { PyType_FromModuleAndSpec(std::ptr::null_mut(), spec, bases) }
}

/// `PyType_FromSpec`.
pub(crate) unsafe extern "C" fn PyType_FromSpec(spec: *mut PyType_Spec) -> *mut PyObject {
    // SAFETY: forwarded (contract).
    unsafe { PyType_FromModuleAndSpec(std::ptr::null_mut(), spec, std::ptr::null_mut()) }
}

/// `PyType_GetModule`: the module of a type made by
/// `PyType_FromModuleAndSpec` (borrowed).
pub(crate) unsafe extern "C" fn PyType_GetModule(t: *mut PyTypeObject) -> *mut PyObject {
    if t.is_null() {
        return fail(bad_internal_call(), std::ptr::null_mut());
    }
    // SAFETY: `t` is a live type (contract).
    let ty = unsafe { &*t };
    if ty.tp_flags & abi::TPFLAGS_HEAPTYPE == 0 {
        return fail(
            PyErr::type_error(format!(
                "PyType_GetModule: Type '{}' is not a heap type",
                ty.name()
            )),
            std::ptr::null_mut(),
        );
    }
    match heap(ty).map(|h| h.ht_module).filter(|m| !m.is_null()) {
        Some(m) => m,
        None => fail(
            PyErr::type_error(format!(
                "PyType_GetModule: Type '{}' has no associated module",
                ty.name()
            )),
            std::ptr::null_mut(),
        ),
    }
}

/// `PyType_GetModuleState`: the state of the type's module (NULL, with no
/// exception, when the module has none).
pub(crate) unsafe extern "C" fn PyType_GetModuleState(t: *mut PyTypeObject) -> *mut c_void {
    // SAFETY: forwarded (contract).
    let m = unsafe { PyType_GetModule(t) };
    if m.is_null() {
        return std::ptr::null_mut();
    }
    // SAFETY: the type's module is live (the type holds it).
    if unsafe { abi::payload_ptr::<ModuleObj>(m) }.is_none() {
        return std::ptr::null_mut();
    }
    // SAFETY: as above.
    unsafe { crate::module::PyModule_GetState(m) }
}

/// `PyType_GetModuleByDef`: the module made from `def` that `t` or its
/// nearest base along `tp_base` belongs to (borrowed).
pub(crate) unsafe extern "C" fn PyType_GetModuleByDef(
    t: *mut PyTypeObject,
    def: *mut crate::module::PyModuleDef,
) -> *mut PyObject {
    if t.is_null() {
        return fail(bad_internal_call(), std::ptr::null_mut());
    }
    // SAFETY: `t` is a live type (contract), and so is its base chain.
    let ty = unsafe { &*t };
    let mut cur = Some(ty);
    while let Some(c) = cur {
        if let Some(m) = heap(c).map(|h| h.ht_module).filter(|m| !m.is_null())
            // SAFETY: the type holds its module.
            && unsafe { crate::module::def_of(m) } == Some(def)
        {
            return m;
        }
        cur = c.base();
    }
    fail(
        PyErr::type_error(format!(
            "PyType_GetModuleByDef: No superclass of '{}' has the given module",
            ty.name()
        )),
        std::ptr::null_mut(),
    )
}

/// `PyType_GetName`: the type's `__name__` (a new reference).
pub(crate) unsafe extern "C" fn PyType_GetName(t: *mut PyTypeObject) -> *mut PyObject {
    if t.is_null() {
        return fail(bad_internal_call(), std::ptr::null_mut());
    }
    // SAFETY: `t` is a live type (contract).
    type_attr(unsafe { &*t }, "__name__")
}

/// `PyType_GetQualName`: the type's `__qualname__` (a new reference).
pub(crate) unsafe extern "C" fn PyType_GetQualName(t: *mut PyTypeObject) -> *mut PyObject {
    if t.is_null() {
        return fail(bad_internal_call(), std::ptr::null_mut());
    }
    // SAFETY: `t` is a live type (contract).
    type_attr(unsafe { &*t }, "__qualname__")
}

/// `t.name` as the interpreter reads it (a Python class's own name, a C
/// type's short name), as a new reference.
fn type_attr(t: &TypeObject, name: &str) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        let r = crate::state::current_vm(|vm| vm.getattr(&Value::Obj(t.to_ref()), name))
            .and_then(|r| r);
        match r {
            Ok(v) => new_ref(v),
            Err(e) => fail(e, std::ptr::null_mut()),
        }
    })
}

/// `PyType_GetSlot`: the function (or table entry) slot id `id` names in
/// `t`, NULL when the type has none; `SystemError` for an unknown id.
pub(crate) unsafe extern "C" fn PyType_GetSlot(t: *mut PyTypeObject, id: c_int) -> *mut c_void {
    if t.is_null() || !(1..=LAST_SLOT).contains(&id) {
        return fail(bad_internal_call(), std::ptr::null_mut());
    }
    let Some(at) = place(id) else {
        return fail(bad_internal_call(), std::ptr::null_mut());
    };
    // SAFETY: `t` is a live type (contract); its tables are NULL or live
    // arrays of the C layout.
    unsafe {
        let ty = &mut *t;
        let table = |p: Slot, i: usize| -> *mut c_void {
            if p.is_null() {
                std::ptr::null_mut()
            } else {
                *(p as *const Slot).add(i) as *mut c_void
            }
        };
        match at {
            Place::Async(i) => table(ty.tp_as_async, i),
            Place::Number(i) => table(ty.tp_as_number, i),
            Place::Mapping(i) => table(ty.tp_as_mapping, i),
            Place::Sequence(i) => table(ty.tp_as_sequence, i),
            Place::Buffer(i) => table(ty.tp_as_buffer, i),
            Place::Type(TpField::Base) => ty.tp_base as *mut c_void,
            Place::Type(TpField::Bases) => ty.tp_bases as *mut c_void,
            Place::Type(TpField::Doc) => ty.tp_doc as *mut c_void,
            Place::Type(TpField::Dealloc) => ty
                .tp_dealloc
                .map_or(std::ptr::null_mut(), |f| f as *mut c_void),
            Place::Type(f) => tp_slot(ty, f).map_or(std::ptr::null_mut(), |s| *s as *mut c_void),
        }
    }
}

/// A reference to `owner` when it is a spec type (its descriptors hold
/// one, as CPython's hold `d_type`); `None` for an immortal type.
pub(crate) fn owner_ref(owner: *const TypeObject) -> Option<ObjRef> {
    // SAFETY: `owner` is a live type (the caller is making its dict).
    let t = unsafe { &*owner };
    is_spec_type(t).then(|| t.to_ref())
}
