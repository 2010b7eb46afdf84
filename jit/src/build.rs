//! Bytecode + feedback → HIR, by abstract interpretation.
//!
//! The builder runs the function's instructions over an abstract frame:
//! each local and operand-stack entry is either an SSA value of a known
//! type, a known object, or "whatever the frame slot holds". Quickened
//! forms are the feedback: `BINARY_OP_ADD_INT` on an operand of unknown
//! type guards it as an `int` (an exit if not) and adds unboxed with an
//! overflow check. Global and module-attribute loads are speculated to be
//! the object found at compile time (a guard checks it at run time).
//!
//! Blocks start at jump targets and after jumps. The state at a block's
//! start is the join of its predecessors' states, found by iterating to a
//! fixpoint (loops): a local that is the same type on every incoming edge
//! is a block parameter; one that differs lives in its frame slot. A local
//! that is dead at the block start (liveness) is dropped there, so a loop
//! variable assigned at the top of the body does not make the loop
//! header generic.
//!
//! Anything outside the subset makes the builder decline, with a reason:
//! the function then stays interpreted.

use crate::deopt::ExitReason;
use crate::helpers::GuardCell;
use crate::hir::{
    Block, BlockId, CArg, CType, CheckedIntOp, Cmp, Edge, EntryGuard, ExactType, FloatOp,
    FrameState, Function, Generic, Helper, Inst, IntOp, IsOperand, Loc, Op, Term, Ty, ValueId,
};
use crate::stats::Decline;
use interp::bytecode::{BinOp, CmpOp, Code, Op as B};
use interp::frame::unbound;
use interp::object::types::Kind;
use interp::object::{DictKey, DictObj, ModuleObj, ObjRef, StrObj};
use interp::{Value, Vm};
use std::collections::{BTreeMap, BTreeSet};

/// What the builder needs to know about a typed C function (the C API
/// answers, see [`crate::TypedLookup`]).
#[derive(Clone, Debug)]
pub struct TypedTarget {
    /// `underlying_func`.
    pub func: usize,
    /// Declared argument types.
    pub args: Vec<CType>,
    /// Declared result type.
    pub ret: CType,
    /// Whether it can raise.
    pub may_raise: bool,
    /// An object address passed before the arguments (a registered Rust
    /// closure's owner), constant while the callee is the same object.
    pub receiver: Option<usize>,
}

/// What a dict-entry guard expects the entry to hold: a value's type tag
/// (`crate::layout`) and its payload bits (an object's address, an int, a
/// float's bits, a bool).
#[derive(Clone, Copy, Debug)]
struct Expect {
    tag: ValueId,
    bits: ValueId,
}

/// Why a function was not compiled, with the instruction that stopped it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declined {
    /// The reason.
    pub why: Decline,
    /// What exactly (an opcode name, a type).
    pub detail: String,
    /// For [`Decline::NotYet`]: the instruction (its offset) that had not
    /// run often enough.
    pub at: Option<usize>,
}

fn decline<T>(why: Decline, detail: impl Into<String>) -> Result<T, Declined> {
    Err(Declined {
        why,
        detail: detail.into(),
        at: None,
    })
}

/// A built function: its HIR and the objects its code refers to by
/// address (they must stay alive as long as the code).
pub struct Built {
    /// The HIR.
    pub func: Function,
    /// Objects whose addresses the code embeds.
    pub keep: Vec<ObjRef>,
    /// Memory the code reads and writes: the (keys version, index) cache
    /// of each dict-entry guard, updated when a dict's keys change (boxed:
    /// the code holds their addresses).
    #[allow(clippy::vec_box)]
    pub cells: Vec<Box<GuardCell>>,
}

/// Where on-stack replacement enters a function: a loop header of a
/// running frame, with what the frame holds there.
#[derive(Clone, Debug)]
pub struct OsrEntry {
    /// The loop header (the target of the back-edge that made the
    /// function hot).
    pub pc: usize,
    /// Per local slot: whether the frame has it bound.
    pub bound: Vec<bool>,
    /// The operand stack at the header, bottom first.
    pub stack: Vec<OsrOperand>,
    /// Locals that hold a function, a builtin, a C function or a class
    /// (`f = module.func` before the loop): the code takes them to be
    /// these objects, as constants (whoever enters it checks they are:
    /// `code::OsrStart::consts`), so that calls of them compile as calls
    /// of a known callee.
    pub consts: Vec<(usize, ObjRef)>,
}

/// An operand on the stack at an [`OsrEntry`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OsrOperand {
    /// A `range` iterator of step 1 that nothing else refers to: compiled
    /// code counts it as two ints (next value, stop), which whoever
    /// enters the code writes into the dead operand slots `scratch` and
    /// `scratch + 1` (operand-stack indices) first.
    RangeIter {
        /// The first of the two slots.
        scratch: u32,
    },
    /// A `list_iterator` over an exact list that nothing else refers to:
    /// compiled code iterates the list by index (`S::ListIter`), so
    /// whoever enters the code puts the list in the iterator's slot and
    /// the next index in the dead operand slot `scratch` first.
    ListIter {
        /// The slot of the index.
        scratch: u32,
    },
    /// Any other value, left in its slot.
    Value,
}

/// The state of a local slot.
#[derive(Clone, Copy, Debug, PartialEq)]
enum L {
    /// Not read before being written from here: its slot is left alone.
    Dead,
    /// Certainly unbound (the slot holds the unbound marker).
    Unbound,
    /// Maybe unbound: reading it checks.
    Maybe,
    /// Bound, of unknown type, in its slot.
    InSlot,
    /// Bound, types disagreed at a join: in its slot.
    Top,
    /// An SSA value; `synced`: the slot holds the same value already.
    Num(Ty, ValueId, bool),
    /// The slot holds this known object.
    Obj(ValueId, usize),
}

/// An operand-stack entry.
#[derive(Clone, Copy, Debug, PartialEq)]
enum S {
    Num(Ty, ValueId),
    None,
    Obj(ValueId, usize),
    Local(u32),
    Null,
    Range(ValueId, ValueId),
    RangeIter(ValueId, ValueId),
    /// A list iterator: the list, owned by this entry's operand-stack
    /// slot, and the next index (see [`Loc::ListIter`]).
    ListIter(ValueId),
    /// A value (of any type) owned by its operand-stack slot, at this
    /// stack index: made by a helper, or flushed for one.
    Owned(u32),
}

#[derive(Clone, Debug, PartialEq)]
struct State {
    locals: Vec<L>,
    stack: Vec<S>,
    /// At a block's start: the locals whose object's type version every
    /// path here checked (against these versions, or fewer) with nothing
    /// since that could rebind the local or change a type (see
    /// [`Builder::guarded_local`]); the block checks them again only for
    /// versions outside these.
    checked: Checked,
}

/// Locals and the type versions their objects are known to have.
type Checked = Vec<(u32, Vec<u32>)>;

/// How a direct C call passes an operand (see `Builder::c_args`).
enum CArgPlan {
    /// As the [`CArg`] says.
    Arg(CArg),
    /// A constant, boxed when compiling, passed as the object the code
    /// keeps.
    Const(Value),
}

/// Shape of a local at a block start (values erased).
#[derive(Clone, Copy, Debug, PartialEq)]
enum LS {
    Dead,
    Unbound,
    Maybe,
    InSlot,
    Top,
    Num(Ty),
    Obj(usize),
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum SS {
    Num(Ty),
    None,
    Obj(usize),
    Local(u32),
    Null,
    Range,
    RangeIter,
    ListIter,
    Owned(u32),
}

#[derive(Clone, Debug, PartialEq)]
struct Shape {
    locals: Vec<LS>,
    stack: Vec<SS>,
    /// As [`State::checked`], on every path into the block.
    checked: Checked,
}

/// The checks known on both of two paths: the locals both checked, each
/// allowed the versions either allowed.
fn join_checked(a: &Checked, b: &Checked) -> Checked {
    let mut out: Checked = Vec::new();
    for (l, va) in a {
        if let Some((_, vb)) = b.iter().find(|(m, _)| m == l) {
            let mut vs = va.clone();
            for v in vb {
                if !vs.contains(v) {
                    vs.push(*v);
                }
            }
            vs.sort_unstable();
            out.push((*l, vs));
        }
    }
    out
}

fn join_local(a: LS, b: LS) -> LS {
    use LS::*;
    match (a, b) {
        (Dead, _) | (_, Dead) => Dead,
        (x, y) if x == y => x,
        (Maybe, _) | (_, Maybe) => Maybe,
        (Unbound, InSlot | Top) | (InSlot | Top, Unbound) => Maybe,
        // A local assigned only in the loop and read after it may be
        // unbound there: it lives in its slot.
        (Unbound, Num(_) | Obj(_)) | (Num(_) | Obj(_), Unbound) => Maybe,
        // Speculate the typed side; the other edge guards (and leaves if
        // the slot is unbound or of another type).
        (InSlot, t @ (Num(_) | Obj(_))) | (t @ (Num(_) | Obj(_)), InSlot) => t,
        _ => Top,
    }
}

struct Builder<'a> {
    vm: &'a Vm,
    code: &'a Code,
    globals: &'a ObjRef,
    typed: &'a dyn Fn(&ObjRef) -> Option<TypedTarget>,
    nslots: usize,
    /// Block start pcs, in order.
    starts: Vec<usize>,
    /// Live locals at each block start.
    live: BTreeMap<usize, Vec<bool>>,
    shapes: BTreeMap<usize, Shape>,
    // Emission.
    nvalues: u32,
    cur: Vec<Inst>,
    /// Constants a block defines before its first instruction.
    preamble: Vec<Inst>,
    /// Locals whose object's type version the current block has checked,
    /// or every path into it ([`State::checked`]): (the local, the
    /// pointer once this block loaded it, the versions allowed, `cur`'s
    /// length after the check). See [`Builder::guarded_local`].
    guarded: Vec<(u32, Option<ValueId>, Vec<u32>, usize)>,
    keep: Vec<ObjRef>,
    /// The address of the `list.append` method object, once a
    /// LOAD_METHOD_TYPE found it (a call of it is one helper).
    list_append: Option<usize>,
    /// The addresses of `set.add`, `set.remove` and `set.discard` method
    /// objects LOAD_METHOD_TYPE found, with which one each is (a call of
    /// one is one helper: `Generic::SetKey`).
    set_methods: Vec<(usize, interp::sets::KeyMethod)>,
    /// Methods found by a LOAD_METHOD_INSTANCE that saw several classes:
    /// the value selected (by the receiver's version tag) and the
    /// functions it may be.
    poly_methods: Vec<(ValueId, Vec<ObjRef>)>,
    // Boxed: compiled code holds each cell's address, which must not
    // move while the vector grows.
    #[allow(clippy::vec_box)]
    cells: Vec<Box<GuardCell>>,
    /// Whether instructions are kept (the last pass) or only states
    /// computed (the fixpoint).
    emit: bool,
    /// Successor states seen by the fixpoint pass.
    pending: Vec<(usize, State)>,
    /// Blocks made for edges that need code of their own.
    extra: Vec<Block>,
    /// Instructions compiled code hands to the interpreter (it leaves
    /// there), by name.
    leaves: Vec<&'static str>,
    /// Where the first of them is.
    first_leave: Option<usize>,
    /// The first leave at an instruction about to specialize
    /// (`interp::quicken::about_to_try`), and where.
    untried: Option<(&'static str, usize)>,
    /// Those of them at instructions that have run often (a generic form
    /// that ran fewer times than its warmup is on a path the calls so far
    /// rarely took).
    hot_leaves: Vec<&'static str>,
    /// Whether the header of a loop is compiled.
    has_loop: bool,
    /// On-stack replacement: where the code is entered instead of at the
    /// function's start.
    osr: Option<OsrEntry>,
}

/// The instruction at `pc` as the builder sees it: superinstructions are
/// their first half (the second is the next unit, run on its own).
fn unit(code: &Code, pc: usize) -> Option<(B, u32)> {
    let i = code.units.get(pc)?.get();
    let op = match i.op {
        B::LoadFastLoadConst
        | B::LoadFastLoadFast
        | B::LoadFastLoadAttr
        | B::LoadFastPopJump
        | B::LoadFastStoreAttr
        | B::LoadFastLoadMethod => B::LoadFast,
        o => o,
    };
    Some((op, i.arg))
}

fn next_pc(code: &Code, pc: usize) -> usize {
    pc + 1
        + code
            .units
            .get(pc)
            .map(|u| u.get().op.cache_units())
            .unwrap_or(0)
}

/// Successors of the instruction at `pc` and whether it falls through.
fn jumps(op: B, arg: u32) -> (Option<usize>, bool) {
    match op.generic() {
        B::Jump | B::JumpBackward => (Some(arg as usize), false),
        B::PopJumpIfFalse
        | B::PopJumpIfTrue
        | B::PopJumpIfNone
        | B::PopJumpIfNotNone
        | B::JumpIfFalseOrPop
        | B::JumpIfTrueOrPop => (Some(arg as usize), true),
        B::ForIter => (Some(arg as usize), true),
        B::ReturnValue | B::RaiseVarargs | B::Reraise => (None, false),
        _ => (None, true),
    }
}

/// Builds the HIR of `code` (run with `globals`), or declines.
pub fn build(
    vm: &Vm,
    code: &Code,
    globals: &ObjRef,
    typed: &dyn Fn(&ObjRef) -> Option<TypedTarget>,
) -> Result<Built, Declined> {
    build_from(vm, code, globals, typed, None)
}

/// Builds the HIR of `code` (run with `globals`) for on-stack
/// replacement: entered at `osr.pc` from a frame holding what `osr`
/// says, it runs the rest of that call. Only what can be reached from
/// the loop header is compiled; the rest of the function is never entered.
pub fn build_osr(
    vm: &Vm,
    code: &Code,
    globals: &ObjRef,
    typed: &dyn Fn(&ObjRef) -> Option<TypedTarget>,
    osr: &OsrEntry,
) -> Result<Built, Declined> {
    if osr.bound.len() != code.nslots() {
        return decline(Decline::Unsupported, "frame does not match the code");
    }
    build_from(vm, code, globals, typed, Some(osr.clone()))
}

fn build_from(
    vm: &Vm,
    code: &Code,
    globals: &ObjRef,
    typed: &dyn Fn(&ObjRef) -> Option<TypedTarget>,
    osr: Option<OsrEntry>,
) -> Result<Built, Declined> {
    if code.is_module {
        return decline(Decline::Unsupported, "module body");
    }
    if !code.simple_params() || !code.cellvars.is_empty() || !code.freevars.is_empty() {
        return decline(
            Decline::Unsupported,
            "cells, free variables, *args, **kwargs or keyword-only parameters",
        );
    }
    // A generator's frame suspends and lives in the generator between runs;
    // compiled code always hands its frame back, so it stays interpreted.
    if code.is_generator {
        return decline(Decline::Unsupported, "generator");
    }
    // `match`: its pattern instructions (CPython 3.11's MATCH_CLASS and
    // friends) have no compiled form, so such code stays interpreted.
    if code.units.iter().any(|u| {
        matches!(
            u.get().op,
            B::GetLen | B::MatchMapping | B::MatchSequence | B::MatchKeys | B::MatchClass
        )
    }) {
        return decline(Decline::Unsupported, "match statement");
    }
    // A `try` needs nothing here: an exception in compiled code is handed
    // to the interpreter at its instruction, which unwinds through the
    // exception table; the handlers themselves are not compiled (nothing
    // jumps to them).
    let mut b = Builder {
        vm,
        code,
        globals,
        typed,
        nslots: code.nslots(),
        starts: Vec::new(),
        live: BTreeMap::new(),
        shapes: BTreeMap::new(),
        nvalues: 0,
        cur: Vec::new(),
        preamble: Vec::new(),
        guarded: Vec::new(),
        keep: Vec::new(),
        list_append: None,
        set_methods: Vec::new(),
        poly_methods: Vec::new(),
        cells: Vec::new(),
        emit: false,
        pending: Vec::new(),
        extra: Vec::new(),
        leaves: Vec::new(),
        first_leave: None,
        untried: None,
        hot_leaves: Vec::new(),
        has_loop: false,
        osr,
    };
    b.find_blocks()?;
    b.liveness();
    b.fixpoint()?;
    b.emit = true;
    b.nvalues = 0;
    b.keep.clear();
    b.cells.clear();
    // On-stack replacement's constant locals are known from the start:
    // blocks that see them look them up in `keep` before the entry block
    // (built last) makes them.
    if let Some(o) = &b.osr {
        b.keep.extend(o.consts.iter().map(|(_, obj)| obj.clone()));
    }
    let mut blocks = Vec::new();
    for i in 0..b.starts.len() {
        let pc = b.starts[i];
        if !b.shapes.contains_key(&pc) {
            // Unreachable: an empty block that leaves (never entered).
            blocks.push(Block {
                pc: pc as u32,
                params: Vec::new(),
                insts: Vec::new(),
                term: Term::Leave(FrameState {
                    pc: pc as u32,
                    locals: vec![Loc::InSlot; b.nslots],
                    stack: Vec::new(),
                }),
            });
            continue;
        }
        let (state, params) = b.entry_state(pc);
        b.cur.clear();
        let term = b.run_block(pc, state)?;
        blocks.push(Block {
            pc: pc as u32,
            params,
            insts: std::mem::take(&mut b.cur),
            term,
        });
    }
    // Compiled code enters at the first instruction with the arguments
    // in their slots. When a loop starts there, the first block is a join
    // whose parameters the back-edge passes: entering it takes the same
    // loads (and type guards) as any other edge from unknown slots.
    b.cur.clear();
    let entry = match b.osr.clone() {
        // On-stack replacement enters at the loop header from a block of
        // its own: the two ints of each range iterator are read from
        // their scratch slots, then the same loads and guards as any
        // edge from unknown slots.
        Some(o) => {
            let state = b.osr_state(&o, true)?;
            let into_header = b.edge(o.pc, &state, false)?;
            let id = BlockId((b.starts.len() + b.extra.len()) as u32);
            let insts = std::mem::take(&mut b.cur);
            b.extra.push(Block {
                pc: o.pc as u32,
                params: Vec::new(),
                insts,
                term: Term::Jump(into_header),
            });
            id
        }
        None => {
            let entry_state = b.entry();
            let into_first = b.edge(0, &entry_state, true)?;
            if into_first.args.is_empty() {
                into_first.block
            } else {
                let id = BlockId((b.starts.len() + b.extra.len()) as u32);
                b.extra.push(Block {
                    pc: 0,
                    params: Vec::new(),
                    insts: Vec::new(),
                    term: Term::Jump(into_first),
                });
                id
            }
        }
    };
    blocks.append(&mut b.extra);
    if let Some(o) = &b.osr
        && !goes_round(&blocks, o.pc)
    {
        // Entered at its header, the code would leave in the loop's first
        // trip: the call is better off in the interpreter.
        return decline(
            Decline::Unsupported,
            match b.leaves.first() {
                Some(op) => format!("the loop's body is not compiled (it leaves at {op})"),
                None => "the loop's body is not compiled".to_string(),
            },
        );
    }
    // Leaving for the interpreter pays off when a loop runs compiled
    // before it; a function without a loop that must leave (a recursive
    // function calling itself, say) is better left to the interpreter's
    // inline calls. A loop counts only if compiled code can go round it:
    // every compiled back-edge is a safe point (CheckPending), and a loop
    // whose body always leaves (an untyped C call in it, say) has none.
    b.has_loop = blocks.iter().any(|bl| {
        bl.insts
            .iter()
            .any(|i| matches!(i.op, Op::CheckPending { .. }))
    });
    if !b.has_loop {
        // Leaving on a path the calls so far took gains nothing (unless
        // the instruction is about to get types, as code that runs once
        // a call is after as many calls as its warmup: then the function
        // is asked about again); on one they rarely took (an instruction
        // that ran fewer times than its warmup), it seldom happens.
        if let Some((op, pc)) = b.untried {
            return Err(Declined {
                why: Decline::NotYet,
                detail: op.to_string(),
                at: Some(pc),
            });
        }
        if let Some(op) = b.hot_leaves.first() {
            return decline(Decline::Unsupported, *op);
        }
        // Nothing to gain without a loop or a typed C call, unless
        // compiled code calls this function directly: entering compiled
        // code from the interpreter costs more than its inline call, and
        // more than a direct call from it saves (a method the interpreter
        // calls, which calls another: measured slower compiled, on
        // richards and raytrace). A recursive function wants itself.
        let calls_c = blocks.iter().any(|bl| {
            bl.insts
                .iter()
                .any(|i| matches!(i.op, Op::CallTyped { .. }))
        });
        if !calls_c && !code.jit_wanted.get() {
            // The loop was not reached: the way to it leaves at an
            // instruction too cold to have types yet (ran once a call).
            let has_back_edge = code
                .units
                .iter()
                .any(|u| u.get().op == interp::bytecode::Op::JumpBackward);
            if has_back_edge && let Some(op) = b.leaves.first() {
                return Err(Declined {
                    why: Decline::NotYet,
                    detail: (*op).to_string(),
                    at: b.first_leave,
                });
            }
            return decline(Decline::NoLoop, "");
        }
    }
    let mut func = Function {
        name: code.qualname.clone(),
        nslots: b.nslots as u32,
        blocks,
        entry,
        nvalues: b.nvalues,
        entry_guards: Vec::new(),
        osr_pc: b.osr.as_ref().map(|o| o.pc as u32),
    };
    hoist_entry_guards(&mut func);
    drop_unused_constants(&mut func);
    crate::facts::bound_ranges(&mut func);
    Ok(Built {
        func,
        keep: b.keep,
        cells: b.cells,
    })
}

/// Whether compiled code goes round the loop whose header is at `header`:
/// a block with the safe point of a compiled back-edge jumps to the
/// header's block (or to a block of that edge's own, which starts at the
/// header too).
fn goes_round(blocks: &[Block], header: usize) -> bool {
    blocks.iter().any(|bl| {
        bl.insts
            .iter()
            .any(|i| matches!(i.op, Op::CheckPending { .. }))
            && bl.term.edges().any(|e| {
                blocks
                    .get(e.block.0 as usize)
                    .is_some_and(|t| t.pc as usize == header)
            })
    })
}

/// Removes constants nothing uses (the arguments of hoisted guards, say):
/// less for Cranelift to go through.
fn drop_unused_constants(f: &mut Function) {
    let mut used = vec![false; f.nvalues as usize];
    let mut mark = |v: ValueId| {
        if let Some(u) = used.get_mut(v.0 as usize) {
            *u = true;
        }
    };
    for b in &f.blocks {
        for ins in &b.insts {
            ins.op.for_each_use(|v, _| mark(v));
        }
        b.term.for_each_use(&mut mark);
    }
    for b in &mut f.blocks {
        b.insts.retain(|ins| match (&ins.op, ins.out) {
            (
                Op::ConstInt(_) | Op::ConstFloat(_) | Op::ConstBool(_) | Op::ConstPtr(_),
                Some((v, _)),
            ) => used.get(v.0 as usize).copied().unwrap_or(true),
            _ => true,
        });
    }
}

/// Moves the guards at the function's start (in its entry block, which
/// nothing jumps back to, before any instruction with an effect, and on
/// constant arguments) to [`Function::entry_guards`].
fn hoist_entry_guards(f: &mut Function) {
    let e = f.entry.0 as usize;
    let jumped_to = f
        .blocks
        .iter()
        .flat_map(|b| b.term.edges())
        .any(|x| x.block.0 as usize == e);
    let Some(block) = f.blocks.get_mut(e) else {
        return;
    };
    if jumped_to {
        return;
    }
    let mut consts: BTreeMap<ValueId, u64> = BTreeMap::new();
    let mut kept = Vec::with_capacity(block.insts.len());
    let mut prologue = true;
    for ins in std::mem::take(&mut block.insts) {
        match (&ins.op, ins.out) {
            (Op::ConstPtr(a), Some((v, _))) => {
                consts.insert(v, *a as u64);
            }
            (Op::ConstInt(i), Some((v, _))) => {
                consts.insert(v, *i as u64);
            }
            (
                Op::Guard {
                    helper,
                    args,
                    reason,
                    ..
                },
                _,
            ) if prologue => {
                let vals: Option<Vec<u64>> = args.iter().map(|a| consts.get(a).copied()).collect();
                if let Some(args) = vals {
                    f.entry_guards.push(EntryGuard {
                        helper: *helper,
                        args,
                        reason: *reason,
                    });
                    continue;
                }
                prologue = false;
            }
            // Reading locals and constants has no effect (an exit there
            // leaves a frame the interpreter could equally start over).
            (
                Op::ConstFloat(_)
                | Op::ConstBool(_)
                | Op::LoadLocal { .. }
                | Op::LoadLocalIs { .. }
                | Op::GuardLocalType { .. }
                | Op::GuardBound { .. },
                _,
            ) => {}
            // Nor has storing an object into a local (`f = mod.func`): a
            // frame started over stores it again, and no guard reads it.
            (
                Op::Effect {
                    helper: Helper::StoreLocalObj,
                    ..
                },
                _,
            ) => {}
            _ => prologue = false,
        }
        kept.push(ins);
    }
    block.insts = kept;
}

impl Builder<'_> {
    fn find_blocks(&mut self) -> Result<(), Declined> {
        let mut starts = BTreeSet::new();
        starts.insert(0);
        let mut pc = 0;
        while let Some((op, arg)) = unit(self.code, pc) {
            let next = next_pc(self.code, pc);
            let (target, falls) = jumps(op, arg);
            if let Some(t) = target {
                if t >= self.code.units.len() {
                    return decline(Decline::Unsupported, "jump out of the code");
                }
                starts.insert(t);
                starts.insert(next);
            } else if !falls {
                starts.insert(next);
            }
            pc = next;
        }
        // Handlers start blocks too: liveness flows into them from every
        // instruction they protect.
        // So do the bounds of protected ranges, so that a block is either
        // wholly protected by a handler or not at all.
        for e in &self.code.exc_table {
            starts.insert(e.handler as usize);
            starts.insert(e.start as usize);
            starts.insert(e.end as usize);
        }
        starts.retain(|p| *p < self.code.units.len());
        self.starts = starts.into_iter().collect();
        Ok(())
    }

