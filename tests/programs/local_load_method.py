# `local.m(...)` (LOAD_FAST then LOAD_METHOD) on instances: the method and
# the instance pushed with one dispatch while the LOAD_METHOD is cached for
# the instance's class. Every call must behave as the two instructions
# would: the local changing type between calls, a method shadowed by an
# instance attribute, a class edited after the cache filled, inherited
# methods, methods of built-in types, __class__ reassigned, and an unbound
# local.


class Counter:
    def __init__(self):
        self.n = 0

    def bump(self, k):
        self.n += k
        return self.n

    def get(self, key=None):
        return self.n


class Sub(Counter):
    def get(self, key=None):
        return -self.n


class Other:
    def get(self, key=None):
        return "other"


def total(objs, reps):
    out = []
    for o in objs:
        for i in range(reps):
            o.bump(i)
        out.append(o.get("k"))
    return out


print(total([Counter(), Sub(), Counter()], 50))


def gets(objs):
    return [o.get("k") for o in objs]


print(gets([Counter(), Sub(), Other(), Counter(), {"k": 1}, Sub()]))

# A method shadowed by an instance attribute after the cache filled.
c = Counter()
print(gets([c, c, c]))
c.get = lambda key: "instance attr"
print(gets([c, Counter(), c]))
del c.get
print(gets([c]))

# A class edited after the cache filled.
print(gets([Counter(), Counter()]))
Counter.get = lambda self, key: "replaced"
print(gets([Counter(), Sub(), Counter()]))

# __class__ reassigned.
k = Counter()
print(gets([k, k]))
k.__class__ = Other
print(gets([k, k]))


# Methods of built-in types on the same local.
def appends(xs, n):
    for i in range(n):
        xs.append(i)
    return xs


print(appends([], 5), appends(appends([], 2), 2))


def uppers(vals):
    return [v.upper() for v in vals]


print(uppers(["a", "b", "c", "d"]))


def unbound(flag):
    if flag:
        o = Counter()
    try:
        return o.bump(3)
    except UnboundLocalError as e:
        return f"{type(e).__name__}: {e}"


for flag in (True, False, True):
    print(unbound(flag))


def missing(objs):
    try:
        for o in objs:
            o.nope()
    except AttributeError as e:
        return f"{type(e).__name__}: {e}"


print(missing([Counter(), Counter(), None]))
print(missing([Counter()]))
