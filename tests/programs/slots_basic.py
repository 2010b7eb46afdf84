# `__slots__`: values kept in the instance, no `__dict__` unless listed,
# slot descriptors on the class, inheritance, a str or a list, and
# CPython's AttributeError messages.
class Point:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm2(self):
        return self.x * self.x + self.y * self.y


p = Point(3, 4)
print(p.x, p.y, p.norm2())
p.x = 10
print(p.x, p.norm2())
print(Point.x, type(Point.x).__name__, Point.y.__name__)
print(Point.__slots__)
print(hasattr(p, "__dict__"), hasattr(p, "x"))

try:
    p.z = 1
except AttributeError as e:
    print("set:", e)
try:
    print(p.z)
except AttributeError as e:
    print("get:", e)
try:
    p.__dict__
except AttributeError as e:
    print("dict:", e)

# An unset slot: reading, deleting, `getattr` with a default.
class Lazy:
    __slots__ = "value"


z = Lazy()
try:
    z.value
except AttributeError as e:
    print("unset:", e)
print(getattr(z, "value", "default"), hasattr(z, "value"))
z.value = [1, 2]
print(z.value, getattr(z, "value", "default"))
del z.value
try:
    del z.value
except AttributeError as e:
    print("del unset:", repr(e))
print(hasattr(z, "value"))


# Inheritance: a subclass without `__slots__` gets a `__dict__`; one with
# `__slots__` adds its own slots after its base's.
class Point3(Point):
    __slots__ = ["z"]

    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z


class Tagged(Point):
    pass


p3 = Point3(1, 2, 3)
print(p3.x, p3.y, p3.z, p3.norm2(), hasattr(p3, "__dict__"))
t = Tagged(5, 6)
t.label = "t"
print(t.x, t.y, t.label, t.__dict__)


# `__dict__` listed: both slots and a dict.
class Both:
    __slots__ = ("a", "__dict__")


b = Both()
b.a = 1
b.other = 2
print(b.a, b.other, b.__dict__)


# A slot is a data descriptor: it takes precedence, and `__get__`/`__set__`
# work through it directly.
Point.x.__set__(p, 99)
print(Point.x.__get__(p, Point), p.x)


class Other:
    x = Point.x


try:
    Other().x
except TypeError as e:
    print("wrong type:", e)
try:
    Point.x.__set__(Other(), 1)
except TypeError as e:
    print("wrong type:", e)

# Cycles through slots are collected (the corpus checks for leaks).


class Node:
    __slots__ = ("next", "payload")


for _ in range(100):
    a = Node()
    c = Node()
    a.next = c
    c.next = a
    a.payload = [a, c]
del a, c
print("done")
