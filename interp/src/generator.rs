//! Generators: making them, resuming them (`next`, `send`, `throw`,
//! `close`), `yield from` delegation, and closing the ones dropped while
//! suspended.
//!
//! A generator's code starts with RETURN_GENERATOR: calling the function
//! pushes its frame as any call does (arguments bound, cells made), and
//! that first instruction moves the frame's values into the generator
//! ([`create`]), which keeps its suspended frame flat (see [`GenObj`]),
//! then returns the generator. Resuming moves the frame's value stack into
//! a one-frame [`ExecState`] and runs it with [`eval::run`] (a nested run
//! on the Rust stack, as CPython 3.11's `gen_send_ex` runs a new
//! evaluation loop): the value sent is pushed, and YIELD_VALUE ends the
//! run with `ExecState::yielded` set; the stack goes back into the
//! generator. The frame's share of the handled-exception stack
//! (`Vm::handled`) is taken out at a yield and put back on resumption, so
//! an `except` or `finally` body may yield.
//!
//! FOR_ITER_GEN and SEND resume without a nested run: [`push_inline`]
//! pushes the frame on the resuming run, where it runs on the generator's
//! own value stack (the run's stack is set aside meanwhile),
//! [`yield_inline`] hands the generator its stack back, [`return_inline`]
//! ends the loop or the `yield from`. `sum()` of a generator runs it the
//! same way ([`start_sum`]), adding each value as it is yielded.

use crate::bytecode::{Code, Op};
use crate::eval;
use crate::frame::{ExecState, Frame, Segment};
use crate::object::genobj::Suspended;
use crate::object::types::{self, Kind};
use crate::object::{GenObj, GenState, ObjRef, PyErr, PyResult, StaticType, Value};
use crate::ops;
use crate::vm::Vm;
use std::cell::RefCell;
use std::rc::Rc;

/// What a generator did when resumed.
pub enum Sent {
    /// It yielded this value.
    Yield(Value),
    /// It returned this value (its frame is gone).
    Return(Value),
}

/// How a generator is resumed.
enum Resume {
    /// With a value for its `yield` to evaluate to.
    Send(Value),
    /// With an exception raised at its `yield`.
    Throw(PyErr),
}

/// RETURN_GENERATOR: moves the frame values `vals` (the function slot, the
/// local slots; no operands yet) into a new generator that will resume
/// `code` at `pc`.
pub(crate) fn create(
    code: Rc<Code>,
    globals: ObjRef,
    pc: usize,
    vals: &mut [Value],
) -> PyResult<Value> {
    // The values, the operands and the value a resumption sends; no more
    // (a call the frame makes when resumed grows the stack then).
    // Callgrind, a loop making three generator expressions consumed by
    // `join`, `sum` and `any`: 49,045 -> 43,883 instructions per iteration
    // against the 256 slots of dead room a run's stack starts with.
    let n = vals.len();
    let room = n + code.max_stack as usize + 1;
    let mut stack = Vec::new();
    stack
        .try_reserve_exact(room)
        .map_err(|_| PyErr::no_memory())?;
    stack.extend(vals.iter_mut().map(crate::frame::take));
    stack.resize(room, Value::None);
    Ok(Value::Obj(GenObj::new_obj(Suspended {
        code,
        globals,
        stack,
        sp: n,
        pc,
        sb: n,
    })))
}

#[inline(always)]
fn gen_of(v: &Value) -> Option<(&ObjRef, &GenObj)> {
    let o = v.as_obj()?;
    Some((o, o.downcast::<GenObj>()?))
}

fn stop_iteration(v: Value) -> PyErr {
    match v {
        Value::None => PyErr::with_args(&types::STOP_ITERATION, Vec::new()),
        v => PyErr::with_args(&types::STOP_ITERATION, vec![v]),
    }
}

/// `StopIteration.value` of an exception: its first argument, or `None`.
pub fn stop_value(e: &PyErr) -> Value {
    e.exc().args().first().cloned().unwrap_or(Value::None)
}

/// A run state holding the suspended frame of `g` (its value stack moved
/// in), for a nested run; `hb` is the frame's handled base. The room for
/// frames and set-aside stacks comes from the VM's spare ones.
fn enter(vm: &mut Vm, g: &GenObj, hb: usize) -> PyResult<ExecState> {
    let (frames, segs) = vm.gen_frames.pop().unwrap_or_default();
    let mut st = ExecState {
        frames,
        segs,
        ..ExecState::default()
    };
    st.sp = g.sp.get();
    st.stack = g.take_values();
    match st.frames.first_mut() {
        // A spare frame slot keeps the code and globals it last ran (as
        // a run's popped frame slots do), often this generator's.
        Some(f) => {
            f.set_code(&g.code, &g.globals);
            f.start(g.pc.get(), 1, g.sb, hb);
        }
        None => {
            if st.frames.try_reserve(1).is_err() {
                g.stack.set(std::mem::take(&mut st.stack));
                g.sp.set(st.sp);
                return Err(PyErr::no_memory());
            }
            st.frames.push(Frame::new(
                g.code.clone(),
                g.globals.clone(),
                g.pc.get(),
                (1, g.sb, hb),
                crate::frame::RETURN_PLAIN,
            ));
        }
    }
    st.nframes = 1;
    Ok(st)
}

