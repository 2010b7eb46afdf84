//! The payload of a `complex` object.

use super::{ObjRef, Value, types};

/// A `complex`: its real and imaginary parts. Laid out as CPython's
/// `Py_complex`, so that the object is a `PyComplexObject` to C code
/// (the parts right after the header, `cval`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ComplexObj {
    /// The real part.
    pub re: f64,
    /// The imaginary part.
    pub im: f64,
}

impl ComplexObj {
    /// A new `complex` object `re + im*j`.
    pub fn new_obj(re: f64, im: f64) -> ObjRef {
        ObjRef::new(types::COMPLEX.get(), ComplexObj { re, im })
    }
}

impl Value {
    /// A new `complex` value `re + im*j`.
    pub fn complex(re: f64, im: f64) -> Value {
        Value::Obj(ComplexObj::new_obj(re, im))
    }

    /// The parts `(re, im)` of a `complex`, `None` for anything else.
    #[inline]
    pub fn as_complex(&self) -> Option<(f64, f64)> {
        self.downcast::<ComplexObj>().map(|c| (c.re, c.im))
    }
}
