//! ruff's parse errors in CPython 3.11's words and positions.
//!
//! CPython's parser, after a failed parse, runs a second pass with rules
//! that recognise common mistakes (`invalid_*` in its grammar) and word
//! them; ruff recovers and names the token it expected. [`map`] turns the
//! ruff errors whose CPython counterpart is known into that counterpart;
//! the rest keep ruff's message (`None`), marked as Typhon's.

use super::tokcheck::{Diag, ErrKind};
use crate::compile::LineIndex;
use ruff_python_ast::Expr;
use ruff_python_ast::token::{Token, TokenKind as K};
use ruff_python_parser::{LexicalErrorType, ParseError, ParseErrorType};
use ruff_text_size::Ranged;

/// Positions of the tokens around an error.
struct Ctx<'a> {
    text: &'a str,
    index: &'a LineIndex,
    tokens: &'a [Token],
    from_string: bool,
}

impl Ctx<'_> {
    /// A diagnostic over bytes `start..end` (a single caret if equal).
    fn diag(&self, kind: ErrKind, msg: String, start: usize, end: usize) -> Diag {
        let (line, offset) = self.index.line_col(self.text, start as u32);
        let (end_line, end_offset) = self.index.line_col(self.text, end as u32);
        Diag {
            kind,
            msg,
            line,
            offset,
            end_line,
            end_offset,
            from_tokenizer: false,
        }
    }

    /// The index of the first token starting at or after `at`.
    fn token_at(&self, at: usize) -> usize {
        self.tokens.partition_point(|t| usize::from(t.start()) < at)
    }

    fn kind(&self, i: usize) -> K {
        self.tokens.get(i).map_or(K::EndOfFile, |t| t.kind())
    }

    fn start(&self, i: usize) -> usize {
        self.tokens
            .get(i)
            .map_or(self.text.len(), |t| usize::from(t.start()))
    }

    fn end(&self, i: usize) -> usize {
        self.tokens
            .get(i)
            .map_or(self.text.len(), |t| usize::from(t.end()))
    }

    /// The next token from `i` on that is not trivia.
    fn skip_trivia(&self, mut i: usize) -> usize {
        while self.kind(i).is_trivia() {
            i += 1;
        }
        i
    }

    /// Past a bracketed group opening at `i` (or an f-string).
    fn skip_group(&self, mut i: usize) -> usize {
        let mut depth = 0usize;
        while i < self.tokens.len() {
            match self.kind(i) {
                K::Lpar | K::Lsqb | K::Lbrace | K::FStringStart => depth += 1,
                K::Rpar | K::Rsqb | K::Rbrace | K::FStringEnd => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return i + 1;
                    }
                }
                K::Newline | K::EndOfFile => return i,
                _ => {}
            }
            i += 1;
        }
        i
    }

    /// The index one past the end of the expression starting at token `i`
    /// (atoms joined by operators, with calls, subscripts and attributes).
    fn expr_end(&self, mut i: usize) -> usize {
        // `if`s of conditional expressions waiting for their `else`.
        let mut open_ifs = 0usize;
        loop {
            // Prefix operators.
            while matches!(
                self.kind(i),
                K::Minus | K::Plus | K::Tilde | K::Not | K::Await
            ) {
                i += 1;
            }
            // An atom.
            match self.kind(i) {
                K::Name | K::Int | K::Float | K::Complex | K::True | K::False | K::None => i += 1,
                K::Ellipsis => i += 1,
                K::String | K::FStringStart => {
                    while matches!(self.kind(i), K::String | K::FStringStart) {
                        i = if self.kind(i) == K::String {
                            i + 1
                        } else {
                            self.skip_group(i)
                        };
                    }
                }
                K::Lpar | K::Lsqb | K::Lbrace => i = self.skip_group(i),
                _ => return i,
            }
            // Trailers.
            loop {
                match self.kind(i) {
                    K::Lpar | K::Lsqb => i = self.skip_group(i),
                    K::Dot if self.kind(i + 1) == K::Name => i += 2,
                    _ => break,
                }
            }
            // A binary operator continues the expression.
            let k = self.kind(i);
            let binary = k.is_arithmetic()
                || matches!(
                    k,
                    K::Percent
                        | K::Vbar
                        | K::Amper
                        | K::CircumFlex
                        | K::LeftShift
                        | K::RightShift
                        | K::Less
                        | K::Greater
                        | K::EqEqual
                        | K::NotEqual
                        | K::LessEqual
                        | K::GreaterEqual
                        | K::And
                        | K::Or
                        | K::In
                        | K::Is
                );
            let conditional = match k {
                K::If if self.else_follows(i) => {
                    open_ifs += 1;
                    true
                }
                K::Else if open_ifs > 0 => {
                    open_ifs -= 1;
                    true
                }
                _ => false,
            };
            if !binary && !conditional {
                return i;
            }
            i += 1;
            if k == K::Is && self.kind(i) == K::Not || k == K::Not && self.kind(i) == K::In {
                i += 1;
            }
        }
    }

    /// Whether an `else` follows the `if` at `i` in the same expression
    /// (before a comma or closing bracket at its depth).
    fn else_follows(&self, mut i: usize) -> bool {
        let mut depth = 0usize;
        i += 1;
        while i < self.tokens.len() {
            match self.kind(i) {
                K::Lpar | K::Lsqb | K::Lbrace => depth += 1,
                K::Rpar | K::Rsqb | K::Rbrace if depth == 0 => return false,
                K::Rpar | K::Rsqb | K::Rbrace => depth -= 1,
                K::Comma | K::Colon | K::For | K::If if depth == 0 => return false,
                K::Else if depth == 0 => return true,
                K::Newline | K::EndOfFile => return false,
                _ => {}
            }
            i += 1;
        }
        false
    }

    /// The start of the logical line containing token `i`.
    fn statement_start(&self, i: usize) -> usize {
        let mut j = i;
        while j > 0 {
            if matches!(
                self.kind(j - 1),
                K::Newline | K::Indent | K::Dedent | K::Semi
            ) {
                break;
            }
            j -= 1;
        }
        self.skip_trivia(j)
    }

    /// The `_PyPegen_get_expr_name` of the source in `start..end`, and
    /// whether the expression is a `bitwise_or` in CPython's grammar (not
    /// a comparison, `not`, `and`/`or`, lambda or conditional).
    fn expr_name(&self, start: usize, end: usize) -> Option<(&'static str, bool)> {
        let src = self.text.get(start..end)?;
        let parsed = ruff_python_parser::parse_expression(src).ok()?;
        let e = &parsed.syntax().body;
        let bitwise_or = match &**e {
            Expr::BoolOp(_) => false,
            Expr::UnaryOp(u) => u.op != ruff_python_ast::UnaryOp::Not,
            _ => true,
        };
        Some((expr_name(e), bitwise_or))
    }

    /// The index of the token that contains byte `at`.
    fn token_containing(&self, at: usize) -> usize {
        self.tokens
            .partition_point(|t| usize::from(t.start()) <= at)
            .saturating_sub(1)
    }

    /// The innermost bracket open before token `i` and its index.
    fn innermost_open(&self, i: usize) -> Option<(usize, K)> {
        let mut depth = 0usize;
        for j in (0..i).rev() {
            match self.kind(j) {
                K::Rpar | K::Rsqb | K::Rbrace => depth += 1,
                k @ (K::Lpar | K::Lsqb | K::Lbrace) => {
                    if depth == 0 {
                        return Some((j, k));
                    }
                    depth -= 1;
                }
                _ => {}
            }
        }
        None
    }

    /// Tokens `a..=b` without the parentheses that enclose them all (a
    /// group, located in CPython by what is inside; not a tuple).
    fn without_parens(&self, mut a: usize, mut b: usize) -> (usize, usize) {
        while self.kind(a) == K::Lpar && self.closing(a) == b && b > a + 1 {
            let (ia, mut ib) = (self.skip_trivia(a + 1), b - 1);
            while ib > ia && self.kind(ib).is_trivia() {
                ib -= 1;
            }
            let mut depth = 0usize;
            let tuple = (ia..=ib).any(|t| match self.kind(t) {
                K::Lpar | K::Lsqb | K::Lbrace => {
                    depth += 1;
                    false
                }
                K::Rpar | K::Rsqb | K::Rbrace => {
                    depth = depth.saturating_sub(1);
                    false
                }
                K::Comma => depth == 0,
                _ => false,
            });
            if tuple {
                break;
            }
            (a, b) = (ia, ib);
        }
        (a, b)
    }

    /// The index of the bracket that closes the one open at `open`.
    fn closing(&self, open: usize) -> usize {
        self.skip_group(open).saturating_sub(1)
    }
}

