//! Regular-expression text → [`Node`] tree, as CPython 3.11's
//! `re._parser` reads it: the same tokens (an escape is one token of two
//! characters), the same errors at the same positions.

/// The flag bits, with CPython's values.
pub mod flags {
    /// `re.TEMPLATE` (`t`).
    pub const TEMPLATE: u32 = 1;
    /// `re.IGNORECASE` (`i`).
    pub const IGNORECASE: u32 = 2;
    /// `re.LOCALE` (`L`).
    pub const LOCALE: u32 = 4;
    /// `re.MULTILINE` (`m`).
    pub const MULTILINE: u32 = 8;
    /// `re.DOTALL` (`s`).
    pub const DOTALL: u32 = 16;
    /// `re.UNICODE` (`u`).
    pub const UNICODE: u32 = 32;
    /// `re.VERBOSE` (`x`).
    pub const VERBOSE: u32 = 64;
    /// `re.DEBUG`.
    pub const DEBUG: u32 = 128;
    /// `re.ASCII` (`a`).
    pub const ASCII: u32 = 256;
}

use flags::*;

/// The largest repeat count plus one (`MAXREPEAT`, also "no upper
/// bound").
pub const MAXREPEAT: u64 = 4_294_967_295;
/// CPython's limit on the number of groups.
const MAXGROUPS: usize = 1_073_741_823;

/// A parse error: `re.error(msg, pattern, pos)`, or CPython's
/// `OverflowError`/`ValueError` for a few cases.
#[derive(Debug)]
pub struct Error {
    /// The message without the position.
    pub msg: String,
    /// Where in the pattern (code points).
    pub pos: Option<usize>,
    /// Which exception: `re.error` unless this says otherwise.
    pub kind: ErrKind,
}

/// The exception an [`Error`] becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrKind {
    /// `re.error`.
    Re,
    /// `OverflowError`.
    Overflow,
    /// `ValueError`.
    Value,
    /// `RecursionError` (CPython's parser is recursive: a pattern nested
    /// too deeply exhausts its recursion limit).
    Recursion,
}

/// Position assertions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    /// `^`
    Beginning,
    /// `$`
    End,
    /// `\A`
    BeginningString,
    /// `\Z`
    EndString,
    /// `\b`
    Boundary,
    /// `\B`
    NonBoundary,
}

/// Character categories (`\d` …).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cat {
    /// `\d`
    Digit,
    /// `\D`
    NotDigit,
    /// `\s`
    Space,
    /// `\S`
    NotSpace,
    /// `\w`
    Word,
    /// `\W`
    NotWord,
}

/// One member of a character set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetItem {
    /// One character.
    Lit(u32),
    /// `lo-hi`.
    Range(u32, u32),
    /// A category.
    Cat(Cat),
}

/// How a repeat backtracks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Greed {
    /// `*`
    Greedy,
    /// `*?`
    Lazy,
    /// `*+`
    Possessive,
}

/// A parsed pattern.
#[derive(Debug, Clone)]
pub enum Node {
    /// A literal character.
    Lit(u32),
    /// `[^c]`
    NotLit(u32),
    /// `.`
    Any,
    /// A set (`negated`, items).
    Set(bool, Vec<SetItem>),
    /// An assertion.
    At(At),
    /// A sequence.
    Cat(Vec<Node>),
    /// Alternatives.
    Branch(Vec<Node>),
    /// `item{min,max}` (`max` is [`MAXREPEAT`] for no bound).
    Repeat(u64, u64, Greed, Box<Node>),
    /// A group: its number if capturing, flags added and removed.
    Group(Option<usize>, u32, u32, Box<Node>),
    /// `(?>...)`
    Atomic(Box<Node>),
    /// Look-around: behind, negative, the subpattern.
    Assert(bool, bool, Box<Node>),
    /// `\1`, `(?P=name)`
    GroupRef(usize),
    /// `(?(g)yes|no)`
    Cond(usize, Box<Node>, Option<Box<Node>>),
}

/// The result of parsing.
pub struct Parsed {
    /// The tree.
    pub node: Node,
    /// The flags, with the inline global ones and UNICODE for str.
    pub flags: u32,
    /// The number of groups plus one.
    pub groups: usize,
    /// Named groups in definition order.
    pub names: Vec<(String, usize)>,
    /// (min, max) width of each group (index 0 unused).
    pub widths: Vec<(u64, u64)>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Tok {
    C(u32),
    Esc(u32),
}

impl Tok {
    fn len(self) -> usize {
        match self {
            Tok::C(_) => 1,
            Tok::Esc(_) => 2,
        }
    }
    fn is(self, c: char) -> bool {
        self == Tok::C(c as u32)
    }
    fn text(self) -> String {
        match self {
            Tok::C(c) => ch(c).to_string(),
            Tok::Esc(c) => format!("\\{}", ch(c)),
        }
    }
}

fn ch(c: u32) -> char {
    char::from_u32(c).unwrap_or('\u{fffd}')
}

/// The tokenizer (`re._parser.Tokenizer`).
pub(crate) struct Src<'a> {
    s: &'a [u32],
    index: usize,
    next: Option<Tok>,
    /// Whether the pattern is a str.
    pub istext: bool,
}

