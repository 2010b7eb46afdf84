# Attribute-load caches keyed on the class version: edits after the cache
# filled must be seen (the corpus also runs this with warmup 0).
class P:
    def __init__(self, x):
        self.x = x

    def get(self):
        return self.x


def read_all(objs):
    out = []
    for o in objs:
        out.append(o.x)
        out.append(o.get())
    return out


ps = [P(i) for i in range(5)]
print(read_all(ps))
print(read_all(ps))


# The class gains a property of the same name: it wins over the dict.
def x_prop(self):
    return "prop"


P.x = property(x_prop)
print(read_all(ps))
del P.x
print(read_all(ps))


# A method replaced on the class, and on a base.
class Q(P):
    pass


qs = [Q(i) for i in range(3)]
print(read_all(qs))
P.get = lambda self: -self.x
print(read_all(qs), read_all(ps[:2]))


# An instance attribute shadows the method; deleting it unshadows.
q = qs[0]
q.get = lambda: "instance"
print(read_all(qs))
del q.get
print(read_all(qs))


# Instances whose dicts were filled in another order, and a deleted
# attribute.
class R:
    pass


rs = []
for i in range(4):
    r = R()
    if i % 2:
        r.y = 0
    r.x = i
    r.get = (lambda v: (lambda: v))(i * 10)
    rs.append(r)
print(read_all(rs))
del rs[1].x
try:
    read_all(rs)
except AttributeError as e:
    print(e)
# Mixed classes at one site.
print(read_all([P(1), Q(2), rs[0], P(3)]))
