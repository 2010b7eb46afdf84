# Instances made in compiled loops: CALL_PY_INIT calls `__init__`
# directly on a new instance. Covers an `__init__` that returns a value
# (TypeError at the call), that raises, that leaves compiled code part
# way (its frame handed to the interpreter with the instance below it),
# a class whose `__init__` is replaced after compilation, and a subclass.


class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def make(n):
    t = 0
    for i in range(n):
        p = P(i, i + 1)
        t += p.x * p.y
    return t


BAD = False


class Bad:
    def __init__(self, v):
        self.v = v
        if v == 7 and BAD:
            return 5


def make_bad(n):
    t = 0
    for i in range(n):
        b = Bad(i)
        t += b.v
    return t


class Raises:
    def __init__(self, v):
        if v == 11 and BAD:
            raise ValueError("no 11")
        self.v = v


def make_raises(n):
    t = 0
    for i in range(n):
        try:
            t += Raises(i).v
        except ValueError as e:
            t += 1000
            print("caught", e)
    return t


class Leaves:
    def __init__(self, v):
        self.v = v
        if v >= 100:
            # Not run before compilation: the frame goes to the
            # interpreter here, the instance below it.
            self.s = v.bit_length()
        else:
            self.s = "-"


def make_leaves(n):
    out = []
    for i in range(n):
        o = Leaves(i)
        out.append((o.v, o.s))
    return out


for k in range(30):
    r = make(20)
print(r)
for k in range(40):
    if k == 38:
        BAD = True
    try:
        r = make_bad(20)
    except TypeError as e:
        print(k, "TypeError", e)
print(r)
BAD = False
for k in range(40):
    if k == 38:
        BAD = True
    r = make_raises(20)
print(r)
for k in range(40):
    r = make_leaves(12 if k < 39 else 103)
print(r[:2], r[-3:])


def new_init(self, x, y):
    self.x = x * 10
    self.y = y


P.__init__ = new_init
print(make(20))


class Q(P):
    pass


def make_q(n):
    t = 0
    for i in range(n):
        t += Q(i, 2).x
    return t


for k in range(30):
    r = make_q(10)
print(r)
