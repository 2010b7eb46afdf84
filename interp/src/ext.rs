//! The interface between the interpreter and the C API.
//!
//! The interpreter knows nothing about C: objects that come from C
//! extensions (their functions, types and instances) are ordinary heap
//! objects whose kind is [`Kind::FOREIGN`], [`Kind::EXT_FUNCTION`] or
//! [`Kind::EXT_DESCRIPTOR`], and every operation on one is handed to the
//! [`CApi`] installed with [`install`]. The `capi` crate implements it; the
//! `typhon` crate installs it. Without one, importing a shared library
//! fails with `ImportError`, and foreign objects cannot exist.
//!
//! Methods that return `Ok(None)` mean "this object does not support the
//! operation"; the interpreter then raises CPython's usual `TypeError` or
//! `AttributeError`.

use crate::bytecode::{BinOp, CmpOp};
use crate::object::types::Kind;
use crate::object::{Args, ObjRef, PyResult, Value};
use crate::vm::Vm;
use std::path::Path;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

/// How a call site calls a C function once quickened (see
/// `crate::quicken`): the C API picks the form for a callee
/// ([`CApi::call_shape`]) and later runs it ([`CApi::call_ext`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtCall {
    /// `METH_NOARGS`: `ml_meth(self, NULL)`.
    NoArgs,
    /// `METH_O`: `ml_meth(self, arg)`.
    O,
    /// `METH_FASTCALL`: `ml_meth(self, args, nargs)`, no argument tuple.
    Fast,
    /// `METH_VARARGS` (with or without `METH_KEYWORDS`), called with
    /// positional arguments only: `ml_meth(self, args_tuple[, NULL])`, the
    /// tuple made straight from the caller's stack.
    VarArgs,
    /// Typed metadata: the arguments are checked and unboxed by the
    /// runtime, and `underlying_func` is called directly.
    Typed,
}

/// What the interpreter asks of the C API. Every method that runs C code
/// and receives `vm` lends it to that code (C may call back into Python);
/// methods without `vm` run C code with no interpreter attached, and C
/// calling back into Python from there gets a `SystemError`.
pub trait CApi: Sync {
    /// Loads the extension module `name` (a full dotted name for a module
    /// in a package) from the shared library at `path`, calling its
    /// `PyInit_<last component>`; `spec` is the module spec a
    /// multi-phase definition's create slot receives.
    fn load_module(&self, vm: &mut Vm, name: &str, path: &Path, spec: &Value) -> PyResult<Value>;

