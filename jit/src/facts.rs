//! Facts about HIR values that let lowering drop work: which `Int`
//! values are never negative, and an upper bound of each where one is
//! known.
//!
//! A `range(n)` loop's index, a sum of such values, a product of one with
//! a positive constant and `x % 7` are all non-negative. Knowing it,
//! lowering tests `x * 3` for overflow with one compare, adds two
//! non-negative ints with a sign test, and computes `x % 7` and `x // 7`
//! without Python's adjustment for negative operands.
//!
//! Upper bounds come from constants, from `x % c`, and from the compare
//! that guards a loop body: past `i < stop`, `i <= stop - 1`. A range
//! loop's stop passes through an [`Op::IntAtMost`] guard, which
//! [`bound_ranges`] tightens when the bound it gives drops an overflow
//! check: `for i in range(n): t += i * 3` then multiplies without one,
//! and only a range longer than `i64::MAX / 3` leaves (at its start).
//!
//! Block parameters are solved optimistically: assumed non-negative and
//! of no bound yet, then weakened from their incoming values until
//! nothing changes. A parameter whose bound grows twice is widened to
//! unknown (a loop counter grows every iteration), so solving ends.

use crate::hir::{BlockId, CheckedIntOp, Cmp, Function, Inst, IntOp, Op, Term, ValueId};

/// What is known of a value's upper bound while solving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Max {
    /// No incoming value seen yet (optimistic: the lattice's bottom).
    Unseen,
    /// Never above this.
    At(i64),
    /// No bound.
    Unknown,
}

impl Max {
    fn join(self, o: Max) -> Max {
        match (self, o) {
            (Max::Unseen, x) | (x, Max::Unseen) => x,
            (Max::At(a), Max::At(b)) => Max::At(a.max(b)),
            _ => Max::Unknown,
        }
    }

    fn min(self, o: Max) -> Max {
        match (self, o) {
            (Max::Unseen, _) | (_, Max::Unseen) => Max::Unseen,
            (Max::At(a), Max::At(b)) => Max::At(a.min(b)),
            (Max::At(a), Max::Unknown) | (Max::Unknown, Max::At(a)) => Max::At(a),
            (Max::Unknown, Max::Unknown) => Max::Unknown,
        }
    }

    /// `f` of two bounds, unknown where `f` overflows.
    fn map2(self, o: Max, f: impl Fn(i64, i64) -> Option<i64>) -> Max {
        match (self, o) {
            (Max::Unseen, _) | (_, Max::Unseen) => Max::Unseen,
            (Max::At(a), Max::At(b)) => f(a, b).map_or(Max::Unknown, Max::At),
            _ => Max::Unknown,
        }
    }
}

/// Which values are known non-negative ints, and their upper bounds.
#[derive(Clone, Debug, Default)]
pub struct Facts {
    nonneg: Vec<bool>,
    max: Vec<Max>,
}

/// A parameter's incoming value along one edge.
#[derive(Clone, Copy, Debug)]
struct Flow {
    param: ValueId,
    arg: ValueId,
    /// Along a back-edge.
    looped: bool,
    /// What holds along the edge.
    conds: [Option<Below>; 2],
}

/// A block's single way in, when it is the taken arm of a branch on
/// `a < b` or `a <= b`: within the block, `a` is at most `b` (less one).
#[derive(Clone, Copy, Debug)]
struct Below {
    a: ValueId,
    b: ValueId,
    strict: bool,
}

impl Facts {
    /// Whether `v` is an `Int` known to be `>= 0`.
    pub fn nonneg(&self, v: ValueId) -> bool {
        self.nonneg.get(v.0 as usize).copied().unwrap_or(false)
    }

    /// The largest value `v` can hold, if known.
    pub fn max(&self, v: ValueId) -> Option<i64> {
        match self.max.get(v.0 as usize) {
            Some(Max::At(m)) => Some(*m),
            _ => None,
        }
    }

