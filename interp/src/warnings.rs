//! Warnings issued by C code (`PyErr_WarnEx` and friends), shown as
//! CPython 3.11 shows them with its default filters and no `warnings`
//! module configured:
//!
//! ```text
//! FILE:LINE: CATEGORY: MESSAGE
//!   SOURCE LINE
//! ```
//!
//! on stderr, once per (message, category, line) of each module (the
//! registry is the module's `__warningregistry__` dict, as in CPython),
//! with `DeprecationWarning` shown only for code of `__main__` and
//! `PendingDeprecationWarning`, `ImportWarning` and `ResourceWarning`
//! never shown. Once a program has imported the `warnings` module
//! (Python source, `stdlib/py/warnings.py`), its `warn_explicit` decides
//! instead ([`show`]), so that its filters, `catch_warnings` and
//! `showwarning` see C code's warnings too; a warning its filters turn
//! into an error is raised by the call that issued it.
//!
//! Which line is "the caller's" is known only to the evaluation loop,
//! which keeps the current instruction in a register while C code runs.
//! So a warning is queued ([`warn_later`], which sets the
//! `abi::pending::WARNINGS` event) and shown when the call that issued it
//! is back in the loop: a call whose C code warned returns the
//! `WARNINGS_PENDING` marker in place of its result ([`at_boundary`]), the
//! loop hands it to `eval::unwind` as if the call had raised, and
//! [`deliver`] shows the queued warnings with the frames as they are at
//! that instruction (`stacklevel` 1 is the frame making the call), then
//! completes the call instruction with the result the marker carries. A
//! call that raised shows its warnings before it unwinds. A warning issued
//! somewhere else (an operator slot, a getter) is shown at the next call
//! or exception, with that instruction's line.

use crate::bytecode::{Code, Op, stack_effect};
use crate::frame::ExecState;
use crate::object::types;
use crate::object::{DictKey, DictObj, ObjRef, PyErr, PyResult, TupleObj, Value};
use crate::vm::Vm;
use std::cell::RefCell;
use std::rc::Rc;

/// What waits for the evaluation loop to know the caller's line.
enum Item {
    Warning(Queued),
    /// An exception C code reported with `PyErr_WriteUnraisable(obj)`:
    /// printed with the calling frame as its traceback, as CPython does.
    Unraisable(PyErr, Option<Value>),
}

/// A warning waiting to be shown.
struct Queued {
    category: ObjRef,
    message: String,
    stacklevel: i64,
    /// Where the import machinery stood when it was issued.
    phase: Option<ImportPhase>,
}

/// Which part of making an extension module C code runs in. CPython runs
/// it under frames of its import machinery (frozen, no source), which
/// `stacklevel` counts before it reaches the `import` statement, and
/// whose module (`importlib._bootstrap`) the default filters see: a
/// `DeprecationWarning` from a `PyInit_*` function is not shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportPhase {
    /// `PyInit_*` and a `Py_mod_create` slot.
    Create,
    /// `Py_mod_exec` slots.
    Exec,
}

impl ImportPhase {
    /// CPython 3.11's import frames in this phase, innermost first: file
    /// and line (CPython 3.11.7's frozen `importlib`).
    fn frames(self) -> &'static [(&'static str, u32)] {
        const B: &str = "<frozen importlib._bootstrap>";
        const BE: &str = "<frozen importlib._bootstrap_external>";
        match self {
            ImportPhase::Create => &[
                (B, 241),
                (BE, 1233),
                (B, 573),
                (B, 676),
                (B, 1147),
                (B, 1176),
            ],
            ImportPhase::Exec => &[(B, 241), (BE, 1241), (B, 690), (B, 1147), (B, 1176)],
        }
    }
}

thread_local! {
    static QUEUE: RefCell<Vec<Item>> = const { RefCell::new(Vec::new()) };
    static PHASE: std::cell::Cell<Option<ImportPhase>> = const { std::cell::Cell::new(None) };
    /// The registries of the import machinery's modules (CPython keeps
    /// them in those modules' globals; here no object outlives the run).
    static IMPORT_REGISTRY: RefCell<Vec<(String, usize, u32)>> = const { RefCell::new(Vec::new()) };
}

