//! `open()` and the file objects it returns: text files
//! (`_io.TextIOWrapper`) and binary ones (`_io.BufferedReader`,
//! `_io.BufferedWriter`, `_io.BufferedRandom`), with CPython's modes,
//! messages and `OSError` subclasses.
//!
//! Writes go to the operating system at once (no write buffer), so that
//! nothing written is lost however the program ends. Where CPython's
//! buffers would still hold the data, an error of that write (a full
//! disk) is kept and raised where CPython's write would reach the
//! operating system: at a write that overflows its buffers (the text
//! layer's 8192-byte chunk, the binary layer's `st_blksize`), `flush`,
//! `close`, `seek` or `tell`; a file dropped with such an error says
//! nothing, as CPython's finalizer. Reads are buffered:
//! the file's bytes are read into `raw` as needed and consumed from there,
//! so `tell()` is the file position less what is still unconsumed. Text
//! files decode UTF-8 (strict, or with `errors='replace'`/`'ignore'`),
//! Latin-1 or ASCII, and read with universal newlines (`\r\n` and `\r`
//! become `\n`) unless `newline=''`; on Linux writing translates nothing.

use crate::codec::{self, Encoding, Errors};
use crate::object::types::{self, Kind};
use crate::object::{Args, BytesObj, NativeFn, PyErr, PyResult, Value};
use crate::ops;
use crate::output::os_error_with;
use crate::vm::Vm;
use abi::{ObjRef, StaticType};
use std::cell::RefCell;
use std::io::{IsTerminal, Read, Seek, SeekFrom, Write};

/// `_io.TextIOWrapper` for files (`sys.stdout`'s type is the streams').
pub static TEXT_FILE: StaticType = StaticType::new::<FileObj>(
    &types::TYPE,
    c"_io.TextIOWrapper",
    Some(&types::OBJECT),
    Kind::FILE,
    true,
);
/// `_io.BufferedReader`
pub static BUFFERED_READER: StaticType = StaticType::new::<FileObj>(
    &types::TYPE,
    c"_io.BufferedReader",
    Some(&types::OBJECT),
    Kind::FILE,
    true,
);
/// `_io.BufferedWriter`
pub static BUFFERED_WRITER: StaticType = StaticType::new::<FileObj>(
    &types::TYPE,
    c"_io.BufferedWriter",
    Some(&types::OBJECT),
    Kind::FILE,
    true,
);
/// `_io.BufferedRandom` (a binary file opened with `+`)
pub static BUFFERED_RANDOM: StaticType = StaticType::new::<FileObj>(
    &types::TYPE,
    c"_io.BufferedRandom",
    Some(&types::OBJECT),
    Kind::FILE,
    true,
);

struct FileState {
    /// `None` once closed.
    file: Option<std::fs::File>,
    /// Bytes read from the file and not consumed yet.
    raw: Vec<u8>,
    /// How much of `raw` is consumed.
    pos: usize,
    /// The file hit its end while reading into `raw`.
    eof: bool,
    /// Bytes CPython's text layer would hold (its pending chunk).
    pending: usize,
    /// Bytes CPython's binary layer would hold (its write buffer).
    buffered: usize,
    /// The error of a write CPython would not have made yet.
    deferred: Option<PyErr>,
}

/// CPython's `TextIOWrapper` chunk size: pending text reaches the
/// binary layer when it would grow past this.
const CHUNK: usize = 8192;

/// A file made by `open()`.
pub struct FileObj {
    name: String,
    mode: String,
    binary: bool,
    readable: bool,
    writable: bool,
    encoding: Encoding,
    /// The encoding's name as `f.encoding` shows it: as given to `open`,
    /// else `utf-8` (CPython's default in UTF-8 mode).
    encoding_name: String,
    errors: Errors,
    /// `newline=''`: lines end at `\n`, `\r` or `\r\n`, kept as they are;
    /// `newline='\n'`: too, and [`FileObj::lf_only`].
    untranslated: bool,
    /// `newline='\n'`: only `\n` ends a line.
    lf_only: bool,
    /// The binary layer's buffer size (`buffering`, else the file's
    /// `st_blksize`); 0 for an unbuffered binary file (`buffering=0`).
    bufsize: usize,
    /// A text file flushes at each write with a newline (`buffering=1`,
    /// or a terminal).
    line_buffering: bool,
    state: RefCell<FileState>,
}

