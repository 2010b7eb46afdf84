//! Typhon's C extensions for tests and benchmarks.
//!
//! - `bench_ext`: the typed-methods paper's functions and the cpyext
//!   benchmark shapes (used by `bench/`);
//! - `fastmath`: typed libm wrappers;
//! - `checks`: functions that raise, misbehave and take strings, for the
//!   C API tests;
//! - `broken/`: modules whose import must fail cleanly.
//!
//! The build script compiles all of them against Typhon's headers; this
//! library says where they are and compiles the same sources against
//! another runtime's headers (CPython, PyPy) on demand.

// Shared with the build script, which uses the other half of it.
#[allow(dead_code)]
mod compile;

use compile::Headers;
pub use compile::{BROKEN, EXTENSIONS};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The directory holding `NAME.typhon.so` for every shipped extension.
pub fn typhon_dir() -> &'static Path {
    Path::new(env!("TYPHON_EXT_DIR"))
}

/// The directory holding the broken fixtures (`NAME.typhon.so`).
pub fn broken_dir() -> &'static Path {
    Path::new(env!("TYPHON_BROKEN_EXT_DIR"))
}

/// The source file of shipped extension `name`.
pub fn source(name: &str) -> Option<PathBuf> {
    EXTENSIONS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, src)| compile::crate_dir().join(src))
}

/// How another Python runtime builds extensions.
pub struct Runtime {
    /// Its `Python.h` directory.
    pub include: PathBuf,
    /// Its extension-module file suffix (`.cpython-311-x86_64-linux-gnu.so`).
    pub suffix: String,
}

/// Asks the interpreter `python` (e.g. `python3`, `pypy3`) for its include
/// directory and extension suffix. `Err` if it is missing or has no
/// headers installed.
pub fn runtime(python: &str) -> Result<Runtime, String> {
    let out = Command::new(python)
        .args([
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['include']); print(sysconfig.get_config_var('EXT_SUFFIX'))",
        ])
        .output()
        .map_err(|e| format!("{python} is not available: {e}"))?;
    if !out.status.success() {
        return Err(format!("{python} failed to report its build configuration"));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let mut lines = text.lines();
    let include = PathBuf::from(lines.next().unwrap_or_default());
    let suffix = lines.next().unwrap_or_default().to_owned();
    if !include.join("Python.h").is_file() {
        return Err(format!(
            "{python} has no development headers ({} has no Python.h)",
            include.display()
        ));
    }
    if suffix.is_empty() || suffix == "None" {
        return Err(format!("{python} reports no extension suffix"));
    }
    Ok(Runtime { include, suffix })
}

/// Compiles the shipped extensions `names` for `rt` into `out_dir`,
/// returning nothing on success. Uses `$CC`, else `cc`.
pub fn build_for(rt: &Runtime, names: &[&str], out_dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
    let cc = std::env::var_os("CC").map_or_else(|| PathBuf::from("cc"), PathBuf::from);
    let typhon = compile::crate_dir().join("../capi/include");
    for name in names {
        let src = source(name).ok_or_else(|| format!("no extension named {name}"))?;
        let out = out_dir.join(format!("{name}{}", rt.suffix));
        let headers = Headers::Other {
            include: &rt.include,
            typhon: &typhon,
        };
        compile::compile(&cc, &[], &headers, &[], &src, &out)?;
    }
    Ok(())
}
