//! Facts about HIR values that let lowering drop work: which `Int`
//! values are never negative.
//!
//! A `range(n)` loop's index, a sum of such values, a product of one with
//! a positive constant and `x % 7` are all non-negative. Knowing it,
//! lowering tests `x * 3` for overflow with one compare, adds two
//! non-negative ints with a sign test, and computes `x % 7` and `x // 7`
//! without Python's adjustment for negative operands.
//!
//! Block parameters are solved optimistically: assumed non-negative, then
//! cleared when some incoming value is not, until nothing changes (a
//! loop's counter starts at 0 and grows by a non-negative step).

use crate::hir::{CheckedIntOp, Function, IntOp, Op, ValueId};

/// Which values are known non-negative ints.
#[derive(Clone, Debug, Default)]
pub struct Facts {
    nonneg: Vec<bool>,
}

impl Facts {
    /// Whether `v` is an `Int` known to be `>= 0`.
    pub fn nonneg(&self, v: ValueId) -> bool {
        self.nonneg.get(v.0 as usize).copied().unwrap_or(false)
    }

    /// Solves the facts of `f`.
    pub fn of(f: &Function) -> Facts {
        let n = f.nvalues as usize;
        // Optimistic start for block parameters of type Int; instructions
        // are recomputed from their operands on every pass.
        let mut nonneg = vec![false; n];
        for b in &f.blocks {
            for (v, t) in &b.params {
                if *t == crate::hir::Ty::Int
                    && let Some(x) = nonneg.get_mut(v.0 as usize)
                {
                    *x = true;
                }
            }
        }
        let mut facts = Facts { nonneg };
        // Each pass can only clear facts, so this ends (bounded anyway).
        for _ in 0..=n {
            let mut changed = false;
            for b in &f.blocks {
                for ins in &b.insts {
                    if let Some((v, _)) = ins.out {
                        let x = facts.of_op(&ins.op);
                        changed |= facts.set(v, x);
                    }
                }
            }
            for e in f.blocks.iter().flat_map(|b| b.term.edges()) {
                let Some(target) = f.blocks.get(e.block.0 as usize) else {
                    continue;
                };
                for ((p, _), a) in target.params.iter().zip(&e.args) {
                    if facts.nonneg(*p) && !facts.nonneg(*a) {
                        changed |= facts.set(*p, false);
                    }
                }
            }
            if !changed {
                break;
            }
        }
        facts
    }

    fn set(&mut self, v: ValueId, x: bool) -> bool {
        match self.nonneg.get_mut(v.0 as usize) {
            Some(old) if *old != x => {
                *old = x;
                true
            }
            _ => false,
        }
    }

    /// Whether an instruction's result is non-negative, from what is
    /// known of its operands.
    fn of_op(&self, op: &Op) -> bool {
        let nn = |v: &ValueId| self.nonneg(*v);
        match op {
            Op::ConstInt(c) => *c >= 0,
            Op::BoolToInt(_) => true,
            // Can only shrink a non-negative operand's bits.
            Op::Int(IntOp::And, a, b) => nn(a) || nn(b),
            Op::Int(IntOp::Add | IntOp::Or | IntOp::Xor, a, b) => nn(a) && nn(b),
            // The result exists only when it did not overflow.
            Op::CheckedInt(CheckedIntOp::Add | CheckedIntOp::Mul, a, b, _) => nn(a) && nn(b),
            Op::CheckedInt(CheckedIntOp::FloorDiv, a, b, _) => nn(a) && nn(b),
            // Python's `%` takes the divisor's sign.
            Op::CheckedInt(CheckedIntOp::Mod, _, b, _) => nn(b),
            _ => false,
        }
    }
}
