//! The compiler: a parsed module (ruff's AST) → [`Code`] objects.
//!
//! One [`Unit`] is built per function body (module, `def`, `lambda`,
//! comprehension). Every emitted instruction records the exception handler
//! active at that point; the exception table is derived from those records,
//! exactly as CPython 3.11's compiler does, so inlined `finally` bodies on
//! `return`/`break` paths get the right (outer) handler.
//!
//! Constructs outside Typhon's subset are rejected with a [`CompileError`]
//! naming the construct.

pub mod consts;
pub mod future;
#[rustfmt::skip]
pub mod interned;
pub mod mangle;
mod pattern;
pub mod scope;
mod unparse;

use crate::bytecode::{BinOp, CmpOp, Code, ExcEntry, Instr, Op, Source, Span};
use crate::object::{CodeObj, ObjRef, StrObj, Value};
use num_bigint::BigInt;
use ruff_python_ast::{self as ast, Expr, Stmt};
use ruff_text_size::{Ranged, TextRange};
use scope::{Access, ScopeKind, ScopeTable};
use std::cell::Cell;
use std::collections::HashMap;
use std::rc::Rc;

/// How many statements and expressions may enclose one another. CPython
/// 3.11 allows three times its recursion limit (1000) and then raises
/// [`TOO_DEEP`] as a `RecursionError`; so does Typhon, instead of
/// overflowing the stack of its recursive tree walks.
pub const NEST_MAX: u32 = 3000;

/// CPython's message when code nests deeper than [`NEST_MAX`].
pub const TOO_DEEP: &str = "maximum recursion depth exceeded during compilation";

/// A compile-time error: a construct outside the subset, or a scoping error.
#[derive(Debug, Clone)]
pub struct CompileError {
    /// The message (without location).
    pub msg: String,
    /// The code nests deeper than [`NEST_MAX`]: a `RecursionError`, where
    /// every other compile error is a `SyntaxError`.
    pub too_deep: bool,
    /// 1-based line.
    pub line: u32,
    /// 1-based column (in characters).
    pub col: u32,
    /// Where the offending node ends: 1-based line and column, exclusive
    /// (CPython's `end_lineno`/`end_offset`; the caret range).
    pub end_line: u32,
    /// See `end_line`.
    pub end_col: u32,
    /// A construct outside Typhon's subset (Typhon's own wording), not an
    /// error CPython reports too.
    pub unsupported: bool,
}

type CResult<T> = Result<T, CompileError>;

/// Maps byte offsets to (line, column).
pub struct LineIndex {
    starts: Vec<u32>,
}

impl LineIndex {
    /// Indexes `text`.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                starts.push(i as u32 + 1);
            }
        }
        LineIndex { starts }
    }

    /// The 1-based line of a byte offset.
    pub fn line(&self, offset: u32) -> u32 {
        match self.starts.binary_search(&offset) {
            Ok(i) => i as u32 + 1,
            Err(i) => i as u32,
        }
    }

    /// The 1-based (line, column) of a byte offset, counting columns in
    /// characters.
    pub fn line_col(&self, text: &str, offset: u32) -> (u32, u32) {
        let line = self.line(offset);
        let start = self.starts[(line - 1) as usize] as usize;
        let end = (offset as usize).min(text.len());
        let col = text.get(start..end).map(|s| s.chars().count()).unwrap_or(0);
        (line, col as u32 + 1)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Label(usize);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Handler {
    label: Label,
    depth: u32,
}

/// A block the compiler is inside of, for `break`/`continue`/`return`.
/// `hdepth` is the length of the handler stack outside the block: leaving
/// the block early truncates the handler stack to it.
#[derive(Clone, Copy)]
enum FBlock<'a> {
    /// A `for` loop: its iterator is on the stack.
    For { head: Label, exit: Label },
    /// A `while` loop.
    While { head: Label, exit: Label },
    /// The body of a `try` that has a `finally`.
    TryFinally { body: &'a [Stmt], hdepth: usize },
    /// The `finally` body on the exception path: the exception is on the stack.
    FinallyExc { hdepth: usize },
    /// An `except` body (the exception is being handled).
    Handler {
        name: Option<&'a str>,
        hdepth: usize,
    },
    /// A value waiting on the stack (a return value while `finally` runs).
    Pending,
    /// The body of a `try` with `except` clauses (CPython's `TRY_EXCEPT`;
    /// nothing to unwind, it only counts toward [`MAX_BLOCKS`]).
    TryExcept,
    /// The `except` clauses of a `try` (CPython's `EXCEPTION_HANDLER`;
    /// only counts, as `TryExcept`).
    ExcHandlers,
    /// The body of a `with`: its `__exit__` is on the stack. Leaving early
    /// calls it with three `None`s at the statement's location.
    With { hdepth: usize, loc: Span },
}

/// CPython's `CO_MAXBLOCKS`: how many blocks (loops, `try` bodies,
/// `except` and `finally` bodies) may enclose one another in one code
/// object. CPython checks it when it compiles, so do we.
const MAX_BLOCKS: usize = 20;

impl FBlock<'_> {
    /// Whether CPython counts this block toward [`MAX_BLOCKS`] (a pending
    /// value is not a block of its own there).
    fn counts(&self) -> bool {
        !matches!(self, FBlock::Pending)
    }

    fn stack_items(&self) -> u32 {
        match self {
            FBlock::For { .. }
            | FBlock::FinallyExc { .. }
            | FBlock::Pending
            | FBlock::With { .. } => 1,
            _ => 0,
        }
    }
}

/// A code object's parameters, as counts (see `Code`'s fields of the same
/// names).
#[derive(Clone, Copy, Default)]
struct ParamShape {
    argcount: u32,
    posonlyargcount: u32,
    kwonlyargcount: u32,
    varargs: bool,
    varkeywords: bool,
}

impl ParamShape {
    /// `n` positional parameters and nothing else.
    fn positional(n: u32) -> ParamShape {
        ParamShape {
            argcount: n,
            ..ParamShape::default()
        }
    }
}

struct Unit<'a> {
    scope: usize,
    name: String,
    qualname: String,
    first_line: u32,
    params: ParamShape,
    instrs: Vec<Instr>,
    spans: Vec<Span>,
    handlers_of: Vec<Option<Handler>>,
    consts: Vec<Value>,
    names: Vec<String>,
    name_index: HashMap<String, u32>,
    labels: Vec<Option<u32>>,
    handler_stack: Vec<Handler>,
    fblocks: Vec<FBlock<'a>>,
    /// Whether this is a generator's code (set by [`Compiler::start_generator`]).
    generator: bool,
    /// A function's docstring.
    doc: Option<Rc<str>>,
    /// The source range instructions are emitted for: the innermost
    /// statement or expression being compiled, as CPython's compiler
    /// tracks it (`SET_LOC`, restored after each expression).
    loc: Span,
}

/// What a module's code is compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A module body: its names are the globals.
    Module,
    /// Code run by `exec` (`compile(..., 'exec')`): its names live in a
    /// namespace dict (local 0) before the globals, as a class body's.
    Exec,
    /// An expression for `eval` (`compile(..., 'eval')`): the body is one
    /// expression statement, whose value the code returns; names as for
    /// [`Mode::Exec`].
    Eval,
    /// One interactive statement (`compile(..., 'single')`): as
    /// [`Mode::Exec`], and each expression statement of the module's own
    /// code shows its value through `sys.displayhook` (CPython's
    /// PRINT_EXPR).
    Single,
}

/// `co_flags`' bit for `from __future__ import annotations` (CPython's
/// `CO_FUTURE_ANNOTATIONS`, `__future__.annotations.compiler_flag`): set
/// on every code object of a module that has it, and what `compile()`'s
/// `flags` and the inheritance of `exec`/`eval`/`compile` carry.
pub const CO_FUTURE_ANNOTATIONS: u32 = 0x100_0000;

/// Compiles a parsed module's statements (private names already mangled:
/// [`mangle`]).
pub fn compile_module(source: Rc<Source>, body: &[Stmt]) -> CResult<Rc<Code>> {
    compile_mode(source, body, Mode::Module, 0)
}

/// Compiles parsed statements for `mode` (for [`Mode::Eval`], `body` is
/// one expression statement), with the future features of `flags`
/// ([`CO_FUTURE_ANNOTATIONS`]) on besides the code's own.
pub fn compile_mode(
    source: Rc<Source>,
    body: &[Stmt],
    mode: Mode,
    flags: u32,
) -> CResult<Rc<Code>> {
    let index = LineIndex::new(&source.text);
    let mut future = if mode == Mode::Eval {
        future::Future::default()
    } else {
        future::parse(&source.text, &index, body)?
    };
    future.annotations |= flags & CO_FUTURE_ANNOTATIONS != 0;
    let mut scopes = ScopeTable::build(body, future.annotations).map_err(|e| {
        let (line, col) = index.line_col(&source.text, e.offset);
        let (end_line, end_col) = index.line_col(&source.text, e.end);
        CompileError {
            unsupported: e.msg.ends_with(UNSUPPORTED),
            msg: e.msg,
            too_deep: e.too_deep,
            line,
            col,
            end_line,
            end_col,
        }
    })?;
    if mode != Mode::Module
        && let Some(top) = scopes.scopes.first_mut()
    {
        top.namespace = true;
    }
    let mut c = Compiler {
        source,
        index,
        scopes,
        units: Vec::new(),
        depth: 0,
        interned: HashMap::new(),
        frozensets: consts::FrozensetConsts::default(),
        strs: consts::StrConsts::default(),
        complexes: HashMap::new(),
        idents: None,
        body,
        future,
        interactive: mode == Mode::Single,
    };
    let start = Span { start: 0, end: 0 };
    c.push_unit(
        0,
        "<module>".into(),
        "<module>".into(),
        (1, start),
        ParamShape::positional(0),
    );
    if let (Mode::Eval, [Stmt::Expr(e)]) = (mode, body) {
        c.expr(&e.value)?;
        c.emit(Op::ReturnValue, 0);
        return c.pop_unit(true);
    }
    c.setup_annotations(body);
    let mut body = body;
    if mode == Mode::Module {
        c.docstring(body);
        // A module's docstring becomes its `__doc__`, as CPython's
        // compiler stores it.
        if let Some((first @ Stmt::Expr(e), rest)) = body.split_first()
            && let Expr::StringLiteral(doc) = &*e.value
        {
            c.set_line(first.range());
            let d = c.const_quiet(Value::str(doc.value.to_str()));
            c.emit(Op::LoadConst, d);
            c.store_name("__doc__");
            body = rest;
        }
    }
    c.stmts(body)?;
    let none = c.const_(Value::None);
    c.emit(Op::LoadConst, none);
    c.emit(Op::ReturnValue, 0);
    c.pop_unit(true)
}

struct Compiler<'a> {
    source: Rc<Source>,
    index: LineIndex,
    scopes: ScopeTable,
    units: Vec<Unit<'a>>,
    /// How many statements and expressions enclose the one being compiled
    /// (the scope pass already refused trees deeper than [`NEST_MAX`]; this
    /// is the compiler's own guard).
    depth: u32,
    /// One `str` object per name for every code object of the module
    /// (CPython interns names): an attribute stored by one function and
    /// loaded by another then has the same key object, and the inline
    /// caches compare keys by identity.
    interned: HashMap<String, ObjRef>,
    /// The frozenset constants made so far (set displays of constants).
    frozensets: consts::FrozensetConsts,
    /// Which string objects CPython's constant cache would hold (see
    /// [`consts::StrConsts`]).
    strs: consts::StrConsts,
    /// One object per complex constant value (by the bits of its parts)
    /// for the whole module, as CPython's constant cache merges them:
    /// `1j is 1j` holds, also across functions.
    complexes: HashMap<(u64, u64), Value>,
    /// The module's identifiers, once a frozenset constant needs them.
    idents: Option<std::collections::HashSet<String>>,
    /// The module's statements.
    body: &'a [Stmt],
    /// What the module's future statements turn on.
    future: future::Future,
    /// [`Mode::Single`]: the module's expression statements are shown.
    interactive: bool,
}

/// How Typhon's own compile errors end (see [`unsupported`]).
const UNSUPPORTED: &str = " is not supported by typhon";

/// Whether `e` is the bare name `name`.
fn is_name(e: &Expr, name: &str) -> bool {
    matches!(e, Expr::Name(n) if n.id.as_str() == name)
}

