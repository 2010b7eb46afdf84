//! A bounded, seeded batch of the differential fuzzer (`fuzz/`): random
//! programs inside the subset, each run by CPython 3.11 and Typhon, must
//! give the same stdout, stderr and exit status. Skipped (with a note) when
//! `python3` is not CPython 3.11. Uses the generator's CI options, which
//! leave out the areas of issue 24 still being fixed (see
//! `fuzz::Options`); `scripts/fuzz-diff` runs any number of seeds.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;

use fuzz::diff::{self, Runner, Verdict};
use fuzz::{Options, generate};

/// Seeds of the batch: about a minute on two cores.
const SEEDS: std::ops::Range<u64> = 0..250;

#[test]
fn generated_programs_match_cpython() {
    let runner = Arc::new(Runner::new(env!("CARGO_BIN_EXE_typhon")));
    let Some(version) = runner.python_version() else {
        println!("skipped: python3 is not CPython 3.11");
        return;
    };
    println!("fuzz batch: seeds {SEEDS:?} against {version}");
    let opts = Arc::new(Options::ci());
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
                        Ok(c) => {
                            // Shrink it so the report is readable.
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
        "{} of {} generated programs differ from CPython (rerun one with \
         `cargo run -p fuzz --release -- --seeds N..N+1`):\n\n{}",
        failures.len(),
        SEEDS.end - SEEDS.start,
        failures
            .iter()
            .map(|f| f.1.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}
