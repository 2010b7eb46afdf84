//! Why compiled code leaves for the interpreter: the one list of side-exit
//! reasons. Names match `interp::quicken::DeoptReason` where they mean the
//! same thing, so stats from both tiers read alike.

use interp::quicken::DeoptReason;

macro_rules! reasons {
    ($( $(#[$m:meta])* $name:ident => $interp:ident; )*) => {
        /// Why a side exit of compiled code was taken. The interpreter
        /// resumes at the exiting instruction and executes it generically.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum ExitReason { $( $(#[$m])* $name, )* }

        impl ExitReason {
            /// Every reason, in declaration order (stats index counters by it).
            pub const ALL: &'static [ExitReason] = &[ $( ExitReason::$name, )* ];

            /// The interpreter's reason with the same meaning.
            pub fn interp_reason(self) -> DeoptReason {
                match self { $( ExitReason::$name => DeoptReason::$interp, )* }
            }
        }
    };
}

reasons! {
    /// A guard saw a value of another type than the one speculated (or an
    /// unbound local).
    WrongType => WrongType;
    /// An `i64` result would overflow (the big-int path is needed).
    IntOverflow => IntOverflow;
    /// A division or modulo by zero (the generic path raises).
    ZeroDivision => ZeroDivision;
    /// A global or module attribute is no longer the object the code was
    /// compiled for.
    KeysVersion => KeysVersion;
}

impl ExitReason {
    /// A short description for reports (the interpreter's wording).
    pub fn describe(self) -> &'static str {
        self.interp_reason().describe()
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
            assert_eq!(format!("{r:?}"), format!("{:?}", r.interp_reason()));
        }
        assert_eq!(ExitReason::from_code(ExitReason::ALL.len() as u32), None);
    }
}
