//! Python semantics of the operators and protocols on built-in types:
//! arithmetic, comparison, truth, hashing, indexing, containment, length,
//! iteration and `repr`/`str`.
//!
//! Every function here implements CPython 3.11's behaviour and error
//! messages for the supported types. The interpreter's generic
//! instructions call into this module; specialized instructions inline the
//! common cases and fall back here.

use crate::bytecode::{BinOp, CmpOp};
use crate::dunder;
use crate::ext;
use crate::format;
use crate::object::types::{self, Kind};
use crate::object::{
    BytesObj, DictKey, DictObj, ExcObj, Function, IterObj, IterState, ListObj, ModuleObj, ObjRef,
    PyErr, PyResult, RangeIterObj, RangeObj, SetObj, SliceObj, StrObj, TupleObj, Value,
};
use crate::sets;
use crate::stdlib::collections::deque;
use crate::vm::Vm;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{FromPrimitive, Signed, ToPrimitive, Zero};
use std::cell::Cell;
use std::cmp::Ordering;

// ----- conversions -----------------------------------------------------------

/// Converts an int (or bool) to `f64`, raising OverflowError if too large.
pub fn int_to_f64(v: &Value) -> PyResult<f64> {
    match v {
        Value::Int(i) => Ok(*i as f64),
        Value::Bool(b) => Ok(*b as i64 as f64),
        Value::Float(f) => Ok(*f),
        _ => match v.as_bigint() {
            Some(b) => format::bigint_to_f64(b).map_err(fmt_err),
            None => Err(PyErr::type_error(format!(
                "must be real number, not {}",
                v.type_name()
            ))),
        },
    }
}

/// `v` as a float where CPython takes a real number (`PyFloat_AsDouble`:
/// `math` functions, `%f`): a float, an int, a Python class's
/// `__float__` or `__index__`, a C type's `nb_float` or `nb_index`; a str
/// is not a number here.
pub fn float_arg(vm: &mut Vm, v: &Value) -> PyResult<f64> {
    let r = match v {
        Value::Float(f) => return Ok(*f),
        _ if v.is_int() => return int_to_f64(v),
        _ => match dunder::number(vm, v, "__float__") {
            Some(r) => r?,
            None => match dunder::number(vm, v, "__index__") {
                Some(r) => r?,
                None => match dunder::c_number(vm, v, 'f', "__float__", |r| {
                    matches!(r, Value::Float(_))
                })? {
                    Some(r) => r,
                    None => dunder::c_number(vm, v, 'x', "__index__", Value::is_int)?.ok_or_else(
                        || PyErr::type_error(format!("must be real number, not {}", v.type_name())),
                    )?,
                },
            },
        },
    };
    int_to_f64(&r)
}

/// Converts a formatting error to the matching Python exception.
pub fn fmt_err(e: format::FmtError) -> PyErr {
    match e {
        format::FmtError::ValueError(m) => PyErr::value_error(m),
        format::FmtError::TypeError(m) => PyErr::type_error(m),
        format::FmtError::OverflowError(m) => PyErr::overflow(m),
        format::FmtError::MemoryError => PyErr::no_memory(),
    }
}

/// An index-sized integer from an int value (`__index__` on built-ins).
pub fn to_index(v: &Value) -> Option<PyResult<i64>> {
    match v {
        Value::Int(i) => Some(Ok(*i)),
        Value::Bool(b) => Some(Ok(*b as i64)),
        _ => v.as_bigint().map(|_| {
            Err(PyErr::index_error(format!(
                "cannot fit '{}' into an index-sized integer",
                v.type_name()
            )))
        }),
    }
}

fn is_numeric(v: &Value) -> bool {
    matches!(v, Value::Int(_) | Value::Bool(_) | Value::Float(_)) || v.as_bigint().is_some()
}

// ----- truth -------------------------------------------------------------------

/// `callable(v)`: whether calling `v` can succeed for some arguments
/// (CPython's `PyCallable_Check`: the type has `tp_call`).
pub fn is_callable(v: &Value) -> bool {
    v.as_obj().is_some_and(is_callable_obj)
}

/// [`is_callable`] for a heap object.
pub fn is_callable_obj(o: &ObjRef) -> bool {
    match o.kind() {
        Kind::FUNCTION
        | Kind::BUILTIN
        | Kind::METHOD_DESCR
        | Kind::TYPE
        | Kind::METHOD
        | Kind::STATICMETHOD
        | Kind::EXT_FUNCTION => true,
        Kind::EXT_DESCRIPTOR => o.ty().name() == "method_descriptor",
        Kind::STDLIB => crate::stdlib::is_callable(o),
        // An instance of a Python class: its class's `__call__`.
        _ if o.ty().is_heap_type() => crate::object::class::lookup(o.ty(), "__call__").is_some(),
        Kind::FOREIGN => !o.ty().tp_call.is_null(),
        _ => false,
    }
}

/// `bool(v)`.
pub fn truthy(vm: &mut Vm, v: &Value) -> PyResult<bool> {
    if dunder::is_py(v) {
        if let Some(r) = dunder::truthy(vm, v) {
            return r;
        }
        if let Some(n) = crate::subclass::number_value(v) {
            return truthy(vm, &n);
        }
    }
    Ok(match v {
        Value::None => false,
        Value::Bool(b) => *b,
        Value::Int(i) => *i != 0,
        Value::Float(f) => *f != 0.0,
        Value::Obj(o) => match o.kind() {
            Kind::STR => o
                .downcast::<StrObj>()
                .is_some_and(|s| !s.as_str().is_empty()),
            Kind::LIST => o
                .downcast::<ListObj>()
                .is_some_and(|l| !l.items.borrow().is_empty()),
            Kind::TUPLE => o
                .downcast::<TupleObj>()
                .is_some_and(|t| !t.items.is_empty()),
            Kind::DICT => o.downcast::<DictObj>().is_some_and(|d| !d.is_empty()),
            Kind::SET | Kind::FROZENSET => o.downcast::<SetObj>().is_some_and(|s| !s.is_empty()),
            Kind::RANGE => o.downcast::<RangeObj>().is_some_and(|r| !r.is_empty()),
            Kind::INT => v.as_bigint().is_some_and(|b| !b.is_zero()),
            Kind::COMPLEX => v
                .as_complex()
                .is_some_and(|(re, im)| re != 0.0 || im != 0.0),
            Kind::DICT_VIEW => view_len(o).is_some_and(|n| n != 0),
            Kind::BYTES => o
                .downcast::<BytesObj>()
                .is_some_and(|b| !b.as_bytes().is_empty()),
            Kind::BYTEARRAY | Kind::MEMORYVIEW => match crate::bytes::truthy(o) {
                Some(r) => r?,
                None => true,
            },
            Kind::DEQUE => deque::payload(v).is_some_and(|d| !d.is_empty()),
            _ => match ext::foreign(v) {
                Some((capi, o)) => capi.truthy(vm, o)?.unwrap_or(true),
                None => true,
            },
        },
    })
}

// ----- hashing and key equality -------------------------------------------------

const HASH_MODULUS: u64 = (1 << 61) - 1;

#[inline]
fn hash_i64(i: i64) -> u64 {
    // Most ints are below the modulus, where the remainder is the int
    // itself: no 64-bit division (tens of cycles) for them.
    let u = i.unsigned_abs();
    let m = (if u < HASH_MODULUS {
        u
    } else {
        u % HASH_MODULUS
    }) as i64;
    let h = if i < 0 { -m } else { m };
    (if h == -1 { -2 } else { h }) as u64
}

fn hash_bigint(b: &BigInt) -> u64 {
    let m = (b.abs() % BigInt::from(HASH_MODULUS)).to_i64().unwrap_or(0);
    let h = if b.is_negative() { -m } else { m };
    (if h == -1 { -2 } else { h }) as u64
}

/// CPython's hash of a float (`_Py_HashDouble`): the value reduced modulo
/// the Mersenne prime 2**61 - 1, so that it equals the hash of an equal
/// int; ±314159 for infinities. A NaN hashes by identity in CPython (its
/// address); here its identity is its bits (the stamp `Value::float` gave
/// it), so it hashes by them.
fn hash_f64(f: f64) -> u64 {
    const BITS: u32 = 61;
    if f.is_infinite() {
        return if f > 0.0 {
            314_159
        } else {
            (-314_159i64) as u64
        };
    }
    if f.is_nan() {
        let bits = f.to_bits();
        let h = bits ^ (bits >> 31);
        return if h == u64::MAX { u64::MAX - 1 } else { h };
    }
    let (mut m, mut e) = frexp(f);
    let negative = m < 0.0;
    if negative {
        m = -m;
    }
    let mut x: u64 = 0;
    while m != 0.0 {
        x = ((x << 28) & HASH_MODULUS) | x >> (BITS - 28);
        m *= 268_435_456.0; // 2**28
        e -= 28;
        let y = m as u64;
        m -= y as f64;
        x += y;
        if x >= HASH_MODULUS {
            x -= HASH_MODULUS;
        }
    }
    let e = if e >= 0 {
        e as u32 % BITS
    } else {
        BITS - 1 - ((-1 - e) as u32 % BITS)
    };
    x = ((x << e) & HASH_MODULUS) | x >> (BITS - e);
    let h = if negative { x.wrapping_neg() } else { x };
    if h == u64::MAX { u64::MAX - 1 } else { h }
}

/// CPython's `complex_hash`: the parts' hashes combined as `re + 1000003 *
/// im` (so `hash(x + 0j) == hash(x)`). A NaN part hashes by the object's
/// identity, as `_Py_HashDouble` hashes a NaN by its object's address.
fn hash_complex(o: &ObjRef, re: f64, im: f64) -> u64 {
    const IMAG: u64 = 1_000_003;
    let part = |f: f64| {
        if f.is_nan() {
            let p = o.as_ptr() as u64;
            let h = p.rotate_right(4);
            if h == u64::MAX { u64::MAX - 1 } else { h }
        } else {
            hash_f64(f)
        }
    };
    let h = part(re).wrapping_add(IMAG.wrapping_mul(part(im)));
    if h == u64::MAX { u64::MAX - 1 } else { h }
}

/// C's `frexp`: `f == m * 2**e` with `0.5 <= |m| < 1` (`m` is 0 for 0).
fn frexp(f: f64) -> (f64, i32) {
    if f == 0.0 || !f.is_finite() {
        return (f, 0);
    }
    let bits = f.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    if exp == 0 {
        // Subnormal: scale into the normal range first.
        let (m, e) = frexp(f * 2f64.powi(64));
        return (m, e - 64);
    }
    let m = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (m, exp - 1022)
}

/// Bound methods are equal when bound to the same object (by identity)
/// and their functions are equal (CPython's `method_richcompare`; for
/// built-in methods, the same C function, `meth_richcompare`). `None`:
/// not two bound methods.
fn method_eq(vm: &mut Vm, x: &ObjRef, y: &ObjRef) -> Option<PyResult<bool>> {
    use crate::object::{BoundMethod, Builtin};
    match (x.kind(), y.kind()) {
        (Kind::METHOD, Kind::METHOD) => {
            let (m, n) = (x.downcast::<BoundMethod>()?, y.downcast::<BoundMethod>()?);
            if !m.receiver.is(&n.receiver) {
                return Some(Ok(false));
            }
            let (f, g) = (m.func.clone(), n.func.clone());
            Some(eq(vm, &f, &g))
        }
        (Kind::BUILTIN, Kind::BUILTIN) => {
            let (m, n) = (x.downcast::<Builtin>()?, y.downcast::<Builtin>()?);
            let same_self = match (&m.bound, &n.bound) {
                (Some(r), Some(s)) => r.is(s),
                (None, None) => true,
                _ => false,
            };
            Some(Ok(same_self
                && std::ptr::fn_addr_eq(m.func, n.func)
                && m.name == n.name))
        }
        _ => None,
    }
}

/// The hash of a bound method, consistent with [`method_eq`]: its
/// receiver's identity and its function's hash.
fn method_hash(o: &ObjRef) -> Option<u64> {
    use crate::object::{BoundMethod, Builtin};
    let ident = |v: &Value| match v {
        Value::Obj(r) => (r.as_ptr() as u64) >> 4,
        v => hash_value(v).unwrap_or(0),
    };
    if let Some(m) = o.downcast::<BoundMethod>() {
        return Some(ident(&m.receiver) ^ hash_value(&m.func).unwrap_or(0).rotate_left(17));
    }
    let b = o.downcast::<Builtin>()?;
    let recv = b.bound.as_ref()?;
    Some(ident(recv) ^ (b.func as usize as u64).rotate_left(17))
}

/// The hash of a hashable value; `TypeError: unhashable type` otherwise.
/// Equal values hash equally across `int`, `float` and `bool`.
pub fn hash_value(v: &Value) -> PyResult<u64> {
    Ok(match v {
        Value::None => 0x5f3c_9d1e,
        Value::Bool(b) => *b as u64,
        Value::Int(i) => hash_i64(*i),
        Value::Float(f) => hash_f64(*f),
        Value::Obj(o) if o.ty().is_heap_type() => return heap_hash_value(v),
        Value::Obj(o) => hash_by_kind(v, o)?,
    })
}

/// [`hash_value`] of an instance of a Python class.
#[inline(never)]
fn heap_hash_value(v: &Value) -> PyResult<u64> {
    // A class with `__eq__` and no `__hash__` has unhashable instances. A
    // `__hash__` of its own is called by `hash()`, but dicts hash their
    // keys without the VM: rather than hash such a key by identity (and
    // miss equal keys), they refuse it. Both come before a built-in or C
    // base's hash, which they override.
    if dunder::eq_without_hash(v) {
        return Err(unhashable(v));
    }
    if dunder::special(v, "__hash__").is_some() {
        return Err(PyErr::new(
            &types::NOT_IMPLEMENTED_ERROR,
            "a class's own __hash__ for dict keys is not supported by typhon",
        ));
    }
    if let Some(n) = crate::subclass::number_value(v) {
        return hash_value(&n);
    }
    builtin_hash(v)
}

/// The hash of `v` by its built-in type's rules alone (what `hash_value`
/// gives once a class's own `__hash__` and `__eq__` are ruled out).
pub fn builtin_hash(v: &Value) -> PyResult<u64> {
    match v {
        Value::Obj(o) => hash_by_kind(v, o),
        _ => hash_value(v),
    }
}

/// The hash of the object `o` (`v`) by the rules of its kind.
#[inline(always)]
fn hash_by_kind(v: &Value, o: &ObjRef) -> PyResult<u64> {
    Ok(match o.kind() {
        Kind::STR => o.downcast::<StrObj>().map(|s| s.hash()).unwrap_or(0),
        Kind::INT => v.as_bigint().map(hash_bigint).unwrap_or(0),
        Kind::COMPLEX => match v.as_complex() {
            Some((re, im)) => hash_complex(o, re, im),
            None => 0,
        },
        Kind::TUPLE => match o.downcast::<TupleObj>() {
            Some(t) => hash_tuple(&t.items, &mut hash_value)?,
            None => 0,
        },
        Kind::BYTES => o
            .downcast::<BytesObj>()
            .map(|b| crate::object::str::hash_bytes(b.as_bytes()))
            .unwrap_or(0),
        Kind::FROZENSET => o.downcast::<SetObj>().map_or(0, SetObj::frozen_hash),
        Kind::MEMORYVIEW => match crate::bytes::hash_memoryview(o) {
            Some(r) => r?,
            None => 0,
        },
        Kind::LIST
        | Kind::DICT
        | Kind::DICT_VIEW
        | Kind::SLICE
        | Kind::SET
        | Kind::DEQUE
        | Kind::BYTEARRAY => {
            return Err(unhashable(v));
        }
        Kind::STDLIB if crate::stdlib::unhashable(o) => return Err(unhashable(v)),
        Kind::STDLIB if let Some(h) = crate::stdlib::hash(o) => h?,
        Kind::METHOD | Kind::BUILTIN if let Some(h) = method_hash(o) => h,
        _ => match ext::foreign(v) {
            Some((capi, o)) => match capi.hash(o)? {
                Some(h) => h,
                None => return Err(unhashable(v)),
            },
            None => (o.as_ptr() as u64) >> 4,
        },
    })
}