/// The methods of a file.
pub static METHODS: &[(&str, NativeFn)] = &[
    ("read", m_read),
    ("readline", m_readline),
    ("readlines", m_readlines),
    ("write", m_write),
    ("writelines", m_writelines),
    ("close", m_close),
    ("flush", m_flush),
    ("seek", m_seek),
    ("tell", m_tell),
    ("readable", m_readable),
    ("writable", m_writable),
    ("seekable", m_seekable),
    ("fileno", m_fileno),
    ("isatty", m_isatty),
    ("__enter__", m_enter),
    ("__exit__", m_exit),
];

fn value_error(msg: &str) -> PyErr {
    PyErr::value_error(msg.to_owned())
}

/// `io.UnsupportedOperation` (derives from OSError and ValueError).
fn unsupported(what: &str) -> PyErr {
    PyErr::new(&types::UNSUPPORTED_OPERATION, what.to_owned())
}

/// `open(file, mode='r', buffering=-1, encoding=None, errors=None,
/// newline=None, closefd=True, opener=None)`.
pub fn open(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    const NAMES: [&str; 8] = [
        "file",
        "mode",
        "buffering",
        "encoding",
        "errors",
        "newline",
        "closefd",
        "opener",
    ];
    args.check_kw("open", &NAMES)?;
    if args.pos.len() > NAMES.len() {
        return Err(PyErr::type_error(format!(
            "open() takes at most 8 arguments ({} given)",
            args.pos.len()
        )));
    }
    let get = |i: usize| args.pos.get(i).or_else(|| args.kw(NAMES[i]));
    let Some(file) = get(0) else {
        return Err(PyErr::type_error(
            "open() missing required argument 'file' (pos 1)",
        ));
    };
    let name = match file.as_str() {
        Some(s) => s.to_owned(),
        None if file.is_int() => {
            return Err(PyErr::new(
                &types::NOT_IMPLEMENTED_ERROR,
                "open() of a file descriptor is not supported by typhon",
            ));
        }
        None => {
            return Err(PyErr::type_error(format!(
                "expected str, bytes or os.PathLike object, not {}",
                file.type_name()
            )));
        }
    };
    let str_arg = |i: usize| -> PyResult<Option<String>> {
        match get(i) {
            None | Some(Value::None) => Ok(None),
            Some(v) => v.as_str().map(|s| Some(s.to_owned())).ok_or_else(|| {
                PyErr::type_error(format!(
                    "open() argument '{}' must be str or None, not {}",
                    NAMES[i],
                    v.type_name()
                ))
            }),
        }
    };
    let mode = match get(1) {
        None => "r".to_owned(),
        Some(v) => v.as_str().map(str::to_owned).ok_or_else(|| {
            PyErr::type_error(format!(
                "open() argument 'mode' must be str, not {}",
                v.type_name()
            ))
        })?,
    };
    let buffering = match get(2) {
        None => -1,
        Some(v) => match crate::ops::to_index(v) {
            Some(i) => i?,
            None => {
                return Err(PyErr::type_error(format!(
                    "'{}' object cannot be interpreted as an integer",
                    v.type_name()
                )));
            }
        },
    };
    let encoding = str_arg(3)?;
    let errors = str_arg(4)?;
    let newline = str_arg(5)?;
    let _ = vm;
    // The mode: exactly one of r/w/a/x, at most one of b/t, maybe '+'.
    let mut seen = String::new();
    for c in mode.chars() {
        if !"rwaxbt+".contains(c) || seen.contains(c) {
            return Err(value_error(&format!("invalid mode: '{mode}'")));
        }
        seen.push(c);
    }
    let count = |set: &str| seen.chars().filter(|c| set.contains(*c)).count();
    if count("rwax") != 1 {
        return Err(value_error(
            "must have exactly one of create/read/write/append mode",
        ));
    }
    if count("bt") > 1 {
        return Err(value_error("can't have text and binary mode at once"));
    }
    let binary = seen.contains('b');
    if binary && encoding.is_some() {
        return Err(value_error("binary mode doesn't take an encoding argument"));
    }
    if binary && errors.is_some() {
        return Err(value_error("binary mode doesn't take an errors argument"));
    }
    if binary && newline.is_some() {
        return Err(value_error("binary mode doesn't take a newline argument"));
    }
    if !binary && buffering == 0 {
        return Err(value_error("can't have unbuffered text I/O"));
    }
    let enc = match encoding.as_deref() {
        None => Encoding::Utf8,
        Some(e) => codec::encoding(e)?,
    };
    let errs = match errors.as_deref() {
        None => Errors::Strict,
        Some(e) => codec::errors(e)?,
    };
    let lf_only = newline.as_deref() == Some("\n");
    let untranslated = match newline.as_deref() {
        None => false,
        Some("") | Some("\n") => true,
        Some("\r") | Some("\r\n") => {
            return Err(PyErr::new(
                &types::NOT_IMPLEMENTED_ERROR,
                "open() with newline='\\r' or '\\r\\n' is not supported by typhon",
            ));
        }
        Some(other) => {
            return Err(value_error(&format!("illegal newline value: {other}")));
        }
    };
    let plus = seen.contains('+');
    let mut opts = std::fs::OpenOptions::new();
    let (readable, writable) = if seen.contains('r') {
        opts.read(true).write(plus);
        (true, plus)
    } else if seen.contains('w') {
        opts.write(true).create(true).truncate(true).read(plus);
        (plus, true)
    } else if seen.contains('a') {
        opts.append(true).create(true).read(plus);
        (plus, true)
    } else {
        opts.write(true).create_new(true).read(plus);
        (plus, true)
    };
    let f = opts
        .open(&name)
        .map_err(|e| os_error_with(&e, Some(&name)))?;
    // CPython opens a directory and then fails with EISDIR.
    if f.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(os_error_with(
            &std::io::Error::from_raw_os_error(21),
            Some(&name),
        ));
    }
    let blksize = {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            f.metadata().map_or(0, |m| m.blksize())
        }
        #[cfg(not(unix))]
        {
            0u64
        }
    };
    let line_buffering = !binary && (buffering == 1 || (buffering < 0 && f.is_terminal()));
    let bufsize = match buffering {
        0 => 0,
        b if b > 1 => usize::try_from(b).unwrap_or(CHUNK),
        _ if blksize > 1 => usize::try_from(blksize).unwrap_or(CHUNK),
        _ => CHUNK,
    };
    let ty = if !binary {
        &TEXT_FILE
    } else if plus {
        &BUFFERED_RANDOM
    } else if readable {
        &BUFFERED_READER
    } else {
        &BUFFERED_WRITER
    };
    let shown_mode = if binary {
        let mut m: String = seen.chars().filter(|c| *c != 't').collect();
        if !m.contains('b') {
            m.push('b');
        }
        m
    } else {
        mode.clone()
    };
    let o = ObjRef::new(
        ty.get(),
        FileObj {
            name,
            mode: shown_mode,
            binary,
            readable,
            writable,
            encoding: enc,
            encoding_name: encoding.clone().unwrap_or_else(|| "utf-8".to_owned()),
            errors: errs,
            untranslated,
            lf_only,
            bufsize,
            line_buffering,
            state: RefCell::new(FileState {
                file: Some(f),
                raw: Vec::new(),
                pos: 0,
                eof: false,
                pending: 0,
                buffered: 0,
                deferred: None,
            }),
        },
    );
    Ok(Value::Obj(o))
}

