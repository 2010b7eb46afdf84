# In compiled loops: names swapped (`a, b = b, a`, three rotated), star
# unpacking, and functions made in the body (comprehensions, lambdas).
def swaps(n):
    a, b, c = 1, "two", 3.0
    x = [1]
    for i in range(n):
        a, b = b, a
        a, b, c = c, a, b
        x, a = a, x
        a = a
    return a, b, c, x


for k in range(40):
    s = swaps(31)
print(s)


def stars(items):
    out = []
    for it in items:
        first, *rest = it
        *init, last = it
        a, *mid, z = it
        out.append((first, rest, init, last, a, mid, z))
    return out


for k in range(40):
    st = stars([(1, 2, 3), [4, 5], "xyz", range(3), {7: 0, 8: 0}])
print(st)
for bad in ([(1,)], [5]):
    try:
        stars(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)


def makes(n):
    total = 0
    fs = []
    for i in range(n):
        sq = [j * j for j in range(4)]
        f = lambda: 10
        total += sum(sq) + f()
        fs.append(f)
    return total, fs[0] is fs[1], fs[0].__name__, fs[0].__qualname__


for k in range(40):
    m = makes(20)
print(m)
