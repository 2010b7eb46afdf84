//! Rendering a [`Report`] as a text table and as `bench/RESULTS.md`.

use std::fmt::Write as _;

use crate::registry::Group;
use crate::results::{BenchmarkResult, CellResult, Report, Status};
use crate::runtime::RuntimeKind;

/// Formats a duration in nanoseconds: thousands separators from 10 µs up,
/// otherwise three or four significant digits.
pub fn fmt_ns(ns: f64) -> String {
    if ns >= 10_000.0 {
        group_thousands(ns.round() as u64)
    } else if ns >= 100.0 {
        format!("{ns:.1}")
    } else {
        format!("{ns:.2}")
    }
}

/// Formats an integer with `,` thousands separators.
pub fn group_thousands(mut v: u64) -> String {
    let mut groups = Vec::new();
    loop {
        if v < 1000 {
            groups.push(v.to_string());
            break;
        }
        groups.push(format!("{:03}", v % 1000));
        v /= 1000;
    }
    groups.reverse();
    groups.join(",")
}

/// Formats a speed-up factor (baseline time / this time): `2.10x faster`
/// when faster than the baseline, `0.80x` (or `0.0312x`) when slower.
pub fn fmt_ratio(r: f64) -> String {
    if r >= 1.0 {
        format!("{r:.2}x faster")
    } else if r >= 0.1 || r <= 0.0 {
        format!("{r:.2}x")
    } else {
        // Keep about three significant digits for large slow-downs.
        let decimals = (-r.log10()).ceil() as usize + 2;
        format!("{r:.decimals$}x")
    }
}

const HEADER: [&str; 9] = [
    "Benchmark",
    "N",
    "Runtime",
    "Median ns/iter",
    "Min–max ns/iter",
    "vs CPython",
    "vs native",
    "Checksum",
    "Status",
];

fn ratio_cell(c: &CellResult, baseline: RuntimeKind, speedup: Option<f64>) -> String {
    match (c.status, speedup) {
        (Status::Ok, _) if c.runtime == baseline => "baseline".to_owned(),
        (_, Some(r)) => fmt_ratio(r),
        _ => "—".to_owned(),
    }
}

fn status_cell(c: &CellResult) -> String {
    let error = c.error.as_deref().unwrap_or("");
    match c.status {
        Status::Ok => "ok".to_owned(),
        Status::Failed => format!("FAILED: {}", crate::process::truncate(error, 70)),
        Status::ChecksumMismatch => {
            format!("CHECKSUM MISMATCH: {}", crate::process::truncate(error, 70))
        }
    }
}

fn row(b: &BenchmarkResult, c: &CellResult) -> Vec<String> {
    let range = match (c.min_ns_per_iter, c.max_ns_per_iter) {
        (Some(lo), Some(hi)) => format!("{}–{}", fmt_ns(lo), fmt_ns(hi)),
        _ => "—".to_owned(),
    };
    vec![
        b.name.to_owned(),
        group_thousands(b.n),
        c.runtime.name().to_owned(),
        c.median_ns_per_iter.map_or_else(|| "—".to_owned(), fmt_ns),
        range,
        ratio_cell(c, RuntimeKind::Cpython, c.speedup_vs_cpython),
        ratio_cell(c, RuntimeKind::Native, c.speedup_vs_native),
        c.checksum
            .as_deref()
            .map_or_else(|| "—".to_owned(), |s| crate::process::truncate(s, 24)),
        status_cell(c),
    ]
}

/// The results table as a Markdown table with padded columns (readable as
/// plain text too).
pub fn results_table(report: &Report) -> String {
    let rows: Vec<Vec<String>> = report
        .benchmarks
        .iter()
        .flat_map(|b| b.results.iter().map(move |c| row(b, c)))
        .collect();
    markdown_table(
        &HEADER,
        &rows,
        &[false, true, false, true, true, true, true, false, false],
    )
}

