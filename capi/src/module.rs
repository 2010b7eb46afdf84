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

/// What `PyModuleDef_Init` makes a definition's type: the loader tells a
/// multi-phase init function's result (a definition) from a module by it.
/// Nothing else ever sees an object of this type.
pub static MODULEDEF: interp::object::StaticType = interp::object::StaticType::new::<ModuleDefMarker>(
    &types::TYPE,
    c"moduledef",
    Some(&types::OBJECT),
    Kind::OBJECT,
    false,
);

/// The payload type of [`MODULEDEF`] (a definition is C data; no Rust
/// payload is ever read).
pub struct ModuleDefMarker;

/// `Py_mod_create`.
const PY_MOD_CREATE: c_int = 1;
/// `Py_mod_exec`.
const PY_MOD_EXEC: c_int = 2;

/// C's `PyModuleDef_Slot`.
#[repr(C)]
struct PyModuleDefSlot {
    slot: c_int,
    value: *const c_void,
}

/// `PyModuleDef_Init`: marks `def` as a module definition (PEP 489) and
/// returns it, for a `PyInit_*` function to return.
pub(crate) unsafe extern "C" fn PyModuleDef_Init(def: *mut PyModuleDef) -> *mut PyObject {
    if def.is_null() {
        return fail(bad_internal_call(), std::ptr::null_mut());
    }
    // SAFETY: `def` is the extension's static definition (contract); its
    // header is written once, before anything reads it as an object.
    unsafe {
        let head = &mut (*def).m_base.ob_base;
        head.ob_type = MODULEDEF.get();
        head.ob_refcnt.set(abi::IMMORTAL_REFCNT);
    }
    def.cast()
}

/// The definition `p` is, if `PyModuleDef_Init` returned it.
///
/// # Safety
/// `p` must be null or point to a live object or module definition.
pub unsafe fn as_moduledef(p: *mut PyObject) -> Option<*mut PyModuleDef> {
    // SAFETY: forwarded; both start with an object header.
    (!p.is_null() && std::ptr::eq(unsafe { (*p).ob_type }, MODULEDEF.get())).then(|| p.cast())
}

/// The slots of `def`: its create function (at most one) and its exec
/// functions, in order, with CPython's errors for anything else.
///
/// # Safety
/// `def` must point to a live definition whose slot table, if any, ends
/// with a zero slot.
unsafe fn slots(
    def: &PyModuleDef,
    name: &str,
) -> PyResult<(Option<*const c_void>, Vec<*const c_void>)> {
    let (mut create, mut execs) = (None, Vec::new());
    let mut s = def.m_slots as *const PyModuleDefSlot;
    // SAFETY: the table ends with a zero slot (contract).
    unsafe {
        while !s.is_null() && (*s).slot != 0 {
            match (*s).slot {
                PY_MOD_CREATE if create.is_some() => {
                    return Err(PyErr::new(
                        &types::SYSTEM_ERROR,
                        format!("module {name} has multiple create slots"),
                    ));
                }
                PY_MOD_CREATE => create = Some((*s).value),
                PY_MOD_EXEC => execs.push((*s).value),
                id => {
                    return Err(PyErr::new(
                        &types::SYSTEM_ERROR,
                        format!("module {name} uses unknown slot ID {id}"),
                    ));
                }
            }
            s = s.add(1);
        }
    }
    Ok((create, execs))
}

/// Multi-phase initialization (PEP 489) of the extension module `name`
/// from the definition its `PyInit_*` returned: the create slot (or a new
/// module with the definition's state, methods and doc), then each exec
/// slot in order. `spec` is the module spec passed to the create slot.
///
/// # Safety
/// `def` must come from [`as_moduledef`]; the extension's code and data
/// stay loaded.
pub unsafe fn init_multi_phase(name: &str, def: *mut PyModuleDef, spec: &Value) -> PyResult<Value> {
    // SAFETY: forwarded.
    let module = unsafe { from_def_and_spec(name, def, spec) }?;
    let outer = interp::warnings::set_import_phase(Some(interp::warnings::ImportPhase::Exec));
    // SAFETY: forwarded.
    let r = unsafe { exec_def(name, &module, def) };
    interp::warnings::set_import_phase(outer);
    r?;
    Ok(module)
}

