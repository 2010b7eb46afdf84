//! The `typhon` command: run a Python program.
//!
//! Exit codes follow CPython: 0 on success, 1 for an uncaught exception,
//! 2 for usage errors, or the status given to `sys.exit()`.

use clap::Parser;

// Python programs allocate and free small objects at a high rate; see
// `abi::alloc` for why mimalloc, and why through that wrapper. The library
// leaves the choice of allocator to the embedding program.
#[global_allocator]
static ALLOCATOR: abi::alloc::Mimalloc = abi::alloc::Mimalloc;

use std::path::PathBuf;
use std::process::ExitCode;

/// Run Python programs, with fast calls into C extensions.
#[derive(Parser, Debug)]
#[command(name = "typhon", version, about, long_about = None)]
struct Cli {
    /// Program passed in as a string.
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

    /// Configuration file (default: typhon.toml next to the script, else in
    /// the working directory).
    #[arg(long, value_name = "PATH")]
    config: Option<PathBuf>,

    /// After the program ends, check that every heap object was freed;
    /// report and exit with status 70 if not (used by the test suite).
    #[arg(long, hide = true)]
    check_leaks: bool,

    /// The script to run (`typhon run FILE` is accepted too).
    #[arg(value_name = "FILE")]
    file: Option<String>,

    /// Arguments passed to the program in sys.argv[1:].
    #[arg(
        value_name = "ARGS",
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
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
}

fn main() -> ExitCode {
    let mut cli = Cli::parse();
    if cli.file.as_deref() == Some("run") && cli.code.is_none() {
        if cli.args.is_empty() {
            eprintln!("typhon: 'run' needs a FILE to run");
            return ExitCode::from(2);
        }
        cli.file = Some(cli.args.remove(0));
    }
    // With -c, the first positional word is an argument, not a script.
    if cli.code.is_some()
        && let Some(first) = cli.file.take()
    {
        cli.args.insert(0, first);
    }
    let (target, argv0) = match (&cli.code, &cli.file) {
        (Some(c), _) => (Target::Code(c.clone()), "-c".to_owned()),
        (None, Some(f)) => (Target::File(PathBuf::from(f)), f.clone()),
        (None, None) => {
            eprintln!("typhon: no program given (try 'typhon FILE.py' or 'typhon --help')");
            return ExitCode::from(2);
        }
    };
    let script = match &target {
        Target::File(p) => Some(p.clone()),
        Target::Code(_) => None,
    };
    let config = match typhon::Config::discover(cli.config.as_deref(), script.as_deref()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("typhon: {e}");
            return ExitCode::from(2);
        }
    };
    let mut argv = vec![argv0];
    argv.extend(cli.args.iter().cloned());
    let dump = match cli.dump_bytecode {
        None => typhon::DumpBytecode::Off,
        Some(DumpWhen::Before) => typhon::DumpBytecode::Before,
        Some(DumpWhen::After) => typhon::DumpBytecode::After,
    };
    let stats = cli.stats;
    let check_leaks = cli.check_leaks;
    // The interpreter does not recurse on the Rust stack for Python calls,
    // but native code calling back into Python does; give it room.
    let worker = std::thread::Builder::new()
        .name("typhon-main".into())
        .stack_size(256 * 1024 * 1024)
        .spawn(move || run(target, config, argv, dump, stats, check_leaks));
    match worker.map(|h| h.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        _ => {
            eprintln!("typhon: internal error: the interpreter thread failed");
            ExitCode::from(70)
        }
    }
}

fn run(
    target: Target,
    config: typhon::Config,
    argv: Vec<String>,
    dump: typhon::DumpBytecode,
    stats: bool,
    check_leaks: bool,
) -> u8 {
    let baseline = typhon::live_objects();
    let status = {
        let mut vm = typhon::Vm::builder()
            .config(config)
            .argv(argv)
            .dump(dump)
            .stats(stats)
            .build();
        let r = match &target {
            Target::File(p) => vm.run_file(p),
            Target::Code(c) => vm.run_source(c, "<string>"),
        };
        let report = vm.stats_report();
        let status = match r {
            Ok(()) => 0,
            Err(typhon::Error::Exception { traceback, .. }) => {
                eprint!("{traceback}");
                1
            }
            Err(typhon::Error::Exit { code, message }) => {
                if let Some(m) = message {
                    eprintln!("{m}");
                }
                (code & 0xff) as u8
            }
            Err(e @ typhon::Error::Io { .. }) => {
                eprintln!("typhon: {e}");
                2
            }
        };
        if let Some(report) = report {
            eprint!("{report}");
        }
        status
    };
    if check_leaks {
        let live = typhon::live_objects() - baseline;
        if live != 0 {
            eprintln!(
                "typhon: leak check failed: {live} heap objects still alive after the program"
            );
            return 70;
        }
    }
    status
}