/// Renders a Markdown table, padding every column to its widest cell.
/// `right[i]` right-aligns column `i`.
fn markdown_table(header: &[&str], rows: &[Vec<String>], right: &[bool]) -> String {
    let escape = |s: &str| s.replace('|', "\\|");
    let header: Vec<String> = header.iter().map(|h| escape(h)).collect();
    let rows: Vec<Vec<String>> = rows
        .iter()
        .map(|r| r.iter().map(|c| escape(c)).collect())
        .collect();
    let width = |i: usize| {
        rows.iter()
            .filter_map(|r| r.get(i))
            .chain(std::iter::once(&header[i]))
            .map(|c| c.chars().count())
            .max()
            .unwrap_or(0)
            .max(3)
    };
    let widths: Vec<usize> = (0..header.len()).map(width).collect();
    let is_right = |i: usize| right.get(i).copied().unwrap_or(false);
    let line = |cells: &[String]| {
        let mut out = String::from("|");
        for (i, w) in widths.iter().enumerate() {
            let cell = cells.get(i).map(String::as_str).unwrap_or("");
            let pad = w.saturating_sub(cell.chars().count());
            if is_right(i) {
                let _ = write!(out, " {}{cell} |", " ".repeat(pad));
            } else {
                let _ = write!(out, " {cell}{} |", " ".repeat(pad));
            }
        }
        out.push('\n');
        out
    };
    let mut out = line(&header);
    out.push('|');
    for (i, w) in widths.iter().enumerate() {
        if is_right(i) {
            let _ = write!(out, " {}: |", "-".repeat(w - 1));
        } else {
            let _ = write!(out, " {} |", "-".repeat(*w));
        }
    }
    out.push('\n');
    for r in &rows {
        out.push_str(&line(r));
    }
    out
}

/// A report section: its heading, an introductory paragraph and a table.
fn section(
    title: &str,
    intro: &str,
    header: &[&str],
    rows: &[Vec<String>],
    right: &[bool],
) -> String {
    let mut md = format!("## {title}\n\n{intro}\n\n");
    md.push_str(&markdown_table(header, rows, right));
    md.push('\n');
    md
}

/// One line per failed or mismatching result, with the full error.
pub fn failures(report: &Report) -> Vec<String> {
    report
        .benchmarks
        .iter()
        .flat_map(|b| {
            b.results
                .iter()
                .filter(|c| c.status != Status::Ok)
                .map(move |c| {
                    format!(
                        "{} on {}: {}",
                        b.name,
                        c.runtime.name(),
                        c.error.as_deref().unwrap_or("unknown error")
                    )
                })
        })
        .collect()
}

/// One line per requested runtime: name, version and note.
pub fn runtime_lines(report: &Report) -> Vec<String> {
    report
        .runtimes
        .iter()
        .map(|r| {
            let mut line = format!(
                "{}: {}",
                r.name.name(),
                r.version.as_deref().unwrap_or("version unknown")
            );
            if let Some(note) = &r.note {
                let _ = write!(line, " — {note}");
            }
            line
        })
        .collect()
}

const RATIO_EXPLANATION: &str = "Times are the median (and min–max) over runs of the `ns_per_iter` \
each program reports for its timed hot loop, in nanoseconds per iteration of `N` \
(see `bench/README.md`). \"vs CPython\" and \"vs native\" are the baseline's median divided \
by this runtime's median: \"2.10x faster\" means 2.1 times as fast as the baseline, \"0.80x\" \
means it takes 1/0.80 = 1.25 times as long. Ratios are only given for results whose checksum \
matches.";

