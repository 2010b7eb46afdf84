# str methods that depend on the Unicode database, on non-ASCII text:
# full case mappings, the Greek final sigma, title case, character classes
# and Unicode whitespace, with CPython 3.11's (Unicode 14.0) answers.

words = [
    "ΣΑΣ", "ΣΑΣ ΣΑΣ.", "ὈΔΥΣΣΕΎΣ", "Σ", "ΑΣ", "ΑΣ'", "Α'Σ", "ΑΣΑ", "Σ.Α", "aΣ\u0345b",
    "ß", "straße", "STRASSE", "ẞ", "ﬁ", "ﬀ ligature", "ŉ", "ǅemal ǆ Ǆ", "ΐ", "ΰ",
    "İstanbul", "ıi Iİ", "\u0130\u0307", "Ꭰꭰ ᏸ Ᏸ", "Ⴀ ⴀ ა Ა", "ǈ ǉ Ǉ",
    "they're bill's friends from the UK", "hello wORLD", "o'neil", "ǆungla",
    "Ⅻ ⅻ", "①②", "ⓐⓑ", "𐐀𐐨", "\u0345", "a\u0345", "ᾳ ᾼ", "ᾈ", "ﬓ",
    "日本語", "中文 Text", "١٢٣", "²³", "½", "\u3000x\u3000", "x\x1cy\x1dz", "",
]
for w in words:
    print(repr(w))
    print("  upper", repr(w.upper()), "lower", repr(w.lower()))
    print("  title", repr(w.title()), "capitalize", repr(w.capitalize()))
    print("  swapcase", repr(w.swapcase()), "casefold", repr(w.casefold()))
    print("  isupper", w.isupper(), "islower", w.islower(), "istitle", w.istitle())

print("ΣΑΣ".title() == "Σας", "ß".upper() == "SS", "ß".capitalize() == "Ss")
print(len("İ".lower()), "ß".casefold() == "ss", "ﬁ".upper())
print("straße".casefold() == "STRASSE".casefold(), "ΣΑΣ".casefold())

samples = [
    "a", "Z", "ß", "Σ", "ǅ", "ǆ", "ﬁ", "Ⅻ", "ⅻ", "\u0345", "\u0301", "a\u0301",
    "٣", "۳", "߃", "३", "৩", "๓", "០", "᠓", "𝟑", "３", "²", "₃", "①", "⑴",
    "½", "¼", "三", "五", "兆", "〇", "零", "万", "𐄇", "Ⅰ", "ↀ", "𒐀",
    "日", "ア", "ｱ", "가", "ㄱ", "ꀀ", "Ꭰ", "ꭰ", "Ⴀ", "ⴀ", "ა", "Ა",
    " ", "\t", "\x1c", "\x1f", "\x85", "\xa0", "\u1680", "\u2000", "\u200a",
    "\u200b", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff",
    "\xad", "\u0378", "\ue000", "\U0001f600", "\u2160", "_", "·", "\u00b7",
    "ª", "º", "ʰ", "ˆ", "ǃ", "\u0670", "\u200c", "\u200d", "\u30fb", "\uff65",
    "\u0295", "\u10fc", "\ua7f2", "\uab69", "\U0001171e", "\U00013439", "\U0001fae8",
    "\u019b", "\u0264", "\u4e24", "\U00012038",
]
for c in samples:
    print(repr(c), hex(ord(c[0])), [
        c.isalpha(), c.isalnum(), c.isdecimal(), c.isdigit(), c.isnumeric(),
        c.isspace(), c.isprintable(), c.isidentifier(), c.isupper(),
        c.islower(), c.istitle(), repr(c.upper()), repr(c.lower()),
        repr(c.title()),
    ])

idents = ["abc", "_x", "x1", "1x", "ñandú", "变量", "ℕ", "℘x", "x℘", "a·b", "·a",
          "a\u200db", "Ⅻ", "x²", "x₂", "𝔸", "a-b", "", "\u0345", "a\u0345",
          "ｱｲ", "ア・イ", "cafe\u0301", "é"]
print([(s, s.isidentifier()) for s in idents])
print([s.isprintable() for s in ["", "abc", "a\nb", "caf\xe9", "\u200b", "\U0001f600",
                                  "\U0001fae8", "\u3000", "\xa0", "tab\t"]])
print([s.isspace() for s in ["", " \t\n\r\x0b\x0c", "\x1c\x1d\x1e\x1f", "\x85\xa0",
                              "\u2000\u3000", "\u200b", "\ufeff", " x "]])
print([s.isdecimal() for s in ["", "0123", "٠١٢", "²", "½", "Ⅻ", "𝟘𝟙", "١٢a"]])

text = "\u3000 alpha\x1cbeta\x1d\u2028gamma\xa0delta\x85epsilon\u200bzeta \u3000"
print(text.split())
print(text.split(None, 2))
print(repr(text.strip()), repr(text.lstrip()), repr(text.rstrip()))
print(repr("\x1c\x1f x \x1e".strip()), repr("\u200b x \u200b".strip()))

# int() and float() take decimal digits of any script and Unicode spaces
# (but \x1c-\x1f are not stripped there, as in CPython).
for s in ["٣", " ٣ ", "١٢٣", "\u3000٤٢\u3000", "𝟏𝟐", "߁߂", "١_٢", "\x1c7\x1f",
          "²", "½", "Ⅻ", "三", "٣.٥x"]:
    try:
        print(repr(s), int(s), float(s))
    except ValueError as e:
        print(e)
print(float("١.٥"), float("٣e٢"), int("١٠", 16), int("\U0001d7cf\U0001d7ce", 2))

print(repr("\u0378 \u00ad \u200b \U0001fae8 \U0001f600 a\u0301 \u2028 \u3000 𐐀 日本"))

# Argument errors name the method as CPython does.
for name in ["upper", "lower", "casefold", "swapcase", "capitalize", "title", "isdigit",
             "isdecimal", "isnumeric", "isalpha", "isspace", "isalnum", "isupper",
             "islower", "istitle", "isprintable", "isidentifier"]:
    try:
        if name == "upper":
            "ß".upper(1)
        elif name == "lower":
            "ß".lower(1)
        elif name == "casefold":
            "ß".casefold(x=1)
        elif name == "swapcase":
            "ß".swapcase(1, 2)
        elif name == "capitalize":
            "ß".capitalize(1)
        elif name == "title":
            "ß".title(1)
        elif name == "isdigit":
            "ß".isdigit(1)
        elif name == "isdecimal":
            "ß".isdecimal(1)
        elif name == "isnumeric":
            "ß".isnumeric(1)
        elif name == "isalpha":
            "ß".isalpha(1)
        elif name == "isspace":
            "ß".isspace(1)
        elif name == "isalnum":
            "ß".isalnum(x=1)
        elif name == "isupper":
            "ß".isupper(1)
        elif name == "islower":
            "ß".islower(1)
        elif name == "istitle":
            "ß".istitle(1)
        elif name == "isprintable":
            "ß".isprintable(1)
        else:
            "ß".isidentifier(1)
    except TypeError as e:
        print(e)
