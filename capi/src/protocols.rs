//! The abstract object layer: `PyObject_*` (attributes, calls, repr,
//! comparison, truth, length, items, hashing, iteration), `PyNumber_*`,
//! `PyIter_Next` and `PyCallable_Check`. Each runs the interpreter's own
//! semantics with the VM lent to the calling C code.

use crate::object::{
    Py_hash_t, Py_ssize_t, PyObject, PyTypeObject, arg, borrow, c_str, fail, guard, new_ref,
    ret_obj, ret_or, ret_status,
};
use crate::state;
use crate::unicode::text_arg;
use interp::bytecode::{BinOp, CmpOp};
use interp::object::types::{self, Kind};
use interp::object::{Args, DictObj, ObjRef, TupleObj};
use interp::{PyErr, PyResult, Value, Vm, ops};
use std::ffi::{c_char, c_int};

/// Runs `f` with the lent interpreter, as a PyResult.
fn with_vm<T>(f: impl FnOnce(&mut Vm) -> PyResult<T>) -> PyResult<T> {
    state::current_vm(f).and_then(|r| r)
}

/// `Py_IncRef` (the function form of `Py_INCREF`).
pub(crate) unsafe extern "C" fn Py_IncRef(o: *mut PyObject) {
    // SAFETY: `o` is null or live (contract); the borrowed view is cloned
    // into an owned count that is then kept.
    if let Some(b) = unsafe { borrow(o) } {
        std::mem::forget((*b).clone());
    }
}

/// `Py_DecRef` (the function form of `Py_DECREF`).
pub(crate) unsafe extern "C" fn Py_DecRef(o: *mut PyObject) {
    // SAFETY: `o` is null or a reference the caller owns (contract).
    drop(unsafe { ObjRef::from_raw(o) });
}

/// `PyObject_GetAttrString`.
pub(crate) unsafe extern "C" fn PyObject_GetAttrString(
    o: *mut PyObject,
    name: *const c_char,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live object and C string (contract).
        let r = (|| unsafe {
            let v = arg(o)?;
            let n = c_str(name)?;
            with_vm(|vm| vm.getattr(&v, n))
        })();
        ret_obj(r)
    })
}

/// `PyObject_GetAttr`.
pub(crate) unsafe extern "C" fn PyObject_GetAttr(
    o: *mut PyObject,
    name: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live objects (contract).
        let r = (|| unsafe {
            let v = arg(o)?;
            let n = text_arg(name)?;
            with_vm(|vm| vm.getattr(&v, &n))
        })();
        ret_obj(r)
    })
}

fn set_attr(o: &Value, name: &str, v: Option<Value>) -> PyResult<()> {
    with_vm(|vm| match v {
        Some(v) => vm.setattr(o, name, v),
        // `del o.name`, as Python code runs it (a class's `__delattr__`,
        // properties, instance attributes, C types' `tp_setattro`).
        None => vm.delattr(o, name),
    })
}

/// `PyObject_SetAttrString` (NULL value deletes).
pub(crate) unsafe extern "C" fn PyObject_SetAttrString(
    o: *mut PyObject,
    name: *const c_char,
    v: *mut PyObject,
) -> c_int {
    guard(-1, || {
        // SAFETY: live or null objects and a C string (contract).
        let r = (|| unsafe {
            let ov = arg(o)?;
            let n = c_str(name)?;
            let val = borrow(v).map(|b| b.value());
            set_attr(&ov, n, val)
        })();
        ret_status(r)
    })
}

/// `PyObject_SetAttr` (NULL value deletes).
pub(crate) unsafe extern "C" fn PyObject_SetAttr(
    o: *mut PyObject,
    name: *mut PyObject,
    v: *mut PyObject,
) -> c_int {
    guard(-1, || {
        // SAFETY: live or null objects (contract).
        let r = (|| unsafe {
            let ov = arg(o)?;
            let n = text_arg(name)?;
            let val = borrow(v).map(|b| b.value());
            set_attr(&ov, &n, val)
        })();
        ret_status(r)
    })
}

/// `PyObject_HasAttrString`: 1 or 0; errors are swallowed.
pub(crate) unsafe extern "C" fn PyObject_HasAttrString(
    o: *mut PyObject,
    name: *const c_char,
) -> c_int {
    // SAFETY: forwarded.
    let r = unsafe { PyObject_GetAttrString(o, name) };
    has(r)
}

/// `PyObject_HasAttr`: 1 or 0; errors are swallowed.
pub(crate) unsafe extern "C" fn PyObject_HasAttr(o: *mut PyObject, name: *mut PyObject) -> c_int {
    // SAFETY: forwarded.
    let r = unsafe { PyObject_GetAttr(o, name) };
    has(r)
}

fn has(r: *mut PyObject) -> c_int {
    // SAFETY: a new reference or NULL.
    match unsafe { crate::object::take_new(r) } {
        Some(_) => 1,
        None => {
            drop(state::take_error());
            0
        }
    }
}

/// The keyword arguments of a kwargs dict.
fn kw_pairs(kw: *mut PyObject) -> PyResult<Vec<(ObjRef, Value)>> {
    // SAFETY: `kw` is null or live (caller's contract).
    let Some(b) = (unsafe { borrow(kw) }) else {
        return Ok(Vec::new());
    };
    let Some(d) = b.downcast::<DictObj>() else {
        return Err(PyErr::type_error(format!(
            "argument after ** must be a mapping, not {}",
            b.ty().name()
        )));
    };
    d.items()
        .into_iter()
        .map(|(k, v)| match k {
            Value::Obj(o) if o.downcast::<interp::object::StrObj>().is_some() => Ok((o, v)),
            _ => Err(PyErr::type_error("keywords must be strings")),
        })
        .collect()
}

fn call(callable: *mut PyObject, args: Option<Vec<Value>>, kw: *mut PyObject) -> PyResult<Value> {
    // SAFETY: `callable` is live (caller's contract).
    let f = unsafe { arg(callable) }?;
    let kw = kw_pairs(kw)?;
    let pos = args.unwrap_or_default();
    with_vm(|vm| vm.call_with(&f, Args { pos: &pos, kw: &kw }))
}

/// The items of an argument tuple.
fn tuple_items(t: *mut PyObject) -> PyResult<Option<Vec<Value>>> {
    // SAFETY: `t` is null or live (caller's contract).
    let Some(b) = (unsafe { borrow(t) }) else {
        return Ok(None);
    };
    match b.downcast::<TupleObj>() {
        Some(tup) => Ok(Some(tup.items.to_vec())),
        None => Err(PyErr::type_error("argument list must be a tuple")),
    }
}

/// `PyObject_Call(callable, args, kwargs)`.
pub(crate) unsafe extern "C" fn PyObject_Call(
    callable: *mut PyObject,
    args: *mut PyObject,
    kw: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        let r = tuple_items(args).and_then(|a| call(callable, Some(a.unwrap_or_default()), kw));
        ret_obj(r)
    })
}

/// `PyObject_CallObject(callable, args-or-NULL)`.
pub(crate) unsafe extern "C" fn PyObject_CallObject(
    callable: *mut PyObject,
    args: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        let r = tuple_items(args).and_then(|a| call(callable, a, std::ptr::null_mut()));
        ret_obj(r)
    })
}

/// `PyObject_CallNoArgs`.
pub(crate) unsafe extern "C" fn PyObject_CallNoArgs(callable: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        ret_obj(call(callable, None, std::ptr::null_mut()))
    })
}

/// `PyObject_CallOneArg`.
pub(crate) unsafe extern "C" fn PyObject_CallOneArg(
    callable: *mut PyObject,
    a: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `a` is live (contract).
        let r = unsafe { arg(a) }.and_then(|v| call(callable, Some(vec![v]), std::ptr::null_mut()));
        ret_obj(r)
    })
}

/// `repr()`/`str()` of a pointer; NULL gives `<NULL>` as in CPython.
fn text_of(o: *mut PyObject, f: fn(&mut Vm, &Value) -> PyResult<String>) -> *mut PyObject {
    // SAFETY: `o` is null or live (contract).
    let Some(b) = (unsafe { borrow(o) }) else {
        return new_ref(Value::str("<NULL>"));
    };
    let v = b.value();
    ret_obj(with_vm(|vm| f(vm, &v)).map(Value::string))
}

