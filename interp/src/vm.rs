//! The virtual machine: global interpreter state (builtins, loaded modules,
//! the exceptions being handled, output), calling, and module loading.

use crate::builtins;
use crate::bytecode::{Code, Source};
use crate::eval;
use crate::ext;
use crate::frame::ExecState;
use crate::jit::{JitBackend, NoJit};
use crate::methods;
use crate::object::class::{ClassData, hook};
use crate::object::types::{self, Kind};
use crate::object::{
    Args, Builtin, DictKey, DictObj, ExcObj, Function, Hint, ModuleObj, ObjRef, PyErr, PyResult,
    StaticType, StrObj, Value,
};
use crate::output::{self, Output};
use crate::parse;
use crate::source::{self, Origin, ReadError};
use std::io::{Seek, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Interpreter settings (the `[runtime]` part of `typhon.toml`, plus
/// what the embedder or CLI supplies).
#[derive(Clone, Debug)]
pub struct VmConfig {
    /// Maximum depth of Python frames before `RecursionError`.
    pub recursion_limit: usize,
    /// Extra directories searched by `import`, after the script's own.
    pub search_paths: Vec<PathBuf>,
    /// `sys.argv`.
    pub argv: Vec<String>,
    /// Whether calls to C functions with typed-method metadata take the
    /// typed fast path (on by default; off runs every C call through its
    /// calling convention's wrapper, for comparison and debugging).
    pub typed_calls: bool,
    /// Executions of a specializing instruction before it first tries to
    /// specialize; 0 specializes on first execution and deoptimizes on the
    /// first guard miss (a stress setting for testing the guards).
    pub quicken_warmup: u16,
    /// Count what the quickening interpreter does (`typhon --stats`).
    pub stats: bool,
    /// Keep every compiled module's code, for showing its quickened forms
    /// after the run (`typhon --dump-bytecode=after`).
    pub keep_code: bool,
}

impl Default for VmConfig {
    fn default() -> Self {
        VmConfig {
            recursion_limit: 1000,
            search_paths: Vec::new(),
            argv: vec![String::new()],
            typed_calls: true,
            quicken_warmup: crate::quicken::DEFAULT_WARMUP,
            stats: false,
            keep_code: false,
        }
    }
}

/// The interpreter. Single-threaded: a `Vm` and its values stay on the
/// thread that made them.
pub struct Vm {
    pub(crate) config: VmConfig,
    pub(crate) builtins: ObjRef,
    /// `sys.modules`: every module imported so far by full name, the dict
    /// the import system consults first (programs may read and change it).
    pub(crate) modules: ObjRef,
    /// The list `sys.path` starts as: the main script's directory, then
    /// `typhon.toml`'s search paths, then `TYPHON_PATH`. `import` reads
    /// `sys.path` itself when the `sys` module exists (so a program may
    /// change or replace it), this list otherwise.
    pub(crate) sys_path: ObjRef,
    /// The class of module specs (`__spec__`), made on first use.
    pub(crate) spec_class: Option<ObjRef>,
    /// The globals of `types.GenericAlias` and `types.UnionType`
    /// (`crate::stdlib::generic`), once made.
    pub(crate) generic_types: Option<ObjRef>,
    /// The `sys` module, once made (`import sys` after `del
    /// sys.modules['sys']` finds it again, as in CPython), and its dict,
    /// where the import system reads `sys.path`.
    pub(crate) sys_module: Option<Value>,
    pub(crate) sys_dict: Option<ObjRef>,
    /// Exceptions currently being handled (`except`/`finally` bodies).
    pub(crate) handled: Vec<ObjRef>,
    /// Current depth of Python frames.
    pub(crate) depth: usize,
    pub(crate) out: Output,
    /// Pre-made method objects of built-in types, indexed like
    /// [`methods::table`].
    pub(crate) method_objs: Vec<Vec<Value>>,
    /// Classes instances were moved away from by `obj.__class__ = C`:
    /// kept (once each) until shutdown, since code up the stack may still
    /// read the old class through the instance's type.
    pub(crate) retired_classes: Vec<ObjRef>,
    /// Methods of C types that LOAD_METHOD_EXT sites found; their caches
    /// hold indices into this table.
    pub(crate) ext_methods: Vec<crate::ext::ExtMethod>,
    pub(crate) null_marker: ObjRef,
    /// `abc.ABCMeta`, once the `abc` module has run: the class whose
    /// functions abstract base classes get (see `crate::classes::abc_hook`).
    pub(crate) abc_meta: Option<ObjRef>,
    /// The zip file run as the program, searched first by `import` for
    /// top-level modules (it is `sys.path[0]`).
    pub(crate) main_zip: Option<MainZip>,
    /// Files whose source CPython's traceback printer cannot read again
    /// (it reopens the file by name): a script read from a pipe or FIFO,
    /// and modules inside a zip file. Their tracebacks show no lines.
    pub(crate) unreadable: Vec<String>,
    native_stack_top: usize,
    pub(crate) jit: Box<dyn JitBackend>,
    /// Quickening statistics, when `config.stats` asked for them.
    pub(crate) stats: Option<Box<crate::stats::Stats>>,
    /// Compiled module code, when `config.keep_code` asked for it.
    kept_code: Vec<Rc<Code>>,
    /// Finished activations kept for the next nested run ([`Vm::call_with`]
    /// of a Python function, as a dunder method or `__init__` is called):
    /// a fresh one allocates and clears its value stack (256 values) and a
    /// frame slot each time, which was 14% of the ray tracer's instructions.
    spare_states: Vec<ExecState>,
    /// Frame slots kept for the next nested run that resumes a generator
    /// (`crate::generator`), so that a builtin consuming one (`sum`,
    /// `list`) does not allocate them per element.
    pub(crate) gen_frames: Vec<(Vec<crate::frame::Frame>, Vec<crate::frame::Segment>)>,
    /// Compiled code the interpreter stopped using (see
    /// [`crate::jit::discard`]), freed once no compiled code runs.
    pub(crate) retired_jit: Vec<Rc<dyn crate::jit::Compiled>>,
    /// Runs of compiled code the interpreter entered that have not
    /// returned yet ([`crate::jit::run`]): while there is one, any
    /// compiled code may be running (compiled callers call compiled code
    /// directly), so retired code is kept.
    pub(crate) jit_runs: u32,
    /// Frames of calls compiled code made directly that the interpreter
    /// is to resume (`eval::compiled_call`), innermost first.
    pub(crate) handed_up: Vec<crate::eval::HandedUp>,
}

/// How many finished activations [`Vm::call_with`] keeps for reuse (one per
/// level of nesting that is live at once).
pub(crate) const SPARE_STATES: usize = 8;

/// The object left on the stack by LOAD_METHOD when the attribute is not a
/// method (CPython uses NULL there).
pub static NULL_MARKER: StaticType =
    StaticType::new::<()>(&types::TYPE, c"<null>", None, Kind::MARKER, false);

/// How deep native recursion through re-entrant calls may go, in bytes of
/// machine stack, before `RecursionError` is raised instead.
const NATIVE_STACK_BUDGET: usize = 64 * 1024 * 1024;

/// Byte offsets in a [`Vm`] of the call depth and of the recursion
/// limit (both `usize`), which compiled code reads and writes when one
/// compiled function calls another directly.
pub const DEPTH_OFFSET: usize = std::mem::offset_of!(Vm, depth);
/// See [`DEPTH_OFFSET`].
pub const RECURSION_LIMIT_OFFSET: usize = std::mem::offset_of!(Vm, config.recursion_limit);

impl Vm {
    /// The lowest machine-stack address native recursion may reach
    /// before `RecursionError` (see [`Vm::check_native_stack`]; the stack
    /// grows down on every target the JIT supports).
    pub fn native_stack_floor(&self) -> usize {
        self.native_stack_top.saturating_sub(NATIVE_STACK_BUDGET)
    }

    /// A new interpreter with the given settings, writing `print` output to
    /// `out` (block buffered as CPython buffers a file).
    pub fn new(config: VmConfig, out: Box<dyn Write>) -> Vm {
        Vm::with_output(config, Output::plain(out))
    }

    /// A new interpreter writing `print` output to `out`.
    pub fn with_output(config: VmConfig, out: Output) -> Vm {
        let here = 0usize;
        let mut vm = Vm {
            config,
            builtins: DictObj::new_obj(),
            modules: DictObj::new_obj(),
            sys_path: crate::object::ListObj::new_obj(Vec::new()),
            spec_class: None,
            generic_types: None,
            sys_module: None,
            sys_dict: None,
            handled: Vec::new(),
            depth: 0,
            out,
            method_objs: Vec::new(),
            retired_classes: Vec::new(),
            ext_methods: Vec::new(),
            spare_states: Vec::new(),
            gen_frames: Vec::new(),
            retired_jit: Vec::new(),
            jit_runs: 0,
            handed_up: Vec::new(),
            null_marker: ObjRef::from_static(&NULL_MARKER),
            abc_meta: None,
            main_zip: None,
            unreadable: Vec::new(),
            native_stack_top: &here as *const usize as usize,
            jit: Box::new(NoJit),
            stats: None,
            kept_code: Vec::new(),
        };
        if vm.config.stats {
            vm.stats = Some(Box::default());
        }
        vm.init_sys_path();
        builtins::install(&mut vm);
        for (kind, table) in methods::all_tables() {
            let objs = table
                .iter()
                .map(|(name, f)| Value::Obj(Builtin::new_obj(name, *f, None)))
                .collect();
            let k = kind as usize;
            if vm.method_objs.len() <= k {
                vm.method_objs.resize(k + 1, Vec::new());
            }
            vm.method_objs[k] = objs;
        }
        vm
    }

    /// Installs a JIT backend (see [`JitBackend`]).
    pub fn set_jit(&mut self, jit: Box<dyn JitBackend>) {
        self.jit = jit;
    }

    /// The settings.
    pub fn config(&self) -> &VmConfig {
        &self.config
    }

    /// Flushes buffered `print` output (`sys.stdout.flush()`): a failed
    /// write is CPython's `OSError` (`BrokenPipeError` for a closed pipe),
    /// and what was not written stays buffered for the next flush.
    pub fn flush(&mut self) -> PyResult<()> {
        self.out.flush().map_err(|e| output::os_error(&e))
    }

    /// Writes text to the VM's standard output (`sys.stdout.write`); a
    /// failed write raises as in [`Vm::flush`].
    pub fn write_out(&mut self, s: &str) -> PyResult<()> {
        self.out
            .write(s.as_bytes())
            .map_err(|e| output::os_error(&e))
    }

    /// The builtins dict.
    pub fn builtins(&self) -> &ObjRef {
        &self.builtins
    }

    /// Adds a builtin name.
    pub fn add_builtin(&mut self, name: &str, v: Value) {
        if let Some(d) = self.builtins.downcast::<DictObj>() {
            d.set_str(name, v);
        }
    }

    /// Registers a module under `name` in `sys.modules` (so `import name`
    /// finds it).
    pub fn add_module(&mut self, name: &str, module: Value) {
        if let Some(d) = self.modules.downcast::<DictObj>() {
            d.set_str(name, module);
        }
    }

    // ----- running code -------------------------------------------------

    /// Compiles `text` (named `filename` in tracebacks) into a module code
    /// object.
    pub fn compile(&mut self, text: &str, filename: &str) -> PyResult<Rc<Code>> {
        // Text read from a file is already in this form; a string given
        // directly is translated as CPython's `compile()` does.
        source::check_no_nul(text)?;
        let source = Rc::new(Source::new(
            filename,
            source::translate_newlines(text).into_owned(),
        ));
        let code = parse::parse_and_compile(source)?;
        if self.config.keep_code {
            self.kept_code.push(code.clone());
        }
        Ok(code)
    }

    /// Compiles `text` for `exec`/`eval`/`compile()` (`mode`), named
    /// `filename`: its names live in a namespace dict (see
    /// [`Vm::run_code_in`]).
    pub fn compile_mode(
        &mut self,
        text: &str,
        filename: &str,
        mode: crate::compile::Mode,
        flags: u32,
    ) -> PyResult<Rc<Code>> {
        source::check_no_nul(text)?;
        let source = Rc::new(Source::new(
            filename,
            source::translate_newlines(text).into_owned(),
        ));
        parse::parse_and_compile_mode(source, mode, flags)
    }

    /// Runs code compiled by [`Vm::compile_mode`] with `globals` and the
    /// namespace `locals` (the same dict at module level), returning what
    /// it returns.
    pub fn run_code_in(
        &mut self,
        code: Rc<Code>,
        globals: &ObjRef,
        locals: &ObjRef,
    ) -> PyResult<Value> {
        crate::quicken::quicken_code(&code, self.config.quicken_warmup, u32::MAX);
        let mut slots = vec![None; code.nslots()];
        if let Some(s) = slots.first_mut() {
            *s = Some(Value::Obj(locals.clone()));
        }
        self.check_native_stack()?;
        let mut st = ExecState::default();
        let hb = self.handled.len();
        self.enter_depth()?;
        if let Err(e) = st.push_frame_at(code, globals.clone(), None, 0, slots, Vec::new(), hb) {
            st.truncate(0);
            self.leave_nested();
            return Err(e);
        }
        eval::run(self, &mut st)
    }

    /// The code of every module compiled so far (kept only with
    /// [`VmConfig::keep_code`]), in compilation order.
    pub fn compiled_code(&self) -> &[Rc<Code>] {
        &self.kept_code
    }

    /// The `--stats` report, if statistics were enabled.
    pub fn stats_report(&self) -> Option<String> {
        let s = self.stats.as_ref()?;
        let mut r = s.report();
        if let Some(j) = self.jit.report() {
            r.push('\n');
            r.push_str(&j);
        }
        Some(r)
    }

    /// The JIT's warnings for the end of the run (see
    /// [`JitBackend::exit_warnings`]).
    pub fn jit_warnings(&self) -> Vec<String> {
        self.jit.exit_warnings()
    }

    /// Runs a module body with the given globals.
    pub fn run_module_code(&mut self, code: Rc<Code>, globals: &ObjRef) -> PyResult<Value> {
        crate::quicken::quicken_code(&code, self.config.quicken_warmup, u32::MAX);
        let mut st = ExecState::default();
        let nslots = code.nslots();
        let hb = self.handled.len();
        self.enter_depth()?;
        if let Err(e) = st.push_frame_at(
            code,
            globals.clone(),
            None,
            0,
            vec![None; nslots],
            Vec::new(),
            hb,
        ) {
            st.truncate(0);
            self.leave_nested();
            return Err(e);
        }
        // The loop's frame teardown undoes `enter_depth`.
        eval::run(self, &mut st)
    }

    /// A fresh globals dict for a module called `name`: `__name__`, and
    /// `__doc__`, `__package__`, `__loader__` and `__spec__` set to `None`
    /// as a new module object has them (the import system sets the last
    /// three), then `__file__` if given.
    pub fn new_module_dict(&mut self, name: &str, file: Option<&str>) -> ObjRef {
        let d = DictObj::new_obj();
        if let Some(dd) = d.downcast::<DictObj>() {
            dd.set_str("__name__", Value::str(name));
            for k in ["__doc__", "__package__", "__loader__", "__spec__"] {
                dd.set_str(k, Value::None);
            }
            if let Some(f) = file {
                dd.set_str("__file__", Value::str(f));
            }
        }
        d
    }

    /// Whether tracebacks leave out the source lines of `filename`, as
    /// CPython's do for a file it cannot read again by its name.
    pub fn source_unreadable(&self, filename: &str) -> bool {
        self.unreadable.iter().any(|f| f == filename)
    }

    /// Runs a script file as `__main__` (see [`Vm::read_main`]).
    pub fn run_main_file(&mut self, path: &Path) -> PyResult<Value> {
        let main = match self.read_main(Some(path)) {
            Ok(m) => m,
            Err(MainError::Py { error, .. }) => return Err(error),
            Err(e) => return Err(PyErr::new(&types::OS_ERROR, e.to_string())),
        };
        self.run_main_source(&main.text, &main.filename)
    }

    /// Reads the program `typhon PATH` runs, as CPython finds it: `path`
    /// a source file (read once, so a pipe or FIFO works), a directory or
    /// zip file holding `__main__.py`, or with `None` standard input. The
    /// place it came from becomes the first place `import` looks.
    pub fn read_main(&mut self, path: Option<&Path>) -> Result<MainScript, MainError> {
        let Some(path) = path else {
            let text = source::read_source(&mut std::io::stdin().lock(), "<stdin>", Origin::Script)
                .map_err(|e| main_read_error(e, "<stdin>", Runpy::No))?;
            // CPython puts '' (the working directory) first on sys.path.
            self.set_path0("");
            return Ok(MainScript {
                text,
                filename: "<stdin>".into(),
                runpy: Runpy::No,
            });
        };
        let shown = cpython_abspath(path);
        let open_error = |error: std::io::Error| MainError::Open {
            path: shown.clone(),
            error,
        };
        if path.is_dir() {
            let main = path.join("__main__.py");
            let mut file = match std::fs::File::open(&main) {
                Ok(f) if main.is_file() => f,
                _ => return Err(MainError::NoMain { path: shown }),
            };
            let filename = format!("{}/__main__.py", shown.trim_end_matches('/'));
            let text = source::read_source(&mut file, &filename, Origin::Module)
                .map_err(|e| main_read_error(e, &filename, Runpy::Directory))?;
            self.set_path0(&path.to_string_lossy());
            return Ok(MainScript {
                text,
                filename,
                runpy: Runpy::Directory,
            });
        }
        let mut file = std::fs::File::open(path).map_err(open_error)?;
        // Only a regular file can be a zip file (which is read from its
        // end); anything else (a pipe, a FIFO, a terminal) is read once,
        // from the start.
        let regular = file.metadata().map(|m| m.is_file()).unwrap_or(false);
        if regular
            && let Some(mut archive) = file
                .try_clone()
                .ok()
                .and_then(|f| zip::ZipArchive::new(f).ok())
        {
            let filename = format!("{shown}/__main__.py");
            let text = match archive.by_name("__main__.py") {
                Ok(mut entry) => source::read_source(&mut entry, &filename, Origin::Module)
                    .map_err(|e| main_read_error(e, &filename, Runpy::Zip))?,
                Err(_) => return Err(MainError::NoMain { path: shown }),
            };
            self.unreadable.push(filename.clone());
            self.set_path0(&shown);
            self.main_zip = Some(MainZip { shown, archive });
            return Ok(MainScript {
                text,
                filename,
                runpy: Runpy::Zip,
            });
        }
        if regular {
            file.rewind().map_err(open_error)?;
        } else {
            // A pipe, FIFO or device gives its bytes once.
            self.unreadable.push(shown.clone());
        }
        let text = source::read_source(&mut file, &shown, Origin::Script)
            .map_err(|e| main_read_error(e, &shown, Runpy::No))?;
        // CPython's sys.path[0]: the directory of the script's real path
        // (symlinks and `..` resolved).
        let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let dir = match real.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_string_lossy().into_owned(),
            _ => String::new(),
        };
        self.set_path0(&dir);
        Ok(MainScript {
            text,
            filename: shown,
            runpy: Runpy::No,
        })
    }

    /// Runs source text as `__main__`.
    pub fn run_main_source(&mut self, text: &str, filename: &str) -> PyResult<Value> {
        let code = self.compile(text, filename)?;
        self.run_main_code(code, filename)
    }

    /// The globals of a new `__main__` module, as CPython's: no package,
    /// no spec, `__builtins__` the `builtins` module, an empty
    /// `__annotations__`, and with a file, `__cached__` None.
    pub fn new_main_dict(&mut self, filename: Option<&str>) -> ObjRef {
        let globals = self.new_module_dict("__main__", filename);
        let builtins = self.import_level(&Value::str("builtins"), None, &Value::None, 0);
        if let Some(d) = globals.downcast::<DictObj>() {
            if let Ok(b) = builtins {
                d.set_str("__builtins__", b);
            }
            d.set_str("__annotations__", Value::dict());
            if filename.is_some() {
                d.set_str("__cached__", Value::None);
            }
        }
        globals
    }

    /// Runs compiled code as `__main__` (`__file__` is `filename`).
    pub fn run_main_code(&mut self, code: Rc<Code>, filename: &str) -> PyResult<Value> {
        let globals = self.new_main_dict(Some(filename));
        let module = Value::Obj(ModuleObj::new_obj("__main__", globals.clone()));
        self.add_module("__main__", module);
        self.run_module_code(code, &globals)
    }

    /// One Python frame deeper: [`Vm::enter_nested`] with CPython's plain
    /// message.
    pub(crate) fn enter_depth(&mut self) -> PyResult<()> {
        self.enter_nested("")
    }

    /// One level deeper into a recursion over nested data (comparing two
    /// nested lists, say), counted with the Python frames as CPython counts
    /// it: past the recursion limit, `RecursionError` with `what` after
    /// CPython's message, instead of a native stack overflow. The caller
    /// steps back out with [`Vm::leave_nested`].
    pub(crate) fn enter_nested(&mut self, what: &str) -> PyResult<()> {
        if self.depth >= self.config.recursion_limit {
            return Err(PyErr::new(
                &types::RECURSION_ERROR,
                format!("maximum recursion depth exceeded{what}"),
            ));
        }
        self.depth += 1;
        Ok(())
    }

    /// The step back out of [`Vm::enter_nested`].
    pub(crate) fn leave_nested(&mut self) {
        self.depth -= 1;
    }

    /// The recursion limit less the frames running now: how much deeper
    /// nested data may be walked.
    pub(crate) fn nesting_left(&self) -> usize {
        self.config.recursion_limit.saturating_sub(self.depth)
    }

    /// Reports an exception no caller can receive (one raised while a
    /// dead generator was closed), as CPython's `PyErr_WriteUnraisable`:
    /// `header` and the traceback on stderr.
    pub(crate) fn write_unraisable(&mut self, e: &PyErr, header: &str) {
        let _ = self.flush();
        let tb = crate::traceback::format_exception(self, e);
        eprintln!("{header}");
        eprint!("{tb}");
    }

    /// CPython's `PyErr_WriteUnraisable(obj)` for the exception `e`:
    /// "Exception ignored in: " and `repr(obj)` when there is an object
    /// (not None), then the traceback and the exception, on stderr.
    pub fn write_unraisable_in(&mut self, e: &PyErr, obj: Option<&Value>) {
        let _ = self.flush();
        if let Some(o) = obj.filter(|o| !matches!(o, Value::None)) {
            let r = crate::ops::repr(self, o);
            let text = r.unwrap_or_else(|_| "<object repr() failed>".to_owned());
            eprintln!("Exception ignored in: {text}");
        }
        let tb = crate::traceback::format_exception(self, e);
        eprint!("{tb}");
    }

    pub(crate) fn check_native_stack(&self) -> PyResult<()> {
        let here = 0usize;
        let addr = &here as *const usize as usize;
        if self.native_stack_top.abs_diff(addr) > NATIVE_STACK_BUDGET {
            return Err(PyErr::new(
                &types::RECURSION_ERROR,
                "maximum recursion depth exceeded while calling a Python object",
            ));
        }
        Ok(())
    }

    // ----- calling --------------------------------------------------------

    /// Calls `f(*args)`.
    pub fn call(&mut self, f: &Value, args: &[Value]) -> PyResult<Value> {
        self.call_with(f, Args::positional(args))
    }

    /// Calls `f(*args, **kwargs)`.
    pub fn call_with(&mut self, f: &Value, args: Args<'_>) -> PyResult<Value> {
        let Value::Obj(o) = f else {
            return Err(not_callable(f));
        };
        match o.kind() {
            Kind::FUNCTION => {
                self.check_native_stack()?;
                let mut st = self.spare_states.pop().unwrap_or_default();
                let r = eval::push_function_frame(self, &mut st, o, args.pos, args.kw)
                    .and_then(|()| eval::run(self, &mut st));
                self.recycle_state(st);
                r
            }
            Kind::BUILTIN => {
                let Some(b) = o.downcast::<Builtin>() else {
                    return Err(not_callable(f));
                };
                match &b.bound {
                    None => (b.func)(self, args).map_err(crate::introspect::from_native),
                    Some(recv) => {
                        let mut v = Vec::with_capacity(args.pos.len() + 1);
                        v.push(recv.clone());
                        v.extend(args.pos.iter().cloned());
                        (b.func)(
                            self,
                            Args {
                                pos: &v,
                                kw: args.kw,
                            },
                        )
                    }
                }
            }
            Kind::METHOD_DESCR => match o.downcast::<crate::object::MethodDescr>() {
                Some(d) => crate::methods::call_descr(self, d, args),
                None => Err(not_callable(f)),
            },
            Kind::TYPE if !ext::is_foreign_type(o) => builtins::call_type(self, o, args),
            _ if o.ty().is_heap_type() => match crate::dunder::call_object(self, f, args) {
                Some(r) => r,
                None => Err(not_callable(f)),
            },
            Kind::METHOD => {
                let Some(m) = o.downcast::<crate::object::BoundMethod>() else {
                    return Err(not_callable(f));
                };
                let mut v = Vec::with_capacity(args.pos.len() + 1);
                v.push(m.receiver.clone());
                v.extend(args.pos.iter().cloned());
                self.call_with(
                    &m.func,
                    Args {
                        pos: &v,
                        kw: args.kw,
                    },
                )
            }
            // `functools.partial`, `operator.itemgetter`, ...
            Kind::STDLIB => crate::stdlib::call(self, o, args),
            // `staticmethod` objects are callable since Python 3.10.
            Kind::STATICMETHOD => match o.downcast::<crate::object::class::MethodWrapper>() {
                Some(m) => self.call_with(&m.func.clone(), args),
                None => Err(not_callable(f)),
            },
            _ => match ext::foreign(f) {
                Some((capi, o)) => capi.call(self, o, args),
                None => Err(not_callable(f)),
            },
        }
    }

    /// Keeps a finished activation for the next nested run. Its frames
    /// are dropped (they hold code and globals), its value stack is kept
    /// with every slot dead.
    fn recycle_state(&mut self, mut st: ExecState) {
        if self.spare_states.len() >= SPARE_STATES {
            return;
        }
        st.clear();
        st.frames.clear();
        st.yielded = false;
        self.spare_states.push(st);
    }

    // ----- attributes -------------------------------------------------------

    /// `obj.name`. An `AttributeError` remembers `obj` and `name`, as
    /// CPython's does, for the suggestion printed with it.
    pub fn getattr(&mut self, obj: &Value, name: &str) -> PyResult<Value> {
        self.getattr_plain(obj, name).map_err(|e| {
            e.with_hint(Hint::Attr {
                name: name.to_owned(),
                obj: obj.clone(),
            })
        })
    }

    fn getattr_plain(&mut self, obj: &Value, name: &str) -> PyResult<Value> {
        if let Value::Obj(o) = obj
            && let Some(cd) = o.ty().heap_data::<ClassData>()
        {
            let hooks = cd.attr_hooks();
            if hooks & (hook::GETATTRIBUTE | hook::GETATTR) != 0 {
                return crate::classes::hooked_getattr(self, obj, name, hooks);
            }
        }
        self.getattr_builtin(obj, name)
    }

    /// `object.__getattribute__(obj, name)`, with the suggestion hint of
    /// [`Vm::getattr`].
    pub fn getattr_default(&mut self, obj: &Value, name: &str) -> PyResult<Value> {
        self.getattr_builtin(obj, name).map_err(|e| {
            e.with_hint(Hint::Attr {
                name: name.to_owned(),
                obj: obj.clone(),
            })
        })
    }

    /// `obj.name` without a class's `__getattribute__`/`__getattr__`.
    fn getattr_builtin(&mut self, obj: &Value, name: &str) -> PyResult<Value> {
        // `list.__hash__`, `[].__hash__`: None for the unhashable types.
        if name == "__hash__" {
            let t = match obj {
                Value::Obj(o) if o.kind() == Kind::TYPE => o.clone(),
                _ => obj.type_of().to_ref(),
            };
            if crate::ops::hash_is_none(&t) {
                return Ok(Value::None);
            }
        }
        // The numbers' data attributes (`int.real`, `float.imag`, ...).
        if matches!(name, "real" | "imag" | "numerator" | "denominator") {
            match obj {
                Value::Float(f) => match name {
                    "real" => return Ok(Value::float(*f)),
                    "imag" => return Ok(Value::Float(0.0)),
                    _ => {}
                },
                _ if obj.is_int() => {
                    return Ok(match name {
                        "imag" => Value::Int(0),
                        "denominator" => Value::Int(1),
                        _ => Value::from_bigint(obj.to_bigint().unwrap_or_default()),
                    });
                }
                _ => {
                    if let Some(v) = crate::complex::getattr(obj, name) {
                        return Ok(v);
                    }
                }
            }
        }
        if let Value::Obj(o) = obj
            && o.kind() == Kind::EXT_SUBCLASS
        {
            return crate::classes::ext_instance_getattr(self, o, name);
        }
        if let Value::Obj(o) = obj
            && crate::subclass::is_instance(o)
        {
            return crate::subclass::getattr(self, o, name);
        }
        if let Some((capi, o)) = ext::foreign(obj) {
            return match capi.getattr(self, o, name)? {
                Some(v) => Ok(v),
                // `Pair.__init__` and the other slot wrappers of a C type.
                None => {
                    crate::classes::c_type_slot_wrapper(o, name).ok_or_else(|| match o.as_type() {
                        Some(t) => PyErr::attribute_error(format!(
                            "type object '{}' has no attribute '{name}'",
                            t.name()
                        )),
                        None => no_attribute(obj, name),
                    })
                }
            };
        }
        if let Value::Obj(o) = obj {
            match o.kind() {
                Kind::INSTANCE => {
                    if let Some(v) = crate::classes::instance_getattr(self, o, name) {
                        return v;
                    }
                    if let Some(v) = crate::classes::object_attr(name, Some(obj)) {
                        return Ok(v);
                    }
                }
                Kind::MEMBER => {
                    if let Some(v) = crate::slots::member_getattr(o, name) {
                        return Ok(v);
                    }
                }
                Kind::PROPERTY | Kind::STATICMETHOD | Kind::CLASSMETHOD => {
                    if let Some(v) = crate::classes::wrapper_getattr(o, name) {
                        return Ok(v);
                    }
                }
                Kind::TYPE if o.as_type().is_some_and(|t| t.is_heap_type()) => {
                    if let Some(v) = crate::classes::class_getattr(self, o, name) {
                        return v;
                    }
                    if let Some(v) = crate::classes::abc_meta_attr(self, o, name) {
                        return v;
                    }
                    if let Some(v) = crate::classes::meta_attr(self, o, name) {
                        return v;
                    }
                    return Err(no_type_attribute(&o.ty_name_of_type(), name));
                }
                Kind::SUPER => {
                    if let Some(v) = crate::classes::super_getattr(self, o, name) {
                        return v;
                    }
                }
                Kind::METHOD => {
                    if let Some(m) = o.downcast::<crate::object::BoundMethod>() {
                        match name {
                            "__func__" => return Ok(m.func.clone()),
                            "__self__" => return Ok(m.receiver.clone()),
                            _ => return self.getattr_plain(&m.func.clone(), name),
                        }
                    }
                }
                Kind::MODULE => {
                    if let Some(m) = o.downcast::<ModuleObj>()
                        && let Some(d) = m.dict.downcast::<DictObj>()
                    {
                        if let Some(v) = d.get_str(name) {
                            return Ok(v);
                        }
                        match name {
                            "__dict__" => return Ok(Value::Obj(m.dict.clone())),
                            "__class__" => return Ok(Value::Obj(o.type_ref())),
                            _ => {}
                        }
                        // A module's own `__getattr__` (PEP 562).
                        if let Some(f) = d.get_str("__getattr__") {
                            return self.call(&f, &[Value::str(name)]);
                        }
                        return Err(crate::imports::module_attr_error(self, d, name));
                    }
                }
                Kind::TYPE => {
                    if let Some(t) = o.as_type() {
                        // `tp_name` is `module.Name` for types defined
                        // outside builtins (C types, PyErr_NewException).
                        let full = t.name();
                        let (module, short) = match full.rfind('.') {
                            Some(i) => (&full[..i], &full[i + 1..]),
                            None => ("builtins", full),
                        };
                        match name {
                            "__name__" | "__qualname__" => return Ok(Value::str(short)),
                            "__module__" => return Ok(Value::str(module)),
                            "__init_subclass__" => {
                                return crate::classes::object_attr(name, Some(obj))
                                    .ok_or_else(|| no_attribute(obj, name));
                            }
                            _ => {}
                        }
                        if let Some(v) = crate::classes::type_attr(o, name) {
                            return Ok(v);
                        }
                        if let Some(v) = crate::stdlib::type_getattr(o, name) {
                            return Ok(v);
                        }
                        if let Some(v) = crate::classes::object_attr(name, None) {
                            return Ok(v);
                        }
                        return Err(no_type_attribute(t.name(), name));
                    }
                }
                Kind::EXC => {
                    if let Some(e) = o.downcast::<ExcObj>() {
                        if let Some(v) = crate::introspect::syntax_attr(e, name) {
                            return Ok(v);
                        }
                        match name {
                            "args" => return Ok(e.args_value()),
                            "value" if o.ty().is_subtype(types::STOP_ITERATION.get()) => {
                                return Ok(e.args().first().cloned().unwrap_or(Value::None));
                            }
                            "__context__" => {
                                return Ok(e
                                    .context
                                    .borrow()
                                    .clone()
                                    .map(Value::Obj)
                                    .unwrap_or(Value::None));
                            }
                            "__suppress_context__" => {
                                return Ok(Value::Bool(e.suppress_context.get()));
                            }
                            "__traceback__" => {
                                return Ok(crate::stdlib::traceback::traceback_of(e));
                            }
                            "__cause__" => {
                                return Ok(e
                                    .cause
                                    .borrow()
                                    .clone()
                                    .map(Value::Obj)
                                    .unwrap_or(Value::None));
                            }
                            "errno" | "strerror" if o.ty().is_subtype(types::OS_ERROR.get()) => {
                                return Ok(match e.args().as_slice() {
                                    [n, text, ..] if e.args().len() <= 5 => {
                                        if name == "errno" {
                                            n.clone()
                                        } else {
                                            text.clone()
                                        }
                                    }
                                    _ => Value::None,
                                });
                            }
                            "filename" | "filename2"
                                if o.ty().is_subtype(types::OS_ERROR.get()) =>
                            {
                                // Kept in the instance dict when given.
                                return Ok(e.own_attr(name).unwrap_or(Value::None));
                            }
                            "name" | "path" | "msg"
                                if o.ty().is_subtype(types::IMPORT_ERROR.get()) =>
                            {
                                // Kept in the instance dict; an ImportError
                                // made without them has them as None (`msg`:
                                // its one argument).
                                return Ok(e.own_attr(name).unwrap_or_else(|| {
                                    match e.args().as_slice() {
                                        [m] if name == "msg" => m.clone(),
                                        _ => Value::None,
                                    }
                                }));
                            }
                            "code" if o.ty().is_subtype(types::SYSTEM_EXIT.get()) => {
                                return Ok(match e.args().as_slice() {
                                    [] => Value::None,
                                    [x] => x.clone(),
                                    _ => e.args_value(),
                                });
                            }
                            _ => {}
                        }
                        if let Some(v) = crate::classes::exc_getattr(self, o, name) {
                            return v;
                        }
                    }
                }
                Kind::FUNCTION => {
                    if let Some(f) = o.downcast::<Function>() {
                        match name {
                            "__name__" => {
                                return Ok(f
                                    .attr(|a| a.name.clone())
                                    .unwrap_or_else(|| Value::str(&f.code.name)));
                            }
                            "__qualname__" => {
                                return Ok(f
                                    .attr(|a| a.qualname.clone())
                                    .unwrap_or_else(|| Value::str(&f.code.qualname)));
                            }
                            "__doc__" => {
                                return Ok(f.attr(|a| a.doc.clone()).unwrap_or_else(|| {
                                    f.code.doc.as_deref().map_or(Value::None, Value::str)
                                }));
                            }
                            "__dict__" => {
                                if let Some(d) = f.dict() {
                                    return Ok(Value::Obj(d));
                                }
                            }
                            "__defaults__" => {
                                return Ok(if f.defaults.is_empty() {
                                    Value::None
                                } else {
                                    Value::tuple(f.defaults.to_vec())
                                });
                            }
                            "__kwdefaults__" => {
                                return Ok(f.kwdefaults.clone().map_or(Value::None, Value::Obj));
                            }
                            "__annotations__" => return Ok(f.annotations()),
                            "__module__" => {
                                if let Some(m) = f.attr(|a| a.module.clone()) {
                                    return Ok(m);
                                }
                                return Ok(f
                                    .globals
                                    .downcast::<DictObj>()
                                    .and_then(|d| d.get_str("__name__"))
                                    .unwrap_or(Value::None));
                            }
                            _ => {
                                let d = f.attr(|a| a.dict.clone().map(Value::Obj));
                                if let Some(v) = d
                                    .as_ref()
                                    .and_then(|d| d.downcast::<DictObj>())
                                    .and_then(|d| d.get_str(name))
                                {
                                    return Ok(v);
                                }
                            }
                        }
                    }
                }
                Kind::BUILTIN => {
                    if let Some(b) = o.downcast::<Builtin>()
                        && (name == "__name__" || name == "__qualname__")
                    {
                        return Ok(Value::str(b.name));
                    }
                }
                Kind::METHOD_DESCR => {
                    if let Some(d) = o.downcast::<crate::object::MethodDescr>() {
                        match name {
                            "__name__" => return Ok(Value::str(d.name)),
                            "__qualname__" => return Ok(Value::str(&d.qualname())),
                            "__objclass__" => return Ok(Value::Obj(d.owner.clone())),
                            "__get__" => {
                                return Ok(Value::Obj(Builtin::new_obj(
                                    "__get__",
                                    crate::methods::descr_dunder_get,
                                    Some(obj.clone()),
                                )));
                            }
                            _ => {}
                        }
                    }
                }
                Kind::GENERATOR => {
                    if let Some(v) = crate::generator::getattr(o, name) {
                        return Ok(v);
                    }
                }
                Kind::RANGE | Kind::SLICE => {
                    if let Some(v) = builtins::range_slice_attr(o, name) {
                        return Ok(v);
                    }
                }
                Kind::FILE => {
                    if let Some(v) = o
                        .downcast::<crate::stdlib::files::FileObj>()
                        .and_then(|f| crate::stdlib::files::getattr(f, name))
                    {
                        return Ok(v);
                    }
                }
                Kind::STRINGIO | Kind::BYTESIO => {
                    if let Some(r) = crate::stdlib::io::getattr(o, name) {
                        return r;
                    }
                }
                Kind::MEMORYVIEW => {
                    if let Some(r) = crate::bytes::memoryview::getattr(o, name) {
                        return r;
                    }
                }
                Kind::DEQUE => {
                    if let Some(v) = crate::stdlib::collections::deque::getattr(o, name) {
                        return Ok(v);
                    }
                }
                // The objects of the native modules (`crate::stdlib`), and
                // `functools`' `CacheInfo` tuples.
                Kind::STDLIB | Kind::ITER | Kind::TUPLE => {
                    if (o.kind() != Kind::TUPLE || !o.is_type(&types::TUPLE))
                        && let Some(r) = crate::stdlib::getattr(self, o, name)
                    {
                        return r;
                    }
                }
                _ => {}
            }
        }
        if let Some((idx, _)) = methods::find(obj.kind(), name) {
            let m = self.method_obj(obj.kind(), idx)?;
            if let Some(b) = m.downcast::<Builtin>() {
                return Ok(Value::Obj(Builtin::new_obj(
                    b.name,
                    b.func,
                    Some(obj.clone()),
                )));
            }
        }
        // `d.__getitem__`, `(1).__add__`: the special methods of the
        // built-in types.
        let kind = match obj {
            Value::Bool(_) => Kind::INT,
            _ => obj.kind(),
        };
        if let Some((n, f)) = crate::subclass::special(kind, name) {
            return Ok(Value::Obj(Builtin::new_obj(n, f, Some(obj.clone()))));
        }
        if name == "__class__" {
            return Ok(builtins::type_value_of(obj));
        }
        Err(no_attribute(obj, name))
    }

    /// The pre-made method object `idx` of built-in type `kind`.
    pub(crate) fn method_obj(&self, kind: u32, idx: usize) -> PyResult<Value> {
        self.method_objs
            .get(kind as usize)
            .and_then(|v| v.get(idx))
            .cloned()
            .ok_or_else(|| PyErr::new(&types::SYSTEM_ERROR, "method table out of sync"))
    }

    /// The method object LOAD_METHOD_TYPE pushes for entry `index` of the
    /// method table of `kind` (the same object every time), if there is
    /// one.
    pub fn type_method(&self, kind: u32, index: u32) -> Option<ObjRef> {
        match self.method_objs.get(kind as usize)?.get(index as usize)? {
            Value::Obj(o) => Some(o.clone()),
            _ => None,
        }
    }

    /// Entry `entry` of the table of C types' methods LOAD_METHOD_EXT
    /// sites found (see [`crate::feedback::AttrSource::ExtMethod`]), while
    /// it is current: the type's address and the method.
    pub fn ext_method(&self, entry: u32) -> Option<(usize, ObjRef)> {
        crate::ext::current_method(&self.ext_methods, entry)
    }

    /// `obj.name = value`.
    pub fn setattr(&mut self, obj: &Value, name: &str, value: Value) -> PyResult<()> {
        if let Some(f) = class_hook(obj, hook::SETATTR, "__setattr__") {
            return self
                .call(&f, &[obj.clone(), Value::str(name), value])
                .map(drop);
        }
        self.setattr_default(obj, name, value)
    }

    /// `object.__setattr__(obj, name, value)`: the store without a class's
    /// `__setattr__`.
    pub fn setattr_default(&mut self, obj: &Value, name: &str, value: Value) -> PyResult<()> {
        if obj.kind() == Kind::COMPLEX && matches!(name, "real" | "imag") {
            return Err(PyErr::attribute_error("readonly attribute"));
        }
        if let Value::Obj(o) = obj
            && o.kind() == Kind::EXT_SUBCLASS
        {
            return crate::classes::ext_instance_setattr(self, o, name, Some(value));
        }
        if let Value::Obj(o) = obj
            && let Some(e) = crate::stdlib::collections::deque::setattr(o, name)
        {
            return Err(e);
        }
        if let Value::Obj(o) = obj
            && crate::subclass::is_instance(o)
        {
            return crate::subclass::setattr(self, o, name, Some(value));
        }
        if let Some((capi, o)) = ext::foreign(obj) {
            if capi.setattr(self, o, name, Some(value))? {
                return Ok(());
            }
            return Err(no_attribute(obj, name));
        }
        if let Value::Obj(o) = obj {
            if let Some(r) = crate::classes::instance_setattr(self, o, name, value.clone()) {
                return r;
            }
            if let Some(r) = crate::classes::class_setattr(o, name, value.clone()) {
                return r;
            }
            if let Some(r) = crate::classes::exc_setattr(self, o, name, value.clone()) {
                return r;
            }
            if let Some(r) = crate::classes::function_setattr(o, name, Some(value.clone())) {
                return r;
            }
            if o.kind() == Kind::STDLIB
                && let Some(r) = crate::stdlib::setattr(o, name, Some(value.clone()))
            {
                return r;
            }
        }
        if let Some(m) = obj.downcast::<ModuleObj>()
            && let Some(d) = m.dict.downcast::<DictObj>()
        {
            d.set_str(name, value);
            return Ok(());
        }
        Err(PyErr::attribute_error(format!(
            "'{}' object has no attribute '{name}'",
            obj.type_name()
        )))
    }

    /// `del obj.name`.
    pub fn delattr(&mut self, obj: &Value, name: &str) -> PyResult<()> {
        if let Some(f) = class_hook(obj, hook::DELATTR, "__delattr__") {
            return self.call(&f, &[obj.clone(), Value::str(name)]).map(drop);
        }
        self.delattr_default(obj, name)
    }

    /// `object.__delattr__(obj, name)`: the deletion without a class's
    /// `__delattr__`.
    pub fn delattr_default(&mut self, obj: &Value, name: &str) -> PyResult<()> {
        if obj.kind() == Kind::COMPLEX && matches!(name, "real" | "imag") {
            return Err(PyErr::attribute_error("readonly attribute"));
        }
        if let Value::Obj(o) = obj
            && o.kind() == Kind::EXT_SUBCLASS
        {
            return crate::classes::ext_instance_setattr(self, o, name, None);
        }
        if let Value::Obj(o) = obj
            && crate::subclass::is_instance(o)
        {
            return crate::subclass::setattr(self, o, name, None);
        }
        if let Some((capi, o)) = ext::foreign(obj) {
            if capi.setattr(self, o, name, None)? {
                return Ok(());
            }
            return Err(no_attribute(obj, name));
        }
        if let Value::Obj(o) = obj {
            if let Some(r) = crate::classes::instance_delattr(self, o, name) {
                return r;
            }
            if let Some(r) = crate::classes::class_delattr(o, name) {
                return r;
            }
            if let Some(r) = crate::classes::function_setattr(o, name, None) {
                return r;
            }
            if o.kind() == Kind::STDLIB
                && let Some(r) = crate::stdlib::setattr(o, name, None)
            {
                return r;
            }
            if let Some(m) = o.downcast::<ModuleObj>() {
                let removed = m
                    .dict
                    .downcast::<DictObj>()
                    .and_then(|d| d.remove(&DictKey::from_str_obj(&StrObj::new_obj(name))));
                return match removed {
                    Some(_) => Ok(()),
                    None => Err(PyErr::attribute_error(format!(
                        "module '{}' has no attribute '{name}'",
                        m.name
                    ))),
                };
            }
        }
        Err(no_attribute(obj, name))
    }

    // ----- globals --------------------------------------------------------------

    /// Looks a global up in `globals`, then in the builtins.
    pub fn load_global(&self, globals: &ObjRef, name: &ObjRef) -> Option<Value> {
        let key = DictKey::from_str_obj(name);
        if let Some(v) = globals.downcast::<DictObj>().and_then(|d| d.get(&key)) {
            return Some(v);
        }
        self.builtins
            .downcast::<DictObj>()
            .and_then(|d| d.get(&key))
    }

    /// Drops every module and breaks the reference cycles between module
    /// dicts, functions and closures, so that every heap object is freed.
    /// The VM is unusable afterwards.
    pub fn shutdown(&mut self) {
        // An embedder that wanted to know of a failed write flushed first.
        let _ = self.flush();
        crate::warnings::at_shutdown(self);
        self.main_zip = None;
        // Spare frame slots hold the code and globals they last ran.
        self.gen_frames.clear();
        // Compiled code holds the objects its guards compare with (the
        // module dicts among them): released first, so that the modules
        // are freed below while finalizers can still print. Code that
        // runs after this is interpreted.
        self.jit.shutdown();
        self.retired_jit.clear();
        // Module dicts and their functions form cycles; once the module table
        // lets go of them, the cycle collector frees them.
        if let Some(d) = self.modules.downcast::<DictObj>() {
            d.clear();
        }
        if let Some(l) = self.sys_path.downcast::<crate::object::ListObj>() {
            l.items.borrow_mut().clear();
        }
        self.spec_class = None;
        self.abc_meta = None;
        self.generic_types = None;
        self.sys_module = None;
        self.sys_dict = None;
        self.handled.clear();
        // Generators the modules held that stopped inside a `try` or
        // `with` are closed while the builtins still exist, as CPython's
        // finalizers run while it clears its modules.
        crate::gc::collect();
        crate::generator::close_orphans(self);
        let _ = self.flush();
        if let Some(d) = self.builtins.downcast::<DictObj>() {
            d.clear();
        }
        self.method_objs.clear();
        self.ext_methods.clear();
        self.retired_classes.clear();
        if let Some(c) = crate::ext::capi() {
            c.release_caches();
        }
        crate::gc::collect();
        crate::generator::discard_orphans();
        crate::gc::collect();
        crate::classes::keep_c_classes();
        // Freed small boxes kept for reuse go back to the allocator.
        abi::spare::release();
    }

    /// A string object for `s` (helper for natives).
    pub fn new_str(&self, s: &str) -> Value {
        Value::Obj(StrObj::new_obj(s))
    }
}

/// A main program read by [`Vm::read_main`], ready to run.
pub struct MainScript {
    /// The decoded source text.
    pub text: String,
    /// Its name in tracebacks and `__file__`: the absolute path as CPython
    /// forms it (the working directory joined to the path as given),
    /// `DIR/__main__.py` for a directory or zip file, `<stdin>`.
    pub filename: String,
    /// Whether CPython runs it through `runpy`, whose frames then head its
    /// tracebacks.
    pub runpy: Runpy,
}

/// How CPython 3.11 runs a main program: directly, or through `runpy`
/// (a directory's or zip file's `__main__.py`), whose frames (and, for a
/// zip file, `zipimport`'s) then head its tracebacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runpy {
    /// A script or standard input, run directly.
    No,
    /// `DIR/__main__.py`.
    Directory,
    /// `__main__.py` in a zip file.
    Zip,
}

