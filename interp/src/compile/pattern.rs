//! The `match` statement (PEP 634), compiled as CPython 3.11 compiles it
//! (`compiler_match` and the `compiler_pattern_*` functions of
//! `compile.c`), with its compile-time errors, their wording and where
//! they point.
//!
//! Each `case` gets a copy of the subject (but the last), which its pattern
//! consumes. A pattern leaves the values it captures on the stack, below
//! whatever it is still working on, and on failure jumps to a label that
//! pops what it has on the stack (`PatCtx::fail_pop`); after a match the
//! captured values are stored into their names, then the guard runs.
//! Sequence, mapping and class patterns use CPython's instructions
//! (MATCH_SEQUENCE, GET_LEN, MATCH_MAPPING, MATCH_KEYS, MATCH_CLASS, whose
//! run-time side is `crate::matching`); the rest is comparisons, unpacking
//! and jumps.
//!
//! Like CPython's, the compiler sets the location to each pattern as it
//! starts compiling it and does not restore it afterwards: what a parent
//! pattern emits after a sub-pattern, and the errors it reports then
//! (a name captured twice, alternatives binding different names), point
//! at the last sub-pattern compiled.

use super::{CResult, CompileError, Compiler, Label};
use crate::bytecode::{BinOp, CmpOp, Op, Span};
use crate::object::Value;
use ruff_python_ast::{self as ast, Expr, Pattern};
use ruff_text_size::{Ranged, TextRange, TextSize};

/// CPython's `pattern_context`: what the pattern being compiled has on the
/// stack.
struct PatCtx {
    /// The names captured so far. Their values sit on the stack below the
    /// `on_top` items, the first nearest the top: each new one is rotated
    /// below the others, so that storing them in this order pops them.
    stores: Vec<Capture>,
    /// Whether an irrefutable pattern may appear here (a `case` that is
    /// the last or has a guard, the last alternative of such an OR
    /// pattern, any sub-pattern).
    allow_irrefutable: bool,
    /// Where a failed match jumps: `fail_pop[n]` pops one item and falls
    /// through to `fail_pop[n - 1]`, down to `fail_pop[0]`, the failure.
    fail_pop: Vec<Label>,
    /// Items above the captured values that a failure must pop.
    on_top: usize,
}

impl PatCtx {
    fn new(allow_irrefutable: bool) -> PatCtx {
        PatCtx {
            stores: Vec::new(),
            allow_irrefutable,
            fail_pop: Vec::new(),
            on_top: 0,
        }
    }
}

/// A name a pattern captures: as written, which is what CPython compares
/// (two captures differ even if they mangle to the same name) and shows
/// in its messages, and as stored (mangled, `_C__x` for `__x` in class
/// `C`).
#[derive(Clone)]
struct Capture {
    written: String,
    stored: String,
}

/// `_` (CPython's `WILDCARD_CHECK`).
fn is_wildcard(p: &Pattern) -> bool {
    matches!(p, Pattern::MatchAs(a) if a.pattern.is_none() && a.name.is_none())
}

/// `*_` (CPython's `WILDCARD_STAR_CHECK`).
fn is_star_wildcard(p: &Pattern) -> bool {
    matches!(p, Pattern::MatchStar(s) if s.name.is_none())
}

/// Whether `e` is what a value pattern may be, once CPython's optimizer
/// has folded it: a constant (a literal, a signed number, a complex
/// literal) or an attribute lookup. An f-string is not.
fn is_value_expr(e: &Expr) -> bool {
    match e {
        Expr::NumberLiteral(_)
        | Expr::StringLiteral(_)
        | Expr::BytesLiteral(_)
        | Expr::BooleanLiteral(_)
        | Expr::NoneLiteral(_)
        | Expr::Attribute(_) => true,
        Expr::UnaryOp(u) => matches!(&*u.operand, Expr::NumberLiteral(_)),
        Expr::BinOp(b) => {
            matches!(&*b.left, Expr::NumberLiteral(_) | Expr::UnaryOp(_))
                && matches!(&*b.right, Expr::NumberLiteral(_))
        }
        _ => false,
    }
}

