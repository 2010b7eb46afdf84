//! The compiler's scope analysis: local, global, nonlocal, free and cell
//! variables, checked two ways:
//!
//! * programs whose output exercises each kind of name resolution, including
//!   `UnboundLocalError` and `NameError` for unbound locals, cells and free
//!   variables. Every expected output was produced by CPython 3.11.7
//!   (`python3`) running the same program, and pasted here;
//! * the compiled code objects' variable tables, against CPython 3.11's
//!   `co_varnames`, `co_cellvars`, `co_freevars` and `co_argcount`.

use super::common::assert_prints;
use interp::bytecode::Code;
use interp::{Vm, VmConfig};
use std::collections::BTreeSet;
use std::rc::Rc;

// ----- programs (expected output from CPython 3.11) -------------------------------

#[test]
fn global_read_local_shadow_and_global_rebind() {
    assert_prints(
        r#"x = "global x"
def read_global():
    return x
def shadow():
    x = "local x"
    return x
def set_global():
    global x
    x = "rebound"
    return x
print(read_global(), shadow(), read_global())
print(set_global(), read_global(), x)
def global_from_nested():
    def inner():
        global made_later
        made_later = 42
    inner()
    return made_later
print(global_from_nested(), made_later)
def shadow_builtin():
    len = lambda s: -1
    return len("abc")
print(shadow_builtin(), len("abc"))
def uses_module_level_defined_after():
    return later_function()
def later_function():
    return "found at call time"
print(uses_module_level_defined_after())
"#,
        r#"global x local x global x
rebound rebound rebound
42 42
-1 3
found at call time
"#,
    );
}

#[test]
fn nonlocal_and_cells() {
    assert_prints(
        r#"def make_counter():
    count = 0
    def inc():
        nonlocal count
        count += 1
        return count
    def get():
        return count
    return inc, get
inc, get = make_counter()
inc(); inc()
print(get(), inc(), get())
inc2, get2 = make_counter()
print(inc2(), get(), get2())

def nested_nonlocal():
    v = "outer"
    def level1():
        def level2():
            nonlocal v
            v = "changed by level2"
        level2()
        return v
    r = level1()
    return r, v
print(nested_nonlocal())

def param_cell(p):
    def g():
        return p * 2
    p = p + 1
    return g()
print(param_cell(5))

def varargs_cell(*args):
    def g():
        return len(args)
    return g()
print(varargs_cell(1, 2, 3))

def nonlocal_shadowed_in_middle():
    v = "outer"
    def middle():
        v = "middle"
        def inner():
            nonlocal v
            v = v + "+inner"
        inner()
        return v
    return middle(), v
print(nonlocal_shadowed_in_middle())
"#,
        r#"2 3 3
1 3 1
('changed by level2', 'changed by level2')
12
3
('middle+inner', 'outer')
"#,
    );
}

#[test]
fn free_variables_pass_through() {
    assert_prints(
        r#"def outer():
    a = 1
    def middle():
        def inner():
            return a
        return inner
    r1 = middle()()
    a = 2
    return r1, middle()()
print(outer())

def late_binding():
    fs = [lambda: i for i in range(3)]
    gs = [lambda i=i: i for i in range(3)]
    return [f() for f in fs], [g() for g in gs]
print(late_binding())

def closures_share_one_cell():
    n = 0
    def add(k):
        nonlocal n
        n += k
    def read():
        return n
    add(5); add(7)
    return read()
print(closures_share_one_cell())

def comp_sees_enclosing():
    y = 10
    return [y + i for i in range(3)], {k: y * k for k in range(2)}
print(comp_sees_enclosing())

def lambda_default_vs_free():
    base = 1
    f = lambda x, b=base: x + b + base
    base = 100
    return f(0)
print(lambda_default_vs_free())
"#,
        r#"(1, 2)
([2, 2, 2], [0, 1, 2])
12
([10, 11, 12], {0: 0, 1: 10})
101
"#,
    );
}