    /// The block containing `pc`'s successor blocks, for liveness.
    fn block_end(&self, i: usize) -> usize {
        self.starts
            .get(i + 1)
            .copied()
            .unwrap_or(self.code.units.len())
    }

    /// Live locals at each block start (a local is live if some path reads
    /// it before writing it).
    fn liveness(&mut self) {
        let n = self.nslots;
        let mut live_in: Vec<Vec<bool>> = vec![vec![false; n]; self.starts.len()];
        let index: BTreeMap<usize, usize> = self
            .starts
            .iter()
            .enumerate()
            .map(|(i, p)| (*p, i))
            .collect();
        loop {
            let mut changed = false;
            for i in (0..self.starts.len()).rev() {
                let (start, end) = (self.starts[i], self.block_end(i));
                // Instructions of the block, and its successors.
                let mut insts = Vec::new();
                let mut pc = start;
                let mut succs = Vec::new();
                let mut falls = true;
                while pc < end {
                    let Some((op, arg)) = unit(self.code, pc) else {
                        break;
                    };
                    insts.push((op, arg));
                    let (t, f) = jumps(op, arg);
                    if let Some(t) = t {
                        succs.push(t);
                    }
                    falls = f;
                    pc = next_pc(self.code, pc);
                }
                if falls {
                    succs.push(end);
                }
                // An exception in the block goes to the handlers covering
                // it, from any instruction, before any store in the block:
                // what they read is live at the block's start.
                let handlers: Vec<usize> = self
                    .code
                    .exc_table
                    .iter()
                    .filter(|e| (e.start as usize) < end && (e.end as usize) > start)
                    .map(|e| e.handler as usize)
                    .collect();
                let mut live = vec![false; n];
                for s in succs {
                    if let Some(&j) = index.get(&s) {
                        for (k, l) in live_in[j].iter().enumerate() {
                            live[k] |= *l;
                        }
                    }
                }
                for (op, arg) in insts.iter().rev() {
                    let a = *arg as usize;
                    match op.generic() {
                        B::StoreFast | B::DeleteFast if a < n => live[a] = false,
                        B::LoadFast if a < n => live[a] = true,
                        _ => {}
                    }
                }
                for h in handlers {
                    if let Some(&j) = index.get(&h) {
                        for (k, l) in live_in[j].iter().enumerate() {
                            live[k] |= *l;
                        }
                    }
                }
                if live != live_in[i] {
                    live_in[i] = live;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for (i, p) in self.starts.iter().enumerate() {
            self.live.insert(*p, live_in[i].clone());
        }
    }

    fn shape_of(state: &State) -> Shape {
        Shape {
            locals: state
                .locals
                .iter()
                .map(|l| match l {
                    L::Dead => LS::Dead,
                    L::Unbound => LS::Unbound,
                    L::Maybe => LS::Maybe,
                    L::InSlot => LS::InSlot,
                    L::Top => LS::Top,
                    L::Num(t, _, _) => LS::Num(*t),
                    L::Obj(_, a) => LS::Obj(*a),
                })
                .collect(),
            stack: state
                .stack
                .iter()
                .map(|s| match s {
                    S::Num(t, _) => SS::Num(*t),
                    S::None => SS::None,
                    S::Obj(_, a) => SS::Obj(*a),
                    S::Local(n) => SS::Local(*n),
                    S::Null => SS::Null,
                    S::Range(..) => SS::Range,
                    S::RangeIter(..) => SS::RangeIter,
                    S::ListIter(_) => SS::ListIter,
                    S::Owned(k) => SS::Owned(*k),
                })
                .collect(),
            checked: state.checked.clone(),
        }
    }

    /// Merges an incoming state into the shape of the block at `pc`;
    /// returns whether it changed.
    fn merge(&mut self, pc: usize, incoming: &State) -> Result<bool, Declined> {
        let mut inc = Self::shape_of(incoming);
        if let Some(live) = self.live.get(&pc) {
            for (k, l) in inc.locals.iter_mut().enumerate() {
                if !live.get(k).copied().unwrap_or(true) {
                    *l = LS::Dead;
                }
            }
        }
        match self.shapes.get(&pc) {
            None => {
                self.shapes.insert(pc, inc);
                Ok(true)
            }
            Some(old) => {
                if old.stack.len() != inc.stack.len() {
                    return decline(Decline::Unsupported, "operand stack differs at a join");
                }
                // Operands that differ between the paths (`a if c else
                // b` of two types) are joined in their slots: each edge
                // writes its value there (see `edge`).
                let stack: Vec<SS> = old
                    .stack
                    .iter()
                    .zip(&inc.stack)
                    .enumerate()
                    .map(|(k, (a, b))| if a == b { *a } else { SS::Owned(k as u32) })
                    .collect();
                let locals: Vec<LS> = old
                    .locals
                    .iter()
                    .zip(&inc.locals)
                    .map(|(a, b)| join_local(*a, *b))
                    .collect();
                let checked = join_checked(&old.checked, &inc.checked);
                if locals == old.locals && stack == old.stack && checked == old.checked {
                    return Ok(false);
                }
                self.shapes.insert(
                    pc,
                    Shape {
                        locals,
                        stack,
                        checked,
                    },
                );
                Ok(true)
            }
        }
    }

    fn entry(&self) -> State {
        let argc = self.code.argcount as usize;
        State {
            locals: (0..self.nslots)
                .map(|i| if i < argc { L::InSlot } else { L::Unbound })
                .collect(),
            stack: Vec::new(),
            checked: Vec::new(),
        }
    }

    /// The state at an on-stack replacement's loop header, as the frame
    /// has it: bound locals in their slots, a range iterator as its two
    /// ints (read from the scratch slots when `emit`), any other operand
    /// in its slot.
    fn osr_state(&mut self, o: &OsrEntry, emit: bool) -> Result<State, Declined> {
        let mut locals: Vec<L> = o
            .bound
            .iter()
            .map(|b| if *b { L::InSlot } else { L::Unbound })
            .collect();
        for (k, obj) in &o.consts {
            let a = obj.as_ptr() as usize;
            let v = self.kept(obj.clone());
            if let Some(l) = locals.get_mut(*k) {
                *l = L::Obj(v, a);
            }
        }
        let plain = State {
            locals: locals.clone(),
            stack: (0..o.stack.len()).map(|k| S::Owned(k as u32)).collect(),
            checked: Vec::new(),
        };
        let mut stack = Vec::with_capacity(o.stack.len());
        for (k, operand) in o.stack.iter().enumerate() {
            match *operand {
                OsrOperand::Value => stack.push(S::Owned(k as u32)),
                OsrOperand::RangeIter { scratch } => {
                    let (cur, stop) = if emit {
                        let exit = self.frame_state(o.pc, &plain)?;
                        let slot = (self.nslots as u32).saturating_add(scratch);
                        let cur = self.push_inst(
                            Some(Ty::Int),
                            Op::LoadLocal {
                                slot,
                                ty: Ty::Int,
                                exit: exit.clone(),
                            },
                        );
                        let stop = self.push_inst(
                            Some(Ty::Int),
                            Op::LoadLocal {
                                slot: slot.saturating_add(1),
                                ty: Ty::Int,
                                exit,
                            },
                        );
                        (cur, stop)
                    } else {
                        (self.value(), self.value())
                    };
                    stack.push(S::RangeIter(cur, stop));
                }
                OsrOperand::ListIter { scratch } => {
                    let idx = if emit {
                        let exit = self.frame_state(o.pc, &plain)?;
                        self.push_inst(
                            Some(Ty::Int),
                            Op::LoadLocal {
                                slot: (self.nslots as u32).saturating_add(scratch),
                                ty: Ty::Int,
                                exit,
                            },
                        )
                    } else {
                        self.value()
                    };
                    stack.push(S::ListIter(idx));
                }
            }
        }
        // Each range loop's index is non-negative and its stop bounded,
        // as after `range(n)` (`crate::facts` then drops overflow checks
        // of the index): a running loop outside that leaves at its header.
        if emit {
            let exit = self.frame_state(
                o.pc,
                &State {
                    locals: locals.clone(),
                    stack: stack.clone(),
                    checked: Vec::new(),
                },
            )?;
            for s in stack.iter_mut() {
                if let S::RangeIter(cur, stop) = *s {
                    let cur = self.push_inst(
                        Some(Ty::Int),
                        Op::IntNonNeg {
                            val: cur,
                            exit: exit.clone(),
                        },
                    );
                    let stop = self.push_inst(
                        Some(Ty::Int),
                        Op::IntAtMost {
                            val: stop,
                            max: i64::MAX,
                            exit: exit.clone(),
                        },
                    );
                    *s = S::RangeIter(cur, stop);
                }
            }
        }
        Ok(State {
            locals,
            stack,
            checked: Vec::new(),
        })
    }

    fn fixpoint(&mut self) -> Result<(), Declined> {
        let (start, entry) = match self.osr.clone() {
            Some(o) => (o.pc, self.osr_state(&o, false)?),
            None => (0, self.entry()),
        };
        self.merge(start, &entry)?;
        let mut work: BTreeSet<usize> = BTreeSet::from([start]);
        let mut rounds = 0;
        while let Some(pc) = work.pop_first() {
            rounds += 1;
            if rounds > 64 * self.starts.len().max(1) {
                return decline(Decline::Unsupported, "types do not settle");
            }
            let (state, _) = self.entry_state(pc);
            self.cur.clear();
            self.pending.clear();
            self.run_block(pc, state)?;
            for (succ, st) in std::mem::take(&mut self.pending) {
                if self.merge(succ, &st)? {
                    work.insert(succ);
                }
            }
        }
        Ok(())
    }
}

/// Whether `op`, run after a check of local `l`'s type version, leaves
/// the check true: it does not rebind `l` and runs no Python code (which
/// could assign a class attribute and so change a version). Attribute
/// reads and writes at a checked index, arithmetic, comparisons by
/// identity, and moves between slots qualify; releasing a value does too,
/// since a Python object's release runs no code here (there is no
/// `__del__` and there are no weak reference callbacks).
fn keeps_guards(op: &Op, l: u32) -> bool {
    match op {
        Op::StoreLocal { local, .. } => *local != l,
        Op::Generic {
            op: Generic::StoreLocal,
            arg,
            ..
        } => *arg != l,
        Op::SpillLocal { slot, .. } => *slot != l,
        Op::ConstInt(_)
        | Op::ConstFloat(_)
        | Op::ConstBool(_)
        | Op::ConstPtr(_)
        | Op::LoadLocal { .. }
        | Op::LoadLocalIs { .. }
        | Op::GuardLocalType { .. }
        | Op::GuardBound { .. }
        | Op::GuardTypeVersion { .. }
        | Op::GuardWord { .. }
        | Op::TypeVersionOf(_)
        | Op::AttrGet { .. }
        | Op::AttrSet { .. }
        | Op::Int(..)
        | Op::CheckedInt(..)
        | Op::IntNeg(..)
        | Op::IntAbs(..)
        | Op::IntAtMost { .. }
        | Op::IntNonNeg { .. }
        | Op::Float(..)
        | Op::FloatNeg(_)
        | Op::FloatAbs(_)
        | Op::Select(..)
        | Op::IntToFloat(_)
        | Op::IntCmp(..)
        | Op::FloatCmp(..)
        | Op::Not(_)
        | Op::BoolToInt(_)
        | Op::IsNone { .. }
        | Op::Is { .. }
        | Op::Flush { .. }
        | Op::MoveSlot { .. }
        | Op::SwapSlots(..)
        | Op::DropSlot { .. }
        // Machine code, or a helper that only reads a list or tuple; what
        // it does not handle leaves.
        | Op::Truth { .. }
        | Op::CheckPending { .. }
        | Op::SeqGet { .. }
        | Op::ListIterNext { .. } => true,
        _ => false,
    }
}

/// How the operand `s` is written into its slot (already there: owned).
fn loc_of(s: &S) -> Result<Loc, Declined> {
    Ok(match *s {
        S::Num(Ty::Int, v) => Loc::Int(v),
        S::Num(Ty::Float, v) => Loc::Float(v),
        S::Num(Ty::Bool, v) => Loc::Bool(v),
        S::Num(Ty::Ptr, v) | S::Obj(v, _) => Loc::Obj(v),
        S::None => Loc::None,
        S::Local(n) => Loc::Local(n),
        S::Null => Loc::Null,
        S::RangeIter(c, e) => Loc::RangeIter(c, e),
        S::ListIter(i) => Loc::ListIter(i),
        S::Owned(_) => Loc::InSlot,
        S::Range(..) => return decline(Decline::Unsupported, "a range used as a value"),
    })
}

/// The one type whose instances have `kind`, for the built-in kinds whose
/// methods compiled code calls (a kind several types share has none).
fn exact_type(kind: u32) -> Option<&'static abi::StaticType> {
    use interp::object::types;
    Some(match kind {
        Kind::LIST => &types::LIST,
        Kind::DICT => &types::DICT,
        Kind::STR => &types::STR,
        Kind::TUPLE => &types::TUPLE,
        Kind::BYTES => &types::BYTES,
        Kind::BYTEARRAY => &types::BYTEARRAY,
        Kind::MEMORYVIEW => &types::MEMORYVIEW,
        Kind::SET => &types::SET,
        Kind::FROZENSET => &types::FROZENSET,
        _ => return None,
    })
}

/// Shorthand: a frame state's `Loc` for a local.
fn local_loc(l: &L) -> Loc {
    match l {
        L::Num(Ty::Int, v, _) => Loc::Int(*v),
        L::Num(Ty::Float, v, _) => Loc::Float(*v),
        L::Num(Ty::Bool, v, _) => Loc::Bool(*v),
        _ => Loc::InSlot,
    }
}

fn cmp_of(arg: u32) -> Cmp {
    match CmpOp::from_arg(arg) {
        CmpOp::Lt => Cmp::Lt,
        CmpOp::Le => Cmp::Le,
        CmpOp::Eq => Cmp::Eq,
        CmpOp::Ne => Cmp::Ne,
        CmpOp::Gt => Cmp::Gt,
        CmpOp::Ge => Cmp::Ge,
    }
}

impl Builder<'_> {
    fn value(&mut self) -> ValueId {
        let v = ValueId(self.nvalues);
        self.nvalues += 1;
        v
    }

    fn push_inst(&mut self, ty: Option<Ty>, op: Op) -> ValueId {
        let v = self.value();
        self.cur.push(Inst {
            out: ty.map(|t| (v, t)),
            op,
        });
        v
    }

    fn block_id(&self, pc: usize) -> BlockId {
        BlockId(self.starts.iter().position(|p| *p == pc).unwrap_or(0) as u32)
    }

    /// The state at the start of the block at `pc`, with its parameters.
    fn entry_state(&mut self, pc: usize) -> (State, Vec<(ValueId, Ty)>) {
        let Some(shape) = self.shapes.get(&pc).cloned() else {
            return (self.entry(), Vec::new());
        };
        let mut params = Vec::new();
        let mut locals = Vec::with_capacity(shape.locals.len());
        let mut consts = Vec::new();
        for l in &shape.locals {
            locals.push(match *l {
                LS::Dead => L::Dead,
                LS::Unbound => L::Unbound,
                LS::Maybe => L::Maybe,
                LS::InSlot => L::InSlot,
                LS::Top => L::Top,
                LS::Num(t) => {
                    let v = self.value();
                    params.push((v, t));
                    L::Num(t, v, false)
                }
                LS::Obj(a) => {
                    let v = self.value();
                    consts.push((v, a));
                    L::Obj(v, a)
                }
            });
        }
        let mut stack = Vec::with_capacity(shape.stack.len());
        for s in &shape.stack {
            stack.push(match *s {
                SS::Num(t) => {
                    let v = self.value();
                    params.push((v, t));
                    S::Num(t, v)
                }
                SS::None => S::None,
                SS::Null => S::Null,
                SS::Owned(k) => S::Owned(k),
                SS::ListIter => {
                    let v = self.value();
                    params.push((v, Ty::Int));
                    S::ListIter(v)
                }
                SS::Local(n) => S::Local(n),
                SS::Obj(a) => {
                    let v = self.value();
                    consts.push((v, a));
                    S::Obj(v, a)
                }
                SS::Range | SS::RangeIter => {
                    let (c, e) = (self.value(), self.value());
                    params.push((c, Ty::Int));
                    params.push((e, Ty::Int));
                    if *s == SS::Range {
                        S::Range(c, e)
                    } else {
                        S::RangeIter(c, e)
                    }
                }
            });
        }
        // Known objects are constants, defined at the top of the block.
        self.cur.clear();
        let mut pre = Vec::new();
        for (v, a) in consts {
            pre.push(Inst {
                out: Some((v, Ty::Ptr)),
                op: Op::ConstPtr(a),
            });
        }
        self.preamble = pre;
        let checked = shape.checked.clone();
        (
            State {
                locals,
                stack,
                checked,
            },
            params,
        )
    }

    /// The frame state at `pc` for an exit.
    fn frame_state(&self, pc: usize, st: &State) -> Result<FrameState, Declined> {
        let mut stack = Vec::with_capacity(st.stack.len());
        for s in &st.stack {
            stack.push(match s {
                S::Num(Ty::Int, v) => Loc::Int(*v),
                S::Num(Ty::Float, v) => Loc::Float(*v),
                S::Num(Ty::Bool, v) => Loc::Bool(*v),
                S::Num(Ty::Ptr, v) | S::Obj(v, _) => Loc::Obj(*v),
                S::None => Loc::None,
                S::Local(n) => Loc::Local(*n),
                S::Null => Loc::Null,
                S::RangeIter(c, e) => Loc::RangeIter(*c, *e),
                S::ListIter(i) => Loc::ListIter(*i),
                S::Owned(_) => Loc::InSlot,
                S::Range(..) => {
                    return decline(Decline::Unsupported, "an exit with a range on the stack");
                }
            });
        }
        Ok(FrameState {
            pc: pc as u32,
            locals: st.locals.iter().map(local_loc).collect(),
            stack,
        })
    }

    /// An edge from the current state to the block at `target`: in the
    /// fixpoint pass records the state; in the last pass makes the
    /// arguments, with guards and spills in a block of the edge's own when
    /// needed (`own`: the edge is one of two, so its code cannot go in the
    /// current block).
    fn edge(&mut self, target: usize, st: &State, own: bool) -> Result<Edge, Declined> {
        let checked = self.still_checked(st);
        if !self.emit {
            let mut out = st.clone();
            out.checked = checked;
            self.pending.push((target, out));
            return Ok(Edge {
                block: BlockId(0),
                args: Vec::new(),
            });
        }
        let Some(shape) = self.shapes.get(&target).cloned() else {
            return decline(Decline::Unsupported, "edge to an unreached block");
        };
        // The target skips the checks its shape carries: this path must
        // have made them (it did when the shapes were solved; the code
        // made now is the same).
        if join_checked(&shape.checked, &checked) != shape.checked {
            return decline(
                Decline::Unsupported,
                "internal: an edge lost a type-version check",
            );
        }
        if !self.starts.contains(&target) {
            return decline(
                Decline::Unsupported,
                "internal: an edge into a block's middle",
            );
        }
        let saved = std::mem::take(&mut self.cur);
        let exit = self.frame_state(target, st)?;
        let mut args = Vec::new();
        for (k, (ls, l)) in shape.locals.iter().zip(&st.locals).enumerate() {
            match (*ls, *l) {
                (LS::Num(t), L::Num(t2, v, _)) if t == t2 => args.push(v),
                (LS::Num(t), L::InSlot | L::Top | L::Unbound | L::Maybe | L::Dead) => {
                    let v = self.push_inst(
                        Some(t),
                        Op::LoadLocal {
                            slot: k as u32,
                            ty: t,
                            exit: exit.clone(),
                        },
                    );
                    args.push(v);
                }
                (LS::Num(_), _) => return decline(Decline::Unsupported, "type join"),
                (LS::Obj(a), L::Obj(_, a2)) if a == a2 => {}
                (LS::Obj(a), L::InSlot | L::Top | L::Unbound | L::Maybe | L::Dead) => {
                    self.push_inst(
                        None,
                        Op::LoadLocalIs {
                            slot: k as u32,
                            expect: a,
                            exit: exit.clone(),
                        },
                    );
                }
                (LS::Obj(_), _) => return decline(Decline::Unsupported, "object join"),
                (LS::InSlot | LS::Top | LS::Maybe, L::Num(t, v, false)) => {
                    let loc = match t {
                        Ty::Int => Loc::Int(v),
                        Ty::Float => Loc::Float(v),
                        Ty::Bool => Loc::Bool(v),
                        Ty::Ptr => Loc::Obj(v),
                    };
                    self.cur.push(Inst {
                        out: None,
                        op: Op::SpillLocal {
                            slot: k as u32,
                            val: loc,
                        },
                    });
                }
                _ => {}
            }
        }
        for (k, (ss, s)) in shape.stack.iter().zip(&st.stack).enumerate() {
            match (ss, s) {
                (SS::Num(_), S::Num(_, v)) => args.push(*v),
                (SS::Range, S::Range(a, b)) | (SS::RangeIter, S::RangeIter(a, b)) => {
                    args.push(*a);
                    args.push(*b);
                }
                (SS::ListIter, S::ListIter(i)) => args.push(*i),
                (SS::Owned(_), S::Owned(_)) => {}
                // An operand joined in its slot (see `merge`).
                (SS::Owned(_), s) => {
                    let val = loc_of(s)?;
                    self.cur.push(Inst {
                        out: None,
                        op: Op::Flush {
                            base: k as u32,
                            vals: vec![val],
                        },
                    });
                }
                _ => {}
            }
        }
        let code = std::mem::replace(&mut self.cur, saved);
        let block = self.block_id(target);
        if code.is_empty() {
            return Ok(Edge { block, args });
        }
        if !own {
            self.cur.extend(code);
            return Ok(Edge { block, args });
        }
        let id = BlockId((self.starts.len() + self.extra.len()) as u32);
        self.extra.push(Block {
            pc: target as u32,
            params: Vec::new(),
            insts: code,
            term: Term::Jump(Edge { block, args }),
        });
        Ok(Edge {
            block: id,
            args: Vec::new(),
        })
    }

    fn pop(st: &mut State) -> Result<S, Declined> {
        match st.stack.pop() {
            Some(s) => Ok(s),
            None => decline(Decline::Unsupported, "stack underflow"),
        }
    }

    /// An operand as an unboxed value of type `want`, guarding a local's
    /// slot when its type is not known (the exit resumes at `pc`, before
    /// the instruction, with `st` as it was before popping).
    fn as_num(
        &mut self,
        s: S,
        want: Ty,
        pc: usize,
        before: &State,
        st: &mut State,
    ) -> Result<ValueId, Declined> {
        match s {
            S::Num(t, v) if t == want => Ok(v),
            S::Num(Ty::Int, v) if want == Ty::Float => {
                Ok(self.push_inst(Some(Ty::Float), Op::IntToFloat(v)))
            }
            S::Owned(k) => {
                let exit = self.frame_state(pc, before)?;
                Ok(self.push_inst(
                    Some(want),
                    Op::LoadLocal {
                        slot: self.nslots as u32 + k,
                        ty: want,
                        exit,
                    },
                ))
            }
            S::Local(n) => {
                let exit = self.frame_state(pc, before)?;
                let v = self.push_inst(
                    Some(want),
                    Op::LoadLocal {
                        slot: n,
                        ty: want,
                        exit,
                    },
                );
                // The local now has a known type (and its slot this value).
                if let Some(l) = st.locals.get_mut(n as usize)
                    && matches!(l, L::InSlot | L::Top | L::Maybe)
                {
                    *l = L::Num(want, v, true);
                }
                Ok(v)
            }
            _ => decline(
                Decline::UnknownTypes,
                format!("operand {s:?} is not {want}"),
            ),
        }
    }

    /// Records that compiled code hands the frame to the interpreter at
    /// the instruction `name` at `pc`.
    fn note_leave(&mut self, name: &'static str, pc: usize) {
        self.leaves.push(name);
        self.first_leave.get_or_insert(pc);
        if interp::quicken::about_to_try(self.code, pc) && self.untried.is_none() {
            self.untried = Some((name, pc));
        }
        if !interp::quicken::rarely_ran(self.code, pc) {
            self.hot_leaves.push(name);
        }
    }

    /// A known object as a constant of the compiled code.
    /// The abstract value of a global or module attribute found at compile
    /// time, and what its guard compares the dict entry with: an object
    /// (by address), or a number (by type and bits; not a NaN, whose
    /// identity a constant would lose).
    fn speculate(&mut self, v: &Value) -> Option<(S, Expect)> {
        use crate::layout::{TAG_BOOL, TAG_FLOAT, TAG_INT, TAG_OBJ};
        let (s, tag, bits) = match v {
            Value::Obj(o) => {
                let s = self.known(o.clone());
                let S::Obj(p, _) = s else { return None };
                (s, TAG_OBJ, p)
            }
            Value::Int(i) => {
                let c = self.push_inst(Some(Ty::Int), Op::ConstInt(*i));
                (S::Num(Ty::Int, c), TAG_INT, c)
            }
            Value::Float(x) if !x.is_nan() => {
                let c = self.push_inst(Some(Ty::Float), Op::ConstFloat(*x));
                let bits = self.push_inst(Some(Ty::Int), Op::ConstInt(x.to_bits() as i64));
                (S::Num(Ty::Float, c), TAG_FLOAT, bits)
            }
            Value::Bool(b) => {
                let c = self.push_inst(Some(Ty::Bool), Op::ConstBool(*b));
                let bits = self.push_inst(Some(Ty::Int), Op::ConstInt(*b as i64));
                (S::Num(Ty::Bool, c), TAG_BOOL, bits)
            }
            _ => return None,
        };
        let tag = self.push_inst(Some(Ty::Int), Op::ConstInt(tag as i64));
        Some((s, Expect { tag, bits }))
    }

    fn known(&mut self, o: ObjRef) -> S {
        let a = o.as_ptr() as usize;
        S::Obj(self.kept(o), a)
    }

    /// The constant pointer to `o`, which the code keeps alive.
    fn kept(&mut self, o: ObjRef) -> ValueId {
        let a = o.as_ptr() as usize;
        if !self.keep.iter().any(|k| k.ptr_eq(&o)) {
            self.keep.push(o);
        }
        self.push_inst(Some(Ty::Ptr), Op::ConstPtr(a))
    }

    fn name(&self, arg: u32) -> Result<ObjRef, Declined> {
        match self.code.names.get(arg as usize) {
            Some(n) => Ok(n.clone()),
            None => decline(Decline::Unsupported, "bad name index"),
        }
    }

    /// Runs the block at `pc` from `st`; returns its terminator.
    fn run_block(&mut self, start: usize, mut st: State) -> Result<Term, Declined> {
        self.guarded.clear();
        for (l, vs) in std::mem::take(&mut st.checked) {
            if matches!(st.locals.get(l as usize), Some(L::InSlot | L::Top)) {
                self.guarded.push((l, None, vs, 0));
            }
        }
        let pre = std::mem::take(&mut self.preamble);
        self.cur.splice(0..0, pre);
        let idx = self.starts.iter().position(|p| *p == start).unwrap_or(0);
        let end = self.block_end(idx);
        let mut pc = start;
        while pc < end {
            let Some((op, arg)) = unit(self.code, pc) else {
                break;
            };
            let next = next_pc(self.code, pc);
            let before = st.clone();
            let ninsts = self.cur.len();
            // Types the builder cannot know here: the interpreter runs
            // this instruction and the rest of the call.
            macro_rules! leave {
                () => {{
                    self.note_leave(op.name(), pc);
                    return Ok(Term::Leave(self.frame_state(pc, &before)?));
                }};
            }
            // Code for a running call (on-stack replacement) is made
            // before the call has run what follows its loop: there the
            // interpreter runs the rest, gathering the types the
            // function's own compile (when the call returns) needs.
            if self.osr.is_some()
                && interp::quicken::never_ran(self.code, pc, self.vm.config().quicken_warmup)
            {
                leave!();
            }
            match op {
                B::Nop => {}
                B::LoadFast => {
                    let n = arg as usize;
                    let s = match st.locals.get(n) {
                        Some(L::Num(t, v, _)) => S::Num(*t, *v),
                        Some(L::Obj(v, a)) => S::Obj(*v, *a),
                        Some(L::InSlot | L::Top) => S::Local(arg),
                        // Unbound here: the interpreter raises.
                        Some(L::Unbound | L::Dead) => {
                            return Ok(Term::Leave(self.frame_state(pc, &st)?));
                        }
                        Some(L::Maybe) => {
                            let marker = match unbound() {
                                Value::Obj(o) => o.as_ptr() as usize,
                                _ => 0,
                            };
                            let exit = self.frame_state(pc, &st)?;
                            self.cur.push(Inst {
                                out: None,
                                op: Op::GuardBound {
                                    slot: arg,
                                    marker,
                                    exit,
                                },
                            });
                            st.locals[n] = L::InSlot;
                            S::Local(arg)
                        }
                        None => return decline(Decline::Unsupported, "bad local"),
                    };
                    st.stack.push(s);
                }
                B::LoadConst => {
                    let s = match self.code.consts.get(arg as usize) {
                        Some(Value::Int(i)) => {
                            S::Num(Ty::Int, self.push_inst(Some(Ty::Int), Op::ConstInt(*i)))
                        }
                        Some(Value::Float(f)) => S::Num(
                            Ty::Float,
                            self.push_inst(Some(Ty::Float), Op::ConstFloat(*f)),
                        ),
                        Some(Value::Bool(b)) => {
                            S::Num(Ty::Bool, self.push_inst(Some(Ty::Bool), Op::ConstBool(*b)))
                        }
                        Some(Value::None) => S::None,
                        Some(Value::Obj(o)) => {
                            let o = o.clone();
                            self.known(o)
                        }
                        None => return decline(Decline::Unsupported, "bad constant"),
                    };
                    st.stack.push(s);
                }
                B::StoreFast => {
                    let n = arg as usize;
                    if n >= self.nslots {
                        return decline(Decline::Unsupported, "bad local");
                    }
                    // Operands that are the local's current value (`a, b =
                    // b, a` pushes both, then stores) are copied into their
                    // slots first: the store changes what the local holds.
                    for k in 0..st.stack.len() {
                        if st.stack[k] == S::Local(arg) {
                            self.cur.push(Inst {
                                out: None,
                                op: Op::Flush {
                                    base: k as u32,
                                    vals: vec![Loc::Local(arg)],
                                },
                            });
                            st.stack[k] = S::Owned(k as u32);
                        }
                    }
                    let s = Self::pop(&mut st)?;
                    st.locals[n] = match s {
                        S::Num(t, v) => L::Num(t, v, false),
                        S::Obj(v, a) => {
                            self.cur.push(Inst {
                                out: None,
                                op: Op::Effect {
                                    helper: Helper::StoreLocalObj,
                                    slot: arg,
                                    obj: v,
                                },
                            });
                            L::Obj(v, a)
                        }
                        // A value its operand slot owns: moved in the
                        // machine code.
                        S::Owned(k) if k as usize == st.stack.len() => {
                            self.push_inst(
                                None,
                                Op::StoreLocal {
                                    from: k,
                                    local: arg,
                                },
                            );
                            L::InSlot
                        }
                        // Anything else (a copy of another local, None)
                        // is written into its operand slot, then moved.
                        other => {
                            let k = st.stack.len() as u32;
                            match loc_of(&other) {
                                Ok(val) => {
                                    self.cur.push(Inst {
                                        out: None,
                                        op: Op::Flush {
                                            base: k,
                                            vals: vec![val],
                                        },
                                    });
                                    self.push_inst(
                                        None,
                                        Op::StoreLocal {
                                            from: k,
                                            local: arg,
                                        },
                                    );
                                }
                                Err(_) => {
                                    st.stack.push(other);
                                    self.generic(&mut st, pc, Generic::StoreLocal, 1, arg)?;
                                }
                            }
                            L::InSlot
                        }
                    };
                }
                B::Copy => {
                    // `obj.attr += x` copies the object: a value a slot
                    // owns is copied into a new slot (a new reference).
                    let Some(i) = st.stack.len().checked_sub(arg as usize) else {
                        return decline(Decline::Unsupported, "stack underflow");
                    };
                    match st.stack[i] {
                        s @ (S::Num(..) | S::None | S::Obj(..) | S::Local(_)) => st.stack.push(s),
                        S::Owned(k) => {
                            let to = st.stack.len() as u32;
                            self.push_inst(
                                None,
                                Op::Flush {
                                    base: to,
                                    vals: vec![Loc::Local(self.nslots as u32 + k)],
                                },
                            );
                            st.stack.push(S::Owned(to));
                        }
                        _ => leave!(),
                    }
                }
                B::Swap => {
                    let top = st.stack.len();
                    let Some(i) = top.checked_sub(arg as usize).filter(|_| arg >= 1) else {
                        return decline(Decline::Unsupported, "stack underflow");
                    };
                    let j = top - 1;
                    let (a, b) = (st.stack[i], st.stack[j]);
                    // Values in registers swap places; a value a slot owns
                    // moves to the other slot (an owned value is where its
                    // stack index says).
                    let (ni, nj) = match (a, b) {
                        (S::Owned(_), S::Owned(_)) => {
                            self.push_inst(None, Op::SwapSlots(i as u32, j as u32));
                            (a, b)
                        }
                        (S::Owned(_), _) => {
                            self.push_inst(
                                None,
                                Op::MoveSlot {
                                    from: i as u32,
                                    to: j as u32,
                                },
                            );
                            (b, S::Owned(j as u32))
                        }
                        (_, S::Owned(_)) => {
                            self.push_inst(
                                None,
                                Op::MoveSlot {
                                    from: j as u32,
                                    to: i as u32,
                                },
                            );
                            (S::Owned(i as u32), a)
                        }
                        _ => (b, a),
                    };
                    st.stack[i] = ni;
                    st.stack[j] = nj;
                }
                B::PopTop => match st.stack.last().copied() {
                    // (A range iterator too: `break` out of a range loop.)
                    Some(S::Num(..) | S::None | S::Obj(..) | S::Local(_) | S::RangeIter(..)) => {
                        st.stack.pop();
                    }
                    Some(S::Owned(k)) => {
                        st.stack.pop();
                        self.push_inst(None, Op::DropSlot { base: k });
                    }
                    // A list loop's iterator: its slot holds the list.
                    Some(S::ListIter(_)) => {
                        st.stack.pop();
                        let k = st.stack.len() as u32;
                        self.push_inst(None, Op::DropSlot { base: k });
                    }
                    _ => leave!(),
                },
                B::Jump | B::JumpBackward => {
                    if op == B::JumpBackward {
                        let exit = self.frame_state(pc, &st)?;
                        self.cur.push(Inst {
                            out: None,
                            op: Op::CheckPending { exit },
                        });
                    }
                    return Ok(Term::Jump(self.edge(arg as usize, &st, false)?));
                }
                B::PopJumpIfFalse | B::PopJumpIfTrue => {
                    let s = Self::pop(&mut st)?;
                    let c = match s {
                        S::Num(Ty::Bool, v) => v,
                        S::Num(Ty::Int, v) => {
                            let z = self.push_inst(Some(Ty::Int), Op::ConstInt(0));
                            self.push_inst(Some(Ty::Bool), Op::IntCmp(Cmp::Ne, v, z))
                        }
                        // A bool in a slot (IS_OP's result, a local):
                        // anything else leaves for the interpreter's truth.
                        S::Owned(_) | S::Local(_) => {
                            let slot = match s {
                                S::Owned(k) => self.nslots as u32 + k,
                                S::Local(n) => n,
                                _ => 0,
                            };
                            let exit = self.frame_state(pc, &before)?;
                            let v = self.push_inst(Some(Ty::Bool), Op::Truth { slot, exit });
                            if let S::Owned(k) = s {
                                // The operand's slot is popped: release it.
                                self.push_inst(None, Op::DropSlot { base: k });
                            }
                            v
                        }
                        _ => leave!(),
                    };
                    return self.branch_on(c, op == B::PopJumpIfTrue, arg as usize, next, &st);
                }
                B::JumpIfFalseOrPop | B::JumpIfTrueOrPop => {
                    // `a < b < c`, `x and y` as a value: the jump keeps
                    // the value, going on pops it.
                    let Some(&s) = st.stack.last() else {
                        return decline(Decline::Unsupported, "stack underflow");
                    };
                    let c = match s {
                        S::Num(Ty::Bool, v) => v,
                        S::Num(Ty::Int, v) => {
                            let z = self.push_inst(Some(Ty::Int), Op::ConstInt(0));
                            self.push_inst(Some(Ty::Bool), Op::IntCmp(Cmp::Ne, v, z))
                        }
                        S::None => self.push_inst(Some(Ty::Bool), Op::ConstBool(false)),
                        _ => leave!(),
                    };
                    let mut popped = st.clone();
                    popped.stack.pop();
                    let jump = self.edge(arg as usize, &st, true)?;
                    let fall = self.edge(next, &popped, true)?;
                    return Ok(if op == B::JumpIfFalseOrPop {
                        Term::Branch(c, fall, jump)
                    } else {
                        Term::Branch(c, jump, fall)
                    });
                }
                B::PopJumpIfNone | B::PopJumpIfNotNone => {
                    let s = Self::pop(&mut st)?;
                    let c = match s {
                        S::None => self.push_inst(Some(Ty::Bool), Op::ConstBool(true)),
                        S::Num(..) | S::Obj(..) => {
                            self.push_inst(Some(Ty::Bool), Op::ConstBool(false))
                        }
                        // A value in a slot: its tag, read in place (an
                        // operand's slot is then released).
                        S::Local(n) => self.push_inst(Some(Ty::Bool), Op::IsNone { slot: n }),
                        S::Owned(k) => {
                            let slot = self.nslots as u32 + k;
                            let v = self.push_inst(Some(Ty::Bool), Op::IsNone { slot });
                            self.push_inst(None, Op::DropSlot { base: k });
                            v
                        }
                        _ => leave!(),
                    };
                    return self.branch_on(c, op == B::PopJumpIfNone, arg as usize, next, &st);
                }
                B::ReturnValue => {
                    // A return inside a loop leaves the loop's iterator
                    // below the result: released here, as the
                    // interpreter's return releases the frame's operands.
                    if st.stack.len() > 1 {
                        let top = Self::pop(&mut st)?;
                        while let Some(s) = st.stack.pop() {
                            match s {
                                S::Owned(k) => {
                                    self.push_inst(None, Op::DropSlot { base: k });
                                }
                                S::ListIter(_) => {
                                    let k = st.stack.len() as u32;
                                    self.push_inst(None, Op::DropSlot { base: k });
                                }
                                _ => {}
                            }
                        }
                        let top = match top {
                            S::Owned(k) => {
                                self.push_inst(None, Op::MoveSlot { from: k, to: 0 });
                                S::Owned(0)
                            }
                            S::Null | S::Range(..) | S::RangeIter(..) | S::ListIter(_) => {
                                return decline(Decline::Unsupported, "return of an iterator");
                            }
                            s => s,
                        };
                        st.stack.push(top);
                    }
                    if st.stack.len() != 1 {
                        return decline(Decline::Unsupported, "return with a deeper stack");
                    }
                    // The frame is discarded: the locals' slots still hold
                    // valid (if stale) values, released with the frame.
                    let mut s = self.frame_state(pc, &st)?;
                    s.locals.iter_mut().for_each(|l| *l = Loc::InSlot);
                    return Ok(Term::Return(s));
                }
                B::UnaryNegative => {
                    let s = Self::pop(&mut st)?;
                    let r = match s {
                        S::Num(Ty::Int, v) => {
                            let exit = self.frame_state(pc, &before)?;
                            S::Num(Ty::Int, self.push_inst(Some(Ty::Int), Op::IntNeg(v, exit)))
                        }
                        S::Num(Ty::Float, v) => {
                            S::Num(Ty::Float, self.push_inst(Some(Ty::Float), Op::FloatNeg(v)))
                        }
                        _ => leave!(),
                    };
                    st.stack.push(r);
                }
                B::IsOp => {
                    let n = st.stack.len();
                    let operand = |k: usize, s: S| match s {
                        S::Obj(v, _) => Some(IsOperand::Obj(v)),
                        S::None => Some(IsOperand::None),
                        S::Local(slot) => Some(IsOperand::Slot { slot, owned: false }),
                        S::Owned(j) if j as usize == k => Some(IsOperand::Slot {
                            slot: self.nslots as u32 + j,
                            owned: true,
                        }),
                        _ => None,
                    };
                    match (n.checked_sub(2), st.stack.get(n.wrapping_sub(2)..)) {
                        (Some(k), Some(&[x, y])) => {
                            if let (Some(a), Some(b)) = (operand(k, x), operand(k + 1, y)) {
                                // Compared in the machine code: a bool.
                                st.stack.truncate(k);
                                let r = self.push_inst(
                                    Some(Ty::Bool),
                                    Op::Is {
                                        a,
                                        b,
                                        negate: arg == 1,
                                    },
                                );
                                st.stack.push(S::Num(Ty::Bool, r));
                            } else {
                                let k = self.generic(&mut st, pc, Generic::Is, 2, arg)?;
                                st.stack.push(S::Owned(k));
                            }
                        }
                        _ => return decline(Decline::Unsupported, "stack underflow"),
                    }
                }
                B::ContainsOp => {
                    if st.stack.len() < 2 {
                        return decline(Decline::Unsupported, "stack underflow");
                    }
                    let base = st.stack.len() - 2;
                    self.flush(&mut st, base)?;
                    let exit = self.frame_state(pc, &st)?;
                    let r = self.push_inst(
                        Some(Ty::Bool),
                        Op::Contains {
                            base: base as u32,
                            negate: arg == 1,
                            exit,
                        },
                    );
                    st.stack.truncate(base);
                    st.stack.push(S::Num(Ty::Bool, r));
                }
                B::UnaryNot => {
                    let s = Self::pop(&mut st)?;
                    let S::Num(Ty::Bool, v) = s else {
                        leave!();
                    };
                    st.stack
                        .push(S::Num(Ty::Bool, self.push_inst(Some(Ty::Bool), Op::Not(v))));
                }
                _ if op.generic() == B::BinaryOp => {
                    match self.binary(op, arg, pc, &before, &mut st) {
                        Ok(r) => st.stack.push(r),
                        Err(d)
                            if d.why == Decline::UnknownTypes || d.why == Decline::Unsupported =>
                        {
                            // Any other operands: the interpreter's
                            // operator, through a helper.
                            st = before.clone();
                            self.cur.truncate(self.cur.len().min(ninsts));
                            // `s += t` (or `s = s + t`) into the local `s`
                            // came from: in place when it is a `str` the
                            // helper may change (also where no feedback
                            // says so: `--jit-eager`).
                            let local = match (op, unit(self.code, next_pc(self.code, pc))) {
                                (
                                    B::BinaryOpInplaceAddStr | B::BinaryOpAddStr | B::BinaryOp,
                                    Some((B::StoreFast, n)),
                                ) if BinOp::from_arg(arg) == BinOp::Add
                                    && st.stack.len() >= 2
                                    && st.stack[st.stack.len() - 2] == S::Local(n)
                                    && n < 1 << 23 =>
                                {
                                    Some(n)
                                }
                                _ => None,
                            };
                            let k = match local {
                                Some(n) => self.generic(
                                    &mut st,
                                    pc,
                                    Generic::InplaceAddLocal,
                                    2,
                                    (n << 8) | arg,
                                )?,
                                // A Python class's operator method: called
                                // directly once compiled.
                                None if op == B::BinaryOpPy && arg < 13 => {
                                    self.call_binop(&mut st, pc, next, arg)?
                                }
                                None => self.generic(&mut st, pc, Generic::Binary, 2, arg)?,
                            };
                            st.stack.push(S::Owned(k));
                        }
                        Err(d) => return Err(d),
                    }
                }
                _ if op.generic() == B::CompareOp => {
                    let b = Self::pop(&mut st)?;
                    let a = Self::pop(&mut st)?;
                    // What the builder knows of the operands comes first
                    // (feedback is a guess about earlier runs); an int and a
                    // float compare exactly in Python, not through a
                    // conversion, so that mix is left to the interpreter.
                    let unknown = |s: &S| matches!(s, S::Local(_) | S::Owned(_));
                    let ty = match (op, a, b) {
                        (_, S::Num(x, _), S::Num(y, _)) if x == y && x != Ty::Bool => x,
                        (_, S::Num(t @ (Ty::Int | Ty::Float), _), o)
                        | (_, o, S::Num(t @ (Ty::Int | Ty::Float), _))
                            if unknown(&o) =>
                        {
                            t
                        }
                        (B::CompareOpIntJump | B::CompareOpInt, x, y)
                            if unknown(&x) && unknown(&y) =>
                        {
                            Ty::Int
                        }
                        (B::CompareOpFloatJump | B::CompareOpFloat, x, y)
                            if unknown(&x) && unknown(&y) =>
                        {
                            Ty::Float
                        }
                        _ => leave!(),
                    };
                    let x = self.as_num(a, ty, pc, &before, &mut st)?;
                    let y = self.as_num(b, ty, pc, &before, &mut st)?;
                    let c = cmp_of(arg);
                    let r = if ty == Ty::Int {
                        Op::IntCmp(c, x, y)
                    } else {
                        Op::FloatCmp(c, x, y)
                    };
                    st.stack
                        .push(S::Num(Ty::Bool, self.push_inst(Some(Ty::Bool), r)));
                }
                _ if op.generic() == B::LoadGlobal => {
                    let name = self.name(arg)?;
                    let Some(found) = self.vm.load_global(self.globals, &name) else {
                        leave!();
                    };
                    let Some((s, v)) = self.speculate(&found) else {
                        leave!();
                    };
                    let exit = self.frame_state(pc, &before)?;
                    // Where the name was found: the guard re-reads that
                    // entry of that dict (its keys unchanged), as the
                    // interpreter's LOAD_GLOBAL cache does.
                    let key = DictKey::from_str_obj(&name);
                    let globals = self.globals.clone();
                    let builtins = self.vm.builtins().clone();
                    let in_globals = globals
                        .downcast::<DictObj>()
                        .and_then(|d| d.get_full(&key).map(|(i, _)| (i, d.keys_version())));
                    let guard = match in_globals {
                        Some((i, ver)) => {
                            self.dict_guard(&globals, &name, ver, i, Some(v), exit.clone())
                        }
                        None => {
                            let gver = globals.downcast::<DictObj>().map(|d| d.keys_version());
                            let b = builtins
                                .downcast::<DictObj>()
                                .and_then(|d| d.get_full(&key).map(|(i, _)| (i, d.keys_version())));
                            match (gver, b) {
                                (Some(gv), Some((i, bv))) => {
                                    self.dict_guard(&globals, &name, gv, 0, None, exit.clone());
                                    self.dict_guard(&builtins, &name, bv, i, Some(v), exit.clone())
                                }
                                _ => None,
                            }
                        }
                    };
                    if guard.is_none() {
                        leave!();
                    }
                    st.stack.push(s);
                }
                B::LoadMethodType => {
                    // `xs.append`: the method of a built-in type the
                    // interpreter's cache found, behind a guard that the
                    // local holds an object of exactly that type. The
                    // method object is the VM's own (one per method), so
                    // the code embeds it; the call that follows passes the
                    // receiver as its first argument. A receiver an
                    // operand slot owns (`self.items.append`, an
                    // attribute's value) is guarded there and moves up a
                    // slot for the method.
                    let slot = match st.stack.last() {
                        Some(&S::Local(l)) => l,
                        Some(&S::Owned(k)) => self.nslots as u32 + k,
                        _ => leave!(),
                    };
                    let site = interp::feedback::site(self.code, pc);
                    let Some(interp::feedback::AttrSource::TypeMethod { kind, index }) =
                        site.and_then(|f| f.attr)
                    else {
                        leave!();
                    };
                    let (Some(ty), Some(m)) = (exact_type(kind), self.vm.type_method(kind, index))
                    else {
                        leave!();
                    };
                    let exit = self.frame_state(pc, &before)?;
                    self.push_inst(
                        None,
                        Op::GuardLocalType {
                            slot,
                            ty: ty as *const abi::StaticType as usize,
                            exit,
                        },
                    );
                    if kind == Kind::LIST && self.code.name_str(arg) == "append" {
                        self.list_append = Some(m.as_ptr() as usize);
                    }
                    if kind == Kind::SET
                        && let Some(km) = interp::sets::KeyMethod::named(self.code.name_str(arg))
                    {
                        self.set_methods.push((m.as_ptr() as usize, km));
                    }
                    let mut recv = Self::pop(&mut st)?;
                    if let S::Owned(k) = recv {
                        self.push_inst(None, Op::MoveSlot { from: k, to: k + 1 });
                        recv = S::Owned(k + 1);
                    }
                    let method = self.known(m);
                    st.stack.push(method);
                    st.stack.push(recv);
                }
                B::LoadMethodExt => {
                    // `foo.meth`: the method of a C type the interpreter's
                    // cache found, behind guards that the receiver is an
                    // instance of exactly that type and that no C type
                    // changed since; the call that follows passes the
                    // receiver as its first argument.
                    let slot = match st.stack.last() {
                        Some(&S::Local(k)) => k,
                        Some(&S::Owned(k)) => self.nslots as u32 + k,
                        _ => leave!(),
                    };
                    let Some(interp::feedback::AttrSource::ExtMethod { entry }) =
                        interp::feedback::site(self.code, pc).and_then(|f| f.attr)
                    else {
                        leave!();
                    };
                    let Some((ty, m)) = self.vm.ext_method(entry) else {
                        leave!();
                    };
                    let (epoch, word) = interp::ext::types_epoch_now();
                    let exit = self.frame_state(pc, &before)?;
                    self.push_inst(
                        None,
                        Op::GuardLocalType {
                            slot,
                            ty,
                            exit: exit.clone(),
                        },
                    );
                    self.push_inst(
                        None,
                        Op::GuardWord {
                            addr: word as usize,
                            expect: epoch,
                            reason: ExitReason::TypeModified,
                            exit,
                        },
                    );
                    let recv = Self::pop(&mut st)?;
                    let method = self.known(m);
                    st.stack.push(method);
                    st.stack.push(recv);
                }
                B::LoadAttrInstanceValue | B::StoreAttrInstanceValue | B::LoadMethodInstance => {
                    if !self.instance_attr(op, arg, pc, &before, &mut st)? {
                        leave!();
                    }
                }
                _ if op.generic() == B::LoadAttr || op.generic() == B::LoadMethod => {
                    let recv = Self::pop(&mut st)?;
                    let S::Obj(rv, ra) = recv else {
                        leave!();
                    };
                    let Some(m) = self
                        .keep
                        .iter()
                        .find(|k| k.as_ptr() as usize == ra)
                        .cloned()
                    else {
                        leave!();
                    };
                    if m.kind() != Kind::MODULE {
                        leave!();
                    }
                    let name = self.name(arg)?;
                    let found = m
                        .downcast::<ModuleObj>()
                        .and_then(|mo| mo.dict.downcast::<DictObj>())
                        .and_then(|d| d.get(&DictKey::from_str_obj(&name)));
                    let Some((s, v)) = found.as_ref().and_then(|f| self.speculate(f)) else {
                        return decline(Decline::UnknownTypes, "module attribute");
                    };
                    let _ = rv;
                    let exit = self.frame_state(pc, &before)?;
                    let dict = m.downcast::<ModuleObj>().map(|mo| mo.dict.clone());
                    let entry = dict.as_ref().and_then(|d| {
                        d.downcast::<DictObj>().and_then(|dd| {
                            dd.get_full(&DictKey::from_str_obj(&name))
                                .map(|(i, _)| (i, dd.keys_version()))
                        })
                    });
                    let (Some(dict), Some((i, ver))) = (dict, entry) else {
                        leave!();
                    };
                    if self
                        .dict_guard(&dict, &name, ver, i, Some(v), exit)
                        .is_none()
                    {
                        leave!();
                    }
                    st.stack.push(s);
                    if op.generic() == B::LoadMethod {
                        st.stack.push(S::Null);
                    }
                }
                // The normal way out of a `with` body: its `__exit__`
                // (owned by its slot since BEFORE_WITH) called with three
                // Nones, through a helper.
                _ if op.generic() == B::Call
                    && arg == 3
                    && matches!(st.stack[..], [.., S::Owned(_), S::None, S::None, S::None]) =>
                {
                    let k = self.generic(&mut st, pc, Generic::CallInSlots, 4, 3)?;
                    st.stack.push(S::Owned(k));
                }
                _ if op.generic() == B::Call || op.generic() == B::CallMethod => {
                    let mut n = arg as usize;
                    let mut extra = usize::from(op.generic() == B::CallMethod);
                    if st.stack.len() < n + 1 + extra {
                        return decline(Decline::Unsupported, "stack underflow");
                    }
                    // A method call `[method, receiver, args]` (not
                    // `[function, NULL, args]`) calls the method with the
                    // receiver as its first argument.
                    if extra == 1 && st.stack[st.stack.len() - n - 1] != S::Null {
                        n += 1;
                        extra = 0;
                        // `xs.append(v)` (the receiver checked by
                        // LOAD_METHOD_TYPE): one helper, no call.
                        if n == 2
                            && let S::Obj(_, m) = st.stack[st.stack.len() - 3]
                            && Some(m) == self.list_append
                        {
                            // The list still in its local: no copy of it.
                            if let S::Local(list) = st.stack[st.stack.len() - 2] {
                                let item = st.stack.len() - 1;
                                self.flush(&mut st, item)?;
                                let exit = self.frame_state(pc, &st)?;
                                self.push_inst(
                                    None,
                                    Op::ListAppend {
                                        list,
                                        item: item as u32,
                                        exit,
                                    },
                                );
                                st.stack.truncate(item - 2);
                                st.stack.push(S::None);
                                pc = next;
                                continue;
                            }
                            self.generic(&mut st, pc, Generic::ListAppend, 2, 0)?;
                            Self::pop(&mut st)?;
                            st.stack.push(S::None);
                            pc = next;
                            continue;
                        }
                        // `s.add(k)`, `s.remove(k)`, `s.discard(k)` (the
                        // receiver checked by LOAD_METHOD_TYPE): one
                        // helper, no argument vector.
                        if n == 2
                            && let S::Obj(_, m) = st.stack[st.stack.len() - 3]
                            && let Some(&(_, km)) = self.set_methods.iter().find(|(a, _)| *a == m)
                        {
                            let which = interp::sets::KeyMethod::ALL
                                .iter()
                                .position(|k| *k == km)
                                .unwrap_or(0);
                            self.generic(&mut st, pc, Generic::SetKey, 2, which as u32)?;
                            Self::pop(&mut st)?;
                            st.stack.push(S::None);
                            pc = next;
                            continue;
                        }
                    }
                    // `str(x)`: one helper (the interpreter's CALL_STR_1).
                    let base = st.stack.len() - (n + 1 + extra);
                    if n == 1
                        && let S::Obj(_, a) = st.stack[base]
                        && a == &interp::object::types::STR as *const abi::StaticType as usize
                    {
                        // Of an int: straight from its register.
                        if let Some(&S::Num(Ty::Int, i)) = st.stack.last() {
                            self.push_inst(
                                None,
                                Op::StrInt {
                                    val: i,
                                    base: base as u32,
                                },
                            );
                            st.stack.truncate(base);
                            st.stack.push(S::Owned(base as u32));
                            pc = next;
                            continue;
                        }
                        self.flush(&mut st, base + 1 + extra)?;
                        let exit = self.frame_state(pc, &st)?;
                        self.push_inst(
                            Some(Ty::Bool),
                            Op::Generic {
                                op: Generic::Str,
                                base: base as u32,
                                arg: 1 + extra as u32,
                                exit,
                            },
                        );
                        st.stack.truncate(base);
                        st.stack.push(S::Owned(base as u32));
                        pc = next;
                        continue;
                    }
                    let args: Vec<S> = st.stack.split_off(st.stack.len() - n);
                    if extra == 1 && Self::pop(&mut st)? != S::Null {
                        leave!();
                    }
                    let callee = Self::pop(&mut st)?;
                    let native = self.is_native(callee);
                    let form = self.ext_form(callee, n);
                    let direct_c = self.direct_c(callee, n);
                    match self.call(callee, args.clone(), pc, &before, &mut st)? {
                        Some(r) => st.stack.push(r),
                        // A C function whose `ml_meth` the code calls
                        // itself, with the arguments as objects.
                        None if let Some((cv, target)) = direct_c
                            && let Some(cargs) = self.c_args(&args, n)
                            && (target.receiver.is_none()
                                || matches!(
                                    cargs.first(),
                                    Some(CArgPlan::Arg(CArg::Obj(_) | CArg::Slot { .. }))
                                )) =>
                        {
                            st = before.clone();
                            self.cur.truncate(self.cur.len().min(ninsts));
                            let base = st.stack.len() - (n + 1 + extra);
                            let exit = self.frame_state(pc, &st)?;
                            let cargs = self.c_arg_values(cargs);
                            self.push_inst(
                                Some(Ty::Bool),
                                Op::CallC {
                                    callee: cv,
                                    target,
                                    args: cargs,
                                    base: base as u32,
                                    exit,
                                },
                            );
                            st.stack.truncate(base);
                            st.stack.push(S::Owned(base as u32));
                        }
                        // A builtin or C function: through the interpreter's
                        // call, from the frame's slots.
                        None if n < 0x10000
                            && let Some(cv) = native =>
                        {
                            // The arguments go to their slots; the callee is
                            // passed as it is (its slot and NULL's stay dead).
                            let (base, exit) =
                                self.call_in_slots(&mut st, &before, ninsts, (n, extra), pc)?;
                            self.push_inst(
                                Some(Ty::Bool),
                                Op::CallNative {
                                    callee: cv,
                                    base: base as u32,
                                    arg: n as u32 | ((extra as u32) << 16) | (form << 17),
                                    exit,
                                },
                            );
                            st.stack.truncate(base);
                            st.stack.push(S::Owned(base as u32));
                        }
                        // A Python function that can be called directly
                        // (or a method of one of several classes: each
                        // function it may be): its compiled code runs on
                        // a frame made above the arguments (the
                        // interpreter makes the call when it cannot).
                        None if n < 0x10000
                            && let Some((cv, direct, cases)) = self
                                .is_py_function(callee, n)
                                .map(|(cv, d)| (cv, d, Vec::new()))
                                .or_else(|| {
                                    self.poly_targets(callee, n)
                                        .map(|(cv, cases)| (cv, cases[0].1, cases))
                                }) =>
                        {
                            let (base, exit) =
                                self.call_in_slots(&mut st, &before, ninsts, (n, extra), pc)?;
                            st.stack.truncate(base);
                            let resume = self.frame_state(next, &st)?;
                            self.push_inst(
                                None,
                                Op::CallPy {
                                    callee: cv,
                                    base: base as u32,
                                    arg: n as u32 | ((extra as u32) << 16),
                                    direct,
                                    cases,
                                    exit,
                                    resume,
                                    init: None,
                                },
                            );
                            st.stack.push(S::Owned(base as u32));
                        }
                        // A class whose `__init__` (a Python function) the
                        // interpreter's CALL_PY_INIT calls: the instance
                        // made by a helper, `__init__` called directly.
                        None if n < 0x10000
                            && op == B::CallPyInit
                            && let Some((version, version_addr, init_fn, direct)) =
                                self.init_target(callee, n, pc) =>
                        {
                            let S::Obj(clsv, _) = callee else {
                                leave!();
                            };
                            let (base, exit) =
                                self.call_in_slots(&mut st, &before, ninsts, (n, extra), pc)?;
                            // The class still has the `__init__` found.
                            self.push_inst(
                                None,
                                Op::GuardWord {
                                    addr: version_addr,
                                    expect: version,
                                    reason: ExitReason::TypeVersion,
                                    exit: exit.clone(),
                                },
                            );
                            let fv = self.kept(init_fn);
                            st.stack.truncate(base);
                            let resume = self.frame_state(next, &st)?;
                            let raise = self.frame_state(pc, &st)?;
                            self.push_inst(
                                None,
                                Op::CallPy {
                                    callee: fv,
                                    base: base as u32,
                                    arg: n as u32 | ((extra as u32) << 16),
                                    direct,
                                    cases: Vec::new(),
                                    exit,
                                    resume,
                                    init: Some(crate::hir::InitCall { cls: clsv, raise }),
                                },
                            );
                            st.stack.push(S::Owned(base as u32));
                        }
                        None => {
                            self.note_leave(op.name(), pc);
                            return Ok(Term::Leave(self.frame_state(pc, &before)?));
                        }
                    }
                }
                B::GetIter => match st.stack.last().copied() {
                    Some(S::Range(a, b)) => {
                        st.stack.pop();
                        st.stack.push(S::RangeIter(a, b));
                    }
                    // A loop whose FOR_ITER has seen list iterators only:
                    // the iterator is the list (in the operand's slot) and
                    // an index, after a check that it is a list.
                    Some(S::Local(_) | S::Owned(_) | S::Obj(..))
                        if unit(self.code, next).map(|(o, _)| o) == Some(B::ForIterList)
                            && crate::layout::list_layout().is_some() =>
                    {
                        let k = st.stack.len() - 1;
                        self.flush(&mut st, k)?;
                        let exit = self.frame_state(pc, &st)?;
                        self.push_inst(
                            None,
                            Op::GuardSlotType {
                                base: k as u32,
                                ty: ExactType::List,
                                exit,
                            },
                        );
                        let zero = self.push_inst(Some(Ty::Int), Op::ConstInt(0));
                        st.stack[k] = S::ListIter(zero);
                    }
                    _ => {
                        let k = self.generic(&mut st, pc, Generic::GetIter, 1, 0)?;
                        st.stack.push(S::Owned(k));
                    }
                },
                B::BuildList => {
                    let k = self.generic(&mut st, pc, Generic::BuildList, arg as usize, arg)?;
                    st.stack.push(S::Owned(k));
                }
                B::BuildMap if arg < 1 << 20 => {
                    let n = 2 * arg as usize;
                    let k = self.generic(&mut st, pc, Generic::BuildMap, n, arg)?;
                    st.stack.push(S::Owned(k));
                }
                B::DeleteSubscr => {
                    self.generic(&mut st, pc, Generic::DeleteSubscr, 2, 0)?;
                }
                // `with`: `__enter__` and `__exit__` found and the first
                // called by a helper; the normal way out calls `__exit__`
                // as any call, and an exception in the body leaves for the
                // interpreter, whose handler (WITH_EXCEPT_START) calls it.
                B::BeforeWith => {
                    let k = self.generic(&mut st, pc, Generic::BeforeWith, 1, 0)?;
                    st.stack.push(S::Owned(k));
                    st.stack.push(S::Owned(k + 1));
                }
                B::MakeFunction if arg == 0 => {
                    let k = self.generic(&mut st, pc, Generic::MakeFunction, 1, 0)?;
                    st.stack.push(S::Owned(k));
                }
                B::UnpackEx if arg < 1 << 16 => {
                    let k = self.generic(&mut st, pc, Generic::UnpackEx, 1, arg)?;
                    let n = (arg & 0xff) + (arg >> 8) + 1;
                    for i in 0..n {
                        st.stack.push(S::Owned(k + i));
                    }
                }
                B::ListAppend => {
                    // A comprehension's list, made by BUILD_LIST, is in its
                    // slot below the iterator: the value goes there.
                    let n = st.stack.len();
                    match n.checked_sub(1 + arg as usize).map(|i| st.stack[i]) {
                        Some(S::Owned(_)) if arg >= 1 => {
                            self.generic(&mut st, pc, Generic::AppendBelow, 1, arg)?;
                        }
                        _ => leave!(),
                    }
                }
                B::BuildTuple => {
                    let k = self.generic(&mut st, pc, Generic::BuildTuple, arg as usize, arg)?;
                    st.stack.push(S::Owned(k));
                }
                B::BuildSlice => {
                    let k = self.generic(&mut st, pc, Generic::BuildSlice, arg as usize, arg)?;
                    st.stack.push(S::Owned(k));
                }
                _ if op.generic() == B::UnpackSequence => {
                    let k = self.generic(&mut st, pc, Generic::Unpack, 1, arg)?;
                    for i in 0..arg {
                        st.stack.push(S::Owned(k + i));
                    }
                }
                B::BinarySubscrListInt | B::BinarySubscrTupleInt
                    if matches!(
                        st.stack[..],
                        [
                            ..,
                            S::Local(_) | S::Obj(..),
                            S::Num(Ty::Int, _) | S::Local(_) | S::Owned(_)
                        ]
                    ) =>
                {
                    // (An index its slot owns, `xs[p.i]`, is read from the
                    // slot as an int; the item overwrites it.)
                    let idx = Self::pop(&mut st)?;
                    let seq = Self::pop(&mut st)?;
                    let i = self.as_num(idx, Ty::Int, pc, &before, &mut st)?;
                    let l = self.object_ptr(seq, pc, &before)?;
                    let base = st.stack.len() as u32;
                    let exit = self.frame_state(pc, &before)?;
                    self.push_inst(
                        Some(Ty::Bool),
                        Op::SeqGet {
                            seq: l,
                            index: i,
                            base,
                            exit,
                        },
                    );
                    st.stack.push(S::Owned(base));
                }
                // The list or tuple is an operand its slot owns
                // (`self.table[i]`, also `self.table[p.i]`, the index in
                // the slot above): the item goes to the slot above, the
                // sequence is released, the item moves down.
                B::BinarySubscrListInt | B::BinarySubscrTupleInt
                    if matches!(
                        st.stack[..],
                        [
                            ..,
                            S::Owned(_),
                            S::Num(Ty::Int, _) | S::Local(_) | S::Owned(_)
                        ]
                    ) =>
                {
                    let idx = Self::pop(&mut st)?;
                    Self::pop(&mut st)?;
                    let i = self.as_num(idx, Ty::Int, pc, &before, &mut st)?;
                    let base = st.stack.len() as u32;
                    let exit = self.frame_state(pc, &before)?;
                    let l = self.ptr_in_slot(self.nslots as u32 + base, exit.clone());
                    self.push_inst(
                        Some(Ty::Bool),
                        Op::SeqGet {
                            seq: l,
                            index: i,
                            base: base + 1,
                            exit,
                        },
                    );
                    self.push_inst(None, Op::DropSlot { base });
                    self.push_inst(
                        None,
                        Op::MoveSlot {
                            from: base + 1,
                            to: base,
                        },
                    );
                    st.stack.push(S::Owned(base));
                }
                B::StoreSubscrListInt
                    if matches!(
                        st.stack[..],
                        [
                            ..,
                            S::Num(..),
                            S::Local(_) | S::Obj(..),
                            S::Num(Ty::Int, _) | S::Local(_)
                        ]
                    ) =>
                {
                    let idx = Self::pop(&mut st)?;
                    let list = Self::pop(&mut st)?;
                    let S::Num(t, v) = Self::pop(&mut st)? else {
                        unreachable_state()?
                    };
                    let i = self.as_num(idx, Ty::Int, pc, &before, &mut st)?;
                    let l = self.object_ptr(list, pc, &before)?;
                    let value = match t {
                        Ty::Int => Loc::Int(v),
                        Ty::Float => Loc::Float(v),
                        Ty::Bool => Loc::Bool(v),
                        Ty::Ptr => unreachable_state()?,
                    };
                    let exit = self.frame_state(pc, &before)?;
                    self.cur.push(Inst {
                        out: None,
                        op: Op::ListSet {
                            list: l,
                            index: i,
                            value,
                            exit,
                        },
                    });
                }
                // An object (or any value in a slot) stored into a list.
                B::StoreSubscrListInt
                    if matches!(
                        st.stack[..],
                        [
                            ..,
                            S::Owned(_) | S::Local(_),
                            S::Local(_) | S::Obj(..),
                            S::Num(Ty::Int, _) | S::Local(_)
                        ]
                    ) =>
                {
                    let idx = Self::pop(&mut st)?;
                    let list = Self::pop(&mut st)?;
                    let (slot, take) = match Self::pop(&mut st)? {
                        S::Owned(k) => (self.nslots as u32 + k, true),
                        S::Local(n) => (n, false),
                        _ => unreachable_state()?,
                    };
                    let i = self.as_num(idx, Ty::Int, pc, &before, &mut st)?;
                    let l = self.object_ptr(list, pc, &before)?;
                    let exit = self.frame_state(pc, &before)?;
                    self.cur.push(Inst {
                        out: None,
                        op: Op::ListStore {
                            list: l,
                            index: i,
                            slot,
                            take,
                            exit,
                        },
                    });
                }
                // `obj[i]` of an int: a C type's item slot called by the
                // machine code (see `Op::GetItem`), or a helper.
                _ if op.generic() == B::BinarySubscr
                    && let [.., c @ (S::Local(_) | S::Owned(_)), S::Num(Ty::Int, key)] =
                        st.stack[..] =>
                {
                    let base = st.stack.len() as u32 - 2;
                    let container = match c {
                        S::Local(k) => k,
                        _ => self.nslots as u32 + base,
                    };
                    let exit = self.frame_state(pc, &before)?;
                    let cell = self.slot_cell();
                    self.push_inst(
                        Some(Ty::Bool),
                        Op::GetItem {
                            container,
                            key,
                            base,
                            cell,
                            exit,
                        },
                    );
                    st.stack.truncate(base as usize);
                    st.stack.push(S::Owned(base));
                }
                _ if op.generic() == B::BinarySubscr => {
                    let k = self.generic(&mut st, pc, Generic::Subscr, 2, 0)?;
                    st.stack.push(S::Owned(k));
                }
                _ if op.generic() == B::StoreSubscr => {
                    self.generic(&mut st, pc, Generic::StoreSubscr, 3, 0)?;
                }
                _ if op.generic() == B::ForIter
                    && matches!(
                        st.stack.last(),
                        Some(S::Owned(_) | S::Local(_) | S::Obj(..))
                    ) =>
                {
                    let base = st.stack.len() - 1;
                    self.flush(&mut st, base)?;
                    let exit = self.frame_state(pc, &st)?;
                    let r = self.push_inst(
                        Some(Ty::Int),
                        Op::ForIterGeneric {
                            base: base as u32,
                            exit,
                        },
                    );
                    let zero = self.push_inst(Some(Ty::Int), Op::ConstInt(0));
                    let more = self.push_inst(Some(Ty::Bool), Op::IntCmp(Cmp::Ne, r, zero));
                    let mut body = st.clone();
                    body.stack.push(S::Owned(base as u32 + 1));
                    let mut done = st.clone();
                    done.stack.pop();
                    let go = self.edge(next, &body, true)?;
                    let exhausted = self.edge(arg as usize, &done, true)?;
                    return Ok(Term::Branch(more, go, exhausted));
                }
                _ if op.generic() == B::ForIter
                    && matches!(st.stack.last(), Some(S::ListIter(_))) =>
                {
                    let k = st.stack.len() - 1;
                    let Some(S::ListIter(idx)) = st.stack.last().copied() else {
                        leave!();
                    };
                    let exit = self.frame_state(pc, &st)?;
                    let more = self.push_inst(
                        Some(Ty::Bool),
                        Op::ListIterNext {
                            base: k as u32,
                            idx,
                            exit,
                        },
                    );
                    let one = self.push_inst(Some(Ty::Int), Op::ConstInt(1));
                    let nxt = self.push_inst(Some(Ty::Int), Op::Int(IntOp::Add, idx, one));
                    let mut body = st.clone();
                    body.stack[k] = S::ListIter(nxt);
                    body.stack.push(S::Owned(k as u32 + 1));
                    let mut done = st.clone();
                    done.stack.pop();
                    let go = self.edge(next, &body, true)?;
                    let exhausted = self.edge(arg as usize, &done, true)?;
                    return Ok(Term::Branch(more, go, exhausted));
                }
                _ if op.generic() == B::ForIter => {
                    let Some(S::RangeIter(cur, stop)) = st.stack.last().copied() else {
                        leave!();
                    };
                    let more = self.push_inst(Some(Ty::Bool), Op::IntCmp(Cmp::Lt, cur, stop));
                    // The body: the iterator moves on, its value pushed.
                    let saved = std::mem::take(&mut self.cur);
                    let one = self.push_inst(Some(Ty::Int), Op::ConstInt(1));
                    let nxt = self.push_inst(Some(Ty::Int), Op::Int(IntOp::Add, cur, one));
                    let mut body = st.clone();
                    if let Some(top) = body.stack.last_mut() {
                        *top = S::RangeIter(nxt, stop);
                    }
                    body.stack.push(S::Num(Ty::Int, cur));
                    let body_code = std::mem::replace(&mut self.cur, saved);
                    let mut done = st.clone();
                    done.stack.pop();
                    let exhausted = self.edge(arg as usize, &done, true)?;
                    // The body edge with its own increment.
                    let saved = std::mem::replace(&mut self.cur, body_code);
                    let go = self.edge(next, &body, false)?;
                    let go_code = std::mem::replace(&mut self.cur, saved);
                    let go = if self.emit {
                        let id = BlockId((self.starts.len() + self.extra.len()) as u32);
                        self.extra.push(Block {
                            pc: next as u32,
                            params: Vec::new(),
                            insts: go_code,
                            term: Term::Jump(go),
                        });
                        Edge {
                            block: id,
                            args: Vec::new(),
                        }
                    } else {
                        go
                    };
                    return Ok(Term::Branch(more, go, exhausted));
                }
                _ => {
                    // Not compiled: the interpreter runs the rest.
                    self.note_leave(op.name(), pc);
                    return Ok(Term::Leave(self.frame_state(pc, &before)?));
                }
            }
            pc = next;
        }
        Ok(Term::Jump(self.edge(end, &st, false)?))
    }

    fn binary(
        &mut self,
        op: B,
        arg: u32,
        pc: usize,
        before: &State,
        st: &mut State,
    ) -> Result<S, Declined> {
        let b = Self::pop(st)?;
        let a = Self::pop(st)?;
        let bop = BinOp::from_arg(arg);
        let is = |s: &S, t: Ty| matches!(s, S::Num(x, _) if *x == t);
        // The operand types: from the quickened form, else from what the
        // builder knows.
        let num = |s: &S| is(s, Ty::Int) || is(s, Ty::Float);
        // What the builder knows of the operands comes first (feedback is
        // a guess about earlier runs): two ints are int arithmetic even at
        // a site that saw floats, and an int with a float is float
        // arithmetic on the converted int, as Python does it.
        let ty = match op {
            _ if is(&a, Ty::Int) && is(&b, Ty::Int) => Ty::Int,
            _ if num(&a) && num(&b) => Ty::Float,
            B::BinaryOpAddInt
            | B::BinaryOpSubInt
            | B::BinaryOpMulInt
            | B::BinaryOpModInt
            | B::BinaryOpFloorDivInt
            | B::BinaryOpInt => Ty::Int,
            B::BinaryOpAddFloat
            | B::BinaryOpSubFloat
            | B::BinaryOpMulFloat
            | B::BinaryOpTrueDivFloat
            | B::BinaryOpFloat => Ty::Float,
            // The mixed form saw an int and a float: the operand of
            // unknown type is the float.
            B::BinaryOpMixed if is(&a, Ty::Int) || is(&b, Ty::Int) => Ty::Float,
            _ if (is(&a, Ty::Float) || is(&a, Ty::Int))
                && (is(&b, Ty::Float) || is(&b, Ty::Int)) =>
            {
                Ty::Float
            }
            _ => return decline(Decline::UnknownTypes, format!("operands of {}", op.name())),
        };
        let exit = self.frame_state(pc, before)?;
        if ty == Ty::Int {
            // True division of ints makes a float.
            if bop == BinOp::TrueDiv {
                return decline(Decline::Unsupported, "int true division");
            }
            let x = self.as_num(a, Ty::Int, pc, before, st)?;
            let y = self.as_num(b, Ty::Int, pc, before, st)?;
            let o = match bop {
                BinOp::Add => Op::CheckedInt(CheckedIntOp::Add, x, y, exit),
                BinOp::Sub => Op::CheckedInt(CheckedIntOp::Sub, x, y, exit),
                BinOp::Mul => Op::CheckedInt(CheckedIntOp::Mul, x, y, exit),
                BinOp::FloorDiv => Op::CheckedInt(CheckedIntOp::FloorDiv, x, y, exit),
                BinOp::Mod => Op::CheckedInt(CheckedIntOp::Mod, x, y, exit),
                BinOp::RShift => Op::CheckedInt(CheckedIntOp::RShift, x, y, exit),
                BinOp::LShift => Op::CheckedInt(CheckedIntOp::LShift, x, y, exit),
                BinOp::And => Op::Int(IntOp::And, x, y),
                BinOp::Or => Op::Int(IntOp::Or, x, y),
                BinOp::Xor => Op::Int(IntOp::Xor, x, y),
                _ => return decline(Decline::Unsupported, format!("int {bop:?}")),
            };
            return Ok(S::Num(Ty::Int, self.push_inst(Some(Ty::Int), o)));
        }
        let x = self.as_num(a, Ty::Float, pc, before, st)?;
        let y = self.as_num(b, Ty::Float, pc, before, st)?;
        let o = match bop {
            BinOp::Add => Op::Float(FloatOp::Add, x, y, None),
            BinOp::Sub => Op::Float(FloatOp::Sub, x, y, None),
            BinOp::Mul => Op::Float(FloatOp::Mul, x, y, None),
            BinOp::TrueDiv => Op::Float(FloatOp::Div, x, y, Some(exit)),
            BinOp::Pow => Op::Float(FloatOp::Pow, x, y, Some(exit)),
            _ => return decline(Decline::Unsupported, format!("float {bop:?}")),
        };
        Ok(S::Num(Ty::Float, self.push_inst(Some(Ty::Float), o)))
    }

    fn call(
        &mut self,
        callee: S,
        args: Vec<S>,
        pc: usize,
        before: &State,
        st: &mut State,
    ) -> Result<Option<S>, Declined> {
        let S::Obj(_, addr) = callee else {
            return Ok(None);
        };
        let Some(f) = self
            .keep
            .iter()
            .find(|k| k.as_ptr() as usize == addr)
            .cloned()
        else {
            return Ok(None);
        };
        // range(stop) / range(start, stop) of ints, iterated right away
        // (another range, `list(range(n))`, is a call of the type).
        let next = next_pc(self.code, pc);
        if interp::eval::is_static_type(&f, &interp::object::types::RANGE)
            && unit(self.code, next).map(|u| u.0) == Some(B::GetIter)
        {
            let (start, stop) = match args.as_slice() {
                [e] => {
                    let z = self.push_inst(Some(Ty::Int), Op::ConstInt(0));
                    (z, self.as_num(*e, Ty::Int, pc, before, st)?)
                }
                [s, e] => (
                    self.as_num(*s, Ty::Int, pc, before, st)?,
                    self.as_num(*e, Ty::Int, pc, before, st)?,
                ),
                _ => return decline(Decline::Unsupported, "range with a step"),
            };
            // The stop, through a guard `facts::bound_ranges` may tighten
            // (leaving here, the interpreter makes the range itself).
            let exit = self.frame_state(pc, before)?;
            let stop = self.push_inst(
                Some(Ty::Int),
                Op::IntAtMost {
                    val: stop,
                    max: i64::MAX,
                    exit,
                },
            );
            return Ok(Some(S::Range(start, stop)));
        }
        // abs(), min() and max() of numbers of one known type.
        if let Some(name) = self.builtin_name(&f) {
            let num = |s: &S| match s {
                S::Num(t @ (Ty::Int | Ty::Float), v) => Some((*t, *v)),
                _ => None,
            };
            match (name, args.as_slice()) {
                // `len` of an object local or constant: a helper whose
                // result stays an unboxed (never negative) int.
                ("len", [x @ (S::Local(_) | S::Obj(..))]) => {
                    let p = self.object_ptr(*x, pc, before)?;
                    let exit = self.frame_state(pc, before)?;
                    let cell = self.slot_cell();
                    let r = self.push_inst(Some(Ty::Int), Op::Len(p, cell, exit));
                    return Ok(Some(S::Num(Ty::Int, r)));
                }
                ("abs", [x]) => match num(x) {
                    Some((Ty::Int, v)) => {
                        let exit = self.frame_state(pc, before)?;
                        let r = self.push_inst(Some(Ty::Int), Op::IntAbs(v, exit));
                        return Ok(Some(S::Num(Ty::Int, r)));
                    }
                    Some((_, v)) => {
                        let r = self.push_inst(Some(Ty::Float), Op::FloatAbs(v));
                        return Ok(Some(S::Num(Ty::Float, r)));
                    }
                    None => {}
                },
                // Python keeps the first unless the second is strictly
                // smaller (larger): with a NaN, the first.
                ("min" | "max", [x, y]) => {
                    if let (Some((t, a)), Some((u, b))) = (num(x), num(y))
                        && t == u
                    {
                        let c = if name == "min" { Cmp::Lt } else { Cmp::Gt };
                        let op = if t == Ty::Int {
                            Op::IntCmp(c, b, a)
                        } else {
                            Op::FloatCmp(c, b, a)
                        };
                        let better = self.push_inst(Some(Ty::Bool), op);
                        let r = self.push_inst(Some(t), Op::Select(better, b, a));
                        return Ok(Some(S::Num(t, r)));
                    }
                }
                _ => {}
            }
        }
        let Some(t) = (self.typed)(&f) else {
            return Ok(None);
        };
        if t.args.len() != args.len() {
            return decline(Decline::Unsupported, "typed call with another arity");
        }
        let mut vals = Vec::new();
        if let Some(r) = t.receiver {
            let v = self.push_inst(Some(Ty::Ptr), Op::ConstPtr(r));
            vals.push((CType::Object, v));
        }
        for (ct, a) in t.args.iter().zip(args) {
            let v = match ct {
                CType::Long => self.as_num(a, Ty::Int, pc, before, st)?,
                CType::Double => self.as_num(a, Ty::Float, pc, before, st)?,
                CType::Bool => self.as_num(a, Ty::Bool, pc, before, st)?,
                CType::Object => match a {
                    S::Obj(..) | S::Local(_) => self.object_ptr(a, pc, before)?,
                    _ => return Ok(None),
                },
                CType::Str => {
                    let o = match a {
                        S::Obj(..) | S::Local(_) => self.object_ptr(a, pc, before)?,
                        _ => return Ok(None),
                    };
                    let exit = self.frame_state(pc, before)?;
                    self.push_inst(Some(Ty::Ptr), Op::CStr { obj: o, exit })
                }
                CType::Void => return decline(Decline::Unsupported, "void argument"),
            };
            vals.push((*ct, v));
        }
        let (ty, result) = match t.ret {
            CType::Str => return Ok(None),
            CType::Long => (Some(Ty::Int), true),
            CType::Double => (Some(Ty::Float), true),
            CType::Bool => (Some(Ty::Bool), true),
            CType::Void => (None, false),
            CType::Object => (Some(Ty::Ptr), true),
        };
        // An exception is delivered at the call, with the stack as before it.
        let exit = self.frame_state(pc, before)?;
        let v = self.push_inst(
            ty,
            Op::CallTyped {
                func: t.func,
                args: vals,
                ret: t.ret,
                may_raise: t.may_raise,
                exit,
            },
        );
        if t.ret == CType::Object {
            // A new reference: owned by the result's stack slot at once.
            let k = st.stack.len() as u32;
            let exit = self.frame_state(pc, before)?;
            self.push_inst(
                Some(Ty::Bool),
                Op::Adopt {
                    base: k,
                    obj: v,
                    callee: addr,
                    exit,
                },
            );
            return Ok(Some(S::Owned(k)));
        }
        Ok(Some(match (ty, result) {
            (Some(t), true) => S::Num(t, v),
            _ => S::None,
        }))
    }
}

fn unreachable_state<T>() -> Result<T, Declined> {
    decline(Decline::Unsupported, "internal: known object expected")
}

/// Whether `o` is a `str` (names are).
#[allow(dead_code)]
fn is_str(o: &ObjRef) -> bool {
    o.downcast::<StrObj>().is_some()
}

impl Builder<'_> {
    /// A cache cell for a C slot the machine code calls for one C type
    /// (`[type, slot, kind]`, empty until a helper fills it); its address.
    fn slot_cell(&mut self) -> usize {
        let c = crate::helpers::guard_cell(0, 0);
        let a = c.as_ptr() as usize;
        self.cells.push(c);
        a
    }

