//! Typhon's embedding API: run Python programs from Rust.
//!
//! ```no_run
//! let mut vm = typhon::Vm::builder().recursion_limit(2000).build()?;
//! vm.run_source("print(6 * 7)", "<embedded>")?;
//! # Ok::<(), typhon::Error>(())
//! ```
//!
//! The README's example:
//!
//! ```
//! use typhon::{ExcKind, Raise};
//!
//! fn main() -> Result<(), typhon::Error> {
//!     let mut vm = typhon::Vm::builder().build()?;
//!     vm.register_module("geo", |m| {
//!         m.function("add", |a: i64, b: i64| a + b);
//!         m.function("norm", |x: f64, y: f64| (x * x + y * y).sqrt());
//!         m.function("root", |x: f64| {
//!             if x < 0.0 {
//!                 Err(Raise::new(ExcKind::ValueError, "negative"))
//!             } else {
//!                 Ok(x.sqrt())
//!             }
//!         });
//!     })?;
//!     vm.run_source(
//!         "import geo\n\
//!          total = 0\n\
//!          for i in range(1000):\n    total = geo.add(total, i)\n\
//!          def hyp(a, b):\n    return geo.norm(a, b)\n",
//!         "<embedded>",
//!     )?;
//!     let total: i64 = vm.eval("total")?.try_into()?;
//!     let h: f64 = vm.call("hyp", (3.0, 4.0))?.try_into()?;
//!     assert_eq!((total, h), (499500, 5.0));
//!     let err = vm.eval("geo.root(-1.0)").unwrap_err();
//!     assert_eq!(err.exception_type(), Some("ValueError"));
//!     Ok(())
//! }
//! ```
//!
//! This crate wires the pieces together: the interpreter (`interp`), the
//! C API (`capi`) and the JIT (`jit`), which plugs into the interpreter
//! through `interp::jit::JitBackend`. The `typhon` command-line tool is a
//! thin layer over this API.

mod config;
mod module;
mod value;

/// A parameter type of a registered function: `i64`, `f64`, `bool`,
/// `String` and [`Value`] (the conversion from the Python argument).
///
/// ```
/// let mut vm = typhon::Vm::builder().build()?;
/// vm.register_module("args", |m| {
///     m.function("describe", |n: i64, x: f64, b: bool, s: String| format!("{n} {x} {b} {s}"));
/// })?;
/// let v = vm.eval("__import__('args').describe(1, 2.5, True, 's')")?;
/// assert_eq!(String::try_from(v)?, "1 2.5 true s");
/// # Ok::<(), typhon::Error>(())
/// ```
pub use capi::rustfn::Arg;
/// The exception types a registered function raises through [`Raise`].
///
/// ```
/// use typhon::{ExcKind, Raise};
/// let mut vm = typhon::Vm::builder().build()?;
/// vm.register_module("k", |m| {
///     m.function("get", |i: i64| -> Result<i64, Raise> {
///         Err(Raise::new(ExcKind::IndexError, format!("{i} out of range")))
///     });
/// })?;
/// let err = vm.eval("__import__('k').get(3)").unwrap_err();
/// assert_eq!(err.exception_type(), Some("IndexError"));
/// # Ok::<(), typhon::Error>(())
/// ```
pub use capi::rustfn::ExcKind;
/// What [`Module::function`] accepts: closures of up to six [`Arg`]
/// parameters (or up to three with `&str` among them) returning a [`Ret`].
///
/// ```
/// let step = 5;
/// let mut vm = typhon::Vm::builder().build()?;
/// vm.register_module("c", move |m| {
///     // A closure that captures state.
///     m.function("advance", move |x: i64| x + step);
/// })?;
/// assert_eq!(i64::try_from(vm.eval("__import__('c').advance(1)")?)?, 6);
/// # Ok::<(), typhon::Error>(())
/// ```
pub use capi::rustfn::IntoRustFn;
/// A parameter of a registered function: an [`Arg`], or a `&str`
/// borrowed from the Python string for the call ([`Str`]).
///
/// ```
/// let mut vm = typhon::Vm::builder().build()?;
/// vm.register_module("p", |m| {
///     m.function("count", |s: &str, c: &str| s.matches(c).count() as i64);
/// })?;
/// assert_eq!(i64::try_from(vm.eval("__import__('p').count('banana', 'a')")?)?, 3);
/// # Ok::<(), typhon::Error>(())
/// ```
pub use capi::rustfn::Param;
/// The error a registered function returns to raise a chosen exception.
///
/// ```
/// use typhon::{ExcKind, Raise};
/// let r = Raise::new(ExcKind::ValueError, "bad input");
/// assert_eq!((r.kind, r.message.as_str()), (ExcKind::ValueError, "bad input"));
/// ```
pub use capi::rustfn::Raise;
/// A result type of a registered function: the [`Arg`] types, `()`, and
/// `Result<T, E: Display>`, whose `Err` raises.
///
/// ```
/// let mut vm = typhon::Vm::builder().build()?;
/// vm.register_module("r", |m| {
///     m.function("nothing", |_: i64| ());
///     m.function("parse", |s: &str| s.parse::<i64>().map_err(|e| e.to_string()));
/// })?;
/// assert!(vm.eval("__import__('r').nothing(1)")?.is_none());
/// let err = vm.eval("__import__('r').parse('x')").unwrap_err();
/// assert_eq!(err.exception_type(), Some("RuntimeError"));
/// # Ok::<(), typhon::Error>(())
/// ```
pub use capi::rustfn::Ret;
/// Names a `&str` parameter in [`IntoRustFn`]'s argument list (a closure
/// `|s: &str, n: i64|` implements `IntoRustFn<(Str, i64), String>`).
///
/// ```
/// fn register<F: typhon::IntoRustFn<(typhon::Str, i64), String>>(f: F) -> F {
///     f
/// }
/// let f = register(|s: &str, n: i64| s.repeat(n as usize));
/// assert_eq!(f("ab", 2), "abab");
/// ```
pub use capi::rustfn::Str;
pub use config::{CapiConfig, Config, ConfigError, JitConfig, RuntimeConfig};
pub use module::Module;
pub use value::{ConversionError, IntoArgs, Value};

