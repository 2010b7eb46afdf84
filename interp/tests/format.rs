//! Tests of `interp::format` (`src/format.rs`).
//!
//! Expected values were produced by CPython 3.11.7 (`python3`) and pasted here as tables.

use interp::format::*;
use num_bigint::BigInt;
use num_traits::Zero;

/// Renders a result the way the tables spell it: the text, or "ExcType: message".
fn show(r: Result<String, FmtError>) -> String {
    match r {
        Ok(s) => s,
        Err(e) => e.to_string(),
    }
}

/// Evaluates a sum of terms like "-2**70-1" or "2**1024-2**970" (each term an integer or
/// `base**exp`), as Python would.
fn big(s: &str) -> BigInt {
    let mut total = BigInt::zero();
    let mut term = String::new();
    let mut negative = false;
    let mut flush = |term: &mut String, negative: bool| {
        if term.is_empty() {
            return;
        }
        let v = match term.split_once("**") {
            Some((b, e)) => {
                num_traits::pow(b.parse::<BigInt>().expect("base"), e.parse().expect("exp"))
            }
            None => term.parse::<BigInt>().expect("int"),
        };
        total += if negative { -v } else { v };
        term.clear();
    };
    for c in s.chars() {
        if c == '+' || c == '-' {
            flush(&mut term, negative);
            negative = c == '-';
        } else {
            term.push(c);
        }
    }
    flush(&mut term, negative);
    total
}

const FLOAT_REPR: &[(f64, &str)] = &[
    (0.1, "0.1"),
    (0.30000000000000004, "0.30000000000000004"),
    (1e+16, "1e+16"),
    (1000000000000000.0, "1000000000000000.0"),
    (9999999999999998.0, "9999999999999998.0"),
    (0.0001, "0.0001"),
    (1e-05, "1e-05"),
    (5e-324, "5e-324"),
    (1.7976931348623157e+308, "1.7976931348623157e+308"),
    (-0.0, "-0.0"),
    (0.0, "0.0"),
    (123456789.123, "123456789.123"),
    (1.0, "1.0"),
    (-1.0, "-1.0"),
    (1.5, "1.5"),
    (100.0, "100.0"),
    (1e+22, "1e+22"),
    (1e+23, "1e+23"),
    (2.5e-05, "2.5e-05"),
    (1.5e+300, "1.5e+300"),
    (0.30000000000000004, "0.30000000000000004"),
    (0.3333333333333333, "0.3333333333333333"),
    (0.6666666666666666, "0.6666666666666666"),
    (1e-07, "1e-07"),
    (123.456, "123.456"),
    (1234567890123456.8, "1234567890123456.8"),
    (1.2345678901234568e+16, "1.2345678901234568e+16"),
    (2.000000000000001e+16, "2.000000000000001e+16"),
    (4.35, "4.35"),
    (1536564326410462.2, "1536564326410462.2"),
    (611530789211175.2, "611530789211175.2"),
    (f64::INFINITY, "inf"),
    (f64::NEG_INFINITY, "-inf"),
    (f64::NAN, "nan"),
    (2.2250738585072014e-308, "2.2250738585072014e-308"),
    (1.5e-323, "1.5e-323"),
    (9007199254740992.0, "9007199254740992.0"),
    (0.001, "0.001"),
    (0.0001, "0.0001"),
    (1.234e-05, "1.234e-05"),
    (1e+100, "1e+100"),
    (9.223372036854776e+18, "9.223372036854776e+18"),
];

#[test]
fn float_repr_matches_cpython() {
    for &(x, want) in FLOAT_REPR {
        assert_eq!(float_repr(x), want, "repr({x:e})");
    }
}

