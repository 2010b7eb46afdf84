//! The evaluation loop.
//!
//! Python-to-Python calls do not recurse on the Rust stack: a call pushes a
//! [`Frame`](crate::frame::Frame) onto the current [`ExecState`] and the
//! loop continues in the callee. Native code that calls back into Python
//! (`sorted(key=…)`, `map`) starts a nested run with its own `ExecState`.
//!
//! Errors unwind through the exception table of each frame; every frame an
//! exception leaves adds a traceback entry (a bare `raise` and RERAISE do
//! not add one for the frame they are in, as in CPython).
//!
//! The loop executes the generic instructions and their quickened forms
//! (see `crate::quicken` for when an instruction is rewritten into which
//! form). A generic instruction of a family counts down its warmup counter
//! and asks the quickener to specialize it when the counter runs out. A
//! quickened form opens with its guards; when one fails it reports the
//! miss ([`quicken::on_miss`]) and runs the family's generic path. The
//! generic paths live in `#[inline(never)]` functions below the loop, so
//! the loop itself stays small enough for the hot state (instruction
//! pointer, stack pointer, locals base) to stay in registers.
//!
//! The loop is compiled twice: [`run`] picks the copy with `--stats`
//! counting once per run, so without `--stats` no counting code runs.

use crate::builtins;
use crate::bytecode::{BinOp, CmpOp, Code, Instr, Op};
use crate::frame::{ExecState, is_unbound, is_unbound_obj, stack_overflow, take, unbound};
use crate::methods;
use crate::object::class::str_same;
use crate::object::types::{self, Kind};
use crate::object::value::fresh_nan;
use crate::object::{
    Args, Builtin, CellObj, CodeObj, DictKey, DictObj, ExcObj, Function, Hint, IterObj, IterState,
    ListObj, ModuleObj, NativeFn, ObjRef, PyErr, PyResult, RangeIterObj, StrObj, TbEntry, TupleObj,
    Value,
};
use crate::object::{ClassData, Instance};
use crate::ops;
use crate::quicken::{self, DeoptReason, layout};
use crate::vm::{Vm, not_callable};
use std::cell::Cell;
use std::rc::Rc;

mod compiled_attr;
mod compiled_call;
mod hot;
// The interpreter's one exception to safe Rust (see the module).
#[allow(unsafe_code)]
mod verified;

pub use compiled_attr::{instance_attr_at, method_unshadowed, store_instance_attr_at};
pub(crate) use compiled_call::HandedUp;
pub use compiled_call::{Below, hand_up};

/// Pushes a frame for calling the Python function `func` with the given
/// arguments (binding parameters, defaults, `*args` and keywords).
pub fn push_function_frame(
    vm: &mut Vm,
    st: &mut ExecState,
    func: &ObjRef,
    pos: &[Value],
    kw: &[(ObjRef, Value)],
) -> PyResult<()> {
    let Some(f) = func.downcast::<Function>() else {
        return Err(not_callable(&Value::Obj(func.clone())));
    };
    // Outside the instruction loop, so counting costs a check here.
    if let Some(s) = vm.stats.as_deref_mut() {
        s.call(&f.code);
    }
    let code = &f.code;
    st.push(Value::Obj(func.clone()))?;
    let lb = st.sp;
    let argc = code.argcount as usize;
    if pos.len() == argc && kw.is_empty() && code.simple_params() {
        st.reserve(pos.len())?;
        for v in pos {
            st.push(v.clone())?;
        }
    } else if let Err(e) = bind_args(st, f, pos, kw) {
        st.truncate(lb - 1);
        return Err(e);
    }
    enter_code::<false>(vm, st, lb, code.clone(), f.globals.clone())
}

/// Completes the frame of a call whose function sits at `st.stack[lb - 1]`
/// and whose parameters occupy `st.stack[lb..sp]`: checks the recursion
/// limit, fills the other slots and pushes the frame. On error the function
/// and arguments are removed from the stack.
#[inline(always)]
fn enter_code<const S: bool>(
    vm: &mut Vm,
    st: &mut ExecState,
    lb: usize,
    code: Rc<Code>,
    globals: ObjRef,
) -> PyResult<()> {
    if vm.depth >= vm.config.recursion_limit {
        st.truncate(lb - 1);
        return Err(recursion_error());
    }
    // A safe point (see `handle_pending`).
    if abi::pending::any()
        && let Err(e) = handle_pending()
    {
        st.truncate(lb - 1);
        return Err(e);
    }
    vm.depth += 1;
    crate::gc::maybe_collect();
    if S && let Some(s) = vm.stats.as_deref_mut() {
        s.call(&code);
    }
    crate::jit::count(vm, &code, &globals);
    let hb = vm.handled.len();
    let compiled = compiled_of(&code);
    let pushed = if code.nslots() != st.sp - lb {
        init_slots(st, &code, lb)
    } else {
        Ok(())
    }
    .and_then(|()| st.push_frame(code, globals, 0, lb, hb));
    if let Err(e) = pushed {
        // Out of memory for the new frame: as if it was never entered.
        st.truncate(lb - 1);
        vm.depth -= 1;
        return Err(e);
    }
    match compiled {
        Some(c) => enter_compiled(vm, st, c),
        None => Ok(()),
    }
}

/// The compiled code of `code`, if the JIT made some.
#[inline(always)]
fn compiled_of(code: &Code) -> Option<Rc<dyn crate::jit::Compiled>> {
    code.jit
        .borrow()
        .as_ref()
        .filter(|c| c.enter_from_interpreter())
        .cloned()
}

/// Runs compiled code on the frame just pushed (the innermost, at its
/// first instruction) and leaves that frame where compiled code handed it
/// back (see [`crate::jit`]). An exception raised there unwinds within
/// the frame; `Err` means it escaped the frame, which is then popped.
#[inline(never)]
fn enter_compiled(
    vm: &mut Vm,
    st: &mut ExecState,
    compiled: Rc<dyn crate::jit::Compiled>,
) -> PyResult<()> {
    let Some(f) = st.top() else {
        return Ok(());
    };
    let (lb, sb, code, globals) = (f.lb.get(), f.sb.get(), f.code.clone(), f.globals.clone());
    // Room for the frames of functions the code calls directly (without
    // it they are called as native code calls Python, in a nested run).
    let _ = st.reserve(compiled_call::ROOM);
    let Some(slots) = st.stack.get_mut(lb..) else {
        return Err(stack_overflow());
    };
    let mark = vm.handed_up.len();
    let exit = crate::jit::run(vm, &compiled, &globals, slots);
    if exit.discard {
        crate::jit::discard(vm, &code);
    }
    let entry = st.depth().saturating_sub(1);
    hand_back(vm, st, entry, &code, sb, exit, mark).map(|_| ())
}

/// Leaves the innermost frame, of `code` with its operand stack from `sb`,
/// where compiled code handed it back: at `exit.pc` with `exit.depth`
/// operands, unwinding what the code raised there (`entry`: the first
/// frame unwinding may reach; `Err` when it escaped that frame), or with
/// the frames of calls the code made directly that were handed up since
/// `mark` pushed above it ([`compiled_call::push_handed_up`]). Returns
/// whether the code raised.
fn hand_back(
    vm: &mut Vm,
    st: &mut ExecState,
    entry: usize,
    code: &Rc<Code>,
    sb: usize,
    exit: crate::jit::Exit,
    mark: usize,
) -> PyResult<bool> {
    if let Some(f) = st.top() {
        f.pc.set(exit.pc);
    }
    st.sp = sb + exit.depth;
    match exit.raised {
        None => {
            compiled_call::push_handed_up(vm, st, mark, entry)?;
            Ok(false)
        }
        Some(e) => {
            compiled_call::drop_handed_up(vm, mark);
            unwind(vm, st, entry, code.clone(), e, exit.pc, false)?;
            Ok(true)
        }
    }
}

/// On-stack replacement: the innermost frame, of `code`, is at the loop
/// header `pc` after the back-edge that made it hot. Runs the frame on in
/// code the JIT makes for it there, if it makes any (false: nothing was
/// done), and leaves the frame where that code handed it back. An
/// exception raised there unwinds as the general loop's would; `Err`
/// means it escaped the run (`entry` is the run's first frame).
#[cold]
#[inline(never)]
fn enter_osr(
    vm: &mut Vm,
    st: &mut ExecState,
    entry: usize,
    code: &Rc<Code>,
    pc: usize,
    back_edge: usize,
) -> PyResult<bool> {
    let Some(f) = st.top() else {
        return Ok(false);
    };
    let (lb, sb, globals) = (f.lb.get(), f.sb.get(), f.globals.clone());
    let (Some(depth), Some(frame)) = (st.sp.checked_sub(sb), st.stack.get(lb..st.sp)) else {
        return Ok(false);
    };
    let compiled = match crate::jit::osr(vm, code, &globals, pc, frame, depth) {
        crate::jit::Osr::Run(c) => c,
        crate::jit::Osr::No => return Ok(false),
        crate::jit::Osr::Pending => {
            // The loop runs on interpreted and asks again in a while.
            if let Some(u) = code.units.get(back_edge) {
                let ins = u.get();
                u.set(ins.with(ins.op, crate::jit::OSR_POLL_COUNT));
            }
            return Ok(false);
        }
    };
    let _ = st.reserve(compiled_call::ROOM);
    let Some(slots) = st.stack.get_mut(lb..) else {
        return Ok(false);
    };
    let mark = vm.handed_up.len();
    let exit = crate::jit::run(vm, &compiled, &globals, slots);
    if exit.discard {
        crate::jit::discard_osr(vm, code, &compiled);
    }
    let (pc, discarded) = (exit.pc, exit.discard);
    if hand_back(vm, st, entry, code, sb, exit, mark)? {
        return Ok(true);
    }
    // Handed back before its return (at code the call had not run when
    // compiled, or at a guard that failed), the call goes on interpreted:
    // the loop counts again, so that coming round to it again the call
    // may go on compiled, with the types seen since. (Other loops have
    // counts of their own.)
    let at_return = code
        .units
        .get(pc)
        .is_some_and(|u| u.get().op == Op::ReturnValue);
    // Run to its end compiled, but the function as a whole has no code
    // (the JIT declined it, or has not been asked yet): the loop counts
    // again too, so that a later call whose loop gets as hot enters this
    // code (a short loop, entered at every call, cost more than it saved:
    // raytrace's `Scene.shadowed`, 462 -> 537 us per row).
    let no_code = code.jit.try_borrow().is_ok_and(|j| j.is_none());
    if (!at_return || no_code)
        && let Some(u) = code.units.get(back_edge)
    {
        // Code that is kept (it did not leave too often) is entered
        // again after a few rounds: one callee handed back to the
        // interpreter (richards' scheduler loop, once per run) would
        // otherwise leave the rest of a long loop interpreted.
        let full = crate::jit::osr_count(vm.jit.threshold());
        let count = if at_return || discarded {
            full
        } else {
            full.min(crate::jit::OSR_REENTER_COUNT)
        };
        let ins = u.get();
        u.set(ins.with(ins.op, count));
    }
    Ok(true)
}

/// The code and globals of the callee at `st.stack[lb - 1]` when it is a
/// Python function taking exactly the `sp - lb` positional arguments
/// above it: then the callee and its arguments become the new frame's
/// function slot and first locals where they are.
#[inline]
fn exact_callee(st: &ExecState, lb: usize, sp: usize) -> Option<(Rc<Code>, ObjRef)> {
    let nargs = sp.checked_sub(lb)?;
    match st.stack.get(lb.checked_sub(1)?)? {
        Value::Obj(fo) if fo.kind() == Kind::FUNCTION => {
            let f = fo.downcast::<Function>()?;
            (f.code.simple_params() && f.code.argcount as usize == nargs)
                .then(|| (f.code.clone(), f.globals.clone()))
        }
        _ => None,
    }
}

/// Fills the non-parameter slots of a new frame: unbound locals, fresh
/// cells (initialised from the parameters they capture) and the closure's
/// cells.
#[inline(never)]
fn init_slots(st: &mut ExecState, code: &Code, lb: usize) -> PyResult<()> {
    let nl = code.nlocals();
    let n = code.nslots();
    let have = st.sp - lb;
    st.reserve(n.saturating_sub(have))?;
    for _ in have..n {
        st.push(unbound())?;
    }
    for (i, p) in code.cell_params.iter().enumerate() {
        let init = p
            .and_then(|p| st.stack.get(lb + p as usize).cloned())
            .filter(|v| !is_unbound(v));
        if let Some(slot) = st.stack.get_mut(lb + nl + i) {
            *slot = Value::Obj(CellObj::new_obj(init));
        }
    }
    if !code.freevars.is_empty() {
        let closure: Vec<ObjRef> = match st.stack.get(lb - 1).and_then(|f| f.downcast::<Function>())
        {
            Some(f) => f.closure.borrow().to_vec(),
            None => Vec::new(),
        };
        let base = lb + nl + code.cellvars.len();
        for (i, c) in closure.into_iter().enumerate() {
            if let Some(slot) = st.stack.get_mut(base + i) {
                *slot = Value::Obj(c);
            }
        }
    }
    Ok(())
}

/// The slow path of the check for pending events ([`abi::pending`]) that
/// calls and loop back-edges make: raises `KeyboardInterrupt` for a SIGINT,
/// `MemoryError` after an allocation failed, one event per check (the
/// other stays pending), and takes the allocator's emergency reserve back
/// when it was spent and memory allows.
#[cold]
#[inline(never)]
pub(crate) fn handle_pending() -> PyResult<()> {
    use abi::pending;
    if pending::take(pending::INTERRUPT) != 0 {
        return Err(PyErr::with_args(&types::KEYBOARD_INTERRUPT, Vec::new()));
    }
    if pending::take(pending::MEMORY) != 0 {
        // The reserve is not taken back now: the memory it would take is
        // what unwinding this exception has to work with.
        return Err(PyErr::no_memory());
    }
    if pending::PENDING.load(std::sync::atomic::Ordering::Relaxed) & pending::RESERVE != 0 {
        // While memory stays short, every safe point comes here; trying
        // to map the reserve each time would cost a system call at each.
        static SKIP: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        if SKIP
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            .is_multiple_of(1024)
        {
            pending::acquire_reserve();
        }
    }
    Ok(())
}

#[cold]
fn recursion_error() -> PyErr {
    PyErr::new(&types::RECURSION_ERROR, "maximum recursion depth exceeded")
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

fn quoted_list(names: &[&str]) -> String {
    let q: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    match q.len() {
        0 => String::new(),
        1 => q[0].clone(),
        2 => format!("{} and {}", q[0], q[1]),
        _ => format!("{}, and {}", q[..q.len() - 1].join(", "), q[q.len() - 1]),
    }
}

/// General parameter binding with CPython's error messages, in CPython's
/// order (`initialize_locals`): positional arguments, then keywords, then
/// the checks for too many positional arguments, missing positional ones
/// (after defaults) and missing keyword-only ones (after their defaults).
fn bind_args(
    st: &mut ExecState,
    f: &Function,
    pos: &[Value],
    kw: &[(ObjRef, Value)],
) -> PyResult<()> {
    let code = &f.code;
    let argc = code.argcount as usize;
    let total = argc + code.kwonlyargcount as usize;
    let posonly = code.posonlyargcount as usize;
    // CPython 3.11 names the function by its `__qualname__`, which the
    // program may have set (`dataclasses` does).
    let assigned = f
        .attrs
        .borrow()
        .as_ref()
        .and_then(|a| a.qualname.as_ref()?.as_str().map(str::to_owned));
    let name = assigned.as_ref().unwrap_or(&code.qualname);
    let mut slots: Vec<Option<Value>> = vec![None; total];
    for (i, v) in pos.iter().take(argc).enumerate() {
        slots[i] = Some(v.clone());
    }
    let extra: Vec<Value> = if code.varargs {
        pos.iter().skip(argc).cloned().collect()
    } else {
        Vec::new()
    };
    let kwargs = code.varkeywords.then(DictObj::new_obj);
    let mut posonly_as_kw: Vec<&str> = Vec::new();
    for (k, v) in kw {
        let Some(kname) = k.downcast::<StrObj>().map(|s| s.as_str()) else {
            return Err(PyErr::type_error(format!(
                "{name}() keywords must be strings"
            )));
        };
        match code.varnames[posonly..total]
            .iter()
            .position(|p| p == kname)
        {
            Some(i) => {
                let slot = &mut slots[posonly + i];
                if slot.is_some() {
                    return Err(PyErr::type_error(format!(
                        "{name}() got multiple values for argument '{kname}'"
                    )));
                }
                *slot = Some(v.clone());
            }
            None => match kwargs.as_ref().and_then(|d| d.downcast::<DictObj>()) {
                Some(d) => d.insert(DictKey::from_str_obj(k), v.clone()),
                None => {
                    if code.varnames[..posonly].iter().any(|p| p == kname) {
                        posonly_as_kw.push(kname);
                        continue;
                    }
                    return Err(PyErr::type_error(format!(
                        "{name}() got an unexpected keyword argument '{kname}'"
                    )));
                }
            },
        }
    }
    if !posonly_as_kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "{name}() got some positional-only arguments passed as keyword arguments: '{}'",
            posonly_as_kw.join(", ")
        )));
    }
    let ndef = f.defaults.len();
    if pos.len() > argc && !code.varargs {
        let given = pos.len();
        let kwonly_given = slots[argc..].iter().filter(|s| s.is_some()).count();
        let takes = if ndef > 0 {
            format!("from {} to {} positional arguments", argc - ndef, argc)
        } else {
            plural(argc, "positional argument", "positional arguments")
        };
        let given = if kwonly_given > 0 {
            format!(
                "{} (and {}) were",
                plural(given, "positional argument", "positional arguments"),
                plural(
                    kwonly_given,
                    "keyword-only argument",
                    "keyword-only arguments"
                )
            )
        } else if given == 1 {
            "1 was".to_owned()
        } else {
            format!("{given} were")
        };
        return Err(PyErr::type_error(format!(
            "{name}() takes {takes} but {given} given"
        )));
    }
    let first_def = argc - ndef.min(argc);
    let missing: Vec<&str> = (0..first_def)
        .filter(|&i| slots[i].is_none())
        .map(|i| code.varnames[i].as_str())
        .collect();
    if !missing.is_empty() {
        return Err(missing_args(name, "positional", &missing));
    }
    for (slot, d) in slots[first_def..argc].iter_mut().zip(f.defaults.iter()) {
        if slot.is_none() {
            *slot = Some(d.clone());
        }
    }
    let kwdefaults = f.kwdefaults.as_ref().and_then(|d| d.downcast::<DictObj>());
    let mut missing = Vec::new();
    for (slot, pname) in slots[argc..].iter_mut().zip(&code.varnames[argc..total]) {
        if slot.is_none() {
            match kwdefaults.and_then(|d| d.get_str(pname)) {
                Some(v) => *slot = Some(v),
                None => missing.push(pname.as_str()),
            }
        }
    }
    if !missing.is_empty() {
        return Err(missing_args(name, "keyword-only", &missing));
    }
    st.reserve(code.nparams() + 1)?;
    for v in slots {
        st.push(v.unwrap_or_else(unbound))?;
    }
    if code.varargs {
        st.push(Value::tuple(extra))?;
    }
    if let Some(d) = kwargs {
        st.push(Value::Obj(d))?;
    }
    Ok(())
}