use interp::object::types;
use interp::object::{DictObj, ExcObj, ModuleObj, ObjRef};
use interp::output::Output;
use interp::vm::{MainError, MainScript, Runpy};
use std::io::Write;
use std::path::{Path, PathBuf};

/// An error from running Python code.
///
/// ```
/// let mut vm = typhon::Vm::builder().build()?;
/// let err = vm.run_source("1 / 0", "<calc>").unwrap_err();
/// assert!(matches!(err, typhon::Error::Exception { .. }));
/// assert!(err.to_string().ends_with("ZeroDivisionError: division by zero\n"));
/// # Ok::<(), typhon::Error>(())
/// ```
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An uncaught Python exception.
    #[error("{traceback}")]
    Exception {
        /// The exception type's name, e.g. `ValueError`.
        type_name: String,
        /// `str()` of the exception.
        message: String,
        /// The full CPython-format traceback text, ending in a newline.
        traceback: String,
    },
    /// The program called `sys.exit()`.
    #[error("exit with status {code}")]
    Exit {
        /// The exit status.
        code: i32,
        /// Text to print to stderr first (`sys.exit("message")`).
        message: Option<String>,
    },
    /// The script could not be read.
    #[error("can't open file '{path}': [Errno {errno}] {reason}")]
    Io {
        /// The absolute path of the script.
        path: String,
        /// The OS error number.
        errno: i32,
        /// The OS error text.
        reason: String,
    },
    /// A directory or zip file to run has no `__main__.py`.
    #[error("can't find '__main__' module in '{path}'")]
    NoMain {
        /// The absolute path of the directory or zip file.
        path: String,
    },
    /// A value returned to Rust did not have the Rust type asked for.
    #[error(transparent)]
    Conversion(#[from] ConversionError),
    /// The builder's settings cannot make an interpreter.
    #[error("invalid setting: {0}")]
    Setting(String),
}

impl Error {
    /// The Python exception type's name, if this is an exception.
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().build()?;
    /// let err = vm.eval("int('x')").unwrap_err();
    /// assert_eq!(err.exception_type(), Some("ValueError"));
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn exception_type(&self) -> Option<&str> {
        match self {
            Error::Exception { type_name, .. } => Some(type_name),
            _ => None,
        }
    }
}

/// The two frames of `runpy` that head CPython's traceback of an exception
/// raised by the `__main__.py` of a directory or zip file.
const RUNPY_RUN: &str = "  File \"<frozen runpy>\", line 198, in _run_module_as_main\n  File \"<frozen runpy>\", line 88, in _run_code\n";

/// The frames of `runpy` and `importlib` in CPython's traceback of a
/// directory's `__main__.py` that does not compile.
const RUNPY_COMPILE: &str = "  File \"<frozen runpy>\", line 191, in _run_module_as_main\n  File \"<frozen runpy>\", line 240, in _get_main_module_details\n  File \"<frozen runpy>\", line 159, in _get_module_details\n  File \"<frozen importlib._bootstrap_external>\", line 1074, in get_code\n  File \"<frozen importlib._bootstrap_external>\", line 1004, in source_to_code\n  File \"<frozen importlib._bootstrap>\", line 241, in _call_with_frames_removed\n";

/// The frames of `runpy`, `importlib` and `zipimport` in CPython's
/// traceback of a zip file's `__main__.py` that does not compile.
const ZIPIMPORT_COMPILE: &str = "  File \"<frozen runpy>\", line 191, in _run_module_as_main\n  File \"<frozen runpy>\", line 240, in _get_main_module_details\n  File \"<frozen runpy>\", line 131, in _get_module_details\n  File \"<frozen importlib.util>\", line 103, in find_spec\n  File \"<frozen importlib._bootstrap>\", line 1078, in _find_spec\n  File \"<frozen importlib._bootstrap_external>\", line 1504, in find_spec\n  File \"<frozen importlib._bootstrap_external>\", line 1476, in _get_spec\n  File \"<frozen zipimport>\", line 169, in find_spec\n  File \"<frozen importlib._bootstrap>\", line 435, in spec_from_loader\n  File \"<frozen importlib._bootstrap_external>\", line 798, in spec_from_file_location\n  File \"<frozen zipimport>\", line 228, in get_filename\n  File \"<frozen zipimport>\", line 766, in _get_module_code\n  File \"<frozen zipimport>\", line 695, in _compile_source\n";

