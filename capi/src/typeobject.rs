//! C-defined types: `PyType_Ready`, instance allocation, and every
//! operation the interpreter performs on instances of C types, through
//! their slots (`tp_repr`, `tp_as_sequence`, `tp_richcompare`, …).
//!
//! `PyType_Ready` makes a static type immortal, fills in inherited slots
//! and builds its `tp_dict` of descriptors (methods, members, get-sets);
//! attribute lookup walks the `tp_base` chain's dicts, as CPython's
//! `PyObject_GenericGetAttr` does (C types have no instance dicts here).

use crate::methodobject::{CFunction, DescrObj, Descriptor, Method, PyMethodDef, check_result};
use crate::object::{
    Py_hash_t, Py_ssize_t, PyObject, PyTypeObject, borrow, fail, guard, new_ref, take_new,
};
use crate::state;
use abi::{IMMORTAL_REFCNT, TypeObject};
use interp::bytecode::{BinOp, CmpOp};
use interp::object::types::{self, Kind};
use interp::object::{Args, DictKey, DictObj, ObjRef, StrObj};
use interp::{PyErr, PyResult, Value, Vm};
use std::ffi::{CStr, c_char, c_int, c_long, c_ulong, c_void};
use std::rc::Rc;

// ----- C structs ------------------------------------------------------------------

/// C's `PyMemberDef`.
#[repr(C)]
pub struct PyMemberDef {
    /// Attribute name.
    pub name: *const c_char,
    /// `T_*` type code.
    pub type_code: c_int,
    /// Offset of the field in the instance.
    pub offset: Py_ssize_t,
    /// `READONLY` etc.
    pub flags: c_int,
    /// Docstring.
    pub doc: *const c_char,
}

type Getter = unsafe extern "C" fn(*mut PyObject, *mut c_void) -> *mut PyObject;
type Setter = unsafe extern "C" fn(*mut PyObject, *mut PyObject, *mut c_void) -> c_int;

/// C's `PyGetSetDef`.
#[repr(C)]
pub struct PyGetSetDef {
    /// Attribute name.
    pub name: *const c_char,
    /// Getter, or NULL.
    pub get: Option<Getter>,
    /// Setter, or NULL.
    pub set: Option<Setter>,
    /// Docstring.
    pub doc: *const c_char,
    /// Passed to both.
    pub closure: *mut c_void,
}

type UnaryFn = unsafe extern "C" fn(*mut PyObject) -> *mut PyObject;
type BinaryFn = unsafe extern "C" fn(*mut PyObject, *mut PyObject) -> *mut PyObject;
type TernaryFn = unsafe extern "C" fn(*mut PyObject, *mut PyObject, *mut PyObject) -> *mut PyObject;
type InquiryFn = unsafe extern "C" fn(*mut PyObject) -> c_int;
type LenFn = unsafe extern "C" fn(*mut PyObject) -> Py_ssize_t;
type SsizeArgFn = unsafe extern "C" fn(*mut PyObject, Py_ssize_t) -> *mut PyObject;
type SsizeObjArgFn = unsafe extern "C" fn(*mut PyObject, Py_ssize_t, *mut PyObject) -> c_int;
type ObjObjArgFn = unsafe extern "C" fn(*mut PyObject, *mut PyObject, *mut PyObject) -> c_int;
type HashFn = unsafe extern "C" fn(*mut PyObject) -> Py_hash_t;
type RichCmpFn = unsafe extern "C" fn(*mut PyObject, *mut PyObject, c_int) -> *mut PyObject;
type NewFn = unsafe extern "C" fn(*mut PyTypeObject, *mut PyObject, *mut PyObject) -> *mut PyObject;
type InitFn = unsafe extern "C" fn(*mut PyObject, *mut PyObject, *mut PyObject) -> c_int;
type AllocFn = unsafe extern "C" fn(*mut PyTypeObject, Py_ssize_t) -> *mut PyObject;
type FreeFn = unsafe extern "C" fn(*mut c_void);

/// C's `PyNumberMethods` (CPython 3.11's layout, every slot).
#[repr(C)]
pub struct PyNumberMethods {
    nb_add: Option<BinaryFn>,
    nb_subtract: Option<BinaryFn>,
    nb_multiply: Option<BinaryFn>,
    nb_remainder: Option<BinaryFn>,
    nb_divmod: Option<BinaryFn>,
    nb_power: Option<TernaryFn>,
    nb_negative: Option<UnaryFn>,
    nb_positive: Option<UnaryFn>,
    nb_absolute: Option<UnaryFn>,
    nb_bool: Option<InquiryFn>,
    nb_invert: Option<UnaryFn>,
    nb_lshift: Option<BinaryFn>,
    nb_rshift: Option<BinaryFn>,
    nb_and: Option<BinaryFn>,
    nb_xor: Option<BinaryFn>,
    nb_or: Option<BinaryFn>,
    nb_int: Option<UnaryFn>,
    nb_reserved: *mut c_void,
    nb_float: Option<UnaryFn>,
    nb_inplace_add: Option<BinaryFn>,
    nb_inplace_subtract: Option<BinaryFn>,
    nb_inplace_multiply: Option<BinaryFn>,
    nb_inplace_remainder: Option<BinaryFn>,
    nb_inplace_power: Option<TernaryFn>,
    nb_inplace_lshift: Option<BinaryFn>,
    nb_inplace_rshift: Option<BinaryFn>,
    nb_inplace_and: Option<BinaryFn>,
    nb_inplace_xor: Option<BinaryFn>,
    nb_inplace_or: Option<BinaryFn>,
    nb_floor_divide: Option<BinaryFn>,
    nb_true_divide: Option<BinaryFn>,
    nb_inplace_floor_divide: Option<BinaryFn>,
    nb_inplace_true_divide: Option<BinaryFn>,
    nb_index: Option<UnaryFn>,
    nb_matrix_multiply: Option<BinaryFn>,
    nb_inplace_matrix_multiply: Option<BinaryFn>,
}

/// C's `PySequenceMethods`.
#[repr(C)]
pub struct PySequenceMethods {
    sq_length: Option<LenFn>,
    sq_concat: Option<BinaryFn>,
    sq_repeat: Option<SsizeArgFn>,
    sq_item: Option<SsizeArgFn>,
    was_sq_slice: *mut c_void,
    sq_ass_item: Option<SsizeObjArgFn>,
    was_sq_ass_slice: *mut c_void,
    sq_contains: *mut c_void,
}

/// C's `PyMappingMethods`.
#[repr(C)]
pub struct PyMappingMethods {
    mp_length: Option<LenFn>,
    mp_subscript: Option<BinaryFn>,
    mp_ass_subscript: Option<ObjObjArgFn>,
}

/// `Py_TPFLAGS_READY`.
const TPFLAGS_READY: c_ulong = 1 << 12;
/// `Py_TPFLAGS_BASETYPE`.
const TPFLAGS_BASETYPE: c_ulong = 1 << 10;
/// `Py_TPFLAGS_DISALLOW_INSTANTIATION`.
const TPFLAGS_DISALLOW_INSTANTIATION: c_ulong = 1 << 7;

// ----- slot access --------------------------------------------------------------------

/// Reads a function slot stored as an untyped pointer.
///
/// # Safety
/// The slot must hold NULL or a function of type `F` (the C header's
/// declaration of that slot).
unsafe fn slot<F: Copy>(p: abi::Slot) -> Option<F> {
    if p.is_null() {
        return None;
    }
    debug_assert_eq!(std::mem::size_of::<F>(), std::mem::size_of::<abi::Slot>());
    // SAFETY: forwarded from the caller.
    Some(unsafe { std::mem::transmute_copy::<abi::Slot, F>(&p) })
}

fn number(t: &TypeObject) -> Option<&PyNumberMethods> {
    // SAFETY: `tp_as_number` is NULL or points to the type's static table.
    unsafe { (t.tp_as_number as *const PyNumberMethods).as_ref() }
}

/// The slot `obj[key]` calls for instances of `t`: `mp_subscript` (with
/// the key), or else `sq_item` (with an index).
pub(crate) fn item_slot(t: &TypeObject) -> Option<(usize, bool)> {
    if let Some(f) = mapping(t).and_then(|m| m.mp_subscript) {
        return Some((f as usize, true));
    }
    sequence(t)
        .and_then(|s| s.sq_item)
        .map(|f| (f as usize, false))
}

fn sequence(t: &TypeObject) -> Option<&PySequenceMethods> {
    // SAFETY: as for `number`.
    unsafe { (t.tp_as_sequence as *const PySequenceMethods).as_ref() }
}

/// Whether a C type has `sq_item` (`PySequence_Check`), and whether it
/// has `mp_subscript`.
pub(crate) fn c_item_slots(t: &TypeObject) -> (bool, bool) {
    (
        sequence(t).is_some_and(|s| s.sq_item.is_some()),
        mapping(t).is_some_and(|m| m.mp_subscript.is_some()),
    )
}

/// Whether a C type has `nb_index`, `nb_int` or `nb_float` (what
/// `PyNumber_Check` asks).
pub(crate) fn c_number_slots(t: &TypeObject) -> bool {
    number(t).is_some_and(|n| n.nb_index.is_some() || n.nb_int.is_some() || n.nb_float.is_some())
}

