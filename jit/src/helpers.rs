//! Runtime helpers: Rust functions compiled code calls (imported symbols,
//! see [`crate::lower::HelperFn`]). They run on the interpreter's values
//! through raw pointers into the frame, so each is `unsafe` with the
//! contract compiled code keeps: slot pointers point into the live frame
//! compiled code was given, object pointers are live objects.

use crate::hir::Generic;
use interp::bytecode::{BinOp, Code};
use interp::object::{DictKey, DictObj, ObjRef, RangeIterObj};
use interp::{PyResult, Value, Vm, ops};

/// What compiled code passes to helpers that need the interpreter.
#[repr(C)]
pub struct Ctx {
    /// The running interpreter.
    pub vm: *mut Vm,
    /// The frame's globals dict.
    pub globals: *const ObjRef,
    /// The frame's first local slot.
    pub slots: *mut Value,
    /// How many slots follow it: the frame's, then free room that a
    /// Python function called from the code makes its frame in.
    pub len: usize,
    /// The exit buffer: an exit stores the raw bits of its values here,
    /// one word each, for [`crate::deopt::Exit::apply`].
    pub exit_vals: *mut u64,
    /// `abi::pending::PENDING`, the pending-events word every loop's
    /// back-edge reads (loaded once on entry, so that a loop keeps the
    /// address in a register).
    pub pending: *const u32,
    /// An exception a helper raised (compiled code then leaves with
    /// "raised" set).
    pub error: Option<interp::PyErr>,
    /// This thread's C API exception, as a word that is 0 while none is
    /// pending (`capi::error_word_ptr`): read after a C call returned
    /// `None`, whose result then needs no helper.
    pub c_error: *const usize,
    /// This thread's cycle-collection budget (`abi::gc_budget_ptr`): a
    /// direct call collects when it is used up, as an interpreted call
    /// does.
    pub gc_budget: *const isize,
    /// The lowest machine-stack address a direct call may start from
    /// (`Vm::native_stack_floor`): below it the interpreter makes the call
    /// (its calls of Python functions use no machine stack).
    pub stack_floor: usize,
}

/// A cache cell owned by compiled code. A dict-entry guard's is `[keys
/// version, entry index, dict version]`: the helpers look the name up
/// again when the keys version changed, and record the dict's version
/// after each successful check; compiled code skips the helper while the
/// dict is still at that version ([`GUARD_CELL_VERSION`]). A C slot
/// site's is `[type, slot function, kind]` (`len_fill`); a BINARY_OP_PY
/// site's is laid out by [`binop_cell`].
pub type GuardCell = [u64; 6];

/// The words of a BINARY_OP_PY site's cell ([`binop_target`]): the left
/// operand's class and its version tag when the method was found, and
/// what a direct call of the method needs (see `hir::DirectCall`). The
/// method is borrowed: the class holds it while its tag is unchanged
/// (tags are never reused), and the cell is used only then.
pub mod binop_cell {
    /// The class's address.
    pub const A_TYPE: usize = 0;
    /// Its version tag.
    pub const A_VERSION: usize = 1;
    /// The method (a function object).
    pub const FUNC: usize = 2;
    /// The address of its code's `jit_direct` cell.
    pub const RECORD_CELL: usize = 3;
    /// The slots its frame needs.
    pub const FRAME_LEN: usize = 4;
    /// The address of its globals (in the function object).
    pub const GLOBALS: usize = 5;
}

/// The byte offset of a guard cell's dict version.
pub const GUARD_CELL_VERSION: i32 = 2 * std::mem::size_of::<u64>() as i32;

/// A new guard cell for keys version `keys` and entry `index`; its dict
/// version is none yet, so the first check runs the helper.
pub fn guard_cell(keys: u64, index: u64) -> Box<GuardCell> {
    Box::new([keys, index, u64::MAX, 0, 0, 0])
}

/// A borrowed object pointer as an `ObjRef` reference, without touching
/// its count.
///
/// # Safety
/// `p` must point to a live object.
unsafe fn borrowed(p: *mut abi::ObjHeader) -> Option<std::mem::ManuallyDrop<ObjRef>> {
    // SAFETY: `from_raw` adopts no count change; ManuallyDrop keeps the
    // count unchanged when the reference goes away (caller: `p` is live).
    unsafe { ObjRef::from_raw(p) }.map(std::mem::ManuallyDrop::new)
}

/// Stores a new reference to `obj` into a local slot.
///
/// # Safety
/// `slot` is a local slot of the running frame; `obj` is live.
pub unsafe extern "C" fn store_local_obj(slot: *mut Value, obj: *mut abi::ObjHeader) {
    // SAFETY: the slot is a valid, initialized Value of the frame; `obj`
    // is live, so a new reference can be made from it.
    unsafe {
        if let (Some(s), Some(o)) = (slot.as_mut(), ObjRef::from_borrowed(obj)) {
            *s = Value::Obj(o);
        }
    }
}

fn number(tag: u64, bits: u64) -> Value {
    match tag {
        crate::layout::TAG_INT => Value::Int(bits as i64),
        crate::layout::TAG_FLOAT => Value::Float(f64::from_bits(bits)),
        crate::layout::TAG_BOOL => Value::Bool(bits & 1 != 0),
        _ => Value::None,
    }
}

/// Writes a number into a local slot, releasing what it held.
///
/// # Safety
/// `slot` is a local slot of the running frame.
pub unsafe extern "C" fn set_local(slot: *mut Value, tag: u64, bits: u64) {
    // SAFETY: the slot is a valid, initialized Value of the frame.
    unsafe {
        if let Some(s) = slot.as_mut() {
            *s = number(tag, bits);
        }
    }
}

/// Releases the objects of a returning frame's `n` locals from `first`
/// (each left `None`).
///
/// # Safety
/// `first` is the frame's first local slot, and it has `n`.
pub unsafe extern "C" fn release_locals(first: *mut Value, n: u64) {
    // SAFETY: the frame's locals are valid, initialized Values that
    // compiled code does not touch until this returns.
    unsafe {
        if first.is_null() {
            return;
        }
        let locals = std::slice::from_raw_parts_mut(first, n as usize);
        for v in locals {
            if matches!(v, Value::Obj(_)) {
                drop(std::mem::replace(v, Value::None));
            }
        }
    }
}

/// Writes a new reference to `obj` into a dead operand-stack slot.
///
/// # Safety
/// `slot` is in the frame's operand-stack area (initialized, owning
/// nothing); `obj` is live.
pub unsafe extern "C" fn put_obj(slot: *mut Value, obj: *mut abi::ObjHeader) {
    // SAFETY: as for `store_local_obj` (a dead slot holds None or a stale
    // number, whose drop does nothing).
    unsafe { store_local_obj(slot, obj) }
}

/// Writes a copy of the value in `src` (a local slot) into a dead
/// operand-stack slot.
///
/// # Safety
/// Both point into the running frame.
pub unsafe extern "C" fn put_copy(slot: *mut Value, src: *const Value) {
    // SAFETY: both are valid Values of the frame, distinct slots.
    unsafe {
        if let (Some(d), Some(s)) = (slot.as_mut(), src.as_ref()) {
            *d = s.clone();
        }
    }
}

/// Writes LOAD_METHOD's NULL marker into a dead operand-stack slot.
///
/// # Safety
/// `slot` is in the frame's operand-stack area.
pub unsafe extern "C" fn put_null(slot: *mut Value) {
    // SAFETY: as for `put_obj`.
    unsafe {
        if let Some(d) = slot.as_mut() {
            *d = Value::Obj(ObjRef::from_static(&interp::vm::NULL_MARKER));
        }
    }
}

