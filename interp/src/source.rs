//! Source bytes → source text, as CPython 3.11's tokenizer reads them:
//! a UTF-8 byte-order mark, PEP 263 coding declarations on the first or
//! second line, universal newlines (`\r\n` and a lone `\r` become `\n`,
//! inside string literals too), and CPython's `SyntaxError`s for bytes
//! that do not decode and for NUL bytes.
//!
//! The reader works line by line on a stream, so an endless or huge input
//! that is not source code (`/dev/urandom`, `/dev/zero`) stops at its first
//! bad line instead of being read to the end first.
//!
//! Encodings known: CPython 3.11's that leave ASCII as it is, under every
//! name its codec registry finds them by (its alias table, generated into
//! `source/codecs.rs` by `scripts/gen-source-codecs`): UTF-8, Latin-1,
//! ASCII, its 61 other single-byte code pages (`cp1252`, `cp437`,
//! `koi8_r`, `iso8859_15`, `mac_roman`, …: their tables, taken from
//! CPython, so a byte it leaves undefined fails here too), and the
//! stateless CJK multibyte codecs (`shift_jis`, `cp932`, `euc_jp`, `gbk`,
//! `gb2312`, `gb18030`, `big5`, `big5hkscs`, `cp950`, `euc_kr`, `cp949`),
//! decoded by `encoding_rs`. Its decoders are the WHATWG ones, each the
//! widest of its family (Windows-31J for `shift_jis`, GB18030 for `gbk`,
//! Big5-HKSCS for `big5`, windows-949 for `euc_kr`): text CPython decodes,
//! they decode the same, but a few byte sequences CPython's stricter codecs
//! refuse, they accept. Other encodings (UTF-16 and UTF-32, EBCDIC, UTF-7,
//! the ISO-2022 family, `hz`, `johab`, the JIS X 0213 codecs) are refused
//! as CPython refuses an encoding it does not know; codecs that are not text
//! encodings (`rot13`, `hex`) with CPython's error for those.

mod codecs;

use crate::object::exc::SyntaxInfo;
use crate::object::{PyErr, types};
use std::borrow::Cow;
use std::io::Read;

/// How CPython would be reading the source; the two paths word their
/// errors differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The main script, read from a file or standard input by the
    /// tokenizer itself (`python3 prog.py`, `python3 < prog.py`).
    Script,
    /// A module read as bytes and compiled (`import m`, and the
    /// `__main__.py` of a directory or zip file, which `runpy` imports).
    Module,
}

/// Why source could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// Reading the stream failed.
    Io(std::io::Error),
    /// The bytes are not source code: the `SyntaxError` CPython raises.
    Syntax(PyErr),
}