/// The module of `def` for `spec` (PEP 489's first phase): the create
/// slot's result, or a new module named `name` from the definition.
///
/// # Safety
/// As for [`init_multi_phase`].
unsafe fn from_def_and_spec(name: &str, def: *mut PyModuleDef, spec: &Value) -> PyResult<Value> {
    // SAFETY: `def` is the extension's static definition (caller).
    let d = unsafe { &*def };
    // SAFETY: as above.
    let (create, _) = unsafe { slots(d, name) }?;
    let Some(f) = create else {
        // SAFETY: as above.
        return unsafe { new_module(d, name) };
    };
    // SAFETY: a `Py_mod_create` slot is a `PyObject *(*)(PyObject *spec,
    // PyModuleDef *def)` (PEP 489).
    let f: unsafe extern "C" fn(*mut PyObject, *mut PyModuleDef) -> *mut PyObject =
        unsafe { std::mem::transmute(f) };
    let spec_ptr = crate::object::new_ref(spec.clone());
    // SAFETY: the slot's signature (above); `spec_ptr` is ours.
    let raw = unsafe { f(spec_ptr, def) };
    // SAFETY: our reference to the spec.
    drop(unsafe { take_new(spec_ptr) });
    // SAFETY: a new reference or NULL.
    let m = match unsafe { take_new(raw) } {
        Some(m) => m,
        None => {
            return Err(state::take_error().unwrap_or_else(|| {
                PyErr::new(
                    &types::SYSTEM_ERROR,
                    format!("creation of module {name} failed without setting an exception"),
                )
            }));
        }
    };
    if state::error_pending() {
        drop(state::take_error());
        return Err(PyErr::new(
            &types::SYSTEM_ERROR,
            format!("creation of module {name} raised unreported exception"),
        ));
    }
    // As CPython's PyModule_FromDefAndSpec2: a module object gets the
    // definition (its state comes with the exec phase); anything else may
    // not ask for state. Then the definition's functions and doc.
    let mo = match &m {
        Value::Obj(o) => o.downcast::<ModuleObj>(),
        _ => None,
    };
    match mo {
        Some(mo) => {
            let _ = mo
                .c_def
                .set(Box::new(CModuleDef(def as *const PyModuleDef)));
        }
        None if d.m_size > 0
            || !d.m_traverse.is_null()
            || !d.m_clear.is_null()
            || !d.m_free.is_null() =>
        {
            return Err(PyErr::new(
                &types::SYSTEM_ERROR,
                format!("module {name} is not a module object, but requests module state"),
            ));
        }
        None => {}
    }
    // SAFETY: as above.
    unsafe { add_functions_and_doc(d, &m) }?;
    Ok(m)
}

/// Adds the functions and doc of `def` to `m`, a module a create slot made
/// (or any object it returned: as attributes then).
///
/// # Safety
/// As for [`new_module`].
unsafe fn add_functions_and_doc(def: &PyModuleDef, m: &Value) -> PyResult<()> {
    let Value::Obj(o) = m else { return Ok(()) };
    let mut entries = Vec::new();
    let mut p = def.m_methods;
    // SAFETY: the method table is NULL or an array ending with a NULL name.
    unsafe {
        while !p.is_null() && !(*p).ml_name.is_null() {
            let method = Method::new(p, false)?;
            let fname = method.name.clone();
            entries.push((fname, CFunction::new_function(Rc::new(method), o.clone())));
            p = p.add(1);
        }
    }
    let doc = if def.m_doc.is_null() {
        None
    } else {
        // SAFETY: a C string in the extension's static data.
        Some(Value::str(unsafe { c_str(def.m_doc) }?))
    };
    if let Some(md) = o.downcast::<ModuleObj>() {
        for (n, f) in entries {
            add(md, &n, Value::Obj(f))?;
        }
        if let Some(doc) = doc {
            add(md, "__doc__", doc)?;
        }
        return Ok(());
    }
    state::current_vm(|vm| -> PyResult<()> {
        for (n, f) in entries {
            vm.setattr(m, &n, Value::Obj(f))?;
        }
        if let Some(doc) = doc {
            vm.setattr(m, "__doc__", doc)?;
        }
        Ok(())
    })?
}

