//! Scope analysis: decides for every function body which names are locals,
//! cells (locals captured by inner functions), free variables (captured from
//! an enclosing function) or globals, following Python's rules.

use indexmap::{IndexMap, IndexSet};
use ruff_python_ast::{self as ast, Expr, Stmt};
use ruff_text_size::Ranged;
use std::collections::{HashMap, HashSet};

/// What kind of code a scope compiles to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScopeKind {
    /// The module body: every name is a global.
    Module,
    /// A `def`, `lambda` or comprehension body.
    Function,
    /// A `class` body: its names live in the class namespace (a dict in
    /// local 0), and functions defined in it do not see them.
    Class,
}

/// The local holding the namespace dict of a class body.
pub const CLASS_NS: &str = ".namespace";

/// The hidden last local of a function that names `locals`, `vars`,
/// `dir`, `eval` or `exec`: the dict `locals()` returns, made on the
/// first call and refreshed by the later ones of the same call of the
/// function (CPython's `f_locals`), so that each call of `locals()` in
/// one frame returns the same dict. Unbound when the frame starts.
pub const LOCALS_DICT: &str = ".locals";

/// The builtins whose use gives a function its [`LOCALS_DICT`].
const LOCALS_USERS: [&str; 5] = ["locals", "vars", "dir", "eval", "exec"];

/// The analysed names of one scope.
#[derive(Debug)]
pub struct Scope {
    /// Module or function.
    pub kind: ScopeKind,
    /// Parent scope index.
    pub parent: Option<usize>,
    /// Parameters, in order.
    pub params: Vec<String>,
    /// Names bound here (parameters first, then in first-binding order).
    /// These name sets are ordered (the order is the slot order) and
    /// hashed: a scope may bind 10^5 names, and a linear search per name
    /// made compiling such a module quadratic.
    pub locals: IndexSet<String>,
    /// Locals captured by inner scopes.
    pub cells: IndexSet<String>,
    /// Names captured from enclosing scopes.
    pub frees: IndexSet<String>,
    /// Names declared `global`.
    pub globals: HashSet<String>,
    /// Names declared `nonlocal`, each with the offset of its first
    /// declaration.
    nonlocals: IndexMap<String, u32>,
    /// Whether the body contains `yield` or `yield from` (a `def` or
    /// `lambda` with one is a generator function).
    pub yields: bool,
    /// For the module scope of code run by `exec`/`eval`: its names live
    /// in a namespace dict (local 0, as a class body's), then the globals
    /// (LOAD_NAME/STORE_NAME), since the two may be different dicts.
    pub namespace: bool,
    assigned: IndexSet<String>,
    used: IndexSet<String>,
}

/// How a name is accessed in a given scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// A fast local (slot index).
    Local(u32),
    /// A cell or free variable (index among cells then frees).
    Deref(u32),
    /// A module global or builtin.
    Global,
    /// A name of a class body: namespace, then globals, then builtins.
    Name,
}

impl Scope {
    /// How `name` is accessed in this scope.
    pub fn access(&self, name: &str) -> Access {
        if self.namespace && !self.globals.contains(name) {
            return if name == CLASS_NS {
                Access::Local(0)
            } else {
                Access::Name
            };
        }
        if self.kind == ScopeKind::Module || self.globals.contains(name) {
            return Access::Global;
        }
        if self.kind == ScopeKind::Class {
            // `__class__` is the class body's cell; a name taken from an
            // enclosing function and not bound here reads that function's
            // cell (CPython's LOAD_CLASSDEREF, without its namespace check).
            if let Some(i) = self.cells.get_index_of(name) {
                return Access::Deref(i as u32);
            }
            if !self.assigned.contains(name)
                && let Some(i) = self.frees.get_index_of(name)
            {
                return Access::Deref((self.cells.len() + i) as u32);
            }
            if name == CLASS_NS {
                return Access::Local(0);
            }
            return Access::Name;
        }
        if let Some(i) = self.cells.get_index_of(name) {
            return Access::Deref(i as u32);
        }
        if let Some(i) = self.frees.get_index_of(name) {
            return Access::Deref((self.cells.len() + i) as u32);
        }
        if let Some(i) = self.locals.get_index_of(name) {
            return Access::Local(i as u32);
        }
        Access::Global
    }
}

