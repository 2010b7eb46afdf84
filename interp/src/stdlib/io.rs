//! `io`: the in-memory streams `StringIO` and `BytesIO` (CPython 3.11's
//! `_io.StringIO` and `_io.BytesIO`), `UnsupportedOperation`, `open` and
//! the `SEEK_*` constants.
//!
//! A `StringIO` keeps its text as code points (`Vec<char>`), so positions
//! count characters as CPython's do; a `BytesIO` keeps bytes. Both may be
//! positioned past their end (a later write pads with NULs). Newline
//! handling follows the `newline` argument as CPython's `StringIO` does:
//! `None` translates `\r\n` and `\r` to `\n` on write, `''` keeps them but
//! lines end at any of the three, `'\r'` and `'\r\n'` turn each written
//! `\n` into that and end lines there. `newlines` reports the kinds of line
//! ends written when `newline` is `None` or `''`.
//!
//! The messages follow the C code that raises them: `StringIO`'s own
//! methods say "I/O operation on closed file" (no period), the methods it
//! inherits from `IOBase` (`readlines`, `writelines`, `isatty`,
//! `__enter__`, `__iter__`) and all of `BytesIO`'s say it with a period.
//! Left out: subclassing these types, `getbuffer`, `readinto`, pickling,
//! an instance `__dict__`, and the `IOBase`/`TextIOBase` class hierarchy.

use super::{Sig, Style, parse, ssize_arg};
use crate::object::types::{self, Kind};
use crate::object::{Args, Builtin, BytesObj, DictObj, NativeFn, PyErr, PyResult, Value};
use crate::ops;
use crate::vm::Vm;
use abi::{ObjRef, StaticType};
use std::cell::RefCell;

/// `_io.StringIO`
pub static STRING_IO: StaticType =
    types::native_type::<StringIo>(c"_io.StringIO", &types::OBJECT, Kind::STRINGIO);
/// `_io.BytesIO`
pub static BYTES_IO: StaticType =
    types::native_type::<BytesIo>(c"_io.BytesIO", &types::OBJECT, Kind::BYTESIO);

/// The constructors, by type.
pub static CONSTRUCTORS: &[(&StaticType, NativeFn)] =
    &[(&STRING_IO, new_string_io), (&BYTES_IO, new_bytes_io)];

/// How a `StringIO` treats line ends (its `newline` argument).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Newline {
    /// `None`: `\r\n` and `\r` written become `\n`.
    Translate,
    /// `''`: nothing translated; a line ends at `\n`, `\r` or `\r\n`.
    Universal,
    /// `'\n'` (the default): nothing translated; lines end at `\n`.
    Lf,
    /// `'\r'`: `\n` written becomes `\r`; lines end at `\r`.
    Cr,
    /// `'\r\n'`: `\n` written becomes `\r\n`; lines end at `\r\n`.
    CrLf,
}

/// The kinds of line end seen (`newlines`), as CPython's newline
/// decoder's bits.
const SEEN_LF: u8 = 1;
const SEEN_CR: u8 = 2;
const SEEN_CRLF: u8 = 4;

struct TextState {
    buf: Vec<char>,
    pos: usize,
    closed: bool,
    seen: u8,
}

/// An `io.StringIO`.
pub struct StringIo {
    newline: Newline,
    state: RefCell<TextState>,
}

struct ByteState {
    buf: Vec<u8>,
    pos: usize,
    closed: bool,
}

/// An `io.BytesIO`.
pub struct BytesIo {
    state: RefCell<ByteState>,
}

/// The methods of a `StringIO`.
pub static STRING_IO_METHODS: &[(&str, NativeFn)] = &[
    ("read", s_read),
    ("readline", s_readline),
    ("readlines", s_readlines),
    ("write", s_write),
    ("writelines", s_writelines),
    ("getvalue", s_getvalue),
    ("seek", s_seek),
    ("tell", s_tell),
    ("truncate", s_truncate),
    ("close", s_close),
    ("flush", s_flush),
    ("readable", s_readable),
    ("writable", s_writable),
    ("seekable", s_seekable),
    ("isatty", s_isatty),
    ("fileno", s_fileno),
    ("detach", s_detach),
    ("__enter__", s_enter),
    ("__exit__", s_exit),
    ("__iter__", s_iter),
    ("__next__", s_next),
];

