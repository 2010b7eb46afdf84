//! The `typhon` command: run a Python program.
//!
//! Exit codes follow CPython: 0 on success, 1 for an uncaught exception,
//! 2 for usage errors, the status given to `sys.exit()`, or 120 when
//! output still buffered at exit cannot be written.

use clap::Parser;

// Python programs allocate and free small objects at a high rate; see
// `abi::alloc` for why mimalloc, and why through that wrapper (which
// switches to the C library's malloc under `PYTHONMALLOC=malloc`, for
// valgrind: `scripts/memcheck`). The library leaves the choice of
// allocator to the embedding program.
#[global_allocator]
static ALLOCATOR: abi::alloc::Mimalloc = abi::alloc::Mimalloc;

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::os::unix::ffi::OsStringExt;
use std::path::PathBuf;
use std::process::ExitCode;

/// Run Python programs, with fast calls into C extensions.
///
/// Typhon's options come before the program, as with `python3`: the
/// script (or `-c CODE`, or `-`) ends them, and everything after it is the
/// program's `sys.argv[1:]`, options included. `main` splits the command
/// line there before clap sees it, so clap parses only Typhon's options
/// (the program fields below are declared for `--help`).
#[derive(Parser, Debug)]
#[command(name = "typhon", version, about, long_about = None)]
struct Cli {
    /// Program passed in as a string (ends the options).
    #[arg(short = 'c', value_name = "CODE")]
    code: Option<String>,

    /// Print the bytecode of the program instead of running it; with
    /// `=after`, run it and then print the bytecode with the quickened
    /// forms its instructions were specialized into.
    #[arg(
        long,
        value_name = "WHEN",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "before"
    )]
    dump_bytecode: Option<DumpWhen>,

    /// When the program ends, print what the quickening interpreter did to
    /// stderr: per instruction family the executions, specializations,
    /// guard misses and deopts, and the most called functions.
    #[arg(long)]
    stats: bool,

    /// Run everything in the interpreter (same as `[jit] enabled = false`).
    #[arg(long)]
    no_jit: bool,

    /// Calls plus loop back-edges of a function before the JIT compiles it
    /// (`[jit] threshold`, default 1000).
    #[arg(long, value_name = "N")]
    jit_threshold: Option<u32>,

    /// Compile every function at its first call (`[jit] eager`).
    #[arg(long)]
    jit_eager: bool,

    /// Print the JIT's HIR of the function with this qualified name to
    /// stderr when it is compiled (may be repeated).
    #[arg(long, value_name = "NAME")]
    dump_hir: Vec<String>,

    /// Print the JIT's CLIF of the function with this qualified name to
    /// stderr when it is compiled (may be repeated).
    #[arg(long, value_name = "NAME")]
    dump_clif: Vec<String>,

    /// Write /tmp/perf-<pid>.map, which `perf report` reads to name the
    /// JIT's compiled code.
    #[arg(long)]
    perf_map: bool,

    /// Configuration file (default: typhon.toml next to the script, else in
    /// the working directory).
    #[arg(long, value_name = "PATH")]
    config: Option<PathBuf>,

    /// After the program ends, check that every heap object was freed;
    /// report and exit with status 70 if not (used by the test suite).
    #[arg(long, hide = true)]
    check_leaks: bool,

    /// The program: a script, a directory or zip file with __main__.py, or
    /// `-` for standard input (also read when no program is given and
    /// standard input is not a terminal). `typhon run FILE` is accepted
    /// too.
    #[arg(value_name = "FILE")]
    file: Option<String>,

    /// Arguments passed to the program in sys.argv[1:].
    #[arg(value_name = "ARGS")]
    args: Vec<String>,
}

/// When `--dump-bytecode` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum DumpWhen {
    /// Instead of running the program, as compiled.
    Before,
    /// After running the program, with its quickened instructions.
    After,
}

/// What to run.
enum Target {
    File(PathBuf),
    Code(String),
    Stdin,
}

/// The program named on the command line, before it is checked.
enum Program {
    /// `-c CODE`.
    Code(OsString),
    /// `-c` with nothing after it.
    CodeMissing,
    /// A path.
    File(OsString),
    /// `-` (`dash`), or nothing given.
    Stdin { dash: bool },
}

/// The command line cut where Typhon's options end.
struct Split {
    /// The command name and Typhon's options, for clap.
    options: Vec<OsString>,
    program: Program,
    /// The program's arguments (`sys.argv[1:]`).
    rest: Vec<OsString>,
    /// `typhon run` with no file after it.
    run_without_file: bool,
}

