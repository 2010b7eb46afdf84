//! C functions and methods (`builtin_function_or_method`), the descriptors
//! of C types (`method_descriptor`, `member_descriptor`,
//! `getset_descriptor`), and calling them with every calling convention.

use crate::object::{Py_ssize_t, PyObject, PyTypeObject, new_ref, take_new};
use crate::state;
use crate::typed::{self, Fast, TypedSig};
use abi::{StaticObject, StaticType};
use interp::ext::ExtCall;
use interp::object::types::{self, Kind};
use interp::object::value::{FALSE, NONE, TRUE};
use interp::object::{Args, ObjRef};
use interp::{PyErr, PyResult, Value, Vm};
use std::ffi::{CStr, c_char, c_int, c_void};

/// `METH_VARARGS`.
pub const METH_VARARGS: c_int = 0x0001;
/// `METH_KEYWORDS`.
pub const METH_KEYWORDS: c_int = 0x0002;
/// `METH_NOARGS`.
pub const METH_NOARGS: c_int = 0x0004;
/// `METH_O`.
pub const METH_O: c_int = 0x0008;
/// `METH_CLASS`.
pub const METH_CLASS: c_int = 0x0010;
/// `METH_STATIC`.
pub const METH_STATIC: c_int = 0x0020;
/// `METH_COEXIST`.
pub const METH_COEXIST: c_int = 0x0040;
/// `METH_FASTCALL`.
pub const METH_FASTCALL: c_int = 0x0080;
/// `METH_METHOD`: the function also receives the class that defines it
/// (`PyCMethod`, with `METH_FASTCALL | METH_KEYWORDS` only).
pub const METH_METHOD: c_int = 0x0200;

/// C's `PyMethodDef`.
#[repr(C)]
pub struct PyMethodDef {
    /// The name.
    pub ml_name: *const c_char,
    /// The C function (its real type depends on the flags).
    pub ml_meth: *const c_void,
    /// `METH_*` flags.
    pub ml_flags: c_int,
    /// The docstring.
    pub ml_doc: *const c_char,
}

type NoArgsFn = unsafe extern "C" fn(*mut PyObject, *mut PyObject) -> *mut PyObject;
type KwFn = unsafe extern "C" fn(*mut PyObject, *mut PyObject, *mut PyObject) -> *mut PyObject;
type FastFn =
    unsafe extern "C" fn(*mut PyObject, *const *mut PyObject, Py_ssize_t) -> *mut PyObject;
type FastKwFn = unsafe extern "C" fn(
    *mut PyObject,
    *const *mut PyObject,
    Py_ssize_t,
    *mut PyObject,
) -> *mut PyObject;
/// `PyCMethod`: receiver, defining class, arguments, count, keyword names.
type CMethodFn = unsafe extern "C" fn(
    *mut PyObject,
    *mut PyTypeObject,
    *const *mut PyObject,
    usize,
    *mut PyObject,
) -> *mut PyObject;

/// How a C function was reached, for naming it in error messages (only
/// formatted when a message needs it, so calls allocate nothing for it).
#[derive(Clone, Copy)]
pub enum Caller<'a> {
    /// A module function (`module.name()`, `<built-in function name>`).
    Function {
        /// The module's name, if known.
        module: Option<&'a str>,
    },
    /// A method bound to `recv`, an instance of `ty`.
    Bound {
        /// The receiver's type.
        ty: &'a abi::TypeObject,
        /// The receiver.
        recv: *mut PyObject,
    },
    /// A method called through its descriptor (`Type.name(obj, ...)`).
    Descriptor {
        /// The type that defines it.
        ty: &'a abi::TypeObject,
    },
}

impl Caller<'_> {
    /// The name in arity and keyword errors: `module.f`, `Type.f`.
    pub fn shown(&self, name: &str) -> String {
        match self {
            Caller::Function { module: Some(m) } => format!("{m}.{name}"),
            Caller::Function { module: None } => name.to_owned(),
            Caller::Bound { ty, .. } | Caller::Descriptor { ty } => {
                format!("{}.{name}", crate::typeobject::short_name(ty))
            }
        }
    }

    /// The repr CPython uses in "returned NULL" messages.
    pub fn who(&self, name: &str) -> String {
        match self {
            Caller::Function { .. } => format!("<built-in function {name}>"),
            Caller::Bound { ty, recv } => format!(
                "<built-in method {name} of {} object at {:#x}>",
                ty.name(),
                *recv as usize
            ),
            Caller::Descriptor { ty } => format!("<method '{name}' of '{}' objects>", ty.name()),
        }
    }
}

