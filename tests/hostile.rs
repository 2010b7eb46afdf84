//! The hostile-input battery: inputs chosen to break an interpreter (bad
//! source bytes, bad configuration, closed and full output streams, memory
//! limits, broken extensions, …). Each must end in a Python exception or a
//! clean error message with CPython's exit status, never in a panic, an
//! abort or a signal of Typhon's own. Expected texts that mirror CPython
//! were checked against `python3` (CPython 3.11.7).
//!
//! Related checks live next to what they test: broken C extensions in
//! `tests/extensions.rs`, deep nesting and configuration discovery in
//! `tests/cli.rs`.

use std::path::Path;
use std::process::{Command, Output, Stdio};

/// `typhon` with no inherited import path and no standard input.
fn typhon() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_typhon"));
    c.env_remove("TYPHON_PATH")
        .env_remove("TYPHON_JIT")
        .stdin(Stdio::null());
    c
}

use crate::common::TempDir;

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The run ended the way a clean failure (or success) ends: by exiting
/// with `status`, not by a signal, and without a Rust panic or an
/// allocator abort message.
fn assert_clean_exit(o: &Output, status: i32) {
    let err = stderr(o);
    assert!(
        !err.contains("panicked") && !err.contains("memory allocation of"),
        "Typhon crashed:\n{err}"
    );
    assert_eq!(
        o.status.code(),
        Some(status),
        "wrong exit (a signal if None): {:?}\nstderr:\n{err}",
        o.status
    );
}

