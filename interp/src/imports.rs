//! The import system, after CPython 3.11's `import.c` and
//! `importlib._bootstrap`: `sys.modules` (a dict the program may read and
//! change; `import` consults it first and returns what it holds),
//! `sys.path`, packages (directories with an `__init__`), namespace
//! packages (directories without one), submodules set on their parent,
//! relative imports, `from m import *`, `__import__` and
//! `importlib.import_module`, with CPython's errors.
//!
//! Where CPython asks its meta path finders in turn, Typhon asks its own
//! native modules (top-level names only, as CPython's `BuiltinImporter`),
//! then the zip file run as the program (top-level `NAME.py` only), then
//! each directory of the path: a package directory `NAME/__init__.*`, an
//! extension module `NAME.typhon….so`, a source file `NAME.py`, and last
//! a directory without `__init__` (a namespace package portion, used only
//! if no entry has a module). Nothing is cached: a file written while the
//! program runs is found by the next import.
//!
//! Modules get the attributes CPython's loaders set (`__name__`,
//! `__doc__`, `__package__`, `__loader__`, `__spec__`, `__path__` for a
//! package, `__file__`), where `__loader__` is `None` and `__spec__` a
//! small `ModuleSpec` (name, origin, `submodule_search_locations`,
//! `parent`, `has_location`, and the `_initializing` flag that CPython's
//! messages about circular imports read).

use crate::builtins;
use crate::ext;
use crate::format::str_repr;
use crate::object::types;
use crate::object::{Args, DictKey, DictObj, ListObj, ModuleObj, ObjRef, PyErr, PyResult, Value};
use crate::ops;
use crate::source::{self, Origin, ReadError};
use crate::stdlib::{NativeMethod, Sig, Style, parse};
use crate::vm::Vm;
use std::path::{Path, PathBuf};

/// What a search found for a module name.
enum Found {
    /// One of Typhon's native modules, already made.
    Native(Value),
    /// A source file: its text, its absolute name, and the package
    /// directory when it is a package's `__init__.py`.
    Source {
        text: String,
        shown: String,
        package: Option<String>,
    },
    /// An extension module's shared library (absolute), and the package
    /// directory when it is a package's `__init__`.
    Extension {
        file: PathBuf,
        package: Option<String>,
    },
    /// A namespace package: its directories.
    Namespace(Vec<String>),
}

/// What a module spec says about where a module came from.
struct SpecInfo<'a> {
    name: &'a str,
    /// `origin`: a file, `"built-in"`, or `None`.
    origin: Option<&'a str>,
    /// `has_location`: whether `origin` is a file (`__file__`).
    has_location: bool,
    /// `submodule_search_locations`: a package's `__path__`.
    search: Option<Value>,
}

/// `ModuleNotFoundError(msg, name=name)`.
fn not_found(msg: String, name: &str) -> PyErr {
    import_error_with(
        &types::MODULE_NOT_FOUND_ERROR,
        msg,
        Value::str(name),
        Value::None,
    )
}

/// An `ImportError` (or subclass `ty`) with its `name` and `path`
/// attributes, as `PyErr_SetImportError` makes it.
pub fn import_error_with(
    ty: &'static abi::StaticType,
    msg: String,
    name: Value,
    path: Value,
) -> PyErr {
    let msg = Value::string(msg);
    let e = PyErr::with_args(ty, vec![msg.clone()]);
    set_import_attrs(&e.0, msg, name, path);
    e
}

/// Stores an `ImportError`'s `msg`, `name` and `path` (kept in its
/// instance dict; `Vm::getattr` reads them from there).
pub fn set_import_attrs(e: &ObjRef, msg: Value, name: Value, path: Value) {
    let Some(x) = e.downcast::<crate::object::ExcObj>() else {
        return;
    };
    x.set_own_attr("msg", msg);
    x.set_own_attr("name", name);
    x.set_own_attr("path", path);
}

/// `ImportError(*args, name=None, path=None)`: the keywords CPython's
/// `ImportError.__init__` takes (any other is a `TypeError` naming
/// `ImportError()`, for its subclasses too).
pub fn new_import_error(ty: &'static abi::StaticType, args: &Args<'_>) -> PyResult<Value> {
    let e = crate::object::ExcObj::new_obj(ty.get(), args.pos.to_vec());
    init_import_error(&e, args)?;
    Ok(Value::Obj(e))
}

/// `ImportError.__init__(e, *args, name=None, path=None)` on a new
/// instance `e` of `ImportError` or a subclass (its `args` already set).
pub fn init_import_error(e: &ObjRef, args: &Args<'_>) -> PyResult<()> {
    let mut name = Value::None;
    let mut path = Value::None;
    for (k, v) in args.kw {
        match k.downcast::<crate::object::StrObj>().map(|s| s.as_str()) {
            Some("name") => name = v.clone(),
            Some("path") => path = v.clone(),
            other => {
                return Err(PyErr::type_error(format!(
                    "'{}' is an invalid keyword argument for ImportError()",
                    other.unwrap_or("?")
                )));
            }
        }
    }
    let msg = match args.pos {
        [m] => m.clone(),
        _ => Value::None,
    };
    set_import_attrs(e, msg, name, path);
    Ok(())
}

