# Construction, literals, the protocols and the builtins that consume sets.

empty = set()
print(empty, frozenset(), len(empty), bool(empty), bool({0}))
print(set([3, 1, 2, 3, 1]), set("mississippi"), set(range(5)), set((4, 4, 5)))
print(set({"one": 1, "two": 2, "three": 3}), set(x * x for x in range(-3, 4)))
print(frozenset([1, 2, 3]), frozenset("abc"), frozenset(range(10, 0, -3)))
print({1, 2}, {"a", "b", "c"}, {(1, 2), (3, 4)}, {1.5, -2.5}, {10 ** 20, -10 ** 20})
print({1, 1, 1}, {True, 1, 1.0}, {0, False, 0.0, -0.0}, {1.0, True})
print(repr({1}), str({1}), repr(frozenset({1})), str(frozenset()), f"{ {7} }")
print(type({1}), type(frozenset()), set, frozenset, set.__name__, frozenset.__name__)
print(type(iter({1})).__name__, type(iter(frozenset())).__name__)
print(isinstance({1}, set), isinstance(frozenset(), frozenset), isinstance(frozenset(), set))
print(type({1}) is set, type(frozenset({1})) is frozenset, type(set()) == frozenset)

s = {5, 10, 15}
print(5 in s, 6 in s, 6 not in s, "5" in s, 5.0 in s, True in {1})
print(len(s), len(frozenset("aaa")), len({(1,), (1,)}))
for x in s:
    print("item", x)
t = frozenset({"red", "green", "blue"})
for i, c in enumerate(t):
    print(i, c)

# Builtins that take any iterable.
n = {4, 9, 1, 7}
print(sorted(n), sorted(n, reverse=True), sum(n), min(n), max(n))
print(list(n), tuple(n), any(n), all(n), any(set()), all(set()), all({0, 1}))
print(list(enumerate(n, 1)), list(zip(n, "abcd")), list(map(lambda v: v * 2, n)))
print(list(filter(lambda v: v > 4, n)), "-".join({"x"}), "".join(sorted({"b", "a"})))
print(sorted(frozenset({3.5, -1, 2})), max({"pear", "fig", "apple"}), min(frozenset("zyx")))
print(dict(zip(sorted(n), sorted(n))), list(reversed(sorted(n))))
a, b = {1, 2}
print(a, b)
first, *rest = {30, 10, 20}
print(first, rest)
print(*{8, 9})
def total(*args):
    return sum(args)
print(total(*{1, 2, 3}), [*{4, 5}, *frozenset({6})], (*{7},))

# Equality between sets, frozensets and other types.
print({1, 2} == {2, 1}, {1, 2} == frozenset({1, 2}), frozenset() == set())
print({1} == [1], {1} != (1,), {1} == {1: None}, {1, 2} != {1, 3})
print([{1}, {2}] == [{1}, frozenset({2})], ({1},) == ({1},), {"k": {1}} == {"k": {1}})

# Frozensets are hashable: dict keys, set elements.
d = {frozenset({1, 2}): "a", frozenset(): "empty"}
print(d[frozenset({2, 1})], d[frozenset()], frozenset({1, 2}) in d)
fs = {frozenset({1}), frozenset({1}), frozenset({2, 3})}
print(len(fs), frozenset({1}) in fs, {1} in fs, {2, 3} in fs, {4} in fs)
print(frozenset([frozenset([1, 2]), frozenset([3])]))
print({(1, frozenset({2})): 1}[(1, frozenset({2}))])

# frozenset(f) and f.copy() are f itself; set copies are new.
f = frozenset({1, 2})
print(frozenset(f) is f, f.copy() is f, f.union() is f, set(f) is f)
g = {1, 2}
print(g.copy() is g, g.copy() == g, set(g) is g)

# Sets inside other containers print with their order.
print([{3, 2, 1}], ({"b", "a"},), {"s": {9, 8}}, [frozenset(), set()])
print({"nested": [frozenset({(1, 2), (2, 1)})]})
