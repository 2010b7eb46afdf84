//! What Typhon's JIT did in each benchmark: the functions it compiled and
//! how long each took, read from the `JIT:` section of `typhon --stats`
//! (the same run as [`crate::quickening`]).

use serde::Serialize;

/// One compiled function.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CompiledFunction {
    /// Its qualified name.
    pub name: String,
    /// Machine code bytes.
    pub size: u64,
    /// Compile time in milliseconds (bytecode to machine code).
    pub ms: f64,
}

/// The JIT section of one `--stats` report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct JitStats {
    /// Functions compiled, in the order they were.
    pub compiled: Vec<CompiledFunction>,
    /// Functions that became hot but stayed interpreted.
    pub declined: u64,
}

/// Reads the `JIT:` section of `typhon --stats` output (stderr); `None`
/// when there is none (the JIT off) or it is malformed.
pub fn parse(stderr: &str) -> Option<JitStats> {
    let mut lines = stderr.lines().skip_while(|l| *l != "JIT:");
    lines.next()?;
    // "  functions compiled: 1, declined: 0"
    let head = lines.next()?.trim().strip_prefix("functions compiled: ")?;
    let (_, declined) = head.split_once(", declined: ")?;
    let mut compiled = Vec::new();
    for line in lines {
        let Some(rest) = line.strip_prefix("  compiled ") else {
            if line.starts_with("  ") {
                continue;
            }
            break;
        };
        // "NAME: 1224 bytes, 2.004 ms, 2 calls[, ...]" (a qualified name
        // holds no ": "); other lines that start the same way ("compiled on
        // another thread: 1 of them, ...") are not functions.
        let function = || {
            let (name, rest) = rest.split_once(": ")?;
            let mut fields = rest.split(", ");
            let size = fields.next()?.strip_suffix(" bytes")?.parse().ok()?;
            let ms = fields.next()?.strip_suffix(" ms")?.parse().ok()?;
            Some(CompiledFunction {
                name: name.to_owned(),
                size,
                ms,
            })
        };
        compiled.extend(function());
    }
    Some(JitStats {
        compiled,
        declined: declined.trim().parse().ok()?,
    })
}

/// One report from several `--stats` runs of the same program: the first
/// run's functions, each with the median of its compile times over the
/// runs that compiled the same functions (a single sample of a
/// sub-millisecond wall-clock time is at the mercy of one preemption).
/// `None` when no run had a JIT section.
pub fn merge(runs: &[JitStats]) -> Option<JitStats> {
    let first = runs.first()?;
    let same = |r: &&JitStats| {
        r.compiled.len() == first.compiled.len()
            && r.compiled
                .iter()
                .zip(&first.compiled)
                .all(|(a, b)| a.name == b.name)
    };
    let like: Vec<&JitStats> = runs.iter().filter(same).collect();
    let mut out = first.clone();
    for (i, f) in out.compiled.iter_mut().enumerate() {
        let mut t: Vec<f64> = like.iter().map(|r| r.compiled[i].ms).collect();
        f.ms = median(&mut t).unwrap_or(f.ms);
    }
    Some(out)
}

fn median(t: &mut [f64]) -> Option<f64> {
    t.sort_by(f64::total_cmp);
    match t.len() {
        0 => None,
        n if n % 2 == 1 => Some(t[n / 2]),
        n => Some((t[n / 2 - 1] + t[n / 2]) / 2.0),
    }
}

/// The median of the compile times of every function in `all`, in ms.
pub fn median_ms<'a>(all: impl IntoIterator<Item = &'a JitStats>) -> Option<f64> {
    let mut t: Vec<f64> = all
        .into_iter()
        .flat_map(|s| s.compiled.iter().map(|f| f.ms))
        .collect();
    median(&mut t)
}

#[cfg(test)]
mod tests {
    use super::*;

    const REPORT: &str = "checksum: 1\n\
instructions executed: 5, in quickened forms: 2 (40.0%)\n\
JIT:
  functions compiled: 2, declined: 1
  compile time: median 0.600 ms, total 1.100 ms
  compiled kernel: 1224 bytes, 0.500 ms, 2 calls
  compiled main: 800 bytes, 0.600 ms, 1 calls, exits: 3 int overflow, 1 left for the interpreter
  interpreted fib: no loop
";

    #[test]
    fn reads_compiled_functions_and_their_times() {
        let s = parse(REPORT).expect("parses");
        assert_eq!(s.declined, 1);
        assert_eq!(
            s.compiled,
            vec![
                CompiledFunction {
                    name: "kernel".into(),
                    size: 1224,
                    ms: 0.5
                },
                CompiledFunction {
                    name: "main".into(),
                    size: 800,
                    ms: 0.6
                },
            ]
        );
        assert_eq!(median_ms([&s]), Some(0.55));
    }

    #[test]
    fn merging_runs_takes_each_functions_median() {
        let run = |a: f64, b: f64| JitStats {
            compiled: vec![
                CompiledFunction {
                    name: "kernel".into(),
                    size: 10,
                    ms: a,
                },
                CompiledFunction {
                    name: "main".into(),
                    size: 20,
                    ms: b,
                },
            ],
            declined: 0,
        };
        // A run that compiled something else is left out of the medians.
        let other = JitStats {
            compiled: vec![CompiledFunction {
                name: "other".into(),
                size: 5,
                ms: 99.0,
            }],
            declined: 0,
        };
        let m = merge(&[run(0.4, 0.9), run(5.0, 0.7), other, run(0.5, 0.8)]).expect("merges");
        assert_eq!(m.compiled[0].ms, 0.5);
        assert_eq!(m.compiled[1].ms, 0.8);
        assert_eq!(m.compiled[0].size, 10);
        assert_eq!(merge(&[]), None);
    }

    #[test]
    fn skips_the_line_about_compiling_on_another_thread() {
        // `typhon --stats bench/programs/fib.py` with background compiles.
        let out = "JIT:
  functions compiled: 1, declined: 0
  compiled on another thread: 1 of them, while the interpreter ran on
  warm-up: 1.216 ms on another thread
  compile time: median 1.298 ms, total 1.298 ms
  compiled fib: 3176 bytes, 1.298 ms, 1895439 calls
";
        let s = parse(out).expect("parses");
        assert_eq!(
            s.compiled,
            vec![CompiledFunction {
                name: "fib".into(),
                size: 3176,
                ms: 1.298
            }]
        );
    }

    #[test]
    fn no_section_or_a_broken_one_is_none() {
        assert_eq!(parse("checksum: 1\n"), None);
        assert_eq!(parse("JIT:\n  nonsense\n"), None);
        assert_eq!(median_ms([]), None);
    }
}
