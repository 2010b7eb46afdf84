# Classes deriving from list.


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


class L(list):
    pass


a = L([3, 1, 2])
a.append(5)
a.extend((7, 8))
a.sort()
print(a, type(a).__name__, len(a), a[0], a[-1], a[1:3], type(a[1:3]).__name__)
print(a + [9], type(a + [9]).__name__, [0] + a, a * 2, type(a * 2).__name__, 2 * a)
b = a
b += [10]
print(b is a, a, type(b).__name__)
b *= 1
print(b is a, a == list(a), a == L(a), a < [100], sorted(a, reverse=True))
a[0] = -1
del a[1]
a[2:4] = ["x"]
print(a, a.index("x"), a.count(7), a.pop(), 7 in a, list(reversed(a)))
print(isinstance(a, list), type(a) is list, L.__base__, L.__mro__)
a.name = "lst"
print(a.name, a.__dict__, vars(a))
x, y, *rest = L([1, 2, 3, 4])
print(x, y, rest, [*L([5, 6])], list(L([7])), tuple(L([8, 9])))
show("index", lambda: L()[0])
show("pop", lambda: L().pop())
show("hash", lambda: hash(L()))
show("bad", lambda: L(1))
show("too many", lambda: L([1], [2]))
show("kw", lambda: L(x=1))


class Tracked(list):
    def __init__(self, *items):
        super().__init__(items)
        self.appended = 0

    def append(self, item):
        self.appended += 1
        super().append(item)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return Tracked(*list.__getitem__(self, i))
        return list.__getitem__(self, i) * 10

    def __setitem__(self, i, v):
        super().__setitem__(i, -v)

    def __len__(self):
        return super().__len__() + 100

    def __iter__(self):
        yield "start"
        yield from list.__iter__(self)

    def __contains__(self, v):
        return v == "anything" or super().__contains__(v)

    def __add__(self, other):
        return "added"

    def __iadd__(self, other):
        self.append(("iadd", other))
        return self

    def __repr__(self):
        return "Tracked" + super().__repr__()


t = Tracked(1, 2, 3)
t.append(4)
print(t, t.appended, t[0], t[1:3], len(t), list(t), [v for v in t])
t[0] = 5
print(t, "anything" in t, 2 in t, 99 in t, t + [1], [1] + t)
t += [0]
print(t, t.appended, bool(Tracked()), sum(list.__iter__(t) if False else [1]))
print(list.__len__(t), list.__getitem__(t, 0), list.__repr__(t))
a1, b1, c1, d1, e1, f1 = t
print(a1, b1, f1)
print(sorted(list.__iter__(Tracked(3, 1, 2))), min([Tracked(1)]))
show("sort mixed", lambda: sorted(Tracked(3, 1, 2)))


class Stack(list):
    def push(self, v):
        self.append(v)

    def peek(self):
        return self[-1]


s = Stack()
for i in range(5):
    s.push(i * i)
print(s, s.peek(), s.pop(), s, len(s))
print(list.__init__.__name__, L.append, L.__getitem__(L([4, 5]), 1))
show("descr", lambda: list.append((), 1))
# A list subclass that contains itself.
r = L([1])
r.append(r)
r.me = r
print(r, len(r))
del r
