//! The hot loop: the quickened forms that need no help from the rest of
//! the runtime, and calls and returns between Python functions.
//!
//! The general loop (`super::run_frames`) can execute every instruction,
//! but it is one very large function whose arms call into the runtime,
//! and the optimizer keeps its state (instruction and stack pointers, the
//! locals base, the value stack) in memory around those calls. This loop
//! is a small function with no calls on its fast paths, so that state stays
//! in registers. It runs while the next instruction is one it knows and its
//! guards hold; at anything else (a generic instruction, a guard miss, an
//! error about to happen, a call it cannot make inline, the return from the
//! run's outermost frame) it stops *before* the instruction, with the frame
//! state written back, and the general loop executes that instruction with
//! its full semantics: a quickened form's miss is counted there, not here.
//! C calls are the one exception to "no calls": code that makes them runs
//! in a second copy of the loop that makes them (see [`run`]).

use super::verified;
use super::{
    dup, float_cmp, int_add, int_cmp, int_floordiv, int_mod, int_mul, int_sub, norm_index, put,
};
use crate::bytecode::{Instr, Op};
use crate::frame::{ExecState, Frame, is_unbound_obj, take, unbound};
use crate::object::class::ClassData;
use crate::object::types::{self, Kind};
use crate::object::{
    DictObj, Function, Instance, IterObj, IterState, ListObj, ObjRef, PyErr, PyResult,
    RangeIterObj, StrObj, TupleObj, Value,
};
use crate::quicken::layout;
use crate::vm::Vm;
use abi::load_exact;
use std::cell::Cell;
use std::rc::Rc;

/// Whether the hot loop executes `op` (when its guards hold). The general
/// loop hands control back to the hot loop at these instructions.
pub(super) const fn is_hot(op: Op) -> bool {
    matches!(
        op,
        Op::Nop
            | Op::LoadFast
            | Op::LoadConst
            | Op::LoadFastLoadConst
            | Op::LoadFastLoadFast
            | Op::LoadFastLoadAttr
            | Op::LoadFastPopJump
            | Op::LoadFastStoreAttr
            | Op::LoadFastLoadMethod
            | Op::StoreFast
            | Op::PopTop
            | Op::Jump
            | Op::JumpBackward
            | Op::PopJumpIfFalse
            | Op::PopJumpIfTrue
            | Op::PopJumpIfNone
            | Op::PopJumpIfNotNone
            | Op::LoadGlobalModule
            | Op::LoadGlobalBuiltin
            | Op::LoadAttrModule
            | Op::LoadMethodModule
            | Op::BinaryOpAddInt
            | Op::BinaryOpSubInt
            | Op::BinaryOpMulInt
            | Op::BinaryOpModInt
            | Op::BinaryOpInt
            | Op::BinaryOpFloorDivInt
            | Op::BinaryOpAddFloat
            | Op::BinaryOpSubFloat
            | Op::BinaryOpMulFloat
            | Op::BinaryOpTrueDivFloat
            | Op::CompareOpIntJump
            | Op::CompareOpStrJump
            | Op::CompareOpStr
            | Op::LoadDeref
            | Op::CompareOpFloatJump
            | Op::CompareOpInt
            | Op::CompareOpFloat
            | Op::BinarySubscrListInt
            | Op::BinarySubscrTupleInt
            | Op::StoreSubscrListInt
            | Op::ForIterRange
            | Op::ForIterList
            | Op::UnpackSequenceTwoTuple
            | Op::UnpackSequenceTuple
            | Op::UnpackSequenceList
            | Op::BuildTuple
            | Op::BuildList
            | Op::Copy
            | Op::Swap
            | Op::CallPyExactArgs
            | Op::CallMethodPyExactArgs
            | Op::CallPyInit
            | Op::BinaryOpPy
            | Op::CallMethodListAppend
            | Op::LoadMethodType
            | Op::LoadMethodInstance
            | Op::LoadAttrInstanceValue
            | Op::StoreAttrInstanceValue
            | Op::LoadAttrSlot
            | Op::CallStr1
            | Op::BinaryOpInplaceAddStr
            | Op::ReturnValue
            | Op::IsOp
            | Op::UnaryNegative
            | Op::JumpIfFalseOrPop
            | Op::JumpIfTrueOrPop
            | Op::BinaryOpFloat
            | Op::BinaryOpMixed
            | Op::GetIter
            | Op::StoreSubscrDict
            | Op::ForIterGen
            | Op::Send
            | Op::YieldValue
    )
}

/// [`is_hot`] as a table, for the general loop's per-instruction check.
pub(super) static HOT: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < Op::ALL.len() {
        t[i] = is_hot(Op::ALL[i]);
        i += 1;
    }
    t
};