/// A method table entry made ready to call: the entry, its name, and its
/// typed signature if it has one.
pub struct Method {
    /// The entry, in the extension's static data (never freed: extension
    /// libraries stay loaded).
    pub def: *const PyMethodDef,
    /// `ml_name`.
    pub name: String,
    /// The validated typed signature, if the entry is `METH_TYPED`.
    pub typed: Option<TypedSig>,
    /// The type whose `tp_methods` holds the entry (NULL for a module
    /// function): what a `METH_METHOD` function gets as `defining_class`.
    /// The method lives in that type's dict, or in a method bound to an
    /// instance of a subtype, so the type outlives it.
    pub defining: *const abi::TypeObject,
}

impl Method {
    /// Reads a method entry (validating typed metadata). `takes_self`: the
    /// entry belongs to a type's `tp_methods`.
    ///
    /// # Safety
    /// `def` must be a live method entry with a non-null `ml_name`.
    pub unsafe fn new(def: *const PyMethodDef, takes_self: bool) -> PyResult<Method> {
        // SAFETY: `def` is live with a C string name (caller).
        let (name, flags) = unsafe {
            (
                CStr::from_ptr((*def).ml_name)
                    .to_string_lossy()
                    .into_owned(),
                (*def).ml_flags,
            )
        };
        if flags & METH_METHOD != 0 {
            if !takes_self {
                return Err(PyErr::new(
                    &types::SYSTEM_ERROR,
                    "attempting to create PyCMethod with a METH_METHOD flag but no class",
                ));
            }
            if flags & !(METH_COEXIST | METH_CLASS | METH_STATIC)
                != METH_METHOD | METH_FASTCALL | METH_KEYWORDS
            {
                return Err(PyErr::new(
                    &types::SYSTEM_ERROR,
                    format!("{name}() method: bad call flags"),
                ));
            }
        }
        let typed = if flags & typed::METH_TYPED != 0 {
            // SAFETY: a METH_TYPED entry's name points into its metadata
            // (the TYPED_SIG macro's layout).
            Some(unsafe { typed::read(def, takes_self) }?)
        } else {
            None
        };
        Ok(Method {
            def,
            name,
            typed,
            defining: std::ptr::null(),
        })
    }

    /// The method as an entry of the `tp_methods` of `t`.
    pub fn defined_by(mut self, t: *const abi::TypeObject) -> Method {
        self.defining = t;
        self
    }

    pub(crate) fn flags(&self) -> c_int {
        // SAFETY: `def` lives in the loaded extension.
        unsafe { (*self.def).ml_flags }
    }

    /// The docstring.
    pub fn doc(&self) -> Option<String> {
        // SAFETY: `def` lives in the loaded extension; `ml_doc` is null or a
        // C string.
        unsafe {
            let d = (*self.def).ml_doc;
            (!d.is_null()).then(|| CStr::from_ptr(d).to_string_lossy().into_owned())
        }
    }

    /// Calls the method with `self_ptr` as its first C argument: the typed
    /// fast path when the metadata allows it and the arguments fit, the
    /// calling convention's wrapper otherwise.
    pub fn call(
        &self,
        vm: &mut Vm,
        self_ptr: *mut PyObject,
        caller: Caller<'_>,
        args: Args<'_>,
    ) -> PyResult<Value> {
        if let Some(sig) = &self.typed
            && args.kw.is_empty()
            && vm.config().typed_calls
        {
            match sig.call(vm, self_ptr, args.pos) {
                Fast::Done(r) => return r,
                Fast::NullWithoutError => {
                    return Err(null_without_error(&caller.who(&self.name)));
                }
                Fast::Fallback => {}
            }
        }
        self.call_generic(vm, self_ptr, caller, args)
    }

    /// The quickened form that fits a call of this method with `nargs`
    /// arguments (not counting a receiver), if any.
    pub fn call_shape(&self, vm: &Vm, nargs: usize) -> Option<ExtCall> {
        if let Some(sig) = &self.typed
            && vm.config().typed_calls
            && sig.args.len() == nargs
        {
            return Some(ExtCall::Typed);
        }
        match self.flags() & !(typed::METH_TYPED | METH_COEXIST) {
            METH_NOARGS if nargs == 0 => Some(ExtCall::NoArgs),
            METH_O if nargs == 1 => Some(ExtCall::O),
            METH_FASTCALL => Some(ExtCall::Fast),
            METH_VARARGS => Some(ExtCall::VarArgs),
            x if x == METH_VARARGS | METH_KEYWORDS => Some(ExtCall::VarArgs),
            _ => None,
        }
    }

