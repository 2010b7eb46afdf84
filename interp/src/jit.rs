//! The interface between the interpreter and a JIT compiler.
//!
//! The interpreter depends on no JIT: the `typhon` crate plugs one in with
//! [`crate::vm::Vm::set_jit`]. The seam is two traits:
//!
//! - [`JitBackend`]: the interpreter counts each function's calls and loop
//!   back-edges down from [`JitBackend::threshold`]; when the count is
//!   out, the function's next return (the end of the call that made it
//!   hot) or next call, whichever comes first, hands the code to
//!   [`JitBackend::compile`], which returns compiled code or declines.
//!   (Compiled code is entered only at calls, so compiling at the
//!   back-edge would gain nothing, and would miss the feedback of the rest
//!   of that call: code after the hot loop that had not run yet.)
//! - [`Compiled`]: compiled code of one function. The interpreter keeps it
//!   in the code object ([`crate::bytecode::Code::jit`]) and, at every
//!   later call, runs it on the new frame's slots instead of interpreting
//!   ([`crate::eval`] does this where frames are entered). Compiled code
//!   always ends by handing the frame back ([`Exit`]): at a `RETURN_VALUE`
//!   with the result on the operand stack, at an instruction whose guard
//!   failed (the interpreter runs it generically), or with an exception to
//!   raise at an instruction. So every path out of compiled code is a
//!   deoptimization to a frame the interpreter resumes, and the interpreter
//!   alone pops frames, unwinds and prints tracebacks.
//!
//! [`NoJit`] is the default and declines everything.

use crate::bytecode::Code;
use crate::object::{ObjRef, PyErr, Value};
use crate::vm::Vm;
use std::rc::Rc;

/// What the interpreter tells a JIT, and asks of it.
pub trait JitBackend {
    /// A short name for `--stats` and diagnostics.
    fn name(&self) -> &'static str;

    /// Calls plus loop back-edges of a function before [`compile`] is
    /// asked for it (at the return or call that finds them reached): 0
    /// compiles at the first call, `u32::MAX` never.
    ///
    /// [`compile`]: JitBackend::compile
    fn threshold(&self) -> u32;

    /// Called once when `code` (run with `globals`) has become hot.
    /// Returns its compiled code, or `None` to leave it to the
    /// interpreter for good.
    fn compile(&mut self, vm: &Vm, code: &Rc<Code>, globals: &ObjRef) -> Option<Rc<dyn Compiled>>;

    /// Whether code for `code` is being compiled elsewhere (a compile
    /// [`compile`] started and did not finish): the interpreter asks again
    /// after [`POLL_COUNT`] more calls and back-edges.
    ///
    /// [`compile`]: JitBackend::compile
    fn pending(&self, _code: &Code) -> bool {
        false
    }

    /// Whether `code`, which [`compile`] just declined, is to be asked
    /// about again after [`RETRY_COUNT`] more calls and back-edges (it may
    /// compile once its instructions have run more: the way to its loop
    /// passes code that runs once a call and had no types yet). Asking
    /// again must be cheap while nothing changed.
    ///
    /// [`compile`]: JitBackend::compile
    fn retry(&self, _code: &Code) -> bool {
        false
    }

    /// On-stack replacement: the running frame `frame` of `code` became
    /// hot at a loop back-edge to `pc` (its count ran out there, in a
    /// call that has not returned yet). Returns code for this frame to go
    /// on with, entered at `pc` by [`Compiled::run`], or `None` to go on
    /// interpreting. `frame` holds the frame's slots and the `depth`
    /// values on its operand stack at `pc`. The code is for this frame
    /// only (it may rely on which locals are bound now); the function's
    /// own compile still comes at the end of the call.
    fn compile_osr(
        &mut self,
        _vm: &Vm,
        _code: &Rc<Code>,
        _globals: &ObjRef,
        _pc: usize,
        _frame: &[Value],
        _depth: usize,
    ) -> Option<Rc<dyn Compiled>> {
        None
    }

    /// Whether on-stack replacement code for `code`'s loop header `pc` is
    /// being compiled elsewhere ([`compile_osr`] started it and returned
    /// `None`): the loop asks again after [`OSR_POLL_COUNT`] more rounds,
    /// and meanwhile runs on interpreted.
    ///
    /// [`compile_osr`]: JitBackend::compile_osr
    fn osr_pending(&self, _code: &Code, _pc: usize) -> bool {
        false
    }

