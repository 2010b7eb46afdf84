//! Loading extension modules.
//!
//! How an extension reaches the API: Typhon's `Python.h` declares a weak,
//! exported pointer `_typhon_api` in every extension and makes each API
//! function a `static inline` wrapper that calls through it. The loader
//! opens the library (`RTLD_NOW | RTLD_LOCAL`, so an unresolvable symbol is
//! an import error instead of a crash later), checks the API version the
//! extension was built for, stores the address of the API table in its
//! `_typhon_api`, and calls `PyInit_<name>`. Nothing is looked up in the
//! host program, so this works the same in the `typhon` binary and in any
//! Rust program that embeds Typhon, with no link flags.
//!
//! Libraries are never unloaded: C types and method tables in their static
//! data stay referenced for the life of the process.

use crate::api::{API, API_VERSION, Api};
use crate::object::{PyObject, take_new};
use crate::state;
use interp::object::types;
use interp::{PyErr, PyResult, Value, Vm};
use libloading::os::unix::{Library, RTLD_LOCAL, RTLD_NOW, Symbol};
use std::ffi::c_int;
use std::path::Path;

fn import_error(msg: String) -> PyErr {
    PyErr::new(&types::IMPORT_ERROR, msg)
}

/// Loads the extension `name` from `path` and runs its init function.
pub fn load(vm: &mut Vm, name: &str, path: &Path) -> PyResult<Value> {
    let shown = path.display();
    // SAFETY: opening a shared library runs its initializers. That is the
    // point of importing an extension: the user asked for this library.
    let lib = unsafe { Library::open(Some(path), RTLD_NOW | RTLD_LOCAL) }
        .map_err(|e| import_error(format!("{e}")))?;
    // SAFETY: `_typhon_api_version` is the `const int` Typhon's Python.h
    // defines; a library without it is not a Typhon extension.
    let version: Symbol<*const c_int> =
        unsafe { lib.get(b"_typhon_api_version\0") }.map_err(|_| {
            import_error(format!(
                "'{shown}' is not a Typhon extension module: it has no _typhon_api_version \
             symbol (build it against Typhon's Python.h in capi/include)"
            ))
        })?;
    // SAFETY: the symbol is a `const int` in the library's data.
    let built_for = unsafe { **version };
    if built_for != API_VERSION {
        return Err(import_error(format!(
            "'{shown}' was built for Typhon C API version {built_for}, this is version {API_VERSION}"
        )));
    }
    // SAFETY: `_typhon_api` is the `const struct _typhon_api *` variable of
    // Typhon's Python.h; it is written once here, before any of the
    // extension's code that reads it runs.
    let slot: Symbol<*mut *const Api> = unsafe { lib.get(b"_typhon_api\0") }
        .map_err(|_| import_error(format!("'{shown}' has no _typhon_api symbol")))?;
    // SAFETY: as above; the table is a static that outlives the library.
    unsafe { **slot = &API.0 };
    let init_name = format!("PyInit_{name}");
    // SAFETY: `PyInit_<name>` is the module init function, which takes no
    // arguments and returns a new reference or NULL.
    let init: Symbol<unsafe extern "C" fn() -> *mut PyObject> =
        unsafe { lib.get(format!("{init_name}\0").as_bytes()) }.map_err(|_| {
            import_error(format!(
                "dynamic module '{shown}' does not define module export function ({init_name})"
            ))
        })?;
    let init = *init;
    // Keep the library mapped forever (see the module docs).
    std::mem::forget(lib);
    // Warnings the module's C code issues while it is made are CPython's
    // import machinery's (`interp::warnings::ImportPhase`).
    let outer = interp::warnings::set_import_phase(Some(interp::warnings::ImportPhase::Create));
    let r = run_init(vm, name, path, init);
    interp::warnings::set_import_phase(outer);
    r
}

/// Calls the init function of extension `name` and makes its module
/// (single-phase, or both phases of multi-phase initialization).
fn run_init(
    vm: &mut Vm,
    name: &str,
    path: &Path,
    init: unsafe extern "C" fn() -> *mut PyObject,
) -> PyResult<Value> {
    // SAFETY: the init function's signature (above).
    let raw = state::with_vm(vm, || unsafe { init() });
    // SAFETY: NULL, a new reference, or a definition from PyModuleDef_Init.
    if let Some(def) = unsafe { crate::module::as_moduledef(raw) } {
        if let Some(e) = state::take_error() {
            return Err(e);
        }
        let spec = module_spec(vm, name, path)?;
        // SAFETY: `def` is the extension's definition; the library stays
        // loaded.
        let r = state::with_vm(vm, || unsafe {
            crate::module::init_multi_phase(name, def, &spec)
        });
        return r;
    }
    // SAFETY: a new reference or NULL.
    let module = match unsafe { take_new(raw) } {
        None => {
            return Err(state::take_error().unwrap_or_else(|| {
                PyErr::new(
                    &types::SYSTEM_ERROR,
                    format!("initialization of {name} failed without raising an exception"),
                )
            }));
        }
        Some(m) => m,
    };
    if let Some(e) = state::take_error() {
        drop(e);
        return Err(PyErr::new(
            &types::SYSTEM_ERROR,
            format!("initialization of {name} raised unreported exception"),
        ));
    }
    match &module {
        Value::Obj(o) if crate::module::is_module(o) => Ok(module),
        _ => Err(PyErr::new(
            &types::SYSTEM_ERROR,
            format!("initialization of {name} did not return an extension module"),
        )),
    }
}

/// The module spec a `Py_mod_create` slot receives: an object with
/// `name`, `origin`, `loader` (None), `parent` and
/// `submodule_search_locations` (None), as CPython's `ModuleSpec` has.
fn module_spec(vm: &mut Vm, name: &str, path: &Path) -> PyResult<Value> {
    let ns = interp::object::DictObj::new_obj();
    let cls = interp::classes::new_class("ModuleSpec", vec![types::OBJECT.get().to_ref()], ns)?;
    let spec = vm.call(&Value::Obj(cls), &[])?;
    let parent = name.rsplit_once('.').map_or("", |(p, _)| p);
    vm.setattr(&spec, "name", Value::str(name))?;
    vm.setattr(&spec, "origin", Value::str(&path.display().to_string()))?;
    vm.setattr(&spec, "loader", Value::None)?;
    vm.setattr(&spec, "parent", Value::str(parent))?;
    vm.setattr(&spec, "submodule_search_locations", Value::None)?;
    Ok(spec)
}