    /// Calls a foreign callable: a C function or method, a C-defined type,
    /// or an instance whose type has `tp_call`.
    fn call(&self, vm: &mut Vm, callee: &ObjRef, args: Args<'_>) -> PyResult<Value>;

    /// The quickened form for calling `callee` (a C function, or a method
    /// descriptor called with its receiver first) with `nargs` positional
    /// arguments; `None` if only the generic call fits.
    fn call_shape(&self, vm: &Vm, callee: &ObjRef, nargs: usize) -> Option<ExtCall>;

    /// Calls `callee` with `args` in form `shape`, or returns `None`
    /// without calling anything when the callee or (for
    /// [`ExtCall::Typed`]) an argument does not fit the form: the
    /// interpreter then makes the generic call.
    fn call_ext(
        &self,
        vm: &mut Vm,
        shape: ExtCall,
        callee: &ObjRef,
        args: &[Value],
    ) -> Option<PyResult<Value>>;

    /// [`CApi::call_ext`] of the commonest typed signature, a C function
    /// taking and returning one C `long`, with the int `a`: nothing is
    /// boxed either way. `None`, with nothing called, when `callee` is not
    /// such a function.
    fn call_typed_long(&self, vm: &mut Vm, callee: &ObjRef, a: i64) -> Option<PyResult<i64>>;

    /// For LOAD_METHOD on an instance of a C type: the method descriptor
    /// `name` (a `str` object from the code's names) of its type, to be
    /// called with the instance as its first argument; `None` unless
    /// `name` is a plain method.
    fn load_method(&self, obj: &ObjRef, name: &ObjRef) -> Option<Value>;

    /// `obj.name` on a foreign object or C-defined type.
    fn getattr(&self, vm: &mut Vm, obj: &ObjRef, name: &str) -> PyResult<Option<Value>>;

    /// The names `obj.name` could find on a foreign object or C-defined
    /// type, as far as the C API knows them (for the "Did you mean"
    /// suggestion of an `AttributeError`); none by default.
    fn attribute_names(&self, _obj: &ObjRef) -> Vec<String> {
        Vec::new()
    }

    /// `obj.name = value` (`None`: `del obj.name`). `Ok(false)`: no such
    /// writable attribute.
    fn setattr(
        &self,
        vm: &mut Vm,
        obj: &ObjRef,
        name: &str,
        value: Option<Value>,
    ) -> PyResult<bool>;

    /// `repr(obj)`.
    fn repr(&self, vm: &mut Vm, obj: &ObjRef) -> PyResult<String>;

    /// `str(obj)`.
    fn str(&self, vm: &mut Vm, obj: &ObjRef) -> PyResult<String>;

    /// `len(obj)`.
    fn len(&self, vm: &mut Vm, obj: &ObjRef) -> PyResult<Option<usize>>;

    /// `bool(obj)` (`None`: no `__bool__`/`__len__`, so the object is true).
    fn truthy(&self, vm: &mut Vm, obj: &ObjRef) -> PyResult<Option<bool>>;

    /// `obj[key]`.
    fn getitem(&self, vm: &mut Vm, obj: &ObjRef, key: &Value) -> PyResult<Option<Value>>;

    /// `obj[key] = value` (`None`: `del obj[key]`).
    fn setitem(
        &self,
        vm: &mut Vm,
        obj: &ObjRef,
        key: &Value,
        value: Option<Value>,
    ) -> PyResult<bool>;

    /// `iter(obj)`.
    fn iter(&self, vm: &mut Vm, obj: &ObjRef) -> PyResult<Option<Value>>;

    /// `next(obj)`: `Ok(Some(None))` when exhausted, `Ok(None)` when `obj`
    /// is not an iterator.
    fn next(&self, vm: &mut Vm, obj: &ObjRef) -> PyResult<Option<Option<Value>>>;

    /// `a <op> b` where at least one side is foreign (`None`:
    /// NotImplemented from both sides).
    fn richcompare(&self, vm: &mut Vm, op: CmpOp, a: &Value, b: &Value) -> PyResult<Option<Value>>;

    /// `a <op> b` where at least one side is foreign (`None`:
    /// NotImplemented from both sides).
    fn binary_op(&self, vm: &mut Vm, op: BinOp, a: &Value, b: &Value) -> PyResult<Option<Value>>;

    /// `-obj`, `+obj`, `~obj`, `abs(obj)`, `int(obj)`, `float(obj)` or
    /// `operator.index(obj)` (`op` '-', '+', '~', 'a', 'i', 'f' or 'x')
    /// through the C type's number slot (`None`: it has none).
    fn unary_op(&self, vm: &mut Vm, op: char, obj: &ObjRef) -> PyResult<Option<Value>>;

    /// `pow(a, b, m)` through the C types' `nb_power` (`None`: none has
    /// one, or each returned NotImplemented).
    fn power3(&self, vm: &mut Vm, a: &Value, b: &Value, m: &Value) -> PyResult<Option<Value>>;

    /// `a <op>= b` through `a`'s in-place number slot (`None`: it has
    /// none, or it returned NotImplemented).
    fn inplace_op(&self, vm: &mut Vm, op: BinOp, a: &Value, b: &Value) -> PyResult<Option<Value>>;

    /// `hash(obj)` (`None`: unhashable). Runs without an interpreter.
    fn hash(&self, obj: &ObjRef) -> PyResult<Option<u64>>;

    /// [`CApi::hash`] with the interpreter lent to the C code, which may
    /// call back into Python (`hash()`, and the C API's `PyObject_Hash`
    /// of a C object whose `tp_hash` hashes a Python object).
    fn hash_with_vm(&self, vm: &mut Vm, obj: &ObjRef) -> PyResult<Option<u64>>;

    /// `a == b` for dict keys when either is foreign. Runs without an
    /// interpreter; an exception from the comparison counts as unequal.
    fn key_eq(&self, a: &Value, b: &Value) -> bool;

    /// Visits the heap objects a foreign-kind object references, for the
    /// cycle collector.
    fn traverse(&self, obj: &ObjRef, visit: &mut dyn FnMut(&ObjRef));

    /// Drops the references a foreign-kind object holds (the collector
    /// calls this on garbage to break cycles).
    fn clear(&self, obj: &ObjRef);

    /// `cls(*args, **kw)`'s first half for a Python class deriving from a
    /// C type: the instance its `tp_new` (the C base's) makes.
    fn new_instance(&self, vm: &mut Vm, cls: &ObjRef, args: Args<'_>) -> PyResult<Value>;

    /// The C base's `tp_init` on `obj`, an instance of a Python class
    /// deriving from a C type (the nearest C type along its `tp_base`
    /// chain): what `super().__init__(...)` and `Base.__init__(obj, ...)`
    /// reach. (`cls(...)` without a Python `__init__` is [`CApi::call`]
    /// on the class: `tp_new` and `tp_init` with one argument tuple.)
    fn init_instance(&self, vm: &mut Vm, obj: &ObjRef, args: Args<'_>) -> PyResult<()>;

    /// `descr.__get__(obj)` for a descriptor of a C type (method, member,
    /// get-set) found on the MRO of `obj`'s class.
    fn descr_get(&self, vm: &mut Vm, descr: &ObjRef, obj: &Value) -> PyResult<Value>;

    /// An instance of a C type with `tp_descr_get` found in a Python
    /// class's namespace: `tp_descr_get(descr, obj, owner)` (`obj` None:
    /// found through the class itself). `None` when its type has no
    /// `tp_descr_get` (the object is the attribute's value).
    fn slot_descr_get(
        &self,
        vm: &mut Vm,
        descr: &ObjRef,
        obj: Option<&Value>,
        owner: &ObjRef,
    ) -> PyResult<Option<Value>>;

    /// `descr.__set__(obj, value)` (`None`: `__delete__`) for a member or
    /// get-set descriptor of a C type.
    fn descr_set(
        &self,
        vm: &mut Vm,
        descr: &ObjRef,
        obj: &Value,
        value: Option<Value>,
    ) -> PyResult<()>;

    /// Whether `descr` is a data descriptor of a C type (a member or a
    /// get-set, which win over an instance's `__dict__`).
    fn is_data_descr(&self, descr: &ObjRef) -> bool;

    /// Whether the C type `t` fills the slot behind the special method
    /// `name` (`__init__`: `tp_init`, `__len__`: a length slot, ...): CPython
    /// then has a slot wrapper `name` in its dict.
    fn has_slot(&self, t: &abi::TypeObject, name: &str) -> bool;

    /// Drops the references the C API's caches hold to interpreter objects
    /// (an interpreter is shutting down; the caches refill on demand).
    fn release_caches(&self);
}

static CAPI: OnceLock<&'static dyn CApi> = OnceLock::new();

/// Installs the C API. The first installation wins; the C API is the same
/// for every interpreter in the process.
pub fn install(capi: &'static dyn CApi) {
    let _ = CAPI.set(capi);
}

/// The installed C API, if any.
#[inline]
pub fn capi() -> Option<&'static dyn CApi> {
    CAPI.get().copied()
}

/// Whether operations on `o` are the C API's business: instances of
/// C-defined types, C functions and descriptors, and C-defined types
/// themselves.
#[inline]
pub fn is_foreign(o: &ObjRef) -> bool {
    match o.kind() {
        Kind::FOREIGN | Kind::EXT_FUNCTION | Kind::EXT_DESCRIPTOR | Kind::EXT_SUBCLASS => {
            capi().is_some()
        }
        Kind::TYPE => is_foreign_type(o),
        _ => false,
    }
}

/// Whether `o` is a type object defined by C code.
#[inline]
pub fn is_foreign_type(o: &ObjRef) -> bool {
    o.as_type().is_some_and(|t| t.kind() == Kind::FOREIGN) && capi().is_some()
}

/// The C API and the object, when `v` is a foreign object.
#[inline]
pub fn foreign(v: &Value) -> Option<(&'static dyn CApi, &ObjRef)> {
    match v {
        Value::Obj(o) if is_foreign(o) => capi().map(|c| (c, o)),
        _ => None,
    }
}

// ----- methods of C types, for LOAD_METHOD_EXT -----------------------------------------

/// Bumped whenever C code reports a change to a type's dict
/// (`PyType_Modified`): every [`ExtMethod`] remembered before then is stale.
static TYPES_EPOCH: AtomicU32 = AtomicU32::new(0);

/// Tells the interpreter that C code changed a type's dict behind its back:
/// the methods it remembered for LOAD_METHOD_EXT may be wrong now. Called
/// by the C API's `PyType_Modified`.
pub fn types_modified() {
    TYPES_EPOCH.fetch_add(1, Ordering::Relaxed);
}

#[inline(always)]
fn types_epoch() -> u32 {
    TYPES_EPOCH.load(Ordering::Relaxed)
}

/// A method of a C type that a LOAD_METHOD_EXT site found: `obj.name` for
/// instances of the type at address `ty` (C types are static, so the
/// address names the type for good) is `method`, unless a type changed
/// since (`epoch`). The site's cache holds the index of the entry in
/// `Vm::ext_methods`, which owns the method.
pub(crate) struct ExtMethod {
    ty: usize,
    epoch: u32,
    method: Value,
}

/// The most remembered methods per interpreter; past it, sites stay generic.
const EXT_METHODS_MAX: usize = 4096;

fn type_addr(o: &ObjRef) -> usize {
    std::ptr::from_ref(o.ty()) as usize
}

/// The method entry `ix` of `table` holds for `obj`: `Ok` with the method,
/// or the reason it does not apply.
#[inline(always)]
pub(crate) fn cached_method<'t>(
    table: &'t [ExtMethod],
    obj: &Value,
    ix: u32,
) -> Result<&'t Value, crate::quicken::DeoptReason> {
    use crate::quicken::DeoptReason;
    match (table.get(ix as usize), obj) {
        (Some(e), Value::Obj(o)) if e.ty == type_addr(o) => {
            if e.epoch == types_epoch() {
                Ok(&e.method)
            } else {
                Err(DeoptReason::TypeModified)
            }
        }
        _ => Err(DeoptReason::WrongType),
    }
}

