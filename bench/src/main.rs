//! Typhon's benchmark harness.
//!
//! Runs every benchmark program in `bench/programs/` on Typhon (with and
//! without its JIT), CPython 3.11, PyPy and, where a C counterpart exists, a
//! native C program; checks that all runtimes agree on each checksum; prints a
//! table and writes `bench/RESULTS.md`, `bench/plots/GROUP.svg` and optional
//! JSON. See `bench/README.md`.

mod jitstats;
mod plot;
mod process;
mod quickening;
mod registry;
mod report;
mod results;
mod runtime;
mod sysinfo;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};

use crate::registry::{BENCHMARKS, Benchmark, Group};
use crate::results::{RawRuns, Report, RuntimeInfo, SCHEMA_VERSION};
use crate::runtime::{Runtime, RuntimeKind};
use crate::sysinfo::{Machine, Paths};

/// Benchmarks Typhon against CPython, PyPy and native C.
#[derive(Debug, Parser)]
#[command(name = "bench", version, about)]
struct Args {
    /// One run per benchmark and runtime, with each benchmark's small N; never
    /// writes bench/RESULTS.md or the plots (only a full record does).
    #[arg(long)]
    quick: bool,

    /// Runs (separate processes) per benchmark and runtime [default: 5, or 1 with --quick].
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    runs: Option<u32>,

    /// Only run these benchmarks or groups (`kernels`, `ffi`, `cpyext`).
    #[arg(long, value_name = "NAME", num_args = 1.., value_delimiter = ',')]
    only: Vec<String>,

    /// Runtimes to measure.
    #[arg(
        long,
        value_name = "LIST",
        value_enum,
        value_delimiter = ',',
        default_value = "typhon,typhon-nojit,cpython,pypy,native"
    )]
    runtimes: Vec<RuntimeKind>,

    /// Also write machine-readable results (schema in bench/README.md) to PATH.
    #[arg(long, value_name = "PATH")]
    json: Option<PathBuf>,

    /// Do not write bench/RESULTS.md and bench/plots/.
    #[arg(long)]
    no_write: bool,

    /// The Cargo profile to build and run Typhon with. Records are made with
    /// `release` (the shipped build); CI's quick pass gives `release-test`,
    /// the README's test build, so as not to build everything twice.
    #[arg(long, value_name = "NAME", default_value = "release")]
    profile: String,

    /// Kill a benchmark run after this many seconds.
    #[arg(long, value_name = "SECS", default_value_t = 600)]
    timeout: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("bench: error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Selects the benchmarks named by `--only` (all if empty), in registry order.
fn select(only: &[String]) -> Result<Vec<&'static Benchmark>, String> {
    let mut wanted = BTreeSet::new();
    for name in only {
        if let Some(group) = Group::ALL.iter().find(|g| g.name() == name) {
            wanted.extend(
                BENCHMARKS
                    .iter()
                    .filter(|b| b.group == *group)
                    .map(|b| b.name),
            );
        } else if let Some(b) = registry::find(name) {
            wanted.insert(b.name);
        } else {
            let known: Vec<&str> = BENCHMARKS.iter().map(|b| b.name).collect();
            return Err(format!(
                "unknown benchmark or group `{name}` (benchmarks: {}; groups: kernels, ffi, cpyext)",
                known.join(", ")
            ));
        }
    }
    Ok(BENCHMARKS
        .iter()
        .filter(|b| only.is_empty() || wanted.contains(b.name))
        .collect())
}

/// One process to start.
struct Job {
    bench: usize,
    runtime: usize,
    run: u32,
}