/// Sets the import phase C code now runs in (`None`: not making a module),
/// returning the one before, for the C API's loader to put back.
pub fn set_import_phase(p: Option<ImportPhase>) -> Option<ImportPhase> {
    PHASE.replace(p)
}

/// Queues the report of exception `e`, which C code could not pass to
/// any caller (`PyErr_WriteUnraisable(obj)`), to be printed when the
/// evaluation loop knows the calling frame's line, in order with the
/// warnings (see the module documentation).
pub fn unraisable_later(e: PyErr, obj: Option<Value>) {
    QUEUE.with_borrow_mut(|q| q.push(Item::Unraisable(e, obj)));
    abi::pending::set(abi::pending::WARNINGS);
}

/// Queues a warning of `category` (a subclass of `Warning`) to be shown
/// for the Python frame `stacklevel` levels up from the one running the
/// current call (see the module documentation).
pub fn warn_later(category: ObjRef, message: String, stacklevel: i64) {
    QUEUE.with_borrow_mut(|q| {
        q.push(Item::Warning(Queued {
            category,
            message,
            stacklevel,
            phase: PHASE.get(),
        }))
    });
    abi::pending::set(abi::pending::WARNINGS);
}

/// Whether warnings are queued: one relaxed load, so that every C call
/// can afford to ask.
#[inline(always)]
pub fn pending() -> bool {
    abi::pending::PENDING.load(std::sync::atomic::Ordering::Relaxed) & abi::pending::WARNINGS != 0
}

/// The result of a call as the instruction that made it should see it:
/// unchanged, or, when the call queued warnings and returned normally, the
/// `WARNINGS_PENDING` marker carrying its result (which `eval::unwind`
/// turns back into that result after showing the warnings). Only the
/// evaluation loop's call instructions (and the C API's quickened calls,
/// which they run) may call this.
#[inline(always)]
pub fn at_boundary(r: PyResult<Value>) -> PyResult<Value> {
    if !pending() {
        return r;
    }
    carry(r)
}

/// [`at_boundary`] when warnings are queued.
#[cold]
#[inline(never)]
fn carry(r: PyResult<Value>) -> PyResult<Value> {
    match r {
        Ok(v) => Err(carrying(v)),
        Err(e) => Err(e),
    }
}

/// The error that carries the result `v` of a C call past the queued
/// warnings (what [`at_boundary`] gives back for a result).
#[cold]
pub fn carrying(v: Value) -> PyErr {
    PyErr::with_args(&types::WARNINGS_PENDING, vec![v])
}

/// Whether `e` is the marker [`at_boundary`] makes.
pub fn is_marker(e: &PyErr) -> bool {
    std::ptr::eq(e.ty(), types::WARNINGS_PENDING.get())
}

/// A frame as a warning sees it: its code, the instruction it is at, and
/// its globals.
struct Site {
    code: Rc<Code>,
    pc: usize,
    globals: ObjRef,
}

/// Shows the queued warnings for the instruction `at` of `code`, the
/// innermost frame of `st`, then: for the marker, completes the call
/// instruction at `at` with the result it carries (`Ok(None)`: go on at
/// the frame's next instruction); for any other exception, `Ok(Some(e))`
/// (unwind it as usual).
pub(crate) fn deliver(
    vm: &mut Vm,
    st: &mut ExecState,
    code: &Rc<Code>,
    at: usize,
    err: PyErr,
) -> PyResult<Option<PyErr>> {
    let mut sites = Vec::new();
    if let Some(top) = st.top() {
        sites.push(Site {
            code: code.clone(),
            pc: at,
            globals: top.globals.clone(),
        });
    }
    let n = st.depth();
    for f in st.frames[..n.saturating_sub(1)].iter().rev() {
        sites.push(Site {
            code: f.code.clone(),
            pc: crate::eval::call_site(&f.code, f.pc.get().saturating_sub(1)),
            globals: f.globals.clone(),
        });
    }
    // A warning a filter of the `warnings` module turns into an error is
    // what the call raised.
    if let Err(e) = show_queued(vm, &sites) {
        return Ok(Some(e));
    }
    if !is_marker(&err) {
        return Ok(Some(err));
    }
    let result = match &*err.exc().args.borrow() {
        Value::Obj(t) => t
            .downcast::<TupleObj>()
            .and_then(|t| t.items.first().cloned())
            .unwrap_or(Value::None),
        _ => Value::None,
    };
    complete_call(st, code, at, result)?;
    Ok(None)
}