impl<'a> Compiler<'a> {
    /// A compile error at the current location (CPython's
    /// `compiler_error`, which reports where the last `SET_LOC` pointed).
    fn err_here(&self, msg: String) -> CompileError {
        let loc = self
            .units
            .last()
            .map_or(Span { start: 0, end: 0 }, |u| u.loc);
        let r = TextRange::new(TextSize::from(loc.start), TextSize::from(loc.end));
        self.err(r, msg)
    }

    /// `match subject: case ...` (CPython's `compiler_match_inner`).
    pub(super) fn match_stmt(&mut self, m: &'a ast::StmtMatch) -> CResult<()> {
        self.expr(&m.subject)?;
        let end = self.new_label();
        let cases = m.cases.len();
        // A final `case _:` with other cases before it needs no copy of
        // the subject and no pattern code.
        let has_default = cases > 1 && m.cases.last().is_some_and(|c| is_wildcard(&c.pattern));
        let ncompiled = cases - usize::from(has_default);
        for (i, case) in m.cases[..ncompiled].iter().enumerate() {
            self.set_line(case.pattern.range());
            let last = i + 1 == ncompiled;
            if !last {
                self.emit(Op::Copy, 1);
            }
            // An irrefutable case must be the last one or have a guard.
            let mut pc = PatCtx::new(case.guard.is_some() || i + 1 == cases);
            self.pattern(&case.pattern, &mut pc)?;
            debug_assert_eq!(pc.on_top, 0);
            // A match: store the captured values (they are on the stack).
            for c in std::mem::take(&mut pc.stores) {
                self.store_name(&c.stored);
            }
            if let Some(g) = &case.guard {
                let fail = self.fail_label(&mut pc, 0);
                self.jump_if(g, false, fail)?;
            }
            if !last {
                self.emit(Op::PopTop, 0);
            }
            self.stmts(&case.body)?;
            self.jump(Op::Jump, end);
            // The cleanup of a failed match belongs to its pattern's line.
            self.set_line(case.pattern.range());
            self.emit_fail_pops(&mut pc);
        }
        if has_default && let Some(case) = m.cases.last() {
            self.set_line(case.pattern.range());
            self.emit(Op::Nop, 0);
            if let Some(g) = &case.guard {
                self.jump_if(g, false, end)?;
            }
            self.stmts(&case.body)?;
        }
        self.bind(end);
        Ok(())
    }

    /// The label a failure jumps to with `pops` items to drop (CPython's
    /// `ensure_fail_pop`).
    fn fail_label(&mut self, pc: &mut PatCtx, pops: usize) -> Label {
        while pc.fail_pop.len() <= pops {
            let l = self.new_label();
            pc.fail_pop.push(l);
        }
        pc.fail_pop[pops]
    }

    /// Jumps (with `op`) to the failure, popping the items on top and the
    /// values captured so far (CPython's `jump_to_fail_pop`).
    fn jump_to_fail(&mut self, pc: &mut PatCtx, op: Op) {
        let pops = pc.on_top + pc.stores.len();
        let l = self.fail_label(pc, pops);
        self.jump(op, l);
    }

    /// Emits the failure labels, each popping one item, and forgets them
    /// (CPython's `emit_and_reset_fail_pop`).
    fn emit_fail_pops(&mut self, pc: &mut PatCtx) {
        let labels = std::mem::take(&mut pc.fail_pop);
        for (i, l) in labels.iter().enumerate().rev() {
            self.bind(*l);
            if i > 0 {
                self.emit(Op::PopTop, 0);
            }
        }
    }

    /// Moves TOS `count - 1` places down (CPython's
    /// `pattern_helper_rotate`).
    fn rotate(&mut self, count: usize) {
        for k in (2..=count).rev() {
            self.emit(Op::Swap, k as u32);
        }
    }

    /// A captured name as written: the tree holds it mangled (`_C__x`
    /// for `__x` in class `C`), CPython compares and shows it unmangled.
    fn spelled<'n>(&'n self, id: &'n ast::Identifier) -> &'n str {
        self.source
            .text
            .get(usize::from(id.range.start())..usize::from(id.range.end()))
            .unwrap_or(id.as_str())
    }

