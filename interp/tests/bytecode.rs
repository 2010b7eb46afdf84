//! Snapshot tests of the bytecode disassembly (`Code`'s `Display`, which
//! `typhon --dump-bytecode` prints) for small representative functions.
//!
//! After an intended change to the compiler or the opcode table, review the
//! differences and accept them with `INSTA_UPDATE=always cargo test -p
//! interp --test integration bytecode::` (or `cargo insta review`), then
//! commit the updated `tests/snapshots/*.snap` files (named
//! `integration__bytecode__NAME.snap`: insta names them by module path).

use interp::{Vm, VmConfig};

/// The disassembly of `source` compiled as module `snap.py`.
fn disassemble(source: &str) -> String {
    let mut vm = Vm::new(VmConfig::default(), Box::new(std::io::sink()));
    let text = match vm.compile(source, "snap.py") {
        Ok(code) => code.to_string(),
        Err(e) => panic!(
            "compile failed:\n{}",
            interp::traceback::format_exception(&mut vm, &e)
        ),
    };
    vm.shutdown();
    text
}

/// Snapshots the disassembly of `source` after checking that every opcode
/// in `must_contain` appears (so a broken snapshot cannot be accepted
/// blindly without the test noticing the basics).
#[track_caller]
fn check(name: &str, source: &str, must_contain: &[&str]) {
    let dis = disassemble(source);
    for op in must_contain {
        assert!(
            dis.lines().any(|l| l.split_whitespace().any(|w| w == *op)),
            "{name}: no {op} in\n{dis}"
        );
    }
    insta::with_settings!({ description => source, omit_expression => true }, {
        insta::assert_snapshot!(name, dis);
    });
}

#[test]
fn loop_over_range() {
    check(
        "loop_over_range",
        "\
def total(n):
    s = 0
    for i in range(n):
        s += i * 3 % 7
    return s
",
        &[
            "LOAD_GLOBAL",
            "GET_ITER",
            "FOR_ITER",
            "STORE_FAST",
            "BINARY_OP",
            "JUMP_BACKWARD",
            "RETURN_VALUE",
        ],
    );
}

#[test]
fn try_except_finally() {
    check(
        "try_except_finally",
        "\
def safe_div(a, b):
    try:
        r = a / b
    except ZeroDivisionError as e:
        r = None
    finally:
        print('done')
    return r
",
        &["PUSH_EXC_INFO", "CHECK_EXC_MATCH", "POP_EXCEPT", "RERAISE"],
    );
}

#[test]
fn closure_with_nonlocal() {
    check(
        "closure_with_nonlocal",
        "\
def counter():
    n = 0
    def inc(step):
        nonlocal n
        n += step
        return n
    return inc
",
        &[
            "LOAD_CLOSURE",
            "MAKE_FUNCTION",
            "LOAD_DEREF",
            "STORE_DEREF",
            "LOAD_FAST",
        ],
    );
}

#[test]
fn comprehensions() {
    check(
        "comprehensions",
        "\
def odd_squares(xs):
    return [x * x for x in xs if x % 2]

def index(words):
    return {w: len(w) for w in words}
",
        &[
            "GET_ITER",
            "FOR_ITER",
            "CALL",
            "MAKE_FUNCTION",
            "LIST_APPEND",
            "MAP_ADD",
        ],
    );
}

#[test]
fn set_displays() {
    check(
        "set_displays",
        "\
def displays(a, b):
    pair = {a, b}
    consts = {1, -2, (3, 4)}
    spread = {a, *b, 5}
    for x in {7, 8, 9}:
        pair.add(x)
    return pair, consts, spread, a in {1, 2, 3}

def evens(xs):
    return {x for x in xs if x % 2 == 0}
",
        &[
            "BUILD_SET",
            "SET_UPDATE",
            "SET_ADD",
            "LOAD_CONST",
            "CONTAINS_OP",
        ],
    );
}

#[test]
fn chained_comparison() {
    check(
        "chained_comparison",
        "\
def between(a, b, c):
    return a < b <= c
",
        &["COMPARE_OP", "COPY", "SWAP"],
    );
}

#[test]
fn is_none_conditions() {
    // `x is None` / `x is not None` as a condition is one jump on
    // None-ness (no LOAD_CONST None, no IS_OP); as a value it is not.
    check(
        "is_none_conditions",
        "def f(x, y):\n    if x is None:\n        return 0\n    while y is not None and not (x is None):\n        y = None\n    return x is None\n",
        &["POP_JUMP_IF_NONE", "POP_JUMP_IF_NOT_NONE", "IS_OP"],
    );
}

#[test]
fn fstring() {
    check(
        "fstring",
        "\
def show(name, x):
    return f'{name!r}: {x:>8.3f} [{x}]'
",
        &["FORMAT_VALUE", "BUILD_STRING", "RETURN_VALUE"],
    );
}