/// Whether a C type has `sq_concat`, and whether it has `sq_repeat`.
pub(crate) fn c_concat_slots(t: &TypeObject) -> (bool, bool) {
    (
        sequence(t).is_some_and(|s| s.sq_concat.is_some()),
        sequence(t).is_some_and(|s| s.sq_repeat.is_some()),
    )
}

/// Whether a C type has `mp_ass_subscript` (slice assignment).
pub(crate) fn c_ass_subscript(t: &TypeObject) -> bool {
    mapping(t).is_some_and(|m| m.mp_ass_subscript.is_some())
}

/// Whether a C type has `sq_length`, and whether it has `mp_length`.
pub(crate) fn c_len_slots(t: &TypeObject) -> (bool, bool) {
    (
        sequence(t).is_some_and(|s| s.sq_length.is_some()),
        mapping(t).is_some_and(|m| m.mp_length.is_some()),
    )
}

fn mapping(t: &TypeObject) -> Option<&PyMappingMethods> {
    // SAFETY: as for `number`.
    unsafe { (t.tp_as_mapping as *const PyMappingMethods).as_ref() }
}

/// Whether `t` is a type defined in C (readied by `PyType_Ready`).
pub fn is_c_type(t: &TypeObject) -> bool {
    t.kind() == Kind::FOREIGN
}

/// Whether instances of `t` have the layout of a C type, whose slots `t`
/// holds: a type defined in C, or a Python class deriving from one (its
/// slots are the C base's; the interpreter runs the class's own dunders
/// before it asks for these).
pub fn has_c_layout(t: &TypeObject) -> bool {
    matches!(t.kind(), Kind::FOREIGN | Kind::EXT_SUBCLASS)
}

/// A type's short name (`tp_name` after its last dot), as `__name__`.
pub fn short_name(t: &TypeObject) -> &str {
    let n = t.name();
    n.rsplit('.').next().unwrap_or(n)
}

// ----- PyType_Ready -------------------------------------------------------------------------

/// Default `tp_dealloc`: frees the instance with the type's `tp_free`.
unsafe extern "C" fn default_dealloc(o: *mut PyObject) {
    // SAFETY: `o` is an instance of a readied C type whose count reached
    // zero; `tp_free` was filled in by PyType_Ready.
    unsafe {
        let t = (*o).ob_type;
        match slot::<FreeFn>((*t).tp_free) {
            Some(free) => free(o as *mut c_void),
            None => crate::mem::PyObject_Free(o as *mut c_void),
        }
    }
}

/// Whether `d` is the `tp_dealloc` `PyType_Ready` gives a type without one.
pub(crate) fn is_default_dealloc(d: abi::Destructor) -> bool {
    d as usize == default_dealloc as abi::Destructor as usize
}

/// Frees the memory of instance `o` with its type's `tp_free`.
///
/// # Safety
/// `o` must be an instance of a readied C type, no longer used.
pub(crate) unsafe fn free_instance(o: *mut PyObject) {
    // SAFETY: forwarded.
    unsafe { default_dealloc(o) }
}

/// `PyType_Ready`: finishes a static type defined in C.
pub(crate) unsafe extern "C" fn PyType_Ready(t: *mut PyTypeObject) -> c_int {
    guard(-1, || {
        // SAFETY: `t` is the extension's static type object (contract).
        match unsafe { ready(t) } {
            Ok(()) => 0,
            Err(e) => fail(e, -1),
        }
    })
}

unsafe fn ready(t: *mut PyTypeObject) -> PyResult<()> {
    // SAFETY: forwarded.
    unsafe { ready_type(t, false) }
}

/// Readies a heap type made from a spec (`crate::heaptype`): as a static
/// type, except that the type stays mortal and so do its dict and
/// descriptors (which hold references to it).
///
/// # Safety
/// `t` must be a fully laid out heap type with one reference held by the
/// caller.
pub(crate) unsafe fn ready_heap(t: *mut PyTypeObject) -> PyResult<()> {
    // SAFETY: forwarded.
    unsafe { ready_type(t, true) }
}

unsafe fn ready_type(t: *mut PyTypeObject, heap: bool) -> PyResult<()> {
    if t.is_null() {
        return Err(crate::object::bad_internal_call());
    }
    // SAFETY: `t` is a live static type object that C code is not using
    // concurrently (types are readied once, at import).
    let ty = unsafe { &mut *t };
    if ty.tp_flags & TPFLAGS_READY != 0 {
        return Ok(());
    }
    if ty.tp_typhon.kind != Kind::FOREIGN || ty.tp_typhon.payload.is_some() {
        return Err(PyErr::new(
            &types::SYSTEM_ERROR,
            format!("PyType_Ready: '{}' is not a type defined in C", ty.name()),
        ));
    }
    let object = types::OBJECT.get() as *const TypeObject;
    if ty.tp_base.is_null() {
        ty.tp_base = object;
    }
    // SAFETY: `tp_base` is a live type (static or readied C type).
    let base = unsafe { &*ty.tp_base };
    if !std::ptr::eq(base, object) && !is_c_type(base) {
        return Err(PyErr::new(
            &types::NOT_IMPLEMENTED_ERROR,
            format!(
                "type '{}': C types deriving from '{}' are not supported by typhon (only object or another C type)",
                ty.name(),
                base.name()
            ),
        ));
    }
    if is_c_type(base) && base.tp_flags & TPFLAGS_READY == 0 {
        // SAFETY: the base is another C static type.
        unsafe { ready(ty.tp_base as *mut PyTypeObject) }?;
    }
    if is_c_type(base) && base.tp_flags & TPFLAGS_BASETYPE == 0 {
        return Err(PyErr::type_error(format!(
            "type '{}' is not an acceptable base type",
            base.name()
        )));
    }
    if ty.head.ob_type.is_null() {
        ty.head.ob_type = types::TYPE.get();
    }
    // Static types live forever: never counted, never freed.
    if !heap {
        ty.head.ob_refcnt.set(IMMORTAL_REFCNT);
    }
    if ty.tp_basicsize == 0 {
        ty.tp_basicsize = base
            .tp_basicsize
            .max(std::mem::size_of::<PyObject>() as isize);
    }
    // Inherit the slots CPython inherits from a C base.
    if is_c_type(base) {
        macro_rules! inherit {
            ($($f:ident),*) => { $( if ty.$f.is_null() { ty.$f = base.$f; } )* };
        }
        inherit!(
            tp_repr,
            tp_str,
            tp_call,
            tp_iter,
            tp_iternext,
            tp_as_number,
            tp_as_sequence,
            tp_as_mapping,
            tp_getattro,
            tp_setattro,
            tp_descr_get,
            tp_descr_set,
            tp_init,
            tp_alloc,
            tp_free
        );
        if ty.tp_new.is_null() && ty.tp_flags & TPFLAGS_DISALLOW_INSTANTIATION == 0 {
            ty.tp_new = base.tp_new;
        }
        if ty.tp_richcompare.is_null() && ty.tp_hash.is_null() {
            ty.tp_richcompare = base.tp_richcompare;
            ty.tp_hash = base.tp_hash;
        }
        if ty.tp_dealloc.is_none() {
            ty.tp_dealloc = base.tp_dealloc;
        }
    }
    if ty.tp_dealloc.is_none() {
        ty.tp_dealloc = Some(default_dealloc);
    }
    if ty.tp_alloc.is_null() {
        ty.tp_alloc = PyType_GenericAlloc as *const c_void;
    }
    if ty.tp_free.is_null() {
        ty.tp_free = crate::mem::PyObject_Free as *const c_void;
    }
    // The dict of descriptors.
    let dict = DictObj::new_obj();
    let Some(d) = dict.downcast::<DictObj>() else {
        return Err(crate::object::bad_internal_call());
    };
    let owner = t as *const TypeObject;
    // SAFETY: the method, member and get-set tables are NULL or arrays in
    // the extension's static data, each ending with a NULL name.
    unsafe {
        let mut m = ty.tp_methods as *const PyMethodDef;
        while !m.is_null() && !(*m).ml_name.is_null() {
            let method = Rc::new(Method::new(m, true)?.defined_by(owner));
            let name = method.name.clone();
            d.set_str(
                &name,
                Value::Obj(DescrObj::new_obj(
                    Descriptor::Method(method),
                    name.clone(),
                    owner,
                )),
            );
            m = m.add(1);
        }
        let mut mb = ty.tp_members as *const PyMemberDef;
        while !mb.is_null() && !(*mb).name.is_null() {
            let name = CStr::from_ptr((*mb).name).to_string_lossy().into_owned();
            d.set_str(
                &name,
                Value::Obj(DescrObj::new_obj(
                    Descriptor::Member(mb),
                    name.clone(),
                    owner,
                )),
            );
            mb = mb.add(1);
        }
        let mut gs = ty.tp_getset as *const PyGetSetDef;
        while !gs.is_null() && !(*gs).name.is_null() {
            let name = CStr::from_ptr((*gs).name).to_string_lossy().into_owned();
            d.set_str(
                &name,
                Value::Obj(DescrObj::new_obj(
                    Descriptor::GetSet(gs),
                    name.clone(),
                    owner,
                )),
            );
            gs = gs.add(1);
        }
    }
    if !ty.tp_doc.is_null() {
        // SAFETY: `tp_doc` is a C string in static data.
        let doc = unsafe { CStr::from_ptr(ty.tp_doc) }
            .to_string_lossy()
            .into_owned();
        d.set_str("__doc__", Value::string(doc));
    }
    // The dict and what it holds live as long as the type, which is
    // immortal: so are they (and leak checks do not count them). A heap
    // type owns its dict like any other reference.
    if heap {
        ty.tp_dict = dict.into_raw() as *const c_void;
        ty.tp_flags |= TPFLAGS_READY;
        return Ok(());
    }
    for (k, v) in d.items() {
        for x in [k, v] {
            if let Value::Obj(o) = x {
                abi::make_immortal(&o);
            }
        }
    }
    abi::make_immortal(&dict);
    ty.tp_dict = dict.into_raw() as *const c_void;
    ty.tp_flags |= TPFLAGS_READY;
    Ok(())
}