/// Runs the innermost frame of `st` (and the frames it calls) from its
/// saved instruction until an instruction this loop does not take; leaves
/// that frame's `pc` and `st.sp` pointing at it. `entry` is the number of
/// frames below the run's outermost frame, whose return is left to the
/// general loop.
///
/// With `C`, the loop also runs the C-call forms itself ([`ext_call`],
/// [`load_method_ext`] and, for `len()` of objects other than the built-in
/// containers, [`builtin_len`], inlined), calls of Rust builtins
/// ([`native_call`]) and FOR_ITER_NEXT's step, and, when one does not fit or its call
/// raised, stops with that in `stopped`; without `C` it stops before them,
/// leaves `stopped` alone, and [`ext_step`] runs them. The two are separate
/// copies because a call in the loop costs the other forms registers:
/// compiled into the only copy, the C call made the int loop 18% slower.
/// The general loop picks the `C` copy for code that has these forms
/// (`Code::calls_c`). There a C call costs ~110 fewer instructions than
/// the trip out to [`ext_step`] and back (callgrind: an iteration of
/// ffi_inc 600 -> 490), and takes less time (min of 5 interleaved runs:
/// ffi_inc 22%, ffi_fadd 17%, ffi_id 13%, cpyext_noargs 14% less). The
/// result is an out-parameter because returning it cost the copy without
/// `C` a register (fib: 2.7% more instructions).
#[inline(never)]
pub(super) fn run<const S: bool, const C: bool>(
    vm: &mut Vm,
    st: &mut ExecState,
    entry: usize,
    stopped: &mut Option<ExtStep>,
) {
    let mut sp = st.sp;
    // One iteration per switch of code: within it the code's units and
    // constants do not change, so the instruction loop below treats them
    // as invariants.
    'frame: loop {
        let Some(f) = st.frames.get(st.nframes.wrapping_sub(1)) else {
            return;
        };
        let units: &[Cell<Instr>] = &f.code.units;
        let consts: &[Value] = &f.code.consts;
        // Back-edges count toward compiling the code (`crate::jit`); a
        // return with the count out goes to the general loop, which
        // compiles.
        let countdown: &Cell<u32> = &f.code.jit_countdown;
        let stack: &mut [Value] = &mut st.stack[..];
        // One iteration per frame of this code: a call or a return between
        // two frames of the same code (recursion) changes only these.
        'code: loop {
            let Some(cur) = st.frames.get(st.nframes.wrapping_sub(1)) else {
                return;
            };
            let (mut pc, lb) = (cur.pc.get(), cur.lb.get());
            while let Some(u) = units.get(pc) {
                let ins = u.get();
                let arg = ins.arg;
                /// Counts the instruction as executed (with `--stats`) once it
                /// completed here.
                macro_rules! done {
                    () => {
                        if S && let Some(s) = vm.stats.as_deref_mut() {
                            s.executed(ins.op);
                        }
                    };
                }
                macro_rules! push {
                    ($v:expr) => {{
                        let v = $v;
                        match stack.get_mut(sp) {
                            Some(slot) => {
                                put(slot, v);
                                sp += 1;
                            }
                            None => break,
                        }
                    }};
                }
                macro_rules! int_arith {
                    ($f:expr) => {{
                        match stack.get_mut(sp.wrapping_sub(2)..sp) {
                            Some([Value::Int(a), Value::Int(b)]) => match $f(*a, *b) {
                                Ok(r) => *a = r,
                                Err(_) => break,
                            },
                            _ => break,
                        }
                        sp -= 1;
                        pc += 2;
                    }};
                }
                macro_rules! float_arith {
                    ($f:expr) => {{
                        match stack.get_mut(sp.wrapping_sub(2)..sp) {
                            // A NaN result needs a fresh identity
                            // (`Value::float`): the general loop makes it,
                            // so this loop makes no call.
                            Some([Value::Float(a), Value::Float(b)]) => {
                                let r = $f(*a, *b);
                                if r.is_nan() {
                                    break;
                                }
                                *a = r
                            }
                            _ => break,
                        }
                        sp -= 1;
                        pc += 2;
                    }};
                }
                /// The end of a COMPARE_OP form whose result is `r`: the
                /// `$jump` form jumps on it (fused with the conditional jump
                /// after its cache unit), the other pushes it.
                macro_rules! compared {
                    ($r:expr, $jump:expr) => {{
                        let r = $r;
                        if ins.op == $jump {
                            let Some(next) = jump_after(units, pc, r) else {
                                break;
                            };
                            sp -= 2;
                            pc = next;
                        } else {
                            sp -= 1;
                            put(&mut stack[sp - 1], Value::Bool(r));
                            pc += 2;
                        }
                    }};
                }
                /// Whether a call of `$func` with `$n` arguments, whose
                /// locals would start at `$lb2`, can be made here: a plain
                /// function of that many arguments (no cells to make), room
                /// on the stack, a frame slot to reuse (a new one is
                /// allocated fallibly by the general loop), below the
                /// recursion limit; and not compiled (see `crate::jit`).
                macro_rules! can_enter {
                    ($func:expr, $lb2:expr, $n:expr) => {{
                        let code: &Rc<crate::bytecode::Code> = &$func.code;
                        code.plain_argc.get() as usize == $n
                            && st.nframes != 0
                            && st.nframes < st.frames.len()
                            && !abi::pending::any()
                            && $lb2 + code.nslots() + (code.max_stack as usize) <= stack.len()
                            && vm.depth < vm.config.recursion_limit
                            && code.jit_countdown.get() != 0
                    }};
                }
                /// Enters `$func` (checked by [`can_enter`]) with its `$n`
                /// arguments in place from `$lb2`: the caller goes on at
                /// `$next` when the callee returns, as `$ret` says.
                macro_rules! enter_py {
                    ($func:expr, $lb2:expr, $n:expr, $next:expr, $ret:expr) => {{
                        let (func, lb2, n): (&Function, usize, usize) = ($func, $lb2, $n);
                        let ret: u8 = $ret;
                        let code = &func.code;
                        let nslots = code.nslots();
                        code.jit_countdown.set(code.jit_countdown.get() - 1);
                        done!();
                        vm.depth += 1;
                        crate::gc::maybe_collect();
                        if S && let Some(s) = vm.stats.as_deref_mut() {
                            s.call(code);
                        }
                        // The frame slot about to be reused usually still
                        // holds this very code and globals (recursion, a
                        // loop calling the same function): then there is
                        // nothing to replace.
                        let fresh = match st.frames.get(st.nframes) {
                            Some(f)
                                if Rc::ptr_eq(&f.code, code) && f.globals.ptr_eq(&func.globals) =>
                            {
                                None
                            }
                            _ => Some((code.clone(), func.globals.clone())),
                        };
                        for slot in &mut stack[lb2 + n..lb2 + nslots] {
                            put(slot, unbound());
                        }
                        let hb = vm.handled.len();
                        if let Some(caller) = st.frames.get(st.nframes - 1) {
                            caller.pc.set($next);
                        }
                        sp = lb2 + nslots;
                        let Some((code, globals)) = fresh else {
                            // The slot holds the code and globals already
                            // (so it exists: `fresh` is `None` only then).
                            // Matching the slot itself instead cost fib 7
                            // instructions per call.
                            let Some(callee) = st.frames.get(st.nframes) else {
                                break;
                            };
                            callee.start(0, lb2, sp, hb);
                            if ret != crate::frame::RETURN_PLAIN {
                                callee.on_return.set(ret);
                            }
                            st.nframes += 1;
                            // A call of the same code (recursion): its
                            // units and constants are the ones in hand.
                            if Rc::ptr_eq(&callee.code, &f.code) {
                                continue 'code;
                            }
                            continue 'frame;
                        };
                        match st.frames.get_mut(st.nframes) {
                            Some(callee) => {
                                callee.code = code;
                                callee.globals = globals;
                                callee.start(0, lb2, sp, hb);
                                if ret != crate::frame::RETURN_PLAIN {
                                    callee.on_return.set(ret);
                                }
                            }
                            None => st.frames.push(Frame {
                                code,
                                globals,
                                pc: Cell::new(0),
                                lb: Cell::new(lb2),
                                sb: Cell::new(sp),
                                hb: Cell::new(hb),
                                on_return: Cell::new(ret),
                            }),
                        }
                        st.nframes += 1;
                        continue 'frame;
                    }};
                }
                /// The end of `ins` run together with the C-call form `$call`
                /// at `$at` ([`local_call1`], [`method_call0`]): on to the
                /// instruction after the call, stopped at the call if it
                /// raised, or nothing done if the pair did not fit.
                macro_rules! fused_call {
                    ($outcome:expr, $call:expr, $at:expr) => {{
                        let (call, at) = ($call, $at);
                        match $outcome {
                            ExtOutcome::Pushed(new_sp) => {
                                sp = new_sp;
                                pc = at + 1 + call.op.cache_units();
                                if S && let Some(s) = vm.stats.as_deref_mut() {
                                    s.executed(ins.op);
                                    s.executed(call.op);
                                }
                                continue;
                            }
                            ExtOutcome::Unfit => {}
                            ExtOutcome::Raised(e, new_sp) => {
                                *stopped = Some(ExtStep::Raised(e, f.code.clone(), at));
                                (pc, sp) = (at, new_sp);
                                break;
                            }
                        }
                    }};
                }
                match ins.op {
                Op::Nop => pc += 1,
                Op::LoadFast => {
                    if !copy_local(stack, lb + arg as usize, sp) {
                        break;
                    }
                    sp += 1;
                    pc += 1;
                }
                // `local.name` of an instance value: the attribute is
                // pushed without the local's reference being counted up
                // and down (and with one dispatch for both).
                Op::LoadFastLoadAttr => {
                    let second = verified::next(units, pc, ins);
                    if second.op == Op::LoadAttrInstanceValue
                        && lb + (arg as usize) < sp
                        && let Some(Value::Obj(o)) = stack.get(lb + arg as usize)
                        && let Some(v) = instance_value(
                            o,
                            verified::cache(units, pc + 1, second),
                            verified::name(&f.code.names, second),
                        )
                    {
                        push!(v);
                        pc += const { 2 + Op::LoadAttr.cache_units() };
                        if S && let Some(s) = vm.stats.as_deref_mut() {
                            s.executed(Op::LoadAttrInstanceValue);
                        }
                    } else {
                        if !copy_local(stack, lb + arg as usize, sp) {
                            break;
                        }
                        sp += 1;
                        pc += 1;
                    }
                }
                // `local.name = v` of an instance value: stored with the
                // instance read from the local, never pushed (no reference
                // counted up and down, one dispatch for both).
                Op::LoadFastStoreAttr => {
                    let at = lb + arg as usize;
                    let second = verified::next(units, pc, ins);
                    if second.op == Op::StoreAttrInstanceValue
                        && at + 1 < sp
                        && let Some((below, [val])) =
                            stack.get_mut(..sp).map(|s| s.split_at_mut(sp - 1))
                        && let Some(Value::Obj(o)) = below.get(at)
                        && let Some((inst, index)) =
                            cached_instance(o, verified::cache(units, pc + 1, second))
                        && let name = verified::name(&f.code.names, second)
                        && (swap_attr(inst, index, name, val)
                            || o.ty()
                                .heap_data::<ClassData>()
                                .is_some_and(|cd| append_attr(cd, inst, index, name, val)))
                    {
                        // `val` holds the old value now, dropped as in
                        // STORE_ATTR_INSTANCE_VALUE.
                        drop(take(val));
                        sp -= 1;
                        pc += const { 2 + Op::StoreAttr.cache_units() };
                        if S && let Some(s) = vm.stats.as_deref_mut() {
                            s.executed(ins.op);
                            s.executed(second.op);
                        }
                        if abi::pending::any() {
                            break;
                        }
                        continue;
                    }
                    if !copy_local(stack, at, sp) {
                        break;
                    }
                    sp += 1;
                    pc += 1;
                }
                // `local.m(…)` of a method of the instance's class: the
                // function and the instance pushed with one dispatch.
                Op::LoadFastLoadMethod => {
                    let at = lb + arg as usize;
                    let second = verified::next(units, pc, ins);
                    if second.op == Op::LoadMethodInstance
                        && at < sp
                        && sp + 1 < stack.len()
                        && let Some(Value::Obj(o)) = stack.get(at)
                        && let Some(m) = instance_method(
                            o,
                            verified::cache(units, pc + 1, second),
                            verified::name(&f.code.names, second),
                        )
                    {
                        let recv = Value::Obj(o.clone());
                        put(&mut stack[sp], m);
                        put(&mut stack[sp + 1], recv);
                        sp += 2;
                        pc += const { 2 + Op::LoadMethod.cache_units() };
                        if S && let Some(s) = vm.stats.as_deref_mut() {
                            s.executed(ins.op);
                            s.executed(second.op);
                        }
                        continue;
                    }
                    if !copy_local(stack, at, sp) {
                        break;
                    }
                    sp += 1;
                    pc += 1;
                }
                // `if x is None:` or `if flag:` on a local: tested in
                // place, no reference counted up and down.
                Op::LoadFastPopJump => {
                    let jump = verified::next(units, pc, ins);
                    if lb + (arg as usize) < sp
                        && let Some(v) = stack.get(lb + arg as usize)
                        && let Some(taken) = local_jumps(v, jump.op)
                    {
                        pc = if taken { jump.arg as usize } else { pc + 2 };
                        if S && let Some(s) = vm.stats.as_deref_mut() {
                            s.executed(ins.op);
                            s.executed(jump.op);
                        }
                        continue;
                    }
                    if !copy_local(stack, lb + arg as usize, sp) {
                        break;
                    }
                    sp += 1;
                    pc += 1;
                }
                Op::LoadFastLoadConst | Op::LoadFastLoadFast => {
                    let Some(second) = units.get(pc + 1) else {
                        break;
                    };
                    let second = second.get().arg as usize;
                    // Two ints followed by an int form, or two floats
                    // followed by a float form: the three instructions run
                    // with one dispatch (see `fuse_int`, `fuse_float`).
                    let b = if ins.op == Op::LoadFastLoadConst {
                        consts.get(second)
                    } else {
                        stack.get(lb + second).filter(|_| lb + second < sp)
                    };
                    let fusion = match (
                        stack.get(lb + arg as usize).filter(|_| lb + (arg as usize) < sp),
                        b,
                    ) {
                        (Some(Value::Int(a)), Some(Value::Int(b))) => {
                            fuse_int(units, pc + 2, load_exact(a), load_exact(b))
                        }
                        (Some(Value::Float(a)), Some(Value::Float(b))) => {
                            fuse_float(units, pc + 2, load_exact(a), load_exact(b))
                        }
                        _ => None,
                    };
                    if let Some((form, fused)) = fusion {
                        match fused {
                            // `x += y`: a STORE_FAST right after an add
                            // takes the result in place when the local
                            // holds no object (nothing to drop).
                            Fused::Push(r, next)
                                if matches!(form, Op::BinaryOpAddInt | Op::BinaryOpAddFloat)
                                    && let Some(store) = units.get(next).map(Cell::get)
                                    && store.op == Op::StoreFast
                                    && lb + (store.arg as usize) < sp
                                    && let Some(slot) = stack.get_mut(lb + store.arg as usize)
                                    && !matches!(slot, Value::Obj(_)) =>
                            {
                                put(slot, r);
                                pc = next + 1;
                                if S && let Some(s) = vm.stats.as_deref_mut() {
                                    s.executed(Op::StoreFast);
                                }
                            }
                            Fused::Push(r, next) => {
                                let Some(slot) = stack.get_mut(sp) else { break };
                                put(slot, r);
                                sp += 1;
                                pc = next;
                            }
                            Fused::Jump(next) => pc = next,
                        }
                        if S && let Some(s) = vm.stats.as_deref_mut() {
                            s.executed(ins.op);
                            s.executed(form);
                        }
                        continue;
                    }
                    // `f(x)` of a local C function: the call after the pair
                    // runs with this dispatch (see `local_call1`).
                    if C
                        && let Some(call) = units.get(pc + 2).map(Cell::get)
                        && call.arg == 1
                        && matches!(
                            call.op,
                            Op::CallExtO | Op::CallExtFast | Op::CallExtVarArgs | Op::CallExtTyped
                        )
                    {
                        // `long -> long` with an int, the commonest typed
                        // call: one call into the C API, nothing boxed.
                        if call.op == Op::CallExtTyped
                            && let (Some(Value::Obj(f)), Some(Value::Int(a))) = (
                                stack.get(lb + arg as usize).filter(|_| lb + (arg as usize) < sp),
                                b,
                            )
                            && sp < stack.len()
                            && let Some(capi) = crate::ext::capi()
                            && let Some(r) = capi.call_typed_long(vm, f, load_exact(a))
                        {
                            let outcome = match r {
                                Ok(v) => {
                                    put(&mut stack[sp], Value::Int(v));
                                    ExtOutcome::Pushed(sp + 1)
                                }
                                Err(e) => ExtOutcome::Raised(e, sp),
                            };
                            fused_call!(outcome, call, pc + 2);
                        }
                        let x = if ins.op == Op::LoadFastLoadConst {
                            consts.get(second).map(Arg1::Const)
                        } else {
                            Some(Arg1::Local(lb + second))
                        };
                        let outcome = match x {
                            Some(x) if lb + (arg as usize) < sp && lb + second < sp => {
                                local_call1(vm, stack, sp, lb + arg as usize, x, call.op)
                            }
                            _ => ExtOutcome::Unfit,
                        };
                        fused_call!(outcome, call, pc + 2);
                    }
                    if ins.op == Op::LoadFastLoadConst {
                        let Some(c) = consts.get(second) else {
                            break;
                        };
                        if sp + 1 >= stack.len() || !copy_local(stack, lb + arg as usize, sp) {
                            break;
                        }
                        copy_to(&mut stack[sp + 1], c);
                    } else {
                        if !copy_local(stack, lb + arg as usize, sp) {
                            break;
                        }
                        if !copy_local(stack, lb + second, sp + 1) {
                            drop(take(&mut stack[sp]));
                            break;
                        }
                    }
                    sp += 2;
                    pc += 2;
                }
                Op::LoadConst => {
                    let (Some(v), Some(slot)) = (consts.get(arg as usize), stack.get_mut(sp))
                    else {
                        break;
                    };
                    copy_to(slot, v);
                    sp += 1;
                    pc += 1;
                }
                Op::StoreFast => {
                    if sp == 0 || lb + arg as usize >= sp - 1 {
                        break;
                    }
                    sp -= 1;
                    let v = take_scalar(&mut stack[sp]);
                    drop(std::mem::replace(&mut stack[lb + arg as usize], v));
                    pc += 1;
                }
                Op::PopTop => {
                    let Some(slot) = sp.checked_sub(1).and_then(|i| stack.get_mut(i)) else {
                        break;
                    };
                    // Dropped in place: `take` would load both words at once.
                    *slot = Value::None;
                    sp -= 1;
                    pc += 1;
                }
                Op::Jump => pc = arg as usize,
                Op::JumpBackward => {
                    // A safe point: the general loop raises what is
                    // pending (`abi::pending`, one relaxed load). While
                    // the loop counts (its own count, in the instruction's
                    // counter; 0: done, or no JIT), its back-edges count
                    // toward compiling the function too, which stops at
                    // zero (the next call or return compiles,
                    // `crate::jit`). At 1 the general loop takes the
                    // back-edge, and may go on with the loop compiled
                    // (on-stack replacement). A loop's count runs out
                    // with the function's, or later: once it is done,
                    // the function's has nothing left to count.
                    if abi::pending::any() {
                        break;
                    }
                    if ins.counter != 0 {
                        if ins.counter == 1 {
                            break;
                        }
                        u.set(ins.with(ins.op, ins.counter - 1));
                        countdown.set(countdown.get().saturating_sub(1));
                    }
                    pc = arg as usize;
                }
                Op::PopJumpIfFalse | Op::PopJumpIfTrue => {
                    // A bool, or an int (`if n & 1:`), tested in place.
                    let b = match stack.get(sp.wrapping_sub(1)) {
                        Some(Value::Bool(b)) => *b,
                        Some(Value::Int(i)) => *i != 0,
                        _ => break,
                    };
                    sp -= 1;
                    pc = if b == (ins.op == Op::PopJumpIfTrue) {
                        arg as usize
                    } else {
                        pc + 1
                    };
                }
                Op::PopJumpIfNone | Op::PopJumpIfNotNone => {
                    let Some(slot) = sp.checked_sub(1).and_then(|i| stack.get_mut(i)) else {
                        break;
                    };
                    // Popped here only when that frees nothing (see IS_OP).
                    if !not_last(slot, 0) {
                        break;
                    }
                    let none = matches!(slot, Value::None);
                    release_shared(take(slot));
                    sp -= 1;
                    pc = if none == (ins.op == Op::PopJumpIfNone) {
                        arg as usize
                    } else {
                        pc + 1
                    };
                }
                Op::LoadGlobalModule | Op::LoadGlobalBuiltin => {
                    // The frame's globals: through `f` in the copy without C
                    // calls, through `st` in the other, where keeping `f`
                    // live across the loop cost the C calls registers
                    // (measured: cpyext_noargs 5% slower, fib 4% faster).
                    let globals = if C {
                        st.frames
                            .get(st.nframes.wrapping_sub(1))
                            .and_then(|f| f.globals.downcast::<DictObj>())
                    } else {
                        f.globals.downcast::<DictObj>()
                    };
                    let dict = match (units.get(pc + 1..pc + 6), globals) {
                        (Some([g0, g1, b0, b1, _]), Some(gd))
                            if gd.keys_version()
                                == (g0.get().arg as u64 | (g1.get().arg as u64) << 32) =>
                        {
                            if ins.op == Op::LoadGlobalModule {
                                Some(gd)
                            } else {
                                let bver = b0.get().arg as u64 | (b1.get().arg as u64) << 32;
                                vm.builtins
                                    .downcast::<DictObj>()
                                    .filter(|bd| bd.keys_version() == bver)
                            }
                        }
                        _ => None,
                    };
                    let (Some(d), Some(ix), Some(slot)) =
                        (dict, units.get(pc + 5), stack.get_mut(sp))
                    else {
                        break;
                    };
                    let Ok(map) = d.try_entries() else { break };
                    let Some((_, v)) = map.get_index(ix.get().arg as usize) else {
                        break;
                    };
                    // `module.attr` right after, hitting its cache: the
                    // attribute is pushed in the module's place, which is
                    // never copied or dropped (callgrind: ~30 instructions
                    // of each `module.func()`).
                    if let Value::Obj(m) = v
                        && let Some(next) = units.get(pc + 6).map(Cell::get)
                        && matches!(next.op, Op::LoadAttrModule | Op::LoadMethodModule)
                        && let Some(a) = module_attr(m, units, pc + 6)
                    {
                        drop(map);
                        let method = next.op == Op::LoadMethodModule;
                        put(slot, a);
                        sp += 1;
                        if method {
                            match stack.get_mut(sp) {
                                Some(s) => put(s, Value::Obj(vm.null_marker.clone())),
                                None => {
                                    // No room for the NULL: the module
                                    // goes back, and the general loop takes
                                    // the attribute load.
                                    sp -= 1;
                                    drop(take(&mut stack[sp]));
                                    break;
                                }
                            }
                            sp += 1;
                        }
                        if S && let Some(s) = vm.stats.as_deref_mut() {
                            s.executed(ins.op);
                            s.executed(next.op);
                        }
                        pc += 6 + module_attr_len(method);
                        continue;
                    }
                    copy_to(slot, v);
                    drop(map);
                    sp += 1;
                    pc += 6;
                }
                // `module.name` and `module.func(...)`: the entry the
                // cache points to while the module dict's keys are
                // unchanged. In this loop, so that a C call spelled
                // `module.func(x)` stays in it (the C copy makes the call).
                Op::LoadAttrModule | Op::LoadMethodModule => {
                    let method = ins.op == Op::LoadMethodModule;
                    if method && sp >= stack.len() {
                        break;
                    }
                    let Some(Value::Obj(m)) = stack.get(sp.wrapping_sub(1)) else {
                        break;
                    };
                    let Some(v) = module_attr(m, units, pc) else {
                        break;
                    };
                    drop(std::mem::replace(&mut stack[sp - 1], v));
                    if method {
                        put(&mut stack[sp], Value::Obj(vm.null_marker.clone()));
                        sp += 1;
                    }
                    pc += module_attr_len(method);
                }
                Op::BinaryOpAddInt => int_arith!(int_add),
                Op::BinaryOpSubInt => int_arith!(int_sub),
                Op::BinaryOpMulInt => int_arith!(int_mul),
                Op::BinaryOpModInt => int_arith!(int_mod),
                // The bitwise operators of BINARY_OP_INT (the others may
                // overflow into a big int: the general loop's).
                Op::BinaryOpInt => int_arith!(|a, b| int_bitwise(arg, a, b)),
                Op::BinaryOpFloorDivInt => int_arith!(int_floordiv),
                Op::BinaryOpAddFloat => float_arith!(|a, b| a + b),
                Op::BinaryOpSubFloat => float_arith!(|a, b| a - b),
                Op::BinaryOpMulFloat => float_arith!(|a, b| a * b),
                Op::BinaryOpTrueDivFloat => {
                    match stack.get_mut(sp.wrapping_sub(2)..sp) {
                        Some([Value::Float(a), Value::Float(b)]) if *b != 0.0 => {
                            let r = *a / *b;
                            if r.is_nan() {
                                break;
                            }
                            *a = r
                        }
                        _ => break,
                    }
                    sp -= 1;
                    pc += 2;
                }
                // One arm per operand type: a shared arm spent ~8
                // instructions telling the four forms apart.
                Op::CompareOpIntJump | Op::CompareOpInt => {
                    let Some([Value::Int(a), Value::Int(b)]) = stack.get(sp.wrapping_sub(2)..sp)
                    else {
                        break;
                    };
                    let r = int_cmp(arg, *a, *b);
                    compared!(r, Op::CompareOpIntJump);
                }
                // Two strs compared (CPython's COMPARE_OP_STR_JUMP): the
                // jump is checked before the operands are released.
                Op::CompareOpStrJump | Op::CompareOpStr => {
                    let r = match stack.get(sp.wrapping_sub(2)..sp) {
                        Some([a, b]) => super::str_cmp(arg, a, b),
                        _ => None,
                    };
                    let Some(r) = r else { break };
                    let jump = ins.op == Op::CompareOpStrJump;
                    let next = if jump {
                        let Some(next) = jump_after(units, pc, r) else {
                            break;
                        };
                        next
                    } else {
                        pc + 2
                    };
                    drop(take(&mut stack[sp - 1]));
                    drop(take(&mut stack[sp - 2]));
                    if jump {
                        sp -= 2;
                    } else {
                        sp -= 1;
                        put(&mut stack[sp - 1], Value::Bool(r));
                    }
                    pc = next;
                }
                // A free or cell variable (a closure's, a generator
                // expression's): an empty cell is the general loop's error.
                Op::LoadDeref => {
                    let at = lb + f.code.nlocals() + arg as usize;
                    let Some(v) = super::cell_of(stack, at)
                        .and_then(|c| c.value.try_borrow().ok().and_then(|v| v.clone()))
                    else {
                        break;
                    };
                    push!(v);
                    pc += 1;
                }
                Op::CompareOpFloatJump | Op::CompareOpFloat => {
                    let Some([Value::Float(a), Value::Float(b)]) =
                        stack.get(sp.wrapping_sub(2)..sp)
                    else {
                        break;
                    };
                    let r = float_cmp(arg, *a, *b);
                    compared!(r, Op::CompareOpFloatJump);
                }
                // `s += t` for strs, stored into the local `s` came from:
                // the STORE_FAST after it is done here too. Other operands
                // go to the general loop.
                Op::BinaryOpInplaceAddStr => {
                    let next = pc + const { 1 + Op::BinaryOp.cache_units() };
                    let Some(store) = units.get(next).map(Cell::get) else {
                        break;
                    };
                    if store.op != Op::StoreFast
                        || !super::str_append_to_local(stack, sp, lb + store.arg as usize)
                    {
                        break;
                    }
                    sp -= 2;
                    pc = next + 1;
                }
                // Spelled without closures, as BINARY_SUBSCR_TUPLE_INT below.
                Op::BinarySubscrListInt => {
                    let Some([Value::Obj(o), Value::Int(i)]) = stack.get(sp.wrapping_sub(2)..sp)
                    else {
                        break;
                    };
                    if !o.is_type(&types::LIST) {
                        break;
                    }
                    let Some(l) = o.downcast::<ListObj>() else {
                        break;
                    };
                    let Ok(items) = l.items.try_borrow() else {
                        break;
                    };
                    let Some(k) = norm_index(*i, items.len()) else {
                        break;
                    };
                    let Some(item) = items.get(k) else {
                        break;
                    };
                    let v = dup(item);
                    drop(items);
                    // The index is an int: its slot needs no drop.
                    sp -= 1;
                    drop(std::mem::replace(&mut stack[sp - 1], v));
                    pc += 2;
                }
                // Spelled without closures: `.map(|k| dup(..))` compiled to
                // an out-of-line call in this function (callgrind,
                // small_build: 27 instructions per `t[i]`).
                Op::BinarySubscrTupleInt => {
                    let Some([Value::Obj(o), Value::Int(i)]) = stack.get(sp.wrapping_sub(2)..sp)
                    else {
                        break;
                    };
                    if !o.is_type(&types::TUPLE) {
                        break;
                    }
                    let Some(t) = o.downcast::<TupleObj>() else {
                        break;
                    };
                    let Some(k) = norm_index(*i, t.items.len()) else {
                        break;
                    };
                    let Some(item) = t.items.get(k) else {
                        break;
                    };
                    let v = dup(item);
                    sp -= 1;
                    drop(std::mem::replace(&mut stack[sp - 1], v));
                    pc += 2;
                }
                Op::StoreSubscrListInt => {
                    let Some([_, Value::Obj(o), Value::Int(i)]) = stack.get(sp.wrapping_sub(3)..sp)
                    else {
                        break;
                    };
                    if !o.is_type(&types::LIST) {
                        break;
                    }
                    let i = *i;
                    let c = take(&mut stack[sp - 2]);
                    let stored = match c.downcast::<ListObj>().map(|l| l.items.try_borrow_mut()) {
                        Some(Ok(mut items)) => match norm_index(i, items.len()) {
                            Some(k) => {
                                let new = take_scalar(&mut stack[sp - 3]);
                                // An int over the same int (the sieve crossing
                                // out an entry again) writes nothing.
                                let same = matches!(
                                    (&items[k], &new),
                                    (Value::Int(a), Value::Int(b)) if a == b
                                );
                                if !same {
                                    let old = std::mem::replace(&mut items[k], new);
                                    drop(items);
                                    drop(old);
                                }
                                true
                            }
                            None => false,
                        },
                        _ => false,
                    };
                    if !stored {
                        put(&mut stack[sp - 2], c);
                        break;
                    }
                    drop(c);
                    sp -= 3;
                    pc += 2;
                }
                Op::ForIterRange | Op::ForIterList => {
                    let Some(Value::Obj(o)) = stack.get(sp.wrapping_sub(1)) else {
                        break;
                    };
                    let next = if ins.op == Op::ForIterRange {
                        let Some(r) = o.downcast::<RangeIterObj>() else {
                            break;
                        };
                        r.next().map(Value::Int)
                    } else {
                        if !o.is_type(&types::LIST_ITER) {
                            break;
                        }
                        let Some(Ok(mut s)) =
                            o.downcast::<IterObj>().map(|io| io.state.try_borrow_mut())
                        else {
                            break;
                        };
                        let IterState::List { list, idx } = &mut *s else {
                            break;
                        };
                        let v = list
                            .downcast::<ListObj>()
                            .and_then(|l| l.items.try_borrow().ok())
                            .and_then(|items| items.get(*idx).map(dup));
                        match v {
                            Some(v) => {
                                *idx += 1;
                                Some(v)
                            }
                            // Exhausted for good, as in CPython: the
                            // iterator lets go of the list.
                            None => {
                                let old = std::mem::replace(&mut *s, IterState::Done);
                                drop(s);
                                drop(old);
                                None
                            }
                        }
                    };
                    match next {
                        // As in CPython 3.11's FOR_ITER_RANGE, a STORE_FAST
                        // right after (the usual `for name in ...`) is done
                        // here: no push, no pop, one dispatch fewer.
                        Some(v) => match units.get(pc + 2).map(Cell::get) {
                            // Only over a value that needs no drop (a
                            // drop here would cost the other arms registers).
                            Some(n)
                                if n.op == Op::StoreFast
                                    && lb + (n.arg as usize) + 1 < sp
                                    && !matches!(stack[lb + n.arg as usize], Value::Obj(_)) =>
                            {
                                put(&mut stack[lb + n.arg as usize], v);
                                if S && let Some(s) = vm.stats.as_deref_mut() {
                                    s.executed(Op::StoreFast);
                                }
                                pc += 3;
                            }
                            _ => {
                                push!(v);
                                pc += 2;
                            }
                        },
                        None => {
                            // An exhausted iterator: pop it and leave the
                            // loop (the general loop runs a finalization
                            // that freeing the list queued before going
                            // on, as CPython would).
                            sp -= 1;
                            drop(take(&mut stack[sp]));
                            pc = arg as usize;
                            if abi::pending::any() {
                                break;
                            }
                        }
                    }
                }
                Op::UnpackSequenceTwoTuple => {
                    let items = match stack.get(sp.wrapping_sub(1)) {
                        Some(Value::Obj(o)) if o.is_type(&types::TUPLE) => o
                            .downcast::<TupleObj>()
                            .filter(|t| t.items.len() == 2)
                            .map(|t| (dup(&t.items[0]), dup(&t.items[1]))),
                        _ => None,
                    };
                    let Some((a, b)) = items else { break };
                    if sp >= stack.len() {
                        break;
                    }
                    drop(std::mem::replace(&mut stack[sp - 1], b));
                    put(&mut stack[sp], a);
                    sp += 1;
                    pc += 2;
                }
                // `a[i] op= x` and chained comparisons shuffle the stack
                // with these.
                Op::Copy => {
                    let n = arg as usize;
                    let Some(v) = stack.get(sp.wrapping_sub(n)).filter(|_| n >= 1 && n <= sp).map(dup)
                    else {
                        break;
                    };
                    push!(v);
                    pc += 1;
                }
                Op::Swap => {
                    let i = sp.wrapping_sub(arg as usize);
                    if i >= sp {
                        break;
                    }
                    stack.swap(i, sp - 1);
                    pc += 1;
                }
                // The `arg` values on top of the stack become a tuple or a
                // list in their place (the bottom one first).
                Op::BuildTuple | Op::BuildList => {
                    let n = arg as usize;
                    let Some(from) = sp.checked_sub(n) else {
                        break;
                    };
                    if from >= stack.len() {
                        break;
                    }
                    let Some(slots) = stack.get_mut(from..sp) else {
                        break;
                    };
                    let items: Vec<Value> = slots.iter_mut().map(take).collect();
                    let v = if ins.op == Op::BuildTuple {
                        Value::tuple(items)
                    } else {
                        Value::list(items)
                    };
                    put(&mut stack[from], v);
                    sp = from + 1;
                    pc += 1;
                }
                // A tuple or list of exactly `arg` items: the items are
                // pushed in the container's place (last first), copied
                // straight from it.
                Op::UnpackSequenceTuple | Op::UnpackSequenceList => {
                    let n = arg as usize;
                    let fits = match stack.get(sp.wrapping_sub(1)) {
                        Some(Value::Obj(o)) if ins.op == Op::UnpackSequenceTuple => {
                            o.is_type(&types::TUPLE)
                                && o.downcast::<TupleObj>().is_some_and(|t| t.items.len() == n)
                        }
                        Some(Value::Obj(o)) => {
                            o.is_type(&types::LIST)
                                && o.downcast::<ListObj>().is_some_and(|l| {
                                    l.items.try_borrow().is_ok_and(|items| items.len() == n)
                                })
                        }
                        _ => false,
                    };
                    if !fits || n == 0 || sp - 1 + n > stack.len() {
                        break;
                    }
                    let at = sp - 1;
                    let container = std::mem::replace(&mut stack[at], Value::None);
                    let copied = match &container {
                        Value::Obj(o) => match (o.downcast::<TupleObj>(), o.downcast::<ListObj>()) {
                            (Some(t), _) => copy_items_reversed(&t.items, &mut stack[at..at + n]),
                            (None, Some(l)) => l
                                .items
                                .try_borrow()
                                .is_ok_and(|items| copy_items_reversed(&items, &mut stack[at..at + n])),
                            _ => false,
                        },
                        _ => false,
                    };
                    if !copied {
                        put(&mut stack[at], container);
                        break;
                    }
                    drop(container);
                    sp += n - 1;
                    pc += 2;
                }
                Op::CallMethodListAppend => {
                    if sp < 3 || stack[sp - 2].kind() != Kind::LIST {
                        break;
                    }
                    let is_append = matches!(&stack[sp - 3], Value::Obj(m) if m.kind() == Kind::BUILTIN
                    && m.downcast::<crate::object::Builtin>()
                        .is_some_and(|b| super::is_native(b.func, crate::methods::list_append)));
                    if !is_append {
                        break;
                    }
                    let Some([recv, v]) = stack.get_mut(sp - 2..sp) else {
                        break;
                    };
                    let Some(Ok(mut items)) =
                        recv.downcast::<ListObj>().map(|l| l.items.try_borrow_mut())
                    else {
                        break;
                    };
                    // A full list grows fallibly in the general loop (which
                    // raises MemoryError when it cannot); this check also
                    // lets `push` skip its own.
                    if items.len() == items.capacity() {
                        break;
                    }
                    items.push(take_scalar(v));
                    drop(items);
                    stack[sp - 2] = Value::None;
                    sp -= 3;
                    // The result, None, replaces the method.
                    stack[sp] = Value::None;
                    sp += 1;
                    pc += 3;
                }
                Op::LoadMethodType => {
                    // A method of a built-in type: (method, receiver).
                    let Some(Value::Obj(o)) = stack.get(sp.wrapping_sub(1)) else {
                        break;
                    };
                    let kind = o.kind();
                    let (Some(k), Some(m)) = (units.get(pc + 1), units.get(pc + 2)) else {
                        break;
                    };
                    // Not for a class deriving from the type: it may
                    // override the method.
                    if k.get().arg != kind + 1 || o.ty().is_heap_type() {
                        break;
                    }
                    let Some(method) = vm
                        .method_objs
                        .get(kind as usize)
                        .and_then(|t| t.get(m.get().arg as usize))
                        .map(dup)
                    else {
                        break;
                    };
                    if sp >= stack.len() {
                        break;
                    }
                    let recv = std::mem::replace(&mut stack[sp - 1], method);
                    put(&mut stack[sp], recv);
                    sp += 1;
                    pc += const { 1 + Op::LoadMethod.cache_units() };
                }
                // A method of a Python class found through the cache (the
                // class's version; no instance attribute of that hash, in a
                // small instance dict): (function, receiver), no bound
                // method, nothing dropped.
                Op::LoadMethodInstance => {
                    let Some(Value::Obj(o)) = stack.get(sp.wrapping_sub(1)) else {
                        break;
                    };
                    let Some(m) = instance_method(
                        o,
                        verified::cache(units, pc, ins),
                        verified::name(&f.code.names, ins),
                    ) else {
                        break;
                    };
                    if sp >= stack.len() {
                        drop(m);
                        break;
                    }
                    let recv = std::mem::replace(&mut stack[sp - 1], m);
                    put(&mut stack[sp], recv);
                    sp += 1;
                    pc += const { 1 + Op::LoadMethod.cache_units() };
                }
                // An instance attribute (the cache's guards, then the
                // entry at the cached index, whose key must be the code's
                // own name object). The instance on the stack is dropped
                // only when it is not its last reference, so that nothing
                // is freed here (no call); else the general loop runs it.
                Op::LoadAttrInstanceValue => {
                    let Some(Value::Obj(o)) = stack.get(sp.wrapping_sub(1)) else {
                        break;
                    };
                    if o.refcnt() <= 1 {
                        break;
                    }
                    let Some(v) = instance_value(
                        o,
                        verified::cache(units, pc, ins),
                        verified::name(&f.code.names, ins),
                    ) else {
                        break;
                    };
                    release_shared(std::mem::replace(&mut stack[sp - 1], v));
                    pc += const { 1 + Op::LoadAttr.cache_units() };
                }
                // A slot (`__slots__`): the class's version guard, then the
                // value at the cached index; an unset slot, or the last
                // reference to the instance, is the general loop's.
                Op::LoadAttrSlot => {
                    let Some(Value::Obj(o)) = stack.get(sp.wrapping_sub(1)) else {
                        break;
                    };
                    if o.refcnt() <= 1 {
                        break;
                    }
                    let Some(v) = slot_value(o, verified::cache(units, pc, ins)) else {
                        break;
                    };
                    release_shared(std::mem::replace(&mut stack[sp - 1], v));
                    pc += const { 1 + Op::LoadAttr.cache_units() };
                }
                // An instance attribute replaced in place; the old value and
                // the instance are dropped only when neither is the last
                // reference (see LOAD_ATTR_INSTANCE_VALUE).
                Op::StoreAttrInstanceValue => {
                    let Some([val, Value::Obj(o)]) = stack.get_mut(sp.wrapping_sub(2)..sp) else {
                        break;
                    };
                    if o.refcnt() <= 1 {
                        break;
                    }
                    let Some((inst, index)) = cached_instance(o, verified::cache(units, pc, ins))
                    else {
                        break;
                    };
                    let name = verified::name(&f.code.names, ins);
                    if !swap_attr(inst, index, name, val)
                        && !o
                            .ty()
                            .heap_data::<ClassData>()
                            .is_some_and(|cd| append_attr(cd, inst, index, name, val))
                    {
                        break;
                    }
                    // `val` holds the old value now (dropped once the
                    // instance is no longer borrowed: freeing it may run
                    // any code).
                    drop(take(val));
                    release_shared(take(&mut stack[sp - 1]));
                    sp -= 2;
                    pc += const { 1 + Op::StoreAttr.cache_units() };
                    // Freeing the old value may have queued a generator's
                    // finalization: the general loop runs it before the
                    // next instruction, where CPython would have.
                    if abi::pending::any() {
                        break;
                    }
                }
                Op::CallStr1 => {
                    // `str(i)` of an int (other arguments take the general loop).
                    let (Some(Value::Obj(f)), Some(Value::Int(i))) =
                        (stack.get(sp.wrapping_sub(2)), stack.get(sp.wrapping_sub(1)))
                    else {
                        break;
                    };
                    if !super::is_static_type(f, &types::STR) {
                        break;
                    }
                    let s = super::int_to_str(*i);
                    sp -= 1;
                    // The str type is immortal: replacing it needs no drop.
                    drop(std::mem::replace(&mut stack[sp - 1], s));
                    pc += 3;
                }
                // A method call with its receiver (LOAD_METHOD_INSTANCE
                // left the function and the instance): the receiver is the
                // first argument, already in place. Without one, the
                // general loop closes the gap.
                Op::CallPyExactArgs | Op::CallMethodPyExactArgs => {
                    let n = arg as usize + usize::from(ins.op == Op::CallMethodPyExactArgs);
                    let lb2 = sp.wrapping_sub(n);
                    let Some(Value::Obj(fo)) = stack.get(lb2.wrapping_sub(1)) else {
                        break;
                    };
                    if fo.kind() != Kind::FUNCTION || lb2 > sp {
                        break;
                    }
                    if ins.op == Op::CallMethodPyExactArgs
                        && matches!(stack.get(lb2), Some(Value::Obj(r)) if super::is_static_type(r, &crate::vm::NULL_MARKER))
                    {
                        break;
                    }
                    let Some(func) = fo.downcast::<Function>() else {
                        break;
                    };
                    if !can_enter!(func, lb2, n) {
                        break;
                    }
                    enter_py!(func, lb2, n, pc + 3, crate::frame::RETURN_PLAIN);
                }
                // `cls(args…)` of a Python class with a plain `__init__`:
                // [cls, args…] becomes [instance, __init__, instance,
                // args…], and the instance below the frame is the call's
                // result when `__init__` returns None (see ReturnValue).
                Op::CallPyInit => {
                    let n = arg as usize;
                    let fpos = sp.wrapping_sub(n + 1);
                    if fpos >= sp {
                        break;
                    }
                    let Some(Value::Obj(cls)) = stack.get(fpos) else {
                        break;
                    };
                    let Some(init) = super::init_cached(cls, units, pc, n) else {
                        break;
                    };
                    let Some(func) = init.downcast::<Function>() else {
                        break;
                    };
                    if !can_enter!(func, fpos + 2, n + 1) {
                        break;
                    }
                    let Some(inst) = crate::classes::new_plain_instance(cls) else {
                        break;
                    };
                    stack[fpos + 1..sp + 2].rotate_right(2);
                    sp += 2;
                    let cls = std::mem::replace(&mut stack[fpos], Value::Obj(inst.clone()));
                    put(&mut stack[fpos + 1], Value::Obj(init.clone()));
                    put(&mut stack[fpos + 2], Value::Obj(inst));
                    drop(cls);
                    let Some(Value::Obj(init)) = stack.get(fpos + 1) else {
                        break;
                    };
                    let Some(func) = init.downcast::<Function>() else {
                        break;
                    };
                    enter_py!(
                        func,
                        fpos + 2,
                        n + 1,
                        pc + 1 + Op::Call.cache_units(),
                        crate::frame::RETURN_INIT
                    );
                }
                // `a <op> b` through a plain Python method of `a`'s class:
                // [a, b] becomes [a, b, method, a, b]; the operands stay
                // below the frame for a `NotImplemented` result, which the
                // general loop takes on from the return.
                Op::BinaryOpPy => {
                    let found = match stack.get(sp.wrapping_sub(2)..sp) {
                        Some([a, b]) if arg < 13 => super::binop_method(a, b, arg),
                        _ => None,
                    };
                    let Some(m) = found else {
                        break;
                    };
                    let Some(func) = m.downcast::<Function>() else {
                        break;
                    };
                    if !can_enter!(func, sp + 1, 2) {
                        break;
                    }
                    let (a, b) = (dup(&stack[sp - 2]), dup(&stack[sp - 1]));
                    put(&mut stack[sp], Value::Obj(m));
                    put(&mut stack[sp + 1], a);
                    put(&mut stack[sp + 2], b);
                    sp += 3;
                    let Some(Value::Obj(m)) = stack.get(sp - 3) else {
                        break;
                    };
                    let Some(func) = m.downcast::<Function>() else {
                        break;
                    };
                    enter_py!(
                        func,
                        sp - 2,
                        2,
                        pc + 1 + Op::BinaryOp.cache_units(),
                        crate::frame::RETURN_BINOP + arg as u8
                    );
                }
                Op::UnaryNegative => {
                    match stack.get_mut(sp.wrapping_sub(1)) {
                        Some(Value::Int(i)) if *i != i64::MIN => *i = -*i,
                        // A NaN result needs a fresh identity: the
                        // general loop makes it.
                        Some(Value::Float(x)) if !x.is_nan() => *x = -*x,
                        _ => break,
                    }
                    pc += 1;
                }
                // `a and b`, `a or b` on a bool, int, float or None: its
                // truth needs no call, and popping it no drop.
                Op::JumpIfFalseOrPop | Op::JumpIfTrueOrPop => {
                    let truth = match stack.get(sp.wrapping_sub(1)) {
                        Some(Value::Bool(b)) => *b,
                        Some(Value::Int(i)) => *i != 0,
                        Some(Value::Float(x)) => *x != 0.0,
                        Some(Value::None) => false,
                        _ => break,
                    };
                    if truth == (ins.op == Op::JumpIfTrueOrPop) {
                        pc = arg as usize;
                    } else {
                        sp -= 1;
                        std::mem::forget(take_scalar(&mut stack[sp]));
                        pc += 1;
                    }
                }
                // `//`, `%` and `**` of two floats (FLOAT) or of a float
                // and an int (MIXED, any operator). An error or a NaN
                // result is the general loop's (it raises, or makes the
                // NaN's identity).
                Op::BinaryOpFloat | Op::BinaryOpMixed => {
                    let Some([x, y]) = stack.get_mut(sp.wrapping_sub(2)..sp) else {
                        break;
                    };
                    let (a, b) = match (&*x, &*y) {
                        (Value::Float(a), Value::Float(b)) if ins.op == Op::BinaryOpFloat => (*a, *b),
                        (Value::Float(a), Value::Int(b)) if ins.op == Op::BinaryOpMixed => (*a, *b as f64),
                        (Value::Int(a), Value::Float(b)) if ins.op == Op::BinaryOpMixed => (*a as f64, *b),
                        _ => break,
                    };
                    match crate::ops::float_op(crate::bytecode::BinOp::from_arg(arg), a, b) {
                        Ok(Value::Float(r)) if !r.is_nan() => *x = Value::Float(r),
                        _ => break,
                    }
                    sp -= 1;
                    pc += 2;
                }
                // `iter()` of a list or a range, as `for` starts: the
                // iterator takes the popped reference over.
                Op::GetIter => {
                    let Some(slot) = stack.get_mut(sp.wrapping_sub(1)) else {
                        break;
                    };
                    let Value::Obj(o) = &*slot else {
                        break;
                    };
                    let it = if o.is_type(&types::LIST) {
                        IterObj::new_obj(
                            &types::LIST_ITER,
                            IterState::List {
                                list: o.clone(),
                                idx: 0,
                            },
                        )
                    } else if o.is_type(&types::RANGE)
                        && let Some(r) = o.downcast::<crate::object::RangeObj>()
                        && r.big.is_none()
                    {
                        RangeIterObj::new_obj(r.start, r.step, r.len())
                    } else {
                        break;
                    };
                    drop(std::mem::replace(slot, Value::Obj(it)));
                    pc += 1;
                }
                // `d[k] = v` on a dict whose keys compare without Python
                // code, with a key that hashes without it.
                Op::StoreSubscrDict => {
                    let Some([_, Value::Obj(o), k]) = stack.get(sp.wrapping_sub(3)..sp) else {
                        break;
                    };
                    // Exactly `dict`: a class deriving from it may
                    // define `__setitem__`.
                    if !o.is_type(&types::DICT)
                        || o.downcast::<DictObj>().is_none_or(|d| d.has_vm_keys())
                    {
                        break;
                    }
                    let Ok(key) = crate::object::DictKey::new(k.clone()) else {
                        break;
                    };
                    sp -= 3;
                    let k = take(&mut stack[sp + 2]);
                    let c = take(&mut stack[sp + 1]);
                    let v = take(&mut stack[sp]);
                    if let Some(d) = c.downcast::<DictObj>() {
                        d.insert(key, v);
                    }
                    drop(k);
                    drop(c);
                    pc += const { 1 + Op::StoreSubscr.cache_units() };
                    // Replacing a value may have queued a finalization.
                    if abi::pending::any() {
                        break;
                    }
                }
                Op::IsOp => {
                    let Some([a, b]) = stack.get_mut(sp.wrapping_sub(2)..sp) else {
                        break;
                    };
                    // The operands are dropped here only when neither is
                    // the last reference, so that no deallocation (a call)
                    // is compiled in: a call in this arm, even out of line,
                    // costs the other arms registers (measured: 8% more
                    // instructions on the int loop). The general loop
                    // takes the rest.
                    let same = a.is(b);
                    let both = same && matches!(b, Value::Obj(_));
                    if !(not_last(a, 0) && not_last(b, both as isize)) {
                        break;
                    }
                    let r = same != (arg == 1);
                    release_shared(take(a));
                    release_shared(take(b));
                    sp -= 1;
                    put(&mut stack[sp - 1], Value::Bool(r));
                    pc += 1;
                }
                Op::ReturnValue => {
                    // The general loop's return compiles a function that
                    // got hot during this call (`crate::jit`).
                    if st.nframes <= entry + 1
                        || sp == 0
                        || lb == 0
                        || sp < lb
                        || countdown.get() == 0
                    {
                        break;
                    }
                    let Some((hb, on_return)) = st
                        .frames
                        .get(st.nframes - 1)
                        .map(|f| (f.hb.get(), f.on_return.get()))
                    else {
                        break;
                    };
                    // The return of an `__init__` (CALL_PY_INIT) that gave
                    // None, or of an operator's method (BINARY_OP_PY) that
                    // gave anything but NotImplemented, ends here (see
                    // `returned`); the other cases raise or go on with the
                    // protocol in the general loop.
                    let fits = match on_return {
                        crate::frame::RETURN_PLAIN => true,
                        crate::frame::RETURN_INIT => matches!(stack[sp - 1], Value::None),
                        r if r >= crate::frame::RETURN_BINOP => {
                            lb >= 3 && stack[sp - 1].kind() != Kind::NOT_IMPLEMENTED
                        }
                        // A generator's frame.
                        _ => false,
                    };
                    if !fits {
                        break;
                    }
                    sp -= 1;
                    let v = take_scalar(&mut stack[sp]);
                    let base = lb - 1;
                    for slot in &mut stack[base..sp] {
                        *slot = Value::None;
                    }
                    sp = returned(stack, base, on_return, v);
                    done!();
                    st.nframes -= 1;
                    if vm.handled.len() > hb {
                        vm.handled.truncate(hb);
                    }
                    vm.depth -= 1;
                    // Back in a frame of the same code (recursion): its
                    // units and constants are the ones in hand.
                    if let Some(caller) = st.frames.get(st.nframes.wrapping_sub(1))
                        && Rc::ptr_eq(&caller.code, &f.code)
                    {
                        continue 'code;
                    }
                    continue 'frame;
                }
                // A generator resumed by a `for` loop or `yield from` runs
                // in a frame of this run (`crate::generator::push_inline`),
                // and its yield hands the value back to this run's caller
                // frame: neither takes a nested run or the general loop.
                Op::ForIterGen => {
                    st.sp = sp;
                    let after = pc + 1 + ins.op.cache_units();
                    if !crate::generator::push_inline(vm, st, after, crate::frame::RETURN_GEN_FOR) {
                        break;
                    }
                    done!();
                    sp = st.sp;
                    continue 'frame;
                }
                Op::Send => {
                    st.sp = sp;
                    if !crate::generator::push_inline(vm, st, pc + 1, crate::frame::RETURN_GEN_SEND) {
                        break;
                    }
                    done!();
                    sp = st.sp;
                    continue 'frame;
                }
                Op::YieldValue => {
                    // (A generator's frame that is the entry of its own run
                    // returns from the run: the general loop's. A value
                    // yielded to `sum()` is added by `ext_step`: code for it
                    // here cost the other forms registers.)
                    if !st
                        .frames
                        .get(st.nframes.wrapping_sub(1))
                        .is_some_and(|f| crate::frame::yields_to_caller(f.on_return.get()))
                    {
                        break;
                    }
                    st.sp = sp;
                    if !crate::generator::yield_inline(vm, st, pc + 1) {
                        break;
                    }
                    done!();
                    sp = st.sp;
                    continue 'frame;
                }
                // `len()` of a list, tuple, str or dict needs no call.
                Op::CallBuiltinLen if len_in_place(stack, sp) => {
                    sp -= 1;
                    pc += 1 + ins.op.cache_units();
                }
                Op::LoadMethodExt => {
                    if !C {
                        break;
                    }
                    // `obj.m()`: the call right after runs with this
                    // dispatch (see `method_call0`).
                    let at = pc + 1 + ins.op.cache_units();
                    if let Some(call) = units.get(at).map(Cell::get)
                        && call.op == Op::CallMethodExtNoArgs
                        && call.arg == 0
                    {
                        fused_call!(method_call0(vm, stack, sp, units, pc), call, at);
                    }
                    if !load_method_ext(&vm.ext_methods, stack, sp, units, pc) {
                        *stopped = Some(ExtStep::Declined);
                        break;
                    }
                    sp += 1;
                    pc += 1 + ins.op.cache_units();
                }
                Op::ForIterNext => {
                    if !C {
                        break;
                    }
                    let Some(it) = stack.get(sp.wrapping_sub(1)).filter(|_| sp < stack.len())
                    else {
                        break;
                    };
                    if !crate::quicken::for_iter_next_fits(it) {
                        *stopped = Some(ExtStep::Declined);
                        break;
                    }
                    let it = it.clone();
                    match crate::ops::iter_next(vm, &it) {
                        Ok(Some(v)) => {
                            put(&mut stack[sp], v);
                            sp += 1;
                            pc += 1 + ins.op.cache_units();
                        }
                        Ok(None) => {
                            sp -= 1;
                            drop(take(&mut stack[sp]));
                            pc = arg as usize;
                        }
                        Err(e) => {
                            let code = f.code.clone();
                            if let Some(f) = st.frames.get(st.nframes.wrapping_sub(1)) {
                                f.pc.set(pc);
                            }
                            st.sp = sp;
                            *stopped = Some(ExtStep::Raised(e, code, pc));
                            return;
                        }
                    }
                }
                Op::CallBuiltinLen
                | Op::CallBuiltin
                | Op::CallMethodBuiltin
                | crate::bytecode::ext_call_forms!() => {
                    if !C {
                        break;
                    }
                    match ext_form(vm, stack, sp, units, pc, ins) {
                        ExtOutcome::Pushed(new_sp) => {
                            sp = new_sp;
                            pc += 1 + ins.op.cache_units();
                        }
                        // The general loop takes the form (and counts the miss).
                        ExtOutcome::Unfit => {
                            *stopped = Some(ExtStep::Declined);
                            break;
                        }
                        ExtOutcome::Raised(e, new_sp) => {
                            let code = f.code.clone();
                            if let Some(f) = st.frames.get(st.nframes.wrapping_sub(1)) {
                                f.pc.set(pc);
                            }
                            st.sp = new_sp;
                            *stopped = Some(ExtStep::Raised(e, code, pc));
                            return;
                        }
                    }
                }
                // Everything else is the general loop's (listed, not `_`, so
                // the match is exhaustive and dispatch needs no range check).
                Op::Cache
                | Op::DeleteFast
                | Op::StoreDeref
                | Op::DeleteDeref
                | Op::LoadClosure
                | Op::LoadGlobal
                | Op::StoreGlobal
                | Op::DeleteGlobal
                | Op::LoadName
                | Op::StoreName
                | Op::DeleteName
                | Op::LoadBuildClass
                | Op::LoadAttr
                | Op::StoreAttr
                | Op::DeleteAttr
                | Op::LoadMethod
                | Op::BinaryOp
                | Op::UnaryPositive
                | Op::UnaryInvert
                | Op::UnaryNot
                | Op::CompareOp
                | Op::ContainsOp
                | Op::BinarySubscr
                | Op::StoreSubscr
                | Op::DeleteSubscr
                | Op::BuildSlice
                | Op::BuildMap
                | Op::BuildString
                | Op::ListAppend
                | Op::ListExtend
                | Op::MapAdd
                | Op::BuildSet
                | Op::SetAdd
                | Op::SetUpdate
                | Op::UnpackEx
                | Op::DictMerge
                | Op::DictUpdate
                | Op::ListToTuple
                | Op::FormatValue
                | Op::UnpackSequence
                | Op::ForIter
                | Op::MakeFunction
                | Op::Call
                | Op::CallKw
                | Op::CallMethod
                | Op::CallEx
                | Op::RaiseVarargs
                | Op::Reraise
                | Op::PushExcInfo
                | Op::PopExcept
                | Op::CheckExcMatch
                | Op::LoadAssertionError
                | Op::ImportName
                | Op::ImportFrom
                | Op::ImportStar
                | Op::ReturnGenerator
                | Op::GetYieldFromIter
                | Op::BeforeWith
                | Op::WithExceptStart
                | Op::StoreAttrSlot
                | Op::BinaryOpAddStr
                | Op::BinarySubscrDict
                // Run by `ext_step` from both copies: in the copy with C
                // calls, any form added costs the calls there ~12
                // instructions (cpyext_noargs 547 -> 560, onearg_int 646 ->
                // 661), against ~110 saved on each `obj[key]`.
                | Op::BinarySubscrExt
                | Op::CallPyWithDefaults
                | Op::CallBuiltinIsinstance
                | Op::CallType
                | Op::GetLen
                | Op::MatchMapping
                | Op::MatchSequence
                | Op::MatchKeys
                | Op::MatchClass => break,
            }
                done!();
            }
            // Stopped before the instruction at `pc`: the general loop takes it.
            if let Some(f) = st.frames.get(st.nframes.wrapping_sub(1)) {
                f.pc.set(pc);
            }
            st.sp = sp;
            return;
        }
    }
}

