//! The bytecode: instructions, code objects and their printed form.
//!
//! Like CPython 3.11, instructions that the quickening step may specialize
//! are followed in the instruction stream by [`Op::Cache`] units reserved for
//! their inline cache (see [`Op::cache_units`]). Jump targets are absolute
//! unit indices. Exceptions use a static exception table instead of a
//! runtime block stack, so a frame is fully described by (code, pc, locals,
//! operand stack): the JIT can rebuild one at any instruction boundary.

use crate::object::{ObjRef, StrObj, Value};
use std::cell::Cell;
use std::fmt;
use std::rc::Rc;

macro_rules! ops {
    ($( $(#[$m:meta])* $name:ident = $text:literal, cache $cache:literal; )*) => {
        /// An opcode.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub enum Op { $( $(#[$m])* $name, )* }

        impl Op {
            /// The CPython-style upper-case name.
            pub fn name(self) -> &'static str {
                match self { $( Op::$name => $text, )* }
            }
            /// How many [`Op::Cache`] units follow this instruction.
            #[inline(always)]
            pub const fn cache_units(self) -> usize {
                match self { $( Op::$name => $cache, )* }
            }
        }
    };
}

ops! {
    /// Does nothing.
    Nop = "NOP", cache 0;
    /// An inline-cache unit (never executed).
    Cache = "CACHE", cache 0;
    /// Pops TOS.
    PopTop = "POP_TOP", cache 0;
    /// Pushes a copy of the arg-th item from the top (1 = TOS).
    Copy = "COPY", cache 0;
    /// Swaps TOS with the arg-th item from the top.
    Swap = "SWAP", cache 0;
    /// Pushes `consts[arg]`.
    LoadConst = "LOAD_CONST", cache 0;
    /// Pushes local `arg`; raises UnboundLocalError if unbound.
    LoadFast = "LOAD_FAST", cache 0;
    /// Pops into local `arg`.
    StoreFast = "STORE_FAST", cache 0;
    /// Unbinds local `arg`.
    DeleteFast = "DELETE_FAST", cache 0;
    /// Pushes the contents of cell `arg` (cells follow the locals).
    LoadDeref = "LOAD_DEREF", cache 0;
    /// Pops into cell `arg`.
    StoreDeref = "STORE_DEREF", cache 0;
    /// Unbinds cell `arg`.
    DeleteDeref = "DELETE_DEREF", cache 0;
    /// Pushes cell `arg` itself (to build a closure).
    LoadClosure = "LOAD_CLOSURE", cache 0;
    /// Pushes global/builtin `names[arg]`.
    LoadGlobal = "LOAD_GLOBAL", cache 5;
    /// Pops into global `names[arg]`.
    StoreGlobal = "STORE_GLOBAL", cache 0;
    /// Deletes global `names[arg]`.
    DeleteGlobal = "DELETE_GLOBAL", cache 0;
    /// Replaces TOS with its attribute `names[arg]`.
    LoadAttr = "LOAD_ATTR", cache 2;
    /// `TOS.names[arg] = TOS1`.
    StoreAttr = "STORE_ATTR", cache 0;
    /// Replaces TOS by (method, self) or (attribute, NULL marker).
    LoadMethod = "LOAD_METHOD", cache 2;
    /// Applies binary operator `arg` ([`BinOp`]) to TOS1, TOS.
    BinaryOp = "BINARY_OP", cache 1;
    /// `-TOS`.
    UnaryNegative = "UNARY_NEGATIVE", cache 0;
    /// `+TOS`.
    UnaryPositive = "UNARY_POSITIVE", cache 0;
    /// `~TOS`.
    UnaryInvert = "UNARY_INVERT", cache 0;
    /// `not TOS`.
    UnaryNot = "UNARY_NOT", cache 0;
    /// Applies comparison `arg` ([`CmpOp`]).
    CompareOp = "COMPARE_OP", cache 1;
    /// `is` (arg 0) / `is not` (arg 1).
    IsOp = "IS_OP", cache 0;
    /// `in` (arg 0) / `not in` (arg 1).
    ContainsOp = "CONTAINS_OP", cache 0;
    /// `TOS1[TOS]`.
    BinarySubscr = "BINARY_SUBSCR", cache 1;
    /// `TOS1[TOS] = TOS2`.
    StoreSubscr = "STORE_SUBSCR", cache 1;
    /// `del TOS1[TOS]`.
    DeleteSubscr = "DELETE_SUBSCR", cache 0;
    /// Builds a slice from `arg` (2 or 3) items.
    BuildSlice = "BUILD_SLICE", cache 0;
    /// Builds a tuple from `arg` items.
    BuildTuple = "BUILD_TUPLE", cache 0;
    /// Builds a list from `arg` items.
    BuildList = "BUILD_LIST", cache 0;
    /// Builds a dict from `arg` key/value pairs.
    BuildMap = "BUILD_MAP", cache 0;
    /// Concatenates `arg` strs.
    BuildString = "BUILD_STRING", cache 0;
    /// Appends TOS to the list `arg` items below it (comprehensions).
    ListAppend = "LIST_APPEND", cache 0;
    /// Extends the list TOS1 with iterable TOS.
    ListExtend = "LIST_EXTEND", cache 0;
    /// Sets `d[TOS1] = TOS` on the dict `arg` items below (comprehensions).
    MapAdd = "MAP_ADD", cache 0;
    /// Converts a list to a tuple.
    ListToTuple = "LIST_TO_TUPLE", cache 0;
    /// Formats TOS (arg bits: 0-1 conversion none/str/repr/ascii, 4: spec on stack).
    FormatValue = "FORMAT_VALUE", cache 0;
    /// Unpacks TOS into `arg` values.
    UnpackSequence = "UNPACK_SEQUENCE", cache 1;
    /// `iter(TOS)`.
    GetIter = "GET_ITER", cache 0;
    /// Pushes the next item of the iterator TOS, or pops it and jumps to `arg`.
    ForIter = "FOR_ITER", cache 1;
    /// Jumps to `arg` (forward).
    Jump = "JUMP_FORWARD", cache 0;
    /// Jumps to `arg` (a loop back-edge: hotness is counted here).
    JumpBackward = "JUMP_BACKWARD", cache 0;
    /// Pops TOS and jumps to `arg` if it is false.
    PopJumpIfFalse = "POP_JUMP_IF_FALSE", cache 0;
    /// Pops TOS and jumps to `arg` if it is true.
    PopJumpIfTrue = "POP_JUMP_IF_TRUE", cache 0;
    /// Jumps to `arg` keeping TOS if it is false, else pops it.
    JumpIfFalseOrPop = "JUMP_IF_FALSE_OR_POP", cache 0;
    /// Jumps to `arg` keeping TOS if it is true, else pops it.
    JumpIfTrueOrPop = "JUMP_IF_TRUE_OR_POP", cache 0;
    /// Builds a function from the code TOS (arg bit 0: defaults tuple below, bit 1: closure tuple below).
    MakeFunction = "MAKE_FUNCTION", cache 0;
    /// Calls the callable below `arg` positional arguments.
    Call = "CALL", cache 2;
    /// Like CALL; TOS is a tuple of keyword names for the last arguments.
    CallKw = "CALL_KW", cache 0;
    /// Calls (method, self-or-NULL, `arg` args) as left by LOAD_METHOD.
    CallMethod = "CALL_METHOD", cache 2;
    /// `f(*args)`: calls the callable below a tuple of positional arguments
    /// (arg 1: and a dict of keyword arguments on top).
    CallEx = "CALL_FUNCTION_EX", cache 0;
    /// Returns TOS.
    ReturnValue = "RETURN_VALUE", cache 0;
    /// `raise` (arg 0), `raise TOS` (1) or `raise TOS1 from TOS` (2).
    RaiseVarargs = "RAISE_VARARGS", cache 0;
    /// Re-raises the exception TOS, keeping its traceback.
    Reraise = "RERAISE", cache 0;
    /// Marks the exception TOS as being handled.
    PushExcInfo = "PUSH_EXC_INFO", cache 0;
    /// Ends handling the current exception.
    PopExcept = "POP_EXCEPT", cache 0;
    /// Pushes whether the exception TOS1 matches the type(s) TOS (pops TOS).
    CheckExcMatch = "CHECK_EXC_MATCH", cache 0;
    /// Pushes `AssertionError`.
    LoadAssertionError = "LOAD_ASSERTION_ERROR", cache 0;
    /// Imports module `names[arg]` and pushes it.
    ImportName = "IMPORT_NAME", cache 0;
    /// Pushes attribute `names[arg]` of the module TOS (kept).
    ImportFrom = "IMPORT_FROM", cache 0;
}

/// Binary operators (the arg of BINARY_OP), numbered as in CPython 3.11.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum BinOp {
    Add,
    And,
    FloorDiv,
    LShift,
    MatMul,
    Mul,
    Mod,
    Or,
    Pow,
    RShift,
    Sub,
    TrueDiv,
    Xor,
}

