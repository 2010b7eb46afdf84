# cmath: sqrt, exp, log (with a base), log10, phase, polar, rect, the
# predicates, isclose and the constants, with CPython's values at
# infinities, NaNs, signed zeros and subnormals, and its errors
# ("math domain error", "math range error", argument errors).
import cmath


def attempt(label, f):
    try:
        r = f()
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)
    else:
        print(label, "->", repr(r))


print(cmath.pi, cmath.e, cmath.tau, cmath.inf, cmath.infj, cmath.nan, cmath.nanj)
print(repr(cmath.sqrt), cmath.sqrt(-1), cmath.sqrt(4), cmath.exp(1j * cmath.pi), cmath.log(-1))
print(cmath.polar(1j), cmath.rect(2, cmath.pi / 2), cmath.phase(-1 - 0j), cmath.phase(complex(-1, -0.0)))
print(cmath.log(8, 2), cmath.log10(1000), cmath.isclose(1j, 1j + 1e-10), cmath.isclose(1, 1.1, rel_tol=0.2))

INF = float("inf")
NAN = float("nan")
parts = [0.0, -0.0, 1.0, -2.5, 1e-310, 1e308, 709.5, INF, -INF, NAN, 0.75]
for a in parts:
    for b in parts:
        z = complex(a, b)
        for name in ["sqrt", "exp", "log", "log10", "phase", "polar", "isfinite", "isinf", "isnan"]:
            attempt(f"{name}({z!r})", lambda: getattr(cmath, name)(z))
        attempt(f"rect({a!r}, {b!r})", lambda: cmath.rect(a, b))
        attempt(f"log({z!r}, {b!r}+{a!r}j)", lambda: cmath.log(z, complex(b, a)))
        attempt(f"isclose({z!r})", lambda: cmath.isclose(z, complex(a * (1 + 1e-10), b)))


class C:
    def __complex__(self):
        return 2j


class F:
    def __float__(self):
        return 0.25


cases = [
    ("sqrt('x')", lambda: cmath.sqrt("x")), ("sqrt()", lambda: cmath.sqrt()),
    ("sqrt(1, 2)", lambda: cmath.sqrt(1, 2)), ("sqrt(z=1)", lambda: cmath.sqrt(z=1)),
    ("sqrt(C())", lambda: cmath.sqrt(C())), ("exp(F())", lambda: cmath.exp(F())),
    ("log()", lambda: cmath.log()), ("log(1, 2, 3)", lambda: cmath.log(1, 2, 3)),
    ("log(x=1)", lambda: cmath.log(x=1)), ("log('x')", lambda: cmath.log("x")),
    ("log(1, 'x')", lambda: cmath.log(1, "x")), ("log(2, 1)", lambda: cmath.log(2, 1)),
    ("log(0)", lambda: cmath.log(0)), ("log(0, 2)", lambda: cmath.log(0, 2)),
    ("log(1, 0)", lambda: cmath.log(1, 0)), ("log10(0)", lambda: cmath.log10(0)),
    ("rect(1j, 1)", lambda: cmath.rect(1j, 1)), ("rect(1)", lambda: cmath.rect(1)),
    ("rect(r=1, phi=2)", lambda: cmath.rect(r=1, phi=2)), ("rect('a', 1)", lambda: cmath.rect("a", 1)),
    ("phase(None)", lambda: cmath.phase(None)), ("polar()", lambda: cmath.polar()),
    ("isclose(1)", lambda: cmath.isclose(1)), ("isclose(1, 2, 3)", lambda: cmath.isclose(1, 2, 3)),
    ("isclose(rel_tol=-1)", lambda: cmath.isclose(1, 1, rel_tol=-1)),
    ("isclose(foo=1)", lambda: cmath.isclose(1, 2, foo=1)), ("isclose(a=1, b=1)", lambda: cmath.isclose(a=1, b=1)),
    ("isclose(rel_tol='x')", lambda: cmath.isclose(1, 1.1, rel_tol="x")),
    ("isclose(inf, inf)", lambda: cmath.isclose(INF, INF)), ("isclose(inf, -inf)", lambda: cmath.isclose(INF, -INF)),
    ("isclose(nan, nan)", lambda: cmath.isclose(NAN, NAN)), ("isclose(abs_tol)", lambda: cmath.isclose(1, 1.5, abs_tol=0.5)),
    ("isnan('x')", lambda: cmath.isnan("x")), ("exp(1000)", lambda: cmath.exp(1000)),
    ("exp(1+infj)", lambda: cmath.exp(complex(1, INF))), ("polar(1e308+1e308j)", lambda: cmath.polar(complex(1e308, 1e308))),
    ("polar(inf)", lambda: cmath.polar(INF)), ("rect(1, inf)", lambda: cmath.rect(1, INF)),
    ("sqrt(10**400)", lambda: cmath.sqrt(10**400)), ("phase(1e308+1e-310j)", lambda: cmath.phase(complex(1e308, 1e-310))),
]
for label, f in cases:
    attempt(label, f)