const FORMAT_FLOAT: &[(f64, &str, &str)] = &[
    (-0.0004, "", "-0.0004"),
    (-2.5, "", "-2.5"),
    (f64::INFINITY, "", "inf"),
    (1e-07, "", "1e-07"),
    (2.675, "e", "2.675000e+00"),
    (1.5, "e", "1.500000e+00"),
    (0.0, "e", "0.000000e+00"),
    (1e-07, "e", "1.000000e-07"),
    (2.675, "E", "2.675000E+00"),
    (1e+16, "E", "1.000000E+16"),
    (-0.0004, "E", "-4.000000E-04"),
    (2.5, "E", "2.500000E+00"),
    (2.675, "f", "2.675000"),
    (5e-324, "f", "0.000000"),
    (f64::NEG_INFINITY, "f", "-inf"),
    (0.1, "f", "0.100000"),
    (-2.5, "F", "-2.500000"),
    (-0.0004, "F", "-0.000400"),
    (5e-324, "F", "0.000000"),
    (f64::NAN, "F", "NAN"),
    (9.995, "g", "9.995"),
    (f64::NEG_INFINITY, "g", "-inf"),
    (0.0, "g", "0"),
    (0.1, "g", "0.1"),
    (1.5, "G", "1.5"),
    (0.125, "G", "0.125"),
    (-0.0, "G", "-0"),
    (-2.5, "G", "-2.5"),
    (0.0, "n", "0"),
    (1e+16, "n", "1e+16"),
    (2.675, "n", "2.675"),
    (123.456, "n", "123.456"),
    (f64::NEG_INFINITY, "%", "-inf%"),
    (f64::NAN, "%", "nan%"),
    (5e-324, "%", "0.000000%"),
    (f64::INFINITY, "%", "inf%"),
    (1e-07, ".3", "1e-07"),
    (-2.5, ".3", "-2.5"),
    (f64::INFINITY, ".3", "inf"),
    (-0.0, ".3", "-0.0"),
    (-0.0, ".0", "-0e+00"),
    (-2.5, ".0", "-2e+00"),
    (2.675, ".0", "3e+00"),
    (2.5, ".0", "2e+00"),
    (1e+16, ".2e", "1.00e+16"),
    (f64::NAN, ".2e", "nan"),
    (123.456, ".2e", "1.23e+02"),
    (1234567.891, ".2e", "1.23e+06"),
    (9.995, ".0e", "1e+01"),
    (f64::NEG_INFINITY, ".0e", "-inf"),
    (f64::INFINITY, ".0e", "inf"),
    (1e+16, ".0e", "1e+16"),
    (f64::NAN, "#.0e", "nan"),
    (-0.0004, "#.0e", "-4.e-04"),
    (0.1, "#.0e", "1.e-01"),
    (2.675, "#.0e", "3.e+00"),
    (0.0, ".3f", "0.000"),
    (1e+16, ".3f", "10000000000000000.000"),
    (0.125, ".3f", "0.125"),
    (f64::INFINITY, ".3f", "inf"),
    (0.1, ".0f", "0"),
    (2.5, ".0f", "2"),
    (1234567.891, ".0f", "1234568"),
    (5e-324, ".0f", "0"),
    (1e+16, "#.0f", "10000000000000000."),
    (123.456, "#.0f", "123."),
    (2.5, "#.0f", "2."),
    (-0.0, "#.0f", "-0."),
    (2.675, ".3g", "2.67"),
    (5e-324, ".3g", "4.94e-324"),
    (1.5, ".3g", "1.5"),
    (0.125, ".3g", "0.125"),
    (1.5, "#.3g", "1.50"),
    (f64::NAN, "#.3g", "nan"),
    (-2.5, "#.3g", "-2.50"),
    (0.0, "#.3g", "0.00"),
    (123.456, "#g", "123.456"),
    (f64::NAN, "#g", "nan"),
    (9.995, "#g", "9.99500"),
    (2.675, "#g", "2.67500"),
    (2.5, "#", "2.5"),
    (-0.0, "#", "-0.0"),
    (9.995, "#", "9.995"),
    (1234567.891, "#", "1234567.891"),
    (0.1, ".2%", "10.00%"),
    (1e+16, ".2%", "1000000000000000000.00%"),
    (-0.0004, ".2%", "-0.04%"),
    (0.0, ".2%", "0.00%"),
    (123.456, "10.2f", "    123.46"),
    (0.0, "10.2f", "      0.00"),
    (1.5, "10.2f", "      1.50"),
    (-0.0, "10.2f", "     -0.00"),
    (5e-324, "<10.2f", "0.00      "),
    (-0.0, "<10.2f", "-0.00     "),
    (1234567.891, "<10.2f", "1234567.89"),
    (2.675, "<10.2f", "2.67      "),
    (123.456, "^10.2f", "  123.46  "),
    (1e+16, "^10.2f", "10000000000000000.00"),
    (-2.5, "^10.2f", "  -2.50   "),
    (f64::INFINITY, "^10.2f", "   inf    "),
    (-0.0, "=+10.2f", "-     0.00"),
    (0.1, "=+10.2f", "+     0.10"),
    (9.995, "=+10.2f", "+     9.99"),
    (0.125, "=+10.2f", "+     0.12"),
    (-2.5, "*>12,.2f", "*******-2.50"),
    (f64::NEG_INFINITY, "*>12,.2f", "********-inf"),
    (9.995, "*>12,.2f", "********9.99"),
    (-0.0004, "*>12,.2f", "*******-0.00"),
    (9.995, "010.2f", "0000009.99"),
    (f64::NEG_INFINITY, "010.2f", "-000000inf"),
    (2.5, "010.2f", "0000002.50"),
    (123.456, "010.2f", "0000123.46"),
    (9.995, "+.1f", "+10.0"),
    (1e+16, "+.1f", "+10000000000000000.0"),
    (f64::NAN, "+.1f", "+nan"),
    (0.1, "+.1f", "+0.1"),
    (-0.0004, " .1f", "-0.0"),
    (123.456, " .1f", " 123.5"),
    (f64::NAN, " .1f", " nan"),
    (-2.5, " .1f", "-2.5"),
    (9.995, "z.1f", "10.0"),
    (123.456, "z.1f", "123.5"),
    (0.1, "z.1f", "0.1"),
    (0.0, "z.1f", "0.0"),
    (f64::NAN, "z", "nan"),
    (0.1, "z", "0.1"),
    (0.0, "z", "0.0"),
    (1234567.891, "z", "1234567.891"),
    (-2.5, ",", "-2.5"),
    (-0.0, ",", "-0.0"),
    (0.1, ",", "0.1"),
    (-0.0004, ",", "-0.0004"),
    (f64::INFINITY, "_", "inf"),
    (5e-324, "_", "5e-324"),
    (1e+16, "_", "1e+16"),
    (9.995, "_", "9.995"),
    (2.675, "015,.3f", "000,000,002.675"),
    (0.0, "015,.3f", "000,000,000.000"),
    (-0.0, "015,.3f", "-00,000,000.000"),
    (0.1, "015,.3f", "000,000,000.100"),
    (0.0, ",.2f", "0.00"),
    (f64::INFINITY, ",.2f", "inf"),
    (1e+16, ",.2f", "10,000,000,000,000,000.00"),
    (0.1, ",.2f", "0.10"),
    (1e-07, "_.3e", "1.000e-07"),
    (123.456, "_.3e", "1.235e+02"),
    (0.1, "_.3e", "1.000e-01"),
    (1.5, "_.3e", "1.500e+00"),
    (f64::INFINITY, ".17g", "inf"),
    (0.125, ".17g", "0.125"),
    (0.1, ".17g", "0.10000000000000001"),
    (f64::NEG_INFINITY, ".17g", "-inf"),
    (f64::INFINITY, ".30f", "inf"),
    (
        1e+16,
        ".30f",
        "10000000000000000.000000000000000000000000000000",
    ),
    (123.456, ".30f", "123.456000000000003069544618483633"),
    (f64::NEG_INFINITY, ".30f", "-inf"),
    (
        f64::NEG_INFINITY,
        "d",
        "ValueError: Unknown format code 'd' for object of type 'float'",
    ),
    (
        2.5,
        "d",
        "ValueError: Unknown format code 'd' for object of type 'float'",
    ),
    (
        0.0,
        "d",
        "ValueError: Unknown format code 'd' for object of type 'float'",
    ),
    (
        123.456,
        "d",
        "ValueError: Unknown format code 'd' for object of type 'float'",
    ),
    (
        -2.5,
        "x",
        "ValueError: Unknown format code 'x' for object of type 'float'",
    ),
    (
        123.456,
        "x",
        "ValueError: Unknown format code 'x' for object of type 'float'",
    ),
    (
        -0.0004,
        "x",
        "ValueError: Unknown format code 'x' for object of type 'float'",
    ),
    (
        0.1,
        "x",
        "ValueError: Unknown format code 'x' for object of type 'float'",
    ),
    (
        1e+16,
        "c",
        "ValueError: Unknown format code 'c' for object of type 'float'",
    ),
    (
        -0.0004,
        "c",
        "ValueError: Unknown format code 'c' for object of type 'float'",
    ),
    (
        0.1,
        "c",
        "ValueError: Unknown format code 'c' for object of type 'float'",
    ),
    (
        1.5,
        "c",
        "ValueError: Unknown format code 'c' for object of type 'float'",
    ),
    (
        f64::NAN,
        "s",
        "ValueError: Unknown format code 's' for object of type 'float'",
    ),
    (
        2.5,
        "s",
        "ValueError: Unknown format code 's' for object of type 'float'",
    ),
    (
        9.995,
        "s",
        "ValueError: Unknown format code 's' for object of type 'float'",
    ),
    (
        123.456,
        "s",
        "ValueError: Unknown format code 's' for object of type 'float'",
    ),
    (
        0.1,
        ",d",
        "ValueError: Unknown format code 'd' for object of type 'float'",
    ),
    (
        5e-324,
        ",d",
        "ValueError: Unknown format code 'd' for object of type 'float'",
    ),
    (
        -0.0004,
        ",d",
        "ValueError: Unknown format code 'd' for object of type 'float'",
    ),
    (
        2.675,
        ",d",
        "ValueError: Unknown format code 'd' for object of type 'float'",
    ),
    (0.125, ",x", "ValueError: Cannot specify ',' with 'x'."),
    (1.5, ",x", "ValueError: Cannot specify ',' with 'x'."),
    (0.1, ",x", "ValueError: Cannot specify ',' with 'x'."),
    (
        f64::INFINITY,
        ",x",
        "ValueError: Cannot specify ',' with 'x'.",
    ),
    (1234567.891, ".2147483648", "ValueError: precision too big"),
    (1e-07, ".2147483648", "ValueError: precision too big"),
    (1e+16, ".2147483648", "ValueError: precision too big"),
    (2.5, ".2147483648", "ValueError: precision too big"),
    (
        2.5,
        "xx",
        "ValueError: Invalid format specifier 'xx' for object of type 'float'",
    ),
    (
        -0.0,
        "xx",
        "ValueError: Invalid format specifier 'xx' for object of type 'float'",
    ),
    (
        1234567.891,
        "xx",
        "ValueError: Invalid format specifier 'xx' for object of type 'float'",
    ),
    (
        0.125,
        "xx",
        "ValueError: Invalid format specifier 'xx' for object of type 'float'",
    ),
    (0.125, ".", "ValueError: Format specifier missing precision"),
    (1e+16, ".", "ValueError: Format specifier missing precision"),
    (0.1, ".", "ValueError: Format specifier missing precision"),
    (
        f64::NEG_INFINITY,
        ".",
        "ValueError: Format specifier missing precision",
    ),
    (1.5, ",_", "ValueError: Cannot specify both ',' and '_'."),
    (
        f64::INFINITY,
        ",_",
        "ValueError: Cannot specify both ',' and '_'.",
    ),
    (-2.5, ",_", "ValueError: Cannot specify both ',' and '_'."),
    (
        1234567.891,
        ",_",
        "ValueError: Cannot specify both ',' and '_'.",
    ),
    (
        123.456,
        "1..",
        "ValueError: Format specifier missing precision",
    ),
    (
        9.995,
        "1..",
        "ValueError: Format specifier missing precision",
    ),
    (
        1e+16,
        "1..",
        "ValueError: Format specifier missing precision",
    ),
    (
        -0.0004,
        "1..",
        "ValueError: Format specifier missing precision",
    ),
    (
        f64::INFINITY,
        "é",
        "ValueError: Unknown format code '\\xe9' for object of type 'float'",
    ),
    (
        f64::NAN,
        "é",
        "ValueError: Unknown format code '\\xe9' for object of type 'float'",
    ),
    (
        123.456,
        "é",
        "ValueError: Unknown format code '\\xe9' for object of type 'float'",
    ),
    (
        1234567.891,
        "é",
        "ValueError: Unknown format code '\\xe9' for object of type 'float'",
    ),
    (f64::NAN, "é^9", "ééénanééé"),
    (-0.0, "é^9", "éé-0.0ééé"),
    (5e-324, "é^9", "é5e-324éé"),
    (1.5, "é^9", "ééé1.5ééé"),
    (1234567.891, "0=10", "1234567.891"),
    (0.0, "0=10", "00000000.0"),
    (2.675, "0=10", "000002.675"),
    (f64::NAN, "0=10", "0000000nan"),
    (1.0, "", "1.0"),
    (1e+16, ".3", "1e+16"),
    (123.456, ".2", "1.2e+02"),
    (1.5, ".0", "2e+00"),
    (0.1, ".30f", "0.100000000000000005551115123126"),
    (
        1e+300,
        ".0f",
        "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160",
    ),
    (0.1, "%", "10.000000%"),
    (1e+16, "#", "1.e+16"),
    (1.0, "#.0e", "1.e+00"),
    (-0.0001, "z.2f", "0.00"),
    (-0.0, "z", "0.0"),
    (f64::INFINITY, "010", "0000000inf"),
    (f64::NAN, "+", "+nan"),
    (f64::NAN, "", "nan"),
    (100000.0, "n", "100000"),
    (0.5, ".0f", "0"),
    (1.5, ".0f", "2"),
    (0.125, ".2f", "0.12"),
    (2.5, ".0e", "2e+00"),
    (12345.678, "_.2f", "12_345.68"),
    (1234.5, "012,.1f", "00,001,234.5"),
    (-1234.5, "012,.1f", "-0,001,234.5"),
    (1e-05, "g", "1e-05"),
    (0.0001, "g", "0.0001"),
    (123456.0, "g", "123456"),
    (1234567.0, "g", "1.23457e+06"),
    (1234567.0, "G", "1.23457E+06"),
    (1e+20, "F", "100000000000000000000.000000"),
    (f64::INFINITY, "F", "INF"),
    (f64::NAN, "E", "NAN"),
];

