//! Compiling in the background: Cranelift's part of a compile (CLIF to
//! machine code, [`code::codegen`]) runs on a thread of its own while the
//! interpreter goes on running the function, and the code is linked and
//! installed at one of the function's next calls (on-stack replacement
//! code: entered at one of the loop's next rounds, `interp::jit::Osr`).
//!
//! Nearly all of a compile's time is Cranelift's (register allocation,
//! instruction selection, emission): building the HIR and lowering it to
//! CLIF take a few percent of it and stay on the interpreter's thread,
//! which alone may read the interpreter's state. What crosses to the
//! worker is a CLIF function, plain data; what comes back is machine code
//! and its relocations. The worker touches nothing of the interpreter, so
//! a program may end while it compiles (the thread is never waited for).
//!
//! Only a machine with more than one CPU gets a worker: on one, the
//! compile would only take time from the program.

use crate::code::{self, Machine};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

/// One compile for the worker.
struct Job {
    id: u64,
    func: Box<cranelift_codegen::ir::Function>,
    verify: bool,
}

/// A compile the worker finished.
pub struct Done {
    /// The number the compile was sent with.
    pub id: u64,
    /// The machine code, or why there is none.
    pub result: Result<Machine, String>,
    /// The worker's time on it.
    pub time: Duration,
}

/// The compile thread and the channels to it.
pub struct Worker {
    jobs: Sender<Job>,
    done: Receiver<Done>,
}

impl Worker {
    /// Starts the thread, unless the machine has a single CPU or the
    /// thread cannot be made (then every compile runs where it is asked
    /// for).
    pub fn start() -> Option<Worker> {
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        if cpus < 2 {
            return None;
        }
        let (jobs, todo) = channel::<Job>();
        let (finished, done) = channel::<Done>();
        std::thread::Builder::new()
            .name("typhon-jit".into())
            .spawn(move || {
                // Ends when the JIT drops its end of the channel.
                while let Ok(Job { id, func, verify }) = todo.recv() {
                    let t = Instant::now();
                    // A panic in Cranelift fails this compile only, as it
                    // does on the interpreter's thread (`Jit::compile_code`).
                    let result = code::catch_panic(move || code::codegen(*func, verify));
                    let time = t.elapsed();
                    if finished.send(Done { id, result, time }).is_err() {
                        break;
                    }
                }
            })
            .ok()?;
        Some(Worker { jobs, done })
    }

    /// Sends a compile; gives the function back if the worker is gone
    /// (the caller compiles it itself).
    pub fn send(
        &self,
        id: u64,
        func: Box<cranelift_codegen::ir::Function>,
        verify: bool,
    ) -> Result<(), Box<cranelift_codegen::ir::Function>> {
        self.jobs
            .send(Job { id, func, verify })
            .map_err(|e| e.0.func)
    }

    /// A compile the worker finished, if any (never waits).
    pub fn finished(&self) -> Option<Done> {
        self.done.try_recv().ok()
    }
}