/// The methods of a `BytesIO`.
pub static BYTES_IO_METHODS: &[(&str, NativeFn)] = &[
    ("read", b_read),
    ("read1", b_read1),
    ("readline", b_readline),
    ("readlines", b_readlines),
    ("write", b_write),
    ("writelines", b_writelines),
    ("getvalue", b_getvalue),
    ("seek", b_seek),
    ("tell", b_tell),
    ("truncate", b_truncate),
    ("close", b_close),
    ("flush", b_flush),
    ("readable", b_readable),
    ("writable", b_writable),
    ("seekable", b_seekable),
    ("isatty", b_isatty),
    ("fileno", b_fileno),
    ("__enter__", b_enter),
    ("__exit__", b_exit),
    ("__iter__", b_iter),
    ("__next__", b_next),
];

/// Fills the `io` module.
pub fn fill(d: &DictObj) {
    d.set_str("StringIO", Value::from_type(&STRING_IO));
    d.set_str("BytesIO", Value::from_type(&BYTES_IO));
    d.set_str(
        "UnsupportedOperation",
        Value::from_type(&types::UNSUPPORTED_OPERATION),
    );
    d.set_str(
        "open",
        Value::Obj(Builtin::new_obj("open", super::files::open, None)),
    );
    d.set_str("SEEK_SET", Value::Int(0));
    d.set_str("SEEK_CUR", Value::Int(1));
    d.set_str("SEEK_END", Value::Int(2));
    d.set_str("DEFAULT_BUFFER_SIZE", Value::Int(8192));
}

// ----- shared helpers ----------------------------------------------------------------

/// `I/O operation on closed file`: with a period from `IOBase` and
/// `BytesIO`, without from `StringIO`'s own methods.
fn closed_error(period: bool) -> PyErr {
    PyErr::value_error(if period {
        "I/O operation on closed file."
    } else {
        "I/O operation on closed file"
    })
}

fn unsupported(what: &str) -> PyErr {
    PyErr::new(&types::UNSUPPORTED_OPERATION, what.to_owned())
}

/// A method taking no arguments (`METH_NOARGS`): `qual` is
/// `Type.method`.
fn noargs(args: &Args<'_>, qual: &str) -> PyResult<()> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "{qual}() takes no keyword arguments"
        )));
    }
    let n = args.pos.len().saturating_sub(1);
    if n != 0 {
        return Err(PyErr::type_error(format!(
            "{qual}() takes no arguments ({n} given)"
        )));
    }
    Ok(())
}

/// A method taking one argument (`METH_O`).
fn onearg<'a>(args: &Args<'a>, qual: &str) -> PyResult<&'a Value> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "{qual}() takes no keyword arguments"
        )));
    }
    match args.pos {
        [_, v] => Ok(v),
        _ => Err(PyErr::type_error(format!(
            "{qual}() takes exactly one argument ({} given)",
            args.pos.len().saturating_sub(1)
        ))),
    }
}

/// The arguments after the receiver of a method whose arguments are
/// positional only (Argument Clinic's checks and messages).
fn positional<'a>(
    args: &Args<'a>,
    qual: &str,
    name: &str,
    min: usize,
    max: usize,
) -> PyResult<&'a [Value]> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "{qual}() takes no keyword arguments"
        )));
    }
    let rest = args.pos.get(1..).unwrap_or(&[]);
    let n = rest.len();
    let s = |k: usize| if k == 1 { "" } else { "s" };
    if n < min {
        return Err(PyErr::type_error(format!(
            "{name} expected at least {min} argument{}, got {n}",
            s(min)
        )));
    }
    if n > max {
        return Err(PyErr::type_error(format!(
            "{name} expected at most {max} argument{}, got {n}",
            s(max)
        )));
    }
    Ok(rest)
}

/// `_Py_convert_optional_to_ssize_t`: an integer (through `__index__`)
/// or None (-1).
fn optional_size(vm: &mut Vm, v: Option<&Value>) -> PyResult<i64> {
    let Some(v) = v else {
        return Ok(-1);
    };
    if matches!(v, Value::None) {
        return Ok(-1);
    }
    if !v.is_int() && crate::dunder::special(v, "__index__").is_none() {
        return Err(PyErr::type_error(format!(
            "argument should be integer or None, not '{}'",
            v.type_name()
        )));
    }
    let i = crate::dunder::as_index(vm, v)?;
    match i {
        Value::Int(n) => Ok(n),
        Value::Bool(b) => Ok(b as i64),
        _ => Err(PyErr::overflow(format!(
            "cannot fit '{}' into an index-sized integer",
            v.type_name()
        ))),
    }
}