#[test]
fn config_file_that_is_not_toml_is_a_clean_error() {
    let d = TempDir::new("cfg");
    d.write("typhon.toml", b"[runtime\nrecursion_limit = = 3\n");
    let script = d.write("p.py", b"print('ran')\n");
    let o = typhon()
        .arg(&script)
        .current_dir(d.path())
        .output()
        .expect("run typhon");
    assert_clean_exit(&o, 2);
    assert!(o.stdout.is_empty(), "the program ran");
    assert!(
        stderr(&o).starts_with("typhon: invalid config file"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn config_file_with_binary_garbage_is_a_clean_error() {
    let d = TempDir::new("cfgbin");
    d.write("typhon.toml", [0xff, 0xfe, 0x00, 0x9c, b'\n', 0x80]);
    let script = d.write("p.py", b"print('ran')\n");
    let o = typhon()
        .arg(&script)
        .current_dir(d.path())
        .output()
        .expect("run typhon");
    assert_clean_exit(&o, 2);
    assert!(o.stdout.is_empty(), "the program ran");
}

// ----- the process boundary: output streams ---------------------------------

/// Runs `typhon ARGS` under `sh -c SHELL_REDIRECTS`, for streams Command
/// cannot set up (a closed descriptor).
fn typhon_sh(redirect: &str, args: &[&str]) -> Output {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(format!("exec \"$0\" \"$@\" {redirect}"))
        .arg(env!("CARGO_BIN_EXE_typhon"))
        .args(args)
        .env_remove("TYPHON_PATH")
        .env_remove("TYPHON_JIT")
        .stdin(Stdio::null());
    c.output().expect("run typhon")
}

/// `typhon ARGS > /dev/full`.
fn to_dev_full(args: &[&str]) -> Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("open /dev/full");
    typhon()
        .args(args)
        .stdout(Stdio::from(full))
        .output()
        .expect("run typhon")
}

const LOST_AT_EXIT: &str = "Exception ignored in: <_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>\n\
                            OSError: [Errno 28] No space left on device\n";

#[test]
fn small_output_to_a_full_disk_is_reported_at_exit() {
    // python3 -c 'print(1)' > /dev/full: the exit flush fails; status 120.
    let o = to_dev_full(&["-c", "print(1)"]);
    assert_clean_exit(&o, 120);
    assert_eq!(stderr(&o), LOST_AT_EXIT);
    // After a traceback or sys.exit, the same (the traceback comes first).
    let o = to_dev_full(&["-c", "print(1); 1/0"]);
    assert_clean_exit(&o, 120);
    assert_eq!(
        stderr(&o),
        format!(
            "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n\
             ZeroDivisionError: division by zero\n{LOST_AT_EXIT}"
        )
    );
    let o = to_dev_full(&["-c", "import sys; print(1); sys.exit('bye')"]);
    assert_clean_exit(&o, 120);
    assert_eq!(stderr(&o), format!("bye\n{LOST_AT_EXIT}"));
    // Nothing written, nothing lost.
    let o = to_dev_full(&["-c", "pass"]);
    assert_clean_exit(&o, 0);
}

#[test]
fn large_output_to_a_full_disk_raises_in_the_program() {
    // The print that fills CPython's 8 KiB text buffer raises; what it held
    // is dropped, so the exit flush has nothing left to fail.
    let o = to_dev_full(&["-c", "for i in range(10**5): print(i)"]);
    assert_clean_exit(&o, 1);
    assert_eq!(
        stderr(&o),
        "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n\
         OSError: [Errno 28] No space left on device\n"
    );
    // Caught, at the same print as in CPython (i == 1860).
    let o = to_dev_full(&[
        "-c",
        "for i in range(10**5):\n    try:\n        print(i)\n    except OSError as e:\n        \
         r = (i, e.errno, e.strerror, str(e))\n        break\nassert r == (1860, 28, \
         'No space left on device', '[Errno 28] No space left on device'), r\n",
    ]);
    assert_clean_exit(&o, 0);
    assert_eq!(stderr(&o), "");
}

#[test]
fn a_failed_explicit_flush_raises_and_keeps_the_output() {
    // print(..., flush=True) raises; the bytes stay buffered, so the exit
    // flush fails again (CPython: status 120).
    let o = to_dev_full(&[
        "-c",
        "try:\n    print(1, flush=True)\nexcept OSError as e:\n    caught = e\n\
         assert type(caught) is OSError and caught.errno == 28\nprint(2)\n",
    ]);
    assert_clean_exit(&o, 120);
    assert_eq!(stderr(&o), LOST_AT_EXIT);
}

#[test]
fn closed_stdout_loses_the_output_quietly() {
    // python3 -c 'print(1)' >&-  exits 0 (sys.stdout is None and print
    // does nothing); Typhon's closed descriptor reads as /dev/null.
    let o = typhon_sh(">&-", &["-c", "print(1)"]);
    assert_clean_exit(&o, 0);
    assert_eq!(stderr(&o), "");
    // A closed or full stderr loses the traceback, not the status.
    let o = typhon_sh("2>&-", &["-c", "1/0"]);
    assert_clean_exit(&o, 1);
    let o = typhon_sh("2>/dev/full", &["-c", "1/0"]);
    assert_clean_exit(&o, 1);
}

/// Runs `typhon ARGS` with its stdout a pipe whose reading end is closed
/// at once; returns the output once it ends.
fn to_closed_pipe(args: &[&str]) -> Output {
    let mut child = typhon()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run typhon");
    drop(child.stdout.take());
    child.wait_with_output().expect("wait")
}

#[test]
fn a_broken_pipe_is_broken_pipe_error() {
    // python3 -c 'for i in range(10**6): print(i)' | head -1: SIGPIPE is
    // ignored, the write fails with EPIPE.
    let o = to_closed_pipe(&["-c", "for i in range(10**6): print(i)"]);
    assert_clean_exit(&o, 1);
    assert_eq!(
        stderr(&o),
        "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n\
         BrokenPipeError: [Errno 32] Broken pipe\n"
    );
    // A small output fails at the exit flush. (The loop gives the test
    // time to close its end before anything is written.)
    let o = to_closed_pipe(&["-c", "for i in range(10**6): pass\nprint(1)"]);
    assert_clean_exit(&o, 120);
    assert_eq!(
        stderr(&o),
        "Exception ignored in: <_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>\n\
         BrokenPipeError: [Errno 32] Broken pipe\n"
    );
    // BrokenPipeError is a ConnectionError and an OSError.
    let o = to_closed_pipe(&[
        "-c",
        "import sys\ntry:\n    for i in range(10**6): print(i)\nexcept ConnectionError as e:\n    \
         sys.exit(7 if isinstance(e, OSError) and e.errno == 32 else 9)\n",
    ]);
    assert_clean_exit(&o, 7);
}

#[test]
fn a_broken_pipe_in_a_script_points_at_the_print() {
    // python3 prog.py | head -1, prog.py printing 10**5 lines: the
    // traceback has the line and its carets, status 1 (no exit-flush
    // message: the failed write emptied the buffer).
    let d = crate::common::TempDir::new("brokenpipe");
    let p = d.write("prog.py", b"for i in range(100000): print(i)\n");
    let o = to_closed_pipe(&[p.to_str().unwrap_or("prog.py")]);
    assert_clean_exit(&o, 1);
    assert_eq!(
        stderr(&o),
        format!(
            "Traceback (most recent call last):\n  File \"{}\", line 1, in <module>\n    \
             for i in range(100000): print(i)\n                            ^^^^^^^^\n\
             BrokenPipeError: [Errno 32] Broken pipe\n",
            p.display()
        )
    );
}

// ----- the process boundary: source bytes ------------------------------------

/// Runs `typhon FILE` on a file holding `bytes`; returns the output and
/// the file's absolute path as CPython names it.
fn run_source(tag: &str, bytes: &[u8]) -> (Output, String) {
    let d = TempDir::new(tag);
    let p = d.write("prog.py", bytes);
    let o = typhon().arg(&p).output().expect("run typhon");
    (o, p.display().to_string())
}

#[test]
fn non_utf8_source_is_cpythons_syntax_error() {
    let (o, f) = run_source("nonutf8", b"print(1)\nx = '\xff'\n");
    assert_clean_exit(&o, 1);
    assert!(o.stdout.is_empty());
    assert_eq!(
        stderr(&o),
        format!(
            "SyntaxError: Non-UTF-8 code starting with '\\xff' in file {f} on line 2, \
             but no encoding declared; see https://peps.python.org/pep-0263/ for details\n"
        )
    );
    // Lines end at \r too.
    let (o, f) = run_source("nonutf8cr", b"print(1)\rprint(2)\r# \xe9\n");
    assert_eq!(
        stderr(&o),
        format!(
            "SyntaxError: Non-UTF-8 code starting with '\\xe9' in file {f} on line 3, \
             but no encoding declared; see https://peps.python.org/pep-0263/ for details\n"
        )
    );
}

#[test]
fn coding_declarations_are_honoured() {
    let (o, _) = run_source("latin1", b"# -*- coding: latin-1 -*-\nprint('caf\xe9')\n");
    assert_clean_exit(&o, 0);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "caf\u{e9}\n");
    // On the second line, after a comment line; aliases as CPython's codecs.
    let (o, _) = run_source(
        "latin1l2",
        b"#!/usr/bin/env python3\n# vim: set fileencoding=L1 :\nprint('\xe9')\n",
    );
    assert_eq!(String::from_utf8_lossy(&o.stdout), "\u{e9}\n");
    // Not after a line of code.
    let (o, _) = run_source("latin1late", b"x = 1\n# coding: latin-1\nprint('\xe9')\n");
    assert_clean_exit(&o, 1);
    assert!(stderr(&o).starts_with("SyntaxError: Non-UTF-8 code starting with '\\xe9'"));
    // An unknown encoding, and ASCII that is not.
    let (o, _) = run_source("unknownenc", b"# coding: klingon\nprint(1)\n");
    assert_clean_exit(&o, 1);
    assert_eq!(stderr(&o), "SyntaxError: encoding problem: klingon\n");
    let (o, _) = run_source("asciienc", b"# coding: us-ascii\nprint(1)\nprint('\xe9')\n");
    // CPython names the encoding as declared.
    assert_eq!(stderr(&o), "SyntaxError: encoding problem: us-ascii\n");
    // A BOM is UTF-8, and contradicts any other declaration.
    let (o, _) = run_source("bom", b"\xef\xbb\xbfprint('bom')\n");
    assert_eq!(String::from_utf8_lossy(&o.stdout), "bom\n");
    let (o, _) = run_source("bomlatin", b"\xef\xbb\xbf# coding: latin-1\nprint(1)\n");
    assert_eq!(
        stderr(&o),
        "SyntaxError: encoding problem: iso-8859-1 with BOM\n"
    );
}

#[test]
fn imported_modules_are_decoded_the_same_way() {
    let d = TempDir::new("importenc");
    let main = d.write("main.py", b"import m\nprint(m.s)\n");
    d.write("m.py", b"# coding: latin-1\ns = 'caf\xe9'\r\n# \xff\r\n");
    let o = typhon().arg(&main).output().expect("run typhon");
    assert_clean_exit(&o, 0);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "caf\u{e9}\n");
    // Undeclared, a bad byte in a comment is fine (CPython decodes
    // imported source literal by literal); a NUL byte is not.
    d.write("m.py", b"s = 'ok'  # \xff\n");
    let o = typhon().arg(&main).output().expect("run typhon");
    assert_eq!(String::from_utf8_lossy(&o.stdout), "ok\n");
    d.write("m.py", b"s = 1\x00\n");
    let o = typhon().arg(&main).output().expect("run typhon");
    assert_clean_exit(&o, 1);
    assert!(
        stderr(&o)
            .ends_with("    import m\nSyntaxError: source code string cannot contain null bytes\n"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn nul_byte_in_source_is_a_syntax_error() {
    let (o, f) = run_source("nul", b"print(1)\nx = 1\x00 + 2\n");
    assert_clean_exit(&o, 1);
    assert!(o.stdout.is_empty());
    // The line is shown up to the NUL, with no caret.
    assert_eq!(
        stderr(&o),
        format!(
            "  File \"{f}\", line 2\n    x = 1\nSyntaxError: source code cannot contain null bytes\n"
        )
    );
}

#[test]
fn crlf_and_lone_cr_become_newlines() {
    let (o, _) = run_source(
        "crlf",
        b"x = '''a\r\nb\rc'''\r\nprint(repr(x))\rprint(len(x))\r\n",
    );
    assert_clean_exit(&o, 0);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "'a\\nb\\nc'\n5\n");
}

/// Waits for `child` at most `secs` seconds; kills it and fails if it is
/// still running then.
fn wait_at_most(mut child: std::process::Child, secs: u64) -> Output {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    loop {
        if child.try_wait().expect("try_wait").is_some() {
            return child.wait_with_output().expect("wait");
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("typhon still running after {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn endless_streams_of_bad_source_stop_at_once() {
    // /dev/urandom: the first line with a byte that is not UTF-8 (or a NUL).
    let child = typhon()
        .arg("/dev/urandom")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run typhon");
    let o = wait_at_most(child, 10);
    assert_clean_exit(&o, 1);
    let err = stderr(&o);
    assert!(
        err.starts_with("SyntaxError: Non-UTF-8 code starting with '\\x")
            || err.ends_with("SyntaxError: source code cannot contain null bytes\n"),
        "{err}"
    );
    // /dev/zero: the first NUL (CPython reads its first line forever).
    let child = typhon()
        .arg("/dev/zero")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run typhon");
    let o = wait_at_most(child, 10);
    assert_clean_exit(&o, 1);
    assert!(stderr(&o).ends_with("SyntaxError: source code cannot contain null bytes\n"));
}

#[test]
fn a_named_pipe_is_read_once() {
    let d = TempDir::new("fifo");
    let fifo = d.path().join("prog.py");
    let st = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(st.success());
    let child = typhon()
        .arg(&fifo)
        .arg("arg")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run typhon");
    // Opening a FIFO for writing waits for its reader: typhon.
    std::fs::write(&fifo, b"import sys\nprint('from a fifo', sys.argv[1:])\n").expect("write fifo");
    let o = wait_at_most(child, 10);
    assert_clean_exit(&o, 0);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "from a fifo ['arg']\n");
}

// ----- the process boundary: broken directories and zip files ---------------

/// Writes a zip file holding `files` (deflated).
fn write_zip(path: &Path, files: &[(&str, &[u8])]) {
    use std::io::Write;
    let mut z = zip::ZipWriter::new(std::fs::File::create(path).expect("create zip"));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in files {
        z.start_file(*name, opts).expect("zip entry");
        z.write_all(bytes).expect("zip write");
    }
    z.finish().expect("finish zip");
}

#[test]
fn a_zip_main_with_a_nul_byte_is_cpythons_error() {
    let d = TempDir::new("zipnul");
    let zip = d.path().join("app.zip");
    write_zip(&zip, &[("__main__.py", b"x = 1\x00\n")]);
    let o = typhon().arg(&zip).output().expect("run typhon");
    assert_clean_exit(&o, 1);
    // As CPython 3.11 prints it: the frames of runpy and zipimport, then
    // compile()'s wording for source given as bytes.
    assert_eq!(
        stderr(&o),
        "Traceback (most recent call last):\n\
         \x20 File \"<frozen runpy>\", line 191, in _run_module_as_main\n\
         \x20 File \"<frozen runpy>\", line 240, in _get_main_module_details\n\
         \x20 File \"<frozen runpy>\", line 131, in _get_module_details\n\
         \x20 File \"<frozen importlib.util>\", line 103, in find_spec\n\
         \x20 File \"<frozen importlib._bootstrap>\", line 1078, in _find_spec\n\
         \x20 File \"<frozen importlib._bootstrap_external>\", line 1504, in find_spec\n\
         \x20 File \"<frozen importlib._bootstrap_external>\", line 1476, in _get_spec\n\
         \x20 File \"<frozen zipimport>\", line 169, in find_spec\n\
         \x20 File \"<frozen importlib._bootstrap>\", line 435, in spec_from_loader\n\
         \x20 File \"<frozen importlib._bootstrap_external>\", line 798, in spec_from_file_location\n\
         \x20 File \"<frozen zipimport>\", line 228, in get_filename\n\
         \x20 File \"<frozen zipimport>\", line 766, in _get_module_code\n\
         \x20 File \"<frozen zipimport>\", line 695, in _compile_source\n\
         SyntaxError: source code string cannot contain null bytes\n"
    );
}

#[test]
fn broken_zip_files_are_clean_errors() {
    let d = TempDir::new("zipbroken");
    let zip = d.path().join("app.zip");
    let body = "print('hello')\n".repeat(2000);
    write_zip(&zip, &[("__main__.py", body.as_bytes())]);
    let good = std::fs::read(&zip).expect("read zip");
    // Cut in half: no central directory, so not a zip file; read as
    // source, which holds a NUL byte (CPython: the same SyntaxError).
    std::fs::write(&zip, &good[..good.len() / 2]).expect("write");
    let o = typhon().arg(&zip).output().expect("run typhon");
    assert_clean_exit(&o, 1);
    assert!(o.stdout.is_empty());
    assert!(
        stderr(&o).ends_with("\nSyntaxError: source code cannot contain null bytes\n"),
        "{}",
        stderr(&o)
    );
    // The directory intact, the compressed data garbled. (CPython:
    // zlib.error from zipimport, status 1; Typhon: cannot read it.)
    let mut bad = good.clone();
    let at = good
        .windows(11)
        .position(|w| w == b"__main__.py")
        .expect("entry name")
        + 16;
    for b in &mut bad[at..at + 40] {
        *b ^= 0x55;
    }
    std::fs::write(&zip, &bad).expect("write");
    let o = typhon().arg(&zip).output().expect("run typhon");
    assert!(o.stdout.is_empty());
    let code = o.status.code();
    assert!(code == Some(1) || code == Some(2), "{:?}", o.status);
    assert_clean_exit(&o, code.unwrap_or(-1));
}

#[test]
fn a_directory_whose_main_is_not_a_file() {
    let d = TempDir::new("dirmainisdir");
    std::fs::create_dir_all(d.path().join("app/__main__.py")).expect("mkdir");
    let o = typhon()
        .arg("app")
        .current_dir(d.path())
        .output()
        .expect("run typhon");
    assert_clean_exit(&o, 1);
    assert!(
        stderr(&o).starts_with("typhon: can't find '__main__' module in '")
            && stderr(&o).ends_with("/app'\n"),
        "{}",
        stderr(&o)
    );
}

// ----- memory exhaustion, deep recursion and interrupts ----------------------

/// Address space given to a run under a memory limit (`ulimit -v`, in
/// KiB): room for the interpreter thread's 256 MB stack reservation and a
/// few hundred MB of objects, so that exhaustion comes quickly.
const MEMORY_LIMIT_KB: u32 = 1024 * 1024;

/// Runs `typhon ARGS` in `dir` with its address space limited to
/// `MEMORY_LIMIT_KB` (through the shell's `ulimit -v`, which needs no
/// unsafe `pre_exec`), giving up after `secs` seconds.
fn typhon_limited(dir: &Path, args: &[&str], secs: u64) -> Output {
    let child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_LIMIT_KB} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_typhon"))
        .args(args)
        .current_dir(dir)
        .env_remove("TYPHON_PATH")
        .env_remove("TYPHON_JIT")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run typhon");
    wait_reading(child, secs)
}

/// [`wait_at_most`] for a child whose output may fill a pipe: its output
/// is read while it runs, so it never blocks writing.
fn wait_reading(mut child: std::process::Child, secs: u64) -> Output {
    use std::io::Read;
    fn reader(mut r: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = r.read_to_end(&mut buf);
            buf
        })
    }
    // A caller may have taken stdout to read it itself.
    let out = child.stdout.take().map(reader);
    let err = reader(child.stderr.take().expect("piped stderr"));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    let status = loop {
        if let Some(status) = child.try_wait().expect("try_wait") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("typhon still running after {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    Output {
        status,
        stdout: out.map_or_else(Vec::new, |o| o.join().expect("stdout reader")),
        stderr: err.join().expect("stderr reader"),
    }
}

#[test]
fn a_huge_recursion_limit_ends_in_memory_error() {
    // The frames of an unbounded recursion outgrow memory long before a
    // limit of 10**9: the value stack and the frame slots grow fallibly,
    // so the call that finds no room raises MemoryError, and the
    // traceback keeps CPython's 1000 innermost entries.
    let d = TempDir::new("deeprec");
    d.write("typhon.toml", b"[runtime]\nrecursion_limit = 1000000000\n");
    d.write("p.py", b"def f(n):\n    return f(n + 1)\nf(0)\n");
    let o = typhon_limited(d.path(), &["p.py"], 120);
    assert_clean_exit(&o, 1);
    let err = stderr(&o);
    assert!(err.ends_with("\nMemoryError\n"), "{err}");
    assert!(
        err.contains("  [Previous line repeated 997 more times]\n"),
        "{err}"
    );
    assert!(!err.contains("<module>"), "{err}");
}

/// Runs `code` (a program's text) under the memory limit and checks that
/// it ended in a MemoryError traceback with exit status 1, as CPython's
/// does, not in an abort.
fn ends_in_memory_error(tag: &str, code: &[u8]) -> String {
    let d = TempDir::new(tag);
    d.write("p.py", code);
    let o = typhon_limited(d.path(), &["p.py"], 120);
    assert_clean_exit(&o, 1);
    let err = stderr(&o);
    assert!(err.ends_with("\nMemoryError\n"), "{err}");
    err
}

#[test]
fn many_small_allocations_end_in_memory_error() {
    // Each allocation is small: the allocator's emergency reserve lets
    // the failed one succeed, and the next back-edge raises.
    ends_in_memory_error("small", b"x = []\nwhile True:\n    x.append([])\n");
    ends_in_memory_error(
        "tuples",
        b"x = []\nfor i in range(10**10):\n    x.append((i, i))\n",
    );
    ends_in_memory_error("comp", b"x = [str(i) for i in range(10**10)]\n");
}

#[test]
fn growing_one_object_ends_in_memory_error() {
    // The list's vector and the string double in one large request each;
    // those grow fallibly.
    ends_in_memory_error("list", b"x = []\nwhile True:\n    x.append(None)\n");
    ends_in_memory_error("str", b"s = 'ab'\nwhile True:\n    s += s\n");
}

#[test]
fn recursion_inside_except_recursion_error_ends_in_memory_error() {
    // Every RecursionError caught keeps the one handled when it was
    // raised as its __context__ (CPython keeps the same chain; it only
    // builds it far more slowly, walking the whole chain at each raise), so
    // memory runs out: MemoryError, and the chain's newest links printed.
    let err = ends_in_memory_error(
        "recexc",
        b"def f():\n    try:\n        f()\n    except RecursionError:\n        f()\nf()\n",
    );
    assert!(err.contains("RecursionError: maximum recursion depth exceeded"));
}

#[test]
fn a_memory_error_can_be_caught_and_the_program_goes_on() {
    let d = TempDir::new("catch");
    d.write(
        "p.py",
        b"try:\n    x = []\n    while True:\n        x.append([])\nexcept MemoryError as e:\n    \
          del x\n    print('caught', repr(e))\ntotal = 0\nfor i in range(10**6):\n    total += i\n\
          y = [[] for i in range(10**6)]\nprint(total, len(y))\n",
    );
    let o = typhon_limited(d.path(), &["p.py"], 120);
    assert_clean_exit(&o, 0);
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "caught MemoryError()\n499999500000 1000000\n"
    );
}

/// Runs `code` (a program that prints one line once it is running), sends
/// it SIGINT with `kill -INT` once that line arrived, and returns the
/// first line with the rest of its output.
fn interrupted(tag: &str, code: &[u8]) -> (String, Output) {
    interrupted_after(tag, code, std::time::Duration::ZERO)
}

/// [`interrupted`], sending SIGINT `delay` after the first line arrived
/// (time for the program to get from its `print` into the loop it means
/// to be interrupted in, on a loaded machine).
fn interrupted_after(tag: &str, code: &[u8], delay: std::time::Duration) -> (String, Output) {
    use std::io::{BufRead, BufReader, Read};
    let d = TempDir::new(tag);
    let script = d.write("p.py", code);
    // SIGINT's default action restored first (`env`, which then runs
    // typhon in its place, with the same pid): a test run from a
    // background job inherits SIGINT ignored, which typhon (as CPython)
    // would leave ignored.
    let mut child = Command::new("env")
        .arg("--default-signal=INT")
        .arg(env!("CARGO_BIN_EXE_typhon"))
        .env_remove("TYPHON_PATH")
        .env_remove("TYPHON_JIT")
        .stdin(Stdio::null())
        .arg(&script)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run typhon");
    let mut out = BufReader::new(child.stdout.take().expect("piped stdout"));
    let mut first = String::new();
    out.read_line(&mut first).expect("first line");
    std::thread::sleep(delay);
    let kill = Command::new("kill")
        .arg("-INT")
        .arg(child.id().to_string())
        .status()
        .expect("run kill");
    assert!(kill.success());
    let rest = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = out.read_to_end(&mut buf);
        buf
    });
    let mut o = wait_reading(child, 60);
    o.stdout = rest.join().expect("stdout reader");
    (first, o)
}

