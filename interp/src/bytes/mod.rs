//! `bytes`, `bytearray` and `memoryview` as Python values: their
//! constructors, operators and methods, after CPython 3.11's
//! `bytesobject.c`, `bytearrayobject.c`, `bytes_methods.c` and
//! `memoryobject.c` (the results, result types and error messages).
//!
//! The payloads are `object::BytesObj` and `object/buffer.rs`'s
//! `ByteArrayObj` and `MemoryViewObj` (the storage, and how the C buffer
//! protocol will share it, is documented there). Everything that takes
//! "a bytes-like object" reads it through [`buffer`], which accepts the
//! three types. Methods shared by `bytes` and `bytearray` are one
//! function each ([`methods`]): the receiver's [`Flavor`] decides the
//! type of what they return, as in CPython (`bytearray(b'a').upper()` is
//! a bytearray); [`bytearray`] has the mutations and [`memoryview`] the
//! views. `ops` hands the operators over to the hooks here.

pub mod bytearray;
pub mod memoryview;
pub mod methods;

use crate::dunder;
use crate::object::types::{self, Kind};
use crate::object::{
    Args, ByteArrayObj, BytesObj, ItemFormat, MemoryViewObj, ObjRef, PyErr, PyResult, Value,
};
use crate::ops;
use crate::vm::Vm;
use std::cell::Ref;
use std::cmp::Ordering;

/// The bytes of a bytes-like object, borrowed where they can be.
pub enum Buf<'a> {
    /// A `bytes` object's (immutable) bytes.
    Slice(&'a [u8]),
    /// A `bytearray`'s bytes, or a contiguous window of them.
    Shared(Ref<'a, [u8]>),
    /// A copy (a memoryview whose items are not contiguous).
    Owned(Vec<u8>),
}

impl std::ops::Deref for Buf<'_> {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Buf::Slice(s) => s,
            Buf::Shared(r) => r,
            Buf::Owned(v) => v,
        }
    }
}

/// Which of the two byte-string types a method's result takes: the
/// receiver's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flavor {
    /// `bytes`
    Bytes,
    /// `bytearray`
    ByteArray,
}

impl Flavor {
    /// The flavor of `v`, if it is a `bytes` or a `bytearray`.
    pub fn of(v: &Value) -> Option<Flavor> {
        match v.kind() {
            Kind::BYTES => Some(Flavor::Bytes),
            Kind::BYTEARRAY => Some(Flavor::ByteArray),
            _ => None,
        }
    }

    /// The type's name (`bytes`).
    pub fn name(self) -> &'static str {
        match self {
            Flavor::Bytes => "bytes",
            Flavor::ByteArray => "bytearray",
        }
    }

    /// A new object of this type holding `data`.
    pub fn make(self, data: Vec<u8>) -> Value {
        match self {
            Flavor::Bytes => Value::Obj(BytesObj::new_obj(&data)),
            Flavor::ByteArray => Value::Obj(ByteArrayObj::new_obj(data)),
        }
    }

    /// A new object of this type holding a copy of `data`.
    pub fn make_from(self, data: &[u8]) -> Value {
        match self {
            Flavor::Bytes => Value::Obj(BytesObj::new_obj(data)),
            Flavor::ByteArray => Value::Obj(ByteArrayObj::new_obj(data.to_vec())),
        }
    }
}

/// The error of an operation on a released memoryview.
pub fn released() -> PyErr {
    PyErr::value_error("operation forbidden on released memoryview object")
}

/// Whether `v` is one of the bytes-like types.
pub fn is_bytes_like(v: &Value) -> bool {
    matches!(v.kind(), Kind::BYTES | Kind::BYTEARRAY | Kind::MEMORYVIEW)
}

/// The bytes of a bytes-like object `v` (`None`: not one). A released
/// memoryview is CPython's ValueError.
pub fn buffer(v: &Value) -> Option<PyResult<Buf<'_>>> {
    let Value::Obj(o) = v else {
        return None;
    };
    match o.kind() {
        Kind::BYTES => o
            .downcast::<BytesObj>()
            .map(|b| Ok(Buf::Slice(b.as_bytes()))),
        Kind::BYTEARRAY => o
            .downcast::<ByteArrayObj>()
            .map(|b| b.read().map(|r| Buf::Shared(Ref::map(r, |v| v.as_slice())))),
        Kind::MEMORYVIEW => o.downcast::<MemoryViewObj>().map(memoryview::bytes_of),
        _ => None,
    }
}