/// LOAD_ATTR_MODULE's or LOAD_METHOD_MODULE's hit at `at` for module
/// `m`: the attribute its cache points to, while the module dict's keys
/// are unchanged.
#[inline(always)]
fn module_attr(m: &ObjRef, units: &[Cell<Instr>], at: usize) -> Option<Value> {
    let d = m
        .downcast::<crate::object::ModuleObj>()?
        .dict
        .downcast::<DictObj>()?;
    let [v0, v1, ix] = units.get(at + 1..at + 4)? else {
        return None;
    };
    if d.keys_version() != (v0.get().arg as u64 | (v1.get().arg as u64) << 32) {
        return None;
    }
    let map = d.try_entries().ok()?;
    let (_, v) = map.get_index(ix.get().arg as usize)?;
    Some(dup(v))
}

/// The length of LOAD_METHOD_MODULE (`method`) or LOAD_ATTR_MODULE with
/// its cache.
#[inline(always)]
const fn module_attr_len(method: bool) -> usize {
    if method {
        1 + Op::LoadMethod.cache_units()
    } else {
        1 + Op::LoadAttr.cache_units()
    }
}

/// Where a COMPARE_OP_*_JUMP at `at` goes when its comparison gave `r`:
/// the target of the POP_JUMP_IF_TRUE or POP_JUMP_IF_FALSE after its cache
/// unit if that jump is taken, else the instruction after the jump. `None`
/// if no such jump follows.
#[inline(always)]
fn jump_after(units: &[Cell<Instr>], at: usize, r: bool) -> Option<usize> {
    let j = units.get(at + 2)?.get();
    let on_true = j.op == Op::PopJumpIfTrue;
    if !on_true && j.op != Op::PopJumpIfFalse {
        return None;
    }
    Some(if r == on_true { j.arg as usize } else { at + 3 })
}

