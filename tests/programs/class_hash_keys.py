# Instances of classes with __hash__/__eq__ as dict keys (issue 26).
calls = []


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __eq__(self, other):
        calls.append("eq")
        return isinstance(other, Point) and (self.x, self.y) == (other.x, other.y)

    def __hash__(self):
        calls.append("hash")
        return hash((self.x, self.y))

    def __repr__(self):
        return f"Point({self.x}, {self.y})"


d = {Point(1, 2): "a", Point(3, 4): "b"}
print(d[Point(1, 2)], d[Point(3, 4)], Point(1, 2) in d, Point(5, 6) in d)
d[Point(1, 2)] = "c"
print(len(d), d)
print(d.get(Point(3, 4)), d.get(Point(9, 9), "none"), d.setdefault(Point(7, 7), "s"))
print(d.pop(Point(7, 7)), len(d))
del d[Point(3, 4)]
print(d)
try:
    d[Point(0, 0)]
except KeyError as e:
    print("KeyError", e)
try:
    del d[Point(0, 0)]
except KeyError as e:
    print("KeyError", e)

# The key object first stored stays (only the value is replaced).
k1 = Point(1, 2)
e = {k1: 1}
e[Point(1, 2)] = 2
print([k is k1 for k in e], e[k1])

# Tuples of instances hash through __hash__ too.
t = {(Point(1, 1), "x"): 10}
print(t[(Point(1, 1), "x")], (Point(1, 1), "y") in t)

# Dict comprehension, dict(), update, ==.
comp = {Point(i, i): i for i in range(4)}
print(comp[Point(2, 2)], len(comp))
dd = dict([(Point(0, 1), 1), (Point(0, 1), 2)])
print(dd)
dd.update({Point(0, 1): 3, Point(1, 0): 4})
print(dd)
print({Point(1, 1): 1} == {Point(1, 1): 1}, {Point(1, 1): 1} == {Point(1, 2): 1})
c2 = comp.copy()
c2[Point(0, 0)] = "zero"
print(c2[Point(0, 0)], comp[Point(0, 0)])

# A __hash__ alone: equality stays identity.
class OnlyHash:
    def __hash__(self):
        return 7

a, b = OnlyHash(), OnlyHash()
h = {a: "a", b: "b"}
print(len(h), h[a], h[b], OnlyHash() in h, hash(a))

# Equal hashes across types: an int key and an instance whose __eq__
# accepts ints.
class IntLike:
    def __init__(self, v):
        self.v = v

    def __hash__(self):
        return hash(self.v)

    def __eq__(self, other):
        if isinstance(other, int):
            return self.v == other
        return NotImplemented

m = {IntLike(5): "five"}
print(m[5], 5 in m, 6 in m)
m2 = {5: "int five"}
print(m2[IntLike(5)])
m2[IntLike(5)] = "replaced"
print(m2)

# hash() results as CPython's: -1 becomes -2, big ints are reduced, bools.
class H:
    def __init__(self, h):
        self.h = h

    def __hash__(self):
        return self.h

print(hash(H(-1)), hash(H(2**70)), hash(H(True)), hash(H(-2**64)))
print({H(-1): 1}[H(-1)] if False else "ok")

# Errors: __eq__ without __hash__, __hash__ = None, a non-int __hash__,
# exceptions from __hash__ and __eq__.
class EqOnly:
    def __eq__(self, other):
        return True

for bad in (EqOnly(), H("x"), H(1.5), H(None)):
    for op in ("set", "get", "in", "hash"):
        try:
            if op == "set":
                {}[bad] = 1
            elif op == "get":
                {1: 2}.get(bad)
            elif op == "in":
                bad in {1: 2}
            else:
                hash(bad)
        except TypeError as err:
            print(op, "TypeError:", err)

class NoHash:
    __hash__ = None

try:
    {NoHash(): 1}
except TypeError as err:
    print("TypeError:", err)

class Boom:
    def __hash__(self):
        raise ValueError("no hash today")

try:
    {}[Boom()] = 1
except ValueError as err:
    print("ValueError:", err)
try:
    {(1, Boom()): 1}
except ValueError as err:
    print("ValueError:", err)

class EqBoom:
    def __hash__(self):
        return 1

    def __eq__(self, other):
        raise RuntimeError("eq exploded")

eb = {EqBoom(): 1}
try:
    eb[EqBoom()]
except RuntimeError as err:
    print("RuntimeError:", err)
try:
    eb[1] = 2
except RuntimeError as err:
    print("RuntimeError:", err)

# A dict changed while __eq__ runs is searched again, never crashes.
victim = {}

class Mutator:
    def __init__(self, n):
        self.n = n

    def __hash__(self):
        return 0

    def __eq__(self, other):
        if len(victim) < 6:
            victim[len(victim) + 100] = "added"
        return isinstance(other, Mutator) and other.n == self.n

victim[Mutator(1)] = "one"
print(victim.get(Mutator(1)), Mutator(2) in victim, len(victim))

class Clearer:
    def __hash__(self):
        return 0

    def __eq__(self, other):
        victim2.clear()
        return False

victim2 = {Clearer(): 1}
print(Clearer() in victim2, len(victim2))
print(calls.count("hash") > 0, calls.count("eq") > 0)