/// `PyObject_Repr`.
pub(crate) unsafe extern "C" fn PyObject_Repr(o: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || text_of(o, ops::repr))
}

/// `PyObject_Str`.
pub(crate) unsafe extern "C" fn PyObject_Str(o: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || text_of(o, ops::str_of))
}

fn cmp_op(op: c_int) -> Option<CmpOp> {
    Some(match op {
        0 => CmpOp::Lt,
        1 => CmpOp::Le,
        2 => CmpOp::Eq,
        3 => CmpOp::Ne,
        4 => CmpOp::Gt,
        5 => CmpOp::Ge,
        _ => return None,
    })
}

fn compare(a: *mut PyObject, b: *mut PyObject, op: c_int) -> PyResult<Value> {
    // SAFETY: live objects (caller's contract).
    let (x, y) = unsafe { (arg(a)?, arg(b)?) };
    let op = cmp_op(op).ok_or_else(crate::object::bad_internal_call)?;
    with_vm(|vm| ops::compare(vm, op, &x, &y))
}

/// `PyObject_RichCompare`.
pub(crate) unsafe extern "C" fn PyObject_RichCompare(
    a: *mut PyObject,
    b: *mut PyObject,
    op: c_int,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || ret_obj(compare(a, b, op)))
}

/// `PyObject_RichCompareBool`: identity implies equality, as in CPython.
pub(crate) unsafe extern "C" fn PyObject_RichCompareBool(
    a: *mut PyObject,
    b: *mut PyObject,
    op: c_int,
) -> c_int {
    guard(-1, || {
        if a == b && !a.is_null() && (op == 2 || op == 3) {
            return (op == 2) as c_int;
        }
        let r = compare(a, b, op).and_then(|v| with_vm(|vm| ops::truthy(vm, &v)));
        ret_or(r.map(|b| b as c_int), -1)
    })
}

/// `PyObject_IsTrue`.
pub(crate) unsafe extern "C" fn PyObject_IsTrue(o: *mut PyObject) -> c_int {
    guard(-1, || {
        // SAFETY: `o` is live (contract).
        let r = unsafe { arg(o) }.and_then(|v| with_vm(|vm| ops::truthy(vm, &v)));
        ret_or(r.map(|b| b as c_int), -1)
    })
}

/// `PyObject_Not`.
pub(crate) unsafe extern "C" fn PyObject_Not(o: *mut PyObject) -> c_int {
    // SAFETY: forwarded.
    match unsafe { PyObject_IsTrue(o) } {
        -1 => -1,
        t => (t == 0) as c_int,
    }
}

/// `PyObject_Length` / `PyObject_Size`.
pub(crate) unsafe extern "C" fn PyObject_Length(o: *mut PyObject) -> Py_ssize_t {
    guard(-1, || {
        // SAFETY: `o` is live (contract).
        let r = unsafe { arg(o) }.and_then(|v| with_vm(|vm| ops::len(vm, &v)));
        ret_or(r.map(|n| n as Py_ssize_t), -1)
    })
}

/// `PyObject_Size`.
pub(crate) unsafe extern "C" fn PyObject_Size(o: *mut PyObject) -> Py_ssize_t {
    // SAFETY: forwarded.
    unsafe { PyObject_Length(o) }
}

/// `PyObject_GetItem`.
pub(crate) unsafe extern "C" fn PyObject_GetItem(
    o: *mut PyObject,
    key: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live objects (contract).
        let r = (|| unsafe {
            let (c, k) = (arg(o)?, arg(key)?);
            with_vm(|vm| ops::getitem(vm, &c, &k))
        })();
        ret_obj(r)
    })
}

/// `PyObject_SetItem`.
pub(crate) unsafe extern "C" fn PyObject_SetItem(
    o: *mut PyObject,
    key: *mut PyObject,
    v: *mut PyObject,
) -> c_int {
    guard(-1, || {
        // SAFETY: live objects (contract).
        let r = (|| unsafe {
            let (c, k, val) = (arg(o)?, arg(key)?, arg(v)?);
            with_vm(|vm| ops::setitem(vm, &c, &k, val))
        })();
        ret_status(r)
    })
}

/// `PyObject_DelItem`.
pub(crate) unsafe extern "C" fn PyObject_DelItem(o: *mut PyObject, key: *mut PyObject) -> c_int {
    guard(-1, || {
        // SAFETY: live objects (contract).
        let r = (|| unsafe {
            let (c, k) = (arg(o)?, arg(key)?);
            with_vm(|vm| ops::delitem(vm, &c, &k)).map_err(|e| del_item_error(e, &c))
        })();
        ret_status(r)
    })
}

/// `PyObject_Hash`: never -1 for a hashable object.
pub(crate) unsafe extern "C" fn PyObject_Hash(o: *mut PyObject) -> Py_hash_t {
    guard(-1, || {
        // SAFETY: `o` is live (contract).
        // As `hash()` does: a Python class's own `__hash__` runs.
        let r = unsafe { arg(o) }.and_then(|v| with_vm(|vm| ops::hash(vm, &v)));
        match r {
            Ok(h) => match h as Py_hash_t {
                -1 => -2,
                h => h,
            },
            Err(e) => fail(e, -1),
        }
    })
}

/// `PyObject_Type`: a new reference to the type.
pub(crate) unsafe extern "C" fn PyObject_Type(o: *mut PyObject) -> *mut PyObject {
    // SAFETY: `o` is live (contract).
    match unsafe { borrow(o) } {
        Some(b) => b.type_ref().into_raw(),
        None => fail(crate::object::bad_internal_call(), std::ptr::null_mut()),
    }
}

fn isinstance(v: &Value, cls: &Value) -> PyResult<bool> {
    let one = |c: &Value| -> PyResult<bool> {
        match c.as_obj().and_then(|o| o.as_type()) {
            Some(t) => Ok(v.type_of().is_subtype(t)),
            None => Err(PyErr::type_error(
                "isinstance() arg 2 must be a type, a tuple of types, or a union",
            )),
        }
    };
    match cls.downcast::<TupleObj>() {
        Some(t) => {
            for c in t.items.iter() {
                if one(c)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        None => one(cls),
    }
}

/// `PyObject_IsInstance`.
pub(crate) unsafe extern "C" fn PyObject_IsInstance(o: *mut PyObject, cls: *mut PyObject) -> c_int {
    guard(-1, || {
        // SAFETY: live objects (contract).
        let r = (|| unsafe { isinstance(&arg(o)?, &arg(cls)?) })();
        ret_or(r.map(|b| b as c_int), -1)
    })
}

/// `PyObject_IsSubclass`.
pub(crate) unsafe extern "C" fn PyObject_IsSubclass(a: *mut PyObject, cls: *mut PyObject) -> c_int {
    guard(-1, || {
        // SAFETY: live objects (contract).
        let (Some(x), Some(c)) = (unsafe { borrow(a) }, unsafe { borrow(cls) }) else {
            return fail(crate::object::bad_internal_call(), -1);
        };
        let Some(xt) = x.as_type() else {
            return fail(PyErr::type_error("issubclass() arg 1 must be a class"), -1);
        };
        let one = |c: &ObjRef| c.as_type().is_some_and(|t| xt.is_subtype(t));
        match c.downcast::<TupleObj>() {
            Some(t) => t.items.iter().any(|v| v.as_obj().is_some_and(one)) as c_int,
            None => one(&c) as c_int,
        }
    })
}

/// `PyObject_GetIter`.
pub(crate) unsafe extern "C" fn PyObject_GetIter(o: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `o` is live (contract).
        let r = unsafe { arg(o) }.and_then(|v| with_vm(|vm| ops::get_iter(vm, &v)));
        ret_obj(r)
    })
}

/// `PyIter_Next`: the next item, or NULL (without an exception at the end).
pub(crate) unsafe extern "C" fn PyIter_Next(it: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `it` is live (contract).
        let r = unsafe { arg(it) }.and_then(|v| with_vm(|vm| ops::iter_next(vm, &v)));
        match r {
            Ok(Some(v)) => new_ref(v),
            Ok(None) => std::ptr::null_mut(),
            Err(e) => fail(e, std::ptr::null_mut()),
        }
    })
}

