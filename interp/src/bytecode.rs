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
    ($( $(#[$m:meta])* $name:ident = $text:literal, cache $cache:literal $(, family $fam:ident)?; )*) => {
        /// An opcode.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub enum Op { $( $(#[$m])* $name, )* }

        impl Op {
            /// Every opcode, in table order (`Op::ALL[op as usize] == op`).
            pub const ALL: &'static [Op] = &[ $( Op::$name, )* ];

            /// The CPython-style upper-case name.
            pub fn name(self) -> &'static str {
                match self { $( Op::$name => $text, )* }
            }
            /// How many [`Op::Cache`] units follow this instruction.
            #[inline(always)]
            pub const fn cache_units(self) -> usize {
                match self { $( Op::$name => $cache, )* }
            }
            /// The generic instruction this one is a quickened form of
            /// (itself for generic instructions). Specialized forms and
            /// superinstructions share their generic form's argument and
            /// cache layout, so undoing a specialization is writing this
            /// opcode back.
            #[inline(always)]
            pub const fn generic(self) -> Op {
                match self { $( Op::$name => ops!(@family $name $($fam)?), )* }
            }
        }

        // A quickened form must have the length of its generic form, or
        // rewriting it in place would shift every later instruction.
        const _: () = { $( assert!(Op::$name.cache_units() == Op::$name.generic().cache_units()); )* };
    };
    (@family $name:ident) => { Op::$name };
    (@family $name:ident $fam:ident) => { Op::$fam };
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
    /// Pushes `names[arg]` from the class namespace (the dict in local 0
    /// of a class body), else the globals, else the builtins.
    LoadName = "LOAD_NAME", cache 0;
    /// Pops into `names[arg]` of the class namespace.
    StoreName = "STORE_NAME", cache 0;
    /// Deletes `names[arg]` from the class namespace.
    DeleteName = "DELETE_NAME", cache 0;
    /// Pushes the builtin `__build_class__` (a `class` statement calls it
    /// with the body function, the name and the bases).
    LoadBuildClass = "LOAD_BUILD_CLASS", cache 0;
    /// Replaces TOS with its attribute `names[arg]`.
    LoadAttr = "LOAD_ATTR", cache 7;
    /// `TOS.names[arg] = TOS1`.
    StoreAttr = "STORE_ATTR", cache 7;
    /// `del TOS.names[arg]`.
    DeleteAttr = "DELETE_ATTR", cache 0;
    /// Replaces TOS by (method, self) or (attribute, NULL marker).
    LoadMethod = "LOAD_METHOD", cache 10;
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
    /// Builds a set from `arg` items, added in the order they were pushed.
    BuildSet = "BUILD_SET", cache 0;
    /// Adds TOS to the set `arg` items below it (comprehensions, displays).
    SetAdd = "SET_ADD", cache 0;
    /// Adds the items of the iterable TOS to the set `arg` items below it
    /// (`{*a}`, a display of constants).
    SetUpdate = "SET_UPDATE", cache 0;
    /// Merges the mapping TOS into the dict `arg` items below it, for a
    /// call's `**` (a key given twice is an error naming the callee, which
    /// sits two items below the dict).
    DictMerge = "DICT_MERGE", cache 0;
    /// Updates the dict `arg` items below TOS with the mapping TOS (a
    /// dict display's `**m`: later keys win).
    DictUpdate = "DICT_UPDATE", cache 0;
    /// Converts a list to a tuple.
    ListToTuple = "LIST_TO_TUPLE", cache 0;
    /// Formats TOS (arg bits: 0-1 conversion none/str/repr/ascii, 4: spec on stack).
    FormatValue = "FORMAT_VALUE", cache 0;
    /// Unpacks TOS into `arg` values.
    UnpackSequence = "UNPACK_SEQUENCE", cache 1;
    /// Unpacks TOS for a starred target: `arg & 0xff` values before the
    /// starred one, a list for it, `arg >> 8` values after.
    UnpackEx = "UNPACK_EX", cache 0;
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
    /// Pops TOS and jumps to `arg` if it is `None` (`if x is None`, as
    /// CPython 3.11 compiles it: one instruction for LOAD_CONST None,
    /// IS_OP and the jump).
    PopJumpIfNone = "POP_JUMP_IF_NONE", cache 0;
    /// Pops TOS and jumps to `arg` if it is not `None`.
    PopJumpIfNotNone = "POP_JUMP_IF_NOT_NONE", cache 0;
    /// Jumps to `arg` keeping TOS if it is false, else pops it.
    JumpIfFalseOrPop = "JUMP_IF_FALSE_OR_POP", cache 0;
    /// Jumps to `arg` keeping TOS if it is true, else pops it.
    JumpIfTrueOrPop = "JUMP_IF_TRUE_OR_POP", cache 0;
    /// Builds a function from the code TOS (arg bit 0: defaults tuple, bit 2: keyword-only defaults dict, bit 1: closure tuple; pushed in that order).
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
    /// `__import__(names[arg], globals, None, TOS, TOS1)`: pops the
    /// fromlist (TOS) and the level (TOS1), pushes the module.
    ImportName = "IMPORT_NAME", cache 0;
    /// Pushes attribute `names[arg]` of the module TOS (kept), or the
    /// submodule of that name from `sys.modules`.
    ImportFrom = "IMPORT_FROM", cache 0;
    /// `from m import *`: pops the module and stores its public names in
    /// the globals (arg 0, a module body) or in the namespace dict of
    /// local 0 (arg 1, code run by `exec`).
    ImportStar = "IMPORT_STAR", cache 0;
    /// First instruction of a generator's code: moves the new frame into a
    /// generator object and returns that to the caller. The frame resumes
    /// after it with the value sent (`None`) pushed.
    ReturnGenerator = "RETURN_GENERATOR", cache 0;
    /// Suspends the generator, handing TOS to whoever resumed it; resumes
    /// with the value sent pushed. Arg 1: the `yield` of a `yield from`
    /// (its delegate is then TOS, see `crate::generator`).
    YieldValue = "YIELD_VALUE", cache 0;
    /// `yield from` operand: TOS stays if it is a generator, else `iter(TOS)`.
    GetYieldFromIter = "GET_YIELD_FROM_ITER", cache 0;
    /// Sends TOS into the delegate TOS1: if it yields, its value replaces
    /// TOS; if it returns, TOS1 and TOS are replaced by the value returned
    /// and the jump to `arg` is taken.
    Send = "SEND", cache 0;
    /// `with`: replaces the context manager TOS by its bound `__exit__`
    /// and pushes what its `__enter__` returns.
    BeforeWith = "BEFORE_WITH", cache 0;
    /// Calls the `__exit__` at TOS1 (below the exception TOS) with the
    /// exception's type, value and traceback; pushes the result.
    WithExceptStart = "WITH_EXCEPT_START", cache 0;

    // ----- quickened forms (see `crate::quicken`) -------------------------
    // Each names its generic form with `family`; the quickener rewrites the
    // generic instruction into one of these in place, and a guard miss
    // rewrites it back. Their layout of argument and cache units is the
    // generic form's.

    /// A global found in the module dict (cache: keys version, index).
    LoadGlobalModule = "LOAD_GLOBAL_MODULE", cache 5, family LoadGlobal;
    /// A global found in the builtins (cache: both keys versions, index).
    LoadGlobalBuiltin = "LOAD_GLOBAL_BUILTIN", cache 5, family LoadGlobal;
    /// `m.name` on a module (cache: its dict's keys version, index).
    LoadAttrModule = "LOAD_ATTR_MODULE", cache 7, family LoadAttr;
    /// `obj.name` found in the instance dict of a Python class's instance
    /// (cache: the class's version tag, the entry index in the dict, and
    /// up to three more classes whose instances keep it at that index).
    LoadAttrInstanceValue = "LOAD_ATTR_INSTANCE_VALUE", cache 7, family LoadAttr;
    /// `obj.name = v` on a Python class's instance: replaces the value at
    /// the cached entry index of its dict (whose key is checked), or adds
    /// the attribute when the dict's length is that index (cache: the
    /// class's version tag, the index, up to three more classes, as
    /// LOAD_ATTR_INSTANCE_VALUE).
    StoreAttrInstanceValue = "STORE_ATTR_INSTANCE_VALUE", cache 7, family StoreAttr;
    /// `obj.name` where `name` is a slot (`__slots__`) of a Python class's
    /// instance (cache: the class's version tag, the slot's index).
    LoadAttrSlot = "LOAD_ATTR_SLOT", cache 7, family LoadAttr;
    /// `obj.name = v` into a slot (cache as LOAD_ATTR_SLOT).
    StoreAttrSlot = "STORE_ATTR_SLOT", cache 7, family StoreAttr;
    /// `obj.method` on an instance of a Python class whose class (or a
    /// base) holds the function (cache: the class's version tag, the
    /// position of the defining class in the MRO, the entry index in its
    /// dict, and up to three more (class version, position and index)).
    /// Pushes (function, obj): no bound method is made.
    LoadMethodInstance = "LOAD_METHOD_INSTANCE", cache 10, family LoadMethod;
    /// A method of a built-in type (cache: kind + 1, method-table index).
    LoadMethodType = "LOAD_METHOD_TYPE", cache 10, family LoadMethod;
    /// `m.f` about to be called, on a module (cache as LOAD_ATTR_MODULE).
    LoadMethodModule = "LOAD_METHOD_MODULE", cache 10, family LoadMethod;
    /// A method of a C type: (method descriptor, receiver), no bound
    /// method object made.
    LoadMethodExt = "LOAD_METHOD_EXT", cache 10, family LoadMethod;
    /// `int + int` (overflow falls back to the big-int path).
    BinaryOpAddInt = "BINARY_OP_ADD_INT", cache 1, family BinaryOp;
    /// `int - int`.
    BinaryOpSubInt = "BINARY_OP_SUB_INT", cache 1, family BinaryOp;
    /// `int * int`.
    BinaryOpMulInt = "BINARY_OP_MUL_INT", cache 1, family BinaryOp;
    /// `int % int` (floor semantics).
    BinaryOpModInt = "BINARY_OP_MOD_INT", cache 1, family BinaryOp;
    /// `int // int` (floor semantics).
    BinaryOpFloorDivInt = "BINARY_OP_FLOORDIV_INT", cache 1, family BinaryOp;
    /// Any other operator on two ints (`/`, bitwise, shifts).
    BinaryOpInt = "BINARY_OP_INT", cache 1, family BinaryOp;
    /// `float + float`.
    BinaryOpAddFloat = "BINARY_OP_ADD_FLOAT", cache 1, family BinaryOp;
    /// `float - float`.
    BinaryOpSubFloat = "BINARY_OP_SUB_FLOAT", cache 1, family BinaryOp;
    /// `float * float`.
    BinaryOpMulFloat = "BINARY_OP_MUL_FLOAT", cache 1, family BinaryOp;
    /// `float / float`.
    BinaryOpTrueDivFloat = "BINARY_OP_TRUEDIV_FLOAT", cache 1, family BinaryOp;
    /// Any other arithmetic operator on two floats.
    BinaryOpFloat = "BINARY_OP_FLOAT", cache 1, family BinaryOp;
    /// Arithmetic on an int and a float, either way round.
    BinaryOpMixed = "BINARY_OP_MIXED", cache 1, family BinaryOp;
    /// `str + str`.
    BinaryOpAddStr = "BINARY_OP_ADD_STR", cache 1, family BinaryOp;
    /// `s += t` (or `s = s + t`) for two strs, followed by a STORE_FAST
    /// to the local `s` came from: when that local holds the only other
    /// reference, it is cleared and `t` is appended to `s` in place
    /// (CPython's BINARY_OP_INPLACE_ADD_UNICODE); the STORE_FAST is done
    /// here and skipped.
    BinaryOpInplaceAddStr = "BINARY_OP_INPLACE_ADD_STR", cache 1, family BinaryOp;
    /// `a <op> b` (not in place) where `a` is an instance of a Python class
    /// whose method for the operator is a Python function and `b` is of the
    /// same class or not a Python class's instance: the method is entered
    /// as a frame of the running loop, with the operands kept below it for
    /// the rest of the protocol if it returns `NotImplemented`.
    BinaryOpPy = "BINARY_OP_PY", cache 1, family BinaryOp;
    /// Compares two ints and jumps (fused with the POP_JUMP_IF_* after it).
    CompareOpIntJump = "COMPARE_OP_INT_JUMP", cache 1, family CompareOp;
    /// Compares two floats and jumps.
    CompareOpFloatJump = "COMPARE_OP_FLOAT_JUMP", cache 1, family CompareOp;
    /// Compares two strs and jumps.
    CompareOpStrJump = "COMPARE_OP_STR_JUMP", cache 1, family CompareOp;
    /// Compares two ints, pushing a bool.
    CompareOpInt = "COMPARE_OP_INT", cache 1, family CompareOp;
    /// Compares two floats, pushing a bool.
    CompareOpFloat = "COMPARE_OP_FLOAT", cache 1, family CompareOp;
    /// Compares two strs, pushing a bool.
    CompareOpStr = "COMPARE_OP_STR", cache 1, family CompareOp;
    /// `list[int]`.
    BinarySubscrListInt = "BINARY_SUBSCR_LIST_INT", cache 1, family BinarySubscr;
    /// `tuple[int]`.
    BinarySubscrTupleInt = "BINARY_SUBSCR_TUPLE_INT", cache 1, family BinarySubscr;
    /// `dict[key]`.
    BinarySubscrDict = "BINARY_SUBSCR_DICT", cache 1, family BinarySubscr;
    /// `obj[key]` on an instance of a C type (its subscript slot is C
    /// code, so the form runs with the C calls).
    BinarySubscrExt = "BINARY_SUBSCR_EXT", cache 1, family BinarySubscr;
    /// `list[int] = value`.
    StoreSubscrListInt = "STORE_SUBSCR_LIST_INT", cache 1, family StoreSubscr;
    /// `dict[key] = value`.
    StoreSubscrDict = "STORE_SUBSCR_DICT", cache 1, family StoreSubscr;
    /// The next int of a range iterator.
    ForIterRange = "FOR_ITER_RANGE", cache 1, family ForIter;
    /// The next item of a list iterator.
    ForIterList = "FOR_ITER_LIST", cache 1, family ForIter;
    /// The next value of a generator (resumed by `hot::ext_step`, without
    /// the general loop).
    ForIterGen = "FOR_ITER_GEN", cache 1, family ForIter;
    /// The next value of any other iterator (a file, `enumerate`, `zip`,
    /// a dict's, …), run by `hot::ext_step` without the general loop.
    ForIterNext = "FOR_ITER_NEXT", cache 1, family ForIter;
    /// Unpacks a tuple of exactly two items.
    UnpackSequenceTwoTuple = "UNPACK_SEQUENCE_TWO_TUPLE", cache 1, family UnpackSequence;
    /// Unpacks a tuple of `arg` items.
    UnpackSequenceTuple = "UNPACK_SEQUENCE_TUPLE", cache 1, family UnpackSequence;
    /// Unpacks a list of `arg` items.
    UnpackSequenceList = "UNPACK_SEQUENCE_LIST", cache 1, family UnpackSequence;
    /// Calls a Python function taking exactly `arg` positional arguments
    /// (cache: the function's version, for feedback).
    CallPyExactArgs = "CALL_PY_EXACT_ARGS", cache 2, family Call;
    /// Calls a Python function whose defaults fill the missing arguments.
    CallPyWithDefaults = "CALL_PY_WITH_DEFAULTS", cache 2, family Call;
    /// `C(args)` of a Python class whose `__init__` is a Python function
    /// taking the instance and exactly `arg` arguments (cache: the class's
    /// version tag): makes the instance and enters `__init__` as a frame
    /// of this run (CPython 3.12's CALL_ALLOC_AND_ENTER_INIT); its return
    /// checks for `None` and leaves the instance.
    CallPyInit = "CALL_PY_INIT", cache 2, family Call;
    /// `len(x)`.
    CallBuiltinLen = "CALL_BUILTIN_LEN", cache 2, family Call;
    /// `isinstance(x, t)`.
    CallBuiltinIsinstance = "CALL_BUILTIN_ISINSTANCE", cache 2, family Call;
    /// Any other native builtin function, called on the stack's arguments.
    CallBuiltin = "CALL_BUILTIN", cache 2, family Call;
    /// `str(x)`.
    CallStr1 = "CALL_STR_1", cache 2, family Call;
    /// A built-in type as a constructor (`int(x)`, `list()`, ...).
    CallType = "CALL_TYPE", cache 2, family Call;
    /// `list.append(x)` (from LOAD_METHOD).
    CallMethodListAppend = "CALL_METHOD_LIST_APPEND", cache 2, family CallMethod;
    /// A method of a built-in type (from LOAD_METHOD).
    CallMethodBuiltin = "CALL_METHOD_BUILTIN", cache 2, family CallMethod;
    /// A module's Python function taking exactly `arg` arguments
    /// (`m.f(x)`: LOAD_METHOD left no receiver).
    CallMethodPyExactArgs = "CALL_METHOD_PY_EXACT_ARGS", cache 2, family CallMethod;
    /// Calls a `METH_NOARGS` C function: `ml_meth(self, NULL)`.
    CallExtNoArgs = "CALL_EXT_NOARGS", cache 2, family Call;
    /// Calls a `METH_O` C function: `ml_meth(self, arg)`, no argument tuple.
    CallExtO = "CALL_EXT_O", cache 2, family Call;
    /// Calls a `METH_FASTCALL` C function with the arguments in place.
    CallExtFast = "CALL_EXT_FAST", cache 2, family Call;
    /// Calls a `METH_VARARGS` C function with a tuple made from the stack
    /// (no keyword arguments: a `METH_KEYWORDS` function gets NULL).
    CallExtVarArgs = "CALL_EXT_VARARGS", cache 2, family Call;
    /// Calls a C function with typed metadata: arguments checked and
    /// unboxed here, its `underlying_func` called directly.
    CallExtTyped = "CALL_EXT_TYPED", cache 2, family Call;
    /// CALL_EXT_NOARGS for a method of a C type found by LOAD_METHOD_EXT.
    CallMethodExtNoArgs = "CALL_METHOD_EXT_NOARGS", cache 2, family CallMethod;
    /// CALL_EXT_O for a method of a C type.
    CallMethodExtO = "CALL_METHOD_EXT_O", cache 2, family CallMethod;
    /// CALL_EXT_FAST for a method of a C type.
    CallMethodExtFast = "CALL_METHOD_EXT_FAST", cache 2, family CallMethod;
    /// CALL_EXT_VARARGS for a method of a C type.
    CallMethodExtVarArgs = "CALL_METHOD_EXT_VARARGS", cache 2, family CallMethod;
    /// CALL_EXT_TYPED for a method of a C type.
    CallMethodExtTyped = "CALL_METHOD_EXT_TYPED", cache 2, family CallMethod;

    // ----- superinstructions ------------------------------------------------
    // Formed when a code object is first quickened, in place of the first
    // instruction of a frequent pair; the second instruction stays as it is
    // (so a jump to it still works) and the pair is executed with one
    // dispatch when both halves can run. `arg` is the first instruction's.

    /// LOAD_FAST `arg`, then the LOAD_CONST after it.
    LoadFastLoadConst = "LOAD_FAST__LOAD_CONST", cache 0, family LoadFast;
    /// LOAD_FAST `arg`, then the LOAD_FAST after it.
    LoadFastLoadFast = "LOAD_FAST__LOAD_FAST", cache 0, family LoadFast;
    /// LOAD_FAST `arg`, then the LOAD_ATTR after it (`self.x`): run as one
    /// while that LOAD_ATTR is LOAD_ATTR_INSTANCE_VALUE.
    LoadFastLoadAttr = "LOAD_FAST__LOAD_ATTR", cache 0, family LoadFast;
    /// LOAD_FAST `arg`, then the POP_JUMP_IF_NONE, _NOT_NONE, _FALSE or
    /// _TRUE after it (`if x is None:`, `if flag:`): the local is tested
    /// where it is, never pushed, while the test needs no call.
    LoadFastPopJump = "LOAD_FAST__POP_JUMP_IF", cache 0, family LoadFast;
    /// LOAD_FAST `arg`, then the STORE_ATTR after it (`self.x = v`): run as
    /// one while that STORE_ATTR is STORE_ATTR_INSTANCE_VALUE, the instance
    /// never pushed.
    LoadFastStoreAttr = "LOAD_FAST__STORE_ATTR", cache 0, family LoadFast;
    /// LOAD_FAST `arg`, then the LOAD_METHOD after it (`self.m(…)`): run as
    /// one while that LOAD_METHOD is LOAD_METHOD_INSTANCE.
    LoadFastLoadMethod = "LOAD_FAST__LOAD_METHOD", cache 0, family LoadFast;

    // ----- structural pattern matching (`match`, CPython 3.11's) -------------
    // Run by the general loop only (`crate::matching` has their semantics);
    // the JIT declines code that has them.

    /// Pushes `len(TOS)`, keeping TOS (a sequence or mapping pattern's
    /// length check).
    GetLen = "GET_LEN", cache 0;
    /// Pushes whether TOS is a mapping to `match`: a `dict`, an instance
    /// of a subclass, or of a C type flagged `Py_TPFLAGS_MAPPING`.
    MatchMapping = "MATCH_MAPPING", cache 0;
    /// Pushes whether TOS is a sequence to `match`: a `list`, `tuple` or
    /// `range`, an instance of a subclass, or of a C type flagged
    /// `Py_TPFLAGS_SEQUENCE` (never `str`, `bytes` or an iterator).
    MatchSequence = "MATCH_SEQUENCE", cache 0;
    /// TOS is a tuple of keys, TOS1 the mapping subject (both stay):
    /// pushes the tuple of their values (found by the subject's `get`), or
    /// `None` when a key is missing.
    MatchKeys = "MATCH_KEYS", cache 0;
    /// TOS is a tuple of attribute names, TOS1 a class, TOS2 the subject:
    /// replaces the three by the tuple of the subject's `arg` positional
    /// attributes (`__match_args__`) then the named ones, or by `None`
    /// when the subject is no instance or lacks an attribute.
    MatchClass = "MATCH_CLASS", cache 0;
}