/// The bytes of `v`, which must be bytes-like: else CPython's TypeError
/// "a bytes-like object is required, not 'T'".
pub fn need_buffer(v: &Value) -> PyResult<Buf<'_>> {
    match buffer(v) {
        Some(r) => r,
        None => Err(not_bytes_like(v)),
    }
}

/// CPython's TypeError for an argument that has no buffer.
pub fn not_bytes_like(v: &Value) -> PyErr {
    PyErr::type_error(format!(
        "a bytes-like object is required, not '{}'",
        v.type_name()
    ))
}

/// `repr()` of a bytearray holding `b`: as a bytes repr, except that a
/// single quote is always escaped (CPython's `bytearray_repr`).
pub fn repr_bytearray(b: &[u8]) -> String {
    let quote = if b.contains(&b'\'') && !b.contains(&b'"') {
        '"'
    } else {
        '\''
    };
    let mut s = String::with_capacity(b.len() + 14);
    s.push_str("bytearray(b");
    s.push(quote);
    for &c in b {
        match c {
            b'\\' => s.push_str("\\\\"),
            b'\'' => s.push_str("\\'"),
            b'\t' => s.push_str("\\t"),
            b'\n' => s.push_str("\\n"),
            b'\r' => s.push_str("\\r"),
            0x20..=0x7e => s.push(c as char),
            _ => s.push_str(&format!("\\x{c:02x}")),
        }
    }
    s.push(quote);
    s.push(')');
    s
}

/// `repr()` of a bytearray or memoryview (`None`: neither).
pub fn repr(o: &ObjRef) -> Option<PyResult<String>> {
    if let Some(b) = o.downcast::<ByteArrayObj>() {
        return Some(b.read().map(|d| repr_bytearray(&d)));
    }
    if let Some(m) = o.downcast::<MemoryViewObj>() {
        let what = if m.is_released() {
            "released memory"
        } else {
            "memory"
        };
        return Some(Ok(format!("<{what} at {:#x}>", o.as_ptr() as usize)));
    }
    None
}

// ----- argument helpers ---------------------------------------------------------------

/// `operator.index(v)`: an int (through `__index__`), or CPython's
/// TypeError "'T' object cannot be interpreted as an integer".
pub fn index_value(vm: &mut Vm, v: &Value) -> PyResult<Value> {
    let i = dunder::as_index(vm, v)?;
    if i.is_int() {
        Ok(i)
    } else {
        Err(PyErr::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            v.type_name()
        )))
    }
}

/// A `Py_ssize_t` argument (`PyNumber_AsSsize_t(v, OverflowError)`).
pub fn ssize(vm: &mut Vm, v: &Value) -> PyResult<i64> {
    match index_value(vm, v)? {
        Value::Int(i) => Ok(i),
        Value::Bool(b) => Ok(b as i64),
        _ => Err(PyErr::overflow(
            "Python int too large to convert to C ssize_t",
        )),
    }
}

/// A `Py_ssize_t` read with clipping (`PyNumber_AsSsize_t(v, NULL)`): an
/// int beyond the range becomes its nearest end.
pub fn ssize_clipped(vm: &mut Vm, v: &Value) -> PyResult<i64> {
    match index_value(vm, v)? {
        Value::Int(i) => Ok(i),
        Value::Bool(b) => Ok(b as i64),
        i => Ok(match i.as_bigint() {
            Some(b) if num_traits::Signed::is_negative(b) => i64::MIN,
            _ => i64::MAX,
        }),
    }
}

/// A byte value (CPython's `_getbytevalue`): an int in range(256),
/// through `__index__`.
pub fn byte_value(vm: &mut Vm, v: &Value) -> PyResult<u8> {
    if let Value::Int(i @ 0..=255) = v {
        return Ok(*i as u8);
    }
    match index_value(vm, v)? {
        Value::Int(i) if (0..256).contains(&i) => Ok(i as u8),
        Value::Bool(b) => Ok(b as u8),
        _ => Err(PyErr::value_error("byte must be in range(0, 256)")),
    }
}