    /// Captures TOS into `name` (popped when `None`, the wildcard): it is
    /// rotated below the items the pattern still needs (CPython's
    /// `pattern_helper_store_name`).
    fn capture(&mut self, name: Option<&ast::Identifier>, pc: &mut PatCtx) -> CResult<()> {
        let Some(id) = name else {
            self.emit(Op::PopTop, 0);
            return Ok(());
        };
        let n = id.as_str();
        if n == "__debug__" {
            return Err(self.err_here("cannot assign to __debug__".into()));
        }
        let written = self.spelled(id).to_owned();
        if pc.stores.iter().any(|s| s.written == written) {
            return Err(self.err_here(format!(
                "multiple assignments to name '{written}' in pattern"
            )));
        }
        self.rotate(pc.on_top + pc.stores.len() + 1);
        pc.stores.push(Capture {
            written,
            stored: n.to_owned(),
        });
        Ok(())
    }

    /// A pattern matched against TOS, which it consumes.
    fn pattern(&mut self, p: &'a Pattern, pc: &mut PatCtx) -> CResult<()> {
        self.enter(p.range())?;
        self.set_line(p.range());
        let r = self.pattern_node(p, pc);
        self.depth -= 1;
        r
    }

    /// A sub-pattern: irrefutable ones are allowed there.
    fn subpattern(&mut self, p: &'a Pattern, pc: &mut PatCtx) -> CResult<()> {
        let allow = pc.allow_irrefutable;
        pc.allow_irrefutable = true;
        self.pattern(p, pc)?;
        pc.allow_irrefutable = allow;
        Ok(())
    }

    fn pattern_node(&mut self, p: &'a Pattern, pc: &mut PatCtx) -> CResult<()> {
        match p {
            Pattern::MatchValue(v) => {
                if !is_value_expr(&v.value) {
                    return Err(self.err_here(
                        "patterns may only match literals and attribute lookups".into(),
                    ));
                }
                self.expr(&v.value)?;
                self.emit(Op::CompareOp, CmpOp::Eq as u32);
                self.jump_to_fail(pc, Op::PopJumpIfFalse);
            }
            Pattern::MatchSingleton(s) => {
                // Compared by identity.
                let v = match s.value {
                    ast::Singleton::None => {
                        self.jump_to_fail(pc, Op::PopJumpIfNotNone);
                        return Ok(());
                    }
                    ast::Singleton::True => Value::Bool(true),
                    ast::Singleton::False => Value::Bool(false),
                };
                let c = self.const_(v);
                self.emit(Op::LoadConst, c);
                self.emit(Op::IsOp, 0);
                self.jump_to_fail(pc, Op::PopJumpIfFalse);
            }
            Pattern::MatchSequence(s) => self.pattern_sequence(&s.patterns, pc)?,
            Pattern::MatchMapping(m) => self.pattern_mapping(m, pc)?,
            Pattern::MatchClass(c) => self.pattern_class(c, pc)?,
            Pattern::MatchStar(s) => self.capture(s.name.as_ref(), pc)?,
            Pattern::MatchAs(a) => {
                let name = a.name.as_ref();
                let Some(inner) = &a.pattern else {
                    if !pc.allow_irrefutable {
                        let msg = match name {
                            Some(id) => format!(
                                "name capture '{}' makes remaining patterns unreachable",
                                self.spelled(id)
                            ),
                            None => "wildcard makes remaining patterns unreachable".to_owned(),
                        };
                        return Err(self.err_here(msg));
                    }
                    return self.capture(name, pc);
                };
                // A copy to capture once the inner pattern matched.
                pc.on_top += 1;
                self.emit(Op::Copy, 1);
                self.pattern(inner, pc)?;
                pc.on_top -= 1;
                self.capture(name, pc)?;
            }
            Pattern::MatchOr(o) => self.pattern_or(o, pc)?,
        }
        Ok(())
    }

