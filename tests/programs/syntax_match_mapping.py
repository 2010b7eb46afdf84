# Mapping patterns: keys, extra keys, **rest, value patterns as keys, and
# the errors MATCH_KEYS raises.


class K:
    A = "a"
    ONE = 1
    ALSO_A = "a"
    LIST = [1]


def mapping(m):
    match m:
        case {}:
            return "any mapping"


def keyed(m):
    match m:
        case {"type": "point", "x": x, "y": y}:
            return ("point", x, y)
        case {"type": "circle", "r": r, **rest}:
            return ("circle", r, rest)
        case {1: one, 2.0: two}:
            return ("numeric keys", one, two)
        case {None: n, True: t}:
            return ("singleton keys", n, t)
        case {b"k": v}:
            return ("bytes key", v)
        case {K.A: a, **others}:
            return ("value-pattern key", a, others)
        case {-1: neg}:
            return ("negative key", neg)
        case {"list": [first, *_], "dict": {"inner": inner}}:
            return ("nested", first, inner)
        case {**everything}:
            return ("rest only", everything)
    return "not a mapping"


class MappingLike:
    def keys(self):
        return ["x"]

    def __getitem__(self, k):
        return 1

    def __len__(self):
        return 1

    def get(self, k, default=None):
        return 1


subjects = [
    {},
    {"x": 1},
    {"type": "point", "x": 1, "y": 2},
    {"y": 2, "x": 1, "type": "point", "z": 3},
    {"type": "point", "x": 1},
    {"type": "circle", "r": 5},
    {"type": "circle", "r": 5, "color": "red", "fill": None},
    {1: "one", 2: "two"},
    {1.0: "one", 2: "two", 3: "three"},
    {True: "one", 2.0: "two"},
    {None: 0, 1: 1},
    {b"k": "bytes"},
    {"k": "str"},
    {"a": "A", "b": "B"},
    {-1: "minus"},
    {"list": [1, 2], "dict": {"inner": "i", "more": 1}},
    {"list": [], "dict": {"inner": "i"}},
    [("x", 1)],
    "abc",
    MappingLike(),
    None,
]
for s in subjects:
    print(repr(s) if not isinstance(s, MappingLike) else "MappingLike", "->", mapping(s), "/", keyed(s))

# **rest is a new dict, in the subject's order, without the matched keys.
subject = {"b": 2, "a": 1, "c": 3, "d": 4}
match subject:
    case {"c": c, "a": a, **rest}:
        print(c, a, rest, rest is subject)
        rest["new"] = 1
print(subject)

# Keys are looked up without calling __missing__ (a KeyError class that
# would raise is never reached), and values are the dict's own objects.
inner = [1, 2]
match {"k": inner}:
    case {"k": v}:
        print(v is inner)


# Keys with a Python __eq__/__hash__, and value patterns evaluated in order.
class Key:
    def __init__(self, name):
        self.name = name

    def __hash__(self):
        return hash(self.name)

    def __eq__(self, other):
        print("  Key.__eq__", self.name, getattr(other, "name", other))
        return isinstance(other, Key) and other.name == self.name

    def __repr__(self):
        return f"Key({self.name!r})"


class Keys:
    X = Key("x")
    Y = Key("y")


d = {Key("x"): 1, Key("y"): 2}
match d:
    case {Keys.X: x, Keys.Y: y}:
        print("Key keys", x, y)


# Errors from MATCH_KEYS: two value patterns that are equal, an unhashable
# key. The length check comes first: a short dict never reaches them.
def run(label, subject):
    try:
        match subject:
            case {K.A: a, K.ALSO_A: b}:
                print(label, "matched", a, b)
            case _:
                print(label, "no match")
    except Exception as e:
        print(label, type(e).__name__, e)


run("dup, big enough", {"a": 1, "b": 2})
run("dup, too short", {"a": 1})
run("dup, not a dict", [1, 2])


def run2(label, subject):
    try:
        match subject:
            case {K.LIST: v}:
                print(label, "matched", v)
            case _:
                print(label, "no match")
    except Exception as e:
        print(label, type(e).__name__, e)


run2("unhashable", {"a": 1})
run2("unhashable, empty", {})


def run3(label, subject):
    try:
        match subject:
            case {K.ONE: v, 1.0: w}:
                print(label, "matched", v, w)
    except Exception as e:
        print(label, type(e).__name__, e)


run3("dup number", {1: "x", 2: "y"})

# A failed key lookup stops there: later value patterns are still
# evaluated (they are loaded before MATCH_KEYS), later keys not looked up.
match {"a": 1, "b": 2}:
    case {"a": 2, "b": b}:
        print("no")
    case {"a": 1, "zzz": z}:
        print("no")
    case {"a": a, "b": 3}:
        print("no")
    case {"a": a, "b": b}:
        print("yes", a, b)
