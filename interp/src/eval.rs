//! The evaluation loop.
//!
//! Python-to-Python calls do not recurse on the Rust stack: a call pushes a
//! [`Frame`] onto the current [`ExecState`] and the loop continues in the
//! callee. Native code that calls back into Python (`sorted(key=…)`, `map`)
//! starts a nested run with its own `ExecState`.
//!
//! Errors unwind through the exception table of each frame; every frame an
//! exception leaves adds a traceback entry (a bare `raise` and RERAISE do
//! not add one for the frame they are in, as in CPython).

use crate::bytecode::{BinOp, CmpOp, Code, Instr, Op};
use crate::frame::{ExecState, is_unbound, unbound};
use crate::methods;
use crate::object::types::{self, Kind};
use crate::object::{
    Args, Builtin, CellObj, CodeObj, DictKey, DictObj, ExcObj, Function, IterObj, IterState,
    ListObj, ObjRef, PyErr, PyResult, StrObj, TbEntry, TupleObj, Value,
};
use crate::ops;
use crate::vm::{Vm, not_callable};
use std::rc::Rc;

/// Pushes a frame for calling the Python function `func` with the given
/// arguments (binding parameters, defaults, `*args` and keywords).
pub fn push_function_frame(
    vm: &mut Vm,
    st: &mut ExecState,
    func: &ObjRef,
    pos: &[Value],
    kw: &[(ObjRef, Value)],
) -> PyResult<()> {
    let Some(f) = func.downcast::<Function>() else {
        return Err(not_callable(&Value::Obj(func.clone())));
    };
    let code = &f.code;
    st.stack.push(Value::Obj(func.clone()));
    let lb = st.stack.len();
    let argc = code.argcount as usize;
    if pos.len() == argc && kw.is_empty() && !code.varargs {
        st.stack.extend(pos.iter().cloned());
    } else if let Err(e) = bind_args(st, f, pos, kw) {
        st.stack.truncate(lb - 1);
        return Err(e);
    }
    enter_frame(vm, st, lb)
}

/// Completes the frame of a call whose function sits at `st.stack[lb - 1]`
/// and whose parameters occupy `st.stack[lb..]`: checks the recursion
/// limit, fills the other slots and pushes the frame. On error the function
/// and arguments are removed from the stack.
#[inline]
fn enter_frame(vm: &mut Vm, st: &mut ExecState, lb: usize) -> PyResult<()> {
    let (code, globals) = match st
        .stack
        .get(lb.wrapping_sub(1))
        .and_then(|f| f.downcast::<Function>())
    {
        Some(f) => (f.code.clone(), f.globals.clone()),
        None => {
            let callee = st
                .stack
                .get(lb.wrapping_sub(1))
                .cloned()
                .unwrap_or(Value::None);
            st.stack.truncate(lb.saturating_sub(1));
            return Err(not_callable(&callee));
        }
    };
    enter_code(vm, st, lb, code, globals)
}

/// The code and globals of the callee at `st.stack[lb - 1]` when it is a
/// Python function taking exactly the `st.stack.len() - lb` positional
/// arguments above it: then the callee and its arguments become the new
/// frame's function slot and first locals where they are.
#[inline]
fn exact_callee(st: &ExecState, lb: usize) -> Option<(Rc<Code>, ObjRef)> {
    let nargs = st.stack.len().checked_sub(lb)?;
    match st.stack.get(lb.checked_sub(1)?)? {
        Value::Obj(fo) if fo.kind() == Kind::FUNCTION => {
            let f = fo.downcast::<Function>()?;
            (!f.code.varargs && f.code.argcount as usize == nargs)
                .then(|| (f.code.clone(), f.globals.clone()))
        }
        _ => None,
    }
}

/// [`enter_frame`] for a caller that already looked up the function's code
/// and globals.
#[inline]
fn enter_code(
    vm: &mut Vm,
    st: &mut ExecState,
    lb: usize,
    code: Rc<Code>,
    globals: ObjRef,
) -> PyResult<()> {
    if vm.depth >= vm.config.recursion_limit {
        st.stack.truncate(lb - 1);
        return Err(recursion_error());
    }
    vm.depth += 1;
    crate::gc::maybe_collect();
    if code.nslots() != code.argcount as usize {
        init_slots(st, &code, lb);
    }
    st.push_frame(code, globals, 0, lb, vm.handled.len());
    Ok(())
}

/// Fills the non-parameter slots of a new frame: unbound locals, fresh
/// cells (initialised from the parameters they capture) and the closure's
/// cells.
fn init_slots(st: &mut ExecState, code: &Code, lb: usize) {
    let nl = code.nlocals();
    st.stack.resize(lb + code.nslots(), unbound());
    for (i, p) in code.cell_params.iter().enumerate() {
        let init = p
            .and_then(|p| st.stack.get(lb + p as usize).cloned())
            .filter(|v| !is_unbound(v));
        st.stack[lb + nl + i] = Value::Obj(CellObj::new_obj(init));
    }
    if !code.freevars.is_empty() {
        let closure: Vec<ObjRef> = match st.stack[lb - 1].downcast::<Function>() {
            Some(f) => f.closure.borrow().to_vec(),
            None => Vec::new(),
        };
        let base = lb + nl + code.cellvars.len();
        for (i, c) in closure.into_iter().enumerate() {
            st.stack[base + i] = Value::Obj(c);
        }
    }
}