/// The quickened C-call forms (CALL_EXT_* and CALL_METHOD_EXT_*) as one
/// match pattern, so that the loops that run them list them in one place.
macro_rules! ext_call_forms {
    () => {
        $crate::bytecode::Op::CallExtNoArgs
            | $crate::bytecode::Op::CallExtO
            | $crate::bytecode::Op::CallExtFast
            | $crate::bytecode::Op::CallExtVarArgs
            | $crate::bytecode::Op::CallExtTyped
            | $crate::bytecode::Op::CallMethodExtNoArgs
            | $crate::bytecode::Op::CallMethodExtO
            | $crate::bytecode::Op::CallMethodExtFast
            | $crate::bytecode::Op::CallMethodExtVarArgs
            | $crate::bytecode::Op::CallMethodExtTyped
    };
}
pub(crate) use ext_call_forms;

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
    /// The comparison with its operands swapped (`a < b` is `b > a`): the
    /// reflected method's operator.
    pub fn swapped(self) -> CmpOp {
        match self {
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Ge => CmpOp::Le,
            other => other,
        }
    }

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
/// `arg` as 32 bits of cache data. `cache` holds `op.cache_units()`, so
/// stepping to the next instruction needs no table lookup, and `counter`
/// is the quickening counter of instructions that specialize (see
/// `crate::quicken`); both live in what would otherwise be padding, so a
/// unit stays 8 bytes and one store rewrites an instruction with its
/// counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instr {
    /// The opcode.
    pub op: Op,
    /// How many cache units follow (always `op.cache_units()`).
    pub cache: u8,
    /// The adaptive counter (0 until the code is quickened).
    pub counter: u16,
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
            counter: 0,
            arg,
        }
    }

    /// The same instruction with opcode `op` (a form of the same family)
    /// and counter `counter`.
    #[inline]
    pub const fn with(self, op: Op, counter: u16) -> Instr {
        Instr {
            op,
            cache: self.cache,
            counter,
            arg: self.arg,
        }
    }
}