    /// The JIT's part of the `--stats` report.
    fn report(&self) -> Option<String> {
        None
    }

    /// The interpreter is shutting down: release every object compiled
    /// code holds (compiled code must not run afterwards; it hands every
    /// frame to the interpreter instead).
    fn shutdown(&mut self) {}

    /// Warnings to print when the program ends (for example a function
    /// named in the configuration that never ran).
    fn exit_warnings(&self) -> Vec<String> {
        Vec::new()
    }
}

/// Compiled code of one function (see the module documentation).
pub trait Compiled {
    /// Runs the function on a frame that has just been entered:
    /// `slots` starts at the frame's first local slot and extends over
    /// its operand stack (at least `code.nslots() + code.max_stack`
    /// values; the operand stack is empty). `globals` are the frame's.
    /// Code made by [`JitBackend::compile_osr`] runs instead on the frame
    /// it was made for, stopped at its loop header with its operand stack
    /// as it was then; if it cannot start there, it hands the frame back
    /// at that instruction unchanged.
    fn run(&self, vm: &mut Vm, globals: &ObjRef, slots: &mut [Value]) -> Exit;

    /// The address compiled callers read to call this code directly, not
    /// through [`Compiled::run`] (what it points to is the backend's
    /// business); 0 if they may not. The interpreter keeps it in
    /// [`Code::jit_direct`] exactly while this code is the function's
    /// and may run, so a caller never reaches code that was dropped.
    fn direct(&self) -> usize {
        0
    }

    /// Whether the interpreter should run this code when it calls the
    /// function (false: only compiled callers call it, directly; entering
    /// compiled code from the interpreter costs more than a small
    /// function's interpreted call).
    fn enter_from_interpreter(&self) -> bool {
        true
    }

    /// For code made by on-stack replacement: whether it can run a frame
    /// of its function stopped at loop header `pc` with `depth` operands
    /// (its slots `frame`), as it was made for one such frame.
    fn osr_fits(&self, _pc: usize, _frame: &[Value], _depth: usize) -> bool {
        false
    }
}

/// Where the interpreter resumes the frame compiled code handed back.
pub struct Exit {
    /// The instruction to execute next.
    pub pc: usize,
    /// How many values compiled code left on the operand stack.
    pub depth: usize,
    /// An exception raised at `pc` (by a C function or a runtime helper
    /// called from compiled code): the interpreter unwinds from there.
    pub raised: Option<PyErr>,
    /// The compiled code leaves too often to pay: the interpreter drops
    /// it and runs the function itself from now on.
    pub discard: bool,
}

/// Drops the compiled code of `code` (it left too often, or an
/// assumption it was compiled on no longer holds): its calls are
/// interpreted again, and counted toward a new compile with the feedback
/// of the calls since ([`recompile_count`]). The code itself is retired:
/// compiled callers that called it directly may still be running in it,
/// so it is freed only once no compiled code runs ([`run`]).
pub(crate) fn discard(vm: &mut Vm, code: &Code) {
    code.jit_direct.set(0);
    if let Some(c) = code.jit.borrow_mut().take() {
        vm.retired_jit.push(c);
    }
    code.plain_argc.set(code.initial_plain_argc());
    let n = code.jit_discards.get();
    code.jit_discards.set(n.saturating_add(1));
    code.jit_countdown
        .set(recompile_count(vm.jit.threshold(), n));
}

/// The count toward compiling again a function whose code was given up
/// `discards` times before: the JIT's threshold (at least 1), doubled for
/// each earlier discard up to 64 times, so that a function whose
/// assumptions keep changing costs at most one compile per 64 thresholds
/// of calls. Below `u32::MAX / 2`, which [`want`] reads as "asked before".
pub fn recompile_count(threshold: u32, discards: u8) -> u32 {
    if threshold == u32::MAX {
        return u32::MAX;
    }
    threshold
        .max(1)
        .saturating_mul(1 << discards.min(6))
        .min(u32::MAX / 2 - 1)
}

