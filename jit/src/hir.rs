//! HIR: the JIT's SSA form of one function.
//!
//! A function is a list of blocks; a block takes parameters (the SSA form
//! of values flowing in from its predecessors: loop-carried locals and
//! operand-stack entries), runs instructions that each define at most one
//! value, and ends with a terminator. Values are typed: unboxed `Int`
//! (i64), `Float` (f64), `Bool`, or `Ptr` (the address of a heap object,
//! borrowed: compiled code never owns a reference in a register).
//!
//! Every instruction that can leave compiled code carries the
//! [`FrameState`] it leaves with: the instruction to resume at and where
//! each live local and operand-stack value is. Leaving writes those values
//! into the interpreter's frame (boxing numbers) and the interpreter runs
//! that instruction generically, so an exit is always correct, only slower.
//!
//! The HIR prints itself ([`std::fmt::Display`]); the snapshot tests in
//! `jit/tests` pin that text for representative functions.

use crate::deopt::ExitReason;
use std::fmt;

/// An SSA value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(pub u32);

/// A block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

/// The type of an SSA value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    /// An `int` in i64 range.
    Int,
    /// A `float`.
    Float,
    /// A `bool`.
    Bool,
    /// The address of a heap object kept alive by someone else (a frame
    /// slot, the compiled code's constants).
    Ptr,
}

/// Integer operators that cannot fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntOp {
    /// `+` where the builder knows it cannot overflow (a range's step).
    Add,
    /// `&`
    And,
    /// `|`
    Or,
    /// `^`
    Xor,
}

/// Integer operators that leave compiled code on overflow, a zero divisor
/// or a negative shift count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckedIntOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `//` (floor division)
    FloorDiv,
    /// `%` (sign of the divisor)
    Mod,
    /// `>>` (a negative count leaves compiled code; a count of 64 or
    /// more gives the sign)
    RShift,
    /// `<<` (a negative count, or a result outside `i64`, leaves compiled
    /// code)
    LShift,
}

/// Float operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (a zero divisor leaves compiled code)
    Div,
    /// `**` of a positive finite base and a finite exponent with a finite
    /// result (any other leaves compiled code)
    Pow,
}

/// Comparisons (Python's, on numbers: NaN compares false except `!=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

/// Declared C types of a typed C function's arguments and result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CType {
    /// `long`
    Long,
    /// `double`
    Double,
    /// `int` used as a truth value
    Bool,
    /// `const char*`: a `str`'s UTF-8 text (arguments only)
    Str,
    /// `PyObject*` (arguments: borrowed; results: a new reference)
    Object,
    /// nothing (results only)
    Void,
}

/// What a direct call of a Python function's compiled code needs to
/// know of the callee (see [`Op::CallPy`]): it takes exactly the
/// arguments given, and has no cells or free variables. At run time the
/// call reads the callee's `Code::jit_direct` record, and leaves the call
/// to the interpreter when there is none, the free slots are too few,
/// the recursion limit or the machine stack's budget is reached, or an
/// event is pending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DirectCall {
    /// The address of the callee code's `jit_direct` cell.
    pub cell: usize,
    /// The callee's local slots.
    pub nslots: u32,
    /// The slots its frame needs (locals and deepest operand stack).
    pub frame_len: u32,
    /// The address of the callee's globals (an `ObjRef` in the function
    /// object, which the code keeps alive).
    pub globals: usize,
}

/// A class's `__init__` called directly at CALL_PY_INIT (see
/// [`Op::CallPy`]): once the checks of the direct call pass, a helper
/// makes the instance, which goes into the frame as `self`, in the slot
/// below the arguments (the class's, or the NULL's: dead); the instance
/// is the result when `__init__` returns None. A frame handed up is
/// pushed as the interpreter's CALL_PY_INIT pushes it.
#[derive(Clone, Debug, PartialEq)]
pub struct InitCall {
    /// The class (a constant the code keeps alive).
    pub cls: ValueId,
    /// Where the TypeError of an `__init__` that returned something else
    /// is raised: the CALL, its operands gone.
    pub raise: FrameState,
}

/// Where a value of the interpreter's frame is, at an exit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loc {
    /// Still in its frame slot: nothing to write (locals only).
    InSlot,
    /// An unboxed number or bool, boxed when written.
    Int(ValueId),
    /// A float.
    Float(ValueId),
    /// A bool.
    Bool(ValueId),
    /// `None`.
    None,
    /// A heap object at a known address (a code constant or an object the
    /// compiled code keeps alive); written with a new reference.
    Obj(ValueId),
    /// The current value of local slot `n` (an operand pushed by
    /// LOAD_FAST from a local not held in a register); written as a copy.
    Local(u32),
    /// LOAD_METHOD's "no receiver" marker.
    Null,
    /// A `range` iterator at `cur`, ending before `stop` (step 1), made
    /// into a real `range_iterator` when written.
    RangeIter(ValueId, ValueId),
    /// A list iterator at index `idx` over the list its operand slot
    /// holds (the slot owns a reference to the list), made into a real
    /// `list_iterator` in that slot when written.
    ListIter(ValueId),
}

/// The interpreter frame an exit resumes: the instruction, then each
/// local slot and each operand-stack entry.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FrameState {
    /// The instruction (unit index) the interpreter resumes at.
    pub pc: u32,
    /// One entry per local slot.
    pub locals: Vec<Loc>,
    /// The operand stack, bottom first.
    pub stack: Vec<Loc>,
}

