//! The matcher: a backtracking machine over a [`Prog`] with sre's
//! semantics (leftmost match, first alternative wins, greedy, lazy and
//! possessive repeats). Choice points, saved captures and marks live on
//! one heap stack ([`Bt`]), so neither the input's length nor a
//! repeat's count grows the Rust stack.

use super::parse::{At, Cat, SetItem};

/// "No position" in a register.
pub const NONE: usize = usize::MAX;

/// A test of one character.
#[derive(Debug, Clone, Copy)]
pub enum Item {
    /// The character itself.
    Lit(u32),
    /// Case-insensitively.
    LitI(u32),
    /// Any other character.
    NotLit(u32),
    /// Any other character, case-insensitively.
    NotLitI(u32),
    /// `.` without DOTALL.
    Any,
    /// `.` with DOTALL.
    AnyAll,
    /// A set of [`Prog::sets`].
    Set(usize),
}

/// A character set with its flags.
#[derive(Debug, Clone)]
pub struct CharSet {
    /// `[^...]`
    pub negated: bool,
    /// Members.
    pub items: Vec<SetItem>,
    /// IGNORECASE.
    pub icase: bool,
    /// ASCII rules for categories.
    pub ascii: bool,
}

/// One instruction.
#[derive(Debug, Clone)]
pub enum Inst {
    /// One character.
    One(Item),
    /// `item{min,max}` of a one-character item; `follow` is a literal
    /// that must come next (skips hopeless backtracking).
    Single {
        /// The test.
        item: Item,
        /// Least count.
        min: usize,
        /// Most count.
        max: usize,
        /// Greedy (else lazy; possessive repeats are wrapped as atomic).
        greedy: bool,
        /// The literal after the repeat, if any.
        follow: Option<u32>,
    },
    /// An assertion with MULTILINE and ASCII.
    At(At, bool, bool),
    /// Sets a register to the position.
    Save(usize),
    /// Ends group `g` (its end register and `lastindex`).
    SaveEnd(usize),
    /// Continues at the first, backtracks to the second.
    Split(usize, usize),
    /// Goes to.
    Jmp(usize),
    /// Resets the counter registers of repeat `r`.
    RepStart(usize),
    /// The test between iterations of repeat `r`.
    RepLoop {
        /// Counter register.
        r: usize,
        /// Least count.
        min: usize,
        /// Most count.
        max: usize,
        /// Lazy.
        lazy: bool,
        /// After the loop.
        exit: usize,
    },
    /// Starts an optional iteration of repeat `r` (count and position);
    /// the body follows.
    RepIter(usize),
    /// `(?>`
    AtomicStart,
    /// `)` of an atomic group.
    AtomicEnd,
    /// A look-around: negative, width back for a look-behind, where to
    /// go after.
    LookStart {
        /// `(?!`, `(?<!`
        neg: bool,
        /// Look-behind width.
        behind: Option<usize>,
        /// After the assertion.
        cont: usize,
    },
    /// The end of a look-around's subpattern.
    LookEnd,
    /// A back-reference: 0 exact, 1 IGNORECASE, 2 IGNORECASE with ASCII.
    GroupRef(usize, u8),
    /// `(?(g)`: continue if group `g` matched, else go to the second.
    CondGroup(usize, usize),
    /// Success.
    Match,
}

/// A compiled pattern.
#[derive(Debug, Clone)]
pub struct Prog {
    /// Instructions.
    pub insts: Vec<Inst>,
    /// Sets.
    pub sets: Vec<CharSet>,
    /// Groups plus one.
    pub groups: usize,
    /// Registers: captures, `lastindex`, then two per repeat.
    pub nregs: usize,
    /// A test the first character of every match passes.
    pub first: Option<Item>,
}

/// The lowercase of `c` (simple mapping).
pub fn lower(c: u32, ascii: bool) -> u32 {
    if c < 0x80 || ascii {
        if (b'A' as u32..=b'Z' as u32).contains(&c) {
            return c + 32;
        }
        return c;
    }
    let Some(ch) = char::from_u32(c) else {
        return c;
    };
    let mut it = ch.to_lowercase();
    match (it.next(), it.next()) {
        (Some(l), None) => l as u32,
        (Some(l), Some(_)) if c == 0x130 => l as u32,
        _ => c,
    }
}

