# dataclasses: the generated methods, fields, defaults, inheritance.
from dataclasses import (dataclass, field, fields, asdict, astuple, replace,
                         is_dataclass, FrozenInstanceError, MISSING, KW_ONLY,
                         InitVar, Field)
import dataclasses
from typing import ClassVar, List


@dataclass
class Point:
    x: int
    y: int = 0


p = Point(1, 2)
print(p, repr(p), Point(3))
print(p == Point(1, 2), p == Point(2, 1), p != Point(1, 2), p == (1, 2))
print(Point.__match_args__, Point.__hash__)
try:
    hash(p)
except TypeError as e:
    print(type(e).__name__, e)
print(Point.__init__.__qualname__, Point.__repr__.__qualname__, Point.__eq__.__qualname__)
print(Point.__doc__)
print(Point.__dataclass_params__)
print(list(Point.__dataclass_fields__))
print([f.name for f in fields(Point)], [f.type for f in fields(p)])
print(fields(Point)[1].default, fields(Point)[0].default is MISSING)
print(is_dataclass(Point), is_dataclass(p), is_dataclass(3), is_dataclass(int))
print(Point.y, hasattr(Point, "x"))
try:
    Point()
except TypeError as e:
    print(type(e).__name__, e)
try:
    Point(1, 2, 3)
except TypeError as e:
    print(type(e).__name__, e)
try:
    Point(1, z=3)
except TypeError as e:
    print(type(e).__name__, e)
print(Point(y=5, x=4))


@dataclass(order=True, frozen=True)
class Version:
    major: int
    minor: int = 0
    tag: str = field(default="", compare=False)


a, b = Version(1, 2), Version(1, 10, "rc")
print(a < b, a <= b, a > b, a >= b, sorted([b, a]))
print(hash(a) == hash(Version(1, 2, "other")), Version(1, 2, "x") == a)
try:
    a.major = 5
except FrozenInstanceError as e:
    print(type(e).__name__, e, isinstance(e, AttributeError))
try:
    del a.minor
except FrozenInstanceError as e:
    print(type(e).__name__, e)
try:
    a.newattr = 1
except AttributeError as e:
    print(type(e).__name__, e)
try:
    a < (1, 2)
except TypeError as e:
    print(type(e).__name__, e)


@dataclass
class Inventory:
    items: List[str] = field(default_factory=list)
    counts: dict = field(default_factory=dict, repr=False)
    owner: str = "nobody"
    total: ClassVar[int] = 0
    secret: int = field(default=7, init=False, repr=False)


i1, i2 = Inventory(), Inventory()
i1.items.append("apple")
print(i1, i2, i1.items is i2.items, i1.secret, Inventory.total)
print([f.name for f in fields(Inventory)])
print("total" in Inventory.__dataclass_fields__, Inventory.__dataclass_fields__["total"]._field_type)
print(Inventory.__doc__)
print(Inventory(["x"], {"x": 1}, "me"))


@dataclass
class Base:
    a: int
    b: str = "b"


@dataclass
class Child(Base):
    c: float = 1.5
    a: int = 10


print(Child(), Child(1, "x", 2.5), [f.name for f in fields(Child)])
print(Child.__match_args__)


@dataclass(eq=False)
class Plain:
    v: int


print(Plain(1) == Plain(1), hash(Plain(1)) is not None, "__hash__" in Plain.__dict__)


@dataclass(unsafe_hash=True)
class Hashy:
    a: int
    b: int = field(hash=False)


print(hash(Hashy(1, 2)) == hash(Hashy(1, 3)), Hashy(1, 2) == Hashy(1, 3))


@dataclass(frozen=True)
class Frozen:
    a: int


print(hash(Frozen(3)) == hash((3,)), {Frozen(1), Frozen(1)})


@dataclass
class WithPost:
    a: int
    scale: InitVar[int] = 2
    b: int = field(init=False)

    def __post_init__(self, scale):
        self.b = self.a * scale


w = WithPost(5)
print(w, WithPost(5, 3), [f.name for f in fields(w)])
print(WithPost.__dataclass_fields__["scale"]._field_type, repr(InitVar[int]), InitVar[List[int]])


@dataclass
class KW:
    a: int
    _: KW_ONLY
    b: int = 1
    c: int


print(KW(1, c=3), KW.__match_args__)
try:
    KW(1, 2, 3)
except TypeError as e:
    print(type(e).__name__, e)


@dataclass(kw_only=True)
class AllKW:
    x: int
    y: int = field(kw_only=False, default=0)


print(AllKW(x=1), AllKW(x=1, y=2), AllKW.__match_args__)


@dataclass
class Node:
    name: str
    children: list = field(default_factory=list)


n = Node("root")
n.children.append(n)
print(n)


@dataclass
class Nested:
    p: Point
    pts: list
    m: dict
    t: tuple


ne = Nested(Point(1, 2), [Point(3, 4)], {"k": Point(5, 6)}, (Point(7, 8), 9))
print(asdict(ne))
print(astuple(ne))
print(asdict(Point(1, 2), dict_factory=lambda items: sorted(items, reverse=True)))
d = asdict(Inventory(["a"]))
d["items"].append("b")
print(d)
print(replace(p, y=20), p)
print(replace(Version(1, 2, "t"), tag="new"))
print(replace(WithPost(2), scale=10))


@dataclass(repr=False, init=False)
class Custom:
    a: int = 1

    def __repr__(self):
        return "Custom!"


print(Custom(), "__init__" in Custom.__dict__)


@dataclass
class Overrides:
    a: int

    def __eq__(self, other):
        return True

    def __repr__(self):
        return "Overrides()"


print(Overrides(1) == Overrides(2), Overrides(1))


@dataclass
class Empty:
    pass


print(Empty(), Empty() == Empty(), fields(Empty), astuple(Empty()), Empty.__match_args__)


@dataclass(match_args=False)
class NoMatch:
    a: int


print(hasattr(NoMatch, "__match_args__"))
match Point(1, 5):
    case Point(1, y):
        print("matched y =", y)


@dataclass
class Meta:
    a: int = field(default=1, metadata={"unit": "m"})


print(fields(Meta)[0].metadata["unit"], len(fields(Meta)[0].metadata), fields(Point)[0].metadata)


@dataclass
class SelfField:
    self: int


print(SelfField(3))


class Outer:
    @dataclass
    class Inner:
        v: int = 0


print(Outer.Inner(), Outer.Inner.__init__.__qualname__)


@dataclass
class Documented:
    "My docs."
    a: int


print(Documented.__doc__)
print(type(field()), isinstance(fields(Point)[0], Field))
print(dataclasses.fields(Version)[2].compare, dataclasses.fields(Version)[2].hash)
print(Child(1) == Base(1), Base(1) == Child(1), Base(1) == Base(1))
print(Point(1, [2]) == Point(1, [2]), Point(1, 2) != Point(1, 3))


@dataclass
class Pair:
    left: object = None
    right: object = None


pr = Pair()
pr.left = pr
pr.right = Pair(pr)
print(pr)
print(Pair.__repr__.__qualname__, Pair.__repr__.__name__)
