//! The generator payload: a suspended frame the generator owns. The
//! resumption logic lives in `crate::generator`.

use crate::bytecode::Code;
use crate::frame::ExecState;
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
/// The generator owns its frame as a one-frame [`ExecState`]: the
/// function slot, the local slots and the operand stack stay where they
/// were when it suspended, so resuming is running that state again (no
/// copying). While it runs, the state is taken out of `frame` (and
/// `state` says `Running`).
pub struct GenObj {
    /// The generator function's code (`gi_code`), for its names.
    pub code: Rc<Code>,
    /// The life stage.
    pub state: Cell<GenState>,
    /// The suspended frame (empty while running and when done).
    pub frame: RefCell<ExecState>,
    /// The exceptions its frame was handling when it suspended (its share
    /// of `Vm::handled`, put back on top when it resumes).
    pub handled: RefCell<Vec<ObjRef>>,
}

impl GenObj {
    /// A new generator object owning `frame`, suspended before its first
    /// instruction.
    pub fn new_obj(code: Rc<Code>, frame: ExecState) -> ObjRef {
        let o = ObjRef::new(
            super::types::GENERATOR.get(),
            GenObj {
                code,
                state: Cell::new(GenState::Created),
                frame: RefCell::new(frame),
                handled: RefCell::new(Vec::new()),
            },
        );
        abi::gc_track(&o);
        o
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
