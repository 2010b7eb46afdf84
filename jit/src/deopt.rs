//! Leaving compiled code for the interpreter: the one list of side-exit
//! reasons (names match `interp::quicken::DeoptReason` where they mean the
//! same thing, so stats from both tiers read alike), and the exit table
//! that says what each exit writes into the interpreter frame.
//!
//! An exit's machine code is small: it stores the raw bits of the values
//! its frame state holds in registers into the exit buffer
//! ([`crate::helpers::Ctx::exit_vals`]) and returns its index in the
//! function's exit table. [`Exit::apply`] then writes the frame here, in
//! Rust: boxing numbers, making new references to objects, and releasing
//! what the slots held. Exits are rare (or once per call, for a return),
//! so moving this work out of the compiled code costs nothing that
//! matters, and it keeps the code Cranelift compiles small.

use interp::Value;
use interp::object::{ObjRef, RangeIterObj};
use interp::quicken::DeoptReason;
use std::cell::Cell;
use std::fmt;

/// What compiled code returns when the function returned (not an exit's
/// index): the result is in the operand stack's first slot and the
/// locals' objects are released (see `lower`'s `ret`).
pub const RETURNED: u64 = u64::MAX;

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
    /// A negative shift count (the generic path raises).
    NegativeShift => Err("negative shift count");
    /// A global or module attribute is no longer the object the code was
    /// compiled for.
    KeysVersion => Ok(DeoptReason::KeysVersion);
    /// An instance's class is not one the code was compiled for (or was
    /// changed since).
    TypeVersion => Ok(DeoptReason::TypeVersion);
    /// An instance's attribute is not where the code expects it (or an
    /// instance attribute shadows a method).
    InstanceDict => Ok(DeoptReason::InstanceDict);
    /// C code changed a type's dict (`PyType_Modified`) since the code
    /// embedded a method of a C type.
    TypeModified => Ok(DeoptReason::TypeModified);
    /// An event is pending at a loop's back-edge (Ctrl-C, memory
    /// exhausted): the interpreter raises it there.
    Pending => Err("event pending");
    /// A range's stop is beyond the bound the loop was compiled for (its
    /// index times a constant could overflow): the interpreter runs it.
    RangeBound => Err("range beyond compiled bound");
    /// A float power the machine code leaves to the interpreter (a base
    /// not positive, an operand or the result not finite).
    FloatPow => Err("float power outside the compiled cases");
    /// A list the code reads is borrowed mutably (being sorted, say).
    Busy => Ok(DeoptReason::Busy);
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

/// Where the interpreter resumes after compiled code returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExitCode {
    /// The instruction to resume at.
    pub pc: u32,
    /// Values left on the operand stack.
    pub depth: u16,
    /// Why compiled code left (`None`: it reached an instruction it hands
    /// to the interpreter by design, such as `RETURN_VALUE`).
    pub reason: Option<ExitReason>,
    /// Whether an exception is pending (raised by C code or a helper at
    /// `pc`).
    pub raised: bool,
    /// Whether compiled code stopped at an instruction it does not
    /// compile (the interpreter runs the rest of the call).
    pub left: bool,
}

/// A word index with this bit set names one of the exit's constants
/// ([`Exit::consts`]), not a word of the exit buffer: a value the code
/// knows at compile time (a loop's start, a function object it calls) is
/// written from the table, so the exit stores nothing for it and the
/// compiled code need not keep it alive until there.
pub const CONST_WORD: u32 = 1 << 31;

/// What one exit writes into one frame slot. `n` indexes the exit buffer,
/// where the compiled code stored the value's raw bits, or the exit's
/// constants ([`CONST_WORD`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Write {
    /// An `int` (the buffer word is the `i64`).
    Int(u32),
    /// A `float` (the word is the `f64`'s bits).
    Float(u32),
    /// A `bool` (the word's low byte is 0 or 1).
    Bool(u32),
    /// `None`.
    None,
    /// A new reference to the live object whose address is in the word.
    Obj(u32),
    /// A copy of what local slot `n` holds now.
    Copy(u32),
    /// LOAD_METHOD's "no receiver" marker.
    Null,
    /// A `range_iterator` from the first word up to the second (step 1).
    RangeIter(u32, u32),
    /// A `range_iterator` from one past the first word up to the second
    /// (the loop's index is kept, its successor is not).
    RangeIterNext(u32, u32),
    /// A `list_iterator` at the index in the word over the list the slot
    /// holds (the slot's reference moves into the iterator).
    ListIter(u32),
    /// An `int`: the first word minus the second, wrapping (an operand
    /// of an overflowed `a + b`, recovered from the wrapped sum instead of
    /// kept alive by the compiled code).
    IntDiff(u32, u32),
    /// An `int`: the two words' wrapping sum (`a` of an overflowed
    /// `a - b`).
    IntSum(u32, u32),
}

/// One exit of a compiled function: where the interpreter resumes, and
/// the slot writes that make the frame what the interpreter expects there
/// (operand-stack entries first, since they may copy locals, then the
/// locals held in registers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exit {
    /// Where and why.
    pub code: ExitCode,
    /// (slot index from the first local, what to write), in order.
    pub writes: Vec<(u32, Write)>,
    /// The raw bits of the constants the writes name ([`CONST_WORD`]).
    pub consts: Vec<u64>,
}