    /// Runs a quickened form: the typed path, or `ml_meth` called directly
    /// in its convention with no argument tuple and no flag decoding.
    /// `None` (nothing called) when the method or an argument no longer
    /// fits the form.
    /// `caller` says how the method was reached, for error messages (it is
    /// only asked on an error).
    #[inline(always)]
    pub fn call_form<'a>(
        &'a self,
        vm: &mut Vm,
        shape: ExtCall,
        self_ptr: *mut PyObject,
        caller: impl Fn() -> Caller<'a>,
        args: &[Value],
    ) -> Option<PyResult<Value>> {
        if shape == ExtCall::Typed {
            return match self.typed.as_ref()?.call(vm, self_ptr, args) {
                Fast::Done(r) => Some(r),
                Fast::NullWithoutError => Some(Err(null_without_error(&caller().who(&self.name)))),
                Fast::Fallback => None,
            };
        }
        self.call_convention(vm, shape, self_ptr, &caller, args)
    }

    /// The untyped quickened forms of [`Method::call_form`]. Inlined into
    /// `Bridge::call_ext` like the typed path: out of line it cost each
    /// untyped call a second frame (callgrind: cpyext_noargs 516 -> 485
    /// instructions per call, varargs 841 -> 811) and saved the typed
    /// calls nothing (ffi_inc 476 -> 475).
    #[inline(always)]
    fn call_convention<'a>(
        &'a self,
        vm: &mut Vm,
        shape: ExtCall,
        self_ptr: *mut PyObject,
        caller: &dyn Fn() -> Caller<'a>,
        args: &[Value],
    ) -> Option<PyResult<Value>> {
        let flags = self.flags() & !(typed::METH_TYPED | METH_COEXIST);
        // SAFETY (for the transmutes below): `ml_meth` has the signature of
        // the convention its flags declare, checked just before each one.
        let meth = unsafe { (*self.def).ml_meth };
        let raw = match shape {
            ExtCall::NoArgs if flags == METH_NOARGS && args.is_empty() => {
                let f: NoArgsFn = unsafe { std::mem::transmute(meth) };
                // SAFETY: the convention's signature (above).
                state::with_vm(vm, || unsafe { f(self_ptr, std::ptr::null_mut()) })
            }
            ExtCall::O if flags == METH_O && args.len() == 1 => {
                let a = ArgPtr::new(&args[0]);
                let f: NoArgsFn = unsafe { std::mem::transmute(meth) };
                // SAFETY: the convention's signature; `a` lives across it.
                state::with_vm(vm, || unsafe { f(self_ptr, a.ptr) })
            }
            ExtCall::Fast if flags == METH_FASTCALL => {
                let f: FastFn = unsafe { std::mem::transmute(meth) };
                if let Some(v) = FewArgs::new(args) {
                    // SAFETY: the convention's signature; `v` lives across it.
                    state::with_vm(vm, || unsafe {
                        f(self_ptr, v.ptrs.as_ptr(), args.len() as Py_ssize_t)
                    })
                } else {
                    let v = ArgVec::new(args, &[]);
                    // SAFETY: the convention's signature; `v` lives across it.
                    state::with_vm(vm, || unsafe {
                        f(self_ptr, v.ptr(), args.len() as Py_ssize_t)
                    })
                }
            }
            // No keyword arguments: NULL, as CPython passes.
            ExtCall::VarArgs if flags == METH_VARARGS || flags == METH_VARARGS | METH_KEYWORDS => {
                // SAFETY: `meth` has the convention `flags` declares.
                unsafe { call_varargs(vm, meth, flags, self_ptr, args, std::ptr::null_mut()) }
            }
            _ => return None,
        };
        Some(check_result(raw, &|| caller().who(&self.name)))
    }

    /// The calling convention's path (what CPython does), never typed.
    pub fn call_generic(
        &self,
        vm: &mut Vm,
        self_ptr: *mut PyObject,
        caller: Caller<'_>,
        args: Args<'_>,
    ) -> PyResult<Value> {
        let shown = || caller.shown(&self.name);
        let flags = self.flags() & !(typed::METH_TYPED | METH_COEXIST | METH_CLASS | METH_STATIC);
        // SAFETY: `def` lives in the loaded extension.
        let meth = unsafe { (*self.def).ml_meth };
        let n = args.pos.len();
        let no_kw = || -> PyResult<()> {
            if args.kw.is_empty() {
                Ok(())
            } else {
                Err(PyErr::type_error(format!(
                    "{}() takes no keyword arguments",
                    shown()
                )))
            }
        };
        let raw = match flags {
            METH_NOARGS => {
                no_kw()?;
                if n != 0 {
                    return Err(PyErr::type_error(format!(
                        "{}() takes no arguments ({n} given)",
                        shown()
                    )));
                }
                // SAFETY: a METH_NOARGS function has this signature.
                let f: NoArgsFn = unsafe { std::mem::transmute(meth) };
                state::with_vm(vm, || unsafe { f(self_ptr, std::ptr::null_mut()) })
            }
            METH_O => {
                no_kw()?;
                if n != 1 {
                    return Err(PyErr::type_error(format!(
                        "{}() takes exactly one argument ({n} given)",
                        shown()
                    )));
                }
                let a = ArgPtr::new(&args.pos[0]);
                // SAFETY: a METH_O function has this signature; `a` lives
                // across the call.
                let f: NoArgsFn = unsafe { std::mem::transmute(meth) };
                state::with_vm(vm, || unsafe { f(self_ptr, a.ptr) })
            }
            METH_VARARGS => {
                no_kw()?;
                // SAFETY: `meth` is a METH_VARARGS function.
                unsafe { call_varargs(vm, meth, flags, self_ptr, args.pos, std::ptr::null_mut()) }
            }
            x if x == METH_VARARGS | METH_KEYWORDS => {
                let d = kwargs_dict(args.kw);
                // SAFETY: `meth` has this convention; `d` is NULL or a new
                // reference, which `call_varargs` releases.
                unsafe { call_varargs(vm, meth, flags, self_ptr, args.pos, d) }
            }
            METH_FASTCALL => {
                no_kw()?;
                let v = ArgVec::new(args.pos, &[]);
                // SAFETY: this convention's signature; `v` lives across the
                // call.
                let f: FastFn = unsafe { std::mem::transmute(meth) };
                state::with_vm(vm, || unsafe { f(self_ptr, v.ptr(), n as Py_ssize_t) })
            }
            x if x == METH_METHOD | METH_FASTCALL | METH_KEYWORDS => {
                let (v, names) = vectorcall_kw(&args);
                let cls = self.defining as *mut PyTypeObject;
                // SAFETY: `Method::new` admitted this flag combination only
                // for a type's method, whose signature this is; `v`,
                // `names` and the defining class live across the call.
                let f: CMethodFn = unsafe { std::mem::transmute(meth) };
                let r = state::with_vm(vm, || unsafe { f(self_ptr, cls, v.ptr(), n, names) });
                // SAFETY: `names` is null or the new reference made above.
                drop(unsafe { take_new(names) });
                r
            }
            x if x == METH_FASTCALL | METH_KEYWORDS => {
                let (v, names) = vectorcall_kw(&args);
                // SAFETY: this convention's signature; `v` and `names` live
                // across the call.
                let f: FastKwFn = unsafe { std::mem::transmute(meth) };
                let r = state::with_vm(vm, || unsafe {
                    f(self_ptr, v.ptr(), n as Py_ssize_t, names)
                });
                // SAFETY: `names` is null or the new reference made above.
                drop(unsafe { take_new(names) });
                r
            }
            _ => {
                return Err(PyErr::new(
                    &types::SYSTEM_ERROR,
                    format!("{}() has bad call flags {:#x}", shown(), self.flags()),
                ));
            }
        };
        check_result(raw, &|| caller.who(&self.name))
    }
}

