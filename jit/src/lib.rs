//! Typhon's method JIT (Cranelift). It plugs into the interpreter through
//! `interp::jit::JitBackend`; the `typhon` crate installs it.
//!
//! The pipeline, one module per step:
//!
//! ```text
//! bytecode + feedback ─ build ─▶ HIR ─ lower ─▶ CLIF ─ code ─▶ machine code
//!   (interp::quicken)  build.rs  hir.rs  lower.rs        code.rs
//! ```
//!
//! [`facts`] is an analysis of the HIR that lowering consults; [`warm`]
//! compiles a made-up function on another thread when the JIT starts, so
//! that the program's first compile finds the compiler's code warm;
//! [`worker`] runs Cranelift's part of compiles on a thread of its own.
//!
//! Side-exit reasons ([`deopt`]), options ([`options`]) and counters
//! ([`stats`]) are declared once each; [`layout`] pins the `Value` layout
//! compiled code reads; [`helpers`] are the runtime functions compiled
//! code calls.

pub mod build;
pub mod code;
pub mod deopt;
pub mod facts;
pub mod helpers;
pub mod hir;
pub mod layout;
pub mod lower;
pub mod options;
pub mod stats;
pub mod warm;
pub mod worker;

use code::catch_panic;
use interp::Value;
use interp::Vm;
use interp::bytecode::Code;
use interp::jit::{Compiled, JitBackend};
use interp::object::ObjRef;
use options::Options;
use stats::{Decline, FunctionStats, Stats};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::{Rc, Weak};
use std::time::{Duration, Instant};

/// The Cranelift JIT backend.
pub struct Jit {
    options: Options,
    stats: Rc<RefCell<Stats>>,
    /// Names of the functions the JIT was asked about.
    seen: HashSet<String>,
    /// The objects each compiled function holds (released at shutdown;
    /// the code owns them, and frees them with itself before that).
    held: Vec<Weak<RefCell<Vec<ObjRef>>>>,
    /// The compiler's warm-up.
    warm: warm::WarmUp,
    /// The direct-call record of each function compiled for calls, with
    /// its index in the stats (the code owns it; it counts calls made
    /// directly until the code's next exit or its end).
    records: Vec<(usize, Weak<code::DirectRecord>)>,
    /// Each function's (and on-stack replacement loop's) entry in the
    /// stats: qualified name, file, first line, loop line.
    indexes: HashMap<(String, String, u32, Option<u32>), usize>,
    /// The compile thread, with [`Options::background`], started at the
    /// first compile that can use it (a program that compiles nothing
    /// has no such thread).
    worker: Option<worker::Worker>,
    /// Whether a worker may still be started.
    worker_wanted: bool,
    /// Compiles the worker is making machine code for, by job number.
    compiling: HashMap<u64, Compiling>,
    /// The last job number given.
    jobs: u64,
    /// Compiled code linked for a function, waiting for the function's
    /// next call that asks for it ([`JitBackend::compile`]).
    ready: Vec<(Weak<Code>, code::CompiledFn)>,
    /// On-stack replacement code linked for a loop header (the code
    /// object's, and the header's index), waiting for the loop's next
    /// round that asks for it ([`JitBackend::compile_osr`]).
    ready_osr: Vec<(Weak<Code>, usize, code::CompiledFn)>,
    /// Functions declined for now ([`Decline::NotYet`]), how often, and
    /// the instruction that had not run enough as it was then: asked
    /// again after more calls, built again only once that instruction
    /// changed (it ran, or was quickened), at most [`NOT_YET_RETRIES`]
    /// times.
    not_yet: Vec<NotYet>,
    /// Loop headers (the code object's, and the header's index) whose
    /// on-stack replacement was put off because their function has code
    /// for its calls, or will soon, and how many times since that code
    /// was there ([`JitBackend::compile_osr`]).
    osr_put_off: Vec<(Weak<Code>, usize, u8)>,
}

