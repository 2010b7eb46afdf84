//! The bytecode verifier: run once on each code object the compiler makes,
//! before the code can exist. A [`Code`](crate::bytecode::Code) holds a
//! [`Shape`], and only [`check`] makes one, so every code object the
//! evaluation loop runs has passed it.
//!
//! What it guarantees, for every unit whose opcode is not `CACHE` (an
//! instruction), and for as long as the code lives (quickening rewrites an
//! instruction only into a form of its family, which has the family's
//! cache length, keeps arguments, and writes only `CACHE` units into cache
//! units):
//! - the instruction's cache units follow it inside the code;
//! - an instruction that may go on to the next one has a next one (no
//!   path runs off the end), and a jump's target is an instruction;
//! - the name an attribute or method instruction names is in `names`,
//!   and a `LOAD_CONST`'s constant is in `consts`.
//!
//! The hot loop (`crate::eval::hot`) reads cache units, next instructions
//! and names without bounds checks on the strength of this (see
//! `crate::eval::verified`); the general loop checks them anyway.

use crate::bytecode::{ExcEntry, Instr, Op, stack_effect};
use std::fmt;

/// Proof that a code object's instructions passed [`check`]: the field of
/// [`Code`](crate::bytecode::Code) that cannot be filled any other way.
#[derive(Debug)]
pub struct Shape(());

/// Why [`check`] rejected an instruction stream (a compiler bug: the
/// compiler reports it as an internal error).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VerifyError {
    /// No instructions at all.
    Empty,
    /// More units than a jump argument can address.
    TooLong,
    /// A `CACHE` unit where an instruction should start.
    CacheAsInstruction { at: usize },
    /// An instruction that is not a generic one, or whose cache count is
    /// not its opcode's.
    BadForm { at: usize },
    /// The instruction's cache units run past the end, or one of them is
    /// not a `CACHE` unit.
    BadCache { at: usize },
    /// The instruction may go on to the next one, and there is none.
    FallsOffEnd { at: usize },
    /// A jump whose target is not the start of an instruction.
    BadJump { at: usize, target: u32 },
    /// A name index past the end of `names`.
    BadName { at: usize, index: u32 },
    /// A constant index past the end of `consts`.
    BadConst { at: usize, index: u32 },
    /// An exception-table entry whose range or handler is not made of
    /// whole instructions.
    BadHandler { entry: usize },
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::Empty => write!(f, "no instructions"),
            VerifyError::TooLong => write!(f, "too many instructions"),
            VerifyError::CacheAsInstruction { at } => {
                write!(f, "a cache unit at {at} where an instruction starts")
            }
            VerifyError::BadForm { at } => write!(f, "instruction {at} is not a generic form"),
            VerifyError::BadCache { at } => write!(f, "instruction {at} lacks its cache units"),
            VerifyError::FallsOffEnd { at } => {
                write!(f, "instruction {at} goes on past the end of the code")
            }
            VerifyError::BadJump { at, target } => {
                write!(f, "instruction {at} jumps to {target}, not an instruction")
            }
            VerifyError::BadName { at, index } => {
                write!(f, "instruction {at} names name {index}, past the end")
            }
            VerifyError::BadConst { at, index } => {
                write!(f, "instruction {at} loads constant {index}, past the end")
            }
            VerifyError::BadHandler { entry } => {
                write!(
                    f,
                    "exception-table entry {entry} does not cover whole instructions"
                )
            }
        }
    }
}

/// Whether the argument of `op` (a generic opcode) indexes the code's
/// names in a way the hot loop reads unchecked.
fn names_arg(op: Op) -> bool {
    matches!(op, Op::LoadAttr | Op::StoreAttr | Op::LoadMethod)
}

/// Checks a freshly compiled instruction stream (generic opcodes only)
/// against the guarantees in the module's documentation.
pub fn check(
    units: &[Instr],
    names: usize,
    consts: usize,
    exc_table: &[ExcEntry],
) -> Result<Shape, VerifyError> {
    let len = units.len();
    if len == 0 {
        return Err(VerifyError::Empty);
    }
    if u32::try_from(len).is_err() {
        return Err(VerifyError::TooLong);
    }
    // Pass 1: where instructions start, and their cache units.
    let mut starts = vec![false; len + 1];
    let mut pc = 0;
    while let Some(ins) = units.get(pc) {
        if ins.op == Op::Cache {
            return Err(VerifyError::CacheAsInstruction { at: pc });
        }
        let n = ins.op.cache_units();
        if ins.op.generic() != ins.op || usize::from(ins.cache) != n {
            return Err(VerifyError::BadForm { at: pc });
        }
        match units.get(pc + 1..pc + 1 + n) {
            Some(cache) if cache.iter().all(|c| c.op == Op::Cache) => {}
            _ => return Err(VerifyError::BadCache { at: pc }),
        }
        starts[pc] = true;
        pc += 1 + n;
    }
    // Pass 2: where each instruction goes, and what it indexes.
    let mut pc = 0;
    while let Some(ins) = units.get(pc) {
        let next = pc + 1 + ins.op.cache_units();
        let effect = stack_effect(ins.op, ins.arg);
        if effect.next.is_some() && next >= len {
            return Err(VerifyError::FallsOffEnd { at: pc });
        }
        if effect.jump.is_some() && !starts.get(ins.arg as usize).copied().unwrap_or(false) {
            return Err(VerifyError::BadJump {
                at: pc,
                target: ins.arg,
            });
        }
        if names_arg(ins.op) && ins.arg as usize >= names {
            return Err(VerifyError::BadName {
                at: pc,
                index: ins.arg,
            });
        }
        if ins.op == Op::LoadConst && ins.arg as usize >= consts {
            return Err(VerifyError::BadConst {
                at: pc,
                index: ins.arg,
            });
        }
        pc = next;
    }
    for (entry, e) in exc_table.iter().enumerate() {
        let at = |u: u32| starts.get(u as usize).copied().unwrap_or(false);
        // `end` may be the end of the code (then it is `len`, a start).
        let whole = e.start < e.end && at(e.start) && (at(e.end) || e.end as usize == len);
        if !whole || !at(e.handler) || e.handler as usize >= len {
            return Err(VerifyError::BadHandler { entry });
        }
    }
    Ok(Shape(()))
}
