//! `memoryview` over `bytes` and `bytearray` (CPython's
//! `memoryobject.c`, one-dimensional views of byte formats): the
//! constructor, items and slices, writes into a bytearray through a view,
//! the attributes and the methods. The window arithmetic and the exports
//! are `object/buffer.rs`'s.

use super::{Buf, ItemFormat, released};
use crate::methods::Table;
use crate::object::types::{self, Kind};
use crate::object::{
    Args, ByteArrayObj, BytesObj, MemoryViewObj, ObjRef, PyErr, PyResult, SliceObj, Value,
};
use crate::ops;
use crate::stdlib::{Sig, Style};
use crate::vm::Vm;
use std::cell::Ref;

/// The methods of `memoryview`.
pub static METHODS: Table = &[
    ("tobytes", tobytes),
    ("tolist", tolist),
    ("hex", hex),
    ("release", release),
    ("toreadonly", toreadonly),
    ("cast", cast),
    ("__enter__", enter),
    ("__exit__", exit),
];

/// `memoryview(object)`.
pub fn new_memoryview(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let sig = Sig {
        name: "memoryview",
        params: &["object"],
        posonly: 0,
        required: 1,
        kwonly: &[],
        style: Style::C,
    };
    let got = crate::stdlib::parse(&args, &sig)?;
    let Some(src) = got.first().copied().flatten() else {
        return Err(PyErr::type_error(
            "memoryview() missing required argument 'object' (pos 1)",
        ));
    };
    view_of(src).map(Value::Obj)
}

/// A new view of the whole of `src` (or of the same window as a view
/// `src`).
pub fn view_of(src: &Value) -> PyResult<ObjRef> {
    let not_buffer = || {
        PyErr::type_error(format!(
            "memoryview: a bytes-like object is required, not '{}'",
            src.type_name()
        ))
    };
    let Value::Obj(o) = src else {
        return Err(not_buffer());
    };
    match o.kind() {
        Kind::BYTES => {
            let n = o.downcast::<BytesObj>().map_or(0, |b| b.as_bytes().len());
            Ok(MemoryViewObj::new_obj(
                o.clone(),
                0,
                n,
                1,
                true,
                ItemFormat::UnsignedByte,
            ))
        }
        Kind::BYTEARRAY => {
            let n = o.downcast::<ByteArrayObj>().map_or(0, ByteArrayObj::len);
            Ok(MemoryViewObj::new_obj(
                o.clone(),
                0,
                n,
                1,
                false,
                ItemFormat::UnsignedByte,
            ))
        }
        Kind::MEMORYVIEW => {
            let m = view(o)?;
            Ok(MemoryViewObj::new_obj(
                m.base.clone(),
                m.start,
                m.len,
                m.step,
                m.readonly,
                m.format,
            ))
        }
        _ => Err(not_buffer()),
    }
}

/// The view payload of `o`, unless released.
fn view(o: &ObjRef) -> PyResult<&MemoryViewObj> {
    let m = o
        .downcast::<MemoryViewObj>()
        .ok_or_else(|| PyErr::type_error("descriptor requires a 'memoryview' object"))?;
    if m.is_released() {
        return Err(released());
    }
    Ok(m)
}

/// The receiver of a method, unless released.
fn recv<'a>(args: &Args<'a>) -> PyResult<(&'a ObjRef, &'a MemoryViewObj)> {
    let o = args
        .pos
        .first()
        .and_then(Value::as_obj)
        .ok_or_else(|| PyErr::type_error("descriptor requires a 'memoryview' object"))?;
    Ok((o, view(o)?))
}

/// The error for an exporter whose bytes no longer cover the view (no
/// resize can happen while a view is alive, so this is not expected).
fn gone() -> PyErr {
    PyErr::new(
        &types::SYSTEM_ERROR,
        "memoryview: the exporter's buffer changed size",
    )
}

/// The bytes a view shows, in order: borrowed when contiguous.
pub fn bytes_of(m: &MemoryViewObj) -> PyResult<Buf<'_>> {
    if m.is_released() {
        return Err(released());
    }
    let whole: Buf<'_> = if let Some(b) = m.base.downcast::<BytesObj>() {
        Buf::Slice(b.as_bytes())
    } else if let Some(b) = m.base.downcast::<ByteArrayObj>() {
        Buf::Shared(Ref::map(b.read()?, |v| v.as_slice()))
    } else {
        return Err(gone());
    };
    if m.is_contiguous() {
        let end = m.start.checked_add(m.len).ok_or_else(gone)?;
        if m.len == 0 {
            return Ok(Buf::Owned(Vec::new()));
        }
        if end > whole.len() {
            return Err(gone());
        }
        return Ok(match whole {
            Buf::Slice(s) => Buf::Slice(&s[m.start..end]),
            Buf::Shared(r) => Buf::Shared(Ref::map(r, |s| &s[m.start..end])),
            Buf::Owned(v) => Buf::Owned(v[m.start..end].to_vec()),
        });
    }
    let mut out = Vec::with_capacity(m.len);
    for i in 0..m.len {
        let c = m
            .offset(i)
            .and_then(|o| whole.get(o).copied())
            .ok_or_else(gone)?;
        out.push(c);
    }
    Ok(Buf::Owned(out))
}