/// The uppercase of `c` (simple mapping).
pub fn upper(c: u32, ascii: bool) -> u32 {
    if c < 0x80 || ascii {
        if (b'a' as u32..=b'z' as u32).contains(&c) {
            return c - 32;
        }
        return c;
    }
    let Some(ch) = char::from_u32(c) else {
        return c;
    };
    let mut it = ch.to_uppercase();
    match (it.next(), it.next()) {
        (Some(u), None) => u as u32,
        _ => c,
    }
}

fn same_icase(a: u32, b: u32, ascii: bool) -> bool {
    a == b || lower(a, ascii) == lower(b, ascii) || upper(a, ascii) == upper(b, ascii)
}

/// Whether `c` is a word character.
pub fn is_word(c: u32, ascii: bool) -> bool {
    if c < 0x80 {
        let b = c as u8;
        return b.is_ascii_alphanumeric() || b == b'_';
    }
    !ascii && char::from_u32(c).is_some_and(crate::unicode::is_alnum)
}

fn in_cat(cat: Cat, c: u32, ascii: bool) -> bool {
    let uni = |f: fn(char) -> bool| !ascii && char::from_u32(c).is_some_and(f);
    match cat {
        Cat::Digit => {
            (b'0' as u32..=b'9' as u32).contains(&c)
                || (c >= 0x80 && uni(crate::unicode::is_decimal))
        }
        Cat::NotDigit => !in_cat(Cat::Digit, c, ascii),
        Cat::Space => {
            matches!(c, 9..=13 | 32)
                || (c >= 0x80 && uni(crate::unicode::is_space))
                || (!ascii && (0x1c..=0x1f).contains(&c))
        }
        Cat::NotSpace => !in_cat(Cat::Space, c, ascii),
        Cat::Word => is_word(c, ascii),
        Cat::NotWord => !is_word(c, ascii),
    }
}

fn set_has(items: &[SetItem], c: u32, ascii: bool) -> bool {
    items.iter().any(|i| match *i {
        SetItem::Lit(l) => l == c,
        SetItem::Range(lo, hi) => (lo..=hi).contains(&c),
        SetItem::Cat(cat) => in_cat(cat, c, ascii),
    })
}

impl CharSet {
    /// Whether `c` is in the set.
    pub fn contains(&self, c: u32) -> bool {
        let mut hit = set_has(&self.items, c, self.ascii);
        if !hit && self.icase {
            let l = lower(c, self.ascii);
            let u = upper(c, self.ascii);
            hit = (l != c && set_has(&self.items, l, self.ascii))
                || (u != c && set_has(&self.items, u, self.ascii));
        }
        hit != self.negated
    }
}

impl Prog {
    #[inline]
    fn item_matches(&self, item: Item, c: u32) -> bool {
        match item {
            Item::Lit(l) => c == l,
            Item::LitI(l) => same_icase(c, l, false),
            Item::NotLit(l) => c != l,
            Item::NotLitI(l) => !same_icase(c, l, false),
            Item::Any => c != 10,
            Item::AnyAll => true,
            Item::Set(i) => self.sets.get(i).is_some_and(|s| s.contains(c)),
        }
    }
}

/// A backtracking-stack entry.
#[derive(Debug, Clone, Copy)]
enum Bt {
    /// Resume at `pc`, `pos`.
    Alt { pc: usize, pos: usize },
    /// Undo a register write.
    Restore { reg: usize, old: usize },
    /// A greedy single repeat: give back one more character.
    Star {
        pc: usize,
        start: usize,
        count: usize,
        min: usize,
    },
    /// A lazy single repeat: take one more character.
    Lazy { pc: usize, pos: usize, count: usize },
    /// Where an atomic group started.
    Atomic,
    /// Where a look-around started.
    Look { neg: bool, pos: usize, cont: usize },
}

