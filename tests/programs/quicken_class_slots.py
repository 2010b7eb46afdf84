# LOAD_ATTR_SLOT/STORE_ATTR_SLOT cache the slot index on the class version:
# edits after the caches filled must be seen (the corpus also runs this
# with warmup 0).
class Vec:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def add(self, o):
        return Vec(self.x + o.x, self.y + o.y)


def total(vs):
    acc = Vec(0, 0)
    for v in vs:
        acc = acc.add(v)
        acc.x = acc.x + 0
    return (acc.x, acc.y)


vs = [Vec(i, 2 * i) for i in range(10)]
print(total(vs))
print(total(vs))


def read_x(o):
    return o.x


# A slot deleted from an instance after the cache filled.
for _ in range(3):
    print(read_x(vs[1]))
del vs[1].x
try:
    read_x(vs[1])
except AttributeError as e:
    print("deleted:", e)
vs[1].x = 7
print(read_x(vs[1]))


# The class edited after the cache filled: a property now shadows the slot
# (the class attribute replaces the descriptor).
saved = Vec.__dict__["x"]
Vec.x = property(lambda self: "prop")
print(read_x(vs[2]))
del Vec.x
try:
    print(read_x(vs[2]))
except AttributeError as e:
    print("gone:", e)
# The descriptor put back: the slot (and its value) is there again.
Vec.x = saved
print(read_x(vs[2]))


# A subclass with its own slots: the same site sees both classes.
class Vec3(Vec):
    __slots__ = ("z",)

    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z


class Plain:
    def __init__(self):
        self.x = "plain"


for o in [Vec3(1, 2, 3), Plain(), Vec3(4, 5, 6), Plain()]:
    print(read_x(o))


# A __class__ reassignment is refused cleanly.
w = Vec3(1, 1, 1)
try:
    w.__class__ = Vec
except (TypeError, NotImplementedError) as e:
    print("refused")
print(read_x(w))
