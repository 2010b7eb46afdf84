//! A global allocator over mimalloc for programs that run Typhon (the
//! `typhon` binary uses it; an embedding program may, or may keep its
//! own).
//!
//! As in CPython, `PYTHONMALLOC=malloc` in the environment at start sends
//! every request to the C library's `malloc` instead, so that valgrind,
//! which replaces `malloc`, sees and checks every block (inside mimalloc's
//! pages it sees a few big blocks: a use after free there is invisible).
//! `scripts/memcheck` runs the shipped binary so. The choice is made at the
//! process's first allocation and kept: a block is always freed by the
//! allocator that made it.
//!
//! Python programs make and free small objects at a high rate, and the
//! system allocator's slow paths were a quarter of the allocation-heavy
//! benchmarks. The `mimalloc` crate's own wrapper sends every request
//! through `mi_malloc_aligned`, which costs a generic path per object
//! (about a hundred instructions per allocation under callgrind); almost
//! every request here needs no more alignment than plain `mi_malloc`
//! already gives, so this wrapper only asks for alignment when it must.
//!
//! When mimalloc has no memory left for a request smaller than the
//! emergency reserve, the wrapper releases the reserve, which marks
//! `MemoryError` pending for the interpreter's next safe point
//! ([`crate::pending`]), and tries again: the program gets its exception
//! instead of an abort. A larger request just fails: the sites that make
//! them from sizes a program chooses reserve fallibly (`try_reserve`) and
//! raise `MemoryError` themselves, and freeing the reserve would not make
//! room for them anyway.

use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::{CStr, c_void};
use std::sync::atomic::{AtomicU8, Ordering};

/// The alignment `mi_malloc` guarantees for blocks of at least that size
/// (`MI_MAX_ALIGN_SIZE`).
const PLAIN_ALIGN: usize = 16;

/// mimalloc as a `#[global_allocator]` (or the C library's `malloc`,
/// under `PYTHONMALLOC=malloc`: see the module's documentation).
pub struct Mimalloc;

/// Which allocator serves the process: [`UNDECIDED`] until the first
/// allocation, then [`MIMALLOC`] or [`MALLOC`] for good.
static CHOICE: AtomicU8 = AtomicU8::new(UNDECIDED);
const UNDECIDED: u8 = 0;
const MIMALLOC: u8 = 1;
const MALLOC: u8 = 2;

/// Whether requests go to the C library's `malloc`; decides at the first
/// call. Only an allocation can be the first call: a block to free or
/// resize was made after the choice.
#[inline(always)]
fn uses_malloc() -> bool {
    match CHOICE.load(Ordering::Relaxed) {
        MIMALLOC => false,
        MALLOC => true,
        _ => choose(),
    }
}

/// Reads `PYTHONMALLOC` (without allocating: this runs inside the first
/// allocation) and records the choice. Two threads racing here read the
/// same environment and store the same answer.
#[cold]
#[inline(never)]
fn choose() -> bool {
    // SAFETY: `getenv` with a NUL-terminated name; the first allocation
    // happens before `main`, when nothing can be editing the environment.
    let value = unsafe { libc::getenv(c"PYTHONMALLOC".as_ptr()) };
    // SAFETY: a non-null result of `getenv` is a NUL-terminated string.
    let malloc = !value.is_null() && unsafe { CStr::from_ptr(value) } == c"malloc";
    CHOICE.store(if malloc { MALLOC } else { MIMALLOC }, Ordering::Relaxed);
    malloc
}

/// After an allocation of `size` bytes failed: whether to try it again,
/// having released the emergency reserve (which marks `MemoryError`
/// pending). Out of line so the allocation paths stay small.
#[cold]
#[inline(never)]
fn retry_after_failure(size: usize) -> bool {
    size < crate::pending::RESERVE_SIZE && crate::pending::release_reserve()
}

impl Mimalloc {
    /// [`GlobalAlloc::alloc`] (or `alloc_zeroed`) by mimalloc.
    ///
    /// # Safety
    ///
    /// As for [`GlobalAlloc::alloc`]: `layout` has a non-zero size.
    #[inline(always)]
    unsafe fn raw_alloc(layout: &Layout, zeroed: bool) -> *mut u8 {
        if uses_malloc() {
            // SAFETY: the caller's layout, for the standard library's
            // allocator over `malloc`.
            return unsafe {
                if zeroed {
                    System.alloc_zeroed(*layout)
                } else {
                    System.alloc(*layout)
                }
            };
        }
        // SAFETY: mimalloc's allocation for the layout (plain blocks when
        // `plain` says their alignment suffices, aligned ones otherwise).
        unsafe {
            match (plain(layout), zeroed) {
                (true, false) => libmimalloc_sys::mi_malloc(layout.size()) as *mut u8,
                (true, true) => libmimalloc_sys::mi_zalloc(layout.size()) as *mut u8,
                (false, false) => {
                    libmimalloc_sys::mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
                }
                (false, true) => {
                    libmimalloc_sys::mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
                }
            }
        }
    }