/// What [`fuse_int`] or [`fuse_float`] did.
enum Fused {
    /// Computed the int or float to push; the pc after the form.
    Push(Value, usize),
    /// Compared and jumped: the pc jumped to, or the one after the jump.
    Jump(usize),
}

/// A dynamic superinstruction: runs the int form at `at` on `a` and `b`,
/// the two ints that the LOAD_FAST__LOAD_CONST or LOAD_FAST__LOAD_FAST
/// before it has read but not pushed. The forms are BINARY_OP_ADD_INT,
/// _SUB_INT, _MUL_INT, _MOD_INT, _FLOORDIV_INT and BINARY_OP_INT (the
/// bitwise operators), the last three with a conditional jump after them
/// if there is one, and COMPARE_OP_INT_JUMP with its conditional jump.
/// Returns the form and what it did, or `None`, having done nothing, for
/// any other instruction, an i64 overflow or operands the form raises on
/// (a zero divisor, a negative shift count): then the pair pushes its
/// values and the form runs on its own (and misses or not, as it would).
///
/// Nothing is rewritten, so nothing deopts: a jump to the form still runs
/// it alone, and a form that went back to generic is simply not fused.
#[inline(always)]
fn fuse_int(units: &[Cell<Instr>], at: usize, a: i64, b: i64) -> Option<(Op, Fused)> {
    let form = units.get(at)?.get();
    let fused = match form.op {
        Op::BinaryOpAddInt => Fused::Push(Value::Int(int_add(a, b).ok()?), at + 2),
        Op::BinaryOpSubInt => Fused::Push(Value::Int(int_sub(a, b).ok()?), at + 2),
        Op::BinaryOpMulInt => Fused::Push(Value::Int(int_mul(a, b).ok()?), at + 2),
        Op::CompareOpIntJump => Fused::Jump(jump_after(units, at, int_cmp(form.arg, a, b))?),
        // `x % n`, `x & 1` and the like, often tested at once (`if x & 1:`):
        // a conditional jump right after takes the int where it would be
        // pushed.
        Op::BinaryOpModInt | Op::BinaryOpFloorDivInt | Op::BinaryOpInt => {
            let r = match form.op {
                Op::BinaryOpModInt => int_mod(a, b).ok()?,
                Op::BinaryOpFloorDivInt => int_floordiv(a, b).ok()?,
                _ => int_bitwise(form.arg, a, b).ok()?,
            };
            match jump_after(units, at, r != 0) {
                Some(next) => Fused::Jump(next),
                None => Fused::Push(Value::Int(r), at + 2),
            }
        }
        _ => return None,
    };
    Some((form.op, fused))
}

