# Classes deriving from set and frozenset.


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


class S(set):
    pass


s = S([3, 1, 2])
s.add(4)
s.discard(1)
print(s, len(s), 2 in s, sorted(s), type(s).__name__, isinstance(s, set), S(), repr(S()))
print(s | {9}, type(s | {9}).__name__, s & {2, 3}, s - {2}, s ^ {4, 5}, {2} | s, type({2} | s).__name__)
print(s == {2, 3, 4}, {2, 3, 4} == s, s <= {2, 3, 4, 5}, s > {2}, s.issubset(range(10)))
t = s
t |= {7}
print(t is s, s, type(t).__name__)
t -= {7}
print(s, s.union([0]), type(s.union([0])).__name__, s.copy(), type(s.copy()).__name__)
show("hash", lambda: hash(S()))
show("remove", lambda: S().remove(1))
show("pop", lambda: S().pop())
show("args", lambda: S(1, 2))
show("kw", lambda: S(x=1))


class Ordered(set):
    def __init__(self, items=()):
        super().__init__()
        self.order = []
        for i in items:
            self.add(i)

    def add(self, item):
        if item not in self:
            self.order.append(item)
        super().add(item)

    def __iter__(self):
        return iter(self.order)

    def __repr__(self):
        return "Ordered(%r)" % self.order

    def __contains__(self, item):
        return set.__contains__(self, item)


o = Ordered("cabac")
print(o, list(o), len(o), "a" in o, sorted(o), [x for x in o], set(o) == {"a", "b", "c"})
print(set.__len__(o), set.__repr__(o) == repr(set(o)), set.__contains__(o, "z"))


class F(frozenset):
    def __new__(cls, *items):
        return super().__new__(cls, items)

    def __repr__(self):
        return "F" + repr(sorted(self))


f = F(1, 2, 2)
print(f, len(f), 1 in f, hash(f) == hash(frozenset({1, 2})), {f: "x"}[frozenset({1, 2})])
print(f | {3}, type(f | {3}).__name__, frozenset(f), type(frozenset(f)).__name__, f == {1, 2})
print(F(), repr(F()), frozenset.__repr__(F(5)), f.union({9}), type(f.union({9})).__name__)


class Plain(frozenset):
    pass


print(Plain(), Plain([1]), repr(Plain("ab")) in ("Plain({'a', 'b'})", "Plain({'b', 'a'})"))
x = Plain([4])
x.attr = 1
print(x.attr, x.__dict__, frozenset.__new__(Plain, [1, 2]), type(frozenset.__new__(Plain)).__name__)
show("frozenset.__new__ check", lambda: frozenset.__new__(set))