/// `getattr(obj, name)`, or `None` if it raises `AttributeError`.
fn lookup_attr(vm: &mut Vm, obj: &Value, name: &str) -> PyResult<Option<Value>> {
    // A module without the name and without `__getattr__` has no such
    // attribute: answered from its dict, without making the error (which
    // reads the module's spec for its message).
    if let Some(d) = obj
        .downcast::<ModuleObj>()
        .and_then(|m| m.dict.downcast::<DictObj>())
    {
        if let Some(v) = d.get_str(name) {
            return Ok(Some(v));
        }
        if d.get_str("__getattr__").is_none() && !matches!(name, "__dict__" | "__class__") {
            return Ok(None);
        }
    }
    match vm.getattr(obj, name) {
        Ok(v) => Ok(Some(v)),
        Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The `str` items of an iterable (a path list), skipping the others as
/// CPython's path finder does.
fn str_items(vm: &mut Vm, v: &Value) -> PyResult<Vec<String>> {
    Ok(ops::collect(vm, v)?
        .iter()
        .filter_map(|x| x.as_str().map(str::to_owned))
        .collect())
}

/// The file name endings of extension modules Typhon loads, in the order
/// they are tried: `.typhon-311-<arch>-<os>.so` (this machine's, like
/// CPython's `.cpython-311-x86_64-linux-gnu.so`), then `.typhon.so`.
pub fn ext_suffixes() -> [String; 2] {
    [
        format!(
            ".typhon-311-{}-{}.so",
            std::env::consts::ARCH,
            std::env::consts::OS
        ),
        ".typhon.so".to_owned(),
    ]
}

/// A file in `dir` that looks like extension module `name` built for
/// another interpreter (`name.so`, `name.abi3.so`, `name.cpython-….so`).
fn foreign_extension(dir: &Path, name: &str) -> Option<PathBuf> {
    let prefix = format!("{name}.");
    std::fs::read_dir(dir).ok()?.flatten().find_map(|e| {
        let f = e.file_name();
        let f = f.to_str()?;
        let middle = f.strip_prefix(&prefix)?.strip_suffix("so")?;
        let other = middle.is_empty()
            || middle == "abi3."
            || (middle.starts_with("cpython-") && middle.ends_with('.'));
        (other && e.path().is_file()).then(|| e.path())
    })
}

/// An imported module that could not be read: its `SyntaxError`, or the
/// `OSError` of the failed read.
fn module_read_error(e: ReadError) -> PyErr {
    match e {
        ReadError::Io(error) => crate::output::os_error(&error),
        ReadError::Syntax(e) => e,
    }
}

/// `path` made absolute as CPython's path finder makes its entries (the
/// working directory joined, nothing resolved).
fn absolute(path: &Path) -> String {
    std::path::absolute(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .to_string_lossy()
        .into_owned()
}

/// The package a relative import in a module with `globals` is relative
/// to, then the absolute name, as CPython's `resolve_name` computes them
/// (with its errors; the `ImportWarning`s it may issue are ignored by
/// CPython's default filters and not issued here).
fn resolve_name(vm: &mut Vm, name: &str, globals: Option<&Value>, level: i64) -> PyResult<String> {
    // An explicit `None` is no dict; only a missing argument is no globals.
    let Some(globals) = globals else {
        return Err(PyErr::key_error(Value::str("'__name__' not in globals")));
    };
    let Some(g) = globals.downcast::<DictObj>() else {
        return Err(PyErr::type_error("globals must be a dict"));
    };
    let package = g
        .get_str("__package__")
        .filter(|p| !matches!(p, Value::None));
    let spec = g.get_str("__spec__").filter(|s| !matches!(s, Value::None));
    let package: String = if let Some(p) = package {
        match p.as_str() {
            Some(s) => s.to_owned(),
            None => return Err(PyErr::type_error("package must be a string")),
        }
    } else if let Some(spec) = spec {
        let parent = vm.getattr(&spec, "parent")?;
        match parent.as_str() {
            Some(s) => s.to_owned(),
            None => return Err(PyErr::type_error("__spec__.parent must be a string")),
        }
    } else {
        let Some(n) = g.get_str("__name__") else {
            return Err(PyErr::key_error(Value::str("'__name__' not in globals")));
        };
        let Some(n) = n.as_str() else {
            return Err(PyErr::type_error("__name__ must be a string"));
        };
        if g.get_str("__path__").is_some() {
            n.to_owned()
        } else {
            match n.rfind('.') {
                Some(dot) => n[..dot].to_owned(),
                None => return Err(no_parent()),
            }
        }
    };
    if package.is_empty() {
        return Err(no_parent());
    }
    let mut last_dot = package.len();
    for _ in 1..level {
        match package[..last_dot].rfind('.') {
            Some(d) => last_dot = d,
            None => {
                return Err(PyErr::new(
                    &types::IMPORT_ERROR,
                    "attempted relative import beyond top-level package",
                ));
            }
        }
    }
    let base = &package[..last_dot];
    Ok(if name.is_empty() {
        base.to_owned()
    } else {
        format!("{base}.{name}")
    })
}

fn no_parent() -> PyErr {
    PyErr::new(
        &types::IMPORT_ERROR,
        "attempted relative import with no known parent package",
    )
}

impl Vm {
    /// `sys.modules[name]`, if it is there.
    pub fn imported(&self, name: &str) -> Option<Value> {
        self.modules
            .downcast::<DictObj>()
            .and_then(|d| d.get_str(name))
    }

    /// The `sys.modules` dict.
    pub fn sys_modules(&self) -> &ObjRef {
        &self.modules
    }

    /// The `sys` module, if a program imported it (the one Typhon made,
    /// whatever `sys.modules['sys']` holds now, as CPython's own reads of
    /// `sys.stdout` or `sys.path` use its `sys`).
    pub fn sys_module(&self) -> Option<Value> {
        self.sys_module.clone()
    }

    /// Fills the list `sys.path` starts as: `typhon.toml`'s search paths,
    /// then `TYPHON_PATH` (the script's directory goes first later, see
    /// [`Vm::set_path0`]).
    pub(crate) fn init_sys_path(&mut self) {
        let mut entries: Vec<Value> = self
            .config
            .search_paths
            .iter()
            .map(|p| Value::string(p.to_string_lossy().into_owned()))
            .collect();
        if let Some(p) = std::env::var_os("TYPHON_PATH") {
            entries.extend(
                std::env::split_paths(&p).map(|d| Value::string(d.to_string_lossy().into_owned())),
            );
        }
        if let Some(l) = self.sys_path.downcast::<ListObj>() {
            *l.items.borrow_mut() = entries;
        }
    }

    /// Puts the directory of the main program first on `sys.path` (`""`
    /// for the working directory, as CPython's for standard input).
    pub fn set_path0(&mut self, dir: &str) {
        if let Some(l) = self.sys_path.downcast::<ListObj>() {
            l.items.borrow_mut().insert(0, Value::str(dir));
        }
    }

    /// `sys.path` as the import system reads it: the `sys` module's `path`
    /// (which a program may have replaced) once `sys` exists, else the
    /// list it will start as.
    fn path_entries(&mut self) -> PyResult<Vec<String>> {
        let path = self
            .sys_dict
            .as_ref()
            .and_then(|d| d.downcast::<DictObj>())
            .and_then(|d| d.get_str("path"));
        match path {
            Some(p) => str_items(self, &p),
            None => {
                let p = Value::Obj(self.sys_path.clone());
                str_items(self, &p)
            }
        }
    }

    /// `import name` for an absolute, possibly dotted, `name`: the module
    /// `sys.modules` holds, else found and loaded (its parents first).
    /// Returns the module itself, not its top-level package.
    pub fn import(&mut self, name: &str) -> PyResult<Value> {
        match self.imported(name) {
            Some(Value::None) => Err(not_found(
                format!("import of {name} halted; None in sys.modules"),
                name,
            )),
            Some(m) => Ok(m),
            None => self.find_and_load(name),
        }
    }

    /// `__import__(name, globals, locals, fromlist, level)` as CPython's
    /// `PyImport_ImportModuleLevelObject` runs it (IMPORT_NAME calls it
    /// with the frame's globals): what `import a.b` binds (`a`), or with a
    /// `fromlist` the module itself, its submodules named in the list
    /// imported.
    pub fn import_level(
        &mut self,
        name: &Value,
        globals: Option<&Value>,
        fromlist: &Value,
        level: i64,
    ) -> PyResult<Value> {
        let Some(name) = name.as_str() else {
            return Err(PyErr::type_error("module name must be a string"));
        };
        if level < 0 {
            return Err(PyErr::value_error("level must be >= 0"));
        }
        let abs = if level > 0 {
            resolve_name(self, name, globals, level)?
        } else {
            if name.is_empty() {
                return Err(PyErr::value_error("Empty module name"));
            }
            name.to_owned()
        };
        let module = self.import(&abs)?;
        let has_from = !matches!(fromlist, Value::None) && ops::truthy(self, fromlist)?;
        if !has_from {
            if level == 0 || !name.is_empty() {
                let Some(dot) = name.find('.') else {
                    return Ok(module);
                };
                if level == 0 {
                    return self.import(&name[..dot]);
                }
                let cut = name.len() - dot;
                let to_return = abs.get(..abs.len().saturating_sub(cut)).unwrap_or("");
                return self.imported(to_return).ok_or_else(|| {
                    PyErr::key_error(Value::string(format!(
                        "{} not in sys.modules as expected",
                        str_repr(to_return)
                    )))
                });
            }
            return Ok(module);
        }
        if lookup_attr(self, &module, "__path__")?.is_some() {
            self.handle_fromlist(&module, fromlist, false)?;
        }
        Ok(module)
    }

    /// `importlib._bootstrap._handle_fromlist`: the names of `fromlist`
    /// that the package `module` lacks are imported as its submodules
    /// (`*` stands for its `__all__`); a submodule that does not exist is
    /// no error here (IMPORT_FROM reports the name).
    fn handle_fromlist(
        &mut self,
        module: &Value,
        fromlist: &Value,
        recursive: bool,
    ) -> PyResult<()> {
        for x in ops::collect(self, fromlist)? {
            let Some(x) = x.as_str() else {
                let where_ = if recursive {
                    let n = self.getattr(module, "__name__")?;
                    format!("{}.__all__", ops::str_of(self, &n)?)
                } else {
                    "``from list''".to_owned()
                };
                return Err(PyErr::type_error(format!(
                    "Item in {where_} must be str, not {}",
                    x.type_name()
                )));
            };
            if x == "*" {
                if !recursive && let Some(all) = lookup_attr(self, module, "__all__")? {
                    self.handle_fromlist(module, &all, true)?;
                }
            } else if lookup_attr(self, module, x)?.is_none() {
                let n = self.getattr(module, "__name__")?;
                let from_name = format!("{}.{x}", ops::str_of(self, &n)?);
                if let Err(e) = self.import(&from_name) {
                    let missing = e.matches(types::MODULE_NOT_FOUND_ERROR.get())
                        && self
                            .getattr(&e.value(), "name")
                            .ok()
                            .is_some_and(|n| n.as_str() == Some(from_name.as_str()))
                        && !matches!(self.imported(&from_name), Some(Value::None));
                    if !missing {
                        return Err(e);
                    }
                }
            }
        }
        Ok(())
    }

    /// `importlib._bootstrap._find_and_load_unlocked`: the parent package
    /// first, then the module found along the parent's `__path__` (or
    /// `sys.path`), which becomes an attribute of its parent.
    fn find_and_load(&mut self, name: &str) -> PyResult<Value> {
        let (parent, child) = name.rsplit_once('.').unwrap_or(("", name));
        let mut path = None;
        let mut parent_spec = None;
        if !parent.is_empty() {
            if self.imported(parent).is_none() {
                self.import_level(&Value::str(parent), None, &Value::None, 0)?;
            }
            // Importing the parent may have imported this module too.
            if let Some(m) = self.imported(name) {
                return Ok(m);
            }
            let Some(parent_module) = self.imported(parent) else {
                return Err(PyErr::key_error(Value::str(parent)));
            };
            match lookup_attr(self, &parent_module, "__path__")? {
                Some(p) => path = Some(p),
                None => {
                    return Err(not_found(
                        format!(
                            "No module named {}; {} is not a package",
                            str_repr(name),
                            str_repr(parent)
                        ),
                        name,
                    ));
                }
            }
            parent_spec = Some(self.getattr(&parent_module, "__spec__")?);
        }
        let Some(found) = self.find_spec(name, child, path.as_ref())? else {
            return Err(not_found(
                format!("No module named {}", str_repr(name)),
                name,
            ));
        };
        // While the module runs, its parent's spec lists it as a submodule
        // not yet initialized (for the AttributeError's message).
        let mut pending = None;
        if let Some(ps) = &parent_spec
            && ops::truthy(self, ps)?
        {
            let list = self.getattr(ps, "_uninitialized_submodules")?;
            self.call_method(&list, "append", &[Value::str(child)])?;
            pending = Some(list);
        }
        let r = self.load(name, found);
        if let Some(list) = pending {
            self.call_method(&list, "pop", &[])?;
        }
        let module = r?;
        if !parent.is_empty() {
            let Some(parent_module) = self.imported(parent) else {
                return Err(PyErr::key_error(Value::str(parent)));
            };
            match self.setattr(&parent_module, child, module.clone()) {
                Ok(()) => {}
                // CPython warns (an ImportWarning, ignored by default).
                Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(module)
    }

    /// `obj.method(*args)`.
    fn call_method(&mut self, obj: &Value, method: &str, args: &[Value]) -> PyResult<Value> {
        let f = self.getattr(obj, method)?;
        self.call(&f, args)
    }

    /// Where module `name` (last component `child`) is: a native module
    /// (top level only), the program's zip file (top level only), then
    /// each directory of `path` (a package's `__path__`) or of `sys.path`.
    fn find_spec(
        &mut self,
        name: &str,
        child: &str,
        path: Option<&Value>,
    ) -> PyResult<Option<Found>> {
        let entries = match path {
            // A submodule Typhon carries (`collections.abc`).
            Some(_)
                if name.contains('.')
                    && crate::stdlib::pysource::has(name)
                    && let Some(m) = self.native_module(name) =>
            {
                return Ok(Some(Found::Native(m?)));
            }
            Some(p) => str_items(self, p)?,
            None => {
                if let Some(m) = self.native_module(name) {
                    return Ok(Some(Found::Native(m?)));
                }
                if let Some(found) = self.find_in_zip(name)? {
                    return Ok(Some(found));
                }
                self.path_entries()?
            }
        };
        let mut namespace = Vec::new();
        let suffixes = ext_suffixes();
        for entry in entries {
            let dir = PathBuf::from(if entry.is_empty() { "." } else { &entry });
            let pkg = dir.join(child);
            let mut portion = false;
            if pkg.is_dir() {
                let pkg_dir = absolute(&pkg);
                for suffix in &suffixes {
                    let init = pkg.join(format!("__init__{suffix}"));
                    if init.is_file() {
                        return Ok(Some(Found::Extension {
                            file: PathBuf::from(absolute(&init)),
                            package: Some(pkg_dir),
                        }));
                    }
                }
                let init = pkg.join("__init__.py");
                if init.is_file() {
                    return read_source_file(&init, Some(pkg_dir)).map(Some);
                }
                portion = true;
            }
            // An extension module wins over a `.py` of the same name in the
            // same directory, as in CPython. Only Typhon's own suffixes are
            // loaded, so that one directory can hold the same extension
            // built for CPython (`m.cpython-311-….so`, `m.so`) and for
            // Typhon, and neither interpreter loads the other's build
            // (whose API calls would crash it).
            for suffix in &suffixes {
                let lib = dir.join(format!("{child}{suffix}"));
                if lib.is_file() {
                    return Ok(Some(Found::Extension {
                        file: PathBuf::from(absolute(&lib)),
                        package: None,
                    }));
                }
            }
            let file = dir.join(format!("{child}.py"));
            if file.is_file() {
                return read_source_file(&file, None).map(Some);
            }
            if let Some(other) = foreign_extension(&dir, child) {
                return Err(PyErr::new(
                    &types::IMPORT_ERROR,
                    format!(
                        "'{}' is a C extension module for CPython, not for Typhon: build it against Typhon's Python.h in capi/include, named '{child}{}'",
                        other.display(),
                        suffixes[0]
                    ),
                ));
            }
            if portion {
                namespace.push(absolute(&pkg));
            }
        }
        Ok((!namespace.is_empty()).then_some(Found::Namespace(namespace)))
    }

    /// A top-level `NAME.py` in the zip file run as the program.
    fn find_in_zip(&mut self, name: &str) -> PyResult<Option<Found>> {
        let Some(z) = &mut self.main_zip else {
            return Ok(None);
        };
        let shown = format!("{}/{name}.py", z.shown);
        let text = match z.archive.by_name(&format!("{name}.py")) {
            Ok(mut entry) => source::read_source(&mut entry, &shown, Origin::Module),
            Err(_) => return Ok(None),
        };
        let text = text.map_err(module_read_error)?;
        self.unreadable.push(shown.clone());
        Ok(Some(Found::Source {
            text,
            shown,
            package: None,
        }))
    }

    /// Typhon's native module `name` (`sys`, `math`, …), made now (or
    /// what making it raised); `sys` is made once.
    fn native_module(&mut self, name: &str) -> Option<PyResult<Value>> {
        if name == "sys"
            && let Some(m) = &self.sys_module
        {
            return Some(Ok(m.clone()));
        }
        let m = match builtins::builtin_module(self, name)? {
            Ok(m) => m,
            Err(e) => return Some(Err(e)),
        };
        if name == "sys" {
            self.sys_module = Some(m.clone());
            self.sys_dict = m.downcast::<ModuleObj>().map(|mo| mo.dict.clone());
        }
        Some(Ok(m))
    }

    /// `importlib._bootstrap._load_unlocked`: makes the module, puts it in
    /// `sys.modules`, runs it (taking it out again if that fails), and
    /// returns what `sys.modules` holds for the name afterwards.
    fn load(&mut self, name: &str, found: Found) -> PyResult<Value> {
        match found {
            Found::Native(m) => {
                let spec = self.new_spec(&SpecInfo {
                    name,
                    origin: Some("built-in"),
                    has_location: false,
                    search: None,
                })?;
                // A submodule Typhon carries (`collections.abc`) is in its
                // package.
                let parent = name.rsplit_once('.').map_or("", |(p, _)| p);
                self.init_module_attrs(&m, &spec, parent)?;
                self.add_module(name, m.clone());
                // A module a native module made for an attribute is its
                // submodule (`os.path`, a `posixpath` found nowhere else);
                // a module imported on its own (`sys`) is not.
                if let Some(d) = m
                    .downcast::<ModuleObj>()
                    .and_then(|mo| mo.dict.downcast::<DictObj>())
                {
                    for (k, v) in d.items() {
                        let (Some(k), Some(sub_mod)) = (k.as_str(), v.downcast::<ModuleObj>())
                        else {
                            continue;
                        };
                        let elsewhere = self.imported(&sub_mod.name).is_some_and(|o| {
                            o.as_obj().map(|o| o.as_ptr()) == v.as_obj().map(|o| o.as_ptr())
                        });
                        let sub = format!("{name}.{k}");
                        if !elsewhere && self.imported(&sub).is_none() {
                            self.add_module(&sub, v.clone());
                        }
                    }
                }
                Ok(m)
            }
            Found::Source {
                text,
                shown,
                package,
            } => self.exec_source(name, &text, &shown, package),
            Found::Extension { file, package } => {
                let shown = file.to_string_lossy().into_owned();
                let search = package.map(|p| Value::list(vec![Value::string(p)]));
                let spec = self.new_spec(&SpecInfo {
                    name,
                    origin: Some(&shown),
                    has_location: true,
                    search: search.clone(),
                })?;
                let m = self.load_extension(name, &file, &spec)?;
                let parent = match &search {
                    Some(_) => name,
                    None => name.rsplit_once('.').map_or("", |(p, _)| p),
                };
                self.init_module_attrs(&m, &spec, parent)?;
                if let Some(s) = search
                    && self.module_attr_is_none(&m, "__path__")?
                {
                    self.set_module_attr(&m, "__path__", s)?;
                }
                if self.module_attr_is_none(&m, "__file__")? {
                    self.set_module_attr(&m, "__file__", Value::string(shown))?;
                }
                self.add_module(name, m.clone());
                Ok(m)
            }
            Found::Namespace(dirs) => {
                let path = Value::list(dirs.into_iter().map(Value::string).collect());
                let spec = self.new_spec(&SpecInfo {
                    name,
                    origin: None,
                    has_location: false,
                    search: Some(path.clone()),
                })?;
                let globals = self.new_module_dict(name, None);
                if let Some(d) = globals.downcast::<DictObj>() {
                    d.set_str("__package__", Value::str(name));
                    d.set_str("__spec__", spec);
                    d.set_str("__file__", Value::None);
                    d.set_str("__path__", path);
                }
                let m = Value::Obj(ModuleObj::new_obj(name, globals));
                self.add_module(name, m.clone());
                Ok(m)
            }
        }
    }

    /// Whether `module.attr` is missing or `None`.
    fn module_attr_is_none(&mut self, module: &Value, attr: &str) -> PyResult<bool> {
        Ok(matches!(
            lookup_attr(self, module, attr)?,
            None | Some(Value::None)
        ))
    }

    /// `setattr(module, attr, v)`, an `AttributeError` ignored (as
    /// `_init_module_attrs` ignores it).
    fn set_module_attr(&mut self, module: &Value, attr: &str, v: Value) -> PyResult<()> {
        match self.setattr(module, attr, v) {
            Err(e) if !e.matches(types::ATTRIBUTE_ERROR.get()) => Err(e),
            _ => Ok(()),
        }
    }

    /// `_init_module_attrs(spec, module)` for a module its maker made
    /// (native or extension): `__package__` and `__loader__` where
    /// missing, `__spec__` always.
    fn init_module_attrs(&mut self, module: &Value, spec: &Value, parent: &str) -> PyResult<()> {
        if self.module_attr_is_none(module, "__package__")? {
            self.set_module_attr(module, "__package__", Value::str(parent))?;
        }
        if lookup_attr(self, module, "__loader__")?.is_none() {
            self.set_module_attr(module, "__loader__", Value::None)?;
        }
        self.set_module_attr(module, "__spec__", spec.clone())
    }

    /// Runs source text as module `name` (found at `shown`; `package`:
    /// its directory if it is a package's `__init__.py`).
    fn exec_source(
        &mut self,
        name: &str,
        text: &str,
        shown: &str,
        package: Option<String>,
    ) -> PyResult<Value> {
        let search = package.map(|p| Value::list(vec![Value::string(p)]));
        let spec = self.new_spec(&SpecInfo {
            name,
            origin: Some(shown),
            has_location: true,
            search: search.clone(),
        })?;
        let globals = self.new_module_dict(name, None);
        if let Some(d) = globals.downcast::<DictObj>() {
            let parent = match &search {
                Some(_) => name,
                None => name.rsplit_once('.').map_or("", |(p, _)| p),
            };
            d.set_str("__package__", Value::str(parent));
            d.set_str("__spec__", spec.clone());
            if let Some(s) = search {
                d.set_str("__path__", s);
            }
            d.set_str("__file__", Value::str(shown));
            // The builtins' dict, as CPython gives an imported module; no
            // bytecode cache, so no `__cached__` file.
            d.set_str("__builtins__", Value::Obj(self.builtins.clone()));
            d.set_str("__cached__", Value::None);
        }
        let module = Value::Obj(ModuleObj::new_obj(name, globals.clone()));
        self.setattr(&spec, "_initializing", Value::Bool(true))?;
        self.add_module(name, module);
        let result = self
            .compile(text, shown)
            .and_then(|code| self.run_module_code(code, &globals));
        let done = self.setattr(&spec, "_initializing", Value::Bool(false));
        let key = DictKey::from_str_obj(&crate::object::StrObj::new_obj(name));
        let modules = self.modules.clone();
        let Some(d) = modules.downcast::<DictObj>() else {
            return Err(PyErr::runtime_error("sys.modules is not a dict"));
        };
        if let Err(e) = result {
            d.remove_vm(self, &key)?;
            return Err(e);
        }
        done?;
        // What `sys.modules` holds now is the module (a module may have
        // replaced itself there), moved to the end as CPython moves it.
        let Some(m) = d.remove_vm(self, &key)? else {
            return Err(PyErr::key_error(Value::str(name)));
        };
        d.insert_vm(self, key, m.clone())?;
        Ok(m)
    }

    fn load_extension(&mut self, name: &str, lib: &Path, spec: &Value) -> PyResult<Value> {
        let Some(capi) = ext::capi() else {
            return Err(PyErr::new(
                &types::IMPORT_ERROR,
                format!(
                    "cannot load extension module '{name}' from '{}': this interpreter has no C API installed",
                    lib.display()
                ),
            ));
        };
        capi.load_module(self, name, lib, spec)
    }

    /// The class of `__spec__` objects, made on first use.
    fn spec_class(&mut self) -> PyResult<ObjRef> {
        if let Some(c) = &self.spec_class {
            return Ok(c.clone());
        }
        let ns = DictObj::new_obj();
        if let Some(d) = ns.downcast::<DictObj>() {
            d.set_str("__module__", Value::str("_frozen_importlib"));
            d.set_str(
                "__repr__",
                NativeMethod::new_value("ModuleSpec.__repr__", spec_repr),
            );
        }
        let cls =
            crate::classes::new_class("ModuleSpec", vec![ObjRef::from_static(&types::OBJECT)], ns)?;
        self.spec_class = Some(cls.clone());
        Ok(cls)
    }

    /// A new module spec.
    fn new_spec(&mut self, info: &SpecInfo<'_>) -> PyResult<Value> {
        let cls = self.spec_class()?;
        let spec = self.call(&Value::Obj(cls), &[])?;
        let origin = info.origin.map_or(Value::None, Value::str);
        let parent = match info.search {
            Some(_) => info.name,
            None => info.name.rsplit_once('.').map_or("", |(p, _)| p),
        };
        let attrs = [
            ("name", Value::str(info.name)),
            ("loader", Value::None),
            ("origin", origin),
            ("loader_state", Value::None),
            (
                "submodule_search_locations",
                info.search.clone().unwrap_or(Value::None),
            ),
            ("_uninitialized_submodules", Value::list(Vec::new())),
            ("parent", Value::str(parent)),
            ("has_location", Value::Bool(info.has_location)),
            ("cached", Value::None),
        ];
        for (k, v) in attrs {
            self.setattr(&spec, k, v)?;
        }
        Ok(spec)
    }
}

/// Reads the source file `file` of a module (`package`: its directory,
/// for a package's `__init__.py`), named by its absolute path as CPython
/// names it.
fn read_source_file(file: &Path, package: Option<String>) -> PyResult<Found> {
    let shown = absolute(file);
    let text = std::fs::File::open(file)
        .map_err(ReadError::Io)
        .and_then(|mut f| source::read_source(&mut f, &shown, Origin::Module))
        .map_err(module_read_error)?;
    Ok(Found::Source {
        text,
        shown,
        package,
    })
}

/// `ModuleSpec.__repr__`: CPython's form, `ModuleSpec(name='m',
/// loader=None, origin='/path/m.py')`.
fn spec_repr(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let Some(spec) = args.pos.first() else {
        return Err(PyErr::type_error(
            "ModuleSpec.__repr__() missing 1 required positional argument: 'self'",
        ));
    };
    let mut parts = Vec::new();
    for attr in ["name", "loader"] {
        let v = vm.getattr(spec, attr)?;
        parts.push(format!("{attr}={}", ops::repr(vm, &v)?));
    }
    let origin = vm.getattr(spec, "origin")?;
    if !matches!(origin, Value::None) {
        parts.push(format!("origin={}", ops::repr(vm, &origin)?));
    }
    let search = vm.getattr(spec, "submodule_search_locations")?;
    if !matches!(search, Value::None) {
        parts.push(format!(
            "submodule_search_locations={}",
            ops::str_of(vm, &search)?
        ));
    }
    let cls = vm.getattr(spec, "__class__")?;
    let cname = vm.getattr(&cls, "__name__")?;
    Ok(Value::string(format!(
        "{}({})",
        ops::str_of(vm, &cname)?,
        parts.join(", ")
    )))
}

/// The partially initialized module's or uninitialized submodule's
/// `AttributeError` message for `module.name`, CPython 3.11's
/// `module_getattro` (the module `mod_name` with dict `d`).
pub fn module_attr_error(vm: &mut Vm, d: &DictObj, name: &str) -> PyErr {
    let Some(mod_name) = d
        .get_str("__name__")
        .and_then(|n| n.as_str().map(str::to_owned))
    else {
        return PyErr::attribute_error(format!("module has no attribute '{name}'"));
    };
    let spec = d.get_str("__spec__").unwrap_or(Value::None);
    let initializing = !matches!(spec, Value::None)
        && lookup_attr(vm, &spec, "_initializing")
            .ok()
            .flatten()
            .is_some_and(|v| ops::truthy(vm, &v).unwrap_or(false));
    if initializing {
        return PyErr::attribute_error(format!(
            "partially initialized module '{mod_name}' has no attribute '{name}' (most likely due to a circular import)"
        ));
    }
    let uninit = !matches!(spec, Value::None)
        && lookup_attr(vm, &spec, "_uninitialized_submodules")
            .ok()
            .flatten()
            .is_some_and(|l| ops::contains(vm, &l, &Value::str(name)).unwrap_or(false));
    if uninit {
        return PyErr::attribute_error(format!(
            "cannot access submodule '{name}' of module '{mod_name}' (most likely due to a circular import)"
        ));
    }
    PyErr::attribute_error(format!("module '{mod_name}' has no attribute '{name}'"))
}

/// IMPORT_FROM: `name` from module `m`, or the submodule `m.name` from
/// `sys.modules`, with CPython's `ImportError` (naming a partially
/// initialized module when `m` is still running: a circular import).
pub fn import_from(vm: &mut Vm, m: &Value, name: &str) -> PyResult<Value> {
    match vm.getattr(m, name) {
        Ok(v) => return Ok(v),
        Err(e) if !e.matches(types::ATTRIBUTE_ERROR.get()) => return Err(e),
        Err(_) => {}
    }
    let pkgname = lookup_attr(vm, m, "__name__")
        .ok()
        .flatten()
        .and_then(|n| n.as_str().map(str::to_owned));
    let Some(pkgname) = pkgname else {
        return Err(import_error_with(
            &types::IMPORT_ERROR,
            format!(
                "cannot import name {} from {} (unknown location)",
                str_repr(name),
                str_repr("<unknown module name>")
            ),
            Value::None,
            Value::None,
        ));
    };
    if let Some(sub) = vm.imported(&format!("{pkgname}.{name}")) {
        return Ok(sub);
    }
    let file = match m.downcast::<ModuleObj>() {
        Some(mo) => mo
            .dict
            .downcast::<DictObj>()
            .and_then(|d| d.get_str("__file__"))
            .filter(|f| f.as_str().is_some()),
        None => None,
    };
    let Some(file) = file else {
        return Err(import_error_with(
            &types::IMPORT_ERROR,
            format!(
                "cannot import name {} from {} (unknown location)",
                str_repr(name),
                str_repr(&pkgname)
            ),
            Value::str(&pkgname),
            Value::None,
        ));
    };
    let spec = lookup_attr(vm, m, "__spec__").ok().flatten();
    let initializing = match spec {
        Some(s) if !matches!(s, Value::None) => lookup_attr(vm, &s, "_initializing")
            .ok()
            .flatten()
            .is_some_and(|v| ops::truthy(vm, &v).unwrap_or(false)),
        _ => false,
    };
    let path = file.as_str().unwrap_or("");
    let msg = if initializing {
        format!(
            "cannot import name {} from partially initialized module {} (most likely due to a circular import) ({path})",
            str_repr(name),
            str_repr(&pkgname)
        )
    } else {
        format!(
            "cannot import name {} from {} ({path})",
            str_repr(name),
            str_repr(&pkgname)
        )
    };
    Err(import_error_with(
        &types::IMPORT_ERROR,
        msg,
        Value::str(&pkgname),
        file.clone(),
    ))
}

/// IMPORT_STAR: the public names of module `m` (its `__all__`, else the
/// names of its `__dict__` not starting with `_`) stored into `ns`.
pub fn import_star(vm: &mut Vm, m: &Value, ns: &DictObj) -> PyResult<()> {
    let (names, skip_private) = match lookup_attr(vm, m, "__all__")? {
        Some(all) => (all, false),
        None => match lookup_attr(vm, m, "__dict__")? {
            Some(d) => {
                let keys = vm.getattr(&d, "keys")?;
                (vm.call(&keys, &[])?, true)
            }
            None => {
                return Err(PyErr::new(
                    &types::IMPORT_ERROR,
                    "from-import-* object has no __dict__ and no __all__",
                ));
            }
        },
    };
    for n in ops::collect(vm, &names)? {
        let Some(s) = n.as_str() else {
            let modname = lookup_attr(vm, m, "__name__")?
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            let what = if skip_private {
                format!("Key in {modname}.__dict__")
            } else {
                format!("Item in {modname}.__all__")
            };
            return Err(PyErr::type_error(format!(
                "{what} must be str, not {}",
                n.type_name()
            )));
        };
        if skip_private && s.starts_with('_') {
            continue;
        }
        let v = vm.getattr(m, s)?;
        ns.insert_vm(vm, DictKey::new(n.clone())?, v)?;
    }
    Ok(())
}

/// `__import__(name, globals=None, locals=None, fromlist=(), level=0)`.
pub fn b_import(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &Sig {
            name: "__import__",
            params: &["name", "globals", "locals", "fromlist", "level"],
            posonly: 0,
            required: 1,
            kwonly: &[],
            style: Style::C,
        },
    )?;
    let name = p[0].cloned().unwrap_or(Value::None);
    let globals = p[1].cloned();
    let fromlist = p[3].cloned().unwrap_or(Value::None);
    let level = match p[4] {
        None => 0,
        Some(v) => match ops::to_index(v) {
            Some(r) => r?,
            None => {
                return Err(PyErr::type_error(format!(
                    "'{}' object cannot be interpreted as an integer",
                    v.type_name()
                )));
            }
        },
    };
    vm.import_level(&name, globals.as_ref(), &fromlist, level)
}

/// Fills the `importlib` module: `import_module` and
/// `invalidate_caches` (which has nothing to do: nothing is cached).
pub fn fill_importlib(d: &DictObj) {
    let f = |n: &'static str, f: crate::object::NativeFn| {
        Value::Obj(crate::object::Builtin::new_obj(n, f, None))
    };
    d.set_str("import_module", f("import_module", import_module));
    d.set_str(
        "invalidate_caches",
        f("invalidate_caches", invalidate_caches),
    );
}

/// `importlib.import_module(name, package=None)`: the module itself (not
/// its top-level package); a name starting with dots is relative to
/// `package`.
fn import_module(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &Sig {
            name: "import_module",
            params: &["name", "package"],
            posonly: 0,
            required: 1,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let name_v = p[0].cloned().unwrap_or(Value::None);
    let package = p[1].cloned().unwrap_or(Value::None);
    let Some(name) = name_v.as_str() else {
        return Err(PyErr::attribute_error(format!(
            "'{}' object has no attribute 'startswith'",
            name_v.type_name()
        )));
    };
    let mut level = 0;
    if name.starts_with('.') {
        if !ops::truthy(vm, &package)? {
            return Err(PyErr::type_error(format!(
                "the 'package' argument is required to perform a relative import for {}",
                str_repr(name)
            )));
        }
        level = name.chars().take_while(|c| *c == '.').count();
    }
    let rest = &name[level..];
    // `_gcd_import`'s `_sanity_check`, then `_resolve_name`.
    let abs = if level > 0 {
        let Some(pkg) = package.as_str() else {
            return Err(PyErr::type_error("__package__ not set to a string"));
        };
        if pkg.is_empty() {
            return Err(no_parent());
        }
        let bits: Vec<&str> = pkg.rsplitn(level, '.').collect();
        if bits.len() < level {
            return Err(PyErr::new(
                &types::IMPORT_ERROR,
                "attempted relative import beyond top-level package",
            ));
        }
        let base = bits.last().copied().unwrap_or("");
        if rest.is_empty() {
            base.to_owned()
        } else {
            format!("{base}.{rest}")
        }
    } else {
        if rest.is_empty() {
            return Err(PyErr::value_error("Empty module name"));
        }
        rest.to_owned()
    };
    vm.import(&abs)
}

fn invalidate_caches(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    parse(
        &args,
        &Sig {
            name: "invalidate_caches",
            params: &[],
            posonly: 0,
            required: 0,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    Ok(Value::None)
}

/// `repr(module)`, as `importlib._bootstrap._module_repr` makes it: from
/// its `__spec__` when it has one (`<module 'm' from '/path/m.py'>`,
/// `<module 'sys' (built-in)>`), else from `__name__` and `__file__`.
pub fn module_repr(vm: &mut Vm, m: &ModuleObj) -> PyResult<String> {
    let d = m.dict.downcast::<DictObj>();
    let get = |k: &str| d.and_then(|d| d.get_str(k));
    let loader = get("__loader__").unwrap_or(Value::None);
    if let Some(spec) = get("__spec__")
        && ops::truthy(vm, &spec)?
    {
        let name = vm.getattr(&spec, "name")?;
        let name = match name {
            Value::None => "'?'".to_owned(),
            n => ops::repr(vm, &n)?,
        };
        let origin = vm.getattr(&spec, "origin")?;
        let loader = vm.getattr(&spec, "loader")?;
        return Ok(match (origin, loader) {
            (Value::None, Value::None) => format!("<module {name}>"),
            (Value::None, l) => format!("<module {name} ({})>", ops::repr(vm, &l)?),
            (o, _) => {
                let located = vm.getattr(&spec, "has_location")?;
                if ops::truthy(vm, &located)? {
                    format!("<module {name} from {}>", ops::repr(vm, &o)?)
                } else {
                    format!("<module {name} ({})>", ops::str_of(vm, &o)?)
                }
            }
        });
    }
    let name = match get("__name__") {
        Some(n) => ops::repr(vm, &n)?,
        None => "'?'".to_owned(),
    };
    Ok(match (get("__file__"), loader) {
        (Some(f), _) => format!("<module {name} from {}>", ops::repr(vm, &f)?),
        (None, Value::None) => format!("<module {name}>"),
        (None, l) => format!("<module {name} ({})>", ops::repr(vm, &l)?),
    })
}
