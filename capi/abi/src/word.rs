//! A load the optimizer may not widen.
//!
//! The interpreter's values are two words (a tag, then a payload), and its
//! arithmetic forms store the payload word alone. When LLVM copies such a
//! value it uses one 16-byte load; if the two words were stored separately
//! and the stores are still in the store buffer, that load cannot be
//! forwarded from them and waits until they reach the cache (a store
//! forwarding stall, ~10+ cycles on x86). Loading each word on its own is
//! always forwardable, but LLVM merges two adjacent word loads feeding a
//! copy back into one wide load. A volatile load is never merged or
//! widened, so [`load_exact`] is how the interpreter's hot loop reads a
//! payload word.

/// Reads `*r` with exactly one load of `T`'s size, which the optimizer
/// may neither widen nor merge with a neighbouring load (nor remove).
/// Meant for word-sized `T` (`i64`, `f64`).
#[inline(always)]
pub fn load_exact<T: Copy>(r: &T) -> T {
    // SAFETY: `r` is a shared reference, so the place is valid, aligned,
    // initialised and not mutated for the duration of the read; a
    // volatile read of it is an ordinary read that the compiler must emit
    // as written.
    unsafe { std::ptr::read_volatile(r) }
}

#[cfg(test)]
mod tests {
    use super::load_exact;

    #[test]
    fn reads_the_value() {
        let (i, f) = (-7_i64, 2.5_f64);
        assert_eq!(load_exact(&i), -7);
        assert_eq!(load_exact(&f), 2.5);
    }
}
