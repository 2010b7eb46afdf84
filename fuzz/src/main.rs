//! `typhon-fuzz`: runs generated programs with CPython 3.11 and Typhon (or,
//! with `--jit`, with Typhon's JIT off and on) and reports every
//! divergence. See `--help`.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use fuzz::diff::{self, JitStats, Mode, Runner, Verdict};
use fuzz::{Options, generate};

const HELP: &str = "\
typhon-fuzz: differential fuzzing of Typhon against CPython 3.11,
or of Typhon's JIT against its interpreter

  --jit               compare Typhon with the JIT off (--no-jit) against the
                      JIT compiling early (--jit-threshold 1, quicken_warmup
                      = 0) and eagerly (--jit-eager), on programs of JIT
                      functions (generator options `jit_functions` on,
                      12 statements); CPython is not run
  --jit-stats         also run each program once with --stats (JIT early)
                      and report the share of functions the JIT compiled
                      and why the others were declined
  --seeds A..B        seeds to run (default 0..100); N alone means 0..N
  --jobs N            parallel runs (default: available CPUs)
  --out DIR           where divergences are saved (default target/fuzz)
  --typhon PATH       the typhon binary (default target/release/typhon)
  --python PATH       CPython 3.11 (default python3)
  --typhon-arg ARG    extra argument for typhon before the script (repeatable)
  --enable S[,S..]    turn on generator switches (or `all`)
  --disable S[,S..]   turn off generator switches
  --statements N      top-level statements per program (default 30)
  --no-carets         ignore CPython's caret lines
  --no-minimize       save divergences without shrinking them
  --timeout SECS      per run (default 10)
  --print SEED        print the program for SEED and exit

Switches (off by default: known divergences being fixed): deep_recursion;
off unless --jit: jit_functions; on by default: nan_in_containers,
raising_sort_keys, non_ascii_case, hash_values, uncaught.
Exit status: 0 if no divergence, 1 if any, 2 on usage errors.";

struct Args {
    seeds: (u64, u64),
    jobs: usize,
    out: PathBuf,
    runner: Runner,
    opts: Options,
    minimize: bool,
    print: Option<u64>,
    jit_stats: bool,
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

fn parse_seeds(s: &str) -> Result<(u64, u64), String> {
    let num = |x: &str| x.parse::<u64>().map_err(|e| format!("bad seed {x:?}: {e}"));
    match s.split_once("..") {
        Some((a, b)) => Ok((num(a)?, num(b)?)),
        None => Ok((0, num(s)?)),
    }
}

fn parse_args() -> Result<Args, String> {
    let root = repo_root();
    let mut a = Args {
        seeds: (0, 100),
        jobs: thread::available_parallelism().map_or(2, |n| n.get()),
        out: root.join("target").join("fuzz"),
        runner: Runner::new(root.join("target").join("release").join("typhon")),
        opts: Options::ci(),
        minimize: true,
        print: None,
        jit_stats: false,
    };
    // `--jit` changes the defaults the other options adjust, wherever it is.
    if std::env::args().any(|x| x == "--jit") {
        a.runner.mode = Mode::Jit;
        a.opts = Options::jit();
    }
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut val = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "-h" | "--help" => {
                println!("{HELP}");
                std::process::exit(0);
            }
            "--jit" => {}
            "--jit-stats" => a.jit_stats = true,
            "--seeds" => a.seeds = parse_seeds(&val("--seeds")?)?,
            "--jobs" => {
                a.jobs = val("--jobs")?
                    .parse()
                    .map_err(|e| format!("bad --jobs: {e}"))?;
                a.jobs = a.jobs.max(1);
            }
            "--out" => a.out = PathBuf::from(val("--out")?),
            "--typhon" => a.runner.typhon = PathBuf::from(val("--typhon")?),
            "--python" => a.runner.python = PathBuf::from(val("--python")?),
            "--typhon-arg" => a.runner.typhon_args.push(val("--typhon-arg")?),
            "--enable" | "--disable" => {
                let on = arg == "--enable";
                for s in val(&arg)?.split(',') {
                    if s == "all" {
                        for name in Options::SWITCHES {
                            a.opts.set(name, on)?;
                        }
                    } else {
                        a.opts.set(s, on)?;
                    }
                }
            }
            "--statements" => {
                a.opts.statements = val("--statements")?
                    .parse()
                    .map_err(|e| format!("bad --statements: {e}"))?
            }
            "--no-carets" => a.runner.carets = false,
            "--no-minimize" => a.minimize = false,
            "--timeout" => {
                let t: u64 = val("--timeout")?
                    .parse()
                    .map_err(|e| format!("bad --timeout: {e}"))?;
                a.runner.timeout = Duration::from_secs(t);
            }
            "--print" => {
                a.print = Some(
                    val("--print")?
                        .parse()
                        .map_err(|e| format!("bad --print: {e}"))?,
                )
            }
            other => return Err(format!("unknown argument {other:?} (see --help)")),
        }
    }
    Ok(a)
}

