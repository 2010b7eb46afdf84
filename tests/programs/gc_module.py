# The gc module: collect() finds cycles, enable/disable, is_tracked.
import gc


class Node:
    def __init__(self):
        self.other = None


def make_cycles(n):
    for _ in range(n):
        a, b = Node(), Node()
        a.other, b.other = b, a


gc.collect()
print(gc.isenabled())
gc.disable()
print(gc.isenabled())
make_cycles(10)
found = gc.collect()
print(found >= 20, found > 0)
print(gc.collect())
gc.enable()
print(gc.isenabled())
l = []
l.append(l)
del l
print(gc.collect(2) >= 1)
print(gc.is_tracked(1), gc.is_tracked("a"), gc.is_tracked([]), gc.is_tracked(Node()))
for bad in (lambda: gc.collect(3), lambda: gc.collect("x"), lambda: gc.isenabled(1), lambda: gc.is_tracked()):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
