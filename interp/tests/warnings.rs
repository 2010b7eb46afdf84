//! Tests of `interp::warnings` (`src/warnings.rs`).

use interp::Vm;
use interp::bytecode::{Op, stack_effect};
use interp::object::types;
use interp::vm::VmConfig;
use interp::warnings::*;

/// The depth before a call plus the call's stack effect leaves the
/// result where the instruction puts it: here the second item of a
/// list display, after `1`.
#[test]
fn depth_before_a_call_in_an_expression() {
    let mut vm = Vm::new(VmConfig::default(), Box::new(std::io::sink()));
    let code = vm.compile("x = [1, f(2, 3)]\n", "t.py").expect("compiles");
    let at = code
        .units
        .iter()
        .position(|u| u.get().op.generic() == Op::Call)
        .expect("a CALL");
    let ins = code.units[at].get();
    let before = depth_at(&code, at).expect("reached");
    let effect = stack_effect(ins.op, ins.arg).next.expect("falls through");
    assert_eq!(before + effect, 2);
    // An instruction no path reaches has no depth.
    assert_eq!(depth_at(&code, code.units.len() + 5), None);
}

/// CPython's default filters.
#[test]
fn default_filters() {
    let t = |s: &'static interp::object::StaticType| s.get().to_ref();
    assert!(default_filters_show(&t(&types::USER_WARNING), Some("m")));
    assert!(default_filters_show(
        &t(&types::DEPRECATION_WARNING),
        Some("__main__")
    ));
    assert!(!default_filters_show(
        &t(&types::DEPRECATION_WARNING),
        Some("m")
    ));
    assert!(!default_filters_show(
        &t(&types::PENDING_DEPRECATION_WARNING),
        Some("__main__")
    ));
    assert!(!default_filters_show(&t(&types::IMPORT_WARNING), None));
    assert!(!default_filters_show(&t(&types::RESOURCE_WARNING), None));
    assert!(default_filters_show(&t(&types::BYTES_WARNING), None));
}