/// An instruction run by a runtime helper on operands already written
/// into their operand-stack slots (see [`Op::Generic`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generic {
    /// BINARY_OP `arg` on the two slots at the base; the result replaces
    /// the first.
    Binary,
    /// BUILD_LIST of `arg` slots from the base.
    BuildList,
    /// BINARY_SUBSCR: `base[base + 1]` replaces the base.
    Subscr,
    /// STORE_SUBSCR: `base + 1`[`base + 2`] = `base`, all three released.
    StoreSubscr,
    /// GET_ITER on the base.
    GetIter,
    /// Releases the value in the base slot.
    Drop,
    /// Moves the base slot's value into local `arg` (releasing the
    /// local's old value).
    StoreLocal,
    /// IS_OP `arg` on the two slots at the base; the bool replaces them.
    Is,
    /// `base.append(base + 1)` on a list (checked by the code before):
    /// the value moves into the list, both slots end up None.
    ListAppend,
    /// `str(x)` of the value at `base + arg`: the `str` replaces the base
    /// (the callee's dead slot), the value's slot ends up None.
    Str,
    /// BINARY_OP_INPLACE_ADD_STR: BINARY_OP `arg & 0xff` on the two slots
    /// at the base, whose first holds a copy of local `arg >> 8`, the
    /// STORE_FAST after it storing into that local. When the copy and the
    /// local are the only references to a `str`, the copy is released and
    /// the second operand is appended to the local's `str` in place; the
    /// result (a new reference) replaces the first slot either way.
    InplaceAddLocal,
    /// BUILD_TUPLE of `arg` slots from the base.
    BuildTuple,
    /// LIST_APPEND `arg` (a comprehension's): the value in the base slot
    /// is appended to the list in the slot `arg` below it, which stays;
    /// the value's slot ends up None.
    AppendBelow,
    /// UNPACK_SEQUENCE `arg` of the value in the base slot: its items go
    /// to the slots from the base, last item first (as the interpreter
    /// pushes them).
    Unpack,
    /// BUILD_SLICE of `arg` (2 or 3) slots from the base: the slice
    /// replaces the base, the other slots end up None.
    BuildSlice,
    /// BUILD_MAP of `arg` key/value pairs in the slots from the base: the
    /// dict replaces the base, the other slots end up None.
    BuildMap,
    /// DELETE_SUBSCR: `del base[base + 1]`, both released.
    DeleteSubscr,
    /// MAKE_FUNCTION 0: the code object in the base slot replaced by a
    /// function of it in the frame's globals.
    MakeFunction,
    /// UNPACK_EX `arg` of the value in the base slot: what the
    /// interpreter pushes goes to the slots from the base, in order.
    UnpackEx,
    /// BEFORE_WITH on the context manager in the base slot: its bound
    /// `__exit__` replaces it, what `__enter__` returned goes above.
    BeforeWith,
    /// CALL `arg` of the callable in the base slot with the `arg` values
    /// above it (a `with` statement's `__exit__(None, None, None)`): the
    /// result replaces the callable, the other slots end up None.
    CallInSlots,
    /// `base.add(base + 1)`, `.remove` or `.discard` (`arg`: the index in
    /// `interp::sets::KeyMethod::ALL`) on a set (checked by the code
    /// before): both slots end up None.
    SetKey,
}

impl Generic {
    /// Every helper instruction, by the number compiled code passes (its
    /// discriminant: the order of declaration, which a test checks).
    pub const ALL: &'static [Generic] = &[
        Generic::Binary,
        Generic::BuildList,
        Generic::Subscr,
        Generic::StoreSubscr,
        Generic::GetIter,
        Generic::Drop,
        Generic::StoreLocal,
        Generic::Is,
        Generic::ListAppend,
        Generic::Str,
        Generic::InplaceAddLocal,
        Generic::BuildTuple,
        Generic::AppendBelow,
        Generic::Unpack,
        Generic::BuildSlice,
        Generic::BuildMap,
        Generic::DeleteSubscr,
        Generic::MakeFunction,
        Generic::UnpackEx,
        Generic::BeforeWith,
        Generic::CallInSlots,
        Generic::SetKey,
    ];
}

/// A runtime helper: Rust code in [`crate::helpers`] that compiled code
/// calls for what it does not do inline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Helper {
    /// Stores a new reference to an object into a local slot, releasing
    /// what the slot held.
    StoreLocalObj,
    /// `(dict, cell, name, tag, bits)`: whether `dict[name]` is the value
    /// with this type tag and payload (an object: its address; a number:
    /// its bits); the cell caches the keys version and the entry's index.
    DictEntryIs,
    /// `(dict, cell, name)`: whether `dict` has no key `name` (the cell
    /// caches the keys version at which that was checked).
    DictLacks,
    /// `(obj, name)`: whether the instance `obj` (of a class whose
    /// version tag was checked) has no attribute `name` that would shadow
    /// its class's method of that name.
    MethodUnshadowed,
}

