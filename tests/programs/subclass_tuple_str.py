# Classes deriving from tuple, str and bytes: immutable bases made by
# __new__.


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


class Point(tuple):
    __slots__ = ()

    def __new__(cls, x, y):
        return super().__new__(cls, (x, y))

    @property
    def x(self):
        return self[0]

    @property
    def y(self):
        return self[1]

    def __repr__(self):
        return f"Point({self.x}, {self.y})"

    def __add__(self, other):
        return Point(self.x + other.x, self.y + other.y)


p = Point(1, 2)
q = p + Point(10, 20)
print(p, q, p.x, q.y, len(p), p[0], list(p), p == (1, 2), (1, 2) == p)
print(hash(p) == hash((1, 2)), {p: "p"}[(1, 2)], tuple(p), type(tuple(p)).__name__)
print(p[:1], type(p[:1]).__name__, p * 2, type(p * 2).__name__, sorted([q, p]))
x, y = p
print(x, y, isinstance(p, tuple), p.count(1), p.index(2), repr(p), str(p))
show("slots", lambda: setattr(p, "z", 1))
show("dict", lambda: p.__dict__)
show("args", lambda: Point(1))
show("tuple.__new__ check", lambda: tuple.__new__(int, ()))
show("not a type", lambda: tuple.__new__(1))
show("not enough", lambda: tuple.__new__())
print(tuple.__new__(Point, [5, 6]), type(tuple.__new__(Point, [5, 6])).__name__)


class T(tuple):
    pass


t = T([1, 2, 3])
t.note = "n"
print(t, t.note, type(t).__name__, T(), T("ab"), t + (4,), type(t + (4,)).__name__)
show("init args", lambda: T(1, 2))
print(T.__new__(T, [9]), T.__len__(t), T.__getitem__(t, 1), tuple.__repr__(t))


class Upper(str):
    def __new__(cls, text):
        return super().__new__(cls, text.upper())

    def shout(self):
        return self + "!"


u = Upper("hello")
print(u, repr(u), len(u), u.shout(), type(u.shout()).__name__, u.lower(), type(u.lower()).__name__)
print(u == "HELLO", "HELLO" == u, hash(u) == hash("HELLO"), {u: 1}["HELLO"], u in ["HELLO"])
print(u[1:3], type(u[1:3]).__name__, u * 2, "-".join([u, u]), f"{u:>8}|", "%s" % u)
print(str(u), type(str(u)).__name__, u.startswith("HE"), u.split("L"), sorted([u, "A"]))


class Tagged(str):
    def __eq__(self, other):
        return "eq"

    __hash__ = str.__hash__

    def __add__(self, other):
        return "add"

    def __radd__(self, other):
        return "radd"

    def __lt__(self, other):
        return True

    def __len__(self):
        return 99

    def __str__(self):
        return "STR"

    def __repr__(self):
        return "REPR"

    def __format__(self, spec):
        return "FMT" + spec

    def __getitem__(self, i):
        return "item"

    def __contains__(self, x):
        return True

    def __iter__(self):
        return iter("it")


g = Tagged("abc")
print(g == "x", g + "y", "y" + g, g < "a", len(g), str(g), repr(g), f"{g:>3}", g[0])
print("z" in g, list(g), print(g), [g], g.upper(), str.__len__(g), str.__getitem__(g, 0))
s = "x"
s += g
print(s)


class Name(str):
    pass


n = Name("bob")
n.age = 3
print(n, n.age, type(n + "x").__name__, n.title(), type(n.title()).__name__, str(n) is n)
show("str.__new__", lambda: str.__new__(Name, 5))
show("str.__new__ bad", lambda: str.__new__(int))


class B(bytes):
    def first(self):
        return self[0]


bb = B(b"xyz")
print(bb, bb.first(), len(bb), bb + b"!", type(bb + b"!").__name__, bb == b"xyz", bb.upper())
print(B([65, 66]), B(), bytes(bb), type(bytes(bb)).__name__, hash(bb) == hash(b"xyz"))


def make_slotted():
    class X(tuple):
        __slots__ = ("a",)


show("nonempty slots tuple", make_slotted)


def make_slotted_str():
    class X(str):
        __slots__ = ("a", "b")

    x = X("text")
    x.a = 1
    return x, x.a, hasattr(x, "b"), hasattr(x, "__dict__")


show("nonempty slots str", make_slotted_str)


def make_slotted_int():
    class X(int):
        __slots__ = ("a",)


show("nonempty slots int", make_slotted_int)