/// A text encoding Typhon can decode source from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[doc(hidden)]
pub enum Encoding {
    Utf8,
    /// UTF-8 declared by a name CPython's tokenizer does not recognise as
    /// UTF-8 itself (`u8`, `UTF8`, `cp65001`): decoded by the codec, line
    /// by line, as any other declared encoding.
    Utf8Codec,
    Latin1,
    Ascii,
    /// A single-byte codec: the characters of bytes 0x80-0xff (U+FFFE:
    /// undefined).
    Charmap(&'static [u16; 128]),
    /// A multibyte codec: CPython's name for it (in its errors) and the
    /// decoder.
    Multibyte(&'static str, &'static encoding_rs::Encoding),
}

/// What CPython's codec registry finds for a name.
#[derive(Debug, PartialEq, Eq)]
#[doc(hidden)]
pub enum Lookup {
    /// A text encoding Typhon decodes.
    Found(Encoding),
    /// A codec that is not a text encoding (`rot13`).
    NotText,
    /// No codec Typhon decodes source with.
    Unknown,
}

/// How much is read from the stream at a time.
const CHUNK: usize = 64 * 1024;

/// Reads and decodes a whole module from `input`; `filename` is the name
/// errors give (CPython's: the absolute path of a script, `<stdin>`).
pub fn read_source(
    input: &mut dyn Read,
    filename: &str,
    origin: Origin,
) -> Result<String, ReadError> {
    let mut d = Decoder {
        filename,
        origin,
        enc: None,
        declared: false,
        name: String::new(),
        bom: false,
        lineno: 1,
        offset: 0,
        deferred: None,
        out: String::new(),
    };
    let mut raw: Vec<u8> = Vec::new();
    let mut start = 0usize; // start of the current (incomplete) line in `raw`
    let mut eof = false;
    let mut chunk = vec![0u8; CHUNK];
    let mut first = true;
    loop {
        if !eof {
            let n = match input.read(&mut chunk) {
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(ReadError::Io(e)),
            };
            eof = n == 0;
            raw.extend_from_slice(&chunk[..n]);
        }
        if first {
            // The byte-order mark needs its three bytes before anything
            // can be decided.
            if raw.len() < 3 && !eof {
                continue;
            }
            first = false;
            if raw.starts_with(b"\xef\xbb\xbf") {
                d.bom = true;
                start = 3;
                d.offset = 3;
            }
        }
        // Every complete line so far.
        let mut i = start;
        while i < raw.len() {
            match raw[i] {
                b'\n' => {
                    d.line(&raw[start..i], 1)?;
                    start = i + 1;
                }
                // A `\r` at the end of what was read may be half of `\r\n`.
                b'\r' if i + 1 == raw.len() && !eof => break,
                b'\r' => {
                    let ending = if raw.get(i + 1) == Some(&b'\n') { 2 } else { 1 };
                    d.line(&raw[start..i], ending)?;
                    start = i + ending;
                    i = start;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        let rest = &raw[start..];
        if eof {
            if !rest.is_empty() {
                d.line(rest, 0)?;
            }
            return match d.deferred {
                Some(e) => Err(e),
                None => Ok(d.out),
            };
        }
        // Stop early on a line that cannot end well however it goes on:
        // it holds a NUL byte, or bytes that are not UTF-8 where every
        // line must be (a stream of random bytes has both). Either way
        // `line` fails, so the line is not decoded twice.
        if rest.contains(&0) {
            d.line(rest, 0)?;
        }
        if d.enc == Some(Encoding::Utf8)
            && d.checks_every_line()
            && let Err(e) = std::str::from_utf8(rest)
            && e.error_len().is_some()
        {
            d.line(rest, 0)?;
        }
        // Drop the lines already decoded.
        if start > 0 {
            raw.drain(..start);
            start = 0;
        }
    }
}

/// Newline translation for source that is already text (`-c CODE`, an
/// embedder's string), as CPython's `compile()` does: `\r\n` and a lone
/// `\r` become `\n`.
pub fn translate_newlines(text: &str) -> Cow<'_, str> {
    if !text.contains('\r') {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
}

/// The error for source text holding a NUL byte, when the text came as a
/// string rather than from a file (CPython 3.11's `compile()` wording).
pub fn check_no_nul(text: &str) -> Result<(), PyErr> {
    if text.contains('\0') {
        return Err(PyErr::new(
            &types::SYNTAX_ERROR,
            "source code string cannot contain null bytes",
        ));
    }
    Ok(())
}

/// The state of one [`read_source`].
struct Decoder<'a> {
    filename: &'a str,
    origin: Origin,
    /// The encoding, once the coding-declaration lines have been looked at.
    enc: Option<Encoding>,
    /// Whether a coding declaration named the encoding.
    declared: bool,
    /// The encoding's name as declared (after CPython's first
    /// normalization, [`normal_name`]), for errors.
    name: String,
    /// Whether the source began with a UTF-8 byte-order mark.
    bom: bool,
    /// The number of the line being decoded (1-based).
    lineno: u32,
    /// Offset in the file of the start of the line being decoded.
    offset: usize,
    /// An error kept until the end of the input (see [`Decoder::fail`]).
    deferred: Option<ReadError>,
    out: String,
}

impl Decoder<'_> {
    /// Decodes one line (without its line ending, `ending` bytes long)
    /// onto the output.
    fn line(&mut self, bytes: &[u8], ending: usize) -> Result<(), ReadError> {
        // CPython's tokenizer handles lines as C strings: what it checks and
        // shows of a line with a NUL byte ends at the NUL.
        let nul = bytes.iter().position(|&b| b == 0);
        let text_bytes = &bytes[..nul.unwrap_or(bytes.len())];
        let mut declaration = false;
        if self.enc.is_none() {
            match self.settle_encoding(text_bytes) {
                Ok(found) => declaration = found,
                Err(e) => {
                    self.fail(e)?;
                    self.enc = Some(Encoding::Utf8);
                }
            }
        }
        let enc = self.enc.unwrap_or(Encoding::Utf8);
        // The declaration's own line is a comment CPython reads before it
        // knows the encoding, and never decodes; after a deferred error the
        // text no longer matters.
        // CPython 3.11 starts decoding a script with a declared encoding
        // (other than UTF-8) at the last byte of the declaration's line:
        // its line ending, or with none, a byte that must decode too.
        let codec =
            self.origin == Origin::Script && enc != Encoding::Utf8 && enc != Encoding::Latin1;
        if declaration
            && ending == 0
            && codec
            && bytes.last().is_some_and(|&b| b >= 0x80)
            && !decodes(&bytes[bytes.len() - 1..], enc)
        {
            return Err(ReadError::Syntax(self.encoding_problem()));
        }
        // After the declaration a codec reads whole lines, past a NUL too.
        if !declaration && codec && !decodes(bytes, enc) {
            return Err(ReadError::Syntax(self.encoding_problem()));
        }
        let text = if declaration || self.deferred.is_some() {
            String::from_utf8_lossy(text_bytes)
        } else {
            match self.decode(text_bytes, enc) {
                Ok(text) => text,
                Err(e) => {
                    self.fail(e)?;
                    String::from_utf8_lossy(text_bytes)
                }
            }
        };
        if nul.is_some() {
            return Err(ReadError::Syntax(match self.origin {
                Origin::Script => self.located(
                    "source code cannot contain null bytes".into(),
                    Some(text.into_owned()),
                ),
                Origin::Module => PyErr::new(
                    &types::SYNTAX_ERROR,
                    "source code string cannot contain null bytes",
                ),
            }));
        }
        self.out.push_str(&text);
        if ending > 0 {
            self.out.push('\n');
        }
        self.lineno += 1;
        self.offset += bytes.len() + ending;
        Ok(())
    }

    /// An error in the bytes: returned at once, or kept for the end of the
    /// input where CPython would find a NUL byte first. That is anywhere
    /// in source compiled from bytes (which `compile()` checks for NUL
    /// before decoding), and in a script with a declared UTF-8, whose
    /// literals CPython decodes only when it parses them.
    fn fail(&mut self, e: ReadError) -> Result<(), ReadError> {
        let defer = match self.origin {
            Origin::Module => true,
            Origin::Script => self.enc == Some(Encoding::Utf8) && !self.checks_every_line(),
        };
        if !defer {
            return Err(e);
        }
        if self.deferred.is_none() {
            self.deferred = Some(e);
        }
        Ok(())
    }

    /// CPython 3.11's terse error for bytes a declared encoding does not
    /// decode, in a script: the encoding named as declared.
    fn encoding_problem(&self) -> PyErr {
        PyErr::new(
            &types::SYNTAX_ERROR,
            format!("encoding problem: {}", self.name),
        )
    }

    /// Looks for a coding declaration on the first two lines (PEP 263, as
    /// CPython's tokenizer reads it: on the second line only after a blank
    /// or comment-only first line). True if this line declares one.
    fn settle_encoding(&mut self, line: &[u8]) -> Result<bool, ReadError> {
        if let Some(spec) = coding_spec(line) {
            let name = normal_name(&spec);
            if self.bom && name != "utf-8" {
                let msg = format!("encoding problem: {name} with BOM");
                return Err(ReadError::Syntax(match self.origin {
                    Origin::Script => PyErr::new(&types::SYNTAX_ERROR, msg),
                    Origin::Module => self.at_line_0(msg),
                }));
            }
            // CPython's tokenizer reads UTF-8 itself only under this name.
            let found = if name == "utf-8" {
                Lookup::Found(Encoding::Utf8)
            } else {
                lookup(&name)
            };
            let enc = match found {
                Lookup::Found(enc) => enc,
                Lookup::Unknown | Lookup::NotText if self.origin == Origin::Script => {
                    return Err(ReadError::Syntax(PyErr::new(
                        &types::SYNTAX_ERROR,
                        format!("encoding problem: {name}"),
                    )));
                }
                Lookup::Unknown => {
                    return Err(ReadError::Syntax(
                        self.at_line_0(format!("unknown encoding: {name}")),
                    ));
                }
                Lookup::NotText => {
                    return Err(ReadError::Syntax(self.at_line_0(format!(
                        "'{name}' is not a text encoding; use codecs.decode() to handle arbitrary codecs"
                    ))));
                }
            };
            self.enc = Some(enc);
            self.name = name;
            self.declared = true;
            return Ok(true);
        }
        let only_comment = line
            .iter()
            .take_while(|&&b| b != b'#')
            .all(|&b| matches!(b, b' ' | b'\t' | b'\x0c'));
        if !only_comment || self.lineno >= 2 {
            self.enc = Some(Encoding::Utf8);
        }
        Ok(false)
    }

    fn decode<'b>(&self, bytes: &'b [u8], enc: Encoding) -> Result<Cow<'b, str>, ReadError> {
        match enc {
            Encoding::Utf8 => match std::str::from_utf8(bytes) {
                Ok(s) => Ok(Cow::Borrowed(s)),
                // Where CPython decodes only string literals (an import, a
                // declared UTF-8), bytes in a comment are never decoded.
                Err(e)
                    if !self.checks_every_line()
                        && place_in_line(bytes, e.valid_up_to()) == Place::Comment =>
                {
                    Ok(String::from_utf8_lossy(bytes))
                }
                Err(e) => Err(ReadError::Syntax(self.utf8_error(bytes, &e))),
            },
            Encoding::Latin1 => Ok(Cow::Owned(bytes.iter().map(|&b| b as char).collect())),
            _ => match decode_with(bytes, enc) {
                Ok(text) => Ok(text),
                Err((i, why)) => Err(ReadError::Syntax(match self.origin {
                    // CPython 3.11 reports a decoding failure of a declared
                    // encoding while reading a script this tersely.
                    Origin::Script => self.encoding_problem(),
                    Origin::Module => self.at_line_0(format!(
                        "'{}' codec can't decode byte {:#04x} in position {}: {why}",
                        codec_name(enc),
                        bytes[i],
                        self.offset + i
                    )),
                })),
            },
        }
    }

