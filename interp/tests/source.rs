//! Tests of `interp::source` (`src/source.rs`).

use interp::source::*;
use std::io::Read;

fn read(bytes: &[u8]) -> Result<String, String> {
    read_source(&mut &bytes[..], "f.py", Origin::Script).map_err(|e| match e {
        ReadError::Io(e) => e.to_string(),
        ReadError::Syntax(e) => {
            e.0.downcast::<interp::object::ExcObj>()
                .and_then(|x| x.args().first().and_then(|a| a.as_str().map(str::to_owned)))
                .unwrap_or_default()
        }
    })
}

#[test]
fn newlines_are_translated() {
    assert_eq!(read(b"a\r\nb\rc\n").as_deref(), Ok("a\nb\nc\n"));
    assert_eq!(read(b"a\r").as_deref(), Ok("a\n"));
    assert_eq!(read(b"\xef\xbb\xbfx").as_deref(), Ok("x"));
}

/// A reader that hands out `n` bytes at a time, so that lines and
/// `\r\n` pairs straddle reads.
struct Trickle<'a>(&'a [u8], usize);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.1.min(self.0.len()).min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn lines_split_across_reads_decode_once() {
    let src: &[u8] = b"\xef\xbb\xbfa = 1\r\nb = 'x'  # \xff\xfe\rc\r\n";
    for n in 1..8 {
        let got = read_source(&mut Trickle(src, n), "m.py", Origin::Module)
            .map_err(|_| "error")
            .expect("decodes");
        assert_eq!(
            got, "a = 1\nb = 'x'  # \u{fffd}\u{fffd}\nc\n",
            "reads of {n}"
        );
    }
}

fn module_error(bytes: &[u8]) -> String {
    match read_source(&mut &bytes[..], "m.py", Origin::Module) {
        Ok(_) => "ok".into(),
        Err(ReadError::Io(e)) => e.to_string(),
        Err(ReadError::Syntax(e)) => {
            e.0.downcast::<interp::object::ExcObj>()
                .and_then(|x| x.args().first().and_then(|a| a.as_str().map(str::to_owned)))
                .unwrap_or_default()
        }
    }
}

/// Messages of `import m` as CPython 3.11 gives them.
#[test]
fn errors_of_source_compiled_from_bytes() {
    let u = "(unicode error) 'utf-8' codec can't decode byte";
    assert_eq!(
        module_error(b"x = 1\ny = \"\xff\"\n"),
        format!("{u} 0xff in position 0: invalid start byte")
    );
    assert_eq!(
        module_error(b"print(1)\xc3\xa9\xff"),
        format!("{u} 0xff in position 2: invalid start byte")
    );
    assert_eq!(
        module_error(b"\xe9 "),
        format!("{u} 0xe9 in position 0: unexpected end of data")
    );
    assert_eq!(
        module_error(b"\r\n\xe9print(1)\xff'"),
        format!("{u} 0xe9 in position 0: invalid continuation byte")
    );
    // A NUL byte anywhere comes first: compile() checks for it before
    // decoding.
    assert_eq!(
        module_error(b"x = '\xff'\n# coding: foo\n\x00"),
        "source code string cannot contain null bytes"
    );
    assert_eq!(
        module_error(b"# coding: ascii\nx='\xe9'\n"),
        "'ascii' codec can't decode byte 0xe9 in position 19: ordinal not in range(128)"
    );
    assert_eq!(module_error(b"# coding: foo\n"), "unknown encoding: foo");
}

#[test]
fn comments_and_strings_are_told_apart() {
    assert_eq!(place_in_line(b"x = 1  # \xff", 9), Place::Comment);
    assert_eq!(
        place_in_line(b"x = 'a#\xff'", 7),
        Place::String {
            body: 5,
            quote: b'\''
        }
    );
    assert_eq!(place_in_line(b"x = '\\'' # \xff", 11), Place::Comment);
    assert_eq!(
        place_in_line(b"x = \"\"\"a'\xff", 9),
        Place::String {
            body: 7,
            quote: b'"'
        }
    );
    assert_eq!(place_in_line(b"x = 1 \xff", 6), Place::Code);
}

#[test]
fn coding_declarations() {
    assert_eq!(
        read(b"# -*- coding: latin-1 -*-\nx = '\xe9'\n").as_deref(),
        Ok("# -*- coding: latin-1 -*-\nx = '\u{e9}'\n")
    );
    assert!(read(b"x = 1\n# coding: latin-1\n'\xe9'\n").is_err());
    assert_eq!(lookup("L1"), Lookup::Found(Encoding::Latin1));
    assert_eq!(lookup("US-ASCII"), Lookup::Found(Encoding::Ascii));
    assert_eq!(lookup("latin.1"), Lookup::Unknown);
    assert_eq!(normal_name("UTF_8_sig"), "utf-8");
    assert_eq!(
        coding_spec(b"  # vim: fileencoding=utf8 :").as_deref(),
        Some("utf8")
    );
    assert_eq!(coding_spec(b"x # coding: utf8"), None);
}