    /// Whether `a + b` (`Add`) or `a * b` (`Mul`) of two ints cannot
    /// overflow: both are non-negative and the result of their bounds
    /// fits.
    pub fn cannot_overflow(&self, o: CheckedIntOp, a: ValueId, b: ValueId) -> bool {
        if !(self.nonneg(a) && self.nonneg(b)) {
            return false;
        }
        let (Some(x), Some(y)) = (self.max(a), self.max(b)) else {
            return false;
        };
        match o {
            CheckedIntOp::Add => x.checked_add(y).is_some(),
            CheckedIntOp::Mul => x.checked_mul(y).is_some(),
            _ => false,
        }
    }

    /// Solves the facts of `f`.
    pub fn of(f: &Function) -> Facts {
        let n = f.nvalues as usize;
        // Optimistic start for block parameters of type Int; instructions
        // are recomputed from their operands on every pass.
        let mut nonneg = vec![false; n];
        let mut max = vec![Max::Unknown; n];
        for b in &f.blocks {
            for (v, t) in &b.params {
                if *t == crate::hir::Ty::Int {
                    if let Some(x) = nonneg.get_mut(v.0 as usize) {
                        *x = true;
                    }
                    if let Some(x) = max.get_mut(v.0 as usize) {
                        *x = Max::Unseen;
                    }
                }
            }
        }
        let defs = defs(f);
        let below = ways_in(f, &defs);
        let back = back_edges(f);
        // The parameter-argument pairs of every edge, with what holds
        // along it: the source block's way in and, on a branch's taken
        // arm, its condition.
        let mut flows = Vec::new();
        for (src, b) in f.blocks.iter().enumerate() {
            let taken = match &b.term {
                Term::Branch(c, _, _) => below_of(&defs, *c),
                _ => None,
            };
            let here = below.get(src).copied().flatten();
            for (k, e) in b.term.edges().enumerate() {
                let Some(target) = f.blocks.get(e.block.0 as usize) else {
                    continue;
                };
                let cond = if k == 0 { taken } else { None };
                let looped = back.contains(&(src, k));
                for ((p, _), a) in target.params.iter().zip(&e.args) {
                    flows.push(Flow {
                        param: *p,
                        arg: *a,
                        looped,
                        conds: [here, cond],
                    });
                }
            }
        }
        // Only ints' facts are computed.
        let insts: Vec<(ValueId, &Op)> = f
            .blocks
            .iter()
            .flat_map(|b| &b.insts)
            .filter_map(|i| match i.out {
                Some((v, crate::hir::Ty::Int)) => Some((v, &i.op)),
                _ => None,
            })
            .collect();
        let mut facts = Facts { nonneg, max };
        // How often each parameter's bound grew from a back-edge's value
        // (the second time, it is widened to unknown: a loop counter).
        let mut grew = vec![0u8; n];
        // The join of each parameter's incoming bounds in a pass, those
        // along back-edges apart.
        let mut incoming = vec![Max::Unseen; n];
        let mut looped = vec![Max::Unseen; n];
        // Each value's facts change a bounded number of times (a flag
        // clears once; a parameter's bound grows a few times before it is
        // widened), so this converges well within the cap; reaching the
        // cap anyway gives up every bound rather than keep an unproven one.
        let mut converged = false;
        for _ in 0..=4 * n + 2 {
            let mut changed = false;
            for (v, op) in &insts {
                let (x, m) = (facts.nonneg_of(op), facts.max_of(op));
                changed |= facts.set(*v, x, m);
            }
            incoming.fill(Max::Unseen);
            looped.fill(Max::Unseen);
            for fl in &flows {
                if facts.nonneg(fl.param) && !facts.nonneg(fl.arg) {
                    changed |= facts.set_nonneg(fl.param, false);
                }
                let r = facts.refined(fl.arg, &fl.conds);
                let into = if fl.looped {
                    &mut looped
                } else {
                    &mut incoming
                };
                if let Some(x) = into.get_mut(fl.param.0 as usize) {
                    *x = x.join(r);
                }
            }
            for fl in &flows {
                let i = fl.param.0 as usize;
                let (Some(old), Some(fwd), Some(lp)) = (
                    facts.max.get(i).copied(),
                    incoming.get(i).copied(),
                    looped.get(i).copied(),
                ) else {
                    continue;
                };
                let mut new = old.join(fwd).join(lp);
                if new == old {
                    continue;
                }
                if old.join(lp) != old
                    && let Some(g) = grew.get_mut(i)
                {
                    *g += 1;
                    if *g > 1 {
                        new = Max::Unknown;
                    }
                }
                facts.max[i] = new;
                changed = true;
            }
            if !changed {
                converged = true;
                break;
            }
        }
        if !converged {
            facts.max.iter_mut().for_each(|m| *m = Max::Unknown);
        }
        facts
    }

