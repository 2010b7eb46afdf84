//! The mutations of `bytearray` (CPython's `bytearrayobject.c`): item and
//! slice assignment and deletion, and the methods that change it. Every
//! change of length goes through `ByteArrayObj::resize`, which refuses
//! it while views (memoryviews, and later C buffers) are alive.

use super::methods::{clinic_pos, no_args, one_arg, recv};
use super::{Flavor, buffer, byte_value, ssize};
use crate::dunder;
use crate::object::types::{self, Kind};
use crate::object::{Args, ByteArrayObj, ObjRef, PyErr, PyResult, SliceObj, Value};
use crate::ops;
use crate::vm::Vm;

/// The receiver, which must be a bytearray.
fn recv_array<'a>(args: &Args<'a>) -> PyResult<(&'a Value, &'a ByteArrayObj)> {
    let (v, _) = recv(args)?;
    let ba = v
        .downcast::<ByteArrayObj>()
        .ok_or_else(|| PyErr::type_error("descriptor requires a 'bytearray' object"))?;
    Ok((v, ba))
}

/// `bytearray.append(item)`.
pub fn append(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, ba) = recv_array(&args)?;
    let x = one_arg(&args, Flavor::ByteArray, "append")?;
    let c = byte_value(vm, x)?;
    let n = ba.len() + 1;
    ba.resize(n, |d| {
        d.try_reserve(1).map_err(|_| PyErr::no_memory())?;
        d.push(c);
        Ok(())
    })??;
    Ok(Value::None)
}

/// The bytes of an iterable of ints, for `extend` (CPython's message for
/// what cannot be iterated).
fn ints_of(vm: &mut Vm, src: &Value) -> PyResult<Vec<u8>> {
    let it = match ops::get_iter(vm, src) {
        Ok(it) => it,
        Err(e) if e.matches(types::TYPE_ERROR.get()) => {
            return Err(PyErr::type_error(format!(
                "can't extend bytearray with {}",
                src.type_name()
            )));
        }
        Err(e) => return Err(e),
    };
    let mut out = Vec::new();
    while let Some(x) = ops::iter_next(vm, &it)? {
        let c = byte_value(vm, &x)?;
        out.try_reserve(1).map_err(|_| PyErr::no_memory())?;
        out.push(c);
    }
    Ok(out)
}

/// `bytearray.extend(iterable_of_ints)`: the items are all read before
/// the bytearray changes (it may be the bytearray itself).
pub fn extend(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, ba) = recv_array(&args)?;
    let src = one_arg(&args, Flavor::ByteArray, "extend")?;
    let data = match buffer(src) {
        Some(b) => b?.to_vec(),
        None => ints_of(vm, src)?,
    };
    let n = ba.len().saturating_add(data.len());
    ba.resize(n, |d| {
        d.try_reserve(data.len()).map_err(|_| PyErr::no_memory())?;
        d.extend_from_slice(&data);
        Ok(())
    })??;
    Ok(Value::None)
}

/// `bytearray.insert(index, item)`.
pub fn insert(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, ba) = recv_array(&args)?;
    let r = clinic_pos(&args, Flavor::ByteArray, "insert", 2, 2)?;
    let at = ssize(vm, &r[0])?;
    let c = byte_value(vm, &r[1])?;
    let n = ba.len() as i64;
    let at = if at < 0 { (at + n).max(0) } else { at.min(n) } as usize;
    ba.resize(n as usize + 1, |d| {
        d.try_reserve(1).map_err(|_| PyErr::no_memory())?;
        d.insert(at, c);
        Ok(())
    })??;
    Ok(Value::None)
}

/// `bytearray.pop(index=-1)`.
pub fn pop(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, ba) = recv_array(&args)?;
    let r = clinic_pos(&args, Flavor::ByteArray, "pop", 0, 1)?;
    let i = match r.first() {
        Some(i) => ssize(vm, i)?,
        None => -1,
    };
    let n = ba.len();
    if n == 0 {
        return Err(PyErr::index_error("pop from empty bytearray"));
    }
    let k = if i < 0 { i + n as i64 } else { i };
    if k < 0 || k >= n as i64 {
        return Err(PyErr::index_error("pop index out of range"));
    }
    let c = ba.resize(n - 1, |d| d.remove(k as usize))?;
    Ok(Value::Int(c as i64))
}

/// `bytearray.remove(value)`.
pub fn remove(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, ba) = recv_array(&args)?;
    let x = one_arg(&args, Flavor::ByteArray, "remove")?;
    let c = byte_value(vm, x)?;
    let at = ba.read()?.iter().position(|&b| b == c);
    let Some(at) = at else {
        return Err(PyErr::value_error("value not found in bytearray"));
    };
    ba.resize(ba.len() - 1, |d| d.remove(at))?;
    Ok(Value::None)
}

/// `bytearray.clear()`.
pub fn clear(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, ba) = recv_array(&args)?;
    no_args(&args, Flavor::ByteArray, "clear")?;
    ba.resize(0, Vec::clear)?;
    Ok(Value::None)
}