/// Gives the frame slots and set-aside-stack slots of a finished nested
/// run back to the VM for the next one (the set-aside stacks are all
/// back; the frame slots keep their code and globals until reused or
/// [`Vm::shutdown`](crate::vm::Vm::shutdown)).
fn recycle(vm: &mut Vm, mut st: ExecState) {
    if vm.gen_frames.len() < crate::vm::SPARE_STATES && st.nsegs == 0 {
        let frames = std::mem::take(&mut st.frames);
        let segs = std::mem::take(&mut st.segs);
        vm.gen_frames.push((frames, segs));
    }
}

/// Drops a vector known to be empty without a call to its drop glue
/// (which the switches between stacks would otherwise pay each time).
#[inline(always)]
fn drop_empty(v: Vec<Value>) {
    if v.capacity() == 0 {
        std::mem::forget(v);
    } else {
        drop(v);
    }
}

/// Resumes `g` (CPython's `gen_send_ex2`).
fn resume(vm: &mut Vm, g: &GenObj, how: Resume) -> PyResult<Sent> {
    match g.state.get() {
        GenState::Running => {
            return Err(PyErr::value_error("generator already executing"));
        }
        GenState::Done => {
            return match how {
                // An exhausted generator only says it returned.
                Resume::Send(_) => Ok(Sent::Return(Value::None)),
                Resume::Throw(e) => Err(e),
            };
        }
        GenState::Created => {
            if let Resume::Send(v) = &how
                && !matches!(v, Value::None)
            {
                return Err(PyErr::type_error(
                    "can't send non-None value to a just-started generator",
                ));
            }
        }
        GenState::Suspended => {}
    }
    vm.check_native_stack()?;
    // The frame's handled exceptions go back on top of the caller's.
    let hb = vm.handled.len();
    let mut st = enter(vm, g, hb)?;
    // Undone by the frame's teardown when it returns or raises, and below
    // when it yields.
    if let Err(e) = vm.enter_depth() {
        suspend(g, &mut st);
        recycle(vm, st);
        return Err(e);
    }
    g.state.set(GenState::Running);
    if g.has_handled.replace(false) {
        vm.handled.append(&mut g.handled.borrow_mut());
    }
    let started = match how {
        Resume::Send(v) => st.push(v),
        Resume::Throw(e) => {
            // Raised at the instruction the frame stopped after (the
            // YIELD_VALUE, or RETURN_GENERATOR if it never ran).
            let at = g.pc.get().saturating_sub(1);
            eval::unwind(vm, &mut st, 0, g.code.clone(), e, at, false)
        }
    };
    let r = started.and_then(|()| eval::run(vm, &mut st));
    match r {
        Ok(v) if st.yielded => {
            if vm.handled.len() > hb {
                g.handled.borrow_mut().extend(vm.handled.drain(hb..));
                g.has_handled.set(true);
            }
            vm.depth -= 1;
            suspend(g, &mut st);
            recycle(vm, st);
            g.state.set(GenState::Suspended);
            Ok(Sent::Yield(v))
        }
        Ok(v) => {
            g.state.set(GenState::Done);
            recycle(vm, st);
            Ok(Sent::Return(v))
        }
        Err(e) => {
            g.state.set(GenState::Done);
            // The frame is gone if the exception left it; not if it never
            // started (no memory for the value sent).
            if st.depth() > 0 {
                vm.handled.truncate(hb);
                vm.depth -= 1;
                st.clear();
            }
            recycle(vm, st);
            // PEP 479: a StopIteration leaving a generator's frame is a bug
            // in the generator.
            Err(pep479(e))
        }
    }
}

/// Moves the (one) frame of a nested run that yielded, or never started,
/// back into `g`.
fn suspend(g: &GenObj, st: &mut ExecState) {
    if let Some(f) = st.top() {
        g.pc.set(f.pc.get());
    }
    st.yielded = false;
    st.nframes = 0;
    g.sp.set(st.sp);
    st.sp = 0;
    g.stack.set(std::mem::take(&mut st.stack));
}

/// The delegate of a generator suspended in `yield from` (CPython's
/// `_PyGen_yf`): the top of its stack, when it stopped at a YIELD_VALUE 1.
fn delegate(g: &GenObj) -> Option<Value> {
    if g.state.get() != GenState::Suspended {
        return None;
    }
    let at = g.pc.get().checked_sub(1)?;
    let ins = g.code.units.get(at)?.get();
    if ins.op != Op::YieldValue || ins.arg != 1 {
        return None;
    }
    g.with_values(|v| v.last().cloned())
}