fn save(dir: &Path, files: &[(&str, &[u8])]) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for (name, data) in files {
        let p = dir.join(name);
        std::fs::write(&p, data).map_err(|e| format!("cannot write {}: {e}", p.display()))?;
    }
    Ok(())
}

/// Runs one seed; a line for the log if it is not clean.
fn one(a: &Args, seed: u64) -> Result<Option<String>, String> {
    let prog = generate(seed, &a.opts);
    let c = a.runner.compare(&prog.source())?;
    let kind = match &c.verdict {
        Verdict::Same => return Ok(None),
        Verdict::Diverged => "diverged".to_owned(),
        Verdict::OutsideSubset => "outside the subset".to_owned(),
        Verdict::BadProgram(why) => format!("bad program: {why}"),
    };
    let dir = a.out.join(format!("seed-{seed}"));
    let status = |s: Option<i32>| format!("{s:?}\n").into_bytes();
    let mut files: Vec<(String, Vec<u8>)> = vec![("prog.py".into(), prog.source().into())];
    for r in &c.runs {
        files.push((format!("{}.out", r.label), r.outcome.stdout.clone()));
        files.push((format!("{}.err", r.label), r.outcome.stderr.clone()));
        files.push((format!("{}.exit", r.label), status(r.outcome.status)));
    }
    files.push(("diff.txt".into(), diff::describe(&c).into()));
    let files: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(n, d)| (n.as_str(), d.as_slice()))
        .collect();
    save(&dir, &files)?;
    let mut line = format!("seed {seed}: {kind} ({})", dir.display());
    if c.verdict == Verdict::Diverged && a.minimize {
        let small = diff::minimize(&a.runner, &prog, 400);
        let c2 = a.runner.compare(&small.source())?;
        save(
            &dir,
            &[
                ("min.py", small.source().as_bytes()),
                ("min.diff.txt", diff::describe(&c2).as_bytes()),
            ],
        )?;
        line.push_str(&format!(
            "\n  minimized to {} lines:\n{}",
            small.source().lines().count(),
            diff::describe(&c2)
        ));
    }
    Ok(Some(line))
}

/// The JIT statistics over a batch.
#[derive(Default)]
struct Tally {
    programs: usize,
    /// `def`s generated (what could be compiled at most).
    defs: usize,
    /// Of those, the JIT functions (`jN`, see the generator's `jitgen`).
    jit_defs: usize,
    stats: JitStats,
}