/// Cuts the command line after Typhon's options, as CPython does: at the
/// first word that is not an option (the script), `-` or `-c CODE`.
fn split_command_line(args: Vec<OsString>) -> Split {
    let mut options = Vec::new();
    let mut it = args.into_iter();
    options.extend(it.next());
    let mut seen_run = false;
    while let Some(a) = it.next() {
        let bytes = a.as_encoded_bytes();
        let program = if bytes == b"-" {
            Program::Stdin { dash: true }
        } else if bytes == b"--" {
            match it.next() {
                Some(f) => Program::File(f),
                None => Program::Stdin { dash: false },
            }
        } else if bytes == b"-c" {
            match it.next() {
                Some(code) => Program::Code(code),
                None => Program::CodeMissing,
            }
        } else if bytes.starts_with(b"-c") {
            // `-cCODE`.
            Program::Code(OsString::from_vec(bytes[2..].to_vec()))
        } else if bytes.starts_with(b"-") {
            // One of Typhon's options (clap checks which); `--config` takes
            // the next word as its value.
            let takes_value = matches!(
                bytes,
                b"--config" | b"--jit-threshold" | b"--dump-hir" | b"--dump-clif"
            );
            options.push(a);
            if takes_value {
                options.extend(it.next());
            }
            continue;
        } else if bytes == b"run" && !seen_run {
            seen_run = true;
            continue;
        } else {
            Program::File(a)
        };
        return Split {
            options,
            program,
            rest: it.collect(),
            run_without_file: false,
        };
    }
    Split {
        options,
        program: Program::Stdin { dash: false },
        rest: Vec::new(),
        run_without_file: seen_run,
    }
}

/// An argument as `sys.argv` holds it. CPython decodes bytes that are not
/// UTF-8 with `surrogateescape` (`b'\xff'` becomes `'\udcff'`); a Typhon
/// `str` is UTF-8 and cannot hold a lone surrogate, so each such byte
/// becomes U+FFFD instead (README, "Using it").
fn arg_text(a: &OsString) -> String {
    a.to_string_lossy().into_owned()
}

/// CPython's error for `-c CODE` that is not UTF-8: decoded with
/// `surrogateescape`, the command cannot be encoded back for the parser.
fn undecodable_command(code: &[u8]) -> String {
    let mut pos = 0usize; // characters before the first bad byte
    let mut run = 0usize; // bad bytes in a row from there
    for chunk in code.utf8_chunks() {
        if run == 0 {
            pos += chunk.valid().chars().count();
            run = chunk.invalid().len();
        } else if chunk.valid().is_empty() {
            run += chunk.invalid().len();
        } else {
            break;
        }
    }
    let first = code
        .utf8_chunks()
        .find_map(|c| c.invalid().first().copied())
        .unwrap_or(0);
    let what = if run == 1 {
        format!("character '\\udc{first:02x}' in position {pos}")
    } else {
        format!("characters in position {pos}-{}", pos + run - 1)
    };
    format!(
        "Unable to decode the command from the command line:\n\
         UnicodeEncodeError: 'utf-8' codec can't encode {what}: surrogates not allowed\n"
    )
}

/// Writes to stderr; a stderr that cannot be written (closed, full) is
/// ignored, as CPython ignores it, rather than a panic.
fn to_stderr(text: &str) {
    let _ = std::io::stderr().write_all(text.as_bytes());
}

fn main() -> ExitCode {
    // Room for getting from a failed allocation to a MemoryError (see
    // `abi::pending`); without it, running out of memory aborts.
    abi::pending::acquire_reserve();
    // Ctrl-C becomes KeyboardInterrupt in the program (only the binary
    // does this: an embedding program keeps its signals to itself).
    abi::pending::install_sigint_handler();
    let split = split_command_line(std::env::args_os().collect());
    let cli = Cli::parse_from(&split.options);
    if split.run_without_file {
        to_stderr("typhon: 'run' needs a FILE to run\n");
        return ExitCode::from(2);
    }
    let mut argv: Vec<String> = split.rest.iter().map(arg_text).collect();
    let target = match split.program {
        Program::Code(code) => match code.into_string() {
            Ok(c) => {
                argv.insert(0, "-c".into());
                Target::Code(c)
            }
            Err(raw) => {
                to_stderr(&undecodable_command(raw.as_encoded_bytes()));
                return ExitCode::from(1);
            }
        },
        Program::CodeMissing => {
            to_stderr("typhon: Argument expected for the -c option\n");
            return ExitCode::from(2);
        }
        Program::File(f) => {
            argv.insert(0, arg_text(&f));
            Target::File(PathBuf::from(f))
        }
        Program::Stdin { dash } => {
            // Without a program, CPython reads one from standard input
            // unless that is a terminal (then it starts its REPL, which
            // Typhon does not have).
            if !dash && std::io::stdin().is_terminal() {
                to_stderr("typhon: no program given (try 'typhon FILE.py' or 'typhon --help')\n");
                return ExitCode::from(2);
            }
            argv.insert(0, if dash { "-".into() } else { String::new() });
            Target::Stdin
        }
    };
    let script = match &target {
        // A directory's own typhon.toml is the one next to its __main__.py.
        Target::File(p) if p.is_dir() => Some(p.join("__main__.py")),
        Target::File(p) => Some(p.clone()),
        Target::Code(_) | Target::Stdin => None,
    };
    let mut config = match typhon::Config::discover(cli.config.as_deref(), script.as_deref()) {
        Ok(c) => c,
        Err(e) => {
            to_stderr(&format!("typhon: {e}\n"));
            return ExitCode::from(2);
        }
    };
    let dump = match cli.dump_bytecode {
        None => typhon::DumpBytecode::Off,
        Some(DumpWhen::Before) => typhon::DumpBytecode::Before,
        Some(DumpWhen::After) => typhon::DumpBytecode::After,
    };
    if cli.no_jit {
        config.jit.enabled = false;
    }
    if let Some(n) = cli.jit_threshold {
        config.jit.threshold = n;
    }
    if cli.jit_eager {
        config.jit.eager = true;
    }
    let dumps = (cli.dump_hir.clone(), cli.dump_clif.clone(), cli.perf_map);
    let stats = cli.stats;
    let check_leaks = cli.check_leaks;
    // The interpreter does not recurse on the Rust stack for Python calls,
    // but native code calling back into Python does; give it room.
    let worker = std::thread::Builder::new()
        .name("typhon-main".into())
        .stack_size(256 * 1024 * 1024)
        .spawn(move || run(target, config, argv, dump, dumps, stats, check_leaks));
    match worker.map(|h| h.join()) {
        Ok(Ok(Outcome { status, sigint })) => {
            if sigint {
                // After an uncaught KeyboardInterrupt CPython 3.11 ends
                // by SIGINT; 130 is what a shell would report then.
                abi::pending::exit_by_sigint();
                return ExitCode::from(130);
            }
            ExitCode::from(status)
        }
        _ => {
            to_stderr("typhon: internal error: the interpreter thread failed\n");
            ExitCode::from(70)
        }
    }
}

