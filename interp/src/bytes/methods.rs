//! The methods `bytes` and `bytearray` share (CPython's `bytes_methods.c`
//! and the `stringlib` templates both types are built from), with each
//! method's own argument parsing and messages. A method's receiver is
//! `pos[0]`; what it returns takes the receiver's type ([`Flavor`]). An
//! exact `bytes` receiver that a method would copy unchanged is returned
//! itself, as CPython does.
//!
//! Arguments are converted (which may run Python code: `__index__`)
//! before the receiver's bytes are borrowed, so a bytearray is never
//! borrowed while Python code runs.

use super::{Buf, Flavor, buffer, index_value, need_buffer, slice_index, ssize};
use crate::methods::Table;
use crate::object::types::{self, Kind};
use crate::object::{Args, PyErr, PyResult, TupleObj, Value};
use crate::ops;
use crate::stdlib::{Sig, Style};
use crate::vm::Vm;

/// The methods of both types, then those of one (`$extra`).
macro_rules! table {
    ($($extra:expr),* $(,)?) => {
        &[
            ("capitalize", capitalize),
            ("center", center),
            ("count", count),
            ("decode", decode),
            ("endswith", endswith),
            ("expandtabs", expandtabs),
            ("find", find),
            ("fromhex", fromhex),
            ("hex", hex),
            ("index", index),
            ("isalnum", isalnum),
            ("isalpha", isalpha),
            ("isascii", isascii),
            ("isdigit", isdigit),
            ("islower", islower),
            ("isspace", isspace),
            ("istitle", istitle),
            ("isupper", isupper),
            ("join", join),
            ("ljust", ljust),
            ("lower", lower),
            ("lstrip", lstrip),
            ("maketrans", crate::translate::bytes_maketrans_bound),
            ("partition", partition),
            ("removeprefix", removeprefix),
            ("removesuffix", removesuffix),
            ("replace", replace),
            ("rfind", rfind),
            ("rindex", rindex),
            ("rjust", rjust),
            ("rpartition", rpartition),
            ("rsplit", rsplit),
            ("rstrip", rstrip),
            ("split", split),
            ("splitlines", splitlines),
            ("startswith", startswith),
            ("strip", strip),
            ("swapcase", swapcase),
            ("title", title),
            ("translate", crate::translate::bytes_translate),
            ("upper", upper),
            ("zfill", zfill),
            $($extra),*
        ]
    };
}

/// The methods of `bytes`.
pub static BYTES_METHODS: Table = table![];

/// The methods of `bytearray`: the shared ones and the mutations.
pub static BYTEARRAY_METHODS: Table = table![
    ("append", super::bytearray::append),
    ("clear", super::bytearray::clear),
    ("copy", super::bytearray::copy),
    ("extend", super::bytearray::extend),
    ("insert", super::bytearray::insert),
    ("pop", super::bytearray::pop),
    ("remove", super::bytearray::remove),
    ("reverse", super::bytearray::reverse),
    ("__alloc__", super::bytearray::alloc),
];

// ----- receivers and argument parsing ---------------------------------------------------

/// The receiver and its flavor.
pub(crate) fn recv<'a>(args: &Args<'a>) -> PyResult<(&'a Value, Flavor)> {
    args.pos
        .first()
        .and_then(|v| Flavor::of(v).map(|f| (v, f)))
        .ok_or_else(|| PyErr::type_error("descriptor requires a 'bytes' object"))
}

/// The arguments after the receiver.
fn rest<'a>(args: &Args<'a>) -> &'a [Value] {
    args.pos.get(1..).unwrap_or(&[])
}

/// CPython's "T.name() takes no keyword arguments".
fn no_kw(args: &Args<'_>, fl: Flavor, name: &str) -> PyResult<()> {
    if args.kw.is_empty() {
        Ok(())
    } else {
        Err(PyErr::type_error(format!(
            "{}.{name}() takes no keyword arguments",
            fl.name()
        )))
    }
}

/// A `METH_NOARGS` method's check.
pub(crate) fn no_args(args: &Args<'_>, fl: Flavor, name: &str) -> PyResult<()> {
    no_kw(args, fl, name)?;
    let n = rest(args).len();
    if n != 0 {
        return Err(PyErr::type_error(format!(
            "{}.{name}() takes no arguments ({n} given)",
            fl.name()
        )));
    }
    Ok(())
}