/// `tp_descr_get` of the built-in descriptor types (a function,
/// `classmethod`, `staticmethod`, `property`): what `type.__getattribute__`
/// does with one found on a class. `obj` NULL or None: reached through the
/// class (`ty`, or `type(obj)` when NULL).
pub(crate) unsafe extern "C" fn builtin_descr_get(
    d: *mut PyObject,
    obj: *mut PyObject,
    ty: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live objects or NULL (the slot's contract).
        let r = (|| unsafe {
            let descr = arg(d)?;
            let receiver = match borrow(obj) {
                Some(_) => Some(arg(obj)?).filter(|v| !matches!(v, Value::None)),
                None => None,
            };
            let owner = match borrow(ty) {
                Some(t) => (*t).clone(),
                None => match &receiver {
                    Some(r) => r.type_of().to_ref(),
                    None => {
                        return Err(PyErr::type_error("__get__(None, None) is invalid"));
                    }
                },
            };
            with_vm(|vm| interp::classes::descr_get(vm, descr, receiver.as_ref(), &owner))
        })();
        ret_obj(r)
    })
}

/// `PyCallable_Check`.
pub(crate) unsafe extern "C" fn PyCallable_Check(o: *mut PyObject) -> c_int {
    // SAFETY: `o` is null or live (contract).
    let Some(b) = (unsafe { borrow(o) }) else {
        return 0;
    };
    let callable = ops::is_callable_obj(&b);
    callable as c_int
}

fn binary(a: *mut PyObject, b: *mut PyObject, op: BinOp) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live objects (contract).
        let r = (|| unsafe {
            let (x, y) = (arg(a)?, arg(b)?);
            with_vm(|vm| ops::binary_op(vm, op, &x, &y))
        })();
        ret_obj(r)
    })
}

/// `PyNumber_Add`.
pub(crate) unsafe extern "C" fn PyNumber_Add(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject {
    binary(a, b, BinOp::Add)
}

/// `PyNumber_Subtract`.
pub(crate) unsafe extern "C" fn PyNumber_Subtract(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    binary(a, b, BinOp::Sub)
}

/// `PyNumber_Multiply`.
pub(crate) unsafe extern "C" fn PyNumber_Multiply(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    binary(a, b, BinOp::Mul)
}

/// `PyNumber_TrueDivide`.
pub(crate) unsafe extern "C" fn PyNumber_TrueDivide(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    binary(a, b, BinOp::TrueDiv)
}

/// `PyNumber_FloorDivide`.
pub(crate) unsafe extern "C" fn PyNumber_FloorDivide(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    binary(a, b, BinOp::FloorDiv)
}

/// `PyNumber_Remainder`.
pub(crate) unsafe extern "C" fn PyNumber_Remainder(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    binary(a, b, BinOp::Mod)
}

/// `PyNumber_Negative`.
pub(crate) unsafe extern "C" fn PyNumber_Negative(a: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `a` is live (contract).
        let r = unsafe { arg(a) }.and_then(|v| with_vm(|vm| ops::unary(vm, '-', &v)));
        ret_obj(r)
    })
}

/// `PyNumber_Lshift`.
pub(crate) unsafe extern "C" fn PyNumber_Lshift(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    binary(a, b, BinOp::LShift)
}

/// `PyNumber_Rshift`.
pub(crate) unsafe extern "C" fn PyNumber_Rshift(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    binary(a, b, BinOp::RShift)
}

/// `PyNumber_And`.
pub(crate) unsafe extern "C" fn PyNumber_And(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject {
    binary(a, b, BinOp::And)
}

/// `PyNumber_Or`.
pub(crate) unsafe extern "C" fn PyNumber_Or(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject {
    binary(a, b, BinOp::Or)
}

/// `PyNumber_Xor`.
pub(crate) unsafe extern "C" fn PyNumber_Xor(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject {
    binary(a, b, BinOp::Xor)
}

/// `PyNumber_Power(a, b, m)`: `pow(a, b)`, or `pow(a, b, m)` when `m` is
/// not None.
pub(crate) unsafe extern "C" fn PyNumber_Power(
    a: *mut PyObject,
    b: *mut PyObject,
    m: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live objects (contract).
        let r = (|| unsafe {
            let (x, y, z) = (arg(a)?, arg(b)?, arg(m)?);
            match z {
                Value::None => with_vm(|vm| ops::binary_op(vm, BinOp::Pow, &x, &y)),
                z => call_builtin("pow", &[x, y, z]),
            }
        })();
        ret_obj(r)
    })
}

/// The in-place operators (`PyNumber_InPlaceAdd`…): `a <op>= b`, the
/// result as a new reference (the object itself when it changed in
/// place).
fn inplace(a: *mut PyObject, b: *mut PyObject, op: BinOp) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live objects (contract).
        let r = (|| unsafe {
            let (x, y) = (arg(a)?, arg(b)?);
            with_vm(|vm| ops::inplace_op(vm, op, &x, &y))
        })();
        ret_obj(r)
    })
}

/// `PyNumber_InPlaceAdd`.
pub(crate) unsafe extern "C" fn PyNumber_InPlaceAdd(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    inplace(a, b, BinOp::Add)
}

/// `PyNumber_InPlaceSubtract`.
pub(crate) unsafe extern "C" fn PyNumber_InPlaceSubtract(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    inplace(a, b, BinOp::Sub)
}

/// `PyNumber_InPlaceMultiply`.
pub(crate) unsafe extern "C" fn PyNumber_InPlaceMultiply(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    inplace(a, b, BinOp::Mul)
}

/// `PyNumber_InPlaceTrueDivide`.
pub(crate) unsafe extern "C" fn PyNumber_InPlaceTrueDivide(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    inplace(a, b, BinOp::TrueDiv)
}

/// `PyNumber_InPlaceFloorDivide`.
pub(crate) unsafe extern "C" fn PyNumber_InPlaceFloorDivide(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    inplace(a, b, BinOp::FloorDiv)
}

/// `PyNumber_InPlaceRemainder`.
pub(crate) unsafe extern "C" fn PyNumber_InPlaceRemainder(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    inplace(a, b, BinOp::Mod)
}

/// `PyNumber_InPlaceLshift`.
pub(crate) unsafe extern "C" fn PyNumber_InPlaceLshift(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    inplace(a, b, BinOp::LShift)
}

/// `PyNumber_InPlaceRshift`.
pub(crate) unsafe extern "C" fn PyNumber_InPlaceRshift(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    inplace(a, b, BinOp::RShift)
}

/// `PyNumber_InPlaceAnd`.
pub(crate) unsafe extern "C" fn PyNumber_InPlaceAnd(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    inplace(a, b, BinOp::And)
}

/// `PyNumber_InPlaceOr`.
pub(crate) unsafe extern "C" fn PyNumber_InPlaceOr(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    inplace(a, b, BinOp::Or)
}

/// `PyNumber_InPlaceXor`.
pub(crate) unsafe extern "C" fn PyNumber_InPlaceXor(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    inplace(a, b, BinOp::Xor)
}

/// `PyNumber_InPlacePower(a, b, m)`: `a **= b` (with a modulus `m` that
/// is not None, `pow(a, b, m)`, as CPython does: no type has an in-place
/// three-argument power).
pub(crate) unsafe extern "C" fn PyNumber_InPlacePower(
    a: *mut PyObject,
    b: *mut PyObject,
    m: *mut PyObject,
) -> *mut PyObject {
    // SAFETY: `m` is live (contract).
    if matches!(unsafe { arg(m) }, Ok(Value::None)) {
        return inplace(a, b, BinOp::Pow);
    }
    // SAFETY: forwarded.
    unsafe { PyNumber_Power(a, b, m) }
}

/// The unary operators (`PyNumber_Positive`, `PyNumber_Invert`).
fn unary(a: *mut PyObject, op: char) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `a` is live (contract).
        let r = unsafe { arg(a) }.and_then(|v| with_vm(|vm| ops::unary(vm, op, &v)));
        ret_obj(r)
    })
}

/// `PyNumber_Positive`: `+a`.
pub(crate) unsafe extern "C" fn PyNumber_Positive(a: *mut PyObject) -> *mut PyObject {
    unary(a, '+')
}

