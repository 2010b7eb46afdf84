//! Running child processes with a time limit and parsing the program protocol.

use std::io::Read;
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// What a finished child process left behind.
#[derive(Debug)]
pub struct Captured {
    /// Exit status of the child.
    pub status: ExitStatus,
    /// Everything it wrote to stdout (lossily decoded as UTF-8).
    pub stdout: String,
    /// Everything it wrote to stderr (lossily decoded as UTF-8).
    pub stderr: String,
}

/// Runs `cmd` to completion with stdin closed and stdout/stderr captured.
///
/// The child is killed if it runs longer than `timeout`.
pub fn run(cmd: &mut Command, timeout: Duration) -> Result<Captured, String> {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let program = cmd.get_program().to_string_lossy().into_owned();
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot start `{program}`: {e}"))?;
    let stdout = child.stdout.take().map(drain);
    let stderr = child.stderr.take().map(drain);

    let deadline = Instant::now() + timeout;
    let mut pause = Duration::from_millis(1);
    let waited = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Ok(status),
            Ok(None) if Instant::now() >= deadline => {
                // Best effort: the child may exit on its own in between.
                let _ = child.kill();
                let _ = child.wait();
                break Err(format!("timed out after {timeout:?}"));
            }
            Ok(None) => {
                thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(50));
            }
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                break Err(format!("cannot wait for `{program}`: {e}"));
            }
        }
    };
    // On failure the reader threads are left detached: a grandchild that
    // inherited the pipes could keep them open long after the child died.
    let status = waited?;
    Ok(Captured {
        status,
        stdout: join(stdout),
        stderr: join(stderr),
    })
}

fn drain<R: Read + Send + 'static>(mut pipe: R) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        // A read error just truncates the output; the protocol check reports it.
        let _ = pipe.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

fn join(handle: Option<thread::JoinHandle<String>>) -> String {
    handle.and_then(|h| h.join().ok()).unwrap_or_default()
}

/// One successful run of a benchmark program.
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    /// The `checksum:` value, verbatim (trimmed).
    pub checksum: String,
    /// The `ns_per_iter:` value.
    pub ns_per_iter: f64,
}

/// Checks that a benchmark process succeeded and parses its two protocol lines.
///
/// Extra output lines are ignored; if a key appears more than once the last one wins.
pub fn parse_measurement(out: &Captured) -> Result<Measurement, String> {
    if !out.status.success() {
        let how = match out.status.code() {
            Some(code) => format!("exited with status {code}"),
            None => describe_signal(&out.status),
        };
        return Err(match last_line(&out.stderr) {
            Some(line) => format!("{how}: {line}"),
            None => how,
        });
    }
    let mut checksum = None;
    let mut ns = None;
    for line in out.stdout.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("checksum:") {
            checksum = Some(rest.trim().to_owned());
        } else if let Some(rest) = line.strip_prefix("ns_per_iter:") {
            ns = Some(rest.trim().to_owned());
        }
    }
    let context = || match last_line(&out.stderr) {
        Some(line) => format!(" (stderr: {line})"),
        None => String::new(),
    };
    let checksum = checksum.ok_or_else(|| format!("no `checksum:` line in output{}", context()))?;
    let ns_text = ns.ok_or_else(|| format!("no `ns_per_iter:` line in output{}", context()))?;
    let ns_per_iter = ns_text
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v >= 0.0)
        .ok_or_else(|| format!("bad `ns_per_iter:` value {ns_text:?}"))?;
    Ok(Measurement {
        checksum,
        ns_per_iter,
    })
}

#[cfg(unix)]
fn describe_signal(status: &ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match status.signal() {
        Some(sig) => format!("killed by signal {sig}"),
        None => format!("failed ({status})"),
    }
}

#[cfg(not(unix))]
fn describe_signal(status: &ExitStatus) -> String {
    format!("failed ({status})")
}

/// The last non-blank line of `text`, shortened to at most 200 characters.
pub fn last_line(text: &str) -> Option<String> {
    text.lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .map(|l| truncate(l, 200))
}

/// Shortens `s` to at most `max` characters, marking the cut with `…`.
pub fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_owned()
    } else {
        let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
        out.push('…');
        out
    }
}

/// Runs a `--version`-style probe and returns its first non-blank output line.
pub fn probe_version(cmd: &mut Command) -> Result<String, String> {
    let out = run(cmd, Duration::from_secs(30))?;
    if !out.status.success() {
        return Err(format!("exited with {}", out.status));
    }
    // Python 2 and some tools print their version on stderr.
    let text = format!("{}\n{}", out.stdout, out.stderr);
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .map(str::to_owned)
        .ok_or_else(|| "printed nothing".to_owned())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn sh(script: &str) -> Captured {
        run(
            Command::new("sh").args(["-c", script]),
            Duration::from_secs(10),
        )
        .expect("sh runs")
    }

    #[test]
    fn parses_protocol() {
        let m = parse_measurement(&sh("echo 'checksum: 42'; echo 'ns_per_iter: 1.500'"))
            .expect("valid output");
        assert_eq!(m.checksum, "42");
        assert_eq!(m.ns_per_iter, 1.5);
    }

    #[test]
    fn reports_failures() {
        let e = parse_measurement(&sh("echo 'ValueError: boom' >&2; exit 3")).unwrap_err();
        assert_eq!(e, "exited with status 3: ValueError: boom");
        let e = parse_measurement(&sh("echo 'checksum: 1'")).unwrap_err();
        assert!(e.starts_with("no `ns_per_iter:`"), "{e}");
        let e = parse_measurement(&sh("echo 'checksum: 1'; echo 'ns_per_iter: fast'")).unwrap_err();
        assert!(e.starts_with("bad `ns_per_iter:`"), "{e}");
        let e = parse_measurement(&sh("kill -9 $$")).unwrap_err();
        assert_eq!(e, "killed by signal 9");
    }

    #[test]
    fn enforces_timeout() {
        let e = run(
            Command::new("sh").args(["-c", "sleep 5"]),
            Duration::from_millis(100),
        )
        .unwrap_err();
        assert!(e.starts_with("timed out"), "{e}");
    }
}
