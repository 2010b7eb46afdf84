//! The CPython-checked program corpus and the compile-time rejections.
//!
//! * `tests/programs/NAME.py` (helper modules `mod_*.py` excluded) runs as
//!   `typhon --check-leaks NAME.py` in `tests/programs` and must reproduce
//!   `NAME.out` (stdout), `NAME.err` (stderr; absent = empty) and
//!   `NAME.exit` (exit status; absent = 0), all recorded from CPython 3.11 by
//!   `scripts/regen-expected`. Comparison is exact, caret lines (`^^^^`,
//!   `~~^~~`) included, except for one normalization: the absolute script
//!   directory in traceback lines (`File "<dir>/` becomes `File "`, as
//!   regen-expected records it).
//! * `tests/syntax_errors/NAME.py` are programs CPython itself rejects
//!   (syntax errors, indentation errors, its limits); they are recorded
//!   from CPython like the corpus and compared the same way.
//! * `tests/rejected/NAME.py` must be rejected before anything runs: empty
//!   stdout, stderr exactly `NAME.err` (hand-written, see the README
//!   there), exit status `NAME.exit`. There the absolute directory is
//!   removed from `File "<dir>/` and from the `(<dir>/NAME.py:L:C)` suffix.
//! * The corpus runs twice: as is, and with `[runtime] quicken_warmup = 0`,
//!   which makes every specializing instruction specialize on its first
//!   execution and deoptimize on its first guard miss, so the guards of
//!   every quickened form meet every operand the corpus has.
//! * `tests/extensions/NAME.py` import the C extensions of `extensions/`
//!   and are checked like the corpus, with the Typhon builds on
//!   `TYPHON_PATH`; their expectations come from CPython running the same C
//!   sources built against its own headers. They run three times: as is,
//!   with typed calls off (`[capi] typed_calls = false`) and with warmup 0;
//!   all must match CPython, which is what makes the typed fast path and
//!   the generic wrappers agree on every result and error.
//!
//! Programs run in parallel (one worker per available CPU), each with a
//! timeout; all failures are collected and reported together.

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// Longest a single program may run before it is killed.
const TIMEOUT: Duration = Duration::from_secs(60);

/// The corpus must not silently shrink (or an empty glob pass).
const MIN_PROGRAMS: usize = 80;
const MIN_REJECTED: usize = 10;
const MIN_SYNTAX_ERRORS: usize = 60;

fn typhon() -> &'static str {
    env!("CARGO_BIN_EXE_typhon")
}

fn tests_dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(sub)
}

/// What one run of the binary produced.
struct Outcome {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    /// `None` if killed by a signal.
    status: Option<i32>,
    timed_out: bool,
    elapsed: Duration,
}

/// Runs `typhon ARGS` in `dir` with a timeout, capturing both streams.
/// `path` becomes `TYPHON_PATH` (unset when `None`).
fn run_typhon(dir: &Path, args: &[&str], path: Option<&Path>) -> Result<Outcome, String> {
    let start = Instant::now();
    let mut cmd = Command::new(typhon());
    match path {
        Some(p) => cmd.env("TYPHON_PATH", p),
        None => cmd.env_remove("TYPHON_PATH"),
    };
    let mut child = cmd
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", typhon()))?;
    // Drain both pipes on their own threads so a chatty child cannot block.
    let mut out_pipe = child.stdout.take().ok_or("no stdout pipe")?;
    let mut err_pipe = child.stderr.take().ok_or("no stderr pipe")?;
    let out_reader = thread::spawn(move || {
        let mut buf = Vec::new();
        out_pipe.read_to_end(&mut buf).map(|_| buf)
    });
    let err_reader = thread::spawn(move || {
        let mut buf = Vec::new();
        err_pipe.read_to_end(&mut buf).map(|_| buf)
    });
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(st)) => break st,
            Ok(None) if start.elapsed() > TIMEOUT => {
                timed_out = true;
                // Ignoring the error: the child may have exited just now.
                let _ = child.kill();
                break child.wait().map_err(|e| format!("wait failed: {e}"))?;
            }
            Ok(None) => thread::sleep(Duration::from_millis(2)),
            Err(e) => return Err(format!("wait failed: {e}")),
        }
    };
    let elapsed = start.elapsed();
    let stdout = out_reader
        .join()
        .map_err(|_| "stdout reader panicked".to_owned())?
        .map_err(|e| format!("reading stdout: {e}"))?;
    let stderr = err_reader
        .join()
        .map_err(|_| "stderr reader panicked".to_owned())?
        .map_err(|e| format!("reading stderr: {e}"))?;
    Ok(Outcome {
        stdout,
        stderr,
        status: status.code(),
        timed_out,
        elapsed,
    })
}

