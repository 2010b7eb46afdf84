//! `_struct`, the native half of `struct` (CPython 3.11's `_struct.c`):
//! `pack`, `unpack`, `calcsize`, `pack_into`, `unpack_from` and `error`.
//! `struct` itself (`stdlib/py/struct.py`) adds the `Struct` class and
//! `iter_unpack` on top of these.
//!
//! A format is parsed into items with their offsets as CPython's
//! `prepare_s` does (native sizes and alignment for `@`, standard sizes
//! and no alignment for `= < > !`). CPython packs with three families of
//! functions whose range errors are worded differently: the native ones
//! (`byte format requires …`, `'i' format requires …`), and the
//! little- and big-endian standard ones (`'h' format requires …`, `int too
//! large to convert`); on a host of the same byte order the standard table
//! borrows the native functions where the sizes agree (not for `l`/`L`,
//! whose standard size is 4). [`Flavor`] says which family packs an item.

use super::{Sig, Style, parse};
use crate::bytes::need_buffer;
use crate::object::types::{self, Kind};
use crate::object::{
    Args, Builtin, BytesObj, DictObj, ExcObj, ObjRef, PyErr, PyResult, SliceObj, Value,
};
use crate::ops;
use crate::vm::Vm;
use num_bigint::BigInt;

/// Fills the `_struct` module.
pub fn fill(d: &DictObj) -> PyResult<()> {
    let f = |n: &'static str, f: crate::object::NativeFn| Value::Obj(Builtin::new_obj(n, f, None));
    d.set_str("pack", f("pack", pack));
    d.set_str("unpack", f("unpack", unpack));
    d.set_str("calcsize", f("calcsize", calcsize));
    d.set_str("pack_into", f("pack_into", pack_into));
    d.set_str("unpack_from", f("unpack_from", unpack_from));
    d.set_str("_clearcache", f("_clearcache", clearcache));
    let ns = DictObj::new_obj();
    if let Some(nd) = ns.downcast::<DictObj>() {
        nd.set_str("__module__", Value::str("struct"));
    }
    let cls = crate::classes::new_class("error", vec![ObjRef::from_static(&types::EXCEPTION)], ns)?;
    d.set_str("error", Value::Obj(cls));
    Ok(())
}

/// A `struct.error` with `msg` (a `ValueError` should the module's
/// `error` be gone).
fn error(vm: &Vm, msg: impl Into<String>) -> PyErr {
    let msg = msg.into();
    let cls = vm
        .imported("_struct")
        .and_then(|m| {
            m.downcast::<crate::object::ModuleObj>().and_then(|m| {
                m.dict
                    .downcast::<DictObj>()
                    .and_then(|d| d.get_str("error"))
            })
        })
        .and_then(|c| c.as_obj().cloned());
    match cls.and_then(|c| ExcObj::new_of_type(&c, vec![Value::string(msg.clone())])) {
        Some(e) => PyErr(e),
        None => PyErr::value_error(msg),
    }
}

/// How a format lays its items out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// `@`: native sizes and alignment, native byte order.
    Native,
    /// `=`, `<`: standard sizes, little-endian.
    Little,
    /// `>`, `!`: standard sizes, big-endian.
    Big,
}

/// Which of CPython's families of pack functions packs an item (their
/// errors differ; see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flavor {
    Native,
    Standard,
}

/// One item of a format: its code, its count (the length of `s` and
/// `p`, else how many values of the code follow each other), its offset
/// and the size of one value.
#[derive(Clone, Copy)]
struct Item {
    code: u8,
    count: usize,
    offset: usize,
    size: usize,
}

/// A parsed format.
struct Layout {
    mode: Mode,
    items: Vec<Item>,
    size: usize,
    /// How many values it packs.
    nargs: usize,
}

/// The size of `code` in `mode` (`None`: not a format character there).
fn size_of(code: u8, mode: Mode) -> Option<usize> {
    Some(match code {
        b'x' | b'c' | b'b' | b'B' | b'?' | b's' | b'p' => 1,
        b'h' | b'H' | b'e' => 2,
        b'i' | b'I' | b'f' => 4,
        b'q' | b'Q' | b'd' => 8,
        b'l' | b'L' => {
            if mode == Mode::Native {
                std::mem::size_of::<std::ffi::c_long>()
            } else {
                4
            }
        }
        b'n' | b'N' | b'P' if mode == Mode::Native => std::mem::size_of::<usize>(),
        _ => return None,
    })
}

