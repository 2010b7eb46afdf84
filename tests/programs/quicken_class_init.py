# Instance creation through CALL_PY_INIT (the class's __init__ entered as a
# frame of the running loop): results, the None check, errors inside
# __init__, recursion through constructors, and a class edited after the
# cache filled (the corpus also runs this with warmup 0).
class V:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def mk(i):
    return V(i, i + 1)


t = 0
for i in range(20):
    v = mk(i)
    t += v.x + v.y
print(t, type(mk(0)).__name__)


class W(V):
    pass


def mkw(i):
    return W(i, -i)


print([mkw(i).y for i in range(4)])


# __init__ replaced on the class, then on the base; a different arity.
V.__init__ = lambda self, x, y: setattr(self, "x", -x)
print(mk(4).x, mkw(5).x)
try:
    V(1)
except TypeError as e:
    print("TypeError:", e)


def init3(self, a, b, c=0):
    self.x = a + b + c


V.__init__ = init3
print(mk(2).x)
del V.__init__
try:
    mk(1)
except TypeError as e:
    print("TypeError:", e)


# __init__ returning something.
class Bad:
    def __init__(self, k):
        self.k = k
        return k


def mkbad(k):
    return Bad(k)


for k in [None, None, 3, None, "s"]:
    try:
        print(type(mkbad(k)).__name__)
    except TypeError as e:
        print("TypeError:", e)


# Constructors calling constructors, deeply.
class R:
    def __init__(self, n):
        self.n = n
        self.c = R(n - 1) if n > 0 else None


r = R(60)
depth = 0
while r is not None:
    depth += 1
    r = r.c
print(depth)


# An exception inside __init__ propagates through the caller; the
# instance half made is dropped.
class E:
    def __init__(self, a):
        self.a = a
        raise ValueError(a)


def mke(a):
    return E(a)


for a in range(3):
    try:
        mke(a)
    except ValueError as e:
        print("ValueError:", e)


# A generator __init__ is still an error.
class G:
    def __init__(self):
        yield 1


try:
    G()
except TypeError as e:
    print("TypeError:", e)
mkbad(7)
