//! Compiling one extension module into a shared library. Shared by the
//! build script (Typhon builds) and the library (CPython and PyPy builds,
//! made when tests and benchmarks need them).

use std::path::{Path, PathBuf};
use std::process::Command;

/// What an extension is compiled against.
pub enum Headers<'a> {
    /// Typhon's `capi/include`.
    Typhon(&'a Path),
    /// Another runtime's include directory, with Typhon's `capi/include`
    /// searched last (for `typed_methods.h` only, so the runtime's own
    /// `Python.h` wins).
    Other {
        /// The runtime's include directory.
        include: &'a Path,
        /// Typhon's include directory.
        typhon: &'a Path,
    },
}

/// Compiles `source` into the shared library `out` with the C compiler
/// `cc` (and its base flags), adding `defines` (`NAME` or `NAME=VALUE`).
pub fn compile(
    cc: &Path,
    base_flags: &[String],
    headers: &Headers<'_>,
    defines: &[String],
    source: &Path,
    out: &Path,
) -> Result<(), String> {
    let mut cmd = Command::new(cc);
    cmd.args(base_flags);
    cmd.args(["-shared", "-fPIC", "-O2", "-Wall", "-Wno-unused-parameter"]);
    match headers {
        Headers::Typhon(inc) => {
            cmd.arg("-I").arg(inc);
        }
        Headers::Other { include, typhon } => {
            cmd.arg("-I").arg(include).arg("-idirafter").arg(typhon);
        }
    }
    for d in defines {
        cmd.arg(format!("-D{d}"));
    }
    cmd.arg(source).arg("-o").arg(out).arg("-lm");
    let output = cmd
        .output()
        .map_err(|e| format!("cannot run the C compiler {}: {e}", cc.display()))?;
    if !output.status.success() {
        return Err(format!(
            "compiling {} failed:\n{}",
            source.display(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(())
}

/// The shipped extensions: (module name, source relative to the crate).
pub const EXTENSIONS: &[(&str, &str)] = &[
    ("bench_ext", "bench_ext/bench_ext.c"),
    ("fastmath", "fastmath/fastmath.c"),
    ("checks", "checks/checks.c"),
    ("bufext", "bufext/bufext.c"),
    ("phases", "phases/phases.c"),
    ("ucs", "ucs/ucs.c"),
    ("apimisc", "apimisc/apimisc.c"),
    ("heaptypes", "heaptypes/heaptypes.c"),
    ("modstate", "modstate/modstate.c"),
    ("warnext", "warnext/warnext.c"),
    ("modcreate", "modcreate/modcreate.c"),
    ("_speedups", "speedups/_speedups.c"),
    ("apiwalk", "apiwalk/apiwalk.c"),
];

/// The broken fixtures: module names, each a case of `broken/broken.c`.
pub const BROKEN: &[&str] = &[
    "bad_typecode",
    "bad_too_many",
    "bad_str_return",
    "bad_void_arg",
    "bad_arity_o",
    "bad_arity_noargs",
    "init_null",
    "init_raises",
    "init_not_module",
    "no_init",
    "exec_null",
    "exec_raises",
    "slot_unknown",
    "create_twice",
    "create_not_module",
];

/// The crate's directory (for sources).
pub fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}
