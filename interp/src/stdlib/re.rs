//! `re`: CPython 3.11's regular-expression module over the engine in
//! [`crate::re`]. `Pattern` and `Match` are native types (`Kind::STDLIB`,
//! payloads [`PatternObj`] and [`MatchObj`]) whose methods are bound
//! builtins made on attribute access; `re.error` is a Python class
//! deriving from `Exception` with `msg`, `pattern`, `pos`, `lineno` and
//! `colno`.
//!
//! Differences from CPython: the flag constants are plain ints (not
//! `RegexFlag` members, so `repr(re.I)` is `2`); `finditer`'s iterator
//! (`callable_iterator`) has no `__call__`; the cache keeps compiled
//! programs, not pattern objects (so `re.compile(p) is re.compile(p)` is
//! false, though they compare equal and hash alike); `re.DEBUG` prints
//! nothing; `re.template`, `re.Scanner`, `Pattern.scanner` and `copy`
//! support are missing. Capture groups follow a full undo log on
//! backtracking, where sre restores only its `lastmark` in a few places
//! (alternatives inside possessive repeats), so such groups can differ.

use crate::object::types::{self, Kind};
use crate::object::{
    Args, Builtin, BytesObj, DictObj, ExcObj, ModuleObj, NativeFn, ObjRef, PyErr, PyResult,
    StaticType, Value,
};
use crate::re::parse::flags as fl;
use crate::re::{self as engine, Compiled, Matcher, Mode, NONE};
use crate::stdlib::{NativeMethod, Sig, Style, parse};
use crate::vm::Vm;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

/// A compiled pattern (`re.Pattern`).
pub struct PatternObj {
    /// The pattern as given (str or bytes).
    pub pattern: Value,
    /// Whether it is a str pattern.
    pub istext: bool,
    /// The program and its facts.
    pub code: Rc<Compiled>,
}

/// A match (`re.Match`).
pub struct MatchObj {
    /// The string searched, as given.
    pub string: Value,
    subject: Rc<Subject>,
    /// The pattern object.
    pub pattern: ObjRef,
    pos: usize,
    endpos: usize,
    /// Group spans (two registers per group) and `lastindex`.
    regs: Vec<usize>,
}

/// The type `re.Pattern`.
pub static PATTERN: StaticType =
    types::native_type::<PatternObj>(c"re.Pattern", &types::OBJECT, Kind::STDLIB);
/// The type `re.Match`.
pub static MATCH: StaticType =
    types::native_type::<MatchObj>(c"re.Match", &types::OBJECT, Kind::STDLIB);

/// The text being matched, copied out of the argument.
enum Data {
    /// A copy of a bytearray's or memoryview's bytes.
    Narrow(Vec<u8>),
    /// An immutable str of ASCII characters or a bytes object, read in
    /// place (no copy per call: `pattern.match(text, pos)` loops stay linear).
    Shared(ObjRef),
    /// Code points.
    Wide(Vec<u32>),
}

struct Subject {
    data: Data,
    istext: bool,
}

/// The bytes of a shared str or bytes object.
fn shared_bytes(o: &ObjRef) -> &[u8] {
    if let Some(s) = o.downcast::<crate::object::StrObj>() {
        return s.as_str().as_bytes();
    }
    o.downcast::<BytesObj>().map_or(&[], |b| b.as_bytes())
}

impl Subject {
    fn len(&self) -> usize {
        match &self.data {
            Data::Narrow(v) => v.len(),
            Data::Shared(o) => shared_bytes(o).len(),
            Data::Wide(v) => v.len(),
        }
    }

    /// The characters `a..b` as a str or bytes.
    fn slice(&self, a: usize, b: usize) -> Value {
        let b = b.min(self.len());
        let a = a.min(b);
        match &self.data {
            Data::Narrow(_) | Data::Shared(_) => {
                let v = self.narrow();
                let part = v.get(a..b).unwrap_or(&[]);
                if self.istext {
                    Value::string(part.iter().map(|&c| c as char).collect())
                } else {
                    Value::Obj(BytesObj::new_obj(part))
                }
            }
            Data::Wide(v) => Value::string(
                v.get(a..b)
                    .unwrap_or(&[])
                    .iter()
                    .filter_map(|&c| char::from_u32(c))
                    .collect(),
            ),
        }
    }

    fn narrow(&self) -> &[u8] {
        match &self.data {
            Data::Narrow(v) => v,
            Data::Shared(o) => shared_bytes(o),
            Data::Wide(_) => &[],
        }
    }

    fn code_points(&self, a: usize, b: usize, out: &mut Vec<u32>) {
        let b = b.min(self.len());
        let a = a.min(b);
        match &self.data {
            Data::Narrow(_) | Data::Shared(_) => out.extend(
                self.narrow()
                    .get(a..b)
                    .unwrap_or(&[])
                    .iter()
                    .map(|&c| u32::from(c)),
            ),
            Data::Wide(v) => out.extend_from_slice(v.get(a..b).unwrap_or(&[])),
        }
    }
}

fn make_value(istext: bool, cps: &[u32]) -> Value {
    if istext {
        Value::string(cps.iter().filter_map(|&c| char::from_u32(c)).collect())
    } else {
        let b: Vec<u8> = cps.iter().map(|&c| c as u8).collect();
        Value::Obj(BytesObj::new_obj(&b))
    }
}

/// The text of a str or bytes-like argument (`None`: neither).
fn subject_of(v: &Value) -> Option<PyResult<Subject>> {
    if let Some(so) = v.downcast::<crate::object::StrObj>() {
        // `StrObj::is_ascii` compares two lengths; `str::is_ascii` would
        // read the whole text on every call.
        let s = so.as_str();
        let data = if so.is_ascii()
            && let Value::Obj(o) = v
        {
            Data::Shared(o.clone())
        } else {
            Data::Wide(s.chars().map(|c| c as u32).collect())
        };
        return Some(Ok(Subject { data, istext: true }));
    }
    if let Value::Obj(o) = v
        && o.downcast::<BytesObj>().is_some()
    {
        return Some(Ok(Subject {
            data: Data::Shared(o.clone()),
            istext: false,
        }));
    }
    let buf = crate::bytes::buffer(v)?;
    Some(buf.map(|b| Subject {
        data: Data::Narrow(b.to_vec()),
        istext: false,
    }))
}

// ----- the module -------------------------------------------------------------------

const FLAG_NAMES: &[(&str, u32)] = &[
    ("TEMPLATE", fl::TEMPLATE),
    ("IGNORECASE", fl::IGNORECASE),
    ("LOCALE", fl::LOCALE),
    ("MULTILINE", fl::MULTILINE),
    ("DOTALL", fl::DOTALL),
    ("UNICODE", fl::UNICODE),
    ("VERBOSE", fl::VERBOSE),
    ("DEBUG", fl::DEBUG),
    ("ASCII", fl::ASCII),
];