/// A `METH_O` method's check: its one argument.
pub(crate) fn one_arg<'a>(args: &Args<'a>, fl: Flavor, name: &str) -> PyResult<&'a Value> {
    no_kw(args, fl, name)?;
    match rest(args) {
        [v] => Ok(v),
        r => Err(PyErr::type_error(format!(
            "{}.{name}() takes exactly one argument ({} given)",
            fl.name(),
            r.len()
        ))),
    }
}

/// An Argument Clinic method with positional-only parameters: between
/// `min` and `max` arguments (`name expected at least 1 argument, got
/// 0`).
pub(crate) fn clinic_pos<'a>(
    args: &Args<'a>,
    fl: Flavor,
    name: &str,
    min: usize,
    max: usize,
) -> PyResult<&'a [Value]> {
    no_kw(args, fl, name)?;
    let r = rest(args);
    crate::stdlib::positional(&Args::positional(r), name, min, max)?;
    Ok(r)
}

/// A method parsed by `PyArg_ParseTuple` (`"O|OO:find"`): `find() takes
/// at least 1 argument (0 given)`.
fn parse_tuple<'a>(args: &Args<'a>, name: &str, min: usize, max: usize) -> PyResult<&'a [Value]> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "{name}() takes no keyword arguments"
        )));
    }
    let r = rest(args);
    let n = r.len();
    let plural = |k: usize| if k == 1 { "" } else { "s" };
    if n < min {
        return Err(PyErr::type_error(format!(
            "{name}() takes at least {min} argument{} ({n} given)",
            plural(min)
        )));
    }
    if n > max {
        return Err(PyErr::type_error(format!(
            "{name}() takes at most {max} argument{} ({n} given)",
            plural(max)
        )));
    }
    Ok(r)
}

/// An Argument Clinic method whose parameters may be given by keyword.
fn clinic_kw<'a>(
    args: &Args<'a>,
    name: &'static str,
    params: &'static [&'static str],
) -> PyResult<Vec<Option<&'a Value>>> {
    let sig = Sig {
        name,
        params,
        posonly: 0,
        required: 0,
        kwonly: &[],
        style: Style::C,
    };
    let a = Args {
        pos: rest(args),
        kw: args.kw,
    };
    crate::stdlib::parse(&a, &sig)
}

/// The receiver itself when it is an exact `bytes` (an unchanged result
/// CPython does not copy), else a new object of its type holding `b`.
fn same_or_copy(v: &Value, fl: Flavor, b: &[u8]) -> Value {
    if fl == Flavor::Bytes && v.is_type_exact(&types::BYTES) {
        v.clone()
    } else {
        fl.make_from(b)
    }
}

// ----- predicates and case ---------------------------------------------------------------

/// `Py_ISSPACE`: the ASCII whitespace bytes.
pub fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

fn pred(args: &Args<'_>, name: &str, f: fn(&[u8]) -> bool) -> PyResult<Value> {
    let (v, fl) = recv(args)?;
    no_args(args, fl, name)?;
    Ok(Value::Bool(f(&need_buffer(v)?)))
}

fn all_of(b: &[u8], f: fn(&u8) -> bool) -> bool {
    !b.is_empty() && b.iter().all(f)
}

fn isalnum(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pred(&args, "isalnum", |b| all_of(b, u8::is_ascii_alphanumeric))
}

fn isalpha(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pred(&args, "isalpha", |b| all_of(b, u8::is_ascii_alphabetic))
}

fn isascii(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pred(&args, "isascii", |b| b.is_ascii())
}

fn isdigit(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pred(&args, "isdigit", |b| all_of(b, u8::is_ascii_digit))
}

fn isspace(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pred(&args, "isspace", |b| all_of(b, |c| is_space(*c)))
}

fn islower(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pred(&args, "islower", |b| {
        b.iter().any(u8::is_ascii_lowercase) && !b.iter().any(u8::is_ascii_uppercase)
    })
}

fn isupper(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pred(&args, "isupper", |b| {
        b.iter().any(u8::is_ascii_uppercase) && !b.iter().any(u8::is_ascii_lowercase)
    })
}

fn istitle(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pred(&args, "istitle", |b| {
        let (mut cased, mut prev_cased) = (false, false);
        for c in b {
            if c.is_ascii_uppercase() {
                if prev_cased {
                    return false;
                }
                prev_cased = true;
                cased = true;
            } else if c.is_ascii_lowercase() {
                if !prev_cased {
                    return false;
                }
                prev_cased = true;
                cased = true;
            } else {
                prev_cased = false;
            }
        }
        cased
    })
}

