//! Tests of `interp::bytecode` (`src/bytecode.rs`; the snapshot tests of
//! its disassembly are in `bytecode.rs`).

use interp::bytecode::Source;

#[test]
fn source_lines_and_offsets() {
    let s = Source::new("f.py", "a = 1\r\nb = 'é'\n\nc\n");
    assert_eq!(s.line(1), Some("a = 1"));
    assert_eq!(s.line(2), Some("b = 'é'"));
    assert_eq!(s.line(3), Some(""));
    assert_eq!(s.line(4), Some("c"));
    assert_eq!(s.line(5), None);
    assert_eq!(s.line(0), None);
    assert_eq!(s.line_of(0), 1);
    assert_eq!(s.line_of(7), 2);
    assert_eq!(s.line_start(2), Some(7));
    assert_eq!(Source::new("e.py", "").line(1), None);
    assert_eq!(Source::new("n.py", "x").line(1), Some("x"));
}