/// Fills the `re` module.
pub fn fill(d: &DictObj) -> PyResult<()> {
    let funcs: &[(&'static str, NativeFn)] = &[
        ("compile", re_compile),
        ("match", re_match),
        ("search", re_search),
        ("fullmatch", re_fullmatch),
        ("findall", re_findall),
        ("finditer", re_finditer),
        ("sub", re_sub),
        ("subn", re_subn),
        ("split", re_split),
        ("escape", re_escape),
        ("purge", re_purge),
    ];
    for (name, f) in funcs {
        d.set_str(name, Value::Obj(Builtin::new_obj(name, *f, None)));
    }
    let consts: &[(&str, u32)] = &[
        ("I", fl::IGNORECASE),
        ("IGNORECASE", fl::IGNORECASE),
        ("L", fl::LOCALE),
        ("LOCALE", fl::LOCALE),
        ("M", fl::MULTILINE),
        ("MULTILINE", fl::MULTILINE),
        ("S", fl::DOTALL),
        ("DOTALL", fl::DOTALL),
        ("X", fl::VERBOSE),
        ("VERBOSE", fl::VERBOSE),
        ("A", fl::ASCII),
        ("ASCII", fl::ASCII),
        ("U", fl::UNICODE),
        ("UNICODE", fl::UNICODE),
        ("T", fl::TEMPLATE),
        ("TEMPLATE", fl::TEMPLATE),
        ("DEBUG", fl::DEBUG),
        ("NOFLAG", 0),
    ];
    for (name, v) in consts {
        d.set_str(name, Value::Int(i64::from(*v)));
    }
    d.set_str("Pattern", Value::Obj(ObjRef::from_static(&PATTERN)));
    d.set_str("Match", Value::Obj(ObjRef::from_static(&MATCH)));
    let ns = DictObj::new_obj();
    if let Some(nd) = ns.downcast::<DictObj>() {
        nd.set_str("__module__", Value::str("re"));
        nd.set_str(
            "__init__",
            NativeMethod::new_value("error.__init__", error_init),
        );
    }
    let cls = crate::classes::new_class("error", vec![ObjRef::from_static(&types::EXCEPTION)], ns)?;
    d.set_str("error", Value::Obj(cls));
    Ok(())
}

/// `error.__init__(self, msg, pattern=None, pos=None)`.
fn error_init(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(
        &args,
        &Sig {
            name: "__init__",
            params: &["self", "msg", "pattern", "pos"],
            posonly: 0,
            required: 2,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let me = arg(&p, 0).cloned().unwrap_or(Value::None);
    let msg = arg(&p, 1).cloned().unwrap_or(Value::None);
    let pattern = arg(&p, 2).cloned().unwrap_or(Value::None);
    let pos = arg(&p, 3).cloned().unwrap_or(Value::None);
    let mut full = crate::ops::str_of(vm, &msg)?;
    let (mut lineno, mut colno) = (Value::None, Value::None);
    if !matches!(pattern, Value::None)
        && let Value::Int(at) = pos
        && let Some(Ok(s)) = subject_of(&pattern)
    {
        let at = usize::try_from(at).unwrap_or(0);
        full = format!("{full} at position {at}");
        let mut cps = Vec::new();
        s.code_points(0, s.len(), &mut cps);
        let before = cps.get(..at.min(cps.len())).unwrap_or(&[]);
        let line = before.iter().filter(|&&c| c == 10).count() + 1;
        let col = match before.iter().rposition(|&c| c == 10) {
            Some(nl) => at - nl,
            None => at + 1,
        };
        if cps.contains(&10) {
            full = format!("{full} (line {line}, column {col})");
        }
        lineno = Value::Int(line as i64);
        colno = Value::Int(col as i64);
    }
    if let Some(e) = me.downcast::<ExcObj>() {
        drop(e.args.replace(Value::tuple(vec![Value::string(full)])));
    }
    for (n, v) in [
        ("msg", msg),
        ("pattern", pattern),
        ("pos", pos),
        ("lineno", lineno),
        ("colno", colno),
    ] {
        vm.setattr(&me, n, v)?;
    }
    Ok(Value::None)
}

/// The `re.error` (or other exception) for an engine error.
fn to_pyerr(vm: &mut Vm, e: engine::Error, pattern: &Value) -> PyErr {
    match e.kind {
        engine::ErrKind::Overflow => return PyErr::overflow(e.msg),
        engine::ErrKind::Value => return PyErr::value_error(e.msg),
        engine::ErrKind::Recursion => return PyErr::new(&types::RECURSION_ERROR, e.msg),
        engine::ErrKind::Re => {}
    }
    let cls = vm
        .imported("re")
        .and_then(|m| m.downcast::<ModuleObj>().map(|m| m.dict.clone()))
        .and_then(|d| d.downcast::<DictObj>()?.get_str("error"));
    let Some(cls) = cls else {
        return PyErr::value_error(e.msg);
    };
    let args = [
        Value::string(e.msg.clone()),
        if e.pos.is_some() {
            pattern.clone()
        } else {
            Value::None
        },
        e.pos.map_or(Value::None, |p| Value::Int(p as i64)),
    ];
    match vm.call(&cls, &args) {
        Ok(v) => match v {
            Value::Obj(o) => PyErr(o),
            _ => PyErr::value_error(e.msg),
        },
        Err(err) => err,
    }
}

// ----- compiling ---------------------------------------------------------------------

type CacheKey = (bool, Vec<u32>, u32);

thread_local! {
    static CACHE: RefCell<HashMap<CacheKey, Rc<Compiled>>> = RefCell::new(HashMap::new());
}

const CACHE_MAX: usize = 512;

fn pattern_points(v: &Value) -> Option<(bool, Vec<u32>)> {
    if let Some(s) = v.as_str() {
        return Some((true, s.chars().map(|c| c as u32).collect()));
    }
    if matches!(v.kind(), Kind::BYTES | Kind::BYTEARRAY | Kind::MEMORYVIEW) {
        let b = crate::bytes::buffer(v)?.ok()?;
        return Some((false, b.iter().map(|&c| u32::from(c)).collect()));
    }
    None
}

fn flags_arg(vm: &mut Vm, v: Option<&Value>) -> PyResult<u32> {
    match v {
        None => Ok(0),
        Some(v) => {
            if !v.is_int() {
                // CPython's `_compile` tests `flags & DEBUG` first.
                return Err(PyErr::type_error(format!(
                    "unsupported operand type(s) for &: '{}' and 'RegexFlag'",
                    v.type_name()
                )));
            }
            let n = crate::stdlib::ssize_arg(vm, v)?;
            Ok(n as u32)
        }
    }
}

/// `re._compile(pattern, flags)`: a `Pattern` object.
fn compile_value(vm: &mut Vm, pattern: &Value, flags: u32) -> PyResult<ObjRef> {
    if let Some(o) = pattern.as_obj()
        && o.is_type(&PATTERN)
    {
        if flags != 0 {
            return Err(PyErr::value_error(
                "cannot process flags argument with a compiled pattern",
            ));
        }
        return Ok(o.clone());
    }
    let Some((istext, cps)) = pattern_points(pattern) else {
        return Err(PyErr::type_error(
            "first argument must be string or compiled pattern",
        ));
    };
    let key = (istext, cps, flags);
    let hit = CACHE.with(|c| c.borrow().get(&key).cloned());
    let code = match hit {
        Some(c) => c,
        None => {
            let c = match engine::compile(&key.1, istext, flags) {
                Ok(c) => Rc::new(c),
                Err(e) => return Err(to_pyerr(vm, e, pattern)),
            };
            CACHE.with(|cache| {
                let mut cache = cache.borrow_mut();
                if cache.len() >= CACHE_MAX {
                    cache.clear();
                }
                cache.insert(key, c.clone());
            });
            c
        }
    };
    Ok(ObjRef::new(
        PATTERN.get(),
        PatternObj {
            pattern: pattern.clone(),
            istext,
            code,
        },
    ))
}

fn pysig(name: &'static str, params: &'static [&'static str], required: usize) -> Sig {
    Sig {
        name,
        params,
        posonly: 0,
        required,
        kwonly: &[],
        style: Style::Py,
    }
}

fn arg<'a>(p: &[Option<&'a Value>], i: usize) -> Option<&'a Value> {
    p.get(i).copied().flatten()
}

fn need<'a>(p: &[Option<&'a Value>], i: usize) -> &'a Value {
    arg(p, i).unwrap_or(&Value::None)
}

