//! `typing`, importable so that annotated programs run: its names are
//! objects that can be subscripted (`List[int]`, `Dict[str, int]`,
//! `Optional[int]`) and print as CPython prints them; `TypeVar`, `cast`,
//! `overload` and `TYPE_CHECKING` work. Typhon does not check types.
//! Classes derive from `Generic[T]`, `Protocol` and the subscripted
//! aliases (`List[int]`: from `list`; `Iterable[int]`: from
//! `collections.abc.Iterable`) as PEP 560's `__mro_entries__` says, and
//! `class P(NamedTuple)` makes a `collections.namedtuple` class ([`SOURCE`],
//! Python run when the module is imported).

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

impl FormObj {
    /// Whether it is subscripted (`List[int]`, not `List`).
    pub fn is_subscripted(&self) -> bool {
        self.args.is_some()
    }
}

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

/// `Generic`, `Protocol` and `NamedTuple`: Python, run in the module's
/// dict. `class P(NamedTuple)` resolves to `_NamedTuple`, whose
/// `_typhon_make_class` `__build_class__` calls in place of making a class
/// (what CPython's `NamedTupleMeta` does).
const SOURCE: &str = r#"
_GenericAlias = type(list[int])


class Generic:
    __slots__ = ()

    def __class_getitem__(cls, params):
        return _GenericAlias(cls, params)


class Protocol(Generic):
    __slots__ = ()


_prohibited = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__",
                         "_fields", "_field_defaults", "_make", "_replace",
                         "_asdict", "_source"})
_special = frozenset({"__module__", "__name__", "__annotations__"})


def _make_nmtuple(name, fields, defaults, module):
    from collections import namedtuple
    nt = namedtuple(name, [n for n, t in fields], defaults=defaults, module=module)
    nt.__annotations__ = dict(fields)
    return nt


class _NamedTuple:
    def _typhon_make_class(name, ns):
        types = ns.get("__annotations__", {})
        default_names = []
        for field_name in types:
            if field_name in ns:
                default_names.append(field_name)
            elif default_names:
                raise TypeError(f"Non-default namedtuple field {field_name} "
                                f"cannot follow default field"
                                f"{'s' if len(default_names) > 1 else ''} "
                                f"{', '.join(default_names)}")
        nm_tpl = _make_nmtuple(name, types.items(),
                               [ns[n] for n in default_names], ns["__module__"])
        for key in ns:
            if key in _prohibited:
                raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
            elif key not in _special and key not in nm_tpl._fields:
                setattr(nm_tpl, key, ns[key])
        return nm_tpl


def NamedTuple(typename, fields=None, /, **kwargs):
    if fields is None:
        fields = kwargs.items()
    elif kwargs:
        raise TypeError("Either list of fields or keywords"
                        " can be provided to NamedTuple, not both")
    return _make_nmtuple(typename, list(fields), None, "__main__")


NamedTuple.__mro_entries__ = lambda bases: (_NamedTuple,)
"#;

/// The classes of `collections.abc` that `typing`'s aliases of them
/// resolve to as bases.
const ABC_ALIASES: &[(&str, &str)] = &[
    ("Iterable", "Iterable"),
    ("Iterator", "Iterator"),
    ("Generator", "Generator"),
    ("Sequence", "Sequence"),
    ("MutableSequence", "MutableSequence"),
    ("Mapping", "Mapping"),
    ("MutableMapping", "MutableMapping"),
    ("AbstractSet", "Set"),
    ("MutableSet", "MutableSet"),
    ("Collection", "Collection"),
    ("Container", "Container"),
    ("Hashable", "Hashable"),
    ("Sized", "Sized"),
    ("Reversible", "Reversible"),
    ("Callable", "Callable"),
    ("Awaitable", "Awaitable"),
    ("Coroutine", "Coroutine"),
    ("AsyncIterator", "AsyncIterator"),
    ("AsyncIterable", "AsyncIterable"),
];

/// What a `typing` alias used as a base class stands for (PEP 560's
/// `__mro_entries__`, as CPython's `typing` answers it): the class it
/// aliases, then `Generic` unless a base after it (`later`) is generic
/// already. `None` when it aliases nothing a class can derive from here.
pub fn mro_entries(vm: &mut Vm, f: &FormObj, later: &[Value]) -> Option<PyResult<Vec<Value>>> {
    let origin = match origin(vm, f)? {
        Ok(o) => o,
        Err(e) => return Some(Err(e)),
    };
    let generic = vm
        .imported("typing")
        .and_then(|m| {
            m.downcast::<crate::object::ModuleObj>()
                .map(|m| m.dict.clone())
        })
        .and_then(|d| d.downcast::<DictObj>()?.get_str("Generic"));
    let mut out = vec![origin];
    if let Some(g) = generic {
        let g_type = g.as_obj().and_then(|o| o.as_type());
        let generic_later = later.iter().any(|b| {
            b.downcast::<FormObj>().is_some()
                || b.downcast::<crate::object::Instance>().is_some()
                || b.as_obj()
                    .and_then(|o| o.as_type())
                    .zip(g_type)
                    .is_some_and(|(t, g)| crate::object::class::is_subclass(t, g))
        });
        if !generic_later {
            out.push(g);
        }
    }
    Some(Ok(out))
}

/// The class a `typing` alias stands for (`List` -> `list`, `Iterable` ->
/// `collections.abc.Iterable`), for bases and `isinstance`.
pub fn origin(vm: &mut Vm, f: &FormObj) -> Option<PyResult<Value>> {
    if f.typevar {
        return None;
    }
    let builtin = match f.name.as_str() {
        "List" => Some(&types::LIST),
        "Dict" => Some(&types::DICT),
        "Set" => Some(&types::SET),
        "FrozenSet" => Some(&types::FROZENSET),
        "Tuple" => Some(&types::TUPLE),
        _ => None,
    };
    if let Some(t) = builtin {
        return Some(Ok(Value::Obj(ObjRef::from_static(t))));
    }
    let (module, name) = match f.name.as_str() {
        "DefaultDict" => ("collections", "defaultdict"),
        "OrderedDict" => ("collections", "OrderedDict"),
        "Counter" => ("collections", "Counter"),
        "Deque" => ("collections", "deque"),
        "ChainMap" => ("collections", "ChainMap"),
        n => (
            "collections.abc",
            ABC_ALIASES.iter().find(|(a, _)| *a == n)?.1,
        ),
    };
    let m = vm.import_level(
        &Value::str(module),
        None,
        &Value::tuple(vec![Value::str("*")]),
        0,
    );
    Some(m.and_then(|m| vm.getattr(&m, name)))
}

/// Fills the module dict `globals`.
pub fn fill(vm: &mut Vm, globals: &ObjRef) -> PyResult<()> {
    let Some(d) = globals.downcast::<DictObj>() else {
        return Err(PyErr::runtime_error("typing has no module dict"));
    };
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
    let code = vm.compile(SOURCE, "<frozen typing>")?;
    vm.run_module_code(code, globals).map(drop)
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
