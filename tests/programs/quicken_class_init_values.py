# Attributes set by __init__ into a fresh instance's inline values (the hot
# loop's append), returns of __init__ and of operator methods that end in
# the caller's frame, and the cases that must leave that path: attributes
# set in another order or beyond the class's shared keys, a class edited
# after the caches filled, attributes deleted and set again, instances of
# subclasses through the base's __init__ (the corpus also runs this with
# warmup 0).
class P:
    def __init__(self, a, b, c):
        self.a = a
        self.b = b
        self.c = c

    def __add__(self, o):
        return P(self.a + o.a, self.b + o.b, self.c + o.c)

    def __sub__(self, o):
        if isinstance(o, P):
            return P(self.a - o.a, self.b - o.b, self.c - o.c)
        return NotImplemented

    def total(self):
        return self.a + self.b + self.c


def build(n):
    acc = P(0, 0.0, "")
    for i in range(n):
        p = P(i, i * 0.5, "x")
        acc = acc + p
    return acc


r = build(30)
print(r.a, r.b, len(r.c), r.total() if False else r.a + r.b)

# Temporaries freed by the operator's return: the chain's intermediate
# results have no other reference.
q = P(1, 2, 3) + P(4, 5, 6) + P(7, 8, 9) - P(1, 1, 1)
print(q.a, q.b, q.c, q.total())
# The operands outlive the call when something else holds them.
left, right = P(1, 1, 1), P(2, 2, 2)
s = left + right
print(s.total(), left.total(), right.total())
try:
    P(1, 2, 3) - 5
except TypeError as e:
    print("TypeError:", e)


# Attributes in another order for some instances, and one beyond the
# shared keys.
class Q:
    def __init__(self, x, flip, extra):
        if flip:
            self.y = -x
            self.x = x
        else:
            self.x = x
            self.y = -x
        if extra:
            self.z = x * 10


vals = []
for i in range(12):
    o = Q(i, i % 3 == 0, i % 4 == 1)
    vals.append((o.x, o.y, getattr(o, "z", None)))
print(vals)
print(sorted(Q(5, True, True).__dict__.items()))


# A subclass made through the base's __init__, and one adding its own.
class Base:
    def __init__(self, k):
        self.k = k
        self.name = "base"


class Sub(Base):
    pass


class Sub2(Base):
    def __init__(self, k):
        super().__init__(k)
        self.more = k + 1


objs = []
for i in range(9):
    cls = (Base, Sub, Sub2)[i % 3]
    objs.append(cls(i))
print([(type(o).__name__, o.k, getattr(o, "more", "-")) for o in objs])

# The class edited after the caches filled: a class attribute, then a
# property that takes the attribute's store.
for i in range(4):
    if i == 2:
        Base.extra = "class-level"
    b = Base(i)
    print(b.k, b.name, getattr(b, "extra", "-"))


def getk(self):
    return "prop"


def setk(self, v):
    self.__dict__["_k"] = v


Base.k = property(getk, setk)
b = Base(7)
print(b.k, b._k)
del Base.k
b2 = Base(8)
print(b2.k, b2.__dict__)


# Attributes deleted and set again between creations.
class D:
    def __init__(self, v):
        self.v = v
        self.w = v * 2


ds = [D(i) for i in range(5)]
del ds[1].v
del ds[3].w
ds[3].w = "again"
for d in ds:
    print(getattr(d, "v", "gone"), getattr(d, "w", "gone"))
for i in range(3):
    d = D(i)
    print(d.v, d.w)


# __init__ that returns None explicitly, then a value after the cache
# filled.
class N:
    def __init__(self, v):
        self.v = v
        return None


print([N(i).v for i in range(5)])
N.__init__ = lambda self, v: v
for v in [None, 1]:
    try:
        print(type(N(v)).__name__)
    except TypeError as e:
        print("TypeError:", e)
