//! Per-thread C API state: the interpreter lent to C code, and the error
//! indicator (`PyErr_Occurred`).
//!
//! C code runs in one of two modes. [`with_vm`] lends the caller's
//! `&mut Vm` to it, so API functions that call back into Python (calls,
//! imports, reprs of foreign objects) can borrow it with [`current_vm`].
//! [`without_vm`] runs C code with no interpreter attached (hashing, object
//! destruction); callbacks into Python from there fail with `SystemError`.
//!
//! The lending is what keeps this sound: the pointer stored here is derived
//! from the `&mut Vm` that the lender holds and does not use while C runs,
//! and [`current_vm`] takes the pointer out while its closure holds the
//! reborrow, so at most one `&mut Vm` is ever live.

use interp::object::types;
use interp::{PyErr, Vm};
use std::cell::Cell;

thread_local! {
    static VM: Cell<*mut Vm> = const { Cell::new(std::ptr::null_mut()) };
    // A `Cell` rather than a `RefCell`: it is checked after every C call,
    // and taking an `Option` out of a cell needs no borrow flag.
    static ERROR: Cell<Option<PyErr>> = const { Cell::new(None) };
}

/// Runs `f` (which calls C code) with `vm` lent to that code.
#[inline]
pub fn with_vm<R>(vm: &mut Vm, f: impl FnOnce() -> R) -> R {
    let prev = VM.with(|c| c.replace(vm as *mut Vm));
    let r = f();
    VM.with(|c| c.set(prev));
    r
}

/// Runs `f` (which calls C code) with no interpreter lent to it.
#[inline]
pub fn without_vm<R>(f: impl FnOnce() -> R) -> R {
    let prev = VM.with(|c| c.replace(std::ptr::null_mut()));
    let r = f();
    VM.with(|c| c.set(prev));
    r
}

/// Borrows the interpreter lent to the running C code. `Err` (a
/// `SystemError`) if none is: C code reached from a context without one
/// tried to call back into Python.
pub fn current_vm<R>(f: impl FnOnce(&mut Vm) -> R) -> Result<R, PyErr> {
    let p = VM.with(|c| c.replace(std::ptr::null_mut()));
    if p.is_null() {
        return Err(PyErr::new(
            &types::SYSTEM_ERROR,
            "C extension code tried to use the interpreter where none is available \
             (inside a hash function or a destructor)",
        ));
    }
    // SAFETY: `p` was stored by `with_vm` from a live `&mut Vm` whose owner
    // is suspended in a call into C (it does not touch the VM until `with_vm`
    // returns, which restores the slot after this function put it back).
    // The slot holds null while this reborrow lives, so no second `&mut Vm`
    // can be derived from it meanwhile.
    let r = f(unsafe { &mut *p });
    VM.with(|c| c.set(p));
    Ok(r)
}

/// Sets the error indicator (replacing any pending exception).
pub fn set_error(e: PyErr) {
    let old = ERROR.with(|c| c.replace(Some(e)));
    drop(old);
}

/// Takes the pending exception, clearing the indicator.
#[inline]
pub fn take_error() -> Option<PyErr> {
    ERROR.with(|c| c.take())
}

/// Where this thread's pending exception lives, read as a word: 0 while
/// none is pending (an `Option<PyErr>` is one pointer, `None` the null
/// one; `jit::layout`'s tests pin both). Compiled code reads it after a
/// C call returns. Valid for the thread's lifetime.
pub fn error_word_ptr() -> *const usize {
    ERROR.with(|c| c.as_ptr() as *const usize)
}

/// Whether an exception is pending.
#[inline]
pub fn error_pending() -> bool {
    with_error(|e| e.is_some())
}

/// Runs `f` on the pending exception, if any (it stays pending).
pub fn with_error<R>(f: impl FnOnce(Option<&PyErr>) -> R) -> R {
    ERROR.with(|c| {
        let e = c.take();
        let r = f(e.as_ref());
        c.set(e);
        r
    })
}
