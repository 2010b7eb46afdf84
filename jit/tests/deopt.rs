//! Tests of `jit::deopt` (`src/deopt.rs`).

use jit::deopt::*;

#[test]
fn codes_round_trip_and_names_match_the_interpreter() {
    for (i, r) in ExitReason::ALL.iter().enumerate() {
        assert_eq!(r.code() as usize, i);
        assert_eq!(ExitReason::from_code(r.code()), Some(*r));
        if let Some(ir) = r.interp_reason() {
            assert_eq!(format!("{r:?}"), format!("{ir:?}"));
        }
        assert!(!r.describe().is_empty());
    }
    assert_eq!(ExitReason::from_code(ExitReason::ALL.len() as u32), None);
}
