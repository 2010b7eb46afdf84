//! Running a program with CPython and Typhon and comparing the results.
//!
//! Both run in a scratch directory as `prog.py` with the environment of
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

/// Both runs of one program and the verdict.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// The verdict.
    pub verdict: Verdict,
    /// CPython's run.
    pub python: Outcome,
    /// Typhon's run.
    pub typhon: Outcome,
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
}

impl Runner {
    /// A runner for `typhon` with `python3` from `PATH`, 10 s per run,
    /// carets compared, `--check-leaks` on as in the corpus.
    pub fn new(typhon: impl Into<PathBuf>) -> Runner {
        Runner {
            typhon: typhon.into(),
            typhon_args: vec!["--check-leaks".to_owned()],
            python: PathBuf::from("python3"),
            carets: true,
            timeout: Duration::from_secs(10),
            scratch: std::env::temp_dir(),
        }
    }

    /// `Some(version)` if the runner's python is CPython 3.11.
    pub fn python_version(&self) -> Option<String> {
        let out = Command::new(&self.python).arg("--version").output().ok()?;
        let v = String::from_utf8_lossy(&out.stdout).trim().to_owned();
        v.starts_with("Python 3.11.").then_some(v)
    }

    /// Runs `src` under both and compares.
    pub fn compare(&self, src: &str) -> Result<Comparison, String> {
        let dir = ScratchDir::new(&self.scratch)?;
        let file = dir.0.join("prog.py");
        std::fs::write(&file, src).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        let python = self.run(&self.python, &[], &dir.0)?;
        let args: Vec<&str> = self.typhon_args.iter().map(|s| s.as_str()).collect();
        let typhon = self.run(&self.typhon, &args, &dir.0)?;
        let verdict = if python.timed_out || typhon.timed_out {
            Verdict::BadProgram(format!(
                "timed out (python: {}, typhon: {})",
                python.timed_out, typhon.timed_out
            ))
        } else if python.stdout.is_empty()
            && python.status == Some(1)
            && !contains(&python.stderr, b"Traceback (most recent call last)")
            && (contains(&python.stderr, b"SyntaxError")
                || contains(&python.stderr, b"IndentationError"))
        {
            // A compile error: no traceback header, nothing run.
            Verdict::BadProgram("CPython cannot compile it".to_owned())
        } else if contains(&typhon.stderr, b"is not supported by typhon (") {
            Verdict::OutsideSubset
        } else if python == typhon {
            Verdict::Same
        } else {
            Verdict::Diverged
        };
        Ok(Comparison {
            verdict,
            python,
            typhon,
        })
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

/// A readable account of how Typhon's run differs from CPython's.
pub fn describe(c: &Comparison) -> String {
    let mut s = String::new();
    if c.python.status != c.typhon.status {
        s.push_str(&format!(
            "exit status: python {:?}, typhon {:?}\n",
            c.python.status, c.typhon.status
        ));
    }
    for (what, p, t) in [
        ("stdout", &c.python.stdout, &c.typhon.stdout),
        ("stderr", &c.python.stderr, &c.typhon.stderr),
    ] {
        if p != t {
            s.push_str(&line_diff(
                what,
                &String::from_utf8_lossy(p),
                &String::from_utf8_lossy(t),
            ));
        }
    }
    s
}

/// The first differing line of two texts with a little context.
fn line_diff(what: &str, python: &str, typhon: &str) -> String {
    let p: Vec<&str> = python.lines().collect();
    let t: Vec<&str> = typhon.lines().collect();
    let first = p
        .iter()
        .zip(&t)
        .position(|(a, b)| a != b)
        .unwrap_or(p.len().min(t.len()));
    let mut s = format!(
        "{what} differs at line {} ({} lines from python, {} from typhon):\n",
        first + 1,
        p.len(),
        t.len()
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
        count(&c.python.stdout, b"NameError") + count(&c.python.stderr, b"NameError")
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
