//! The builtins that see the calling frame: `globals()`, `locals()`,
//! `vars()` and `dir()` without an argument, `eval()` and `exec()`; also
//! `compile()` and `dir(obj)`, which do not.
//!
//! A builtin is called with the `Vm` only, and the frames live in the
//! evaluation loop's `ExecState`. So such a builtin checks its arguments
//! and returns the `FRAME_REQUEST` marker (a private exception carrying
//! what was asked for and the arguments) in place of a result; the loop
//! hands it to `eval::unwind` as if the call had raised, and [`answer`]
//! computes the result with the innermost frame at hand and completes the
//! call instruction (as `crate::warnings` does for C code's warnings). An
//! ordinary call pays nothing. Called from native code (`map(locals,
//! ...)`), the builtin's result cannot reach its caller: `Vm::call_with`
//! turns the marker into a `RuntimeError` ([`from_native`]).

use crate::compile::Mode;
use crate::compile::scope::{CLASS_NS, LOCALS_DICT};
use crate::frame::{ExecState, is_unbound};
use crate::object::types::{self, Kind};
use crate::object::{
    Args, CellObj, CodeObj, DictObj, ListObj, ModuleObj, ObjRef, PyErr, PyResult, StrObj, TupleObj,
    Value,
};
use crate::stdlib::{Sig, Style, parse};
use crate::vm::Vm;
use std::rc::Rc;

/// What a frame request asks for (the first item of the marker's args).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ask {
    Globals = 0,
    Locals = 1,
    Dir = 2,
    Eval = 3,
    Exec = 4,
    /// Call a function with the frame's globals first (see
    /// [`with_globals`]).
    WithGlobals = 5,
    /// `compile()` with the caller's future features.
    Compile = 6,
    /// Where a frame up the stack is (see [`b_caller`]).
    Caller = 7,
}

impl Ask {
    fn from_i64(i: i64) -> Option<Ask> {
        Some(match i {
            0 => Ask::Globals,
            1 => Ask::Locals,
            2 => Ask::Dir,
            3 => Ask::Eval,
            4 => Ask::Exec,
            5 => Ask::WithGlobals,
            6 => Ask::Compile,
            7 => Ask::Caller,
            _ => return None,
        })
    }
}

/// The marker asking the evaluation loop for `ask` with `args`.
fn request(ask: Ask, args: &[Value]) -> PyErr {
    let mut v = Vec::with_capacity(args.len() + 1);
    v.push(Value::Int(ask as i64));
    v.extend(args.iter().cloned());
    PyErr::with_args(&types::FRAME_REQUEST, v)
}

/// What a builtin that needs its caller's globals returns (for the name
/// of the calling module: `collections.namedtuple`'s `__module__`): the
/// loop then calls `f(globals, *args, **kwargs)` and completes the call
/// with its result.
pub fn with_globals(f: crate::object::NativeFn, args: Args<'_>) -> PyErr {
    let kw = DictObj::new_obj();
    if let Some(d) = kw.downcast::<DictObj>() {
        for (k, v) in args.kw {
            d.insert(crate::object::DictKey::from_str_obj(k), v.clone());
        }
    }
    request(
        Ask::WithGlobals,
        &[
            Value::Obj(crate::object::Builtin::new_obj("<with globals>", f, None)),
            Value::tuple(args.pos.to_vec()),
            Value::Obj(kw),
        ],
    )
}

/// Whether `e` is the marker a frame builtin returns.
#[inline(always)]
pub fn is_request(e: &PyErr) -> bool {
    std::ptr::eq(e.ty(), types::FRAME_REQUEST.get())
}