/// The hash of `v` as `hash()` computes it: [`hash_value`], except that an
/// instance of a Python class (also inside a tuple) is hashed by its
/// class's `__hash__`, whose exceptions propagate (CPython's
/// `PyObject_Hash`).
#[inline]
pub fn hash(vm: &mut Vm, v: &Value) -> PyResult<u64> {
    // The common keys inline (`d.get(i)`, `d[i]`, `s.add(i)` in loops).
    match v {
        Value::Int(i) => Ok(hash_i64(*i)),
        Value::Obj(o) if o.is_type(&types::STR) => {
            Ok(o.downcast::<StrObj>().map(|s| s.hash()).unwrap_or(0))
        }
        Value::Obj(o) => hash_obj(vm, v, o),
        _ => hash_value(v),
    }
}

/// [`hash`] of an object other than an exact `str`.
#[inline(never)]
fn hash_obj(vm: &mut Vm, v: &Value, o: &ObjRef) -> PyResult<u64> {
    if o.ty().is_heap_type() {
        if let Some(h) = dunder::hash(vm, v) {
            return h.map(|h| h as u64);
        }
        if let Some(n) = crate::subclass::number_value(v) {
            return hash_value(&n);
        }
    }
    match o.kind() {
        Kind::TUPLE if needs_vm_items(v) => match o.downcast::<TupleObj>() {
            Some(t) => hash_tuple(&t.items, &mut |x| hash(vm, x)),
            None => Ok(0),
        },
        _ => hash_foreign(vm, v),
    }
}

/// [`hash_value`], with the interpreter lent to a C type's `tp_hash`
/// (which may hash a Python object it holds).
fn hash_foreign(vm: &mut Vm, v: &Value) -> PyResult<u64> {
    match ext::foreign(v) {
        Some((capi, o)) if !(o.ty().is_heap_type() && dunder::eq_without_hash(v)) => {
            match capi.hash_with_vm(vm, o)? {
                Some(h) => Ok(h),
                None => Err(unhashable(v)),
            }
        }
        _ => hash_value(v),
    }
}

/// Whether hashing or comparing `v` as a dict key may run Python code: an
/// instance of a Python class, or a tuple holding one (at any depth; past
/// the depth hashing allows, conservatively yes). A set or frozenset counts
/// too: comparing nested frozensets recurses, which the interpreter's
/// comparison bounds (`RecursionError`) and [`key_eq`] cannot.
#[inline]
pub fn needs_vm(v: &Value) -> bool {
    matches!(v, Value::Obj(_)) && go_needs_vm(v, 0)
}

/// Whether a tuple's items (at any depth) need the VM to be hashed or
/// compared (see [`needs_vm`]), whatever the tuple's own class.
fn needs_vm_items(v: &Value) -> bool {
    v.downcast::<TupleObj>()
        .is_some_and(|t| t.items.iter().any(|x| go_needs_vm(x, 1)))
}

fn go_needs_vm(v: &Value, depth: usize) -> bool {
    let Value::Obj(o) = v else {
        return false;
    };
    // An instance of a Python class (also one deriving from `str` or
    // `int`) may compare through its class's `__eq__`.
    if o.ty().is_heap_type() {
        return true;
    }
    match o.kind() {
        Kind::STR | Kind::INT => false,
        Kind::SET | Kind::FROZENSET => true,
        // Bound methods compare by receiver and function.
        Kind::METHOD => true,
        Kind::BUILTIN => o
            .downcast::<crate::object::Builtin>()
            .is_some_and(|b| b.bound.is_some()),
        Kind::TUPLE => {
            depth >= DEFAULT_NEST_MAX
                || o.downcast::<TupleObj>()
                    .is_some_and(|t| t.items.iter().any(|x| go_needs_vm(x, depth + 1)))
        }
        _ => false,
    }
}

/// The hash of a tuple of `items`, each hashed by `item_hash`. CPython
/// does not guard this recursion (a tuple nested a million deep crashes
/// it); here it is a RecursionError.
fn hash_tuple(
    items: &[Value],
    item_hash: &mut dyn FnMut(&Value) -> PyResult<u64>,
) -> PyResult<u64> {
    let depth = HASH_NEST.get();
    if depth >= DEFAULT_NEST_MAX {
        return Err(PyErr::new(
            &types::RECURSION_ERROR,
            "maximum recursion depth exceeded while hashing a tuple",
        ));
    }
    HASH_NEST.set(depth + 1);
    let h = hash_items(items, item_hash);
    HASH_NEST.set(depth);
    h
}

/// The hash of a tuple of `items`: CPython 3.11's combination (after
/// xxHash's round function), so tuples hash as in CPython.
fn hash_items(
    items: &[Value],
    item_hash: &mut dyn FnMut(&Value) -> PyResult<u64>,
) -> PyResult<u64> {
    const PRIME_1: u64 = 11_400_714_785_074_694_791;
    const PRIME_2: u64 = 14_029_467_366_897_019_727;
    const PRIME_5: u64 = 2_870_177_450_012_600_261;
    let mut acc = PRIME_5;
    for x in items {
        let lane = item_hash(x)?;
        acc = acc.wrapping_add(lane.wrapping_mul(PRIME_2));
        acc = acc.rotate_left(31);
        acc = acc.wrapping_mul(PRIME_1);
    }
    acc = acc.wrapping_add(items.len() as u64 ^ (PRIME_5 ^ 3_527_539));
    Ok(if acc == u64::MAX { 1_546_275_796 } else { acc })
}

fn unhashable(v: &Value) -> PyErr {
    PyErr::type_error(format!("unhashable type: '{}'", v.type_name()))
}

/// Equality of two hashable keys (no user code can run).
pub fn key_eq(a: &Value, b: &Value) -> bool {
    // Identity first, as CPython's dict does (this is what finds a NaN key).
    if a.is(b) {
        return true;
    }
    // Two strs (the common key) first: neither is then a C type's instance.
    if let (Some(x), Some(y)) = (a.as_str(), b.as_str()) {
        return x == y;
    }
    if let Some((capi, _)) = ext::foreign(a).or(ext::foreign(b)) {
        return capi.key_eq(a, b);
    }
    if let (Some(x), Some(y)) = (a.downcast::<BytesObj>(), b.downcast::<BytesObj>()) {
        return x.as_bytes() == y.as_bytes();
    }
    if is_numeric(a) && is_numeric(b) {
        return num_cmp(a, b) == Some(Ordering::Equal);
    }
    if let Some(r) = crate::complex::eq(a, b) {
        return r;
    }
    // A read-only memoryview is a key equal to its bytes.
    if let Some(r) = crate::bytes::eq(a, b) {
        return r.unwrap_or(false);
    }
    match (a, b) {
        (Value::None, Value::None) => true,
        (Value::Obj(x), Value::Obj(y)) => {
            if x.ptr_eq(y) {
                return true;
            }
            if let (Some(p), Some(q)) = (sets::payload(a), sets::payload(b)) {
                return p.plain_eq(q);
            }
            if let Some(r) = crate::stdlib::re::key_eq(x, y) {
                return r;
            }
            match (x.downcast::<TupleObj>(), y.downcast::<TupleObj>()) {
                (Some(p), Some(q)) => {
                    p.items.len() == q.items.len()
                        && p.items
                            .iter()
                            .zip(q.items.iter())
                            .all(|(m, n)| key_eq(m, n))
                }
                _ => false,
            }
        }
        _ => false,
    }
}

// ----- comparison ----------------------------------------------------------------

/// Exact numeric comparison across int/bool/float/big int (None for NaN).
pub fn num_cmp(a: &Value, b: &Value) -> Option<Ordering> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Some(x.cmp(y)),
        (Value::Float(x), Value::Float(y)) => x.partial_cmp(y),
        (Value::Bool(x), _) => num_cmp(&Value::Int(*x as i64), b),
        (_, Value::Bool(y)) => num_cmp(a, &Value::Int(*y as i64)),
        (Value::Int(x), Value::Float(y)) => int_float_cmp(&BigInt::from(*x), *x as f64, *y),
        (Value::Float(x), Value::Int(y)) => {
            int_float_cmp(&BigInt::from(*y), *y as f64, *x).map(Ordering::reverse)
        }
        _ => {
            let x = a.to_bigint();
            let y = b.to_bigint();
            match (x, y, a, b) {
                (Some(x), Some(y), _, _) => Some(x.cmp(&y)),
                (Some(x), None, _, Value::Float(f)) => {
                    int_float_cmp(&x, x.to_f64().unwrap_or(f64::INFINITY), *f)
                }
                (None, Some(y), Value::Float(f), _) => {
                    int_float_cmp(&y, y.to_f64().unwrap_or(f64::INFINITY), *f)
                        .map(Ordering::reverse)
                }
                _ => None,
            }
        }
    }
}

/// Compares the int `i` (with approximation `approx`) against float `f`
/// exactly.
fn int_float_cmp(i: &BigInt, approx: f64, f: f64) -> Option<Ordering> {
    if f.is_nan() {
        return None;
    }
    if f.is_infinite() {
        return Some(if f > 0.0 {
            Ordering::Less
        } else {
            Ordering::Greater
        });
    }
    if approx != f {
        return approx.partial_cmp(&f);
    }
    // Close: compare exactly. `f` is integral here only if `approx == f`
    // could hold; compare i with floor(f) and the fraction.
    let fl = f.floor();
    let fi = BigInt::from_f64(fl)?;
    match i.cmp(&fi) {
        Ordering::Equal if f > fl => Some(Ordering::Less),
        o => Some(o),
    }
}

/// `a == b` for any two values: a Python class's `__eq__` first (also of
/// a class deriving from a built-in type, whose instances compare as their
/// base's without one), then the built-in rules.
pub fn eq(vm: &mut Vm, a: &Value, b: &Value) -> PyResult<bool> {
    if dunder::is_py(a) || dunder::is_py(b) {
        return match dunder::richcompare(vm, CmpOp::Eq, a, b)? {
            Some(r) => truthy(vm, &r),
            None => builtin_eq(vm, &crate::subclass::plain(a), &crate::subclass::plain(b)),
        };
    }
    builtin_eq(vm, a, b)
}

/// `a == b` by the built-in rules alone (after the operands' classes
/// defined no `__eq__`, or for values of built-in types).
fn builtin_eq(vm: &mut Vm, a: &Value, b: &Value) -> PyResult<bool> {
    if is_numeric(a) && is_numeric(b) {
        return Ok(num_cmp(a, b) == Some(Ordering::Equal));
    }
    if let Some(r) = crate::complex::eq(a, b) {
        return Ok(r);
    }
    if let Some(r) = foreign_compare(vm, CmpOp::Eq, a, b)? {
        return r;
    }
    match (a, b) {
        (Value::None, Value::None) => Ok(true),
        (Value::Obj(x), Value::Obj(y)) => {
            if let (Some(s), Some(t)) = (x.downcast::<StrObj>(), y.downcast::<StrObj>()) {
                return Ok(s.as_str() == t.as_str());
            }
            if let (Some(s), Some(t)) = (x.downcast::<BytesObj>(), y.downcast::<BytesObj>()) {
                return Ok(s.as_bytes() == t.as_bytes());
            }
            if let Some(r) = crate::bytes::eq(a, b) {
                return r;
            }
            if x.ptr_eq(y) && x.kind() != Kind::FOREIGN {
                return Ok(true);
            }
            if (x.kind() == Kind::DICT_VIEW || y.kind() == Kind::DICT_VIEW)
                && let Some(r) = sets::view_richcompare(vm, CmpOp::Eq, a, b)?
            {
                return Ok(r);
            }
            if let Some(r) = method_eq(vm, x, y) {
                return r;
            }
            match (x.kind(), y.kind()) {
                (Kind::LIST, Kind::LIST)
                | (Kind::TUPLE, Kind::TUPLE)
                | (Kind::DEQUE, Kind::DEQUE) => {
                    let (p, q) = (seq_items(a), seq_items(b));
                    if p.len() != q.len() {
                        return Ok(false);
                    }
                    // Like CPython, items are compared identity-first, so `[nan] == [nan]`
                    // holds when both lists hold the same float.
                    vm.enter_nested(IN_COMPARISON)?;
                    let same = items_eq(vm, &p, &q);
                    vm.leave_nested();
                    same
                }
                (Kind::DICT, Kind::DICT) => {
                    let (Some(p), Some(q)) = (x.downcast::<DictObj>(), y.downcast::<DictObj>())
                    else {
                        return Ok(false);
                    };
                    if p.len() != q.len() {
                        return Ok(false);
                    }
                    vm.enter_nested(IN_COMPARISON)?;
                    let same = dict_items_eq(vm, p, q);
                    vm.leave_nested();
                    same
                }
                (Kind::SET | Kind::FROZENSET, Kind::SET | Kind::FROZENSET) => {
                    match (x.downcast::<SetObj>(), y.downcast::<SetObj>()) {
                        (Some(p), Some(q)) => sets::eq(vm, p, q),
                        _ => Ok(false),
                    }
                }
                (Kind::RANGE, Kind::RANGE) => {
                    let (Some(p), Some(q)) = (x.downcast::<RangeObj>(), y.downcast::<RangeObj>())
                    else {
                        return Ok(false);
                    };
                    let (n, m) = (p.len(), q.len());
                    Ok(n == m && (n == 0 || (p.start == q.start && (n == 1 || p.step == q.step))))
                }
                (Kind::STDLIB, _) | (_, Kind::STDLIB) => {
                    match crate::stdlib::richcompare(vm, CmpOp::Eq, a, b) {
                        Some(r) => truthy(vm, &r?),
                        None => Ok(false),
                    }
                }
                _ => Ok(false),
            }
        }
        _ => Ok(false),
    }
}

/// Whether `a` and `b` are the same object or equal: how containers
/// compare their items (CPython's `PyObject_RichCompareBool`), so that a
/// container holding a NaN equals itself and finds it.
pub fn same_or_eq(vm: &mut Vm, a: &Value, b: &Value) -> PyResult<bool> {
    Ok(a.is(b) || eq(vm, a, b)?)
}

/// What CPython's `RecursionError` says when comparing nested containers
/// goes too deep.
const IN_COMPARISON: &str = " in comparison";