/// The format argument's text: a str or bytes, else CPython's TypeError.
fn format_text(fmt: &Value) -> PyResult<Vec<u8>> {
    if let Some(s) = fmt.as_str() {
        return Ok(s.as_bytes().to_vec());
    }
    if fmt.kind() == Kind::BYTES
        && let Some(b) = fmt.downcast::<BytesObj>()
    {
        return Ok(b.as_bytes().to_vec());
    }
    Err(PyErr::type_error(format!(
        "Struct() argument 1 must be a str or bytes object, not {}",
        fmt.type_name()
    )))
}

/// CPython's `prepare_s`: the items of format `fmt`.
fn layout(vm: &Vm, fmt: &Value) -> PyResult<Layout> {
    let text = format_text(fmt)?;
    let (mode, body) = match text.first() {
        Some(b'@') => (Mode::Native, text.get(1..).unwrap_or(&[])),
        Some(b'=') if cfg!(target_endian = "little") => {
            (Mode::Little, text.get(1..).unwrap_or(&[]))
        }
        Some(b'=') => (Mode::Big, text.get(1..).unwrap_or(&[])),
        Some(b'<') => (Mode::Little, text.get(1..).unwrap_or(&[])),
        Some(b'>' | b'!') => (Mode::Big, text.get(1..).unwrap_or(&[])),
        _ => (Mode::Native, &text[..]),
    };
    let too_long = || error(vm, "total struct size too long");
    let mut items = Vec::new();
    let mut size: usize = 0;
    let mut nargs = 0;
    let mut i = 0;
    while let Some(&c) = body.get(i) {
        i += 1;
        if c.is_ascii_whitespace() {
            continue;
        }
        let (count, code) = if c.is_ascii_digit() {
            let mut n = usize::from(c - b'0');
            let mut next = None;
            while let Some(&d) = body.get(i) {
                i += 1;
                if d.is_ascii_digit() {
                    n = n
                        .checked_mul(10)
                        .and_then(|n| n.checked_add(usize::from(d - b'0')))
                        .ok_or_else(too_long)?;
                } else {
                    next = Some(d);
                    break;
                }
            }
            match next {
                Some(d) => (n, d),
                None => return Err(error(vm, "repeat count given without format specifier")),
            }
        } else {
            (1, c)
        };
        let one = size_of(code, mode).ok_or_else(|| error(vm, "bad char in struct format"))?;
        if mode == Mode::Native {
            size = size.checked_next_multiple_of(one).ok_or_else(too_long)?;
        }
        match code {
            b's' | b'p' => {
                items.push(Item {
                    code,
                    count,
                    offset: size,
                    size: one,
                });
                nargs += 1;
                size = size.checked_add(count).ok_or_else(too_long)?;
            }
            b'x' => size = size.checked_add(count).ok_or_else(too_long)?,
            _ => {
                let total = count.checked_mul(one).ok_or_else(too_long)?;
                // One run of `count` values (expanded by `Layout::slots`,
                // so that `calcsize('1000000000i')` costs nothing).
                items.push(Item {
                    code,
                    count,
                    offset: size,
                    size: one,
                });
                nargs += count;
                size = size.checked_add(total).ok_or_else(too_long)?;
            }
        }
        if size > isize::MAX as usize {
            return Err(too_long());
        }
    }
    Ok(Layout {
        mode,
        items,
        size,
        nargs,
    })
}

impl Layout {
    /// Which family of functions packs `code` (see [`Flavor`]).
    fn flavor(&self, code: u8) -> Flavor {
        let host_little = cfg!(target_endian = "little");
        match self.mode {
            Mode::Native => Flavor::Native,
            _ if matches!(code, b'b' | b'B') => Flavor::Native,
            Mode::Little if host_little && !matches!(code, b'l' | b'L') => Flavor::Native,
            Mode::Big if !host_little && !matches!(code, b'l' | b'L') => Flavor::Native,
            _ => Flavor::Standard,
        }
    }

