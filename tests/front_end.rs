//! The front end at scale: parsing and compiling must take time linear in
//! the size of the module. Each test runs a generated program big enough
//! that a quadratic step shows as minutes, under a limit generous enough
//! that a slow shared machine passes easily (these are not timing
//! assertions: 3·10^5 distinct assignments ran in ~1 s after the fix,
//! ~190 s before it; CPython takes ~4.5 s).

use std::fmt::Write as _;
use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Longer than a linear front end can need, far shorter than a quadratic one.
const LIMIT: Duration = Duration::from_secs(30);

/// Writes `text` to a scratch file named `name` and runs it with a
/// [`LIMIT`]; returns stdout, or panics with what went wrong.
fn run_within_limit(name: &str, text: &str) -> String {
    let path: PathBuf = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("write the generated program");
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_typhon"))
        .arg(&path)
        .env_remove("TYPHON_PATH")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start typhon");
    let status = loop {
        if let Some(st) = child.try_wait().expect("wait for typhon") {
            break st;
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{name}: still running after {LIMIT:?}: superlinear front end?");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut out = String::new();
    let mut err = String::new();
    if let Some(mut o) = child.stdout.take() {
        o.read_to_string(&mut out).expect("read stdout");
    }
    if let Some(mut e) = child.stderr.take() {
        e.read_to_string(&mut err).expect("read stderr");
    }
    assert!(status.success(), "{name}: {status:?}\n{err}");
    let _ = std::fs::remove_file(&path);
    out
}

const N: usize = 300_000;

#[test]
fn many_distinct_globals_and_locals_compile_in_linear_time() {
    // Names used to be looked up by linear search in the scope pass, both
    // for module globals and for a function's locals.
    let mut s = String::new();
    for i in 0..N {
        let _ = writeln!(s, "x{i} = {i}");
    }
    s.push_str("def f():\n");
    for i in 0..N {
        let _ = writeln!(s, "    y{i} = x{i}");
    }
    let _ = writeln!(s, "    return y{}\nprint(x{}, f())", N - 1, N - 1);
    assert_eq!(
        run_within_limit("many_names.py", &s),
        format!("{} {}\n", N - 1, N - 1)
    );
}

#[test]
fn other_long_modules_compile_in_linear_time() {
    // Function definitions, a chain of ifs inside a loop (jumps and line
    // numbers), try blocks (the exception table), string constants, a long
    // list display and lambdas.
    let mut s = String::from("n = 0\nfor k in range(2):\n");
    for i in 0..N / 6 {
        let _ = writeln!(s, "    if k == {i}:\n        n += 1");
    }
    for i in 0..N / 6 {
        let _ = writeln!(s, "def f{i}(a):\n    return a + {i}");
    }
    for i in 0..N / 12 {
        let _ = writeln!(s, "try:\n    t = 's{i}'\nexcept ValueError:\n    t = None");
    }
    s.push_str("big = [\n");
    for i in 0..N / 6 {
        let _ = writeln!(s, "    {i},");
    }
    s.push_str("]\n");
    for i in 0..N / 6 {
        let _ = writeln!(s, "l{i} = lambda a: a * {i}");
    }
    let last = N / 6 - 1;
    let _ = writeln!(s, "print(n, f{last}(1), t, len(big), l{last}(2))");
    assert_eq!(
        run_within_limit("long_shapes.py", &s),
        format!("2 {} s{} {} {}\n", last + 1, N / 12 - 1, N / 6, 2 * last)
    );
}

/// Syntax errors in code given with `-c`: CPython shows the tokenizer's
/// line (there is no file to re-read), no line at all for the compiler's
/// errors, and at the end of the string points just past it. Expected
/// texts recorded from `python3 -c` (CPython 3.11.7).
#[test]
fn syntax_errors_in_dash_c_code_match_cpython() {
    let cases: &[(&str, &str)] = &[
        (
            "if 1:",
            "  File \"<string>\", line 1\n    if 1:\n         ^\nIndentationError: expected an indented block after 'if' statement on line 1\n",
        ),
        (
            "return 1",
            "  File \"<string>\", line 1\nSyntaxError: 'return' outside function\n",
        ),
        (
            "x = (1,",
            "  File \"<string>\", line 1\n    x = (1,\n        ^\nSyntaxError: '(' was never closed\n",
        ),
        (
            "x = 1\n  y = 2",
            "  File \"<string>\", line 2\n    y = 2\nIndentationError: unexpected indent\n",
        ),
        (
            "for x in y:\n  # c",
            "  File \"<string>\", line 2\n    # c\n       ^\nIndentationError: expected an indented block after 'for' statement on line 1\n",
        ),
    ];
    for (code, want) in cases {
        let o = Command::new(env!("CARGO_BIN_EXE_typhon"))
            .args(["-c", code])
            .env_remove("TYPHON_PATH")
            .stdin(Stdio::null())
            .output()
            .expect("run typhon");
        assert_eq!(o.status.code(), Some(1), "{code:?}");
        assert!(o.stdout.is_empty(), "{code:?}");
        assert_eq!(String::from_utf8_lossy(&o.stderr), *want, "{code:?}");
    }
}