    /// The bound of `v` along an edge where the conditions hold.
    fn refined(&self, v: ValueId, conds: &[Option<Below>; 2]) -> Max {
        let mut m = self.bound(&v);
        for c in conds.iter().flatten() {
            if c.a == v {
                let limit = self.bound(&c.b);
                let limit = if c.strict {
                    limit.map2(Max::At(1), i64::checked_sub)
                } else {
                    limit
                };
                m = m.min(limit);
            }
        }
        m
    }

    fn set(&mut self, v: ValueId, x: bool, m: Max) -> bool {
        let c = self.set_nonneg(v, x);
        match self.max.get_mut(v.0 as usize) {
            Some(old) if *old != m => {
                *old = m;
                true
            }
            _ => c,
        }
    }

    fn set_nonneg(&mut self, v: ValueId, x: bool) -> bool {
        match self.nonneg.get_mut(v.0 as usize) {
            Some(old) if *old != x => {
                *old = x;
                true
            }
            _ => false,
        }
    }

    fn bound(&self, v: &ValueId) -> Max {
        self.max.get(v.0 as usize).copied().unwrap_or(Max::Unknown)
    }

    /// Whether an instruction's result is non-negative, from what is
    /// known of its operands.
    fn nonneg_of(&self, op: &Op) -> bool {
        let nn = |v: &ValueId| self.nonneg(*v);
        match op {
            Op::ConstInt(c) => *c >= 0,
            Op::BoolToInt(_) | Op::IntAbs(..) | Op::Len(..) => true,
            Op::IntAtMost { val, .. } => nn(val),
            Op::IntNonNeg { .. } => true,
            Op::Select(_, a, b) => nn(a) && nn(b),
            // Can only shrink a non-negative operand's bits.
            Op::Int(IntOp::And, a, b) => nn(a) || nn(b),
            Op::Int(IntOp::Add | IntOp::Or | IntOp::Xor, a, b) => nn(a) && nn(b),
            // The result exists only when it did not overflow.
            Op::CheckedInt(CheckedIntOp::Add | CheckedIntOp::Mul, a, b, _) => nn(a) && nn(b),
            Op::CheckedInt(CheckedIntOp::FloorDiv, a, b, _) => nn(a) && nn(b),
            // Python's `%` takes the divisor's sign.
            Op::CheckedInt(CheckedIntOp::Mod, _, b, _) => nn(b),
            // A shift keeps the sign (`<<` exists only without overflow).
            Op::CheckedInt(CheckedIntOp::RShift | CheckedIntOp::LShift, a, _, _) => nn(a),
            _ => false,
        }
    }