/// Calls `meth`, a `METH_VARARGS` function (or `METH_VARARGS |
/// METH_KEYWORDS`, as `flags` says, given `kw`), with a new tuple of
/// `pos`; releases the tuple and `kw` afterwards. Returns what C returned.
///
/// # Safety
/// `meth` must have the signature of the convention `flags` names, and
/// `kw` must be NULL or a new reference to a dict.
unsafe fn call_varargs(
    vm: &mut Vm,
    meth: *const std::ffi::c_void,
    flags: c_int,
    self_ptr: *mut PyObject,
    pos: &[Value],
    kw: *mut PyObject,
) -> *mut PyObject {
    let t = crate::tuple::args_tuple(pos).into_raw();
    let r = if flags & METH_KEYWORDS == 0 {
        // SAFETY: the caller's promise on `meth`.
        let f: NoArgsFn = unsafe { std::mem::transmute(meth) };
        // SAFETY: the convention's signature; `t` lives across the call.
        state::with_vm(vm, || unsafe { f(self_ptr, t) })
    } else {
        // SAFETY: the caller's promise on `meth`.
        let f: KwFn = unsafe { std::mem::transmute(meth) };
        // SAFETY: the convention's signature; `t` and `kw` live across it.
        state::with_vm(vm, || unsafe { f(self_ptr, t, kw) })
    };
    // SAFETY: `t` is the new reference made above, `kw` the caller's.
    unsafe {
        if let Some(t) = ObjRef::from_raw(t) {
            crate::tuple::recycle_args_tuple(t);
        }
        release_kwargs(kw);
    }
    r
}

/// The result of a C function: a value, its pending exception, or
/// CPython's SystemErrors for the two ways to get this wrong. `who` is how
/// the messages name the function (its repr).
///
/// Inlined into each call path for the common case (a result and no
/// exception); the rest is out of line.
#[inline(always)]
pub fn check_result(raw: *mut PyObject, who: &dyn Fn() -> String) -> PyResult<Value> {
    // SAFETY: a C API function returns a new reference or NULL.
    match unsafe { take_new(raw) } {
        None => Err(null_result(who)),
        Some(v) => match state::take_error() {
            None => Ok(v),
            Some(cause) => Err(result_with_error(cause, who)),
        },
    }
}

