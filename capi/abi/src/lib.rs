//! Typhon's C-ABI object layer.
//!
//! Every heap object Typhon allocates starts with the same two words as a
//! CPython object: `ob_refcnt: isize`, then `ob_type: *const TypeObject`.
//! Type objects themselves follow CPython 3.11's `PyTypeObject` field order,
//! so a C extension compiled against Typhon's `Python.h` can read an object
//! handed to it without any conversion (`Py_INCREF`, `Py_TYPE`, `tp_name`…).
//!
//! This crate owns all of the raw-pointer work behind that: allocation,
//! reference counting, deallocation and checked downcasts. It knows nothing
//! about Python semantics; `interp` builds the object model on top of it with
//! safe code only.
//!
//! Invariants:
//! - An [`ObjRef`] is one owned (strong) reference. Cloning increments
//!   `ob_refcnt`, dropping decrements it and deallocates at zero through the
//!   type's `tp_dealloc`.
//! - Objects whose count is at least [`IMMORTAL_REFCNT`] are never written:
//!   static type objects are immortal, which is what makes sharing them
//!   between threads sound.
//! - A Rust payload `T` is only ever reached through [`ObjRef::downcast`],
//!   which checks the `TypeId` recorded in the object's type.
//! - The object model is single-threaded: [`ObjRef`] is neither `Send` nor
//!   `Sync`.

#[cfg(feature = "mimalloc")]
pub mod alloc;
pub mod cmath;
pub mod pending;
pub mod spare;
mod word;

pub use word::load_exact;

use std::any::TypeId;
use std::cell::Cell;
use std::ffi::{CStr, c_char, c_ulong, c_void};
use std::marker::PhantomData;
use std::ptr::NonNull;

/// `Py_TPFLAGS_HEAPTYPE`: the type object was allocated at run time (a
/// Python `class`); it is reference counted and freed with its last
/// reference, as CPython's heap types are.
pub const TPFLAGS_HEAPTYPE: c_ulong = 1 << 9;
/// `Py_TPFLAGS_BASETYPE`: the type can be subclassed.
pub const TPFLAGS_BASETYPE: c_ulong = 1 << 10;
/// `Py_TPFLAGS_HAVE_GC`: instances may be tracked by the cycle collector.
pub const TPFLAGS_HAVE_GC: c_ulong = 1 << 14;
/// `Py_TPFLAGS_LONG_SUBCLASS`.
pub const TPFLAGS_LONG_SUBCLASS: c_ulong = 1 << 24;
/// `Py_TPFLAGS_LIST_SUBCLASS`.
pub const TPFLAGS_LIST_SUBCLASS: c_ulong = 1 << 25;
/// `Py_TPFLAGS_TUPLE_SUBCLASS`.
pub const TPFLAGS_TUPLE_SUBCLASS: c_ulong = 1 << 26;
/// `Py_TPFLAGS_BYTES_SUBCLASS`.
pub const TPFLAGS_BYTES_SUBCLASS: c_ulong = 1 << 27;
/// `Py_TPFLAGS_UNICODE_SUBCLASS`.
pub const TPFLAGS_UNICODE_SUBCLASS: c_ulong = 1 << 28;
/// `Py_TPFLAGS_DICT_SUBCLASS`.
pub const TPFLAGS_DICT_SUBCLASS: c_ulong = 1 << 29;
/// `Py_TPFLAGS_BASE_EXC_SUBCLASS`.
pub const TPFLAGS_BASE_EXC_SUBCLASS: c_ulong = 1 << 30;
/// `Py_TPFLAGS_TYPE_SUBCLASS`: instances are type objects.
pub const TPFLAGS_TYPE_SUBCLASS: c_ulong = 1 << 31;

/// Reference counts at or above this value mark an immortal object whose
/// count is never changed.
pub const IMMORTAL_REFCNT: isize = isize::MAX / 4;

/// The CPython-compatible object header (`PyObject`).
#[repr(C)]
pub struct ObjHeader {
    /// `ob_refcnt`: the number of strong references.
    pub ob_refcnt: Cell<isize>,
    /// `ob_type`: the object's type.
    pub ob_type: *const TypeObject,
}

/// An untyped slot of the type object that this crate does not interpret
/// (function pointers and tables the C API layer fills in).
pub type Slot = *const c_void;

/// A `tp_dealloc` function.
pub type Destructor = unsafe extern "C" fn(*mut ObjHeader);

/// What Typhon knows about a type beyond CPython's fields. It sits after
/// CPython's last field; C code that defines a static `PyTypeObject`
/// leaves it zeroed, which reads as "no Rust payload, kind 0".
#[repr(C)]
pub struct TyphonTypeInfo {
    /// The Rust payload type of instances, for checked downcasts.
    pub payload: Option<&'static PayloadInfo>,
    /// A small tag `interp` uses for fast dispatch (0: foreign/unknown).
    pub kind: u32,
    /// Where an instance keeps its place in the cycle collector's
    /// registry (a `Cell<usize>`, from the object's address; see
    /// [`gc_track`]); 0: instances have no such word and are registered
    /// by address. Fits in what was padding, so a C `PyTypeObject` has the
    /// same size.
    pub gc_slot: u32,
}

/// Identifies the Rust payload stored after the header.
pub struct PayloadInfo {
    type_id: TypeId,
}

impl PayloadInfo {
    /// The payload description for `T`.
    pub const fn of<T: 'static>() -> PayloadInfo {
        PayloadInfo {
            type_id: TypeId::of::<T>(),
        }
    }
}

/// A type object, laid out field for field like CPython 3.11's
/// `PyTypeObject`, followed by [`TyphonTypeInfo`].
#[repr(C)]
pub struct TypeObject {
    /// The object header (a type is an object).
    pub head: ObjHeader,
    /// `ob_size` of `PyVarObject`.
    pub ob_size: isize,
    /// `tp_name`, NUL-terminated UTF-8.
    pub tp_name: *const c_char,
    /// `tp_basicsize`.
    pub tp_basicsize: isize,
    /// `tp_itemsize`.
    pub tp_itemsize: isize,
    /// `tp_dealloc`: frees an instance whose count reached zero.
    pub tp_dealloc: Option<Destructor>,
    /// `tp_vectorcall_offset`.
    pub tp_vectorcall_offset: isize,
    /// `tp_getattr`.
    pub tp_getattr: Slot,
    /// `tp_setattr`.
    pub tp_setattr: Slot,
    /// `tp_as_async`.
    pub tp_as_async: Slot,
    /// `tp_repr`.
    pub tp_repr: Slot,
    /// `tp_as_number`.
    pub tp_as_number: Slot,
    /// `tp_as_sequence`.
    pub tp_as_sequence: Slot,
    /// `tp_as_mapping`.
    pub tp_as_mapping: Slot,
    /// `tp_hash`.
    pub tp_hash: Slot,
    /// `tp_call`.
    pub tp_call: Slot,
    /// `tp_str`.
    pub tp_str: Slot,
    /// `tp_getattro`.
    pub tp_getattro: Slot,
    /// `tp_setattro`.
    pub tp_setattro: Slot,
    /// `tp_as_buffer`.
    pub tp_as_buffer: Slot,
    /// `tp_flags`.
    pub tp_flags: c_ulong,
    /// `tp_doc`.
    pub tp_doc: *const c_char,
    /// `tp_traverse`.
    pub tp_traverse: Slot,
    /// `tp_clear`.
    pub tp_clear: Slot,
    /// `tp_richcompare`.
    pub tp_richcompare: Slot,
    /// `tp_weaklistoffset`.
    pub tp_weaklistoffset: isize,
    /// `tp_iter`.
    pub tp_iter: Slot,
    /// `tp_iternext`.
    pub tp_iternext: Slot,
    /// `tp_methods`.
    pub tp_methods: Slot,
    /// `tp_members`.
    pub tp_members: Slot,
    /// `tp_getset`.
    pub tp_getset: Slot,
    /// `tp_base`: the base type, or null for `object`.
    pub tp_base: *const TypeObject,
    /// `tp_dict`.
    pub tp_dict: Slot,
    /// `tp_descr_get`.
    pub tp_descr_get: Slot,
    /// `tp_descr_set`.
    pub tp_descr_set: Slot,
    /// `tp_dictoffset`.
    pub tp_dictoffset: isize,
    /// `tp_init`.
    pub tp_init: Slot,
    /// `tp_alloc`.
    pub tp_alloc: Slot,
    /// `tp_new`.
    pub tp_new: Slot,
    /// `tp_free`.
    pub tp_free: Slot,
    /// `tp_is_gc`.
    pub tp_is_gc: Slot,
    /// `tp_bases`.
    pub tp_bases: Slot,
    /// `tp_mro`.
    pub tp_mro: Slot,
    /// `tp_cache`.
    pub tp_cache: Slot,
    /// `tp_subclasses`.
    pub tp_subclasses: Slot,
    /// `tp_weaklist`.
    pub tp_weaklist: Slot,
    /// `tp_del`.
    pub tp_del: Slot,
    /// `tp_version_tag`: 0 for types defined in C; for a Python class,
    /// its version tag, which moves whenever the class or a class of its
    /// MRO changes (`interp` sets it, through [`WeakType`] for
    /// subclasses), so an inline cache guards on a class by reading this
    /// one word. A `Cell` has the layout of the C `unsigned int`.
    pub tp_version_tag: Cell<u32>,
    /// `tp_finalize`.
    pub tp_finalize: Slot,
    /// `tp_vectorcall`.
    pub tp_vectorcall: Slot,
    /// Typhon's own information (zero for types defined in C).
    pub tp_typhon: TyphonTypeInfo,
}

impl TypeObject {
    /// The type's name (`tp_name`), or `"?"` if it is not valid UTF-8.
    pub fn name(&self) -> &str {
        if self.tp_name.is_null() {
            return "?";
        }
        // SAFETY: `tp_name` is a NUL-terminated string that lives as long as
        // the type (static for Rust types, static data for C types).
        unsafe { CStr::from_ptr(self.tp_name) }
            .to_str()
            .unwrap_or("?")
    }

    /// The base type, if any.
    pub fn base(&self) -> Option<&TypeObject> {
        // SAFETY: `tp_base` is null or points to a type object that outlives
        // every subtype (static types are immortal).
        unsafe { self.tp_base.as_ref() }
    }

    /// Whether `self` is `other` or a subtype of it.
    pub fn is_subtype(&self, other: &TypeObject) -> bool {
        let mut t = Some(self);
        while let Some(ty) = t {
            if std::ptr::eq(ty, other) {
                return true;
            }
            t = ty.base();
        }
        false
    }

    /// Typhon's dispatch tag for this type (0 for foreign types).
    pub fn kind(&self) -> u32 {
        self.tp_typhon.kind
    }
}

/// A type object stored in a Rust `static`. It is immortal: its reference
/// count is never written, which is what makes it shareable across threads.
#[repr(transparent)]
pub struct StaticType(TypeObject);

// SAFETY: a static type is immortal, so its only interior-mutable field
// (`ob_refcnt`) is never written (see `incref`/`decref`); all other fields are
// plain data that is never mutated after construction.
unsafe impl Sync for StaticType {}

