# Two float locals (or a local and a constant) followed by a float form run
# with one dispatch in the hot loop: results, NaN (a fresh float each
# time), signed zeros, infinities, comparisons that jump, and `x += y`
# stored in place, all as the forms run alone would give them.
import math


def arith(n):
    x = 0.0
    y = 1.5
    acc = 0.0
    for i in range(n):
        x = x * 0.5 + y
        acc += x
        d = x - y
        p = x * y
    return x, acc, d, p


def compare(n):
    a = 0.25
    b = 0.5
    hits = 0
    for i in range(n):
        if a < b:
            hits += 1
        if a > 0.75:
            hits += 100
        if a == b:
            hits += 10000
        if a != 0.25:
            hits += 1000000
        a = a + 0.0
    return hits


def specials(n):
    inf = float("inf")
    nan = float("nan")
    z = 0.0
    m = -0.0
    out = []
    for i in range(n):
        s = inf - inf
        t = inf * z
        u = nan + 1.0
        v = m + m
        w = m - z
        big = 1e308 * 10.0
        out.append((s, t, u, v, w, big))
        lt = nan < 1.0
        ne = nan != nan
        eq = nan == nan
        out.append((lt, ne, eq))
    return out


def identity(n):
    x = float("inf")
    seen = []
    for i in range(n):
        r = x - x
        seen.append(r)
    return seen


def mixed(n):
    # An int and a float: not fused, the general forms run.
    x = 3
    y = 0.5
    r = 0
    for i in range(n):
        r = x * y + r
    return r


def local_local_add_store(n):
    total = 0.0
    step = 0.1
    for i in range(n):
        total = total + step
        total += step
    return total


for n in (1, 2, 3, 50, 200):
    print(n, arith(n))
    print(n, compare(n))
    print(n, mixed(n), local_local_add_store(n))
res = specials(40)
print(res[0], res[1])
print(res[-2], res[-1])
print([math.copysign(1.0, r[3]) for r in res[0::2][:3]])
print([math.copysign(1.0, r[4]) for r in res[0::2][:3]])
seen = identity(30)
print(all(math.isnan(s) for s in seen), len({id(s) for s in seen}) > 1 or len(seen) == 1)
print(seen[0] is seen[1])