#[test]
fn comprehension_scope_does_not_leak() {
    assert_prints(
        r#"i = "module i"
squares = [i * i for i in range(5)]
print(i, squares)
pairs = {i: j for i in range(2) for j in "ab"}
print(i, pairs)
def f():
    i = "f's i"
    r = [i for i in range(3)]
    return i, r
print(f())
def nested_comp():
    return [[i * j for j in range(3)] for i in range(3)]
print(nested_comp())
"#,
        r#"module i [0, 1, 4, 9, 16]
module i {0: 'b', 1: 'b'}
("f's i", [0, 1, 2])
[[0, 0, 0], [0, 1, 2], [0, 2, 4]]
"#,
    );
}

#[test]
fn unbound_local_errors() {
    assert_prints(
        r#"def del_local():
    z = 1
    del z
    try:
        return z
    except UnboundLocalError as e:
        return "UnboundLocalError: " + str(e)
print(del_local())

def read_before_assign():
    try:
        print(q)
    except UnboundLocalError as e:
        print(type(e).__name__, e)
    q = 1
    return q
print(read_before_assign())

counter = 0
def bad_increment():
    counter += 1
try:
    bad_increment()
except UnboundLocalError as e:
    print(type(e).__name__, e, isinstance(e, NameError))
print(counter)

def cond_assign(flag):
    if flag:
        return x
    x = 5
x = "global"
try:
    cond_assign(True)
except UnboundLocalError as e:
    print("cond:", e)

def loop_var_unbound(items):
    for item in items:
        pass
    return item
try:
    loop_var_unbound([])
except UnboundLocalError as e:
    print("loop:", e)
print(loop_var_unbound([1, 2]))

def except_name_is_unbound_after():
    try:
        1 / 0
    except ZeroDivisionError as err:
        pass
    try:
        return err
    except UnboundLocalError as e:
        return "after except: " + str(e)
print(except_name_is_unbound_after())
"#,
        r#"UnboundLocalError: cannot access local variable 'z' where it is not associated with a value
UnboundLocalError cannot access local variable 'q' where it is not associated with a value
1
UnboundLocalError cannot access local variable 'counter' where it is not associated with a value True
0
cond: cannot access local variable 'x' where it is not associated with a value
loop: cannot access local variable 'item' where it is not associated with a value
2
after except: cannot access local variable 'err' where it is not associated with a value
"#,
    );
}

#[test]
fn name_errors_for_free_and_global() {
    assert_prints(
        r#"def free_unbound():
    def inner():
        return w
    try:
        inner()
    except NameError as e:
        print(type(e).__name__, e)
    w = 3
    return inner()
print(free_unbound())

try:
    print(never_defined)
except NameError as e:
    print(type(e).__name__, e)

def reads_missing_global():
    return missing_global_name
try:
    reads_missing_global()
except NameError as e:
    print(type(e).__name__, e)

def deleted_global():
    global gone
    gone = 1
    del gone
    return gone
try:
    deleted_global()
except NameError as e:
    print(type(e).__name__, e)

def del_cell():
    c = 1
    def read():
        return c
    del c
    try:
        return read()
    except NameError as e:
        return type(e).__name__ + ": " + str(e)
print(del_cell())
"#,
        r#"NameError cannot access free variable 'w' where it is not associated with a value in enclosing scope
3
NameError name 'never_defined' is not defined
NameError name 'missing_global_name' is not defined
NameError name 'gone' is not defined
NameError: cannot access free variable 'c' where it is not associated with a value in enclosing scope
"#,
    );
}

// ----- variable tables ----------------------------------------------------------

const STRUCT_PY: &str = r#"def outer(a, b, *rest):
    c = a + b
    d = 0
    def inner(x):
        nonlocal d
        d = x + c
        return d + g
    return inner

def plain(p, q=1):
    r = p + q
    global g
    g = r
    return r

def param_cell(p, unused):
    def get():
        return p
    return get

def through(v):
    def middle():
        def leaf():
            return v
        return leaf
    return middle

def comp(scale, items):
    k = 2
    return [scale * x + k for x in items if x]

def lam(n):
    return lambda y: n + y
"#;