/// A NULL result: its pending exception, or the SystemError for none.
#[cold]
#[inline(never)]
fn null_result(who: &dyn Fn() -> String) -> PyErr {
    state::take_error().unwrap_or_else(|| null_without_error(&who()))
}

/// CPython's SystemError for a result returned with an exception pending
/// (`cause`, which becomes its `__cause__`).
#[cold]
#[inline(never)]
fn result_with_error(cause: PyErr, who: &dyn Fn() -> String) -> PyErr {
    let e = PyErr::new(
        &types::SYSTEM_ERROR,
        format!("{} returned a result with an exception set", who()),
    );
    if let Some(x) = e.0.downcast::<interp::object::ExcObj>() {
        *x.cause.borrow_mut() = Some(cause.0);
    }
    e
}

/// CPython's `SystemError` for a C function (named by `who`, its repr) that
/// returned NULL without setting an exception.
pub fn null_without_error(who: &str) -> PyErr {
    PyErr::new(
        &types::SYSTEM_ERROR,
        format!("{who} returned NULL without setting an exception"),
    )
}

/// The arguments of a vectorcall with keywords: the positional values
/// then the keyword values, and the tuple of the keywords' names (NULL
/// when there are none, else a new reference the caller releases).
fn vectorcall_kw(args: &Args<'_>) -> (ArgVec, *mut PyObject) {
    let kwvals: Vec<Value> = args.kw.iter().map(|(_, v)| v.clone()).collect();
    let v = ArgVec::new(args.pos, &kwvals);
    let names = if args.kw.is_empty() {
        std::ptr::null_mut()
    } else {
        new_ref(Value::tuple(
            args.kw.iter().map(|(k, _)| Value::Obj(k.clone())).collect(),
        ))
    };
    (v, names)
}

/// A borrowed pointer to an argument, boxing it (and keeping the box) if
/// it is unboxed.
struct ArgPtr {
    ptr: *mut PyObject,
    /// The box made for an unboxed value, released (or kept for reuse)
    /// when the call is over.
    keep: Option<ObjRef>,
}

impl ArgPtr {
    #[inline(always)]
    fn new(v: &Value) -> ArgPtr {
        match v {
            Value::Obj(o) => ArgPtr {
                ptr: o.as_ptr(),
                keep: None,
            },
            // The singletons are static and immortal: C gets their address
            // with no count to take or give back (callgrind: `f(None)` of a
            // METH_O function 596 -> 560 instructions per call).
            Value::None => ArgPtr::immortal(&NONE),
            Value::Bool(b) => ArgPtr::immortal(if *b { &TRUE } else { &FALSE }),
            Value::Float(f) => {
                let b = ObjRef::new(types::FLOAT.get(), *f);
                ArgPtr {
                    ptr: b.as_ptr(),
                    keep: Some(b),
                }
            }
            other => {
                let b = crate::object::boxed(other);
                ArgPtr {
                    ptr: b.as_ptr(),
                    keep: Some(b),
                }
            }
        }
    }
}

impl ArgPtr {
    /// The box this argument made, taken over by the caller (who then
    /// releases it).
    #[inline(always)]
    fn into_box(mut self) -> Option<ObjRef> {
        self.keep.take()
    }

    fn immortal(o: &'static StaticObject) -> ArgPtr {
        ArgPtr {
            ptr: o.as_ptr(),
            keep: None,
        }
    }
}

impl Drop for ArgPtr {
    fn drop(&mut self) {
        if let Some(b) = self.keep.take() {
            crate::object::recycle_box(b);
        }
    }
}

/// The argument array of a quickened vectorcall of up to [`FEW_ARGS`]
/// arguments, with the boxes made for unboxed ones: all on the Rust stack,
/// nothing to allocate but the boxes, nothing to free but them (callgrind,
/// a FASTCALL with two floats: ArgVec's making and dropping cost 424
/// instructions a call, this ...).
struct FewArgs {
    ptrs: [*mut PyObject; FEW_ARGS],
    keep: [Option<ObjRef>; FEW_ARGS],
}

const FEW_ARGS: usize = 4;

impl FewArgs {
    #[inline(always)]
    fn new(args: &[Value]) -> Option<FewArgs> {
        if args.len() > FEW_ARGS {
            return None;
        }
        let mut v = FewArgs {
            ptrs: [std::ptr::null_mut(); FEW_ARGS],
            keep: [None, None, None, None],
        };
        for ((x, slot), keep) in args.iter().zip(&mut v.ptrs).zip(&mut v.keep) {
            let a = ArgPtr::new(x);
            *slot = a.ptr;
            *keep = a.into_box();
        }
        Some(v)
    }
}