/// How many times a loop whose function has code for its calls is asked
/// about before it gets loop code of its own (`interp::jit::OSR_POLL_COUNT`
/// rounds apart; see [`JitBackend::compile_osr`]).
const OSR_PUT_OFF: u8 = 4;

/// A function declined for now ([`Jit::not_yet`]).
struct NotYet {
    code: Weak<Code>,
    builds: u8,
    pc: usize,
    was: Option<interp::bytecode::Instr>,
}

impl NotYet {
    fn is_for(&self, code: &Code) -> bool {
        std::ptr::eq(self.code.as_ptr(), code)
    }

    /// Whether the instruction that stopped the build is as it was.
    fn unchanged(&self, code: &Code) -> bool {
        code.units.get(self.pc).map(std::cell::Cell::get) == self.was
    }
}

/// How often a function declined because the way to its loop had not run
/// often enough ([`Decline::NotYet`]) is tried again: the interpreter's
/// instructions get their types within their first
/// `interp::quicken::DEFAULT_WARMUP` (8) runs.
const NOT_YET_RETRIES: u8 = 16;

/// A compile whose machine code the worker is making.
struct Compiling {
    code: Weak<Code>,
    started: code::Started,
    /// The time the interpreter's thread spent on it (building and
    /// lowering).
    time: Duration,
    /// For on-stack replacement code: where it starts, the loop header's
    /// index and the loop's line.
    osr: Option<(code::OsrStart, usize, u32)>,
}

impl Compiling {
    fn is_for(&self, code: &Code) -> bool {
        std::ptr::eq(self.code.as_ptr(), code)
    }
}

impl Jit {
    /// A backend with these options.
    pub fn new(options: Options) -> Jit {
        // Not with the verifier, which the test suites turn on: their many
        // short-lived VMs would each start a thread.
        let warm = if options.enabled && options.warm_up && !options.verify {
            warm::WarmUp::start()
        } else {
            warm::WarmUp::none()
        };
        let worker_wanted =
            options.enabled && options.background && !options.eager && !options.verify;
        Jit {
            warm,
            worker: None,
            worker_wanted,
            compiling: HashMap::new(),
            jobs: 0,
            ready: Vec::new(),
            ready_osr: Vec::new(),
            not_yet: Vec::new(),
            osr_put_off: Vec::new(),
            options,
            stats: Rc::default(),
            seen: HashSet::new(),
            held: Vec::new(),
            records: Vec::new(),
            indexes: HashMap::new(),
        }
    }

    /// What the JIT did so far.
    pub fn stats(&self) -> Stats {
        let mut s = self.stats.borrow().clone();
        s.warm_up = self.warm.state();
        // Direct calls not counted yet.
        for (i, r) in &self.records {
            if let (Some(f), Some(r)) = (s.functions.get_mut(*i), r.upgrade()) {
                f.entries += r.calls.get();
            }
        }
        s
    }

    /// Records a compile (or a decline) of `code` in the stats; `osr_line`
    /// when it was on-stack replacement at the loop of that line. A
    /// function compiled again (after its code was given up) keeps its
    /// entry, so that the stats stay as long as the program's functions.
    fn record(
        &mut self,
        code: &Code,
        declined: Option<(Decline, String)>,
        time: Duration,
        size: u64,
        osr_line: Option<u32>,
    ) -> usize {
        let mut s = self.stats.borrow_mut();
        let key = (
            code.qualname.to_string(),
            code.source.filename.to_string(),
            code.first_line,
            osr_line,
        );
        let n = s.functions.len();
        let i = *self.indexes.entry(key).or_insert(n);
        if i == n {
            s.functions.push(FunctionStats {
                name: code.qualname.to_string(),
                declined: None,
                compile_time: Default::default(),
                code_size: 0,
                compiles: 0,
                exits: [0; deopt::ExitReason::ALL.len()],
                entries: 0,
                discards: 0,
                leaves: 0,
                osr_line,
                sites: Default::default(),
            });
        }
        if let Some(f) = s.functions.get_mut(i) {
            f.compile_time += time;
            if declined.is_none() {
                f.compiles += 1;
                f.code_size = size;
            }
            f.declined = declined;
        }
        i
    }