/// An instruction's operation.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// An `int` constant.
    ConstInt(i64),
    /// A `float` constant.
    ConstFloat(f64),
    /// A `bool` constant.
    ConstBool(bool),
    /// The address of an object kept alive by the compiled code.
    ConstPtr(usize),
    /// Reads local slot `slot`, which must hold a value of type `ty`
    /// (`Int`, `Float` or `Bool`), unboxed; leaves otherwise.
    LoadLocal {
        /// The slot.
        slot: u32,
        /// The type expected.
        ty: Ty,
        /// Where to go if it does not hold one.
        exit: FrameState,
    },
    /// Reads the object address in local slot `slot`; leaves unless it
    /// is the object `expect`.
    LoadLocalIs {
        /// The slot.
        slot: u32,
        /// The object expected there.
        expect: usize,
        /// Where to go if it does not hold it.
        exit: FrameState,
    },
    /// Leaves unless frame slot `slot` holds an object of exactly the type
    /// at address `ty` (a built-in or C type: no subclass passes).
    GuardLocalType {
        /// The slot.
        slot: u32,
        /// The type object's address.
        ty: usize,
        /// Where to go otherwise.
        exit: FrameState,
    },
    /// Leaves unless local slot `slot` is bound (does not hold the
    /// unbound marker at address `marker`): the interpreter raises
    /// `UnboundLocalError`.
    GuardBound {
        /// The slot.
        slot: u32,
        /// The marker's address.
        marker: usize,
        /// Where to go if unbound.
        exit: FrameState,
    },
    /// The truth of the value in frame slot `slot` (a local or an operand
    /// written there): a bool, an int (nonzero) or `None`; anything else
    /// leaves, and the interpreter asks the object.
    Truth {
        /// The slot.
        slot: u32,
        /// Where to go for other types.
        exit: FrameState,
    },
    /// CALL of a native callable (a builtin or a C function, `callee`),
    /// with `arg & 0xffff` arguments in the operand-stack slots from
    /// `base + 1` (from `base + 2` when bit 16 is set: CALL_METHOD's NULL
    /// between); bits 17 and up hold the C call's form
    /// (`helpers::EXT_CALLS`, plus one; 0: none), found when compiling as
    /// the interpreter's quickening finds it. The result goes to slot
    /// `base`, the arguments are released; `Bool` false: it raised.
    CallNative {
        /// The callable (kept alive by the code).
        callee: ValueId,
        /// The stack index of the callable's (dead) slot.
        base: u32,
        /// The count, the NULL bit and the form.
        arg: u32,
        /// Where an exception is delivered.
        exit: FrameState,
    },
    /// CALL of a C function (`callee`, a constant) made by calling its
    /// `ml_meth` from the machine code in the convention `target` says
    /// (see `capi::direct`): the arguments are passed as objects (boxed
    /// for the call if unboxed, see [`CArg`]), the result (a new
    /// reference, checked as the interpreter's call checks it) goes to
    /// slot `base`; `Bool` false: it raised.
    CallC {
        /// The function object (kept alive by the code; it keeps `self`).
        callee: ValueId,
        /// `ml_meth`, its `self` and its convention.
        target: capi::direct::DirectC,
        /// The positional arguments, in order.
        args: Vec<CArg>,
        /// The stack index the result goes to (the callee's dead slot).
        base: u32,
        /// Where an exception is delivered.
        exit: FrameState,
    },
    /// CALL of the Python function `callee` (constant), with the
    /// arguments in slots as for [`Op::CallNative`] (`arg`: the count,
    /// and the NULL bit): a direct call of its compiled code (see
    /// [`DirectCall`]) on a frame made in the free slots from its first
    /// argument on, whose result goes to slot `base`. When the call
    /// cannot be made directly, the code leaves at `exit` (the CALL, the
    /// callee and arguments in their slots) and the interpreter makes
    /// it. When the callee's code does not return, its frame is handed up
    /// (`interp::eval::hand_up`) and the code leaves at `resume` (the
    /// next instruction, the callee's frame above this one).
    CallPy {
        /// The function (kept alive by the code).
        callee: ValueId,
        /// The stack index of the callable's slot.
        base: u32,
        /// The count and the NULL bit.
        arg: u32,
        /// What the call needs to know of the callee.
        direct: DirectCall,
        /// A method call whose site saw several classes: the callee (a
        /// value, not a constant) is compared with each of these
        /// functions' addresses and called directly as the one it is;
        /// another leaves at `exit` (`direct` is unused then).
        cases: Vec<(usize, DirectCall)>,
        /// Where the interpreter makes the call.
        exit: FrameState,
        /// Where the interpreter goes on after the callee's frame.
        resume: FrameState,
        /// CALL_PY_INIT: the callee is the class's `__init__`, called on
        /// a new instance, which is the call's result.
        init: Option<InitCall>,
    },
    /// BINARY_OP_PY (`arg`: the operator) of the operands in slots `base`
    /// and `base + 1`, the result into slot `base`: a helper finds the
    /// left operand's method (a Python function of two arguments) through
    /// the site's cache `cell` (`helpers::binop_target`), and its compiled
    /// code is called directly on a frame above the operands, which stay
    /// for `NotImplemented` (the protocol then goes on in a helper). With
    /// no method that can be called so, the operator runs in a helper
    /// (as [`Generic::Binary`]), raising at `exit`; a failed check of the
    /// direct call leaves at `exit` (the interpreter runs the operator).
    /// A frame handed up is pushed as BINARY_OP_PY pushes it, and the code
    /// leaves at `resume`; an error of the rest of the protocol is raised
    /// at `raise` (the operator, its operands gone).
    CallBinop {
        /// The operator (BINARY_OP's argument).
        arg: u32,
        /// The left operand's stack index.
        base: u32,
        /// The site's cache (`helpers::BINOP_CELL_WORDS` words).
        cell: usize,
        /// Where the interpreter runs the operator.
        exit: FrameState,
        /// Where the interpreter goes on after the method's frame.
        resume: FrameState,
        /// Where the rest of the protocol raises.
        raise: FrameState,
    },
    /// Whether frame slot `slot` holds `None` (`x is None` on a value in
    /// a slot).
    IsNone {
        /// The slot.
        slot: u32,
    },
    /// A loop's back-edge is a safe point, as in the interpreter: leaves
    /// (to the interpreter's JUMP_BACKWARD, which raises it) when an
    /// event is pending (`abi::pending`: Ctrl-C, memory exhausted).
    CheckPending {
        /// The JUMP_BACKWARD's frame state.
        exit: FrameState,
    },
    /// An int that may not exceed `max`: leaves when it does. A range
    /// loop's stop passes through one, which bounds its index
    /// (`crate::facts`). Built with `max = i64::MAX` (no check);
    /// `facts::bound_ranges` lowers it where the bound drops an overflow
    /// check.
    IntAtMost {
        /// The int.
        val: ValueId,
        /// Its largest value allowed.
        max: i64,
        /// Where to go if it is larger.
        exit: FrameState,
    },
    /// An int that may not be negative: leaves when it is. On-stack
    /// replacement passes a running range loop's next index through one
    /// (its stop through an [`Op::IntAtMost`]), so that the loop's index
    /// is known to be non-negative as it is from `range(n)`
    /// (`crate::facts`).
    IntNonNeg {
        /// The int.
        val: ValueId,
        /// Where to go if it is negative.
        exit: FrameState,
    },
    /// An integer operation that cannot fail.
    Int(IntOp, ValueId, ValueId),
    /// An integer operation that leaves on overflow or a zero divisor.
    CheckedInt(CheckedIntOp, ValueId, ValueId, FrameState),
    /// `-x` on an int, leaving on overflow.
    IntNeg(ValueId, FrameState),
    /// A float operation; `Div` leaves on a zero divisor.
    Float(FloatOp, ValueId, ValueId, Option<FrameState>),
    /// `-x` on a float.
    FloatNeg(ValueId),
    /// `abs(x)` of an int, leaving on overflow (`abs` of the smallest
    /// i64).
    IntAbs(ValueId, FrameState),
    /// `len(x)` of the object at this address (never negative): the C
    /// length slot the cell at the second address remembers for one C type
    /// (`[type, slot]`, filled by the helper), else through a helper; an
    /// exception is raised at the exit.
    Len(ValueId, usize, FrameState),
    /// `str(i)` of an int, written into the dead operand-stack slot
    /// `base` (a new `str`; cannot fail).
    StrInt {
        /// The int.
        val: ValueId,
        /// The stack index written.
        base: u32,
    },
    /// `list.append` on the list in local slot `list` (its type guarded
    /// by a [`Op::GuardLocalType`]) of the value owned by operand-stack
    /// slot `item`, which is left dead; an exception (memory) is raised
    /// at the exit.
    ListAppend {
        /// The local slot.
        list: u32,
        /// The item's stack index.
        item: u32,
        /// Where an exception is delivered.
        exit: FrameState,
    },
    /// `abs(x)` of a float.
    FloatAbs(ValueId),
    /// The second value if the bool is true, else the third (`min` and
    /// `max` of two numbers of one type).
    Select(ValueId, ValueId, ValueId),
    /// An int converted to float (exactly as Python's `float(i)`).
    IntToFloat(ValueId),
    /// Compares two ints.
    IntCmp(Cmp, ValueId, ValueId),
    /// Compares two floats.
    FloatCmp(Cmp, ValueId, ValueId),
    /// `not b`.
    Not(ValueId),
    /// A bool as an int (0 or 1), for arithmetic on bools.
    BoolToInt(ValueId),
    /// Calls a typed C function at address `func` with unboxed
    /// arguments; `may_raise` functions are checked for an exception
    /// when they return their error sentinel (leaving with it).
    CallTyped {
        /// `underlying_func`.
        func: usize,
        /// The declared argument types, one per argument.
        args: Vec<(CType, ValueId)>,
        /// The declared result type.
        ret: CType,
        /// Whether the function can raise.
        may_raise: bool,
        /// Where an exception is delivered.
        exit: FrameState,
    },
    /// A guard through a helper: leaves unless it returns true.
    Guard {
        /// The helper.
        helper: Helper,
        /// Its arguments (pointer-sized).
        args: Vec<ValueId>,
        /// Why leaving.
        reason: ExitReason,
        /// Where to go.
        exit: FrameState,
    },
    /// Writes a number held in a register into local slot `slot` (boxed,
    /// releasing what the slot held): on an edge into a block that keeps
    /// the local in its slot.
    SpillLocal {
        /// The slot.
        slot: u32,
        /// The value.
        val: Loc,
    },
    /// Writes operand-stack entries into their slots, from stack index
    /// `base` up (numbers boxed, objects with new references), so that a
    /// helper can work on them.
    Flush {
        /// The first stack index written.
        base: u32,
        /// One value per entry.
        vals: Vec<Loc>,
    },
    /// Runs an instruction through a helper on the operand-stack slots
    /// from `base`; the `Bool` result is false when it raised (the
    /// exception is delivered at `exit`).
    Generic {
        /// Which instruction.
        op: Generic,
        /// The stack index of its first operand.
        base: u32,
        /// Its argument.
        arg: u32,
        /// Where an exception is delivered.
        exit: FrameState,
    },
    /// The NUL-terminated UTF-8 text of the `str` at `obj`, for a
    /// `T_C_STR` argument; leaves (the interpreter makes the call) if
    /// `obj` is not a `str` or has a NUL inside.
    CStr {
        /// The object.
        obj: ValueId,
        /// Where to go if it does not fit.
        exit: FrameState,
    },
    /// `seq[i]` for a list or tuple at `seq` and an int index: the item
    /// is written into operand-stack slot `base`; leaves (the interpreter
    /// redoes it) unless `seq` is an exact list or tuple and `i` in range.
    SeqGet {
        /// The list's or tuple's address.
        seq: ValueId,
        /// The index.
        index: ValueId,
        /// The stack index the item goes to.
        base: u32,
        /// Where to go otherwise.
        exit: FrameState,
    },
    /// `list[i] = v` for a list, an int index and a number; leaves unless
    /// `list` is a list and `i` in range.
    ListSet {
        /// The list's address.
        list: ValueId,
        /// The index.
        index: ValueId,
        /// The value, with its type.
        value: Loc,
        /// Where to go otherwise.
        exit: FrameState,
    },
    /// `list[i] = v` for a list, an int index and a value in frame slot
    /// `slot` (a local's, copied; or an operand's, moved: `take`, the slot
    /// left `None`); leaves unless `list` is a list and `i` in range.
    ListStore {
        /// The list's address.
        list: ValueId,
        /// The index.
        index: ValueId,
        /// The frame slot holding the value (locals first, then the
        /// operand stack).
        slot: u32,
        /// Whether the value moves out of the slot.
        take: bool,
        /// Where to go otherwise.
        exit: FrameState,
    },
    /// Stores the new reference a C function returned into the dead
    /// operand-stack slot `base` (`Bool` false: it was NULL; the
    /// exception is delivered at `exit`).
    Adopt {
        /// The stack index.
        base: u32,
        /// The object (a new reference).
        obj: ValueId,
        /// The C function (kept alive by the code), named in the error
        /// when it returned NULL without an exception.
        callee: usize,
        /// Where an exception is delivered.
        exit: FrameState,
    },
    /// FOR_ITER on the iterator in stack slot `base`: `Int` 1 with the
    /// next value pushed above it, 0 when exhausted (the iterator
    /// released); an exception leaves at `exit`.
    ForIterGeneric {
        /// The iterator's stack index.
        base: u32,
        /// Where an exception is delivered.
        exit: FrameState,
    },
    /// Leaves unless operand-stack slot `base` holds an object of exactly
    /// type `ty`.
    GuardSlotType {
        /// The stack index.
        base: u32,
        /// The type.
        ty: ExactType,
        /// Where to go otherwise.
        exit: FrameState,
    },
    /// FOR_ITER on a list iterator kept as its list (in stack slot `base`,
    /// owned) and the index `idx`: `Bool` true with the item at `idx`
    /// pushed above it, false when `idx` is past the end (the list
    /// released, the slot left `None`); leaves while the list is borrowed
    /// mutably.
    ListIterNext {
        /// The list's stack index.
        base: u32,
        /// The next index.
        idx: ValueId,
        /// Where to go otherwise.
        exit: FrameState,
    },
    /// CONTAINS_OP on stack slots `base` (the item) and `base + 1` (the
    /// container), both released: `Bool` whether the item is in it (not
    /// in it: `negate`); an exception leaves at `exit`.
    Contains {
        /// The item's stack index.
        base: u32,
        /// `not in`.
        negate: bool,
        /// Where an exception is delivered.
        exit: FrameState,
    },
    /// Leaves unless the object at `obj` has a type whose version tag
    /// (`tp_version_tag`) is one of `versions` (none of them 0): the
    /// interpreter's inline caches for instances of Python classes check
    /// the same tag.
    GuardTypeVersion {
        /// The object.
        obj: ValueId,
        /// The tags accepted.
        versions: Vec<u32>,
        /// Where to go otherwise.
        exit: FrameState,
    },
    /// The version tag of the type of the object at the address (an
    /// `Int`: `tp_version_tag`).
    TypeVersionOf(ValueId),
    /// `obj.name` of an instance whose class's version was guarded: the
    /// attribute at entry `index` of its values or dict, written into the
    /// dead operand-stack slot `base` (read in machine code while the
    /// instance has no dict, see `layout::InstanceLayout`; else through a
    /// helper); leaves (the interpreter loads it) when that entry's key is
    /// not `name`.
    AttrGet {
        /// The instance.
        obj: ValueId,
        /// The name (a `str` the code keeps alive).
        name: ValueId,
        /// The name's text, for dumps.
        text: String,
        /// The cached entry index.
        index: u32,
        /// The stack index written.
        base: u32,
        /// Where to go otherwise.
        exit: FrameState,
    },
    /// `obj.name = value` on an instance whose class's version was
    /// guarded, the value owned by operand-stack slot `base` (moved into
    /// the instance, the slot left dead): replaces entry `index`, or adds
    /// it when the instance has `index` entries; leaves (nothing done, the
    /// interpreter stores it) otherwise.
    AttrSet {
        /// The instance.
        obj: ValueId,
        /// The name (a `str` the code keeps alive).
        name: ValueId,
        /// The name's text, for dumps.
        text: String,
        /// The cached entry index.
        index: u32,
        /// The stack index of the value.
        base: u32,
        /// The name's hash when every class the guard before admits has
        /// `name` as its shared key `index` (keys are only ever added):
        /// an instance with `index` entries then gets the new entry in
        /// place, as the interpreter's store would add it.
        append: Option<u64>,
        /// Where to go otherwise.
        exit: FrameState,
    },
    /// `container[key]` of an int key (BINARY_SUBSCR), the container in
    /// frame slot `container` (owned by it when it is an operand): the C
    /// slot the cell at `cell` remembers for one C type (`[type, slot,
    /// 1: mp_subscript, 0: sq_item]`), called here, else through a helper
    /// that fills the cell. The result goes to the stack slot `base`
    /// (the container's own slot when it is an operand, released then);
    /// `Bool` false: it raised.
    GetItem {
        /// The container's frame slot.
        container: u32,
        /// The key.
        key: ValueId,
        /// The result's stack index.
        base: u32,
        /// The cell's address.
        cell: usize,
        /// Where an exception is delivered.
        exit: FrameState,
    },
    /// Releases the value operand-stack slot `base` owns (popped), in the
    /// machine code unless it was the object's last reference.
    DropSlot {
        /// The stack index.
        base: u32,
    },
    /// `a is b` (`negate`: `is not`) of two operands that are objects,
    /// `None` or values in frame slots, compared in the machine code as
    /// `Value::is` compares them; an operand a stack slot owns is
    /// released after.
    Is {
        /// The left operand.
        a: IsOperand,
        /// The right operand.
        b: IsOperand,
        /// `is not`.
        negate: bool,
    },
    /// Leaves at `exit` (for `reason`) unless the `u32` at `addr` (a
    /// word that lives as long as the process) still holds `expect`.
    GuardWord {
        /// The word's address.
        addr: usize,
        /// What it held when the code was compiled.
        expect: u32,
        /// Why the code leaves otherwise.
        reason: ExitReason,
        /// Where.
        exit: FrameState,
    },
    /// STORE_FAST of the value operand-stack slot `from` owns: moved into
    /// local `local`, whose old value is released after; `from` is left
    /// dead (`None`).
    StoreLocal {
        /// The operand's stack index.
        from: u32,
        /// The local.
        local: u32,
    },
    /// Moves the value of operand-stack slot `from` into the dead slot
    /// `to`, leaving `from` dead (`None`).
    MoveSlot {
        /// The stack index read.
        from: u32,
        /// The stack index written.
        to: u32,
    },
    /// Swaps the values of two operand-stack slots (SWAP on owned
    /// operands).
    SwapSlots(u32, u32),
    /// Calls a helper for its effect.
    Effect {
        /// The helper.
        helper: Helper,
        /// Its arguments: a slot index, then pointer-sized values.
        slot: u32,
        /// The object.
        obj: ValueId,
    },
}