/// CPython's "f() missing 2 required keyword-only arguments: 'a' and 'b'".
fn missing_args(name: &str, kind: &str, missing: &[&str]) -> PyErr {
    PyErr::type_error(format!(
        "{name}() missing {} required {kind} {}: {}",
        missing.len(),
        if missing.len() == 1 {
            "argument"
        } else {
            "arguments"
        },
        quoted_list(missing)
    ))
}

/// Removes the innermost frame's values and restores the VM state it
/// changed.
fn pop_frame(vm: &mut Vm, st: &mut ExecState) -> Option<()> {
    let (lb, hb) = st.pop_frame()?;
    st.truncate(lb.saturating_sub(1));
    vm.handled.truncate(hb);
    vm.depth -= 1;
    Some(())
}

fn unbound_local(code: &Code, i: usize) -> PyErr {
    let name = code.varnames.get(i).map(|s| s.as_str()).unwrap_or("?");
    PyErr::new(
        &types::UNBOUND_LOCAL_ERROR,
        format!("cannot access local variable '{name}' where it is not associated with a value"),
    )
}

fn unbound_deref(code: &Code, i: usize) -> PyErr {
    let name = code.deref_name(i as u32);
    if i < code.cellvars.len() {
        PyErr::new(
            &types::UNBOUND_LOCAL_ERROR,
            format!(
                "cannot access local variable '{name}' where it is not associated with a value"
            ),
        )
    } else {
        PyErr::name_error(format!(
            "cannot access free variable '{name}' where it is not associated with a value in enclosing scope"
        ))
        .with_hint(name_hint(name))
    }
}

fn name_error(name: &str) -> PyErr {
    PyErr::name_error(format!("name '{name}' is not defined")).with_hint(name_hint(name))
}

/// A NameError's hint; `unwind` adds the frame's globals.
fn name_hint(name: &str) -> Hint {
    Hint::Name {
        name: name.to_owned(),
        globals: None,
    }
}

fn cell_of(stack: &[Value], idx: usize) -> Option<&CellObj> {
    match stack.get(idx) {
        Some(Value::Obj(o)) => o.downcast::<CellObj>(),
        _ => None,
    }
}

/// Makes an exception instance out of what `raise` was given.
fn make_exception(vm: &mut Vm, v: Value) -> PyResult<ObjRef> {
    if let Value::Obj(o) = &v {
        if o.kind() == Kind::EXC {
            return Ok(o.clone());
        }
        if let Some(t) = o.as_type()
            && t.is_subtype(types::BASE_EXCEPTION.get())
        {
            let inst = vm.call(&v, &[])?;
            if let Value::Obj(e) = inst {
                return Ok(e);
            }
        }
    }
    Err(PyErr::type_error(
        "exceptions must derive from BaseException",
    ))
}

fn exc_matches(exc: &Value, ty: &Value) -> PyResult<bool> {
    let check = |t: &Value| -> PyResult<bool> {
        match t.as_obj().and_then(|o| o.as_type()) {
            Some(t) if t.is_subtype(types::BASE_EXCEPTION.get()) => {
                Ok(crate::object::class::is_subclass(exc.type_of(), t))
            }
            _ => Err(PyErr::type_error(
                "catching classes that do not inherit from BaseException is not allowed",
            )),
        }
    };
    if let Some(t) = ty.downcast::<TupleObj>() {
        for x in t.items.iter() {
            if check(x)? {
                return Ok(true);
            }
        }
        return Ok(false);
    }
    check(ty)
}

/// `format()` of a FORMAT_VALUE operand after its conversion.
fn format_operand(vm: &mut Vm, v: &Value, conv: u32, spec: Option<&Value>) -> PyResult<Value> {
    let converted;
    let v = match conv {
        1 => {
            converted = ops::to_str_value(vm, v)?;
            &converted
        }
        2 | 3 => {
            converted = Value::string(ops::repr(vm, v)?);
            &converted
        }
        _ => v,
    };
    let spec = spec.and_then(|s| s.as_str()).unwrap_or("");
    if spec.is_empty() && v.as_str().is_some() {
        return Ok(v.clone());
    }
    Ok(Value::string(ops::format_value(vm, v, spec)?))
}

#[inline]
fn truth(vm: &mut Vm, v: &Value) -> PyResult<bool> {
    match v {
        Value::Bool(b) => Ok(*b),
        _ => ops::truthy(vm, v),
    }
}

/// Stores `v` into a dead stack slot (at or above the stack pointer), which
/// owns nothing, so the old contents need no drop.
#[inline(always)]
fn put(slot: &mut Value, v: Value) {
    let old = std::mem::replace(slot, v);
    debug_assert!(
        !matches!(old, Value::Obj(_)),
        "a dead stack slot owned an object"
    );
    std::mem::forget(old);
}

/// A copy of `v` (one more reference for an object), testing for objects
/// and ints first: the derived `clone` compiles to a jump table over all
/// five variants.
#[inline(always)]
fn dup(v: &Value) -> Value {
    // Three cases and a cold call compile to two compares; all five
    // variants would make a jump table.
    match v {
        Value::Obj(o) => Value::Obj(o.clone()),
        Value::Int(i) => Value::Int(*i),
        Value::Float(f) => Value::Float(*f),
        _ => dup_rare(v),
    }
}

#[cold]
#[inline(never)]
fn dup_rare(v: &Value) -> Value {
    v.clone()
}

/// The value at entry `idx` of a dict (the cached lookup of LOAD_GLOBAL
/// and module attributes).
#[inline(always)]
fn dict_value_at(d: &DictObj, idx: usize) -> Option<Value> {
    let map = d.try_entries().ok()?;
    let (_, v) = map.get_index(idx)?;
    Some(dup(v))
}

/// `i` as an index into a sequence of `len` items, counting negative
/// indices from the end.
#[inline(always)]
fn norm_index(i: i64, len: usize) -> Option<usize> {
    let k = if i < 0 { i.wrapping_add(len as i64) } else { i };
    (k >= 0 && (k as usize) < len).then_some(k as usize)
}

/// For each comparison (by [`CmpOp`] number), the outcomes (bit 0: less,
/// bit 1: equal, bit 2: greater) for which it holds.
const CMP_MASKS: [u8; 6] = [0b001, 0b011, 0b010, 0b101, 0b100, 0b110];

/// Whether `ord` (-1, 0 or 1 for less, equal, greater) satisfies
/// comparison `arg`.
#[inline(always)]
fn cmp_holds(arg: u32, ord: i32) -> bool {
    let mask = CMP_MASKS.get(arg as usize).copied().unwrap_or(0);
    (mask >> (ord + 1)) & 1 != 0
}

#[inline(always)]
fn int_cmp(arg: u32, a: i64, b: i64) -> bool {
    cmp_holds(arg, (a > b) as i32 - (a < b) as i32)
}

#[inline(always)]
fn float_cmp(arg: u32, a: f64, b: f64) -> bool {
    if a.is_nan() || b.is_nan() {
        // Unordered: only `!=` holds.
        return CmpOp::from_arg(arg) == CmpOp::Ne;
    }
    cmp_holds(arg, (a > b) as i32 - (a < b) as i32)
}

/// Compares two strs (code-point order is UTF-8 byte order); `None` if
/// either is not a str.
#[inline(always)]
fn str_cmp(arg: u32, a: &Value, b: &Value) -> Option<bool> {
    let (Value::Obj(x), Value::Obj(y)) = (a, b) else {
        return None;
    };
    if !x.is_type(&types::STR) || !y.is_type(&types::STR) {
        return None;
    }
    let (x, y) = (x.downcast::<StrObj>()?, y.downcast::<StrObj>()?);
    let ord = match CmpOp::from_arg(arg) {
        CmpOp::Eq | CmpOp::Ne if x.as_str().len() != y.as_str().len() => 1,
        _ => x.as_str().cmp(y.as_str()) as i32,
    };
    Some(cmp_holds(arg, ord))
}

#[inline(always)]
fn int_add(a: i64, b: i64) -> Result<i64, DeoptReason> {
    a.checked_add(b).ok_or(DeoptReason::IntOverflow)
}

#[inline(always)]
fn int_sub(a: i64, b: i64) -> Result<i64, DeoptReason> {
    a.checked_sub(b).ok_or(DeoptReason::IntOverflow)
}

#[inline(always)]
fn int_mul(a: i64, b: i64) -> Result<i64, DeoptReason> {
    a.checked_mul(b).ok_or(DeoptReason::IntOverflow)
}

/// Python's `a % b` (the sign of the divisor).
#[inline(always)]
fn int_mod(a: i64, b: i64) -> Result<i64, DeoptReason> {
    if b == 0 {
        return Err(DeoptReason::ZeroDivision);
    }
    if b == -1 {
        return Ok(0);
    }
    let r = a % b;
    Ok(if r != 0 && (r ^ b) < 0 { r + b } else { r })
}

/// Python's `a // b` (rounding toward negative infinity).
#[inline(always)]
fn int_floordiv(a: i64, b: i64) -> Result<i64, DeoptReason> {
    if b == 0 {
        return Err(DeoptReason::ZeroDivision);
    }
    if a == i64::MIN && b == -1 {
        return Err(DeoptReason::IntOverflow);
    }
    let q = a / b;
    Ok(if a % b != 0 && (a ^ b) < 0 { q - 1 } else { q })
}

/// The float value of an int or float operand.
#[inline(always)]
fn as_f64(v: &Value) -> Option<f64> {
    match v {
        Value::Int(i) => Some(*i as f64),
        Value::Float(f) => Some(*f),
        _ => None,
    }
}

/// `str(i)` for an `i64`, without going through the formatting machinery.
fn int_to_str(i: i64) -> Value {
    if (0..=9).contains(&i) {
        return Value::Obj(StrObj::char_obj((b'0' + i as u8) as char));
    }
    Value::Obj(StrObj::from_i64(i))
}

/// The NULL marker LOAD_METHOD leaves when there is no receiver.
#[inline(always)]
fn is_null(vm: &Vm, v: &Value) -> bool {
    matches!(v, Value::Obj(o) if o.ptr_eq(&vm.null_marker))
}

/// Where a quickened C call's callee and arguments are, for `n` arguments
/// below stack pointer `sp`: `CALL_EXT_*` has [callee, args…];
/// `CALL_METHOD_EXT_*` has [descriptor, receiver, args…] (the receiver is
/// the first argument) or [function, NULL, args…]. `None` if the stack is
/// too short or the callee is not a C function or descriptor.
#[inline]
pub(super) fn ext_call_layout(
    vm: &Vm,
    stack: &[Value],
    sp: usize,
    n: usize,
    method: bool,
) -> Option<(usize, std::ops::Range<usize>)> {
    let fpos = sp.checked_sub(n + 1 + method as usize)?;
    let callee = stack.get(fpos)?;
    if !matches!(callee, Value::Obj(o) if matches!(o.kind(), Kind::EXT_FUNCTION | Kind::EXT_DESCRIPTOR))
    {
        return None;
    }
    let first = if method && is_null(vm, stack.get(fpos + 1)?) {
        fpos + 2
    } else {
        fpos + 1
    };
    (sp <= stack.len()).then_some((fpos, first..sp))
}

/// The native function of `o` if it is a builtin function that is not
/// bound to an object (`len`, not `[].append`).
#[inline(always)]
fn unbound_builtin(o: &ObjRef) -> Option<NativeFn> {
    if o.kind() != Kind::BUILTIN {
        return None;
    }
    o.downcast::<Builtin>()
        .filter(|b| b.bound.is_none())
        .map(|b| b.func)
}

/// Whether `f` is the native function `target`.
#[inline(always)]
fn is_native(f: NativeFn, target: NativeFn) -> bool {
    std::ptr::fn_addr_eq(f, target)
}

/// Runs the frames of `st` until the outermost one returns.
///
/// Python-to-Python calls and returns stay inside the loop: the `'frames`
/// loop re-reads the innermost frame and pins its code, so the instruction
/// loop works on a borrowed slice of units.
pub fn run(vm: &mut Vm, st: &mut ExecState) -> PyResult<Value> {
    if vm.stats.is_some() {
        run_frames::<true>(vm, st)
    } else {
        run_frames::<false>(vm, st)
    }
}

