//! Functions for the JIT: numeric loops the compiler takes, called many
//! times with changing argument types.
//!
//! Each chunk defines one function and then calls it from a loop over
//! rows of arguments (each call inside `try`, printing the result or the
//! exception). At `--jit-threshold 1` the function compiles at its second
//! call, with the types of the first rows as feedback; later rows flip
//! the types (int, then float, then str), pass edge values (i64 bounds,
//! big ints, NaN, infinities, zero divisors, negative loop counts) and so
//! leave compiled code through its guards and exits.
//!
//! Most functions stay inside what `jit/src/build.rs` compiles (locals,
//! int and float arithmetic, comparisons, `if`, `while`, `for` over
//! `range`); some step outside it on purpose (try/except in a loop,
//! recursion, calls of other functions, mixed int/float arithmetic,
//! shifts), so that declining and partial compilation are exercised too.
//! Some read a module global, which they may rebind inside their loops
//! and the driver rebinds between calls (to another type, too), and some
//! work on an instance of a small class whose attribute, instance and
//! class, they read and write (and add to) inside their loops, call its
//! method, and swap the instance for one of a subclass that overrides
//! the method.

use crate::program::Rng;

/// The numbers a function works on; it picks operators and constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Ints: `+ - * // % & | ^`, i64 edges, overflow into big ints.
    Int,
    /// Floats: `+ - * /`, infinities, NaN, signed zeros.
    Float,
    /// Either, mixed freely (often declined or leaving compiled code).
    Mixed,
}

/// Int constants: mostly inside i64, some at and past its bounds.
const INTS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "3",
    "-3",
    "7",
    "10",
    "-10",
    "255",
    "1000003",
    "2147483647",
    "-2147483648",
    "4294967296",
    "3037000499",
    "3037000500",
    "4611686018427387904",
    "9223372036854775807",
    "-9223372036854775807",
    // The literal `-9223372036854775808` negates a big int (kept
    // interpreted today); this is the same value from i64 operands.
    "(-9223372036854775807 - 1)",
];

/// Int constants outside i64 (big ints from the start).
const BIG_INTS: &[&str] = &[
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551616",
];

/// Float constants. Infinities and NaN come from arithmetic on constants
/// (a call of `float` would keep the function interpreted).
const FLOATS: &[&str] = &[
    "0.0",
    "-0.0",
    "1.0",
    "-1.5",
    "0.1",
    "0.5",
    "2.5",
    "1e16",
    "1e-05",
    "1e308",
    "-1e308",
    "5e-324",
    "9007199254740993.0",
    "(1e308 * 10.0)",
    "(-1e308 * 10.0)",
    "(1e308 * 10.0 - 1e308 * 10.0)",
];

/// Argument values for the driver (module level, so anything goes).
const INT_ARGS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "3",
    "-7",
    "10",
    "100",
    "65536",
    "3037000500",
    "2147483647",
    "-2147483648",
    "4611686018427387904",
    "9223372036854775807",
    "-9223372036854775808",
    "9223372036854775808",
    "-(2 ** 70)",
    "True",
];

const FLOAT_ARGS: &[&str] = &[
    "0.0",
    "-0.0",
    "1.0",
    "-2.5",
    "0.1",
    "3.75",
    "1e300",
    "-1e-300",
    "5e-324",
    "float('inf')",
    "float('-inf')",
    "float('nan')",
    "1.7976931348623157e308",
];

/// The third type of a flip. Only the empty str: the loops may multiply a
/// flipped argument by a large int, and `'ab' * 2147483647` would allocate
/// gigabytes (float functions use `FLOAT_OTHER_ARGS`). Not `()` or `[]`:
/// Typhon repeats an empty tuple or list in time linear in the count
/// (`() * 2**62` hangs; reported, not the JIT's).
const OTHER_ARGS: &[&str] = &["''", "None", "2 ** 64", "-(10 ** 20)"];