/// An item's value per the view's format.
fn item_value(fmt: ItemFormat, c: u8) -> Value {
    match fmt {
        ItemFormat::UnsignedByte => Value::Int(c as i64),
        ItemFormat::SignedByte => Value::Int(c as i8 as i64),
        ItemFormat::Char => Value::Obj(BytesObj::new_obj(&[c])),
    }
}

/// The index of item `key` (an int) in `m`, or CPython's IndexError.
fn item_index(m: &MemoryViewObj, key: &Value) -> PyResult<usize> {
    let i = match ops::to_index(key) {
        Some(i) => i?,
        None => return Err(PyErr::type_error("memoryview: invalid slice key")),
    };
    let n = m.len as i64;
    let k = if i < 0 { i + n } else { i };
    if k < 0 || k >= n {
        return Err(PyErr::index_error("index out of bounds on dimension 1"));
    }
    Ok(k as usize)
}

/// The view of `m`'s items on slice `s`.
fn sliced(m: &MemoryViewObj, s: &SliceObj) -> PyResult<ObjRef> {
    let (start, _, step, count) = ops::slice_indices(s, m.len as i64)?;
    let begin = if count > 0 {
        m.offset(start as usize).ok_or_else(gone)?
    } else {
        m.start
    };
    let new_step = m.step.checked_mul(step as isize).ok_or_else(gone)?;
    Ok(MemoryViewObj::new_obj(
        m.base.clone(),
        begin,
        count as usize,
        new_step,
        m.readonly,
        m.format,
    ))
}

/// `m[key]`: an item, or a view of a slice.
pub fn getitem(_vm: &mut Vm, o: &ObjRef, key: &Value) -> PyResult<Value> {
    let m = view(o)?;
    if ops::to_index(key).is_some() {
        let i = item_index(m, key)?;
        let b = bytes_of(m)?;
        let c = b.get(i).copied().ok_or_else(gone)?;
        return Ok(item_value(m.format, c));
    }
    if let Some(s) = key.downcast::<SliceObj>() {
        return sliced(m, s).map(Value::Obj);
    }
    Err(PyErr::type_error("memoryview: invalid slice key"))
}

/// The byte a value packs to in format `fmt` (CPython's `pack_single`).
fn pack(vm: &mut Vm, fmt: ItemFormat, v: &Value) -> PyResult<u8> {
    let name = fmt.as_str();
    let wrong_type = || PyErr::type_error(format!("memoryview: invalid type for format '{name}'"));
    let wrong_value =
        || PyErr::value_error(format!("memoryview: invalid value for format '{name}'"));
    if fmt == ItemFormat::Char {
        let b = v.downcast::<BytesObj>().ok_or_else(wrong_type)?.as_bytes();
        return match b {
            [c] => Ok(*c),
            _ => Err(wrong_value()),
        };
    }
    let i = match super::index_value(vm, v) {
        Ok(i) => i,
        Err(e) if e.matches(types::TYPE_ERROR.get()) => return Err(wrong_type()),
        Err(e) => return Err(e),
    };
    let i = match i {
        Value::Int(i) => i,
        Value::Bool(b) => b as i64,
        _ => return Err(wrong_value()),
    };
    match fmt {
        ItemFormat::SignedByte if (-128..128).contains(&i) => Ok(i as i8 as u8),
        ItemFormat::UnsignedByte if (0..256).contains(&i) => Ok(i as u8),
        _ => Err(wrong_value()),
    }
}

/// Writes `data` to `m`'s items (as many as it has) in the exporter.
fn write_items(m: &MemoryViewObj, first: usize, step: isize, data: &[u8]) -> PyResult<()> {
    let ba = m
        .base
        .downcast::<ByteArrayObj>()
        .ok_or_else(|| PyErr::type_error("cannot modify read-only memory"))?;
    let mut d = ba.write()?;
    for (k, &c) in data.iter().enumerate() {
        let at = (k as isize)
            .checked_mul(step)
            .and_then(|o| (first as isize).checked_add(o))
            .and_then(|o| usize::try_from(o).ok());
        let slot = at.and_then(|a| d.get_mut(a)).ok_or_else(gone)?;
        *slot = c;
    }
    Ok(())
}