/// Makes the list in an operand-stack slot a `list_iterator` at `idx`
/// over it (the slot's reference moves into the iterator).
///
/// # Safety
/// `slot` is in the frame's operand-stack area.
pub unsafe extern "C" fn put_list_iter(slot: *mut Value, idx: i64) {
    // SAFETY: as for `put_obj`.
    unsafe {
        if let Some(d) = slot.as_mut() {
            let list = std::mem::replace(d, Value::None);
            *d = crate::deopt::list_iter(list, idx as usize);
        }
    }
}

/// Writes a `range_iterator` at `cur`, ending before `stop`, into a dead
/// operand-stack slot.
///
/// # Safety
/// `slot` is in the frame's operand-stack area.
pub unsafe extern "C" fn put_range_iter(slot: *mut Value, cur: i64, stop: i64) {
    // SAFETY: as for `put_obj`.
    unsafe {
        if let Some(d) = slot.as_mut() {
            let left = stop.saturating_sub(cur).max(0);
            *d = Value::Obj(RangeIterObj::new_obj(cur, 1, left));
        }
    }
}

/// Whether C code set an exception.
pub extern "C" fn err_occurred() -> u8 {
    capi::error_pending() as u8
}

/// Runs one instruction the compiled code does not do itself on the
/// operand-stack slots from `slot` (see [`Generic`]). Returns 0 when it
/// raised (the exception is in the context), leaving the slots as they
/// were.
///
/// # Safety
/// `ctx` is the compiled call's context; `slot` points at the operand
/// stack entry `base` of the running frame, with the instruction's
/// operands in it and room for its result.
pub unsafe extern "C" fn generic(ctx: *mut Ctx, which: u32, slot: *mut Value, arg: u32) -> u8 {
    // SAFETY: see the contract above; the slots are distinct, valid
    // Values of the running frame, and the VM is not otherwise borrowed
    // while compiled code runs.
    unsafe {
        let Some(ctx) = ctx.as_mut() else { return 0 };
        let Some(vm) = ctx.vm.as_mut() else { return 0 };
        let at = |i: usize| &mut *slot.add(i);
        let r: PyResult<()> = match Generic::ALL.get(which as usize) {
            Some(Generic::Binary) => binary(vm, arg, at(0), at(1)),
            Some(Generic::InplaceAddLocal) => {
                let (binop, local) = (arg & 0xff, (arg >> 8) as usize);
                // The local slots precede the operand stack (see
                // `StoreLocal` below).
                let appended = match ctx.slots.add(local).as_mut() {
                    Some(l) => {
                        let done = interp::eval::str_append_in_local(l, at(0), at(1));
                        if done {
                            // The STORE_FAST after it moves the result into
                            // the local, releasing the local's reference.
                            *at(0) = l.clone();
                            *at(1) = Value::None;
                        }
                        done
                    }
                    None => false,
                };
                if appended {
                    Ok(())
                } else {
                    binary(vm, binop, at(0), at(1))
                }
            }
            Some(Generic::BuildSlice) => {
                let step = if arg == 3 {
                    std::mem::replace(at(2), Value::None)
                } else {
                    Value::None
                };
                let stop = std::mem::replace(at(1), Value::None);
                let start = std::mem::replace(at(0), Value::None);
                *at(0) = Value::Obj(interp::object::SliceObj::new_obj(start, stop, step));
                Ok(())
            }
            Some(Generic::BuildTuple) => {
                let items: Vec<Value> = (0..arg as usize)
                    .map(|i| std::mem::replace(at(i), Value::None))
                    .collect();
                *at(0) = Value::tuple(items);
                Ok(())
            }
            Some(Generic::Unpack) => {
                let n = arg as usize;
                let v = std::mem::replace(at(0), Value::None);
                // A tuple or list of exactly `n` items: copied straight
                // into the slots (what the interpreter's quickened forms
                // do); anything else through the general unpacking.
                if let Value::Obj(o) = &v {
                    let tuple = o
                        .downcast::<interp::object::TupleObj>()
                        .filter(|_| o.is_type(&interp::object::types::TUPLE));
                    if let Some(t) = tuple
                        && t.items.len() == n
                    {
                        for (i, x) in t.items.iter().rev().enumerate() {
                            *at(i) = x.clone();
                        }
                        return 1;
                    }
                    let list = o
                        .downcast::<interp::object::ListObj>()
                        .filter(|_| o.is_type(&interp::object::types::LIST))
                        .and_then(|l| l.items.try_borrow().ok());
                    if let Some(items) = list
                        && items.len() == n
                    {
                        for (i, x) in items.iter().rev().enumerate() {
                            *at(i) = x.clone();
                        }
                        return 1;
                    }
                }
                match interp::eval::unpack_items(vm, &v, n) {
                    Ok(items) => {
                        for (i, x) in items.into_iter().rev().enumerate() {
                            *at(i) = x;
                        }
                        Ok(())
                    }
                    Err(e) => {
                        // The slot as it was: the interpreter raises at
                        // the instruction.
                        *at(0) = v;
                        Err(e)
                    }
                }
            }
            Some(Generic::MakeFunction) => match ctx.globals.as_ref() {
                Some(g) => interp::eval::make_plain_function(vm, at(0), g).map(|f| *at(0) = f),
                None => Err(interp::PyErr::runtime_error("no globals")),
            },
            Some(Generic::UnpackEx) => {
                let v = at(0).clone();
                interp::eval::unpack_ex_items(vm, &v, arg).map(|pushed| {
                    for (i, x) in pushed.into_iter().enumerate() {
                        *at(i) = x;
                    }
                })
            }
            Some(Generic::CallInSlots) => {
                let n = arg as usize;
                let callee = at(0).clone();
                let args: Vec<Value> = (1..=n).map(|i| at(i).clone()).collect();
                vm.call(&callee, &args).map(|r| {
                    for i in 1..=n {
                        *at(i) = Value::None;
                    }
                    *at(0) = r;
                })
            }
            Some(Generic::BeforeWith) => {
                let mgr = at(0).clone();
                interp::eval::before_with(vm, &mgr).map(|(exit, entered)| {
                    *at(0) = exit;
                    *at(1) = entered;
                })
            }
            Some(Generic::BuildMap) => {
                let items: Vec<Value> = (0..2 * arg as usize).map(|i| at(i).clone()).collect();
                interp::eval::build_display_dict(vm, items).map(|d| {
                    for i in 0..2 * arg as usize {
                        *at(i) = Value::None;
                    }
                    *at(0) = d;
                })
            }
            Some(Generic::DeleteSubscr) => {
                let (c, k) = (at(0).clone(), at(1).clone());
                ops::delitem(vm, &c, &k).map(|()| {
                    *at(0) = Value::None;
                    *at(1) = Value::None;
                })
            }
            Some(Generic::BuildList) => {
                let items: Vec<Value> = (0..arg as usize)
                    .map(|i| std::mem::replace(at(i), Value::None))
                    .collect();
                *at(0) = Value::list(items);
                Ok(())
            }
            Some(Generic::Subscr)
                if let Value::Int(i) = *at(1)
                    && let Some(v) = tuple_item(at(0), i) =>
            {
                *at(0) = v;
                *at(1) = Value::None;
                Ok(())
            }
            Some(Generic::Subscr) => {
                let (c, k) = (at(0).clone(), at(1).clone());
                ops::getitem(vm, &c, &k).map(|v| {
                    *at(0) = v;
                    *at(1) = Value::None;
                })
            }
            Some(Generic::StoreSubscr) => {
                let (v, c, k) = (at(0).clone(), at(1).clone(), at(2).clone());
                ops::setitem(vm, &c, &k, v).map(|()| {
                    for i in 0..3 {
                        *at(i) = Value::None;
                    }
                })
            }
            Some(Generic::GetIter) => {
                let v = at(0).clone();
                ops::get_iter(vm, &v).map(|it| *at(0) = it)
            }
            Some(Generic::Drop) => {
                *at(0) = Value::None;
                Ok(())
            }
            Some(Generic::Is) => {
                let same = at(0).is(at(1)) != (arg == 1);
                *at(0) = Value::Bool(same);
                *at(1) = Value::None;
                Ok(())
            }
            Some(Generic::AppendBelow) => {
                let list = match slot.sub(arg as usize).as_ref() {
                    Some(Value::Obj(l)) => Some(l.clone()),
                    _ => None,
                };
                match list {
                    Some(l) => interp::methods::append_to_list(&l, at(0).clone())
                        .map(|()| *at(0) = Value::None),
                    None => Err(interp::PyErr::new(
                        &interp::object::types::SYSTEM_ERROR,
                        "append to a non-list",
                    )),
                }
            }
            Some(Generic::ListAppend) => {
                let v = std::mem::replace(at(1), Value::None);
                match std::mem::replace(at(0), Value::None) {
                    Value::Obj(l) => interp::methods::append_to_list(&l, v),
                    _ => Err(interp::PyErr::new(
                        &interp::object::types::SYSTEM_ERROR,
                        "append to a non-list",
                    )),
                }
            }
            Some(Generic::SetKey) => {
                let key = std::mem::replace(at(1), Value::None);
                let set = std::mem::replace(at(0), Value::None);
                match (
                    set.downcast::<interp::object::SetObj>(),
                    interp::sets::KeyMethod::ALL.get(arg as usize),
                ) {
                    (Some(so), Some(&m)) => interp::sets::key_method(vm, so, &key, m),
                    _ => Err(interp::PyErr::new(
                        &interp::object::types::SYSTEM_ERROR,
                        "set method on a non-set",
                    )),
                }
            }
            Some(Generic::Str) => {
                let v = std::mem::replace(at(arg as usize), Value::None);
                ops::to_str_value(vm, &v).map(|s| *at(0) = s)
            }
            Some(Generic::StoreLocal) => {
                let v = std::mem::replace(at(0), Value::None);
                // The local slots precede the operand stack: `arg` is a
                // local's index, the frame's slots start at ctx.slots.
                match ctx.slots.add(arg as usize).as_mut() {
                    Some(l) => *l = v,
                    None => drop(v),
                }
                Ok(())
            }
            None => Ok(()),
        };
        match r {
            Ok(()) => 1,
            Err(e) => {
                ctx.error = Some(e);
                0
            }
        }
    }
}