/// The `whence` argument of `seek`: a C `int`.
fn whence_arg(vm: &mut Vm, v: Option<&Value>) -> PyResult<i64> {
    let Some(v) = v else {
        return Ok(0);
    };
    let w = match ssize_arg(vm, v) {
        Ok(w) => w,
        Err(e) if e.matches(types::OVERFLOW_ERROR.get()) => {
            return Err(PyErr::overflow("Python int too large to convert to C int"));
        }
        Err(e) => return Err(e),
    };
    if i32::try_from(w).is_err() {
        return Err(PyErr::overflow("Python int too large to convert to C int"));
    }
    Ok(w)
}

/// The receiver of a method of `ty`, CPython's error if it is not one.
fn receiver<'a, T: 'static>(args: &Args<'a>, name: &str, ty: &str) -> PyResult<&'a T> {
    match args.pos.first() {
        Some(v) => v.downcast::<T>().ok_or_else(|| {
            PyErr::type_error(format!(
                "descriptor '{name}' for '{ty}' objects doesn't apply to a '{}' object",
                v.type_name()
            ))
        }),
        None => Err(PyErr::type_error(format!(
            "unbound method {}.{name}() needs an argument",
            ty.rsplit('.').next().unwrap_or(ty)
        ))),
    }
}

/// A position or length as an index into a buffer (they never exceed
/// what the buffer can hold, which `try_reserve` checked).
fn room<T>(buf: &mut Vec<T>, upto: usize) -> PyResult<()> {
    if upto > buf.len() {
        buf.try_reserve(upto - buf.len())
            .map_err(|_| PyErr::no_memory())?;
    }
    Ok(())
}

/// Writes `data` at `pos` in `buf`, padding with `fill` if `pos` is past
/// the end; returns the new position.
fn write_at<T: Copy>(buf: &mut Vec<T>, pos: usize, data: &[T], fill: T) -> PyResult<usize> {
    let end = pos
        .checked_add(data.len())
        .ok_or_else(|| PyErr::overflow("new position too large"))?;
    room(buf, end)?;
    if pos > buf.len() {
        buf.resize(pos, fill);
    }
    let overlap = buf.len().saturating_sub(pos).min(data.len());
    let (over, tail) = data.split_at(overlap);
    if let Some(dst) = buf.get_mut(pos..pos + overlap) {
        dst.copy_from_slice(over);
    }
    buf.extend_from_slice(tail);
    Ok(end)
}

// ----- StringIO -----------------------------------------------------------------------

/// `StringIO(initial_value='', newline='\n')`.
fn new_string_io(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &Sig {
            name: "StringIO",
            params: &["initial_value", "newline"],
            posonly: 0,
            required: 0,
            kwonly: &[],
            style: Style::C,
        },
    )?;
    let newline = match p[1] {
        None => Newline::Lf,
        Some(Value::None) => Newline::Translate,
        Some(v) => match v.as_str() {
            Some("") => Newline::Universal,
            Some("\n") => Newline::Lf,
            Some("\r") => Newline::Cr,
            Some("\r\n") => Newline::CrLf,
            Some(_) => {
                return Err(PyErr::value_error(format!(
                    "illegal newline value: {}",
                    crate::format::str_repr(v.as_str().unwrap_or(""))
                )));
            }
            None => {
                return Err(PyErr::type_error(format!(
                    "newline must be str or None, not {}",
                    v.type_name()
                )));
            }
        },
    };
    let initial = match p[0] {
        None | Some(Value::None) => "",
        Some(v) => v.as_str().ok_or_else(|| {
            PyErr::type_error(format!(
                "initial_value must be str or None, not {}",
                v.type_name()
            ))
        })?,
    };
    let sio = StringIo {
        newline,
        state: RefCell::new(TextState {
            buf: Vec::new(),
            pos: 0,
            closed: false,
            seen: 0,
        }),
    };
    if !initial.is_empty() {
        let mut st = sio.state.borrow_mut();
        sio.write_str(&mut st, initial)?;
        st.pos = 0;
    }
    Ok(Value::Obj(ObjRef::new(STRING_IO.get(), sio)))
}

