# The quickened forms and other fast paths meet instances of classes
# deriving from the types they expect: exact types first, then instances
# whose classes override what the fast path does (the corpus also runs
# this with quickening warmup 0, where each site specializes on its
# first execution and deoptimizes on its first miss).


class L(list):
    def __getitem__(self, i):
        return ("L", super().__getitem__(i))

    def __setitem__(self, i, v):
        super().__setitem__(i, v * 100)

    def __len__(self):
        return 99

    def __iter__(self):
        return iter(["it"] * 2)

    def append(self, x):
        super().append(("app", x))


class PlainL(list):
    pass


class D(dict):
    def __getitem__(self, k):
        return ("D", k)

    def __setitem__(self, k, v):
        super().__setitem__(k, ("set", v))

    def get(self, k, default=None):
        return "get!"


class T(tuple):
    def __getitem__(self, i):
        return ("T", i)

    def __iter__(self):
        return iter(("x", "y"))


class S(str):
    def __add__(self, o):
        return "S+"

    def __radd__(self, o):
        return "+S"

    def __eq__(self, o):
        return "eq"

    __hash__ = str.__hash__

    def __lt__(self, o):
        return "lt"

    def upper(self):
        return "UP"


def sub(c, i):
    return c[i]


def store(c, i, v):
    c[i] = v


def ln(c):
    return len(c)


def unpack(c):
    a, b = c
    return a, b


def app(c, x):
    c.append(x)
    return c


def cat(a, b):
    return a + b


def cmp(a, b):
    return a == b, a < b


def up(s):
    return s.upper()


def star(c):
    return [*c]


def iadd(s, t):
    s += t
    return s


def get(d, k):
    return d.get(k, 0)


def loop(c):
    out = []
    for x in c:
        out.append(x)
    return out


for c, i in [([1, 2], 0), (L([1, 2]), 0), ([3, 4], 1), (PlainL([5, 6]), 1), (L([7, 8]), 1)]:
    print(sub(c, i), ln(c), unpack(c), star(c), loop(c))
for c in [[0, 0], L([0, 0]), PlainL([0, 0]), [0, 0]]:
    store(c, 1, 7)
    print(list.__repr__(c), app(c, 3))
for c in [{"a": 1}, D(a=1), {"b": 2}, D(b=2)]:
    print(sub(c, "a" if "a" in c else "b"), get(c, "a"))
    store(c, "z", 5)
    print(dict.__repr__(c))
for c in [(1, 2), T((1, 2)), (3, 4)]:
    print(sub(c, 0), unpack(c), star(c), loop(c))
for a, b in [("a", "b"), (S("a"), "b"), ("a", S("b")), ("c", "d")]:
    print(cat(a, b), cmp(a, b), up(a), iadd(a, b))
for n in [1, True, 2.5, 3]:
    print(cat(n, n))


class I(int):
    def __add__(self, o):
        return "I+"


for a in [1, I(1), 2, I(5)]:
    print(cat(a, 1), cat(1, a), a == 1, [10, 20, 30, 40, 50, 60][a])