/// `repr()` of a file.
pub fn repr(f: &FileObj) -> String {
    let ty = if !f.binary {
        "_io.TextIOWrapper"
    } else if f.mode.contains('+') {
        "_io.BufferedRandom"
    } else if f.readable {
        "_io.BufferedReader"
    } else {
        "_io.BufferedWriter"
    };
    let name = crate::format::str_repr(&f.name);
    if f.binary {
        format!("<{ty} name={name}>")
    } else {
        format!(
            "<{ty} name={name} mode='{}' encoding='{}'>",
            f.mode, f.encoding_name
        )
    }
}

/// A file's data attributes (`name`, `mode`, `closed`, `encoding`).
pub fn getattr(f: &FileObj, name: &str) -> Option<Value> {
    Some(match name {
        "name" => Value::str(&f.name),
        "mode" => Value::str(&f.mode),
        "closed" => Value::Bool(f.state.borrow().file.is_none()),
        "encoding" if !f.binary => Value::str(&f.encoding_name),
        _ => return None,
    })
}

fn this<'a>(args: &Args<'a>, name: &str) -> PyResult<(&'a FileObj, &'a [Value])> {
    match args.pos.split_first() {
        Some((v, rest)) => match v.downcast::<FileObj>() {
            Some(f) => Ok((f, rest)),
            None => Err(PyErr::type_error(format!(
                "descriptor '{name}' requires a file object"
            ))),
        },
        None => Err(PyErr::type_error(format!(
            "descriptor '{name}' needs an argument"
        ))),
    }
}