/// Resumes the generator at the top of `st`'s stack (the FOR_ITER_GEN or
/// SEND at the top frame's pc, which goes on at `caller_next`) in a new
/// frame of `st`; `ret` is the frame's [`crate::frame::Frame::on_return`].
/// For `RETURN_GEN_FOR` the generator is on top and its `yield` evaluates
/// to None; for `RETURN_GEN_SEND` the value sent is on top, above the
/// generator, and moves to the generator's stack. The frame runs on the
/// generator's own value stack, which becomes `st.stack` while the
/// caller's is set aside in `st.segs` (see [`ExecState`]);
/// [`yield_inline`] swaps them back. Nothing is copied but the frame's
/// positions.
///
/// Unlike [`resume`], this runs no nested evaluation loop: the run that
/// met the FOR_ITER_GEN or SEND goes on with the generator's frame, as it
/// goes on with a callee's (CPython 3.12's FOR_ITER_GEN and SEND_GEN do the
/// same). Returns false, with nothing changed, when the generator cannot
/// run this way (not a generator, running or done, a first send of a
/// value, handled exceptions of its own to put back, the recursion limit,
/// no memory); the caller then resumes it with [`resume`], which raises
/// what there is to raise (and puts them back).
#[inline(always)]
pub(crate) fn push_inline(vm: &mut Vm, st: &mut ExecState, caller_next: usize, ret: u8) -> bool {
    match ret {
        crate::frame::RETURN_GEN_FOR => {
            push_as::<{ crate::frame::RETURN_GEN_FOR }>(vm, st, caller_next)
        }
        crate::frame::RETURN_GEN_SEND => {
            push_as::<{ crate::frame::RETURN_GEN_SEND }>(vm, st, caller_next)
        }
        crate::frame::RETURN_GEN_SUM => {
            push_as::<{ crate::frame::RETURN_GEN_SUM }>(vm, st, caller_next)
        }
        _ => false,
    }
}

/// [`push_inline`] for one kind of resumption (a copy each, so that
/// none tests the kind at run time).
#[inline(never)]
fn push_as<const RET: u8>(vm: &mut Vm, st: &mut ExecState, caller_next: usize) -> bool {
    let send = RET == crate::frame::RETURN_GEN_SEND;
    let (depth, k) = (st.nframes, st.nsegs);
    if (k >= st.segs.len() || depth >= st.frames.len()) && !grow_slots(st) {
        // A new depth needs slots for the set-aside stack and the frame
        // (the frame's code and globals are replaced below).
        return false;
    }
    let ExecState {
        frames,
        nframes,
        stack,
        sp: st_sp,
        segs,
        nsegs,
        ..
    } = st;
    // The caller's frame and the free slots above it.
    let (Some([caller, f]), Some(seg)) = (
        depth.checked_sub(1).and_then(|c| frames.get_mut(c..=depth)),
        segs.get_mut(k),
    ) else {
        return false;
    };
    let Some(sp) = st_sp.checked_sub(usize::from(send)) else {
        return false;
    };
    let Some((_, g)) = sp
        .checked_sub(1)
        .and_then(|i| stack.get(i))
        .and_then(gen_of)
    else {
        return false;
    };
    match g.state.get() {
        GenState::Suspended => {}
        GenState::Created if !send || matches!(stack.get(sp), Some(Value::None)) => {}
        _ => return false,
    }
    // (A generator with handled exceptions to put back resumes the
    // general way.)
    if vm.depth >= vm.config.recursion_limit || g.has_handled.get() {
        return false;
    }
    let own = g.stack.take();
    let n = g.sp.get();
    // The sent value goes at `n` (within the room `create` reserved).
    if n >= own.len() {
        g.stack.set(own);
        return false;
    }
    caller.pc.set(caller_next);
    f.set_code(&g.code, &g.globals);
    f.pc.set(g.pc.get());
    f.lb.set(1);
    f.sb.set(g.sb);
    f.hb.set(vm.handled.len());
    f.on_return.set(RET);
    *nframes = depth + 1;
    g.state.set(GenState::Running);
    vm.depth += 1;
    let sent = if send {
        crate::frame::take(&mut stack[sp])
    } else {
        Value::None
    };
    // The caller's stack is set aside (its slot held an empty vector),
    // the generator's runs.
    drop_empty(std::mem::replace(
        &mut seg.stack,
        std::mem::replace(stack, own),
    ));
    seg.sp = sp;
    *nsegs = k + 1;
    // Above `n` is dead room (owning nothing).
    std::mem::forget(std::mem::replace(&mut stack[n], sent));
    *st_sp = n + 1;
    true
}

