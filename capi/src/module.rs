//! Modules: `PyModule_*` and `PyImport_ImportModule`.
//!
//! `PyModule_Create` walks the definition's method table, validating any
//! typed-method metadata (a malformed entry makes the import fail with
//! `ImportError`), and binds each function to the module.

use crate::methodobject::{CFunction, Method, PyMethodDef};
use crate::object::{
    Py_ssize_t, PyObject, PyTypeObject, arg, bad_internal_call, borrow, c_str, fail, guard,
    ret_obj, ret_status, take_new,
};
use crate::state;
use interp::object::types::{self, Kind};
use interp::object::{DictObj, ModuleObj, ObjRef};
use interp::{PyErr, PyResult, Value};
use std::ffi::{c_char, c_int, c_long, c_void};
use std::rc::Rc;

/// C's `PyModuleDef_Base`.
#[repr(C)]
pub struct PyModuleDefBase {
    ob_base: PyObject,
    m_init: *const c_void,
    m_index: Py_ssize_t,
    m_copy: *mut PyObject,
}

/// C's `PyModuleDef`.
#[repr(C)]
pub struct PyModuleDef {
    m_base: PyModuleDefBase,
    m_name: *const c_char,
    m_doc: *const c_char,
    m_size: Py_ssize_t,
    m_methods: *const PyMethodDef,
    m_slots: *const c_void,
    m_traverse: *const c_void,
    m_clear: *const c_void,
    m_free: *const c_void,
}

/// `PyModule_Create2` (behind the `PyModule_Create` macro).
pub(crate) unsafe extern "C" fn PyModule_Create2(
    def: *mut PyModuleDef,
    _api: c_int,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `def` is the extension's static module definition.
        ret_obj(unsafe { create(def) })
    })
}

unsafe fn create(def: *mut PyModuleDef) -> PyResult<Value> {
    if def.is_null() {
        return Err(bad_internal_call());
    }
    // SAFETY: `def` is live (caller); its strings and method table are
    // static data of the loaded extension.
    let def = unsafe { &*def };
    if !def.m_slots.is_null() {
        return Err(PyErr::new(
            &types::IMPORT_ERROR,
            "multi-phase initialization (m_slots) is not supported by typhon yet",
        ));
    }
    // SAFETY: as above.
    let name = unsafe { c_str(def.m_name) }?.to_owned();
    let dict = DictObj::new_obj();
    let Some(d) = dict.downcast::<DictObj>() else {
        return Err(bad_internal_call());
    };
    d.set_str("__name__", Value::str(&name));
    let doc = if def.m_doc.is_null() {
        Value::None
    } else {
        // SAFETY: as above.
        Value::str(unsafe { c_str(def.m_doc) }?)
    };
    d.set_str("__doc__", doc);
    let module = ModuleObj::new_with_state(&name, dict.clone(), def.m_size.max(0) as usize);
    let mut m = def.m_methods;
    // SAFETY: the method table is NULL or an array ending with a NULL name.
    unsafe {
        while !m.is_null() && !(*m).ml_name.is_null() {
            let method = Method::new(m, false)?;
            let fname = method.name.clone();
            let f = CFunction::new_function(Rc::new(method), module.clone());
            d.set_str(&fname, Value::Obj(f));
            m = m.add(1);
        }
    }
    Ok(Value::Obj(module))
}

/// The module at `m`, or the TypeError CPython raises.
///
/// # Safety
/// `m` must be null or live, and outlive the result.
unsafe fn module<'a>(m: *mut PyObject, who: &str) -> PyResult<&'a ModuleObj> {
    // SAFETY: forwarded.
    let b = unsafe { borrow(m) }.ok_or_else(bad_internal_call)?;
    let Some(p) = b.downcast::<ModuleObj>().map(|x| x as *const ModuleObj) else {
        return Err(PyErr::type_error(format!(
            "{who}() first argument must be a module"
        )));
    };
    // SAFETY: the payload lives as long as the object (caller).
    Ok(unsafe { &*p })
}

fn add(m: &ModuleObj, name: &str, v: Value) -> PyResult<()> {
    match m.dict.downcast::<DictObj>() {
        Some(d) => {
            d.set_str(name, v);
            Ok(())
        }
        None => Err(bad_internal_call()),
    }
}

/// `PyModule_AddObjectRef`: adds `v` (not stolen).
pub(crate) unsafe extern "C" fn PyModule_AddObjectRef(
    m: *mut PyObject,
    name: *const c_char,
    v: *mut PyObject,
) -> c_int {
    guard(-1, || {
        // SAFETY: forwarded (contract).
        let r = (|| unsafe {
            let md = module(m, "PyModule_AddObjectRef")?;
            let n = c_str(name)?;
            if v.is_null() {
                if state::error_pending() {
                    return Err(state::take_error().unwrap_or_else(bad_internal_call));
                }
                return Err(PyErr::new(
                    &types::SYSTEM_ERROR,
                    "PyModule_AddObjectRef() must be called with an exception raised if value is NULL",
                ));
            }
            add(md, n, arg(v)?)
        })();
        ret_status(r)
    })
}