/// Whether two item sequences of the same length are equal, item by item.
fn items_eq(vm: &mut Vm, p: &[Value], q: &[Value]) -> PyResult<bool> {
    for (m, n) in p.iter().zip(q.iter()) {
        if !same_or_eq(vm, m, n)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether two dicts of the same length have equal values for every key.
fn dict_items_eq(vm: &mut Vm, p: &DictObj, q: &DictObj) -> PyResult<bool> {
    for (k, v) in p.items() {
        let key = DictKey::with_vm(vm, k)?;
        match q.get_vm(vm, &key)? {
            Some(w) if same_or_eq(vm, &v, &w)? => {}
            _ => return Ok(false),
        }
    }
    Ok(true)
}

/// Whether iterating `v` (a list, tuple or dict, or of a class deriving
/// from one) yields its items as they are stored: its class has no
/// `__iter__` of its own (CPython's fast paths check `PyList_CheckExact`,
/// or the type's `tp_iter`; an instance of a subclass that keeps
/// `list.__iter__` iterates the same).
#[inline]
pub fn iterates_plainly(v: &Value) -> bool {
    !dunder::is_py(v) || dunder::special(v, "__iter__").is_none()
}

/// The items of a list or tuple, `None` for anything else.
pub fn seq_items_checked(v: &Value) -> Option<Vec<Value>> {
    match v.kind() {
        Kind::TUPLE | Kind::LIST => Some(seq_items(v)),
        _ => None,
    }
}

/// The items of a list or tuple (a snapshot for lists).
pub fn seq_items(v: &Value) -> Vec<Value> {
    if let Some(l) = v.downcast::<ListObj>() {
        return l.items.borrow().clone();
    }
    if let Some(t) = v.downcast::<TupleObj>() {
        return t.items.to_vec();
    }
    if let Some(d) = deque::payload(v) {
        return d.items();
    }
    Vec::new()
}

/// Rich comparison `a <op> b`.
pub fn compare(vm: &mut Vm, op: CmpOp, a: &Value, b: &Value) -> PyResult<Value> {
    if (a.kind() == Kind::STDLIB || b.kind() == Kind::STDLIB)
        && let Some(r) = crate::stdlib::richcompare(vm, op, a, b)
    {
        return r;
    }
    if dunder::is_py(a) || dunder::is_py(b) {
        return match dunder::richcompare(vm, op, a, b)? {
            Some(r) => Ok(r),
            // Classes deriving from built-in types compare as those do.
            None if crate::subclass::is_instance_value(a)
                || crate::subclass::is_instance_value(b) =>
            {
                builtin_compare(
                    vm,
                    op,
                    &crate::subclass::plain(a),
                    &crate::subclass::plain(b),
                )
            }
            None => Err(not_supported(op, a, b)),
        };
    }
    if ext::foreign(a).is_some() || ext::foreign(b).is_some() {
        let capi = ext::foreign(a).or(ext::foreign(b)).map(|(c, _)| c);
        if let Some(capi) = capi
            && let Some(r) = capi.richcompare(vm, op, a, b)?
        {
            return Ok(r);
        }
        return match op {
            CmpOp::Eq => Ok(Value::Bool(a.is(b))),
            CmpOp::Ne => Ok(Value::Bool(!a.is(b))),
            _ => Err(not_supported(op, a, b)),
        };
    }
    builtin_compare(vm, op, a, b)
}

/// `a <op> b` by the built-in rules alone, the operands' own comparison
/// methods left out (`list.__lt__` and friends run this).
pub fn builtin_compare(vm: &mut Vm, op: CmpOp, a: &Value, b: &Value) -> PyResult<Value> {
    match op {
        CmpOp::Eq => return Ok(Value::Bool(builtin_eq(vm, a, b)?)),
        CmpOp::Ne => return Ok(Value::Bool(!builtin_eq(vm, a, b)?)),
        _ => {}
    }
    let ord = builtin_order(vm, op, a, b)?;
    Ok(Value::Bool(match ord {
        None => false,
        Some(o) => match op {
            CmpOp::Lt => o == Ordering::Less,
            CmpOp::Le => o != Ordering::Greater,
            CmpOp::Gt => o == Ordering::Greater,
            CmpOp::Ge => o != Ordering::Less,
            CmpOp::Eq | CmpOp::Ne => false,
        },
    }))
}

/// Orders two values for `<`-style comparisons (None: unordered, e.g. NaN).
pub fn order(vm: &mut Vm, op: CmpOp, a: &Value, b: &Value) -> PyResult<Option<Ordering>> {
    if dunder::is_py(a) || dunder::is_py(b) {
        // A Python class's comparison: ask it, then read the answer back
        // as an ordering of the asked direction.
        let r = compare(vm, op, a, b)?;
        let yes = truthy(vm, &r)?;
        return Ok(Some(answer_as_order(op, yes)));
    }
    builtin_order(vm, op, a, b)
}

/// [`order`] by the built-in rules alone.
fn builtin_order(vm: &mut Vm, op: CmpOp, a: &Value, b: &Value) -> PyResult<Option<Ordering>> {
    if is_numeric(a) && is_numeric(b) {
        return Ok(num_cmp(a, b));
    }
    if let (Some(x), Some(y)) = (a.as_str(), b.as_str()) {
        return Ok(Some(x.cmp(y)));
    }
    if let (Some(x), Some(y)) = (a.downcast::<BytesObj>(), b.downcast::<BytesObj>()) {
        return Ok(Some(x.as_bytes().cmp(y.as_bytes())));
    }
    if let Some(r) = crate::bytes::order(a, b) {
        return r.map(Some);
    }
    let (ka, kb) = (a.kind(), b.kind());
    if (ka == Kind::LIST && kb == Kind::LIST)
        || (ka == Kind::TUPLE && kb == Kind::TUPLE)
        || (ka == Kind::DEQUE && kb == Kind::DEQUE)
    {
        let (p, q) = (seq_items(a), seq_items(b));
        vm.enter_nested(IN_COMPARISON)?;
        let r = items_order(vm, op, &p, &q);
        vm.leave_nested();
        return r;
    }
    if sets::is_anyset(a)
        && sets::is_anyset(b)
        && let Some(yes) = sets::richcompare(vm, op, a, b)?
    {
        return Ok(Some(answer_as_order(op, yes)));
    }
    if (ka == Kind::DICT_VIEW || kb == Kind::DICT_VIEW)
        && let Some(yes) = sets::view_richcompare(vm, op, a, b)?
    {
        return Ok(Some(answer_as_order(op, yes)));
    }
    let native = if ka == Kind::STDLIB || kb == Kind::STDLIB {
        crate::stdlib::richcompare(vm, op, a, b)
    } else {
        None
    };
    if native.is_some() || ext::foreign(a).is_some() || ext::foreign(b).is_some() {
        // `<` and friends on a C type or a native module's object
        // (`functools.cmp_to_key`'s): ask its tp_richcompare, then read
        // the answer back as an ordering of the asked direction.
        let r = match native {
            Some(r) => r?,
            None => compare(vm, op, a, b)?,
        };
        let yes = truthy(vm, &r)?;
        return Ok(Some(answer_as_order(op, yes)));
    }
    Err(not_supported(op, a, b))
}

/// The answer `yes` of a comparison `op` (other than `==`/`!=`) as an
/// ordering that [`compare`] reads back as the same answer, for types
/// whose `<` is not an ordering (sets, C types, Python classes).
fn answer_as_order(op: CmpOp, yes: bool) -> Ordering {
    match (op, yes) {
        (CmpOp::Lt, true) | (CmpOp::Le, true) => Ordering::Less,
        (CmpOp::Gt, true) | (CmpOp::Ge, true) => Ordering::Greater,
        (CmpOp::Lt, false) | (CmpOp::Le, false) => Ordering::Greater,
        _ => Ordering::Less,
    }
}

/// The order of two item sequences: that of their first unequal items, or
/// of their lengths.
fn items_order(vm: &mut Vm, op: CmpOp, p: &[Value], q: &[Value]) -> PyResult<Option<Ordering>> {
    for (m, n) in p.iter().zip(q.iter()) {
        if !same_or_eq(vm, m, n)? {
            return order(vm, op, m, n);
        }
    }
    Ok(Some(p.len().cmp(&q.len())))
}

fn not_supported(op: CmpOp, a: &Value, b: &Value) -> PyErr {
    PyErr::type_error(format!(
        "'{}' not supported between instances of '{}' and '{}'",
        op.symbol(),
        a.type_name(),
        b.type_name()
    ))
}

/// `a == b` when either side is foreign: `Some(result)`, else `None`.
fn foreign_compare(
    vm: &mut Vm,
    op: CmpOp,
    a: &Value,
    b: &Value,
) -> PyResult<Option<PyResult<bool>>> {
    if ext::foreign(a).is_none() && ext::foreign(b).is_none() {
        return Ok(None);
    }
    let r = compare(vm, op, a, b)?;
    Ok(Some(truthy(vm, &r)))
}

/// `a < b` as a Rust bool (for sorting, min and max).
pub fn less_than(vm: &mut Vm, a: &Value, b: &Value) -> PyResult<bool> {
    Ok(order(vm, CmpOp::Lt, a, b)? == Some(Ordering::Less))
}

// ----- arithmetic ------------------------------------------------------------------

/// CPython's TypeError for a binary operator no operand supports
/// (`unsupported operand type(s) for +: 'A' and 'B'`).
pub(crate) fn unsupported(op: BinOp, a: &Value, b: &Value) -> PyErr {
    let sym = if op == BinOp::Pow {
        "** or pow()"
    } else {
        op.symbol()
    };
    PyErr::type_error(format!(
        "unsupported operand type(s) for {sym}: '{}' and '{}'",
        a.type_name(),
        b.type_name()
    ))
}

/// The error of an in-place operator (`x -= y`): CPython names the
/// operator with its `=` ("unsupported operand type(s) for -=: ...").
/// `e` is the error the binary operator raised; others pass through.
pub fn inplace_error(op: BinOp, e: PyErr) -> PyErr {
    let plain = if op == BinOp::Pow {
        "** or pow()"
    } else {
        op.symbol()
    };
    let prefix = format!("unsupported operand type(s) for {plain}: ");
    let msg = match (e.ty().name(), e.exc().args().as_slice()) {
        ("TypeError", [Value::Obj(s)]) => s.downcast::<StrObj>().map(|s| s.as_str().to_owned()),
        _ => None,
    };
    match msg.as_deref().and_then(|m| m.strip_prefix(&prefix)) {
        Some(rest) => PyErr::type_error(format!(
            "unsupported operand type(s) for {}=: {rest}",
            op.symbol()
        )),
        None => e,
    }
}

/// `a <op>= b`: the left operand's in-place method first (Python
/// classes' `__i<op>__`, a list's `+=` and `*=`), then `a <op> b`, with
/// the in-place operator's symbol in the error.
pub fn inplace_op(vm: &mut Vm, op: BinOp, a: &Value, b: &Value) -> PyResult<Value> {
    if (crate::dunder::is_py(a) || crate::dunder::is_py(b))
        && let Some(r) = crate::dunder::binary_op(vm, op, a, b, true)?
    {
        return Ok(r);
    }
    if !crate::dunder::is_py(a)
        && let Some((capi, _)) = ext::foreign(a)
        && let Some(r) = capi.inplace_op(vm, op, a, b)?
    {
        return Ok(r);
    }
    if a.kind() == Kind::SET
        && let Some(r) = sets::inplace_op(vm, op, a, b)?
    {
        return Ok(r);
    }
    if a.kind() == Kind::BYTEARRAY
        && let Some(r) = crate::bytes::inplace_op(vm, op, a, b)?
    {
        return Ok(r);
    }
    if let Some(r) = deque::inplace_op(vm, op, a, b) {
        return r.map_err(|e| inplace_error(op, e));
    }
    let r = if a.kind() == Kind::LIST {
        inplace_list_op(vm, op, a, b)
    } else {
        binary_op(vm, op, a, b)
    };
    r.map_err(|e| inplace_error(op, e))
}

/// `a <op> b` for every binary operator.
pub fn binary_op(vm: &mut Vm, op: BinOp, a: &Value, b: &Value) -> PyResult<Value> {
    if (dunder::is_py(a) || dunder::is_py(b))
        && let Some(r) = dunder::binary_op(vm, op, a, b, false)?
    {
        return Ok(r);
    }
    builtin_binary_op(vm, op, a, b)
}

/// `a <op> b` by the built-in rules alone, after the operands' dunder
/// methods declined (or when they have none).
pub fn builtin_binary_op(vm: &mut Vm, op: BinOp, a: &Value, b: &Value) -> PyResult<Value> {
    // `int | None`: a `types.UnionType` (`type.__or__`/`__ror__`).
    if op == BinOp::Or && (a.kind() == Kind::TYPE || b.kind() == Kind::TYPE) {
        let r = crate::stdlib::generic::union(vm, a, b)?;
        if r.kind() != Kind::NOT_IMPLEMENTED {
            return Ok(r);
        }
        return Err(unsupported(op, a, b));
    }
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => return int_op(op, *x, *y),
        (Value::Float(x), Value::Float(y)) => return float_op(op, *x, *y),
        (Value::Bool(x), Value::Bool(y)) => match op {
            BinOp::And => return Ok(Value::Bool(x & y)),
            BinOp::Or => return Ok(Value::Bool(x | y)),
            BinOp::Xor => return Ok(Value::Bool(x ^ y)),
            _ => {}
        },
        _ => {}
    }
    // An instance of a class deriving from `int` or `float` computes as
    // the number it holds with another number, and repeats a sequence as
    // its int does (`str % x` formats it as it is).
    if (dunder::is_py(a) || dunder::is_py(b))
        && (crate::subclass::number_value(a).is_some()
            || crate::subclass::number_value(b).is_some())
        && ((is_numeric(a) || a.kind() == Kind::FLOAT)
            && (is_numeric(b) || b.kind() == Kind::FLOAT)
            || op == BinOp::Mul && a.kind() != Kind::FLOAT && b.kind() != Kind::FLOAT)
    {
        use crate::subclass::plain;
        return builtin_binary_op(vm, op, &plain(a), &plain(b));
    }
    if let Some(capi) = ext::foreign(a).or(ext::foreign(b)).map(|(c, _)| c) {
        return match capi.binary_op(vm, op, a, b)? {
            Some(r) => Ok(r),
            None => Err(unsupported(op, a, b)),
        };
    }
    if let Some(r) = crate::complex::binary_op(op, a, b) {
        return r;
    }
    let (an, bn) = (is_numeric(a), is_numeric(b));
    if an && bn {
        if matches!(a, Value::Float(_)) || matches!(b, Value::Float(_)) {
            if matches!(
                op,
                BinOp::And | BinOp::Or | BinOp::Xor | BinOp::LShift | BinOp::RShift
            ) {
                return Err(unsupported(op, a, b));
            }
            return float_op(op, int_to_f64(a)?, int_to_f64(b)?);
        }
        if let (Some(x), Some(y)) = (small_int(a), small_int(b)) {
            return int_op(op, x, y);
        }
        let (Some(x), Some(y)) = (big_ref(a), big_ref(b)) else {
            return Err(unsupported(op, a, b));
        };
        return bigint_op(op, &x, &y);
    }
    if let Some(r) = sets::binary_op(vm, op, a, b)? {
        return Ok(r);
    }
    if let Some(r) = sets::view_binary_op(vm, op, a, b)? {
        return Ok(r);
    }
    if let Some(r) = deque::binary_op(vm, op, a, b) {
        return r;
    }
    seq_op(vm, op, a, b)
}

/// An int's value as a big int, borrowed from a heap int: copying an
/// operand of hundreds of MB would double the memory an operation needs.
fn big_ref(v: &Value) -> Option<std::borrow::Cow<'_, BigInt>> {
    match v {
        Value::Obj(o) => o
            .downcast::<crate::object::IntObj>()
            .and_then(crate::object::IntObj::as_big)
            .map(std::borrow::Cow::Borrowed),
        _ => v.to_bigint().map(std::borrow::Cow::Owned),
    }
}

fn small_int(v: &Value) -> Option<i64> {
    match v {
        Value::Int(i) => Some(*i),
        Value::Bool(b) => Some(*b as i64),
        _ => None,
    }
}