/// A slice index argument that may be None (`_PyEval_SliceIndex`): ints
/// beyond the range clip.
pub fn slice_index(vm: &mut Vm, v: Option<&Value>) -> PyResult<Option<i64>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(v) => {
            let i = dunder::as_index(vm, v)?;
            match i {
                Value::Int(i) => Ok(Some(i)),
                Value::Bool(b) => Ok(Some(b as i64)),
                _ => match i.as_bigint() {
                    Some(b) if num_traits::Signed::is_negative(b) => Ok(Some(i64::MIN)),
                    Some(_) => Ok(Some(i64::MAX)),
                    None => Err(PyErr::type_error(
                        "slice indices must be integers or None or have an __index__ method",
                    )),
                },
            }
        }
    }
}

/// Whether `v` has `__index__` (an int, or an instance of a Python class
/// that defines it): CPython's `_PyIndex_Check`.
pub fn has_index(v: &Value) -> bool {
    v.is_int() || (dunder::is_py(v) && dunder::special(v, "__index__").is_some())
}

/// A `MemoryError` when `n` bytes cannot be had.
pub fn room(n: usize) -> PyResult<Vec<u8>> {
    if n > ops::memory_ceiling() || n > isize::MAX as usize {
        return Err(PyErr::no_memory());
    }
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| PyErr::no_memory())?;
    Ok(v)
}

// ----- constructors -------------------------------------------------------------------

/// `bytes(source=b'', encoding=..., errors=...)`, after CPython's
/// `bytes_new`.
pub fn new_bytes(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (src, encoding, errors) = ctor_args(&args, "bytes")?;
    let Some(src) = src else {
        if encoding.is_some() || errors.is_some() {
            return Err(without_string(encoding.is_some()));
        }
        return Ok(Value::Obj(BytesObj::new_obj(&[])));
    };
    if let Some(enc) = encoding {
        let Some(s) = src.as_str() else {
            return Err(without_string(true));
        };
        return encode_arg(s, enc, errors).map(|b| Value::Obj(BytesObj::new_obj(&b)));
    }
    if errors.is_some() {
        return Err(PyErr::type_error(if src.as_str().is_some() {
            "string argument without an encoding"
        } else {
            "errors without a string argument"
        }));
    }
    if src.is_type_exact(&types::BYTES) {
        return Ok(src.clone());
    }
    // `__bytes__` of a Python class (looked up on the type).
    if let Some(r) = dunder::call(vm, src, "__bytes__", &[]) {
        let r = r?;
        if r.kind() != Kind::BYTES {
            return Err(PyErr::type_error(format!(
                "__bytes__ returned non-bytes (type {})",
                r.type_name()
            )));
        }
        return Ok(r);
    }
    if src.as_str().is_some() {
        return Err(PyErr::type_error("string argument without an encoding"));
    }
    if let Some(n) = count_arg(vm, src)? {
        return Ok(Value::Obj(BytesObj::new_obj(&zeros(n)?)));
    }
    if let Some(b) = buffer(src) {
        return Ok(Value::Obj(BytesObj::new_obj(&b?)));
    }
    let data = from_iterable(vm, src, "bytes", "bytes must be in range(0, 256)")?;
    Ok(Value::Obj(BytesObj::new_obj(&data)))
}

/// `bytearray(source=b'', encoding=..., errors=...)`, after CPython's
/// `bytearray___init__`.
pub fn new_bytearray(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (src, encoding, errors) = ctor_args(&args, "bytearray")?;
    let data = bytearray_source(vm, src, encoding, errors)?;
    Ok(Value::Obj(ByteArrayObj::new_obj(data)))
}

/// The bytes `bytearray(src, encoding, errors)` starts with.
fn bytearray_source(
    vm: &mut Vm,
    src: Option<&Value>,
    encoding: Option<&str>,
    errors: Option<&str>,
) -> PyResult<Vec<u8>> {
    let Some(src) = src else {
        if encoding.is_some() || errors.is_some() {
            return Err(without_string(encoding.is_some()));
        }
        return Ok(Vec::new());
    };
    if let Some(s) = src.as_str() {
        let Some(enc) = encoding else {
            return Err(PyErr::type_error("string argument without an encoding"));
        };
        return encode_arg(s, enc, errors);
    }
    if encoding.is_some() || errors.is_some() {
        return Err(without_string(encoding.is_some()));
    }
    if let Some(n) = count_arg(vm, src)? {
        return zeros(n);
    }
    if let Some(b) = buffer(src) {
        return Ok(b?.to_vec());
    }
    from_iterable(vm, src, "bytearray", "byte must be in range(0, 256)")
}