/// A token that can end an expression.
fn is_atom_end(k: K) -> bool {
    matches!(
        k,
        K::Name
            | K::Int
            | K::Float
            | K::Complex
            | K::String
            | K::FStringEnd
            | K::Rpar
            | K::Rsqb
            | K::Rbrace
            | K::True
            | K::False
            | K::None
            | K::Ellipsis
    )
}

/// An augmented assignment operator (`+=`, …).
fn is_augmented(k: K) -> bool {
    matches!(
        k,
        K::PlusEqual
            | K::MinusEqual
            | K::StarEqual
            | K::SlashEqual
            | K::DoubleSlashEqual
            | K::PercentEqual
            | K::AmperEqual
            | K::VbarEqual
            | K::CircumflexEqual
            | K::LeftShiftEqual
            | K::RightShiftEqual
            | K::DoubleStarEqual
            | K::AtEqual
    )
}

/// CPython's name for an expression in "cannot assign to ..." messages.
fn expr_name(e: &Expr) -> &'static str {
    match e {
        Expr::Attribute(_) => "attribute",
        Expr::Subscript(_) => "subscript",
        Expr::Starred(_) => "starred",
        Expr::Name(_) => "name",
        Expr::List(_) => "list",
        Expr::Tuple(_) => "tuple",
        Expr::Lambda(_) => "lambda",
        Expr::Call(_) => "function call",
        Expr::BoolOp(_) | Expr::BinOp(_) | Expr::UnaryOp(_) => "expression",
        Expr::Generator(_) => "generator expression",
        Expr::Yield(_) | Expr::YieldFrom(_) => "yield expression",
        Expr::Await(_) => "await expression",
        Expr::ListComp(_) => "list comprehension",
        Expr::SetComp(_) => "set comprehension",
        Expr::DictComp(_) => "dict comprehension",
        Expr::Dict(_) => "dict literal",
        Expr::Set(_) => "set display",
        Expr::FString(_) | Expr::TString(_) => "f-string expression",
        Expr::NoneLiteral(_) => "None",
        Expr::BooleanLiteral(b) if b.value => "True",
        Expr::BooleanLiteral(_) => "False",
        Expr::EllipsisLiteral(_) => "ellipsis",
        Expr::Compare(_) => "comparison",
        Expr::If(_) => "conditional expression",
        Expr::Named(_) => "named expression",
        _ => "literal",
    }
}

