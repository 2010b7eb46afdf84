//! The JIT's counters and decline reasons, declared once; `--stats`
//! prints them ([`Stats::report`]).

use crate::deopt::ExitReason;
use std::fmt::Write;
use std::time::Duration;

/// Why a function was not compiled (it stays interpreted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decline {
    /// An instruction or construct outside the subset the compiler lowers.
    Unsupported,
    /// An operation on objects compiled code does not do yet.
    NeedsObjects,
    /// Operand types unknown (no feedback from the interpreter).
    UnknownTypes,
    /// The configuration keeps this function interpreted.
    Disabled,
    /// Cranelift rejected the function (an internal error).
    Codegen,
    /// No loop and no direct C call: nothing to gain.
    NoLoop,
    /// The function has a loop, but an instruction on the way to it has
    /// not run often enough to have types (it runs once a call: a method
    /// that reads `self.tasks` and then loops): asked again after more
    /// calls ([`crate::Jit`]'s retries).
    NotYet,
}

impl Decline {
    /// Every reason, in declaration order.
    pub const ALL: &'static [Decline] = &[
        Decline::Unsupported,
        Decline::NeedsObjects,
        Decline::UnknownTypes,
        Decline::Disabled,
        Decline::Codegen,
        Decline::NoLoop,
        Decline::NotYet,
    ];

    /// The reason as `--stats` prints it.
    pub fn describe(self) -> &'static str {
        match self {
            Decline::Unsupported => "unsupported construct",
            Decline::NeedsObjects => "needs objects",
            Decline::UnknownTypes => "unknown types",
            Decline::Disabled => "disabled by [jit] functions",
            Decline::Codegen => "code generation failed",
            Decline::NoLoop => "no loop or C call to compile",
            Decline::NotYet => "its loop is past code that has not run often enough yet",
        }
    }
}

/// One function the JIT looked at (one entry per function and, for
/// on-stack replacement, loop: compiling it again adds to it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionStats {
    /// `co_qualname`.
    pub name: String,
    /// `None` when compiled the last time it was asked, else why not and
    /// the detail.
    pub declined: Option<(Decline, String)>,
    /// Time spent compiling (or trying to), every time.
    pub compile_time: Duration,
    /// Bytes of machine code, the last time it was compiled.
    pub code_size: u64,
    /// Times it was compiled.
    pub compiles: u32,
    /// Side exits taken, indexed like [`ExitReason::ALL`].
    pub exits: [u64; ExitReason::ALL.len()],
    /// Calls that ran compiled code.
    pub entries: u64,
    /// Times its code was given up (it left too often, or a global or C
    /// type it was compiled for changed); each time it is compiled again
    /// once hot again.
    pub discards: u32,
    /// Calls that stopped at an instruction compiled code does not run
    /// (the interpreter ran the rest).
    pub leaves: u64,
    /// On-stack replacement: the code was made for one running call,
    /// entered at the loop of this line (`None`: entered at calls).
    pub osr_line: Option<u32>,
    /// How often the code handed its frame to the interpreter at each
    /// instruction (exits, leaves, calls the interpreter made), by
    /// instruction offset.
    pub sites: std::collections::BTreeMap<u32, u64>,
}

/// Where the compiler's warm-up ([`crate::warm`]) is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum WarmUpState {
    /// Not started (switched off, the JIT is off, or one CPU).
    #[default]
    Off,
    /// Still compiling.
    Running,
    /// Done, in this much time on its thread.
    Done(Duration),
    /// The compile failed (a JIT bug; the compiler just stays cold).
    Failed(String),
}

/// What the JIT did in one run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Every function the JIT was asked about, in order.
    pub functions: Vec<FunctionStats>,
    /// The compiler's warm-up.
    pub warm_up: WarmUpState,
    /// Compiles whose machine code was made on the compile thread
    /// ([`crate::worker`]) while the interpreter ran on.
    pub background: u32,
}

impl Stats {
    /// Functions compiled.
    pub fn compiled(&self) -> usize {
        self.functions
            .iter()
            .filter(|f| f.declined.is_none())
            .count()
    }

    /// Functions declined for `why`.
    pub fn declined(&self, why: Decline) -> usize {
        self.functions
            .iter()
            .filter(|f| matches!(&f.declined, Some((d, _)) if *d == why))
            .count()
    }

