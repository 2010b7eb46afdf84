//! `typhon.toml`: every configuration option is declared here, once.
//!
//! ```toml
//! [runtime]
//! recursion_limit = 1000        # frames before RecursionError
//! search_paths = ["lib"]        # import path, relative to this file
//! quicken_warmup = 8            # executions before an instruction specializes
//!
//! [jit]
//! enabled = true                # compile hot functions
//! threshold = 1000              # calls + loop back-edges before compiling
//! eager = false                 # compile every function at its first call
//! disabled_functions = ["f"]    # never compile these (qualified names)
//! max_exits = 100               # failed guards before code that fails often is dropped
//! verify = false                # run Cranelift's IR verifier on compiled code
//! warm_up = true                # warm the compiler up on another core at start
//! background = true             # make machine code on another core while interpreting
//! osr = true                    # a loop that makes its function hot goes on compiled
//!
//! [capi]
//! typed_calls = true            # typed fast path for METH_TYPED C functions
//! ```
//!
//! Unknown keys are errors that name the key.
//!
//! One environment variable overrides the file, for switching the JIT off
//! without editing it (the benchmark harness's `typhon-nojit` runtime does):
//! `TYPHON_JIT=0` sets `[jit] enabled = false`, `TYPHON_JIT=1` sets it true.

use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The whole configuration file.
///
/// ```
/// let config = typhon::Config::parse("[jit]\nthreshold = 50\n").unwrap();
/// assert_eq!(config.jit.threshold, 50);
/// assert!(config.capi.typed_calls);
/// ```
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// `[runtime]`
    #[serde(default)]
    pub runtime: RuntimeConfig,
    /// `[jit]`
    #[serde(default)]
    pub jit: JitConfig,
    /// `[capi]`
    #[serde(default)]
    pub capi: CapiConfig,
}

/// `[capi]`: C extension settings.
///
/// ```
/// let config = typhon::Config::parse("[capi]\ntyped_calls = false\n").unwrap();
/// assert!(!config.capi.typed_calls);
/// ```
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CapiConfig {
    /// Whether calls to C functions with typed-method metadata check and
    /// unbox their arguments in the runtime and call the underlying C
    /// function directly (default true). Off, every C call goes through
    /// its calling convention's wrapper, as on CPython.
    #[serde(default = "default_true")]
    pub typed_calls: bool,
}

impl Default for CapiConfig {
    fn default() -> Self {
        CapiConfig { typed_calls: true }
    }
}

/// `[runtime]`: interpreter settings.
///
/// ```
/// let config = typhon::Config::parse("[runtime]\nrecursion_limit = 3000\n").unwrap();
/// assert_eq!(config.runtime.recursion_limit, 3000);
/// ```
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuntimeConfig {
    /// Maximum Python frame depth before `RecursionError` (default 1000).
    #[serde(default = "default_recursion_limit")]
    pub recursion_limit: usize,
    /// Extra module search directories, searched after the script's own
    /// directory and before `TYPHON_PATH`.
    #[serde(default)]
    pub search_paths: Vec<PathBuf>,
    /// Executions of a specializing instruction (LOAD_GLOBAL, BINARY_OP,
    /// CALL, ...) before it first tries to specialize (default 8, at most
    /// 4095). 0 is a debugging setting: every instruction specializes on
    /// its first execution and deoptimizes on its first guard miss, which
    /// exercises the guards as hard as possible.
    #[serde(default = "default_quicken_warmup")]
    pub quicken_warmup: u16,
}

fn default_recursion_limit() -> usize {
    1000
}

fn default_quicken_warmup() -> u16 {
    interp::quicken::DEFAULT_WARMUP
}

impl Default for RuntimeConfig {
    fn default() -> Self {
        RuntimeConfig {
            recursion_limit: default_recursion_limit(),
            search_paths: Vec::new(),
            quicken_warmup: default_quicken_warmup(),
        }
    }
}

/// `[jit]`: JIT settings.
///
/// ```
/// let config = typhon::Config::parse("[jit]\ndisabled_functions = [\"main\"]\n").unwrap();
/// assert_eq!(config.jit.disabled_functions, ["main"]);
/// ```
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JitConfig {
    /// Whether the JIT backend is installed (default true).
    #[serde(default = "default_true")]
    pub enabled: bool,
    /// Calls plus loop back-edges of a function before it is compiled.
    #[serde(default = "default_threshold")]
    pub threshold: u32,
    /// Compile every function at its first call (for testing).
    #[serde(default)]
    pub eager: bool,
    /// Functions (by qualified name) the JIT must never compile.
    #[serde(default)]
    pub disabled_functions: Vec<String>,
    /// Side exits after which a function whose compiled code leaves on
    /// more than a quarter of its recent calls is interpreted again (and
    /// compiled again once hot again).
    #[serde(default = "default_max_exits")]
    pub max_exits: u64,
    /// Run Cranelift's IR verifier on every compiled function (for
    /// testing the JIT; doubles compile time).
    #[serde(default)]
    pub verify: bool,
    /// Warm the compiler up on a thread of its own when the program
    /// starts, so that the first compile is faster (machines with more
    /// than one CPU).
    #[serde(default = "default_true")]
    pub warm_up: bool,
    /// Make the machine code of functions compiled for their calls, and
    /// of loops compiled for on-stack replacement, on a thread of its own
    /// while the interpreter runs them on (default true; machines with
    /// more than one CPU; not with `eager` or `verify`, whose compiles
    /// happen where they are asked).
    #[serde(default = "default_true")]
    pub background: bool,
    /// On-stack replacement: a call whose loop makes its function hot
    /// goes on in compiled code from the loop header (default true);
    /// without it the call finishes in the interpreter and only later
    /// calls run compiled.
    #[serde(default = "default_true")]
    pub osr: bool,
}