/// Leaves the innermost frame of `st` as the call instruction at `at`
/// leaves it when it returns `result`: its operand stack as deep as the
/// instruction's stack effect says (whatever the path that ran the call
/// left above that is dropped), `result` on top, and the frame at the next
/// instruction.
pub(crate) fn complete_call(
    st: &mut ExecState,
    code: &Rc<Code>,
    at: usize,
    result: Value,
) -> PyResult<()> {
    let bad = || PyErr::new(&types::SYSTEM_ERROR, "warnings: no call to complete");
    let ins = code.units.get(at).map(|u| u.get()).ok_or_else(bad)?;
    if !matches!(
        ins.op.generic(),
        Op::Call | Op::CallMethod | Op::CallKw | Op::CallEx | Op::ImportName
    ) {
        return Err(bad());
    }
    let before = depth_at(code, at).ok_or_else(bad)?;
    let effect = stack_effect(ins.op, ins.arg).next.ok_or_else(bad)?;
    let after = usize::try_from(before + effect).map_err(|_| bad())?;
    let f = st.top().ok_or_else(bad)?;
    let base = f.sb.get();
    f.pc.set(at + 1 + ins.op.cache_units());
    let slot = (base + after).checked_sub(1).ok_or_else(bad)?;
    if st.sp < slot {
        return Err(bad());
    }
    st.truncate(slot);
    st.push(result)
}

/// The operand-stack depth before instruction `at` of `code` (the same
/// walk as `bytecode::max_stack_depth`).
#[doc(hidden)]
pub fn depth_at(code: &Code, at: usize) -> Option<i32> {
    let units = &code.units;
    let n = units.len();
    let mut seen: Vec<Option<i32>> = vec![None; n];
    let mut work: Vec<(usize, i32)> = vec![(0, 0)];
    work.extend(
        code.exc_table
            .iter()
            .map(|e| (e.handler as usize, e.depth as i32 + 1)),
    );
    let bound = 4 * n as i32 + 64;
    while let Some((pc, d)) = work.pop() {
        let Some(ins) = units.get(pc).map(|u| u.get()) else {
            continue;
        };
        if seen[pc].is_some() || d > bound {
            continue;
        }
        seen[pc] = Some(d);
        let eff = stack_effect(ins.op, ins.arg);
        if let Some(e) = eff.next {
            work.push((pc + 1 + ins.op.cache_units(), d + e));
        }
        if let Some(e) = eff.jump {
            work.push((ins.arg as usize, d + e));
        }
    }
    seen.get(at).copied().flatten()
}

/// Shows the queued warnings from the frames `sites` (innermost first);
/// with none, as CPython does past the outermost frame (`sys:1`).
fn show_queued(vm: &mut Vm, sites: &[Site]) -> PyResult<()> {
    abi::pending::take(abi::pending::WARNINGS);
    let queued = QUEUE.with_borrow_mut(std::mem::take);
    for item in queued {
        let w = match item {
            Item::Warning(w) => w,
            Item::Unraisable(e, obj) => {
                if let Some(s) = sites.first() {
                    let mut tb = e.exc().traceback.borrow_mut();
                    if tb.is_empty() {
                        tb.push(crate::object::exc::TbEntry {
                            code: s.code.clone(),
                            pc: s.pc as u32,
                        });
                    }
                }
                vm.write_unraisable_in(&e, obj.as_ref());
                continue;
            }
        };
        let mut level = usize::try_from(w.stacklevel.max(1) - 1).unwrap_or(usize::MAX);
        if let Some(p) = w.phase {
            let frames = p.frames();
            if let Some(&(file, line)) = frames.get(level) {
                show_import_frame(vm, &w, file, line)?;
                continue;
            }
            level -= frames.len();
        }
        match sites.get(level) {
            Some(s) => {
                let line = s.code.line_at(s.pc);
                let text = s.code.source.line(line).map(str::to_owned);
                let module = s
                    .globals
                    .downcast::<DictObj>()
                    .and_then(|d| d.get_str("__name__"))
                    .map_or(Value::str("<string>"), |m| match m.as_str() {
                        Some(_) => m,
                        None => Value::str("<string>"),
                    });
                let registry = registry_of(&s.globals);
                show(
                    vm,
                    &w.category,
                    &w.message,
                    &s.code.source.filename,
                    line,
                    module.as_str(),
                    registry.as_ref(),
                    text,
                )?;
            }
            None => {
                let registry = sys_registry(vm);
                show(
                    vm,
                    &w.category,
                    &w.message,
                    "sys",
                    1,
                    Some("sys"),
                    registry.as_ref(),
                    None,
                )?;
            }
        }
    }
    Ok(())
}

