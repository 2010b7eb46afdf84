//! Snapshot tests of the bytecode disassembly (`Code`'s `Display`, which
//! `typhon --dump-bytecode` prints) for small representative functions.
//!
//! After an intended change to the compiler or the opcode table, review the
//! differences and accept them with `INSTA_UPDATE=always cargo test -p
//! interp --test bytecode` (or `cargo insta review`), then commit the
//! updated `tests/snapshots/*.snap` files.

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
