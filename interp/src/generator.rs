//! Generators: making them, resuming them (`next`, `send`, `throw`,
//! `close`), `yield from` delegation, and closing the ones dropped while
//! suspended.
//!
//! A generator's code starts with RETURN_GENERATOR: calling the function
//! pushes its frame as any call does (arguments bound, cells made), and
//! that first instruction moves the frame's values into a one-frame
//! [`ExecState`] the generator owns ([`create`]), then returns the
//! generator. Resuming runs that state with [`eval::run`] (a nested run
//! on the Rust stack, as CPython 3.11's `gen_send_ex` runs a new
//! evaluation loop): the value sent is pushed, and YIELD_VALUE ends the run
//! with `ExecState::yielded` set and the frame left where it stopped. The
//! frame's share of the handled-exception stack (`Vm::handled`) is taken
//! out at a yield and put back on resumption, so an `except` or `finally`
//! body may yield.
//!
//! FOR_ITER_GEN and SEND resume without a nested run: [`push_inline`]
//! pushes the frame on the resuming run, where it runs on the generator's
//! own value stack (the run's stack is set aside meanwhile),
//! [`yield_inline`] hands the generator its stack back, [`return_inline`]
//! ends the loop or the `yield from`.

use crate::bytecode::{Code, Op};
use crate::eval;
use crate::frame::{ExecState, Segment};
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
    let mut st = ExecState::default();
    // The values, the operands and the value a resumption sends.
    st.reserve_exact(vals.len() + code.max_stack as usize + 1)?;
    for v in vals.iter_mut() {
        st.push(crate::frame::take(v))?;
    }
    st.push_frame(code.clone(), globals, pc, 1, 0)?;
    Ok(Value::Obj(GenObj::new_obj(code, st)))
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
    // Undone by the frame's teardown when it returns or raises, and below
    // when it yields.
    vm.enter_depth()?;
    let mut st = std::mem::take(&mut *g.frame.borrow_mut());
    g.state.set(GenState::Running);
    // The frame's handled exceptions go back on top of the caller's.
    let hb = vm.handled.len();
    if let Some(f) = st.top() {
        f.hb.set(hb);
    }
    {
        let mut h = g.handled.borrow_mut();
        if !h.is_empty() {
            vm.handled.append(&mut h);
        }
    }
    let started = match how {
        Resume::Send(v) => st.push(v),
        Resume::Throw(e) => {
            // Raised at the instruction the frame stopped after (the
            // YIELD_VALUE, or RETURN_GENERATOR if it never ran).
            let (code, at) = match st.top() {
                Some(f) => (f.code.clone(), f.pc.get().saturating_sub(1)),
                None => return Err(PyErr::new(&types::SYSTEM_ERROR, "generator has no frame")),
            };
            eval::unwind(vm, &mut st, 0, code, e, at, false)
        }
    };
    let r = started.and_then(|()| eval::run(vm, &mut st));
    match r {
        Ok(v) if st.yielded => {
            st.yielded = false;
            if vm.handled.len() > hb {
                g.handled.borrow_mut().extend(vm.handled.drain(hb..));
            }
            vm.depth -= 1;
            *g.frame.borrow_mut() = st;
            g.state.set(GenState::Suspended);
            Ok(Sent::Yield(v))
        }
        Ok(v) => {
            g.state.set(GenState::Done);
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
            drop(st);
            // PEP 479: a StopIteration leaving a generator's frame is a bug
            // in the generator.
            Err(pep479(e))
        }
    }
}