/// All scopes of a module, keyed by the address of the AST node that opens
/// them (the module itself is scope 0).
pub struct ScopeTable {
    /// The scopes; index 0 is the module.
    pub scopes: Vec<Scope>,
    by_node: HashMap<usize, usize>,
}

/// A scope-level error (e.g. `nonlocal` without a binding).
#[derive(Debug)]
pub struct ScopeError {
    /// The message.
    pub msg: String,
    /// Byte offset in the source.
    pub offset: u32,
    /// Byte offset of the end of the offending statement (CPython's
    /// carets run to it); equal to `offset` for a single caret.
    pub end: u32,
    /// The code nests deeper than [`super::NEST_MAX`] (CPython's
    /// `RecursionError` at compile time, not a `SyntaxError`).
    pub too_deep: bool,
}

impl ScopeTable {
    /// Analyses a module body.
    /// `string_annotations`: the module has `from __future__ import
    /// annotations`, so annotations are never evaluated.
    pub fn build(body: &[Stmt], string_annotations: bool) -> Result<ScopeTable, ScopeError> {
        let mut b = Builder {
            scopes: Vec::new(),
            by_node: HashMap::new(),
            cur: 0,
            error: None,
            depth: 0,
            string_annotations,
        };
        b.new_scope(ScopeKind::Module, None, 0, Vec::new());
        for s in body {
            b.stmt(s);
        }
        if let Some(e) = b.error {
            return Err(e);
        }
        let mut t = ScopeTable {
            scopes: b.scopes,
            by_node: b.by_node,
        };
        t.resolve()?;
        Ok(t)
    }

    /// The scope opened by an AST node.
    pub fn scope_of<T>(&self, node: &T) -> Option<usize> {
        self.by_node
            .get(&(node as *const T as *const () as usize))
            .copied()
    }

