//! Tests of heap types made from a spec (`src/heaptype.rs`).

use abi::TypeObject;
use capi::{HeapType, LAST_SLOT, Place, TpField, place};

/// Every id of CPython 3.11's `typeslots.h` has one place, and no two
/// ids share one.
#[test]
fn slot_ids_map_one_to_one() {
    let places: Vec<Place> = (1..=LAST_SLOT).map(|i| place(i).expect("id")).collect();
    for (i, a) in places.iter().enumerate() {
        for b in &places[i + 1..] {
            assert_ne!(a, b);
        }
    }
    assert_eq!(place(0), None);
    assert_eq!(place(LAST_SLOT + 1), None);
    assert_eq!(place(-1), None);
    // A few spot checks against the header: Py_nb_add 7, Py_sq_item 44,
    // Py_tp_repr 66, Py_nb_inplace_matrix_multiply 76.
    assert_eq!(place(7), Some(Place::Number(0)));
    assert_eq!(place(44), Some(Place::Sequence(3)));
    assert_eq!(place(66), Some(Place::Type(TpField::Repr)));
    assert_eq!(place(76), Some(Place::Number(35)));
    assert_eq!(place(37), Some(Place::Number(30)));
}

/// C sees `ht_module` where CPython 3.11's `PyHeapTypeObject` has it,
/// counted from the end of Typhon's `PyTypeObject`.
#[test]
fn heap_type_layout() {
    let word = std::mem::size_of::<usize>();
    let after_type = std::mem::size_of::<TypeObject>();
    assert_eq!(
        std::mem::offset_of!(HeapType, ht_module),
        after_type + (4 + 36 + 3 + 10 + 2 + 4) * word
    );
}