impl TypeObject {
    /// A type object whose slots are all NULL and sizes and flags all 0,
    /// of metatype `meta`, with count `refcnt` and dispatch tag `kind` and
    /// no payload: what each way of making a type starts from, setting
    /// the fields it fills.
    pub const fn blank(meta: *const TypeObject, refcnt: isize, kind: u32) -> TypeObject {
        TypeObject {
            head: ObjHeader {
                ob_refcnt: Cell::new(refcnt),
                ob_type: meta,
            },
            ob_size: 0,
            tp_name: std::ptr::null(),
            tp_basicsize: 0,
            tp_itemsize: 0,
            tp_dealloc: None,
            tp_vectorcall_offset: 0,
            tp_getattr: std::ptr::null(),
            tp_setattr: std::ptr::null(),
            tp_as_async: std::ptr::null(),
            tp_repr: std::ptr::null(),
            tp_as_number: std::ptr::null(),
            tp_as_sequence: std::ptr::null(),
            tp_as_mapping: std::ptr::null(),
            tp_hash: std::ptr::null(),
            tp_call: std::ptr::null(),
            tp_str: std::ptr::null(),
            tp_getattro: std::ptr::null(),
            tp_setattro: std::ptr::null(),
            tp_as_buffer: std::ptr::null(),
            tp_flags: 0,
            tp_doc: std::ptr::null(),
            tp_traverse: std::ptr::null(),
            tp_clear: std::ptr::null(),
            tp_richcompare: std::ptr::null(),
            tp_weaklistoffset: 0,
            tp_iter: std::ptr::null(),
            tp_iternext: std::ptr::null(),
            tp_methods: std::ptr::null(),
            tp_members: std::ptr::null(),
            tp_getset: std::ptr::null(),
            tp_base: std::ptr::null(),
            tp_dict: std::ptr::null(),
            tp_descr_get: std::ptr::null(),
            tp_descr_set: std::ptr::null(),
            tp_dictoffset: 0,
            tp_init: std::ptr::null(),
            tp_alloc: std::ptr::null(),
            tp_new: std::ptr::null(),
            tp_free: std::ptr::null(),
            tp_is_gc: std::ptr::null(),
            tp_bases: std::ptr::null(),
            tp_mro: std::ptr::null(),
            tp_cache: std::ptr::null(),
            tp_subclasses: std::ptr::null(),
            tp_weaklist: std::ptr::null(),
            tp_del: std::ptr::null(),
            tp_version_tag: Cell::new(0),
            tp_finalize: std::ptr::null(),
            tp_vectorcall: std::ptr::null(),
            tp_typhon: TyphonTypeInfo {
                payload: None,
                kind,
                gc_slot: 0,
            },
        }
    }
}

impl StaticType {
    /// Builds a static type whose instances carry payload `T` (or no
    /// payload when `T` is `()`), named `name`, with base type `base`,
    /// metatype `meta` and dispatch tag `kind`.
    pub const fn new<T: 'static>(
        meta: *const StaticType,
        name: &'static CStr,
        base: Option<&'static StaticType>,
        kind: u32,
        has_payload: bool,
    ) -> StaticType {
        let payload: Option<&'static PayloadInfo> = if has_payload {
            Some(&PayloadStatic::<T>::INFO)
        } else {
            None
        };
        StaticType(TypeObject {
            tp_name: name.as_ptr(),
            tp_basicsize: std::mem::size_of::<PyBox<T>>() as isize,
            tp_dealloc: if has_payload {
                Some(dealloc_box::<T>)
            } else {
                None
            },
            tp_base: match base {
                Some(b) => &b.0 as *const TypeObject,
                None => std::ptr::null(),
            },
            tp_typhon: TyphonTypeInfo {
                payload,
                kind,
                gc_slot: 0,
            },
            ..TypeObject::blank(meta as *const TypeObject, IMMORTAL_REFCNT, kind)
        })
    }

    /// The same type with `tp_dealloc` set to `d` (the metatype `type`
    /// frees heap types this way).
    pub const fn with_dealloc(mut self, d: Destructor) -> StaticType {
        self.0.tp_dealloc = Some(d);
        self
    }

    /// The same type with `tp_iter` and `tp_iternext` filled, for the
    /// built-in iterator types: C code may call them through the type, as
    /// CPython's `Py_TYPE(it)->tp_iternext(it)` (NULL there was a
    /// segfault). `tp_iter` returns the iterator; `tp_iternext` runs the
    /// interpreter's `next()` through the C API ([`set_iternext`]).
    pub const fn with_iterator_slots(mut self) -> StaticType {
        self.0.tp_iter = iter_self_slot as *const c_void;
        self.0.tp_iternext = iternext_slot as *const c_void;
        self
    }

    /// The same type with `tp_descr_get` filled, for the built-in
    /// descriptor types (functions, `classmethod`, `staticmethod`,
    /// `property`), which C code binds through the type as CPython's
    /// (`Py_TYPE(f)->tp_descr_get(f, obj, type)`): it runs the
    /// interpreter's binding through the C API ([`set_descr_get`]).
    pub const fn with_descr_get(mut self) -> StaticType {
        self.0.tp_descr_get = descr_get_slot as *const c_void;
        self
    }

    /// The same type with `tp_flags` set to `flags`.
    pub const fn with_flags(mut self, flags: c_ulong) -> StaticType {
        self.0.tp_flags = flags;
        self
    }

    /// The type object.
    pub const fn get(&'static self) -> &'static TypeObject {
        &self.0
    }
}

/// An immortal object that is only a header: the singletons `None`,
/// `True`, `False` and `NotImplemented`, whose identity is their value.
/// C code reaches them as `Py_None` and friends.
#[repr(transparent)]
pub struct StaticObject(ObjHeader);

// SAFETY: as for `StaticType`: the object is immortal, so its count is never
// written (Typhon's and the C headers' reference counting both skip immortal
// objects), and the type pointer is never changed.
unsafe impl Sync for StaticObject {}

impl StaticObject {
    /// An immortal object of type `ty`.
    pub const fn new(ty: &'static StaticType) -> StaticObject {
        StaticObject(ObjHeader {
            ob_refcnt: Cell::new(IMMORTAL_REFCNT),
            ob_type: &ty.0 as *const TypeObject,
        })
    }

    /// The object's address (what C code sees as its `PyObject*`).
    pub fn as_ptr(&'static self) -> *mut ObjHeader {
        &self.0 as *const ObjHeader as *mut ObjHeader
    }
}

/// A raw pointer to the payload of the object at `p`, if its type holds a
/// `T`. No reference is created, so the caller may write through it when
/// it knows the object is not otherwise borrowed (the C API fills brand-new
/// tuples and byte strings this way, as CPython's does).
///
/// # Safety
/// `p` must point to a live object.
pub unsafe fn payload_ptr<T: 'static>(p: *mut ObjHeader) -> Option<*mut T> {
    // SAFETY: `p` is live (caller), so its type pointer is valid.
    let info = unsafe { (*(*p).ob_type).tp_typhon.payload }?;
    if info.type_id != TypeId::of::<T>() {
        return None;
    }
    // SAFETY: the type records `T` as its payload, so `p` is a `PyBox<T>`;
    // `addr_of_mut!` computes the field address without a reference.
    Some(unsafe { std::ptr::addr_of_mut!((*(p as *mut PyBox<T>)).body) })
}

/// A type object allocated at run time (a Python class): CPython's
/// `PyTypeObject` fields, then the owner of its name and the Rust data
/// `interp` keeps for it. Only [`new_heap_type`] makes these, and the
/// marker in `tp_cache` tells them from every other type object.
#[repr(C)]
struct HeapTypeObject {
    ty: TypeObject,
    name: std::ffi::CString,
    /// Alive exactly as long as the type: [`WeakType`]s hold it weakly.
    /// Declared before `data`, so it is dropped first: while `data` is
    /// dropped, no `WeakType` reaches the type.
    alive: std::rc::Rc<()>,
    data: Box<dyn std::any::Any>,
    /// The `TypeId` of what `data` holds, read without the virtual call
    /// `Any::type_id` makes (the interpreter's inline caches ask for the
    /// class data of every instance they guard on).
    data_type: TypeId,
}

/// The address in `tp_cache` that marks a [`HeapTypeObject`] (CPython
/// 3.11 leaves `tp_cache` unused; C code never stores this address).
static HEAP_TYPE_MARKER: u8 = 0;

/// What a new heap type is made of (see [`new_heap_type`]).
pub struct HeapTypeSpec<'a> {
    /// The metatype (`type`).
    pub meta: &'static TypeObject,
    /// `tp_name`.
    pub name: &'a str,
    /// `tp_base`: the first base (its layout is the instances'). The data
    /// must keep it alive.
    pub base: &'a TypeObject,
    /// The dispatch tag of instances.
    pub kind: u32,
    /// `tp_flags` besides HEAPTYPE and BASETYPE.
    pub flags: c_ulong,
    /// The Rust data, reached with [`TypeObject::heap_data`].
    pub data: Box<dyn std::any::Any>,
}

/// A new heap type whose instances carry payload `T` (made with
/// [`ObjRef::new_instance`]), with one reference owned by the caller.
pub fn new_heap_type<T: 'static>(spec: HeapTypeSpec<'_>) -> ObjRef {
    if spec.flags & TPFLAGS_HAVE_GC != 0 {
        const {
            assert!(payload_offset::<WithGc<T>>() == payload_offset::<T>());
        }
        // The instances carry their place in the collector's registry.
        let mut t = heap_type_holding::<T, WithGc<T>>(&spec);
        t.tp_typhon.gc_slot = gc_slot_offset::<T>();
        return box_heap_type(t, spec);
    }
    let t = heap_type_holding::<T, T>(&spec);
    box_heap_type(t, spec)
}

/// The type object of a heap type whose instances are `PyBox<U>`s that
/// hold payload `T` where a `PyBox<T>` has it (`U` is `T`, or `T` with a
/// word after it).
fn heap_type_holding<T: 'static, U: 'static>(spec: &HeapTypeSpec<'_>) -> TypeObject {
    heap_type_fields(
        spec,
        Some(&PayloadStatic::<T>::INFO),
        std::mem::size_of::<PyBox<U>>() as isize,
        dealloc_instance::<U>,
    )
}

/// The payload of an instance of a collected type made by
/// [`new_heap_type`]: the payload first (at the offset a `PyBox<T>` has
/// it), then the instance's place in the collector's registry (0: not
/// tracked, else its index in `Tracked::slab` plus one).
#[repr(C)]
struct WithGc<T> {
    body: T,
    gc: Cell<usize>,
}

/// Where the registry word of a [`WithGc`] instance with payload `T` lies,
/// from the object's address ([`TyphonTypeInfo::gc_slot`]).
const fn gc_slot_offset<T>() -> u32 {
    (std::mem::offset_of!(PyBox<WithGc<T>>, body) + std::mem::offset_of!(WithGc<T>, gc)) as u32
}

/// A new heap type whose instances carry payload `T` followed by one
/// word for their `__dict__` (made with [`ObjRef::new_instance_with_dict`]): a
/// Python class deriving from a built-in type (`class D(dict)`). The
/// payload sits where it sits in a `PyBox<T>`, so [`ObjRef::downcast`]
/// finds the base's payload and every built-in operation works on the
/// instance unchanged; the dict word lies at `tp_dictoffset`, as in a
/// class deriving from a C type ([`ObjRef::instance_dict`] reads both).
pub fn new_heap_type_with_dict<T: 'static>(spec: HeapTypeSpec<'_>) -> ObjRef {
    const {
        assert!(payload_offset::<WithDict<T>>() == payload_offset::<T>());
    }
    let mut t = heap_type_holding::<T, WithDict<T>>(&spec);
    t.tp_dictoffset = dict_offset::<T>();
    box_heap_type(t, spec)
}

/// The payload of an instance of a type made by
/// [`new_heap_type_with_dict`]: the base's payload first (at the offset a
/// `PyBox<T>` has it), then the `__dict__` word.
#[repr(C)]
struct WithDict<T> {
    body: T,
    dict: DictWord,
}

/// An instance's `__dict__` word: NULL or an owned reference, released
/// when the instance is freed.
#[repr(transparent)]
struct DictWord(Cell<*mut ObjHeader>);