fn transform(args: &Args<'_>, name: &str, f: fn(&[u8]) -> Vec<u8>) -> PyResult<Value> {
    let (v, fl) = recv(args)?;
    no_args(args, fl, name)?;
    let out = f(&need_buffer(v)?);
    Ok(fl.make(out))
}

fn lower(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    transform(&args, "lower", <[u8]>::to_ascii_lowercase)
}

fn upper(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    transform(&args, "upper", <[u8]>::to_ascii_uppercase)
}

fn swapcase(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    transform(&args, "swapcase", |b| {
        b.iter()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    })
}

fn capitalize(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    transform(&args, "capitalize", |b| {
        b.iter()
            .enumerate()
            .map(|(i, c)| {
                if i == 0 {
                    c.to_ascii_uppercase()
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .collect()
    })
}

fn title(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    transform(&args, "title", |b| {
        let mut prev_cased = false;
        b.iter()
            .map(|&c| {
                if c.is_ascii_lowercase() {
                    let out = if prev_cased {
                        c
                    } else {
                        c.to_ascii_uppercase()
                    };
                    prev_cased = true;
                    out
                } else if c.is_ascii_uppercase() {
                    let out = if prev_cased {
                        c.to_ascii_lowercase()
                    } else {
                        c
                    };
                    prev_cased = true;
                    out
                } else {
                    prev_cased = false;
                    c
                }
            })
            .collect()
    })
}

// ----- padding ------------------------------------------------------------------------

/// The fill byte of `center`/`ljust`/`rjust`: a bytes or bytearray of
/// length 1.
fn fill_byte(v: &Value, name: &str) -> PyResult<u8> {
    if matches!(v.kind(), Kind::BYTES | Kind::BYTEARRAY)
        && let Some(Ok(b)) = buffer(v)
        && let [c] = *b
    {
        return Ok(c);
    }
    Err(PyErr::type_error(format!(
        "{name}() argument 2 must be a byte string of length 1, not {}",
        v.type_name()
    )))
}

/// `center`, `ljust` (`align` '<') and `rjust` ('>').
fn pad(vm: &mut Vm, args: &Args<'_>, name: &str, align: char) -> PyResult<Value> {
    let (v, fl) = recv(args)?;
    let r = clinic_pos(args, fl, name, 1, 2)?;
    let width = ssize(vm, &r[0])?;
    let fill = match r.get(1) {
        Some(f) => fill_byte(f, name)?,
        None => b' ',
    };
    let b = need_buffer(v)?;
    let n = b.len() as i64;
    if width <= n {
        return Ok(same_or_copy(v, fl, &b));
    }
    let marg = width - n;
    let left = match align {
        '<' => 0,
        '>' => marg,
        _ => marg / 2 + (marg & width & 1),
    };
    let mut out = super::room(width as usize)?;
    out.resize(left as usize, fill);
    out.extend_from_slice(&b);
    out.resize(width as usize, fill);
    drop(b);
    Ok(fl.make(out))
}

fn center(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pad(vm, &args, "center", '^')
}

fn ljust(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pad(vm, &args, "ljust", '<')
}

fn rjust(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pad(vm, &args, "rjust", '>')
}

fn zfill(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (v, fl) = recv(&args)?;
    let w = one_arg(&args, fl, "zfill")?;
    let width = ssize(vm, w)?;
    let b = need_buffer(v)?;
    if width <= b.len() as i64 {
        return Ok(same_or_copy(v, fl, &b));
    }
    let fill = width as usize - b.len();
    let mut out = super::room(width as usize)?;
    out.resize(fill, b'0');
    out.extend_from_slice(&b);
    if let Some(&sign @ (b'+' | b'-')) = b.first() {
        out[0] = sign;
        out[fill] = b'0';
    }
    drop(b);
    Ok(fl.make(out))
}

fn expandtabs(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (v, fl) = recv(&args)?;
    let got = clinic_kw(&args, "expandtabs", &["tabsize"])?;
    let tab = match got.first().copied().flatten() {
        Some(t) => ssize(vm, t)?,
        None => 8,
    };
    let b = need_buffer(v)?;
    let mut out = Vec::with_capacity(b.len());
    let mut col: i64 = 0;
    for &c in b.iter() {
        if c == b'\t' {
            if tab > 0 {
                let incr = tab - col % tab;
                if out.len() as u64 + incr as u64 > ops::memory_ceiling() as u64 {
                    return Err(PyErr::overflow("result too long"));
                }
                out.extend(std::iter::repeat_n(b' ', incr as usize));
                col += incr;
            }
        } else {
            out.push(c);
            col += 1;
            if c == b'\n' || c == b'\r' {
                col = 0;
            }
        }
    }
    drop(b);
    Ok(fl.make(out))
}

// ----- searching --------------------------------------------------------------------------

/// The first position of `n` in `h[start..end]` (absolute), if any.
pub fn find_in(h: &[u8], n: &[u8], start: usize, end: usize) -> Option<usize> {
    let end = end.min(h.len());
    if start > end || end - start < n.len() {
        return None;
    }
    if n.is_empty() {
        return Some(start);
    }
    h[start..end]
        .windows(n.len())
        .position(|w| w == n)
        .map(|i| i + start)
}

/// The last position of `n` in `h[start..end]` (absolute), if any.
pub fn rfind_in(h: &[u8], n: &[u8], start: usize, end: usize) -> Option<usize> {
    let end = end.min(h.len());
    if start > end || end - start < n.len() {
        return None;
    }
    if n.is_empty() {
        return Some(end);
    }
    h[start..end]
        .windows(n.len())
        .rposition(|w| w == n)
        .map(|i| i + start)
}

/// `ADJUST_INDICES`: start and end against a length (the start may end
/// up past the end).
pub fn adjust(start: Option<i64>, end: Option<i64>, len: usize) -> (usize, usize) {
    let len = len as i64;
    let end = match end {
        None => len,
        Some(e) if e > len => len,
        Some(e) if e < 0 => (e.saturating_add(len)).max(0),
        Some(e) => e,
    };
    let start = match start {
        None => 0,
        Some(s) if s < 0 => (s.saturating_add(len)).max(0),
        Some(s) => s,
    };
    (start as usize, end as usize)
}

/// The sub-sequence argument of `find`/`count`/`index` and their
/// `r`-forms: bytes-like, or an int byte.
fn needle(vm: &mut Vm, v: &Value) -> PyResult<Vec<u8>> {
    if let Some(b) = buffer(v) {
        return Ok(b?.to_vec());
    }
    if !super::has_index(v) {
        return Err(PyErr::type_error(format!(
            "argument should be integer or bytes-like object, not '{}'",
            v.type_name()
        )));
    }
    match super::ssize_clipped(vm, v)? {
        i @ 0..=255 => Ok(vec![i as u8]),
        _ => Err(PyErr::value_error("byte must be in range(0, 256)")),
    }
}

/// The parsed arguments of the search methods: needle, start, end.
fn search_args(
    vm: &mut Vm,
    args: &Args<'_>,
    name: &str,
) -> PyResult<(Vec<u8>, Option<i64>, Option<i64>)> {
    let r = parse_tuple(args, name, 1, 3)?;
    let n = needle(vm, &r[0])?;
    let start = slice_index(vm, r.get(1))?;
    let end = slice_index(vm, r.get(2))?;
    Ok((n, start, end))
}

/// `find`/`rfind` (`rev`), as a position or -1.
fn find_impl(vm: &mut Vm, args: &Args<'_>, name: &str, rev: bool) -> PyResult<i64> {
    let (v, _) = recv(args)?;
    let (n, start, end) = search_args(vm, args, name)?;
    let b = need_buffer(v)?;
    let (s, e) = adjust(start, end, b.len());
    let at = if rev {
        rfind_in(&b, &n, s, e)
    } else {
        find_in(&b, &n, s, e)
    };
    Ok(at.map_or(-1, |i| i as i64))
}

fn find(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    find_impl(vm, &args, "find", false).map(Value::Int)
}

fn rfind(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    find_impl(vm, &args, "rfind", true).map(Value::Int)
}

fn index(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    match find_impl(vm, &args, "index", false)? {
        -1 => Err(PyErr::value_error("subsection not found")),
        i => Ok(Value::Int(i)),
    }
}

fn rindex(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    match find_impl(vm, &args, "rindex", true)? {
        -1 => Err(PyErr::value_error("subsection not found")),
        i => Ok(Value::Int(i)),
    }
}

fn count(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (v, _) = recv(&args)?;
    let (n, start, end) = search_args(vm, &args, "count")?;
    let b = need_buffer(v)?;
    let (s, e) = adjust(start, end, b.len());
    if s > e || e - s < n.len() {
        return Ok(Value::Int(0));
    }
    if n.is_empty() {
        return Ok(Value::Int((e - s + 1) as i64));
    }
    let (mut i, mut c) = (s, 0);
    while let Some(at) = find_in(&b, &n, i, e) {
        c += 1;
        i = at + n.len();
    }
    Ok(Value::Int(c))
}

/// CPython's `tailmatch`: whether `sub` is at the start (or end) of
/// `b[start..end]`.
fn tailmatch(b: &[u8], sub: &[u8], start: Option<i64>, end: Option<i64>, prefix: bool) -> bool {
    let (s, e) = adjust(start, end, b.len());
    let (len, slen) = (b.len(), sub.len());
    if prefix {
        if s + slen > len {
            return false;
        }
        if e < s || e - s < slen {
            return false;
        }
        b.get(s..s + slen) == Some(sub)
    } else {
        if e < s || e - s < slen || s > len {
            return false;
        }
        let at = e - slen;
        b.get(at..e) == Some(sub)
    }
}

fn affix(vm: &mut Vm, args: &Args<'_>, name: &str, prefix: bool) -> PyResult<Value> {
    let (v, _) = recv(args)?;
    let r = parse_tuple(args, name, 1, 3)?;
    let start = slice_index(vm, r.get(1))?;
    let end = slice_index(vm, r.get(2))?;
    let subs: Vec<Vec<u8>> = if let Some(t) = r[0].downcast::<TupleObj>() {
        let mut subs = Vec::with_capacity(t.items.len());
        for x in t.items.iter() {
            subs.push(need_buffer(x)?.to_vec());
        }
        subs
    } else {
        match buffer(&r[0]) {
            Some(b) => vec![b?.to_vec()],
            None => {
                return Err(PyErr::type_error(format!(
                    "{name} first arg must be bytes or a tuple of bytes, not {}",
                    r[0].type_name()
                )));
            }
        }
    };
    let b = need_buffer(v)?;
    Ok(Value::Bool(
        subs.iter().any(|s| tailmatch(&b, s, start, end, prefix)),
    ))
}

fn startswith(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    affix(vm, &args, "startswith", true)
}

fn endswith(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    affix(vm, &args, "endswith", false)
}

// ----- joining and splitting -----------------------------------------------------------------

fn join(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (v, fl) = recv(&args)?;
    let src = one_arg(&args, fl, "join")?;
    let items = match src.kind() {
        Kind::LIST | Kind::TUPLE => ops::seq_items(src),
        _ => match ops::get_iter(vm, src) {
            Ok(_) => ops::collect(vm, src)?,
            Err(e) if e.matches(types::TYPE_ERROR.get()) => {
                return Err(PyErr::type_error("can only join an iterable"));
            }
            Err(e) => return Err(e),
        },
    };
    let mut parts: Vec<Buf<'_>> = Vec::with_capacity(items.len());
    for (i, x) in items.iter().enumerate() {
        match buffer(x) {
            Some(b) => parts.push(b?),
            None => {
                return Err(PyErr::type_error(format!(
                    "sequence item {i}: expected a bytes-like object, {} found",
                    x.type_name()
                )));
            }
        }
    }
    let sep = need_buffer(v)?;
    let total = parts.iter().map(|p| p.len()).fold(
        sep.len().saturating_mul(parts.len().saturating_sub(1)),
        usize::saturating_add,
    );
    let mut out = super::room(total)?;
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(&sep);
        }
        out.extend_from_slice(p);
    }
    drop((sep, parts));
    Ok(fl.make(out))
}

/// The `sep` and `maxsplit` of `split`/`rsplit`: the separator's bytes
/// (`None`: runs of whitespace) and the most splits (`usize::MAX`: no
/// limit).
fn split_args(
    vm: &mut Vm,
    args: &Args<'_>,
    name: &'static str,
) -> PyResult<(Option<Vec<u8>>, usize)> {
    let got = clinic_kw(args, name, &["sep", "maxsplit"])?;
    let sep = match got.first().copied().flatten() {
        None | Some(Value::None) => None,
        Some(s) => {
            let s = need_buffer(s)?.to_vec();
            if s.is_empty() {
                return Err(PyErr::value_error("empty separator"));
            }
            Some(s)
        }
    };
    let max = match got.get(1).copied().flatten() {
        Some(m) => ssize(vm, m)?,
        None => -1,
    };
    Ok((sep, if max < 0 { usize::MAX } else { max as usize }))
}

/// `b.split(sep, max)` as slices.
pub fn split_slices<'b>(b: &'b [u8], sep: Option<&[u8]>, max: usize) -> Vec<&'b [u8]> {
    let mut parts = Vec::new();
    match sep {
        None => {
            let mut i = 0;
            while i < b.len() {
                while i < b.len() && is_space(b[i]) {
                    i += 1;
                }
                if i >= b.len() {
                    break;
                }
                if parts.len() == max {
                    parts.push(&b[i..]);
                    break;
                }
                let start = i;
                while i < b.len() && !is_space(b[i]) {
                    i += 1;
                }
                parts.push(&b[start..i]);
            }
        }
        Some(sep) => {
            let mut start = 0;
            while parts.len() < max {
                match find_in(b, sep, start, b.len()) {
                    Some(at) => {
                        parts.push(&b[start..at]);
                        start = at + sep.len();
                    }
                    None => break,
                }
            }
            parts.push(&b[start..]);
        }
    }
    parts
}

