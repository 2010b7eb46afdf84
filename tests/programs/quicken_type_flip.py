# The same instruction sites see ints, then floats, then strs, then big
# ints (and back), so quickened forms must deoptimize and respecialize
# without changing any result.


def add(a, b):
    return a + b


def arith(a, b):
    return a - b, a * b, a // b, a % b, a / b


def less(a, b):
    if a < b:
        return "lt"
    return "ge"


def equal(a, b):
    return a == b


def item(c, k):
    return c[k]


def store(c, k, v):
    c[k] = v
    return c


def total(xs):
    t = 0
    for x in xs:
        t = t + x
    return t


def pair(p):
    a, b = p
    return b, a


def phase(label, make, n=12):
    out = []
    for i in range(n):
        a, b = make(i)
        out.append(add(a, b))
    print(label, out[0], out[-1], len(out))


phase("int", lambda i: (i, i + 1))
phase("float", lambda i: (i + 0.5, 0.25))
phase("str", lambda i: ("s" + str(i), "!"))
phase("bigint", lambda i: (2**64 + i, 2**70))
phase("overflow", lambda i: (2**62 + i, 2**62))
phase("mixed", lambda i: (i, 0.5))
phase("bool", lambda i: (True, i))
phase("int again", lambda i: (i, -i))

for a, b in [(7, 2), (-7, 2), (7, -2), (-7, -2), (7.5, 2.0), (-7.5, 2.0), (2**65, 3), (9, 0.5)]:
    for _ in range(10):
        r = arith(a, b)
    print("arith", a, b, r)

for a, b in [(7, 0), (7.0, 0.0), (2**64, 0)]:
    try:
        arith(a, b)
    except ZeroDivisionError as e:
        print("zero", type(a).__name__, e)

for a, b in [(1, 2), (2, 1), (1.5, 1.5), (float("nan"), 1.0), ("a", "b"), ("b", "a"), (2**70, 3), (3, 2**70), (1, 1.5)]:
    for _ in range(10):
        r = less(a, b), equal(a, b)
    print("cmp", a, b, r)

for c, k in [([10, 20, 30], 1), ([10, 20, 30], -1), ((4, 5, 6), 2), ({"a": 1, 1: "one"}, "a"), ({"a": 1, 1: "one"}, 1), ("hello", 1), (range(10), 3), ([1, 2], True)]:
    for _ in range(10):
        r = item(c, k)
    print("item", k, r)

for c, k in [([1, 2, 3], 5), ((1, 2), -3), ({"a": 1}, "b")]:
    try:
        item(c, k)
    except (IndexError, KeyError) as e:
        print("item error", type(e).__name__, e)

for c, k, v in [([0, 0, 0], 1, 9), ([0, 0, 0], -1, 8), ({}, "k", 1), ({1: 2}, 1, 3)]:
    for _ in range(10):
        r = store(c, k, v)
    print("store", r)

try:
    store([1], 4, 0)
except IndexError as e:
    print("store error", e)

for xs in [range(5), [1, 2, 3], (4, 5), [0.5, 0.25], range(10**20, 10**20 + 3), {1: 0, 2: 0}]:
    for _ in range(10):
        r = total(xs)
    print("total", r)

for p in [(1, 2), [3, 4], ("x", "y"), "ab", (5, 6)]:
    for _ in range(10):
        r = pair(p)
    print("pair", r)

for p in [(1, 2, 3), [1]]:
    try:
        pair(p)
    except ValueError as e:
        print("pair error", e)
