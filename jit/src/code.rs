//! Machine code: CLIF → native code with `cranelift-jit`, and the entry
//! the interpreter calls ([`CompiledFn`], an `interp::jit::Compiled`).
//!
//! Each compiled function gets a `JITModule` of its own, so that its code
//! is freed with it (cranelift-jit frees whole modules, and only when
//! asked: a dropped module leaks its code).

use crate::deopt::{Exit as ExitDesc, ExitCode, ExitReason};
use crate::helpers::{self, Ctx, GuardCell};
use crate::hir::{Function, Op};
use crate::lower;
use crate::stats::Stats;
use cranelift_codegen::isa::OwnedTargetIsa;
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::FunctionBuilderContext;
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{Module, default_libcall_names};
use interp::jit::{Compiled, Exit};
use interp::object::ObjRef;
use interp::{Value, Vm};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::OnceLock;

/// The signature of compiled code (see [`crate::lower`]).
type Entry = unsafe extern "C" fn(slots: *mut Value, ctx: *mut Ctx) -> u64;

/// The host's ISA, for compiling code to run here, with Cranelift's IR
/// verifier on or off (made once per process and setting: detecting the
/// CPU's features costs about as much as compiling a small function; the
/// JIT's warm-up thread, [`crate::warm`], usually makes it).
pub fn host_isa(verify: bool) -> Result<OwnedTargetIsa, String> {
    static ISA: [OnceLock<Result<OwnedTargetIsa, String>>; 2] = [OnceLock::new(), OnceLock::new()];
    ISA[verify as usize]
        .get_or_init(|| make_host_isa(verify))
        .clone()
}

fn make_host_isa(verify: bool) -> Result<OwnedTargetIsa, String> {
    let mut flags = settings::builder();
    // No mid-end (e-graph) pass: the lowering already emits what it did
    // for our code (magic-number division, rotated loops, increments
    // where they are used), and skipping it cuts compile time by a
    // quarter (callgrind, bench/programs: int_loop 1.47M -> 1.15M
    // instructions) with the same instructions per loop iteration.
    flags.set("opt_level", "none").map_err(|e| e.to_string())?;
    // The verifier checks the CLIF after every pass: it costs as much as
    // the compilation itself, so it runs only when asked for
    // ([`crate::options::Options::verify`]; the tests ask).
    let v = if verify { "true" } else { "false" };
    flags.set("enable_verifier", v).map_err(|e| e.to_string())?;
    cranelift_native::builder()
        .map_err(|e| format!("this CPU is not supported by Cranelift: {e}"))?
        .finish(settings::Flags::new(flags))
        .map_err(|e| e.to_string())
}

/// Runs a step of code generation, a panic in it (a bug, here or in
/// Cranelift) made an error: the function is declined, the program goes
/// on.
pub fn catch_panic<T>(f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|p| {
        let what = p
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Err(format!("{CODEGEN_PANIC}: {what}"))
    })
}

/// How a compile error found by Cranelift's verifier starts: malformed
/// CLIF, a bug of the JIT's own.
pub const VERIFIER_ERROR: &str = "CLIF verifier";
/// How a panic in the code generator starts its decline reason.
pub const CODEGEN_PANIC: &str = "code generator panicked";