/// The third type of a flip in float functions, which have no int
/// operands to repeat a str by except small loop counts.
const FLOAT_OTHER_ARGS: &[&str] = &["'ab'", "'x'", "''", "None"];

/// Operators of int functions (the compiled ones, `+ - *` twice as often).
const INT_OPS: &[&str] = &[
    "+", "-", "*", "+", "-", "*", "//", "%", "&", "|", "^", "//", "%",
];
/// Operators of float functions.
const FLOAT_OPS: &[&str] = &["+", "-", "*", "/"];
/// Float operators the JIT does not compile (rare).
const RARE_FLOAT_OPS: &[&str] = &["//", "%", "**"];
/// Operators of mixed functions.
const MIXED_OPS: &[&str] = &["+", "-", "*", "/", "//", "%", "&", "<<", ">>", "**"];

/// The generator for one function.
struct JitGen<'r> {
    rng: &'r mut Rng,
    kind: Kind,
    /// Numeric locals that may be read and assigned (`a`, `b`, `x`, `y`).
    vars: Vec<&'static str>,
    /// Int loop variables in scope (read only).
    ints: Vec<String>,
    /// Loop nesting of the statement being generated.
    loops: u32,
    /// The innermost loop is a `for` (where `break` is declined today:
    /// "pop of an iterator").
    in_for: bool,
    fresh: u32,
    /// Parameters assigned so far (the loops clamp them too).
    params_assigned: Vec<&'static str>,
    /// Functions an expression may call.
    callees: Vec<String>,
    /// Whether statements may be `try` (which keeps the function
    /// interpreted today, so only some functions have one).
    tries: bool,
    /// Whether the function has a list `acc` that statements append to
    /// and take the `len` of (methods and builtins in compiled loops).
    acc: bool,
    /// A module global the function reads, and whether it assigns it.
    global: Option<(String, bool)>,
    /// The class whose instance `o` the function makes and uses.
    class: Option<String>,
}