/// `NAME` for every `NAME.py` in `dir`, sorted, excluding `mod_*` helpers.
fn programs(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(|ent| {
            let name = ent.ok()?.file_name().into_string().ok()?;
            let stem = name.strip_suffix(".py")?;
            (!stem.starts_with("mod_")).then(|| stem.to_owned())
        })
        .collect();
    names.sort();
    names
}

/// Reads an expectation file; `None` if it does not exist.
fn read_expected(path: &Path) -> Result<Option<Vec<u8>>, String> {
    match std::fs::read(path) {
        Ok(b) => Ok(Some(b)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

/// The expected exit status from `NAME.exit` (absent = 0).
fn expected_status(path: &Path) -> Result<i32, String> {
    match read_expected(path)? {
        None => Ok(0),
        Some(b) => String::from_utf8_lossy(&b)
            .trim()
            .parse()
            .map_err(|e| format!("{}: not an exit status: {e}", path.display())),
    }
}

/// The absolute forms under which `dir` may appear in the binary's output:
/// as the test computes it and with symlinks resolved (what `getcwd` gives).
fn dir_spellings(dir: &Path) -> Vec<String> {
    let mut v = vec![dir.display().to_string()];
    if let Ok(c) = dir.canonicalize() {
        let c = c.display().to_string();
        if !v.contains(&c) {
            v.push(c);
        }
    }
    v
}

/// Replaces `<prefix><dir>/` by `<prefix>` for every spelling of `dir`.
fn strip_dir(text: &str, dirs: &[String], prefixes: &[&str]) -> String {
    let mut s = text.to_owned();
    for d in dirs {
        for p in prefixes {
            let from = format!("{p}{d}{}", std::path::MAIN_SEPARATOR);
            s = s.replace(&from, p);
        }
    }
    s
}

/// A corpus program's stderr with the program directory taken out where
/// `regen-expected` takes it out of CPython's: after `File "` (traceback
/// entries) and at the start of a line (a warning's `FILE:LINE: Category:
/// message`).
fn strip_stderr_dir(text: &str, dirs: &[String]) -> String {
    let s = strip_dir(&format!("\n{text}"), dirs, &["File \"", "\n"]);
    s[1..].to_owned()
}

/// A readable description of how `actual` differs from `expected`.
fn describe_diff(what: &str, expected: &str, actual: &str) -> String {
    let exp: Vec<&str> = expected.split_inclusive('\n').collect();
    let act: Vec<&str> = actual.split_inclusive('\n').collect();
    let first = exp
        .iter()
        .zip(act.iter())
        .position(|(a, b)| a != b)
        .unwrap_or(exp.len().min(act.len()));
    let mut s = String::new();
    let _ = writeln!(
        s,
        "  {what} differs at line {} (expected {} lines, got {}):",
        first + 1,
        exp.len(),
        act.len()
    );
    let _ = writeln!(
        s,
        "    expected: {:?}",
        exp.get(first).copied().unwrap_or("<end of output>")
    );
    let _ = writeln!(
        s,
        "    actual:   {:?}",
        act.get(first).copied().unwrap_or("<end of output>")
    );
    // Some context: the actual output around the difference.
    let from = first.saturating_sub(3);
    let to = (first + 6).min(act.len());
    if from < to {
        let _ = writeln!(s, "    actual {what} lines {}..={}:", from + 1, to);
        for (i, l) in act[from..to].iter().enumerate() {
            let _ = writeln!(s, "    {:>5} | {}", from + i + 1, l.trim_end_matches('\n'));
        }
    }
    s
}

/// How to run a suite: its directory, how its programs are checked, and
/// what the binary gets besides the program.
#[derive(Clone)]
struct Suite {
    sub: &'static str,
    mode: Mode,
    min: usize,
    /// Extra arguments before the program's name.
    args: Vec<String>,
    /// `TYPHON_PATH`.
    path: Option<PathBuf>,
}

/// How to check one program.
#[derive(Clone, Copy)]
enum Mode {
    /// `tests/programs` and `tests/syntax_errors`: CPython-recorded
    /// expectations.
    Corpus,
    /// `tests/rejected`: hand-written compile-time diagnostics.
    Rejected,
}

/// Checks one program; `Ok(elapsed)` or a failure report.
fn check(dir: &Path, dirs: &[String], name: &str, suite: &Suite) -> Result<Duration, String> {
    let mode = suite.mode;
    let file = format!("{name}.py");
    let base = dir.join(name);
    let exp_out = match mode {
        Mode::Corpus => read_expected(&base.with_extension("out"))?
            .ok_or_else(|| format!("missing {name}.out (run scripts/regen-expected)"))?,
        Mode::Rejected => Vec::new(),
    };
    let exp_err = read_expected(&base.with_extension("err"))?;
    let exp_err = match (mode, exp_err) {
        (_, Some(e)) => e,
        (Mode::Corpus, None) => Vec::new(),
        (Mode::Rejected, None) => return Err(format!("missing hand-written {name}.err")),
    };
    let exit_path = base.with_extension("exit");
    if matches!(mode, Mode::Rejected) && !exit_path.exists() {
        return Err(format!("missing {name}.exit"));
    }
    let exp_status = expected_status(&exit_path)?;

    let mut args: Vec<&str> = vec!["--check-leaks"];
    args.extend(suite.args.iter().map(|a| a.as_str()));
    args.push(&file);
    let r = run_typhon(dir, &args, suite.path.as_deref())?;
    if r.timed_out {
        return Err(format!("timed out after {}s (killed)", TIMEOUT.as_secs()));
    }
    let mut problems = String::new();
    let actual_err = String::from_utf8_lossy(&r.stderr);
    let exp_err = String::from_utf8_lossy(&exp_err);
    match r.status {
        Some(c) if c == exp_status => {}
        Some(c) => {
            let _ = writeln!(problems, "  exit status {c}, expected {exp_status}");
        }
        None => {
            let _ = writeln!(
                problems,
                "  killed by a signal, expected exit status {exp_status}"
            );
        }
    }
    if r.stdout != exp_out {
        let e = String::from_utf8_lossy(&exp_out);
        let a = String::from_utf8_lossy(&r.stdout);
        problems.push_str(&describe_diff("stdout", &e, &a));
    }
    let (e, a) = match mode {
        Mode::Corpus => (exp_err.into_owned(), strip_stderr_dir(&actual_err, dirs)),
        Mode::Rejected => (
            exp_err.into_owned(),
            strip_dir(&actual_err, dirs, &["File \"", "("]),
        ),
    };
    if e != a {
        problems.push_str(&describe_diff("stderr", &e, &a));
    }
    if problems.is_empty() {
        Ok(r.elapsed)
    } else {
        Err(problems)
    }
}

/// Runs every program of the suite on a pool of threads and panics with a
/// summary of all failures.
fn run_all(suite: Suite) {
    let (sub, min) = (suite.sub, suite.min);
    let dir = tests_dir(sub);
    let names = programs(&dir);
    assert!(
        names.len() >= min,
        "found only {} programs in {} (expected at least {min})",
        names.len(),
        dir.display()
    );
    let dirs = Arc::new(dir_spellings(&dir));
    let dir = Arc::new(dir);
    let suite = Arc::new(suite);
    let queue = Arc::new(Mutex::new(names.iter().cloned().collect::<VecDeque<_>>()));
    let results = Arc::new(Mutex::new(Vec::new()));
    let workers = thread::available_parallelism().map_or(4, |n| n.get());
    let handles: Vec<_> = (0..workers.min(names.len()))
        .map(|_| {
            let (queue, results, dir, dirs, suite) = (
                queue.clone(),
                results.clone(),
                dir.clone(),
                dirs.clone(),
                suite.clone(),
            );
            thread::spawn(move || {
                loop {
                    let next = queue.lock().expect("queue lock").pop_front();
                    let Some(name) = next else { break };
                    let r = check(&dir, &dirs, &name, &suite);
                    results.lock().expect("results lock").push((name, r));
                }
            })
        })
        .collect();
    for h in handles {
        h.join().expect("a corpus worker panicked");
    }
    let mut results = std::mem::take(&mut *results.lock().expect("results lock"));
    results.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        results.len(),
        names.len(),
        "every program must report a result"
    );

    let mut failures = String::new();
    let mut nfail = 0;
    let mut slowest: Option<(&str, Duration)> = None;
    for (name, r) in &results {
        match r {
            Ok(t) => {
                if slowest.is_none_or(|(_, s)| *t > s) {
                    slowest = Some((name, *t));
                }
            }
            Err(msg) => {
                nfail += 1;
                let _ = write!(failures, "\n--- {sub}/{name}.py\n{msg}");
                if !msg.ends_with('\n') {
                    failures.push('\n');
                }
            }
        }
    }
    if let Some((name, t)) = slowest {
        println!("{sub}: {} programs, slowest {name}.py ({t:?})", names.len());
    }
    assert!(
        nfail == 0,
        "{nfail} of {} programs in tests/{sub} failed:\n{failures}",
        names.len()
    );
}

fn suite(sub: &'static str, mode: Mode, min: usize) -> Suite {
    Suite {
        sub,
        mode,
        min,
        args: Vec::new(),
        path: None,
    }
}

#[test]
fn corpus_matches_cpython() {
    run_all(suite("programs", Mode::Corpus, MIN_PROGRAMS));
}

/// A config file in the test target's scratch directory.
fn config_file(name: &str, text: &str) -> String {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    path.display().to_string()
}

fn warmup_zero() -> Vec<String> {
    let config = config_file("quicken-warmup-0.toml", "[runtime]\nquicken_warmup = 0\n");
    vec!["--config".to_owned(), config]
}

/// Cranelift's verifier on: malformed CLIF prints an internal error, which
/// fails the comparison (without it, it could compile to wrong code).
const VERIFY: &str = "[jit]\nverify = true\n";

fn jit_verified() -> Vec<String> {
    vec![
        "--config".to_owned(),
        config_file("jit-verify.toml", VERIFY),
    ]
}

/// `quicken_warmup = 0` and the verifier.
fn warmup_zero_verified() -> Vec<String> {
    let text = format!("[runtime]\nquicken_warmup = 0\n{VERIFY}");
    let config = config_file("quicken-warmup-0-verify.toml", &text);
    vec!["--config".to_owned(), config]
}

#[test]
fn corpus_matches_cpython_specializing_on_first_execution() {
    run_all(Suite {
        args: warmup_zero(),
        ..suite("programs", Mode::Corpus, MIN_PROGRAMS)
    });
}

/// The JIT on every function from its first call (`--jit-eager`): what
/// the builder compiles without the interpreter's feedback.
#[test]
fn corpus_matches_cpython_jit_eager() {
    run_all(Suite {
        args: [jit_verified(), vec!["--jit-eager".into()]].concat(),
        ..suite("programs", Mode::Corpus, MIN_PROGRAMS)
    });
}

/// The JIT compiling each function at its second call (or its first after
/// a back-edge), with every instruction specialized on its first execution:
/// compiled code then meets nearly every operand the corpus has, and its
/// guards and exits with it.
#[test]
fn corpus_matches_cpython_jit_early() {
    let mut args = warmup_zero_verified();
    args.extend(["--jit-threshold".to_owned(), "1".to_owned()]);
    run_all(Suite {
        args,
        ..suite("programs", Mode::Corpus, MIN_PROGRAMS)
    });
}

/// The interpreter alone.
#[test]
fn corpus_matches_cpython_without_jit() {
    run_all(Suite {
        args: vec!["--no-jit".into()],
        ..suite("programs", Mode::Corpus, MIN_PROGRAMS)
    });
}

#[test]
fn syntax_errors_match_cpython() {
    run_all(suite("syntax_errors", Mode::Corpus, MIN_SYNTAX_ERRORS));
}

#[test]
fn rejected_programs_are_rejected() {
    run_all(suite("rejected", Mode::Rejected, MIN_REJECTED));
}

const MIN_EXTENSION_PROGRAMS: usize = 8;

fn extension_suite() -> Suite {
    Suite {
        path: Some(extensions::typhon_dir().to_path_buf()),
        ..suite("extensions", Mode::Corpus, MIN_EXTENSION_PROGRAMS)
    }
}

#[test]
fn extension_programs_match_cpython() {
    run_all(extension_suite());
}

#[test]
fn extension_programs_match_cpython_without_typed_calls() {
    let config = config_file("untyped-calls.toml", "[capi]\ntyped_calls = false\n");
    run_all(Suite {
        args: vec!["--config".into(), config],
        ..extension_suite()
    });
}

#[test]
fn extension_programs_match_cpython_specializing_on_first_execution() {
    run_all(Suite {
        args: warmup_zero(),
        ..extension_suite()
    });
}

#[test]
fn extension_programs_match_cpython_jit_early() {
    let mut args = warmup_zero_verified();
    args.extend(["--jit-threshold".to_owned(), "1".to_owned()]);
    run_all(Suite {
        args,
        ..extension_suite()
    });
}

#[test]
fn path_normalization_is_narrow() {
    let dirs = vec!["/x/tests/programs".to_owned()];
    let s = "  File \"/x/tests/programs/a.py\", line 1\nsee /x/tests/programs/a.py\n";
    assert_eq!(
        strip_dir(s, &dirs, &["File \""]),
        "  File \"a.py\", line 1\nsee /x/tests/programs/a.py\n"
    );
    let w = "/x/tests/programs/a.py:3: UserWarning: see /x/tests/programs/b\n  f()\n";
    assert_eq!(
        strip_stderr_dir(w, &dirs),
        "a.py:3: UserWarning: see /x/tests/programs/b\n  f()\n"
    );
}
