//! C functions that compiled code calls itself: the JIT asks [`direct_c`]
//! what to call (`ml_meth`, its `self`, its convention), calls it from
//! machine code with the arguments it boxed through [`box_value`], and
//! hands the result to [`finish`], which applies the checks the
//! interpreter's call applies (`methodobject::check_result`, and the
//! warnings C queued). No `Args`, no flag decoding, no argument vector on
//! the call: the convention was decided when the code was compiled, from
//! the method entry, which never changes.

use crate::methodobject::{
    CFunction, Caller, DescrObj, Descriptor, METH_COEXIST, METH_FASTCALL, METH_KEYWORDS,
    METH_NOARGS, METH_O, METH_VARARGS, Method, check_result,
};
use crate::object::PyObject;
use crate::typed;
use interp::object::ObjRef;
use interp::{PyResult, Value};

/// The most arguments compiled code passes in one direct C call (its
/// argument array lives in the machine frame).
pub const MAX_DIRECT_ARGS: usize = 8;

/// A calling convention compiled code calls `ml_meth` in (CPython's
/// `METH_*` flags, with no keyword arguments at the call).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CConv {
    /// `METH_NOARGS`: `ml_meth(self, NULL)`.
    NoArgs,
    /// `METH_O`: `ml_meth(self, arg)`.
    O,
    /// `METH_FASTCALL`: `ml_meth(self, args, nargs)`.
    Fast,
    /// `METH_FASTCALL | METH_KEYWORDS`: `ml_meth(self, args, nargs, NULL)`.
    FastKw,
    /// `METH_VARARGS`: `ml_meth(self, args_tuple)`.
    VarArgs,
    /// `METH_VARARGS | METH_KEYWORDS`: `ml_meth(self, args_tuple, NULL)`.
    VarArgsKw,
}

impl CConv {
    /// How many pointer arguments `ml_meth` takes after `self` (the count
    /// is a `Py_ssize_t`, pointer-sized too).
    pub fn c_params(self) -> usize {
        match self {
            CConv::NoArgs | CConv::O | CConv::VarArgs => 1,
            CConv::Fast | CConv::VarArgsKw => 2,
            CConv::FastKw => 3,
        }
    }
}

/// What compiled code needs to call a C function itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DirectC {
    /// `ml_meth`, in the extension's code (loaded for good).
    pub meth: usize,
    /// What C receives as `self`: the module (or the bound instance),
    /// kept alive by the function object; NULL for none. Unused when
    /// `receiver` is set.
    pub self_ptr: usize,
    /// The convention `ml_meth` has.
    pub conv: CConv,
    /// For a method of a C type (a method descriptor): `self` is the
    /// call's first argument, which must be an instance of exactly the
    /// type at this address (compiled code checks, and leaves otherwise).
    pub receiver: Option<usize>,
}

/// Whether `o` is a C function object (`PyCFunction`: a module function,
/// or a method bound to its instance).
pub fn is_c_function(o: &ObjRef) -> bool {
    o.downcast::<CFunction>().is_some()
}

/// How compiled code calls the C function `callee` with `nargs`
/// positional arguments itself, if it can: a module function (or a method
/// bound to its instance), or a method descriptor of a C type (the first
/// argument is the receiver), whose convention takes that many arguments
/// without keywords. Methods that need their defining class
/// (`METH_METHOD`) and class or static methods go through the
/// interpreter's call.
pub fn direct_c(callee: &ObjRef, nargs: usize) -> Option<DirectC> {
    if nargs > MAX_DIRECT_ARGS {
        return None;
    }
    if let Some(f) = callee.downcast::<CFunction>() {
        let self_ptr = f.owner.as_ref().map_or(0, |o| o.as_ptr() as usize);
        return direct_method(&f.method, nargs, self_ptr, None);
    }
    let d = callee.downcast::<DescrObj>()?;
    let Descriptor::Method(m) = &d.what else {
        return None;
    };
    let owner = std::ptr::from_ref(d.owner()) as usize;
    direct_method(m, nargs.checked_sub(1)?, 0, Some(owner))
}

fn direct_method(
    m: &Method,
    nargs: usize,
    self_ptr: usize,
    receiver: Option<usize>,
) -> Option<DirectC> {
    let conv = match m.flags() & !(typed::METH_TYPED | METH_COEXIST) {
        METH_NOARGS if nargs == 0 => CConv::NoArgs,
        METH_O if nargs == 1 => CConv::O,
        METH_FASTCALL => CConv::Fast,
        x if x == METH_FASTCALL | METH_KEYWORDS => CConv::FastKw,
        METH_VARARGS => CConv::VarArgs,
        x if x == METH_VARARGS | METH_KEYWORDS => CConv::VarArgsKw,
        _ => return None,
    };
    // SAFETY: the entry lives in the loaded extension, which stays loaded.
    let meth = unsafe { (*m.def).ml_meth } as usize;
    if meth == 0 {
        return None;
    }
    Some(DirectC {
        meth,
        self_ptr,
        conv,
        receiver,
    })
}

