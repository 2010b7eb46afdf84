//! Frames of Python functions that compiled code called directly.
//!
//! Compiled code calls a compiled Python function without an interpreter
//! frame: the callee's frame is made in the dead slots above the caller's
//! operands (the interpreter keeps [`ROOM`] of them above a frame that
//! enters compiled code), and a return hands the result straight back
//! (see the `jit` crate's `lower`). When the callee's code hands its frame
//! back anywhere else (a guard failed, an exception to unwind, a warning
//! to show, an instruction it does not compile), that frame must become
//! an interpreter frame, above its caller's, and so must the caller's,
//! up to the frame the interpreter entered compiled code with: only then
//! do unwinding, tracebacks, `warnings`' stack levels and frame requests
//! see every frame, as they do for interpreted calls. So the callee's
//! frame is handed up ([`hand_up`]): kept on the VM while its compiled
//! caller leaves at the instruction after the call (which hands its own
//! frame up the same way if it was called directly too), and when the
//! interpreter takes back the frame it entered compiled code with, it
//! pushes the handed-up frames above it, outermost first, and goes on in
//! the innermost ([`push_handed_up`]).

use super::unwind;
use crate::frame::{ExecState, take};
use crate::jit::Exit;
use crate::object::{Function, ObjRef, PyErr, Value};
use crate::vm::Vm;

/// Dead slots kept above a frame that runs compiled code, where the
/// frames of the functions it calls directly are made (about 500 frames
/// of a small recursive function; deeper, compiled code leaves the call
/// to the interpreter).
pub(crate) const ROOM: usize = 4096;

/// The frame of a call compiled code made directly that did not return
/// (see the module documentation).
pub(crate) struct HandedUp {
    /// The function called.
    func: ObjRef,
    /// Its slots, then its operands.
    values: Vec<Value>,
    /// The instruction it resumes at.
    pc: usize,
    /// An exception raised at `pc`, to unwind from there.
    raised: Option<PyErr>,
    /// What goes below the function's slot, and how the frame returns
    /// (see [`Below`]).
    below: Below,
}

/// What the interpreter keeps below the frame of a function compiled
/// code called directly, for how that call ends.
pub enum Below {
    /// Nothing: a plain call, whose result replaces the function's slot.
    Nothing,
    /// A class's `__init__` at CALL_PY_INIT: the new instance, the call's
    /// result once `__init__` returns None (`frame::RETURN_INIT`).
    Init(ObjRef),
    /// An operator's method at BINARY_OP_PY (the operator: `arg`): the
    /// operands, for `NotImplemented` (`frame::RETURN_BINOP`).
    Binop(Value, Value, u32),
}

/// Keeps the frame of `func`, in `frame`, that its compiled code (called
/// directly, the call counted in `vm.depth`) handed back with `exit`,
/// until the interpreter pushes it above its caller's; the slots it used
/// are left dead. `below`: what the interpreter keeps below the frame.
pub fn hand_up(vm: &mut Vm, func: &ObjRef, frame: &mut [Value], exit: Exit, below: Below) {
    let Some(f) = func.downcast::<Function>() else {
        return;
    };
    if exit.discard {
        crate::jit::discard(vm, &f.code);
    }
    let used = (f.code.nslots() + exit.depth).min(frame.len());
    let values = frame[..used].iter_mut().map(take).collect();
    vm.handed_up.push(HandedUp {
        func: func.clone(),
        values,
        pc: exit.pc,
        raised: exit.raised,
        below,
    });
}

/// Pushes the frames handed up since `mark` (innermost first there)
/// above the innermost frame of `st`, outermost first, and unwinds an
/// exception the innermost raised (`entry`: the first frame unwinding
/// may reach; `Err` when it escaped that frame). Each was counted in
/// `vm.depth` when it was called; popping it undoes that.
pub(crate) fn push_handed_up(
    vm: &mut Vm,
    st: &mut ExecState,
    mark: usize,
    entry: usize,
) -> Result<(), PyErr> {
    if vm.handed_up.len() <= mark {
        return Ok(());
    }
    let frames: Vec<HandedUp> = vm.handed_up.drain(mark..).collect();
    let mut left = frames.len();
    let mut raised = None;
    for h in frames.into_iter().rev() {
        let Some(f) = h.func.downcast::<Function>() else {
            continue;
        };
        let (code, nslots) = (f.code.clone(), f.code.nslots());
        let hb = vm.handled.len();
        let mut values = h.values.into_iter();
        let below = st.sp;
        let mut framed = false;
        let below_frame = h.below;
        let pushed = (|| {
            let on_return = match below_frame {
                Below::Nothing => crate::frame::RETURN_PLAIN,
                // [instance, __init__, frame]: the instance is the result.
                Below::Init(i) => {
                    st.push(Value::Obj(i))?;
                    crate::frame::RETURN_INIT
                }
                // [a, b, method, frame]: the operands stay.
                Below::Binop(a, b, arg) => {
                    st.push(a)?;
                    st.push(b)?;
                    crate::frame::RETURN_BINOP + arg as u8
                }
            };
            st.push(Value::Obj(h.func.clone()))?;
            let lb = st.sp;
            st.reserve(values.len() + code.max_stack as usize)?;
            for v in values.by_ref().take(nslots) {
                st.push(v)?;
            }
            st.push_frame(code.clone(), f.globals.clone(), h.pc, lb, hb)?;
            if let Some(t) = st.top() {
                t.on_return.set(on_return);
            }
            framed = true;
            for v in values.by_ref() {
                st.push(v)?;
            }
            Ok(())
        })();
        left -= 1;
        if let Err(e) = pushed {
            // Out of memory: the frames not pushed are gone (their calls
            // leave the depth), and the innermost frame raises.
            if !framed {
                st.truncate(below);
            }
            vm.depth -= left + usize::from(!framed);
            raised = Some(e);
            break;
        }
        raised = h.raised;
    }
    match raised {
        None => Ok(()),
        Some(e) => {
            let (code, at) = match st.top() {
                Some(t) => (t.code.clone(), t.pc.get()),
                None => return Err(e),
            };
            unwind(vm, st, entry, code, e, at, false)
        }
    }
}

/// Forgets frames handed up since `mark` that no interpreter frame
/// resumes (their caller raised instead): their calls leave the depth.
pub(crate) fn drop_handed_up(vm: &mut Vm, mark: usize) {
    if vm.handed_up.len() > mark {
        let n = vm.handed_up.len() - mark;
        vm.handed_up.truncate(mark);
        vm.depth -= n;
    }
}
