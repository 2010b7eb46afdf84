//! Runtime helpers: Rust functions compiled code calls (imported symbols,
//! see [`crate::lower::HelperFn`]). They run on the interpreter's values
//! through raw pointers into the frame, so each is `unsafe` with the
//! contract compiled code keeps: slot pointers point into the live frame
//! compiled code was given, object pointers are live objects.

use interp::bytecode::Code;
use interp::object::{DictKey, DictObj, ModuleObj, ObjRef, RangeIterObj};
use interp::{Value, Vm};

/// What compiled code passes to helpers that need the interpreter.
#[repr(C)]
pub struct Ctx {
    /// The running interpreter.
    pub vm: *mut Vm,
    /// The frame's globals dict.
    pub globals: *const ObjRef,
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

/// Whether global `name` of the frame (or the builtins) is `expect`.
///
/// # Safety
/// `ctx` is the compiled call's context; `name` and `expect` are live.
pub unsafe extern "C" fn global_is(
    ctx: *mut Ctx,
    name: *mut abi::ObjHeader,
    expect: *mut abi::ObjHeader,
) -> u8 {
    // SAFETY: compiled code passes its own context and live objects.
    unsafe {
        let (Some(ctx), Some(name)) = (ctx.as_ref(), borrowed(name)) else {
            return 0;
        };
        let (Some(vm), Some(globals)) = (ctx.vm.as_ref(), ctx.globals.as_ref()) else {
            return 0;
        };
        matches!(vm.load_global(globals, &name), Some(Value::Obj(o)) if o.as_ptr() == expect) as u8
    }
}

/// Whether attribute `name` of module `m` is `expect`.
///
/// # Safety
/// All three are live objects.
pub unsafe extern "C" fn module_attr_is(
    m: *mut abi::ObjHeader,
    name: *mut abi::ObjHeader,
    expect: *mut abi::ObjHeader,
) -> u8 {
    // SAFETY: compiled code passes live objects.
    unsafe {
        let (Some(m), Some(name)) = (borrowed(m), borrowed(name)) else {
            return 0;
        };
        let found = m
            .downcast::<ModuleObj>()
            .and_then(|mo| mo.dict.downcast::<DictObj>())
            .and_then(|d| d.get(&DictKey::from_str_obj(&name)));
        matches!(found, Some(Value::Obj(o)) if o.as_ptr() == expect) as u8
    }
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

/// The address of each helper, by symbol.
pub fn symbols() -> Vec<(&'static str, *const u8)> {
    use crate::lower::{HelperFn, helper_symbol};
    HelperFn::ALL
        .iter()
        .map(|h| {
            let p: *const u8 = match h {
                HelperFn::GlobalIs => global_is as *const u8,
                HelperFn::ModuleAttrIs => module_attr_is as *const u8,
                HelperFn::StoreLocalObj => store_local_obj as *const u8,
                HelperFn::SetLocal => set_local as *const u8,
                HelperFn::PutObj => put_obj as *const u8,
                HelperFn::PutCopy => put_copy as *const u8,
                HelperFn::PutNull => put_null as *const u8,
                HelperFn::PutRangeIter => put_range_iter as *const u8,
                HelperFn::ErrOccurred => err_occurred as *const u8,
            };
            (helper_symbol(*h), p)
        })
        .collect()
}

#[allow(dead_code)]
fn _uses(_: &Code) {}
