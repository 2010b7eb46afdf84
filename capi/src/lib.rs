//! Typhon's C API: a CPython-source-compatible `Python.h`
//! (`capi/include/`), typed methods (`METH_TYPED`), and the loader for
//! extension modules.
//!
//! The interpreter knows nothing about C; it reaches this crate through
//! the `interp::ext::CApi` trait, which [`install`] registers. One file per
//! API area, as in CPython: [`long`] (numbers), [`unicode`] (str, bytes),
//! [`tuple`], [`list`], [`dict`], [`errors`], [`module`], [`typeobject`],
//! [`methodobject`], [`protocols`] (the abstract object layer), [`mem`];
//! [`typed`] and [`trampoline`] implement typed methods; [`direct`] is
//! what compiled code needs to call a C function's `ml_meth` itself;
//! [`import`] loads libraries; [`api`] declares the table extensions call
//! through; and `csrc/` holds the C half (the functions with C variable
//! arguments).
//!
//! All of Typhon's `unsafe` code outside the JIT's code entry lives here
//! and in `abi`; every block says why it is sound.
//!
//! The C API functions themselves (`PyLong_FromLong` and the rest) are
//! crate-private `unsafe extern "C"` functions: only C code calls them,
//! through the table in [`api`], and their safety contract is CPython's
//! documented one (object pointers are live or NULL where the function
//! accepts NULL, "steals" and "borrowed" mean what they mean there, C
//! strings are NUL-terminated). Each function checks for NULL and for the
//! wrong object type and reports those as Python exceptions, as CPython
//! does; what cannot be checked (a dangling pointer) is the caller's bug.

// The C API's functions keep CPython's names.
#![allow(non_snake_case)]

mod api;
mod buffer;
mod bytesapi;
mod capsule;
mod dict;
pub mod direct;
mod errors;
mod heaptype;
mod import;
mod list;
mod long;
mod mem;
mod methodobject;
mod module;
mod object;
mod protocols;
pub mod rustfn;
mod setobject;
mod slice;
mod state;
mod strapi;
mod trampoline;
mod tuple;
mod typed;
mod typeobject;
mod unicode;

use interp::bytecode::{BinOp, CmpOp};
use interp::ext::{CApi, ExtCall};
use interp::object::types::Kind;
use interp::object::{Args, ObjRef};
use interp::{PyResult, Value, Vm};
use methodobject::{CFunction, DescrObj, Descriptor};
use std::path::Path;

/// The C API as the interpreter sees it.
struct Bridge;

static BRIDGE: Bridge = Bridge;

unsafe extern "C" {
    /// Gives the C half of the API (`csrc/`) the table it calls through.
    fn _typhon_impl_set_api(api: *const std::ffi::c_void);
}

/// Installs the C API into the interpreter (idempotent).
pub fn install() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: the C half stores the pointer to the immortal table.
        unsafe { _typhon_impl_set_api(&api::API.0 as *const api::Api as *const std::ffi::c_void) };
    });
    heaptype::install();
    abi::set_iternext(protocols::PyIter_Next);
    abi::set_descr_get(protocols::builtin_descr_get);
    interp::ext::install(&BRIDGE);
}

/// The directory holding Typhon's `Python.h`, for building extensions.
pub fn include_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/include"))
}

impl CApi for Bridge {
    fn load_module(&self, vm: &mut Vm, name: &str, path: &Path, spec: &Value) -> PyResult<Value> {
        import::load(vm, name, path, spec)
    }

    fn call(&self, vm: &mut Vm, callee: &ObjRef, args: Args<'_>) -> PyResult<Value> {
        typeobject::call(vm, callee, args)
    }

    fn call_shape(&self, vm: &Vm, callee: &ObjRef, nargs: usize) -> Option<ExtCall> {
        if let Some(f) = callee.downcast::<CFunction>() {
            return f.method.call_shape(vm, nargs);
        }
        match &callee.downcast::<DescrObj>()?.what {
            Descriptor::Method(m) => m.call_shape(vm, nargs.checked_sub(1)?),
            _ => None,
        }
    }

    #[inline]
    fn call_ext(
        &self,
        vm: &mut Vm,
        shape: ExtCall,
        callee: &ObjRef,
        args: &[Value],
    ) -> Option<PyResult<Value>> {
        // By kind, so that a method (the usual callee after LOAD_METHOD_EXT)
        // is not first tried as a function.
        let r = if callee.kind() == Kind::EXT_DESCRIPTOR {
            callee.downcast::<DescrObj>()?.call_form(vm, shape, args)
        } else {
            callee.downcast::<CFunction>()?.call_form(vm, shape, args)
        };
        // Only call instructions run these forms: warnings the C code
        // issued go back to the instruction with the result.
        if interp::warnings::pending() {
            return r.map(interp::warnings::at_boundary);
        }
        r
    }

