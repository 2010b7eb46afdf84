//! [`Node`] tree → [`Prog`], with the flags of each scope applied
//! (`(?i:...)`), and CPython's compile-time error for a look-behind of
//! variable width.

use super::exec::{CharSet, Inst, Item, Prog};
use super::parse::{self, ErrKind, Error, Greed, Node, Parsed, flags};

#[derive(Clone, Copy)]
struct Fl {
    icase: bool,
    multiline: bool,
    dotall: bool,
    ascii: bool,
}

impl Fl {
    fn with(self, add: u32, del: u32) -> Fl {
        let f = |cur: bool, bit: u32| (cur || add & bit != 0) && del & bit == 0;
        Fl {
            icase: f(self.icase, flags::IGNORECASE),
            multiline: f(self.multiline, flags::MULTILINE),
            dotall: f(self.dotall, flags::DOTALL),
            ascii: self.ascii || add & (flags::ASCII | flags::LOCALE) != 0,
        }
    }
}

struct Compiler<'a> {
    insts: Vec<Inst>,
    sets: Vec<CharSet>,
    nregs: usize,
    widths: &'a [(u64, u64)],
}

fn to_usize(n: u64) -> usize {
    if n >= parse::MAXREPEAT {
        usize::MAX
    } else {
        usize::try_from(n).unwrap_or(usize::MAX)
    }
}

/// Compiles a parsed pattern; `istext` is false for bytes patterns.
pub fn compile(p: &Parsed, istext: bool) -> Result<Prog, Error> {
    let fl = Fl {
        icase: p.flags & flags::IGNORECASE != 0,
        multiline: p.flags & flags::MULTILINE != 0,
        dotall: p.flags & flags::DOTALL != 0,
        ascii: !istext || p.flags & (flags::ASCII | flags::LOCALE) != 0,
    };
    let mut c = Compiler {
        insts: Vec::new(),
        sets: Vec::new(),
        nregs: p.groups * 2 + 1,
        widths: &p.widths,
    };
    c.emit(&p.node, fl)?;
    c.insts.push(Inst::Match);
    c.add_follow();
    let first = match c.insts.first() {
        Some(Inst::One(item)) => Some(*item),
        Some(Inst::Single { item, min, .. }) if *min > 0 => Some(*item),
        _ => None,
    };
    Ok(Prog {
        insts: c.insts,
        sets: c.sets,
        groups: p.groups,
        nregs: c.nregs,
        first,
    })
}