/// `PyModule_AddObject`: adds `v`, stealing it only on success.
pub(crate) unsafe extern "C" fn PyModule_AddObject(
    m: *mut PyObject,
    name: *const c_char,
    v: *mut PyObject,
) -> c_int {
    // SAFETY: forwarded (contract).
    let r = unsafe { PyModule_AddObjectRef(m, name, v) };
    if r == 0 {
        // SAFETY: on success the reference passed in is consumed.
        drop(unsafe { take_new(v) });
    }
    r
}

/// `PyModule_AddIntConstant`.
pub(crate) unsafe extern "C" fn PyModule_AddIntConstant(
    m: *mut PyObject,
    name: *const c_char,
    v: c_long,
) -> c_int {
    guard(-1, || {
        // SAFETY: forwarded (contract).
        let r = unsafe { module(m, "PyModule_AddIntConstant") }
            .and_then(|md| add(md, unsafe { c_str(name) }?, Value::Int(v)));
        ret_status(r)
    })
}

/// `PyModule_AddStringConstant`.
pub(crate) unsafe extern "C" fn PyModule_AddStringConstant(
    m: *mut PyObject,
    name: *const c_char,
    v: *const c_char,
) -> c_int {
    guard(-1, || {
        // SAFETY: forwarded (contract).
        let r = unsafe { module(m, "PyModule_AddStringConstant") }.and_then(|md| {
            let val = Value::str(unsafe { c_str(v) }?);
            add(md, unsafe { c_str(name) }?, val)
        });
        ret_status(r)
    })
}

/// `PyModule_AddType`: readies `t` and adds it under its short name.
pub(crate) unsafe extern "C" fn PyModule_AddType(m: *mut PyObject, t: *mut PyTypeObject) -> c_int {
    guard(-1, || {
        // SAFETY: `t` is the extension's static type (contract).
        if unsafe { crate::typeobject::PyType_Ready(t) } < 0 {
            return -1;
        }
        // SAFETY: `t` is live and readied (immortal).
        let r = unsafe { module(m, "PyModule_AddType") }.and_then(|md| {
            let short = crate::typeobject::short_name(unsafe { &*t }).to_owned();
            let tv = unsafe { arg(t as *mut PyObject) }?;
            add(md, &short, tv)
        });
        ret_status(r)
    })
}

/// `PyModule_GetDict`: borrowed.
pub(crate) unsafe extern "C" fn PyModule_GetDict(m: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded (contract); the module owns its dict.
    match unsafe { module(m, "PyModule_GetDict") } {
        Ok(md) => md.dict.as_ptr(),
        Err(e) => fail(e, std::ptr::null_mut()),
    }
}

/// `PyModule_GetName`: a C string that lives as long as the module.
pub(crate) unsafe extern "C" fn PyModule_GetName(m: *mut PyObject) -> *const c_char {
    // SAFETY: forwarded (contract).
    let md = match unsafe { module(m, "PyModule_GetName") } {
        Ok(md) => md,
        Err(e) => return fail(e, std::ptr::null()),
    };
    // The `__name__` str in the module's dict owns the text.
    let name = md.dict.downcast::<DictObj>().and_then(|d| {
        let key = interp::object::DictKey::new(Value::str("__name__")).ok()?;
        let (i, v) = d.get_full(&key)?;
        let o = d.c_boxes.borrow_box(2 * i + 1, &v)?;
        let s = o.downcast::<interp::object::StrObj>()? as *const interp::object::StrObj;
        // SAFETY: the str is held by the module's dict.
        Some(unsafe { (*s).utf8_with_nul().as_ptr() })
    });
    match name {
        Some(p) => p as *const c_char,
        None => fail(
            PyErr::new(&types::SYSTEM_ERROR, "nameless module"),
            std::ptr::null(),
        ),
    }
}

/// `PyModule_GetState`: the module's `m_size` bytes, or NULL.
pub(crate) unsafe extern "C" fn PyModule_GetState(m: *mut PyObject) -> *mut c_void {
    if m.is_null() {
        return std::ptr::null_mut();
    }
    // SAFETY: `m` is live (contract). The pointer is computed from the raw
    // object, so C may write through it; nothing in Rust reads the state.
    unsafe {
        match abi::payload_ptr::<ModuleObj>(m) {
            Some(p) => match (*p).c_state.as_mut() {
                Some(s) => s.as_mut_ptr() as *mut c_void,
                None => std::ptr::null_mut(),
            },
            None => fail(bad_internal_call(), std::ptr::null_mut()),
        }
    }
}

/// `PyModule_New`.
pub(crate) unsafe extern "C" fn PyModule_New(name: *const c_char) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `name` is a C string (contract).
        let r = unsafe { c_str(name) }.map(|n| {
            let dict = DictObj::new_obj();
            if let Some(d) = dict.downcast::<DictObj>() {
                d.set_str("__name__", Value::str(n));
            }
            Value::Obj(ModuleObj::new_obj(n, dict))
        });
        ret_obj(r)
    })
}

/// `PyImport_ImportModule`.
pub(crate) unsafe extern "C" fn PyImport_ImportModule(name: *const c_char) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `name` is a C string (contract).
        let r = unsafe { c_str(name) }
            .and_then(|n| state::current_vm(|vm| vm.import(n)).and_then(|r| r));
        ret_obj(r)
    })
}

/// Whether `o` is a module (for the loader).
pub(crate) fn is_module(o: &ObjRef) -> bool {
    o.kind() == Kind::MODULE
}