fn seq_op(vm: &mut Vm, op: BinOp, a: &Value, b: &Value) -> PyResult<Value> {
    let ka = a.kind();
    match op {
        BinOp::Add => match ka {
            Kind::STR => match (a.as_str(), b.as_str()) {
                (Some(x), Some(y)) => {
                    let mut s = text_buffer(x.len() + y.len())?;
                    s.push_str(x);
                    s.push_str(y);
                    Ok(Value::string(s))
                }
                _ => Err(PyErr::type_error(format!(
                    "can only concatenate str (not \"{}\") to str",
                    b.type_name()
                ))),
            },
            Kind::BYTES | Kind::BYTEARRAY => crate::bytes::concat(a, b),
            Kind::LIST | Kind::TUPLE if b.kind() == ka => {
                let mut items = seq_items(a);
                items.extend(seq_items(b));
                Ok(if ka == Kind::LIST {
                    Value::list(items)
                } else {
                    Value::tuple(items)
                })
            }
            Kind::LIST | Kind::TUPLE => Err(PyErr::type_error(format!(
                "can only concatenate {} (not \"{}\") to {}",
                a.type_name(),
                b.type_name(),
                a.type_name()
            ))),
            _ => Err(unsupported(op, a, b)),
        },
        BinOp::Mul => {
            let is_seq = |k: u32| {
                matches!(
                    k,
                    Kind::STR | Kind::LIST | Kind::TUPLE | Kind::BYTES | Kind::BYTEARRAY
                )
            };
            let (seq, n) = if is_seq(ka) { (a, b) } else { (b, a) };
            let ks = seq.kind();
            if !is_seq(ks) {
                return Err(unsupported(op, a, b));
            }
            let n = &dunder::as_index(vm, n)?;
            let count = match to_index(n) {
                Some(r) => r.map_err(|_| {
                    PyErr::overflow(format!(
                        "cannot fit '{}' into an index-sized integer",
                        n.type_name()
                    ))
                })?,
                None => {
                    return Err(PyErr::type_error(format!(
                        "can't multiply sequence by non-int of type '{}'",
                        n.type_name()
                    )));
                }
            };
            let count = count.max(0) as usize;
            // Sizes past isize::MAX are CPython's errors; more than the
            // machine's memory, or what the allocator cannot give, is a
            // MemoryError (reserved up front, so that a failure never aborts).
            let no_memory = |_| PyErr::no_memory();
            let fits = |bytes: usize| {
                if bytes > memory_ceiling() {
                    Err(PyErr::no_memory())
                } else {
                    Ok(())
                }
            };
            match ks {
                Kind::BYTES | Kind::BYTEARRAY => crate::bytes::repeat(seq, count),
                Kind::STR => {
                    let s = seq.as_str().unwrap_or("");
                    let total = s
                        .len()
                        .checked_mul(count)
                        .filter(|&n| n <= isize::MAX as usize)
                        .ok_or_else(|| PyErr::overflow("repeated string is too long"))?;
                    fits(total)?;
                    let mut out: Vec<u8> = Vec::new();
                    out.try_reserve_exact(total).map_err(no_memory)?;
                    if total > 0 {
                        out.extend_from_slice(s.as_bytes());
                    }
                    // Doubling copies: a handful of large copies instead of
                    // one per repetition.
                    while out.len() < total {
                        let n = out.len().min(total - out.len());
                        out.extend_from_within(..n);
                    }
                    let s = String::from_utf8(out)
                        .map_err(|_| PyErr::new(&types::SYSTEM_ERROR, "str repeat broke UTF-8"))?;
                    Ok(Value::string(s))
                }
                _ => {
                    let items = seq_items(seq);
                    // CPython: MemoryError for a list or tuple too long to
                    // count, as for one too big to allocate.
                    let total = items
                        .len()
                        .checked_mul(count)
                        .ok_or_else(PyErr::no_memory)?;
                    fits(total.saturating_mul(std::mem::size_of::<Value>()))?;
                    let mut out = Vec::new();
                    out.try_reserve_exact(total).map_err(no_memory)?;
                    // An empty sequence repeats to nothing at once (the
                    // count may be 2**62).
                    if !items.is_empty() {
                        for _ in 0..count {
                            out.extend(items.iter().cloned());
                        }
                    }
                    Ok(if ks == Kind::LIST {
                        Value::list(out)
                    } else {
                        Value::tuple(out)
                    })
                }
            }
        }
        BinOp::Mod if ka == Kind::STR => match a.as_str() {
            Some(fmt) => crate::percent::format(vm, fmt, b),
            None => Err(unsupported(op, a, b)),
        },
        BinOp::Mod if matches!(ka, Kind::BYTES | Kind::BYTEARRAY) => {
            let fmt = crate::bytes::need_buffer(a)?.to_vec();
            let out = crate::percent::format_bytes(vm, &fmt, b)?;
            Ok(match crate::bytes::Flavor::of(a) {
                Some(fl) => fl.make(out),
                None => Value::Obj(BytesObj::new_obj(&out)),
            })
        }
        _ => Err(unsupported(op, a, b)),
    }
}

/// Makes sure a big-int result of about `bytes` bytes, which num-bigint
/// will allocate infallibly, can be had: `MemoryError` when it is more
/// than the machine has or (for results past a few megabytes, which the
/// allocator's emergency reserve does not cover) when a block of that size
/// cannot be reserved now.
fn ensure_room(bytes: u64) -> PyResult<()> {
    if bytes > memory_ceiling() as u64 {
        return Err(PyErr::no_memory());
    }
    if bytes >= 1 << 22 {
        let mut probe: Vec<u8> = Vec::new();
        probe
            .try_reserve_exact(bytes as usize)
            .map_err(|_| PyErr::no_memory())?;
    }
    Ok(())
}

/// An empty string with room for `bytes` bytes, for results whose size a
/// program chooses (`'x'.ljust(n)`, `s + t`): `MemoryError` when that
/// much cannot be had, where growing an infallible `String` would abort.
pub(crate) fn text_buffer(bytes: usize) -> PyResult<String> {
    if bytes > memory_ceiling() {
        return Err(PyErr::no_memory());
    }
    let mut s = String::new();
    s.try_reserve_exact(bytes).map_err(|_| PyErr::no_memory())?;
    Ok(s)
}

/// The most bytes one object may ask for: the machine's memory and swap,
/// which is what Linux's default overcommit check refuses to exceed. Our
/// allocator reserves address space without that check, so a request of a
/// terabyte would succeed and then be filled until the process is killed,
/// where CPython gets a MemoryError at once. Unknown (not Linux): no limit
/// beyond the allocator's.
pub(crate) fn memory_ceiling() -> usize {
    static CEILING: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CEILING.get_or_init(|| {
        let Ok(info) = std::fs::read_to_string("/proc/meminfo") else {
            return usize::MAX;
        };
        let kib = |key: &str| {
            info.lines()
                .find_map(|l| l.strip_prefix(key))
                .and_then(|rest| rest.split_whitespace().next())
                .and_then(|n| n.parse::<usize>().ok())
        };
        match (kib("MemTotal:"), kib("SwapTotal:")) {
            (Some(m), s) => m.saturating_add(s.unwrap_or(0)).saturating_mul(1024),
            _ => usize::MAX,
        }
    })
}

/// `a += b` / `a *= b` on a list: mutates `a` in place (`list.__iadd__`,
/// `list.__imul__`); other operators behave as their binary form.
pub fn inplace_list_op(vm: &mut Vm, op: BinOp, a: &Value, b: &Value) -> PyResult<Value> {
    let Some(l) = a.downcast::<ListObj>() else {
        return binary_op(vm, op, a, b);
    };
    match op {
        BinOp::Add => {
            let items = collect(vm, b)?;
            l.items.borrow_mut().extend(items);
            Ok(a.clone())
        }
        BinOp::Mul => {
            let Some(n) = to_index(b) else {
                return binary_op(vm, op, a, b);
            };
            let n = n?.max(0) as usize;
            let items = l.items.borrow().clone();
            if items.len().saturating_mul(n) > (1 << 36) {
                return Err(PyErr::no_memory());
            }
            let mut out = Vec::with_capacity(items.len() * n);
            for _ in 0..n {
                out.extend(items.iter().cloned());
            }
            let old = std::mem::replace(&mut *l.items.borrow_mut(), out);
            drop(old);
            Ok(a.clone())
        }
        _ => binary_op(vm, op, a, b),
    }
}

/// `a <op> b` for two `i64`s, promoting to a big int on overflow.
#[inline]
pub fn int_op(op: BinOp, a: i64, b: i64) -> PyResult<Value> {
    let big = || bigint_op(op, &BigInt::from(a), &BigInt::from(b));
    match op {
        BinOp::Add => a.checked_add(b).map(Value::Int).map_or_else(big, Ok),
        BinOp::Sub => a.checked_sub(b).map(Value::Int).map_or_else(big, Ok),
        BinOp::Mul => a.checked_mul(b).map(Value::Int).map_or_else(big, Ok),
        BinOp::FloorDiv => {
            if b == 0 {
                return Err(PyErr::zero_division("integer division or modulo by zero"));
            }
            match a.checked_div_euclid(b) {
                Some(_) => Ok(Value::Int(Integer::div_floor(&a, &b))),
                None => big(),
            }
        }
        BinOp::Mod => {
            if b == 0 {
                return Err(PyErr::zero_division("integer modulo by zero"));
            }
            if b == -1 {
                return Ok(Value::Int(0));
            }
            Ok(Value::Int(Integer::mod_floor(&a, &b)))
        }
        BinOp::TrueDiv => {
            if b == 0 {
                return Err(PyErr::zero_division("division by zero"));
            }
            const EXACT: i64 = 1 << 53;
            if a.abs() <= EXACT && b.abs() <= EXACT {
                Ok(Value::float(a as f64 / b as f64))
            } else {
                format::bigint_true_div(&BigInt::from(a), &BigInt::from(b))
                    .map(Value::float)
                    .map_err(fmt_err)
            }
        }
        BinOp::Pow => {
            if b < 0 {
                if a == 0 {
                    return Err(PyErr::zero_division(
                        "0.0 cannot be raised to a negative power",
                    ));
                }
                return float_op(BinOp::Pow, a as f64, b as f64);
            }
            match u32::try_from(b).ok().and_then(|e| a.checked_pow(e)) {
                Some(r) => Ok(Value::Int(r)),
                None => big(),
            }
        }
        BinOp::LShift => {
            if b < 0 {
                return Err(PyErr::value_error("negative shift count"));
            }
            if b < 63 {
                let r = a << b;
                if (r >> b) == a {
                    return Ok(Value::Int(r));
                }
            }
            if a == 0 {
                return Ok(Value::Int(0));
            }
            big()
        }
        BinOp::RShift => {
            if b < 0 {
                return Err(PyErr::value_error("negative shift count"));
            }
            Ok(Value::Int(a >> b.min(63)))
        }
        BinOp::And => Ok(Value::Int(a & b)),
        BinOp::Or => Ok(Value::Int(a | b)),
        BinOp::Xor => Ok(Value::Int(a ^ b)),
        BinOp::MatMul => Err(unsupported(op, &Value::Int(a), &Value::Int(b))),
    }
}

/// `a <op> b` for big ints.
pub fn bigint_op(op: BinOp, a: &BigInt, b: &BigInt) -> PyResult<Value> {
    if matches!(
        op,
        BinOp::Add | BinOp::Sub | BinOp::And | BinOp::Or | BinOp::Xor | BinOp::Mod
    ) {
        // A result about the size of the larger operand (a quotient is
        // no larger; products, powers and shifts are checked below).
        ensure_room(a.bits().max(b.bits()) / 8 + 8)?;
    }
    Ok(Value::from_bigint(match op {
        BinOp::Add => a + b,
        BinOp::Sub => a - b,
        BinOp::Mul => {
            // The product's size, and as much again twice over for
            // num-bigint's scratch space (Toom-3 works in pieces of it).
            ensure_room((a.bits() + b.bits()) / 8 * 3)?;
            a * b
        }
        BinOp::FloorDiv => {
            if b.is_zero() {
                return Err(PyErr::zero_division("integer division or modulo by zero"));
            }
            a.div_floor(b)
        }
        BinOp::Mod => {
            if b.is_zero() {
                return Err(PyErr::zero_division("integer modulo by zero"));
            }
            a.mod_floor(b)
        }
        BinOp::TrueDiv => {
            if b.is_zero() {
                return Err(PyErr::zero_division("division by zero"));
            }
            return format::bigint_true_div(a, b)
                .map(Value::float)
                .map_err(fmt_err);
        }
        BinOp::Pow => {
            if b.is_negative() {
                if a.is_zero() {
                    return Err(PyErr::zero_division(
                        "0.0 cannot be raised to a negative power",
                    ));
                }
                let x = format::bigint_to_f64(a).map_err(fmt_err)?;
                let y = format::bigint_to_f64(b).map_err(fmt_err)?;
                return float_op(BinOp::Pow, x, y);
            }
            if a.is_zero() || a == &BigInt::from(1) {
                return Ok(Value::from_bigint(a.clone()));
            }
            if a == &BigInt::from(-1) {
                return Ok(Value::Int(if b.is_even() { 1 } else { -1 }));
            }
            // The result has about bits(a) * e bits: refuse at once what
            // could never fit in memory (CPython would run out), and
            // compute the rest however long it takes, as CPython does.
            let bytes = b
                .to_u64()
                .and_then(|e| e.checked_mul(a.bits()))
                .map(|bits| bits / 8)
                .filter(|n| *n <= memory_ceiling() as u64);
            let (Some(bytes), Some(e)) = (bytes, b.to_u32()) else {
                return Err(PyErr::no_memory());
            };
            // Squaring needs scratch space as multiplying does.
            ensure_room(bytes.saturating_mul(3))?;
            num_traits::pow::Pow::pow(a, e)
        }
        BinOp::LShift => {
            if b.is_negative() {
                return Err(PyErr::value_error("negative shift count"));
            }
            if a.is_zero() {
                return Ok(Value::Int(0));
            }
            // CPython's limit is on the result's 30-bit digits
            // (`_PyLong_New`: more than fit in a Py_ssize_t of bytes is an
            // OverflowError, the shift clipped to PY_SSIZE_T_MAX / 4 digits);
            // below it, a result too big for memory is a MemoryError.
            const MAX_LONG_DIGITS: u64 = (i64::MAX as u64 - 24) / 4;
            let wordshift = (b / 30u32)
                .to_u64()
                .map_or(i64::MAX as u64 / 4, |w| w.min(i64::MAX as u64 / 4));
            if a.bits().div_ceil(30) + wordshift + 1 > MAX_LONG_DIGITS {
                return Err(PyErr::overflow("too many digits in integer"));
            }
            let Some(n) = b.to_u64().and_then(|n| usize::try_from(n).ok()) else {
                return Err(PyErr::no_memory());
            };
            ensure_room((a.bits().saturating_add(n as u64)) / 8)?;
            a << n
        }
        BinOp::RShift => {
            if b.is_negative() {
                return Err(PyErr::value_error("negative shift count"));
            }
            match b.to_usize() {
                Some(n) => a >> n,
                None => {
                    if a.is_negative() {
                        BigInt::from(-1)
                    } else {
                        BigInt::zero()
                    }
                }
            }
        }
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::MatMul => {
            return Err(unsupported(
                op,
                &Value::from_bigint(a.clone()),
                &Value::from_bigint(b.clone()),
            ));
        }
    }))
}

/// Python's float `divmod` (floor division and modulo with the sign of the
/// divisor).
pub fn float_divmod(a: f64, b: f64) -> (f64, f64) {
    let mut m = a % b;
    let mut div = (a - m) / b;
    if m != 0.0 {
        if (b < 0.0) != (m < 0.0) {
            m += b;
            div -= 1.0;
        }
    } else {
        m = 0.0f64.copysign(b);
    }
    let fdiv = if div != 0.0 {
        let mut f = div.floor();
        if div - f > 0.5 {
            f += 1.0;
        }
        f
    } else {
        0.0f64.copysign(a / b)
    };
    (fdiv, m)
}

/// `a <op> b` for two floats.
pub fn float_op(op: BinOp, a: f64, b: f64) -> PyResult<Value> {
    Ok(Value::float(match op {
        BinOp::Add => a + b,
        BinOp::Sub => a - b,
        BinOp::Mul => a * b,
        BinOp::TrueDiv => {
            if b == 0.0 {
                return Err(PyErr::zero_division("float division by zero"));
            }
            a / b
        }
        BinOp::FloorDiv => {
            if b == 0.0 {
                return Err(PyErr::zero_division("float floor division by zero"));
            }
            float_divmod(a, b).0
        }
        BinOp::Mod => {
            if b == 0.0 {
                return Err(PyErr::zero_division("float modulo"));
            }
            float_divmod(a, b).1
        }
        BinOp::Pow => return float_pow(a, b),
        _ => {
            return Err(unsupported(op, &Value::Float(a), &Value::Float(b)));
        }
    }))
}

/// `a ** b` for floats, as CPython 3.11's `float_pow`: the special cases
/// of C99's `pow` spelled out, and a negative base to a fractional power
/// made a complex power, whose result is a `complex`.
fn float_pow(a: f64, b: f64) -> PyResult<Value> {
    let odd = |x: f64| x.abs() % 2.0 == 1.0;
    if b == 0.0 {
        return Ok(Value::Float(1.0));
    }
    if a.is_nan() {
        return Ok(Value::float(a));
    }
    if b.is_nan() {
        return Ok(Value::float(if a == 1.0 { 1.0 } else { b }));
    }
    if b.is_infinite() {
        let a = a.abs();
        return Ok(Value::Float(if a == 1.0 {
            1.0
        } else if (b > 0.0) == (a > 1.0) {
            b.abs()
        } else {
            0.0
        }));
    }
    if a.is_infinite() {
        return Ok(Value::Float(match (b > 0.0, odd(b)) {
            (true, true) => a,
            (true, false) => a.abs(),
            (false, true) => 0.0f64.copysign(a),
            (false, false) => 0.0,
        }));
    }
    if a == 0.0 {
        if b < 0.0 {
            return Err(PyErr::zero_division(
                "0.0 cannot be raised to a negative power",
            ));
        }
        return Ok(Value::Float(if odd(b) { a } else { 0.0 }));
    }
    let (mut base, mut negate) = (a, false);
    if a < 0.0 {
        if b != b.floor() {
            let (re, im) = crate::complex::power((a, 0.0), (b, 0.0))?;
            return Ok(Value::complex(re, im));
        }
        base = -a;
        negate = odd(b);
    }
    if base == 1.0 {
        return Ok(Value::Float(if negate { -1.0 } else { 1.0 }));
    }
    let r = base.powf(b);
    let r = if negate { -r } else { r };
    if r.is_infinite() {
        // CPython raises it from errno ERANGE: args are (errno, strerror).
        return Err(PyErr::with_args(
            &types::OVERFLOW_ERROR,
            vec![
                Value::Int(34),
                Value::string("Numerical result out of range".to_owned()),
            ],
        ));
    }
    Ok(Value::float(r))
}