/// The type address and method of entry `ix`, if no type changed since
/// it was made.
pub(crate) fn current_method(table: &[ExtMethod], ix: u32) -> Option<(usize, ObjRef)> {
    let e = table.get(ix as usize)?;
    match &e.method {
        Value::Obj(m) if e.epoch == types_epoch() => Some((e.ty, m.clone())),
        _ => None,
    }
}

/// The epoch of C types' dicts (see [`types_modified`]) and where it is
/// kept, for compiled code that embeds a method of a C type: it compares
/// the word at that address with the epoch it was compiled at.
pub fn types_epoch_now() -> (u32, *const u32) {
    (types_epoch(), TYPES_EPOCH.as_ptr().cast_const())
}

/// Remembers that `obj.name` is `method` for every instance of `obj`'s
/// type (an entry that says so already is reused); the entry's index, or
/// `None` when the table is full.
pub(crate) fn remember_method(
    table: &mut Vec<ExtMethod>,
    obj: &ObjRef,
    method: Value,
) -> Option<u32> {
    let ty = type_addr(obj);
    let epoch = types_epoch();
    let same = |e: &ExtMethod| e.ty == ty && e.method.is(&method);
    let ix = match table.iter().position(same) {
        Some(ix) => {
            table[ix].epoch = epoch;
            ix
        }
        None if table.len() < EXT_METHODS_MAX => {
            table.push(ExtMethod { ty, epoch, method });
            table.len() - 1
        }
        None => return None,
    };
    u32::try_from(ix).ok()
}
