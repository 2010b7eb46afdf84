//! Capsules (`PyCapsule_*`): a C pointer wrapped in an object, with a
//! name that users of the pointer check, an optional context pointer and
//! an optional destructor, run when the capsule is freed. Extensions
//! export C APIs to each other this way (`PyCapsule_Import("mod.attr")`).

use crate::object::{PyObject, borrow, c_str, fail, guard, new_ref};
use abi::StaticType;
use interp::object::types::{self, Kind};
use interp::{PyErr, Value};
use std::cell::Cell;
use std::ffi::{CStr, c_char, c_int, c_void};

/// A capsule's destructor (`PyCapsule_Destructor`).
type Destructor = unsafe extern "C" fn(*mut PyObject);

/// The payload of a capsule.
pub struct Capsule {
    pointer: Cell<*mut c_void>,
    /// NULL or a C string that outlives the capsule (CPython's contract).
    name: Cell<*const c_char>,
    context: Cell<*mut c_void>,
    destructor: Cell<Option<Destructor>>,
    /// The capsule's own address, for its destructor.
    this: Cell<*mut PyObject>,
}

impl Drop for Capsule {
    fn drop(&mut self) {
        if let Some(d) = self.destructor.get() {
            // SAFETY: the destructor C registered, given the capsule as
            // CPython gives it (during deallocation: its pointer, name and
            // context can still be read).
            unsafe { d(self.this.get()) };
        }
    }
}

/// `PyCapsule`.
pub static CAPSULE: StaticType = StaticType::new::<Capsule>(
    &types::TYPE,
    c"PyCapsule",
    Some(&types::OBJECT),
    Kind::FOREIGN,
    true,
);

/// The capsule at `o`, if it is one.
///
/// # Safety
/// `o` must be null or live, and outlive the result.
unsafe fn capsule<'a>(o: *mut PyObject) -> Option<&'a Capsule> {
    // SAFETY: forwarded; the payload lives as long as the object.
    unsafe { borrow(o) }
        .and_then(|b| b.downcast::<Capsule>().map(|c| c as *const Capsule))
        .map(|c| unsafe { &*c })
}

/// Whether two capsule names are the same (both NULL, or equal strings).
///
/// # Safety
/// Each must be NULL or a C string.
unsafe fn same_name(a: *const c_char, b: *const c_char) -> bool {
    match (a.is_null(), b.is_null()) {
        (true, true) => true,
        // SAFETY: both are C strings (caller).
        (false, false) => unsafe { CStr::from_ptr(a) == CStr::from_ptr(b) },
        _ => false,
    }
}

/// The capsule at `o` if it is a valid one named `name`, else CPython's
/// ValueError for `who`.
///
/// # Safety
/// As for [`capsule`]; `name` is NULL or a C string.
unsafe fn checked<'a>(
    o: *mut PyObject,
    name: *const c_char,
    who: &str,
) -> Result<&'a Capsule, PyErr> {
    // SAFETY: forwarded.
    let Some(c) = (unsafe { capsule(o) }).filter(|c| !c.pointer.get().is_null()) else {
        return Err(PyErr::value_error(format!(
            "{who} called with invalid PyCapsule object"
        )));
    };
    // SAFETY: forwarded.
    if !unsafe { same_name(c.name.get(), name) } {
        return Err(PyErr::value_error(format!(
            "{who} called with incorrect name"
        )));
    }
    Ok(c)
}

/// `PyCapsule_New`.
pub(crate) unsafe extern "C" fn PyCapsule_New(
    pointer: *mut c_void,
    name: *const c_char,
    destructor: Option<Destructor>,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        if pointer.is_null() {
            return fail(
                PyErr::value_error("PyCapsule_New called with null pointer"),
                std::ptr::null_mut(),
            );
        }
        let o = interp::object::ObjRef::new(
            CAPSULE.get(),
            Capsule {
                pointer: Cell::new(pointer),
                name: Cell::new(name),
                context: Cell::new(std::ptr::null_mut()),
                destructor: Cell::new(destructor),
                this: Cell::new(std::ptr::null_mut()),
            },
        );
        if let Some(c) = o.downcast::<Capsule>() {
            c.this.set(o.as_ptr());
        }
        new_ref(Value::Obj(o))
    })
}

/// `PyCapsule_GetPointer`: the pointer, if the names match.
pub(crate) unsafe extern "C" fn PyCapsule_GetPointer(
    o: *mut PyObject,
    name: *const c_char,
) -> *mut c_void {
    // SAFETY: `o` is live (contract); `name` is NULL or a C string.
    match unsafe { checked(o, name, "PyCapsule_GetPointer") } {
        Ok(c) => c.pointer.get(),
        Err(e) => fail(e, std::ptr::null_mut()),
    }
}

/// `PyCapsule_GetName`.
pub(crate) unsafe extern "C" fn PyCapsule_GetName(o: *mut PyObject) -> *const c_char {
    // SAFETY: `o` is live (contract).
    match unsafe { capsule(o) }.filter(|c| !c.pointer.get().is_null()) {
        Some(c) => c.name.get(),
        None => fail(
            PyErr::value_error("PyCapsule_GetName called with invalid PyCapsule object"),
            std::ptr::null(),
        ),
    }
}

/// `PyCapsule_GetContext`.
pub(crate) unsafe extern "C" fn PyCapsule_GetContext(o: *mut PyObject) -> *mut c_void {
    // SAFETY: `o` is live (contract).
    match unsafe { capsule(o) }.filter(|c| !c.pointer.get().is_null()) {
        Some(c) => c.context.get(),
        None => fail(
            PyErr::value_error("PyCapsule_GetContext called with invalid PyCapsule object"),
            std::ptr::null_mut(),
        ),
    }
}

