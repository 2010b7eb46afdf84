//! Exceptions: `PyErr_*`. The pending exception lives in [`crate::state`]
//! as a normalized exception instance; a C function that returns its error
//! sentinel hands it to the interpreter, which raises it.

use crate::object::{Py_ssize_t, PyObject, borrow, c_str, fail, guard, new_ref};
use crate::state;
use abi::TypeObject;
use interp::object::class::is_subclass;
use interp::object::types::{self, Kind};
use interp::object::{DictObj, ExcObj, ObjRef, TupleObj};
use interp::{PyErr, PyResult, Value};
use std::ffi::{c_char, c_int};

/// The exception type at `t` (a counted reference), if it is one whose
/// instances Typhon can make: a built-in exception, or a class deriving
/// from one (defined in Python or made by `PyErr_NewException`).
///
/// # Safety
/// `t` must be null or a live object.
pub(crate) unsafe fn exception_type(t: *mut PyObject) -> Option<ObjRef> {
    // SAFETY: forwarded from the caller.
    let o = unsafe { borrow(t) }?;
    let ty = o.as_type()?;
    if ty.kind() != Kind::EXC || !is_subclass(ty, types::BASE_EXCEPTION.get()) {
        return None;
    }
    Some(ObjRef::clone(&o))
}

/// `t(*args)` as an exception, or the SystemError CPython raises when `t`
/// is not an exception type.
///
/// # Safety
/// `t` must be null or a live object.
pub(crate) unsafe fn make_exception(t: *mut PyObject, value: Option<Value>) -> PyErr {
    // SAFETY: forwarded from the caller.
    let Some(ty) = (unsafe { exception_type(t) }) else {
        // SAFETY: forwarded from the caller.
        let shown = match unsafe { borrow(t) } {
            Some(b) => interp::ops::repr_simple(&b.value()),
            None => "NULL".into(),
        };
        return PyErr::new(
            &types::SYSTEM_ERROR,
            format!("_PyErr_SetObject: exception {shown} is not a BaseException subclass"),
        );
    };
    let args = match value {
        None | Some(Value::None) => Vec::new(),
        Some(v) => match v.downcast::<TupleObj>() {
            Some(t) => t.items.to_vec(),
            None => {
                if let Value::Obj(o) = &v
                    && o.kind() == Kind::EXC
                    && ty.as_type().is_some_and(|t| is_subclass(o.ty(), t))
                {
                    return PyErr(o.clone());
                }
                vec![v]
            }
        },
    };
    match ExcObj::new_of_type(&ty, args) {
        Some(e) => PyErr(e),
        None => PyErr::new(
            &types::SYSTEM_ERROR,
            "exception type cannot be instantiated",
        ),
    }
}

/// `PyErr_SetString`.
pub(crate) unsafe extern "C" fn PyErr_SetString(t: *mut PyObject, msg: *const c_char) {
    guard((), || {
        // SAFETY: the C API contract: `msg` is a C string.
        let text = match unsafe { c_str(msg) } {
            Ok(s) => Value::str(s),
            Err(e) => return state::set_error(e),
        };
        // SAFETY: `t` is a live object (contract).
        state::set_error(unsafe { make_exception(t, Some(text)) });
    })
}

/// `PyErr_SetObject`.
pub(crate) unsafe extern "C" fn PyErr_SetObject(t: *mut PyObject, v: *mut PyObject) {
    guard((), || {
        // SAFETY: `v` is null or live (contract).
        let value = unsafe { borrow(v) }.map(|b| b.value());
        // SAFETY: `t` is live (contract).
        state::set_error(unsafe { make_exception(t, value) });
    })
}

/// `PyErr_SetNone`.
pub(crate) unsafe extern "C" fn PyErr_SetNone(t: *mut PyObject) {
    guard((), || {
        // SAFETY: `t` is live (contract).
        state::set_error(unsafe { make_exception(t, None) });
    })
}