impl StringIo {
    /// Writes `text` at the position, through the newline translation.
    fn write_str(&self, st: &mut TextState, text: &str) -> PyResult<()> {
        let mut chars: Vec<char> = Vec::new();
        chars
            .try_reserve(text.len())
            .map_err(|_| PyErr::no_memory())?;
        let mut it = text.chars().peekable();
        while let Some(c) = it.next() {
            match c {
                '\r' if matches!(self.newline, Newline::Translate | Newline::Universal) => {
                    let crlf = it.peek() == Some(&'\n');
                    st.seen |= if crlf { SEEN_CRLF } else { SEEN_CR };
                    if self.newline == Newline::Translate {
                        if crlf {
                            it.next();
                        }
                        chars.push('\n');
                    } else {
                        chars.push('\r');
                        if crlf {
                            it.next();
                            chars.push('\n');
                        }
                    }
                }
                '\n' => {
                    if matches!(self.newline, Newline::Translate | Newline::Universal) {
                        st.seen |= SEEN_LF;
                    }
                    match self.newline {
                        Newline::Cr => chars.push('\r'),
                        Newline::CrLf => chars.extend(['\r', '\n']),
                        _ => chars.push('\n'),
                    }
                }
                c => chars.push(c),
            }
        }
        st.pos = write_at(&mut st.buf, st.pos, &chars, '\0')?;
        Ok(())
    }

    /// The length of the line at the position, at most `limit` characters
    /// (negative: no limit); 0 at the end.
    fn line_len(&self, st: &TextState, limit: i64) -> usize {
        let rest = st.buf.get(st.pos..).unwrap_or(&[]);
        let avail = match usize::try_from(limit) {
            Ok(l) => l.min(rest.len()),
            Err(_) => rest.len(),
        };
        let s = rest.get(..avail).unwrap_or(&[]);
        let found = match self.newline {
            Newline::Translate | Newline::Lf => s.iter().position(|&c| c == '\n').map(|i| i + 1),
            Newline::Cr => s.iter().position(|&c| c == '\r').map(|i| i + 1),
            Newline::CrLf => s.windows(2).position(|w| w == ['\r', '\n']).map(|i| i + 2),
            Newline::Universal => s.iter().position(|&c| c == '\n' || c == '\r').map(|i| {
                match (s.get(i), s.get(i + 1)) {
                    (Some('\r'), Some('\n')) => i + 2,
                    _ => i + 1,
                }
            }),
        };
        found.unwrap_or(avail)
    }

    /// Reads the next line (at most `limit` characters).
    fn readline(&self, limit: i64) -> String {
        let mut st = self.state.borrow_mut();
        let n = self.line_len(&st, limit);
        let start = st.pos;
        st.pos += n;
        st.buf
            .get(start..start + n)
            .map_or_else(String::new, |s| s.iter().collect())
    }
}

const SIO: &str = "_io.StringIO";

/// The receiver, checked open (`StringIO`'s own message).
fn sio<'a>(args: &Args<'a>, name: &str) -> PyResult<&'a StringIo> {
    let s = receiver::<StringIo>(args, name, SIO)?;
    if s.state.borrow().closed {
        return Err(closed_error(false));
    }
    Ok(s)
}

/// The receiver, checked open (`IOBase`'s message).
fn sio_base<'a>(args: &Args<'a>, name: &str) -> PyResult<&'a StringIo> {
    let s = receiver::<StringIo>(args, name, SIO)?;
    if s.state.borrow().closed {
        return Err(closed_error(true));
    }
    Ok(s)
}

fn s_read(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let rest = positional(&args, "StringIO.read", "read", 0, 1)?;
    receiver::<StringIo>(&args, "read", SIO)?;
    let size = optional_size(vm, rest.first())?;
    let s = sio(&args, "read")?;
    let mut st = s.state.borrow_mut();
    let avail = st.buf.len().saturating_sub(st.pos);
    let n = usize::try_from(size).map_or(avail, |n| n.min(avail));
    if n == 0 {
        return Ok(Value::str(""));
    }
    let start = st.pos;
    st.pos += n;
    let out: String = st
        .buf
        .get(start..start + n)
        .map_or_else(String::new, |s| s.iter().collect());
    Ok(Value::string(out))
}

fn s_readline(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let rest = positional(&args, "StringIO.readline", "readline", 0, 1)?;
    receiver::<StringIo>(&args, "readline", SIO)?;
    let size = optional_size(vm, rest.first())?;
    let s = sio(&args, "readline")?;
    Ok(Value::string(s.readline(size)))
}