/// Shows `w` for a frame of the import machinery (`file`, `line`): no
/// source line, the module's registry kept here.
fn show_import_frame(vm: &mut Vm, w: &Queued, file: &str, line: u32) -> PyResult<()> {
    let module = if file.contains("external") {
        "importlib._bootstrap_external"
    } else {
        "importlib._bootstrap"
    };
    if !default_filters_show(&w.category, Some(module)) {
        return Ok(());
    }
    let key = (
        format!("{module}\0{}", w.message),
        w.category.as_ptr() as usize,
        line,
    );
    let seen = IMPORT_REGISTRY.with_borrow_mut(|r| {
        if r.contains(&key) {
            true
        } else {
            r.push(key);
            false
        }
    });
    if seen {
        return Ok(());
    }
    show(
        vm,
        &w.category,
        &w.message,
        file,
        line,
        Some(module),
        None,
        None,
    )
}

/// At shutdown: shows the warnings still queued with no frame to point at
/// (they were issued outside any call), and forgets the import machinery's
/// registries (the next interpreter on this thread starts afresh, as a
/// new CPython process would).
pub fn at_shutdown(vm: &mut Vm) {
    if pending() {
        let _ = show_queued(vm, &[]);
    }
    IMPORT_REGISTRY.with_borrow_mut(Vec::clear);
}

/// The module's `__warningregistry__`, made on first use as CPython makes
/// it.
fn registry_of(globals: &ObjRef) -> Option<ObjRef> {
    let d = globals.downcast::<DictObj>()?;
    if let Some(Value::Obj(r)) = d.get_str("__warningregistry__")
        && r.downcast::<DictObj>().is_some()
    {
        return Some(r);
    }
    let r = DictObj::new_obj();
    d.set_str("__warningregistry__", Value::Obj(r.clone()));
    Some(r)
}

/// The registry of warnings attributed to `sys` (past the outermost
/// frame).
fn sys_registry(vm: &mut Vm) -> Option<ObjRef> {
    let sys = vm.import("sys").ok()?;
    let m = sys.as_obj()?.downcast::<crate::object::ModuleObj>()?;
    registry_of(&m.dict)
}

/// What CPython's default filters say for `category` raised from
/// `module`: show it (`true`) or ignore it.
#[doc(hidden)]
pub fn default_filters_show(category: &ObjRef, module: Option<&str>) -> bool {
    let Some(t) = category.as_type() else {
        return true;
    };
    if t.is_subtype(types::DEPRECATION_WARNING.get()) {
        return module == Some("__main__");
    }
    ![
        &types::PENDING_DEPRECATION_WARNING,
        &types::IMPORT_WARNING,
        &types::RESOURCE_WARNING,
    ]
    .iter()
    .any(|s| t.is_subtype(s.get()))
}