/// The full text of `bench/RESULTS.md`. `plots` lists each plotted group with
/// its path relative to `bench/`.
pub fn markdown(report: &Report, plots: &[(Group, String)]) -> String {
    let mut md = String::new();
    let mode = if report.quick {
        "quick (small N; not for publication)"
    } else {
        "full"
    };
    let _ = writeln!(md, "# Typhon benchmark results\n");
    let _ = writeln!(
        md,
        "<!-- Generated by the bench harness (bench/src); do not edit by hand. -->\n"
    );
    let _ = writeln!(md, "- Command: `{}`", report.command);
    let _ = writeln!(md, "- Date: {}", report.date);
    let _ = writeln!(
        md,
        "- Mode: {mode}; {} run(s) per benchmark and runtime, each a separate process",
        report.runs
    );
    let _ = writeln!(
        md,
        "- Machine: {} ({}), {} logical CPUs",
        report.machine.cpu_model, report.machine.cpu_id, report.machine.cores
    );
    let _ = writeln!(
        md,
        "- Overall: {}\n",
        if report.ok {
            "all results ok"
        } else {
            "SOME RESULTS FAILED (see Failures)"
        }
    );

    let _ = writeln!(md, "## Runtimes\n");
    let rows: Vec<Vec<String>> = report
        .runtimes
        .iter()
        .map(|r| {
            vec![
                r.name.name().to_owned(),
                r.version.clone().unwrap_or_else(|| "unknown".to_owned()),
                if r.available { "used" } else { "skipped" }.to_owned(),
                r.note.clone().unwrap_or_default(),
            ]
        })
        .collect();
    md.push_str(&markdown_table(
        &["Runtime", "Version", "Status", "Note"],
        &rows,
        &[],
    ));
    let _ = writeln!(
        md,
        "\nThe native version is the first line of `$CC --version` (default `cc`).\n"
    );

    let _ = writeln!(md, "## Results\n");
    if report.benchmarks.is_empty() {
        let _ = writeln!(md, "No benchmark was run.\n");
    } else {
        md.push_str(&results_table(report));
        let _ = writeln!(md, "\n{RATIO_EXPLANATION}\n");
    }

    md.push_str(&jit_on_off_section(report));
    md.push_str(&pypy_section(report));
    md.push_str(&quickening_section(report));
    md.push_str(&jit_section(report));

    if !plots.is_empty() {
        let _ = writeln!(md, "## Plots\n");
        for (group, path) in plots {
            let _ = writeln!(md, "### {}\n", group.name());
            let _ = writeln!(md, "![{} benchmarks]({path})\n", group.name());
        }
    }

    let failures = failures(report);
    if !failures.is_empty() {
        let _ = writeln!(md, "## Failures\n");
        for f in failures {
            let _ = writeln!(md, "- {}", f.replace('\n', " "));
        }
        md.push('\n');
    }
    if !report.notes.is_empty() {
        let _ = writeln!(md, "## Notes\n");
        for n in &report.notes {
            let _ = writeln!(md, "- {n}");
        }
        md.push('\n');
    }
    md
}

/// How the JIT's runs of a benchmark compare with the same binary's runs
/// with the JIT off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnOff {
    /// The JIT's median is below every run with the JIT off.
    Faster,
    /// The JIT's median is above every run with the JIT off.
    Slower,
    /// Neither: the difference is within the runs' spread.
    Same,
}

/// Compares the JIT's runs (`on`) with the JIT-off runs (`off`): only a
/// median outside the other's whole min–max range counts as a difference.
pub fn on_off(on: &CellResult, off: &CellResult) -> Option<OnOff> {
    if on.status != Status::Ok || off.status != Status::Ok {
        return None;
    }
    let m = on.median_ns_per_iter?;
    Some(if m < off.min_ns_per_iter? {
        OnOff::Faster
    } else if m > off.max_ns_per_iter? {
        OnOff::Slower
    } else {
        OnOff::Same
    })
}