impl BinOp {
    /// All operators, indexed by their number.
    pub const ALL: [BinOp; 13] = [
        BinOp::Add,
        BinOp::And,
        BinOp::FloorDiv,
        BinOp::LShift,
        BinOp::MatMul,
        BinOp::Mul,
        BinOp::Mod,
        BinOp::Or,
        BinOp::Pow,
        BinOp::RShift,
        BinOp::Sub,
        BinOp::TrueDiv,
        BinOp::Xor,
    ];
    /// The operator's number (the opcode arg; in-place forms add 13).
    pub fn index(self) -> u32 {
        self as u32
    }
    /// Decodes an arg (in-place forms map to the same operator).
    #[inline(always)]
    pub fn from_arg(arg: u32) -> BinOp {
        let i = if arg >= 13 { arg - 13 } else { arg };
        BinOp::ALL[(i as usize).min(12)]
    }
    /// The operator's symbol, as used in error messages.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::And => "&",
            BinOp::FloorDiv => "//",
            BinOp::LShift => "<<",
            BinOp::MatMul => "@",
            BinOp::Mul => "*",
            BinOp::Mod => "%",
            BinOp::Or => "|",
            BinOp::Pow => "**",
            BinOp::RShift => ">>",
            BinOp::Sub => "-",
            BinOp::TrueDiv => "/",
            BinOp::Xor => "^",
        }
    }
}

