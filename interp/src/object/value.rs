//! [`Value`]: what the interpreter's stack and variables hold.

use super::types::{self, Kind};
use super::{DictObj, ListObj, ObjRef, StaticType, StrObj, TupleObj, TypeObject};
use abi::StaticObject;
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use std::sync::atomic::{AtomicU64, Ordering};

/// A Python value. `None`, `bool`, `int`s that fit in `i64` and `float`s are
/// unboxed; everything else is a reference-counted heap object.
///
/// The `u64` tag puts every payload at offset 8, so moving a value is two
/// aligned word moves (with a `u8` tag, `Bool`'s payload sits at byte 1 and
/// copies become overlapping unaligned moves that stall store forwarding).
#[derive(Clone, Debug)]
#[repr(u64)]
pub enum Value {
    /// `None`
    None,
    /// `True` / `False`
    Bool(bool),
    /// An `int` in `i64` range.
    Int(i64),
    /// A `float`. A NaN's bits are its identity (see [`Value::float`]):
    /// make a float from a computed `f64` with [`Value::float`], and build
    /// `Value::Float` directly only to copy an existing value.
    Float(f64),
    /// A heap object.
    Obj(ObjRef),
}

impl Value {
    /// The type object of this value.
    pub fn type_of(&self) -> &TypeObject {
        match self {
            Value::None => types::NONE_TYPE.get(),
            Value::Bool(_) => types::BOOL.get(),
            Value::Int(_) => types::INT.get(),
            Value::Float(_) => types::FLOAT.get(),
            Value::Obj(o) => o.ty(),
        }
    }

    /// The type's name, as `type(x).__name__` gives it.
    pub fn type_name(&self) -> &str {
        self.type_of().name()
    }

    /// The dispatch tag of this value's type.
    #[inline]
    pub fn kind(&self) -> u32 {
        match self {
            Value::None => Kind::NONE,
            Value::Bool(_) => Kind::BOOL,
            Value::Int(_) => Kind::INT,
            Value::Float(_) => Kind::FLOAT,
            Value::Obj(o) => o.kind(),
        }
    }

    /// A new `float` object holding `f`: how every float Typhon computes
    /// (arithmetic, parsing, builtins, C API results) becomes a value.
    ///
    /// In CPython each float is an object, so two NaNs made separately are
    /// two objects (`float('nan') is float('nan')` is False) while one NaN
    /// copied around stays itself (`x in [x]`). Unboxed floats have no
    /// address, so a NaN's identity lives in its 51 spare mantissa bits:
    /// each NaN made here gets a fresh stamp (its sign is kept), copies of
    /// the value keep it, and `is` compares bits ([`Value::is`]). Without
    /// the stamp, `x + 1` for a NaN `x` would return `x`'s own bits (NaN
    /// arithmetic passes its operand's payload through) and be `x`.
    #[inline(always)]
    pub fn float(f: f64) -> Value {
        Value::Float(if f.is_nan() { fresh_nan(f) } else { f })
    }

    /// A reference to a static type object as a value.
    pub fn from_type(t: &'static StaticType) -> Value {
        Value::Obj(ObjRef::from_static(t))
    }

    /// An int value, unboxed when it fits in `i64`.
    pub fn from_bigint(b: BigInt) -> Value {
        match b.to_i64() {
            Some(i) => Value::Int(i),
            None => Value::Obj(ObjRef::new(types::INT.get(), IntObj::Big(b))),
        }
    }

    /// A new `str`.
    pub fn str(s: &str) -> Value {
        Value::Obj(StrObj::new_obj(s))
    }

    /// A new `str` taking ownership of a `String`.
    pub fn string(s: String) -> Value {
        Value::Obj(StrObj::from_string(s))
    }

    /// A new `list`.
    pub fn list(items: Vec<Value>) -> Value {
        Value::Obj(ListObj::new_obj(items))
    }

    /// A new `tuple`.
    pub fn tuple(items: Vec<Value>) -> Value {
        Value::Obj(TupleObj::new_obj(items))
    }

    /// A new empty `dict`.
    pub fn dict() -> Value {
        Value::Obj(DictObj::new_obj())
    }

    /// The heap object, if this is one.
    #[inline]
    pub fn as_obj(&self) -> Option<&ObjRef> {
        match self {
            Value::Obj(o) => Some(o),
            _ => None,
        }
    }