/// Whether CPython's `invalid_named_expression` rule, which words
/// "cannot assign to X here. Maybe you meant '==' instead of '='?", can
/// match a target of this kind (a `bitwise_or` that is not a list, tuple or
/// singleton).
fn named_rule_applies(name: &str) -> bool {
    !matches!(
        name,
        "list"
            | "tuple"
            | "None"
            | "True"
            | "False"
            | "comparison"
            | "lambda"
            | "conditional expression"
            | "named expression"
            | "starred"
            | "generator expression"
            | "yield expression"
    )
}

/// CPython's wording of a ruff parse error, or `None` to keep ruff's.
/// `from_string`: the code is a string (`-c`), not a file.
pub fn map(
    text: &str,
    index: &LineIndex,
    tokens: &[Token],
    e: &ParseError,
    from_string: bool,
) -> Option<Diag> {
    let cx = Ctx {
        text,
        index,
        tokens,
        from_string,
    };
    let at = usize::from(e.location.start());
    let mut i = cx.skip_trivia(cx.token_at(at));
    // The error names the token after a dedent, not the dedent.
    while cx.kind(i) == K::Dedent {
        i = cx.skip_trivia(i + 1);
    }
    // After an operand, `not` can only be `not in`: CPython fails on the
    // token after it.
    let i = if cx.kind(i) == K::Not
        && cx.kind(i + 1) != K::In
        && i > 0
        && is_atom_end(cx.kind(i - 1))
    {
        i + 1
    } else {
        i
    };
    let invalid_syntax = || {
        cx.diag(
            ErrKind::Syntax,
            "invalid syntax".into(),
            cx.start(i),
            cx.end(i),
        )
    };
    // `a, b += 1`: ruff stops at the operator; CPython names the target.
    if is_augmented(cx.kind(i))
        && cx.statement_start(i) < i
        && !matches!(e.error, ParseErrorType::InvalidAugmentedAssignmentTarget)
    {
        let (start, end) = (cx.start(cx.statement_start(i)), cx.end(i - 1));
        if let Some((name, _)) = cx.expr_name(start, end) {
            return Some(cx.diag(
                ErrKind::Syntax,
                format!("'{name}' is an illegal expression for augmented assignment"),
                start,
                end,
            ));
        }
    }
    match &e.error {
        // `case p as 3`: CPython's `invalid_as_pattern`, over the
        // expression after `as`.
        ParseErrorType::OtherError(m)
            if m.starts_with("Expected an identifier")
                && i > 0
                && cx.kind(i - 1) == K::As
                && cx.kind(cx.statement_start(i)) == K::Case =>
        {
            let (a, b) = cx.without_parens(i, cx.expr_end(i).max(i + 1) - 1);
            Some(cx.diag(
                ErrKind::Syntax,
                "invalid pattern target".into(),
                cx.start(a),
                cx.end(b),
            ))
        }
        ParseErrorType::OtherError(m)
            if matches!(
                m.as_str(),
                "Expected a statement"
                    | "Expected an identifier"
                    | "Expected a parameter or the end of the parameter list"
                    | "Expected an expression or a ')'"
                    | "Expected name after `as`"
                    | "Expected a parameter name"
                    | "Expected an import name"
                    | "Expected an import name or a ')'"
                    | "Expected a module name"
                    | "Expected a simple statement"
                    | "Expected an expression or a ']'"
                    | "Unary '-' expression cannot be used here"
                    | "Unary '+' expression cannot be used here"
                    | "Unary '~' expression cannot be used here"
                    | "Boolean 'not' expression cannot be used here"
            ) || m.starts_with("Expected an identifier, but found a keyword") =>
        {
            Some(invalid_syntax())
        }
        // ruff names the comma or the star; CPython fails at the token
        // after it (a NEWLINE token covers the comment before it).
        ParseErrorType::OtherError(m)
            if m == "Trailing comma not allowed" || m == "Star import must be the only import" =>
        {
            let j = cx.token_containing(at) + 1;
            let (start, end) = if cx.kind(j) == K::Comment {
                (cx.start(j), cx.end(j))
            } else {
                let j = cx.skip_trivia(j);
                (cx.start(j), cx.end(j))
            };
            let from_import = cx.kind(cx.statement_start(i)) == K::From
                && m.starts_with("Trailing")
                && matches!(cx.kind(cx.skip_trivia(j)), K::Newline | K::EndOfFile);
            let msg = if from_import {
                "trailing comma not allowed without surrounding parentheses"
            } else {
                "invalid syntax"
            };
            Some(cx.diag(ErrKind::Syntax, msg.into(), start, end))
        }
        ParseErrorType::OtherError(m)
            if m == "Expected `except` or `finally` after `try` block" =>
        {
            if cx.kind(i) == K::EndOfFile {
                return Some(cx.at_end(
                    ErrKind::Syntax,
                    "expected 'except' or 'finally' block".into(),
                ));
            }
            Some(cx.diag(
                ErrKind::Syntax,
                "expected 'except' or 'finally' block".into(),
                cx.start(i),
                cx.end(i),
            ))
        }
        // `case` patterns (CPython's `invalid_class_pattern`,
        // `invalid_as_pattern` and the complex literal checks).
        ParseErrorType::OtherError(m)
            if m == "Positional patterns cannot follow keyword patterns" =>
        {
            Some(positional_patterns(&cx, at))
        }
        ParseErrorType::OtherError(m)
            if matches!(
                m.as_str(),
                "Unary '+' is not allowed as a literal pattern"
                    | "Pattern cannot follow a double star pattern"
                    | "Only one double star pattern is allowed"
                    | "Expected `case` block"
            ) =>
        {
            Some(invalid_syntax())
        }
        // `{name: p}`: CPython fails at the token after the key.
        ParseErrorType::OtherError(m) if m == "Invalid mapping pattern key" => {
            let j = cx.skip_trivia(cx.token_at(usize::from(e.location.end())));
            Some(cx.diag(
                ErrKind::Syntax,
                "invalid syntax".into(),
                cx.start(j),
                cx.end(j),
            ))
        }
        ParseErrorType::ExpectedImaginaryNumber => {
            let t = cx.token_at(at);
            let msg = if matches!(cx.kind(t), K::Int | K::Float) {
                "imaginary number required in complex literal"
            } else {
                "invalid syntax"
            };
            Some(cx.diag(ErrKind::Syntax, msg.into(), cx.start(t), cx.end(t)))
        }
        ParseErrorType::ExpectedRealNumber => {
            let mut t = cx.token_at(at);
            if cx.kind(t) == K::Minus {
                t = cx.skip_trivia(t + 1);
            }
            let msg = if cx.kind(t) == K::Complex {
                "real number required in complex literal"
            } else {
                "invalid syntax"
            };
            Some(cx.diag(ErrKind::Syntax, msg.into(), cx.start(t), cx.end(t)))
        }
        // `_` after `as` has CPython's own message; after `**` it is
        // only invalid.
        ParseErrorType::InvalidMatchPatternTarget => {
            let t = cx.token_at(at);
            let after_as = t > 0 && cx.kind(t - 1) == K::As;
            let msg = if after_as {
                "cannot use '_' as a target"
            } else {
                "invalid syntax"
            };
            Some(cx.diag(ErrKind::Syntax, msg.into(), cx.start(t), cx.end(t)))
        }
        // `*name` outside a sequence pattern: CPython fails at the star
        // where no star pattern can start (a mapping's value, a class
        // pattern's argument), else at the token after it.
        ParseErrorType::InvalidStarPatternUsage => {
            let star = cx.token_at(at);
            let no_star_here = match cx.innermost_open(star) {
                Some((_, K::Lbrace)) => true,
                Some((j, K::Lpar)) => j > 0 && cx.kind(j - 1) == K::Name,
                _ => false,
            };
            let j = if no_star_here {
                star
            } else {
                cx.skip_trivia(cx.skip_trivia(star + 1) + 1)
            };
            Some(cx.diag(
                ErrKind::Syntax,
                "invalid syntax".into(),
                cx.start(j),
                cx.end(j),
            ))
        }
        ParseErrorType::OtherError(m) if m.starts_with("Only single target (not ") => {
            Some(cx.diag(
                ErrKind::Syntax,
                format!("o{}", &m[1..]),
                at,
                usize::from(e.location.end()),
            ))
        }
        ParseErrorType::OtherError(m) => {
            let clause = m.strip_prefix("Expected an indented block after ")?;
            indented_block(&cx, at, clause)
        }
        ParseErrorType::UnexpectedIndentation => {
            let (line, _) = index.line_col(text, at as u32);
            let line_start = text[..at].rfind('\n').map_or(0, |p| p + 1);
            let width = text[line_start..]
                .bytes()
                .take_while(|b| matches!(b, b' ' | b'\t' | b'\x0c'))
                .count() as u32;
            Some(Diag {
                kind: ErrKind::Indentation,
                msg: "unexpected indent".into(),
                line,
                offset: width,
                end_line: line,
                end_offset: 0,
                from_tokenizer: false,
            })
        }
        ParseErrorType::ExpectedToken {
            expected: K::Colon,
            found: K::Newline,
        } => {
            // CPython's NEWLINE token starts at a comment before it.
            let t = cx.token_at(at);
            if t > 0 && cx.kind(t - 1) == K::Comment {
                let (from, to) = (cx.start(t - 1), cx.end(t - 1));
                return Some(cx.diag(ErrKind::Syntax, "expected ':'".into(), from, to));
            }
            Some(cx.diag(ErrKind::Syntax, "expected ':'".into(), at, at))
        }
        ParseErrorType::ExpectedToken {
            expected: K::Colon,
            found: K::Equal,
        } => Some(assign_in_condition(&cx, i).unwrap_or_else(invalid_syntax)),
        ParseErrorType::ExpectedToken {
            expected: K::Colon, ..
        } if cx.innermost_open(i).is_some_and(|(_, k)| k == K::Lbrace) && i > 0 => {
            // A dict display: CPython points at the key.
            Some(cx.diag(
                ErrKind::Syntax,
                "':' expected after dictionary key".into(),
                cx.start(i - 1),
                cx.end(i - 1),
            ))
        }
        ParseErrorType::ExpectedToken {
            expected: K::Comma | K::Rpar | K::Rsqb | K::Rbrace,
            ..
        } => Some(forgot_comma(&cx, i).unwrap_or_else(invalid_syntax)),
        ParseErrorType::SimpleStatementsOnSameLine => {
            Some(legacy_print(&cx, i).unwrap_or_else(invalid_syntax))
        }
        ParseErrorType::ExpectedToken {
            expected: K::Lpar, ..
        } if i >= 2 && cx.kind(i - 2) == K::Def => Some(cx.diag(
            ErrKind::Syntax,
            "expected '('".into(),
            cx.start(i),
            cx.end(i),
        )),
        ParseErrorType::ExpectedToken { .. } | ParseErrorType::ExpectedExpression => {
            Some(invalid_syntax())
        }
        ParseErrorType::InvalidAssignmentTarget => {
            let end = usize::from(e.location.end());
            if text.get(at..end).is_some_and(|t| t.starts_with('*')) {
                return Some(cx.diag(
                    ErrKind::Syntax,
                    "starred assignment target must be in a list or tuple".into(),
                    at,
                    end,
                ));
            }
            let (name, bitwise_or) = cx.expr_name(at, end)?;
            let s = cx.statement_start(i);
            // The `=` right after the target, and no second `=` after the
            // value: CPython's `invalid_named_expression`.
            let after = cx.skip_trivia(cx.token_at(end));
            let value_end = cx.expr_end(after + 1);
            let single = cx.kind(after) == K::Equal
                && !matches!(cx.kind(value_end), K::Equal | K::ColonEqual);
            let msg = if s == i && single && bitwise_or && named_rule_applies(name) {
                format!("cannot assign to {name} here. Maybe you meant '==' instead of '='?")
            } else {
                format!("cannot assign to {name}")
            };
            Some(cx.diag(ErrKind::Syntax, msg, at, end))
        }
        ParseErrorType::InvalidAnnotatedAssignmentTarget => {
            let end = usize::from(e.location.end());
            let colon = cx.skip_trivia(cx.token_at(end));
            if cx.kind(colon) != K::Colon {
                return None;
            }
            // No annotation after the colon: the statement just fails there.
            if matches!(cx.kind(colon + 1), K::Newline | K::EndOfFile | K::Comment) {
                return Some(cx.diag(
                    ErrKind::Syntax,
                    "invalid syntax".into(),
                    cx.start(colon),
                    cx.end(colon),
                ));
            }
            let (name, _) = cx.expr_name(at, end)?;
            let msg = match name {
                "tuple" | "list" => {
                    format!("only single target (not {name}) can be annotated")
                }
                _ => "illegal target for annotation".to_owned(),
            };
            Some(cx.diag(ErrKind::Syntax, msg, at, end))
        }
        ParseErrorType::InvalidDeleteTarget => {
            let end = usize::from(e.location.end());
            let (name, _) = cx.expr_name(at, end)?;
            Some(cx.diag(ErrKind::Syntax, format!("cannot delete {name}"), at, end))
        }
        ParseErrorType::UnparenthesizedGeneratorExpression => Some(cx.diag(
            ErrKind::Syntax,
            "Generator expression must be parenthesized".into(),
            at,
            usize::from(e.location.end()),
        )),
        ParseErrorType::NonDefaultParamAfterDefaultParam => Some(cx.diag(
            ErrKind::Syntax,
            "non-default argument follows default argument".into(),
            cx.start(i),
            cx.end(i),
        )),
        ParseErrorType::PositionalAfterKeywordArgument
        | ParseErrorType::PositionalAfterKeywordUnpacking => {
            // CPython raises it at the last token read: the call's `)`.
            let (open, _) = cx.innermost_open(i)?;
            let close = cx.closing(open);
            let msg = if matches!(e.error, ParseErrorType::PositionalAfterKeywordArgument) {
                "positional argument follows keyword argument"
            } else {
                "positional argument follows keyword argument unpacking"
            };
            Some(cx.diag(ErrKind::Syntax, msg.into(), cx.start(close), cx.end(close)))
        }
        ParseErrorType::Lexical(LexicalErrorType::InvalidByteLiteral) => {
            let t = cx.token_containing(at);
            Some(cx.diag(
                ErrKind::Syntax,
                "bytes can only contain ASCII literal characters".into(),
                cx.start(t),
                cx.end(t),
            ))
        }
        // `def f(*, **k)`: CPython names the bare star; ruff the token
        // after it.
        ParseErrorType::ExpectedKeywordParam => {
            let mut j = cx.token_at(at).min(cx.tokens.len().saturating_sub(1));
            while j > 0
                && !(cx.kind(j) == K::Star
                    && matches!(cx.kind(j + 1), K::Comma | K::Rpar | K::Colon))
            {
                j -= 1;
            }
            // A lambda's rule has no known location: the last token read.
            let (mut k, mut depth) = (j, 0usize);
            let mut in_lambda = false;
            while k > 0 {
                k -= 1;
                match cx.kind(k) {
                    K::Rpar | K::Rsqb | K::Rbrace => depth += 1,
                    K::Lpar | K::Lsqb | K::Lbrace if depth == 0 => break,
                    K::Lpar | K::Lsqb | K::Lbrace => depth -= 1,
                    K::Lambda if depth == 0 => {
                        in_lambda = true;
                        break;
                    }
                    _ => {}
                }
            }
            if in_lambda {
                let after = cx.skip_trivia(j + 1);
                j = if cx.kind(after) == K::Comma {
                    cx.skip_trivia(after + 1)
                } else {
                    after
                };
            }
            Some(cx.diag(
                ErrKind::Syntax,
                "named arguments must follow bare *".into(),
                cx.start(j),
                cx.end(j),
            ))
        }
        ParseErrorType::InvalidArgumentUnpackingOrder => Some(cx.diag(
            ErrKind::Syntax,
            "iterable argument unpacking follows keyword argument unpacking".into(),
            cx.start(i),
            cx.end(i),
        )),
        ParseErrorType::ParamAfterVarKeywordParam => Some(cx.diag(
            ErrKind::Syntax,
            "arguments cannot follow var-keyword argument".into(),
            cx.start(i),
            cx.end(i),
        )),
        ParseErrorType::VarParameterWithDefault => {
            let kind = if i >= 2 && cx.kind(i - 2) == K::DoubleStar {
                "var-keyword"
            } else {
                "var-positional"
            };
            Some(cx.diag(
                ErrKind::Syntax,
                format!("{kind} argument cannot have default value"),
                cx.start(i),
                cx.end(i),
            ))
        }
        // `(*a)`: CPython's `invalid_group`.
        ParseErrorType::InvalidStarredExpressionUsage
            if {
                let end = usize::from(e.location.end());
                let j = cx.token_at(at);
                j > 0
                    && cx.kind(j - 1) == K::Lpar
                    && cx.kind(cx.skip_trivia(cx.token_at(end))) == K::Rpar
            } =>
        {
            Some(cx.diag(
                ErrKind::Syntax,
                "cannot use starred expression here".into(),
                at,
                usize::from(e.location.end()),
            ))
        }
        // Where CPython's generic "invalid syntax" points at the token ruff
        // names.
        ParseErrorType::EmptyImportNames
        | ParseErrorType::EmptySlice
        | ParseErrorType::EmptyDeleteTargets
        | ParseErrorType::EmptyGlobalNames
        | ParseErrorType::EmptyNonlocalNames
        | ParseErrorType::UnexpectedTokenAfterAsync(_)
        | ParseErrorType::InvalidStarredExpressionUsage
        | ParseErrorType::SimpleAndCompoundStatementOnSameLine => Some(invalid_syntax()),
        ParseErrorType::InvalidAugmentedAssignmentTarget => {
            let end = usize::from(e.location.end());
            let (name, _) = cx.expr_name(at, end)?;
            Some(cx.diag(
                ErrKind::Syntax,
                format!("'{name}' is an illegal expression for augmented assignment"),
                at,
                end,
            ))
        }
        ParseErrorType::Lexical(LexicalErrorType::UnrecognizedToken { tok }) => {
            if tok.is_ascii() {
                return Some(invalid_syntax());
            }
            let msg = if tok.is_control() || tok.is_whitespace() {
                format!("invalid non-printable character U+{:04X}", *tok as u32)
            } else {
                format!("invalid character '{tok}' (U+{:04X})", *tok as u32)
            };
            Some(Diag {
                from_tokenizer: true,
                ..cx.diag(ErrKind::Syntax, msg, at, at)
            })
        }
        _ => None,
    }
}

