//! Facts about the machine and the invocation: paths, CPU, date, command line.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;

/// Directories the harness works with.
#[derive(Clone, Debug)]
pub struct Paths {
    /// The workspace root (parent of `bench/`).
    pub workspace: PathBuf,
    /// The `bench/` directory.
    pub bench: PathBuf,
    /// Cargo's target directory (`CARGO_TARGET_DIR` or `<workspace>/target`).
    pub target: PathBuf,
    /// The Cargo profile Typhon is built with (`release` unless `--profile`
    /// says otherwise); its binaries are in `target/<profile>/`.
    pub profile: String,
}

impl Paths {
    /// Locates the directories from the crate's compile-time manifest directory.
    pub fn discover() -> Paths {
        let bench = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let workspace = bench
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| bench.clone());
        let target = match std::env::var_os("CARGO_TARGET_DIR") {
            Some(dir) => workspace.join(dir),
            None => workspace.join("target"),
        };
        Paths {
            workspace,
            bench,
            target,
            profile: "release".to_owned(),
        }
    }

    /// `target/<profile>/`: where the profile's binaries are.
    pub fn profile_dir(&self) -> PathBuf {
        self.target.join(&self.profile)
    }

    /// `bench/programs/`.
    pub fn programs(&self) -> PathBuf {
        self.bench.join("programs")
    }
}

/// The machine the benchmarks ran on.
#[derive(Clone, Debug, Serialize)]
pub struct Machine {
    /// CPU model name from `/proc/cpuinfo` (`"unknown"` if unavailable).
    pub cpu_model: String,
    /// The processor generation: family, model and stepping from
    /// `/proc/cpuinfo` (`"family 25, model 17, stepping 1"`; `"unknown"` if
    /// unavailable). Virtual machines often give every generation the same
    /// model name ("AMD EPYC"), and the ratios between runtimes differ from
    /// one generation to the next, so a record names it.
    pub cpu_id: String,
    /// Number of logical CPUs available to the process.
    pub cores: usize,
}

impl Machine {
    /// Reads the CPU model, its generation and the core count.
    pub fn detect() -> Machine {
        let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let (cpu_model, cpu_id) = describe_cpu(&info);
        let cores = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1);
        Machine {
            cpu_model,
            cpu_id,
            cores,
        }
    }
}

/// The model name and the "family F, model M, stepping S" of the first
/// processor listed in the text of `/proc/cpuinfo`; `"unknown"` for either
/// when its fields are missing.
fn describe_cpu(info: &str) -> (String, String) {
    // The first processor's block: the fields up to the first blank line.
    let field = |name: &str| {
        info.lines()
            .take_while(|l| !l.trim().is_empty())
            .filter_map(|l| l.split_once(':'))
            .find(|(key, _)| key.trim() == name)
            .map(|(_, value)| value.trim().to_owned())
    };
    let model_name = field("model name").unwrap_or_else(|| "unknown".to_owned());
    let id = match (field("cpu family"), field("model"), field("stepping")) {
        (Some(f), Some(m), Some(s)) => format!("family {f}, model {m}, stepping {s}"),
        _ => "unknown".to_owned(),
    };
    (model_name, id)
}

/// The current UTC time as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    format_utc(secs)
}

/// Formats seconds since the Unix epoch as `YYYY-MM-DDTHH:MM:SSZ`.
fn format_utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Converts days since 1970-01-01 to a proleptic Gregorian (year, month, day)
/// (Howard Hinnant's `civil_from_days`).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The command line this process was started with, in a form that can be
/// pasted into a shell. When run through `cargo run`, it is rendered as the
/// equivalent `cargo run -p bench [--release] -- ARGS` invocation.
pub fn command_line() -> String {
    let mut args = std::env::args();
    let argv0 = args.next().unwrap_or_else(|| "bench".to_owned());
    let rest: Vec<String> = args.map(|a| shell_quote(&a)).collect();
    let via_cargo = std::env::var_os("CARGO").is_some();
    let mut line = if via_cargo {
        let release = Path::new(&argv0)
            .components()
            .any(|c| c.as_os_str() == "release");
        let mut l = "cargo run -p bench".to_owned();
        if release {
            l.push_str(" --release");
        }
        if !rest.is_empty() {
            l.push_str(" --");
        }
        l
    } else {
        shell_quote(&argv0)
    };
    for arg in rest {
        line.push(' ');
        line.push_str(&arg);
    }
    line
}

/// Quotes `arg` for a POSIX shell if it contains anything but safe characters.
fn shell_quote(arg: &str) -> String {
    let safe = !arg.is_empty()
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./,=:+@%".contains(c));
    if safe {
        arg.to_owned()
    } else {
        format!("'{}'", arg.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_dates() {
        assert_eq!(format_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(format_utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(format_utc(1_735_689_599), "2024-12-31T23:59:59Z");
    }

    #[test]
    fn describes_the_first_cpu() {
        let info = "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\n\
                    model\t\t: 17\nmodel name\t: AMD EPYC\nstepping\t: 1\n\n\
                    processor\t: 1\ncpu family\t: 23\nmodel\t\t: 49\n\
                    model name\t: Other\nstepping\t: 0\n";
        assert_eq!(
            describe_cpu(info),
            (
                "AMD EPYC".to_owned(),
                "family 25, model 17, stepping 1".to_owned()
            )
        );
        // `model` is not `model name`, whichever comes first.
        let swapped = "model name\t: X\nmodel\t: 7\ncpu family\t: 6\nstepping\t: 3\n";
        assert_eq!(describe_cpu(swapped).1, "family 6, model 7, stepping 3");
        assert_eq!(
            describe_cpu("processor\t: 0\n"),
            ("unknown".to_owned(), "unknown".to_owned())
        );
        assert_eq!(
            describe_cpu(""),
            ("unknown".to_owned(), "unknown".to_owned())
        );
    }

    #[test]
    fn quotes_arguments() {
        assert_eq!(shell_quote("--runs"), "--runs");
        assert_eq!(shell_quote("cpython,native"), "cpython,native");
        assert_eq!(shell_quote("a b"), "'a b'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
    }
}
