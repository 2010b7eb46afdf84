//! Typhon's interpreter: the front end, the bytecode compiler, the object
//! model and the evaluation loop.
//!
//! The pipeline, one module per step:
//! source → [`parse`] → [`compile`] → [`bytecode`] (checked by
//! [`verify`]) → [`quicken`] → [`eval`] (with
//! [`ops`], [`builtins`], [`methods`] for the semantics of built-in types),
//! and [`jit`] for the hook a JIT plugs into.
//!
//! The crate is safe Rust but for the hot loop's unchecked reads of what
//! the bytecode verifier checked (`eval::verified`).
#![deny(unsafe_code)]

pub mod builtins;
pub mod bytecode;
pub mod bytes;
pub mod classes;
pub mod codec;
pub mod compile;
pub mod complex;
pub mod dunder;
pub mod eval;
pub mod ext;
pub mod feedback;
pub mod format;
pub mod frame;
pub mod gc;
pub mod generator;
pub mod imports;
pub mod introspect;
pub mod jit;
pub mod matching;
pub mod methods;
pub mod object;
pub mod ops;
pub mod output;
pub mod parse;
pub mod percent;
pub mod quicken;
pub mod re;
pub mod sets;
pub mod slots;
pub mod source;
pub mod stats;
pub mod stdlib;
pub mod strformat;
pub mod subclass;
pub mod traceback;
pub mod translate;
pub mod unicode;
pub mod verify;
pub mod vm;
pub mod warnings;

pub use object::{PyErr, PyResult, Value};
pub use vm::{Vm, VmConfig};
