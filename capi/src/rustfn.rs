//! Rust functions as typed methods: what `typhon::Vm::register_module`
//! builds for each function an embedding program registers.
//!
//! A registered closure becomes exactly what a C extension with typed
//! metadata produces: a `PyMethodDef` flagged `METH_FASTCALL | METH_TYPED`
//! whose metadata (`typed::PyTypedMethodMetadata`) names an `extern "C"`
//! trampoline monomorphized for the closure's type. The signature is
//! derived from the Rust parameter and result types ([`Arg`], [`Ret`]),
//! so the interpreter's typed fast path (`TypedSig::call`, with its
//! precompiled shapes) and the JIT's direct native call apply unchanged.
//!
//! Where the closure's data lives:
//! - a closure that captures nothing is zero-sized: its trampoline takes
//!   exactly the Rust parameters (`i64 f(i64)` for `|a: i64| a + 1`) and
//!   conjures the closure, so nothing but the arguments crosses the call.
//! - a closure that captures state is kept boxed in the function's owner
//!   object (the `self` C receives), and its trampoline takes that object
//!   first (a typed signature with a receiver, as methods of C types have):
//!   the interpreter's typed path unboxes the arguments and passes the
//!   owner; the JIT calls the trampoline directly with the owner as a
//!   constant first argument (`crate::typed_target`'s `receiver`), valid
//!   for as long as its guards keep the callee the same object.
//!
//! `ml_meth` is a `METH_FASTCALL` wrapper over the same closure that
//! converts each argument with its checks and messages: the path for
//! calls whose arguments do not fit the typed signature (a `str` for an
//! `i64`), and for functions registered without typed metadata
//! ([`new_function`] with `typed` false, the benchmark's boxed baseline).
//!
//! Every trampoline catches panics (`catch_unwind`) and turns them into a
//! Python `RuntimeError`: no unwinding ever crosses `extern "C"`. Every
//! registered function is declared as able to raise (`Result` results,
//! and panics), so each typed result is checked against its error
//! sentinel.
//!
//! The method entry and its metadata are leaked (about 150 bytes per
//! registered function), as an extension module's static tables live as
//! long as the process.

use crate::methodobject::{CFunction, METH_FASTCALL, Method, PyMethodDef};
use crate::object::{Py_ssize_t, PyObject, borrow, new_ref};
use crate::state;
use crate::typed::{CType, METH_TYPED, PyTypedMethodMetadata};
use abi::StaticType;
use interp::object::types::{self, Kind};
use interp::object::{ObjRef, StrObj};
use interp::{PyErr, PyResult, Value};
use std::any::Any;
use std::ffi::{CStr, c_char, c_int, c_void};
use std::fmt::Display;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// A borrowed object pointer, as a typed `T_PY_OBJECT` argument arrives
/// and a `T_PY_OBJECT` result leaves (a new reference).
pub type ObjectPtr = *mut PyObject;

/// The owner of a registered function: the boxed closure and the name
/// messages use. C receives it as `self`.
struct RustFnData {
    name: String,
    f: Box<dyn Any>,
}

/// The type of [`RustFnData`] objects (never seen by Python code, except
/// as a registered function's `__self__`).
static RUST_FUNCTION_DATA: StaticType = StaticType::new::<RustFnData>(
    &types::TYPE,
    c"rust_function_data",
    Some(&types::OBJECT),
    Kind::FOREIGN,
    true,
);

mod sealed {
    /// Keeps the raw ABI types to the ones below.
    pub trait Sealed {}
    impl Sealed for i64 {}
    impl Sealed for f64 {}
    impl Sealed for i32 {}
    impl Sealed for () {}
    impl Sealed for *mut super::PyObject {}
    impl Sealed for *const std::ffi::c_char {}
}