/// [`fuse_int`] for two floats: the forms are BINARY_OP_ADD_FLOAT, _SUB_,
/// _MUL_ and COMPARE_OP_FLOAT_JUMP. A NaN result is left to the form run
/// on its own (the general loop gives it its fresh identity, as
/// `float_arith` does).
#[inline(always)]
fn fuse_float(units: &[Cell<Instr>], at: usize, a: f64, b: f64) -> Option<(Op, Fused)> {
    let form = units.get(at)?.get();
    let r = match form.op {
        Op::BinaryOpAddFloat => a + b,
        Op::BinaryOpSubFloat => a - b,
        Op::BinaryOpMulFloat => a * b,
        Op::CompareOpFloatJump => {
            let next = jump_after(units, at, float_cmp(form.arg, a, b))?;
            return Some((form.op, Fused::Jump(next)));
        }
        _ => return None,
    };
    if r.is_nan() {
        return None;
    }
    Some((form.op, Fused::Push(Value::Float(r), at + 2)))
}

/// `a & b`, `a | b`, `a ^ b`, `a >> b` or `a << b` for BINARY_OP_INT's
/// operator `arg`; `Err` for any other operator, a negative shift count
/// (the general loop raises) and a left shift out of the i64 range (the
/// general loop makes the big int).
#[inline(always)]
fn int_bitwise(arg: u32, a: i64, b: i64) -> Result<i64, ()> {
    use crate::bytecode::BinOp;
    match BinOp::from_arg(arg) {
        BinOp::And => Ok(a & b),
        BinOp::Or => Ok(a | b),
        BinOp::Xor => Ok(a ^ b),
        // Arithmetic, as Python's: rounds toward minus infinity; beyond 63
        // places only the sign is left.
        BinOp::RShift if b >= 0 => Ok(a >> b.min(63)),
        BinOp::LShift if (0..64).contains(&b) => {
            let r = a << b;
            if r >> b == a { Ok(r) } else { Err(()) }
        }
        _ => Err(()),
    }
}