/// `PyErr_Occurred`: the pending exception's type (borrowed), or NULL.
pub(crate) unsafe extern "C" fn PyErr_Occurred() -> *mut PyObject {
    state::with_error(|e| match e {
        Some(e) => e.ty() as *const TypeObject as *mut PyObject,
        None => std::ptr::null_mut(),
    })
}

/// `PyErr_Clear`.
pub(crate) unsafe extern "C" fn PyErr_Clear() {
    drop(state::take_error());
}

/// `PyErr_WriteUnraisable(obj)`: reports the pending exception, which no
/// caller can receive, on stderr as CPython's default hook does, and
/// clears it.
pub(crate) unsafe extern "C" fn PyErr_WriteUnraisable(obj: *mut PyObject) {
    let Some(e) = state::take_error() else {
        return;
    };
    // SAFETY: `obj` is NULL or live (contract).
    let o = if obj.is_null() {
        None
    } else {
        unsafe { crate::object::arg(obj) }.ok()
    };
    // Printed once the calling frame's line is known (as warnings are).
    interp::warnings::unraisable_later(e, o);
}

/// `PyErr_NoMemory`: sets MemoryError, returns NULL.
pub(crate) unsafe extern "C" fn PyErr_NoMemory() -> *mut PyObject {
    fail(
        PyErr::with_args(&types::MEMORY_ERROR, Vec::new()),
        std::ptr::null_mut(),
    )
}

/// `PyErr_BadArgument`: sets TypeError, returns 0.
pub(crate) unsafe extern "C" fn PyErr_BadArgument() -> c_int {
    fail(
        PyErr::type_error("bad argument type for built-in operation"),
        0,
    )
}

/// `_PyErr_BadInternalCall` (behind the `PyErr_BadInternalCall()` macro).
pub(crate) unsafe extern "C" fn _PyErr_BadInternalCall(file: *const c_char, line: c_int) {
    guard((), || {
        // SAFETY: the macro passes `__FILE__`.
        let file = unsafe { c_str(file) }.unwrap_or("?");
        state::set_error(PyErr::new(
            &types::SYSTEM_ERROR,
            format!("{file}:{line}: bad argument to internal function"),
        ));
    })
}

/// Whether exception (or exception type) `given` matches `t`, a type or a
/// tuple of types.
///
/// # Safety
/// Both must be null or live objects.
unsafe fn matches(given: *mut PyObject, t: *mut PyObject) -> bool {
    // SAFETY: forwarded from the caller.
    let (Some(g), Some(t)) = (unsafe { borrow(given) }, unsafe { borrow(t) }) else {
        return false;
    };
    let gty: &TypeObject = match g.as_type() {
        Some(ty) => ty,
        None => g.ty(),
    };
    let one = |t: &ObjRef| t.as_type().is_some_and(|t| is_subclass(gty, t));
    match t.downcast::<TupleObj>() {
        Some(tup) => tup.items.iter().any(|x| x.as_obj().is_some_and(one)),
        None => one(&t),
    }
}

/// `PyErr_GivenExceptionMatches`.
pub(crate) unsafe extern "C" fn PyErr_GivenExceptionMatches(
    given: *mut PyObject,
    t: *mut PyObject,
) -> c_int {
    // SAFETY: both live or null (contract).
    unsafe { matches(given, t) as c_int }
}

/// `PyErr_ExceptionMatches`: whether the pending exception matches `t`.
pub(crate) unsafe extern "C" fn PyErr_ExceptionMatches(t: *mut PyObject) -> c_int {
    // SAFETY: PyErr_Occurred returns a borrowed type or null.
    unsafe { matches(PyErr_Occurred(), t) as c_int }
}