    /// The format's values one by one, each as an item of count 1 (`s`
    /// and `p` keep their length).
    fn slots(&self) -> impl Iterator<Item = Item> + '_ {
        self.items.iter().flat_map(|it| {
            let string = matches!(it.code, b's' | b'p');
            let reps = if string { 1 } else { it.count };
            (0..reps).map(move |k| Item {
                code: it.code,
                count: if string { it.count } else { 1 },
                offset: it.offset + k * it.size,
                size: it.size,
            })
        })
    }

    /// Whether values are written little-endian.
    fn little(&self) -> bool {
        match self.mode {
            Mode::Native => cfg!(target_endian = "little"),
            Mode::Little => true,
            Mode::Big => false,
        }
    }
}

/// CPython's `get_pylong`: an int, through `__index__`, else
/// `required argument is not an integer`.
fn get_int(vm: &mut Vm, v: &Value) -> PyResult<BigInt> {
    let i = if v.is_int() {
        v.clone()
    } else if crate::dunder::special(v, "__index__").is_some() {
        crate::dunder::as_index(vm, v)?
    } else {
        return Err(error(vm, "required argument is not an integer"));
    };
    i.to_bigint()
        .ok_or_else(|| error(vm, "required argument is not an integer"))
}

/// `'c' format requires lo <= number <= hi` (`_range_error`).
fn range_error(vm: &Vm, code: u8, size: usize, unsigned: bool) -> PyErr {
    let bits = size * 8;
    let c = code as char;
    if unsigned {
        let hi = if bits >= 128 {
            u128::MAX
        } else {
            (1u128 << bits) - 1
        };
        error(vm, format!("'{c}' format requires 0 <= number <= {hi}"))
    } else {
        let hi = (1i128 << (bits - 1)) - 1;
        error(
            vm,
            format!("'{c}' format requires {} <= number <= {hi}", -hi - 1),
        )
    }
}

/// The integer to pack for item `it`, checked as the function CPython
/// uses for it checks it, as the `size` low bytes of a two's complement
/// value.
fn int_value(vm: &mut Vm, lay: &Layout, it: &Item, v: &Value) -> PyResult<i128> {
    let n = get_int(vm, v)?;
    let out_of_range = |vm: &Vm| error(vm, "argument out of range");
    let as_i64 = i64::try_from(&n).ok();
    let as_u64 = u64::try_from(&n).ok();
    let code = it.code;
    let flavor = lay.flavor(code);
    match code {
        b'b' | b'B' | b'h' | b'H' if flavor == Flavor::Native => {
            let x = as_i64.ok_or_else(|| out_of_range(vm))?;
            let (lo, hi, name) = match code {
                b'b' => (-128, 127, "byte"),
                b'B' => (0, 255, "ubyte"),
                b'h' => (-32768, 32767, "short"),
                _ => (0, 65535, "ushort"),
            };
            if x < lo || x > hi {
                return Err(error(
                    vm,
                    format!("{name} format requires {lo} <= number <= {hi}"),
                ));
            }
            Ok(i128::from(x))
        }
        b'P' => match (as_i64, as_u64) {
            (Some(x), _) => Ok(i128::from(x)),
            (_, Some(x)) => Ok(i128::from(x)),
            _ => Err(error(vm, "int too large to convert")),
        },
        b'h' | b'i' | b'l' | b'q' | b'n' => {
            let x = match as_i64 {
                Some(x) => x,
                None if flavor == Flavor::Standard && it.size == 8 => {
                    return Err(error(vm, "int too large to convert"));
                }
                None => return Err(out_of_range(vm)),
            };
            let bits = it.size * 8;
            if bits < 64 && (x < -(1i64 << (bits - 1)) || x >= (1i64 << (bits - 1))) {
                return Err(range_error(vm, code, it.size, false));
            }
            Ok(i128::from(x))
        }
        _ => {
            // H (standard), I, L, Q, N
            let x = match as_u64 {
                Some(x) => x,
                None if flavor == Flavor::Standard && it.size == 8 => {
                    return Err(error(vm, "int too large to convert"));
                }
                None => return Err(out_of_range(vm)),
            };
            let bits = it.size * 8;
            if bits < 64 && x >= (1u64 << bits) {
                return Err(range_error(vm, code, it.size, true));
            }
            Ok(i128::from(x))
        }
    }
}

/// A float argument (`required argument is not a float` for anything
/// `float()` of a C function refuses).
fn float_value(vm: &mut Vm, v: &Value) -> PyResult<f64> {
    ops::float_arg(vm, v).map_err(|_| error(vm, "required argument is not a float"))
}