/// CPython's `invalid_class_pattern`: "positional patterns follow keyword
/// patterns", over the positional patterns after a keyword one, from
/// the first (at `at`) up to the next keyword or the `)`; a pattern in
/// parentheses is located without them, as CPython's group pattern is.
fn positional_patterns(cx: &Ctx, at: usize) -> Diag {
    let mut j = cx.skip_trivia(cx.token_at(at));
    let (mut start, mut end) = (None, at);
    loop {
        // The pattern's tokens: up to a comma or a closing bracket outside
        // any bracket of its own.
        let first = j;
        let mut k = j;
        let mut depth = 0usize;
        while k < cx.tokens.len() {
            match cx.kind(k) {
                K::Lpar | K::Lsqb | K::Lbrace => depth += 1,
                K::Rpar | K::Rsqb | K::Rbrace if depth == 0 => break,
                K::Rpar | K::Rsqb | K::Rbrace => depth -= 1,
                K::Comma if depth == 0 => break,
                K::Newline | K::EndOfFile => break,
                _ => {}
            }
            k += 1;
        }
        let keyword = cx.kind(first) == K::Name && cx.kind(cx.skip_trivia(first + 1)) == K::Equal;
        if first >= k || keyword {
            break;
        }
        let mut last = k - 1;
        while last > first && cx.kind(last).is_trivia() {
            last -= 1;
        }
        let (a, b) = cx.without_parens(first, last);
        start.get_or_insert(cx.start(a));
        end = cx.end(b);
        if cx.kind(k) != K::Comma {
            break;
        }
        j = cx.skip_trivia(k + 1);
    }
    cx.diag(
        ErrKind::Syntax,
        "positional patterns follow keyword patterns".into(),
        start.unwrap_or(at),
        end,
    )
}

