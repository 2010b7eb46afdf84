//! Tests of `interp::stdlib::math` (`src/stdlib/math.rs`).

use interp::stdlib::math::*;
use num_bigint::BigInt;

#[test]
fn big_frexp_rounds_and_normalizes() {
    let b = BigInt::from(1u8) << 2000;
    assert_eq!(big_frexp(&b), (0.5, 2001));
    let b = (BigInt::from(1u8) << 2000) - 1;
    // All ones rounds up to the next power of two.
    assert_eq!(big_frexp(&b), (0.5, 2001));
    let b = BigInt::from(3u8) << 1500;
    assert_eq!(big_frexp(&b), (0.75, 1502));
}
