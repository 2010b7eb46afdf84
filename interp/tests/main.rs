//! `interp`'s integration tests, one module per file of `tests/`. They use
//! only the public API, as integration tests would, but are compiled into
//! the crate's unit-test binary (`src/lib.rs` includes this file as the
//! module `integration`; `Cargo.toml` sets `autotests = false`).
//!
//! Not a test binary of their own because the README's test command builds
//! in the release profile, fat LTO and one codegen unit: every test binary
//! is a whole-program link of its own. The modules run in one process,
//! their tests in parallel with each other's.
//!
//! Run one file's tests with its module path as the filter:
//! `cargo test --release -p interp --lib integration::scope::`.

mod common;

mod bigint;
mod bytecode;
mod feedback;
mod scope;

#[path = "../../tests/common/modules.rs"]
mod modules;

/// Every `tests/*.rs` file is a module here (see
/// `assert_every_test_file_is_a_module`).
#[test]
fn every_test_file_is_a_module() {
    modules::assert_every_test_file_is_a_module(
        env!("CARGO_MANIFEST_DIR"),
        include_str!("main.rs"),
        4,
    );
}
