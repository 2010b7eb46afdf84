//! Tests of `interp::object` (`src/object/mod.rs`).

use interp::object::*;

#[test]
fn a_container_that_c_never_looked_into_pays_one_word_for_its_boxes() {
    assert_eq!(std::mem::size_of::<CBoxes>(), std::mem::size_of::<usize>());
    // The cache, once made, holds a box for an unboxed item and hands
    // the same one out while the item is unchanged.
    let c = CBoxes::default();
    let one = c.borrow_box(3, &Value::Int(7)).expect("a box");
    let again = c.borrow_box(3, &Value::Int(7)).expect("a box");
    assert!(one.ptr_eq(&again));
    let other = c.borrow_box(3, &Value::Int(8)).expect("a box");
    assert!(!one.ptr_eq(&other));
}
