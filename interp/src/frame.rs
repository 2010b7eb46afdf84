//! Interpreter frames.
//!
//! A frame is fully described by its code, its globals, the instruction
//! offset and the values of its locals and operand stack. Those values live
//! in two arenas shared by all frames of one activation of the evaluation
//! loop ([`ExecState`]); the frame records where its part starts. This is
//! what lets compiled code hand a frame back at any instruction boundary by
//! writing its values into the frame's slots (deoptimization, see
//! `crate::jit`), and lets a frame be built at any instruction from given
//! values ([`ExecState::push_frame_at`]; on-stack replacement will use it).

use crate::bytecode::Code;
use crate::object::types::{self, Kind};
use crate::object::{ObjRef, PyErr, PyResult, StaticType, TypeObject, Value};
use std::cell::Cell;
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

/// Whether the object `o` is the unbound marker.
#[inline(always)]
pub fn is_unbound_obj(o: &ObjRef) -> bool {
    std::ptr::eq(
        o.as_ptr().cast::<u8>(),
        (UNBOUND.get() as *const TypeObject).cast::<u8>(),
    )
}

/// Moves the value out of a stack slot, leaving the slot dead (`None`).
#[inline(always)]
pub fn take(slot: &mut Value) -> Value {
    std::mem::replace(slot, Value::None)
}

/// [`Frame::on_return`]: a plain return.
pub const RETURN_PLAIN: u8 = 0;
/// [`Frame::on_return`]: the frame runs a class's `__init__` for
/// CALL_PY_INIT: its return value must be `None`, and the call's result is
/// the instance the caller keeps below the function slot.
pub const RETURN_INIT: u8 = 1;
/// [`Frame::on_return`]: the frame runs a generator resumed by FOR_ITER_GEN
/// in the frames of the run that resumed it (see
/// [`crate::generator::push_inline`]); the generator is the caller's
/// operand below the function slot. A yield hands the value to the caller
/// and moves the frame back into the generator; a return ends the loop.
pub const RETURN_GEN_FOR: u8 = 2;
/// [`Frame::on_return`]: as [`RETURN_GEN_FOR`], for a generator resumed by
/// SEND (`yield from`); a return replaces the generator with its value.
pub const RETURN_GEN_SEND: u8 = 3;
/// [`Frame::on_return`]: as [`RETURN_GEN_FOR`], for a generator consumed
/// by `sum()` (see [`crate::generator::start_sum`]): the caller keeps the
/// running total below the generator, each value yielded is added to it
/// and the generator goes on, and a return leaves the total as the call's
/// result.
pub const RETURN_GEN_SUM: u8 = 4;
/// [`Frame::on_return`], plus the BINARY_OP argument: the frame runs the
/// left operand's dunder method for BINARY_OP_PY, whose two operands the
/// caller keeps below the function slot; a `NotImplemented` result goes on
/// to the rest of the operator's protocol.
pub const RETURN_BINOP: u8 = 5;

/// Whether a frame with this [`Frame::on_return`] runs a generator inline.
#[inline(always)]
pub fn runs_generator(on_return: u8) -> bool {
    (RETURN_GEN_FOR..=RETURN_GEN_SUM).contains(&on_return)
}

/// Whether a frame with this [`Frame::on_return`] runs a generator inline
/// whose yield hands the value to the caller frame (not `sum()`'s).
#[inline(always)]
pub fn yields_to_caller(on_return: u8) -> bool {
    on_return == RETURN_GEN_FOR || on_return == RETURN_GEN_SEND
}

/// One activation of a Python function or module body.
///
/// The positions are `Cell`s so that the hot loop can switch frames while
/// it holds the running code's instructions, which it borrows from the
/// frame: a call or return between frames of the same code (recursion)
/// then updates the positions and goes on without reloading the code.
pub struct Frame {
    /// The code being run.
    pub code: Rc<Code>,
    /// The globals dict.
    pub globals: ObjRef,
    /// The next instruction to run (saved while a callee runs).
    pub pc: Cell<usize>,
    /// Start of this frame's slots in the value stack: locals, then cells,
    /// then free variables. The slot just below holds the function being
    /// run (`None` for module bodies), which keeps its closure alive.
    pub lb: Cell<usize>,
    /// Start of this frame's operand stack (right after its slots).
    pub sb: Cell<usize>,
    /// Length of the VM's handled-exception stack when the frame started.
    pub hb: Cell<usize>,
    /// What the frame's return does besides handing back its value
    /// ([`RETURN_PLAIN`], [`RETURN_INIT`], [`RETURN_GEN_FOR`],
    /// [`RETURN_GEN_SEND`], [`RETURN_BINOP`]).
    pub on_return: Cell<u8>,
}

