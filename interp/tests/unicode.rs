//! Tests of `interp::unicode` (`src/unicode.rs`).

use icu_properties::props::{
    BidiClass, CaseIgnorable, Cased, GeneralCategory, GeneralCategoryGroup, Lowercase, NumericType,
    Uppercase, XidContinue, XidStart,
};
use icu_properties::{CodePointMapData, CodePointSetData};
use interp::unicode::*;

fn all_chars() -> impl Iterator<Item = char> {
    (0..=0x10FFFFu32).filter_map(char::from_u32)
}

#[test]
fn spaces_are_cpythons_definition() {
    // makeunicodedata.py: bidirectional WS, B or S, or category Zs.
    for c in all_chars() {
        let bidi = CodePointMapData::<BidiClass>::new().get(c);
        let expected = matches!(
            bidi,
            BidiClass::WhiteSpace | BidiClass::ParagraphSeparator | BidiClass::SegmentSeparator
        ) || category(c) == GeneralCategory::SpaceSeparator;
        assert_eq!(is_space(c), expected, "U+{:04X}", c as u32);
    }
}

#[test]
fn ascii_fast_paths_agree_with_the_tables() {
    for c in (0..0x80u8).map(char::from) {
        let nt = CodePointMapData::<NumericType>::new().get(c);
        assert_eq!(
            is_alpha(c),
            GeneralCategoryGroup::Letter.contains(category(c)),
            "{c:?}"
        );
        assert_eq!(is_decimal(c), nt == NumericType::Decimal, "{c:?}");
        assert_eq!(is_numeric(c), nt != NumericType::None, "{c:?}");
        assert_eq!(
            is_printable(c),
            c == ' '
                || !(GeneralCategoryGroup::Other.contains(category(c))
                    || GeneralCategoryGroup::Separator.contains(category(c))),
            "{c:?}"
        );
        assert_eq!(
            is_upper(c),
            CodePointSetData::new::<Uppercase>().contains(c)
        );
        assert_eq!(
            is_lower(c),
            CodePointSetData::new::<Lowercase>().contains(c)
        );
        assert_eq!(is_cased(c), CodePointSetData::new::<Cased>().contains(c));
        assert_eq!(
            is_case_ignorable(c),
            CodePointSetData::new::<CaseIgnorable>().contains(c),
            "{c:?}"
        );
        assert_eq!(
            is_xid_start(c),
            CodePointSetData::new::<XidStart>().contains(c)
        );
        assert_eq!(
            is_xid_continue(c),
            CodePointSetData::new::<XidContinue>().contains(c)
        );
    }
}

#[test]
fn decimal_values_of_other_scripts() {
    let cases = [
        ('7', 7),
        ('٣', 3),
        ('۹', 9),
        ('०', 0),
        ('３', 3),
        ('\u{1D7CE}', 0),
        ('\u{1D7D7}', 9),
        ('\u{1D7D8}', 0),
        ('\u{1D7FF}', 9),
    ];
    for (c, v) in cases {
        assert_eq!(decimal_value(c), Some(v), "{c:?}");
    }
    for c in ['²', '½', 'Ⅻ', '三', 'a', '\u{11F50}'] {
        assert_eq!(decimal_value(c), None, "{c:?}");
    }
}

#[test]
fn lists_are_sorted_for_binary_search() {
    for list in [
        LOWERCASE_CHANGED,
        CASE_IGNORABLE_CHANGED,
        XID_CONTINUE_SINCE_14,
        NUMERIC_SINCE_14,
        NON_PRINTABLE_14,
    ] {
        assert!(list.windows(2).all(|w| w[0] < w[1]));
    }
}

#[test]
fn characters_after_unicode_14_are_unassigned() {
    // U+1FAE8 (15.0) and U+A7DC (16.0) are new; U+0295, U+00E9 are old.
    assert!(is_new_since_14('\u{1FAE8}'));
    assert!(is_new_since_14('\u{A7DC}'));
    assert!(!is_new_since_14('\u{0295}') && !is_new_since_14('é'));
    assert_eq!(upper("\u{019B}"), "\u{019B}");
    assert_eq!(lower("\u{A7DC}"), "\u{A7DC}");
    assert!(!is_alpha('\u{A7DC}'));
}
