//! The results model: raw measurements in, checked statistics out.
//!
//! These types are also the `--json` output; their field names and meanings
//! are the stable schema documented in `bench/README.md`. Bump
//! [`SCHEMA_VERSION`] on any incompatible change.

use serde::Serialize;

use crate::process::Measurement;
use crate::registry::{Benchmark, Group};
use crate::runtime::RuntimeKind;
use crate::sysinfo::Machine;

/// Version of the JSON schema written by `--json`.
pub const SCHEMA_VERSION: u32 = 1;

/// Everything one harness invocation measured.
#[derive(Debug, Serialize)]
pub struct Report {
    /// Always [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// When the run started, UTC, `YYYY-MM-DDTHH:MM:SSZ`.
    pub date: String,
    /// The command line that produced this report.
    pub command: String,
    /// Whether `--quick` sizes were used.
    pub quick: bool,
    /// Runs (processes) per benchmark and runtime.
    pub runs: u32,
    /// The machine the benchmarks ran on.
    pub machine: Machine,
    /// Every requested runtime, available or not.
    pub runtimes: Vec<RuntimeInfo>,
    /// Every benchmark that was run.
    pub benchmarks: Vec<BenchmarkResult>,
    /// Free-form notes (skipped benchmarks, ...).
    pub notes: Vec<String>,
    /// True iff every result has status `ok`.
    pub ok: bool,
}

/// A requested runtime and whether it could be used.
#[derive(Debug, Serialize)]
pub struct RuntimeInfo {
    /// Runtime name (`typhon`, `typhon-nojit`, `cpython`, `pypy`, `native`).
    pub name: RuntimeKind,
    /// Whether benchmarks were run on it.
    pub available: bool,
    /// Version line, if known.
    pub version: Option<String>,
    /// Why it was skipped, or a caveat.
    pub note: Option<String>,
}

/// All results for one benchmark.
#[derive(Debug, Serialize)]
pub struct BenchmarkResult {
    /// Benchmark name.
    pub name: &'static str,
    /// Benchmark group.
    pub group: Group,
    /// Program file, relative to `bench/programs/`.
    pub file: &'static str,
    /// The `N` passed to the program.
    pub n: u64,
    /// The native counterpart's name, if any.
    pub native: Option<&'static str>,
    /// The checksum every runtime must agree with, if any runtime succeeded.
    pub reference_checksum: Option<String>,
    /// The runtime that provided `reference_checksum`.
    pub reference_runtime: Option<RuntimeKind>,
    /// One entry per runtime that ran this benchmark, in runtime order.
    pub results: Vec<CellResult>,
    /// What Typhon's `--stats` said about quickening, when Typhon ran.
    pub quickening: Option<crate::quickening::Quickening>,
    /// What Typhon's JIT compiled (from the same `--stats` run).
    pub jit: Option<crate::jitstats::JitStats>,
}

/// Whether a (benchmark, runtime) result is trustworthy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// All runs succeeded and agree with the reference checksum.
    Ok,
    /// A run crashed, timed out, broke the protocol, or runs disagreed.
    Failed,
    /// All runs succeeded but the checksum differs from the reference.
    ChecksumMismatch,
}

/// The result of one benchmark on one runtime.
#[derive(Debug, Serialize)]
pub struct CellResult {
    /// Runtime name.
    pub runtime: RuntimeKind,
    /// Outcome; statistics are only present when not `failed`.
    pub status: Status,
    /// What went wrong, for `failed` and `checksum_mismatch`.
    pub error: Option<String>,
    /// The checksum the runtime printed (absent if no run succeeded).
    pub checksum: Option<String>,
    /// `ns_per_iter` of every successful run, in run order.
    pub samples_ns_per_iter: Vec<f64>,
    /// Median of the samples (ns per iteration).
    pub median_ns_per_iter: Option<f64>,
    /// Fastest sample (ns per iteration).
    pub min_ns_per_iter: Option<f64>,
    /// Slowest sample (ns per iteration).
    pub max_ns_per_iter: Option<f64>,
    /// CPython median / this median (> 1 means faster than CPython); `ok` only.
    pub speedup_vs_cpython: Option<f64>,
    /// Native median / this median (< 1 means slower than native C); `ok` only.
    pub speedup_vs_native: Option<f64>,
}

/// The raw runs of one benchmark on one runtime: one entry per attempted run.
pub type RawRuns = Vec<Result<Measurement, String>>;

/// Runtimes whose checksum is trusted first when runtimes disagree.
const REFERENCE_ORDER: [RuntimeKind; 5] = [
    RuntimeKind::Cpython,
    RuntimeKind::Pypy,
    RuntimeKind::Native,
    RuntimeKind::TyphonNojit,
    RuntimeKind::Typhon,
];