/// Compiled code of one function, ready to run.
pub struct CompiledFn {
    /// Keeps the machine code alive (freed in `drop`).
    module: Option<JITModule>,
    entry: Entry,
    /// The address of the globals dict the code was compiled for (its
    /// guards read them). An address, not a reference: the dict owns the
    /// functions that own this code.
    globals: usize,
    /// Objects whose addresses the code embeds; emptied when the
    /// interpreter shuts down, and the code then no longer runs.
    keep: Rc<RefCell<Vec<ObjRef>>>,
    /// The guards' cache cells (see `build::Built::cells`).
    #[allow(clippy::vec_box)]
    _cells: Vec<Box<GuardCell>>,
    /// Slots the frame has (locals) plus its deepest operand stack.
    frame_len: usize,
    /// This function's entry in the JIT's stats.
    stats: Option<(Rc<RefCell<Stats>>, usize)>,
    /// See [`crate::options::Options::max_exits`].
    max_exits: u64,
    /// This code's own entries and exits (the stats add up those of every
    /// compile of the function), halved now and then so that they say
    /// how the code fares lately ([`CompiledFn::exit`]).
    recent: Cell<(u64, u64)>,
    /// Whether the code was given up (the interpreter drops it once).
    discarded: Cell<bool>,
    /// Whether compiled code can go round a loop: without one, leaving
    /// for the interpreter gains nothing and counts as an exit.
    loops: bool,
    /// No loop and no call: compiled only because compiled code calls
    /// it, which is the only way it runs (the interpreter's own call of
    /// such a function costs less than entering compiled code).
    leaf: bool,
    /// An exception a helper raised in the last run, until delivered.
    pending: RefCell<Option<interp::PyErr>>,
    /// The exit table (the code returns an index into it).
    exits: Vec<ExitDesc>,
    /// Guards checked before entering (`hir::EntryGuard`).
    entry_guards: Vec<crate::hir::EntryGuard>,
    /// The exit buffer, as long as the exit that stores most values
    /// needs. An exit's values are read back as soon as the code returns,
    /// so a nested run of the same code (recursion through the
    /// interpreter) can share it.
    exit_vals: Box<[Cell<u64>]>,
    /// For on-stack replacement: where the code starts, and what to
    /// prepare there ([`OsrStart`]); `None` for code entered at a call.
    osr: Option<OsrStart>,
    /// What compiled callers read to call this code directly.
    record: Rc<DirectRecord>,
    /// The RETURN_VALUE the interpreter pops the frame at when the code
    /// returned ([`crate::deopt::RETURNED`]).
    return_pc: u32,
}

/// What a compiled caller reads to call a function's compiled code
/// directly (`interp::bytecode::Code::jit_direct` holds its address; the
/// lowering of `hir::Op::CallPy` reads the fields at their offsets).
#[repr(C)]
#[derive(Debug, Default)]
pub struct DirectRecord {
    /// The machine code's entry; 0 while it may not be called directly
    /// (code for on-stack replacement, or after the interpreter shut
    /// down).
    pub entry: Cell<usize>,
    /// 1 when the code has entry guards (`hir::EntryGuard`), which a
    /// direct call checks first (`helpers::guards_hold`).
    pub guarded: Cell<u64>,
    /// The code's exit buffer.
    pub exit_vals: Cell<usize>,
    /// Calls made directly since the stats last counted them.
    pub calls: Cell<u64>,
    /// The `CompiledFn` (for a call that did not return: its exit
    /// table), set once it has its final address.
    pub owner: Cell<usize>,
    /// The version words of the (at most two) dicts the entry guards
    /// read, which a direct call compares with [`Self::guard_seen`]
    /// before it calls `helpers::guards_hold`; [`NEVER_SEEN`]'s word
    /// when the guards read more dicts (the helper decides every call).
    pub guard_words: [Cell<usize>; 2],
    /// What those words were when the entry guards last all held (the
    /// helper records them): while both are unchanged, nothing in the
    /// dicts changed, so the guards still hold. `u64::MAX` until then.
    pub guard_seen: [Cell<u64>; 2],
}

/// A version word no dict has ([`DirectRecord::guard_words`] of code
/// whose entry guards read more than two dicts): never equal to its
/// `guard_seen` (`u64::MAX`).
pub static NEVER_SEEN: u64 = 0;

impl DirectRecord {
    /// Points [`Self::guard_words`] at the dicts `guards` read, if they
    /// are at most two (a dict guard's first argument is the dict).
    fn watch(&self, guards: &[crate::hir::EntryGuard]) {
        let mut dicts: Vec<u64> = Vec::new();
        for g in guards {
            let d = g.args.first().copied().unwrap_or(0);
            if !dicts.contains(&d) {
                dicts.push(d);
            }
        }
        let never = &NEVER_SEEN as *const u64 as usize;
        let words: Vec<usize> = if dicts.len() <= 2 && dicts.iter().all(|&d| d != 0) {
            let off = interp::object::DictObj::version_offset();
            dicts.iter().map(|&d| d as usize + off).collect()
        } else {
            vec![never]
        };
        for (i, w) in self.guard_words.iter().enumerate() {
            // A second word repeats the first when there is one dict.
            w.set(*words.get(i).or(words.first()).unwrap_or(&never));
        }
        for s in &self.guard_seen {
            s.set(u64::MAX);
        }
    }

