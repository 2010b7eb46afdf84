//! `types.GenericAlias` (`list[int]`) and `types.UnionType` (`int | None`),
//! enough for annotations to evaluate as in CPython 3.11: they print as
//! CPython prints them, compare, hash, have `__origin__`/`__args__`, and a
//! generic alias calls its origin. They are small Python classes, made on
//! first use; the `types` module itself does not exist.

use crate::object::{DictObj, ObjRef, PyErr, PyResult, Value};
use crate::vm::Vm;

/// The classes' source.
const SOURCE: &str = r#"
def _type_repr(obj):
    if isinstance(obj, type) and not isinstance(obj, GenericAlias):
        if obj.__module__ == "builtins":
            return obj.__qualname__
        return obj.__module__ + "." + obj.__qualname__
    if obj is ...:
        return "..."
    return repr(obj)


def _unionable(obj):
    return obj is None or isinstance(obj, (type, GenericAlias, UnionType))


def _union(a, b):
    if not (_unionable(a) and _unionable(b)):
        return NotImplemented
    args = []
    for x in (a, b):
        for y in (x.__args__ if isinstance(x, UnionType) else (x,)):
            if y is None:
                y = type(None)
            if y not in args:
                args.append(y)
    if len(args) == 1:
        return args[0]
    u = UnionType.__new__(UnionType)
    u.__args__ = tuple(args)
    return u


class GenericAlias:
    def __init__(self, origin, args):
        if not isinstance(args, tuple):
            args = (args,)
        self.__origin__ = origin
        self.__args__ = args

    def __repr__(self):
        if self.__args__:
            inner = ", ".join([_type_repr(a) for a in self.__args__])
        else:
            inner = "()"
        return _type_repr(self.__origin__) + "[" + inner + "]"

    def __eq__(self, other):
        if not isinstance(other, GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __mro_entries__(self, bases):
        # `class C(list[int])` derives from `list` (PEP 560); a second
        # `Generic[...]` after a generic class is left out.
        origin = self.__origin__
        if origin.__name__ == "Generic" and origin.__module__ == "typing":
            i = bases.index(self)
            for b in bases[i + 1:]:
                if b is not self and isinstance(b, type) and issubclass(b, origin):
                    return ()
        return (origin,)

    def __hash__(self):
        return hash(self.__origin__) ^ hash(self.__args__)

    def __call__(self, *args, **kwargs):
        return self.__origin__(*args, **kwargs)

    def __or__(self, other):
        return _union(self, other)

    def __ror__(self, other):
        return _union(other, self)


class UnionType:
    def __repr__(self):
        return " | ".join(["None" if a is type(None) else _type_repr(a) for a in self.__args__])

    def __eq__(self, other):
        if not isinstance(other, UnionType):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __or__(self, other):
        return _union(self, other)

    def __ror__(self, other):
        return _union(other, self)
"#;

/// The function or class `name` of the source above, which is run the
/// first time one is needed.
fn helper(vm: &mut Vm, name: &str) -> PyResult<Value> {
    let globals = match vm.generic_types.clone() {
        Some(g) => g,
        None => {
            let g = vm.new_module_dict("types", None);
            let code = vm.compile(SOURCE, "<typhon types>")?;
            vm.run_module_code(code, &g)?;
            vm.generic_types = Some(g.clone());
            g
        }
    };
    globals
        .downcast::<DictObj>()
        .and_then(|d| d.get_str(name))
        .ok_or_else(|| PyErr::runtime_error("types helpers are missing"))
}

/// `origin[args]` for a built-in type that is generic (`list[int]`).
pub fn alias(vm: &mut Vm, origin: &ObjRef, args: &Value) -> PyResult<Value> {
    let cls = helper(vm, "GenericAlias")?;
    vm.call(&cls, &[Value::Obj(origin.clone()), args.clone()])
}

/// `a | b` where one operand is a type: a `types.UnionType`, or
/// `NotImplemented` when an operand cannot be in a union.
pub fn union(vm: &mut Vm, a: &Value, b: &Value) -> PyResult<Value> {
    let f = helper(vm, "_union")?;
    vm.call(&f, &[a.clone(), b.clone()])
}
