//! Running a program several ways and comparing the results.
//!
//! [`Mode::CPython`] runs it with CPython 3.11 (the reference) and Typhon;
//! [`Mode::Jit`] runs it with Typhon only, with the JIT off (the
//! reference) and with the JIT compiling early and eagerly (see
//! [`JIT_RUNS`]). Every run happens in a scratch directory as `prog.py` with the environment of
//! `scripts/regen-expected` (no inherited `PYTHON*` variables,
//! `PYTHONHASHSEED=0`, `PYTHONUTF8=1`). The comparison normalizes what
//! `tests/corpus.rs` normalizes: the scratch directory in `File "..."`
//! lines (and, when [`Runner::carets`] is off, CPython's caret lines).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use crate::program::Program;

/// What one run produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Standard output.
    pub stdout: Vec<u8>,
    /// Standard error, normalized.
    pub stderr: Vec<u8>,
    /// Exit status; `None` if killed by a signal.
    pub status: Option<i32>,
    /// Killed after the timeout.
    pub timed_out: bool,
}

/// How a program's two runs relate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Same stdout, stderr and exit status.
    Same,
    /// The outputs differ: a bug in Typhon (or an unlisted subset gap).
    Diverged,
    /// Typhon rejected the program at compile time (`... is not supported
    /// by typhon`): the generator left the subset.
    OutsideSubset,
    /// CPython itself failed to compile it, or either run timed out: the
    /// generator made a bad program.
    BadProgram(String),
}

/// One run of a program: which way it ran, and what it produced.
#[derive(Clone, Debug)]
pub struct Run {
    /// Short name of the way it ran (`python`, `typhon`, `nojit`,
    /// `jit-early`, `jit-eager`): saved files and reports use it.
    pub label: String,
    /// What it produced.
    pub outcome: Outcome,
}

/// The runs of one program and the verdict.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// The verdict.
    pub verdict: Verdict,
    /// The runs; the first is the reference the others must match.
    pub runs: Vec<Run>,
}

impl Comparison {
    /// The reference run (CPython, or Typhon without the JIT).
    pub fn reference(&self) -> &Outcome {
        &self.runs[0].outcome
    }
}

/// What a program's runs are compared against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// CPython 3.11 against Typhon (with [`Runner::typhon_args`]).
    CPython,
    /// Typhon with the JIT off against Typhon with the JIT on, each way of
    /// [`JIT_RUNS`]; CPython is not needed.
    Jit,
}

/// The config file of the `jit-early` run, written next to the program:
/// instructions specialize at once, so compiled code sees the most
/// feedback (the corpus's "early" mode does the same).
pub const WARMUP_ZERO_TOML: &str = "[runtime]\nquicken_warmup = 0\n[jit]\nverify = true\n";

/// The config file of the `jit-eager` run: Cranelift's verifier on, so
/// that malformed CLIF is an internal error on stderr (a divergence), not
/// code that may run wrong. `jit-early`'s file turns it on too.
pub const VERIFY_TOML: &str = "[jit]\nverify = true\n";

/// The runs of [`Mode::Jit`], after [`Runner::typhon_args`]: label and
/// arguments. The first (JIT off) is the reference. `jit-early` compiles a
/// function at its second call or first loop back-edge, after the
/// interpreter has recorded types; `jit-eager` at its first call, before
/// any feedback.
pub const JIT_RUNS: &[(&str, &[&str])] = &[
    ("nojit", &["--no-jit"]),
    (
        "jit-early",
        &["--jit-threshold", "1", "--config", "warmup0.toml"],
    ),
    ("jit-eager", &["--jit-eager", "--config", "verify.toml"]),
];

/// The interpreter `python` (a name looked up in `PATH`) runs as: its
/// `sys.executable`, when it names a file, else `python` itself. A
/// `python3` on `PATH` is often a wrapper script (pyenv's shims: a shell
/// script that starts `pyenv`, 0.2 s of every run on a 2 GHz machine,
/// thousands of runs in a fuzz batch); the interpreter it starts is the
/// same program without it.
pub fn resolve_python(python: &str) -> PathBuf {
    let asked = Command::new(python)
        .args(["-c", "import sys; sys.stdout.write(sys.executable or '')"])
        .output();
    match asked {
        Ok(out) if out.status.success() => {
            let exe = PathBuf::from(String::from_utf8_lossy(&out.stdout).into_owned());
            if exe.is_absolute() && exe.is_file() {
                exe
            } else {
                PathBuf::from(python)
            }
        }
        _ => PathBuf::from(python),
    }
}