/// What native code that called a frame builtin gets instead of the
/// marker: Typhon cannot hand it a result computed by the loop.
#[cold]
pub fn from_native(e: PyErr) -> PyErr {
    if !is_request(&e) {
        return e;
    }
    let with_globals = matches!(&*e.exc().args.borrow(), Value::Obj(t)
        if t.downcast::<TupleObj>().and_then(|t| t.items.first().cloned())
            .is_some_and(|a| matches!(a, Value::Int(i) if i == Ask::WithGlobals as i64)));
    if with_globals {
        return PyErr::new(
            &types::RUNTIME_ERROR,
            "collections.namedtuple() called from native code without module= is not supported by typhon",
        );
    }
    PyErr::new(
        &types::RUNTIME_ERROR,
        "globals(), locals(), vars(), dir(), eval(), exec() and compile() called from native code are not supported by typhon",
    )
}

fn no_args(args: &Args<'_>, name: &str) -> PyResult<()> {
    args.no_kw(name)?;
    if !args.pos.is_empty() {
        return Err(PyErr::type_error(format!(
            "{name}() takes no arguments ({} given)",
            args.pos.len()
        )));
    }
    Ok(())
}

/// `globals()`.
pub fn b_globals(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    no_args(&args, "globals")?;
    Err(request(Ask::Globals, &[]))
}

/// `locals()`.
pub fn b_locals(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    no_args(&args, "locals")?;
    Err(request(Ask::Locals, &[]))
}

/// `vars()`: `locals()`; `vars(obj)`: `obj.__dict__`.
pub fn b_vars(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("vars")?;
    match args.pos {
        [obj] => vm.getattr(obj, "__dict__").map_err(|e| {
            if e.matches(types::ATTRIBUTE_ERROR.get()) {
                PyErr::type_error("vars() argument must have __dict__ attribute")
            } else {
                e
            }
        }),
        [] => Err(request(Ask::Locals, &[])),
        _ => Err(PyErr::type_error(format!(
            "vars expected at most 1 argument, got {}",
            args.pos.len()
        ))),
    }
}

/// `dir()`: the sorted names of the current scope; `dir(obj)`: see
/// [`dir_of`].
pub fn b_dir(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("dir")?;
    match args.pos {
        [] => Err(request(Ask::Dir, &[])),
        [obj] => dir_of(vm, obj),
        _ => Err(PyErr::type_error(format!(
            "dir expected at most 1 argument, got {}",
            args.pos.len()
        ))),
    }
}

/// `eval(source, globals=None, locals=None, /)`.
pub fn b_eval(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("eval")?;
    match args.pos.len() {
        0 => Err(PyErr::type_error(
            "eval expected at least 1 argument, got 0",
        )),
        1..=3 => Err(request(Ask::Eval, args.pos)),
        n => Err(PyErr::type_error(format!(
            "eval expected at most 3 arguments, got {n}"
        ))),
    }
}

/// `exec(source, globals=None, locals=None, /, *, closure=None)`.
pub fn b_exec(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let a = parse(
        &args,
        &Sig {
            name: "exec",
            params: &["source", "globals", "locals"],
            posonly: 3,
            required: 1,
            kwonly: &["closure"],
            style: Style::C,
        },
    )
    .map_err(|e| {
        // The C parser words a missing source as a positional-only miss.
        if args.pos.is_empty() && args.kw.is_empty() {
            PyErr::type_error("exec() takes at least 1 positional argument (0 given)")
        } else {
            e
        }
    })?;
    if let Some(Some(c)) = a.get(3)
        && !matches!(c, Value::None)
    {
        return Err(PyErr::type_error(
            "cannot use a closure with this code object",
        ));
    }
    let pos: Vec<Value> = a[..3]
        .iter()
        .map_while(|v| v.cloned())
        .collect::<Vec<Value>>();
    Err(request(Ask::Exec, &pos))
}