/// Runs compiled code on a frame (see [`Compiled::run`]), counting the
/// run in `vm.jit_runs`; when the outermost run returns, no compiled code
/// is running any more, and the code retired meanwhile is freed.
pub(crate) fn run(
    vm: &mut Vm,
    compiled: &Rc<dyn Compiled>,
    globals: &ObjRef,
    slots: &mut [Value],
) -> Exit {
    vm.jit_runs += 1;
    let exit = compiled.run(vm, globals, slots);
    vm.jit_runs -= 1;
    if vm.jit_runs == 0 && !vm.retired_jit.is_empty() {
        // Code that was retired may be the last reference to objects
        // with finalizers: dropped after the list is emptied.
        let retired = std::mem::take(&mut vm.retired_jit);
        drop(retired);
    }
    exit
}

/// The backend used when no JIT is installed: it compiles nothing, so the
/// interpreter keeps running every function.
pub struct NoJit;

impl JitBackend for NoJit {
    fn name(&self) -> &'static str {
        "none"
    }

    fn threshold(&self) -> u32 {
        u32::MAX
    }

    fn compile(
        &mut self,
        _vm: &Vm,
        _code: &Rc<Code>,
        _globals: &ObjRef,
    ) -> Option<Rc<dyn Compiled>> {
        None
    }
}

/// Asks the JIT to compile `code`, at a return or a call when its count
/// is out (once: the countdown then restarts from `u32::MAX`, unless the
/// compile runs elsewhere: then from [`POLL_COUNT`]). After this returns,
/// `code.jit` holds the compiled code if there is any.
#[cold]
#[inline(never)]
pub(crate) fn on_hot(vm: &mut Vm, code: &Rc<Code>, globals: &ObjRef) {
    code.jit_countdown.set(u32::MAX);
    if code.is_module {
        return;
    }
    let mut backend = std::mem::replace(&mut vm.jit, Box::new(NoJit));
    let compiled = backend.compile(vm, code, globals);
    // Asked once (a recursive function's compile `want`s itself), or
    // again soon while its compile runs elsewhere, or again later when
    // it may compile then.
    let again = if compiled.is_some() {
        u32::MAX
    } else if backend.pending(code) {
        POLL_COUNT
    } else if backend.retry(code) {
        RETRY_COUNT
    } else {
        u32::MAX
    };
    vm.jit = backend;
    code.jit_countdown.set(again);
    if let Some(c) = compiled {
        code.jit_direct.set(c.direct());
        let enter = c.enter_from_interpreter();
        *code.jit.borrow_mut() = Some(c);
        // Calls of the function now go where compiled code is entered:
        // the hot loop's inline call only takes plain interpreted calls.
        if enter {
            code.plain_argc.set(u32::MAX);
        }
    }
}

/// Calls plus back-edges of a function after which the interpreter asks
/// again about a function declined for now ([`JitBackend::retry`]): the
/// loop code of such a function's long calls leaves for the interpreter
/// rarely, so few back-edges are counted.
pub const RETRY_COUNT: u32 = 16;

/// Calls plus back-edges of a function after which the interpreter asks
/// again for code whose compile runs elsewhere ([`JitBackend::pending`]):
/// a compile takes a millisecond or two, and asking costs a look at the
/// compiles that finished.
pub const POLL_COUNT: u32 = 200;

/// Compiled code calls the function of `code` directly: a JIT compiles
/// it even without a loop (a call from compiled code to compiled code
/// costs less than the interpreter's), so a function the JIT declined
/// for that reason alone is asked about again at its next call.
pub fn want(code: &Code) {
    if code.jit_wanted.replace(true) {
        return;
    }
    // Asked before (its countdown restarted from `u32::MAX`, and has
    // counted the calls since) and declined: ask again.
    if code.quickened.get()
        && code.jit.borrow().is_none()
        && code.jit_countdown.get() > u32::MAX / 2
    {
        code.jit_countdown.set(0);
    }
}

/// Counts a loop back-edge of `code`: at zero the count stays there, and
/// the next return or call compiles.
#[inline(always)]
pub(crate) fn count_back_edge(code: &Code) {
    code.jit_countdown
        .set(code.jit_countdown.get().saturating_sub(1));
}

/// The count each loop starts with toward on-stack replacement, kept in
/// its JUMP_BACKWARD's counter (free: that instruction does not
/// specialize): the JIT's threshold, at most what the counter holds. 0
/// (no count) when the JIT compiles nothing or compiles at first calls.
pub fn osr_count(jit_threshold: u32) -> u16 {
    match jit_threshold {
        0 | u32::MAX => 0,
        t => t.min(u32::from(u16::MAX)) as u16,
    }
}

