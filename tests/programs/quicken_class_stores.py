# Attribute stores and method calls on instances, cached on the class
# version (STORE_ATTR_INSTANCE_VALUE, CALL_METHOD with its receiver): edits
# after the caches filled must be seen (the corpus also runs this with
# warmup 0).
class Counter:
    def __init__(self):
        self.n = 0
        self.log = []

    def bump(self, k):
        self.n = self.n + k
        return self.n


def bump_all(objs, k):
    out = []
    for o in objs:
        o.n = o.n + 1
        out.append(o.bump(k))
    return out


cs = [Counter() for _ in range(3)]
print(bump_all(cs, 1))
print(bump_all(cs, 2))


# A property added to the class takes the store; removed, the dict again.
def get_n(self):
    return self.__dict__["n"]


def set_n(self, v):
    self.log.append(v)
    self.__dict__["n"] = v * 10


Counter.n = property(get_n, set_n)
print(bump_all(cs, 1), cs[0].log)
del Counter.n
print(bump_all(cs, 1), [c.n for c in cs])


# A class attribute of the same name (not a descriptor): stores still go
# to the instance, loads find the instance's value first.
Counter.n = 1000
print(bump_all(cs, 1), Counter.n)
del Counter.n


# The method replaced on the class, then shadowed by an instance
# attribute, then unshadowed.
Counter.bump = lambda self, k: ("replaced", k)
print(bump_all(cs, 3))
cs[1].bump = lambda k: ("instance", k)
print(bump_all(cs, 4))
del cs[1].bump
print(bump_all(cs, 5))


# A method with a different number of arguments at the same site.
def bump_more(self, k, extra=100):
    return self.n + k + extra


Counter.bump = bump_more
print(bump_all(cs, 6))


# A subclass at the same sites.
class Sub(Counter):
    def bump(self, k):
        return ("sub", super().bump(k))


mixed = [Counter(), Sub(), Counter()]
print(bump_all(mixed, 1))


# An attribute deleted from the instance: the store adds it back (its
# index in the dict changes), the load before it raises.
c = Counter()
print(bump_all([c], 1))
del c.n
try:
    bump_all([c], 1)
except AttributeError as e:
    print("AttributeError:", e)
c.n = 7
print(bump_all([c], 1), list(c.__dict__))


# Wrong arguments through the cached call site.
class Two:
    def __init__(self):
        self.n = 0

    def bump(self):
        return 0


try:
    bump_all([Counter(), Two()], 1)
except TypeError as e:
    print("TypeError:", e)


# Attributes set through setattr() (keys made at run time, not the code's
# names) read and replaced by cached sites, and a value that only the
# instance holds replaced.
class Box:
    pass


def total(objs):
    t = 0
    for o in objs:
        t += o.n
        o.n = t
        o.tag = [t]
    return t


boxes = [Box() for _ in range(4)]
for i, b in enumerate(boxes):
    setattr(b, "n", i)
    setattr(b, "tag", None)
print([total(boxes) for _ in range(5)], list(boxes[0].__dict__), boxes[3].tag)


# One site over a base and three subclasses (the caches keep a version per
# class); then one subclass changes: a property of the same name, a method
# replaced, an attribute deleted from one instance.
class Base:
    def __init__(self, v):
        self.v = v

    def get(self):
        return self.v


class S1(Base):
    pass


class S2(Base):
    def get(self):
        return -self.v


class S3(Base):
    pass


def walk(objs):
    out = []
    for o in objs:
        o.v = o.v + 1
        out.append((o.v, o.get()))
    return out


zoo = [Base(0), S1(10), S2(20), S3(30)]
for _ in range(3):
    print(walk(zoo))
S3.v = property(lambda self: 99, lambda self, x: None)
print(walk(zoo))
del S3.v
S1.get = lambda self: ("s1", self.v)
print(walk(zoo))
del zoo[2].v
try:
    walk(zoo)
except AttributeError as e:
    print("AttributeError:", e)
print(walk(zoo[:2]))