fn closed() -> PyErr {
    value_error("I/O operation on closed file.")
}

impl FileObj {
    fn io_err(&self, e: &std::io::Error) -> PyErr {
        os_error_with(e, None)
    }

    fn check_readable(&self) -> PyResult<()> {
        if self.state.borrow().file.is_none() {
            return Err(closed());
        }
        if !self.readable {
            return Err(unsupported(if self.binary {
                "read"
            } else {
                "not readable"
            }));
        }
        Ok(())
    }

    fn check_writable(&self) -> PyResult<()> {
        if self.state.borrow().file.is_none() {
            return Err(closed());
        }
        if !self.writable {
            return Err(unsupported(if self.binary {
                "write"
            } else {
                "not writable"
            }));
        }
        Ok(())
    }

    /// Reads more of the file into the buffer; `false` at its end.
    fn fill(&self) -> PyResult<bool> {
        let mut st = self.state.borrow_mut();
        if st.eof {
            return Ok(false);
        }
        if st.pos > 0 {
            let pos = st.pos;
            st.raw.drain(..pos);
            st.pos = 0;
        }
        let mut chunk = [0u8; 8192];
        let n = match st.file.as_mut() {
            Some(f) => f.read(&mut chunk).map_err(|e| self.io_err(&e))?,
            None => return Err(closed()),
        };
        if n == 0 {
            st.eof = true;
            return Ok(false);
        }
        st.raw.extend_from_slice(&chunk[..n]);
        Ok(true)
    }

    /// Everything left, as bytes.
    fn read_all_bytes(&self) -> PyResult<Vec<u8>> {
        while self.fill()? {}
        let mut st = self.state.borrow_mut();
        let pos = st.pos;
        let out = st.raw[pos..].to_vec();
        st.raw.clear();
        st.pos = 0;
        Ok(out)
    }

    /// Up to `n` bytes.
    fn read_bytes(&self, n: usize) -> PyResult<Vec<u8>> {
        loop {
            {
                let st = self.state.borrow();
                if st.raw.len() - st.pos >= n {
                    break;
                }
            }
            if !self.fill()? {
                break;
            }
        }
        let mut st = self.state.borrow_mut();
        let end = (st.pos + n).min(st.raw.len());
        let out = st.raw[st.pos..end].to_vec();
        st.pos = end;
        Ok(out)
    }

    /// One line's bytes: up to and including `\n` (or, for a text file
    /// with universal newlines, `\r\n` or a lone `\r`); empty at the end.
    fn line_bytes(&self, universal: bool) -> PyResult<Vec<u8>> {
        let mut scanned = 0;
        loop {
            let found = {
                let st = self.state.borrow();
                let avail = &st.raw[st.pos..];
                // memchr's vectorized search (callgrind, iterating over a
                // file of 44-byte lines: 1363 -> 1127 instructions per line
                // against a byte-by-byte loop).
                let rest = avail.get(scanned..).unwrap_or_default();
                let hit = if universal {
                    memchr::memchr2(b'\n', b'\r', rest)
                } else {
                    memchr::memchr(b'\n', rest)
                };
                let (found, next_scan) = match hit.map(|r| scanned + r) {
                    None => (None, avail.len()),
                    Some(at) if avail.get(at) == Some(&b'\n') => (Some(at + 1), at),
                    // A '\r' at the buffer's end may start '\r\n': read
                    // more and look again from it, unless the file ended.
                    Some(at) => match avail.get(at + 1) {
                        Some(b'\n') => (Some(at + 2), at),
                        Some(_) => (Some(at + 1), at),
                        None if st.eof => (Some(at + 1), at),
                        None => (None, at),
                    },
                };
                scanned = next_scan;
                found
            };
            if let Some(end) = found {
                let mut st = self.state.borrow_mut();
                let start = st.pos;
                st.pos += end;
                return Ok(st.raw[start..start + end].to_vec());
            }
            if !self.fill()? {
                let mut st = self.state.borrow_mut();
                let start = st.pos;
                let out = st.raw[start..].to_vec();
                st.pos = st.raw.len();
                return Ok(out);
            }
            let st = self.state.borrow();
            scanned = scanned.min(st.raw.len() - st.pos);
        }
    }