/// The count toward entering a loop's on-stack replacement code again
/// after it handed the frame back before the call's end (see
/// `eval::enter_osr`).
pub const OSR_REENTER_COUNT: u16 = 8;

/// The count toward asking again for on-stack replacement code that is
/// being compiled elsewhere ([`JitBackend::osr_pending`]): a compile takes
/// a few milliseconds, a loop's round about a microsecond.
pub const OSR_POLL_COUNT: u16 = 64;

/// What [`osr`] found for a frame at a loop header.
pub(crate) enum Osr {
    /// Code to run the frame on.
    Run(Rc<dyn Compiled>),
    /// Its code is being compiled elsewhere: ask again later.
    Pending,
    /// None: the loop goes on interpreted.
    No,
}

/// On-stack replacements of one code object at most: a call may need one
/// per loop (code made while the call runs leaves where the call has not
/// been yet, see `jit::build`), and a loop whose code keeps leaving
/// (its types change) may be compiled again, but not without end.
pub const OSR_PER_CODE: u8 = 8;

/// On-stack replacement: asks the JIT for code to run the frame `frame`
/// of `code`, stopped at the loop header `pc` with `depth` operands, on
/// from there (see [`JitBackend::compile_osr`]). Module bodies and
/// generators stay interpreted, as they do for [`on_hot`], and so does a
/// code object that had its [`OSR_PER_CODE`].
#[cold]
#[inline(never)]
pub(crate) fn osr(
    vm: &mut Vm,
    code: &Rc<Code>,
    globals: &ObjRef,
    pc: usize,
    frame: &[Value],
    depth: usize,
) -> Osr {
    // A function declined for now whose count ran out in a call that its
    // loop code may finish (never reaching the return that would ask
    // again): asked here, at a loop header (its earlier calls ran the
    // code after the loop already).
    if code.jit_countdown.get() == 0
        && code.jit.try_borrow().is_ok_and(|j| j.is_none())
        && vm.jit.retry(code)
    {
        on_hot(vm, code, globals);
    }
    // Code made for an earlier call of the function at this loop, when
    // this frame fits it (a recursive function's loop, a function called
    // again whose loop is hot at once).
    let cached = code
        .jit_osr
        .try_borrow()
        .ok()
        .and_then(|c| c.iter().find(|c| c.osr_fits(pc, frame, depth)).cloned());
    if let Some(c) = cached {
        return Osr::Run(c);
    }
    let left = code.jit_osr_left.get();
    if code.is_module || code.is_generator || left == 0 {
        return Osr::No;
    }
    let mut backend = std::mem::replace(&mut vm.jit, Box::new(NoJit));
    let compiled = backend.compile_osr(vm, code, globals, pc, frame, depth);
    let pending = compiled.is_none() && backend.osr_pending(code, pc);
    vm.jit = backend;
    if pending {
        // Counted when it is done, so that asking again costs nothing.
        return Osr::Pending;
    }
    code.jit_osr_left.set(left - 1);
    match compiled {
        Some(c) => {
            if let Ok(mut cache) = code.jit_osr.try_borrow_mut() {
                cache.push(c.clone());
            }
            Osr::Run(c)
        }
        None => Osr::No,
    }
}

/// Drops the on-stack replacement code `c` of `code` that left too often
/// (see [`Exit::discard`]), retired like [`discard`]'s.
pub(crate) fn discard_osr(vm: &mut Vm, code: &Code, c: &Rc<dyn Compiled>) {
    if let Ok(mut cache) = code.jit_osr.try_borrow_mut() {
        cache.retain(|k| !Rc::ptr_eq(k, c));
    }
    vm.retired_jit.push(c.clone());
}

/// Counts a call of `code` in the general loop, asking the JIT to compile
/// it when the count is out.
#[inline(always)]
pub(crate) fn count(vm: &mut Vm, code: &Rc<Code>, globals: &ObjRef) {
    let c = code.jit_countdown.get();
    if c == 0 {
        on_hot(vm, code, globals);
    } else {
        code.jit_countdown.set(c - 1);
    }
}