/// Runs programs under both implementations.
#[derive(Clone, Debug)]
pub struct Runner {
    /// The `typhon` binary.
    pub typhon: PathBuf,
    /// Extra arguments for `typhon` before the script (e.g. `--config F`).
    pub typhon_args: Vec<String>,
    /// The CPython 3.11 interpreter.
    pub python: PathBuf,
    /// Compare CPython's caret lines too (on by default, as
    /// `tests/corpus.rs` compares them; `--no-carets` turns it off).
    pub carets: bool,
    /// Longest one run may take.
    pub timeout: Duration,
    /// Where scratch directories go.
    pub scratch: PathBuf,
    /// What is compared.
    pub mode: Mode,
}

impl Runner {
    /// A runner for `typhon` with `python3` from `PATH` (see
    /// [`resolve_python`]), 10 s per run, carets compared, `--check-leaks`
    /// on as in the corpus.
    pub fn new(typhon: impl Into<PathBuf>) -> Runner {
        Runner {
            typhon: typhon.into(),
            typhon_args: vec!["--check-leaks".to_owned()],
            python: resolve_python("python3"),
            carets: true,
            timeout: Duration::from_secs(10),
            scratch: std::env::temp_dir(),
            mode: Mode::CPython,
        }
    }

    /// `Some(version)` if the runner's python is CPython 3.11.
    pub fn python_version(&self) -> Option<String> {
        let out = Command::new(&self.python).arg("--version").output().ok()?;
        let v = String::from_utf8_lossy(&out.stdout).trim().to_owned();
        v.starts_with("Python 3.11.").then_some(v)
    }

    /// Runs `src` the ways [`Runner::mode`] says and compares.
    pub fn compare(&self, src: &str) -> Result<Comparison, String> {
        let dir = ScratchDir::new(&self.scratch)?;
        let file = dir.0.join("prog.py");
        std::fs::write(&file, src).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        let base: Vec<&str> = self.typhon_args.iter().map(|s| s.as_str()).collect();
        let mut runs = Vec::new();
        match self.mode {
            Mode::CPython => {
                runs.push(Run {
                    label: "python".to_owned(),
                    outcome: self.run(&self.python, &[], &dir.0)?,
                });
                runs.push(Run {
                    label: "typhon".to_owned(),
                    outcome: self.run(&self.typhon, &base, &dir.0)?,
                });
            }
            Mode::Jit => {
                for (name, text) in [
                    ("warmup0.toml", WARMUP_ZERO_TOML),
                    ("verify.toml", VERIFY_TOML),
                ] {
                    let cfg = dir.0.join(name);
                    std::fs::write(&cfg, text)
                        .map_err(|e| format!("cannot write {}: {e}", cfg.display()))?;
                }
                for (label, extra) in JIT_RUNS {
                    let mut args = base.clone();
                    args.extend_from_slice(extra);
                    runs.push(Run {
                        label: (*label).to_owned(),
                        outcome: self.run(&self.typhon, &args, &dir.0)?,
                    });
                }
            }
        }
        let reference = &runs[0].outcome;
        let verdict = if runs.iter().any(|r| r.outcome.timed_out) {
            let which: Vec<&str> = runs
                .iter()
                .filter(|r| r.outcome.timed_out)
                .map(|r| r.label.as_str())
                .collect();
            Verdict::BadProgram(format!("timed out ({})", which.join(", ")))
        } else if reference.stdout.is_empty()
            && reference.status == Some(1)
            && !contains(&reference.stderr, b"Traceback (most recent call last)")
            && (contains(&reference.stderr, b"SyntaxError")
                || contains(&reference.stderr, b"IndentationError"))
        {
            // A compile error: no traceback header, nothing run.
            Verdict::BadProgram("the reference cannot compile it".to_owned())
        } else if runs
            .iter()
            .any(|r| contains(&r.outcome.stderr, b"is not supported by typhon ("))
        {
            Verdict::OutsideSubset
        } else if runs.iter().all(|r| r.outcome == *reference) {
            Verdict::Same
        } else {
            Verdict::Diverged
        };
        Ok(Comparison { verdict, runs })
    }

