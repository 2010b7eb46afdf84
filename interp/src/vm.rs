//! The virtual machine: global interpreter state (builtins, loaded modules,
//! the exceptions being handled, output), calling, and module loading.

use crate::builtins;
use crate::bytecode::{Code, Source};
use crate::eval;
use crate::ext;
use crate::frame::ExecState;
use crate::jit::{JitBackend, NoJit};
use crate::methods;
use crate::object::types::{self, Kind};
use crate::object::{
    Args, Builtin, DictKey, DictObj, ExcObj, Function, Hint, ModuleObj, ObjRef, PyErr, PyResult,
    StaticType, StrObj, Value,
};
use crate::parse;
use std::collections::HashMap;
use std::io::Write;
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
    pub(crate) modules: HashMap<String, Value>,
    /// Exceptions currently being handled (`except`/`finally` bodies).
    pub(crate) handled: Vec<ObjRef>,
    /// Current depth of Python frames.
    pub(crate) depth: usize,
    pub(crate) out: Box<dyn Write>,
    /// Pre-made method objects of built-in types, indexed like
    /// [`methods::table`].
    pub(crate) method_objs: Vec<Vec<Value>>,
    /// Methods of C types that LOAD_METHOD_EXT sites found; their caches
    /// hold indices into this table.
    pub(crate) ext_methods: Vec<crate::ext::ExtMethod>,
    pub(crate) null_marker: ObjRef,
    /// Directory of the main script (searched first by `import`).
    pub(crate) script_dir: Option<PathBuf>,
    native_stack_top: usize,
    pub(crate) jit: Box<dyn JitBackend>,
    /// Quickening statistics, when `config.stats` asked for them.
    pub(crate) stats: Option<Box<crate::stats::Stats>>,
    /// Compiled module code, when `config.keep_code` asked for it.
    kept_code: Vec<Rc<Code>>,
}

/// The object left on the stack by LOAD_METHOD when the attribute is not a
/// method (CPython uses NULL there).
pub static NULL_MARKER: StaticType =
    StaticType::new::<()>(&types::TYPE, c"<null>", None, Kind::MARKER, false);

/// How deep native recursion through re-entrant calls may go, in bytes of
/// machine stack, before `RecursionError` is raised instead.
const NATIVE_STACK_BUDGET: usize = 64 * 1024 * 1024;