fn run_frames<const S: bool>(vm: &mut Vm, st: &mut ExecState) -> PyResult<Value> {
    let entry = st.depth().saturating_sub(1);
    'frames: loop {
        // Run what the hot loop can; the general loop below continues with
        // the instruction it stopped at, and hands back at the next
        // instruction the hot loop takes.
        loop {
            let calls_c = st
                .frames
                .get(st.nframes.wrapping_sub(1))
                .is_some_and(|f| f.code.calls_c.get());
            let mut stopped = None;
            if calls_c {
                hot::run::<S, true>(vm, st, entry, &mut stopped);
            } else {
                hot::run::<S, false>(vm, st, entry, &mut stopped);
            }
            // A generator's yield (its frame is this run's entry) ends the
            // run here, without the general loop's setup: every resumption
            // of a generator pays this stop once.
            if stopped.is_none()
                && st.nframes == entry + 1
                && let Some(f) = st.frames.get(entry)
                && f.code.units.get(f.pc.get()).map(|u| u.get().op) == Some(Op::YieldValue)
                && st.sp > f.sb.get()
            {
                f.pc.set(f.pc.get() + 1);
                if S && let Some(s) = vm.stats.as_deref_mut() {
                    s.executed(Op::YieldValue);
                }
                st.yielded = true;
                return Ok(st.pop().unwrap_or(Value::None));
            }
            let step = match stopped {
                Some(step) => step,
                None => hot::ext_step::<S>(vm, st),
            };
            match step {
                hot::ExtStep::Ran => {}
                hot::ExtStep::Declined => break,
                hot::ExtStep::Raised(e, code, at) => {
                    unwind(vm, st, entry, code, e, at, false)?;
                    continue 'frames;
                }
            }
        }
        let mut first = true;
        // The innermost frame's code, next instruction and locals base.
        // Calls and returns of Python functions switch these in place;
        // this outer loop only starts over after an exception was handled
        // or a generic call pushed a frame.
        let (mut code, mut pc, mut lb) = match st.frames.get(st.nframes.wrapping_sub(1)) {
            Some(f) => (f.code.clone(), f.pc.get(), f.lb.get()),
            None => return Ok(Value::None),
        };
        // The stack pointer lives in a local while the frame runs; it is
        // written back to `st.sp` before anything else looks at the stack.
        let mut sp = st.sp;
        // The value stack as a local slice, so that its address and length
        // can stay in registers: stores into `Value`s cannot change a local,
        // while they could (for all the optimizer knows) change the fields
        // of `st.stack`. Re-derived after anything that may grow it.
        let mut stack: &mut [Value] = &mut st.stack[..];
        let mut this_pc;
        let mut reraise = false;
        let err: PyErr = 'inner: loop {
            macro_rules! top_frame {
                () => {
                    st.frames.get(st.nframes.wrapping_sub(1))
                };
            }
            macro_rules! top_frame_mut {
                () => {
                    st.frames.get_mut(st.nframes.wrapping_sub(1))
                };
            }
            /// Leaves the instruction loop with an error.
            macro_rules! fail {
                ($e:expr) => {{
                    st.sp = sp;
                    break 'inner $e;
                }};
            }
            /// Unwraps a result that does not involve the stack.
            macro_rules! tri {
                ($e:expr) => {
                    match $e {
                        Ok(v) => v,
                        Err(e) => fail!(e),
                    }
                };
            }
            /// Runs a helper that works on `st` (with `st.sp` current).
            macro_rules! with_st {
                ($e:expr) => {{
                    st.sp = sp;
                    let r = $e;
                    stack = &mut st.stack[..];
                    sp = st.sp;
                    match r {
                        Ok(v) => v,
                        Err(e) => break 'inner e,
                    }
                }};
            }
            macro_rules! push {
                ($v:expr) => {{
                    let v = $v;
                    match stack.get_mut(sp) {
                        Some(slot) => {
                            put(slot, v);
                            sp += 1;
                        }
                        None => fail!(stack_overflow()),
                    }
                }};
            }
            macro_rules! pop {
                () => {
                    match sp.checked_sub(1).and_then(|i| stack.get_mut(i)) {
                        Some(slot) => {
                            sp -= 1;
                            take(slot)
                        }
                        None => fail!(stack_underflow()),
                    }
                };
            }
            macro_rules! top {
                () => {
                    match stack.get(sp.wrapping_sub(1)) {
                        Some(v) => v,
                        None => fail!(stack_underflow()),
                    }
                };
            }
            /// Replaces the top of the stack, dropping the old value.
            macro_rules! set_top {
                ($v:expr) => {{
                    let v = $v;
                    match stack.get_mut(sp.wrapping_sub(1)) {
                        Some(slot) => drop(std::mem::replace(slot, v)),
                        None => fail!(stack_underflow()),
                    }
                }};
            }
            /// A guard of a quickened form failed: count it (and maybe
            /// deoptimize); the generic path follows.
            macro_rules! miss {
                ($reason:expr) => {
                    quicken::on_miss(vm, &code, this_pc, $reason, stack.get(..sp).unwrap_or(&[]))
                };
            }
            this_pc = pc;
            let ins = match code.units.get(pc) {
                Some(c) => c.get(),
                None => fail!(PyErr::new(&types::SYSTEM_ERROR, "ran off the end of code")),
            };
            // Each arm of an instruction with cache units steps over them
            // with `skip!` (a constant per arm, cheaper than decoding it).
            pc += 1;
            let arg = ins.arg;
            /// The countdown of a generic instruction of a family: at zero,
            /// try to specialize (this execution still runs generically).
            macro_rules! adapt {
                () => {
                    if ins.counter < quicken::COUNTER_UNIT {
                        if let Some(f) = top_frame!() {
                            quicken::specialize(
                                vm,
                                &code,
                                this_pc,
                                &f.globals,
                                stack.get(..sp).unwrap_or(&[]),
                            );
                        }
                    } else if let Some(u) = code.units.get(this_pc) {
                        u.set(ins.with(ins.op, ins.counter - quicken::COUNTER_UNIT));
                    }
                };
            }
            /// Steps `pc` over the cache units of a family's instruction.
            macro_rules! skip {
                ($family:expr) => {
                    pc += const { $family.cache_units() }
                };
            }
            macro_rules! cache {
                ($i:expr) => {
                    match code.units.get(this_pc + 1 + $i) {
                        Some(c) => c.get().arg,
                        None => fail!(bad_arg()),
                    }
                };
            }
            macro_rules! int_arith {
                ($f:expr) => {{
                    skip!(Op::BinaryOp);
                    let reason = match stack.get_mut(sp.wrapping_sub(2)..sp) {
                        Some([Value::Int(a), Value::Int(b)]) => match $f(*a, *b) {
                            Ok(r) => {
                                *a = r;
                                sp -= 1;
                                continue;
                            }
                            Err(reason) => reason,
                        },
                        _ => DeoptReason::WrongType,
                    };
                    miss!(reason);
                    with_st!(binary_op_generic(vm, st, arg));
                }};
            }
            macro_rules! float_arith {
                ($f:expr) => {{
                    skip!(Op::BinaryOp);
                    if let Some([Value::Float(a), Value::Float(b)]) =
                        stack.get_mut(sp.wrapping_sub(2)..sp)
                    {
                        let r: f64 = $f(*a, *b);
                        // A NaN gets a fresh identity (`Value::float`).
                        *a = if r.is_nan() { fresh_nan(r) } else { r };
                        sp -= 1;
                        continue;
                    }
                    miss!(DeoptReason::WrongType);
                    with_st!(binary_op_generic(vm, st, arg));
                }};
            }
            macro_rules! compare_jump {
                ($r:expr) => {{
                    skip!(Op::CompareOp);
                    if let Some(b) = $r {
                        sp -= 2;
                        let j = match code.units.get(pc) {
                            Some(j) => j.get(),
                            None => fail!(bad_arg()),
                        };
                        let on_true = j.op == Op::PopJumpIfTrue;
                        if on_true || j.op == Op::PopJumpIfFalse {
                            pc = if b == on_true { j.arg as usize } else { pc + 1 };
                        } else {
                            push!(Value::Bool(b));
                        }
                        continue;
                    }
                    miss!(DeoptReason::WrongType);
                    with_st!(compare_generic(vm, st, arg));
                }};
            }
            /// Runs a helper that works on `st` and after which this frame
            /// does not continue (a call entered, an exception raised).
            macro_rules! leave {
                ($e:expr) => {{
                    st.sp = sp;
                    match $e {
                        Ok(v) => v,
                        Err(e) => break 'inner e,
                    }
                }};
            }
            /// Enters the Python function in slot `lb2 - 1`, whose
            /// arguments fill the slots from `lb2` up to `sp`: the frame
            /// continues in the callee (the inline form of `enter_code`).
            macro_rules! enter {
                ($lb2:expr, $fcode:expr, $fglobals:expr) => {
                    enter!($lb2, $fcode, $fglobals, crate::frame::RETURN_PLAIN)
                };
                // `$ret`: the frame's `Frame::on_return`.
                ($lb2:expr, $fcode:expr, $fglobals:expr, $ret:expr) => {{
                    let (lb2, fcode, fglobals): (usize, Rc<Code>, ObjRef) =
                        ($lb2, $fcode, $fglobals);
                    st.sp = sp;
                    if vm.depth >= vm.config.recursion_limit {
                        st.truncate(lb2 - 1);
                        break 'inner recursion_error();
                    }
                    // A safe point (see `handle_pending`).
                    if abi::pending::any()
                        && let Err(e) = handle_pending()
                    {
                        st.truncate(lb2 - 1);
                        break 'inner e;
                    }
                    vm.depth += 1;
                    crate::gc::maybe_collect();
                    if S && let Some(s) = vm.stats.as_deref_mut() {
                        s.call(&fcode);
                    }
                    crate::jit::count(vm, &fcode, &fglobals);
                    if let Some(fr) = top_frame_mut!() {
                        fr.pc.set(pc);
                    }
                    let callee = fcode.clone();
                    let hb = vm.handled.len();
                    let pushed = if fcode.nslots() != sp - lb2 {
                        init_slots(st, &fcode, lb2)
                    } else {
                        Ok(())
                    }
                    .and_then(|()| st.push_frame(fcode, fglobals, 0, lb2, hb));
                    if let Err(e) = pushed {
                        // No memory for the callee's frame: the call
                        // raises where it stands.
                        st.truncate(lb2 - 1);
                        vm.depth -= 1;
                        break 'inner e;
                    }
                    let ret: u8 = $ret;
                    if ret != crate::frame::RETURN_PLAIN
                        && let Some(fr) = top_frame!()
                    {
                        fr.on_return.set(ret);
                    }
                    if let Some(c) = compiled_of(&callee) {
                        // The frame continues where compiled code hands
                        // it back; an exception that escaped it was
                        // raised by this call.
                        if let Err(e) = enter_compiled(vm, st, c) {
                            break 'inner e;
                        }
                        continue 'frames;
                    }
                    code = callee;
                    pc = 0;
                    lb = lb2;
                    sp = st.sp;
                    stack = &mut st.stack[..];
                    continue;
                }};
            }
            /// Drops the live values from `n` up.
            macro_rules! truncate_to {
                ($n:expr) => {{
                    let n = $n;
                    st.sp = sp;
                    st.truncate(n);
                    stack = &mut st.stack[..];
                    sp = st.sp;
                }};
            }
            macro_rules! call_generic {
                ($op:expr) => {{
                    if with_st!(call_generic::<S>(vm, st, $op, arg, pc)) {
                        continue 'frames;
                    }
                }};
            }

            if !first && hot::HOT[ins.op as usize] {
                st.sp = sp;
                if let Some(f) = top_frame_mut!() {
                    f.pc.set(this_pc);
                }
                continue 'frames;
            }
            first = false;
            // Generators that died suspended in a `try` or `with` are
            // closed before the next instruction the general loop runs
            // (the hot loop's instructions never call out), so that their
            // `finally` output comes where CPython's finalizer puts it.
            if abi::pending::any()
                && abi::pending::PENDING.load(std::sync::atomic::Ordering::Relaxed)
                    & crate::generator::PENDING
                    != 0
            {
                st.sp = sp;
                abi::pending::take(crate::generator::PENDING);
                crate::generator::close_orphans(vm);
                stack = &mut st.stack[..];
            }
            if S && let Some(s) = vm.stats.as_deref_mut() {
                s.executed(ins.op);
                s.general(ins.op);
            }
            match ins.op {
                Op::Nop => {}
                Op::Cache => {
                    debug_assert!(false, "executed a cache unit at {this_pc}");
                }
                Op::PopTop => {
                    drop(pop!());
                }
                Op::Copy => {
                    let v = match stack.get(sp.wrapping_sub(arg as usize)) {
                        Some(v) if (arg as usize) <= sp => v.clone(),
                        _ => fail!(stack_underflow()),
                    };
                    push!(v);
                }
                Op::Swap => {
                    let i = sp.wrapping_sub(arg as usize);
                    if i >= sp {
                        fail!(stack_underflow());
                    }
                    stack.swap(i, sp - 1);
                }
                Op::LoadConst => {
                    let v = match code.consts.get(arg as usize) {
                        Some(v) => dup(v),
                        None => fail!(bad_arg()),
                    };
                    push!(v);
                }
                // The general loop runs only the first half of a
                // superinstruction (the hot loop runs both): the second is
                // the next instruction anyway.
                Op::LoadFast
                | Op::LoadFastLoadConst
                | Op::LoadFastLoadFast
                | Op::LoadFastLoadAttr
                | Op::LoadFastPopJump
                | Op::LoadFastStoreAttr
                | Op::LoadFastLoadMethod => {
                    let v = match stack.get(lb + arg as usize) {
                        Some(Value::Obj(o)) if !is_unbound_obj(o) => Value::Obj(o.clone()),
                        Some(Value::Obj(_)) | None => {
                            fail!(unbound_local(&code, arg as usize))
                        }
                        Some(v) => dup(v),
                    };
                    push!(v);
                }
                Op::StoreFast => {
                    let v = pop!();
                    match stack.get_mut(lb + arg as usize) {
                        Some(slot) => drop(std::mem::replace(slot, v)),
                        None => fail!(bad_arg()),
                    }
                }
                Op::DeleteFast => match stack.get_mut(lb + arg as usize) {
                    Some(slot) if !is_unbound(slot) => {
                        drop(std::mem::replace(slot, unbound()));
                    }
                    _ => fail!(unbound_local(&code, arg as usize)),
                },
                Op::LoadDeref => {
                    let idx = lb + code.nlocals() + arg as usize;
                    let v = cell_of(stack, idx).and_then(|c| c.value.borrow().clone());
                    match v {
                        Some(v) => push!(v),
                        None => fail!(unbound_deref(&code, arg as usize)),
                    }
                }
                Op::StoreDeref => {
                    let v = pop!();
                    let idx = lb + code.nlocals() + arg as usize;
                    match cell_of(stack, idx) {
                        Some(c) => drop(c.value.replace(Some(v))),
                        None => fail!(bad_arg()),
                    }
                }
                Op::DeleteDeref => {
                    let idx = lb + code.nlocals() + arg as usize;
                    let old = cell_of(stack, idx).and_then(|c| c.value.replace(None));
                    if old.is_none() {
                        fail!(unbound_deref(&code, arg as usize));
                    }
                }
                Op::LoadClosure => {
                    let idx = lb + code.nlocals() + arg as usize;
                    let v = match stack.get(idx) {
                        Some(v) if !is_unbound(v) => v.clone(),
                        _ => fail!(bad_arg()),
                    };
                    push!(v);
                }
                Op::LoadGlobal => {
                    skip!(Op::LoadGlobal);
                    adapt!();
                    let v = match top_frame!() {
                        Some(f) => tri!(load_global_generic(vm, &f.globals, &code, arg)),
                        None => fail!(bad_arg()),
                    };
                    push!(v);
                }
                Op::LoadGlobalModule | Op::LoadGlobalBuiltin => {
                    skip!(Op::LoadGlobal);
                    let hit = match (
                        code.units.get(this_pc + 1..this_pc + 6),
                        top_frame!().and_then(|f| f.globals.downcast::<DictObj>()),
                    ) {
                        (Some([g0, g1, b0, b1, ix]), Some(gd))
                            if gd.keys_version()
                                == (g0.get().arg as u64 | (g1.get().arg as u64) << 32) =>
                        {
                            let idx = ix.get().arg as usize;
                            if ins.op == Op::LoadGlobalModule {
                                dict_value_at(gd, idx)
                            } else {
                                let bver = b0.get().arg as u64 | (b1.get().arg as u64) << 32;
                                match vm.builtins.downcast::<DictObj>() {
                                    Some(bd) if bd.keys_version() == bver => dict_value_at(bd, idx),
                                    _ => None,
                                }
                            }
                        }
                        _ => None,
                    };
                    if let Some(v) = hit {
                        push!(v);
                        continue;
                    }
                    miss!(DeoptReason::KeysVersion);
                    let v = match top_frame!() {
                        Some(f) => tri!(load_global_generic(vm, &f.globals, &code, arg)),
                        None => fail!(bad_arg()),
                    };
                    push!(v);
                }
                Op::StoreGlobal => {
                    let v = pop!();
                    let Some(name) = code.names.get(arg as usize) else {
                        fail!(bad_arg());
                    };
                    if let Some(d) = top_frame!().and_then(|f| f.globals.downcast::<DictObj>()) {
                        d.insert(DictKey::from_str_obj(name), v);
                    }
                }
                Op::LoadName => {
                    let ns = stack.get(lb).cloned();
                    let v = match top_frame!() {
                        Some(f) => tri!(load_name(vm, ns.as_ref(), &f.globals, &code, arg)),
                        None => fail!(bad_arg()),
                    };
                    push!(v);
                }
                Op::StoreName => {
                    let v = pop!();
                    let (Some(name), Some(d)) = (
                        code.names.get(arg as usize),
                        stack.get(lb).and_then(|ns| ns.downcast::<DictObj>()),
                    ) else {
                        fail!(bad_arg());
                    };
                    d.insert(DictKey::from_str_obj(name), v);
                }
                Op::DeleteName => {
                    let (Some(name), Some(d)) = (
                        code.names.get(arg as usize),
                        stack.get(lb).and_then(|ns| ns.downcast::<DictObj>()),
                    ) else {
                        fail!(bad_arg());
                    };
                    if d.remove(&DictKey::from_str_obj(name)).is_none() {
                        fail!(name_error(code.name_str(arg)));
                    }
                }
                Op::LoadBuildClass => {
                    let f = vm
                        .builtins
                        .downcast::<DictObj>()
                        .and_then(|d| d.get_str("__build_class__"));
                    match f {
                        Some(f) => push!(f),
                        None => fail!(PyErr::name_error("__build_class__ not found")),
                    }
                }
                Op::DeleteGlobal => {
                    let Some(name) = code.names.get(arg as usize) else {
                        fail!(bad_arg());
                    };
                    let removed = top_frame!()
                        .and_then(|f| f.globals.downcast::<DictObj>())
                        .and_then(|d| d.remove(&DictKey::from_str_obj(name)));
                    if removed.is_none() {
                        fail!(name_error(code.name_str(arg)));
                    }
                }
                Op::LoadAttr => {
                    skip!(Op::LoadAttr);
                    adapt!();
                    let obj = pop!();
                    let v = tri!(vm.getattr(&obj, code.name_str(arg)));
                    push!(v);
                }
                Op::LoadAttrModule => {
                    skip!(Op::LoadAttr);
                    let hit = module_attr_cached(top!(), &code.units, this_pc);
                    if let Some(v) = hit {
                        set_top!(v);
                        continue;
                    }
                    miss!(DeoptReason::KeysVersion);
                    let obj = pop!();
                    let v = tri!(vm.getattr(&obj, code.name_str(arg)));
                    push!(v);
                }
                Op::LoadAttrInstanceValue => {
                    skip!(Op::LoadAttr);
                    match instance_value_cached(top!(), &code, arg, this_pc) {
                        Ok(v) => {
                            set_top!(v);
                            continue;
                        }
                        Err(DeoptReason::TypeVersion)
                            if quicken::add_class_version(vm, &code, this_pc, top!()) => {}
                        Err(reason) => miss!(reason),
                    }
                    let obj = pop!();
                    let v = tri!(vm.getattr(&obj, code.name_str(arg)));
                    push!(v);
                }
                Op::LoadAttrSlot => {
                    skip!(Op::LoadAttr);
                    match slot_cached(top!(), &code.units, this_pc) {
                        Ok((inst, index)) => {
                            let v = inst
                                .slots
                                .try_borrow()
                                .ok()
                                .and_then(|s| s.get(index).cloned().flatten());
                            if let Some(v) = v {
                                set_top!(v);
                                continue;
                            }
                            miss!(DeoptReason::SlotUnset);
                        }
                        Err(reason) => miss!(reason),
                    }
                    let obj = pop!();
                    let v = tri!(vm.getattr(&obj, code.name_str(arg)));
                    push!(v);
                }
                Op::StoreAttrSlot => {
                    skip!(Op::StoreAttr);
                    let obj = pop!();
                    let v = pop!();
                    let v = match slot_cached(&obj, &code.units, this_pc) {
                        Ok((inst, index)) => match inst.slots.try_borrow_mut() {
                            Ok(mut s) if index < s.len() => {
                                let old = s[index].replace(v);
                                drop(s);
                                drop(old);
                                continue;
                            }
                            _ => {
                                miss!(DeoptReason::Busy);
                                v
                            }
                        },
                        Err(reason) => {
                            miss!(reason);
                            v
                        }
                    };
                    tri!(vm.setattr(&obj, code.name_str(arg), v));
                }
                Op::StoreAttr => {
                    skip!(Op::StoreAttr);
                    adapt!();
                    let obj = pop!();
                    let v = pop!();
                    tri!(vm.setattr(&obj, code.name_str(arg), v));
                }
                Op::StoreAttrInstanceValue => {
                    skip!(Op::StoreAttr);
                    let obj = pop!();
                    let v = pop!();
                    let v = match instance_store_cached(&obj, v, &code, arg, this_pc) {
                        Ok(()) => continue,
                        Err((reason, v)) => {
                            // The stack as the instruction found it.
                            push!(v);
                            push!(obj);
                            if reason != DeoptReason::TypeVersion
                                || !quicken::add_class_version(vm, &code, this_pc, top!())
                            {
                                miss!(reason);
                            }
                            let obj = pop!();
                            (obj, pop!())
                        }
                    };
                    tri!(vm.setattr(&v.0, code.name_str(arg), v.1));
                }
                Op::DeleteAttr => {
                    let obj = pop!();
                    tri!(vm.delattr(&obj, code.name_str(arg)));
                }
                Op::LoadMethod => {
                    skip!(Op::LoadMethod);
                    adapt!();
                    with_st!(load_method_generic(vm, st, &code, arg));
                }
                Op::LoadMethodType => {
                    skip!(Op::LoadMethod);
                    let kind = top!().kind();
                    // Not for a class deriving from the type: it may
                    // override the method.
                    if cache!(layout::METHOD_KIND) == kind + 1
                        && !matches!(top!(), Value::Obj(o) if o.ty().is_heap_type())
                    {
                        let m = tri!(vm.method_obj(kind, cache!(layout::METHOD_INDEX) as usize));
                        let obj = pop!();
                        push!(m);
                        push!(obj);
                        continue;
                    }
                    miss!(DeoptReason::WrongType);
                    with_st!(load_method_generic(vm, st, &code, arg));
                }
                Op::LoadMethodInstance => {
                    skip!(Op::LoadMethod);
                    match instance_method_cached(top!(), &code, arg, this_pc) {
                        Ok(f) => {
                            let recv = std::mem::replace(&mut stack[sp - 1], f);
                            push!(recv);
                            continue;
                        }
                        Err(DeoptReason::TypeVersion)
                            if quicken::add_method_version(vm, &code, this_pc, top!()) => {}
                        Err(reason) => miss!(reason),
                    }
                    with_st!(load_method_generic(vm, st, &code, arg));
                }
                Op::LoadMethodModule => {
                    skip!(Op::LoadMethod);
                    let hit = module_attr_cached(top!(), &code.units, this_pc);
                    if let Some(v) = hit {
                        set_top!(v);
                        push!(Value::Obj(vm.null_marker.clone()));
                        continue;
                    }
                    miss!(DeoptReason::KeysVersion);
                    with_st!(load_method_generic(vm, st, &code, arg));
                }
                Op::LoadMethodExt => {
                    skip!(Op::LoadMethod);
                    let ix = cache!(layout::EXT_METHOD);
                    match crate::ext::cached_method(&vm.ext_methods, top!(), ix) {
                        Ok(m) => {
                            let recv = std::mem::replace(&mut stack[sp - 1], dup(m));
                            push!(recv);
                            continue;
                        }
                        Err(reason) => miss!(reason),
                    }
                    with_st!(load_method_generic(vm, st, &code, arg));
                }
                Op::BinaryOp => {
                    skip!(Op::BinaryOp);
                    adapt!();
                    with_st!(binary_op_generic(vm, st, arg));
                }
                Op::BinaryOpAddInt => int_arith!(int_add),
                Op::BinaryOpSubInt => int_arith!(int_sub),
                Op::BinaryOpMulInt => int_arith!(int_mul),
                Op::BinaryOpModInt => int_arith!(int_mod),
                Op::BinaryOpFloorDivInt => int_arith!(int_floordiv),
                Op::BinaryOpInt => {
                    skip!(Op::BinaryOp);
                    let reason = match stack.get_mut(sp.wrapping_sub(2)..sp) {
                        Some([x @ Value::Int(_), Value::Int(b)]) => {
                            let a = match x {
                                Value::Int(a) => *a,
                                _ => 0,
                            };
                            match ops::int_op(BinOp::from_arg(arg), a, *b) {
                                Ok(r) => {
                                    // `x` holds an int: nothing to drop.
                                    put(x, r);
                                    sp -= 1;
                                    continue;
                                }
                                Err(_) => DeoptReason::ZeroDivision,
                            }
                        }
                        _ => DeoptReason::WrongType,
                    };
                    miss!(reason);
                    with_st!(binary_op_generic(vm, st, arg));
                }
                Op::BinaryOpAddFloat => float_arith!(|a, b| a + b),
                Op::BinaryOpSubFloat => float_arith!(|a, b| a - b),
                Op::BinaryOpMulFloat => float_arith!(|a, b| a * b),
                Op::BinaryOpTrueDivFloat => {
                    skip!(Op::BinaryOp);
                    if let Some([Value::Float(a), Value::Float(b)]) =
                        stack.get_mut(sp.wrapping_sub(2)..sp)
                        && *b != 0.0
                    {
                        let r = *a / *b;
                        *a = if r.is_nan() { fresh_nan(r) } else { r };
                        sp -= 1;
                        continue;
                    }
                    miss!(DeoptReason::WrongType);
                    with_st!(binary_op_generic(vm, st, arg));
                }
                Op::BinaryOpFloat | Op::BinaryOpMixed => {
                    skip!(Op::BinaryOp);
                    let reason = match stack.get_mut(sp.wrapping_sub(2)..sp) {
                        Some([x, y]) => match (as_f64(x), as_f64(y)) {
                            // MIXED needs exactly one float (two ints must
                            // stay ints), FLOAT two floats.
                            (Some(a), Some(b))
                                if (matches!(x, Value::Float(_))
                                    && matches!(y, Value::Float(_)))
                                    == (ins.op == Op::BinaryOpFloat)
                                    && (matches!(x, Value::Float(_))
                                        || matches!(y, Value::Float(_))) =>
                            {
                                let op = BinOp::from_arg(arg);
                                match ops::float_op(op, a, b) {
                                    Ok(r) => {
                                        // Both operands are numbers: nothing to drop.
                                        put(x, r);
                                        sp -= 1;
                                        continue;
                                    }
                                    Err(_) if op == BinOp::Pow => DeoptReason::PowDomain,
                                    Err(_) => DeoptReason::ZeroDivision,
                                }
                            }
                            _ => DeoptReason::WrongType,
                        },
                        _ => DeoptReason::WrongType,
                    };
                    miss!(reason);
                    with_st!(binary_op_generic(vm, st, arg));
                }
                Op::BinaryOpPy => {
                    skip!(Op::BinaryOp);
                    let found = match stack.get(sp.wrapping_sub(2)..sp) {
                        Some([a, b]) if arg < 13 => binop_method(a, b, arg),
                        _ => None,
                    };
                    if let Some(f) = found
                        && let Some((fcode, fglobals)) = f
                            .downcast::<Function>()
                            .map(|func| (func.code.clone(), func.globals.clone()))
                    {
                        // [a, b] becomes [a, b, method, a, b]: the operands
                        // stay below the frame for `NotImplemented`.
                        st.sp = sp;
                        if let Err(e) = st.reserve(3) {
                            break 'inner e;
                        }
                        stack = &mut st.stack[..];
                        let (a, b) = (stack[sp - 2].clone(), stack[sp - 1].clone());
                        put(&mut stack[sp], Value::Obj(f));
                        put(&mut stack[sp + 1], a);
                        put(&mut stack[sp + 2], b);
                        let lb2 = sp + 1;
                        sp += 3;
                        enter!(lb2, fcode, fglobals, crate::frame::RETURN_BINOP + arg as u8);
                    }
                    miss!(DeoptReason::WrongType);
                    with_st!(binary_op_generic(vm, st, arg));
                }
                Op::BinaryOpAddStr => {
                    skip!(Op::BinaryOp);
                    let r = match stack.get(sp.wrapping_sub(2)..sp) {
                        Some([a, b]) => str_concat(a, b),
                        _ => None,
                    };
                    if let Some(r) = r {
                        drop(pop!());
                        set_top!(r);
                        continue;
                    }
                    miss!(DeoptReason::WrongType);
                    with_st!(binary_op_generic(vm, st, arg));
                }
                Op::BinaryOpInplaceAddStr => {
                    skip!(Op::BinaryOp);
                    let store = match code.units.get(pc).map(|u| u.get()) {
                        Some(n) if n.op == Op::StoreFast => Some(lb + n.arg as usize),
                        _ => None,
                    };
                    if let Some(local) = store
                        && str_append_to_local(stack, sp, local)
                    {
                        sp -= 2;
                        // The STORE_FAST is done.
                        pc += 1;
                        continue;
                    }
                    miss!(DeoptReason::WrongType);
                    with_st!(binary_op_generic(vm, st, arg));
                }
                Op::UnaryNegative | Op::UnaryPositive | Op::UnaryInvert => {
                    let v = pop!();
                    let c = match ins.op {
                        Op::UnaryNegative => '-',
                        Op::UnaryPositive => '+',
                        _ => '~',
                    };
                    push!(tri!(ops::unary(vm, c, &v)));
                }
                Op::UnaryNot => {
                    let v = pop!();
                    push!(Value::Bool(!tri!(truth(vm, &v))));
                }
                Op::CompareOp => {
                    skip!(Op::CompareOp);
                    adapt!();
                    with_st!(compare_generic(vm, st, arg));
                }
                Op::CompareOpIntJump => compare_jump!(match stack.get(sp.wrapping_sub(2)..sp) {
                    Some([Value::Int(a), Value::Int(b)]) => Some(int_cmp(arg, *a, *b)),
                    _ => None,
                }),
                Op::CompareOpFloatJump => compare_jump!(match stack.get(sp.wrapping_sub(2)..sp) {
                    Some([Value::Float(a), Value::Float(b)]) => Some(float_cmp(arg, *a, *b)),
                    _ => None,
                }),
                Op::CompareOpStrJump => {
                    let r = match stack.get(sp.wrapping_sub(2)..sp) {
                        Some([a, b]) => str_cmp(arg, a, b),
                        _ => None,
                    };
                    if r.is_some() {
                        // Release the two strs; `compare_jump!` then only
                        // moves the stack pointer over the emptied slots.
                        drop(take(&mut stack[sp - 1]));
                        drop(take(&mut stack[sp - 2]));
                    }
                    compare_jump!(r)
                }
                Op::CompareOpInt | Op::CompareOpFloat | Op::CompareOpStr => {
                    skip!(Op::CompareOp);
                    let r = match stack.get(sp.wrapping_sub(2)..sp) {
                        Some([Value::Int(a), Value::Int(b)]) if ins.op == Op::CompareOpInt => {
                            Some(int_cmp(arg, *a, *b))
                        }
                        Some([Value::Float(a), Value::Float(b)])
                            if ins.op == Op::CompareOpFloat =>
                        {
                            Some(float_cmp(arg, *a, *b))
                        }
                        Some([a, b]) if ins.op == Op::CompareOpStr => str_cmp(arg, a, b),
                        _ => None,
                    };
                    if let Some(b) = r {
                        drop(pop!());
                        set_top!(Value::Bool(b));
                        continue;
                    }
                    miss!(DeoptReason::WrongType);
                    with_st!(compare_generic(vm, st, arg));
                }
                Op::IsOp => {
                    let b = pop!();
                    let a = pop!();
                    push!(Value::Bool(a.is(&b) != (arg == 1)));
                }
                Op::ContainsOp => {
                    let container = pop!();
                    let item = pop!();
                    let r = tri!(ops::contains(vm, &container, &item));
                    push!(Value::Bool(r != (arg == 1)));
                }
                Op::BinarySubscr => {
                    skip!(Op::BinarySubscr);
                    adapt!();
                    let key = pop!();
                    let c = pop!();
                    push!(tri!(ops::getitem(vm, &c, &key)));
                }
                Op::BinarySubscrListInt => {
                    skip!(Op::BinarySubscr);
                    let got = match stack.get(sp.wrapping_sub(2)..sp) {
                        Some([Value::Obj(o), Value::Int(i)]) if o.is_type(&types::LIST) => {
                            match o.downcast::<ListObj>().map(|l| l.items.try_borrow()) {
                                Some(Ok(items)) => norm_index(*i, items.len())
                                    .and_then(|k| items.get(k).cloned())
                                    .ok_or(DeoptReason::OutOfRange),
                                _ => Err(DeoptReason::Busy),
                            }
                        }
                        _ => Err(DeoptReason::WrongType),
                    };
                    match got {
                        Ok(v) => {
                            // The index is an int: dropping the slot is free.
                            sp -= 1;
                            set_top!(v);
                            continue;
                        }
                        Err(r) => miss!(r),
                    }
                    let key = pop!();
                    let c = pop!();
                    push!(tri!(ops::getitem(vm, &c, &key)));
                }
                Op::BinarySubscrTupleInt => {
                    skip!(Op::BinarySubscr);
                    let got = match stack.get(sp.wrapping_sub(2)..sp) {
                        Some([Value::Obj(o), Value::Int(i)]) if o.is_type(&types::TUPLE) => {
                            match o.downcast::<TupleObj>() {
                                Some(t) => norm_index(*i, t.items.len())
                                    .and_then(|k| t.items.get(k).cloned())
                                    .ok_or(DeoptReason::OutOfRange),
                                None => Err(DeoptReason::WrongType),
                            }
                        }
                        _ => Err(DeoptReason::WrongType),
                    };
                    match got {
                        Ok(v) => {
                            sp -= 1;
                            set_top!(v);
                            continue;
                        }
                        Err(r) => miss!(r),
                    }
                    let key = pop!();
                    let c = pop!();
                    push!(tri!(ops::getitem(vm, &c, &key)));
                }
                Op::BinarySubscrDict => {
                    skip!(Op::BinarySubscr);
                    let got = match stack.get(sp.wrapping_sub(2)..sp) {
                        Some([Value::Obj(o), k]) if o.is_type(&types::DICT) => {
                            match (o.downcast::<DictObj>(), DictKey::new(k.clone())) {
                                // Keys whose `==` is Python code are looked
                                // up by the generic path.
                                (Some(d), Ok(key)) if !d.has_vm_keys() => {
                                    d.get(&key).ok_or(DeoptReason::MissingKey)
                                }
                                _ => Err(DeoptReason::WrongType),
                            }
                        }
                        _ => Err(DeoptReason::WrongType),
                    };
                    match got {
                        Ok(v) => {
                            drop(pop!());
                            set_top!(v);
                            continue;
                        }
                        Err(r) => miss!(r),
                    }
                    let key = pop!();
                    let c = pop!();
                    push!(tri!(ops::getitem(vm, &c, &key)));
                }
                Op::BinarySubscrExt => {
                    // Run here only when the hot loop declined it (or the
                    // guard failed); its own path is `hot::ext_form`.
                    skip!(Op::BinarySubscr);
                    if !matches!(stack.get(sp.wrapping_sub(2)), Some(Value::Obj(o)) if o.kind() == Kind::FOREIGN)
                    {
                        miss!(DeoptReason::WrongType);
                    }
                    let key = pop!();
                    let c = pop!();
                    push!(tri!(ops::getitem(vm, &c, &key)));
                }
                Op::StoreSubscr => {
                    skip!(Op::StoreSubscr);
                    adapt!();
                    let key = pop!();
                    let c = pop!();
                    let v = pop!();
                    tri!(ops::setitem(vm, &c, &key, v));
                }
                Op::StoreSubscrListInt => {
                    skip!(Op::StoreSubscr);
                    let reason = match stack.get(sp.wrapping_sub(3)..sp) {
                        Some([_, Value::Obj(o), Value::Int(i)]) if o.is_type(&types::LIST) => {
                            let i = *i;
                            let c = take(&mut stack[sp - 2]);
                            let stored = match c.downcast::<ListObj>() {
                                Some(l) => match l.items.try_borrow_mut() {
                                    Ok(mut items) => match norm_index(i, items.len()) {
                                        Some(k) => {
                                            let v = take(&mut stack[sp - 3]);
                                            let old = std::mem::replace(&mut items[k], v);
                                            drop(items);
                                            drop(old);
                                            Ok(())
                                        }
                                        None => Err(DeoptReason::OutOfRange),
                                    },
                                    Err(_) => Err(DeoptReason::Busy),
                                },
                                None => Err(DeoptReason::WrongType),
                            };
                            match stored {
                                Ok(()) => {
                                    // The key slot holds an int: nothing to drop.
                                    sp -= 3;
                                    drop(c);
                                    continue;
                                }
                                Err(r) => {
                                    put(&mut stack[sp - 2], c);
                                    r
                                }
                            }
                        }
                        _ => DeoptReason::WrongType,
                    };
                    miss!(reason);
                    let key = pop!();
                    let c = pop!();
                    let v = pop!();
                    tri!(ops::setitem(vm, &c, &key, v));
                }
                Op::StoreSubscrDict => {
                    skip!(Op::StoreSubscr);
                    let key = match stack.get(sp.wrapping_sub(3)..sp) {
                        Some([_, Value::Obj(o), k])
                            if o.is_type(&types::DICT)
                                && !o.downcast::<DictObj>().is_some_and(|d| d.has_vm_keys()) =>
                        {
                            DictKey::new(k.clone()).ok()
                        }
                        _ => None,
                    };
                    if let Some(key) = key {
                        drop(pop!());
                        let c = pop!();
                        let v = pop!();
                        if let Some(d) = c.downcast::<DictObj>() {
                            d.insert(key, v);
                            continue;
                        }
                        fail!(bad_arg());
                    }
                    miss!(DeoptReason::WrongType);
                    let key = pop!();
                    let c = pop!();
                    let v = pop!();
                    tri!(ops::setitem(vm, &c, &key, v));
                }
                Op::DeleteSubscr => {
                    let key = pop!();
                    let c = pop!();
                    tri!(ops::delitem(vm, &c, &key));
                }
                Op::BuildSlice => {
                    let step = if arg == 3 { pop!() } else { Value::None };
                    let stop = pop!();
                    let start = pop!();
                    push!(Value::Obj(crate::object::SliceObj::new_obj(
                        start, stop, step
                    )));
                }
                Op::BuildTuple | Op::BuildList => {
                    let items = with_st!(take_n(st, arg as usize));
                    push!(if ins.op == Op::BuildTuple {
                        Value::tuple(items)
                    } else {
                        Value::list(items)
                    });
                }
                Op::BuildMap => with_st!(build_map(vm, st, arg)),
                Op::BuildString => with_st!(build_string(st, arg)),
                Op::ListAppend => {
                    let v = pop!();
                    match stack
                        .get(sp.wrapping_sub(arg as usize))
                        .and_then(|l| l.downcast::<ListObj>())
                    {
                        Some(l) => {
                            let mut items = l.items.borrow_mut();
                            tri!(methods::room_for_one(&mut items));
                            items.push(v);
                        }
                        None => fail!(bad_arg()),
                    }
                }
                Op::ListExtend => with_st!(list_extend(vm, st)),
                Op::MapAdd => {
                    let v = pop!();
                    let k = pop!();
                    let key = tri!(DictKey::with_vm(vm, k));
                    let d = stack.get(sp.wrapping_sub(arg as usize)).cloned();
                    match d.as_ref().and_then(|d| d.downcast::<DictObj>()) {
                        Some(d) => with_st!(d.insert_vm(vm, key, v)),
                        None => fail!(bad_arg()),
                    }
                }
                Op::DictMerge => with_st!(dict_merge(vm, st, arg, true)),
                Op::DictUpdate => with_st!(dict_merge(vm, st, arg, false)),
                Op::BuildSet => with_st!(build_set(vm, st, arg)),
                Op::SetAdd => {
                    let v = pop!();
                    let s = stack.get(sp.wrapping_sub(arg as usize)).cloned();
                    match s.as_ref().and_then(crate::sets::payload) {
                        Some(s) => with_st!(crate::sets::add_key(vm, s, v)),
                        None => fail!(bad_arg()),
                    }
                }
                Op::SetUpdate => {
                    let it = pop!();
                    let s = stack.get(sp.wrapping_sub(arg as usize)).cloned();
                    match s.as_ref().and_then(crate::sets::payload) {
                        Some(s) => with_st!(crate::sets::update(vm, s, &it)),
                        None => fail!(bad_arg()),
                    }
                }
                Op::ListToTuple => {
                    let l = pop!();
                    push!(Value::tuple(ops::seq_items(&l)));
                }
                Op::FormatValue => {
                    let spec = if arg & 4 != 0 { Some(pop!()) } else { None };
                    let v = pop!();
                    push!(tri!(format_operand(vm, &v, arg & 3, spec.as_ref())));
                }
                Op::UnpackSequence => {
                    skip!(Op::UnpackSequence);
                    adapt!();
                    with_st!(unpack_generic(vm, st, arg));
                }
                Op::UnpackEx => with_st!(unpack_ex(vm, st, arg)),
                Op::UnpackSequenceTwoTuple => {
                    skip!(Op::UnpackSequence);
                    let items = match top!() {
                        Value::Obj(o) if o.is_type(&types::TUPLE) => {
                            match o.downcast::<TupleObj>() {
                                Some(t) if t.items.len() == 2 => {
                                    Some((t.items[0].clone(), t.items[1].clone()))
                                }
                                _ => None,
                            }
                        }
                        _ => None,
                    };
                    if let Some((a, b)) = items {
                        set_top!(b);
                        push!(a);
                        continue;
                    }
                    miss!(DeoptReason::WrongLength);
                    with_st!(unpack_generic(vm, st, arg));
                }
                Op::UnpackSequenceTuple | Op::UnpackSequenceList => {
                    skip!(Op::UnpackSequence);
                    let items: Option<Vec<Value>> = match top!() {
                        Value::Obj(o) if o.is_type(&types::TUPLE) => o
                            .downcast::<TupleObj>()
                            .filter(|t| t.items.len() == arg as usize)
                            .map(|t| t.items.to_vec()),
                        Value::Obj(o) if o.is_type(&types::LIST) => o
                            .downcast::<ListObj>()
                            .and_then(|l| l.items.try_borrow().ok().map(|v| v.clone()))
                            .filter(|v| v.len() == arg as usize),
                        _ => None,
                    };
                    if let Some(items) = items {
                        drop(pop!());
                        for v in items.into_iter().rev() {
                            push!(v);
                        }
                        continue;
                    }
                    miss!(DeoptReason::WrongLength);
                    with_st!(unpack_generic(vm, st, arg));
                }
                Op::GetIter => {
                    let v = pop!();
                    push!(tri!(ops::get_iter(vm, &v)));
                }
                Op::ForIter => {
                    skip!(Op::ForIter);
                    adapt!();
                    if with_st!(for_iter_generic(vm, st)) {
                        pc = arg as usize;
                    }
                }
                Op::ForIterNext => {
                    skip!(Op::ForIter);
                    if !quicken::for_iter_next_fits(top!()) {
                        miss!(DeoptReason::WrongType);
                    }
                    if with_st!(for_iter_generic(vm, st)) {
                        pc = arg as usize;
                    }
                }
                Op::ForIterRange => {
                    skip!(Op::ForIter);
                    let next = match top!() {
                        Value::Obj(o) => match o.downcast::<RangeIterObj>() {
                            Some(r) => Ok(r.next()),
                            None => Err(DeoptReason::WrongType),
                        },
                        _ => Err(DeoptReason::WrongType),
                    };
                    match next {
                        Ok(Some(v)) => {
                            push!(Value::Int(v));
                            continue;
                        }
                        Ok(None) => {
                            drop(pop!());
                            pc = arg as usize;
                            continue;
                        }
                        Err(r) => miss!(r),
                    }
                    if with_st!(for_iter_generic(vm, st)) {
                        pc = arg as usize;
                    }
                }
                Op::ForIterGen => {
                    skip!(Op::ForIter);
                    st.sp = sp;
                    if crate::generator::push_inline(vm, st, pc, crate::frame::RETURN_GEN_FOR) {
                        continue 'frames;
                    }
                    stack = &mut st.stack[..];
                    let it = top!().clone();
                    match it.downcast::<crate::object::GenObj>() {
                        Some(g) => match tri!(crate::generator::next(vm, g)) {
                            Some(v) => push!(v),
                            None => {
                                drop(pop!());
                                pc = arg as usize;
                            }
                        },
                        None => {
                            miss!(DeoptReason::WrongType);
                            if with_st!(for_iter_generic(vm, st)) {
                                pc = arg as usize;
                            }
                        }
                    }
                }
                Op::ForIterList => {
                    skip!(Op::ForIter);
                    let next = match top!() {
                        Value::Obj(o) if o.is_type(&types::LIST_ITER) => {
                            match o.downcast::<IterObj>().map(|io| io.state.try_borrow_mut()) {
                                Some(Ok(mut s)) => match &mut *s {
                                    IterState::List { list, idx } => {
                                        let v = list
                                            .downcast::<ListObj>()
                                            .and_then(|l| l.items.try_borrow().ok())
                                            .and_then(|items| items.get(*idx).cloned());
                                        match v {
                                            Some(v) => {
                                                *idx += 1;
                                                Ok(Some(v))
                                            }
                                            None => {
                                                // Exhausted for good, as in CPython.
                                                let old =
                                                    std::mem::replace(&mut *s, IterState::Done);
                                                drop(s);
                                                drop(old);
                                                Ok(None)
                                            }
                                        }
                                    }
                                    _ => Err(DeoptReason::WrongType),
                                },
                                _ => Err(DeoptReason::Busy),
                            }
                        }
                        _ => Err(DeoptReason::WrongType),
                    };
                    match next {
                        Ok(Some(v)) => {
                            push!(v);
                            continue;
                        }
                        Ok(None) => {
                            drop(pop!());
                            pc = arg as usize;
                            continue;
                        }
                        Err(r) => miss!(r),
                    }
                    if with_st!(for_iter_generic(vm, st)) {
                        pc = arg as usize;
                    }
                }
                Op::Jump => pc = arg as usize,
                Op::JumpBackward => {
                    // A safe point: pending events raise here (the hot loop
                    // leaves a back-edge to this loop when one is pending).
                    if abi::pending::any() {
                        tri!(handle_pending());
                    }
                    pc = arg as usize;
                    // The loop's own count (see the hot loop's): when it
                    // runs out, the rest of the call may run compiled
                    // from the loop header on.
                    if ins.counter != 0 {
                        crate::jit::count_back_edge(&code);
                    }
                    if ins.counter > 1
                        && let Some(u) = code.units.get(this_pc)
                    {
                        u.set(ins.with(ins.op, ins.counter - 1));
                    } else if ins.counter == 1 {
                        if let Some(u) = code.units.get(this_pc) {
                            u.set(ins.with(ins.op, 0));
                        }
                        st.sp = sp;
                        if let Some(f) = top_frame!() {
                            f.pc.set(pc);
                        }
                        match enter_osr(vm, st, entry, &code, pc, this_pc) {
                            Ok(false) => {
                                stack = &mut st.stack[..];
                                sp = st.sp;
                            }
                            Ok(true) => continue 'frames,
                            Err(e) => return Err(e),
                        }
                    }
                }
                Op::PopJumpIfFalse | Op::PopJumpIfTrue => {
                    let b = match stack.get(sp.wrapping_sub(1)) {
                        Some(Value::Bool(b)) => {
                            let b = *b;
                            sp -= 1;
                            b
                        }
                        _ => {
                            let v = pop!();
                            tri!(truth(vm, &v))
                        }
                    };
                    if b == (ins.op == Op::PopJumpIfTrue) {
                        pc = arg as usize;
                    }
                }
                Op::PopJumpIfNone | Op::PopJumpIfNotNone => {
                    let none = matches!(pop!(), Value::None);
                    if none == (ins.op == Op::PopJumpIfNone) {
                        pc = arg as usize;
                    }
                }
                Op::JumpIfFalseOrPop | Op::JumpIfTrueOrPop => {
                    if tri!(truth(vm, top!())) == (ins.op == Op::JumpIfTrueOrPop) {
                        pc = arg as usize;
                    } else {
                        drop(pop!());
                    }
                }
                Op::MakeFunction => with_st!(make_function(vm, st, arg)),
                Op::Call => {
                    skip!(Op::Call);
                    adapt!();
                    call_generic!(Op::Call);
                }
                Op::CallMethod => {
                    skip!(Op::CallMethod);
                    adapt!();
                    call_generic!(Op::CallMethod);
                }
                Op::CallKw | Op::CallEx => call_generic!(ins.op),
                Op::CallPyExactArgs | Op::CallPyWithDefaults => {
                    skip!(Op::Call);
                    let n = arg as usize;
                    let lb2 = sp.wrapping_sub(n);
                    let callee = match stack.get(lb2.wrapping_sub(1)) {
                        Some(Value::Obj(fo)) if fo.kind() == Kind::FUNCTION && lb2 <= sp => {
                            match fo.downcast::<Function>() {
                                Some(f) if f.code.simple_params() => {
                                    let argc = f.code.argcount as usize;
                                    if argc == n {
                                        Ok((f.code.clone(), f.globals.clone(), None))
                                    } else if ins.op == Op::CallPyWithDefaults
                                        && n < argc
                                        && n + f.defaults.len() >= argc
                                    {
                                        let from = f.defaults.len() - (argc - n);
                                        Ok((
                                            f.code.clone(),
                                            f.globals.clone(),
                                            Some(f.defaults[from..].to_vec()),
                                        ))
                                    } else {
                                        Err(DeoptReason::ArgCount)
                                    }
                                }
                                _ => Err(DeoptReason::WrongCallee),
                            }
                        }
                        _ => Err(DeoptReason::WrongCallee),
                    };
                    match callee {
                        Ok((fcode, fglobals, defaults)) => {
                            if let Some(d) = defaults {
                                st.sp = sp;
                                st.reserve(d.len())?;
                                for v in d {
                                    st.push(v)?;
                                }
                                sp = st.sp;
                            }
                            enter!(lb2, fcode, fglobals);
                        }
                        Err(r) => miss!(r),
                    }
                    call_generic!(Op::Call);
                }
                Op::CallPyInit => {
                    skip!(Op::Call);
                    let n = arg as usize;
                    let fpos = sp.wrapping_sub(n + 1);
                    let found = match stack.get(fpos) {
                        Some(Value::Obj(cls)) if fpos < sp => {
                            init_cached(cls, &code.units, this_pc, n).and_then(|f| {
                                let (fcode, fglobals) = f
                                    .downcast::<Function>()
                                    .map(|func| (func.code.clone(), func.globals.clone()))?;
                                let inst = crate::classes::new_plain_instance(cls)?;
                                Some((inst, f, fcode, fglobals))
                            })
                        }
                        _ => None,
                    };
                    if let Some((inst, f, fcode, fglobals)) = found {
                        // [cls, args…] becomes [instance, __init__,
                        // instance, args…]: the instance below the frame
                        // is the call's result when `__init__` returns.
                        st.sp = sp;
                        if let Err(e) = st.reserve(2) {
                            break 'inner e;
                        }
                        stack = &mut st.stack[..];
                        // The arguments move up two slots (the two above
                        // them are dead): a few swaps, where the slice's
                        // general `rotate_right` was not always inlined.
                        for i in (fpos + 1..sp).rev() {
                            stack.swap(i, i + 2);
                        }
                        sp += 2;
                        let cls = std::mem::replace(&mut stack[fpos], Value::Obj(inst.clone()));
                        put(&mut stack[fpos + 1], Value::Obj(f));
                        put(&mut stack[fpos + 2], Value::Obj(inst));
                        drop(cls);
                        enter!(fpos + 2, fcode, fglobals, crate::frame::RETURN_INIT);
                    }
                    miss!(DeoptReason::TypeVersion);
                    call_generic!(Op::Call);
                }
                Op::CallBuiltinLen | Op::CallBuiltinIsinstance | Op::CallBuiltin => {
                    skip!(Op::Call);
                    let n = arg as usize;
                    let fpos = sp.wrapping_sub(n + 1);
                    let f = match stack.get(fpos) {
                        Some(Value::Obj(o)) if fpos < sp => unbound_builtin(o),
                        _ => None,
                    };
                    let f = match (ins.op, f) {
                        (Op::CallBuiltinLen, Some(f)) if is_native(f, builtins::b_len) => {
                            let r = match &stack[sp - 1] {
                                Value::Obj(o) => ops::container_len(o),
                                _ => None,
                            };
                            let r = match r {
                                Some(r) => r,
                                None => tri!(ops::len(vm, &stack[sp - 1])),
                            };
                            truncate_to!(fpos);
                            push!(Value::Int(r as i64));
                            continue;
                        }
                        (Op::CallBuiltinIsinstance, Some(f))
                            if is_native(f, builtins::b_isinstance) =>
                        {
                            Some(f)
                        }
                        (Op::CallBuiltin, f) => f,
                        _ => None,
                    };
                    if let Some(f) = f {
                        let r = f(vm, Args::positional(&stack[fpos + 1..sp]));
                        truncate_to!(fpos);
                        push!(tri!(r));
                        continue;
                    }
                    miss!(DeoptReason::WrongCallee);
                    call_generic!(Op::Call);
                }
                crate::bytecode::ext_call_forms!() => {
                    // CALL and CALL_METHOD have the same cache length.
                    skip!(Op::Call);
                    let generic = ins.op.generic();
                    let method = generic == Op::CallMethod;
                    let layout = ext_call_layout(vm, stack, sp, arg as usize, method);
                    if let (Some((fpos, args)), Some(capi), Some(shape)) =
                        (layout, crate::ext::capi(), quicken::ext_call_shape(ins.op))
                        && let Value::Obj(callee) = &stack[fpos]
                        && let Some(r) = capi.call_ext(vm, shape, callee, &stack[args])
                    {
                        truncate_to!(fpos);
                        push!(tri!(r));
                        continue;
                    }
                    miss!(DeoptReason::WrongCallee);
                    call_generic!(generic);
                }
                Op::CallStr1 | Op::CallType => {
                    skip!(Op::Call);
                    let n = arg as usize;
                    let fpos = sp.wrapping_sub(n + 1);
                    let ok = match stack.get(fpos) {
                        Some(Value::Obj(o)) if fpos < sp => {
                            if ins.op == Op::CallStr1 {
                                is_static_type(o, &types::STR) && n == 1
                            } else {
                                o.kind() == Kind::TYPE && !crate::ext::is_foreign_type(o)
                            }
                        }
                        _ => false,
                    };
                    if ok {
                        let r = if ins.op == Op::CallStr1 {
                            match &stack[sp - 1] {
                                Value::Int(i) => Ok(int_to_str(*i)),
                                v => ops::to_str_value(vm, v),
                            }
                        } else {
                            match &stack[fpos] {
                                Value::Obj(t) => builtins::call_type(
                                    vm,
                                    t,
                                    Args::positional(&stack[fpos + 1..sp]),
                                ),
                                _ => Err(bad_arg()),
                            }
                        };
                        truncate_to!(fpos);
                        push!(tri!(r));
                        continue;
                    }
                    miss!(DeoptReason::WrongCallee);
                    call_generic!(Op::Call);
                }
                Op::CallMethodListAppend => {
                    skip!(Op::CallMethod);
                    let ok = sp >= 3
                        && matches!(&stack[sp - 3], Value::Obj(m) if m.kind() == Kind::BUILTIN
                            && m.downcast::<Builtin>().is_some_and(|b| is_native(b.func, methods::list_append)))
                        && stack[sp - 2].kind() == Kind::LIST;
                    if ok {
                        let recv = take(&mut stack[sp - 2]);
                        let pushed =
                            match recv.downcast::<ListObj>().map(|l| l.items.try_borrow_mut()) {
                                Some(Ok(mut items)) => match methods::room_for_one(&mut items) {
                                    Ok(()) => {
                                        items.push(take(&mut stack[sp - 1]));
                                        Ok(true)
                                    }
                                    Err(e) => Err(e),
                                },
                                _ => Ok(false),
                            };
                        let pushed = match pushed {
                            Ok(p) => p,
                            Err(e) => {
                                put(&mut stack[sp - 2], recv);
                                fail!(e);
                            }
                        };
                        if pushed {
                            drop(recv);
                            sp -= 3;
                            let m = std::mem::replace(&mut stack[sp], Value::None);
                            drop(m);
                            sp += 1;
                            continue;
                        }
                        put(&mut stack[sp - 2], recv);
                    }
                    miss!(DeoptReason::WrongCallee);
                    call_generic!(Op::CallMethod);
                }
                Op::CallMethodBuiltin => {
                    skip!(Op::CallMethod);
                    let n = arg as usize;
                    let fpos = sp.wrapping_sub(n + 2);
                    let f = match stack.get(fpos) {
                        Some(Value::Obj(o)) if fpos < sp => unbound_builtin(o),
                        _ => None,
                    };
                    if let Some(f) = f {
                        // Without a receiver (a module's function), the
                        // arguments start after the NULL.
                        let first = fpos + 1 + usize::from(is_null(vm, &stack[fpos + 1]));
                        let r = f(vm, Args::positional(&stack[first..sp]));
                        truncate_to!(fpos);
                        push!(tri!(r));
                        continue;
                    }
                    miss!(DeoptReason::WrongCallee);
                    call_generic!(Op::CallMethod);
                }
                Op::CallMethodPyExactArgs => {
                    skip!(Op::CallMethod);
                    let n = arg as usize;
                    let fpos = sp.wrapping_sub(n + 2);
                    // With a receiver (a Python class's method), it is the
                    // first argument; without one (a plain function found
                    // by LOAD_METHOD), the arguments close its gap.
                    let callee = match stack.get(fpos) {
                        Some(Value::Obj(fo)) if fo.kind() == Kind::FUNCTION && fpos < sp => {
                            let no_self = is_null(vm, &stack[fpos + 1]);
                            match fo.downcast::<Function>() {
                                Some(f)
                                    if f.code.simple_params()
                                        && f.code.argcount as usize
                                            == n + usize::from(!no_self) =>
                                {
                                    Some((f.code.clone(), f.globals.clone(), no_self))
                                }
                                _ => None,
                            }
                        }
                        _ => None,
                    };
                    if let Some((fcode, fglobals, no_self)) = callee {
                        if no_self {
                            stack[fpos + 1..sp].rotate_left(1);
                            sp -= 1;
                            drop(take(&mut stack[sp]));
                        }
                        enter!(fpos + 1, fcode, fglobals);
                    }
                    miss!(DeoptReason::WrongCallee);
                    call_generic!(Op::CallMethod);
                }
                Op::ReturnValue | Op::ReturnGenerator => {
                    // The call that made the function hot ends: it is
                    // compiled now, with the feedback of the whole call,
                    // and its next call runs the machine code (`crate::jit`).
                    if ins.op == Op::ReturnValue
                        && code.jit_countdown.get() == 0
                        && let Some(f) = top_frame!()
                    {
                        let g = f.globals.clone();
                        crate::jit::on_hot(vm, &code, &g);
                    }
                    let v = if ins.op == Op::ReturnGenerator {
                        // The frame moves into a generator, which is the
                        // call's result.
                        let (fcode, fglobals) = match top_frame!() {
                            Some(f) => (f.code.clone(), f.globals.clone()),
                            None => fail!(bad_arg()),
                        };
                        match stack.get_mut(lb.wrapping_sub(1)..sp) {
                            Some(vals) => {
                                tri!(crate::generator::create(fcode, fglobals, pc, vals))
                            }
                            None => fail!(stack_underflow()),
                        }
                    } else {
                        pop!()
                    };
                    let base = lb.wrapping_sub(1);
                    // Release the function, the slots and any operands left.
                    match stack.get_mut(base..sp) {
                        Some(dead) => {
                            for slot in dead {
                                drop(take(slot));
                            }
                        }
                        None => fail!(stack_underflow()),
                    }
                    let (hb, on_return) = match top_frame!() {
                        Some(f) => (f.hb.get(), f.on_return.get()),
                        None => fail!(bad_arg()),
                    };
                    st.nframes -= 1;
                    if vm.handled.len() > hb {
                        vm.handled.truncate(hb);
                    }
                    vm.depth -= 1;
                    if st.nframes <= entry {
                        st.sp = base;
                        return Ok(v);
                    }
                    match st.frames.get(st.nframes.wrapping_sub(1)) {
                        Some(f) => {
                            code = f.code.clone();
                            pc = f.pc.get();
                            lb = f.lb.get();
                        }
                        None => fail!(bad_arg()),
                    }
                    if on_return >= crate::frame::RETURN_BINOP {
                        // BINARY_OP_PY: the operands are below the function
                        // slot; `NotImplemented` goes on with the protocol
                        // (its error is the caller's, at the operator).
                        let op_arg = u32::from(on_return - crate::frame::RETURN_BINOP);
                        let (a, b) = match stack.get_mut(base.wrapping_sub(2)..base) {
                            Some([a, b]) => (take(a), take(b)),
                            _ => fail!(stack_underflow()),
                        };
                        sp = base - 2;
                        let r = binop_returned(vm, op_arg, &a, &b, v);
                        drop((a, b));
                        match r {
                            Ok(r) => {
                                put(&mut stack[sp], r);
                                sp += 1;
                                continue;
                            }
                            Err(e) => {
                                this_pc = pc.wrapping_sub(1 + Op::BinaryOp.cache_units());
                                fail!(e);
                            }
                        }
                    }
                    if crate::frame::runs_generator(on_return) {
                        // The generator returned: the caller's loop or
                        // `yield from` ends.
                        pc = with_st!(crate::generator::return_inline(st, on_return, v));
                        continue;
                    }
                    if on_return == crate::frame::RETURN_INIT {
                        // CALL_PY_INIT: the instance below the function
                        // slot is the result; anything but None returned
                        // is the caller's error, at its call.
                        sp = base;
                        if !matches!(v, Value::None) {
                            let e = PyErr::type_error(format!(
                                "__init__() should return None, not '{}'",
                                v.type_name()
                            ));
                            drop(v);
                            this_pc = pc.wrapping_sub(1 + Op::Call.cache_units());
                            fail!(e);
                        }
                        continue;
                    }
                    // The caller's stack now ends where the callee's function
                    // slot was: the result goes there.
                    put(&mut stack[base], v);
                    sp = base + 1;
                    continue;
                }
                Op::YieldValue => {
                    if let Some(f) = top_frame!()
                        && crate::frame::runs_generator(f.on_return.get())
                    {
                        let sum = f.on_return.get() == crate::frame::RETURN_GEN_SUM;
                        st.sp = sp;
                        if !crate::generator::yield_inline(vm, st, pc) {
                            fail!(crate::generator::inline_lost());
                        }
                        if sum && let Err(e) = crate::generator::sum_yielded(vm, st) {
                            // `sum()`'s error, raised at its call.
                            sp = st.sp;
                            match top_frame!() {
                                Some(caller) => {
                                    code = caller.code.clone();
                                    this_pc = call_site(&code, caller.pc.get().saturating_sub(1));
                                }
                                None => fail!(e),
                            }
                            fail!(e);
                        }
                        continue 'frames;
                    }
                    let v = pop!();
                    // Otherwise a generator's frame runs as the entry frame
                    // of its own run (see `crate::generator`).
                    if st.nframes != entry + 1 {
                        fail!(PyErr::new(
                            &types::SYSTEM_ERROR,
                            "yield outside a generator's run"
                        ));
                    }
                    if let Some(f) = top_frame!() {
                        f.pc.set(pc);
                    }
                    st.sp = sp;
                    st.yielded = true;
                    return Ok(v);
                }
                Op::GetYieldFromIter => {
                    let v = top!().clone();
                    if v.kind() != Kind::GENERATOR {
                        let it = tri!(ops::get_iter(vm, &v));
                        set_top!(it);
                    }
                }
                Op::Send => {
                    st.sp = sp;
                    if crate::generator::push_inline(vm, st, pc, crate::frame::RETURN_GEN_SEND) {
                        continue 'frames;
                    }
                    stack = &mut st.stack[..];
                    let v = pop!();
                    let recv = top!().clone();
                    match with_st!(crate::generator::send_into(vm, &recv, v)) {
                        crate::generator::Sent::Yield(x) => push!(x),
                        crate::generator::Sent::Return(x) => {
                            set_top!(x);
                            pc = arg as usize;
                        }
                    }
                }
                Op::BeforeWith => {
                    let mgr = top!().clone();
                    let (exit, enter) = tri!(with_methods(&mgr));
                    set_top!(exit);
                    let r = with_st!(vm.call(&enter, &[]));
                    push!(r);
                }
                Op::WithExceptStart => {
                    let exc = top!().clone();
                    let exit = match stack.get(sp.wrapping_sub(2)) {
                        Some(v) if sp >= 2 => v.clone(),
                        _ => fail!(stack_underflow()),
                    };
                    let ty = match &exc {
                        Value::Obj(o) => Value::Obj(o.type_ref()),
                        _ => Value::None,
                    };
                    let r = with_st!(vm.call(&exit, &[ty, exc, Value::None]));
                    push!(r);
                }
                Op::RaiseVarargs => {
                    let (e, re) = leave!(raise(vm, st, arg));
                    reraise = re;
                    break 'inner e;
                }
                Op::Reraise => {
                    let v = pop!();
                    match v {
                        Value::Obj(o) if o.kind() == Kind::EXC => {
                            reraise = true;
                            fail!(PyErr(o));
                        }
                        _ => fail!(bad_arg()),
                    }
                }
                Op::PushExcInfo => match top!() {
                    Value::Obj(o) => {
                        let o = o.clone();
                        vm.handled.push(o);
                    }
                    _ => fail!(bad_arg()),
                },
                Op::PopExcept => {
                    vm.handled.pop();
                }
                Op::CheckExcMatch => {
                    let ty = pop!();
                    let exc = top!().clone();
                    let m = tri!(exc_matches(&exc, &ty));
                    push!(Value::Bool(m));
                }
                Op::LoadAssertionError => {
                    push!(Value::from_type(&types::ASSERTION_ERROR));
                }
                Op::ImportName => {
                    let fromlist = pop!();
                    let level = pop!();
                    let globals = match top_frame!() {
                        Some(f) => Value::Obj(f.globals.clone()),
                        None => fail!(bad_arg()),
                    };
                    let level = match level {
                        Value::Int(n) => n,
                        _ => fail!(bad_arg()),
                    };
                    let name = match code.names.get(arg as usize) {
                        Some(n) => Value::Obj(n.clone()),
                        None => fail!(bad_arg()),
                    };
                    let m = tri!(crate::warnings::at_boundary(vm.import_level(
                        &name,
                        Some(&globals),
                        &fromlist,
                        level
                    )));
                    push!(m);
                }
                Op::ImportFrom => {
                    let m = top!().clone();
                    push!(tri!(crate::imports::import_from(
                        vm,
                        &m,
                        code.name_str(arg)
                    )));
                }
                Op::ImportStar => {
                    let m = pop!();
                    let ns = if arg == 0 {
                        top_frame!().map(|f| f.globals.clone())
                    } else {
                        stack.get(lb).and_then(|v| v.as_obj()).cloned()
                    };
                    let Some(ns) = ns else {
                        fail!(bad_arg());
                    };
                    let Some(d) = ns.downcast::<DictObj>() else {
                        fail!(bad_arg());
                    };
                    tri!(crate::imports::import_star(vm, &m, d));
                }
                Op::GetLen => {
                    let v = top!().clone();
                    let n = tri!(ops::len(vm, &v));
                    push!(Value::Int(n as i64));
                }
                Op::MatchMapping => {
                    let m = crate::matching::is_mapping(top!());
                    push!(Value::Bool(m));
                }
                Op::MatchSequence => {
                    let m = crate::matching::is_sequence(top!());
                    push!(Value::Bool(m));
                }
                Op::MatchKeys => {
                    let keys = top!().clone();
                    let subject = match stack.get(sp.wrapping_sub(2)) {
                        Some(v) if sp >= 2 => v.clone(),
                        _ => fail!(stack_underflow()),
                    };
                    let r = with_st!(crate::matching::match_keys(vm, &subject, &keys));
                    push!(r);
                }
                Op::MatchClass => {
                    let names = pop!();
                    let cls = pop!();
                    let subject = top!().clone();
                    let r = with_st!(crate::matching::match_class(
                        vm,
                        &subject,
                        &cls,
                        arg as usize,
                        &names
                    ));
                    set_top!(r);
                }
            }
        };
        unwind(vm, st, entry, code.clone(), err, this_pc, reraise)?;
    }
}