/// `b.rsplit(sep, max)` as slices, first to last.
fn rsplit_slices<'b>(b: &'b [u8], sep: Option<&[u8]>, max: usize) -> Vec<&'b [u8]> {
    let mut parts = Vec::new();
    match sep {
        None => {
            let mut i = b.len();
            while i > 0 {
                while i > 0 && is_space(b[i - 1]) {
                    i -= 1;
                }
                if i == 0 {
                    break;
                }
                if parts.len() == max {
                    parts.push(&b[..i]);
                    break;
                }
                let end = i;
                while i > 0 && !is_space(b[i - 1]) {
                    i -= 1;
                }
                parts.push(&b[i..end]);
            }
        }
        Some(sep) => {
            let mut end = b.len();
            while parts.len() < max {
                match rfind_in(b, sep, 0, end) {
                    Some(at) => {
                        parts.push(&b[at + sep.len()..end]);
                        end = at;
                    }
                    None => break,
                }
            }
            parts.push(&b[..end]);
        }
    }
    parts.reverse();
    parts
}

/// The parts as a list of the receiver's type (an exact `bytes` not
/// split at all is the one part).
fn parts_list(v: &Value, fl: Flavor, whole: usize, parts: &[&[u8]]) -> Value {
    Value::list(
        parts
            .iter()
            .map(|p| {
                if p.len() == whole {
                    same_or_copy(v, fl, p)
                } else {
                    fl.make_from(p)
                }
            })
            .collect(),
    )
}

