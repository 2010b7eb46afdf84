//! The regular-expression engine behind the `re` module
//! ([`crate::stdlib::re`]): `parse` reads a pattern as CPython 3.11's
//! `re._parser` does (same errors, same positions), `compile` turns the
//! tree into a small program, `exec` runs it with a backtracking machine
//! whose choice points live on a heap stack (sre's semantics; no Rust
//! recursion that grows with the input).

pub mod compile;
pub mod exec;
pub mod parse;

pub use exec::{Matcher, Mode, NONE, Prog};
pub use parse::{ErrKind, Error};

/// A compiled pattern with what the `Pattern` object shows.
pub struct Compiled {
    /// The program.
    pub prog: Prog,
    /// The flags (inline ones and UNICODE for str included).
    pub flags: u32,
    /// Groups plus one.
    pub groups: usize,
    /// Named groups in definition order.
    pub names: Vec<(String, usize)>,
}

/// Parses and compiles `pattern` (code points, or a bytes pattern's bytes).
pub fn compile(pattern: &[u32], istext: bool, flags: u32) -> Result<Compiled, Error> {
    let p = parse::parse(pattern, istext, flags)?;
    let prog = compile::compile(&p, istext)?;
    Ok(Compiled {
        prog,
        flags: p.flags,
        groups: p.groups,
        names: p.names,
    })
}