// ----- generic paths -------------------------------------------------------------
//
// These run the instructions that have no fast form, or whose quickened
// form missed. They work on `st` with `st.sp` current and leave it current.

/// Whether `o` is the static object `t` (a built-in type).
#[inline(always)]
pub fn is_static_type(o: &ObjRef, t: &'static crate::object::StaticType) -> bool {
    std::ptr::eq(
        o.as_ptr().cast::<u8>(),
        (t.get() as *const crate::object::TypeObject).cast::<u8>(),
    )
}

/// LOAD_GLOBAL: the globals, then the builtins.
#[inline(never)]
fn load_global_generic(vm: &Vm, globals: &ObjRef, code: &Code, arg: u32) -> PyResult<Value> {
    let Some(name) = code.names.get(arg as usize) else {
        return Err(bad_arg());
    };
    vm.load_global(globals, name)
        .ok_or_else(|| name_error(code.name_str(arg)))
}

/// The class data of `obj`'s class if `obj` is an instance of a Python
/// class whose version tag is still the one a cache at `pc` recorded (or
/// one of the cache's [`layout::MORE_VERSIONS`]).
#[inline(always)]
fn cached_class<'o>(
    obj: &'o Value,
    units: &[Cell<Instr>],
    pc: usize,
) -> Result<(&'o ObjRef, &'o ClassData, &'o Instance), DeoptReason> {
    let miss = DeoptReason::TypeVersion;
    let o = obj.as_obj().ok_or(miss)?;
    if !quicken::class_version_cached(units, pc, quicken::type_version(o)) {
        return Err(miss);
    }
    let cd = o.ty().heap_data::<ClassData>().ok_or(miss)?;
    let inst = o.downcast::<Instance>().ok_or(miss)?;
    Ok((o, cd, inst))
}