/// BINARY_OP `arg` on `a` and `b`: the result replaces `a`, `b` ends up
/// None; on an error both are left as they were.
fn binary(vm: &mut interp::vm::Vm, arg: u32, a: &mut Value, b: &mut Value) -> PyResult<()> {
    let op = BinOp::from_arg(arg);
    let (x, y) = (a.clone(), b.clone());
    // `ops::inplace_op` asks a class's `__iadd__` and friends first (also
    // of a class deriving from `list`), then extends a list in place.
    let r = if arg >= 13 {
        ops::inplace_op(vm, op, &x, &y)
    } else {
        ops::binary_op(vm, op, &x, &y)
    };
    r.map(|v| {
        *a = v;
        *b = Value::None;
    })
}

/// FOR_ITER on the iterator in `slot`: 1 with the next value in the slot
/// above, 2 when exhausted (the iterator released), 0 when it raised.
///
/// # Safety
/// As for [`generic`], with room for one value above `slot`.
pub unsafe extern "C" fn for_iter(ctx: *mut Ctx, slot: *mut Value) -> u8 {
    // SAFETY: as for `generic`.
    unsafe {
        let Some(ctx) = ctx.as_mut() else { return 0 };
        let Some(vm) = ctx.vm.as_mut() else { return 0 };
        // A list iterator with an item left: the item, without the
        // generic dispatch (the end and every other iterator take it).
        if let Value::Obj(o) = &*slot
            && o.is_type(&interp::object::types::LIST_ITER)
            && let Some(Ok(mut s)) = o
                .downcast::<interp::object::IterObj>()
                .map(|io| io.state.try_borrow_mut())
            && let interp::object::IterState::List { list, idx } = &mut *s
            && let Some(v) = list
                .downcast::<interp::object::ListObj>()
                .and_then(|l| l.items.try_borrow().ok())
                .and_then(|items| items.get(*idx).cloned())
        {
            *idx += 1;
            *slot.add(1) = v;
            return 1;
        }
        let it = (*slot).clone();
        match ops::iter_next(vm, &it) {
            Ok(Some(v)) => {
                *slot.add(1) = v;
                1
            }
            Ok(None) => {
                *slot = Value::None;
                2
            }
            Err(e) => {
                ctx.error = Some(e);
                0
            }
        }
    }
}

/// `a ** b` for floats where CPython's `float.__pow__` is the C library's
/// `pow` with nothing to raise: a positive finite base, a finite exponent
/// and a finite result (an underflow to 0 included, as CPython ignores
/// it). NaN otherwise: the interpreter does the rest.
pub extern "C" fn float_pow(a: f64, b: f64) -> f64 {
    if !(a > 0.0 && a.is_finite() && b.is_finite()) {
        return f64::NAN;
    }
    let r = a.powf(b);
    if r.is_finite() { r } else { f64::NAN }
}

/// CONTAINS_OP on the item in `slot` and the container above it (both
/// left `None`): 2 when the item is in it (`negate`: not in it), 1 when
/// not, 0 when it raised.
///
/// # Safety
/// As for [`generic`], with two values from `slot`.
pub unsafe extern "C" fn contains(ctx: *mut Ctx, slot: *mut Value, negate: u8) -> u8 {
    // SAFETY: as for `generic`.
    unsafe {
        let Some(ctx) = ctx.as_mut() else { return 0 };
        let Some(vm) = ctx.vm.as_mut() else { return 0 };
        // An int or a str in a set: no Python code, no VM.
        let r = match interp::sets::contains_plain(&*slot.add(1), &*slot) {
            Some(r) => Ok(r),
            None => ops::contains(vm, &*slot.add(1), &*slot),
        };
        *slot = Value::None;
        *slot.add(1) = Value::None;
        match r {
            Ok(r) => 1 + u8::from(r != (negate != 0)),
            Err(e) => {
                ctx.error = Some(e);
                0
            }
        }
    }
}

/// Stores the new reference `obj` (a typed C function's result) into the
/// dead operand-stack slot `slot`; 0 when `obj` is NULL (the C function's
/// exception, or a `SystemError` if it set none, is then pending).
///
/// # Safety
/// `ctx` is the compiled call's context; `slot` is in the running frame's
/// operand-stack area; `obj` is NULL or a new reference.
pub unsafe extern "C" fn adopt(
    ctx: *mut Ctx,
    slot: *mut Value,
    obj: *mut abi::ObjHeader,
    callee: *mut abi::ObjHeader,
) -> u8 {
    // SAFETY: see the contract above: the reference is taken over once.
    unsafe {
        match ObjRef::from_raw(obj) {
            Some(o) => {
                if let Some(s) = slot.as_mut() {
                    *s = Value::from_heap(o);
                }
                1
            }
            None => {
                if !capi::error_pending()
                    && let (Some(ctx), Some(f)) = (ctx.as_mut(), borrowed(callee))
                {
                    ctx.error = Some(capi::typed_null_error(&f));
                }
                0
            }
        }
    }
}

