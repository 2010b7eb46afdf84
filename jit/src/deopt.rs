//! Why compiled code leaves for the interpreter: the one list of side-exit
//! reasons. Names match `interp::quicken::DeoptReason` where they mean the
//! same thing, so stats from both tiers read alike.

use interp::quicken::DeoptReason;

macro_rules! reasons {
    ($( $(#[$m:meta])* $name:ident => $interp:expr; )*) => {
        /// Why a side exit of compiled code was taken. The interpreter
        /// resumes at the exiting instruction and executes it generically.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum ExitReason { $( $(#[$m])* $name, )* }

        impl ExitReason {
            /// Every reason, in declaration order (stats index counters by it).
            pub const ALL: &'static [ExitReason] = &[ $( ExitReason::$name, )* ];

            /// The interpreter's reason with the same meaning, or the
            /// description of one the interpreter does not have.
            fn meaning(self) -> Result<DeoptReason, &'static str> {
                match self { $( ExitReason::$name => $interp, )* }
            }
        }
    };
}

reasons! {
    /// A guard saw a value of another type than the one speculated (or an
    /// unbound local).
    WrongType => Ok(DeoptReason::WrongType);
    /// An `i64` result would overflow (the big-int path is needed).
    IntOverflow => Ok(DeoptReason::IntOverflow);
    /// A division or modulo by zero (the generic path raises).
    ZeroDivision => Ok(DeoptReason::ZeroDivision);
    /// A global or module attribute is no longer the object the code was
    /// compiled for.
    KeysVersion => Ok(DeoptReason::KeysVersion);
    /// An event is pending at a loop's back-edge (Ctrl-C, memory
    /// exhausted): the interpreter raises it there.
    Pending => Err("event pending");
}

impl ExitReason {
    /// The interpreter's reason with the same meaning, if it has one.
    pub fn interp_reason(self) -> Option<DeoptReason> {
        self.meaning().ok()
    }

    /// A short description for reports (the interpreter's wording where
    /// it has the reason).
    pub fn describe(self) -> &'static str {
        match self.meaning() {
            Ok(r) => r.describe(),
            Err(d) => d,
        }
    }

    /// The code written into an exit record; [`ExitReason::from_code`]
    /// reverses it.
    pub fn code(self) -> u32 {
        self as u32
    }

    /// The reason for an exit record's code, if it is one.
    pub fn from_code(code: u32) -> Option<ExitReason> {
        ExitReason::ALL.get(code as usize).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_names_match_the_interpreter() {
        for (i, r) in ExitReason::ALL.iter().enumerate() {
            assert_eq!(r.code() as usize, i);
            assert_eq!(ExitReason::from_code(r.code()), Some(*r));
            if let Some(ir) = r.interp_reason() {
                assert_eq!(format!("{r:?}"), format!("{ir:?}"));
            }
            assert!(!r.describe().is_empty());
        }
        assert_eq!(ExitReason::from_code(ExitReason::ALL.len() as u32), None);
    }
}
