# What complex does not do, with CPython 3.11's errors: no ordering, no
# //, %, divmod, bitwise operators, no int()/float()/round(), no
# three-argument pow with a modulus, read-only parts; math functions want
# a real number. The last error is uncaught (its traceback underlines the
# operator).
import math


def attempt(label, f):
    try:
        r = f()
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)
    else:
        print(label, "->", repr(r))


z = 1 + 1j
n = 2
cases = [
    ("z // n", lambda: z // n), ("n // z", lambda: n // z), ("z % n", lambda: z % n),
    ("2.5 % z", lambda: 2.5 % z), ("divmod(z, n)", lambda: divmod(z, n)),
    ("divmod(1.5, z)", lambda: divmod(1.5, z)), ("z < n", lambda: z < n), ("z < z", lambda: z < z),
    ("z >= 1.5", lambda: z >= 1.5), ("n > z", lambda: n > z), ("z <= 'a'", lambda: z <= "a"),
    ("int(z)", lambda: int(z)), ("float(z)", lambda: float(z)), ("round(z)", lambda: round(z)),
    ("round(z, 2)", lambda: round(z, 2)), ("z & 1", lambda: z & 1), ("z | z", lambda: z | z),
    ("z ^ 1", lambda: z ^ 1), ("z << 1", lambda: z << 1), ("1 >> z", lambda: 1 >> z),
    ("~z", lambda: ~z), ("z @ z", lambda: z @ z), ("z + 'a'", lambda: z + "a"),
    ("'a' + z", lambda: "a" + z), ("z - None", lambda: z - None), ("[1] * z", lambda: [1] * z),
    ("z * [1]", lambda: z * [1]), ("'ab' * z", lambda: "ab" * z), ("max(z, 2j)", lambda: max(z, 2j)),
    ("min([z, 1])", lambda: min([z, 1])), ("sorted([z, 0])", lambda: sorted([z, 0])),
    ("math.sqrt(z)", lambda: math.sqrt(z)), ("math.isnan(z)", lambda: math.isnan(z)),
    ("math.floor(z)", lambda: math.floor(z)), ("hex(z)", lambda: hex(z)),
    ("[1, 2][z]", lambda: [1, 2][z]), ("range(z)", lambda: range(z)), ("chr(z)", lambda: chr(z)),
    ("len(z)", lambda: len(z)), ("iter(z)", lambda: iter(z)), ("z[0]", lambda: z[0]),
    ("z()", lambda: z()), ("z.foo", lambda: z.foo), ("z.real = 2", lambda: setattr(z, "real", 2)),
    ("del z.imag", lambda: delattr(z, "imag")), ("z.foo = 1", lambda: setattr(z, "foo", 1)),
    ("z.conjugate(1)", lambda: z.conjugate(1)), ("z.conjugate(x=1)", lambda: z.conjugate(x=1)),
    ("pow(z, 2, 3)", lambda: pow(z, 2, 3)), ("z ** 'a'", lambda: z ** "a"),
    ("z += 'a'", lambda: exec_iadd()), ("bytes(z)", lambda: bytes(z)), ("[0] * 2 + z", lambda: [0] * 2 + z),
]


def exec_iadd():
    w = z
    w += "a"
    return w


for label, f in cases:
    attempt(label, f)
print(z.real, z.imag, z)
print(z // 2)