/// The TypeError for an encoding or errors argument without a str.
fn without_string(encoding: bool) -> PyErr {
    PyErr::type_error(if encoding {
        "encoding without a string argument"
    } else {
        "errors without a string argument"
    })
}

/// The `(source, encoding, errors)` arguments of `bytes()` and
/// `bytearray()`, the last two checked to be str.
fn ctor_args<'a>(
    args: &Args<'a>,
    name: &'static str,
) -> PyResult<(Option<&'a Value>, Option<&'a str>, Option<&'a str>)> {
    let sig = crate::stdlib::Sig {
        name,
        params: &["source", "encoding", "errors"],
        posonly: 0,
        required: 0,
        kwonly: &[],
        style: crate::stdlib::Style::C,
    };
    let got = crate::stdlib::parse(args, &sig)?;
    let text = |i: usize, what: &str| -> PyResult<Option<&'a str>> {
        match got.get(i).copied().flatten() {
            None => Ok(None),
            Some(v) => v.as_str().map(Some).ok_or_else(|| {
                PyErr::type_error(format!(
                    "{name}() argument '{what}' must be str, not {}",
                    v.type_name()
                ))
            }),
        }
    };
    let encoding = text(1, "encoding")?;
    let errors = text(2, "errors")?;
    Ok((got.first().copied().flatten(), encoding, errors))
}

/// `s.encode(enc, errors)` for the constructors.
fn encode_arg(s: &str, enc: &str, errors: Option<&str>) -> PyResult<Vec<u8>> {
    let enc = crate::codec::encoding(enc)?;
    let errs = match errors {
        Some(e) => crate::codec::errors(e)?,
        None => crate::codec::Errors::Strict,
    };
    crate::codec::encode(s, enc, errs)
}

/// The size argument of `bytes(n)`/`bytearray(n)`: `Some` when `src` has
/// `__index__` (ints first), with CPython's errors for a negative or huge
/// count.
fn count_arg(vm: &mut Vm, src: &Value) -> PyResult<Option<usize>> {
    if !has_index(src) {
        return Ok(None);
    }
    let n = dunder::as_index(vm, src)?;
    let n = match n {
        Value::Int(i) => i,
        Value::Bool(b) => b as i64,
        _ if n.as_bigint().is_some() => {
            return Err(PyErr::overflow(
                "cannot fit 'int' into an index-sized integer",
            ));
        }
        _ => return Ok(None),
    };
    if n < 0 {
        return Err(PyErr::value_error("negative count"));
    }
    Ok(Some(n as usize))
}

/// `n` zero bytes, or `MemoryError`.
fn zeros(n: usize) -> PyResult<Vec<u8>> {
    let mut v = room(n)?;
    v.resize(n, 0);
    Ok(v)
}

/// The bytes of an iterable of ints (`bytes([1, 2])`); `what` names the
/// type in "cannot convert 'T' object to what", `range_msg` is the
/// ValueError for an int out of range.
fn from_iterable(vm: &mut Vm, src: &Value, what: &str, range_msg: &str) -> PyResult<Vec<u8>> {
    let it = match ops::get_iter(vm, src) {
        Ok(it) => it,
        Err(e) if e.matches(types::TYPE_ERROR.get()) => {
            return Err(PyErr::type_error(format!(
                "cannot convert '{}' object to {what}",
                src.type_name()
            )));
        }
        Err(e) => return Err(e),
    };
    let mut out = Vec::new();
    while let Some(v) = ops::iter_next(vm, &it)? {
        let i = index_value(vm, &v)?;
        match i {
            Value::Int(n) if (0..256).contains(&n) => out.push(n as u8),
            Value::Bool(b) => out.push(b as u8),
            _ => return Err(PyErr::value_error(range_msg)),
        }
    }
    Ok(out)
}

// ----- protocols --------------------------------------------------------------------

/// `len(o)` of a bytearray or memoryview.
pub fn len(o: &ObjRef) -> Option<PyResult<usize>> {
    if let Some(b) = o.downcast::<ByteArrayObj>() {
        return Some(Ok(b.len()));
    }
    o.downcast::<MemoryViewObj>().map(|m| {
        if m.is_released() {
            Err(released())
        } else {
            Ok(m.len)
        }
    })
}