impl Drop for DictWord {
    fn drop(&mut self) {
        let d = self.0.replace(std::ptr::null_mut());
        // SAFETY: the word holds NULL or an owned reference (see
        // `ObjRef::set_instance_dict`), taken out of it above.
        drop(unsafe { ObjRef::from_raw(d) });
    }
}

/// Where the `__dict__` word of an instance of a [`new_heap_type_with_dict`]
/// type with payload `T` lies, from the object's address.
const fn dict_offset<T>() -> isize {
    (std::mem::offset_of!(PyBox<WithDict<T>>, body) + std::mem::offset_of!(WithDict<T>, dict))
        as isize
}

/// A new heap type deriving from a type defined in C (`spec.base`, or a
/// class deriving from one): instances have the C base's layout, made by
/// its `tp_new`/`tp_alloc` (which read this type's `tp_basicsize`), and no
/// Rust payload. As CPython's `type.__new__` does, the type appends one
/// word for the instance's `__dict__` unless the base has one already:
/// `tp_dictoffset` is where it lies, and that word holds NULL or an owned
/// reference to the dict ([`ObjRef::instance_dict`]). Instances own a
/// reference to their type (the C API's allocation takes it).
/// `None` for a base whose instances have variable size (CPython puts the
/// dict at a negative offset there; Typhon does not).
pub fn new_c_subclass_type(spec: HeapTypeSpec<'_>) -> Option<ObjRef> {
    let base = spec.base;
    if base.tp_itemsize != 0 || base.tp_basicsize <= 0 {
        return None;
    }
    let word = std::mem::size_of::<usize>() as isize;
    let (size, dictoffset) = if base.tp_dictoffset > 0 {
        (base.tp_basicsize, base.tp_dictoffset)
    } else {
        let at = (base.tp_basicsize + word - 1) / word * word;
        (at + word, at)
    };
    let mut t = heap_type_fields(&spec, None, size, dealloc_c_subclass);
    t.tp_dictoffset = dictoffset;
    Some(box_heap_type(t, spec))
}

/// The type object of a new heap type (name not yet set).
fn heap_type_fields(
    spec: &HeapTypeSpec<'_>,
    payload: Option<&'static PayloadInfo>,
    basicsize: isize,
    dealloc: Destructor,
) -> TypeObject {
    let base = spec.base;
    TypeObject {
        head: ObjHeader {
            ob_refcnt: Cell::new(1),
            ob_type: spec.meta,
        },
        ob_size: 0,
        tp_name: std::ptr::null(),
        tp_basicsize: basicsize,
        tp_itemsize: 0,
        tp_dealloc: Some(dealloc),
        tp_vectorcall_offset: 0,
        tp_getattr: std::ptr::null(),
        tp_setattr: std::ptr::null(),
        tp_as_async: std::ptr::null(),
        tp_repr: base.tp_repr,
        tp_as_number: base.tp_as_number,
        tp_as_sequence: base.tp_as_sequence,
        tp_as_mapping: base.tp_as_mapping,
        tp_hash: base.tp_hash,
        tp_call: base.tp_call,
        tp_str: base.tp_str,
        tp_getattro: base.tp_getattro,
        tp_setattro: base.tp_setattro,
        tp_as_buffer: std::ptr::null(),
        tp_flags: spec.flags | TPFLAGS_HEAPTYPE | TPFLAGS_BASETYPE,
        tp_doc: std::ptr::null(),
        tp_traverse: base.tp_traverse,
        tp_clear: base.tp_clear,
        tp_richcompare: base.tp_richcompare,
        tp_weaklistoffset: 0,
        tp_iter: base.tp_iter,
        tp_iternext: base.tp_iternext,
        tp_methods: std::ptr::null(),
        tp_members: std::ptr::null(),
        tp_getset: std::ptr::null(),
        tp_base: base,
        tp_dict: std::ptr::null(),
        tp_descr_get: std::ptr::null(),
        tp_descr_set: std::ptr::null(),
        tp_dictoffset: 0,
        tp_init: base.tp_init,
        tp_alloc: base.tp_alloc,
        tp_new: base.tp_new,
        tp_free: base.tp_free,
        tp_is_gc: std::ptr::null(),
        tp_bases: std::ptr::null(),
        tp_mro: std::ptr::null(),
        tp_cache: &HEAP_TYPE_MARKER as *const u8 as Slot,
        tp_subclasses: std::ptr::null(),
        tp_weaklist: std::ptr::null(),
        tp_del: std::ptr::null(),
        tp_version_tag: Cell::new(0),
        tp_finalize: std::ptr::null(),
        tp_vectorcall: std::ptr::null(),
        tp_typhon: TyphonTypeInfo {
            payload,
            kind: spec.kind,
            gc_slot: 0,
        },
    }
}

/// Boxes the heap type `t` made from `spec`, with one reference owned by
/// the caller.
fn box_heap_type(t: TypeObject, spec: HeapTypeSpec<'_>) -> ObjRef {
    let name = std::ffi::CString::new(spec.name.replace('\0', "?")).unwrap_or_default();
    let data_type = (*spec.data).type_id();
    let mut b = Box::new(HeapTypeObject {
        ty: t,
        name,
        alive: std::rc::Rc::new(()),
        data: spec.data,
        data_type,
    });
    // The name's buffer does not move with the box.
    b.ty.tp_name = b.name.as_ptr();
    note_foreign_alloc();
    let raw = Box::into_raw(b) as *mut ObjHeader;
    ObjRef {
        // SAFETY: `Box::into_raw` never returns null.
        ptr: unsafe { NonNull::new_unchecked(raw) },
        _marker: PhantomData,
    }
}

impl TypeObject {
    /// A new counted reference to this type object (a type reached through
    /// a live reference is alive).
    pub fn to_ref(&self) -> ObjRef {
        let r = ObjRef {
            ptr: NonNull::from(&self.head),
            _marker: PhantomData,
        };
        r.incref();
        r
    }

    /// Whether this type was made by [`new_heap_type`].
    #[inline]
    pub fn is_heap_type(&self) -> bool {
        std::ptr::eq(self.tp_cache, &HEAP_TYPE_MARKER as *const u8 as Slot)
    }

    /// `tp_dict`: the dict of a type defined in C (made by `PyType_Ready`;
    /// Typhon's own types leave it NULL).
    pub fn dict_ref(&self) -> Option<ObjRef> {
        // SAFETY: `tp_dict` is NULL or an object the type owns, alive as
        // long as the type (C types are immortal, and so is their dict).
        unsafe { ObjRef::from_borrowed(self.tp_dict as *mut ObjHeader) }
    }

    /// A link to this heap type that does not keep it alive (`None` for
    /// any other type object).
    pub fn weak(&self) -> Option<WeakType> {
        if !self.is_heap_type() {
            return None;
        }
        // SAFETY: as in `heap_data`: the marker says this type object is
        // the first field of a `HeapTypeObject`.
        let h = unsafe { &*(self as *const TypeObject as *const HeapTypeObject) };
        Some(WeakType {
            ty: NonNull::from(self),
            alive: std::rc::Rc::downgrade(&h.alive),
        })
    }

    /// The Rust data of a heap type, if this is one holding a `D`.
    #[inline]
    pub fn heap_data<D: 'static>(&self) -> Option<&D> {
        if !self.is_heap_type() {
            return None;
        }
        // SAFETY: only `new_heap_type` stores the marker, and it allocates
        // a `HeapTypeObject` whose first field is this type object.
        let h = unsafe { &*(self as *const TypeObject as *const HeapTypeObject) };
        if h.data_type != TypeId::of::<D>() {
            return None;
        }
        // SAFETY: `data_type` is the `TypeId` of the value `data` holds
        // (recorded when the box was made, and `data` never changes), so
        // that value is a `D`.
        Some(unsafe { &*(&*h.data as *const dyn std::any::Any as *const D) })
    }
}

/// A link to a heap type ([`new_heap_type`]) that does not keep it alive,
/// for a class to reach its subclasses (CPython's `tp_subclasses` holds
/// weak references for the same reason).
#[derive(Clone)]
pub struct WeakType {
    ty: NonNull<TypeObject>,
    /// The type's `alive` token: upgradable while the type is not freed.
    alive: std::rc::Weak<()>,
}

impl WeakType {
    /// A new counted reference to the type, if it still exists.
    pub fn upgrade(&self) -> Option<ObjRef> {
        if self.alive.strong_count() == 0 {
            return None;
        }
        // SAFETY: the token is alive, so the type object is not freed
        // (see `set_version_tag`), and a type being freed has dropped its
        // token already (it is dropped first).
        let t = unsafe { self.ty.as_ref() };
        Some(t.to_ref())
    }

    /// Sets the type's `tp_version_tag`, if the type still exists;
    /// `false` if it was freed.
    pub fn set_version_tag(&self, tag: u32) -> bool {
        if self.alive.strong_count() == 0 {
            return false;
        }
        // SAFETY: the token is alive, so the `HeapTypeObject` holding it
        // (and the type object, its first field) is not freed: the token
        // is dropped before anything else of the box is released.
        let t = unsafe { self.ty.as_ref() };
        t.tp_version_tag.set(tag);
        true
    }
}

/// How the C API frees the heap types it makes (`PyType_FromSpec`): set
/// once, by [`set_c_heap_type_free`].
static C_HEAP_TYPE_FREE: std::sync::OnceLock<unsafe fn(*mut ObjHeader)> =
    std::sync::OnceLock::new();

/// The C API's binding of a built-in descriptor, for [`descr_get_slot`].
type DescrGetFn =
    unsafe extern "C" fn(*mut ObjHeader, *mut ObjHeader, *mut ObjHeader) -> *mut ObjHeader;
static DESCR_GET: std::sync::OnceLock<DescrGetFn> = std::sync::OnceLock::new();

/// Registers the C API's `tp_descr_get` for the built-in descriptor types
/// ([`StaticType::with_descr_get`]). Later calls change nothing.
pub fn set_descr_get(f: DescrGetFn) {
    let _ = DESCR_GET.set(f);
}

/// `tp_descr_get` of the built-in descriptor types; NULL if no C API is
/// installed (no C code can then call it).
///
/// # Safety
/// As CPython's slot: `d` a live descriptor, `obj` and `ty` NULL or live.
unsafe extern "C" fn descr_get_slot(
    d: *mut ObjHeader,
    obj: *mut ObjHeader,
    ty: *mut ObjHeader,
) -> *mut ObjHeader {
    match DESCR_GET.get() {
        // SAFETY: the registered function takes what the slot takes.
        Some(f) => unsafe { f(d, obj, ty) },
        None => std::ptr::null_mut(),
    }
}

/// `PyIter_Next` of the C API, for [`iternext_slot`].
static ITERNEXT: std::sync::OnceLock<unsafe extern "C" fn(*mut ObjHeader) -> *mut ObjHeader> =
    std::sync::OnceLock::new();

/// Registers the C API's `PyIter_Next` (the next item as a new reference;
/// NULL at the end, with no exception, or NULL with the exception), which
/// the built-in iterator types' `tp_iternext` calls. Later calls change
/// nothing.
pub fn set_iternext(f: unsafe extern "C" fn(*mut ObjHeader) -> *mut ObjHeader) {
    let _ = ITERNEXT.set(f);
}

/// `tp_iter` of the built-in iterator types: the iterator itself.
///
/// # Safety
/// `o` must be a live object (called by C code as CPython's slot).
unsafe extern "C" fn iter_self_slot(o: *mut ObjHeader) -> *mut ObjHeader {
    if !o.is_null() {
        // SAFETY: `o` is live (contract); the count taken is the result's.
        let c = unsafe { &(*o).ob_refcnt };
        if c.get() < IMMORTAL_REFCNT {
            c.set(c.get() + 1);
        }
    }
    o
}

