//! Interpreter frames.
//!
//! A frame is fully described by its code, its globals, the instruction
//! offset and the values of its locals and operand stack. Those values live
//! in two arenas shared by all frames of one activation of the evaluation
//! loop ([`ExecState`]); the frame records where its part starts. This is
//! what lets the JIT rebuild interpreter frames at any instruction boundary
//! (deoptimization) and lets the interpreter hand a running frame to
//! compiled code (on-stack replacement): see [`ExecState::push_frame_at`].

use crate::bytecode::Code;
use crate::object::types::{self, Kind};
use crate::object::{ObjRef, StaticType, TypeObject, Value};
use std::rc::Rc;

/// The value a local slot holds while its variable is unbound: a static
/// marker object that never escapes into Python code (LOAD_FAST and friends
/// turn it into `UnboundLocalError`).
pub static UNBOUND: StaticType =
    StaticType::new::<()>(&types::TYPE, c"<unbound>", None, Kind::MARKER, false);

/// The unbound marker as a value.
#[inline]
pub fn unbound() -> Value {
    Value::Obj(ObjRef::from_static(&UNBOUND))
}

/// Whether `v` is the unbound marker.
#[inline]
pub fn is_unbound(v: &Value) -> bool {
    matches!(v, Value::Obj(o) if std::ptr::eq(o.as_ptr().cast::<u8>(), (UNBOUND.get() as *const TypeObject).cast::<u8>()))
}

/// One activation of a Python function or module body.
pub struct Frame {
    /// The code being run.
    pub code: Rc<Code>,
    /// The globals dict.
    pub globals: ObjRef,
    /// The next instruction to run (saved while a callee runs).
    pub pc: usize,
    /// Start of this frame's slots in [`ExecState::stack`]: locals, then
    /// cells, then free variables. The slot just below holds the function
    /// being run (`None` for module bodies), which keeps its closure alive.
    pub lb: usize,
    /// Start of this frame's operand stack in [`ExecState::stack`] (right
    /// after its slots).
    pub sb: usize,
    /// Length of the VM's handled-exception stack when the frame started.
    pub hb: usize,
}

/// The frames and the value stack of one run of the evaluation loop.
///
/// All frames share one value stack, laid out as CPython lays out its
/// frames: `[function, slots…, operands…]` per frame, innermost last. A call
/// therefore needs no copying: the callee and its arguments, pushed by the
/// caller, become the callee's function slot and first locals in place.
///
/// Frame slots are reused: popping a frame keeps its slot (with its code
/// and globals) and pushing overwrites the fields in place. Building a
/// whole `Frame` and moving it into a `Vec` costs a copy through a
/// temporary on every call, which is measurable on call-heavy code.
#[derive(Default)]
pub struct ExecState {
    /// Frame slots; the first `nframes` are active, innermost last.
    frames: Vec<Frame>,
    nframes: usize,
    /// Function slots, local slots and operand stacks of all frames.
    pub stack: Vec<Value>,
}

impl ExecState {
    /// The number of active frames.
    #[inline]
    pub fn depth(&self) -> usize {
        self.nframes
    }

    /// The innermost frame.
    #[inline]
    pub fn top(&self) -> Option<&Frame> {
        self.frames[..self.nframes].last()
    }

    /// The innermost frame, mutably.
    #[inline]
    pub fn top_mut(&mut self) -> Option<&mut Frame> {
        self.frames[..self.nframes].last_mut()
    }

    /// Pushes a frame whose function slot is at `lb - 1` and whose slots
    /// are already on the stack (writing into a free frame slot when there
    /// is one).
    #[inline]
    pub fn push_frame(&mut self, code: Rc<Code>, globals: ObjRef, pc: usize, lb: usize, hb: usize) {
        let sb = self.stack.len();
        if let Some(f) = self.frames.get_mut(self.nframes) {
            f.code = code;
            f.globals = globals;
            f.pc = pc;
            f.lb = lb;
            f.sb = sb;
            f.hb = hb;
        } else {
            self.frames.push(Frame {
                code,
                globals,
                pc,
                lb,
                sb,
                hb,
            });
        }
        self.nframes += 1;
    }

    /// Pops the innermost frame, returning its (locals base, handled base).
    /// The caller truncates the stack to `lb - 1`, which releases the
    /// function, the slots and the operands. The frame slot's code and
    /// globals stay until the slot is reused.
    #[inline]
    pub fn pop_frame(&mut self) -> Option<(usize, usize)> {
        let n = self.nframes.checked_sub(1)?;
        self.nframes = n;
        let f = &self.frames[n];
        Some((f.lb, f.hb))
    }

    /// Pushes a frame that resumes `code` at instruction `pc` with the given
    /// local slots (locals, cells, free variables, in that order; `None`
    /// for unbound) and operand stack. This is the entry point
    /// deoptimization and tests use to materialize a frame in the middle of
    /// a function.
    #[allow(clippy::too_many_arguments)] // one argument per part of a frame
    pub fn push_frame_at(
        &mut self,
        code: Rc<Code>,
        globals: ObjRef,
        func: Option<ObjRef>,
        pc: usize,
        slots: Vec<Option<Value>>,
        stack: Vec<Value>,
        handled_base: usize,
    ) {
        self.stack.push(func.map_or(Value::None, Value::Obj));
        let lb = self.stack.len();
        self.stack
            .extend(slots.into_iter().map(|v| v.unwrap_or_else(unbound)));
        let sb = self.stack.len();
        self.push_frame(code, globals, pc, lb, handled_base);
        if let Some(f) = self.top_mut() {
            f.sb = sb;
        }
        self.stack.extend(stack);
    }
}
