//! The interface between the interpreter and a JIT compiler.
//!
//! The interpreter depends on no JIT: the `typhon` crate plugs one in with
//! [`crate::vm::Vm::set_jit`]. The interpreter reports hot code through
//! this trait; the JIT answers with compiled entry points (a later issue).
//! [`NoJit`] is the default and declines everything.

use crate::bytecode::Code;

/// What the interpreter tells a JIT, and asks of it.
pub trait JitBackend {
    /// A short name for `--stats` and diagnostics.
    fn name(&self) -> &'static str;

    /// Called when `code` has become hot (its call or loop counters passed
    /// the threshold). Returns whether the JIT compiled it.
    fn on_hot(&mut self, code: &Code) -> bool;
}

/// The backend used when no JIT is installed: it compiles nothing, so the
/// interpreter keeps running every function.
pub struct NoJit;

impl JitBackend for NoJit {
    fn name(&self) -> &'static str {
        "none"
    }

    fn on_hot(&mut self, _code: &Code) -> bool {
        false
    }
}
