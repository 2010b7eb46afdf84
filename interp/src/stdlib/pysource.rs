//! The standard modules written in Python (`contextlib`, `warnings`,
//! `textwrap`, and `struct` over the native `_struct`): their source is part of the binary (`stdlib/py/`) and runs
//! in the module's dict when the module is first imported, as the source
//! of `__future__` does.

use crate::object::{Builtin, DictObj, ObjRef, PyResult, Value};
use crate::vm::Vm;

/// The modules: name and source.
const MODULES: &[(&str, &str)] = &[
    ("contextlib", include_str!("py/contextlib.py")),
    ("warnings", include_str!("py/warnings.py")),
    ("struct", include_str!("py/struct.py")),
    ("textwrap", include_str!("py/textwrap.py")),
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
    run(vm, name, source, globals)
}

/// Compiles and runs `source` as module `name`.
fn run(vm: &mut Vm, name: &str, source: &str, globals: &ObjRef) -> PyResult<()> {
    if name == "warnings"
        && let Some(d) = globals.downcast::<DictObj>()
    {
        // The helpers that reach what Python code cannot: the frames up
        // the stack (`sys._getframe`) and a file's lines (`linecache`).
        let f =
            |n: &'static str, f: crate::object::NativeFn| Value::Obj(Builtin::new_obj(n, f, None));
        d.set_str("_caller", f("_caller", crate::introspect::b_caller));
        d.set_str("_getline", f("_getline", crate::warnings::b_getline));
    }
    let code = vm.compile(source, &format!("<frozen {name}>"))?;
    vm.run_module_code(code, globals)?;
    Ok(())
}
