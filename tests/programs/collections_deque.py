# collections.deque: the methods, maxlen, indexing, iteration (and its
# RuntimeError when the deque changes), operators, copying, errors.
import copy
from collections import deque


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, len(d), d[0], d[-1], d[2], list(d), list(reversed(d)), 3 in d, 9 in d, bool(d), bool(deque()))
print(d.pop(), d.popleft(), d)
d.extend("ab")
d.extendleft([7, 8])
print(d)
d.rotate()
print(d)
d.rotate(-2)
print(d)
d.rotate(13)
print(d, d.count(1), d.index(2), d.index("a", 1), d.index("b", -3, len(d)))
d.remove("a")
d.insert(1, "ins")
d.insert(-100, "first")
d.insert(100, "last")
print(d)
d.reverse()
print(d)
d[0] = "zero"
del d[1]
print(d, d.maxlen)
d.clear()
print(d, len(d))

b = deque(range(5), maxlen=3)
print(b, b.maxlen)
b.append(5)
b.appendleft(-1)
print(b)
b.extend([6, 7])
print(b)
b.extendleft([8])
print(b)
z = deque([1], maxlen=0)
z.append(1)
print(z, deque(maxlen=None), deque("xyz", 2), deque(maxlen=5))

print(deque("abc") + deque("d"), deque([1, 2], maxlen=2) + deque([3]), deque([1]) * 3, 3 * deque([1, 2], maxlen=3))
print(deque([1, 2]) * 0, deque([1, 2]) * -1)
x = deque([1])
y = x
y += [2, 3]
print(x is y, x)
y *= 2
print(x, deque([1, 2]) == deque([1, 2]), deque([1]) == [1], deque([1, 2]) < deque([1, 3]), deque() <= deque())
print(repr(deque([1], maxlen=3)), str(deque(["a"])), deque([deque([1])]), deque([[1], (2,)]))

r = deque([1, 2])
r.append(r)
print(r)
r.clear()

it = iter(deque([1, 2, 3]))
print(next(it), next(it), next(it), next(it, "end"))
m = deque([1, 2, 3])
it = iter(m)
print(next(it))
m.append(4)
show("mutated", lambda: next(it))
show("after", lambda: next(it))
m2 = deque([1, 2, 3])
rit = reversed(m2)
print(next(rit), list(rit), type(iter(m2)).__name__, type(rit).__name__)
for v in m2:
    pass
show("mutated in for", lambda: [m2.append(v) for v in m2])

e = deque(maxlen=2)
show("pop empty", lambda: e.pop())
show("popleft empty", lambda: e.popleft())
show("remove missing", lambda: deque([1]).remove(5))
show("index missing", lambda: deque([1]).index(5))
show("index range", lambda: deque([1, 2, 3]).index(3, 0, 2))
show("insert full", lambda: deque([1, 2], maxlen=2).insert(0, 1))
show("getitem range", lambda: deque()[0])
show("setitem range", lambda: deque([1]).__setitem__(5, 1))
show("negative maxlen", lambda: deque(maxlen=-1))
show("maxlen str", lambda: deque([], "a"))
show("hash", lambda: hash(deque()))
show("str index", lambda: deque([1])["a"])
show("slice", lambda: deque([1, 2])[0:1])
show("compare list", lambda: deque([1]) < [1])
show("add list", lambda: deque([1]) + [2])
show("attr", lambda: setattr(deque(), "x", 1))
show("maxlen write", lambda: setattr(deque(), "maxlen", 1))
show("not iterable", lambda: deque(1))
show("rotate str", lambda: deque([1]).rotate("a"))
show("too many args", lambda: deque([], 1, 2))
show("kw", lambda: deque(iterable=[1], maxlen=1))
show("bad kw", lambda: deque(foo=1))

c = deque([[1], 2], maxlen=5)
c2 = copy.copy(c)
c3 = copy.deepcopy(c)
print(c2, c2.maxlen, c2[0] is c[0], c3, c3[0] is c[0], c.copy(), c.copy().maxlen)
print(deque.__name__, deque, type(deque()), isinstance(deque(), deque), deque.append)
match deque([1, 2]):
    case [p, q]:
        print("matched", p, q)


class Ring(deque):
    def __init__(self, n):
        super().__init__(maxlen=n)
        self.pushed = 0

    def append(self, x):
        self.pushed += 1
        super().append(x)

    def __repr__(self):
        return f"Ring({list(self)}, pushed={self.pushed})"


ring = Ring(2)
for i in range(5):
    ring.append(i)
print(ring, len(ring), ring.maxlen, isinstance(ring, deque), ring[0], list(ring))


class Plain(deque):
    pass


print(deque.__repr__(ring))
print(type(Plain("x").copy()).__name__, Plain("x") + deque([9]), Plain([1]) * 2)


pl = Plain("ab", 3)
pl.note = 1
print(pl, pl.note, copy.copy(pl), type(copy.deepcopy(pl)).__name__)
