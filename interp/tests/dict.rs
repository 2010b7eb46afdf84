//! Tests of `interp::object::dict` (`src/object/dict.rs`).

use interp::Value;
use interp::object::dict::*;

/// `get_full_str` scans a small dict and hashes in a larger one: both
/// find what the hashed lookup of a `str` key finds, holes and keys of
/// other types included.
#[test]
fn str_lookup_by_scan_agrees_with_the_hashed_one() {
    for n in [0usize, 1, 3, 8, 9, 20] {
        let o = DictObj::new_obj();
        let Some(d) = o.downcast::<DictObj>() else {
            panic!("not a dict");
        };
        d.insert(
            DictKey::new(Value::Int(1)).expect("int key"),
            Value::Int(-1),
        );
        for i in 0..n {
            d.set_str(&format!("k{i}"), Value::Int(i as i64));
        }
        if n > 1 {
            let key = DictKey::new(Value::str("k0")).expect("str key");
            assert!(d.remove(&key).is_some(), "{n}");
        }
        for i in 0..n + 2 {
            let name = format!("k{i}");
            let hashed = d
                .get_full(&DictKey::new(Value::str(&name)).expect("str key"))
                .map(|(i, v)| (i, format!("{v:?}")));
            let got = d.get_full_str(&name).map(|(i, v)| (i, format!("{v:?}")));
            assert_eq!(got, hashed, "{n} {name}");
        }
        assert!(d.get_full_str("1").is_none());
    }
}