impl Loc {
    /// The values this location names.
    pub fn values(&self) -> impl Iterator<Item = ValueId> {
        let (a, b) = match *self {
            Loc::Int(v) | Loc::Float(v) | Loc::Bool(v) | Loc::Obj(v) | Loc::ListIter(v) => {
                (Some(v), None)
            }
            Loc::RangeIter(c, e) => (Some(c), Some(e)),
            _ => (None, None),
        };
        a.into_iter().chain(b)
    }
}

impl FrameState {
    /// The values this state writes back.
    pub fn values(&self) -> impl Iterator<Item = ValueId> + '_ {
        self.locals.iter().chain(&self.stack).flat_map(Loc::values)
    }
}

impl Op {
    /// Calls `f` on every value the operation uses, with whether the use
    /// only computes with a float's number (an operand of float
    /// arithmetic or comparison, or a C `double` argument), where a NaN's
    /// identity does not matter.
    pub fn for_each_use(&self, mut f: impl FnMut(ValueId, bool)) {
        if let Some(s) = self.exit() {
            s.values().for_each(|v| f(v, false));
        }
        if let Op::CallBinop { resume, raise, .. } = self {
            resume.values().for_each(|v| f(v, false));
            raise.values().for_each(|v| f(v, false));
        }
        if let Op::CallPy { resume, init, .. } = self {
            resume.values().for_each(|v| f(v, false));
            if let Some(i) = init {
                f(i.cls, false);
                i.raise.values().for_each(|v| f(v, false));
            }
        }
        match self {
            Op::Int(_, a, b)
            | Op::CheckedInt(_, a, b, _)
            | Op::IntCmp(_, a, b)
            | Op::SeqGet {
                seq: a, index: b, ..
            }
            | Op::ListStore {
                list: a, index: b, ..
            }
            | Op::AttrGet {
                obj: a, name: b, ..
            }
            | Op::AttrSet {
                obj: a, name: b, ..
            } => {
                f(*a, false);
                f(*b, false);
            }
            Op::Float(_, a, b, _) | Op::FloatCmp(_, a, b) => {
                f(*a, true);
                f(*b, true);
            }
            Op::FloatNeg(a) | Op::FloatAbs(a) => f(*a, true),
            Op::Select(c, a, b) => {
                f(*c, false);
                f(*a, false);
                f(*b, false);
            }
            Op::IntAtMost { val: a, .. }
            | Op::IntNonNeg { val: a, .. }
            | Op::GuardTypeVersion { obj: a, .. }
            | Op::TypeVersionOf(a)
            | Op::CallNative { callee: a, .. }
            | Op::CallPy { callee: a, .. }
            | Op::IntAbs(a, _)
            | Op::GetItem { key: a, .. }
            | Op::Len(a, ..)
            | Op::StrInt { val: a, .. }
            | Op::IntNeg(a, _)
            | Op::IntToFloat(a)
            | Op::Not(a)
            | Op::BoolToInt(a)
            | Op::CStr { obj: a, .. }
            | Op::Adopt { obj: a, .. }
            | Op::ListIterNext { idx: a, .. }
            | Op::Effect { obj: a, .. } => f(*a, false),
            Op::CallTyped { args, .. } => {
                for (t, v) in args {
                    f(*v, *t == CType::Double);
                }
            }
            Op::Is { a, b, .. } => {
                for o in [a, b] {
                    if let IsOperand::Obj(v) = o {
                        f(*v, false);
                    }
                }
            }
            Op::CallC { callee, args, .. } => {
                f(*callee, false);
                for a in args {
                    if let Some(v) = a.value() {
                        f(v, matches!(a, CArg::Float(_)));
                    }
                }
            }
            Op::Guard { args, .. } => args.iter().for_each(|v| f(*v, false)),
            Op::SpillLocal { val, .. } => val.values().for_each(|v| f(v, false)),
            Op::Flush { vals, .. } => vals.iter().flat_map(Loc::values).for_each(|v| f(v, false)),
            Op::ListSet {
                list, index, value, ..
            } => {
                f(*list, false);
                f(*index, false);
                value.values().for_each(|v| f(v, false));
            }
            Op::ConstInt(_)
            | Op::ConstFloat(_)
            | Op::ConstBool(_)
            | Op::ConstPtr(_)
            | Op::CallBinop { .. }
            | Op::LoadLocal { .. }
            | Op::LoadLocalIs { .. }
            | Op::GuardLocalType { .. }
            | Op::GuardBound { .. }
            | Op::Truth { .. }
            | Op::IsNone { .. }
            | Op::CheckPending { .. }
            | Op::Generic { .. }
            | Op::ListAppend { .. }
            | Op::MoveSlot { .. }
            | Op::DropSlot { .. }
            | Op::StoreLocal { .. }
            | Op::GuardWord { .. }
            | Op::SwapSlots(..)
            | Op::ForIterGeneric { .. }
            | Op::GuardSlotType { .. }
            | Op::Contains { .. } => {}
        }
    }
}