impl Compiler<'_> {
    fn item(&mut self, n: &Node, fl: Fl) -> Option<Item> {
        Some(match n {
            Node::Lit(c) if fl.icase && !(fl.ascii && *c >= 0x80) => Item::LitI(*c),
            Node::Lit(c) => Item::Lit(*c),
            Node::NotLit(c) if fl.icase && !(fl.ascii && *c >= 0x80) => Item::NotLitI(*c),
            Node::NotLit(c) => Item::NotLit(*c),
            Node::Any if fl.dotall => Item::AnyAll,
            Node::Any => Item::Any,
            Node::Set(neg, items) => {
                self.sets.push(CharSet {
                    negated: *neg,
                    items: items.clone(),
                    icase: fl.icase,
                    ascii: fl.ascii,
                });
                Item::Set(self.sets.len() - 1)
            }
            Node::Group(None, 0, 0, inner) => return self.item(inner, fl),
            _ => return None,
        })
    }

    fn fix_jump(&mut self, at: usize, target: usize) {
        match self.insts.get_mut(at) {
            Some(Inst::Jmp(t)) => *t = target,
            Some(Inst::Split(_, b)) => *b = target,
            Some(Inst::CondGroup(_, no)) => *no = target,
            Some(Inst::RepLoop { exit, .. }) => *exit = target,
            Some(Inst::LookStart { cont, .. }) => *cont = target,
            _ => {}
        }
    }

    fn emit(&mut self, n: &Node, fl: Fl) -> Result<(), Error> {
        if let Some(item) = match n {
            Node::Lit(_) | Node::NotLit(_) | Node::Any | Node::Set(..) => self.item(n, fl),
            _ => None,
        } {
            self.insts.push(Inst::One(item));
            return Ok(());
        }
        match n {
            Node::At(a) => self.insts.push(Inst::At(*a, fl.multiline, fl.ascii)),
            Node::Cat(v) => {
                for x in v {
                    self.emit(x, fl)?;
                }
            }
            Node::Branch(alts) => {
                let mut jumps = Vec::new();
                let last = alts.len().saturating_sub(1);
                for (i, a) in alts.iter().enumerate() {
                    if i < last {
                        let split = self.insts.len();
                        self.insts.push(Inst::Split(split + 1, 0));
                        self.emit(a, fl)?;
                        jumps.push(self.insts.len());
                        self.insts.push(Inst::Jmp(0));
                        let next = self.insts.len();
                        self.fix_jump(split, next);
                    } else {
                        self.emit(a, fl)?;
                    }
                }
                let end = self.insts.len();
                for j in jumps {
                    self.fix_jump(j, end);
                }
            }
            Node::Repeat(min, max, greed, item) => {
                let (min, max) = (to_usize(*min), to_usize(*max));
                if max == 0 {
                    return Ok(());
                }
                let possessive = *greed == Greed::Possessive;
                if possessive {
                    self.insts.push(Inst::AtomicStart);
                }
                if let Some(it) = self.item(item, fl) {
                    self.insts.push(Inst::Single {
                        item: it,
                        min,
                        max,
                        greedy: *greed != Greed::Lazy,
                        follow: None,
                    });
                } else {
                    let r = self.nregs;
                    self.nregs += 2;
                    self.insts.push(Inst::RepStart(r));
                    let lp = self.insts.len();
                    self.insts.push(Inst::RepLoop {
                        r,
                        min,
                        max,
                        lazy: *greed == Greed::Lazy,
                        exit: 0,
                    });
                    self.insts.push(Inst::RepIter(r));
                    self.emit(item, fl)?;
                    self.insts.push(Inst::Jmp(lp));
                    let exit = self.insts.len();
                    self.fix_jump(lp, exit);
                }
                if possessive {
                    self.insts.push(Inst::AtomicEnd);
                }
            }
            Node::Group(g, add, del, p) => {
                let inner = fl.with(*add, *del);
                if let Some(g) = g {
                    self.insts.push(Inst::Save(2 * g));
                    self.emit(p, inner)?;
                    self.insts.push(Inst::SaveEnd(*g));
                } else {
                    self.emit(p, inner)?;
                }
            }
            Node::Atomic(p) => {
                self.insts.push(Inst::AtomicStart);
                self.emit(p, fl)?;
                self.insts.push(Inst::AtomicEnd);
            }
            Node::Assert(behind, neg, p) => {
                let back = if *behind {
                    let opt: Vec<Option<(u64, u64)>> =
                        self.widths.iter().map(|w| Some(*w)).collect();
                    let (lo, hi) = parse::width(p, &opt);
                    if lo != hi {
                        return Err(Error {
                            msg: "look-behind requires fixed-width pattern".into(),
                            pos: None,
                            kind: ErrKind::Re,
                        });
                    }
                    Some(to_usize(lo))
                } else {
                    None
                };
                let at = self.insts.len();
                self.insts.push(Inst::LookStart {
                    neg: *neg,
                    behind: back,
                    cont: 0,
                });
                self.emit(p, fl)?;
                self.insts.push(Inst::LookEnd);
                let cont = self.insts.len();
                self.fix_jump(at, cont);
            }
            Node::GroupRef(g) => {
                let how = match (fl.icase, fl.ascii) {
                    (false, _) => 0,
                    (true, false) => 1,
                    (true, true) => 2,
                };
                self.insts.push(Inst::GroupRef(*g, how));
            }
            Node::Cond(g, yes, no) => {
                let at = self.insts.len();
                self.insts.push(Inst::CondGroup(*g, 0));
                self.emit(yes, fl)?;
                let j = self.insts.len();
                self.insts.push(Inst::Jmp(0));
                let no_at = self.insts.len();
                self.fix_jump(at, no_at);
                if let Some(no) = no {
                    self.emit(no, fl)?;
                }
                let end = self.insts.len();
                self.fix_jump(j, end);
            }
            Node::Lit(_) | Node::NotLit(_) | Node::Any | Node::Set(..) => {}
        }
        Ok(())
    }

    /// Marks greedy single repeats directly followed by a literal.
    fn add_follow(&mut self) {
        for i in 0..self.insts.len() {
            let next = match self.insts.get(i + 1) {
                Some(Inst::One(Item::Lit(l))) => Some(*l),
                _ => None,
            };
            if let Some(Inst::Single {
                greedy: true,
                follow,
                ..
            }) = self.insts.get_mut(i)
            {
                *follow = next;
            }
        }
    }
}