    fn decode(&self, b: &[u8]) -> PyResult<String> {
        codec::decode(b, self.encoding, self.errors)
    }

    fn encode(&self, s: &str) -> PyResult<Vec<u8>> {
        codec::encode(s, self.encoding, self.errors)
    }

    /// A text file's line with its newline translated.
    fn translate(&self, mut s: String) -> String {
        if self.untranslated {
            return s;
        }
        if s.ends_with("\r\n") {
            s.truncate(s.len() - 2);
            s.push('\n');
        } else if s.ends_with('\r') {
            s.pop();
            s.push('\n');
        }
        s
    }

    fn text_line(&self) -> PyResult<String> {
        let b = self.line_bytes(!self.lf_only)?;
        let s = self.decode(&b)?;
        Ok(self.translate(s))
    }

    /// Writes `b` (which has a newline, for line buffering: `newline`)
    /// and follows CPython's buffers: the error of a write they would
    /// still hold is kept for later ([`FileObj::flush_model`]).
    fn write_data(&self, b: &[u8], newline: bool) -> PyResult<()> {
        if self.state.borrow().file.is_none() {
            return Err(closed());
        }
        let result = self.write_bytes(b);
        let mut st = self.state.borrow_mut();
        let n = b.len();
        let mut reached = false;
        if self.binary {
            reached |= self.buffer_add(&mut st, n);
        } else {
            if st.pending + n > CHUNK {
                let p = std::mem::take(&mut st.pending);
                reached |= self.buffer_add(&mut st, p);
            }
            st.pending += n;
            let line = self.line_buffering && newline;
            if st.pending >= CHUNK || line {
                let p = std::mem::take(&mut st.pending);
                reached |= self.buffer_add(&mut st, p);
            }
            if line {
                reached |= std::mem::take(&mut st.buffered) > 0;
            }
        }
        match result {
            Err(e) if reached => Err(st.deferred.take().unwrap_or(e)),
            Err(e) => {
                if st.deferred.is_none() {
                    st.deferred = Some(e);
                }
                Ok(())
            }
            Ok(()) if reached => st.deferred.take().map_or(Ok(()), Err),
            Ok(()) => Ok(()),
        }
    }

    /// `n` bytes into CPython's binary write buffer: whether that writes
    /// to the operating system (the buffer was full, or the data larger).
    fn buffer_add(&self, st: &mut FileState, n: usize) -> bool {
        if n == 0 {
            return false;
        }
        if st.buffered + n <= self.bufsize {
            st.buffered += n;
            return false;
        }
        let flushed = st.buffered > 0;
        if n > self.bufsize {
            st.buffered = 0;
            true
        } else {
            st.buffered = n;
            flushed
        }
    }

    /// CPython's flush of both buffers: raises the error kept from a
    /// write they held.
    fn flush_model(&self) -> PyResult<()> {
        let mut st = self.state.borrow_mut();
        st.pending = 0;
        st.buffered = 0;
        st.deferred.take().map_or(Ok(()), Err)
    }

    fn write_bytes(&self, b: &[u8]) -> PyResult<()> {
        let mut st = self.state.borrow_mut();
        // A buffered read left the OS position ahead: step back first.
        let unread = (st.raw.len() - st.pos) as i64;
        if unread > 0
            && let Some(f) = st.file.as_mut()
        {
            f.seek(SeekFrom::Current(-unread))
                .map_err(|e| self.io_err(&e))?;
        }
        st.raw.clear();
        st.pos = 0;
        st.eof = false;
        match st.file.as_mut() {
            Some(f) => f.write_all(b).map_err(|e| self.io_err(&e)),
            None => Err(closed()),
        }
    }
}

