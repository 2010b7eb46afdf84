//! Quickening: specializing instructions in place, from what they see.
//!
//! This follows CPython 3.11's specializing adaptive interpreter. Each
//! generic instruction of a family (LOAD_GLOBAL, BINARY_OP, CALL, …)
//! counts down a warmup counter kept in its instruction unit
//! ([`Instr::counter`]). When it reaches zero, [`specialize`] looks at the
//! operands the instruction is about to use and rewrites it, in place, into
//! a quickened form such as `BINARY_OP_ADD_INT`, filling its inline cache.
//! A quickened form opens with guards; when one fails, the evaluation loop
//! calls [`on_miss`] and runs the generic path for that execution. After
//! [`MISS_BUDGET`] misses the instruction is rewritten back to its generic
//! form with a longer countdown before the next attempt (exponential
//! backoff), and so is an instruction whose attempt found no form.
//!
//! Rewriting never changes an instruction's length, so the unit offsets of
//! every instruction (jump targets, the exception table, the offsets a JIT
//! deoptimizes to) stay valid; the generic form of any unit is
//! [`Op::generic`].
//!
//! The decisions live here and only here: which form fits which operands
//! (one function per family; [`specialize_call`] is the single place that
//! picks a CALL form), what the cache of each form holds ([`layout`]), and
//! why a guard can fail ([`DeoptReason`]). The evaluation loop executes the
//! forms; `crate::feedback` reads what the caches recorded.

use crate::builtins;
use crate::bytecode::{BinOp, Code, Instr, Op};
use crate::eval::is_static_type;
use crate::ext::ExtCall;
use crate::feedback::TypeSet;
use crate::methods;
use crate::object::class::{self, ClassData};
use crate::object::types::{self, Kind};
use crate::object::{
    Builtin, DictKey, DictObj, Function, Instance, IterObj, IterState, ModuleObj, ObjRef, Value,
};
use crate::stats::Counter;
use crate::vm::Vm;
use std::cell::Cell;