/// Runs the exec slots of `def` on `module`, in order (PEP 489's second
/// phase).
///
/// # Safety
/// As for [`init_multi_phase`].
unsafe fn exec_def(name: &str, module: &Value, def: *mut PyModuleDef) -> PyResult<()> {
    // SAFETY: `def` is the extension's static definition (caller).
    let (_, execs) = unsafe { slots(&*def, name) }?;
    let Value::Obj(mo) = module else {
        return Ok(());
    };
    // A module from a create slot gets its state now (CPython's
    // PyModule_ExecDef); one made from the definition has it already.
    // SAFETY: as above.
    let size = unsafe { (*def).m_size };
    if size > 0
        && let Some(m) = mo.downcast::<ModuleObj>()
    {
        m.set_state(size as usize);
    }
    let mp = mo.as_ptr();
    for f in execs {
        // SAFETY: a `Py_mod_exec` slot is an `int (*)(PyObject *module)`.
        let f: unsafe extern "C" fn(*mut PyObject) -> c_int = unsafe { std::mem::transmute(f) };
        // SAFETY: the slot's signature; the module is alive (`module`).
        let r = unsafe { f(mp) };
        if r != 0 {
            return Err(state::take_error().unwrap_or_else(|| {
                PyErr::new(
                    &types::SYSTEM_ERROR,
                    format!("execution of module {name} failed without setting an exception"),
                )
            }));
        }
        if state::error_pending() {
            drop(state::take_error());
            return Err(PyErr::new(
                &types::SYSTEM_ERROR,
                format!("execution of module {name} raised unreported exception"),
            ));
        }
    }
    Ok(())
}

/// The `name` attribute of a module spec.
fn spec_name(spec: &Value) -> PyResult<String> {
    let name = state::current_vm(|vm| vm.getattr(spec, "name"))??;
    match name.as_str() {
        Some(s) => Ok(s.to_owned()),
        None => Err(PyErr::type_error("module name must be a string")),
    }
}

/// `PyModule_FromDefAndSpec2` (behind `PyModule_FromDefAndSpec`).
pub(crate) unsafe extern "C" fn PyModule_FromDefAndSpec2(
    def: *mut PyModuleDef,
    spec: *mut PyObject,
    _api: c_int,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `spec` is live (contract).
        let r = unsafe { arg(spec) }.and_then(|spec| {
            if def.is_null() {
                return Err(bad_internal_call());
            }
            let name = spec_name(&spec)?;
            // SAFETY: `def` is the extension's static definition (contract).
            unsafe { from_def_and_spec(&name, def, &spec) }
        });
        ret_obj(r)
    })
}

/// `PyModule_ExecDef`.
pub(crate) unsafe extern "C" fn PyModule_ExecDef(m: *mut PyObject, def: *mut PyModuleDef) -> c_int {
    guard(-1, || {
        // SAFETY: `m` is live (contract).
        let r = unsafe { module(m, "PyModule_ExecDef") }.and_then(|md| {
            if def.is_null() {
                return Err(bad_internal_call());
            }
            let name = md.name.clone();
            // SAFETY: `m` is live; `def` the extension's definition.
            unsafe { exec_def(&name, &arg(m)?, def) }
        });
        ret_status(r)
    })
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
            &types::SYSTEM_ERROR,
            "PyModule_Create: module has slots; it needs multi-phase initialization (PyModuleDef_Init)",
        ));
    }
    // SAFETY: as above.
    let name = crate::import::module_name_in_context(unsafe { c_str(def.m_name) }?);
    // SAFETY: as above.
    unsafe { new_module(def, &name) }
}