    /// Records the dicts' versions now, after the entry guards all held.
    ///
    /// # Safety
    /// The words are [`Self::watch`]'s: [`NEVER_SEEN`] or the version
    /// words of dicts the compiled code keeps alive.
    pub unsafe fn saw_guards_hold(&self) {
        let never = &NEVER_SEEN as *const u64 as usize;
        for (w, s) in self.guard_words.iter().zip(&self.guard_seen) {
            let w = w.get();
            if w != 0 && w != never {
                // SAFETY: the contract above.
                s.set(unsafe { *(w as *const u64) });
            }
        }
    }
}

/// Where code made for on-stack replacement starts, and what entering it
/// prepares (see `build::OsrEntry`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OsrStart {
    /// The loop header.
    pub pc: u32,
    /// Values on the operand stack there.
    pub depth: u16,
    /// The frame's local slots (the operand stack starts after them).
    pub nslots: usize,
    /// Each range iterator the code counts as two ints: its operand-stack
    /// index, and the index of the two scratch slots that get its next
    /// value and stop.
    pub ranges: Vec<(u32, u32)>,
    /// Each list iterator the code iterates by index: its operand-stack
    /// index (where the list goes), and the index of the scratch slot
    /// that gets its next index.
    pub lists: Vec<(u32, u32)>,
    /// Which locals were bound (the code reads the others as unbound).
    pub bound: Vec<bool>,
    /// Locals the code takes to hold these objects (by address; see
    /// `build::OsrEntry::consts`): checked before it starts.
    pub consts: Vec<(usize, usize)>,
}

impl OsrStart {
    /// Slots the frame needs from its first local for the scratch slots.
    fn frame_len(&self) -> usize {
        let ranges = self
            .ranges
            .iter()
            .map(|&(_, scratch)| self.nslots + scratch as usize + 2);
        let lists = self
            .lists
            .iter()
            .map(|&(_, scratch)| self.nslots + scratch as usize + 1);
        ranges.chain(lists).max().unwrap_or(0)
    }
}

/// The list and next index of a `list_iterator` over an exact list that
/// only the operand stack refers to (compiled code then iterates the list
/// by index, and a new iterator replaces it when the code leaves).
pub fn list_iter_position(v: &Value) -> Option<(ObjRef, i64)> {
    let o = v.as_obj()?;
    if !o.is_type(&interp::object::types::LIST_ITER) || o.refcnt() != 1 {
        return None;
    }
    let it = o.downcast::<interp::object::IterObj>()?;
    let state = it.state.try_borrow().ok()?;
    match &*state {
        interp::object::IterState::List { list, idx }
            if list.is_type(&interp::object::types::LIST) =>
        {
            Some((list.clone(), i64::try_from(*idx).ok()?))
        }
        _ => None,
    }
}

/// The next value and stop of a `range` iterator of step 1 that only the
/// operand stack refers to (compiled code then counts it in ints, and a
/// new iterator replaces it when the code leaves).
pub fn range_position(v: &Value) -> Option<(i64, i64)> {
    let o = v.as_obj()?;
    let it = o.downcast::<interp::object::RangeIterObj>()?;
    let (cur, step, left) = it.position();
    if step != 1 || o.refcnt() != 1 {
        return None;
    }
    Some((cur, cur.checked_add(left.max(0))?))
}

/// The result of compiling: the code, its size, and its CLIF text.
pub struct Output {
    /// The entry.
    pub code: CompiledFn,
    /// Bytes of machine code.
    pub size: u64,
    /// The CLIF, when asked for.
    pub clif: Option<String>,
    /// Where the machine code starts.
    pub addr: usize,
}

/// How to compile a function.
#[derive(Clone, Copy, Debug, Default)]
pub struct How {
    /// Return the CLIF text (`--dump-clif`).
    pub want_clif: bool,
    /// Run Cranelift's verifier ([`crate::options::Options::verify`]).
    pub verify: bool,
    /// Check `int` overflow with plain arithmetic even where the CPU's
    /// overflow flag could be used (so that tests run the code other
    /// CPUs get).
    pub portable_checks: bool,
}

/// A function compiled into a module of its own, not yet wrapped for the
/// interpreter.
struct Module1 {
    module: JITModule,
    entry: *const u8,
    return_pc: Option<u32>,
    exits: Vec<ExitDesc>,
    size: u64,
    clif: Option<String>,
}

/// A function lowered to CLIF in a module of its own, waiting for its
/// machine code ([`codegen`]) to be linked there ([`link`]).
struct Lowered {
    module: JITModule,
    id: cranelift_module::FuncId,
    return_pc: Option<u32>,
    exits: Vec<ExitDesc>,
    clif: Option<String>,
}

