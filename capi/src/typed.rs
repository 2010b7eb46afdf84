//! Typed methods (`METH_TYPED`): reading the metadata the macros of
//! `typed_methods.h` emit, validating it at import, and the fast call that
//! checks and unboxes arguments itself and calls `underlying_func`
//! directly, never touching `ml_meth`.
//!
//! The metadata sits around the method's name: `PyMethodDef.ml_name`
//! points at `PyTypedMethodMetadata.ml_name`, so the struct is found by
//! stepping back by that field's offset (the `container_of` trick).

use crate::methodobject::PyMethodDef;
use crate::object::{PyObject, take_new};
use crate::state;
use crate::trampoline::{self, ArgClass, RetClass, Shape, Stub};
use interp::object::types;
use interp::object::{ObjRef, StrObj};
use interp::{PyErr, PyResult, Value, Vm};
use std::ffi::{CStr, c_char, c_int, c_void};

/// `METH_TYPED` (Typhon's `Python.h`).
pub const METH_TYPED: c_int = 0x1000;

/// The most arguments a typed signature may declare.
pub const MAX_ARGS: usize = 8;

/// The paper's metadata struct, as `typed_methods.h` lays it out.
#[repr(C)]
pub struct PyTypedMethodMetadata {
    /// Argument type codes, ending with -1.
    pub arg_types: *const c_int,
    /// The result's type code; negative if the function can raise.
    pub ret_type: c_int,
    /// The C function to call.
    pub underlying_func: *const c_void,
    /// The method's name (where `ml_name` points).
    pub ml_name: [c_char; 100],
}

/// A declared argument or result type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CType {
    /// `T_C_LONG`
    Long,
    /// `T_C_DOUBLE`
    Double,
    /// `T_PY_OBJECT`
    Object,
    /// `T_C_VOID` (results only)
    Void,
    /// `T_C_BOOL`
    Bool,
    /// `T_C_STR` (arguments only)
    Str,
}

impl CType {
    fn from_code(c: c_int) -> Option<CType> {
        Some(match c {
            1 => CType::Long,
            2 => CType::Double,
            3 => CType::Object,
            4 => CType::Void,
            5 => CType::Bool,
            6 => CType::Str,
            _ => return None,
        })
    }

    fn arg_class(self) -> ArgClass {
        match self {
            CType::Double => ArgClass::F64,
            CType::Bool => ArgClass::I32,
            _ => ArgClass::I64,
        }
    }

    fn ret_class(self) -> RetClass {
        match self {
            CType::Double => RetClass::F64,
            CType::Bool => RetClass::I32,
            CType::Void => RetClass::Void,
            _ => RetClass::I64,
        }
    }
}

/// A validated typed signature, ready to call.
pub struct TypedSig {
    /// Declared argument types (without `self`).
    pub args: Vec<CType>,
    /// The result type.
    pub ret: CType,
    /// Whether the function can raise (`MAY_RAISE`).
    pub may_raise: bool,
    /// `underlying_func`.
    pub func: *const c_void,
    /// Whether `self` is passed first (methods of C types).
    pub takes_self: bool,
    /// Whether no argument is a `T_C_STR`: then a call whose object
    /// arguments are all heap objects boxes nothing and has nothing to
    /// release, and takes the shorter path ([`TypedSig::call`]).
    direct: bool,
    /// The precompiled call for the signature, if it has one.
    native: Option<Native>,
    stub: Stub,
}

/// The signatures called through a Rust function-pointer type of their
/// own, with no stub and no slot array ("precompiled trampolines per
/// signature shape"): the shapes of the typed benchmarks, which are also
/// the usual shapes of numeric functions. Every other signature goes
/// through its Cranelift stub. Named by argument types, then the result's
/// (`L` long, `D` double, `O` object).
///
/// A short list on purpose: a variant that covered every signature of up
/// to two `long`/`double`/object arguments (fourteen shapes, any argument
/// value the declared type accepts) spent its savings telling them apart
/// (callgrind, ffi_inc: 426 instructions per iteration against 418 with
/// only stubs, and 388 with this list).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
#[doc(hidden)]
pub enum Native {
    L_L,
    LL_L,
    D_D,
    DD_D,
    OL_L,
    O_O,
}