impl Frame {
    /// A frame of `code` with `globals` at instruction `pc`, with the given
    /// bases and [`Frame::on_return`] (see the fields).
    #[inline(always)]
    pub fn new(
        code: Rc<Code>,
        globals: ObjRef,
        pc: usize,
        (lb, sb, hb): (usize, usize, usize),
        on_return: u8,
    ) -> Frame {
        Frame {
            code,
            globals,
            pc: Cell::new(pc),
            lb: Cell::new(lb),
            sb: Cell::new(sb),
            hb: Cell::new(hb),
            on_return: Cell::new(on_return),
        }
    }

    /// Makes a reused frame slot run `code` with `globals`, cloning only
    /// what differs (a slot often held the same code last time).
    #[inline(always)]
    pub fn set_code(&mut self, code: &Rc<Code>, globals: &ObjRef) {
        if !Rc::ptr_eq(&self.code, code) {
            self.code = code.clone();
        }
        if !self.globals.ptr_eq(globals) {
            self.globals = globals.clone();
        }
    }

    /// Starts the frame at instruction `pc` with the given bases (see the
    /// fields); a reused frame slot keeps its code and globals.
    #[inline(always)]
    pub fn start(&self, pc: usize, lb: usize, sb: usize, hb: usize) {
        self.pc.set(pc);
        self.lb.set(lb);
        self.sb.set(sb);
        self.hb.set(hb);
        self.on_return.set(RETURN_PLAIN);
    }
}

/// The frames and the value stack of one run of the evaluation loop.
///
/// The frames share one value stack, laid out as CPython lays out its
/// frames: `[function, slots…, operands…]` per frame, innermost last. A call
/// therefore needs no copying: the callee and its arguments, pushed by the
/// caller, become the callee's function slot and first locals in place.
///
/// The one exception is a generator's frame resumed by FOR_ITER_GEN or
/// SEND (`crate::generator::push_inline`): it runs on the generator's own
/// value stack, which becomes `stack` while the caller's is set aside in
/// `segs` (with its stack pointer) until the generator yields or ends. A
/// frame's positions are indices into the stack it runs on, so frames
/// below a generator's frame are untouched by the switch; resuming and
/// suspending swap two vectors instead of moving the frame's values.
///
/// The stack is a vector kept longer than what is in use: `sp` is one past
/// the last live value, and every slot at or above `sp` is dead and owns no
/// reference (it holds `None` or a stale unboxed number). Entering a frame
/// makes room for its slots and its deepest operand stack
/// ([`Code::max_stack`]) at once, so the evaluation loop pushes by storing
/// at `sp` without growing anything, and pops an unboxed number by only
/// moving `sp`.
///
/// Frame slots are reused: popping a frame keeps its slot (with its code
/// and globals) and pushing overwrites the fields in place. Building a
/// whole `Frame` and moving it into a `Vec` costs a copy through a
/// temporary on every call, which is measurable on call-heavy code.
#[derive(Default)]
pub struct ExecState {
    /// Frame slots; the first `nframes` are active, innermost last.
    pub(crate) frames: Vec<Frame>,
    pub(crate) nframes: usize,
    /// Function slots, local slots and operand stacks of all frames, plus
    /// dead room above `sp`.
    pub(crate) stack: Vec<Value>,
    /// One past the last live value of `stack`.
    pub(crate) sp: usize,
    /// Set by YIELD_VALUE when the run returned because its (generator)
    /// frame suspended rather than returned; `crate::generator` clears it.
    pub(crate) yielded: bool,
    /// The value stacks set aside while generators' frames run on their
    /// own, outermost first: the first `nsegs`, one per active frame whose
    /// [`Frame::on_return`] [`runs_generator`]. The slots above hold empty
    /// vectors and are reused, as frame slots are.
    pub(crate) segs: Vec<Segment>,
    pub(crate) nsegs: usize,
}

/// A value stack set aside while a generator's frame runs on its own
/// (see [`ExecState`]).
#[derive(Default)]
pub(crate) struct Segment {
    /// The stack, with live values below `sp`.
    pub(crate) stack: Vec<Value>,
    /// One past its last live value: the generator resumed is at
    /// `sp - 1`.
    pub(crate) sp: usize,
}

