//! PEP 263 source encodings against CPython 3.11 itself: for every
//! single-byte codec Typhon decodes, and for the multibyte ones, CPython
//! writes a program declaring it whose string literal holds every
//! character the codec decodes (every two-byte sequence, for a multibyte
//! codec); Typhon must print what CPython prints. A byte a single-byte
//! codec leaves undefined must fail as in CPython, in a script and in an
//! imported module. Skipped (with a note) when `python3` is not CPython
//! 3.11. The everyday cases (aliases, unknown and refused encodings) are
//! corpus programs in `tests/programs/enc_*.py` and
//! `tests/syntax_errors/enc_*.py`.

use crate::common;
use std::process::Command;

/// Writes the programs into the current directory and prints their names.
const GENERATE: &str = r##"
import encodings, importlib, pkgutil
names = []
def write(name, data):
    open(name, "wb").write(data)
    names.append(name)
SUM = b"t = 0\ni = 0\nfor x in s:\n    i += 1\n    t = (t + ord(x) * i) % 1000000007\nprint(len(s), t)\n"
def ok_char(ch):
    return len(ch) == 1 and not ch.isspace() and ch not in '"\\\x85\u2028\u2029'
for m in sorted(x.name for x in pkgutil.iter_modules(encodings.__path__)):
    try:
        mod = importlib.import_module("encodings." + m)
    except ImportError:
        continue
    table = getattr(mod, "decoding_table", None)
    if table is None or any(table[i] != chr(i) for i in range(128)):
        continue
    good = bytes(b for b in range(128, 256) if table[b] != "\ufffe" and ok_char(table[b]))
    write("ok_%s.py" % m, b"# -*- coding: " + m.encode() + b" -*-\ns = \"" + good + b"\"\n" + SUM)
    bad = [b for b in range(128, 256) if table[b] == "\ufffe"]
    if bad:
        src = b"# coding: " + m.encode() + b"\nx = 1\ny = '" + bytes(bad[:1]) + b"'\n"
        write("bad_%s.py" % m, src)
        open("mod_%s.py" % m, "wb").write(src)
        write("imp_%s.py" % m, b"import mod_" + m.encode() + b"\n")
for c in ["cp932", "gbk", "cp949"]:
    seqs = []
    for a in range(0x81, 0x100):
        for b in list(range(0x40, 0x7f)) + list(range(0x80, 0x100)):
            try:
                ch = bytes([a, b]).decode(c)
            except UnicodeDecodeError:
                continue
            if ok_char(ch):
                seqs.append(bytes([a, b]))
    write("all_%s.py" % c, b"# coding: " + c.encode() + b"\ns = \"" + b"".join(seqs) + b"\"\n" + SUM)
print("\n".join(names))
"##;

/// `python3`, without the wrapper script it may be (see
/// `fuzz::diff::resolve_python`): this test runs it a hundred times.
fn python3() -> &'static std::path::Path {
    static PYTHON: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    PYTHON.get_or_init(|| fuzz::diff::resolve_python("python3"))
}

fn cpython_311() -> bool {
    Command::new(python3())
        .arg("--version")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).starts_with("Python 3.11."))
}

#[test]
fn declared_encodings_decode_as_cpython() {
    if !cpython_311() {
        println!("skipped: python3 is not CPython 3.11");
        return;
    }
    let dir = common::TempDir::new("encodings");
    let generator = dir.write("generate.py", GENERATE);
    let out = Command::new(python3())
        .arg(&generator)
        .current_dir(dir.path())
        .output()
        .expect("run python3");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let names = String::from_utf8_lossy(&out.stdout).into_owned();
    let names: Vec<&str> = names.lines().collect();
    // 62 single-byte codecs, their undefined bytes, 3 multibyte ones.
    assert!(names.len() > 100, "only {} programs", names.len());
    let mut failures = Vec::new();
    for name in names {
        let run = |cmd: &std::path::Path| {
            Command::new(cmd)
                .arg(name)
                .current_dir(dir.path())
                .env("PYTHONHASHSEED", "0")
                .output()
                .expect("run program")
        };
        let typhon = std::path::Path::new(env!("CARGO_BIN_EXE_typhon"));
        let (want, got) = (run(python3()), run(typhon));
        let norm = |b: &[u8]| {
            String::from_utf8_lossy(b).replace(&format!("{}/", dir.path().display()), "")
        };
        if (norm(&want.stdout), norm(&want.stderr), want.status.code())
            != (norm(&got.stdout), norm(&got.stderr), got.status.code())
        {
            failures.push(format!(
                "{name}:\n  cpython: {:?} {:?}\n  typhon:  {:?} {:?}",
                norm(&want.stdout),
                norm(&want.stderr),
                norm(&got.stdout),
                norm(&got.stderr)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