/// LOAD_ATTR_SLOT/STORE_ATTR_SLOT's guard: `obj` is an instance of the
/// class at the cached version tag; gives the instance and the slot index.
#[inline(always)]
fn slot_cached<'o>(
    obj: &'o Value,
    units: &[Cell<Instr>],
    pc: usize,
) -> Result<(&'o Instance, usize), DeoptReason> {
    let (_, _, inst) = cached_class(obj, units, pc)?;
    let index = units
        .get(pc + 1 + layout::SLOT_INDEX)
        .map(|u| u.get().arg as usize)
        .ok_or(DeoptReason::TypeVersion)?;
    Ok((inst, index))
}

/// BINARY_OP_PY's guards: `a` is an instance of a Python class whose
/// method for the operator (not in place) is a plain Python function of
/// two arguments, called first (`b` is not of a subclass overriding the
/// reflected method), and `b` is of `a`'s class or not of a Python class
/// (so that after `NotImplemented` only [`crate::dunder::binary_op_after_left`]
/// The result of `a <op> b` (`arg`: the operator) once `a`'s method,
/// called by BINARY_OP_PY, returned `v`: `NotImplemented` goes on with
/// the protocol (the reflected method, then the built-in operator).
pub fn binop_returned(vm: &mut Vm, arg: u32, a: &Value, b: &Value, v: Value) -> PyResult<Value> {
    if v.kind() != Kind::NOT_IMPLEMENTED {
        return Ok(v);
    }
    drop(v);
    let op = BinOp::from_arg(arg);
    crate::dunder::binary_op_after_left(vm, op, a, b).and_then(|r| match r {
        Some(r) => Ok(r),
        None => ops::builtin_binary_op(vm, op, a, b),
    })
}