/// The frames that head CPython's traceback of a main program run the
/// `runpy` way, if it failed to compile (`compiling`) or while running.
fn runpy_head(runpy: Runpy, compiling: bool) -> Option<&'static str> {
    match (runpy, compiling) {
        (Runpy::No, _) => None,
        (_, false) => Some(RUNPY_RUN),
        (Runpy::Directory, true) => Some(RUNPY_COMPILE),
        (Runpy::Zip, true) => Some(ZIPIMPORT_COMPILE),
    }
}

const TRACEBACK_HEADER: &str = "Traceback (most recent call last):\n";

/// A Typhon interpreter.
///
/// ```
/// let mut vm = typhon::Vm::builder().build()?;
/// vm.run_source("def double(x):\n    return 2 * x\n", "<lib>")?;
/// assert_eq!(i64::try_from(vm.call("double", (21,))?)?, 42);
/// # Ok::<(), typhon::Error>(())
/// ```
pub struct Vm {
    inner: interp::Vm,
    dump: DumpBytecode,
    /// The globals of `__main__`, made by the first run and kept for
    /// every later one.
    main: Option<ObjRef>,
}

/// When `run_*` prints the bytecode (`typhon --dump-bytecode[=WHEN]`).
///
/// ```
/// let mut vm = typhon::Vm::builder()
///     .dump(typhon::DumpBytecode::Before)
///     .stdout(Box::new(std::io::sink()))
///     .build()?;
/// // Prints the bytecode (here into the sink) instead of running.
/// vm.run_source("x = 1", "<d>")?;
/// assert!(vm.get_global("x").is_none());
/// # Ok::<(), typhon::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DumpBytecode {
    /// Never: run the program.
    #[default]
    Off,
    /// Print the bytecode as compiled instead of running the program.
    Before,
    /// Run the program, then print the bytecode of every module it loaded
    /// as it is after the run: with the quickened forms its instructions
    /// were rewritten into.
    After,
}

/// Builds a [`Vm`].
///
/// ```
/// let mut vm = typhon::Vm::builder().jit(false).recursion_limit(500).build()?;
/// assert_eq!(i64::try_from(vm.eval("__import__('sys').getrecursionlimit()")?)?, 500);
/// # Ok::<(), typhon::Error>(())
/// ```
pub struct VmBuilder {
    config: Config,
    argv: Vec<String>,
    stdout: Option<Box<dyn Write>>,
    dump: DumpBytecode,
    stats: bool,
    dump_hir: Vec<String>,
    dump_clif: Vec<String>,
    perf_map: bool,
    /// Directories given to [`VmBuilder::module_path`], checked by
    /// [`VmBuilder::build`].
    module_paths: Vec<PathBuf>,
}

impl Vm {
    /// A builder with the default configuration.
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().build()?;
    /// assert_eq!(i64::try_from(vm.eval("6 * 7")?)?, 42);
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn builder() -> VmBuilder {
        VmBuilder {
            config: Config::default(),
            argv: vec![String::new()],
            stdout: None,
            dump: DumpBytecode::Off,
            stats: false,
            dump_hir: Vec::new(),
            dump_clif: Vec::new(),
            perf_map: false,
            module_paths: Vec::new(),
        }
    }

    /// Runs a program as `__main__`, found as `python3 PATH` finds it: a
    /// source file (which may be a pipe), or a directory or zip file with
    /// a `__main__.py`.
    ///
    /// ```
    /// let path = std::env::temp_dir().join(format!("typhon-doc-{}.py", std::process::id()));
    /// std::fs::write(&path, "answer = 6 * 7\n").unwrap();
    /// let mut vm = typhon::Vm::builder().build()?;
    /// vm.run_file(&path)?;
    /// assert_eq!(i64::try_from(vm.get_global("answer").unwrap())?, 42);
    /// # std::fs::remove_file(&path).unwrap();
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn run_file(&mut self, path: impl AsRef<Path>) -> Result<(), Error> {
        let path = path.as_ref();
        let main = self.inner.read_main(Some(path));
        // A dump names the file as given, as the bytecode tests expect.
        self.run_main(main, Some(&path.to_string_lossy()))
    }

    /// Runs the program on standard input as `__main__` (`<stdin>`).
    ///
    /// ```no_run
    /// // Reads the program from standard input, as `python3 -` does.
    /// let mut vm = typhon::Vm::builder().build()?;
    /// vm.run_stdin()?;
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn run_stdin(&mut self) -> Result<(), Error> {
        let main = self.inner.read_main(None);
        self.run_main(main, None)
    }