/// A built-in type whose instances compiled code reads directly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExactType {
    /// `list`.
    List,
}

impl ExactType {
    /// The type object.
    pub fn static_type(self) -> &'static abi::StaticType {
        match self {
            ExactType::List => &interp::object::types::LIST,
        }
    }
}

/// An operand of [`Op::Is`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum IsOperand {
    /// An object (a pointer the code or the frame keeps alive).
    Obj(ValueId),
    /// `None`.
    None,
    /// The value in frame slot `slot`; `owned`: an operand the stack owns,
    /// released after.
    Slot {
        /// The frame slot.
        slot: u32,
        /// Whether the comparison consumes it.
        owned: bool,
    },
}

impl fmt::Display for IsOperand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IsOperand::Obj(v) => write!(f, "{v}"),
            IsOperand::None => f.write_str("None"),
            IsOperand::Slot { slot, owned: false } => write!(f, "slot {slot}"),
            IsOperand::Slot { slot, owned: true } => write!(f, "owned slot {slot}"),
        }
    }
}

/// How compiled code gets the object a [`Op::CallC`] passes C.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CArg {
    /// An object the code or the frame keeps alive: passed as it is.
    Obj(ValueId),
    /// An unboxed int, boxed for the call.
    Int(ValueId),
    /// An unboxed float, boxed for the call.
    Float(ValueId),
    /// A bool: the `True` or `False` object.
    Bool(ValueId),
    /// The value in frame slot `slot` (whatever it holds: an object is
    /// passed as it is, a number boxed for the call); `owned`: an operand
    /// the stack owns, released after the call.
    Slot {
        /// The frame slot.
        slot: u32,
        /// Whether the call consumes it.
        owned: bool,
    },
}