impl<'a> Src<'a> {
    pub(crate) fn new(s: &'a [u32], istext: bool) -> Result<Src<'a>, Error> {
        let mut t = Src {
            s,
            index: 0,
            next: None,
            istext,
        };
        t.advance()?;
        Ok(t)
    }
    fn advance(&mut self) -> Result<(), Error> {
        let Some(&c) = self.s.get(self.index) else {
            self.next = None;
            return Ok(());
        };
        if c == '\\' as u32 {
            let Some(&d) = self.s.get(self.index + 1) else {
                return Err(Error {
                    msg: "bad escape (end of pattern)".into(),
                    pos: Some(self.s.len().saturating_sub(1)),
                    kind: ErrKind::Re,
                });
            };
            self.index += 2;
            self.next = Some(Tok::Esc(d));
        } else {
            self.index += 1;
            self.next = Some(Tok::C(c));
        }
        Ok(())
    }
    fn matches(&mut self, c: char) -> Result<bool, Error> {
        if self.next == Some(Tok::C(c as u32)) {
            self.advance()?;
            return Ok(true);
        }
        Ok(false)
    }
    fn get(&mut self) -> Result<Option<Tok>, Error> {
        let t = self.next;
        self.advance()?;
        Ok(t)
    }
    pub(crate) fn tell(&self) -> usize {
        self.index - self.next.map_or(0, Tok::len)
    }
    fn seek(&mut self, i: usize) -> Result<(), Error> {
        self.index = i;
        self.advance()
    }
    pub(crate) fn error(&self, msg: impl Into<String>, offset: usize) -> Error {
        let mut msg = msg.into();
        if !self.istext {
            msg = ascii_escape(&msg);
        }
        Error {
            msg,
            pos: Some(self.tell().saturating_sub(offset)),
            kind: ErrKind::Re,
        }
    }
    fn next_in(&self, set: &str) -> Option<u32> {
        match self.next {
            Some(Tok::C(c)) if set.chars().any(|x| x as u32 == c) => Some(c),
            _ => None,
        }
    }
    fn getwhile(&mut self, n: usize, set: &str) -> Result<String, Error> {
        let mut out = String::new();
        for _ in 0..n {
            let Some(c) = self.next_in(set) else { break };
            out.push(ch(c));
            self.advance()?;
        }
        Ok(out)
    }
    /// Characters up to `term` (`getuntil`).
    pub(crate) fn getuntil(&mut self, term: char, name: &str) -> Result<String, Error> {
        let mut out = String::new();
        let mut n = 0;
        loop {
            let c = self.next;
            self.advance()?;
            match c {
                None => {
                    if n == 0 {
                        return Err(self.error(format!("missing {name}"), 0));
                    }
                    return Err(self.error(format!("missing {term}, unterminated name"), n));
                }
                Some(t) if t.is(term) => {
                    if n == 0 {
                        return Err(self.error(format!("missing {name}"), 1));
                    }
                    break;
                }
                Some(t) => {
                    out.push_str(&t.text());
                    n += t.len();
                }
            }
        }
        Ok(out)
    }
    pub(crate) fn checkgroupname(&self, name: &str, offset: usize) -> Result<(), Error> {
        if !crate::unicode::is_identifier(name) {
            return Err(self.error(
                format!("bad character in group name {}", py_repr(name)),
                name.chars().count() + offset,
            ));
        }
        Ok(())
    }
}

/// `msg.encode('ascii', 'backslashreplace').decode()`.
fn ascii_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        let v = c as u32;
        if v < 0x80 {
            out.push(c);
        } else if v < 0x100 {
            out.push_str(&format!("\\x{v:02x}"));
        } else if v < 0x10000 {
            out.push_str(&format!("\\u{v:04x}"));
        } else {
            out.push_str(&format!("\\U{v:08x}"));
        }
    }
    out
}

/// `repr(s)` of a str (quotes and escapes as Python chooses them).
pub fn py_repr(s: &str) -> String {
    crate::format::str_repr(s)
}

