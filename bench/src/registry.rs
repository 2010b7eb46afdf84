//! The benchmark registry: one static table row per benchmark program.
//!
//! Adding a benchmark means writing `bench/programs/NAME.py` (see the program
//! protocol in `bench/README.md`) and adding one [`Benchmark`] row to
//! [`BENCHMARKS`]. If the program has a C counterpart in `bench/native/native.c`,
//! name it in [`Benchmark::native`] to get a native column.

use serde::Serialize;

/// A benchmark group. Each group gets its own plot (`bench/plots/GROUP.svg`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Group {
    /// Pure-Python kernels: the interpreter and JIT on their own.
    Kernels,
    /// The paper's microbenchmarks: calls into the `bench_ext` C extension.
    Ffi,
    /// Call shapes through the CPython C-API emulation layer (`bench_ext`).
    Cpyext,
}

impl Group {
    /// Every group, in report order.
    pub const ALL: [Group; 3] = [Group::Kernels, Group::Ffi, Group::Cpyext];

    /// The group's name as used on the command line, in file names and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Group::Kernels => "kernels",
            Group::Ffi => "ffi",
            Group::Cpyext => "cpyext",
        }
    }
}

/// One benchmark: a Python program plus how to size it.
#[derive(Debug)]
pub struct Benchmark {
    /// Unique name, used by `--only` and in reports.
    pub name: &'static str,
    /// The group the benchmark is reported and plotted in.
    pub group: Group,
    /// Program file name, relative to `bench/programs/`.
    pub file: &'static str,
    /// Iteration count / problem size `N` for full runs.
    pub full_n: u64,
    /// Iteration count / problem size `N` for `--quick` runs.
    pub quick_n: u64,
    /// Name of the C counterpart in `bench/native/native.c` (run as
    /// `native NAME N`), if there is one.
    pub native: Option<&'static str>,
    /// Whether the program imports the `bench_ext` C extension.
    pub needs_extension: bool,
    /// For a program that imports a module of Rust functions registered
    /// by an embedding program: the options of that host,
    /// `examples/embed.rs` (run as `embed OPTIONS FILE N`, `--no-jit`
    /// added for `typhon-nojit`). Only the Typhon runtimes run it.
    pub embed: Option<&'static [&'static str]>,
}

impl Benchmark {
    /// The `N` to pass to the program.
    pub fn n(&self, quick: bool) -> u64 {
        if quick { self.quick_n } else { self.full_n }
    }
}

