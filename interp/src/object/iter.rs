//! Iterator and dict-view payloads. The stepping logic lives in
//! `crate::ops::iter_next`, since `map` and `filter` call back into Python.

use super::{ObjRef, StaticType, Value};
use std::cell::{Cell, RefCell};

/// The state of a built-in iterator (or a dict view, which holds its dict).
///
/// An explicit tag byte: with the default layout the discriminant hides in
/// a niche of a field and the interpreter's FOR_ITER fast paths spent nine
/// instructions decoding it on every step.
#[repr(u8)]
pub enum IterState {
    /// Over a list, by index (sees appends, like CPython).
    List {
        /// The list.
        list: ObjRef,
        /// Next index.
        idx: usize,
    },
    /// Over a list backwards.
    ListRev {
        /// The list.
        list: ObjRef,
        /// How many elements are left (the next index is `left - 1`).
        left: usize,
    },
    /// Over a tuple.
    Tuple {
        /// The tuple.
        tup: ObjRef,
        /// Next index.
        idx: usize,
    },
    /// Over a range with big-int bounds.
    BigRange {
        /// Next value.
        cur: num_bigint::BigInt,
        /// Step.
        step: num_bigint::BigInt,
        /// Values left.
        left: num_bigint::BigInt,
    },
    /// Over the characters of a str.
    Str {
        /// The str.
        s: ObjRef,
        /// Next byte offset.
        pos: usize,
    },
    /// Over a dict's keys (0), values (1) or items (2), as CPython 3.11's
    /// `dictiter` walks its entry table (`DictObj::next_entry_from`).
    Dict {
        /// The dict.
        dict: ObjRef,
        /// Next entry position in CPython's table.
        pos: usize,
        /// The dict's length when iteration started (`usize::MAX` once a
        /// change of size was reported, which sticks, as in CPython).
        used: usize,
        /// Entries still expected: one more than that means keys were
        /// replaced while iterating.
        left: usize,
        /// 0 keys, 1 values, 2 items.
        what: u8,
    },
    /// Over a set or frozenset, as CPython 3.11's `setiterobject` walks
    /// its table (`SetObj::next_from`).
    Set {
        /// The set.
        set: ObjRef,
        /// Next slot.
        pos: usize,
        /// The set's length when iteration started (`usize::MAX` once a
        /// change of size was reported, which sticks, as in CPython).
        used: usize,
    },
    /// A dict view (`keys()`, `values()`, `items()`).
    View {
        /// The dict.
        dict: ObjRef,
        /// 0 keys, 1 values, 2 items.
        what: u8,
    },
    /// `enumerate(it, start)`.
    Enumerate {
        /// The underlying iterator.
        it: Value,
        /// Next count.
        n: Value,
    },
    /// `zip(*its)`.
    Zip {
        /// The underlying iterators.
        its: Vec<Value>,
    },
    /// `map(f, *its)`.
    Map {
        /// The function.
        f: Value,
        /// The underlying iterators.
        its: Vec<Value>,
    },
    /// `filter(f, it)`.
    Filter {
        /// The predicate (None: truthiness).
        f: Value,
        /// The underlying iterator.
        it: Value,
    },
    /// The sequence protocol: `seq[idx]`, `seq[idx + 1]`... until
    /// `IndexError` (an object with `__getitem__` and no `__iter__`).
    Seq {
        /// The object.
        seq: Value,
        /// The next index.
        idx: i64,
    },
    /// `iter(callable, sentinel)`: calls `f()` until it returns a value
    /// equal to `sentinel`.
    Call {
        /// The callable.
        f: Value,
        /// The value that ends the iteration.
        sentinel: Value,
    },
    /// Finished.
    Done,
}

/// A `range_iterator`: a range whose bounds and length fit in `i64`
/// (others get a `longrange_iterator`, an [`IterObj`] in
/// [`IterState::BigRange`]). Its own payload, with no borrow flag and no
/// state to match, because FOR_ITER_RANGE steps it in every `for` loop
/// over a range.
pub struct RangeIterObj {
    /// Next value.
    cur: Cell<i64>,
    /// Step.
    step: i64,
    /// Values left.
    left: Cell<i64>,
}

impl RangeIterObj {
    /// A new `range_iterator` giving `left` values from `start` by `step`.
    /// It holds no references, so the collector does not track it.
    pub fn new_obj(start: i64, step: i64, left: i64) -> ObjRef {
        ObjRef::new(
            super::types::RANGE_ITER.get(),
            RangeIterObj {
                cur: Cell::new(start),
                step,
                left: Cell::new(left),
            },
        )
    }

    /// The next value, the step, and how many values are left (what
    /// on-stack replacement reads to go on with a loop in compiled code).
    pub fn position(&self) -> (i64, i64, i64) {
        (self.cur.get(), self.step, self.left.get())
    }

    /// The next value, or `None` when exhausted.
    #[inline(always)]
    pub fn next(&self) -> Option<i64> {
        let left = self.left.get();
        if left <= 0 {
            return None;
        }
        let v = self.cur.get();
        self.left.set(left - 1);
        self.cur.set(v.wrapping_add(self.step));
        Some(v)
    }
}

/// A built-in iterator or dict view.
pub struct IterObj {
    /// The mutable state.
    pub state: RefCell<IterState>,
}

impl IterObj {
    /// A new iterator object of type `t` in `state`.
    pub fn new_obj(t: &'static StaticType, state: IterState) -> ObjRef {
        let o = ObjRef::new(
            t.get(),
            IterObj {
                state: RefCell::new(state),
            },
        );
        abi::gc_track(&o);
        o
    }

    /// Calls `f` on every object the iterator references.
    pub fn for_each_ref(&self, f: &mut dyn FnMut(&ObjRef)) {
        let Ok(st) = self.state.try_borrow() else {
            return;
        };
        let mut v = |x: &Value| {
            if let Value::Obj(o) = x {
                f(o)
            }
        };
        match &*st {
            IterState::List { list: o, .. }
            | IterState::ListRev { list: o, .. }
            | IterState::Tuple { tup: o, .. }
            | IterState::Str { s: o, .. }
            | IterState::Dict { dict: o, .. }
            | IterState::Set { set: o, .. }
            | IterState::View { dict: o, .. } => v(&Value::Obj(o.clone())),
            IterState::Enumerate { it, n } => {
                v(it);
                v(n);
            }
            IterState::Zip { its } => its.iter().for_each(v),
            IterState::Map { f: func, its } => {
                v(func);
                its.iter().for_each(v);
            }
            IterState::Call { f: func, sentinel } => {
                v(func);
                v(sentinel);
            }
            IterState::Filter { f: func, it } => {
                v(func);
                v(it);
            }
            IterState::Seq { seq, .. } => v(seq),
            IterState::BigRange { .. } | IterState::Done => {}
        }
    }
}