    /// What the JIT did with `src` in the `jit-early` run: the summary of
    /// `--stats` (how many functions it compiled and declined, and why).
    pub fn jit_stats(&self, src: &str) -> Result<JitStats, String> {
        let dir = ScratchDir::new(&self.scratch)?;
        let file = dir.0.join("prog.py");
        std::fs::write(&file, src).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        let cfg = dir.0.join("warmup0.toml");
        std::fs::write(&cfg, WARMUP_ZERO_TOML)
            .map_err(|e| format!("cannot write {}: {e}", cfg.display()))?;
        let mut args: Vec<&str> = self.typhon_args.iter().map(|s| s.as_str()).collect();
        args.extend_from_slice(JIT_RUNS[1].1);
        args.push("--stats");
        let out = self.run(&self.typhon, &args, &dir.0)?;
        Ok(JitStats::parse(&String::from_utf8_lossy(&out.stderr)))
    }

    /// Runs `exe ARGS prog.py` in `dir` with a timeout and normalizes its
    /// stderr.
    fn run(&self, exe: &Path, args: &[&str], dir: &Path) -> Result<Outcome, String> {
        let mut cmd = Command::new(exe);
        for (k, _) in std::env::vars_os() {
            if k.to_string_lossy().starts_with("PYTHON") {
                cmd.env_remove(&k);
            }
        }
        cmd.env("PYTHONHASHSEED", "0")
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .env("PYTHONUTF8", "1")
            .env_remove("TYPHON_PATH")
            .env_remove("TYPHON_JIT")
            .args(args)
            .arg("prog.py")
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let start = Instant::now();
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", exe.display()))?;
        let mut out_pipe = child.stdout.take().ok_or("no stdout pipe")?;
        let mut err_pipe = child.stderr.take().ok_or("no stderr pipe")?;
        // Both pipes drain on their own threads so a chatty child cannot block.
        let out_t = thread::spawn(move || {
            let mut b = Vec::new();
            out_pipe.read_to_end(&mut b).map(|_| b)
        });
        let err_t = thread::spawn(move || {
            let mut b = Vec::new();
            err_pipe.read_to_end(&mut b).map(|_| b)
        });
        let mut timed_out = false;
        let status = loop {
            match child.try_wait() {
                Ok(Some(st)) => break st,
                Ok(None) if start.elapsed() > self.timeout => {
                    timed_out = true;
                    // The child may have exited just now: ignore the error.
                    let _ = child.kill();
                    break child.wait().map_err(|e| format!("wait failed: {e}"))?;
                }
                Ok(None) => thread::sleep(Duration::from_millis(1)),
                Err(e) => return Err(format!("wait failed: {e}")),
            }
        };
        let stdout = out_t
            .join()
            .map_err(|_| "stdout reader panicked".to_owned())?
            .map_err(|e| format!("reading stdout: {e}"))?;
        let stderr = err_t
            .join()
            .map_err(|_| "stderr reader panicked".to_owned())?
            .map_err(|e| format!("reading stderr: {e}"))?;
        let stderr = normalize_stderr(&stderr, dir, self.carets);
        Ok(Outcome {
            stdout,
            stderr,
            status: status.code(),
            timed_out,
        })
    }
}

fn count(hay: &[u8], needle: &[u8]) -> usize {
    hay.windows(needle.len()).filter(|w| *w == needle).count()
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// The JIT's part of `--stats` for one program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JitStats {
    /// Names of the functions compiled.
    pub compiled: Vec<String>,
    /// Functions the JIT looked at and left interpreted: name, and the
    /// reason as `--stats` prints it (`unsupported construct (try
    /// statement)`).
    pub declined: Vec<(String, String)>,
    /// Side exits taken by compiled code: reason and count.
    pub exits: Vec<(String, u64)>,
}

