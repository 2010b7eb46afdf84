//! Warming the compiler up: a background thread runs one compile through
//! [`lower`](crate::lower) and Cranelift when the JIT starts, so that the
//! program's first compile finds their code paged in and cached.
//!
//! The first compile in a process runs cold code: Cranelift's instructions
//! are faulted in from the executable, and its tables and ours miss every
//! cache level. Measured on the bench programs (thread CPU time of the
//! compile, no-LTO build): int_loop's kernel 0.76 ms cold, 0.38 ms after a
//! warm-up on another thread; a compile after a warm-up on the same thread
//! costs about as much. The page tables and the shared cache are the
//! process's and the machine's, so a warm-up on another core helps the
//! interpreter's thread.
//!
//! The warm-up compiles a small made-up function (nothing from the
//! program: no interpreter state is touched off its thread), whose code is
//! freed without ever running. It is skipped on a machine with one CPU,
//! where it would only take time from the program. Nothing waits for it:
//! a program that ends sooner (about a millisecond) exits without it
//! (waiting made `print("hi")` take 3.9 ms instead of 2.8), and it
//! touches nothing the interpreter's shutdown frees.

use crate::code;
use crate::deopt::ExitReason;
use crate::hir::{
    Block, BlockId, CheckedIntOp, Cmp, Edge, FloatOp, FrameState, Function, Generic, Helper, Inst,
    IntOp, Loc, Op, Term, Ty, ValueId,
};
use crate::stats::WarmUpState;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// A warm-up (see the module's documentation): the thread is never waited
/// for, only asked whether it is done.
pub struct WarmUp(Option<Arc<OnceLock<Result<Duration, String>>>>);

impl WarmUp {
    /// Starts warming up on a thread of its own, unless the machine has a
    /// single CPU (or the thread cannot be made: the warm-up is only an
    /// optimization).
    pub fn start() -> WarmUp {
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        if cpus < 2 {
            return WarmUp(None);
        }
        let done = Arc::new(OnceLock::new());
        let mine = done.clone();
        let spawned = std::thread::Builder::new()
            .name("typhon-jit-warm".into())
            .spawn(move || {
                let t = Instant::now();
                let _ = mine.set(warm_up().map(|_| t.elapsed()));
            });
        WarmUp(spawned.ok().map(|_| done))
    }

    /// A warm-up that does nothing (the JIT is off, or the embedder asked).
    pub fn none() -> WarmUp {
        WarmUp(None)
    }

    /// Where it is.
    pub fn state(&self) -> WarmUpState {
        match self.0.as_ref().map(|d| d.get()) {
            None => WarmUpState::Off,
            Some(None) => WarmUpState::Running,
            Some(Some(Ok(t))) => WarmUpState::Done(*t),
            Some(Some(Err(e))) => WarmUpState::Failed(e.clone()),
        }
    }
}

/// Compiles [`function`] for this machine and frees the code; returns its
/// size.
pub fn warm_up() -> Result<usize, String> {
    code::compile_unrun(&function(), code::How::default())
}