impl Exit {
    /// Writes this exit's frame state into `slots` from the values the
    /// compiled code left in `vals`.
    ///
    /// # Safety
    /// `vals` holds what this exit's machine code stored: in particular,
    /// each [`Write::Obj`] word is the address of a live object.
    pub unsafe fn apply(&self, slots: &mut [Value], vals: &[Cell<u64>]) {
        let word = |n: u32| {
            if n & CONST_WORD != 0 {
                self.consts
                    .get((n & !CONST_WORD) as usize)
                    .copied()
                    .unwrap_or(0)
            } else {
                vals.get(n as usize).map_or(0, Cell::get)
            }
        };
        for &(slot, w) in &self.writes {
            if let Write::ListIter(n) = w {
                if let Some(s) = slots.get_mut(slot as usize) {
                    let list = std::mem::replace(s, Value::None);
                    *s = list_iter(list, word(n) as usize);
                }
                continue;
            }
            let v = match w {
                Write::Int(n) => Value::Int(word(n) as i64),
                Write::Float(n) => Value::Float(f64::from_bits(word(n))),
                Write::Bool(n) => Value::Bool(word(n) & 0xff != 0),
                Write::None => Value::None,
                Write::Obj(n) => {
                    let p = word(n) as *mut abi::ObjHeader;
                    // SAFETY: the caller guarantees the word is a live
                    // object's address; a new reference is made from it.
                    match unsafe { ObjRef::from_borrowed(p) } {
                        Some(o) => Value::Obj(o),
                        None => Value::None,
                    }
                }
                Write::Copy(j) => slots.get(j as usize).cloned().unwrap_or(Value::None),
                Write::ListIter(_) => continue,
                Write::Null => Value::Obj(ObjRef::from_static(&interp::vm::NULL_MARKER)),
                Write::IntDiff(a, b) => Value::Int((word(a) as i64).wrapping_sub(word(b) as i64)),
                Write::IntSum(a, b) => Value::Int((word(a) as i64).wrapping_add(word(b) as i64)),
                Write::RangeIter(c, e) | Write::RangeIterNext(c, e) => {
                    let next = matches!(w, Write::RangeIterNext(..)) as i64;
                    let (cur, stop) = ((word(c) as i64).wrapping_add(next), word(e) as i64);
                    let left = stop.saturating_sub(cur).max(0);
                    Value::Obj(RangeIterObj::new_obj(cur, 1, left))
                }
            };
            if let Some(s) = slots.get_mut(slot as usize) {
                // Releases what the slot held (a dead stack slot holds
                // None or a stale number, which owns nothing).
                *s = v;
            }
        }
    }

    /// How many exit-buffer words this exit uses.
    pub fn words(&self) -> usize {
        self.writes
            .iter()
            .map(|(_, w)| {
                let len = |n: u32| {
                    if n & CONST_WORD != 0 {
                        0
                    } else {
                        n as usize + 1
                    }
                };
                match *w {
                    Write::Int(n)
                    | Write::Float(n)
                    | Write::Bool(n)
                    | Write::Obj(n)
                    | Write::ListIter(n) => len(n),
                    Write::RangeIter(a, b)
                    | Write::RangeIterNext(a, b)
                    | Write::IntDiff(a, b)
                    | Write::IntSum(a, b) => len(a).max(len(b)),
                    Write::None | Write::Copy(_) | Write::Null => 0,
                }
            })
            .max()
            .unwrap_or(0)
    }
}

impl fmt::Display for Exit {
    /// `exit@PC depth D [reason] [raised] [left]: slot=what, ...` (for
    /// CLIF dumps: the table that goes with the code).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.code;
        write!(f, "exit@{} depth {}", c.pc, c.depth)?;
        if let Some(r) = c.reason {
            write!(f, " {r:?}")?;
        }
        if c.raised {
            write!(f, " raised")?;
        }
        if c.left {
            write!(f, " left")?;
        }
        write!(f, ":")?;
        // A stored word is `wN`; a constant is its value, except an
        // object's (an address, different on every run): `kN`.
        let k = |n: u32| self.consts.get((n & !CONST_WORD) as usize).copied();
        let int = |n: u32| match k(n) {
            Some(c) if n & CONST_WORD != 0 => (c as i64).to_string(),
            _ => format!("w{n}"),
        };
        let other = |n: u32, c: &dyn Fn(u64) -> String| match k(n) {
            Some(x) if n & CONST_WORD != 0 => c(x),
            _ => format!("w{n}"),
        };
        for (slot, w) in &self.writes {
            let what = match *w {
                Write::Int(n) => format!("int {}", int(n)),
                Write::Float(n) => {
                    format!("float {}", other(n, &|x| f64::from_bits(x).to_string()))
                }
                Write::Bool(n) => format!("bool {}", other(n, &|x| (x & 0xff != 0).to_string())),
                Write::None => "None".into(),
                Write::Obj(n) => format!("obj {}", other(n, &|_| format!("k{}", n & !CONST_WORD))),
                Write::Copy(j) => format!("copy s{j}"),
                Write::Null => "NULL".into(),
                Write::RangeIter(a, b) => format!("range_iter({}, {})", int(a), int(b)),
                Write::RangeIterNext(a, b) => format!("range_iter({}+1, {})", int(a), int(b)),
                Write::ListIter(i) => format!("list_iter({})", int(i)),
                Write::IntDiff(a, b) => format!("int {}-{}", int(a), int(b)),
                Write::IntSum(a, b) => format!("int {}+{}", int(a), int(b)),
            };
            write!(f, " s{slot}={what}")?;
        }
        Ok(())
    }
}

/// A `list_iterator` at `idx` over `list` (what a compiled list loop keeps
/// as the list and an index), or `list` itself if it is not an object.
pub fn list_iter(list: Value, idx: usize) -> Value {
    match list {
        Value::Obj(list) => Value::Obj(interp::object::IterObj::new_obj(
            &interp::object::types::LIST_ITER,
            interp::object::IterState::List { list, idx },
        )),
        other => other,
    }
}