impl Drop for FewArgs {
    #[inline(always)]
    fn drop(&mut self) {
        for b in self.keep.iter_mut().filter_map(Option::take) {
            crate::object::recycle_box(b);
        }
    }
}

/// The argument array of a vectorcall: on the Rust stack for up to
/// [`ARGVEC_INLINE`] arguments (a heap array per call was a measurable part
/// of a FASTCALL), on the heap past that. The boxes made for unboxed
/// arguments are kept beside it the same way: gathered in a `Vec`, they
/// cost each call with a boxed argument an allocation (callgrind, fastcall
/// with two floats: ~370 instructions of 2193 per call).
struct ArgVec {
    inline: [*mut PyObject; ARGVEC_INLINE],
    keep: [Option<ObjRef>; ARGVEC_INLINE],
    spill: Vec<*mut PyObject>,
    keep_spill: Vec<ObjRef>,
}

const ARGVEC_INLINE: usize = 8;

impl ArgVec {
    fn new(pos: &[Value], more: &[Value]) -> ArgVec {
        let n = pos.len() + more.len();
        let mut v = ArgVec {
            inline: [std::ptr::null_mut(); ARGVEC_INLINE],
            keep: Default::default(),
            spill: Vec::new(),
            keep_spill: Vec::new(),
        };
        if n > ARGVEC_INLINE {
            v.spill.reserve_exact(n);
            for x in pos.iter().chain(more) {
                let mut a = ArgPtr::new(x);
                v.spill.push(a.ptr);
                v.keep_spill.extend(a.keep.take());
            }
            return v;
        }
        for ((x, slot), keep) in pos.iter().chain(more).zip(&mut v.inline).zip(&mut v.keep) {
            let mut a = ArgPtr::new(x);
            *slot = a.ptr;
            *keep = a.keep.take();
        }
        v
    }

    fn ptr(&self) -> *const *mut PyObject {
        if self.spill.is_empty() {
            self.inline.as_ptr()
        } else {
            self.spill.as_ptr()
        }
    }
}

impl Drop for ArgVec {
    fn drop(&mut self) {
        for b in self.keep.iter_mut().filter_map(Option::take) {
            crate::object::recycle_box(b);
        }
        for b in self.keep_spill.drain(..) {
            crate::object::recycle_box(b);
        }
    }
}

thread_local! {
    /// The keyword dict of a finished call that nobody else held, emptied
    /// for the next call ([`release_kwargs`]): making a dict and its entry
    /// table for each `f(x, key=v)` of a C function was ~950 instructions
    /// of its ~4500 (callgrind, cpyext_kwargs).
    static SPARE_KWARGS: std::cell::Cell<Option<ObjRef>> = const { std::cell::Cell::new(None) };
}

/// A new kwargs dict (NULL when there are none): the spare one
/// ([`release_kwargs`]) if there is one.
pub(crate) fn kwargs_dict(kw: &[(ObjRef, Value)]) -> *mut PyObject {
    if kw.is_empty() {
        return std::ptr::null_mut();
    }
    let d = SPARE_KWARGS
        .take()
        .unwrap_or_else(interp::object::DictObj::new_obj);
    if let Some(dd) = d.downcast::<interp::object::DictObj>() {
        for (k, v) in kw {
            dd.insert(interp::object::DictKey::from_str_obj(k), v.clone());
        }
    }
    new_ref(Value::Obj(d))
}

/// Releases a dict made by [`kwargs_dict`] once its call is over. If the
/// C code kept no reference to it, it is emptied (as a new dict, keeping
/// its table's memory) and kept for the next call's keywords.
///
/// # Safety
/// `kw` must be NULL or the reference [`kwargs_dict`] returned.
pub(crate) unsafe fn release_kwargs(kw: *mut PyObject) {
    // SAFETY: the caller's reference.
    let Some(d) = (unsafe { ObjRef::from_raw(kw) }) else {
        return;
    };
    if d.refcnt() != 1 {
        return;
    }
    let Some(dd) = d.downcast::<interp::object::DictObj>() else {
        return;
    };
    dd.reset();
    // Releasing the entries may have run code that took a reference.
    if d.refcnt() == 1 {
        drop(SPARE_KWARGS.replace(Some(d)));
    }
}

/// Drops the spare keyword dict (see [`kwargs_dict`]).
pub(crate) fn clear_spare_kwargs() {
    drop(SPARE_KWARGS.take());
}

// ----- objects ------------------------------------------------------------------

