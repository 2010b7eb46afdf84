//! The generator payload: a suspended frame the generator owns. The
//! resumption logic lives in `crate::generator`.

use crate::bytecode::Code;
use crate::object::Value;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use super::ObjRef;

/// Where a generator is in its life (CPython's `gi_frame_state`, folded).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GenState {
    /// Made by the call, its body not started yet.
    Created,
    /// Stopped at a `yield`.
    Suspended,
    /// Its frame is running (on some run's Rust stack).
    Running,
    /// Returned or raised: its frame is gone.
    Done,
}

/// A generator object.
///
/// The generator owns its suspended frame, kept flat: the frame's value
/// stack (`[function, slots…, operands…]`, as a frame of an
/// [`crate::frame::ExecState`] lays it out, starting at 0) with its stack
/// pointer, and the instruction to resume at. Resuming makes that vector
/// the running stack, with nothing copied but these positions
/// (`crate::generator`); while the frame runs, `stack` holds an empty
/// vector and `state` says `Running`.
pub struct GenObj {
    /// The generator function's code (`gi_code`), for its names.
    pub code: Rc<Code>,
    /// The globals its frame runs with.
    pub globals: ObjRef,
    /// The life stage.
    pub state: Cell<GenState>,
    /// The suspended frame's value stack, live below `sp` and dead room
    /// above (empty while running and when done).
    pub(crate) stack: Cell<Vec<Value>>,
    /// One past the suspended frame's last live value.
    pub(crate) sp: Cell<usize>,
    /// The instruction the frame resumes at.
    pub(crate) pc: Cell<usize>,
    /// Where the frame's operand stack starts (after the function slot at
    /// 0 and the local slots from 1).
    pub(crate) sb: usize,
    /// The exceptions its frame was handling when it suspended (its share
    /// of `Vm::handled`, put back on top when it resumes).
    pub handled: RefCell<Vec<ObjRef>>,
    /// Whether `handled` may hold any: false when it is empty, so that a
    /// resumption tests one flag instead of borrowing it.
    pub(crate) has_handled: Cell<bool>,
}

/// A suspended generator frame taken out of its generator (or not yet
/// in one): what [`GenObj::new_obj`] makes a generator of.
pub(crate) struct Suspended {
    pub(crate) code: Rc<Code>,
    pub(crate) globals: ObjRef,
    /// The frame's value stack, live below `sp`.
    pub(crate) stack: Vec<Value>,
    pub(crate) sp: usize,
    /// The instruction the frame resumes at.
    pub(crate) pc: usize,
    /// Where its operand stack starts.
    pub(crate) sb: usize,
}

impl GenObj {
    /// A new generator object owning the frame `f`, not started yet.
    pub(crate) fn new_obj(f: Suspended) -> ObjRef {
        let o = ObjRef::new(
            super::types::GENERATOR.get(),
            GenObj {
                code: f.code,
                globals: f.globals,
                state: Cell::new(GenState::Created),
                stack: Cell::new(f.stack),
                sp: Cell::new(f.sp),
                pc: Cell::new(f.pc),
                sb: f.sb,
                handled: RefCell::new(Vec::new()),
                has_handled: Cell::new(false),
            },
        );
        abi::gc_track(&o);
        o
    }

    /// Takes the suspended frame out (the generator keeps an empty
    /// stack).
    pub(crate) fn take_suspended(&self) -> Suspended {
        Suspended {
            code: self.code.clone(),
            globals: self.globals.clone(),
            sp: self.sp.get(),
            stack: self.take_values(),
            pc: self.pc.get(),
            sb: self.sb,
        }
    }

    /// Runs `f` on the suspended frame's live values (none while the
    /// frame runs or after it ended).
    pub(crate) fn with_values<R>(&self, f: impl FnOnce(&mut [Value]) -> R) -> R {
        let mut stack = self.stack.take();
        let n = self.sp.get().min(stack.len());
        let r = f(&mut stack[..n]);
        self.stack.set(stack);
        r
    }

    /// Pops the suspended frame's top value.
    pub(crate) fn pop_value(&self) -> Option<Value> {
        let mut stack = self.stack.take();
        let v = self.sp.get().checked_sub(1).and_then(|i| {
            let v = stack.get_mut(i).map(crate::frame::take)?;
            self.sp.set(i);
            Some(v)
        });
        self.stack.set(stack);
        v
    }

    /// Takes the suspended frame's values out (the generator keeps an
    /// empty stack).
    pub(crate) fn take_values(&self) -> Vec<Value> {
        self.sp.set(0);
        self.stack.take()
    }
}

impl Drop for GenObj {
    /// A generator dropped while suspended inside a `try` or `with` is
    /// closed later by the VM (its frame moves to a queue), as CPython's
    /// finalizer closes it.
    fn drop(&mut self) {
        crate::generator::orphan(self);
    }
}
