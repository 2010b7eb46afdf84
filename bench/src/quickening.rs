//! How much of each benchmark Typhon's interpreter ran in quickened
//! (specialized) form, read from `typhon --stats`.
//!
//! The harness runs each program once more on Typhon, with `--stats` and
//! the benchmark's small N, after the timed runs (stats never run during
//! timing). Two fractions come out: of all instructions executed, and of
//! the instructions of the families that have quickened forms (LOAD_FAST,
//! LOAD_GLOBAL, BINARY_OP, CALL, …; STORE_FAST or JUMP_BACKWARD have none).

use serde::Serialize;

/// Counts from one `--stats` report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Quickening {
    /// Instructions executed in the whole run.
    pub executed: u64,
    /// Of those, executed in a quickened form.
    pub quickened: u64,
    /// Instructions of families that have quickened forms.
    pub family_executed: u64,
    /// Of those, executed in a quickened form.
    pub family_quickened: u64,
}

impl Quickening {
    /// `quickened / executed`, or `None` when nothing ran.
    pub fn fraction(&self) -> Option<f64> {
        ratio(self.quickened, self.executed)
    }

    /// `family_quickened / family_executed`, or `None`.
    pub fn family_fraction(&self) -> Option<f64> {
        ratio(self.family_quickened, self.family_executed)
    }
}

fn ratio(a: u64, b: u64) -> Option<f64> {
    (b > 0).then(|| a as f64 / b as f64)
}

/// Reads the family table and the totals line of `typhon --stats` output
/// (stderr); `None` if the report is missing or malformed.
pub fn parse(stderr: &str) -> Option<Quickening> {
    let mut lines = stderr.lines().skip_while(|l| !l.starts_with("family "));
    lines.next()?;
    let (mut family_executed, mut family_quickened) = (0u64, 0u64);
    for line in lines {
        if let Some(rest) = line.strip_prefix("instructions executed: ") {
            // "660099, in quickened forms: 439988 (66.7%)"
            let (executed, rest) = rest.split_once(", in quickened forms: ")?;
            let quickened = rest.split_whitespace().next()?;
            return Some(Quickening {
                executed: executed.trim().parse().ok()?,
                quickened: quickened.parse().ok()?,
                family_executed,
                family_quickened,
            });
        }
        let mut cols = line.split_whitespace();
        let _family = cols.next()?;
        family_executed += cols.next()?.parse::<u64>().ok()?;
        family_quickened += cols.next()?.parse::<u64>().ok()?;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const REPORT: &str = "checksum: 1\nns_per_iter: 2\n\
Typhon quickening stats
family                executed     quickened       spec ok     spec fail        misses        deopts quickened %
LOAD_FAST               220010        220004             0             0             0             0      100.0%
LOAD_GLOBAL                 13             0             0             0             0             0        0.0%
CALL                    110007        109991             1             0             0             0      100.0%
instructions executed: 660099, in quickened forms: 439988 (66.7%)
top quickened opcodes:
  CALL_EXT_TYPED                      109991
";

    #[test]
    fn reads_the_stats_report() {
        let q = parse(REPORT).expect("parsed");
        assert_eq!(q.executed, 660_099);
        assert_eq!(q.quickened, 439_988);
        assert_eq!(q.family_executed, 220_010 + 13 + 110_007);
        assert_eq!(q.family_quickened, 220_004 + 109_991);
        let f = q.family_fraction().expect("fraction");
        assert!((f - 329_995.0 / 330_030.0).abs() < 1e-12);
    }

    #[test]
    fn rejects_a_missing_or_cut_report() {
        assert_eq!(parse("checksum: 1\n"), None);
        let cut = REPORT.split("instructions executed").next().unwrap_or("");
        assert_eq!(parse(cut), None);
    }
}