/// `re.compile(pattern, flags=0)`.
fn re_compile(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(&args, &pysig("compile", &["pattern", "flags"], 1))?;
    let flags = flags_arg(vm, arg(&p, 1))?;
    compile_value(vm, need(&p, 0), flags).map(Value::Obj)
}

/// `re.purge()`.
fn re_purge(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    parse(&args, &pysig("purge", &[], 0))?;
    CACHE.with(|c| c.borrow_mut().clear());
    Ok(Value::None)
}

/// A module function of the form `f(pattern, string, flags=0)`.
fn module_call(
    vm: &mut Vm,
    args: Args<'_>,
    name: &'static str,
    params: &'static [&'static str],
    required: usize,
    method: NativeFn,
) -> PyResult<Value> {
    let p = parse(&args, &pysig(name, params, required))?;
    let flags_at = params
        .iter()
        .position(|n| *n == "flags")
        .unwrap_or(usize::MAX);
    let flags = flags_arg(vm, arg(&p, flags_at))?;
    let pat = compile_value(vm, need(&p, 0), flags)?;
    let mut pos: Vec<Value> = vec![Value::Obj(pat)];
    for (i, v) in p.iter().enumerate().skip(1) {
        if i == flags_at {
            continue;
        }
        match v {
            Some(v) => pos.push((*v).clone()),
            None => break,
        }
    }
    method(vm, Args::positional(&pos))
}

fn re_match(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    module_call(
        vm,
        args,
        "match",
        &["pattern", "string", "flags"],
        2,
        pat_match,
    )
}
fn re_search(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    module_call(
        vm,
        args,
        "search",
        &["pattern", "string", "flags"],
        2,
        pat_search,
    )
}
fn re_fullmatch(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    module_call(
        vm,
        args,
        "fullmatch",
        &["pattern", "string", "flags"],
        2,
        pat_fullmatch,
    )
}
fn re_findall(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    module_call(
        vm,
        args,
        "findall",
        &["pattern", "string", "flags"],
        2,
        pat_findall,
    )
}
fn re_finditer(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    module_call(
        vm,
        args,
        "finditer",
        &["pattern", "string", "flags"],
        2,
        pat_finditer,
    )
}
fn re_sub(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    module_call(
        vm,
        args,
        "sub",
        &["pattern", "repl", "string", "count", "flags"],
        3,
        pat_sub,
    )
}
fn re_subn(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    module_call(
        vm,
        args,
        "subn",
        &["pattern", "repl", "string", "count", "flags"],
        3,
        pat_subn,
    )
}
fn re_split(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    module_call(
        vm,
        args,
        "split",
        &["pattern", "string", "maxsplit", "flags"],
        2,
        pat_split,
    )
}

/// `re.escape(pattern)`.
fn re_escape(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = parse(&args, &pysig("escape", &["pattern"], 1))?;
    let v = need(&p, 0);
    const SPECIAL: &[u8] = b"()[]{}?*+-|^$\\.&~# \t\n\r\x0b\x0c";
    if let Some(s) = v.as_str() {
        let mut out = String::with_capacity(s.len());
        for c in s.chars() {
            if c.is_ascii() && SPECIAL.contains(&(c as u8)) {
                out.push('\\');
            }
            out.push(c);
        }
        return Ok(Value::string(out));
    }
    if let Some(b) = crate::bytes::buffer(v) {
        let b = b?;
        let mut out = Vec::with_capacity(b.len());
        for &c in b.iter() {
            if SPECIAL.contains(&c) {
                out.push(b'\\');
            }
            out.push(c);
        }
        return Ok(Value::Obj(BytesObj::new_obj(&out)));
    }
    Err(PyErr::type_error(format!(
        "decoding to str: need a bytes-like object, {} found",
        v.type_name()
    )))
}

// ----- Pattern -----------------------------------------------------------------------

fn this_pattern(args: &Args<'_>) -> PyResult<ObjRef> {
    match args.pos.first() {
        Some(Value::Obj(o)) if o.is_type(&PATTERN) => Ok(o.clone()),
        _ => Err(PyErr::type_error(
            "descriptor requires a 're.Pattern' object",
        )),
    }
}

fn pattern_of(o: &ObjRef) -> PyResult<&PatternObj> {
    o.downcast::<PatternObj>()
        .ok_or_else(|| PyErr::type_error("expected a re.Pattern object"))
}

fn csig(name: &'static str, params: &'static [&'static str], required: usize) -> Sig {
    Sig {
        name,
        params,
        posonly: 0,
        required,
        kwonly: &[],
        style: Style::C,
    }
}

/// Args after `self`.
fn rest<'a>(args: &Args<'a>) -> Args<'a> {
    Args {
        pos: args.pos.get(1..).unwrap_or(&[]),
        kw: args.kw,
    }
}