    /// Builds `code` (at its start, or at a loop header for on-stack
    /// replacement) and compiles it; records the outcome either way.
    fn compile_code(
        &mut self,
        vm: &Vm,
        code: &Rc<Code>,
        globals: &ObjRef,
        osr: Option<(&build::OsrEntry, code::OsrStart)>,
    ) -> Option<code::CompiledFn> {
        let t = Instant::now();
        let name = code.qualname.clone();
        self.seen.insert(name.clone());
        let osr_line = osr.as_ref().map(|(e, _)| code.line_at(e.pc));
        if !self.options.allows(&name) {
            self.record(
                code,
                Some((Decline::Disabled, String::new())),
                t.elapsed(),
                0,
                osr_line,
            );
            return None;
        }
        let typed = |o: &ObjRef| typed_target(vm, o);
        let built = match &osr {
            Some((entry, _)) => build::build_osr(vm, code, globals, &typed, entry),
            None => build::build(vm, code, globals, &typed),
        };
        let built = match built {
            Ok(b) => b,
            Err(d) => {
                if osr.is_none() {
                    let at = d.at.filter(|_| d.why == Decline::NotYet);
                    self.note_not_yet(code, at);
                }
                self.record(code, Some((d.why, d.detail)), t.elapsed(), 0, osr_line);
                return None;
            }
        };
        if self.options.dump_hir.contains(&name) {
            eprint!("{}", built.func);
        }
        let want_clif = self.options.dump_clif.contains(&name);
        let frame_len = frame_len(code);
        // A function that holds nothing still gets a marker, so that an
        // empty list means "released".
        let mut keep = built.keep;
        keep.push(globals.clone());
        let keep = Rc::new(RefCell::new(keep));
        prune(&mut self.held);
        self.held.push(Rc::downgrade(&keep));
        let how = code::How {
            want_clif,
            verify: self.options.verify,
            portable_checks: false,
        };
        let parts = code::Parts::new(&built.func, keep, built.cells, globals, frame_len);
        // With a worker and nothing to print: lowered here, its machine
        // code made on the worker's thread, and handed out at a later call
        // (`JitBackend::compile`) or, for on-stack replacement, a later
        // round of the loop (`JitBackend::compile_osr`), while the
        // interpreter runs on.
        if !want_clif && self.worker.is_none() && self.worker_wanted {
            self.worker = worker::Worker::start();
            self.worker_wanted = false;
        }
        if !want_clif && let Some(w) = &self.worker {
            let started = catch_panic(|| code::start(&built.func, parts, how));
            let (started, func) = match started {
                Ok(s) => s,
                Err(e) => {
                    self.declined_codegen(code, &e, t.elapsed(), None);
                    return None;
                }
            };
            self.jobs += 1;
            match w.send(self.jobs, func, how.verify) {
                Ok(()) => {
                    let osr = match (osr, osr_line) {
                        (Some((e, start)), Some(line)) => Some((start, e.pc, line)),
                        _ => None,
                    };
                    self.compiling.insert(
                        self.jobs,
                        Compiling {
                            code: Rc::downgrade(code),
                            started,
                            time: t.elapsed(),
                            osr,
                        },
                    );
                    return None;
                }
                // The worker is gone: made here after all.
                Err(func) => {
                    self.worker = None;
                    let out = catch_panic(|| {
                        code::codegen(*func, how.verify).and_then(|m| started.finish(m))
                    });
                    return self.compiled(code, out, t.elapsed(), osr.map(|(_, s)| s), osr_line);
                }
            }
        }
        // A panic in the code generator (a bug, here or in Cranelift)
        // declines the function rather than ending the program; the
        // interpreter runs it as before.
        let out = catch_panic(|| code::compile_parts(&built.func, parts, how));
        self.compiled(code, out, t.elapsed(), osr.map(|(_, s)| s), osr_line)
    }

