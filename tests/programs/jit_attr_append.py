# New attributes of fresh instances added in place by compiled code
# (`__init__` filling an instance), next to the cases that must not be:
# a dict made before, keys in another order, a subclass with other keys,
# more attributes than the instance had room for, and a class changed.
class V:
    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z

    def __add__(self, o):
        return V(self.x + o.x, self.y + o.y, self.z + o.z)


def total(n):
    v = V(0, 0, 0)
    for i in range(n):
        v = v + V(i, 2.5, i * 2 if i % 2 else -i)
        v.z = i
    return v


for k in range(40):
    r = total(50)
print(r.x, r.y, r.z, sorted(vars(r).items()))


# Another order of the same names in one class: the second instance's
# keys are not the class's shared keys in that order.
class P:
    pass


def fill(p, first):
    if first:
        p.a = 1
        p.b = 2
    else:
        p.b = 3
        p.a = 4
    return p


for k in range(300):
    q = fill(P(), k % 7 != 0)
print(vars(fill(P(), True)), vars(fill(P(), False)))


# A dict asked for before the attributes are set.
def with_dict(n):
    out = []
    for i in range(n):
        p = P()
        if i % 3 == 0:
            p.__dict__
        p.a = i
        p.b = -i
        out.append(p)
    return [vars(p) for p in out[-3:]]


for k in range(30):
    wd = with_dict(40)
print(wd)


# A subclass whose __init__ adds a key of its own first.
class W(V):
    def __init__(self, x, y, z):
        self.w = "w"
        super().__init__(x, y, z)


def make(n):
    out = []
    for i in range(n):
        out.append(V(i, i, i) if i % 2 else W(i, i, i))
    return out


for k in range(40):
    m = make(30)
print(sorted(vars(m[0]).items()), sorted(vars(m[1]).items()))


# More attributes than the class knew when the instance was made.
class G:
    def __init__(self, n):
        for i in range(n):
            setattr(self, "f%d" % i, i)
        self.last = n


def grow(n):
    t = 0
    for i in range(n):
        g = G(i % 5)
        t += g.last
    return t


for k in range(30):
    gt = grow(60)
print(gt, sorted(vars(G(4)).items()))


# The class changes after compilation: a property takes over `y`.
def build(n):
    out = None
    for i in range(n):
        out = V(i, i + 1, i + 2)
    return out


for k in range(40):
    b = build(30)
print(vars(b))
V.y = property(lambda self: "prop", lambda self, v: None)
b = build(30)
print(b.y, vars(b))
