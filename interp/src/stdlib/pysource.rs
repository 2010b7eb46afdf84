//! The standard modules written in Python (`contextlib`, `warnings`,
//! `textwrap`, `abc`, `collections.abc`, `fractions`, `enum`, `statistics`, and `struct` over the native `_struct`): their source is
//! part of the binary (`stdlib/py/`) and runs in the module's dict when
//! the module is first imported, as the source of `__future__` does. The
//! few things Python code cannot do here (see the frames up the stack,
//! put a traceback back) are native helpers put in the module's dict
//! first, under private names. Tracebacks through these modules name
//! `<frozen NAME>` files, with no source lines.

use crate::object::{Args, Builtin, DictObj, ExcObj, NativeFn, ObjRef, PyResult, Value};
use crate::vm::Vm;

/// The modules: name and source.
const MODULES: &[(&str, &str)] = &[
    ("contextlib", include_str!("py/contextlib.py")),
    ("warnings", include_str!("py/warnings.py")),
    ("struct", include_str!("py/struct.py")),
    ("textwrap", include_str!("py/textwrap.py")),
    ("abc", include_str!("py/abc.py")),
    ("collections.abc", include_str!("py/collections_abc.py")),
    ("fractions", include_str!("py/fractions.py")),
    ("enum", include_str!("py/enum.py")),
    ("statistics", include_str!("py/statistics.py")),
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

/// The native helpers each module's source finds in its dict first, under
/// private names: what Python code cannot do here.
fn helpers(name: &str) -> &'static [(&'static str, NativeFn)] {
    match name {
        // The frames up the stack (`sys._getframe`) and a file's lines
        // (`linecache`).
        "warnings" => &[
            ("_caller", crate::introspect::b_caller),
            ("_getline", crate::warnings::b_getline),
        ],
        // CPython's `contextmanager` puts an exception's `__traceback__`
        // back after throwing it into the generator; these do that.
        "contextlib" => &[("_tb_len", tb_len), ("_tb_truncate", tb_truncate)],
        // What a metaclass would do: `_hook` names the class whose
        // functions ABCs get, `_mark` sets a class's `abc` bits.
        "abc" => &[
            ("_hook", crate::classes::abc_hook),
            ("_mark", crate::classes::abc_mark),
        ],
        // `EnumType` stands in for the metaclass (`ClassData::meta`).
        "enum" => &[("_set_meta", crate::classes::set_meta)],
        "collections.abc" => &[("_has", has_method)],
        _ => &[],
    }
}

/// Compiles and runs `source` as module `name`.
fn run(vm: &mut Vm, name: &str, source: &str, globals: &ObjRef) -> PyResult<()> {
    if let Some(d) = globals.downcast::<DictObj>() {
        for (n, f) in helpers(name) {
            d.set_str(n, Value::Obj(Builtin::new_obj(n, *f, None)));
        }
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

/// `_has(C, name)` of `collections.abc`: whether a class in `C`'s MRO
/// defines `name`, as `name in B.__dict__` along the MRO reads: `True`,
/// `None` when the first definition is `None` (`__hash__` of an
/// unhashable type), `False` when none does. A built-in type defines what
/// CPython 3.11's `dir()` of it lists (its special methods are Typhon's
/// operators) or, for a type that list does not cover, what an attribute
/// lookup on it finds.
fn has_method(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let [Value::Obj(c), name] = args.pos else {
        return Err(crate::object::PyErr::type_error(
            "_has() takes a class and a name",
        ));
    };
    let Some(name) = name.as_str() else {
        return Err(crate::object::PyErr::type_error(
            "_has() takes a class and a name",
        ));
    };
    if c.as_type().is_none() {
        return Ok(Value::Bool(false));
    }
    if name == "__hash__" && crate::ops::hash_is_none(c) {
        return Ok(Value::None);
    }
    for b in crate::object::class::mro_of(c) {
        if let Some(cd) = crate::object::class::class_data(&b) {
            if let Some(v) = cd.dict().and_then(|d| d.get_str(name)) {
                return Ok(if matches!(v, Value::None) {
                    Value::None
                } else {
                    Value::Bool(true)
                });
            }
            continue;
        }
        let Some(t) = b.as_type() else { continue };
        let listed = crate::traceback::names::DIRS
            .iter()
            .find(|(n, _)| *n == t.name())
            .map(|(_, names)| names.contains(&name))
            .or_else(|| {
                VIEWS
                    .iter()
                    .find(|(n, _)| *n == t.name())
                    .map(|(_, names)| names.contains(&name))
            });
        let found = match listed {
            Some(listed) => listed,
            None => vm.getattr(&Value::Obj(b.clone()), name).is_ok(),
        };
        if found {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

/// The container methods of the dict views in CPython 3.11 (`dir()` of
/// them, as far as the ABCs ask), which the `DIRS` table leaves out;
/// `type` has `__call__`.
const VIEWS: &[(&str, &[&str])] = &[
    (
        "dict_keys",
        &["__contains__", "__iter__", "__len__", "__reversed__"],
    ),
    (
        "dict_items",
        &["__contains__", "__iter__", "__len__", "__reversed__"],
    ),
    ("dict_values", &["__iter__", "__len__", "__reversed__"]),
    ("type", &["__call__"]),
];