/// Whether the conditional jump `jump` (POP_JUMP_IF_NONE, _NOT_NONE,
/// _FALSE or _TRUE) jumps on the local `v`, tested where it is; `None` for
/// an unbound local, any other instruction, or a truth test that needs a
/// call (the pair then runs as two instructions).
#[inline(always)]
fn local_jumps(v: &Value, jump: Op) -> Option<bool> {
    match jump {
        Op::PopJumpIfNone | Op::PopJumpIfNotNone => {
            if matches!(v, Value::Obj(o) if is_unbound_obj(o)) {
                return None;
            }
            Some(matches!(v, Value::None) == (jump == Op::PopJumpIfNone))
        }
        Op::PopJumpIfFalse | Op::PopJumpIfTrue => {
            let b = match v {
                Value::Bool(b) => *b,
                Value::Int(i) => *i != 0,
                Value::Float(f) => *f != 0.0,
                Value::None => false,
                _ => return None,
            };
            Some(b == (jump == Op::PopJumpIfTrue))
        }
        _ => None,
    }
}

/// [`take`], reading an int or a float as its payload word alone.
#[inline(always)]
fn take_scalar(slot: &mut Value) -> Value {
    match slot {
        Value::Int(i) => Value::Int(load_exact(i)),
        Value::Float(f) => Value::Float(load_exact(f)),
        _ => take(slot),
    }
}

/// Copies local `src` into the dead slot `dst` (above every local) as
/// [`copy_to`] does; `false` (nothing written) if the local is unbound or
/// a slot is out of range. Its arms repeat `copy_to`'s because both slots
/// are in `stack`; calling `copy_to` needs `split_at_mut`, which measured
/// ~10% slower on the int loop in one min-of-8 pass (about this machine's
/// noise, so worth re-measuring before keeping the copy).
#[inline(always)]
fn copy_local(stack: &mut [Value], src: usize, dst: usize) -> bool {
    if dst >= stack.len() || src >= dst {
        return false;
    }
    match &stack[src] {
        Value::Int(i) => {
            let i = load_exact(i);
            put(&mut stack[dst], Value::Int(i));
        }
        Value::Float(f) => {
            let f = load_exact(f);
            put(&mut stack[dst], Value::Float(f));
        }
        Value::Obj(o) if !is_unbound_obj(o) => {
            let o = o.clone();
            put(&mut stack[dst], Value::Obj(o));
        }
        Value::Obj(_) => return false,
        v => {
            let v = dup(v);
            put(&mut stack[dst], v);
        }
    }
    true
}

/// Writes a copy of `src` into the dead slot `dst`, one word at a time.
///
/// Values are two words (tag, payload), and the arithmetic forms update
/// the payload word alone. A two-word (16-byte) load of a slot whose
/// words were stored separately cannot take its data from the store
/// buffer, and waits for the stores to reach the cache: measured, 15-25%
/// of the time of the int, float and sieve kernels. So values are copied
/// word by word; [`load_exact`] keeps the optimizer from merging the two
/// loads back into one.
#[inline(always)]
fn copy_to(dst: &mut Value, src: &Value) {
    match src {
        Value::Int(i) => put(dst, Value::Int(load_exact(i))),
        Value::Float(f) => put(dst, Value::Float(load_exact(f))),
        Value::Obj(o) => put(dst, Value::Obj(o.clone())),
        v => put(dst, dup(v)),
    }
}

/// Whether dropping `v` would not free anything, with `extra` more
/// references about to be dropped first.
#[inline(always)]
fn not_last(v: &Value, extra: isize) -> bool {
    match v {
        Value::Obj(o) => o.refcnt() > 1 + extra,
        _ => true,
    }
}

/// The instance `o` and the entry index the cache at `pc` holds,
/// when `o` is an instance of a Python class whose version tag is the one
/// the cache recorded (LOAD_ATTR_INSTANCE_VALUE, STORE_ATTR_INSTANCE_VALUE).
#[inline(always)]
fn cached_instance<'o>(o: &'o ObjRef, cache: &AttrCache) -> Option<(&'o Instance, usize)> {
    if !crate::quicken::class_version_in(cache.first_chunk()?, crate::quicken::type_version(o)) {
        return None;
    }
    let index = cache[layout::INSTANCE_INDEX].get().arg as usize;
    Some((o.downcast::<Instance>()?, index))
}

/// The cache units of an attribute form (LOAD_ATTR's and STORE_ATTR's
/// families have the same layout).
type AttrCache = [Cell<Instr>; Op::LoadAttr.cache_units()];
const _: () = assert!(Op::LoadAttr.cache_units() == Op::StoreAttr.cache_units());

/// The cache units of a LOAD_METHOD form.
type MethodCache = [Cell<Instr>; Op::LoadMethod.cache_units()];

/// STORE_ATTR_INSTANCE_VALUE's hit: swaps `value` into the attribute at
/// `index` (a dict entry, or a value while there is no dict) whose key is
/// the object `name`; the caller drops the old value. A dict's entry is
/// left to the general loop when that would free the old value. `false`
/// changes nothing (appends are [`append_attr`]'s).
#[inline(always)]
fn swap_attr(inst: &Instance, index: usize, name: &ObjRef, value: &mut Value) -> bool {
    if let Some(d) = inst.dict_obj() {
        return d.swap_shared_at(index, name, value);
    }
    let Ok(mut vals) = inst.values.try_borrow_mut() else {
        return false;
    };
    let Some((k, _, slot)) = vals.get_mut(index) else {
        return false;
    };
    if !k.ptr_eq(name) {
        return false;
    }
    std::mem::swap(slot, value);
    true
}

/// STORE_ATTR_INSTANCE_VALUE's append (`__init__` setting the attributes
/// of a fresh instance, in the order of the class's shared keys): moves
/// `value` into the instance's values when `index` is their number, the
/// shared key there is `name` and its hash is known, and the values have
/// room (`Instance::new` reserves one per shared key), so nothing is
/// allocated. `false` changes nothing; the general loop's `values_store`
/// covers the rest (a new shared key, growing, hashing the name).
#[inline(always)]
fn append_attr(
    cd: &ClassData,
    inst: &Instance,
    index: usize,
    name: &ObjRef,
    value: &mut Value,
) -> bool {
    if inst.dict.get().is_some() {
        return false;
    }
    let Ok(mut vals) = inst.values.try_borrow_mut() else {
        return false;
    };
    if vals.len() != index || vals.len() >= vals.capacity() {
        return false;
    }
    let Some(hash) = name.downcast::<StrObj>().and_then(StrObj::known_hash) else {
        return false;
    };
    let Ok(keys) = cd.shared_keys.try_borrow() else {
        return false;
    };
    // The shared key may be another str of the same text: the one the
    // first, generic store of the attribute made.
    if !keys
        .get(index)
        .is_some_and(|k| crate::object::class::str_same(k, name))
    {
        return false;
    }
    vals.push((name.clone(), hash, take(value)));
    true
}