/// The subject for `pat`, with CPython's type errors.
fn subject_for(pat: &PatternObj, v: &Value) -> PyResult<Subject> {
    let Some(s) = subject_of(v) else {
        return Err(PyErr::type_error(format!(
            "expected string or bytes-like object, got '{}'",
            v.type_name()
        )));
    };
    let s = s?;
    if pat.istext && !s.istext {
        return Err(PyErr::type_error(
            "cannot use a string pattern on a bytes-like object",
        ));
    }
    if !pat.istext && s.istext {
        return Err(PyErr::type_error(
            "cannot use a bytes pattern on a string-like object",
        ));
    }
    Ok(s)
}

/// `pos`/`endpos` clipped as CPython clips them.
fn bounds(
    vm: &mut Vm,
    pos: Option<&Value>,
    endpos: Option<&Value>,
    len: usize,
) -> PyResult<(usize, usize)> {
    let clip = |n: i64| -> usize {
        if n < 0 {
            0
        } else {
            (n as u64).min(len as u64) as usize
        }
    };
    let p = match pos {
        Some(v) => clip(crate::stdlib::ssize_arg(vm, v)?),
        None => 0,
    };
    let e = match endpos {
        Some(v) => clip(crate::stdlib::ssize_arg(vm, v)?),
        None => len,
    };
    Ok((p, e))
}

/// Runs `code` over `s[..end]` from `pos`: the registers of the first
/// match (`search`) or of a match at `pos`.
fn run_once(code: &Compiled, s: &Subject, pos: usize, end: usize, how: How) -> Option<Vec<usize>> {
    fn go<T: Copy + Into<u32>>(
        code: &Compiled,
        text: &[T],
        pos: usize,
        how: How,
    ) -> Option<Vec<usize>> {
        let mut m = Matcher::new(&code.prog, text);
        let found = match how {
            How::Search => m.search(pos, false).is_some(),
            How::Match => m.run(pos, Mode::Match),
            How::Full => m.run(pos, Mode::Full),
        };
        found.then_some(m.regs)
    }
    if pos > end {
        return None;
    }
    match &s.data {
        Data::Narrow(_) | Data::Shared(_) => {
            let v = s.narrow();
            go(code, v.get(..end).unwrap_or(v), pos, how)
        }
        Data::Wide(v) => go(code, v.get(..end).unwrap_or(v), pos, how),
    }
}

/// Every match from `pos` (the 3.7+ rules for empty matches): the
/// registers of each, at most `limit` of them.
fn run_all(code: &Compiled, s: &Subject, pos: usize, end: usize, limit: usize) -> Vec<Vec<usize>> {
    fn go<T: Copy + Into<u32>>(
        code: &Compiled,
        text: &[T],
        pos: usize,
        limit: usize,
    ) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let mut m = Matcher::new(&code.prog, text);
        let mut at = pos;
        let mut must_advance = false;
        while out.len() < limit && at <= text.len() {
            if m.search(at, must_advance).is_none() {
                break;
            }
            let (s, e) = (
                m.regs.first().copied().unwrap_or(0),
                m.regs.get(1).copied().unwrap_or(0),
            );
            out.push(m.regs.clone());
            must_advance = s == e;
            at = e;
        }
        out
    }
    match &s.data {
        Data::Narrow(_) | Data::Shared(_) => {
            let v = s.narrow();
            go(code, v.get(..end).unwrap_or(v), pos, limit)
        }
        Data::Wide(v) => go(code, v.get(..end).unwrap_or(v), pos, limit),
    }
}

#[derive(Clone, Copy)]
enum How {
    Search,
    Match,
    Full,
}

fn new_match(
    pat: &ObjRef,
    string: &Value,
    s: Rc<Subject>,
    pos: usize,
    endpos: usize,
    regs: Vec<usize>,
) -> Value {
    Value::Obj(ObjRef::new(
        MATCH.get(),
        MatchObj {
            string: string.clone(),
            subject: s,
            pattern: pat.clone(),
            pos,
            endpos,
            regs,
        },
    ))
}

fn pat_matcher(vm: &mut Vm, args: Args<'_>, name: &'static str, how: How) -> PyResult<Value> {
    let me = this_pattern(&args)?;
    let p = parse(&rest(&args), &csig(name, &["string", "pos", "endpos"], 1))?;
    let pat = pattern_of(&me)?;
    let string = need(&p, 0);
    let s = subject_for(pat, string)?;
    let (pos, end) = bounds(vm, arg(&p, 1), arg(&p, 2), s.len())?;
    match run_once(&pat.code, &s, pos, end, how) {
        Some(regs) => Ok(new_match(&me, string, Rc::new(s), pos, end, regs)),
        None => Ok(Value::None),
    }
}

fn pat_match(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pat_matcher(vm, args, "match", How::Match)
}
fn pat_search(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pat_matcher(vm, args, "search", How::Search)
}
fn pat_fullmatch(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pat_matcher(vm, args, "fullmatch", How::Full)
}

fn group_value(s: &Subject, regs: &[usize], g: usize, default: &Value) -> Value {
    let (a, b) = (
        regs.get(2 * g).copied().unwrap_or(NONE),
        regs.get(2 * g + 1).copied().unwrap_or(NONE),
    );
    if a == NONE || b == NONE {
        default.clone()
    } else {
        s.slice(a, b)
    }
}

fn pat_findall(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = this_pattern(&args)?;
    let p = parse(
        &rest(&args),
        &csig("findall", &["string", "pos", "endpos"], 1),
    )?;
    let pat = pattern_of(&me)?;
    let s = subject_for(pat, need(&p, 0))?;
    let (pos, end) = bounds(vm, arg(&p, 1), arg(&p, 2), s.len())?;
    let all = run_all(&pat.code, &s, pos, end, usize::MAX);
    let groups = pat.code.groups - 1;
    let empty = make_value(pat.istext, &[]);
    let items = all
        .iter()
        .map(|regs| match groups {
            0 => group_value(&s, regs, 0, &empty),
            1 => group_value(&s, regs, 1, &empty),
            n => Value::tuple((1..=n).map(|g| group_value(&s, regs, g, &empty)).collect()),
        })
        .collect();
    Ok(Value::list(items))
}

fn pat_finditer(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = this_pattern(&args)?;
    let p = parse(
        &rest(&args),
        &csig("finditer", &["string", "pos", "endpos"], 1),
    )?;
    let pat = pattern_of(&me)?;
    let string = need(&p, 0);
    let s = Rc::new(subject_for(pat, string)?);
    let (pos, end) = bounds(vm, arg(&p, 1), arg(&p, 2), s.len())?;
    Ok(Value::Obj(ObjRef::new(
        FIND_ITER.get(),
        FindIter {
            pattern: me.clone(),
            string: string.clone(),
            subject: s,
            start: pos,
            end,
            at: Cell::new(Some(pos)),
            must_advance: Cell::new(false),
        },
    )))
}