/// The `tp_dict` of a readied C type.
fn type_dict(t: &TypeObject) -> Option<&DictObj> {
    // SAFETY: `tp_dict` is NULL or the dict PyType_Ready stored, owned by
    // the immortal type.
    let o = unsafe { borrow(t.tp_dict as *mut PyObject) }?;
    let p = o.downcast::<DictObj>()? as *const DictObj;
    // SAFETY: the dict lives as long as the type, which is immortal.
    Some(unsafe { &*p })
}

/// Looks `name` up in `t` and its bases.
pub fn lookup(t: &TypeObject, name: &str) -> Option<Value> {
    lookup_key(t, &DictKey::new(Value::str(name)).ok()?)
}

/// [`lookup`] with the key made already.
fn lookup_key(t: &TypeObject, key: &DictKey) -> Option<Value> {
    let mut cur = Some(t);
    while let Some(ty) = cur {
        if is_c_type(ty)
            && let Some(v) = type_dict(ty).and_then(|d| d.get(key))
        {
            return Some(v);
        }
        cur = ty.base();
    }
    None
}

// ----- allocation ----------------------------------------------------------------------------

/// `PyType_GenericAlloc`: a zeroed instance of `t`.
pub(crate) unsafe extern "C" fn PyType_GenericAlloc(
    t: *mut PyTypeObject,
    n: Py_ssize_t,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `t` is a live type (contract).
        let Some(size) = (unsafe { crate::mem::instance_size(t, n) }) else {
            return fail(
                PyErr::with_args(&types::MEMORY_ERROR, vec![]),
                std::ptr::null_mut(),
            );
        };
        let p = crate::mem::alloc_object(size, true) as *mut PyObject;
        if p.is_null() {
            return fail(
                PyErr::with_args(&types::MEMORY_ERROR, vec![]),
                std::ptr::null_mut(),
            );
        }
        // SAFETY: `p` is a fresh zeroed block of `size` bytes.
        unsafe {
            crate::mem::init_header(p, t);
            if (*t).tp_itemsize != 0 {
                ((p as *mut u8).add(std::mem::size_of::<PyObject>()) as *mut Py_ssize_t).write(n);
            }
        }
        p
    })
}

/// `PyType_GenericNew`: `t->tp_alloc(t, 0)`.
pub(crate) unsafe extern "C" fn PyType_GenericNew(
    t: *mut PyTypeObject,
    _args: *mut PyObject,
    _kwds: *mut PyObject,
) -> *mut PyObject {
    // SAFETY: `t` is a live, readied type (contract).
    unsafe {
        match slot::<AllocFn>((*t).tp_alloc) {
            Some(alloc) => alloc(t, 0),
            None => PyType_GenericAlloc(t, 0),
        }
    }
}

/// `PyType_IsSubtype`.
pub(crate) unsafe extern "C" fn PyType_IsSubtype(
    a: *mut PyTypeObject,
    b: *mut PyTypeObject,
) -> c_int {
    if a.is_null() || b.is_null() {
        return 0;
    }
    // SAFETY: both live types (contract).
    unsafe { (*a).is_subtype(&*b) as c_int }
}

/// `Py_SIZE` (a field access in CPython): the length of built-in
/// containers, `ob_size` of C var-objects.
pub(crate) unsafe extern "C" fn _Typhon_Py_SIZE(o: *mut PyObject) -> Py_ssize_t {
    // SAFETY: `o` is live (contract).
    let Some(b) = (unsafe { borrow(o) }) else {
        return 0;
    };
    if has_c_layout(b.ty()) {
        // SAFETY: a C var-object starts with PyVarObject.
        return unsafe {
            *((o as *mut u8).add(std::mem::size_of::<PyObject>()) as *const Py_ssize_t)
        };
    }
    let v = b.value();
    state::current_vm(|vm| {
        interp::ops::len(vm, &v)
            .map(|n| n as Py_ssize_t)
            .unwrap_or(0)
    })
    .unwrap_or(0)
}

// ----- operations on instances ------------------------------------------------------------------

/// Runs a C slot with the VM lent and turns its result into a value.
fn call_slot(vm: &mut Vm, what: &str, f: impl FnOnce() -> *mut PyObject) -> PyResult<Value> {
    let raw = state::with_vm(vm, f);
    check_result(raw, &|| what.to_owned())
}

/// Takes the pending exception after a C slot returned its error sentinel.
pub(crate) fn slot_error() -> PyErr {
    state::take_error()
        .unwrap_or_else(|| PyErr::new(&types::SYSTEM_ERROR, "error return without exception set"))
}

/// `obj.name` for C types, their instances, functions and descriptors.
pub fn getattr(vm: &mut Vm, o: &ObjRef, name: &str) -> PyResult<Option<Value>> {
    if let Some(f) = o.downcast::<CFunction>() {
        return Ok(f.getattr(name));
    }
    if let Some(d) = o.downcast::<DescrObj>() {
        return Ok((name == "__name__").then(|| Value::str(&d.name)));
    }
    if let Some(t) = o.as_type() {
        // A spec type named without a module has no `__module__` (CPython
        // looks it up in the heap type's dict, where nothing put it).
        if name == "__module__" && crate::heaptype::is_spec_type(t) && !t.name().contains('.') {
            return Err(PyErr::attribute_error("__module__"));
        }
        return Ok(type_getattr(t, o, name));
    }
    let t = o.ty();
    // A custom tp_getattro that is not the generic one.
    // SAFETY: `tp_getattro` holds NULL or a getattrofunc.
    if let Some(f) = unsafe { slot::<BinaryFn>(t.tp_getattro) }
        && f as usize != PyObject_GenericGetAttr as *const () as usize
    {
        let key = new_ref(Value::str(name));
        let r = state::with_vm(vm, || {
            // SAFETY: the slot's signature; `key` lives across the call.
            unsafe { f(o.as_ptr(), key) }
        });
        // SAFETY: `key` is the new reference made above.
        drop(unsafe { take_new(key) });
        // SAFETY: a getattrofunc returns a new reference or NULL.
        return match unsafe { take_new(r) } {
            Some(v) => Ok(Some(v)),
            None => Err(slot_error()),
        };
    }
    generic_getattr(vm, o, name)
}

/// The names in the dicts of `o`'s type (of `o` itself if it is a C
/// type) and of its C bases: what `dir()` would list of them besides
/// `object`'s names.
pub fn attribute_names(o: &ObjRef) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = Some(o.as_type().unwrap_or_else(|| o.ty()));
    while let Some(ty) = cur {
        if is_c_type(ty)
            && let Some(d) = type_dict(ty)
        {
            out.extend(
                d.keys()
                    .iter()
                    .filter_map(|k| k.as_str().map(str::to_owned)),
            );
        }
        cur = ty.base();
    }
    out
}

/// For LOAD_METHOD on an instance of a C type: the method descriptor
/// `name` (a `str` object), when attribute lookup would find exactly that
/// (no custom `tp_getattro`, the name is a method in the type's dict).
///
/// Answers come from [`METHOD_CACHE`] when they can: the walk over the
/// type's dicts is otherwise most of the cost of `obj.method()`.
pub fn load_method(o: &ObjRef, name: &ObjRef) -> Option<Value> {
    let t = o.ty();
    let ty = t as *const TypeObject as usize;
    let slot = method_cache_slot(ty, name);
    let hit = METHOD_CACHE.with_borrow(|c| {
        c[slot]
            .as_ref()
            .filter(|e| e.ty == ty && e.name.ptr_eq(name))
            .map(|e| e.method.clone())
    });
    if hit.is_some() {
        return hit;
    }
    name.downcast::<StrObj>()?;
    let found = load_method_uncached(t, name)?;
    METHOD_CACHE.with_borrow_mut(|c| {
        c[slot] = Some(MethodCacheEntry {
            ty,
            name: name.clone(),
            method: found.clone(),
        });
    });
    Some(found)
}