/// The C type of an argument as a typed signature passes it.
pub trait RawArg: sealed::Sealed + Copy + 'static {
    /// Its type code in the signature.
    const CTYPE: CType;
    /// The Python value the slot holds.
    ///
    /// # Safety
    /// An object pointer must be live for the call; a C string must be
    /// NUL-terminated (what the typed call passes).
    #[doc(hidden)]
    unsafe fn to_value(self) -> Value;
}

impl RawArg for i64 {
    const CTYPE: CType = CType::Long;
    #[inline(always)]
    unsafe fn to_value(self) -> Value {
        Value::Int(self)
    }
}

impl RawArg for f64 {
    const CTYPE: CType = CType::Double;
    #[inline(always)]
    unsafe fn to_value(self) -> Value {
        Value::float(self)
    }
}

impl RawArg for i32 {
    const CTYPE: CType = CType::Bool;
    #[inline(always)]
    unsafe fn to_value(self) -> Value {
        Value::Bool(self != 0)
    }
}

impl RawArg for *const c_char {
    const CTYPE: CType = CType::Str;
    #[inline]
    unsafe fn to_value(self) -> Value {
        if self.is_null() {
            return Value::None;
        }
        // SAFETY: a T_C_STR argument is a NUL-terminated UTF-8 view of a
        // str that the caller's arguments keep alive (caller).
        let s = unsafe { CStr::from_ptr(self) };
        Value::string(s.to_string_lossy().into_owned())
    }
}

impl RawArg for *mut PyObject {
    const CTYPE: CType = CType::Object;
    #[inline]
    unsafe fn to_value(self) -> Value {
        // SAFETY: a T_PY_OBJECT argument is live for the call (caller).
        match unsafe { borrow(self) } {
            Some(b) => b.value(),
            None => Value::None,
        }
    }
}

/// The C type of a typed result.
pub trait RawRet: sealed::Sealed + Copy + 'static {
    /// Its type code in the signature.
    const CTYPE: CType;
    /// The error sentinel returned with an exception set.
    const ERR: Self;
    /// The result as a new object reference (for the generic wrapper),
    /// NULL if it is the sentinel and an exception is set.
    #[doc(hidden)]
    fn to_object(self) -> *mut PyObject;
}

impl RawRet for i64 {
    const CTYPE: CType = CType::Long;
    const ERR: i64 = -1;
    fn to_object(self) -> *mut PyObject {
        new_ref(Value::Int(self))
    }
}

impl RawRet for f64 {
    const CTYPE: CType = CType::Double;
    const ERR: f64 = -1.0;
    fn to_object(self) -> *mut PyObject {
        new_ref(Value::float(self))
    }
}

impl RawRet for i32 {
    const CTYPE: CType = CType::Bool;
    const ERR: i32 = -1;
    fn to_object(self) -> *mut PyObject {
        new_ref(Value::Bool(self != 0))
    }
}

impl RawRet for () {
    const CTYPE: CType = CType::Void;
    const ERR: () = ();
    fn to_object(self) -> *mut PyObject {
        new_ref(Value::None)
    }
}

impl RawRet for *mut PyObject {
    const CTYPE: CType = CType::Object;
    const ERR: *mut PyObject = std::ptr::null_mut();
    fn to_object(self) -> *mut PyObject {
        self
    }
}

/// Why an argument could not be converted.
pub enum ArgError {
    /// The value has the wrong type: the caller says which was expected.
    Type,
    /// Another error (an int too large for `i64`).
    Other(PyErr),
}

/// A parameter type of a registered function.
pub trait Arg: Sized + 'static {
    /// How the typed signature passes it.
    type Raw: RawArg;
    /// The Python type named in the message for a wrong argument.
    const EXPECTED: &'static str;
    /// The Rust value of a Python argument.
    fn from_value(v: &Value) -> Result<Self, ArgError>;
}

/// An `int` that does not fit in a C long, worded as CPython's.
fn long_overflow() -> PyErr {
    PyErr::new(
        &types::OVERFLOW_ERROR,
        "Python int too large to convert to C long",
    )
}