/// Adds a frame slot and a set-aside-stack slot to `st` when it has no
/// free one; false when there is no memory for them.
#[cold]
#[inline(never)]
fn grow_slots(st: &mut ExecState) -> bool {
    if st.nsegs >= st.segs.len() {
        if st.segs.try_reserve(1).is_err() {
            return false;
        }
        st.segs.push(Segment::default());
    }
    if st.nframes >= st.frames.len() {
        let Some(top) = st.top() else {
            return false;
        };
        let f = Frame::new(
            top.code.clone(),
            top.globals.clone(),
            0,
            (0, 0, 0),
            crate::frame::RETURN_PLAIN,
        );
        if st.frames.try_reserve(1).is_err() {
            return false;
        }
        st.frames.push(f);
    }
    true
}

/// YIELD_VALUE, with the yielded value on top of the stack, of a frame
/// that [`push_inline`] pushed; `after` is the instruction to resume at.
/// The generator takes its stack back and is suspended, the caller's
/// stack comes back, and the value goes where the caller's FOR_ITER_GEN
/// or SEND pushes the value it got. Returns false, with nothing changed,
/// when the frame is not one [`push_inline`] pushed.
#[inline(never)]
pub(crate) fn yield_inline(vm: &mut Vm, st: &mut ExecState, after: usize) -> bool {
    let ExecState {
        frames,
        nframes,
        stack,
        sp: st_sp,
        segs,
        nsegs,
        ..
    } = st;
    let Some(f) = frames.get(nframes.wrapping_sub(1)) else {
        return false;
    };
    let hb = f.hb.get();
    let (Some(sp), Some(k)) = (st_sp.checked_sub(1), nsegs.checked_sub(1)) else {
        return false;
    };
    if !crate::frame::runs_generator(f.on_return.get()) || sp >= stack.len() {
        return false;
    }
    let Some(seg) = segs.get_mut(k) else {
        return false;
    };
    // The caller's FOR_ITER_GEN or SEND pushes within its frame's room.
    let at = seg.sp;
    if at >= seg.stack.len() {
        return false;
    }
    let Some((_, g)) = at
        .checked_sub(1)
        .and_then(|i| seg.stack.get(i))
        .and_then(gen_of)
    else {
        return false;
    };
    let v = crate::frame::take(&mut stack[sp]);
    g.sp.set(sp);
    g.pc.set(after);
    if vm.handled.len() > hb {
        g.handled.borrow_mut().extend(vm.handled.drain(hb..));
        g.has_handled.set(true);
    }
    g.state.set(GenState::Suspended);
    // The generator takes its stack back (its slot held an empty vector),
    // the caller's comes back.
    drop_empty(g.stack.replace(std::mem::take(stack)));
    drop_empty(std::mem::replace(stack, std::mem::take(&mut seg.stack)));
    *nsegs = k;
    // Dead room: nothing to drop.
    std::mem::forget(std::mem::replace(&mut stack[at], v));
    *st_sp = at + 1;
    *nframes -= 1;
    vm.depth -= 1;
    true
}

/// The end of a frame that [`push_inline`] pushed, popped already (its
/// values released), with the value `v` it returned: the generator is
/// done, and the caller's stack comes back. Returns the instruction the
/// caller goes on at: after FOR_ITER_GEN's loop, without the generator;
/// after SEND, with `v` in the generator's place.
pub(crate) fn return_inline(st: &mut ExecState, ret: u8, v: Value) -> PyResult<usize> {
    let Some(own) = st.leave_segment() else {
        return Err(inline_lost());
    };
    drop(own);
    let Some(caller) = st.top() else {
        return Err(inline_lost());
    };
    let code = caller.code.clone();
    let at = eval::call_site(&code, caller.pc.get().saturating_sub(1));
    let target = match code.units.get(at).map(|u| u.get()) {
        // `sum()`'s total is the call's result: the caller goes on after
        // the call.
        Some(_) if ret == crate::frame::RETURN_GEN_SUM => caller.pc.get(),
        Some(ins) if matches!(ins.op, Op::ForIterGen | Op::Send) => ins.arg as usize,
        _ => return Err(inline_lost()),
    };
    let base = st.sp;
    let Some(slot) = base.checked_sub(1).and_then(|i| st.stack.get_mut(i)) else {
        return Err(inline_lost());
    };
    let gen_val = std::mem::replace(slot, Value::None);
    if let Some((_, g)) = gen_of(&gen_val) {
        finish_inline(g);
    }
    if ret == crate::frame::RETURN_GEN_SEND {
        *slot = v;
    } else {
        drop(v);
        st.sp = base - 1;
    }
    drop(gen_val);
    Ok(target)
}

/// The generator of a frame that [`push_inline`] pushed is done (it
/// returned or an exception left it).
pub(crate) fn finish_inline(g: &GenObj) {
    g.state.set(GenState::Done);
    drop(g.take_values());
}