/// `compile(source, filename, mode, flags=0, dont_inherit=False,
/// optimize=-1)`: a code object `exec` and `eval` run. Unless
/// `dont_inherit`, the code also has the future features of the code that
/// calls `compile` (a frame request then finishes the call).
pub fn b_compile(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let a = parse(
        &args,
        &Sig {
            name: "compile",
            params: &[
                "source",
                "filename",
                "mode",
                "flags",
                "dont_inherit",
                "optimize",
            ],
            posonly: 0,
            required: 3,
            kwonly: &["_feature_version"],
            style: Style::C,
        },
    )?;
    let (Some(src), Some(filename), Some(mode)) = (a[0], a[1], a[2]) else {
        return Err(PyErr::type_error("compile() missing required argument"));
    };
    let int_arg = |v: Option<&Value>| -> PyResult<i64> {
        match v {
            None => Ok(0),
            Some(v) => {
                let i = crate::ops::to_index(v).unwrap_or_else(|| {
                    Err(PyErr::type_error(format!(
                        "'{}' object cannot be interpreted as an integer",
                        v.type_name()
                    )))
                });
                // Both are C ints.
                match i {
                    Ok(i) if i32::try_from(i).is_ok() => Ok(i),
                    Ok(_) => Err(PyErr::overflow("Python int too large to convert to C int")),
                    Err(e) if v.as_bigint().is_some() => {
                        drop(e);
                        Err(PyErr::overflow("Python int too large to convert to C int"))
                    }
                    Err(e) => Err(e),
                }
            }
        }
    };
    let flags = int_arg(a[3])?;
    let dont_inherit = int_arg(a[4])? != 0;
    let rest = [
        src.clone(),
        filename.clone(),
        mode.clone(),
        Value::Int(flags),
    ];
    if dont_inherit || code_of(src).is_some() {
        compile_with(vm, &rest, 0)
    } else {
        Err(request(Ask::Compile, &rest))
    }
}

/// The bits `compile()`'s `flags` may have (CPython's `PyCF_MASK`, the
/// future features, `PyCF_MASK_OBSOLETE` and `PyCF_COMPILE_MASK`).
const COMPILE_FLAGS: i64 = 0x1FE_0000 | 0x10 | 0x7600;

/// `PyCF_ONLY_AST`: `compile()` returns the tree (no `ast` in Typhon).
const ONLY_AST: i64 = 0x400;

/// `compile()` of `args` (source, filename, mode, flags as an int), with
/// the future features `inherited` besides those of `flags`.
fn compile_with(vm: &mut Vm, args: &[Value], inherited: u32) -> PyResult<Value> {
    let [src, filename, mode, flags] = args else {
        return Err(no_frame());
    };
    let flags = match flags {
        Value::Int(i) => *i,
        _ => 0,
    };
    let filename = match filename {
        Value::Obj(o) if o.kind() == Kind::STR => o
            .downcast::<StrObj>()
            .map(|s| s.as_str().to_owned())
            .unwrap_or_default(),
        v => {
            return Err(PyErr::type_error(format!(
                "expected str, bytes or os.PathLike object, not {}",
                v.type_name()
            )));
        }
    };
    if flags & !COMPILE_FLAGS != 0 {
        return Err(PyErr::new(
            &types::VALUE_ERROR,
            "compile(): unrecognised flags",
        ));
    }
    if flags & ONLY_AST != 0 {
        return Err(PyErr::new(
            &types::NOT_IMPLEMENTED_ERROR,
            "compile() returning an AST is not supported by typhon",
        ));
    }
    let mode = match mode.as_str() {
        Some(m) => m.to_owned(),
        None => {
            return Err(PyErr::type_error(format!(
                "compile() argument 'mode' must be str, not {}",
                mode.type_name()
            )));
        }
    };
    let mode = match mode.as_str() {
        "exec" => Mode::Exec,
        "single" => Mode::Single,
        "eval" => Mode::Eval,
        _ => {
            return Err(PyErr::new(
                &types::VALUE_ERROR,
                "compile() mode must be 'exec', 'eval' or 'single'",
            ));
        }
    };
    if let Some(c) = code_of(src) {
        return Ok(Value::Obj(CodeObj::new_obj(c)));
    }
    let text = source_text(src, "compile", "string, bytes or AST")?;
    let text = if mode == Mode::Eval {
        text.trim_start_matches([' ', '\t']).to_owned()
    } else {
        text
    };
    let future = u32::try_from(flags & 0x1FE_0000).unwrap_or(0) | inherited;
    let code = vm.compile_mode(&text, &filename, mode, future)?;
    Ok(Value::Obj(CodeObj::new_obj(code)))
}