    /// A cache cell (keys version, entry index) for a dict guard.
    fn cell(&mut self, version: u64, index: usize) -> ValueId {
        let c = crate::helpers::guard_cell(version, index as u64);
        let a = c.as_ptr() as usize;
        self.cells.push(c);
        self.push_inst(Some(Ty::Ptr), Op::ConstPtr(a))
    }

    /// A guard that `dict[name]` is still the object `expect` (`Some`), or
    /// that `dict` still has no key `name` (`None`: a global found in the
    /// builtins is not shadowed since). While the dict's keys keep the
    /// version in the guard's cell, the check reads the entry at the cell's
    /// index (or nothing); otherwise it looks the name up, refreshing the
    /// cell.
    fn dict_guard(
        &mut self,
        dict: &ObjRef,
        name: &ObjRef,
        version: u64,
        index: usize,
        expect: Option<Expect>,
        exit: FrameState,
    ) -> Option<()> {
        let S::Obj(d, _) = self.known(dict.clone()) else {
            return None;
        };
        let S::Obj(n, _) = self.known(name.clone()) else {
            return None;
        };
        let cell = self.cell(version, index);
        let (helper, args) = match expect {
            Some(e) => (Helper::DictEntryIs, vec![d, cell, n, e.tag, e.bits]),
            None => (Helper::DictLacks, vec![d, cell, n]),
        };
        self.cur.push(Inst {
            out: None,
            op: Op::Guard {
                helper,
                args,
                reason: ExitReason::KeysVersion,
                exit,
            },
        });
        Some(())
    }