/// `IOBase.readlines(hint=-1)`: lines until their total length passes
/// `hint`.
fn s_readlines(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let rest = positional(&args, "_IOBase.readlines", "readlines", 0, 1)?;
    receiver::<StringIo>(&args, "readlines", SIO)?;
    let hint = optional_size(vm, rest.first())?;
    let s = sio_base(&args, "readlines")?;
    let mut out = Vec::new();
    let mut total: i64 = 0;
    loop {
        let line = s.readline(-1);
        if line.is_empty() {
            break;
        }
        let n = line.chars().count() as i64;
        out.push(Value::string(line));
        if hint > 0 {
            if n > hint - total {
                break;
            }
            total += n;
        }
    }
    Ok(Value::list(out))
}

fn s_write(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let v = onearg(&args, "StringIO.write")?;
    receiver::<StringIo>(&args, "write", SIO)?;
    let Some(text) = v.as_str() else {
        return Err(PyErr::type_error(format!(
            "string argument expected, got '{}'",
            v.type_name()
        )));
    };
    let s = sio(&args, "write")?;
    let n = v
        .downcast::<crate::object::StrObj>()
        .map_or(0, |s| s.char_len());
    if n > 0 {
        let mut st = s.state.borrow_mut();
        s.write_str(&mut st, text)?;
    }
    Ok(Value::Int(n as i64))
}

/// `IOBase.writelines(lines)`: `self.write(line)` for each line.
fn s_writelines(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let lines = onearg(&args, "_IOBase.writelines")?;
    sio_base(&args, "writelines")?;
    let me = args.pos[0].clone();
    let it = ops::get_iter(vm, lines)?;
    while let Some(line) = ops::iter_next(vm, &it)? {
        s_write(vm, Args::positional(&[me.clone(), line]))?;
    }
    Ok(Value::None)
}

fn s_getvalue(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "StringIO.getvalue")?;
    let s = sio(&args, "getvalue")?;
    let st = s.state.borrow();
    Ok(Value::string(st.buf.iter().collect()))
}

fn s_seek(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let rest = positional(&args, "StringIO.seek", "seek", 1, 2)?;
    receiver::<StringIo>(&args, "seek", SIO)?;
    let pos = ssize_arg(vm, &rest[0])?;
    let whence = whence_arg(vm, rest.get(1))?;
    let s = sio(&args, "seek")?;
    if !(0..=2).contains(&whence) {
        return Err(PyErr::value_error(format!(
            "Invalid whence ({whence}, should be 0, 1 or 2)"
        )));
    }
    if pos < 0 && whence == 0 {
        return Err(PyErr::value_error(format!("Negative seek position {pos}")));
    }
    if whence != 0 && pos != 0 {
        return Err(PyErr::new(
            &types::OS_ERROR,
            "Can't do nonzero cur-relative seeks",
        ));
    }
    let mut st = s.state.borrow_mut();
    st.pos = match whence {
        1 => st.pos,
        2 => st.buf.len(),
        _ => usize::try_from(pos).unwrap_or(0),
    };
    Ok(Value::Int(st.pos as i64))
}

fn s_tell(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "StringIO.tell")?;
    let s = sio(&args, "tell")?;
    Ok(Value::Int(s.state.borrow().pos as i64))
}

fn s_truncate(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let rest = positional(&args, "StringIO.truncate", "truncate", 0, 1)?;
    receiver::<StringIo>(&args, "truncate", SIO)?;
    let size = match rest.first() {
        None | Some(Value::None) => None,
        v => Some(optional_size(vm, v)?),
    };
    let s = sio(&args, "truncate")?;
    let mut st = s.state.borrow_mut();
    let size = size.unwrap_or(st.pos as i64);
    if size < 0 {
        return Err(PyErr::value_error(format!("Negative size value {size}")));
    }
    let n = usize::try_from(size).unwrap_or(usize::MAX);
    if n < st.buf.len() {
        st.buf.truncate(n);
    }
    Ok(Value::Int(size))
}

fn s_close(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "StringIO.close")?;
    let s = receiver::<StringIo>(&args, "close", SIO)?;
    let mut st = s.state.borrow_mut();
    st.closed = true;
    st.buf = Vec::new();
    Ok(Value::None)
}

/// `IOBase.flush()`: `StringIO.close` does not mark the object closed the
/// way `IOBase` checks it, so this never fails.
fn s_flush(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "_IOBase.flush")?;
    receiver::<StringIo>(&args, "flush", SIO)?;
    Ok(Value::None)
}

fn s_readable(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "StringIO.readable")?;
    sio(&args, "readable")?;
    Ok(Value::Bool(true))
}

fn s_writable(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "StringIO.writable")?;
    sio(&args, "writable")?;
    Ok(Value::Bool(true))
}