/// A copy of an attribute's value: [`dup`] with `None` and `bool` inline
/// too (an attribute holds them as often as numbers: a link that ends a
/// list, a flag), where `dup` calls out for them.
#[inline(always)]
fn dup_attr(v: &Value) -> Value {
    match v {
        Value::None => Value::None,
        Value::Bool(b) => Value::Bool(*b),
        _ => dup(v),
    }
}

/// LOAD_ATTR_INSTANCE_VALUE's hit: the value at the cached entry if its key
/// is the code's name object `name` (a key of equal text that is another
/// object is the general loop's, which adopts the name as key).
#[inline(always)]
fn instance_value(o: &ObjRef, cache: &AttrCache, name: &ObjRef) -> Option<Value> {
    let (inst, index) = cached_instance(o, cache)?;
    let Some(d) = inst.dict_obj() else {
        let vals = inst.values.try_borrow().ok()?;
        let (k, _, v) = vals.get(index)?;
        // (An `if`: a closure here is not always inlined.)
        return if k.ptr_eq(name) {
            Some(dup_attr(v))
        } else {
            None
        };
    };
    let map = d.try_entries().ok()?;
    match map.get_index(index) {
        Some((k, v)) if matches!(&k.value, Value::Obj(k) if k.ptr_eq(name)) => Some(dup(v)),
        _ => None,
    }
}

/// LOAD_METHOD_INSTANCE's hit: the function the cache at `pc` points to
/// for `o`'s class, if the instance dict (small, at most 16 entries) has
/// no key with the hash of the name (a key that only shares the hash is
/// left to the general loop, which compares it).
#[inline(always)]
fn instance_method(o: &ObjRef, cache: &MethodCache, name: &ObjRef) -> Option<Value> {
    let (pos, index) = crate::quicken::method_entry_in(cache, crate::quicken::type_version(o))?;
    let inst = o.downcast::<Instance>()?;
    // Without a dict, the instance's attributes are shared keys of its
    // class, and at this version tag none is the name (see
    // `quicken::instance_method_entry`): nothing to check.
    if let Some(d) = inst.dict_obj() {
        let hash = name.downcast::<StrObj>()?.known_hash()?;
        if d.small_has_hash(hash, 16)? {
            return None;
        }
    }
    let cd = o.ty().heap_data::<ClassData>()?;
    let holder = if pos == 0 {
        cd
    } else {
        cd.mro_tail
            .get(pos - 1)?
            .as_type()?
            .heap_data::<ClassData>()?
    };
    let map = holder.dict()?.try_entries().ok()?;
    let (_, v) = map.get_index(index)?;
    Some(dup(v))
}

/// LOAD_ATTR_SLOT's hit: the value of the cached slot of `o` if `o`'s
/// class has the cached version tag and the slot is set.
#[inline(always)]
fn slot_value(o: &ObjRef, cache: &AttrCache) -> Option<Value> {
    if !crate::quicken::class_version_in(cache.first_chunk()?, crate::quicken::type_version(o)) {
        return None;
    }
    let index = cache[layout::SLOT_INDEX].get().arg as usize;
    let slots = o.downcast::<Instance>()?.slots.try_borrow().ok()?;
    let v = slots.get(index)?.as_ref()?;
    Some(dup(v))
}

/// Where a return of value `v` leaves the caller's stack, whose frame's
/// function slot was at `base` (already dead, as is everything above it);
/// gives the caller's new stack pointer. A plain return puts `v` at `base`.
/// CALL_PY_INIT's `__init__` returned None (`v`): the instance below `base`
/// is the call's result. BINARY_OP_PY's method returned its result `v`,
/// which replaces the two operands kept below `base`.
#[inline(always)]
fn returned(stack: &mut [Value], base: usize, on_return: u8, v: Value) -> usize {
    match on_return {
        crate::frame::RETURN_PLAIN => {
            put(&mut stack[base], v);
            base + 1
        }
        crate::frame::RETURN_INIT => base,
        _ => {
            stack[base - 1] = Value::None;
            stack[base - 2] = v;
            base - 1
        }
    }
}

/// Copies `items` into the dead slots `to` (as many), last item first:
/// UNPACK_SEQUENCE's order. False, with nothing written, when the lengths
/// differ.
#[inline(always)]
fn copy_items_reversed(items: &[Value], to: &mut [Value]) -> bool {
    if items.len() != to.len() {
        return false;
    }
    for (slot, v) in to.iter_mut().zip(items.iter().rev()) {
        put(slot, dup(v));
    }
    true
}

/// Drops `v`, which [`not_last`] said frees nothing.
#[inline(always)]
fn release_shared(v: Value) {
    match v {
        Value::Obj(o) => o.release_shared(),
        other => std::mem::forget(other),
    }
}

/// What [`ext_step`] did.
pub(super) enum ExtStep {
    /// It ran the instruction: back to the hot loop.
    Ran,
    /// The instruction is not a C-call form, or its form no longer fits
    /// (nothing was called): the general loop takes it (and counts the
    /// miss).
    Declined,
    /// The C call raised, at instruction `at` of `code`; the callee and
    /// arguments are popped.
    Raised(PyErr, Rc<crate::bytecode::Code>, usize),
}

/// The C-call forms, run between two stretches of the hot loop's copy for
/// code without C calls, which stops before them (see [`run`]), without a
/// trip through the general loop; also BINARY_SUBSCR_EXT, which both
/// copies stop before.
/// After a LOAD_METHOD_EXT it goes straight on to the next form (`obj.m()`
/// is a LOAD_METHOD_EXT before its CALL_METHOD_EXT_*), so the pair costs
/// one trip out of the hot loop; trying again after a call would cost the
/// common single call a failed attempt (measured: ~20 instructions).
#[inline(always)]
pub(super) fn ext_step<const S: bool>(vm: &mut Vm, st: &mut ExecState) -> ExtStep {
    // Most stops are at instructions that are no C-call form (a store that
    // appends, an instance made, a return to the general loop): declined
    // here, before the C-call machinery's frame is set up.
    let op = st
        .frames
        .get(st.nframes.wrapping_sub(1))
        .and_then(|f| f.code.units.get(f.pc.get()))
        .map(|u| u.get().op);
    let takes = op.is_some_and(|op| {
        matches!(
            op,
            Op::ForIterGen
                | Op::YieldValue
                | Op::ForIterNext
                | Op::LoadMethodExt
                | Op::CallBuiltinLen
                | Op::BinarySubscrExt
                | Op::CallBuiltin
                | Op::CallMethodBuiltin
        ) || crate::quicken::ext_call_shape(op).is_some()
    });
    if !takes {
        return ExtStep::Declined;
    }
    ext_steps::<S>(vm, st)
}

/// [`ext_step`] for an instruction that may be a C-call form.
#[inline(never)]
fn ext_steps<const S: bool>(vm: &mut Vm, st: &mut ExecState) -> ExtStep {
    let mut ran = false;
    loop {
        match ext_one::<S>(vm, st) {
            (ExtStep::Ran, Op::LoadMethodExt) => ran = true,
            (ExtStep::Declined, _) if ran => return ExtStep::Ran,
            (other, _) => return other,
        }
    }
}

/// One C-call form at the top frame's pc, for [`ext_step`], and the form
/// it looked at.
#[inline(always)]
fn ext_one<const S: bool>(vm: &mut Vm, st: &mut ExecState) -> (ExtStep, Op) {
    let Some(f) = st.frames.get(st.nframes.wrapping_sub(1)) else {
        return (ExtStep::Declined, Op::Nop);
    };
    let pc = f.pc.get();
    let Some(ins) = f.code.units.get(pc).map(Cell::get) else {
        return (ExtStep::Declined, Op::Nop);
    };
    if ins.op == Op::ForIterGen {
        return for_iter_gen::<S>(vm, st, pc, ins);
    }
    if ins.op == Op::YieldValue {
        return (sum_yield::<S>(vm, st, pc), ins.op);
    }
    if ins.op == Op::ForIterNext {
        return for_iter_next::<S>(vm, st, pc, ins);
    }
    match ext_form(vm, &mut st.stack[..], st.sp, &f.code.units, pc, ins) {
        ExtOutcome::Pushed(new_sp) => st.sp = new_sp,
        ExtOutcome::Unfit => return (ExtStep::Declined, ins.op),
        ExtOutcome::Raised(e, new_sp) => {
            st.sp = new_sp;
            return (ExtStep::Raised(e, f.code.clone(), pc), ins.op);
        }
    }
    let next = pc + 1 + ins.op.cache_units();
    if let Some(f) = st.frames.get(st.nframes.wrapping_sub(1)) {
        f.pc.set(next);
    }
    if S && let Some(s) = vm.stats.as_deref_mut() {
        s.executed(ins.op);
    }
    (ExtStep::Ran, ins.op)
}

/// YIELD_VALUE at `pc` of the top frame, when the frame runs a generator
/// consumed by `sum()` (`crate::generator::start_sum`) and the total and
/// the value are numbers: adds the value and goes on in the frame.
/// Declines otherwise (the general loop yields, and adds with the full
/// `+`). This trip out of the hot loop costs ~100 instructions per value
/// more than adding in the loop did, but code for it there cost the
/// loop's other forms registers (richards: 4% more instructions).
#[inline(never)]
fn sum_yield<const S: bool>(vm: &mut Vm, st: &mut ExecState, pc: usize) -> ExtStep {
    let Some(f) = st.frames.get(st.nframes.wrapping_sub(1)) else {
        return ExtStep::Declined;
    };
    if f.on_return.get() != crate::frame::RETURN_GEN_SUM
        || !crate::generator::sum_add(&mut st.segs, st.nsegs, &mut st.stack, st.sp)
    {
        return ExtStep::Declined;
    }
    f.pc.set(pc + 1);
    if S && let Some(s) = vm.stats.as_deref_mut() {
        s.executed(Op::YieldValue);
    }
    ExtStep::Ran
}

/// FOR_ITER_GEN at `pc` of the top frame: resumes the generator on top of
/// the stack and pushes its value, or pops it and jumps when it returned.
/// Declines (the general loop counts the miss) if TOS is not a generator.
#[inline(never)]
fn for_iter_gen<const S: bool>(
    vm: &mut Vm,
    st: &mut ExecState,
    pc: usize,
    ins: Instr,
) -> (ExtStep, Op) {
    let after = pc + 1 + ins.op.cache_units();
    // The generator's frame runs in this run when it can (as in the hot
    // loop's FOR_ITER_GEN); otherwise a nested run resumes it.
    if crate::generator::push_inline(vm, st, after, crate::frame::RETURN_GEN_FOR) {
        if S && let Some(s) = vm.stats.as_deref_mut() {
            s.executed(ins.op);
        }
        return (ExtStep::Ran, ins.op);
    }
    let Some(it) = st.sp.checked_sub(1).and_then(|i| st.stack.get(i)).cloned() else {
        return (ExtStep::Declined, ins.op);
    };
    let Some(g) = it.downcast::<crate::object::GenObj>() else {
        return (ExtStep::Declined, ins.op);
    };
    let r = crate::generator::next(vm, g);
    iterated::<S>(vm, st, r, pc, ins)
}

/// FOR_ITER_NEXT at `pc` of the top frame: the iterator on top of the
/// stack moves on (its value pushed), or is popped and the loop left when
/// it is exhausted. Declines (the general loop counts the miss) for an
/// iterator another form takes.
#[inline(never)]
fn for_iter_next<const S: bool>(
    vm: &mut Vm,
    st: &mut ExecState,
    pc: usize,
    ins: Instr,
) -> (ExtStep, Op) {
    let Some(it) = st.sp.checked_sub(1).and_then(|i| st.stack.get(i)).cloned() else {
        return (ExtStep::Declined, ins.op);
    };
    if !crate::quicken::for_iter_next_fits(&it) {
        return (ExtStep::Declined, ins.op);
    }
    let r = crate::ops::iter_next(vm, &it);
    iterated::<S>(vm, st, r, pc, ins)
}

/// The end of the FOR_ITER form `ins` at `pc` whose iterator (on top of
/// the stack) gave `r`: its value pushed, or the iterator popped and the
/// loop left, or what it raised.
fn iterated<const S: bool>(
    vm: &mut Vm,
    st: &mut ExecState,
    r: PyResult<Option<Value>>,
    pc: usize,
    ins: Instr,
) -> (ExtStep, Op) {
    let next = match r {
        Ok(Some(v)) => match st.push(v) {
            Ok(()) => pc + 1 + ins.op.cache_units(),
            Err(e) => return raised(st, e, pc, ins.op),
        },
        Ok(None) => {
            drop(st.pop());
            ins.arg as usize
        }
        Err(e) => return raised(st, e, pc, ins.op),
    };
    if let Some(f) = st.frames.get(st.nframes.wrapping_sub(1)) {
        f.pc.set(next);
    }
    if S && let Some(s) = vm.stats.as_deref_mut() {
        s.executed(ins.op);
    }
    (ExtStep::Ran, ins.op)
}

