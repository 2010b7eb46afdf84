//! Standard output, buffered as CPython 3.11 buffers `sys.stdout`, so that
//! a failing write (a full disk, a closed pipe) surfaces at the same
//! `print` as in CPython, with the same exception, and output still
//! buffered at exit is written (or reported lost) the same way.
//!
//! CPython stacks two buffers: the text layer (`TextIOWrapper`) gathers up
//! to [`CHUNK`] bytes and hands them on, dropping them whether or not the
//! write succeeds; the byte layer (`BufferedWriter`, as big as the file's
//! block size) keeps what it could not write until the next flush. A
//! terminal is line buffered. The layers' rules are followed here exactly
//! because they decide which `print` raises and whether anything is left
//! to fail again at exit.

use crate::object::{PyErr, Value, types};
use std::io::{self, Write};

/// The text layer's chunk size (`TextIOWrapper._CHUNK_SIZE`).
pub const CHUNK: usize = 8192;

/// The byte layer's size when the file's block size is unknown
/// (`io.DEFAULT_BUFFER_SIZE`).
pub const DEFAULT_BUFFER_SIZE: usize = 8192;

/// A buffered text output stream over a byte sink.
pub struct Output {
    sink: Box<dyn Write>,
    /// Text-layer bytes not yet handed to the byte layer.
    pending: Vec<u8>,
    /// Byte-layer bytes not yet written to the sink.
    buf: Vec<u8>,
    /// The byte layer's capacity.
    cap: usize,
    /// Flush after every write holding a newline (a terminal).
    line_buffering: bool,
}

impl Output {
    /// A stream writing to `sink`, whose byte layer holds `cap` bytes
    /// (CPython: the file's `st_blksize`), flushing at each line if
    /// `line_buffering`.
    pub fn new(sink: Box<dyn Write>, cap: usize, line_buffering: bool) -> Output {
        Output {
            sink,
            pending: Vec::new(),
            buf: Vec::new(),
            cap: cap.max(1),
            line_buffering,
        }
    }

    /// An embedder's sink: block buffered with CPython's default size.
    pub fn plain(sink: Box<dyn Write>) -> Output {
        Output::new(sink, DEFAULT_BUFFER_SIZE, false)
    }

    /// `sys.stdout.write(text)` (`TextIOWrapper.write`).
    pub fn write(&mut self, text: &[u8]) -> io::Result<()> {
        if self.pending.len() + text.len() > CHUNK {
            self.hand_on()?;
        }
        self.pending.extend_from_slice(text);
        let line_flush = self.line_buffering && text.iter().any(|&b| b == b'\n' || b == b'\r');
        if self.pending.len() >= CHUNK || line_flush {
            self.hand_on()?;
        }
        if line_flush {
            self.flush_bytes()?;
        }
        Ok(())
    }

    /// `sys.stdout.flush()`. What could not be written stays buffered, to
    /// be tried again by the next flush.
    pub fn flush(&mut self) -> io::Result<()> {
        self.hand_on()?;
        self.flush_bytes()
    }

    /// The text layer hands its bytes to the byte layer; they leave the
    /// text layer first, so they are gone if that fails.
    fn hand_on(&mut self) -> io::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let bytes = std::mem::take(&mut self.pending);
        let r = self.buffered_write(&bytes);
        // Keep the allocation for the next chunk.
        self.pending = bytes;
        self.pending.clear();
        r
    }

    /// `BufferedWriter.write`: buffer what fits; otherwise flush the
    /// buffer, write the data straight through and buffer its tail.
    fn buffered_write(&mut self, bytes: &[u8]) -> io::Result<()> {
        if bytes.len() <= self.cap - self.buf.len().min(self.cap) {
            self.buf.extend_from_slice(bytes);
            return Ok(());
        }
        self.write_buffer()?;
        let mut written = 0;
        while bytes.len() - written > self.cap {
            written += write_some(&mut *self.sink, &bytes[written..])?;
        }
        self.buf.extend_from_slice(&bytes[written..]);
        Ok(())
    }

    /// `BufferedWriter.flush`.
    fn flush_bytes(&mut self) -> io::Result<()> {
        self.write_buffer()?;
        self.sink.flush()
    }

    /// Writes the byte layer's buffer; what is not written stays.
    fn write_buffer(&mut self) -> io::Result<()> {
        while !self.buf.is_empty() {
            let n = write_some(&mut *self.sink, &self.buf)?;
            self.buf.drain(..n);
        }
        Ok(())
    }
}

/// One `write` call, retried if interrupted; a sink that takes nothing is
/// an error rather than a loop.
fn write_some(sink: &mut dyn Write, bytes: &[u8]) -> io::Result<usize> {
    loop {
        match sink.write(bytes) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => return Ok(n),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// The Python exception for a failed I/O operation, as CPython raises it:
/// `OSError(errno, strerror)`, or the subclass CPython picks for the
/// errno (`BrokenPipeError` for `EPIPE`).
pub fn os_error(e: &io::Error) -> PyErr {
    os_error_with(e, None)
}

/// [`os_error`] for an operation on the file `filename`: the `OSError`
/// subclass CPython picks for the errno (`FileNotFoundError`, …), with
/// `errno`, `strerror` and `filename` set, so that it reads
/// `[Errno 2] No such file or directory: 'name'`.
pub fn os_error_with(e: &io::Error, filename: Option<&str>) -> PyErr {
    let Some(errno) = e.raw_os_error() else {
        return PyErr::new(&types::OS_ERROR, e.to_string());
    };
    let ty = errno_type(i64::from(errno));
    let text = strerror(e);
    let err = PyErr::with_args(
        ty,
        vec![Value::Int(errno as i64), Value::string(text.clone())],
    );
    if let Some(x) = err.0.downcast::<crate::object::ExcObj>() {
        x.set_own_attr("errno", Value::Int(errno as i64));
        x.set_own_attr("strerror", Value::string(text));
        x.set_own_attr("filename", filename.map_or(Value::None, Value::str));
    }
    err
}

/// The `OSError` subclass CPython picks for `errno` (its `errnomap`, with
/// Linux's numbers, as `crate::stdlib::errno` has them); `OSError` for
/// any other.
pub fn errno_type(errno: i64) -> &'static crate::object::StaticType {
    match errno {
        // EPERM, EACCES.
        1 | 13 => &types::PERMISSION_ERROR,
        2 => &types::FILE_NOT_FOUND_ERROR,
        3 => &types::PROCESS_LOOKUP_ERROR,
        4 => &types::INTERRUPTED_ERROR,
        10 => &types::CHILD_PROCESS_ERROR,
        // EAGAIN (EWOULDBLOCK), EALREADY, EINPROGRESS.
        11 | 114 | 115 => &types::BLOCKING_IO_ERROR,
        17 => &types::FILE_EXISTS_ERROR,
        20 => &types::NOT_A_DIRECTORY_ERROR,
        21 => &types::IS_A_DIRECTORY_ERROR,
        // EPIPE, ESHUTDOWN.
        32 | 108 => &types::BROKEN_PIPE_ERROR,
        103 => &types::CONNECTION_ABORTED_ERROR,
        104 => &types::CONNECTION_RESET_ERROR,
        110 => &types::TIMEOUT_ERROR,
        111 => &types::CONNECTION_REFUSED_ERROR,
        _ => &types::OS_ERROR,
    }
}

/// The C library's text for an OS error, without Rust's ` (os error N)`.
pub fn strerror(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_owned(),
        None => s,
    }
}