const _: () = assert!(std::mem::size_of::<Instr>() == 8);

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
    /// Byte offset of the start of each line, built the first time a line
    /// number is asked for (when an exception passes through a frame or a
    /// traceback is printed), never while code merely runs.
    line_starts: std::cell::OnceCell<Box<[u32]>>,
}

impl Source {
    /// The source `text` of the file `filename`.
    pub fn new(filename: impl Into<String>, text: impl Into<String>) -> Source {
        Source {
            filename: filename.into(),
            text: text.into(),
            line_starts: std::cell::OnceCell::new(),
        }
    }

    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(
                    self.text
                        .bytes()
                        .enumerate()
                        .filter(|&(_, b)| b == b'\n')
                        .map(|(i, _)| i as u32 + 1),
                )
                .collect()
        })
    }

    /// The 1-based line of byte offset `offset`.
    pub fn line_of(&self, offset: u32) -> u32 {
        match self.line_starts().binary_search(&offset) {
            Ok(i) => i as u32 + 1,
            Err(i) => i as u32,
        }
    }

    /// The byte offset at which line `n` (1-based) starts.
    pub fn line_start(&self, n: u32) -> Option<u32> {
        self.line_starts()
            .get((n as usize).checked_sub(1)?)
            .copied()
    }

    /// Line `n` (1-based) without its line ending (`\n` or `\r\n`).
    pub fn line(&self, n: u32) -> Option<&str> {
        let starts = self.line_starts();
        let i = (n as usize).checked_sub(1)?;
        let start = *starts.get(i)? as usize;
        let end = starts.get(i + 1).map_or(self.text.len(), |&e| e as usize);
        // The "line" after a final newline does not exist.
        if start >= self.text.len() {
            return None;
        }
        let line = self.text.get(start..end)?;
        let line = line.strip_suffix('\n').unwrap_or(line);
        Some(line.strip_suffix('\r').unwrap_or(line))
    }
}