impl CArg {
    /// The value the argument is made from, if it is one.
    pub fn value(&self) -> Option<ValueId> {
        match *self {
            CArg::Obj(v) | CArg::Int(v) | CArg::Float(v) | CArg::Bool(v) => Some(v),
            CArg::Slot { .. } => None,
        }
    }
}

impl fmt::Display for CArg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CArg::Obj(v) => write!(f, "{v}"),
            CArg::Int(v) | CArg::Float(v) | CArg::Bool(v) => write!(f, "box {v}"),
            CArg::Slot { slot, owned: false } => write!(f, "slot {slot}"),
            CArg::Slot { slot, owned: true } => write!(f, "owned slot {slot}"),
        }
    }
}

impl Term {
    /// The edges out of the block: none, one, or a branch's two.
    pub fn edges(&self) -> impl Iterator<Item = &Edge> {
        let (a, b) = match self {
            Term::Jump(e) => (Some(e), None),
            Term::Branch(_, t, e) => (Some(t), Some(e)),
            Term::Leave(_) | Term::Return(_) => (None, None),
        };
        a.into_iter().chain(b)
    }

    /// The values the terminator uses.
    pub fn for_each_use(&self, mut f: impl FnMut(ValueId)) {
        match self {
            Term::Jump(e) => e.args.iter().for_each(|v| f(*v)),
            Term::Branch(c, t, e) => {
                f(*c);
                t.args.iter().chain(&e.args).for_each(|v| f(*v));
            }
            Term::Leave(s) | Term::Return(s) => s.values().for_each(f),
        }
    }
}

impl Op {
    /// The frame state this operation may leave with.
    pub fn exit(&self) -> Option<&FrameState> {
        match self {
            Op::LoadLocal { exit, .. }
            | Op::LoadLocalIs { exit, .. }
            | Op::GuardLocalType { exit, .. }
            | Op::GuardWord { exit, .. }
            | Op::GetItem { exit, .. }
            | Op::GuardBound { exit, .. }
            | Op::Truth { exit, .. }
            | Op::CheckPending { exit, .. }
            | Op::CheckedInt(_, _, _, exit)
            | Op::IntNeg(_, exit)
            | Op::IntAbs(_, exit)
            | Op::Len(_, _, exit)
            | Op::ListAppend { exit, .. }
            | Op::CallTyped { exit, .. }
            | Op::CallNative { exit, .. }
            | Op::CallC { exit, .. }
            | Op::CallPy { exit, .. }
            | Op::CallBinop { exit, .. }
            | Op::Generic { exit, .. }
            | Op::ForIterGeneric { exit, .. }
            | Op::GuardSlotType { exit, .. }
            | Op::ListIterNext { exit, .. }
            | Op::Contains { exit, .. }
            | Op::Adopt { exit, .. }
            | Op::CStr { exit, .. }
            | Op::SeqGet { exit, .. }
            | Op::ListSet { exit, .. }
            | Op::ListStore { exit, .. }
            | Op::GuardTypeVersion { exit, .. }
            | Op::AttrGet { exit, .. }
            | Op::AttrSet { exit, .. }
            | Op::Guard { exit, .. } => Some(exit),
            Op::Float(_, _, _, exit) => exit.as_ref(),
            // Unlimited: no check, so no exit.
            Op::IntAtMost { max, exit, .. } => (*max != i64::MAX).then_some(exit),
            Op::IntNonNeg { exit, .. } => Some(exit),
            _ => None,
        }
    }
}

/// An instruction: an operation and the value it defines.
#[derive(Clone, Debug, PartialEq)]
pub struct Inst {
    /// The value defined, with its type.
    pub out: Option<(ValueId, Ty)>,
    /// What it does.
    pub op: Op,
}

/// A jump's target and arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Edge {
    /// The block.
    pub block: BlockId,
    /// One value per block parameter.
    pub args: Vec<ValueId>,
}