/// One chunk: `def NAME(a, b, n)` and the loop calling it, printing with
/// labels `label`. `others` are earlier such functions, which a function
/// may call (recursion and calls keep the caller interpreted today).
pub(crate) fn function(rng: &mut Rng, name: &str, label: u32, others: &[String]) -> String {
    let kind = match rng.below(8) {
        0..=3 => Kind::Int,
        4..=6 => Kind::Float,
        _ => Kind::Mixed,
    };
    let mut g = JitGen {
        rng,
        kind,
        vars: vec!["a", "b", "x", "y"],
        ints: vec!["n".to_owned()],
        loops: 0,
        in_for: false,
        params_assigned: Vec::new(),
        fresh: 0,
        callees: Vec::new(),
        tries: false,
        acc: false,
        global: None,
        class: None,
    };
    g.tries = g.rng.one_in(6);
    g.acc = g.rng.one_in(4);
    let mut prelude = Vec::new();
    if g.rng.one_in(4) {
        let gname = format!("g{label}");
        let init = g.constant();
        prelude.push(format!("{gname} = {init}"));
        let stores = g.rng.one_in(2);
        g.global = Some((gname, stores));
    }
    if g.rng.one_in(6) {
        let cname = format!("C{label}");
        let k = g.constant();
        prelude.push(format!("class {cname}:"));
        prelude.push(format!("    k = {k}"));
        prelude.push("    def __init__(self, v):".to_owned());
        prelude.push("        self.v = v".to_owned());
        prelude.push("    def get(self):".to_owned());
        prelude.push("        return self.v".to_owned());
        // A subclass overriding the method, swapped in mid-loop: the
        // compiled sites see another class.
        prelude.push(format!("class D{label}({cname}):"));
        prelude.push("    def get(self):".to_owned());
        prelude.push("        return self.v + self.v".to_owned());
        g.class = Some(cname);
    }
    let recursive = g.rng.one_in(12);
    if g.rng.one_in(12) {
        g.callees.extend(others.iter().rev().take(2).cloned());
    }
    let mut body = Vec::new();
    // A plain copy of a parameter (`x = a`) is declined today ("store of
    // an object"), so the locals mostly start from an expression.
    // Only the parameters are bound yet.
    g.vars = vec!["a", "b"];
    let init_x = if g.rng.one_in(10) {
        "a".to_owned()
    } else {
        g.op_expr(0)
    };
    g.vars = vec!["a", "b", "x", "y"];
    body.push(format!("x = {init_x}"));
    let init_y = g.constant();
    body.push(format!("y = {init_y}"));
    if let Some((gname, true)) = &g.global {
        body.insert(0, format!("global {gname}"));
    }
    if let Some(c) = &g.class {
        body.push(format!("o = {c}(x)"));
    }
    if g.acc {
        body.push("acc = []".to_owned());
    }
    if recursive {
        body.push("if n <= 0:".to_owned());
        let base = g.expr(1);
        body.push(format!("    return {base}"));
        let step = g.expr(1);
        let m = if kind == Kind::Float {
            ""
        } else {
            " % 1000003"
        };
        body.push(format!("x = {name}({step}, b, n - 1){m}"));
    }
    for _ in 0..g.rng.range(1, 3) {
        body.extend(g.statement(3));
    }
    let ret = g.expr(2);
    if g.acc {
        body.push(format!("return {ret}, len(acc), acc[-3:]"));
    } else {
        body.push(format!("return {ret}"));
    }
    let mut out = prelude;
    out.push(format!("def {name}(a, b, n):"));
    out.extend(body.iter().map(|l| format!("    {l}")));
    out.push(format!(
        "for i, (aa, bb, nn) in enumerate([{}]):",
        g.rows(recursive).join(", ")
    ));
    if let Some((gname, _)) = g.global.clone() {
        // Rebound between calls, to another type now and then: compiled
        // code that read the old binding must see the new one.
        let other = if g.rng.one_in(2) {
            g.constant()
        } else {
            g.rng
                .pick(&["2.5", "7", "2 ** 64", "-0.0", "True"])
                .to_string()
        };
        out.push("    if i % 3 == 2:".to_owned());
        out.push(format!("        {gname} = {other}"));
    }
    out.push("    try:".to_owned());
    out.push(format!("        print({label}, {name}(aa, bb, nn))"));
    out.push("    except Exception as e:".to_owned());
    out.push(format!("        print({label}, type(e).__name__, e)"));
    out.join("\n")
}

