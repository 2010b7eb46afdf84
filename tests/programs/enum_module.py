# enum: Enum, IntEnum, StrEnum, mixed-in data types, auto, unique, aliases,
# members with __init__ and __new__, _missing_, _ignore_, the functional
# API, and the class-level protocols (iteration, len, lookup by value and
# by name, membership, repr) that EnumType provides.
from enum import Enum, IntEnum, StrEnum, auto, unique
import enum


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1

    def describe(self):
        return f"{self.name}={self.value}"

    @classmethod
    def default(cls):
        return cls.GREEN


print(Color.RED, repr(Color.RED), Color(2), Color["BLUE"], Color.CRIMSON is Color.RED, len(Color))
print(list(Color), [c.name for c in reversed(Color)], Color.RED in Color, Color.RED.describe(), Color.default())
print(Color.__members__, repr(Color), str(Color), Color, f"{Color.RED}", format(Color.RED, ">12"))
print(isinstance(Color.RED, Color), type(Color.RED).__name__, Color.RED == Color.RED, Color.RED != Color.GREEN, hash(Color.RED) == hash("RED"))
print({Color.RED: "r"}[Color.CRIMSON], sorted(Color, key=lambda c: c.value)[0], Color.RED.value, Color.RED._name_)
try:
    Color(7)
except ValueError as e:
    print(e)
try:
    Color["NOPE"]
except KeyError as e:
    print("KeyError", e)
try:
    Color.RED < Color.GREEN
except TypeError as e:
    print(e)


class Num(IntEnum):
    ONE = 1
    TWO = 2


print(Num.ONE, repr(Num.TWO), Num.ONE + 1, Num.TWO == 2, Num(1) is Num.ONE, f"{Num.TWO:03d}", str(Num.ONE), int(Num.TWO), sorted([Num.TWO, Num.ONE, 0]), hash(Num.ONE) == hash(1), isinstance(Num.ONE, int))


class Auto(Enum):
    A = auto()
    B = auto()
    C = 10
    D = auto()


print(list(Auto), [a.value for a in Auto], repr(auto()))


class S(StrEnum):
    X = auto()
    Y = "why"


print(S.X, repr(S.X), S.Y.upper(), S.X == "x", f"{S.Y}", list(S))


class Mixed(str, Enum):
    A = "a"


print(str(Mixed.A), repr(Mixed.A), f"{Mixed.A}", Mixed.A == "a", Mixed("a"), Mixed.A.upper())


class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH = (5.976e+24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def gravity(self):
        return 6.673e-11 * self.mass / (self.radius * self.radius)


print(Planet.EARTH.value, round(Planet.EARTH.gravity, 3), Planet((3.303e+23, 2.4397e6)))


class Coord(Enum):
    def __new__(cls, value, label):
        obj = object.__new__(cls)
        obj._value_ = value
        obj.label = label
        return obj

    X = (1, "ex")
    Y = (2, "why")


print(Coord(2), Coord.X.label, Coord.Y.value)


class Lenient(Enum):
    A = 1

    @classmethod
    def _missing_(cls, value):
        if value == "a":
            return cls.A
        return None


print(Lenient("a"), Lenient(1))
try:
    @unique
    class Dup(Enum):
        A = 1
        B = 1
except ValueError as e:
    print(e)
Animal = Enum("Animal", "ANT BEE CAT")
print(list(Animal), Animal.BEE.value, repr(Animal))
Shape = Enum("Shape", [("SQUARE", 4), ("TRI", 3)])
print(Shape(3), Shape.SQUARE.value)
Pri = IntEnum("Pri", "LOW HIGH")
print(Pri.HIGH + 0, repr(Pri.LOW))


class WithIgnore(Enum):
    _ignore_ = ["tmp"]
    tmp = 5
    A = 1


print(list(WithIgnore), enum.EnumMeta is enum.EnumType)
import copy
print(copy.copy(Color.RED) is Color.RED, copy.deepcopy([Color.BLUE])[0] is Color.BLUE)




class State(Enum):
    IDLE = 0
    RUN = 1


count = 0
s = State.IDLE
for i in range(3000):
    s = State(i % 2)
    if s is State.RUN and s.name == "RUN":
        count += s.value
print(count, s)


class Big(IntEnum):
    A = 1 << 70


print(Big.A + 1, Big(1 << 70))
print(State.IDLE.__class__ is State, State.RUN.__reduce_ex__(2)[1], [m.value for m in State])