/// Why [`Vm::read_main`] found no program to run.
#[derive(Debug)]
pub enum MainError {
    /// The path could not be opened or read (CPython exits with 2).
    Open {
        /// The absolute path, as CPython names it.
        path: String,
        /// What the OS said.
        error: std::io::Error,
    },
    /// A directory or zip file without `__main__.py` (CPython exits with 1).
    NoMain {
        /// The absolute path of the directory or zip file.
        path: String,
    },
    /// The source is not valid Python source text (`SyntaxError`).
    Py {
        /// The exception.
        error: PyErr,
        /// How CPython would have been reading it.
        runpy: Runpy,
    },
}

impl std::fmt::Display for MainError {
    /// CPython's message, after its `python3: ` prefix.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MainError::Open { path, error } => write!(
                f,
                "can't open file '{path}': [Errno {}] {}",
                error.raw_os_error().unwrap_or(0),
                output::strerror(error)
            ),
            MainError::NoMain { path } => write!(f, "can't find '__main__' module in '{path}'"),
            MainError::Py { .. } => write!(f, "invalid source"),
        }
    }
}

/// A zip file run as the program.
pub(crate) struct MainZip {
    /// Its absolute path (module file names start with it).
    pub(crate) shown: String,
    /// The archive, read for `NAME.py` entries.
    pub(crate) archive: zip::ZipArchive<std::fs::File>,
}

