//! Smaller payloads: modules, ranges and slices.

use super::{ObjRef, Value, types};
use num_bigint::BigInt;
use num_traits::{ToPrimitive, Zero};

/// A module: a name and a globals dict.
pub struct ModuleObj {
    /// `__name__`.
    pub name: String,
    /// The module's globals.
    pub dict: ObjRef,
    /// The C definition the module was made from (declared before the
    /// state, so that its [`ModuleDef::free`] runs before the state and
    /// the dict go, as CPython's `module_dealloc` calls `m_free` first).
    /// Set once: when the module is made, or after a definition's create
    /// slot made it.
    pub c_def: std::cell::OnceCell<Box<dyn ModuleDef>>,
    /// Per-module memory of a C extension module (`PyModuleDef.m_size`
    /// bytes, zeroed, 8-byte aligned), freed with the module. Set once,
    /// like `c_def` (for a module from a create slot, before its exec
    /// slots run, as CPython's `PyModule_ExecDef` allocates it).
    pub c_state: std::cell::OnceCell<Box<[u64]>>,
}

/// What the C definition of an extension module (`PyModuleDef`) adds to
/// the module's life: the C API implements it with the definition's
/// `m_traverse`, `m_clear` and `m_free`.
pub trait ModuleDef {
    /// The definition's address (`PyModule_GetDef`).
    fn addr(&self) -> usize;
    /// Visits the objects the module's C state references (`m_traverse`),
    /// for the cycle collector.
    fn traverse(&self, module: &ObjRef, visit: &mut dyn FnMut(&ObjRef));
    /// Drops the references the module's C state holds (`m_clear`), when
    /// the collector found the module in garbage.
    fn clear(&self, module: &ObjRef);
    /// The module object at address `module` is being freed (`m_free`);
    /// its dict and state are still there.
    fn free(&self, module: usize);
}

impl Drop for ModuleObj {
    fn drop(&mut self) {
        if let Some(d) = self.c_def.take() {
            // A module lives in a `PyBox` (made only by `ObjRef::new`), so
            // its header lies just before the payload.
            let header = std::ptr::from_ref(self) as usize - abi::payload_offset::<ModuleObj>();
            d.free(header);
        }
    }
}

impl ModuleObj {
    /// A new module object made from a C definition `def`, with `size`
    /// bytes of zeroed C module state.
    pub fn new_with_state(
        name: &str,
        dict: ObjRef,
        size: usize,
        def: Option<Box<dyn ModuleDef>>,
    ) -> ObjRef {
        let m = ModuleObj {
            name: name.to_owned(),
            dict,
            c_def: std::cell::OnceCell::new(),
            c_state: std::cell::OnceCell::new(),
        };
        if let Some(d) = def {
            let _ = m.c_def.set(d);
        }
        if size > 0 {
            m.set_state(size);
        }
        let o = ObjRef::new(types::MODULE.get(), m);
        abi::gc_track(&o);
        o
    }

    /// Gives the module `size` bytes of zeroed C state, unless it has
    /// state already.
    pub fn set_state(&self, size: usize) {
        let _ = self
            .c_state
            .set(vec![0u64; size.div_ceil(8)].into_boxed_slice());
    }

    /// A new module object over `dict`.
    pub fn new_obj(name: &str, dict: ObjRef) -> ObjRef {
        let o = ObjRef::new(
            types::MODULE.get(),
            ModuleObj {
                name: name.to_owned(),
                dict,
                c_def: std::cell::OnceCell::new(),
                c_state: std::cell::OnceCell::new(),
            },
        );
        abi::gc_track(&o);
        o
    }
}

/// A `range`. Bounds that fit in `i64` live in the plain fields (the fast
/// path); a range with a bound outside `i64` keeps all three in `big`, and
/// then the plain fields are unused.
pub struct RangeObj {
    /// First value.
    pub start: i64,
    /// Exclusive bound.
    pub stop: i64,
    /// Step (never zero).
    pub step: i64,
    /// Start, stop and step when one of them does not fit in `i64`.
    pub big: Option<Box<[BigInt; 3]>>,
}

impl RangeObj {
    /// A new range object.
    pub fn new_obj(start: i64, stop: i64, step: i64) -> ObjRef {
        ObjRef::new(
            types::RANGE.get(),
            RangeObj {
                start,
                stop,
                step,
                big: None,
            },
        )
    }

    /// A new range from arbitrary ints (`step` must not be zero).
    pub fn new_big(start: BigInt, stop: BigInt, step: BigInt) -> ObjRef {
        match (start.to_i64(), stop.to_i64(), step.to_i64()) {
            (Some(a), Some(b), Some(c)) => RangeObj::new_obj(a, b, c),
            _ => ObjRef::new(
                types::RANGE.get(),
                RangeObj {
                    start: 0,
                    stop: 0,
                    step: 1,
                    big: Some(Box::new([start, stop, step])),
                },
            ),
        }
    }

    /// `len(range)` as a big int (any range).
    pub fn big_len(&self) -> BigInt {
        let Some(b) = &self.big else {
            return BigInt::from(self.len());
        };
        let [lo, hi, step] = &**b;
        let zero = BigInt::zero();
        if step > &zero && lo < hi {
            (hi - lo - 1) / step + 1
        } else if step < &zero && lo > hi {
            (lo - hi - 1) / (-step) + 1
        } else {
            zero
        }
    }

    /// The `i`-th element of any range (`0 <= i < len`).
    pub fn big_item(&self, i: &BigInt) -> BigInt {
        match &self.big {
            Some(b) => &b[0] + i * &b[2],
            None => BigInt::from(self.start) + i * BigInt::from(self.step),
        }
    }

    /// (start, stop, step) as big ints.
    pub fn bounds(&self) -> [BigInt; 3] {
        match &self.big {
            Some(b) => (**b).clone(),
            None => [self.start.into(), self.stop.into(), self.step.into()],
        }
    }

    /// `len(range)` of an `i64` range (see [`RangeObj::big_len`]).
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
        match &self.big {
            Some(_) => self.big_len().is_zero(),
            None => self.len() == 0,
        }
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