impl JitGen<'_> {
    fn fresh(&mut self, prefix: &str) -> String {
        self.fresh += 1;
        format!("{prefix}{}", self.fresh)
    }

    /// The kind of a subexpression: a mixed function picks per leaf.
    fn leaf_kind(&mut self) -> Kind {
        match self.kind {
            Kind::Mixed => *self.rng.pick(&[Kind::Int, Kind::Float]),
            k => k,
        }
    }

    fn constant(&mut self) -> String {
        match self.leaf_kind() {
            Kind::Float => self.rng.pick(FLOATS).to_string(),
            _ if self.rng.one_in(30) => self.rng.pick(BIG_INTS).to_string(),
            _ if self.rng.one_in(2) => self.rng.range(-5, 12).to_string(),
            _ => self.rng.pick(INTS).to_string(),
        }
    }

    /// A leaf: a local, a loop variable (int functions only: an int in a
    /// float expression is mixed arithmetic) or a constant.
    fn leaf(&mut self) -> String {
        if let Some((gname, _)) = &self.global
            && self.rng.one_in(5)
        {
            return gname.clone();
        }
        if let Some(c) = &self.class
            && self.rng.one_in(5)
        {
            return match self.rng.below(3) {
                0 => "o.v".to_owned(),
                1 => "o.k".to_owned(),
                _ => format!("{c}.k + o.get()"),
            };
        }
        match self.rng.below(6) {
            0..=2 => self.rng.pick(&self.vars).to_string(),
            3 if self.kind != Kind::Float => {
                let i = self.rng.below(self.ints.len());
                self.ints[i].clone()
            }
            _ => self.constant(),
        }
    }

    fn binop(&mut self) -> &'static str {
        let ops = match self.kind {
            Kind::Int => INT_OPS,
            Kind::Float if self.rng.one_in(30) => RARE_FLOAT_OPS,
            Kind::Float => FLOAT_OPS,
            Kind::Mixed => MIXED_OPS,
        };
        let op: &&'static str = self.rng.pick(ops);
        op
    }

    /// A numeric expression of depth at most `d`.
    fn expr(&mut self, d: u32) -> String {
        if d == 0 || self.rng.one_in(3) {
            return self.leaf();
        }
        match self.rng.below(12) {
            // Of an operation: negating a parameter, whose type the
            // interpreter records nowhere, keeps the function interpreted.
            0 => format!("(-{})", self.op_expr(d - 1)),
            1 => {
                let c = self.cond(d - 1);
                let a = self.expr(d - 1);
                let b = self.expr(d - 1);
                format!("({a} if {c} else {b})")
            }
            2 if !self.callees.is_empty() => {
                let f = self.rng.pick(&self.callees).clone();
                let a = self.expr(d - 1);
                let b = self.expr(d - 1);
                format!("{f}({a}, {b}, 3)")
            }
            // Keep `**` and shifts small: a constant exponent.
            _ => self.op_expr(d - 1),
        }
    }

    /// An expression whose top is an operation (a plain copy of a
    /// parameter, `x = a`, keeps the function interpreted today).
    fn op_expr(&mut self, d: u32) -> String {
        let op = self.binop();
        let a = self.expr(d);
        let b = if op == "**" || op == "<<" || op == ">>" {
            self.rng.range(0, 5).to_string()
        } else {
            self.expr(d)
        };
        format!("({a} {op} {b})")
    }

    /// A condition.
    fn cond(&mut self, d: u32) -> String {
        match self.rng.below(8) {
            0 if d > 0 => format!("not {}", self.cond(d - 1)),
            1 if d > 0 => {
                let op = self.rng.pick(&["and", "or"]);
                let a = self.cond(d - 1);
                let b = self.cond(d - 1);
                format!("({a} {op} {b})")
            }
            _ => {
                let op = self.rng.pick(&["<", "<=", ">", ">=", "==", "!=", "<", ">"]);
                let a = self.expr(d.min(1));
                let b = self.expr(d.min(1));
                format!("{a} {op} {b}")
            }
        }
    }

    /// The start of a loop body (so that `continue` cannot skip it):
    /// locals that grew past 2**62 (1e300 in float functions, which may
    /// be called with ints) are brought back, so a loop cannot build huge
    /// ints by squaring.
    fn clamp(&mut self) -> Vec<String> {
        let float = self.kind == Kind::Float;
        ["x", "y"]
            .iter()
            .chain(&self.params_assigned)
            .map(|v| {
                if float {
                    format!("if {v} > 1e300 or {v} < -1e300: {v} = {v} / 1e300")
                } else {
                    format!(
                        "if {v} > 4611686018427387904 or {v} < -4611686018427387904: {v} = {v} % 1000003"
                    )
                }
            })
            .collect()
    }

    /// A statement (possibly compound) with nesting at most `d`.
    fn statement(&mut self, d: u32) -> Vec<String> {
        if self.acc && self.rng.one_in(4) {
            return match self.rng.below(4) {
                0 | 1 => {
                    let e = self.expr(1);
                    vec![format!("acc.append({e})")]
                }
                2 => vec!["y = y + len(acc)".to_owned()],
                _ => {
                    let e = self.leaf();
                    vec![format!("x = x + len(str({e}))")]
                }
            };
        }
        if self.loops > 0 && self.rng.one_in(6) {
            if let Some((gname, true)) = self.global.clone() {
                let e = self.expr(1);
                return vec![format!("{gname} = {e}")];
            }
            if let Some(c) = self.class.clone() {
                let e = self.expr(1);
                // The instance's attribute, or the class's (a class edited
                // while its caches are warm).
                let label = c.trim_start_matches('C');
                return vec![match self.rng.below(8) {
                    0 | 1 => format!("{c}.k = {e}"),
                    // (A constant step: `o.v += o.v * ...` grows big
                    // ints without bound.)
                    2 | 3 => "o.v += 1".to_owned(),
                    4 => format!("o = D{label}(o.v)"),
                    _ => format!("o.v = {e}"),
                }];
            }
        }
        let choice = if d == 0 {
            self.rng.below(3)
        } else {
            self.rng.below(10)
        };
        match choice {
            0 | 1 => {
                let v = *self.rng.pick(&["x", "y", "x", "y", "a", "b"]);
                let op = if self.rng.one_in(3) {
                    match self.binop() {
                        "**" | "<<" | ">>" => "+",
                        o => o,
                    }
                } else {
                    ""
                };
                let e = if op.is_empty() && !self.rng.one_in(8) {
                    self.op_expr(1)
                } else {
                    self.expr(2)
                };
                if matches!(v, "a" | "b") && !self.params_assigned.contains(&v) {
                    self.params_assigned.push(v);
                }
                vec![format!("{v} {op}= {e}")]
            }
            2 if self.loops > 0 => {
                let c = self.cond(1);
                let what = if self.in_for && !self.rng.one_in(4) {
                    "continue"
                } else {
                    *self.rng.pick(&["break", "continue"])
                };
                vec![format!("if {c}:"), format!("    {what}")]
            }
            2 => {
                let e = self.op_expr(1);
                vec![format!("x = {e}")]
            }
            3 | 4 => {
                let c = self.cond(2);
                let mut out = vec![format!("if {c}:")];
                let then = self.block(d - 1);
                out.extend(then);
                if self.rng.one_in(3) {
                    let c2 = self.cond(1);
                    out.push(format!("elif {c2}:"));
                    let b = self.block(d - 1);
                    out.extend(b);
                }
                if self.rng.one_in(2) {
                    out.push("else:".to_owned());
                    let b = self.block(d - 1);
                    out.extend(b);
                }
                out
            }
            5..=7 => {
                let i = self.fresh("q");
                let src = match self.rng.below(5) {
                    0 => format!("range({}, n)", self.rng.range(-2, 3)),
                    1 => format!("range({})", self.rng.range(0, 8)),
                    2 => "range(n + 1)".to_owned(),
                    _ => "range(n)".to_owned(),
                };
                let mut out = vec![format!("for {i} in {src}:")];
                self.ints.push(i);
                self.loops += 1;
                let outer = std::mem::replace(&mut self.in_for, true);
                let body = self.loop_body(d - 1);
                self.in_for = outer;
                self.loops -= 1;
                self.ints.pop();
                out.extend(body);
                if self.rng.one_in(6) {
                    out.push("else:".to_owned());
                    out.push("    y = y + 1".to_owned());
                }
                out
            }
            9 if !self.tries => {
                let e = self.op_expr(1);
                vec![format!("y = {e}")]
            }
            8 => {
                // The counter steps first, so `continue` cannot spin.
                let k = self.fresh("k");
                let mut out = vec![format!("{k} = 0"), format!("while {k} < n:")];
                self.ints.push(k.clone());
                self.loops += 1;
                let mut body = vec![format!("    {k} += 1")];
                let outer = std::mem::replace(&mut self.in_for, false);
                body.extend(self.loop_body(d - 1));
                self.in_for = outer;
                self.loops -= 1;
                self.ints.pop();
                out.extend(body);
                out
            }
            _ => {
                // Arithmetic that may raise, caught in the function (a
                // try statement keeps the function interpreted today).
                let v = *self.rng.pick(&["x", "y"]);
                let op = self.rng.pick(&["//", "%", "/"]);
                let a = self.expr(1);
                let b = self.expr(1);
                let fallback = self.constant();
                let exc = self.rng.pick(&[
                    "ZeroDivisionError",
                    "ArithmeticError",
                    "(ZeroDivisionError, OverflowError)",
                    "Exception",
                ]);
                vec![
                    "try:".to_owned(),
                    format!("    {v} = {a} {op} {b}"),
                    format!("except {exc}:"),
                    format!("    {v} = {fallback}"),
                ]
            }
        }
    }

    /// An indented block of one or two statements.
    fn block(&mut self, d: u32) -> Vec<String> {
        let mut out = Vec::new();
        for _ in 0..self.rng.range(1, 2) {
            out.extend(self.statement(d));
        }
        out.iter().map(|l| format!("    {l}")).collect()
    }

    /// A loop body: the clamp, then statements.
    fn loop_body(&mut self, d: u32) -> Vec<String> {
        let mut body = Vec::new();
        for _ in 0..self.rng.range(1, 3) {
            body.extend(self.statement(d));
        }
        // After the body: it may assign a parameter, which then is clamped.
        let mut out = self.clamp();
        out.extend(body);
        out.iter().map(|l| format!("    {l}")).collect()
    }

    /// One argument of the function's kind.
    fn arg(&mut self) -> String {
        match self.leaf_kind() {
            Kind::Float => self.rng.pick(FLOAT_ARGS).to_string(),
            _ => self.rng.pick(INT_ARGS).to_string(),
        }
    }

    /// An argument of the function's kind for the first call: no zero,
    /// no edge value.
    fn plain_arg(&mut self) -> String {
        match self.leaf_kind() {
            Kind::Float => self.rng.pick(&["0.5", "2.5", "3.75", "-1.25", "10.0"]),
            _ => self.rng.pick(&["2", "3", "7", "10", "-4", "100", "12345"]),
        }
        .to_string()
    }

    /// A loop count: mostly small and positive (the first calls give the
    /// compiler feedback from inside the loops).
    fn count(&mut self) -> String {
        match self.rng.below(10) {
            0 => self.rng.pick(&["0", "-1", "-5", "True"]).to_string(),
            1 => "20".to_owned(),
            _ => self.rng.range(1, 9).to_string(),
        }
    }

    /// The argument rows: several of the function's kind first (so it
    /// compiles for them), then, often, flips to the other types.
    fn rows(&mut self, recursive: bool) -> Vec<String> {
        let mut rows = Vec::new();
        let count = |g: &mut Self| {
            if recursive {
                g.rng.range(0, 12).to_string()
            } else {
                g.count()
            }
        };
        // The first call is all the feedback the compiler gets at
        // threshold 1: plain values that rarely raise, and loops that run.
        let (a, b) = (self.plain_arg(), self.plain_arg());
        let n = if recursive {
            self.rng.range(2, 6)
        } else {
            self.rng.range(4, 9)
        };
        rows.push(format!("({a}, {b}, {n})"));
        for _ in 0..self.rng.range(1, 5) {
            let (a, b, n) = (self.arg(), self.arg(), count(self));
            rows.push(format!("({a}, {b}, {n})"));
        }
        if self.rng.one_in(2) {
            // int, then float, then str at the same sites
            let flips = [
                (INT_ARGS, self.rng.range(1, 2)),
                (FLOAT_ARGS, self.rng.range(1, 2)),
                (
                    if self.kind == Kind::Float {
                        FLOAT_OTHER_ARGS
                    } else {
                        OTHER_ARGS
                    },
                    1,
                ),
            ];
            for (pool, k) in flips {
                for _ in 0..k {
                    let a = self.rng.pick(pool).to_string();
                    let b = if self.rng.one_in(2) {
                        self.rng.pick(pool).to_string()
                    } else {
                        self.arg()
                    };
                    let n = count(self);
                    rows.push(format!("({a}, {b}, {n})"));
                }
            }
            // back to the first types: compiled code runs again
            let (a, b, n) = (self.arg(), self.arg(), count(self));
            rows.push(format!("({a}, {b}, {n})"));
        }
        rows
    }
}