/// `PyErr_Fetch`: takes the pending exception as (type, value, traceback)
/// new references; the traceback is always NULL (Typhon keeps it in the
/// exception object).
pub(crate) unsafe extern "C" fn PyErr_Fetch(
    ptype: *mut *mut PyObject,
    pvalue: *mut *mut PyObject,
    ptb: *mut *mut PyObject,
) {
    let (t, v) = match state::take_error() {
        Some(e) => (new_ref(Value::Obj(e.0.type_ref())), new_ref(e.value())),
        None => (std::ptr::null_mut(), std::ptr::null_mut()),
    };
    // SAFETY: the caller passes three writable pointers (contract).
    unsafe {
        if !ptype.is_null() {
            *ptype = t;
        }
        if !pvalue.is_null() {
            *pvalue = v;
        }
        if !ptb.is_null() {
            *ptb = std::ptr::null_mut();
        }
    }
}

/// `PyErr_Restore`: sets the pending exception from (type, value,
/// traceback), stealing all three.
pub(crate) unsafe extern "C" fn PyErr_Restore(
    t: *mut PyObject,
    v: *mut PyObject,
    tb: *mut PyObject,
) {
    guard((), || {
        // SAFETY: the three are stolen references or null (contract).
        let (t_own, v_own, tb_own) = unsafe {
            (
                ObjRef::from_raw(t),
                ObjRef::from_raw(v),
                ObjRef::from_raw(tb),
            )
        };
        drop(tb_own);
        match t_own {
            None => {
                drop(v_own);
                drop(state::take_error());
            }
            Some(ty) => {
                let value = v_own.map(Value::from_heap);
                // SAFETY: `ty` keeps the type alive for the call.
                state::set_error(unsafe { make_exception(ty.as_ptr(), value) });
            }
        }
    })
}

/// `PyErr_NormalizeException`: turns (type, value) into (type, instance).
pub(crate) unsafe extern "C" fn PyErr_NormalizeException(
    ptype: *mut *mut PyObject,
    pvalue: *mut *mut PyObject,
    _ptb: *mut *mut PyObject,
) {
    guard((), || {
        if ptype.is_null() || pvalue.is_null() {
            return;
        }
        // SAFETY: the caller passes pointers to owned references.
        unsafe {
            let t = *ptype;
            if t.is_null() {
                return;
            }
            let v = ObjRef::from_raw(*pvalue).map(Value::from_heap);
            let e = make_exception(t, v);
            *pvalue = new_ref(e.value());
        }
    })
}

/// `PyErr_NewException(name, base, dict)`: a new exception type named
/// `module.Name`, deriving from `base` (default `Exception`). A tuple of
/// bases and a class dict are not supported.
pub(crate) unsafe extern "C" fn PyErr_NewException(
    name: *const c_char,
    base: *mut PyObject,
    dict: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `name` is a C string (contract).
        let r = unsafe { new_exception(name, base, dict) };
        match r {
            Ok(t) => t,
            Err(e) => fail(e, std::ptr::null_mut()),
        }
    })
}

/// `PyErr_NewExceptionWithDoc` (the doc is ignored).
pub(crate) unsafe extern "C" fn PyErr_NewExceptionWithDoc(
    name: *const c_char,
    _doc: *const c_char,
    base: *mut PyObject,
    dict: *mut PyObject,
) -> *mut PyObject {
    // SAFETY: same contract.
    unsafe { PyErr_NewException(name, base, dict) }
}

