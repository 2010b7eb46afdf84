//! The JIT's counters and decline reasons, declared once. Nothing reads
//! them yet except tests: the wiring slice prints them with `--stats`.

use crate::deopt::ExitReason;
use std::time::Duration;

/// Why a function was not compiled (it stays interpreted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decline {
    /// An instruction outside the subset the compiler lowers.
    UnsupportedOp,
    /// Feedback says an operand is an object, which compiled code cannot
    /// hold yet (it never touches reference counts).
    NeedsObjects,
    /// The options switch the JIT off for this function.
    Disabled,
}

impl Decline {
    /// Every reason, in declaration order.
    pub const ALL: &'static [Decline] = &[
        Decline::UnsupportedOp,
        Decline::NeedsObjects,
        Decline::Disabled,
    ];
}

/// What the JIT did in one run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Functions compiled.
    pub compiled: u64,
    /// Functions declined, indexed like [`Decline::ALL`].
    pub declined: [u64; Decline::ALL.len()],
    /// Time spent compiling.
    pub compile_time: Duration,
    /// Bytes of machine code produced.
    pub code_size: u64,
    /// Side exits taken, indexed like [`ExitReason::ALL`].
    pub exits: [u64; ExitReason::ALL.len()],
}

impl Stats {
    /// Counts a declined function.
    pub fn decline(&mut self, why: Decline) {
        self.declined[why as usize] += 1;
    }

    /// Counts a side exit.
    pub fn exit(&mut self, why: ExitReason) {
        self.exits[why as usize] += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_are_indexed_by_reason() {
        let mut s = Stats::default();
        s.decline(Decline::NeedsObjects);
        s.exit(ExitReason::IntOverflow);
        s.exit(ExitReason::IntOverflow);
        assert_eq!(s.declined[Decline::NeedsObjects as usize], 1);
        assert_eq!(s.exits, [0, 2, 0]);
        for (i, d) in Decline::ALL.iter().enumerate() {
            assert_eq!(*d as usize, i);
        }
    }
}
