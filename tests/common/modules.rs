//! The guard the packages' single integration-test binaries share (the
//! `interp`, `jit` and `capi` packages include this file by path).

/// Fails unless every `tests/*.rs` file of the package at `manifest_dir`
/// (but `main.rs`) is declared as a module in `main` (the text of its
/// `tests/main.rs`): with `autotests = false` cargo compiles only that
/// file, so an undeclared test file would silently never run. At least
/// `at_least` files must be found (the directory is the right one).
pub fn assert_every_test_file_is_a_module(manifest_dir: &str, main: &str, at_least: usize) {
    let dir = std::path::Path::new(manifest_dir).join("tests");
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
        files >= at_least,
        "only {files} test files found in {}",
        dir.display()
    );
}