/// `bool(o)` of a bytearray or memoryview.
pub fn truthy(o: &ObjRef) -> Option<PyResult<bool>> {
    len(o).map(|r| r.map(|n| n != 0))
}

/// `hash(o)` of a memoryview: that of its bytes, for a read-only view of
/// bytes; CPython's ValueError otherwise.
pub fn hash_memoryview(o: &ObjRef) -> Option<PyResult<u64>> {
    let m = o.downcast::<MemoryViewObj>()?;
    Some((|| {
        if m.is_released() {
            return Err(released());
        }
        if !m.readonly {
            return Err(PyErr::value_error("cannot hash writable memoryview object"));
        }
        let b = memoryview::bytes_of(m)?;
        Ok(crate::object::str::hash_bytes(&b))
    })())
}

/// The items of a memoryview compared by `==`: their values per format
/// (`'c'` items are bytes, the others ints).
#[derive(PartialEq)]
enum Item {
    Int(i64),
    Char(u8),
}

fn items_of(fmt: ItemFormat, b: &[u8]) -> impl Iterator<Item = Item> + '_ {
    b.iter().map(move |&c| match fmt {
        ItemFormat::UnsignedByte => Item::Int(c as i64),
        ItemFormat::SignedByte => Item::Int(c as i8 as i64),
        ItemFormat::Char => Item::Char(c),
    })
}

/// `a == b` when either side is a bytes-like object (`None`: the rule is
/// not this module's). As CPython: `bytes` compares only with `bytes`;
/// a `bytearray` on the left compares its bytes with any buffer; a
/// `memoryview` compares item values (a released one equals only
/// itself).
pub fn eq(a: &Value, b: &Value) -> Option<PyResult<bool>> {
    let (ka, kb) = (a.kind(), b.kind());
    fn view(v: &Value) -> Option<&MemoryViewObj> {
        v.downcast::<MemoryViewObj>()
    }
    if ka == Kind::MEMORYVIEW || (kb == Kind::MEMORYVIEW && ka == Kind::BYTES) {
        let (m, other) = if ka == Kind::MEMORYVIEW {
            (a, b)
        } else {
            (b, a)
        };
        let mv = view(m)?;
        if a.is(b) {
            return Some(Ok(true));
        }
        if mv.is_released() || view(other).is_some_and(MemoryViewObj::is_released) {
            return Some(Ok(false));
        }
        if !is_bytes_like(other) {
            return None;
        }
        let ofmt = view(other).map_or(ItemFormat::UnsignedByte, |o| o.format);
        return Some((|| {
            let x = memoryview::bytes_of(mv)?;
            let y = need_buffer(other)?;
            Ok(x.len() == y.len() && items_of(mv.format, &x).eq(items_of(ofmt, &y)))
        })());
    }
    let ok = match (ka, kb) {
        (Kind::BYTES, Kind::BYTES) => true,
        (Kind::BYTEARRAY, _) => is_bytes_like(b),
        (_, Kind::BYTEARRAY) => is_bytes_like(a),
        _ => false,
    };
    if !ok {
        return None;
    }
    Some((|| {
        let (x, y) = (need_buffer(a)?, need_buffer(b)?);
        Ok(*x == *y)
    })())
}

/// The order of `a` and `b` for `<`, `<=`, `>`, `>=` (`None`: not
/// comparable here): bytes with bytes, and a bytearray with any buffer
/// on either side (its comparison is tried on the reflected side too).
pub fn order(a: &Value, b: &Value) -> Option<PyResult<Ordering>> {
    let ok = match (a.kind(), b.kind()) {
        (Kind::BYTES, Kind::BYTES) => true,
        (Kind::BYTEARRAY, _) => is_bytes_like(b),
        (_, Kind::BYTEARRAY) => is_bytes_like(a),
        _ => false,
    };
    if !ok {
        return None;
    }
    Some((|| {
        let (x, y) = (need_buffer(a)?, need_buffer(b)?);
        Ok(x.cmp(&y))
    })())
}

