# Forms the interpreter's hot loop runs: constructors with __init__,
# operators through Python methods (with NotImplemented and class edits),
# `-x`, `a and b`, float `//`, `%`, `**` (errors and NaN), `for` over lists
# and ranges, and attribute stores that free the old value.
import math


class V:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, o):
        if not isinstance(o, V):
            return NotImplemented
        return V(self.x + o.x, self.y + o.y)

    def __repr__(self):
        return f"V({self.x}, {self.y})"


class Bad:
    def __init__(self):
        return 3


def run():
    out = []
    a, b = V(1, 2), V(3, 4)
    for i in range(6):
        out.append(a + b)
        if i == 2:
            V.__add__ = lambda s, o: "edited"
        if i == 4:
            del V.__add__
            V.__add__ = lambda s, o: NotImplemented
    print(out)
    try:
        a + 1
    except TypeError as e:
        print("TypeError", e)
    for i in range(3):
        try:
            Bad()
        except TypeError as e:
            print("TypeError", e)
    big = -9223372036854775807 - 1
    xs = [1, -2, 0.5, -0.0, big, True, 1 << 70]
    print([-x for x in xs])
    for x in xs:
        print(x and "t", x or "f", (x and 0) or None)
    for p in [(2.0, 0.5), (0.0, -1.0), (-8.0, 1 / 3), (1e308, 2.0), (7.5, 2), (3, 0.5), (float("nan"), 1.0)]:
        for f in (lambda a, b: a ** b, lambda a, b: a // b, lambda a, b: a % b):
            try:
                r = f(*p)
                print(repr(r) if not (isinstance(r, float) and math.isnan(r)) else "nan")
            except (ZeroDivisionError, OverflowError, ValueError) as e:
                print(type(e).__name__, e)
    total = 0
    for row in [[1, 2], [], [3]]:
        for v in row:
            total += v
        for j in range(len(row)):
            total += j
    it = iter([1, 2])
    print(total, list(it), list(it))

    class Holder:
        def __init__(self, v):
            self.v = v

    h = Holder([1])
    for i in range(5):
        h.v = [i] * i
    print(h.v)
    print(V(1.5, -2) + V(-1.5, 2))


run()
