//! Tests of `interp::verify` (`src/verify.rs`).

use interp::bytecode::{ExcEntry, Instr, Op};
use interp::verify::*;

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
