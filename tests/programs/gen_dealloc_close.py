# A suspended generator that is dropped runs its `finally` (close on
# dealloc), at the moment CPython's reference counting drops it.
def tracked(name):
    try:
        yield 1
        yield 2
    finally:
        print("cleanup", name)

for x in tracked("loop"):
    print("got", x)
    break
print("after break")

g = tracked("del")
next(g)
del g
print("after del")

g = tracked("rebind")
next(g)
g = None
print("after rebind")

def use():
    h = tracked("local")
    next(h)
    print("returning")
use()
print("after call")

g = tracked("unstarted")
del g
print("nothing for an unstarted generator")

def with_cm():
    class CM:
        def __enter__(self):
            return self
        def __exit__(self, *a):
            print("exit called with", a[0].__name__ if a[0] else None)
    with CM():
        yield 1
w = with_cm()
next(w)
del w
print("after with")

g = tracked("at exit")
next(g)