    /// The address of the object an operand holds (a local's, guarded to
    /// be an object, or a known object's).
    fn object_ptr(&mut self, s: S, pc: usize, before: &State) -> Result<ValueId, Declined> {
        match s {
            S::Obj(v, _) => Ok(v),
            S::Local(n) => {
                let exit = self.frame_state(pc, before)?;
                Ok(self.push_inst(
                    Some(Ty::Ptr),
                    Op::LoadLocal {
                        slot: n,
                        ty: Ty::Ptr,
                        exit,
                    },
                ))
            }
            _ => decline(Decline::Unsupported, "internal: object operand expected"),
        }
    }

    /// Writes the operand-stack entries from index `from` up into their
    /// slots, so that they are [`S::Owned`].
    fn flush(&mut self, st: &mut State, from: usize) -> Result<(), Declined> {
        let mut vals = Vec::new();
        let mut any = false;
        for s in st.stack.iter().skip(from) {
            let l = loc_of(s)?;
            any |= l != Loc::InSlot;
            vals.push(l);
        }
        if any {
            self.cur.push(Inst {
                out: None,
                op: Op::Flush {
                    base: from as u32,
                    vals,
                },
            });
        }
        for (k, s) in st.stack.iter_mut().enumerate().skip(from) {
            *s = S::Owned(k as u32);
        }
        Ok(())
    }

