//! Smaller payloads: modules, ranges and slices.

use super::{ObjRef, Value, types};

/// A module: a name and a globals dict.
pub struct ModuleObj {
    /// `__name__`.
    pub name: String,
    /// The module's globals.
    pub dict: ObjRef,
}

impl ModuleObj {
    /// A new module object over `dict`.
    pub fn new_obj(name: &str, dict: ObjRef) -> ObjRef {
        let o = ObjRef::new(
            types::MODULE.get(),
            ModuleObj {
                name: name.to_owned(),
                dict,
            },
        );
        abi::gc_track(&o);
        o
    }
}

/// A `range` with `i64` bounds.
pub struct RangeObj {
    /// First value.
    pub start: i64,
    /// Exclusive bound.
    pub stop: i64,
    /// Step (never zero).
    pub step: i64,
}

impl RangeObj {
    /// A new range object.
    pub fn new_obj(start: i64, stop: i64, step: i64) -> ObjRef {
        ObjRef::new(types::RANGE.get(), RangeObj { start, stop, step })
    }

    /// `len(range)`.
    pub fn len(&self) -> i64 {
        let (lo, hi, step) = (self.start as i128, self.stop as i128, self.step as i128);
        let n = if step > 0 && lo < hi {
            (hi - lo - 1) / step + 1
        } else if step < 0 && lo > hi {
            (lo - hi - 1) / (-step) + 1
        } else {
            0
        };
        n as i64
    }

    /// Whether the range is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`-th element (`0 <= i < len`).
    pub fn item(&self, i: i64) -> i64 {
        self.start + i * self.step
    }
}

/// A `slice(start, stop, step)`.
pub struct SliceObj {
    /// Start, or `None`.
    pub start: Value,
    /// Stop, or `None`.
    pub stop: Value,
    /// Step, or `None`.
    pub step: Value,
}

impl SliceObj {
    /// A new slice object.
    pub fn new_obj(start: Value, stop: Value, step: Value) -> ObjRef {
        ObjRef::new(types::SLICE.get(), SliceObj { start, stop, step })
    }
}
