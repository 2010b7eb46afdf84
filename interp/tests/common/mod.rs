//! Running small programs through `interp`'s public API, with `print`
//! output captured and a leak check at the end.
#![allow(dead_code)] // each test file uses a different part

use interp::{Value, Vm, VmConfig};
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

/// A `Write` that appends to a shared buffer.
#[derive(Clone, Default)]
struct Capture(Rc<RefCell<Vec<u8>>>);

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Live heap objects on this thread (immortal ones are not counted).
fn live() -> isize {
    interp::object::live_objects()
}

/// Runs `source` as `__main__` in a fresh VM, calls `inspect` with the VM
/// and the outcome while the VM is alive, then shuts the VM down and checks
/// that every heap object was freed. Returns the captured stdout and what
/// `inspect` returned.
pub fn with_program<T>(
    source: &str,
    inspect: impl FnOnce(&mut Vm, Result<(), String>) -> T,
) -> (String, T) {
    let baseline = live();
    let cap = Capture::default();
    let result = {
        let mut vm = Vm::new(VmConfig::default(), Box::new(cap.clone()));
        let r = vm.run_main_source(source, "test.py");
        let r = r.and_then(|v| vm.flush().map(|()| v));
        let r = match r {
            Ok(_) => Ok(()),
            Err(e) => Err(interp::traceback::format_exception(&mut vm, &e)),
        };
        let t = inspect(&mut vm, r);
        vm.shutdown();
        t
    };
    let leaked = live() - baseline;
    assert_eq!(leaked, 0, "{leaked} heap objects leaked by:\n{source}");
    let out = String::from_utf8(cap.0.borrow().clone()).expect("print output is UTF-8");
    (out, result)
}

/// Runs `source`; returns stdout and the traceback text if it raised.
pub fn run(source: &str) -> (String, Result<(), String>) {
    with_program(source, |_, r| r)
}

/// Runs `source`, which must not raise, and returns its stdout.
#[track_caller]
pub fn run_ok(source: &str) -> String {
    let (out, r) = run(source);
    if let Err(tb) = r {
        panic!("program raised:\n{tb}\n--- stdout so far:\n{out}\n--- program:\n{source}");
    }
    out
}

/// Asserts that `source` prints exactly `expected`, line by line (so a
/// failure names the first differing line).
#[track_caller]
pub fn assert_prints(source: &str, expected: &str) {
    let out = run_ok(source);
    for (i, (a, e)) in out.lines().zip(expected.lines()).enumerate() {
        assert_eq!(
            a,
            e,
            "line {} of the output differs; program:\n{source}",
            i + 1
        );
    }
    assert_eq!(out, expected, "output differs; program:\n{source}");
}

/// Runs `source` and returns what `f` makes of the module global `name`.
#[track_caller]
pub fn global<T>(source: &str, name: &str, f: impl FnOnce(&Value) -> T) -> T {
    let (_, t) = with_program(source, |vm, r| {
        if let Err(tb) = r {
            panic!("program raised:\n{tb}");
        }
        let module = vm.import("__main__").expect("__main__ is loaded");
        let v = vm
            .getattr(&module, name)
            .unwrap_or_else(|_| panic!("no global {name}"));
        f(&v)
    });
    t
}
