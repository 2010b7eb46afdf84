# Python classes deriving from a C type (checks.Pair, which has
# Py_TPFLAGS_BASETYPE): instances with the C layout and a __dict__, the
# __init__ chain, lookup along the MRO (Python overrides win over the C
# slots, from Python and from C), C methods, members and get-sets
# inherited, super() reaching C, and CPython's errors.
import checks


class P(checks.Pair):
    """A Pair with Python methods."""

    kind = "P"

    def hello(self):
        return "hello " + str(self.a)

    @property
    def doubled(self):
        return self.a * 2


p = P(3, "x")
print(type(p).__name__, type(p) is P, p.kind, p.a, p.b, p.hello(), p.doubled)
print(p.swap(), p.check(), p.scaled(2), type(p.scaled(2)).__name__)
print(repr(p), str(p), len(p), p[0], p[1], list(p), bool(p))
print(isinstance(p, checks.Pair), isinstance(p, P), issubclass(P, checks.Pair))
print(P.__mro__, P.__bases__, P.__name__, P.__doc__)
print(checks.probe(p))
print(checks.pair_a(p))

# The instance __dict__ holds what the C layout does not.
p.extra = 5
p.kind = "mine"
print(p.extra, p.kind, P.kind, p.__dict__)
del p.extra
print(hasattr(p, "extra"), p.__dict__)
# Members and get-sets of the C type are data descriptors: they win.
p.a = 10
p.total = 15
print(p.a, p.b, p.total, repr(p), p.__dict__)
# A method of the C type is not: the instance dict shadows it.
p.swap = "shadowed"
print(p.swap, p.__dict__)

q = P(4)
print(q.b, p == q, p < q, P(4) == q, hash(q), p + q, type(p + q).__name__)
d = {q: "q"}
print(d[P(4)], d[checks.Pair(4)])


class R(P):
    def __init__(self, a, b, c):
        super().__init__(a, b)
        self.c = c

    def __repr__(self):
        return "R<" + super().__repr__() + ">"

    def __str__(self):
        return "R" + super().__str__()

    def __len__(self):
        return 7 + super().__len__()

    def __getitem__(self, i):
        return ("py", super().__getitem__(i))

    def __add__(self, other):
        return ("R+", super().__add__(other))

    def swap(self):
        return ("py", super().swap())


r = R(1, 2, 3)
print(r, repr(r), len(r), r[0], r[1], r.swap(), r.c, r.a, r.b, r.__dict__)
print(r + q, q + r, r.total)
print(R.__mro__)
print(checks.probe(r))
print(checks.pair_a(r), checks.c_add(r, q), checks.c_add(q, r))
# PyObject_GenericGetAttr/SetAttr from C: the instance dict and the
# Python class's attributes too.
checks.generic_attr(r, "fromc", [1])
print(checks.generic_attr(r, "c"), checks.generic_attr(r, "fromc"), r.fromc)
print(checks.generic_attr(r, "a"), checks.generic_attr(r, "swap")(), checks.generic_attr(r, "kind"))
try:
    checks.generic_attr(r, "missing")
except AttributeError as x:
    print("AttributeError:", x)


class E(checks.Pair):
    def __eq__(self, other):
        return "E.__eq__"


e = E(1)
print(e == e, e == 1, checks.probe(e)[4])
try:
    hash(e)
except TypeError as x:
    print("TypeError:", x)


# A Python mixin with a C base works; its methods come after the C type's.
class Mixin:
    def describe(self):
        return f"{type(self).__name__}({self.a}, {self.b!r})"

    def swap(self):
        return "mixin swap"


class M(checks.Pair, Mixin):
    pass


class N(Mixin, checks.Pair):
    pass


m, n = M(5, [1]), N(6, (2,))
print(m.describe(), m.swap(), n.describe(), n.swap(), M.__mro__, N.__mro__)
print(checks.probe(n))


# Without __init__ of its own, the C tp_init runs, with its errors.
class Plain(checks.Pair):
    pass


print(Plain(a=7, b=8), Plain(9).b)
for args in [(), ("x",), (1, 2, 3)]:
    try:
        Plain(*args)
    except TypeError as x:
        print("TypeError:", x)


# A Python override raising, and attribute errors.
class Raising(checks.Pair):
    def __repr__(self):
        raise ValueError("no repr for you")

    def __len__(self):
        return -1


z = Raising(1)
for f in [repr, len, checks.probe]:
    try:
        print(f(z))
    except (ValueError, TypeError) as x:
        print(type(x).__name__ + ":", x)
for name in ["nope", "__slots__"]:
    try:
        getattr(p, name)
    except AttributeError as x:
        print("AttributeError:", x)
try:
    p.b = 1
except AttributeError as x:
    print("AttributeError:", x)
try:
    del p.total
except AttributeError as x:
    print("AttributeError:", x)
try:
    R(1, 2)
except TypeError as x:
    print("TypeError:", x)
try:
    checks.pair_a(Mixin())
except TypeError as x:
    print("TypeError:", x)
try:
    checks.Pair.swap(Mixin())
except TypeError as x:
    print("TypeError:", x)

# C types that do not allow it, and layouts that cannot be combined.
try:

    class Bad(checks.PairIterator):
        pass

except TypeError as x:
    print("TypeError:", x)


class T(checks.Tag):
    def label(self):
        return "T" + super().label()


t = T("x")
print(t.name, t.label(), checks.Tag("y").label(), T.__mro__)

for a, b in [(checks.Pair, Exception), (checks.Pair, checks.Tag), (P, T), (T, R)]:
    try:

        class Both(a, b):
            pass

    except TypeError as x:
        print("TypeError:", x)

# Each instance holds a reference to its class, as in CPython.
import sys

before = sys.getrefcount(P)
many = [P(i) for i in range(5)]
print("class refs held:", sys.getrefcount(P) - before)
del many
print("after del:", sys.getrefcount(P) - before)
print([c.__name__ for c in type(R(1, 2, 3)).__mro__])

# Instances in cycles (through their __dict__, and through the C side's
# `b` to one) are collected: --check-leaks finds every object freed.
a = P(1)
a.me = a
b = P(2, a)
del a, b
print("done")