    /// Records the outcome of a compile of `code` that took `time`, and
    /// gives its code (for on-stack replacement: starting at `osr`).
    fn compiled(
        &mut self,
        code: &Code,
        out: Result<code::Output, String>,
        time: Duration,
        osr: Option<code::OsrStart>,
        osr_line: Option<u32>,
    ) -> Option<code::CompiledFn> {
        match out {
            Ok(mut out) => {
                if let Some(c) = &out.clif {
                    eprint!("{c}");
                }
                let i = self.record(code, None, time, out.size, osr_line);
                if self.options.perf_map {
                    perf_map_line(out.addr, out.size, &code.qualname, &code.source.filename);
                }
                out.code
                    .set_stats(self.stats.clone(), i, self.options.max_exits);
                if let Some(start) = osr {
                    out.code.set_osr(start);
                }
                Some(out.code)
            }
            Err(e) => {
                self.declined_codegen(code, &e, time, osr_line);
                None
            }
        }
    }

    /// Records that code generation failed for `code`.
    fn declined_codegen(&mut self, code: &Code, e: &str, time: Duration, osr_line: Option<u32>) {
        if e.starts_with(code::VERIFIER_ERROR) || e.starts_with(code::CODEGEN_PANIC) {
            // Only with `verify` on (the tests): loud, so that a
            // test comparing output fails on it.
            eprintln!(
                "typhon: JIT internal error compiling {}: {e}",
                code.qualname
            );
        }
        self.record(
            code,
            Some((Decline::Codegen, e.to_string())),
            time,
            0,
            osr_line,
        );
    }

    /// Links the compiles the worker finished; their code waits in
    /// `ready` for its function's next call that asks.
    fn collect(&mut self) {
        // Loop code of a function that is gone is dropped with it.
        self.ready_osr.retain(|(c, _, _)| c.strong_count() > 0);
        let Some(w) = &self.worker else { return };
        let mut done = Vec::new();
        while let Some(d) = w.finished() {
            done.push(d);
        }
        for d in done {
            let Some(c) = self.compiling.remove(&d.id) else {
                continue;
            };
            // The function is gone: its code is dropped unlinked.
            let Some(code) = c.code.upgrade() else {
                continue;
            };
            let out = d.result.and_then(|m| c.started.finish(m));
            let time = c.time + d.time;
            if let Some((start, pc, line)) = c.osr {
                if let Some(fn_code) = self.compiled(&code, out, time, Some(start), Some(line)) {
                    self.stats.borrow_mut().background += 1;
                    // Entered at the loop's next round that asks.
                    self.ready_osr.push((c.code, pc, fn_code));
                }
                continue;
            }
            if let Some(fn_code) = self.compiled(&code, out, time, None, None) {
                self.stats.borrow_mut().background += 1;
                self.ready.push((c.code, fn_code));
                // Installed at the function's next call or return (compiled
                // callers call it directly only from then on).
                code.jit_countdown.set(0);
            }
        }
    }

    /// Counts a [`Decline::NotYet`] of `code` at the instruction at
    /// `at`, or (`None`: another decline, which is final) forgets the
    /// earlier ones.
    fn note_not_yet(&mut self, code: &Rc<Code>, at: Option<usize>) {
        self.not_yet
            .retain(|n| n.code.strong_count() > 0 && (at.is_some() || !n.is_for(code)));
        let Some(pc) = at else { return };
        let was = code.units.get(pc).map(std::cell::Cell::get);
        match self.not_yet.iter_mut().find(|n| n.is_for(code)) {
            Some(n) => {
                n.builds = n.builds.saturating_add(1);
                n.pc = pc;
                n.was = was;
            }
            None => self.not_yet.push(NotYet {
                code: Rc::downgrade(code),
                builds: 1,
                pc,
                was,
            }),
        }
    }