/// Comparison operators (the arg of COMPARE_OP), numbered as in CPython.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum CmpOp {
    Lt,
    Le,
    Eq,
    Ne,
    Gt,
    Ge,
}

impl CmpOp {
    /// Decodes an arg.
    pub fn from_arg(arg: u32) -> CmpOp {
        match arg {
            0 => CmpOp::Lt,
            1 => CmpOp::Le,
            2 => CmpOp::Eq,
            3 => CmpOp::Ne,
            4 => CmpOp::Gt,
            _ => CmpOp::Ge,
        }
    }
    /// The operator's symbol.
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
}

/// One instruction unit: an opcode and a 32-bit argument. Cache units use
/// `arg` as 32 bits of cache data. `cache` (otherwise padding) holds
/// `op.cache_units()`, so stepping to the next instruction needs no table
/// lookup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instr {
    /// The opcode.
    pub op: Op,
    /// How many cache units follow (always `op.cache_units()`).
    pub cache: u8,
    /// The argument.
    pub arg: u32,
}

impl Instr {
    /// An instruction unit.
    #[inline]
    pub const fn new(op: Op, arg: u32) -> Instr {
        Instr {
            op,
            cache: op.cache_units() as u8,
            arg,
        }
    }
}

/// An exception-table entry: an exception raised by an instruction in
/// `start..end` truncates the operand stack to `depth` items, pushes the
/// exception and continues at `handler`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExcEntry {
    /// First protected unit.
    pub start: u32,
    /// One past the last protected unit.
    pub end: u32,
    /// Handler unit.
    pub handler: u32,
    /// Operand-stack depth at the handler (before the exception is pushed).
    pub depth: u32,
}