/// `tp_iternext` of the built-in iterator types ([`set_iternext`]); NULL
/// if no C API is installed (no C code can then call it).
///
/// # Safety
/// `o` must be a live iterator (called by C code as CPython's slot).
unsafe extern "C" fn iternext_slot(o: *mut ObjHeader) -> *mut ObjHeader {
    match ITERNEXT.get() {
        // SAFETY: the registered function takes any live object (contract).
        Some(f) => unsafe { f(o) },
        None => std::ptr::null_mut(),
    }
}

/// Registers how the C API frees a heap type it made (a type object with
/// `Py_TPFLAGS_HEAPTYPE` that is not a Python class), for
/// [`dealloc_type`]. Later calls change nothing.
pub fn set_c_heap_type_free(f: unsafe fn(*mut ObjHeader)) {
    let _ = C_HEAP_TYPE_FREE.set(f);
}

/// `tp_dealloc` of the metatype `type`: frees a heap type whose count
/// reached zero (static types are immortal and never get here).
///
/// # Safety
/// `p` must point to a type object whose count has reached zero.
pub unsafe extern "C" fn dealloc_type(p: *mut ObjHeader) {
    // SAFETY: `p` is a live type object (contract).
    let t = unsafe { &*(p as *const TypeObject) };
    if !t.is_heap_type() {
        if t.tp_flags & TPFLAGS_HEAPTYPE != 0
            && let Some(free) = C_HEAP_TYPE_FREE.get()
        {
            // SAFETY: `p` is live until freed below (contract).
            unsafe { gc_untrack_ptr(p as usize) };
            // SAFETY: a heap type that is not a Python class was made by
            // the C API (`PyType_FromSpec`), which frees its own.
            unsafe { free(p) };
        }
        return;
    }
    // SAFETY: `p` is live until freed below (contract).
    unsafe { gc_untrack_ptr(p as usize) };
    // SAFETY: a heap type was allocated by `new_heap_type` as a boxed
    // `HeapTypeObject`, and its last reference is gone.
    drop(unsafe { Box::from_raw(p as *mut HeapTypeObject) });
    note_foreign_free();
}

/// `tp_dealloc` of a heap type's instances: frees the instance, then drops
/// the reference it held to its type.
///
/// # Safety
/// As for [`dealloc_box`].
unsafe extern "C" fn dealloc_instance<T>(p: *mut ObjHeader) {
    // SAFETY: `p` is live until freed below (contract).
    let ty = unsafe { (*p).ob_type } as *mut ObjHeader;
    // SAFETY: forwarded (contract).
    unsafe { dealloc_box::<T>(p) };
    // SAFETY: the instance owned one reference to its type
    // (`ObjRef::new_instance`), which is released here.
    drop(unsafe { ObjRef::from_raw(ty) });
}

/// `tp_dealloc` of a class deriving from a C type (CPython's
/// `subtype_dealloc`): untracks the instance, drops its `__dict__`, lets
/// the nearest C type's `tp_dealloc` release the C fields and free the
/// memory (with `tp_free`), then drops the reference the instance held to
/// its type.
///
/// # Safety
/// `p` must point to an instance of a type made by [`new_c_subclass_type`]
/// (or a class deriving from one) whose count has reached zero.
unsafe extern "C" fn dealloc_c_subclass(p: *mut ObjHeader) {
    // SAFETY: `p` is live until its C base frees it below (contract).
    unsafe { gc_untrack_ptr(p as usize) };
    // SAFETY: `p` is live until its C base frees it below (contract).
    let ty = unsafe { (*p).ob_type };
    // SAFETY: as above; the instance's dict word belongs to it.
    if let Some(slot) = unsafe { dict_word(p) } {
        // Cleared before the reference is dropped, so nothing reads it twice.
        let d = slot.replace(std::ptr::null_mut());
        // SAFETY: the word held NULL or an owned reference (see
        // `new_c_subclass_type`), taken out of it above.
        drop(unsafe { ObjRef::from_raw(d) });
    }
    // SAFETY: a live type's `tp_base` chain is live; heap types are kept
    // alive by their subclasses, and the chain ends at the C type.
    let mut base = unsafe { (*ty).tp_base };
    // SAFETY: as above.
    while let Some(b) = unsafe { base.as_ref() }
        && b.is_heap_type()
    {
        base = b.tp_base;
    }
    // A C heap type's deallocator drops the instance's reference to its
    // type itself (CPython 3.8+; `subtype_dealloc` leaves it to it).
    // SAFETY: as above.
    let base_drops_type =
        unsafe { base.as_ref() }.is_some_and(|b| b.tp_flags & TPFLAGS_HEAPTYPE != 0);
    // SAFETY: as above.
    if let Some(d) = unsafe { base.as_ref() }.and_then(|b| b.tp_dealloc) {
        // SAFETY: the C type's own destructor for the layout it made; it
        // frees the memory through `tp_free` (inherited by the subclass).
        unsafe { d(p) };
    }
    if !base_drops_type {
        // SAFETY: the instance owned one reference to its type (taken when
        // the C API allocated it), released here after the memory is gone.
        drop(unsafe { ObjRef::from_raw(ty as *mut ObjHeader) });
    }
}

/// The address of the `__dict__` word of the object at `p`, if its type
/// was made by [`new_c_subclass_type`] or [`new_heap_type_with_dict`] (a
/// heap type with a `tp_dictoffset`).
///
/// # Safety
/// `p` must point to a live object.
unsafe fn dict_word<'a>(p: *mut ObjHeader) -> Option<&'a Cell<*mut ObjHeader>> {
    // SAFETY: `p` is live (contract), so its type is.
    let t = unsafe { &*(*p).ob_type };
    if !t.is_heap_type() || t.tp_dictoffset <= 0 {
        return None;
    }
    // SAFETY: `new_c_subclass_type` put a pointer-sized, pointer-aligned
    // word at `tp_dictoffset` inside every instance (or kept the C base's,
    // which CPython's contract makes the same kind of word), and
    // `new_heap_type_with_dict` the `DictWord` of a `WithDict` there (the
    // only other heap types, `new_heap_type`'s, leave it 0); a `Cell` has
    // the layout of what it holds.
    Some(unsafe { &*((p as *mut u8).offset(t.tp_dictoffset) as *const Cell<*mut ObjHeader>) })
}

struct PayloadStatic<T>(PhantomData<T>);
impl<T: 'static> PayloadStatic<T> {
    const INFO: PayloadInfo = PayloadInfo::of::<T>();
}

/// The memory layout of a Typhon heap object: header, then the payload.
#[repr(C)]
pub struct PyBox<T> {
    head: ObjHeader,
    body: T,
}

/// Where a `T` payload starts from its object's address (compiled code
/// reads payload fields at fixed offsets).
pub const fn payload_offset<T>() -> usize {
    std::mem::offset_of!(PyBox<T>, body)
}

thread_local! {
    static LIVE_OBJECTS: Cell<isize> = const { Cell::new(0) };
}

/// The number of heap objects allocated on this thread and not yet freed.
/// Used by leak tests: it must return to its baseline after a program.
pub fn live_objects() -> isize {
    LIVE_OBJECTS.with(|c| c.get())
}

/// Records that a heap object was allocated outside [`ObjRef::new`] (for
/// example by the C API's `PyObject_New`).
pub fn note_foreign_alloc() {
    LIVE_OBJECTS.with(|c| c.set(c.get() + 1));
}

/// Records that an object counted by [`note_foreign_alloc`] was freed.
pub fn note_foreign_free() {
    LIVE_OBJECTS.with(|c| c.set(c.get() - 1));
}

/// Makes `o` immortal: its count is pinned, it is never freed, and it
/// stops counting as a live object. For objects owned by something that
/// itself lives forever (the dict of a static C type and its contents), so
/// leak checks do not report them.
pub fn make_immortal(o: &ObjRef) {
    let c = &o.header().ob_refcnt;
    if c.get() < IMMORTAL_REFCNT {
        c.set(IMMORTAL_REFCNT);
        note_foreign_free();
    }
}

/// How deep the frees of Rust payloads may nest (a list whose last
/// reference held the last reference to a list, and so on) before the
/// innermost ones are queued. Freeing a list nested a million deep
/// recursed a million times and overflowed the stack; with the queue, the
/// nesting stays below this and the outermost free empties the queue (as
/// CPython's "trashcan" does).
const DEALLOC_NEST_MAX: u32 = 256;

/// A queued free: the object's address and its payload's destructor.
type QueuedFree = (usize, unsafe fn(*mut ObjHeader));