/// A C function or bound method (`builtin_function_or_method`).
pub struct CFunction {
    /// The method entry.
    pub method: std::rc::Rc<Method>,
    /// What C receives as `self`: the module for module functions, the
    /// instance for bound methods.
    pub owner: Option<ObjRef>,
    /// Whether this is a method bound to an instance (it prints as
    /// `<built-in method …>`).
    pub bound: bool,
}

/// What a descriptor of a C type describes.
pub enum Descriptor {
    /// A method from `tp_methods`.
    Method(std::rc::Rc<Method>),
    /// A field from `tp_members`.
    Member(*const crate::typeobject::PyMemberDef),
    /// A computed attribute from `tp_getset`.
    GetSet(*const crate::typeobject::PyGetSetDef),
}

/// A descriptor object: its kind, name and owning type.
pub struct DescrObj {
    /// What it describes.
    pub what: Descriptor,
    /// The attribute name.
    pub name: String,
    /// The type it belongs to.
    pub owner: *const abi::TypeObject,
    /// A reference to the owner when that is a heap type made from a spec
    /// (static C types are immortal and need none).
    pub owner_ref: Option<ObjRef>,
}

impl DescrObj {
    /// The owning type.
    pub fn owner(&self) -> &abi::TypeObject {
        // SAFETY: a static C type is immortal (PyType_Ready), and the
        // descriptor holds a reference to a heap one (`owner_ref`).
        unsafe { &*self.owner }
    }
}

const FUNC_FLAGS: std::ffi::c_ulong = abi::TPFLAGS_HAVE_GC;

/// `builtin_function_or_method` for C functions.
pub static CFUNCTION: StaticType = StaticType::new::<CFunction>(
    &types::TYPE,
    c"builtin_function_or_method",
    Some(&types::OBJECT),
    Kind::EXT_FUNCTION,
    true,
)
.with_flags(FUNC_FLAGS);

/// `method_descriptor`.
pub static METHOD_DESCR: StaticType = StaticType::new::<DescrObj>(
    &types::TYPE,
    c"method_descriptor",
    Some(&types::OBJECT),
    Kind::EXT_DESCRIPTOR,
    true,
)
.with_flags(FUNC_FLAGS);

/// `member_descriptor`.
pub static MEMBER_DESCR: StaticType = StaticType::new::<DescrObj>(
    &types::TYPE,
    c"member_descriptor",
    Some(&types::OBJECT),
    Kind::EXT_DESCRIPTOR,
    true,
)
.with_flags(FUNC_FLAGS);

/// `getset_descriptor`.
pub static GETSET_DESCR: StaticType = StaticType::new::<DescrObj>(
    &types::TYPE,
    c"getset_descriptor",
    Some(&types::OBJECT),
    Kind::EXT_DESCRIPTOR,
    true,
)
.with_flags(FUNC_FLAGS);

impl CFunction {
    /// A module function (owned by `module`).
    pub fn new_function(method: std::rc::Rc<Method>, module: ObjRef) -> ObjRef {
        let o = ObjRef::new(
            CFUNCTION.get(),
            CFunction {
                method,
                owner: Some(module),
                bound: false,
            },
        );
        // The module's dict holds the function, which holds the module: a
        // cycle only the collector can free.
        abi::gc_track(&o);
        o
    }

    /// A method bound to `recv`, an instance of a C type. It is not
    /// tracked by the cycle collector: a C instance's references are not
    /// traversed, so no cycle through it could be collected anyway, and a
    /// method lookup should not pay for registering one.
    pub fn new_bound(method: std::rc::Rc<Method>, recv: ObjRef) -> ObjRef {
        ObjRef::new(
            CFUNCTION.get(),
            CFunction {
                method,
                owner: Some(recv),
                bound: true,
            },
        )
    }

    /// The name of the module the function belongs to, if known.
    fn module_name(&self) -> Option<&str> {
        let owner = self.owner.as_ref()?;
        if self.bound {
            let t = owner.ty().name();
            return t.rfind('.').map(|i| &t[..i]);
        }
        owner
            .downcast::<interp::object::ModuleObj>()
            .map(|m| m.name.as_str())
    }

