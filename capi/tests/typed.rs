//! Tests of typed methods (`src/typed.rs`).

use capi::{CType, Native};

#[test]
fn only_receiverless_listed_shapes_are_precompiled() {
    use CType::{Bool, Double as D, Long as L, Object as O, Void};
    let cases: &[(&[CType], CType, Option<Native>)] = &[
        (&[L], L, Some(Native::L_L)),
        (&[L, L], L, Some(Native::LL_L)),
        (&[D], D, Some(Native::D_D)),
        (&[D, D], D, Some(Native::DD_D)),
        (&[O, L], L, Some(Native::OL_L)),
        (&[O], O, Some(Native::O_O)),
        // Other shapes take their stub.
        (&[L], D, None),
        (&[L, D], D, None),
        (&[D], Bool, None),
        (&[L], Void, None),
        (&[L, L, L], L, None),
        (&[], L, None),
    ];
    for (args, ret, want) in cases {
        assert_eq!(Native::of(false, args, *ret), *want, "{args:?} -> {ret:?}");
    }
    // A method of a C type gets its receiver first: never precompiled.
    assert_eq!(Native::of(true, &[L], L), None);
}