/// The deepest `nested` level the parser goes to (see [`parse_seq`]).
const MAX_NESTED: usize = 2 * 495 + 1;

const DIGITS: &str = "0123456789";
const OCTDIGITS: &str = "01234567";
const HEXDIGITS: &str = "0123456789abcdefABCDEF";

fn is_ascii_letter(c: u32) -> bool {
    char::from_u32(c).is_some_and(|c| c.is_ascii_alphabetic())
}

struct State {
    flags: u32,
    names: Vec<(String, usize)>,
    widths: Vec<Option<(u64, u64)>>,
    lookbehind: Option<usize>,
    grouprefpos: Vec<(usize, usize)>,
}

impl State {
    fn groups(&self) -> usize {
        self.widths.len()
    }
    fn checkgroup(&self, g: usize) -> bool {
        g < self.groups() && self.widths.get(g).is_some_and(|w| w.is_some())
    }
    fn group_of(&self, name: &str) -> Option<usize> {
        self.names.iter().find(|(n, _)| n == name).map(|(_, g)| *g)
    }
    fn checklookbehindgroup(&self, g: usize, src: &Src) -> Result<(), Error> {
        if let Some(lb) = self.lookbehind {
            if !self.checkgroup(g) {
                return Err(src.error("cannot refer to an open group", 0));
            }
            if g >= lb {
                return Err(src.error(
                    "cannot refer to group defined in the same lookbehind subpattern",
                    0,
                ));
            }
        }
        Ok(())
    }
}

enum Esc {
    Node(Node),
    Item(SetItem),
}

fn category(c: u32) -> Option<Esc> {
    let cat = match ch(c) {
        'd' => Cat::Digit,
        'D' => Cat::NotDigit,
        's' => Cat::Space,
        'S' => Cat::NotSpace,
        'w' => Cat::Word,
        'W' => Cat::NotWord,
        'A' => return Some(Esc::Node(Node::At(At::BeginningString))),
        'Z' => return Some(Esc::Node(Node::At(At::EndString))),
        'b' => return Some(Esc::Node(Node::At(At::Boundary))),
        'B' => return Some(Esc::Node(Node::At(At::NonBoundary))),
        _ => return None,
    };
    Some(Esc::Item(SetItem::Cat(cat)))
}

fn simple_escape(c: u32) -> Option<u32> {
    Some(match ch(c) {
        'a' => 7,
        'b' => 8,
        'f' => 12,
        'n' => 10,
        'r' => 13,
        't' => 9,
        'v' => 11,
        '\\' => 92,
        _ => return None,
    })
}

/// The escapes both contexts share: `\x`, `\u`, `\U`, `\N{}`. `None`:
/// not one of them.
fn code_escape(src: &mut Src, c: u32) -> Result<Option<u32>, Error> {
    let (n, prefix) = match ch(c) {
        'x' => (2, "\\x"),
        'u' if src.istext => (4, "\\u"),
        'U' if src.istext => (8, "\\U"),
        'N' if src.istext => {
            if !src.matches('{')? {
                return Err(src.error("missing {", 0));
            }
            let name = src.getuntil('}', "character name")?;
            return match unicode_names2::character(&name) {
                Some(c) => Ok(Some(c as u32)),
                None => Err(src.error(
                    format!("undefined character name {}", py_repr(&name)),
                    name.chars().count() + 4,
                )),
            };
        }
        _ => return Ok(None),
    };
    let digits = src.getwhile(n, HEXDIGITS)?;
    let esc = format!("{prefix}{digits}");
    if digits.len() != n {
        return Err(src.error(format!("incomplete escape {esc}"), esc.len()));
    }
    let v = u32::from_str_radix(&digits, 16).unwrap_or(0);
    if n == 8 && char::from_u32(v).is_none() && v > 0x10ffff {
        return Err(src.error(format!("bad escape {esc}"), esc.len()));
    }
    Ok(Some(v))
}

/// An escape inside a set.
fn class_escape(src: &mut Src, c: u32) -> Result<SetItem, Error> {
    if let Some(v) = simple_escape(c) {
        return Ok(SetItem::Lit(v));
    }
    if let Some(Esc::Item(i)) = category(c) {
        return Ok(i);
    }
    if let Some(v) = code_escape(src, c)? {
        return Ok(SetItem::Lit(v));
    }
    let d = ch(c);
    if OCTDIGITS.contains(d) {
        let more = src.getwhile(2, OCTDIGITS)?;
        let text = format!("{d}{more}");
        let v = u32::from_str_radix(&text, 8).unwrap_or(0);
        if v > 0o377 {
            return Err(src.error(
                format!("octal escape value \\{text} outside of range 0-0o377"),
                text.len() + 1,
            ));
        }
        return Ok(SetItem::Lit(v));
    }
    if DIGITS.contains(d) || is_ascii_letter(c) {
        return Err(src.error(format!("bad escape \\{d}"), 2));
    }
    Ok(SetItem::Lit(c))
}