fn load_method_uncached(t: &TypeObject, name: &ObjRef) -> Option<Value> {
    if !is_c_type(t) {
        return None;
    }
    // SAFETY: `tp_getattro` holds NULL or a getattrofunc.
    if let Some(f) = unsafe { slot::<BinaryFn>(t.tp_getattro) }
        && f as usize != PyObject_GenericGetAttr as *const () as usize
    {
        return None;
    }
    let found = lookup_key(t, &DictKey::from_str_obj(name))?;
    match &found.downcast::<DescrObj>()?.what {
        Descriptor::Method(_) => Some(found),
        _ => None,
    }
}

/// One remembered method lookup: the type (C types are immortal, so the
/// address names it for good), the attribute name, and the method
/// descriptor found (immortal too, made by `PyType_Ready`).
struct MethodCacheEntry {
    ty: usize,
    /// The name object itself, held so that its address cannot be reused
    /// by another object while the entry lives: a hit is one compare of
    /// addresses (a text compare was a third of `obj.method()`).
    name: ObjRef,
    method: Value,
}

const METHOD_CACHE_SLOTS: usize = 64;

thread_local! {
    /// Method lookups on C types, as CPython's type attribute cache: a C
    /// type's dict does not change after `PyType_Ready` unless C code
    /// edits it directly, which must then call `PyType_Modified` (here it
    /// empties the cache). The name's address picks the slot and decides
    /// the hit; another str object with the same text misses and takes
    /// the slot over.
    static METHOD_CACHE: std::cell::RefCell<[Option<MethodCacheEntry>; METHOD_CACHE_SLOTS]> =
        const { std::cell::RefCell::new([const { None }; METHOD_CACHE_SLOTS]) };
}

fn method_cache_slot(ty: usize, name: &ObjRef) -> usize {
    let n = name.as_ptr() as usize;
    ((ty >> 4) ^ (n >> 4) ^ (n >> 10)) % METHOD_CACHE_SLOTS
}

/// Forgets every cached method lookup (and the names the entries hold).
pub(crate) fn clear_method_cache() {
    // Taken out first: dropping an entry frees objects, which must not
    // happen while the cache is borrowed.
    let old = METHOD_CACHE
        .with_borrow_mut(|c| std::mem::replace(c, [const { None }; METHOD_CACHE_SLOTS]));
    drop(old);
}

/// `PyType_Modified`: the type's dict was edited behind the runtime's
/// back; forget every cached lookup.
pub(crate) unsafe extern "C" fn PyType_Modified(_t: *mut PyTypeObject) {
    guard((), || {
        clear_method_cache();
        interp::ext::types_modified();
    })
}

/// CPython's `PyObject_GenericGetAttr` for instances of C types.
pub fn generic_getattr(vm: &mut Vm, o: &ObjRef, name: &str) -> PyResult<Option<Value>> {
    let Some(found) = lookup(o.ty(), name) else {
        return Ok(None);
    };
    let Some(d) = found.downcast::<DescrObj>() else {
        return Ok(Some(found));
    };
    bind(vm, d, o).map(Some)
}

/// What the descriptor `d` gives read through `o`, an instance of its
/// type (or of a subtype): a bound method, a member's value, a getter's
/// result.
fn bind(vm: &mut Vm, d: &DescrObj, o: &ObjRef) -> PyResult<Value> {
    match &d.what {
        Descriptor::Method(m) => Ok(Value::Obj(CFunction::new_bound(m.clone(), o.clone()))),
        // SAFETY: `def` points into the type's static member table, and
        // `o`'s type derives from the type that declared it.
        Descriptor::Member(def) => unsafe { get_member(o, *def, &d.name) },
        Descriptor::GetSet(def) => {
            // SAFETY: `def` points into the type's static get-set table.
            let (get, closure) = unsafe { ((**def).get, (**def).closure) };
            let Some(get) = get else {
                return Err(PyErr::attribute_error(format!(
                    "attribute '{}' of '{}' objects is not readable",
                    d.name,
                    short_name(d.owner())
                )));
            };
            // SAFETY: a getter's signature; `o` is live.
            call_slot(vm, &d.name, || unsafe { get(o.as_ptr(), closure) })
        }
    }
}

/// The instance `obj` as a receiver of `d`: CPython's `descr_check`.
fn descr_receiver<'a>(d: &DescrObj, obj: &'a Value) -> PyResult<&'a ObjRef> {
    match obj {
        Value::Obj(o) if o.ty().is_subtype(d.owner()) => Ok(o),
        _ => Err(PyErr::type_error(format!(
            "descriptor '{}' for '{}' objects doesn't apply to a '{}' object",
            d.name,
            short_name(d.owner()),
            obj.type_name()
        ))),
    }
}

/// `descr.__get__(obj)` for a descriptor of a C type found on the MRO of
/// a Python class (see `interp::ext::CApi::descr_get`).
pub fn descr_get(vm: &mut Vm, descr: &ObjRef, obj: &Value) -> PyResult<Value> {
    let Some(d) = descr.downcast::<DescrObj>() else {
        return Ok(Value::Obj(descr.clone()));
    };
    let o = descr_receiver(d, obj)?;
    bind(vm, d, o)
}

/// `descr.__set__(obj, value)` / `descr.__delete__(obj)` for a member or
/// get-set of a C type.
pub fn descr_set(vm: &mut Vm, descr: &ObjRef, obj: &Value, v: Option<Value>) -> PyResult<()> {
    let Some(d) = descr.downcast::<DescrObj>() else {
        return Err(crate::object::bad_internal_call());
    };
    let o = descr_receiver(d, obj)?;
    set_through(vm, d, o, &d.name, v).map(drop)
}

/// Whether the C type `t` fills the slot behind the special method `name`
/// (of those the interpreter gives C types wrappers for).
pub fn has_slot(t: &TypeObject, name: &str) -> bool {
    match name {
        "__init__" => !t.tp_init.is_null(),
        "__repr__" => !t.tp_repr.is_null(),
        "__str__" => !t.tp_str.is_null(),
        "__hash__" => !t.tp_hash.is_null(),
        "__eq__" => !t.tp_richcompare.is_null(),
        "__len__" => length_slot(t).is_some(),
        "__getitem__" => {
            mapping(t).is_some_and(|m| m.mp_subscript.is_some())
                || sequence(t).is_some_and(|s| s.sq_item.is_some())
        }
        "__add__" => number(t).is_some_and(|n| n.nb_add.is_some()),
        _ => false,
    }
}

/// Whether `descr` is a member or get-set descriptor (a data descriptor).
pub fn is_data_descr(descr: &ObjRef) -> bool {
    descr
        .downcast::<DescrObj>()
        .is_some_and(|d| !matches!(d.what, Descriptor::Method(_)))
}

fn module_of(t: &TypeObject) -> Option<String> {
    let n = t.name();
    n.rfind('.').map(|i| n[..i].to_owned())
}

fn type_getattr(t: &TypeObject, o: &ObjRef, name: &str) -> Option<Value> {
    match name {
        "__name__" | "__qualname__" => return Some(Value::str(short_name(t))),
        "__module__" => return Some(module_of(t).map_or(Value::str("builtins"), Value::string)),
        "__doc__" if lookup(t, "__doc__").is_none() => return Some(Value::None),
        _ => {}
    }
    let _ = o;
    lookup(t, name)
}

/// Reads a `PyMemberDef` field of instance `o`.
///
/// # Safety
/// `def` must be a member of `o`'s type.
unsafe fn get_member(o: &ObjRef, def: *const PyMemberDef, name: &str) -> PyResult<Value> {
    // SAFETY: the member's offset lies inside the instance (the type's
    // declaration), and its type code says what the field holds.
    unsafe {
        let at = (o.as_ptr() as *mut u8).offset((*def).offset);
        Ok(match (*def).type_code {
            0 => Value::Int(*(at as *const i16) as i64),
            1 => Value::Int(*(at as *const c_int) as i64),
            2 => Value::Int(*(at as *const c_long)),
            3 => Value::float(*(at as *const f32) as f64),
            4 => Value::float(*(at as *const f64)),
            5 => {
                let p = *(at as *const *const c_char);
                if p.is_null() {
                    Value::None
                } else {
                    Value::string(CStr::from_ptr(p).to_string_lossy().into_owned())
                }
            }
            6 | 16 => {
                let p = *(at as *const *mut PyObject);
                match borrow(p) {
                    Some(b) => b.value(),
                    None if (*def).type_code == 16 => {
                        return Err(PyErr::attribute_error(format!(
                            "'{}' object has no attribute '{name}'",
                            o.ty().name()
                        )));
                    }
                    None => Value::None,
                }
            }
            7 => Value::str(&((*(at as *const u8)) as char).to_string()),
            8 => Value::Int(*(at as *const i8) as i64),
            9 => Value::Int(*at as i64),
            11 => Value::Int(*(at as *const u32) as i64),
            12 => Value::Int(*(at as *const u16) as i64),
            13 | 18 => Value::from_bigint((*(at as *const u64)).into()),
            15 => Value::Bool(*at != 0),
            17 | 19 => Value::Int(*(at as *const i64)),
            code => {
                return Err(PyErr::new(
                    &types::SYSTEM_ERROR,
                    format!("bad memberdescr type for {name} ({code})"),
                ));
            }
        })
    }
}