/// Machine code for one CLIF function, made by [`codegen`] on any thread.
pub struct Machine {
    /// The function it was made from (its relocations name its imports).
    func: cranelift_codegen::ir::Function,
    bytes: Vec<u8>,
    alignment: u64,
    relocs: Vec<cranelift_codegen::FinalizedMachReloc>,
}

/// Lowers a function's HIR to CLIF in a new module.
fn lower_module(
    f: &Function,
    how: How,
) -> Result<(Lowered, cranelift_codegen::ir::Function), String> {
    let isa = host_isa(how.verify)?;
    let mut jb = JITBuilder::with_isa(isa, default_libcall_names());
    // Symbols are resolved when the code is linked, only those it uses
    // (not a table of every helper built for each compile).
    jb.symbol_lookup_fn(Box::new(helpers::lookup));
    let mut module = JITModule::new(jb);
    // The contexts keep their allocations from one compile to the next
    // (cleared after each; one left dirty by an error is dropped).
    thread_local! {
        static CONTEXTS: Cell<Option<Box<(cranelift_codegen::Context, FunctionBuilderContext)>>> =
            const { Cell::new(None) };
    }
    let mut ctxs = CONTEXTS
        .take()
        .unwrap_or_else(|| Box::new((module.make_context(), FunctionBuilderContext::new())));
    let (ctx, fctx) = &mut *ctxs;
    let checks = if how.portable_checks {
        lower::Checks::Portable
    } else {
        lower::Checks::for_isa(module.isa())
    };
    let lowered = lower::lower(&mut module, ctx, fctx, f, checks).map_err(|e| e.to_string())?;
    let clif = how
        .want_clif
        .then(|| lower::clif_text(&ctx.func, &lowered.exits));
    let func = std::mem::replace(&mut ctx.func, cranelift_codegen::ir::Function::new());
    module.clear_context(ctx);
    CONTEXTS.set(Some(ctxs));
    Ok((
        Lowered {
            module,
            id: lowered.id,
            return_pc: lowered.return_pc,
            exits: lowered.exits,
            clif,
        },
        func,
    ))
}

/// Compiles CLIF to machine code for this machine (Cranelift's part of a
/// compile, nearly all of its time): touches nothing of the interpreter,
/// so it may run on another thread ([`crate::worker`]).
pub fn codegen(func: cranelift_codegen::ir::Function, verify: bool) -> Result<Machine, String> {
    let isa = host_isa(verify)?;
    let mut ctx = cranelift_codegen::Context::for_function(func);
    let mut cp = cranelift_codegen::control::ControlPlane::default();
    let (bytes, alignment, relocs) = match ctx.compile(&*isa, &mut cp) {
        Ok(c) => (
            c.code_buffer().to_vec(),
            u64::from(c.buffer.alignment),
            c.buffer.relocs().to_vec(),
        ),
        Err(e) => {
            return Err(match e.inner {
                cranelift_codegen::CodegenError::Verifier(v) => format!("{VERIFIER_ERROR}: {v}"),
                e => format!("{e:?}"),
            });
        }
    };
    Ok(Machine {
        func: ctx.func,
        bytes,
        alignment,
        relocs,
    })
}

/// Puts the machine code made for a lowered function into its module and
/// makes it executable.
fn link(l: Lowered, m: Machine) -> Result<Module1, String> {
    let Lowered {
        mut module,
        id,
        return_pc,
        exits,
        clif,
    } = l;
    let relocs: Vec<cranelift_module::ModuleReloc> = m
        .relocs
        .iter()
        .map(|r| cranelift_module::ModuleReloc::from_mach_reloc(r, &m.func, id))
        .collect();
    module
        .define_function_bytes(id, m.alignment, &m.bytes, &relocs)
        .map_err(|e| format!("{e:?}"))?;
    module.finalize_definitions().map_err(|e| e.to_string())?;
    let entry = module.get_finalized_function(id);
    Ok(Module1 {
        module,
        entry,
        return_pc,
        exits,
        size: m.bytes.len() as u64,
        clif,
    })
}

/// Compiles a function's HIR into a new module and makes it executable.
fn compile_module(f: &Function, how: How) -> Result<Module1, String> {
    let (l, func) = lower_module(f, how)?;
    let m = codegen(func, how.verify).inspect_err(|_| {
        // The code the verifier refused is what one wants to see.
        if let Some(c) = &l.clif {
            eprint!("{c}");
        }
    })?;
    link(l, m)
}