    /// How this function is named in messages.
    pub(crate) fn caller(&self) -> Caller<'_> {
        match (&self.owner, self.bound) {
            (Some(o), true) => Caller::Bound {
                ty: o.ty(),
                recv: o.as_ptr(),
            },
            _ => Caller::Function {
                module: self.module_name(),
            },
        }
    }

    /// Calls the function.
    pub fn call(&self, vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
        let self_ptr = self
            .owner
            .as_ref()
            .map_or(std::ptr::null_mut(), |o| o.as_ptr());
        self.method.call(vm, self_ptr, self.caller(), args)
    }

    /// Runs a quickened call form (see [`Method::call_form`]).
    #[inline(always)]
    pub fn call_form(
        &self,
        vm: &mut Vm,
        shape: ExtCall,
        args: &[Value],
    ) -> Option<PyResult<Value>> {
        let self_ptr = self
            .owner
            .as_ref()
            .map_or(std::ptr::null_mut(), |o| o.as_ptr());
        self.method
            .call_form(vm, shape, self_ptr, || self.caller(), args)
    }

    /// `repr(f)`.
    pub fn repr(&self, me: &ObjRef) -> String {
        match (&self.owner, self.bound) {
            (Some(o), true) => format!(
                "<built-in method {} of {} object at {:#x}>",
                self.method.name,
                o.ty().name(),
                o.as_ptr() as usize
            ),
            _ => {
                let _ = me;
                format!("<built-in function {}>", self.method.name)
            }
        }
    }

    /// The attributes of a function object.
    pub fn getattr(&self, name: &str) -> Option<Value> {
        Some(match name {
            "__name__" => Value::str(&self.method.name),
            "__qualname__" => Value::str(&match self.caller() {
                Caller::Bound { ty, .. } => Caller::Descriptor { ty }.shown(&self.method.name),
                Caller::Function { .. } | Caller::Descriptor { .. } => self.method.name.clone(),
            }),
            "__doc__" => self.method.doc().map_or(Value::None, Value::string),
            "__module__" => self.module_name().map_or(Value::None, Value::str),
            "__self__" => self
                .owner
                .as_ref()
                .map_or(Value::None, |o| Value::from_heap(o.clone())),
            _ => return None,
        })
    }
}

impl DescrObj {
    /// A new descriptor object of the matching type.
    pub fn new_obj(what: Descriptor, name: String, owner: *const abi::TypeObject) -> ObjRef {
        let t = match what {
            Descriptor::Method(_) => &METHOD_DESCR,
            Descriptor::Member(_) => &MEMBER_DESCR,
            Descriptor::GetSet(_) => &GETSET_DESCR,
        };
        let owner_ref = crate::heaptype::owner_ref(owner);
        let tracked = owner_ref.is_some();
        let o = ObjRef::new(
            t.get(),
            DescrObj {
                what,
                name,
                owner,
                owner_ref,
            },
        );
        // The type's dict holds the descriptor, which holds the type: a
        // cycle only the collector can free.
        if tracked {
            abi::gc_track(&o);
        }
        o
    }

    /// `repr(d)`, as CPython prints descriptors.
    pub fn repr(&self) -> String {
        let t = self.owner().name();
        match self.what {
            Descriptor::Method(_) => format!("<method '{}' of '{t}' objects>", self.name),
            Descriptor::Member(_) => format!("<member '{}' of '{t}' objects>", self.name),
            Descriptor::GetSet(_) => format!("<attribute '{}' of '{t}' objects>", self.name),
        }
    }

    /// Runs a quickened call form with the receiver as `args[0]` (see
    /// [`Method::call_form`]); `None` if this is not a method descriptor
    /// or the receiver is not an instance of its type.
    #[inline(always)]
    pub fn call_form(
        &self,
        vm: &mut Vm,
        shape: ExtCall,
        args: &[Value],
    ) -> Option<PyResult<Value>> {
        let Descriptor::Method(m) = &self.what else {
            return None;
        };
        let owner = self.owner();
        let (Value::Obj(recv), rest) = args.split_first()? else {
            return None;
        };
        if !recv.ty().is_subtype(owner) {
            return None;
        }
        m.call_form(
            vm,
            shape,
            recv.as_ptr(),
            || Caller::Descriptor { ty: owner },
            rest,
        )
    }

    /// Calls an unbound method descriptor: `Type.method(obj, *args)`.
    pub fn call(&self, vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
        let Descriptor::Method(m) = &self.what else {
            return Err(PyErr::type_error(format!(
                "'{}' object is not callable",
                match self.what {
                    Descriptor::Member(_) => "member_descriptor",
                    _ => "getset_descriptor",
                }
            )));
        };
        let owner = self.owner();
        let short = owner.name().rsplit('.').next().unwrap_or(owner.name());
        let Some(first) = args.pos.first() else {
            return Err(PyErr::type_error(format!(
                "unbound method {short}.{}() needs an argument",
                self.name
            )));
        };
        if !first.type_of().is_subtype(owner) {
            return Err(PyErr::type_error(format!(
                "descriptor '{}' for '{}' objects doesn't apply to a '{}' object",
                self.name,
                owner.name(),
                first.type_name()
            )));
        }
        let recv = ArgPtr::new(first);
        m.call(
            vm,
            recv.ptr,
            Caller::Descriptor { ty: owner },
            Args {
                pos: &args.pos[1..],
                kw: args.kw,
            },
        )
    }
}