impl Arg for i64 {
    type Raw = i64;
    const EXPECTED: &'static str = "int";
    #[inline(always)]
    fn from_value(v: &Value) -> Result<i64, ArgError> {
        match v {
            Value::Int(i) => Ok(*i),
            Value::Bool(b) => Ok(*b as i64),
            v if v.as_bigint().is_some() => Err(ArgError::Other(long_overflow())),
            _ => Err(ArgError::Type),
        }
    }
}

impl Arg for f64 {
    type Raw = f64;
    const EXPECTED: &'static str = "float";
    #[inline(always)]
    fn from_value(v: &Value) -> Result<f64, ArgError> {
        match v {
            Value::Float(f) => Ok(*f),
            Value::Int(i) => Ok(*i as f64),
            Value::Bool(b) => Ok(*b as i64 as f64),
            v => match v.as_bigint() {
                Some(b) => num_traits::ToPrimitive::to_f64(b)
                    .filter(|f| f.is_finite())
                    .ok_or_else(|| {
                        ArgError::Other(PyErr::new(
                            &types::OVERFLOW_ERROR,
                            "int too large to convert to float",
                        ))
                    }),
                None => Err(ArgError::Type),
            },
        }
    }
}

impl Arg for bool {
    type Raw = i32;
    const EXPECTED: &'static str = "bool";
    #[inline(always)]
    fn from_value(v: &Value) -> Result<bool, ArgError> {
        match v {
            Value::Bool(b) => Ok(*b),
            _ => Err(ArgError::Type),
        }
    }
}

impl Arg for String {
    type Raw = *const c_char;
    const EXPECTED: &'static str = "str";
    fn from_value(v: &Value) -> Result<String, ArgError> {
        match v.downcast::<StrObj>() {
            Some(s) => Ok(s.as_str().to_owned()),
            None => Err(ArgError::Type),
        }
    }
}

impl Arg for Value {
    type Raw = *mut PyObject;
    const EXPECTED: &'static str = "object";
    fn from_value(v: &Value) -> Result<Value, ArgError> {
        Ok(v.clone())
    }
}

/// A result type of a registered function.
pub trait Ret: Sized + 'static {
    /// How the typed signature returns it.
    type Raw: RawRet;
    /// The raw result, or the exception to raise.
    fn into_raw(self) -> PyResult<Self::Raw>;
}

impl Ret for i64 {
    type Raw = i64;
    #[inline(always)]
    fn into_raw(self) -> PyResult<i64> {
        Ok(self)
    }
}

impl Ret for f64 {
    type Raw = f64;
    #[inline(always)]
    fn into_raw(self) -> PyResult<f64> {
        Ok(self)
    }
}

impl Ret for bool {
    type Raw = i32;
    #[inline(always)]
    fn into_raw(self) -> PyResult<i32> {
        Ok(self as i32)
    }
}

impl Ret for () {
    type Raw = ();
    #[inline(always)]
    fn into_raw(self) -> PyResult<()> {
        Ok(())
    }
}

impl Ret for String {
    type Raw = *mut PyObject;
    fn into_raw(self) -> PyResult<*mut PyObject> {
        Ok(new_ref(Value::string(self)))
    }
}

impl Ret for Value {
    type Raw = *mut PyObject;
    fn into_raw(self) -> PyResult<*mut PyObject> {
        Ok(new_ref(self))
    }
}

impl<T: Ret, E: Display + 'static> Ret for Result<T, E> {
    type Raw = T::Raw;
    fn into_raw(self) -> PyResult<T::Raw> {
        match self {
            Ok(v) => v.into_raw(),
            Err(e) => Err(exception_of(&e)),
        }
    }
}

/// A Python object as a typed result (for result types defined outside
/// this crate): a new reference to `v`.
pub fn object_result(v: Value) -> PyResult<ObjectPtr> {
    Ok(new_ref(v))
}