/// "expected an indented block after 'if' statement on line N".
fn indented_block(cx: &Ctx, at: usize, clause: &str) -> Option<Diag> {
    let what = match clause {
        "function definition" => "function definition".to_owned(),
        "`class` definition" => "class definition".to_owned(),
        other => {
            let kw = other.split('`').nth(1)?;
            format!("'{kw}' statement")
        }
    };
    // The header's NEWLINE: at the error (at the end of the file), or the
    // last one before it.
    let mut nl = cx.token_at(at + 1);
    while nl > 0 && cx.kind(nl - 1) != K::Newline {
        nl -= 1;
    }
    let nl = nl.checked_sub(1)?;
    let header = cx.statement_start(nl);
    let (header_line, _) = cx.index.line_col(cx.text, cx.start(header) as u32);
    let msg = format!("expected an indented block after {what} on line {header_line}");
    let next = cx.skip_trivia(nl + 1);
    if matches!(cx.kind(next), K::EndOfFile | K::Dedent)
        && cx.kind(cx.skip_dedents(next)) == K::EndOfFile
    {
        return Some(cx.at_end(ErrKind::Indentation, msg));
    }
    Some(cx.diag(ErrKind::Indentation, msg, cx.start(next), cx.end(next)))
}

impl Ctx<'_> {
    /// An error at the end of the source: CPython points at the last line
    /// of a file, with no column; at the end of a string, just past its
    /// end (on the line after a final newline).
    fn at_end(&self, kind: ErrKind, msg: String) -> Diag {
        let t = self.text;
        let lines = t.matches('\n').count() as u32;
        let (line, offset) = match (self.from_string, t.ends_with('\n')) {
            (false, true) => (lines, 0),
            (false, false) => (lines + 1, 0),
            (true, true) => (lines + 1, 1),
            (true, false) => {
                let last = t.rsplit('\n').next().unwrap_or("");
                (lines + 1, last.chars().count() as u32 + 1)
            }
        };
        Diag {
            kind,
            msg,
            line: line.max(1),
            offset,
            end_line: line.max(1),
            end_offset: 0,
            from_tokenizer: false,
        }
    }

    fn skip_dedents(&self, mut i: usize) -> usize {
        while matches!(self.kind(i), K::Dedent) || self.kind(i).is_trivia() {
            i += 1;
        }
        i
    }
}

