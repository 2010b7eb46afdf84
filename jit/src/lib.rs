//! Typhon's method JIT (Cranelift). It plugs into the interpreter through
//! `interp::jit::JitBackend`; the `typhon` crate installs it.
//!
//! The Cranelift compiler arrives with the JIT issue. Until then
//! [`backend`] returns the interpreter's declining backend, so every
//! function keeps running in the interpreter. What exists so far are the
//! declarations the pipeline will share: side-exit reasons ([`deopt`]), the
//! `Value` layout compiled code relies on ([`layout`]),
//! options ([`options`]) and counters ([`stats`]).

pub mod deopt;
pub mod layout;
pub mod options;
pub mod stats;

use interp::jit::{JitBackend, NoJit};

/// The JIT backend to install in a VM.
pub fn backend() -> Box<dyn JitBackend> {
    Box::new(NoJit)
}