    /// `[p, q, *rest]` (CPython's `compiler_pattern_sequence`).
    fn pattern_sequence(&mut self, pats: &'a [Pattern], pc: &mut PatCtx) -> CResult<()> {
        let size = pats.len();
        let mut star = None;
        let mut only_wildcard = true;
        let mut star_wildcard = false;
        for (i, q) in pats.iter().enumerate() {
            if matches!(q, Pattern::MatchStar(_)) {
                if star.is_some() {
                    return Err(self.err_here("multiple starred names in sequence pattern".into()));
                }
                star_wildcard = is_star_wildcard(q);
                only_wildcard &= star_wildcard;
                star = Some(i);
                continue;
            }
            only_wildcard &= is_wildcard(q);
        }
        // The subject stays on top for the type and length checks.
        pc.on_top += 1;
        self.emit(Op::MatchSequence, 0);
        self.jump_to_fail(pc, Op::PopJumpIfFalse);
        let len_check = match star {
            None => Some((size, CmpOp::Eq)),
            Some(_) if size > 1 => Some((size - 1, CmpOp::Ge)),
            Some(_) => None,
        };
        if let Some((n, op)) = len_check {
            self.emit(Op::GetLen, 0);
            let c = self.const_(Value::Int(n as i64));
            self.emit(Op::LoadConst, c);
            self.emit(Op::CompareOp, op as u32);
            self.jump_to_fail(pc, Op::PopJumpIfFalse);
        }
        pc.on_top -= 1;
        if only_wildcard {
            self.emit(Op::PopTop, 0);
        } else if star_wildcard {
            self.sequence_subscr(pats, star.unwrap_or(size), pc)?;
        } else {
            self.sequence_unpack(pats, pc)?;
        }
        Ok(())
    }

    /// The items of a sequence subject unpacked, each matched against its
    /// sub-pattern (CPython's `pattern_helper_sequence_unpack`).
    fn sequence_unpack(&mut self, pats: &'a [Pattern], pc: &mut PatCtx) -> CResult<()> {
        let n = pats.len();
        match pats.iter().position(|q| matches!(q, Pattern::MatchStar(_))) {
            Some(i) => {
                if i >= 1 << 8 || n - i > (i32::MAX >> 8) as usize {
                    return Err(self.err_here(
                        "too many expressions in star-unpacking sequence pattern".into(),
                    ));
                }
                self.emit(Op::UnpackEx, (i + ((n - i - 1) << 8)) as u32);
            }
            None => self.emit(Op::UnpackSequence, n as u32),
        }
        pc.on_top += n;
        for q in pats {
            pc.on_top -= 1;
            self.subpattern(q, pc)?;
        }
        Ok(())
    }

    /// The items a sequence pattern with `*_` needs, taken by index
    /// (counted from the end after the star, with a non-negative index)
    /// rather than by unpacking it all (CPython's
    /// `pattern_helper_sequence_subscr`).
    fn sequence_subscr(
        &mut self,
        pats: &'a [Pattern],
        star: usize,
        pc: &mut PatCtx,
    ) -> CResult<()> {
        let size = pats.len();
        pc.on_top += 1;
        for (i, q) in pats.iter().enumerate() {
            if is_wildcard(q) || i == star {
                continue;
            }
            self.emit(Op::Copy, 1);
            if i < star {
                let c = self.const_(Value::Int(i as i64));
                self.emit(Op::LoadConst, c);
            } else {
                self.emit(Op::GetLen, 0);
                let c = self.const_(Value::Int((size - i) as i64));
                self.emit(Op::LoadConst, c);
                self.emit(Op::BinaryOp, BinOp::Sub.index());
            }
            self.emit(Op::BinarySubscr, 0);
            self.subpattern(q, pc)?;
        }
        pc.on_top -= 1;
        self.emit(Op::PopTop, 0);
        Ok(())
    }