    /// Loops entered compiled by on-stack replacement.
    pub fn osr_entries(&self) -> u64 {
        self.functions
            .iter()
            .filter(|f| f.osr_line.is_some() && f.declined.is_none())
            .map(|f| f.entries)
            .sum()
    }

    /// Side exits for `why`, over all functions.
    pub fn exits(&self, why: ExitReason) -> u64 {
        self.functions.iter().map(|f| f.exits[why as usize]).sum()
    }

    /// The `--stats` section.
    pub fn report(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "JIT:");
        let _ = writeln!(
            s,
            "  functions compiled: {}, declined: {}",
            self.compiled(),
            self.functions.len() - self.compiled()
        );
        let osr = self
            .functions
            .iter()
            .filter(|f| f.osr_line.is_some() && f.declined.is_none())
            .count();
        if osr > 0 {
            let _ = writeln!(
                s,
                "  on-stack replacement: {osr} of them for a running call, {} loop entries",
                self.osr_entries()
            );
        }
        if self.background > 0 {
            let _ = writeln!(
                s,
                "  compiled on another thread: {} of them, while the interpreter ran on",
                self.background
            );
        }
        let _ = match &self.warm_up {
            WarmUpState::Off => writeln!(s, "  warm-up: off"),
            WarmUpState::Running => writeln!(s, "  warm-up: still running"),
            WarmUpState::Done(t) => writeln!(
                s,
                "  warm-up: {:.3} ms on another thread",
                t.as_secs_f64() * 1e3
            ),
            WarmUpState::Failed(e) => writeln!(s, "  warm-up: failed: {e}"),
        };
        let mut times: Vec<Duration> = self
            .functions
            .iter()
            .filter(|f| f.declined.is_none())
            .map(|f| f.compile_time)
            .collect();
        times.sort();
        if let Some(m) = times.get(times.len() / 2) {
            let _ = writeln!(
                s,
                "  compile time: median {:.3} ms, total {:.3} ms",
                m.as_secs_f64() * 1e3,
                times.iter().sum::<Duration>().as_secs_f64() * 1e3
            );
        }
        for f in &self.functions {
            match &f.declined {
                None => {
                    let _ = match f.osr_line {
                        Some(line) => write!(
                            s,
                            "  compiled {} from its loop at line {line}: {} bytes, {:.3} ms, {} entries",
                            f.name,
                            f.code_size,
                            f.compile_time.as_secs_f64() * 1e3,
                            f.entries
                        ),
                        None => write!(
                            s,
                            "  compiled {}: {} bytes, {:.3} ms, {} calls",
                            f.name,
                            f.code_size,
                            f.compile_time.as_secs_f64() * 1e3,
                            f.entries
                        ),
                    };
                    let exits: Vec<String> = ExitReason::ALL
                        .iter()
                        .filter(|r| f.exits[**r as usize] > 0)
                        .map(|r| format!("{} {}", f.exits[*r as usize], r.describe()))
                        .collect();
                    if !exits.is_empty() {
                        let _ = write!(s, ", exits: {}", exits.join(", "));
                    }
                    if f.leaves > 0 {
                        let _ = write!(s, ", {} left for the interpreter", f.leaves);
                    }
                    if let Some((pc, n)) =
                        f.sites.iter().max_by_key(|(pc, n)| (**n, u32::MAX - **pc))
                    {
                        let _ = write!(s, ", most often at @{pc} ({n})");
                    }
                    if f.compiles > 1 {
                        let _ = write!(s, ", compiled {} times", f.compiles);
                    }
                    if f.discards > 0 {
                        let _ = write!(
                            s,
                            ", given up {} (left too often or went stale)",
                            how_often(f.discards)
                        );
                    }
                    s.push('\n');
                }
                Some((d, detail)) => {
                    let at = f
                        .osr_line
                        .map(|l| format!(" from its loop at line {l}"))
                        .unwrap_or_default();
                    let _ = write!(
                        s,
                        "  interpreted {}{at}: {} ({detail})",
                        f.name,
                        d.describe()
                    );
                    if f.compiles > 0 {
                        let _ = write!(
                            s,
                            ", after it was compiled {} and given up {}: {} calls, exits: {}",
                            how_often(f.compiles),
                            how_often(f.discards),
                            f.entries,
                            f.exits.iter().sum::<u64>()
                        );
                    }
                    s.push('\n');
                }
            }
        }
        s
    }
}

/// "once", "twice", "N times".
fn how_often(n: u32) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}
