# complex numbers in hot functions (the JIT's modes must agree): a
# Mandelbrot set, float powers that turn complex mid-loop, accumulators
# that change type from float to complex, division with zero divisors
# caught in a loop, and complex keys and comparisons in loops.


def mandel(c, n):
    z = 0j
    for i in range(n):
        z = z * z + c
        if abs(z) > 2:
            return i
    return n


def powers(xs):
    out = []
    for x in xs:
        out.append(x ** 0.5)
        out.append(x ** 2.0)
        out.append(x ** 1j)
    return out


def acc(n):
    s = 0.0
    i = 0
    while i < n:
        s = s + i * 0.5
        if i == n // 2:
            s = s + 1j
        i += 1
    return s


def mixed(n):
    t = 0
    for i in range(n):
        x = i * 0.25 - 3
        y = x ** 1.5 if x < 0 else x ** 2
        t = t + y
    return t


def divs(n):
    r = []
    for i in range(-n, n):
        try:
            r.append((1 + 1j) / complex(i, 0))
        except ZeroDivisionError as e:
            r.append(str(e))
    return r


def neg_roots(n):
    total = 0
    for i in range(n):
        b = float(i - n // 2)
        total += b ** 0.5
    return total


def count_keys(zs):
    seen = {}
    for z in zs:
        seen[z] = seen.get(z, 0) + 1
    return seen


def equal_pairs(zs):
    k = 0
    for a in zs:
        for b in zs:
            if a == b:
                k += 1
    return k


def horner(coeffs, x):
    r = 0
    for c in coeffs:
        r = r * x + c
    return r


rows = []
for re in range(-8, 4):
    row = ""
    for im in range(-6, 7):
        row += "#" if mandel(complex(re / 4, im / 4), 40) == 40 else "."
    rows.append(row)
print("\n".join(rows))
for _ in range(3):
    print(powers([4.0, -4.0, 9.0, -1.0, 2.5, -0.25]))
    print(acc(20), mixed(30), neg_roots(15))
    print(divs(3))
for k in range(6):
    print(mandel(0.3 + 0.5j * k, 100), mandel(-1, 50 + k), mandel(0.25 + k * 1e-3, 200))
zs = [complex(i % 3, i % 2) for i in range(30)] + [1, 1.0, 0, 2.0 + 1j]
print(count_keys(zs))
print(equal_pairs(zs))
for x in [0.5, 1j, -1 + 2j, 2, 1.5]:
    print(horner([1, -2j, 3.5, 1 + 1j], x))