/// Whether `e` names `ABCMeta` (`ABCMeta`, `abc.ABCMeta`): the one
/// metaclass besides `type` that classes may declare; `__build_class__`
/// checks at run time that it is `abc.ABCMeta`.
fn names_abc_meta(e: &Expr) -> bool {
    match e {
        Expr::Name(n) => n.id.as_str() == "ABCMeta",
        Expr::Attribute(a) => a.attr.as_str() == "ABCMeta",
        _ => false,
    }
}

fn unsupported(what: &str) -> String {
    format!("{what}{UNSUPPORTED}")
}

impl<'a> Compiler<'a> {
    // ----- units, emission, labels -------------------------------------

    fn unit(&mut self) -> &mut Unit<'a> {
        let n = self.units.len() - 1;
        &mut self.units[n]
    }

    fn push_unit(
        &mut self,
        scope: usize,
        name: String,
        qualname: String,
        (first_line, loc): (u32, Span),
        params: ParamShape,
    ) {
        self.units.push(Unit {
            scope,
            name,
            qualname,
            first_line,
            params,
            instrs: Vec::new(),
            spans: Vec::new(),
            handlers_of: Vec::new(),
            consts: Vec::new(),
            names: Vec::new(),
            name_index: HashMap::new(),
            labels: Vec::new(),
            handler_stack: Vec::new(),
            fblocks: Vec::new(),
            generator: false,
            doc: None,
            loc,
        });
    }

    fn pop_unit(&mut self, is_module: bool) -> CResult<Rc<Code>> {
        let u = match self.units.pop() {
            Some(u) => u,
            None => unreachable!("pop_unit without a unit"),
        };
        let scope = &self.scopes.scopes[u.scope];
        // Resolve labels in jump args.
        let mut instrs = u.instrs;
        for ins in instrs.iter_mut() {
            if is_jump(ins.op) {
                ins.arg = u.labels[ins.arg as usize].unwrap_or(0);
            }
        }
        // Exception table from per-instruction handlers.
        let mut table: Vec<ExcEntry> = Vec::new();
        let mut i = 0;
        while i < u.handlers_of.len() {
            if let Some(h) = u.handlers_of[i] {
                let start = i;
                while i < u.handlers_of.len() && u.handlers_of[i] == Some(h) {
                    i += 1;
                }
                table.push(ExcEntry {
                    start: start as u32,
                    end: i as u32,
                    handler: u.labels[h.label.0].unwrap_or(0),
                    depth: h.depth,
                });
            } else {
                i += 1;
            }
        }
        let names = u
            .names
            .iter()
            .map(|n| {
                self.interned
                    .entry(n.clone())
                    .or_insert_with(|| StrObj::new_obj(n))
                    .clone()
            })
            .collect::<Vec<_>>();
        let cell_params = scope
            .cells
            .iter()
            .map(|c| scope.params.iter().position(|p| p == c).map(|i| i as u32))
            .collect();
        let max_stack = crate::bytecode::max_stack_depth(&instrs, &table);
        // A module body in a namespace has that one local, the dict.
        let scope_nlocals = match (is_module, scope.namespace) {
            (true, true) => 1,
            (true, false) => 0,
            _ => scope.locals.len(),
        };
        // A compiler bug, reported where the code object begins rather
        // than run (the hot loop relies on what the verifier checks).
        let shape =
            crate::verify::check(&instrs, names.len(), u.consts.len(), &table).map_err(|e| {
                CompileError {
                    msg: format!(
                        "internal error: the compiled code of {} is malformed: {e}",
                        u.qualname
                    ),
                    too_deep: false,
                    line: u.first_line,
                    col: 1,
                    end_line: u.first_line,
                    end_col: 1,
                    unsupported: false,
                }
            })?;
        let code = Code {
            shape,
            name: u.name,
            qualname: u.qualname,
            source: self.source.clone(),
            first_line: u.first_line,
            argcount: u.params.argcount,
            posonlyargcount: u.params.posonlyargcount,
            kwonlyargcount: u.params.kwonlyargcount,
            varargs: u.params.varargs,
            varkeywords: u.params.varkeywords,
            varnames: if is_module {
                if scope.namespace {
                    vec![scope::CLASS_NS.to_owned()]
                } else {
                    Vec::new()
                }
            } else {
                scope.locals.iter().cloned().collect()
            },
            cellvars: scope.cells.iter().cloned().collect(),
            cell_params,
            freevars: scope.frees.iter().cloned().collect(),
            consts: u.consts,
            names,
            units: instrs.into_iter().map(Cell::new).collect(),
            spans: u.spans.into_boxed_slice(),
            exc_table: table,
            is_module,
            is_generator: u.generator,
            max_stack,
            nslots: (scope_nlocals + scope.cells.len() + scope.frees.len()) as u32,
            plain_argc: Cell::new(u32::MAX),
            quickened: Cell::new(false),
            calls_c: Cell::new(false),
            jit_countdown: Cell::new(u32::MAX),
            jit_osr_left: Cell::new(crate::jit::OSR_PER_CODE),
            jit_discards: Cell::new(0),
            jit_osr: std::cell::RefCell::new(Vec::new()),
            jit: Default::default(),
            jit_direct: Cell::new(0),
            jit_wanted: Cell::new(false),
            doc: u.doc,
            future_flags: if self.future.annotations {
                CO_FUTURE_ANNOTATIONS
            } else {
                0
            },
        };
        code.plain_argc.set(code.initial_plain_argc());
        Ok(Rc::new(code))
    }

    fn emit(&mut self, op: Op, arg: u32) {
        let u = self.unit();
        let h = u.handler_stack.last().copied();
        let loc = u.loc;
        u.instrs.push(Instr::new(op, arg));
        u.spans.push(loc);
        u.handlers_of.push(h);
        for _ in 0..op.cache_units() {
            u.instrs.push(Instr::new(Op::Cache, 0));
            u.spans.push(loc);
            u.handlers_of.push(h);
        }
    }

    fn new_label(&mut self) -> Label {
        let u = self.unit();
        u.labels.push(None);
        Label(u.labels.len() - 1)
    }

    fn bind(&mut self, l: Label) {
        let u = self.unit();
        u.labels[l.0] = Some(u.instrs.len() as u32);
    }

    fn jump(&mut self, op: Op, l: Label) {
        self.emit(op, l.0 as u32);
    }

    /// Adds a constant; its strings are registered as CPython's compiler
    /// registers a literal (see [`consts::StrConsts`]).
    fn const_(&mut self, v: Value) -> u32 {
        self.strs.literal(&v);
        self.const_quiet(v)
    }

    /// Adds a constant made of identifiers (a keyword argument name, a
    /// class name, a tuple of names): CPython's compiler registers the
    /// parser's interned objects.
    fn const_ident(&mut self, v: Value) -> u32 {
        self.note_idents(&v);
        self.const_quiet(v)
    }

    /// Registers the identifiers of `v` (a `str` or a tuple of them).
    fn note_idents(&mut self, v: &Value) {
        if let Some(s) = v.as_str() {
            self.strs.identifier(s);
        } else if let Some(t) = v.downcast::<crate::object::TupleObj>() {
            for x in t.items.iter() {
                self.note_idents(x);
            }
        }
    }

    /// Adds a constant CPython's compiler does not register (a constant
    /// expression statement, which it drops).
    fn const_quiet(&mut self, v: Value) -> u32 {
        let v = self.merged_complex(v);
        let u = self.unit();
        u.consts.push(v);
        (u.consts.len() - 1) as u32
    }

    /// The module's one object for a complex constant's value (`v` itself
    /// the first time); anything else as it is. A complex with a NaN part
    /// equals nothing, so CPython merges it with nothing.
    fn merged_complex(&mut self, v: Value) -> Value {
        match v.as_complex() {
            Some((re, im)) if !re.is_nan() && !im.is_nan() => self
                .complexes
                .entry((re.to_bits(), im.to_bits()))
                .or_insert(v)
                .clone(),
            _ => v,
        }
    }

    /// Registers a body's docstring, the first constant CPython's compiler
    /// registers for it.
    fn docstring(&mut self, body: &[Stmt]) {
        if let Some(Stmt::Expr(e)) = body.first()
            && let Expr::StringLiteral(doc) = &*e.value
        {
            self.strs.literal(&Value::str(doc.value.to_str()));
        }
    }

    fn name(&mut self, n: &str) -> u32 {
        let u = self.unit();
        if let Some(&i) = u.name_index.get(n) {
            return i;
        }
        u.names.push(n.to_owned());
        let i = (u.names.len() - 1) as u32;
        u.name_index.insert(n.to_owned(), i);
        i
    }

    fn depth(&self) -> u32 {
        self.units
            .last()
            .map(|u| u.fblocks.iter().map(|f| f.stack_items()).sum())
            .unwrap_or(0)
    }

    /// Enters a block, as CPython's `compiler_push_fblock`: past
    /// [`MAX_BLOCKS`] it is a `SyntaxError` at `r` (the statement or
    /// handler that opens the block).
    fn push_fblock(&mut self, fb: FBlock<'a>, r: TextRange) -> CResult<()> {
        if fb.counts() && self.unit().fblocks.iter().filter(|b| b.counts()).count() >= MAX_BLOCKS {
            return Err(self.err(r, "too many statically nested blocks".into()));
        }
        self.unit().fblocks.push(fb);
        Ok(())
    }

    fn push_handler(&mut self, label: Label) {
        let depth = self.depth();
        self.unit().handler_stack.push(Handler { label, depth });
    }

    /// Pushes a handler whose stack depth is given (not the blocks').
    fn push_handler_at(&mut self, label: Label, depth: u32) {
        self.unit().handler_stack.push(Handler { label, depth });
    }

    /// Makes the unit being compiled a generator's code: it starts by
    /// returning the generator (RETURN_GENERATOR), whose first resumption
    /// pushes a value the POP_TOP drops, as CPython 3.11's prologue.
    fn start_generator(&mut self) {
        self.unit().generator = true;
        self.emit(Op::ReturnGenerator, 0);
        self.emit(Op::PopTop, 0);
    }

    /// CPython's symtable errors for a `yield` where none may be.
    fn check_yield(&mut self, r: TextRange) -> CResult<()> {
        let u = self.unit();
        let msg = match u.name.as_str() {
            "<genexpr>" => "'yield' inside generator expression",
            "<listcomp>" => "'yield' inside list comprehension",
            "<dictcomp>" => "'yield' inside dict comprehension",
            _ if !u.generator => "'yield' outside function",
            _ => return Ok(()),
        };
        Err(self.err(r, msg.into()))
    }

    fn pop_handler(&mut self) {
        self.unit().handler_stack.pop();
    }

    /// Makes `r` the source range of the instructions emitted next;
    /// returns the previous one.
    fn set_line(&mut self, r: TextRange) -> Span {
        self.set_loc(Span::of(r))
    }

    fn set_loc(&mut self, loc: Span) -> Span {
        std::mem::replace(&mut self.unit().loc, loc)
    }

    fn restore_line(&mut self, l: Span) {
        self.unit().loc = l;
    }

    /// CPython's `update_start_location_to_match_attr`: an instruction
    /// for `a.name` (or the call of `a.name(...)`) whose range starts on an
    /// earlier line than the attribute's name ends on starts at the name
    /// instead (its length in characters back from the end, as CPython
    /// counts), so that a traceback points at the line of `.name`.
    fn attr_loc(&self, loc: Span, a: &ast::ExprAttribute) -> Span {
        let end = u32::from(a.range.end());
        if self.index.line(loc.start) == self.index.line(end) {
            return loc;
        }
        let len = a.attr.as_str().chars().count() as u32;
        let line_start = self.index.starts[(self.index.line(end) - 1) as usize];
        if end - line_start < len {
            return loc;
        }
        Span {
            start: end - len,
            end: loc.end.max(end - len),
        }
    }

    fn err(&self, r: TextRange, msg: String) -> CompileError {
        let (line, col) = self.index.line_col(&self.source.text, u32::from(r.start()));
        let (end_line, end_col) = self.index.line_col(&self.source.text, u32::from(r.end()));
        CompileError {
            unsupported: msg.ends_with(UNSUPPORTED),
            msg,
            too_deep: false,
            line,
            col,
            end_line,
            end_col,
        }
    }

    fn scope(&self) -> &scope::Scope {
        let u = self.units.last().map(|u| u.scope).unwrap_or(0);
        &self.scopes.scopes[u]
    }

    // ----- names ---------------------------------------------------------

    /// Emits the access to `n` with the fast, deref or global form of an
    /// operation, depending on the name's scope.
    fn name_op(&mut self, n: &str, [fast, deref, global, class]: [Op; 4]) {
        match self.scope().access(n) {
            Access::Local(i) => self.emit(fast, i),
            Access::Deref(i) => self.emit(deref, i),
            Access::Global => {
                let i = self.name(n);
                self.emit(global, i)
            }
            Access::Name => {
                let i = self.name(n);
                self.emit(class, i)
            }
        }
    }

    fn load_name(&mut self, n: &str) {
        self.name_op(
            n,
            [Op::LoadFast, Op::LoadDeref, Op::LoadGlobal, Op::LoadName],
        );
    }

    fn store_name(&mut self, n: &str) {
        self.name_op(
            n,
            [
                Op::StoreFast,
                Op::StoreDeref,
                Op::StoreGlobal,
                Op::StoreName,
            ],
        );
    }

    fn delete_name(&mut self, n: &str) {
        self.name_op(
            n,
            [
                Op::DeleteFast,
                Op::DeleteDeref,
                Op::DeleteGlobal,
                Op::DeleteName,
            ],
        );
    }

    /// `__annotations__ = {}` at the start of a module or class body that
    /// annotates a name somewhere outside its functions and classes
    /// (CPython's SETUP_ANNOTATIONS).
    fn setup_annotations(&mut self, body: &[Stmt]) {
        fn annotates(body: &[Stmt]) -> bool {
            body.iter().any(|s| match s {
                Stmt::AnnAssign(_) => true,
                Stmt::If(i) => {
                    annotates(&i.body) || i.elif_else_clauses.iter().any(|c| annotates(&c.body))
                }
                Stmt::For(f) => annotates(&f.body) || annotates(&f.orelse),
                Stmt::While(w) => annotates(&w.body) || annotates(&w.orelse),
                Stmt::With(w) => annotates(&w.body),
                Stmt::Try(t) => {
                    annotates(&t.body)
                        || annotates(&t.orelse)
                        || annotates(&t.finalbody)
                        || t.handlers.iter().any(|h| match h {
                            ast::ExceptHandler::ExceptHandler(h) => annotates(&h.body),
                        })
                }
                _ => false,
            })
        }
        if annotates(body) {
            self.emit(Op::BuildMap, 0);
            self.store_name("__annotations__");
        }
    }

    /// Pushes an annotation's value: the expression's, or its source
    /// text under `from __future__ import annotations`.
    fn annotation(&mut self, a: &'a Expr) -> CResult<()> {
        if !self.future.annotations {
            return self.expr(a);
        }
        let text = self.annotation_text(a)?;
        let c = self.const_(Value::string(text));
        self.emit(Op::LoadConst, c);
        Ok(())
    }

    /// The source text of an annotation, as CPython's unparser writes it.
    fn annotation_text(&self, a: &Expr) -> CResult<String> {
        unparse::annotation(a).map_err(|r| match r {
            unparse::Refused::Unsupported(what, at) => self.err(at, unsupported(what)),
            unparse::Refused::NotAllowed(msg, at) => self.err(at, msg.into()),
        })
    }

    /// Evaluates and drops part of an annotated target that gets no
    /// value (CPython's `check_ann_expr`).
    fn ann_check(&mut self, e: &'a Expr) -> CResult<()> {
        self.expr(e)?;
        self.emit(Op::PopTop, 0);
        Ok(())
    }

    /// The subscript of an annotated target without a value, evaluated
    /// part by part (CPython's `check_ann_subscr`).
    fn ann_subscript(&mut self, e: &'a Expr) -> CResult<()> {
        match e {
            Expr::Slice(s) => {
                for part in [&s.lower, &s.upper, &s.step].into_iter().flatten() {
                    self.ann_check(part)?;
                }
                Ok(())
            }
            Expr::Tuple(t) => {
                for x in &t.elts {
                    self.ann_subscript(x)?;
                }
                Ok(())
            }
            other => self.ann_check(other),
        }
    }

    // ----- statements ----------------------------------------------------

    fn stmts(&mut self, body: &'a [Stmt]) -> CResult<()> {
        for s in body {
            self.stmt(s)?;
        }
        Ok(())
    }

    /// Steps one level deeper into the tree at `r`, or fails past
    /// [`NEST_MAX`]; the caller steps back out with `self.depth -= 1`.
    fn enter(&mut self, r: TextRange) -> CResult<()> {
        if self.depth >= NEST_MAX {
            let mut e = self.err(r, TOO_DEEP.into());
            e.too_deep = true;
            return Err(e);
        }
        self.depth += 1;
        Ok(())
    }

    fn stmt(&mut self, s: &'a Stmt) -> CResult<()> {
        self.enter(s.range())?;
        let r = self.stmt_node(s);
        self.depth -= 1;
        r
    }

    fn stmt_node(&mut self, s: &'a Stmt) -> CResult<()> {
        self.set_line(s.range());
        match s {
            Stmt::Expr(e) => {
                // A string statement (a docstring among them) is no
                // constant CPython's compiler registers here.
                let display = self.interactive && self.units.len() == 1;
                if display {
                    let hook = Value::Obj(crate::object::Builtin::new_obj(
                        "displayhook",
                        crate::introspect::print_expr,
                        None,
                    ));
                    let c = self.const_quiet(hook);
                    self.emit(Op::LoadConst, c);
                }
                if let Expr::StringLiteral(s) = &*e.value {
                    let c = self.const_quiet(Value::str(s.value.to_str()));
                    self.emit(Op::LoadConst, c);
                } else {
                    self.expr(&e.value)?;
                }
                if display {
                    self.emit(Op::Call, 1);
                }
                self.emit(Op::PopTop, 0);
            }
            Stmt::Pass(_) => self.emit(Op::Nop, 0),
            Stmt::Assign(a) if self.swap_assign(a)? => {}
            Stmt::Assign(a) => {
                self.expr(&a.value)?;
                let n = a.targets.len();
                for (i, t) in a.targets.iter().enumerate() {
                    if i + 1 < n {
                        self.emit(Op::Copy, 1);
                    }
                    self.store_target(t)?;
                }
            }
            Stmt::AugAssign(a) => self.aug_assign(a)?,
            Stmt::AnnAssign(a) => {
                if let Some(v) = &a.value {
                    self.expr(v)?;
                    self.store_target(&a.target)?;
                }
                let store = self.scope().kind != ScopeKind::Function;
                if self.future.annotations && !(store && a.simple) {
                    // Not kept, but refused where CPython's symbol table
                    // refuses it (`x: (yield)`).
                    if let Err(unparse::Refused::NotAllowed(msg, at)) =
                        unparse::annotation(&a.annotation)
                    {
                        return Err(self.err(at, msg.into()));
                    }
                }
                match &*a.target {
                    // A module or class body keeps the annotation of a
                    // plain name in `__annotations__` (set up at the
                    // body's start); a function ignores it.
                    Expr::Name(n) if a.simple => {
                        if store {
                            self.annotation(&a.annotation)?;
                            self.load_name("__annotations__");
                            let k = self.const_ident(Value::str(n.id.as_str()));
                            self.emit(Op::LoadConst, k);
                            self.emit(Op::StoreSubscr, 0);
                        }
                    }
                    target => {
                        // Without a value, the target's object (and
                        // subscript) is evaluated all the same; then, in a
                        // module or class body, the annotation (not as a
                        // string: then nothing is made of it).
                        if a.value.is_none() {
                            match target {
                                Expr::Attribute(t) => self.ann_check(&t.value)?,
                                Expr::Subscript(t) => {
                                    self.ann_check(&t.value)?;
                                    self.ann_subscript(&t.slice)?;
                                }
                                _ => {}
                            }
                        }
                        if store && !self.future.annotations {
                            self.expr(&a.annotation)?;
                            self.emit(Op::PopTop, 0);
                        }
                    }
                }
            }
            Stmt::If(i) => {
                let end = self.new_label();
                let mut next = self.new_label();
                self.jump_if(&i.test, false, next)?;
                self.stmts(&i.body)?;
                for clause in &i.elif_else_clauses {
                    self.jump(Op::Jump, end);
                    self.bind(next);
                    next = self.new_label();
                    if let Some(t) = &clause.test {
                        self.set_line(t.range());
                        self.jump_if(t, false, next)?;
                    }
                    self.stmts(&clause.body)?;
                }
                self.bind(next);
                self.bind(end);
            }
            Stmt::While(w) => {
                let head = self.new_label();
                let orelse = self.new_label();
                let exit = self.new_label();
                self.bind(head);
                self.jump_if(&w.test, false, orelse)?;
                self.push_fblock(FBlock::While { head, exit }, w.range)?;
                self.stmts(&w.body)?;
                self.unit().fblocks.pop();
                self.set_line(w.range);
                self.jump(Op::JumpBackward, head);
                self.bind(orelse);
                self.stmts(&w.orelse)?;
                self.bind(exit);
            }
            Stmt::For(f) => {
                if f.is_async {
                    return Err(self.err(f.range, unsupported("async for")));
                }
                self.iterable(&f.iter)?;
                self.emit(Op::GetIter, 0);
                let head = self.new_label();
                let done = self.new_label();
                let exit = self.new_label();
                self.bind(head);
                self.jump(Op::ForIter, done);
                self.push_fblock(FBlock::For { head, exit }, f.range)?;
                self.store_target(&f.target)?;
                self.stmts(&f.body)?;
                self.unit().fblocks.pop();
                self.set_line(f.range);
                self.jump(Op::JumpBackward, head);
                self.bind(done);
                self.stmts(&f.orelse)?;
                self.bind(exit);
            }
            Stmt::Break(b) => self.break_continue(b.range, true)?,
            Stmt::Continue(c) => self.break_continue(c.range, false)?,
            Stmt::Return(r) => {
                if matches!(self.scope().kind, ScopeKind::Module | ScopeKind::Class) {
                    return Err(self.err(r.range, "'return' outside function".into()));
                }
                match &r.value {
                    Some(v) => self.expr(v)?,
                    None => {
                        let c = self.const_(Value::None);
                        self.emit(Op::LoadConst, c);
                    }
                }
                self.unit().fblocks.push(FBlock::Pending);
                self.unwind_all()?;
                self.unit().fblocks.pop();
                self.set_line(r.range);
                self.emit(Op::ReturnValue, 0);
            }
            Stmt::FunctionDef(f) => self.function_def(f)?,
            Stmt::Delete(d) => {
                for t in &d.targets {
                    self.delete_target(t)?;
                }
            }
            Stmt::Global(_) | Stmt::Nonlocal(_) => {}
            Stmt::Raise(r) => {
                let mut n = 0;
                if let Some(e) = &r.exc {
                    self.expr(e)?;
                    n = 1;
                    if let Some(c) = &r.cause {
                        self.expr(c)?;
                        n = 2;
                    }
                }
                self.emit(Op::RaiseVarargs, n);
            }
            Stmt::Assert(a) => {
                let end = self.new_label();
                self.jump_if(&a.test, true, end)?;
                self.emit(Op::LoadAssertionError, 0);
                if let Some(m) = &a.msg {
                    self.expr(m)?;
                    self.emit(Op::Call, 1);
                }
                self.emit(Op::RaiseVarargs, 1);
                self.bind(end);
            }
            Stmt::Try(t) => {
                if t.is_star {
                    return Err(self.err(t.range, unsupported("except* clause")));
                }
                if t.finalbody.is_empty() {
                    self.try_except(t)?;
                } else {
                    self.try_finally(t)?;
                }
            }
            Stmt::Import(i) => {
                for a in &i.names {
                    // As CPython 3.11: `__import__(name, globals, None,
                    // None, 0)`, which returns the top-level package; `as`
                    // reaches the named module through IMPORT_FROM.
                    let full = a.name.as_str();
                    let zero = self.const_(Value::Int(0));
                    self.emit(Op::LoadConst, zero);
                    let none = self.const_(Value::None);
                    self.emit(Op::LoadConst, none);
                    let ni = self.name(full);
                    self.emit(Op::ImportName, ni);
                    match &a.asname {
                        Some(asname) => {
                            let attrs: Vec<&str> = full.split('.').skip(1).collect();
                            for (k, attr) in attrs.iter().enumerate() {
                                let ai = self.name(attr);
                                self.emit(Op::ImportFrom, ai);
                                if k + 1 < attrs.len() {
                                    self.emit(Op::Swap, 2);
                                    self.emit(Op::PopTop, 0);
                                }
                            }
                            self.store_name(asname.as_str());
                            if !attrs.is_empty() {
                                self.emit(Op::PopTop, 0);
                            }
                        }
                        None => {
                            let top = full.split('.').next().unwrap_or(full);
                            self.store_name(top);
                        }
                    }
                }
            }
            Stmt::ImportFrom(i) => {
                if future::is_future_import(s)
                    && self
                        .future
                        .line
                        .is_none_or(|l| self.index.line(u32::from(i.range.start())) > l)
                {
                    return Err(self.err(i.range, future::LATE.into()));
                }
                // CPython loads the imported names as a constant tuple.
                let names: Vec<Value> = i
                    .names
                    .iter()
                    .map(|a| Value::str(a.name.as_str()))
                    .collect();
                let level = self.const_(Value::Int(i64::from(i.level)));
                self.emit(Op::LoadConst, level);
                let fromlist = self.const_ident(Value::tuple(names));
                self.emit(Op::LoadConst, fromlist);
                let m = i.module.as_ref().map_or("", |m| m.as_str());
                let mi = self.name(m);
                self.emit(Op::ImportName, mi);
                if let [a] = i.names.as_slice()
                    && a.name.as_str() == "*"
                {
                    // Only a module body can have one (the scope pass
                    // refuses the others); code run by `exec` keeps its
                    // names in the namespace dict.
                    let arg = u32::from(self.scope().namespace);
                    self.emit(Op::ImportStar, arg);
                } else {
                    for a in &i.names {
                        let ni = self.name(a.name.as_str());
                        self.emit(Op::ImportFrom, ni);
                        let bound = a.asname.as_ref().unwrap_or(&a.name);
                        self.store_name(bound.as_str());
                    }
                    self.emit(Op::PopTop, 0);
                }
            }
            Stmt::ClassDef(c) => self.class_def(c)?,
            Stmt::With(w) => {
                if w.is_async {
                    return Err(self.err(w.range, unsupported("async with")));
                }
                self.with(w, 0)?;
            }
            Stmt::Match(m) => self.match_stmt(m)?,
            Stmt::TypeAlias(t) => return Err(self.err(t.range, unsupported("type alias"))),
            Stmt::IpyEscapeCommand(c) => {
                return Err(self.err(c.range, unsupported("IPython escape command")));
            }
        }
        Ok(())
    }

    /// `target op= value`, with CPython 3.11's locations: the target's
    /// loads and stores at the target's range, the operation at the whole
    /// statement's.
    fn aug_assign(&mut self, a: &'a ast::StmtAugAssign) -> CResult<()> {
        let op = binop(a.op).index() + 13;
        let stmt = self.unit().loc;
        let target = Span::of(a.target.range());
        match &*a.target {
            Expr::Name(n) => {
                self.set_loc(target);
                self.load_name(n.id.as_str());
                self.set_loc(stmt);
                self.expr(&a.value)?;
                self.emit(Op::BinaryOp, op);
                self.set_loc(target);
                self.store_name(n.id.as_str());
            }
            Expr::Subscript(s) => {
                self.set_loc(target);
                self.expr(&s.value)?;
                self.expr(&s.slice)?;
                self.emit(Op::Copy, 2);
                self.emit(Op::Copy, 2);
                self.emit(Op::BinarySubscr, 0);
                self.set_loc(stmt);
                self.expr(&a.value)?;
                self.emit(Op::BinaryOp, op);
                self.set_loc(target);
                self.emit(Op::Swap, 3);
                self.emit(Op::Swap, 2);
                self.emit(Op::StoreSubscr, 0);
            }
            Expr::Attribute(at) => {
                let attr = self.attr_loc(target, at);
                self.set_loc(target);
                self.expr(&at.value)?;
                self.set_loc(attr);
                self.emit(Op::Copy, 1);
                let ni = self.name(at.attr.as_str());
                self.emit(Op::LoadAttr, ni);
                self.set_loc(stmt);
                self.expr(&a.value)?;
                self.emit(Op::BinaryOp, op);
                self.set_loc(attr);
                self.emit(Op::Swap, 2);
                self.emit(Op::StoreAttr, ni);
            }
            other => {
                return Err(self.err(
                    other.range(),
                    "illegal expression for augmented assignment".into(),
                ));
            }
        }
        self.set_loc(stmt);
        Ok(())
    }

    fn break_continue(&mut self, r: TextRange, is_break: bool) -> CResult<()> {
        let loop_at = self
            .unit()
            .fblocks
            .iter()
            .rposition(|f| matches!(f, FBlock::For { .. } | FBlock::While { .. }));
        let Some(loop_at) = loop_at else {
            // CPython 3.11's two wordings.
            let msg = if is_break {
                "'break' outside loop"
            } else {
                "'continue' not properly in loop"
            };
            return Err(self.err(r, msg.into()));
        };
        let saved_fb = self.unit().fblocks.clone();
        let saved_h = self.unit().handler_stack.clone();
        for k in (loop_at + 1..saved_fb.len()).rev() {
            self.unit().fblocks = saved_fb[..k].to_vec();
            self.unwind_one(saved_fb[k])?;
        }
        match saved_fb[loop_at] {
            FBlock::For { exit, .. } if is_break => {
                self.emit(Op::PopTop, 0);
                self.jump(Op::Jump, exit);
            }
            FBlock::While { exit, .. } if is_break => self.jump(Op::Jump, exit),
            FBlock::For { head, .. } | FBlock::While { head, .. } => {
                self.jump(Op::JumpBackward, head)
            }
            _ => unreachable!("loop_at indexes a loop block"),
        }
        self.unit().fblocks = saved_fb;
        self.unit().handler_stack = saved_h;
        Ok(())
    }

    /// Emits the unwinding for `return`: every enclosing block is exited,
    /// innermost first, with the return value kept on the stack (the
    /// `Pending` block on top of the block stack accounts for it).
    fn unwind_all(&mut self) -> CResult<()> {
        let mut saved_fb = self.unit().fblocks.clone();
        let pending = saved_fb.pop();
        let saved_h = self.unit().handler_stack.clone();
        for k in (0..saved_fb.len()).rev() {
            let mut visible = saved_fb[..k].to_vec();
            visible.extend(pending);
            self.unit().fblocks = visible;
            self.unwind_one(saved_fb[k])?;
        }
        saved_fb.extend(pending);
        self.unit().fblocks = saved_fb;
        self.unit().handler_stack = saved_h;
        Ok(())
    }

    fn unwind_one(&mut self, fb: FBlock<'a>) -> CResult<()> {
        match fb {
            FBlock::With { hdepth, loc } => {
                // `__exit__(None, None, None)`, below a pending value.
                self.unit().handler_stack.truncate(hdepth);
                let old = self.set_loc(loc);
                if matches!(self.unit().fblocks.last(), Some(FBlock::Pending)) {
                    self.emit(Op::Swap, 2);
                }
                self.call_exit_with_nones();
                self.restore_line(old);
            }
            FBlock::For { .. }
            | FBlock::While { .. }
            | FBlock::Pending
            | FBlock::TryExcept
            | FBlock::ExcHandlers => {}
            FBlock::TryFinally { body, hdepth } => {
                // Leave the protected region, then run the finally body.
                self.unit().handler_stack.truncate(hdepth);
                self.stmts(body)?;
            }
            FBlock::FinallyExc { hdepth } => {
                self.unit().handler_stack.truncate(hdepth);
                self.emit(Op::PopExcept, 0);
                self.swap_under_pending_and_pop();
            }
            FBlock::Handler { name, hdepth } => {
                self.unit().handler_stack.truncate(hdepth);
                self.emit(Op::PopExcept, 0);
                if let Some(n) = name {
                    self.clear_name(n);
                }
            }
        }
        Ok(())
    }

    /// Calls the `__exit__` TOS with three `None`s and drops the result.
    fn call_exit_with_nones(&mut self) {
        let none = self.const_(Value::None);
        for _ in 0..3 {
            self.emit(Op::LoadConst, none);
        }
        self.emit(Op::Call, 3);
        self.emit(Op::PopTop, 0);
    }

    /// The loop of `yield from` (CPython 3.11's): the delegate is TOS;
    /// SEND passes it the value sent in (first `None`) until it returns,
    /// and each value it yields is yielded on (YIELD_VALUE 1).
    fn yield_from_loop(&mut self) {
        let none = self.const_(Value::None);
        self.emit(Op::LoadConst, none);
        let send = self.new_label();
        let exit = self.new_label();
        self.bind(send);
        self.jump(Op::Send, exit);
        self.emit(Op::YieldValue, 1);
        self.jump(Op::JumpBackward, send);
        self.bind(exit);
    }

    /// `with` items from `pos` on, as CPython 3.11 compiles them: each item
    /// is a block whose exception handler calls `__exit__` with the
    /// exception and re-raises it unless the result is true.
    fn with(&mut self, w: &'a ast::StmtWith, pos: usize) -> CResult<()> {
        let Some(item) = w.items.get(pos) else {
            return self.stmts(&w.body);
        };
        let loc = Span::of(w.range);
        let final_ = self.new_label();
        let exit = self.new_label();
        let cleanup = self.new_label();
        self.expr(&item.context_expr)?;
        self.set_loc(loc);
        self.emit(Op::BeforeWith, 0);
        let hdepth = self.unit().handler_stack.len();
        self.push_fblock(FBlock::With { hdepth, loc }, w.range)?;
        let depth = self.depth();
        self.push_handler(final_);
        match &item.optional_vars {
            Some(t) => self.store_target(t)?,
            None => self.emit(Op::PopTop, 0),
        }
        self.with(w, pos + 1)?;
        self.pop_handler();
        self.unit().fblocks.pop();
        self.set_loc(loc);
        self.call_exit_with_nones();
        self.jump(Op::Jump, exit);
        // The exception path: [.., __exit__, exc].
        self.bind(final_);
        self.push_handler_at(cleanup, depth);
        self.emit(Op::PushExcInfo, 0);
        self.emit(Op::WithExceptStart, 0);
        let suppress = self.new_label();
        self.jump(Op::PopJumpIfTrue, suppress);
        self.emit(Op::Reraise, 0);
        self.pop_handler();
        self.bind(suppress);
        self.emit(Op::PopTop, 0);
        self.emit(Op::PopExcept, 0);
        self.emit(Op::PopTop, 0);
        self.jump(Op::Jump, exit);
        self.bind(cleanup);
        self.emit(Op::PopExcept, 0);
        self.emit(Op::Reraise, 0);
        self.bind(exit);
        Ok(())
    }

    /// Pops the exception that sits below a possible pending return value.
    fn swap_under_pending_and_pop(&mut self) {
        let pending = matches!(self.unit().fblocks.last(), Some(FBlock::Pending));
        if pending {
            self.emit(Op::Swap, 2);
        }
        self.emit(Op::PopTop, 0);
    }

    fn clear_name(&mut self, n: &str) {
        let c = self.const_(Value::None);
        self.emit(Op::LoadConst, c);
        self.store_name(n);
        self.delete_name(n);
    }

    fn try_except(&mut self, t: &'a ast::StmtTry) -> CResult<()> {
        let handler = self.new_label();
        let end = self.new_label();
        self.push_handler(handler);
        self.push_fblock(FBlock::TryExcept, t.range)?;
        self.stmts(&t.body)?;
        self.unit().fblocks.pop();
        self.pop_handler();
        self.stmts(&t.orelse)?;
        self.jump(Op::Jump, end);
        self.except_handlers(&t.handlers, handler, end, t.range)?;
        self.bind(end);
        Ok(())
    }

    /// Emits the handler code for `except` clauses. On entry to `handler`
    /// the exception is TOS.
    fn except_handlers(
        &mut self,
        handlers: &'a [ast::ExceptHandler],
        handler: Label,
        end: Label,
        try_range: TextRange,
    ) -> CResult<()> {
        let cleanup = self.new_label();
        self.push_fblock(FBlock::ExcHandlers, try_range)?;
        self.bind(handler);
        self.emit(Op::PushExcInfo, 0);
        let hdepth = self.unit().handler_stack.len();
        self.push_handler(cleanup);
        for (i, h) in handlers.iter().enumerate() {
            let ast::ExceptHandler::ExceptHandler(h) = h;
            self.set_line(h.range);
            let next = self.new_label();
            match &h.type_ {
                Some(ty) => {
                    self.expr(ty)?;
                    self.emit(Op::CheckExcMatch, 0);
                    self.jump(Op::PopJumpIfFalse, next);
                }
                None => {
                    if i + 1 != handlers.len() {
                        return Err(self.err(h.range, "default 'except:' must be last".into()));
                    }
                }
            }
            let name = h.name.as_ref().map(|n| n.as_str());
            match name {
                Some(n) => self.store_name(n),
                None => self.emit(Op::PopTop, 0),
            }
            // A named handler clears its name on the way out, also when the
            // body raises.
            let named_cleanup = self.new_label();
            if name.is_some() {
                self.push_handler(named_cleanup);
            }
            self.push_fblock(FBlock::Handler { name, hdepth }, h.range)?;
            self.stmts(&h.body)?;
            self.unit().fblocks.pop();
            if name.is_some() {
                self.pop_handler();
            }
            self.pop_handler();
            self.emit(Op::PopExcept, 0);
            if let Some(n) = name {
                self.clear_name(n);
            }
            self.jump(Op::Jump, end);
            self.push_handler(cleanup);
            if let Some(n) = name {
                self.bind(named_cleanup);
                self.clear_name(n);
                self.emit(Op::Reraise, 0);
            }
            self.bind(next);
        }
        self.unit().fblocks.pop();
        // No clause matched: re-raise (through the cleanup, which ends the
        // handling).
        self.emit(Op::Reraise, 0);
        self.pop_handler();
        self.bind(cleanup);
        self.emit(Op::PopExcept, 0);
        self.emit(Op::Reraise, 0);
        Ok(())
    }

    fn try_finally(&mut self, t: &'a ast::StmtTry) -> CResult<()> {
        let exc_path = self.new_label();
        let end = self.new_label();
        let cleanup = self.new_label();
        let hdepth = self.unit().handler_stack.len();
        self.push_handler(exc_path);
        self.push_fblock(
            FBlock::TryFinally {
                body: &t.finalbody,
                hdepth,
            },
            t.range,
        )?;
        if t.handlers.is_empty() {
            self.stmts(&t.body)?;
            self.stmts(&t.orelse)?;
        } else {
            let handler = self.new_label();
            let inner_end = self.new_label();
            self.push_handler(handler);
            self.push_fblock(FBlock::TryExcept, t.range)?;
            self.stmts(&t.body)?;
            self.unit().fblocks.pop();
            self.pop_handler();
            self.stmts(&t.orelse)?;
            self.jump(Op::Jump, inner_end);
            self.except_handlers(&t.handlers, handler, inner_end, t.range)?;
            self.bind(inner_end);
        }
        self.unit().fblocks.pop();
        self.pop_handler();
        // Normal path.
        self.stmts(&t.finalbody)?;
        self.jump(Op::Jump, end);
        // Exception path: the exception is TOS.
        self.bind(exc_path);
        self.emit(Op::PushExcInfo, 0);
        let hdepth = self.unit().handler_stack.len();
        self.push_fblock(FBlock::FinallyExc { hdepth }, t.range)?;
        self.push_handler(cleanup);
        self.stmts(&t.finalbody)?;
        self.pop_handler();
        self.unit().fblocks.pop();
        self.emit(Op::PopExcept, 0);
        self.emit(Op::Reraise, 0);
        self.bind(cleanup);
        self.emit(Op::PopExcept, 0);
        self.emit(Op::Reraise, 0);
        self.bind(end);
        Ok(())
    }

    fn function_def(&mut self, f: &'a ast::StmtFunctionDef) -> CResult<()> {
        if f.is_async {
            return Err(self.err(f.range, unsupported("async function")));
        }
        self.decorators(&f.decorator_list)?;
        let line = self.index.line(u32::from(f.range.start()));
        // Defaults are evaluated (and their constants registered) before
        // the body is compiled, as in CPython.
        let mut flags = self.function_defaults(Some(&f.parameters))?;
        flags |= self.function_annotations(&f.parameters, f.returns.as_deref())?;
        let code = self.function_body(
            f,
            f.name.as_str(),
            Some(&f.parameters),
            (line, Span::of(f.range)),
            FnBody::Stmts(&f.body),
        )?;
        self.make_closure(code, flags);
        self.apply_decorators(&f.decorator_list);
        self.store_name(f.name.as_str());
        Ok(())
    }

    /// Evaluates the decorator expressions, top to bottom (they are
    /// called after the function or class is made).
    fn decorators(&mut self, list: &'a [ast::Decorator]) -> CResult<()> {
        for d in list {
            self.expr(&d.expression)?;
        }
        Ok(())
    }

    /// Calls the decorators left on the stack under the new function or
    /// class, innermost (last) first; each call is at its decorator's
    /// expression, where CPython's traceback points.
    fn apply_decorators(&mut self, list: &'a [ast::Decorator]) {
        for d in list.iter().rev() {
            self.set_line(d.expression.range());
            self.emit(Op::Call, 1);
        }
    }

    /// `class Name(bases): body`: the body is compiled as a function of
    /// the namespace dict, and `__build_class__(body, "Name", *bases)`
    /// makes the class (CPython's LOAD_BUILD_CLASS sequence).
    fn class_def(&mut self, c: &'a ast::StmtClassDef) -> CResult<()> {
        if let Some(tp) = &c.type_params {
            return Err(self.err(tp.range, unsupported("type parameter")));
        }
        let (bases, keywords): (&'a [Expr], &'a [ast::Keyword]) = match &c.arguments {
            Some(a) => {
                // `**mapping` needs the unpacking call (issue 29), and
                // metaclasses other than `type` are out of the subset.
                if let Some(k) = a.keywords.iter().find(|k| {
                    k.arg.as_ref().is_none_or(|n| {
                        n.as_str() == "metaclass"
                            && !is_name(&k.value, "type")
                            && !names_abc_meta(&k.value)
                    })
                }) {
                    let what = if k.arg.is_some() {
                        "metaclass keyword argument"
                    } else {
                        "class keyword argument unpacking"
                    };
                    return Err(self.err(k.range, unsupported(what)));
                }
                if let Some(s) = a.args.iter().find(|e| matches!(e, Expr::Starred(_))) {
                    return Err(self.err(s.range(), unsupported("starred base class")));
                }
                (&a.args, &a.keywords)
            }
            None => (&[], &[]),
        };
        self.decorators(&c.decorator_list)?;
        let name = c.name.as_str();
        let line = self.index.line(u32::from(c.range.start()));
        let Some(scope) = self.scopes.scope_of(c) else {
            unreachable!("every class node has a scope")
        };
        let qual = self.qualname(name);
        self.push_unit(
            scope,
            name.to_owned(),
            qual.clone(),
            (line, Span::of(c.range)),
            ParamShape::positional(1),
        );
        let module_name = self.name("__name__");
        self.emit(Op::LoadGlobal, module_name);
        let ni = self.name("__module__");
        self.emit(Op::StoreName, ni);
        // A top-level class's qualified name is its name (an identifier).
        let q = if qual == name {
            self.const_ident(Value::str(&qual))
        } else {
            self.const_(Value::str(&qual))
        };
        self.emit(Op::LoadConst, q);
        let ni = self.name("__qualname__");
        self.emit(Op::StoreName, ni);
        if let Some(Stmt::Expr(e)) = c.body.first()
            && let Expr::StringLiteral(doc) = &*e.value
        {
            let d = self.const_(Value::str(doc.value.to_str()));
            self.emit(Op::LoadConst, d);
            let ni = self.name("__doc__");
            self.emit(Op::StoreName, ni);
        }
        self.setup_annotations(&c.body);
        self.stmts(&c.body)?;
        // The body returns the `__class__` cell, if methods use it, for
        // `__build_class__` to fill with the new class.
        match self.scope().access("__class__") {
            Access::Deref(i) if self.scope().cells.contains("__class__") => {
                self.emit(Op::LoadClosure, i)
            }
            _ => {
                let none = self.const_(Value::None);
                self.emit(Op::LoadConst, none);
            }
        }
        self.emit(Op::ReturnValue, 0);
        let code = self.pop_unit(false)?;
        self.set_line(c.range);
        self.emit(Op::LoadBuildClass, 0);
        self.make_closure(code, 0);
        let n = self.const_ident(Value::str(name));
        self.emit(Op::LoadConst, n);
        for b in bases {
            self.expr(b)?;
        }
        if keywords.is_empty() {
            self.set_line(c.range);
            self.emit(Op::Call, 2 + bases.len() as u32);
        } else {
            // `class C(Base, flag=1)`: the keywords go to `__build_class__`
            // and on to `__init_subclass__`.
            let mut names = Vec::with_capacity(keywords.len());
            for k in keywords {
                self.expr(&k.value)?;
                if let Some(n) = &k.arg {
                    names.push(Value::str(n.as_str()));
                }
            }
            let kc = self.const_ident(Value::tuple(names));
            self.emit(Op::LoadConst, kc);
            self.set_line(c.range);
            self.emit(Op::CallKw, (2 + bases.len() + keywords.len()) as u32);
        }
        self.apply_decorators(&c.decorator_list);
        self.store_name(name);
        Ok(())
    }

    /// Zero-argument `super()` in a method: compiled as
    /// `super(__class__, first_argument)`, which is what CPython's
    /// `super()` finds in the frame. `false` if this call is not one.
    fn zero_arg_super(&mut self, c: &'a ast::ExprCall) -> bool {
        let Expr::Name(n) = &*c.func else {
            return false;
        };
        if n.id.as_str() != "super"
            || !c.arguments.args.is_empty()
            || !c.arguments.keywords.is_empty()
            || self.scope().access("super") != Access::Global
        {
            return false;
        }
        let scope = self.scope();
        let Some(first) = scope.params.first().cloned() else {
            return false;
        };
        if scope.kind != ScopeKind::Function
            || !matches!(scope.access("__class__"), Access::Deref(_))
        {
            return false;
        }
        self.load_name("super");
        self.load_name("__class__");
        self.load_name(&first);
        self.set_line(c.range());
        self.emit(Op::Call, 2);
        true
    }

    fn qualname(&self, name: &str) -> String {
        let parent = self.units.last();
        match parent {
            Some(u) if self.scopes.scopes[u.scope].kind == ScopeKind::Class => {
                format!("{}.{name}", u.qualname)
            }
            Some(u) if u.name != "<module>" => format!("{}.<locals>.{name}", u.qualname),
            _ => name.to_owned(),
        }
    }

    fn function_body<T>(
        &mut self,
        node: &T,
        name: &str,
        params: Option<&ast::Parameters>,
        (line, loc): (u32, Span),
        body: FnBody<'a>,
    ) -> CResult<Rc<Code>> {
        let shape = match params {
            Some(p) => ParamShape {
                argcount: (p.posonlyargs.len() + p.args.len()) as u32,
                posonlyargcount: p.posonlyargs.len() as u32,
                kwonlyargcount: p.kwonlyargs.len() as u32,
                varargs: p.vararg.is_some(),
                varkeywords: p.kwarg.is_some(),
            },
            None => ParamShape::default(),
        };
        let scope = match self.scopes.scope_of(node) {
            Some(s) => s,
            None => unreachable!("every function node has a scope"),
        };
        let qual = self.qualname(name);
        self.push_unit(scope, name.to_owned(), qual, (line, loc), shape);
        if self.scopes.scopes[scope].yields {
            self.start_generator();
        }
        match body {
            FnBody::Stmts(b) => {
                if let Some(Stmt::Expr(e)) = b.first()
                    && let Expr::StringLiteral(doc) = &*e.value
                {
                    self.unit().doc = Some(Rc::from(doc.value.to_str()));
                }
                self.docstring(b);
                self.stmts(b)?;
                let c = self.const_(Value::None);
                self.emit(Op::LoadConst, c);
                self.emit(Op::ReturnValue, 0);
            }
            FnBody::Expr(e) => {
                self.expr(e)?;
                self.emit(Op::ReturnValue, 0);
            }
        }
        self.pop_unit(false)
    }

    /// Evaluates a function's defaults in the current scope (the
    /// MAKE_FUNCTION flags they need).
    fn function_defaults(&mut self, params: Option<&'a ast::Parameters>) -> CResult<u32> {
        let mut flags = 0;
        let defaults: Vec<&'a Expr> = params
            .into_iter()
            .flat_map(|p| p.posonlyargs.iter().chain(p.args.iter()))
            .filter_map(|p| p.default.as_deref())
            .collect();
        if !defaults.is_empty() {
            for d in &defaults {
                self.expr(d)?;
            }
            self.emit(Op::BuildTuple, defaults.len() as u32);
            flags |= 1;
        }
        // Keyword-only defaults: a dict of name to value, evaluated after
        // the positional ones, as CPython does.
        let kwdefaults: Vec<&'a ast::ParameterWithDefault> = params
            .into_iter()
            .flat_map(|p| p.kwonlyargs.iter())
            .filter(|p| p.default.is_some())
            .collect();
        if !kwdefaults.is_empty() {
            for p in &kwdefaults {
                let c = self.const_quiet(Value::str(p.parameter.name.as_str()));
                self.emit(Op::LoadConst, c);
                if let Some(d) = p.default.as_deref() {
                    self.expr(d)?;
                }
            }
            // CPython loads the names as one tuple, after the values.
            for p in &kwdefaults {
                self.strs.identifier(p.parameter.name.as_str());
            }
            self.emit(Op::BuildMap, kwdefaults.len() as u32);
            flags |= 4;
        }
        Ok(flags)
    }

    /// Pushes a function's annotations as CPython 3.11's
    /// `compiler_visit_annotations` does: a tuple of parameter names (and
    /// `return`) each followed by its annotation's value, the
    /// MAKE_FUNCTION flag 8 when there is any.
    fn function_annotations(
        &mut self,
        p: &'a ast::Parameters,
        returns: Option<&'a Expr>,
    ) -> CResult<u32> {
        let mut n = 0;
        let mut note = |c: &mut Self, name: &str, ann: Option<&'a Expr>| -> CResult<()> {
            if let Some(a) = ann {
                let k = c.const_ident(Value::str(name));
                c.emit(Op::LoadConst, k);
                c.annotation(a)?;
                n += 2;
            }
            Ok(())
        };
        for a in p.args.iter().chain(p.posonlyargs.iter()) {
            note(
                self,
                a.parameter.name.as_str(),
                a.parameter.annotation.as_deref(),
            )?;
        }
        if let Some(v) = &p.vararg {
            note(self, v.name.as_str(), v.annotation.as_deref())?;
        }
        for a in &p.kwonlyargs {
            note(
                self,
                a.parameter.name.as_str(),
                a.parameter.annotation.as_deref(),
            )?;
        }
        if let Some(k) = &p.kwarg {
            note(self, k.name.as_str(), k.annotation.as_deref())?;
        }
        note(self, "return", returns)?;
        if n == 0 {
            return Ok(0);
        }
        self.emit(Op::BuildTuple, n);
        Ok(8)
    }

    /// Emits MAKE_FUNCTION for `code` after its defaults ([`flags` of
    /// `function_defaults`]), loading the closure cells.
    fn make_closure(&mut self, code: Rc<Code>, mut flags: u32) {
        self.load_closure(&code, &mut flags);
        let c = self.const_(Value::Obj(CodeObj::new_obj(code)));
        self.emit(Op::LoadConst, c);
        self.emit(Op::MakeFunction, flags);
    }

    fn load_closure(&mut self, code: &Code, flags: &mut u32) {
        if code.freevars.is_empty() {
            return;
        }
        for fv in &code.freevars {
            match self.scope().access(fv) {
                Access::Deref(i) => self.emit(Op::LoadClosure, i),
                _ => unreachable!("a free variable of a child is a cell or free here"),
            }
        }
        self.emit(Op::BuildTuple, code.freevars.len() as u32);
        *flags |= 2;
    }

    /// `a, b = x, y` (and three of each) without a tuple: the values are
    /// pushed, SWAP puts the first on top, and the targets are stored in
    /// order, as CPython 3.11's optimizer rewrites BUILD_TUPLE n +
    /// UNPACK_SEQUENCE n. False (nothing emitted) for any other assignment,
    /// a tuple of constants among them (a constant, unpacked as in
    /// CPython).
    fn swap_assign(&mut self, a: &'a ast::StmtAssign) -> CResult<bool> {
        let [target] = &a.targets[..] else {
            return Ok(false);
        };
        let (Expr::Tuple(ast::ExprTuple { elts: targets, .. })
        | Expr::List(ast::ExprList { elts: targets, .. })) = target
        else {
            return Ok(false);
        };
        let Expr::Tuple(value) = &*a.value else {
            return Ok(false);
        };
        let n = targets.len();
        if !(2..=3).contains(&n)
            || value.elts.len() != n
            || targets
                .iter()
                .chain(&value.elts)
                .any(|e| e.is_starred_expr())
            || self.constant_tuple(&value.elts).is_some()
        {
            return Ok(false);
        }
        let old = self.set_line(a.value.range());
        for x in &value.elts {
            self.expr(x)?;
        }
        self.emit(Op::Swap, n as u32);
        self.restore_line(old);
        for t in targets {
            self.store_target(t)?;
        }
        Ok(true)
    }

    // ----- targets -------------------------------------------------------

    /// Stores TOS into the target `t`; its instructions are at the
    /// target's range, as CPython visits a target as an expression.
    fn store_target(&mut self, t: &'a Expr) -> CResult<()> {
        let old = self.set_line(t.range());
        self.store_target_at(t)?;
        self.restore_line(old);
        Ok(())
    }

    fn store_target_at(&mut self, t: &'a Expr) -> CResult<()> {
        match t {
            Expr::Name(n) => self.store_name(n.id.as_str()),
            Expr::Tuple(ast::ExprTuple { elts, .. }) | Expr::List(ast::ExprList { elts, .. }) => {
                let stars: Vec<usize> = (0..elts.len())
                    .filter(|&i| elts[i].is_starred_expr())
                    .collect();
                match stars[..] {
                    [] => self.emit(Op::UnpackSequence, elts.len() as u32),
                    [i] => {
                        let after = elts.len() - i - 1;
                        if i >= 256 || after >= 1 << 24 {
                            return Err(self.err(
                                t.range(),
                                "too many expressions in star-unpacking assignment".into(),
                            ));
                        }
                        self.emit(Op::UnpackEx, (i | (after << 8)) as u32);
                    }
                    [_, _, ..] => {
                        return Err(self.err(
                            t.range(),
                            "multiple starred expressions in assignment".into(),
                        ));
                    }
                }
                for e in elts {
                    match e {
                        Expr::Starred(s) => self.store_target(&s.value)?,
                        _ => self.store_target(e)?,
                    }
                }
            }
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.expr(&s.slice)?;
                self.emit(Op::StoreSubscr, 0);
            }
            Expr::Attribute(a) => {
                self.expr(&a.value)?;
                let ni = self.name(a.attr.as_str());
                let loc = self.attr_loc(Span::of(a.range), a);
                self.set_loc(loc);
                self.emit(Op::StoreAttr, ni);
            }
            // A bare starred target: CPython's compiler refuses it so.
            Expr::Starred(st) => {
                return Err(self.err(
                    st.range,
                    "starred assignment target must be in a list or tuple".into(),
                ));
            }
            other => {
                return Err(self.err(other.range(), "cannot assign to expression".into()));
            }
        }
        Ok(())
    }

    fn delete_target(&mut self, t: &'a Expr) -> CResult<()> {
        let old = self.set_line(t.range());
        self.delete_target_at(t)?;
        self.restore_line(old);
        Ok(())
    }

    fn delete_target_at(&mut self, t: &'a Expr) -> CResult<()> {
        match t {
            Expr::Name(n) => self.delete_name(n.id.as_str()),
            Expr::Tuple(ast::ExprTuple { elts, .. }) | Expr::List(ast::ExprList { elts, .. }) => {
                for e in elts {
                    self.delete_target(e)?;
                }
            }
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.expr(&s.slice)?;
                self.emit(Op::DeleteSubscr, 0);
            }
            Expr::Attribute(a) => {
                self.expr(&a.value)?;
                let ni = self.name(a.attr.as_str());
                let loc = self.attr_loc(Span::of(a.range), a);
                self.set_loc(loc);
                self.emit(Op::DeleteAttr, ni);
            }
            other => {
                return Err(self.err(other.range(), unsupported("this kind of del target")));
            }
        }
        Ok(())
    }

    // ----- expressions ---------------------------------------------------

    /// Compiles a condition that jumps to `target` when its truth equals
    /// `when`, falling through otherwise.
    fn jump_if(&mut self, e: &'a Expr, when: bool, target: Label) -> CResult<()> {
        match e {
            Expr::UnaryOp(u) if u.op == ast::UnaryOp::Not => {
                return self.jump_if(&u.operand, !when, target);
            }
            Expr::BoolOp(b) => {
                let is_and = b.op == ast::BoolOp::And;
                // `a and b` jumps on false when any is false; on true only
                // when all are true (and dually for `or`).
                if is_and != when {
                    for v in &b.values {
                        self.jump_if(v, when, target)?;
                    }
                } else {
                    let skip = self.new_label();
                    let n = b.values.len();
                    for (i, v) in b.values.iter().enumerate() {
                        if i + 1 < n {
                            self.jump_if(v, !when, skip)?;
                        } else {
                            self.jump_if(v, when, target)?;
                        }
                    }
                    self.bind(skip);
                }
                return Ok(());
            }
            // Each branch of a conditional expression jumps on its own, as
            // in CPython 3.11 (`compiler_jump_if`): a comparison tested in
            // one leaves its range to what follows (see below), so an
            // `assert a if c else b < 2` points at `b < 2`.
            Expr::If(x) => {
                let orelse = self.new_label();
                let end = self.new_label();
                self.jump_if(&x.test, false, orelse)?;
                self.jump_if(&x.body, when, target)?;
                self.jump(Op::Jump, end);
                self.bind(orelse);
                self.jump_if(&x.orelse, when, target)?;
                self.bind(end);
                return Ok(());
            }
            // `x is None` / `x is not None`: one jump on None-ness, as
            // CPython 3.11 emits it.
            Expr::Compare(c)
                if c.ops.len() == 1
                    && matches!(c.ops[0], ast::CmpOp::Is | ast::CmpOp::IsNot)
                    && matches!(c.comparators.first(), Some(Expr::NoneLiteral(_))) =>
            {
                self.expr(&c.left)?;
                self.set_line(c.range);
                let jump_on_none = when == (c.ops[0] == ast::CmpOp::Is);
                let op = if jump_on_none {
                    Op::PopJumpIfNone
                } else {
                    Op::PopJumpIfNotNone
                };
                self.jump(op, target);
                return Ok(());
            }
            _ => {}
        }
        self.expr(e)?;
        if let Expr::Compare(c) = e {
            // CPython 3.11 leaves a tested comparison's range in place for
            // what follows in the same statement (the jump, and the raise
            // of an `assert`, whose traceback then points at the test).
            self.set_line(c.range);
        }
        let op = if when {
            Op::PopJumpIfTrue
        } else {
            Op::PopJumpIfFalse
        };
        self.jump(op, target);
        Ok(())
    }

    fn expr(&mut self, e: &'a Expr) -> CResult<()> {
        self.enter(e.range())?;
        let old = self.set_line(e.range());
        let r = self.expr_inner(e);
        self.depth -= 1;
        r?;
        self.restore_line(old);
        Ok(())
    }

    fn expr_inner(&mut self, e: &'a Expr) -> CResult<()> {
        match e {
            Expr::NumberLiteral(n) => {
                let v = match &n.value {
                    ast::Number::Int(i) => match i.as_i64() {
                        Some(v) => Value::Int(v),
                        None => {
                            Value::from_bigint(parse_big_literal(&i.to_string()).ok_or_else(
                                || self.err(n.range, "invalid integer literal".into()),
                            )?)
                        }
                    },
                    ast::Number::Float(f) => Value::Float(*f),
                    ast::Number::Complex { real, imag } => Value::complex(*real, *imag),
                };
                let c = self.const_(v);
                self.emit(Op::LoadConst, c);
            }
            Expr::StringLiteral(s) => {
                let c = self.const_(Value::str(s.value.to_str()));
                self.emit(Op::LoadConst, c);
            }
            Expr::BooleanLiteral(b) => {
                let c = self.const_(Value::Bool(b.value));
                self.emit(Op::LoadConst, c);
            }
            Expr::NoneLiteral(_) => {
                let c = self.const_(Value::None);
                self.emit(Op::LoadConst, c);
            }
            Expr::Name(n) => self.load_name(n.id.as_str()),
            Expr::BinOp(_) | Expr::UnaryOp(_) if let Some(v) = self.folded_number(e) => {
                let c = self.const_(v);
                self.emit(Op::LoadConst, c);
            }
            Expr::BinOp(b) => {
                self.expr(&b.left)?;
                self.expr(&b.right)?;
                self.emit(Op::BinaryOp, binop(b.op).index());
            }
            Expr::UnaryOp(u) => {
                self.expr(&u.operand)?;
                let op = match u.op {
                    ast::UnaryOp::Invert => Op::UnaryInvert,
                    ast::UnaryOp::Not => Op::UnaryNot,
                    ast::UnaryOp::UAdd => Op::UnaryPositive,
                    ast::UnaryOp::USub => Op::UnaryNegative,
                };
                self.emit(op, 0);
            }
            Expr::BoolOp(b) => {
                let end = self.new_label();
                let op = if b.op == ast::BoolOp::And {
                    Op::JumpIfFalseOrPop
                } else {
                    Op::JumpIfTrueOrPop
                };
                let n = b.values.len();
                for (i, v) in b.values.iter().enumerate() {
                    self.expr(v)?;
                    if i + 1 < n {
                        self.jump(op, end);
                    }
                }
                self.bind(end);
            }
            Expr::Compare(c) => self.compare(c)?,
            Expr::If(i) => {
                let orelse = self.new_label();
                let end = self.new_label();
                self.jump_if(&i.test, false, orelse)?;
                self.expr(&i.body)?;
                self.jump(Op::Jump, end);
                self.bind(orelse);
                self.expr(&i.orelse)?;
                self.bind(end);
            }
            Expr::Tuple(t) => {
                if t.elts.iter().any(|e| e.is_starred_expr()) {
                    self.starred_list(&t.elts)?;
                    self.emit(Op::ListToTuple, 0);
                } else if let Some(v) = self.constant_tuple(&t.elts) {
                    let c = self.const_(v);
                    self.emit(Op::LoadConst, c);
                } else {
                    for x in &t.elts {
                        self.expr(x)?;
                    }
                    self.emit(Op::BuildTuple, t.elts.len() as u32);
                }
            }
            Expr::List(l) => {
                if l.elts.iter().any(|e| e.is_starred_expr()) {
                    self.starred_list(&l.elts)?;
                } else {
                    for x in &l.elts {
                        self.expr(x)?;
                    }
                    self.emit(Op::BuildList, l.elts.len() as u32);
                }
            }
            Expr::Dict(d) if d.items.iter().any(|it| it.key.is_none()) => {
                // Runs of `k: v` become BUILD_MAPs, each `**m` a
                // DICT_UPDATE into the first map, in source order.
                let mut started = false;
                let mut pending = 0u32;
                for it in &d.items {
                    match &it.key {
                        Some(k) => {
                            self.expr(k)?;
                            self.expr(&it.value)?;
                            pending += 1;
                        }
                        None => {
                            if pending > 0 || !started {
                                self.emit(Op::BuildMap, pending);
                                if started {
                                    self.emit(Op::DictUpdate, 1);
                                }
                                started = true;
                                pending = 0;
                            }
                            self.expr(&it.value)?;
                            self.emit(Op::DictUpdate, 1);
                        }
                    }
                }
                if pending > 0 {
                    self.emit(Op::BuildMap, pending);
                    self.emit(Op::DictUpdate, 1);
                }
            }
            Expr::Dict(d) => {
                for it in &d.items {
                    if let Some(k) = &it.key {
                        self.expr(k)?;
                    }
                    self.expr(&it.value)?;
                }
                self.emit(Op::BuildMap, d.items.len() as u32);
            }
            Expr::Subscript(s) => {
                self.expr(&s.value)?;
                self.expr(&s.slice)?;
                self.emit(Op::BinarySubscr, 0);
            }
            Expr::Slice(s) => {
                let mut n = 2;
                for part in [&s.lower, &s.upper] {
                    match part {
                        Some(p) => self.expr(p)?,
                        None => {
                            let c = self.const_(Value::None);
                            self.emit(Op::LoadConst, c);
                        }
                    }
                }
                if let Some(st) = &s.step {
                    self.expr(st)?;
                    n = 3;
                }
                self.emit(Op::BuildSlice, n);
            }
            Expr::Attribute(a) => {
                self.expr(&a.value)?;
                let ni = self.name(a.attr.as_str());
                let here = self.unit().loc;
                let loc = self.attr_loc(here, a);
                self.set_loc(loc);
                self.emit(Op::LoadAttr, ni);
            }
            Expr::Call(c) => self.call(c)?,
            Expr::Lambda(l) => {
                let line = self.index.line(u32::from(l.range.start()));
                let params = l.parameters.as_deref();
                let at = (line, Span::of(l.range));
                let flags = self.function_defaults(params)?;
                let code = self.function_body(l, "<lambda>", params, at, FnBody::Expr(&l.body))?;
                self.make_closure(code, flags);
            }
            Expr::ListComp(c) => {
                self.comprehension(c, "<listcomp>", &c.generators, CompKind::List(&c.elt))?
            }
            Expr::DictComp(c) => {
                let key = match &c.key {
                    Some(k) => k,
                    None => {
                        return Err(
                            self.err(c.range, unsupported("dict unpacking in a comprehension"))
                        );
                    }
                };
                self.comprehension(
                    c,
                    "<dictcomp>",
                    &c.generators,
                    CompKind::Dict(key, &c.value),
                )?
            }
            Expr::FString(f) => {
                let mut n = 0;
                for part in f.value.iter() {
                    match part {
                        ast::FStringPart::Literal(l) => {
                            let c = self.const_(Value::str(&l.value));
                            self.emit(Op::LoadConst, c);
                            n += 1;
                        }
                        ast::FStringPart::FString(fs) => {
                            for el in &fs.elements {
                                self.fstring_element(el)?;
                                n += 1;
                            }
                        }
                    }
                }
                if n != 1 {
                    self.emit(Op::BuildString, n);
                }
            }
            Expr::Starred(s) => {
                return Err(self.err(s.range, "can't use starred expression here".into()));
            }
            Expr::Set(s) => self.set_display(&s.elts)?,
            Expr::SetComp(c) => {
                self.comprehension(c, "<setcomp>", &c.generators, CompKind::Set(&c.elt))?
            }
            Expr::Generator(g) => {
                self.comprehension(g, "<genexpr>", &g.generators, CompKind::Gen(&g.elt))?
            }
            Expr::Yield(y) => {
                self.check_yield(y.range)?;
                match &y.value {
                    Some(v) => self.expr(v)?,
                    None => {
                        let c = self.const_(Value::None);
                        self.emit(Op::LoadConst, c);
                    }
                }
                self.emit(Op::YieldValue, 0);
            }
            Expr::YieldFrom(y) => {
                self.check_yield(y.range)?;
                self.expr(&y.value)?;
                self.emit(Op::GetYieldFromIter, 0);
                self.yield_from_loop();
            }
            Expr::Await(a) => return Err(self.err(a.range, unsupported("await expression"))),
            Expr::Named(n) => {
                self.expr(&n.value)?;
                self.emit(Op::Copy, 1);
                self.store_target(&n.target)?;
            }
            Expr::BytesLiteral(b) => {
                let bytes: Vec<u8> = b.value.bytes().collect();
                let c = self.const_(Value::Obj(crate::object::BytesObj::new_obj(&bytes)));
                self.emit(Op::LoadConst, c);
            }
            Expr::TString(t) => return Err(self.err(t.range, unsupported("template string"))),
            Expr::EllipsisLiteral(_) => {
                let e = Value::Obj(abi::ObjRef::from_static_object(
                    &crate::object::value::ELLIPSIS,
                ));
                let c = self.const_(e);
                self.emit(Op::LoadConst, c);
            }
            Expr::IpyEscapeCommand(c) => {
                return Err(self.err(c.range, unsupported("IPython escape command")));
            }
        }
        Ok(())
    }

    fn constant_tuple(&mut self, elts: &[Expr]) -> Option<Value> {
        if elts.is_empty() {
            return Some(Value::tuple(Vec::new()));
        }
        let mut out = Vec::new();
        for e in elts {
            out.push(match e {
                Expr::NumberLiteral(n) => match &n.value {
                    ast::Number::Int(i) => Value::Int(i.as_i64()?),
                    ast::Number::Float(f) => Value::Float(*f),
                    ast::Number::Complex { real, imag } => {
                        self.merged_complex(Value::complex(*real, *imag))
                    }
                },
                Expr::UnaryOp(_) | Expr::BinOp(_) => self.folded_number(e)?,
                Expr::StringLiteral(s) => Value::str(s.value.to_str()),
                Expr::BooleanLiteral(b) => Value::Bool(b.value),
                Expr::NoneLiteral(_) => Value::None,
                _ => return None,
            });
        }
        Some(Value::tuple(out))
    }

    /// The constant an expression folds to (CPython's AST optimizer).
    fn folded(&self, e: &Expr) -> Option<Value> {
        consts::const_value(e, &parse_big_literal)
    }

    /// The constant a small expression of number literals folds to
    /// (`-1.0`, `1 + 2j`); a complex one is the module's one object for
    /// its value. `None` when it does not fold (`1 / 0` is left to raise
    /// at run time, as CPython leaves it).
    fn folded_number(&mut self, e: &Expr) -> Option<Value> {
        if !consts::small_number_expr(e) {
            return None;
        }
        let v = self.folded(e)?;
        Some(self.merged_complex(v))
    }

    /// The frozenset constant of a set display whose items all fold to
    /// constants.
    fn constant_frozenset(&mut self, elts: &[Expr]) -> Option<Value> {
        if elts.iter().any(|e| e.is_starred_expr()) {
            return None;
        }
        let items = elts
            .iter()
            .map(|e| self.folded(e))
            .collect::<Option<Vec<_>>>()?;
        let body = self.body;
        let idents = &mut self.idents;
        let mut interned = |s: &str| {
            interned::STARTUP.binary_search(&s).is_ok()
                || idents
                    .get_or_insert_with(|| consts::identifiers(body))
                    .contains(s)
        };
        self.frozensets.get(&items, &mut self.strs, &mut interned)
    }

    /// An iterable of `for`, of a comprehension or the right operand of
    /// `in`: a set display of constants is the frozenset constant, as
    /// CPython's optimizer makes it (`fold_iter`).
    fn iterable(&mut self, e: &'a Expr) -> CResult<()> {
        if let Expr::Set(s) = e
            && let Some(v) = self.constant_frozenset(&s.elts)
        {
            let c = self.const_(v);
            self.emit(Op::LoadConst, c);
            return Ok(());
        }
        self.expr(e)
    }

    /// A set display, as CPython 3.11's `starunpack_helper` compiles it:
    /// more than two constants are a frozenset constant added to an empty
    /// set; up to 30 items without `*` are pushed and built at once;
    /// otherwise the set is built at the first `*` (or empty, past 30
    /// items) and each item added to it in turn.
    fn set_display(&mut self, elts: &'a [Expr]) -> CResult<()> {
        const STACK_USE_GUIDELINE: usize = 30;
        let n = elts.len();
        if n > 2
            && let Some(v) = self.constant_frozenset(elts)
        {
            self.emit(Op::BuildSet, 0);
            let c = self.const_(v);
            self.emit(Op::LoadConst, c);
            self.emit(Op::SetUpdate, 1);
            return Ok(());
        }
        let starred = elts.iter().any(|e| e.is_starred_expr());
        let big = n > STACK_USE_GUIDELINE;
        if !starred && !big {
            for x in elts {
                self.expr(x)?;
            }
            self.emit(Op::BuildSet, n as u32);
            return Ok(());
        }
        let mut built = false;
        if big {
            self.emit(Op::BuildSet, 0);
            built = true;
        }
        for (i, e) in elts.iter().enumerate() {
            match e {
                Expr::Starred(st) => {
                    if !built {
                        self.emit(Op::BuildSet, i as u32);
                        built = true;
                    }
                    self.expr(&st.value)?;
                    self.emit(Op::SetUpdate, 1);
                }
                other => {
                    self.expr(other)?;
                    if built {
                        self.emit(Op::SetAdd, 1);
                    }
                }
            }
        }
        Ok(())
    }

    fn starred_list(&mut self, elts: &'a [Expr]) -> CResult<()> {
        self.emit(Op::BuildList, 0);
        for e in elts {
            match e {
                Expr::Starred(s) => {
                    self.expr(&s.value)?;
                    self.emit(Op::ListExtend, 0);
                }
                other => {
                    self.expr(other)?;
                    self.emit(Op::ListAppend, 1);
                }
            }
        }
        Ok(())
    }

    fn fstring_element(&mut self, el: &'a ast::InterpolatedStringElement) -> CResult<()> {
        match el {
            ast::InterpolatedStringElement::Literal(l) => {
                let c = self.const_(Value::str(&l.value));
                self.emit(Op::LoadConst, c);
            }
            ast::InterpolatedStringElement::Interpolation(i) => {
                let mut conv = match i.conversion {
                    ast::ConversionFlag::None => 0,
                    ast::ConversionFlag::Str => 1,
                    ast::ConversionFlag::Repr => 2,
                    ast::ConversionFlag::Ascii => 3,
                };
                if let Some(dbg) = &i.debug_text {
                    // `{x=}`: the literal text, then repr unless told otherwise.
                    let c = self.const_(Value::str(dbg.as_str()));
                    self.emit(Op::LoadConst, c);
                    if conv == 0 && i.format_spec.is_none() {
                        conv = 2;
                    }
                    self.expr(&i.expression)?;
                    self.format_spec(i, conv)?;
                    self.emit(Op::BuildString, 2);
                    return Ok(());
                }
                self.expr(&i.expression)?;
                self.format_spec(i, conv)?;
            }
        }
        Ok(())
    }

    fn format_spec(&mut self, i: &'a ast::InterpolatedElement, conv: u32) -> CResult<()> {
        let mut flags = conv;
        if let Some(spec) = &i.format_spec {
            let n = spec.elements.len() as u32;
            for el in &spec.elements {
                self.fstring_element(el)?;
            }
            if n != 1 {
                self.emit(Op::BuildString, n);
            }
            flags |= 4;
        }
        self.emit(Op::FormatValue, flags);
        Ok(())
    }

    fn compare(&mut self, c: &'a ast::ExprCompare) -> CResult<()> {
        self.expr(&c.left)?;
        let n = c.ops.len();
        if n == 1 {
            if matches!(c.ops[0], ast::CmpOp::In | ast::CmpOp::NotIn) {
                self.iterable(&c.comparators[0])?;
            } else {
                self.expr(&c.comparators[0])?;
            }
            self.set_line(c.range);
            self.cmp_op(c.ops[0]);
            return Ok(());
        }
        let cleanup = self.new_label();
        let end = self.new_label();
        for (i, (op, right)) in c.ops.iter().zip(c.comparators.iter()).enumerate() {
            if i + 1 == n && matches!(op, ast::CmpOp::In | ast::CmpOp::NotIn) {
                self.iterable(right)?;
            } else {
                self.expr(right)?;
            }
            if i + 1 < n {
                self.emit(Op::Swap, 2);
                self.emit(Op::Copy, 2);
                self.cmp_op(*op);
                self.jump(Op::JumpIfFalseOrPop, cleanup);
            } else {
                self.cmp_op(*op);
            }
        }
        self.jump(Op::Jump, end);
        self.bind(cleanup);
        self.emit(Op::Swap, 2);
        self.emit(Op::PopTop, 0);
        self.bind(end);
        Ok(())
    }

    fn cmp_op(&mut self, op: ast::CmpOp) {
        use ast::CmpOp as A;
        let (o, arg) = match op {
            A::Lt => (Op::CompareOp, CmpOp::Lt as u32),
            A::LtE => (Op::CompareOp, CmpOp::Le as u32),
            A::Eq => (Op::CompareOp, CmpOp::Eq as u32),
            A::NotEq => (Op::CompareOp, CmpOp::Ne as u32),
            A::Gt => (Op::CompareOp, CmpOp::Gt as u32),
            A::GtE => (Op::CompareOp, CmpOp::Ge as u32),
            A::Is => (Op::IsOp, 0),
            A::IsNot => (Op::IsOp, 1),
            A::In => (Op::ContainsOp, 0),
            A::NotIn => (Op::ContainsOp, 1),
        };
        self.emit(o, arg);
    }

    /// A call's keyword arguments as one dict, in order: runs of `name=v`
    /// become a BUILD_MAP, each `**m` is merged in by DICT_MERGE (which
    /// rejects a keyword given twice).
    fn call_keywords_dict(&mut self, keywords: &'a [ast::Keyword]) -> CResult<()> {
        let mut started = false;
        let mut pending = 0u32;
        for k in keywords {
            match &k.arg {
                Some(n) => {
                    let c = self.const_ident(Value::str(n.as_str()));
                    self.emit(Op::LoadConst, c);
                    self.expr(&k.value)?;
                    pending += 1;
                }
                None => {
                    if pending > 0 || !started {
                        self.emit(Op::BuildMap, pending);
                        if started {
                            self.emit(Op::DictMerge, 1);
                        }
                        started = true;
                        pending = 0;
                    }
                    self.expr(&k.value)?;
                    self.emit(Op::DictMerge, 1);
                }
            }
        }
        if pending > 0 || !started {
            self.emit(Op::BuildMap, pending);
            if started {
                self.emit(Op::DictMerge, 1);
            }
        }
        Ok(())
    }

    fn call(&mut self, c: &'a ast::ExprCall) -> CResult<()> {
        let args = &c.arguments;
        // CPython's compiler checks this before anything else of the call.
        let mut seen = std::collections::HashSet::new();
        for k in &args.keywords {
            if let Some(n) = &k.arg
                && !seen.insert(n.as_str())
            {
                return Err(self.err(k.range, format!("keyword argument repeated: {n}")));
            }
        }
        if self.zero_arg_super(c) {
            return Ok(());
        }
        let has_star = args.args.iter().any(|a| a.is_starred_expr());
        let has_double_star = args.keywords.iter().any(|k| k.arg.is_none());
        if has_star || has_double_star {
            self.expr(&c.func)?;
            match &args.args[..] {
                [Expr::Starred(only)] => self.expr(&only.value)?,
                _ if has_star => {
                    self.starred_list(&args.args)?;
                    self.emit(Op::ListToTuple, 0);
                }
                _ => {
                    for x in args.args.iter() {
                        self.expr(x)?;
                    }
                    self.emit(Op::BuildTuple, args.args.len() as u32);
                }
            }
            let mut flags = 0;
            if !args.keywords.is_empty() {
                self.call_keywords_dict(&args.keywords)?;
                flags = 1;
            }
            self.set_line(c.range());
            self.emit(Op::CallEx, flags);
            return Ok(());
        }
        // obj.method(args) without keywords: LOAD_METHOD / CALL_METHOD.
        if let Expr::Attribute(a) = &*c.func
            && args.keywords.is_empty()
        {
            self.expr(&a.value)?;
            let ni = self.name(a.attr.as_str());
            let loc = self.attr_loc(Span::of(a.range), a);
            self.set_loc(loc);
            self.emit(Op::LoadMethod, ni);
            for x in args.args.iter() {
                self.expr(x)?;
            }
            let loc = self.attr_loc(Span::of(c.range()), a);
            self.set_loc(loc);
            self.emit(Op::CallMethod, args.args.len() as u32);
            return Ok(());
        }
        self.expr(&c.func)?;
        for x in args.args.iter() {
            self.expr(x)?;
        }
        if args.keywords.is_empty() {
            self.set_line(c.range());
            self.emit(Op::Call, args.args.len() as u32);
        } else {
            let mut names = Vec::new();
            for k in &args.keywords {
                self.expr(&k.value)?;
                if let Some(n) = &k.arg {
                    names.push(Value::str(n.as_str()));
                }
            }
            let kc = self.const_ident(Value::tuple(names));
            self.emit(Op::LoadConst, kc);
            // CPython calls `a.m(k=v)` as a method call, which starts where
            // `.m` does (see `attr_loc`).
            let mut loc = Span::of(c.range());
            if let Expr::Attribute(a) = &*c.func {
                loc = self.attr_loc(loc, a);
            }
            self.set_loc(loc);
            self.emit(Op::CallKw, (args.args.len() + args.keywords.len()) as u32);
        }
        Ok(())
    }

    fn comprehension<T>(
        &mut self,
        node: &'a T,
        name: &str,
        gens: &'a [ast::Comprehension],
        kind: CompKind<'a>,
    ) -> CResult<()> {
        if let Some(g) = gens.iter().find(|g| g.is_async) {
            return Err(self.err(g.range, unsupported("async comprehension")));
        }
        let scope = match self.scopes.scope_of(node) {
            Some(s) => s,
            None => unreachable!("every comprehension has a scope"),
        };
        // The comprehension's own instructions (the loop, the append) are
        // at its range, which is where the enclosing expression left it.
        let loc = self.unit().loc;
        let line = self.index.line(loc.start);
        let qual = self.qualname(name);
        self.push_unit(
            scope,
            name.to_owned(),
            qual,
            (line, loc),
            ParamShape::positional(1),
        );
        match kind {
            CompKind::List(_) => self.emit(Op::BuildList, 0),
            CompKind::Set(_) => self.emit(Op::BuildSet, 0),
            CompKind::Dict(..) => self.emit(Op::BuildMap, 0),
            CompKind::Gen(_) => self.start_generator(),
        }
        self.emit(Op::LoadFast, 0);
        let mut loops = Vec::new();
        for (i, g) in gens.iter().enumerate() {
            if i > 0 {
                self.iterable(&g.iter)?;
                self.emit(Op::GetIter, 0);
            }
            let head = self.new_label();
            let done = self.new_label();
            self.bind(head);
            self.jump(Op::ForIter, done);
            self.unit().fblocks.push(FBlock::For { head, exit: done });
            self.store_target(&g.target)?;
            for cond in &g.ifs {
                self.jump_if(cond, false, head)?;
            }
            loops.push((head, done));
        }
        let depth = (loops.len() + 1) as u32;
        match kind {
            CompKind::Gen(elt) => {
                self.expr(elt)?;
                self.emit(Op::YieldValue, 0);
                self.emit(Op::PopTop, 0);
            }
            CompKind::List(elt) => {
                self.expr(elt)?;
                self.emit(Op::ListAppend, depth);
            }
            CompKind::Set(elt) => {
                self.expr(elt)?;
                self.emit(Op::SetAdd, depth);
            }
            CompKind::Dict(k, v) => {
                self.expr(k)?;
                self.expr(v)?;
                self.emit(Op::MapAdd, depth);
            }
        }
        for (head, done) in loops.into_iter().rev() {
            self.jump(Op::JumpBackward, head);
            self.bind(done);
            self.unit().fblocks.pop();
        }
        if matches!(kind, CompKind::Gen(_)) {
            let c = self.const_(Value::None);
            self.emit(Op::LoadConst, c);
        }
        self.emit(Op::ReturnValue, 0);
        let code = self.pop_unit(false)?;
        let mut flags = 0;
        self.load_closure(&code, &mut flags);
        let c = self.const_(Value::Obj(CodeObj::new_obj(code)));
        self.emit(Op::LoadConst, c);
        self.emit(Op::MakeFunction, flags);
        if let Some(first) = gens.first() {
            self.iterable(&first.iter)?;
        }
        self.emit(Op::GetIter, 0);
        self.emit(Op::Call, 1);
        Ok(())
    }
}