/// CPython's `PyFloat_Pack2`: the IEEE half-precision bits of `x`,
/// rounded to nearest even.
fn half_bits(x: f64) -> PyResult<u16> {
    let sign: u16 = if x.is_sign_negative() { 0x8000 } else { 0 };
    if x.is_nan() {
        return Ok(sign | 0x7e00);
    }
    let a = x.abs();
    if a.is_infinite() {
        return Ok(sign | 0x7c00);
    }
    let too_large = || PyErr::overflow("float too large to pack with e format");
    let bits = if a < 2f64.powi(-14) {
        // Subnormal (or zero): units of 2**-24; rounding up to 1024 is the
        // smallest normal number, which the same bits spell.
        (a * 2f64.powi(24)).round_ties_even() as u32
    } else {
        let e = ((a.to_bits() >> 52) & 0x7ff) as i32 - 1023;
        let frac = (a / 2f64.powi(e) - 1.0) * 1024.0;
        let f = frac.round_ties_even() as u32;
        (((e + 15) as u32) << 10) + f
    };
    if bits >= 0x7c00 {
        return Err(too_large());
    }
    Ok(sign | bits as u16)
}

/// The value of half-precision bits `h`.
fn half_value(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = i32::from((h >> 10) & 0x1f);
    let f = f64::from(h & 0x3ff);
    sign * match e {
        0 => f * 2f64.powi(-24),
        31 if f == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1.0 + f / 1024.0) * 2f64.powi(e - 15),
    }
}

/// Packs `values` by `lay` into `out` (`lay.size` bytes, zeroed).
fn pack_values(vm: &mut Vm, lay: &Layout, values: &[Value], out: &mut [u8]) -> PyResult<()> {
    let little = lay.little();
    for (it, v) in lay.slots().zip(values) {
        let it = &it;
        let len = if matches!(it.code, b's' | b'p') {
            it.count
        } else {
            it.size
        };
        let Some(dst) = out.get_mut(it.offset..it.offset + len) else {
            return Err(PyErr::new(&types::SYSTEM_ERROR, "struct: bad layout"));
        };
        let put = |dst: &mut [u8], bytes: &[u8]| {
            let n = dst.len().min(bytes.len());
            if little {
                dst[..n].copy_from_slice(&bytes[..n]);
            } else {
                dst[..n].copy_from_slice(&bytes[bytes.len() - n..]);
            }
        };
        match it.code {
            b'c' => {
                let b = (v.kind() == Kind::BYTES)
                    .then(|| v.downcast::<BytesObj>())
                    .flatten()
                    .filter(|b| b.as_bytes().len() == 1)
                    .ok_or_else(|| error(vm, "char format requires a bytes object of length 1"))?;
                dst.copy_from_slice(b.as_bytes());
            }
            b's' | b'p' => {
                if !matches!(v.kind(), Kind::BYTES | Kind::BYTEARRAY) {
                    return Err(error(
                        vm,
                        format!("argument for '{}' must be a bytes object", it.code as char),
                    ));
                }
                let data = need_buffer(v)?;
                if it.code == b's' {
                    let n = data.len().min(dst.len());
                    dst[..n].copy_from_slice(&data[..n]);
                } else if let Some((first, rest)) = dst.split_first_mut() {
                    let n = data.len().min(rest.len());
                    rest[..n].copy_from_slice(&data[..n]);
                    *first = n.min(255) as u8;
                }
            }
            b'?' => {
                let b = u8::from(ops::truthy(vm, v)?);
                dst.fill(b);
            }
            b'e' => {
                let x = float_value(vm, v)?;
                let h = half_bits(x)?;
                if little {
                    dst.copy_from_slice(&h.to_le_bytes());
                } else {
                    dst.copy_from_slice(&h.to_be_bytes());
                }
            }
            b'f' => {
                let x = float_value(vm, v)?;
                let y = x as f32;
                if lay.mode != Mode::Native && y.is_infinite() && x.is_finite() {
                    return Err(PyErr::overflow("float too large to pack with f format"));
                }
                let b = if little {
                    y.to_le_bytes()
                } else {
                    y.to_be_bytes()
                };
                dst.copy_from_slice(&b);
            }
            b'd' => {
                let x = float_value(vm, v)?;
                let b = if little {
                    x.to_le_bytes()
                } else {
                    x.to_be_bytes()
                };
                dst.copy_from_slice(&b);
            }
            _ => {
                let x = int_value(vm, lay, it, v)?;
                if little {
                    put(dst, &x.to_le_bytes());
                } else {
                    put(dst, &x.to_be_bytes());
                }
            }
        }
    }
    Ok(())
}

