# `local.name = value` (LOAD_FAST then STORE_ATTR) on instances: stored with
# the instance read from the local, never pushed. Every store must behave
# as the two instructions would: new attributes in __init__, overwrites
# of every kind of value, a class edited
# after the cache filled, attributes deleted, __class__ reassigned, a
# __dict__ touched directly, properties and __setattr__, slots, and an
# unbound local.


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def move(self, dx, dy):
        self.x = self.x + dx
        self.y = self.y + dy


class Named:
    def __init__(self, name):
        self.name = name


class Holder:
    def __init__(self):
        self.item = None


def run_moves(p, n):
    for i in range(n):
        p.move(1, 2)
    return p.x, p.y


p = Point(0, 0)
print(run_moves(p, 100))

# Overwrites of objects, ints, floats, strs and None.
h = Holder()
for v in [Named(0), 1, 2.5, "s", None, Named(1), [1], (2,), None] * 3:
    h.item = v
    print(type(h.item).__name__, end=" ")
print()

# A class attribute added after the cache filled: instance stores still
# go to the instance.
def set_many(objs, v):
    for o in objs:
        o.x = v
    return [o.x for o in objs]


pts = [Point(i, i) for i in range(5)]
print(set_many(pts, 7))
Point.z = 99
print(set_many(pts, 8), pts[0].z)
del pts[1].x
print(set_many(pts, 9))
pts[2].__dict__["w"] = 1
print(set_many(pts, 10), pts[2].w, sorted(pts[2].__dict__))


class Other:
    pass


pts[3].__class__ = Other
print(set_many(pts, 11), type(pts[3]).__name__, pts[3].x)


class WithProp:
    def __init__(self):
        self._x = 0

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, v):
        print("  setter", v)
        self._x = v * 2


class WithSetattr:
    def __setattr__(self, name, value):
        print("  __setattr__", name, value)
        object.__setattr__(self, name, value + 1)


class Slotted:
    __slots__ = ("x",)


for obj in (WithProp(), WithSetattr(), Slotted(), Point(1, 1)):
    print(type(obj).__name__, set_many([obj, obj], 3))


class Frozen:
    __slots__ = ()


try:
    set_many([Frozen()], 1)
except AttributeError as e:
    print(type(e).__name__, e)


def unbound(flag):
    if flag:
        o = Point(0, 0)
    try:
        o.x = 5
        return o.x
    except UnboundLocalError as e:
        return f"{type(e).__name__}: {e}"


for flag in (True, False, True):
    print(unbound(flag))


def store_into_none(n):
    o = None
    try:
        for i in range(n):
            o.x = i
    except AttributeError as e:
        return f"{type(e).__name__}: {e}"


print(store_into_none(3))