thread_local! {
    /// How many [`dealloc_box`] calls are running on this thread.
    static DEALLOC_NEST: Cell<u32> = const { Cell::new(0) };
    /// Whether [`DEALLOC_QUEUE`] holds anything (read on every outermost
    /// free, so kept apart from the queue, which needs a destructor).
    static DEALLOC_QUEUED: Cell<bool> = const { Cell::new(false) };
    /// Objects whose count reached zero while the frees were nested too
    /// deep, with their payload's destructor: each is already untracked and
    /// referenced by nothing.
    static DEALLOC_QUEUE: std::cell::RefCell<Vec<QueuedFree>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// `tp_dealloc` for Rust payloads: frees the object now, or, when frees
/// of containers are already nested [`DEALLOC_NEST_MAX`] deep, queues it
/// for the outermost free to finish. Only containers (the types the
/// collector tracks) count: deep chains are chains of containers, and the
/// most frequent frees, of strings and numbers, skip the bookkeeping, which
/// costs a container's free about 15 instructions (callgrind).
///
/// # Safety
/// `p` must point to a `PyBox<T>` allocated by [`ObjRef::new`] whose count
/// has reached zero.
unsafe extern "C" fn dealloc_box<T>(p: *mut ObjHeader) {
    // SAFETY: `p` is live until it is freed (contract).
    if unsafe { (*(*p).ob_type).tp_flags } & TPFLAGS_HAVE_GC == 0 {
        // SAFETY: forwarded (contract).
        unsafe { free_box::<T>(p) };
        return;
    }
    // Untracked at once, even if the free is queued: the collector must
    // never see an object whose count is zero.
    // SAFETY: `p` is live until it is freed (contract).
    unsafe { gc_untrack_ptr(p as usize) };
    let nest = DEALLOC_NEST.get();
    if nest >= DEALLOC_NEST_MAX {
        DEALLOC_QUEUE.with_borrow_mut(|q| q.push((p as usize, free_box::<T>)));
        DEALLOC_QUEUED.set(true);
        return;
    }
    DEALLOC_NEST.set(nest + 1);
    // SAFETY: forwarded (contract).
    unsafe { free_box::<T>(p) };
    DEALLOC_NEST.set(nest);
    if nest == 0 && DEALLOC_QUEUED.get() {
        free_queued();
    }
}

/// Frees the objects [`dealloc_box`] queued, and those their frees queue
/// in turn, each with the nesting back at one level.
#[cold]
fn free_queued() {
    while let Some((p, free)) = DEALLOC_QUEUE.with_borrow_mut(|q| {
        let next = q.pop();
        if q.is_empty() {
            DEALLOC_QUEUED.set(false);
        }
        next
    }) {
        DEALLOC_NEST.set(1);
        // SAFETY: `p` was queued by `dealloc_box` with the destructor of its
        // own payload type, when its count had reached zero; nothing has
        // referenced it since, and it is freed only here, once.
        unsafe { free(p as *mut ObjHeader) };
        DEALLOC_NEST.set(0);
    }
}

/// Drops the `PyBox<T>` at `p` (its payload's references with it).
///
/// # Safety
/// As for [`dealloc_box`]; `p` is already untracked.
unsafe fn free_box<T>(p: *mut ObjHeader) {
    let p = p as *mut PyBox<T>;
    // SAFETY: guaranteed by the caller: `p` came from `alloc_box_with` of a
    // `PyBox<T>` and nobody references it any more; the payload is
    // dropped once, here.
    unsafe { std::ptr::drop_in_place(p) };
    note_foreign_free();
    let layout = std::alloc::Layout::new::<PyBox<T>>();
    if !spare::keep(
        const { spare::class_of(std::alloc::Layout::new::<PyBox<T>>()) },
        p as *mut u8,
    ) {
        // SAFETY: allocated by the global allocator with this layout
        // (`alloc_box_with`), and now holds nothing.
        unsafe { std::alloc::dealloc(p as *mut u8, layout) };
    }
}

/// A new block for a `PyBox<T>` whose header is `head` and whose payload
/// `body` makes once the block is there: a kept block of its size
/// ([`spare`]) if there is one, else one from the global allocator (as
/// `Box::new`). Made after the block, the payload is written into it
/// directly: a payload made first (with a buffer of its own allocated
/// on the way) was assembled on the stack and copied, and reading back
/// the words just stored there stalled the copy (store forwarding: a
/// quarter of `new_plain_instance`). A panic in `body` frees the block.
#[inline(always)]
fn alloc_box_with<T>(head: ObjHeader, body: impl FnOnce() -> T) -> NonNull<ObjHeader> {
    let layout = std::alloc::Layout::new::<PyBox<T>>();
    let p = match spare::take(const { spare::class_of(std::alloc::Layout::new::<PyBox<T>>()) }) {
        Some(block) => block as *mut PyBox<T>,
        None => {
            // SAFETY: a `PyBox` (a header at least) is never zero-sized.
            let p = unsafe { std::alloc::alloc(layout) } as *mut PyBox<T>;
            if p.is_null() {
                std::alloc::handle_alloc_error(layout);
            }
            p
        }
    };
    /// Frees the block if `body` panics.
    struct Unfilled(*mut u8, std::alloc::Layout);
    impl Drop for Unfilled {
        fn drop(&mut self) {
            // SAFETY: the block came from the global allocator with this
            // layout (a kept one too) and holds nothing yet.
            unsafe { std::alloc::dealloc(self.0, self.1) };
        }
    }
    let unfilled = Unfilled(p as *mut u8, layout);
    let body = body();
    std::mem::forget(unfilled);
    // SAFETY: `p` is free memory of the size and alignment of a
    // `PyBox<T>` (a kept block's class is this layout's), owned by no
    // one; both fields are written before the block is handed out.
    unsafe {
        std::ptr::addr_of_mut!((*p).head).write(head);
        std::ptr::addr_of_mut!((*p).body).write(body);
        NonNull::new_unchecked(p as *mut ObjHeader)
    }
}

/// Hashes object addresses for the set of tracked containers. Addresses
/// are distinct already; a multiply spreads them, and folding the high half
/// down fills the low bits the table indexes with (an aligned address has
/// its low bits clear). SipHash's resistance to chosen keys buys nothing
/// here and cost about a tenth of every container's allocation.
#[derive(Default)]
pub struct AddrHasher(u64);

impl std::hash::Hasher for AddrHasher {
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        let x = (self.0 ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = x ^ (x >> 29);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type AddrSet = std::collections::HashSet<usize, std::hash::BuildHasherDefault<AddrHasher>>;

/// A map keyed by object addresses, hashed as the tracked set is (for the
/// collector's index of the tracked containers: SipHash for that index was
/// 4% of binary_trees' samples).
pub type AddrMap<V> =
    std::collections::HashMap<usize, V, std::hash::BuildHasherDefault<AddrHasher>>;

/// The tracked containers. Instances of Python classes are in `slab`
/// (their registry word says where). Of the others, registered by address,
/// the most recently tracked are in `young`, in
/// the order they were tracked, the others in `old`: most containers die
/// young (a vector class's temporary results, a tuple returned and
/// unpacked), and untracking one of those is a short scan from the end of
/// `young` where a set costs a hash, a probe and a write (and tracking it
/// a push). A full `young` moves into `old`. An address is in one of them
/// at most once.
#[derive(Default)]
struct Tracked {
    /// The tracked containers that carry a registry word (their type's
    /// [`TyphonTypeInfo::gc_slot`]): instances of Python classes. Each
    /// word holds its object's index here plus one, so tracking is a push
    /// and untracking a swap with the last entry, with no search and no
    /// hashing (CPython links its containers through a header for the
    /// same reason).
    slab: Vec<usize>,
    old: AddrSet,
    young: Vec<usize>,
    /// A filter over the addresses pushed on `young` since it last moved
    /// into `old`: a clear bit means "not in `young`", so untracking an
    /// old container skips the scan (the scan of 32 entries that found
    /// nothing was most of untracking in a program whose containers live
    /// longer than 32 others' tracking: binary_trees' nodes).
    young_bits: [u64; 4],
}

/// The bit of [`Tracked::young_bits`] for address `p`: word and mask.
#[inline]
fn young_bit(p: usize) -> (usize, u64) {
    let h = ((p as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 56) as usize;
    (h >> 6, 1u64 << (h & 63))
}

/// How many addresses [`Tracked::young`] holds before they move to the set.
const GC_YOUNG_MAX: usize = 32;

impl Tracked {
    /// Adds `p`; `maybe_present` (from the filter) says whether it may
    /// be tracked already, then it is looked for first.
    fn insert(&mut self, p: usize, maybe_present: bool) -> bool {
        if maybe_present && self.contains(p) {
            return false;
        }
        if self.young.len() >= GC_YOUNG_MAX {
            let Tracked { old, young, .. } = self;
            old.extend(young.drain(..));
            self.young_bits = [0; 4];
        }
        self.young.push(p);
        let (w, m) = young_bit(p);
        if let Some(bits) = self.young_bits.get_mut(w) {
            *bits |= m;
        }
        true
    }

    /// Whether `p` may be in `young` (`false`: it certainly is not).
    #[inline]
    fn maybe_young(&self, p: usize) -> bool {
        let (w, m) = young_bit(p);
        self.young_bits.get(w).is_none_or(|bits| bits & m != 0)
    }

    /// Removes `p`; whether it was there.
    fn remove(&mut self, p: usize) -> bool {
        let at = if self.maybe_young(p) {
            self.young.iter().rposition(|&q| q == p)
        } else {
            None
        };
        match at {
            Some(i) => {
                self.young.remove(i);
                true
            }
            None => self.old.remove(&p),
        }
    }

    fn contains(&self, p: usize) -> bool {
        (self.maybe_young(p) && self.young.contains(&p)) || self.old.contains(&p)
    }

    fn len(&self) -> usize {
        self.slab.len() + self.old.len() + self.young.len()
    }
}

/// The registry word of the object at `p`, whose type's `gc_slot` is
/// `slot` (nonzero).
///
/// # Safety
/// `p` must be a live object of a type whose `gc_slot` is `slot`: the
/// word then lies there, in a `WithGc` payload, as long as the object lives.
#[inline]
unsafe fn gc_word<'a>(p: usize, slot: u32) -> &'a Cell<usize> {
    // SAFETY: the contract: a `Cell<usize>` lives at that offset.
    unsafe { &*((p + slot as usize) as *const Cell<usize>) }
}

/// The `gc_slot` of the live object at `p`'s type.
///
/// # Safety
/// `p` must point to a live object (its type is then live too).
#[inline]
unsafe fn gc_slot_of(p: usize) -> u32 {
    // SAFETY: the contract.
    unsafe { (*(*(p as *const ObjHeader)).ob_type).tp_typhon.gc_slot }
}

thread_local! {
    static GC_TRACKED: std::cell::RefCell<Tracked> = std::cell::RefCell::new(Tracked::default());
    static GC_NEW: Cell<usize> = const { Cell::new(0) };
    /// Containers that may still be tracked before a collection is due.
    static GC_BUDGET: Cell<isize> = const { Cell::new(20_000) };
    /// A counting filter over the addresses in `GC_TRACKED`: each address
    /// hashes to a counter that tracking increments and untracking
    /// decrements (a counter that reached its maximum stays there), so a
    /// zero means certainly not tracked. Freeing a container whose counter
    /// is zero, such as a tuple of numbers (never tracked), skips the
    /// registry, and tracking a fresh container at an address that held an
    /// untracked one skips looking for it first.
    static GC_FILTER: [Cell<u16>; GC_FILTER_COUNTERS] = const { [const { Cell::new(0) }; GC_FILTER_COUNTERS] };
}

const GC_FILTER_COUNTERS: usize = 1 << 14;

/// The counter of `GC_FILTER` for address `p`.
#[inline]
fn gc_filter_index(p: usize) -> usize {
    // The multiply spreads the address; the top bits index the filter.
    ((p as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - 14)) as usize
}

/// Counts `p` in the filter (tracked).
fn gc_filter_add(p: usize) {
    GC_FILTER.with(|f| {
        if let Some(c) = f.get(gc_filter_index(p)) {
            c.set(c.get().saturating_add(1));
        }
    });
}

/// Uncounts `p` (untracked), unless its counter is stuck at the maximum.
fn gc_filter_sub(p: usize) {
    GC_FILTER.with(|f| {
        if let Some(c) = f.get(gc_filter_index(p))
            && c.get() != u16::MAX
        {
            c.set(c.get().saturating_sub(1));
        }
    });
}

/// Whether `p` may be in `GC_TRACKED` (`false`: it certainly is not).
#[inline]
fn gc_filter_may_hold(p: usize) -> bool {
    GC_FILTER.with(|f| f.get(gc_filter_index(p)).is_none_or(|c| c.get() != 0))
}

/// Whether enough containers were tracked since the last collection that
/// another is due (one thread-local read: this is checked on every call).
#[inline]
pub fn gc_due() -> bool {
    GC_BUDGET.with(|c| c.get()) <= 0
}

/// Where this thread's collection budget lives ([`gc_due`] when the
/// `isize` there is at most 0): compiled code reads it where the
/// interpreter would call [`gc_due`]. Valid for the thread's lifetime.
pub fn gc_budget_ptr() -> *const isize {
    GC_BUDGET.with(|c| c.as_ptr() as *const isize)
}

/// Sets how many new containers make the next collection due.
pub fn gc_set_threshold(n: usize) {
    GC_BUDGET.with(|c| c.set(n as isize));
}

/// Registers a container with the cycle collector. Only objects whose type
/// has [`TPFLAGS_HAVE_GC`] may be tracked; they are untracked automatically
/// when freed. Tracking a tracked container changes nothing.
pub fn gc_track(o: &ObjRef) {
    if o.ty().tp_flags & TPFLAGS_HAVE_GC == 0 {
        return;
    }
    let p = o.as_ptr() as usize;
    let slot = o.ty().tp_typhon.gc_slot;
    if slot != 0 {
        // SAFETY: `o` is live and its type's `gc_slot` is `slot`.
        let word = unsafe { gc_word(p, slot) };
        if word.get() != 0 {
            return;
        }
        let added = GC_TRACKED.with(|t| {
            t.try_borrow_mut().is_ok_and(|mut t| {
                t.slab.push(p);
                word.set(t.slab.len());
                true
            })
        });
        if !added {
            return;
        }
    } else {
        let maybe = gc_filter_may_hold(p);
        let added = GC_TRACKED.with(|t| t.try_borrow_mut().is_ok_and(|mut t| t.insert(p, maybe)));
        if !added {
            return;
        }
        gc_filter_add(p);
    }
    GC_NEW.with(|c| c.set(c.get() + 1));
    GC_BUDGET.with(|c| c.set(c.get() - 1));
}

/// Untracks the object at `p` if it is tracked.
///
/// # Safety
/// `p` must point to a live object (its header and type are read).
unsafe fn gc_untrack_ptr(p: usize) {
    // SAFETY: the contract.
    let slot = unsafe { gc_slot_of(p) };
    if slot != 0 {
        // SAFETY: `p` is live and its type's `gc_slot` is `slot`.
        let word = unsafe { gc_word(p, slot) };
        let at = word.get();
        if at == 0 {
            return;
        }
        GC_TRACKED.with(|t| {
            if let Ok(mut t) = t.try_borrow_mut()
                && at <= t.slab.len()
            {
                word.set(0);
                t.slab.swap_remove(at - 1);
                if let Some(&moved) = t.slab.get(at - 1) {
                    // SAFETY: the slab holds live tracked objects, each of
                    // a type with a `gc_slot` (`__class__` assignment keeps
                    // it: `set_type`).
                    unsafe { gc_word(moved, gc_slot_of(moved)) }.set(at);
                }
            }
        });
        return;
    }
    if !gc_filter_may_hold(p) {
        return;
    }
    let removed = GC_TRACKED.with(|t| t.try_borrow_mut().is_ok_and(|mut t| t.remove(p)));
    if removed {
        gc_filter_sub(p);
    }
}

/// Whether the cycle collector tracks `o` (a lookup: for collections and
/// for the rare object tracked only once it is handed out).
pub fn gc_is_tracked(o: &ObjRef) -> bool {
    let p = o.as_ptr() as usize;
    let slot = o.ty().tp_typhon.gc_slot;
    if slot != 0 {
        // SAFETY: `o` is live and its type's `gc_slot` is `slot`.
        return unsafe { gc_word(p, slot) }.get() != 0;
    }
    gc_filter_may_hold(p) && GC_TRACKED.with(|t| t.try_borrow().is_ok_and(|t| t.contains(p)))
}

/// Owned references to every tracked container (each reference adds one
/// to the object's count while the vector lives).
pub fn gc_tracked() -> Vec<ObjRef> {
    let ptrs: Vec<usize> = GC_TRACKED.with(|t| {
        let t = t.borrow();
        t.old
            .iter()
            .chain(t.young.iter())
            .copied()
            .collect::<Vec<_>>()
    });
    GC_NEW.with(|c| c.set(0));
    // The counters stuck at their maximum are counted afresh.
    GC_FILTER.with(|f| f.iter().for_each(|c| c.set(0)));
    ptrs.iter().for_each(|&p| gc_filter_add(p));
    let mut ptrs = ptrs;
    GC_TRACKED.with(|t| ptrs.extend_from_slice(&t.borrow().slab));
    ptrs.into_iter()
        .filter_map(|p| {
            // SAFETY: the registry only holds live objects: they are removed
            // in `dealloc_box` before their memory is freed.
            unsafe { ObjRef::from_borrowed(p as *mut ObjHeader) }
        })
        .collect()
}

/// How many containers were tracked since the last [`gc_tracked`] call.
pub fn gc_new_since_collect() -> usize {
    GC_NEW.with(|c| c.get())
}

/// How many containers are tracked.
pub fn gc_tracked_count() -> usize {
    GC_TRACKED.with(|t| t.borrow().len())
}

/// One owned (strong) reference to a heap object.
pub struct ObjRef {
    ptr: NonNull<ObjHeader>,
    // Not Send/Sync: reference counts are not atomic.
    _marker: PhantomData<*mut ObjHeader>,
}

impl ObjRef {
    /// Allocates a new object of type `ty` holding `body`.
    ///
    /// Panics if `ty` does not declare `T` as its payload: that is a bug in
    /// Typhon itself, never a consequence of user input.
    pub fn new<T: 'static>(ty: &'static TypeObject, body: T) -> ObjRef {
        Self::new_with(ty, || body)
    }

    /// [`ObjRef::new`] with the payload made by `body` once the object's
    /// memory is there, and written into it directly (see
    /// `alloc_box_with`): for payloads made around a buffer allocated on
    /// the way (a tuple's items).
    #[inline]
    pub fn new_with<T: 'static>(ty: &'static TypeObject, body: impl FnOnce() -> T) -> ObjRef {
        // The address compare first, as in `downcast`.
        assert!(
            ty.tp_typhon
                .payload
                .is_some_and(|p| std::ptr::eq(p, &PayloadStatic::<T>::INFO)
                    || p.type_id == TypeId::of::<T>()),
            "type {} does not hold this payload",
            ty.name()
        );
        let head = ObjHeader {
            ob_refcnt: Cell::new(1),
            ob_type: ty,
        };
        let raw = alloc_box_with(head, body);
        note_foreign_alloc();
        ObjRef {
            ptr: raw,
            _marker: PhantomData,
        }
    }

    /// Allocates an instance of the heap type `ty` holding `body`; the
    /// instance owns a reference to its type. `None` if `ty` is not a type
    /// whose instances hold a `T` with no `__dict__` word (see
    /// [`ObjRef::new_instance_with_dict`] for those).
    pub fn new_instance<T: 'static>(ty: &ObjRef, body: T) -> Option<ObjRef> {
        Self::new_instance_with(ty, || body)
    }

    /// [`ObjRef::new_instance`] with the payload made by `body` once the
    /// object's memory is there, and written into it directly (see
    /// `alloc_box_with`). `body` is not called when `ty` does not fit.
    #[inline]
    pub fn new_instance_with<T: 'static>(ty: &ObjRef, body: impl FnOnce() -> T) -> Option<ObjRef> {
        let t = ty.as_type()?;
        // A type that records a Rust payload was made by `StaticType::new`
        // or `new_heap_type` (a `PyBox<T>`, no dict word), or by
        // `new_heap_type_with_dict`.
        if t.tp_typhon
            .payload
            .is_none_or(|p| p.type_id != TypeId::of::<T>())
            || t.tp_dictoffset != 0
        {
            return None;
        }
        let tp = t as *const TypeObject;
        let head = ObjHeader {
            ob_refcnt: Cell::new(1),
            ob_type: tp,
        };
        let raw = match t.tp_typhon.gc_slot {
            0 => alloc_box_with(head, body),
            s if s == gc_slot_offset::<T>() => alloc_box_with(head, || WithGc {
                body: body(),
                gc: Cell::new(0),
            }),
            _ => return None,
        };
        std::mem::forget(ty.clone());
        note_foreign_alloc();
        Some(ObjRef {
            ptr: raw,
            _marker: PhantomData,
        })
    }

    /// Allocates an instance of `ty`, a type made by
    /// [`new_heap_type_with_dict`] for payload `T`, holding `body` and an
    /// empty `__dict__` word; the instance owns a reference to its type.
    /// `None` if `ty` is not such a type.
    pub fn new_instance_with_dict<T: 'static>(ty: &ObjRef, body: T) -> Option<ObjRef> {
        let t = ty.as_type()?;
        if t.tp_typhon
            .payload
            .is_none_or(|p| p.type_id != TypeId::of::<T>())
            || t.tp_dictoffset != dict_offset::<T>()
        {
            return None;
        }
        let tp = t as *const TypeObject;
        let head = ObjHeader {
            ob_refcnt: Cell::new(1),
            ob_type: tp,
        };
        let raw = alloc_box_with(head, || WithDict {
            body,
            dict: DictWord(Cell::new(std::ptr::null_mut())),
        });
        std::mem::forget(ty.clone());
        note_foreign_alloc();
        Some(ObjRef {
            ptr: raw,
            _marker: PhantomData,
        })
    }

    /// A reference to an immortal header-only object (`None`, `True`...).
    pub fn from_static_object(o: &'static StaticObject) -> ObjRef {
        ObjRef {
            ptr: NonNull::from(&o.0),
            _marker: PhantomData,
        }
    }

    /// A reference to an immortal static object (such as a type).
    pub fn from_static(t: &'static StaticType) -> ObjRef {
        ObjRef {
            ptr: NonNull::from(&t.0.head),
            _marker: PhantomData,
        }
    }

    /// Takes ownership of one reference held by a raw pointer (a "new
    /// reference" in C API terms). Returns `None` for null.
    ///
    /// # Safety
    /// `p` must be null or point to a live object whose count includes the
    /// reference being transferred.
    pub unsafe fn from_raw(p: *mut ObjHeader) -> Option<ObjRef> {
        NonNull::new(p).map(|ptr| ObjRef {
            ptr,
            _marker: PhantomData,
        })
    }

    /// Makes a new owned reference from a borrowed raw pointer. Returns
    /// `None` for null.
    ///
    /// # Safety
    /// `p` must be null or point to a live object.
    pub unsafe fn from_borrowed(p: *mut ObjHeader) -> Option<ObjRef> {
        let r = NonNull::new(p).map(|ptr| ObjRef {
            ptr,
            _marker: PhantomData,
        })?;
        r.incref();
        Some(r)
    }

    /// Gives up ownership, returning the raw pointer (the count is kept).
    pub fn into_raw(self) -> *mut ObjHeader {
        let p = self.ptr.as_ptr();
        std::mem::forget(self);
        p
    }

    /// Drops this reference to an object of a type whose `tp_dealloc` is
    /// `dealloc_box::<T>` and that is outside the cycle collector (a
    /// static type made by [`StaticType::new`] with a `T` payload): when it
    /// is the last reference, the box is freed here, as that `tp_dealloc`
    /// would, without the call through the type. For the boxes made for the
    /// arguments of a C call.
    ///
    /// # Safety
    /// The object's type must be such a type. (Comparing `tp_dealloc` with
    /// `dealloc_box::<T>` cannot check it: function addresses are not
    /// unique, and in the optimized build the compare failed.)
    #[inline(always)]
    pub unsafe fn drop_unshared<T: 'static>(self) {
        if self.refcnt() == 1 {
            self.header().ob_refcnt.set(0);
            let p = self.into_raw();
            // SAFETY: the count was one (this reference), so nothing else
            // references the object; its type frees it with
            // `dealloc_box::<T>`, which for a type outside the collector is
            // `free_box::<T>` (caller).
            unsafe { free_box::<T>(p) };
        } else {
            drop(self);
        }
    }

    /// The raw pointer, without affecting the count.
    pub fn as_ptr(&self) -> *mut ObjHeader {
        self.ptr.as_ptr()
    }

    /// The `__dict__` of an instance of a class deriving from a C type
    /// or a built-in type (see [`new_c_subclass_type`],
    /// [`new_heap_type_with_dict`]), if it has one yet.
    pub fn instance_dict(&self) -> Option<ObjRef> {
        // SAFETY: this reference keeps the object live.
        let w = unsafe { dict_word(self.as_ptr()) }?;
        // SAFETY: the word holds NULL or a live, owned reference.
        unsafe { ObjRef::from_borrowed(w.get()) }
    }

    /// Whether the object has a `__dict__` word (see [`Self::instance_dict`]).
    pub fn has_dict_word(&self) -> bool {
        // SAFETY: this reference keeps the object live.
        unsafe { dict_word(self.as_ptr()) }.is_some()
    }

    /// Takes the `__dict__` out of the object's dict word, leaving it
    /// empty (the collector clearing a garbage instance).
    pub fn take_instance_dict(&self) -> Option<ObjRef> {
        // SAFETY: this reference keeps the object live.
        let w = unsafe { dict_word(self.as_ptr()) }?;
        // SAFETY: the word held NULL or an owned reference, which passes
        // to the caller.
        unsafe { ObjRef::from_raw(w.replace(std::ptr::null_mut())) }
    }

    /// Stores `d` as the `__dict__` of an instance of a class deriving
    /// from a C type or a built-in type; gives `d` back if the object has
    /// no dict word.
    pub fn set_instance_dict(&self, d: ObjRef) -> Result<(), ObjRef> {
        // SAFETY: this reference keeps the object live.
        let Some(w) = (unsafe { dict_word(self.as_ptr()) }) else {
            return Err(d);
        };
        let old = w.replace(d.into_raw());
        // SAFETY: the word held NULL or an owned reference, now replaced.
        drop(unsafe { ObjRef::from_raw(old) });
        Ok(())
    }

    fn header(&self) -> &ObjHeader {
        // SAFETY: an `ObjRef` keeps its object alive.
        unsafe { self.ptr.as_ref() }
    }

    /// The object's current reference count.
    pub fn refcnt(&self) -> isize {
        self.header().ob_refcnt.get()
    }

    /// The object's type.
    pub fn ty(&self) -> &TypeObject {
        // SAFETY: every live object points to a live type object (static, or
        // kept alive by its instances).
        unsafe { &*self.header().ob_type }
    }

    /// An owned reference to the object's type (`type(o)`).
    pub fn type_ref(&self) -> ObjRef {
        let t = self.header().ob_type as *mut ObjHeader;
        // SAFETY: a live object's type is a live object (static types are
        // immortal, C types are made immortal by `PyType_Ready`), and the
        // new reference is counted by `from_borrowed`.
        match unsafe { ObjRef::from_borrowed(t) } {
            Some(r) => r,
            None => unreachable_null_type(),
        }
    }

    /// The object as a type object, if it is one (its type has
    /// `Py_TPFLAGS_TYPE_SUBCLASS`).
    pub fn as_type(&self) -> Option<&TypeObject> {
        if self.ty().tp_flags & TPFLAGS_TYPE_SUBCLASS == 0 {
            return None;
        }
        // SAFETY: objects whose type carries TYPE_SUBCLASS are type objects,
        // whose layout starts with the header at offset 0.
        Some(unsafe { &*(self.ptr.as_ptr() as *const TypeObject) })
    }

    /// Makes `ty` the object's type (`obj.__class__ = ty`), taking a
    /// reference to it, and returns the reference the object held to its
    /// old type. `None` (nothing changed) unless both are heap types whose
    /// instances hold the same Rust payload: the payload is then read,
    /// traversed and freed by the new type's functions exactly as by the
    /// old one's. The caller checks the rest of CPython's rules.
    pub fn set_type(&self, ty: &ObjRef) -> Option<ObjRef> {
        let new = ty.as_type()?;
        let old = self.ty();
        let same = match (old.tp_typhon.payload, new.tp_typhon.payload) {
            (Some(a), Some(b)) => {
                a.type_id == b.type_id
                    && old.tp_basicsize == new.tp_basicsize
                    && old.tp_dictoffset == new.tp_dictoffset
                    && old.tp_typhon.gc_slot == new.tp_typhon.gc_slot
            }
            _ => false,
        };
        if !old.is_heap_type() || !new.is_heap_type() || !same {
            return None;
        }
        let old_ptr = self.header().ob_type as *mut ObjHeader;
        std::mem::forget(ty.clone());
        // SAFETY: the header is live (this `ObjRef` keeps it), and no
        // reference into it outlives the `ObjRef` methods that make one
        // (`header()` borrows are temporaries), so nothing reads `ob_type`
        // while it is written; the new type is counted above.
        unsafe {
            std::ptr::addr_of_mut!((*self.ptr.as_ptr()).ob_type).write(new as *const TypeObject)
        };
        // SAFETY: the object owned one reference to its old type, which
        // passes to the caller.
        unsafe { ObjRef::from_raw(old_ptr) }
    }

    /// Whether the object's type is exactly `t`.
    #[inline]
    pub fn is_type(&self, t: &'static StaticType) -> bool {
        std::ptr::eq(self.header().ob_type, &t.0)
    }

    /// Whether this is the immortal object `o`.
    #[inline]
    pub fn is_static_object(&self, o: &'static StaticObject) -> bool {
        std::ptr::eq(self.ptr.as_ptr().cast_const(), &o.0)
    }

    /// The dispatch tag of the object's type.
    #[inline]
    pub fn kind(&self) -> u32 {
        self.ty().tp_typhon.kind
    }

    /// Whether both references name the same object (`is`).
    #[inline]
    pub fn ptr_eq(&self, other: &ObjRef) -> bool {
        self.ptr == other.ptr
    }

    /// The payload, if this object holds a `T`.
    #[inline]
    pub fn downcast<T: 'static>(&self) -> Option<&T> {
        let info = self.ty().tp_typhon.payload?;
        // Comparing the address of the payload description first is one
        // compare instead of a 128-bit `TypeId` compare. It usually decides
        // (the compiler emits one `PayloadStatic::<T>::INFO`), but constants
        // are not guaranteed a unique address, so a mismatch falls back to
        // the `TypeId`, which is what decides correctness.
        if !std::ptr::eq(info, &PayloadStatic::<T>::INFO) && info.type_id != TypeId::of::<T>() {
            return None;
        }
        // SAFETY: the type records `T` as its payload, and objects of this
        // type are only created by `ObjRef::new::<T>`, so the memory is a
        // live `PyBox<T>`.
        Some(unsafe { &(*(self.ptr.as_ptr() as *const PyBox<T>)).body })
    }

    /// The payload to change in place, if this is the only reference to
    /// the object (its count is 1, so it is neither static nor immortal)
    /// and the object holds a `T`: what CPython's in-place string append
    /// checks before it resizes a string (`unicode_modifiable`).
    #[inline]
    pub fn unique_payload_mut<T: 'static>(&mut self) -> Option<&mut T> {
        if self.refcnt() != 1 {
            return None;
        }
        self.downcast::<T>()?;
        // SAFETY: the object is a live `PyBox<T>` (checked just above).
        // Its count is 1 and `self` owns that reference, borrowed mutably
        // here: Rust code reaches a payload only through an `ObjRef` (or a
        // borrow of one), and no other exists, so nothing else can read
        // the payload while this borrow lives. Only the payload is
        // borrowed; the header's count stays a `Cell`.
        Some(unsafe { &mut (*(self.ptr.as_ptr() as *mut PyBox<T>)).body })
    }

    /// Drops a reference that the caller knows is not the last one (its
    /// count was above 1), without the deallocation path: no call is
    /// compiled in, which matters inside the interpreter's hot loop. Were
    /// it the last after all, the object would leak, never be freed early.
    #[inline]
    pub fn release_shared(self) {
        let c = &self.header().ob_refcnt;
        let n = c.get();
        debug_assert!(n > 1, "release_shared of the last reference");
        if n < IMMORTAL_REFCNT && n > 1 {
            c.set(n - 1);
        }
        std::mem::forget(self);
    }

    #[inline]
    fn incref(&self) {
        let c = &self.header().ob_refcnt;
        let n = c.get();
        if n < IMMORTAL_REFCNT {
            c.set(n + 1);
        }
    }
}