/// `PyNumber_Invert`: `~a`.
pub(crate) unsafe extern "C" fn PyNumber_Invert(a: *mut PyObject) -> *mut PyObject {
    unary(a, '~')
}

/// `PyNumber_Absolute`: `abs(a)`.
pub(crate) unsafe extern "C" fn PyNumber_Absolute(a: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `a` is live (contract).
        let r = unsafe { arg(a) }.and_then(|v| call_builtin("abs", &[v]));
        ret_obj(r)
    })
}

/// `PyObject_Format(o, spec)`: `format(o, spec)` (a NULL spec is "").
pub(crate) unsafe extern "C" fn PyObject_Format(
    o: *mut PyObject,
    spec: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `o` is live, `spec` NULL or live (contract).
        let r = (|| unsafe {
            let v = arg(o)?;
            match borrow(spec) {
                Some(s) => call_builtin("format", &[v, Value::Obj(s.clone())]),
                None => call_builtin("format", &[v]),
            }
        })();
        ret_obj(r)
    })
}

/// `PyNumber_Divmod(a, b)`: `divmod(a, b)`.
pub(crate) unsafe extern "C" fn PyNumber_Divmod(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live objects (contract).
        let r = (|| unsafe {
            let (x, y) = (arg(a)?, arg(b)?);
            call_builtin("divmod", &[x, y])
        })();
        ret_obj(r)
    })
}

/// `PyObject_Bytes(o)`: `bytes(o)`: a bytes object itself, else its
/// `__bytes__()`, else what the `bytes` type makes of it.
pub(crate) unsafe extern "C" fn PyObject_Bytes(o: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `o` is live (contract).
        let r = unsafe { arg(o) }.and_then(|v| {
            if v.kind() == Kind::BYTES {
                return Ok(v);
            }
            with_vm(|vm| match interp::dunder::call(vm, &v, "__bytes__", &[]) {
                Some(r) => {
                    let b = r?;
                    if b.kind() != Kind::BYTES {
                        return Err(PyErr::type_error(format!(
                            "__bytes__ returned non-bytes (type {:.200})",
                            b.type_name()
                        )));
                    }
                    Ok(b)
                }
                None => vm.call(&Value::from_type(&types::BYTES), &[v]),
            })
        });
        ret_obj(r)
    })
}

/// `PyObject_Dir(o)`: Typhon has no `dir()` yet (issue 29), so this
/// raises NotImplementedError (present so that extensions that offer
/// `dir()` on their objects load).
pub(crate) unsafe extern "C" fn PyObject_Dir(_o: *mut PyObject) -> *mut PyObject {
    fail(
        PyErr::new(
            &types::NOT_IMPLEMENTED_ERROR,
            "dir() is not supported by typhon",
        ),
        std::ptr::null_mut(),
    )
}

/// `PySequence_Contains(o, v)`: `v in o` (1 or 0), -1 with an exception.
pub(crate) unsafe extern "C" fn PySequence_Contains(o: *mut PyObject, v: *mut PyObject) -> c_int {
    guard(-1, || {
        // SAFETY: live objects (contract).
        let r = (|| unsafe {
            let (c, x) = (arg(o)?, arg(v)?);
            with_vm(|vm| ops::contains(vm, &c, &x))
        })();
        match r {
            Ok(b) => b as c_int,
            Err(e) => fail(e, -1),
        }
    })
}

/// What the sequence functions see in an object: CPython's
/// `tp_as_sequence->sq_item` (a sequence), or only
/// `tp_as_mapping->mp_subscript` (a mapping, "is not a sequence").
#[derive(PartialEq)]
enum SeqKind {
    Sequence,
    Mapping,
    Neither,
}

fn seq_kind(v: &Value) -> SeqKind {
    match v.kind() {
        Kind::LIST
        | Kind::TUPLE
        | Kind::STR
        | Kind::BYTES
        | Kind::BYTEARRAY
        | Kind::MEMORYVIEW
        | Kind::RANGE => SeqKind::Sequence,
        Kind::DICT => SeqKind::Mapping,
        // A Python class's `__getitem__` fills both slots; a dict's
        // subclass is no sequence.
        Kind::INSTANCE | Kind::EXT_SUBCLASS => match v.as_obj() {
            Some(o) if interp::object::class::lookup(o.ty(), "__getitem__").is_some() => {
                SeqKind::Sequence
            }
            _ => SeqKind::Neither,
        },
        Kind::FOREIGN => match v.as_obj().map(|o| crate::typeobject::c_item_slots(o.ty())) {
            Some((true, _)) => SeqKind::Sequence,
            Some((false, true)) => SeqKind::Mapping,
            _ => SeqKind::Neither,
        },
        _ => SeqKind::Neither,
    }
}

/// The TypeError of a sequence function given `v`: "X is not a
/// sequence" for a mapping, else `'X' object ` and `what`.
fn not_sequence(v: &Value, what: &str) -> PyErr {
    match seq_kind(v) {
        SeqKind::Mapping => PyErr::type_error(format!("{:.200} is not a sequence", v.type_name())),
        _ => PyErr::type_error(format!("'{:.200}' object {what}", v.type_name())),
    }
}

/// `i` counted from the end of `v` when negative (CPython adds the length
/// before calling `sq_item`).
fn from_end(vm: &mut Vm, v: &Value, i: Py_ssize_t) -> PyResult<Value> {
    if i >= 0 {
        return Ok(Value::Int(i as i64));
    }
    let n = ops::len(vm, v)?;
    Ok(Value::Int(i as i64 + n as i64))
}

/// `PySequence_Check`: 1 for an object with CPython's `sq_item` (not a
/// dict), else 0.
pub(crate) unsafe extern "C" fn PySequence_Check(o: *mut PyObject) -> c_int {
    // SAFETY: `o` is live (contract).
    match unsafe { arg(o) } {
        Ok(v) => (seq_kind(&v) == SeqKind::Sequence) as c_int,
        Err(_) => 0,
    }
}

/// `PySequence_Size`: `len(o)`, -1 with an exception.
pub(crate) unsafe extern "C" fn PySequence_Size(o: *mut PyObject) -> Py_ssize_t {
    guard(-1, || {
        // SAFETY: `o` is live (contract).
        let r = unsafe { arg(o) }.and_then(|v| {
            if seq_kind(&v) == SeqKind::Mapping {
                return Err(not_sequence(&v, ""));
            }
            with_vm(|vm| ops::len(vm, &v))
        });
        ret_or(r.map(|n| n as Py_ssize_t), -1)
    })
}

/// `PySequence_Length`: [`PySequence_Size`].
pub(crate) unsafe extern "C" fn PySequence_Length(o: *mut PyObject) -> Py_ssize_t {
    // SAFETY: forwarded.
    unsafe { PySequence_Size(o) }
}

/// `PySequence_GetItem(o, i)`: `o[i]`, a negative `i` from the end.
pub(crate) unsafe extern "C" fn PySequence_GetItem(
    o: *mut PyObject,
    i: Py_ssize_t,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `o` is live (contract).
        let r = unsafe { arg(o) }.and_then(|v| {
            if seq_kind(&v) != SeqKind::Sequence {
                return Err(not_sequence(&v, "does not support indexing"));
            }
            with_vm(|vm| {
                let k = from_end(vm, &v, i)?;
                ops::getitem(vm, &v, &k)
            })
        });
        ret_obj(r)
    })
}

/// `PySequence_SetItem(o, i, v)`: `o[i] = v`, a negative `i` from the end.
pub(crate) unsafe extern "C" fn PySequence_SetItem(
    o: *mut PyObject,
    i: Py_ssize_t,
    v: *mut PyObject,
) -> c_int {
    guard(-1, || {
        // SAFETY: live objects (contract).
        let r = (|| unsafe {
            let (c, val) = (arg(o)?, arg(v)?);
            if seq_kind(&c) != SeqKind::Sequence || immutable(&c) {
                return Err(not_sequence(&c, "does not support item assignment"));
            }
            with_vm(|vm| {
                let k = from_end(vm, &c, i)?;
                ops::setitem(vm, &c, &k, val)
            })
        })();
        ret_status(r)
    })
}

