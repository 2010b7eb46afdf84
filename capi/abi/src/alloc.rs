//! A global allocator over mimalloc for programs that run Typhon (the
//! `typhon` binary uses it; an embedding program may, or may keep its
//! own).
//!
//! Python programs make and free small objects at a high rate, and the
//! system allocator's slow paths were a quarter of the allocation-heavy
//! benchmarks. The `mimalloc` crate's own wrapper sends every request
//! through `mi_malloc_aligned`, which costs a generic path per object
//! (about a hundred instructions per allocation under callgrind); almost
//! every request here needs no more alignment than plain `mi_malloc`
//! already gives, so this wrapper only asks for alignment when it must.

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// The alignment `mi_malloc` guarantees for blocks of at least that size
/// (`MI_MAX_ALIGN_SIZE`).
const PLAIN_ALIGN: usize = 16;

/// mimalloc as a `#[global_allocator]`.
pub struct Mimalloc;

/// Whether `mi_malloc(size)` is aligned enough for `layout`: blocks are
/// aligned to 16 bytes, or to their size when smaller (the same rule the
/// standard library's system allocator uses).
#[inline(always)]
fn plain(layout: &Layout) -> bool {
    layout.align() <= PLAIN_ALIGN && layout.align() <= layout.size()
}

// SAFETY: every method returns memory from mimalloc sized and aligned for
// the layout (plain blocks when `plain` says their alignment suffices,
// aligned blocks otherwise), and frees only what it handed out.
unsafe impl GlobalAlloc for Mimalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if plain(&layout) {
            // SAFETY: a plain mimalloc allocation; see `plain`.
            unsafe { libmimalloc_sys::mi_malloc(layout.size()) as *mut u8 }
        } else {
            // SAFETY: mimalloc's aligned allocation for the layout.
            unsafe { libmimalloc_sys::mi_malloc_aligned(layout.size(), layout.align()) as *mut u8 }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if plain(&layout) {
            // SAFETY: as `alloc`, zeroed.
            unsafe { libmimalloc_sys::mi_zalloc(layout.size()) as *mut u8 }
        } else {
            // SAFETY: as `alloc`, zeroed.
            unsafe { libmimalloc_sys::mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8 }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: `ptr` came from this allocator (GlobalAlloc contract);
        // `mi_free` takes plain and aligned blocks alike.
        unsafe { libmimalloc_sys::mi_free(ptr as *mut c_void) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_aligned_as_asked() {
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