/// The NUL-terminated UTF-8 text of the `str` `obj` (cached in the
/// object, so it lives as long as the object), or NULL if `obj` is not a
/// `str` or its text has a NUL inside (the interpreter's call reports it).
///
/// # Safety
/// `obj` is a live object.
pub unsafe extern "C" fn c_str(obj: *mut abi::ObjHeader) -> *const u8 {
    // SAFETY: `obj` is live (contract); the text is owned by the object.
    unsafe {
        let Some(o) = borrowed(obj) else {
            return std::ptr::null();
        };
        match o.downcast::<interp::object::StrObj>() {
            Some(s) => {
                let t = s.utf8_with_nul();
                if t[..t.len() - 1].contains(&0) {
                    std::ptr::null()
                } else {
                    t.as_ptr()
                }
            }
            None => std::ptr::null(),
        }
    }
}

/// `seq[index]` into a dead operand-stack slot; 0 (nothing done) unless
/// `seq` is an exact list or tuple and the index in range (negative ones
/// count from the end), when the interpreter redoes the subscript
/// generically.
///
/// # Safety
/// `seq` is a live object; `slot` is in the running frame's operand
/// stack area.
pub unsafe extern "C" fn seq_get(seq: *mut abi::ObjHeader, index: i64, slot: *mut Value) -> u8 {
    // SAFETY: see the contract above.
    unsafe {
        let (Some(s), Some(out)) = (borrowed(seq), slot.as_mut()) else {
            return 0;
        };
        let item = |items: &[Value]| {
            let n = items.len() as i64;
            let i = if index < 0 { index + n } else { index };
            items.get(usize::try_from(i).unwrap_or(usize::MAX)).cloned()
        };
        let got = if s.is_type(&interp::object::types::TUPLE) {
            s.downcast::<interp::object::TupleObj>()
                .and_then(|t| item(&t.items))
        } else if s.is_type(&interp::object::types::LIST) {
            s.downcast::<interp::object::ListObj>()
                .and_then(|l| item(&l.items.try_borrow().ok()?))
        } else {
            None
        };
        match got {
            Some(v) => {
                *out = v;
                1
            }
            None => 0,
        }
    }
}

/// `list[index] = number`; 0 (nothing done) unless `list` is a list and
/// the index in range.
///
/// # Safety
/// `list` is a live object.
pub unsafe extern "C" fn list_set(
    list: *mut abi::ObjHeader,
    index: i64,
    tag: u64,
    bits: u64,
) -> u8 {
    // SAFETY: see the contract above.
    unsafe { replace_item(list, index, || number(tag, bits)) }
}

/// `list[index] = *slot`: the slot's value moved (`take` nonzero: the
/// slot is left `None`) or copied; 0 (nothing done) unless `list` is a
/// list and the index in range.
///
/// # Safety
/// `list` is a live object; `slot` is a slot of the running frame.
pub unsafe extern "C" fn list_store(
    list: *mut abi::ObjHeader,
    index: i64,
    slot: *mut Value,
    take: u8,
) -> u8 {
    // SAFETY: see the contract above.
    unsafe {
        let Some(src) = slot.as_mut() else { return 0 };
        replace_item(list, index, || {
            if take != 0 {
                std::mem::replace(src, Value::None)
            } else {
                src.clone()
            }
        })
    }
}

/// `list[index] = value()` (negative: from the end): 1, or 0 with nothing
/// done (`value` not called) unless `list` is a list, not in use, and the
/// index in range. The old item is released after the list is let go.
///
/// # Safety
/// `list` is a live object.
unsafe fn replace_item(list: *mut abi::ObjHeader, index: i64, value: impl FnOnce() -> Value) -> u8 {
    // SAFETY: see the contract above.
    let Some(l) = (unsafe { borrowed(list) }) else {
        return 0;
    };
    let Some(mut items) = l
        .downcast::<interp::object::ListObj>()
        .and_then(|l| l.items.try_borrow_mut().ok())
    else {
        return 0;
    };
    let n = items.len() as i64;
    let i = if index < 0 { index + n } else { index };
    match items.get_mut(usize::try_from(i).unwrap_or(usize::MAX)) {
        Some(item) => {
            let old = std::mem::replace(item, value());
            drop(items);
            // The old item may be an object whose release runs code.
            drop(old);
            1
        }
        None => 0,
    }
}

impl crate::hir::EntryGuard {
    /// Whether the guard holds now (see [`crate::hir::EntryGuard`]).
    pub fn holds(&self) -> bool {
        let p = |i: usize| self.args.get(i).copied().unwrap_or(0);
        let ptr = |i: usize| p(i) as usize as *mut abi::ObjHeader;
        let cell = p(1) as usize as *mut GuardCell;
        // SAFETY: the builder made these arguments from objects the
        // compiled code keeps alive (dict, name) and from its own cell,
        // as for the same guard inside compiled code; a missing argument
        // is 0, which the helpers refuse.
        unsafe {
            match self.helper {
                crate::hir::Helper::DictEntryIs => {
                    dict_entry_is(ptr(0), cell, ptr(2), p(3), p(4)) != 0
                }
                crate::hir::Helper::DictLacks => dict_lacks(ptr(0), cell, ptr(2)) != 0,
                // (Never hoisted: their operands are not constants.)
                crate::hir::Helper::StoreLocalObj | crate::hir::Helper::MethodUnshadowed => false,
            }
        }
    }
}

/// Whether `dict[name]` is the value with type tag `tag` and payload
/// `bits` (`crate::layout`: an object's address, an int, a float's bits, a
/// bool): the guard of a speculated global or module attribute (see
/// [`GuardCell`]). While the dict is at the version of the last success,
/// it holds; while its keys keep their version the entry is read by
/// index, as the interpreter's LOAD_GLOBAL cache does; after a key was
/// added or removed the name is looked up once and the cell refreshed.
///
/// # Safety
/// `dict` and `name` are live objects; `cell` is the guard's cell, owned
/// by the compiled code.
pub unsafe extern "C" fn dict_entry_is(
    dict: *mut abi::ObjHeader,
    cell: *mut GuardCell,
    name: *mut abi::ObjHeader,
    tag: u64,
    bits: u64,
) -> u8 {
    // SAFETY: see the contract above.
    unsafe {
        let (Some(d), Some(cell)) = (borrowed(dict), cell.as_mut()) else {
            return 0;
        };
        let Some(d) = d.downcast::<DictObj>() else {
            return 0;
        };
        if d.version() == cell[2] {
            // Nothing in the dict changed since the last check held.
            return 1;
        }
        let Ok(map) = d.try_entries() else {
            return 0;
        };
        if d.keys_version() != cell[0] {
            let Some(n) = borrowed(name) else { return 0 };
            match map.get_index_of(&DictKey::from_str_obj(&n)) {
                Some(i) => {
                    cell[0] = d.keys_version();
                    cell[1] = i as u64
                }
                None => return 0,
            }
        }
        use crate::layout::{TAG_BOOL, TAG_FLOAT, TAG_INT, TAG_OBJ};
        let same = match map.get_index(cell[1] as usize) {
            Some((_, Value::Obj(o))) => tag == TAG_OBJ && o.as_ptr() as u64 == bits,
            Some((_, Value::Int(i))) => tag == TAG_INT && *i as u64 == bits,
            Some((_, Value::Float(x))) => tag == TAG_FLOAT && x.to_bits() == bits,
            Some((_, Value::Bool(b))) => tag == TAG_BOOL && *b as u64 == bits,
            _ => false,
        };
        if same {
            cell[2] = d.version();
        }
        same as u8
    }
}

