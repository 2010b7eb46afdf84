//! The runtimes under test: locating, building and version-probing them.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use clap::ValueEnum;
use serde::Serialize;

use crate::process;
use crate::sysinfo::Paths;

/// A runtime the harness can measure.
///
/// The declaration order is the column/row order of every report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, ValueEnum, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RuntimeKind {
    /// `target/<profile>/typhon` (`target/release/typhon` but with `--profile`), JIT enabled.
    Typhon,
    /// The same binary with `TYPHON_JIT=0`.
    TyphonNojit,
    /// `python3`, which must be CPython 3.11.x.
    Cpython,
    /// `pypy3` from `PATH`, if installed.
    Pypy,
    /// `bench/native/native.c` compiled with `cc -O2`.
    Native,
}

impl RuntimeKind {
    /// The name used on the command line and in JSON (`typhon-nojit`, ...).
    pub fn name(self) -> &'static str {
        match self {
            RuntimeKind::Typhon => "typhon",
            RuntimeKind::TyphonNojit => "typhon-nojit",
            RuntimeKind::Cpython => "cpython",
            RuntimeKind::Pypy => "pypy",
            RuntimeKind::Native => "native",
        }
    }

    /// Human-readable label for tables and plots.
    pub fn label(self) -> &'static str {
        match self {
            RuntimeKind::Typhon => "Typhon",
            RuntimeKind::TyphonNojit => "Typhon (no JIT)",
            RuntimeKind::Cpython => "CPython",
            RuntimeKind::Pypy => "PyPy",
            RuntimeKind::Native => "native C",
        }
    }
}

/// A runtime that is ready to run benchmarks.
#[derive(Clone, Debug)]
pub struct Runtime {
    /// Which runtime this is.
    pub kind: RuntimeKind,
    /// The executable to start.
    pub program: PathBuf,
    /// Extra environment variables for every run.
    pub env: Vec<(String, String)>,
    /// Where this runtime's build of `bench_ext` is, as the environment
    /// variable that puts it on the module path (`TYPHON_PATH`,
    /// `PYTHONPATH`) and the directory; `None` if it could not be built.
    pub ext: Option<(&'static str, PathBuf)>,
    /// The embedding host for the benchmarks of registered Rust functions
    /// (`examples/embed`, built with `typhon`), for the Typhon runtimes.
    pub embed_host: Option<PathBuf>,
}

impl Runtime {
    /// The command that runs one benchmark: `PROGRAM FILE N` for Python runtimes,
    /// `native NATIVE_NAME N` for the native runtime.
    pub fn command(&self, script_or_native_name: &str, n: u64) -> Command {
        self.command_with(&[], script_or_native_name, n)
    }

    /// [`Runtime::command`] with runtime options before the script.
    pub fn command_with(&self, options: &[&str], script_or_native_name: &str, n: u64) -> Command {
        let mut cmd = Command::new(&self.program);
        cmd.args(options);
        cmd.arg(script_or_native_name).arg(n.to_string());
        cmd.envs(self.env.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        if let Some((var, dir)) = &self.ext {
            cmd.env(var, dir);
        }
        cmd
    }

    /// The command that runs a benchmark of registered Rust functions:
    /// `embed OPTIONS [--no-jit] FILE N` (`None` for runtimes other than
    /// Typhon's, or when the host was not built).
    pub fn embed_command(&self, options: &[&str], script: &str, n: u64) -> Option<Command> {
        let host = self.embed_host.as_ref()?;
        let mut cmd = Command::new(host);
        cmd.args(options);
        match self.kind {
            RuntimeKind::Typhon => {}
            RuntimeKind::TyphonNojit => {
                cmd.arg("--no-jit");
            }
            _ => return None,
        }
        cmd.arg(script).arg(n.to_string());
        Some(cmd)
    }
}

/// The outcome of preparing one requested runtime.
#[derive(Debug)]
pub struct RuntimeStatus {
    /// Which runtime this is.
    pub kind: RuntimeKind,
    /// Version string, when it could be determined.
    pub version: Option<String>,
    /// Why the runtime is skipped, or a caveat about it.
    pub note: Option<String>,
    /// The runtime, if it can run benchmarks.
    pub runtime: Option<Runtime>,
}

impl RuntimeStatus {
    fn ready(kind: RuntimeKind, program: PathBuf, version: String) -> Self {
        RuntimeStatus {
            kind,
            version: Some(version),
            note: None,
            runtime: Some(Runtime {
                kind,
                program,
                env: Vec::new(),
                ext: None,
                embed_host: None,
            }),
        }
    }

