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
    /// Operand stacks of all frames, back to back.
    pub stack: Vec<Value>,
    /// Local slots of all frames, back to back (`None`: unbound).
    pub locals: Vec<Option<Value>>,
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

    /// Pushes a frame (writing into a free slot when there is one).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn push_frame(
        &mut self,
        code: Rc<Code>,
        globals: ObjRef,
        func: Option<ObjRef>,
        pc: usize,
        lb: usize,
        sb: usize,
        hb: usize,
    ) {
        if let Some(f) = self.frames.get_mut(self.nframes) {
            f.code = code;
            f.globals = globals;
            f.func = func;
            f.pc = pc;
            f.lb = lb;
            f.sb = sb;
            f.hb = hb;
        } else {
            self.frames.push(Frame {
                code,
                globals,
                func,
                pc,
                lb,
                sb,
                hb,
            });
        }
        self.nframes += 1;
    }

    /// Pops the innermost frame, returning its (locals base, stack base,
    /// handled base). The slot's function reference is released; its code
    /// and globals stay until the slot is reused.
    #[inline]
    pub fn pop_frame(&mut self) -> Option<(usize, usize, usize)> {
        let n = self.nframes.checked_sub(1)?;
        self.nframes = n;
        let f = &mut self.frames[n];
        let func = f.func.take();
        let r = (f.lb, f.sb, f.hb);
        drop(func);
        Some(r)
    }

    /// Pushes a frame that resumes `code` at instruction `pc` with the given
    /// local slots (locals, cells, free variables, in that order) and
    /// operand stack. This is the entry point deoptimization and tests use
    /// to materialize a frame in the middle of a function.
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
        let lb = self.locals.len();
        self.locals.extend(slots);
        let sb = self.stack.len();
        self.stack.extend(stack);
        self.push_frame(code, globals, func, pc, lb, sb, handled_base);
    }
}
