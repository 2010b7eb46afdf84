//! [`Value`]: what the interpreter's stack and variables hold.

use super::types::{self, Kind};
use super::{DictObj, ListObj, ObjRef, StaticType, StrObj, TupleObj, TypeObject};
use num_bigint::BigInt;
use num_traits::ToPrimitive;

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
    /// A `float`.
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

    /// A reference to a static type object as a value.
    pub fn from_type(t: &'static StaticType) -> Value {
        Value::Obj(ObjRef::from_static(t))
    }

    /// An int value, unboxed when it fits in `i64`.
    pub fn from_bigint(b: BigInt) -> Value {
        match b.to_i64() {
            Some(i) => Value::Int(i),
            None => Value::Obj(ObjRef::new(types::INT.get(), b)),
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

    /// The big-int payload, if this is a heap `int`.
    #[inline]
    pub fn as_bigint(&self) -> Option<&BigInt> {
        self.downcast::<BigInt>()
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
            Value::Obj(o) => o.downcast::<BigInt>().cloned(),
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
}

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
        Value::Float(f)
    }
}

impl From<ObjRef> for Value {
    fn from(o: ObjRef) -> Value {
        Value::Obj(o)
    }
}