/// and the built-in rules remain, as `ops::binary_op` would run them).
#[inline(always)]
pub fn binop_method(a: &Value, b: &Value, arg: u32) -> Option<ObjRef> {
    if a.kind() != Kind::INSTANCE || !quicken::binop_operands_fit(a, b) {
        return None;
    }
    // `b` is of `a`'s class or of no Python class (checked above).
    let m = crate::dunder::binary_op_left(BinOp::from_arg(arg), a)?;
    let mo = m.as_obj()?;
    let f = mo.downcast::<Function>()?;
    if !f.code.simple_params() || f.code.is_generator || f.code.argcount != 2 {
        return None;
    }
    Some(mo.clone())
}

/// CALL_PY_INIT's guards: `cls` is the Python class of the version the
/// cache at `pc` holds, and its `__init__` still takes the instance and
/// `n` arguments. Gives `__init__`.
#[inline(always)]
pub(super) fn init_cached(
    cls: &ObjRef,
    units: &[Cell<Instr>],
    pc: usize,
    n: usize,
) -> Option<ObjRef> {
    let t = cls.as_type()?;
    let want = units.get(pc + 1 + layout::CALL_CALLEE)?.get().arg;
    if want == 0 || t.tp_version_tag.get() != want {
        return None;
    }
    let init = crate::object::class::lookup_static(t, "__init__")?;
    let io = init.as_obj()?;
    let f = io.downcast::<Function>()?;
    if !f.code.simple_params() || f.code.is_generator || f.code.argcount as usize != n + 1 {
        return None;
    }
    Some(io.clone())
}

/// The instance-value forms' common guard and cache reads: the class's
/// version, then the class, the instance, the cached entry index and the
/// attribute's name.
#[inline(always)]
fn instance_entry<'a>(
    obj: &'a Value,
    code: &'a Code,
    arg: u32,
    pc: usize,
) -> Result<(&'a ClassData, &'a Instance, usize, &'a ObjRef), DeoptReason> {
    let (_, cd, inst) = cached_class(obj, &code.units, pc)?;
    let index = code
        .units
        .get(pc + 1 + layout::INSTANCE_INDEX)
        .map(|u| u.get().arg as usize)
        .ok_or(DeoptReason::InstanceDict)?;
    let name = code
        .names
        .get(arg as usize)
        .ok_or(DeoptReason::InstanceDict)?;
    Ok((cd, inst, index, name))
}

/// LOAD_ATTR_INSTANCE_VALUE on an instance without a dict yet: the value
/// at `index` if its name is `name`.
#[inline(always)]
fn values_load(inst: &Instance, index: usize, name: &ObjRef) -> Option<Value> {
    let mut vals = inst.values.try_borrow_mut().ok()?;
    let (k, _, v) = vals.get_mut(index)?;
    if k.ptr_eq(name) {
        return Some(dup(v));
    }
    if !str_same(k, name) {
        return None;
    }
    // Equal text, another object (a value set through the generic path):
    // the key becomes the code's name, which the hot loop's copy of this
    // form compares by identity.
    *k = name.clone();
    Some(dup(v))
}

/// LOAD_ATTR_INSTANCE_VALUE's guards and load: the class's version, then
/// the instance dict's entry at the cached index, which must still be the
/// name.
#[inline(always)]
fn instance_value_cached(
    obj: &Value,
    code: &Code,
    arg: u32,
    pc: usize,
) -> Result<Value, DeoptReason> {
    let (_, inst, index, name) = instance_entry(obj, code, arg, pc)?;
    instance_value_at(inst, index, name)
}

/// LOAD_ATTR_INSTANCE_VALUE's load, once the class's version is checked:
/// the attribute at entry `index` of the instance's values or dict, if
/// its key is `name`.
#[inline(always)]
fn instance_value_at(inst: &Instance, index: usize, name: &ObjRef) -> Result<Value, DeoptReason> {
    let Some(d) = inst.dict_obj() else {
        return values_load(inst, index, name).ok_or(DeoptReason::InstanceDict);
    };
    let map = d.try_entries().map_err(|_| DeoptReason::Busy)?;
    match map.get_index(index) {
        Some((k, v)) if k.value.as_obj().is_some_and(|k| k.ptr_eq(name)) => Ok(dup(v)),
        Some((k, v)) if k.value.as_obj().is_some_and(|k| str_same(k, name)) => {
            // Equal text, another object: the key becomes the code's name,
            // which the hot loop's copy of this form compares by identity.
            let v = dup(v);
            drop(map);
            d.adopt_key(index, name);
            Ok(v)
        }
        _ => Err(DeoptReason::InstanceDict),
    }
}

