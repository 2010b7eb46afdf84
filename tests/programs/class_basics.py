class Point:
    """A point."""
    count = 0

    def __init__(self, x, y):
        self.x = x
        self.y = y
        Point.count += 1

    def norm2(self):
        return self.x * self.x + self.y * self.y

    def move(self, dx, dy=0):
        self.x += dx
        self.y += dy
        return self


p = Point(3, 4)
print(p.x, p.y, p.norm2())
print(p.move(1).x, p.move(1, 2).y)
print(Point.count, Point.__name__, Point.__qualname__, Point.__module__, Point.__doc__)
print(type(p) is Point, p.__class__ is Point, isinstance(p, Point), isinstance(p, object))
print(Point)
m = p.norm2
print(m())
print(Point.norm2(p))
print(sorted(p.__dict__.items()))
print(hasattr(p, 'x'), hasattr(p, 'z'), getattr(p, 'z', 42))
setattr(p, 'z', 5)
print(p.z)


class A:
    def who(self):
        return "A"

    def hello(self):
        return "hello from " + self.who()


class B(A):
    def who(self):
        return "B"


class C(A):
    def who(self):
        return "C+" + super().who()


class D(B, C):
    def who(self):
        return "D+" + super().who()


print(D().hello(), [k.__name__ for k in D.__mro__])
print(issubclass(D, A), issubclass(A, D), issubclass(D, (int, C)))
print(B.__bases__, D.__bases__)


def make():
    class Local:
        def f(self):
            return 1
    return Local


L = make()
print(L.__qualname__, L.f.__qualname__, L().f())


class E:
    def __init__(self):
        return 5


try:
    E()
except TypeError as e:
    print(e)
try:
    A(1)
except TypeError as e:
    print(e)
try:
    class X(A, B): pass
except TypeError as e:
    print(e)
try:
    p.nope
except AttributeError as e:
    print(e)
try:
    Point.nope
except AttributeError as e:
    print(e)