    /// Where `osr_put_off` holds the loop of `code` at `pc`, if it does.
    fn put_off_at(&self, code: &Code, pc: usize) -> Option<usize> {
        self.osr_put_off
            .iter()
            .position(|(c, at, _)| std::ptr::eq(c.as_ptr(), code) && *at == pc)
    }

    /// Whether the worker is making loop code for `code` at `pc`.
    fn osr_pending_here(&self, code: &Code, pc: usize) -> bool {
        self.compiling
            .values()
            .any(|c| c.is_for(code) && c.osr.as_ref().is_some_and(|o| o.1 == pc))
    }

    /// Whether the worker is making `code`'s code for its calls.
    fn compiling_for_calls(&self, code: &Code) -> bool {
        self.compiling
            .values()
            .any(|c| c.osr.is_none() && c.is_for(code))
    }

    /// Hands compiled code for calls to the interpreter.
    fn hand_out(&mut self, c: code::CompiledFn) -> Rc<dyn Compiled> {
        let c = Rc::new(c);
        c.record().owner.set(Rc::as_ptr(&c) as usize);
        let i = c.stats_index().unwrap_or(usize::MAX);
        prune(&mut self.records);
        self.records.push((i, Rc::downgrade(c.record())));
        c
    }
}

/// The typed-call targets the C API knows, in the builder's terms.
fn typed_target(vm: &Vm, o: &ObjRef) -> Option<build::TypedTarget> {
    let capi::TypedTarget {
        func,
        args,
        ret,
        may_raise,
        receiver,
    } = capi::typed_target(vm, o)?;
    let conv = |t: capi::CType| match t {
        capi::CType::Long => Some(hir::CType::Long),
        capi::CType::Double => Some(hir::CType::Double),
        capi::CType::Bool => Some(hir::CType::Bool),
        capi::CType::Object => Some(hir::CType::Object),
        capi::CType::Void => Some(hir::CType::Void),
        capi::CType::Str => Some(hir::CType::Str),
    };
    Some(build::TypedTarget {
        func,
        args: args.into_iter().map(conv).collect::<Option<Vec<_>>>()?,
        ret: conv(ret)?,
        may_raise,
        receiver,
    })
}

