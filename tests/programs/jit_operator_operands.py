# A compiled loop's operator on instances of a Python class calls the
# method directly while the operands are what the cache recorded: the left
# one of the class, the right one of the same class or no object. Other
# operands mid-loop (a subclass on the left, another class with a
# reflected method on the right, a string, an int, None) and a method
# replaced on the class must each get Python's answer.
class V:
    def __init__(self, x):
        self.x = x

    def __add__(self, o):
        if isinstance(o, V):
            return V(self.x + o.x)
        if isinstance(o, (int, float)):
            return V(self.x + o)
        return NotImplemented

    def __repr__(self):
        return "V(%r)" % (self.x,)


class Sub(V):
    def __add__(self, o):
        return V(1000)


class W:
    def __radd__(self, o):
        return V(-1)


def run(items):
    out = []
    acc = V(0)
    for it in items:
        try:
            acc = acc + it
        except TypeError as e:
            out.append(str(e))
        out.append(acc.x)
    return out


plain = [V(1)] * 300 + [2] * 5 + [0.5] * 5
for _ in range(20):
    run(plain)
print(run(plain)[-3:])
print(run([V(1)] * 5 + [W(), V(2), "s", None, 7, V(3)]))


def left(items):
    t = 0
    for a in items:
        t += (a + V(1)).x
    return t


base = [V(i) for i in range(300)]
for _ in range(20):
    left(base)
print(left(base))
print(left(base[:5] + [Sub(5)] + base[:3]))
V.__add__ = lambda self, o: V(self.x * 10)
print(left(base[:10]))
