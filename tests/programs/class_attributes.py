# getattr/setattr/hasattr/delattr on instances and classes, __dict__,
# qualified names, and the AttributeError messages.
class Config:
    """Settings."""
    debug = False

    def __init__(self, *unused):
        pass


class Box:
    def __init__(self, value):
        self.value = value

    def get(self):
        return self.value


b = Box(3)
print(b.__dict__, Box.__doc__, Config.__doc__)
setattr(b, "label", "three")
print(getattr(b, "label"), hasattr(b, "label"), hasattr(b, "nothing"))
print(getattr(b, "nothing", None), getattr(Box, "get") is Box.get)
b.value = 4
print(b.get(), b.__dict__)
print(sorted([k for k in Box.__dict__ if not k.startswith("__")]))
print(Box.__module__, Box.__name__, Box.__qualname__, type(Box).__name__)


def factory():
    class Inner:
        class Nested:
            def m(self):
                pass

    return Inner


I = factory()
print(I.__qualname__, I.Nested.__qualname__, I.Nested.m.__qualname__)

# Instances are distinct objects with identity equality and a hash.
x, y = Box(1), Box(1)
print(x == y, x == x, x != y, len({x: 1, y: 2}), hash(x) == hash(x))

# Class-level names: the body runs top to bottom in its own namespace.
n = 10


class Scoped:
    n = n + 1
    doubled = [n * 2]
    m = n


print(Scoped.n, Scoped.doubled, Scoped.m, n)

# Errors.
try:
    b.valeu
except AttributeError as e:
    print(e)
try:
    Box.nope
except AttributeError as e:
    print(e)
try:
    Box()
except TypeError as e:
    print(e)
try:
    Box(1, 2)
except TypeError as e:
    print(e)


class NoInit:
    pass


try:
    NoInit(1)
except TypeError as e:
    print(e)


class BadInit:
    def __init__(self):
        return 1


try:
    BadInit()
except TypeError as e:
    print(e)
try:
    getattr(b, 1)
except TypeError as e:
    print(e)
print(b.valeu)
