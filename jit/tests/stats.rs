//! Tests of `jit::stats` (`src/stats.rs`).

use jit::deopt::ExitReason;
use jit::stats::*;
use std::time::Duration;

#[test]
fn counters_are_indexed_by_reason() {
    let mut s = Stats::default();
    s.functions.push(FunctionStats {
        name: "f".into(),
        declined: Some((Decline::NeedsObjects, "x".into())),
        compile_time: Duration::ZERO,
        code_size: 0,
        compiles: 0,
        exits: [0; ExitReason::ALL.len()],
        entries: 0,
        discards: 0,
        leaves: 0,
        osr_line: None,
        sites: Default::default(),
    });
    let mut g = s.functions[0].clone();
    g.declined = None;
    g.exits[ExitReason::IntOverflow as usize] = 2;
    s.functions.push(g);
    assert_eq!(s.declined(Decline::NeedsObjects), 1);
    assert_eq!(s.compiled(), 1);
    assert_eq!(s.exits(ExitReason::IntOverflow), 2);
    assert!(s.report().contains("2 int overflow"), "{}", s.report());
    // A function compiled again after its code was given up says so,
    // and so does one declined when asked again.
    s.functions[1].compiles = 3;
    s.functions[1].discards = 2;
    s.functions[0].compiles = 1;
    s.functions[0].discards = 1;
    s.functions[0].entries = 7;
    let r = s.report();
    assert!(r.contains(", compiled 3 times, given up twice ("), "{r}");
    assert!(
        r.contains("(x), after it was compiled once and given up once: 7 calls, exits: 0\n"),
        "{r}"
    );
    for (i, d) in Decline::ALL.iter().enumerate() {
        assert_eq!(*d as usize, i);
    }
}