/// The values of `data` (exactly `lay.size` bytes) as `lay` reads them.
fn unpack_values(lay: &Layout, data: &[u8]) -> PyResult<Value> {
    let little = lay.little();
    let mut out = Vec::with_capacity(lay.nargs.min(data.len()));
    for it in lay.slots() {
        let len = if matches!(it.code, b's' | b'p') {
            it.count
        } else {
            it.size
        };
        let Some(src) = data.get(it.offset..it.offset + len) else {
            return Err(PyErr::new(&types::SYSTEM_ERROR, "struct: bad layout"));
        };
        let mut raw = [0u8; 8];
        let mut word = |signed: bool| -> i128 {
            raw = [0; 8];
            if little {
                raw[..src.len()].copy_from_slice(src);
            } else {
                let mut r = src.to_vec();
                r.reverse();
                raw[..src.len()].copy_from_slice(&r);
            }
            let u = u64::from_le_bytes(raw);
            let bits = src.len() * 8;
            if signed && bits < 64 && u & (1 << (bits - 1)) != 0 {
                i128::from(u) - (1i128 << bits)
            } else if signed {
                i128::from(u as i64)
            } else {
                i128::from(u)
            }
        };
        let v = match it.code {
            b'c' => Value::Obj(BytesObj::new_obj(src)),
            b's' => Value::Obj(BytesObj::new_obj(src)),
            b'p' => {
                let n = src
                    .first()
                    .map_or(0, |&n| usize::from(n).min(it.count.saturating_sub(1)));
                Value::Obj(BytesObj::new_obj(src.get(1..1 + n).unwrap_or(&[])))
            }
            b'?' => Value::Bool(src.iter().any(|&b| b != 0)),
            b'e' => Value::Float(half_value(word(false) as u16)),
            b'f' => Value::Float(f64::from(f32::from_bits(word(false) as u32))),
            b'd' => Value::Float(f64::from_bits(word(false) as u64)),
            b'b' | b'h' | b'i' | b'l' | b'q' | b'n' => Value::Int(word(true) as i64),
            _ => {
                let u = word(false);
                match i64::try_from(u) {
                    Ok(i) => Value::Int(i),
                    Err(_) => Value::from_bigint(BigInt::from(u)),
                }
            }
        };
        out.push(v);
    }
    Ok(Value::tuple(out))
}

/// The format argument of the variadic functions (`missing format
/// argument`).
fn first<'a>(args: &Args<'a>, name: &str) -> PyResult<&'a Value> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "_struct.{name}() takes no keyword arguments"
        )));
    }
    args.pos
        .first()
        .ok_or_else(|| PyErr::type_error("missing format argument"))
}

/// `pack(format, *values)`.
fn pack(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let fmt = first(&args, "pack")?;
    let lay = layout(vm, fmt)?;
    let values = args.pos.get(1..).unwrap_or(&[]);
    if values.len() != lay.nargs {
        return Err(error(
            vm,
            format!(
                "pack expected {} items for packing (got {})",
                lay.nargs,
                values.len()
            ),
        ));
    }
    let mut out = crate::bytes::room(lay.size)?;
    out.resize(lay.size, 0);
    pack_values(vm, &lay, values, &mut out)?;
    Ok(Value::Obj(BytesObj::new_obj(&out)))
}

/// Whether `v` is a writable buffer (`pack_into`'s first argument).
fn writable(vm: &mut Vm, v: &Value) -> PyResult<bool> {
    Ok(match v.kind() {
        Kind::BYTEARRAY => true,
        Kind::MEMORYVIEW => {
            let ro = vm.getattr(v, "readonly")?;
            !ops::truthy(vm, &ro)?
        }
        _ => false,
    })
}