/// The process ended by SIGINT, as CPython 3.11's does after printing an
/// uncaught KeyboardInterrupt (a shell reports 130).
fn assert_killed_by_sigint(o: &Output) {
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(
        o.status.signal(),
        Some(2),
        "{:?}\nstderr:\n{}",
        o.status,
        stderr(o)
    );
}

#[test]
fn sigint_interrupts_a_running_loop() {
    let (first, o) = interrupted(
        "sigloop",
        b"print('running', flush=True)\ni = 0\nwhile True:\n    i += 1\n",
    );
    assert_eq!(first, "running\n");
    assert_killed_by_sigint(&o);
    let err = stderr(&o);
    assert!(
        err.starts_with("Traceback (most recent call last):\n")
            && err.ends_with("\nKeyboardInterrupt\n"),
        "{err}"
    );
}

#[test]
fn sigint_interrupts_a_loop_running_compiled() {
    // After its first calls `spin` runs as machine code; the back-edges of
    // compiled loops are safe points too.
    // The signal waits half a second after 'running': sent at once, it
    // could arrive before the first `spin(10**9)` began (seen on a loaded
    // machine), and the traceback would rightly end in <module>.
    let (first, o) = interrupted_after(
        "sigjit",
        b"def spin(n):\n    i = 0\n    while i < n:\n        i += 1\n    return i\n\
for _ in range(50):\n    spin(1000)\nprint('running', flush=True)\nwhile True:\n    spin(10**9)\n",
        std::time::Duration::from_millis(500),
    );
    assert_eq!(first, "running\n");
    assert_killed_by_sigint(&o);
    let err = stderr(&o);
    assert!(
        err.contains("in spin\n") && err.ends_with("\nKeyboardInterrupt\n"),
        "{err}"
    );
}

