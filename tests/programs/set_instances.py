# Sets of instances whose classes define __hash__ and __eq__: lookups call
# them as CPython does (identity first, then == for equal hashes), and a
# table changed by __eq__ is searched again.

class Key:
    calls = 0

    def __init__(self, v, h=None):
        self.v = v
        self.h = v if h is None else h

    def __hash__(self):
        return self.h

    def __eq__(self, other):
        Key.calls += 1
        return isinstance(other, Key) and self.v == other.v

    def __repr__(self):
        return "K%s" % (self.v,)

s = {Key(1), Key(2), Key(9, 1), Key(17, 1), Key(1)}
print(s, len(s))
Key.calls = 0
print(Key(17, 1) in s, Key.calls)
Key.calls = 0
k = next(iter(s))
print(k in s, Key.calls)
s.discard(Key(9, 1))
s.add(Key(25, 1))
print(s)
print(s == {Key(1), Key(2), Key(17, 1), Key(25, 1)}, frozenset(s) <= s | {Key(3)})

# Hashes of any size, -1 included (CPython makes it -2).
t = {Key("a", -1), Key("b", -2), Key("c", 2 ** 63), Key("d", -(2 ** 70))}
print(sorted(x.v for x in t), len(t))
print(hash(Key("x", -1)), Key("e", -1) in t, Key("a", -1) in t)

# An instance equal to an int: a set mixes them by hash and ==.
class Num:
    def __init__(self, n):
        self.n = n
    def __hash__(self):
        return hash(self.n)
    def __eq__(self, other):
        return self.n == other
    def __repr__(self):
        return "Num(%d)" % self.n
print({1, Num(1), 2}, {Num(1), 1, 2}, Num(2) in {2}, 2 in {Num(2)})

# __eq__ that raises, __hash__ that raises.
class Bad:
    def __hash__(self):
        return 7
    def __eq__(self, other):
        raise ValueError("no comparing")
b = {Bad()}
try:
    Bad() in b
except ValueError as e:
    print("ValueError", e)
try:
    b.add(Bad())
except ValueError as e:
    print("ValueError", e)
class NoHash:
    def __hash__(self):
        raise LookupError("no hash")
try:
    {NoHash()}
except LookupError as e:
    print("LookupError", e)
class EqOnly:
    def __eq__(self, other):
        return True
try:
    {EqOnly()}
except TypeError as e:
    print("TypeError", e)

# __eq__ that changes the set being searched: the search starts again.
class Mutator:
    def __init__(self, target, v):
        self.target = target
        self.v = v
    def __hash__(self):
        return 1
    def __eq__(self, other):
        if self.target:
            victim = self.target
            self.target = None
            victim.clear()
            victim.update(range(10))
        return False
    def __repr__(self):
        return "M%d" % self.v
m = set()
m.add(Mutator(m, 0))
m.add(Mutator(None, 1))
print(sorted(x for x in m if isinstance(x, int)), len(m))

# Identity comes first: an object unequal to itself is still found.
class Never:
    def __hash__(self):
        return 0
    def __eq__(self, other):
        return False
n = Never()
print(n in {n}, Never() in {n}, len({n, n, Never()}))
nan = float("nan")
print(nan in {nan}, float("nan") in {nan}, len({nan, nan}))

# Comparisons with instances that define the reflected operators.
class Everything:
    def __ror__(self, other):
        return "ror"
    def __rand__(self, other):
        return "rand"
    def __eq__(self, other):
        return "eq"
    __hash__ = object.__hash__
print({1} | Everything(), {1} & Everything(), {1} == Everything())