    /// An instruction's upper bound, from its operands'.
    fn max_of(&self, op: &Op) -> Max {
        let nn = |v: &ValueId| self.nonneg(*v);
        let m = |v: &ValueId| self.bound(v);
        match op {
            Op::ConstInt(c) => Max::At(*c),
            Op::BoolToInt(_) => Max::At(1),
            Op::IntAtMost { val, max, .. } => m(val).min(Max::At(*max)),
            Op::IntNonNeg { val, .. } => m(val),
            Op::Select(_, a, b) => m(a).join(m(b)),
            Op::Int(IntOp::Add, a, b) | Op::CheckedInt(CheckedIntOp::Add, a, b, _) => {
                m(a).map2(m(b), i64::checked_add)
            }
            // `a & b` is at most a non-negative operand.
            Op::Int(IntOp::And, a, b) => match (nn(a), nn(b)) {
                (true, true) => m(a).min(m(b)),
                (true, false) => m(a),
                (false, true) => m(b),
                (false, false) => Max::Unknown,
            },
            Op::CheckedInt(CheckedIntOp::Mul, a, b, _) if nn(a) && nn(b) => {
                m(a).map2(m(b), i64::checked_mul)
            }
            // Less a non-negative int; divided by a positive one.
            Op::CheckedInt(CheckedIntOp::Sub, a, b, _) if nn(b) => m(a),
            Op::CheckedInt(CheckedIntOp::FloorDiv, a, b, _) if nn(a) && nn(b) => m(a),
            // Shifted right by a non-negative count (a negative one leaves).
            Op::CheckedInt(CheckedIntOp::RShift, a, _, _) if nn(a) => m(a),
            // A positive divisor's remainder is below it (a zero divisor
            // leaves, so the result exists only for one of at least 1).
            Op::CheckedInt(CheckedIntOp::Mod, _, b, _) if nn(b) => {
                m(b).map2(Max::At(1), i64::checked_sub)
            }
            _ => Max::Unknown,
        }
    }
}

/// The condition `v < b` or `v <= b` that compare `c` tests, if it is one.
fn below_of(defs: &[Option<&Op>], c: ValueId) -> Option<Below> {
    match defs.get(c.0 as usize).copied().flatten()? {
        Op::IntCmp(Cmp::Lt, a, b) => Some(Below {
            a: *a,
            b: *b,
            strict: true,
        }),
        Op::IntCmp(Cmp::Le, a, b) => Some(Below {
            a: *a,
            b: *b,
            strict: false,
        }),
        Op::IntCmp(Cmp::Gt, a, b) => Some(Below {
            a: *b,
            b: *a,
            strict: true,
        }),
        Op::IntCmp(Cmp::Ge, a, b) => Some(Below {
            a: *b,
            b: *a,
            strict: false,
        }),
        _ => None,
    }
}

/// The back-edges, as (block, edge index): edges to a block the
/// depth-first walk from the entry has not finished. Every cycle has one,
/// so widening what comes along them ends the solving.
fn back_edges(f: &Function) -> Vec<(usize, usize)> {
    let n = f.blocks.len();
    let mut back = Vec::new();
    // 0: not seen, 1: on the walk's path, 2: done.
    let mut state = vec![0u8; n];
    let succs = |b: usize| -> Vec<usize> {
        f.blocks
            .get(b)
            .map(|b| b.term.edges().map(|e| e.block.0 as usize).collect())
            .unwrap_or_default()
    };
    let start = f.entry.0 as usize;
    if start >= n {
        return back;
    }
    let mut stack = vec![(start, succs(start), 0usize)];
    state[start] = 1;
    while let Some((b, ss, k)) = stack.last_mut() {
        let (b, k0) = (*b, *k);
        match ss.get(k0).copied() {
            Some(t) => {
                *k += 1;
                match state.get(t).copied() {
                    Some(0) => {
                        state[t] = 1;
                        let next = succs(t);
                        stack.push((t, next, 0));
                    }
                    Some(1) => back.push((b, k0)),
                    _ => {}
                }
            }
            None => {
                state[b] = 2;
                stack.pop();
            }
        }
    }
    back
}

/// The operation defining each value (none for block parameters).
fn defs(f: &Function) -> Vec<Option<&Op>> {
    let mut d = vec![None; f.nvalues as usize];
    for i in f.blocks.iter().flat_map(|b| &b.insts) {
        if let Some((v, _)) = i.out
            && let Some(x) = d.get_mut(v.0 as usize)
        {
            *x = Some(&i.op);
        }
    }
    d
}