/// The exception types a registered function can raise by returning
/// `Err(Raise::new(kind, message))`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExcKind {
    /// `ValueError`
    ValueError,
    /// `TypeError`
    TypeError,
    /// `KeyError`
    KeyError,
    /// `IndexError`
    IndexError,
    /// `RuntimeError`
    RuntimeError,
    /// `ZeroDivisionError`
    ZeroDivisionError,
    /// `OverflowError`
    OverflowError,
    /// `OSError`
    OSError,
    /// `NotImplementedError`
    NotImplementedError,
}

impl ExcKind {
    fn static_type(self) -> &'static StaticType {
        match self {
            ExcKind::ValueError => &types::VALUE_ERROR,
            ExcKind::TypeError => &types::TYPE_ERROR,
            ExcKind::KeyError => &types::KEY_ERROR,
            ExcKind::IndexError => &types::INDEX_ERROR,
            ExcKind::RuntimeError => &types::RUNTIME_ERROR,
            ExcKind::ZeroDivisionError => &types::ZERO_DIVISION_ERROR,
            ExcKind::OverflowError => &types::OVERFLOW_ERROR,
            ExcKind::OSError => &types::OS_ERROR,
            ExcKind::NotImplementedError => &types::NOT_IMPLEMENTED_ERROR,
        }
    }
}

/// An error a registered function returns to raise a Python exception of
/// a chosen type (`Err(Raise::new(ExcKind::ValueError, "bad"))`). Any other
/// `E: Display` in a `Result` raises `RuntimeError` with its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Raise {
    /// The exception type.
    pub kind: ExcKind,
    /// The message (`str()` of the exception).
    pub message: String,
}

impl Raise {
    /// An exception of type `kind` with `message`.
    pub fn new(kind: ExcKind, message: impl Into<String>) -> Raise {
        Raise {
            kind,
            message: message.into(),
        }
    }
}

impl Display for Raise {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Raise {}

/// The exception an `Err(e)` result raises: the [`Raise`] it is, or a
/// `RuntimeError` with `e`'s text.
fn exception_of<E: Display + 'static>(e: &E) -> PyErr {
    match (e as &dyn Any).downcast_ref::<Raise>() {
        Some(r) => PyErr::new(r.kind.static_type(), r.message.clone()),
        None => PyErr::new(&types::RUNTIME_ERROR, e.to_string()),
    }
}

/// The text of a panic's payload.
fn panic_text(p: &(dyn Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic with a non-string payload".to_owned()
    }
}

/// The `RuntimeError` a panicking registered function raises.
fn panicked(p: &(dyn Any + Send)) -> PyErr {
    PyErr::new(
        &types::RUNTIME_ERROR,
        format!("Rust function panicked: {}", panic_text(p)),
    )
}

/// Runs the body of a typed trampoline: its result, or the error
/// sentinel with the exception set (an `Err` result, an argument that
/// did not convert, or a panic, which never leaves this function).
#[inline(always)]
fn run_typed<R: Ret>(f: impl FnOnce() -> PyResult<R>) -> <R as Ret>::Raw {
    match catch_unwind(AssertUnwindSafe(|| f().and_then(R::into_raw))) {
        Ok(Ok(raw)) => raw,
        Ok(Err(e)) => {
            state::set_error(e);
            R::Raw::ERR
        }
        Err(p) => {
            state::set_error(panicked(&*p));
            R::Raw::ERR
        }
    }
}

/// Converts argument `i` (from 1) of the function `name` for the
/// closure, with CPython's message for a value of the wrong type.
#[inline(always)]
fn convert<A: Arg>(v: &Value, name: &str, i: usize) -> PyResult<A> {
    A::from_value(v).map_err(|e| match e {
        ArgError::Other(e) => e,
        ArgError::Type => PyErr::new(
            &types::TYPE_ERROR,
            format!(
                "{name}() argument {i} must be {}, not {}",
                A::EXPECTED,
                v.type_name()
            ),
        ),
    })
}