/// The iterator `finditer` returns: each step searches on from where
/// the last match ended (CPython's scanner, with its empty-match rule).
pub struct FindIter {
    pattern: ObjRef,
    string: Value,
    subject: Rc<Subject>,
    start: usize,
    end: usize,
    /// Where the next search starts (`None`: exhausted).
    at: Cell<Option<usize>>,
    must_advance: Cell<bool>,
}

/// The type of [`FindIter`] (`callable_iterator`, as CPython's).
pub static FIND_ITER: StaticType =
    types::native_type::<FindIter>(c"callable_iterator", &types::OBJECT, Kind::ITER);

/// The next match of a `finditer` iterator (`None`: not one).
pub fn next(_vm: &mut Vm, it: &ObjRef) -> Option<PyResult<Option<Value>>> {
    let f = it.downcast::<FindIter>()?;
    let Some(at) = f.at.get() else {
        return Some(Ok(None));
    };
    let pat = f.pattern.downcast::<PatternObj>()?;
    fn go<T: Copy + Into<u32>>(
        code: &Compiled,
        text: &[T],
        at: usize,
        must_advance: bool,
    ) -> Option<Vec<usize>> {
        if at > text.len() {
            return None;
        }
        let mut m = Matcher::new(&code.prog, text);
        m.search(at, must_advance)?;
        Some(m.regs)
    }
    let s = &f.subject;
    let end = f.end;
    let found = match &s.data {
        Data::Narrow(_) | Data::Shared(_) => {
            let v = s.narrow();
            go(
                &pat.code,
                v.get(..end).unwrap_or(v),
                at,
                f.must_advance.get(),
            )
        }
        Data::Wide(v) => go(
            &pat.code,
            v.get(..end).unwrap_or(v),
            at,
            f.must_advance.get(),
        ),
    };
    let Some(regs) = found else {
        f.at.set(None);
        return Some(Ok(None));
    };
    let (a, b) = (
        regs.first().copied().unwrap_or(0),
        regs.get(1).copied().unwrap_or(0),
    );
    f.at.set(Some(b));
    f.must_advance.set(a == b);
    Some(Ok(Some(new_match(
        &f.pattern,
        &f.string,
        s.clone(),
        f.start,
        end,
        regs,
    ))))
}

fn pat_split(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = this_pattern(&args)?;
    let p = parse(&rest(&args), &csig("split", &["string", "maxsplit"], 1))?;
    let pat = pattern_of(&me)?;
    let s = subject_for(pat, need(&p, 0))?;
    let maxsplit = match arg(&p, 1) {
        Some(v) => crate::stdlib::ssize_arg(vm, v)?,
        None => 0,
    };
    let limit = if maxsplit <= 0 {
        usize::MAX
    } else {
        maxsplit as usize
    };
    let len = s.len();
    let all = if maxsplit < 0 {
        Vec::new()
    } else {
        run_all(&pat.code, &s, 0, len, limit)
    };
    let mut out = Vec::new();
    let mut last = 0;
    for regs in &all {
        let (a, b) = (
            regs.first().copied().unwrap_or(0),
            regs.get(1).copied().unwrap_or(0),
        );
        out.push(s.slice(last, a));
        for g in 1..pat.code.groups {
            out.push(group_value(&s, regs, g, &Value::None));
        }
        last = b;
    }
    out.push(s.slice(last, len));
    Ok(Value::list(out))
}

/// A piece of a replacement template.
enum Piece {
    Lit(Vec<u32>),
    Group(usize),
}

/// `re._parser.parse_template`.
fn parse_template(vm: &mut Vm, pat: &PatternObj, repl: &Value) -> PyResult<Vec<Piece>> {
    let Some((istext, cps)) = pattern_points(repl) else {
        return Err(PyErr::type_error("expected str instance"));
    };
    let err = |vm: &mut Vm, e: engine::Error| to_pyerr(vm, e, repl);
    let mut src = match engine::parse::Src::new(&cps, istext) {
        Ok(s) => s,
        Err(e) => return Err(err(vm, e)),
    };
    let _ = &mut src;
    // The tokenizer is private to the parser: read the template directly.
    let mut pieces: Vec<Piece> = Vec::new();
    let mut lit: Vec<u32> = Vec::new();
    let groups = pat.code.groups - 1;
    let n = cps.len();
    let mut i = 0;
    let at = |k: usize| cps.get(k).copied();
    let re_err = |msg: String, pos: usize| engine::Error {
        msg,
        pos: Some(pos),
        kind: engine::ErrKind::Re,
    };
    let add_group = |pieces: &mut Vec<Piece>, lit: &mut Vec<u32>, g: usize| {
        if !lit.is_empty() {
            pieces.push(Piece::Lit(std::mem::take(lit)));
        }
        pieces.push(Piece::Group(g));
    };
    let is_digit = |c: Option<u32>| c.is_some_and(|c| (48..58).contains(&c));
    let is_oct = |c: Option<u32>| c.is_some_and(|c| (48..56).contains(&c));
    while i < n {
        let c = at(i).unwrap_or(0);
        if c != 92 {
            lit.push(c);
            i += 1;
            continue;
        }
        let Some(d) = at(i + 1) else {
            return Err(err(vm, re_err("bad escape (end of pattern)".into(), n - 1)));
        };
        let dc = char::from_u32(d).unwrap_or('?');
        i += 2;
        if dc == 'g' {
            if at(i) != Some(60) {
                return Err(err(vm, re_err("missing <".into(), i)));
            }
            i += 1;
            let start = i;
            while i < n && at(i) != Some(62) {
                i += 1;
            }
            let name: String = cps
                .get(start..i)
                .unwrap_or(&[])
                .iter()
                .filter_map(|&c| char::from_u32(c))
                .collect();
            if i >= n {
                if name.is_empty() {
                    return Err(err(vm, re_err("missing group name".into(), i)));
                }
                return Err(err(
                    vm,
                    re_err("missing >, unterminated name".into(), start),
                ));
            }
            i += 1;
            if name.is_empty() {
                return Err(err(vm, re_err("missing group name".into(), i - 1)));
            }
            let nl = name.chars().count();
            let index = if crate::unicode::is_identifier(&name) {
                match pat.code.names.iter().find(|(k, _)| *k == name) {
                    Some((_, g)) => *g,
                    None => {
                        return Err(PyErr::index_error(format!(
                            "unknown group name {}",
                            engine::parse::py_repr(&name)
                        )));
                    }
                }
            } else {
                let ok = name.chars().all(|c| c.is_ascii_digit());
                match name.parse::<usize>().ok().filter(|_| ok) {
                    Some(g) => g,
                    None => {
                        return Err(err(
                            vm,
                            re_err(
                                format!(
                                    "bad character in group name {}",
                                    engine::parse::py_repr(&name)
                                ),
                                i - nl - 1,
                            ),
                        ));
                    }
                }
            };
            if index > groups {
                return Err(err(
                    vm,
                    re_err(format!("invalid group reference {index}"), i - nl - 1),
                ));
            }
            add_group(&mut pieces, &mut lit, index);
        } else if dc == '0' {
            let mut v = 0u32;
            let mut k = 0;
            while k < 2 && is_oct(at(i)) {
                v = v * 8 + at(i).unwrap_or(48) - 48;
                i += 1;
                k += 1;
            }
            lit.push(v & 0xff);
        } else if dc.is_ascii_digit() {
            let start = i - 1;
            let mut text = dc.to_string();
            let mut octal = false;
            if is_digit(at(i)) {
                let e = at(i).unwrap_or(48);
                text.push(char::from_u32(e).unwrap_or('0'));
                i += 1;
                if is_oct(Some(d)) && is_oct(Some(e)) && is_oct(at(i)) {
                    text.push(char::from_u32(at(i).unwrap_or(48)).unwrap_or('0'));
                    i += 1;
                    octal = true;
                    let v = u32::from_str_radix(&text, 8).unwrap_or(0);
                    if v > 0o377 {
                        return Err(err(
                            vm,
                            re_err(
                                format!("octal escape value \\{text} outside of range 0-0o377"),
                                start - 1,
                            ),
                        ));
                    }
                    lit.push(v);
                }
            }
            if !octal {
                let g: usize = text.parse().unwrap_or(0);
                if g > groups {
                    return Err(err(
                        vm,
                        re_err(format!("invalid group reference {g}"), start),
                    ));
                }
                add_group(&mut pieces, &mut lit, g);
            }
        } else {
            let simple = match dc {
                'a' => Some(7),
                'b' => Some(8),
                'f' => Some(12),
                'n' => Some(10),
                'r' => Some(13),
                't' => Some(9),
                'v' => Some(11),
                '\\' => Some(92),
                _ => None,
            };
            match simple {
                Some(v) => lit.push(v),
                None if dc.is_ascii_alphabetic() => {
                    return Err(err(vm, re_err(format!("bad escape \\{dc}"), i - 2)));
                }
                None => {
                    lit.push(92);
                    lit.push(d);
                }
            }
        }
    }
    if !lit.is_empty() {
        pieces.push(Piece::Lit(lit));
    }
    Ok(pieces)
}