/// The object C gets for `v`: its own object, the shared box of a small
/// int, or a new box.
pub fn boxed(v: &Value) -> ObjRef {
    match v {
        Value::Obj(o) => o.clone(),
        other => crate::object::boxed(other),
    }
}

/// A new reference to an object C can take for `v`: its own object, the
/// shared box of a small int, or a new box (see `object::boxed`). Compiled
/// code releases it with [`release_box`] after the call.
pub fn box_value(v: &Value) -> *mut PyObject {
    boxed(v).into_raw()
}

/// Releases a reference [`box_value`] made, keeping an int or float box
/// that C kept no reference to for the next call.
///
/// # Safety
/// `p` is a reference [`box_value`] returned, released once.
pub unsafe fn release_box(p: *mut PyObject) {
    // SAFETY: the contract above.
    if let Some(b) = unsafe { ObjRef::from_raw(p) } {
        crate::object::recycle_box(b);
    }
}

/// The argument tuple of a `METH_VARARGS` call of the `n` objects at
/// `args` (borrowed): a new reference, released with
/// [`release_args_tuple`].
///
/// # Safety
/// `args` points at `n` live objects.
pub unsafe fn args_tuple(args: *const *mut PyObject, n: usize) -> *mut PyObject {
    let n = n.min(MAX_DIRECT_ARGS);
    let none = interp::object::value::NONE.as_ptr();
    crate::tuple::args_tuple_with(n, |k| {
        // SAFETY: the contract above: each pointer is a live object, of
        // which the tuple takes a reference of its own (`None` is
        // immortal: no count to touch).
        unsafe {
            let p = *args.add(k);
            if p == none {
                return Value::None;
            }
            crate::object::borrow(p).map_or(Value::None, |o| o.value())
        }
    })
    .into_raw()
}

/// Releases a tuple [`args_tuple`] made (kept for the next call of its
/// length when nothing else holds it).
///
/// # Safety
/// `t` is a reference [`args_tuple`] returned, released once.
pub unsafe fn release_args_tuple(t: *mut PyObject) {
    // SAFETY: the contract above.
    if let Some(t) = unsafe { ObjRef::from_raw(t) } {
        crate::tuple::recycle_args_tuple(t);
    }
}

/// The result of a direct call of `callee` that returned `raw`: the
/// value, the exception C set, or CPython's `SystemError`s for a NULL
/// without an exception or a result with one, as the interpreter's call
/// gives them; warnings C queued travel with the result, as there.
///
/// # Safety
/// `raw` is NULL or a new reference, taken over here.
pub unsafe fn finish(callee: &ObjRef, raw: *mut PyObject) -> PyResult<Value> {
    let who = || {
        if let Some(f) = callee.downcast::<CFunction>() {
            return f.caller().who(&f.method.name);
        }
        match callee.downcast::<DescrObj>() {
            Some(d) => Caller::Descriptor { ty: d.owner() }.who(&d.name),
            None => "<built-in function>".to_owned(),
        }
    };
    let r = check_result(raw, &who);
    if interp::warnings::pending() {
        return interp::warnings::at_boundary(r);
    }
    r
}

/// Whether compiled code may remember a slot of `t` by `t`'s address: a
/// static type defined in C (a Python class deriving from one may define
/// `__len__`; a heap type could be freed and its address reused), whose
/// slots are fixed once it is ready and which lives as long as the
/// process.
fn fixed_c_type(t: &abi::TypeObject) -> bool {
    crate::typeobject::is_c_type(t) && t.tp_flags & abi::TPFLAGS_HEAPTYPE == 0
}

/// The length slot (`mp_length`, else `sq_length`, as `len()` picks it)
/// compiled code may call itself for instances of `obj`'s type (see
/// [`fixed_c_type`]): the address of a `Py_ssize_t (*)(PyObject *)`.
pub fn length_slot(obj: &ObjRef) -> Option<usize> {
    let t = obj.ty();
    if !fixed_c_type(t) {
        return None;
    }
    crate::typeobject::length_slot(t).map(|f| f as usize)
}

/// The slot `obj[i]` calls for instances of `obj`'s type (see
/// [`length_slot`] for which types): `mp_subscript`, a
/// `PyObject *(*)(PyObject *, PyObject *)` (`true`), or `sq_item`, a
/// `PyObject *(*)(PyObject *, Py_ssize_t)` (`false`).
pub fn item_slot(obj: &ObjRef) -> Option<(usize, bool)> {
    let t = obj.ty();
    if !fixed_c_type(t) {
        return None;
    }
    crate::typeobject::item_slot(t)
}

/// The exception of a C slot that returned its error value (a negative
/// length): the one C set, or CPython's `SystemError`.
pub fn slot_failed() -> interp::PyErr {
    crate::typeobject::slot_error()
}

/// The result of a C slot named `what` (`"__getitem__"`) that returned
/// `raw`, checked as the interpreter's call of the slot checks it.
///
/// # Safety
/// `raw` is NULL or a new reference, taken over here.
pub unsafe fn finish_slot(what: &str, raw: *mut PyObject) -> PyResult<Value> {
    check_result(raw, &|| what.to_owned())
}
