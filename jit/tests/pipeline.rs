//! The JIT's pipeline on representative functions: HIR and CLIF pinned by
//! snapshots, machine code run directly on frames and compared with the
//! interpreter (including every kind of exit), and code generation for
//! other ISAs.

use interp::bytecode::Code;
use interp::frame::unbound;
use interp::object::ObjRef;
use interp::{Value, Vm, VmConfig};
use jit::build::{self, Built};
use jit::code::{self, CompiledFn};
use jit::deopt::ExitCode;
use jit::deopt::ExitReason;
use jit::lower::Checks;
use std::cell::RefCell;
use std::rc::Rc;
use std::str::FromStr;

/// Runs `source` in the interpreter (no JIT) so its instructions are
/// quickened, and returns the VM, the globals and function `name`'s code.
fn warm(source: &str, name: &str) -> (Vm, ObjRef, Rc<Code>) {
    let config = VmConfig {
        quicken_warmup: 2,
        ..VmConfig::default()
    };
    let mut vm = Vm::new(config, Box::new(std::io::sink()));
    let code = vm.compile(source, "t.py").expect("compiles");
    let globals = vm.new_module_dict("__main__", None);
    if let Err(e) = vm.run_module_code(code.clone(), &globals) {
        panic!("{}", interp::traceback::format_exception(&mut vm, &e));
    }
    let f = code
        .children()
        .find(|c| c.name == name)
        .cloned()
        .expect("function code");
    (vm, globals, f)
}

fn built(vm: &Vm, globals: &ObjRef, code: &Code) -> Built {
    build::build(vm, code, globals, &|_| None).unwrap_or_else(|d| panic!("declined: {d:?}"))
}

fn compiled(vm: &Vm, globals: &ObjRef, code: &Code) -> CompiledFn {
    compiled_with(vm, globals, code, false)
}

/// Compiled, with `int` overflow checked by plain arithmetic when
/// `portable` (what CPUs without an overflow-flag lowering get), else as
/// on this machine.
fn compiled_with(vm: &Vm, globals: &ObjRef, code: &Code, portable: bool) -> CompiledFn {
    let b = built(vm, globals, code);
    let mut keep = b.keep;
    keep.push(globals.clone());
    let frame_len = code.nslots() + code.max_stack as usize;
    code::compile(
        &b.func,
        Rc::new(RefCell::new(keep)),
        b.cells,
        globals,
        frame_len,
        code::How {
            want_clif: false,
            verify: true,
            portable_checks: portable,
        },
    )
    .unwrap_or_else(|e| panic!("codegen: {e}"))
    .code
}

/// A frame for `code` with these arguments: (slots, exit code).
fn run(
    vm: &mut Vm,
    globals: &ObjRef,
    c: &CompiledFn,
    code: &Code,
    args: &[Value],
) -> (Vec<Value>, ExitCode) {
    let n = code.nslots() + code.max_stack as usize;
    let mut slots: Vec<Value> = (0..n)
        .map(|i| {
            if i < code.nslots() {
                args.get(i).cloned().unwrap_or_else(unbound)
            } else {
                Value::None
            }
        })
        .collect();
    let e = c.run_raw(vm, globals, &mut slots);
    (slots, e)
}

const INT_LOOP: &str = "\
def kernel(n):
    total = 0
    for i in range(n):
        total += i * 3 % 7
    return total
for _ in range(30):
    kernel(50)
";

const FLOAT_LOOP: &str = "\
def kernel(n, x):
    i = 0
    while i < n:
        x = x * 0.5 + 1.5
        i += 1
    return x
for _ in range(30):
    kernel(50, 0.0)
";

// One trip through a loop: functions without a loop are not compiled.
const BRANCHES: &str = "\
def f(a, b):
    for _ in range(1):
        if a < b:
            r = a - b
        elif a == b:
            r = a // 3
        else:
            r = a % b
    return r
for i in range(40):
    f(i, 20)
";

#[test]
fn hir_of_an_int_loop_over_a_range() {
    let (vm, g, f) = warm(INT_LOOP, "kernel");
    insta::assert_snapshot!(built(&vm, &g, &f).func.to_string());
}

#[test]
fn hir_of_a_float_while_loop() {
    let (vm, g, f) = warm(FLOAT_LOOP, "kernel");
    insta::assert_snapshot!(built(&vm, &g, &f).func.to_string());
}

#[test]
fn hir_of_branches() {
    let (vm, g, f) = warm(BRANCHES, "f");
    insta::assert_snapshot!(built(&vm, &g, &f).func.to_string());
}

#[test]
fn clif_of_a_float_while_loop() {
    let (vm, g, f) = warm(FLOAT_LOOP, "kernel");
    let (clif, exits) = code::clif(&built(&vm, &g, &f).func, Checks::Flags).expect("lowers");
    insta::assert_snapshot!(redact_addresses(&jit::lower::clif_text(&clif, &exits)));
}

#[test]
fn clif_of_branches() {
    let (vm, g, f) = warm(BRANCHES, "f");
    let (clif, exits) = code::clif(&built(&vm, &g, &f).func, Checks::Flags).expect("lowers");
    insta::assert_snapshot!(redact_addresses(&jit::lower::clif_text(&clif, &exits)));
}

/// The CLIF text with addresses of objects (ASLR: they differ per run)
/// replaced: hexadecimal constants of more than 8 digits.
fn redact_addresses(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("0x") {
        out.push_str(&rest[..i]);
        let tail = &rest[i + 2..];
        let n = tail
            .find(|c: char| !(c.is_ascii_hexdigit() || c == '_'))
            .unwrap_or(tail.len());
        let digits = tail[..n].chars().filter(|c| *c != '_').count();
        if digits > 8 {
            out.push_str("[addr]");
        } else {
            out.push_str(&rest[i..i + 2 + n]);
        }
        rest = &tail[n..];
    }
    out.push_str(rest);
    out
}

