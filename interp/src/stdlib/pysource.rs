//! The standard modules written in Python (`contextlib`, `warnings`,
//! `textwrap`): their source is part of the binary (`stdlib/py/`) and runs
//! in the module's dict when the module is first imported, as the source
//! of `__future__` does.

use crate::object::{ObjRef, PyResult};
use crate::vm::Vm;

/// The modules: name and source.
const MODULES: &[(&str, &str)] = &[
    ("contextlib", include_str!("py/contextlib.py")),
];

/// Whether `name` is one of these modules.
pub fn has(name: &str) -> bool {
    MODULES.iter().any(|(n, _)| *n == name)
}

/// Runs the source of module `name` (one of these) in its dict
/// `globals`.
pub fn fill(vm: &mut Vm, name: &str, globals: &ObjRef) -> PyResult<()> {
    let Some((_, source)) = MODULES.iter().find(|(n, _)| *n == name) else {
        return Ok(());
    };
    let r = run(vm, name, source, globals);
    if let Err(e) = &r
        && std::env::var_os("TYPHON_DEBUG_PYSOURCE").is_some()
    {
        eprintln!("{name}: {:?}", e.exc().args.borrow());
    }
    r
}

/// Compiles and runs `source` as module `name`.
fn run(vm: &mut Vm, name: &str, source: &str, globals: &ObjRef) -> PyResult<()> {
    let code = vm.compile(source, &format!("<frozen {name}>"))?;
    vm.run_module_code(code, globals)?;
    Ok(())
}