/// `pack_into(format, buffer, offset, *values)`.
fn pack_into(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let fmt = first(&args, "pack_into")?;
    let lay = layout(vm, fmt)?;
    let Some(buf) = args.pos.get(1) else {
        return Err(error(vm, "pack_into expected buffer argument"));
    };
    let Some(off) = args.pos.get(2) else {
        return Err(error(vm, "pack_into expected offset argument"));
    };
    let values = args.pos.get(3..).unwrap_or(&[]);
    if values.len() != lay.nargs {
        return Err(error(
            vm,
            format!(
                "pack_into expected {} items for packing (got {})",
                lay.nargs,
                values.len()
            ),
        ));
    }
    if !writable(vm, buf)? {
        return Err(PyErr::type_error(format!(
            "argument must be read-write bytes-like object, not {}",
            buf.type_name()
        )));
    }
    let mut offset = crate::bytes::ssize(vm, off)?;
    let len = need_buffer(buf)?.len() as i64;
    let size = lay.size as i64;
    if offset < 0 {
        if offset + size > 0 {
            return Err(error(
                vm,
                format!("no space to pack {size} bytes at offset {offset}"),
            ));
        }
        if offset + len < 0 {
            return Err(error(
                vm,
                format!("offset {offset} out of range for {len}-byte buffer"),
            ));
        }
        offset += len;
    }
    if len - offset < size {
        return Err(error(
            vm,
            format!(
                "pack_into requires a buffer of at least {} bytes for packing {size} bytes at offset {offset} (actual buffer size is {len})",
                size + offset
            ),
        ));
    }
    let mut out = vec![0u8; lay.size];
    pack_values(vm, &lay, values, &mut out)?;
    let slice = Value::Obj(SliceObj::new_obj(
        Value::Int(offset),
        Value::Int(offset + size),
        Value::None,
    ));
    ops::setitem(vm, buf, &slice, Value::Obj(BytesObj::new_obj(&out)))?;
    Ok(Value::None)
}

/// `unpack(format, buffer)`.
fn unpack(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(
            "_struct.unpack() takes no keyword arguments",
        ));
    }
    let [fmt, buf] = args.pos else {
        return Err(PyErr::type_error(format!(
            "unpack expected 2 arguments, got {}",
            args.pos.len()
        )));
    };
    let lay = layout(vm, fmt)?;
    let data = need_buffer(buf)?;
    if data.len() != lay.size {
        return Err(error(
            vm,
            format!("unpack requires a buffer of {} bytes", lay.size),
        ));
    }
    unpack_values(&lay, &data)
}

/// `unpack_from(format, /, buffer, offset=0)`.
fn unpack_from(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    if args.pos.is_empty() {
        return Err(PyErr::type_error(
            "unpack_from() takes at least 1 positional argument (0 given)",
        ));
    }
    let p = parse(
        &args,
        &Sig {
            name: "unpack_from",
            params: &["format", "buffer", "offset"],
            posonly: 1,
            required: 2,
            kwonly: &[],
            style: Style::C,
        },
    )?;
    let (Some(fmt), Some(buf)) = (p[0], p[1]) else {
        return Err(PyErr::type_error("unpack_from() missing required argument"));
    };
    let lay = layout(vm, fmt)?;
    let mut offset = match p[2] {
        Some(v) => crate::bytes::ssize(vm, v)?,
        None => 0,
    };
    let data = need_buffer(buf)?;
    let len = data.len() as i64;
    let size = lay.size as i64;
    if offset < 0 {
        if offset + len < 0 {
            return Err(error(
                vm,
                format!("offset {offset} out of range for {len}-byte buffer"),
            ));
        }
        if offset + size > 0 {
            return Err(error(
                vm,
                format!("not enough data to unpack {size} bytes at offset {offset}"),
            ));
        }
        offset += len;
    }
    if len - offset < size {
        return Err(error(
            vm,
            format!(
                "unpack_from requires a buffer of at least {} bytes for unpacking {size} bytes at offset {offset} (actual buffer size is {len})",
                size + offset
            ),
        ));
    }
    let start = usize::try_from(offset).unwrap_or(0);
    let window = data.get(start..start + lay.size).unwrap_or(&[]);
    unpack_values(&lay, window)
}

/// `calcsize(format)`.
fn calcsize(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(
            "_struct.calcsize() takes no keyword arguments",
        ));
    }
    let [fmt] = args.pos else {
        return Err(PyErr::type_error(format!(
            "_struct.calcsize() takes exactly one argument ({} given)",
            args.pos.len()
        )));
    };
    let lay = layout(vm, fmt)?;
    Ok(Value::Int(lay.size as i64))
}

/// `_clearcache()`: there is no cache of parsed formats.
fn clearcache(_vm: &mut Vm, _args: Args<'_>) -> PyResult<Value> {
    Ok(Value::None)
}
