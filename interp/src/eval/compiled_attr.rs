//! Attributes of instances, for compiled code.
//!
//! The JIT compiles LOAD_ATTR_INSTANCE_VALUE, STORE_ATTR_INSTANCE_VALUE and
//! LOAD_METHOD_INSTANCE with a copy of the inline cache the interpreter
//! had when it compiled: a check of the instance's type version tag (in
//! machine code), then one of these functions with the cached entry index
//! and the code's name object. They do what the interpreter's quickened
//! forms do after their version check, so both agree on every instance
//! (a value that does not fit is a miss, and compiled code leaves for the
//! interpreter's generic path).

use crate::object::class::{ClassData, Instance};
use crate::object::{ObjRef, Value};

/// The attribute `name` of `o`, an instance of a Python class whose
/// version tag compiled code checked, at entry `index` of its values or
/// dict; `None` (a miss) unless `o` is such an instance and that entry's
/// key is `name`.
pub fn instance_attr_at(o: &ObjRef, index: usize, name: &ObjRef) -> Option<Value> {
    super::instance_value_at(o.downcast::<Instance>()?, index, name).ok()
}

/// Stores `v` as the attribute `name` of `o` (see [`instance_attr_at`]):
/// replaces entry `index`, or adds it when `index` is the number of
/// entries. The value comes back on a miss, nothing changed.
pub fn store_instance_attr_at(
    o: &ObjRef,
    index: usize,
    name: &ObjRef,
    v: Value,
) -> Result<(), Value> {
    let (Some(cd), Some(inst)) = (o.ty().heap_data::<ClassData>(), o.downcast::<Instance>()) else {
        return Err(v);
    };
    super::instance_store_at(cd, inst, index, name, v).map_err(|(_, v)| v)
}

/// Whether the method `name` that the class of `o` (at the version tag
/// compiled code checked) has is what `o.name` finds: `o` is an instance
/// with no attribute of that name.
pub fn method_unshadowed(o: &ObjRef, name: &ObjRef) -> bool {
    o.downcast::<Instance>()
        .is_some_and(|inst| !super::method_shadowed(inst, name))
}