    /// Runs what [`interp::Vm::read_main`] read; `dump_name` names it in
    /// a `--dump-bytecode` listing instead of its traceback name.
    fn run_main(
        &mut self,
        main: Result<MainScript, MainError>,
        dump_name: Option<&str>,
    ) -> Result<(), Error> {
        let main = match main {
            Ok(m) => m,
            Err(MainError::Open { path, error }) => {
                return Err(Error::Io {
                    path,
                    errno: error.raw_os_error().unwrap_or(0),
                    reason: io_reason(&error),
                });
            }
            Err(MainError::NoMain { path }) => return Err(Error::NoMain { path }),
            Err(MainError::Py { error, runpy }) => {
                let r = self.finish(Err(error));
                return runpy_frames(r, runpy_head(runpy, true));
            }
        };
        let runpy = main.runpy;
        if self.dump == DumpBytecode::Before {
            return self.dump(&main.text, dump_name.unwrap_or(&main.filename));
        }
        let code = match self.inner.compile(&main.text, &main.filename) {
            Ok(code) => code,
            Err(e) => {
                let r = self.finish(Err(e));
                return runpy_frames(r, runpy_head(runpy, true));
            }
        };
        let globals = self.main_globals(Some(&main.filename));
        let r = self.inner.run_module_code(code, &globals);
        let r = self.finish(r);
        let r = runpy_frames(r, runpy_head(runpy, false));
        self.dump_after(r)
    }

    /// Runs source text in `__main__`; `filename` names it in tracebacks.
    /// Every run shares one `__main__`: names a run defines stay for the
    /// next one, for [`Vm::eval`], [`Vm::call`] and [`Vm::get_global`].
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().build()?;
    /// vm.run_source("def double(x):\n    return 2 * x\n", "<setup>")?;
    /// vm.run_source("y = double(21)", "<run>")?;
    /// assert_eq!(i64::try_from(vm.get_global("y").unwrap())?, 42);
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn run_source(&mut self, source: &str, filename: &str) -> Result<(), Error> {
        if self.dump == DumpBytecode::Before {
            return self.dump(source, filename);
        }
        let globals = self.main_globals(Some(filename));
        let r = self
            .inner
            .compile(source, filename)
            .and_then(|code| self.inner.run_module_code(code, &globals));
        let r = self.finish(r);
        self.dump_after(r)
    }

    /// Runs source text in the module `module` instead of `__main__`: the
    /// module in `sys.modules` if there is one (a registered module, one
    /// a program imported, or one an earlier call made), else a new empty
    /// module registered under that name, which later runs and `import`
    /// statements see.
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().build()?;
    /// vm.run_module_source("config", "limit = 3", "<config>")?;
    /// vm.run_source("import config\nn = config.limit * 2", "<main>")?;
    /// assert_eq!(i64::try_from(vm.get_global("n").unwrap())?, 6);
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn run_module_source(
        &mut self,
        module: &str,
        source: &str,
        filename: &str,
    ) -> Result<(), Error> {
        if module == "__main__" {
            return self.run_source(source, filename);
        }
        let existing = self
            .inner
            .imported(module)
            .and_then(|m| m.downcast::<ModuleObj>().map(|m| m.dict.clone()));
        let globals = match existing {
            Some(g) => g,
            None => {
                let g = self.inner.new_module_dict(module, Some(filename));
                let m = interp::Value::Obj(ModuleObj::new_obj(module, g.clone()));
                self.inner.add_module(module, m);
                g
            }
        };
        let r = self
            .inner
            .compile(source, filename)
            .and_then(|code| self.inner.run_module_code(code, &globals));
        self.finish(r)
    }

    /// Evaluates a Python expression in `__main__` and returns its value.
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().build()?;
    /// let v: f64 = vm.eval("sum([0.5, 1.5]) * 2")?.try_into()?;
    /// assert_eq!(v, 4.0);
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn eval(&mut self, expr: &str) -> Result<Value, Error> {
        let globals = self.main_globals(None);
        let r = self
            .inner
            .compile_mode(expr, "<string>", interp::compile::Mode::Eval, 0)
            .and_then(|code| self.inner.run_code_in(code, &globals, &globals));
        self.finish_value(r)
    }

    /// Calls the function `name` of `__main__` (or a builtin) with `args`,
    /// a tuple of Rust values (`()`, `(x,)`, `(x, y)`, ...).
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().build()?;
    /// vm.run_source("def greet(name, n):\n    return f'hi {name}' * n\n", "<setup>")?;
    /// let s: String = vm.call("greet", ("Ann", 2))?.try_into()?;
    /// assert_eq!(s, "hi Annhi Ann");
    /// let n: i64 = vm.call("len", (vec![1_i64, 2, 3],))?.try_into()?;
    /// assert_eq!(n, 3);
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn call(&mut self, name: &str, args: impl IntoArgs) -> Result<Value, Error> {
        let args = args.into_args();
        let f = match self.lookup(name) {
            Some(f) => f,
            None => {
                let e =
                    interp::PyErr::new(&types::NAME_ERROR, format!("name '{name}' is not defined"));
                return self.finish_value(Err(e));
            }
        };
        let r = self.inner.call(&f, &args);
        self.finish_value(r)
    }

    /// A global of `__main__`, if it is set.
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().build()?;
    /// vm.run_source("answer = 6 * 7", "<setup>")?;
    /// assert_eq!(i64::try_from(vm.get_global("answer").unwrap())?, 42);
    /// assert!(vm.get_global("question").is_none());
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn get_global(&mut self, name: &str) -> Option<Value> {
        let globals = self.main_globals(None);
        globals
            .downcast::<DictObj>()
            .and_then(|d| d.get_str(name))
            .map(Value)
    }