/// Writes a `PyMemberDef` field (`None` deletes an object field).
///
/// # Safety
/// `def` must be a member of `o`'s type.
unsafe fn set_member(
    o: &ObjRef,
    def: *const PyMemberDef,
    name: &str,
    v: Option<Value>,
) -> PyResult<()> {
    const READONLY: c_int = 1;
    // SAFETY: as for `get_member`.
    unsafe {
        if (*def).flags & READONLY != 0 {
            return Err(PyErr::attribute_error("readonly attribute"));
        }
        let at = (o.as_ptr() as *mut u8).offset((*def).offset);
        let code = (*def).type_code;
        if code == 6 || code == 16 {
            let new = v.map_or(std::ptr::null_mut(), new_ref);
            let old = std::ptr::replace(at as *mut *mut PyObject, new);
            drop(ObjRef::from_raw(old));
            return Ok(());
        }
        let Some(v) = v else {
            return Err(PyErr::type_error("can't delete numeric/char attribute"));
        };
        // As CPython, integer fields convert with PyLong_AsLong's rules.
        let int = || -> PyResult<i64> {
            match &v {
                Value::Int(i) => Ok(*i),
                Value::Bool(b) => Ok(*b as i64),
                _ if v.as_bigint().is_some() => {
                    Err(PyErr::overflow("Python int too large to convert to C long"))
                }
                _ => Err(PyErr::type_error(format!(
                    "'{}' object cannot be interpreted as an integer",
                    v.type_name()
                ))),
            }
        };
        match code {
            0 => *(at as *mut i16) = int()? as i16,
            1 => *(at as *mut c_int) = int()? as c_int,
            2 | 17 | 19 => *(at as *mut i64) = int()?,
            3 | 4 => {
                let f = match &v {
                    Value::Float(f) => *f,
                    Value::Int(i) => *i as f64,
                    Value::Bool(b) => *b as i64 as f64,
                    _ => {
                        // CPython converts with PyFloat_AsDouble.
                        return Err(PyErr::type_error(format!(
                            "must be real number, not {}",
                            v.type_name()
                        )));
                    }
                };
                if code == 3 {
                    *(at as *mut f32) = f as f32;
                } else {
                    *(at as *mut f64) = f;
                }
            }
            8 | 9 => *at = int()? as u8,
            11 => *(at as *mut u32) = int()? as u32,
            12 => *(at as *mut u16) = int()? as u16,
            13 | 18 => *(at as *mut u64) = int()? as u64,
            15 => match v {
                Value::Bool(b) => *at = b as u8,
                _ => return Err(PyErr::type_error("attribute value type must be bool")),
            },
            _ => {
                return Err(PyErr::new(
                    &types::SYSTEM_ERROR,
                    format!("bad memberdescr type for {name}"),
                ));
            }
        }
        Ok(())
    }
}

/// `obj.name = value` for instances of C types.
pub fn setattr(vm: &mut Vm, o: &ObjRef, name: &str, v: Option<Value>) -> PyResult<bool> {
    if o.as_type().is_some() || o.downcast::<CFunction>().is_some() {
        return Ok(false);
    }
    let t = o.ty();
    // SAFETY: `tp_setattro` holds NULL or a setattrofunc.
    if let Some(f) = unsafe { slot::<ObjObjArgFn>(t.tp_setattro) }
        && f as usize != PyObject_GenericSetAttr as *const () as usize
    {
        let key = new_ref(Value::str(name));
        let val = v.map_or(std::ptr::null_mut(), new_ref);
        // SAFETY: the slot's signature; both references live across the
        // call and are released after.
        let r = state::with_vm(vm, || unsafe { f(o.as_ptr(), key, val) });
        // SAFETY: the new references made above.
        unsafe {
            drop(take_new(key));
            drop(take_new(val));
        }
        return if r < 0 { Err(slot_error()) } else { Ok(true) };
    }
    generic_setattr(vm, o, name, v)
}

/// CPython's `PyObject_GenericSetAttr` for instances of C types.
pub fn generic_setattr(vm: &mut Vm, o: &ObjRef, name: &str, v: Option<Value>) -> PyResult<bool> {
    let Some(found) = lookup(o.ty(), name) else {
        return Ok(false);
    };
    let Some(d) = found.downcast::<DescrObj>() else {
        return Err(PyErr::attribute_error(format!(
            "'{}' object attribute '{name}' is read-only",
            o.ty().name()
        )));
    };
    set_through(vm, d, o, name, v)
}

/// Stores (or deletes, `None`) `o.name` through the descriptor `d` of its
/// type; `Ok(true)` when stored.
fn set_through(
    vm: &mut Vm,
    d: &DescrObj,
    o: &ObjRef,
    name: &str,
    v: Option<Value>,
) -> PyResult<bool> {
    match &d.what {
        // SAFETY: `def` belongs to `o`'s type.
        Descriptor::Member(def) => unsafe { set_member(o, *def, name, v) }.map(|()| true),
        Descriptor::GetSet(def) => {
            // SAFETY: `def` points into the type's static table.
            let (set, closure) = unsafe { ((**def).set, (**def).closure) };
            let Some(set) = set else {
                return Err(PyErr::attribute_error(format!(
                    "attribute '{name}' of '{}' objects is not writable",
                    short_name(d.owner())
                )));
            };
            let val = v.map_or(std::ptr::null_mut(), new_ref);
            // SAFETY: a setter's signature; `val` lives across the call.
            let r = state::with_vm(vm, || unsafe { set(o.as_ptr(), val, closure) });
            // SAFETY: the new reference made above.
            drop(unsafe { take_new(val) });
            if r < 0 { Err(slot_error()) } else { Ok(true) }
        }
        Descriptor::Method(_) => Err(PyErr::attribute_error(format!(
            "'{}' object attribute '{name}' is read-only",
            o.ty().name()
        ))),
    }
}

/// `PyObject_GenericGetAttr` as a C function (for `tp_getattro`).
pub(crate) unsafe extern "C" fn PyObject_GenericGetAttr(
    o: *mut PyObject,
    name: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: both live (contract).
        let (Some(ob), Some(nm)) = (unsafe { borrow(o) }, unsafe { borrow(name) }) else {
            return fail(crate::object::bad_internal_call(), std::ptr::null_mut());
        };
        let Some(n) = nm.downcast::<StrObj>().map(|s| s.as_str().to_owned()) else {
            return fail(
                PyErr::type_error("attribute name must be string"),
                std::ptr::null_mut(),
            );
        };
        // An instance of a Python class deriving from a C type: the
        // interpreter's generic lookup (its class's dict, its own).
        let r = state::current_vm(|vm| {
            if ob.kind() == Kind::EXT_SUBCLASS {
                return vm.getattr_default(&ob.value(), &n).map(Some);
            }
            generic_getattr(vm, &ob, &n)
        })
        .and_then(|r| r);
        match r {
            Ok(Some(v)) => new_ref(v),
            Ok(None) => fail(
                PyErr::attribute_error(format!(
                    "'{}' object has no attribute '{n}'",
                    ob.ty().name()
                )),
                std::ptr::null_mut(),
            ),
            Err(e) => fail(e, std::ptr::null_mut()),
        }
    })
}

/// `PyObject_GenericSetAttr` as a C function (for `tp_setattro`).
pub(crate) unsafe extern "C" fn PyObject_GenericSetAttr(
    o: *mut PyObject,
    name: *mut PyObject,
    v: *mut PyObject,
) -> c_int {
    guard(-1, || {
        // SAFETY: live or null (contract).
        let (Some(ob), Some(nm)) = (unsafe { borrow(o) }, unsafe { borrow(name) }) else {
            return fail(crate::object::bad_internal_call(), -1);
        };
        let Some(n) = nm.downcast::<StrObj>().map(|s| s.as_str().to_owned()) else {
            return fail(PyErr::type_error("attribute name must be string"), -1);
        };
        // SAFETY: `v` is null or live.
        let val = unsafe { borrow(v) }.map(|b| b.value());
        let r = state::current_vm(|vm| {
            if ob.kind() == Kind::EXT_SUBCLASS {
                let me = ob.value();
                return match val {
                    Some(v) => vm.setattr_default(&me, &n, v),
                    None => vm.delattr_default(&me, &n),
                }
                .map(|()| true);
            }
            generic_setattr(vm, &ob, &n, val)
        })
        .and_then(|r| r);
        match r {
            Ok(true) => 0,
            Ok(false) => fail(
                PyErr::attribute_error(format!(
                    "'{}' object has no attribute '{n}'",
                    ob.ty().name()
                )),
                -1,
            ),
            Err(e) => fail(e, -1),
        }
    })
}