/// A call of `sum` with a generator as its iterable (the generic CALL:
/// `sum` is never quickened), at the top frame of `st` (whose operands
/// end with `[sum, generator]` or `[sum, generator, start]`, `n`
/// arguments, and which goes on at `caller_next` after the call): the
/// total goes where `sum` was and the generator's frame runs in this run,
/// as FOR_ITER_GEN runs it, but with [`crate::frame::RETURN_GEN_SUM`]: a
/// value it yields is added to the total and the frame goes on at once
/// ([`sum_add`] from the hot loop's `ext_step`, or [`sum_yielded`]), with
/// no switch to the caller and back. What `sum()` itself does per value is
/// a nested run of the generator's frame and a return from it. Callgrind,
/// `sum()` of a `while` loop yielding 100,000 ints: 872 -> 541
/// instructions per value (CPython 3.11: 543).
///
/// Returns false, with nothing changed, when the call is not one this
/// takes (a `start` other than an int or float, an iterable other than a
/// generator this run can resume); the builtin runs then.
pub(crate) fn start_sum(vm: &mut Vm, st: &mut ExecState, n: usize, caller_next: usize) -> bool {
    let sp = st.sp;
    let Some(fpos) = sp.checked_sub(n + 1) else {
        return false;
    };
    let start_ok = match n {
        1 => true,
        2 => matches!(st.stack.get(sp - 1), Some(Value::Int(_) | Value::Float(_))),
        _ => false,
    };
    if !start_ok
        || !st
            .stack
            .get(fpos + 1)
            .and_then(gen_of)
            .is_some_and(|(_, g)| {
                g.state.get() == GenState::Suspended || g.state.get() == GenState::Created
            })
    {
        return false;
    }
    let start = if n == 2 {
        st.sp -= 1;
        crate::frame::take(&mut st.stack[sp - 1])
    } else {
        Value::Int(0)
    };
    let sum = std::mem::replace(&mut st.stack[fpos], start);
    if push_inline(vm, st, caller_next, crate::frame::RETURN_GEN_SUM) {
        drop(sum);
        return true;
    }
    // Put back as it was.
    let start = std::mem::replace(&mut st.stack[fpos], sum);
    if n == 2 {
        st.stack[sp - 1] = start;
        st.sp = sp;
    }
    false
}

/// YIELD_VALUE of a frame [`start_sum`] pushed, with the value yielded on
/// top of `stack` (the frame's, `sp` past it) and the caller's stack set
/// aside in `segs[nsegs - 1]`: when the total and the value are numbers
/// the evaluation loop adds itself (ints whose sum fits, floats, an int
/// and a float, as `+` adds them), the total becomes their sum and the
/// value's slot None (what the `yield` evaluates to), and the frame goes
/// on. False, with nothing changed, otherwise.
#[inline(always)]
pub(crate) fn sum_add(segs: &mut [Segment], nsegs: usize, stack: &mut [Value], sp: usize) -> bool {
    let Some(seg) = nsegs.checked_sub(1).and_then(|k| segs.get_mut(k)) else {
        return false;
    };
    let (Some(total), Some(v)) = (
        seg.sp.checked_sub(2).and_then(|i| seg.stack.get_mut(i)),
        sp.checked_sub(1).and_then(|i| stack.get_mut(i)),
    ) else {
        return false;
    };
    let r = match (&*total, &*v) {
        (Value::Int(a), Value::Int(b)) => match a.checked_add(*b) {
            Some(r) => Value::Int(r),
            None => return false,
        },
        (Value::Float(a), Value::Float(b)) => Value::Float(a + b),
        (Value::Float(a), Value::Int(b)) => Value::Float(a + *b as f64),
        (Value::Int(a), Value::Float(b)) => Value::Float(*a as f64 + b),
        _ => return false,
    };
    // Both were numbers: nothing to drop.
    *total = r;
    *v = Value::None;
    true
}

/// A value a `sum()` generator yielded that [`sum_fast`] does not add: the
/// frame has yielded it ([`yield_inline`]), so the generator is
/// suspended and the caller's operands end with `[total, generator,
/// value]`. Adds it with the full `+` (which may run Python code, as
/// `sum()` does between two values) and resumes the generator again; when
/// it cannot run inline, the rest of the sum runs as `sum()` runs it. An
/// error is `sum()`'s, raised at the call.
pub(crate) fn sum_yielded(vm: &mut Vm, st: &mut ExecState) -> PyResult<()> {
    let v = st.pop().unwrap_or(Value::None);
    let Some(at) = st.sp.checked_sub(2) else {
        return Err(inline_lost());
    };
    let total = crate::frame::take(&mut st.stack[at]);
    st.stack[at] = ops::binary_op(vm, crate::bytecode::BinOp::Add, &total, &v)?;
    drop((total, v));
    let caller_next = st.top().map_or(0, |f| f.pc.get());
    if push_inline(vm, st, caller_next, crate::frame::RETURN_GEN_SUM) {
        return Ok(());
    }
    let g = st.pop().unwrap_or(Value::None);
    let mut total = crate::frame::take(&mut st.stack[at]);
    while let Some(x) = ops::iter_next(vm, &g)? {
        total = ops::binary_op(vm, crate::bytecode::BinOp::Add, &total, &x)?;
    }
    st.stack[at] = total;
    Ok(())
}