/// Compiles a function's HIR to machine code that is never run, and frees
/// it (the JIT's warm-up, [`crate::warm`]); returns the code's size.
pub fn compile_unrun(f: &Function, how: How) -> Result<usize, String> {
    let m = compile_module(f, how)?;
    // SAFETY: nothing refers to the code: its address is dropped here
    // unused, and the module is freed whole.
    unsafe { m.module.free_memory() };
    Ok(m.size as usize)
}

/// What a compiled function needs besides its machine code: the objects
/// and cells it depends on, and facts of its HIR.
pub struct Parts {
    keep: Rc<RefCell<Vec<ObjRef>>>,
    /// Boxed: the code embeds their addresses.
    #[allow(clippy::vec_box)]
    cells: Vec<Box<GuardCell>>,
    globals: usize,
    frame_len: usize,
    entry_guards: Vec<crate::hir::EntryGuard>,
    loops: bool,
    leaf: bool,
    osr: bool,
}

impl Parts {
    /// The parts of `f`'s compiled code.
    pub fn new(
        f: &Function,
        keep: Rc<RefCell<Vec<ObjRef>>>,
        #[allow(clippy::vec_box)] cells: Vec<Box<GuardCell>>,
        globals: &ObjRef,
        frame_len: usize,
    ) -> Parts {
        Parts {
            keep,
            cells,
            globals: globals.as_ptr() as usize,
            frame_len,
            entry_guards: f.entry_guards.clone(),
            loops: f.has_loop(),
            leaf: !f.has_loop()
                && !f.blocks.iter().any(|b| {
                    b.insts.iter().any(|i| {
                        matches!(
                            i.op,
                            Op::CallPy { .. } | Op::CallBinop { .. } | Op::CallTyped { .. }
                        )
                    })
                }),
            osr: f.osr_pc.is_some(),
        }
    }
}

/// Compiles a function's HIR to machine code for this machine.
pub fn compile(
    f: &Function,
    keep: Rc<RefCell<Vec<ObjRef>>>,
    #[allow(clippy::vec_box)] cells: Vec<Box<GuardCell>>,
    globals: &ObjRef,
    frame_len: usize,
    how: How,
) -> Result<Output, String> {
    let parts = Parts::new(f, keep, cells, globals, frame_len);
    Ok(wrap(compile_module(f, how)?, parts))
}

/// Compiles a function's HIR to machine code for this machine, with its
/// parts gathered already.
pub fn compile_parts(f: &Function, parts: Parts, how: How) -> Result<Output, String> {
    Ok(wrap(compile_module(f, how)?, parts))
}

/// A compile whose machine code is being made elsewhere ([`codegen`] on
/// [`crate::worker`]'s thread): lowered, with what the code will need.
pub struct Started {
    lowered: Lowered,
    parts: Parts,
}

/// Lowers a function's HIR and gives the CLIF for [`codegen`], to be
/// finished by [`Started::finish`] with the machine code.
pub fn start(
    f: &Function,
    parts: Parts,
    how: How,
) -> Result<(Started, Box<cranelift_codegen::ir::Function>), String> {
    let (lowered, func) = lower_module(f, how)?;
    Ok((Started { lowered, parts }, Box::new(func)))
}

impl Started {
    /// Links the machine code [`codegen`] made for this function.
    pub fn finish(self, m: Machine) -> Result<Output, String> {
        Ok(wrap(link(self.lowered, m)?, self.parts))
    }
}

/// The interpreter's entry to a linked function.
fn wrap(m: Module1, parts: Parts) -> Output {
    let Module1 {
        module,
        entry: p,
        exits,
        size,
        clif,
        return_pc: lowered_return_pc,
    } = m;
    // SAFETY: the function just compiled has exactly the `Entry`
    // signature (two pointers in, one u64 out, the default C convention).
    let entry = unsafe { std::mem::transmute::<*const u8, Entry>(p) };
    let Parts {
        keep,
        cells,
        globals,
        frame_len,
        entry_guards,
        loops,
        leaf,
        osr,
    } = parts;
    let guarded = u64::from(!entry_guards.is_empty());
    let code = CompiledFn {
        module: Some(module),
        entry,
        globals,
        keep,
        _cells: cells,
        frame_len,
        stats: None,
        max_exits: u64::MAX,
        recent: Cell::new((0, 0)),
        discarded: Cell::new(false),
        pending: RefCell::new(None),
        exit_vals: (0..exits.iter().map(ExitDesc::words).max().unwrap_or(0))
            .map(|_| Cell::new(0))
            .collect(),
        exits,
        entry_guards,
        loops,
        leaf,
        osr: None,
        record: Rc::new(DirectRecord {
            entry: Cell::new(if osr { 0 } else { p as usize }),
            guarded: Cell::new(guarded),
            ..Default::default()
        }),
        return_pc: lowered_return_pc.unwrap_or(0),
    };
    code.record.exit_vals.set(code.exit_vals.as_ptr() as usize);
    code.record.watch(&code.entry_guards);
    Output {
        code,
        size,
        clif,
        addr: p as usize,
    }
}

