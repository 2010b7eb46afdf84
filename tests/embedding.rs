//! Embedding Typhon in a Rust program: input nested far too deep must come
//! back as a Python exception on the embedder's own thread, whose stack
//! may be small (a test thread's is 2 MB), never as a stack overflow.

/// Runs `code` in a fresh interpreter on a thread with a 2 MB stack (what
/// `std::thread::spawn` gives by default) and returns the error's type
/// name, or `None` if it ran.
fn run_on_small_stack(code: String) -> Option<String> {
    std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || {
            let mut vm = typhon::Vm::builder()
                .build()
                .expect("build the interpreter");
            match vm.run_source(&code, "<embedded>") {
                Ok(_) => None,
                Err(typhon::Error::Exception { type_name, .. }) => Some(type_name),
                Err(e) => Some(format!("{e}")),
            }
        })
        .expect("spawn")
        .join()
        .expect("the interpreter's thread does not panic")
}

#[test]
fn deep_code_is_a_recursion_error_on_a_small_stack() {
    // One expression a million additions deep.
    let sum = format!("x = {}1\n", "1 + ".repeat(1_000_000));
    assert_eq!(run_on_small_stack(sum).as_deref(), Some("RecursionError"));
    // A million unary minus signs.
    let neg = format!("x = {}1\n", "-".repeat(1_000_000));
    assert_eq!(run_on_small_stack(neg).as_deref(), Some("RecursionError"));
    // A million brackets.
    let brackets = format!("x = {}{}\n", "[".repeat(1_000_000), "]".repeat(1_000_000));
    assert_eq!(run_on_small_stack(brackets).as_deref(), Some("SyntaxError"));
}

#[test]
fn deep_data_is_freed_and_refused_on_a_small_stack() {
    // Freed a million deep; repr, hash and == refused past the limit.
    let code = "x = []\nfor i in range(1000000):\n    x = [x]\n\
                a = b = ()\nfor i in range(5000):\n    a = (i, a)\n    b = (i, b)\n\
                for f in (lambda: repr(x), lambda: hash(a), lambda: a == b):\n\
                \x20   try:\n        f()\n        raise AssertionError('no RecursionError')\n\
                \x20   except RecursionError:\n        pass\n\
                del x, a, b\n";
    assert_eq!(run_on_small_stack(code.to_string()), None);
}

// ----- the embedding API ----------------------------------------------------

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use typhon::{ConversionError, ExcKind, Raise, Value, Vm};