/// Python's floor division and modulo of two i64s, as the interpreter
/// computes them (None: the big-int or error path).
fn py_floordiv_mod(a: i64, b: i64) -> Option<(i64, i64)> {
    if b == 0 || (a == i64::MIN && b == -1) {
        return None;
    }
    let (q, r) = (a / b, a % b);
    if r != 0 && ((r < 0) != (b < 0)) {
        Some((q - 1, r + b))
    } else {
        Some((q, r))
    }
}

#[test]
fn compiled_branches_agree_with_python_and_exit_where_they_must() {
    let (mut vm, g, f) = warm(BRANCHES, "f");
    for portable in [false, true] {
        let c = compiled_with(&vm, &g, &f, portable);
        let edges = [
            0,
            1,
            -1,
            2,
            3,
            7,
            -7,
            20,
            i64::MAX,
            i64::MIN,
            i64::MIN + 1,
            i64::MAX - 1,
        ];
        for &a in &edges {
            for &b in &edges {
                let (slots, e) = run(&mut vm, &g, &c, &f, &[Value::Int(a), Value::Int(b)]);
                let expect = if a < b {
                    a.checked_sub(b)
                } else if a == b {
                    py_floordiv_mod(a, 3).map(|x| x.0)
                } else {
                    py_floordiv_mod(a, b).map(|x| x.1)
                };
                match expect {
                    Some(r) => {
                        assert_eq!(e.reason, None, "f({a}, {b}): {e:?}");
                        assert_eq!(e.depth, 1);
                        assert!(
                            matches!(slots[f.nslots()], Value::Int(x) if x == r),
                            "f({a}, {b}) = {:?}, expected {r}",
                            slots[f.nslots()]
                        );
                    }
                    None => {
                        // The exit resumes at the operation, with the iterator and both
                        // operands on the stack and the parameters intact.
                        assert!(
                            matches!(
                                e.reason,
                                Some(ExitReason::IntOverflow | ExitReason::ZeroDivision)
                            ),
                            "f({a}, {b}): {e:?}"
                        );
                        assert_eq!(e.depth, 3, "f({a}, {b}): {e:?}");
                        assert!(matches!(slots[0], Value::Int(x) if x == a));
                        assert!(matches!(slots[1], Value::Int(x) if x == b));
                    }
                }
            }
        }
        // A float where an int was speculated leaves before the compare.
        let (slots, e) = run(&mut vm, &g, &c, &f, &[Value::Float(1.0), Value::Int(2)]);
        assert_eq!(e.reason, Some(ExitReason::WrongType), "{e:?}");
        assert!(matches!(slots[0], Value::Float(x) if x == 1.0));
    }
    vm.shutdown();
}

#[test]
fn compiled_int_loop_matches_the_interpreter_and_overflows_into_an_exit() {
    let (mut vm, g, f) = warm(INT_LOOP, "kernel");
    let c = compiled(&vm, &g, &f);
    for n in [0i64, 1, 2, 7, 100, 1000] {
        let (slots, e) = run(&mut vm, &g, &c, &f, &[Value::Int(n)]);
        let expect: i64 = (0..n).map(|i| i * 3 % 7).sum();
        assert_eq!(e.reason, None);
        assert!(
            matches!(slots[f.nslots()], Value::Int(x) if x == expect),
            "{n}"
        );
    }
    // A bound that is not an int leaves at the range() call.
    let (_, e) = run(&mut vm, &g, &c, &f, &[Value::Float(3.0)]);
    assert_eq!(e.reason, Some(ExitReason::WrongType));
    vm.shutdown();
}

#[test]
fn compiled_float_loop_is_exact_and_its_overflowing_counter_exits_with_the_loop_state() {
    let (mut vm, g, f) = warm(FLOAT_LOOP, "kernel");
    let c = compiled(&vm, &g, &f);
    for (n, x0) in [
        (0i64, 0.0f64),
        (1, 2.0),
        (50, -3.25),
        (10, f64::NAN),
        (10, f64::INFINITY),
    ] {
        let (slots, e) = run(&mut vm, &g, &c, &f, &[Value::Int(n), Value::Float(x0)]);
        let mut x = x0;
        for _ in 0..n {
            x = x * 0.5 + 1.5;
        }
        assert_eq!(e.reason, None);
        match slots[f.nslots()] {
            Value::Float(r) => assert!(r.to_bits() == x.to_bits() || (r.is_nan() && x.is_nan())),
            ref v => panic!("{v:?}"),
        }
    }
    // An int where the float was speculated: the multiply leaves, with
    // the loop counter written back into its slot.
    let (slots, e) = run(&mut vm, &g, &c, &f, &[Value::Int(5), Value::Int(1)]);
    assert_eq!(e.reason, Some(ExitReason::WrongType), "{e:?}");
    assert!(matches!(slots[2], Value::Int(0)), "{:?}", slots[2]);
    vm.shutdown();
}

/// The ints of the tuple compiled code returned (in its first operand
/// slot).
fn returned_ints(v: &Value) -> Vec<i64> {
    let Value::Obj(o) = v else {
        panic!("not a tuple: {v:?}");
    };
    let t = o
        .downcast::<interp::object::TupleObj>()
        .unwrap_or_else(|| panic!("not a tuple: {v:?}"));
    t.items
        .iter()
        .map(|x| match x {
            Value::Int(i) => *i,
            other => panic!("not an int: {other:?}"),
        })
        .collect()
}