/// Dead room added whenever the value stack grows, so that growing is rare.
const GROW_MIN: usize = 256;

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

    /// The live values: every frame's function slot, slots and operands.
    pub fn values(&self) -> &[Value] {
        &self.stack[..self.sp]
    }

    /// Makes sure `n` dead slots follow the live values: `MemoryError`
    /// when the stack cannot grow that far (deep recursion under a large
    /// recursion limit asks for as much as the machine has).
    #[inline(always)]
    pub fn reserve(&mut self, n: usize) -> PyResult<()> {
        let need = self.sp.saturating_add(n);
        if need > self.stack.len() {
            return self.grow(need);
        }
        Ok(())
    }

    /// Makes the stack exactly `n` slots long if it is shorter, with no
    /// dead room beyond: for a generator's own state, whose frame needs
    /// only its values and operands while it is suspended (the dead room
    /// [`ExecState::reserve`] adds is 256 slots to fill, then to drop,
    /// per generator; a call it makes when resumed grows the stack then).
    /// Callgrind, a loop making three generator expressions consumed by
    /// `join`, `sum` and `any`: 49,045 -> 43,883 instructions per iteration.
    pub fn reserve_exact(&mut self, n: usize) -> PyResult<()> {
        let len = self.stack.len();
        if n > len {
            self.stack
                .try_reserve_exact(n - len)
                .map_err(|_| PyErr::no_memory())?;
            self.stack.resize(n, Value::None);
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, need: usize) -> PyResult<()> {
        let len = self.stack.len();
        // Doubling keeps growth rare; when memory is short, doubling a
        // large stack may fail where just what is needed still fits.
        let doubled = need.max(len.saturating_mul(2)).saturating_add(GROW_MIN);
        let exact = need.saturating_add(GROW_MIN);
        let target = if self.stack.try_reserve_exact(doubled - len).is_ok() {
            doubled
        } else if self.stack.try_reserve_exact(exact - len).is_ok() {
            exact
        } else {
            return Err(PyErr::no_memory());
        };
        self.stack.resize(target, Value::None);
        Ok(())
    }

    /// Pushes a value, growing the stack if needed (for code outside the
    /// evaluation loop's fast paths, which push into the room a frame
    /// reserved when it was entered).
    pub fn push(&mut self, v: Value) -> PyResult<()> {
        self.reserve(1)?;
        self.stack[self.sp] = v;
        self.sp += 1;
        Ok(())
    }

    /// Pops the top value.
    pub fn pop(&mut self) -> Option<Value> {
        let i = self.sp.checked_sub(1)?;
        self.sp = i;
        Some(take(&mut self.stack[i]))
    }

    /// Drops the live values at and above `to`.
    #[inline]
    pub fn truncate(&mut self, to: usize) {
        if to < self.sp {
            let end = self.sp;
            self.sp = to;
            for slot in &mut self.stack[to..end] {
                drop(take(slot));
            }
        }
    }

    /// Goes back to the value stack set aside when the innermost
    /// generator's frame was resumed (that frame has been popped), and
    /// returns the generator's stack. `None` when none was set aside.
    pub(crate) fn leave_segment(&mut self) -> Option<Vec<Value>> {
        let k = self.nsegs.checked_sub(1)?;
        let seg = self.segs.get_mut(k)?;
        self.nsegs = k;
        self.sp = seg.sp;
        std::mem::swap(&mut self.stack, &mut seg.stack);
        Some(std::mem::take(&mut seg.stack))
    }

    /// Drops every frame and live value, on every stack set aside too,
    /// leaving the outermost stack (with its room) in place.
    pub(crate) fn clear(&mut self) {
        self.truncate(0);
        while let Some(inner) = self.leave_segment() {
            drop(inner);
            self.truncate(0);
        }
        self.nframes = 0;
    }

    /// Pushes a frame whose function slot is at `lb - 1` and whose slots
    /// (`lb..sp`) are already on the stack, reserving room for its operand
    /// stack (writing into a free frame slot when there is one).
    /// `MemoryError` when there is no memory left for either.
    #[inline(always)]
    pub fn push_frame(
        &mut self,
        code: Rc<Code>,
        globals: ObjRef,
        pc: usize,
        lb: usize,
        hb: usize,
    ) -> PyResult<()> {
        let sb = self.sp;
        self.reserve(code.max_stack as usize)?;
        if let Some(f) = self.frames.get_mut(self.nframes) {
            f.code = code;
            f.globals = globals;
            f.start(pc, lb, sb, hb);
        } else {
            // Fallible: with a large recursion limit the frames alone can
            // outgrow memory. (The hot loop only reuses frame slots: a new
            // depth is always entered here.)
            self.frames.try_reserve(1).map_err(|_| PyErr::no_memory())?;
            self.frames
                .push(Frame::new(code, globals, pc, (lb, sb, hb), RETURN_PLAIN));
        }
        self.nframes += 1;
        Ok(())
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
        Some((f.lb.get(), f.hb.get()))
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
    ) -> PyResult<()> {
        self.push(func.map_or(Value::None, Value::Obj))?;
        let lb = self.sp;
        for v in slots {
            self.push(v.unwrap_or_else(unbound))?;
        }
        // Room for the given operands beyond what the code itself needs
        // (a frame resumed mid-way may hold more than compiled code would).
        self.reserve(stack.len() + code.max_stack as usize)?;
        self.push_frame(code, globals, pc, lb, handled_base)?;
        for v in stack {
            self.push(v)?;
        }
        Ok(())
    }
}

/// `SystemError` for a value-stack access outside the frame's reserved
/// room, which only malformed bytecode can cause.
#[cold]
pub fn stack_overflow() -> PyErr {
    PyErr::new(&types::SYSTEM_ERROR, "bytecode stack overflow")
}
