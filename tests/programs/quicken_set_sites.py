# Sites that meet sets and other types in turn: the quickened forms of
# calls, method loads, operators, comparisons and loops must hand sets to
# the generic paths and come back.

def size(c):
    return len(c)

def has(c, x):
    return x in c

def dup(c):
    return c.copy()

def both(a, b):
    return a | b, a & b, a - b, a ^ b

def less(a, b):
    return a < b, a <= b, a == b

def walk(c):
    out = []
    for x in c:
        out.append(x)
    return out

def add_all(target, items):
    for i in items:
        target.add(i)
    return target

samples = [[3, 1, 2], {3, 1, 2}, (3, 1, 2), frozenset({3, 1, 2}), {3: 0, 1: 0}, "312"]
for _ in range(3):
    for c in samples:
        probe = "1" if isinstance(c, str) else 1
        print(type(c).__name__, size(c), has(c, probe), has(c, (1,)) if probe == 1 else "-", walk(c))
        print("  copy", dup(c) if hasattr(c, "copy") else "-")

for a, b in [(6, 3), ({1, 2}, {2, 3}), (True, False), (frozenset({1}), {1, 5}), (12, 10)] * 2:
    print(both(a, b))
for a, b in [(1, 2), ({1}, {1, 2}), ("a", "b"), ({1, 2}, {1, 2}), ([1], [1, 2]), (frozenset(), set())] * 2:
    print(less(a, b))

class Bag:
    def __init__(self):
        self.items = []
    def add(self, x):
        self.items.append(x)
    def __repr__(self):
        return "Bag(%r)" % self.items

for target in [set(), Bag(), {9}, Bag(), set()]:
    print(add_all(target, [5, 1, 5, 3]))

def total(rows):
    t = 0
    for row in rows:
        for v in row:
            t += v
    return t
print(total([{1, 2}, [3, 4], frozenset({5}), (6,), {7: 0}, range(3)]))

def count_new(seen, values):
    n = 0
    for v in values:
        if v not in seen:
            seen.add(v)
            n += 1
    return n
seen = set()
for chunk in ([1, 2, 3], [2, 3, 4], range(10), "ab", [("t", 1), ("t", 1)]):
    print(count_new(seen, chunk), len(seen))
print(seen)
