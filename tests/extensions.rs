//! Loading C extensions: import errors, search paths, embedding, and a
//! live comparison with CPython.
//!
//! The programs in `tests/extensions/` are checked against their recorded
//! CPython output by `tests/corpus.rs`; this file covers what those cannot:
//! modules that must fail to import (each with its exact Python
//! exception), libraries that are not Typhon extensions, where modules are
//! found, loading from a Rust program that embeds Typhon, and (when
//! `python3` with headers is installed) running the same programs on
//! CPython right now, with the extensions built from the same C sources.

use std::path::{Path, PathBuf};
use std::process::Command;

fn typhon() -> &'static str {
    env!("CARGO_BIN_EXE_typhon")
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("typhon-ext-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("create scratch dir");
    d
}

/// Runs `typhon -c CODE` with `TYPHON_PATH=path`; returns (status, stdout,
/// stderr).
fn run_code(code: &str, path: &Path) -> (Option<i32>, String, String) {
    let out = Command::new(typhon())
        .args(["-c", code])
        .env("TYPHON_PATH", path)
        .output()
        .expect("run typhon");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The last line of a traceback: `Type: message`.
fn last_line(stderr: &str) -> &str {
    stderr.trim_end().lines().last().unwrap_or("")
}

#[test]
fn broken_extensions_fail_with_clear_exceptions() {
    let dir = extensions::broken_dir();
    let meta = "ImportError: malformed typed-method metadata for";
    let cases: &[(&str, String)] = &[
        (
            "bad_typecode",
            format!("{meta} 'one': unknown type code 99 for argument 2"),
        ),
        (
            "bad_too_many",
            format!("{meta} 'nine': more than 8 arguments (or a missing -1 terminator)"),
        ),
        (
            "bad_str_return",
            format!(
                "{meta} 'str': T_C_STR is not a valid result type (it is only valid for arguments)"
            ),
        ),
        (
            "bad_void_arg",
            format!("{meta} 'one': argument 1 has type T_C_VOID, which is only valid as a result"),
        ),
        (
            "bad_arity_o",
            format!("{meta} 'two': METH_O takes 1 argument but the signature declares 2"),
        ),
        (
            "bad_arity_noargs",
            format!("{meta} 'one': METH_NOARGS takes 0 arguments but the signature declares 1"),
        ),
        (
            "init_null",
            "SystemError: initialization of init_null failed without raising an exception".into(),
        ),
        (
            "init_raises",
            "ImportError: init_raises refuses to load".into(),
        ),
        (
            "init_not_module",
            "SystemError: initialization of init_not_module did not return an extension module"
                .into(),
        ),
        (
            "no_init",
            format!(
                "ImportError: dynamic module '{}' does not define module export function (PyInit_no_init)",
                dir.join("no_init.typhon.so").display()
            ),
        ),
        (
            "exec_null",
            "SystemError: execution of module exec_null failed without setting an exception".into(),
        ),
        (
            "exec_raises",
            "ValueError: exec_raises refuses to run".into(),
        ),
        (
            "slot_unknown",
            "SystemError: module slot_unknown uses unknown slot ID 99".into(),
        ),
        (
            "create_twice",
            "SystemError: module create_twice has multiple create slots".into(),
        ),
        (
            "create_not_module",
            "SystemError: module create_not_module is not a module object, but requests module state"
                .into(),
        ),
    ];
    assert_eq!(cases.len(), extensions::BROKEN.len(), "a case per fixture");
    for (name, want) in cases {
        let (status, stdout, stderr) = run_code(&format!("import {name}"), dir);
        assert_eq!(status, Some(1), "{name}: exit status; stderr:\n{stderr}");
        assert_eq!(stdout, "", "{name}");
        assert!(
            stderr.starts_with("Traceback (most recent call last):\n"),
            "{name}: {stderr}"
        );
        assert_eq!(last_line(&stderr), want, "{name}");
        // The import error is catchable like any other.
        let (status, stdout, _) = run_code(
            &format!(
                "try:\n    import {name}\nexcept (ImportError, SystemError, ValueError) as e:\n    print(type(e).__name__)\n"
            ),
            dir,
        );
        assert_eq!(status, Some(0), "{name}");
        assert_eq!(
            stdout.trim(),
            want.split(':').next().unwrap_or(""),
            "{name}"
        );
    }
}

/// What a class deriving from a C type cannot have yet fails cleanly,
/// naming it (CPython accepts these; `tests/extensions/ext_subclass.py`
/// covers what Typhon shares with it).
#[test]
fn c_type_subclass_limits_are_clean_errors() {
    let dir = extensions::typhon_dir();
    let cases = [
        (
            "import checks\nclass P(checks.Pair):\n    __slots__ = ('x',)\n",
            "NotImplementedError: __slots__ in a subclass of a C type is not supported by typhon",
        ),
        (
            "import checks\nclass P(checks.Pair): pass\nclass Q(checks.Pair): pass\nP(1).__class__ = Q\n",
            "NotImplementedError: assigning __class__ of an instance of a C type's subclass is not supported by typhon",
        ),
    ];
    for (code, want) in cases {
        let (status, stdout, stderr) = run_code(code, dir);
        assert_eq!(status, Some(1), "{code}: {stderr}");
        assert_eq!(stdout, "", "{code}");
        assert_eq!(last_line(&stderr), want, "{code}");
    }
}

#[test]
fn files_that_are_not_typhon_extensions_are_import_errors() {
    let dir = scratch("junk");
    std::fs::write(dir.join("junk.typhon.so"), "this is not a shared library\n").expect("write");
    let (status, _, stderr) = run_code("import junk", &dir);
    assert_eq!(status, Some(1), "{stderr}");
    let last = last_line(&stderr);
    assert!(last.starts_with("ImportError: "), "{last}");
    assert!(
        last.contains(&dir.join("junk.typhon.so").display().to_string()),
        "names the file: {last}"
    );

    // A shared library with Typhon's suffix that was not built against
    // Typhon's Python.h.
    let lib = dir.join("plain.typhon.so");
    let src = dir.join("plain.c");
    std::fs::write(&src, "int plain_value(void) { return 1; }\n").expect("write");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let ok = Command::new(&cc)
        .args(["-shared", "-fPIC"])
        .arg(&src)
        .arg("-o")
        .arg(&lib)
        .status()
        .expect("run the C compiler");
    assert!(ok.success());
    let (status, _, stderr) = run_code("import plain", &dir);
    assert_eq!(status, Some(1), "{stderr}");
    assert_eq!(
        last_line(&stderr),
        format!(
            "ImportError: '{}' is not a Typhon extension module: it has no _typhon_api_version symbol (build it against Typhon's Python.h in capi/include)",
            lib.display()
        )
    );

    let (status, _, stderr) = run_code("import no_such_module_anywhere", &dir);
    assert_eq!(status, Some(1));
    assert_eq!(
        last_line(&stderr),
        "ModuleNotFoundError: No module named 'no_such_module_anywhere'"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn builds_for_cpython_are_never_loaded() {
    // CPython's names for an extension module: Typhon refuses them with
    // an error that says what to do, and never loads them (a build for
    // the other interpreter would crash it). A `.py` of the same name is
    // imported instead if there is one.
    let dir = scratch("cpython-builds");
    let suffix = format!("{}-{}", std::env::consts::ARCH, std::env::consts::OS);
    for file in [
        "a.so".to_owned(),
        "b.abi3.so".to_owned(),
        format!("c.cpython-311-{suffix}-gnu.so"),
    ] {
        std::fs::write(dir.join(&file), "not loaded\n").expect("write");
        let name = &file[..1];
        let (status, _, stderr) = run_code(&format!("import {name}"), &dir);
        assert_eq!(status, Some(1), "{stderr}");
        assert_eq!(
            last_line(&stderr),
            format!(
                "ImportError: '{}' is a C extension module for CPython, not for Typhon: build it against Typhon's Python.h in capi/include, named '{name}.typhon-311-{suffix}.so'",
                dir.join(&file).display()
            )
        );
    }
    std::fs::write(dir.join("a.py"), "print('the .py')\n").expect("write");
    let (status, stdout, stderr) = run_code("import a", &dir);
    assert_eq!(status, Some(0), "{stderr}");
    assert_eq!(stdout.trim(), "the .py");
    // The platform's own suffix is loaded, and before `.typhon.so`.
    let built = extensions::typhon_dir().join("fastmath.typhon.so");
    std::fs::copy(&built, dir.join(format!("fastmath.typhon-311-{suffix}.so"))).expect("copy");
    std::fs::write(dir.join("fastmath.typhon.so"), "not this one\n").expect("write");
    let (status, _, stderr) = run_code("import fastmath; print(fastmath.__name__)", &dir);
    assert_eq!(status, Some(0), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn extensions_are_found_beside_the_script_in_config_paths_and_on_typhon_path() {
    let built = extensions::typhon_dir().join("fastmath.typhon.so");
    let code = "import fastmath\nprint(fastmath.gcd(12, 18))\n";

    // Beside the script.
    let dir = scratch("beside");
    std::fs::copy(&built, dir.join("fastmath.typhon.so")).expect("copy");
    std::fs::write(dir.join("main.py"), code).expect("write");
    let out = Command::new(typhon())
        .arg(dir.join("main.py"))
        .env_remove("TYPHON_PATH")
        .output()
        .expect("run");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "6\n");

    // In a search path from typhon.toml (relative to the config file).
    let dir2 = scratch("config");
    std::fs::create_dir_all(dir2.join("lib")).expect("mkdir");
    std::fs::copy(&built, dir2.join("lib/fastmath.typhon.so")).expect("copy");
    std::fs::write(dir2.join("main.py"), code).expect("write");
    std::fs::write(
        dir2.join("typhon.toml"),
        "[runtime]\nsearch_paths = [\"lib\"]\n",
    )
    .expect("write");
    let out = Command::new(typhon())
        .arg(dir2.join("main.py"))
        .env_remove("TYPHON_PATH")
        .output()
        .expect("run");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "6\n", "{:?}", out);

    // On TYPHON_PATH.
    let (status, stdout, stderr) = run_code(code, extensions::typhon_dir());
    assert_eq!((status, stdout.as_str()), (Some(0), "6\n"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&dir2);
}

/// This test is itself an embedding program: loading an extension needs
/// nothing from it but a search path (no link flags, no exported symbols).
#[test]
fn an_embedding_rust_program_loads_extensions() {
    let out = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    struct Sink(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);
    impl std::io::Write for Sink {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let before = typhon::live_objects();
    {
        let mut vm = typhon::Vm::builder()
            .search_path(extensions::typhon_dir())
            .stdout(Box::new(Sink(out.clone())))
            .build()
            .expect("build the interpreter");
        vm.run_source(
            "import bench_ext, checks\n\
             x = 0\n\
             for i in range(100000):\n    x = bench_ext.inc(x)\n\
             p = checks.Pair(2, 'b')\n\
             print(x, bench_ext.fadd(0.5, 0.25), p, len(p))\n",
            "<embedded>",
        )
        .expect("the program runs");
    }
    assert_eq!(
        String::from_utf8_lossy(&out.borrow()),
        "100000 0.75 <2|b> 2\n"
    );
    assert_eq!(
        typhon::live_objects(),
        before,
        "every object made while running is freed"
    );
}

/// The programs of `tests/extensions`, run now on CPython with the
/// extensions built from the same sources against CPython's headers, must
/// print what Typhon prints. Skipped (with a note) when `python3` or its
/// headers are missing; the recorded expectations still cover Typhon then.
#[test]
fn cpython_runs_the_same_extension_programs_the_same_way() {
    let rt = match extensions::runtime("python3") {
        Ok(rt) => rt,
        Err(why) => {
            eprintln!("skipping the live CPython comparison: {why}");
            return;
        }
    };
    let version = Command::new("python3").arg("--version").output();
    match version {
        Ok(v) if String::from_utf8_lossy(&v.stdout).starts_with("Python 3.11") => {}
        _ => {
            eprintln!("skipping the live CPython comparison: python3 is not CPython 3.11");
            return;
        }
    }
    // Run as itself, not through a wrapper script `python3` may be (see
    // `fuzz::diff::resolve_python`).
    let python = fuzz::diff::resolve_python("python3");
    let build = scratch("cpython");
    let names: Vec<&str> = extensions::EXTENSIONS.iter().map(|(n, _)| *n).collect();
    extensions::build_for(&rt, &names, &build).expect("build the extensions for CPython");
    let progs = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/extensions");
    let mut checked = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&progs)
        .expect("list programs")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .collect();
    entries.sort();
    for prog in entries {
        let name = prog
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let py = Command::new(&python)
            .arg(&name)
            .current_dir(&progs)
            .env("PYTHONPATH", &build)
            .env("PYTHONHASHSEED", "0")
            .output()
            .expect("run python3");
        let ty = Command::new(typhon())
            .arg(&name)
            .current_dir(&progs)
            .env("TYPHON_PATH", extensions::typhon_dir())
            .output()
            .expect("run typhon");
        assert_eq!(
            String::from_utf8_lossy(&ty.stdout),
            String::from_utf8_lossy(&py.stdout),
            "{name}: stdout"
        );
        assert_eq!(ty.status.code(), py.status.code(), "{name}: exit status");
        // Tracebacks: the same last line (CPython adds caret lines and
        // absolute paths; the recorded expectations check the rest).
        assert_eq!(
            last_line(&String::from_utf8_lossy(&ty.stderr)),
            last_line(&String::from_utf8_lossy(&py.stderr)),
            "{name}: stderr"
        );
        checked += 1;
    }
    assert!(checked >= 8, "found only {checked} programs");
    let _ = std::fs::remove_dir_all(&build);
}

/// Warm C call sites quicken to the form of their callee's calling
/// convention (checked in `--dump-bytecode=after`), and give the same
/// results as the generic calls the first iterations made.
#[test]
fn c_call_sites_quicken_to_their_conventions_forms() {
    let dir = scratch("forms");
    let prog = dir.join("forms.py");
    std::fs::write(
        &prog,
        "import bench_ext, checks\n\
         noargs, onearg, varargs = bench_ext.noargs, bench_ext.onearg, bench_ext.varargs\n\
         inc, kwargs, call_back = bench_ext.inc, checks.kwargs, checks.call_back\n\
         foo = bench_ext.Foo()\n\
         seen = {}\n\
         for i in range(200):\n\
         \x20   seen[(noargs(), onearg(i), varargs(), varargs(i, 's'), inc(i) - i)] = 0\n\
         \x20   seen[(kwargs(i)[1:], kwargs(i, 3, 'c')[1:], call_back(max, i, 3) - i)] = 0\n\
         \x20   seen[(foo.noargs(), foo.onearg(i), foo.varargs(i, None, 3.5))] = 0\n\
         \x20   seen[(foo[1], foo[i % 42] - i % 42)] = 0\n\
         print(sorted(seen, key=repr))\n",
    )
    .expect("write program");
    let out = Command::new(typhon())
        .arg("--dump-bytecode=after")
        .arg(&prog)
        .env("TYPHON_PATH", extensions::typhon_dir())
        .output()
        .expect("run typhon");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    // `call_back(max, i, 3) - i` is 3 for i = 0..3 and 0 after.
    assert_eq!(
        stdout.lines().next(),
        Some(
            "[((2, 'none'), (3, 'c'), 0), ((2, 'none'), (3, 'c'), 1), \
             ((2, 'none'), (3, 'c'), 2), ((2, 'none'), (3, 'c'), 3), \
             (1, 0), (None, None, None), (None, None, None, None, 1)]"
        ),
    );
    for form in [
        "CALL_EXT_NOARGS",
        "CALL_EXT_O",
        "CALL_EXT_VARARGS",
        "CALL_EXT_TYPED",
        "CALL_EXT_FAST",
        "CALL_METHOD_EXT_NOARGS",
        "CALL_METHOD_EXT_O",
        "CALL_METHOD_EXT_VARARGS",
        "BINARY_SUBSCR_EXT",
    ] {
        assert!(
            stdout
                .lines()
                .any(|l| l.split_whitespace().nth(1) == Some(form)),
            "no {form} in\n{stdout}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// In a loop the JIT compiles, untyped C functions of each calling
/// convention are called through their `ml_meth` from the machine code
/// (`CallC` in the HIR), not through the interpreter's call
/// (`CallNative`), with the arguments boxed only where they are not
/// objects already.
#[test]
fn compiled_loops_call_untyped_c_functions_directly() {
    let dir = scratch("direct-c");
    let prog = dir.join("direct.py");
    std::fs::write(
        &prog,
        "import bench_ext, checks\n\
         def kernel(n):\n\
         \x20   acc = 0\n\
         \x20   total = 0.0\n\
         \x20   for i in range(n):\n\
         \x20       if bench_ext.noargs() is None and bench_ext.onearg(i) is None:\n\
         \x20           t = checks.args_of(i, None, 'x')\n\
         \x20           acc += len(t)\n\
         \x20       total = bench_ext.fast_fadd(total, 0.5)\n\
         \x20       acc += checks.fast_kw(i, total)[0][0]\n\
         \x20       acc += checks.kwargs(i, 2)[1]\n\
         \x20   return acc, total\n\
         print(kernel(3000))\n",
    )
    .expect("write program");
    let out = Command::new(typhon())
        .args(["--dump-hir", "kernel"])
        .arg(&prog)
        .env("TYPHON_PATH", extensions::typhon_dir())
        .env_remove("TYPHON_JIT")
        .output()
        .expect("run typhon");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    // 3 + i + 2 per step: 3000 * 5 + 2999 * 3000 / 2.
    assert_eq!(stdout, "(4513500, 1500.0)\n");
    for conv in [
        "NoArgs()",
        "O(box v",
        "VarArgs(box v",
        "Fast(box v",
        "FastKw(box v",
        "VarArgsKw(box v",
    ] {
        assert!(
            stderr.contains(&format!(" {conv}")),
            "no {conv} in\n{stderr}"
        );
    }
    assert!(!stderr.contains("CallNative"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A million calls to every function of the test extensions (and the
/// methods and slots of their types), each with arguments that take the
/// typed path and arguments that take the wrapper, leave the number of live
/// heap objects unchanged: no call leaks a box, an argument tuple, a bound
/// method or a result.
#[test]
fn a_million_calls_leave_the_live_object_count_unchanged() {
    // The calls, as Python expressions using `x` (an int), `o` (a list),
    // `s` (a str), `p` (a checks.Pair) and `foo` (a bench_ext.Foo).
    let calls = [
        "bench_ext.inc(x)",
        "bench_ext.inc(True)",
        "bench_ext.obj(o, x)",
        "bench_ext.id(o)",
        "bench_ext.id(x)",
        "bench_ext.id_exc(s)",
        "bench_ext.fadd(1.5, x)",
        "bench_ext.noargs()",
        "bench_ext.onearg(x)",
        "bench_ext.varargs(o, x, s)",
        "bench_ext.allocate_int()",
        "bench_ext.allocate_tuple()",
        "bench_ext.fast_fadd(x * 0.5, 1.5)",
        "bench_ext.fast_mixed(o, x)",
        "bench_ext.onearg(str(x))",
        "bench_ext.varargs()",
        "checks.args_of(x, x * 0.5, None, True, s, o[x % 2])",
        "checks.fast_kw(x, s)",
        "checks.kwargs(x, 3, s)",
        "foo.noargs()",
        "foo.varargs(x, o)",
        "len(foo)",
        "foo[x % 42]",
        "fastmath.sqrt(x)",
        "fastmath.hypot(3.0, x)",
        "fastmath.gcd(x, 12)",
        "fastmath.popcount(x)",
        "checks.add(x, 1)",
        "checks.divide(x, 3)",
        "checks.scale(x, 0.5)",
        "checks.is_positive(x)",
        "checks.log_call(0)",
        "checks.same_object(o, o)",
        "checks.type_name(o)",
        "checks.strlen_typed(s)",
        "checks.count_char(s, 'a')",
        "checks.describe(x, 1.5, o, s, True)",
        "checks.sum8(x, 1, 2, 3, 4, 5, 6, 7)",
        "checks.upper_ascii(s)",
        "checks.kwargs(x, c=s)",
        "checks.fast_kw(x, k=o)",
        "checks.call_back(len, o)",
        "checks.build()",
        "checks.Pair(x, o)",
        "p.total",
        "p.swap()",
        "p + p",
        "p == p",
        "hash(p)",
        "list(p)",
        "repr(p)",
    ];
    let setup = "import bench_ext, checks, fastmath\n\
                 o = [1, 2]\n\
                 s = 'banana'\n\
                 p = checks.Pair(5, 7)\n\
                 foo = bench_ext.Foo()\n";
    let mut vm = typhon::Vm::builder()
        .search_path(extensions::typhon_dir())
        .stdout(Box::new(std::io::sink()))
        .build()
        .expect("build the interpreter");
    let run = |vm: &mut typhon::Vm, call: &str, n: u32| {
        let src = format!("{setup}for x in range({n}):\n    {call}\n");
        vm.run_source(&src, "<calls>")
            .unwrap_or_else(|e| panic!("{call}: {e}"));
    };
    // A million calls in the README's (release) test run; unoptimized
    // builds, used while developing, do a tenth of that.
    let n = if cfg!(debug_assertions) {
        100_000
    } else {
        1_000_000
    };
    // The C API's method cache holds the name objects of the code that
    // filled it (as CPython's type cache does), and the warm-up and the
    // long run are separately compiled code whose names may land in
    // different slots; the cache is emptied before each count so that the
    // counts compare what the calls themselves leave behind.
    let live_without_caches = || {
        if let Some(c) = interp::ext::capi() {
            c.release_caches();
        }
        typhon::live_objects()
    };
    for call in calls {
        // The warm-up makes the same persistent objects (the module's
        // globals) as the long run, so the counts can be compared.
        run(&mut vm, call, 10);
        let before = live_without_caches();
        run(&mut vm, call, n);
        let after = live_without_caches();
        assert_eq!(after, before, "{call}: live objects changed over {n} calls");
    }
}

#[test]
fn py_fatal_error_prints_cpythons_message_and_exits_1() {
    // CPython prints the same first line and aborts; Typhon exits with
    // status 1 (no signal, no core dump), having written the output that
    // `print` had buffered.
    let (status, out, err) = run_code(
        "import bufext\nprint('before')\nbufext.fatal('the table is broken')\nprint('after')",
        extensions::typhon_dir(),
    );
    assert_eq!(status, Some(1), "stderr: {err}");
    assert_eq!(out, "before\n");
    assert!(
        err.starts_with("Fatal Python error: fatal: the table is broken\n"),
        "stderr: {err}"
    );
}