/// PEP 479: a StopIteration leaving a generator's frame is a bug in the
/// generator, re-raised as a RuntimeError caused by it.
pub(crate) fn pep479(e: PyErr) -> PyErr {
    if e.matches(types::STOP_ITERATION.get()) {
        let r = PyErr::runtime_error("generator raised StopIteration");
        *r.exc().cause.borrow_mut() = Some(e.0.clone());
        *r.exc().context.borrow_mut() = Some(e.0);
        r.exc().suppress_context.set(true);
        return r;
    }
    e
}

/// `SystemError` for a generator's frame whose generator cannot be found
/// where [`push_inline`] left it (only malformed bytecode can cause it).
pub(crate) fn inline_lost() -> PyErr {
    PyErr::new(
        &types::SYSTEM_ERROR,
        "a generator's frame lost its generator",
    )
}

/// `next(g)`-style advance for iteration: `None` when it returned.
pub fn next(vm: &mut Vm, g: &GenObj) -> PyResult<Option<Value>> {
    match resume(vm, g, Resume::Send(Value::None))? {
        Sent::Yield(v) => Ok(Some(v)),
        Sent::Return(_) => Ok(None),
    }
}

/// `next(g)`: a return becomes `StopIteration(value)`.
pub fn next_or_stop(vm: &mut Vm, g: &GenObj) -> PyResult<Value> {
    match resume(vm, g, Resume::Send(Value::None))? {
        Sent::Yield(v) => Ok(v),
        Sent::Return(v) => Err(stop_iteration(v)),
    }
}

/// SEND: passes `v` into the delegate `recv` of a `yield from`.
pub(crate) fn send_into(vm: &mut Vm, recv: &Value, v: Value) -> PyResult<Sent> {
    if let Some((_, g)) = gen_of(recv) {
        return resume(vm, g, Resume::Send(v));
    }
    let r = if matches!(v, Value::None) {
        ops::iter_next(vm, recv).map(|x| match x {
            Some(x) => Sent::Yield(x),
            None => Sent::Return(Value::None),
        })
    } else {
        let send = vm.getattr(recv, "send")?;
        vm.call(&send, &[v]).map(Sent::Yield)
    };
    match r {
        Err(e) if e.matches(types::STOP_ITERATION.get()) => Ok(Sent::Return(stop_value(&e))),
        r => r,
    }
}

/// `g.send(v)`.
fn send(vm: &mut Vm, g: &GenObj, v: Value) -> PyResult<Value> {
    match resume(vm, g, Resume::Send(v))? {
        Sent::Yield(v) => Ok(v),
        Sent::Return(v) => Err(stop_iteration(v)),
    }
}

fn is_exc_type(v: &Value) -> bool {
    v.as_obj()
        .and_then(|o| o.as_type())
        .is_some_and(|t| t.is_subtype(types::BASE_EXCEPTION.get()))
}

/// The exception `throw(typ, val)` raises, with CPython's checks.
fn make_thrown(vm: &mut Vm, typ: &Value, val: &Value) -> PyResult<PyErr> {
    if let Value::Obj(o) = typ
        && o.kind() == Kind::EXC
    {
        if !matches!(val, Value::None) {
            return Err(PyErr::type_error(
                "instance exception may not have a separate value",
            ));
        }
        return Ok(PyErr(o.clone()));
    }
    if is_exc_type(typ) {
        // A value that is already an instance of the type is raised as it
        // is; otherwise the type is called with it.
        if let Value::Obj(v) = val
            && v.kind() == Kind::EXC
            && let Some(t) = typ.as_obj().and_then(|o| o.as_type())
            && v.ty().is_subtype(t)
        {
            return Ok(PyErr(v.clone()));
        }
        let args: Vec<Value> = match val {
            Value::None => Vec::new(),
            v => match v
                .as_obj()
                .and_then(|o| o.downcast::<crate::object::TupleObj>())
            {
                Some(t) => t.items.to_vec(),
                None => vec![v.clone()],
            },
        };
        let e = vm.call(typ, &args)?;
        return match e {
            Value::Obj(o) if o.kind() == Kind::EXC => Ok(PyErr(o)),
            other => Err(PyErr::type_error(format!(
                "calling {} should have returned an instance of BaseException, not {}",
                ops::repr_simple(typ),
                other.type_name()
            ))),
        };
    }
    Err(PyErr::type_error(format!(
        "exceptions must be classes or instances deriving from BaseException, not {}",
        typ.type_name()
    )))
}

/// Closes a `yield from` delegate (CPython's `gen_close_iter`).
fn close_delegate(vm: &mut Vm, d: &Value) -> PyResult<()> {
    if let Some((_, g)) = gen_of(d) {
        return close(vm, g).map(drop);
    }
    match vm.getattr(d, "close") {
        Ok(m) => vm.call(&m, &[]).map(drop),
        Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => Ok(()),
        Err(e) => Err(e),
    }
}