/// The display hook an expression statement of `compile(..., 'single')`
/// code calls (CPython's PRINT_EXPR): `sys.displayhook(value)`, or
/// [`displayhook`] itself before the program imported `sys`.
pub fn print_expr(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let hook = match vm.sys_module() {
        Some(sys) => match vm.getattr(&sys, "displayhook") {
            Ok(h) => h,
            Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => {
                return Err(PyErr::new(&types::RUNTIME_ERROR, "lost sys.displayhook"));
            }
            Err(e) => return Err(e),
        },
        None => return displayhook(vm, args),
    };
    vm.call(&hook, args.pos)?;
    Ok(Value::None)
}

/// `sys.displayhook(value)` (and `sys.__displayhook__`): writes
/// `repr(value)` and a newline to `sys.stdout` and keeps the value as
/// `builtins._`; `None` shows nothing.
pub fn displayhook(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("displayhook")?;
    let [v] = args.pos else {
        return Err(PyErr::type_error(format!(
            "sys.displayhook() takes exactly one argument ({} given)",
            args.pos.len()
        )));
    };
    if matches!(v, Value::None) {
        return Ok(Value::None);
    }
    let builtins = vm.builtins.clone();
    if let Some(b) = builtins.downcast::<DictObj>() {
        b.set_str("_", Value::None);
    }
    let text = crate::ops::repr(vm, v)?;
    crate::stdlib::streams::print_to(vm, None, &format!("{text}\n"), false)?;
    if let Some(b) = builtins.downcast::<DictObj>() {
        b.set_str("_", v.clone());
    }
    Ok(Value::None)
}

fn code_of(v: &Value) -> Option<Rc<crate::bytecode::Code>> {
    v.downcast::<CodeObj>().map(|c| c.code.clone())
}

/// The text of a `str` or bytes-like source (bytes decoded as UTF-8).
fn source_text(src: &Value, func: &str, what: &str) -> PyResult<String> {
    if let Some(s) = src.as_str() {
        return Ok(s.to_owned());
    }
    if let Some(b) = crate::bytes::buffer(src) {
        return match std::str::from_utf8(&b?) {
            Ok(s) => Ok(s.to_owned()),
            Err(_) => Err(PyErr::new(
                &types::SYNTAX_ERROR,
                "(unicode error) 'utf-8' codec can't decode bytes",
            )),
        };
    }
    Err(PyErr::type_error(format!(
        "{func}() arg 1 must be a {what} object"
    )))
}

// ----- answering in the loop ---------------------------------------------------------

