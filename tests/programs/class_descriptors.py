# Descriptors written in Python: __get__/__set__/__delete__ on a class
# attribute's class, data descriptors before the instance dict, non-data
# descriptors after it, and __set_name__.


class Typed:
    def __set_name__(self, owner, name):
        self.name = "_" + name
        self.owner = owner.__name__

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.name, None)

    def __set__(self, obj, value):
        if not isinstance(value, int):
            raise TypeError(f"{self.name[1:]} must be an int")
        obj.__dict__[self.name] = value

    def __delete__(self, obj):
        print("deleting", self.name)
        del obj.__dict__[self.name]


class Point:
    x = Typed()
    y = Typed()

    def __init__(self, x, y):
        self.x = x
        self.y = y


p = Point(1, 2)
print(p.x, p.y, sorted(p.__dict__), Point.x.name, Point.x.owner)
p.x = 10
print(p.x, p.__dict__["_x"])
try:
    p.y = "no"
except TypeError as e:
    print("TypeError:", e)
# The instance dict does not hide a data descriptor.
p.__dict__["x"] = "shadow"
print(p.x)
del p.x
print(p.x, sorted(p.__dict__))
print(isinstance(Point.x, Typed))


class Lazy:
    """A non-data descriptor: the instance dict wins once it has the name."""

    def __init__(self, f):
        self.f = f

    def __get__(self, obj, objtype=None):
        if obj is None:
            return "class access"
        v = self.f(obj)
        obj.__dict__[self.f.__name__] = v
        print("computed")
        return v


class Circle:
    def __init__(self, r):
        self.r = r

    @Lazy
    def area(self):
        return 3 * self.r * self.r


c = Circle(2)
print(c.area, c.area, Circle.area)
c.area = 5
print(c.area)


class OnlyDelete:
    def __get__(self, obj, objtype=None):
        return "got"

    def __delete__(self, obj):
        print("deleted")


class OnlySet:
    def __set__(self, obj, value):
        obj.__dict__["seen"] = value


class Holder:
    d = OnlyDelete()
    s = OnlySet()


h = Holder()
print(h.d)
del h.d
try:
    h.d = 1
except AttributeError as e:
    print("AttributeError:", e)
h.s = 3
print(h.__dict__)
# A data descriptor without __get__: the instance dict, then the
# descriptor itself.
print(type(h.s).__name__)
h.__dict__["s"] = "in dict"
print(h.s)


class Counter:
    def __init__(self):
        self.n = 0

    def __get__(self, obj, objtype=None):
        self.n += 1
        return self.n


class UsesCounter:
    hits = Counter()

    def read(self):
        total = 0
        for _ in range(50):
            total += self.hits
        return total


u = UsesCounter()
print(u.read(), u.read())


# A descriptor added to the class after the attribute sites were warm:
# stores and loads then go through it.
class Plain:
    pass


class Loud:
    def __get__(self, obj, objtype=None):
        return "loud " + str(obj.__dict__.get("v"))

    def __set__(self, obj, value):
        obj.__dict__["v"] = value * 10


def churn(obj, n):
    out = []
    for i in range(n):
        obj.v = i
        out.append(obj.v)
    return out[-1]


q = Plain()
print(churn(q, 20))
Plain.v = Loud()
print(churn(q, 20))
del Plain.v
print(churn(q, 3))
