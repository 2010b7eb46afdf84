# Instances keep their attributes as values in the order the class's
# instances usually set them, and get a real dict when anything else
# touches them (`__dict__`, `del`, `setattr`, an attribute set out of
# order). Every step is checked against the dict CPython shows (the
# corpus also runs this with warmup 0).
class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def total(self):
        return self.x + self.y


def make(n):
    return [P(i, 2 * i) for i in range(n)]


def xs(ps):
    return [p.x for p in ps]


ps = make(5)
print(xs(ps), [p.total() for p in ps])
# The dict made from the values keeps their order.
print(ps[1].__dict__, ps[2].__dict__ is ps[2].__dict__)
# Stores after the dict exists go to it.
ps[1].x = 100
print(xs(ps), ps[1].__dict__)


# Attributes set in another order than the first instances used.
class Q:
    def __init__(self, flip):
        if flip:
            self.b = 2
            self.a = 1
        else:
            self.a = 1
            self.b = 2
        self.c = 3


qs = [Q(i % 2 == 1) for i in range(6)]
print([(q.a, q.b, q.c) for q in qs])
print([list(q.__dict__) for q in qs[:2]])

# Deleting an attribute, then setting it again.
p = P(1, 2)
del p.x
print(hasattr(p, "x"), p.__dict__)
p.x = 5
print(p.total(), p.__dict__)

# `setattr` with a computed name, `getattr`, and a method shadowed by an
# instance attribute while the instance has no dict.
p = P(3, 4)
setattr(p, "z" + "z", 9)
print(getattr(p, "zz"), p.total())
p = P(3, 4)
p.total = lambda: "shadow"
print(p.total(), sorted(p.__dict__))


# More attributes than a class shares among its instances.
class Wide:
    def __init__(self):
        for i in range(40):
            setattr(self, "a" + str(i), i)
        self.last = "end"


w = Wide()
print(w.a0, w.a39, w.last, len(w.__dict__))


class Many:
    def __init__(self, k):
        self.v0 = k
        self.v1 = k
        self.v2 = k
        self.v3 = k
        self.v4 = k
        self.v5 = k
        self.v6 = k
        self.v7 = k


ms = [Many(i) for i in range(40)]
print(sum(m.v7 for m in ms), list(ms[3].__dict__.values())[:3])