/// Answers the request `err` for the call instruction `at` of `code`, the
/// innermost frame of `st`: `Ok(None)` when the call completed (the frame
/// goes on at its next instruction), `Ok(Some(e))` for an exception the
/// call raised (unwind it as usual).
pub(crate) fn answer(
    vm: &mut Vm,
    st: &mut ExecState,
    code: &Rc<crate::bytecode::Code>,
    at: usize,
    err: PyErr,
) -> PyResult<Option<PyErr>> {
    let items: Vec<Value> = match &*err.exc().args.borrow() {
        Value::Obj(t) => t
            .downcast::<TupleObj>()
            .map(|t| t.items.to_vec())
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    let Some(ask) = items.first().and_then(|v| match v {
        Value::Int(i) => Ask::from_i64(*i),
        _ => None,
    }) else {
        return Ok(Some(err));
    };
    let args = items.get(1..).unwrap_or(&[]);
    let r = match ask {
        Ask::Globals => frame_globals(st).map(Value::Obj),
        Ask::Locals => frame_locals(st).map(Value::Obj),
        Ask::Dir => frame_locals(st).and_then(|d| sorted_keys(vm, &d)),
        Ask::Eval | Ask::Exec => run_source(vm, st, ask, args),
        Ask::WithGlobals => call_with_globals(vm, st, args),
        Ask::Compile => {
            let inherited = st.top().map_or(0, |f| f.code.future_flags);
            compile_with(vm, args, inherited)
        }
        Ask::Caller => caller(st, code, at, args),
    };
    match r {
        Ok(v) => {
            crate::warnings::complete_call(st, code, at, v)?;
            Ok(None)
        }
        Err(e) => Ok(Some(e)),
    }
}

/// `warnings._caller(level)`, the private helper of the `warnings`
/// module (its `sys._getframe`): `(filename, lineno, globals)` of the
/// frame `level` frames out from the one calling it (0: that frame), or
/// `None` past the outermost frame.
pub fn b_caller(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("_caller")?;
    match args.pos {
        [Value::Int(_)] => Err(request(Ask::Caller, args.pos)),
        _ => Err(PyErr::type_error("_caller() takes one int")),
    }
}

/// [`b_caller`]'s answer, with the frames at hand (the innermost at
/// instruction `at` of `code`).
fn caller(
    st: &ExecState,
    code: &Rc<crate::bytecode::Code>,
    at: usize,
    args: &[Value],
) -> PyResult<Value> {
    let level = match args.first() {
        Some(Value::Int(i)) => usize::try_from(*i).unwrap_or(0),
        _ => 0,
    };
    let n = st.depth();
    let site = if level == 0 {
        st.top().map(|f| (code.clone(), at, f.globals.clone()))
    } else {
        n.checked_sub(1 + level)
            .and_then(|i| st.frames.get(i))
            .map(|f| {
                let pc = crate::eval::call_site(&f.code, f.pc.get().saturating_sub(1));
                (f.code.clone(), pc, f.globals.clone())
            })
    };
    Ok(match site {
        Some((code, pc, globals)) => Value::tuple(vec![
            Value::str(&code.source.filename),
            Value::Int(i64::from(code.line_at(pc))),
            Value::Obj(globals),
        ]),
        None => Value::None,
    })
}

/// [`with_globals`]'s call, with the innermost frame's globals.
fn call_with_globals(vm: &mut Vm, st: &ExecState, args: &[Value]) -> PyResult<Value> {
    let [f, pos, kw] = args else {
        return Err(no_frame());
    };
    let mut all = vec![Value::Obj(frame_globals(st)?)];
    all.extend(crate::ops::seq_items(pos));
    let kw: Vec<(ObjRef, Value)> = kw
        .downcast::<DictObj>()
        .map(|d| d.items())
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(k, v)| Some((k.as_obj()?.clone(), v)))
        .collect();
    vm.call_with(f, Args { pos: &all, kw: &kw })
}

fn no_frame() -> PyErr {
    PyErr::new(&types::SYSTEM_ERROR, "no current frame")
}

fn frame_globals(st: &ExecState) -> PyResult<ObjRef> {
    st.top().map(|f| f.globals.clone()).ok_or_else(no_frame)
}