/// Unary `-`, `+` and `~`.
pub fn unary(vm: &mut Vm, op: char, v: &Value) -> PyResult<Value> {
    if dunder::is_py(v) {
        if let Some(r) = dunder::unary(vm, op, v) {
            return r;
        }
        if let Some(n) = crate::subclass::number_value(v) {
            return unary(vm, op, &n);
        }
    }
    if let Some((capi, o)) = ext::foreign(v)
        && let Some(r) = capi.unary_op(vm, op, o)?
    {
        return Ok(r);
    }
    let bad = || {
        PyErr::type_error(format!(
            "bad operand type for unary {op}: '{}'",
            v.type_name()
        ))
    };
    match (op, v) {
        ('-', Value::Int(i)) => Ok(i
            .checked_neg()
            .map(Value::Int)
            .unwrap_or_else(|| Value::from_bigint(-BigInt::from(*i)))),
        ('-', Value::Bool(b)) => Ok(Value::Int(-(*b as i64))),
        ('-', Value::Float(f)) => Ok(Value::float(-f)),
        (_, Value::Obj(o)) if o.kind() == Kind::COMPLEX => {
            crate::complex::unary(op, v).ok_or_else(bad)
        }
        ('+', Value::Int(_) | Value::Float(_)) => Ok(v.clone()),
        ('+', Value::Bool(b)) => Ok(Value::Int(*b as i64)),
        ('~', Value::Int(i)) => Ok(Value::Int(!i)),
        ('~', Value::Bool(b)) => Ok(Value::Int(!(*b as i64))),
        _ => match v.as_bigint() {
            Some(b) => Ok(Value::from_bigint(match op {
                '-' => -b,
                '+' => b.clone(),
                _ => -b - 1,
            })),
            None => Err(bad()),
        },
    }
}

// ----- sequences: indexing, slicing ---------------------------------------------------

/// Resolves `slice(start, stop, step)` against a length, as CPython's
/// `PySlice_AdjustIndices`: returns (start, stop, step, count).
pub fn slice_indices(s: &SliceObj, len: i64) -> PyResult<(i64, i64, i64, i64)> {
    let get = |v: &Value| -> PyResult<Option<i64>> {
        match v {
            Value::None => Ok(None),
            Value::Int(i) => Ok(Some(*i)),
            _ => match v.to_bigint() {
                Some(b) => Ok(Some(b.to_i64().unwrap_or(if b.is_negative() {
                    i64::MIN / 2
                } else {
                    i64::MAX / 2
                }))),
                None => Err(PyErr::type_error(
                    "slice indices must be integers or None or have an __index__ method",
                )),
            },
        }
    };
    let step = get(&s.step)?.unwrap_or(1);
    if step == 0 {
        return Err(PyErr::value_error("slice step cannot be zero"));
    }
    let (lo_def, hi_def) = if step < 0 { (len - 1, -1) } else { (0, len) };
    let adjust = |v: Option<i64>, def: i64| -> i64 {
        match v {
            None => def,
            Some(mut i) => {
                if i < 0 {
                    i += len;
                    if i < 0 {
                        i = if step < 0 { -1 } else { 0 };
                    }
                } else if i >= len {
                    i = if step < 0 { len - 1 } else { len };
                }
                i
            }
        }
    };
    let start = adjust(get(&s.start)?, lo_def);
    let stop = adjust(get(&s.stop)?, hi_def);
    let count = if step < 0 {
        if stop < start {
            (start - stop - 1) / (-step) + 1
        } else {
            0
        }
    } else if start < stop {
        (stop - start - 1) / step + 1
    } else {
        0
    };
    Ok((start, stop, step, count))
}

fn norm_index(i: i64, len: usize) -> Option<usize> {
    let i = if i < 0 { i + len as i64 } else { i };
    if i < 0 || i >= len as i64 {
        None
    } else {
        Some(i as usize)
    }
}

fn select<T: Clone>(items: &[T], start: i64, step: i64, count: i64) -> Vec<T> {
    if step == 1
        && let (Ok(a), Ok(n)) = (usize::try_from(start), usize::try_from(count))
        && let Some(run) = items.get(a..a.saturating_add(n))
    {
        return run.to_vec();
    }
    (0..count)
        .filter_map(|k| items.get((start + k * step) as usize).cloned())
        .collect()
}

/// `container[key]`.
/// A subscript of a built-in sequence by an instance of a Python class
/// with `__index__` (or a slice holding one): the key with the ints it
/// gives; `None` when there is nothing to convert.
fn index_key(vm: &mut Vm, c: &Value, key: &Value) -> PyResult<Option<Value>> {
    if !matches!(key, Value::Obj(_)) {
        return Ok(None);
    }
    let seq = matches!(
        c.kind(),
        Kind::LIST
            | Kind::TUPLE
            | Kind::STR
            | Kind::RANGE
            | Kind::BYTES
            | Kind::BYTEARRAY
            | Kind::MEMORYVIEW
    );
    if !seq {
        return Ok(None);
    }
    if dunder::is_py(key) {
        // (An `int` subclass's instance without `__index__` gives its
        // plain value.)
        return match dunder::number(vm, key, "__index__") {
            Some(r) => r.map(Some),
            None => Ok(None),
        };
    }
    // A C object with `nb_index`.
    if ext::foreign(key).is_some() {
        let k = dunder::as_index(vm, key)?;
        return Ok(k.is_int().then_some(k));
    }
    if let Some(s) = key.downcast::<SliceObj>()
        && [&s.start, &s.stop, &s.step]
            .iter()
            .any(|v| dunder::is_py(v))
    {
        let start = dunder::as_index(vm, &s.start)?;
        let stop = dunder::as_index(vm, &s.stop)?;
        let step = dunder::as_index(vm, &s.step)?;
        return Ok(Some(Value::Obj(SliceObj::new_obj(start, stop, step))));
    }
    Ok(None)
}

/// `c[key]`.
pub fn getitem(vm: &mut Vm, c: &Value, key: &Value) -> PyResult<Value> {
    if dunder::is_py(c)
        && let Some(r) = dunder::getitem(vm, c, key)
    {
        return r;
    }
    builtin_getitem(vm, c, key)
}

/// `c[key]` by the built-in rules alone (`dict.__getitem__` and friends:
/// a class's own `__getitem__` left out; a dict subclass's `__missing__`
/// is called for a missing key).
pub fn builtin_getitem(vm: &mut Vm, c: &Value, key: &Value) -> PyResult<Value> {
    if let Some(k) = index_key(vm, c, key)? {
        return builtin_getitem(vm, c, &k);
    }
    let Value::Obj(o) = c else {
        return Err(not_subscriptable(c));
    };
    if let Some((capi, o)) = ext::foreign(c) {
        return capi
            .getitem(vm, o, key)?
            .ok_or_else(|| not_subscriptable(c));
    }
    if let Some(d) = deque::payload(c) {
        return deque::getitem(vm, d, key);
    }
    if o.kind() == Kind::STDLIB
        && let Some(r) = crate::stdlib::getitem(vm, o, key)
    {
        return r;
    }
    match o.kind() {
        Kind::LIST | Kind::TUPLE => {
            let tn = if o.kind() == Kind::LIST {
                "list"
            } else {
                "tuple"
            };
            let (items, is_list) = match o.downcast::<ListObj>() {
                Some(l) => (None, Some(l)),
                None => (o.downcast::<TupleObj>(), None),
            };
            if let Some(i) = to_index(key) {
                let i = i.map_err(|_| {
                    PyErr::index_error("cannot fit 'int' into an index-sized integer")
                })?;
                let got = match (is_list, items) {
                    (Some(l), _) => {
                        let v = l.items.borrow();
                        norm_index(i, v.len()).map(|k| v[k].clone())
                    }
                    (_, Some(t)) => norm_index(i, t.items.len()).map(|k| t.items[k].clone()),
                    _ => None,
                };
                return got.ok_or_else(|| PyErr::index_error(format!("{tn} index out of range")));
            }
            if let Some(s) = key.downcast::<SliceObj>() {
                // No Python code runs while the items are borrowed: a
                // slice's bounds are ints or None here (see `index_key`).
                let out = match (is_list, items) {
                    (Some(l), _) => {
                        let v = l.items.borrow();
                        let (start, _, step, count) = slice_indices(s, v.len() as i64)?;
                        select(&v, start, step, count)
                    }
                    (_, Some(t)) => {
                        let (start, _, step, count) = slice_indices(s, t.items.len() as i64)?;
                        select(&t.items, start, step, count)
                    }
                    _ => Vec::new(),
                };
                return Ok(if is_list.is_some() {
                    Value::list(out)
                } else {
                    Value::tuple(out)
                });
            }
            Err(PyErr::type_error(format!(
                "{tn} indices must be integers or slices, not {}",
                key.type_name()
            )))
        }
        Kind::STR => {
            let s = o.downcast::<StrObj>().map(|s| s as &StrObj);
            let Some(s) = s else {
                return Err(not_subscriptable(c));
            };
            if let Some(i) = to_index(key) {
                let i = i?;
                return norm_index(i, s.char_len())
                    .and_then(|k| s.char_at(k))
                    .map(|ch| Value::Obj(StrObj::char_obj(ch)))
                    .ok_or_else(|| PyErr::index_error("string index out of range"));
            }
            if let Some(sl) = key.downcast::<SliceObj>() {
                let (start, _, step, count) = slice_indices(sl, s.char_len() as i64)?;
                if s.is_ascii() {
                    let b = s.as_str().as_bytes();
                    if step == 1 {
                        let st = start.max(0) as usize;
                        let en = (st + count.max(0) as usize).min(b.len());
                        return Ok(Value::str(s.as_str().get(st..en).unwrap_or("")));
                    }
                    let out: String = select(b, start, step, count)
                        .into_iter()
                        .map(|x| x as char)
                        .collect();
                    return Ok(Value::string(out));
                }
                let chars: Vec<char> = s.as_str().chars().collect();
                let out: String = select(&chars, start, step, count).into_iter().collect();
                return Ok(Value::string(out));
            }
            Err(PyErr::type_error(format!(
                "string indices must be integers, not '{}'",
                key.type_name()
            )))
        }
        Kind::DICT => {
            let k = DictKey::with_vm(vm, key.clone())?;
            let found = match o.downcast::<DictObj>() {
                Some(d) => d.get_vm(vm, &k)?,
                None => None,
            };
            match found {
                Some(v) => Ok(v),
                // A dict subclass's `__missing__` (CPython's `dict_subscript`).
                None if o.ty().is_heap_type()
                    && let Some(m) = crate::object::class::lookup_static(o.ty(), "__missing__") =>
                {
                    let f = crate::classes::descr_get(vm, m, Some(c), &o.type_ref())?;
                    vm.call(&f, std::slice::from_ref(key))
                }
                None => Err(PyErr::key_error(key.clone())),
            }
        }
        Kind::RANGE => {
            let Some(r) = o.downcast::<RangeObj>() else {
                return Err(not_subscriptable(c));
            };
            if r.big.is_some() && key.is_int() {
                let n = r.big_len();
                let i = key.to_bigint().unwrap_or_default();
                let k = if i.is_negative() { i + &n } else { i };
                if k.is_negative() || k >= n {
                    return Err(PyErr::index_error("range object index out of range"));
                }
                return Ok(Value::from_bigint(r.big_item(&k)));
            }
            if let Some(i) = to_index(key) {
                let i = i?;
                let n = r.len();
                let k = if i < 0 { i + n } else { i };
                if k < 0 || k >= n {
                    return Err(PyErr::index_error("range object index out of range"));
                }
                return Ok(Value::Int(r.item(k)));
            }
            if r.big.is_some() && key.downcast::<SliceObj>().is_some() {
                return Err(PyErr::new(
                    &types::NOT_IMPLEMENTED_ERROR,
                    "slicing a range with bounds beyond 64 bits is not supported by typhon",
                ));
            }
            if let Some(sl) = key.downcast::<SliceObj>() {
                let (start, _, step, count) = slice_indices(sl, r.len())?;
                let st = r.start + start * r.step;
                let stp = r.step * step;
                let stop = st + count * stp;
                return Ok(Value::Obj(RangeObj::new_obj(st, stop, stp)));
            }
            Err(PyErr::type_error(format!(
                "range indices must be integers or slices, not {}",
                key.type_name()
            )))
        }
        Kind::BYTES | Kind::BYTEARRAY | Kind::MEMORYVIEW => crate::bytes::getitem(vm, o, key),
        Kind::TYPE => crate::classes::class_getitem(vm, o, key),
        Kind::TYPING => match o.downcast::<crate::stdlib::typing::FormObj>() {
            Some(f) => crate::stdlib::typing::getitem(f, key),
            None => Err(not_subscriptable(c)),
        },
        _ => Err(not_subscriptable(c)),
    }
}

fn not_subscriptable(c: &Value) -> PyErr {
    PyErr::type_error(format!("'{}' object is not subscriptable", c.type_name()))
}

/// `container[key] = value`.
pub fn setitem(vm: &mut Vm, c: &Value, key: &Value, value: Value) -> PyResult<()> {
    if dunder::is_py(c) && dunder::special(c, "__setitem__").is_some() {
        return dunder::setitem(vm, c, key, value).unwrap_or(Ok(()));
    }
    builtin_setitem(vm, c, key, value)
}

/// `c[key] = value` by the built-in rules alone (`list.__setitem__`).
pub fn builtin_setitem(vm: &mut Vm, c: &Value, key: &Value, value: Value) -> PyResult<()> {
    if let Some(k) = index_key(vm, c, key)? {
        return builtin_setitem(vm, c, &k, value);
    }
    if let Some((capi, o)) = ext::foreign(c) {
        if capi.setitem(vm, o, key, Some(value))? {
            return Ok(());
        }
        return Err(PyErr::type_error(format!(
            "'{}' object does not support item assignment",
            c.type_name()
        )));
    }
    if let Some(d) = deque::payload(c) {
        return deque::setitem(vm, d, key, Some(value));
    }
    if let Some(l) = c.downcast::<ListObj>() {
        if let Some(i) = to_index(key) {
            let i = i?;
            let old = {
                let mut v = l.items.borrow_mut();
                match norm_index(i, v.len()) {
                    Some(k) => std::mem::replace(&mut v[k], value),
                    None => {
                        return Err(PyErr::index_error("list assignment index out of range"));
                    }
                }
            };
            drop(old);
            return Ok(());
        }
        if let Some(s) = key.downcast::<SliceObj>() {
            return list_assign_slice(vm, l, s, &value);
        }
        return Err(PyErr::type_error(format!(
            "list indices must be integers or slices, not {}",
            key.type_name()
        )));
    }
    if let Some(d) = c.downcast::<DictObj>() {
        let k = DictKey::with_vm(vm, key.clone())?;
        return d.insert_vm(vm, k, value);
    }
    if let Value::Obj(o) = c {
        match o.kind() {
            Kind::BYTEARRAY => return crate::bytes::bytearray::setitem(vm, o, key, Some(&value)),
            Kind::MEMORYVIEW => return crate::bytes::memoryview::setitem(vm, o, key, Some(&value)),
            _ => {}
        }
    }
    Err(PyErr::type_error(format!(
        "'{}' object does not support item assignment",
        c.type_name()
    )))
}