/// `m[key] = value` (`Some`) or `del m[key]` (`None`).
pub fn setitem(vm: &mut Vm, o: &ObjRef, key: &Value, value: Option<&Value>) -> PyResult<()> {
    let m = view(o)?;
    if m.readonly {
        return Err(PyErr::type_error("cannot modify read-only memory"));
    }
    let Some(value) = value else {
        return Err(PyErr::type_error("cannot delete memory"));
    };
    if ops::to_index(key).is_some() {
        let i = item_index(m, key)?;
        let c = pack(vm, m.format, value)?;
        let at = m.offset(i).ok_or_else(gone)?;
        return write_items(m, at, 1, &[c]);
    }
    if let Some(s) = key.downcast::<SliceObj>() {
        let src_fmt = match value.downcast::<MemoryViewObj>() {
            Some(v) if v.is_released() => return Err(released()),
            Some(v) => v.format,
            None => ItemFormat::UnsignedByte,
        };
        let data = super::need_buffer(value)?.to_vec();
        let (start, _, step, count) = ops::slice_indices(s, m.len as i64)?;
        if src_fmt != m.format || data.len() as i64 != count {
            return Err(PyErr::value_error(
                "memoryview assignment: lvalue and rvalue have different structures",
            ));
        }
        if count == 0 {
            return Ok(());
        }
        let first = m.offset(start as usize).ok_or_else(gone)?;
        let step = m.step.checked_mul(step as isize).ok_or_else(gone)?;
        return write_items(m, first, step, &data);
    }
    Err(PyErr::type_error("memoryview: invalid slice key"))
}

/// An attribute of a memoryview (`None`: not one of them).
pub fn getattr(o: &ObjRef, name: &str) -> Option<PyResult<Value>> {
    let known = matches!(
        name,
        "obj"
            | "nbytes"
            | "readonly"
            | "itemsize"
            | "format"
            | "ndim"
            | "shape"
            | "strides"
            | "suboffsets"
            | "c_contiguous"
            | "f_contiguous"
            | "contiguous"
    );
    if !known {
        return None;
    }
    let m = match view(o) {
        Ok(m) => m,
        Err(e) => return Some(Err(e)),
    };
    Some(Ok(match name {
        "obj" => Value::Obj(m.base.clone()),
        "nbytes" => Value::Int(m.len as i64),
        "readonly" => Value::Bool(m.readonly),
        "itemsize" => Value::Int(1),
        "format" => Value::str(m.format.as_str()),
        "ndim" => Value::Int(1),
        "shape" => Value::tuple(vec![Value::Int(m.len as i64)]),
        "strides" => Value::tuple(vec![Value::Int(m.step as i64)]),
        "suboffsets" => Value::tuple(Vec::new()),
        _ => Value::Bool(m.is_contiguous()),
    }))
}

/// A method's check that it has no arguments.
fn no_args(args: &Args<'_>, name: &str) -> PyResult<()> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "memoryview.{name}() takes no keyword arguments"
        )));
    }
    let n = args.pos.len().saturating_sub(1);
    if n != 0 {
        return Err(PyErr::type_error(format!(
            "memoryview.{name}() takes no arguments ({n} given)"
        )));
    }
    Ok(())
}

/// The arguments after the receiver, parsed as Argument Clinic would.
fn clinic<'a>(
    args: &Args<'a>,
    name: &'static str,
    params: &'static [&'static str],
    required: usize,
) -> PyResult<Vec<Option<&'a Value>>> {
    let sig = Sig {
        name,
        params,
        posonly: 0,
        required,
        kwonly: &[],
        style: Style::C,
    };
    let a = Args {
        pos: args.pos.get(1..).unwrap_or(&[]),
        kw: args.kw,
    };
    crate::stdlib::parse(&a, &sig)
}

fn tobytes(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, m) = recv(&args)?;
    let got = clinic(&args, "tobytes", &["order"], 0)?;
    if let Some(order) = got.first().copied().flatten()
        && !matches!(order, Value::None)
    {
        let ok = order.as_str().is_some_and(|s| matches!(s, "C" | "F" | "A"));
        if !ok {
            return Err(match order.as_str() {
                Some(_) => PyErr::value_error("order must be 'C', 'F' or 'A'"),
                None => PyErr::type_error(format!(
                    "tobytes() argument 'order' must be str or None, not {}",
                    order.type_name()
                )),
            });
        }
    }
    let b = bytes_of(m)?;
    Ok(Value::Obj(BytesObj::new_obj(&b)))
}

