//! Tests of `jit::options` (`src/options.rs`).

use jit::options::*;

#[test]
fn disabled_functions_and_the_switch_are_honoured() {
    let mut o = Options::default();
    assert!(o.allows("f"));
    o.disabled_functions.push("f".into());
    assert!(!o.allows("f") && o.allows("g"));
    o.enabled = false;
    assert!(!o.allows("g"));
}