/// The closure of type `F` in the owner object at `holder`.
///
/// # Safety
/// `holder` must be NULL or a live object.
#[inline(always)]
unsafe fn closure<'a, F: 'static>(holder: *mut PyObject) -> PyResult<(&'a F, &'a str)> {
    // SAFETY: `holder` is live (caller): the function object that holds it
    // is being called, and keeps it alive across the call.
    let b = unsafe { borrow(holder) };
    let data = b
        .as_ref()
        .and_then(|o| o.downcast::<RustFnData>())
        .map(|d| d as *const RustFnData);
    match data {
        Some(d) => {
            // SAFETY: the payload lives as long as the object (above).
            let d = unsafe { &*d };
            match d.f.downcast_ref::<F>() {
                Some(f) => Ok((f, d.name.as_str())),
                None => Err(PyErr::new(
                    &types::SYSTEM_ERROR,
                    "a registered Rust function was called with another's data",
                )),
            }
        }
        None => Err(PyErr::new(
            &types::SYSTEM_ERROR,
            "a registered Rust function was called without its data",
        )),
    }
}

/// Whether `o` is the owner of a registered Rust function (what its typed
/// trampoline takes first when the closure captures state).
pub fn is_owner(o: &ObjRef) -> bool {
    o.downcast::<RustFnData>().is_some()
}

/// A registered function, ready to become a function object: its
/// signature, its trampolines and the boxed closure.
pub struct RustFn {
    args: Vec<CType>,
    ret: CType,
    /// The trampoline for a zero-sized closure (no receiver), if it is one.
    plain: Option<*const c_void>,
    /// The trampoline that takes the owner object first.
    with_self: *const c_void,
    /// The `METH_FASTCALL` wrapper.
    generic: *const c_void,
    f: Box<dyn Any>,
}

/// Closures that can be registered: implemented for `Fn(A1, ..., An) -> R`
/// of up to six parameters, each an [`Arg`], with a [`Ret`] result; and
/// for up to three parameters where any may be `&str` (`Args` names it
/// [`Str`]).
pub trait IntoRustFn<Args, R>: 'static {
    /// The function's signature, trampolines and boxed closure.
    fn into_rust_fn(self) -> RustFn;
}

/// Stands for a `&str` parameter in [`IntoRustFn`]'s `Args`: the closure
/// borrows the Python string's text for the call (no copy).
pub struct Str;

/// How a parameter is made from its typed slot or its Python value: an
/// [`Arg`], or a [`Str`] borrowed for the call.
pub trait Param {
    /// How the typed signature passes it.
    type Raw: RawArg;
    /// The value the closure receives.
    type Out<'a>;
    /// The parameter from a typed slot.
    ///
    /// # Safety
    /// `raw` is what the typed call passes for the declared type (a live
    /// object, a NUL-terminated string that outlives `'a`).
    #[doc(hidden)]
    unsafe fn from_raw<'a>(raw: Self::Raw) -> PyResult<Self::Out<'a>>;
    /// The parameter from argument `i` (from 1) of the function `name`,
    /// with CPython's message for a value of the wrong type.
    #[doc(hidden)]
    fn from_value<'a>(v: &'a Value, name: &str, i: usize) -> PyResult<Self::Out<'a>>;
}

impl<A: Arg> Param for A {
    type Raw = A::Raw;
    type Out<'a> = A;
    #[inline(always)]
    unsafe fn from_raw<'a>(raw: A::Raw) -> PyResult<Self::Out<'a>> {
        // SAFETY: forwarded from the caller.
        convert::<A>(&unsafe { raw.to_value() }, "", 0)
    }
    #[inline(always)]
    fn from_value<'a>(v: &'a Value, name: &str, i: usize) -> PyResult<Self::Out<'a>> {
        convert::<A>(v, name, i)
    }
}