/// An escape outside a set.
fn escape(src: &mut Src, c: u32, state: &State) -> Result<Node, Error> {
    if let Some(e) = category(c) {
        return Ok(match e {
            Esc::Node(n) => n,
            Esc::Item(i) => Node::Set(false, vec![i]),
        });
    }
    if let Some(v) = simple_escape(c) {
        return Ok(Node::Lit(v));
    }
    if let Some(v) = code_escape(src, c)? {
        return Ok(Node::Lit(v));
    }
    let d = ch(c);
    if d == '0' {
        let more = src.getwhile(2, OCTDIGITS)?;
        return Ok(Node::Lit(
            u32::from_str_radix(&format!("0{more}"), 8).unwrap_or(0),
        ));
    }
    if DIGITS.contains(d) {
        let mut text = d.to_string();
        if let Some(e) = src.next_in(DIGITS) {
            src.advance()?;
            text.push(ch(e));
            if OCTDIGITS.contains(d)
                && OCTDIGITS.contains(ch(e))
                && let Some(f) = src.next_in(OCTDIGITS)
            {
                src.advance()?;
                text.push(ch(f));
                let v = u32::from_str_radix(&text, 8).unwrap_or(0);
                if v > 0o377 {
                    return Err(src.error(
                        format!("octal escape value \\{text} outside of range 0-0o377"),
                        text.len() + 1,
                    ));
                }
                return Ok(Node::Lit(v));
            }
        }
        let group: usize = text.parse().unwrap_or(0);
        if group < state.groups() {
            if !state.checkgroup(group) {
                return Err(src.error("cannot refer to an open group", text.len() + 1));
            }
            state.checklookbehindgroup(group, src)?;
            return Ok(Node::GroupRef(group));
        }
        return Err(src.error(format!("invalid group reference {group}"), text.len()));
    }
    if is_ascii_letter(c) {
        return Err(src.error(format!("bad escape \\{d}"), 2));
    }
    Ok(Node::Lit(c))
}

/// Parses `pattern` (code points; a bytes pattern's bytes) with `flags`.
pub fn parse(pattern: &[u32], istext: bool, flags: u32) -> Result<Parsed, Error> {
    let mut src = Src::new(pattern, istext)?;
    let mut state = State {
        flags,
        names: Vec::new(),
        widths: vec![None],
        lookbehind: None,
        grouprefpos: Vec::new(),
    };
    let node = parse_sub(&mut src, &mut state, flags & VERBOSE != 0, 0)?;
    let flags = fix_flags(istext, state.flags)?;
    if src.next.is_some() {
        return Err(src.error("unbalanced parenthesis", 0));
    }
    for &(g, pos) in &state.grouprefpos {
        if g >= state.groups() {
            return Err(Error {
                msg: format!("invalid group reference {g}"),
                pos: Some(pos),
                kind: ErrKind::Re,
            });
        }
    }
    Ok(Parsed {
        node,
        flags,
        groups: state.groups(),
        names: state.names,
        widths: state.widths.iter().map(|w| w.unwrap_or((0, 0))).collect(),
    })
}

/// CPython's `fix_flags`: the type flags checked against the pattern's
/// type, UNICODE added for str.
pub fn fix_flags(istext: bool, mut flags: u32) -> Result<u32, Error> {
    let value = |m: &str| Error {
        msg: m.into(),
        pos: None,
        kind: ErrKind::Value,
    };
    if istext {
        if flags & LOCALE != 0 {
            return Err(value("cannot use LOCALE flag with a str pattern"));
        }
        if flags & ASCII == 0 {
            flags |= UNICODE;
        } else if flags & UNICODE != 0 {
            return Err(value("ASCII and UNICODE flags are incompatible"));
        }
    } else {
        if flags & UNICODE != 0 {
            return Err(value("cannot use UNICODE flag with a bytes pattern"));
        }
        if flags & LOCALE != 0 && flags & ASCII != 0 {
            return Err(value("ASCII and LOCALE flags are incompatible"));
        }
    }
    Ok(flags)
}

fn parse_sub(
    src: &mut Src,
    state: &mut State,
    verbose: bool,
    nested: usize,
) -> Result<Node, Error> {
    let mut items = Vec::new();
    let mut verbose = verbose;
    loop {
        let first = nested == 0 && items.is_empty();
        items.push(parse_seq(src, state, verbose, nested + 1, first)?);
        if !src.matches('|')? {
            break;
        }
        if nested == 0 {
            verbose = state.flags & VERBOSE != 0;
        }
    }
    if items.len() == 1 {
        return Ok(items.pop().unwrap_or(Node::Cat(Vec::new())));
    }
    Ok(Node::Branch(items))
}