#[test]
fn sigint_in_a_long_call_is_a_catchable_keyboard_interrupt() {
    // The loop runs in a function called from a loop: the interrupt
    // arrives inside the call and is caught by the caller's handler.
    let (first, o) = interrupted(
        "sigcall",
        b"def spin(n):\n    while n >= 0:\n        n += 1\n    return n\n\
          print('running', flush=True)\ntry:\n    spin(0)\nexcept KeyboardInterrupt as e:\n    \
          print('caught', repr(e))\nprint('after')\n",
    );
    assert_eq!(first, "running\n");
    assert_clean_exit(&o, 0);
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "caught KeyboardInterrupt()\nafter\n"
    );
}

#[test]
fn sigint_in_deep_recursion_is_a_keyboard_interrupt() {
    // No loop at all: calls are safe points too.
    let (first, o) = interrupted(
        "sigrec",
        b"import sys\nsys.setrecursionlimit(100)\ndef f(n):\n    if n == 0:\n        return 0\n    \
          return f(n - 1) + 1\nprint('running', flush=True)\nwhile True:\n    f(90)\n",
    );
    assert_eq!(first, "running\n");
    assert_killed_by_sigint(&o);
    assert!(
        stderr(&o).ends_with("\nKeyboardInterrupt\n"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn raise_keyboard_interrupt_ends_by_sigint_after_the_traceback() {
    let d = TempDir::new("raiseki");
    let script = d.write("p.py", b"print('before')\nraise KeyboardInterrupt\n");
    let o = typhon().arg(&script).output().expect("run typhon");
    assert_killed_by_sigint(&o);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "before\n");
    let err = stderr(&o);
    assert!(
        err.starts_with("Traceback (most recent call last):\n")
            && err.ends_with("    raise KeyboardInterrupt\nKeyboardInterrupt\n"),
        "{err}"
    );
    // Caught, it is an ordinary exception; other exceptions exit 1.
    let script = d.write(
        "q.py",
        b"try:\n    raise KeyboardInterrupt('x')\nexcept KeyboardInterrupt as e:\n    print(repr(e))\n",
    );
    let o = typhon().arg(&script).output().expect("run typhon");
    assert_clean_exit(&o, 0);
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "KeyboardInterrupt('x')\n"
    );
}

#[test]
fn growing_a_big_int_ends_in_memory_error() {
    // num-bigint allocates infallibly: results of more than a few MB are
    // reserved (with room for its scratch space) before it runs.
    // (Products are kept to where they are quick: a square of hundreds of
    // MB takes num-bigint minutes.)
    ends_in_memory_error("bigmul", b"y = 1 << (2 * 10**9)\nz = y * y\n");
    ends_in_memory_error("bigpow", b"y = 1 << (2 * 10**9)\nz = y ** 2\n");
    ends_in_memory_error("bigshift", b"x = 1 << (10**10)\n");
    ends_in_memory_error(
        "biggrow",
        b"x, n = 1, 1\nwhile True:\n    x = (x << n) | 1\n    n *= 2\n",
    );
}