/// STORE_ATTR_INSTANCE_VALUE's guards and store: the class's version, then
/// the instance dict's entry at the cached index, which must still be the
/// name (its value is replaced), or the dict's length (the attribute is
/// added). The value comes back on a miss.
#[inline(always)]
fn instance_store_cached(
    obj: &Value,
    v: Value,
    code: &Code,
    arg: u32,
    pc: usize,
) -> Result<(), (DeoptReason, Value)> {
    match instance_entry(obj, code, arg, pc) {
        Ok((cd, inst, index, name)) => instance_store_at(cd, inst, index, name, v),
        Err(r) => Err((r, v)),
    }
}

/// STORE_ATTR_INSTANCE_VALUE's store, once the class's version is
/// checked: replaces the attribute at entry `index` (its key must be
/// `name`), or adds it when `index` is the number of entries.
#[inline(always)]
fn instance_store_at(
    cd: &ClassData,
    inst: &Instance,
    index: usize,
    name: &ObjRef,
    v: Value,
) -> Result<(), (DeoptReason, Value)> {
    match inst.dict_obj() {
        None => inst
            .store_value(cd, index, name, v)
            .map_err(|v| (DeoptReason::InstanceDict, v)),
        Some(d) => match d.set_at(index, name, v) {
            Ok(()) => Ok(()),
            // A new attribute where the cache expects the dict to grow
            // (`__init__` filling a fresh instance): the code's own name
            // object is the key, so no str is made or hashed.
            Err(v) if d.len() == index && d.is_idle() => {
                d.insert(DictKey::from_str_obj(name), v);
                Ok(())
            }
            Err(v) => Err((DeoptReason::InstanceDict, v)),
        },
    }
}

/// LOAD_METHOD_INSTANCE's guards and load: the class's version (so the
/// method is still where the cache says), and no instance attribute of
/// that name.
#[inline(always)]
fn instance_method_cached(
    obj: &Value,
    code: &Code,
    arg: u32,
    pc: usize,
) -> Result<Value, DeoptReason> {
    let miss = DeoptReason::TypeVersion;
    let o = obj.as_obj().ok_or(miss)?;
    let (pos, index) =
        quicken::cached_method_entry(&code.units, pc, quicken::type_version(o)).ok_or(miss)?;
    let cd = o.ty().heap_data::<ClassData>().ok_or(miss)?;
    let inst = o.downcast::<Instance>().ok_or(miss)?;
    let name = code
        .names
        .get(arg as usize)
        .ok_or(DeoptReason::InstanceDict)?;
    if method_shadowed(inst, name) {
        return Err(DeoptReason::InstanceDict);
    }
    let holder = if pos == 0 {
        Some(cd)
    } else {
        cd.mro_tail
            .get(pos - 1)
            .and_then(crate::object::class::class_data)
    };
    holder
        .and_then(|c| c.dict())
        .and_then(|d| dict_value_at(d, index))
        .ok_or(DeoptReason::TypeVersion)
}

/// Whether instance `inst`, of a class at a version tag whose cache found
/// a method `name`, has an attribute of that name: its values are shared
/// keys, none of them the name at that version tag (see
/// `quicken::instance_method_entry`), so only a dict can.
#[inline(always)]
fn method_shadowed(inst: &Instance, name: &ObjRef) -> bool {
    inst.dict_obj().is_some_and(|d| d.has_str_key(name))
}

/// LOAD_NAME: `names[arg]` from the class namespace `ns` (local 0 of a
/// class body), then the globals, then the builtins.
#[inline(never)]
fn load_name(
    vm: &Vm,
    ns: Option<&Value>,
    globals: &ObjRef,
    code: &Code,
    arg: u32,
) -> PyResult<Value> {
    let Some(name) = code.names.get(arg as usize) else {
        return Err(bad_arg());
    };
    if let Some(v) = ns
        .and_then(|ns| ns.downcast::<DictObj>())
        .and_then(|d| d.get(&DictKey::from_str_obj(name)))
    {
        return Ok(v);
    }
    load_global_generic(vm, globals, code, arg)
}

/// `m.name` from a LOAD_ATTR_MODULE/LOAD_METHOD_MODULE cache, if `obj` is
/// a module whose dict still has the cached keys.
#[inline(always)]
fn module_attr_cached(obj: &Value, units: &[Cell<Instr>], pc: usize) -> Option<Value> {
    let m = obj.as_obj().filter(|o| o.kind() == Kind::MODULE)?;
    let d = m.downcast::<ModuleObj>()?.dict.downcast::<DictObj>()?;
    let cache = units.get(pc + 1..)?;
    let ver = quicken::cache_u64(cache, layout::ATTR_VERSION)?;
    if d.keys_version() != ver {
        return None;
    }
    dict_value_at(d, cache.get(layout::ATTR_INDEX)?.get().arg as usize)
}

/// LOAD_METHOD: pushes (method, receiver) for a method of a built-in type,
/// else (attribute, NULL marker).
#[inline(never)]
fn load_method_generic(vm: &mut Vm, st: &mut ExecState, code: &Code, arg: u32) -> PyResult<()> {
    let obj = st.pop().ok_or_else(stack_underflow)?;
    let kind = obj.kind();
    let name = code.name_str(arg);
    if kind == Kind::INSTANCE
        && let Some(f) = crate::classes::instance_method(&obj, name)
    {
        st.push(f)?;
        st.push(obj)?;
        return Ok(());
    }
    if kind == Kind::SUPER
        && let Some((f, recv)) = crate::classes::super_method(&obj, name)
    {
        st.push(f)?;
        st.push(recv)?;
        return Ok(());
    }
    // An instance of a class deriving from a built-in type: its class's
    // functions and its built-in base's methods, unless shadowed.
    if let Value::Obj(o) = &obj
        && crate::subclass::is_instance(o)
    {
        match crate::subclass::load_method(vm, o, name) {
            Some((f, recv)) => {
                st.push(f)?;
                st.push(recv)?;
            }
            None => {
                let v = vm.getattr(&obj, name)?;
                st.push(v)?;
                st.push(Value::Obj(vm.null_marker.clone()))?;
            }
        }
        return Ok(());
    }
    match methods::find(kind, name) {
        Some((idx, _)) => {
            let m = vm.method_obj(kind, idx)?;
            st.push(m)?;
            st.push(obj)?;
        }
        None => {
            let v = vm.getattr(&obj, name)?;
            st.push(v)?;
            st.push(Value::Obj(vm.null_marker.clone()))?;
        }
    }
    Ok(())
}

/// BINARY_OP on anything.
#[inline(never)]
fn binary_op_generic(vm: &mut Vm, st: &mut ExecState, arg: u32) -> PyResult<()> {
    let b = st.pop().ok_or_else(stack_underflow)?;
    let a = st.pop().ok_or_else(stack_underflow)?;
    let op = BinOp::from_arg(arg);
    let r = if arg >= 13 {
        ops::inplace_op(vm, op, &a, &b)?
    } else {
        ops::binary_op(vm, op, &a, &b)?
    };
    st.push(r)?;
    Ok(())
}

/// `a + b` for two strs.
#[inline(never)]
fn str_concat(a: &Value, b: &Value) -> Option<Value> {
    let (Value::Obj(x), Value::Obj(y)) = (a, b) else {
        return None;
    };
    if !x.is_type(&types::STR) || !y.is_type(&types::STR) {
        return None;
    }
    let (x, y) = (x.downcast::<StrObj>()?, y.downcast::<StrObj>()?);
    // Without the memory, the generic path raises MemoryError.
    let mut s = ops::text_buffer(x.as_str().len() + y.as_str().len()).ok()?;
    s.push_str(x.as_str());
    s.push_str(y.as_str());
    Some(Value::string(s))
}

/// The in-place half of BINARY_OP_INPLACE_ADD_STR, shared with compiled
/// code: `copy` is an operand-stack copy of `local` (the local the
/// STORE_FAST after the instruction stores into) and `tail` the second
/// operand. When both hold the same `str`, `tail` is a `str`, and the two
/// are its only references, the copy is released and `tail` appended to
/// the local's `str` in place (CPython's form releases one of the two
/// references the same way); true then, with `copy` left None. False, with
/// nothing changed, otherwise or when the memory is not there.
pub fn str_append_in_local(local: &mut Value, copy: &mut Value, tail: &Value) -> bool {
    let (Value::Obj(l), Value::Obj(c), Value::Obj(t)) = (&*local, &*copy, tail) else {
        return false;
    };
    // Exact strs only: a class deriving from `str` may define `__add__`
    // or `__radd__` (and the result of `+=` is a plain `str`).
    if !l.ptr_eq(c) || !l.is_type(&types::STR) || !t.is_type(&types::STR) || l.refcnt() != 2 {
        return false;
    }
    let Some(t) = t.downcast::<StrObj>() else {
        return false;
    };
    let len = l.downcast::<StrObj>().map_or(0, |s| s.as_str().len());
    if t.as_str().len() > ops::memory_ceiling().saturating_sub(len) {
        return false;
    }
    drop(std::mem::replace(copy, Value::None));
    let appended = match local {
        Value::Obj(l) => l
            .unique_payload_mut::<StrObj>()
            .is_some_and(|s| s.append_in_place(t.as_str(), t.char_len())),
        _ => false,
    };
    if !appended {
        *copy = local.clone();
    }
    appended
}

/// BINARY_OP_INPLACE_ADD_STR: `s + t` for the two strs on top of the
/// stack stored into the local at `local` (the STORE_FAST after it), in
/// place when it can be ([`str_append_in_local`]). True when done: both
/// operands are gone (their slots own nothing) and the local holds the
/// result. False, with nothing changed, when the operands are not two
/// strs or the memory is not there.
#[inline(never)]
pub(super) fn str_append_to_local(stack: &mut [Value], sp: usize, local: usize) -> bool {
    let Some(base) = sp.checked_sub(2) else {
        return false;
    };
    if local >= base {
        return false;
    }
    let (below, operands) = stack.split_at_mut(base);
    let (Some(slot), [a, b, ..]) = (below.get_mut(local), operands) else {
        return false;
    };
    if !str_append_in_local(slot, a, b) {
        let Some(r) = str_concat(a, b) else {
            return false;
        };
        drop(std::mem::replace(slot, r));
        drop(std::mem::replace(a, Value::None));
    }
    drop(std::mem::replace(b, Value::None));
    true
}

/// COMPARE_OP on anything (pushes the result).
#[inline(never)]
fn compare_generic(vm: &mut Vm, st: &mut ExecState, arg: u32) -> PyResult<()> {
    let b = st.pop().ok_or_else(stack_underflow)?;
    let a = st.pop().ok_or_else(stack_underflow)?;
    let r = ops::compare(vm, CmpOp::from_arg(arg), &a, &b)?;
    st.push(r)?;
    Ok(())
}

/// Pops the top `n` values, bottom first.
fn take_n(st: &mut ExecState, n: usize) -> PyResult<Vec<Value>> {
    let from = st.sp.checked_sub(n).ok_or_else(stack_underflow)?;
    let items = st.stack[from..st.sp].iter_mut().map(take).collect();
    st.sp = from;
    Ok(items)
}

/// BUILD_SET: the items added in the order they were pushed; the first
/// that cannot be added is the error (the others are dropped).
#[inline(never)]
fn build_set(vm: &mut Vm, st: &mut ExecState, arg: u32) -> PyResult<()> {
    let items = take_n(st, arg as usize)?;
    let s = crate::object::SetObj::new();
    for v in items {
        crate::sets::add_key(vm, &s, v)?;
    }
    st.push(Value::Obj(s.into_obj(false)))?;
    Ok(())
}

#[inline(never)]
/// BUILD_MAP's dict of `items` (keys and values alternating), for
/// compiled code.
pub fn build_display_dict(vm: &mut Vm, items: Vec<Value>) -> PyResult<Value> {
    Ok(Value::Obj(DictObj::into_obj(display_dict(vm, items)?)))
}

fn build_map(vm: &mut Vm, st: &mut ExecState, arg: u32) -> PyResult<()> {
    let items = take_n(st, arg as usize * 2)?;
    let d = DictObj::into_obj(display_dict(vm, items)?);
    st.push(Value::Obj(d))?;
    Ok(())
}

/// The dict of a display `{k: v, ...}` (`items` alternate keys and
/// values), its entry table laid out as CPython 3.11's compiled display
/// makes it (`compiler_dict`): up to 15 items go into one dict sized for
/// them (`BUILD_MAP n`); longer displays are built in chunks of 17 (the
/// last one shorter), each added to an empty dict one by one (or sized,
/// when fewer than 16), and every chunk after the first merged into the
/// first (`DICT_UPDATE`). Only the layout differs (see `DictObj`), which
/// decides what an iterator sees when the dict changes under it.
fn display_dict(vm: &mut Vm, items: Vec<Value>) -> PyResult<DictObj> {
    const CHUNK: usize = 17;
    let chunk_dict = |vm: &mut Vm, pairs: &[Value]| -> PyResult<DictObj> {
        let n = pairs.len() / 2;
        let d = if n >= 16 {
            DictObj::new()
        } else {
            let all_str = pairs
                .iter()
                .step_by(2)
                .all(|k| k.is_type_exact(&types::STR));
            DictObj::presized(n, all_str)
        };
        for kv in pairs.chunks_exact(2) {
            let k = DictKey::with_vm(vm, kv[0].clone())?;
            d.insert_vm(vm, k, kv[1].clone())?;
        }
        Ok(d)
    };
    let mut chunks = items.chunks(CHUNK * 2);
    let first = chunk_dict(vm, chunks.next().unwrap_or(&[]))?;
    for c in chunks {
        let next = chunk_dict(vm, c)?;
        first.update_vm(vm, &next)?;
    }
    Ok(first)
}

#[inline(never)]
fn build_string(st: &mut ExecState, arg: u32) -> PyResult<()> {
    let parts = take_n(st, arg as usize)?;
    let len = parts.iter().map(|p| p.as_str().map_or(0, str::len)).sum();
    let mut s = String::with_capacity(len);
    for p in &parts {
        s.push_str(p.as_str().unwrap_or(""));
    }
    st.push(Value::string(s))?;
    Ok(())
}

#[inline(never)]
fn list_extend(vm: &mut Vm, st: &mut ExecState) -> PyResult<()> {
    let it = st.pop().ok_or_else(stack_underflow)?;
    let items = match ops::collect(vm, &it) {
        Ok(v) => v,
        Err(e) if e.matches(types::TYPE_ERROR.get()) && it.kind() != Kind::ITER => {
            return Err(PyErr::type_error(format!(
                "Value after * must be an iterable, not {}",
                it.type_name()
            )));
        }
        Err(e) => return Err(e),
    };
    match st.values().last().and_then(|l| l.downcast::<ListObj>()) {
        Some(l) => l.items.borrow_mut().extend(items),
        None => return Err(bad_arg()),
    }
    Ok(())
}

/// UNPACK_SEQUENCE on anything.
#[inline(never)]
fn unpack_generic(vm: &mut Vm, st: &mut ExecState, arg: u32) -> PyResult<()> {
    let v = st.pop().ok_or_else(stack_underflow)?;
    let n = arg as usize;
    let items = unpack_items(vm, &v, n)?;
    st.reserve(n)?;
    for x in items.into_iter().rev() {
        st.push(x)?;
    }
    Ok(())
}

/// UNPACK_SEQUENCE's items of `v`, exactly `n` of them (CPython's errors
/// otherwise), in order.
pub fn unpack_items(vm: &mut Vm, v: &Value, n: usize) -> PyResult<Vec<Value>> {
    let items = match v.kind() {
        Kind::LIST | Kind::TUPLE if ops::iterates_plainly(v) => ops::seq_items(v),
        _ => {
            let it = match ops::get_iter(vm, v) {
                Ok(it) => it,
                Err(_) => {
                    return Err(PyErr::type_error(format!(
                        "cannot unpack non-iterable {} object",
                        v.type_name()
                    )));
                }
            };
            let mut items = Vec::new();
            while let Some(x) = ops::iter_next(vm, &it)? {
                items.push(x);
                if items.len() > n {
                    break;
                }
            }
            items
        }
    };
    if items.len() > n {
        return Err(PyErr::value_error(format!(
            "too many values to unpack (expected {n})"
        )));
    }
    if items.len() < n {
        return Err(PyErr::value_error(format!(
            "not enough values to unpack (expected {n}, got {})",
            items.len()
        )));
    }
    Ok(items)
}

/// UNPACK_EX: `a, *b, c = v` with `arg & 0xff` targets before the
/// starred one and `arg >> 8` after; the starred one gets a list.
#[inline(never)]
fn unpack_ex(vm: &mut Vm, st: &mut ExecState, arg: u32) -> PyResult<()> {
    let v = st.pop().ok_or_else(stack_underflow)?;
    let pushed = unpack_ex_items(vm, &v, arg)?;
    st.reserve(pushed.len())?;
    for x in pushed {
        st.push(x)?;
    }
    Ok(())
}

/// UNPACK_EX `arg` of `v`: what it pushes, in order (the items after the
/// star last first, the starred list, then the items before it, last
/// first).
pub fn unpack_ex_items(vm: &mut Vm, v: &Value, arg: u32) -> PyResult<Vec<Value>> {
    let (before, after) = ((arg & 0xff) as usize, (arg >> 8) as usize);
    let items = match v.kind() {
        Kind::LIST | Kind::TUPLE if ops::iterates_plainly(v) => ops::seq_items(v),
        _ => {
            if ops::get_iter(vm, v).is_err() {
                return Err(PyErr::type_error(format!(
                    "cannot unpack non-iterable {} object",
                    v.type_name()
                )));
            }
            ops::collect(vm, v)?
        }
    };
    if items.len() < before + after {
        return Err(PyErr::value_error(format!(
            "not enough values to unpack (expected at least {}, got {})",
            before + after,
            items.len()
        )));
    }
    let mut items = items;
    let tail = items.split_off(items.len() - after);
    let middle = items.split_off(before);
    let mut pushed = Vec::with_capacity(before + after + 1);
    pushed.extend(tail.into_iter().rev());
    pushed.push(Value::list(middle));
    pushed.extend(items.into_iter().rev());
    Ok(pushed)
}