    /// The payload of a heap object of payload type `T`.
    #[inline]
    pub fn downcast<T: 'static>(&self) -> Option<&T> {
        match self {
            Value::Obj(o) => o.downcast::<T>(),
            _ => None,
        }
    }

    /// The string slice, if this is a `str`.
    #[inline]
    pub fn as_str(&self) -> Option<&str> {
        self.downcast::<StrObj>().map(|s| s.as_str())
    }

    /// The big-int payload, if this is a heap `int` (always outside `i64`).
    #[inline]
    pub fn as_bigint(&self) -> Option<&BigInt> {
        self.downcast::<IntObj>().and_then(IntObj::as_big)
    }

    /// Whether this is an `int` or a `bool` (an int subclass).
    pub fn is_int(&self) -> bool {
        matches!(self, Value::Int(_) | Value::Bool(_)) || self.as_bigint().is_some()
    }

    /// The value as a `BigInt`, for ints and bools.
    pub fn to_bigint(&self) -> Option<BigInt> {
        match self {
            Value::Int(i) => Some(BigInt::from(*i)),
            Value::Bool(b) => Some(BigInt::from(*b as i64)),
            Value::Obj(o) => o.downcast::<IntObj>().and_then(IntObj::as_big).cloned(),
            _ => None,
        }
    }

    /// `a is b`.
    pub fn is(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::None, Value::None) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
            (Value::Obj(a), Value::Obj(b)) => a.ptr_eq(b),
            _ => false,
        }
    }

    /// Whether the value is an instance of `t` (or a subtype of it).
    pub fn isinstance(&self, t: &TypeObject) -> bool {
        self.type_of().is_subtype(t)
    }

    /// The value as a heap object, boxing unboxed values: `None`, `True`
    /// and `False` become their immortal singletons; an `int` or `float`
    /// gets a fresh box. This is how a value is handed to C code as a
    /// `PyObject*`; [`Value::from_heap`] undoes it.
    pub fn to_heap(&self) -> ObjRef {
        match self {
            Value::None => ObjRef::from_static_object(&NONE),
            Value::Bool(true) => ObjRef::from_static_object(&TRUE),
            Value::Bool(false) => ObjRef::from_static_object(&FALSE),
            Value::Int(i) => ObjRef::new(types::INT.get(), IntObj::Small(*i)),
            Value::Float(f) => ObjRef::new(types::FLOAT.get(), *f),
            Value::Obj(o) => o.clone(),
        }
    }

    /// The value a heap object stands for, in the interpreter's canonical
    /// form: the singletons and boxed small ints and floats come back
    /// unboxed (the box is released), everything else stays a heap object.
    pub fn from_heap(o: ObjRef) -> Value {
        match o.kind() {
            Kind::NONE => Value::None,
            Kind::BOOL => Value::Bool(o.is_static_object(&TRUE)),
            Kind::INT => match o.downcast::<IntObj>() {
                Some(IntObj::Small(i)) => Value::Int(*i),
                _ => Value::Obj(o),
            },
            // (An instance of a class deriving from `int` holds a `Big`
            // payload, one deriving from `float` stays itself.)
            Kind::FLOAT if !o.ty().is_heap_type() => match o.downcast::<f64>() {
                Some(f) => Value::Float(*f),
                None => Value::Obj(o),
            },
            _ => Value::Obj(o),
        }
    }

    /// Whether the boxed object `o` (from [`Value::to_heap`]) still stands
    /// for this value: the same object, or a box of the same number.
    pub fn boxed_by(&self, o: &ObjRef) -> bool {
        match self {
            Value::Int(i) => matches!(o.downcast::<IntObj>(), Some(IntObj::Small(j)) if i == j),
            Value::Float(f) => o
                .downcast::<f64>()
                .is_some_and(|g| g.to_bits() == f.to_bits()),
            Value::None => o.is_static_object(&NONE),
            Value::Bool(true) => o.is_static_object(&TRUE),
            Value::Bool(false) => o.is_static_object(&FALSE),
            Value::Obj(p) => p.ptr_eq(o),
        }
    }
}

/// The last NaN stamp handed out (see [`Value::float`]). Process-wide, so
/// that NaNs of two interpreters are never the same object either.
static NAN_STAMP: AtomicU64 = AtomicU64::new(0);

/// The mantissa bits that hold a NaN's stamp: all but the quiet bit.
const NAN_STAMP_BITS: u64 = (1 << 51) - 1;

/// `f` (a NaN) with a stamp no NaN had before: a quiet NaN with `f`'s sign.
/// Stamps start at 1, so no stamped NaN is the processor's default NaN;
/// they would repeat after 2**51 NaNs, decades of making nothing else.
#[cold]
#[inline(never)]
pub fn fresh_nan(f: f64) -> f64 {
    let stamp = NAN_STAMP.fetch_add(1, Ordering::Relaxed).wrapping_add(1);
    let sign = f.to_bits() & (1 << 63);
    f64::from_bits(sign | 0x7ff8_0000_0000_0000 | (stamp & NAN_STAMP_BITS))
}

/// The payload of a heap `int`.
///
/// The interpreter only ever makes `Big` ints (outside `i64`); small ints
/// stay unboxed in [`Value::Int`]. `Small` boxes exist only while C code
/// holds an int as a `PyObject*` (see [`Value::to_heap`]), and
/// [`Value::from_heap`] turns them back into `Value::Int`, so interpreter
/// code never sees one.
pub enum IntObj {
    /// A boxed `i64` (C API only).
    Small(i64),
    /// An int outside `i64`.
    Big(BigInt),
}

impl IntObj {
    /// The big int, if this is one.
    pub fn as_big(&self) -> Option<&BigInt> {
        match self {
            IntObj::Big(b) => Some(b),
            IntObj::Small(_) => None,
        }
    }
}

/// `None` as an object.
pub static NONE: StaticObject = StaticObject::new(&types::NONE_TYPE);
/// `True` as an object.
pub static TRUE: StaticObject = StaticObject::new(&types::BOOL);
/// `False` as an object.
pub static FALSE: StaticObject = StaticObject::new(&types::BOOL);
/// `NotImplemented`.
pub static NOT_IMPLEMENTED: StaticObject = StaticObject::new(&types::NOT_IMPLEMENTED_TYPE);
/// `Ellipsis`.
pub static ELLIPSIS: StaticObject = StaticObject::new(&types::ELLIPSIS_TYPE);

const _: () = assert!(std::mem::size_of::<Value>() == 16);
const _: () = assert!(std::mem::size_of::<Option<Value>>() == 16);

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl From<i64> for Value {
    fn from(i: i64) -> Value {
        Value::Int(i)
    }
}

impl From<f64> for Value {
    fn from(f: f64) -> Value {
        Value::float(f)
    }
}

impl From<ObjRef> for Value {
    fn from(o: ObjRef) -> Value {
        Value::Obj(o)
    }
}
