# hash(frozenset) is CPython's: the xor of each item's shuffled hash, mixed
# with the size; equal frozensets hash equally whatever their order.

def h(x):
    print(x, hash(x))

h(frozenset())
h(frozenset([0]))
h(frozenset([1]))
h(frozenset([-1]))
h(frozenset([1, 2, 3]))
h(frozenset(range(100)))
h(frozenset(["a", "b", "c"]))
h(frozenset([(1, 2), (3, 4)]))
h(frozenset([1.5, -0.5, 2.0 ** 80]))
h(frozenset([2 ** 64, -(2 ** 64), 2 ** 61 - 1]))
h(frozenset([True, 2]))
h(frozenset([frozenset(), frozenset([1])]))
h(frozenset([frozenset([frozenset([1, 2])])]))
h(frozenset([b"x", "x"]))
nested = frozenset()
for i in range(20):
    nested = frozenset([nested, i])
print(hash(nested))

# Order does not matter, nor how the table was filled.
a = frozenset([5, 3, 9, 1000003, -7])
b = frozenset([-7, 1000003, 9, 3, 5])
s = set(range(50))
for i in range(6, 50):
    s.discard(i)
s.update([1000003, -7, 9])
s.discard(0); s.discard(1); s.discard(2); s.discard(4)
print(hash(a) == hash(b), a == b, s == a, hash(frozenset(s)) == hash(a))
print(hash(frozenset([1, 2])) == hash(frozenset([2.0, 1.0])))
print(hash(frozenset("abc")) == hash(frozenset(["c", "b", "a"])))

# Frozensets as keys: equal ones find each other.
d = {}
for items in ([1, 2], [2, 1], [3], [], [(1, 2)], [frozenset([1])]):
    key = frozenset(items)
    d[key] = d.get(key, 0) + 1
print(d)
print(d[frozenset([1, 2])], d[frozenset()], frozenset([frozenset([1])]) in d)
groups = {}
for word in ["listen", "silent", "enlist", "google", "gogole", "cat", "act", "tac"]:
    groups.setdefault(frozenset(word), []).append(word)
print(groups)
print({frozenset({1, 2}), frozenset({2, 1}), frozenset({1}), frozenset()})
