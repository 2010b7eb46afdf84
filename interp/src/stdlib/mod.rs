//! The standard-library modules written in Rust (`import math`), built
//! when first imported. `sys` and `time` are in [`crate::builtins`].

pub mod math;