fn split(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (v, fl) = recv(&args)?;
    let (sep, max) = split_args(vm, &args, "split")?;
    let b = need_buffer(v)?;
    let parts = split_slices(&b, sep.as_deref(), max);
    Ok(parts_list(v, fl, b.len(), &parts))
}

fn rsplit(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (v, fl) = recv(&args)?;
    let (sep, max) = split_args(vm, &args, "rsplit")?;
    let b = need_buffer(v)?;
    let parts = rsplit_slices(&b, sep.as_deref(), max);
    Ok(parts_list(v, fl, b.len(), &parts))
}

fn partition_impl(args: &Args<'_>, name: &str, rev: bool) -> PyResult<Value> {
    let (v, fl) = recv(args)?;
    let sep_obj = one_arg(args, fl, name)?;
    let sep = need_buffer(sep_obj)?.to_vec();
    if sep.is_empty() {
        return Err(PyErr::value_error("empty separator"));
    }
    let b = need_buffer(v)?;
    let at = if rev {
        rfind_in(&b, &sep, 0, b.len())
    } else {
        find_in(&b, &sep, 0, b.len())
    };
    let empty = || fl.make(Vec::new());
    let items = match at {
        // A bytes receiver gives back the separator object it was given.
        Some(i) => vec![
            fl.make_from(&b[..i]),
            match fl {
                Flavor::Bytes => sep_obj.clone(),
                Flavor::ByteArray => fl.make_from(&sep),
            },
            fl.make_from(&b[i + sep.len()..]),
        ],
        None if rev => vec![empty(), empty(), same_or_copy(v, fl, &b)],
        None => vec![same_or_copy(v, fl, &b), empty(), empty()],
    };
    Ok(Value::tuple(items))
}