/// Where in the source an instruction comes from: the byte range of the
/// syntax node it was compiled for (CPython 3.11's `co_positions()`, as
/// byte offsets into the file; line and column are derived from them only
/// when a traceback is formatted).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// Byte offset of the first character.
    pub start: u32,
    /// Byte offset one past the last character.
    pub end: u32,
}

impl Span {
    /// The span of a syntax node's range.
    pub fn of(r: ruff_text_size::TextRange) -> Span {
        Span {
            start: u32::from(r.start()),
            end: u32::from(r.end()),
        }
    }
}

/// A compiled function body or module.
pub struct Code {
    /// What the bytecode verifier found (a `Code` exists only once its
    /// instructions passed it, see [`crate::verify`]).
    pub shape: crate::verify::Shape,
    /// `co_name`: `<module>`, `f`, `<lambda>`, `<listcomp>`…
    pub name: String,
    /// `co_qualname`.
    pub qualname: String,
    /// The source file.
    pub source: Rc<Source>,
    /// First line of the definition.
    pub first_line: u32,
    /// Number of positional parameters (positional-only ones included).
    pub argcount: u32,
    /// How many of the first positional parameters are positional-only.
    pub posonlyargcount: u32,
    /// Number of keyword-only parameters (after the positional ones).
    pub kwonlyargcount: u32,
    /// Whether there is a `*args` parameter (after the keyword-only ones).
    pub varargs: bool,
    /// Whether there is a `**kwargs` parameter (last).
    pub varkeywords: bool,
    /// Local variable names; parameters first, in CPython's order:
    /// positional, keyword-only, `*args`, `**kwargs`.
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
    /// The source range of each unit (cache units repeat their
    /// instruction's): 8 bytes per unit, read only to put a line number
    /// into a traceback entry and to draw a traceback's carets.
    pub spans: Box<[Span]>,
    /// The exception table, innermost entries first.
    pub exc_table: Vec<ExcEntry>,
    /// Whether this is a module body (its names are globals).
    pub is_module: bool,
    /// Whether this is a generator's code (it starts with RETURN_GENERATOR).
    pub is_generator: bool,
    /// The deepest the operand stack gets (see [`max_stack_depth`]).
    pub max_stack: u32,
    /// Number of local slots: locals, cells and free variables (kept
    /// because every call needs it).
    pub nslots: u32,
    /// `argcount` when a call with exactly that many positional arguments
    /// needs nothing but unbound locals to start (no `*args`, no cells,
    /// no free variables), else `u32::MAX`: the one check of the hot
    /// loop's inline call. Set to `u32::MAX` when the function is
    /// compiled, so that its calls go where compiled code is entered.
    pub plain_argc: Cell<u32>,
    /// Whether `crate::quicken::quicken_code` has prepared the code for
    /// specialization (set on first run; `--dump-bytecode` without a run
    /// shows the code as compiled).
    pub quickened: Cell<bool>,
    /// Whether an instruction of this code has been quickened into a
    /// form that calls out (a C call, a Rust builtin's call, FOR_ITER_NEXT;
    /// it stays set): the hot loop then runs in the variant that makes
    /// those calls itself (see `crate::eval::hot`).
    pub calls_c: Cell<bool>,
    /// Calls and loop back-edges left before the JIT is asked to compile
    /// this code, at the next return or call once it is zero (armed from
    /// [`crate::jit::JitBackend::threshold`] when the code is first
    /// quickened; `u32::MAX` once asked). A loop's back-edges count while
    /// the loop has a count of its own toward on-stack replacement (its
    /// JUMP_BACKWARD's counter, see [`crate::jit::osr_count`]).
    pub jit_countdown: Cell<u32>,
    /// On-stack replacements this code may still have (each compiles the
    /// function for one running call, see [`crate::jit::osr`]).
    pub jit_osr_left: Cell<u8>,
    /// How often this code's compiled code was given up
    /// ([`crate::jit::discard`]): each time, it waits longer before it is
    /// compiled again.
    pub jit_discards: Cell<u8>,
    /// The JIT's compiled code for this function, once it has some.
    pub jit: std::cell::RefCell<Option<Rc<dyn crate::jit::Compiled>>>,
    /// Code made by on-stack replacement, kept for later calls that reach
    /// the same loop with a frame it fits ([`crate::jit::osr`]).
    pub jit_osr: std::cell::RefCell<Vec<Rc<dyn crate::jit::Compiled>>>,
    /// What compiled callers read to call that code directly
    /// ([`crate::jit::Compiled::direct`]); 0 when they may not.
    pub jit_direct: Cell<usize>,
    /// Compiled code calls this function directly ([`crate::jit::want`]).
    pub jit_wanted: Cell<bool>,
    /// A function's docstring (its body's first statement, if that is a
    /// string literal): the function's `__doc__`.
    pub doc: Option<Rc<str>>,
    /// The future features the code was compiled with, as `co_flags`
    /// bits (`crate::compile::CO_FUTURE_ANNOTATIONS`): what `exec`,
    /// `eval` and `compile` called from it inherit.
    pub future_flags: u32,
}

