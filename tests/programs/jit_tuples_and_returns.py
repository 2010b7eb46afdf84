# Compiled loops that build and unpack tuples, return from inside a loop,
# and use chained comparisons and `and`/`or` as values; the errors an
# unpack raises come from the right line, with the loop's state intact.


def pairs(n):
    out = []
    for i in range(n):
        out.append((i, i * 0.5))
    return out


def total(ps):
    t = 0.0
    for a, b in ps:
        t += a * b
    return t


def nested(rows):
    t = 0
    for ((a, b), [c, d], e) in rows:
        t += a - b + c * d + e
    return t


def first_over(xs, limit):
    for i, x in enumerate(xs):
        if x > limit:
            return i, x
    return -1, None


def classify(xs, lo, hi):
    inside = 0
    flags = []
    for x in xs:
        if lo < x < hi:
            inside += 1
        flags.append(x > 0 and x % 2 == 0 or x == -1)
    return inside, flags[:6]


def unpack_bad(items):
    t = 0
    for a, b in items:
        t += a + b
    return t


ps = pairs(3000)
print("total", total(ps))
rows = [((i, 1), [2, i], 3) for i in range(2000)]
print("nested", nested(rows))
print("first_over", first_over(list(range(5000)), 4321))
print("first_over none", first_over([1, 2, 3] * 600, 10))
print("classify", classify(list(range(-5, 3000)), 10, 2000))
good = [(i, i) for i in range(2000)]
print("unpack", unpack_bad(good))
for bad in ([(1, 2, 3)], [(1,)], [5], ["ab"]):
    try:
        print("unpack", unpack_bad(good + bad))
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e, e.__traceback__.tb_next.tb_lineno)