    /// `{key: p, **rest}` (CPython's `compiler_pattern_mapping`).
    fn pattern_mapping(&mut self, m: &'a ast::PatternMatchMapping, pc: &mut PatCtx) -> CResult<()> {
        let size = m.keys.len();
        if m.patterns.len() != size {
            // The parser never makes such a node; CPython checks it too.
            return Err(self.err_here(format!(
                "keys ({size}) / patterns ({}) length mismatch in mapping pattern",
                m.patterns.len()
            )));
        }
        let rest = m.rest.as_ref();
        // The subject stays on top for the type and length checks.
        pc.on_top += 1;
        self.emit(Op::MatchMapping, 0);
        self.jump_to_fail(pc, Op::PopJumpIfFalse);
        if size == 0 && rest.is_none() {
            // `{}`: any mapping.
            pc.on_top -= 1;
            self.emit(Op::PopTop, 0);
            return Ok(());
        }
        if size > 0 {
            self.emit(Op::GetLen, 0);
            let c = self.const_(Value::Int(size as i64));
            self.emit(Op::LoadConst, c);
            self.emit(Op::CompareOp, CmpOp::Ge as u32);
            self.jump_to_fail(pc, Op::PopJumpIfFalse);
        }
        // The keys, as one tuple: literals (two equal ones are an error
        // here) or attribute lookups.
        let mut seen: Vec<Value> = Vec::new();
        for key in m.keys.iter() {
            if let Some(v) = self.folded(key) {
                if seen.iter().any(|s| crate::ops::key_eq(s, &v)) {
                    let r = crate::ops::repr_simple(&v);
                    return Err(
                        self.err_here(format!("mapping pattern checks duplicate key ({r})"))
                    );
                }
                seen.push(v);
            } else if !matches!(
                key,
                // Complex numbers are refused when compiled, below.
                Expr::Attribute(_) | Expr::NumberLiteral(_) | Expr::UnaryOp(_) | Expr::BinOp(_)
            ) {
                return Err(self.err_here(
                    "mapping pattern keys may only match literals and attribute lookups".into(),
                ));
            }
            self.expr(key)?;
        }
        self.emit(Op::BuildTuple, size as u32);
        self.emit(Op::MatchKeys, 0);
        // The tuple of keys and that of the values (or None) are on top of
        // the subject.
        pc.on_top += 2;
        self.emit(Op::Copy, 1);
        self.jump_to_fail(pc, Op::PopJumpIfNone);
        self.emit(Op::UnpackSequence, size as u32);
        pc.on_top += size;
        pc.on_top -= 1;
        for q in m.patterns.iter() {
            pc.on_top -= 1;
            self.subpattern(q, pc)?;
        }
        // A match: what follows consumes the keys and the subject.
        pc.on_top -= 2;
        match rest {
            Some(_) => {
                // rest = dict(subject); del rest[key] for each key.
                self.emit(Op::BuildMap, 0); // [subject, keys, {}]
                self.emit(Op::Swap, 3); // [{}, keys, subject]
                self.emit(Op::DictUpdate, 2); // [rest, keys]
                self.emit(Op::UnpackSequence, size as u32); // [rest, keys...]
                for k in (1..=size).rev() {
                    self.emit(Op::Copy, (1 + k) as u32); // [rest, keys..., rest]
                    self.emit(Op::Swap, 2); // [rest, keys..., rest, key]
                    self.emit(Op::DeleteSubscr, 0); // [rest, keys...]
                }
                self.capture(rest, pc)?;
            }
            None => {
                self.emit(Op::PopTop, 0); // the keys
                self.emit(Op::PopTop, 0); // the subject
            }
        }
        Ok(())
    }

    /// `Cls(p, q, name=r)` (CPython's `compiler_pattern_class`).
    fn pattern_class(&mut self, c: &'a ast::PatternMatchClass, pc: &mut PatCtx) -> CResult<()> {
        let args = &c.arguments;
        let nargs = args.patterns.len();
        let nattrs = args.keywords.len();
        // The attribute names (CPython's `validate_kwd_attrs`): each error
        // points at the keyword's pattern.
        for (i, k) in args.keywords.iter().enumerate() {
            self.set_line(k.pattern.range());
            let attr = k.attr.as_str();
            if attr == "__debug__" {
                return Err(self.err_here("cannot assign to __debug__".into()));
            }
            if let Some(dup) = args.keywords[i + 1..]
                .iter()
                .find(|o| o.attr.as_str() == attr)
            {
                self.set_line(dup.pattern.range());
                return Err(
                    self.err_here(format!("attribute name repeated in class pattern: {attr}"))
                );
            }
        }
        if nattrs > 0 {
            self.set_line(c.range);
        }
        self.expr(&c.cls)?;
        let names = args
            .keywords
            .iter()
            .map(|k| Value::str(k.attr.as_str()))
            .collect();
        let k = self.const_ident(Value::tuple(names));
        self.emit(Op::LoadConst, k);
        self.emit(Op::MatchClass, nargs as u32);
        // TOS: the tuple of attributes, or None.
        pc.on_top += 1;
        self.emit(Op::Copy, 1);
        self.jump_to_fail(pc, Op::PopJumpIfNone);
        self.emit(Op::UnpackSequence, (nargs + nattrs) as u32);
        pc.on_top += nargs + nattrs;
        pc.on_top -= 1;
        let subs = args
            .patterns
            .iter()
            .chain(args.keywords.iter().map(|k| &k.pattern));
        for q in subs {
            pc.on_top -= 1;
            if is_wildcard(q) {
                self.emit(Op::PopTop, 0);
                continue;
            }
            self.subpattern(q, pc)?;
        }
        Ok(())
    }

