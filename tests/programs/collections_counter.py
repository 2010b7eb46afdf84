# collections.Counter.
import copy
from collections import Counter


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


c = Counter("abracadabra")
print(c, c["a"], c["zzz"], len(c), sorted(c), c.most_common(2), c.most_common(), c.most_common(0))
print(c.total(), sorted(c.elements()), isinstance(c, dict), type(c).__name__, Counter.__mro__)
print(Counter(), Counter({"x": 2, "y": -1}), Counter(a=3, b=1), Counter(["x", "x", "y"]))
c.update("aaz")
c.update({"q": 5}, r=2)
print(c)
c.subtract("aab")
c.subtract({"q": 10})
c.subtract(r=5)
print(c)
del c["zzz"]
del c["z"]
print("z" in c, c)
a = Counter(a=3, b=1, c=0, d=-2)
b = Counter(a=1, b=2, e=5)
print(a + b, a - b, a | b, a & b, +a, -a)
print(a == Counter(a=3, b=1, c=0, d=-2), Counter(a=1) == Counter(a=1, b=0), Counter(a=1) == {"a": 1})
print(Counter(a=1) <= Counter(a=2), Counter(a=3) < Counter(a=2), Counter(a=1) >= Counter(), Counter() > Counter())
x = Counter(a=2, b=-1)
x += Counter(b=2, c=1)
print(x)
x -= Counter(a=5)
print(x)
x |= Counter(b=7, d=1)
print(x)
x &= Counter(b=3)
print(x)
print(copy.copy(b), type(copy.copy(b)).__name__, copy.deepcopy(b), b.copy(), dict(b))
print(repr(Counter()), repr(Counter({"a": [1], "b": [2]})), str(Counter(x=1)))
show("fromkeys", lambda: Counter.fromkeys("ab"))
show("add dict", lambda: Counter(a=1) + {"a": 1})
show("too many", lambda: Counter("a", "b"))
show("elements", lambda: list(Counter(a=1.5).elements()))
show("most_common str", lambda: Counter("ab").most_common("x"))
show("update too many", lambda: Counter().update("a", "b"))
print(Counter("mississippi").most_common(3), Counter(x=1, y=1, z=2).most_common())
words = "the quick brown the lazy the end quick".split()
print(Counter(words).most_common(2), sum(Counter(words).values()), Counter(words)["the"])


class MyCounter(Counter):
    def __missing__(self, key):
        return -1


m = MyCounter("aa")
print(m, m["b"], type(m + m).__name__, type(m.copy()).__name__, m.most_common(1))
m.tag = 1
print(m.__dict__, copy.copy(m), hasattr(copy.copy(m), "tag"))