#[test]
fn match_statement() {
    // CPython 3.11's shape: the subject copied for each case but the last,
    // captured values stored after the whole pattern matched, one POP_TOP
    // per item a failed pattern leaves, a trailing `case _` without code.
    check(
        "match_statement",
        "\
def f(s):
    match s:
        case [x, *rest]:
            return x
        case {'k': v, **kw}:
            return v
        case Point(0, y=py) | Point(py, 0) if py:
            return py
        case None:
            return 0
        case _:
            return 1
",
        &[
            "MATCH_SEQUENCE",
            "GET_LEN",
            "UNPACK_EX",
            "MATCH_MAPPING",
            "MATCH_KEYS",
            "DICT_UPDATE",
            "MATCH_CLASS",
            "POP_JUMP_IF_NONE",
            "POP_JUMP_IF_NOT_NONE",
        ],
    );
}

// ----- quickened bytecode ------------------------------------------------------
//
// These run the program, then snapshot the disassembly as it is after the
// run: instructions show the quickened forms they were rewritten into
// (what `typhon --dump-bytecode=after` prints).

/// The disassembly of `source` after running it with the given warmup.
fn quickened(source: &str, warmup: u16) -> String {
    let config = VmConfig {
        quicken_warmup: warmup,
        ..VmConfig::default()
    };
    let mut vm = Vm::new(config, Box::new(std::io::sink()));
    let code = match vm.compile(source, "snap.py") {
        Ok(code) => code,
        Err(e) => panic!(
            "compile failed:\n{}",
            interp::traceback::format_exception(&mut vm, &e)
        ),
    };
    let globals = vm.new_module_dict("__main__", None);
    if let Err(e) = vm.run_module_code(code.clone(), &globals) {
        panic!(
            "run failed:\n{}",
            interp::traceback::format_exception(&mut vm, &e)
        );
    }
    let text = code.to_string();
    drop(globals);
    vm.shutdown();
    text
}

#[track_caller]
fn check_quickened(name: &str, source: &str, warmup: u16, must_contain: &[&str]) {
    let dis = quickened(source, warmup);
    for op in must_contain {
        assert!(
            dis.lines().any(|l| l.split_whitespace().any(|w| w == *op)),
            "{name}: no {op} in\n{dis}"
        );
    }
    insta::with_settings!({ description => source, omit_expression => true }, {
        insta::assert_snapshot!(name, dis);
    });
}

#[test]
fn quickened_int_loop() {
    check_quickened(
        "quickened_int_loop",
        "\
def total(n):
    s = 0
    for i in range(n):
        s += i * 3 % 7
    return s

for _ in range(10):
    total(100)
",
        8,
        &[
            "FOR_ITER_RANGE",
            "LOAD_FAST__LOAD_FAST",
            "BINARY_OP_MUL_INT",
            "BINARY_OP_MOD_INT",
            "BINARY_OP_ADD_INT",
            "LOAD_GLOBAL_BUILTIN",
        ],
    );
}

#[test]
fn quickened_recursion() {
    check_quickened(
        "quickened_recursion",
        "\
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

fib(12)
",
        8,
        &[
            "LOAD_FAST__LOAD_CONST",
            "COMPARE_OP_INT_JUMP",
            "LOAD_GLOBAL_MODULE",
            "BINARY_OP_SUB_INT",
            "CALL_PY_EXACT_ARGS",
        ],
    );
}

#[test]
fn quickened_containers_and_calls() {
    check_quickened(
        "quickened_containers_and_calls",
        "\
def work(xs, d):
    out = []
    for x in xs:
        a, b = x
        out.append(d[a] + len(str(b)))
    return out

def scale(v, k=2):
    return v * k

for _ in range(3):
    work([(1, 10), (2, 200)] * 5, {1: 0.5, 2: 1.5})
    scale(3.0)
",
        1,
        &[
            "FOR_ITER_LIST",
            "UNPACK_SEQUENCE_TWO_TUPLE",
            "LOAD_METHOD_TYPE",
            "BINARY_SUBSCR_DICT",
            "CALL_BUILTIN_LEN",
            "CALL_STR_1",
            "CALL_METHOD_LIST_APPEND",
            "BINARY_OP_MIXED",
            "CALL_PY_WITH_DEFAULTS",
        ],
    );
}

#[test]
fn quickened_site_that_changed_type_is_generic_again() {
    // With warmup 0 a guard miss deoptimizes at once: after ints then a
    // str, the `+` is generic again (and the next int run respecializes).
    check_quickened(
        "quickened_deopt",
        "\
def add(a, b):
    return a + b

for i in range(5):
    add(i, 1)
add('x', 'y')
",
        0,
        &["BINARY_OP", "CALL_PY_EXACT_ARGS"],
    );
}