/// How a match must sit.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// At the start position (`match`).
    Match,
    /// At the start and to the end (`fullmatch`).
    Full,
    /// At the start, not empty (a search after an empty match).
    Advance,
}

/// A matcher for one text, reused across attempts.
pub struct Matcher<'p, 't, T> {
    prog: &'p Prog,
    text: &'t [T],
    /// The registers after a successful attempt.
    pub regs: Vec<usize>,
    stack: Vec<Bt>,
}

impl<'p, 't, T: Copy + Into<u32>> Matcher<'p, 't, T> {
    /// A matcher of `prog` over `text` (already cut at `endpos`).
    pub fn new(prog: &'p Prog, text: &'t [T]) -> Self {
        Matcher {
            prog,
            text,
            regs: vec![NONE; prog.nregs],
            stack: Vec::new(),
        }
    }

    #[inline]
    fn at(&self, i: usize) -> Option<u32> {
        self.text.get(i).map(|&c| c.into())
    }

    /// The first match starting at or after `pos` (its start), trying
    /// each position in turn.
    /// With `must_advance`, a match at `pos` must not be empty (CPython's
    /// rule after an empty match).
    pub fn search(&mut self, pos: usize, must_advance: bool) -> Option<usize> {
        let end = self.text.len();
        let mut start = pos;
        while start <= end {
            if let Some(item) = self.prog.first {
                // Skip the places where no match can start without setting
                // up an attempt at each.
                let found = match item {
                    Item::Lit(l) => (start..end).find(|&i| self.at(i) == Some(l)),
                    _ => (start..end)
                        .find(|&i| self.at(i).is_some_and(|c| self.prog.item_matches(item, c))),
                };
                match found {
                    Some(i) => start = i,
                    None => return None,
                }
            }
            let mode = if must_advance && start == pos {
                Mode::Advance
            } else {
                Mode::Match
            };
            if self.run(start, mode) {
                return Some(start);
            }
            start += 1;
        }
        None
    }

    fn set(&mut self, reg: usize, v: usize) {
        if let Some(r) = self.regs.get_mut(reg) {
            let old = *r;
            *r = v;
            self.stack.push(Bt::Restore { reg, old });
        }
    }

    fn reg(&self, reg: usize) -> usize {
        self.regs.get(reg).copied().unwrap_or(NONE)
    }

    /// Finds the topmost mark; drops the choice points above it (keeping
    /// the register undo entries) and the mark itself.
    fn cut_to_mark(&mut self) -> Option<Bt> {
        let at = self
            .stack
            .iter()
            .rposition(|e| matches!(e, Bt::Atomic | Bt::Look { .. }))?;
        let mark = self.stack.get(at).copied();
        let mut w = at;
        for r in at + 1..self.stack.len() {
            if let Some(e @ Bt::Restore { .. }) = self.stack.get(r).copied() {
                if let Some(slot) = self.stack.get_mut(w) {
                    *slot = e;
                }
                w += 1;
            }
        }
        self.stack.truncate(w);
        mark
    }

    fn at_ok(&self, a: At, multiline: bool, ascii: bool, pos: usize) -> bool {
        let end = self.text.len();
        match a {
            At::Beginning => pos == 0 || (multiline && self.at(pos - 1) == Some(10)),
            At::End => {
                pos == end
                    || (multiline && self.at(pos) == Some(10))
                    || (pos + 1 == end && self.at(pos) == Some(10))
            }
            At::BeginningString => pos == 0,
            At::EndString => pos == end,
            At::Boundary | At::NonBoundary => {
                if end == 0 {
                    return false;
                }
                let before = pos > 0 && self.at(pos - 1).is_some_and(|c| is_word(c, ascii));
                let after = self.at(pos).is_some_and(|c| is_word(c, ascii));
                (before != after) == (a == At::Boundary)
            }
        }
    }