fn s_seekable(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "StringIO.seekable")?;
    sio(&args, "seekable")?;
    Ok(Value::Bool(true))
}

fn s_isatty(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "_IOBase.isatty")?;
    sio_base(&args, "isatty")?;
    Ok(Value::Bool(false))
}

fn s_fileno(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "_IOBase.fileno")?;
    receiver::<StringIo>(&args, "fileno", SIO)?;
    Err(unsupported("fileno"))
}

fn s_detach(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "_TextIOBase.detach")?;
    receiver::<StringIo>(&args, "detach", SIO)?;
    Err(unsupported("detach"))
}

fn s_enter(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "_IOBase.__enter__")?;
    sio_base(&args, "__enter__")?;
    Ok(args.pos[0].clone())
}

fn s_exit(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    receiver::<StringIo>(&args, "__exit__", SIO)?;
    s_close(vm, Args::positional(&args.pos[..1]))
}

fn s_iter(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "_IOBase.__iter__")?;
    sio_base(&args, "__iter__")?;
    Ok(args.pos[0].clone())
}

fn s_next(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "StringIO.__next__")?;
    let s = sio(&args, "__next__")?;
    let line = s.readline(-1);
    if line.is_empty() {
        return Err(PyErr::with_args(&types::STOP_ITERATION, vec![]));
    }
    Ok(Value::string(line))
}

// ----- BytesIO ------------------------------------------------------------------------

/// `BytesIO(initial_bytes=b'')`.
fn new_bytes_io(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &Sig {
            name: "BytesIO",
            params: &["initial_bytes"],
            posonly: 0,
            required: 0,
            kwonly: &[],
            style: Style::C,
        },
    )?;
    let buf = match p[0] {
        None | Some(Value::None) => Vec::new(),
        Some(v) => bytes_like(v)?.to_vec(),
    };
    Ok(Value::Obj(ObjRef::new(
        BYTES_IO.get(),
        BytesIo {
            state: RefCell::new(ByteState {
                buf,
                pos: 0,
                closed: false,
            }),
        },
    )))
}

/// The bytes of a bytes-like object (`bytes`, `bytearray`, `memoryview`).
fn bytes_like(v: &Value) -> PyResult<crate::bytes::Buf<'_>> {
    crate::bytes::need_buffer(v)
}

const BIO: &str = "_io.BytesIO";

/// The receiver, checked open.
fn bio<'a>(args: &Args<'a>, name: &str) -> PyResult<&'a BytesIo> {
    let b = receiver::<BytesIo>(args, name, BIO)?;
    if b.state.borrow().closed {
        return Err(closed_error(true));
    }
    Ok(b)
}

impl BytesIo {
    /// Takes up to `size` bytes (negative: all) from the position.
    fn take(&self, size: i64) -> Vec<u8> {
        let mut st = self.state.borrow_mut();
        let avail = st.buf.len().saturating_sub(st.pos);
        let n = usize::try_from(size).map_or(avail, |n| n.min(avail));
        if n == 0 {
            return Vec::new();
        }
        let start = st.pos;
        st.pos += n;
        st.buf
            .get(start..start + n)
            .map_or_else(Vec::new, <[u8]>::to_vec)
    }

    /// The length of the line at the position (up to and including
    /// `\n`), at most `limit` bytes (negative: no limit).
    fn line_len(&self, limit: i64) -> usize {
        let st = self.state.borrow();
        let rest = st.buf.get(st.pos..).unwrap_or(&[]);
        let avail = usize::try_from(limit).map_or(rest.len(), |l| l.min(rest.len()));
        let s = rest.get(..avail).unwrap_or(&[]);
        s.iter().position(|&c| c == b'\n').map_or(avail, |i| i + 1)
    }
}

fn bytes_value(b: &[u8]) -> Value {
    Value::Obj(BytesObj::new_obj(b))
}

fn b_read(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let rest = positional(&args, "BytesIO.read", "read", 0, 1)?;
    receiver::<BytesIo>(&args, "read", BIO)?;
    let size = optional_size(vm, rest.first())?;
    let b = bio(&args, "read")?;
    Ok(bytes_value(&b.take(size)))
}

fn b_read1(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let rest = positional(&args, "BytesIO.read1", "read1", 0, 1)?;
    receiver::<BytesIo>(&args, "read1", BIO)?;
    let size = optional_size(vm, rest.first())?;
    let b = bio(&args, "read1")?;
    Ok(bytes_value(&b.take(size)))
}