    fn resolve(&mut self) -> Result<(), ScopeError> {
        // Locals: parameters, then every assigned name that is neither
        // global nor nonlocal.
        for s in &mut self.scopes {
            if s.kind == ScopeKind::Module {
                continue;
            }
            let mut locals: IndexSet<String> = s.params.iter().cloned().collect();
            if s.kind == ScopeKind::Class {
                s.locals = locals;
                continue;
            }
            for n in &s.assigned {
                if !s.globals.contains(n) && !s.nonlocals.contains_key(n) {
                    locals.insert(n.clone());
                }
            }
            if LOCALS_USERS.iter().any(|n| s.used.contains(*n)) {
                locals.insert(LOCALS_DICT.to_owned());
            }
            s.locals = locals;
        }
        // Free variables: walk outwards to the binding function scope.
        for i in 0..self.scopes.len() {
            if self.scopes[i].kind == ScopeKind::Module {
                continue;
            }
            let mut wanted: Vec<(String, Option<u32>)> = self.scopes[i]
                .nonlocals
                .iter()
                .map(|(n, off)| (n.clone(), Some(*off)))
                .collect();
            for n in &self.scopes[i].used {
                let s = &self.scopes[i];
                if s.kind == ScopeKind::Class && s.assigned.contains(n) {
                    continue;
                }
                if !s.locals.contains(n) && !s.globals.contains(n) {
                    wanted.push((n.clone(), None));
                }
            }
            for (name, nonlocal_at) in wanted {
                let mut path = vec![i];
                let mut p = self.scopes[i].parent;
                let mut found = None;
                while let Some(pi) = p {
                    let ps = &self.scopes[pi];
                    if ps.kind == ScopeKind::Module || ps.globals.contains(&name) {
                        break;
                    }
                    if ps.kind == ScopeKind::Class {
                        // A class body binds only `__class__` for the
                        // functions in it; other names pass through.
                        if name == "__class__" {
                            found = Some(pi);
                            break;
                        }
                        path.push(pi);
                        p = ps.parent;
                        continue;
                    }
                    if ps.locals.contains(&name) {
                        found = Some(pi);
                        break;
                    }
                    path.push(pi);
                    p = ps.parent;
                }
                match found {
                    Some(owner) => {
                        self.scopes[owner].cells.insert(name.clone());
                        for &si in &path {
                            self.scopes[si].frees.insert(name.clone());
                        }
                    }
                    None => {
                        if let Some(offset) = nonlocal_at {
                            return Err(ScopeError {
                                msg: format!("no binding for nonlocal '{name}' found"),
                                offset,
                                end: offset,
                                too_deep: false,
                            });
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

struct Builder {
    scopes: Vec<Scope>,
    by_node: HashMap<usize, usize>,
    cur: usize,
    /// The first misplaced `global`/`nonlocal` found, in source order.
    error: Option<ScopeError>,
    /// How many statements and expressions enclose the node being walked.
    depth: u32,
    /// `from __future__ import annotations`: annotations are not evaluated.
    string_annotations: bool,
}

impl Builder {
    fn new_scope(
        &mut self,
        kind: ScopeKind,
        parent: Option<usize>,
        key: usize,
        params: Vec<String>,
    ) -> usize {
        let idx = self.scopes.len();
        self.scopes.push(Scope {
            kind,
            parent,
            params,
            locals: IndexSet::new(),
            cells: IndexSet::new(),
            frees: IndexSet::new(),
            globals: HashSet::new(),
            nonlocals: IndexMap::new(),
            yields: false,
            namespace: false,
            assigned: IndexSet::new(),
            used: IndexSet::new(),
        });
        if kind != ScopeKind::Module {
            self.by_node.insert(key, idx);
        }
        idx
    }

    /// Records the first scope error.
    fn fail(&mut self, msg: impl Into<String>, offset: u32, end: u32) {
        if self.error.is_none() {
            self.error = Some(ScopeError {
                msg: msg.into(),
                offset,
                end,
                too_deep: false,
            });
        }
    }

    /// CPython's checks on a `global`/`nonlocal` declaration of `name` in
    /// the current scope, with its messages: the name may not be a
    /// parameter, used or assigned earlier, or declared the other way.
    fn check_declaration(&mut self, name: &str, kind: &str, offset: u32, end: u32) {
        let s = &self.scopes[self.cur];
        let other_kind = if kind == "global" {
            s.nonlocals.contains_key(name)
        } else {
            s.globals.contains(name)
        };
        let msg = if s.params.iter().any(|p| p == name) {
            format!("name '{name}' is parameter and {kind}")
        } else if s.used.contains(name) {
            format!("name '{name}' is used prior to {kind} declaration")
        } else if s.assigned.contains(name) {
            format!("name '{name}' is assigned to before {kind} declaration")
        } else if other_kind {
            format!("name '{name}' is nonlocal and global")
        } else {
            return;
        };
        self.fail(msg, offset, end);
    }

    fn assign(&mut self, name: &str) {
        let s = &mut self.scopes[self.cur];
        if !s.assigned.contains(name) {
            s.assigned.insert(name.to_owned());
        }
    }

    fn use_name(&mut self, name: &str) {
        // A function defined in a class body that names `super` or
        // `__class__` gets the class's `__class__` cell (zero-argument
        // `super()` reads it), as CPython's compiler arranges.
        if name == "super" || name == "__class__" {
            let s = &self.scopes[self.cur];
            if s.kind == ScopeKind::Function
                && s.parent
                    .is_some_and(|p| self.scopes[p].kind == ScopeKind::Class)
                && !s.used.contains("__class__")
            {
                self.scopes[self.cur].used.insert("__class__".to_owned());
            }
        }
        let s = &mut self.scopes[self.cur];
        if !s.used.contains(name) {
            s.used.insert(name.to_owned());
        }
    }

    /// The parameters of a `def` or `lambda`, in CPython's `co_varnames`
    /// order: positional, keyword-only, `*args`, `**kwargs`. A repeated
    /// name is CPython's "duplicate argument" error.
    fn params_of(&mut self, p: &ast::Parameters) -> Vec<String> {
        let mut v: Vec<String> = Vec::new();
        let params = p
            .posonlyargs
            .iter()
            .chain(p.args.iter())
            .chain(p.kwonlyargs.iter())
            .map(|a| &a.parameter)
            .chain(p.vararg.as_deref())
            .chain(p.kwarg.as_deref());
        for param in params {
            let name = param.name.as_str();
            if v.iter().any(|n| n == name) {
                self.fail(
                    format!("duplicate argument '{name}' in function definition"),
                    param.name.range.start().into(),
                    param.range.end().into(),
                );
            } else {
                v.push(name.to_owned());
            }
        }
        v
    }

    fn function<T>(&mut self, key: &T, params: Vec<String>, body: impl FnOnce(&mut Builder)) {
        let parent = self.cur;
        let idx = self.new_scope(
            ScopeKind::Function,
            Some(parent),
            key as *const T as *const () as usize,
            params,
        );
        self.cur = idx;
        body(self);
        self.cur = parent;
    }

    fn stmts(&mut self, body: &[Stmt]) {
        for s in body {
            self.stmt(s);
        }
    }

    /// Steps one level deeper into the tree at `offset`; `false` (with the
    /// error recorded, the level not entered) past [`super::NEST_MAX`].
    fn enter(&mut self, offset: u32) -> bool {
        if self.depth >= super::NEST_MAX {
            if self.error.is_none() {
                self.error = Some(ScopeError {
                    msg: super::TOO_DEEP.into(),
                    offset,
                    end: offset,
                    too_deep: true,
                });
            }
            return false;
        }
        self.depth += 1;
        true
    }

    fn stmt(&mut self, s: &Stmt) {
        if self.enter(s.range().start().into()) {
            self.stmt_node(s);
            self.depth -= 1;
        }
    }

    fn stmt_node(&mut self, s: &Stmt) {
        match s {
            Stmt::FunctionDef(f) => {
                for d in &f.decorator_list {
                    self.expr(&d.expression);
                }
                for p in f
                    .parameters
                    .posonlyargs
                    .iter()
                    .chain(f.parameters.args.iter())
                    .chain(f.parameters.kwonlyargs.iter())
                {
                    if let Some(d) = &p.default {
                        self.expr(d);
                    }
                }
                // The annotations are evaluated where the function is
                // defined (unless they are kept as strings).
                if !self.string_annotations {
                    let p = &f.parameters;
                    let params = p.posonlyargs.iter().chain(&p.args).chain(&p.kwonlyargs);
                    params
                        .filter_map(|a| a.parameter.annotation.as_deref())
                        .chain(p.vararg.as_ref().and_then(|v| v.annotation.as_deref()))
                        .chain(p.kwarg.as_ref().and_then(|v| v.annotation.as_deref()))
                        .chain(f.returns.as_deref())
                        .for_each(|a| self.expr(a));
                }
                self.assign(f.name.as_str());
                let params = self.params_of(&f.parameters);
                self.function(f, params, |b| b.stmts(&f.body));
            }
            Stmt::ClassDef(c) => {
                for d in &c.decorator_list {
                    self.expr(&d.expression);
                }
                if let Some(a) = &c.arguments {
                    a.args.iter().for_each(|v| self.expr(v));
                    a.keywords.iter().for_each(|k| self.expr(&k.value));
                }
                self.assign(c.name.as_str());
                let parent = self.cur;
                let idx = self.new_scope(
                    ScopeKind::Class,
                    Some(parent),
                    c as *const ast::StmtClassDef as *const () as usize,
                    vec![CLASS_NS.to_owned()],
                );
                self.cur = idx;
                self.stmts(&c.body);
                self.cur = parent;
            }
            Stmt::Return(r) => {
                if let Some(v) = &r.value {
                    self.expr(v);
                }
            }
            Stmt::Delete(d) => {
                for t in &d.targets {
                    self.target(t);
                }
            }
            Stmt::Assign(a) => {
                self.expr(&a.value);
                for t in &a.targets {
                    self.target(t);
                }
            }
            Stmt::AugAssign(a) => {
                self.expr(&a.value);
                if let Expr::Name(n) = &*a.target {
                    self.use_name(n.id.as_str());
                }
                self.target(&a.target);
            }
            Stmt::AnnAssign(a) => {
                if let Some(v) = &a.value {
                    self.expr(v);
                }
                self.target(&a.target);
                // A module or class body evaluates the annotation and
                // keeps it in `__annotations__`; a function ignores it.
                if self.scopes[self.cur].kind != ScopeKind::Function {
                    if !self.string_annotations {
                        self.expr(&a.annotation);
                    }
                    self.assign("__annotations__");
                }
            }
            Stmt::For(f) => {
                self.expr(&f.iter);
                self.target(&f.target);
                self.stmts(&f.body);
                self.stmts(&f.orelse);
            }
            Stmt::While(w) => {
                self.expr(&w.test);
                self.stmts(&w.body);
                self.stmts(&w.orelse);
            }
            Stmt::If(i) => {
                self.expr(&i.test);
                self.stmts(&i.body);
                for c in &i.elif_else_clauses {
                    if let Some(t) = &c.test {
                        self.expr(t);
                    }
                    self.stmts(&c.body);
                }
            }
            Stmt::With(w) => {
                for it in &w.items {
                    self.expr(&it.context_expr);
                    if let Some(v) = &it.optional_vars {
                        self.target(v);
                    }
                }
                self.stmts(&w.body);
            }
            Stmt::Raise(r) => {
                if let Some(e) = &r.exc {
                    self.expr(e);
                }
                if let Some(e) = &r.cause {
                    self.expr(e);
                }
            }
            Stmt::Try(t) => {
                self.stmts(&t.body);
                for h in &t.handlers {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    if let Some(ty) = &h.type_ {
                        self.expr(ty);
                    }
                    if let Some(n) = &h.name {
                        self.assign(n.as_str());
                    }
                    self.stmts(&h.body);
                }
                self.stmts(&t.orelse);
                self.stmts(&t.finalbody);
            }
            Stmt::Assert(a) => {
                self.expr(&a.test);
                if let Some(m) = &a.msg {
                    self.expr(m);
                }
            }
            Stmt::Import(i) => {
                for a in &i.names {
                    let bound = match &a.asname {
                        Some(n) => n.as_str(),
                        None => a.name.as_str().split('.').next().unwrap_or(""),
                    };
                    self.assign(bound);
                }
            }
            Stmt::ImportFrom(i) => {
                for a in &i.names {
                    if a.name.as_str() == "*" {
                        // CPython's symtable: its names are unknown, so
                        // only a module body may take them.
                        if self.scopes[self.cur].kind != ScopeKind::Module {
                            self.fail(
                                "import * only allowed at module level",
                                a.range.start().into(),
                                a.range.end().into(),
                            );
                        }
                        continue;
                    }
                    let bound = a.asname.as_ref().unwrap_or(&a.name);
                    self.assign(bound.as_str());
                }
            }
            Stmt::Global(g) => {
                let off = u32::from(g.range.start());
                for n in &g.names {
                    self.check_declaration(n.as_str(), "global", off, g.range.end().into());
                    self.scopes[self.cur].globals.insert(n.as_str().to_owned());
                }
            }
            Stmt::Nonlocal(n) => {
                let stmt_off = u32::from(n.range.start());
                if self.scopes[self.cur].kind == ScopeKind::Module {
                    self.fail(
                        "nonlocal declaration not allowed at module level",
                        stmt_off,
                        n.range.end().into(),
                    );
                }
                for id in &n.names {
                    self.check_declaration(id.as_str(), "nonlocal", stmt_off, n.range.end().into());
                    let off = u32::from(id.range.start());
                    self.scopes[self.cur]
                        .nonlocals
                        .entry(id.as_str().to_owned())
                        .or_insert(off);
                }
            }
            Stmt::Expr(e) => self.expr(&e.value),
            Stmt::Match(m) => {
                self.expr(&m.subject);
                for c in &m.cases {
                    self.pattern(&c.pattern);
                    if let Some(g) = &c.guard {
                        self.expr(g);
                    }
                    self.stmts(&c.body);
                }
            }
            Stmt::Pass(_)
            | Stmt::Break(_)
            | Stmt::Continue(_)
            | Stmt::TypeAlias(_)
            | Stmt::IpyEscapeCommand(_) => {}
        }
    }

    fn target(&mut self, t: &Expr) {
        match t {
            Expr::Name(n) => self.assign(n.id.as_str()),
            Expr::Tuple(tu) => {
                for e in &tu.elts {
                    self.target(e);
                }
            }
            Expr::List(l) => {
                for e in &l.elts {
                    self.target(e);
                }
            }
            Expr::Starred(s) => self.target(&s.value),
            other => self.expr(other),
        }
    }

    /// A `case` pattern: the names it captures are bound here (as by an
    /// assignment); its value patterns, mapping keys and classes are
    /// expressions evaluated here.
    fn pattern(&mut self, p: &ast::Pattern) {
        use ast::Pattern as P;
        if !self.enter(p.range().start().into()) {
            return;
        }
        match p {
            P::MatchValue(v) => self.expr(&v.value),
            P::MatchSingleton(_) => {}
            P::MatchSequence(s) => s.patterns.iter().for_each(|q| self.pattern(q)),
            P::MatchMapping(m) => {
                m.keys.iter().for_each(|k| self.expr(k));
                m.patterns.iter().for_each(|q| self.pattern(q));
                if let Some(r) = &m.rest {
                    self.assign(r.as_str());
                }
            }
            P::MatchClass(c) => {
                self.expr(&c.cls);
                c.arguments.patterns.iter().for_each(|q| self.pattern(q));
                c.arguments
                    .keywords
                    .iter()
                    .for_each(|k| self.pattern(&k.pattern));
            }
            P::MatchStar(s) => {
                if let Some(n) = &s.name {
                    self.assign(n.as_str());
                }
            }
            P::MatchAs(a) => {
                if let Some(q) = &a.pattern {
                    self.pattern(q);
                }
                if let Some(n) = &a.name {
                    self.assign(n.as_str());
                }
            }
            P::MatchOr(o) => o.patterns.iter().for_each(|q| self.pattern(q)),
        }
        self.depth -= 1;
    }

    fn comprehension<T>(&mut self, key: &T, gens: &[ast::Comprehension], elts: &[&Expr]) {
        // The first iterable is evaluated in the enclosing scope.
        if let Some(first) = gens.first() {
            self.expr(&first.iter);
        }
        self.function(key, vec![".0".to_owned()], |b| {
            for (i, g) in gens.iter().enumerate() {
                if i > 0 {
                    b.expr(&g.iter);
                }
                b.target(&g.target);
                for c in &g.ifs {
                    b.expr(c);
                }
            }
            for e in elts {
                b.expr(e);
            }
        });
    }

    fn expr(&mut self, e: &Expr) {
        if self.enter(e.range().start().into()) {
            self.expr_node(e);
            self.depth -= 1;
        }
    }

    fn expr_node(&mut self, e: &Expr) {
        match e {
            Expr::Name(n) => match n.ctx {
                ast::ExprContext::Load => self.use_name(n.id.as_str()),
                _ => self.assign(n.id.as_str()),
            },
            Expr::Lambda(l) => {
                let params = match &l.parameters {
                    Some(p) => {
                        for a in p
                            .posonlyargs
                            .iter()
                            .chain(p.args.iter())
                            .chain(p.kwonlyargs.iter())
                        {
                            if let Some(d) = &a.default {
                                self.expr(d);
                            }
                        }
                        self.params_of(p)
                    }
                    None => Vec::new(),
                };
                self.function(l, params, |b| b.expr(&l.body));
            }
            Expr::ListComp(c) => self.comprehension(c, &c.generators, &[&c.elt]),
            Expr::SetComp(c) => self.comprehension(c, &c.generators, &[&c.elt]),
            Expr::Generator(c) => self.comprehension(c, &c.generators, &[&c.elt]),
            Expr::DictComp(c) => {
                let mut elts: Vec<&Expr> = vec![&c.value];
                if let Some(k) = &c.key {
                    elts.push(k);
                }
                self.comprehension(c, &c.generators, &elts)
            }
            Expr::Named(n) => {
                self.expr(&n.value);
                // In a comprehension the name would belong to the
                // enclosing function (PEP 572), which this pass does not
                // model.
                if self.scopes[self.cur]
                    .params
                    .first()
                    .is_some_and(|p| p == ".0")
                {
                    self.fail(
                        "assignment expression in a comprehension is not supported by typhon",
                        n.range.start().into(),
                        n.range.end().into(),
                    );
                }
                self.target(&n.target);
            }
            Expr::BoolOp(b) => b.values.iter().for_each(|v| self.expr(v)),
            Expr::BinOp(b) => {
                self.expr(&b.left);
                self.expr(&b.right);
            }
            Expr::UnaryOp(u) => self.expr(&u.operand),
            Expr::If(i) => {
                self.expr(&i.test);
                self.expr(&i.body);
                self.expr(&i.orelse);
            }
            Expr::Dict(d) => {
                for it in &d.items {
                    if let Some(k) = &it.key {
                        self.expr(k);
                    }
                    self.expr(&it.value);
                }
            }
            Expr::Set(s) => s.elts.iter().for_each(|v| self.expr(v)),
            Expr::Await(a) => self.expr(&a.value),
            Expr::Yield(y) => {
                self.scopes[self.cur].yields = true;
                if let Some(v) = &y.value {
                    self.expr(v);
                }
            }
            Expr::YieldFrom(y) => {
                self.scopes[self.cur].yields = true;
                self.expr(&y.value);
            }
            Expr::Compare(c) => {
                self.expr(&c.left);
                c.comparators.iter().for_each(|v| self.expr(v));
            }
            Expr::Call(c) => {
                self.expr(&c.func);
                c.arguments.args.iter().for_each(|v| self.expr(v));
                c.arguments
                    .keywords
                    .iter()
                    .for_each(|k| self.expr(&k.value));
            }
            Expr::FString(f) => {
                for el in f.value.elements() {
                    self.fstring_element(el);
                }
            }
            Expr::Attribute(a) => self.expr(&a.value),
            Expr::Subscript(s) => {
                self.expr(&s.value);
                self.expr(&s.slice);
            }
            Expr::Starred(s) => self.expr(&s.value),
            Expr::List(l) => l.elts.iter().for_each(|v| self.expr(v)),
            Expr::Tuple(t) => t.elts.iter().for_each(|v| self.expr(v)),
            Expr::Slice(s) => {
                for v in [&s.lower, &s.upper, &s.step].into_iter().flatten() {
                    self.expr(v);
                }
            }
            Expr::TString(_)
            | Expr::StringLiteral(_)
            | Expr::BytesLiteral(_)
            | Expr::NumberLiteral(_)
            | Expr::BooleanLiteral(_)
            | Expr::NoneLiteral(_)
            | Expr::EllipsisLiteral(_)
            | Expr::IpyEscapeCommand(_) => {}
        }
    }

    fn fstring_element(&mut self, el: &ast::InterpolatedStringElement) {
        if let ast::InterpolatedStringElement::Interpolation(i) = el {
            self.expr(&i.expression);
            if let Some(spec) = &i.format_spec {
                for e in &spec.elements {
                    self.fstring_element(e);
                }
            }
        }
    }
}