/// The "JIT on and off" section: each benchmark's `typhon` against its
/// `typhon-nojit` (empty unless both ran).
fn jit_on_off_section(report: &Report) -> String {
    let mut rows = Vec::new();
    let mut slower = Vec::new();
    for b in &report.benchmarks {
        let find = |k| b.results.iter().find(|c| c.runtime == k);
        let (Some(on), Some(off)) = (find(RuntimeKind::Typhon), find(RuntimeKind::TyphonNojit))
        else {
            continue;
        };
        let Some(v) = on_off(on, off) else { continue };
        let (Some(a), Some(z)) = (on.median_ns_per_iter, off.median_ns_per_iter) else {
            continue;
        };
        if v == OnOff::Slower {
            slower.push(b.name);
        }
        rows.push(vec![
            b.name.to_owned(),
            fmt_ns(a),
            fmt_ns(z),
            fmt_ratio(z / a),
            match v {
                OnOff::Faster => "faster",
                OnOff::Slower => "SLOWER",
                OnOff::Same => "within the runs' spread",
            }
            .to_owned(),
        ]);
    }
    if rows.is_empty() {
        return String::new();
    }
    let intro = format!(
        "The same binary with the JIT (`typhon`) and without (`typhon-nojit`): medians in ns per \
         iteration, the JIT's speed relative to the JIT off, and the verdict. A difference \
         counts only when the JIT's median lies outside the whole min–max range of the JIT-off \
         runs (\"faster\" below it, \"SLOWER\" above it). Slower with the JIT: {}.",
        if slower.is_empty() {
            "none".to_owned()
        } else {
            slower.join(", ")
        }
    );
    section(
        "JIT on and off",
        &intro,
        &["Benchmark", "JIT", "JIT off", "JIT vs off", "Verdict"],
        &rows,
        &[false, true, true, true, false],
    )
}

/// Why Typhon's JIT is slower than PyPy on a kernel, for the kernels that
/// were analysed (by reading the compiled code and profiling; see the
/// commit that wrote each). `None`: not analysed.
pub fn slower_than_pypy_reason(name: &str) -> Option<&'static str> {
    Some(match name {
        "sieve" => {
            "`flags[j] = 0; j += i` compiles to about 43 machine instructions per iteration \
             (callgrind, N = 2,000,000). Each store checks again what does not change in the \
             loop (that `flags` is a list, not borrowed, its length and item pointer), because \
             releasing the item it replaces may run any code (a `__del__`) that changes the \
             list: taking those checks out of the loop needs loop versioning, which a method \
             JIT can do and Typhon's does not do yet. Items are 16-byte tagged values (two \
             stores each) where PyPy's list of ints holds 8-byte machine ints. `for f in \
             flags` moves each item through the frame's local slot with a type guard (about \
             40 instructions per item). The run is one call of a few tens of milliseconds, so \
             the interpreter's part before the loop is compiled counts too."
        }
        "string_build" => {
            "One call allocates a million strings and their list (about 100 MB), and the \
             time depends on what fresh memory costs: on this machine, whose transparent huge \
             pages are always on, four runs of the same binary took 256, 56, 56 and 88 ns per \
             piece, the slow one with 1,276 page faults against 512 (the JIT-off runs vary \
             the same way, less often). Compare the min–max column with the median."
        }
        "gen_pipeline" => {
            "The JIT does not compile generator functions (they are declined as an \
             unsupported construct), so the pipeline runs in the interpreter with the JIT on \
             too; PyPy compiles its generators."
        }
        _ => return None,
    })
}

/// The "Slower than PyPy" section: the kernels where Typhon with its JIT
/// has a higher median than PyPy, with what is known about why (empty
/// unless both ran).
fn pypy_section(report: &Report) -> String {
    pypy_section_of(&report.benchmarks)
}

