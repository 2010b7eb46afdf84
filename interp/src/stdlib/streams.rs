//! `sys.stdin`, `sys.stdout` and `sys.stderr` as file objects, `input()`,
//! and `print(file=…)`.
//!
//! `sys.stdout` writes through the VM's buffered output (`crate::output`),
//! the same path `print` takes, so the two interleave as in CPython and a
//! failed write raises where CPython's does. `sys.stderr` writes to the
//! process's standard error at once. `sys.stdin` reads lines from the
//! process's standard input (Rust's `Stdin` buffers it), decoded as
//! UTF-8. A program may replace `sys.stdout`: `print` without `file`
//! then writes to the replacement, as CPython's looks `sys.stdout` up at
//! each call.

use crate::object::types::{self, Kind};
use crate::object::{Args, NativeFn, PyErr, PyResult, Value};
use crate::ops;
use crate::vm::Vm;
use abi::{ObjRef, StaticType};
use std::io::{BufRead, IsTerminal, Write};

/// Which standard stream a stream object is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Which {
    /// File descriptor 0.
    Stdin,
    /// File descriptor 1.
    Stdout,
    /// File descriptor 2.
    Stderr,
}

/// A standard stream (`_io.TextIOWrapper`).
pub struct StreamObj {
    /// The stream.
    pub which: Which,
}

/// `_io.TextIOWrapper`, the type of the standard streams.
pub static TEXT_IO: StaticType = StaticType::new::<StreamObj>(
    &types::TYPE,
    c"_io.TextIOWrapper",
    Some(&types::OBJECT),
    Kind::TEXTIO,
    true,
);

/// The methods of a stream.
pub static METHODS: &[(&str, NativeFn)] = &[
    ("write", m_write),
    ("flush", m_flush),
    ("writelines", m_writelines),
    ("read", m_read),
    ("readline", m_readline),
    ("readlines", m_readlines),
    ("isatty", m_isatty),
    ("fileno", m_fileno),
    ("readable", m_readable),
    ("writable", m_writable),
];

/// A new stream object for `which`.
pub fn new_stream(which: Which) -> ObjRef {
    ObjRef::new(TEXT_IO.get(), StreamObj { which })
}

/// `repr()` of a stream.
pub fn repr(s: &StreamObj) -> String {
    let (name, mode) = match s.which {
        Which::Stdin => ("<stdin>", "r"),
        Which::Stdout => ("<stdout>", "w"),
        Which::Stderr => ("<stderr>", "w"),
    };
    format!("<_io.TextIOWrapper name='{name}' mode='{mode}' encoding='utf-8'>")
}

fn this<'a>(args: &Args<'a>, name: &str) -> PyResult<(&'a StreamObj, &'a [Value])> {
    match args.pos.split_first() {
        Some((v, rest)) => match v.downcast::<StreamObj>() {
            Some(s) => Ok((s, rest)),
            None => Err(PyErr::type_error(format!(
                "descriptor '{name}' requires a '_io.TextIOWrapper' object"
            ))),
        },
        None => Err(PyErr::type_error(format!(
            "descriptor '{name}' needs an argument"
        ))),
    }
}

fn unsupported(what: &str) -> PyErr {
    // CPython's io.UnsupportedOperation is also a ValueError.
    PyErr::new(&types::UNSUPPORTED_OPERATION, what.to_owned())
}

/// Writes `text` to a standard stream.
pub fn write_to(vm: &mut Vm, which: Which, text: &str) -> PyResult<()> {
    match which {
        Which::Stdout => vm.write_out(text),
        Which::Stderr => {
            let mut e = std::io::stderr().lock();
            e.write_all(text.as_bytes())
                .map_err(|err| crate::output::os_error(&err))
        }
        Which::Stdin => Err(unsupported("not writable")),
    }
}

fn m_write(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("write")?;
    let (s, rest) = this(&args, "write")?;
    let [text] = rest else {
        return Err(PyErr::type_error(format!(
            "TextIOWrapper.write() takes exactly one argument ({} given)",
            rest.len()
        )));
    };
    let t = text.as_str().ok_or_else(|| {
        PyErr::type_error(format!(
            "write() argument must be str, not {}",
            text.type_name()
        ))
    })?;
    write_to(vm, s.which, t)?;
    Ok(Value::Int(t.chars().count() as i64))
}

fn m_writelines(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("writelines")?;
    let (s, rest) = this(&args, "writelines")?;
    let [lines] = rest else {
        return Err(PyErr::type_error(format!(
            "TextIOWrapper.writelines() takes exactly one argument ({} given)",
            rest.len()
        )));
    };
    for line in ops::collect(vm, lines)? {
        let t = line.as_str().ok_or_else(|| {
            PyErr::type_error(format!(
                "write() argument must be str, not {}",
                line.type_name()
            ))
        })?;
        write_to(vm, s.which, t)?;
    }
    Ok(Value::None)
}

fn m_flush(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (s, _) = this(&args, "flush")?;
    match s.which {
        Which::Stdout => vm.flush()?,
        Which::Stderr => std::io::stderr()
            .flush()
            .map_err(|e| crate::output::os_error(&e))?,
        Which::Stdin => {}
    }
    Ok(Value::None)
}