    /// Sets a global of `__main__`.
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().build()?;
    /// vm.set_global("limit", 10);
    /// let v: i64 = vm.eval("limit + 1")?.try_into()?;
    /// assert_eq!(v, 11);
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn set_global(&mut self, name: &str, value: impl Into<Value>) {
        let globals = self.main_globals(None);
        if let Some(d) = globals.downcast::<DictObj>() {
            d.set_str(name, value.into().0);
        }
    }

    /// Registers a module of Rust functions that Python code imports as
    /// `name`. A function whose parameter and result types are all
    /// primitive is a typed method: the interpreter calls it without
    /// boxing its arguments, and the JIT calls it directly. Closures may
    /// capture state.
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().build()?;
    /// let scale = 10.0;
    /// vm.register_module("geo", |m| {
    ///     m.function("add", |a: i64, b: i64| a + b);
    ///     m.function("norm", |x: f64, y: f64| (x * x + y * y).sqrt());
    ///     m.function("scaled", move |x: f64| x * scale);
    /// })?;
    /// vm.run_source("import geo\nr = geo.add(2, 3) + geo.norm(3.0, 4.0) + geo.scaled(1.0)", "<m>")?;
    /// assert_eq!(f64::try_from(vm.get_global("r").unwrap())?, 20.0);
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn register_module(
        &mut self,
        name: &str,
        build: impl FnOnce(&mut Module),
    ) -> Result<(), Error> {
        let dict = self.inner.new_module_dict(name, None);
        let mut m = Module::new(dict.clone());
        build(&mut m);
        if let Some(e) = m.take_error() {
            return self.finish(Err(e));
        }
        let module = interp::Value::Obj(ModuleObj::new_obj(name, dict));
        self.inner.add_module(name, module);
        Ok(())
    }

    /// `__main__`'s globals: made (and registered in `sys.modules`) by the
    /// first call, then the same dict every time. `filename`, if given,
    /// becomes `__file__`.
    fn main_globals(&mut self, filename: Option<&str>) -> ObjRef {
        if let Some(g) = &self.main {
            if let (Some(f), Some(d)) = (filename, g.downcast::<DictObj>()) {
                d.set_str("__file__", interp::Value::str(f));
            }
            return g.clone();
        }
        let globals = self.inner.new_main_dict(filename);
        let module = interp::Value::Obj(ModuleObj::new_obj("__main__", globals.clone()));
        self.inner.add_module("__main__", module);
        self.main = Some(globals.clone());
        globals
    }

    /// `name` in `__main__`, then in the builtins.
    fn lookup(&mut self, name: &str) -> Option<interp::Value> {
        let globals = self.main_globals(None);
        if let Some(v) = globals.downcast::<DictObj>().and_then(|d| d.get_str(name)) {
            return Some(v);
        }
        let builtins = self.inner.builtins().clone();
        builtins
            .downcast::<ModuleObj>()
            .and_then(|m| m.dict.downcast::<DictObj>().and_then(|d| d.get_str(name)))
            .or_else(|| builtins.downcast::<DictObj>().and_then(|d| d.get_str(name)))
    }

    /// A value for Rust, or the exception as an [`Error`].
    fn finish_value(&mut self, r: interp::PyResult<interp::Value>) -> Result<Value, Error> {
        match r {
            Ok(v) => Ok(Value(v)),
            Err(e) => match self.finish(Err(e)) {
                Err(e) => Err(e),
                Ok(()) => Ok(Value::none()),
            },
        }
    }

    /// The quickening statistics table (`typhon --stats`), if the builder
    /// enabled statistics.
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().stats(true).build()?;
    /// vm.run_source("t = 0\nfor i in range(100):\n    t += i\n", "<s>")?;
    /// assert!(vm.stats_report().unwrap().contains("instructions executed"));
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn stats_report(&self) -> Option<String> {
        self.inner.stats_report()
    }

    /// Warnings the JIT has for the end of the run: a function named in
    /// `[jit] disabled_functions` that never became hot.
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().jit(true).jit_function("never_hot", false).build()?;
    /// vm.run_source("def never_hot():\n    pass\n", "<w>")?;
    /// assert_eq!(vm.jit_warnings().len(), 1);
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn jit_warnings(&self) -> Vec<String> {
        self.inner.jit_warnings()
    }

    /// The underlying interpreter, for embedders that need more control.
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().recursion_limit(1234).build()?;
    /// let inner: &mut interp::Vm = vm.interp();
    /// assert_eq!(inner.config().recursion_limit, 1234);
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn interp(&mut self) -> &mut interp::Vm {
        &mut self.inner
    }

    fn dump(&mut self, text: &str, filename: &str) -> Result<(), Error> {
        let r = self
            .inner
            .compile(text, filename)
            .and_then(|code| self.inner.write_out(&code.to_string()));
        match r {
            Ok(()) => Ok(()),
            Err(e) => self.finish(Err(e)),
        }
    }