fn subx(vm: &mut Vm, args: Args<'_>, name: &'static str, with_count: bool) -> PyResult<Value> {
    let me = this_pattern(&args)?;
    let p = parse(&rest(&args), &csig(name, &["repl", "string", "count"], 2))?;
    let pat = pattern_of(&me)?;
    let repl = need(&p, 0);
    let string = need(&p, 1);
    let s = Rc::new(subject_for(pat, string)?);
    let count = match arg(&p, 2) {
        Some(v) => crate::stdlib::ssize_arg(vm, v)?,
        None => 0,
    };
    let callable = crate::ops::is_callable(repl);
    let mut repl_text = pat.istext;
    let template = if callable {
        None
    } else {
        let Some((istext, _)) = pattern_points(repl) else {
            return Err(PyErr::type_error(format!(
                "decoding to str: need a bytes-like object, {} found",
                repl.type_name()
            )));
        };
        repl_text = istext;
        Some(parse_template(vm, pat, repl)?)
    };
    let limit = if count <= 0 {
        usize::MAX
    } else {
        count as usize
    };
    let len = s.len();
    let all = if count < 0 {
        Vec::new()
    } else {
        run_all(&pat.code, &s, 0, len, limit)
    };
    let mut out: Vec<u32> = Vec::new();
    let mut last = 0;
    let n = all.len();
    // The index of the piece in CPython's list of pieces, and the first
    // piece of the wrong type (its join's error).
    let mut items = 0usize;
    let mut bad: Option<(usize, String)> = None;
    let wrong = |k: usize, t: &str| {
        if pat.istext {
            format!("sequence item {k}: expected str instance, {t} found")
        } else {
            format!("sequence item {k}: expected a bytes-like object, {t} found")
        }
    };
    for regs in all {
        let (a, b) = (
            regs.first().copied().unwrap_or(0),
            regs.get(1).copied().unwrap_or(0),
        );
        if a > last {
            items += 1;
        }
        s.code_points(last, a, &mut out);
        match &template {
            Some(pieces) => {
                if repl_text != pat.istext && bad.is_none() {
                    let t = if repl_text { "str" } else { "bytes" };
                    bad = Some((items, wrong(items, t)));
                }
                items += 1;
                for piece in pieces {
                    match piece {
                        Piece::Lit(v) => out.extend_from_slice(v),
                        Piece::Group(g) => {
                            let (x, y) = (
                                regs.get(2 * g).copied().unwrap_or(NONE),
                                regs.get(2 * g + 1).copied().unwrap_or(NONE),
                            );
                            if x != NONE && y != NONE {
                                s.code_points(x, y, &mut out);
                            }
                        }
                    }
                }
            }
            None => {
                let m = new_match(&me, string, s.clone(), 0, len, regs);
                let r = vm.call(repl, &[m])?;
                if matches!(r, Value::None) {
                    last = b;
                    continue;
                }
                if pat.istext {
                    match r.as_str() {
                        Some(t) => out.extend(t.chars().map(|c| c as u32)),
                        None if bad.is_none() => bad = Some((items, wrong(items, r.type_name()))),
                        None => {}
                    }
                } else {
                    match crate::bytes::buffer(&r) {
                        Some(b) => out.extend(b?.iter().map(|&c| u32::from(c))),
                        None if bad.is_none() => bad = Some((items, wrong(items, r.type_name()))),
                        None => {}
                    }
                }
                items += 1;
            }
        }
        last = b;
    }
    if let Some((_, msg)) = bad {
        return Err(PyErr::type_error(msg));
    }
    s.code_points(last, len, &mut out);
    let v = make_value(pat.istext, &out);
    Ok(if with_count {
        Value::tuple(vec![v, Value::Int(n as i64)])
    } else {
        v
    })
}

fn pat_sub(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    subx(vm, args, "sub", false)
}
fn pat_subn(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    subx(vm, args, "subn", true)
}

// ----- Match ------------------------------------------------------------------------

