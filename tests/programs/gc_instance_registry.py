# Instances of Python classes in the cycle collector's registry: tracked
# from birth, freed in any order (alone, in cycles, in the middle of
# many others), with a class change in between; every survivor stays
# tracked and every cycle is freed (the runner checks for leaks at exit).
import gc


class A:
    def __init__(self, n):
        self.n = n
        self.other = None


class B:
    def __init__(self, n):
        self.n = n
        self.other = None


class Slotted:
    __slots__ = ("x",)

    def __init__(self, x):
        self.x = x


class Error(ValueError):
    pass


live = [A(i) for i in range(500)]
print(all(gc.is_tracked(a) for a in live))
# Free every third, then from the front and the back.
del live[::3]
del live[:50]
del live[-50:]
print(len(live), all(gc.is_tracked(a) for a in live))
print(sum(a.n for a in live))

# A class change while tracked.
for a in live[::7]:
    a.__class__ = B
print(sum(1 for a in live if type(a) is B), all(gc.is_tracked(a) for a in live))

# Cycles made among survivors and then dropped, collected by hand.
for i in range(0, len(live) - 1, 2):
    live[i].other = live[i + 1]
    live[i + 1].other = live[i]
kept = live[10]
del live
gc.collect()
print(kept.n, kept.other.n, kept.other.other is kept, gc.is_tracked(kept))
kept.other = None
del kept

# Many short-lived instances between collections: those freed young and
# those that outlive thousands of others.
old = []
total = 0
for round in range(20):
    batch = [A(i) for i in range(300)]
    for x in batch[::2]:
        x.other = x
    old.append(batch[-1])
    total += sum(x.n for x in batch)
    del batch
    if round % 5 == 4:
        gc.collect()
print(total, len(old), all(gc.is_tracked(o) for o in old))

# Other kinds of instances: slots and exceptions.
s = [Slotted(i) for i in range(100)]
e = [Error(i) for i in range(100)]
print(sum(x.x for x in s), all(gc.is_tracked(x) for x in s), len(e))
for x in e:
    x.me = x
del s, e
gc.collect()
print("done")