/// How a run ended.
struct Outcome {
    /// The exit status.
    status: u8,
    /// The program ended with an uncaught `KeyboardInterrupt` (exactly that
    /// type, as CPython checks): the process ends by SIGINT.
    sigint: bool,
}

fn run(
    target: Target,
    config: typhon::Config,
    argv: Vec<String>,
    dump: typhon::DumpBytecode,
    dumps: (Vec<String>, Vec<String>, bool),
    stats: bool,
    check_leaks: bool,
) -> Outcome {
    let baseline = typhon::live_objects();
    let mut sigint = false;
    let status = {
        let mut b = typhon::Vm::builder()
            .config(config)
            .argv(argv)
            .dump(dump)
            .stats(stats)
            .perf_map(dumps.2);
        for n in dumps.0 {
            b = b.dump_hir(n);
        }
        for n in dumps.1 {
            b = b.dump_clif(n);
        }
        let mut vm = match b.build() {
            Ok(vm) => vm,
            Err(e) => {
                to_stderr(&format!("typhon: {e}\n"));
                return Outcome {
                    status: 2,
                    sigint: false,
                };
            }
        };
        let r = match &target {
            Target::File(p) => vm.run_file(p),
            Target::Code(c) => {
                // CPython's sys.path[0] for `-c`: '' (the working directory).
                vm.interp().set_path0("");
                vm.run_source(c, "<string>")
            }
            Target::Stdin => vm.run_stdin(),
        };
        let report = vm.stats_report();
        // CPython flushes `sys.stdout` before it prints a traceback or a
        // SystemExit message (`flush_io`), and reports a failed flush at
        // exit, after them.
        let lost = vm.flush_at_exit();
        let mut status = match r {
            Ok(()) => 0,
            Err(typhon::Error::Exception {
                traceback,
                type_name,
                ..
            }) => {
                to_stderr(&traceback);
                sigint = type_name == "KeyboardInterrupt";
                1
            }
            Err(typhon::Error::Exit { code, message }) => {
                if let Some(m) = message {
                    to_stderr(&format!("{m}\n"));
                }
                (code & 0xff) as u8
            }
            Err(e @ typhon::Error::Io { .. }) => {
                to_stderr(&format!("typhon: {e}\n"));
                2
            }
            Err(e @ typhon::Error::NoMain { .. }) => {
                to_stderr(&format!("typhon: {e}\n"));
                1
            }
            // Only the embedding API's calls return these.
            Err(e @ (typhon::Error::Conversion(_) | typhon::Error::Setting(_))) => {
                to_stderr(&format!("typhon: {e}\n"));
                1
            }
        };
        if let Some(lost) = lost.or_else(|| vm.flush_at_exit()) {
            to_stderr(&lost);
            status = 120;
        }
        if let Some(report) = report {
            to_stderr(&report);
        }
        for w in vm.jit_warnings() {
            to_stderr(&format!("{w}\n"));
        }
        status
    };
    if check_leaks {
        let live = typhon::live_objects() - baseline;
        if live != 0 {
            to_stderr(&format!(
                "typhon: leak check failed: {live} heap objects still alive after the program\n"
            ));
            return Outcome {
                status: 70,
                sigint: false,
            };
        }
    }
    Outcome { status, sigint }
}