/// The delegate of a generator suspended in `yield from` (CPython's
/// `_PyGen_yf`): the top of its stack, when it stopped at a YIELD_VALUE 1.
fn delegate(g: &GenObj) -> Option<Value> {
    if g.state.get() != GenState::Suspended {
        return None;
    }
    let st = g.frame.borrow();
    let f = st.top()?;
    let at = f.pc.get().checked_sub(1)?;
    let ins = f.code.units.get(at)?.get();
    if ins.op != Op::YieldValue || ins.arg != 1 {
        return None;
    }
    st.values().last().cloned()
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
/// value, the recursion limit, no memory); the caller then resumes it with
/// [`resume`], which raises what there is to raise.
pub(crate) fn push_inline(vm: &mut Vm, st: &mut ExecState, caller_next: usize, ret: u8) -> bool {
    let send = ret == crate::frame::RETURN_GEN_SEND;
    let Some(sp) = st.sp.checked_sub(usize::from(send)) else {
        return false;
    };
    if send && sp >= st.stack.len() {
        return false;
    }
    if vm.depth >= vm.config.recursion_limit || st.nframes == 0 {
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
    let Ok(mut gs) = g.frame.try_borrow_mut() else {
        return false;
    };
    let n = gs.sp;
    let Some(gf) = gs.frames.first().filter(|_| gs.nframes == 1) else {
        return false;
    };
    // The frame's slots, its operands and the value sent (what `create`
    // reserved; a call the frame made may have grown it since).
    if gs.stack.len() <= gf.sb.get() + gf.code.max_stack as usize || n >= gs.stack.len() {
        return false;
    }
    // A slot for the set-aside stack (an empty one is no change).
    if *nsegs >= segs.len() {
        if segs.try_reserve(1).is_err() {
            return false;
        }
        segs.push(Segment::default());
    }
    let hb = vm.handled.len();
    match frames.get_mut(*nframes) {
        Some(f) => {
            if !Rc::ptr_eq(&f.code, &gf.code) {
                f.code = gf.code.clone();
            }
            if !f.globals.ptr_eq(&gf.globals) {
                f.globals = gf.globals.clone();
            }
            f.start(gf.pc.get(), gf.lb.get(), gf.sb.get(), hb);
            f.on_return.set(ret);
        }
        None => {
            if frames.try_reserve(1).is_err() {
                return false;
            }
            frames.push(crate::frame::Frame {
                code: gf.code.clone(),
                globals: gf.globals.clone(),
                pc: std::cell::Cell::new(gf.pc.get()),
                lb: std::cell::Cell::new(gf.lb.get()),
                sb: std::cell::Cell::new(gf.sb.get()),
                hb: std::cell::Cell::new(hb),
                on_return: std::cell::Cell::new(ret),
            });
        }
    }
    let Some(seg) = segs.get_mut(*nsegs) else {
        return false;
    };
    if let Some(caller) = frames.get(*nframes - 1) {
        caller.pc.set(caller_next);
    }
    *nframes += 1;
    // The generator's stack goes into the (empty) segment slot for now.
    std::mem::swap(&mut gs.stack, &mut seg.stack);
    gs.sp = 0;
    drop(gs);
    {
        let mut h = g.handled.borrow_mut();
        if !h.is_empty() {
            vm.handled.append(&mut h);
        }
    }
    g.state.set(GenState::Running);
    let sent = if send {
        crate::frame::take(&mut stack[sp])
    } else {
        Value::None
    };
    // The caller's stack is set aside, the generator's runs.
    std::mem::swap(stack, &mut seg.stack);
    seg.sp = sp;
    *nsegs += 1;
    // Above `n` is dead room (owning nothing).
    std::mem::forget(std::mem::replace(&mut stack[n], sent));
    *st_sp = n + 1;
    vm.depth += 1;
    true
}

/// YIELD_VALUE, with the yielded value on top of the stack, of a frame
/// that [`push_inline`] pushed; `after` is the instruction to resume at.
/// The generator takes its stack back and is suspended, the caller's
/// stack comes back, and the value goes where the caller's FOR_ITER_GEN
/// or SEND pushes the value it got. Returns false, with nothing changed,
/// when the frame is not one [`push_inline`] pushed.
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
    let Ok(mut gs) = g.frame.try_borrow_mut() else {
        return false;
    };
    let v = crate::frame::take(&mut stack[sp]);
    // The generator's stack goes back (its slot held an empty vector).
    std::mem::swap(&mut gs.stack, stack);
    gs.sp = sp;
    if let Some(gf) = gs.frames.first() {
        gf.pc.set(after);
    }
    drop(gs);
    if vm.handled.len() > hb {
        g.handled.borrow_mut().extend(vm.handled.drain(hb..));
    }
    g.state.set(GenState::Suspended);
    std::mem::swap(stack, &mut seg.stack);
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
    let old = g
        .frame
        .try_borrow_mut()
        .map(|mut s| std::mem::take(&mut *s));
    drop(old);
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
                    let mut st = g.frame.borrow_mut();
                    drop(st.pop());
                    let f = st.top().ok_or_else(|| {
                        PyErr::new(&types::SYSTEM_ERROR, "generator has no frame")
                    })?;
                    // The SEND before the YIELD_VALUE 1 names the exit.
                    let at = f.pc.get().saturating_sub(2);
                    let send = f.code.units.get(at).map(|u| u.get());
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
                        if let Some(f) = g.frame.borrow().top() {
                            f.pc.set(exit);
                        }
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
            drop(std::mem::take(&mut *g.frame.borrow_mut()));
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
    code: Rc<Code>,
    frame: ExecState,
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
    let st = g.frame.borrow();
    st.top()
        .is_some_and(|f| f.code.handler_for(f.pc.get().saturating_sub(1)).is_some())
}

/// Takes the frame out of a dying (or collected) generator that must be
/// closed and queues it; the VM closes it at its next safe point.
pub(crate) fn orphan(g: &GenObj) {
    if !needs_close(g) {
        return;
    }
    g.state.set(GenState::Done);
    let o = Orphan {
        code: g.code.clone(),
        frame: std::mem::take(&mut *g.frame.borrow_mut()),
        handled: std::mem::take(&mut *g.handled.borrow_mut()),
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
        let g = GenObj::new_obj(o.code, o.frame);
        if let Some(gobj) = g.downcast::<GenObj>() {
            gobj.state.set(GenState::Suspended);
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
            let rest = std::mem::take(&mut *gobj.frame.borrow_mut());
            drop(rest);
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