    fn call_typed_long(&self, vm: &mut Vm, callee: &ObjRef, a: i64) -> Option<PyResult<i64>> {
        let r = callee
            .downcast::<CFunction>()?
            .method
            .typed
            .as_ref()?
            .call_long(vm, a)?;
        if interp::warnings::pending() {
            // With warnings queued the result only travels inside the
            // error that carries them (`at_boundary`).
            return Some(match interp::warnings::at_boundary(r.map(Value::Int)) {
                Ok(v) => Err(interp::warnings::carrying(v)),
                Err(e) => Err(e),
            });
        }
        Some(r)
    }

    fn load_method(&self, obj: &ObjRef, name: &ObjRef) -> Option<Value> {
        typeobject::load_method(obj, name)
    }

    fn getattr(&self, vm: &mut Vm, obj: &ObjRef, name: &str) -> PyResult<Option<Value>> {
        typeobject::getattr(vm, obj, name)
    }

    fn attribute_names(&self, obj: &ObjRef) -> Vec<String> {
        typeobject::attribute_names(obj)
    }

    fn setattr(
        &self,
        vm: &mut Vm,
        obj: &ObjRef,
        name: &str,
        value: Option<Value>,
    ) -> PyResult<bool> {
        typeobject::setattr(vm, obj, name, value)
    }

    fn repr(&self, vm: &mut Vm, obj: &ObjRef) -> PyResult<String> {
        typeobject::repr(vm, obj)
    }

    fn str(&self, vm: &mut Vm, obj: &ObjRef) -> PyResult<String> {
        typeobject::str(vm, obj)
    }

    fn len(&self, vm: &mut Vm, obj: &ObjRef) -> PyResult<Option<usize>> {
        typeobject::len(vm, obj)
    }

    fn truthy(&self, vm: &mut Vm, obj: &ObjRef) -> PyResult<Option<bool>> {
        typeobject::truthy(vm, obj)
    }

    fn getitem(&self, vm: &mut Vm, obj: &ObjRef, key: &Value) -> PyResult<Option<Value>> {
        typeobject::getitem(vm, obj, key)
    }

    fn setitem(
        &self,
        vm: &mut Vm,
        obj: &ObjRef,
        key: &Value,
        value: Option<Value>,
    ) -> PyResult<bool> {
        typeobject::setitem(vm, obj, key, value)
    }

    fn iter(&self, vm: &mut Vm, obj: &ObjRef) -> PyResult<Option<Value>> {
        typeobject::iter(vm, obj)
    }

    fn next(&self, vm: &mut Vm, obj: &ObjRef) -> PyResult<Option<Option<Value>>> {
        typeobject::next(vm, obj)
    }

    fn richcompare(&self, vm: &mut Vm, op: CmpOp, a: &Value, b: &Value) -> PyResult<Option<Value>> {
        typeobject::richcompare(vm, op, a, b)
    }

    fn binary_op(&self, vm: &mut Vm, op: BinOp, a: &Value, b: &Value) -> PyResult<Option<Value>> {
        typeobject::binary_op(vm, op, a, b)
    }

    fn power3(&self, vm: &mut Vm, a: &Value, b: &Value, m: &Value) -> PyResult<Option<Value>> {
        typeobject::power3(vm, a, b, m)
    }

    fn inplace_op(&self, vm: &mut Vm, op: BinOp, a: &Value, b: &Value) -> PyResult<Option<Value>> {
        typeobject::inplace_op(vm, op, a, b)
    }

    fn unary_op(&self, vm: &mut Vm, op: char, obj: &ObjRef) -> PyResult<Option<Value>> {
        typeobject::unary_op(vm, op, obj)
    }

    fn hash(&self, obj: &ObjRef) -> PyResult<Option<u64>> {
        typeobject::hash(obj)
    }

    fn hash_with_vm(&self, vm: &mut Vm, obj: &ObjRef) -> PyResult<Option<u64>> {
        state::with_vm(vm, || typeobject::hash_in(obj, true))
    }

    fn key_eq(&self, a: &Value, b: &Value) -> bool {
        typeobject::key_eq(a, b)
    }

    fn traverse(&self, obj: &ObjRef, visit: &mut dyn FnMut(&ObjRef)) {
        if let Some(f) = obj.downcast::<CFunction>()
            && let Some(o) = &f.owner
        {
            visit(o);
        } else if let Some(d) = obj.downcast::<DescrObj>()
            && let Some(o) = &d.owner_ref
        {
            visit(o);
        } else if let Some(t) = obj.as_type() {
            heaptype::traverse(t, visit);
        }
    }

    fn new_instance(&self, vm: &mut Vm, cls: &ObjRef, args: Args<'_>) -> PyResult<Value> {
        typeobject::new_instance(vm, cls, args)
    }

