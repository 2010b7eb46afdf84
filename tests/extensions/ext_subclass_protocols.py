# Classes deriving from a C type (checks.Pair) with the protocols CPython
# runs through the class: attribute hooks, iteration, calls, ordering and
# dict keys through the C base's slots, and the C type's slot wrappers
# (`Pair.__init__(self, ...)`, `Pair.__repr__(self)`) with their checks.
import checks


class P(checks.Pair):
    def __init__(self, a, b=None):
        super().__init__(a, b)


print(P.swap(P(1, 2)), checks.Pair.swap(P(3, 4)))
try:
    P("x")
except TypeError as e:
    print("TypeError:", e)
p = P(1, 2)
print(getattr(p, "__dict__"), p.__class__)
print(hasattr(p, "swap"), hasattr(p, "zzz"), getattr(p, "zzz", 9))


class Q(P):
    pass


q = Q(5, 6)
print(q, repr(q), q.swap(), type(q).__name__, isinstance(q, P), checks.probe(q))
print(sorted(x for x in [P(3), P(1), P(2)]))
print(max(P(3), P(7)), min([Q(4), P(2)]))
print(P(1) in [P(1)], P(1) != P(2), P(2) >= P(1))
s = {P(1): 1, P(1): 2}
print(len(s))


class W(checks.Pair):
    def __getattr__(self, name):
        return "dyn-" + name


w = W(1)
print(w.a, w.nothing, w.swap())


class S(checks.Pair):
    def __setattr__(self, name, value):
        print("set", name)
        super().__setattr__(name, value)


s = S(1)
s.a = 5
s.x = 6
print(s.a, s.x)


class It(checks.Pair):
    def __iter__(self):
        yield "custom"


print(list(It(1)), [x for x in It(2)])


class Call(checks.Pair):
    def __call__(self, x):
        return x * self.a


print(Call(3)(4), callable(Call(1)), callable(P(1)))
try:
    len(P(-1))
except ValueError as e:
    print("ValueError:", e)
print(P(5).scaled(3), str(P(5)), f"{P(5)}", format(P(6), ""))


# The slot wrappers of the C type, called with the receiver.
class V(checks.Pair):
    def __init__(self, a):
        checks.Pair.__init__(self, a, "fixed")

    def __repr__(self):
        return "V:" + checks.Pair.__repr__(self)


v = V(4)
print(v, repr(v), v.b, checks.Pair.__len__(v), checks.Pair.__getitem__(v, 1), checks.Pair.__str__(v))
print(checks.Pair.__eq__(v, V(4)), checks.Pair.__eq__(v, 3), checks.Pair.__add__(v, v), checks.Pair.__hash__(v))
print(hasattr(checks.Pair, "__len__"), hasattr(checks.Tag, "__len__"), hasattr(checks.Tag, "__init__"))
for f in [
    lambda: checks.Pair.__init__(3, 1),
    lambda: checks.Pair.__init__(),
    lambda: checks.Tag.__init__(v, "x"),
    lambda: checks.Tag.__len__,
]:
    try:
        print(f())
    except (TypeError, AttributeError) as e:
        print(type(e).__name__ + ":", e)
plain = checks.Pair(1, 2)
checks.Pair.__init__(plain, 7)
print(plain)
