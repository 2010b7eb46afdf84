# complex: literals, repr/str at the edges (signed zeros, inf, nan, the
# exponent form), the parts, conjugate, truth, hashing equal to int and
# float, equality across the number types, and complex keys in dicts
# and sets (constant set displays become frozensets as in CPython).

INF = float("inf")
NAN = float("nan")

values = [
    1j, 2.5J, 0j, -0j, 1 + 2j, -1 - 2j, 1e16j, 1e-5j, 1.5e300 + 1j,
    complex(-0.0, -0.0), complex(0.0, -0.0), complex(-0.0, 0.0),
    complex(NAN, INF), complex(INF, NAN), complex(-INF, -INF), complex(1e16, 1e-5),
    complex(1.5, -2.25), complex(0, NAN), complex(-NAN, -NAN), complex(2**53, 1),
    -1j, +1j, -(1 + 0j), 123456789.125j, 5e-324j, 1e300 * 1e10j,
]
for v in values:
    print(repr(v), str(v), v.real, v.imag, bool(v), v.conjugate(), v == v)

print(type(1j).__name__, type(1j) is complex, isinstance(1j, complex), isinstance(1, complex))
print(isinstance(1j, (int, float)), complex.__name__, (1j).__class__, type(complex))
print(1j.real, 2j.imag, (3 + 4j).real.__class__, (3 + 4j).imag, (1j).__complex__())

# Hashes: equal numbers hash equally; CPython's combination of the parts.
print(hash(1 + 0j) == hash(1), hash(1.5 + 0j) == hash(1.5), hash(-1 + 0j), hash(0j))
print(hash(1j), hash(2 + 3j), hash(-2.5 - 1e300j), hash(complex(INF, -INF)), hash(1e16j))
print(hash(complex(2**61, 0)) == hash(2**61), hash(complex(-0.0, -0.0)) == hash(0))

# Equality with ints (exactly, even past 2**53), floats and complexes.
print(1 + 0j == 1, 1 == 1 + 0j, 1.5 == 1.5 + 0j, 1j == 1j, 1j != 2j, 1j == "1j", 1j == None)
print(complex(2**53) == 2**53 + 1, 2**53 + 1 == complex(2**53), complex(2**53) == 2**53)
print(True == 1 + 0j, 0j == False, complex(NAN, 0) == NAN, 10**400 == 1j, 1j != 10**400)
print([1j, 2] == [1j, 2], (1 + 0j, 2) == (1, 2.0), 1j in [0, 1, 1j], 2j in (1j, 3j))
x = complex(NAN, 1)
print(x == x, x in [x], [x] == [x], x is x)

# As keys: an equal int or float finds the entry.
d = {1: "int one", 2.5: "float", 3j: "three j"}
print(d[1 + 0j], d[2.5 + 0j], d[complex(0, 3)], 3j in d, 4j in d, d.get(1j, "none"))
d[1 + 0j] = "replaced"
print(d)
print({1, 1 + 0j, 1.0, True}, {0j, 0, 0.0, False, -0j})
print({1j, 2j, 3j, 1 + 0j}, {-1j, 2 + 3j, 4, 4.0 + 0j}, {1, 2, (1 + 2j, 3), -1j})
for z in {5j, 1 + 1j, -2 - 2j, 0j, 7}:
    print(z, end=" ")
print()
print([z for z in {1j, 2j, 3j, 4j, 5j, 6j, 7j, 8j, 9j, 10j}])
print(2j in {1j, 2j, 3j}, 2 in {1j, 2 + 0j, 3j}, 1.5 + 0j in {1.5, 2.5})
s = set()
for k in range(12):
    s.add(complex(k, -k))
print(s)
print(frozenset([1j, 1j, 2 + 0j, 2]), sorted({1j: 0, 3: 1, 2.5: 2}, key=str))

# Constant expressions CPython's compiler folds give the same values.
print(-1j, -0j, 1 - 1j, 2 ** -1j, (-1) ** 0.5, -(0j), (1 + 2j, 3), (-1j, "a"))


def f():
    return (1j, 2)


print(f() is f(), f())
big = 1e400j
print(big, -big, big * 0, big - big, big * 1j)

# Equal complex constants are one object, as CPython's compiler merges
# them (its optimizer folds -1j and 1 + 2j first), also across functions
# and inside constant tuples.
a, b = -1j, -1j
c, d = 1 + 2j, 1 + 2j


def g():
    return (1 + 2j, -1j, 2.5j)


def h():
    return 2.5j


print(a is b, c is d, g() is g(), g()[0] is c, g()[1] is a, g()[2] is h(), h() is h())
print(g(), (1 - 1j) * 2, 1j ** 2, (1 + 1j) / 0.5, -(1j), +1j, 3 * (2 - 1j) + 1j)