#[test]
fn compiled_arithmetic_exits_exactly_on_i64_overflow() {
    let (mut vm, g, f) = warm(
        "def f(a, b):\n    for _ in range(1):\n        x = a * b\n        y = a + b\n        z = a - b\n    return (x, y, z)\nfor i in range(9):\n    f(i, 3)\n",
        "f",
    );
    // The function returns the tuple of the three results (in its first
    // operand slot). An overflow exits with the range iterator and the
    // operands on the stack, and the results before it in their locals
    // (x, y, z: slots 3, 4, 5).
    for portable in [false, true] {
        let c = compiled_with(&vm, &g, &f, portable);
        let edges = [
            0,
            1,
            -1,
            2,
            -2,
            3,
            1 << 31,
            -(1 << 31),
            1 << 32,
            i64::MAX,
            i64::MIN,
            i64::MAX / 2 + 1,
        ];
        for &a in &edges {
            for &b in &edges {
                let (slots, e) = run(&mut vm, &g, &c, &f, &[Value::Int(a), Value::Int(b)]);
                let ops = [a.checked_mul(b), a.checked_add(b), a.checked_sub(b)];
                match ops.iter().position(|r| r.is_none()) {
                    Some(k) => {
                        assert_eq!(e.reason, Some(ExitReason::IntOverflow), "{a} {b}: {e:?}");
                        assert_eq!(e.depth, 3, "{a} {b}");
                        // The operands are back on the stack (the left one
                        // of `+`/`-` recovered from the wrapped result).
                        let n = f.nslots();
                        assert!(
                            matches!((&slots[n + 1], &slots[n + 2]), (Value::Int(x), Value::Int(y)) if (*x, *y) == (a, b)),
                            "{a} {b} op {k}: {:?} {:?}",
                            slots[n + 1],
                            slots[n + 2]
                        );
                        for (j, r) in ops[..k].iter().enumerate() {
                            assert!(
                                matches!(slots[3 + j], Value::Int(x) if Some(x) == *r),
                                "{a} {b} op {j}: {:?}",
                                slots[3 + j]
                            );
                        }
                    }
                    None => {
                        assert_eq!(e.reason, None, "{a} {b}: {e:?}");
                        let got = returned_ints(&slots[f.nslots()]);
                        let want: Vec<i64> = ops.iter().flatten().copied().collect();
                        assert_eq!(got, want, "{a} {b}");
                    }
                }
            }
        }
    }
    vm.shutdown();
}

#[test]
fn functions_compile_for_other_isas() {
    let (vm, g, f) = warm(INT_LOOP, "kernel");
    let (vm2, g2, f2) = warm(FLOAT_LOOP, "kernel");
    let (vm3, g3, f3) = warm(BRANCHES, "f");
    let funcs = [
        built(&vm, &g, &f).func,
        built(&vm2, &g2, &f2).func,
        built(&vm3, &g3, &f3).func,
    ];
    for triple in [
        "aarch64-unknown-linux-gnu",
        "riscv64gc-unknown-linux-gnu",
        "s390x-unknown-linux-gnu",
        "x86_64-unknown-linux-gnu",
    ] {
        let t = target_lexicon::Triple::from_str(triple).expect("triple");
        let isa = cranelift_codegen::isa::lookup(t)
            .unwrap_or_else(|e| panic!("{triple}: {e}"))
            .finish(cranelift_codegen::settings::Flags::new(
                cranelift_codegen::settings::builder(),
            ))
            .unwrap_or_else(|e| panic!("{triple}: {e}"));
        // The overflow checks each target gets, and the portable ones
        // (which every target must take).
        for checks in [Checks::for_isa(&*isa), Checks::Portable] {
            for func in &funcs {
                let (clif, _) = code::clif(func, checks).expect("lowers");
                let size =
                    code::compile_for(clif, &*isa).unwrap_or_else(|e| panic!("{triple}: {e}"));
                assert!(size > 0, "{triple}");
            }
        }
    }
}

#[test]
fn unsupported_functions_decline_with_a_reason() {
    // Without a loop to run compiled, a function that must leave for the
    // interpreter (here for a closure's cell) stays interpreted.
    let (vm, g, f) = warm(
        "def f(n):\n    if n < 2:\n        return n\n    g = lambda: n\n    return f(n - 1) + g()\nf(5)\n",
        "f",
    );
    let d = build::build(&vm, &f, &g, &|_| None)
        .err()
        .expect("declines");
    assert_eq!(d.why, jit::stats::Decline::Unsupported);
    assert!(d.detail.contains("cells"), "{d:?}");
}

#[test]
fn hir_of_a_recursive_function_calls_itself_directly() {
    // A call of a Python function that takes exactly its arguments and
    // has no cells is a direct call; one with a default is not.
    let (vm, g, f) = warm(
        "def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\nfib(5)\n",
        "fib",
    );
    let built = build::build(&vm, &f, &g, &|_| None).expect("builds");
    insta::assert_snapshot!(built.func.to_string());
    // A callee with a default is called by the interpreter: the code
    // would leave there in every trip of the loop, so it declines.
    let (vm, g, f) = warm(
        "def h(a, b=1):\n    return a + b\ndef f(n):\n    t = 0\n    for i in range(n):\n        t += h(i)\n    return t\nf(5)\n",
        "f",
    );
    let d = build::build(&vm, &f, &g, &|_| None)
        .err()
        .expect("declines");
    assert!(d.detail.contains("CALL_PY_WITH_DEFAULTS"), "{d:?}");
}

#[test]
fn hir_of_instance_attributes_and_a_method_call() {
    // `p.x` and `p.x = ...` guard the class's version tag and go through
    // the cached entry; `p.norm()` finds the method the class has at that
    // version (a constant) and calls it directly; `p.y += 1` copies and
    // swaps on the operand stack.
    let (vm, g, f) = warm(
        "class P:\n    def __init__(self):\n        self.x = 1.5\n        self.y = 0\n    def norm(self):\n        return self.x\n\ndef f(p, n):\n    t = 0.0\n    for i in range(n):\n        p.x = p.x + 1.0\n        p.y += 1\n        t += p.norm()\n    return t\nf(P(), 5)\n",
        "f",
    );
    let built = built(&vm, &g, &f);
    insta::assert_snapshot!(built.func.to_string());
}