    /// Whether CPython checks that each whole line is UTF-8: when it reads
    /// a script and no encoding was declared (by a declaration or a BOM).
    fn checks_every_line(&self) -> bool {
        self.origin == Origin::Script && !self.declared && !self.bom
    }

    /// The error for bytes that are not UTF-8 where UTF-8 is expected.
    fn utf8_error(&self, bytes: &[u8], e: &std::str::Utf8Error) -> PyErr {
        let at = e.valid_up_to();
        let byte = bytes.get(at).copied().unwrap_or(0);
        if self.checks_every_line() {
            return PyErr::new(
                &types::SYNTAX_ERROR,
                format!(
                    "Non-UTF-8 code starting with '\\x{byte:02x}' in file {} on line {}, \
                     but no encoding declared; see https://peps.python.org/pep-0263/ for details",
                    self.filename, self.lineno
                ),
            );
        }
        // CPython decodes each string literal on its own and names the
        // position inside it; bytes outside a literal it decodes from
        // where they start (position 0).
        let (pos, unit) = match place_in_line(bytes, at) {
            Place::String { body, quote } => {
                let len = bytes[at..].iter().take_while(|&&b| b != quote).count();
                (at - body, &bytes[at..at + len])
            }
            // Outside a literal, CPython decodes the name token the bad byte
            // is in (a name does not start with a digit).
            _ => {
                let name_byte = |b: &&u8| **b >= 0x80 || b.is_ascii_alphanumeric() || **b == b'_';
                let back = bytes[..at].iter().rev().take_while(name_byte).count();
                let digits = bytes[at - back..at]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                let run = bytes[at..].iter().take_while(name_byte).count();
                (back - digits, &bytes[at..at + run])
            }
        };
        let reason = match std::str::from_utf8(unit).map_err(|e| e.error_len()) {
            Err(None) => "unexpected end of data",
            _ if matches!(byte, 0x80..=0xc1 | 0xf5..=0xff) => "invalid start byte",
            _ => "invalid continuation byte",
        };
        let mut text = String::from_utf8_lossy(bytes).into_owned();
        // The parser, which reports this, shows the first line with its
        // byte-order mark.
        if self.bom && self.lineno == 1 {
            text.insert(0, '\u{feff}');
        }
        self.located(
            format!(
                "(unicode error) 'utf-8' codec can't decode byte {byte:#04x} in position {pos}: {reason}"
            ),
            Some(text),
        )
    }

