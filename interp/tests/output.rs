//! Tests of `interp::output` (`src/output.rs`).

use interp::output::*;
use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

/// A sink that records each write and fails once `fail` is set.
#[derive(Clone, Default)]
struct Rec {
    writes: Rc<RefCell<Vec<usize>>>,
    fail: Rc<RefCell<bool>>,
}

impl Write for Rec {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        if *self.fail.borrow() {
            return Err(io::Error::from_raw_os_error(28));
        }
        self.writes.borrow_mut().push(b.len());
        Ok(b.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The write sizes `strace` shows for CPython 3.11 with a 4096-byte
/// block size: 3000, 6000+100, 9000 go out as 3000, 6100, 9000.
#[test]
fn writes_are_grouped_as_cpython_groups_them() {
    let rec = Rec::default();
    let mut out = Output::new(Box::new(rec.clone()), 4096, false);
    for n in [3000, 6000, 100] {
        out.write(&vec![b'a'; n]).unwrap();
    }
    assert!(rec.writes.borrow().is_empty());
    out.write(&[b'd'; 9000]).unwrap();
    assert_eq!(*rec.writes.borrow(), vec![3000, 6100, 9000]);
    for _ in 0..3 {
        out.write(&[b'e'; 3000]).unwrap();
    }
    out.write(&[b'f'; 5000]).unwrap();
    out.flush().unwrap();
    assert_eq!(*rec.writes.borrow(), vec![3000, 6100, 9000, 6000, 8000]);
}

#[test]
fn a_failed_flush_keeps_the_bytes_and_a_failed_chunk_drops_them() {
    let rec = Rec::default();
    let mut out = Output::new(Box::new(rec.clone()), 4096, false);
    *rec.fail.borrow_mut() = true;
    out.write(b"1\n").unwrap();
    assert!(out.flush().is_err());
    assert!(out.flush().is_err(), "still buffered");
    *rec.fail.borrow_mut() = false;
    out.flush().unwrap();
    assert_eq!(*rec.writes.borrow(), vec![2]);
    *rec.fail.borrow_mut() = true;
    assert!(out.write(&[b'x'; 9000]).is_err());
    *rec.fail.borrow_mut() = false;
    out.flush().unwrap();
    assert_eq!(*rec.writes.borrow(), vec![2], "the chunk was dropped");
}
