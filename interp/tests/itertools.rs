//! Tests of `interp::stdlib::itertools` (`src/stdlib/itertools.rs`).

use interp::Value;
use interp::stdlib::itertools::*;

/// The items of a tuple value (for the tests' convenience).
fn items(v: &Value) -> Vec<Value> {
    v.downcast::<interp::object::TupleObj>()
        .map(|t| t.items.to_vec())
        .unwrap_or_default()
}

fn ints(v: &[Value]) -> Vec<i64> {
    v.iter()
        .map(|x| match x {
            Value::Int(i) => *i,
            _ => -1,
        })
        .collect()
}

fn run(mut s: It) -> Vec<Vec<i64>> {
    let mut out = Vec::new();
    while let Some(t) = combinatoric_next(&mut s) {
        out.push(ints(&items(&t)));
    }
    out
}

fn pool(n: i64) -> Vec<Value> {
    (0..n).map(Value::Int).collect()
}

#[test]
fn permutations_in_lexicographic_order() {
    let p = run(It::Permutations {
        pool: pool(3),
        indices: vec![0, 1, 2],
        cycles: vec![3, 2],
        r: 2,
        result: None,
    });
    assert_eq!(
        p,
        [[0, 1], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1]].map(|x| x.to_vec())
    );
}

#[test]
fn combinations_with_replacement_counts() {
    let c = run(It::CombinationsWithReplacement {
        pool: pool(3),
        indices: vec![0, 0],
        r: 2,
        result: None,
    });
    assert_eq!(c.len(), 6);
    assert_eq!(c[5], vec![2, 2]);
}