/// `PySequence_DelItem(o, i)`: `del o[i]`, a negative `i` from the end.
pub(crate) unsafe extern "C" fn PySequence_DelItem(o: *mut PyObject, i: Py_ssize_t) -> c_int {
    guard(-1, || {
        // SAFETY: `o` is live (contract).
        let r = unsafe { arg(o) }.and_then(|c| {
            if seq_kind(&c) != SeqKind::Sequence || immutable(&c) {
                return Err(not_sequence(&c, "doesn't support item deletion"));
            }
            with_vm(|vm| {
                let k = from_end(vm, &c, i)?;
                ops::delitem(vm, &c, &k)
            })
        });
        ret_status(r)
    })
}

/// The built-in sequences without `sq_ass_item`.
fn immutable(v: &Value) -> bool {
    matches!(
        v.kind(),
        Kind::TUPLE | Kind::STR | Kind::BYTES | Kind::RANGE
    )
}

/// `PySequence_GetSlice(o, i, j)`: `o[i:j]` (through the mapping slot, as
/// CPython does: "unsliceable" without one).
pub(crate) unsafe extern "C" fn PySequence_GetSlice(
    o: *mut PyObject,
    i: Py_ssize_t,
    j: Py_ssize_t,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `o` is live (contract).
        let r = unsafe { arg(o) }.and_then(|v| {
            if seq_kind(&v) == SeqKind::Neither {
                return Err(PyErr::type_error(format!(
                    "'{:.200}' object is unsliceable",
                    v.type_name()
                )));
            }
            let s = interp::object::SliceObj::new_obj(
                Value::Int(i as i64),
                Value::Int(j as i64),
                Value::None,
            );
            with_vm(|vm| ops::getitem(vm, &v, &Value::Obj(s)))
        });
        ret_obj(r)
    })
}

/// `PySequence_Count(o, v)`: how many items of `o` equal `v`.
pub(crate) unsafe extern "C" fn PySequence_Count(o: *mut PyObject, v: *mut PyObject) -> Py_ssize_t {
    // SAFETY: forwarded.
    unsafe { search(o, v, false) }
}

/// `PySequence_Index(o, v)`: the index of the first item of `o` equal to
/// `v`; ValueError when there is none.
pub(crate) unsafe extern "C" fn PySequence_Index(o: *mut PyObject, v: *mut PyObject) -> Py_ssize_t {
    // SAFETY: forwarded.
    unsafe { search(o, v, true) }
}

/// CPython's `_PySequence_IterSearch`: iterates `o`, comparing each item
/// with `v` (identity, then `==`).
unsafe fn search(o: *mut PyObject, v: *mut PyObject, index: bool) -> Py_ssize_t {
    guard(-1, || {
        // SAFETY: live objects (contract).
        let r = (|| unsafe {
            let (c, x) = (arg(o)?, arg(v)?);
            with_vm(|vm| {
                let it = ops::get_iter(vm, &c).map_err(|_| {
                    PyErr::type_error(format!(
                        "argument of type '{:.200}' is not iterable",
                        c.type_name()
                    ))
                })?;
                let mut n: Py_ssize_t = 0;
                while let Some(item) = ops::iter_next(vm, &it)? {
                    if item.is(&x) || ops::eq(vm, &item, &x)? {
                        if index {
                            return Ok(n);
                        }
                        n += 1;
                    } else if index {
                        n += 1;
                    }
                }
                if index {
                    return Err(PyErr::value_error("sequence.index(x): x not in sequence"));
                }
                Ok(n)
            })
        })();
        ret_or(r, -1)
    })
}

/// `PySequence_In`: [`PySequence_Contains`].
pub(crate) unsafe extern "C" fn PySequence_In(o: *mut PyObject, v: *mut PyObject) -> c_int {
    // SAFETY: forwarded.
    unsafe { PySequence_Contains(o, v) }
}

/// `PySequence_Tuple(o)`: `tuple(o)`.
pub(crate) unsafe extern "C" fn PySequence_Tuple(o: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe { convert(o, &types::TUPLE) }
}

/// `PySequence_List(o)`: `list(o)`.
pub(crate) unsafe extern "C" fn PySequence_List(o: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe { convert(o, &types::LIST) }
}

/// The builtin function `name` called with `args` (for the C API
/// functions that are a builtin's behaviour).
fn call_builtin(name: &str, args: &[Value]) -> PyResult<Value> {
    with_vm(|vm| {
        let f = vm
            .builtins()
            .downcast::<DictObj>()
            .and_then(|d| d.get_str(name))
            .ok_or_else(|| PyErr::new(&types::SYSTEM_ERROR, format!("no builtin {name}")))?;
        vm.call(&f, args)
    })
}

/// `PyNumber_Index`: the int itself (ints and bools only).
pub(crate) unsafe extern "C" fn PyNumber_Index(a: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `a` is live (contract).
        let r = unsafe { arg(a) }.and_then(|v| match v {
            Value::Bool(b) => Ok(Value::Int(b as i64)),
            v if v.is_int() => Ok(v),
            v => Err(PyErr::type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                v.type_name()
            ))),
        });
        ret_obj(r)
    })
}

/// `PyNumber_Long`: `int(o)`.
pub(crate) unsafe extern "C" fn PyNumber_Long(a: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe { convert(a, &types::INT) }
}

/// `PyNumber_Float`: `float(o)`.
pub(crate) unsafe extern "C" fn PyNumber_Float(a: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe { convert(a, &types::FLOAT) }
}

unsafe fn convert(a: *mut PyObject, t: &'static abi::StaticType) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `a` is live (contract).
        let r = unsafe { arg(a) }.and_then(|v| with_vm(|vm| vm.call(&Value::from_type(t), &[v])));
        ret_obj(r)
    })
}

/// `PyType_GetFlags`.
pub(crate) unsafe extern "C" fn PyType_GetFlags(t: *mut PyTypeObject) -> std::ffi::c_ulong {
    if t.is_null() {
        return 0;
    }
    // SAFETY: `t` is a live type (contract).
    unsafe { (*t).tp_flags }
}

/// `PyMapping_Items(o)`: `list(o.items())`.
pub(crate) unsafe extern "C" fn PyMapping_Items(o: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe { method_as_list(o, "items") }
}

/// `PyMapping_Keys(o)`: `list(o.keys())`.
pub(crate) unsafe extern "C" fn PyMapping_Keys(o: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe { method_as_list(o, "keys") }
}

/// `PyMapping_Values(o)`: `list(o.values())`.
pub(crate) unsafe extern "C" fn PyMapping_Values(o: *mut PyObject) -> *mut PyObject {
    // SAFETY: forwarded.
    unsafe { method_as_list(o, "values") }
}

/// `list(o.name())`, with CPython's error when the method's result
/// cannot be iterated.
unsafe fn method_as_list(o: *mut PyObject, name: &str) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `o` is live (contract).
        let r = unsafe { arg(o) }.and_then(|o| {
            with_vm(|vm| {
                let m = vm.getattr(&o, name)?;
                let out = vm.call(&m, &[])?;
                if ops::get_iter(vm, &out).is_err() {
                    return Err(PyErr::type_error(format!(
                        "{:.200}.{name}() returned a non-iterable (type {:.200})",
                        o.type_name(),
                        out.type_name()
                    )));
                }
                vm.call(&Value::from_type(&types::LIST), &[out])
            })
        });
        ret_obj(r)
    })
}

/// `PyMapping_Check`: 1 for an object with CPython's `mp_subscript` (the
/// built-in sequences and dicts, classes with `__getitem__`), else 0.
pub(crate) unsafe extern "C" fn PyMapping_Check(o: *mut PyObject) -> c_int {
    // SAFETY: `o` is live (contract).
    match unsafe { arg(o) } {
        Ok(v) => match v.kind() {
            Kind::FOREIGN => v
                .as_obj()
                .is_some_and(|o| crate::typeobject::c_item_slots(o.ty()).1)
                as c_int,
            _ => (seq_kind(&v) != SeqKind::Neither) as c_int,
        },
        Err(_) => 0,
    }
}

