//! `dataclasses`: `@dataclass` writes a class's `__init__`, `__repr__`,
//! comparisons, `__hash__` and frozen `__setattr__`/`__delattr__` from its
//! annotated fields, as CPython 3.11's does: each method is written as
//! source and run by `exec` in the class's module, so that its name,
//! qualified name, traceback lines and error messages are CPython's
//! (`make_dataclass` is missing). The module is Python
//! (`dataclasses.py` next to this file), run when first imported.

use crate::object::{ObjRef, PyResult};
use crate::vm::Vm;

/// The module's source.
const SOURCE: &str = include_str!("dataclasses.py");

/// Runs the module's source in its dict `globals`.
pub fn fill(vm: &mut Vm, globals: &ObjRef) -> PyResult<()> {
    let code = vm.compile(SOURCE, "<frozen dataclasses>")?;
    vm.run_module_code(code, globals)?;
    Ok(())
}