fn flag_of(c: u32) -> Option<u32> {
    Some(match ch(c) {
        'i' => IGNORECASE,
        'L' => LOCALE,
        'm' => MULTILINE,
        's' => DOTALL,
        'x' => VERBOSE,
        'a' => ASCII,
        't' => TEMPLATE,
        'u' => UNICODE,
        _ => return None,
    })
}

const TYPE_FLAGS: u32 = ASCII | LOCALE | UNICODE;
const GLOBAL_FLAGS: u32 = DEBUG | TEMPLATE;

/// `(?flags)` / `(?flags-flags:`: `None` for global flags.
fn parse_flags(src: &mut Src, state: &mut State, first: u32) -> Result<Option<(u32, u32)>, Error> {
    let mut add = 0;
    let mut del = 0;
    let mut c = Some(Tok::C(first));
    let is_alpha = |t: Tok| matches!(t, Tok::C(c) if ch(c).is_alphabetic());
    if first != '-' as u32 {
        while let Some(Tok::C(cv)) = c {
            let flag = flag_of(cv).unwrap_or(0);
            if src.istext {
                if cv == 'L' as u32 {
                    return Err(src.error(
                        "bad inline flags: cannot use 'L' flag with a str pattern",
                        0,
                    ));
                }
            } else if cv == 'u' as u32 {
                return Err(src.error(
                    "bad inline flags: cannot use 'u' flag with a bytes pattern",
                    0,
                ));
            }
            add |= flag;
            if flag & TYPE_FLAGS != 0 && add & TYPE_FLAGS != flag {
                return Err(src.error(
                    "bad inline flags: flags 'a', 'u' and 'L' are incompatible",
                    0,
                ));
            }
            c = src.get()?;
            let Some(t) = c else {
                return Err(src.error("missing -, : or )", 0));
            };
            if t.is(')') || t.is('-') || t.is(':') {
                break;
            }
            if !matches!(t, Tok::C(v) if flag_of(v).is_some()) {
                let msg = if is_alpha(t) {
                    "unknown flag"
                } else {
                    "missing -, : or )"
                };
                return Err(src.error(msg, t.len()));
            }
        }
    }
    let c0 = c.unwrap_or(Tok::C(0));
    if c0.is(')') {
        state.flags |= add;
        return Ok(None);
    }
    if add & GLOBAL_FLAGS != 0 {
        return Err(src.error("bad inline flags: cannot turn on global flag", 1));
    }
    if c0.is('-') {
        let c = src.get()?;
        let Some(mut t) = c else {
            return Err(src.error("missing flag", 0));
        };
        if !matches!(t, Tok::C(v) if flag_of(v).is_some()) {
            let msg = if is_alpha(t) {
                "unknown flag"
            } else {
                "missing flag"
            };
            return Err(src.error(msg, t.len()));
        }
        loop {
            let flag = match t {
                Tok::C(v) => flag_of(v).unwrap_or(0),
                Tok::Esc(_) => 0,
            };
            if flag & TYPE_FLAGS != 0 {
                return Err(src.error(
                    "bad inline flags: cannot turn off flags 'a', 'u' and 'L'",
                    0,
                ));
            }
            del |= flag;
            let Some(n) = src.get()? else {
                return Err(src.error("missing :", 0));
            };
            if n.is(':') {
                break;
            }
            if !matches!(n, Tok::C(v) if flag_of(v).is_some()) {
                let msg = if is_alpha(n) {
                    "unknown flag"
                } else {
                    "missing :"
                };
                return Err(src.error(msg, n.len()));
            }
            t = n;
        }
    }
    if del & GLOBAL_FLAGS != 0 {
        return Err(src.error("bad inline flags: cannot turn off global flag", 1));
    }
    if add & del != 0 {
        return Err(src.error("bad inline flags: flag turned on and off", 1));
    }
    Ok(Some((add, del)))
}

fn is_repeat(n: &Node) -> bool {
    matches!(n, Node::Repeat(..))
}