    /// A call at `pc` of `n` arguments made from the frame's slots: the
    /// state goes back to `before` the call's instruction (its `ninsts`
    /// instructions kept), the arguments are written to their slots (the
    /// callee's slot and the NULL's, when `extra` is 1, stay dead), and
    /// the callee's slot (the result's) and the call's frame state are
    /// returned.
    fn call_in_slots(
        &mut self,
        st: &mut State,
        before: &State,
        ninsts: usize,
        (n, extra): (usize, usize),
        pc: usize,
    ) -> Result<(usize, FrameState), Declined> {
        *st = before.clone();
        self.cur.truncate(self.cur.len().min(ninsts));
        let Some(base) = st.stack.len().checked_sub(n + 1 + extra) else {
            return decline(Decline::Unsupported, "stack underflow");
        };
        self.flush(st, base + 1 + extra)?;
        let exit = self.frame_state(pc, st)?;
        Ok((base, exit))
    }

    /// BINARY_OP_PY `arg` on the top two entries (flushed and consumed),
    /// at `pc` (the next instruction: `next`), as [`Op::CallBinop`];
    /// returns the stack index of the result.
    fn call_binop(
        &mut self,
        st: &mut State,
        pc: usize,
        next: usize,
        arg: u32,
    ) -> Result<u32, Declined> {
        let Some(base) = st.stack.len().checked_sub(2) else {
            return decline(Decline::Unsupported, "stack underflow");
        };
        self.flush(st, base)?;
        let exit = self.frame_state(pc, st)?;
        st.stack.truncate(base);
        let resume = self.frame_state(next, st)?;
        let raise = self.frame_state(pc, st)?;
        let cell = self.slot_cell();
        self.push_inst(
            None,
            Op::CallBinop {
                arg,
                base: base as u32,
                cell,
                exit,
                resume,
                raise,
            },
        );
        Ok(base as u32)
    }

