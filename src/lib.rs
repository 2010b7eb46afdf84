//! Typhon's embedding API: run Python programs from Rust.
//!
//! ```no_run
//! let mut vm = typhon::Vm::builder().recursion_limit(2000).build();
//! vm.run_source("print(6 * 7)", "<embedded>").unwrap();
//! ```
//!
//! This crate wires the pieces together: the interpreter (`interp`), the
//! C API (`capi`) and the JIT (`jit`), which plugs into the interpreter
//! through `interp::jit::JitBackend`. The `typhon` command-line tool is a
//! thin layer over this API.

mod config;

pub use config::{CapiConfig, Config, ConfigError, JitConfig, RuntimeConfig};

use interp::object::ExcObj;
use interp::object::types;
use std::io::Write;
use std::path::{Path, PathBuf};

/// An error from running Python code.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An uncaught Python exception.
    #[error("{traceback}")]
    Exception {
        /// The exception type's name, e.g. `ValueError`.
        type_name: String,
        /// `str()` of the exception.
        message: String,
        /// The full CPython-format traceback text, ending in a newline.
        traceback: String,
    },
    /// The program called `sys.exit()`.
    #[error("exit with status {code}")]
    Exit {
        /// The exit status.
        code: i32,
        /// Text to print to stderr first (`sys.exit("message")`).
        message: Option<String>,
    },
    /// The script could not be read.
    #[error("can't open file '{path}': [Errno {errno}] {reason}")]
    Io {
        /// The absolute path of the script.
        path: String,
        /// The OS error number.
        errno: i32,
        /// The OS error text.
        reason: String,
    },
}

/// A Typhon interpreter.
pub struct Vm {
    inner: interp::Vm,
    dump: DumpBytecode,
}

/// When `run_*` prints the bytecode (`typhon --dump-bytecode[=WHEN]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DumpBytecode {
    /// Never: run the program.
    #[default]
    Off,
    /// Print the bytecode as compiled instead of running the program.
    Before,
    /// Run the program, then print the bytecode of every module it loaded
    /// as it is after the run: with the quickened forms its instructions
    /// were rewritten into.
    After,
}

/// Builds a [`Vm`].
pub struct VmBuilder {
    config: Config,
    argv: Vec<String>,
    stdout: Option<Box<dyn Write>>,
    dump: DumpBytecode,
    stats: bool,
}

impl Vm {
    /// A builder with the default configuration.
    pub fn builder() -> VmBuilder {
        VmBuilder {
            config: Config::default(),
            argv: vec![String::new()],
            stdout: None,
            dump: DumpBytecode::Off,
            stats: false,
        }
    }

    /// Runs a script file as `__main__`.
    pub fn run_file(&mut self, path: impl AsRef<Path>) -> Result<(), Error> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|e| Error::Io {
            // CPython names the file by its absolute path.
            path: std::path::absolute(path)
                .unwrap_or_else(|_| path.to_path_buf())
                .display()
                .to_string(),
            errno: e.raw_os_error().unwrap_or(0),
            reason: io_reason(&e),
        })?;
        if self.dump == DumpBytecode::Before {
            return self.dump(&text, &path.to_string_lossy());
        }
        let r = self.inner.run_main_file(path);
        let r = self.finish(r);
        self.dump_after();
        r
    }

    /// Runs source text as `__main__`; `filename` names it in tracebacks.
    pub fn run_source(&mut self, source: &str, filename: &str) -> Result<(), Error> {
        if self.dump == DumpBytecode::Before {
            return self.dump(source, filename);
        }
        let r = self.inner.run_main_source(source, filename);
        let r = self.finish(r);
        self.dump_after();
        r
    }

    /// The quickening statistics table (`typhon --stats`), if the builder
    /// enabled statistics.
    pub fn stats_report(&self) -> Option<String> {
        self.inner.stats_report()
    }

    /// The underlying interpreter, for embedders that need more control.
    pub fn interp(&mut self) -> &mut interp::Vm {
        &mut self.inner
    }

    fn dump(&mut self, text: &str, filename: &str) -> Result<(), Error> {
        let r = self.inner.compile(text, filename);
        match r {
            Ok(code) => {
                let s = code.to_string();
                let _ = self.inner.write_out(&s);
                self.inner.flush();
                Ok(())
            }
            Err(e) => self.finish(Err(e)),
        }
    }

    /// With [`DumpBytecode::After`], prints the code of every module run.
    fn dump_after(&mut self) {
        if self.dump != DumpBytecode::After {
            return;
        }
        let text: Vec<String> = self
            .inner
            .compiled_code()
            .iter()
            .map(|c| c.to_string())
            .collect();
        for (i, t) in text.iter().enumerate() {
            if i > 0 {
                let _ = self.inner.write_out("\n");
            }
            let _ = self.inner.write_out(t);
        }
        self.inner.flush();
    }

    fn finish(&mut self, r: interp::PyResult<interp::Value>) -> Result<(), Error> {
        self.inner.flush();
        let err = match r {
            Ok(_) => return Ok(()),
            Err(e) => e,
        };
        if err.matches(types::SYSTEM_EXIT.get()) {
            let arg = err
                .0
                .downcast::<ExcObj>()
                .and_then(|e| e.args().first().cloned());
            return Err(match arg {
                None | Some(interp::Value::None) => Error::Exit {
                    code: 0,
                    message: None,
                },
                Some(interp::Value::Int(n)) => Error::Exit {
                    code: n as i32,
                    message: None,
                },
                Some(interp::Value::Bool(b)) => Error::Exit {
                    code: b as i32,
                    message: None,
                },
                Some(other) => Error::Exit {
                    code: 1,
                    message: Some(interp::ops::str_of(&mut self.inner, &other).unwrap_or_default()),
                },
            });
        }
        let traceback = interp::traceback::format_exception(&mut self.inner, &err);
        let message = interp::ops::str_of(&mut self.inner, &err.value()).unwrap_or_default();
        Err(Error::Exception {
            type_name: err.ty().name().to_owned(),
            message,
            traceback,
        })
    }
}