/// How a block ends.
#[derive(Clone, Debug, PartialEq)]
pub enum Term {
    /// Goes on to a block.
    Jump(Edge),
    /// Goes to `then` if the bool is true, else to `otherwise`.
    Branch(ValueId, Edge, Edge),
    /// Hands the frame back to the interpreter (a return: the frame is at
    /// its RETURN_VALUE with the result on the stack; or an instruction
    /// compiled code does not run).
    Leave(FrameState),
    /// Returns: the frame at its RETURN_VALUE with the result on the
    /// stack (the interpreter pops the frame).
    Return(FrameState),
}

/// A block.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// The bytecode offset it starts at (for dumps).
    pub pc: u32,
    /// Its parameters.
    pub params: Vec<(ValueId, Ty)>,
    /// Its instructions.
    pub insts: Vec<Inst>,
    /// Its end.
    pub term: Term,
}

/// A function in HIR.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    /// `co_qualname`, for dumps.
    pub name: String,
    /// Local slots of the frame.
    pub nslots: u32,
    /// The blocks, the first instruction's first.
    pub blocks: Vec<Block>,
    /// The block compiled code starts in: the first, or one that loads
    /// what the first expects when a loop starts at the first instruction.
    pub entry: BlockId,
    /// Number of values defined.
    pub nvalues: u32,
    /// Guards checked before the code is entered (see
    /// [`EntryGuard`]).
    pub entry_guards: Vec<EntryGuard>,
    /// On-stack replacement: the loop header the code is entered at, by
    /// a running call (`None`: entered at calls, at the first
    /// instruction).
    pub osr_pc: Option<u32>,
}

/// A guard of the function's start, before anything with an effect: the
/// code's entry checks it (in Rust), and when it fails the function is
/// interpreted from its first instruction, which is then exactly what
/// leaving there would have done. Compiled code has fewer calls and
/// exits to compile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryGuard {
    /// The helper.
    pub helper: Helper,
    /// Its arguments, all constants.
    pub args: Vec<u64>,
    /// Why leaving.
    pub reason: ExitReason,
}

impl Function {
    /// Whether compiled code can go round a loop (every compiled
    /// back-edge is a safe point, [`Op::CheckPending`]).
    pub fn has_loop(&self) -> bool {
        self.blocks.iter().any(|b| {
            b.insts
                .iter()
                .any(|i| matches!(i.op, Op::CheckPending { .. }))
        })
    }
}

impl fmt::Display for ValueId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v{}", self.0)
    }
}

impl fmt::Display for BlockId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bb{}", self.0)
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ty::Int => "Int",
            Ty::Float => "Float",
            Ty::Bool => "Bool",
            Ty::Ptr => "Ptr",
        })
    }
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Loc::InSlot => f.write_str("_"),
            Loc::Int(v) | Loc::Float(v) | Loc::Bool(v) | Loc::Obj(v) => write!(f, "{v}"),
            Loc::None => f.write_str("None"),
            Loc::Local(n) => write!(f, "local{n}"),
            Loc::Null => f.write_str("NULL"),
            Loc::RangeIter(c, s) => write!(f, "range_iter({c}, {s})"),
            Loc::ListIter(i) => write!(f, "list_iter({i})"),
        }
    }
}