    fn init_instance(&self, vm: &mut Vm, obj: &ObjRef, args: Args<'_>) -> PyResult<()> {
        typeobject::init_instance(vm, obj, args)
    }

    fn descr_get(&self, vm: &mut Vm, descr: &ObjRef, obj: &Value) -> PyResult<Value> {
        typeobject::descr_get(vm, descr, obj)
    }

    fn slot_descr_get(
        &self,
        vm: &mut Vm,
        descr: &ObjRef,
        obj: Option<&Value>,
        owner: &ObjRef,
    ) -> PyResult<Option<Value>> {
        typeobject::slot_descr_get(vm, descr, obj, owner)
    }

    fn descr_set(
        &self,
        vm: &mut Vm,
        descr: &ObjRef,
        obj: &Value,
        value: Option<Value>,
    ) -> PyResult<()> {
        typeobject::descr_set(vm, descr, obj, value)
    }

    fn is_data_descr(&self, descr: &ObjRef) -> bool {
        typeobject::is_data_descr(descr)
    }

    fn has_slot(&self, t: &abi::TypeObject, name: &str) -> bool {
        typeobject::has_slot(t, name)
    }

    fn release_caches(&self) {
        typeobject::clear_method_cache();
        object::clear_small_ints();
        tuple::clear_spare_args();
        methodobject::clear_spare_kwargs();
    }

    fn clear(&self, _obj: &ObjRef) {
        // Nothing to do: C functions hold their owner immutably, and a
        // cycle through a module is broken when the collector clears the
        // module's dict. Descriptors hold only static data.
    }
}

// ----- what the JIT needs ------------------------------------------------------------

/// A declared C type of a typed method's signature (for the JIT).
pub use typed::CType;

/// The direct-call target of a typed module-level C function, for the
/// JIT.
pub struct TypedTarget {
    /// `underlying_func`.
    pub func: usize,
    /// The declared argument types (without a receiver).
    pub args: Vec<CType>,
    /// The declared result type.
    pub ret: CType,
    /// Whether the function can raise.
    pub may_raise: bool,
    /// The object passed first, for a registered Rust closure that
    /// captures state (its owner, which the function object keeps alive:
    /// a constant for as long as the callee is the same object).
    pub receiver: Option<usize>,
}

/// The direct-call target of a typed module-level C function or of a
/// registered Rust function, for the JIT. `None` for anything else
/// (untyped functions, methods of C types).
pub fn typed_target(vm: &Vm, callee: &ObjRef) -> Option<TypedTarget> {
    if !vm.config().typed_calls || callee.kind() != Kind::EXT_FUNCTION {
        return None;
    }
    let f = callee.downcast::<methodobject::CFunction>()?;
    let sig = f.method.typed.as_ref()?;
    if sig.ret == CType::Str {
        return None;
    }
    let receiver = match (&f.owner, sig.takes_self) {
        (_, false) => None,
        (Some(o), true) if !f.bound && rustfn::is_owner(o) => Some(o.as_ptr() as usize),
        _ => return None,
    };
    Some(TypedTarget {
        func: sig.func as usize,
        args: sig.args.clone(),
        ret: sig.ret,
        may_raise: sig.may_raise,
        receiver,
    })
}

/// The `SystemError` for a typed module function (see [`typed_target`])
/// that returned NULL without setting an exception, worded as the
/// interpreter's typed path words it.
pub fn typed_null_error(callee: &ObjRef) -> interp::PyErr {
    let name = callee
        .downcast::<methodobject::CFunction>()
        .map(|f| f.method.name.clone())
        .unwrap_or_default();
    methodobject::null_without_error(&format!("<built-in function {name}>"))
}

/// Where compiled code reads whether C code has set an exception: a word,
/// 0 while none is (see `state::error_word_ptr`).
pub fn error_word_ptr() -> *const usize {
    state::error_word_ptr()
}

/// Whether C code has set an exception (the JIT checks after a typed call
/// returned its error sentinel).
pub fn error_pending() -> bool {
    state::error_pending()
}

/// Takes the exception C code set, if any.
pub fn take_error() -> Option<interp::PyErr> {
    state::take_error()
}

/// Runs `f` (compiled code that may call C) with `vm` lent to C code.
pub fn with_vm<R>(vm: &mut Vm, f: impl FnOnce() -> R) -> R {
    state::with_vm(vm, f)
}

// ----- what the tests need (tests/), not API -----------------------------------------

#[doc(hidden)]
pub use api::{c_type, declare, render_table_header, render_wrappers_header};
#[doc(hidden)]
pub use heaptype::{HeapType, LAST_SLOT, Place, TpField, place};
#[doc(hidden)]
pub use trampoline::{ArgClass, RetClass, Shape, Stub, stub_for, verify_stubs};
#[doc(hidden)]
pub use typed::Native;