/// The innermost frame's locals as `locals()` gives them: the module's
/// dict at module level, the namespace of a class body (or of code run by
/// `exec`), else a dict of the bound locals, cells and free variables in
/// CPython's order (locals, cells that are not parameters, free
/// variables). A function that names `locals` (or the other builtins
/// that read its locals) keeps that dict in its hidden local
/// [`LOCALS_DICT`]: later calls in the same frame refresh it in place
/// (names unbound since are removed) and return it again, as CPython's
/// `f_locals`.
fn frame_locals(st: &mut ExecState) -> PyResult<ObjRef> {
    let f = st.top().ok_or_else(no_frame)?;
    let code = f.code.clone();
    let lb = f.lb.get();
    if code.is_module && code.varnames.is_empty() {
        return Ok(f.globals.clone());
    }
    let slots = st.values().get(lb..).unwrap_or(&[]);
    if code.varnames.first().is_some_and(|n| n == CLASS_NS)
        && let Some(Value::Obj(ns)) = slots.first()
        && ns.kind() == Kind::DICT
    {
        return Ok(ns.clone());
    }
    let nlocals = code.varnames.len();
    let ncells = code.cellvars.len();
    let keep_at = code
        .varnames
        .iter()
        .rposition(|n| n == LOCALS_DICT)
        .map(|i| lb + i);
    let kept = keep_at
        .and_then(|i| st.stack.get(i))
        .and_then(|v| v.as_obj().filter(|o| o.kind() == Kind::DICT).cloned());
    let d = kept.clone().unwrap_or_else(DictObj::new_obj);
    let Some(dict) = d.downcast::<DictObj>() else {
        return Err(no_frame());
    };
    let slots = st.values().get(lb..).unwrap_or(&[]);
    let cell_value = |i: usize| -> Option<Value> {
        match slots.get(i)? {
            Value::Obj(o) => match o.downcast::<CellObj>() {
                Some(c) => c.value.borrow().clone(),
                None if is_unbound(&Value::Obj(o.clone())) => None,
                None => Some(Value::Obj(o.clone())),
            },
            v => Some(v.clone()),
        }
    };
    let put = |name: &str, v: Option<Value>| match v {
        Some(v) => dict.set_str(name, v),
        None => {
            if kept.is_some() {
                dict.remove(&crate::object::DictKey::from_str_obj(&StrObj::new_obj(
                    name,
                )));
            }
        }
    };
    for (i, name) in code.varnames.iter().enumerate() {
        if name == LOCALS_DICT {
            continue;
        }
        let v = match code.cellvars.iter().position(|c| c == name) {
            // A parameter that is a cell reads its cell; a local that is
            // only a cell comes after the locals, as in CPython.
            Some(c) if code.cell_params.get(c).is_some_and(|p| p.is_some()) => {
                cell_value(nlocals + c)
            }
            Some(_) => continue,
            None => slots.get(i).filter(|v| !is_unbound(v)).cloned(),
        };
        put(name, v);
    }
    for (c, name) in code.cellvars.iter().enumerate() {
        if code.cell_params.get(c).is_some_and(|p| p.is_some()) {
            continue;
        }
        put(name, cell_value(nlocals + c));
    }
    for (i, name) in code.freevars.iter().enumerate() {
        put(name, cell_value(nlocals + ncells + i));
    }
    if kept.is_none()
        && let Some(slot) = keep_at.and_then(|i| st.stack.get_mut(i))
    {
        *slot = Value::Obj(d.clone());
    }
    Ok(d)
}

/// `sorted(d.keys())` as a list.
fn sorted_keys(vm: &mut Vm, d: &ObjRef) -> PyResult<Value> {
    let keys = match d.downcast::<DictObj>() {
        Some(d) => d.keys(),
        None => Vec::new(),
    };
    sorted_list(vm, keys)
}

fn sorted_list(vm: &mut Vm, items: Vec<Value>) -> PyResult<Value> {
    let l = Value::Obj(ListObj::new_obj(items));
    crate::methods::list_sort(vm, Args::positional(std::slice::from_ref(&l)))?;
    Ok(l)
}

