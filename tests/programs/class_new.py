# __new__: made by the class's own __new__ (an implicit staticmethod),
# __init__ only on an instance of the class, object.__new__'s errors.


class Single:
    _inst = None

    def __new__(cls, *args):
        if cls._inst is None:
            cls._inst = super().__new__(cls)
            print("made", cls.__name__, args)
        return cls._inst

    def __init__(self, x):
        print("init", x)


a = Single(1)
b = Single(2)
print(a is b)


class Other:
    def __new__(cls):
        return 42

    def __init__(self):
        print("never")


print(Other())


class Base:
    def __new__(cls, x, y=None):
        print("Base.__new__", cls.__name__, x, y)
        return super().__new__(cls)


class Child(Base):
    def __init__(self, x, y=0):
        self.x, self.y = x, y


c = Child(1, y=2)
print(type(c).__name__, c.x, c.y)


class Point:
    __slots__ = ("x", "y")

    def __new__(cls, x, y):
        p = object.__new__(cls)
        p.x = x
        p.y = y
        return p


p = Point(3, 4)
print(p.x, p.y, Point.__new__(Point, 5, 6).x)


class Maker:
    def __new__(cls, kind):
        if kind == "child":
            return object.__new__(MakerChild)
        return object.__new__(cls)

    def __init__(self, kind):
        print("Maker.__init__", type(self).__name__, kind)


class MakerChild(Maker):
    pass


Maker("plain")
Maker("child")

for f in [
    lambda: object.__new__(),
    lambda: object.__new__(1),
    lambda: object.__new__(int),
    lambda: Base.__new__(Base, 1),
    lambda: Base.__new__(Base),
    lambda: object.__new__(Single, 1),
    lambda: object.__new__(Child, 1),
]:
    try:
        r = f()
        print("made", type(r).__name__)
    except TypeError as e:
        print("TypeError:", e)


class Plain:
    pass


try:
    Plain(1)
except TypeError as e:
    print("TypeError:", e)
print(type(object.__new__(Plain)).__name__)


# A __new__ added after calls were quickened is used from then on.
class Late:
    def __init__(self, v):
        self.v = v


vals = []
for i in range(6):
    if i == 3:
        Late.__new__ = staticmethod(lambda cls, v: object.__new__(Other))
    vals.append(type(Late(i)).__name__)
print(vals)