impl JitBackend for Jit {
    fn name(&self) -> &'static str {
        "cranelift"
    }

    fn threshold(&self) -> u32 {
        if !self.options.enabled {
            u32::MAX
        } else if self.options.eager {
            0
        } else {
            self.options.threshold
        }
    }

    fn compile(&mut self, vm: &Vm, code: &Rc<Code>, globals: &ObjRef) -> Option<Rc<dyn Compiled>> {
        self.collect();
        let mine = |c: &Weak<Code>| std::ptr::eq(c.as_ptr(), Rc::as_ptr(code));
        if let Some(i) = self.ready.iter().position(|(c, _)| mine(c)) {
            let (_, c) = self.ready.swap_remove(i);
            return Some(self.hand_out(c));
        }
        if self.compiling_for_calls(code) {
            return None;
        }
        // Declined for now, and the instruction that stopped it has not
        // run since: building again would stop there again.
        if self
            .not_yet
            .iter()
            .any(|n| n.is_for(code) && n.unchanged(code))
        {
            return None;
        }
        let c = self.compile_code(vm, code, globals, None)?;
        Some(self.hand_out(c))
    }

    fn pending(&self, code: &Code) -> bool {
        let mine = |c: &Weak<Code>| std::ptr::eq(c.as_ptr(), code);
        self.compiling_for_calls(code) || self.ready.iter().any(|(c, _)| mine(c))
    }

    fn retry(&self, code: &Code) -> bool {
        self.not_yet
            .iter()
            .any(|n| n.is_for(code) && n.builds <= NOT_YET_RETRIES)
    }

    fn osr_pending(&self, code: &Code, pc: usize) -> bool {
        self.put_off_at(code, pc).is_some() || self.osr_pending_here(code, pc)
    }

    fn compile_osr(
        &mut self,
        vm: &Vm,
        code: &Rc<Code>,
        globals: &ObjRef,
        pc: usize,
        frame: &[Value],
        depth: usize,
    ) -> Option<Rc<dyn Compiled>> {
        if !self.options.enabled || !self.options.osr {
            return None;
        }
        // Made on the worker's thread: entered now if it is done (the
        // code checks at its start that the frame is one it can run).
        self.collect();
        let mine = |(c, at, _): &(Weak<Code>, usize, code::CompiledFn)| {
            std::ptr::eq(c.as_ptr(), Rc::as_ptr(code)) && *at == pc
        };
        if let Some(i) = self.ready_osr.iter().position(mine) {
            let (_, _, c) = self.ready_osr.swap_remove(i);
            return Some(Rc::new(c));
        }
        if self.osr_pending_here(code, pc) {
            return None;
        }
        // The function has code for its calls, or will soon: later calls
        // run that, and this one may well end before loop code made for it
        // would be ready (raytrace's `Scene.trace`, two rounds a call:
        // such code was entered once, after taking the worker 3.5 ms that
        // other functions waited for). So the loop is asked about again
        // after some rounds (`osr_pending` says so) while the function's
        // code is on its way, and a few times more after that: a loop
        // still run by the interpreter then (a long call, one that the
        // code handed back, or calls from interpreted callers) gets its
        // code.
        let has_code = code.jit.try_borrow().is_ok_and(|j| j.is_some());
        let pending = self.pending(code);
        if has_code || pending {
            self.osr_put_off.retain(|(c, _, _)| c.strong_count() > 0);
            match self.put_off_at(code, pc) {
                Some(_) if pending => return None,
                Some(i) => {
                    let asks = &mut self.osr_put_off[i].2;
                    *asks += 1;
                    if *asks < OSR_PUT_OFF {
                        return None;
                    }
                    self.osr_put_off.swap_remove(i);
                }
                None => {
                    self.osr_put_off.push((Rc::downgrade(code), pc, 0));
                    return None;
                }
            }
        }
        let (entry, start) = osr_shape(code.nslots(), pc, frame, depth)?;
        let c = self.compile_code(vm, code, globals, Some((&entry, start)))?;
        Some(Rc::new(c))
    }

    fn shutdown(&mut self) {
        // Compiles not handed out are dropped, and the worker stops.
        self.worker = None;
        self.worker_wanted = false;
        self.compiling.clear();
        self.ready.clear();
        self.ready_osr.clear();
        self.osr_put_off.clear();
        // Compiled callers must not call code whose objects are released.
        for (_, r) in self.records.drain(..) {
            if let Some(r) = r.upgrade() {
                r.entry.set(0);
            }
        }
        for k in self.held.drain(..) {
            if let Some(k) = k.upgrade()
                && let Ok(mut k) = k.try_borrow_mut()
            {
                k.clear();
            }
        }
    }

    fn report(&self) -> Option<String> {
        Some(self.stats().report())
    }

    fn exit_warnings(&self) -> Vec<String> {
        self.options
            .disabled_functions
            .iter()
            .filter(|n| !self.seen.contains(*n))
            .map(|n| {
                format!(
                    "typhon: warning: [jit] disabled_functions names '{n}', but no function of that name became hot (or ran)"
                )
            })
            .collect()
    }
}

/// Drops from `list` what compiled code no longer holds, when it has
/// doubled since it was last pruned (so pushing stays amortized O(1)):
/// code compiled and given up again and again leaves nothing behind.
trait Prunable {
    fn alive(&self) -> bool;
}

impl<T> Prunable for Weak<T> {
    fn alive(&self) -> bool {
        self.strong_count() > 0
    }
}

impl<T> Prunable for (usize, Weak<T>) {
    fn alive(&self) -> bool {
        self.1.strong_count() > 0
    }
}

fn prune<P: Prunable>(list: &mut Vec<P>) {
    if list.len() >= 16 && list.len() == list.capacity() {
        list.retain(Prunable::alive);
    }
}

