//! The standard modules written in Python (`contextlib`, `warnings`,
//! `textwrap`, `abc`, and `struct` over the native `_struct`): their source is
//! part of the binary (`stdlib/py/`) and runs in the module's dict when
//! the module is first imported, as the source of `__future__` does. The
//! few things Python code cannot do here (see the frames up the stack,
//! put a traceback back) are native helpers put in the module's dict
//! first, under private names. Tracebacks through these modules name
//! `<frozen NAME>` files, with no source lines.

use crate::object::{Args, Builtin, DictObj, ExcObj, ObjRef, PyResult, Value};
use crate::vm::Vm;

/// The modules: name and source.
const MODULES: &[(&str, &str)] = &[
    ("contextlib", include_str!("py/contextlib.py")),
    ("warnings", include_str!("py/warnings.py")),
    ("struct", include_str!("py/struct.py")),
    ("textwrap", include_str!("py/textwrap.py")),
    ("abc", include_str!("py/abc.py")),
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
    if name == "contextlib"
        && let Some(d) = globals.downcast::<DictObj>()
    {
        // CPython's `contextmanager` puts an exception's `__traceback__`
        // back after throwing it into the generator; these do that.
        let f =
            |n: &'static str, f: crate::object::NativeFn| Value::Obj(Builtin::new_obj(n, f, None));
        d.set_str("_tb_len", f("_tb_len", tb_len));
        d.set_str("_tb_truncate", f("_tb_truncate", tb_truncate));
    }
    if name == "abc"
        && let Some(d) = globals.downcast::<DictObj>()
    {
        // What a metaclass would do: `_hook` names the class whose
        // functions ABCs get, `_mark` sets a class's `abc` bits.
        let f =
            |n: &'static str, f: crate::object::NativeFn| Value::Obj(Builtin::new_obj(n, f, None));
        d.set_str("_hook", f("_hook", crate::classes::abc_hook));
        d.set_str("_mark", f("_mark", crate::classes::abc_mark));
    }
    let code = vm.compile(source, &format!("<frozen {name}>"))?;
    vm.run_module_code(code, globals)?;
    Ok(())
}

/// `contextlib._tb_len(exc)`: how many traceback entries the exception
/// has (0 for anything else).
fn tb_len(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let n = args
        .pos
        .first()
        .and_then(|v| v.downcast::<ExcObj>())
        .map_or(0, |e| e.traceback.borrow().len());
    Ok(Value::Int(i64::try_from(n).unwrap_or(i64::MAX)))
}

/// `contextlib._tb_truncate(exc, n)`: drops the traceback entries the
/// exception gained past its first `n`.
fn tb_truncate(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    if let (Some(e), Some(Value::Int(n))) = (
        args.pos.first().and_then(|v| v.downcast::<ExcObj>()),
        args.pos.get(1),
    ) {
        e.traceback
            .borrow_mut()
            .truncate(usize::try_from(*n).unwrap_or(0));
    }
    Ok(Value::None)
}