/// Whether `dict` has no key `name`; `cell[0]` caches the keys version at
/// which that was last found.
///
/// # Safety
/// As for [`dict_entry_is`].
pub unsafe extern "C" fn dict_lacks(
    dict: *mut abi::ObjHeader,
    cell: *mut GuardCell,
    name: *mut abi::ObjHeader,
) -> u8 {
    // SAFETY: see the contract of `dict_entry_is`.
    unsafe {
        let (Some(d), Some(cell)) = (borrowed(dict), cell.as_mut()) else {
            return 0;
        };
        let Some(d) = d.downcast::<DictObj>() else {
            return 0;
        };
        if d.version() == cell[2] {
            return 1;
        }
        if d.keys_version() != cell[0] {
            let Some(n) = borrowed(name) else { return 0 };
            if d.get(&DictKey::from_str_obj(&n)).is_some() {
                return 0;
            }
            cell[0] = d.keys_version();
        }
        cell[2] = d.version();
        1
    }
}

/// `obj.name` of an instance whose class version compiled code checked:
/// the attribute at entry `index` into `slot` (releasing what the slot
/// held, which may be the instance: the value is taken first); 0 (nothing
/// written) on a miss.
///
/// # Safety
/// `obj` and `name` are live objects; `slot` is a slot of the running
/// frame's operand stack, holding a valid value.
pub unsafe extern "C" fn attr_get(
    obj: *mut abi::ObjHeader,
    name: *mut abi::ObjHeader,
    index: u64,
    slot: *mut Value,
) -> u8 {
    // SAFETY: see the contract above.
    unsafe {
        let (Some(o), Some(n), Some(out)) = (borrowed(obj), borrowed(name), slot.as_mut()) else {
            return 0;
        };
        match interp::eval::instance_attr_at(&o, index as usize, &n) {
            Some(v) => {
                // The slot may hold the last reference to the instance:
                // `o` is not used after this.
                *out = v;
                1
            }
            None => 0,
        }
    }
}

/// `obj.name = value` of an instance whose class version compiled code
/// checked, the value moved out of `slot` (left `None`); 0 (the slot
/// untouched) on a miss.
///
/// # Safety
/// As for [`attr_get`]; `obj` is kept alive by another slot than `slot`.
pub unsafe extern "C" fn attr_set(
    obj: *mut abi::ObjHeader,
    name: *mut abi::ObjHeader,
    index: u64,
    slot: *mut Value,
) -> u8 {
    // SAFETY: see the contract above.
    unsafe {
        let (Some(o), Some(n), Some(src)) = (borrowed(obj), borrowed(name), slot.as_mut()) else {
            return 0;
        };
        let v = std::mem::replace(src, Value::None);
        match interp::eval::store_instance_attr_at(&o, index as usize, &n, v) {
            Ok(()) => 1,
            Err(v) => {
                *src = v;
                0
            }
        }
    }
}

/// Whether the instance `obj` has no attribute `name` shadowing its
/// class's method (see [`crate::hir::Helper::MethodUnshadowed`]).
///
/// # Safety
/// `obj` and `name` are live objects.
pub unsafe extern "C" fn method_unshadowed(
    obj: *mut abi::ObjHeader,
    name: *mut abi::ObjHeader,
) -> u8 {
    // SAFETY: see the contract above.
    unsafe {
        let (Some(o), Some(n)) = (borrowed(obj), borrowed(name)) else {
            return 0;
        };
        u8::from(interp::eval::method_unshadowed(&o, &n))
    }
}

/// Calls the native callable `callee` (see [`crate::hir::Op::CallNative`]
/// for `arg` and the slots from `slot`); 0 when it raised (the error is
/// in the context).
///
/// # Safety
/// As for [`generic`]; `callee` is live (the compiled code keeps it).
pub unsafe extern "C" fn call_native(
    ctx: *mut Ctx,
    callee: *mut abi::ObjHeader,
    slot: *mut Value,
    arg: u32,
) -> u8 {
    // SAFETY: as for `generic`: the slots are the running frame's valid
    // Values, the VM is not otherwise borrowed while compiled code runs.
    unsafe {
        let Some(ctx) = ctx.as_mut() else { return 0 };
        let Some(vm) = ctx.vm.as_mut() else { return 0 };
        let Some(f) = borrowed(callee) else { return 0 };
        let n = (arg & 0xffff) as usize;
        let first = 1 + ((arg >> 16) & 1) as usize;
        let form = ((arg >> 17) as usize)
            .checked_sub(1)
            .and_then(|i| EXT_CALLS.get(i));
        // The arguments are the frame's own slots, in order.
        let args = std::slice::from_raw_parts(slot.add(first), n);
        // A C function in the form the interpreter's quickened call uses
        // (no argument vector); whatever does not fit it (or no form), the
        // generic call.
        let quick = match (form, interp::ext::capi()) {
            (Some(shape), Some(capi)) => capi.call_ext(vm, *shape, &f, args),
            _ => None,
        };
        let r = match quick {
            Some(r) => r,
            None => match f.downcast::<interp::object::Builtin>() {
                // A builtin that needs the calling frame (`locals()`,
                // `eval()`, ...) answers with a request, which goes to
                // the interpreter as this call's exception: it completes
                // the call there with the frame compiled code hands it
                // (`interp::introspect`), as for an interpreted call.
                Some(b) if b.bound.is_none() => {
                    (b.func)(vm, interp::object::Args::positional(args))
                }
                _ => vm.call(&Value::Obj((*f).clone()), args),
            },
        };
        for i in first..first + n {
            *slot.add(i) = Value::None;
        }
        match r {
            Ok(v) => {
                *slot = v;
                1
            }
            Err(e) => {
                ctx.error = Some(e);
                0
            }
        }
    }
}

/// Ends a direct call (see [`crate::hir::Op::CallPy`]) whose callee's
/// code returned `raw`, not [`crate::deopt::RETURNED`]: applies the exit
/// to the callee's frame (at `cslots`, run with the context `cctx`) and
/// hands the frame up (`interp::eval::hand_up`); the call still counts
/// in the VM's depth. The caller then leaves after the call.
///
/// # Safety
/// `ctx` is the caller's context; `record` the callee's live
/// `DirectRecord`, `callee` the function, `cslots` the callee's first
/// slot within `ctx.len` slots of `ctx.slots`, and `cctx` the context the
/// callee ran with; `init` is null or a reference the caller owns to the
/// instance whose `__init__` the callee is (taken over here); `operands`
/// null or the caller's slot of BINARY_OP_PY's two operands (taken, for
/// operator `arg`).
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn finish_direct(
    ctx: *mut Ctx,
    record: *const crate::code::DirectRecord,
    callee: *mut abi::ObjHeader,
    cslots: *mut Value,
    raw: u64,
    cctx: *mut Ctx,
    init: *mut abi::ObjHeader,
    operands: *mut Value,
    arg: u32,
) {
    // SAFETY: the record's owner is the callee's CompiledFn, alive while
    // any call of it may run (see its `Drop`); the slots from `cslots` to
    // the end of the caller's room are valid Values the caller does not
    // touch until this returns; `cctx` is a context the caller made and
    // owns; the VM is not otherwise borrowed while compiled code runs.
    unsafe {
        let below = match (ObjRef::from_raw(init), operands.as_mut()) {
            (Some(i), _) => interp::eval::Below::Init(i),
            (None, Some(a)) => {
                let a = std::mem::replace(a, Value::None);
                let b = operands
                    .add(1)
                    .as_mut()
                    .map_or(Value::None, |b| std::mem::replace(b, Value::None));
                interp::eval::Below::Binop(a, b, arg)
            }
            (None, None) => interp::eval::Below::Nothing,
        };
        let Some(ctx) = ctx.as_mut() else { return };
        let Some(vm) = ctx.vm.as_mut() else { return };
        let Some(f) = borrowed(callee) else { return };
        let Some(rec) = record.as_ref() else { return };
        let Some(cf) = (rec.owner.get() as *const crate::code::CompiledFn).as_ref() else {
            return;
        };
        let Some(cctx) = cctx.as_mut() else { return };
        let end = ctx.slots.add(ctx.len);
        let Ok(room) = usize::try_from(end.offset_from(cslots)) else {
            return;
        };
        let frame = std::slice::from_raw_parts_mut(cslots, room);
        let exit = cf.finish_direct(raw, cctx.error.take(), frame);
        interp::eval::hand_up(vm, &f, frame, exit, below);
    }
}