// `Native` passes a T_C_LONG as an `i64`, as the stubs do.
const _: () = assert!(std::mem::size_of::<std::ffi::c_long>() == 8);

impl Native {
    /// The precompiled shape for a signature, if it has one (functions of
    /// C types, which take a receiver, have none).
    #[doc(hidden)]
    pub fn of(takes_self: bool, args: &[CType], ret: CType) -> Option<Native> {
        use CType::{Double as D, Long as L, Object as O};
        if takes_self {
            return None;
        }
        Some(match (args, ret) {
            ([L], L) => Native::L_L,
            ([L, L], L) => Native::LL_L,
            ([D], D) => Native::D_D,
            ([D, D], D) => Native::DD_D,
            ([O, L], L) => Native::OL_L,
            ([O], O) => Native::O_O,
            _ => return None,
        })
    }
}

/// Why metadata was rejected (shown in the ImportError).
fn bad(name: &str, what: String) -> PyErr {
    PyErr::new(
        &types::IMPORT_ERROR,
        format!("malformed typed-method metadata for '{name}': {what}"),
    )
}

/// Reads and validates the metadata of a `METH_TYPED` method entry.
///
/// # Safety
/// `def` must be a live method entry whose flags include `METH_TYPED`, and
/// its `ml_name` must point into a `PyTypedMethodMetadata` (what the
/// `TYPED_SIG` macro produces).
pub unsafe fn read(def: *const PyMethodDef, takes_self: bool) -> PyResult<TypedSig> {
    // SAFETY: `def` is live (caller).
    let (name_ptr, flags) = unsafe { ((*def).ml_name, (*def).ml_flags) };
    let offset = std::mem::offset_of!(PyTypedMethodMetadata, ml_name);
    // SAFETY: the caller guarantees `ml_name` lies inside the metadata
    // struct; stepping back by the field offset finds its start.
    let meta = unsafe { &*((name_ptr as *const u8).sub(offset) as *const PyTypedMethodMetadata) };
    // SAFETY: `ml_name` is a NUL-terminated string (the macro stores the
    // method's name there).
    let name = unsafe { CStr::from_ptr(name_ptr) }
        .to_string_lossy()
        .into_owned();
    if meta.arg_types.is_null() {
        return Err(bad(&name, "the argument type list is NULL".into()));
    }
    if meta.underlying_func.is_null() {
        return Err(bad(&name, "underlying_func is NULL".into()));
    }
    let mut args = Vec::new();
    for i in 0..=MAX_ARGS {
        // SAFETY: the list ends with -1; reading stops at the first -1 or
        // after MAX_ARGS + 1 entries (then the signature is rejected).
        let code = unsafe { *meta.arg_types.add(i) };
        if code == -1 {
            break;
        }
        if i == MAX_ARGS {
            return Err(bad(
                &name,
                format!("more than {MAX_ARGS} arguments (or a missing -1 terminator)"),
            ));
        }
        let t = CType::from_code(code).ok_or_else(|| {
            bad(
                &name,
                format!("unknown type code {code} for argument {}", i + 1),
            )
        })?;
        if t == CType::Void {
            return Err(bad(
                &name,
                format!(
                    "argument {} has type T_C_VOID, which is only valid as a result",
                    i + 1
                ),
            ));
        }
        args.push(t);
    }
    let ret = CType::from_code(meta.ret_type.abs())
        .ok_or_else(|| bad(&name, format!("unknown result type code {}", meta.ret_type)))?;
    if ret == CType::Str {
        return Err(bad(
            &name,
            "T_C_STR is not a valid result type (it is only valid for arguments)".into(),
        ));
    }
    let kind = flags & !(METH_TYPED | crate::methodobject::METH_COEXIST);
    let need = match kind {
        crate::methodobject::METH_NOARGS => Some(0),
        crate::methodobject::METH_O => Some(1),
        _ => None,
    };
    if let Some(n) = need
        && args.len() != n
    {
        let conv = if n == 0 { "METH_NOARGS" } else { "METH_O" };
        return Err(bad(
            &name,
            format!(
                "{conv} takes {n} argument{} but the signature declares {}",
                if n == 1 { "" } else { "s" },
                args.len()
            ),
        ));
    }
    let mut classes: Vec<ArgClass> = Vec::with_capacity(args.len() + 1);
    if takes_self {
        classes.push(ArgClass::I64);
    }
    classes.extend(args.iter().map(|a| a.arg_class()));
    let shape = Shape {
        args: classes,
        ret: ret.ret_class(),
    };
    let stub = trampoline::stub_for(&shape)
        .map_err(|e| PyErr::new(&types::IMPORT_ERROR, format!("typed method '{name}': {e}")))?;
    let direct = !args.contains(&CType::Str);
    Ok(TypedSig {
        direct,
        native: Native::of(takes_self, &args, ret),
        args,
        ret,
        may_raise: meta.ret_type < 0,
        func: meta.underlying_func,
        takes_self,
        stub,
    })
}