/// The source text of a file, kept for traceback lines.
pub struct Source {
    /// The file name as given by the user.
    pub filename: String,
    /// The text.
    pub text: String,
}

impl Source {
    /// Line `n` (1-based) without its newline.
    pub fn line(&self, n: u32) -> Option<&str> {
        self.text.lines().nth((n as usize).checked_sub(1)?)
    }
}

/// A compiled function body or module.
pub struct Code {
    /// `co_name`: `<module>`, `f`, `<lambda>`, `<listcomp>`…
    pub name: String,
    /// `co_qualname`.
    pub qualname: String,
    /// The source file.
    pub source: Rc<Source>,
    /// First line of the definition.
    pub first_line: u32,
    /// Number of positional parameters.
    pub argcount: u32,
    /// Whether the last parameter after the positionals is `*args`.
    pub varargs: bool,
    /// Local variable names; parameters first (then `*args`).
    pub varnames: Vec<String>,
    /// Names of locals that are captured by inner functions (cells).
    pub cellvars: Vec<String>,
    /// For each cellvar, the parameter index it is initialised from.
    pub cell_params: Vec<Option<u32>>,
    /// Names of free variables (cells received from the closure).
    pub freevars: Vec<String>,
    /// Constants.
    pub consts: Vec<Value>,
    /// Global, attribute and module names (interned `str` objects).
    pub names: Vec<ObjRef>,
    /// The instruction stream (with cache units).
    pub units: Box<[Cell<Instr>]>,
    /// The source line of each unit.
    pub lines: Box<[u32]>,
    /// The exception table, innermost entries first.
    pub exc_table: Vec<ExcEntry>,
    /// Whether this is a module body (its names are globals).
    pub is_module: bool,
}

impl Code {
    /// Number of locals, including parameters.
    pub fn nlocals(&self) -> usize {
        self.varnames.len()
    }

    /// Number of local slots including cells and free variables.
    pub fn nslots(&self) -> usize {
        self.varnames.len() + self.cellvars.len() + self.freevars.len()
    }

    /// The name at `names[i]` as text.
    pub fn name_str(&self, i: u32) -> &str {
        self.names
            .get(i as usize)
            .and_then(|n| n.downcast::<StrObj>())
            .map(|s| s.as_str())
            .unwrap_or("?")
    }

    /// The line of unit `pc`.
    pub fn line_at(&self, pc: usize) -> u32 {
        self.lines.get(pc).copied().unwrap_or(self.first_line)
    }

    /// The innermost exception-table entry covering `pc`.
    pub fn handler_for(&self, pc: usize) -> Option<ExcEntry> {
        let pc = pc as u32;
        self.exc_table
            .iter()
            .find(|e| e.start <= pc && pc < e.end)
            .copied()
    }

    /// The name of cell/free slot `i` (cells first).
    pub fn deref_name(&self, i: u32) -> &str {
        let i = i as usize;
        if i < self.cellvars.len() {
            &self.cellvars[i]
        } else {
            self.freevars
                .get(i - self.cellvars.len())
                .map(|s| s.as_str())
                .unwrap_or("?")
        }
    }

    /// Code objects nested in the constants.
    pub fn children(&self) -> impl Iterator<Item = &Rc<Code>> {
        self.consts
            .iter()
            .filter_map(|c| c.downcast::<crate::object::CodeObj>().map(|c| &c.code))
    }