/// An interpreter whose `print` output is collected, with the JIT on
/// (threshold `jit_threshold`) or off.
fn vm_with(jit: Option<u32>) -> (Vm, Rc<RefCell<Vec<u8>>>) {
    struct Sink(Rc<RefCell<Vec<u8>>>);
    impl std::io::Write for Sink {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let out = Rc::new(RefCell::new(Vec::new()));
    let mut b = Vm::builder().stdout(Box::new(Sink(out.clone())));
    b = match jit {
        Some(n) => b.jit(true).jit_threshold(n),
        None => b.jit(false),
    };
    (b.build().expect("build the interpreter"), out)
}

fn vm() -> Vm {
    vm_with(None).0
}

/// What the program printed so far (flushed).
fn text(vm: &mut Vm, out: &Rc<RefCell<Vec<u8>>>) -> String {
    assert_eq!(vm.flush_at_exit(), None);
    String::from_utf8_lossy(&out.borrow()).into_owned()
}

fn conv_err(expected: &str, found: &str, context: &str) -> ConversionError {
    ConversionError {
        expected: expected.into(),
        found: found.into(),
        context: context.into(),
    }
}

#[test]
fn every_conversion_round_trips_through_python() {
    let mut vm = vm();
    vm.set_global("i", 42);
    vm.set_global("f", 2.5);
    vm.set_global("b", true);
    vm.set_global("s", "héllo");
    vm.set_global("owned", String::from("owned"));
    vm.set_global("n", ());
    vm.set_global("l", vec![1_i64, 2, 3]);
    vm.set_global("nested", vec![vec!["a", "b"], vec![]]);
    vm.set_global(
        "d",
        HashMap::from([("x".to_string(), 1.5), ("y".to_string(), -2.0)]),
    );
    let types: String = vm
        .eval("' '.join(type(v).__name__ for v in (i, f, b, s, owned, n, l, nested, d))")
        .and_then(|v| Ok(v.try_into()?))
        .expect("eval");
    assert_eq!(types, "int float bool str str NoneType list list dict");
    let check: bool = vm
        .eval(
            "i == 42 and f == 2.5 and b is True and s == 'héllo' and n is None \
               and l == [1, 2, 3] and nested == [['a', 'b'], []] and d == {'x': 1.5, 'y': -2.0}",
        )
        .and_then(|v| Ok(v.try_into()?))
        .expect("eval");
    assert!(check);

    let back = |vm: &mut Vm, e: &str| vm.eval(e).expect("eval");
    assert_eq!(i64::try_from(back(&mut vm, "i * 2")), Ok(84));
    assert_eq!(i64::try_from(back(&mut vm, "True")), Ok(1));
    assert_eq!(f64::try_from(back(&mut vm, "f * 2")), Ok(5.0));
    assert_eq!(f64::try_from(back(&mut vm, "7")), Ok(7.0));
    assert_eq!(bool::try_from(back(&mut vm, "1 < 2")), Ok(true));
    assert_eq!(
        String::try_from(back(&mut vm, "s.upper()")),
        Ok("HÉLLO".into())
    );
    assert_eq!(<()>::try_from(back(&mut vm, "print")).ok(), None);
    assert_eq!(<()>::try_from(back(&mut vm, "None")), Ok(()));
    assert_eq!(
        Vec::<i64>::try_from(back(&mut vm, "l + [4]")),
        Ok(vec![1, 2, 3, 4])
    );
    assert_eq!(
        Vec::<i64>::try_from(back(&mut vm, "(5, 6)")),
        Ok(vec![5, 6])
    );
    assert_eq!(
        Vec::<Vec<String>>::try_from(back(&mut vm, "nested")),
        Ok(vec![vec!["a".to_string(), "b".to_string()], vec![]])
    );
    assert_eq!(
        HashMap::<String, f64>::try_from(back(&mut vm, "d")),
        Ok(HashMap::from([
            ("x".to_string(), 1.5),
            ("y".to_string(), -2.0)
        ]))
    );
    let mixed = Vec::<Value>::try_from(back(&mut vm, "[1, 'a', None]")).expect("a list");
    let names: Vec<&str> = mixed.iter().map(|v| v.type_name()).collect();
    assert_eq!(names, ["int", "str", "NoneType"]);
    assert!(back(&mut vm, "None").is_none());
    assert_eq!(format!("{:?}", back(&mut vm, "[1]")), "<list object>");
    assert_eq!(format!("{:?}", back(&mut vm, "'q'")), "\"q\"");
}

#[test]
fn conversion_errors_say_what_was_expected_and_what_came() {
    let mut vm = vm();
    let mut v = |e: &str| vm.eval(e).expect("eval");
    assert_eq!(i64::try_from(v("'7'")), Err(conv_err("int", "str", "")));
    assert_eq!(
        i64::try_from(v("2 ** 70")),
        Err(conv_err("int that fits in 64 bits", "int out of range", ""))
    );
    assert_eq!(f64::try_from(v("'x'")), Err(conv_err("float", "str", "")));
    assert_eq!(bool::try_from(v("1")), Err(conv_err("bool", "int", "")));
    assert_eq!(
        String::try_from(v("b'x'")),
        Err(conv_err("str", "bytes", ""))
    );
    assert_eq!(<()>::try_from(v("0")), Err(conv_err("None", "int", "")));
    assert_eq!(
        Vec::<i64>::try_from(v("{1}")),
        Err(conv_err("list", "set", ""))
    );
    let e = Vec::<i64>::try_from(v("[1, 2.5]")).unwrap_err();
    assert_eq!(e, conv_err("int", "float", " (list item 1)"));
    assert_eq!(e.to_string(), "expected int, found float (list item 1)");
    let e = Vec::<Vec<i64>>::try_from(v("[[1], [2, 'x']]")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "expected int, found str (list item 1, list item 1)"
    );
    assert_eq!(
        HashMap::<String, i64>::try_from(v("[]")),
        Err(conv_err("dict", "list", ""))
    );
    assert_eq!(
        HashMap::<String, i64>::try_from(v("{1: 2}"))
            .unwrap_err()
            .to_string(),
        "expected str, found int (dict key)"
    );
    assert_eq!(
        HashMap::<String, i64>::try_from(v("{'a': None}"))
            .unwrap_err()
            .to_string(),
        "expected int, found NoneType (dict value \"a\")"
    );
    // Through `?` into typhon::Error.
    let r: Result<i64, typhon::Error> = (|| Ok(vm.eval("'no'")?.try_into()?))();
    match r {
        Err(typhon::Error::Conversion(c)) => assert_eq!(c, conv_err("int", "str", "")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn main_persists_between_runs_and_eval_call_see_it() {
    let (mut vm, out) = vm_with(None);
    vm.run_source("def f(a, b=10):\n    return a * b\ncount = 1\n", "<one>")
        .expect("run");
    vm.run_source("count += 1\nprint(__name__, count, f(2))\n", "<two>")
        .expect("run");
    assert_eq!(text(&mut vm, &out), "__main__ 2 20\n");
    assert_eq!(i64::try_from(vm.call("f", (3, 4)).expect("call")), Ok(12));
    assert_eq!(i64::try_from(vm.call("f", (3,)).expect("call")), Ok(30));
    assert_eq!(i64::try_from(vm.call("abs", (-5,)).expect("call")), Ok(5));
    assert_eq!(i64::try_from(vm.eval("count").expect("eval")), Ok(2));
    assert_eq!(
        vm.eval("__import__('sys').modules['__main__'].count")
            .ok()
            .map(i64::try_from),
        Some(Ok(2))
    );
    let e = vm.call("missing", ()).unwrap_err();
    assert_eq!(e.exception_type(), Some("NameError"));
    assert!(vm.get_global("missing").is_none());
}

#[test]
fn errors_carry_type_message_and_cpython_traceback() {
    let mut vm = vm();
    let e = vm
        .run_source("def g():\n    return 1 / 0\ng()\n", "prog.py")
        .unwrap_err();
    let std_err: &dyn std::error::Error = &e;
    assert_eq!(
        std_err.to_string(),
        "Traceback (most recent call last):\n  File \"prog.py\", line 3, in <module>\n    g()\n  File \"prog.py\", line 2, in g\n    return 1 / 0\n           ~~^~~\nZeroDivisionError: division by zero\n"
    );
    match &e {
        typhon::Error::Exception {
            type_name, message, ..
        } => {
            assert_eq!(type_name, "ZeroDivisionError");
            assert_eq!(message, "division by zero");
        }
        other => panic!("{other:?}"),
    }
    let e = vm.eval("1 +").unwrap_err();
    assert_eq!(e.exception_type(), Some("SyntaxError"));
    let e = vm.call("g", ()).unwrap_err();
    assert_eq!(e.exception_type(), Some("ZeroDivisionError"));
}

#[test]
fn two_vms_do_not_share_globals_or_modules() {
    let mut a = vm();
    let mut b = vm();
    a.run_source("x = 'a'", "<a>").expect("run");
    b.run_source("x = 'b'", "<b>").expect("run");
    a.register_module("only_a", |m| {
        m.function("one", || 1_i64);
    })
    .expect("register");
    assert_eq!(String::try_from(a.eval("x").expect("eval")), Ok("a".into()));
    assert_eq!(String::try_from(b.eval("x").expect("eval")), Ok("b".into()));
    a.run_source("import only_a", "<a>").expect("import in a");
    let e = b.run_source("import only_a", "<b>").unwrap_err();
    assert_eq!(e.exception_type(), Some("ModuleNotFoundError"));
    b.set_global("y", 1);
    assert!(a.get_global("y").is_none());
}

/// A module with one function of each supported parameter and result
/// type, registered typed or boxed.
fn register_kinds(vm: &mut Vm, typed: bool) {
    vm.register_module("kinds", |m| {
        macro_rules! f {
            ($name:expr, $f:expr) => {
                if typed {
                    m.function($name, $f);
                } else {
                    m.boxed_function($name, $f);
                }
            };
        }
        f!("zero", || 7_i64);
        f!("inc", |a: i64| a + 1);
        f!("half", |x: f64| x / 2.0);
        f!("not_", |b: bool| !b);
        f!("shout", |s: String| format!("{}!", s.to_uppercase()));
        f!("kind", |v: Value| v.type_name().to_string());
        f!("same", |v: Value| v);
        f!("nothing", |_: i64| ());
        f!("mix", |a: i64, x: f64, b: bool, s: String| format!(
            "{a} {x} {b} {s}"
        ));
        f!("six", |a: i64, b: i64, c: i64, d: i64, e: i64, g: i64| a
            + b
            + c
            + d
            + e
            + g);
        f!("is_pos", |a: i64| a > 0);
        f!("minus_one", |a: i64| a - 1);
        f!("checked", |a: i64| -> Result<i64, Raise> {
            if a < 0 {
                Err(Raise::new(ExcKind::ValueError, format!("{a} is negative")))
            } else {
                Ok(a)
            }
        });
        f!("plain_err", |a: f64| -> Result<f64, String> {
            if a.is_nan() {
                Err("not a number".into())
            } else {
                Ok(a)
            }
        });
        f!("key", |_: String| -> Result<(), Raise> {
            Err(Raise::new(ExcKind::KeyError, "k"))
        });
        f!("boom", |a: i64| -> i64 {
            if a == 3 {
                panic!("three is not allowed");
            }
            a
        });
        f!("boom_obj", |_: Value| -> Value { panic!("object panic") });
        f!("count_a", |s: &str| s.matches('a').count() as i64);
        f!("rep", |s: &str, n: i64| s.repeat(n as usize));
        f!("pre", |n: i64, s: &str| format!("{n}{s}"));
        f!("cat", |a: &str, b: &str| format!("{a}+{b}"));
        f!("wrap", |a: &str, n: i64, b: &str| format!("{a}{n}{b}"));
        f!("tail", |n: i64, x: f64, s: &str| format!("{n}/{x}/{s}"));
        f!("cat3", |a: &str, b: &str, c: &str| [a, b, c].join("."));
    })
    .expect("register");
}

const KINDS: &str = r#"
import kinds
def show(f, *args):
    try:
        print(repr(f(*args)))
    except Exception as e:
        print(type(e).__name__ + ":", e)
show(kinds.zero)
show(kinds.inc, 41)
show(kinds.inc, True)
show(kinds.inc, -1)
show(kinds.half, 3.0)
show(kinds.half, 3)
show(kinds.not_, False)
show(kinds.shout, "hé")
show(kinds.shout, "a\0b")
show(kinds.kind, [1])
show(kinds.kind, 2.5)
show(kinds.same, (1, 'x'))
show(kinds.same, None)
show(kinds.nothing, 1)
show(kinds.mix, 1, 2.5, True, "s")
show(kinds.six, 1, 2, 3, 4, 5, 6)
show(kinds.is_pos, 5)
show(kinds.is_pos, -5)
show(kinds.minus_one, 0)
show(kinds.checked, 5)
show(kinds.checked, -5)
show(kinds.plain_err, float('nan'))
show(kinds.key, "x")
show(kinds.boom, 2)
show(kinds.boom, 3)
show(kinds.boom_obj, 3)
show(kinds.inc, "x")
show(kinds.inc, 2 ** 70)
show(kinds.half, "x")
show(kinds.not_, 1)
show(kinds.shout, 5)
show(kinds.inc)
show(kinds.inc, 1, 2)
show(kinds.mix, 1, 2.5, True, 4)
show(kinds.count_a, "banana")
show(kinds.count_a, "a\0a")
show(kinds.count_a, "\ud800")
show(kinds.count_a, 5)
show(kinds.rep, "ab", 3)
show(kinds.pre, 7, "x")
show(kinds.cat, "x", "y")
show(kinds.cat, "x", None)
show(kinds.wrap, "<", 5, ">")
show(kinds.tail, 1, 2.5, "z")
show(kinds.cat3, "a", "b", "c")
show(kinds.cat3, "a", "b", 3)
print(kinds.inc)
"#;

const KINDS_OUT: &str = r#"7
42
2
0
1.5
1.5
True
'HÉ!'
'A\x00B!'
'list'
'float'
(1, 'x')
None
None
'1 2.5 true s'
21
True
False
-1
5
ValueError: -5 is negative
RuntimeError: not a number
KeyError: 'k'
2
RuntimeError: Rust function panicked: three is not allowed
RuntimeError: Rust function panicked: object panic
TypeError: inc() argument 1 must be int, not str
OverflowError: Python int too large to convert to C long
TypeError: half() argument 1 must be float, not str
TypeError: not_() argument 1 must be bool, not int
TypeError: shout() argument 1 must be str, not int
TypeError: inc() takes exactly 1 argument (0 given)
TypeError: inc() takes exactly 1 argument (2 given)
TypeError: mix() argument 4 must be str, not int
3
2
0
TypeError: count_a() argument 1 must be str, not int
'ababab'
'7x'
'x+y'
TypeError: cat() argument 2 must be str, not NoneType
'<5>'
'1/2.5/z'
'a.b.c'
TypeError: cat3() argument 3 must be str, not int
<built-in function inc>
"#;

#[test]
fn registered_functions_of_every_type_typed_and_boxed() {
    for typed in [true, false] {
        let (mut vm, out) = vm_with(None);
        register_kinds(&mut vm, typed);
        vm.run_source(KINDS, "<kinds>").expect("run");
        assert_eq!(text(&mut vm, &out), KINDS_OUT, "typed: {typed}");
    }
}

#[test]
fn panics_and_errors_in_hot_loops_under_the_jit() {
    // The JIT compiles `loop` after a few calls and then calls the typed
    // functions directly: a panic still becomes a RuntimeError, an Err a
    // ValueError, at the right iteration.
    let (mut vm, out) = vm_with(Some(2));
    register_kinds(&mut vm, true);
    vm.run_source(
        "import kinds\n\
         def loop(n, bad):\n    t = 0\n    i = 0\n    while i < n:\n        t = kinds.inc(t)\n        if i == bad:\n            kinds.boom(3)\n        i += 1\n    return t\n\
         def checked(n):\n    t = 0\n    for i in range(n):\n        t += kinds.checked(n - 10 - i)\n    return t\n\
         for k in range(5):\n    print(loop(1000, -1))\n\
         try:\n    loop(1000, 500)\nexcept RuntimeError as e:\n    print('caught', e)\n\
         for k in range(3):\n    try:\n        checked(100)\n    except ValueError as e:\n        print('caught', e)\n",
        "<hot>",
    )
    .expect("run");
    assert_eq!(
        text(&mut vm, &out),
        "1000\n1000\n1000\n1000\n1000\n\
         caught Rust function panicked: three is not allowed\n\
         caught -1 is negative\ncaught -1 is negative\ncaught -1 is negative\n"
    );
    // Uncaught, the panic is an Error::Exception for Rust.
    let e = vm.run_source("kinds.boom(3)", "<x>").unwrap_err();
    assert_eq!(e.exception_type(), Some("RuntimeError"));
    assert!(
        e.to_string()
            .ends_with("RuntimeError: Rust function panicked: three is not allowed\n")
    );
}

#[test]
fn panics_and_errors_through_a_local_in_the_interpreter() {
    // `f(x)` with `f` a local and `x` an int runs as one step in the
    // interpreter once quickened (`CApi::call_typed_long`, no boxes): a
    // panic still becomes a RuntimeError and an Err a ValueError, at the
    // right iteration, and -1 stays a plain result.
    let (mut vm, out) = vm_with(None);
    register_kinds(&mut vm, true);
    vm.run_source(
        "import kinds\n\
         def run(f, values):\n    out = []\n    for x in values:\n        try:\n            out.append(f(x))\n        except (RuntimeError, ValueError) as e:\n            out.append(str(e))\n    return out\n\
         r = run(kinds.boom, [1, 3, -1, 0] * 50)\n\
         print(len(r), r[-4:], r.count(-1))\n\
         r = run(kinds.checked, [5, -1, 0, 7] * 50)\n\
         print(len(r), r[-4:], r.count('-1 is negative'))\n",
        "<local>",
    )
    .expect("run");
    assert_eq!(
        text(&mut vm, &out),
        "200 [1, 'Rust function panicked: three is not allowed', -1, 0] 50\n\
         200 [5, '-1 is negative', 0, 7] 50\n"
    );
}

#[test]
fn closures_capture_state() {
    for jit in [None, Some(2)] {
        let (mut vm, out) = vm_with(jit);
        let seen = Rc::new(RefCell::new(Vec::new()));
        let total = Rc::new(Cell::new(0_i64));
        let (s, t) = (seen.clone(), total.clone());
        let base = 100_i64;
        vm.register_module("state", move |m| {
            m.function("add", move |a: i64| {
                t.set(t.get() + a);
                t.get()
            });
            m.function("note", move |x: String| s.borrow_mut().push(x));
            m.function("offset", move |a: i64| a + base);
        })
        .expect("register");
        vm.run_source(
            "import state\n\
             def f():\n    r = 0\n    for i in range(1000):\n        r = state.add(i)\n    return r\n\
             print(f(), state.offset(1))\nstate.note('a')\nstate.note('b')\n",
            "<s>",
        )
        .expect("run");
        assert_eq!(text(&mut vm, &out), "499500 101\n");
        assert_eq!(total.get(), 499500);
        assert_eq!(*seen.borrow(), ["a", "b"]);
    }
}

#[test]
fn registered_modules_and_c_extensions_together() {
    let (mut vm, out) = {
        let (_, out) = vm_with(None);
        struct Sink(Rc<RefCell<Vec<u8>>>);
        impl std::io::Write for Sink {
            fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
                self.0.borrow_mut().extend_from_slice(b);
                Ok(b.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let vm = Vm::builder()
            .module_path(extensions::typhon_dir())
            .stdout(Box::new(Sink(out.clone())))
            .build()
            .expect("build");
        (vm, out)
    };
    vm.register_module("rs", |m| {
        m.function("inc", |a: i64| a + 1);
        m.constant("NAME", "rs");
    })
    .expect("register");
    vm.run_source(
        "import bench_ext, rs\nx = 0\nfor i in range(1000):\n    x = rs.inc(bench_ext.inc(x))\nprint(x, rs.NAME)\n",
        "<both>",
    )
    .expect("run");
    assert_eq!(text(&mut vm, &out), "2000 rs\n");
}

#[test]
fn builder_settings_are_checked() {
    let e = Vm::builder()
        .module_path("/no/such/typhon/dir")
        .build()
        .err();
    assert_eq!(
        e.map(|e| e.to_string()),
        Some("invalid setting: module path '/no/such/typhon/dir' is not a directory".into())
    );
    let mut vm = Vm::builder()
        .jit(true)
        .jit_threshold(1)
        .jit_function("f", false)
        .jit_function("f", true)
        .jit_function("g", false)
        .build()
        .expect("build");
    vm.run_source(
        "def g():\n    return 1\nfor i in range(100):\n    g()\n",
        "<g>",
    )
    .expect("run");
    let e = vm
        .register_module("bad", |m| {
            m.function("a\0b", || 1_i64);
        })
        .unwrap_err();
    assert_eq!(e.exception_type(), Some("ValueError"));
}

/// The README's embedding example is the crate documentation's first
/// example, which `cargo test --doc` compiles and runs.
#[test]
fn readme_embedding_snippet_is_the_doctest() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README");
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).expect("lib.rs");
    let start = readme
        .find("```rust\n")
        .expect("a rust block in the README");
    let body = &readme[start + 8..];
    let body = &body[..body.find("```").expect("the block ends")];
    let doc: String = body
        .lines()
        .map(|l| {
            if l.is_empty() {
                "//!\n".to_string()
            } else {
                format!("//! {l}\n")
            }
        })
        .collect();
    assert!(
        lib.contains(&doc),
        "src/lib.rs must hold the README's example:\n{doc}"
    );
}

#[test]
fn named_modules_and_no_leaks() {
    let before = typhon::live_objects();
    {
        let (mut vm, out) = vm_with(Some(2));
        vm.register_module("reg", |m| {
            m.function("inc", |a: i64| a + 1);
            let k = 5_i64;
            m.function("addk", move |a: i64| a + k);
            m.function("name", |s: &str| s.to_uppercase());
        })
        .expect("register");
        vm.run_module_source("reg", "def twice(x):\n    return inc(inc(x))\n", "<reg>")
            .expect("run in reg");
        vm.run_module_source("fresh", "z = 9", "<fresh>")
            .expect("run in fresh");
        vm.run_source(
            "import reg, fresh\nt = 0\nfor i in range(2000):\n    t = reg.addk(reg.twice(t))\nprint(t, fresh.z, reg.name('ok'))\n",
            "<main>",
        )
        .expect("run");
        assert!(vm.get_global("z").is_none());
        assert_eq!(text(&mut vm, &out), "14000 9 OK\n");
    }
    assert_eq!(typhon::live_objects(), before, "objects leaked");
}
