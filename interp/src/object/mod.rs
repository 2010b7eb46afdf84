//! The object model: [`Value`] (unboxed `None`/`bool`/`int`/`float`, or a
//! reference-counted heap object), the payloads heap objects carry, and the
//! static type objects.
//!
//! Heap objects use the CPython-compatible header from the `abi` crate, so a
//! `Value::Obj` can be handed to C code as a `PyObject*` unchanged. Small ints
//! (`i64`) and floats stay unboxed in `Value`; an int outside `i64` lives on
//! the heap as a `BigInt` payload of type `int`. A heap `BigInt` never holds a
//! value that fits in `i64` (the representation is canonical), so equality
//! and hashing never need to compare across the two forms.

pub mod dict;
pub mod exc;
pub mod func;
pub mod iter;
pub mod misc;
pub mod seq;
pub mod str;
pub mod types;
pub mod value;

pub use abi::{ObjRef, StaticType, TypeObject, live_objects};
pub use dict::{DictKey, DictObj};
pub use exc::{ExcObj, PyErr, PyResult, TbEntry};
pub use func::{Args, Builtin, CellObj, CodeObj, Function, NativeFn};
pub use iter::{IterObj, IterState};
pub use misc::{ModuleObj, RangeObj, SliceObj};
pub use seq::{ListObj, TupleObj};
pub use str::StrObj;
pub use types::Kind;
pub use value::Value;
