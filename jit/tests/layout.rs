//! Tests of `jit::layout` (`src/layout.rs`).

use interp::Value;
use jit::layout::*;

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
