//! Call stubs for typed methods, made with Cranelift.
//!
//! A typed method's `underlying_func` has a plain C signature such as
//! `long f(long)` or `double f(double, long)`. The interpreter holds its
//! arguments unboxed in 64-bit slots; a stub loads them from the slots with
//! the declared C types, calls the function with the platform's C calling
//! convention and returns the result as 64 bits. One stub exists per
//! signature shape and is shared by every function with that shape, so a
//! module with a hundred `long(long)` functions compiles one stub. This
//! gives exact calls on every target Cranelift supports, where a fixed set
//! of Rust trampolines would have to enumerate thousands of shapes (up to
//! eight arguments of three C classes, five result classes).
//!
//! Six common shapes (`typed::Native`) are also called without a stub,
//! through a Rust function-pointer type, when the arguments have exactly
//! the declared types; the stub remains the path for everything else.
//!
//! Stubs are compiled once per process and never freed.

use cranelift_codegen::ir::{AbiParam, InstBuilder, MemFlagsData, Type, UserFuncName, types};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{Module, default_libcall_names};
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// The C class of an argument slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArgClass {
    /// `long` or a pointer: 64-bit integer register class.
    I64,
    /// `int` (T_C_BOOL).
    I32,
    /// `double`.
    F64,
}

/// The C class of a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RetClass {
    /// `long` or a pointer.
    I64,
    /// `int`.
    I32,
    /// `double` (returned as its bits).
    F64,
    /// `void` (the stub returns 0).
    Void,
}

/// A signature shape.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    /// Argument classes, in order (at most 9: eight declared plus `self`).
    pub args: Vec<ArgClass>,
    /// The result class.
    pub ret: RetClass,
}

/// A compiled stub: `stub(func, slots)` calls `func` with the arguments in
/// `slots[..n]` and returns the result's 64 bits.
pub type Stub = unsafe extern "C" fn(func: *const u8, slots: *const u64) -> u64;

struct Stubs {
    module: JITModule,
    ctx: cranelift_codegen::Context,
    fctx: FunctionBuilderContext,
    cache: HashMap<Shape, Stub>,
    /// Whether Cranelift's verifier checks what this compiler compiles.
    verify: bool,
}

// SAFETY: the JIT module is only touched under the mutex below; the code it
// made is immutable and callable from any thread.
unsafe impl Send for Stubs {}

static STUBS: Mutex<Option<Stubs>> = Mutex::new(None);

/// Whether stubs are compiled with Cranelift's verifier ([`verify_stubs`]).
static VERIFY: AtomicBool = AtomicBool::new(false);

/// Has Cranelift's verifier check every stub compiled from now on (the
/// tests call it; it is off otherwise). A compiler made without it is set
/// aside (the stubs it made stay valid: their code is never freed) and the
/// next stub is compiled by a new one.
#[doc(hidden)]
pub fn verify_stubs() {
    VERIFY.store(true, Ordering::Relaxed);
    if let Ok(mut guard) = STUBS.lock()
        && guard.as_ref().is_some_and(|s| !s.verify)
    {
        std::mem::forget(guard.take());
    }
}

/// The stub for `shape`, compiling it on first use.
pub fn stub_for(shape: &Shape) -> Result<Stub, String> {
    let mut guard = STUBS
        .lock()
        .map_err(|_| "stub cache poisoned".to_string())?;
    if guard.is_none() {
        *guard = Some(Stubs::new()?);
    }
    let stubs = guard.as_mut().ok_or("no stub compiler")?;
    if let Some(s) = stubs.cache.get(shape) {
        return Ok(*s);
    }
    let s = stubs.compile(shape)?;
    stubs.cache.insert(shape.clone(), s);
    Ok(s)
}