/// A slice's positions in ascending order: the first index, one past the
/// last, and the (positive) step, from `slice_indices`' start, step and
/// count.
fn ascending(start: i64, step: i64, count: i64) -> (usize, usize, usize) {
    if count <= 0 {
        return (0, 0, 1);
    }
    let last = start + (count - 1) * step;
    let lo = start.min(last) as usize;
    let hi = start.max(last) as usize + 1;
    (lo, hi, step.unsigned_abs() as usize)
}

/// `l[s] = value` for a list: a simple slice is replaced by the items of
/// any iterable (the list grows or shrinks), an extended slice needs as
/// many items as it has positions. The iterable is read in full before the
/// list changes (it may be the list itself).
fn list_assign_slice(vm: &mut Vm, l: &ListObj, s: &SliceObj, value: &Value) -> PyResult<()> {
    let extended = !matches!(s.step, Value::None | Value::Int(1));
    let items = match value.kind() {
        Kind::LIST | Kind::TUPLE => seq_items(value),
        _ => match collect(vm, value) {
            Ok(v) => v,
            Err(e) if e.matches(types::TYPE_ERROR.get()) && !is_iterable(vm, value) => {
                return Err(PyErr::type_error(if extended {
                    "must assign iterable to extended slice"
                } else {
                    "can only assign an iterable"
                }));
            }
            Err(e) => return Err(e),
        },
    };
    let replaced: Vec<Value> = {
        let mut v = l.items.borrow_mut();
        let (start, stop, step, count) = slice_indices(s, v.len() as i64)?;
        if step == 1 {
            let lo = start as usize;
            let hi = (stop.max(start)) as usize;
            v.splice(lo..hi, items).collect()
        } else {
            if items.len() as i64 != count {
                return Err(PyErr::value_error(format!(
                    "attempt to assign sequence of size {} to extended slice of size {count}",
                    items.len()
                )));
            }
            let mut old = Vec::with_capacity(items.len());
            for (k, x) in items.into_iter().enumerate() {
                let i = (start + k as i64 * step) as usize;
                old.push(std::mem::replace(&mut v[i], x));
            }
            old
        }
    };
    drop(replaced);
    Ok(())
}

/// Whether `iter(v)` would succeed (for telling a non-iterable from an
/// iterator that raised TypeError itself).
fn is_iterable(vm: &mut Vm, v: &Value) -> bool {
    get_iter(vm, v).is_ok()
}

/// `del container[key]`.
pub fn delitem(vm: &mut Vm, c: &Value, key: &Value) -> PyResult<()> {
    if dunder::is_py(c)
        && let Some(r) = dunder::delitem(vm, c, key)
    {
        return r;
    }
    builtin_delitem(vm, c, key)
}

/// `del c[key]` by the built-in rules alone (`list.__delitem__`).
pub fn builtin_delitem(vm: &mut Vm, c: &Value, key: &Value) -> PyResult<()> {
    if let Some(k) = index_key(vm, c, key)? {
        return builtin_delitem(vm, c, &k);
    }
    if let Some((capi, o)) = ext::foreign(c) {
        if capi.setitem(vm, o, key, None)? {
            return Ok(());
        }
        return Err(PyErr::type_error(format!(
            "'{}' object doesn't support item deletion",
            c.type_name()
        )));
    }
    if let Some(d) = deque::payload(c) {
        return deque::setitem(vm, d, key, None);
    }
    if let Some(l) = c.downcast::<ListObj>() {
        if let Some(i) = to_index(key) {
            let i = i?;
            let old = {
                let mut v = l.items.borrow_mut();
                match norm_index(i, v.len()) {
                    Some(k) => v.remove(k),
                    None => {
                        return Err(PyErr::index_error("list assignment index out of range"));
                    }
                }
            };
            drop(old);
            return Ok(());
        }
        if let Some(s) = key.downcast::<SliceObj>() {
            let removed: Vec<Value> = {
                let mut v = l.items.borrow_mut();
                let (start, _, step, count) = slice_indices(s, v.len() as i64)?;
                let (lo, hi, step) = ascending(start, step, count);
                if count == 0 {
                    Vec::new()
                } else if step == 1 {
                    v.drain(lo..hi).collect()
                } else {
                    // One pass: keep what is not on the slice.
                    let mut removed = Vec::with_capacity(count as usize);
                    let mut kept = Vec::with_capacity(v.len() - count as usize);
                    for (k, x) in std::mem::take(&mut *v).into_iter().enumerate() {
                        if k >= lo && k < hi && (k - lo) % step == 0 {
                            removed.push(x);
                        } else {
                            kept.push(x);
                        }
                    }
                    *v = kept;
                    removed
                }
            };
            // The removed items are dropped after the list is consistent
            // again (a `__del__` may look at it).
            drop(removed);
            return Ok(());
        }
        return Err(PyErr::type_error(format!(
            "list indices must be integers or slices, not {}",
            key.type_name()
        )));
    }
    if let Some(d) = c.downcast::<DictObj>() {
        let k = DictKey::with_vm(vm, key.clone())?;
        return match d.remove_vm(vm, &k)? {
            Some(_) => Ok(()),
            None => Err(PyErr::key_error(key.clone())),
        };
    }
    if let Value::Obj(o) = c {
        match o.kind() {
            Kind::BYTEARRAY => return crate::bytes::bytearray::setitem(vm, o, key, None),
            Kind::MEMORYVIEW => return crate::bytes::memoryview::setitem(vm, o, key, None),
            _ => {}
        }
    }
    Err(PyErr::type_error(format!(
        "'{}' object doesn't support item deletion",
        c.type_name()
    )))
}

/// `item in container`.
pub fn contains(vm: &mut Vm, container: &Value, item: &Value) -> PyResult<bool> {
    if dunder::is_py(container)
        && let Some(r) = dunder::contains(vm, container, item)
    {
        return r;
    }
    builtin_contains(vm, container, item)
}

