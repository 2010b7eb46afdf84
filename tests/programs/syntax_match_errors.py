# Exceptions raised while matching: caught and printed, then one left
# uncaught, whose traceback points at the class pattern.
import sys


def show(label, f):
    try:
        print(label, "->", f())
    except Exception as e:
        print(label, type(e).__name__ + ":", e)


class Boom:
    def __eq__(self, other):
        raise RuntimeError("eq exploded")

    __hash__ = object.__hash__


class Vals:
    BOOM = Boom()


def eq_raises():
    match 1:
        case 2:
            return "two"
        case Vals.BOOM:
            return "boom"


def unknown_name():
    match 1:
        case Missing.VALUE:
            return "no"


def unknown_class():
    match 1:
        case 1.5:
            return "no"
        case NoSuchClass():
            return "no"


def guard_raises():
    match [1, 0]:
        case [a, b] if a / b:
            return "no"


def subject_raises():
    match 1 / 0:
        case _:
            return "no"


class BadLen:
    __match_args__ = ("n",)

    def __init__(self):
        self.n = [1]


def len_of_attr():
    match BadLen():
        case BadLen([x]):
            return ("one item", x)


class GetRaises:
    def __getattr__(self, name):
        raise KeyError(name)


def getattr_raises():
    match GetRaises():
        case GetRaises(anything=1):
            return "no"


class GetMissing:
    def __getattr__(self, name):
        raise AttributeError(name)


def getattr_missing():
    match GetMissing():
        case GetMissing(anything=1):
            return "no"
    return "AttributeError means no match"


class MatchArgsRaises:
    @property
    def __match_args__(self):
        return ("x",)


def match_args_is_instance_property():
    match MatchArgsRaises():
        case MatchArgsRaises(x):
            return "no"


for label, f in [("eq raises", eq_raises), ("unknown name", unknown_name),
                 ("unknown class", unknown_class), ("guard raises", guard_raises),
                 ("subject raises", subject_raises), ("len of attr", len_of_attr),
                 ("getattr raises", getattr_raises), ("getattr missing", getattr_missing),
                 ("property __match_args__", match_args_is_instance_property)]:
    show(label, f)

# An exception from a pattern leaves no stack garbage: the loop goes on.
results = []
for v in [1, "x", Vals.BOOM, 2]:
    try:
        match v:
            case 1 | 2:
                results.append(v)
            case str():
                results.append("s")
    except RuntimeError:
        results.append("error")
print(results)
sys.stdout.flush()


class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x, self.y = x, y


def classify(p):
    match p:
        case Point(0, 0):
            return "origin"
        case Point(x, y, z):
            return "3d"


classify(Point(1, 2))
