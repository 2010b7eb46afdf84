//! The JIT from the command line and `typhon.toml`: the switches, the
//! per-function toggle, the dumps and the `--stats` section.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::common::TempDir;

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_typhon"))
        .env_remove("TYPHON_PATH")
        .env_remove("TYPHON_JIT")
        .stdin(Stdio::null())
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run typhon")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A program with one hot loop (`kernel`) and one function that never
/// runs (`never`).
const PROGRAM: &str = "\
def kernel(n):
    total = 0
    for i in range(n):
        total += i * 3 % 7
    return total

def never():
    pass

for _ in range(5):
    r = kernel(1000)
print(r)
";

fn dir_with_program() -> TempDir {
    let d = TempDir::new("jit-cli");
    d.write("p.py", PROGRAM);
    d
}

#[test]
fn stats_show_the_compiled_loop_and_no_jit_turns_it_off() {
    let d = dir_with_program();
    // Compiled where asked (this test is about when).
    d.write("typhon.toml", "[jit]\nbackground = false\n");
    let o = run_in(d.path(), &["--stats", "p.py"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "2999\n");
    let err = text(&o.stderr);
    // The first call's loop makes `kernel` hot: that call goes on in code
    // compiled for it from the loop header (on-stack replacement), and
    // the function is compiled when the call returns.
    assert!(err.contains("JIT:\n  functions compiled: 2"), "{err}");
    assert!(
        err.contains("on-stack replacement: 1 of them for a running call, 1 loop entries"),
        "{err}"
    );
    assert!(
        err.contains("compiled kernel from its loop at line 3: "),
        "{err}"
    );
    // After that the calls run compiled code: the 4 calls after the first.
    assert!(err.contains("compiled kernel: "), "{err}");
    assert!(err.contains(", 4 calls"), "{err}");

    let o = run_in(d.path(), &["--no-jit", "--stats", "p.py"]);
    assert_eq!(text(&o.stdout), "2999\n");
    let err = text(&o.stderr);
    assert!(!err.contains("compiled kernel"), "{err}");
}

#[test]
fn threshold_and_eager_choose_when_to_compile() {
    let d = dir_with_program();
    // Never reached: nothing compiled.
    let o = run_in(
        d.path(),
        &["--jit-threshold", "100000000", "--stats", "p.py"],
    );
    assert_eq!(text(&o.stdout), "2999\n");
    assert!(
        text(&o.stderr).contains("functions compiled: 0"),
        "{}",
        text(&o.stderr)
    );
    // Eager: compiled at its first call, so all five calls run compiled.
    let o = run_in(d.path(), &["--jit-eager", "--stats", "p.py"]);
    assert_eq!(text(&o.stdout), "2999\n");
    let err = text(&o.stderr);
    assert!(
        err.contains("compiled kernel: ") && err.contains(", 5 calls"),
        "{err}"
    );
}

#[test]
fn the_per_function_toggle_keeps_a_function_interpreted_and_reports_unknown_names() {
    let d = dir_with_program();
    d.write(
        "typhon.toml",
        "[jit]\nthreshold = 10\ndisabled_functions = [\"kernel\", \"no_such_function\"]\n",
    );
    let o = run_in(d.path(), &["--stats", "p.py"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "2999\n");
    let err = text(&o.stderr);
    assert!(
        err.contains("interpreted kernel: disabled by [jit] functions"),
        "{err}"
    );
    assert!(!err.contains("compiled kernel"), "{err}");
    assert!(
        err.contains("'no_such_function', but no function of that name became hot"),
        "{err}"
    );
    assert!(!err.contains("'kernel', but"), "{err}");
}

#[test]
fn dumps_print_the_hir_and_the_clif_of_a_named_function() {
    let d = dir_with_program();
    let o = run_in(
        d.path(),
        &["--dump-hir", "kernel", "--dump-clif", "kernel", "p.py"],
    );
    assert_eq!(text(&o.stdout), "2999\n");
    let err = text(&o.stderr);
    assert!(err.contains("fn kernel:\n"), "{err}");
    assert!(err.contains("\nbb0():"), "{err}");
    assert!(err.contains("IntMul"), "{err}");
    assert!(err.contains("function u0:0(i64, i64) -> i64"), "{err}");
}

#[test]
fn a_bad_threshold_is_a_usage_error() {
    let d = dir_with_program();
    let o = run_in(d.path(), &["--jit-threshold", "lots", "p.py"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("--jit-threshold"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn perf_map_names_compiled_code() {
    let d = dir_with_program();
    // Compiled before the program ends (this test is about the map).
    d.write("typhon.toml", "[jit]\nbackground = false\n");
    let child = Command::new(env!("CARGO_BIN_EXE_typhon"))
        .env_remove("TYPHON_JIT")
        .args(["--perf-map", "p.py"])
        .current_dir(d.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run typhon");
    let pid = child.id();
    let o = child.wait_with_output().expect("wait");
    assert_eq!(text(&o.stdout), "2999\n");
    let path = format!("/tmp/perf-{pid}.map");
    let map = std::fs::read_to_string(&path).unwrap_or_default();
    let _ = std::fs::remove_file(&path);
    let line = map
        .lines()
        .find(|l| l.contains("py::kernel:"))
        .unwrap_or_else(|| panic!("{map:?}"));
    let mut f = line.split(' ');
    let (start, size) = (f.next().unwrap_or(""), f.next().unwrap_or(""));
    assert!(
        u64::from_str_radix(start, 16).is_ok_and(|a| a > 0),
        "{line}"
    );
    assert!(u64::from_str_radix(size, 16).is_ok_and(|s| s > 0), "{line}");
}

/// A function whose first loop makes it hot in its first call, with a
/// second loop that has not run at that point.
const HOT_IN_FIRST_CALL: &str = "def f(xs):\n    i = 0\n    while i < 5000:\n        i += 1\n    t = 0\n    for x in xs:\n        t += x\n    return t\nxs = [1] * 10\nprint(f(xs))\nprint(f(xs))\nprint(f(xs))\n";

#[test]
fn without_osr_a_function_hot_in_its_first_call_is_compiled_when_that_call_returns() {
    // Compiled when the call returns, the second loop's `+=` is already
    // known to add ints (no generic operator helper), and the next calls
    // run the machine code.
    let d = TempDir::new("jit-cli-next-call");
    d.write("p.py", HOT_IN_FIRST_CALL);
    d.write("typhon.toml", "[jit]\nbackground = false\nosr = false\n");
    let o = run_in(d.path(), &["--stats", "--dump-hir", "f", "p.py"]);
    assert_eq!(text(&o.stdout), "10\n10\n10\n");
    let err = text(&o.stderr);
    assert!(err.contains("fn f:\n"), "{err}");
    assert!(!err.contains("on-stack replacement"), "{err}");
    assert!(!err.contains("Generic Binary"), "{err}");
    assert!(err.contains("compiled f:"), "{err}");
    assert!(err.contains(", 2 calls"), "{err}");
}

#[test]
fn with_osr_the_first_call_goes_on_compiled_and_leaves_where_it_has_not_been() {
    // The first call goes on compiled from its first loop; that code
    // hands the call back at the second loop, which had not run when it
    // was made, so that the interpreter learns its types. The call's
    // return compiles the function with the feedback of both loops: the
    // next calls run it.
    let d = TempDir::new("jit-cli-osr");
    // Compiled where asked (this test is about when).
    d.write("typhon.toml", "[jit]\nbackground = false\n");
    d.write("p.py", HOT_IN_FIRST_CALL);
    let o = run_in(d.path(), &["--stats", "--dump-hir", "f", "p.py"]);
    assert_eq!(text(&o.stdout), "10\n10\n10\n");
    let err = text(&o.stderr);
    let (osr, normal) = err.split_once("fn f:\n").unwrap_or_else(|| panic!("{err}"));
    assert_eq!(
        osr.matches("fn f (on-stack replacement at @2):").count(),
        1,
        "{err}"
    );
    assert!(!osr.contains("Generic Binary"), "{err}");
    assert!(!normal.contains("Generic Binary"), "{err}");
    assert!(
        err.contains("on-stack replacement: 1 of them for a running call, 1 loop entries"),
        "{err}"
    );
    assert!(
        err.contains(", 1 entries, 1 left for the interpreter, most often at @"),
        "{err}"
    );
    assert!(err.contains("compiled f: "), "{err}");
    assert!(err.contains(", 2 calls"), "{err}");
}

#[test]
fn a_loop_of_a_function_called_once_runs_compiled() {
    // `main()` is called once: without on-stack replacement its loops
    // would run in the interpreter. Each loop is entered compiled when it
    // becomes hot, with the locals it has then: a type that changes
    // after that, an exception raised in the compiled loop and caught
    // outside it, a `break` and an iterator held by a local as well are
    // as CPython has them.
    let d = TempDir::new("jit-cli-osr-once");
    d.write(
        "p.py",
        "def main():\n    total = 0\n    i = 0\n    while i < 300000:\n        total += i * 2\n        i += 1\n    \
         x = 0\n    for j in range(5000):\n        x += j\n        if j == 4000:\n            x = float(x)\n    \
         it = iter(range(9000))\n    n = 0\n    for v in it:\n        n += v\n        if v == 3000:\n            break\n    \
         t = 0\n    try:\n        for k in range(9000):\n            t += 10 // (5000 - k)\n    except ZeroDivisionError as e:\n        t = (t, str(e))\n    \
         print(total, x, n, next(it), t)\n\nmain()\n",
    );
    let o = run_in(d.path(), &["--stats", "p.py"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        "89999700000 12497500.0 4501500 3001 (27, 'integer division or modulo by zero')\n"
    );
    let err = text(&o.stderr);
    assert!(
        err.contains("compiled main from its loop at line 4: "),
        "{err}"
    );
    assert!(err.contains("on-stack replacement: "), "{err}");
    let o = run_in(d.path(), &["--no-jit", "p.py"]);
    assert_eq!(
        text(&o.stdout),
        "89999700000 12497500.0 4501500 3001 (27, 'integer division or modulo by zero')\n"
    );
}

#[test]
fn list_append_in_a_loop_is_a_guard_and_one_helper() {
    let d = TempDir::new("jit-cli");
    // Compiled where asked (this test is about when).
    d.write("typhon.toml", "[jit]\nbackground = false\n");
    d.write(
        "p.py",
        "def build(xs, n):\n    for i in range(n):\n        xs.append(i)\n        xs.append(str(i))\n    \
         return len(xs)\n\nys = []\nprint(build(ys, 3000), ys[-1])\nprint(build([1], 2))\n",
    );
    let o = run_in(d.path(), &["--stats", "--dump-hir", "build", "p.py"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "6000 2999\n5\n");
    let err = text(&o.stderr);
    // The receiver's type is checked once per iteration, the append is a
    // helper taking the list from its local (no call of the method
    // object, no copy of the list), `str` of the int a helper taking it
    // unboxed, and nothing leaves the compiled loop.
    assert!(err.contains("GuardLocalType 0"), "{err}");
    assert!(err.contains("ListAppend local0, stack "), "{err}");
    assert!(err.contains("StrInt v"), "{err}");
    assert!(!err.contains("Generic ListAppend"), "{err}");
    assert!(!err.contains("Generic Str"), "{err}");
    let loop_body = err.split("bb3").next().unwrap_or_default();
    assert!(!loop_body.contains("CallNative"), "{err}");
    let line = err
        .lines()
        .find(|l| l.contains("compiled build:"))
        .unwrap_or_else(|| panic!("build was not compiled: {err}"));
    assert!(!line.contains("exits") && !line.contains("left"), "{line}");
}

#[test]
fn stats_say_where_the_compiler_warm_up_is() {
    let d = dir_with_program();
    let o = run_in(d.path(), &["--stats", "p.py"]);
    assert_eq!(text(&o.stdout), "2999\n");
    let err = text(&o.stderr);
    let line = err
        .lines()
        .find(|l| l.starts_with("  warm-up: "))
        .unwrap_or_else(|| panic!("no warm-up line: {err}"));
    let multi = std::thread::available_parallelism().map_or(1, |n| n.get()) > 1;
    if multi {
        assert!(
            line.ends_with(" ms on another thread") || line == "  warm-up: still running",
            "{line}"
        );
    } else {
        assert_eq!(line, "  warm-up: off");
    }
    d.write("typhon.toml", "[jit]\nwarm_up = false\n");
    let o = run_in(d.path(), &["--stats", "p.py"]);
    assert_eq!(text(&o.stdout), "2999\n");
    assert!(
        text(&o.stderr).contains("\n  warm-up: off\n"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn machine_code_is_made_on_another_thread_unless_switched_off() {
    // `f` gets hot through its calls: its machine code is made on the
    // compile thread while the interpreter goes on, and later calls run
    // it. With `[jit] background = false` (or one CPU) the compile
    // happens at the call that found it hot.
    let d = TempDir::new("jit-cli");
    d.write(
        "p.py",
        "def f(n):\n    t = 0\n    for i in range(n):\n        t += i\n    return t\n\n\
         s = 0\nfor k in range(100000):\n    s += f(10)\nprint(s)\n",
    );
    d.write("typhon.toml", "[jit]\nosr = false\n");
    let o = run_in(d.path(), &["--stats", "p.py"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "4500000\n");
    let err = text(&o.stderr);
    let calls = |err: &str| -> u64 {
        let line = err
            .lines()
            .find(|l| l.starts_with("  compiled f: "))
            .unwrap_or_else(|| panic!("f was not compiled: {err}"));
        line.split(", ")
            .find_map(|p| p.strip_suffix(" calls"))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no call count: {line}"))
    };
    let multi = std::thread::available_parallelism().map_or(1, |n| n.get()) > 1;
    assert_eq!(
        err.contains("  compiled on another thread: 1 of them, while the interpreter ran on\n"),
        multi,
        "{err}"
    );
    // Later calls ran the code (how many depends on when it came).
    assert!(calls(&err) > 0, "{err}");
    d.write("typhon.toml", "[jit]\nosr = false\nbackground = false\n");
    let o = run_in(d.path(), &["--stats", "p.py"]);
    assert_eq!(text(&o.stdout), "4500000\n");
    let err = text(&o.stderr);
    assert!(!err.contains("on another thread: "), "{err}");
    // Compiled at the call that found it hot (after 1000 calls and
    // back-edges): every call after it runs the code.
    assert!(calls(&err) > 99900, "{err}");
}

#[test]
fn a_loop_compiled_on_stack_is_made_on_another_thread_and_entered_when_ready() {
    // `main` runs once, its loop gets hot: the loop's code is made on the
    // compile thread while the loop runs on interpreted, and a later round
    // enters it (once: it runs the call to its end). With `[jit]
    // background = false` (or one CPU) the round that found the loop hot
    // waits for its code.
    let d = TempDir::new("jit-cli");
    d.write(
        "p.py",
        "def main(n):\n    t = 0\n    for i in range(n):\n        t += i % 7\n    return t\n\n\
         print(main(3000000))\n",
    );
    let multi = std::thread::available_parallelism().map_or(1, |n| n.get()) > 1;
    for background in [true, false] {
        d.write("typhon.toml", format!("[jit]\nbackground = {background}\n"));
        let o = run_in(d.path(), &["--stats", "p.py"]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        assert_eq!(text(&o.stdout), "8999994\n");
        let err = text(&o.stderr);
        assert_eq!(
            err.contains("  compiled on another thread: 1 of them, while the interpreter ran on\n"),
            background && multi,
            "{err}"
        );
        assert!(
            err.contains("compiled main from its loop at line 3") && err.contains(", 1 entries"),
            "{err}"
        );
    }
}

#[test]
fn a_method_whose_loop_follows_code_run_once_a_call_is_compiled_after_a_few_calls() {
    // `run` reads `self.n` once a call, then loops: at the end of its
    // first hot call that load had run once, too few times to have
    // types, and the function's compile stopped there (its loop then ran
    // interpreted for a while at every call, until on-stack replacement).
    // It is declined for now and asked again; once the load has its types
    // the whole method is compiled and later calls run it.
    let d = TempDir::new("jit-cli");
    d.write(
        "p.py",
        "class S:\n    def __init__(self):\n        self.n = 3000\n\n    def run(self):\n        \
         n = self.n\n        t = 0\n        i = 0\n        while i < n:\n            t += i\n            \
         i += 1\n        return t\n\n\ns = S()\ntotal = 0\nfor k in range(200):\n    total += s.run()\n\
         print(total)\n",
    );
    d.write("typhon.toml", "[jit]\nbackground = false\n");
    let o = run_in(d.path(), &["--stats", "p.py"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "899700000\n");
    let err = text(&o.stderr);
    let line = err
        .lines()
        .find(|l| l.starts_with("  compiled S.run: "))
        .unwrap_or_else(|| panic!("S.run was not compiled for its calls: {err}"));
    let calls: u64 = line
        .split(", ")
        .find_map(|p| p.strip_suffix(" calls"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no call count: {line}"));
    // Compiled within its first dozen calls or so (the load gets its
    // types in its first 8 runs).
    assert!(calls > 150, "{line}");
    // Its entry in the stats is the compile, no longer the decline.
    assert!(!err.contains("interpreted S.run"), "{err}");
}

#[test]
fn a_short_loop_of_a_function_hot_by_its_calls_gets_no_loop_code() {
    // `f` and `g` loop three times a call and are called 100000 times: their
    // loops make them hot together with their calls, and their code for
    // calls serves every later call. Loop code for the running call
    // (on-stack replacement) would be made for one call that ends three
    // rounds later, and took the compiler's thread from the code the
    // program waited for. `main`'s loop, run by its only call, does get
    // loop code. In either compile mode (the worker's thread, or where
    // asked).
    for background in [true, false] {
        let d = TempDir::new("jit-cli");
        d.write(
            "p.py",
            "def f(n):\n    s = 0\n    for i in range(n):\n        s += i\n    return s\n\n\
             def g(n):\n    s = 1\n    for i in range(n):\n        s *= 2\n    return s\n\n\
             def main():\n    t = 0\n    for k in range(100000):\n        t += f(3) + g(3)\n    \
             return t\n\nprint(main())\n",
        );
        d.write("typhon.toml", format!("[jit]\nbackground = {background}\n"));
        let o = run_in(d.path(), &["--stats", "p.py"]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        assert_eq!(text(&o.stdout), "1100000\n");
        let err = text(&o.stderr);
        for name in ["f", "g"] {
            assert!(err.contains(&format!("  compiled {name}: ")), "{err}");
            assert!(
                !err.contains(&format!("compiled {name} from its loop")),
                "{err}"
            );
        }
        // (On the worker's thread, that code may still be in the making
        // when the loop ends.)
        if !background {
            assert!(
                err.contains("compiled main from its loop at line 15: "),
                "{err}"
            );
        }
    }
}

#[test]
fn a_loop_compiled_on_stack_is_entered_again_by_later_calls() {
    // The function as a whole is declined (it makes a function with a
    // default), its loop is not: each call after the first enters the
    // loop's code once its loop is hot again (1000 trips of its 5000), not
    // only the call that made it hot.
    let d = TempDir::new("jit-cli");
    d.write(
        "p.py",
        "def f(n, c):\n    k = (lambda x=n: x)()\n    total = 0\n    for i in range(n):\n        \
         total += i\n    return total, k\n\nfor _ in range(3):\n    r = f(5000, True)\nprint(r)\n",
    );
    // Compiled where asked (this test is about when the code is entered).
    d.write("typhon.toml", "[jit]\nbackground = false\n");
    let o = run_in(d.path(), &["--stats", "p.py"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "(12497500, 5000)\n");
    let err = text(&o.stderr);
    assert!(
        err.contains("interpreted f: unsupported construct"),
        "{err}"
    );
    assert!(
        err.contains("compiled f from its loop at line 4") && err.contains(", 3 entries"),
        "{err}"
    );
}

/// The number in `err`'s line about `name` that precedes `what`
/// ("compiled 3 times": 3), if the line says it.
fn count_in_stats(err: &str, name: &str, what: &str) -> Option<u64> {
    let line = err
        .lines()
        .find(|l| l.starts_with(&format!("  compiled {name}: ")))?;
    let at = line.find(what)?;
    line[..at].rsplit(' ').nth(1)?.parse().ok()
}

#[test]
fn code_whose_class_changed_is_given_up_and_compiled_again() {
    // `g` is compiled for `P.get`; rebinding the method gives `P` a new
    // version tag, the guard fails at every call, and after a few hundred
    // of them (not a quarter of the 5000 calls before) the code is given
    // up and the function compiled again, for the new method.
    let d = TempDir::new("jit-cli");
    d.write(
        "p.py",
        "class P:\n    def __init__(self, x):\n        self.x = x\n\n    def get(self):\n        \
         return self.x * 2\n\n\ndef g(p, n):\n    t = 0\n    for i in range(n):\n        \
         t += p.get()\n    return t\n\n\ndef get10(self):\n    return self.x * 10\n\n\n\
         p = P(3)\ns = 0\nfor r in range(5000):\n    s += g(p, 50)\nprint(s)\nP.get = get10\n\
         for r in range(5000):\n    s += g(p, 50)\nprint(s)\n",
    );
    let o = run_in(d.path(), &["--stats", "p.py"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "1500000\n9000000\n");
    let err = text(&o.stderr);
    // At least `max_exits` (100), and far fewer than the 1250 a quarter
    // of all calls would be (1667 before exits were counted over the
    // recent calls only).
    let exits = count_in_stats(&err, "g", "class changed").expect("exits");
    assert!((100..600).contains(&exits), "{err}");
    assert!(err.contains(", compiled 2 times, given up once"), "{err}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_function_invalidated_ten_thousand_times_is_compiled_again_each_time_in_bounded_memory() {
    // Each round rebinds the global `K` that `f`'s code was compiled
    // for: its guard fails, the code is given up at once and freed (no
    // compiled code is running then), and `f` is compiled again for the
    // new `K` within the round (the threshold is 1 call; a function given
    // up often waits 64 thresholds). The program reads its own resident
    // memory after 1000 rounds and at the end: code kept, the other
    // 10,000 compiles would hold over 80 MB.
    let d = TempDir::new("jit-cli");
    d.write(
        "typhon.toml",
        "[jit]\nbackground = false\nthreshold = 1\nosr = false\n",
    );
    d.write(
        "p.py",
        "import sys\n\nK = 0\n\n\ndef f(n):\n    t = 0\n    for i in range(n):\n        \
         t += K\n    return t\n\n\ndef resident():\n    with open(\"/proc/self/statm\") as s:\n        \
         return int(s.read().split()[1]) * 4096\n\n\ndef rounds(first, last):\n    global K\n    \
         total = 0\n    for r in range(first, last):\n        K = r\n        \
         for j in range(65):\n            total += f(3)\n    return total\n\n\n\
         n = int(sys.argv[1])\ntotal = rounds(0, 1000)\nbefore = resident()\n\
         total += rounds(1000, n)\nprint(total, resident() - before)\n",
    );
    let n: u64 = 11_000;
    let o = run_in(d.path(), &["--stats", "p.py", &n.to_string()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let mut words = out.split_whitespace();
    let total: u64 = words.next().and_then(|w| w.parse().ok()).expect("total");
    let grown: i64 = words.next().and_then(|w| w.parse().ok()).expect("growth");
    // Round r adds 65 calls of 3 * r: the new binding is used each time.
    assert_eq!(total, 65 * 3 * n * (n - 1) / 2, "{out}");
    let err = text(&o.stderr);
    let compiles = count_in_stats(&err, "f", "times, given up").expect("compile count");
    assert!(compiles >= 10_000, "{err}");
    assert!(
        grown < 8 << 20,
        "resident memory grew by {grown} bytes: {err}"
    );
}

#[test]
fn a_loop_whose_callee_handed_back_once_is_entered_again_compiled() {
    // `main`'s loop runs once, compiled from its header; `step` leaves
    // its compiled code once (a float where it was compiled for ints),
    // which hands `main`'s frame back to the interpreter. The loop's code
    // is kept, so the interpreter enters it again a few rounds later
    // (and its code for the float `t` after that) rather than running
    // the other ~40,000 rounds itself.
    let d = TempDir::new("jit-cli");
    // Compiled where asked (this test is about when).
    d.write("typhon.toml", "[jit]\nbackground = false\n");
    d.write(
        "p.py",
        "def step(x):\n    return x + 1\n\ndef main(xs):\n    t = 0\n    for i in range(60000):\n        t += step(xs[i])\n    return t\n\nxs = list(range(60000))\nxs[20000] = 0.5\nprint(main(xs))\n",
    );
    let o = run_in(d.path(), &["--stats", "p.py"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "1800010000.5\n");
    let err = text(&o.stderr);
    assert!(
        err.contains("compiled main from its loop at line 6: "),
        "{err}"
    );
    let entries: u64 = err
        .split("running call, ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(entries >= 2, "entered again: {err}");
    // The general loop ran a few thousand rounds of the loop, not the
    // ~40,000 after the hand-back.
    let calls_in_general_loop = err
        .lines()
        .find(|l| l.trim_start().starts_with("CALL_PY_EXACT_ARGS "))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse::<u64>().ok())
        .unwrap_or(0);
    assert!(calls_in_general_loop < 10_000, "{err}");
}
