# Every method of set and frozenset, every operator, with both types and
# with other iterables; results show their type and order.

def show(label, r):
    print(label, type(r).__name__, r)

a = {1, 2, 3, 4}
b = frozenset({3, 4, 5, 6})
c = [4, 5, 7]

# add / discard / remove / pop / clear
s = set()
s.add(1); s.add(1); s.add("x"); s.add((1, 2)); s.add(frozenset({9}))
show("add", s)
print(s.discard(1), s.discard(12345), s)
print(s.remove("x"), s)
s.discard({9})
show("discard a set found as a frozenset", s)
s.add(frozenset({8}))
s.remove({8})
show("remove a set found as a frozenset", s)
s.update([5, 6])
print(s.pop(), s.pop(), s)
s = {1, 2, 3}
print(s.clear(), s, len(s))
s.add(7)
show("after clear", s)

# copy
show("set.copy", a.copy())
show("frozenset.copy", b.copy())

# union
show("union()", a.union())
show("union(b)", a.union(b))
show("union(list, str, range)", a.union(c, "ab", range(2)))
show("frozenset union", b.union(a, c))
show("|", a | b)
show("frozenset |", b | a)

# intersection
show("intersection()", a.intersection())
show("intersection(b)", a.intersection(b))
show("intersection(list, tuple)", a.intersection(c, (4, 5)))
show("frozenset intersection", b.intersection(a))
show("intersection(self)", a.intersection(a))
show("&", a & b)
show("frozenset &", b & a)

# difference
show("difference()", a.difference())
show("difference(b)", a.difference(b))
show("difference(list, range)", a.difference(c, range(2)))
show("frozenset difference", b.difference(a))
show("difference(dict)", a.difference({1: "one", 9: "nine"}))
show("-", a - b)
show("frozenset -", b - a)
show("- self", a - a)

# symmetric difference
show("symmetric_difference(b)", a.symmetric_difference(b))
show("symmetric_difference(list)", a.symmetric_difference(c))
show("symmetric_difference(dict)", a.symmetric_difference({1: 0, 10: 0}))
show("frozenset symmetric_difference", b.symmetric_difference(a))
show("^", a ^ b)
show("frozenset ^", b ^ a)
show("^ self", a ^ a)

# the *_update methods and the in-place operators change the set itself
s = {1, 2, 3}
s2 = s
print(s.update([3, 4], (5,), {6: 0}), s)
print(s.intersection_update(range(10), [2, 4, 6, 8]), s)
print(s.difference_update([2], {8}), s)
print(s.symmetric_difference_update([4, 5, 6]), s)
s.update()
s.intersection_update()
s.difference_update()
print(s, s is s2)
s |= {10, 11}
s &= frozenset({5, 10, 11, 12})
s -= {11}
s ^= {10, 20}
print(s, s is s2)
s ^= s
print(s, s is s2)
s = {1, 2}
s -= s
print(s)
s = {1, 2}
s.difference_update(s)
s.symmetric_difference_update(s)
print(s)
s = {1, 2}
s |= s
s &= s
print(s)

# frozensets have no in-place operators: the name gets a new frozenset
f = frozenset({1, 2})
g = f
f |= {3}
f -= {1}
f &= {2, 3, 4}
f ^= {9}
print(f, g, f is g)

# predicates
print(a.isdisjoint(b), a.isdisjoint({9}), a.isdisjoint([4]), a.isdisjoint(iter([7])))
print(a.isdisjoint(a), set().isdisjoint(set()), b.isdisjoint(c))
print(a.issubset(range(10)), a.issubset(b), {3, 4}.issubset(b), set().issubset([]))
print(a.issuperset([1, 2]), a.issuperset({1, 9}), b.issuperset(frozenset({5})))
print(b.issubset([3, 4, 5, 6, 7]), b.issuperset(iter([3, 4])))

# comparisons are subset tests
p, q = {1, 2}, {1, 2, 3}
print(p < q, p <= q, p > q, p >= q, p == q, p != q)
print(q < q, q <= q, q > q, q >= q, q == q, q != q)
print({1, 5} < q, {1, 5} > q, {1, 5} <= q, {1, 5} >= q)
print(frozenset(p) < q, p < frozenset(q), frozenset(q) >= p)
print(sorted([{1, 2}, {1}, {3}, set()]), sorted([{3}, {1, 2}, {1}]))
print(max({1, 2}, {1}), min({1}, {1, 2}), [{1}] < [{1, 2}], ({1}, 2) < ({1}, 3))

# set-valued results keep working as sets
r = (a | b) - (a & b)
print(r == a ^ b, r, sorted(r))
print({x for x in a | b if x % 2} ^ {1, 99})
