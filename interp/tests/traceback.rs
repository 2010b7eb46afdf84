//! Tests of `interp::traceback` (`src/traceback.rs`).

use interp::traceback::*;

#[test]
fn levenshtein_costs() {
    assert_eq!(levenshtein(b"abc", b"abc", 10), 0);
    assert_eq!(levenshtein(b"abc", b"Abc", 10), 1);
    assert_eq!(levenshtein(b"abc", b"abd", 10), 2);
    assert_eq!(levenshtein(b"abc", b"abcd", 10), 2);
    assert_eq!(levenshtein(b"nmae", b"name", 10), 4);
    assert!(levenshtein(b"abcdef", b"uvwxyz", 3) > 3);
}

#[test]
fn closest_takes_the_first_of_equals_and_skips_the_name() {
    let c = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        closest("lenght", &c(&["length", "len"])),
        Some("length".into())
    );
    assert_eq!(closest("ab", &c(&["ab", "ac", "ad"])), Some("ac".into()));
    assert_eq!(closest("nmae", &c(&["name"])), None);
    assert_eq!(closest("x", &c(&["y"; MAX_CANDIDATES])), None);
}
