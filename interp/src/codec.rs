//! Text encodings between `str` and `bytes` (`str.encode`,
//! `bytes.decode`, text files): UTF-8, Latin-1 and ASCII, with the
//! `strict`, `replace` and `ignore` error handlers and CPython's
//! `UnicodeDecodeError`/`UnicodeEncodeError` messages.

use crate::object::{PyErr, PyResult, types};

/// A supported encoding.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Encoding {
    /// `utf-8`
    Utf8,
    /// `latin-1`
    Latin1,
    /// `ascii`
    Ascii,
}

/// A supported error handler.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Errors {
    /// Raise on the first bad character or byte.
    Strict,
    /// `?` when encoding, U+FFFD when decoding.
    Replace,
    /// Leave it out.
    Ignore,
}

/// The encoding called `name` (CPython's normalization: case, `_`/`-`,
/// the usual aliases), or `LookupError: unknown encoding`.
pub fn encoding(name: &str) -> PyResult<Encoding> {
    match name.to_ascii_lowercase().replace('_', "-").as_str() {
        "utf-8" | "utf8" | "u8" | "utf" | "cp65001" => Ok(Encoding::Utf8),
        "latin-1" | "latin1" | "latin" | "iso-8859-1" | "iso8859-1" | "l1" | "8859" | "cp819" => {
            Ok(Encoding::Latin1)
        }
        "ascii" | "us-ascii" | "646" => Ok(Encoding::Ascii),
        _ => Err(PyErr::new(
            &types::LOOKUP_ERROR,
            format!("unknown encoding: {name}"),
        )),
    }
}

/// The error handler called `name`, or `LookupError`.
pub fn errors(name: &str) -> PyResult<Errors> {
    match name {
        "strict" => Ok(Errors::Strict),
        "replace" => Ok(Errors::Replace),
        "ignore" => Ok(Errors::Ignore),
        _ => Err(PyErr::new(
            &types::LOOKUP_ERROR,
            format!("unknown error handler name '{name}'"),
        )),
    }
}

/// CPython's UnicodeDecodeError text for invalid UTF-8 in `b`.
fn utf8_error(b: &[u8], e: &std::str::Utf8Error) -> PyErr {
    let at = e.valid_up_to();
    let msg = match e.error_len() {
        None if b.len() - at > 1 => format!(
            "'utf-8' codec can't decode bytes in position {at}-{}: unexpected end of data",
            b.len() - 1
        ),
        None => format!(
            "'utf-8' codec can't decode byte 0x{:02x} in position {at}: unexpected end of data",
            b[at]
        ),
        Some(_) => {
            let why = if (0xc2..=0xf4).contains(&b[at]) {
                "invalid continuation byte"
            } else {
                "invalid start byte"
            };
            format!(
                "'utf-8' codec can't decode byte 0x{:02x} in position {at}: {why}",
                b[at]
            )
        }
    };
    PyErr::new(&types::UNICODE_DECODE_ERROR, msg)
}

/// `b.decode(enc, errs)`.
pub fn decode(b: &[u8], enc: Encoding, errs: Errors) -> PyResult<String> {
    match enc {
        Encoding::Utf8 => match std::str::from_utf8(b) {
            Ok(s) => Ok(s.to_owned()),
            Err(e) => match errs {
                Errors::Strict => Err(utf8_error(b, &e)),
                Errors::Replace => Ok(String::from_utf8_lossy(b).into_owned()),
                Errors::Ignore => {
                    // Only the bad bytes go, not U+FFFD present in the input.
                    let mut out = String::with_capacity(b.len());
                    let mut rest = b;
                    loop {
                        match std::str::from_utf8(rest) {
                            Ok(s) => {
                                out.push_str(s);
                                return Ok(out);
                            }
                            Err(e) => {
                                let good = e.valid_up_to();
                                out.push_str(std::str::from_utf8(&rest[..good]).unwrap_or(""));
                                let skip = e.error_len().unwrap_or(rest.len() - good);
                                rest = &rest[good + skip..];
                            }
                        }
                    }
                }
            },
        },
        Encoding::Latin1 => Ok(b.iter().map(|&c| c as char).collect()),
        Encoding::Ascii => {
            let mut out = String::with_capacity(b.len());
            for (i, &c) in b.iter().enumerate() {
                if c < 0x80 {
                    out.push(c as char);
                    continue;
                }
                match errs {
                    Errors::Strict => {
                        return Err(PyErr::new(
                            &types::UNICODE_DECODE_ERROR,
                            format!(
                                "'ascii' codec can't decode byte 0x{c:02x} in position {i}: ordinal not in range(128)"
                            ),
                        ));
                    }
                    Errors::Replace => out.push('\u{fffd}'),
                    Errors::Ignore => {}
                }
            }
            Ok(out)
        }
    }
}

/// `s.encode(enc, errs)`.
pub fn encode(s: &str, enc: Encoding, errs: Errors) -> PyResult<Vec<u8>> {
    let limit: u32 = match enc {
        Encoding::Utf8 => return Ok(s.as_bytes().to_vec()),
        Encoding::Latin1 => 0x100,
        Encoding::Ascii => 0x80,
    };
    let name = if limit == 0x80 { "ascii" } else { "latin-1" };
    let mut out = Vec::with_capacity(s.len());
    for (i, c) in s.chars().enumerate() {
        let v = c as u32;
        if v < limit {
            out.push(v as u8);
            continue;
        }
        match errs {
            Errors::Strict => {
                let shown = if v <= 0xff {
                    format!("\\x{v:02x}")
                } else if v <= 0xffff {
                    format!("\\u{v:04x}")
                } else {
                    format!("\\U{v:08x}")
                };
                return Err(PyErr::new(
                    &types::UNICODE_ENCODE_ERROR,
                    format!(
                        "'{name}' codec can't encode character '{shown}' in position {i}: ordinal not in range({limit})"
                    ),
                ));
            }
            Errors::Replace => out.push(b'?'),
            Errors::Ignore => {}
        }
    }
    Ok(out)
}