#[test]
fn format_float_matches_cpython() {
    for &(x, spec, want) in FORMAT_FLOAT {
        assert_eq!(show(format_float(x, spec)), want, "format({x:e}, {spec:?})");
    }
}

const FORMAT_I64: &[(i64, &str, &str)] = &[
    (1234567, "", "1234567"),
    (-1234, "", "-1234"),
    (65, "", "65"),
    (9223372036854775807, "", "9223372036854775807"),
    (9223372036854775807, "d", "9223372036854775807"),
    (7, "d", "7"),
    (0, "d", "0"),
    (1234, "d", "1234"),
    (
        -9223372036854775808,
        "b",
        "-1000000000000000000000000000000000000000000000000000000000000000",
    ),
    (128512, "b", "11111011000000000"),
    (-1234, "b", "-10011010010"),
    (-255, "b", "-11111111"),
    (-1234, "o", "-2322"),
    (255, "o", "377"),
    (7, "o", "7"),
    (1, "o", "1"),
    (1234567, "x", "12d687"),
    (-255, "x", "-ff"),
    (1, "x", "1"),
    (7, "x", "7"),
    (0, "X", "0"),
    (-9223372036854775808, "X", "-8000000000000000"),
    (-1234, "X", "-4D2"),
    (7, "X", "7"),
    (65, "#b", "0b1000001"),
    (1234567, "#b", "0b100101101011010000111"),
    (0, "#b", "0b0"),
    (128512, "#b", "0b11111011000000000"),
    (1234, "#o", "0o2322"),
    (9223372036854775807, "#o", "0o777777777777777777777"),
    (1, "#o", "0o1"),
    (-1, "#o", "-0o1"),
    (-1234, "#x", "-0x4d2"),
    (-255, "#x", "-0xff"),
    (7, "#x", "0x7"),
    (0, "#x", "0x0"),
    (-1234, "#X", "-0X4D2"),
    (-9223372036854775808, "#X", "-0X8000000000000000"),
    (65, "#X", "0X41"),
    (0, "#X", "0X0"),
    (1234567, "n", "1234567"),
    (1, "n", "1"),
    (255, "n", "255"),
    (-1, "n", "-1"),
    (-255, "c", "OverflowError: %c arg not in range(0x110000)"),
    (-1234, "c", "OverflowError: %c arg not in range(0x110000)"),
    (1234, "c", "Ӓ"),
    (0, "c", "\u{0}"),
    (255, ",", "255"),
    (7, ",", "7"),
    (9223372036854775807, ",", "9,223,372,036,854,775,807"),
    (1, ",", "1"),
    (-1234, "_", "-1_234"),
    (1, "_", "1"),
    (-1, "_", "-1"),
    (7, "_", "7"),
    (
        -9223372036854775808,
        "_b",
        "-1000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000",
    ),
    (-255, "_b", "-1111_1111"),
    (-1, "_b", "-1"),
    (0, "_b", "0"),
    (1234, "_x", "4d2"),
    (128512, "_x", "1_f600"),
    (1234567, "_x", "12_d687"),
    (65, "_x", "41"),
    (0, "#_x", "0x0"),
    (-255, "#_x", "-0xff"),
    (7, "#_x", "0x7"),
    (9223372036854775807, "#_x", "0x7fff_ffff_ffff_ffff"),
    (1234567, ",x", "ValueError: Cannot specify ',' with 'x'."),
    (-1234, ",x", "ValueError: Cannot specify ',' with 'x'."),
    (
        9223372036854775807,
        ",x",
        "ValueError: Cannot specify ',' with 'x'.",
    ),
    (65, ",x", "ValueError: Cannot specify ',' with 'x'."),
    (0, ",b", "ValueError: Cannot specify ',' with 'b'."),
    (1234, ",b", "ValueError: Cannot specify ',' with 'b'."),
    (255, ",b", "ValueError: Cannot specify ',' with 'b'."),
    (
        -9223372036854775808,
        ",b",
        "ValueError: Cannot specify ',' with 'b'.",
    ),
    (0, "010,", "00,000,000"),
    (-1, "010,", "-0,000,001"),
    (-9223372036854775808, "010,", "-9,223,372,036,854,775,808"),
    (1, "010,", "00,000,001"),
    (0, "08,", "0,000,000"),
    (1, "08,", "0,000,001"),
    (1234, "08,", "0,001,234"),
    (-9223372036854775808, "08,", "-9,223,372,036,854,775,808"),
    (9223372036854775807, "09,", "9,223,372,036,854,775,807"),
    (1, "09,", "0,000,001"),
    (-1234, "09,", "-0,001,234"),
    (128512, "09,", "0,128,512"),
    (1234, "010", "0000001234"),
    (255, "010", "0000000255"),
    (-1, "010", "-000000001"),
    (9223372036854775807, "010", "9223372036854775807"),
    (1, "+", "+1"),
    (255, "+", "+255"),
    (65, "+", "+65"),
    (128512, "+", "+128512"),
    (1234567, " ", " 1234567"),
    (-255, " ", "-255"),
    (255, " ", " 255"),
    (9223372036854775807, " ", " 9223372036854775807"),
    (7, "-", "7"),
    (255, "-", "255"),
    (65, "-", "65"),
    (1, "-", "1"),
    (-1, "+010", "-000000001"),
    (-1234, "+010", "-000001234"),
    (0, "+010", "+000000000"),
    (65, "+010", "+000000065"),
    (-9223372036854775808, "<10", "-9223372036854775808"),
    (1, "<10", "1         "),
    (1234567, "<10", "1234567   "),
    (-1, "<10", "-1        "),
    (0, "^10", "    0     "),
    (255, "^10", "   255    "),
    (1234, "^10", "   1234   "),
    (1234567, "^10", " 1234567  "),
    (128512, ">10", "    128512"),
    (-1234, ">10", "     -1234"),
    (65, ">10", "        65"),
    (0, ">10", "         0"),
    (1234567, "=10", "   1234567"),
    (65, "=10", "        65"),
    (0, "=10", "         0"),
    (255, "=10", "       255"),
    (128512, "*^11", "**128512***"),
    (1234, "*^11", "***1234****"),
    (255, "*^11", "****255****"),
    (65, "*^11", "****65*****"),
    (9223372036854775807, "0<6", "9223372036854775807"),
    (65, "0<6", "650000"),
    (1234, "0<6", "123400"),
    (0, "0<6", "000000"),
    (7, "x=+8", "+xxxxxx7"),
    (-9223372036854775808, "x=+8", "-9223372036854775808"),
    (-1234, "x=+8", "-xxx1234"),
    (-255, "x=+8", "-xxxx255"),
    (9223372036854775807, "#010x", "0x7fffffffffffffff"),
    (1234567, "#010x", "0x0012d687"),
    (1, "#010x", "0x00000001"),
    (65, "#010x", "0x00000041"),
    (7, "*=#10x", "0x*******7"),
    (65, "*=#10x", "0x******41"),
    (-1, "*=#10x", "-0x******1"),
    (0, "*=#10x", "0x*******0"),
    (255, "e", "2.550000e+02"),
    (-9223372036854775808, "e", "-9.223372e+18"),
    (-1234, "e", "-1.234000e+03"),
    (-255, "e", "-2.550000e+02"),
    (1, ".2e", "1.00e+00"),
    (1234, ".2e", "1.23e+03"),
    (-9223372036854775808, ".2e", "-9.22e+18"),
    (-1234, ".2e", "-1.23e+03"),
    (-9223372036854775808, "f", "-9223372036854775808.000000"),
    (65, "f", "65.000000"),
    (128512, "f", "128512.000000"),
    (1, "f", "1.000000"),
    (9223372036854775807, "%", "922337203685477580800.000000%"),
    (255, "%", "25500.000000%"),
    (1234567, "%", "123456700.000000%"),
    (-1234, "%", "-123400.000000%"),
    (1, "g", "1"),
    (1234567, "g", "1.23457e+06"),
    (0, "g", "0"),
    (1234, "g", "1234"),
    (
        -1,
        ".3",
        "ValueError: Precision not allowed in integer format specifier",
    ),
    (
        7,
        ".3",
        "ValueError: Precision not allowed in integer format specifier",
    ),
    (
        65,
        ".3",
        "ValueError: Precision not allowed in integer format specifier",
    ),
    (
        0,
        ".3",
        "ValueError: Precision not allowed in integer format specifier",
    ),
    (
        -1234,
        "z",
        "ValueError: Negative zero coercion (z) not allowed in integer format specifier",
    ),
    (
        1,
        "z",
        "ValueError: Negative zero coercion (z) not allowed in integer format specifier",
    ),
    (
        1234567,
        "z",
        "ValueError: Negative zero coercion (z) not allowed in integer format specifier",
    ),
    (
        9223372036854775807,
        "z",
        "ValueError: Negative zero coercion (z) not allowed in integer format specifier",
    ),
    (
        128512,
        "+c",
        "ValueError: Sign not allowed with integer format specifier 'c'",
    ),
    (
        65,
        "+c",
        "ValueError: Sign not allowed with integer format specifier 'c'",
    ),
    (
        -1,
        "+c",
        "ValueError: Sign not allowed with integer format specifier 'c'",
    ),
    (
        0,
        "+c",
        "ValueError: Sign not allowed with integer format specifier 'c'",
    ),
    (
        255,
        "#c",
        "ValueError: Alternate form (#) not allowed with integer format specifier 'c'",
    ),
    (
        1,
        "#c",
        "ValueError: Alternate form (#) not allowed with integer format specifier 'c'",
    ),
    (
        0,
        "#c",
        "ValueError: Alternate form (#) not allowed with integer format specifier 'c'",
    ),
    (
        9223372036854775807,
        "#c",
        "ValueError: Alternate form (#) not allowed with integer format specifier 'c'",
    ),
    (128512, ",c", "ValueError: Cannot specify ',' with 'c'."),
    (1234, ",c", "ValueError: Cannot specify ',' with 'c'."),
    (-255, ",c", "ValueError: Cannot specify ',' with 'c'."),
    (1234567, ",c", "ValueError: Cannot specify ',' with 'c'."),
    (
        -255,
        "é",
        "ValueError: Unknown format code '\\xe9' for object of type 'int'",
    ),
    (
        1,
        "é",
        "ValueError: Unknown format code '\\xe9' for object of type 'int'",
    ),
    (
        0,
        "é",
        "ValueError: Unknown format code '\\xe9' for object of type 'int'",
    ),
    (
        1234567,
        "é",
        "ValueError: Unknown format code '\\xe9' for object of type 'int'",
    ),
    (
        -1234,
        "一",
        "ValueError: Unknown format code '\\x4e00' for object of type 'int'",
    ),
    (
        -9223372036854775808,
        "一",
        "ValueError: Unknown format code '\\x4e00' for object of type 'int'",
    ),
    (
        7,
        "一",
        "ValueError: Unknown format code '\\x4e00' for object of type 'int'",
    ),
    (
        1,
        "一",
        "ValueError: Unknown format code '\\x4e00' for object of type 'int'",
    ),
    (
        -1234,
        "s",
        "ValueError: Unknown format code 's' for object of type 'int'",
    ),
    (
        9223372036854775807,
        "s",
        "ValueError: Unknown format code 's' for object of type 'int'",
    ),
    (
        1,
        "s",
        "ValueError: Unknown format code 's' for object of type 'int'",
    ),
    (
        -9223372036854775808,
        "s",
        "ValueError: Unknown format code 's' for object of type 'int'",
    ),
    (
        0,
        "xx",
        "ValueError: Invalid format specifier 'xx' for object of type 'int'",
    ),
    (
        -1234,
        "xx",
        "ValueError: Invalid format specifier 'xx' for object of type 'int'",
    ),
    (
        255,
        "xx",
        "ValueError: Invalid format specifier 'xx' for object of type 'int'",
    ),
    (
        1234567,
        "xx",
        "ValueError: Invalid format specifier 'xx' for object of type 'int'",
    ),
    (-1, "5.", "ValueError: Format specifier missing precision"),
    (1, "5.", "ValueError: Format specifier missing precision"),
    (7, "5.", "ValueError: Format specifier missing precision"),
    (
        -9223372036854775808,
        "5.",
        "ValueError: Format specifier missing precision",
    ),
    (128512, "١٠", "    128512"),
    (7, "١٠", "         7"),
    (1234, "١٠", "      1234"),
    (1234567, "١٠", "   1234567"),
    (
        9223372036854775807,
        "9223372036854775808",
        "ValueError: Too many decimal digits in format string",
    ),
    (
        65,
        "9223372036854775808",
        "ValueError: Too many decimal digits in format string",
    ),
    (
        -255,
        "9223372036854775808",
        "ValueError: Too many decimal digits in format string",
    ),
    (
        255,
        "9223372036854775808",
        "ValueError: Too many decimal digits in format string",
    ),
    (1234567, ",n", "ValueError: Cannot specify ',' with 'n'."),
    (65, ",n", "ValueError: Cannot specify ',' with 'n'."),
    (255, ",n", "ValueError: Cannot specify ',' with 'n'."),
    (-1234, ",n", "ValueError: Cannot specify ',' with 'n'."),
    (
        65,
        " c",
        "ValueError: Sign not allowed with integer format specifier 'c'",
    ),
    (
        1,
        " c",
        "ValueError: Sign not allowed with integer format specifier 'c'",
    ),
    (
        -9223372036854775808,
        " c",
        "ValueError: Sign not allowed with integer format specifier 'c'",
    ),
    (
        -1234,
        " c",
        "ValueError: Sign not allowed with integer format specifier 'c'",
    ),
    (7, "=^5", "==7=="),
    (65, "=^5", "=65=="),
    (-1, "=^5", "=-1=="),
    (9223372036854775807, "=^5", "9223372036854775807"),
    (1234, "010,", "00,001,234"),
    (1234, "08,", "0,001,234"),
    (255, "#X", "0XFF"),
    (255, "_b", "1111_1111"),
    (-1, "c", "OverflowError: %c arg not in range(0x110000)"),
    (1114112, "c", "OverflowError: %c arg not in range(0x110000)"),
    (0, "c", "\u{0}"),
    (65, "5c", "    A"),
    (65, "05c", "0000A"),
    (1000000000000000, ",", "1,000,000,000,000,000"),
];