/// The function compiled to warm up: a loop over int and float locals with
/// overflow checks, a safe point, and a helper call and boxing at its end;
/// the constructs that most compiled loops are made of.
pub fn function() -> Function {
    let v = ValueId;
    let exit = |pc: u32| FrameState {
        pc,
        locals: vec![Loc::InSlot; 3],
        stack: Vec::new(),
    };
    let inst = |out: Option<(u32, Ty)>, op: Op| Inst {
        out: out.map(|(i, t)| (ValueId(i), t)),
        op,
    };
    let edge = |b: u32, args: &[u32]| Edge {
        block: BlockId(b),
        args: args.iter().map(|&a| ValueId(a)).collect(),
    };
    // The shape the builder gives a `for i in range(n)` loop: the header
    // tests, a block increments, the body gets every value as a
    // parameter.
    let entry = Block {
        pc: 0,
        params: Vec::new(),
        insts: vec![
            inst(
                Some((0, Ty::Int)),
                Op::LoadLocal {
                    slot: 0,
                    ty: Ty::Int,
                    exit: exit(0),
                },
            ),
            inst(
                Some((1, Ty::Float)),
                Op::LoadLocal {
                    slot: 1,
                    ty: Ty::Float,
                    exit: exit(0),
                },
            ),
            inst(Some((2, Ty::Int)), Op::ConstInt(0)),
        ],
        term: Term::Jump(edge(1, &[2, 2, 0, 1])),
    };
    let head = Block {
        pc: 4,
        params: vec![
            (v(3), Ty::Int),
            (v(4), Ty::Int),
            (v(5), Ty::Int),
            (v(6), Ty::Float),
        ],
        insts: vec![inst(Some((7, Ty::Bool)), Op::IntCmp(Cmp::Lt, v(4), v(5)))],
        term: Term::Branch(v(7), edge(4, &[]), edge(3, &[3, 6])),
    };
    let body = Block {
        pc: 8,
        params: vec![
            (v(8), Ty::Int),
            (v(9), Ty::Int),
            (v(10), Ty::Int),
            (v(11), Ty::Int),
            (v(12), Ty::Float),
        ],
        insts: vec![
            inst(Some((13, Ty::Int)), Op::ConstInt(3)),
            inst(
                Some((14, Ty::Int)),
                Op::CheckedInt(CheckedIntOp::Mul, v(11), v(13), exit(8)),
            ),
            inst(Some((15, Ty::Int)), Op::ConstInt(7)),
            inst(
                Some((16, Ty::Int)),
                Op::CheckedInt(CheckedIntOp::Mod, v(14), v(15), exit(10)),
            ),
            inst(
                Some((17, Ty::Int)),
                Op::CheckedInt(CheckedIntOp::Add, v(8), v(16), exit(12)),
            ),
            inst(Some((18, Ty::Float)), Op::ConstFloat(0.5)),
            inst(
                Some((19, Ty::Float)),
                Op::Float(FloatOp::Mul, v(12), v(18), None),
            ),
            inst(
                Some((20, Ty::Float)),
                Op::Float(FloatOp::Add, v(19), v(18), None),
            ),
            inst(None, Op::CheckPending { exit: exit(14) }),
        ],
        term: Term::Jump(edge(1, &[17, 9, 10, 20])),
    };
    let done = Block {
        pc: 20,
        params: vec![(v(21), Ty::Int), (v(22), Ty::Float)],
        insts: vec![
            inst(
                None,
                Op::Flush {
                    base: 0,
                    vals: vec![Loc::Int(v(21)), Loc::Float(v(22))],
                },
            ),
            inst(
                Some((23, Ty::Bool)),
                Op::Generic {
                    op: Generic::Binary,
                    base: 0,
                    arg: 0,
                    exit: FrameState {
                        pc: 22,
                        locals: vec![Loc::InSlot; 3],
                        stack: vec![Loc::Int(v(21)), Loc::Float(v(22))],
                    },
                },
            ),
            inst(Some((24, Ty::Ptr)), Op::ConstPtr(0)),
            inst(
                None,
                Op::Guard {
                    helper: Helper::DictLacks,
                    args: vec![v(24), v(24), v(24)],
                    reason: ExitReason::KeysVersion,
                    exit: exit(24),
                },
            ),
        ],
        term: Term::Return(FrameState {
            pc: 26,
            locals: vec![Loc::InSlot; 3],
            stack: vec![Loc::Int(v(21))],
        }),
    };
    let step = Block {
        pc: 8,
        params: Vec::new(),
        insts: vec![
            inst(Some((25, Ty::Int)), Op::ConstInt(1)),
            inst(Some((26, Ty::Int)), Op::Int(IntOp::Add, v(4), v(25))),
        ],
        term: Term::Jump(edge(2, &[3, 26, 5, 4, 6])),
    };
    Function {
        name: "<warm-up>".into(),
        nslots: 3,
        blocks: vec![entry, head, body, done, step],
        entry: BlockId(0),
        nvalues: 27,
        entry_guards: Vec::new(),
        osr_pc: None,
    }
}
