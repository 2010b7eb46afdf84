# Quickened instance loads, stores and method loads whose class gains
# __getattribute__, __getattr__, __setattr__ or __delattr__ after the
# sites were specialized (and loses it again).


class P:
    def __init__(self, x):
        self.x = x

    def get(self):
        return self.x


def load(objs):
    return [o.x for o in objs]


def store(objs, v):
    for o in objs:
        o.x = v


def call(objs):
    return [o.get() for o in objs]


def missing(o):
    try:
        return o.nothere
    except AttributeError as e:
        return "AttributeError: " + str(e)


objs = [P(i) for i in range(4)]
for _ in range(20):
    load(objs)
    store(objs, 1)
    call(objs)
    missing(objs[0])
print(load(objs), call(objs), missing(objs[0]))

P.__getattribute__ = lambda self, name: "intercepted " + name
print(load(objs), missing(objs[0]))
try:
    call(objs)
except TypeError as e:
    print("TypeError:", e)
del P.__getattribute__
print(load(objs), call(objs))

P.__getattr__ = lambda self, name: "fallback " + name
print(load(objs), missing(objs[0]))
del P.__getattr__
print(missing(objs[0]))

seen = []


def tracing_setattr(self, name, value):
    seen.append((name, value))
    object.__setattr__(self, name, value * 10)


P.__setattr__ = tracing_setattr
store(objs, 2)
print(seen, load(objs))
del P.__setattr__
store(objs, 3)
print(len(seen), load(objs))


def tracing_delattr(self, name):
    seen.append(("del", name))


P.__delattr__ = tracing_delattr
for o in objs:
    del o.x
print(seen[-4:], load(objs))
del P.__delattr__
del objs[0].x
print(hasattr(objs[0], "x"), load(objs[1:]))


# A subclass sees a hook added to its base.
class Q(P):
    pass


qs = [Q(i) for i in range(3)]
for _ in range(20):
    load(qs)
P.__getattribute__ = lambda self, name: "base hook " + name
print(load(qs))
del P.__getattribute__
print(load(qs))
