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

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// `typhon` with no inherited import path and no standard input.
fn typhon() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_typhon"));
    c.env_remove("TYPHON_PATH")
        .env_remove("TYPHON_JIT")
        .stdin(Stdio::null());
    c
}

/// A fresh directory under the system temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let p = std::env::temp_dir().join(format!(
            "typhon-hostile-{tag}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).expect("create temp dir");
        TempDir(p)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    /// Writes `rel` and returns its path.
    fn write(&self, rel: &str, bytes: &[u8]) -> PathBuf {
        let p = self.0.join(rel);
        std::fs::write(&p, bytes).expect("write temp file");
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

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
    d.write("typhon.toml", &[0xff, 0xfe, 0x00, 0x9c, b'\n', 0x80]);
    let script = d.write("p.py", b"print('ran')\n");
    let o = typhon()
        .arg(&script)
        .current_dir(d.path())
        .output()
        .expect("run typhon");
    assert_clean_exit(&o, 2);
    assert!(o.stdout.is_empty(), "the program ran");
}
