//! Loading extension modules.
//!
//! How an extension reaches the API: Typhon's `Python.h` declares a weak,
//! exported pointer `_typhon_api` in every extension and makes each API
//! function a `static inline` wrapper that calls through it. The loader
//! opens the library (`RTLD_NOW | RTLD_LOCAL`, so an unresolvable symbol is
//! an import error instead of a crash later), checks the API version the
//! extension was built for, stores the address of the API table in its
//! `_typhon_api`, and calls `PyInit_<name>` (the last component of the
//! name for a module in a package: `pkg/_speedups.typhon.so` defines
//! `PyInit__speedups`). Nothing is looked up in the
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

thread_local! {
    /// The full name of the extension module whose single-phase init
    /// function is running, when it is in a package (CPython's
    /// `_Py_PackageContext`): `PyModule_Create` names the module so.
    static PACKAGE_CONTEXT: std::cell::RefCell<Option<String>> =
        const { std::cell::RefCell::new(None) };
}

/// The name a module made by `PyModule_Create` with `m_name` gets: the
/// full name of the package's extension being loaded when `m_name` is its
/// last component (used once), else `m_name`.
pub(crate) fn module_name_in_context(m_name: &str) -> String {
    PACKAGE_CONTEXT.with(|c| {
        let mut c = c.borrow_mut();
        let fits = c
            .as_deref()
            .and_then(|full| full.rsplit_once('.'))
            .is_some_and(|(_, last)| last == m_name);
        if fits && let Some(full) = c.take() {
            return full;
        }
        m_name.to_owned()
    })
}

/// Loads the extension `name` from `path` and runs its init function.
pub fn load(vm: &mut Vm, name: &str, path: &Path, spec: &Value) -> PyResult<Value> {
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
    let short = name.rsplit('.').next().unwrap_or(name);
    let init_name = format!("PyInit_{short}");
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
    let r = run_init(vm, name, init, spec);
    interp::warnings::set_import_phase(outer);
    r
}

/// Calls the init function of extension `name` and makes its module
/// (single-phase, or both phases of multi-phase initialization, named by
/// `spec`). Errors name the module by its last component, as CPython's.
fn run_init(
    vm: &mut Vm,
    name: &str,
    init: unsafe extern "C" fn() -> *mut PyObject,
    spec: &Value,
) -> PyResult<Value> {
    // SAFETY: the init function's signature (above).
    let outer = PACKAGE_CONTEXT.with(|c| c.replace(Some(name.to_owned())));
    let raw = state::with_vm(vm, || unsafe { init() });
    PACKAGE_CONTEXT.with(|c| c.replace(outer));
    // SAFETY: NULL, a new reference, or a definition from PyModuleDef_Init.
    if let Some(def) = unsafe { crate::module::as_moduledef(raw) } {
        if let Some(e) = state::take_error() {
            return Err(e);
        }
        // SAFETY: `def` is the extension's definition; the library stays
        // loaded.
        let r = state::with_vm(vm, || unsafe {
            crate::module::init_multi_phase(name, def, spec)
        });
        return r;
    }
    let name = name.rsplit('.').next().unwrap_or(name);
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