/// A function of the JIT generator (`j1`, `j2`, ...).
fn is_jit_fn(name: &str) -> bool {
    name.strip_prefix('j')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

impl Tally {
    fn add(&mut self, src: &str, s: JitStats) {
        self.programs += 1;
        for l in src.lines() {
            if let Some(rest) = l.strip_prefix("def ") {
                self.defs += 1;
                let name = rest.split('(').next().unwrap_or("");
                self.jit_defs += usize::from(is_jit_fn(name));
            }
        }
        self.stats.compiled.extend(s.compiled);
        self.stats.declined.extend(s.declined);
        self.stats.exits.extend(s.exits);
    }

    fn report(&self) -> String {
        let st = &self.stats;
        let seen = st.compiled.len() + st.declined.len();
        let jit_compiled = st.compiled.iter().filter(|n| is_jit_fn(n)).count();
        let pct = |n: usize, d: usize| 100.0 * n as f64 / d.max(1) as f64;
        let mut s = format!(
            "typhon-fuzz: JIT (early) over {} programs: {} top-level defs; the JIT looked at {} \
             functions and compiled {} ({:.1}% of those, {:.1}% of the defs); of the {} JIT \
             functions (jN), {} compiled ({:.1}%)\n",
            self.programs,
            self.defs,
            seen,
            st.compiled.len(),
            pct(st.compiled.len(), seen),
            pct(st.compiled.len(), self.defs),
            self.jit_defs,
            jit_compiled,
            pct(jit_compiled, self.jit_defs),
        );
        let mut exits: std::collections::BTreeMap<&str, u64> = Default::default();
        for (why, n) in &st.exits {
            *exits.entry(why.as_str()).or_default() += n;
        }
        let exits: Vec<String> = exits.iter().map(|(w, n)| format!("{n} {w}")).collect();
        s.push_str(&format!(
            "  side exits of compiled code: {}\n",
            if exits.is_empty() {
                "none".to_owned()
            } else {
                exits.join(", ")
            }
        ));
        let mut why: std::collections::BTreeMap<(&str, bool), usize> = Default::default();
        for (name, w) in &st.declined {
            *why.entry((w.as_str(), is_jit_fn(name))).or_default() += 1;
        }
        let mut why: Vec<_> = why.into_iter().collect();
        why.sort_by_key(|w| std::cmp::Reverse(w.1));
        for ((w, jit), n) in why {
            let whose = if jit { "JIT functions" } else { "others" };
            s.push_str(&format!("  declined {n} ({whose}): {w}\n"));
        }
        s
    }
}

fn main() {
    let a = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("typhon-fuzz: {e}");
            std::process::exit(2);
        }
    };
    if let Some(seed) = a.print {
        print!("{}", generate(seed, &a.opts).source());
        return;
    }
    let version = match a.runner.mode {
        Mode::Jit => "the JIT off, early and eager".to_owned(),
        Mode::CPython => match a.runner.python_version() {
            Some(v) => v,
            None => {
                eprintln!(
                    "typhon-fuzz: {} is not CPython 3.11",
                    a.runner.python.display()
                );
                std::process::exit(2);
            }
        },
    };
    if !a.runner.typhon.exists() {
        eprintln!(
            "typhon-fuzz: no {} (cargo build --release first)",
            a.runner.typhon.display()
        );
        std::process::exit(2);
    }
    eprintln!(
        "typhon-fuzz: seeds {}..{} with {version}, {} jobs, options {:?}",
        a.seeds.0, a.seeds.1, a.jobs, a.opts
    );
    let a = Arc::new(a);
    let next = Arc::new(AtomicU64::new(a.seeds.0));
    let found = Arc::new(Mutex::new(0usize));
    let tally = Arc::new(Mutex::new(Tally::default()));
    let handles: Vec<_> = (0..a.jobs)
        .map(|_| {
            let (a, next, found, tally) = (a.clone(), next.clone(), found.clone(), tally.clone());
            thread::spawn(move || {
                loop {
                    let seed = next.fetch_add(1, Ordering::Relaxed);
                    if seed >= a.seeds.1 {
                        break;
                    }
                    match one(&a, seed) {
                        Ok(None) => {}
                        Ok(Some(line)) => {
                            *found.lock().unwrap_or_else(|p| p.into_inner()) += 1;
                            println!("{line}");
                        }
                        Err(e) => {
                            *found.lock().unwrap_or_else(|p| p.into_inner()) += 1;
                            println!("seed {seed}: error: {e}");
                        }
                    }
                    if a.jit_stats {
                        let src = generate(seed, &a.opts).source();
                        match a.runner.jit_stats(&src) {
                            Ok(s) => tally.lock().unwrap_or_else(|p| p.into_inner()).add(&src, s),
                            Err(e) => println!("seed {seed}: --stats run failed: {e}"),
                        }
                    }
                    if seed % 500 == 499 {
                        eprintln!("typhon-fuzz: past seed {seed}");
                    }
                }
            })
        })
        .collect();
    for h in handles {
        if h.join().is_err() {
            eprintln!("typhon-fuzz: a worker panicked");
            std::process::exit(2);
        }
    }
    if a.jit_stats {
        eprint!(
            "{}",
            tally.lock().unwrap_or_else(|p| p.into_inner()).report()
        );
    }
    let n = *found.lock().unwrap_or_else(|p| p.into_inner());
    let total = a.seeds.1.saturating_sub(a.seeds.0);
    eprintln!("typhon-fuzz: {n} of {total} programs not clean");
    std::process::exit(if n == 0 { 0 } else { 1 });
}