/// `repr(obj)`.
pub fn repr(vm: &mut Vm, o: &ObjRef) -> PyResult<String> {
    if let Some(f) = o.downcast::<CFunction>() {
        return Ok(f.repr(o));
    }
    if let Some(d) = o.downcast::<DescrObj>() {
        return Ok(d.repr());
    }
    if let Some(t) = o.as_type() {
        return Ok(format!("<class '{}'>", t.name()));
    }
    // SAFETY: `tp_repr` holds NULL or a reprfunc.
    match unsafe { slot::<UnaryFn>(o.ty().tp_repr) } {
        // SAFETY: the slot's signature.
        Some(f) => text_result(vm, "__repr__", || unsafe { f(o.as_ptr()) }),
        None => Ok(format!(
            "<{} object at {:#x}>",
            o.ty().name(),
            o.as_ptr() as usize
        )),
    }
}

/// `str(obj)`.
pub fn str(vm: &mut Vm, o: &ObjRef) -> PyResult<String> {
    // SAFETY: `tp_str` holds NULL or a reprfunc.
    match unsafe { slot::<UnaryFn>(o.ty().tp_str) } {
        Some(f) if o.as_type().is_none() && has_c_layout(o.ty()) => {
            // SAFETY: the slot's signature.
            text_result(vm, "__str__", || unsafe { f(o.as_ptr()) })
        }
        _ => repr(vm, o),
    }
}

fn text_result(vm: &mut Vm, what: &str, f: impl FnOnce() -> *mut PyObject) -> PyResult<String> {
    let v = call_slot(vm, what, f)?;
    match v.as_str() {
        Some(s) => Ok(s.to_owned()),
        None => Err(PyErr::type_error(format!(
            "{what} returned non-string (type {})",
            v.type_name()
        ))),
    }
}

pub(crate) fn length_slot(t: &TypeObject) -> Option<LenFn> {
    mapping(t)
        .and_then(|m| m.mp_length)
        .or_else(|| sequence(t).and_then(|s| s.sq_length))
}

/// `len(obj)`.
pub fn len(vm: &mut Vm, o: &ObjRef) -> PyResult<Option<usize>> {
    if !has_c_layout(o.ty()) {
        return Ok(None);
    }
    let Some(f) = length_slot(o.ty()) else {
        return Ok(None);
    };
    // SAFETY: the slot's signature.
    let n = state::with_vm(vm, || unsafe { f(o.as_ptr()) });
    if n < 0 {
        return Err(slot_error());
    }
    Ok(Some(n as usize))
}

/// `bool(obj)`.
pub fn truthy(vm: &mut Vm, o: &ObjRef) -> PyResult<Option<bool>> {
    if !has_c_layout(o.ty()) {
        return Ok(None);
    }
    if let Some(f) = number(o.ty()).and_then(|n| n.nb_bool) {
        // SAFETY: the slot's signature.
        let r = state::with_vm(vm, || unsafe { f(o.as_ptr()) });
        return if r < 0 {
            Err(slot_error())
        } else {
            Ok(Some(r != 0))
        };
    }
    Ok(len(vm, o)?.map(|n| n != 0))
}

/// `obj[key]`.
pub fn getitem(vm: &mut Vm, o: &ObjRef, key: &Value) -> PyResult<Option<Value>> {
    if !has_c_layout(o.ty()) {
        return Ok(None);
    }
    let t = o.ty();
    if let Some(f) = mapping(t).and_then(|m| m.mp_subscript) {
        let k = new_ref(key.clone());
        // SAFETY: the slot's signature; `k` lives across the call.
        let r = call_slot(vm, "__getitem__", || unsafe { f(o.as_ptr(), k) });
        // SAFETY: the new reference made above.
        drop(unsafe { take_new(k) });
        return r.map(Some);
    }
    if let Some(f) = sequence(t).and_then(|s| s.sq_item) {
        let i = seq_index(vm, o, key)?;
        // SAFETY: the slot's signature.
        return call_slot(vm, "__getitem__", || unsafe { f(o.as_ptr(), i) }).map(Some);
    }
    Ok(None)
}

/// A sequence index: an int, made non-negative with `sq_length` as
/// CPython's `PySequence_GetItem` does.
fn seq_index(vm: &mut Vm, o: &ObjRef, key: &Value) -> PyResult<Py_ssize_t> {
    let i = match key {
        Value::Int(i) => *i as Py_ssize_t,
        Value::Bool(b) => *b as Py_ssize_t,
        _ if key.as_bigint().is_some() => {
            return Err(PyErr::index_error(format!(
                "cannot fit '{}' into an index-sized integer",
                key.type_name()
            )));
        }
        _ => {
            return Err(PyErr::type_error(format!(
                "sequence index must be integer, not '{}'",
                key.type_name()
            )));
        }
    };
    if i < 0
        && let Some(n) = sequence(o.ty()).and_then(|s| s.sq_length)
    {
        // SAFETY: the slot's signature.
        let len = state::with_vm(vm, || unsafe { n(o.as_ptr()) });
        if len < 0 {
            return Err(slot_error());
        }
        return Ok(i + len);
    }
    Ok(i)
}

/// `obj[key] = value` / `del obj[key]`.
pub fn setitem(vm: &mut Vm, o: &ObjRef, key: &Value, v: Option<Value>) -> PyResult<bool> {
    if !has_c_layout(o.ty()) {
        return Ok(false);
    }
    let t = o.ty();
    let val = v.map_or(std::ptr::null_mut(), new_ref);
    let r = if let Some(f) = mapping(t).and_then(|m| m.mp_ass_subscript) {
        let k = new_ref(key.clone());
        // SAFETY: the slot's signature; `k` and `val` live across the call.
        let r = state::with_vm(vm, || unsafe { f(o.as_ptr(), k, val) });
        // SAFETY: the new reference made above.
        drop(unsafe { take_new(k) });
        Some(r)
    } else if let Some(f) = sequence(t).and_then(|s| s.sq_ass_item) {
        match seq_index(vm, o, key) {
            // SAFETY: the slot's signature.
            Ok(i) => Some(state::with_vm(vm, || unsafe { f(o.as_ptr(), i, val) })),
            Err(e) => {
                // SAFETY: the new reference made above.
                drop(unsafe { take_new(val) });
                return Err(e);
            }
        }
    } else {
        None
    };
    // SAFETY: the new reference made above.
    drop(unsafe { take_new(val) });
    match r {
        None => Ok(false),
        Some(r) if r < 0 => Err(slot_error()),
        Some(_) => Ok(true),
    }
}

/// `iter(obj)`.
pub fn iter(vm: &mut Vm, o: &ObjRef) -> PyResult<Option<Value>> {
    if !has_c_layout(o.ty()) {
        return Ok(None);
    }
    // SAFETY: `tp_iter` holds NULL or a getiterfunc.
    match unsafe { slot::<UnaryFn>(o.ty().tp_iter) } {
        // SAFETY: the slot's signature.
        Some(f) => call_slot(vm, "__iter__", || unsafe { f(o.as_ptr()) }).map(Some),
        None => Ok(None),
    }
}

/// `next(obj)`.
pub fn next(vm: &mut Vm, o: &ObjRef) -> PyResult<Option<Option<Value>>> {
    if !has_c_layout(o.ty()) {
        return Ok(None);
    }
    // SAFETY: `tp_iternext` holds NULL or an iternextfunc.
    let Some(f) = (unsafe { slot::<UnaryFn>(o.ty().tp_iternext) }) else {
        return Ok(None);
    };
    // SAFETY: the slot's signature.
    let raw = state::with_vm(vm, || unsafe { f(o.as_ptr()) });
    // SAFETY: a new reference or NULL.
    match unsafe { take_new(raw) } {
        Some(v) => Ok(Some(Some(v))),
        None => match state::take_error() {
            None => Ok(Some(None)),
            Some(e) if e.matches(types::STOP_ITERATION.get()) => Ok(Some(None)),
            Some(e) => Err(e),
        },
    }
}

fn cmp_code(op: CmpOp) -> c_int {
    match op {
        CmpOp::Lt => 0,
        CmpOp::Le => 1,
        CmpOp::Eq => 2,
        CmpOp::Ne => 3,
        CmpOp::Gt => 4,
        CmpOp::Ge => 5,
    }
}

fn is_not_implemented(v: &Value) -> bool {
    matches!(v, Value::Obj(o) if o.is_static_object(&interp::object::value::NOT_IMPLEMENTED))
}

fn richcompare_slot(v: &Value) -> Option<RichCmpFn> {
    let Value::Obj(o) = v else { return None };
    if !has_c_layout(o.ty()) {
        return None;
    }
    // SAFETY: `tp_richcompare` holds NULL or a richcmpfunc.
    unsafe { slot::<RichCmpFn>(o.ty().tp_richcompare) }
}

/// `a <op> b` through `tp_richcompare`, reflected as CPython does.
pub fn richcompare(vm: &mut Vm, op: CmpOp, a: &Value, b: &Value) -> PyResult<Option<Value>> {
    let tries = [(a, b, op), (b, a, op.swapped())];
    for (x, y, o) in tries {
        if let Some(f) = richcompare_slot(x) {
            let (px, py) = (new_ref(x.clone()), new_ref(y.clone()));
            // SAFETY: the slot's signature; both references live across it.
            let r = call_slot(vm, "__richcmp__", || unsafe { f(px, py, cmp_code(o)) });
            // SAFETY: the new references made above.
            unsafe {
                drop(take_new(px));
                drop(take_new(py));
            }
            let r = r?;
            if !is_not_implemented(&r) {
                return Ok(Some(r));
            }
        }
    }
    Ok(None)
}