#[cold]
fn recursion_error() -> PyErr {
    PyErr::new(&types::RECURSION_ERROR, "maximum recursion depth exceeded")
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

fn quoted_list(names: &[&str]) -> String {
    let q: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    match q.len() {
        0 => String::new(),
        1 => q[0].clone(),
        2 => format!("{} and {}", q[0], q[1]),
        _ => format!("{}, and {}", q[..q.len() - 1].join(", "), q[q.len() - 1]),
    }
}

/// General parameter binding with CPython's error messages.
fn bind_args(
    st: &mut ExecState,
    f: &Function,
    pos: &[Value],
    kw: &[(ObjRef, Value)],
) -> PyResult<()> {
    let code = &f.code;
    let argc = code.argcount as usize;
    let name = &code.qualname;
    let mut slots: Vec<Option<Value>> = vec![None; argc];
    for (i, v) in pos.iter().take(argc).enumerate() {
        slots[i] = Some(v.clone());
    }
    let extra: Vec<Value> = pos.iter().skip(argc).cloned().collect();
    if !extra.is_empty() && !code.varargs {
        let ndef = f.defaults.len();
        let given = pos.len();
        let takes = if ndef > 0 {
            format!("from {} to {} positional arguments", argc - ndef, argc)
        } else {
            plural(argc, "positional argument", "positional arguments")
        };
        let was = if given == 1 { "was" } else { "were" };
        return Err(PyErr::type_error(format!(
            "{name}() takes {takes} but {given} {was} given"
        )));
    }
    for (k, v) in kw {
        let kname = k.downcast::<StrObj>().map(|s| s.as_str()).unwrap_or("");
        match code.varnames[..argc].iter().position(|p| p == kname) {
            Some(i) => {
                if slots[i].is_some() {
                    return Err(PyErr::type_error(format!(
                        "{name}() got multiple values for argument '{kname}'"
                    )));
                }
                slots[i] = Some(v.clone());
            }
            None => {
                return Err(PyErr::type_error(format!(
                    "{name}() got an unexpected keyword argument '{kname}'"
                )));
            }
        }
    }
    let ndef = f.defaults.len();
    let first_def = argc - ndef.min(argc);
    let mut missing = Vec::new();
    for (i, slot) in slots.iter_mut().enumerate() {
        if slot.is_none() {
            if i >= first_def {
                *slot = Some(f.defaults[i - first_def].clone());
            } else {
                missing.push(code.varnames[i].as_str());
            }
        }
    }
    if !missing.is_empty() {
        return Err(PyErr::type_error(format!(
            "{name}() missing {} required positional {}: {}",
            missing.len(),
            if missing.len() == 1 {
                "argument"
            } else {
                "arguments"
            },
            quoted_list(&missing)
        )));
    }
    st.stack
        .extend(slots.into_iter().map(|v| v.unwrap_or_else(unbound)));
    if code.varargs {
        st.stack.push(Value::tuple(extra));
    }
    Ok(())
}

/// Removes the innermost frame's values and restores the VM state it
/// changed.
fn pop_frame(vm: &mut Vm, st: &mut ExecState) -> Option<()> {
    let (lb, hb) = st.pop_frame()?;
    st.stack.truncate(lb.saturating_sub(1));
    vm.handled.truncate(hb);
    vm.depth -= 1;
    Some(())
}

fn unbound_local(code: &Code, i: usize) -> PyErr {
    let name = code.varnames.get(i).map(|s| s.as_str()).unwrap_or("?");
    PyErr::new(
        &types::UNBOUND_LOCAL_ERROR,
        format!("cannot access local variable '{name}' where it is not associated with a value"),
    )
}

fn unbound_deref(code: &Code, i: usize) -> PyErr {
    let name = code.deref_name(i as u32);
    if i < code.cellvars.len() {
        PyErr::new(
            &types::UNBOUND_LOCAL_ERROR,
            format!(
                "cannot access local variable '{name}' where it is not associated with a value"
            ),
        )
    } else {
        PyErr::name_error(format!(
            "cannot access free variable '{name}' where it is not associated with a value in enclosing scope"
        ))
    }
}

fn name_error(name: &str) -> PyErr {
    PyErr::name_error(format!("name '{name}' is not defined"))
}

fn cell_of(st: &ExecState, idx: usize) -> Option<&CellObj> {
    match st.stack.get(idx) {
        Some(Value::Obj(o)) => o.downcast::<CellObj>(),
        _ => None,
    }
}

/// Makes an exception instance out of what `raise` was given.
fn make_exception(vm: &mut Vm, v: Value) -> PyResult<ObjRef> {
    if let Value::Obj(o) = &v {
        if o.kind() == Kind::EXC {
            return Ok(o.clone());
        }
        if let Some(t) = o.as_type()
            && t.is_subtype(types::BASE_EXCEPTION.get())
        {
            let inst = vm.call(&v, &[])?;
            if let Value::Obj(e) = inst {
                return Ok(e);
            }
        }
    }
    Err(PyErr::type_error(
        "exceptions must derive from BaseException",
    ))
}

fn exc_matches(exc: &Value, ty: &Value) -> PyResult<bool> {
    let check = |t: &Value| -> PyResult<bool> {
        match t.as_obj().and_then(|o| o.as_type()) {
            Some(t) if t.is_subtype(types::BASE_EXCEPTION.get()) => Ok(exc.type_of().is_subtype(t)),
            _ => Err(PyErr::type_error(
                "catching classes that do not inherit from BaseException is not allowed",
            )),
        }
    };
    if let Some(t) = ty.downcast::<TupleObj>() {
        for x in t.items.iter() {
            if check(x)? {
                return Ok(true);
            }
        }
        return Ok(false);
    }
    check(ty)
}

/// `format()` of a FORMAT_VALUE operand after its conversion.
fn format_operand(vm: &mut Vm, v: &Value, conv: u32, spec: Option<&Value>) -> PyResult<Value> {
    let converted;
    let v = match conv {
        1 => {
            converted = ops::to_str_value(vm, v)?;
            &converted
        }
        2 | 3 => {
            converted = Value::string(ops::repr(vm, v)?);
            &converted
        }
        _ => v,
    };
    let spec = spec.and_then(|s| s.as_str()).unwrap_or("");
    if spec.is_empty() && v.as_str().is_some() {
        return Ok(v.clone());
    }
    Ok(Value::string(ops::format_value(vm, v, spec)?))
}

#[inline]
fn truth(vm: &mut Vm, v: &Value) -> PyResult<bool> {
    match v {
        Value::Bool(b) => Ok(*b),
        _ => ops::truthy(vm, v),
    }
}

/// Runs the frames of `st` until the outermost one returns.
///
/// Python-to-Python calls and returns stay inside this function: the
/// `'frames` loop re-reads the innermost frame and pins its code, so the
/// instruction loop works on a borrowed slice of units.
pub fn run(vm: &mut Vm, st: &mut ExecState) -> PyResult<Value> {
    let entry = st.depth() - 1;
    'frames: loop {
        let (code, mut pc, lb) = match st.top() {
            Some(f) => (f.code.clone(), f.pc, f.lb),
            None => return Ok(Value::None),
        };
        let units = &code.units[..];
        let mut this_pc;
        let mut reraise = false;
        let err: PyErr = 'inner: loop {
            macro_rules! tri {
                ($e:expr) => {
                    match $e {
                        Ok(v) => v,
                        Err(e) => break 'inner e,
                    }
                };
            }
            macro_rules! pop {
                () => {
                    match st.stack.pop() {
                        Some(v) => v,
                        None => break 'inner stack_underflow(),
                    }
                };
            }
            macro_rules! top {
                () => {
                    match st.stack.last() {
                        Some(v) => v,
                        None => break 'inner stack_underflow(),
                    }
                };
            }
            this_pc = pc;
            let Instr { op, cache, arg } = match units.get(pc) {
                Some(c) => c.get(),
                None => break 'inner PyErr::new(&types::SYSTEM_ERROR, "ran off the end of code"),
            };
            pc += 1 + cache as usize;
            match op {
                Op::Nop | Op::Cache => {}
                Op::PopTop => {
                    pop!();
                }
                Op::Copy => {
                    let n = st.stack.len();
                    match st.stack.get(n.wrapping_sub(arg as usize)) {
                        Some(v) => {
                            let v = v.clone();
                            st.stack.push(v);
                        }
                        None => break 'inner stack_underflow(),
                    }
                }
                Op::Swap => {
                    let n = st.stack.len();
                    let i = n.wrapping_sub(arg as usize);
                    if i >= n {
                        break 'inner stack_underflow();
                    }
                    st.stack.swap(i, n - 1);
                }
                Op::LoadConst => match code.consts.get(arg as usize) {
                    Some(v) => st.stack.push(v.clone()),
                    None => break 'inner bad_arg(),
                },
                Op::LoadFast => match st.stack.get(lb + arg as usize) {
                    Some(v) if !is_unbound(v) => {
                        let v = v.clone();
                        st.stack.push(v);
                    }
                    _ => break 'inner unbound_local(&code, arg as usize),
                },
                Op::StoreFast => {
                    let v = pop!();
                    match st.stack.get_mut(lb + arg as usize) {
                        Some(slot) => {
                            let old = std::mem::replace(slot, v);
                            drop(old);
                        }
                        None => break 'inner bad_arg(),
                    }
                }
                Op::DeleteFast => match st.stack.get_mut(lb + arg as usize) {
                    Some(slot) if !is_unbound(slot) => {
                        let old = std::mem::replace(slot, unbound());
                        drop(old);
                    }
                    _ => break 'inner unbound_local(&code, arg as usize),
                },
                Op::LoadDeref => {
                    let idx = lb + code.nlocals() + arg as usize;
                    let v = cell_of(st, idx).and_then(|c| c.value.borrow().clone());
                    match v {
                        Some(v) => st.stack.push(v),
                        None => break 'inner unbound_deref(&code, arg as usize),
                    }
                }
                Op::StoreDeref => {
                    let v = pop!();
                    let idx = lb + code.nlocals() + arg as usize;
                    match cell_of(st, idx) {
                        Some(c) => {
                            let old = c.value.replace(Some(v));
                            drop(old);
                        }
                        None => break 'inner bad_arg(),
                    }
                }
                Op::DeleteDeref => {
                    let idx = lb + code.nlocals() + arg as usize;
                    let old = cell_of(st, idx).and_then(|c| c.value.replace(None));
                    if old.is_none() {
                        break 'inner unbound_deref(&code, arg as usize);
                    }
                }
                Op::LoadClosure => {
                    let idx = lb + code.nlocals() + arg as usize;
                    match st.stack.get(idx) {
                        Some(v) if !is_unbound(v) => {
                            let v = v.clone();
                            st.stack.push(v);
                        }
                        _ => break 'inner bad_arg(),
                    }
                }
                Op::LoadGlobal => {
                    // Inline cache (5 units): globals keys-version (2), builtins
                    // keys-version (2), entry index + 1 with bit 31 set for a
                    // builtin. The entry index stays valid while the keys
                    // version is unchanged; rebinding a value does not change
                    // it, and the value is read from the dict each time.
                    let globals = match st.top() {
                        Some(f) => &f.globals,
                        None => break 'inner bad_arg(),
                    };
                    let Some(gd) = globals.downcast::<DictObj>() else {
                        break 'inner bad_arg();
                    };
                    let c = &units[this_pc + 1..this_pc + 6];
                    let slot = c[4].get().arg;
                    if slot != 0 {
                        let gver = c[0].get().arg as u64 | (c[1].get().arg as u64) << 32;
                        if gd.keys_version() == gver {
                            let idx = (slot & 0x7fff_ffff) as usize - 1;
                            let hit = if slot & 0x8000_0000 == 0 {
                                gd.value_at(idx)
                            } else {
                                let bver = c[2].get().arg as u64 | (c[3].get().arg as u64) << 32;
                                match vm.builtins.downcast::<DictObj>() {
                                    Some(bd) if bd.keys_version() == bver => bd.value_at(idx),
                                    _ => None,
                                }
                            };
                            if let Some(v) = hit {
                                st.stack.push(v);
                                continue;
                            }
                        }
                    }
                    let Some(name) = code.names.get(arg as usize) else {
                        break 'inner bad_arg();
                    };
                    let key = DictKey::from_str_obj(name);
                    let set = |c: &[std::cell::Cell<Instr>], i: usize, v: u32| {
                        c[i].set(Instr::new(Op::Cache, v))
                    };
                    let gver = gd.keys_version();
                    set(c, 0, gver as u32);
                    set(c, 1, (gver >> 32) as u32);
                    if let Some((idx, v)) = gd.get_full(&key) {
                        set(c, 4, if idx < 0x7fff_fffe { idx as u32 + 1 } else { 0 });
                        st.stack.push(v);
                        continue;
                    }
                    let found = vm
                        .builtins
                        .downcast::<DictObj>()
                        .and_then(|bd| bd.get_full(&key).map(|(i, v)| (i, v, bd.keys_version())));
                    match found {
                        Some((idx, v, bver)) => {
                            set(c, 2, bver as u32);
                            set(c, 3, (bver >> 32) as u32);
                            set(
                                c,
                                4,
                                if idx < 0x7fff_fffe {
                                    (idx as u32 + 1) | 0x8000_0000
                                } else {
                                    0
                                },
                            );
                            st.stack.push(v);
                        }
                        None => {
                            set(c, 4, 0);
                            break 'inner name_error(code.name_str(arg));
                        }
                    }
                }
                Op::StoreGlobal => {
                    let v = pop!();
                    let Some(name) = code.names.get(arg as usize) else {
                        break 'inner bad_arg();
                    };
                    if let Some(d) = st.top().and_then(|f| f.globals.downcast::<DictObj>()) {
                        d.insert(DictKey::from_str_obj(name), v);
                    }
                }
                Op::DeleteGlobal => {
                    let Some(name) = code.names.get(arg as usize) else {
                        break 'inner bad_arg();
                    };
                    let removed = st
                        .top()
                        .and_then(|f| f.globals.downcast::<DictObj>())
                        .and_then(|d| d.remove(&DictKey::from_str_obj(name)));
                    if removed.is_none() {
                        break 'inner name_error(code.name_str(arg));
                    }
                }
                Op::LoadAttr => {
                    let obj = pop!();
                    let v = tri!(vm.getattr(&obj, code.name_str(arg)));
                    st.stack.push(v);
                }
                Op::StoreAttr => {
                    let obj = pop!();
                    let v = pop!();
                    tri!(vm.setattr(&obj, code.name_str(arg), v));
                }
                Op::LoadMethod => {
                    let obj = pop!();
                    let kind = obj.kind();
                    let c = &units[this_pc + 1..this_pc + 3];
                    if c[0].get().arg == kind + 1 {
                        let m = tri!(vm.method_obj(kind, c[1].get().arg as usize));
                        st.stack.push(m);
                        st.stack.push(obj);
                        continue;
                    }
                    let name = code.name_str(arg);
                    let found = methods::find(kind, name);
                    if let Some((idx, _)) = found {
                        c[0].set(Instr::new(Op::Cache, kind + 1));
                        c[1].set(Instr::new(Op::Cache, idx as u32));
                    }
                    match found {
                        Some((idx, _)) => {
                            let m = tri!(vm.method_obj(kind, idx));
                            st.stack.push(m);
                            st.stack.push(obj);
                        }
                        None => {
                            let v = tri!(vm.getattr(&obj, name));
                            st.stack.push(v);
                            st.stack.push(Value::Obj(vm.null_marker.clone()));
                        }
                    }
                }
                Op::BinaryOp => {
                    let n = st.stack.len();
                    if n < 2 {
                        break 'inner stack_underflow();
                    }
                    let op = BinOp::from_arg(arg);
                    let r = match (&st.stack[n - 2], &st.stack[n - 1]) {
                        (Value::Int(a), Value::Int(b)) => {
                            let (a, b) = (*a, *b);
                            let fast = match op {
                                BinOp::Add => a.checked_add(b),
                                BinOp::Sub => a.checked_sub(b),
                                BinOp::Mul => a.checked_mul(b),
                                BinOp::Mod if b > 0 && a >= 0 => Some(a % b),
                                _ => None,
                            };
                            match fast {
                                Some(r) => Value::Int(r),
                                None => tri!(ops::int_op(op, a, b)),
                            }
                        }
                        (Value::Float(a), Value::Float(b)) => {
                            let (a, b) = (*a, *b);
                            match op {
                                BinOp::Add => Value::Float(a + b),
                                BinOp::Sub => Value::Float(a - b),
                                BinOp::Mul => Value::Float(a * b),
                                _ => tri!(ops::float_op(op, a, b)),
                            }
                        }
                        (a, b) => {
                            let (a, b) = (a.clone(), b.clone());
                            if arg >= 13 && a.kind() == Kind::LIST {
                                tri!(ops::inplace_list_op(vm, op, &a, &b))
                            } else {
                                tri!(ops::binary_op(vm, op, &a, &b))
                            }
                        }
                    };
                    st.stack.truncate(n - 2);
                    st.stack.push(r);
                }
                Op::UnaryNegative | Op::UnaryPositive | Op::UnaryInvert => {
                    let v = pop!();
                    let c = match op {
                        Op::UnaryNegative => '-',
                        Op::UnaryPositive => '+',
                        _ => '~',
                    };
                    st.stack.push(tri!(ops::unary(vm, c, &v)));
                }
                Op::UnaryNot => {
                    let v = pop!();
                    st.stack.push(Value::Bool(!tri!(truth(vm, &v))));
                }
                Op::CompareOp => {
                    let n = st.stack.len();
                    if n < 2 {
                        break 'inner stack_underflow();
                    }
                    let cmp = CmpOp::from_arg(arg);
                    let fast = match (&st.stack[n - 2], &st.stack[n - 1]) {
                        (Value::Int(a), Value::Int(b)) => Some(match cmp {
                            CmpOp::Lt => a < b,
                            CmpOp::Le => a <= b,
                            CmpOp::Eq => a == b,
                            CmpOp::Ne => a != b,
                            CmpOp::Gt => a > b,
                            CmpOp::Ge => a >= b,
                        }),
                        (Value::Float(a), Value::Float(b)) => Some(match cmp {
                            CmpOp::Lt => a < b,
                            CmpOp::Le => a <= b,
                            CmpOp::Eq => a == b,
                            CmpOp::Ne => a != b,
                            CmpOp::Gt => a > b,
                            CmpOp::Ge => a >= b,
                        }),
                        _ => None,
                    };
                    let r = match fast {
                        Some(b) => {
                            // Numbers need no drop: shrink the stack by hand.
                            st.stack.truncate(n - 2);
                            // Fused with a following conditional jump, the
                            // bool is never materialized.
                            let next = units.get(pc).map(|c| c.get());
                            match next {
                                Some(j) if j.op == Op::PopJumpIfFalse => {
                                    pc = if b { pc + 1 } else { j.arg as usize };
                                    continue;
                                }
                                Some(j) if j.op == Op::PopJumpIfTrue => {
                                    pc = if b { j.arg as usize } else { pc + 1 };
                                    continue;
                                }
                                _ => Value::Bool(b),
                            }
                        }
                        None => {
                            let (a, b) = (st.stack[n - 2].clone(), st.stack[n - 1].clone());
                            let r = tri!(ops::compare(vm, cmp, &a, &b));
                            st.stack.truncate(n - 2);
                            r
                        }
                    };
                    st.stack.push(r);
                }
                Op::IsOp => {
                    let b = pop!();
                    let a = pop!();
                    st.stack.push(Value::Bool(a.is(&b) != (arg == 1)));
                }
                Op::ContainsOp => {
                    let container = pop!();
                    let item = pop!();
                    let r = tri!(ops::contains(vm, &container, &item));
                    st.stack.push(Value::Bool(r != (arg == 1)));
                }
                Op::BinarySubscr => {
                    let n = st.stack.len();
                    if n >= 2
                        && let (Some(l), Value::Int(i)) =
                            (st.stack[n - 2].downcast::<ListObj>(), &st.stack[n - 1])
                    {
                        let got = {
                            let items = l.items.borrow();
                            let k = if *i < 0 { *i + items.len() as i64 } else { *i };
                            if k >= 0 {
                                items.get(k as usize).cloned()
                            } else {
                                None
                            }
                        };
                        if let Some(v) = got {
                            st.stack.truncate(n - 2);
                            st.stack.push(v);
                            continue;
                        }
                    }
                    let key = pop!();
                    let c = pop!();
                    let v = tri!(ops::getitem(vm, &c, &key));
                    st.stack.push(v);
                }
                Op::StoreSubscr => {
                    let key = pop!();
                    let c = pop!();
                    let v = pop!();
                    if let (Some(l), Value::Int(i)) = (c.downcast::<ListObj>(), &key) {
                        let mut items = l.items.borrow_mut();
                        let k = if *i < 0 { *i + items.len() as i64 } else { *i };
                        if k >= 0 && (k as usize) < items.len() {
                            let old = std::mem::replace(&mut items[k as usize], v);
                            drop(items);
                            drop(old);
                            continue;
                        }
                        drop(items);
                    }
                    tri!(ops::setitem(vm, &c, &key, v));
                }
                Op::DeleteSubscr => {
                    let key = pop!();
                    let c = pop!();
                    tri!(ops::delitem(vm, &c, &key));
                }
                Op::BuildSlice => {
                    let step = if arg == 3 { pop!() } else { Value::None };
                    let stop = pop!();
                    let start = pop!();
                    st.stack.push(Value::Obj(crate::object::SliceObj::new_obj(
                        start, stop, step,
                    )));
                }
                Op::BuildTuple | Op::BuildList => {
                    let n = arg as usize;
                    if st.stack.len() < n {
                        break 'inner stack_underflow();
                    }
                    let items = st.stack.split_off(st.stack.len() - n);
                    st.stack.push(if op == Op::BuildTuple {
                        Value::tuple(items)
                    } else {
                        Value::list(items)
                    });
                }
                Op::BuildMap => {
                    let n = arg as usize * 2;
                    if st.stack.len() < n {
                        break 'inner stack_underflow();
                    }
                    let items = st.stack.split_off(st.stack.len() - n);
                    let d = DictObj::new_obj();
                    if let Some(dd) = d.downcast::<DictObj>() {
                        let mut it = items.into_iter();
                        while let (Some(k), Some(v)) = (it.next(), it.next()) {
                            dd.insert(tri!(DictKey::new(k)), v);
                        }
                    }
                    st.stack.push(Value::Obj(d));
                }
                Op::BuildString => {
                    let n = arg as usize;
                    if st.stack.len() < n {
                        break 'inner stack_underflow();
                    }
                    let parts = st.stack.split_off(st.stack.len() - n);
                    let mut s = String::new();
                    for p in &parts {
                        s.push_str(p.as_str().unwrap_or(""));
                    }
                    st.stack.push(Value::string(s));
                }
                Op::ListAppend => {
                    let v = pop!();
                    let n = st.stack.len();
                    match st
                        .stack
                        .get(n.wrapping_sub(arg as usize))
                        .and_then(|l| l.downcast::<crate::object::ListObj>())
                    {
                        Some(l) => l.items.borrow_mut().push(v),
                        None => break 'inner bad_arg(),
                    }
                }
                Op::ListExtend => {
                    let it = pop!();
                    let items = match ops::collect(vm, &it) {
                        Ok(v) => v,
                        Err(e) if e.matches(types::TYPE_ERROR.get()) && it.kind() != Kind::ITER => {
                            break 'inner PyErr::type_error(format!(
                                "Value after * must be an iterable, not {}",
                                it.type_name()
                            ));
                        }
                        Err(e) => break 'inner e,
                    };
                    match top!().downcast::<crate::object::ListObj>() {
                        Some(l) => l.items.borrow_mut().extend(items),
                        None => break 'inner bad_arg(),
                    }
                }
                Op::MapAdd => {
                    let v = pop!();
                    let k = pop!();
                    let key = tri!(DictKey::new(k));
                    let n = st.stack.len();
                    match st
                        .stack
                        .get(n.wrapping_sub(arg as usize))
                        .and_then(|d| d.downcast::<DictObj>())
                    {
                        Some(d) => d.insert(key, v),
                        None => break 'inner bad_arg(),
                    }
                }
                Op::ListToTuple => {
                    let l = pop!();
                    st.stack.push(Value::tuple(ops::seq_items(&l)));
                }
                Op::FormatValue => {
                    let spec = if arg & 4 != 0 { Some(pop!()) } else { None };
                    let v = pop!();
                    let r = tri!(format_operand(vm, &v, arg & 3, spec.as_ref()));
                    st.stack.push(r);
                }
                Op::UnpackSequence => {
                    let v = pop!();
                    let n = arg as usize;
                    let items = match v.kind() {
                        Kind::LIST | Kind::TUPLE => ops::seq_items(&v),
                        _ => {
                            let it = match ops::get_iter(vm, &v) {
                                Ok(it) => it,
                                Err(_) => {
                                    break 'inner PyErr::type_error(format!(
                                        "cannot unpack non-iterable {} object",
                                        v.type_name()
                                    ));
                                }
                            };
                            let mut items = Vec::new();
                            while let Some(x) = tri!(ops::iter_next(vm, &it)) {
                                items.push(x);
                                if items.len() > n {
                                    break;
                                }
                            }
                            items
                        }
                    };
                    if items.len() > n {
                        break 'inner PyErr::value_error(format!(
                            "too many values to unpack (expected {n})"
                        ));
                    }
                    if items.len() < n {
                        break 'inner PyErr::value_error(format!(
                            "not enough values to unpack (expected {n}, got {})",
                            items.len()
                        ));
                    }
                    st.stack.extend(items.into_iter().rev());
                }
                Op::GetIter => {
                    let v = pop!();
                    st.stack.push(tri!(ops::get_iter(vm, &v)));
                }
                Op::ForIter => {
                    if let Some(io) = top!().downcast::<IterObj>() {
                        let next = match &mut *io.state.borrow_mut() {
                            IterState::Range { cur, step, left } => Some(if *left > 0 {
                                let v = *cur;
                                *left -= 1;
                                *cur = cur.wrapping_add(*step);
                                Some(Value::Int(v))
                            } else {
                                None
                            }),
                            IterState::List { list, idx } => {
                                let v = list
                                    .downcast::<ListObj>()
                                    .and_then(|l| l.items.borrow().get(*idx).cloned());
                                *idx += 1;
                                Some(v)
                            }
                            _ => None,
                        };
                        match next {
                            Some(Some(v)) => {
                                st.stack.push(v);
                                continue;
                            }
                            Some(None) => {
                                st.stack.pop();
                                pc = arg as usize;
                                continue;
                            }
                            None => {}
                        }
                    }
                    let it = top!().clone();
                    match tri!(ops::iter_next(vm, &it)) {
                        Some(v) => st.stack.push(v),
                        None => {
                            st.stack.pop();
                            pc = arg as usize;
                        }
                    }
                }
                Op::Jump => pc = arg as usize,
                Op::JumpBackward => pc = arg as usize,
                Op::PopJumpIfFalse => {
                    let v = pop!();
                    if !tri!(truth(vm, &v)) {
                        pc = arg as usize;
                    }
                }
                Op::PopJumpIfTrue => {
                    let v = pop!();
                    if tri!(truth(vm, &v)) {
                        pc = arg as usize;
                    }
                }
                Op::JumpIfFalseOrPop => {
                    if !tri!(truth(vm, top!())) {
                        pc = arg as usize;
                    } else {
                        st.stack.pop();
                    }
                }
                Op::JumpIfTrueOrPop => {
                    if tri!(truth(vm, top!())) {
                        pc = arg as usize;
                    } else {
                        st.stack.pop();
                    }
                }
                Op::MakeFunction => {
                    let c = pop!();
                    let closure = if arg & 2 != 0 { Some(pop!()) } else { None };
                    let defaults = if arg & 1 != 0 { Some(pop!()) } else { None };
                    let Some(fcode) = c.downcast::<CodeObj>().map(|c| c.code.clone()) else {
                        break 'inner bad_arg();
                    };
                    let cells: Vec<ObjRef> = closure
                        .map(|t| ops::seq_items(&t))
                        .unwrap_or_default()
                        .into_iter()
                        .filter_map(|v| v.as_obj().cloned())
                        .collect();
                    let defaults = defaults.map(|t| ops::seq_items(&t)).unwrap_or_default();
                    let globals = match st.top() {
                        Some(f) => f.globals.clone(),
                        None => break 'inner bad_arg(),
                    };
                    st.stack.push(Value::Obj(Function::new_obj(
                        fcode, globals, defaults, cells,
                    )));
                }
                Op::Call | Op::CallMethod | Op::CallKw | Op::CallEx => {
                    // The most common call first: a plain Python function
                    // with exactly its positional parameters.
                    if op == Op::Call {
                        let lb = st.stack.len().wrapping_sub(arg as usize);
                        if let Some((fcode, fglobals)) = exact_callee(st, lb) {
                            if let Some(fr) = st.top_mut() {
                                fr.pc = pc;
                            }
                            tri!(enter_code(vm, st, lb, fcode, fglobals));
                            continue 'frames;
                        }
                    }
                    // Lay out: [callee, args...] with an optional receiver.
                    let (fpos, argstart, kw): (usize, usize, Vec<(ObjRef, Value)>) = match op {
                        Op::Call => {
                            let n = st.stack.len();
                            let Some(fpos) = n.checked_sub(arg as usize + 1) else {
                                break 'inner stack_underflow();
                            };
                            (fpos, fpos + 1, Vec::new())
                        }
                        Op::CallMethod => {
                            let n = st.stack.len();
                            let Some(fpos) = n.checked_sub(arg as usize + 2) else {
                                break 'inner stack_underflow();
                            };
                            let no_self = matches!(&st.stack[fpos + 1], Value::Obj(o) if o.ptr_eq(&vm.null_marker));
                            if no_self {
                                st.stack.remove(fpos + 1);
                            }
                            (fpos, fpos + 1, Vec::new())
                        }
                        Op::CallKw => {
                            let names = pop!();
                            let names: Vec<ObjRef> = ops::seq_items(&names)
                                .into_iter()
                                .filter_map(|v| v.as_obj().cloned())
                                .collect();
                            let n = st.stack.len();
                            let Some(fpos) = n.checked_sub(arg as usize + 1) else {
                                break 'inner stack_underflow();
                            };
                            let vals = st.stack.split_off(n - names.len());
                            (fpos, fpos + 1, names.into_iter().zip(vals).collect())
                        }
                        _ => {
                            let kw: Vec<(ObjRef, Value)> = if arg & 1 != 0 {
                                let d = pop!();
                                d.downcast::<DictObj>()
                                    .map(|d| d.items())
                                    .unwrap_or_default()
                                    .into_iter()
                                    .filter_map(|(k, v)| k.as_obj().cloned().map(|k| (k, v)))
                                    .collect()
                            } else {
                                Vec::new()
                            };
                            let t = pop!();
                            let items = match t.kind() {
                                Kind::TUPLE | Kind::LIST => ops::seq_items(&t),
                                _ => match ops::collect(vm, &t) {
                                    Ok(v) => v,
                                    Err(e) if e.matches(types::TYPE_ERROR.get()) => {
                                        let f = st.stack.last().cloned().unwrap_or(Value::None);
                                        break 'inner PyErr::type_error(format!(
                                            "{} argument after * must be an iterable, not {}",
                                            function_str(&f),
                                            t.type_name()
                                        ));
                                    }
                                    Err(e) => break 'inner e,
                                },
                            };
                            let n = st.stack.len();
                            if n == 0 {
                                break 'inner stack_underflow();
                            }
                            st.stack.extend(items);
                            (n - 1, n, kw)
                        }
                    };
                    // Exact positional call of a Python function: move the
                    // callee and the arguments off the stack (no reference
                    // count traffic) into the new frame.
                    if kw.is_empty()
                        && let Some((fcode, fglobals)) = exact_callee(st, argstart)
                    {
                        if let Some(fr) = st.top_mut() {
                            fr.pc = pc;
                        }
                        tri!(enter_code(vm, st, argstart, fcode, fglobals));
                        continue 'frames;
                    }
                    let callee = st.stack[fpos].clone();
                    if let Value::Obj(fo) = &callee {
                        if fo.kind() == Kind::FUNCTION {
                            // Other Python calls: bind parameters in general.
                            let args: Vec<Value> = st.stack.drain(argstart..).collect();
                            st.stack.truncate(fpos);
                            if let Some(f) = st.top_mut() {
                                f.pc = pc;
                            }
                            tri!(push_function_frame(vm, st, fo, &args, &kw));
                            continue 'frames;
                        }
                        if fo.kind() == Kind::BUILTIN
                            && let Some(b) = fo.downcast::<Builtin>()
                            && b.bound.is_none()
                        {
                            let r = (b.func)(
                                vm,
                                Args {
                                    pos: &st.stack[argstart..],
                                    kw: &kw,
                                },
                            );
                            st.stack.truncate(fpos);
                            st.stack.push(tri!(r));
                            continue;
                        }
                    }
                    // Anything else (types, bound methods) is called with the
                    // arguments still on the stack: no copy.
                    let r = vm.call_with(
                        &callee,
                        Args {
                            pos: &st.stack[argstart..],
                            kw: &kw,
                        },
                    );
                    st.stack.truncate(fpos);
                    st.stack.push(tri!(r));
                }
                Op::ReturnValue => {
                    let v = pop!();
                    pop_frame(vm, st);
                    if st.depth() <= entry {
                        return Ok(v);
                    }
                    st.stack.push(v);
                    continue 'frames;
                }
                Op::RaiseVarargs => match arg {
                    0 => match vm.handled.last() {
                        Some(e) => {
                            reraise = true;
                            break 'inner PyErr(e.clone());
                        }
                        None => {
                            break 'inner PyErr::runtime_error("No active exception to reraise");
                        }
                    },
                    1 => {
                        let v = pop!();
                        break 'inner PyErr(tri!(make_exception(vm, v)));
                    }
                    _ => {
                        let cause = pop!();
                        let v = pop!();
                        let e = tri!(make_exception(vm, v));
                        let cause = match cause {
                            Value::None => None,
                            c => Some(tri!(make_exception(vm, c))),
                        };
                        if let Some(x) = e.downcast::<ExcObj>() {
                            *x.cause.borrow_mut() = cause;
                            x.suppress_context.set(true);
                        }
                        break 'inner PyErr(e);
                    }
                },
                Op::Reraise => {
                    let v = pop!();
                    match v {
                        Value::Obj(o) if o.kind() == Kind::EXC => {
                            reraise = true;
                            break 'inner PyErr(o);
                        }
                        _ => break 'inner bad_arg(),
                    }
                }
                Op::PushExcInfo => match top!() {
                    Value::Obj(o) => {
                        let o = o.clone();
                        vm.handled.push(o);
                    }
                    _ => break 'inner bad_arg(),
                },
                Op::PopExcept => {
                    vm.handled.pop();
                }
                Op::CheckExcMatch => {
                    let ty = pop!();
                    let exc = top!().clone();
                    let m = tri!(exc_matches(&exc, &ty));
                    st.stack.push(Value::Bool(m));
                }
                Op::LoadAssertionError => {
                    st.stack.push(Value::from_type(&types::ASSERTION_ERROR));
                }
                Op::ImportName => {
                    let m = tri!(vm.import(code.name_str(arg)));
                    st.stack.push(m);
                }
                Op::ImportFrom => {
                    let m = top!().clone();
                    let name = code.name_str(arg);
                    match vm.getattr(&m, name) {
                        Ok(v) => st.stack.push(v),
                        Err(_) => {
                            let (mname, file) = match m.downcast::<crate::object::ModuleObj>() {
                                Some(mo) => (
                                    mo.name.clone(),
                                    mo.dict
                                        .downcast::<DictObj>()
                                        .and_then(|d| d.get_str("__file__"))
                                        .and_then(|f| f.as_str().map(|s| s.to_owned())),
                                ),
                                None => ("?".into(), None),
                            };
                            let loc = match file {
                                Some(f) => format!(" ({f})"),
                                None => " (unknown location)".into(),
                            };
                            break 'inner PyErr::new(
                                &types::IMPORT_ERROR,
                                format!("cannot import name '{name}' from '{mname}'{loc}"),
                            );
                        }
                    }
                }
            }
        };
        unwind(vm, st, entry, code.clone(), err, this_pc, reraise)?;
    }
}