impl Vm {
    /// A new interpreter with the given settings, writing `print` output to
    /// `out`.
    pub fn new(config: VmConfig, out: Box<dyn Write>) -> Vm {
        let here = 0usize;
        let mut vm = Vm {
            config,
            builtins: DictObj::new_obj(),
            modules: HashMap::new(),
            handled: Vec::new(),
            depth: 0,
            out,
            method_objs: Vec::new(),
            ext_methods: Vec::new(),
            null_marker: ObjRef::from_static(&NULL_MARKER),
            script_dir: None,
            native_stack_top: &here as *const usize as usize,
            jit: Box::new(NoJit),
            stats: None,
            kept_code: Vec::new(),
        };
        if vm.config.stats {
            vm.stats = Some(Box::default());
        }
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

    /// Flushes buffered `print` output.
    pub fn flush(&mut self) {
        let _ = self.out.flush();
    }

    /// Writes text to the VM's standard output.
    pub fn write_out(&mut self, s: &str) -> PyResult<()> {
        self.out
            .write_all(s.as_bytes())
            .map_err(|e| PyErr::new(&types::SYSTEM_ERROR, format!("cannot write output: {e}")))
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

    /// Registers a module under `name` (so `import name` finds it).
    pub fn add_module(&mut self, name: &str, module: Value) {
        self.modules.insert(name.to_owned(), module);
    }

    // ----- running code -------------------------------------------------

    /// Compiles `text` (named `filename` in tracebacks) into a module code
    /// object.
    pub fn compile(&mut self, text: &str, filename: &str) -> PyResult<Rc<Code>> {
        let source = Rc::new(Source::new(filename, text));
        let code = parse::parse_and_compile(source)?;
        if self.config.keep_code {
            self.kept_code.push(code.clone());
        }
        Ok(code)
    }

    /// The code of every module compiled so far (kept only with
    /// [`VmConfig::keep_code`]), in compilation order.
    pub fn compiled_code(&self) -> &[Rc<Code>] {
        &self.kept_code
    }

    /// The `--stats` report, if statistics were enabled.
    pub fn stats_report(&self) -> Option<String> {
        self.stats.as_ref().map(|s| s.report())
    }

    /// Runs a module body with the given globals.
    pub fn run_module_code(&mut self, code: Rc<Code>, globals: &ObjRef) -> PyResult<Value> {
        crate::quicken::quicken_code(&code, self.config.quicken_warmup);
        let mut st = ExecState::default();
        let nslots = code.nslots();
        let hb = self.handled.len();
        self.enter_depth()?;
        st.push_frame_at(
            code,
            globals.clone(),
            None,
            0,
            vec![None; nslots],
            Vec::new(),
            hb,
        );
        // The loop's frame teardown undoes `enter_depth`.
        eval::run(self, &mut st)
    }

    /// A fresh globals dict for a module called `name`.
    pub fn new_module_dict(&mut self, name: &str, file: Option<&str>) -> ObjRef {
        let d = DictObj::new_obj();
        if let Some(dd) = d.downcast::<DictObj>() {
            dd.set_str("__name__", Value::str(name));
            if let Some(f) = file {
                dd.set_str("__file__", Value::str(f));
            }
        }
        d
    }

    /// Runs a script file as `__main__`.
    pub fn run_main_file(&mut self, path: &Path) -> PyResult<Value> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            PyErr::new(
                &types::IMPORT_ERROR,
                format!("can't open file '{}': {e}", path.display()),
            )
        })?;
        // CPython 3.11 reports the script by its absolute path.
        let shown = std::path::absolute(path)
            .unwrap_or_else(|_| path.to_path_buf())
            .to_string_lossy()
            .into_owned();
        self.script_dir = Some(
            path.parent()
                .map(|p| {
                    if p.as_os_str().is_empty() {
                        PathBuf::from(".")
                    } else {
                        p.to_path_buf()
                    }
                })
                .unwrap_or_else(|| PathBuf::from(".")),
        );
        self.run_main_source(&text, &shown)
    }

    /// Runs source text as `__main__`.
    pub fn run_main_source(&mut self, text: &str, filename: &str) -> PyResult<Value> {
        let globals = self.new_module_dict("__main__", Some(filename));
        let module = Value::Obj(ModuleObj::new_obj("__main__", globals.clone()));
        self.modules.insert("__main__".into(), module);
        let code = self.compile(text, filename)?;
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

    fn check_native_stack(&self) -> PyResult<()> {
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
                let mut st = ExecState::default();
                eval::push_function_frame(self, &mut st, o, args.pos, args.kw)?;
                eval::run(self, &mut st)
            }
            Kind::BUILTIN => {
                let Some(b) = o.downcast::<Builtin>() else {
                    return Err(not_callable(f));
                };
                match &b.bound {
                    None => (b.func)(self, args),
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
            Kind::TYPE if !ext::is_foreign_type(o) => builtins::call_type(self, o, args),
            _ => match ext::foreign(f) {
                Some((capi, o)) => capi.call(self, o, args),
                None => Err(not_callable(f)),
            },
        }
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
        if let Some((capi, o)) = ext::foreign(obj) {
            return match capi.getattr(self, o, name)? {
                Some(v) => Ok(v),
                None => Err(no_attribute(obj, name)),
            };
        }
        if let Value::Obj(o) = obj {
            match o.kind() {
                Kind::MODULE => {
                    if let Some(m) = o.downcast::<ModuleObj>() {
                        if let Some(v) = m.dict.downcast::<DictObj>().and_then(|d| d.get_str(name))
                        {
                            return Ok(v);
                        }
                        return Err(PyErr::attribute_error(format!(
                            "module '{}' has no attribute '{name}'",
                            m.name
                        )));
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
                            _ => {}
                        }
                        return Err(PyErr::attribute_error(format!(
                            "type object '{}' has no attribute '{name}'",
                            t.name()
                        )));
                    }
                }
                Kind::EXC => {
                    if let Some(e) = o.downcast::<ExcObj>() {
                        match name {
                            "args" => return Ok(e.args.clone()),
                            "__context__" => {
                                return Ok(e
                                    .context
                                    .borrow()
                                    .clone()
                                    .map(Value::Obj)
                                    .unwrap_or(Value::None));
                            }
                            "__cause__" => {
                                return Ok(e
                                    .cause
                                    .borrow()
                                    .clone()
                                    .map(Value::Obj)
                                    .unwrap_or(Value::None));
                            }
                            "code" if o.ty().is_subtype(types::SYSTEM_EXIT.get()) => {
                                return Ok(match e.args() {
                                    [] => Value::None,
                                    [x] => x.clone(),
                                    _ => e.args.clone(),
                                });
                            }
                            _ => {}
                        }
                    }
                }
                Kind::FUNCTION => {
                    if let Some(f) = o.downcast::<Function>() {
                        match name {
                            "__name__" => return Ok(Value::str(&f.code.name)),
                            "__qualname__" => return Ok(Value::str(&f.code.qualname)),
                            _ => {}
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
                Kind::RANGE | Kind::SLICE => {
                    if let Some(v) = builtins::range_slice_attr(o, name) {
                        return Ok(v);
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

    /// `obj.name = value`.
    pub fn setattr(&mut self, obj: &Value, name: &str, value: Value) -> PyResult<()> {
        if let Some((capi, o)) = ext::foreign(obj) {
            if capi.setattr(self, o, name, Some(value))? {
                return Ok(());
            }
            return Err(no_attribute(obj, name));
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

    // ----- imports -----------------------------------------------------------------

    /// `import name`: returns the module, loading it on first use.
    pub fn import(&mut self, name: &str) -> PyResult<Value> {
        if let Some(m) = self.modules.get(name) {
            return Ok(m.clone());
        }
        if let Some(m) = builtins::builtin_module(self, name) {
            self.modules.insert(name.to_owned(), m.clone());
            return Ok(m);
        }
        let mut dirs: Vec<PathBuf> = Vec::new();
        if let Some(d) = &self.script_dir {
            dirs.push(d.clone());
        }
        dirs.extend(self.config.search_paths.iter().cloned());
        if let Some(p) = std::env::var_os("TYPHON_PATH") {
            dirs.extend(std::env::split_paths(&p));
        }
        for d in dirs {
            // An extension module wins over a `.py` of the same name in the
            // same directory, as in CPython. `m.typhon.so` is Typhon's own
            // suffix, so one directory can hold the same extension built
            // for CPython (`m.cpython-311-….so`) and for Typhon.
            for suffix in [".typhon.so", ".so"] {
                let lib = d.join(format!("{name}{suffix}"));
                if lib.is_file() {
                    return self.load_extension(name, &lib);
                }
            }
            let file = d.join(format!("{name}.py"));
            if file.is_file() {
                return self.load_py_module(name, &file);
            }
        }
        Err(PyErr::with_args(
            &types::MODULE_NOT_FOUND_ERROR,
            vec![Value::string(format!("No module named '{name}'"))],
        ))
    }

    fn load_extension(&mut self, name: &str, lib: &Path) -> PyResult<Value> {
        let Some(capi) = ext::capi() else {
            return Err(PyErr::new(
                &types::IMPORT_ERROR,
                format!(
                    "cannot load extension module '{name}' from '{}': this interpreter has no C API installed",
                    lib.display()
                ),
            ));
        };
        let module = capi.load_module(self, name, lib)?;
        self.modules.insert(name.to_owned(), module.clone());
        Ok(module)
    }

    fn load_py_module(&mut self, name: &str, file: &Path) -> PyResult<Value> {
        let text = std::fs::read_to_string(file).map_err(|e| {
            PyErr::new(
                &types::IMPORT_ERROR,
                format!("cannot read '{}': {e}", file.display()),
            )
        })?;
        // Like CPython, report the module by the absolute path it was found at.
        let shown = std::path::absolute(file)
            .unwrap_or_else(|_| file.to_path_buf())
            .to_string_lossy()
            .into_owned();
        let globals = self.new_module_dict(name, Some(&shown));
        let module = Value::Obj(ModuleObj::new_obj(name, globals.clone()));
        self.modules.insert(name.to_owned(), module.clone());
        let result = self
            .compile(&text, &shown)
            .and_then(|code| self.run_module_code(code, &globals));
        if let Err(e) = result {
            self.modules.remove(name);
            return Err(e);
        }
        Ok(module)
    }

    /// Drops every module and breaks the reference cycles between module
    /// dicts, functions and closures, so that every heap object is freed.
    /// The VM is unusable afterwards.
    pub fn shutdown(&mut self) {
        self.flush();
        // Module dicts and their functions form cycles; once the module table
        // lets go of them, the cycle collector frees them.
        self.modules.clear();
        self.handled.clear();
        if let Some(d) = self.builtins.downcast::<DictObj>() {
            d.clear();
        }
        self.method_objs.clear();
        self.ext_methods.clear();
        if let Some(c) = crate::ext::capi() {
            c.release_caches();
        }
        crate::gc::collect();
    }

    /// A string object for `s` (helper for natives).
    pub fn new_str(&self, s: &str) -> Value {
        Value::Obj(StrObj::new_obj(s))
    }
}

/// `AttributeError: 'x' object has no attribute 'name'`.
pub fn no_attribute(obj: &Value, name: &str) -> PyErr {
    PyErr::attribute_error(format!(
        "'{}' object has no attribute '{name}'",
        obj.type_name()
    ))
}

/// `TypeError: 'x' object is not callable`.
pub fn not_callable(f: &Value) -> PyErr {
    PyErr::type_error(format!("'{}' object is not callable", f.type_name()))
}
