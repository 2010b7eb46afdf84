//! The program generator: a small typed grammar over Typhon's subset.
//!
//! Every expression is generated for a type ([`Ty`]) so that most
//! operations are meaningful, yet ill-typed combinations (which must raise
//! the same `TypeError` in both runtimes) still appear. Each top-level
//! statement runs inside `try`, prints its outcome with a label, and prints
//! `type(e).__name__, e` when it raises, so one divergence does not hide the
//! rest. Growth is bounded: loops run over small ranges or clamped
//! containers, and variables are clamped after every assignment.

/// A small deterministic PRNG (SplitMix64): the same seed gives the same
/// program on every machine, with no dependency.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5851_f42d_4c95_7f2d)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True once in `n` times on average.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next_u64() % ((hi - lo + 1) as u64)) as i64
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// What the generator may produce. The switches that default to off cover
/// areas where Typhon is known to differ from CPython (issue 24) and are
/// being fixed separately; turn them on once those fixes have landed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// NaN inside containers compared or searched (`[x] == [x]`, `x in l`,
    /// `l.index(x)`, sorting float lists): CPython compares by identity
    /// first. Off: float lists are never compared, searched or sorted, and
    /// tuples hold no floats.
    pub nan_in_containers: bool,
    /// Sorting with key functions that raise, and lists whose items do not
    /// compare (`[3, 'a'].sort()`): CPython keeps every element.
    pub raising_sort_keys: bool,
    /// Case mapping and character classes (`upper`, `title`, `isdigit`,
    /// no-argument `split`/`strip`, …) of non-ASCII text. Off: those
    /// methods only see ASCII strings.
    pub non_ascii_case: bool,
    /// `hash()` of floats, strings and tuples (CPython's exact values;
    /// never of None or NaN, which CPython hashes by address).
    /// Off: `hash()` only of ints.
    pub hash_values: bool,
    /// Recursion past the limit (`RecursionError`): CPython's message
    /// depends on which C-level check trips first (`... in comparison`).
    pub deep_recursion: bool,
    /// Functions the JIT compiles (numeric loops, see `jitgen`), each
    /// called from a loop with changing argument types: most top-level
    /// statements become such functions.
    pub jit_functions: bool,
    /// Some programs end with an uncaught exception or `sys.exit`, so
    /// tracebacks and exit statuses are compared too.
    pub uncaught: bool,
    /// Top-level statements per program (besides the prelude).
    pub statements: usize,
}

impl Options {
    /// The CI batch: everything except the areas known to diverge.
    pub fn ci() -> Options {
        Options {
            nan_in_containers: true,
            raising_sort_keys: true,
            non_ascii_case: true,
            hash_values: true,
            deep_recursion: false,
            jit_functions: false,
            uncaught: true,
            statements: 30,
        }
    }

    /// The JIT batch (`typhon-fuzz --jit`): the CI options with
    /// [`Options::jit_functions`] on, in shorter programs.
    pub fn jit() -> Options {
        Options {
            jit_functions: true,
            statements: 12,
            ..Options::ci()
        }
    }

    /// Everything on.
    pub fn all() -> Options {
        Options {
            nan_in_containers: true,
            raising_sort_keys: true,
            non_ascii_case: true,
            hash_values: true,
            deep_recursion: true,
            jit_functions: true,
            ..Options::ci()
        }
    }

    /// The names of the switches, for the command line.
    pub const SWITCHES: &'static [&'static str] = &[
        "nan_in_containers",
        "raising_sort_keys",
        "non_ascii_case",
        "hash_values",
        "deep_recursion",
        "jit_functions",
        "uncaught",
    ];

    /// Sets the switch `name`; an error names the unknown switch.
    pub fn set(&mut self, name: &str, on: bool) -> Result<(), String> {
        let slot = match name {
            "nan_in_containers" => &mut self.nan_in_containers,
            "raising_sort_keys" => &mut self.raising_sort_keys,
            "non_ascii_case" => &mut self.non_ascii_case,
            "hash_values" => &mut self.hash_values,
            "deep_recursion" => &mut self.deep_recursion,
            "jit_functions" => &mut self.jit_functions,
            "uncaught" => &mut self.uncaught,
            _ => {
                return Err(format!(
                    "unknown switch {name:?} (known: {})",
                    Options::SWITCHES.join(", ")
                ));
            }
        };
        *slot = on;
        Ok(())
    }
}

impl Default for Options {
    fn default() -> Options {
        Options::ci()
    }
}

/// A generated program: top-level chunks (each one complete statement,
/// possibly several lines), which the minimizer deletes one at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The statements, in order.
    pub chunks: Vec<String>,
}

impl Program {
    /// The program's source text.
    pub fn source(&self) -> String {
        let mut s = String::new();
        for c in &self.chunks {
            s.push_str(c);
            if !c.ends_with('\n') {
                s.push('\n');
            }
        }
        s
    }
}

/// The value types the grammar knows. `AStr` is a str known to be ASCII
/// (it may be used wherever `Str` is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    Int,
    Float,
    Bool,
    AStr,
    Str,
    LInt,
    LStr,
    LFloat,
    Tuple,
    Dict,
}

const ALL_TYS: &[Ty] = &[
    Ty::Int,
    Ty::Float,
    Ty::Bool,
    Ty::AStr,
    Ty::Str,
    Ty::LInt,
    Ty::LStr,
    Ty::LFloat,
    Ty::Tuple,
    Ty::Dict,
];

/// The global variables: name and type. Each is set by the prelude, so it
/// always exists, and is only ever assigned values of its type.
const GLOBALS: &[(&str, Ty)] = &[
    ("i0", Ty::Int),
    ("i1", Ty::Int),
    ("i2", Ty::Int),
    ("f0", Ty::Float),
    ("f1", Ty::Float),
    ("b0", Ty::Bool),
    ("a0", Ty::AStr),
    ("a1", Ty::AStr),
    ("s0", Ty::Str),
    ("s1", Ty::Str),
    ("li0", Ty::LInt),
    ("li1", Ty::LInt),
    ("ls0", Ty::LStr),
    ("lf0", Ty::LFloat),
    ("t0", Ty::Tuple),
    ("d0", Ty::Dict),
];

const INT_EDGES: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "3",
    "7",
    "10",
    "-10",
    "255",
    "256",
    "1000",
    "2147483647",
    "-2147483648",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "-18446744073709551616",
    "12345678901234567890123456789",
    "(-(10 ** 30))",
    "(2 ** 100)",
    "(-(3 ** 90))",
    "True",
    "False",
];

const FLOAT_EDGES: &[&str] = &[
    "0.0",
    "-0.0",
    "1.0",
    "-1.5",
    "0.1",
    "0.5",
    "2.5",
    "3.14159",
    "1e16",
    "1e-05",
    "123456789.125",
    "1e308",
    "-1e308",
    "1.7976931348623157e308",
    "2.2250738585072014e-308",
    "1e-320",
    "5e-324",
    "1e22",
    "9007199254740993.0",
    "float('inf')",
    "float('-inf')",
    "float('nan')",
    "(0.1 + 0.2)",
    "(1 / 3)",
];

const ASCII_STRS: &[&str] = &[
    "",
    "a",
    "abc",
    "Hello World",
    "  padded  ",
    "a,b,,c",
    "42",
    "-7",
    "3.14",
    "1_000",
    "0x1f",
    " 12 ",
    "inf",
    "nan",
    "hello world foo",
    "MiXeD cAsE",
    "x-y-z",
    "tab\there",
    "line\nbreak",
    "it's",
    "back\\slash",
    "1e5",
    "--",
];

const UNICODE_STRS: &[&str] = &[
    "é",
    "naïve café",
    "Σίσυφος",
    "ΣΑΣ",
    "straße",
    "日本語テキスト",
    "🐍 snake",
    "ǅemal",
    "İstanbul",
    "ﬁne",
    "Ⅻ",
    "\u{345}",
    "٣٤",
    "\u{2003}em space\u{2003}",
    "\u{0}nul",
    "a\u{301}",
    "ŉ",
    "ᾳ",
];

const SPECS_INT: &[&str] = &[
    "d", "5d", "+d", "-d", " d", ",", "_", "x", "#x", "X", "o", "#o", "b", "#b", "08d", ">8", "<8",
    "^9", "*^9", "e", ".2f", "%", "c", "n", "+,", "_x", "=+10", "0=8", "",
];

