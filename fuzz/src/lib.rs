//! A differential fuzzer for Typhon.
//!
//! [`generate`] writes a random, deterministic (per seed) Python program
//! inside Typhon's subset; [`diff::Runner`] runs it with CPython 3.11 and
//! Typhon and compares stdout, stderr and exit status; [`diff::minimize`]
//! shrinks a diverging program. The generator has no dependency on the
//! interpreter so that other comparisons (e.g. the JIT's modes against each
//! other) can reuse it.

pub mod diff;
pub mod program;

pub use program::{Options, Program, generate};