impl JitStats {
    /// Reads the `JIT:` section of `--stats` output (nothing found gives
    /// zero counts: no function became hot).
    pub fn parse(stderr: &str) -> JitStats {
        let mut s = JitStats::default();
        let mut in_jit = false;
        for line in stderr.lines() {
            if line == "JIT:" {
                in_jit = true;
            } else if in_jit {
                if let Some(rest) = line.strip_prefix("  compiled ") {
                    // `compiled NAME: ...`, not the `compile time` line.
                    if let Some((name, _)) = rest.split_once(": ") {
                        s.compiled.push(name.to_owned());
                    }
                    // `..., exits: 6 operand type, 1 int overflow`
                    if let Some((_, ex)) = rest.split_once(", exits: ") {
                        for e in ex.split(", ") {
                            if let Some((n, why)) = e.split_once(' ')
                                && let Ok(n) = n.parse()
                            {
                                s.exits.push((why.to_owned(), n));
                            }
                        }
                    }
                } else if let Some(rest) = line.strip_prefix("  interpreted ") {
                    let (name, why) = rest.split_once(": ").unwrap_or((rest, ""));
                    s.declined.push((name.to_owned(), why.to_owned()));
                } else if !line.starts_with("  ") {
                    in_jit = false;
                }
            }
        }
        s
    }
}

/// A scratch directory, removed on drop.
struct ScratchDir(PathBuf);