fn this_match(args: &Args<'_>) -> PyResult<ObjRef> {
    match args.pos.first() {
        Some(Value::Obj(o)) if o.is_type(&MATCH) => Ok(o.clone()),
        _ => Err(PyErr::type_error("descriptor requires a 're.Match' object")),
    }
}

fn match_of(o: &ObjRef) -> PyResult<&MatchObj> {
    o.downcast::<MatchObj>()
        .ok_or_else(|| PyErr::type_error("expected a re.Match object"))
}

/// The group number `v` names (`IndexError: no such group`).
fn group_index(vm: &mut Vm, m: &MatchObj, v: &Value) -> PyResult<usize> {
    let pat = m.pattern.downcast::<PatternObj>();
    let groups = pat.map_or(1, |p| p.code.groups);
    if let Some(name) = v.as_str() {
        if let Some(p) = pat
            && let Some((_, g)) = p.code.names.iter().find(|(k, _)| k == name)
        {
            return Ok(*g);
        }
        return Err(PyErr::index_error("no such group"));
    }
    if v.is_int() {
        let i = crate::stdlib::ssize_arg(vm, v).unwrap_or(-1);
        if i >= 0 && (i as usize) < groups {
            return Ok(i as usize);
        }
    }
    Err(PyErr::index_error("no such group"))
}

fn m_group(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = this_match(&args)?;
    args.no_kw("group")?;
    let m = match_of(&me)?;
    let idx = args.pos.get(1..).unwrap_or(&[]);
    if idx.is_empty() {
        return Ok(group_value(&m.subject, &m.regs, 0, &Value::None));
    }
    let mut out = Vec::with_capacity(idx.len());
    for v in idx {
        let g = group_index(vm, m, v)?;
        out.push(group_value(&m.subject, &m.regs, g, &Value::None));
    }
    if out.len() == 1 {
        return Ok(out.pop().unwrap_or(Value::None));
    }
    Ok(Value::tuple(out))
}

fn m_getitem(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = this_match(&args)?;
    let m = match_of(&me)?;
    let key = args.pos.get(1).unwrap_or(&Value::None);
    let g = group_index(vm, m, key)?;
    Ok(group_value(&m.subject, &m.regs, g, &Value::None))
}

fn m_groups(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = this_match(&args)?;
    let p = parse(&rest(&args), &csig("groups", &["default"], 0))?;
    let m = match_of(&me)?;
    let default = arg(&p, 0).cloned().unwrap_or(Value::None);
    let n = m
        .pattern
        .downcast::<PatternObj>()
        .map_or(1, |p| p.code.groups);
    Ok(Value::tuple(
        (1..n)
            .map(|g| group_value(&m.subject, &m.regs, g, &default))
            .collect(),
    ))
}

fn m_groupdict(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = this_match(&args)?;
    let p = parse(&rest(&args), &csig("groupdict", &["default"], 0))?;
    let m = match_of(&me)?;
    let default = arg(&p, 0).cloned().unwrap_or(Value::None);
    let d = DictObj::new_obj();
    if let (Some(dd), Some(pat)) = (d.downcast::<DictObj>(), m.pattern.downcast::<PatternObj>()) {
        for (name, g) in &pat.code.names {
            dd.set_str(name, group_value(&m.subject, &m.regs, *g, &default));
        }
    }
    Ok(Value::Obj(d))
}

fn span_of(vm: &mut Vm, args: &Args<'_>, name: &'static str) -> PyResult<(i64, i64)> {
    let me = this_match(args)?;
    let p = parse(&rest(args), &csig(name, &["group"], 0))?;
    let m = match_of(&me)?;
    let g = match arg(&p, 0) {
        Some(v) => group_index(vm, m, v)?,
        None => 0,
    };
    let conv = |x: usize| if x == NONE { -1 } else { x as i64 };
    Ok((
        conv(m.regs.get(2 * g).copied().unwrap_or(NONE)),
        conv(m.regs.get(2 * g + 1).copied().unwrap_or(NONE)),
    ))
}

fn m_start(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    span_of(vm, &args, "start").map(|(a, _)| Value::Int(a))
}
fn m_end(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    span_of(vm, &args, "end").map(|(_, b)| Value::Int(b))
}
fn m_span(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    span_of(vm, &args, "span").map(|(a, b)| Value::tuple(vec![Value::Int(a), Value::Int(b)]))
}

fn m_expand(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let me = this_match(&args)?;
    let p = parse(&rest(&args), &csig("expand", &["template"], 1))?;
    let m = match_of(&me)?;
    let pat = pattern_of(&m.pattern)?;
    let pieces = parse_template(vm, pat, need(&p, 0))?;
    let mut out = Vec::new();
    for piece in &pieces {
        match piece {
            Piece::Lit(v) => out.extend_from_slice(v),
            Piece::Group(g) => {
                let (x, y) = (
                    m.regs.get(2 * g).copied().unwrap_or(NONE),
                    m.regs.get(2 * g + 1).copied().unwrap_or(NONE),
                );
                if x != NONE && y != NONE {
                    m.subject.code_points(x, y, &mut out);
                }
            }
        }
    }
    Ok(make_value(pat.istext, &out))
}

// ----- hooks ------------------------------------------------------------------------

fn bound(o: &ObjRef, name: &'static str, f: NativeFn) -> Option<PyResult<Value>> {
    Some(Ok(Value::Obj(Builtin::new_obj(
        name,
        f,
        Some(Value::Obj(o.clone())),
    ))))
}