impl Param for Str {
    type Raw = *const c_char;
    type Out<'a> = &'a str;
    #[inline(always)]
    unsafe fn from_raw<'a>(raw: *const c_char) -> PyResult<&'a str> {
        if raw.is_null() {
            return Err(crate::object::bad_internal_call());
        }
        // SAFETY: a T_C_STR argument is the NUL-terminated UTF-8 text of
        // a str the caller's arguments keep alive across the call, which
        // is all of `'a` (the closure takes any lifetime, so the borrow
        // cannot leave the call).
        let c = unsafe { CStr::from_ptr(raw) };
        c.to_str().map_err(|_| {
            PyErr::new(
                &types::UNICODE_ENCODE_ERROR,
                "str argument is not valid UTF-8 (it holds a surrogate)",
            )
        })
    }
    #[inline(always)]
    fn from_value<'a>(v: &'a Value, name: &str, i: usize) -> PyResult<&'a str> {
        v.as_str().ok_or_else(|| {
            PyErr::new(
                &types::TYPE_ERROR,
                format!("{name}() argument {i} must be str, not {}", v.type_name()),
            )
        })
    }
}

macro_rules! arity {
    ($m:ident; $lt:lifetime; [$($G:ident),*]; $(($K:ty, $T:ty, $a:ident, $i:literal)),*) => {
        mod $m {
            use super::*;

            /// The typed trampoline of a zero-sized closure.
            pub(super) extern "C" fn plain<F, R, $($G),*>(
                $($a: <$K as Param>::Raw),*
            ) -> <R as Ret>::Raw
            where
                F: for<$lt> Fn($($T),*) -> R + 'static,
                R: Ret,
                $($G: Arg),*
            {
                run_typed::<R>(|| {
                    // SAFETY: `F` is zero-sized (checked before this
                    // trampoline was chosen), so any aligned non-null
                    // address is a valid `&F`; a value of `F` exists (the
                    // function's owner keeps it), and a zero-sized closure
                    // captures nothing that could be invalid.
                    let f: &F = unsafe { std::ptr::NonNull::<F>::dangling().as_ref() };
                    // SAFETY: the typed call passes live objects and C
                    // strings for the declared types.
                    $(let $a = unsafe { <$K as Param>::from_raw($a) }?;)*
                    Ok(f($($a),*))
                })
            }

            /// The typed trampoline that finds the closure in its owner.
            pub(super) extern "C" fn with_self<F, R, $($G),*>(
                holder: *mut PyObject,
                $($a: <$K as Param>::Raw),*
            ) -> <R as Ret>::Raw
            where
                F: for<$lt> Fn($($T),*) -> R + 'static,
                R: Ret,
                $($G: Arg),*
            {
                run_typed::<R>(|| {
                    // SAFETY: the typed call passes the function's owner,
                    // live for the call.
                    let (f, _) = unsafe { closure::<F>(holder) }?;
                    // SAFETY: as in `plain`.
                    $(let $a = unsafe { <$K as Param>::from_raw($a) }?;)*
                    Ok(f($($a),*))
                })
            }

            /// The `METH_FASTCALL` wrapper: every argument checked and
            /// converted, with CPython-style messages.
            pub(super) unsafe extern "C" fn generic<F, R, $($G),*>(
                holder: *mut PyObject,
                args: *const *mut PyObject,
                nargs: Py_ssize_t,
            ) -> *mut PyObject
            where
                F: for<$lt> Fn($($T),*) -> R + 'static,
                R: Ret,
                $($G: Arg),*
            {
                let body = || -> PyResult<<R as Ret>::Raw> {
                    // SAFETY: C receives the function's owner as `self`.
                    let (f, name) = unsafe { closure::<F>(holder) }?;
                    const N: usize = 0 $(+ ($i - $i + 1))*;
                    let _ = args;
                    if nargs as usize != N || args.is_null() && N > 0 {
                        return Err(PyErr::new(
                            &types::TYPE_ERROR,
                            format!(
                                "{name}() takes exactly {N} argument{} ({nargs} given)",
                                if N == 1 { "" } else { "s" }
                            ),
                        ));
                    }
                    $(
                        // SAFETY: `args` holds `nargs` live borrowed
                        // objects (the vectorcall contract), checked above.
                        let $a = unsafe { borrow(*args.add($i - 1)) }
                            .map(|b| b.value())
                            .unwrap_or(Value::None);
                    )*
                    $(let $a = <$K as Param>::from_value(&$a, name, $i)?;)*
                    f($($a),*).into_raw()
                };
                match catch_unwind(AssertUnwindSafe(body)) {
                    Ok(Ok(raw)) => raw.to_object(),
                    Ok(Err(e)) => {
                        state::set_error(e);
                        std::ptr::null_mut()
                    }
                    Err(p) => {
                        state::set_error(panicked(&*p));
                        std::ptr::null_mut()
                    }
                }
            }
        }

        impl<F, R, $($G),*> IntoRustFn<($($K,)*), R> for F
        where
            F: for<$lt> Fn($($T),*) -> R + 'static,
            R: Ret,
            $($G: Arg),*
        {
            fn into_rust_fn(self) -> RustFn {
                let plain = (std::mem::size_of::<F>() == 0).then(|| {
                    $m::plain::<F, R, $($G),*>
                        as extern "C" fn($(<$K as Param>::Raw),*) -> <R as Ret>::Raw
                        as *const c_void
                });
                RustFn {
                    args: vec![$(<<$K as Param>::Raw as RawArg>::CTYPE),*],
                    ret: <<R as Ret>::Raw as RawRet>::CTYPE,
                    plain,
                    with_self: $m::with_self::<F, R, $($G),*>
                        as extern "C" fn(*mut PyObject, $(<$K as Param>::Raw),*) -> <R as Ret>::Raw
                        as *const c_void,
                    generic: $m::generic::<F, R, $($G),*>
                        as unsafe extern "C" fn(
                            *mut PyObject,
                            *const *mut PyObject,
                            Py_ssize_t,
                        ) -> *mut PyObject as *const c_void,
                    f: Box::new(self),
                }
            }
        }
    };
}