#[allow(clippy::too_many_lines)]
fn parse_seq(
    src: &mut Src,
    state: &mut State,
    mut verbose: bool,
    nested: usize,
    first: bool,
) -> Result<Node, Error> {
    // CPython's `_parse_sub` and `_parse` recurse once each per nesting
    // level: with the default limit of 1000 frames, nesting 496 deep from
    // the top level of a program fails.
    if nested > MAX_NESTED {
        return Err(Error {
            msg: "maximum recursion depth exceeded".into(),
            pos: None,
            kind: ErrKind::Recursion,
        });
    }
    let mut seq: Vec<Node> = Vec::new();
    while let Some(this) = src.next {
        if this.is('|') || this.is(')') {
            break;
        }
        src.advance()?;
        if verbose {
            if let Tok::C(c) = this
                && matches!(ch(c), ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c')
            {
                continue;
            }
            if this.is('#') {
                loop {
                    match src.get()? {
                        None => break,
                        Some(t) if t.is('\n') => break,
                        _ => {}
                    }
                }
                continue;
            }
        }
        let c = match this {
            Tok::Esc(c) => {
                seq.push(escape(src, c, state)?);
                continue;
            }
            Tok::C(c) => c,
        };
        match ch(c) {
            '[' => {
                let here = src.tell() - 1;
                let negate = src.matches('^')?;
                let mut set: Vec<SetItem> = Vec::new();
                loop {
                    let Some(this) = src.get()? else {
                        return Err(src.error("unterminated character set", src.tell() - here));
                    };
                    if this.is(']') && !set.is_empty() {
                        break;
                    }
                    let code1 = match this {
                        Tok::Esc(e) => class_escape(src, e)?,
                        Tok::C(v) => SetItem::Lit(v),
                    };
                    if src.matches('-')? {
                        let Some(that) = src.get()? else {
                            return Err(src.error("unterminated character set", src.tell() - here));
                        };
                        if that.is(']') {
                            set.push(code1);
                            set.push(SetItem::Lit('-' as u32));
                            break;
                        }
                        let code2 = match that {
                            Tok::Esc(e) => class_escape(src, e)?,
                            Tok::C(v) => SetItem::Lit(v),
                        };
                        let msg = format!("bad character range {}-{}", this.text(), that.text());
                        let off = this.len() + 1 + that.len();
                        let (SetItem::Lit(lo), SetItem::Lit(hi)) = (code1, code2) else {
                            return Err(src.error(msg, off));
                        };
                        if hi < lo {
                            return Err(src.error(msg, off));
                        }
                        set.push(SetItem::Range(lo, hi));
                    } else {
                        set.push(code1);
                    }
                }
                match set.as_slice() {
                    [SetItem::Lit(v)] if negate => seq.push(Node::NotLit(*v)),
                    [SetItem::Lit(v)] => seq.push(Node::Lit(*v)),
                    _ => seq.push(Node::Set(negate, set)),
                }
            }
            '*' | '+' | '?' | '{' => {
                let here = src.tell();
                let (min, max) = match ch(c) {
                    '?' => (0, 1),
                    '*' => (0, MAXREPEAT),
                    '+' => (1, MAXREPEAT),
                    _ => {
                        if src.next.is_some_and(|t| t.is('}')) {
                            seq.push(Node::Lit(c));
                            continue;
                        }
                        let mut lo = String::new();
                        let mut hi = String::new();
                        while let Some(d) = src.next_in(DIGITS) {
                            lo.push(ch(d));
                            src.advance()?;
                        }
                        if src.matches(',')? {
                            while let Some(d) = src.next_in(DIGITS) {
                                hi.push(ch(d));
                                src.advance()?;
                            }
                        } else {
                            hi = lo.clone();
                        }
                        if !src.matches('}')? {
                            seq.push(Node::Lit(c));
                            src.seek(here)?;
                            continue;
                        }
                        let big = || Error {
                            msg: "the repetition number is too large".into(),
                            pos: None,
                            kind: ErrKind::Overflow,
                        };
                        let mut min = 0;
                        let mut max = MAXREPEAT;
                        if !lo.is_empty() {
                            min = lo.parse::<u64>().unwrap_or(u64::MAX);
                            if min >= MAXREPEAT {
                                return Err(big());
                            }
                        }
                        if !hi.is_empty() {
                            max = hi.parse::<u64>().unwrap_or(u64::MAX);
                            if max >= MAXREPEAT {
                                return Err(big());
                            }
                            if max < min {
                                return Err(src.error(
                                    "min repeat greater than max repeat",
                                    src.tell() - here,
                                ));
                            }
                        }
                        (min, max)
                    }
                };
                let off = src.tell() - here + 1;
                let item = match seq.pop() {
                    None | Some(Node::At(_)) => {
                        return Err(src.error("nothing to repeat", off));
                    }
                    Some(n) if is_repeat(&n) => {
                        return Err(src.error("multiple repeat", off));
                    }
                    Some(n) => n,
                };
                let greed = if src.matches('?')? {
                    Greed::Lazy
                } else if src.matches('+')? {
                    Greed::Possessive
                } else {
                    Greed::Greedy
                };
                seq.push(Node::Repeat(min, max, greed, Box::new(item)));
            }
            '.' => seq.push(Node::Any),
            '(' => {
                let start = src.tell() - 1;
                let mut capture = true;
                let mut atomic = false;
                let mut name: Option<String> = None;
                let mut add = 0;
                let mut del = 0;
                if src.matches('?')? {
                    let Some(t) = src.get()? else {
                        return Err(src.error("unexpected end of pattern", 0));
                    };
                    let tc = match t {
                        Tok::C(v) => ch(v),
                        Tok::Esc(_) => '\\',
                    };
                    match tc {
                        'P' => {
                            if src.matches('<')? {
                                let n = src.getuntil('>', "group name")?;
                                src.checkgroupname(&n, 1)?;
                                name = Some(n);
                            } else if src.matches('=')? {
                                let n = src.getuntil(')', "group name")?;
                                src.checkgroupname(&n, 1)?;
                                let nl = n.chars().count();
                                let Some(gid) = state.group_of(&n) else {
                                    return Err(src.error(
                                        format!("unknown group name {}", py_repr(&n)),
                                        nl + 1,
                                    ));
                                };
                                if !state.checkgroup(gid) {
                                    return Err(src.error("cannot refer to an open group", nl + 1));
                                }
                                state.checklookbehindgroup(gid, src)?;
                                seq.push(Node::GroupRef(gid));
                                continue;
                            } else {
                                let Some(t) = src.get()? else {
                                    return Err(src.error("unexpected end of pattern", 0));
                                };
                                return Err(src.error(
                                    format!("unknown extension ?P{}", t.text()),
                                    t.len() + 2,
                                ));
                            }
                        }
                        ':' => capture = false,
                        '#' => {
                            loop {
                                if src.next.is_none() {
                                    return Err(src.error(
                                        "missing ), unterminated comment",
                                        src.tell() - start,
                                    ));
                                }
                                if src.get()?.is_some_and(|t| t.is(')')) {
                                    break;
                                }
                            }
                            continue;
                        }
                        '=' | '!' | '<' => {
                            let mut kind = tc;
                            let mut behind = false;
                            let saved = state.lookbehind;
                            if tc == '<' {
                                let Some(t2) = src.get()? else {
                                    return Err(src.error("unexpected end of pattern", 0));
                                };
                                if !(t2.is('=') || t2.is('!')) {
                                    return Err(src.error(
                                        format!("unknown extension ?<{}", t2.text()),
                                        t2.len() + 2,
                                    ));
                                }
                                kind = if t2.is('=') { '=' } else { '!' };
                                behind = true;
                                if state.lookbehind.is_none() {
                                    state.lookbehind = Some(state.groups());
                                }
                            }
                            let p = parse_sub(src, state, verbose, nested + 1)?;
                            if behind && saved.is_none() {
                                state.lookbehind = None;
                            }
                            if !src.matches(')')? {
                                return Err(src.error(
                                    "missing ), unterminated subpattern",
                                    src.tell() - start,
                                ));
                            }
                            seq.push(Node::Assert(behind, kind == '!', Box::new(p)));
                            continue;
                        }
                        '(' => {
                            let cond = src.getuntil(')', "group name")?;
                            let cl = cond.chars().count();
                            let group = if crate::unicode::is_identifier(&cond) {
                                let Some(g) = state.group_of(&cond) else {
                                    return Err(src.error(
                                        format!("unknown group name {}", py_repr(&cond)),
                                        cl + 1,
                                    ));
                                };
                                g
                            } else {
                                let ok =
                                    !cond.is_empty() && cond.chars().all(|c| c.is_ascii_digit());
                                let Some(g) = cond.parse::<usize>().ok().filter(|_| ok) else {
                                    return Err(src.error(
                                        format!("bad character in group name {}", py_repr(&cond)),
                                        cl + 1,
                                    ));
                                };
                                if g == 0 {
                                    return Err(src.error("bad group number", cl + 1));
                                }
                                if g >= MAXGROUPS {
                                    return Err(
                                        src.error(format!("invalid group reference {g}"), cl + 1)
                                    );
                                }
                                if !state.grouprefpos.iter().any(|(x, _)| *x == g) {
                                    state.grouprefpos.push((g, src.tell() - cl - 1));
                                }
                                g
                            };
                            state.checklookbehindgroup(group, src)?;
                            let yes = parse_seq(src, state, verbose, nested + 1, false)?;
                            let no = if src.matches('|')? {
                                let n = parse_seq(src, state, verbose, nested + 1, false)?;
                                if src.next.is_some_and(|t| t.is('|')) {
                                    return Err(src.error(
                                        "conditional backref with more than two branches",
                                        0,
                                    ));
                                }
                                Some(Box::new(n))
                            } else {
                                None
                            };
                            if !src.matches(')')? {
                                return Err(src.error(
                                    "missing ), unterminated subpattern",
                                    src.tell() - start,
                                ));
                            }
                            seq.push(Node::Cond(group, Box::new(yes), no));
                            continue;
                        }
                        '>' => {
                            capture = false;
                            atomic = true;
                        }
                        _ if matches!(t, Tok::C(v) if flag_of(v).is_some() || v == '-' as u32) => {
                            let v = match t {
                                Tok::C(v) => v,
                                Tok::Esc(v) => v,
                            };
                            match parse_flags(src, state, v)? {
                                None => {
                                    if !first || !seq.is_empty() {
                                        return Err(src.error(
                                            "global flags not at the start of the expression",
                                            src.tell() - start,
                                        ));
                                    }
                                    verbose = state.flags & VERBOSE != 0;
                                    continue;
                                }
                                Some((a, d)) => {
                                    add = a;
                                    del = d;
                                    capture = false;
                                }
                            }
                        }
                        _ => {
                            return Err(
                                src.error(format!("unknown extension ?{}", t.text()), t.len() + 1)
                            );
                        }
                    }
                }
                let group = if capture {
                    let gid = state.groups();
                    if gid + 1 > MAXGROUPS {
                        return Err(src.error("too many groups", 0));
                    }
                    if let Some(n) = &name {
                        if let Some(og) = state.group_of(n) {
                            return Err(src.error(
                                format!(
                                    "redefinition of group name {} as group {gid}; was group {og}",
                                    py_repr(n)
                                ),
                                n.chars().count() + 1,
                            ));
                        }
                        state.names.push((n.clone(), gid));
                    }
                    state.widths.push(None);
                    Some(gid)
                } else {
                    None
                };
                let sub_verbose = (verbose || add & VERBOSE != 0) && del & VERBOSE == 0;
                let p = parse_sub(src, state, sub_verbose, nested + 1)?;
                if !src.matches(')')? {
                    return Err(src.error("missing ), unterminated subpattern", src.tell() - start));
                }
                if let Some(g) = group {
                    let w = width(&p, &state.widths);
                    if let Some(slot) = state.widths.get_mut(g) {
                        *slot = Some(w);
                    }
                }
                if atomic {
                    seq.push(Node::Atomic(Box::new(p)));
                } else {
                    seq.push(Node::Group(group, add, del, Box::new(p)));
                }
            }
            '^' => seq.push(Node::At(At::Beginning)),
            '$' => seq.push(Node::At(At::End)),
            _ => seq.push(Node::Lit(c)),
        }
    }
    if seq.len() == 1 {
        return Ok(seq.pop().unwrap_or(Node::Cat(Vec::new())));
    }
    Ok(Node::Cat(seq))
}

/// (min, max) width of `n` as `getwidth` computes it (max capped).
pub fn width(n: &Node, groups: &[Option<(u64, u64)>]) -> (u64, u64) {
    const CAP: u64 = MAXREPEAT - 1;
    let (lo, hi) = match n {
        Node::Lit(_) | Node::NotLit(_) | Node::Any | Node::Set(..) => (1, 1),
        Node::At(_) | Node::Assert(..) => (0, 0),
        Node::Cat(v) => v.iter().fold((0u64, 0u64), |(a, b), x| {
            let (l, h) = width(x, groups);
            (a.saturating_add(l), b.saturating_add(h))
        }),
        Node::Branch(v) => {
            let mut i = CAP;
            let mut j = 0;
            for x in v {
                let (l, h) = width(x, groups);
                i = i.min(l);
                j = j.max(h);
            }
            (i, j)
        }
        Node::Repeat(min, max, _, item) => {
            let (l, h) = width(item, groups);
            (l.saturating_mul(*min), h.saturating_mul(*max))
        }
        Node::Group(_, _, _, p) | Node::Atomic(p) => width(p, groups),
        Node::GroupRef(g) => groups.get(*g).copied().flatten().unwrap_or((0, 0)),
        Node::Cond(_, yes, no) => {
            let (mut i, mut j) = width(yes, groups);
            match no {
                Some(no) => {
                    let (l, h) = width(no, groups);
                    i = i.min(l);
                    j = j.max(h);
                }
                None => i = 0,
            }
            (i, j)
        }
    };
    (lo.min(CAP), hi.min(CAP))
}
