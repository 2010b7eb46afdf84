//! `interp`'s integration tests, one module per file of `tests/`, compiled
//! into one test binary (`[[test]] integration` in `Cargo.toml`, which sets
//! `autotests = false`).
//!
//! One binary rather than one per file because the README's test command
//! builds in the release profile, fat LTO and one codegen unit: every test
//! binary is a whole-program link of its own. The modules run in one
//! process, their tests in parallel with each other's.
//!
//! Run one file's tests with its module name as the filter:
//! `cargo test --release -p interp --test integration scope::`.

mod common;

mod bigint;
mod bytecode;
mod feedback;
mod scope;

/// Every `tests/*.rs` file is a module here: with `autotests = false`
/// cargo compiles only this file, so a test file not declared above would
/// silently never run.
#[test]
fn every_test_file_is_a_module() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let main = include_str!("main.rs");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).expect("read tests/") {
        let path = entry.expect("read tests/").path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let Some(module) = name.strip_suffix(".rs") else {
            continue;
        };
        if module == "main" {
            continue;
        }
        files += 1;
        assert!(
            main.contains(&format!("\nmod {module};\n")),
            "tests/{name} is not declared as a module in tests/main.rs"
        );
    }
    assert!(
        files >= 4,
        "only {files} test files found in {}",
        dir.display()
    );
}