    fn arg_repr(&self, ins: Instr) -> String {
        let a = ins.arg;
        match ins.op {
            Op::LoadConst => self
                .consts
                .get(a as usize)
                .map(|v| match v.downcast::<crate::object::CodeObj>() {
                    Some(c) => format!("<code {}>", c.code.qualname),
                    None => crate::ops::repr_simple(v),
                })
                .unwrap_or_default(),
            Op::LoadFast | Op::StoreFast | Op::DeleteFast => {
                self.varnames.get(a as usize).cloned().unwrap_or_default()
            }
            Op::LoadDeref | Op::StoreDeref | Op::DeleteDeref | Op::LoadClosure => {
                self.deref_name(a).to_owned()
            }
            Op::LoadGlobal
            | Op::StoreGlobal
            | Op::DeleteGlobal
            | Op::LoadAttr
            | Op::StoreAttr
            | Op::LoadMethod
            | Op::ImportName
            | Op::ImportFrom => self.name_str(a).to_owned(),
            Op::BinaryOp => {
                let s = BinOp::from_arg(a).symbol();
                if a >= 13 {
                    format!("{s}=")
                } else {
                    s.to_owned()
                }
            }
            Op::CompareOp => CmpOp::from_arg(a).symbol().to_owned(),
            Op::IsOp => if a == 0 { "is" } else { "is not" }.to_owned(),
            Op::ContainsOp => if a == 0 { "in" } else { "not in" }.to_owned(),
            Op::ForIter
            | Op::Jump
            | Op::JumpBackward
            | Op::PopJumpIfFalse
            | Op::PopJumpIfTrue
            | Op::JumpIfFalseOrPop
            | Op::JumpIfTrueOrPop => format!("to {a}"),
            _ => String::new(),
        }
    }
}

impl fmt::Display for Code {
    /// Prints a disassembly in the spirit of CPython's `dis`: line numbers,
    /// unit offsets, names, args and their meaning. Cache units are elided.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Disassembly of <code {}> ({}:{}):",
            self.qualname, self.source.filename, self.first_line
        )?;
        let mut last_line = 0;
        let mut pc = 0;
        while pc < self.units.len() {
            let ins = self.units[pc].get();
            let line = self.line_at(pc);
            let line_col = if line != last_line {
                last_line = line;
                format!("{line:>4}")
            } else {
                "    ".to_owned()
            };
            let has_arg = !matches!(
                ins.op,
                Op::Nop
                    | Op::Cache
                    | Op::PopTop
                    | Op::UnaryNegative
                    | Op::UnaryPositive
                    | Op::UnaryInvert
                    | Op::UnaryNot
                    | Op::BinarySubscr
                    | Op::StoreSubscr
                    | Op::DeleteSubscr
                    | Op::GetIter
                    | Op::ReturnValue
                    | Op::Reraise
                    | Op::PushExcInfo
                    | Op::PopExcept
                    | Op::CheckExcMatch
                    | Op::LoadAssertionError
                    | Op::ListToTuple
                    | Op::ListExtend
            );
            let repr = self.arg_repr(ins);
            let mut text = format!("{line_col} {pc:>6} {:<22}", ins.op.name());
            if has_arg {
                text.push_str(&format!("{:>4}", ins.arg));
            }
            if !repr.is_empty() {
                text.push_str(&format!(" ({repr})"));
            }
            writeln!(f, "{}", text.trim_end())?;
            pc += 1 + ins.op.cache_units();
        }
        if !self.exc_table.is_empty() {
            writeln!(f, "ExceptionTable:")?;
            for e in &self.exc_table {
                writeln!(
                    f,
                    "  {} to {} -> {} [{}]",
                    e.start, e.end, e.handler, e.depth
                )?;
            }
        }
        for child in self.children() {
            writeln!(f)?;
            write!(f, "{child}")?;
        }
        Ok(())
    }
}