/// Propagates an exception raised at `at` in the innermost frame: adds
/// traceback entries and finds a handler, popping frames that have none.
/// Returns `Err` when the exception leaves the outermost frame of this run.
fn unwind(
    vm: &mut Vm,
    st: &mut ExecState,
    entry: usize,
    mut code: Rc<Code>,
    err: PyErr,
    mut at: usize,
    mut reraise: bool,
) -> PyResult<()> {
    loop {
        if !reraise {
            let e = err.exc();
            e.traceback.borrow_mut().push(TbEntry {
                code: code.clone(),
                line: code.line_at(at),
            });
            // Implicit chaining: the exception being handled becomes the
            // context of a new one.
            if let Some(h) = vm.handled.last()
                && !h.ptr_eq(&err.0)
                && e.context.borrow().is_none()
            {
                *e.context.borrow_mut() = Some(h.clone());
            }
        }
        reraise = false;
        if let Some(h) = code.handler_for(at) {
            let Some(f) = st.top_mut() else {
                return Err(err);
            };
            f.pc = h.handler as usize;
            let depth = f.sb + h.depth as usize;
            st.stack.truncate(depth);
            st.stack.push(err.value());
            return Ok(());
        }
        pop_frame(vm, st);
        if st.depth() <= entry {
            return Err(err);
        }
        match st.top() {
            Some(f) => {
                code = f.code.clone();
                // The caller's pc points after its CALL and cache units; the
                // call is the instruction that raised.
                at = call_site(&code, f.pc.saturating_sub(1));
            }
            None => return Err(err),
        }
    }
}