/// A new instance of the Python class `cls` for CALL_PY_INIT (see
/// `hir::InitCall`), with two references: null with the error in `ctx`
/// when memory is exhausted.
///
/// # Safety
/// `ctx` is the running code's context; `cls` a live class object.
pub unsafe extern "C" fn new_instance(
    ctx: *mut Ctx,
    cls: *mut abi::ObjHeader,
) -> *mut abi::ObjHeader {
    // SAFETY: as the contract says; the class is borrowed.
    unsafe {
        let Some(ctx) = ctx.as_mut() else {
            return std::ptr::null_mut();
        };
        let made = borrowed(cls).and_then(|c| interp::classes::new_plain_instance(&c));
        match made {
            Some(i) => {
                let second = i.clone();
                std::mem::forget(second);
                i.into_raw()
            }
            None => {
                ctx.error = Some(interp::PyErr::no_memory());
                std::ptr::null_mut()
            }
        }
    }
}

/// BINARY_OP_PY's method for the operands in `slot` and the next (`arg`:
/// the operator), if compiled code can call it directly: a Python
/// function of two arguments and no other locals whose code is compiled.
/// Found through `cell` ([`binop_cell`]), or looked up and put there. 0:
/// the operator is to run in a helper.
///
/// # Safety
/// `slot` and the next are live operand slots; `cell` the site's cell.
pub unsafe extern "C" fn binop_target(
    _ctx: *mut Ctx,
    slot: *mut Value,
    arg: u32,
    cell: *mut GuardCell,
) -> u8 {
    use binop_cell as w;
    // SAFETY: as the contract says; nothing is kept but addresses whose
    // objects the class at the recorded tag keeps alive.
    unsafe {
        let (Some(a), Some(b), Some(cell)) = (slot.as_ref(), slot.add(1).as_ref(), cell.as_mut())
        else {
            return 0;
        };
        let Value::Obj(ao) = a else { return 0 };
        let ty = ao.ty();
        let version = u64::from(ty.tp_version_tag.get());
        if arg >= 13 || version == 0 || !interp::quicken::binop_operands_fit(a, b) {
            return 0;
        }
        let ty_addr = ty as *const _ as usize as u64;
        if cell[w::A_TYPE] != ty_addr || cell[w::A_VERSION] != version {
            let Some(f) = interp::eval::binop_method(a, b, arg) else {
                return 0;
            };
            let Some(func) = f.downcast::<interp::object::Function>() else {
                return 0;
            };
            let c = &func.code;
            if c.nslots() != 2 || !c.cellvars.is_empty() || !c.freevars.is_empty() || c.is_module {
                return 0;
            }
            interp::jit::want(c);
            cell[w::A_TYPE] = ty_addr;
            cell[w::A_VERSION] = version;
            cell[w::FUNC] = f.as_ptr() as u64;
            cell[w::RECORD_CELL] = &c.jit_direct as *const std::cell::Cell<usize> as u64;
            cell[w::FRAME_LEN] = crate::frame_len(c) as u64;
            cell[w::GLOBALS] = &func.globals as *const ObjRef as u64;
        }
        // Called directly once it is compiled.
        let record = (cell[w::RECORD_CELL] as usize as *const std::cell::Cell<usize>).as_ref();
        u8::from(record.is_some_and(|r| r.get() != 0))
    }
}

/// The method BINARY_OP_PY called directly returned `NotImplemented`
/// (in `result`): the protocol goes on for the operands in `slot` and the
/// next (`arg`: the operator); the result goes into `slot`, the next is
/// left dead. 0: raised (the error in `ctx`, both slots dead).
///
/// # Safety
/// `ctx` is the running code's context; `slot`, the next and `result`
/// are live operand slots.
pub unsafe extern "C" fn binop_rest(
    ctx: *mut Ctx,
    slot: *mut Value,
    arg: u32,
    result: *mut Value,
) -> u8 {
    // SAFETY: as the contract says; the VM is not otherwise borrowed
    // while compiled code runs.
    unsafe {
        let (Some(ctx), Some(s), Some(b), Some(r)) = (
            ctx.as_mut(),
            slot.as_mut(),
            slot.add(1).as_mut(),
            result.as_mut(),
        ) else {
            return 0;
        };
        let Some(vm) = ctx.vm.as_mut() else { return 0 };
        let a = std::mem::replace(s, Value::None);
        let b = std::mem::replace(b, Value::None);
        let v = std::mem::replace(r, Value::None);
        let out = interp::eval::binop_returned(vm, arg, &a, &b, v);
        drop((a, b));
        match out {
            Ok(v) => {
                *s = v;
                1
            }
            Err(e) => {
                ctx.error = Some(e);
                0
            }
        }
    }
}

/// `__init__`, called directly for CALL_PY_INIT, returned the value in
/// `result` (not None): CPython's TypeError goes into `ctx`; the value
/// and the caller's reference to `instance` are released.
///
/// # Safety
/// `ctx` is the running code's context; `result` a dead slot holding an
/// owned value (left `None`); `instance` a reference the caller owns.
pub unsafe extern "C" fn init_returned(
    ctx: *mut Ctx,
    result: *mut Value,
    instance: *mut abi::ObjHeader,
) {
    // SAFETY: as the contract says.
    unsafe {
        drop(ObjRef::from_raw(instance));
        let Some(r) = result.as_mut() else { return };
        let v = std::mem::replace(r, Value::None);
        let e = interp::PyErr::type_error(format!(
            "__init__() should return None, not '{}'",
            v.type_name()
        ));
        drop(v);
        if let Some(ctx) = ctx.as_mut() {
            ctx.error = Some(e);
        }
    }
}

/// Whether the entry guards of the code whose direct-call record is
/// `record` hold (1), so that a direct call may enter it; 0 sends the
/// call to the interpreter.
///
/// # Safety
/// `record` is a live `DirectRecord` whose owner is set.
pub unsafe extern "C" fn guards_hold(record: *const crate::code::DirectRecord) -> u8 {
    // SAFETY: the record's owner is its CompiledFn, alive while the
    // record is reachable from `Code::jit_direct` (see its `Drop`).
    unsafe {
        let Some(rec) = record.as_ref() else { return 0 };
        match (rec.owner.get() as *const crate::code::CompiledFn).as_ref() {
            Some(cf) if cf.guards_hold() => {
                // Until one of their dicts changes, the caller's inline
                // check passes without this call.
                rec.saw_guards_hold();
                1
            }
            _ => 0,
        }
    }
}

