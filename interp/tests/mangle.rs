//! Tests of `interp::compile::mangle` (`src/compile/mangle.rs`).

use interp::compile::mangle::*;

#[test]
fn mangles_as_cpython_does() {
    assert_eq!(mangle("Foo", "__x").as_deref(), Some("_Foo__x"));
    assert_eq!(mangle("Foo", "__x__"), None);
    assert_eq!(mangle("Foo", "_x"), None);
    assert_eq!(mangle("Foo", "__a.b"), None);
    assert_eq!(mangle("", "__x"), None);
    assert_eq!(private_of("__Foo"), "Foo");
    assert_eq!(private_of("___"), "");
}