/// `o.name` for patterns and matches.
pub fn getattr(_vm: &mut Vm, o: &ObjRef, name: &str) -> Option<PyResult<Value>> {
    if let Some(p) = o.downcast::<PatternObj>() {
        return match name {
            "pattern" => Some(Ok(p.pattern.clone())),
            "flags" => Some(Ok(Value::Int(i64::from(p.code.flags)))),
            "groups" => Some(Ok(Value::Int(p.code.groups as i64 - 1))),
            "groupindex" => {
                let d = DictObj::new_obj();
                if let Some(dd) = d.downcast::<DictObj>() {
                    for (n, g) in &p.code.names {
                        dd.set_str(n, Value::Int(*g as i64));
                    }
                }
                Some(Ok(Value::Obj(d)))
            }
            "match" => bound(o, "match", pat_match),
            "search" => bound(o, "search", pat_search),
            "fullmatch" => bound(o, "fullmatch", pat_fullmatch),
            "findall" => bound(o, "findall", pat_findall),
            "finditer" => bound(o, "finditer", pat_finditer),
            "sub" => bound(o, "sub", pat_sub),
            "subn" => bound(o, "subn", pat_subn),
            "split" => bound(o, "split", pat_split),
            _ => None,
        };
    }
    if let Some(m) = o.downcast::<MatchObj>() {
        return match name {
            "string" => Some(Ok(m.string.clone())),
            "re" => Some(Ok(Value::Obj(m.pattern.clone()))),
            "pos" => Some(Ok(Value::Int(m.pos as i64))),
            "endpos" => Some(Ok(Value::Int(m.endpos as i64))),
            "lastindex" => Some(Ok(
                lastindex(m).map_or(Value::None, |g| Value::Int(g as i64))
            )),
            "lastgroup" => {
                let name = lastindex(m).and_then(|g| {
                    m.pattern
                        .downcast::<PatternObj>()?
                        .code
                        .names
                        .iter()
                        .find(|(_, x)| *x == g)
                        .map(|(n, _)| Value::str(n))
                });
                Some(Ok(name.unwrap_or(Value::None)))
            }
            "regs" => {
                let n = m
                    .pattern
                    .downcast::<PatternObj>()
                    .map_or(1, |p| p.code.groups);
                let conv = |x: usize| Value::Int(if x == NONE { -1 } else { x as i64 });
                Some(Ok(Value::tuple(
                    (0..n)
                        .map(|g| {
                            Value::tuple(vec![
                                conv(m.regs.get(2 * g).copied().unwrap_or(NONE)),
                                conv(m.regs.get(2 * g + 1).copied().unwrap_or(NONE)),
                            ])
                        })
                        .collect(),
                )))
            }
            "group" => bound(o, "group", m_group),
            "groups" => bound(o, "groups", m_groups),
            "groupdict" => bound(o, "groupdict", m_groupdict),
            "start" => bound(o, "start", m_start),
            "end" => bound(o, "end", m_end),
            "span" => bound(o, "span", m_span),
            "expand" => bound(o, "expand", m_expand),
            "__getitem__" => bound(o, "__getitem__", m_getitem),
            _ => None,
        };
    }
    None
}

fn lastindex(m: &MatchObj) -> Option<usize> {
    let n = m
        .pattern
        .downcast::<PatternObj>()
        .map_or(1, |p| p.code.groups);
    m.regs.get(2 * n).copied().filter(|&g| g != NONE)
}

/// `m[g]` for a match (`None`: not a match).
pub fn getitem(vm: &mut Vm, o: &ObjRef, key: &Value) -> Option<PyResult<Value>> {
    let m = o.downcast::<MatchObj>()?;
    Some(group_index(vm, m, key).map(|g| group_value(&m.subject, &m.regs, g, &Value::None)))
}

/// Whether `o` has a repr here.
pub fn has_repr(o: &ObjRef) -> bool {
    o.is_type(&PATTERN) || o.is_type(&MATCH)
}

/// `repr()` of patterns and matches.
pub fn repr(vm: &mut Vm, o: &ObjRef) -> Option<PyResult<String>> {
    if let Some(p) = o.downcast::<PatternObj>() {
        return Some((|| {
            let mut r = crate::ops::repr(vm, &p.pattern)?;
            if r.chars().count() > 200 {
                r = r.chars().take(200).collect();
            }
            let mut flags = p.code.flags;
            if p.istext && flags & (fl::LOCALE | fl::UNICODE | fl::ASCII) == fl::UNICODE {
                flags &= !fl::UNICODE;
            }
            if flags == 0 {
                return Ok(format!("re.compile({r})"));
            }
            let mut names = Vec::new();
            for (n, bit) in FLAG_NAMES {
                if flags & bit != 0 {
                    names.push(format!("re.{n}"));
                    flags &= !bit;
                }
            }
            if flags != 0 {
                names.push(format!("{flags:#x}"));
            }
            Ok(format!("re.compile({r}, {})", names.join("|")))
        })());
    }
    if let Some(m) = o.downcast::<MatchObj>() {
        return Some((|| {
            let g0 = group_value(&m.subject, &m.regs, 0, &Value::None);
            let r = crate::ops::repr(vm, &g0)?;
            // `%.50R`: the repr cut at 50 characters.
            let r: String = r.chars().take(50).collect();
            Ok(format!(
                "<re.Match object; span=({}, {}), match={r}>",
                m.regs.first().copied().unwrap_or(0),
                m.regs.get(1).copied().unwrap_or(0)
            ))
        })());
    }
    None
}

/// `a == b` / `a != b` for patterns.
pub fn richcompare(
    vm: &mut Vm,
    op: crate::bytecode::CmpOp,
    a: &Value,
    b: &Value,
) -> Option<PyResult<Value>> {
    use crate::bytecode::CmpOp;
    let pa = a.downcast::<PatternObj>();
    let pb = b.downcast::<PatternObj>();
    if pa.is_none() && pb.is_none() {
        return None;
    }
    if !matches!(op, CmpOp::Eq | CmpOp::Ne) {
        return None;
    }
    let eq = match (pa, pb) {
        (Some(x), Some(y)) => {
            x.istext == y.istext
                && x.code.flags == y.code.flags
                && match crate::ops::eq(vm, &x.pattern, &y.pattern) {
                    Ok(e) => e,
                    Err(e) => return Some(Err(e)),
                }
        }
        _ => false,
    };
    Some(Ok(Value::Bool(if op == CmpOp::Eq { eq } else { !eq })))
}

/// `hash(pattern)`: consistent with its `==` (the pattern, its type and
/// flags).
pub fn hash(o: &ObjRef) -> Option<PyResult<u64>> {
    let p = o.downcast::<PatternObj>()?;
    Some(
        crate::ops::hash_value(&p.pattern)
            .map(|h| h ^ u64::from(p.code.flags) ^ u64::from(!p.istext)),
    )
}

/// Whether two dict keys are equal patterns (`None`: not both patterns).
pub fn key_eq(a: &ObjRef, b: &ObjRef) -> Option<bool> {
    let (x, y) = (a.downcast::<PatternObj>()?, b.downcast::<PatternObj>()?);
    Some(
        x.istext == y.istext
            && x.code.flags == y.code.flags
            && crate::ops::key_eq(&x.pattern, &y.pattern),
    )
}

/// Calls `f` on the objects a pattern or match holds.
pub fn traverse(o: &ObjRef, f: &mut dyn FnMut(&ObjRef)) -> bool {
    if let Some(p) = o.downcast::<PatternObj>() {
        if let Value::Obj(x) = &p.pattern {
            f(x);
        }
        return true;
    }
    if let Some(m) = o.downcast::<MatchObj>() {
        if let Value::Obj(x) = &m.string {
            f(x);
        }
        f(&m.pattern);
        return true;
    }
    if let Some(it) = o.downcast::<FindIter>() {
        if let Value::Obj(x) = &it.string {
            f(x);
        }
        f(&it.pattern);
        return true;
    }
    false
}