    fn skipped(kind: RuntimeKind, version: Option<String>, note: String) -> Self {
        RuntimeStatus {
            kind,
            version,
            note: Some(note),
            runtime: None,
        }
    }
}

/// Prepares every requested runtime: builds Typhon and the native program,
/// checks interpreter versions. Never fails; unusable runtimes come back with
/// `runtime: None` and a note. `log` receives progress and diagnostics.
pub fn prepare(kinds: &[RuntimeKind], paths: &Paths, log: &dyn Fn(&str)) -> Vec<RuntimeStatus> {
    let wants_typhon = kinds
        .iter()
        .any(|k| matches!(k, RuntimeKind::Typhon | RuntimeKind::TyphonNojit));
    let typhon = wants_typhon.then(|| prepare_typhon(paths, log));
    let mut statuses: Vec<RuntimeStatus> = kinds
        .iter()
        .map(|&kind| match kind {
            RuntimeKind::Typhon | RuntimeKind::TyphonNojit => match &typhon {
                Some(Ok((program, version))) => {
                    let mut status = RuntimeStatus::ready(kind, program.clone(), version.clone());
                    if let Some(rt) = &mut status.runtime {
                        let host = paths.profile_dir().join("examples").join("embed");
                        rt.embed_host = host.is_file().then_some(host);
                    }
                    if let (RuntimeKind::TyphonNojit, Some(rt)) = (kind, &mut status.runtime) {
                        rt.env.push(("TYPHON_JIT".into(), "0".into()));
                        status.note = Some("same binary, run with TYPHON_JIT=0".into());
                    }
                    status
                }
                Some(Err(note)) => RuntimeStatus::skipped(kind, None, note.clone()),
                None => RuntimeStatus::skipped(kind, None, "skipped: typhon not prepared".into()),
            },
            RuntimeKind::Cpython => prepare_cpython(),
            RuntimeKind::Pypy => prepare_pypy(),
            RuntimeKind::Native => prepare_native(paths, log),
        })
        .collect();
    for status in &mut statuses {
        attach_extension(status, paths, log);
    }
    statuses
}

/// Gives a Python runtime its build of `bench_ext`: Typhon's comes from the
/// `extensions` crate (built with this harness, against Typhon's headers);
/// CPython's and PyPy's are compiled here from the same source against
/// their own headers. A runtime without headers keeps running the other
/// benchmarks; the extension benchmarks are skipped for it with a note.
fn attach_extension(status: &mut RuntimeStatus, paths: &Paths, log: &dyn Fn(&str)) {
    let Some(rt) = status.runtime.as_mut() else {
        return;
    };
    let built = match rt.kind {
        RuntimeKind::Native => return,
        RuntimeKind::Typhon | RuntimeKind::TyphonNojit => {
            Ok(("TYPHON_PATH", extensions::typhon_dir().to_path_buf()))
        }
        RuntimeKind::Cpython | RuntimeKind::Pypy => {
            let python = rt.program.to_string_lossy().into_owned();
            let dir = paths.target.join("bench-ext").join(rt.kind.name());
            log(&format!(
                "building bench_ext for {} against its own headers",
                rt.kind.name()
            ));
            extensions::runtime(&python)
                .and_then(|r| extensions::build_for(&r, &["bench_ext"], &dir))
                .map(|()| ("PYTHONPATH", dir))
        }
    };
    match built {
        Ok(ext) => rt.ext = Some(ext),
        Err(e) => {
            let note = format!("bench_ext not built, extension benchmarks skipped: {e}");
            status.note = Some(match status.note.take() {
                Some(n) => format!("{n}; {note}"),
                None => note,
            });
        }
    }
}

/// Builds `typhon` (and the embedding host) in the harness's profile;
/// returns the binary and its version.
fn prepare_typhon(paths: &Paths, log: &dyn Fn(&str)) -> Result<(PathBuf, String), String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let profile = if paths.profile == "release" {
        "--release".to_owned()
    } else {
        format!("--profile {}", paths.profile)
    };
    let build = format!("cargo build {profile} -p typhon");
    log(&format!(
        "building typhon: {build} --bin typhon --example embed"
    ));
    let mut cmd = Command::new(cargo);
    cmd.args(["build", "--profile", &paths.profile])
        .args(["-p", "typhon", "--bin", "typhon", "--example", "embed"])
        .current_dir(&paths.workspace);
    let out = process::run(&mut cmd, Duration::from_secs(3600))
        .map_err(|e| format!("cargo build of typhon failed: {e}"))?;
    if !out.status.success() {
        let tail: Vec<&str> = out.stderr.lines().rev().take(20).collect();
        log(&format!("{build} failed; last lines of its output:"));
        for line in tail.iter().rev() {
            log(&format!("    {line}"));
        }
        let first_error = out
            .stderr
            .lines()
            .find(|l| l.trim_start().starts_with("error"))
            .map(|l| process::truncate(l.trim(), 160));
        return Err(match first_error {
            Some(e) => format!("skipped: `{build}` failed ({e})"),
            None => format!("skipped: `{build}` failed ({})", out.status),
        });
    }
    let program = paths.profile_dir().join("typhon");
    if !program.is_file() {
        return Err(format!(
            "skipped: build succeeded but {} does not exist",
            program.display()
        ));
    }
    let version = match process::probe_version(Command::new(&program).arg("--version")) {
        Ok(v) => v,
        Err(e) => format!("unknown (`typhon --version` {e})"),
    };
    Ok((program, version))
}

fn prepare_cpython() -> RuntimeStatus {
    let kind = RuntimeKind::Cpython;
    match process::probe_version(Command::new("python3").arg("--version")) {
        Ok(v) if v.starts_with("Python 3.11.") => {
            RuntimeStatus::ready(kind, PathBuf::from("python3"), v)
        }
        Ok(v) => RuntimeStatus::skipped(
            kind,
            Some(v.clone()),
            format!("skipped: python3 is {v}, CPython 3.11.x is required"),
        ),
        Err(e) => RuntimeStatus::skipped(kind, None, format!("skipped: python3 unusable ({e})")),
    }
}

fn prepare_pypy() -> RuntimeStatus {
    let kind = RuntimeKind::Pypy;
    if find_on_path("pypy3").is_none() {
        return RuntimeStatus::skipped(kind, None, "skipped: pypy3 is not on PATH".into());
    }
    let mut cmd = Command::new("pypy3");
    cmd.arg("--version");
    match process::run(&mut cmd, Duration::from_secs(30)) {
        Ok(out) if out.status.success() => {
            // `pypy3 --version` prints two lines: the Python version and the PyPy build.
            let text = format!("{}\n{}", out.stdout, out.stderr);
            let version = text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join(" ");
            RuntimeStatus::ready(kind, PathBuf::from("pypy3"), version)
        }
        Ok(out) => RuntimeStatus::skipped(
            kind,
            None,
            format!("skipped: `pypy3 --version` exited with {}", out.status),
        ),
        Err(e) => RuntimeStatus::skipped(kind, None, format!("skipped: pypy3 unusable ({e})")),
    }
}

/// Compiles `bench/native/native.c` into `target/bench-native/native`.
fn prepare_native(paths: &Paths, log: &dyn Fn(&str)) -> RuntimeStatus {
    let kind = RuntimeKind::Native;
    let cc = std::env::var("CC").unwrap_or_default();
    let mut words = cc.split_whitespace();
    let compiler = words.next().unwrap_or("cc").to_owned();
    let cc_args: Vec<String> = words.map(str::to_owned).collect();

    let mut probe = Command::new(&compiler);
    probe.args(&cc_args).arg("--version");
    let version = match process::probe_version(&mut probe) {
        Ok(v) => v,
        Err(e) => {
            return RuntimeStatus::skipped(
                kind,
                None,
                format!("skipped: C compiler `{compiler}` unusable ({e})"),
            );
        }
    };

    let out_dir = paths.target.join("bench-native");
    if let Err(e) = std::fs::create_dir_all(&out_dir) {
        let note = format!("skipped: cannot create {}: {e}", out_dir.display());
        return RuntimeStatus::skipped(kind, Some(version), note);
    }
    let binary = out_dir.join("native");
    let source = paths.bench.join("native").join("native.c");
    log(&format!(
        "compiling {} with {compiler} -O2",
        source.display()
    ));
    let mut cmd = Command::new(&compiler);
    cmd.args(&cc_args)
        .args(["-O2", "-ffp-contract=off", "-o"])
        .arg(&binary)
        .arg(&source);
    match process::run(&mut cmd, Duration::from_secs(300)) {
        Ok(out) if out.status.success() => RuntimeStatus::ready(kind, binary, version),
        Ok(out) => {
            for line in out.stderr.lines() {
                log(&format!("    {line}"));
            }
            let why = process::last_line(&out.stderr).unwrap_or_else(|| out.status.to_string());
            RuntimeStatus::skipped(
                kind,
                Some(version),
                format!("skipped: compiling native.c failed ({why})"),
            )
        }
        Err(e) => RuntimeStatus::skipped(
            kind,
            Some(version),
            format!("skipped: compiling native.c failed ({e})"),
        ),
    }
}

/// Finds an executable named `name` in `PATH`.
fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| is_executable(p))
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
}
