# float.fromhex: CPython 3.11's parser (optional 0x, a fraction, a binary
# exponent, infinities and NaNs, surrounding ASCII whitespace), rounding
# half to even into subnormals and at the top of the range, its errors;
# round trips through float.hex(); and float.is_integer.


def attempt(s):
    try:
        print(repr(s), "->", repr(float.fromhex(s)))
    except Exception as e:
        print(repr(s), "->", type(e).__name__ + ":", e)


cases = [
    "0x1p0", "0x1.8p1", "-0x1p-1", "+0X1.FFFFFFFFFFFFFp1023", "0x1.fffffffffffff8p1023",
    "0x1.fffffffffffff7p1023", "0x1p1024", "0x1p-1074", "0x1p-1075", "0x1.0000000000001p-1075",
    "0x0.8p-1073", "0x3p-1076", "0x1p-1076", "1", "a", "A.8", ".8", "8.", ".", "0x", "0x.",
    "0xp1", "1p", "1p+", "1p-5", "1P5", " 0x1p3 \n", "\t-inf ", "INFINITY", "-nan", "NaN",
    "infinit", "inf x", "", "  ", "0x1.p", "0x1.0p0x", "0x1p99999999999999999999999",
    "0x1p-99999999999999999999999", "0x0p99999999999999999999", "0x000000000001p0",
    "0x1.00000000000008p0", "0x1.00000000000018p0", "0x1.000000000000080000000001p0",
    "0x1.0000000000000fp0", "0x10000000000000000000000000p-100", "0x.0000000000001p-1022",
    "0x1.fffffffffffffp-1023", "1e5", "--1", "+-1", "0x-1", "1_0", "\u00a01", "0x1p1023",
    "0x1.ffffffffffffffffp1023", "-0x0p0", "-0x1.8p-1074", "0x1.8p-1074", "0x2.8p-1075",
    "0xffp-8", "0x1.999999999999ap-4", "0x" + "f" * 40 + "p-160", "0x0." + "0" * 300 + "1p1200",
    "0x1p-1022", "0x0.fffffffffffffp-1022", "0x1.fffffffffffffp-1075", "0x.8p-1074",
]
for c in cases:
    attempt(c)

for x in [1.0, 0.1, 1e300, 5e-324, -2.5, 123456.789, 1 / 3, 2.0**-1022, 1.7976931348623157e308, -0.0]:
    print(x.hex(), float.fromhex(x.hex()) == x, float.fromhex(x.hex()))
print(float.fromhex("0x1p3").hex(), (1.5).fromhex("0x1p-2"), repr(float.fromhex)[:33])

for f in [lambda: float.fromhex(1), lambda: float.fromhex(), lambda: float.fromhex("1", "2"),
          lambda: float.fromhex(s="1"), lambda: (1.0).fromhex(None)]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)

for x in [1.0, 1.5, -0.0, 2.0**60, 1e300, float("inf"), float("-inf"), float("nan"), 5e-324, -7.0]:
    print(x, x.is_integer())
try:
    (1.0).is_integer(1)
except TypeError as e:
    print("TypeError:", e)