/// `eval`/`exec` of `args` (source, globals, locals) in the innermost
/// frame of `st`.
fn run_source(vm: &mut Vm, st: &mut ExecState, ask: Ask, args: &[Value]) -> PyResult<Value> {
    let name = if ask == Ask::Eval { "eval" } else { "exec" };
    let src = args.first().cloned().unwrap_or(Value::None);
    let given_globals = args.get(1).filter(|v| !matches!(v, Value::None));
    let given_locals = args.get(2).filter(|v| !matches!(v, Value::None));
    let globals = match given_globals {
        Some(Value::Obj(g)) if g.kind() == Kind::DICT => Some(g.clone()),
        Some(g) => {
            return Err(PyErr::type_error(if ask == Ask::Eval {
                if given_locals.is_some() || args.get(2).is_none() {
                    "globals must be a dict".to_owned()
                } else {
                    "globals must be a real dict; try eval(expr, {}, mapping)".to_owned()
                }
            } else {
                format!("exec() globals must be a dict, not {}", g.type_name())
            }));
        }
        None => None,
    };
    let locals = match given_locals {
        Some(Value::Obj(l)) if l.kind() == Kind::DICT => Some(l.clone()),
        Some(l) => {
            let mapping = crate::dunder::special(l, "__getitem__").is_some();
            return Err(if mapping {
                PyErr::new(
                    &types::NOT_IMPLEMENTED_ERROR,
                    "locals other than a dict are not supported by typhon",
                )
            } else if ask == Ask::Eval {
                PyErr::type_error("locals must be a mapping")
            } else {
                PyErr::type_error(format!(
                    "locals must be a mapping or None, not {}",
                    l.type_name()
                ))
            });
        }
        None => None,
    };
    let (globals, locals) = match (globals, locals) {
        (Some(g), Some(l)) => (g, l),
        (Some(g), None) => (g.clone(), g),
        (None, l) => {
            let g = frame_globals(st)?;
            let l = match l {
                Some(l) => l,
                None => frame_locals(st)?,
            };
            (g, l)
        }
    };
    if let Some(g) = globals.downcast::<DictObj>()
        && g.get_str("__builtins__").is_none()
    {
        g.set_str("__builtins__", Value::Obj(vm.builtins.clone()));
    }
    let code = match code_of(&src) {
        Some(c) => c,
        None => {
            let text = source_text(&src, name, "string, bytes or code")?;
            let (text, mode) = if ask == Ask::Eval {
                (text.trim_start_matches([' ', '\t']).to_owned(), Mode::Eval)
            } else {
                (text, Mode::Exec)
            };
            let inherited = st.top().map_or(0, |f| f.code.future_flags);
            vm.compile_mode(&text, "<string>", mode, inherited)?
        }
    };
    if !code.freevars.is_empty() {
        return Err(PyErr::type_error(format!(
            "code object passed to {name}() may not contain free variables"
        )));
    }
    let r = vm.run_code_in(code, &globals, &locals)?;
    Ok(if ask == Ask::Eval { r } else { Value::None })
}

// ----- dir(obj) ----------------------------------------------------------------------