/// `if x = 1:` (ruff: a `:` expected at the `=` at token `eq`).
fn assign_in_condition(cx: &Ctx, eq: usize) -> Option<Diag> {
    let mut kw = eq;
    while kw > 0 && !matches!(cx.kind(kw), K::If | K::Elif | K::While) {
        kw -= 1;
    }
    if !matches!(cx.kind(kw), K::If | K::Elif | K::While) {
        return None;
    }
    let target = kw + 1;
    let (start, end) = (cx.start(target), cx.end(eq - 1));
    if target + 1 == eq && cx.kind(target) == K::Name {
        let value_end = cx.expr_end(eq + 1);
        return Some(cx.diag(
            ErrKind::Syntax,
            "invalid syntax. Maybe you meant '==' or ':=' instead of '='?".into(),
            start,
            cx.end(value_end.checked_sub(1)?),
        ));
    }
    let (name, bitwise_or) = cx.expr_name(start, end)?;
    if !bitwise_or || !named_rule_applies(name) {
        return None;
    }
    Some(cx.diag(
        ErrKind::Syntax,
        format!("cannot assign to {name} here. Maybe you meant '==' instead of '='?"),
        start,
        end,
    ))
}

/// `[1 2]`: inside brackets, two expressions side by side.
fn forgot_comma(cx: &Ctx, found: usize) -> Option<Diag> {
    // The expression before: back to the comma or bracket that opens it.
    let mut j = found;
    let mut depth = 0usize;
    while j > 0 {
        let k = cx.kind(j - 1);
        match k {
            K::Rpar | K::Rsqb | K::Rbrace | K::FStringEnd => depth += 1,
            K::Lpar | K::Lsqb | K::Lbrace | K::FStringStart if depth == 0 => break,
            K::Lpar | K::Lsqb | K::Lbrace | K::FStringStart => depth -= 1,
            K::Comma | K::Equal | K::Colon | K::For | K::Lambda | K::Newline if depth == 0 => {
                break;
            }
            _ => {}
        }
        j -= 1;
    }
    if j == 0
        || !matches!(
            cx.kind(j - 1),
            K::Lpar | K::Lsqb | K::Lbrace | K::Comma | K::Colon
        )
    {
        return None;
    }
    let first = cx.skip_trivia(j);
    // Two expressions side by side: one ends right before `found`, which
    // starts another.
    let ends = is_atom_end(cx.kind(found.checked_sub(1)?));
    let starts = matches!(
        cx.kind(found),
        K::Name
            | K::Int
            | K::Float
            | K::Complex
            | K::String
            | K::FStringStart
            | K::Lpar
            | K::Lsqb
            | K::Lbrace
            | K::True
            | K::False
            | K::None
            | K::Ellipsis
            | K::Minus
            | K::Plus
            | K::Tilde
            | K::Not
            | K::Lambda
            | K::Await
    );
    if !ends || !starts {
        return None;
    }
    // `print x` inside brackets is still the legacy print statement.
    if first + 1 == found
        && cx.kind(first) == K::Name
        && let Some(d) = legacy_print(cx, found)
    {
        return Some(d);
    }
    // `print "x"` and `f "x"` are other rules.
    if cx.kind(first) == K::Name && matches!(cx.kind(first + 1), K::String | K::FStringStart) {
        return None;
    }
    let end = cx.expr_end(found);
    if end <= found || !is_atom_end(cx.kind(end - 1)) {
        return None;
    }
    Some(cx.diag(
        ErrKind::Syntax,
        "invalid syntax. Perhaps you forgot a comma?".into(),
        cx.start(first),
        cx.end(end - 1),
    ))
}

/// `print "x"`: CPython's `invalid_legacy_expression`.
fn legacy_print(cx: &Ctx, found: usize) -> Option<Diag> {
    let name = found.checked_sub(1)?;
    if cx.kind(name) != K::Name || cx.kind(found) == K::Lpar {
        return None;
    }
    let word = cx.text.get(cx.start(name)..cx.end(name))?;
    if word != "print" && word != "exec" {
        return None;
    }
    // The expressions after it, separated by commas.
    let mut end = cx.expr_end(found);
    while cx.kind(end) == K::Comma {
        let next = cx.expr_end(end + 1);
        if next == end + 1 {
            break;
        }
        end = next;
    }
    if end <= found {
        return None;
    }
    Some(cx.diag(
        ErrKind::Syntax,
        format!("Missing parentheses in call to '{word}'. Did you mean {word}(...)?"),
        cx.start(name),
        cx.end(end - 1),
    ))
}
