//! The `list` and `tuple` payloads.

use super::{CBoxes, ObjRef, Value, types};
use std::cell::RefCell;

/// A Python `list`. Code never holds a borrow of `items` across a call that
/// can run Python code, so the `RefCell` never sees a conflicting borrow.
pub struct ListObj {
    /// The elements.
    pub items: RefCell<Vec<Value>>,
    /// Boxes of unboxed items that C code borrowed.
    pub c_boxes: CBoxes,
}

impl ListObj {
    /// A new `list` object.
    pub fn new_obj(items: Vec<Value>) -> ObjRef {
        let o = ObjRef::new_with(types::LIST.get(), || ListObj {
            items: RefCell::new(items),
            c_boxes: CBoxes::default(),
        });
        abi::gc_track(&o);
        o
    }
}

/// A Python `tuple`.
pub struct TupleObj {
    /// The elements.
    pub items: Box<[Value]>,
    /// Boxes of unboxed items that C code borrowed.
    pub c_boxes: CBoxes,
}

impl TupleObj {
    /// Whether a tuple holding `item` must be tracked by the cycle
    /// collector: only a tuple holding a container can be part of a cycle.
    #[inline]
    pub fn item_needs_tracking(item: &Value) -> bool {
        item.as_obj()
            .is_some_and(|o| o.ty().tp_flags & abi::TPFLAGS_HAVE_GC != 0)
    }

    /// A new `tuple` object.
    pub fn new_obj(items: Vec<Value>) -> ObjRef {
        let track = items.iter().any(TupleObj::item_needs_tracking);
        let o = ObjRef::new_with(types::TUPLE.get(), || TupleObj {
            items: items.into_boxed_slice(),
            c_boxes: CBoxes::default(),
        });
        if track {
            abi::gc_track(&o);
        }
        o
    }
}