fn partition(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    partition_impl(&args, "partition", false)
}

fn rpartition(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    partition_impl(&args, "rpartition", true)
}

fn splitlines(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (v, fl) = recv(&args)?;
    let got = clinic_kw(&args, "splitlines", &["keepends"])?;
    let keep = match got.first().copied().flatten() {
        Some(k) => match index_value(vm, k)? {
            Value::Int(i) => i != 0,
            Value::Bool(b) => b,
            _ => true,
        },
        None => false,
    };
    let b = need_buffer(v)?;
    let mut parts = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        while i < b.len() && b[i] != b'\n' && b[i] != b'\r' {
            i += 1;
        }
        let mut eol = i;
        if i < b.len() {
            if b[i] == b'\r' && b.get(i + 1) == Some(&b'\n') {
                i += 2;
            } else {
                i += 1;
            }
            if keep {
                eol = i;
            }
        }
        parts.push(&b[start..eol]);
    }
    Ok(parts_list(v, fl, b.len(), &parts))
}

// ----- replacing and stripping ---------------------------------------------------------------

/// `b.replace(old, new, count)` (`count` < 0: all).
pub fn replaced(b: &[u8], old: &[u8], new: &[u8], count: i64) -> PyResult<Vec<u8>> {
    let mut left = if count < 0 {
        usize::MAX
    } else {
        count as usize
    };
    let mut out = Vec::with_capacity(b.len());
    if old.is_empty() {
        for (i, &c) in b.iter().enumerate() {
            if left > 0 {
                out.extend_from_slice(new);
                left -= 1;
            } else {
                out.extend_from_slice(&b[i..]);
                return Ok(out);
            }
            out.push(c);
        }
        if left > 0 {
            out.extend_from_slice(new);
        }
        return Ok(out);
    }
    let mut i = 0;
    while left > 0 {
        match find_in(b, old, i, b.len()) {
            Some(at) => {
                out.extend_from_slice(&b[i..at]);
                out.extend_from_slice(new);
                if out.len() > ops::memory_ceiling() {
                    return Err(PyErr::no_memory());
                }
                i = at + old.len();
                left -= 1;
            }
            None => break,
        }
    }
    out.extend_from_slice(&b[i..]);
    Ok(out)
}

