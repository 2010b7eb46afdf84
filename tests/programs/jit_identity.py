# `is` and `is not` in loops the JIT compiles: objects, None, bools and
# small ints, operands that are locals, constants and results of calls
# (released after the comparison), as conditions and as values.
class Box:
    pass


def same(x):
    return x


def make():
    return Box()


def count(items, probe, n):
    hits = misses = flips = 0
    one = 1
    last = None
    for i in range(n):
        x = items[i % len(items)]
        if x is probe:
            hits += 1
        if same(x) is not probe:
            misses += 1
        if make() is make():
            hits += 1000
        if same(x) is same(x):
            flips += 1
        last = (x is None, x is True, same(i % 3) is one, x is last)
    return hits, misses, flips, last


b = Box()
items = [b, None, True, False, 0, 1, "s", b, Box()]
for _ in range(200):
    count(items, b, 20)
print(count(items, b, 90))
print(count(items, None, 90))
print(count(items, True, 90))
print(count([None], None, 50))