fn b_readline(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let rest = positional(&args, "BytesIO.readline", "readline", 0, 1)?;
    receiver::<BytesIo>(&args, "readline", BIO)?;
    let size = optional_size(vm, rest.first())?;
    let b = bio(&args, "readline")?;
    let n = b.line_len(size);
    Ok(bytes_value(&b.take(n as i64)))
}

/// `BytesIO.readlines(size=None)`: lines until their total length reaches
/// `size`.
fn b_readlines(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let rest = positional(&args, "BytesIO.readlines", "readlines", 0, 1)?;
    let b = bio(&args, "readlines")?;
    let max = match rest.first() {
        None | Some(Value::None) => -1,
        Some(Value::Int(n)) => *n,
        Some(Value::Bool(v)) => *v as i64,
        Some(v) if v.as_bigint().is_some() => {
            return Err(PyErr::overflow(
                "Python int too large to convert to C ssize_t",
            ));
        }
        Some(v) => {
            return Err(PyErr::type_error(format!(
                "integer argument expected, got '{}'",
                v.type_name()
            )));
        }
    };
    let mut out = Vec::new();
    let mut total: i64 = 0;
    loop {
        let n = b.line_len(-1);
        if n == 0 {
            break;
        }
        out.push(bytes_value(&b.take(n as i64)));
        total += n as i64;
        if max > 0 && total >= max {
            break;
        }
    }
    Ok(Value::list(out))
}

fn b_write(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let v = onearg(&args, "BytesIO.write")?;
    let b = bio(&args, "write")?;
    let data = bytes_like(v)?;
    if !data.is_empty() {
        let mut st = b.state.borrow_mut();
        let pos = st.pos;
        st.pos = write_at(&mut st.buf, pos, &data, 0)?;
    }
    Ok(Value::Int(data.len() as i64))
}

fn b_writelines(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let lines = onearg(&args, "BytesIO.writelines")?;
    bio(&args, "writelines")?;
    let me = args.pos[0].clone();
    let it = ops::get_iter(vm, lines)?;
    while let Some(line) = ops::iter_next(vm, &it)? {
        b_write(vm, Args::positional(&[me.clone(), line]))?;
    }
    Ok(Value::None)
}

fn b_getvalue(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "BytesIO.getvalue")?;
    let b = bio(&args, "getvalue")?;
    let st = b.state.borrow();
    Ok(bytes_value(&st.buf))
}

fn b_seek(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let rest = positional(&args, "BytesIO.seek", "seek", 1, 2)?;
    receiver::<BytesIo>(&args, "seek", BIO)?;
    let pos = ssize_arg(vm, &rest[0])?;
    let whence = whence_arg(vm, rest.get(1))?;
    let b = bio(&args, "seek")?;
    if pos < 0 && whence == 0 {
        return Err(PyErr::value_error(format!("negative seek value {pos}")));
    }
    let mut st = b.state.borrow_mut();
    let target = match whence {
        0 => pos,
        1 => (st.pos as i64)
            .checked_add(pos)
            .ok_or_else(|| PyErr::overflow("new position too large"))?,
        2 => (st.buf.len() as i64).saturating_add(pos),
        _ => {
            return Err(PyErr::value_error(format!(
                "invalid whence ({whence}, should be 0, 1 or 2)"
            )));
        }
    };
    st.pos = usize::try_from(target).unwrap_or(0);
    Ok(Value::Int(st.pos as i64))
}

fn b_tell(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "BytesIO.tell")?;
    let b = bio(&args, "tell")?;
    Ok(Value::Int(b.state.borrow().pos as i64))
}

fn b_truncate(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let rest = positional(&args, "BytesIO.truncate", "truncate", 0, 1)?;
    receiver::<BytesIo>(&args, "truncate", BIO)?;
    let size = match rest.first() {
        None | Some(Value::None) => None,
        v => Some(optional_size(vm, v)?),
    };
    let b = bio(&args, "truncate")?;
    let mut st = b.state.borrow_mut();
    let size = size.unwrap_or(st.pos as i64);
    if size < 0 {
        return Err(PyErr::value_error(format!("negative size value {size}")));
    }
    let n = usize::try_from(size).unwrap_or(usize::MAX);
    if n < st.buf.len() {
        st.buf.truncate(n);
    }
    Ok(Value::Int(size))
}

fn b_close(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "BytesIO.close")?;
    let b = receiver::<BytesIo>(&args, "close", BIO)?;
    let mut st = b.state.borrow_mut();
    st.closed = true;
    st.buf = Vec::new();
    Ok(Value::None)
}