    /// With [`DumpBytecode::After`], prints the code of every module run,
    /// after the program's outcome `r`; a failed write is the outcome of a
    /// program that ran cleanly.
    fn dump_after(&mut self, r: Result<(), Error>) -> Result<(), Error> {
        if self.dump != DumpBytecode::After {
            return r;
        }
        let text: Vec<String> = self
            .inner
            .compiled_code()
            .iter()
            .map(|c| c.to_string())
            .collect();
        for (i, t) in text.iter().enumerate() {
            let sep = if i > 0 { "\n" } else { "" };
            let written = self
                .inner
                .write_out(sep)
                .and_then(|()| self.inner.write_out(t));
            if let Err(e) = written {
                return r.and_then(|()| self.finish(Err(e)));
            }
        }
        r
    }

    /// Flushes `print` output, as CPython flushes `sys.stdout` when the
    /// interpreter exits. If that fails, returns what CPython then prints
    /// to stderr (`Exception ignored in: …` and the error); CPython's exit
    /// status becomes 120. Output is also flushed, silently, when the `Vm`
    /// is dropped; the `run_*` methods leave it buffered (CPython flushes
    /// it before printing a traceback, and at exit).
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().stdout(Box::new(Vec::new())).build()?;
    /// vm.run_source("print('bye')", "<f>")?;
    /// assert_eq!(vm.flush_at_exit(), None);
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn flush_at_exit(&mut self) -> Option<String> {
        let err = self.inner.flush().err()?;
        let line = interp::traceback::exception_line(&mut self.inner, &err.0);
        Some(format!(
            "Exception ignored in: <_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>\n{line}\n"
        ))
    }

    fn finish(&mut self, r: interp::PyResult<interp::Value>) -> Result<(), Error> {
        let err = match r {
            Ok(_) => return Ok(()),
            Err(e) => e,
        };
        if err.matches(types::SYSTEM_EXIT.get()) {
            let arg = err
                .0
                .downcast::<ExcObj>()
                .and_then(|e| e.args().first().cloned());
            return Err(match arg {
                None | Some(interp::Value::None) => Error::Exit {
                    code: 0,
                    message: None,
                },
                Some(interp::Value::Int(n)) => Error::Exit {
                    code: n as i32,
                    message: None,
                },
                Some(interp::Value::Bool(b)) => Error::Exit {
                    code: b as i32,
                    message: None,
                },
                // An int beyond a C long: CPython's conversion fails and it
                // exits with -1 (status 255), printing nothing.
                Some(big) if big.as_bigint().is_some() => Error::Exit {
                    code: -1,
                    message: None,
                },
                Some(other) => Error::Exit {
                    code: 1,
                    message: Some(interp::ops::str_of(&mut self.inner, &other).unwrap_or_default()),
                },
            });
        }
        let traceback = interp::traceback::format_exception(&mut self.inner, &err);
        let message = interp::ops::str_of(&mut self.inner, &err.value()).unwrap_or_default();
        Err(Error::Exception {
            type_name: err.ty().name().to_owned(),
            message,
            traceback,
        })
    }
}

impl Drop for Vm {
    fn drop(&mut self) {
        self.main = None;
        self.inner.shutdown();
    }
}

impl VmBuilder {
    /// Uses the settings of a loaded `typhon.toml`.
    ///
    /// ```
    /// let config = typhon::Config::parse("[runtime]\nrecursion_limit = 200\n").unwrap();
    /// let mut vm = typhon::Vm::builder().config(config).build()?;
    /// vm.run_source("import sys\nlimit = sys.getrecursionlimit()\n", "<c>")?;
    /// assert_eq!(i64::try_from(vm.get_global("limit").unwrap())?, 200);
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn config(mut self, config: Config) -> Self {
        self.config = config;
        self
    }

    /// Sets the recursion limit.
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().recursion_limit(50).build()?;
    /// let err = vm.run_source("def f(n):\n    return f(n + 1)\nf(0)\n", "<r>").unwrap_err();
    /// assert_eq!(err.exception_type(), Some("RecursionError"));
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn recursion_limit(mut self, n: usize) -> Self {
        self.config.runtime.recursion_limit = n;
        self
    }

    /// Adds a directory to the module search path.
    ///
    /// ```
    /// let dir = std::env::temp_dir().join(format!("typhon-doc-sp-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// std::fs::write(dir.join("helper_sp.py"), "VALUE = 7\n").unwrap();
    /// let mut vm = typhon::Vm::builder().search_path(&dir).build()?;
    /// assert_eq!(i64::try_from(vm.eval("__import__('helper_sp').VALUE")?)?, 7);
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn search_path(mut self, dir: impl Into<PathBuf>) -> Self {
        self.config.runtime.search_paths.push(dir.into());
        self
    }

    /// Adds a directory to the module search path (Python modules and C
    /// extensions are imported from it); [`VmBuilder::build`] fails if it
    /// is not a directory.
    ///
    /// ```
    /// let err = typhon::Vm::builder().module_path("/no/such/dir").build().err().unwrap();
    /// assert!(err.to_string().contains("/no/such/dir"));
    /// ```
    pub fn module_path(mut self, dir: impl Into<PathBuf>) -> Self {
        let dir = dir.into();
        self.module_paths.push(dir.clone());
        self.config.runtime.search_paths.push(dir);
        self
    }