    /// `p | q | r` (CPython's `compiler_pattern_or`): each alternative is
    /// tried on a copy of the subject; all must capture the same names,
    /// whose values the later alternatives put in the first one's order.
    fn pattern_or(&mut self, o: &'a ast::PatternMatchOr, pc: &mut PatCtx) -> CResult<()> {
        let end = self.new_label();
        let size = o.patterns.len();
        let old_stores = std::mem::take(&mut pc.stores);
        let old_allow = pc.allow_irrefutable;
        let old_fail_pop = std::mem::take(&mut pc.fail_pop);
        let old_on_top = pc.on_top;
        // The names the first alternative binds, in its stack order.
        let mut control: Option<Vec<Capture>> = None;
        for (i, alt) in o.patterns.iter().enumerate() {
            self.set_line(alt.range());
            pc.stores = Vec::new();
            // An irrefutable alternative must be the last, if allowed at all.
            pc.allow_irrefutable = i + 1 == size && old_allow;
            pc.fail_pop = Vec::new();
            pc.on_top = 0;
            self.emit(Op::Copy, 1);
            self.pattern(alt, pc)?;
            match &control {
                None => control = Some(pc.stores.clone()),
                Some(ctl) => {
                    let diff = || "alternative patterns bind different names".to_owned();
                    if pc.stores.len() != ctl.len() {
                        return Err(self.err_here(diff()));
                    }
                    // Reorder the captured values to the first alternative's
                    // order, from the last name down.
                    for icontrol in (0..ctl.len()).rev() {
                        let want = &ctl[icontrol].written;
                        let Some(istores) = pc.stores.iter().position(|s| s.written == *want)
                        else {
                            return Err(self.err_here(diff()));
                        };
                        // The names after `icontrol` are in place already,
                        // so this one is at or before it.
                        if icontrol != istores {
                            let Some(at) = icontrol.checked_sub(istores) else {
                                return Err(self.err_here(diff()));
                            };
                            let rotations = istores + 1;
                            let rotated: Vec<Capture> = pc.stores.drain(..rotations).collect();
                            pc.stores.splice(at..at, rotated);
                            for _ in 0..rotations {
                                self.rotate(icontrol + 1);
                            }
                        }
                    }
                }
            }
            self.jump(Op::Jump, end);
            self.emit_fail_pops(pc);
        }
        pc.stores = old_stores;
        pc.allow_irrefutable = old_allow;
        pc.fail_pop = old_fail_pop;
        pc.on_top = old_on_top;
        // No alternative matched: pop the subject and fail.
        self.emit(Op::PopTop, 0);
        self.jump_to_fail(pc, Op::Jump);
        self.bind(end);
        // Each captured value goes below the subject's copy, whatever the
        // enclosing pattern has on top, and the values captured before.
        let control = control.unwrap_or_default();
        let nrots = control.len() + 1 + pc.on_top + pc.stores.len();
        for name in control {
            self.rotate(nrots);
            if pc.stores.iter().any(|s| s.written == name.written) {
                return Err(self.err_here(format!(
                    "multiple assignments to name '{}' in pattern",
                    name.written
                )));
            }
            pc.stores.push(name);
        }
        // The subject's copy.
        self.emit(Op::PopTop, 0);
        Ok(())
    }
}
