//! Tests of `jit::hir` (`src/hir.rs`).

use jit::hir::Generic;

#[test]
fn generic_numbers_are_their_positions() {
    // Compiled code passes `op as u32`; the helper looks it up in ALL.
    for (i, g) in Generic::ALL.iter().enumerate() {
        assert_eq!(*g as usize, i, "{g:?}");
    }
}
