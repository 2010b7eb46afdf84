//! Tests of `jit::lower` (`src/lower.rs`).

use jit::lower::magic;

/// What the lowered code computes for `n / d` with `magic(d)`.
fn divide(n: i64, d: i64) -> i64 {
    let (m, s) = magic(d).expect("a magic number");
    let mut q = ((n as i128 * m as i128) >> 64) as i64;
    if d > 0 && m < 0 {
        q = q.wrapping_add(n);
    } else if d < 0 && m > 0 {
        q = q.wrapping_sub(n);
    }
    q >>= s;
    q.wrapping_add((q as u64 >> 63) as i64)
}

#[test]
fn magic_numbers_divide_exactly() {
    let mut divisors: Vec<i64> = (2..=300)
        .chain([
            641,
            1000,
            1 << 20,
            1_000_000_007,
            3_074_457_345_618_258_602,
            1 << 62,
            i64::MAX,
        ])
        .collect();
    divisors.extend((0..63).map(|k| (1i64 << k) + 1).filter(|d| *d > 1));
    divisors.extend((1..63).map(|k| (1i64 << k) - 1).filter(|d| *d > 1));
    let negs: Vec<i64> = divisors.iter().map(|d| -d).collect();
    divisors.extend(negs);
    let mut dividends: Vec<i64> = (-2000..=2000).collect();
    for k in 0..63 {
        for x in [1i64 << k, (1i64 << k) - 1, (1i64 << k) + 1] {
            dividends.extend([x, -x]);
        }
    }
    dividends.extend([i64::MIN, i64::MIN + 1, i64::MAX, i64::MAX - 1]);
    // A fixed pseudo-random sample across the whole range.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..2000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        dividends.push(x as i64);
    }
    for &d in &divisors {
        for &n in &dividends {
            assert_eq!(divide(n, d), n / d, "{n} / {d}");
        }
    }
    for d in [-1, 0, 1, i64::MIN] {
        assert_eq!(magic(d), None);
    }
}
