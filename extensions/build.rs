//! Builds every extension in this crate against Typhon's `Python.h`
//! (`capi/include`) into `$OUT_DIR/typhon/NAME.typhon.so`, and the broken
//! fixtures into `$OUT_DIR/broken/`. The C compiler is the one the `cc`
//! crate picks (honouring `$CC`).

// Shared with the library, which uses the other half of it.
#[allow(dead_code)]
#[path = "src/compile.rs"]
mod compile;

use compile::{BROKEN, EXTENSIONS, Headers};
use std::path::PathBuf;

fn main() {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    // Where the sources are now, read when the script runs: `crate_dir()`
    // is fixed when the script is compiled, so a target directory copied
    // from another checkout compiled that checkout's C sources and headers.
    let here = PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    let include = here.join("../capi/include");
    println!("cargo:rerun-if-changed=../capi/include");
    let tool = cc::Build::new().get_compiler();
    let cc_path = tool.path().to_path_buf();
    let flags: Vec<String> = tool
        .args()
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let typhon = out.join("typhon");
    let broken = out.join("broken");
    std::fs::create_dir_all(&typhon).expect("create output dir");
    std::fs::create_dir_all(&broken).expect("create output dir");
    for (name, src) in EXTENSIONS {
        let source = here.join(src);
        println!("cargo:rerun-if-changed={}", source.display());
        let lib = typhon.join(format!("{name}.typhon.so"));
        if let Err(e) = compile::compile(
            &cc_path,
            &flags,
            &Headers::Typhon(&include),
            &[],
            &source,
            &lib,
        ) {
            panic!("{e}");
        }
    }
    let source = here.join("broken/broken.c");
    println!("cargo:rerun-if-changed={}", source.display());
    for name in BROKEN {
        let lib = broken.join(format!("{name}.typhon.so"));
        let defines = [format!("CASE_{name}"), format!("MODNAME={name}")];
        if let Err(e) = compile::compile(
            &cc_path,
            &flags,
            &Headers::Typhon(&include),
            &defines,
            &source,
            &lib,
        ) {
            panic!("{e}");
        }
    }
    println!("cargo:rustc-env=TYPHON_EXT_DIR={}", typhon.display());
    println!("cargo:rustc-env=TYPHON_BROKEN_EXT_DIR={}", broken.display());
}
