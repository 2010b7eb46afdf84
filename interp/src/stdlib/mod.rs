//! The standard-library modules written in Rust (`import math`, `import random`), built
//! when first imported. `sys` and `time` are in [`crate::builtins`].

pub mod files;
pub mod math;
pub mod os;
pub mod random;
pub mod streams;
pub mod typing;