/// `PyMapping_Size`: `len(o)`, -1 with an exception ("is not a mapping"
/// for a C type with a sequence length only, as CPython says).
pub(crate) unsafe extern "C" fn PyMapping_Size(o: *mut PyObject) -> Py_ssize_t {
    // SAFETY: `o` is live (contract).
    if let Some(b) = unsafe { borrow(o) }
        && b.kind() == Kind::FOREIGN
        && crate::typeobject::c_len_slots(b.ty()) == (true, false)
    {
        let msg = format!("{:.200} is not a mapping", b.ty().name());
        return fail(PyErr::type_error(msg), -1);
    }
    // SAFETY: forwarded.
    unsafe { PyObject_Length(o) }
}

/// `PyMapping_Length`: [`PyMapping_Size`].
pub(crate) unsafe extern "C" fn PyMapping_Length(o: *mut PyObject) -> Py_ssize_t {
    // SAFETY: forwarded.
    unsafe { PyMapping_Size(o) }
}

/// `PyMapping_GetItemString(o, key)`: `o[key]` for a C string key.
pub(crate) unsafe extern "C" fn PyMapping_GetItemString(
    o: *mut PyObject,
    key: *const c_char,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `o` is live, `key` a C string (contract).
        let r = (|| unsafe {
            let (c, k) = (arg(o)?, c_str(key)?);
            with_vm(|vm| ops::getitem(vm, &c, &Value::str(k)))
        })();
        ret_obj(r)
    })
}

/// `PyMapping_SetItemString(o, key, v)`: `o[key] = v` for a C string key.
pub(crate) unsafe extern "C" fn PyMapping_SetItemString(
    o: *mut PyObject,
    key: *const c_char,
    v: *mut PyObject,
) -> c_int {
    guard(-1, || {
        // SAFETY: live objects, `key` a C string (contract).
        let r = (|| unsafe {
            let (c, k, val) = (arg(o)?, c_str(key)?, arg(v)?);
            with_vm(|vm| ops::setitem(vm, &c, &Value::str(k), val))
        })();
        ret_status(r)
    })
}

/// `PyMapping_HasKey(o, key)`: 1 if `o[key]` succeeds, else 0 (any
/// exception is swallowed).
pub(crate) unsafe extern "C" fn PyMapping_HasKey(o: *mut PyObject, key: *mut PyObject) -> c_int {
    // SAFETY: forwarded.
    let r = unsafe { PyObject_GetItem(o, key) };
    has(r)
}

/// `PyMapping_HasKeyString(o, key)`: [`PyMapping_HasKey`] for a C string.
pub(crate) unsafe extern "C" fn PyMapping_HasKeyString(
    o: *mut PyObject,
    key: *const c_char,
) -> c_int {
    // SAFETY: forwarded.
    let r = unsafe { PyMapping_GetItemString(o, key) };
    has(r)
}

/// `PyFloat_FromString(s)`: `float(s)`.
pub(crate) unsafe extern "C" fn PyFloat_FromString(o: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `o` is live (contract).
        let r = unsafe { arg(o) }
            .and_then(|o| state::current_vm(|vm| vm.call(&Value::from_type(&types::FLOAT), &[o]))?);
        ret_obj(r)
    })
}

/// `b` clamped to the `Py_ssize_t` range.
pub(crate) fn clamp_ssize(b: &num_bigint::BigInt) -> Py_ssize_t {
    use num_traits::{Signed, ToPrimitive};
    b.to_isize().unwrap_or(if b.is_negative() {
        Py_ssize_t::MIN
    } else {
        Py_ssize_t::MAX
    })
}

/// The int value of `v` if it is an int or bool (what `operator.index`
/// accepts of Typhon's built-in types).
fn index_of(v: &Value) -> Option<num_bigint::BigInt> {
    match v {
        Value::Bool(b) => Some((*b as i64).into()),
        v if v.is_int() => v.to_bigint(),
        _ => None,
    }
}

/// `PyIndex_Check`: whether `o` is an int (or bool).
pub(crate) unsafe extern "C" fn PyIndex_Check(o: *mut PyObject) -> c_int {
    // SAFETY: `o` is null or live (contract).
    unsafe { arg(o) }.is_ok_and(|v| index_of(&v).is_some()) as c_int
}

/// `PyNumber_AsSsize_t`: `o` as an index; out of range, `exc` is raised
/// (CPython's message), or with `exc` NULL the value is clamped.
pub(crate) unsafe extern "C" fn PyNumber_AsSsize_t(
    o: *mut PyObject,
    exc: *mut PyObject,
) -> Py_ssize_t {
    guard(-1, || {
        // SAFETY: `o` is live (contract).
        let v = match unsafe { arg(o) } {
            Ok(v) => v,
            Err(e) => return fail(e, -1),
        };
        let Some(b) = index_of(&v) else {
            return fail(
                PyErr::type_error(format!(
                    "'{}' object cannot be interpreted as an integer",
                    v.type_name()
                )),
                -1,
            );
        };
        use num_traits::ToPrimitive;
        match b.to_isize() {
            Some(i) => i,
            None if exc.is_null() => clamp_ssize(&b),
            None => {
                let msg = format!("cannot fit '{}' into an index-sized integer", v.type_name());
                // SAFETY: `exc` is a live exception type (contract).
                let e = unsafe { crate::errors::make_exception(exc, Some(Value::str(&msg))) };
                fail(e, -1)
            }
        }
    })
}

/// `_PyEval_SliceIndex`: the `O&` converter for an optional slice index:
/// `None` leaves `*pi`; an int is stored clamped. 1 on success, 0 with
/// CPython's TypeError.
pub(crate) unsafe extern "C" fn _PyEval_SliceIndex(v: *mut PyObject, pi: *mut Py_ssize_t) -> c_int {
    guard(0, || {
        // SAFETY: `v` is live (contract).
        let v = match unsafe { arg(v) } {
            Ok(v) => v,
            Err(e) => return fail(e, 0),
        };
        if matches!(v, Value::None) {
            return 1;
        }
        match index_of(&v) {
            Some(b) => {
                // SAFETY: `pi` points to a writable word (contract).
                unsafe { *pi = clamp_ssize(&b) };
                1
            }
            None => fail(
                PyErr::type_error(
                    "slice indices must be integers or None or have an __index__ method",
                ),
                0,
            ),
        }
    })
}

/// `PyObject_SelfIter`: `o` itself, a new reference (the `tp_iter` of an
/// iterator).
pub(crate) unsafe extern "C" fn PyObject_SelfIter(o: *mut PyObject) -> *mut PyObject {
    // SAFETY: `o` is live (contract); the count taken is the result's.
    unsafe { Py_IncRef(o) };
    o
}

/// `PyObject_ClearWeakRefs`: Typhon has no weak references, so an object
/// never has any to clear; present so that a `tp_dealloc` written for
/// CPython compiles and runs.
pub(crate) unsafe extern "C" fn PyObject_ClearWeakRefs(_o: *mut PyObject) {}

/// Whether `v` has CPython's `sq_concat` (`repeat` false) or `sq_repeat`
/// (the built-in sequences but `range`, and C types with the slot).
fn has_sq_concat(v: &Value, repeat: bool) -> bool {
    match v.kind() {
        Kind::LIST | Kind::TUPLE | Kind::STR | Kind::BYTES | Kind::BYTEARRAY | Kind::DEQUE => true,
        Kind::FOREIGN => v.as_obj().is_some_and(|o| {
            let (concat, rep) = crate::typeobject::c_concat_slots(o.ty());
            if repeat { rep } else { concat }
        }),
        _ => false,
    }
}

/// A sequence operator without `sq_concat`/`sq_repeat`: the number
/// operator when both operands look like sequences (CPython's fallback
/// for Python classes), else `'T' object can't be <what>`.
fn seq_fallback(
    a: &Value,
    both_sequences: bool,
    what: &str,
    run: impl FnOnce(&mut Vm) -> PyResult<Value>,
) -> PyResult<Value> {
    let cant = || PyErr::type_error(format!("'{:.200}' object can't be {what}", a.type_name()));
    if !both_sequences {
        return Err(cant());
    }
    match with_vm(run) {
        Err(e)
            if e.matches(types::TYPE_ERROR.get())
                && e.exc()
                    .args()
                    .first()
                    .and_then(|m| {
                        m.as_str()
                            .map(|m| m.starts_with("unsupported operand type(s)"))
                    })
                    .unwrap_or(false) =>
        {
            Err(cant())
        }
        r => r,
    }
}