/// FOR_ITER on any iterator: pushes the next item, or pops the iterator
/// and returns `true` when it is exhausted.
#[inline(never)]
fn for_iter_generic(vm: &mut Vm, st: &mut ExecState) -> PyResult<bool> {
    let it = st.values().last().cloned().ok_or_else(stack_underflow)?;
    match ops::iter_next(vm, &it)? {
        Some(v) => {
            st.push(v)?;
            Ok(false)
        }
        None => {
            drop(st.pop());
            Ok(true)
        }
    }
}

#[inline(never)]
/// MAKE_FUNCTION 0 (no defaults, closure or annotations) of the code
/// object `c` in the module `globals`, for compiled code.
pub fn make_plain_function(vm: &mut Vm, c: &Value, globals: &ObjRef) -> PyResult<Value> {
    let Some(fcode) = c.downcast::<CodeObj>().map(|c| c.code.clone()) else {
        return Err(bad_arg());
    };
    quicken::quicken_code(&fcode, vm.config.quicken_warmup, vm.jit.threshold());
    let f = Function::new_obj(fcode, globals.clone(), Vec::new(), None, Vec::new());
    Ok(Value::Obj(f))
}

fn make_function(vm: &mut Vm, st: &mut ExecState, arg: u32) -> PyResult<()> {
    let c = st.pop().ok_or_else(stack_underflow)?;
    let closure = if arg & 2 != 0 { st.pop() } else { None };
    let annotations = if arg & 8 != 0 { st.pop() } else { None };
    let kwdefaults = if arg & 4 != 0 { st.pop() } else { None };
    let defaults = if arg & 1 != 0 { st.pop() } else { None };
    let Some(fcode) = c.downcast::<CodeObj>().map(|c| c.code.clone()) else {
        return Err(bad_arg());
    };
    quicken::quicken_code(&fcode, vm.config.quicken_warmup, vm.jit.threshold());
    let cells: Vec<ObjRef> = closure
        .map(|t| ops::seq_items(&t))
        .unwrap_or_default()
        .into_iter()
        .filter_map(|v| v.as_obj().cloned())
        .collect();
    let defaults = defaults.map(|t| ops::seq_items(&t)).unwrap_or_default();
    let globals = match st.top() {
        Some(f) => f.globals.clone(),
        None => return Err(bad_arg()),
    };
    let kwdefaults = kwdefaults.and_then(|d| d.as_obj().cloned());
    let f = Function::new_obj(fcode, globals, defaults, kwdefaults, cells);
    // The annotations come as a tuple of names and values, made a dict
    // here (CPython makes it when `__annotations__` is first read).
    if let Some(t) = annotations
        && let Some(func) = f.downcast::<Function>()
    {
        let d = DictObj::new_obj();
        if let Some(dd) = d.downcast::<DictObj>() {
            for pair in ops::seq_items(&t).chunks(2) {
                if let [k, v] = pair
                    && let Some(k) = k.as_str()
                {
                    dd.set_str(k, v.clone());
                }
            }
        }
        if let Ok(mut attrs) = func.attrs.try_borrow_mut() {
            attrs.get_or_insert_with(Default::default).annotations = Some(Value::Obj(d));
        }
    }
    st.push(Value::Obj(f))?;
    Ok(())
}

/// DICT_MERGE (`merge`): `**m` of a call merged into the keyword dict
/// `arg` items below it, with CPython's errors naming the callee (two
/// items below the dict): a non-mapping, or a keyword given twice.
/// DICT_UPDATE: `**m` of a dict display, later keys winning.
#[inline(never)]
fn dict_merge(vm: &mut Vm, st: &mut ExecState, arg: u32, merge: bool) -> PyResult<()> {
    let m = st.pop().ok_or_else(stack_underflow)?;
    let sp = st.sp;
    let d = st
        .stack
        .get(sp.wrapping_sub(arg as usize))
        .cloned()
        .ok_or_else(stack_underflow)?;
    let d = d.downcast::<DictObj>().ok_or_else(bad_arg)?;
    let func = || {
        st.stack
            .get(sp.wrapping_sub(arg as usize + 2))
            .map(function_str)
            .unwrap_or_default()
    };
    let items: Vec<(Value, Value)> = match m.downcast::<DictObj>() {
        Some(md) => md.items(),
        None => {
            let keys = match vm.getattr(&m, "keys") {
                Ok(k) => k,
                Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => {
                    return Err(PyErr::type_error(if merge {
                        format!(
                            "{} argument after ** must be a mapping, not {}",
                            func(),
                            m.type_name()
                        )
                    } else {
                        format!("'{}' object is not a mapping", m.type_name())
                    }));
                }
                Err(e) => return Err(e),
            };
            let keys = vm.call(&keys, &[])?;
            let mut items = Vec::new();
            for k in ops::collect(vm, &keys)? {
                let v = ops::getitem(vm, &m, &k)?;
                items.push((k, v));
            }
            items
        }
    };
    for (k, v) in items {
        let key = DictKey::with_vm(vm, k.clone())?;
        if merge && d.get_vm(vm, &key)?.is_some() {
            return Err(match k.as_str() {
                Some(name) => PyErr::type_error(format!(
                    "{} got multiple values for keyword argument '{name}'",
                    func()
                )),
                None => PyErr::type_error("keywords must be strings"),
            });
        }
        d.insert_vm(vm, key, v)?;
    }
    Ok(())
}

/// RAISE_VARARGS: the exception to raise and whether it is a bare
/// re-raise (which adds no traceback entry for this frame).
#[inline(never)]
fn raise(vm: &mut Vm, st: &mut ExecState, arg: u32) -> PyResult<(PyErr, bool)> {
    match arg {
        0 => match vm.handled.last() {
            Some(e) => Ok((PyErr(e.clone()), true)),
            None => Ok((
                PyErr::runtime_error("No active exception to reraise"),
                false,
            )),
        },
        1 => {
            let v = st.pop().ok_or_else(stack_underflow)?;
            Ok((PyErr(make_exception(vm, v)?), false))
        }
        _ => {
            let cause = st.pop().ok_or_else(stack_underflow)?;
            let v = st.pop().ok_or_else(stack_underflow)?;
            let e = make_exception(vm, v)?;
            let cause = match cause {
                Value::None => None,
                c => Some(make_exception(vm, c)?),
            };
            if let Some(x) = e.downcast::<ExcObj>() {
                *x.cause.borrow_mut() = cause;
                x.suppress_context.set(true);
            }
            Ok((PyErr(e), false))
        }
    }
}

/// BEFORE_WITH's lookups: the bound `__exit__` and `__enter__` of the
/// context manager `mgr`, found on its type, with CPython 3.11's errors.
/// BEFORE_WITH on `mgr`, for compiled code: its bound `__exit__` and what
/// its `__enter__` returned.
pub fn before_with(vm: &mut Vm, mgr: &Value) -> PyResult<(Value, Value)> {
    let (exit, enter) = with_methods(mgr)?;
    let r = vm.call(&enter, &[])?;
    Ok((exit, r))
}

fn with_methods(mgr: &Value) -> PyResult<(Value, Value)> {
    let bound = |f: Value| match f.kind() {
        Kind::FUNCTION => Value::Obj(crate::object::BoundMethod::new_obj(f, mgr.clone())),
        _ => f,
    };
    // A built-in type's methods (a file's `__enter__`), bound.
    let native = |name: &'static str| {
        methods::find(mgr.kind(), name)
            .map(|(_, f)| Value::Obj(Builtin::new_obj(name, f, Some(mgr.clone()))))
    };
    let Some(enter) = crate::dunder::special(mgr, "__enter__").or_else(|| native("__enter__"))
    else {
        return Err(PyErr::type_error(format!(
            "'{}' object does not support the context manager protocol",
            mgr.type_name()
        )));
    };
    let Some(exit) = crate::dunder::special(mgr, "__exit__").or_else(|| native("__exit__")) else {
        return Err(PyErr::type_error(format!(
            "'{}' object does not support the context manager protocol (missed __exit__ method)",
            mgr.type_name()
        )));
    };
    Ok((bound(exit), bound(enter)))
}

/// Every call instruction's generic path: CALL, CALL_METHOD, CALL_KW and
/// CALL_FUNCTION_EX on any callee. Returns `true` when it pushed a frame
/// for a Python function (the loop continues in it), `false` when the
/// result is on the stack.
#[inline(never)]
fn call_generic<const S: bool>(
    vm: &mut Vm,
    st: &mut ExecState,
    op: Op,
    arg: u32,
    pc: usize,
) -> PyResult<bool> {
    let n = st.sp;
    // Lay out: [callee, args...] with an optional receiver.
    let (fpos, argstart, kw): (usize, usize, Vec<(ObjRef, Value)>) = match op {
        Op::Call => {
            let fpos = n
                .checked_sub(arg as usize + 1)
                .ok_or_else(stack_underflow)?;
            (fpos, fpos + 1, Vec::new())
        }
        Op::CallMethod => {
            let fpos = n
                .checked_sub(arg as usize + 2)
                .ok_or_else(stack_underflow)?;
            if is_null(vm, &st.stack[fpos + 1]) {
                // Close the gap of the missing receiver.
                st.stack[fpos + 1..n].rotate_left(1);
                drop(st.pop());
            }
            (fpos, fpos + 1, Vec::new())
        }
        Op::CallKw => {
            let names = st.pop().ok_or_else(stack_underflow)?;
            let fpos = st
                .sp
                .checked_sub(arg as usize + 1)
                .ok_or_else(stack_underflow)?;
            // The names (a tuple of `str` the compiler made) paired with
            // the values moved off the stack, into the one vector the call
            // needs (three intermediate vectors cost `f(x, key=v)` of a C
            // function ~250 of ~3700 instructions).
            let names = names.downcast::<TupleObj>().ok_or_else(stack_underflow)?;
            let from = st
                .sp
                .checked_sub(names.items.len())
                .filter(|&from| from > fpos)
                .ok_or_else(stack_underflow)?;
            let mut kw = Vec::with_capacity(names.items.len());
            for (name, slot) in names.items.iter().zip(&mut st.stack[from..st.sp]) {
                let v = take(slot);
                if let Value::Obj(k) = name {
                    kw.push((k.clone(), v));
                }
            }
            st.sp = from;
            (fpos, fpos + 1, kw)
        }
        _ => {
            let kw: Vec<(ObjRef, Value)> = if arg & 1 != 0 {
                let d = st.pop().ok_or_else(stack_underflow)?;
                let items = d
                    .downcast::<DictObj>()
                    .map(|d| d.items())
                    .unwrap_or_default();
                let mut kw = Vec::with_capacity(items.len());
                for (k, v) in items {
                    match k {
                        Value::Obj(k) if k.kind() == Kind::STR => kw.push((k, v)),
                        _ => return Err(PyErr::type_error("keywords must be strings")),
                    }
                }
                kw
            } else {
                Vec::new()
            };
            let t = st.pop().ok_or_else(stack_underflow)?;
            let items = match t.kind() {
                Kind::TUPLE | Kind::LIST if ops::iterates_plainly(&t) => ops::seq_items(&t),
                _ => match ops::collect(vm, &t) {
                    Ok(v) => v,
                    Err(e) if e.matches(types::TYPE_ERROR.get()) => {
                        let f = st.values().last().cloned().unwrap_or(Value::None);
                        return Err(PyErr::type_error(format!(
                            "{} argument after * must be an iterable, not {}",
                            function_str(&f),
                            t.type_name()
                        )));
                    }
                    Err(e) => return Err(e),
                },
            };
            let n = st.sp;
            if n == 0 {
                return Err(stack_underflow());
            }
            st.reserve(items.len())?;
            for v in items {
                st.push(v)?;
            }
            (n - 1, n, kw)
        }
    };
    // Exact positional call of a Python function: the callee and the
    // arguments become the new frame where they are.
    if kw.is_empty()
        && let Some((fcode, fglobals)) = exact_callee(st, argstart, st.sp)
    {
        if let Some(fr) = st.top_mut() {
            fr.pc.set(pc);
        }
        enter_code::<S>(vm, st, argstart, fcode, fglobals)?;
        return Ok(true);
    }
    let callee = st.stack[fpos].clone();
    if let Value::Obj(fo) = &callee {
        if fo.kind() == Kind::FUNCTION {
            // Other Python calls: bind parameters in general.
            let args = take_n(st, st.sp - argstart)?;
            st.truncate(fpos);
            if let Some(f) = st.top_mut() {
                f.pc.set(pc);
            }
            push_function_frame(vm, st, fo, &args, &kw)?;
            return Ok(true);
        }
        if let Some(func) = unbound_builtin(fo) {
            // `sum()` of a generator runs the generator's frame here.
            if kw.is_empty()
                && argstart == fpos + 1
                && is_native(func, builtins::b_sum)
                && crate::generator::start_sum(vm, st, st.sp - argstart, pc)
            {
                return Ok(true);
            }
            let r = func(
                vm,
                Args {
                    pos: &st.stack[argstart..st.sp],
                    kw: &kw,
                },
            );
            let r = crate::warnings::at_boundary(r);
            st.truncate(fpos);
            st.push(r?)?;
            return Ok(false);
        }
    }
    // Anything else (types, bound methods, C functions) is called with the
    // arguments still on the stack: no copy.
    let r = vm.call_with(
        &callee,
        Args {
            pos: &st.stack[argstart..st.sp],
            kw: &kw,
        },
    );
    let r = crate::warnings::at_boundary(r);
    st.truncate(fpos);
    st.push(r?)?;
    Ok(false)
}

/// How many traceback entries CPython prints (`PyTraceBack_LIMIT`, the
/// default of `sys.tracebacklimit`): the innermost ones, the outer frames
/// are left out without a note.
const TRACEBACK_LIMIT: usize = 1000;

/// Propagates an exception raised at `at` in the innermost frame: adds
/// traceback entries and finds a handler, popping frames that have none.
/// Returns `Err` when the exception leaves the outermost frame of this run.
pub(crate) fn unwind(
    vm: &mut Vm,
    st: &mut ExecState,
    entry: usize,
    mut code: Rc<Code>,
    mut err: PyErr,
    mut at: usize,
    mut reraise: bool,
) -> PyResult<()> {
    // Warnings C code issued during the instruction are shown now that the
    // instruction is known; a call that only warned goes on from here.
    if crate::warnings::pending() {
        match crate::warnings::deliver(vm, st, &code, at, err)? {
            Some(e) => err = e,
            None => return Ok(()),
        }
    }
    // A builtin that needs this frame (`locals()`, `eval()`, …) asked for
    // it; its call completes here, or raises what it raised.
    if crate::introspect::is_request(&err) {
        match crate::introspect::answer(vm, st, &code, at, err)? {
            Some(e) => err = e,
            None => return Ok(()),
        }
    }
    loop {
        if !reraise {
            let e = err.exc();
            // A NameError from the instruction at `at` may suggest one of
            // the globals of this frame (the first it leaves).
            if let Some(Hint::Name { globals, .. }) = e.hint.borrow_mut().as_deref_mut()
                && globals.is_none()
            {
                *globals = st.top().map(|f| f.globals.clone());
            }
            // Only the innermost TRACEBACK_LIMIT entries are ever printed
            // (the traceback is not otherwise visible), so no more are
            // kept: an exception leaving a million frames of a large
            // recursion limit needs no memory per frame.
            let mut tb = e.traceback.borrow_mut();
            if tb.len() < TRACEBACK_LIMIT {
                tb.push(TbEntry {
                    code: code.clone(),
                    pc: at as u32,
                });
            }
            drop(tb);
            // Implicit chaining: the exception being handled becomes the
            // context of a new one.
            if let Some(h) = vm.handled.last()
                && !h.ptr_eq(&err.0)
                && e.context.borrow().is_none()
            {
                *e.context.borrow_mut() = Some(h.clone());
            }
        }
        reraise = false;
        if let Some(h) = code.handler_for(at) {
            let Some(f) = st.top_mut() else {
                return Err(err);
            };
            f.pc.set(h.handler as usize);
            let depth = f.sb.get() + h.depth as usize;
            st.truncate(depth);
            st.push(err.value())?;
            return Ok(());
        }
        // A generator running inline (`crate::generator::push_inline`) is
        // done when an exception leaves its frame, and the stack of its
        // caller, with the generator on top, comes back.
        let gen_frame = st
            .top()
            .is_some_and(|f| crate::frame::runs_generator(f.on_return.get()));
        pop_frame(vm, st);
        if gen_frame {
            drop(st.leave_segment());
            if let Some(g) = st.values().last()
                && let Some(g) = g.downcast::<crate::object::GenObj>()
            {
                crate::generator::finish_inline(g);
            }
            err = crate::generator::pep479(err);
        }
        if st.depth() <= entry {
            return Err(err);
        }
        match st.top() {
            Some(f) => {
                code = f.code.clone();
                // The caller's pc points after its CALL and cache units; the
                // call is the instruction that raised.
                at = call_site(&code, f.pc.get().saturating_sub(1));
            }
            None => return Err(err),
        }
    }
}

/// The unit index of the call instruction whose cache ends just before
/// `pc_after - 1` (the caller resumes after the call's cache units).
pub(crate) fn call_site(code: &Code, last: usize) -> usize {
    let mut i = last;
    loop {
        match code.units.get(i).map(|u| u.get().op) {
            Some(Op::Cache) if i > 0 => i -= 1,
            _ => return i,
        }
    }
}

/// How CPython names a callable in call errors: `mod.qualname()` for
/// Python functions, `name()` for builtins.
fn function_str(f: &Value) -> String {
    if let Some(func) = f.downcast::<Function>() {
        let module = func
            .globals
            .downcast::<DictObj>()
            .and_then(|d| d.get_str("__name__"))
            .and_then(|n| n.as_str().map(|s| s.to_owned()))
            .unwrap_or_default();
        return format!("{module}.{}()", func.code.qualname);
    }
    if let Some(b) = f.downcast::<Builtin>() {
        return format!("{}()", b.name);
    }
    format!("{} object", f.type_name())
}

#[cold]
fn stack_underflow() -> PyErr {
    PyErr::new(&types::SYSTEM_ERROR, "bytecode stack underflow")
}

#[cold]
fn bad_arg() -> PyErr {
    PyErr::new(&types::SYSTEM_ERROR, "malformed bytecode")
}

/// Runs a function object with arguments in a fresh activation (used by the
/// embedding API).
pub fn call_function(vm: &mut Vm, f: &ObjRef, args: &[Value]) -> PyResult<Value> {
    let mut st = ExecState::default();
    push_function_frame(vm, &mut st, f, args, &[])?;
    run(vm, &mut st)
}
