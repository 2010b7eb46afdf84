//! Tests of `interp::parse::tokcheck` (`src/parse/tokcheck.rs`).

use interp::parse::tokcheck::*;

fn first(src: &str) -> Option<(String, u32, u32)> {
    scan(src, 4300).error.map(|d| (d.msg, d.line, d.offset))
}

#[test]
fn valid_code_has_no_error() {
    for src in [
        "x = 1\nif x:\n    y = (1,\n  2)\n",
        "s = '''a\n\\'''b'''\nt = r'\\''\n",
        "n = 0x_ff + 0o17 + 0b1_0 + 1_000 + 1.5e-3j + .5 + 0 + 00 + 0.0\n",
        "x = 1if 1 else 2\n",
        "x = 1 + \\\n  2\n",
        "if 1:\n\tx = 1\n\ty = 2\n",
        "f'{x!r}' # comment with ' quote\n",
    ] {
        assert_eq!(first(src), None, "{src:?}");
    }
}

#[test]
fn errors_have_cpython_messages_and_offsets() {
    let cases = [
        ("x = 1)\n", "unmatched ')'", 1, 6),
        (
            "x = (1,\n  2]\n",
            "closing parenthesis ']' does not match opening parenthesis '(' on line 1",
            2,
            4,
        ),
        (
            "s = \"abc\n",
            "unterminated string literal (detected at line 1)",
            1,
            5,
        ),
        (
            "x = 1\ns = \"\"\"abc\nde\n",
            "unterminated triple-quoted string literal (detected at line 3)",
            2,
            5,
        ),
        ("x = 1abc\n", "invalid decimal literal", 1, 5),
        ("x = 3.5e\n", "invalid decimal literal", 1, 7),
        ("x = 12_\n", "invalid decimal literal", 1, 7),
        ("x = 0o78\n", "invalid digit '8' in octal literal", 1, 8),
        ("x = 0x\n", "invalid hexadecimal literal", 1, 6),
        (
            "if 1:\n        x = 1\n    y = 2\n",
            "unindent does not match any outer indentation level",
            3,
            10,
        ),
        (
            "x = 1 \\ y\n",
            "unexpected character after line continuation character",
            1,
            8,
        ),
    ];
    for (src, msg, line, offset) in cases {
        assert_eq!(first(src), Some((msg.to_owned(), line, offset)), "{src:?}");
    }
}
