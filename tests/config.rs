//! `typhon.toml` read through the library (`typhon::Config`): defaults,
//! bounds, unknown keys and wrong types. Discovery of the file and its
//! effects on a run are tested through the binary in `tests/cli.rs`.

use crate::common::TempDir;
use typhon::Config;

#[test]
fn defaults_and_values() {
    let c = Config::parse("[runtime]\nrecursion_limit = 50\n").unwrap();
    assert_eq!(c.runtime.recursion_limit, 50);
    assert!(c.jit.enabled);
    let d = Config::parse("").unwrap();
    assert_eq!(d.runtime.recursion_limit, 1000);
    assert_eq!(d.runtime.quicken_warmup, 8);
    assert!(d.jit.warm_up);
    assert!(
        !Config::parse("[jit]\nwarm_up = false\n")
            .unwrap()
            .jit
            .warm_up
    );
    let q = Config::parse("[runtime]\nquicken_warmup = 0\n").unwrap();
    assert_eq!(q.runtime.quicken_warmup, 0);
}

#[test]
fn quicken_warmup_is_bounded() {
    let dir = TempDir::new("config");
    let f = dir.write("typhon.toml", "[runtime]\nquicken_warmup = 5000\n");
    let e = Config::load(&f).unwrap_err().to_string();
    assert!(e.contains("quicken_warmup must be at most 4095"), "{e}");
    std::fs::write(&f, "[runtime]\nquicken_warmup = 4095\n").unwrap();
    assert_eq!(Config::load(&f).unwrap().runtime.quicken_warmup, 4095);
}

#[test]
fn unknown_keys_are_named() {
    let e = Config::parse("[runtime]\nrecursion_limt = 5\n").unwrap_err();
    assert!(e.contains("recursion_limt"), "{e}");
    let e = Config::parse("[jitt]\n").unwrap_err();
    assert!(e.contains("jitt"), "{e}");
}

#[test]
fn wrong_types_are_errors() {
    let e = Config::parse("[runtime]\nrecursion_limit = \"x\"\n").unwrap_err();
    assert!(e.contains("invalid type"), "{e}");
}
