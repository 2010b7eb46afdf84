//! Type feedback: a read-only view of what each specializing instruction
//! has seen.
//!
//! Quickening (`crate::quicken`) records, in an instruction's own inline
//! cache, the classes of the operands it saw when it tried to specialize
//! and whenever a guard of its quickened form missed, and the callee a call
//! site saw. Together with the instruction's current form (generic, or
//! which quickened form) that is the profile a JIT compiles from. This
//! module only reads it: nothing here changes the code.
//!
//! Classes seen during the first executions, before the instruction tried
//! to specialize (its warmup), are not recorded.

use crate::bytecode::{Code, Instr, Op};
use crate::object::types::{self, Kind};
use crate::object::{IntObj, Value};
use crate::quicken::layout;

macro_rules! classes {
    ($( $(#[$m:meta])* $name:ident = $text:literal; )*) => {
        /// A coarse class of runtime value, as call sites record it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub enum TypeClass { $( $(#[$m])* $name, )* }

        impl TypeClass {
            /// Every class, by bit number.
            pub const ALL: &'static [TypeClass] = &[ $( TypeClass::$name, )* ];
            /// The class's name as feedback dumps print it.
            pub fn name(self) -> &'static str {
                match self { $( TypeClass::$name => $text, )* }
            }
        }
    };
}

classes! {
    /// `None`.
    None = "None";
    /// `bool`.
    Bool = "bool";
    /// An `int` in `i64` range (unboxed).
    Int = "int";
    /// An `int` outside `i64` range.
    BigInt = "bigint";
    /// `float`.
    Float = "float";
    /// `str`.
    Str = "str";
    /// `list`.
    List = "list";
    /// `tuple`.
    Tuple = "tuple";
    /// `dict`.
    Dict = "dict";
    /// A Python function.
    Function = "function";
    /// A native (Rust) builtin function or method.
    Builtin = "builtin";
    /// A type object.
    Type = "type";
    /// A module.
    Module = "module";
    /// A range iterator.
    RangeIter = "range_iterator";
    /// A list iterator.
    ListIter = "list_iterator";
    /// Anything else (including objects of C extension types).
    Other = "other";
}

const _: () = assert!(TypeClass::ALL.len() <= 16);

impl TypeClass {
    /// The class of `v`.
    pub fn of(v: &Value) -> TypeClass {
        match v {
            Value::None => TypeClass::None,
            Value::Bool(_) => TypeClass::Bool,
            Value::Int(_) => TypeClass::Int,
            Value::Float(_) => TypeClass::Float,
            // An instance of a class (also one deriving from a built-in
            // type, which shares its base's kind): compiled code guards on
            // exact types only.
            Value::Obj(o) if o.ty().is_heap_type() => TypeClass::Other,
            Value::Obj(o) => match o.kind() {
                Kind::INT => match o.downcast::<IntObj>() {
                    Some(IntObj::Small(_)) => TypeClass::Int,
                    _ => TypeClass::BigInt,
                },
                Kind::FLOAT => TypeClass::Float,
                Kind::STR => TypeClass::Str,
                Kind::LIST => TypeClass::List,
                Kind::TUPLE => TypeClass::Tuple,
                Kind::DICT => TypeClass::Dict,
                Kind::FUNCTION => TypeClass::Function,
                Kind::BUILTIN => TypeClass::Builtin,
                Kind::TYPE => TypeClass::Type,
                Kind::MODULE => TypeClass::Module,
                Kind::ITER if o.is_type(&types::RANGE_ITER) => TypeClass::RangeIter,
                Kind::ITER if o.is_type(&types::LIST_ITER) => TypeClass::ListIter,
                _ => TypeClass::Other,
            },
        }
    }
}

/// A set of [`TypeClass`]es (one bit each).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TypeSet(pub u16);

impl TypeSet {
    /// The set holding only the class of `v`.
    pub fn of(v: &Value) -> TypeSet {
        TypeSet(1 << TypeClass::of(v) as u16)
    }

    /// Whether nothing was recorded.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `c` is in the set.
    pub fn contains(self, c: TypeClass) -> bool {
        self.0 & (1 << c as u16) != 0
    }

    /// The only class in the set, if it has exactly one (a monomorphic site).
    pub fn single(self) -> Option<TypeClass> {
        (self.0.count_ones() == 1)
            .then(|| {
                TypeClass::ALL
                    .get(self.0.trailing_zeros() as usize)
                    .copied()
            })
            .flatten()
    }

    /// The classes in the set.
    pub fn classes(self) -> impl Iterator<Item = TypeClass> {
        TypeClass::ALL
            .iter()
            .copied()
            .filter(move |c| self.contains(*c))
    }

    /// The union of two sets.
    pub fn union(self, other: TypeSet) -> TypeSet {
        TypeSet(self.0 | other.0)
    }
}

/// Where a LOAD_GLOBAL site found its name when it specialized.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GlobalSource {
    /// In the module's globals, at this entry index.
    Module {
        /// The entry index in the globals dict.
        index: u32,
    },
    /// In the builtins, at this entry index.
    Builtin {
        /// The entry index in the builtins dict.
        index: u32,
    },
}