fn b_flush(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "BytesIO.flush")?;
    bio(&args, "flush")?;
    Ok(Value::None)
}

fn b_readable(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "BytesIO.readable")?;
    bio(&args, "readable")?;
    Ok(Value::Bool(true))
}

fn b_writable(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "BytesIO.writable")?;
    bio(&args, "writable")?;
    Ok(Value::Bool(true))
}

fn b_seekable(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "BytesIO.seekable")?;
    bio(&args, "seekable")?;
    Ok(Value::Bool(true))
}

fn b_isatty(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "BytesIO.isatty")?;
    bio(&args, "isatty")?;
    Ok(Value::Bool(false))
}

fn b_fileno(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "_IOBase.fileno")?;
    receiver::<BytesIo>(&args, "fileno", BIO)?;
    Err(unsupported("fileno"))
}

fn b_enter(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "_IOBase.__enter__")?;
    bio(&args, "__enter__")?;
    Ok(args.pos[0].clone())
}

fn b_exit(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    receiver::<BytesIo>(&args, "__exit__", BIO)?;
    b_close(vm, Args::positional(&args.pos[..1]))
}

/// `iter(b)`: `BytesIO` is its own iterator even once closed.
fn b_iter(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "BytesIO.__iter__")?;
    receiver::<BytesIo>(&args, "__iter__", BIO)?;
    Ok(args.pos[0].clone())
}

fn b_next(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    noargs(&args, "BytesIO.__next__")?;
    let b = bio(&args, "__next__")?;
    match next_bytes_line(b)? {
        Some(v) => Ok(v),
        None => Err(PyErr::with_args(&types::STOP_ITERATION, vec![])),
    }
}

fn next_bytes_line(b: &BytesIo) -> PyResult<Option<Value>> {
    let n = b.line_len(-1);
    Ok((n > 0).then(|| bytes_value(&b.take(n as i64))))
}

// ----- hooks for the interpreter ------------------------------------------------------

/// `iter(o)` for a `StringIO` or `BytesIO`: the object itself (a closed
/// `StringIO` refuses, as `IOBase.__iter__` does).
pub fn get_iter(v: &Value) -> PyResult<Value> {
    if let Some(s) = v.downcast::<StringIo>()
        && s.state.borrow().closed
    {
        return Err(closed_error(true));
    }
    Ok(v.clone())
}

/// The next line of a `StringIO` or `BytesIO` being iterated (`None`: `o`
/// is neither).
pub fn iter_next(v: &Value) -> Option<PyResult<Option<Value>>> {
    if let Some(s) = v.downcast::<StringIo>() {
        if s.state.borrow().closed {
            return Some(Err(closed_error(false)));
        }
        let line = s.readline(-1);
        return Some(Ok((!line.is_empty()).then(|| Value::string(line))));
    }
    let b = v.downcast::<BytesIo>()?;
    if b.state.borrow().closed {
        return Some(Err(closed_error(true)));
    }
    Some(next_bytes_line(b))
}

/// The data attributes (`closed`, and a `StringIO`'s `newlines` and
/// `line_buffering`).
pub fn getattr(o: &ObjRef, name: &str) -> Option<PyResult<Value>> {
    if let Some(b) = o.downcast::<BytesIo>() {
        return match name {
            "closed" => Some(Ok(Value::Bool(b.state.borrow().closed))),
            _ => None,
        };
    }
    let s = o.downcast::<StringIo>()?;
    let st = s.state.borrow();
    match name {
        "closed" => Some(Ok(Value::Bool(st.closed))),
        "newlines" | "line_buffering" if st.closed => Some(Err(closed_error(false))),
        "line_buffering" => Some(Ok(Value::Bool(false))),
        "newlines" => Some(Ok(
            if !matches!(s.newline, Newline::Translate | Newline::Universal) {
                Value::None
            } else {
                let names: Vec<&str> = [(SEEN_CR, "\r"), (SEEN_LF, "\n"), (SEEN_CRLF, "\r\n")]
                    .iter()
                    .filter(|(bit, _)| st.seen & bit != 0)
                    .map(|(_, n)| *n)
                    .collect();
                match names.as_slice() {
                    [] => Value::None,
                    [one] => Value::str(one),
                    many => Value::tuple(many.iter().map(|n| Value::str(n)).collect()),
                }
            },
        )),
        _ => None,
    }
}