    /// Runs an instruction through a helper on the top `n` entries (which
    /// are flushed and consumed); returns the stack index of the first.
    /// The value of `callee` if it is known to be a native callable: a
    /// builtin function or a C extension's function (not a type, whose
    /// call may run Python code in `__init__`).
    fn is_native(&self, callee: S) -> Option<ValueId> {
        let S::Obj(v, addr) = callee else {
            return None;
        };
        let native = self
            .keep
            .iter()
            .find(|k| k.as_ptr() as usize == addr)
            .is_some_and(|f| {
                // A builtin, a C function, a C type (`Foo()`: the C
                // API's call makes the instance) or a built-in type
                // (`list(xs)`, `range(a, b, c)`: no `__init__` of Python's).
                f.kind() == Kind::BUILTIN
                    || interp::ext::is_foreign_type(f)
                    || f.as_type().is_some_and(|t| !t.is_heap_type())
                    || (f.kind() != Kind::TYPE
                        && interp::ext::foreign(&Value::Obj(f.clone())).is_some())
            });
        native.then_some(v)
    }

    /// The constant `callee` if it is a Python function that can be
    /// called directly with `n` arguments, and what the call needs.
    fn is_py_function(&self, callee: S, n: usize) -> Option<(ValueId, crate::hir::DirectCall)> {
        let S::Obj(v, addr) = callee else {
            return None;
        };
        let k = self
            .keep
            .iter()
            .find(|k| k.as_ptr() as usize == addr && k.kind() == Kind::FUNCTION)?;
        Some((v, self.direct_target(k, n)?))
    }

