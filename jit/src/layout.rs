//! How compiled code reads and writes an interpreter `Value`: a 16-byte
//! `#[repr(u64)]` enum, tag word first, payload word second. Compiled code
//! depends on these numbers; the test below pins them against real
//! `interp::Value`s so a change to the enum fails here, not at run time.

/// Size of a `Value` in bytes (the stride of a slot array).
pub const VALUE_SIZE: i32 = 16;
/// Byte offset of the tag word.
pub const TAG_OFFSET: i32 = 0;
/// Byte offset of the payload word (`i64`, `f64` bits, or a `bool` byte).
pub const PAYLOAD_OFFSET: i32 = 8;
/// Tag of `Value::None`.
pub const TAG_NONE: u64 = 0;
/// Tag of `Value::Bool`; the payload is one byte, 0 or 1.
pub const TAG_BOOL: u64 = 1;
/// Tag of `Value::Int`.
pub const TAG_INT: u64 = 2;
/// Tag of `Value::Float`.
pub const TAG_FLOAT: u64 = 3;
/// Tag of `Value::Obj` (compiled code in this slice never holds one).
pub const TAG_OBJ: u64 = 4;
/// Byte offset of an object's type pointer (`ob_type`, as in CPython).
pub const OB_TYPE_OFFSET: i32 = std::mem::offset_of!(abi::ObjHeader, ob_type) as i32;
/// Byte offset of a type object's `tp_version_tag` (a `u32`, as in
/// CPython; the tag of a Python class, 0 for other types).
pub const TP_VERSION_TAG_OFFSET: i32 = std::mem::offset_of!(abi::TypeObject, tp_version_tag) as i32;

#[cfg(test)]
mod tests {
    use super::*;
    use interp::Value;

    fn tag(v: &Value) -> u64 {
        let p = (v as *const Value).cast::<u8>();
        // SAFETY: a #[repr(u64)] enum starts with its u64 discriminant,
        // which is always initialized; the pointer is valid and aligned.
        unsafe { p.add(TAG_OFFSET as usize).cast::<u64>().read() }
    }

    fn word(v: &Value) -> u64 {
        let p = (v as *const Value).cast::<u8>();
        // SAFETY: only called for Int and Float, whose 8-byte payload is
        // fully initialized and sits at PAYLOAD_OFFSET (checked by the test).
        unsafe { p.add(PAYLOAD_OFFSET as usize).cast::<u64>().read() }
    }

    fn byte(v: &Value) -> u8 {
        let p = (v as *const Value).cast::<u8>();
        // SAFETY: a Bool's payload byte is initialized; only it is read.
        unsafe { p.add(PAYLOAD_OFFSET as usize).read() }
    }

    #[test]
    fn no_error_is_a_zero_word() {
        // A direct call writes its callee's context field by field (see
        // `lower`'s `call_direct`): `error: None` as the word 0.
        use interp::PyErr;
        assert_eq!(
            std::mem::size_of::<Option<PyErr>>(),
            std::mem::size_of::<usize>()
        );
        // SAFETY: same size (checked above); the bits are only compared.
        let bits = unsafe { std::mem::transmute::<Option<PyErr>, usize>(None) };
        assert_eq!(bits, 0);
    }

    #[test]
    fn value_layout_matches_the_interpreter() {
        assert_eq!(std::mem::size_of::<Value>(), VALUE_SIZE as usize);
        assert_eq!(tag(&Value::None), TAG_NONE);
        for b in [false, true] {
            assert_eq!(tag(&Value::Bool(b)), TAG_BOOL);
            assert_eq!(byte(&Value::Bool(b)), b as u8);
        }
        for i in [0, -1, i64::MIN, i64::MAX] {
            assert_eq!(tag(&Value::Int(i)), TAG_INT);
            assert_eq!(word(&Value::Int(i)), i as u64);
        }
        for f in [0.0, -0.0, 1.5, f64::NAN, f64::INFINITY] {
            assert_eq!(tag(&Value::Float(f)), TAG_FLOAT);
            assert_eq!(word(&Value::Float(f)), f.to_bits());
        }
    }
}
