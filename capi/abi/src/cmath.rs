//! The C library's math functions that CPython's `math` module calls and
//! Rust's standard library does not offer. Each is a safe wrapper over the
//! C function. (`cbrt` is not here: the Rust runtime's own correctly
//! rounded `cbrt` takes the symbol's place in the link, so
//! `interp::stdlib::math` computes glibc's.)

use std::ffi::c_int;

unsafe extern "C" {
    #[link_name = "erf"]
    fn c_erf(x: f64) -> f64;
    #[link_name = "erfc"]
    fn c_erfc(x: f64) -> f64;
    #[link_name = "ldexp"]
    fn c_ldexp(x: f64, e: c_int) -> f64;
    #[link_name = "frexp"]
    fn c_frexp(x: f64, e: *mut c_int) -> f64;
    #[link_name = "remainder"]
    fn c_remainder(x: f64, y: f64) -> f64;
}

/// C's `erf(x)`.
pub fn erf(x: f64) -> f64 {
    // SAFETY: a pure function of its argument, defined for every double.
    unsafe { c_erf(x) }
}

/// C's `erfc(x)`.
pub fn erfc(x: f64) -> f64 {
    // SAFETY: a pure function of its argument, defined for every double.
    unsafe { c_erfc(x) }
}

/// C's `ldexp(x, e)`: `x * 2**e`, rounded once.
pub fn ldexp(x: f64, e: i32) -> f64 {
    // SAFETY: a pure function of its arguments, defined for all of them.
    unsafe { c_ldexp(x, e) }
}

/// C's `frexp(x)`: `(m, e)` with `x == m * 2**e` and `0.5 <= |m| < 1`
/// for a finite non-zero `x`.
pub fn frexp(x: f64) -> (f64, i32) {
    let mut e: c_int = 0;
    // SAFETY: `e` is a valid, writable int for the call's duration.
    let m = unsafe { c_frexp(x, &mut e) };
    (m, e)
}

/// C's `remainder(x, y)`: IEEE 754's remainder.
pub fn remainder(x: f64, y: f64) -> f64 {
    // SAFETY: a pure function of its arguments, defined for all of them.
    unsafe { c_remainder(x, y) }
}

#[cfg(test)]
mod tests {
    #[test]
    fn wrappers_reach_the_c_library() {
        assert_eq!(super::frexp(10.0), (0.625, 4));
        assert_eq!(super::ldexp(0.625, 4), 10.0);
        assert_eq!(super::remainder(5.0, 3.0), -1.0);
        assert_eq!(super::erf(0.0), 0.0);
        assert_eq!(super::erfc(0.0), 1.0);
    }
}