#[test]
fn format_i64_matches_cpython() {
    for &(x, spec, want) in FORMAT_I64 {
        assert_eq!(show(format_i64(x, spec)), want, "format({x}, {spec:?})");
        assert_eq!(
            show(format_bigint(&BigInt::from(x), spec)),
            want,
            "big {x} {spec:?}"
        );
    }
}

const FORMAT_BIG: &[(&str, &str, &str)] = &[
    ("2**64", "", "18446744073709551616"),
    ("2**64", ",", "18,446,744,073,709,551,616"),
    ("-2**64", "_x", "-1_0000_0000_0000_0000"),
    ("2**100+1", "#o", "0o2000000000000000000000000000000001"),
    (
        "-10**30",
        "+40,",
        "-1,000,000,000,000,000,000,000,000,000,000",
    ),
    ("10**30", "e", "1.000000e+30"),
    (
        "2**1024",
        "e",
        "OverflowError: int too large to convert to float",
    ),
    (
        "-2**1024",
        "f",
        "OverflowError: int too large to convert to float",
    ),
    (
        "2**1024-2**970",
        "e",
        "OverflowError: int too large to convert to float",
    ),
    (
        "2**70",
        "c",
        "OverflowError: Python int too large to convert to C long",
    ),
    (
        "2**200",
        "X",
        "100000000000000000000000000000000000000000000000000",
    ),
    ("2**200", "#_b", "LEN 253"),
    ("10**4299", "n", "LEN 4300"),
    (
        "10**4300",
        "d",
        "ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit",
    ),
    (
        "10**4300",
        "",
        "ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit",
    ),
    (
        "-10**4300",
        ",",
        "ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit",
    ),
    ("10**4300", "x", "LEN 3572"),
    ("2**53+1", "f", "9007199254740992.000000"),
    ("10**25", "030,", "10,000,000,000,000,000,000,000,000"),
    ("-10**25", "=30_", "-10_000_000_000_000_000_000_000_000"),
    (
        "2**64",
        ".2",
        "ValueError: Precision not allowed in integer format specifier",
    ),
    (
        "2**64",
        "s",
        "ValueError: Unknown format code 's' for object of type 'int'",
    ),
    ("10**22", ".3%", "999999999999999983222784.000%"),
];

