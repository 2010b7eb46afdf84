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
use crate::object::{ObjRef, Value};
use std::rc::Rc;

/// One activation of a Python function or module body.
pub struct Frame {
    /// The code being run.
    pub code: Rc<Code>,
    /// The globals dict.
    pub globals: ObjRef,
    /// The function object (None for module bodies); keeps the closure alive.
    pub func: Option<ObjRef>,
    /// The next instruction to run (saved while a callee runs).
    pub pc: usize,
    /// Start of this frame's slots in [`ExecState::locals`]: locals, then
    /// cells, then free variables.
    pub lb: usize,
    /// Start of this frame's operand stack in [`ExecState::stack`].
    pub sb: usize,
    /// Length of the VM's handled-exception stack when the frame started.
    pub hb: usize,
}

/// The frames and value arenas of one run of the evaluation loop.
#[derive(Default)]
pub struct ExecState {
    /// Active frames, innermost last.
    pub frames: Vec<Frame>,
    /// Operand stacks of all frames, back to back.
    pub stack: Vec<Value>,
    /// Local slots of all frames, back to back (`None`: unbound).
    pub locals: Vec<Option<Value>>,
}

impl ExecState {
    /// Pushes a frame that resumes `code` at instruction `pc` with the given
    /// local slots (locals, cells, free variables, in that order) and
    /// operand stack. This is the entry point deoptimization and tests use
    /// to materialize a frame in the middle of a function.
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
        let lb = self.locals.len();
        self.locals.extend(slots);
        let sb = self.stack.len();
        self.stack.extend(stack);
        self.frames.push(Frame {
            code,
            globals,
            func,
            pc,
            lb,
            sb,
            hb: handled_base,
        });
    }
}
