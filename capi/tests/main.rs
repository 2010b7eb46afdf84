//! The C API's tests, one module per file of `tests/`, compiled into one
//! integration-test binary (`[[test]] integration` in `Cargo.toml`, which
//! sets `autotests = false`). They use only the public API; items a test
//! needs that are not API are `pub` and `#[doc(hidden)]`.
//!
//! The library has no unit tests (`test = false`): a unit-test harness
//! compiles the crate a second time, in test mode, where an
//! integration-test binary only links it.
//!
//! Run one file's tests with its module name as the filter:
//! `cargo test --profile release-test -p capi --test integration api::`.

mod api;
mod heaptype;
mod trampoline;
mod typed;

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