impl ScratchDir {
    fn new(base: &Path) -> Result<ScratchDir, String> {
        static N: AtomicUsize = AtomicUsize::new(0);
        let p = base.join(format!(
            "typhon-fuzz-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&p).map_err(|e| format!("cannot create {}: {e}", p.display()))?;
        Ok(ScratchDir(p))
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        // Best effort: a leftover scratch directory is harmless.
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `File "<dir>/` becomes `File "` (for every spelling of `dir`), and
/// caret lines go unless `carets`.
pub fn normalize_stderr(err: &[u8], dir: &Path, carets: bool) -> Vec<u8> {
    let mut s = String::from_utf8_lossy(err).into_owned();
    let mut spellings = vec![dir.display().to_string()];
    if let Ok(c) = dir.canonicalize() {
        spellings.push(c.display().to_string());
    }
    for d in spellings {
        s = s.replace(
            &format!("File \"{d}{}", std::path::MAIN_SEPARATOR),
            "File \"",
        );
    }
    if !carets {
        s = s
            .split_inclusive('\n')
            .filter(|l| !is_caret_line(l))
            .collect();
    }
    s.into_bytes()
}

/// A CPython caret line: only spaces, `^` and `~`, with at least one marker.
pub fn is_caret_line(line: &str) -> bool {
    let body = line.strip_suffix('\n').unwrap_or(line);
    body.chars().any(|c| c == '^' || c == '~') && body.chars().all(|c| matches!(c, ' ' | '^' | '~'))
}

/// A readable account of how each run differs from the reference.
pub fn describe(c: &Comparison) -> String {
    let mut s = String::new();
    let Some((first, rest)) = c.runs.split_first() else {
        return s;
    };
    let (rl, r) = (&first.label, &first.outcome);
    for run in rest {
        let (tl, t) = (&run.label, &run.outcome);
        if r == t {
            continue;
        }
        if r.status != t.status {
            s.push_str(&format!(
                "exit status: {rl} {:?}, {tl} {:?}\n",
                r.status, t.status
            ));
        }
        for (what, p, q) in [
            ("stdout", &r.stdout, &t.stdout),
            ("stderr", &r.stderr, &t.stderr),
        ] {
            if p != q {
                s.push_str(&line_diff(
                    what,
                    (rl, &String::from_utf8_lossy(p)),
                    (tl, &String::from_utf8_lossy(q)),
                ));
            }
        }
    }
    s
}

/// The first differing line of two texts with a little context.
fn line_diff(what: &str, reference: (&str, &str), other: (&str, &str)) -> String {
    let p: Vec<&str> = reference.1.lines().collect();
    let t: Vec<&str> = other.1.lines().collect();
    let first = p
        .iter()
        .zip(&t)
        .position(|(a, b)| a != b)
        .unwrap_or(p.len().min(t.len()));
    let mut s = format!(
        "{what} differs at line {} ({} lines from {}, {} from {}):\n",
        first + 1,
        p.len(),
        reference.0,
        t.len(),
        other.0
    );
    let from = first.saturating_sub(2);
    for i in from..(first + 3).min(p.len().max(t.len())) {
        let a = p.get(i).copied().unwrap_or("<end>");
        let b = t.get(i).copied().unwrap_or("<end>");
        if a == b {
            s.push_str(&format!("    {a}\n"));
        } else {
            s.push_str(&format!("  - {a}\n  + {b}\n"));
        }
    }
    s
}

/// Shrinks a diverging program: deletes top-level chunks, then single
/// lines, while the result still diverges (and stays a valid program
/// inside the subset). `budget` bounds the number of runs.
///
/// A deletion that makes CPython report more `NameError`s than before
/// (a definition removed) is refused: it would trade the divergence for
/// another one (the "Did you mean" suggestions).
pub fn minimize(runner: &Runner, prog: &Program, budget: usize) -> Program {
    let name_errors = |c: &Comparison| {
        let r = c.reference();
        count(&r.stdout, b"NameError") + count(&r.stderr, b"NameError")
    };
    let limit = match runner.compare(&prog.source()) {
        Ok(c) if c.verdict == Verdict::Diverged => name_errors(&c),
        _ => return prog.clone(),
    };
    let mut runs = 0;
    let mut still = |p: &Program| -> bool {
        runs += 1;
        runs <= budget
            && matches!(runner.compare(&p.source()),
                Ok(c) if c.verdict == Verdict::Diverged && name_errors(&c) <= limit)
    };
    let mut cur = prog.clone();
    // Chunks, from the end (later statements depend on earlier ones).
    let mut changed = true;
    while changed {
        changed = false;
        let mut i = cur.chunks.len();
        while i > 0 {
            i -= 1;
            let mut cand = cur.clone();
            cand.chunks.remove(i);
            if still(&cand) {
                cur = cand;
                changed = true;
            }
        }
    }
    // Single lines of multi-line chunks.
    let mut i = 0;
    while i < cur.chunks.len() {
        let lines: Vec<String> = cur.chunks[i].lines().map(str::to_owned).collect();
        let mut j = lines.len();
        let mut kept = lines;
        while j > 0 && kept.len() > 1 {
            j -= 1;
            if j >= kept.len() {
                continue;
            }
            let mut cand_lines = kept.clone();
            cand_lines.remove(j);
            let mut cand = cur.clone();
            cand.chunks[i] = cand_lines.join("\n");
            if still(&cand) {
                cur = cand;
                kept = cand_lines;
            }
        }
        i += 1;
    }
    cur
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_lines() {
        assert!(is_caret_line("    ^^^^\n"));
        assert!(is_caret_line("  ~~~^~~"));
        assert!(!is_caret_line("  x ^ y\n"));
        assert!(!is_caret_line("\n"));
    }

    #[test]
    fn jit_stats_parse() {
        let err = "Quickening:\n  x 1\nJIT:\n  functions compiled: 1, declined: 1\n  \
                   compile time: median 1.000 ms, total 1.000 ms\n  compiled j1: 480 bytes, \
                   0.3 ms, 4 calls, exits: 1 int overflow\n  interpreted fn2: unsupported \
                   construct (try statement)\nafter\n";
        let s = JitStats::parse(err);
        assert_eq!(s.compiled, ["j1"]);
        assert_eq!(
            s.declined,
            [(
                "fn2".to_owned(),
                "unsupported construct (try statement)".to_owned()
            )]
        );
        assert_eq!(s.exits, [("int overflow".to_owned(), 1)]);
        assert_eq!(JitStats::parse(""), JitStats::default());
    }

    #[test]
    fn stderr_normalization() {
        let dir = Path::new("/nonexistent/fz");
        let err = b"  File \"/nonexistent/fz/prog.py\", line 1\n    x\n    ^\nE\n";
        assert_eq!(
            normalize_stderr(err, dir, false),
            b"  File \"prog.py\", line 1\n    x\nE\n"
        );
        assert_eq!(
            normalize_stderr(err, dir, true),
            b"  File \"prog.py\", line 1\n    x\n    ^\nE\n"
        );
    }
}