const SPECS_FLOAT: &[&str] = &[
    "f", ".2f", ".0f", "e", ".3e", "E", "g", ".10g", "G", "%", ".1%", ",", "_.3f", "+.1f",
    "010.3f", ">12", "<12.4", "^12", "*>10.2f", "#.0f", ".0e", "d", "x", "", ".15g", ".17g",
    "=+12.2f", "n",
];

const SPECS_STR: &[&str] = &["s", ">10", "<10", "^9", "*^9", ".2", "10.3", "d", "", "=10"];

/// One user function: how to call it and what it returns.
#[derive(Clone, Debug)]
struct Func {
    name: String,
    /// Parameter names and types; the first `required` have no default.
    params: Vec<(String, Ty)>,
    required: usize,
    star: bool,
    ret: Ty,
}

/// The generator's state for one program.
struct Gen<'o> {
    rng: Rng,
    opts: &'o Options,
    label: u32,
    funcs: Vec<Func>,
    /// Names visible for reading, with their types (globals, then locals).
    env: Vec<(String, Ty)>,
    /// Inside a function body (so `return` and `global` are allowed).
    in_func: bool,
    /// Generating an f-string replacement field: no string literals
    /// (3.11 forbids backslashes and the enclosing quote there).
    in_fstring: bool,
    fresh: u32,
    /// The JIT functions defined so far (see `jitgen`).
    jit_funcs: Vec<String>,
}

/// The program for `seed` under `opts`; the same inputs always give the
/// same program.
pub fn generate(seed: u64, opts: &Options) -> Program {
    let mut g = Gen {
        rng: Rng::new(seed),
        opts,
        label: 0,
        funcs: Vec::new(),
        env: GLOBALS.iter().map(|(n, t)| ((*n).to_owned(), *t)).collect(),
        in_func: false,
        in_fstring: false,
        fresh: 0,
        jit_funcs: Vec::new(),
    };
    let mut chunks = vec!["import sys".to_owned()];
    for (name, ty) in GLOBALS {
        let e = g.literal(*ty);
        chunks.push(format!("{name} = {e}"));
    }
    for _ in 0..opts.statements {
        chunks.push(g.top_statement());
    }
    if opts.uncaught && g.rng.one_in(4) {
        chunks.push(g.uncaught_ending());
    }
    Program { chunks }
}