impl fmt::Display for FrameState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "@{} [", self.pc)?;
        for (i, l) in self.locals.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{l}")?;
        }
        f.write_str("]")?;
        if !self.stack.is_empty() {
            f.write_str(" stack [")?;
            for (i, l) in self.stack.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{l}")?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

fn list(f: &mut fmt::Formatter<'_>, vs: &[ValueId]) -> fmt::Result {
    for (i, v) in vs.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{v}")?;
    }
    Ok(())
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.block)?;
        list(f, &self.args)?;
        f.write_str(")")
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Op::ConstInt(i) => write!(f, "ConstInt {i}"),
            Op::ConstFloat(x) => write!(f, "ConstFloat {x:?}"),
            Op::ConstBool(b) => write!(f, "ConstBool {b}"),
            Op::ConstPtr(_) => write!(f, "ConstPtr"),
            Op::LoadLocal { slot, ty, exit } => write!(f, "LoadLocal {slot} as {ty}  exit{exit}"),
            Op::LoadLocalIs { slot, exit, .. } => {
                write!(f, "LoadLocalIs {slot}  exit{exit}")
            }
            Op::GuardLocalType { slot, exit, .. } => {
                write!(f, "GuardLocalType {slot}  exit{exit}")
            }
            Op::GuardBound { slot, exit, .. } => write!(f, "GuardBound {slot}  exit{exit}"),
            Op::Truth { slot, exit } => write!(f, "Truth {slot}  exit{exit}"),
            Op::IsNone { slot } => write!(f, "IsNone {slot}"),
            Op::CallNative {
                callee,
                base,
                arg,
                exit,
            } => write!(f, "CallNative {callee} {base}, {arg:#x}  raises{exit}"),
            Op::CallC {
                callee,
                target,
                args,
                base,
                exit,
            } => {
                write!(f, "CallC {callee} {:?}(", target.conv)?;
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{a}")?;
                }
                write!(f, ") -> stack {base}  raises{exit}")
            }
            Op::CallPy {
                callee,
                base,
                arg,
                cases,
                exit,
                resume,
                init,
                ..
            } => {
                write!(f, "CallPy {callee} {base}, {arg:#x}")?;
                if !cases.is_empty() {
                    write!(f, " (one of {})", cases.len())?;
                }
                if let Some(i) = init {
                    write!(f, " init {}", i.cls)?;
                }
                write!(f, "  leaves{exit}  resumes{resume}")?;
                if let Some(i) = init {
                    write!(f, "  not None raises{}", i.raise)?;
                }
                Ok(())
            }
            Op::CallBinop {
                arg,
                base,
                exit,
                resume,
                raise,
                ..
            } => write!(
                f,
                "CallBinop {arg} {base}  leaves{exit}  resumes{resume}  raises{raise}"
            ),
            Op::CheckPending { exit, .. } => write!(f, "CheckPending  exit{exit}"),
            Op::IntNonNeg { val, exit } => write!(f, "IntNonNeg {val}  exit{exit}"),
            Op::IntAtMost { val, max, exit } => match *max {
                i64::MAX => write!(f, "IntAtMost {val}, unlimited"),
                m => write!(f, "IntAtMost {val}, {m}  exit{exit}"),
            },
            Op::Int(op, a, b) => write!(f, "Int{op:?} {a}, {b}"),
            Op::CheckedInt(op, a, b, exit) => write!(f, "Int{op:?} {a}, {b}  exit{exit}"),
            Op::IntNeg(a, exit) => write!(f, "IntNeg {a}  exit{exit}"),
            Op::Float(op, a, b, exit) => {
                write!(f, "Float{op:?} {a}, {b}")?;
                if let Some(e) = exit {
                    write!(f, "  exit{e}")?;
                }
                Ok(())
            }
            Op::FloatNeg(a) => write!(f, "FloatNeg {a}"),
            Op::IntAbs(a, exit) => write!(f, "IntAbs {a}  exit{exit}"),
            Op::Len(a, _, exit) => write!(f, "Len {a}  raises{exit}"),
            Op::StrInt { val, base } => write!(f, "StrInt {val} -> stack {base}"),
            Op::ListAppend { list, item, exit } => {
                write!(f, "ListAppend local{list}, stack {item}  raises{exit}")
            }
            Op::FloatAbs(a) => write!(f, "FloatAbs {a}"),
            Op::Select(c, a, b) => write!(f, "Select {c}, {a}, {b}"),
            Op::IntToFloat(a) => write!(f, "IntToFloat {a}"),
            Op::IntCmp(c, a, b) => write!(f, "IntCmp{c:?} {a}, {b}"),
            Op::FloatCmp(c, a, b) => write!(f, "FloatCmp{c:?} {a}, {b}"),
            Op::Not(a) => write!(f, "Not {a}"),
            Op::BoolToInt(a) => write!(f, "BoolToInt {a}"),
            Op::CallTyped {
                args,
                ret,
                may_raise,
                exit,
                ..
            } => {
                f.write_str("CallTyped (")?;
                for (i, (t, v)) in args.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{t:?} {v}")?;
                }
                write!(f, ") -> {ret:?}")?;
                if *may_raise {
                    write!(f, "  raises{exit}")?;
                }
                Ok(())
            }
            Op::Guard {
                helper,
                args,
                reason,
                exit,
            } => {
                write!(f, "Guard {helper:?}(")?;
                list(f, args)?;
                write!(f, ") {reason:?}  exit{exit}")
            }
            Op::Effect { helper, slot, obj } => write!(f, "{helper:?} {slot}, {obj}"),
            Op::MoveSlot { from, to } => write!(f, "MoveSlot stack {from} -> stack {to}"),
            Op::StoreLocal { from, local } => write!(f, "StoreLocal stack {from} -> local{local}"),
            Op::DropSlot { base } => write!(f, "DropSlot stack {base}"),
            Op::Is { a, b, negate } => {
                write!(f, "Is{} {a}, {b}", if *negate { "Not" } else { "" })
            }
            Op::GetItem {
                container,
                key,
                base,
                exit,
                ..
            } => write!(
                f,
                "GetItem slot {container}[{key}] -> stack {base}  raises{exit}"
            ),
            Op::GuardWord {
                expect,
                reason,
                exit,
                ..
            } => write!(f, "GuardWord == {expect} {reason:?}  exit{exit}"),
            Op::SwapSlots(a, b) => write!(f, "SwapSlots stack {a}, stack {b}"),
            Op::SpillLocal { slot, val } => write!(f, "SpillLocal {slot}, {val}"),
            Op::Flush { base, vals } => {
                write!(f, "Flush {base} [")?;
                for (i, l) in vals.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{l}")?;
                }
                f.write_str("]")
            }
            Op::Generic {
                op,
                base,
                arg,
                exit,
            } => {
                write!(f, "Generic {op:?} {base}, {arg}  raises{exit}")
            }
            Op::ForIterGeneric { base, exit } => write!(f, "ForIterGeneric {base}  raises{exit}"),
            Op::GuardSlotType { base, ty, exit } => {
                write!(f, "GuardSlotType {base} is {ty:?}  exit{exit}")
            }
            Op::ListIterNext { base, idx, exit } => {
                write!(f, "ListIterNext {base}[{idx}]  exit{exit}")
            }
            Op::Contains { base, negate, exit } => {
                let op = if *negate { "not in" } else { "in" };
                write!(f, "Contains {base} {op} {}  raises{exit}", base + 1)
            }
            Op::SeqGet {
                seq,
                index,
                base,
                exit,
            } => write!(f, "SeqGet {seq}[{index}] -> {base}  exit{exit}"),
            Op::ListSet {
                list,
                index,
                value,
                exit,
            } => write!(f, "ListSet {list}[{index}] = {value}  exit{exit}"),
            Op::ListStore {
                list,
                index,
                slot,
                take,
                exit,
            } => {
                let how = if *take { "moved" } else { "copied" };
                write!(
                    f,
                    "ListStore {list}[{index}] = slot {slot} ({how})  exit{exit}"
                )
            }
            Op::CStr { obj, exit } => write!(f, "CStr {obj}  exit{exit}"),
            Op::GuardTypeVersion {
                obj,
                versions,
                exit,
            } => write!(
                f,
                "GuardTypeVersion {obj} ({} tags)  exit{exit}",
                versions.len()
            ),
            Op::TypeVersionOf(a) => write!(f, "TypeVersionOf {a}"),
            Op::AttrGet {
                obj,
                text,
                index,
                base,
                exit,
                ..
            } => write!(
                f,
                "AttrGet {obj}.{text}[{index}] -> stack {base}  exit{exit}"
            ),
            Op::AttrSet {
                obj,
                text,
                index,
                base,
                append,
                exit,
                ..
            } => {
                let or = if append.is_some() {
                    " (or appended)"
                } else {
                    ""
                };
                write!(
                    f,
                    "AttrSet {obj}.{text}[{index}] = stack {base}{or}  exit{exit}"
                )
            }
            Op::Adopt {
                base, obj, exit, ..
            } => write!(f, "Adopt {base}, {obj}  raises{exit}"),
        }
    }
}

impl fmt::Display for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.osr_pc {
            Some(pc) => writeln!(f, "fn {} (on-stack replacement at @{pc}):", self.name)?,
            None => writeln!(f, "fn {}:", self.name)?,
        }
        for g in &self.entry_guards {
            writeln!(f, "entry guard {:?} {:?}", g.helper, g.reason)?;
        }
        if self.entry.0 != 0 {
            writeln!(f, "entry {}", self.entry)?;
        }
        for (i, b) in self.blocks.iter().enumerate() {
            write!(f, "bb{i}(")?;
            for (k, (v, t)) in b.params.iter().enumerate() {
                if k > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{v}:{t}")?;
            }
            writeln!(f, "):  # @{}", b.pc)?;
            for ins in &b.insts {
                match ins.out {
                    Some((v, t)) => writeln!(f, "  {v}:{t} = {}", ins.op)?,
                    None => writeln!(f, "  {}", ins.op)?,
                }
            }
            match &b.term {
                Term::Jump(e) => writeln!(f, "  Jump {e}")?,
                Term::Branch(c, t, e) => writeln!(f, "  Branch {c}, {t}, {e}")?,
                Term::Leave(s) => writeln!(f, "  Leave{s}")?,
                Term::Return(s) => writeln!(f, "  Return{s}")?,
            }
        }
        Ok(())
    }
}