/// `PySequence_Concat(a, b)`: `a + b` for sequences.
pub(crate) unsafe extern "C" fn PySequence_Concat(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    // SAFETY: live objects (contract).
    guard(std::ptr::null_mut(), || unsafe { seq_concat(a, b, false) })
}

/// `PySequence_InPlaceConcat(a, b)`: `a += b` for sequences (a list
/// extended in place).
pub(crate) unsafe extern "C" fn PySequence_InPlaceConcat(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    // SAFETY: live objects (contract).
    guard(std::ptr::null_mut(), || unsafe { seq_concat(a, b, true) })
}

/// # Safety
/// Live objects.
unsafe fn seq_concat(a: *mut PyObject, b: *mut PyObject, inplace: bool) -> *mut PyObject {
    let r = (|| {
        // SAFETY: forwarded.
        let (x, y) = unsafe { (arg(a)?, arg(b)?) };
        let op = |vm: &mut Vm| {
            if inplace {
                ops::inplace_op(vm, BinOp::Add, &x, &y)
            } else {
                ops::binary_op(vm, BinOp::Add, &x, &y)
            }
        };
        if has_sq_concat(&x, false) {
            return with_vm(op);
        }
        let both = seq_kind(&x) == SeqKind::Sequence && seq_kind(&y) == SeqKind::Sequence;
        seq_fallback(&x, both, "concatenated", op)
    })();
    ret_obj(r)
}

/// `PySequence_Repeat(o, n)`: `o * n` for a sequence.
pub(crate) unsafe extern "C" fn PySequence_Repeat(
    o: *mut PyObject,
    n: Py_ssize_t,
) -> *mut PyObject {
    // SAFETY: live (contract).
    guard(std::ptr::null_mut(), || unsafe { seq_repeat(o, n, false) })
}

/// `PySequence_InPlaceRepeat(o, n)`: `o *= n` for a sequence.
pub(crate) unsafe extern "C" fn PySequence_InPlaceRepeat(
    o: *mut PyObject,
    n: Py_ssize_t,
) -> *mut PyObject {
    // SAFETY: live (contract).
    guard(std::ptr::null_mut(), || unsafe { seq_repeat(o, n, true) })
}

/// # Safety
/// `o` live.
unsafe fn seq_repeat(o: *mut PyObject, n: Py_ssize_t, inplace: bool) -> *mut PyObject {
    let r = (|| {
        // SAFETY: forwarded.
        let x = unsafe { arg(o) }?;
        let count = Value::Int(n as i64);
        let op = |vm: &mut Vm| {
            if inplace {
                ops::inplace_op(vm, BinOp::Mul, &x, &count)
            } else {
                ops::binary_op(vm, BinOp::Mul, &x, &count)
            }
        };
        if has_sq_concat(&x, true) {
            return with_vm(op);
        }
        let both = seq_kind(&x) == SeqKind::Sequence;
        seq_fallback(&x, both, "repeated", op)
    })();
    ret_obj(r)
}

/// Whether `v` has CPython's `mp_ass_subscript` (slice assignment).
fn has_ass_subscript(v: &Value) -> bool {
    match v.kind() {
        Kind::LIST | Kind::BYTEARRAY | Kind::DICT | Kind::MEMORYVIEW => true,
        Kind::INSTANCE | Kind::EXT_SUBCLASS => v.as_obj().is_some_and(|o| {
            interp::object::class::lookup(o.ty(), "__setitem__").is_some()
                || interp::object::class::lookup(o.ty(), "__delitem__").is_some()
        }),
        Kind::FOREIGN => v
            .as_obj()
            .is_some_and(|o| crate::typeobject::c_ass_subscript(o.ty())),
        _ => false,
    }
}

/// `PySequence_SetSlice(o, i, j, v)`: `o[i:j] = v` (`del o[i:j]` when
/// `v` is NULL).
pub(crate) unsafe extern "C" fn PySequence_SetSlice(
    o: *mut PyObject,
    i: Py_ssize_t,
    j: Py_ssize_t,
    v: *mut PyObject,
) -> c_int {
    guard(-1, || {
        // SAFETY: live objects, `v` possibly NULL (contract).
        let r = (|| unsafe {
            let c = arg(o)?;
            let val = borrow(v).map(|b| b.value());
            let what = if val.is_some() {
                "assignment"
            } else {
                "deletion"
            };
            if !has_ass_subscript(&c) {
                return Err(PyErr::type_error(format!(
                    "'{:.200}' object doesn't support slice {what}",
                    c.type_name()
                )));
            }
            let s = Value::Obj(interp::object::SliceObj::new_obj(
                Value::Int(i as i64),
                Value::Int(j as i64),
                Value::None,
            ));
            with_vm(|vm| match val {
                Some(x) => ops::setitem(vm, &c, &s, x),
                None => ops::delitem(vm, &c, &s),
            })
        })();
        ret_status(r)
    })
}

/// `PySequence_DelSlice(o, i, j)`: `del o[i:j]`.
pub(crate) unsafe extern "C" fn PySequence_DelSlice(
    o: *mut PyObject,
    i: Py_ssize_t,
    j: Py_ssize_t,
) -> c_int {
    // SAFETY: forwarded.
    unsafe { PySequence_SetSlice(o, i, j, std::ptr::null_mut()) }
}

/// `PySequence_Fast(o, message)`: a list or tuple itself, else
/// `list(o)`; TypeError with `message` when `o` is not iterable.
pub(crate) unsafe extern "C" fn PySequence_Fast(
    o: *mut PyObject,
    message: *const c_char,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live, `message` a C string (contract).
        let r = (|| unsafe {
            let v = arg(o)?;
            if matches!(v.kind(), Kind::LIST | Kind::TUPLE)
                && !interp::subclass::is_instance_value(&v)
            {
                return Ok(v);
            }
            with_vm(|vm| {
                let it = match ops::get_iter(vm, &v) {
                    Ok(it) => it,
                    Err(e) if e.matches(types::TYPE_ERROR.get()) => {
                        let m = c_str(message)?;
                        return Err(PyErr::type_error(m));
                    }
                    Err(e) => return Err(e),
                };
                vm.call(&Value::from_type(&types::LIST), &[it])
            })
        })();
        ret_obj(r)
    })
}

/// `PyObject_ASCII(o)`: `ascii(o)` (`<NULL>` for NULL).
pub(crate) unsafe extern "C" fn PyObject_ASCII(o: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        text_of(o, |vm, v| {
            ops::repr(vm, v).map(|r| interp::percent::ascii_escape(&r))
        })
    })
}

/// CPython's `PyObject_DelItem` words its error for an object without
/// item deletion differently from the `del` statement ("does not").
fn del_item_error(e: PyErr, c: &Value) -> PyErr {
    let del_msg = format!("'{}' object doesn't support item deletion", c.type_name());
    let is_it = e.matches(types::TYPE_ERROR.get())
        && e.exc()
            .args()
            .first()
            .and_then(|m| m.as_str().map(|m| m == del_msg))
            == Some(true);
    if is_it {
        PyErr::type_error(format!(
            "'{:.200}' object does not support item deletion",
            c.type_name()
        ))
    } else {
        e
    }
}

/// `PyObject_DelItemString(o, key)`: `del o[key]` with a str key.
pub(crate) unsafe extern "C" fn PyObject_DelItemString(
    o: *mut PyObject,
    key: *const c_char,
) -> c_int {
    guard(-1, || {
        if o.is_null() || key.is_null() {
            return fail(
                PyErr::new(&types::SYSTEM_ERROR, "null argument to internal routine"),
                -1,
            );
        }
        // SAFETY: live, a C string (contract).
        let r = (|| unsafe {
            let c = arg(o)?;
            let k = Value::str(c_str(key)?);
            with_vm(|vm| ops::delitem(vm, &c, &k)).map_err(|e| del_item_error(e, &c))
        })();
        ret_status(r)
    })
}

/// `PyObject_HashNotImplemented(o)`: TypeError (the `tp_hash` of an
/// unhashable type).
pub(crate) unsafe extern "C" fn PyObject_HashNotImplemented(o: *mut PyObject) -> Py_hash_t {
    // SAFETY: live (contract).
    let name = unsafe { borrow(o) }.map_or("NULL".to_owned(), |b| b.ty().name().to_owned());
    fail(
        PyErr::type_error(format!("unhashable type: '{name:.200}'")),
        -1,
    )
}

