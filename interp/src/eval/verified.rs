//! The hot loop's reads that skip bounds checks: an instruction's cache
//! units, the instruction after it, and the name its argument indexes. The bytecode verifier (`crate::verify`) checked each of these
//! once, when the code object was made, and the checks stay true while the
//! code lives (see its documentation); these functions are the only
//! `unsafe` code of the interpreter.
//!
//! Every function takes the instruction `ins` the caller read from
//! `units[pc]` (the one the hot loop dispatched on, or the one after it
//! that it tested), and relies on that.

use crate::bytecode::{Instr, Op, stack_effect};
use crate::object::ObjRef;
use std::cell::Cell;

/// The first `N` cache units of the instruction `ins` at `pc`, whose
/// family has at least `N` (callers name `N` as the family's
/// `cache_units()`).
#[inline(always)]
pub(super) fn cache<const N: usize>(
    units: &[Cell<Instr>],
    pc: usize,
    ins: Instr,
) -> &[Cell<Instr>; N] {
    debug_assert!(units.get(pc).map(|u| u.get().op.generic()) == Some(ins.op.generic()));
    debug_assert!(N <= usize::from(ins.cache) && pc + 1 + N <= units.len());
    // SAFETY: `ins` is the instruction at `pc` (a non-CACHE unit), and the
    // verifier checked that `ins.cache` cache units follow every
    // instruction inside the code, with `N` at most that many; quickening
    // never changes an instruction's cache length or the code's length.
    // `[Cell<Instr>; N]` has the layout of `N` consecutive `Cell<Instr>`.
    unsafe { &*(units.as_ptr().add(pc + 1) as *const [Cell<Instr>; N]) }
}

/// The unit after the instruction `ins` at `pc`, which goes on to the next
/// instruction when it does not jump (LOAD_FAST and the other forms that
/// fuse with what follows them).
#[inline(always)]
pub(super) fn next(units: &[Cell<Instr>], pc: usize, ins: Instr) -> Instr {
    let at = pc + 1 + usize::from(ins.cache);
    debug_assert!(stack_effect(ins.op, ins.arg).next.is_some() && at < units.len());
    // SAFETY: the verifier checked that an instruction that may go on to
    // the next one is followed by one inside the code (its effect's
    // `next` is set: `ins.op` is one that falls through).
    unsafe { units.get_unchecked(at) }.get()
}

/// The name the argument of `ins` (of the LOAD_ATTR, STORE_ATTR or
/// LOAD_METHOD family) indexes.
#[inline(always)]
pub(super) fn name(names: &[ObjRef], ins: Instr) -> &ObjRef {
    debug_assert!(matches!(
        ins.op.generic(),
        Op::LoadAttr | Op::StoreAttr | Op::LoadMethod
    ));
    debug_assert!((ins.arg as usize) < names.len());
    // SAFETY: the verifier checked that the argument of every instruction
    // of these families is an index into the code's names; quickening
    // keeps arguments.
    unsafe { names.get_unchecked(ins.arg as usize) }
}
