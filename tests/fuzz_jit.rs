//! A bounded, seeded batch of the JIT differential fuzzer (`fuzz/`,
//! `fuzz::diff::Mode::Jit`): programs of numeric loop functions called
//! with flipping argument types (`fuzz::Options::jit`), each run by Typhon
//! with the JIT off, early (`--jit-threshold 1`, `quicken_warmup = 0`)
//! and eager (`--jit-eager`), must give the same stdout, stderr and exit
//! status. CPython is not needed. `scripts/fuzz-jit` runs any number of
//! seeds and minimizes a divergence.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;

use fuzz::diff::{self, Mode, Runner, Verdict};
use fuzz::{Options, generate};

/// Seeds of the batch: about a minute on two cores of a 2 GHz Zen 1 (three
/// runs each). 1,500 took four minutes there, most of the suite's test run
/// (the whole integration run waited for it); more seeds run with
/// `scripts/fuzz-jit --seeds A..B`.
const SEEDS: std::ops::Range<u64> = 0..500;

#[test]
fn generated_programs_agree_with_and_without_jit() {
    let mut runner = Runner::new(env!("CARGO_BIN_EXE_typhon"));
    runner.mode = Mode::Jit;
    let runner = Arc::new(runner);
    let opts = Arc::new(Options::jit());
    let next = Arc::new(AtomicU64::new(SEEDS.start));
    let failures = Arc::new(Mutex::new(Vec::new()));
    let workers = thread::available_parallelism().map_or(2, |n| n.get());
    let handles: Vec<_> = (0..workers)
        .map(|_| {
            let (runner, opts, next, failures) =
                (runner.clone(), opts.clone(), next.clone(), failures.clone());
            thread::spawn(move || {
                loop {
                    let seed = next.fetch_add(1, Ordering::Relaxed);
                    if seed >= SEEDS.end {
                        break;
                    }
                    let prog = generate(seed, &opts);
                    let report = match runner.compare(&prog.source()) {
                        Ok(c) if c.verdict == Verdict::Same => continue,
                        // A program too slow for the timeout (in every
                        // mode) says nothing about the JIT.
                        Ok(c) if is_slow_everywhere(&c) => continue,
                        Ok(c) => {
                            let small = if c.verdict == Verdict::Diverged {
                                diff::minimize(&runner, &prog, 200)
                            } else {
                                prog.clone()
                            };
                            let shown = runner
                                .compare(&small.source())
                                .map_or_else(|e| e, |c2| diff::describe(&c2));
                            format!(
                                "seed {seed}: {:?}\n--- program (minimized)\n{}--- difference\n{}",
                                c.verdict,
                                small.source(),
                                shown
                            )
                        }
                        Err(e) => format!("seed {seed}: cannot run: {e}"),
                    };
                    failures.lock().expect("failures lock").push((seed, report));
                }
            })
        })
        .collect();
    for h in handles {
        h.join().expect("a fuzz worker panicked");
    }
    let mut failures = std::mem::take(&mut *failures.lock().expect("failures lock"));
    failures.sort_by_key(|f| f.0);
    assert!(
        failures.is_empty(),
        "{} of {} generated programs differ between the JIT's modes (rerun one with \
         `scripts/fuzz-jit --seeds N..N+1`):\n\n{}",
        failures.len(),
        SEEDS.end - SEEDS.start,
        failures
            .iter()
            .map(|f| f.1.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Every run timed out: the program is slow, not miscompiled (one mode
/// alone timing out is still reported).
fn is_slow_everywhere(c: &diff::Comparison) -> bool {
    c.runs.iter().all(|r| r.outcome.timed_out)
}
