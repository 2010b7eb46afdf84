//! `typing`, importable so that annotated programs run: its names are
//! objects that can be subscripted (`List[int]`, `Dict[str, int]`,
//! `Optional[int]`) and print as CPython prints them; `TypeVar`, `cast`,
//! `overload` and `TYPE_CHECKING` work. Typhon does not check types, and
//! classes cannot derive from `Generic`, `Protocol` or `NamedTuple`.

use crate::object::types::{self, Kind};
use crate::object::{Args, Builtin, DictObj, NativeFn, PyErr, PyResult, TupleObj, Value};
use crate::ops;
use crate::vm::Vm;
use abi::{ObjRef, StaticType};

/// A `typing` name, possibly subscripted (`List`, `List[int]`), or a
/// `TypeVar` (`~T`).
pub struct FormObj {
    /// `List`, `Optional`, … (or the TypeVar's name).
    name: String,
    /// The subscript, if any.
    args: Option<Vec<Value>>,
    /// A TypeVar: prints as `~name`.
    typevar: bool,
}

/// The type of `typing`'s objects.
pub static FORM: StaticType = StaticType::new::<FormObj>(
    &types::TYPE,
    c"typing._SpecialForm",
    Some(&types::OBJECT),
    Kind::TYPING,
    true,
);

const NAMES: &[&str] = &[
    "Any",
    "Union",
    "Optional",
    "List",
    "Dict",
    "Set",
    "FrozenSet",
    "Tuple",
    "Type",
    "Callable",
    "Iterable",
    "Iterator",
    "Generator",
    "Sequence",
    "MutableSequence",
    "Mapping",
    "MutableMapping",
    "AbstractSet",
    "MutableSet",
    "Collection",
    "Container",
    "Hashable",
    "Sized",
    "Reversible",
    "Awaitable",
    "Coroutine",
    "AsyncIterator",
    "AsyncIterable",
    "DefaultDict",
    "OrderedDict",
    "Counter",
    "Deque",
    "ChainMap",
    "ClassVar",
    "Final",
    "Literal",
    "Annotated",
    "NoReturn",
    "Never",
    "Self",
    "LiteralString",
    "TypeAlias",
    "TypeGuard",
    "Text",
    "AnyStr",
    "SupportsInt",
    "SupportsFloat",
    "SupportsAbs",
    "SupportsIndex",
    "IO",
    "TextIO",
    "BinaryIO",
    "Pattern",
    "Match",
];

fn form(name: &str, args: Option<Vec<Value>>, typevar: bool) -> Value {
    Value::Obj(ObjRef::new(
        FORM.get(),
        FormObj {
            name: name.to_owned(),
            args,
            typevar,
        },
    ))
}

/// Fills the module dict.
pub fn fill(d: &DictObj) {
    for n in NAMES {
        d.set_str(n, form(n, None, false));
    }
    let funcs: &[(&'static str, NativeFn)] = &[
        ("TypeVar", type_var),
        ("cast", cast),
        ("overload", identity),
        ("no_type_check", identity),
        ("final", identity),
        ("runtime_checkable", identity),
    ];
    for (name, f) in funcs {
        d.set_str(name, Value::Obj(Builtin::new_obj(name, *f, None)));
    }
    d.set_str("TYPE_CHECKING", Value::Bool(false));
}

/// `Form[args]`.
pub fn getitem(f: &FormObj, key: &Value) -> PyResult<Value> {
    if f.typevar || f.args.is_some() && f.name != "Callable" {
        // A TypeVar or an alias already subscripted takes no more.
        return Err(PyErr::type_error(format!(
            "'{}' object is not subscriptable",
            FORM.get().name()
        )));
    }
    let args = match key.downcast::<TupleObj>() {
        Some(t) => t.items.to_vec(),
        None => vec![key.clone()],
    };
    Ok(form(&f.name, Some(args), false))
}

/// How CPython's `typing` shows a type argument.
fn arg_repr(vm: &mut Vm, v: &Value) -> PyResult<String> {
    if let Value::Obj(o) = v {
        if let Some(t) = o.as_type() {
            let full = t.name();
            return Ok(full.to_owned());
        }
        if let Some(f) = o.downcast::<FormObj>() {
            return repr(vm, f);
        }
        if o.kind() == Kind::LIST {
            let items = ops::seq_items(v);
            let mut parts = Vec::with_capacity(items.len());
            for x in &items {
                parts.push(arg_repr(vm, x)?);
            }
            return Ok(format!("[{}]", parts.join(", ")));
        }
        if o.kind() == Kind::ELLIPSIS {
            return Ok("...".to_owned());
        }
    }
    if matches!(v, Value::None) {
        return Ok("None".to_owned());
    }
    ops::repr(vm, v)
}

/// `repr()` of a `typing` object.
pub fn repr(vm: &mut Vm, f: &FormObj) -> PyResult<String> {
    if f.typevar {
        return Ok(format!("~{}", f.name));
    }
    let Some(args) = &f.args else {
        return Ok(format!("typing.{}", f.name));
    };
    let mut parts = Vec::with_capacity(args.len());
    for a in args {
        parts.push(arg_repr(vm, a)?);
    }
    // `Optional[X]` is how CPython shows `Union[X, None]` too.
    Ok(format!("typing.{}[{}]", f.name, parts.join(", ")))
}

fn type_var(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let Some(name) = args.pos.first().and_then(|n| n.as_str()) else {
        return Err(PyErr::type_error("TypeVar() needs a name (a str)"));
    };
    Ok(form(name, None, true))
}

fn cast(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("cast")?;
    match args.pos {
        [_, v] => Ok(v.clone()),
        _ => Err(PyErr::type_error(format!(
            "cast() missing {} required positional argument{}",
            2 - args.pos.len().min(2),
            if args.pos.len() == 1 { "" } else { "s" }
        ))),
    }
}

fn identity(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    match args.pos {
        [f] => Ok(f.clone()),
        _ => Err(PyErr::type_error("expected one argument")),
    }
}