#[test]
fn format_bigint_matches_cpython() {
    for &(x, spec, want) in FORMAT_BIG {
        let got = show(format_bigint(&big(x), spec));
        if let Some(len) = want.strip_prefix("LEN ") {
            assert_eq!(got.len().to_string(), len, "format({x}, {spec:?})");
        } else {
            assert_eq!(got, want, "format({x}, {spec:?})");
        }
    }
}

const FORMAT_STR: &[(&str, &str, &str)] = &[
    ("it's", "", "it's"),
    ("日本語", "", "日本語"),
    ("héllo", "", "héllo"),
    ("a", "s", "a"),
    ("héllo", "s", "héllo"),
    ("it's", "s", "it's"),
    ("a", "10", "a         "),
    ("", "10", "          "),
    ("héllo", "10", "héllo     "),
    ("it's", "<10", "it's      "),
    ("héllo", "<10", "héllo     "),
    ("日本語", "<10", "日本語       "),
    ("日本語", ">10", "       日本語"),
    ("a", ">10", "         a"),
    ("it's", ">10", "      it's"),
    ("abc", "^10", "   abc    "),
    ("a", "^10", "    a     "),
    ("日本語", "^10", "   日本語    "),
    ("日本語", "^11", "    日本語    "),
    ("it's", "^11", "   it's    "),
    ("abc", "^11", "    abc    "),
    ("a", "*^9", "****a****"),
    ("日本語", "*^9", "***日本語***"),
    ("abc", "*^9", "***abc***"),
    ("it's", "é>6", "ééit's"),
    ("héllo", "é>6", "éhéllo"),
    ("abc", "é>6", "éééabc"),
    ("a", "05", "a0000"),
    ("abc", "05", "abc00"),
    ("", "05", "00000"),
    ("abc", "0>5", "00abc"),
    ("héllo", "0>5", "héllo"),
    ("日本語", "0>5", "00日本語"),
    ("a", ".2", "a"),
    ("it's", ".2", "it"),
    ("abc", ".2", "ab"),
    ("a", "10.2", "a         "),
    ("abc", "10.2", "ab        "),
    ("héllo", "10.2", "hé        "),
    ("a", ".0", ""),
    ("héllo", ".0", ""),
    ("日本語", ".0", ""),
    ("it's", ".10", "it's"),
    ("日本語", ".10", "日本語"),
    ("a", ".10", "a"),
    (
        "héllo",
        "+",
        "ValueError: Sign not allowed in string format specifier",
    ),
    (
        "日本語",
        "+",
        "ValueError: Sign not allowed in string format specifier",
    ),
    (
        "",
        "+",
        "ValueError: Sign not allowed in string format specifier",
    ),
    (
        "héllo",
        "-",
        "ValueError: Sign not allowed in string format specifier",
    ),
    (
        "",
        "-",
        "ValueError: Sign not allowed in string format specifier",
    ),
    (
        "it's",
        "-",
        "ValueError: Sign not allowed in string format specifier",
    ),
    (
        "it's",
        " ",
        "ValueError: Space not allowed in string format specifier",
    ),
    (
        "",
        " ",
        "ValueError: Space not allowed in string format specifier",
    ),
    (
        "héllo",
        " ",
        "ValueError: Space not allowed in string format specifier",
    ),
    (
        "a",
        "#",
        "ValueError: Alternate form (#) not allowed in string format specifier",
    ),
    (
        "it's",
        "#",
        "ValueError: Alternate form (#) not allowed in string format specifier",
    ),
    (
        "",
        "#",
        "ValueError: Alternate form (#) not allowed in string format specifier",
    ),
    (
        "a",
        "=5",
        "ValueError: '=' alignment not allowed in string format specifier",
    ),
    (
        "abc",
        "=5",
        "ValueError: '=' alignment not allowed in string format specifier",
    ),
    (
        "it's",
        "=5",
        "ValueError: '=' alignment not allowed in string format specifier",
    ),
    (
        "a",
        "z",
        "ValueError: Negative zero coercion (z) not allowed in string format specifier",
    ),
    (
        "abc",
        "z",
        "ValueError: Negative zero coercion (z) not allowed in string format specifier",
    ),
    (
        "it's",
        "z",
        "ValueError: Negative zero coercion (z) not allowed in string format specifier",
    ),
    ("a", ",", "ValueError: Cannot specify ',' with 's'."),
    ("日本語", ",", "ValueError: Cannot specify ',' with 's'."),
    ("", ",", "ValueError: Cannot specify ',' with 's'."),
    ("abc", "_", "ValueError: Cannot specify '_' with 's'."),
    ("a", "_", "ValueError: Cannot specify '_' with 's'."),
    ("", "_", "ValueError: Cannot specify '_' with 's'."),
    (
        "abc",
        "d",
        "ValueError: Unknown format code 'd' for object of type 'str'",
    ),
    (
        "a",
        "d",
        "ValueError: Unknown format code 'd' for object of type 'str'",
    ),
    (
        "héllo",
        "d",
        "ValueError: Unknown format code 'd' for object of type 'str'",
    ),
    (
        "",
        "x",
        "ValueError: Unknown format code 'x' for object of type 'str'",
    ),
    (
        "it's",
        "x",
        "ValueError: Unknown format code 'x' for object of type 'str'",
    ),
    (
        "日本語",
        "x",
        "ValueError: Unknown format code 'x' for object of type 'str'",
    ),
    (
        "",
        ",d",
        "ValueError: Unknown format code 'd' for object of type 'str'",
    ),
    (
        "abc",
        ",d",
        "ValueError: Unknown format code 'd' for object of type 'str'",
    ),
    (
        "日本語",
        ",d",
        "ValueError: Unknown format code 'd' for object of type 'str'",
    ),
    ("", "5.", "ValueError: Format specifier missing precision"),
    (
        "abc",
        "5.",
        "ValueError: Format specifier missing precision",
    ),
    (
        "héllo",
        "5.",
        "ValueError: Format specifier missing precision",
    ),
    (
        "日本語",
        "ss",
        "ValueError: Invalid format specifier 'ss' for object of type 'str'",
    ),
    (
        "abc",
        "ss",
        "ValueError: Invalid format specifier 'ss' for object of type 'str'",
    ),
    (
        "",
        "ss",
        "ValueError: Invalid format specifier 'ss' for object of type 'str'",
    ),
    ("", "<<6", "<<<<<<"),
    ("abc", "<<6", "abc<<<"),
    ("日本語", "<<6", "日本語<<<"),
    (
        "héllo",
        "é",
        "ValueError: Unknown format code '\\xe9' for object of type 'str'",
    ),
    (
        "it's",
        "é",
        "ValueError: Unknown format code '\\xe9' for object of type 'str'",
    ),
    (
        "日本語",
        "é",
        "ValueError: Unknown format code '\\xe9' for object of type 'str'",
    ),
    (
        "",
        "\u{0}",
        "ValueError: Unknown format code '\\x0' for object of type 'str'",
    ),
    (
        "a",
        "\u{0}",
        "ValueError: Unknown format code '\\x0' for object of type 'str'",
    ),
    (
        "héllo",
        "\u{0}",
        "ValueError: Unknown format code '\\x0' for object of type 'str'",
    ),
    (
        "héllo",
        "_\u{0}",
        "ValueError: Unknown format code '\\x0' for object of type 'str'",
    ),
    (
        "a",
        "_\u{0}",
        "ValueError: Unknown format code '\\x0' for object of type 'str'",
    ),
    (
        "abc",
        "_\u{0}",
        "ValueError: Unknown format code '\\x0' for object of type 'str'",
    ),
    ("", ".2147483648s", ""),
    ("abc", ".2147483648s", "abc"),
    ("it's", ".2147483648s", "it's"),
    ("it's", ">>4", "it's"),
    ("héllo", ">>4", "héllo"),
    ("", ">>4", ">>>>"),
];