/// `PyCapsule_SetContext`.
pub(crate) unsafe extern "C" fn PyCapsule_SetContext(
    o: *mut PyObject,
    context: *mut c_void,
) -> c_int {
    // SAFETY: `o` is live (contract).
    match unsafe { capsule(o) }.filter(|c| !c.pointer.get().is_null()) {
        Some(c) => {
            c.context.set(context);
            0
        }
        None => fail(
            PyErr::value_error("PyCapsule_SetContext called with invalid PyCapsule object"),
            -1,
        ),
    }
}

/// `PyCapsule_SetPointer`.
pub(crate) unsafe extern "C" fn PyCapsule_SetPointer(
    o: *mut PyObject,
    pointer: *mut c_void,
) -> c_int {
    if pointer.is_null() {
        return fail(
            PyErr::value_error("PyCapsule_SetPointer called with null pointer"),
            -1,
        );
    }
    // SAFETY: `o` is live (contract).
    match unsafe { capsule(o) }.filter(|c| !c.pointer.get().is_null()) {
        Some(c) => {
            c.pointer.set(pointer);
            0
        }
        None => fail(
            PyErr::value_error("PyCapsule_SetPointer called with invalid PyCapsule object"),
            -1,
        ),
    }
}

/// `PyCapsule_IsValid`: a capsule with that name and a pointer (never
/// raises).
pub(crate) unsafe extern "C" fn PyCapsule_IsValid(o: *mut PyObject, name: *const c_char) -> c_int {
    // SAFETY: `o` is null or live (contract); `name` NULL or a C string.
    c_int::from(unsafe {
        capsule(o).is_some_and(|c| !c.pointer.get().is_null() && same_name(c.name.get(), name))
    })
}

/// `PyCapsule_CheckExact`.
pub(crate) unsafe extern "C" fn PyCapsule_CheckExact(o: *mut PyObject) -> c_int {
    // SAFETY: `o` is null or live (contract).
    c_int::from(unsafe { capsule(o) }.is_some())
}

/// `PyCapsule_Import("package.module.attr", no_block)`: imports the module,
/// follows the attributes, and returns the pointer of the capsule found
/// if its name is the whole dotted name.
pub(crate) unsafe extern "C" fn PyCapsule_Import(
    name: *const c_char,
    _no_block: c_int,
) -> *mut c_void {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `name` is a C string (contract).
        let full = match unsafe { c_str(name) } {
            Ok(s) => s.to_owned(),
            Err(e) => return fail(e, std::ptr::null_mut()),
        };
        // CPython's walk: the first part is imported, the rest are
        // attributes.
        let r = crate::state::current_vm(|vm| -> Result<Value, PyErr> {
            let mut parts = full.split('.');
            let first = parts.next().unwrap_or_default();
            let mut obj = vm.import(first).map_err(|_| {
                PyErr::new(
                    &types::IMPORT_ERROR,
                    format!("PyCapsule_Import could not import module \"{first}\""),
                )
            })?;
            for attr in parts {
                obj = vm.getattr(&obj, attr)?;
            }
            Ok(obj)
        });
        let held = match r.and_then(|x| x) {
            Ok(v) => v,
            Err(e) => return fail(e, std::ptr::null_mut()),
        };
        let obj = held.as_obj().map_or(std::ptr::null_mut(), |o| o.as_ptr());
        // SAFETY: the capsule is held by its module (live); `name` is a C
        // string.
        match unsafe { checked(obj, name, "PyCapsule_Import") } {
            Ok(c) => c.pointer.get(),
            Err(_) => fail(
                PyErr::attribute_error(format!("PyCapsule_Import \"{full}\" is not valid")),
                std::ptr::null_mut(),
            ),
        }
    })
}

/// A valid capsule at `o`, else CPython's ValueError naming `who`.
///
/// # Safety
/// As for [`capsule`].
unsafe fn valid<'a>(o: *mut PyObject, who: &str) -> Result<&'a Capsule, PyErr> {
    // SAFETY: forwarded.
    unsafe { capsule(o) }
        .filter(|c| !c.pointer.get().is_null())
        .ok_or_else(|| PyErr::value_error(format!("{who} called with invalid PyCapsule object")))
}

/// `PyCapsule_SetName`: `name` must outlive the capsule (CPython's
/// contract).
pub(crate) unsafe extern "C" fn PyCapsule_SetName(o: *mut PyObject, name: *const c_char) -> c_int {
    // SAFETY: `o` is live (contract).
    match unsafe { valid(o, "PyCapsule_SetName") } {
        Ok(c) => {
            c.name.set(name);
            0
        }
        Err(e) => fail(e, -1),
    }
}

/// `PyCapsule_GetDestructor`: the destructor, NULL for none (then also
/// with ValueError for an invalid capsule).
pub(crate) unsafe extern "C" fn PyCapsule_GetDestructor(o: *mut PyObject) -> Option<Destructor> {
    // SAFETY: `o` is live (contract).
    match unsafe { valid(o, "PyCapsule_GetDestructor") } {
        Ok(c) => c.destructor.get(),
        Err(e) => fail(e, None),
    }
}

/// `PyCapsule_SetDestructor`: replaces the destructor (NULL for none).
pub(crate) unsafe extern "C" fn PyCapsule_SetDestructor(
    o: *mut PyObject,
    destructor: Option<Destructor>,
) -> c_int {
    // SAFETY: `o` is live (contract).
    match unsafe { valid(o, "PyCapsule_SetDestructor") } {
        Ok(c) => {
            c.destructor.set(destructor);
            0
        }
        Err(e) => fail(e, -1),
    }
}
