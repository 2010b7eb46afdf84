//! Freed small object boxes kept for reuse, as CPython keeps free lists of
//! floats and tuples.
//!
//! Numbers cross into C boxed: each float argument of a C call, and each
//! float or int a C function returns, is a heap object that lives for the
//! length of the call. Through the allocator, making and freeing one cost
//! about 80 instructions. Here a freed box of 24, 32 or 40 bytes (a
//! float, a small int, any payload of one or two words; a tuple, whose
//! items are a block of their own) goes to a per-thread stack of its size
//! and the next box of that size comes from there.
//!
//! A block on a stack holds no object: its payload was dropped, it counts
//! as freed in [`crate::live_objects`], and it is handed out again only as
//! raw memory of the same size and alignment, which is what the global
//! allocator would give. [`release`] gives them all back to the allocator
//! (at VM shutdown, so that leak checkers see nothing held).

use std::alloc::Layout;
use std::cell::{Cell, UnsafeCell};

/// How many blocks each size keeps (CPython keeps 100 floats).
const SPARE_MAX: usize = 64;

/// A stack of free blocks of one layout.
struct Spares {
    len: Cell<usize>,
    blocks: UnsafeCell<[*mut u8; SPARE_MAX]>,
}

impl Spares {
    const fn new() -> Spares {
        Spares {
            len: Cell::new(0),
            blocks: UnsafeCell::new([std::ptr::null_mut(); SPARE_MAX]),
        }
    }

    #[inline(always)]
    fn pop(&self) -> Option<*mut u8> {
        let n = self.len.get().checked_sub(1)?;
        self.len.set(n);
        // SAFETY: the array is only reached through this thread-local
        // value, by these methods, none of which lets a reference escape or
        // calls out while one exists.
        let blocks = unsafe { &*self.blocks.get() };
        blocks.get(n).copied()
    }

    #[inline(always)]
    fn push(&self, p: *mut u8) -> bool {
        let n = self.len.get();
        // SAFETY: as in `pop`.
        let blocks = unsafe { &mut *self.blocks.get() };
        match blocks.get_mut(n) {
            Some(slot) => {
                *slot = p;
                self.len.set(n + 1);
                true
            }
            None => false,
        }
    }
}

thread_local! {
    static SPARE_24: Spares = const { Spares::new() };
    static SPARE_32: Spares = const { Spares::new() };
    static SPARE_40: Spares = const { Spares::new() };
}

/// The layouts kept.
const LAYOUT_24: Layout = match Layout::from_size_align(24, 8) {
    Ok(l) => l,
    Err(_) => panic!("24-byte layout"),
};
const LAYOUT_32: Layout = match Layout::from_size_align(32, 8) {
    Ok(l) => l,
    Err(_) => panic!("32-byte layout"),
};
const LAYOUT_40: Layout = match Layout::from_size_align(40, 8) {
    Ok(l) => l,
    Err(_) => panic!("40-byte layout"),
};

/// Which stack keeps blocks of `layout`: 1 for 24 bytes, 2 for 32, 3 for
/// 40, 0 none.
/// A `const fn`, so that for a given payload type the choice folds away.
pub(crate) const fn class_of(layout: Layout) -> u8 {
    if layout.align() != 8 {
        0
    } else if layout.size() == 24 {
        1
    } else if layout.size() == 32 {
        2
    } else if layout.size() == 40 {
        3
    } else {
        0
    }
}

/// A kept block of class `class` (from [`class_of`]), if there is one.
#[inline(always)]
pub(crate) fn take(class: u8) -> Option<*mut u8> {
    match class {
        1 => SPARE_24.with(Spares::pop),
        2 => SPARE_32.with(Spares::pop),
        3 => SPARE_40.with(Spares::pop),
        _ => None,
    }
}

/// Keeps block `p` of class `class`; false (nothing kept) when that stack
/// is full or the class keeps nothing, and the caller frees it.
#[inline(always)]
pub(crate) fn keep(class: u8, p: *mut u8) -> bool {
    match class {
        1 => SPARE_24.with(|s| s.push(p)),
        2 => SPARE_32.with(|s| s.push(p)),
        3 => SPARE_40.with(|s| s.push(p)),
        _ => false,
    }
}

/// Gives every kept block of this thread back to the allocator.
pub fn release() {
    for (spares, layout) in [
        (&SPARE_24, LAYOUT_24),
        (&SPARE_32, LAYOUT_32),
        (&SPARE_40, LAYOUT_40),
    ] {
        while let Some(p) = spares.with(Spares::pop) {
            // SAFETY: every kept block was allocated by the global
            // allocator with `layout` (`keep` takes only blocks of its
            // class's size and alignment) and holds no object.
            unsafe { std::alloc::dealloc(p, layout) };
        }
    }
}

/// How many blocks this thread keeps (for tests).
pub fn kept() -> usize {
    SPARE_24.with(|s| s.len.get()) + SPARE_32.with(|s| s.len.get()) + SPARE_40.with(|s| s.len.get())
}
