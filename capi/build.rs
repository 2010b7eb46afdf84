//! Compiles the C half of the C API (`csrc/`): the functions that take C
//! variable arguments (`PyArg_ParseTuple`, `Py_BuildValue`,
//! `PyUnicode_FromFormat`, …), which stable Rust cannot define. They are
//! written against Typhon's own `Python.h` and reach the rest of the API
//! through the same table as extensions do.

fn main() {
    let sources = ["csrc/getargs.c", "csrc/buildvalue.c", "csrc/format.c"];
    println!("cargo:rerun-if-changed=csrc");
    println!("cargo:rerun-if-changed=include");
    cc::Build::new()
        .files(sources)
        .include("include")
        .define("TYPHON_INTERNAL", None)
        .flag_if_supported("-std=gnu11")
        .warnings(true)
        .extra_warnings(true)
        .flag_if_supported("-Wno-unused-parameter")
        .compile("typhon_capi");
}
