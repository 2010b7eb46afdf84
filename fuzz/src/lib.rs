//! A differential fuzzer for Typhon.
//!
//! [`generate`] writes a random, deterministic (per seed) Python program
//! inside Typhon's subset; [`diff::Runner`] runs it with CPython 3.11 and
//! Typhon and compares stdout, stderr and exit status; [`diff::minimize`]
//! shrinks a diverging program. [`diff::Mode::Jit`] compares Typhon with
//! the JIT off against Typhon with the JIT compiling early and eagerly
//! instead, on programs made with [`Options::jit`] (functions the JIT
//! compiles). The generator has no dependency on the interpreter.

pub mod diff;
mod jitgen;
pub mod program;

pub use program::{Options, Program, generate};
