//! Tests of `interp::parse::strings` (`src/parse/strings.rs`).

use interp::parse::strings::*;

fn err(body: &str) -> Option<(usize, usize, &'static str)> {
    unicode_escape_error(body.as_bytes())
}

#[test]
fn unicode_escape_errors_name_cpython_ranges() {
    assert_eq!(err(r"\x4"), Some((0, 3, "truncated \\xXX escape")));
    assert_eq!(err(r"ab\xZZ"), Some((2, 4, "truncated \\xXX escape")));
    assert_eq!(err(r"\N"), Some((0, 2, "malformed \\N character escape")));
    assert_eq!(err(r"\N{"), Some((0, 3, "malformed \\N character escape")));
    assert_eq!(err(r"\N{}"), Some((0, 3, "malformed \\N character escape")));
    assert_eq!(
        err(r"\N{foo bar}"),
        Some((0, 11, "unknown Unicode character name"))
    );
    assert_eq!(
        err(r"\U00110000"),
        Some((0, 10, "illegal Unicode character"))
    );
    assert_eq!(err(r"\N{latin small letter a}\x41\777\q"), None);
}

#[test]
fn fstring_errors_follow_cpython_scanner() {
    let msg = |body: &str| match fstring(body.as_bytes(), &mut 0, false, 0) {
        Err(Fail::AtNext(m)) => Some(m),
        Err(_) => Some("?".into()),
        Ok(()) => None,
    };
    assert_eq!(msg("{a:{b}} {{x}} {a!r:>{w}}"), None);
    assert_eq!(
        msg("{}").as_deref(),
        Some("f-string: empty expression not allowed")
    );
    assert_eq!(
        msg("{a:{b:{c}}}").as_deref(),
        Some("f-string: expressions nested too deeply")
    );
    assert_eq!(
        msg("a}b").as_deref(),
        Some("f-string: single '}' is not allowed")
    );
    assert_eq!(msg("{a").as_deref(), Some("f-string: expecting '}'"));
}
