//! Tests of the typed-method call stubs (`src/trampoline.rs`).

use capi::{ArgClass, RetClass, Shape, stub_for, verify_stubs};

extern "C" fn add3(a: i64, b: f64, c: i64) -> f64 {
    a as f64 + b * c as f64
}

extern "C" fn neg(x: i32) -> i32 {
    -x
}

extern "C" fn nothing() {}

#[test]
fn stubs_call_with_exact_signatures() {
    // Cranelift's verifier checks the stubs compiled here.
    verify_stubs();
    let shape = Shape {
        args: vec![ArgClass::I64, ArgClass::F64, ArgClass::I64],
        ret: RetClass::F64,
    };
    let stub = stub_for(&shape).expect("stub");
    let slots = [5i64 as u64, 2.5f64.to_bits(), 4i64 as u64];
    // SAFETY: `add3` has the shape's signature.
    let r = unsafe { stub(add3 as *const u8, slots.as_ptr()) };
    assert_eq!(f64::from_bits(r), 15.0);
    // The same shape reuses the stub.
    assert_eq!(stub_for(&shape).expect("stub") as usize, stub as usize);

    let shape = Shape {
        args: vec![ArgClass::I32],
        ret: RetClass::I32,
    };
    let stub = stub_for(&shape).expect("stub");
    let slots = [7u64];
    // SAFETY: `neg` has the shape's signature.
    let r = unsafe { stub(neg as *const u8, slots.as_ptr()) };
    assert_eq!(r as i64, -7);

    let shape = Shape {
        args: vec![],
        ret: RetClass::Void,
    };
    let stub = stub_for(&shape).expect("stub");
    // SAFETY: `nothing` has the shape's signature.
    assert_eq!(unsafe { stub(nothing as *const u8, [].as_ptr()) }, 0);
}