impl Code {
    /// Whether the parameters are positional ones only (no keyword-only
    /// parameters, no `*args` or `**kwargs`): a call with exactly
    /// `argcount` positional arguments then binds them in place, which
    /// is what every fast call path relies on.
    pub fn simple_params(&self) -> bool {
        !self.varargs && !self.varkeywords && self.kwonlyargcount == 0
    }

    /// Number of parameter slots: positional and keyword-only parameters,
    /// `*args` and `**kwargs`.
    pub fn nparams(&self) -> usize {
        (self.argcount + self.kwonlyargcount) as usize
            + usize::from(self.varargs)
            + usize::from(self.varkeywords)
    }

    /// What [`Code::plain_argc`] is for interpreted code.
    pub fn initial_plain_argc(&self) -> u32 {
        if !self.simple_params() || !self.cellvars.is_empty() || !self.freevars.is_empty() {
            u32::MAX
        } else {
            self.argcount
        }
    }

    /// Number of locals, including parameters.
    pub fn nlocals(&self) -> usize {
        self.varnames.len()
    }

    /// Number of local slots including cells and free variables.
    #[inline]
    pub fn nslots(&self) -> usize {
        self.nslots as usize
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
        match self.spans.get(pc) {
            Some(s) => self.source.line_of(s.start),
            None => self.first_line,
        }
    }