/// Runs the cycle collection that is due (see [`Ctx::gc_budget`]).
pub extern "C" fn collect() {
    interp::gc::maybe_collect();
}

/// `len(obj)` for compiled code: the length, or -1 with the exception in
/// `ctx` (a length never reaches `i64::MAX`: it counts things in memory).
///
/// # Safety
/// `ctx` is the running code's context and `obj` a live object.
unsafe fn len_of(ctx: *mut Ctx, obj: *mut abi::ObjHeader) -> i64 {
    // SAFETY: the contract above; the VM is not otherwise borrowed while
    // compiled code runs.
    unsafe {
        let Some(ctx) = ctx.as_mut() else { return -1 };
        let Some(vm) = ctx.vm.as_mut() else { return -1 };
        let Some(o) = borrowed(obj) else { return -1 };
        match ops::len(vm, &Value::Obj((*o).clone())) {
            Ok(n) => i64::try_from(n).unwrap_or(i64::MAX),
            Err(e) => {
                ctx.error = Some(e);
                -1
            }
        }
    }
}

/// As [`len_of`], remembering in `cell` (see [`crate::hir::Op::Len`]) the
/// C length slot of `obj`'s type if the cell is empty and the type has one
/// compiled code may call itself.
///
/// # Safety
/// As for [`len_of`]; `cell` is the code's live cell.
pub unsafe extern "C" fn len_fill(
    ctx: *mut Ctx,
    obj: *mut abi::ObjHeader,
    cell: *mut GuardCell,
) -> i64 {
    // SAFETY: the contract above.
    unsafe {
        let n = len_of(ctx, obj);
        if n >= 0
            && let (Some(c), Some(o)) = (cell.as_mut(), borrowed(obj))
            && c[0] == 0
            && let Some(f) = capi::direct::length_slot(&o)
        {
            *c = [std::ptr::from_ref(o.ty()) as u64, f as u64, 0, 0, 0, 0];
        }
        n
    }
}

/// Ends a call of a C item slot (see [`crate::hir::Op::GetItem`]) that
/// returned `raw`: the result into `slot` (1), or the exception into the
/// context (0).
///
/// # Safety
/// `ctx` is the running code's context; `slot` the op's result slot;
/// `raw` NULL or a new reference (taken over).
pub unsafe extern "C" fn c_item_result(
    ctx: *mut Ctx,
    slot: *mut Value,
    raw: *mut abi::ObjHeader,
) -> u8 {
    // SAFETY: the contract above.
    unsafe { put_result(ctx, slot, capi::direct::finish_slot("__getitem__", raw)) }
}

/// Item `i` of `c` when it is a tuple (exactly) and `i` in range: the item
/// without the generic dispatch.
fn tuple_item(c: &Value, i: i64) -> Option<Value> {
    let Value::Obj(o) = c else { return None };
    if !o.is_type(&interp::object::types::TUPLE) {
        return None;
    }
    let t = o.downcast::<interp::object::TupleObj>()?;
    let k = usize::try_from(if i < 0 { i + t.items.len() as i64 } else { i }).ok()?;
    t.items.get(k).cloned()
}

/// `container[key]` for compiled code (see [`crate::hir::Op::GetItem`]):
/// the result into `out` (1), or the exception into the context (0); the
/// cell remembers the C item slot of the container's type when it is
/// empty and the type has one compiled code may call itself.
///
/// # Safety
/// `ctx` is the running code's context; `container` and `out` slots of
/// the running frame (`out` dead, or the container's own); `cell` the
/// code's live cell.
pub unsafe extern "C" fn getitem_fill(
    ctx: *mut Ctx,
    container: *const Value,
    key: i64,
    out: *mut Value,
    cell: *mut GuardCell,
) -> u8 {
    // SAFETY: the contract above; the VM is not otherwise borrowed while
    // compiled code runs.
    unsafe {
        let Some(ctx) = ctx.as_mut() else { return 0 };
        let Some(vm) = ctx.vm.as_mut() else { return 0 };
        let Some(c) = container.as_ref() else {
            return 0;
        };
        if let Some(v) = tuple_item(c, key) {
            if let Some(s) = out.as_mut() {
                *s = v;
            }
            return 1;
        }
        // A copy: `out` may be the container's own slot.
        let c = c.clone();
        match ops::getitem(vm, &c, &Value::Int(key)) {
            Ok(v) => {
                if let (Value::Obj(o), Some(cell)) = (&c, cell.as_mut())
                    && cell[0] == 0
                    && let Some((f, by_key)) = capi::direct::item_slot(o)
                {
                    *cell = [
                        std::ptr::from_ref(o.ty()) as u64,
                        f as u64,
                        u64::from(by_key),
                        0,
                        0,
                        0,
                    ];
                }
                if let Some(s) = out.as_mut() {
                    *s = v;
                }
                1
            }
            Err(e) => {
                ctx.error = Some(e);
                0
            }
        }
    }
}

/// Puts the exception of a C slot that returned its error value in the
/// context.
///
/// # Safety
/// `ctx` is the running code's context.
pub unsafe extern "C" fn c_slot_failed(ctx: *mut Ctx) {
    // SAFETY: the contract above.
    if let Some(ctx) = unsafe { ctx.as_mut() } {
        ctx.error = Some(capi::direct::slot_failed());
    }
}

/// `str(i)` for compiled code, written into a dead operand-stack slot.
///
/// # Safety
/// `slot` is a dead slot of the running frame (holding nothing owned).
pub unsafe extern "C" fn str_int(i: i64, slot: *mut Value) {
    // SAFETY: the contract above.
    unsafe {
        if let Some(d) = slot.as_mut() {
            *d = Value::Obj(interp::object::StrObj::from_i64(i));
        }
    }
}

/// `list.append` for compiled code: appends the value owned by `item`
/// (left dead, holding `None`) to the list in the local slot `list`;
/// 0 with the exception in `ctx` if that is not a list (compiled code
/// guards its type first) or memory ran out.
///
/// # Safety
/// `ctx` is the running code's context; both slots are the running
/// frame's, distinct.
pub unsafe extern "C" fn list_append(ctx: *mut Ctx, list: *const Value, item: *mut Value) -> u8 {
    // SAFETY: the contract above; the VM is not otherwise borrowed while
    // compiled code runs.
    unsafe {
        let Some(ctx) = ctx.as_mut() else { return 0 };
        let (Some(Value::Obj(l)), Some(item)) = (list.as_ref(), item.as_mut()) else {
            return 0;
        };
        let v = std::mem::replace(item, Value::None);
        match interp::methods::append_to_list(l, v) {
            Ok(()) => 1,
            Err(e) => {
                ctx.error = Some(e);
                0
            }
        }
    }
}

/// A new reference to the object a direct C call passes for the int `i`
/// (see [`crate::hir::CArg`]); released by [`c_release`].
pub extern "C" fn c_box_int(i: i64) -> *mut abi::ObjHeader {
    capi::direct::box_value(&Value::Int(i))
}

/// As [`c_box_int`], for a float.
pub extern "C" fn c_box_float(f: f64) -> *mut abi::ObjHeader {
    capi::direct::box_value(&Value::Float(f))
}

/// As [`c_box_int`], for the value in a frame slot.
///
/// # Safety
/// `slot` is a slot of the running frame.
pub unsafe extern "C" fn c_box_slot(slot: *const Value) -> *mut abi::ObjHeader {
    // SAFETY: the contract above.
    match unsafe { slot.as_ref() } {
        Some(v) => capi::direct::box_value(v),
        None => capi::direct::box_value(&Value::None),
    }
}

