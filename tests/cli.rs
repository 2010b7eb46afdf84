//! The `typhon` command line: flags, `sys.argv`, exit statuses, error
//! messages and `typhon.toml` discovery. Expected texts that mirror CPython
//! were checked against `python3` (CPython 3.11.7).

use std::path::Path;
use std::process::{Command, Output, Stdio};

fn typhon() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_typhon"));
    c.env_remove("TYPHON_PATH").stdin(Stdio::null());
    c
}

use crate::common::TempDir;

/// Runs `typhon ARGS` in `dir`.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    typhon()
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run typhon")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts the exit status, showing both streams if it differs.
#[track_caller]
fn assert_status(o: &Output, want: i32) {
    assert_eq!(
        o.status.code(),
        Some(want),
        "exit status\n--- stdout:\n{}--- stderr:\n{}",
        stdout(o),
        stderr(o)
    );
}

// ----- flags -----------------------------------------------------------------

#[test]
fn version_prints_the_package_version() {
    let o = typhon().arg("--version").output().expect("run typhon");
    assert_status(&o, 0);
    assert_eq!(
        stdout(&o).trim(),
        format!("typhon {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn help_lists_the_options() {
    let o = typhon().arg("--help").output().expect("run typhon");
    assert_status(&o, 0);
    let out = stdout(&o);
    for flag in [
        "--dump-bytecode",
        "--config",
        "-c <CODE>",
        "--version",
        "[FILE]",
    ] {
        assert!(out.contains(flag), "--help does not mention {flag}:\n{out}");
    }
    assert!(
        !out.contains("check-leaks"),
        "--check-leaks is a hidden flag:\n{out}"
    );
}

#[test]
fn no_program_reads_standard_input() {
    // `python3 < /dev/null` runs the empty program; only a terminal on
    // standard input would mean "no program" (CPython's REPL; Typhon then
    // says "no program given", exit 2).
    let o = typhon().output().expect("run typhon");
    assert_status(&o, 0);
    assert!(o.stdout.is_empty() && o.stderr.is_empty(), "{}", stderr(&o));
}

#[test]
fn unknown_flag_is_a_usage_error() {
    let o = typhon().arg("--no-such-flag").output().expect("run typhon");
    assert_status(&o, 2);
    assert!(o.stdout.is_empty());
    assert!(stderr(&o).contains("--no-such-flag"), "{}", stderr(&o));
}

#[test]
fn run_without_a_file_is_a_usage_error() {
    let o = typhon().arg("run").output().expect("run typhon");
    assert_status(&o, 2);
    assert!(stderr(&o).contains("'run' needs a FILE"), "{}", stderr(&o));
}

// ----- -c --------------------------------------------------------------------

#[test]
fn dash_c_runs_code() {
    let o = typhon()
        .args(["-c", "print(1+1)"])
        .output()
        .expect("run typhon");
    assert_status(&o, 0);
    assert_eq!(stdout(&o), "2\n");
    assert!(o.stderr.is_empty(), "{}", stderr(&o));
}

#[test]
fn dash_c_sys_argv_is_dash_c() {
    // python3 -c 'import sys; print(sys.argv)'  ->  ['-c']
    let o = typhon()
        .args(["-c", "import sys; print(sys.argv)"])
        .output()
        .expect("run typhon");
    assert_status(&o, 0);
    assert_eq!(stdout(&o), "['-c']\n");
}

#[test]
fn dash_c_passes_the_remaining_arguments() {
    // python3 -c 'import sys; print(sys.argv)' a -b  ->  ['-c', 'a', '-b']
    let o = typhon()
        .args(["-c", "import sys; print(sys.argv)", "a", "-b"])
        .output()
        .expect("run typhon");
    assert_status(&o, 0);
    assert_eq!(stdout(&o), "['-c', 'a', '-b']\n");
}

#[test]
fn dash_c_uncaught_exception_names_string() {
    // python3 -c '1/0' prints exactly
    //   Traceback (most recent call last):
    //     File "<string>", line 1, in <module>
    //   ZeroDivisionError: division by zero
    // (no source line: CPython cannot read "<string>"). Typhon also prints
    // the source line `    1/0`, so only the frame and the last line are
    // checked here.
    let o = typhon().args(["-c", "1/0"]).output().expect("run typhon");
    assert_status(&o, 1);
    let err = stderr(&o);
    assert!(
        err.starts_with(
            "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n"
        ),
        "{err}"
    );
    assert!(
        err.ends_with("\nZeroDivisionError: division by zero\n"),
        "{err}"
    );
}

// ----- running files ---------------------------------------------------------

const ARGV_PY: &str = "import sys\nprint(sys.argv)\nprint(len(sys.argv))\n";

#[test]
fn file_arguments_become_sys_argv() {
    let d = TempDir::new("argv");
    d.write("show_argv.py", ARGV_PY);
    // python3 show_argv.py a b -v --flag  ->  ['show_argv.py', 'a', 'b', '-v', '--flag']
    let o = run_in(d.path(), &["show_argv.py", "a", "b", "-v", "--flag"]);
    assert_status(&o, 0);
    assert_eq!(
        stdout(&o),
        "['show_argv.py', 'a', 'b', '-v', '--flag']\n5\n"
    );
}

#[test]
fn run_subcommand_runs_a_file() {
    let d = TempDir::new("run");
    d.write("show_argv.py", ARGV_PY);
    let o = run_in(d.path(), &["run", "show_argv.py", "x"]);
    assert_status(&o, 0);
    assert_eq!(stdout(&o), "['show_argv.py', 'x']\n2\n");
}

#[test]
fn script_path_as_given_is_argv0() {
    let d = TempDir::new("argv0");
    let script = d.write("sub/show_argv.py", ARGV_PY);
    let s = script.to_str().expect("utf-8 temp path");
    let o = typhon().arg(s).output().expect("run typhon");
    assert_status(&o, 0);
    assert_eq!(stdout(&o), format!("['{s}']\n1\n"));
}

#[test]
fn sys_exit_sets_the_status() {
    let d = TempDir::new("exit");
    d.write(
        "ex.py",
        "import sys\nprint('before')\nsys.exit(3)\nprint('after')\n",
    );
    let o = run_in(d.path(), &["ex.py"]);
    assert_status(&o, 3);
    assert_eq!(stdout(&o), "before\n");
    assert!(o.stderr.is_empty(), "{}", stderr(&o));
}

#[test]
fn sys_exit_statuses_are_cpythons() {
    // CPython: the status is the int's low byte; an int beyond a C long
    // exits 255 silently (checked with python3 3.11.7).
    for (code, want) in [("259", 3), ("-1", 255), ("2**70", 255), ("-2**70", 255)] {
        let o = typhon()
            .args(["-c", &format!("import sys; sys.exit({code})")])
            .output()
            .expect("run typhon");
        assert_status(&o, want);
        assert!(o.stderr.is_empty(), "sys.exit({code}): {}", stderr(&o));
    }
}

#[test]
fn sys_exit_with_a_message_prints_it_and_exits_1() {
    let d = TempDir::new("exitmsg");
    d.write("ex.py", "import sys\nsys.exit('fatal: no input')\n");
    let o = run_in(d.path(), &["ex.py"]);
    assert_status(&o, 1);
    assert_eq!(stderr(&o), "fatal: no input\n");
}

#[test]
fn uncaught_exception_exits_1_with_a_traceback() {
    let d = TempDir::new("uncaught");
    d.write(
        "boom.py",
        "def f(x):\n    raise ValueError('bad x: ' + str(x))\n\nprint('start')\nf(42)\n",
    );
    let o = run_in(d.path(), &["boom.py"]);
    assert_status(&o, 1);
    assert_eq!(stdout(&o), "start\n", "output before the error is flushed");
    // CPython prints the absolute script path.
    let dir = d.path().canonicalize().expect("canonical temp dir");
    let file = dir.join("boom.py");
    let want = format!(
        "Traceback (most recent call last):\n  File \"{f}\", line 5, in <module>\n    f(42)\n  File \"{f}\", line 2, in f\n    raise ValueError('bad x: ' + str(x))\nValueError: bad x: 42\n",
        f = file.display()
    );
    let got = stderr(&o).replace(&d.path().display().to_string(), &dir.display().to_string());
    assert_eq!(got, want);
}

#[test]
fn output_is_flushed_before_the_traceback_and_the_exit_message() {
    // CPython flushes sys.stdout before it prints the traceback or the
    // SystemExit message: with both streams in one file, the output comes
    // first (checked with python3 3.11.7).
    let d = TempDir::new("flushorder");
    d.write("boom.py", "print('before')\nraise KeyError('k')\n");
    d.write("bye.py", "print('before')\nraise SystemExit('bye')\n");
    for (prog, last) in [("boom.py", "KeyError: 'k'\n"), ("bye.py", "bye\n")] {
        let both = d.path().join(format!("{prog}.both"));
        let file = std::fs::File::create(&both).expect("create the output file");
        let err = file.try_clone().expect("clone the output file");
        let o = typhon()
            .arg(prog)
            .current_dir(d.path())
            .stdout(file)
            .stderr(err)
            .output()
            .expect("run typhon");
        assert_status(&o, 1);
        let text = std::fs::read_to_string(&both).expect("read the output file");
        assert!(text.starts_with("before\n"), "{prog}: {text}");
        assert!(text.ends_with(last), "{prog}: {text}");
    }
}

#[test]
fn missing_file_is_exit_2_with_cpythons_message() {
    let d = TempDir::new("missing");
    let o = run_in(d.path(), &["does_not_exist.py"]);
    assert_status(&o, 2);
    assert!(o.stdout.is_empty());
    // CPython: "python3: can't open file '/abs/dir/does_not_exist.py': [Errno 2] No such file or directory"
    // (the working directory joined to the path as given, `./` kept).
    let abs = d.path().canonicalize().expect("canonical temp dir");
    let err = stderr(&o).replace(&d.path().display().to_string(), &abs.display().to_string());
    assert_eq!(
        err,
        format!(
            "typhon: can't open file '{}/does_not_exist.py': [Errno 2] No such file or directory\n",
            abs.display()
        )
    );
    let o = run_in(d.path(), &["./sub/../gone.py"]);
    assert_status(&o, 2);
    assert!(
        stderr(&o).ends_with("/./sub/../gone.py': [Errno 2] No such file or directory\n"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn syntax_error_exits_1_and_runs_nothing() {
    let d = TempDir::new("syntax");
    d.write("bad.py", "print('ran')\nasync def f():\n    pass\n");
    let o = run_in(d.path(), &["bad.py"]);
    assert_status(&o, 1);
    assert!(o.stdout.is_empty(), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(
        err.ends_with("bad.py:2:1)\n")
            && err.contains("SyntaxError: async function is not supported by typhon ("),
        "{err}"
    );
}

// ----- --dump-bytecode -------------------------------------------------------

#[test]
fn dump_bytecode_prints_instead_of_running() {
    let d = TempDir::new("dump");
    d.write(
        "prog.py",
        "def add(a, b):\n    return a + b\n\nprint('ran', add(1, 2))\n",
    );
    let o = run_in(d.path(), &["--dump-bytecode", "prog.py"]);
    assert_status(&o, 0);
    let out = stdout(&o);
    assert!(
        !out.lines().any(|l| l == "ran 3"),
        "the program must not run:\n{out}"
    );
    assert!(
        out.contains("Disassembly of <code <module>> (prog.py:1):"),
        "{out}"
    );
    assert!(
        out.contains("Disassembly of <code add> (prog.py:1):"),
        "{out}"
    );
    for needle in [
        "LOAD_FAST",
        "(a)",
        "BINARY_OP",
        "RETURN_VALUE",
        "LOAD_GLOBAL",
        "(print)",
        "CALL",
    ] {
        assert!(out.contains(needle), "missing {needle}:\n{out}");
    }
    assert!(o.stderr.is_empty(), "{}", stderr(&o));
}

#[test]
fn dump_bytecode_of_dash_c() {
    let o = typhon()
        .args(["--dump-bytecode", "-c", "x = 1\nprint(x)"])
        .output()
        .expect("run typhon");
    assert_status(&o, 0);
    let out = stdout(&o);
    assert!(
        out.starts_with("Disassembly of <code <module>> (<string>:1):"),
        "{out}"
    );
    assert!(
        out.contains("STORE_GLOBAL") && !out.contains("\n1\n"),
        "{out}"
    );
}

#[test]
fn dump_bytecode_after_runs_then_shows_quickened_forms() {
    let d = TempDir::new("dumpafter");
    d.write(
        "prog.py",
        "def add(a, b):\n    return a + b\n\nfor i in range(20):\n    add(i, 1)\nprint('ran', add(1, 2))\n",
    );
    let o = run_in(d.path(), &["--dump-bytecode=after", "prog.py"]);
    assert_status(&o, 0);
    let out = stdout(&o);
    let (program, dump) = out
        .split_once("Disassembly of")
        .expect("a dump after the output");
    assert_eq!(program, "ran 3\n", "the program runs first");
    for needle in [
        "BINARY_OP_ADD_INT",
        "CALL_PY_EXACT_ARGS",
        "FOR_ITER_RANGE",
        "LOAD_GLOBAL_MODULE",
    ] {
        assert!(dump.contains(needle), "missing {needle}:\n{out}");
    }
    // Plain --dump-bytecode still shows the code as compiled.
    let o = run_in(d.path(), &["--dump-bytecode", "prog.py"]);
    let out = stdout(&o);
    assert!(
        !out.contains("BINARY_OP_ADD_INT") && !out.contains("ran 3"),
        "{out}"
    );
    // A value other than `after`/`before` is a usage error.
    let o = run_in(d.path(), &["--dump-bytecode=later", "prog.py"]);
    assert_status(&o, 2);
}

#[test]
fn stats_go_to_stderr_at_exit() {
    let d = TempDir::new("stats");
    d.write(
        "prog.py",
        "def f(n):\n    t = 0\n    for i in range(n):\n        t += i\n    return t\nprint(f(100))\nprint(f(3.5 and 10))\n",
    );
    let o = run_in(d.path(), &["--stats", "prog.py"]);
    assert_status(&o, 0);
    assert_eq!(stdout(&o), "4950\n45\n");
    let err = stderr(&o);
    assert!(err.starts_with("Typhon quickening stats\n"), "{err}");
    for needle in [
        "family",
        "executed",
        "spec ok",
        "misses",
        "deopts",
        "FOR_ITER",
        "BINARY_OP",
        "instructions executed:",
        "top functions by calls:",
        "f (prog.py:1)",
    ] {
        assert!(err.contains(needle), "missing {needle}:\n{err}");
    }
    // Without the flag there is no table, and the output is the same.
    let o = run_in(d.path(), &["prog.py"]);
    assert_eq!(stdout(&o), "4950\n45\n");
    assert!(o.stderr.is_empty(), "{}", stderr(&o));
    // Stats are printed after an uncaught exception too.
    d.write("boom.py", "def g():\n    return 1 / 0\ng()\n");
    let o = run_in(d.path(), &["--stats", "boom.py"]);
    assert_status(&o, 1);
    let err = stderr(&o);
    let tb = err.find("ZeroDivisionError").expect("traceback");
    let st = err.find("Typhon quickening stats").expect("stats");
    assert!(tb < st, "{err}");
}

#[test]
fn dump_bytecode_reports_syntax_errors() {
    let d = TempDir::new("dumpbad");
    d.write("bad.py", "async def f():\n    pass\n");
    let o = run_in(d.path(), &["--dump-bytecode", "bad.py"]);
    assert_status(&o, 1);
    assert!(o.stdout.is_empty(), "{}", stdout(&o));
    assert!(stderr(&o).contains("SyntaxError: async function is not supported by typhon"));
}

// ----- typhon.toml -----------------------------------------------------------

/// Prints how deep plain recursion gets before RecursionError.
const DEPTH_PY: &str = "\
def depth(n):
    try:
        return depth(n + 1)
    except RecursionError:
        return n

print(depth(0))
";

fn depth_of(o: &Output) -> usize {
    assert_status(o, 0);
    stdout(o).trim().parse().expect("a depth")
}

#[test]
fn default_recursion_limit_is_about_1000() {
    let d = TempDir::new("rdefault");
    d.write("deep.py", DEPTH_PY);
    let n = depth_of(&run_in(d.path(), &["deep.py"]));
    assert!((900..1000).contains(&n), "depth {n}");
}

#[test]
fn typhon_toml_next_to_the_script_sets_the_recursion_limit() {
    let d = TempDir::new("rtoml");
    d.write("proj/deep.py", DEPTH_PY);
    d.write("proj/typhon.toml", "[runtime]\nrecursion_limit = 50\n");
    // Run from the parent: the config beside the script is found.
    let n = depth_of(&run_in(d.path(), &["proj/deep.py"]));
    assert!((40..50).contains(&n), "depth {n}");
}

#[test]
fn typhon_toml_in_the_working_directory_is_the_fallback() {
    let d = TempDir::new("rcwd");
    d.write("proj/deep.py", DEPTH_PY);
    d.write("typhon.toml", "[runtime]\nrecursion_limit = 60\n");
    let n = depth_of(&run_in(d.path(), &["proj/deep.py"]));
    assert!((50..60).contains(&n), "depth {n}");
}

#[test]
fn config_flag_overrides_discovery() {
    let d = TempDir::new("rflag");
    d.write("deep.py", DEPTH_PY);
    d.write("typhon.toml", "[runtime]\nrecursion_limit = 50\n");
    d.write("conf/other.toml", "[runtime]\nrecursion_limit = 200\n");
    let n = depth_of(&run_in(
        d.path(),
        &["--config", "conf/other.toml", "deep.py"],
    ));
    assert!((190..200).contains(&n), "depth {n}");
}

#[test]
fn missing_config_file_is_an_error() {
    let d = TempDir::new("rmissing");
    d.write("deep.py", DEPTH_PY);
    let o = run_in(d.path(), &["--config", "nope.toml", "deep.py"]);
    assert_status(&o, 2);
    assert!(o.stdout.is_empty());
    assert!(stderr(&o).contains("nope.toml"), "{}", stderr(&o));
}

#[test]
fn unknown_config_key_is_named() {
    let d = TempDir::new("rkey");
    d.write("deep.py", DEPTH_PY);
    d.write("typhon.toml", "[runtime]\nrecursion_limt = 50\n");
    let o = run_in(d.path(), &["deep.py"]);
    assert_ne!(o.status.code(), Some(0));
    assert_status(&o, 2);
    assert!(o.stdout.is_empty(), "the program must not run");
    let err = stderr(&o);
    assert!(
        err.contains("recursion_limt") && err.contains("typhon.toml"),
        "{err}"
    );
}

#[test]
fn unknown_config_section_is_named() {
    let d = TempDir::new("rsection");
    d.write("deep.py", DEPTH_PY);
    d.write("typhon.toml", "[runtim]\nrecursion_limit = 50\n");
    let o = run_in(d.path(), &["deep.py"]);
    assert_status(&o, 2);
    assert!(stderr(&o).contains("runtim"), "{}", stderr(&o));
}

#[test]
fn zero_recursion_limit_is_rejected() {
    let d = TempDir::new("rzero");
    d.write("deep.py", DEPTH_PY);
    d.write("typhon.toml", "[runtime]\nrecursion_limit = 0\n");
    let o = run_in(d.path(), &["deep.py"]);
    assert_status(&o, 2);
    assert!(stderr(&o).contains("recursion_limit"), "{}", stderr(&o));
}

const IMPORT_PY: &str =
    "import helper_mod\nfrom helper_mod import twice\nprint(helper_mod.NAME, twice(21))\n";
const HELPER_PY: &str = "NAME = 'helper'\ndef twice(x):\n    return 2 * x\n";

#[test]
fn search_paths_extend_import() {
    let d = TempDir::new("spath");
    d.write("proj/main.py", IMPORT_PY);
    d.write("proj/lib/helper_mod.py", HELPER_PY);
    // Without the config the module is not found.
    let o = run_in(d.path(), &["proj/main.py"]);
    assert_status(&o, 1);
    assert!(
        stderr(&o).ends_with("ModuleNotFoundError: No module named 'helper_mod'\n"),
        "{}",
        stderr(&o)
    );
    // Relative search paths are relative to the config file, not the cwd.
    d.write("proj/typhon.toml", "[runtime]\nsearch_paths = [\"lib\"]\n");
    let o = run_in(d.path(), &["proj/main.py"]);
    assert_status(&o, 0);
    assert_eq!(stdout(&o), "helper 42\n");
}

#[test]
fn script_directory_comes_before_search_paths() {
    let d = TempDir::new("sorder");
    d.write("proj/main.py", IMPORT_PY);
    d.write(
        "proj/helper_mod.py",
        "NAME = 'beside'\ndef twice(x):\n    return x + x\n",
    );
    d.write("proj/lib/helper_mod.py", HELPER_PY);
    d.write("proj/typhon.toml", "[runtime]\nsearch_paths = [\"lib\"]\n");
    let o = run_in(d.path(), &["proj/main.py"]);
    assert_status(&o, 0);
    assert_eq!(stdout(&o), "beside 42\n");
}

#[test]
fn typhon_path_environment_variable_extends_import() {
    let d = TempDir::new("tpath");
    d.write("proj/main.py", IMPORT_PY);
    let lib = d.path().join("elsewhere");
    d.write("elsewhere/helper_mod.py", HELPER_PY);
    let o = typhon()
        .arg("proj/main.py")
        .current_dir(d.path())
        .env("TYPHON_PATH", &lib)
        .output()
        .expect("run typhon");
    assert_status(&o, 0);
    assert_eq!(stdout(&o), "helper 42\n");
}

#[test]
fn typhon_jit_environment_variable_is_checked() {
    let o = typhon()
        .env("TYPHON_JIT", "0")
        .args(["-c", "print('no jit')"])
        .output()
        .expect("run typhon");
    assert_status(&o, 0);
    assert_eq!(stdout(&o), "no jit\n");
    let o = typhon()
        .env("TYPHON_JIT", "yes")
        .args(["-c", "print(1)"])
        .output()
        .expect("run typhon");
    assert_status(&o, 2);
    assert_eq!(
        stderr(&o),
        "typhon: invalid environment variable TYPHON_JIT: must be 0 or 1\n"
    );
}

// ----- deep nesting ---------------------------------------------------------

/// Data and code nested far past any limit end in a `RecursionError`, not
/// a stack overflow. Hashing such a tuple crashes CPython 3.11 (it has no
/// guard there), so this is checked here rather than in the CPython corpus.
#[test]
fn deep_nesting_is_a_recursion_error_not_a_crash() {
    let d = TempDir::new("deep");
    d.write(
        "hash.py",
        "t = ()\nfor i in range(1000000):\n    t = (t,)\n\
         for f in (hash, lambda t: {t: 1}, repr):\n    try:\n        f(t)\n\
         \x20   except RecursionError as e:\n        print(e)\n",
    );
    let o = run_in(d.path(), &["hash.py"]);
    assert_status(&o, 0);
    assert_eq!(
        stdout(&o),
        "maximum recursion depth exceeded while hashing a tuple\n\
         maximum recursion depth exceeded while hashing a tuple\n\
         maximum recursion depth exceeded while getting the repr of an object\n"
    );
    // A million additions: one expression a million levels deep (this
    // overflowed the compiler's stack before it counted the depth).
    d.write("sum.py", format!("x = {}1\n", "1 + ".repeat(1_000_000)));
    let o = run_in(d.path(), &["sum.py"]);
    assert_status(&o, 1);
    assert_eq!(
        stderr(&o),
        "RecursionError: maximum recursion depth exceeded during compilation\n"
    );
}

// ----- where the options end ------------------------------------------------

#[test]
fn words_after_the_script_belong_to_it() {
    let d = TempDir::new("after");
    d.write("show_argv.py", ARGV_PY);
    // python3 show_argv.py --stats -c 1  ->  ['show_argv.py', '--stats', '-c', '1']
    let o = run_in(d.path(), &["show_argv.py", "--stats", "-c", "1"]);
    assert_status(&o, 0);
    assert_eq!(stdout(&o), "['show_argv.py', '--stats', '-c', '1']\n4\n");
    assert!(o.stderr.is_empty(), "no stats table: {}", stderr(&o));
    let o = run_in(d.path(), &["show_argv.py", "--stats"]);
    assert_eq!(stdout(&o), "['show_argv.py', '--stats']\n2\n");
    let o = run_in(d.path(), &["show_argv.py", "--help", "--version", "-"]);
    assert_status(&o, 0);
    assert_eq!(
        stdout(&o),
        "['show_argv.py', '--help', '--version', '-']\n4\n"
    );
    // Typhon's own options still go before the script.
    let o = run_in(d.path(), &["--stats", "show_argv.py", "x"]);
    assert_status(&o, 0);
    assert_eq!(stdout(&o), "['show_argv.py', 'x']\n2\n");
    assert!(stderr(&o).starts_with("Typhon quickening stats\n"));
}

#[test]
fn words_after_dash_c_code_belong_to_the_program() {
    // python3 -c 'import sys; print(sys.argv)' --stats -c 1  ->  ['-c', '--stats', '-c', '1']
    let o = typhon()
        .args(["-c", "import sys; print(sys.argv)", "--stats", "-c", "1"])
        .output()
        .expect("run typhon");
    assert_status(&o, 0);
    assert_eq!(stdout(&o), "['-c', '--stats', '-c', '1']\n");
    assert!(o.stderr.is_empty(), "{}", stderr(&o));
    // `-cCODE` in one word, and code that starts with a hyphen.
    let o = typhon()
        .args(["-cprint(-1)", "x"])
        .output()
        .expect("run typhon");
    assert_eq!(stdout(&o), "-1\n");
    let o = typhon().args(["-c", "-1"]).output().expect("run typhon");
    assert_status(&o, 0);
    // `-c` with nothing after it.
    let o = typhon().arg("-c").output().expect("run typhon");
    assert_status(&o, 2);
    assert!(stderr(&o).contains("Argument expected for the -c option"));
}

#[test]
fn non_utf8_arguments_and_file_names_work() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let d = TempDir::new("nonutf8");
    let name = OsStr::from_bytes(b"prog\xff.py");
    std::fs::write(d.path().join(name), ARGV_PY).expect("write");
    // CPython: ['prog\udcff.py', 'a\udcffb']; a Typhon str cannot hold a
    // lone surrogate, so the byte reads as U+FFFD.
    let o = typhon()
        .arg(name)
        .arg(OsStr::from_bytes(b"a\xffb"))
        .current_dir(d.path())
        .output()
        .expect("run typhon");
    assert_status(&o, 0);
    assert_eq!(stdout(&o), "['prog\u{fffd}.py', 'a\u{fffd}b']\n2\n");
    // -c CODE that is not UTF-8: CPython's message and status.
    let o = typhon()
        .arg("-c")
        .arg(OsStr::from_bytes(b"print(\"\xff\xfe\")"))
        .output()
        .expect("run typhon");
    assert_status(&o, 1);
    assert_eq!(
        stderr(&o),
        "Unable to decode the command from the command line:\n\
         UnicodeEncodeError: 'utf-8' codec can't encode characters in position 7-8: surrogates not allowed\n"
    );
    let o = typhon()
        .arg("-c")
        .arg(OsStr::from_bytes(b"\xc3"))
        .output()
        .expect("run typhon");
    assert_eq!(
        stderr(&o),
        "Unable to decode the command from the command line:\n\
         UnicodeEncodeError: 'utf-8' codec can't encode character '\\udcc3' in position 0: surrogates not allowed\n"
    );
}

// ----- standard input, directories, zip files ------------------------------

/// Runs `typhon ARGS` in `dir` with `input` on standard input.
fn run_with_stdin(dir: &Path, args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = typhon()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run typhon");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input).expect("write stdin");
    drop(stdin);
    child.wait_with_output().expect("wait")
}

const STDIN_PY: &[u8] =
    b"import sys\nprint(sys.argv, __name__, __file__)\nimport helper_mod\n1/0\n";

#[test]
fn the_program_can_come_on_standard_input() {
    let d = TempDir::new("stdin");
    d.write("helper_mod.py", "print('helper')\n");
    // python3 - a --stats < prog: argv ['-', 'a', '--stats'], file <stdin>,
    // imports from the working directory, no source lines in the traceback.
    let tb = "Traceback (most recent call last):\n  File \"<stdin>\", line 4, in <module>\n\
              ZeroDivisionError: division by zero\n";
    let o = run_with_stdin(d.path(), &["-", "a", "--stats"], STDIN_PY);
    assert_status(&o, 1);
    assert_eq!(
        stdout(&o),
        "['-', 'a', '--stats'] __main__ <stdin>\nhelper\n"
    );
    assert_eq!(stderr(&o), tb);
    // No program at all, standard input not a terminal: argv [''].
    let o = run_with_stdin(d.path(), &[], STDIN_PY);
    assert_status(&o, 1);
    assert_eq!(stdout(&o), "[''] __main__ <stdin>\nhelper\n");
    assert_eq!(stderr(&o), tb);
}

#[test]
fn a_script_from_a_pipe_runs() {
    // `echo 'print(1)' | typhon /dev/stdin` ran as an empty program: the
    // file was read twice.
    let d = TempDir::new("devstdin");
    let o = run_with_stdin(
        d.path(),
        &["/dev/stdin", "x"],
        b"import sys\nprint(1, sys.argv)\n1/0\n",
    );
    assert_status(&o, 1);
    assert_eq!(stdout(&o), "1 ['/dev/stdin', 'x']\n");
    // CPython reads the file again for the traceback's source lines, and
    // a pipe has nothing more to give: no line is shown.
    assert_eq!(
        stderr(&o),
        "Traceback (most recent call last):\n  File \"/dev/stdin\", line 3, in <module>\n\
         ZeroDivisionError: division by zero\n"
    );
}

const MAIN_PY: &str = "import sys, helper_mod\nprint(sys.argv, __name__, __file__)\n1/0\n";

#[test]
fn a_directory_with_main_runs() {
    let d = TempDir::new("dirmain");
    d.write("app/__main__.py", MAIN_PY);
    d.write("app/helper_mod.py", "print('helper', __file__)\n");
    let o = run_in(d.path(), &["app", "x"]);
    assert_status(&o, 1);
    let abs = d.path().canonicalize().expect("canonical temp dir");
    let norm = |s: String| s.replace(&d.path().display().to_string(), &abs.display().to_string());
    let main = abs.join("app/__main__.py");
    assert_eq!(
        norm(stdout(&o)),
        format!(
            "helper {}\n['app', 'x'] __main__ {}\n",
            abs.join("app/helper_mod.py").display(),
            main.display()
        )
    );
    // CPython runs it through runpy, whose frames head the traceback.
    assert_eq!(
        norm(stderr(&o)),
        format!(
            "Traceback (most recent call last):\n\
             \x20 File \"<frozen runpy>\", line 198, in _run_module_as_main\n\
             \x20 File \"<frozen runpy>\", line 88, in _run_code\n\
             \x20 File \"{}\", line 3, in <module>\n    1/0\n    ~^~\n\
             ZeroDivisionError: division by zero\n",
            main.display()
        )
    );
    // Without __main__.py: CPython's message and status 1.
    std::fs::create_dir_all(d.path().join("empty")).expect("mkdir");
    let o = run_in(d.path(), &["empty"]);
    assert_status(&o, 1);
    assert_eq!(
        norm(stderr(&o)),
        format!(
            "typhon: can't find '__main__' module in '{}'\n",
            abs.join("empty").display()
        )
    );
}

/// Writes a zip file of `files`, stored or deflated (what Python's
/// `zipfile` and zip(1) write).
fn make_zip(path: &Path, files: &[(&str, &str)], deflate: bool) {
    use std::io::Write;
    let mut z = zip::ZipWriter::new(std::fs::File::create(path).expect("create zip"));
    let method = if deflate {
        zip::CompressionMethod::Deflated
    } else {
        zip::CompressionMethod::Stored
    };
    let opts = zip::write::SimpleFileOptions::default().compression_method(method);
    for (name, text) in files {
        z.start_file(*name, opts).expect("zip entry");
        z.write_all(text.as_bytes()).expect("zip write");
    }
    z.finish().expect("finish zip");
}

#[test]
fn a_zip_file_with_main_runs() {
    let d = TempDir::new("zipmain");
    for deflate in [false, true] {
        make_zip(
            &d.path().join("app.zip"),
            &[
                ("__main__.py", MAIN_PY),
                ("helper_mod.py", "print('helper', __file__)\n"),
            ],
            deflate,
        );
        let o = run_in(d.path(), &["app.zip", "--stats"]);
        assert_status(&o, 1);
        let abs = d.path().canonicalize().expect("canonical temp dir");
        let norm =
            |s: String| s.replace(&d.path().display().to_string(), &abs.display().to_string());
        let zip = abs.join("app.zip");
        assert_eq!(
            norm(stdout(&o)),
            format!(
                "helper {z}/helper_mod.py\n['app.zip', '--stats'] __main__ {z}/__main__.py\n",
                z = zip.display()
            )
        );
        // No source lines: CPython cannot open a file inside a zip file.
        assert_eq!(
            norm(stderr(&o)),
            format!(
                "Traceback (most recent call last):\n\
                 \x20 File \"<frozen runpy>\", line 198, in _run_module_as_main\n\
                 \x20 File \"<frozen runpy>\", line 88, in _run_code\n\
                 \x20 File \"{}/__main__.py\", line 3, in <module>\n\
                 ZeroDivisionError: division by zero\n",
                zip.display()
            )
        );
    }
    // A zip file without __main__.py.
    make_zip(&d.path().join("lib.zip"), &[("m.py", "x = 1\n")], true);
    let o = run_in(d.path(), &["lib.zip"]);
    assert_status(&o, 1);
    assert!(
        stderr(&o).starts_with("typhon: can't find '__main__' module in '")
            && stderr(&o).ends_with("lib.zip'\n"),
        "{}",
        stderr(&o)
    );
}

// ----- standard input --------------------------------------------------------

/// `input()`, `sys.stdin.readline()` and iteration over `sys.stdin` read
/// the lines piped in, in order; `input()` strips the newline and writes
/// its prompt to stdout first; at the end `input()` raises EOFError.
/// (Expected output checked against CPython 3.11.7 with the same input.)
#[test]
fn input_and_sys_stdin_read_piped_lines() {
    use std::io::Write as _;
    let code = "import sys\n\
                a = input('> ')\n\
                b = sys.stdin.readline()\n\
                rest = [l for l in sys.stdin]\n\
                print(repr(a), repr(b), rest)\n\
                try:\n    input()\nexcept EOFError as e:\n    print('EOFError:', e)\n";
    let mut child = typhon()
        .args(["-c", code])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run typhon");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all("first\nsécond\r\nthird\nfourth".as_bytes())
        .expect("write stdin");
    let o = child.wait_with_output().expect("wait");
    assert_status(&o, 0);
    assert_eq!(
        stdout(&o),
        "> 'first' 'sécond\\r\\n' ['third\\n', 'fourth']\nEOFError: EOF when reading a line\n"
    );
}