/// What one specializing instruction has seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteFeedback {
    /// The instruction's unit index.
    pub pc: usize,
    /// The generic instruction (the family).
    pub family: Op,
    /// The instruction as it is now: the family's generic form, or the
    /// quickened form it was rewritten into (which states what its guards
    /// assume: `BINARY_OP_ADD_INT` saw two ints).
    pub form: Op,
    /// The classes seen for each recorded operand: for binary operators and
    /// comparisons (left, right); subscripts (container, key); FOR_ITER the
    /// iterator; UNPACK_SEQUENCE the sequence; attribute loads the object;
    /// calls the callee (for CALL_METHOD: the receiver, or the callee when
    /// there was none).
    pub operands: Vec<TypeSet>,
    /// For calls of Python functions: the version of the function seen
    /// ([`crate::object::Function::version`]).
    pub callee_version: Option<u32>,
    /// For LOAD_GLOBAL: where the name was found.
    pub global: Option<GlobalSource>,
    /// For attribute loads and stores on instances of Python classes: what
    /// the inline cache holds (the JIT guards on the same version tag).
    pub attr: Option<AttrSource>,
}

/// Where an attribute load (or store) on an instance of a Python class
/// found its attribute when it specialized. Valid while the class's version tag
/// (`ClassData::version_tag`) is `class_version`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttrSource {
    /// In the instance's `__dict__`, at this entry index (the name is
    /// checked there: instances of one class usually share the order).
    InstanceValue {
        /// The class's version tag.
        class_version: u32,
        /// The entry index in the instance dict.
        index: u32,
        /// Version tags of other classes whose instances the site saw with
        /// the attribute at the same index (0: none).
        more_versions: [u32; layout::MORE_VERSION_COUNT],
    },
    /// A function of the class, or of the class at `mro_pos` in its MRO
    /// (0: the class itself), at entry `index` of that class's dict.
    Method {
        /// The class's version tag.
        class_version: u32,
        /// The position in the MRO of the class that holds the function.
        mro_pos: u32,
        /// The entry index in that class's dict.
        index: u32,
        /// Other classes the site saw: (version tag, MRO position, dict
        /// index) each; a version tag of 0 is an unused entry.
        more_methods: [(u32, u32, u32); layout::MORE_VERSION_COUNT],
    },
    /// A slot of `__slots__` (LOAD_ATTR_SLOT, STORE_ATTR_SLOT): entry
    /// `index` of the instance's slots while the class has this version.
    Slot {
        /// The class's version tag.
        class_version: u32,
        /// The index in the instance's slots.
        index: u32,
    },
    /// A call of a Python class (CALL_PY_INIT): its `__init__`, a plain
    /// Python function, is found through the class at this version.
    Init {
        /// The class's version tag.
        class_version: u32,
    },
    /// A method of a built-in type (LOAD_METHOD_TYPE: `xs.append`): entry
    /// `index` of the method table of the receiver's kind
    /// ([`crate::Vm::type_method`]).
    TypeMethod {
        /// The receiver's kind (`Value::kind`).
        kind: u32,
        /// The method's index in the kind's table.
        index: u32,
    },
    /// A method of a C type (LOAD_METHOD_EXT: `foo.meth`): entry `entry`
    /// of the interpreter's table of C methods ([`crate::Vm::ext_method`]).
    ExtMethod {
        /// The entry's index.
        entry: u32,
    },
}