impl Drop for CompiledFn {
    fn drop(&mut self) {
        // Direct calls not counted in the stats yet.
        if let Some((s, i)) = &self.stats
            && let Ok(mut s) = s.try_borrow_mut()
            && let Some(f) = s.functions.get_mut(*i)
        {
            f.entries += self.record.calls.replace(0);
        }
        if let Some(m) = self.module.take() {
            // SAFETY: the code is entered through `run_raw`, whose callers
            // hold this CompiledFn (the interpreter an `Rc` of it, for the
            // whole call: `interp::eval::enter_compiled`), or directly by
            // compiled callers through the record's entry, which they
            // find in `Code::jit_direct` only while the code is the
            // function's own (the interpreter keeps code it stops using
            // until it shuts down: `interp::jit::discard`, and zeroes the
            // entry then: `Jit::shutdown`). So once it is dropped no call
            // is running or can start; nothing else keeps the code's
            // address (the perf map is only text).
            unsafe { m.free_memory() };
        }
    }
}

impl CompiledFn {
    /// Counts this function's entries and exits in `stats` at `index`,
    /// and gives the code up after `max_exits` frequent exits.
    pub fn set_stats(&mut self, stats: Rc<RefCell<Stats>>, index: usize, max_exits: u64) {
        self.stats = Some((stats, index));
        self.max_exits = max_exits;
    }

    /// Makes this code start at a loop header of a running frame
    /// (on-stack replacement), as `start` says.
    pub fn set_osr(&mut self, start: OsrStart) {
        self.record.entry.set(0);
        self.frame_len = self.frame_len.max(start.frame_len());
        self.osr = Some(start);
    }

    /// Runs the code on a frame's slots (see [`Compiled::run`]) and
    /// returns the raw exit code.
    pub fn run_raw(&self, vm: &mut Vm, globals: &ObjRef, slots: &mut [Value]) -> ExitCode {
        // Where the frame is when the code does not run: at the start of
        // the function, or at the loop header of on-stack replacement.
        let not_run = |reason| ExitCode {
            pc: self.osr.as_ref().map_or(0, |o| o.pc),
            depth: self.osr.as_ref().map_or(0, |o| o.depth),
            reason,
            raised: false,
            left: false,
        };
        let alive = self.keep.try_borrow().is_ok_and(|k| !k.is_empty());
        if slots.len() < self.frame_len || globals.as_ptr() as usize != self.globals || !alive {
            // Not the frame the code was made for: interpret it.
            return not_run(None);
        }
        for g in &self.entry_guards {
            if !g.holds() {
                // The interpreter runs the function from its start (or
                // the loop from its header), as the code would have left
                // there.
                return not_run(Some(g.reason));
            }
        }
        if let Some(o) = &self.osr {
            let holds = |&(k, addr): &(usize, usize)| matches!(slots.get(k), Some(Value::Obj(obj)) if obj.as_ptr() as usize == addr);
            if !o.consts.iter().all(holds) {
                return not_run(None);
            }
            let mut positions = Vec::with_capacity(o.ranges.len());
            for &(k, _) in &o.ranges {
                match slots.get(o.nslots + k as usize).and_then(range_position) {
                    Some(p) => positions.push(p),
                    None => return not_run(None),
                }
            }
            let mut lists = Vec::with_capacity(o.lists.len());
            for &(k, _) in &o.lists {
                match slots
                    .get(o.nslots + k as usize)
                    .and_then(list_iter_position)
                {
                    Some(p) => lists.push(p),
                    None => return not_run(None),
                }
            }
            for (&(k, scratch), (list, idx)) in o.lists.iter().zip(lists) {
                // The iterator goes (nothing else refers to it): its slot
                // owns the list instead, and compiled code counts the
                // index (it makes a new iterator wherever it hands the
                // frame back with the loop running).
                if let Some(it) = slots.get_mut(o.nslots + k as usize) {
                    *it = Value::Obj(list);
                }
                // A dead operand slot (checked: within `frame_len`).
                if let Some(i) = slots.get_mut(o.nslots + scratch as usize) {
                    *i = Value::Int(idx);
                }
            }
            for (&(k, scratch), (cur, stop)) in o.ranges.iter().zip(positions) {
                // The iterator goes (nothing else refers to it): compiled
                // code counts in the two ints, and makes a new iterator
                // wherever it hands the frame back with the loop running,
                // into this slot, which it takes to be dead.
                if let Some(it) = slots.get_mut(o.nslots + k as usize) {
                    *it = Value::None;
                }
                let at = o.nslots + scratch as usize;
                // Dead operand slots (checked: within `frame_len`); what
                // they held owns nothing.
                if let Some([a, b]) = slots.get_mut(at..at + 2) {
                    *a = Value::Int(cur);
                    *b = Value::Int(stop);
                }
            }
        }
        let sp = slots.as_mut_ptr();
        let mut ctx = Ctx {
            vm: vm as *mut Vm,
            globals: globals as *const ObjRef,
            slots: sp,
            len: slots.len(),
            // Cell<u64> has u64's layout; compiled code writes through
            // this pointer only while no reference into the buffer lives.
            exit_vals: self.exit_vals.as_ptr() as *mut u64,
            pending: abi::pending::PENDING.as_ptr() as *const u32,
            error: None,
            c_error: capi::error_word_ptr(),
            gc_budget: abi::gc_budget_ptr(),
            stack_floor: vm.native_stack_floor(),
        };
        let entry = self.entry;
        let raw = capi::with_vm(vm, || {
            // SAFETY: `slots` holds the frame's locals and room for its
            // deepest operand stack (checked above), which is all compiled
            // code touches; `ctx` outlives the call. Compiled code follows
            // the helpers' contracts (crate::helpers).
            unsafe { entry(sp, &mut ctx) }
        });
        self.exit_code(raw, ctx.error.take(), slots)
    }