/// CPython 3.11's view of one code object of `STRUCT_PY`: qualname,
/// `co_varnames`, sorted `co_cellvars`, sorted `co_freevars`, `co_argcount`.
/// Printed by walking `compile(STRUCT_PY, ...)`'s constants in `python3`.
type Expected = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
    u32,
);

const CPYTHON: &[Expected] = &[
    ("<module>", &[], &[], &[], 0),
    ("outer", &["a", "b", "rest", "inner"], &["c", "d"], &[], 2),
    ("outer.<locals>.inner", &["x"], &[], &["c", "d"], 1),
    ("plain", &["p", "q", "r"], &[], &[], 2),
    ("param_cell", &["p", "unused", "get"], &["p"], &[], 2),
    ("param_cell.<locals>.get", &[], &[], &["p"], 0),
    ("through", &["v", "middle"], &["v"], &[], 1),
    ("through.<locals>.middle", &["leaf"], &[], &["v"], 0),
    ("through.<locals>.middle.<locals>.leaf", &[], &[], &["v"], 0),
    ("comp", &["scale", "items"], &["k", "scale"], &[], 2),
    (
        "comp.<locals>.<listcomp>",
        &[".0", "x"],
        &[],
        &["k", "scale"],
        1,
    ),
    ("lam", &["n"], &["n"], &[], 1),
    ("lam.<locals>.<lambda>", &["y"], &[], &["n"], 1),
];

fn collect(code: &Rc<Code>, out: &mut Vec<Rc<Code>>) {
    out.push(code.clone());
    for child in code.children() {
        collect(child, out);
    }
}

fn set(names: &[String]) -> BTreeSet<String> {
    names.iter().cloned().collect()
}

fn set_of(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

#[test]
fn variable_tables_match_cpython() {
    let mut vm = Vm::new(VmConfig::default(), Box::new(std::io::sink()));
    let module = match vm.compile(STRUCT_PY, "struct.py") {
        Ok(c) => c,
        Err(e) => panic!(
            "compile failed: {}",
            interp::traceback::format_exception(&mut vm, &e)
        ),
    };
    let mut codes = Vec::new();
    collect(&module, &mut codes);
    let names: Vec<&str> = codes.iter().map(|c| c.qualname.as_str()).collect();
    let want: Vec<&str> = CPYTHON.iter().map(|e| e.0).collect();
    assert_eq!(names, want, "code objects (depth-first, in constant order)");

    for (code, &(qualname, varnames, cellvars, freevars, argcount)) in codes.iter().zip(CPYTHON) {
        let ctx = format!(
            "{qualname}: varnames {:?} cellvars {:?} freevars {:?}",
            code.varnames, code.cellvars, code.freevars
        );
        assert_eq!(code.argcount, argcount, "argcount of {ctx}");
        // Parameters (positional, then `*args`) come first, in order.
        let nparams = argcount as usize + usize::from(code.varargs);
        assert_eq!(
            code.varnames[..nparams],
            varnames[..nparams],
            "parameters of {ctx}"
        );
        assert_eq!(set(&code.cellvars), set_of(cellvars), "cells of {ctx}");
        assert_eq!(
            set(&code.freevars),
            set_of(freevars),
            "free variables of {ctx}"
        );
        // Typhon also gives a captured non-parameter local a slot in
        // `varnames`; apart from those, the locals are CPython's.
        let plain_locals: BTreeSet<String> = code
            .varnames
            .iter()
            .enumerate()
            .filter(|(i, n)| *i < nparams || !code.cellvars.contains(n))
            .map(|(_, n)| n.clone())
            .collect();
        assert_eq!(plain_locals, set_of(varnames), "locals of {ctx}");
        // A cell made from a parameter records which one.
        for (cell, param) in code.cellvars.iter().zip(&code.cell_params) {
            let want = code.varnames[..nparams].iter().position(|p| p == cell);
            assert_eq!(*param, want.map(|i| i as u32), "cell {cell} of {ctx}");
        }
    }
    drop(codes);
    drop(module);
    vm.shutdown();
}