    /// Turns the JIT on or off (on by default).
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().jit(false).stats(true).build()?;
    /// vm.run_source("def f():\n    return 1\nt = sum(f() for i in range(5000))\n", "<j>")?;
    /// assert_eq!(i64::try_from(vm.get_global("t").unwrap())?, 5000);
    /// // No JIT installed: the statistics have no JIT section.
    /// assert!(!vm.stats_report().unwrap().contains("JIT:"));
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn jit(mut self, on: bool) -> Self {
        self.config.jit.enabled = on;
        self
    }

    /// Calls plus loop iterations of a function before the JIT compiles
    /// it (default 1000).
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().jit(true).jit_threshold(10).build()?;
    /// vm.run_source("def sq(x):\n    return x * x\nt = sum(sq(i) for i in range(100))\n", "<t>")?;
    /// assert_eq!(i64::try_from(vm.get_global("t").unwrap())?, 328350);
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn jit_threshold(mut self, n: u32) -> Self {
        self.config.jit.threshold = n;
        self
    }

    /// Allows (`true`, the default) or forbids the JIT to compile the
    /// function with this qualified name (`f`, `Class.method`).
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder()
    ///     .jit(true)
    ///     .jit_threshold(100)
    ///     .jit_function("slow_path", false)
    ///     .build()?;
    /// vm.run_source("def slow_path(x):\n    return x\nfor i in range(1000):\n    slow_path(i)\n", "<j>")?;
    /// // `slow_path` became hot and was left to the interpreter: no warning.
    /// assert!(vm.jit_warnings().is_empty());
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn jit_function(mut self, name: impl Into<String>, on: bool) -> Self {
        let name = name.into();
        let list = &mut self.config.jit.disabled_functions;
        list.retain(|n| *n != name);
        if !on {
            list.push(name);
        }
        self
    }

    /// Sets `sys.argv`.
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder()
    ///     .argv(vec!["prog.py".into(), "--fast".into()])
    ///     .build()?;
    /// assert_eq!(String::try_from(vm.eval("__import__('sys').argv[1]")?)?, "--fast");
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn argv(mut self, argv: Vec<String>) -> Self {
        self.argv = argv;
        self
    }

    /// Sends `print` output somewhere other than the process's stdout.
    ///
    /// ```
    /// use std::{cell::RefCell, io::Write, rc::Rc};
    /// struct Shared(Rc<RefCell<Vec<u8>>>);
    /// impl Write for Shared {
    ///     fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
    ///         self.0.borrow_mut().extend_from_slice(b);
    ///         Ok(b.len())
    ///     }
    ///     fn flush(&mut self) -> std::io::Result<()> {
    ///         Ok(())
    ///     }
    /// }
    /// let buf = Rc::new(RefCell::new(Vec::new()));
    /// let mut vm = typhon::Vm::builder().stdout(Box::new(Shared(buf.clone()))).build()?;
    /// vm.run_source("print('hi')", "<o>")?;
    /// vm.flush_at_exit();
    /// assert_eq!(buf.borrow().as_slice(), b"hi\n");
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn stdout(mut self, out: Box<dyn Write>) -> Self {
        self.stdout = Some(out);
        self
    }

    /// Makes `run_*` print the bytecode instead of running it.
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder()
    ///     .dump_bytecode(true)
    ///     .stdout(Box::new(std::io::sink()))
    ///     .build()?;
    /// vm.run_source("y = 2", "<b>")?; // listed, not run
    /// assert!(vm.get_global("y").is_none());
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn dump_bytecode(mut self, on: bool) -> Self {
        self.dump = if on {
            DumpBytecode::Before
        } else {
            DumpBytecode::Off
        };
        self
    }

    /// Chooses when `run_*` prints the bytecode (see [`DumpBytecode`]).
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder()
    ///     .dump(typhon::DumpBytecode::After)
    ///     .stdout(Box::new(std::io::sink()))
    ///     .build()?;
    /// vm.run_source("y = 2", "<a>")?; // run, then listed
    /// assert!(vm.get_global("y").is_some());
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn dump(mut self, when: DumpBytecode) -> Self {
        self.dump = when;
        self
    }

    /// Counts what the quickening interpreter does, for
    /// [`Vm::stats_report`].
    ///
    /// ```
    /// let vm = typhon::Vm::builder().stats(false).build()?;
    /// assert!(vm.stats_report().is_none());
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn stats(mut self, on: bool) -> Self {
        self.stats = on;
        self
    }

    /// Appends each compiled function to `/tmp/perf-<pid>.map`, so that
    /// `perf report` names JIT code.
    ///
    /// ```no_run
    /// // Writes /tmp/perf-<pid>.map as functions are compiled.
    /// let mut vm = typhon::Vm::builder().jit(true).perf_map(true).build()?;
    /// vm.run_source("def f(x):\n    return x + 1\nfor i in range(10000):\n    f(i)\n", "<p>")?;
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn perf_map(mut self, on: bool) -> Self {
        self.perf_map = on;
        self
    }

    /// Prints the JIT's HIR of the function with this qualified name to
    /// stderr when it is compiled.
    ///
    /// ```
    /// // Prints `inc`'s HIR to stderr if it gets compiled.
    /// let mut vm = typhon::Vm::builder().jit(true).dump_hir("inc").build()?;
    /// vm.run_source("def inc(x):\n    return x + 1\n", "<h>")?;
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn dump_hir(mut self, name: impl Into<String>) -> Self {
        self.dump_hir.push(name.into());
        self
    }