    /// For CALL_PY_INIT of the constant class `callee` with `n`
    /// arguments at `pc`: the class's version tag the interpreter's cache
    /// holds (the class has it now) and the tag's address (in the class,
    /// which the code keeps alive), its `__init__`, and what a direct
    /// call of that with the instance and the `n` arguments needs.
    fn init_target(
        &self,
        callee: S,
        n: usize,
        pc: usize,
    ) -> Option<(u32, usize, ObjRef, crate::hir::DirectCall)> {
        let S::Obj(_, addr) = callee else {
            return None;
        };
        let cls = self
            .keep
            .iter()
            .find(|k| k.as_ptr() as usize == addr && k.kind() == Kind::TYPE)?;
        let Some(interp::feedback::AttrSource::Init { class_version }) =
            interp::feedback::site(self.code, pc).and_then(|f| f.attr)
        else {
            return None;
        };
        let t = cls.as_type()?;
        if class_version == 0 || t.tp_version_tag.get() != class_version {
            return None;
        }
        let init = interp::object::class::lookup_static(t, "__init__")?;
        let f = init.as_obj()?.clone();
        let direct = self.direct_target(&f, n + 1)?;
        let addr = &t.tp_version_tag as *const std::cell::Cell<u32> as usize;
        Some((class_version, addr, f, direct))
    }

    /// The functions a polymorphic method value may be (see
    /// `poly_methods`) that can be called directly with `n` arguments,
    /// by address.
    fn poly_targets(
        &self,
        callee: S,
        n: usize,
    ) -> Option<(ValueId, Vec<(usize, crate::hir::DirectCall)>)> {
        let S::Num(Ty::Ptr, v) = callee else {
            return None;
        };
        let (_, fs) = self.poly_methods.iter().find(|(p, _)| *p == v)?;
        let cases: Vec<(usize, crate::hir::DirectCall)> = fs
            .iter()
            .filter_map(|f| Some((f.as_ptr() as usize, self.direct_target(f, n)?)))
            .collect();
        (!cases.is_empty()).then_some((v, cases))
    }

