//! Events that wait for the interpreter to reach a safe point: memory ran
//! out, or the user pressed Ctrl-C.
//!
//! Neither can be turned into a Python exception where it happens: an
//! allocation fails deep inside some Rust function that cannot return an
//! error, and a signal arrives between any two machine instructions. So
//! the allocator ([`crate::alloc`]) and the `typhon` binary's SIGINT
//! handler only set a bit in [`PENDING`], and the interpreter looks at it
//! where CPython checks its "eval breaker": at calls and loop back-edges
//! (one relaxed load there, [`any`]). When a bit is set it takes the slow
//! path and raises `MemoryError` or `KeyboardInterrupt` there.
//!
//! For memory, the allocator needs room to get from the failed allocation
//! to that safe point and through the unwinding that follows. The
//! `typhon` binary holds an emergency reserve of address space
//! ([`acquire_reserve`]); when an allocation fails, the allocator releases
//! it ([`release_reserve`], which also sets [`MEMORY`]) and retries, and
//! the interpreter takes the reserve back ([`acquire_reserve`]) at a later
//! safe point, once memory was freed ([`RESERVE`] is set until then).
//!
//! For SIGINT, the binary installs [`install_sigint_handler`] (through
//! `signal-hook`; the handler only sets [`INTERRUPT`]), and after an
//! uncaught `KeyboardInterrupt` ends the process by SIGINT
//! ([`exit_by_sigint`]), as CPython 3.11 does.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicPtr, AtomicU32, Ordering};

/// The pending events, a set of the bits below. Written by the allocator
/// and signal handlers (any thread), read by the interpreter.
pub static PENDING: AtomicU32 = AtomicU32::new(0);

/// An allocation failed: raise `MemoryError` at the next safe point.
pub const MEMORY: u32 = 1;
/// SIGINT arrived: raise `KeyboardInterrupt` at the next safe point.
pub const INTERRUPT: u32 = 2;
/// The emergency reserve was spent: take it back at a safe point when
/// memory allows (this bit stays set until then).
pub const RESERVE: u32 = 4;
/// A generator died suspended inside a `try` or `with`: close it (run its
/// `finally` blocks) at the next safe point, as CPython's finalizer would.
pub const FINALIZE: u32 = 8;
/// C code issued a warning: the interpreter shows it when the call that
/// issued it returns (or raises), where it knows the caller's frame.
pub const WARNINGS: u32 = 16;

/// Whether any event is pending: the check at safe points, one relaxed
/// load (the slow path that follows synchronizes through [`take`]).
#[inline(always)]
pub fn any() -> bool {
    PENDING.load(Ordering::Relaxed) != 0
}

/// Marks the events in `bits` as pending (async-signal-safe: one atomic
/// operation).
#[inline]
pub fn set(bits: u32) {
    PENDING.fetch_or(bits, Ordering::SeqCst);
}

/// Clears the events in `bits`, returning those of them that were set.
#[inline]
pub fn take(bits: u32) -> u32 {
    PENDING.fetch_and(!bits, Ordering::SeqCst) & bits
}

/// The size of the emergency reserve: enough for mimalloc to map a fresh
/// 32 MB segment at its alignment (it maps up to twice that and trims), and
/// for the objects made while the exception unwinds and its traceback is
/// printed.
pub const RESERVE_SIZE: usize = 96 << 20;

/// The reserve, when held: a block of the system allocator (so not from
/// an arena of mimalloc's that would keep its address space when freed:
/// glibc maps a block this large on its own and unmaps it when freed).
/// Its pages are never touched, so it costs address space, not memory.
static RESERVE_BLOCK: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());

fn reserve_layout() -> Layout {
    match Layout::from_size_align(RESERVE_SIZE, 4096) {
        Ok(l) => l,
        // A constant power-of-two alignment and a size far below
        // isize::MAX: this cannot fail.
        Err(_) => Layout::new::<u8>(),
    }
}