/// `a == b` for dict keys, with no interpreter attached: `tp_richcompare`
/// of either side (reflected as CPython does); errors and NotImplemented
/// from both mean unequal.
pub fn key_eq(a: &Value, b: &Value) -> bool {
    for (x, y) in [(a, b), (b, a)] {
        let Some(f) = richcompare_slot(x) else {
            continue;
        };
        let (px, py) = (new_ref(x.clone()), new_ref(y.clone()));
        // SAFETY: the slot's signature; both references live across it.
        let raw = state::without_vm(|| unsafe { f(px, py, cmp_code(CmpOp::Eq)) });
        // SAFETY: the new references made above; `raw` is a new reference
        // or NULL.
        let r = unsafe {
            drop(take_new(px));
            drop(take_new(py));
            take_new(raw)
        };
        match r {
            None => {
                drop(state::take_error());
                return false;
            }
            Some(v) if is_not_implemented(&v) => continue,
            Some(Value::Bool(t)) => return t,
            Some(v) => return interp::ops::key_eq(&v, &Value::Bool(true)),
        }
    }
    false
}

fn binop_slot(v: &Value, op: BinOp) -> Option<BinaryFn> {
    let Value::Obj(o) = v else { return None };
    if !has_c_layout(o.ty()) {
        return None;
    }
    let n = number(o.ty())?;
    match op {
        BinOp::Add => n.nb_add,
        BinOp::Sub => n.nb_subtract,
        BinOp::Mul => n.nb_multiply,
        BinOp::Mod => n.nb_remainder,
        BinOp::FloorDiv => n.nb_floor_divide,
        BinOp::TrueDiv => n.nb_true_divide,
        BinOp::LShift => n.nb_lshift,
        BinOp::RShift => n.nb_rshift,
        BinOp::And => n.nb_and,
        BinOp::Or => n.nb_or,
        BinOp::Xor => n.nb_xor,
        BinOp::MatMul => n.nb_matrix_multiply,
        // Power takes three arguments (`pow_slot`).
        BinOp::Pow => None,
    }
}

/// `tp_descr_get(descr, obj, owner)` of a C type's instance found in a
/// Python class's namespace (`obj` NULL when reached through the class, as
/// CPython's `type_getattro` passes it); `None` without the slot.
pub fn slot_descr_get(
    vm: &mut Vm,
    descr: &ObjRef,
    obj: Option<&Value>,
    owner: &ObjRef,
) -> PyResult<Option<Value>> {
    if !has_c_layout(descr.ty()) {
        return Ok(None);
    }
    // SAFETY: `tp_descr_get` holds NULL or a descrgetfunc.
    let Some(f) = (unsafe { slot::<TernaryFn>(descr.ty().tp_descr_get) }) else {
        return Ok(None);
    };
    let po = obj.map_or(std::ptr::null_mut(), |o| new_ref(o.clone()));
    let pt = new_ref(Value::Obj(owner.clone()));
    let pd = descr.as_ptr();
    // SAFETY: the slot's signature; the references live across it.
    let r = call_slot(vm, "__get__", || unsafe { f(pd, po, pt) });
    // SAFETY: the new references made above.
    unsafe {
        drop(take_new(po));
        drop(take_new(pt));
    }
    r.map(Some)
}

/// Calls the binary number slot `f` with new references to `a` and `b`
/// (released after); `None` when it returned NotImplemented.
fn call_binary(
    vm: &mut Vm,
    what: &str,
    f: BinaryFn,
    a: &Value,
    b: &Value,
) -> PyResult<Option<Value>> {
    let (pa, pb) = (new_ref(a.clone()), new_ref(b.clone()));
    // SAFETY: the slot's signature; both references live across it.
    let r = call_slot(vm, what, || unsafe { f(pa, pb) });
    // SAFETY: the new references made above.
    unsafe {
        drop(take_new(pa));
        drop(take_new(pb));
    }
    let r = r?;
    Ok((!is_not_implemented(&r)).then_some(r))
}

/// [`call_binary`] for a ternary slot (`nb_power`, `nb_inplace_power`).
fn call_ternary(
    vm: &mut Vm,
    what: &str,
    f: TernaryFn,
    a: &Value,
    b: &Value,
    c: &Value,
) -> PyResult<Option<Value>> {
    let (pa, pb, pc) = (new_ref(a.clone()), new_ref(b.clone()), new_ref(c.clone()));
    // SAFETY: the slot's signature; the references live across it.
    let r = call_slot(vm, what, || unsafe { f(pa, pb, pc) });
    // SAFETY: the new references made above.
    unsafe {
        drop(take_new(pa));
        drop(take_new(pb));
        drop(take_new(pc));
    }
    let r = r?;
    Ok((!is_not_implemented(&r)).then_some(r))
}

/// `a <op>= b` through the left operand's in-place number slot (`None`:
/// it has none, or it returned NotImplemented; the caller then runs the
/// plain operator, as CPython's `binary_iop1` does).
pub fn inplace_op(vm: &mut Vm, op: BinOp, a: &Value, b: &Value) -> PyResult<Option<Value>> {
    let Value::Obj(o) = a else { return Ok(None) };
    if !has_c_layout(o.ty()) {
        return Ok(None);
    }
    let Some(n) = number(o.ty()) else {
        return Ok(None);
    };
    let f = match op {
        BinOp::Add => n.nb_inplace_add,
        BinOp::Sub => n.nb_inplace_subtract,
        BinOp::Mul => n.nb_inplace_multiply,
        BinOp::Mod => n.nb_inplace_remainder,
        BinOp::FloorDiv => n.nb_inplace_floor_divide,
        BinOp::TrueDiv => n.nb_inplace_true_divide,
        BinOp::LShift => n.nb_inplace_lshift,
        BinOp::RShift => n.nb_inplace_rshift,
        BinOp::And => n.nb_inplace_and,
        BinOp::Or => n.nb_inplace_or,
        BinOp::Xor => n.nb_inplace_xor,
        BinOp::MatMul => n.nb_inplace_matrix_multiply,
        BinOp::Pow => {
            return match n.nb_inplace_power {
                Some(f) => call_ternary(vm, "**=", f, a, b, &Value::None),
                None => Ok(None),
            };
        }
    };
    match f {
        Some(f) => call_binary(vm, op.symbol(), f, a, b),
        None => Ok(None),
    }
}

fn pow_slot(v: &Value) -> Option<TernaryFn> {
    let Value::Obj(o) = v else { return None };
    if !has_c_layout(o.ty()) {
        return None;
    }
    number(o.ty())?.nb_power
}

/// `-o`, `+o`, `~o`, `abs(o)`, and the conversions `int(o)`, `float(o)`
/// and `operator.index(o)` (`op` '-', '+', '~', 'a', 'i', 'f', 'x')
/// through the C type's number slot; `None` when it has none.
pub fn unary_op(vm: &mut Vm, op: char, o: &ObjRef) -> PyResult<Option<Value>> {
    if !has_c_layout(o.ty()) {
        return Ok(None);
    }
    let Some(n) = number(o.ty()) else {
        return Ok(None);
    };
    let f = match op {
        '-' => n.nb_negative,
        '+' => n.nb_positive,
        '~' => n.nb_invert,
        'a' => n.nb_absolute,
        'i' => n.nb_int,
        'f' => n.nb_float,
        'x' => n.nb_index,
        _ => None,
    };
    let Some(f) = f else {
        return Ok(None);
    };
    let p = o.as_ptr();
    // SAFETY: the slot's signature; `o` is live across the call.
    call_slot(vm, "unary", || unsafe { f(p) }).map(Some)
}

/// `a ** b` through `nb_power` (its third argument None), the left
/// operand's slot, then the right's.
fn power_op(vm: &mut Vm, a: &Value, b: &Value) -> PyResult<Option<Value>> {
    power3(vm, a, b, &Value::None)
}

/// `pow(a, b, m)` through `nb_power`: the slot of `a`, then of `b`, then
/// of `m` (CPython's `ternary_op`), each once.
pub fn power3(vm: &mut Vm, a: &Value, b: &Value, m: &Value) -> PyResult<Option<Value>> {
    let mut slots: Vec<TernaryFn> = Vec::with_capacity(3);
    for v in [a, b, m] {
        if let Some(f) = pow_slot(v)
            && !slots.iter().any(|g| *g as usize == f as usize)
        {
            slots.push(f);
        }
    }
    for f in slots {
        if let Some(r) = call_ternary(vm, "**", f, a, b, m)? {
            return Ok(Some(r));
        }
    }
    Ok(None)
}