/// Turns the raw runs of one benchmark into checked statistics.
pub fn analyze(
    bench: &'static Benchmark,
    n: u64,
    raw: Vec<(RuntimeKind, RawRuns)>,
) -> BenchmarkResult {
    let mut results: Vec<CellResult> = raw.into_iter().map(|(rt, runs)| cell(rt, runs)).collect();

    let reference = REFERENCE_ORDER.iter().find_map(|&kind| {
        results
            .iter()
            .find(|c| c.runtime == kind && c.status == Status::Ok)
            .and_then(|c| c.checksum.clone().map(|sum| (kind, sum)))
    });
    if let Some((ref_kind, ref_sum)) = &reference {
        for c in &mut results {
            if c.status == Status::Ok && c.checksum.as_ref() != Some(ref_sum) {
                c.status = Status::ChecksumMismatch;
                c.error = Some(format!(
                    "checksum {} differs from {}'s {}",
                    c.checksum.as_deref().unwrap_or("?"),
                    ref_kind.name(),
                    ref_sum
                ));
            }
        }
    }

    let baseline = |kind: RuntimeKind| {
        results
            .iter()
            .find(|c| c.runtime == kind && c.status == Status::Ok)
            .and_then(|c| c.median_ns_per_iter)
    };
    let cpython = baseline(RuntimeKind::Cpython);
    let native = baseline(RuntimeKind::Native);
    for c in &mut results {
        if c.status == Status::Ok {
            c.speedup_vs_cpython = speedup(cpython, c.median_ns_per_iter);
            c.speedup_vs_native = speedup(native, c.median_ns_per_iter);
        }
    }

    BenchmarkResult {
        name: bench.name,
        group: bench.group,
        file: bench.file,
        n,
        native: bench.native,
        reference_checksum: reference.as_ref().map(|(_, sum)| sum.clone()),
        reference_runtime: reference.map(|(kind, _)| kind),
        results,
        quickening: None,
        jit: None,
    }
}

fn speedup(baseline: Option<f64>, median: Option<f64>) -> Option<f64> {
    match (baseline, median) {
        (Some(b), Some(m)) if m > 0.0 && b > 0.0 => Some(b / m),
        _ => None,
    }
}

fn cell(runtime: RuntimeKind, runs: RawRuns) -> CellResult {
    let mut samples = Vec::new();
    let mut checksum: Option<String> = None;
    let mut error = None;
    for run in runs {
        match run {
            Ok(m) => {
                match &checksum {
                    None => checksum = Some(m.checksum.clone()),
                    Some(first) if *first != m.checksum && error.is_none() => {
                        error = Some(format!(
                            "checksum differs between runs: {first} then {}",
                            m.checksum
                        ));
                    }
                    Some(_) => {}
                }
                samples.push(m.ns_per_iter);
            }
            Err(e) => {
                error.get_or_insert(e);
            }
        }
    }
    if error.is_none() && samples.is_empty() {
        error = Some("no runs".to_owned());
    }
    let stats = if error.is_none() {
        Stats::of(&samples)
    } else {
        None
    };
    CellResult {
        runtime,
        status: if error.is_none() {
            Status::Ok
        } else {
            Status::Failed
        },
        error,
        checksum,
        samples_ns_per_iter: samples,
        median_ns_per_iter: stats.map(|s| s.median),
        min_ns_per_iter: stats.map(|s| s.min),
        max_ns_per_iter: stats.map(|s| s.max),
        speedup_vs_cpython: None,
        speedup_vs_native: None,
    }
}

/// Summary statistics of a sample set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stats {
    /// Median (mean of the middle two for an even count).
    pub median: f64,
    /// Smallest sample.
    pub min: f64,
    /// Largest sample.
    pub max: f64,
}

impl Stats {
    /// Computes the statistics; `None` for an empty slice.
    pub fn of(samples: &[f64]) -> Option<Stats> {
        let mut sorted = samples.to_vec();
        sorted.sort_by(f64::total_cmp);
        let (&min, &max) = (sorted.first()?, sorted.last()?);
        let mid = sorted.len() / 2;
        let median = if sorted.len() % 2 == 1 {
            sorted[mid]
        } else {
            (sorted[mid - 1] + sorted[mid]) / 2.0
        };
        Some(Stats { median, min, max })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry;

    fn ok(sum: &str, ns: f64) -> Result<Measurement, String> {
        Ok(Measurement {
            checksum: sum.into(),
            ns_per_iter: ns,
        })
    }

    #[test]
    fn stats() {
        assert_eq!(Stats::of(&[]), None);
        let s = Stats::of(&[3.0, 1.0, 2.0]).expect("non-empty");
        assert_eq!((s.median, s.min, s.max), (2.0, 1.0, 3.0));
        let s = Stats::of(&[4.0, 1.0, 2.0, 3.0]).expect("non-empty");
        assert_eq!(s.median, 2.5);
    }

    #[test]
    fn checks_checksums_and_ratios() {
        let bench = registry::find("int_loop").expect("int_loop is registered");
        let r = analyze(
            bench,
            10,
            vec![
                (RuntimeKind::Typhon, vec![ok("7", 10.0), ok("7", 12.0)]),
                (RuntimeKind::TyphonNojit, vec![ok("8", 30.0)]),
                (RuntimeKind::Cpython, vec![ok("7", 40.0)]),
                (RuntimeKind::Pypy, vec![ok("7", 5.0), Err("boom".into())]),
                (RuntimeKind::Native, vec![ok("7", 2.0)]),
            ],
        );
        assert_eq!(r.reference_runtime, Some(RuntimeKind::Cpython));
        let typhon = &r.results[0];
        assert_eq!(typhon.status, Status::Ok);
        assert_eq!(typhon.median_ns_per_iter, Some(11.0));
        assert_eq!(typhon.speedup_vs_cpython, Some(40.0 / 11.0));
        assert_eq!(typhon.speedup_vs_native, Some(2.0 / 11.0));
        assert_eq!(r.results[1].status, Status::ChecksumMismatch);
        assert_eq!(r.results[1].speedup_vs_cpython, None);
        assert_eq!(r.results[3].status, Status::Failed);
        assert_eq!(r.results[3].error.as_deref(), Some("boom"));
    }

    #[test]
    fn nondeterministic_checksum_fails() {
        let bench = registry::find("fib").expect("fib is registered");
        let r = analyze(
            bench,
            1,
            vec![(RuntimeKind::Cpython, vec![ok("1", 1.0), ok("2", 1.0)])],
        );
        assert_eq!(r.results[0].status, Status::Failed);
        assert_eq!(r.reference_checksum, None);
    }
}