impl Stubs {
    fn new() -> Result<Stubs, String> {
        let mut flags = settings::builder();
        // A stub is a few loads, a call and a return: nothing for the
        // optimizer to improve. Its IR comes from the code below alone, so
        // Cranelift's verifier checks it in the tests ([`verify_stubs`]) and
        // is off otherwise (as in the JIT, whose settings these are: the two
        // share the compile's warm code paths).
        flags.set("opt_level", "none").map_err(|e| e.to_string())?;
        let verify = VERIFY.load(Ordering::Relaxed);
        flags
            .set("enable_verifier", if verify { "true" } else { "false" })
            .map_err(|e| e.to_string())?;
        let isa = cranelift_native::builder()
            .map_err(|e| format!("this CPU is not supported by Cranelift: {e}"))?
            .finish(settings::Flags::new(flags))
            .map_err(|e| e.to_string())?;
        let module = JITModule::new(JITBuilder::with_isa(isa, default_libcall_names()));
        let ctx = module.make_context();
        Ok(Stubs {
            module,
            ctx,
            fctx: FunctionBuilderContext::new(),
            cache: HashMap::new(),
            verify,
        })
    }

    fn compile(&mut self, shape: &Shape) -> Result<Stub, String> {
        let ptr = self.module.target_config().pointer_type();
        if ptr != types::I64 {
            return Err("typed methods need a 64-bit target".into());
        }
        let mut stub_sig = self.module.make_signature();
        stub_sig.params.push(AbiParam::new(ptr));
        stub_sig.params.push(AbiParam::new(ptr));
        stub_sig.returns.push(AbiParam::new(types::I64));

        let mut callee_sig = self.module.make_signature();
        for a in &shape.args {
            callee_sig.params.push(AbiParam::new(arg_type(*a)));
        }
        if let Some(t) = ret_type(shape.ret) {
            callee_sig.returns.push(AbiParam::new(t));
        }

        let id = self
            .module
            .declare_anonymous_function(&stub_sig)
            .map_err(|e| e.to_string())?;
        self.module.clear_context(&mut self.ctx);
        self.ctx.func.signature = stub_sig;
        self.ctx.func.name = UserFuncName::user(0, id.as_u32());
        {
            let mut b = FunctionBuilder::new(&mut self.ctx.func, &mut self.fctx);
            let entry = b.create_block();
            b.append_block_params_for_function_params(entry);
            b.switch_to_block(entry);
            let func = b.block_params(entry)[0];
            let slots = b.block_params(entry)[1];
            let flags = MemFlagsData::trusted();
            let mut args = Vec::with_capacity(shape.args.len());
            for (i, a) in shape.args.iter().enumerate() {
                let off = (i * 8) as i32;
                let v = match a {
                    ArgClass::I64 => b.ins().load(types::I64, flags, slots, off),
                    ArgClass::F64 => b.ins().load(types::F64, flags, slots, off),
                    ArgClass::I32 => {
                        // Load the whole slot and narrow it, so the stub is
                        // independent of byte order.
                        let w = b.ins().load(types::I64, flags, slots, off);
                        b.ins().ireduce(types::I32, w)
                    }
                };
                args.push(v);
            }
            let sig_ref = b.import_signature(callee_sig);
            let call = b.ins().call_indirect(sig_ref, func, &args);
            let out = match shape.ret {
                RetClass::Void => b.ins().iconst(types::I64, 0),
                RetClass::I64 => b.inst_results(call)[0],
                RetClass::I32 => {
                    let r = b.inst_results(call)[0];
                    b.ins().sextend(types::I64, r)
                }
                RetClass::F64 => {
                    let r = b.inst_results(call)[0];
                    b.ins().bitcast(types::I64, MemFlagsData::new(), r)
                }
            };
            b.ins().return_(&[out]);
            b.seal_all_blocks();
            b.finalize(self.module.target_config());
        }
        self.module
            .define_function(id, &mut self.ctx)
            .map_err(|e| format!("{e:?}"))?;
        self.module.clear_context(&mut self.ctx);
        self.module
            .finalize_definitions()
            .map_err(|e| e.to_string())?;
        let code = self.module.get_finalized_function(id);
        // SAFETY: the function just compiled has exactly the `Stub`
        // signature (two pointers in, one i64 out, C calling convention).
        Ok(unsafe { std::mem::transmute::<*const u8, Stub>(code) })
    }
}

fn arg_type(a: ArgClass) -> Type {
    match a {
        ArgClass::I64 => types::I64,
        ArgClass::I32 => types::I32,
        ArgClass::F64 => types::F64,
    }
}

fn ret_type(r: RetClass) -> Option<Type> {
    match r {
        RetClass::I64 => Some(types::I64),
        RetClass::I32 => Some(types::I32),
        RetClass::F64 => Some(types::F64),
        RetClass::Void => None,
    }
}