    /// Prints the JIT's CLIF of the function with this qualified name to
    /// stderr when it is compiled.
    ///
    /// ```
    /// // Prints `inc`'s Cranelift IR to stderr if it gets compiled.
    /// let mut vm = typhon::Vm::builder().jit(true).dump_clif("inc").build()?;
    /// vm.run_source("def inc(x):\n    return x + 1\n", "<c>")?;
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn dump_clif(mut self, name: impl Into<String>) -> Self {
        self.dump_clif.push(name.into());
        self
    }

    /// Builds the interpreter.
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().jit(false).build()?;
    /// vm.run_source("x = 1", "<x>")?;
    /// assert_eq!(i64::try_from(vm.get_global("x").unwrap())?, 1);
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn build(self) -> Result<Vm, Error> {
        if let Some(bad) = self.module_paths.iter().find(|d| !d.is_dir()) {
            return Err(Error::Setting(format!(
                "module path '{}' is not a directory",
                bad.display()
            )));
        }
        let cfg = interp::VmConfig {
            recursion_limit: self.config.runtime.recursion_limit,
            search_paths: self.config.runtime.search_paths.clone(),
            argv: self.argv,
            typed_calls: self.config.capi.typed_calls,
            quicken_warmup: self.config.runtime.quicken_warmup,
            stats: self.stats,
            keep_code: self.dump == DumpBytecode::After,
        };
        let out = match self.stdout {
            Some(sink) => Output::plain(sink),
            None => process_stdout(),
        };
        capi::install();
        let mut inner = interp::Vm::with_output(cfg, out);
        if self.config.jit.enabled {
            let j = &self.config.jit;
            inner.set_jit(jit::backend(jit::options::Options {
                enabled: true,
                threshold: j.threshold,
                eager: j.eager,
                disabled_functions: j.disabled_functions.clone(),
                max_exits: j.max_exits,
                perf_map: self.perf_map,
                dump_hir: self.dump_hir.clone(),
                dump_clif: self.dump_clif.clone(),
                verify: j.verify,
                warm_up: j.warm_up,
                background: j.background,
                osr: j.osr,
            }));
        }
        Ok(Vm {
            inner,
            dump: self.dump,
            main: None,
        })
    }
}

/// The process's standard output, buffered as CPython buffers
/// `sys.stdout`: by the file's block size, and line by line on a terminal.
/// It writes to its own handle on the descriptor, so that no second buffer
/// (Rust's `Stdout` is line buffered) sits between Python and the file.
fn process_stdout() -> Output {
    use std::io::IsTerminal;
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let tty = std::io::stdout().is_terminal();
    match std::io::stdout().as_fd().try_clone_to_owned() {
        Ok(fd) => {
            let file = std::fs::File::from(fd);
            // CPython's FileIO._blksize: st_blksize when above 1.
            let cap = match file.metadata() {
                Ok(m) if m.blksize() > 1 => m.blksize() as usize,
                _ => interp::output::DEFAULT_BUFFER_SIZE,
            };
            Output::new(Box::new(file), cap, tty)
        }
        Err(_) => Output::new(
            Box::new(std::io::stdout()),
            interp::output::DEFAULT_BUFFER_SIZE,
            tty,
        ),
    }
}

/// Puts CPython's `runpy` frames (`frames`) at the head of the traceback
/// of `r`'s exception: after the last `Traceback` header, which heads the
/// exception that left the module; a `SyntaxError` from compiling has no
/// header, so it gets one.
fn runpy_frames(r: Result<(), Error>, frames: Option<&str>) -> Result<(), Error> {
    let (
        Some(frames),
        Err(Error::Exception {
            type_name,
            message,
            traceback,
        }),
    ) = (frames, &r)
    else {
        return r;
    };
    let traceback = match traceback.rfind(TRACEBACK_HEADER) {
        Some(i) if frames == RUNPY_RUN => {
            let at = i + TRACEBACK_HEADER.len();
            format!("{}{frames}{}", &traceback[..at], &traceback[at..])
        }
        Some(_) => traceback.clone(),
        None => format!("{TRACEBACK_HEADER}{frames}{traceback}"),
    };
    Err(Error::Exception {
        type_name: type_name.clone(),
        message: message.clone(),
        traceback,
    })
}

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "No such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "Permission denied".into(),
        _ => {
            let s = e.to_string();
            match s.find(" (os error") {
                Some(i) => s[..i].to_owned(),
                None => s,
            }
        }
    }
}

/// The number of live heap objects on this thread (for leak checks).
/// Immortal objects (shared one-character strings, what static C types own)
/// are not counted.
///
/// ```
/// let before = typhon::live_objects();
/// {
///     let mut vm = typhon::Vm::builder().build()?;
///     vm.run_source("data = [str(i) for i in range(100)]", "<l>")?;
///     assert!(typhon::live_objects() > before);
/// }
/// # Ok::<(), typhon::Error>(())
/// ```
pub fn live_objects() -> isize {
    interp::object::live_objects()
}