/// `PyObject_GenericGetDict(o, context)`: `o.__dict__`; AttributeError
/// for an object without one (C types' objects have none in Typhon).
pub(crate) unsafe extern "C" fn PyObject_GenericGetDict(
    o: *mut PyObject,
    _context: *mut std::ffi::c_void,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live (contract).
        let r = unsafe { arg(o) }.and_then(|v| {
            let no_dict = || PyErr::attribute_error("This object has no __dict__");
            if v.kind() == Kind::FOREIGN {
                return Err(no_dict());
            }
            with_vm(|vm| vm.getattr(&v, "__dict__")).map_err(|e| {
                if e.matches(types::ATTRIBUTE_ERROR.get()) {
                    no_dict()
                } else {
                    e
                }
            })
        });
        ret_obj(r)
    })
}

thread_local! {
    /// The objects whose `repr` is being made through `Py_ReprEnter`.
    static REPR_STACK: std::cell::RefCell<Vec<usize>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `Py_ReprEnter(o)`: 1 if a `repr` of `o` is already being made (a
/// cycle), else 0 and `o` is recorded until [`Py_ReprLeave`].
pub(crate) unsafe extern "C" fn Py_ReprEnter(o: *mut PyObject) -> c_int {
    let key = o as usize;
    REPR_STACK.with_borrow_mut(|s| {
        if s.contains(&key) {
            1
        } else {
            s.push(key);
            0
        }
    })
}

/// `Py_ReprLeave(o)`: forgets the latest `Py_ReprEnter(o)`.
pub(crate) unsafe extern "C" fn Py_ReprLeave(o: *mut PyObject) {
    let key = o as usize;
    REPR_STACK.with_borrow_mut(|s| {
        if let Some(i) = s.iter().rposition(|&k| k == key) {
            s.remove(i);
        }
    })
}

/// `PyNumber_MatrixMultiply(a, b)`: `a @ b`.
pub(crate) unsafe extern "C" fn PyNumber_MatrixMultiply(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    binary(a, b, BinOp::MatMul)
}

/// `PyNumber_InPlaceMatrixMultiply(a, b)`: `a @= b`.
pub(crate) unsafe extern "C" fn PyNumber_InPlaceMatrixMultiply(
    a: *mut PyObject,
    b: *mut PyObject,
) -> *mut PyObject {
    inplace(a, b, BinOp::MatMul)
}

/// `PyNumber_Check(o)`: 1 for an object `int()`, `float()` or
/// `operator.index()` take directly (and complex numbers), else 0.
pub(crate) unsafe extern "C" fn PyNumber_Check(o: *mut PyObject) -> c_int {
    // SAFETY: null or live (contract).
    let Some(b) = (unsafe { borrow(o) }) else {
        return 0;
    };
    let v = b.value();
    let yes = match v.kind() {
        Kind::INT | Kind::BOOL | Kind::FLOAT | Kind::COMPLEX => true,
        Kind::INSTANCE | Kind::EXT_SUBCLASS => v.as_obj().is_some_and(|o| {
            interp::subclass::number_value(&v).is_some()
                || ["__index__", "__int__", "__float__"]
                    .iter()
                    .any(|n| interp::object::class::lookup(o.ty(), n).is_some())
        }),
        Kind::FOREIGN => crate::typeobject::c_number_slots(b.ty()),
        _ => false,
    };
    yes as c_int
}

/// `PyNumber_ToBase(n, base)`: `bin()`, `oct()`, `str()` or `hex()` of
/// the integer `n` stands for.
pub(crate) unsafe extern "C" fn PyNumber_ToBase(n: *mut PyObject, base: c_int) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        let f = match base {
            2 => "bin",
            8 => "oct",
            10 => "str",
            16 => "hex",
            _ => {
                return fail(
                    PyErr::new(
                        &types::SYSTEM_ERROR,
                        "PyNumber_ToBase: base must be 2, 8, 10 or 16",
                    ),
                    std::ptr::null_mut(),
                );
            }
        };
        // SAFETY: live (contract).
        let r = unsafe { arg(n) }.and_then(|v| {
            let iv = match with_vm(|vm| interp::bytes::index_value(vm, &v))? {
                Value::Bool(b) => Value::Int(b as i64),
                iv => iv,
            };
            if f == "str" {
                with_vm(|vm| ops::str_of(vm, &iv).map(Value::string))
            } else {
                call_builtin(f, &[iv])
            }
        });
        ret_obj(r)
    })
}

/// `PyIter_Check(o)`: 1 for an iterator (an object with `__next__`).
pub(crate) unsafe extern "C" fn PyIter_Check(o: *mut PyObject) -> c_int {
    // SAFETY: null or live (contract).
    let Some(b) = (unsafe { borrow(o) }) else {
        return 0;
    };
    let yes = match b.kind() {
        Kind::ITER | Kind::GENERATOR => true,
        Kind::FOREIGN => !b.ty().tp_iternext.is_null(),
        _ => interp::object::class::lookup(b.ty(), "__next__").is_some(),
    };
    yes as c_int
}

/// `PySeqIter_New(seq)`: the iterator of the sequence protocol over
/// `seq` (`seq[0]`, `seq[1]`, … until IndexError).
pub(crate) unsafe extern "C" fn PySeqIter_New(seq: *mut PyObject) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live (contract).
        let r = unsafe { arg(seq) }.and_then(|v| {
            if seq_kind(&v) != SeqKind::Sequence {
                return Err(crate::object::bad_internal_call());
            }
            Ok(Value::Obj(interp::object::IterObj::new_obj(
                &types::SEQ_ITER,
                interp::object::IterState::Seq { seq: v, idx: 0 },
            )))
        });
        ret_obj(r)
    })
}

/// `PyCallIter_New(callable, sentinel)`: `iter(callable, sentinel)`.
pub(crate) unsafe extern "C" fn PyCallIter_New(
    callable: *mut PyObject,
    sentinel: *mut PyObject,
) -> *mut PyObject {
    guard(std::ptr::null_mut(), || {
        // SAFETY: live (contract).
        let r = (|| unsafe {
            let (f, s) = (arg(callable)?, arg(sentinel)?);
            Ok(Value::Obj(interp::object::IterObj::new_obj(
                &types::CALLABLE_ITER,
                interp::object::IterState::Call { f, sentinel: s },
            )))
        })();
        ret_obj(r)
    })
}

/// `PyIter_Send(iter, arg, &result)`: one step of `iter` (`next(iter)`
/// when `arg` is None and `iter` an iterator, else `iter.send(arg)`):
/// 1 (`PYGEN_NEXT`) with the value yielded, 0 (`PYGEN_RETURN`) with the
/// value returned, -1 (`PYGEN_ERROR`) with an exception.
pub(crate) unsafe extern "C" fn PyIter_Send(
    it: *mut PyObject,
    v: *mut PyObject,
    result: *mut *mut PyObject,
) -> c_int {
    guard(-1, || {
        // SAFETY: live objects, `result` writable (contract).
        let r = (|| unsafe {
            let (i, x) = (arg(it)?, arg(v)?);
            let plain_next =
                matches!(x, Value::None) && i.kind() != Kind::GENERATOR && PyIter_Check(it) == 1;
            with_vm(|vm| {
                if plain_next {
                    return Ok(match ops::iter_next(vm, &i)? {
                        Some(y) => (1, y),
                        None => (0, Value::None),
                    });
                }
                let send = vm.getattr(&i, "send")?;
                match vm.call(&send, &[x]) {
                    Ok(y) => Ok((1, y)),
                    Err(e) if e.matches(types::STOP_ITERATION.get()) => {
                        Ok((0, e.exc().args().first().cloned().unwrap_or(Value::None)))
                    }
                    Err(e) => Err(e),
                }
            })
        })();
        match r {
            Ok((code, y)) => {
                // SAFETY: `result` is writable (contract).
                unsafe { *result = new_ref(y) };
                code
            }
            Err(e) => {
                // SAFETY: as above.
                unsafe { *result = std::ptr::null_mut() };
                fail(e, -1)
            }
        }
    })
}