    /// What the code's return value `raw` means, once it returned with
    /// `error` set or not: the frame in `slots` is written as the exit
    /// says, and the exit's code returned.
    fn exit_code(&self, raw: u64, error: Option<interp::PyErr>, slots: &mut [Value]) -> ExitCode {
        if let Some(e) = error {
            self.pending.replace(Some(e));
        }
        if raw == crate::deopt::RETURNED {
            return ExitCode {
                pc: self.return_pc,
                depth: 1,
                reason: None,
                raised: false,
                left: false,
            };
        }
        let Some(exit) = usize::try_from(raw).ok().and_then(|i| self.exits.get(i)) else {
            // Not an index the lowering made: an internal error, reported
            // as an exception rather than trusted.
            self.pending.replace(Some(interp::PyErr::new(
                &interp::object::types::SYSTEM_ERROR,
                "compiled code returned an unknown exit",
            )));
            return ExitCode {
                pc: 0,
                depth: 0,
                reason: None,
                raised: true,
                left: false,
            };
        };
        // SAFETY: the code just returned through this exit, whose machine
        // code stored exactly the words the table reads; object words are
        // objects the code keeps alive (constants in `keep`, or references
        // the frame holds).
        unsafe { exit.apply(slots, &self.exit_vals) };
        exit.code
    }
}