#[cold]
fn unreachable_null_type() -> ! {
    // Every object Typhon allocates gets a type, and `PyType_Ready` fills in
    // `ob_type` of C types; an object without one was never valid.
    unreachable!("object without a type")
}

impl Clone for ObjRef {
    #[inline]
    fn clone(&self) -> ObjRef {
        self.incref();
        ObjRef {
            ptr: self.ptr,
            _marker: PhantomData,
        }
    }
}

impl Drop for ObjRef {
    #[inline]
    fn drop(&mut self) {
        let c = &self.header().ob_refcnt;
        let n = c.get();
        if n >= IMMORTAL_REFCNT {
            return;
        }
        if n > 1 {
            c.set(n - 1);
            return;
        }
        c.set(0);
        if let Some(d) = self.ty().tp_dealloc {
            // SAFETY: the count reached zero, so this was the last reference;
            // `tp_dealloc` is the type's own destructor for this layout.
            unsafe { d(self.ptr.as_ptr()) }
        }
    }
}

impl std::fmt::Debug for ObjRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<{} object at {:p}>", self.ty().name(), self.ptr)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static META: StaticType = StaticType::new::<()>(&META, c"type", None, 1, false);
    static BOXED: StaticType = StaticType::new::<String>(&META, c"boxed", None, 2, true);
    static SUB: StaticType = StaticType::new::<()>(&META, c"sub", Some(&BOXED), 3, false);
    static CONTAINER: StaticType =
        StaticType::new::<Vec<u8>>(&META, c"container", None, 4, true).with_flags(TPFLAGS_HAVE_GC);

    static WORD: StaticType = StaticType::new::<std::rc::Rc<()>>(&META, c"word", None, 5, true);
    static PAIR: StaticType = StaticType::new::<[u64; 2]>(&META, c"pair", None, 6, true);
    static TRIPLE: StaticType = StaticType::new::<[u64; 3]>(&META, c"triple", None, 7, true);

    #[test]
    fn freed_small_boxes_are_kept_and_reused() {
        spare::release();
        let base = live_objects();
        let rc = std::rc::Rc::new(());
        let a = ObjRef::new(WORD.get(), rc.clone());
        let addr = a.as_ptr();
        drop(a);
        // The payload was dropped and the object counts as freed, but its
        // block is kept and is the next 24-byte box.
        assert_eq!(std::rc::Rc::strong_count(&rc), 1);
        assert_eq!(live_objects(), base);
        assert_eq!(spare::kept(), 1);
        let b = ObjRef::new(WORD.get(), rc.clone());
        assert_eq!(b.as_ptr(), addr);
        assert_eq!(spare::kept(), 0);
        assert_eq!(
            b.downcast::<std::rc::Rc<()>>()
                .map(std::rc::Rc::strong_count),
            Some(2)
        );
        // A 32-byte box does not take a 24-byte block.
        drop(b);
        let p = ObjRef::new(PAIR.get(), [7u64, 9]);
        assert_ne!(p.as_ptr(), addr);
        assert_eq!(p.downcast::<[u64; 2]>(), Some(&[7, 9]));
        drop(p);
        assert_eq!(spare::kept(), 2);
        // Nor a 40-byte box (a tuple's size) a 32-byte one; it is kept too.
        let t = ObjRef::new(TRIPLE.get(), [1u64, 2, 3]);
        let t_addr = t.as_ptr();
        assert_ne!(t_addr, addr);
        drop(t);
        assert_eq!(spare::kept(), 3);
        let t = ObjRef::new(TRIPLE.get(), [4u64, 5, 6]);
        assert_eq!(t.as_ptr(), t_addr);
        assert_eq!(t.downcast::<[u64; 3]>(), Some(&[4, 5, 6]));
        drop(t);
        // The stacks are bounded, and `release` empties them.
        let many: Vec<ObjRef> = (0..200u64)
            .map(|i| ObjRef::new(PAIR.get(), [i, i]))
            .collect();
        drop(many);
        assert!(spare::kept() <= 3 * 64);
        assert_eq!(live_objects(), base);
        spare::release();
        assert_eq!(spare::kept(), 0);
    }

    #[test]
    fn an_unshared_box_is_freed_directly_and_a_shared_one_lives() {
        spare::release();
        let base = live_objects();
        let a = ObjRef::new(PAIR.get(), [1u64, 2]);
        let keep = a.clone();
        // SAFETY: PAIR is a static type with a `[u64; 2]` payload, outside
        // the collector.
        unsafe { a.drop_unshared::<[u64; 2]>() };
        assert_eq!(keep.refcnt(), 1);
        assert_eq!(keep.downcast::<[u64; 2]>(), Some(&[1, 2]));
        // SAFETY: as above.
        unsafe { keep.drop_unshared::<[u64; 2]>() };
        assert_eq!(live_objects(), base);
        assert_eq!(spare::kept(), 1);
        spare::release();
    }

    #[test]
    fn header_is_cpython_shaped() {
        assert_eq!(std::mem::offset_of!(ObjHeader, ob_refcnt), 0);
        assert_eq!(std::mem::offset_of!(ObjHeader, ob_type), 8);
        assert_eq!(std::mem::offset_of!(TypeObject, tp_name), 24);
        // CPython 3.11's PyTypeObject is 408 bytes on 64-bit targets.
        assert_eq!(std::mem::offset_of!(TypeObject, tp_typhon), 408);
    }

    #[test]
    fn refcounting_and_downcast() {
        let base = live_objects();
        let o = ObjRef::new(BOXED.get(), String::from("hi"));
        assert_eq!(live_objects(), base + 1);
        let o2 = o.clone();
        assert_eq!(o.refcnt(), 2);
        assert_eq!(o2.downcast::<String>().map(|s| s.as_str()), Some("hi"));
        assert!(o2.downcast::<u32>().is_none());
        drop(o);
        assert_eq!(o2.refcnt(), 1);
        drop(o2);
        assert_eq!(live_objects(), base);
    }

    #[test]
    fn freed_containers_leave_the_tracked_set() {
        let base = gc_tracked_count();
        // Tracked and untracked containers, freed in both orders, many of
        // them at reused addresses: the filter must never hide a tracked
        // one from `dealloc_box`, or the set would keep a dangling address.
        for round in 0..200 {
            let tracked = ObjRef::new(CONTAINER.get(), vec![1u8]);
            gc_track(&tracked);
            let untracked = ObjRef::new(CONTAINER.get(), vec![2u8]);
            assert_eq!(gc_tracked_count(), base + 1);
            if round % 2 == 0 {
                drop(untracked);
                drop(tracked);
            } else {
                drop(tracked);
                drop(untracked);
            }
            assert_eq!(gc_tracked_count(), base);
            if round % 50 == 0 {
                drop(gc_tracked());
            }
        }
    }

    #[test]
    fn tracking_twice_and_many_young_keep_one_entry_each() {
        let base = gc_tracked_count();
        // More live containers than the young list holds (some move to
        // the set), each tracked twice, freed in another order than made.
        let objs: Vec<ObjRef> = (0..3 * GC_YOUNG_MAX as u8)
            .map(|i| {
                let o = ObjRef::new(CONTAINER.get(), vec![i]);
                gc_track(&o);
                gc_track(&o);
                assert!(gc_is_tracked(&o));
                o
            })
            .collect();
        assert_eq!(gc_tracked_count(), base + objs.len());
        let mut objs = objs;
        let mut n = objs.len();
        while !objs.is_empty() {
            // The middle one: neither the newest nor the oldest.
            drop(objs.remove(objs.len() / 2));
            n -= 1;
            assert_eq!(gc_tracked_count(), base + n);
            if n.is_multiple_of(40) {
                let all = gc_tracked();
                assert_eq!(all.len(), base + n);
            }
        }
        assert_eq!(gc_tracked_count(), base);
    }

    #[test]
    fn instances_of_collected_heap_types_keep_their_place_in_the_registry() {
        static META_FREEING: StaticType =
            StaticType::new::<()>(&META_FREEING, c"type", None, 1, false)
                .with_flags(TPFLAGS_TYPE_SUBCLASS)
                .with_dealloc(dealloc_type);
        let spec = |name| HeapTypeSpec {
            meta: META_FREEING.get(),
            name,
            base: BOXED.get(),
            kind: 7,
            flags: TPFLAGS_HAVE_GC,
            data: Box::new(()),
        };
        let t = new_heap_type::<String>(spec("Node"));
        let u = new_heap_type::<String>(spec("Other"));
        let plain = new_heap_type::<String>(HeapTypeSpec {
            flags: 0,
            ..spec("Plain")
        });
        assert_ne!(t.as_type().map(|t| t.tp_typhon.gc_slot), Some(0));
        assert_eq!(plain.as_type().map(|t| t.tp_typhon.gc_slot), Some(0));
        // An instance of a type without the word cannot change to one with it.
        let p = ObjRef::new_instance(&plain, String::from("p")).expect("payload matches");
        assert!(p.set_type(&t).is_none());
        let base = gc_tracked_count();
        let mut objs: Vec<ObjRef> = (0..100)
            .map(|i| {
                let o = ObjRef::new_instance(&t, format!("n{i}")).expect("payload matches");
                assert!(!gc_is_tracked(&o));
                gc_track(&o);
                gc_track(&o);
                assert!(gc_is_tracked(&o));
                o
            })
            .collect();
        assert_eq!(gc_tracked_count(), base + 100);
        // A class change keeps the instance's word where it was.
        let retired = objs[10].set_type(&u).expect("same layout");
        drop(retired);
        assert!(gc_is_tracked(&objs[10]));
        // Freed from the middle, the front and the back: each removal moves
        // the last entry into the hole, whose word must follow it.
        let mut n = objs.len();
        while !objs.is_empty() {
            let at = match n % 3 {
                0 => objs.len() / 2,
                1 => 0,
                _ => objs.len() - 1,
            };
            drop(objs.remove(at));
            n -= 1;
            assert_eq!(gc_tracked_count(), base + n);
            let all = gc_tracked();
            assert_eq!(all.len(), base + n);
            for o in &objs {
                assert!(gc_is_tracked(o));
                assert_eq!(all.iter().filter(|a| a.ptr_eq(o)).count(), 1);
            }
        }
        assert_eq!(p.downcast::<String>().map(|s| s.as_str()), Some("p"));
    }

    #[test]
    fn heap_types_die_with_their_last_instance() {
        static META_FREEING: StaticType =
            StaticType::new::<()>(&META_FREEING, c"type", None, 1, false)
                .with_flags(TPFLAGS_TYPE_SUBCLASS)
                .with_dealloc(dealloc_type);
        let base = live_objects();
        let t = new_heap_type::<String>(HeapTypeSpec {
            meta: META_FREEING.get(),
            name: "Point",
            base: BOXED.get(),
            kind: 7,
            flags: 0,
            data: Box::new(42u32),
        });
        let ty = t.as_type().expect("a heap type is a type");
        assert!(ty.is_heap_type() && !BOXED.get().is_heap_type());
        assert_eq!(ty.name(), "Point");
        assert_eq!(ty.heap_data::<u32>(), Some(&42));
        assert!(ty.heap_data::<String>().is_none());
        assert!(ty.is_subtype(BOXED.get()));
        let i = ObjRef::new_instance(&t, String::from("x")).expect("payload matches");
        assert!(ObjRef::new_instance(&t, 1u8).is_none());
        assert_eq!(t.refcnt(), 2);
        assert_eq!(i.downcast::<String>().map(|s| s.as_str()), Some("x"));
        drop(t);
        assert_eq!(live_objects(), base + 2);
        assert_eq!(i.ty().name(), "Point");
        drop(i);
        assert_eq!(live_objects(), base);
    }

    #[test]
    fn builtin_subclasses_keep_the_payload_and_add_a_dict_word() {
        static META_FREEING: StaticType =
            StaticType::new::<()>(&META_FREEING, c"type", None, 1, false)
                .with_flags(TPFLAGS_TYPE_SUBCLASS)
                .with_dealloc(dealloc_type);
        let base = live_objects();
        let spec = || HeapTypeSpec {
            meta: META_FREEING.get(),
            name: "Sub",
            base: BOXED.get(),
            kind: 7,
            flags: 0,
            data: Box::new(()),
        };
        let t = new_heap_type_with_dict::<String>(spec());
        let plain = new_heap_type::<String>(spec());
        let ty = t.as_type().expect("a type");
        assert!(ty.tp_dictoffset > 0);
        assert!(ObjRef::new_instance(&t, String::from("x")).is_none());
        let i = ObjRef::new_instance_with_dict(&t, String::from("x")).expect("payload matches");
        assert_eq!(i.downcast::<String>().map(|s| s.as_str()), Some("x"));
        assert!(i.has_dict_word() && i.instance_dict().is_none());
        let d = ObjRef::new(BOXED.get(), String::from("dict"));
        assert!(i.set_instance_dict(d.clone()).is_ok());
        assert_eq!(d.refcnt(), 2);
        assert!(i.instance_dict().is_some_and(|x| x.ptr_eq(&d)));
        // The other layout is not this one's.
        assert!(ObjRef::new_instance_with_dict(&plain, String::from("y")).is_none());
        let j = ObjRef::new_instance(&plain, String::from("y")).expect("payload matches");
        assert!(!j.has_dict_word());
        assert!(i.set_type(&plain).is_none() && j.set_type(&t).is_none());
        drop((t, plain, j));
        // Freeing the instance releases its dict.
        drop(i);
        assert_eq!(d.refcnt(), 1);
        drop(d);
        assert_eq!(live_objects(), base);
    }

    #[test]
    fn c_subclasses_append_one_dict_word() {
        static META_FREEING: StaticType =
            StaticType::new::<()>(&META_FREEING, c"type", None, 1, false)
                .with_flags(TPFLAGS_TYPE_SUBCLASS)
                .with_dealloc(dealloc_type);
        // A C type's layout: a header and a 12-byte struct after it.
        static C_BASE: StaticType = {
            let mut t = StaticType::new::<()>(&META, c"ext.Base", None, 0, false);
            t.0.tp_basicsize = 28;
            t
        };
        static C_VAR: StaticType = {
            let mut t = StaticType::new::<()>(&META, c"ext.Var", None, 0, false);
            t.0.tp_itemsize = 8;
            t
        };
        let base = live_objects();
        fn spec(b: &TypeObject) -> HeapTypeSpec<'_> {
            HeapTypeSpec {
                meta: META_FREEING.get(),
                name: "Sub",
                base: b,
                kind: 34,
                flags: TPFLAGS_HAVE_GC,
                data: Box::new(()),
            }
        }
        let sub = new_c_subclass_type(spec(C_BASE.get())).expect("a fixed-size base");
        let ty = sub.as_type().expect("a type");
        // The word goes after the C struct, aligned: 28 rounds up to 32.
        assert_eq!((ty.tp_dictoffset, ty.tp_basicsize), (32, 40));
        assert!(ty.tp_typhon.payload.is_none() && ty.is_heap_type());
        assert_eq!(
            ty.tp_flags & (TPFLAGS_HEAPTYPE | TPFLAGS_BASETYPE | TPFLAGS_HAVE_GC),
            TPFLAGS_HEAPTYPE | TPFLAGS_BASETYPE | TPFLAGS_HAVE_GC
        );
        assert!(ty.is_subtype(C_BASE.get()));
        // A class deriving from that one keeps the same word.
        let sub2 = new_c_subclass_type(spec(ty)).expect("a fixed-size base");
        let ty2 = sub2.as_type().expect("a type");
        assert_eq!((ty2.tp_dictoffset, ty2.tp_basicsize), (32, 40));
        // Variable-size C bases are refused.
        assert!(new_c_subclass_type(spec(C_VAR.get())).is_none());
        drop(sub2);
        drop(sub);
        assert_eq!(live_objects(), base);
    }

    #[test]
    fn statics_are_immortal_and_subtyping_walks_bases() {
        let t = ObjRef::from_static(&SUB);
        let t2 = t.clone();
        assert_eq!(t2.refcnt(), IMMORTAL_REFCNT);
        assert!(SUB.get().is_subtype(BOXED.get()));
        assert!(!BOXED.get().is_subtype(SUB.get()));
        assert_eq!(SUB.get().name(), "sub");
    }
}