fn replace(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (v, fl) = recv(&args)?;
    let r = clinic_pos(&args, fl, "replace", 2, 3)?;
    let old = need_buffer(&r[0])?.to_vec();
    let new = need_buffer(&r[1])?.to_vec();
    let count = match r.get(2) {
        Some(c) => ssize(vm, c)?,
        None => -1,
    };
    let b = need_buffer(v)?;
    let out = replaced(&b, &old, &new, count)?;
    if out[..] == b[..] {
        return Ok(same_or_copy(v, fl, &b));
    }
    drop(b);
    Ok(fl.make(out))
}

fn strip_impl(args: &Args<'_>, name: &str, left: bool, right: bool) -> PyResult<Value> {
    let (v, fl) = recv(args)?;
    let r = clinic_pos(args, fl, name, 0, 1)?;
    let set: Option<Vec<u8>> = match r.first() {
        None | Some(Value::None) => None,
        Some(s) => Some(need_buffer(s)?.to_vec()),
    };
    let strip = |c: u8| match &set {
        Some(s) => s.contains(&c),
        None => is_space(c),
    };
    let b = need_buffer(v)?;
    let (mut s, mut e) = (0, b.len());
    if left {
        while s < e && strip(b[s]) {
            s += 1;
        }
    }
    if right {
        while e > s && strip(b[e - 1]) {
            e -= 1;
        }
    }
    Ok(if e - s == b.len() {
        same_or_copy(v, fl, &b)
    } else {
        fl.make_from(&b[s..e])
    })
}

fn strip(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    strip_impl(&args, "strip", true, true)
}

fn lstrip(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    strip_impl(&args, "lstrip", true, false)
}

fn rstrip(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    strip_impl(&args, "rstrip", false, true)
}

fn remove_affix(args: &Args<'_>, name: &str, prefix: bool) -> PyResult<Value> {
    let (v, fl) = recv(args)?;
    let a = one_arg(args, fl, name)?;
    let a = need_buffer(a)?.to_vec();
    let b = need_buffer(v)?;
    let rest = if prefix {
        b.strip_prefix(a.as_slice())
    } else {
        b.strip_suffix(a.as_slice())
    };
    Ok(match rest {
        Some(r) if !a.is_empty() => fl.make_from(r),
        _ => same_or_copy(v, fl, &b),
    })
}

fn removeprefix(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    remove_affix(&args, "removeprefix", true)
}

fn removesuffix(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    remove_affix(&args, "removesuffix", false)
}

// ----- decoding and hex -----------------------------------------------------------------------