/// The 64-bit slot for a `long`, `bool` or `double` argument: an `int` or
/// `bool` for `T_C_LONG`/`T_C_BOOL`, a `float`, `int` or `bool` for
/// `T_C_DOUBLE`; `None` when the value does not fit the type.
#[inline(always)]
fn numeric_slot(t: CType, a: &Value) -> Option<u64> {
    Some(match (t, a) {
        (CType::Long, Value::Int(v)) => *v as u64,
        (CType::Long | CType::Bool, Value::Bool(b)) => *b as u64,
        (CType::Double, Value::Float(f)) => f.to_bits(),
        (CType::Double, Value::Int(v)) => (*v as f64).to_bits(),
        (CType::Double, Value::Bool(b)) => (*b as i64 as f64).to_bits(),
        _ => return None,
    })
}

/// The 64-bit slot for an argument that needs nothing made for the call:
/// a number ([`numeric_slot`]) or, for `T_PY_OBJECT`, a heap object, whose
/// address is passed borrowed (the caller's argument slice keeps it alive
/// across the call). `None` when the value needs a box or a C string, or
/// does not fit.
#[inline(always)]
fn direct_slot(t: CType, a: &Value) -> Option<u64> {
    match (t, a) {
        (CType::Object, Value::Obj(o)) => Some(o.as_ptr() as u64),
        _ => numeric_slot(t, a),
    }
}

/// Releases the boxes made for the slots whose bit is set in `owned`.
#[inline]
fn release(slots: &[u64; MAX_ARGS + 1], owned: u32) {
    if owned == 0 {
        return;
    }
    for (i, s) in slots.iter().enumerate() {
        if owned & (1 << i) != 0 {
            // SAFETY: the slot holds the new reference made by `into_raw`
            // for this call, released exactly once here.
            if let Some(b) = unsafe { ObjRef::from_raw(*s as usize as *mut PyObject) } {
                crate::object::recycle_box(b);
            }
        }
    }
}

/// The outcome of trying the fast path.
pub enum Fast {
    /// The call happened.
    Done(PyResult<Value>),
    /// A `T_PY_OBJECT` result was NULL with no exception set (the caller
    /// names the function in the SystemError).
    NullWithoutError,
    /// An argument did not fit the declared types: use the generic path.
    Fallback,
}

/// Calls `$sig.func` as the C function `($t...) -> $r` on `$a...`, with
/// `$vm` lent.
macro_rules! native_call {
    ($sig:expr, $vm:expr, ($($a:expr => $t:ty),*) -> $r:ty) => {{
        // SAFETY: `func` is `underlying_func`, whose C signature the
        // metadata declares (the extension's promise); `Native::of` matched
        // this Rust signature to that declaration.
        let f: unsafe extern "C" fn($($t),*) -> $r = unsafe { std::mem::transmute($sig.func) };
        // SAFETY: the signature (above); object arguments are addresses of
        // objects the caller's argument slice keeps alive for the call.
        state::with_vm($vm, || unsafe { f($($a),*) })
    }};
}