/// `a + b` for a `bytes` or `bytearray` `a`: the left operand's type,
/// with any bytes-like `b`.
pub fn concat(a: &Value, b: &Value) -> PyResult<Value> {
    let Some(fl) = Flavor::of(a) else {
        return Err(ops::unsupported(crate::bytecode::BinOp::Add, a, b));
    };
    let Some(y) = buffer(b) else {
        return Err(PyErr::type_error(format!(
            "can't concat {} to {}",
            b.type_name(),
            fl.name()
        )));
    };
    let y = y?;
    let x = need_buffer(a)?;
    let mut out = room(x.len().saturating_add(y.len()))?;
    out.extend_from_slice(&x);
    out.extend_from_slice(&y);
    drop((x, y));
    Ok(fl.make(out))
}

/// `seq * count` for a `bytes` or `bytearray` (count already an int).
pub fn repeat(seq: &Value, count: usize) -> PyResult<Value> {
    let Some(fl) = Flavor::of(seq) else {
        return Err(PyErr::new(&types::SYSTEM_ERROR, "not a byte string"));
    };
    let out = repeated(&need_buffer(seq)?, count)?;
    Ok(fl.make(out))
}

/// `b` repeated `count` times, or `MemoryError`.
fn repeated(b: &[u8], count: usize) -> PyResult<Vec<u8>> {
    let total = b
        .len()
        .checked_mul(count)
        .filter(|&n| n <= isize::MAX as usize)
        .ok_or_else(PyErr::no_memory)?;
    let mut out = room(total)?;
    if total > 0 {
        out.extend_from_slice(b);
        while out.len() < total {
            let n = out.len().min(total - out.len());
            out.extend_from_within(..n);
        }
    }
    Ok(out)
}

/// `a += b` and `a *= n` on a bytearray: in place (`Some`); other
/// operators behave as their binary form (`None`).
pub fn inplace_op(
    vm: &mut Vm,
    op: crate::bytecode::BinOp,
    a: &Value,
    b: &Value,
) -> PyResult<Option<Value>> {
    use crate::bytecode::BinOp;
    let Some(ba) = a.downcast::<ByteArrayObj>() else {
        return Ok(None);
    };
    match op {
        BinOp::Add => {
            let Some(y) = buffer(b) else {
                return Err(PyErr::type_error(format!(
                    "can't concat {} to bytearray",
                    b.type_name()
                )));
            };
            // CPython holds the right operand's buffer while it resizes:
            // `ba += ba` is an export of `ba` itself.
            let own = a.is(b) && !ba.is_empty();
            let y = y?.to_vec();
            if own {
                return Err(crate::object::buffer::cannot_resize());
            }
            let n = ba.len().saturating_add(y.len());
            ba.resize(n, |d| {
                d.try_reserve(y.len()).map_err(|_| PyErr::no_memory())?;
                d.extend_from_slice(&y);
                Ok(())
            })??;
            Ok(Some(a.clone()))
        }
        BinOp::Mul => {
            if !has_index(b) {
                return Ok(None);
            }
            let n = match index_value(vm, b)? {
                Value::Int(i) => i.max(0) as usize,
                Value::Bool(x) => x as usize,
                i => {
                    if i.as_bigint().is_some_and(num_traits::Signed::is_negative) {
                        0
                    } else {
                        return Err(PyErr::no_memory());
                    }
                }
            };
            let cur = ba.to_vec()?;
            let out = repeated(&cur, n)?;
            ba.resize(out.len(), |d| *d = out)?;
            Ok(Some(a.clone()))
        }
        _ => Ok(None),
    }
}

/// `item in hay` for a `bytes` or `bytearray` `hay`: a bytes-like
/// substring or an int byte.
pub fn contains(vm: &mut Vm, hay: &Value, item: &Value) -> PyResult<bool> {
    if let Some(n) = buffer(item) {
        let n = n?.to_vec();
        let h = need_buffer(hay)?;
        return Ok(methods::find_in(&h, &n, 0, h.len()).is_some());
    }
    if !has_index(item) {
        return Err(not_bytes_like(item));
    }
    let c = byte_value(vm, item)?;
    Ok(need_buffer(hay)?.contains(&c))
}