/// The unit index of the call instruction whose cache ends just before
/// `pc_after - 1` (the caller resumes after the call's cache units).
fn call_site(code: &Code, last: usize) -> usize {
    let mut i = last;
    loop {
        match code.units.get(i).map(|u| u.get().op) {
            Some(Op::Cache) if i > 0 => i -= 1,
            _ => return i,
        }
    }
}

/// How CPython names a callable in call errors: `mod.qualname()` for
/// Python functions, `name()` for builtins.
fn function_str(f: &Value) -> String {
    if let Some(func) = f.downcast::<Function>() {
        let module = func
            .globals
            .downcast::<DictObj>()
            .and_then(|d| d.get_str("__name__"))
            .and_then(|n| n.as_str().map(|s| s.to_owned()))
            .unwrap_or_default();
        return format!("{module}.{}()", func.code.qualname);
    }
    if let Some(b) = f.downcast::<Builtin>() {
        return format!("{}()", b.name);
    }
    format!("{} object", f.type_name())
}

#[cold]
fn stack_underflow() -> PyErr {
    PyErr::new(&types::SYSTEM_ERROR, "bytecode stack underflow")
}

#[cold]
fn bad_arg() -> PyErr {
    PyErr::new(&types::SYSTEM_ERROR, "malformed bytecode")
}

/// Runs a function object with arguments in a fresh activation (used by the
/// embedding API).
pub fn call_function(vm: &mut Vm, f: &ObjRef, args: &[Value]) -> PyResult<Value> {
    let mut st = ExecState::default();
    push_function_frame(vm, &mut st, f, args, &[])?;
    run(vm, &mut st)
}