unsafe fn new_exception(
    name: *const c_char,
    base: *mut PyObject,
    dict: *mut PyObject,
) -> PyResult<*mut PyObject> {
    // SAFETY: forwarded from the caller.
    let text = unsafe { c_str(name) }?;
    if !text.contains('.') {
        return Err(PyErr::new(
            &types::SYSTEM_ERROR,
            "PyErr_NewException: name must be module.class",
        ));
    }
    if !dict.is_null() {
        return Err(PyErr::new(
            &types::NOT_IMPLEMENTED_ERROR,
            "PyErr_NewException with a class dict is not supported by typhon",
        ));
    }
    let base_ty = if base.is_null() {
        ObjRef::from_static(&types::EXCEPTION)
    } else {
        // SAFETY: `base` is live (contract).
        match unsafe { exception_type(base) } {
            Some(t) => t,
            None => {
                return Err(PyErr::new(
                    &types::NOT_IMPLEMENTED_ERROR,
                    "PyErr_NewException: base must be one exception type in typhon",
                ));
            }
        }
    };
    // As CPython's: `type(Name, (base,), {'__module__': module})`, a
    // mortal heap type freed with its last reference.
    let (module, short) = text.rsplit_once('.').unwrap_or(("", text));
    let ns = DictObj::new_obj();
    if let Some(d) = ns.downcast::<DictObj>() {
        d.set_str("__module__", Value::str(module));
    }
    let t = interp::classes::new_class(short, vec![base_ty], ns)?;
    if let Some(cd) = interp::object::class::class_data(&t) {
        cd.made_by_c.set(true);
    }
    Ok(t.into_raw())
}

/// `Py_FatalError` (as `_Py_FatalErrorFunc(__func__, message)`): CPython
/// prints the message and aborts. Typhon prints CPython's first lines,
/// writes what `print` had buffered, and exits with status 1 instead of
/// aborting (no core dump, no signal).
pub(crate) unsafe extern "C" fn _Py_FatalErrorFunc(func: *const c_char, msg: *const c_char) {
    // SAFETY: both are NULL or C strings (contract).
    let text = |p: *const c_char| {
        if p.is_null() {
            String::new()
        } else {
            // SAFETY: as above.
            unsafe { std::ffi::CStr::from_ptr(p) }
                .to_string_lossy()
                .into_owned()
        }
    };
    let (func, msg) = (text(func), text(msg));
    let _ = crate::state::current_vm(|vm| vm.flush());
    let head = if func.is_empty() {
        format!("Fatal Python error: {msg}")
    } else {
        format!("Fatal Python error: {func}: {msg}")
    };
    eprintln!("{head}\nPython runtime state: initialized\n");
    std::process::exit(1);
}

// ----- warnings ------------------------------------------------------------------------

/// The category C passed (NULL: `RuntimeWarning`, as in CPython). Like
/// CPython's C API, any class is taken (a `ValueError` prints as one).
///
/// # Safety
/// `category` must be null or live.
unsafe fn warning_category(category: *mut PyObject) -> PyResult<ObjRef> {
    // SAFETY: forwarded.
    let Some(c) = (unsafe { borrow(category) }) else {
        return Ok(types::RUNTIME_WARNING.get().to_ref());
    };
    if c.as_type().is_none() {
        return Err(PyErr::type_error(format!(
            "category must be a Warning subclass, not '{}'",
            c.ty().name()
        )));
    }
    Ok(ObjRef::clone(&c))
}

/// `PyErr_WarnEx`: a warning for the Python frame `stacklevel` levels up
/// (1: the one calling the C function). It is shown when the call returns
/// to the interpreter, which knows that frame (`interp::warnings`).
pub(crate) unsafe extern "C" fn PyErr_WarnEx(
    category: *mut PyObject,
    text: *const c_char,
    stacklevel: Py_ssize_t,
) -> c_int {
    guard(-1, || {
        // SAFETY: live or null, and a C string (contract).
        let r = unsafe { warning_category(category) }.and_then(|c| {
            let msg = unsafe { c_str(text) }?.to_owned();
            interp::warnings::warn_later(c, msg, stacklevel as i64);
            Ok(())
        });
        match r {
            Ok(()) => 0,
            Err(e) => fail(e, -1),
        }
    })
}