/// `a <op> b` through `tp_as_number`: the left operand's slot, then the
/// right's (same argument order, as CPython's `binary_op1`).
pub fn binary_op(vm: &mut Vm, op: BinOp, a: &Value, b: &Value) -> PyResult<Option<Value>> {
    if op == BinOp::Pow {
        return power_op(vm, a, b);
    }
    let left = binop_slot(a, op);
    let right = binop_slot(b, op).filter(|r| Some(*r as usize) != left.map(|l| l as usize));
    for f in [left, right].into_iter().flatten() {
        if let Some(r) = call_binary(vm, op.symbol(), f, a, b)? {
            return Ok(Some(r));
        }
    }
    sequence_op(vm, op, a, b)
}

/// The sequence slots CPython falls back to when no number slot took
/// `a + b` or `a * n`: the left operand's `sq_concat`, and the
/// `sq_repeat` of whichever operand is a C sequence, the other being the
/// count.
fn sequence_op(vm: &mut Vm, op: BinOp, a: &Value, b: &Value) -> PyResult<Option<Value>> {
    fn seq(v: &Value) -> Option<&PySequenceMethods> {
        match v {
            Value::Obj(o) if has_c_layout(o.ty()) => sequence(o.ty()),
            _ => None,
        }
    }
    match op {
        BinOp::Add => {
            let Some(f) = seq(a).and_then(|m| m.sq_concat) else {
                return Ok(None);
            };
            let (pa, pb) = (new_ref(a.clone()), new_ref(b.clone()));
            // SAFETY: the slot's signature; both references live across it.
            let r = call_slot(vm, "+", || unsafe { f(pa, pb) });
            // SAFETY: the new references made above.
            unsafe {
                drop(take_new(pa));
                drop(take_new(pb));
            }
            r.map(Some)
        }
        BinOp::Mul => {
            let (s, n, f) = match (
                seq(a).and_then(|m| m.sq_repeat),
                seq(b).and_then(|m| m.sq_repeat),
            ) {
                (Some(f), _) => (a, b, f),
                (None, Some(f)) => (b, a, f),
                (None, None) => return Ok(None),
            };
            let count = match n {
                Value::Bool(x) => *x as Py_ssize_t,
                v if v.is_int() => v
                    .to_bigint()
                    .map(|i| crate::protocols::clamp_ssize(&i))
                    .unwrap_or_default(),
                v => {
                    return Err(PyErr::type_error(format!(
                        "can't multiply sequence by non-int of type '{}'",
                        v.type_name()
                    )));
                }
            };
            let ps = new_ref(s.clone());
            // SAFETY: the slot's signature; the reference lives across it.
            let r = call_slot(vm, "*", || unsafe { f(ps, count) });
            // SAFETY: the new reference made above.
            unsafe { drop(take_new(ps)) };
            r.map(Some)
        }
        _ => Ok(None),
    }
}

/// `hash(obj)`, with no interpreter attached.
pub fn hash(o: &ObjRef) -> PyResult<Option<u64>> {
    hash_in(o, false)
}

/// [`hash`], with `tp_hash` run where the interpreter is lent (`lent`:
/// the caller lent it, and the slot may call back into Python) or
/// hidden (dict keys hash without an interpreter).
pub fn hash_in(o: &ObjRef, lent: bool) -> PyResult<Option<u64>> {
    let t = o.ty();
    if o.downcast::<CFunction>().is_some()
        || o.downcast::<DescrObj>().is_some()
        || o.as_type().is_some()
    {
        return Ok(Some((o.as_ptr() as u64) >> 4));
    }
    // SAFETY: `tp_hash` holds NULL or a hashfunc.
    match unsafe { slot::<HashFn>(t.tp_hash) } {
        Some(f) => {
            let h = if lent {
                // SAFETY: the slot's signature; `o` is live.
                unsafe { f(o.as_ptr()) }
            } else {
                // SAFETY: as above.
                state::without_vm(|| unsafe { f(o.as_ptr()) })
            };
            if h == -1 {
                return Err(slot_error());
            }
            Ok(Some(h as u64))
        }
        // A type that defines equality but no hash is unhashable.
        None if !t.tp_richcompare.is_null() => Ok(None),
        None => Ok(Some((o.as_ptr() as u64) >> 4)),
    }
}

/// Calls a C type (`Foo(...)`) or an instance with `tp_call`.
pub fn call(vm: &mut Vm, o: &ObjRef, args: Args<'_>) -> PyResult<Value> {
    if let Some(f) = o.downcast::<CFunction>() {
        return f.call(vm, args);
    }
    if let Some(d) = o.downcast::<DescrObj>() {
        return d.call(vm, args);
    }
    let targs = new_ref(Value::tuple(args.pos.to_vec()));
    let kw = crate::methodobject::kwargs_dict(args.kw);
    let r = if let Some(t) = o.as_type() {
        construct(vm, t, o, targs, kw)
    } else {
        // SAFETY: `tp_call` holds NULL or a ternaryfunc.
        match unsafe { slot::<TernaryFn>(o.ty().tp_call) } {
            // SAFETY: the slot's signature; the tuple and dict live across it.
            Some(f) => call_slot(vm, "__call__", || unsafe { f(o.as_ptr(), targs, kw) }),
            None => Err(PyErr::type_error(format!(
                "'{}' object is not callable",
                o.ty().name()
            ))),
        }
    };
    // SAFETY: the new references made above.
    unsafe {
        drop(take_new(targs));
        crate::methodobject::release_kwargs(kw);
    }
    r
}

/// `cls(...)`'s allocation for a Python class deriving from a C type: its
/// `tp_new` (the C base's, inherited) with `cls` as the type, so that
/// `tp_alloc` makes room for the class's whole layout.
pub fn new_instance(vm: &mut Vm, cls: &ObjRef, args: Args<'_>) -> PyResult<Value> {
    let Some(t) = cls.as_type() else {
        return Err(crate::object::bad_internal_call());
    };
    // SAFETY: `tp_new` holds NULL or a newfunc (copied from the C base).
    let Some(new) = (unsafe { slot::<NewFn>(t.tp_new) }) else {
        return Err(PyErr::type_error(format!(
            "cannot create '{}' instances",
            t.name()
        )));
    };
    let targs = new_ref(Value::tuple(args.pos.to_vec()));
    let kw = crate::methodobject::kwargs_dict(args.kw);
    let tp = cls.as_ptr() as *mut PyTypeObject;
    // SAFETY: the slot's signature; the type, tuple and dict are live
    // across the call.
    let raw = state::with_vm(vm, || unsafe { new(tp, targs, kw) });
    // SAFETY: the new references made above.
    unsafe {
        drop(take_new(targs));
        crate::methodobject::release_kwargs(kw);
    }
    check_result(raw, &|| format!("<class '{}'>", t.name()))
}

/// The `tp_init` of the C type `obj`'s class derives from (the first type
/// along `tp_base` that is not a Python class), on `obj`; without one,
/// `object.__init__`'s check that there are no arguments.
pub fn init_instance(vm: &mut Vm, obj: &ObjRef, args: Args<'_>) -> PyResult<()> {
    let mut t = Some(obj.ty());
    while let Some(ty) = t
        && ty.is_heap_type()
    {
        t = ty.base();
    }
    // SAFETY: `tp_init` holds NULL or an initproc.
    let init = t.and_then(|ty| unsafe { slot::<InitFn>(ty.tp_init) });
    let Some(init) = init else {
        if args.pos.is_empty() && args.kw.is_empty() {
            return Ok(());
        }
        return Err(PyErr::type_error(
            "object.__init__() takes exactly one argument (the instance to initialize)",
        ));
    };
    let targs = new_ref(Value::tuple(args.pos.to_vec()));
    let kw = crate::methodobject::kwargs_dict(args.kw);
    // SAFETY: the slot's signature; `obj`, the tuple and the dict are live
    // across the call.
    let r = state::with_vm(vm, || unsafe { init(obj.as_ptr(), targs, kw) });
    // SAFETY: the new references made above.
    unsafe {
        drop(take_new(targs));
        crate::methodobject::release_kwargs(kw);
    }
    if r < 0 { Err(slot_error()) } else { Ok(()) }
}

fn construct(
    vm: &mut Vm,
    t: &TypeObject,
    me: &ObjRef,
    targs: *mut PyObject,
    kw: *mut PyObject,
) -> PyResult<Value> {
    // SAFETY: `tp_new` holds NULL or a newfunc.
    let Some(new) = (unsafe { slot::<NewFn>(t.tp_new) }) else {
        return Err(PyErr::type_error(format!(
            "cannot create '{}' instances",
            t.name()
        )));
    };
    let tp = me.as_ptr() as *mut PyTypeObject;
    // SAFETY: the slot's signature; the type is live.
    let raw = state::with_vm(vm, || unsafe { new(tp, targs, kw) });
    let v = check_result(raw, &|| format!("<class '{}'>", t.name()))?;
    let Value::Obj(obj) = &v else {
        return Ok(v);
    };
    if !obj.ty().is_subtype(t) {
        return Ok(v);
    }
    // SAFETY: `tp_init` holds NULL or an initproc.
    if let Some(init) = unsafe { slot::<InitFn>(obj.ty().tp_init) } {
        // SAFETY: the slot's signature.
        let r = state::with_vm(vm, || unsafe { init(obj.as_ptr(), targs, kw) });
        if r < 0 {
            return Err(slot_error());
        }
    }
    Ok(v)
}