#[test]
fn format_str_matches_cpython() {
    for &(s, spec, want) in FORMAT_STR {
        assert_eq!(show(format_str(s, spec)), want, "format({s:?}, {spec:?})");
    }
}

const STR_REPR: &[(&str, &str)] = &[
    ("", "''"),
    ("abc", "'abc'"),
    ("it's", "\"it's\""),
    ("say \"hi\"", "'say \"hi\"'"),
    ("both ' and \"", "'both \\' and \"'"),
    ("\\", "'\\\\'"),
    ("tab\tnl\nret\r", "'tab\\tnl\\nret\\r'"),
    ("\u{0}\u{1}\u{1f}\u{7f}", "'\\x00\\x01\\x1f\\x7f'"),
    ("\u{80}\u{9f}", "'\\x80\\x9f'"),
    ("\u{a0}\u{ad}é", "'\\xa0\\xadé'"),
    (
        "\u{200b}\u{200c}\u{200d}\u{200e}\u{200f}",
        "'\\u200b\\u200c\\u200d\\u200e\\u200f'",
    ),
    ("\u{2028}\u{2029}", "'\\u2028\\u2029'"),
    ("\u{feff}", "'\\ufeff'"),
    ("́é", "'́é'"),
    ("Ωμέγα", "'Ωμέγα'"),
    ("Привет", "'Привет'"),
    ("日本語", "'日本語'"),
    ("😀👍🏽", "'😀👍🏽'"),
    ("😀\u{e0001}", "'😀\\U000e0001'"),
    ("\u{e000}", "'\\ue000'"),
    ("\u{f0000}", "'\\U000f0000'"),
    ("\u{378}", "'\\u0378'"),
    ("\u{3000}\u{2003}", "'\\u3000\\u2003'"),
    ("\u{b}\u{c}", "'\\x0b\\x0c'"),
    (" ", "' '"),
    ("ÿĀ", "'ÿĀ'"),
    ("\u{10ffff}", "'\\U0010ffff'"),
    ("\u{61c}", "'\\u061c'"),
    ("\u{2060}\u{2064}", "'\\u2060\\u2064'"),
    ("\u{1680}", "'\\u1680'"),
    ("a'b\"c", "'a\\'b\"c'"),
];

#[test]
fn str_repr_matches_cpython() {
    for &(s, want) in STR_REPR {
        assert_eq!(str_repr(s), want, "repr({s:?})");
    }
}