/// `PyErr_WarnExplicit`: a warning for the given file and line, shown at
/// once (`module` NULL: the file name without `.py`; `registry` NULL or a
/// dict of locations already warned about).
pub(crate) unsafe extern "C" fn PyErr_WarnExplicit(
    category: *mut PyObject,
    text: *const c_char,
    filename: *const c_char,
    lineno: c_int,
    module: *const c_char,
    registry: *mut PyObject,
) -> c_int {
    guard(-1, || {
        // SAFETY: live or null, and C strings (contract).
        let r = (|| unsafe {
            let c = warning_category(category)?;
            let msg = c_str(text)?;
            let file = c_str(filename)?;
            let module = if module.is_null() {
                None
            } else {
                Some(c_str(module)?)
            };
            let reg = borrow(registry)
                .filter(|r| r.downcast::<DictObj>().is_some())
                .map(|r| ObjRef::clone(&r));
            state::current_vm(|vm| {
                interp::warnings::warn_explicit(
                    vm,
                    &c,
                    msg,
                    file,
                    lineno.max(0) as u32,
                    module,
                    reg.as_ref(),
                )
            })?
        })();
        match r {
            Ok(()) => 0,
            Err(e) => fail(e, -1),
        }
    })
}

/// The exception payload at `o`, if it is an exception instance.
///
/// # Safety
/// `o` null or live, outliving the use of the payload.
unsafe fn exc_at<'a>(o: *mut PyObject) -> Option<&'a ExcObj> {
    // SAFETY: forwarded; the payload lives as long as the object.
    unsafe { abi::payload_ptr::<ExcObj>(o) }.map(|p| unsafe { &*p })
}

/// A new reference to the object in `slot`, NULL for none.
fn get_link(slot: &std::cell::RefCell<Option<ObjRef>>) -> *mut PyObject {
    match slot.borrow().clone() {
        Some(o) => o.into_raw(),
        None => std::ptr::null_mut(),
    }
}

/// `PyException_GetCause(exc)`: a new reference to `__cause__`, NULL if
/// there is none.
pub(crate) unsafe extern "C" fn PyException_GetCause(exc: *mut PyObject) -> *mut PyObject {
    // SAFETY: live (contract).
    unsafe { exc_at(exc) }.map_or(std::ptr::null_mut(), |e| get_link(&e.cause))
}

/// `PyException_GetContext(exc)`: a new reference to `__context__`, NULL
/// if there is none.
pub(crate) unsafe extern "C" fn PyException_GetContext(exc: *mut PyObject) -> *mut PyObject {
    // SAFETY: live (contract).
    unsafe { exc_at(exc) }.map_or(std::ptr::null_mut(), |e| get_link(&e.context))
}

/// `PyException_SetCause(exc, cause)`: sets `__cause__` (stealing the
/// reference; NULL clears it) and `__suppress_context__`, as `raise ...
/// from ...` does.
pub(crate) unsafe extern "C" fn PyException_SetCause(exc: *mut PyObject, cause: *mut PyObject) {
    // SAFETY: `cause` is NULL or a reference the caller gives up.
    let c = unsafe { ObjRef::from_raw(cause) };
    // SAFETY: live (contract).
    if let Some(e) = unsafe { exc_at(exc) } {
        e.suppress_context.set(true);
        let old = e.cause.replace(c);
        drop(old);
    }
}

/// `PyException_SetContext(exc, context)`: sets `__context__` (stealing
/// the reference; NULL clears it).
pub(crate) unsafe extern "C" fn PyException_SetContext(exc: *mut PyObject, ctx: *mut PyObject) {
    // SAFETY: `ctx` is NULL or a reference the caller gives up.
    let c = unsafe { ObjRef::from_raw(ctx) };
    // SAFETY: live (contract).
    if let Some(e) = unsafe { exc_at(exc) } {
        let old = e.context.replace(c);
        drop(old);
    }
}

/// `PyExceptionClass_Name(t)`: the exception class's `tp_name`.
pub(crate) unsafe extern "C" fn PyExceptionClass_Name(t: *mut PyObject) -> *const c_char {
    if t.is_null() {
        return std::ptr::null();
    }
    // SAFETY: `t` is a live type object (contract: an exception class).
    unsafe { (*t.cast::<TypeObject>()).tp_name }
}
