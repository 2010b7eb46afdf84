//! Tests of the API table and its generated headers (`src/api.rs`).

use capi::{c_type, declare, render_table_header, render_wrappers_header};

fn check(path: &str, want: String) {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    if std::env::var_os("TYPHON_BLESS").is_some() {
        std::fs::write(&file, &want).expect("write header");
        return;
    }
    let have = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(
        have == want,
        "{path} is out of date with capi/src/api.rs; run `TYPHON_BLESS=1 cargo test -p capi headers`"
    );
}

#[test]
fn headers_match_the_table() {
    check("include/typhon_api.h", render_table_header());
    check("include/typhon_api_wrappers.h", render_wrappers_header());
}

#[test]
fn c_spellings() {
    assert_eq!(c_type("*mut PyObject"), "PyObject *");
    assert_eq!(c_type("*mut *mut PyObject"), "PyObject **");
    assert_eq!(c_type("*const c_char"), "const char *");
    assert_eq!(c_type("*mut *mut c_char"), "char **");
    assert_eq!(c_type("c_ulonglong"), "unsigned long long");
    assert_eq!(declare("PyObject *", "x"), "PyObject *x");
    assert_eq!(declare("long", "x"), "long x");
}