/// `bytearray.copy()`.
pub fn copy(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, ba) = recv_array(&args)?;
    no_args(&args, Flavor::ByteArray, "copy")?;
    Ok(Value::Obj(ByteArrayObj::new_obj(ba.to_vec()?)))
}

/// `bytearray.reverse()`: in place (allowed while views are alive).
pub fn reverse(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, ba) = recv_array(&args)?;
    no_args(&args, Flavor::ByteArray, "reverse")?;
    ba.write()?.reverse();
    Ok(Value::None)
}

/// `bytearray.__alloc__()`: the bytes allocated (one more than the
/// capacity, for CPython's trailing NUL).
pub fn alloc(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, ba) = recv_array(&args)?;
    no_args(&args, Flavor::ByteArray, "__alloc__")?;
    let cap = ba.read()?.capacity();
    Ok(Value::Int(cap as i64 + 1))
}

/// CPython's `PyNumber_Check`: an int, float or complex, or an instance
/// of a class with `__index__`, `__int__` or `__float__`.
fn is_number(v: &Value) -> bool {
    matches!(
        v.kind(),
        Kind::INT | Kind::BOOL | Kind::FLOAT | Kind::COMPLEX
    ) || (dunder::is_py(v)
        && ["__index__", "__int__", "__float__"]
            .iter()
            .any(|n| dunder::special(v, n).is_some()))
}

/// `ba[key] = value` (`Some`) or `del ba[key]` (`None`), after CPython's
/// `bytearray_ass_subscript`.
pub fn setitem(vm: &mut Vm, o: &ObjRef, key: &Value, value: Option<&Value>) -> PyResult<()> {
    let Some(ba) = o.downcast::<ByteArrayObj>() else {
        return Err(PyErr::new(&types::SYSTEM_ERROR, "not a bytearray"));
    };
    let (start, stop, step, count) = if let Some(i) = ops::to_index(key) {
        let i = i?;
        // The value is checked before the index (its `__index__` may
        // change the bytearray).
        let c = match value {
            Some(v) => Some(byte_value(vm, v)?),
            None => None,
        };
        let n = ba.len() as i64;
        let k = if i < 0 { i + n } else { i };
        if k < 0 || k >= n {
            return Err(PyErr::index_error("bytearray index out of range"));
        }
        match c {
            Some(c) => {
                let mut d = ba.write()?;
                if let Some(slot) = d.get_mut(k as usize) {
                    *slot = c;
                }
                return Ok(());
            }
            None => (k, k + 1, 1, 1),
        }
    } else if let Some(s) = key.downcast::<SliceObj>() {
        ops::slice_indices(s, ba.len() as i64)?
    } else {
        return Err(PyErr::type_error(format!(
            "bytearray indices must be integers or slices, not {}",
            key.type_name()
        )));
    };
    let data: Vec<u8> = match value {
        None => Vec::new(),
        Some(v) => match v.downcast::<ByteArrayObj>() {
            Some(src) if !v.as_obj().is_some_and(|x| x.ptr_eq(o)) => src.to_vec()?,
            _ => {
                if is_number(v) || v.kind() == Kind::STR {
                    return Err(PyErr::type_error(
                        "can assign only bytes, buffers, or iterables of ints in range(0, 256)",
                    ));
                }
                let r = super::new_bytearray(vm, Args::positional(std::slice::from_ref(v)))?;
                r.downcast::<ByteArrayObj>()
                    .map(ByteArrayObj::to_vec)
                    .transpose()?
                    .unwrap_or_default()
            }
        },
    };
    // Slice assignment reads the slice again against the current length:
    // the conversion above may have run Python code.
    let len = ba.len() as i64;
    let clamp = |i: i64| i.clamp(0, len);
    let stop = if (step < 0 && start < stop) || (step > 0 && start > stop) {
        start
    } else {
        stop
    };
    if step == 1 {
        let (lo, hi) = (clamp(start) as usize, clamp(stop.max(start)) as usize);
        let new_len = (len as usize - (hi - lo)).saturating_add(data.len());
        return ba.resize(new_len, |d| {
            d.splice(lo..hi, data);
        });
    }
    let positions: Vec<usize> = (0..count)
        .filter_map(|k| usize::try_from(start + k * step).ok())
        .filter(|&i| (i as i64) < len)
        .collect();
    if data.is_empty() {
        let new_len = len as usize - positions.len();
        return ba.resize(new_len, |d| {
            let mut drop_at = positions.clone();
            drop_at.sort_unstable();
            let mut next = drop_at.iter().peekable();
            let mut i = 0;
            d.retain(|_| {
                let gone = next.peek().is_some_and(|&&p| p == i);
                if gone {
                    next.next();
                }
                i += 1;
                !gone
            });
        });
    }
    if data.len() != positions.len() {
        return Err(PyErr::value_error(format!(
            "attempt to assign bytes of size {} to extended slice of size {count}",
            data.len()
        )));
    }
    let mut d = ba.write()?;
    for (&p, &c) in positions.iter().zip(&data) {
        if let Some(slot) = d.get_mut(p) {
            *slot = c;
        }
    }
    Ok(())
}