arity!(a0; 'a; [];);
arity!(a1; 'a; [A1]; (A1, A1, a1, 1));
arity!(a2; 'a; [A1, A2]; (A1, A1, a1, 1), (A2, A2, a2, 2));
arity!(a3; 'a; [A1, A2, A3]; (A1, A1, a1, 1), (A2, A2, a2, 2), (A3, A3, a3, 3));
arity!(a4; 'a; [A1, A2, A3, A4];
    (A1, A1, a1, 1), (A2, A2, a2, 2), (A3, A3, a3, 3), (A4, A4, a4, 4));
arity!(a5; 'a; [A1, A2, A3, A4, A5];
    (A1, A1, a1, 1), (A2, A2, a2, 2), (A3, A3, a3, 3), (A4, A4, a4, 4), (A5, A5, a5, 5));
arity!(a6; 'a; [A1, A2, A3, A4, A5, A6];
    (A1, A1, a1, 1), (A2, A2, a2, 2), (A3, A3, a3, 3), (A4, A4, a4, 4), (A5, A5, a5, 5),
    (A6, A6, a6, 6));
// `&str` parameters, in any position of functions of up to three
// parameters (one impl per placement: a borrowed parameter's lifetime
// must be named in the closure's signature).
arity!(s1; 'a; []; (Str, &'a str, a1, 1));
arity!(s2a; 'a; [A2]; (Str, &'a str, a1, 1), (A2, A2, a2, 2));
arity!(s2b; 'a; [A1]; (A1, A1, a1, 1), (Str, &'a str, a2, 2));
arity!(s2c; 'a; []; (Str, &'a str, a1, 1), (Str, &'a str, a2, 2));
arity!(s3a; 'a; [A2, A3]; (Str, &'a str, a1, 1), (A2, A2, a2, 2), (A3, A3, a3, 3));
arity!(s3b; 'a; [A1, A3]; (A1, A1, a1, 1), (Str, &'a str, a2, 2), (A3, A3, a3, 3));
arity!(s3c; 'a; [A1, A2]; (A1, A1, a1, 1), (A2, A2, a2, 2), (Str, &'a str, a3, 3));
arity!(s3d; 'a; [A3]; (Str, &'a str, a1, 1), (Str, &'a str, a2, 2), (A3, A3, a3, 3));
arity!(s3e; 'a; [A2]; (Str, &'a str, a1, 1), (A2, A2, a2, 2), (Str, &'a str, a3, 3));
arity!(s3f; 'a; [A1]; (A1, A1, a1, 1), (Str, &'a str, a2, 2), (Str, &'a str, a3, 3));
arity!(s3g; 'a; []; (Str, &'a str, a1, 1), (Str, &'a str, a2, 2), (Str, &'a str, a3, 3));

/// The type code of a signature entry.
fn code(t: CType) -> c_int {
    match t {
        CType::Long => 1,
        CType::Double => 2,
        CType::Object => 3,
        CType::Void => 4,
        CType::Bool => 5,
        CType::Str => 6,
    }
}

/// A function object for the registered function `f` named `name`: typed
/// (the interpreter's fast path, and the JIT's direct call) unless `typed` is false, when every call goes
/// through the `METH_FASTCALL` wrapper and boxes its arguments, as a
/// generic binding would.
pub fn new_function(name: &str, f: RustFn, typed: bool) -> PyResult<Value> {
    if name.contains('\0') {
        return Err(PyErr::value_error("function name contains a NUL character"));
    }
    let holder = ObjRef::new(
        RUST_FUNCTION_DATA.get(),
        RustFnData {
            name: name.to_owned(),
            f: f.f,
        },
    );
    let (def, takes_self) = if typed {
        let mut ml_name = [0 as c_char; 100];
        if name.len() >= ml_name.len() {
            return Err(PyErr::value_error(format!(
                "function name '{name}' is longer than 99 bytes"
            )));
        }
        for (d, s) in ml_name.iter_mut().zip(name.bytes()) {
            *d = s as c_char;
        }
        let mut types: Vec<c_int> = f.args.iter().map(|t| code(*t)).collect();
        types.push(-1);
        let (func, takes_self) = match f.plain {
            Some(p) => (p, false),
            None => (f.with_self, true),
        };
        let meta: &'static PyTypedMethodMetadata = Box::leak(Box::new(PyTypedMethodMetadata {
            arg_types: types.leak().as_ptr(),
            // Negative: the function may raise (an `Err` result, a panic).
            ret_type: -code(f.ret),
            underlying_func: func,
            ml_name,
        }));
        let def: &'static PyMethodDef = Box::leak(Box::new(PyMethodDef {
            ml_name: meta.ml_name.as_ptr(),
            ml_meth: f.generic,
            ml_flags: METH_FASTCALL | METH_TYPED,
            ml_doc: std::ptr::null(),
        }));
        (def, takes_self)
    } else {
        let c_name = std::ffi::CString::new(name)
            .map_err(|_| PyErr::value_error("function name contains a NUL character"))?;
        let def: &'static PyMethodDef = Box::leak(Box::new(PyMethodDef {
            ml_name: c_name.into_raw(),
            ml_meth: f.generic,
            ml_flags: METH_FASTCALL,
            ml_doc: std::ptr::null(),
        }));
        (def, false)
    };
    // SAFETY: `def` is leaked (lives forever) with a C string name; a
    // typed entry's name points into its leaked metadata.
    let method = unsafe { Method::new(def, takes_self) }?;
    Ok(Value::Obj(CFunction::new_function(
        std::rc::Rc::new(method),
        holder,
    )))
}
