# Every str predicate and case mapping over most of Unicode, compared with
# CPython 3.11 (Unicode 14.0) through per-block checksums: a difference in
# one code point changes its block's line. The big uniform blocks (CJK
# ideographs, Hangul syllables, private use) are left out, except the
# ideographs whose numeric value is newer than Unicode 14.0.

SKIP = [(0x3400, 0x4DC0), (0x4E00, 0xA000), (0xAC00, 0xD7A4), (0xD800, 0xF900),
        (0x20000, 0xE0000), (0xE1000, 0x110000)]
EXTRA = [0x4E00, 0x4E24, 0x4EAC, 0x4FE9, 0x5006, 0x5341, 0x62D0, 0x6D1E, 0x7695,
         0x79ED, 0x920E, 0x94A9, 0x9FFF, 0x20001, 0x2F800]


def wanted(cp):
    for lo, hi in SKIP:
        if lo <= cp < hi:
            return False
    return True


def checksum(text):
    return len(text) * 1000003 + sum(map(ord, text))


def flags(c):
    return (c.isalpha() + 2 * c.isdecimal() + 4 * c.isdigit() + 8 * c.isnumeric()
            + 16 * c.isspace() + 32 * c.isprintable() + 64 * c.isupper()
            + 128 * c.islower() + 256 * c.istitle() + 512 * c.isidentifier()
            + 1024 * c.isalnum() + 2048 * ("a" + c).isidentifier()
            + 4096 * (len(("x" + c + "x").split()) == 2)
            + 8192 * (len(repr(c)) == 3))


def block_line(start, chars):
    f = 0
    for i, c in enumerate(chars):
        f += (i + 1) * flags(c)
    spaced = " ".join(chars)
    # Cased characters: the letter after one stays lowercase in title().
    after = "".join([c + "a" for c in chars]).title()
    # Case_Ignorable and Cased through the final sigma rule.
    before_sigma = " ".join(["A" + c + "\u03a3" for c in chars]).lower()
    after_sigma = " ".join(["A\u03a3" + c for c in chars]).lower()
    sums = [checksum(spaced.upper()), checksum(spaced.lower()),
            checksum(spaced.title()), checksum(spaced.casefold()),
            checksum(spaced.swapcase()), checksum(after),
            before_sigma.count("\u03c2"), after_sigma.count("\u03c2")]
    return f"{start:05x} {len(chars)} {f} " + " ".join([str(s) for s in sums])


total = 0
for start in range(0, 0x110000, 0x1000):
    chars = [chr(cp) for cp in range(start, start + 0x1000) if wanted(cp)]
    if chars:
        total += len(chars)
        print(block_line(start, chars))
print("extra", block_line(0, [chr(cp) for cp in EXTRA]))
print("code points:", total + len(EXTRA))