    /// What a direct call of the Python function `k` with `n` arguments
    /// needs, if it can be one.
    fn direct_target(&self, k: &ObjRef, n: usize) -> Option<crate::hir::DirectCall> {
        let f = k.downcast::<interp::object::Function>()?;
        let c = &f.code;
        let direct = (c.simple_params()
            && c.argcount as usize == n
            && !c.is_generator
            && !c.is_module
            && c.cellvars.is_empty()
            && c.freevars.is_empty())
        .then(|| crate::hir::DirectCall {
            cell: &c.jit_direct as *const std::cell::Cell<usize> as usize,
            nslots: c.nslots() as u32,
            frame_len: crate::frame_len(c) as u32,
            globals: &f.globals as *const ObjRef as usize,
        })?;
        interp::jit::want(c);
        // Worth it only if the callee is, or is still to be, compiled:
        // code the JIT declined (or gave up) would make this call leave
        // every time, and a loop around it compile again and again.
        let compiled_or_counting = c.jit_direct.get() != 0
            || std::ptr::eq(&**c, self.code)
            || (c.jit.borrow().is_none() && c.jit_countdown.get() != u32::MAX);
        compiled_or_counting.then_some(direct)
    }

    /// An attribute of an instance of a Python class, as the inline cache
    /// of LOAD_ATTR_INSTANCE_VALUE, STORE_ATTR_INSTANCE_VALUE or
    /// LOAD_METHOD_INSTANCE found it: a guard on the instance's type
    /// version tag, then the cached entry through a helper, or the method
    /// the class has at that version as a constant (so that the call
    /// after it can be direct). False: not compiled (the receiver is not
    /// in a slot, no usable feedback), nothing emitted.
    fn instance_attr(
        &mut self,
        op: B,
        arg: u32,
        pc: usize,
        before: &State,
        st: &mut State,
    ) -> Result<bool, Declined> {
        use interp::feedback::AttrSource;
        let Some(&recv) = st.stack.last() else {
            return Ok(false);
        };
        if !matches!(recv, S::Local(_) | S::Owned(_)) {
            return Ok(false);
        }
        let (versions, index, method) =
            match interp::feedback::site(self.code, pc).and_then(|f| f.attr) {
                Some(AttrSource::InstanceValue {
                    class_version,
                    index,
                    more_versions,
                }) => {
                    let mut v = vec![class_version];
                    v.extend(more_versions.iter().filter(|m| **m != 0));
                    (v, index, None)
                }
                Some(AttrSource::Method {
                    class_version,
                    mro_pos,
                    index,
                    more_methods,
                }) => {
                    // The function each class has at its version (a changed
                    // class has another tag, so the guard keeps it right).
                    // A tag no class has any more (the site saw a class
                    // before it was changed) is left out: no instance can
                    // pass its guard again.
                    let mut vs = Vec::new();
                    let mut fs = Vec::new();
                    let seen = std::iter::once((class_version, mro_pos, index))
                        .chain(more_methods.iter().copied().filter(|m| m.0 != 0));
                    for (v, pos, i) in seen {
                        if let Some(f) = method_at(v, pos, i) {
                            vs.push(v);
                            fs.push(f);
                        }
                    }
                    if vs.is_empty() {
                        return Ok(false);
                    }
                    (vs, index, Some(fs))
                }
                _ => return Ok(false),
            };
        if versions.contains(&0) {
            return Ok(false);
        }
        let name = self.name(arg)?;
        let text = self.code.name_str(arg).to_string();
        let S::Obj(n, _) = self.known(name.clone()) else {
            return Ok(false);
        };
        let slot = match recv {
            S::Local(l) => l,
            S::Owned(k) => self.nslots as u32 + k,
            _ => return Ok(false),
        };
        if op == B::StoreAttrInstanceValue {
            // [value, instance]: the value into its slot, to be moved in.
            let Some(vi) = st.stack.len().checked_sub(2) else {
                return decline(Decline::Unsupported, "stack underflow");
            };
            st.stack.pop();
            self.flush(st, vi)?;
            st.stack.push(recv);
            let exit = self.frame_state(pc, st)?;
            let append = appended_as(&versions, index, &name);
            let o = self.guarded_ptr(recv, slot, &versions, exit.clone());
            self.push_inst(
                None,
                Op::AttrSet {
                    obj: o,
                    name: n,
                    text,
                    index,
                    base: vi as u32,
                    append,
                    exit,
                },
            );
            // The instance's own slot, if it owned one, is released.
            if let S::Owned(k) = recv {
                self.push_inst(None, Op::DropSlot { base: k });
            }
            st.stack.truncate(vi);
            return Ok(true);
        }
        let exit = self.frame_state(pc, before)?;
        let o = self.guarded_ptr(recv, slot, &versions, exit.clone());
        match method {
            None => {
                // Into the receiver's slot when it owns nothing there (a
                // local's copy); an owned receiver is released after the
                // value is loaded into the slot above it, then moved down.
                let at = (st.stack.len() - 1) as u32;
                let owned = matches!(recv, S::Owned(_));
                let base = if owned { at + 1 } else { at };
                self.push_inst(
                    None,
                    Op::AttrGet {
                        obj: o,
                        name: n,
                        text,
                        index,
                        base,
                        exit: exit.clone(),
                    },
                );
                if owned {
                    self.push_inst(None, Op::DropSlot { base: at });
                    self.push_inst(
                        None,
                        Op::MoveSlot {
                            from: at + 1,
                            to: at,
                        },
                    );
                }
                st.stack.pop();
                st.stack.push(S::Owned(at));
            }
            Some(fs) => {
                self.push_inst(
                    None,
                    Op::Guard {
                        helper: Helper::MethodUnshadowed,
                        args: vec![o, n],
                        reason: ExitReason::InstanceDict,
                        exit,
                    },
                );
                st.stack.pop();
                let m = if fs.iter().all(|f| f.ptr_eq(&fs[0])) {
                    self.known(fs[0].clone())
                } else {
                    // The function of the receiver's class, chosen by its
                    // tag (the guard above left only these tags).
                    let tag = self.push_inst(Some(Ty::Int), Op::TypeVersionOf(o));
                    let mut consts = Vec::new();
                    for f in &fs {
                        if let S::Obj(v, _) = self.known(f.clone()) {
                            consts.push(v);
                        }
                    }
                    let Some(&last) = consts.last() else {
                        return decline(Decline::Unsupported, "internal: no method");
                    };
                    let mut sel = last;
                    for (k, c) in consts.iter().enumerate().rev().skip(1) {
                        let t = self.push_inst(Some(Ty::Int), Op::ConstInt(versions[k] as i64));
                        let is = self.push_inst(Some(Ty::Bool), Op::IntCmp(Cmp::Eq, tag, t));
                        sel = self.push_inst(Some(Ty::Ptr), Op::Select(is, *c, sel));
                    }
                    self.poly_methods.push((sel, fs));
                    S::Num(Ty::Ptr, sel)
                };
                st.stack.push(m);
                // An owned receiver moves up a slot, above the method.
                let recv = match recv {
                    S::Owned(k) => {
                        self.push_inst(None, Op::MoveSlot { from: k, to: k + 1 });
                        S::Owned(k + 1)
                    }
                    r => r,
                };
                st.stack.push(recv);
            }
        }
        Ok(true)
    }

    /// The address of the object in slot `slot` (a local or an operand),
    /// leaving at `exit` if it holds no object.
    /// The object in frame slot `slot` (the receiver `recv`), checked to
    /// have a type whose version is one of `versions`: loaded and checked
    /// here, unless `recv` is a local this block already checked for
    /// these versions or fewer (see [`Builder::guarded_local`]).
    fn guarded_ptr(&mut self, recv: S, slot: u32, versions: &[u32], exit: FrameState) -> ValueId {
        if let S::Local(l) = recv
            && let Some(at) = self.guarded_local(l, versions)
        {
            if let Some(o) = self.guarded[at].1 {
                return o;
            }
            // Checked on every path into the block: loaded, not checked.
            let o = self.ptr_in_slot(slot, exit);
            self.guarded[at].1 = Some(o);
            return o;
        }
        let o = self.ptr_in_slot(slot, exit.clone());
        self.push_inst(
            None,
            Op::GuardTypeVersion {
                obj: o,
                versions: versions.to_vec(),
                exit,
            },
        );
        if let S::Local(l) = recv {
            self.guarded
                .push((l, Some(o), versions.to_vec(), self.cur.len()));
        }
        o
    }

    /// The pointer an earlier check in this block loaded from local `l`,
    /// if that check allowed only versions among `versions` and nothing
    /// since could have changed the local or any type's version: the
    /// instructions after it store no object into `l` and run no Python
    /// code (see [`keeps_guards`]).
    fn guarded_local(&self, l: u32, versions: &[u32]) -> Option<usize> {
        let k = self.guarded.iter().rposition(|g| g.0 == l)?;
        let (_, _, vs, at) = &self.guarded[k];
        if !vs.iter().all(|v| versions.contains(v)) {
            return None;
        }
        let since = self.cur.get(*at..)?;
        since.iter().all(|i| keeps_guards(&i.op, l)).then_some(k)
    }

    /// What [`Builder::guarded_local`] would still find at the end of the
    /// block so far, for the locals of `st` whose object is in their slot
    /// (a local holding an unboxed number or a constant is spilled or
    /// changed on the way out): the checks an edge from here carries into
    /// its target ([`State::checked`]).
    fn still_checked(&self, st: &State) -> Checked {
        let mut out: Checked = Vec::new();
        for (l, _, vs, _) in self.guarded.iter().rev() {
            if out.iter().any(|(m, _)| m == l)
                || !matches!(st.locals.get(*l as usize), Some(L::InSlot | L::Top))
            {
                continue;
            }
            if let Some(k) = self.guarded_local(*l, vs) {
                let mut vs = self.guarded[k].2.clone();
                vs.sort_unstable();
                vs.dedup();
                out.push((*l, vs));
            }
        }
        out.sort_by_key(|(l, _)| *l);
        out
    }

    fn ptr_in_slot(&mut self, slot: u32, exit: FrameState) -> ValueId {
        self.push_inst(
            Some(Ty::Ptr),
            Op::LoadLocal {
                slot,
                ty: Ty::Ptr,
                exit,
            },
        )
    }

    /// A conditional jump's end of block: to `target` when `c` is `when`,
    /// else on to `next`.
    fn branch_on(
        &mut self,
        c: ValueId,
        when: bool,
        target: usize,
        next: usize,
        st: &State,
    ) -> Result<Term, Declined> {
        let jump = self.edge(target, st, true)?;
        let fall = self.edge(next, st, true)?;
        Ok(if when {
            Term::Branch(c, jump, fall)
        } else {
            Term::Branch(c, fall, jump)
        })
    }

    /// The name of `f` if it is one of the builtins (the object the
    /// builtins module holds under that name, not bound to a receiver).
    fn builtin_name(&self, f: &ObjRef) -> Option<&'static str> {
        let b = f.downcast::<interp::object::Builtin>()?;
        if b.bound.is_some() {
            return None;
        }
        let d = self.vm.builtins().downcast::<DictObj>()?;
        match d.get_str(b.name) {
            Some(Value::Obj(o)) if o.as_ptr() == f.as_ptr() => Some(b.name),
            _ => None,
        }
    }

    /// The constant `callee` if it is a C function compiled code calls
    /// itself with `n` arguments (see `capi::direct`), and how.
    fn direct_c(&self, callee: S, n: usize) -> Option<(ValueId, capi::direct::DirectC)> {
        let S::Obj(v, addr) = callee else {
            return None;
        };
        let f = self.keep.iter().find(|k| k.as_ptr() as usize == addr)?;
        Some((v, capi::direct::direct_c(f, n)?))
    }

    /// How a direct C call passes the operands `args` (see [`CArg`]), if
    /// it can pass them all. Nothing is emitted here, so that the caller
    /// may still choose another call; [`Builder::c_arg_values`] makes the
    /// constants.
    fn c_args(&self, args: &[S], n: usize) -> Option<Vec<CArgPlan>> {
        if args.len() != n {
            return None;
        }
        args.iter()
            .map(|a| {
                Some(match *a {
                    // A constant number is boxed once, when compiling.
                    S::Num(Ty::Int | Ty::Float, v) if let Some(c) = self.const_number(v) => {
                        CArgPlan::Const(c)
                    }
                    S::Num(Ty::Int, v) => CArgPlan::Arg(CArg::Int(v)),
                    S::Num(Ty::Float, v) => CArgPlan::Arg(CArg::Float(v)),
                    S::Num(Ty::Bool, v) => CArgPlan::Arg(CArg::Bool(v)),
                    S::Obj(v, _) => CArgPlan::Arg(CArg::Obj(v)),
                    S::None => CArgPlan::Const(Value::None),
                    S::Local(k) => CArgPlan::Arg(CArg::Slot {
                        slot: k,
                        owned: false,
                    }),
                    S::Owned(k) => CArgPlan::Arg(CArg::Slot {
                        slot: self.nslots as u32 + k,
                        owned: true,
                    }),
                    S::Num(Ty::Ptr, _)
                    | S::Null
                    | S::Range(..)
                    | S::RangeIter(..)
                    | S::ListIter(_) => return None,
                })
            })
            .collect()
    }

    /// The number `v` is, if the current block defines it as a constant.
    fn const_number(&self, v: ValueId) -> Option<Value> {
        let i = self
            .cur
            .iter()
            .rev()
            .find(|i| i.out.is_some_and(|(o, _)| o == v))?;
        match i.op {
            Op::ConstInt(x) => Some(Value::Int(x)),
            Op::ConstFloat(x) => Some(Value::Float(x)),
            _ => None,
        }
    }

    /// The arguments [`Builder::c_args`] chose, the constants made into
    /// objects the code keeps.
    fn c_arg_values(&mut self, args: Vec<CArgPlan>) -> Vec<CArg> {
        args.into_iter()
            .map(|a| match a {
                CArgPlan::Arg(a) => a,
                CArgPlan::Const(c) => CArg::Obj(self.kept(capi::direct::boxed(&c))),
            })
            .collect()
    }

    /// The C call form (see [`Op::CallNative`]) for calling `callee` with
    /// `n` positional arguments: what the interpreter's quickening picks.
    fn ext_form(&self, callee: S, n: usize) -> u32 {
        let S::Obj(_, addr) = callee else {
            return 0;
        };
        let Some(f) = self.keep.iter().find(|k| k.as_ptr() as usize == addr) else {
            return 0;
        };
        interp::ext::capi()
            .and_then(|c| c.call_shape(self.vm, f, n))
            .and_then(|s| crate::helpers::EXT_CALLS.iter().position(|x| *x == s))
            .map_or(0, |i| i as u32 + 1)
    }

    fn generic(
        &mut self,
        st: &mut State,
        pc: usize,
        op: Generic,
        n: usize,
        arg: u32,
    ) -> Result<u32, Declined> {
        if st.stack.len() < n {
            return decline(Decline::Unsupported, "stack underflow");
        }
        let base = st.stack.len() - n;
        self.flush(st, base)?;
        let exit = self.frame_state(pc, st)?;
        self.push_inst(
            Some(Ty::Bool),
            Op::Generic {
                op,
                base: base as u32,
                arg,
                exit,
            },
        );
        st.stack.truncate(base);
        Ok(base as u32)
    }
}

/// The hash of `name` when it is the shared key `index` of the class
/// with each of the version tags `versions` (see `Op::AttrSet::append`).
fn appended_as(versions: &[u32], index: u32, name: &ObjRef) -> Option<u64> {
    use interp::object::class::{ClassData, class_of_version};
    let text = name.downcast::<interp::object::StrObj>()?;
    for v in versions {
        let cls = class_of_version(*v)?;
        let cd = cls.as_type()?.heap_data::<ClassData>()?;
        let keys = cd.shared_keys.try_borrow().ok()?;
        let k = keys.get(index as usize)?;
        if k.downcast::<interp::object::StrObj>()?.as_str() != text.as_str() {
            return None;
        }
    }
    Some(text.hash())
}

/// The plain Python function a LOAD_METHOD_INSTANCE cache found: entry
/// `index` of the dict of the class whose version tag is `tag` now (or of
/// the class at `mro_pos` of its MRO).
fn method_at(tag: u32, mro_pos: u32, index: u32) -> Option<ObjRef> {
    use interp::object::class::{ClassData, class_data};
    let cls = interp::object::class::class_of_version(tag)?;
    let cd = cls.as_type()?.heap_data::<ClassData>()?;
    let holder = match mro_pos {
        0 => cd,
        p => class_data(cd.mro_tail.get(p as usize - 1)?)?,
    };
    let f = holder
        .dict()?
        .try_entries()
        .ok()?
        .get_index(index as usize)?
        .1
        .as_obj()?
        .clone();
    (f.kind() == Kind::FUNCTION).then_some(f)
}