/// Throws `e` into `g` (CPython's `_gen_throw`), delegating to a
/// `yield from` delegate first.
fn throw_err(vm: &mut Vm, g: &GenObj, e: PyErr) -> PyResult<Sent> {
    if let Some(d) = delegate(g) {
        let prev = g.state.replace(GenState::Running);
        let r = if e.matches(types::GENERATOR_EXIT.get()) {
            let r = close_delegate(vm, &d);
            g.state.set(prev);
            return match r {
                Ok(()) => resume(vm, g, Resume::Throw(e)),
                Err(e2) => resume(vm, g, Resume::Throw(e2)),
            };
        } else if let Some((_, dg)) = gen_of(&d) {
            throw_err(vm, dg, e)
        } else {
            match vm.getattr(&d, "throw") {
                Ok(m) => vm.call(&m, &[e.value()]).map(Sent::Yield),
                Err(ae) if ae.matches(types::ATTRIBUTE_ERROR.get()) => {
                    g.state.set(prev);
                    return resume(vm, g, Resume::Throw(e));
                }
                Err(ae) => Err(ae),
            }
        };
        g.state.set(prev);
        return match r {
            Ok(Sent::Yield(v)) => Ok(Sent::Yield(v)),
            // The delegate finished: the `yield from` ends, with its value
            // or its exception, where SEND would have jumped.
            done => {
                let exit = {
                    drop(g.pop_value());
                    // The SEND before the YIELD_VALUE 1 names the exit.
                    let at = g.pc.get().saturating_sub(2);
                    let send = g.code.units.get(at).map(|u| u.get());
                    match send {
                        Some(s) if s.op == Op::Send => s.arg as usize,
                        _ => return Err(PyErr::new(&types::SYSTEM_ERROR, "malformed yield from")),
                    }
                };
                let value = match done {
                    Ok(Sent::Return(v)) => Ok(v),
                    Err(e) if e.matches(types::STOP_ITERATION.get()) => Ok(stop_value(&e)),
                    Err(e) => Err(e),
                    Ok(Sent::Yield(_)) => unreachable!("handled above"),
                };
                match value {
                    Ok(v) => {
                        g.pc.set(exit);
                        resume(vm, g, Resume::Send(v))
                    }
                    Err(e) => resume(vm, g, Resume::Throw(e)),
                }
            }
        };
    }
    resume(vm, g, Resume::Throw(e))
}

/// `g.close()` (CPython 3.11's `gen_close`).
fn close(vm: &mut Vm, g: &GenObj) -> PyResult<Value> {
    match g.state.get() {
        GenState::Created => {
            // Nothing ran, so nothing can catch GeneratorExit.
            g.state.set(GenState::Done);
            drop(g.take_values());
            return Ok(Value::None);
        }
        GenState::Done => return Ok(Value::None),
        _ => {}
    }
    let mut exc = PyErr::with_args(&types::GENERATOR_EXIT, Vec::new());
    if let Some(d) = delegate(g) {
        let prev = g.state.replace(GenState::Running);
        let r = close_delegate(vm, &d);
        g.state.set(prev);
        if let Err(e) = r {
            exc = e;
        }
    }
    match resume(vm, g, Resume::Throw(exc)) {
        Ok(Sent::Yield(_)) => Err(PyErr::runtime_error("generator ignored GeneratorExit")),
        Ok(Sent::Return(_)) => Ok(Value::None),
        Err(e)
            if e.matches(types::STOP_ITERATION.get()) || e.matches(types::GENERATOR_EXIT.get()) =>
        {
            Ok(Value::None)
        }
        Err(e) => Err(e),
    }
}

// ----- methods ---------------------------------------------------------------

fn this<'a>(args: &'a crate::object::Args<'_>, name: &str) -> PyResult<&'a GenObj> {
    args.pos
        .first()
        .and_then(|v| v.as_obj())
        .and_then(|o| o.downcast::<GenObj>())
        .ok_or_else(|| {
            PyErr::type_error(format!("descriptor '{name}' requires a 'generator' object"))
        })
}

fn arity(args: &crate::object::Args<'_>, name: &str, min: usize, max: usize) -> PyResult<()> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "generator.{name}() takes no keyword arguments"
        )));
    }
    let n = args.pos.len().saturating_sub(1);
    if n < min || n > max {
        return Err(PyErr::type_error(if min == max {
            match min {
                0 => format!("generator.{name}() takes no arguments ({n} given)"),
                1 => format!("generator.{name}() takes exactly one argument ({n} given)"),
                _ => format!("{name} expected {min} arguments, got {n}"),
            }
        } else if n < min {
            format!(
                "{name} expected at least {min} argument{}, got {n}",
                if min == 1 { "" } else { "s" }
            )
        } else {
            format!("{name} expected at most {max} arguments, got {n}")
        }));
    }
    Ok(())
}

/// `generator.send(value)`.
pub fn m_send(vm: &mut Vm, args: crate::object::Args<'_>) -> PyResult<Value> {
    arity(&args, "send", 1, 1)?;
    let g = this(&args, "send")?;
    send(vm, g, args.pos[1].clone())
}