    /// A `SyntaxError` on the current line, with no column (no caret).
    fn located(&self, msg: String, text: Option<String>) -> PyErr {
        PyErr::syntax(
            msg,
            SyntaxInfo {
                filename: self.filename.to_owned(),
                line: self.lineno,
                col: 0,
                text,
                end_line: self.lineno,
                end_col: 0,
                typhon_suffix: false,
            },
        )
    }

    /// A `SyntaxError` CPython places on line 0 (its codec errors).
    fn at_line_0(&self, msg: String) -> PyErr {
        PyErr::syntax(
            msg,
            SyntaxInfo {
                filename: self.filename.to_owned(),
                line: 0,
                col: 0,
                text: None,
                end_line: 0,
                end_col: 0,
                typhon_suffix: false,
            },
        )
    }
}

/// Where in a line of code a byte is, as far as the line itself tells.
#[derive(Debug, PartialEq, Eq)]
#[doc(hidden)]
pub enum Place {
    /// Outside strings and comments (or in a string begun on an earlier
    /// line).
    Code,
    /// In a string literal whose text starts at offset `body`, closed by
    /// `quote`.
    String { body: usize, quote: u8 },
    /// In a comment.
    Comment,
}

/// Where offset `at` of `line` is: a small scan of quotes, backslashes and
/// `#`, enough to tell a comment from a string literal.
#[doc(hidden)]
pub fn place_in_line(line: &[u8], at: usize) -> Place {
    // (quote byte, triple-quoted, offset of the text)
    let mut open: Option<(u8, bool, usize)> = None;
    let mut i = 0;
    while i < at {
        let b = line[i];
        match open {
            None if b == b'#' => return Place::Comment,
            None if b == b'\'' || b == b'"' => {
                let triple = line[i..].starts_with(&[b, b, b]);
                let len = if triple { 3 } else { 1 };
                open = Some((b, triple, i + len));
                i += len;
                continue;
            }
            Some(_) if b == b'\\' => {
                i += 2;
                continue;
            }
            Some((q, true, _)) if line[i..].starts_with(&[q, q, q]) => {
                open = None;
                i += 3;
                continue;
            }
            Some((q, false, _)) if b == q => open = None,
            _ => {}
        }
        i += 1;
    }
    match open {
        Some((quote, _, body)) => Place::String { body, quote },
        None => Place::Code,
    }
}

