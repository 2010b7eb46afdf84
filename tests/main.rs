//! The `typhon` package's integration tests, one module per file of
//! `tests/`, compiled into one test binary (`[[test]] integration` in
//! `Cargo.toml`, which sets `autotests = false`).
//!
//! One binary rather than one per file because each test binary is a
//! link of the whole runtime. The modules run in one process, their tests
//! in parallel with each other's, so a test must not depend on running
//! alone (scratch files get names no other module uses, as
//! `common::TempDir` gives them).
//!
//! Run one file's tests with its module name as the filter:
//! `cargo test --profile release-test --test integration corpus::`.

mod common;

mod cli;
mod config;
mod corpus;
mod embedding;
mod encodings;
mod extensions;
mod front_end;
mod fuzz;
mod fuzz_jit;
mod hostile;
mod jit_cli;

/// Every `tests/*.rs` file is a module here (see
/// `assert_every_test_file_is_a_module`).
#[test]
fn every_test_file_is_a_module() {
    common::modules::assert_every_test_file_is_a_module(
        env!("CARGO_MANIFEST_DIR"),
        include_str!("main.rs"),
        10,
    );
}

/// Where Cargo.toml sets `test = false` (the root crate's library and
/// binary, the libraries `interp`, `jit` and `capi`, the extensions crate,
/// the fuzzer's command line), a unit test would never run: `cargo test`
/// builds no unit-test harness for them (each would be one more compile or
/// link of the crate). Write such a test in the package's `tests/`.
#[test]
fn no_unit_tests_where_test_is_off() {
    fn visit(path: &std::path::Path, found: &mut Vec<String>) {
        if path.is_dir() {
            for entry in std::fs::read_dir(path).expect("read a source dir") {
                visit(&entry.expect("read a source dir").path(), found);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(path).expect("read a source file");
            if text.contains("#[test]") || text.contains("#[cfg(test)]") {
                found.push(path.display().to_string());
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for place in [
        "src",
        "interp/src",
        "jit/src",
        "capi/src",
        "extensions/src",
        "fuzz/src/main.rs",
    ] {
        let path = root.join(place);
        assert!(path.exists(), "{} is gone", path.display());
        visit(&path, &mut found);
    }
    assert!(
        found.is_empty(),
        "unit tests that would never run: {found:?}"
    );
}