/// `read(size=-1)`'s size.
fn size_arg(vm: &mut Vm, v: Option<&Value>) -> PyResult<Option<usize>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(v) => {
            let n = crate::dunder::as_index(vm, v)?;
            match n
                .to_bigint()
                .and_then(|b| num_traits::ToPrimitive::to_i64(&b))
            {
                Some(n) if n < 0 => Ok(None),
                Some(n) => Ok(Some(n as usize)),
                None => Err(PyErr::type_error(format!(
                    "argument should be integer or None, not '{}'",
                    v.type_name()
                ))),
            }
        }
    }
}

fn m_read(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (f, rest) = this(&args, "read")?;
    f.check_readable()?;
    let n = size_arg(vm, rest.first())?;
    if f.binary {
        let b = match n {
            None => f.read_all_bytes()?,
            Some(n) => f.read_bytes(n)?,
        };
        return Ok(Value::Obj(BytesObj::new_obj(&b)));
    }
    let mut out = String::new();
    match n {
        None => {
            // All at once, so that a decoding error's position counts
            // from where the read started, as CPython's does.
            let s = f.decode(&f.read_all_bytes()?)?;
            out = if f.untranslated {
                s
            } else {
                s.replace("\r\n", "\n").replace('\r', "\n")
            };
        }
        Some(n) => {
            let mut count = 0;
            while count < n {
                let l = f.text_line()?;
                if l.is_empty() {
                    break;
                }
                let want = n - count;
                let chars = l.chars().count();
                if chars <= want {
                    out.push_str(&l);
                    count += chars;
                } else {
                    // Give back the rest of the line: re-encode it in front
                    // of the buffer (its newline already translated).
                    let cut = l.char_indices().nth(want).map_or(l.len(), |(i, _)| i);
                    out.push_str(&l[..cut]);
                    let back = f.encode(&l[cut..])?;
                    let mut st = f.state.borrow_mut();
                    let pos = st.pos;
                    let tail = st.raw.split_off(pos);
                    st.raw.truncate(0);
                    st.raw.extend_from_slice(&back);
                    st.raw.extend_from_slice(&tail);
                    st.pos = 0;
                    count = n;
                }
            }
        }
    }
    Ok(Value::string(out))
}

fn m_readline(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (f, rest) = this(&args, "readline")?;
    f.check_readable()?;
    let _ = size_arg(vm, rest.first())?;
    if f.binary {
        return Ok(Value::Obj(BytesObj::new_obj(&f.line_bytes(false)?)));
    }
    Ok(Value::string(f.text_line()?))
}

/// The next line of a file being iterated.
pub fn next_line(f: &FileObj) -> PyResult<Option<Value>> {
    f.check_readable()?;
    if f.binary {
        let b = f.line_bytes(false)?;
        return Ok((!b.is_empty()).then(|| Value::Obj(BytesObj::new_obj(&b))));
    }
    let l = f.text_line()?;
    Ok((!l.is_empty()).then(|| Value::string(l)))
}

fn m_readlines(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (f, _) = this(&args, "readlines")?;
    let mut out = Vec::new();
    while let Some(l) = next_line(f)? {
        out.push(l);
    }
    Ok(Value::list(out))
}

fn write_value(f: &FileObj, v: &Value) -> PyResult<usize> {
    if f.binary {
        let b = crate::bytes::need_buffer(v)?.to_vec();
        f.write_data(&b, false)?;
        return Ok(b.len());
    }
    let Some(s) = v.as_str() else {
        return Err(PyErr::type_error(format!(
            "write() argument must be str, not {}",
            v.type_name()
        )));
    };
    let b = f.encode(s)?;
    f.write_data(&b, s.contains(['\n', '\r']))?;
    Ok(s.chars().count())
}

fn m_write(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (f, rest) = this(&args, "write")?;
    let [v] = rest else {
        return Err(PyErr::type_error(format!(
            "write() takes exactly one argument ({} given)",
            rest.len()
        )));
    };
    f.check_writable()?;
    Ok(Value::Int(write_value(f, v)? as i64))
}

fn m_writelines(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (f, rest) = this(&args, "writelines")?;
    let [lines] = rest else {
        return Err(PyErr::type_error(format!(
            "writelines() takes exactly one argument ({} given)",
            rest.len()
        )));
    };
    f.check_writable()?;
    for l in ops::collect(vm, lines)? {
        write_value(f, &l)?;
    }
    Ok(Value::None)
}