/// The step raised `e` at `pc` of the top frame.
fn raised(st: &ExecState, e: PyErr, pc: usize, op: Op) -> (ExtStep, Op) {
    match st.frames.get(st.nframes.wrapping_sub(1)) {
        Some(f) => (ExtStep::Raised(e, f.code.clone(), pc), op),
        None => (ExtStep::Declined, op),
    }
}

/// Runs the C-call form `ins` (a CALL_*EXT_*, LOAD_METHOD_EXT,
/// CALL_BUILTIN_LEN or BINARY_SUBSCR_EXT) at `pc` of `units` on `stack`,
/// with `sp` one past its operands.
#[inline(always)]
fn ext_form(
    vm: &mut Vm,
    stack: &mut [Value],
    sp: usize,
    units: &[Cell<Instr>],
    pc: usize,
    ins: Instr,
) -> ExtOutcome {
    match crate::quicken::ext_call_shape(ins.op) {
        Some(shape) => ext_call(vm, stack, sp, shape, ins.op, ins.arg),
        None if ins.op == Op::LoadMethodExt
            && load_method_ext(&vm.ext_methods, stack, sp, units, pc) =>
        {
            ExtOutcome::Pushed(sp + 1)
        }
        None if ins.op == Op::CallBuiltinLen => builtin_len(vm, stack, sp),
        None if ins.op == Op::BinarySubscrExt => ext_getitem(vm, stack, sp),
        None if ins.op == Op::CallBuiltin => native_call(vm, stack, sp, ins.arg as usize, false),
        None if ins.op == Op::CallMethodBuiltin => {
            native_call(vm, stack, sp, ins.arg as usize, true)
        }
        None => ExtOutcome::Unfit,
    }
}

/// CALL_BUILTIN (`method` false: [function, args…]) or CALL_METHOD_BUILTIN
/// (`method`: [method, receiver, args…], the receiver its first argument)
/// of a Rust builtin with `n` arguments below `sp`, for the copy of the
/// hot loop that makes calls (code with these forms runs in it): a trip
/// through the general loop or [`ext_step`] costs more than the call
/// (callgrind, instructions a loop iteration of `d.get(1, 0)`: 958 -> 827;
/// a word of bench/programs/wordcount.py's count: 2380 -> 2240). A
/// module's function (`math.sqrt(x)`) has a NULL in the receiver's place.
/// `Unfit` if the callee is no unbound builtin (the general loop counts
/// the miss).
#[inline(never)]
fn native_call(vm: &mut Vm, stack: &mut [Value], sp: usize, n: usize, method: bool) -> ExtOutcome {
    let fpos = sp.wrapping_sub(n + 1 + usize::from(method));
    let (f, no_self) = match stack.get(fpos..sp) {
        Some([Value::Obj(o), rest @ ..]) if o.kind() == Kind::BUILTIN => {
            let no_self =
                method && matches!(rest.first(), Some(Value::Obj(r)) if r.ptr_eq(&vm.null_marker));
            match o.downcast::<crate::object::Builtin>() {
                Some(b) if b.bound.is_none() => (b.func, no_self),
                _ => return ExtOutcome::Unfit,
            }
        }
        _ => return ExtOutcome::Unfit,
    };
    let first = fpos + 1 + usize::from(no_self);
    let r = f(vm, crate::object::Args::positional(&stack[first..sp]));
    for v in &mut stack[fpos..sp] {
        drop(take(v));
    }
    ExtOutcome::landed(stack, fpos, r)
}

/// What [`ext_call`] did.
enum ExtOutcome {
    /// The call returned; the stack pointer after pushing its result.
    Pushed(usize),
    /// The form no longer fits (nothing was called).
    Unfit,
    /// The call raised; the stack pointer with the callee and arguments
    /// popped.
    Raised(PyErr, usize),
}

impl ExtOutcome {
    /// The outcome of a C call whose callee and arguments are off the
    /// stack and whose result `r` goes to `stack[at]`.
    #[inline(always)]
    fn landed(stack: &mut [Value], at: usize, r: PyResult<Value>) -> ExtOutcome {
        match r {
            Ok(v) => {
                put(&mut stack[at], v);
                ExtOutcome::Pushed(at + 1)
            }
            Err(e) => ExtOutcome::Raised(e, at),
        }
    }
}

/// A quickened C call on `stack` with `sp` one past its last argument.
#[inline(always)]
fn ext_call(
    vm: &mut Vm,
    stack: &mut [Value],
    sp: usize,
    shape: crate::ext::ExtCall,
    op: Op,
    arg: u32,
) -> ExtOutcome {
    let method = op.generic() == Op::CallMethod;
    let Some((fpos, args)) = super::ext_call_layout(vm, stack, sp, arg as usize, method) else {
        return ExtOutcome::Unfit;
    };
    let (Some(capi), Value::Obj(callee)) = (crate::ext::capi(), &stack[fpos]) else {
        return ExtOutcome::Unfit;
    };
    let Some(r) = capi.call_ext(vm, shape, callee, &stack[args]) else {
        return ExtOutcome::Unfit;
    };
    for v in &mut stack[fpos..sp] {
        drop(take(v));
    }
    ExtOutcome::landed(stack, fpos, r)
}

/// Where the argument of [`local_call1`] is.
enum Arg1<'c> {
    /// The local at this stack index.
    Local(usize),
    /// A constant.
    Const(&'c Value),
}

/// LOAD_FAST__LOAD_FAST or LOAD_FAST__LOAD_CONST and the one-argument
/// C-call form `call` right after it, as one step: the C function in
/// local `callee` is called with the argument where it stands, and only
/// the result is pushed at `sp`. Nothing else is pushed, so the callee and
/// argument take no counts and there is nothing to drop after the call
/// (callgrind, instructions per call: ffi_inc 468 -> 423, ffi_id 712 ->
/// 642, `f(None)` 562 -> 497, `f(1)` 619 -> 570; the check in the pair's
/// arm costs C-call kernels without the pattern 4-25, ffi_fadd the most).
/// Out of line, as [`method_call0`] is. `Unfit` (nothing called) when the
/// callee is not a C function of that shape or a local is unbound;
/// `Raised` leaves the stack as it was.
#[inline(never)]
fn local_call1(
    vm: &mut Vm,
    stack: &mut [Value],
    sp: usize,
    callee: usize,
    x: Arg1<'_>,
    call: Op,
) -> ExtOutcome {
    let Some(shape) = crate::quicken::ext_call_shape(call) else {
        return ExtOutcome::Unfit;
    };
    if sp >= stack.len() {
        return ExtOutcome::Unfit;
    }
    let r = {
        let (Some(Value::Obj(f)), Some(capi)) = (stack.get(callee), crate::ext::capi()) else {
            return ExtOutcome::Unfit;
        };
        let x = match x {
            Arg1::Local(i) => match stack.get(i) {
                Some(Value::Obj(o)) if is_unbound_obj(o) => return ExtOutcome::Unfit,
                Some(v) => v,
                None => return ExtOutcome::Unfit,
            },
            Arg1::Const(c) => c,
        };
        if is_unbound_obj(f) {
            return ExtOutcome::Unfit;
        }
        match capi.call_ext(vm, shape, f, std::slice::from_ref(x)) {
            Some(r) => r,
            None => return ExtOutcome::Unfit,
        }
    };
    ExtOutcome::landed(stack, sp, r)
}

/// LOAD_METHOD_EXT at `pc` and the CALL_METHOD_EXT_NOARGS right after it,
/// as one step: the site's cached method is called on the receiver at the
/// top of `stack` (`sp` one past it), which the result then replaces. The
/// method is never pushed, so the pair saves its count, its slot and a
/// dispatch (callgrind: `foo.noargs()` 603 -> 546 instructions per call).
/// Out of line: inlined, it cost every other C-call kernel 14-26
/// instructions (registers); out of line, at most 3. `Raised` leaves the
/// stack as the CALL would have (receiver popped).
#[inline(never)]
fn method_call0(
    vm: &mut Vm,
    stack: &mut [Value],
    sp: usize,
    units: &[Cell<Instr>],
    pc: usize,
) -> ExtOutcome {
    // Owned: the table lives in `vm`, which the call borrows.
    let Some(Value::Obj(m)) = site_method(&vm.ext_methods, stack, sp, units, pc) else {
        return ExtOutcome::Unfit;
    };
    let m = m.clone();
    let Some(capi) = crate::ext::capi() else {
        return ExtOutcome::Unfit;
    };
    let Some(r) = capi.call_ext(vm, crate::ext::ExtCall::NoArgs, &m, &stack[sp - 1..sp]) else {
        return ExtOutcome::Unfit;
    };
    drop(take(&mut stack[sp - 1]));
    ExtOutcome::landed(stack, sp - 1, r)
}

/// Whether the slot holds the builtin `len`.
#[inline(always)]
fn is_builtin_len(f: &crate::object::ObjRef) -> bool {
    super::unbound_builtin(f).is_some_and(|g| super::is_native(g, crate::builtins::b_len))
}

/// CALL_BUILTIN_LEN on a list, tuple, str or dict whose references on the
/// stack are not the last ones (so popping them frees nothing): replaces
/// `len` and the argument by the length; `false` (nothing changed)
/// otherwise.
#[inline(always)]
fn len_in_place(stack: &mut [Value], sp: usize) -> bool {
    let fpos = sp.wrapping_sub(2);
    let Some([Value::Obj(f), Value::Obj(x)]) = stack.get(fpos..sp) else {
        return false;
    };
    let Some(n) = crate::ops::container_len(x) else {
        return false;
    };
    if x.refcnt() <= 1 || f.refcnt() <= 1 || !is_builtin_len(f) {
        return false;
    }
    release_shared(take(&mut stack[fpos + 1]));
    release_shared(take(&mut stack[fpos]));
    put(&mut stack[fpos], Value::Int(n as i64));
    true
}

/// CALL_BUILTIN_LEN: `len(x)` with the builtin `len` below `x` on the
/// stack. `len` of a C type's instance calls its `sq_length` or
/// `mp_length`, so the form is run with the C calls.
#[inline(always)]
fn builtin_len(vm: &mut Vm, stack: &mut [Value], sp: usize) -> ExtOutcome {
    let fpos = sp.wrapping_sub(2);
    let Some([Value::Obj(f), x]) = stack.get(fpos..sp) else {
        return ExtOutcome::Unfit;
    };
    if !is_builtin_len(f) {
        return ExtOutcome::Unfit;
    }
    let r = crate::ops::len(vm, x);
    drop(take(&mut stack[fpos + 1]));
    drop(take(&mut stack[fpos]));
    match r {
        Ok(n) => {
            put(&mut stack[fpos], Value::Int(n as i64));
            ExtOutcome::Pushed(fpos + 1)
        }
        Err(e) => ExtOutcome::Raised(e, fpos),
    }
}

/// BINARY_SUBSCR_EXT: `obj[key]` with the instance of a C type and the key
/// on top of the stack, through the type's subscript slot.
#[inline(always)]
fn ext_getitem(vm: &mut Vm, stack: &mut [Value], sp: usize) -> ExtOutcome {
    let cpos = sp.wrapping_sub(2);
    let (Some([Value::Obj(c), key]), Some(capi)) = (stack.get(cpos..sp), crate::ext::capi()) else {
        return ExtOutcome::Unfit;
    };
    if c.kind() != Kind::FOREIGN {
        return ExtOutcome::Unfit;
    }
    let r = match capi.getitem(vm, c, key) {
        // Not subscriptable: the general loop raises the TypeError.
        Ok(None) => return ExtOutcome::Unfit,
        Ok(Some(v)) => Ok(v),
        Err(e) => Err(e),
    };
    drop(take(&mut stack[cpos + 1]));
    drop(take(&mut stack[cpos]));
    ExtOutcome::landed(stack, cpos, r)
}

/// The method cached by the LOAD_METHOD_EXT at `pc` of `units`, if it
/// still applies to the receiver on top of `stack` (`sp` one past it).
#[inline(always)]
fn site_method<'t>(
    methods: &'t [crate::ext::ExtMethod],
    stack: &[Value],
    sp: usize,
    units: &[Cell<Instr>],
    pc: usize,
) -> Option<&'t Value> {
    let slot = crate::quicken::layout::EXT_METHOD;
    let recv = stack.get(sp.wrapping_sub(1))?;
    let ix = units.get(pc + 1 + slot)?;
    crate::ext::cached_method(methods, recv, ix.get().arg).ok()
}

/// LOAD_METHOD_EXT at `pc` of `units`: replaces the receiver on top of the
/// stack by (method descriptor, receiver) when the site's cached method
/// still applies to it; `false` (nothing changed) otherwise.
#[inline(always)]
fn load_method_ext(
    methods: &[crate::ext::ExtMethod],
    stack: &mut [Value],
    sp: usize,
    units: &[Cell<Instr>],
    pc: usize,
) -> bool {
    let Some(m) = site_method(methods, stack, sp, units, pc) else {
        return false;
    };
    let m = dup(m);
    if sp >= stack.len() {
        return false;
    }
    let recv = std::mem::replace(&mut stack[sp - 1], m);
    put(&mut stack[sp], recv);
    true
}