/// `dir(obj)`: `obj.__dir__()` if its class defines one, sorted; a
/// module's dict keys; a class's names through its MRO; for other
/// objects, their own `__dict__` and their class's names.
pub fn dir_of(vm: &mut Vm, obj: &Value) -> PyResult<Value> {
    if let Some(f) = crate::dunder::special(obj, "__dir__") {
        let r = vm.call(&f, std::slice::from_ref(obj))?;
        let items = crate::ops::collect(vm, &r)?;
        return sorted_list(vm, items);
    }
    let mut names: indexmap::IndexSet<String> = indexmap::IndexSet::new();
    if let Some(m) = obj.downcast::<ModuleObj>() {
        let d = m.dict.clone();
        return sorted_keys(vm, &d);
    }
    let add_dict = |names: &mut indexmap::IndexSet<String>, d: &ObjRef| {
        if let Some(d) = d.downcast::<DictObj>() {
            for k in d.keys() {
                if let Some(s) = k.as_str() {
                    names.insert(s.to_owned());
                }
            }
        }
    };
    let type_names = |vm: &mut Vm, names: &mut indexmap::IndexSet<String>, t: &ObjRef| {
        for c in crate::object::class::mro_of(t) {
            if let Some(cd) = crate::object::class::class_data(&c) {
                add_dict(names, &cd.dict);
                for n in ["__module__", "__doc__"] {
                    names.insert(n.to_owned());
                }
                if cd.dict.downcast::<DictObj>().is_some() && !has_slots(&cd.dict) {
                    names.insert("__dict__".to_owned());
                    names.insert("__weakref__".to_owned());
                }
            } else {
                static_type_names(vm, names, &c);
            }
        }
    };
    match obj {
        Value::Obj(o) if o.kind() == Kind::TYPE => {
            type_names(vm, &mut names, o);
        }
        _ => {
            if let Ok(d) = vm.getattr(obj, "__dict__")
                && let Value::Obj(d) = &d
                && d.kind() == Kind::DICT
            {
                add_dict(&mut names, d);
            }
            let t = crate::builtins::type_value_of(obj);
            if let Value::Obj(t) = &t {
                type_names(vm, &mut names, t);
            }
            if obj.as_obj().is_some_and(|o| o.ty().is_heap_type()) {
                names.insert("__class__".to_owned());
            }
        }
    }
    let items = names.into_iter().map(|n| Value::str(&n)).collect();
    sorted_list(vm, items)
}

fn has_slots(d: &ObjRef) -> bool {
    d.downcast::<DictObj>()
        .is_some_and(|d| d.get_str("__slots__").is_some())
}

/// The names of a built-in type: CPython 3.11's `dir()` of it (special
/// methods all, since Typhon's operators implement them; other names as
/// far as Typhon's type has them), and the methods of its table.
fn static_type_names(vm: &mut Vm, names: &mut indexmap::IndexSet<String>, t: &ObjRef) {
    let Some(ty) = t.as_type() else {
        return;
    };
    let table = crate::methods::table(ty.kind());
    let tv = Value::Obj(t.clone());
    let cpython = crate::traceback::names::DIRS
        .iter()
        .find(|(n, _)| *n == ty.name())
        .map_or(OBJECT_NAMES, |(_, d)| *d);
    for n in cpython {
        let dunder = n.starts_with("__") && n.ends_with("__");
        if dunder || table.iter().any(|(m, _)| m == n) || vm.getattr(&tv, n).is_ok() {
            names.insert((*n).to_owned());
        }
    }
    for (n, _) in table {
        names.insert((*n).to_owned());
    }
}

/// `dir(object)` in CPython 3.11.
const OBJECT_NAMES: &[&str] = &[
    "__class__",
    "__delattr__",
    "__dir__",
    "__doc__",
    "__eq__",
    "__format__",
    "__ge__",
    "__getattribute__",
    "__getstate__",
    "__gt__",
    "__hash__",
    "__init__",
    "__init_subclass__",
    "__le__",
    "__lt__",
    "__ne__",
    "__new__",
    "__reduce__",
    "__reduce_ex__",
    "__repr__",
    "__setattr__",
    "__sizeof__",
    "__str__",
    "__subclasshook__",
];

/// The location attributes of a `SyntaxError` that carries one
/// (`filename`, `lineno`, `offset`, `text`, `end_lineno`, `end_offset`,
/// `msg`).
pub fn syntax_attr(e: &crate::object::ExcObj, name: &str) -> Option<Value> {
    let info = e.syntax.as_ref()?;
    let int = |n: u32| Value::Int(i64::from(n));
    Some(match name {
        "filename" => Value::str(&info.filename),
        "lineno" => int(info.line),
        "offset" => int(info.col),
        "end_lineno" => int(info.end_line),
        "end_offset" => int(info.end_col),
        "text" => info.text.as_deref().map_or(Value::None, Value::str),
        "msg" => e.args().first().cloned().unwrap_or(Value::None),
        _ => return None,
    })
}