/// Every benchmark, in report order.
pub static BENCHMARKS: &[Benchmark] = &[
    Benchmark {
        name: "fib",
        group: Group::Kernels,
        file: "fib.py",
        full_n: 3,
        quick_n: 1,
        native: Some("fib"),
        needs_extension: false,
        embed: None,
    },
    Benchmark {
        name: "int_loop",
        group: Group::Kernels,
        file: "int_loop.py",
        full_n: 3_000_000,
        quick_n: 300_000,
        native: Some("int_loop"),
        needs_extension: false,
        embed: None,
    },
    Benchmark {
        name: "float_loop",
        group: Group::Kernels,
        file: "float_loop.py",
        full_n: 3_000_000,
        quick_n: 300_000,
        native: Some("float_loop"),
        needs_extension: false,
        embed: None,
    },
    Benchmark {
        name: "sieve",
        group: Group::Kernels,
        file: "sieve.py",
        full_n: 2_000_000,
        quick_n: 200_000,
        native: Some("sieve"),
        needs_extension: false,
        embed: None,
    },
    Benchmark {
        name: "gen_pipeline",
        group: Group::Kernels,
        file: "gen_pipeline.py",
        full_n: 1_000_000,
        quick_n: 100_000,
        native: None,
        needs_extension: false,
        embed: None,
    },
    Benchmark {
        name: "richards",
        group: Group::Kernels,
        file: "richards.py",
        full_n: 40,
        quick_n: 4,
        native: None,
        needs_extension: false,
        embed: None,
    },
    Benchmark {
        name: "raytrace",
        group: Group::Kernels,
        file: "raytrace.py",
        full_n: 200,
        quick_n: 20,
        native: None,
        needs_extension: false,
        embed: None,
    },
    Benchmark {
        name: "string_build",
        group: Group::Kernels,
        file: "string_build.py",
        full_n: 1_000_000,
        quick_n: 100_000,
        native: None,
        needs_extension: false,
        embed: None,
    },
    Benchmark {
        name: "unpack",
        group: Group::Kernels,
        file: "unpack.py",
        full_n: 1_000_000,
        quick_n: 100_000,
        native: None,
        needs_extension: false,
        embed: None,
    },
    Benchmark {
        name: "small_build",
        group: Group::Kernels,
        file: "small_build.py",
        full_n: 1_000_000,
        quick_n: 100_000,
        native: None,
        needs_extension: false,
        embed: None,
    },
    Benchmark {
        name: "nbody",
        group: Group::Kernels,
        file: "nbody.py",
        full_n: 200_000,
        quick_n: 10_000,
        native: None,
        needs_extension: false,
        embed: None,
    },
    Benchmark {
        name: "spectral_norm",
        group: Group::Kernels,
        file: "spectral_norm.py",
        full_n: 20,
        quick_n: 2,
        native: None,
        needs_extension: false,
        embed: None,
    },
    Benchmark {
        name: "binary_trees",
        group: Group::Kernels,
        file: "binary_trees.py",
        full_n: 300,
        quick_n: 30,
        native: None,
        needs_extension: false,
        embed: None,
    },
    Benchmark {
        name: "fannkuch",
        group: Group::Kernels,
        file: "fannkuch.py",
        full_n: 20,
        quick_n: 2,
        native: None,
        needs_extension: false,
        embed: None,
    },
    Benchmark {
        name: "nqueens",
        group: Group::Kernels,
        file: "nqueens.py",
        full_n: 50,
        quick_n: 5,
        native: None,
        needs_extension: false,
        embed: None,
    },
    Benchmark {
        name: "str_append",
        group: Group::Kernels,
        file: "str_append.py",
        full_n: 1_000_000,
        quick_n: 100_000,
        native: None,
        needs_extension: false,
        embed: None,
    },
    Benchmark {
        name: "dict_churn",
        group: Group::Kernels,
        file: "dict_churn.py",
        full_n: 1_000_000,
        quick_n: 100_000,
        native: None,
        needs_extension: false,
        embed: None,
    },
    Benchmark {
        name: "wordcount",
        group: Group::Kernels,
        file: "wordcount.py",
        full_n: 200_000,
        quick_n: 20_000,
        native: None,
        needs_extension: false,
        embed: None,
    },
    Benchmark {
        name: "ffi_inc",
        group: Group::Ffi,
        file: "ffi_inc.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: Some("inc"),
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "ffi_obj",
        group: Group::Ffi,
        file: "ffi_obj.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: Some("obj"),
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "ffi_id",
        group: Group::Ffi,
        file: "ffi_id.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: None,
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "ffi_id_exc",
        group: Group::Ffi,
        file: "ffi_id_exc.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: None,
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "ffi_fadd",
        group: Group::Ffi,
        file: "ffi_fadd.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: Some("fadd"),
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "rustfn_inc",
        group: Group::Ffi,
        file: "rustfn_inc.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: Some("inc"),
        needs_extension: false,
        embed: Some(&[]),
    },
    Benchmark {
        name: "rustfn_inc_boxed",
        group: Group::Ffi,
        file: "rustfn_inc.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: Some("inc"),
        needs_extension: false,
        embed: Some(&["--boxed"]),
    },
    Benchmark {
        name: "ffi_inc_attr",
        group: Group::Ffi,
        file: "ffi_inc_attr.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: Some("inc"),
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "ffi_fadd_attr",
        group: Group::Ffi,
        file: "ffi_fadd_attr.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: Some("fadd"),
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "cpyext_noargs",
        group: Group::Cpyext,
        file: "cpyext_noargs.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: None,
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "cpyext_onearg_none",
        group: Group::Cpyext,
        file: "cpyext_onearg_none.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: None,
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "cpyext_onearg_int",
        group: Group::Cpyext,
        file: "cpyext_onearg_int.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: None,
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "cpyext_varargs",
        group: Group::Cpyext,
        file: "cpyext_varargs.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: None,
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "cpyext_allocate_int",
        group: Group::Cpyext,
        file: "cpyext_allocate_int.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: None,
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "cpyext_allocate_tuple",
        group: Group::Cpyext,
        file: "cpyext_allocate_tuple.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: None,
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "cpyext_fastcall_float",
        group: Group::Cpyext,
        file: "cpyext_fastcall_float.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: None,
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "cpyext_fastcall_mixed",
        group: Group::Cpyext,
        file: "cpyext_fastcall_mixed.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: None,
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "cpyext_kwargs",
        group: Group::Cpyext,
        file: "cpyext_kwargs.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: None,
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "cpyext_buffer",
        group: Group::Cpyext,
        file: "cpyext_buffer.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: None,
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "cpyext_attr_noargs",
        group: Group::Cpyext,
        file: "cpyext_attr_noargs.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: None,
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "cpyext_foo_noargs",
        group: Group::Cpyext,
        file: "cpyext_foo_noargs.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: None,
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "cpyext_foo_len",
        group: Group::Cpyext,
        file: "cpyext_foo_len.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: None,
        needs_extension: true,
        embed: None,
    },
    Benchmark {
        name: "cpyext_foo_getitem",
        group: Group::Cpyext,
        file: "cpyext_foo_getitem.py",
        full_n: 10_000_000,
        quick_n: 200_000,
        native: None,
        needs_extension: true,
        embed: None,
    },
];

/// Looks a benchmark up by name.
pub fn find(name: &str) -> Option<&'static Benchmark> {
    BENCHMARKS.iter().find(|b| b.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use std::path::Path;

    #[test]
    fn names_are_unique() {
        let mut seen = HashSet::new();
        for b in BENCHMARKS {
            assert!(seen.insert(b.name), "duplicate benchmark {}", b.name);
            assert!(
                Group::ALL.iter().all(|g| g.name() != b.name),
                "benchmark {} shadows a group name",
                b.name
            );
        }
    }

    #[test]
    fn programs_exist_and_sizes_are_sane() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
        for b in BENCHMARKS {
            assert!(dir.join(b.file).is_file(), "missing program {}", b.file);
            assert!(
                b.quick_n >= 1 && b.quick_n <= b.full_n,
                "bad sizes for {}",
                b.name
            );
        }
    }

    #[test]
    fn native_counterparts_exist() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("native/native.c");
        let source = std::fs::read_to_string(path).expect("bench/native/native.c is readable");
        for b in BENCHMARKS {
            if let Some(native) = b.native {
                let needle = format!("strcmp(bench, \"{native}\")");
                assert!(source.contains(&needle), "native.c lacks {native}");
            }
        }
    }
}
