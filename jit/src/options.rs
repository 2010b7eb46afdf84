//! The JIT's options, declared once: `typhon.toml`'s `[jit]` and the CLI
//! fill them (see the `typhon` crate).

/// How and when functions are compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Whether the JIT compiles anything.
    pub enabled: bool,
    /// Calls (plus loop back-edges) of a function before it is compiled.
    pub threshold: u32,
    /// Compile every function at its first call (for testing).
    pub eager: bool,
    /// Names of functions that always stay interpreted.
    pub disabled_functions: Vec<String>,
    /// Side exits (failed guards) after which a function whose compiled
    /// code exits on more than a quarter of its recent calls goes back to
    /// the interpreter, to be compiled again once hot again (with a longer
    /// count each time: `interp::jit::recompile_count`). Code whose global
    /// or C type changed is given up at its first such exit.
    pub max_exits: u64,
    /// Append each compiled function to `/tmp/perf-<pid>.map`, the file
    /// `perf report` reads to name JIT code.
    pub perf_map: bool,
    /// Functions whose HIR is printed to stderr when compiled.
    pub dump_hir: Vec<String>,
    /// Functions whose CLIF is printed to stderr when compiled.
    pub dump_clif: Vec<String>,
    /// Run Cranelift's IR verifier on every function compiled (catches
    /// malformed CLIF as a declined function instead of a wrong one;
    /// doubles compile time). The test suites turn it on.
    pub verify: bool,
    /// Warm the compiler up on a thread of its own when the JIT starts
    /// ([`crate::warm`]), if the machine has more than one CPU.
    pub warm_up: bool,
    /// Make the machine code of functions compiled for their calls, and
    /// of loops compiled for on-stack replacement, on a thread of its own
    /// ([`crate::worker`]), if the machine has more than one CPU, while
    /// the interpreter runs on; off with `eager` or `verify` (the tests),
    /// whose compiles happen where they are asked.
    pub background: bool,
    /// On-stack replacement: a call whose loop makes the function hot
    /// goes on in code compiled for it from the loop header, instead of
    /// finishing in the interpreter.
    pub osr: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            enabled: true,
            threshold: 1000,
            eager: false,
            disabled_functions: Vec::new(),
            max_exits: 100,
            perf_map: false,
            dump_hir: Vec::new(),
            dump_clif: Vec::new(),
            verify: false,
            warm_up: true,
            background: true,
            osr: true,
        }
    }
}

impl Options {
    /// Whether a function with this name may be compiled at all.
    pub fn allows(&self, name: &str) -> bool {
        self.enabled && !self.disabled_functions.iter().any(|n| n == name)
    }
}