fn default_max_exits() -> u64 {
    100
}

fn default_threshold() -> u32 {
    1000
}

fn default_true() -> bool {
    true
}

impl Default for JitConfig {
    fn default() -> Self {
        JitConfig {
            enabled: true,
            threshold: default_threshold(),
            eager: false,
            disabled_functions: Vec::new(),
            max_exits: default_max_exits(),
            verify: false,
            warm_up: true,
            background: true,
            osr: true,
        }
    }
}

/// A configuration file that could not be used.
///
/// ```
/// let err = typhon::Config::load(std::path::Path::new("/no/such/typhon.toml")).unwrap_err();
/// assert!(matches!(err, typhon::ConfigError::Read { .. }));
/// ```
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read config file '{path}': {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not valid TOML or has unknown or ill-typed keys.
    #[error("invalid config file '{path}': {message}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// The parser's message (it names the offending key).
        message: String,
    },
    /// An environment variable that overrides the file has a bad value.
    #[error("invalid environment variable {name}: {message}")]
    Env {
        /// The variable.
        name: &'static str,
        /// What is wrong.
        message: String,
    },
    /// A setting is out of range.
    #[error("invalid config file '{path}': {message}")]
    Value {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
}

impl Config {
    /// Loads a config file; relative search paths are resolved against the
    /// file's directory.
    ///
    /// ```
    /// let path = std::env::temp_dir().join(format!("typhon-doc-{}.toml", std::process::id()));
    /// std::fs::write(&path, "[jit]\nenabled = false\n").unwrap();
    /// let config = typhon::Config::load(&path).unwrap();
    /// assert!(!config.jit.enabled);
    /// # std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let mut cfg = Config::parse(&text).map_err(|message| ConfigError::Parse {
            path: path.to_path_buf(),
            message,
        })?;
        if cfg.runtime.recursion_limit == 0 {
            return Err(ConfigError::Value {
                path: path.to_path_buf(),
                message: "runtime.recursion_limit must be at least 1".into(),
            });
        }
        if cfg.runtime.quicken_warmup > interp::quicken::MAX_WARMUP {
            return Err(ConfigError::Value {
                path: path.to_path_buf(),
                message: format!(
                    "runtime.quicken_warmup must be at most {}",
                    interp::quicken::MAX_WARMUP
                ),
            });
        }
        let base = path.parent().unwrap_or(Path::new("."));
        for p in &mut cfg.runtime.search_paths {
            if p.is_relative() {
                *p = base.join(&*p);
            }
        }
        Ok(cfg)
    }

    /// Parses config text.
    ///
    /// ```
    /// assert!(typhon::Config::parse("[jit]\nthreshold = 10\n").is_ok());
    /// assert!(typhon::Config::parse("[jit]\nno_such_key = 1\n").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Config, String> {
        toml::from_str(text).map_err(|e| e.message().to_owned())
    }

    /// Finds the config for a script: `explicit` if given, else
    /// `typhon.toml` next to the script, else in the working directory;
    /// then applies the `TYPHON_JIT` override.
    ///
    /// ```
    /// // No file given and none beside a script: the defaults (and TYPHON_JIT).
    /// let config = typhon::Config::discover(None, None).unwrap();
    /// assert!(config.runtime.recursion_limit > 0);
    /// ```
    pub fn discover(explicit: Option<&Path>, script: Option<&Path>) -> Result<Config, ConfigError> {
        let mut cfg = Config::find(explicit, script)?;
        if let Some(v) = std::env::var_os("TYPHON_JIT") {
            cfg.jit.enabled = match v.to_str() {
                Some("0") => false,
                Some("1") => true,
                _ => {
                    return Err(ConfigError::Env {
                        name: "TYPHON_JIT",
                        message: "must be 0 or 1".into(),
                    });
                }
            };
        }
        Ok(cfg)
    }

    fn find(explicit: Option<&Path>, script: Option<&Path>) -> Result<Config, ConfigError> {
        if let Some(p) = explicit {
            return Config::load(p);
        }
        let mut candidates = Vec::new();
        if let Some(s) = script {
            let dir = s
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or(Path::new("."));
            candidates.push(dir.join("typhon.toml"));
        }
        candidates.push(PathBuf::from("typhon.toml"));
        for c in candidates {
            if c.is_file() {
                return Config::load(&c);
            }
        }
        Ok(Config::default())
    }
}