/// Runs the whole harness; `Ok(true)` iff every result is ok.
fn run(args: &Args) -> Result<bool, String> {
    let mut paths = Paths::discover();
    if args.profile != "release" && !args.quick && !args.no_write {
        return Err(format!(
            "a record is made with the release build; with --profile {} add --no-write (or --quick)",
            args.profile
        ));
    }
    paths.profile.clone_from(&args.profile);
    let date = sysinfo::utc_now();
    let command = sysinfo::command_line();
    let runs = args.runs.unwrap_or(if args.quick { 1 } else { 5 });
    let timeout = Duration::from_secs(args.timeout);
    let notes = Vec::new();

    let benches = select(&args.only)?;
    if benches.is_empty() {
        return Err("no benchmark selected".to_owned());
    }

    let kinds: Vec<RuntimeKind> = args
        .runtimes
        .iter()
        .copied()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let log = |msg: &str| eprintln!("bench: {msg}");
    let statuses = runtime::prepare(&kinds, &paths, &log);
    for s in &statuses {
        if let Some(note) = &s.note {
            eprintln!("bench: {}: {note}", s.kind.name());
        }
    }
    let ready: Vec<Runtime> = statuses.iter().filter_map(|s| s.runtime.clone()).collect();
    if ready.is_empty() {
        return Err("none of the requested runtimes is available".to_owned());
    }

    // Interleave runtimes within each round so slow drift (thermal, other
    // load) spreads evenly over them.
    // A native cell exists only for benchmarks with a C counterpart; an
    // extension benchmark needs the runtime's build of bench_ext.
    let applies = |b: &Benchmark, rt: &Runtime| match rt.kind {
        RuntimeKind::Native => b.native.is_some(),
        _ if b.embed.is_some() => rt.embed_command(&[], b.file, 1).is_some(),
        _ => !b.needs_extension || rt.ext.is_some(),
    };
    let mut jobs = Vec::new();
    for (bi, b) in benches.iter().enumerate() {
        for run in 0..runs {
            for (ri, rt) in ready.iter().enumerate() {
                if applies(b, rt) {
                    jobs.push(Job {
                        bench: bi,
                        runtime: ri,
                        run,
                    });
                }
            }
        }
    }

    let mut raw: Vec<Vec<RawRuns>> = vec![vec![Vec::new(); ready.len()]; benches.len()];
    let bar = ProgressBar::new(jobs.len() as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} runs (ETA {eta}) {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    let total = jobs.len();
    for (done, job) in jobs.iter().enumerate() {
        let b = benches[job.bench];
        let rt = &ready[job.runtime];
        let cell = &mut raw[job.bench][job.runtime];
        bar.set_message(format!(
            "{} on {} (run {}/{runs}; {} left)",
            b.name,
            rt.kind.name(),
            job.run + 1,
            total - done
        ));
        // After a failure, the remaining runs of that cell are not attempted.
        if cell.iter().any(Result::is_err) {
            bar.inc(1);
            continue;
        }
        let outcome = run_one(b, rt, args.quick, &paths, timeout);
        if let Err(e) = &outcome {
            let msg = format!("bench: {} on {} failed: {e}", b.name, rt.kind.name());
            if bar.is_hidden() {
                eprintln!("{msg}");
            } else {
                bar.println(msg);
            }
        }
        cell.push(outcome);
        bar.inc(1);
    }
    bar.finish_and_clear();

    let mut benchmarks = benches
        .iter()
        .zip(raw)
        .map(|(b, cells)| {
            let cells = ready
                .iter()
                .zip(cells)
                .filter(|(rt, _)| applies(b, rt))
                .map(|(rt, runs)| (rt.kind, runs))
                .collect();
            results::analyze(b, b.n(args.quick), cells)
        })
        .collect::<Vec<_>>();
    if let Some(rt) = ready
        .iter()
        .find(|rt| rt.kind == RuntimeKind::Typhon)
        .or_else(|| ready.iter().find(|rt| rt.kind == RuntimeKind::TyphonNojit))
    {
        let runs = if args.quick { 1 } else { STATS_RUNS };
        collect_quickening(&mut benchmarks, &benches, rt, &paths, timeout, runs);
    }
    let ok = benchmarks
        .iter()
        .all(|b| b.results.iter().all(|c| c.status == results::Status::Ok));
    let report = Report {
        schema_version: SCHEMA_VERSION,
        date,
        command,
        quick: args.quick,
        runs,
        machine: Machine::detect(),
        runtimes: statuses
            .into_iter()
            .map(|s| RuntimeInfo {
                name: s.kind,
                available: s.runtime.is_some(),
                version: s.version,
                note: s.note,
            })
            .collect(),
        benchmarks,
        notes,
        ok,
    };

    print_summary(&report);
    let mut write_ok = true;
    // A quick run (one run, small N) is a smoke test, never a record.
    if !args.no_write && !args.quick {
        write_ok &= write_outputs(&report, &paths);
    }
    if let Some(path) = &args.json {
        write_ok &= write_json(&report, path);
    }
    if !write_ok {
        return Err("could not write all output files".to_owned());
    }
    Ok(report.ok)
}

/// `--stats` runs per benchmark in a record (one in a quick run): each
/// compile time reported is the median of this many.
pub const STATS_RUNS: u32 = 5;

/// Runs each benchmark `runs` more times on Typhon with `--stats` (small
/// N, after the timed runs) and records how much ran quickened (from the
/// first run; the counts do not vary) and what the JIT compiled, in how
/// long (each function's median, [`jitstats::merge`]). A run that fails
/// here is left out; the timed results already say why.
fn collect_quickening(
    results: &mut [results::BenchmarkResult],
    benches: &[&'static Benchmark],
    rt: &Runtime,
    paths: &Paths,
    timeout: Duration,
    runs: u32,
) {
    let bar = ProgressBar::new(benches.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {bar:30} {pos}/{len} --stats runs {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    for (r, b) in results.iter_mut().zip(benches) {
        bar.set_message(b.name);
        // The embedding host has no `--stats`.
        if b.embed.is_none() && (!b.needs_extension || rt.ext.is_some()) {
            let mut jit = Vec::new();
            for _ in 0..runs {
                let mut cmd = rt.command_with(&["--stats"], b.file, b.n(true));
                cmd.current_dir(paths.programs());
                if let Ok(out) = process::run(&mut cmd, timeout) {
                    if r.quickening.is_none() {
                        r.quickening = quickening::parse(&out.stderr);
                    }
                    jit.extend(jitstats::parse(&out.stderr));
                }
            }
            r.jit = jitstats::merge(&jit);
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
}

/// Runs one benchmark process and parses its output.
fn run_one(
    b: &Benchmark,
    rt: &Runtime,
    quick: bool,
    paths: &Paths,
    timeout: Duration,
) -> Result<process::Measurement, String> {
    let target = match rt.kind {
        RuntimeKind::Native => b.native.ok_or("no native counterpart")?,
        _ => b.file,
    };
    let mut cmd = match (b.embed, rt.kind) {
        (Some(options), kind) if kind != RuntimeKind::Native => rt
            .embed_command(options, b.file, b.n(quick))
            .ok_or("the embedding host runs only on Typhon")?,
        _ => rt.command(target, b.n(quick)),
    };
    cmd.current_dir(paths.programs());
    let out = process::run(&mut cmd, timeout)?;
    process::parse_measurement(&out)
}

fn print_summary(report: &Report) {
    println!();
    print!("{}", report::results_table(report));
    println!();
    println!("Runtimes:");
    for line in report::runtime_lines(report) {
        println!("  {line}");
    }
    let failures = report::failures(report);
    if !failures.is_empty() {
        println!("Failures:");
        for f in failures {
            println!("  {f}");
        }
    }
    for note in &report.notes {
        println!("Note: {note}");
    }
    println!(
        "{}",
        if report.ok {
            "All results ok."
        } else {
            "SOME RESULTS FAILED."
        }
    );
}

/// Writes the plots and `bench/RESULTS.md`; reports problems on stderr.
fn write_outputs(report: &Report, paths: &Paths) -> bool {
    let mut ok = true;
    let plot_dir = paths.bench.join("plots");
    let mut plots = Vec::new();
    for group in Group::ALL {
        let panels: Vec<plot::Panel> = report
            .benchmarks
            .iter()
            .filter(|b| b.group == group)
            .filter_map(plot::Panel::from_result)
            .collect();
        if panels.is_empty() {
            continue;
        }
        if let Err(e) = std::fs::create_dir_all(&plot_dir) {
            eprintln!("bench: cannot create {}: {e}", plot_dir.display());
            ok = false;
            break;
        }
        let file = format!("{}.svg", group.name());
        let path = plot_dir.join(&file);
        let caption = format!(
            "{}: median ns/iter per runtime (lower is better; whiskers = min–max)",
            group.name()
        );
        match plot::draw_group(&path, &caption, &panels) {
            Ok(()) => {
                eprintln!("bench: wrote {}", path.display());
                plots.push((group, format!("plots/{file}")));
            }
            Err(e) => {
                eprintln!("bench: cannot draw {}: {e}", path.display());
                ok = false;
            }
        }
    }
    let md_path = paths.bench.join("RESULTS.md");
    match std::fs::write(&md_path, report::markdown(report, &plots)) {
        Ok(()) => eprintln!("bench: wrote {}", md_path.display()),
        Err(e) => {
            eprintln!("bench: cannot write {}: {e}", md_path.display());
            ok = false;
        }
    }
    ok
}

fn write_json(report: &Report, path: &std::path::Path) -> bool {
    let text = match serde_json::to_string_pretty(report) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("bench: cannot serialize results: {e}");
            return false;
        }
    };
    match std::fs::write(path, text + "\n") {
        Ok(()) => {
            eprintln!("bench: wrote {}", path.display());
            true
        }
        Err(e) => {
            eprintln!("bench: cannot write {}: {e}", path.display());
            false
        }
    }
}