/// `s` as a Python single-quoted literal.
fn py_str(s: impl AsRef<str>) -> String {
    let s = s.as_ref();
    let mut out = String::from("'");
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// Indents every line of `lines` by four spaces.
fn indent(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .flat_map(|l| l.lines().map(|x| format!("    {x}")).collect::<Vec<_>>())
        .collect()
}

impl Gen<'_> {
    fn next_label(&mut self) -> u32 {
        self.label += 1;
        self.label
    }

    fn fresh_name(&mut self, prefix: &str) -> String {
        self.fresh += 1;
        format!("{prefix}{}", self.fresh)
    }

    /// A visible variable of type `t` (an `AStr` one also serves `Str`).
    fn var(&mut self, t: Ty) -> Option<String> {
        let names: Vec<&String> = self
            .env
            .iter()
            .filter(|(_, vt)| *vt == t || (t == Ty::Str && *vt == Ty::AStr))
            .map(|(n, _)| n)
            .collect();
        if names.is_empty() {
            None
        } else {
            Some(names[self.rng.below(names.len())].clone())
        }
    }

    fn small_int(&mut self) -> String {
        match self.rng.below(8) {
            0 => "(i0 % 5)".to_owned(),
            1 => "len(li0)".to_owned(),
            2 => "-1".to_owned(),
            _ => self.rng.range(-4, 9).to_string(),
        }
    }

    fn ascii_lit(&mut self) -> String {
        py_str(self.rng.pick(ASCII_STRS))
    }

    fn str_lit(&mut self) -> String {
        if self.rng.one_in(2) {
            self.ascii_lit()
        } else {
            py_str(self.rng.pick(UNICODE_STRS))
        }
    }

    /// A constant (or, in an f-string, a variable) of type `t`.
    fn literal(&mut self, t: Ty) -> String {
        if self.in_fstring
            && matches!(
                t,
                Ty::AStr | Ty::Str | Ty::LStr | Ty::Dict | Ty::Tuple | Ty::LFloat
            )
        {
            return self.var(t).unwrap_or_else(|| "i0".to_owned());
        }
        match t {
            Ty::Int => {
                if self.rng.one_in(2) {
                    self.rng.range(-20, 100).to_string()
                } else {
                    self.rng.pick(INT_EDGES).to_string()
                }
            }
            Ty::Float => self.rng.pick(FLOAT_EDGES).to_string(),
            Ty::Bool => self.rng.pick(&["True", "False"]).to_string(),
            Ty::AStr => self.ascii_lit(),
            Ty::Str => self.str_lit(),
            Ty::LInt => self.list_lit(Ty::Int),
            Ty::LStr => self.list_lit(Ty::Str),
            Ty::LFloat => self.list_lit(Ty::Float),
            Ty::Tuple => {
                let n = self.rng.below(4);
                let items: Vec<String> = (0..n).map(|_| self.tuple_item(0)).collect();
                match n {
                    1 => format!("({},)", items[0]),
                    _ => format!("({})", items.join(", ")),
                }
            }
            Ty::Dict => {
                let n = self.rng.below(4);
                let items: Vec<String> = (0..n)
                    .map(|_| {
                        let k = self.str_lit();
                        let v = self.literal(Ty::Int);
                        format!("{k}: {v}")
                    })
                    .collect();
                format!("{{{}}}", items.join(", "))
            }
        }
    }

    fn list_lit(&mut self, elem: Ty) -> String {
        let n = self.rng.below(6);
        let items: Vec<String> = (0..n).map(|_| self.literal(elem)).collect();
        format!("[{}]", items.join(", "))
    }

    /// An element of a tuple: no floats unless NaN in containers is on.
    fn tuple_item(&mut self, d: u32) -> String {
        let mut choices = vec![Ty::Int, Ty::AStr, Ty::Str, Ty::Bool, Ty::LInt];
        if self.opts.nan_in_containers {
            choices.push(Ty::Float);
        }
        let t = *self.rng.pick(&choices);
        if self.rng.one_in(6) {
            return "None".to_owned();
        }
        self.expr(t, d)
    }

    /// A leaf: a variable or a constant.
    fn leaf(&mut self, t: Ty) -> String {
        if self.rng.one_in(2)
            && let Some(v) = self.var(t)
        {
            return v;
        }
        self.literal(t)
    }

    /// A function of type `t`, if one exists: a call of it.
    fn call_of(&mut self, t: Ty, d: u32) -> Option<String> {
        let cands: Vec<Func> = self.funcs.iter().filter(|f| f.ret == t).cloned().collect();
        if cands.is_empty() {
            return None;
        }
        let f = self.rng.pick(&cands).clone();
        Some(self.call(&f, d))
    }

    /// A call of `f`: mostly with fitting arguments, sometimes by keyword,
    /// sometimes with the wrong number (a `TypeError`).
    fn call(&mut self, f: &Func, d: u32) -> String {
        let total = f.params.len();
        let mut args = Vec::new();
        if self.rng.one_in(5) && total > 0 {
            // by keyword, in some order
            let n = self.rng.range(f.required as i64, total as i64) as usize;
            let mut idx: Vec<usize> = (0..n).collect();
            if self.rng.one_in(2) {
                idx.reverse();
            }
            for i in idx {
                let (p, t) = f.params[i].clone();
                let e = self.expr(t, d);
                args.push(format!("{p}={e}"));
            }
            if self.rng.one_in(8) {
                args.push("zz=1".to_owned());
            }
            if self.rng.one_in(8)
                && total > 0
                && !args
                    .iter()
                    .any(|a| a.starts_with(&format!("{}=", f.params[0].0)))
            {
                // the first parameter both by position and by keyword
                let (p, t) = f.params[0].clone();
                let e = self.expr(t, d);
                args.insert(0, e);
                args.push(format!("{p}=0"));
            }
            return format!("{}({})", f.name, args.join(", "));
        }
        let mut n = self.rng.range(f.required as i64, total as i64) as usize;
        if self.rng.one_in(12) {
            n = if n > 0 && self.rng.one_in(2) {
                n - 1
            } else {
                n + 1
            };
        }
        for i in 0..n {
            let t = f.params.get(i).map_or(Ty::Int, |p| p.1);
            args.push(self.expr(t, d));
        }
        if f.star && n == total {
            for _ in 0..self.rng.below(3) {
                args.push(self.expr(Ty::Int, 0));
            }
        }
        format!("{}({})", f.name, args.join(", "))
    }

    /// An expression of type `t` with nesting at most `d`.
    fn expr(&mut self, t: Ty, d: u32) -> String {
        if d == 0 || self.rng.one_in(4) {
            return self.leaf(t);
        }
        let d1 = d - 1;
        if self.rng.one_in(14) {
            let c = self.expr(Ty::Bool, d1);
            let a = self.expr(t, d1);
            let b = self.expr(t, d1);
            return format!("({a} if {c} else {b})");
        }
        if self.rng.one_in(10)
            && !self.in_fstring
            && let Some(c) = self.call_of(t, d1)
        {
            return c;
        }
        match t {
            Ty::Int => self.int_expr(d1),
            Ty::Float => self.float_expr(d1),
            Ty::Bool => self.bool_expr(d1),
            Ty::AStr => self.astr_expr(d1),
            Ty::Str => self.str_expr(d1),
            Ty::LInt => self.lint_expr(d1),
            Ty::LStr => self.lstr_expr(d1),
            Ty::LFloat => self.lfloat_expr(d1),
            Ty::Tuple => self.tuple_expr(d1),
            Ty::Dict => self.dict_expr(d1),
        }
    }

    fn int_expr(&mut self, d: u32) -> String {
        match self.rng.below(17) {
            0 | 1 => {
                let op = self.rng.pick(&["+", "-", "*", "+", "-"]);
                let a = self.expr(Ty::Int, d);
                let b = self.expr(Ty::Int, d);
                format!("({a} {op} {b})")
            }
            2 => {
                let op = self.rng.pick(&["//", "%"]);
                let a = self.expr(Ty::Int, d);
                let b = self.expr(Ty::Int, d);
                format!("({a} {op} {b})")
            }
            3 => {
                let a = self.expr(Ty::Int, d);
                let k = self.rng.range(0, 5);
                if self.rng.one_in(3) {
                    let m = self.expr(Ty::Int, d);
                    format!("pow({a}, {k}, {m})")
                } else {
                    format!("({a} ** {k})")
                }
            }
            4 => {
                let a = self.expr(Ty::Int, d);
                let op = self.rng.pick(&["<<", ">>"]);
                let k = self
                    .rng
                    .pick(&["0", "1", "3", "7", "31", "63", "64", "70", "-1"]);
                format!("({a} {op} {k})")
            }
            5 => {
                let op = self.rng.pick(&["&", "|", "^"]);
                let a = self.expr(Ty::Int, d);
                let b = self.expr(Ty::Int, d);
                format!("({a} {op} {b})")
            }
            6 => {
                let a = self.expr(Ty::Int, d);
                let f = self.rng.pick(&["-", "~", "+", "abs", "int", "round"]);
                if f.len() == 1 {
                    format!("({f}{a})")
                } else {
                    format!("{f}({a})")
                }
            }
            7 => {
                let t =
                    *self
                        .rng
                        .pick(&[Ty::Str, Ty::LInt, Ty::LStr, Ty::LFloat, Ty::Tuple, Ty::Dict]);
                let a = self.expr(t, d);
                format!("len({a})")
            }
            8 => match self.rng.below(5) {
                0 => {
                    let f = self.expr(Ty::Float, d);
                    format!("int({f})")
                }
                1 => {
                    let s = self.leaf(Ty::Str);
                    format!("int({s})")
                }
                2 => {
                    let s = self.leaf(Ty::AStr);
                    let b = self.rng.pick(&["0", "2", "8", "16", "36", "1", "37"]);
                    format!("int({s}, {b})")
                }
                3 => {
                    let f = self.expr(Ty::Float, d);
                    if self.rng.one_in(2) {
                        format!("round({f})")
                    } else {
                        let k = self.rng.range(-3, 3);
                        format!("round({}, {k})", self.expr(Ty::Int, d))
                    }
                }
                _ => {
                    let f = self.expr(Ty::Float, d);
                    format!("int({f} // 1)")
                }
            },
            9 => {
                let f = self.rng.pick(&["sum", "min", "max", "len"]);
                let l = self.expr(Ty::LInt, d);
                if *f != "sum" && *f != "len" && self.rng.one_in(3) {
                    let dflt = self.literal(Ty::Int);
                    format!("{f}({l}, default={dflt})")
                } else if (*f == "min" || *f == "max") && self.rng.one_in(4) {
                    let k = self.int_key();
                    format!("{f}({l}, key={k})")
                } else {
                    format!("{f}({l})")
                }
            }
            10 => {
                let a = self.expr(Ty::Int, d);
                let b = self.expr(Ty::Int, d);
                let f = self.rng.pick(&["min", "max"]);
                format!("{f}({a}, {b})")
            }
            11 => {
                let i = self.small_int();
                match self.rng.below(3) {
                    0 => format!("{}[{i}]", self.expr(Ty::LInt, d)),
                    1 => format!("d0[{}]", self.leaf(Ty::Str)),
                    _ => {
                        let k = self.leaf(Ty::Str);
                        let v = self.leaf(Ty::Int);
                        format!("d0.get({k}, {v})")
                    }
                }
            }
            12 => {
                let s = self.expr(Ty::Str, d);
                let sub = self.leaf(Ty::Str);
                let m = self.rng.pick(&["find", "rfind", "count", "index"]);
                format!("{s}.{m}({sub})")
            }
            13 => {
                let l = self.expr(Ty::LInt, d);
                let x = self.leaf(Ty::Int);
                let m = self.rng.pick(&["index", "count"]);
                format!("{l}.{m}({x})")
            }
            14 => {
                let s = self.expr(Ty::Str, d);
                let i = self.small_int();
                format!("ord({s}[{i}])")
            }
            15 => {
                let a = self.expr(Ty::Int, d);
                let b = self.expr(Ty::Int, d);
                let k = self.rng.below(2);
                format!("divmod({a}, {b})[{k}]")
            }
            _ => {
                if self.opts.hash_values && self.rng.one_in(3) {
                    // CPython hashes None and NaN by address, which no
                    // other implementation can reproduce: leave them out.
                    return match self.rng.below(3) {
                        0 => format!(
                            "(lambda v: hash(v) if v == v else 0)({})",
                            self.expr(Ty::Float, d)
                        ),
                        1 => format!("hash({})", self.expr(Ty::Str, d)),
                        _ => format!(
                            "hash(({}, {}, {}))",
                            self.expr(Ty::Str, d),
                            self.expr(Ty::Int, d),
                            self.expr(Ty::Bool, d)
                        ),
                    };
                }
                let a = self.expr(Ty::Int, d);
                if self.rng.one_in(2) {
                    format!("hash({a})")
                } else {
                    let b = self.expr(Ty::Bool, d);
                    format!("({b} + {a})")
                }
            }
        }
    }

    fn num(&mut self, d: u32) -> String {
        if self.rng.one_in(2) {
            self.expr(Ty::Float, d)
        } else {
            self.expr(Ty::Int, d)
        }
    }

    fn float_expr(&mut self, d: u32) -> String {
        match self.rng.below(11) {
            0 | 1 => {
                let op = self.rng.pick(&["+", "-", "*"]);
                let a = self.expr(Ty::Float, d);
                let b = self.num(d);
                format!("({a} {op} {b})")
            }
            2 | 3 => {
                let op = self.rng.pick(&["/", "//", "%", "/"]);
                let a = self.num(d);
                let b = self.num(d);
                let a = if op.len() == 1 && self.rng.one_in(2) {
                    a
                } else {
                    format!("float({a})")
                };
                format!("({a} {op} {b})")
            }
            4 => {
                let a = self.expr(Ty::Float, d);
                let k = self.rng.pick(&["0", "1", "2", "3", "-1", "-2", "10"]);
                format!("({a} ** {k})")
            }
            5 => {
                if self.rng.one_in(2) {
                    format!("float({})", self.expr(Ty::Int, d))
                } else {
                    format!("float({})", self.leaf(Ty::Str))
                }
            }
            6 => {
                let a = self.expr(Ty::Float, d);
                match self.rng.below(4) {
                    0 => format!("abs({a})"),
                    1 => format!("(-{a})"),
                    2 => format!("round({a}, {})", self.rng.range(-3, 6)),
                    _ => format!("max({a}, {})", self.num(d)),
                }
            }
            7 => {
                let l = self.expr(Ty::LFloat, d);
                if self.rng.one_in(2) {
                    format!("sum({l})")
                } else {
                    format!("{l}[{}]", self.small_int())
                }
            }
            8 => {
                let a = self.expr(Ty::Int, d);
                let b = self.expr(Ty::Int, d);
                format!("({a} / {b})")
            }
            9 => {
                let a = self.num(d);
                let b = self.expr(Ty::Float, d);
                format!("divmod({a}, {b})[{}]", self.rng.below(2))
            }
            _ => {
                let a = self.expr(Ty::Float, d);
                let b = self.expr(Ty::Float, d);
                format!("min({a}, {b})")
            }
        }
    }

    /// A comparison operand pair of one kind, with a NaN-safe choice of
    /// containers.
    fn bool_expr(&mut self, d: u32) -> String {
        let cmp = *self.rng.pick(&["<", "<=", "==", "!=", ">", ">="]);
        match self.rng.below(12) {
            0 | 1 => {
                let a = self.num(d);
                let b = self.num(d);
                if self.rng.one_in(4) {
                    let c = self.num(d);
                    format!("({a} {cmp} {b} < {c})")
                } else {
                    format!("({a} {cmp} {b})")
                }
            }
            2 => {
                let a = self.expr(Ty::Str, d);
                let b = self.expr(Ty::Str, d);
                format!("({a} {cmp} {b})")
            }
            3 => {
                // mixed kinds: equality is False, ordering a TypeError
                let a = self.expr(Ty::Str, d);
                let bt = *self.rng.pick(&[Ty::Int, Ty::LInt, Ty::Tuple]);
                let b = self.expr(bt, d);
                format!("({a} {cmp} {b})")
            }
            4 => {
                let a = self.expr(Ty::Bool, d);
                let b = self.expr(Ty::Bool, d);
                match self.rng.below(3) {
                    0 => format!("(not {a})"),
                    1 => format!("({a} and {b})"),
                    _ => format!("({a} or {b})"),
                }
            }
            5 => match self.rng.below(5) {
                0 => format!("({} in {})", self.expr(Ty::Int, d), self.expr(Ty::LInt, d)),
                1 => format!("({} in {})", self.expr(Ty::Str, d), self.expr(Ty::Str, d)),
                2 => format!("({} in d0)", self.expr(Ty::Str, d)),
                3 => format!(
                    "({} not in {})",
                    self.expr(Ty::Str, d),
                    self.expr(Ty::LStr, d)
                ),
                _ => {
                    if self.opts.nan_in_containers {
                        format!(
                            "({} in {})",
                            self.expr(Ty::Float, d),
                            self.expr(Ty::LFloat, d)
                        )
                    } else {
                        format!("({} in {})", self.expr(Ty::Int, d), self.expr(Ty::Tuple, d))
                    }
                }
            },
            6 => {
                let t = *self.rng.pick(ALL_TYS);
                let x = self.expr(t, d);
                let ty = self.rng.pick(&[
                    "int",
                    "float",
                    "str",
                    "bool",
                    "list",
                    "tuple",
                    "dict",
                    "(int, float)",
                    "(str, list)",
                ]);
                format!("isinstance({x}, {ty})")
            }
            7 => {
                let s = if self.opts.non_ascii_case {
                    self.expr(Ty::Str, d)
                } else {
                    self.expr(Ty::AStr, d)
                };
                let m = self.rng.pick(&["isdigit", "isalpha", "isspace", "isalnum"]);
                format!("{s}.{m}()")
            }
            8 => {
                let s = self.expr(Ty::Str, d);
                let m = self.rng.pick(&["startswith", "endswith"]);
                let p = if self.rng.one_in(4) && !self.in_fstring {
                    format!("({}, {})", self.str_lit(), self.str_lit())
                } else {
                    self.leaf(Ty::Str)
                };
                format!("{s}.{m}({p})")
            }
            9 => match self.rng.below(4) {
                0 => format!("{}.is_integer()", self.expr(Ty::Float, d)),
                1 => format!("any({})", self.expr(Ty::LInt, d)),
                2 => format!("all({})", self.expr(Ty::LInt, d)),
                _ => {
                    let t = *self.rng.pick(ALL_TYS);
                    format!("bool({})", self.expr(t, d))
                }
            },
            10 => {
                let mut kinds = vec![Ty::LInt, Ty::LStr, Ty::Dict];
                if self.opts.nan_in_containers {
                    kinds.push(Ty::LFloat);
                    kinds.push(Ty::Tuple);
                }
                let t = *self.rng.pick(&kinds);
                let a = self.expr(t, d);
                let b = self.expr(t, d);
                let op = if t == Ty::Dict {
                    *self.rng.pick(&["==", "!="])
                } else {
                    cmp
                };
                format!("({a} {op} {b})")
            }
            _ => {
                let a = self.expr(Ty::Tuple, d);
                let b = self.expr(Ty::Tuple, d);
                let op = self.rng.pick(&["==", "!=", "<"]);
                format!("({a} {op} {b})")
            }
        }
    }

    fn astr_expr(&mut self, d: u32) -> String {
        match self.rng.below(11) {
            0 => {
                let a = self.expr(Ty::AStr, d);
                let b = self.expr(Ty::AStr, d);
                format!("({a} + {b})")
            }
            1 => {
                let a = self.expr(Ty::AStr, d);
                let k = self.rng.range(-1, 4);
                format!("({a} * {k})")
            }
            2 => self.slice_of(Ty::AStr, d),
            3 => {
                let f = self.rng.pick(&["str", "repr", "str", "hex", "bin", "oct"]);
                let x = if f.len() == 3 && f.starts_with(['h', 'b', 'o']) {
                    self.expr(Ty::Int, d)
                } else {
                    self.num(d)
                };
                format!("{f}({x})")
            }
            4 => self.format_num(d),
            5 => {
                let s = self.expr(Ty::AStr, d);
                self.str_method(s, true, d)
            }
            6 => {
                let l = self.expr(Ty::LInt, d);
                let sep = self.rng.pick(&["'-'", "', '", "''"]);
                format!("{sep}.join([str(x) for x in {l}])")
            }
            7 => format!("chr({})", self.rng.range(32, 126)),
            8 => format!("repr({})", self.expr(Ty::LInt, d)),
            9 if !self.in_fstring => self.fstring(d, true),
            _ => {
                let s = self.expr(Ty::AStr, d);
                let sep = self.rng.pick(&["','", "' '", "'-'"]);
                format!("{s}.split({sep})[{}]", self.small_int())
            }
        }
    }

    fn str_expr(&mut self, d: u32) -> String {
        match self.rng.below(11) {
            0 | 1 => {
                let a = self.expr(Ty::Str, d);
                let b = self.expr(Ty::Str, d);
                format!("({a} + {b})")
            }
            2 => {
                let a = self.expr(Ty::Str, d);
                let k = self.rng.range(-1, 3);
                format!("({k} * {a})")
            }
            3 => self.slice_of(Ty::Str, d),
            4 => {
                let t = *self.rng.pick(ALL_TYS);
                let f = self.rng.pick(&["repr", "str"]);
                format!("{f}({})", self.expr(t, d))
            }
            5 | 6 => {
                let s = self.expr(Ty::Str, d);
                self.str_method(s, self.opts.non_ascii_case, d)
            }
            7 => {
                let l = self.expr(Ty::LStr, d);
                let sep = self.leaf(Ty::Str);
                format!("{sep}.join({l})")
            }
            8 => {
                let s = self.expr(Ty::Str, d);
                let sep = self.leaf(Ty::Str);
                format!("{s}.split({sep})[{}]", self.small_int())
            }
            9 if !self.in_fstring => self.fstring(d, false),
            _ => {
                let s = self.expr(Ty::Str, d);
                let spec = py_str(self.rng.pick(SPECS_STR));
                format!("format({s}, {spec})")
            }
        }
    }

    /// A method call on the str `s` returning a str. `cased`: methods
    /// whose result depends on Unicode case tables or character classes
    /// are allowed.
    fn str_method(&mut self, s: String, cased: bool, d: u32) -> String {
        let k = self.rng.below(if cased { 12 } else { 8 });
        match k {
            0 => {
                let m = self.rng.pick(&["strip", "lstrip", "rstrip"]);
                format!("{s}.{m}({})", self.leaf(Ty::AStr))
            }
            1 => {
                let a = self.leaf(Ty::Str);
                let b = self.leaf(Ty::Str);
                if self.rng.one_in(3) {
                    format!("{s}.replace({a}, {b}, {})", self.small_int())
                } else {
                    format!("{s}.replace({a}, {b})")
                }
            }
            2..=4 => {
                let m = self.rng.pick(&["ljust", "rjust", "center"]);
                let w = self.rng.range(-2, 14);
                if self.rng.one_in(2) && !self.in_fstring {
                    let fill = py_str(self.rng.pick(&["*", "-", "é", "ab", "0"]));
                    format!("{s}.{m}({w}, {fill})")
                } else {
                    format!("{s}.{m}({w})")
                }
            }
            5 => format!("{s}.zfill({})", self.rng.range(-1, 12)),
            6 => {
                let i = self.small_int();
                let _ = d;
                format!("{s}[{i}]")
            }
            7 => format!("{s}[::-1]"),
            8 => {
                let m = self.rng.pick(&["upper", "lower", "title", "capitalize"]);
                format!("{s}.{m}()")
            }
            9 => {
                let m = self.rng.pick(&["strip", "lstrip", "rstrip"]);
                format!("{s}.{m}()")
            }
            10 => format!("' '.join({s}.split())"),
            _ => format!("{s}.split()[{}]", self.small_int()),
        }
    }

    fn slice_of(&mut self, t: Ty, d: u32) -> String {
        let s = self.expr(t, d);
        let mut part = || -> String {
            if self.rng.one_in(3) {
                String::new()
            } else {
                self.rng.range(-6, 8).to_string()
            }
        };
        let (a, b) = (part(), part());
        match self.rng.below(4) {
            0 => {
                let c = self.rng.pick(&["1", "2", "-1", "-2", "3", "0"]);
                format!("{s}[{a}:{b}:{c}]")
            }
            _ => format!("{s}[{a}:{b}]"),
        }
    }

    /// `format()` of a number with a random spec (mismatched specs raise
    /// `ValueError`).
    fn format_num(&mut self, d: u32) -> String {
        if self.rng.one_in(2) {
            let x = self.expr(Ty::Int, d);
            let spec = py_str(self.rng.pick(SPECS_INT));
            format!("format({x}, {spec})")
        } else {
            let x = self.expr(Ty::Float, d);
            let spec = py_str(self.rng.pick(SPECS_FLOAT));
            format!("format({x}, {spec})")
        }
    }

    /// An f-string; `ascii`: only numbers and ASCII text inside.
    fn fstring(&mut self, d: u32, ascii: bool) -> String {
        let saved = self.in_fstring;
        self.in_fstring = true;
        let mut s = String::from("f\"");
        for _ in 0..self.rng.range(1, 3) {
            let text = self.rng.pick(&["", "x=", " | ", "<", "é:", "{{}}"]);
            if ascii && text.contains('é') {
                s.push_str("e:");
            } else {
                s.push_str(text);
            }
            let (val, specs): (String, &[&str]) = match self.rng.below(4) {
                0 => (self.expr(Ty::Int, d.min(1)), SPECS_INT),
                1 => (self.expr(Ty::Float, d.min(1)), SPECS_FLOAT),
                2 if !ascii => (self.expr(Ty::Str, d.min(1)), SPECS_STR),
                _ => (self.expr(Ty::AStr, d.min(1)), SPECS_STR),
            };
            s.push('{');
            s.push_str(&val);
            if self.rng.one_in(4) {
                let convs: &[&str] = if ascii { &["!s"] } else { &["!r", "!s"] };
                let conv: &&str = self.rng.pick(convs);
                s.push_str(conv);
            }
            if self.rng.one_in(2) {
                s.push(':');
                let spec: &&str = self.rng.pick(specs);
                s.push_str(spec);
            }
            s.push('}');
        }
        s.push('"');
        self.in_fstring = saved;
        s
    }

    /// A key function for ints (one that may raise only if allowed).
    fn int_key(&mut self) -> String {
        let mut keys = vec![
            "abs",
            "str",
            "(lambda x: -x)",
            "(lambda x: (x % 3, x))",
            "(lambda x: x * x)",
            "(lambda x: -abs(x))",
        ];
        if self.opts.raising_sort_keys {
            keys.extend([
                "(lambda x: 1 // (x - 3))",
                "(lambda x: [0, 1][x])",
                "(lambda x: 'a' if x > 5 else x)",
            ]);
        }
        self.rng.pick(&keys).to_string()
    }

    fn sorted_of(&mut self, t: Ty, d: u32) -> String {
        let l = self.expr(t, d);
        let mut args = vec![l];
        if self.rng.one_in(2) {
            let k = match t {
                Ty::LStr => self
                    .rng
                    .pick(&["len", "(lambda s: s[::-1])", "repr"])
                    .to_string(),
                _ => self.int_key(),
            };
            args.push(format!("key={k}"));
        }
        if self.rng.one_in(3) {
            args.push(format!("reverse={}", self.literal(Ty::Bool)));
        }
        format!("sorted({})", args.join(", "))
    }

    fn lint_expr(&mut self, d: u32) -> String {
        match self.rng.below(12) {
            0 => {
                let a = self.rng.range(-5, 5);
                let b = self.rng.range(-5, 12);
                match self.rng.below(3) {
                    0 => format!("list(range({b}))"),
                    1 => format!("list(range({a}, {b}))"),
                    _ => format!(
                        "list(range({a}, {b}, {}))",
                        self.rng.pick(&["1", "2", "-1", "3", "0"])
                    ),
                }
            }
            1 => self.sorted_of(Ty::LInt, d),
            2 => self.slice_of(Ty::LInt, d),
            3 => {
                let a = self.expr(Ty::LInt, d);
                let b = self.expr(Ty::LInt, d);
                format!("({a} + {b})")
            }
            4 => format!("({} * {})", self.expr(Ty::LInt, d), self.rng.range(-1, 3)),
            5 | 6 => {
                let src = self.expr(Ty::LInt, d);
                let v = self.fresh_name("x");
                self.env.push((v.clone(), Ty::Int));
                let body = self.expr(Ty::Int, d.min(2));
                let cond = if self.rng.one_in(2) {
                    format!(" if {}", self.expr(Ty::Bool, d.min(1)))
                } else {
                    String::new()
                };
                self.env.pop();
                format!("[{body} for {v} in {src}{cond}]")
            }
            7 => {
                let src = self.expr(Ty::LInt, d);
                let v = self.fresh_name("x");
                self.env.push((v.clone(), Ty::Int));
                let body = self.expr(Ty::Int, d.min(1));
                let cond = self.expr(Ty::Bool, d.min(1));
                self.env.pop();
                if self.rng.one_in(2) {
                    format!("list(map(lambda {v}: {body}, {src}))")
                } else {
                    format!("list(filter(lambda {v}: {cond}, {src}))")
                }
            }
            8 => format!("list(reversed({}))", self.expr(Ty::LInt, d)),
            9 => match self.rng.below(3) {
                0 => format!("[len(w) for w in {}]", self.expr(Ty::LStr, d)),
                1 => format!("[ord(c) for c in {}]", self.expr(Ty::Str, d)),
                _ => "list(d0.values())".to_owned(),
            },
            10 => {
                let a = self.expr(Ty::LInt, d);
                let b = self.expr(Ty::LInt, d);
                if self.rng.one_in(2) {
                    format!("[p * q for p, q in zip({a}, {b})]")
                } else {
                    format!("[i * v for i, v in enumerate({a})]")
                }
            }
            _ => {
                let a = self.expr(Ty::LInt, d);
                format!("[x + y for x in {a} for y in range(2)]")
            }
        }
    }

    fn lstr_expr(&mut self, d: u32) -> String {
        match self.rng.below(8) {
            0 => {
                let s = self.expr(Ty::Str, d);
                let sep = self.leaf(Ty::Str);
                if self.rng.one_in(3) {
                    format!("{s}.split({sep}, {})", self.rng.range(-1, 3))
                } else {
                    format!("{s}.split({sep})")
                }
            }
            1 => {
                let s = if self.opts.non_ascii_case {
                    self.expr(Ty::Str, d)
                } else {
                    self.expr(Ty::AStr, d)
                };
                format!("{s}.split()")
            }
            2 => self.sorted_of(Ty::LStr, d),
            3 => format!("list({})", self.expr(Ty::Str, d)),
            4 => format!("[str(x) for x in {}]", self.expr(Ty::LInt, d)),
            5 => self.rng.pick(&["list(d0)", "list(d0.keys())"]).to_string(),
            6 => self.slice_of(Ty::LStr, d),
            _ => {
                let a = self.expr(Ty::LStr, d);
                let b = self.expr(Ty::LStr, d);
                format!("({a} + {b})")
            }
        }
    }

    fn lfloat_expr(&mut self, d: u32) -> String {
        match self.rng.below(5) {
            0 => format!("[x / 4 for x in {}]", self.expr(Ty::LInt, d)),
            1 => format!("[float(x) for x in {}]", self.expr(Ty::LInt, d)),
            2 => self.slice_of(Ty::LFloat, d),
            3 if self.opts.nan_in_containers => self.sorted_of(Ty::LFloat, d),
            _ => {
                let a = self.expr(Ty::LFloat, d);
                let b = self.expr(Ty::Float, d);
                format!("({a} + [{b}])")
            }
        }
    }

    fn tuple_expr(&mut self, d: u32) -> String {
        match self.rng.below(7) {
            0 | 1 => {
                let n = self.rng.range(1, 3);
                let items: Vec<String> = (0..n).map(|_| self.tuple_item(d)).collect();
                if n == 1 {
                    format!("({},)", items[0])
                } else {
                    format!("({})", items.join(", "))
                }
            }
            2 => format!("tuple({})", self.expr(Ty::LInt, d)),
            3 => format!(
                "divmod({}, {})",
                self.expr(Ty::Int, d),
                self.expr(Ty::Int, d)
            ),
            4 => self.slice_of(Ty::Tuple, d),
            5 => format!(
                "tuple(zip({}, {}))",
                self.expr(Ty::LInt, d),
                self.expr(Ty::LStr, d)
            ),
            _ => format!(
                "({} + {})",
                self.expr(Ty::Tuple, d),
                self.expr(Ty::Tuple, d)
            ),
        }
    }

    fn dict_expr(&mut self, d: u32) -> String {
        match self.rng.below(5) {
            0 => format!(
                "dict(zip({}, {}))",
                self.expr(Ty::LStr, d),
                self.expr(Ty::LInt, d)
            ),
            1 => format!("{{w: len(w) for w in {}}}", self.expr(Ty::LStr, d)),
            2 => format!("{{w: i for i, w in enumerate({})}}", self.expr(Ty::LStr, d)),
            3 => "d0.copy()".to_owned(),
            _ => format!("dict(d0, k{}={})", self.rng.below(3), self.expr(Ty::Int, d)),
        }
    }

    /// The statement that keeps a variable's value small after it changed.
    fn clamp(name: &str, t: Ty) -> Option<String> {
        match t {
            Ty::Int => Some(format!(
                "if not -10 ** 60 < {name} < 10 ** 60: {name} = {name} % 1000003"
            )),
            Ty::AStr | Ty::Str => Some(format!("{name} = {name}[:80]")),
            Ty::LInt | Ty::LStr | Ty::LFloat => Some(format!("{name} = {name}[:24]")),
            Ty::Tuple => Some(format!("{name} = {name}[:6]")),
            Ty::Dict => Some(format!("if len({name}) > 12: {name} = {{}}")),
            _ => None,
        }
    }

    /// An assignable global of some type (locals in functions are fresh).
    fn global_target(&mut self) -> (String, Ty) {
        let (n, t) = *self.rng.pick(GLOBALS);
        (n.to_owned(), t)
    }

    /// A labelled print of some value.
    fn show(&mut self, d: u32) -> String {
        let l = self.next_label();
        let t = *self.rng.pick(ALL_TYS);
        let e = self.expr(t, d);
        match self.rng.below(6) {
            0 => format!("print({l}, {e})"),
            1 => {
                let t2 = *self.rng.pick(ALL_TYS);
                let e2 = self.expr(t2, d.min(2));
                format!("print({l}, {e}, {e2}, sep='|')")
            }
            2 => format!("print({l}, str({e}), end=' ;\\n')"),
            _ => format!("print({l}, repr({e}))"),
        }
    }

    /// A statement that may run inside a function or loop body (no
    /// definitions). Returns lines.
    fn simple_statement(&mut self, d: u32) -> Vec<String> {
        match self.rng.below(16) {
            0..=4 => vec![self.show(d)],
            5 | 6 => {
                let (n, t) = self.global_target();
                if self.in_func {
                    // A fresh local instead: assigning a global needs `global`.
                    let v = self.fresh_name("v");
                    let e = self.expr(t, d);
                    self.env.push((v.clone(), t));
                    return vec![format!("{v} = {e}")];
                }
                let e = self.expr(t, d);
                let mut out = vec![format!("{n} = {e}")];
                out.extend(Self::clamp(&n, t));
                out
            }
            7 => {
                if self.in_func {
                    return vec![self.show(d)];
                }
                let (n, t, op, e) = match self.rng.below(6) {
                    0 => {
                        let op = self
                            .rng
                            .pick(&["+=", "-=", "*=", "//=", "%=", "|=", "^=", "<<="]);
                        let e = if *op == "<<=" {
                            self.rng.range(0, 9).to_string()
                        } else {
                            self.expr(Ty::Int, d)
                        };
                        ("i1", Ty::Int, *op, e)
                    }
                    1 => {
                        let op = self.rng.pick(&["+=", "-=", "*=", "/="]);
                        ("f0", Ty::Float, *op, self.num(d))
                    }
                    2 => ("s0", Ty::Str, "+=", self.expr(Ty::Str, d)),
                    3 => ("li0", Ty::LInt, "+=", self.expr(Ty::LInt, d)),
                    4 => ("t0", Ty::Tuple, "+=", self.expr(Ty::Tuple, d)),
                    _ => ("a0", Ty::AStr, "*=", self.rng.range(0, 3).to_string()),
                };
                let mut out = vec![format!("{n} {op} {e}")];
                out.extend(Self::clamp(n, t));
                out
            }
            8 | 9 => self.mutation(d),
            10 => {
                let c = self.expr(Ty::Bool, d);
                let mut out = vec![format!("if {c}:")];
                out.extend(indent(&[self.show(d)]));
                if self.rng.one_in(2) {
                    let c2 = self.expr(Ty::Bool, d);
                    out.push(format!("elif {c2}:"));
                    out.extend(indent(&[self.show(d)]));
                }
                if self.rng.one_in(2) {
                    out.push("else:".to_owned());
                    out.extend(indent(&[self.show(d)]));
                }
                out
            }
            11 => self.for_loop(d),
            12 => {
                let c = self.expr(Ty::Bool, d);
                let l = self.next_label();
                if self.rng.one_in(2) {
                    vec![format!("assert {c}, {}", self.expr(Ty::Str, d.min(1)))]
                } else {
                    vec![format!("assert {c}"), format!("print({l}, 'ok')")]
                }
            }
            13 => {
                // tuple unpacking
                if self.in_func {
                    return vec![self.show(d)];
                }
                match self.rng.below(3) {
                    0 => vec![format!(
                        "i1, i2 = divmod({}, {})",
                        self.expr(Ty::Int, d),
                        self.expr(Ty::Int, d)
                    )],
                    1 => vec![format!(
                        "i1, s1 = {}, {}",
                        self.expr(Ty::Int, d),
                        self.expr(Ty::Str, d)
                    )],
                    _ => vec![format!("i1, i2 = {}", self.expr(Ty::LInt, d))],
                }
            }
            14 => {
                let l = self.next_label();
                let n = self.rng.range(0, 6);
                let v = self.fresh_name("n");
                let mut out = vec![format!("{v} = 0"), format!("while {v} < {n}:")];
                self.env.push((v.clone(), Ty::Int));
                let mut body = vec![format!("{v} += 1")];
                if self.rng.one_in(3) {
                    body.push(format!("if {}:", self.expr(Ty::Bool, 1)));
                    body.push(format!("    {}", self.rng.pick(&["break", "continue"])));
                }
                body.push(format!("print({l}, {v}, {})", self.expr(Ty::Int, d.min(2))));
                self.env.pop();
                out.extend(indent(&body));
                if self.rng.one_in(3) {
                    out.push("else:".to_owned());
                    out.push(format!("    print({l}, 'while-else')"));
                }
                out
            }
            _ => self.raise_stmt(d),
        }
    }

    fn raise_stmt(&mut self, d: u32) -> Vec<String> {
        let exc = *self.rng.pick(&[
            "ValueError",
            "TypeError",
            "KeyError",
            "IndexError",
            "ZeroDivisionError",
            "RuntimeError",
            "OverflowError",
            "AssertionError",
            "Exception",
        ]);
        let c = self.expr(Ty::Bool, d.min(2));
        match self.rng.below(4) {
            0 => vec![format!("raise {exc}")],
            1 => vec![format!("if {c}:"), format!("    raise {exc}()")],
            _ => {
                let t = *self.rng.pick(&[Ty::Str, Ty::Int, Ty::AStr, Ty::Tuple]);
                let arg = self.expr(t, d.min(2));
                vec![format!("if {c}:"), format!("    raise {exc}({arg})")]
            }
        }
    }

    /// A list or dict mutation of a global (a copy inside functions).
    fn mutation(&mut self, d: u32) -> Vec<String> {
        let l = self.next_label();
        let lists: &[(&str, Ty, Ty)] = &[
            ("li0", Ty::LInt, Ty::Int),
            ("li1", Ty::LInt, Ty::Int),
            ("ls0", Ty::LStr, Ty::Str),
            ("lf0", Ty::LFloat, Ty::Float),
        ];
        if self.rng.one_in(3) {
            // dict
            let k = self.leaf(Ty::Str);
            let v = self.expr(Ty::Int, d);
            let line = match self.rng.below(7) {
                0 | 1 => format!("d0[{k}] = {v}"),
                2 => format!("del d0[{k}]"),
                3 => format!("print({l}, d0.pop({k}))"),
                4 => format!("print({l}, d0.pop({k}, {v}))"),
                5 => format!("print({l}, d0.setdefault({k}, {v}))"),
                _ => format!("d0.update({})", self.expr(Ty::Dict, d)),
            };
            return vec![
                line,
                "if len(d0) > 12: d0 = {}".to_owned(),
                format!("print({l}, d0)"),
            ]
            .into_iter()
            .filter(|s| !(self.in_func && s.starts_with("if len")))
            .collect();
        }
        let (name, lt, et) = *self.rng.pick(lists);
        let float_list = lt == Ty::LFloat;
        let x = self.expr(et, d);
        let i = self.small_int();
        let line = match self.rng.below(12) {
            0 | 1 => format!("{name}.append({x})"),
            2 => format!("{name}.insert({i}, {x})"),
            3 => format!("print({l}, {name}.pop())"),
            4 => format!("print({l}, {name}.pop({i}))"),
            5 if !float_list || self.opts.nan_in_containers => format!("{name}.remove({x})"),
            6 => format!("{name}.extend({})", self.expr(lt, d)),
            7 => format!("{name}.reverse()"),
            8 if !float_list || self.opts.nan_in_containers => {
                let mut args = Vec::new();
                if self.rng.one_in(2) {
                    let k = match lt {
                        Ty::LStr => self.rng.pick(&["len", "(lambda s: s[::-1])"]).to_string(),
                        _ => self.int_key(),
                    };
                    args.push(format!("key={k}"));
                }
                if self.rng.one_in(3) {
                    args.push(format!("reverse={}", self.literal(Ty::Bool)));
                }
                format!("{name}.sort({})", args.join(", "))
            }
            9 => format!("{name}[{i}] = {x}"),
            10 => format!("del {name}[{i}]"),
            _ => {
                let (a, b) = (self.rng.range(-3, 4), self.rng.range(-3, 6));
                format!("del {name}[{a}:{b}]")
            }
        };
        let mut out = vec![line];
        if !self.in_func {
            out.extend(Self::clamp(name, lt));
        }
        out.push(format!("print({l}, {name})"));
        out
    }

    fn for_loop(&mut self, d: u32) -> Vec<String> {
        let l = self.next_label();
        let v = self.fresh_name("e");
        let (src, et) = match self.rng.below(6) {
            0 => (format!("range({})", self.rng.range(-1, 7)), Ty::Int),
            1 => (format!("{}[:]", self.expr(Ty::LInt, d.min(2))), Ty::Int),
            2 => (self.expr(Ty::Str, d.min(2)), Ty::Str),
            3 => ("d0".to_owned(), Ty::Str),
            4 => (format!("{}[:]", self.expr(Ty::LStr, d.min(2))), Ty::Str),
            _ => (
                format!(
                    "range({}, {}, {})",
                    self.rng.range(-3, 3),
                    self.rng.range(-3, 9),
                    self.rng.pick(&["1", "2", "-1", "3"])
                ),
                Ty::Int,
            ),
        };
        let mut out = vec![format!("for {v} in {src}:")];
        self.env.push((v.clone(), et));
        let mut body = Vec::new();
        if self.rng.one_in(3) {
            body.push(format!("if {}:", self.expr(Ty::Bool, 1)));
            body.push(format!("    {}", self.rng.pick(&["break", "continue"])));
        }
        let t = *self.rng.pick(ALL_TYS);
        let shown = self.expr(t, d.min(2));
        body.push(format!("print({l}, {v}, {shown})"));
        if self.rng.one_in(3) && d > 1 {
            body.extend(self.simple_statement(d - 1));
        }
        self.env.pop();
        out.extend(indent(&body));
        if self.rng.one_in(4) {
            out.push("else:".to_owned());
            out.push(format!("    print({l}, 'for-else')"));
        }
        out
    }

    /// A top-level statement: a definition, or a guarded statement.
    fn top_statement(&mut self) -> String {
        // Only consumes randomness when on, so other batches keep their
        // programs.
        if self.opts.jit_functions && !self.rng.one_in(4) {
            let name = self.fresh_name("j");
            let l = self.next_label();
            let chunk = crate::jitgen::function(&mut self.rng, &name, l, &self.jit_funcs);
            self.jit_funcs.push(name);
            return chunk;
        }
        let d = self.rng.range(1, 4) as u32;
        match self.rng.below(14) {
            0 | 1 => self.func_def(),
            2 => self.closure_def(),
            3 => self.lambda_def(),
            4 => self.recursive_def(),
            5 => self.nested_try(d),
            6 if self.rng.one_in(3) => {
                // dict mutated while iterated: RuntimeError
                let l = self.next_label();
                let k = self.str_lit();
                let body = vec![
                    "for k in d0:".to_owned(),
                    format!("    d0[k + {k}] = 1"),
                    "if len(d0) > 12: d0 = {}".to_owned(),
                ];
                self.guard(l, body)
            }
            _ => {
                let l = self.label + 1;
                let mut body = self.simple_statement(d);
                if self.rng.one_in(3) {
                    body.extend(self.simple_statement(d));
                }
                self.guard(l, body)
            }
        }
    }

    /// `body` inside try/except printing the exception under label `l`.
    fn guard(&mut self, l: u32, body: Vec<String>) -> String {
        let mut out = vec!["try:".to_owned()];
        out.extend(indent(&body));
        match self.rng.below(8) {
            0 => {
                out.push("except (ValueError, TypeError) as e:".to_owned());
                out.push(format!("    print({l}, 'VT', type(e).__name__, e)"));
                out.push("except Exception as e:".to_owned());
                out.push(format!("    print({l}, type(e).__name__, e)"));
            }
            1 => {
                out.push("except Exception as e:".to_owned());
                out.push(format!("    print({l}, repr(e), e.args)"));
            }
            2 => {
                out.push("except Exception as e:".to_owned());
                out.push(format!("    print({l}, type(e).__name__, e)"));
                out.push("else:".to_owned());
                out.push(format!("    print({l}, 'else')"));
                out.push("finally:".to_owned());
                out.push(format!("    print({l}, 'finally')"));
            }
            _ => {
                out.push("except Exception as e:".to_owned());
                out.push(format!("    print({l}, type(e).__name__, e)"));
            }
        }
        out.join("\n")
    }

    fn nested_try(&mut self, d: u32) -> String {
        let l = self.next_label();
        let mut inner = vec!["try:".to_owned()];
        let mut body = self.raise_stmt(d);
        if self.rng.one_in(2) {
            body.insert(0, self.show(d));
        }
        inner.extend(indent(&body));
        let exc = self.rng.pick(&[
            "ValueError",
            "KeyError",
            "(TypeError, ZeroDivisionError)",
            "LookupError",
            "ArithmeticError",
        ]);
        inner.push(format!("except {exc} as e:"));
        let mut handler = vec![format!("print({l}, 'inner', type(e).__name__, e)")];
        if self.rng.one_in(3) {
            handler.push(
                self.rng
                    .pick(&[
                        "raise",
                        "raise RuntimeError('again')",
                        "raise RuntimeError('from') from e",
                    ])
                    .to_string(),
            );
        }
        inner.extend(indent(&handler));
        if self.rng.one_in(2) {
            inner.push("finally:".to_owned());
            inner.push(format!("    print({l}, 'inner finally')"));
        }
        let mut out = vec!["try:".to_owned()];
        out.extend(indent(&inner));
        out.push("except Exception as e:".to_owned());
        out.push(format!(
            "    print({l}, 'outer', type(e).__name__, e, repr(e.__cause__), repr(e.__context__))"
        ));
        out.join("\n")
    }

    /// `def fN(...)`: a body of simple statements over its parameters,
    /// returning a value of some type; then a guarded call.
    fn func_def(&mut self) -> String {
        let name = self.fresh_name("fn");
        let n = self.rng.range(0, 3) as usize;
        let mut params = Vec::new();
        for i in 0..n {
            params.push((
                format!("p{i}"),
                *self.rng.pick(&[Ty::Int, Ty::Str, Ty::LInt, Ty::Float]),
            ));
        }
        let required = self.rng.range(0, n as i64) as usize;
        let star = self.rng.one_in(3);
        let ret = *self.rng.pick(ALL_TYS);
        let mut sig = Vec::new();
        for (i, (p, t)) in params.iter().enumerate() {
            if i < required {
                sig.push(p.clone());
            } else {
                let dflt = self.literal(*t);
                sig.push(format!("{p}={dflt}"));
            }
        }
        if star {
            sig.push("*rest".to_owned());
        }
        let saved_env = self.env.clone();
        let saved_in = self.in_func;
        self.in_func = true;
        self.env.extend(params.iter().cloned());
        if star {
            self.env.push(("rest".to_owned(), Ty::Tuple));
        }
        let mut body = Vec::new();
        let uses_global = self.rng.one_in(4);
        if uses_global {
            body.push("global i0".to_owned());
        }
        for _ in 0..self.rng.range(0, 3) {
            body.extend(self.simple_statement(2));
        }
        if uses_global {
            body.push(format!(
                "i0 = ({} + {}) % 1000003",
                "i0",
                self.expr(Ty::Int, 1)
            ));
        }
        body.push(format!("return {}", self.expr(ret, 2)));
        self.env = saved_env;
        self.in_func = saved_in;
        let f = Func {
            name: name.clone(),
            params,
            required,
            star,
            ret,
        };
        let mut out = vec![format!("def {name}({}):", sig.join(", "))];
        out.extend(indent(&body));
        self.funcs.push(f.clone());
        let l = self.next_label();
        let call = self.call(&f, 2);
        out.push(self.guard(l, vec![format!("print({l}, repr({call}))")]));
        out.join("\n")
    }

    /// A closure factory (`nonlocal` counter or captured parameter).
    fn closure_def(&mut self) -> String {
        let mk = self.fresh_name("mk");
        let g = self.fresh_name("g");
        let l = self.next_label();
        let mut out = Vec::new();
        if self.rng.one_in(2) {
            out.push(format!("def {mk}(start):"));
            out.push("    c = start".to_owned());
            out.push("    def step(d=1):".to_owned());
            out.push("        nonlocal c".to_owned());
            out.push(format!(
                "        c {} d",
                self.rng.pick(&["+=", "*=", "-="])
            ));
            out.push("        return c".to_owned());
            out.push("    return step".to_owned());
            let start = self.expr(Ty::Int, 1);
            out.push(format!("{g} = {mk}({start})"));
            let a = self.expr(Ty::Int, 1);
            out.push(self.guard(l, vec![format!("print({l}, {g}(), {g}({a}), {g}())")]));
        } else {
            let saved = self.env.clone();
            self.env.push(("k".to_owned(), Ty::Int));
            self.env.push(("x".to_owned(), Ty::Int));
            let body = self.expr(Ty::Int, 2);
            self.env = saved;
            out.push(format!("def {mk}(k):"));
            out.push("    def inner(x):".to_owned());
            out.push(format!("        return {body}"));
            out.push("    return inner".to_owned());
            let k = self.expr(Ty::Int, 1);
            out.push(format!("{g} = {mk}({k})"));
            self.funcs.push(Func {
                name: g.clone(),
                params: vec![("x".to_owned(), Ty::Int)],
                required: 1,
                star: false,
                ret: Ty::Int,
            });
            let a = self.expr(Ty::Int, 1);
            out.push(self.guard(l, vec![format!("print({l}, {g}({a}))")]));
        }
        out.join("\n")
    }

    fn lambda_def(&mut self) -> String {
        let name = self.fresh_name("lam");
        let saved = self.env.clone();
        self.env.push(("x".to_owned(), Ty::Int));
        self.env.push(("y".to_owned(), Ty::Int));
        let body = self.expr(Ty::Int, 2);
        self.env = saved;
        let dflt = self.literal(Ty::Int);
        let f = Func {
            name: name.clone(),
            params: vec![("x".to_owned(), Ty::Int), ("y".to_owned(), Ty::Int)],
            required: 1,
            star: false,
            ret: Ty::Int,
        };
        self.funcs.push(f.clone());
        let l = self.next_label();
        let call = self.call(&f, 1);
        let g = self.guard(l, vec![format!("print({l}, {call})")]);
        format!("{name} = lambda x, y={dflt}: {body}\n{g}")
    }

    fn recursive_def(&mut self) -> String {
        let name = self.fresh_name("rec");
        let saved = self.env.clone();
        self.env.push(("n".to_owned(), Ty::Int));
        self.env.push(("acc".to_owned(), Ty::Int));
        let step = self.expr(Ty::Int, 1);
        self.env = saved;
        let l = self.next_label();
        let n = if self.opts.deep_recursion && self.rng.one_in(10) {
            "3000".to_owned()
        } else {
            self.rng.range(-1, 25).to_string()
        };
        let g = self.guard(l, vec![format!("print({l}, {name}({n}))")]);
        format!(
            "def {name}(n, acc=0):\n    if n <= 0:\n        return acc\n    return {name}(n - 1, (acc + {step}) % 1000003)\n{g}"
        )
    }

    /// A last statement outside any `try`: an uncaught exception (with
    /// its traceback) or `sys.exit`.
    fn uncaught_ending(&mut self) -> String {
        match self.rng.below(7) {
            0 => {
                let code = self.rng.pick(&["0", "1", "3", "'bye'", "None", "(1, 2)"]);
                format!("sys.exit({code})")
            }
            1 => {
                let e = self.expr(Ty::Int, 2);
                format!(
                    "def boom(v):\n    return [1, 2][v] + 1 // v\ndef outer(v):\n    return boom(v) * 2\nprint(outer({e}))"
                )
            }
            2 => {
                let a = self.expr(Ty::Str, 1);
                format!(
                    "try:\n    {{}}[{a}]\nexcept KeyError as e:\n    raise ValueError('while handling') from None if len({a}) > 3 else e"
                )
            }
            3 => format!(
                "try:\n    1 / 0\nexcept ZeroDivisionError:\n    d0[{}]",
                self.str_lit()
            ),
            4 => format!("assert {}, {}", self.expr(Ty::Bool, 2), self.str_lit()),
            5 => {
                let f = self.funcs.last().cloned();
                match f {
                    Some(f) => {
                        let c = self.call(&f, 2);
                        format!("print({c})\nraise SystemExit(2)")
                    }
                    None => "raise KeyError('k')".to_owned(),
                }
            }
            _ => {
                let t = *self.rng.pick(ALL_TYS);
                let e = self.expr(t, 3);
                format!("print({e})\nraise TypeError({})", self.str_lit())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_program() {
        let o = Options::ci();
        assert_eq!(generate(7, &o), generate(7, &o));
        assert_ne!(generate(7, &o), generate(8, &o));
    }

    #[test]
    fn str_literals_escape() {
        assert_eq!(py_str("a'b\\c\n\u{0}é"), "'a\\'b\\\\c\\n\\x00é'");
    }

    #[test]
    fn switches_by_name() {
        let mut o = Options::ci();
        for s in Options::SWITCHES {
            o.set(s, true).expect("known switch");
        }
        assert_eq!(o, Options::all());
        assert!(o.set("nope", true).is_err());
    }
}