/// Takes the emergency reserve if it is not held; false when there is no
/// memory for it yet. Clears [`RESERVE`] once it is held. The `typhon`
/// binary calls this at start-up (the library does not: an embedding
/// program's allocator is its own business).
pub fn acquire_reserve() -> bool {
    if !RESERVE_BLOCK.load(Ordering::Acquire).is_null() {
        take(RESERVE);
        return true;
    }
    // SAFETY: a non-zero-sized layout; the block is only ever freed by
    // `release_reserve` with the same layout.
    let p = unsafe { System.alloc(reserve_layout()) };
    if p.is_null() {
        return false;
    }
    if RESERVE_BLOCK
        .compare_exchange(std::ptr::null_mut(), p, Ordering::AcqRel, Ordering::Acquire)
        .is_err()
    {
        // Another thread took one meanwhile.
        // SAFETY: `p` was allocated just above with this layout.
        unsafe { System.dealloc(p, reserve_layout()) };
    }
    take(RESERVE);
    true
}

/// Gives the reserve back to the system after an allocation failed, and
/// marks [`MEMORY`] and [`RESERVE`] pending. False if no reserve was held
/// (nothing was freed, nothing is marked).
pub fn release_reserve() -> bool {
    let p = RESERVE_BLOCK.swap(std::ptr::null_mut(), Ordering::AcqRel);
    if p.is_null() {
        return false;
    }
    // SAFETY: `p` is the block `acquire_reserve` allocated with this
    // layout, and the swap above made this the only owner.
    unsafe { System.dealloc(p, reserve_layout()) };
    set(MEMORY | RESERVE);
    true
}

/// Whether the reserve is held.
pub fn reserve_held() -> bool {
    !RESERVE_BLOCK.load(Ordering::Acquire).is_null()
}

/// Makes SIGINT (Ctrl-C) mark [`INTERRUPT`] pending, so that the running
/// program gets `KeyboardInterrupt` at its next safe point. As CPython, a
/// SIGINT that was ignored when the process started (a background job's)
/// stays ignored. Returns whether the handler was installed.
#[cfg(feature = "sigint")]
pub fn install_sigint_handler() -> bool {
    if sigint_ignored() {
        return false;
    }
    // SAFETY: the action only does one atomic read-modify-write on a
    // static: it allocates nothing and takes no lock, so it is
    // async-signal-safe as a signal handler must be.
    unsafe { signal_hook::low_level::register(signal_hook::consts::SIGINT, || set(INTERRUPT)) }
        .is_ok()
}

/// Whether SIGINT's disposition is "ignore".
#[cfg(feature = "sigint")]
fn sigint_ignored() -> bool {
    let mut old = std::mem::MaybeUninit::<libc::sigaction>::zeroed();
    // SAFETY: with a null new action, sigaction only writes the current
    // one into `old`, a zeroed struct of the right type.
    let r = unsafe { libc::sigaction(libc::SIGINT, std::ptr::null(), old.as_mut_ptr()) };
    // SAFETY: zeroed, then filled in by a successful sigaction.
    r == 0 && unsafe { old.assume_init() }.sa_sigaction == libc::SIG_IGN
}

/// Ends the process by SIGINT under its default action, as CPython 3.11
/// does after printing an uncaught `KeyboardInterrupt`: the parent sees the
/// process killed by the signal (a shell reports status 130). Returns only
/// if the signal could not end the process.
#[cfg(feature = "sigint")]
pub fn exit_by_sigint() {
    let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGINT);
}

#[cfg(test)]
mod tests {
    use super::*;

    // One test: the events and the reserve are process-wide.
    #[test]
    fn events_are_taken_once_and_the_reserve_comes_back() {
        set(INTERRUPT);
        assert!(any());
        assert_eq!(take(INTERRUPT), INTERRUPT);
        assert_eq!(take(INTERRUPT), 0);

        assert!(acquire_reserve());
        assert!(reserve_held());
        assert!(release_reserve());
        assert!(!release_reserve());
        assert_eq!(take(MEMORY), MEMORY);
        assert_ne!(PENDING.load(Ordering::SeqCst) & RESERVE, 0);
        assert!(acquire_reserve());
        assert_eq!(PENDING.load(Ordering::SeqCst) & RESERVE, 0);
        assert!(release_reserve());
        take(MEMORY | RESERVE);
        assert!(!any());
    }
}