/// Appends a compiled function to `/tmp/perf-<pid>.map` (`START SIZE
/// NAME`, hexadecimal), the file `perf` reads to name JIT code. A failed
/// write only loses the name in the profile.
fn perf_map_line(addr: usize, size: u64, name: &str, file: &str) {
    use std::io::Write;
    let path = format!("/tmp/perf-{}.map", std::process::id());
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        let _ = writeln!(f, "{addr:x} {size:x} py::{name}:{file}");
    }
}

/// The slots compiled code of `code` may use from its first local: the
/// locals, the deepest operand stack, and one scratch slot above it
/// (where an attribute of an operand is loaded before the operand is
/// released, or a method's receiver moves up).
pub(crate) fn frame_len(code: &Code) -> usize {
    code.nslots() + code.max_stack as usize + 1
}

/// The JIT backend to install in a VM.
pub fn backend(options: Options) -> Box<dyn JitBackend> {
    Box::new(Jit::new(options))
}

/// Whether on-stack replacement takes a local holding `o` to be that
/// object: a Python function, a builtin, a class or a C function (what a
/// loop calls).
fn callable_constant(o: &ObjRef) -> bool {
    use interp::object::types::Kind;
    matches!(o.kind(), Kind::FUNCTION | Kind::BUILTIN | Kind::TYPE)
        || capi::direct::is_c_function(o)
}

/// What on-stack replacement code for `code` at loop header `pc` is made
/// for, from the running frame (`frame`: its slots, `depth` operands):
/// which locals are bound, and which operands are range iterators the
/// code counts in two ints (passed in the dead slots above the operands).
/// Code made for one frame runs any frame with the same shape.
pub(crate) fn osr_shape(
    nslots: usize,
    pc: usize,
    frame: &[Value],
    depth: usize,
) -> Option<(build::OsrEntry, code::OsrStart)> {
    let (locals, operands) = frame.split_at_checked(nslots)?;
    if operands.len() != depth {
        return None;
    }

    // A range iterator only the stack holds is counted in two ints,
    // passed in the dead slots above the operands.
    // So is the index of a list iterator only the stack holds, in one
    // (the list goes into the iterator's slot).
    let mut ranges = Vec::new();
    let mut lists = Vec::new();
    let mut next_scratch = depth as u32;
    let stack = operands
        .iter()
        .enumerate()
        .map(|(k, v)| {
            if code::range_position(v).is_some() {
                ranges.push((k as u32, next_scratch));
                next_scratch += 2;
                build::OsrOperand::RangeIter {
                    scratch: next_scratch - 2,
                }
            } else if code::list_iter_position(v).is_some()
                && crate::layout::list_layout().is_some()
            {
                lists.push((k as u32, next_scratch));
                next_scratch += 1;
                build::OsrOperand::ListIter {
                    scratch: next_scratch - 1,
                }
            } else {
                build::OsrOperand::Value
            }
        })
        .collect();
    let bound: Vec<bool> = locals
        .iter()
        .map(|v| !interp::frame::is_unbound(v))
        .collect();
    // Callables in locals (`f = module.func` before the loop) are taken
    // as constants: calls of them compile as calls of a known callee.
    let consts: Vec<(usize, ObjRef)> = locals
        .iter()
        .enumerate()
        .filter_map(|(k, v)| match v {
            Value::Obj(o) if callable_constant(o) => Some((k, o.clone())),
            _ => None,
        })
        .collect();
    let start = code::OsrStart {
        pc: u32::try_from(pc).ok()?,
        depth: u16::try_from(depth).ok()?,
        nslots,
        ranges,
        lists,
        bound: bound.clone(),
        consts: consts
            .iter()
            .map(|(k, o)| (*k, o.as_ptr() as usize))
            .collect(),
    };
    let entry = build::OsrEntry {
        pc,
        bound,
        stack,
        consts,
    };
    Some((entry, start))
}