/// The byte at index `i` (not negative) of a `bytes` or `bytearray`:
/// `Some(None)` past the end, `None` when `o` is neither (the fast path of
/// indexing and iteration).
#[inline]
pub fn byte_at(o: &ObjRef, i: usize) -> Option<Option<u8>> {
    if let Some(b) = o.downcast::<BytesObj>() {
        return Some(b.as_bytes().get(i).copied());
    }
    let b = o.downcast::<ByteArrayObj>()?;
    Some(b.read().ok().and_then(|d| d.get(i).copied()))
}

/// `o[key]` for a `bytes`, `bytearray` or `memoryview`.
pub fn getitem(vm: &mut Vm, o: &ObjRef, key: &Value) -> PyResult<Value> {
    if o.kind() == Kind::MEMORYVIEW {
        return memoryview::getitem(vm, o, key);
    }
    if let Value::Int(i) = key
        && let Ok(i) = usize::try_from(*i)
        && let Some(Some(c)) = byte_at(o, i)
    {
        return Ok(Value::Int(c as i64));
    }
    let v = Value::Obj(o.clone());
    let Some(fl) = Flavor::of(&v) else {
        return Err(PyErr::new(&types::SYSTEM_ERROR, "not a byte string"));
    };
    if let Some(i) = ops::to_index(key) {
        let i =
            i.map_err(|_| PyErr::index_error("cannot fit 'int' into an index-sized integer"))?;
        let b = need_buffer(&v)?;
        let n = b.len() as i64;
        let k = if i < 0 { i + n } else { i };
        return match usize::try_from(k).ok().and_then(|k| b.get(k)) {
            Some(&c) => Ok(Value::Int(c as i64)),
            None => Err(PyErr::index_error(match fl {
                Flavor::Bytes => "index out of range",
                Flavor::ByteArray => "bytearray index out of range",
            })),
        };
    }
    if let Some(s) = key.downcast::<crate::object::SliceObj>() {
        let b = need_buffer(&v)?;
        let (start, _, step, count) = ops::slice_indices(s, b.len() as i64)?;
        if fl == Flavor::Bytes
            && step == 1
            && count == b.len() as i64
            && v.is_type_exact(&types::BYTES)
        {
            drop(b);
            return Ok(v);
        }
        let out = select(&b, start, step, count);
        drop(b);
        return Ok(fl.make(out));
    }
    Err(PyErr::type_error(format!(
        "{} indices must be integers or slices, not {}",
        match fl {
            Flavor::Bytes => "byte",
            Flavor::ByteArray => "bytearray",
        },
        key.type_name()
    )))
}

/// The bytes of `b` on a slice's positions.
pub fn select(b: &[u8], start: i64, step: i64, count: i64) -> Vec<u8> {
    (0..count.max(0))
        .filter_map(|k| {
            let i = start.checked_add(k.checked_mul(step)?)?;
            b.get(usize::try_from(i).ok()?).copied()
        })
        .collect()
}

// ----- numbers from byte strings ------------------------------------------------------

/// `int(b, base)` of a byte string (CPython's `_PyLong_FromBytes`): ASCII
/// digits only; the error shows the bytes' repr.
pub fn parse_int(b: &[u8], base: u32) -> PyResult<Value> {
    let invalid = || {
        let shown: String = crate::object::bytes::repr_of(b).chars().take(200).collect();
        PyErr::value_error(format!(
            "invalid literal for int() with base {base}: {shown}"
        ))
    };
    let Some(s) = std::str::from_utf8(b).ok().filter(|s| s.is_ascii()) else {
        return Err(invalid());
    };
    match crate::format::parse_int(s, base) {
        Ok(i) => Ok(Value::from_bigint(i)),
        Err(crate::format::FmtError::ValueError(m)) if m.starts_with("invalid literal") => {
            Err(invalid())
        }
        Err(e) => Err(ops::fmt_err(e)),
    }
}

/// `float(v)` of a bytes-like `v`: its ASCII text parsed; the error shows
/// `repr(v)`.
pub fn parse_float(vm: &mut Vm, v: &Value) -> PyResult<Value> {
    let text = need_buffer(v)?.to_vec();
    let parsed = std::str::from_utf8(&text)
        .ok()
        .filter(|s| s.is_ascii())
        .and_then(|s| crate::format::parse_float(s).ok());
    match parsed {
        Some(f) => Ok(Value::Float(f)),
        None => Err(PyErr::value_error(format!(
            "could not convert string to float: {}",
            ops::repr(vm, v)?
        ))),
    }
}
