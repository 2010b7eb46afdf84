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

#[cfg(test)]
mod tests {
    use super::*;

    fn i(op: Op, arg: u32) -> Vec<Instr> {
        let mut v = vec![Instr::new(op, arg)];
        v.extend((0..op.cache_units()).map(|_| Instr::new(Op::Cache, 0)));
        v
    }

    fn code(parts: &[Vec<Instr>]) -> Vec<Instr> {
        parts.concat()
    }

    fn ok(units: &[Instr]) -> Result<(), VerifyError> {
        check(units, 1, 1, &[]).map(|_| ())
    }

    #[test]
    fn well_formed_code_passes() {
        // x.a; if x: jump back; return None
        let units = code(&[
            i(Op::LoadFast, 0),
            i(Op::LoadAttr, 0),
            i(Op::PopJumpIfTrue, 0),
            i(Op::LoadConst, 0),
            i(Op::ReturnValue, 0),
        ]);
        assert_eq!(ok(&units), Ok(()));
    }

    #[test]
    fn empty_code_is_rejected() {
        assert_eq!(ok(&[]), Err(VerifyError::Empty));
    }

    #[test]
    fn running_off_the_end_is_rejected() {
        let units = code(&[i(Op::LoadConst, 0), i(Op::PopTop, 0)]);
        assert_eq!(ok(&units), Err(VerifyError::FallsOffEnd { at: 1 }));
        // A jump as the last instruction is fine; a conditional one is not.
        let units = code(&[i(Op::Jump, 0)]);
        assert_eq!(ok(&units), Ok(()));
        let units = code(&[i(Op::LoadConst, 0), i(Op::PopJumpIfFalse, 0)]);
        assert_eq!(ok(&units), Err(VerifyError::FallsOffEnd { at: 1 }));
    }

    #[test]
    fn truncated_cache_is_rejected() {
        let mut units = code(&[i(Op::LoadFast, 0), i(Op::LoadAttr, 0)]);
        units.truncate(units.len() - 1);
        assert_eq!(ok(&units), Err(VerifyError::BadCache { at: 1 }));
    }

    #[test]
    fn an_instruction_inside_a_cache_is_rejected() {
        let mut units = code(&[
            i(Op::LoadFast, 0),
            i(Op::LoadAttr, 0),
            i(Op::ReturnValue, 0),
        ]);
        units[3] = Instr::new(Op::Nop, 0);
        assert_eq!(ok(&units), Err(VerifyError::BadCache { at: 1 }));
    }

    #[test]
    fn a_cache_unit_first_is_rejected() {
        let units = code(&[vec![Instr::new(Op::Cache, 0)], i(Op::ReturnValue, 0)]);
        assert_eq!(ok(&units), Err(VerifyError::CacheAsInstruction { at: 0 }));
    }

    #[test]
    fn quickened_or_miscounted_forms_are_rejected() {
        let units = code(&[i(Op::LoadFastLoadAttr, 0), i(Op::ReturnValue, 0)]);
        assert_eq!(ok(&units), Err(VerifyError::BadForm { at: 0 }));
        let mut units = code(&[i(Op::LoadConst, 0), i(Op::ReturnValue, 0)]);
        units[0].cache = 3;
        assert_eq!(ok(&units), Err(VerifyError::BadForm { at: 0 }));
    }

    #[test]
    fn jumps_must_land_on_instructions() {
        // Past the end.
        let units = code(&[i(Op::Jump, 7)]);
        assert_eq!(ok(&units), Err(VerifyError::BadJump { at: 0, target: 7 }));
        // Into LOAD_ATTR's cache.
        let units = code(&[i(Op::LoadFast, 0), i(Op::LoadAttr, 0), i(Op::Jump, 3)]);
        let at = 2 + Op::LoadAttr.cache_units();
        assert_eq!(ok(&units), Err(VerifyError::BadJump { at, target: 3 }));
    }

    #[test]
    fn name_and_constant_indices_are_checked() {
        let units = code(&[
            i(Op::LoadFast, 0),
            i(Op::LoadMethod, 1),
            i(Op::ReturnValue, 0),
        ]);
        assert_eq!(ok(&units), Err(VerifyError::BadName { at: 1, index: 1 }));
        let units = code(&[i(Op::LoadConst, 5), i(Op::ReturnValue, 0)]);
        assert_eq!(ok(&units), Err(VerifyError::BadConst { at: 0, index: 5 }));
    }

    #[test]
    fn handlers_must_cover_whole_instructions() {
        let units = code(&[
            i(Op::LoadFast, 0),
            i(Op::LoadAttr, 0),
            i(Op::ReturnValue, 0),
        ]);
        let entry = |start, end, handler| ExcEntry {
            start,
            end,
            handler,
            depth: 0,
        };
        let end = units.len() as u32;
        assert!(check(&units, 1, 1, &[entry(0, end, 0)]).is_ok());
        assert_eq!(
            check(&units, 1, 1, &[entry(0, 2, 0)]).map(|_| ()),
            Err(VerifyError::BadHandler { entry: 0 })
        );
        assert_eq!(
            check(&units, 1, 1, &[entry(0, end, 2)]).map(|_| ()),
            Err(VerifyError::BadHandler { entry: 0 })
        );
    }
}