/// Releases a reference [`c_box_int`] and the others made.
///
/// # Safety
/// `obj` is such a reference, released once.
pub unsafe extern "C" fn c_release(obj: *mut abi::ObjHeader) {
    // SAFETY: the contract above.
    unsafe { capi::direct::release_box(obj) }
}

/// The argument tuple of a direct `METH_VARARGS` call of the `n` objects
/// at `objs`: a new reference, released by [`c_release_tuple`].
///
/// # Safety
/// `objs` points at `n` live objects.
pub unsafe extern "C" fn c_args_tuple(
    objs: *const *mut abi::ObjHeader,
    n: i64,
) -> *mut abi::ObjHeader {
    // SAFETY: the contract above.
    unsafe { capi::direct::args_tuple(objs, usize::try_from(n).unwrap_or(0)) }
}

/// Releases a tuple [`c_args_tuple`] made.
///
/// # Safety
/// `t` is such a tuple, released once.
pub unsafe extern "C" fn c_release_tuple(t: *mut abi::ObjHeader) {
    // SAFETY: the contract above.
    unsafe { capi::direct::release_args_tuple(t) }
}

/// Ends a direct C call of `callee` that returned `raw`: stores the result
/// in the dead operand slot `slot` (1), or puts the exception in the
/// context (0), as `capi::direct::finish` decides.
///
/// # Safety
/// `ctx` is the running code's context; `slot` a dead operand slot of the
/// running frame; `raw` NULL or a new reference (taken over); `callee` a
/// live object.
pub unsafe extern "C" fn c_result(
    ctx: *mut Ctx,
    slot: *mut Value,
    raw: *mut abi::ObjHeader,
    callee: *mut abi::ObjHeader,
) -> u8 {
    // SAFETY: the contract above; the reference is taken over once.
    unsafe {
        let Some(f) = borrowed(callee) else {
            capi::direct::release_box(raw);
            return 0;
        };
        put_result(ctx, slot, capi::direct::finish(&f, raw))
    }
}

/// Stores a result into the slot `slot` (1), or its exception into the
/// context (0).
///
/// # Safety
/// `ctx` is the running code's context; `slot` a slot of the running frame
/// the result may replace.
unsafe fn put_result(ctx: *mut Ctx, slot: *mut Value, r: PyResult<Value>) -> u8 {
    // SAFETY: the contract above.
    match (r, unsafe { ctx.as_mut() }, unsafe { slot.as_mut() }) {
        (Ok(v), _, Some(s)) => {
            *s = v;
            1
        }
        (Err(e), Some(ctx), _) => {
            ctx.error = Some(e);
            0
        }
        _ => 0,
    }
}

/// Releases the value an operand slot owns, leaving `None` there.
///
/// # Safety
/// `slot` is an operand slot of the running frame.
pub unsafe extern "C" fn clear_slot(slot: *mut Value) {
    // SAFETY: the contract above.
    if let Some(s) = unsafe { slot.as_mut() } {
        *s = Value::None;
    }
}

/// Releases the reference `obj` (a local's old value, see
/// [`crate::hir::Op::StoreLocal`]).
///
/// # Safety
/// `obj` is a reference the caller owned, released once.
pub unsafe extern "C" fn drop_obj(obj: *mut abi::ObjHeader) {
    // SAFETY: the contract above.
    drop(unsafe { ObjRef::from_raw(obj) });
}

/// The C call forms a [`crate::hir::Op::CallNative`] can name (its `arg`'s bits 17
/// and up: the index here plus one).
pub const EXT_CALLS: [interp::ext::ExtCall; 5] = [
    interp::ext::ExtCall::NoArgs,
    interp::ext::ExtCall::O,
    interp::ext::ExtCall::Fast,
    interp::ext::ExtCall::VarArgs,
    interp::ext::ExtCall::Typed,
];

/// A NaN with an identity of its own (see `interp::object::value`).
pub extern "C" fn fresh_nan(f: f64) -> f64 {
    interp::object::value::fresh_nan(f)
}

/// The address a symbol in compiled code names: a helper's, or a typed C
/// function's (for `cranelift-jit` when it links the code).
pub fn lookup(name: &str) -> Option<*const u8> {
    use crate::lower::{HelperFn, helper_symbol};
    // A typed C function: its address is in its name.
    if let Some(hex) = name.strip_prefix(crate::lower::C_SYMBOL_PREFIX) {
        return usize::from_str_radix(hex, 16).ok().map(|a| a as *const u8);
    }
    let h = HelperFn::ALL.iter().find(|h| helper_symbol(**h) == name)?;
    Some(match h {
        HelperFn::StoreLocalObj => store_local_obj as *const u8,
        HelperFn::SetLocal => set_local as *const u8,
        HelperFn::PutObj => put_obj as *const u8,
        HelperFn::PutCopy => put_copy as *const u8,
        HelperFn::PutNull => put_null as *const u8,
        HelperFn::PutRangeIter => put_range_iter as *const u8,
        HelperFn::PutListIter => put_list_iter as *const u8,
        HelperFn::ErrOccurred => err_occurred as *const u8,
        HelperFn::Generic => generic as *const u8,
        HelperFn::ForIter => for_iter as *const u8,
        HelperFn::Contains => contains as *const u8,
        HelperFn::FreshNan => fresh_nan as *const u8,
        HelperFn::FloatPow => float_pow as *const u8,
        HelperFn::Adopt => adopt as *const u8,
        HelperFn::CStr => c_str as *const u8,
        HelperFn::SeqGet => seq_get as *const u8,
        HelperFn::ListSet => list_set as *const u8,
        HelperFn::ListStore => list_store as *const u8,
        HelperFn::DictEntryIs => dict_entry_is as *const u8,
        HelperFn::DictLacks => dict_lacks as *const u8,
        HelperFn::CallNative => call_native as *const u8,
        HelperFn::Collect => collect as *const u8,
        HelperFn::GuardsHold => guards_hold as *const u8,
        HelperFn::FinishDirect => finish_direct as *const u8,
        HelperFn::StrInt => str_int as *const u8,
        HelperFn::ListAppend => list_append as *const u8,
        HelperFn::AttrGet => attr_get as *const u8,
        HelperFn::AttrSet => attr_set as *const u8,
        HelperFn::MethodUnshadowed => method_unshadowed as *const u8,
        HelperFn::CBoxInt => c_box_int as *const u8,
        HelperFn::CBoxFloat => c_box_float as *const u8,
        HelperFn::CBoxSlot => c_box_slot as *const u8,
        HelperFn::CRelease => c_release as *const u8,
        HelperFn::CArgsTuple => c_args_tuple as *const u8,
        HelperFn::CReleaseTuple => c_release_tuple as *const u8,
        HelperFn::CResult => c_result as *const u8,
        HelperFn::ClearSlot => clear_slot as *const u8,
        HelperFn::DropObj => drop_obj as *const u8,
        HelperFn::CSlotFailed => c_slot_failed as *const u8,
        HelperFn::LenFill => len_fill as *const u8,
        HelperFn::CItemResult => c_item_result as *const u8,
        HelperFn::GetItemFill => getitem_fill as *const u8,
        HelperFn::NewInstance => new_instance as *const u8,
        HelperFn::InitReturned => init_returned as *const u8,
        HelperFn::BinopTarget => binop_target as *const u8,
        HelperFn::BinopRest => binop_rest as *const u8,
        HelperFn::ReleaseLocals => release_locals as *const u8,
    })
}

#[allow(dead_code)]
fn _uses(_: &Code) {}
