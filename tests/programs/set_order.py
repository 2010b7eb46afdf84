# Iteration order: CPython's table (linear probes, perturbation, dummies,
# growth) decides it, and so do the operations that build new sets.

def show(label, s):
    print(label, len(s), s)

# Small ints sit at their own slots; collisions probe linearly in big
# tables and jump in small ones.
show("ints", {5, 3, 9, 1, 7})
show("collide8", {0, 8, 16, 24})
show("negatives", {-1, -2, -3, -8, -9, -100, -(2 ** 40)})
show("strings", {"alpha", "beta", "gamma", "delta", "epsilon", "zeta"})
show("tuples", {(1, 2), (2, 1), (0, 0), (-1, 5), ("a", 1), ((1,), 2)})
show("mixed", {1, "1", (1,), 1.5, -7, "seven", 2 ** 70, -2 ** 65})
show("floats", {0.1, 0.25, 1e100, -3.75, 2.5, 1e-7})
show("bytes", {b"ab", b"", b"xyz"})

# Displays of constants: CPython folds them (-3, 2**4, tuples) into a
# frozenset constant that is merged into a new set.
show("folded", {-3, 2 ** 4, (1, -1), 7, 8, 64, 1024})
show("folded5", {33, 1, 65, 97, 129})
show("same items later", {129, 97, 65, 33, 1})
show("not constant", {len("ab"), 33, 1, 65, 97, 129})
x = 97
show("with a name", {129, x, 65, 33, 1})
show("starred", {*[129, 97], 65, *(33, 1)})
k = 5
show("35 items", {k, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
                  19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, -k})
show("35 constants", {35, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
                      19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, -5})
for v in {16, 8, 0, 24, 40}:
    print("for over a display", v)
print("comprehension over a display", [v for v in {300, 44, 12, 0, 7}])

# Removals leave dummies; an add reuses the last dummy on its probe path.
s = {0, 8, 16}
s.remove(0)
s.remove(16)
s.add(24)
show("dummy reuse", s)
s = set(range(20))
for i in range(0, 20, 3):
    s.discard(i)
show("after discards", s)
for i in range(100, 110):
    s.add(i)
show("re-added", s)
for i in range(0, 20, 3):
    s.add(i)
show("old keys back", s)

# Growth past several resizes (8 -> 32 -> 128 -> 512 -> 2048 ...).
g = set()
checkpoints = {4, 5, 18, 19, 76, 77, 300, 310, 1300}
for i in range(1400):
    g.add(i * 7919 % 10007)
    if len(g) in checkpoints:
        print("grown to", len(g), list(g)[:12])
print(list(g)[-10:])
h = set()
for w in range(2000):
    h.add(str(w))
print(list(h)[:15], list(h)[-5:])
neg = {-i * 1000003 for i in range(200)}
print(list(neg)[:10])
big = set(range(60000))
print(len(big), list(big)[:5], list(big)[-3:])
big.difference_update(range(0, 60000, 2))
print(len(big), list(big)[:5])
big.add(-1)
print(list(big)[:3])

# pop() takes the first key at or after its finger.
p = {1, 2, 3, 40, 50, 60, 700}
print([p.pop() for _ in range(4)], p)
p.add(1)
p.add(2)
print(p.pop(), p.pop(), p)
q = set(range(0, 100, 9))
out = []
while q:
    out.append(q.pop())
    if len(out) == 3:
        q.add(1000)
print(out)

# New sets from old ones: copy, set(), union, intersection, difference,
# symmetric difference, set(dict), frozenset().
src = set(range(30))
for i in range(5, 25):
    src.discard(i)
show("source with dummies", src)
show("copy", src.copy())
show("set()", set(src))
show("frozenset()", frozenset(src))
show("set(dict)", set({"z": 1, "y": 2, "x": 3, 9: 4, 1: 5}))
show("set(dict keys)", set({"z": 1, "y": 2, "x": 3}.keys()))
small = {100, 3, 1}
large = set(range(0, 60, 2)) | {1, 3, 99}
show("small & large", small & large)
show("large & small", large & small)
show("small.intersection(list)", small.intersection([3, 100, 1, 7]))
show("large - small", large - small)
show("small - large", small - large)
show("large - [list]", large - set([0, 2, 4]))
show("difference with dict", large.difference({0: 1, 2: 2}))
show("small ^ large", small ^ large)
show("large ^ small", large ^ small)
show("union", small.union(large, [5000, 6000], "ab"))
show("|", small | large)
show("frozenset |", frozenset(small) | large)
u = {3, 2, 1}
u.update({"k": 1, "j": 2})
show("update(dict)", u)
u.symmetric_difference_update({"k": 0, "new": 0})
show("sym update(dict)", u)
w = set(range(0, 40, 5))
w.intersection_update(range(0, 40, 10), [0, 10, 20, 30, 99])
show("intersection_update", w)
lots = set(range(1000))
few = {999, 500, 1, 2}
few.difference_update(lots)
show("difference_update by a much larger set", few)
show("{*set}", {*large})
show("{*a, *b}", {*small, *large})