fn tolist(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, m) = recv(&args)?;
    no_args(&args, "tolist")?;
    let b = bytes_of(m)?;
    Ok(Value::list(
        b.iter().map(|&c| item_value(m.format, c)).collect(),
    ))
}

fn hex(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, m) = recv(&args)?;
    let got = clinic(&args, "hex", &["sep", "bytes_per_sep"], 0)?;
    let data = bytes_of(m)?.to_vec();
    let s = super::methods::hex_string(
        vm,
        &data,
        got.first().copied().flatten(),
        got.get(1).copied().flatten(),
    )?;
    Ok(Value::string(s))
}

fn release(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let m = args
        .pos
        .first()
        .and_then(|v| v.downcast::<MemoryViewObj>())
        .ok_or_else(|| PyErr::type_error("descriptor requires a 'memoryview' object"))?;
    no_args(&args, "release")?;
    m.release();
    Ok(Value::None)
}

fn toreadonly(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, m) = recv(&args)?;
    no_args(&args, "toreadonly")?;
    Ok(Value::Obj(MemoryViewObj::new_obj(
        m.base.clone(),
        m.start,
        m.len,
        m.step,
        true,
        m.format,
    )))
}

/// `cast(format, shape)`: between the byte formats only; other native
/// formats are refused with a NotImplementedError.
fn cast(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, m) = recv(&args)?;
    let got = clinic(&args, "cast", &["format", "shape"], 1)?;
    let Some(f) = got.first().copied().flatten() else {
        return Err(PyErr::type_error(
            "cast() missing required argument 'format' (pos 1)",
        ));
    };
    let f = f.as_str().ok_or_else(|| {
        PyErr::type_error(format!(
            "cast() argument 'format' must be str, not {}",
            f.type_name()
        ))
    })?;
    if !m.is_contiguous() {
        return Err(PyErr::type_error(
            "memoryview: casts are restricted to C-contiguous views",
        ));
    }
    let code = f.strip_prefix('@').unwrap_or(f);
    let format = match code {
        "B" => ItemFormat::UnsignedByte,
        "b" => ItemFormat::SignedByte,
        "c" => ItemFormat::Char,
        "h" | "H" | "i" | "I" | "l" | "L" | "q" | "Q" | "n" | "N" | "f" | "d" | "e" | "?" | "P" => {
            return Err(PyErr::new(
                &types::NOT_IMPLEMENTED_ERROR,
                format!(
                    "memoryview.cast(): format '{f}' is not supported by typhon \
                     (only the byte formats 'B', 'b' and 'c')"
                ),
            ));
        }
        _ => {
            return Err(PyErr::value_error(
                "memoryview: destination format must be a native single character format \
                 prefixed with an optional '@'",
            ));
        }
    };
    if let Some(shape) = got.get(1).copied().flatten() {
        let dims = ops::seq_items_checked(shape);
        let one_dim = matches!(dims.as_deref(), Some([Value::Int(n)]) if *n == m.len as i64);
        if !one_dim {
            return Err(PyErr::new(
                &types::NOT_IMPLEMENTED_ERROR,
                "memoryview.cast(): a shape other than the view's length is not supported by typhon",
            ));
        }
    }
    Ok(Value::Obj(MemoryViewObj::new_obj(
        m.base.clone(),
        m.start,
        m.len,
        m.step,
        m.readonly,
        format,
    )))
}

fn enter(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (o, _) = recv(&args)?;
    no_args(&args, "__enter__")?;
    Ok(Value::Obj(o.clone()))
}

fn exit(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let m = args
        .pos
        .first()
        .and_then(|v| v.downcast::<MemoryViewObj>())
        .ok_or_else(|| PyErr::type_error("descriptor requires a 'memoryview' object"))?;
    m.release();
    Ok(Value::None)
}

/// The address and length of a contiguous view's bytes, for a C buffer
/// export (`None`: the items are not contiguous). While a bytearray
/// exporter's export is held (the caller takes one with
/// `ByteArrayObj::export`), the address stays valid.
pub fn raw_window(m: &MemoryViewObj) -> PyResult<Option<(*mut u8, usize)>> {
    if m.is_released() {
        return Err(released());
    }
    if !m.is_contiguous() {
        return Ok(None);
    }
    let (base, total) = if let Some(b) = m.base.downcast::<BytesObj>() {
        (b.as_bytes().as_ptr().cast_mut(), b.as_bytes().len())
    } else if let Some(b) = m.base.downcast::<ByteArrayObj>() {
        (b.data_ptr()?, b.len())
    } else {
        return Err(gone());
    };
    if m.len > 0 && m.start.checked_add(m.len).is_none_or(|end| end > total) {
        return Err(gone());
    }
    Ok(Some((base.wrapping_add(m.start), m.len)))
}
