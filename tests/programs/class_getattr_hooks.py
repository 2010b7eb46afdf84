# __getattr__, __getattribute__, __setattr__ and __delattr__, with
# object's own methods and super() inside them.


class Fallback:
    known = "class attr"

    def __init__(self):
        self.here = "instance attr"

    def __getattr__(self, name):
        if name.startswith("x"):
            return "made " + name
        raise AttributeError(f"no {name} here")


f = Fallback()
print(f.here, f.known, f.xyz)
print(getattr(f, "xa"), getattr(f, "nope", "default"), hasattr(f, "x1"), hasattr(f, "y"))
try:
    f.missing
except AttributeError as e:
    print("AttributeError:", e)


class Counting:
    def __init__(self):
        self.a = 1
        self.loads = 0

    def __getattribute__(self, name):
        if name != "loads":
            object.__setattr__(self, "loads", object.__getattribute__(self, "loads") + 1)
        if name == "secret":
            return 42
        return object.__getattribute__(self, name)

    def method(self):
        return "method result"


c = Counting()
print(c.a, c.secret, c.method(), c.loads)
for _ in range(5):
    c.a
print(c.loads)
try:
    c.nothing
except AttributeError as e:
    print("AttributeError:", e)
print(hasattr(c, "nothing"), getattr(c, "nothing", "dflt"), c.loads)


class Both:
    def __getattribute__(self, name):
        if name == "boom":
            raise KeyError("not an AttributeError")
        return super().__getattribute__(name)

    def __getattr__(self, name):
        return "fallback " + name


b = Both()
b.real = 1
print(b.real, b.other)
try:
    b.boom
except KeyError as e:
    print("KeyError", e)


class Recorder:
    def __init__(self):
        self.log = []

    def __setattr__(self, name, value):
        if name != "log":
            self.log.append((name, value))
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        self.log.append(("del", name))
        super().__delattr__(name)


r = Recorder()
r.x = 1
r.y = 2
setattr(r, "z", 3)
del r.x
delattr(r, "y")
print(r.log, r.z, hasattr(r, "x"))
try:
    del r.never
except AttributeError as e:
    print("AttributeError:", e)


class Frozen:
    def __init__(self, v):
        super().__setattr__("v", v)

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot set {name!r}")

    def __delattr__(self, name):
        raise AttributeError(f"cannot delete {name!r}")


fr = Frozen(5)
print(fr.v)
for action in (lambda: setattr(fr, "v", 6), lambda: delattr(fr, "v")):
    try:
        action()
    except AttributeError as e:
        print("AttributeError:", e)
print(fr.v)


# Inherited hooks.
class Child(Fallback):
    pass


print(Child().xchild)


# A class that gains __getattr__ after its instances were used.
class Late:
    def __init__(self):
        self.a = 1


objs = [Late() for _ in range(3)]


def read(o):
    return o.a


for o in objs:
    read(o)
try:
    objs[0].b
except AttributeError as e:
    print("AttributeError:", e)
Late.__getattr__ = lambda self, name: "late " + name
print(objs[0].b, read(objs[1]))
del Late.__getattr__
try:
    objs[0].b
except AttributeError as e:
    print("AttributeError:", e)

# object's slot wrappers, called directly.
plain = Late()
object.__setattr__(plain, "q", 7)
print(object.__getattribute__(plain, "q"))
object.__delattr__(plain, "q")
print(hasattr(plain, "q"))
for call in (
    lambda: object.__setattr__(plain),
    lambda: object.__setattr__(plain, "a", 1, 2),
    lambda: object.__getattribute__(plain),
    lambda: object.__getattribute__(plain, 1),
    lambda: object.__setattr__(plain, 1, 2),
    lambda: object.__delattr__(plain, "zz"),
    lambda: object.__getattribute__(plain, "zz"),
):
    try:
        call()
    except (TypeError, AttributeError) as e:
        print(type(e).__name__, e)


# An AttributeError raised by __getattr__ ends the program.
class Strict:
    value = 1

    def __getattr__(self, name):
        raise AttributeError(f"{name} is not allowed")


Strict().valeu
