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

pub mod buffer;
pub mod bytes;
pub mod class;
pub mod complex;
pub mod dict;
pub mod exc;
pub mod func;
pub mod genobj;
pub mod iter;
pub mod misc;
pub mod seq;
pub mod set;
pub mod str;
pub mod types;
pub mod value;

pub use abi::{ObjRef, StaticType, TypeObject, live_objects};
pub use buffer::{ByteArrayObj, ItemFormat, MemoryViewObj};
pub use bytes::BytesObj;
pub use class::{BoundMethod, ClassData, Instance, SuperObj};
pub use complex::ComplexObj;
pub use dict::{DictKey, DictObj};
pub use exc::{ExcObj, Hint, PyErr, PyResult, TbEntry};
pub use func::{Args, Builtin, CellObj, CodeObj, FuncAttrs, Function, MethodDescr, NativeFn};
pub use genobj::{GenObj, GenState};
pub use iter::{IterObj, IterState, RangeIterObj};
pub use misc::{ModuleDef, ModuleObj, RangeObj, SliceObj};
pub use seq::{ListObj, TupleObj};
pub use set::SetObj;
pub use str::StrObj;
pub use types::Kind;
pub use value::{IntObj, Value};

use std::cell::{OnceCell, RefCell};

/// Heap boxes that C code borrowed from a container's unboxed items.
///
/// C API functions such as `PyList_GetItem` return a *borrowed*
/// `PyObject*`: one that stays valid while the container holds the item.
/// Containers keep small ints and floats unboxed, so the first such request
/// for an item boxes it and parks the box here, keyed by the item's index;
/// later requests for an unchanged item return the same box. A box lives as
/// long as its container, or until its slot is asked for again after the
/// item changed (CPython's borrowed references die then too). The cache is
/// created on first use, in a block of its own, so containers C never
/// looks into pay one word (it was five while the cache sat in the word's
/// place: 72 bytes for a tuple's object instead of 40).
#[derive(Default)]
pub struct CBoxes(OnceCell<Box<RefCell<Vec<Option<ObjRef>>>>>);

impl CBoxes {
    /// The box C may borrow for `item`, the value at `index`: the parked
    /// one if it still stands for `item`, else a new one parked in its
    /// place. Values that are heap objects are returned as they are.
    ///
    /// The returned reference may be dropped at once: the container (or
    /// the cache) keeps the object alive. `None` only if the cache is
    /// already borrowed, which nothing here allows (no code runs while it
    /// is), but an unparked box must never be handed out as borrowed.
    pub fn borrow_box(&self, index: usize, item: &Value) -> Option<ObjRef> {
        if let Value::Obj(o) = item {
            return Some(o.clone());
        }
        let cell = self.0.get_or_init(|| Box::new(RefCell::new(Vec::new())));
        let mut boxes = cell.try_borrow_mut().ok()?;
        if boxes.len() <= index {
            boxes.resize(index + 1, None);
        }
        let slot = &mut boxes[index];
        if let Some(b) = slot
            && item.boxed_by(b)
        {
            return Some(b.clone());
        }
        let b = item.to_heap();
        let old = slot.replace(b.clone());
        drop(boxes);
        drop(old);
        Some(b)
    }
}
