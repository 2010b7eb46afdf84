# Class patterns: isinstance checks, __match_args__, keyword attributes,
# the built-in types that match themselves, and MATCH_CLASS's errors.


class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __repr__(self):
        return f"Point({self.x}, {self.y})"


class Point3(Point):
    __match_args__ = ("x", "y", "z")

    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z


class Inherits(Point):
    pass


class NoArgs:
    def __init__(self, **kw):
        for k, v in kw.items():
            setattr(self, k, v)


def where(p):
    match p:
        case Point(0, 0):
            return "origin"
        case Point3(x, y, z=0):
            return f"3d on plane: {x} {y}"
        case Point3(x, y, z):
            return f"3d: {x} {y} {z}"
        case Point(x=0, y=y):
            return f"on y axis at {y}"
        case Point(x, y=0):
            return f"on x axis at {x}"
        case Point(x, y) if x == y:
            return f"diagonal at {x}"
        case Point():
            return "some point"
        case NoArgs(a=1, b=b):
            return f"NoArgs with a=1, b={b}"
        case NoArgs(a=a):
            return f"NoArgs with a={a}"
        case NoArgs():
            return "NoArgs without a"
        case object(real=r, imag=0) if not isinstance(p, bool):
            return f"something with real {r}"
    return "no match"


for p in [Point(0, 0), Point(0, 5), Point(5, 0), Point(3, 3), Point(1, 2),
          Point3(1, 2, 0), Point3(1, 2, 3), Inherits(0, 0), Inherits(7, 7),
          NoArgs(a=1, b=2), NoArgs(a=1), NoArgs(a=2), NoArgs(b=1), NoArgs(),
          5, 2.5, True, "s", None]:
    print(repr(p) if not isinstance(p, NoArgs) else "NoArgs", "->", where(p))


# Built-in types match their one positional sub-pattern against the
# subject itself.
def builtin(v):
    match v:
        case bool(b):
            return ("bool", b)
        case int(0 | 1 as small):
            return ("small int", small)
        case int(i):
            return ("int", i)
        case float(f):
            return ("float", f)
        case str("" as empty):
            return ("empty str", empty)
        case str(s):
            return ("str", s)
        case bytes(b):
            return ("bytes", b)
        case list([x, *_] as l):
            return ("list", x, l)
        case tuple(t):
            return ("tuple", t)
        case dict({"k": k}):
            return ("dict with k", k)
        case dict(d):
            return ("dict", d)
        case set(s):
            return ("set", sorted(s))
        case frozenset(s):
            return ("frozenset", sorted(s))
    return "other"


for v in [True, False, 0, 1, 42, 2.5, "", "s", b"b", [1, 2], [], (1,), {"k": 3},
          {"j": 1}, {3, 1, 2}, frozenset([2]), None, range(2)]:
    print(repr(v), builtin(v))

# Keyword sub-patterns work on any type, the subject's attributes.
match 3:
    case int(real=r, imag=i):
        print("int attributes", r, i)
match "abc":
    case str(upper=u):
        print("bound method attribute", u())


# Attributes read by a class pattern: missing (AttributeError) is no
# match; another exception propagates; a property runs.
class Props:
    __match_args__ = ("ok", "missing")

    @property
    def ok(self):
        print("  reading ok")
        return "OK"

    @property
    def missing(self):
        print("  reading missing")
        raise AttributeError("nope")

    @property
    def broken(self):
        raise ValueError("broken property")


match Props():
    case Props(ok, missing):
        print("no")
    case Props(ok):
        print("first positional only:", ok)

try:
    match Props():
        case Props(broken=b):
            print("no")
except ValueError as e:
    print("ValueError:", e)


# __match_args__ is looked up on the class, and may come from a base.
class Base:
    __match_args__ = ("a",)


class Derived(Base):
    def __init__(self):
        self.a = "derived a"


match Derived():
    case Base(a):
        print("via base class pattern:", a)
match Derived():
    case Derived(a):
        print("inherited __match_args__:", a)


# The errors of MATCH_CLASS.
class BadArgsList:
    __match_args__ = ["x"]


class BadArgsItem:
    __match_args__ = ("x", 1)
    x = 0


class Dup:
    __match_args__ = ("x", "x")
    x = 0


class NotAType:
    instance = Point(1, 2)
    number = 3


def attempt(label, f):
    try:
        print(label, "->", f())
    except TypeError as e:
        print(label, "TypeError:", e)


def too_many():
    match Point(1, 2):
        case Point(a, b, c):
            return "matched"
    return "no match"


def too_many_plain():
    match NoArgs():
        case NoArgs(a):
            return "matched"
    return "no match"


def too_many_self():
    match 1:
        case int(a, b):
            return "matched"
    return "no match"


def not_tuple():
    match BadArgsList():
        case BadArgsList(x):
            return "matched"


def not_str():
    match BadArgsItem():
        case BadArgsItem(x, y):
            return "matched"


def not_str_unused():
    match BadArgsItem():
        case BadArgsItem(x):
            return ("only the first is checked", x)


def twice():
    match Point(1, 2):
        case Point(x, x=other):
            return "matched"


def twice_args():
    match Dup():
        case Dup(a, b):
            return "matched"


def not_a_type():
    match 5:
        case NotAType.number():
            return "matched"


def instance_not_type():
    match 5:
        case NotAType.instance(x=1):
            return "matched"


def not_instance_first():
    # The isinstance check comes before __match_args__ is read.
    match "not a point":
        case BadArgsList(x):
            return "matched"
    return "no match"


for label, fn in [("too many", too_many), ("too many plain", too_many_plain),
                  ("too many self", too_many_self), ("not tuple", not_tuple),
                  ("not str", not_str), ("not str unused", not_str_unused),
                  ("twice", twice), ("twice args", twice_args),
                  ("not a type", not_a_type), ("instance", instance_not_type),
                  ("not instance first", not_instance_first)]:
    attempt(label, fn)

# Exceptions are classes too.
try:
    raise KeyError("k")
except Exception as e:
    match e:
        case ValueError():
            print("no")
        case KeyError(args=(key,)):
            print("KeyError with key", key)