impl TypedSig {
    /// Calls `underlying_func` with unboxed arguments, or reports that an
    /// argument does not fit. `self_ptr` is the receiver for methods.
    ///
    /// Nothing is allocated unless a `T_PY_OBJECT` argument is an unboxed
    /// int or float (which C must see boxed) or a `T_C_STR` argument's
    /// C view has not been made before.
    ///
    /// A [`Native`] shape called with arguments of exactly the declared
    /// types (an `int` for a `double` argument takes the stub) skips the
    /// stub and its slot array. Callgrind, instructions per iteration:
    /// ffi_inc 418 -> 388, ffi_fadd 667 -> 616, ffi_obj 561 -> 517, ffi_id
    /// 638 -> 603; calls of other forms are unchanged.
    #[inline(always)]
    pub fn call(&self, vm: &mut Vm, self_ptr: *mut PyObject, args: &[Value]) -> Fast {
        use CType::{Double, Long, Object};
        use Native::*;
        let (ret, raw) = match (self.native, args) {
            (Some(L_L), [Value::Int(a)]) => {
                (Long, native_call!(self, vm, (*a => i64) -> i64) as u64)
            }
            (Some(LL_L), [Value::Int(a), Value::Int(b)]) => (
                Long,
                native_call!(self, vm, (*a => i64, *b => i64) -> i64) as u64,
            ),
            (Some(D_D), [Value::Float(a)]) => {
                (Double, native_call!(self, vm, (*a => f64) -> f64).to_bits())
            }
            (Some(DD_D), [Value::Float(a), Value::Float(b)]) => (
                Double,
                native_call!(self, vm, (*a => f64, *b => f64) -> f64).to_bits(),
            ),
            (Some(OL_L), [Value::Obj(o), Value::Int(b)]) => (
                Long,
                native_call!(self, vm, (o.as_ptr() => *mut PyObject, *b => i64) -> i64) as u64,
            ),
            (Some(O_O), [Value::Obj(o)]) => (
                Object,
                native_call!(self, vm, (o.as_ptr() => *mut PyObject) -> *mut PyObject) as u64,
            ),
            _ => return self.call_stub(vm, self_ptr, args),
        };
        self.result_as(ret, raw)
    }

    /// [`TypedSig::call`] of a `long -> long` function (`Native::L_L`)
    /// with the int `a`, the result unboxed; `None` (nothing called) for
    /// other signatures.
    #[inline(always)]
    pub fn call_long(&self, vm: &mut Vm, a: i64) -> Option<PyResult<i64>> {
        if self.native != Some(Native::L_L) {
            return None;
        }
        let r = native_call!(self, vm, (a => i64) -> i64);
        if r == -1
            && self.may_raise
            && let Some(e) = state::take_error()
        {
            return Some(Err(e));
        }
        Some(Ok(r))
    }

    /// [`TypedSig::call`] through the signature's stub: every shape, with
    /// any arguments the declared types accept.
    #[inline(always)]
    fn call_stub(&self, vm: &mut Vm, self_ptr: *mut PyObject, args: &[Value]) -> Fast {
        if args.len() != self.args.len() {
            return Fast::Fallback;
        }
        if !self.direct {
            return self.call_boxing(vm, self_ptr, args);
        }
        let mut slots = [0u64; MAX_ARGS + 1];
        let k = self.takes_self as usize;
        slots[0] = self_ptr as u64;
        // One and two arguments, the common arities, are spelled out: the
        // general loop cost them ~10 instructions per argument.
        let filled = match (args, &self.args[..]) {
            ([a], [t]) => direct_slot(*t, a).map(|r| slots[k] = r).is_some(),
            ([a, b], [ta, tb]) => match (direct_slot(*ta, a), direct_slot(*tb, b)) {
                (Some(ra), Some(rb)) => {
                    slots[k] = ra;
                    slots[k + 1] = rb;
                    true
                }
                _ => false,
            },
            _ => args
                .iter()
                .zip(&self.args)
                .enumerate()
                .all(|(i, (a, t))| direct_slot(*t, a).map(|r| slots[k + i] = r).is_some()),
        };
        if !filled {
            // An unboxed value for an object argument needs a box; a value
            // that does not fit falls back from there.
            return self.call_boxing(vm, self_ptr, args);
        }
        let raw = state::with_vm(vm, || {
            // SAFETY: `func` has the C signature the metadata declares (the
            // extension's promise, checked for shape at import), `stub` was
            // compiled for exactly that shape, and `slots` holds one value
            // of the declared class per argument; object arguments are
            // kept alive by `args` for the call.
            unsafe { (self.stub)(self.func as *const u8, slots.as_ptr()) }
        });
        self.result(raw)
    }