/// The absolute form of `path` as CPython 3.11 makes a script's path: the
/// working directory joined to it, with `.`, `..` and a trailing slash
/// kept as given.
pub fn cpython_abspath(path: &Path) -> String {
    if path.is_absolute() {
        return path.to_string_lossy().into_owned();
    }
    match std::env::current_dir() {
        Ok(cwd) => {
            let mut s = cwd.to_string_lossy().into_owned();
            if !s.ends_with('/') {
                s.push('/');
            }
            s.push_str(&path.to_string_lossy());
            s
        }
        Err(_) => path.to_string_lossy().into_owned(),
    }
}

fn main_read_error(e: ReadError, shown: &str, runpy: Runpy) -> MainError {
    match e {
        ReadError::Io(error) => MainError::Open {
            path: shown.to_owned(),
            error,
        },
        ReadError::Syntax(error) => MainError::Py { error, runpy },
    }
}

/// `AttributeError: 'x' object has no attribute 'name'`.
/// The AttributeError for `T.name` that no class in `T`'s MRO has
/// (CPython's `type.__abstractmethods__` getter names only the attribute).
pub fn no_type_attribute(type_name: &str, name: &str) -> PyErr {
    if name == "__abstractmethods__" {
        return PyErr::attribute_error(name);
    }
    PyErr::attribute_error(format!(
        "type object '{type_name}' has no attribute '{name}'"
    ))
}

pub fn no_attribute(obj: &Value, name: &str) -> PyErr {
    PyErr::attribute_error(format!(
        "'{}' object has no attribute '{name}'",
        obj.type_name()
    ))
}

/// The class's own attribute-access method `name` (whose [`hook`] bit is
/// `bit`), if `obj` is an instance of a Python class that has one.
#[inline]
fn class_hook(obj: &Value, bit: u8, name: &str) -> Option<Value> {
    let o = obj.as_obj()?;
    let cd = o.ty().heap_data::<ClassData>()?;
    if cd.attr_hooks() & bit == 0 {
        return None;
    }
    crate::object::class::lookup(o.ty(), name)
}

/// `TypeError: 'x' object is not callable`.
pub fn not_callable(f: &Value) -> PyErr {
    PyErr::type_error(format!("'{}' object is not callable", f.type_name()))
}

/// The name of a type object, for messages (`__name__` of a class).
trait TypeObjName {
    fn ty_name_of_type(&self) -> String;
}

impl TypeObjName for ObjRef {
    fn ty_name_of_type(&self) -> String {
        crate::object::class::type_short_name(self)
    }
}