/// A new module named `name` for the definition `def`: its doc, its state
/// (`m_size` zeroed bytes) and its functions.
///
/// # Safety
/// `def` must be a live definition whose strings and method table are
/// static data of the loaded extension.
unsafe fn new_module(def: &PyModuleDef, name: &str) -> PyResult<Value> {
    let name = name.to_owned();
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
    let module = ModuleObj::new_with_state(
        &name,
        dict.clone(),
        def.m_size.max(0) as usize,
        Some(Box::new(CModuleDef(def as *const PyModuleDef))),
    );
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

/// A module's C definition, whose `m_traverse`, `m_clear` and `m_free`
/// run as CPython runs them: `m_traverse` when the cycle collector visits
/// the module, `m_clear` when it found the module in garbage (at the
/// latest at exit, when the modules are let go of), `m_free` when the
/// module object is freed. (CPython skips them for a module with a
/// positive `m_size` whose state was never allocated; here a module has
/// its state from the start.)
struct CModuleDef(*const PyModuleDef);

type TraverseFn = unsafe extern "C" fn(*mut PyObject, VisitFn, *mut c_void) -> c_int;
type VisitFn = unsafe extern "C" fn(*mut PyObject, *mut c_void) -> c_int;
type ClearFn = unsafe extern "C" fn(*mut PyObject) -> c_int;
type FreeFn = unsafe extern "C" fn(*mut c_void);

/// The `visitproc` handed to `m_traverse`: `arg` is the collector's
/// visitor.
unsafe extern "C" fn visit_for_gc(o: *mut PyObject, arg: *mut c_void) -> c_int {
    // SAFETY: `arg` is the `&mut &mut dyn FnMut` `traverse` passed, alive
    // for the whole `m_traverse` call; `o` is an object the state holds.
    unsafe {
        let f = &mut *(arg as *mut &mut dyn FnMut(&ObjRef));
        if let Some(b) = borrow(o) {
            f(&b);
        }
    }
    0
}

impl interp::object::ModuleDef for CModuleDef {
    fn addr(&self) -> usize {
        self.0 as usize
    }

    fn traverse(&self, module: &ObjRef, mut visit: &mut dyn FnMut(&ObjRef)) {
        // SAFETY: the definition is static data of the loaded extension.
        let f = unsafe { (*self.0).m_traverse };
        if f.is_null() {
            return;
        }
        // SAFETY: `m_traverse` is a `traverseproc`; the visitor outlives
        // the call.
        unsafe {
            let f: TraverseFn = std::mem::transmute(f);
            let arg = &mut visit as *mut &mut dyn FnMut(&ObjRef) as *mut c_void;
            state::without_vm(|| f(module.as_ptr(), visit_for_gc, arg));
        }
    }

    fn clear(&self, module: &ObjRef) {
        // SAFETY: as above.
        let f = unsafe { (*self.0).m_clear };
        if f.is_null() {
            return;
        }
        // SAFETY: `m_clear` is an `inquiry`; the module is alive (`module`).
        let r = state::without_vm(|| unsafe {
            let f: ClearFn = std::mem::transmute(f);
            f(module.as_ptr())
        });
        // CPython reports a failure as unraisable; nothing can catch it.
        if r < 0 || state::error_pending() {
            drop(state::take_error());
        }
    }

    fn free(&self, module: usize) {
        // SAFETY: as above.
        let f = unsafe { (*self.0).m_free };
        if f.is_null() {
            return;
        }
        // SAFETY: `m_free` is a `freefunc`; the module's header, dict and
        // state are still in place (`ModuleObj`'s drop calls this first).
        state::without_vm(|| unsafe {
            let f: FreeFn = std::mem::transmute(f);
            f(module as *mut c_void)
        });
        drop(state::take_error());
    }
}

/// The definition module `m` was made from, if any.
///
/// # Safety
/// `m` must be live.
pub(crate) unsafe fn def_of(m: *mut PyObject) -> Option<*mut PyModuleDef> {
    // SAFETY: forwarded; the payload lives as long as the module.
    let p = unsafe { abi::payload_ptr::<ModuleObj>(m) }?;
    // SAFETY: as above.
    unsafe { (*p).c_def.get() }.map(|d| d.addr() as *mut PyModuleDef)
}

/// `PyModule_GetDef`: the definition the module was made from (NULL, with
/// no exception, for a module made otherwise).
pub(crate) unsafe extern "C" fn PyModule_GetDef(m: *mut PyObject) -> *mut PyModuleDef {
    // SAFETY: forwarded (contract).
    match unsafe { module(m, "PyModule_GetDef") } {
        // SAFETY: `m` is a live module.
        Ok(_) => unsafe { def_of(m) }.unwrap_or(std::ptr::null_mut()),
        Err(e) => fail(e, std::ptr::null_mut()),
    }
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
            Some(p) => match (*p).c_state.get_mut() {
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