/// For each block, the condition that holds in it when its only way in is
/// the taken arm of a branch on a compare.
fn ways_in(f: &Function, defs: &[Option<&Op>]) -> Vec<Option<Below>> {
    let mut preds: Vec<Vec<(usize, usize)>> = vec![Vec::new(); f.blocks.len()];
    for (s, b) in f.blocks.iter().enumerate() {
        for (k, e) in b.term.edges().enumerate() {
            if let Some(p) = preds.get_mut(e.block.0 as usize) {
                p.push((s, k));
            }
        }
    }
    let entry = f.entry;
    preds
        .iter()
        .enumerate()
        .map(|(i, p)| match p.as_slice() {
            [(s, 0)] if BlockId(i as u32) != entry => match f.blocks.get(*s).map(|b| &b.term) {
                Some(Term::Branch(c, _, _)) => below_of(defs, *c),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// Tightens the [`Op::IntAtMost`] guards on range loops' stops where a
/// bound drops overflow checks: to `i64::MAX / c` for the largest
/// constant `c` a non-negative int is multiplied by with a check, and
/// only the guards that make a difference (so a loop whose index feeds no
/// such multiply keeps its range unlimited).
pub fn bound_ranges(f: &mut Function) {
    let guards: Vec<(usize, usize)> = f
        .blocks
        .iter()
        .enumerate()
        .flat_map(|(bi, b)| {
            b.insts
                .iter()
                .enumerate()
                .filter(|(_, i)| matches!(i.op, Op::IntAtMost { max: i64::MAX, .. }))
                .map(move |(ii, _)| (bi, ii))
        })
        .collect();
    if guards.is_empty() {
        return;
    }
    // The multiplies by a constant above 1 (cheap to find; the facts
    // then tell which of them a bound can help).
    let defs = defs(f);
    let muls: Vec<(ValueId, i64)> =
        f.blocks
            .iter()
            .flat_map(|b| &b.insts)
            .filter_map(|i| match i.op {
                Op::CheckedInt(CheckedIntOp::Mul, a, b, _) => [(a, b), (b, a)]
                    .into_iter()
                    .find_map(|(x, y)| match defs.get(y.0 as usize).copied().flatten() {
                        Some(Op::ConstInt(c)) if *c > 1 => Some((x, *c)),
                        _ => None,
                    }),
                _ => None,
            })
            .collect();
    if muls.is_empty() {
        return;
    }
    let facts = Facts::of(f);
    let c_max = muls
        .iter()
        .filter(|(x, c)| {
            facts.nonneg(*x) && facts.max(*x).is_none_or(|m| m.checked_mul(*c).is_none())
        })
        .map(|(_, c)| *c)
        .max();
    let Some(c_max) = c_max else {
        return;
    };
    let limit = i64::MAX / c_max;
    let before = proven(f, &facts);
    for g in &guards {
        set_limit(f, *g, limit);
    }
    let all = proven(f, &Facts::of(f));
    if all == before {
        guards.iter().for_each(|g| set_limit(f, *g, i64::MAX));
        return;
    }
    // Drop, one at a time, the guards that are not needed for all of it
    // (a single guard is).
    if guards.len() > 1 {
        for g in &guards {
            set_limit(f, *g, i64::MAX);
            if proven(f, &Facts::of(f)) < all {
                set_limit(f, *g, limit);
            }
        }
    }
}

/// How many overflow checks `facts` drop.
fn proven(f: &Function, facts: &Facts) -> usize {
    f.blocks
        .iter()
        .flat_map(|b| &b.insts)
        .filter(|i| match i.op {
            Op::CheckedInt(o @ (CheckedIntOp::Add | CheckedIntOp::Mul), a, b, _) => {
                facts.cannot_overflow(o, a, b)
            }
            _ => false,
        })
        .count()
}

fn set_limit(f: &mut Function, (b, i): (usize, usize), limit: i64) {
    if let Some(Inst {
        op: Op::IntAtMost { max, .. },
        ..
    }) = f.blocks.get_mut(b).and_then(|b| b.insts.get_mut(i))
    {
        *max = limit;
    }
}