const PARSE_FLOAT: &[(&str, &str)] = &[
    ("1", "1.0"),
    ("1.5", "1.5"),
    ("-0", "-0.0"),
    ("+0.0", "0.0"),
    (".5", "0.5"),
    ("5.", "5.0"),
    (".", "ValueError: could not convert string to float: '.'"),
    ("1e5", "100000.0"),
    ("1E-5", "1e-05"),
    ("1e", "ValueError: could not convert string to float: '1e'"),
    ("e5", "ValueError: could not convert string to float: 'e5'"),
    ("1_0", "10.0"),
    (
        "1__0",
        "ValueError: could not convert string to float: '1__0'",
    ),
    ("_1", "ValueError: could not convert string to float: '_1'"),
    ("1_", "ValueError: could not convert string to float: '1_'"),
    (
        "1_.5",
        "ValueError: could not convert string to float: '1_.5'",
    ),
    (
        "1._5",
        "ValueError: could not convert string to float: '1._5'",
    ),
    (
        "1e_5",
        "ValueError: could not convert string to float: '1e_5'",
    ),
    ("1e5_0", "1e+50"),
    ("inf", "inf"),
    ("-Infinity", "-inf"),
    ("nan", "nan"),
    ("-NaN", "nan"),
    ("+inf", "inf"),
    (
        "infinit",
        "ValueError: could not convert string to float: 'infinit'",
    ),
    (
        "nann",
        "ValueError: could not convert string to float: 'nann'",
    ),
    (" 12 ", "12.0"),
    ("\t-3.5\n", "-3.5"),
    (
        "0x10",
        "ValueError: could not convert string to float: '0x10'",
    ),
    ("1e400", "inf"),
    ("-1e400", "-inf"),
    ("1e-400", "0.0"),
    ("2.5e-324", "5e-324"),
    ("3e-324", "5e-324"),
    ("  ", "ValueError: could not convert string to float: '  '"),
    ("", "ValueError: could not convert string to float: ''"),
    (
        "1 2",
        "ValueError: could not convert string to float: '1 2'",
    ),
    ("١٢٣", "123.0"),
    ("١٢٣.٥", "123.5"),
    ("\u{3000}1.5\u{3000}", "1.5"),
    (
        "1.5\u{0}",
        "ValueError: could not convert string to float: '1.5\\x00'",
    ),
    ("9007199254740993", "9007199254740992.0"),
    ("1.7976931348623157e308", "1.7976931348623157e+308"),
    ("1.7976931348623159e308", "inf"),
    (
        "+-1",
        "ValueError: could not convert string to float: '+-1'",
    ),
    (
        "abc",
        "ValueError: could not convert string to float: 'abc'",
    ),
    (
        "\u{1c}1",
        "ValueError: could not convert string to float: '\\x1c1'",
    ),
    ("1e99999999999999999999", "inf"),
    ("0.1", "0.1"),
    ("١_٢", "12.0"),
];

#[test]
fn parse_float_matches_cpython() {
    for &(s, want) in PARSE_FLOAT {
        assert_eq!(show(parse_float(s).map(float_repr)), want, "float({s:?})");
    }
    // The sign of a negative NaN survives.
    assert!(
        parse_float("-nan")
            .map(f64::is_sign_negative)
            .unwrap_or(false)
    );
}

const PARSE_INT: &[(&str, u32, &str)] = &[
    ("0", 0, "0"),
    ("00", 0, "0"),
    (
        "010",
        0,
        "ValueError: invalid literal for int() with base 0: '010'",
    ),
    ("010", 10, "10"),
    ("0_0", 0, "0"),
    (
        "0_7",
        0,
        "ValueError: invalid literal for int() with base 0: '0_7'",
    ),
    ("0x1f", 0, "31"),
    ("0X1F", 16, "31"),
    (
        "0x",
        16,
        "ValueError: invalid literal for int() with base 16: '0x'",
    ),
    ("0x_1", 16, "1"),
    (
        "0x__1",
        16,
        "ValueError: invalid literal for int() with base 16: '0x__1'",
    ),
    (
        "0_x1",
        0,
        "ValueError: invalid literal for int() with base 0: '0_x1'",
    ),
    ("-0b101", 0, "-5"),
    ("0o17", 8, "15"),
    (
        "0o8",
        8,
        "ValueError: invalid literal for int() with base 8: '0o8'",
    ),
    (" 12 ", 10, "12"),
    ("1_000", 10, "1000"),
    (
        "1__000",
        10,
        "ValueError: invalid literal for int() with base 10: '1__000'",
    ),
    (
        "_1",
        10,
        "ValueError: invalid literal for int() with base 10: '_1'",
    ),
    (
        "1_",
        10,
        "ValueError: invalid literal for int() with base 10: '1_'",
    ),
    (
        "+-1",
        10,
        "ValueError: invalid literal for int() with base 10: '+-1'",
    ),
    (
        "- 1",
        10,
        "ValueError: invalid literal for int() with base 10: '- 1'",
    ),
    ("١٢٣", 10, "123"),
    ("z", 36, "35"),
    ("Z", 36, "35"),
    (
        "zz",
        35,
        "ValueError: invalid literal for int() with base 35: 'zz'",
    ),
    (
        "abc",
        10,
        "ValueError: invalid literal for int() with base 10: 'abc'",
    ),
    (
        "",
        10,
        "ValueError: invalid literal for int() with base 10: ''",
    ),
    (
        " ",
        10,
        "ValueError: invalid literal for int() with base 10: ' '",
    ),
    (
        "0b",
        2,
        "ValueError: invalid literal for int() with base 2: '0b'",
    ),
    (
        "09",
        0,
        "ValueError: invalid literal for int() with base 0: '09'",
    ),
    (
        "12\u{0}",
        10,
        "ValueError: invalid literal for int() with base 10: '12\\x00'",
    ),
    (
        "1",
        1,
        "ValueError: int() base must be >= 2 and <= 36, or 0",
    ),
    (
        "1",
        37,
        "ValueError: int() base must be >= 2 and <= 36, or 0",
    ),
    ("ff", 16, "255"),
    (
        "0x10",
        10,
        "ValueError: invalid literal for int() with base 10: '0x10'",
    ),
    ("0b1", 16, "177"),
    ("-0", 0, "0"),
    ("  -0o_7  ", 0, "-7"),
    (
        "999999999999999999999999999999",
        10,
        "999999999999999999999999999999",
    ),
    (
        "it's",
        10,
        "ValueError: invalid literal for int() with base 10: \"it's\"",
    ),
    ("\u{3000} 7\u{2003}", 0, "7"),
    (
        "12é",
        10,
        "ValueError: invalid literal for int() with base 10: '12é'",
    ),
    (
        "7",
        7,
        "ValueError: invalid literal for int() with base 7: '7'",
    ),
    ("-zz", 36, "-1295"),
];

#[test]
fn parse_int_matches_cpython() {
    for &(s, base, want) in PARSE_INT {
        assert_eq!(
            show(parse_int(s, base).map(|v| v.to_string())),
            want,
            "int({s:?}, {base})"
        );
    }
    assert_eq!(
        show(parse_int(&"1".repeat(5000), 10).map(|v| v.to_string())),
        "ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 5000 digits; use sys.set_int_max_str_digits() to increase the limit"
    );
    let long = "a".repeat(300);
    assert_eq!(
        show(parse_int(&long, 10).map(|v| v.to_string())),
        "ValueError: invalid literal for int() with base 10: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
    );
    assert_eq!(
        parse_int(&"1".repeat(5000), 16).map(|v| v.bits()),
        Ok(19997)
    );
}

const ROUND_FLOAT: &[(f64, i64, &str)] = &[
    (2.675, 2, "2.67"),
    (0.5, 0, "0.0"),
    (1.5, 0, "2.0"),
    (2.5, 0, "2.0"),
    (-0.5, 0, "-0.0"),
    (1234.5678, -2, "1200.0"),
    (1234.5678, 2, "1234.57"),
    (-0.4, 0, "-0.0"),
    (0.125, 2, "0.12"),
    (0.375, 2, "0.38"),
    (1.005, 2, "1.0"),
    (5e-324, 323, "0.0"),
    (5e-324, 324, "5e-324"),
    (123.456, -400, "0.0"),
    (-123.456, -400, "-0.0"),
    (
        1.7976931348623157e+308,
        -308,
        "OverflowError: rounded value too large to represent",
    ),
    (
        1.7976931348623157e+308,
        -307,
        "OverflowError: rounded value too large to represent",
    ),
    (f64::INFINITY, 2, "inf"),
    (f64::NAN, 2, "nan"),
    (-0.0, 3, "-0.0"),
    (1e+300, 5, "1e+300"),
    (0.1, 1, "0.1"),
    (0.15, 1, "0.1"),
    (0.25, 1, "0.2"),
    (0.35, 1, "0.3"),
    (12345.0, -1, "12340.0"),
    (15.0, -1, "20.0"),
    (25.0, -1, "20.0"),
    (-25.0, -1, "-20.0"),
    (1e-300, 300, "1e-300"),
    (2.5e-300, 300, "2e-300"),
    (9.995, 2, "9.99"),
    (0.285, 2, "0.28"),
    (1e+16, -16, "1e+16"),
    (5000000000000000.0, -16, "0.0"),
    (4500000000000000.0, -16, "0.0"),
];

