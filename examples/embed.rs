//! Embedding Typhon: a Rust program registers a module of Rust functions,
//! runs a Python script that calls them in a hot loop, and reads results
//! back.
//!
//! `cargo run --release --example embed` runs the demo below.
//!
//! `cargo run --release --example embed -- SCRIPT [ARGS...]` runs a script
//! with the module `rustfn` registered (`inc(i) -> i + 1`, a typed
//! method), as `bench/programs/rustfn_inc.py` expects; `--boxed` first
//! registers `inc` without typed metadata (every call boxes), `--capture`
//! as a closure that captures its step, `--no-jit` turns the JIT off. This is how the benchmark in `bench/README.md`
//! measures a registered Rust function.

use std::collections::HashMap;
use typhon::{ExcKind, Raise, Value};

const SCRIPT: &str = r#"
import geo

# A hot loop over registered Rust functions: the interpreter calls the
# typed ones without boxing, the JIT calls `add` and `norm` directly.
total = 0
for i in range(1_000_000):
    total = geo.add(total, i)
longest = 0.0
for i in range(1000):
    longest = max(longest, geo.norm(float(i), 1.0))

try:
    geo.checked_sqrt(-1.0)
except ValueError as e:
    error = str(e)

def summary(label):
    return {"label": label, "calls": geo.count()}
"#;

fn demo() -> Result<(), typhon::Error> {
    let mut vm = typhon::Vm::builder().build()?;
    // State a closure captures: how many times `count` was called.
    let calls = std::rc::Rc::new(std::cell::Cell::new(0_i64));
    let counter = calls.clone();
    vm.register_module("geo", |m| {
        m.function("add", |a: i64, b: i64| a + b);
        m.function("norm", |x: f64, y: f64| (x * x + y * y).sqrt());
        m.function("checked_sqrt", |x: f64| {
            if x < 0.0 {
                Err(Raise::new(ExcKind::ValueError, format!("negative: {x}")))
            } else {
                Ok(x.sqrt())
            }
        });
        m.function("count", move || {
            counter.set(counter.get() + 1);
            counter.get()
        });
    })?;
    vm.run_source(SCRIPT, "<demo>")?;
    let total: i64 = vm.get_global("total").map_or(Ok(0), i64::try_from)?;
    let longest: f64 = vm.eval("longest")?.try_into()?;
    let error: String = vm.eval("error")?.try_into()?;
    let summary: HashMap<String, Value> = vm.call("summary", ("demo",))?.try_into()?;
    println!("total = {total}");
    println!("longest = {longest:.3}");
    println!("error = {error}");
    println!("summary = {summary:?}");
    println!("count() was called {} time(s)", calls.get());
    Ok(())
}

fn run_script(args: Vec<String>) -> Result<(), typhon::Error> {
    let boxed = args.iter().any(|a| a == "--boxed");
    let capture = args.iter().any(|a| a == "--capture");
    let jit = !args.iter().any(|a| a == "--no-jit");
    let argv: Vec<String> = args.into_iter().filter(|a| !a.starts_with("--")).collect();
    let Some(script) = argv.first().cloned() else {
        return Ok(());
    };
    let mut vm = typhon::Vm::builder().jit(jit).argv(argv).build()?;
    vm.register_module("rustfn", |m| {
        if boxed {
            m.boxed_function("inc", |a: i64| a + 1);
        } else if capture {
            let step = std::hint::black_box(1_i64);
            m.function("inc", move |a: i64| a + step);
        } else {
            m.function("inc", |a: i64| a + 1);
        }
    })?;
    vm.run_file(script)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let r = if args.is_empty() {
        demo()
    } else {
        run_script(args)
    };
    if let Err(e) = r {
        eprint!("{e}");
        std::process::exit(1);
    }
}
