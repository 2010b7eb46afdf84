//! `typhon --stats`: what the quickening interpreter did.
//!
//! The evaluation loop is compiled twice (`eval::run` picks the copy once
//! per run, outside the instruction loop): the copy used without `--stats`
//! contains no counting code at all. The counters are declared once, in
//! [`Counter`]; reasons for guard misses are [`DeoptReason`]s, declared in
//! `crate::quicken`. [`Stats::report`] prints the table.

use crate::bytecode::{Code, Op};
use crate::quicken::DeoptReason;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::rc::{Rc, Weak};

macro_rules! counters {
    ($( $(#[$m:meta])* $name:ident = $heading:literal; )*) => {
        /// A per-family counter.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Counter { $( $(#[$m])* $name, )* }

        impl Counter {
            /// Every counter, in report column order.
            pub const ALL: &'static [Counter] = &[ $( Counter::$name, )* ];
            /// The number of counters.
            pub const COUNT: usize = Counter::ALL.len();
            /// The column heading in the report.
            pub fn heading(self) -> &'static str {
                match self { $( Counter::$name => $heading, )* }
            }
        }
    };
}

counters! {
    /// Instructions of the family executed (generic and quickened forms).
    Executed = "executed";
    /// Of those, executed in a quickened form.
    Quickened = "quickened";
    /// Specialization attempts that rewrote the instruction.
    SpecializeOk = "spec ok";
    /// Specialization attempts that found no form for what they saw.
    SpecializeFail = "spec fail";
    /// Guards of a quickened form that failed (the generic path ran).
    Miss = "misses";
    /// Quickened forms rewritten back to the generic form after misses.
    Deopt = "deopts";
}

/// Calls of one code object.
struct FuncCalls {
    /// Keeps the address from being reused by another code object while
    /// the count lives (it does not keep the code alive).
    _code: Weak<Code>,
    name: String,
    calls: u64,
}

/// The counters of one interpreter.
pub struct Stats {
    /// Executions by opcode.
    exec: Vec<u64>,
    /// Family counters, indexed by generic opcode, then [`Counter`].
    family: Vec<[u64; Counter::COUNT]>,
    /// Guard misses by reason.
    reasons: Vec<u64>,
    /// Executions of each (previous, next) opcode pair, for judging
    /// superinstructions.
    pairs: Vec<u64>,
    /// Executions by opcode in the general loop (`eval::run_frames`), not
    /// the hot loop: each run of them costs a switch between the two.
    general: Vec<u64>,
    prev: usize,
    calls: HashMap<usize, FuncCalls>,
}

const NOPS: usize = 256;

impl Default for Stats {
    fn default() -> Self {
        Stats {
            exec: vec![0; NOPS],
            family: vec![[0; Counter::COUNT]; NOPS],
            reasons: vec![0; DeoptReason::ALL.len()],
            general: vec![0; NOPS],
            pairs: vec![0; NOPS * NOPS],
            prev: 0,
            calls: HashMap::new(),
        }
    }
}

impl Stats {
    /// Counts one dispatched instruction.
    #[inline]
    pub fn executed(&mut self, op: Op) {
        let i = op as usize;
        self.exec[i] += 1;
        self.pairs[self.prev * NOPS + i] += 1;
        self.prev = i;
    }

    /// Counts one instruction the general loop executed (also counted by
    /// [`Stats::executed`]).
    #[inline]
    pub fn general(&mut self, op: Op) {
        self.general[op as usize] += 1;
    }

    /// Counts an event of `op`'s family.
    pub fn count(&mut self, op: Op, c: Counter) {
        self.family[op.generic() as usize][c as usize] += 1;
    }

    /// Counts a guard miss of `op` (a quickened form).
    pub fn miss(&mut self, op: Op, reason: DeoptReason) {
        self.count(op, Counter::Miss);
        self.reasons[reason as usize] += 1;
    }

    /// Counts a call of `code`.
    pub fn call(&mut self, code: &Rc<Code>) {
        let key = Rc::as_ptr(code) as usize;
        self.calls
            .entry(key)
            .or_insert_with(|| FuncCalls {
                _code: Rc::downgrade(code),
                name: format!(
                    "{} ({}:{})",
                    code.qualname,
                    short_file(&code.source.filename),
                    code.first_line
                ),
                calls: 0,
            })
            .calls += 1;
    }

    /// The table printed at exit.
    pub fn report(&self) -> String {
        // Quickened executions are counted here, from the per-opcode counts,
        // rather than in the loop.
        let mut family = self.family.clone();
        for op in Op::ALL {
            let n = self.exec[*op as usize];
            let f = &mut family[op.generic() as usize];
            f[Counter::Executed as usize] += n;
            if op.generic() != *op {
                f[Counter::Quickened as usize] += n;
            }
        }
        let mut s = String::new();
        let _ = writeln!(s, "Typhon quickening stats");
        let _ = write!(s, "{:<16}", "family");
        for c in Counter::ALL {
            let _ = write!(s, " {:>13}", c.heading());
        }
        let _ = writeln!(s, " {:>11}", "quickened %");
        for op in families() {
            let f = &family[op as usize];
            if f.iter().all(|&n| n == 0) {
                continue;
            }
            let _ = write!(s, "{:<16}", op.name());
            for c in Counter::ALL {
                let _ = write!(s, " {:>13}", f[*c as usize]);
            }
            let _ = writeln!(
                s,
                " {:>10.1}%",
                percent(
                    f[Counter::Quickened as usize],
                    f[Counter::Executed as usize]
                )
            );
        }
        let total: u64 = self.exec.iter().sum();
        let quick: u64 = Op::ALL
            .iter()
            .filter(|op| op.generic() != **op)
            .map(|op| self.exec[*op as usize])
            .sum();
        let _ = writeln!(
            s,
            "instructions executed: {total}, in quickened forms: {quick} ({:.1}%)",
            percent(quick, total)
        );
        let misses: Vec<(DeoptReason, u64)> = DeoptReason::ALL
            .iter()
            .map(|r| (*r, self.reasons[*r as usize]))
            .filter(|(_, n)| *n > 0)
            .collect();
        if !misses.is_empty() {
            let _ = writeln!(s, "guard misses by reason:");
            for (r, n) in misses {
                let _ = writeln!(s, "  {:<28} {n:>13}", r.describe());
            }
        }
        let _ = writeln!(s, "top quickened opcodes:");
        let mut by_op: Vec<(Op, u64)> = Op::ALL
            .iter()
            .filter(|op| op.generic() != **op)
            .map(|op| (*op, self.exec[*op as usize]))
            .filter(|(_, n)| *n > 0)
            .collect();
        by_op.sort_by_key(|x| std::cmp::Reverse(x.1));
        for (op, n) in by_op.iter().take(12) {
            let _ = writeln!(s, "  {:<28} {n:>13}", op.name());
        }
        let _ = writeln!(s, "top instruction pairs:");
        let mut pairs: Vec<(usize, u64)> = self
            .pairs
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(i, n)| (i, *n))
            .collect();
        pairs.sort_by_key(|x| std::cmp::Reverse(x.1));
        for (i, n) in pairs.iter().take(10) {
            let (a, b) = (Op::ALL.get(i / NOPS), Op::ALL.get(i % NOPS));
            if let (Some(a), Some(b)) = (a, b) {
                let _ = writeln!(
                    s,
                    "  {:<48} {n:>13} ({:.1}%)",
                    format!("{} {}", a.name(), b.name()),
                    percent(*n, total)
                );
            }
        }
        let _ = writeln!(s, "top opcodes run by the general loop:");
        let mut general: Vec<(Op, u64)> = Op::ALL
            .iter()
            .map(|op| (*op, self.general[*op as usize]))
            .filter(|(_, n)| *n > 0)
            .collect();
        general.sort_by_key(|x| std::cmp::Reverse(x.1));
        for (op, n) in general.iter().take(10) {
            let _ = writeln!(s, "  {:<28} {n:>13}", op.name());
        }
        let _ = writeln!(s, "top functions by calls:");
        let mut calls: Vec<&FuncCalls> = self.calls.values().collect();
        calls.sort_by(|a, b| b.calls.cmp(&a.calls).then(a.name.cmp(&b.name)));
        for f in calls.iter().take(10) {
            let _ = writeln!(s, "  {:<40} {:>13}", f.name, f.calls);
        }
        s
    }
}

/// The generic opcodes that have quickened forms, in table order.
pub fn families() -> Vec<Op> {
    Op::ALL
        .iter()
        .copied()
        .filter(|g| Op::ALL.iter().any(|op| op.generic() == *g && op != g))
        .collect()
}

fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// The file name without its directories.
fn short_file(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}