/// `item in container` by the built-in rules alone (`list.__contains__`).
pub fn builtin_contains(vm: &mut Vm, container: &Value, item: &Value) -> PyResult<bool> {
    let Value::Obj(o) = container else {
        return Err(PyErr::type_error(format!(
            "argument of type '{}' is not iterable",
            container.type_name()
        )));
    };
    match o.kind() {
        Kind::BYTES | Kind::BYTEARRAY => crate::bytes::contains(vm, container, item),
        Kind::DEQUE => match deque::payload(container) {
            Some(d) => deque::contains(vm, d, item),
            None => Ok(false),
        },
        Kind::STR => match item.as_str() {
            Some(needle) => Ok(container.as_str().unwrap_or("").contains(needle)),
            None => Err(PyErr::type_error(format!(
                "'in <string>' requires string as left operand, not {}",
                item.type_name()
            ))),
        },
        Kind::LIST | Kind::TUPLE => {
            let items = seq_items(container);
            for x in &items {
                if same_or_eq(vm, x, item)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Kind::DICT => {
            let k = DictKey::with_vm(vm, item.clone())?;
            match o.downcast::<DictObj>() {
                Some(d) => Ok(d.find(vm, &k)?.is_some()),
                None => Ok(false),
            }
        }
        Kind::SET | Kind::FROZENSET => match o.downcast::<SetObj>() {
            Some(s) => sets::contains(vm, s, item),
            None => Ok(false),
        },
        Kind::RANGE => {
            let Some(r) = o.downcast::<RangeObj>() else {
                return Ok(false);
            };
            if r.big.is_some() && item.is_int() {
                let [lo, _, step] = r.bounds();
                let i = item.to_bigint().unwrap_or_default();
                let n = r.big_len();
                let off = i - lo;
                let (k, rem) = num_integer::Integer::div_mod_floor(&off, &step);
                return Ok(rem.is_zero() && !k.is_negative() && k < n);
            }
            match item {
                Value::Int(_) | Value::Bool(_) => {
                    let i = small_int(item).unwrap_or(0);
                    let n = r.len();
                    if n == 0 {
                        return Ok(false);
                    }
                    let off = i as i128 - r.start as i128;
                    let k = off / r.step as i128;
                    Ok(off % r.step as i128 == 0 && k >= 0 && k < n as i128)
                }
                _ => {
                    let n = r.len();
                    for k in 0..n {
                        if eq(vm, &Value::Int(r.item(k)), item)? {
                            return Ok(true);
                        }
                    }
                    Ok(false)
                }
            }
        }
        Kind::DICT_VIEW => match sets::setlike_view(container) {
            Some((dict, items)) => sets::view_contains(vm, &dict, items, item),
            None => contains_by_iter(vm, container, item),
        },
        Kind::ITER | Kind::MEMORYVIEW => contains_by_iter(vm, container, item),
        _ if ext::foreign(container).is_some() => contains_by_iter(vm, container, item),
        _ => Err(PyErr::type_error(format!(
            "argument of type '{}' is not iterable",
            container.type_name()
        ))),
    }
}

/// `item in container` by iterating the container (iterators, views and
/// C types, which get no `sq_contains` support yet).
fn contains_by_iter(vm: &mut Vm, container: &Value, item: &Value) -> PyResult<bool> {
    // A TypeError from making the iterator says what `in` needed, as
    // CPython's `_PySequence_IterSearch` says it.
    let it = get_iter(vm, container).map_err(|e| {
        if e.matches(types::TYPE_ERROR.get()) {
            PyErr::type_error(format!(
                "argument of type '{}' is not iterable",
                container.type_name()
            ))
        } else {
            e
        }
    })?;
    while let Some(x) = iter_next(vm, &it)? {
        if same_or_eq(vm, &x, item)? {
            return Ok(true);
        }
    }
    Ok(false)
}

fn view_len(o: &ObjRef) -> Option<usize> {
    let it = o.downcast::<IterObj>()?;
    match &*it.state.borrow() {
        IterState::View { dict, .. } => dict.downcast::<DictObj>().map(|d| d.len()),
        _ => None,
    }
}

/// `len()` of a str, list, tuple or dict, which needs no call: `None`
/// for any other object (and for a list or dict that is being changed,
/// which no code allows while `len()` runs). The fast paths of
/// CALL_BUILTIN_LEN and [`len`] share it.
#[inline(always)]
pub fn container_len(o: &ObjRef) -> Option<usize> {
    // An instance of a class deriving from one of them may have a
    // `__len__` of its own.
    if o.ty().is_heap_type() {
        return None;
    }
    plain_len(o)
}

/// [`container_len`] for any instance of the four types.
#[inline(always)]
fn plain_len(o: &ObjRef) -> Option<usize> {
    match o.kind() {
        Kind::STR => o.downcast::<StrObj>().map(|s| s.char_len()),
        Kind::LIST => o
            .downcast::<ListObj>()
            .and_then(|l| l.items.try_borrow().ok().map(|v| v.len())),
        Kind::TUPLE => o.downcast::<TupleObj>().map(|t| t.items.len()),
        Kind::DICT => o
            .downcast::<DictObj>()
            .and_then(|d| d.try_entries().ok().map(|m| m.len())),
        _ => None,
    }
}

/// `len(v)`.
pub fn len(vm: &mut Vm, v: &Value) -> PyResult<usize> {
    // A Python class's `__len__` first: it overrides a built-in or C
    // base's length.
    if dunder::is_py(v)
        && let Some(r) = dunder::len(vm, v)
    {
        return r;
    }
    builtin_len(vm, v)
}

/// `len(v)` by the built-in rules alone (`list.__len__`).
pub fn builtin_len(vm: &mut Vm, v: &Value) -> PyResult<usize> {
    let n = match v {
        Value::Obj(o) => match o.kind() {
            Kind::STR | Kind::LIST | Kind::TUPLE | Kind::DICT => plain_len(o),
            // Not in `container_len`, which the hot loop inlines.
            Kind::SET | Kind::FROZENSET => o.downcast::<SetObj>().map(SetObj::len),
            Kind::RANGE => match o.downcast::<RangeObj>() {
                Some(r) if r.big.is_some() => match r.big_len().to_usize() {
                    Some(n) if n <= i64::MAX as usize => Some(n),
                    _ => {
                        return Err(PyErr::overflow(
                            "Python int too large to convert to C ssize_t",
                        ));
                    }
                },
                Some(r) => Some(r.len() as usize),
                None => None,
            },
            Kind::DICT_VIEW => view_len(o),
            Kind::BYTES => o.downcast::<BytesObj>().map(|b| b.as_bytes().len()),
            Kind::BYTEARRAY | Kind::MEMORYVIEW => match crate::bytes::len(o) {
                Some(r) => Some(r?),
                None => None,
            },
            Kind::DEQUE => deque::payload(v).map(|d| d.len()),
            _ => match ext::foreign(v) {
                Some((capi, o)) => capi.len(vm, o)?,
                None => None,
            },
        },
        _ => None,
    };
    n.ok_or_else(|| PyErr::type_error(format!("object of type '{}' has no len()", v.type_name())))
}

// ----- iteration ----------------------------------------------------------------------

/// `iter(v)`.
pub fn get_iter(vm: &mut Vm, v: &Value) -> PyResult<Value> {
    if dunder::is_py(v)
        && let Some(r) = dunder::get_iter(vm, v)
    {
        return r;
    }
    builtin_iter(vm, v)
}

/// `iter(v)` by the built-in rules alone (`list.__iter__`).
pub fn builtin_iter(vm: &mut Vm, v: &Value) -> PyResult<Value> {
    let err = || PyErr::type_error(format!("'{}' object is not iterable", v.type_name()));
    let Value::Obj(o) = v else {
        return Err(err());
    };
    let (t, st) = match o.kind() {
        // A file is its own iterator.
        Kind::TEXTIO | Kind::FILE => return Ok(v.clone()),
        Kind::STRINGIO | Kind::BYTESIO => return crate::stdlib::io::get_iter(v),
        Kind::BYTES => (
            &types::BYTES_ITER,
            IterState::Seq {
                seq: v.clone(),
                idx: 0,
            },
        ),
        // Items are read by index at each step, so a bytearray changed
        // while iterated is seen as it is then (as CPython's iterator).
        Kind::BYTEARRAY => (
            &types::BYTEARRAY_ITER,
            IterState::Seq {
                seq: v.clone(),
                idx: 0,
            },
        ),
        Kind::MEMORYVIEW => {
            if let Some(Err(e)) = crate::bytes::len(o) {
                return Err(e);
            }
            (
                &types::MEMORY_ITER,
                IterState::Seq {
                    seq: v.clone(),
                    idx: 0,
                },
            )
        }
        Kind::LIST => (
            &types::LIST_ITER,
            IterState::List {
                list: o.clone(),
                idx: 0,
            },
        ),
        Kind::TUPLE => (
            &types::TUPLE_ITER,
            IterState::Tuple {
                tup: o.clone(),
                idx: 0,
            },
        ),
        Kind::STR => (
            &types::STR_ITER,
            IterState::Str {
                s: o.clone(),
                pos: 0,
            },
        ),
        Kind::RANGE => {
            let r = o.downcast::<RangeObj>().ok_or_else(err)?;
            if r.big.is_some() {
                let [lo, _, step] = r.bounds();
                return Ok(Value::Obj(IterObj::new_obj(
                    &types::LONGRANGE_ITER,
                    IterState::BigRange {
                        cur: lo,
                        step,
                        left: r.big_len(),
                    },
                )));
            }
            return Ok(Value::Obj(RangeIterObj::new_obj(r.start, r.step, r.len())));
        }
        Kind::DICT => {
            let d = o.downcast::<DictObj>().ok_or_else(err)?;
            (
                &types::DICT_KEYITER,
                IterState::Dict {
                    dict: o.clone(),
                    pos: 0,
                    used: d.len(),
                    left: d.len(),
                    what: 0,
                },
            )
        }
        Kind::DICT_VIEW => {
            let it = o.downcast::<IterObj>().ok_or_else(err)?;
            let st = it.state.borrow();
            let IterState::View { dict, what } = &*st else {
                return Err(err());
            };
            let d = dict.downcast::<DictObj>();
            let n = d.map(|d| d.len()).unwrap_or(0);
            let t = match what {
                0 => &types::DICT_KEYITER,
                1 => &types::DICT_VALUEITER,
                _ => &types::DICT_ITEMITER,
            };
            (
                t,
                IterState::Dict {
                    dict: dict.clone(),
                    pos: 0,
                    used: n,
                    left: n,
                    what: *what,
                },
            )
        }
        Kind::SET | Kind::FROZENSET => {
            let s = o.downcast::<SetObj>().ok_or_else(err)?;
            (
                &types::SET_ITER,
                IterState::Set {
                    set: o.clone(),
                    pos: 0,
                    used: s.len(),
                },
            )
        }
        Kind::ITER | Kind::GENERATOR => return Ok(v.clone()),
        Kind::DEQUE => return deque::iter(o, false).ok_or_else(err),
        _ => {
            return match ext::foreign(v) {
                Some((capi, o)) => capi.iter(vm, o)?.ok_or_else(err),
                None => Err(err()),
            };
        }
    };
    Ok(Value::Obj(IterObj::new_obj(t, st)))
}

/// Advances an iterator: `Ok(None)` when exhausted.
pub fn iter_next(vm: &mut Vm, it: &Value) -> PyResult<Option<Value>> {
    if dunder::is_py(it)
        && let Some(r) = dunder::iter_next(vm, it)
    {
        return r;
    }
    if let Some((capi, o)) = ext::foreign(it)
        && let Some(r) = capi.next(vm, o)?
    {
        return Ok(r);
    }
    if let Some(r) = it.downcast::<RangeIterObj>() {
        return Ok(r.next().map(Value::Int));
    }
    if let Some(g) = it.downcast::<crate::object::GenObj>() {
        return crate::generator::next(vm, g);
    }
    if let Some(s) = it.downcast::<crate::stdlib::streams::StreamObj>() {
        return crate::stdlib::streams::next_line(vm, s);
    }
    if let Some(f) = it.downcast::<crate::stdlib::files::FileObj>() {
        return crate::stdlib::files::next_line(f);
    }
    if let Some(r) = crate::stdlib::io::iter_next(it) {
        return r;
    }
    let Some(io) = it.downcast::<IterObj>() else {
        // The iterators of the native modules (`itertools`, ...).
        if let Value::Obj(o) = it
            && let Some(r) = crate::stdlib::iter_next(vm, o)
        {
            return r;
        }
        return Err(PyErr::type_error(format!(
            "'{}' object is not an iterator",
            it.type_name()
        )));
    };
    // Steps that call Python code (map, filter, enumerate, zip over
    // arbitrary iterators) must not hold the state borrow across the call.
    enum Then {
        Done(Option<Value>),
        Enumerate(Value, Value),
        Zip(Vec<Value>),
        Map(Value, Vec<Value>),
        Filter(Value, Value),
        Call(Value, Value),
        Seq(Value, i64),
    }
    let then = {
        let mut st = io.state.borrow_mut();
        match &mut *st {
            IterState::List { list, idx } => {
                let l = list.downcast::<ListObj>();
                let v = l.and_then(|l| l.items.borrow().get(*idx).cloned());
                if v.is_some() {
                    *idx += 1;
                    Then::Done(v)
                } else {
                    *st = IterState::Done;
                    Then::Done(None)
                }
            }
            IterState::ListRev { list, left } => {
                let l = list.downcast::<ListObj>();
                let v = if *left == 0 {
                    None
                } else {
                    l.and_then(|l| l.items.borrow().get(*left - 1).cloned())
                };
                match v {
                    Some(v) => {
                        *left -= 1;
                        Then::Done(Some(v))
                    }
                    None => {
                        *st = IterState::Done;
                        Then::Done(None)
                    }
                }
            }
            IterState::Tuple { tup, idx } => {
                let v = tup
                    .downcast::<TupleObj>()
                    .and_then(|t| t.items.get(*idx).cloned());
                *idx += 1;
                Then::Done(v)
            }
            IterState::BigRange { cur, step, left } => {
                if left.is_zero() || left.is_negative() {
                    Then::Done(None)
                } else {
                    let v = cur.clone();
                    *cur += &*step;
                    *left -= 1;
                    Then::Done(Some(Value::from_bigint(v)))
                }
            }
            IterState::Str { s, pos } => {
                let text = s.downcast::<StrObj>().map(|s| s.as_str()).unwrap_or("");
                match text.get(*pos..).and_then(|r| r.chars().next()) {
                    Some(ch) => {
                        *pos += ch.len_utf8();
                        Then::Done(Some(Value::Obj(StrObj::char_obj(ch))))
                    }
                    None => Then::Done(None),
                }
            }
            IterState::Dict {
                dict,
                pos,
                used,
                left,
                what,
            } => {
                // CPython's `dictiter_iternext*`: a change of size is an
                // error (and stays one); otherwise the next entry of the
                // table is taken, and finding one more entry than the dict
                // had means its keys were replaced. Running past the table
                // or that error ends the iterator for good.
                let Some(d) = dict.downcast::<DictObj>() else {
                    return Ok(None);
                };
                if d.len() != *used {
                    *used = usize::MAX;
                    return Err(PyErr::runtime_error(
                        "dictionary changed size during iteration",
                    ));
                }
                let entry = d
                    .next_entry_from(*pos)
                    .and_then(|p| d.entry_at(p).map(|e| (e, p)));
                let Some(((k, v), p)) = entry else {
                    *st = IterState::Done;
                    return Ok(None);
                };
                if *left == 0 {
                    *st = IterState::Done;
                    return Err(PyErr::runtime_error(
                        "dictionary keys changed during iteration",
                    ));
                }
                *pos = p + 1;
                *left -= 1;
                Then::Done(Some(match what {
                    0 => k,
                    1 => v,
                    _ => Value::tuple(vec![k, v]),
                }))
            }
            IterState::Set { set, pos, used } => {
                // CPython's `setiter_iternext`: a change of size is an
                // error (and stays one); otherwise the next key of the
                // table from where the last one was.
                let Some(s) = set.downcast::<SetObj>() else {
                    return Ok(None);
                };
                if s.len() != *used {
                    *used = usize::MAX;
                    return Err(PyErr::runtime_error("Set changed size during iteration"));
                }
                match s.next_from(*pos) {
                    Some((i, k)) => {
                        *pos = i + 1;
                        Then::Done(Some(k))
                    }
                    None => {
                        *st = IterState::Done;
                        Then::Done(None)
                    }
                }
            }
            IterState::View { .. } => {
                return Err(PyErr::type_error(format!(
                    "'{}' object is not an iterator",
                    it.type_name()
                )));
            }
            IterState::Enumerate { it, n } => Then::Enumerate(it.clone(), n.clone()),
            IterState::Zip { its } => Then::Zip(its.clone()),
            IterState::Map { f, its } => Then::Map(f.clone(), its.clone()),
            IterState::Filter { f, it } => Then::Filter(f.clone(), it.clone()),
            IterState::Call { f, sentinel } => Then::Call(f.clone(), sentinel.clone()),
            // A byte string's items are read here, without the generic
            // subscript (a bytearray's length is read at each step).
            IterState::Seq {
                seq: Value::Obj(o),
                idx,
            } if let Some(at) = usize::try_from(*idx)
                .ok()
                .and_then(|i| crate::bytes::byte_at(o, i)) =>
            {
                match at {
                    Some(c) => {
                        *idx += 1;
                        Then::Done(Some(Value::Int(c as i64)))
                    }
                    None => {
                        *st = IterState::Done;
                        Then::Done(None)
                    }
                }
            }
            IterState::Seq { seq, idx } => {
                let i = *idx;
                *idx = idx.saturating_add(1);
                Then::Seq(seq.clone(), i)
            }
            IterState::Done => Then::Done(None),
        }
    };
    match then {
        Then::Done(v) => Ok(v),
        Then::Enumerate(inner, n) => {
            let Some(x) = iter_next(vm, &inner)? else {
                return Ok(None);
            };
            let next = binary_op(vm, BinOp::Add, &n, &Value::Int(1))?;
            if let IterState::Enumerate { n: slot, .. } = &mut *io.state.borrow_mut() {
                *slot = next;
            }
            Ok(Some(Value::tuple(vec![n, x])))
        }
        Then::Zip(its) => {
            if its.is_empty() {
                return Ok(None);
            }
            let mut out = Vec::with_capacity(its.len());
            for i in &its {
                match iter_next(vm, i)? {
                    Some(x) => out.push(x),
                    None => return Ok(None),
                }
            }
            Ok(Some(Value::tuple(out)))
        }
        Then::Map(f, its) => {
            let mut args = Vec::with_capacity(its.len());
            for i in &its {
                match iter_next(vm, i)? {
                    Some(x) => args.push(x),
                    None => return Ok(None),
                }
            }
            vm.call(&f, &args).map(Some)
        }
        Then::Seq(seq, i) => match getitem(vm, &seq, &Value::Int(i)) {
            Ok(v) => Ok(Some(v)),
            Err(e)
                if e.matches(types::INDEX_ERROR.get())
                    || e.matches(types::STOP_ITERATION.get()) =>
            {
                *io.state.borrow_mut() = IterState::Done;
                Ok(None)
            }
            Err(e) => Err(e),
        },
        Then::Call(f, sentinel) => {
            let r = match vm.call(&f, &[]) {
                Ok(r) => r,
                Err(e) if e.matches(types::STOP_ITERATION.get()) => {
                    *io.state.borrow_mut() = IterState::Done;
                    return Ok(None);
                }
                Err(e) => return Err(e),
            };
            if compare(vm, CmpOp::Eq, &r, &sentinel).and_then(|v| truthy(vm, &v))? {
                *io.state.borrow_mut() = IterState::Done;
                return Ok(None);
            }
            Ok(Some(r))
        }
        Then::Filter(f, inner) => loop {
            let Some(x) = iter_next(vm, &inner)? else {
                return Ok(None);
            };
            let keep = match &f {
                Value::None => truthy(vm, &x)?,
                _ => {
                    let r = vm.call(&f, std::slice::from_ref(&x))?;
                    truthy(vm, &r)?
                }
            };
            if keep {
                return Ok(Some(x));
            }
        },
    }
}

/// Collects an iterable into a vector.
pub fn collect(vm: &mut Vm, v: &Value) -> PyResult<Vec<Value>> {
    if matches!(v.kind(), Kind::LIST | Kind::TUPLE) && iterates_plainly(v) {
        return Ok(seq_items(v));
    }
    let mut out = Vec::new();
    // A range says its length: as CPython preallocates from the length
    // hint, one too long for memory is a MemoryError at once.
    if let Some(r) = v.downcast::<RangeObj>()
        && r.big.is_none()
    {
        let n = r.len().max(0) as usize;
        if n.saturating_mul(std::mem::size_of::<Value>()) > memory_ceiling() {
            return Err(PyErr::no_memory());
        }
        out.try_reserve_exact(n).map_err(|_| PyErr::no_memory())?;
    }
    let it = get_iter(vm, v)?;
    while let Some(x) = iter_next(vm, &it)? {
        // Growth by doubling is one large request: fallible.
        crate::methods::room_for_one(&mut out)?;
        out.push(x);
    }
    Ok(out)
}

// ----- repr and str -------------------------------------------------------------------

thread_local! {
    static REPR_ACTIVE: std::cell::RefCell<Vec<usize>> = const { std::cell::RefCell::new(Vec::new()) };
    /// How many containers the repr running now may nest: set by its
    /// outermost call from the recursion limit less the frames running.
    static REPR_NEST_MAX: Cell<usize> = const { Cell::new(DEFAULT_NEST_MAX) };
    /// How many tuples enclose the one [`hash_value`] is hashing.
    static HASH_NEST: Cell<usize> = const { Cell::new(0) };
}

/// The nesting allowed where no interpreter is at hand to say its
/// recursion limit: CPython's default limit.
const DEFAULT_NEST_MAX: usize = 1000;

/// CPython's `RecursionError` for a repr nested past the recursion limit.
fn repr_too_deep() -> PyErr {
    PyErr::new(
        &types::RECURSION_ERROR,
        "maximum recursion depth exceeded while getting the repr of an object",
    )
}

/// Marks `o` as being printed by a `__repr__` written in Rust
/// (`OrderedDict`'s, `deque`'s: CPython's `Py_ReprEnter`): false when it
/// is being printed already (the caller then prints `...`). A true
/// answer must be paired with [`repr_leave`].
pub fn repr_enter(o: &ObjRef) -> bool {
    let key = o.as_ptr() as usize;
    REPR_ACTIVE.with(|r| {
        let mut r = r.borrow_mut();
        if r.contains(&key) {
            return false;
        }
        r.push(key);
        true
    })
}

/// Ends what [`repr_enter`] began for `o`.
pub fn repr_leave(o: &ObjRef) {
    let key = o.as_ptr() as usize;
    REPR_ACTIVE.with(|r| {
        let mut r = r.borrow_mut();
        if let Some(i) = r.iter().rposition(|k| *k == key) {
            r.remove(i);
        }
    });
}

/// `repr(v)` for values that need no interpreter (constants, numbers).
/// Objects that only the C API can print get the default
/// `<type object at 0x…>` form.
pub fn repr_simple(v: &Value) -> String {
    if REPR_ACTIVE.with(|r| r.borrow().is_empty()) {
        REPR_NEST_MAX.set(DEFAULT_NEST_MAX);
    }
    let mut plain = |o: &ObjRef| Ok(default_repr(o));
    repr_with(v, &mut plain).unwrap_or_default()
}

/// `repr(v)`.
pub fn repr(vm: &mut Vm, v: &Value) -> PyResult<String> {
    if REPR_ACTIVE.with(|r| r.borrow().is_empty()) {
        // CPython counts the outermost object's repr as a level too.
        REPR_NEST_MAX.set(vm.nesting_left().saturating_sub(1));
    }
    let mut foreign = |o: &ObjRef| foreign_repr(vm, o);
    repr_with(v, &mut foreign)
}

/// The `repr` of an object this module cannot print itself: a Python
/// class's `__repr__`, a native module's or C type's repr.
fn foreign_repr(vm: &mut Vm, o: &ObjRef) -> PyResult<String> {
    if let Some(f) = o.downcast::<crate::stdlib::typing::FormObj>() {
        return crate::stdlib::typing::repr(vm, f);
    }
    if let Some(m) = o.downcast::<ModuleObj>() {
        return crate::imports::module_repr(vm, m);
    }
    let v = Value::Obj(o.clone());
    if let Some(r) = dunder::repr(vm, &v) {
        return r;
    }
    if let Some(r) = crate::stdlib::repr(vm, o) {
        return r;
    }
    match ext::foreign(&v) {
        Some((capi, o)) => capi.repr(vm, o),
        None => Ok(default_repr(o)),
    }
}

/// What to do with objects of kinds this module does not know.
type ForeignRepr<'a> = dyn FnMut(&ObjRef) -> PyResult<String> + 'a;

fn default_repr(o: &ObjRef) -> String {
    format!("<{} object at {:#x}>", o.ty().name(), o.as_ptr() as usize)
}

fn repr_with(v: &Value, foreign: &mut ForeignRepr<'_>) -> PyResult<String> {
    Ok(match v {
        Value::None => "None".into(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => format::float_repr(*f),
        Value::Obj(_) => repr_obj(v, foreign)?,
    })
}

fn repr_obj(v: &Value, foreign: &mut ForeignRepr<'_>) -> PyResult<String> {
    // A class deriving from a built-in type may print itself (before the
    // container bookkeeping: its `__repr__` may call the base's).
    if let Value::Obj(o) = v
        && crate::subclass::is_instance(o)
        && dunder::special(v, "__repr__").is_some()
    {
        return foreign(o);
    }
    repr_builtin_obj(v, foreign)
}

/// `repr(v)` by the built-in rules alone (`list.__repr__`): a class's own
/// `__repr__` is left out for `v` itself, not for the items it holds.
pub fn builtin_repr(vm: &mut Vm, v: &Value) -> PyResult<String> {
    if !matches!(v, Value::Obj(o) if crate::subclass::is_instance(o)) {
        return repr(vm, v);
    }
    if REPR_ACTIVE.with(|r| r.borrow().is_empty()) {
        REPR_NEST_MAX.set(vm.nesting_left().saturating_sub(1));
    }
    let mut foreign = |o: &ObjRef| foreign_repr(vm, o);
    repr_builtin_obj(v, &mut foreign)
}

fn repr_builtin_obj(v: &Value, foreign: &mut ForeignRepr<'_>) -> PyResult<String> {
    let Value::Obj(o) = v else {
        return Ok(String::new());
    };
    let key = o.as_ptr() as usize;
    let container = matches!(
        o.kind(),
        Kind::LIST
            | Kind::DICT
            | Kind::TUPLE
            | Kind::DICT_VIEW
            | Kind::SET
            | Kind::FROZENSET
            | Kind::DEQUE
    );
    // A set's repr is that of a list of its keys, one level more (CPython
    // counts both against the recursion limit; an empty set makes no list).
    let levels = if sets::payload(v).is_some_and(|s| !s.is_empty()) {
        2
    } else {
        1
    };
    if container {
        let (again, depth) = REPR_ACTIVE.with(|r| {
            let r = r.borrow();
            (r.contains(&key), r.len())
        });
        if depth >= REPR_NEST_MAX.get() {
            return Err(repr_too_deep());
        }
        if again {
            return Ok(match o.kind() {
                Kind::LIST | Kind::DEQUE => "[...]".into(),
                Kind::DICT => "{...}".into(),
                Kind::SET | Kind::FROZENSET => format!("{}(...)", o.ty().name()),
                _ => "(...)".into(),
            });
        }
        if levels == 2 {
            if depth + 1 >= REPR_NEST_MAX.get() {
                return Err(repr_too_deep());
            }
            // The second level: the list of keys (its address is no key
            // a container can have).
            REPR_ACTIVE.with(|r| r.borrow_mut().push(0));
        }
        REPR_ACTIVE.with(|r| r.borrow_mut().push(key));
    }
    let out = repr_obj_inner(v, o, foreign);
    if container {
        REPR_ACTIVE.with(|r| {
            let mut r = r.borrow_mut();
            for _ in 0..levels {
                r.pop();
            }
        });
    }
    out
}

fn join_reprs(items: &[Value], foreign: &mut ForeignRepr<'_>) -> PyResult<String> {
    let parts = items
        .iter()
        .map(|x| repr_with(x, foreign))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(parts.join(", "))
}

fn repr_obj_inner(v: &Value, o: &ObjRef, foreign: &mut ForeignRepr<'_>) -> PyResult<String> {
    Ok(match o.kind() {
        Kind::STR => format::str_repr(v.as_str().unwrap_or("")),
        Kind::BYTES => o
            .downcast::<BytesObj>()
            .map(|b| b.repr())
            .unwrap_or_default(),
        Kind::BYTEARRAY | Kind::MEMORYVIEW => match crate::bytes::repr(o) {
            Some(r) => r?,
            None => default_repr(o),
        },
        // Through the digit limit, as CPython's `str(10**5000)` is refused.
        Kind::INT => match v.as_bigint() {
            Some(b) => format::bigint_to_decimal(b).map_err(fmt_err)?,
            None => String::new(),
        },
        Kind::COMPLEX => match v.as_complex() {
            Some((re, im)) => format::complex_repr(re, im),
            None => String::new(),
        },
        // An instance of a class deriving from `float`.
        Kind::FLOAT => o
            .downcast::<f64>()
            .map(|f| format::float_repr(*f))
            .unwrap_or_default(),
        Kind::NOT_IMPLEMENTED => "NotImplemented".into(),
        Kind::ELLIPSIS => "Ellipsis".into(),
        Kind::TYPING => foreign(o)?,
        Kind::TEXTIO => v
            .downcast::<crate::stdlib::streams::StreamObj>()
            .map(crate::stdlib::streams::repr)
            .unwrap_or_default(),
        Kind::FILE => v
            .downcast::<crate::stdlib::files::FileObj>()
            .map(crate::stdlib::files::repr)
            .unwrap_or_default(),
        Kind::LIST => format!("[{}]", join_reprs(&seq_items(v), foreign)?),
        Kind::DEQUE => match deque::repr_parts(o) {
            Some((items, maxlen)) => {
                let name = crate::object::class::type_short_name(&o.type_ref());
                let items = join_reprs(&items, foreign)?;
                match maxlen {
                    Some(m) => format!("{name}([{items}], maxlen={m})"),
                    None => format!("{name}([{items}])"),
                }
            }
            None => String::new(),
        },
        // `functools`' `CacheInfo`, `itertools.count(5)`,
        // `functools.partial(...)`: their modules' reprs, through the VM.
        Kind::TUPLE | Kind::ITER | Kind::STDLIB
            if !o.is_type(&types::TUPLE) && crate::stdlib::has_repr(o) =>
        {
            foreign(o)?
        }
        Kind::TUPLE => {
            let items = seq_items(v);
            if items.len() == 1 {
                format!("({},)", repr_with(&items[0], foreign)?)
            } else {
                format!("({})", join_reprs(&items, foreign)?)
            }
        }
        Kind::DICT => {
            let items = o
                .downcast::<DictObj>()
                .map(|d| d.items())
                .unwrap_or_default();
            let mut parts = Vec::with_capacity(items.len());
            for (k, x) in &items {
                parts.push(format!(
                    "{}: {}",
                    repr_with(k, foreign)?,
                    repr_with(x, foreign)?
                ));
            }
            format!("{{{}}}", parts.join(", "))
        }
        Kind::SET | Kind::FROZENSET => {
            let keys = o.downcast::<SetObj>().map(SetObj::keys).unwrap_or_default();
            let name = o.ty().name();
            if keys.is_empty() {
                format!("{name}()")
            } else if o.is_type(&types::SET) {
                format!("{{{}}}", join_reprs(&keys, foreign)?)
            } else {
                format!("{name}({{{}}})", join_reprs(&keys, foreign)?)
            }
        }
        Kind::RANGE => match o.downcast::<RangeObj>().map(|r| r.bounds()) {
            Some([a, b, c]) if c == BigInt::from(1) => format!("range({a}, {b})"),
            Some([a, b, c]) => format!("range({a}, {b}, {c})"),
            None => String::new(),
        },
        Kind::SLICE => match o.downcast::<SliceObj>() {
            Some(s) => format!(
                "slice({}, {}, {})",
                repr_with(&s.start, foreign)?,
                repr_with(&s.stop, foreign)?,
                repr_with(&s.step, foreign)?
            ),
            None => String::new(),
        },
        Kind::TYPE if ext::is_foreign_type(o) => foreign(o)?,
        Kind::TYPE if dunder::is_py(v) && dunder::special(v, "__repr__").is_some() => foreign(o)?,
        Kind::TYPE if o.as_type().is_some_and(|t| t.is_heap_type()) => {
            crate::classes::class_repr(o).unwrap_or_default()
        }
        // A class's `__repr__` is run by `foreign`, which has the VM.
        Kind::INSTANCE | Kind::EXC if dunder::special(v, "__repr__").is_some() => foreign(o)?,
        Kind::INSTANCE => crate::classes::instance_repr(o),
        Kind::METHOD => match o.downcast::<crate::object::BoundMethod>() {
            Some(m) => format!(
                "<bound method {} of {}>",
                crate::classes::method_qualname(m),
                repr_with(&m.receiver, foreign)?
            ),
            None => String::new(),
        },
        Kind::SUPER => match o.downcast::<crate::object::SuperObj>() {
            Some(s) => format!(
                "<super: {}, {}>",
                repr_with(&Value::Obj(s.cls.clone()), foreign)?,
                repr_with(&s.obj, foreign)?
            ),
            None => String::new(),
        },
        Kind::TYPE => format!("<class '{}'>", o.ty_as_type_name()),
        Kind::EXC => {
            let args = o.downcast::<ExcObj>().map(|e| e.args()).unwrap_or_default();
            // CPython names the class without its module (`_PyType_Name`):
            // a C extension's `checks.CheckError` shows as `CheckError(...)`.
            let full = o.ty().name();
            let name = full.rsplit('.').next().unwrap_or(full);
            if args.len() == 1 {
                format!("{name}({})", repr_with(&args[0], foreign)?)
            } else {
                format!("{name}({})", join_reprs(&args, foreign)?)
            }
        }
        Kind::GENERATOR => crate::generator::repr(o).unwrap_or_default(),
        Kind::MEMBER => crate::slots::member_repr(o).unwrap_or_default(),
        Kind::FUNCTION => match o.downcast::<Function>() {
            Some(f) => format!(
                "<function {} at {:#x}>",
                f.attr(|a| a.qualname.clone())
                    .as_ref()
                    .and_then(Value::as_str)
                    .unwrap_or(&f.code.qualname),
                o.as_ptr() as usize
            ),
            None => String::new(),
        },
        Kind::BUILTIN => match o.downcast::<crate::object::Builtin>() {
            Some(b) => match &b.bound {
                Some(recv) => format!(
                    "<built-in method {} of {} object at {:#x}>",
                    b.name,
                    recv.type_name(),
                    o.as_ptr() as usize
                ),
                None => format!("<built-in function {}>", b.name),
            },
            None => String::new(),
        },
        Kind::METHOD_DESCR => match o.downcast::<crate::object::MethodDescr>() {
            Some(d) => format!("<method '{}' of '{}' objects>", d.name, d.owner_name()),
            None => String::new(),
        },
        // Read through its spec, as `importlib._bootstrap._module_repr`.
        Kind::MODULE => foreign(o)?,
        Kind::DICT_VIEW => {
            let name = o.ty().name().to_owned();
            let (dict, what) = match o.downcast::<IterObj>().map(|i| i.state.borrow()) {
                Some(st) => match &*st {
                    IterState::View { dict, what } => (dict.clone(), *what),
                    _ => return Ok(name),
                },
                None => return Ok(name),
            };
            let items = dict
                .downcast::<DictObj>()
                .map(|d| d.items())
                .unwrap_or_default();
            let mut parts = Vec::with_capacity(items.len());
            for (k, x) in &items {
                parts.push(match what {
                    0 => repr_with(k, foreign)?,
                    1 => repr_with(x, foreign)?,
                    _ => format!("({}, {})", repr_with(k, foreign)?, repr_with(x, foreign)?),
                });
            }
            format!("{name}([{}])", parts.join(", "))
        }
        Kind::FOREIGN | Kind::EXT_FUNCTION | Kind::EXT_DESCRIPTOR | Kind::EXT_SUBCLASS => {
            foreign(o)?
        }
        _ => default_repr(o),
    })
}

/// `str(v)`.
pub fn str_of(vm: &mut Vm, v: &Value) -> PyResult<String> {
    if dunder::is_py(v)
        && let Some(r) = dunder::str_of(vm, v)
    {
        return r;
    }
    if let Some(s) = v.as_str() {
        return Ok(s.to_owned());
    }
    if let Some((capi, o)) = ext::foreign(v) {
        return capi.str(vm, o);
    }
    if let Some(e) = v.downcast::<ExcObj>() {
        let args = e.args();
        // A SyntaxError with a location reads `msg (file, line N)`.
        if let (Some(info), [msg]) = (&e.syntax, args.as_slice())
            && !info.typhon_suffix
        {
            let msg = str_of(vm, msg)?;
            let file = info.filename.rsplit('/').next().unwrap_or("");
            return Ok(format!("{msg} ({file}, line {})", info.line));
        }
        // KeyError shows the key's repr (so an empty-string key is visible).
        if args.len() == 1 && v.type_of().is_subtype(types::KEY_ERROR.get()) {
            return repr(vm, &args[0]);
        }
        // OSError(errno, strerror) reads `[Errno N] text`.
        if (2..=5).contains(&args.len()) && v.type_of().is_subtype(types::OS_ERROR.get()) {
            let errno = str_of(vm, &args[0])?;
            let text = str_of(vm, &args[1])?;
            let own = |name: &str| e.own_attr(name).filter(|f| !matches!(f, Value::None));
            return Ok(match (own("filename"), own("filename2")) {
                (Some(f), Some(g)) => format!(
                    "[Errno {errno}] {text}: {} -> {}",
                    repr(vm, &f)?,
                    repr(vm, &g)?
                ),
                (Some(f), None) => format!("[Errno {errno}] {text}: {}", repr(vm, &f)?),
                _ => format!("[Errno {errno}] {text}"),
            });
        }
        return match args.len() {
            0 => Ok(String::new()),
            1 => str_of(vm, &args[0]),
            _ => repr(vm, &e.args_value()),
        };
    }
    repr(vm, v)
}

/// The text of `str(v)` as a `str` value (reusing `v` when it is a str).
pub fn to_str_value(vm: &mut Vm, v: &Value) -> PyResult<Value> {
    if v.is_type_exact(&types::STR) {
        return Ok(v.clone());
    }
    match v {
        Value::Int(i @ 0..=9) => Ok(Value::Obj(StrObj::char_obj((b'0' + *i as u8) as char))),
        // Without the formatting machinery.
        Value::Int(i) => Ok(Value::Obj(StrObj::from_i64(*i))),
        _ => Ok(Value::string(str_of(vm, v)?)),
    }
}

/// `format(v, spec)`.
pub fn format_value(vm: &mut Vm, v: &Value, spec: &str) -> PyResult<String> {
    let r = match v {
        Value::Int(i) => format::format_i64(*i, spec),
        Value::Bool(b) => {
            if spec.is_empty() {
                return Ok(if *b { "True" } else { "False" }.into());
            }
            // int's formatting, with errors naming `bool` (CPython's
            // messages name the type of the object formatted).
            format::format_i64(*b as i64, spec).map_err(|e| match e {
                format::FmtError::ValueError(m) => format::FmtError::ValueError(
                    m.replace("object of type 'int'", "object of type 'bool'"),
                ),
                other => other,
            })
        }
        Value::Float(f) => format::format_float(*f, spec),
        _ => {
            // A Python class's own `__format__`.
            if let Some(r) = crate::dunder::call(vm, v, "__format__", &[Value::string(spec.into())])
            {
                let r = r?;
                return r.as_str().map(str::to_owned).ok_or_else(|| {
                    PyErr::type_error(format!(
                        "__format__ must return a str, not {}",
                        r.type_name()
                    ))
                });
            }
            if let Some(n) = crate::subclass::number_value(v) {
                return format_value(vm, &n, spec);
            }
            if let Some(b) = v.as_bigint() {
                format::format_bigint(b, spec)
            } else if let Some((re, im)) = v.as_complex() {
                format::format_complex(re, im, spec)
            } else if let Some(s) = v.as_str() {
                format::format_str(s, spec)
            } else if spec.is_empty() {
                return str_of(vm, v);
            } else {
                return Err(PyErr::type_error(format!(
                    "unsupported format string passed to {}.__format__",
                    v.type_name()
                )));
            }
        }
    };
    r.map_err(fmt_err)
}

// ----- attributes ------------------------------------------------------------------

trait TypeName {
    fn ty_as_type_name(&self) -> String;
}

impl TypeName for ObjRef {
    /// For a type object, its own name.
    fn ty_as_type_name(&self) -> String {
        crate::object::types::type_name_of_type_obj(self)
    }
}

/// The built-in types whose `__hash__` is `None` in CPython (their
/// instances are unhashable).
pub fn unhashable_builtin(t: &abi::TypeObject) -> bool {
    [&types::LIST, &types::DICT, &types::SET, &types::BYTEARRAY]
        .iter()
        .any(|s| std::ptr::eq(t, s.get()))
        || matches!(t.name(), "dict_keys" | "dict_items")
}

/// `T.__hash__` or `x.__hash__` when the first class of the MRO that
/// defines `__hash__` is an unhashable built-in type, or a class that
/// defines `__eq__` but not `__hash__`: `None`, as in CPython. `t` is the class looked in (`T`, or `type(x)`).
pub fn hash_is_none(t: &ObjRef) -> bool {
    for c in crate::object::class::mro_of(t) {
        if let Some(cd) = crate::object::class::class_data(&c) {
            let Some(d) = cd.dict() else { continue };
            if d.get_str("__hash__").is_some() {
                return false;
            }
            // `__eq__` without `__hash__`: CPython's `type.__new__` sets
            // `__hash__` to None.
            if d.get_str("__eq__").is_some() {
                return true;
            }
            continue;
        }
        return c.as_type().is_some_and(unhashable_builtin);
    }
    false
}