/// The encoding a coding declaration names, if `line` is one: a comment
/// line containing `coding:` or `coding=` and a name.
#[doc(hidden)]
pub fn coding_spec(line: &[u8]) -> Option<String> {
    let hash = line.iter().position(|&b| b == b'#')?;
    if !line[..hash]
        .iter()
        .all(|&b| matches!(b, b' ' | b'\t' | b'\x0c'))
    {
        return None;
    }
    let mut i = hash;
    while i + 6 < line.len() {
        if &line[i..i + 6] == b"coding" && matches!(line[i + 6], b':' | b'=') {
            let mut j = i + 7;
            while j < line.len() && matches!(line[j], b' ' | b'\t') {
                j += 1;
            }
            let begin = j;
            while j < line.len() && (line[j].is_ascii_alphanumeric() || b"-_.".contains(&line[j])) {
                j += 1;
            }
            if j > begin {
                return Some(String::from_utf8_lossy(&line[begin..j]).into_owned());
            }
        }
        i += 1;
    }
    None
}

/// CPython's tokenizer's first normalization of a declared name: forms of
/// UTF-8 and Latin-1 become `utf-8` and `iso-8859-1`; anything else is
/// kept as written (and named so in errors).
#[doc(hidden)]
pub fn normal_name(spec: &str) -> String {
    let buf: String = spec
        .chars()
        .take(12)
        .map(|c| {
            if c == '_' {
                '-'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect();
    if buf == "utf-8" || buf.starts_with("utf-8-") {
        return "utf-8".into();
    }
    if ["latin-1", "iso-8859-1", "iso-latin-1"].contains(&buf.as_str())
        || ["latin-1-", "iso-8859-1-", "iso-latin-1-"]
            .iter()
            .any(|p| buf.starts_with(p))
    {
        return "iso-8859-1".into();
    }
    spec.to_owned()
}

/// The encoding called `name`, found as CPython's codec registry finds it:
/// lower case, runs of punctuation as `_` (`encodings.normalize_encoding`),
/// then its alias table (also with dots as underscores), else a codec
/// module of that name.
#[doc(hidden)]
pub fn lookup(name: &str) -> Lookup {
    let lower = name.to_ascii_lowercase();
    let mut norm = String::new();
    let mut punct = false;
    for c in lower.chars() {
        if c.is_ascii_alphanumeric() || c == '.' {
            if punct && !norm.is_empty() {
                norm.push('_');
            }
            norm.push(c);
            punct = false;
        } else {
            punct = c.is_ascii() || !c.is_alphanumeric();
        }
    }
    let alias = |n: &str| {
        codecs::ALIASES
            .binary_search_by(|&(a, _)| a.cmp(n))
            .ok()
            .map(|i| codecs::ALIASES[i].1)
    };
    let aliased = alias(&norm).or_else(|| alias(&norm.replace('.', "_")));
    for module in aliased.into_iter().chain([norm.as_str()]) {
        if codecs::MODULES.binary_search(&module).is_err() {
            continue;
        }
        if codecs::NON_TEXT.contains(&module) {
            return Lookup::NotText;
        }
        return match module_encoding(module) {
            Some(enc) => Lookup::Found(enc),
            None => Lookup::Unknown,
        };
    }
    Lookup::Unknown
}

/// The encoding of CPython's codec module `module`, if Typhon decodes it.
fn module_encoding(module: &str) -> Option<Encoding> {
    let multibyte = |enc| Some(Encoding::Multibyte(module_static(module)?, enc));
    match module {
        "utf_8" => Some(Encoding::Utf8Codec),
        "latin_1" => Some(Encoding::Latin1),
        "ascii" => Some(Encoding::Ascii),
        // encoding_rs's decoders that give what CPython's codec gives for
        // every two-byte sequence it accepts (checked against CPython 3.11
        // by tests/encodings.rs). Not `shift_jis`, `euc_jp`, `big5`,
        // `cp950`, `gb2312`, `gb18030`, `euc_kr`, whose WHATWG decoders
        // map some characters differently.
        "cp932" => multibyte(encoding_rs::SHIFT_JIS),
        "gbk" => multibyte(encoding_rs::GBK),
        "cp949" => multibyte(encoding_rs::EUC_KR),
        _ => codecs::CHARMAPS
            .binary_search_by(|&(m, _)| m.cmp(module))
            .ok()
            .map(|i| Encoding::Charmap(&codecs::CHARMAPS[i].1)),
    }
}

/// `module` as a `'static` name (from the generated module list).
fn module_static(module: &str) -> Option<&'static str> {
    let i = codecs::MODULES.binary_search(&module).ok()?;
    Some(codecs::MODULES[i])
}

/// The codec name CPython's decoding errors give.
fn codec_name(enc: Encoding) -> &'static str {
    match enc {
        Encoding::Utf8 | Encoding::Utf8Codec => "utf-8",
        Encoding::Latin1 => "latin-1",
        Encoding::Ascii => "ascii",
        Encoding::Charmap(_) => "charmap",
        Encoding::Multibyte(name, _) => name,
    }
}

/// Whether `bytes` decode in `enc`.
fn decodes(bytes: &[u8], enc: Encoding) -> bool {
    decode_with(bytes, enc).is_ok()
}

/// `bytes` decoded by a codec other than UTF-8's (whose errors are
/// [`Decoder::utf8_error`]'s), or the offset of the first byte that does
/// not decode and CPython's reason.
fn decode_with(bytes: &[u8], enc: Encoding) -> Result<Cow<'_, str>, (usize, &'static str)> {
    match enc {
        Encoding::Utf8 | Encoding::Utf8Codec => {
            std::str::from_utf8(bytes).map(Cow::Borrowed).map_err(|e| {
                let at = e.valid_up_to();
                let why = match (e.error_len(), bytes.get(at)) {
                    (None, _) => "unexpected end of data",
                    (_, Some(0x80..=0xc1 | 0xf5..=0xff)) => "invalid start byte",
                    _ => "invalid continuation byte",
                };
                (at, why)
            })
        }
        Encoding::Latin1 => Ok(Cow::Owned(bytes.iter().map(|&b| b as char).collect())),
        Encoding::Ascii => match bytes.iter().position(|&b| b >= 0x80) {
            // All ASCII, so valid UTF-8.
            None => Ok(Cow::Borrowed(
                std::str::from_utf8(bytes).unwrap_or_default(),
            )),
            Some(i) => Err((i, "ordinal not in range(128)")),
        },
        Encoding::Charmap(table) => {
            let mut out = String::with_capacity(bytes.len());
            for (i, &b) in bytes.iter().enumerate() {
                let ch = if b < 0x80 {
                    Some(b as char)
                } else {
                    let c = table[usize::from(b - 0x80)];
                    if c == 0xfffe {
                        None
                    } else {
                        char::from_u32(u32::from(c))
                    }
                };
                match ch {
                    Some(c) => out.push(c),
                    None => return Err((i, "character maps to <undefined>")),
                }
            }
            Ok(Cow::Owned(out))
        }
        Encoding::Multibyte(name, enc) => {
            // The WHATWG decoder for GBK is GB18030's: CPython's `gbk` has
            // no four-byte sequences and no single 0x80 (euro sign).
            if name == "gbk" {
                let mut i = 0;
                while i < bytes.len() {
                    match bytes[i] {
                        0x80 | 0xff => return Err((i, "illegal multibyte sequence")),
                        0x81..=0xfe => {
                            if bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
                                return Err((i, "illegal multibyte sequence"));
                            }
                            i += 2;
                        }
                        _ => i += 1,
                    }
                }
            }
            let mut decoder = enc.new_decoder_without_bom_handling();
            let mut out = String::with_capacity(
                decoder
                    .max_utf8_buffer_length_without_replacement(bytes.len())
                    .unwrap_or(bytes.len().saturating_mul(3)),
            );
            let (result, read) =
                decoder.decode_to_string_without_replacement(bytes, &mut out, true);
            match result {
                encoding_rs::DecoderResult::InputEmpty => Ok(Cow::Owned(out)),
                encoding_rs::DecoderResult::Malformed(bad, extra) => {
                    let at = read.saturating_sub(usize::from(bad) + usize::from(extra));
                    let why = if at + usize::from(bad) >= bytes.len() {
                        "incomplete multibyte sequence"
                    } else {
                        "illegal multibyte sequence"
                    };
                    Err((at.min(bytes.len().saturating_sub(1)), why))
                }
                // The buffer was sized for the worst case.
                encoding_rs::DecoderResult::OutputFull => Err((read, "illegal multibyte sequence")),
            }
        }
    }
}