enum FnBody<'a> {
    Stmts(&'a [Stmt]),
    Expr(&'a Expr),
}

enum CompKind<'a> {
    Gen(&'a Expr),
    List(&'a Expr),
    Set(&'a Expr),
    Dict(&'a Expr, &'a Expr),
}

fn is_jump(op: Op) -> bool {
    matches!(
        op,
        Op::Jump
            | Op::JumpBackward
            | Op::PopJumpIfFalse
            | Op::PopJumpIfTrue
            | Op::PopJumpIfNone
            | Op::PopJumpIfNotNone
            | Op::JumpIfFalseOrPop
            | Op::JumpIfTrueOrPop
            | Op::ForIter
            | Op::Send
    )
}

fn binop(op: ast::Operator) -> BinOp {
    use ast::Operator as O;
    match op {
        O::Add => BinOp::Add,
        O::Sub => BinOp::Sub,
        O::Mult => BinOp::Mul,
        O::MatMult => BinOp::MatMul,
        O::Div => BinOp::TrueDiv,
        O::Mod => BinOp::Mod,
        O::Pow => BinOp::Pow,
        O::LShift => BinOp::LShift,
        O::RShift => BinOp::RShift,
        O::BitOr => BinOp::Or,
        O::BitXor => BinOp::Xor,
        O::BitAnd => BinOp::And,
        O::FloorDiv => BinOp::FloorDiv,
    }
}

/// Parses the text of an integer literal too large for `i64`.
fn parse_big_literal(text: &str) -> Option<BigInt> {
    let t: String = text.chars().filter(|c| *c != '_').collect();
    let lower = t.to_ascii_lowercase();
    let (digits, radix) = if let Some(r) = lower.strip_prefix("0x") {
        (r.to_owned(), 16)
    } else if let Some(r) = lower.strip_prefix("0o") {
        (r.to_owned(), 8)
    } else if let Some(r) = lower.strip_prefix("0b") {
        (r.to_owned(), 2)
    } else {
        (lower, 10)
    };
    BigInt::parse_bytes(digits.as_bytes(), radix)
}