macro_rules! reasons {
    ($( $(#[$m:meta])* $name:ident = $text:literal; )*) => {
        /// Why a guard of a quickened instruction failed. Stats and
        /// debugging output use these names; a JIT's side exits can reuse
        /// them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum DeoptReason { $( $(#[$m])* $name, )* }

        impl DeoptReason {
            /// Every reason.
            pub const ALL: &'static [DeoptReason] = &[ $( DeoptReason::$name, )* ];
            /// A short description for reports.
            pub fn describe(self) -> &'static str {
                match self { $( DeoptReason::$name => $text, )* }
            }
        }
    };
}

reasons! {
    /// An operand's type is not the one the form was specialized for.
    WrongType = "operand type";
    /// An `i64` result would overflow (the big-int path is needed).
    IntOverflow = "int overflow";
    /// A division or modulo by zero (the generic path raises).
    ZeroDivision = "division by zero";
    /// A float power that raises (an overflow, zero to a negative
    /// power): the generic path raises. (A negative base to a fractional
    /// power is no miss: its complex result is the form's result.)
    PowDomain = "power out of float domain";
    /// An index outside the sequence (the generic path raises).
    OutOfRange = "index out of range";
    /// A key that is not in the dict (the generic path raises).
    MissingKey = "key not found";
    /// The dict's keys changed since the cache was filled.
    KeysVersion = "dict keys changed";
    /// C code changed a type's dict (`PyType_Modified`) since the cache
    /// was filled.
    TypeModified = "C type changed";
    /// A Python class (or a base) changed since the cache was filled, or
    /// the object is of another class.
    TypeVersion = "class changed";
    /// The instance's dict no longer holds the attribute at the cached
    /// index (or now shadows the cached method).
    InstanceDict = "instance dict changed";
    /// A call site sees a different kind of callee.
    WrongCallee = "different callee";
    /// A call site's callee takes a different number of arguments.
    ArgCount = "argument count";
    /// A sequence to unpack has a different length.
    WrongLength = "sequence length";
    /// A container is being iterated or changed by native code right now.
    Busy = "container in use";
    /// A slot (`__slots__`) read before it was set (the generic path
    /// raises the AttributeError).
    SlotUnset = "slot not set";
}

/// How a quickened instruction's inline cache is laid out: the index of
/// each field among the cache units after the instruction. The specializer
/// writes these, the evaluation loop reads them in guards, and
/// `crate::feedback` reads them for the profile.
pub mod layout {
    use crate::bytecode::Op;

    /// LOAD_GLOBAL: the globals dict's keys version (two units, low first).
    pub const GLOBAL_VERSION: usize = 0;
    /// LOAD_GLOBAL_BUILTIN: the builtins dict's keys version (two units).
    pub const BUILTINS_VERSION: usize = 2;
    /// LOAD_GLOBAL: the entry index in the dict the name was found in.
    pub const GLOBAL_INDEX: usize = 4;
    /// LOAD_ATTR/LOAD_METHOD on a module: its dict's keys version (two units).
    pub const ATTR_VERSION: usize = 0;
    /// LOAD_ATTR/LOAD_METHOD on a module: the entry index.
    pub const ATTR_INDEX: usize = 2;
    /// LOAD_METHOD_TYPE: the receiver's kind plus one.
    pub const METHOD_KIND: usize = 0;
    /// LOAD_METHOD_TYPE: the index in the kind's method table.
    pub const METHOD_INDEX: usize = 1;
    /// LOAD_METHOD_EXT: the index of the method in `Vm::ext_methods`.
    pub const EXT_METHOD: usize = 0;
    /// CALL/CALL_METHOD: the version of the Python function last seen
    /// (CALL_PY_INIT: the version tag of the class called).
    pub const CALL_CALLEE: usize = 0;
    /// LOAD_ATTR_INSTANCE_VALUE/STORE_ATTR_INSTANCE_VALUE/LOAD_METHOD_INSTANCE:
    /// the class's version tag.
    pub const CLASS_VERSION: usize = 0;
    /// LOAD_ATTR_INSTANCE_VALUE/STORE_ATTR_INSTANCE_VALUE: the entry index
    /// in the instance dict.
    pub const INSTANCE_INDEX: usize = 1;
    /// LOAD_ATTR_INSTANCE_VALUE/STORE_ATTR_INSTANCE_VALUE: up to
    /// [`MORE_VERSION_COUNT`] more version tags (0: none), of classes whose
    /// instances were also seen with the attribute at the cached index (a
    /// method of a base class sees instances of its subclasses).
    pub const MORE_VERSIONS: usize = 4;
    /// LOAD_ATTR_SLOT/STORE_ATTR_SLOT: the slot's index in the instance's
    /// slots (the class's version tag is at [`CLASS_VERSION`]).
    pub const SLOT_INDEX: usize = 1;
    /// How many units [`MORE_VERSIONS`] has.
    pub const MORE_VERSION_COUNT: usize = 3;
    /// LOAD_METHOD_INSTANCE: the position in the MRO of the class whose
    /// dict holds the method (0: the instance's own class).
    pub const METHOD_MRO_POS: usize = 1;
    /// LOAD_METHOD_INSTANCE: the entry index in that class's dict.
    pub const METHOD_DICT_INDEX: usize = 2;
    /// LOAD_METHOD_INSTANCE: up to [`MORE_VERSION_COUNT`] more classes, two
    /// units each: the version tag (0: none) and the MRO position (high 8
    /// bits) and dict index (low 24 bits) of the function for that class.
    pub const MORE_METHODS: usize = 4;

    /// The unit holding the classes seen (up to two [`super::TypeSet`]s,
    /// the first in the low half), by family.
    pub fn types_unit(family: Op) -> Option<usize> {
        match family {
            Op::BinaryOp
            | Op::CompareOp
            | Op::BinarySubscr
            | Op::StoreSubscr
            | Op::ForIter
            | Op::UnpackSequence => Some(0),
            Op::LoadAttr | Op::StoreAttr | Op::LoadMethod => Some(3),
            Op::Call | Op::CallMethod => Some(1),
            _ => None,
        }
    }

    /// How many operands a family records classes for.
    pub fn operand_count(family: Op) -> usize {
        match family {
            Op::BinaryOp | Op::CompareOp | Op::BinarySubscr | Op::StoreSubscr => 2,
            Op::ForIter
            | Op::UnpackSequence
            | Op::LoadAttr
            | Op::StoreAttr
            | Op::LoadMethod
            | Op::Call
            | Op::CallMethod => 1,
            _ => 0,
        }
    }
}

// ----- counters ---------------------------------------------------------------

/// The counter's value lives above four bits of backoff exponent; this is
/// one step of the value.
pub const COUNTER_UNIT: u16 = 16;
const BACKOFF_MASK: u16 = 15;
const MAX_BACKOFF: u16 = 12;
/// The largest warmup a counter can hold.
pub const MAX_WARMUP: u16 = u16::MAX >> 4;
/// Guard misses a quickened form absorbs (running the generic path each
/// time) before it is rewritten back to its generic form, as in CPython.
pub const MISS_BUDGET: u16 = 52;
/// Executions of a generic instruction before its first specialization
/// attempt, unless the configuration says otherwise.
pub const DEFAULT_WARMUP: u16 = 8;

/// The counter of a generic instruction that tries after `warmup` more
/// executions.
fn initial_counter(warmup: u16) -> u16 {
    warmup.min(MAX_WARMUP) << 4
}

/// The counter after a failed attempt or a deopt: twice as long a wait as
/// last time (up to 4095 executions). With a warmup of 0 (the stress
/// setting) every execution tries again.
fn backoff_counter(old: u16, stress: bool) -> u16 {
    if stress {
        return 0;
    }
    let e = ((old & BACKOFF_MASK) + 1).min(MAX_BACKOFF);
    (((1u16 << e) - 1) << 4) | e
}

/// The counter of a fresh quickened form: its miss budget, keeping the
/// backoff exponent so that a site that keeps deoptimizing waits longer
/// each time. With the stress setting the first miss deoptimizes.
fn miss_counter(old: u16, stress: bool) -> u16 {
    if stress {
        0
    } else {
        (MISS_BUDGET << 4) | (old & BACKOFF_MASK)
    }
}

/// Whether the instruction at `pc` of `code` is the generic form of a
/// family that has never run (its warmup counter is as armed, for a
/// `warmup` of the configuration's): compiled code made while the
/// function's first call runs (on-stack replacement) leaves the frame to
/// the interpreter there, which gathers the types.
pub fn never_ran(code: &Code, pc: usize, warmup: u16) -> bool {
    code.units.get(pc).is_some_and(|u| {
        let ins = u.get();
        is_adaptive(ins.op) && ins.counter == initial_counter(warmup)
    })
}

/// Whether the instruction at `pc` of `code` is the generic form of a
/// family that has not yet run as often as its warmup (it never tried
/// to specialize): in a function the JIT
/// finds hot, a path the calls rarely take.
pub fn rarely_ran(code: &Code, pc: usize) -> bool {
    code.units.get(pc).is_some_and(|u| {
        let ins = u.get();
        is_adaptive(ins.op) && ins.counter & BACKOFF_MASK == 0 && ins.counter >= COUNTER_UNIT
    })
}

/// Whether the instruction at `pc` of `code` is the generic form of a
/// family that has run as often as its warmup and tries to specialize at
/// its next run (it never tried: a failed try or a deopt leaves a
/// backoff). Code that runs once a call gets there after as many calls.
pub fn about_to_try(code: &Code, pc: usize) -> bool {
    code.units.get(pc).is_some_and(|u| {
        let ins = u.get();
        is_adaptive(ins.op) && ins.counter == 0
    })
}

/// Whether `op` is the generic form of a family with quickened forms.
pub fn is_adaptive(op: Op) -> bool {
    matches!(
        op,
        Op::LoadGlobal
            | Op::LoadAttr
            | Op::StoreAttr
            | Op::LoadMethod
            | Op::BinaryOp
            | Op::CompareOp
            | Op::BinarySubscr
            | Op::StoreSubscr
            | Op::ForIter
            | Op::UnpackSequence
            | Op::Call
            | Op::CallMethod
    )
}

/// Prepares `code` for its first run: arms the warmup counter of every
/// specializing instruction, forms superinstructions and arms the JIT's
/// countdown (`jit_threshold`, see [`crate::jit`]). Does nothing the second
/// time.
pub fn quicken_code(code: &Code, warmup: u16, jit_threshold: u32) {
    if code.quickened.replace(true) {
        return;
    }
    code.jit_countdown.set(jit_threshold);
    let counter = initial_counter(warmup);
    let osr = crate::jit::osr_count(jit_threshold);
    let mut pc = 0;
    while let Some(u) = code.units.get(pc) {
        let ins = u.get();
        let next = pc + 1 + ins.op.cache_units();
        if is_adaptive(ins.op) {
            u.set(ins.with(ins.op, counter));
        } else if ins.op == Op::JumpBackward {
            // The loop's own count toward on-stack replacement.
            u.set(ins.with(ins.op, osr));
        } else if let Some(second) = code.units.get(next).map(Cell::get)
            && let Some(sup) = superinstruction(ins.op, second.op)
        {
            u.set(ins.with(sup, 0));
        }
        pc = next;
    }
}

/// The superinstruction that replaces `first` when `second` follows it.
///
/// Each pair was chosen by measurement (see CONTRIBUTING.md, "Performance"):
/// `typhon --stats` counts executed instruction pairs, and these two are
/// the most frequent ones in the kernels (LOAD_FAST then LOAD_CONST is a
/// fifth of fib's instructions, LOAD_FAST then LOAD_FAST a fifth of the
/// sieve's, LOAD_FAST then LOAD_ATTR_INSTANCE_VALUE 15% of richards' and
/// 19% of raytrace's); callgrind confirmed each one saves more than it
/// costs.
fn superinstruction(first: Op, second: Op) -> Option<Op> {
    match (first, second) {
        (Op::LoadFast, Op::LoadConst) => Some(Op::LoadFastLoadConst),
        (Op::LoadFast, Op::LoadFast) => Some(Op::LoadFastLoadFast),
        (Op::LoadFast, Op::LoadAttr) => Some(Op::LoadFastLoadAttr),
        (Op::LoadFast, Op::StoreAttr) => Some(Op::LoadFastStoreAttr),
        (Op::LoadFast, Op::LoadMethod) => Some(Op::LoadFastLoadMethod),
        (
            Op::LoadFast,
            Op::PopJumpIfNone | Op::PopJumpIfNotNone | Op::PopJumpIfFalse | Op::PopJumpIfTrue,
        ) => Some(Op::LoadFastPopJump),
        _ => None,
    }
}

// ----- the cache ------------------------------------------------------------------

fn set_unit(cache: &[Cell<Instr>], i: usize, v: u32) {
    if let Some(c) = cache.get(i) {
        c.set(Instr::new(Op::Cache, v));
    }
}

fn set_u64(cache: &[Cell<Instr>], i: usize, v: u64) {
    set_unit(cache, i, v as u32);
    set_unit(cache, i + 1, (v >> 32) as u32);
}

/// Reads a 64-bit cache field written by the specializer.
#[inline(always)]
pub fn cache_u64(cache: &[Cell<Instr>], i: usize) -> Option<u64> {
    let lo = cache.get(i)?.get().arg as u64;
    let hi = cache.get(i + 1)?.get().arg as u64;
    Some(lo | hi << 32)
}

/// ORs the classes of `operands` into the family's feedback unit.
fn record_types(family: Op, cache: &[Cell<Instr>], operands: &[Value]) {
    let Some(i) = layout::types_unit(family) else {
        return;
    };
    let Some(c) = cache.get(i) else { return };
    let n = layout::operand_count(family);
    let mut bits = 0u32;
    for (k, v) in operands.iter().take(n).enumerate() {
        bits |= (TypeSet::of(v).0 as u32) << (16 * k);
    }
    c.set(Instr::new(Op::Cache, c.get().arg | bits));
}

/// The operands a family's feedback records, from the top of its operand
/// stack (`stack` ends at the stack pointer).
fn feedback_operands(family: Op, arg: u32, stack: &[Value]) -> &[Value] {
    let n = stack.len();
    let range = match family {
        Op::BinaryOp | Op::CompareOp | Op::BinarySubscr => n.checked_sub(2).map(|s| s..n),
        // STORE_SUBSCR: value, container, key.
        Op::StoreSubscr => n.checked_sub(2).map(|s| s..n),
        // STORE_ATTR: value, object (the object is recorded).
        Op::ForIter | Op::UnpackSequence | Op::LoadAttr | Op::StoreAttr | Op::LoadMethod => {
            n.checked_sub(1).map(|s| s..n)
        }
        Op::Call => n
            .checked_sub(arg as usize + 1)
            .map(|s| s..(s + 1).min(n)),
        Op::CallMethod => n.checked_sub(arg as usize + 2).map(|s| {
            // The receiver, or the callee when LOAD_METHOD left none.
            if matches!(stack.get(s + 1), Some(Value::Obj(o)) if is_static_type(o, &crate::vm::NULL_MARKER))
            {
                s..s + 1
            } else {
                s + 1..s + 2
            }
        }),
        _ => None,
    };
    range.and_then(|r| stack.get(r)).unwrap_or(&[])
}

// ----- specializing -------------------------------------------------------------------

/// Tries to specialize the generic instruction at `pc`, whose counter ran
/// out, for the operands on `stack` (the live values, ending at the stack
/// pointer) with the frame's `globals`. Rewrites the instruction either
/// way: into a quickened form with a fresh miss budget, or back to itself
/// with a longer countdown. Returns the new opcode on success.
pub fn specialize(
    vm: &mut Vm,
    code: &Code,
    pc: usize,
    globals: &ObjRef,
    stack: &[Value],
) -> Option<Op> {
    let unit = code.units.get(pc)?;
    let ins = unit.get();
    let family = ins.op;
    let cache = code.units.get(pc + 1..pc + 1 + ins.cache as usize)?;
    let stress = vm.config.quicken_warmup == 0;
    record_types(family, cache, feedback_operands(family, ins.arg, stack));
    let top = |k: usize| stack.len().checked_sub(k).and_then(|i| stack.get(i));
    let chosen = match family {
        Op::LoadGlobal => specialize_load_global(vm, code, ins.arg, globals, cache),
        Op::LoadAttr => top(1).and_then(|o| {
            if o.kind() == Kind::INSTANCE {
                return instance_attr(code, ins.arg, o, cache)
                    .or_else(|| instance_slot(code, ins.arg, o, cache, Op::LoadAttrSlot));
            }
            module_attr(code, ins.arg, o, cache).map(|()| Op::LoadAttrModule)
        }),
        Op::StoreAttr => top(1).filter(|o| o.kind() == Kind::INSTANCE).and_then(|o| {
            instance_store(code, ins.arg, o, cache)
                .or_else(|| instance_slot(code, ins.arg, o, cache, Op::StoreAttrSlot))
        }),
        Op::LoadMethod => {
            let form = top(1).and_then(|o| specialize_load_method(vm, code, ins.arg, o, cache));
            // LOAD_FAST__LOAD_METHOD pays only before LOAD_METHOD_INSTANCE;
            // before the other forms (`d.get(k)`) it costs the pair its
            // failed check, so the LOAD_FAST goes back to running alone
            // (callgrind, bench/programs/dict_churn: 305.9M -> 304.4M).
            if form != Some(Op::LoadMethodInstance)
                && let Some(prev) = pc.checked_sub(1).and_then(|i| code.units.get(i))
                && prev.get().op == Op::LoadFastLoadMethod
            {
                prev.set(prev.get().with(Op::LoadFast, 0));
            }
            form
        }
        Op::BinaryOp => match (top(2), top(1)) {
            (Some(a), Some(b)) => specialize_binary_op(ins.arg, a, b).map(|form| {
                let next = code.units.get(pc + 1 + ins.cache as usize).map(|u| u.get());
                match next {
                    Some(n) if form == Op::BinaryOpAddStr && n.op == Op::StoreFast => {
                        Op::BinaryOpInplaceAddStr
                    }
                    _ => form,
                }
            }),
            _ => None,
        },
        Op::CompareOp => match (top(2), top(1)) {
            (Some(a), Some(b)) => {
                let next = code
                    .units
                    .get(pc + 1 + ins.cache as usize)
                    .map(|u| u.get().op);
                specialize_compare_op(a, b, next)
            }
            _ => None,
        },
        Op::BinarySubscr => match (top(2), top(1)) {
            (Some(c), Some(k)) => specialize_subscr(c, k),
            _ => None,
        },
        Op::StoreSubscr => match (top(2), top(1)) {
            (Some(c), Some(k)) => match (exact_kind(c), k) {
                (Kind::LIST, Value::Int(_)) => Some(Op::StoreSubscrListInt),
                (Kind::DICT, _) => Some(Op::StoreSubscrDict),
                _ => None,
            },
            _ => None,
        },
        Op::ForIter => top(1).and_then(specialize_for_iter),
        Op::UnpackSequence => top(1).and_then(|v| specialize_unpack(ins.arg, v)),
        Op::Call => {
            let n = ins.arg as usize;
            match (top(n + 1), stack.len().checked_sub(n + 1)) {
                (Some(callee), Some(_)) => specialize_call(vm, callee, n, false, cache),
                _ => None,
            }
        }
        Op::CallMethod => {
            let n = ins.arg as usize;
            match (top(n + 2), top(n + 1)) {
                (Some(meth), Some(recv)) => {
                    let no_self =
                        matches!(recv, Value::Obj(o) if is_static_type(o, &crate::vm::NULL_MARKER));
                    if no_self {
                        specialize_call(vm, meth, n, true, cache)
                    } else {
                        specialize_method_call(vm, meth, recv, n, cache)
                    }
                }
                _ => None,
            }
        }
        _ => None,
    };
    match chosen {
        Some(op) => {
            unit.set(ins.with(op, miss_counter(ins.counter, stress)));
            // `len()` of a C type's instance calls C (its length slot).
            let c_len =
                op == Op::CallBuiltinLen && top(1).is_some_and(|v| v.kind() == Kind::FOREIGN);
            // Rust builtins are called in the same copy of the hot loop.
            let native = matches!(
                op,
                Op::CallBuiltin | Op::CallMethodBuiltin | Op::ForIterNext
            );
            if op == Op::LoadMethodExt || ext_call_shape(op).is_some() || c_len || native {
                code.calls_c.set(true);
            }
            if let Some(s) = vm.stats.as_deref_mut() {
                s.count(family, Counter::SpecializeOk);
            }
        }
        None => {
            unit.set(ins.with(family, backoff_counter(ins.counter, stress)));
            if let Some(s) = vm.stats.as_deref_mut() {
                s.count(family, Counter::SpecializeFail);
            }
        }
    }
    chosen
}

/// Records a guard miss of the quickened instruction at `pc` (`stack` ends
/// at the stack pointer, as when the instruction started): counts it,
/// records the operands' classes, and spends one unit of the miss budget,
/// rewriting the instruction back to its generic form when none is left.
/// The caller then runs the generic path.
#[cold]
#[inline(never)]
pub fn on_miss(vm: &mut Vm, code: &Code, pc: usize, reason: DeoptReason, stack: &[Value]) {
    let Some(unit) = code.units.get(pc) else {
        return;
    };
    let ins = unit.get();
    let family = ins.op.generic();
    if let Some(cache) = code.units.get(pc + 1..pc + 1 + ins.cache as usize) {
        record_types(family, cache, feedback_operands(family, ins.arg, stack));
    }
    let stress = vm.config.quicken_warmup == 0;
    if let Some(s) = vm.stats.as_deref_mut() {
        s.miss(ins.op, reason);
    }
    if ins.op == family {
        return;
    }
    if ins.counter >= COUNTER_UNIT {
        unit.set(ins.with(ins.op, ins.counter - COUNTER_UNIT));
    } else {
        unit.set(ins.with(family, backoff_counter(ins.counter, stress)));
        if let Some(s) = vm.stats.as_deref_mut() {
            s.count(family, Counter::Deopt);
        }
    }
}

fn specialize_load_global(
    vm: &Vm,
    code: &Code,
    arg: u32,
    globals: &ObjRef,
    cache: &[Cell<Instr>],
) -> Option<Op> {
    let name = code.names.get(arg as usize)?;
    let key = DictKey::from_str_obj(name);
    let gd = globals.downcast::<DictObj>()?;
    let gver = gd.keys_version();
    if let Some((idx, _)) = gd.get_full(&key) {
        set_u64(cache, layout::GLOBAL_VERSION, gver);
        set_unit(cache, layout::GLOBAL_INDEX, u32::try_from(idx).ok()?);
        return Some(Op::LoadGlobalModule);
    }
    let bd = vm.builtins.downcast::<DictObj>()?;
    let (idx, _) = bd.get_full(&key)?;
    set_u64(cache, layout::GLOBAL_VERSION, gver);
    set_u64(cache, layout::BUILTINS_VERSION, bd.keys_version());
    set_unit(cache, layout::GLOBAL_INDEX, u32::try_from(idx).ok()?);
    Some(Op::LoadGlobalBuiltin)
}

/// Fills the cache for `m.name` when `obj` is a module that has `name`.
fn module_attr(code: &Code, arg: u32, obj: &Value, cache: &[Cell<Instr>]) -> Option<()> {
    let m = obj.as_obj().filter(|o| o.kind() == Kind::MODULE)?;
    let d = m.downcast::<ModuleObj>()?.dict.downcast::<DictObj>()?;
    let name = code.names.get(arg as usize)?;
    let (idx, _) = d.get_full(&DictKey::from_str_obj(name))?;
    set_u64(cache, layout::ATTR_VERSION, d.keys_version());
    set_unit(cache, layout::ATTR_INDEX, u32::try_from(idx).ok()?);
    Some(())
}

/// LOAD_ATTR on an instance of a Python class whose class has no
/// attribute of that name (so no descriptor can intervene) and whose dict
/// has it: LOAD_ATTR_INSTANCE_VALUE, guarded by the class's version tag.
fn instance_attr(code: &Code, arg: u32, obj: &Value, cache: &[Cell<Instr>]) -> Option<Op> {
    let (version, index) = instance_attr_entry(code, arg, obj)?;
    set_unit(cache, layout::CLASS_VERSION, version);
    set_unit(cache, layout::INSTANCE_INDEX, index);
    clear_more_versions(cache);
    Some(Op::LoadAttrInstanceValue)
}

/// The class's version tag and the entry index [`instance_attr`] caches for
/// `obj`, if it fits.
fn instance_attr_entry(code: &Code, arg: u32, obj: &Value) -> Option<(u32, u32)> {
    let o = obj.as_obj()?;
    let cd = o.ty().heap_data::<ClassData>()?;
    let version = cd.version_tag();
    let text = code.name_str(arg);
    // A `__getattribute__` of the class's own runs for every load.
    if version == 0
        || class::lookup(o.ty(), text).is_some()
        || class::lookup(o.ty(), "__getattribute__").is_some()
    {
        return None;
    }
    let index = o.downcast::<Instance>()?.own_index(text)?;
    Some((version, u32::try_from(index).ok()?))
}

/// LOAD_ATTR or STORE_ATTR (`form`) of a slot: the class (through its
/// MRO) has a slot descriptor for the name that applies to `obj`, and no
/// `__getattribute__`/`__setattr__` of its own: LOAD_ATTR_SLOT or
/// STORE_ATTR_SLOT with the slot's index, guarded by the version tag.
fn instance_slot(
    code: &Code,
    arg: u32,
    obj: &Value,
    cache: &[Cell<Instr>],
    form: Op,
) -> Option<Op> {
    let (version, index) = slot_entry(code, arg, obj, form)?;
    set_unit(cache, layout::CLASS_VERSION, version);
    set_unit(cache, layout::SLOT_INDEX, index);
    clear_more_versions(cache);
    Some(form)
}

/// The class's version tag and the slot index [`instance_slot`] caches.
fn slot_entry(code: &Code, arg: u32, obj: &Value, form: Op) -> Option<(u32, u32)> {
    let o = obj.as_obj()?;
    let cd = o.ty().heap_data::<ClassData>()?;
    let version = cd.version_tag();
    let hook = match form {
        Op::LoadAttrSlot => "__getattribute__",
        _ => "__setattr__",
    };
    if version == 0 || class::lookup(o.ty(), hook).is_some() {
        return None;
    }
    let descr = class::lookup(o.ty(), code.name_str(arg))?;
    let m = descr.downcast::<class::MemberDescr>()?;
    let inst = o.downcast::<Instance>()?;
    let fits = (std::ptr::eq(o.ty() as *const _ as *const u8, m.owner as *const u8)
        || cd.mro_tail.iter().any(|c| c.as_ptr() as usize == m.owner))
        && m.index < inst.slots.try_borrow().ok()?.len();
    fits.then_some((version, u32::try_from(m.index).ok()?))
}

fn clear_more_versions(cache: &[Cell<Instr>]) {
    for i in 0..layout::MORE_VERSION_COUNT {
        set_unit(cache, layout::MORE_VERSIONS + i, 0);
    }
}

/// The version tag of `o`'s class, read from its type object
/// (`tp_version_tag`, see `object::class::TypeVersion`): 0 for any type
/// that is not a Python class, which no cache holds. A tag names one
/// class: a cache that finds its tag here has found its class.
#[inline(always)]
pub fn type_version(o: &ObjRef) -> u32 {
    o.ty().tp_version_tag.get()
}

/// Whether version tag `v` is one the LOAD_ATTR_INSTANCE_VALUE or
/// STORE_ATTR_INSTANCE_VALUE at `pc` accepts (its class's, or one of the
/// [`layout::MORE_VERSIONS`]).
#[inline(always)]
pub fn class_version_cached(units: &[Cell<Instr>], pc: usize, v: u32) -> bool {
    units
        .get(pc + 1..pc + 1 + CLASS_VERSIONS_END)
        .and_then(|c| c.try_into().ok())
        .is_some_and(|c| class_version_in(c, v))
}

/// How many cache units of an attribute form [`class_version_in`] reads.
pub const CLASS_VERSIONS_END: usize = layout::MORE_VERSIONS + layout::MORE_VERSION_COUNT;
const _: () = assert!(
    Op::LoadAttr.cache_units() >= CLASS_VERSIONS_END
        && Op::StoreAttr.cache_units() >= CLASS_VERSIONS_END
);

/// [`class_version_cached`] on the cache units of the instruction.
#[inline(always)]
pub fn class_version_in(c: &[Cell<Instr>; CLASS_VERSIONS_END], v: u32) -> bool {
    let unit = |i: usize| c[i].get().arg;
    v != 0
        && (unit(layout::CLASS_VERSION) == v
            || unit(layout::MORE_VERSIONS) == v
            || unit(layout::MORE_VERSIONS + 1) == v
            || unit(layout::MORE_VERSIONS + 2) == v)
}

/// After a "class changed" guard miss of the LOAD_ATTR_INSTANCE_VALUE or
/// STORE_ATTR_INSTANCE_VALUE at `pc`: if `obj`'s class fits the form too
/// (as the specializer decides) with the attribute at the same index, adds
/// its version tag to the cache (taking a free unit, else replacing one)
/// and returns true: the site is polymorphic, not mistaken, and the caller
/// runs the generic path this once without counting a miss.
pub fn add_class_version(vm: &mut Vm, code: &Code, pc: usize, obj: &Value) -> bool {
    let Some(ins) = code.units.get(pc).map(Cell::get) else {
        return false;
    };
    let Some(cache) = code.units.get(pc + 1..pc + 1 + ins.cache as usize) else {
        return false;
    };
    let entry = match ins.op {
        Op::LoadAttrInstanceValue => instance_attr_entry(code, ins.arg, obj),
        Op::StoreAttrInstanceValue => instance_store_entry(code, ins.arg, obj),
        _ => None,
    };
    let Some((version, index)) = entry else {
        return false;
    };
    let cached = |i: usize| cache.get(i).map(|c| c.get().arg);
    if cached(layout::INSTANCE_INDEX) != Some(index) {
        return false;
    }
    let free =
        (0..layout::MORE_VERSION_COUNT).find(|i| cached(layout::MORE_VERSIONS + i) == Some(0));
    let slot = free.unwrap_or(version as usize % layout::MORE_VERSION_COUNT);
    set_unit(cache, layout::MORE_VERSIONS + slot, version);
    if let Some(s) = vm.stats.as_deref_mut() {
        s.count(ins.op.generic(), Counter::SpecializeOk);
    }
    true
}

/// STORE_ATTR on an instance of a Python class whose class neither defines
/// `__setattr__` nor has a property of that name (a data descriptor takes
/// the store); the cache holds the attribute's index in the instance dict,
/// or the dict's length if it is not there yet:
/// STORE_ATTR_INSTANCE_VALUE, guarded by the class's version tag (any later
/// change to the class, such as a property added, moves it).
fn instance_store(code: &Code, arg: u32, obj: &Value, cache: &[Cell<Instr>]) -> Option<Op> {
    let (version, index) = instance_store_entry(code, arg, obj)?;
    set_unit(cache, layout::CLASS_VERSION, version);
    set_unit(cache, layout::INSTANCE_INDEX, index);
    clear_more_versions(cache);
    Some(Op::StoreAttrInstanceValue)
}

/// The class's version tag and the entry index [`instance_store`] caches
/// for `obj`, if it fits.
fn instance_store_entry(code: &Code, arg: u32, obj: &Value) -> Option<(u32, u32)> {
    let o = obj.as_obj().filter(|o| o.kind() == Kind::INSTANCE)?;
    let cd = o.ty().heap_data::<ClassData>()?;
    let version = cd.version_tag();
    let text = code.name_str(arg);
    if version == 0
        || matches!(text, "__dict__" | "__class__")
        || class::lookup(o.ty(), "__setattr__").is_some()
        || class::lookup(o.ty(), text).is_some_and(|v| crate::classes::is_data_descriptor(&v))
    {
        return None;
    }
    let inst = o.downcast::<Instance>()?;
    if !cd.has_dict {
        return None;
    }
    // A new attribute goes at the end: where the next instance made the
    // same way (`__init__`) will have it too.
    let index = inst.own_index(text).unwrap_or_else(|| inst.own_len());
    Some((version, u32::try_from(index).ok()?))
}

/// LOAD_METHOD on an instance of a Python class whose MRO holds a function
/// of that name that the instance dict does not shadow:
/// LOAD_METHOD_INSTANCE, guarded by the class's version tag.
fn instance_method(code: &Code, arg: u32, obj: &Value, cache: &[Cell<Instr>]) -> Option<Op> {
    let (version, pos, index) = instance_method_entry(code, arg, obj)?;
    set_unit(cache, layout::CLASS_VERSION, version);
    set_unit(cache, layout::METHOD_MRO_POS, pos);
    set_unit(cache, layout::METHOD_DICT_INDEX, index);
    for i in 0..layout::MORE_VERSION_COUNT {
        set_unit(cache, layout::MORE_METHODS + 2 * i, 0);
    }
    Some(Op::LoadMethodInstance)
}

/// The class's version tag, and the MRO position and dict index of the
/// function, that [`instance_method`] caches for `obj`, if it fits.
fn instance_method_entry(code: &Code, arg: u32, obj: &Value) -> Option<(u32, u32, u32)> {
    let o = obj.as_obj()?;
    let cd = o.ty().heap_data::<ClassData>()?;
    let version = cd.version_tag();
    let name = code.names.get(arg as usize)?;
    if version == 0 || class::lookup(o.ty(), "__getattribute__").is_some() {
        return None;
    }
    let key = DictKey::from_str_obj(name);
    if o.downcast::<Instance>()?
        .own_index(code.name_str(arg))
        .is_some()
    {
        return None;
    }
    // The form's hit reads no instance values: it trusts that none is
    // named like the method, which holds while the name is no shared key
    // (a shared key that would shadow a class attribute moves the class's
    // version tag: `Instance::store_value`).
    let shared = cd.shared_keys.try_borrow().ok()?;
    if shared.iter().any(|k| class::str_same(k, name)) {
        return None;
    }
    drop(shared);
    let own = std::iter::once(cd);
    let bases = cd.mro_tail.iter().map(class::class_data);
    for (pos, c) in own.map(Some).chain(bases).enumerate() {
        // A static base (`object`) has no dict of functions here.
        let c = c?;
        if let Some((index, v)) = c.dict().and_then(|d| d.get_full(&key)) {
            if v.kind() != Kind::FUNCTION {
                return None;
            }
            return Some((
                version,
                u32::try_from(pos).ok()?,
                u32::try_from(index).ok()?,
            ));
        }
    }
    None
}

/// The MRO position and dict index the LOAD_METHOD_INSTANCE at `pc`
/// caches for a class of version tag `v`, if it has that class.
#[inline(always)]
pub fn cached_method_entry(units: &[Cell<Instr>], pc: usize, v: u32) -> Option<(usize, usize)> {
    let c = units
        .get(pc + 1..pc + 1 + Op::LoadMethod.cache_units())?
        .try_into()
        .ok()?;
    method_entry_in(c, v)
}

/// [`cached_method_entry`] on the cache units of the instruction.
#[inline(always)]
pub fn method_entry_in(
    c: &[Cell<Instr>; Op::LoadMethod.cache_units()],
    v: u32,
) -> Option<(usize, usize)> {
    const _: () = assert!(
        layout::MORE_METHODS + 2 * layout::MORE_VERSION_COUNT <= Op::LoadMethod.cache_units()
    );
    let unit = |i: usize| c[i].get().arg;
    if v == 0 {
        return None;
    }
    if unit(layout::CLASS_VERSION) == v {
        return Some((
            unit(layout::METHOD_MRO_POS) as usize,
            unit(layout::METHOD_DICT_INDEX) as usize,
        ));
    }
    (0..layout::MORE_VERSION_COUNT).find_map(|i| {
        let at = layout::MORE_METHODS + 2 * i;
        if unit(at) != v {
            return None;
        }
        let packed = unit(at + 1);
        Some(((packed >> 24) as usize, (packed & 0x00ff_ffff) as usize))
    })
}

/// After a "class changed" guard miss of the LOAD_METHOD_INSTANCE at `pc`:
/// if `obj`'s class fits the form too, adds its version tag and where its
/// function is to the cache (as [`add_class_version`] does for attributes).
pub fn add_method_version(vm: &mut Vm, code: &Code, pc: usize, obj: &Value) -> bool {
    let Some(ins) = code.units.get(pc).map(Cell::get) else {
        return false;
    };
    let Some(cache) = code.units.get(pc + 1..pc + 1 + ins.cache as usize) else {
        return false;
    };
    if ins.op != Op::LoadMethodInstance {
        return false;
    }
    let Some((version, pos, index)) = instance_method_entry(code, ins.arg, obj) else {
        return false;
    };
    if pos > 0xff || index > 0x00ff_ffff {
        return false;
    }
    let cached = |i: usize| cache.get(i).map(|c| c.get().arg);
    let free =
        (0..layout::MORE_VERSION_COUNT).find(|i| cached(layout::MORE_METHODS + 2 * i) == Some(0));
    let slot = free.unwrap_or(version as usize % layout::MORE_VERSION_COUNT);
    set_unit(cache, layout::MORE_METHODS + 2 * slot, version);
    set_unit(
        cache,
        layout::MORE_METHODS + 2 * slot + 1,
        pos << 24 | index,
    );
    if let Some(s) = vm.stats.as_deref_mut() {
        s.count(Op::LoadMethod, Counter::SpecializeOk);
    }
    true
}

fn specialize_load_method(
    vm: &mut Vm,
    code: &Code,
    arg: u32,
    obj: &Value,
    cache: &[Cell<Instr>],
) -> Option<Op> {
    let kind = obj.kind();
    if kind == Kind::MODULE {
        return module_attr(code, arg, obj, cache).map(|()| Op::LoadMethodModule);
    }
    if kind == Kind::INSTANCE {
        return instance_method(code, arg, obj, cache);
    }
    if let Value::Obj(o) = obj
        && kind == Kind::FOREIGN
    {
        let capi = crate::ext::capi()?;
        let name = code.names.get(arg as usize)?;
        let method = capi.load_method(o, name)?;
        let ix = crate::ext::remember_method(&mut vm.ext_methods, o, method)?;
        set_unit(cache, layout::EXT_METHOD, ix);
        return Some(Op::LoadMethodExt);
    }
    // A class deriving from a built-in type may override its methods.
    if matches!(obj, Value::Obj(o) if o.ty().is_heap_type()) {
        return None;
    }
    let (idx, _) = methods::find(kind, code.name_str(arg))?;
    set_unit(cache, layout::METHOD_KIND, kind + 1);
    set_unit(cache, layout::METHOD_INDEX, u32::try_from(idx).ok()?);
    Some(Op::LoadMethodType)
}

fn specialize_binary_op(arg: u32, a: &Value, b: &Value) -> Option<Op> {
    let op = BinOp::from_arg(arg);
    match (a, b) {
        (Value::Int(_), Value::Int(_)) => Some(match op {
            BinOp::Add => Op::BinaryOpAddInt,
            BinOp::Sub => Op::BinaryOpSubInt,
            BinOp::Mul => Op::BinaryOpMulInt,
            BinOp::Mod => Op::BinaryOpModInt,
            BinOp::FloorDiv => Op::BinaryOpFloorDivInt,
            BinOp::TrueDiv
            | BinOp::And
            | BinOp::Or
            | BinOp::Xor
            | BinOp::LShift
            | BinOp::RShift => Op::BinaryOpInt,
            BinOp::Pow | BinOp::MatMul => return None,
        }),
        (Value::Float(_), Value::Float(_)) => Some(match op {
            BinOp::Add => Op::BinaryOpAddFloat,
            BinOp::Sub => Op::BinaryOpSubFloat,
            BinOp::Mul => Op::BinaryOpMulFloat,
            BinOp::TrueDiv => Op::BinaryOpTrueDivFloat,
            BinOp::FloorDiv | BinOp::Mod | BinOp::Pow => Op::BinaryOpFloat,
            _ => return None,
        }),
        (Value::Int(_), Value::Float(_)) | (Value::Float(_), Value::Int(_)) => match op {
            BinOp::Add
            | BinOp::Sub
            | BinOp::Mul
            | BinOp::TrueDiv
            | BinOp::FloorDiv
            | BinOp::Mod
            | BinOp::Pow => Some(Op::BinaryOpMixed),
            _ => None,
        },
        (Value::Obj(x), Value::Obj(y))
            if op == BinOp::Add && x.is_type(&types::STR) && y.is_type(&types::STR) =>
        {
            Some(Op::BinaryOpAddStr)
        }
        (Value::Obj(x), _) if arg < 13 && x.kind() == Kind::INSTANCE => {
            binop_fits(op, a, b).then_some(Op::BinaryOpPy)
        }
        _ => None,
    }
}

/// Whether BINARY_OP_PY takes operands of these classes: `b` of `a`'s class
/// or not of a Python class (then, after `NotImplemented`, the rest of the
/// protocol is `crate::dunder::binary_op_after_left` and the built-in
/// rules).
#[inline(always)]
pub fn binop_operands_fit(a: &Value, b: &Value) -> bool {
    std::ptr::eq(a.type_of(), b.type_of()) || !crate::dunder::is_py(b)
}

/// Whether BINARY_OP_PY fits `a <op> b` (see its guards in `crate::eval`):
/// `a`'s method for the operator, called first, is a plain Python function
/// of two arguments, and `b` is of `a`'s class or not of a Python class.
fn binop_fits(op: BinOp, a: &Value, b: &Value) -> bool {
    if !binop_operands_fit(a, b) {
        return false;
    }
    crate::dunder::binary_op_first(op, a, b)
        .as_ref()
        .and_then(|m| m.as_obj())
        .and_then(|m| m.downcast::<Function>())
        .is_some_and(|f| f.code.simple_params() && !f.code.is_generator && f.code.argcount == 2)
}

fn specialize_compare_op(a: &Value, b: &Value, next: Option<Op>) -> Option<Op> {
    let jump = matches!(next, Some(Op::PopJumpIfFalse | Op::PopJumpIfTrue));
    let (fused, plain) = match (a, b) {
        (Value::Int(_), Value::Int(_)) => (Op::CompareOpIntJump, Op::CompareOpInt),
        (Value::Float(_), Value::Float(_)) => (Op::CompareOpFloatJump, Op::CompareOpFloat),
        (Value::Obj(x), Value::Obj(y)) if x.is_type(&types::STR) && y.is_type(&types::STR) => {
            (Op::CompareOpStrJump, Op::CompareOpStr)
        }
        _ => return None,
    };
    Some(if jump { fused } else { plain })
}

/// The kind of `v` if its type is a built-in type, not a class deriving
/// from one (whose instances share the kind but may override the
/// behaviour a quickened form assumes): `Kind::INSTANCE` for those.
fn exact_kind(v: &Value) -> u32 {
    match v {
        Value::Obj(o) if o.ty().is_heap_type() => Kind::INSTANCE,
        _ => v.kind(),
    }
}

fn specialize_subscr(c: &Value, k: &Value) -> Option<Op> {
    match (exact_kind(c), k) {
        (Kind::LIST, Value::Int(_)) => Some(Op::BinarySubscrListInt),
        (Kind::TUPLE, Value::Int(_)) => Some(Op::BinarySubscrTupleInt),
        (Kind::DICT, _) => Some(Op::BinarySubscrDict),
        (Kind::FOREIGN, _) if crate::ext::capi().is_some() => Some(Op::BinarySubscrExt),
        _ => None,
    }
}

fn specialize_for_iter(it: &Value) -> Option<Op> {
    if it.kind() == Kind::GENERATOR {
        return Some(Op::ForIterGen);
    }
    let list = match it.as_obj() {
        Some(io) if io.is_type(&types::RANGE_ITER) => return Some(Op::ForIterRange),
        Some(io) if io.is_type(&types::LIST_ITER) => io.downcast::<IterObj>().and_then(|i| {
            i.state
                .try_borrow()
                .ok()
                .map(|s| matches!(&*s, IterState::List { .. }))
        }),
        _ => Some(false),
    };
    match list {
        Some(true) => Some(Op::ForIterList),
        Some(false) => Some(Op::ForIterNext),
        None => None,
    }
}

/// Whether FOR_ITER_NEXT takes iterator `it`: one that no other form of
/// the family does (a site that sees those misses and is specialized
/// again).
#[inline(always)]
pub fn for_iter_next_fits(it: &Value) -> bool {
    match it {
        Value::Obj(o) => {
            o.kind() != Kind::GENERATOR
                && !o.is_type(&types::RANGE_ITER)
                && !o.is_type(&types::LIST_ITER)
        }
        _ => true,
    }
}

fn specialize_unpack(arg: u32, v: &Value) -> Option<Op> {
    let n = arg as usize;
    match exact_kind(v) {
        Kind::TUPLE => {
            let t = v.downcast::<crate::object::TupleObj>()?;
            match t.items.len() {
                2 if n == 2 => Some(Op::UnpackSequenceTwoTuple),
                len if len == n => Some(Op::UnpackSequenceTuple),
                _ => None,
            }
        }
        Kind::LIST => {
            let l = v.downcast::<crate::object::ListObj>()?;
            let len = l.items.try_borrow().ok()?.len();
            (len == n).then_some(Op::UnpackSequenceList)
        }
        _ => None,
    }
}

/// Picks the form of a call of `callee` with `nargs` positional arguments
/// (and no receiver: for CALL_METHOD, `method` says LOAD_METHOD left
/// none). This is the one place that decides CALL specializations; a new
/// form (for example the C API's NOARGS/O/FASTCALL/typed calls of
/// `Kind::EXT_FUNCTION` callees) is one more arm here plus its execution
/// in `crate::eval`.
fn specialize_call(
    vm: &Vm,
    callee: &Value,
    nargs: usize,
    method: bool,
    cache: &[Cell<Instr>],
) -> Option<Op> {
    let o = callee.as_obj()?;
    match o.kind() {
        Kind::FUNCTION => {
            let f = o.downcast::<Function>()?;
            set_unit(cache, layout::CALL_CALLEE, f.version);
            let code = &f.code;
            let argc = code.argcount as usize;
            if !code.simple_params() {
                return None;
            }
            if nargs == argc {
                return Some(if method {
                    Op::CallMethodPyExactArgs
                } else {
                    Op::CallPyExactArgs
                });
            }
            let first_default = argc.saturating_sub(f.defaults.len());
            (!method && nargs < argc && nargs >= first_default).then_some(Op::CallPyWithDefaults)
        }
        // C functions, through the C API, which knows their conventions.
        Kind::EXT_FUNCTION => {
            let shape = crate::ext::capi()?.call_shape(vm, o, nargs)?;
            Some(ext_call_form(shape, method))
        }
        // A module's Rust function (`math.sqrt(x)`: LOAD_METHOD found no
        // receiver).
        Kind::BUILTIN if method => {
            let b = o.downcast::<Builtin>()?;
            b.bound.is_none().then_some(Op::CallMethodBuiltin)
        }
        _ if method => None,
        Kind::BUILTIN => {
            let b = o.downcast::<Builtin>()?;
            // `sum()` stays a generic call, which runs a generator it is
            // given in the caller's run (`crate::generator::start_sum`).
            if b.bound.is_some()
                || std::ptr::fn_addr_eq(b.func, builtins::b_sum as crate::object::NativeFn)
            {
                return None;
            }
            Some(
                if std::ptr::fn_addr_eq(b.func, builtins::b_len as crate::object::NativeFn)
                    && nargs == 1
                {
                    Op::CallBuiltinLen
                } else if std::ptr::fn_addr_eq(
                    b.func,
                    builtins::b_isinstance as crate::object::NativeFn,
                ) && nargs == 2
                {
                    Op::CallBuiltinIsinstance
                } else {
                    Op::CallBuiltin
                },
            )
        }
        // Built-in types called as constructors (types defined in C are
        // called generically).
        Kind::TYPE if !crate::ext::is_foreign_type(o) => {
            if let Some(version) = init_fits(o, nargs) {
                set_unit(cache, layout::CALL_CALLEE, version);
                return Some(Op::CallPyInit);
            }
            Some(if is_static_type(o, &types::STR) && nargs == 1 {
                Op::CallStr1
            } else {
                Op::CallType
            })
        }
        _ => None,
    }
}

/// The version tag of the Python class `cls` if CALL_PY_INIT fits a call of
/// it with `nargs` positional arguments: not an exception class nor one
/// deriving from a C type (whose instances C makes), no `__new__` of its
/// own, and an `__init__` that is a plain Python function (no `*args`, not
/// a generator) taking the instance and `nargs` more.
fn init_fits(cls: &ObjRef, nargs: usize) -> Option<u32> {
    let t = cls.as_type()?;
    // Only classes whose instances are `Instance`s (not exceptions, nor
    // classes deriving from a C or built-in type).
    if t.kind() != Kind::INSTANCE {
        return None;
    }
    let cd = t.heap_data::<ClassData>()?;
    let version = cd.version_tag();
    // An abstract class's call raises (`classes::abstract_instantiation`).
    if version == 0
        || cd.abc.get() & class::abc::ABSTRACT != 0
        || cd.meta.borrow().is_some()
        || class::lookup_static(t, "__new__").is_some()
    {
        return None;
    }
    let init = class::lookup_static(t, "__init__")?;
    let f = init.as_obj()?.downcast::<Function>()?;
    let fits =
        f.code.simple_params() && !f.code.is_generator && f.code.argcount as usize == nargs + 1;
    fits.then_some(version)
}

/// The CALL (or CALL_METHOD) form for a C call of shape `shape`.
pub fn ext_call_form(shape: ExtCall, method: bool) -> Op {
    match (shape, method) {
        (ExtCall::NoArgs, false) => Op::CallExtNoArgs,
        (ExtCall::O, false) => Op::CallExtO,
        (ExtCall::Fast, false) => Op::CallExtFast,
        (ExtCall::VarArgs, false) => Op::CallExtVarArgs,
        (ExtCall::Typed, false) => Op::CallExtTyped,
        (ExtCall::NoArgs, true) => Op::CallMethodExtNoArgs,
        (ExtCall::O, true) => Op::CallMethodExtO,
        (ExtCall::Fast, true) => Op::CallMethodExtFast,
        (ExtCall::VarArgs, true) => Op::CallMethodExtVarArgs,
        (ExtCall::Typed, true) => Op::CallMethodExtTyped,
    }
}

/// The shape of a C-call form (the inverse of [`ext_call_form`]).
pub fn ext_call_shape(op: Op) -> Option<ExtCall> {
    Some(match op {
        Op::CallExtNoArgs | Op::CallMethodExtNoArgs => ExtCall::NoArgs,
        Op::CallExtO | Op::CallMethodExtO => ExtCall::O,
        Op::CallExtFast | Op::CallMethodExtFast => ExtCall::Fast,
        Op::CallExtVarArgs | Op::CallMethodExtVarArgs => ExtCall::VarArgs,
        Op::CallExtTyped | Op::CallMethodExtTyped => ExtCall::Typed,
        _ => return None,
    })
}

/// Picks the form of a call of a method found by LOAD_METHOD on `recv`.
fn specialize_method_call(
    vm: &Vm,
    meth: &Value,
    recv: &Value,
    nargs: usize,
    cache: &[Cell<Instr>],
) -> Option<Op> {
    if let Some(f) = meth
        .as_obj()
        .filter(|o| o.kind() == Kind::FUNCTION)
        .and_then(|o| o.downcast::<Function>())
    {
        // A Python class's method (LOAD_METHOD_INSTANCE): the receiver is
        // its first argument, already in place.
        set_unit(cache, layout::CALL_CALLEE, f.version);
        let exact = f.code.simple_params() && f.code.argcount as usize == nargs + 1;
        return exact.then_some(Op::CallMethodPyExactArgs);
    }
    if let Value::Obj(d) = meth
        && d.kind() == Kind::EXT_DESCRIPTOR
    {
        // A C type's method: the receiver is its first argument.
        let shape = crate::ext::capi()?.call_shape(vm, d, nargs + 1)?;
        return Some(ext_call_form(shape, true));
    }
    let b = meth
        .as_obj()
        .filter(|o| o.kind() == Kind::BUILTIN)?
        .downcast::<Builtin>()?;
    if b.bound.is_some() {
        return None;
    }
    if std::ptr::fn_addr_eq(b.func, methods::list_append as crate::object::NativeFn)
        && recv.kind() == Kind::LIST
        && nargs == 1
    {
        return Some(Op::CallMethodListAppend);
    }
    Some(Op::CallMethodBuiltin)
}
