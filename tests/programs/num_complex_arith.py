# complex arithmetic with ints, bools, floats, big ints and complexes in
# both orders, CPython's division (Smith's algorithm) and its
# "complex division by zero", `**` by repeated squaring for small whole
# exponents and by polar form otherwise (with CPython's ZeroDivisionError
# and OverflowError), negative floats to fractional powers (complex
# results), unary operators, abs(), in-place operators, sum() and pow().


def attempt(label, f):
    try:
        r = f()
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)
    else:
        print(label, "->", repr(r))


INF = float("inf")
NAN = float("nan")
operands = [3 + 4j, -2j, 0j, 2, -3, True, 0.5, -0.0, 2**70, complex(INF, 1), complex(1e308, 1e308)]
for a in operands:
    for b in operands:
        if isinstance(a, complex) or isinstance(b, complex):
            for sym, op in (("+", lambda x, y: x + y), ("-", lambda x, y: x - y),
                            ("*", lambda x, y: x * y), ("/", lambda x, y: x / y)):
                attempt(f"{a!r} {sym} {b!r}", lambda: op(a, b))

print((1 + 2j) * (3 - 4j), (1 + 2j) / (3 - 4j), 1j * 1j, 2 / 1j, 1j / 2, True + 1j, 1j * False)
print(1e300j * 1e300j, (1e200 + 1e200j) * (1e200 + 1e200j), 1e-200j * 1e-200j)
print((1 + 1j) / complex(0, NAN), (1 + 1j) / complex(INF, 0), 1 / complex(1e-310, 1e-310))
attempt("1j / 0", lambda: 1j / 0)
attempt("1 / 0j", lambda: 1 / 0j)
attempt("1.5 / -0j", lambda: 1.5 / complex(-0.0, -0.0))
attempt("2**1100 + 1j", lambda: 2**1100 + 1j)
attempt("1j - 10**400", lambda: 1j - 10**400)

# Powers.
bases = [1 + 2j, -1 + 0j, 0j, 1j, 2 + 0j, complex(0.5, -1.5), 1e200 + 1e200j, 1e-200 + 0j, complex(INF, 0)]
exps = [0, 1, 2, 3, -1, -2, 10, 100, 101, -101, 0.5, -0.5, 1j, 2 + 3j, 1e308, INF, -INF, 0.0, -0.0, 2.0, complex(3, 0)]
for b in bases:
    for e in exps:
        attempt(f"{b!r} ** {e!r}", lambda: b ** e)
for b in [2, -8, 2.5, -2.5, 0, 0.0, True, 2**80]:
    for e in [1j, 0.5j, 1 + 1j, -1j]:
        attempt(f"{b!r} ** {e!r}", lambda: b ** e)
attempt("(1+1j) ** 10**400", lambda: (1 + 1j) ** 10**400)
attempt("0j ** -1", lambda: 0j ** -1)
attempt("0j ** 1j", lambda: 0j ** 1j)
attempt("0j ** -0.5", lambda: 0j ** -0.5)
attempt("(1e-200+0j) ** -2", lambda: (1e-200 + 0j) ** -2)
attempt("(-1+0j) ** inf", lambda: complex(-1, 0) ** INF)
attempt("1j ** 1e300j", lambda: 1j ** 1e300j)

# A negative float to a fractional power is complex (float ** float).
for b in [-1, -8, -2.0, -0.5, -1e300, -INF, -1.0]:
    for e in [0.5, 1 / 3, 1.5, -0.5, 2.0, 3.0, -3.0, 0.25, INF, NAN, 1e300, 2.5]:
        attempt(f"{b!r} ** {e!r}", lambda: b ** e)
attempt("(-0.0) ** -1.5", lambda: (-0.0) ** -1.5)
attempt("0.0 ** -2", lambda: 0.0 ** -2)
attempt("(-2.0) ** 10001.0", lambda: (-2.0) ** 10001.0)
print(NAN ** 0, 1.0 ** NAN, (-1.0) ** INF, (-INF) ** 3.0, (-INF) ** -3.0, (-INF) ** 0.5)
print((-0.0) ** 3.0, (-0.0) ** 2.5, (-5.0) ** NAN, 0.5 ** -INF, 2.0 ** -INF, (-1.0) ** 1e300)

# Unary operators and abs().
for z in [1 + 2j, -0j, 0j, complex(-0.0, 0.0), complex(NAN, -INF)]:
    print(-z, +z, abs(z), +z is z)
print(abs(3 + 4j), abs(-5j), abs(complex(INF, NAN)), abs(complex(NAN, -INF)), abs(complex(NAN, 1)))
print(abs(complex(1e-320, 1e-320)), abs(complex(1e308, 1e307)))
attempt("abs(1e308+1e308j)", lambda: abs(complex(1e308, 1e308)))
attempt("~1j", lambda: ~1j)

# In-place operators.
x = 2j
x **= 2
x += 1
x *= 1j
x /= 2
x -= 0.5
print(x)
y = 3
y += 1j
z = 1.5
z **= 0.5j
w = -4.0
w **= 0.5
print(y, z, w)

# sum() and pow().
print(sum([1j, 2, 3.5]), sum([1j, 2j], 1j), sum([], 0j), sum([0.5, 1j, 2**60]), sum((1j,) * 10))
print(pow(1j, 2), pow(2, 1j), pow(-1, 0.5), pow(1 + 1j, -3), pow(2.0, 2j))
for args in [(1j, 2, 3), (2, 1j, 3), (2, 3, 1j), (2.0, 3, 1j), (1.5, 1j, 2), ("x", 2, 1j),
             (10**400, 2, 1j), (2, 2.0, "x"), (1j, "x", 2), (2, 3, 5)]:
    attempt(f"pow{args!r}", lambda: pow(*args))