fn m_isatty(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (s, _) = this(&args, "isatty")?;
    Ok(Value::Bool(match s.which {
        Which::Stdin => std::io::stdin().is_terminal(),
        Which::Stdout => std::io::stdout().is_terminal(),
        Which::Stderr => std::io::stderr().is_terminal(),
    }))
}

fn m_fileno(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (s, _) = this(&args, "fileno")?;
    Ok(Value::Int(match s.which {
        Which::Stdin => 0,
        Which::Stdout => 1,
        Which::Stderr => 2,
    }))
}

fn m_readable(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (s, _) = this(&args, "readable")?;
    Ok(Value::Bool(s.which == Which::Stdin))
}

fn m_writable(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (s, _) = this(&args, "writable")?;
    Ok(Value::Bool(s.which != Which::Stdin))
}

/// One line of standard input with its newline; empty at the end.
fn read_line(vm: &mut Vm) -> PyResult<String> {
    // What was printed before reading shows first, as CPython flushes
    // stdout when it reads from an interactive stdin.
    vm.flush()?;
    let mut line = String::new();
    match std::io::stdin().lock().read_line(&mut line) {
        Ok(_) => Ok(line),
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData => Err(PyErr::new(
            &types::UNICODE_DECODE_ERROR,
            "'utf-8' codec can't decode the input",
        )),
        Err(e) => Err(crate::output::os_error(&e)),
    }
}

fn stdin_of(args: &Args<'_>, name: &str) -> PyResult<()> {
    let (s, _) = this(args, name)?;
    if s.which != Which::Stdin {
        return Err(unsupported("not readable"));
    }
    Ok(())
}

fn m_readline(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    stdin_of(&args, "readline")?;
    Ok(Value::string(read_line(vm)?))
}

fn m_readlines(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    stdin_of(&args, "readlines")?;
    let mut out = Vec::new();
    loop {
        let l = read_line(vm)?;
        if l.is_empty() {
            return Ok(Value::list(out));
        }
        out.push(Value::string(l));
    }
}

fn m_read(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    stdin_of(&args, "read")?;
    let mut all = String::new();
    loop {
        let l = read_line(vm)?;
        if l.is_empty() {
            return Ok(Value::string(all));
        }
        all.push_str(&l);
    }
}

/// The next line of a stream being iterated (`for line in sys.stdin`).
pub fn next_line(vm: &mut Vm, s: &StreamObj) -> PyResult<Option<Value>> {
    if s.which != Which::Stdin {
        return Err(unsupported("not readable"));
    }
    let l = read_line(vm)?;
    Ok((!l.is_empty()).then(|| Value::string(l)))
}

/// `input(prompt='')`.
pub fn input(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("input")?;
    if args.pos.len() > 1 {
        return Err(PyErr::type_error(format!(
            "input expected at most 1 argument, got {}",
            args.pos.len()
        )));
    }
    if let Some(p) = args.pos.first() {
        let text = ops::str_of(vm, p)?;
        print_to(vm, None, &text, false)?;
    }
    let mut l = read_line(vm)?;
    if l.is_empty() {
        return Err(PyErr::new(&types::EOF_ERROR, "EOF when reading a line"));
    }
    if l.ends_with('\n') {
        l.pop();
        if l.ends_with('\r') {
            l.pop();
        }
    }
    Ok(Value::string(l))
}

/// The stream `print` writes to: `file`, else the current `sys.stdout`
/// (the VM's own output unless the program replaced it).
fn target(vm: &mut Vm, file: Option<&Value>) -> Option<Value> {
    match file {
        Some(Value::None) | None => {
            let sys = vm.sys_module()?;
            let stdout = vm.getattr(&sys, "stdout").ok()?;
            match stdout.downcast::<StreamObj>() {
                Some(s) if s.which == Which::Stdout => None,
                _ => Some(stdout),
            }
        }
        Some(f) => Some(f.clone()),
    }
}

/// Writes `text` where `print(..., file=file)` would, flushing after if
/// `flush`.
pub fn print_to(vm: &mut Vm, file: Option<&Value>, text: &str, flush: bool) -> PyResult<()> {
    match target(vm, file) {
        None => {
            vm.write_out(text)?;
            if flush {
                vm.flush()?;
            }
        }
        Some(f) => {
            if let Some(s) = f.downcast::<StreamObj>() {
                write_to(vm, s.which, text)?;
                if flush && s.which == Which::Stdout {
                    vm.flush()?;
                }
                return Ok(());
            }
            let write = vm.getattr(&f, "write")?;
            vm.call(&write, &[Value::str(text)])?;
            if flush {
                let fl = vm.getattr(&f, "flush")?;
                vm.call(&fl, &[])?;
            }
        }
    }
    Ok(())
}

/// Whether `print(file=f)` writes to a Python object, which CPython calls
/// once per piece (each argument, separator and end).
pub fn is_python_file(vm: &mut Vm, file: Option<&Value>) -> bool {
    target(vm, file).is_some_and(|f| f.downcast::<StreamObj>().is_none())
}