impl Drop for Vm {
    fn drop(&mut self) {
        self.inner.shutdown();
    }
}

impl VmBuilder {
    /// Uses the settings of a loaded `typhon.toml`.
    pub fn config(mut self, config: Config) -> Self {
        self.config = config;
        self
    }

    /// Sets the recursion limit.
    pub fn recursion_limit(mut self, n: usize) -> Self {
        self.config.runtime.recursion_limit = n;
        self
    }

    /// Adds a directory to the module search path.
    pub fn search_path(mut self, dir: impl Into<PathBuf>) -> Self {
        self.config.runtime.search_paths.push(dir.into());
        self
    }

    /// Sets `sys.argv`.
    pub fn argv(mut self, argv: Vec<String>) -> Self {
        self.argv = argv;
        self
    }

    /// Sends `print` output somewhere other than the process's stdout.
    pub fn stdout(mut self, out: Box<dyn Write>) -> Self {
        self.stdout = Some(out);
        self
    }

    /// Makes `run_*` print the bytecode instead of running it.
    pub fn dump_bytecode(mut self, on: bool) -> Self {
        self.dump = if on {
            DumpBytecode::Before
        } else {
            DumpBytecode::Off
        };
        self
    }

    /// Chooses when `run_*` prints the bytecode (see [`DumpBytecode`]).
    pub fn dump(mut self, when: DumpBytecode) -> Self {
        self.dump = when;
        self
    }

    /// Counts what the quickening interpreter does, for
    /// [`Vm::stats_report`].
    pub fn stats(mut self, on: bool) -> Self {
        self.stats = on;
        self
    }

    /// Builds the interpreter.
    pub fn build(self) -> Vm {
        let cfg = interp::VmConfig {
            recursion_limit: self.config.runtime.recursion_limit,
            search_paths: self.config.runtime.search_paths.clone(),
            argv: self.argv,
            typed_calls: self.config.capi.typed_calls,
            quicken_warmup: self.config.runtime.quicken_warmup,
            stats: self.stats,
            keep_code: self.dump == DumpBytecode::After,
        };
        let out = self.stdout.unwrap_or_else(|| {
            Box::new(std::io::BufWriter::with_capacity(
                64 * 1024,
                std::io::stdout(),
            ))
        });
        capi::install();
        let mut inner = interp::Vm::new(cfg, out);
        if self.config.jit.enabled {
            inner.set_jit(jit::backend());
        }
        Vm {
            inner,
            dump: self.dump,
        }
    }
}

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "No such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "Permission denied".into(),
        _ => {
            let s = e.to_string();
            match s.find(" (os error") {
                Some(i) => s[..i].to_owned(),
                None => s,
            }
        }
    }
}

/// The number of live heap objects on this thread (for leak checks).
/// Immortal objects (shared one-character strings, what static C types own)
/// are not counted.
pub fn live_objects() -> isize {
    interp::object::live_objects()
}