#[test]
fn hir_of_tuple_and_list_items() {
    // `ps[i]` (a list) and `p[0]`, `p[-1]` (a tuple) read the item in
    // place: `SeqGet`, one op for both, with the interpreter's redo as its
    // exit.
    let (vm, g, f) = warm(
        "def f(ps, n):\n    s = 0\n    for i in range(n):\n        p = ps[i]\n        s += p[0] + p[-1]\n    return s\nf([(1, 2)] * 4, 4)\nf([(1, 2)] * 4, 4)\n",
        "f",
    );
    let built = built(&vm, &g, &f);
    let text = built.func.to_string();
    assert_eq!(text.matches("SeqGet").count(), 3, "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn hir_of_set_methods() {
    // `s.add(k)`, `s.remove(k)` and `s.discard(k)` behind the set's type
    // guard are one helper each (`Generic SetKey`, the method's index in
    // `interp::sets::KeyMethod::ALL` as its argument); `k in s` is one
    // helper too.
    let (vm, g, f) = warm(
        "def f(s, n):\n    c = 0\n    for i in range(n):\n        if i in s:\n            c += 1\n        s.add(i)\n        s.remove(i)\n        s.discard(-i)\n    return c\nf({1, 2}, 4)\nf({1, 2}, 4)\n",
        "f",
    );
    let built = built(&vm, &g, &f);
    let text = built.func.to_string();
    for which in 0..3 {
        assert_eq!(
            text.matches(&format!("Generic SetKey 2, {which} ")).count(),
            1,
            "{text}"
        );
    }
    insta::assert_snapshot!(text);
}

#[test]
fn hir_of_shifts_and_an_attribute_index() {
    // `>>` and `<<` of ints are machine shifts behind their exits (a
    // negative count; bits lost by `<<`); `t[p.i]` reads the index from
    // the attribute's slot and the item in place (`SeqGet`).
    let (vm, g, f) = warm(
        "class P:\n    def __init__(self, i):\n        self.i = i\n\ndef f(t, ps, k):\n    s = 0\n    for p in ps:\n        s += (t[p.i] >> k) ^ (t[p.i] << 2)\n    return s\nf([1, 2, 3], [P(0), P(2)], 1)\nf([1, 2, 3], [P(0), P(2)], 1)\n",
        "f",
    );
    let built = built(&vm, &g, &f);
    let text = built.func.to_string();
    assert_eq!(text.matches("IntRShift").count(), 1, "{text}");
    assert_eq!(text.matches("IntLShift").count(), 1, "{text}");
    assert_eq!(text.matches("SeqGet").count(), 2, "{text}");
    assert!(!text.contains("Generic"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn hir_of_a_class_check_carried_across_branches() {
    // `p.flag`, then `p.x` or `p.y` in the branches, then `p.x` after the
    // join: one check of `p`'s class version per trip, since every path
    // to the later reads made it and nothing between can rebind `p` or
    // run Python code (a `Truth` of something else than a bool, an int
    // or None leaves first).
    let (vm, g, f) = warm(
        "class P:\n    def __init__(self, f):\n        self.flag = f\n        self.x = 1\n        self.y = 2\n\ndef f(ps):\n    t = 0\n    for p in ps:\n        if p.flag:\n            t += p.x\n        else:\n            t += p.y\n        t += p.x\n    return t\nf([P(True), P(False)] * 8)\nf([P(True), P(False)] * 8)\n",
        "f",
    );
    let built = built(&vm, &g, &f);
    let text = built.func.to_string();
    assert_eq!(text.matches("GuardTypeVersion").count(), 1, "{text}");
    assert_eq!(text.matches("AttrGet").count(), 4, "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn hir_of_a_method_call_on_several_classes() {
    // The site saw two classes: the receiver's version tag selects the
    // function, and the call compares it with each function it may be.
    let (vm, g, f) = warm(
        "class A:\n    def m(self):\n        return 1\nclass B:\n    def m(self):\n        return 2\ndef f(xs):\n    t = 0\n    for x in xs:\n        t += x.m()\n    return t\nf([A(), B(), A(), B()])\nf([A(), B(), A(), B()])\n",
        "f",
    );
    let built = built(&vm, &g, &f);
    let text = built.func.to_string();
    assert!(text.contains("(one of 2)"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn the_instance_layout_reads_real_instances() {
    // What compiled code reads in place: an instance's attribute values
    // while it has no dict, found by `layout::instance_layout`'s probe.
    let l = jit::layout::instance_layout().expect("this build's layout is recognised");
    let (vm, g, _) = warm(
        "class P:\n    def __init__(self):\n        self.a = 7\n        self.b = 'text'\no = P()\nd = P()\nd.__dict__\ndef f():\n    pass\n",
        "f",
    );
    let _ = vm;
    let get = |name: &str| match g
        .downcast::<interp::object::DictObj>()
        .and_then(|d| d.get_str(name))
    {
        Some(Value::Obj(o)) => o,
        other => panic!("no {name}: {other:?}"),
    };
    let (o, d) = (get("o"), get("d"));
    let word = |obj: &ObjRef, off: i32| -> u64 {
        // SAFETY: `off` is an offset the probe found inside the payload
        // of an instance object, which `obj` is (alive: the globals hold
        // it); the word there is an initialized integer or pointer.
        unsafe {
            (obj.as_ptr() as *const u8)
                .add(off as usize)
                .cast::<u64>()
                .read()
        }
    };
    assert_eq!(word(&o, l.dict), 0, "no dict yet");
    assert_ne!(word(&d, l.dict), 0, "__dict__ made one");
    assert_eq!(word(&o, l.flag), 0, "not borrowed");
    assert_eq!(word(&o, l.len), 2);
    let buf = word(&o, l.ptr) as usize;
    let entry = |i: i32, off: i32| -> u64 {
        // SAFETY: entry `i` < len of the values buffer just read.
        unsafe { ((buf + (i * l.entry + off) as usize) as *const u64).read() }
    };
    assert_eq!(entry(0, l.value), jit::layout::TAG_INT);
    assert_eq!(entry(0, l.value + 8), 7);
    assert_eq!(entry(1, l.value), jit::layout::TAG_OBJ);
    let key0 = entry(0, l.key) as usize;
    // SAFETY: the entry's key is a live `str` the instance holds.
    let key = unsafe { ObjRef::from_borrowed(key0 as *mut _) }.expect("a key");
    assert_eq!(
        key.downcast::<interp::object::StrObj>()
            .map(|s| s.as_str().to_string()),
        Some("a".to_string())
    );
}

#[test]
fn the_list_layout_reads_real_lists() {
    // What compiled code reads and writes in place: an exact list's
    // items, found by `layout::list_layout`'s probe.
    let l = jit::layout::list_layout().expect("this build's layout is recognised");
    let list =
        interp::object::ListObj::new_obj(vec![Value::Int(7), Value::None, Value::Float(2.5)]);
    let word = |off: i32| probed_word(&list, off);
    assert_eq!(word(l.flag), 0, "not borrowed");
    assert_eq!(word(l.len), 3);
    assert_items_7_none_2_5(word(l.ptr) as usize);
    let items = list.downcast::<interp::object::ListObj>().expect("a list");
    let _held = items.items.borrow_mut();
    assert!((word(l.flag) as i64) < 0, "borrowed mutably");
}

#[test]
fn the_tuple_layout_reads_real_tuples() {
    // What compiled code reads to unpack a tuple: its items, found by
    // `layout::tuple_layout`'s probe.
    let l = jit::layout::tuple_layout().expect("this build's layout is recognised");
    let tuple = match Value::tuple(vec![Value::Int(7), Value::None, Value::Float(2.5)]) {
        Value::Obj(o) => o,
        other => panic!("not an object: {other:?}"),
    };
    assert_eq!(probed_word(&tuple, l.len), 3);
    assert_items_7_none_2_5(probed_word(&tuple, l.ptr) as usize);
}

/// The word at byte offset `off` of the object `o`, an offset a layout
/// probe found inside its payload.
fn probed_word(o: &interp::object::ObjRef, off: i32) -> u64 {
    // SAFETY: `off` is inside the payload of `o` (alive), where the probe
    // found an initialized integer or pointer.
    unsafe {
        (o.as_ptr() as *const u8)
            .add(off as usize)
            .cast::<u64>()
            .read()
    }
}

/// Checks that the `Value`s at `buf` are `[7, None, 2.5]`.
fn assert_items_7_none_2_5(buf: usize) {
    let item = |i: usize, off: usize| -> u64 {
        // SAFETY: `buf` holds three values (read from their container's
        // length); item `i` < 3.
        unsafe { ((buf + i * 16 + off) as *const u64).read() }
    };
    assert_eq!(item(0, 0), jit::layout::TAG_INT);
    assert_eq!(item(0, 8), 7);
    assert_eq!(item(1, 0), jit::layout::TAG_NONE);
    assert_eq!(item(2, 0), jit::layout::TAG_FLOAT);
    assert_eq!(item(2, 8), 2.5f64.to_bits());
}

#[test]
fn a_class_is_found_by_its_current_version_tag_only() {
    // The JIT finds a cached method through the class that has the
    // cache's version tag now; a tag the class moved on from finds none.
    use interp::object::class::{ClassData, class_of_version};
    let (vm, g, _) = warm(
        "class P:\n    def m(self):\n        return 1\ndef f():\n    pass\n",
        "f",
    );
    let _ = vm;
    let cls = match g
        .downcast::<interp::object::DictObj>()
        .and_then(|d| d.get_str("P"))
    {
        Some(Value::Obj(c)) => c,
        other => panic!("no class: {other:?}"),
    };
    let tag = cls.as_type().expect("a type").tp_version_tag.get();
    assert_ne!(tag, 0);
    assert!(class_of_version(tag).is_some_and(|c| c.ptr_eq(&cls)));
    let cd = cls
        .as_type()
        .and_then(|t| t.heap_data::<ClassData>())
        .expect("class data");
    cd.set_attr("k", Value::Int(1));
    let now = cls.as_type().expect("a type").tp_version_tag.get();
    assert_ne!(now, tag);
    assert!(class_of_version(tag).is_none());
    assert!(class_of_version(now).is_some_and(|c| c.ptr_eq(&cls)));
    assert!(class_of_version(0).is_none());
}

#[test]
fn functions_with_match_patterns_decline() {
    // MATCH_SEQUENCE, MATCH_CLASS and the other pattern instructions have
    // no compiled form: the function stays interpreted, even with a loop.
    let (vm, g, f) = warm(
        "def f(items):\n    n = 0\n    for it in items:\n        match it:\n            case [a, b]:\n                n += a + b\n            case int(x):\n                n += x\n    return n\nf([[1, 2], 3, (4, 5)])\n",
        "f",
    );
    let d = build::build(&vm, &f, &g, &|_| None)
        .err()
        .expect("declines");
    assert_eq!(d.why, jit::stats::Decline::Unsupported);
    assert!(d.detail.contains("match statement"), "{d:?}");
}

#[test]
fn arithmetic_with_a_constant_operand_exits_exactly_on_i64_overflow() {
    // Constant operands take shorter checks (one compare for `+`/`-`; the
    // sign of the remainder for `%` and `//`): the same edges as above.
    let (mut vm, g, f) = warm(
        "def f(a):\n    for _ in range(1):\n        t0 = a + 5\n        t1 = 5 + a\n        t2 = a - 5\n        t3 = a + -5\n        t4 = a - -5\n        t5 = a % 7\n        t6 = a % -7\n        t7 = a // 3\n        t8 = a // -3\n    return (t0, t1, t2, t3, t4, t5, t6, t7, t8)\nfor i in range(9):\n    f(i)\n",
        "f",
    );
    for portable in [false, true] {
        let c = compiled_with(&vm, &g, &f, portable);
        let ops = |a: i64| -> [Option<i64>; 9] {
            let fm = |b: i64| py_floordiv_mod(a, b);
            [
                a.checked_add(5),
                a.checked_add(5),
                a.checked_sub(5),
                a.checked_add(-5),
                a.checked_sub(-5),
                fm(7).map(|x| x.1),
                fm(-7).map(|x| x.1),
                fm(3).map(|x| x.0),
                fm(-3).map(|x| x.0),
            ]
        };
        let mut edges = vec![0, 1, -1, 4, -4, 5, -5, 6, -6, 7, -7, 20, -20];
        for d in 0..7 {
            edges.extend([i64::MAX - d, i64::MIN + d]);
        }
        for &a in &edges {
            let (slots, e) = run(&mut vm, &g, &c, &f, &[Value::Int(a)]);
            let want = ops(a);
            // Locals: a, _, then t0.. from slot 2; the results are returned
            // in a tuple, or an overflow exits with the iterator and two
            // operands on the stack.
            match want.iter().position(|r| r.is_none()) {
                Some(k) => {
                    assert_eq!(e.reason, Some(ExitReason::IntOverflow), "{a}: {e:?}");
                    assert_eq!(e.depth, 3, "{a}");
                    for (j, r) in want[..k].iter().enumerate() {
                        assert!(
                            matches!(slots[2 + j], Value::Int(x) if Some(x) == *r),
                            "{a} op {j}: {:?}, expected {r:?}",
                            slots[2 + j]
                        );
                    }
                }
                None => {
                    assert_eq!(e.reason, None, "{a}: {e:?}");
                    let got = returned_ints(&slots[f.nslots()]);
                    let want: Vec<i64> = want.iter().flatten().copied().collect();
                    assert_eq!(got, want, "{a}");
                }
            }
        }
    }
    vm.shutdown();
}

#[test]
fn non_negative_facts_follow_range_indexes_through_arithmetic() {
    use jit::facts::Facts;
    use jit::hir::{CheckedIntOp, Op};
    let (mut vm, g, f) = warm(
        "def f(n, k):\n    t = 0\n    for i in range(n):\n        t += i * 3 % 7 + (i + k) * 2 + (i - 1) // 3 + k % 5 + i % -5\n    return t\nfor _ in range(30):\n    f(9, 2)\n",
        "f",
    );
    let func = built(&vm, &g, &f).func;
    let facts = Facts::of(&func);
    // Each checked operation's result, in source order.
    let results: Vec<(CheckedIntOp, bool)> = func
        .blocks
        .iter()
        .flat_map(|b| &b.insts)
        .filter_map(|i| match (&i.op, i.out) {
            (Op::CheckedInt(o, ..), Some((v, _))) => Some((*o, facts.nonneg(v))),
            _ => None,
        })
        .collect();
    use CheckedIntOp::*;
    assert_eq!(
        results,
        vec![
            (Mul, true),       // i * 3
            (Mod, true),       // % 7
            (Add, false),      // i + k: k may be negative
            (Mul, false),      // * 2
            (Add, false),      // sum so far
            (Sub, false),      // i - 1
            (FloorDiv, false), // // 3 of a maybe negative
            (Add, false),
            (Mod, true), // k % 5: the divisor's sign
            (Add, false),
            (Mod, false), // i % -5
            (Add, false),
            (Add, false), // t += ...: t's sum is not known non-negative
        ],
        "{func}"
    );
    vm.shutdown();
}

/// The `IntAtMost` guards of a function, in order: their limits.
fn range_limits(func: &jit::hir::Function) -> Vec<i64> {
    func.blocks
        .iter()
        .flat_map(|b| &b.insts)
        .filter_map(|i| match i.op {
            jit::hir::Op::IntAtMost { max, .. } => Some(max),
            _ => None,
        })
        .collect()
}

/// Whether each checked add or multiply of `func` is proven not to
/// overflow, in order.
fn unchecked(func: &jit::hir::Function) -> Vec<(jit::hir::CheckedIntOp, bool)> {
    use jit::hir::{CheckedIntOp, Op};
    let facts = jit::facts::Facts::of(func);
    func.blocks
        .iter()
        .flat_map(|b| &b.insts)
        .filter_map(|i| match i.op {
            Op::CheckedInt(o @ (CheckedIntOp::Add | CheckedIntOp::Mul), a, b, _) => {
                Some((o, facts.cannot_overflow(o, a, b)))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn a_range_stop_is_bounded_only_where_the_bound_drops_an_overflow_check() {
    use jit::hir::CheckedIntOp::*;
    // int_loop: the stop is limited so that `i * 3` cannot overflow; the
    // sum still can.
    let (mut vm, g, f) = warm(INT_LOOP, "kernel");
    let func = built(&vm, &g, &f).func;
    assert_eq!(range_limits(&func), vec![i64::MAX / 3], "{func}");
    assert_eq!(unchecked(&func), vec![(Mul, true), (Add, false)], "{func}");
    vm.shutdown();
    // No multiply: the range stays unlimited.
    let (mut vm, g, f) = warm(
        "def f(n):\n    t = 0\n    for i in range(n):\n        t += i\n    return t\nfor _ in range(30):\n    f(5)\n",
        "f",
    );
    let func = built(&vm, &g, &f).func;
    assert_eq!(range_limits(&func), vec![i64::MAX], "{func}");
    vm.shutdown();
    // Two loops: only the one whose index is multiplied is limited (by
    // the larger constant); a start that may be negative proves nothing.
    let (mut vm, g, f) = warm(
        "def f(n, s):\n    t = 0\n    for i in range(n):\n        t += i * 3 + i * 10\n    for j in range(n):\n        t += j\n    for k in range(s, n):\n        t += k * 2\n    return t\nfor _ in range(30):\n    f(5, 1)\n",
        "f",
    );
    let func = built(&vm, &g, &f).func;
    assert_eq!(
        range_limits(&func),
        vec![i64::MAX / 10, i64::MAX, i64::MAX],
        "{func}"
    );
    assert_eq!(
        unchecked(&func),
        vec![
            (Mul, true),  // i * 3
            (Mul, true),  // i * 10
            (Add, false), // i * 3 + i * 10: 13 * (MAX / 10) does not fit
            (Add, false), // t += ...
            (Add, false), // t += j
            (Mul, false), // k * 2: k may be negative
            (Add, false),
        ],
        "{func}"
    );
    vm.shutdown();
}

#[test]
fn bounds_follow_compares_and_remainders_but_not_growing_counters() {
    use jit::hir::CheckedIntOp::*;
    // A `while` counter below a constant: `i * 1000` is bounded by the
    // compare; `r`, a remainder carried around the loop, by the divisor.
    let (mut vm, g, f) = warm(
        "def f(x):\n    i = 0\n    r = 0\n    t = 0\n    while i < 1000:\n        t += i * 1000 + r * 5\n        r = x % 7\n        i += 1\n    return t\nfor _ in range(30):\n    f(3)\n",
        "f",
    );
    let func = built(&vm, &g, &f).func;
    assert_eq!(
        unchecked(&func),
        vec![
            (Mul, true),  // i * 1000: i <= 999
            (Mul, true),  // r * 5: r <= 6
            (Add, true),  // their sum
            (Add, false), // t grows without bound
            (Add, true),  // i += 1: i <= 999 here
        ],
        "{func}"
    );
    vm.shutdown();
}

#[test]
fn a_range_past_the_bound_leaves_before_its_first_iteration() {
    let src = "\
def kernel(n, stop_at):
    total = 0
    for i in range(n):
        if i >= stop_at:
            break
        total += i * 3
    return total
for _ in range(30):
    kernel(50, 10)
";
    let (mut vm, g, f) = warm(src, "kernel");
    let c = compiled(&vm, &g, &f);
    let limit = i64::MAX / 3;
    // At the bound the compiled code runs (and stops at the break).
    let (slots, e) = run(&mut vm, &g, &c, &f, &[Value::Int(limit), Value::Int(10)]);
    assert_eq!(e.reason, None);
    assert!(matches!(slots[f.nslots()], Value::Int(135)), "{:?}", slots);
    // One past it, it leaves at the range() call with nothing done.
    let (slots, e) = run(
        &mut vm,
        &g,
        &c,
        &f,
        &[Value::Int(limit + 1), Value::Int(10)],
    );
    assert_eq!(e.reason, Some(ExitReason::RangeBound), "{e:?}");
    assert!(matches!(slots[2], Value::Int(0)), "{:?}", slots);
    vm.shutdown();
}

#[test]
fn guards_on_globals_are_checked_at_entry_even_after_a_local_is_stored() {
    // `g = len` stores an object into a local before the loop's `range`
    // is looked up: both names' guards move to the entry.
    let (mut vm, g, f) = warm(
        "def f(n):\n    g = len\n    t = 0\n    for i in range(n):\n        t += g(\"ab\") + i\n    return t\nfor _ in range(30):\n    f(5)\n",
        "f",
    );
    let func = built(&vm, &g, &f).func;
    assert_eq!(func.entry_guards.len(), 4, "{func}");
    let in_body = func
        .blocks
        .iter()
        .flat_map(|b| &b.insts)
        .filter(|i| matches!(i.op, jit::hir::Op::Guard { .. }))
        .count();
    assert_eq!(in_body, 0, "{func}");
    vm.shutdown();
}

/// Resident memory of this process in bytes (Linux).
#[cfg(target_os = "linux")]
fn resident() -> usize {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("statm");
    let pages: usize = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .expect("resident pages");
    pages * 4096
}

#[cfg(target_os = "linux")]
#[test]
fn code_dropped_is_freed() {
    let (vm, globals, code) = warm(
        "def f(n):\n    t = 0\n    for i in range(n):\n        t += i\n    return t\nf(50)\n",
        "f",
    );
    let b = built(&vm, &globals, &code);
    let once = || {
        let out = code::compile(
            &b.func,
            Rc::new(RefCell::new(vec![globals.clone()])),
            Vec::new(),
            &globals,
            code.nslots() + code.max_stack as usize,
            code::How::default(),
        )
        .unwrap_or_else(|e| panic!("codegen: {e}"));
        assert!(out.size > 0);
    };
    for _ in 0..500 {
        once();
    }
    let before = resident();
    for _ in 0..5000 {
        once();
    }
    // Each module's code takes at least a page of its own: kept, 5000
    // would hold 20 MB.
    let grown = resident().saturating_sub(before);
    assert!(grown < 8 << 20, "resident memory grew by {grown} bytes");
}

/// The loop header of `code`: the target of its (first) back-edge.
fn loop_header(code: &Code) -> usize {
    code.units
        .iter()
        .map(|u| u.get())
        .find(|i| i.op == interp::bytecode::Op::JumpBackward)
        .map(|i| i.arg as usize)
        .expect("a loop")
}

/// `kernel` of [`INT_LOOP`] as on-stack replacement enters it: at its
/// loop header, with `n`, `total` and `i` bound and the range iterator on
/// the stack, its two ints in the scratch slots from stack index 1.
fn osr_entry(code: &Code) -> build::OsrEntry {
    build::OsrEntry {
        pc: loop_header(code),
        bound: vec![true; code.nslots()],
        stack: vec![build::OsrOperand::RangeIter { scratch: 1 }],
        consts: Vec::new(),
    }
}

fn compiled_osr(vm: &Vm, globals: &ObjRef, code: &Code) -> CompiledFn {
    let entry = osr_entry(code);
    let b = build::build_osr(vm, code, globals, &|_| None, &entry)
        .unwrap_or_else(|d| panic!("declined: {d:?}"));
    let mut keep = b.keep;
    keep.push(globals.clone());
    let mut c = code::compile(
        &b.func,
        Rc::new(RefCell::new(keep)),
        b.cells,
        globals,
        code.nslots() + code.max_stack as usize,
        code::How {
            want_clif: false,
            verify: true,
            portable_checks: false,
        },
    )
    .unwrap_or_else(|e| panic!("codegen: {e}"))
    .code;
    c.set_osr(code::OsrStart {
        pc: entry.pc as u32,
        depth: 1,
        nslots: code.nslots(),
        ranges: vec![(0, 1)],
        lists: Vec::new(),
        bound: entry.bound.clone(),
        consts: Vec::new(),
    });
    c
}

const LIST_LOOP: &str = "\
def kernel(xs):
    total = 0
    for x in xs:
        total += x * 3
    return total
for _ in range(30):
    kernel([1, 2, 3, 4])
";

/// On-stack replacement into a loop over a list: the list iterator's
/// index comes in a scratch slot (stack index 1) and the loop iterates
/// the list by index (`ListIterNext`), the list held by the iterator's
/// slot.
#[test]
fn hir_of_an_osr_entry_into_a_list_loop() {
    let (vm, g, f) = warm(LIST_LOOP, "kernel");
    let entry = build::OsrEntry {
        pc: loop_header(&f),
        bound: vec![true; f.nslots()],
        stack: vec![build::OsrOperand::ListIter { scratch: 1 }],
        consts: Vec::new(),
    };
    let b = build::build_osr(&vm, &f, &g, &|_| None, &entry)
        .unwrap_or_else(|d| panic!("declined: {d:?}"));
    let text = b.func.to_string();
    assert!(text.contains("ListIterNext"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn hir_of_an_osr_entry_into_a_range_loop() {
    let (vm, g, f) = warm(INT_LOOP, "kernel");
    let b = build::build_osr(&vm, &f, &g, &|_| None, &osr_entry(&f))
        .unwrap_or_else(|d| panic!("declined: {d:?}"));
    insta::assert_snapshot!(b.func.to_string());
}

#[test]
fn osr_code_goes_on_from_the_frame_it_is_entered_with() {
    let (mut vm, g, f) = warm(INT_LOOP, "kernel");
    let c = compiled_osr(&vm, &g, &f);
    let header = loop_header(&f) as u32;
    let n = 1000i64;
    let expect: i64 = (0..n).map(|i| i * 3 % 7).sum();
    // A frame stopped at the header after `done` iterations.
    let frame = |done: i64, iter: Value| -> Vec<Value> {
        let partial: i64 = (0..done).map(|i| i * 3 % 7).sum();
        let mut slots = vec![
            Value::Int(n),
            Value::Int(partial),
            Value::Int(done - 1),
            iter,
        ];
        slots.resize(f.nslots() + f.max_stack as usize + 4, Value::None);
        slots
    };
    for done in [1i64, 500, 999, 1000] {
        let it = Value::Obj(interp::object::RangeIterObj::new_obj(done, 1, n - done));
        let mut slots = frame(done, it);
        let e = c.run_raw(&mut vm, &g, &mut slots);
        assert_eq!((e.reason, e.raised), (None, false), "{done}");
        assert!(
            matches!(slots[f.nslots()], Value::Int(x) if x == expect),
            "{done}: {:?}",
            slots[f.nslots()]
        );
    }
    // An iterator something else holds, or one with a step, is not
    // counted in ints: the code hands the frame back at the header as it
    // was.
    let shared = interp::object::RangeIterObj::new_obj(10, 1, n - 10);
    let stepped = interp::object::RangeIterObj::new_obj(10, 2, 5);
    for it in [shared.clone(), stepped] {
        let mut slots = frame(10, Value::Obj(it.clone()));
        let e = c.run_raw(&mut vm, &g, &mut slots);
        assert_eq!((e.pc, e.depth, e.reason), (header, 1, None));
        assert!(matches!(&slots[f.nslots()], Value::Obj(o) if o.ptr_eq(&it)));
    }
    drop(shared);
    // The code is kept for later frames of the same shape (at this loop,
    // its locals bound, a range iterator on the stack), and only those.
    use interp::jit::Compiled;
    let fresh = |done| Value::Obj(interp::object::RangeIterObj::new_obj(done, 1, n - done));
    let nf = f.nslots();
    let depth_of = |slots: &[Value]| slots.len() - nf;
    let fits = frame(3, fresh(3));
    let fits = &fits[..nf + 1];
    assert!(c.osr_fits(header as usize, fits, depth_of(fits)));
    assert!(!c.osr_fits(header as usize + 2, fits, depth_of(fits)));
    let not_range = frame(3, Value::Int(0));
    assert!(!c.osr_fits(header as usize, &not_range[..nf + 1], 1));
    let mut unbound = frame(3, fresh(3));
    unbound[1] = interp::frame::unbound();
    assert!(!c.osr_fits(header as usize, &unbound[..nf + 1], 1));
    vm.shutdown();
}