    /// [`GlobalAlloc::realloc`] by mimalloc.
    ///
    /// # Safety
    ///
    /// As for [`GlobalAlloc::realloc`].
    #[inline(always)]
    unsafe fn raw_realloc(ptr: *mut u8, layout: &Layout, new_size: usize) -> *mut u8 {
        if CHOICE.load(Ordering::Relaxed) == MALLOC {
            // SAFETY: the block came from `System` (the choice is made
            // before any block exists and never changes).
            return unsafe { System.realloc(ptr, *layout, new_size) };
        }
        let new_plain = layout.align() <= PLAIN_ALIGN && layout.align() <= new_size;
        if new_plain {
            // SAFETY: `ptr` came from this allocator; the new block's
            // alignment suffices (see `plain`).
            unsafe { libmimalloc_sys::mi_realloc(ptr as *mut c_void, new_size) as *mut u8 }
        } else {
            // SAFETY: as above, keeping the layout's alignment.
            unsafe {
                libmimalloc_sys::mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align())
                    as *mut u8
            }
        }
    }
}

/// Whether `mi_malloc(size)` is aligned enough for `layout`: blocks are
/// aligned to 16 bytes, or to their size when smaller (the same rule the
/// standard library's system allocator uses).
#[inline(always)]
fn plain(layout: &Layout) -> bool {
    layout.align() <= PLAIN_ALIGN && layout.align() <= layout.size()
}

// SAFETY: every method returns memory from mimalloc sized and aligned for
// the layout (plain blocks when `plain` says their alignment suffices,
// aligned blocks otherwise), or from `System` when the process chose
// `malloc`, and frees only what it handed out, with the allocator that
// made it (the choice never changes once a block exists).
unsafe impl GlobalAlloc for Mimalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout (GlobalAlloc contract).
        let p = unsafe { Self::raw_alloc(&layout, false) };
        if p.is_null() && retry_after_failure(layout.size()) {
            // SAFETY: as above, after the reserve made room.
            return unsafe { Self::raw_alloc(&layout, false) };
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`, zeroed.
        let p = unsafe { Self::raw_alloc(&layout, true) };
        if p.is_null() && retry_after_failure(layout.size()) {
            // SAFETY: as above, after the reserve made room.
            return unsafe { Self::raw_alloc(&layout, true) };
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if CHOICE.load(Ordering::Relaxed) == MALLOC {
            // SAFETY: the block came from `System` (as in `raw_realloc`).
            return unsafe { System.dealloc(ptr, layout) };
        }
        // SAFETY: `ptr` came from this allocator (GlobalAlloc contract);
        // `mi_free` takes plain and aligned blocks alike.
        unsafe { libmimalloc_sys::mi_free(ptr as *mut c_void) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's block and layout (GlobalAlloc contract); a
        // failed realloc leaves the block as it was, so retrying is sound.
        let p = unsafe { Self::raw_realloc(ptr, &layout, new_size) };
        if p.is_null() && retry_after_failure(new_size) {
            // SAFETY: as above, after the reserve made room.
            return unsafe { Self::raw_realloc(ptr, &layout, new_size) };
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_aligned_as_asked() {
        // Both allocators, each chosen while no block of the other exists
        // (this test binary's own allocator is the standard one).
        for choice in [MIMALLOC, MALLOC] {
            CHOICE.store(choice, Ordering::Relaxed);
            assert_eq!(uses_malloc(), choice == MALLOC);
            check_alignment();
        }
    }

    fn check_alignment() {
        let a = Mimalloc;
        for (size, align) in [(8, 8), (24, 8), (32, 16), (64, 64), (100, 4096), (1, 1)] {
            let layout = Layout::from_size_align(size, align).expect("layout");
            // SAFETY: a non-zero-sized layout; the block is freed below.
            let p = unsafe { a.alloc(layout) };
            assert!(!p.is_null());
            assert_eq!(p as usize % align, 0, "size {size} align {align}");
            // SAFETY: the block is `size` bytes, then grown with the same
            // alignment and freed with the grown layout.
            unsafe {
                p.write_bytes(0xab, size);
                let q = a.realloc(p, layout, size * 3);
                assert_eq!(q as usize % align, 0);
                assert_eq!(*q, 0xab);
                a.dealloc(q, Layout::from_size_align(size * 3, align).expect("layout"));
            }
        }
    }
}