    /// One attempt at `start`; on success the registers hold the groups
    /// (register 1 the end).
    #[allow(clippy::too_many_lines)]
    pub fn run(&mut self, start: usize, mode: Mode) -> bool {
        let prog = self.prog;
        let end = self.text.len();
        self.stack.clear();
        self.regs.iter_mut().for_each(|r| *r = NONE);
        let lastindex = prog.groups * 2;
        let mut pc = 0usize;
        let mut pos = start;
        loop {
            let mut ok = true;
            match prog.insts.get(pc) {
                None => return false,
                Some(inst) => match *inst {
                    Inst::One(item) => match self.at(pos) {
                        Some(c) if prog.item_matches(item, c) => {
                            pos += 1;
                            pc += 1;
                        }
                        _ => ok = false,
                    },
                    Inst::Single {
                        item,
                        min,
                        max,
                        greedy,
                        follow,
                    } => {
                        if greedy {
                            let mut n = 0;
                            while n < max {
                                match self.at(pos + n) {
                                    Some(c) if prog.item_matches(item, c) => n += 1,
                                    _ => break,
                                }
                            }
                            if n < min {
                                ok = false;
                            } else {
                                if let Some(f) = follow {
                                    while n > min && self.at(pos + n) != Some(f) {
                                        n -= 1;
                                    }
                                }
                                if n > min {
                                    self.stack.push(Bt::Star {
                                        pc: pc + 1,
                                        start: pos,
                                        count: n,
                                        min,
                                    });
                                }
                                pos += n;
                                pc += 1;
                            }
                        } else {
                            let mut n = 0;
                            while n < min {
                                match self.at(pos + n) {
                                    Some(c) if prog.item_matches(item, c) => n += 1,
                                    _ => break,
                                }
                            }
                            if n < min {
                                ok = false;
                            } else {
                                pos += n;
                                if n < max {
                                    self.stack.push(Bt::Lazy { pc, pos, count: n });
                                }
                                pc += 1;
                            }
                        }
                    }
                    Inst::At(a, ml, ascii) => {
                        if self.at_ok(a, ml, ascii, pos) {
                            pc += 1;
                        } else {
                            ok = false;
                        }
                    }
                    Inst::Save(r) => {
                        self.set(r, pos);
                        pc += 1;
                    }
                    Inst::SaveEnd(g) => {
                        self.set(2 * g + 1, pos);
                        self.set(lastindex, g);
                        pc += 1;
                    }
                    Inst::Split(a, b) => {
                        self.stack.push(Bt::Alt { pc: b, pos });
                        pc = a;
                    }
                    Inst::Jmp(t) => pc = t,
                    Inst::RepStart(r) => {
                        self.set(r, 0);
                        self.set(r + 1, NONE);
                        pc += 1;
                    }
                    Inst::RepLoop {
                        r,
                        min,
                        max,
                        lazy,
                        exit,
                    } => {
                        let count = self.reg(r);
                        if count < min {
                            // A required iteration: sre's zero-width guard
                            // only remembers where optional ones began.
                            self.set(r, count.saturating_add(1));
                            pc += 2;
                        } else if count >= max || self.reg(r + 1) == pos {
                            pc = exit;
                        } else if lazy {
                            self.stack.push(Bt::Alt { pc: pc + 1, pos });
                            pc = exit;
                        } else {
                            self.stack.push(Bt::Alt { pc: exit, pos });
                            pc += 1;
                        }
                    }
                    Inst::RepIter(r) => {
                        let count = self.reg(r);
                        self.set(r, count.saturating_add(1));
                        self.set(r + 1, pos);
                        pc += 1;
                    }
                    Inst::AtomicStart => {
                        self.stack.push(Bt::Atomic);
                        pc += 1;
                    }
                    Inst::AtomicEnd => {
                        self.cut_to_mark();
                        pc += 1;
                    }
                    Inst::LookStart { neg, behind, cont } => {
                        let from = match behind {
                            Some(w) => pos.checked_sub(w),
                            None => Some(pos),
                        };
                        match from {
                            Some(from) => {
                                self.stack.push(Bt::Look { neg, pos, cont });
                                pos = from;
                                pc += 1;
                            }
                            None if neg => pc = cont,
                            None => ok = false,
                        }
                    }
                    Inst::LookEnd => {
                        let at = self
                            .stack
                            .iter()
                            .rposition(|e| matches!(e, Bt::Atomic | Bt::Look { .. }));
                        match at.and_then(|i| self.stack.get(i).copied()) {
                            Some(Bt::Look {
                                neg: false,
                                pos: p,
                                cont,
                            }) => {
                                self.cut_to_mark();
                                pos = p;
                                pc = cont;
                            }
                            Some(Bt::Look { neg: true, .. }) => {
                                // The subpattern matched: the assertion fails;
                                // undo what it did.
                                while let Some(e) = self.stack.pop() {
                                    match e {
                                        Bt::Restore { reg, old } => {
                                            if let Some(r) = self.regs.get_mut(reg) {
                                                *r = old;
                                            }
                                        }
                                        Bt::Look { .. } => break,
                                        _ => {}
                                    }
                                }
                                ok = false;
                            }
                            _ => return false,
                        }
                    }
                    Inst::GroupRef(g, icase) => {
                        let (s, e) = (self.reg(2 * g), self.reg(2 * g + 1));
                        if s == NONE || e == NONE || e < s {
                            ok = false;
                        } else {
                            let n = e - s;
                            let good = pos + n <= end
                                && (0..n).all(|i| match (self.at(s + i), self.at(pos + i)) {
                                    (Some(a), Some(b)) => {
                                        a == b || (icase > 0 && same_icase(a, b, icase == 2))
                                    }
                                    _ => false,
                                });
                            if good {
                                pos += n;
                                pc += 1;
                            } else {
                                ok = false;
                            }
                        }
                    }
                    Inst::CondGroup(g, no) => {
                        let matched = self.reg(2 * g) != NONE && self.reg(2 * g + 1) != NONE;
                        pc = if matched { pc + 1 } else { no };
                    }
                    Inst::Match => {
                        if (mode == Mode::Full && pos != end)
                            || (mode == Mode::Advance && pos == start)
                        {
                            ok = false;
                        } else {
                            if let Some(r) = self.regs.get_mut(0) {
                                *r = start;
                            }
                            if let Some(r) = self.regs.get_mut(1) {
                                *r = pos;
                            }
                            return true;
                        }
                    }
                },
            }
            if ok {
                continue;
            }
            // Backtrack.
            loop {
                let Some(e) = self.stack.pop() else {
                    return false;
                };
                match e {
                    Bt::Restore { reg, old } => {
                        if let Some(r) = self.regs.get_mut(reg) {
                            *r = old;
                        }
                    }
                    Bt::Alt { pc: p, pos: q } => {
                        pc = p;
                        pos = q;
                        break;
                    }
                    Bt::Star {
                        pc: p,
                        start: s,
                        mut count,
                        min,
                    } => {
                        count -= 1;
                        if let Some(Inst::Single {
                            follow: Some(f), ..
                        }) = prog.insts.get(p - 1)
                        {
                            while count > min && self.at(s + count) != Some(*f) {
                                count -= 1;
                            }
                        }
                        if count > min {
                            self.stack.push(Bt::Star {
                                pc: p,
                                start: s,
                                count,
                                min,
                            });
                        }
                        pc = p;
                        pos = s + count;
                        break;
                    }
                    Bt::Lazy {
                        pc: p,
                        pos: q,
                        count,
                    } => {
                        let Some(Inst::Single { item, max, .. }) = prog.insts.get(p) else {
                            continue;
                        };
                        match self.at(q) {
                            Some(c) if prog.item_matches(*item, c) => {
                                if count + 1 < *max {
                                    self.stack.push(Bt::Lazy {
                                        pc: p,
                                        pos: q + 1,
                                        count: count + 1,
                                    });
                                }
                                pc = p + 1;
                                pos = q + 1;
                                break;
                            }
                            _ => continue,
                        }
                    }
                    Bt::Atomic => {}
                    Bt::Look {
                        neg: true,
                        pos: q,
                        cont,
                    } => {
                        pc = cont;
                        pos = q;
                        break;
                    }
                    Bt::Look { .. } => {}
                }
            }
        }
    }
}