    /// [`TypedSig::call`] for signatures with string arguments, and for
    /// calls passing an unboxed value (an int, a float, `None`...) as an
    /// object argument: those need a C string or a box made for the call.
    #[inline(never)]
    fn call_boxing(&self, vm: &mut Vm, self_ptr: *mut PyObject, args: &[Value]) -> Fast {
        let mut slots = [0u64; MAX_ARGS + 1];
        // Slots holding a box made here for an unboxed T_PY_OBJECT argument
        // (one bit per slot); they are released after the call.
        let mut owned: u32 = 0;
        let mut k = 0;
        if self.takes_self {
            slots[0] = self_ptr as u64;
            k = 1;
        }
        for (a, t) in args.iter().zip(&self.args) {
            let raw = match (t, a) {
                (CType::Long | CType::Bool | CType::Double, _) => match numeric_slot(*t, a) {
                    Some(raw) => raw,
                    None => {
                        release(&slots, owned);
                        return Fast::Fallback;
                    }
                },
                (CType::Object, Value::Obj(o)) => o.as_ptr() as u64,
                (CType::Object, v) => {
                    owned |= 1 << k;
                    crate::object::boxed(v).into_raw() as u64
                }
                (CType::Str, Value::Obj(o)) => match o.downcast::<StrObj>() {
                    Some(s) => {
                        let text = s.utf8_with_nul();
                        // A NUL inside the text would cut the C string short:
                        // the generic wrapper reports it.
                        if text[..text.len() - 1].contains(&0) {
                            release(&slots, owned);
                            return Fast::Fallback;
                        }
                        text.as_ptr() as u64
                    }
                    None => {
                        release(&slots, owned);
                        return Fast::Fallback;
                    }
                },
                _ => {
                    release(&slots, owned);
                    return Fast::Fallback;
                }
            };
            slots[k] = raw;
            k += 1;
        }
        let raw = state::with_vm(vm, || {
            // SAFETY: as in `call`; object and string arguments are kept
            // alive by `args` and the owned boxes for the call.
            unsafe { (self.stub)(self.func as *const u8, slots.as_ptr()) }
        });
        release(&slots, owned);
        self.result(raw)
    }

    /// Converts the stub's 64 result bits, checking for an exception the
    /// way the metadata says.
    #[inline(always)]
    fn result(&self, raw: u64) -> Fast {
        self.result_as(self.ret, raw)
    }

    /// [`TypedSig::result`] for a result of type `ret` (the signature's),
    /// which callers that know it pass as a constant.
    #[inline(always)]
    fn result_as(&self, ret: CType, raw: u64) -> Fast {
        let failed = |sentinel: bool| -> Option<PyErr> {
            if self.may_raise && sentinel {
                state::take_error()
            } else {
                None
            }
        };
        let r = match ret {
            CType::Long => {
                let v = raw as i64;
                match failed(v == -1) {
                    Some(e) => Err(e),
                    None => Ok(Value::Int(v)),
                }
            }
            CType::Double => {
                let v = f64::from_bits(raw);
                match failed(v == -1.0) {
                    Some(e) => Err(e),
                    None => Ok(Value::float(v)),
                }
            }
            CType::Bool => {
                let v = raw as i64;
                match failed(v == -1) {
                    Some(e) => Err(e),
                    None => Ok(Value::Bool(v != 0)),
                }
            }
            CType::Void => match failed(true) {
                Some(e) => Err(e),
                None => Ok(Value::None),
            },
            CType::Object | CType::Str => {
                let p = raw as usize as *mut PyObject;
                // SAFETY: a T_PY_OBJECT result is a new reference or NULL.
                match unsafe { take_new(p) } {
                    Some(v) => Ok(v),
                    // NULL is an error whatever the metadata says (there is
                    // no value to return).
                    None => match state::take_error() {
                        Some(e) => Err(e),
                        None => return Fast::NullWithoutError,
                    },
                }
            }
        };
        Fast::Done(r)
    }
}