impl SiteFeedback {
    /// Whether the instruction currently runs in a quickened form.
    pub fn is_quickened(&self) -> bool {
        self.form != self.family
    }
}

fn cache_arg(code: &Code, pc: usize, i: usize) -> u32 {
    code.units.get(pc + 1 + i).map(|c| c.get().arg).unwrap_or(0)
}

/// The feedback of the instruction at `pc`, if it is one that specializes.
pub fn site(code: &Code, pc: usize) -> Option<SiteFeedback> {
    let ins: Instr = code.units.get(pc)?.get();
    let family = ins.op.generic();
    if !crate::quicken::is_adaptive(family) {
        return None;
    }
    let t = layout::types_unit(family)
        .map(|i| cache_arg(code, pc, i))
        .unwrap_or(0);
    let operands = match layout::operand_count(family) {
        2 => vec![TypeSet(t as u16), TypeSet((t >> 16) as u16)],
        1 => vec![TypeSet(t as u16)],
        _ => Vec::new(),
    };
    let callee_version = match family {
        // CALL_PY_INIT's unit holds the class's version (`attr`).
        Op::Call | Op::CallMethod if ins.op != Op::CallPyInit => {
            Some(cache_arg(code, pc, layout::CALL_CALLEE)).filter(|v| *v != 0)
        }
        _ => None,
    };
    let global = match ins.op {
        Op::LoadGlobalModule => Some(GlobalSource::Module {
            index: cache_arg(code, pc, layout::GLOBAL_INDEX),
        }),
        Op::LoadGlobalBuiltin => Some(GlobalSource::Builtin {
            index: cache_arg(code, pc, layout::GLOBAL_INDEX),
        }),
        _ => None,
    };
    let attr = match ins.op {
        Op::LoadAttrInstanceValue | Op::StoreAttrInstanceValue => Some(AttrSource::InstanceValue {
            class_version: cache_arg(code, pc, layout::CLASS_VERSION),
            index: cache_arg(code, pc, layout::INSTANCE_INDEX),
            more_versions: std::array::from_fn(|i| cache_arg(code, pc, layout::MORE_VERSIONS + i)),
        }),
        Op::LoadMethodType => cache_arg(code, pc, layout::METHOD_KIND)
            .checked_sub(1)
            .map(|kind| AttrSource::TypeMethod {
                kind,
                index: cache_arg(code, pc, layout::METHOD_INDEX),
            }),
        Op::LoadMethodExt => Some(AttrSource::ExtMethod {
            entry: cache_arg(code, pc, layout::EXT_METHOD),
        }),
        Op::LoadAttrSlot | Op::StoreAttrSlot => Some(AttrSource::Slot {
            class_version: cache_arg(code, pc, layout::CLASS_VERSION),
            index: cache_arg(code, pc, layout::SLOT_INDEX),
        }),
        Op::CallPyInit => Some(AttrSource::Init {
            class_version: cache_arg(code, pc, layout::CALL_CALLEE),
        }),
        Op::LoadMethodInstance => Some(AttrSource::Method {
            class_version: cache_arg(code, pc, layout::CLASS_VERSION),
            mro_pos: cache_arg(code, pc, layout::METHOD_MRO_POS),
            index: cache_arg(code, pc, layout::METHOD_DICT_INDEX),
            more_methods: std::array::from_fn(|i| {
                let at = layout::MORE_METHODS + 2 * i;
                let packed = cache_arg(code, pc, at + 1);
                (cache_arg(code, pc, at), packed >> 24, packed & 0x00ff_ffff)
            }),
        }),
        _ => None,
    };
    Some(SiteFeedback {
        pc,
        family,
        form: ins.op,
        operands,
        callee_version,
        global,
        attr,
    })
}

/// The feedback of every specializing instruction of `code` (not of the
/// code objects nested in it), in instruction order.
pub fn sites(code: &Code) -> Vec<SiteFeedback> {
    let mut out = Vec::new();
    let mut pc = 0;
    while let Some(u) = code.units.get(pc) {
        let ins = u.get();
        if let Some(s) = site(code, pc) {
            out.push(s);
        }
        pc += 1 + ins.op.cache_units();
    }
    out
}
