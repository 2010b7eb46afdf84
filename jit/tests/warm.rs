//! Tests of `jit::warm` (`src/warm.rs`).

use jit::code;
use jit::stats::WarmUpState;
use jit::warm::*;
use std::time::{Duration, Instant};

#[test]
fn the_warm_up_function_compiles_and_verifies() {
    let how = code::How {
        verify: true,
        ..code::How::default()
    };
    let size = code::compile_unrun(&function(), how).expect("warm-up compiles");
    assert!(size > 0);
}

#[test]
fn a_warm_up_thread_compiles() {
    let w = WarmUp::start();
    if std::thread::available_parallelism().map_or(1, |n| n.get()) < 2 {
        assert_eq!(w.state(), WarmUpState::Off);
        return;
    }
    let t = Instant::now();
    while w.state() == WarmUpState::Running && t.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(matches!(w.state(), WarmUpState::Done(_)), "{:?}", w.state());
    assert_eq!(WarmUp::none().state(), WarmUpState::Off);
}
