# collections.namedtuple: fields, defaults, rename, _make, _asdict,
# _replace, repr, tuple behaviour, subclasses, and the errors.
import copy
import json
from collections import namedtuple


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


Point = namedtuple("Point", "x y")
p = Point(1, y=2)
print(p, p.x, p.y, p[0], p[-1], len(p), list(p), p == (1, 2), (1, 2) == p, tuple(p))
print(Point._fields, Point._field_defaults, Point.__doc__, Point.x.__doc__, Point.__match_args__)
print(type(p).__name__, type(p), Point.__module__, Point.__qualname__, Point.__mro__, Point.__slots__)
print(p._asdict(), p._replace(x=10), Point._make([3, 4]), Point._make(iter("ab")), p.__getnewargs__())
print(hash(p) == hash((1, 2)), {p: 1}[(1, 2)], p + (3,), p * 2, p[:1], type(p[:1]).__name__, sorted([Point(2, 1), p]))
x, y = p
print(x, y, p.count(1), p.index(2), repr(p), str(p), f"{p}", "%s-%s" % p)
print(Point(**{"x": 5, "y": 6}), Point(*range(2)), isinstance(p, tuple), issubclass(Point, tuple))
show("set attr", lambda: setattr(p, "x", 3))
show("del attr", lambda: delattr(p, "x"))
show("new attr", lambda: setattr(p, "z", 3))
show("too many", lambda: Point(1, 2, 3))
show("missing", lambda: Point())
show("missing one", lambda: Point(1))
show("multiple", lambda: Point(1, x=2))
show("unexpected", lambda: Point(1, 2, z=3))
show("make short", lambda: Point._make([1]))
show("make long", lambda: Point._make([1, 2, 3]))
show("replace bad", lambda: p._replace(z=1, w=2))

P3 = namedtuple("P3", ["a", "b", "c"], defaults=[10, 20])
print(P3(1), P3(1, 2), P3(1, 2, 3), P3._field_defaults, P3(c=0, a=1))
show("defaults missing", lambda: P3())
show("defaults many", lambda: P3(1, 2, 3, 4))
print(namedtuple("R", "a b _c class a", rename=True)._fields, namedtuple("E", "")(), namedtuple("E", "")._fields)
print(namedtuple("C", "a, b  c")._fields, namedtuple("M", "a", module="mymod").__module__)
show("duplicate", lambda: namedtuple("P", "x x"))
show("underscore", lambda: namedtuple("P", "_x"))
show("keyword", lambda: namedtuple("P", "class"))
show("bad name", lambda: namedtuple("1P", "a"))
show("bad field", lambda: namedtuple("P", ["a", 1]))
show("too many defaults", lambda: namedtuple("P", "a", defaults=[1, 2]))
show("type name", lambda: namedtuple("P x", "a"))
show("keyword type", lambda: namedtuple("def", "a"))


class Vector(namedtuple("Vector", "x y")):
    __slots__ = ()

    def __add__(self, other):
        return Vector(self.x + other.x, self.y + other.y)

    @property
    def norm2(self):
        return self.x ** 2 + self.y ** 2


v = Vector(1, 2) + Vector(3, 4)
print(v, v.norm2, type(v).__name__, v._replace(x=0), type(v._replace(x=0)).__name__, Vector._make([7, 8]))
print(Vector.__mro__[1].__name__, v._asdict(), copy.copy(v), copy.deepcopy(v), type(copy.copy(v)).__name__)
show("vector extra", lambda: Vector(1, 2, 3))


class Named(namedtuple("Named", "a")):
    def hello(self):
        return "hi " + str(self.a)


nm = Named(5)
nm.extra = 1
print(nm, nm.hello(), nm.extra, nm.__dict__)
print(json.dumps(p), json.dumps({"v": v}), copy.copy(p) is p, copy.deepcopy(Point([1], 2)))
match p:
    case Point(x=1, y=yy):
        print("matched kw", yy)
match Point(3, 4):
    case Point(a, b):
        print("matched pos", a, b)
match v:
    case (a, b):
        print("matched seq", a, b)
Big = namedtuple("Big", [f"f{i}" for i in range(20)])
print(Big(*range(20)).f19, len(Big._fields))
