def trace(f):
    def wrapper(*args):
        print("call", f.__name__, args)
        return f(*args)
    return wrapper


def register(cls):
    registry.append(cls.__name__)
    return cls


registry = []


@trace
def add(a, b):
    return a + b


print(add(1, 2))


@register
class Temperature:
    scale = "C"

    def __init__(self, celsius):
        self._c = celsius

    @property
    def celsius(self):
        return self._c

    @celsius.setter
    def celsius(self, v):
        if v < -273.15:
            raise ValueError("too cold")
        self._c = v

    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32

    @staticmethod
    def convert(c):
        return c * 9 / 5 + 32

    @classmethod
    def freezing(cls):
        return cls(0)

    @classmethod
    def describe(cls):
        return cls.__name__ + " in " + cls.scale


@register
class Kelvin(Temperature):
    scale = "K"

    @classmethod
    def describe(cls):
        return "kelvin! " + super().describe()


t = Temperature(25)
print(t.celsius, t.fahrenheit, Temperature.convert(100), t.convert(0))
t.celsius = 30
print(t.celsius, t.__dict__)
try:
    t.celsius = -300
except ValueError as e:
    print("ValueError:", e)
try:
    t.fahrenheit = 5
except AttributeError as e:
    print("AttributeError:", e)
try:
    del t.celsius
except AttributeError as e:
    print("AttributeError:", e)
f = Temperature.freezing()
print(type(f).__name__, f.celsius, Kelvin.freezing().__class__.__name__)
print(Temperature.describe(), Kelvin.describe(), Kelvin(3).describe())
print(registry, type(Temperature.__dict__["celsius"]).__name__)
print(isinstance(Temperature.celsius, property), Temperature.celsius.fget.__name__)


class Lazy:
    def __set_name__(self, owner, name):
        self.name = name
        print("set_name", owner.__name__, name)


class Holder:
    a = Lazy()
    b = Lazy()


print(Holder.a.name, Holder.b.name)


def repeat(n):
    def deco(f):
        def inner(*args):
            return [f(*args) for _ in range(n)]
        return inner
    return deco


@repeat(3)
@trace
def hi(x):
    return x * 2


print(hi(4))


class P:
    def get_x(self):
        return self._x

    def set_x(self, v):
        self._x = v

    x = property(get_x, set_x, None, "the x")


p = P()
p.x = 4
print(p.x, P.x.__doc__)


def bad(f):
    raise ValueError("no")


@trace
@bad
def never():
    pass