/// CPython's `warn_explicit` with the default filters: the registry check
/// and update, the filter, and the output.
#[allow(clippy::too_many_arguments)]
pub fn show(
    vm: &mut Vm,
    category: &ObjRef,
    message: &str,
    filename: &str,
    lineno: u32,
    module: Option<&str>,
    registry: Option<&ObjRef>,
    source_line: Option<String>,
) -> PyResult<()> {
    // Once a program has imported `warnings`, its filters, registries and
    // `showwarning` decide, as CPython's `_warnings` consults them.
    if let Some(f) = python_warn_explicit(vm) {
        let reg = registry.map_or(Value::None, |r| Value::Obj(r.clone()));
        vm.call(
            &f,
            &[
                Value::str(message),
                Value::Obj(category.clone()),
                Value::str(filename),
                Value::Int(i64::from(lineno)),
                module.map_or(Value::None, Value::str),
                reg,
            ],
        )?;
        return Ok(());
    }
    let key = Value::tuple(vec![
        Value::str(message),
        Value::Obj(category.clone()),
        Value::Int(lineno as i64),
    ]);
    let key = DictKey::new(key)?;
    let reg = registry.and_then(|r| r.downcast::<DictObj>());
    // The registry is stamped with the filters' version, as CPython's
    // `already_warned` does: with no `warnings` module the filters never
    // change, so the version is 0 (the module's own starts there too).
    if let Some(r) = reg {
        let version = DictKey::new(Value::str("version"))?;
        if !matches!(r.get(&version), Some(Value::Int(0))) {
            r.clear();
            r.insert(version, Value::Int(0));
        }
    }
    if let Some(r) = reg
        && r.get(&key).is_some_and(|v| ops_truthy_plain(&v))
    {
        return Ok(());
    }
    if !default_filters_show(category, module) {
        return Ok(());
    }
    if let Some(r) = reg {
        r.insert(key, Value::Bool(true));
    }
    let name = vm.getattr(&Value::Obj(category.clone()), "__name__")?;
    let name = name.as_str().unwrap_or("Warning").to_owned();
    let mut out = format!("{filename}:{lineno}: {name}: {message}\n");
    if let Some(line) = source_line {
        let line = line.trim_start_matches([' ', '\t', '\x0c']);
        out.push_str("  ");
        out.push_str(line.trim_end());
        out.push('\n');
    }
    eprint!("{out}");
    Ok(())
}

/// Whether a registry entry says "already shown" (CPython stores `True`).
fn ops_truthy_plain(v: &Value) -> bool {
    match v {
        Value::Bool(b) => *b,
        Value::Int(i) => *i != 0,
        _ => false,
    }
}

/// The `warn_explicit` of the `warnings` module, once a program has
/// imported it (Typhon's own, `stdlib/py/warnings.py`).
fn python_warn_explicit(vm: &mut Vm) -> Option<Value> {
    let m = vm.imported("warnings")?;
    let m = m.as_obj()?.downcast::<crate::object::ModuleObj>()?;
    let d = m.dict.downcast::<DictObj>()?;
    d.get_str("_typhon_module")?;
    d.get_str("warn_explicit")
}

/// `warnings._getline(filename, lineno)`, the private helper of the
/// `warnings` module (its `linecache.getline`): line `lineno` of the file,
/// or `""`.
pub fn b_getline(_vm: &mut Vm, args: crate::object::Args<'_>) -> PyResult<Value> {
    args.no_kw("_getline")?;
    let (Some(name), Some(Value::Int(n))) =
        (args.pos.first().and_then(Value::as_str), args.pos.get(1))
    else {
        return Ok(Value::str(""));
    };
    let Ok(n) = u32::try_from(*n) else {
        return Ok(Value::str(""));
    };
    let line = std::fs::read_to_string(name).ok().and_then(|t| {
        crate::bytecode::Source::new(name, t)
            .line(n)
            .map(str::to_owned)
    });
    Ok(Value::string(line.unwrap_or_default()))
}

/// `PyErr_WarnExplicit`: a warning for an explicit location, shown at once
/// (`module` defaults to the file name without `.py`; the source line is
/// read from the file).
pub fn warn_explicit(
    vm: &mut Vm,
    category: &ObjRef,
    message: &str,
    filename: &str,
    lineno: u32,
    module: Option<&str>,
    registry: Option<&ObjRef>,
) -> PyResult<()> {
    let derived;
    let module = match module {
        Some(m) => m,
        None => {
            derived = filename.strip_suffix(".py").unwrap_or(filename).to_owned();
            &derived
        }
    };
    let line = std::fs::read_to_string(filename).ok().and_then(|t| {
        crate::bytecode::Source::new(filename, t)
            .line(lineno)
            .map(str::to_owned)
    });
    show(
        vm,
        category,
        message,
        filename,
        lineno,
        Some(module),
        registry,
        line,
    )
}