fn decode(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (v, _) = recv(&args)?;
    let (enc, errs) = crate::methods::codec_args(&args, "decode")?;
    let b = need_buffer(v)?;
    Ok(Value::string(crate::methods::with_handler(errs, |e| {
        crate::codec::decode(&b, enc, e)
    })?))
}

/// `hex(sep, bytes_per_sep)` of `data` (CPython's `_Py_strhex_impl`).
pub fn hex_string(
    vm: &mut Vm,
    data: &[u8],
    sep: Option<&Value>,
    per: Option<&Value>,
) -> PyResult<String> {
    let digits = |out: &mut String, c: u8| {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        out.push(HEX[(c >> 4) as usize] as char);
        out.push(HEX[(c & 15) as usize] as char);
    };
    let sep_char = match sep {
        None => None,
        Some(s) => {
            if ops::len(vm, s)? != 1 {
                return Err(PyErr::value_error("sep must be length 1."));
            }
            let c = if let Some(t) = s.as_str() {
                t.chars().next().map_or(0, |c| c as u32)
            } else if let Some(b) = s.downcast::<crate::object::BytesObj>() {
                b.as_bytes().first().copied().unwrap_or(0) as u32
            } else {
                return Err(PyErr::type_error("sep must be str or bytes."));
            };
            if c > 127 {
                return Err(PyErr::value_error("sep must be ASCII."));
            }
            Some(c as u8 as char)
        }
    };
    let per = match per {
        Some(p) => ssize(vm, p)?,
        None => 1,
    };
    let mut out = String::with_capacity(data.len() * 3);
    let (Some(sep), false) = (sep_char, per == 0 || data.is_empty()) else {
        for &c in data {
            digits(&mut out, c);
        }
        return Ok(out);
    };
    let group = per.unsigned_abs() as usize;
    // Groups count from the right for a positive `bytes_per_sep`, from
    // the left for a negative one.
    let first = if per > 0 && !data.len().is_multiple_of(group) {
        data.len() % group
    } else {
        group
    };
    let mut in_group = 0;
    let mut limit = first;
    for (i, &c) in data.iter().enumerate() {
        if i > 0 && in_group == limit {
            out.push(sep);
            in_group = 0;
            limit = group;
        }
        digits(&mut out, c);
        in_group += 1;
    }
    Ok(out)
}

fn hex(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (v, _) = recv(&args)?;
    let got = clinic_kw(&args, "hex", &["sep", "bytes_per_sep"])?;
    let data = need_buffer(v)?.to_vec();
    let s = hex_string(
        vm,
        &data,
        got.first().copied().flatten(),
        got.get(1).copied().flatten(),
    )?;
    Ok(Value::string(s))
}

/// `bytes.fromhex(string)` / `bytearray.fromhex(string)`, a class
/// method: `pos[0]` is the type it was reached through, or an instance.
pub fn fromhex(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let fl = match args.pos.first() {
        Some(t)
            if t.as_obj()
                .and_then(|o| o.as_type())
                .is_some_and(|t| t.kind() == Kind::BYTEARRAY) =>
        {
            Flavor::ByteArray
        }
        Some(v) => Flavor::of(v).unwrap_or(Flavor::Bytes),
        None => Flavor::Bytes,
    };
    let s = one_arg(&args, fl, "fromhex")?;
    let s = s.as_str().ok_or_else(|| {
        PyErr::type_error(format!(
            "fromhex() argument must be str, not {}",
            s.type_name()
        ))
    })?;
    let chars = s.as_bytes();
    let mut out = Vec::with_capacity(chars.len() / 2);
    let mut i = 0;
    // Positions are counted in characters; only ASCII is valid, so the
    // first non-ASCII byte is where the error is.
    let pos = |byte: usize| s[..byte.min(s.len())].chars().count();
    while i < chars.len() {
        if is_space(chars[i]) {
            i += 1;
            continue;
        }
        let hi = (chars[i] as char)
            .to_digit(16)
            .filter(|_| chars[i].is_ascii());
        let Some(hi) = hi else {
            return Err(PyErr::value_error(format!(
                "non-hexadecimal number found in fromhex() arg at position {}",
                pos(i)
            )));
        };
        let lo = chars
            .get(i + 1)
            .filter(|c| c.is_ascii())
            .and_then(|&c| (c as char).to_digit(16));
        let Some(lo) = lo else {
            return Err(PyErr::value_error(format!(
                "non-hexadecimal number found in fromhex() arg at position {}",
                pos(i + 1)
            )));
        };
        out.push((hi * 16 + lo) as u8);
        i += 2;
    }
    Ok(fl.make(out))
}