    /// The source range of unit `pc`.
    pub fn span_at(&self, pc: usize) -> Option<Span> {
        self.spans.get(pc).copied()
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
        match ins.op.generic() {
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
            | Op::LoadName
            | Op::StoreName
            | Op::DeleteName
            | Op::LoadAttr
            | Op::StoreAttr
            | Op::DeleteAttr
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
            | Op::PopJumpIfNone
            | Op::PopJumpIfNotNone
            | Op::JumpIfFalseOrPop
            | Op::JumpIfTrueOrPop
            | Op::Send => format!("to {a}"),
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
                ins.op.generic(),
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
                    | Op::ReturnGenerator
                    | Op::GetYieldFromIter
                    | Op::BeforeWith
                    | Op::WithExceptStart
                    | Op::GetLen
                    | Op::MatchMapping
                    | Op::MatchSequence
                    | Op::MatchKeys
            );
            let repr = self.arg_repr(ins);
            let mut text = format!("{line_col} {pc:>6} {:<26}", ins.op.name());
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

/// How an instruction changes the depth of the operand stack: when it
/// falls through to the next instruction, and when it jumps to its
/// argument (`None`: it never does that).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StackEffect {
    /// The change when execution continues after the instruction.
    pub next: Option<i32>,
    /// The change when the instruction jumps to `arg`.
    pub jump: Option<i32>,
}

/// The stack effect of a generic instruction (quickened forms have their
/// generic form's effect).
pub fn stack_effect(op: Op, arg: u32) -> StackEffect {
    let a = arg as i32;
    let next = |n: i32| StackEffect {
        next: Some(n),
        jump: None,
    };
    let end = StackEffect {
        next: None,
        jump: None,
    };
    match op.generic() {
        Op::Nop
        | Op::Cache
        | Op::Swap
        | Op::DeleteFast
        | Op::DeleteDeref
        | Op::DeleteGlobal
        | Op::DeleteName
        | Op::LoadAttr
        | Op::UnaryNegative
        | Op::UnaryPositive
        | Op::UnaryInvert
        | Op::UnaryNot
        | Op::ListToTuple
        | Op::GetIter
        | Op::PushExcInfo
        | Op::PopExcept
        | Op::CheckExcMatch
        | Op::YieldValue
        | Op::GetYieldFromIter => next(0),
        Op::Copy
        | Op::LoadConst
        | Op::LoadFast
        | Op::LoadDeref
        | Op::LoadClosure
        | Op::LoadGlobal
        | Op::LoadName
        | Op::LoadBuildClass
        | Op::LoadMethod
        | Op::LoadAssertionError
        | Op::ImportFrom
        | Op::BeforeWith
        | Op::WithExceptStart
        | Op::GetLen
        | Op::MatchMapping
        | Op::MatchSequence
        | Op::MatchKeys
        // The value sent in when the generator first resumes (popped by
        // the POP_TOP after it).
        | Op::ReturnGenerator => next(1),
        Op::PopTop
        | Op::StoreFast
        | Op::StoreDeref
        | Op::StoreGlobal
        | Op::StoreName
        | Op::DeleteAttr
        | Op::BinaryOp
        | Op::CompareOp
        | Op::IsOp
        | Op::ContainsOp
        | Op::BinarySubscr
        | Op::ListAppend
        | Op::ListExtend
        | Op::SetAdd
        | Op::SetUpdate
        | Op::ImportName
        | Op::ImportStar => next(-1),
        Op::StoreAttr | Op::DeleteSubscr | Op::MapAdd | Op::MatchClass => next(-2),
        Op::DictMerge | Op::DictUpdate => next(-1),
        Op::StoreSubscr => next(-3),
        Op::BuildSlice | Op::BuildTuple | Op::BuildList | Op::BuildSet | Op::BuildString => {
            next(1 - a)
        }
        Op::BuildMap => next(1 - 2 * a),
        Op::FormatValue => next(if arg & 4 != 0 { -1 } else { 0 }),
        Op::UnpackSequence => next(a - 1),
        Op::UnpackEx => next((a & 0xff) + (a >> 8)),
        Op::ForIter => StackEffect {
            next: Some(1),
            jump: Some(-1),
        },
        Op::Jump | Op::JumpBackward => StackEffect {
            next: None,
            jump: Some(0),
        },
        Op::PopJumpIfFalse | Op::PopJumpIfTrue | Op::PopJumpIfNone | Op::PopJumpIfNotNone => {
            StackEffect {
                next: Some(-1),
                jump: Some(-1),
            }
        }
        Op::JumpIfFalseOrPop | Op::JumpIfTrueOrPop => StackEffect {
            next: Some(-1),
            jump: Some(0),
        },
        Op::MakeFunction => next(-((arg & 15).count_ones() as i32)),
        Op::Call => next(-a),
        Op::CallKw | Op::CallMethod => next(-a - 1),
        Op::CallEx => next(-1 - (arg & 1) as i32),
        Op::Send => StackEffect {
            next: Some(0),
            jump: Some(-1),
        },
        Op::ReturnValue | Op::RaiseVarargs | Op::Reraise => end,
        // Quickened forms were mapped to their generic form above.
        _ => next(0),
    }
}

/// Extra operand slots reserved beyond the computed maximum, for the
/// temporaries of instructions whose intermediate depth exceeds both their
/// start and end depth.
const STACK_SLACK: u32 = 4;

/// The maximum operand-stack depth of an instruction stream, found by
/// following every path from the entry and from each exception handler
/// (which starts with its recorded depth plus the exception). Frames reserve
/// this much room when they are entered, so pushing never reallocates.
pub fn max_stack_depth(units: &[Instr], exc_table: &[ExcEntry]) -> u32 {
    let n = units.len();
    let mut seen: Vec<Option<i32>> = vec![None; n];
    let mut work: Vec<(usize, i32)> = vec![(0, 0)];
    work.extend(
        exc_table
            .iter()
            .map(|e| (e.handler as usize, e.depth as i32 + 1)),
    );
    // Compiled code has one depth per instruction; the bound only stops a
    // malformed stream from looping forever.
    let bound = 4 * n as i32 + 64;
    let mut max = 0i32;
    while let Some((pc, d)) = work.pop() {
        let Some(ins) = units.get(pc) else { continue };
        if seen[pc].is_some_and(|old| old >= d) || d > bound {
            continue;
        }
        seen[pc] = Some(d);
        max = max.max(d);
        let eff = stack_effect(ins.op, ins.arg);
        if let Some(e) = eff.next {
            max = max.max(d + e);
            work.push((pc + 1 + ins.op.cache_units(), d + e));
        }
        if let Some(e) = eff.jump {
            max = max.max(d + e);
            work.push((ins.arg as usize, d + e));
        }
    }
    max.max(0) as u32 + STACK_SLACK
}