impl CompiledFn {
    /// The interpreter's view of how a run ended (counting the entry and
    /// its exit in the stats).
    fn exit(&self, code: ExitCode) -> Exit {
        let calls = 1 + self.record.calls.replace(0);
        if let Some((s, i)) = &self.stats
            && let Ok(mut s) = s.try_borrow_mut()
            && let Some(f) = s.functions.get_mut(*i)
        {
            f.entries += calls;
            if code.left {
                f.leaves += 1;
            }
            if code.pc != self.return_pc || code.raised {
                *f.sites.entry(code.pc).or_default() += 1;
            }
            if let Some(r) = code.reason {
                f.exits[r as usize] += 1;
            }
        }
        // Leaves do not count where the code before them ran a compiled
        // loop (a loop before a `return f"..."`, say), which is the point;
        // without a loop (a callee's frame handed up, an instruction left
        // to the interpreter) they gain nothing.
        let (mut entries, mut exits) = self.recent.get();
        entries += calls;
        if code.reason.is_some() || (code.left && !self.loops) {
            exits += 1;
        }
        // Counted over the last few thousand entries, so that code that
        // ran well for a million calls and then fails at every one (its
        // class was changed) is given up after hundreds, not a third of a
        // million.
        if entries >= self.max_exits.max(1).saturating_mul(16) {
            entries /= 2;
            exits /= 2;
        }
        self.recent.set((entries, exits));
        // A global or a C type that is no longer what the code was
        // compiled for will not change back: the code is given up at
        // once, and the function compiled again for what it is now.
        let stale = matches!(
            code.reason,
            Some(ExitReason::KeysVersion | ExitReason::TypeModified)
        );
        let failing = exits >= self.max_exits && exits * 4 > entries;
        let discard = (stale || failing) && !self.discarded.replace(true);
        if discard
            && let Some((s, i)) = &self.stats
            && let Ok(mut s) = s.try_borrow_mut()
            && let Some(f) = s.functions.get_mut(*i)
        {
            f.discards += 1;
        }
        let raised = if code.raised {
            Some(
                self.pending
                    .take()
                    .or_else(capi::take_error)
                    .unwrap_or_else(|| {
                        interp::PyErr::new(
                            &interp::object::types::SYSTEM_ERROR,
                            "error return without exception set",
                        )
                    }),
            )
        } else {
            None
        };
        Exit {
            pc: code.pc as usize,
            depth: code.depth as usize,
            raised,
            discard,
        }
    }

    /// Ends a direct call from compiled code that did not return: the
    /// code returned `raw`, with `error` in its context; the frame is in
    /// `slots`.
    pub fn finish_direct(
        &self,
        raw: u64,
        error: Option<interp::PyErr>,
        slots: &mut [Value],
    ) -> Exit {
        let code = self.exit_code(raw, error, slots);
        self.exit(code)
    }

    /// Whether the entry guards hold now (see [`DirectRecord::guarded`]).
    pub fn guards_hold(&self) -> bool {
        self.entry_guards.iter().all(|g| g.holds())
    }

    /// This code's entry in the JIT's stats, once set.
    pub fn stats_index(&self) -> Option<usize> {
        self.stats.as_ref().map(|(_, i)| *i)
    }

    /// The record compiled callers read (see [`DirectRecord`]).
    pub fn record(&self) -> &Rc<DirectRecord> {
        &self.record
    }
}

impl Compiled for CompiledFn {
    fn run(&self, vm: &mut Vm, globals: &ObjRef, slots: &mut [Value]) -> Exit {
        let code = self.run_raw(vm, globals, slots);
        self.exit(code)
    }

    fn enter_from_interpreter(&self) -> bool {
        !self.leaf || self.osr.is_some()
    }

    fn osr_fits(&self, pc: usize, frame: &[Value], depth: usize) -> bool {
        self.osr.as_ref().is_some_and(|o| {
            crate::osr_shape(o.nslots, pc, frame, depth).is_some_and(|(_, s)| s == *o)
        })
    }

    fn direct(&self) -> usize {
        if self.record.entry.get() == 0 || self.record.owner.get() == 0 {
            return 0;
        }
        Rc::as_ptr(&self.record) as usize
    }
}

/// The CLIF of a function's HIR, lowered for this machine's target
/// configuration, and its exit table (for dumps, snapshots and
/// cross-compilation).
pub fn clif(
    f: &Function,
    checks: lower::Checks,
) -> Result<(cranelift_codegen::ir::Function, Vec<ExitDesc>), String> {
    let isa = host_isa(false)?;
    let mut module = JITModule::new(JITBuilder::with_isa(isa, default_libcall_names()));
    let mut ctx = module.make_context();
    let mut fctx = FunctionBuilderContext::new();
    let lowered =
        lower::lower(&mut module, &mut ctx, &mut fctx, f, checks).map_err(|e| e.to_string())?;
    Ok((ctx.func, lowered.exits))
}

/// Compiles CLIF to machine code for `isa` without running it (any
/// target Cranelift supports); returns the code size.
pub fn compile_for(
    func: cranelift_codegen::ir::Function,
    isa: &dyn cranelift_codegen::isa::TargetIsa,
) -> Result<usize, String> {
    let mut ctx = cranelift_codegen::Context::for_function(func);
    let mut cp = cranelift_codegen::control::ControlPlane::default();
    let code = ctx
        .compile(isa, &mut cp)
        .map_err(|e| format!("{:?}", e.inner))?;
    Ok(code.code_buffer().len())
}