/// [`pypy_section`] of these benchmarks' results.
fn pypy_section_of(benchmarks: &[BenchmarkResult]) -> String {
    let mut rows = Vec::new();
    for b in benchmarks.iter().filter(|b| b.group == Group::Kernels) {
        let median = |k| {
            b.results
                .iter()
                .find(|c| c.runtime == k && c.status == Status::Ok)
                .and_then(|c| c.median_ns_per_iter)
        };
        let (Some(t), Some(p)) = (median(RuntimeKind::Typhon), median(RuntimeKind::Pypy)) else {
            continue;
        };
        if t <= p {
            continue;
        }
        rows.push(vec![
            b.name.to_owned(),
            fmt_ns(t),
            fmt_ns(p),
            fmt_ratio(p / t),
            slower_than_pypy_reason(b.name)
                .unwrap_or("not analysed yet")
                .to_owned(),
        ]);
    }
    if rows.is_empty() {
        return String::new();
    }
    section(
        "Kernels slower than PyPy",
        "The kernels where Typhon's median with the JIT is above PyPy's (ns per iteration; \
         the ratio is Typhon's speed relative to PyPy's), and why, where that was analysed.",
        &["Benchmark", "Typhon", "PyPy", "vs PyPy", "Why"],
        &rows,
        &[false, true, true, true, false],
    )
}

/// The "Quickening" section: how much of each benchmark ran in quickened
/// form on Typhon (empty when Typhon did not run).
fn quickening_section(report: &Report) -> String {
    let pct = |f: Option<f64>| f.map_or_else(|| "—".to_owned(), |f| format!("{:.1}%", f * 100.0));
    let rows: Vec<Vec<String>> = report
        .benchmarks
        .iter()
        .filter_map(|b| {
            let q = b.quickening.as_ref()?;
            Some(vec![
                b.name.to_owned(),
                q.executed.to_string(),
                pct(q.fraction()),
                pct(q.family_fraction()),
            ])
        })
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    section(
        "Quickening",
        "From the first `typhon --stats` run per benchmark at its small N, after the timed runs. \
         \"Quickened\" is the share of executed instructions that ran in a specialized form; \
         \"of specializable\" counts only the families that have such forms (STORE_FAST, \
         JUMP_BACKWARD and the like have none).",
        &[
            "Benchmark",
            "Instructions executed",
            "Quickened",
            "Quickened, of specializable",
        ],
        &rows,
        &[false, true, true, true],
    )
}

