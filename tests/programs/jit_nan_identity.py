# NaNs made by compiled float arithmetic are new objects, as in CPython:
# a result that escapes (returned, stored, left in a local) is never the
# NaN it was computed from, while intermediates only arithmetic uses are
# never seen; a NaN passed through unchanged stays the same object.
nan = float("nan")


def chain(n, x):
    for _ in range(n):
        x = x * 0.5 + 1.0
    return x


def both(n, x):
    a = x
    b = x
    for _ in range(n):
        a = x * 1.0
        b = a + 0.0
    return [a, b]


def keep(n, x):
    y = x
    for _ in range(n):
        t = y * 2.0
        z = t - t
    return y


def store(n, x, out):
    for i in range(n):
        out[i] = x * 1.0
    return out


for _ in range(300):
    chain(3, 1.0)
    both(3, 2.0)
    keep(3, 3.0)
    store(2, 1.0, [0.0, 0.0])
r = chain(4, nan)
print(r != r, r is nan, chain(0, nan) is nan)
a, b = both(3, nan)
print(a is b, a is nan, b is nan, [a, b].count(a), [a, b].count(b))
print(keep(3, nan) is nan, keep(0, nan) is nan)
out = store(2, nan, [0.0, 0.0])
print(out[0] is out[1], out[0] is nan, out.count(out[0]), out.count(nan))
inf = 1e308 * 10
m = chain(2, inf - inf)
print(m != m, [m].count(m), [m, m].count(m))