/// `generator.__next__()`: `send(None)`.
pub fn m_next(vm: &mut Vm, args: crate::object::Args<'_>) -> PyResult<Value> {
    crate::methods::wrapper_no_args(&args, "__next__")?;
    let g = this(&args, "__next__")?;
    send(vm, g, Value::None)
}

/// `generator.throw(typ[, val[, tb]])`.
pub fn m_throw(vm: &mut Vm, args: crate::object::Args<'_>) -> PyResult<Value> {
    arity(&args, "throw", 1, 3)?;
    let g = this(&args, "throw")?;
    let val = args.pos.get(2).cloned().unwrap_or(Value::None);
    let e = make_thrown(vm, &args.pos[1], &val)?;
    match throw_err(vm, g, e)? {
        Sent::Yield(v) => Ok(v),
        Sent::Return(v) => Err(stop_iteration(v)),
    }
}

/// `generator.close()`.
pub fn m_close(vm: &mut Vm, args: crate::object::Args<'_>) -> PyResult<Value> {
    arity(&args, "close", 0, 0)?;
    let g = this(&args, "close")?;
    close(vm, g)
}

/// Attributes of a generator other than its methods.
pub fn getattr(o: &ObjRef, name: &str) -> Option<Value> {
    let g = o.downcast::<GenObj>()?;
    Some(match name {
        "__name__" => Value::str(&g.code.name),
        "__qualname__" => Value::str(&g.code.qualname),
        "gi_running" => Value::Bool(g.state.get() == GenState::Running),
        "gi_suspended" => Value::Bool(g.state.get() == GenState::Suspended),
        "gi_yieldfrom" => delegate(g).unwrap_or(Value::None),
        _ => return None,
    })
}

/// `repr(g)`: `<generator object f at 0x…>`.
pub fn repr(o: &ObjRef) -> Option<String> {
    let g = o.downcast::<GenObj>()?;
    Some(format!(
        "<generator object {} at {:#x}>",
        g.code.qualname,
        o.as_ptr() as usize
    ))
}

// ----- closing on drop ---------------------------------------------------------

/// A suspended frame whose generator died: it still has to be closed
/// (its `finally` and `with` blocks run), as CPython's finalizer does.
struct Orphan {
    frame: Suspended,
    handled: Vec<ObjRef>,
}

thread_local! {
    static ORPHANS: RefCell<Vec<Orphan>> = const { RefCell::new(Vec::new()) };
}

/// The pending-event bit that says orphaned generator frames wait to be
/// closed.
pub(crate) const PENDING: u32 = abi::pending::FINALIZE;

/// Whether closing the frame of `g` can run code: it stopped at a `yield`
/// inside a `try` or `with` (else closing only drops its values).
fn needs_close(g: &GenObj) -> bool {
    if g.state.get() != GenState::Suspended {
        return false;
    }
    g.code.handler_for(g.pc.get().saturating_sub(1)).is_some()
}

/// Takes the frame out of a dying (or collected) generator that must be
/// closed and queues it; the VM closes it at its next safe point.
pub(crate) fn orphan(g: &GenObj) {
    if !needs_close(g) {
        return;
    }
    g.state.set(GenState::Done);
    let o = Orphan {
        frame: g.take_suspended(),
        handled: {
            g.has_handled.set(false);
            std::mem::take(&mut *g.handled.borrow_mut())
        },
    };
    ORPHANS.with(|q| q.borrow_mut().push(o));
    abi::pending::set(PENDING);
}

/// Closes the queued orphaned frames, each in a generator of its own
/// (CPython's finalizer calls `close()`); an exception it raises is
/// reported as unraisable, as CPython does, and does not propagate.
pub(crate) fn close_orphans(vm: &mut Vm) {
    loop {
        let Some(o) = ORPHANS.with(|q| q.borrow_mut().pop()) else {
            return;
        };
        let g = GenObj::new_obj(o.frame);
        if let Some(gobj) = g.downcast::<GenObj>() {
            gobj.state.set(GenState::Suspended);
            gobj.has_handled.set(!o.handled.is_empty());
            *gobj.handled.borrow_mut() = o.handled;
            if let Err(e) = close(vm, gobj) {
                vm.write_unraisable(
                    &e,
                    &format!("Exception ignored in: {}", repr(&g).unwrap_or_default()),
                );
            }
            // A finalizer runs once (PEP 442): a frame that yielded again
            // is dropped without running.
            gobj.state.set(GenState::Done);
            drop(gobj.take_values());
        }
    }
}

/// Drops the queued orphans without running them (at shutdown, when no
/// code may run any more).
pub fn discard_orphans() {
    let all = ORPHANS.with(|q| std::mem::take(&mut *q.borrow_mut()));
    drop(all);
}

/// The static type object of generators (for `types`).
pub fn generator_type() -> &'static StaticType {
    &types::GENERATOR
}