/// The "JIT compile time" section: what Typhon's JIT compiled in each
/// benchmark and how long each function took (empty when it compiled
/// nothing, or Typhon ran without the JIT).
fn jit_section(report: &Report) -> String {
    let stats: Vec<(&str, &crate::jitstats::JitStats)> = report
        .benchmarks
        .iter()
        .filter_map(|b| Some((b.name, b.jit.as_ref()?)))
        .collect();
    let Some(median) = crate::jitstats::median_ms(stats.iter().map(|(_, s)| *s)) else {
        return String::new();
    };
    let rows: Vec<Vec<String>> = stats
        .iter()
        .map(|(name, s)| {
            let each: Vec<String> = s
                .compiled
                .iter()
                .map(|f| format!("{} {:.3} ms ({} bytes)", f.name, f.ms, f.size))
                .collect();
            vec![
                (*name).to_owned(),
                s.compiled.len().to_string(),
                s.declined.to_string(),
                if each.is_empty() {
                    "—".to_owned()
                } else {
                    each.join(", ")
                },
            ]
        })
        .collect();
    let n: usize = stats.iter().map(|(_, s)| s.compiled.len()).sum();
    let intro = format!(
        "From the `typhon --stats` runs ({runs} per benchmark in a record, one in a quick run): \
         each function the JIT compiled, with the median over those runs of its wall-clock time \
         from bytecode to machine code (building the HIR, lowering to CLIF, Cranelift, and \
         making the code executable). The kernels compile one or two functions, the programs \
         with classes tens; the first compile in a process may come while a thread the JIT \
         starts warms Cranelift up (`[jit] warm_up`, `jit/src/warm.rs`), and then pays for \
         Cranelift's code and data being cold. No benchmark runs a warm-up before its timed \
         loop, so compile time is part of its time. Median over the {n} compiled functions: \
         **{median:.3} ms**.",
        runs = crate::STATS_RUNS
    );
    section(
        "JIT compile time",
        &intro,
        &["Benchmark", "Compiled", "Declined", "Functions"],
        &rows,
        &[false, true, true, false],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_numbers() {
        assert_eq!(fmt_ns(32_086_134.333), "32,086,134");
        assert_eq!(fmt_ns(10_000.0), "10,000");
        assert_eq!(fmt_ns(179.685), "179.7");
        assert_eq!(fmt_ns(45.175), "45.17");
        assert_eq!(fmt_ratio(2.1), "2.10x faster");
        assert_eq!(fmt_ratio(0.8), "0.80x");
        assert_eq!(fmt_ratio(0.0734), "0.0734x");
        assert_eq!(fmt_ratio(0.00314), "0.00314x");
    }

    /// A successful result with these statistics.
    fn cell(runtime: RuntimeKind, median: f64, lo: f64, hi: f64) -> CellResult {
        CellResult {
            runtime,
            status: Status::Ok,
            error: None,
            checksum: None,
            samples_ns_per_iter: vec![lo, median, hi],
            median_ns_per_iter: Some(median),
            min_ns_per_iter: Some(lo),
            max_ns_per_iter: Some(hi),
            speedup_vs_cpython: None,
            speedup_vs_native: None,
        }
    }

    #[test]
    fn the_jit_counts_as_slower_only_above_every_run_without_it() {
        let off = cell(RuntimeKind::TyphonNojit, 75.0, 73.6, 77.7);
        let on = |m| cell(RuntimeKind::Typhon, m, m - 1.0, m + 50.0);
        assert_eq!(on_off(&on(81.0), &off), Some(OnOff::Slower));
        assert_eq!(on_off(&on(76.0), &off), Some(OnOff::Same));
        assert_eq!(on_off(&on(57.0), &off), Some(OnOff::Faster));
        let mut failed = cell(RuntimeKind::TyphonNojit, 75.0, 73.6, 77.7);
        failed.status = Status::Failed;
        assert_eq!(on_off(&on(57.0), &failed), None);
    }

    #[test]
    fn lists_the_kernels_slower_than_pypy_with_their_reasons() {
        let bench = |name, group, typhon: f64, pypy: f64| BenchmarkResult {
            name,
            group,
            file: "x.py",
            n: 1,
            native: None,
            reference_checksum: None,
            reference_runtime: None,
            results: vec![
                cell(RuntimeKind::Typhon, typhon, typhon, typhon),
                cell(RuntimeKind::Pypy, pypy, pypy, pypy),
            ],
            quickening: None,
            jit: None,
        };
        let md = pypy_section_of(&[
            bench("sieve", Group::Kernels, 33.6, 7.6),
            bench("fib", Group::Kernels, 1.0, 2.0),
            bench("unpack", Group::Kernels, 181.8, 12.4),
            bench("ffi_id", Group::Ffi, 9.0, 3.0),
        ]);
        assert!(md.contains("| sieve "), "{md}");
        assert!(md.contains("loop versioning"), "{md}");
        assert!(
            md.contains("| unpack ") && md.contains("not analysed yet"),
            "{md}"
        );
        assert!(!md.contains("| fib ") && !md.contains("ffi_id"), "{md}");
        assert_eq!(
            pypy_section_of(&[bench("fib", Group::Kernels, 1.0, 2.0)]),
            ""
        );
    }

    #[test]
    fn a_section_is_a_heading_a_paragraph_and_a_table() {
        let md = section("T", "Intro.", &["a"], &[vec!["x".into()]], &[false]);
        assert_eq!(md, "## T\n\nIntro.\n\n| a   |\n| --- |\n| x   |\n\n");
    }

    #[test]
    fn pads_tables() {
        let t = markdown_table(
            &["a", "b"],
            &[vec!["x|y".into(), "1".into()]],
            &[false, true],
        );
        assert_eq!(t, "| a    |   b |\n| ---- | --: |\n| x\\|y |   1 |\n");
    }
}
