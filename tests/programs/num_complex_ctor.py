# complex(): every form CPython 3.11 takes (numbers, two parts that may
# themselves be complex, strings in its grammar with parentheses,
# whitespace, underscores and Unicode digits, objects with __complex__,
# __float__ or __index__, keywords) and its errors.


def attempt(label, f):
    try:
        r = f()
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)
    else:
        print(label, "->", repr(r))


print(complex(), complex(1), complex(1.5), complex(True), complex(2**60), complex(1, 2), complex(-0.0))
print(complex(1j), complex(1j, 1j), complex(1j, 2.5), complex(2.5, 1j), complex(-0.0, 1j))
print(complex(complex(-0.0, -0.0), -0.0), complex(0.0, complex(-0.0, -0.0)), complex(real=1, imag=2), complex(imag=3))
z = 3 + 4j
print(complex(z) is z, complex(z, 0) is z, complex(z) == z)

strings = [
    "1+2j", " (1-2j) ", "j", "-j", "+J", "1e3j", "inf", "-nanj", "1_0.5+2_0j", "infinityj",
    "1-j", "1", "-1.5e-3", "(0)", "  2J", "(+1.5-2.5J)", "1e500+1e500j", "-infj", "+inf-infj",
    "1E1", "1.j", ".5j", "1.e5-.5e-5j", "0x1j", "1+2", "", "1+", "1e", "()", "(1j", "1j)",
    "1 + 2j", "1+2j+3j", "1jj", "j1", "+-1j", "1e5e5", "\u0661+\u0662j", "\u20031j\u2003",
    "1j\u00e9", "_1j", "1_j", "1__0j", "1_0\x00", "1\x00", "\t( 3 -4j )\n", "NaN+NaNj",
    "INFINITY-INFINITYj", "infinit", "+nan", "1+nanj", "--1", "1e-400j", "12345678901234567890j",
]
for s in strings:
    attempt(f"complex({s!r})", lambda: complex(s))


class C:
    def __complex__(self):
        return 3 + 4j


class F:
    def __float__(self):
        return 2.5


class I:
    def __index__(self):
        return 7


class BadC:
    def __complex__(self):
        return 5


class BadF:
    def __float__(self):
        return 5


class BadI:
    def __index__(self):
        return "x"


class Both:
    def __complex__(self):
        return 1j

    def __float__(self):
        return 9.0


class Plain:
    pass


cases = [
    ("C()", lambda: complex(C())), ("F()", lambda: complex(F())), ("I()", lambda: complex(I())),
    ("BadC()", lambda: complex(BadC())), ("BadF()", lambda: complex(BadF())),
    ("BadI()", lambda: complex(BadI())), ("Plain()", lambda: complex(Plain())),
    ("1, C()", lambda: complex(1, C())), ("F(), I()", lambda: complex(F(), I())),
    ("C(), C()", lambda: complex(C(), C())), ("1, Plain()", lambda: complex(1, Plain())),
    ("Both()", lambda: complex(Both())), ("Both(), 1", lambda: complex(Both(), 1)),
    ("C(), '1'", lambda: complex(C(), "1")), ("'1', C()", lambda: complex("1", C())),
    ("'1+2j', 1", lambda: complex("1+2j", 1)), ("1, '2'", lambda: complex(1, "2")),
    ("[]", lambda: complex([])), ("b'1'", lambda: complex(b"1")), ("None", lambda: complex(None)),
    ("1, None", lambda: complex(1, None)), ("1, []", lambda: complex(1, [])),
    ("10**400", lambda: complex(10**400)), ("1, 10**400", lambda: complex(1, 10**400)),
    ("1, 2, 3", lambda: complex(1, 2, 3)), ("foo=1", lambda: complex(foo=1)),
    ("1, real=2", lambda: complex(1, real=2)), ("imag=1j", lambda: complex(imag=1j)),
    ("real='1j'", lambda: complex(real="1j")), ("imag='1'", lambda: complex(imag="1")),
]
for label, f in cases:
    attempt(f"complex({label})", f)

print(isinstance(complex("1j"), complex), complex("1j").imag, complex("-0j"), complex("-0"))