#[test]
fn round_float_matches_cpython() {
    for &(x, n, want) in ROUND_FLOAT {
        assert_eq!(
            show(round_float(x, n).map(float_repr)),
            want,
            "round({x:e}, {n})"
        );
    }
    assert_eq!(round_float(2.675, i64::MAX), Ok(2.675));
    assert!(
        round_float(-3.0, i64::MIN)
            .map(|v| v == 0.0 && v.is_sign_negative())
            .unwrap_or(false)
    );
}

const ROUND_TO_INT: &[(f64, &str)] = &[
    (0.5, "0"),
    (1.5, "2"),
    (2.5, "2"),
    (-0.5, "0"),
    (-1.5, "-2"),
    (0.49999999999999994, "0"),
    (
        1e+300,
        "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160",
    ),
    (-1e+20, "-100000000000000000000"),
    (3.7, "4"),
    (-3.7, "-4"),
    (4503599627370497.0, "4503599627370497"),
    (
        f64::INFINITY,
        "OverflowError: cannot convert float infinity to integer",
    ),
    (
        f64::NEG_INFINITY,
        "OverflowError: cannot convert float infinity to integer",
    ),
    (f64::NAN, "ValueError: cannot convert float NaN to integer"),
    (0.0, "0"),
    (-0.0, "0"),
    (5e-324, "0"),
];

#[test]
fn round_float_to_int_matches_cpython() {
    for &(x, want) in ROUND_TO_INT {
        assert_eq!(
            show(round_float_to_int(x).map(|v| v.to_string())),
            want,
            "round({x:e})"
        );
    }
}

const TRUE_DIV: &[(&str, &str, &str)] = &[
    ("10**400", "10**399", "10.0"),
    (
        "2**1100",
        "3",
        "OverflowError: integer division result too large for a float",
    ),
    ("1", "3", "0.3333333333333333"),
    ("-1", "3", "-0.3333333333333333"),
    ("0", "-5", "-0.0"),
    ("-0", "5", "0.0"),
    ("1", "2**1074", "5e-324"),
    ("1", "2**1075", "0.0"),
    ("3", "2**1076", "5e-324"),
    ("1", "10**400", "0.0"),
    (
        "2**1024-2**970",
        "1",
        "OverflowError: integer division result too large for a float",
    ),
    ("2**1024-2**971", "1", "1.7976931348623157e+308"),
    ("2**1024", "2", "8.98846567431158e+307"),
    (
        "2**1025",
        "2",
        "OverflowError: integer division result too large for a float",
    ),
    ("7", "-2", "-3.5"),
    ("10**30", "10**15", "1000000000000000.0"),
    ("2**53+1", "1", "9007199254740992.0"),
    ("2**54+3", "2", "9007199254740994.0"),
    ("-10**500", "3**1000", "-7.5638913231041e+22"),
    ("12345678901234567890123", "1000", "1.2345678901234567e+19"),
];

#[test]
fn bigint_true_div_matches_cpython() {
    for &(a, b, want) in TRUE_DIV {
        assert_eq!(
            show(bigint_true_div(&big(a), &big(b)).map(float_repr)),
            want,
            "{a} / {b}"
        );
    }
    assert!(bigint_true_div(&BigInt::from(1), &BigInt::zero()).is_err());
}

const TO_F64: &[(&str, &str)] = &[
    ("2**53+1", "9007199254740992.0"),
    ("2**53+3", "9007199254740996.0"),
    ("2**53", "9007199254740992.0"),
    ("-2**53-1", "-9007199254740992.0"),
    ("2**64-1", "1.8446744073709552e+19"),
    ("2**63", "9.223372036854776e+18"),
    ("2**1023", "8.98846567431158e+307"),
    (
        "2**1024",
        "OverflowError: int too large to convert to float",
    ),
    (
        "-2**1024",
        "OverflowError: int too large to convert to float",
    ),
    (
        "2**1024-2**970",
        "OverflowError: int too large to convert to float",
    ),
    ("2**1024-2**971", "1.7976931348623157e+308"),
    ("2**1024-2**971-1", "1.7976931348623157e+308"),
    ("10**308", "1e+308"),
    (
        "10**309",
        "OverflowError: int too large to convert to float",
    ),
    ("2**54+2", "1.8014398509481984e+16"),
    ("2**54+6", "1.801439850948199e+16"),
    ("2**100+2**47", "1.2676506002282294e+30"),
    ("2**100+2**47+1", "1.2676506002282297e+30"),
    ("0", "0.0"),
    ("-1", "-1.0"),
    ("12345678901234567890", "1.2345678901234567e+19"),
];

#[test]
fn bigint_to_f64_matches_cpython() {
    for &(a, want) in TO_F64 {
        assert_eq!(
            show(bigint_to_f64(&big(a)).map(float_repr)),
            want,
            "float({a})"
        );
    }
}

const PREFIXED: &[(&str, u32, &str)] = &[
    ("31", 16, "0x1f"),
    ("-31", 16, "-0x1f"),
    ("15", 8, "0o17"),
    ("5", 2, "0b101"),
    ("0", 16, "0x0"),
    ("0", 2, "0b0"),
    ("-0", 8, "0o0"),
    ("2**100", 16, "0x10000000000000000000000000"),
    ("-2**70-1", 8, "-0o200000000000000000000001"),
    ("-5", 2, "-0b101"),
];

#[test]
fn int_to_prefixed_matches_cpython() {
    for &(a, radix, want) in PREFIXED {
        assert_eq!(
            int_to_prefixed(&big(a), radix),
            want,
            "radix {radix} of {a}"
        );
    }
}

#[test]
fn format_spec_parse_fields() {
    let spec = FormatSpec::parse("*^+z#012,.3f");
    assert_eq!(
        spec,
        Ok(FormatSpec {
            fill: Some('*'),
            align: Some('^'),
            sign: Some('+'),
            no_neg_zero: true,
            alternate: true,
            zero_pad: false,
            width: Some(12),
            grouping: Some(','),
            precision: Some(3),
            ty: Some('f'),
        })
    );
    let zero = FormatSpec::parse("08_x");
    assert_eq!(
        zero.as_ref().map(|s| (s.zero_pad, s.width, s.grouping)),
        Ok((true, Some(8), Some('_')))
    );
    assert!(FormatSpec::parse("1..").is_err());
    assert_eq!(
        FormatSpec::parse_for("xx", "int", Some('d')),
        Err(FmtError::ValueError(
            "Invalid format specifier 'xx' for object of type 'int'".into()
        ))
    );
}

#[test]
fn huge_widths_are_errors_not_aborts() {
    assert!(format_i64(5, "9223372036854775807").is_err());
    assert!(format_i64(5, "09223372036854775807,").is_err());
    assert!(format_float(1.5, "*<9223372036854775807").is_err());
    assert!(format_str("ab", "9223372036854775807").is_err());
    assert_eq!(format_float(1.5, ".100000f").map(|s| s.len()), Ok(100_002));
}

#[test]
fn int_max_str_digits_setting() {
    assert_eq!(int_max_str_digits(), DEFAULT_INT_MAX_STR_DIGITS);
    assert!(set_int_max_str_digits(100).is_err());
    assert_eq!(int_max_str_digits(), DEFAULT_INT_MAX_STR_DIGITS);
}