fn m_close(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (f, _) = this(&args, "close")?;
    // Every write already went to the operating system: closing loses
    // nothing, but raises what CPython's flush would (the file is closed
    // all the same).
    if f.state.borrow().file.is_none() {
        return Ok(Value::None);
    }
    let flushed = f.flush_model();
    drop(f.state.borrow_mut().file.take());
    flushed?;
    Ok(Value::None)
}

fn m_flush(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (f, _) = this(&args, "flush")?;
    if f.state.borrow().file.is_none() {
        return Err(closed());
    }
    f.flush_model()?;
    Ok(Value::None)
}

fn m_seek(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (f, rest) = this(&args, "seek")?;
    if f.state.borrow().file.is_none() {
        return Err(closed());
    }
    f.flush_model()?;
    let off = match rest.first() {
        Some(v) => crate::dunder::as_index(vm, v)?
            .to_bigint()
            .and_then(|b| num_traits::ToPrimitive::to_i64(&b))
            .ok_or_else(|| PyErr::type_error("an integer is required"))?,
        None => {
            return Err(PyErr::type_error(
                "seek expected at least 1 argument, got 0",
            ));
        }
    };
    let whence = match rest.get(1) {
        Some(Value::Int(w)) => *w,
        Some(_) => return Err(PyErr::type_error("an integer is required")),
        None => 0,
    };
    if !f.binary && (whence != 0 && off != 0) {
        return Err(unsupported(if whence == 1 {
            "can't do nonzero cur-relative seeks"
        } else {
            "can't do nonzero end-relative seeks"
        }));
    }
    let target = match whence {
        0 => {
            if off < 0 {
                return Err(value_error(&format!("negative seek position {off}")));
            }
            SeekFrom::Start(off as u64)
        }
        1 => {
            let st = f.state.borrow();
            SeekFrom::Current(off - (st.raw.len() - st.pos) as i64)
        }
        2 => SeekFrom::End(off),
        _ => {
            return Err(value_error(&format!(
                "invalid whence ({whence}, should be 0, 1 or 2)"
            )));
        }
    };
    let mut st = f.state.borrow_mut();
    st.raw.clear();
    st.pos = 0;
    st.eof = false;
    let p = match st.file.as_mut() {
        Some(file) => file.seek(target).map_err(|e| os_error_with(&e, None))?,
        None => return Err(closed()),
    };
    Ok(Value::Int(p as i64))
}

fn m_tell(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (f, _) = this(&args, "tell")?;
    if f.state.borrow().file.is_some() {
        f.flush_model()?;
    }
    let mut st = f.state.borrow_mut();
    let unread = (st.raw.len() - st.pos) as u64;
    let p = match st.file.as_mut() {
        Some(file) => file
            .stream_position()
            .map_err(|e| os_error_with(&e, None))?,
        None => return Err(closed()),
    };
    Ok(Value::Int((p - unread) as i64))
}

fn m_readable(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (f, _) = this(&args, "readable")?;
    if f.state.borrow().file.is_none() {
        return Err(closed());
    }
    Ok(Value::Bool(f.readable))
}

fn m_writable(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (f, _) = this(&args, "writable")?;
    if f.state.borrow().file.is_none() {
        return Err(closed());
    }
    Ok(Value::Bool(f.writable))
}

fn m_seekable(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (f, _) = this(&args, "seekable")?;
    if f.state.borrow().file.is_none() {
        return Err(closed());
    }
    Ok(Value::Bool(true))
}

fn m_fileno(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (f, _) = this(&args, "fileno")?;
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        if let Some(file) = f.state.borrow().file.as_ref() {
            return Ok(Value::Int(file.as_raw_fd() as i64));
        }
    }
    if f.state.borrow().file.is_none() {
        return Err(closed());
    }
    Err(unsupported("fileno"))
}

fn m_isatty(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (f, _) = this(&args, "isatty")?;
    match f.state.borrow().file.as_ref() {
        Some(file) => Ok(Value::Bool(file.is_terminal())),
        None => Err(closed()),
    }
}

fn m_enter(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (f, _) = this(&args, "__enter__")?;
    if f.state.borrow().file.is_none() {
        return Err(closed());
    }
    Ok(args.pos[0].clone())
}

fn m_exit(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    m_close(vm, Args::positional(&args.pos[..1]))?;
    Ok(Value::None)
}
