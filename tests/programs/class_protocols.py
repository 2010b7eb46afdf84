class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __repr__(self):
        return f"Vec({self.x}, {self.y})"

    def __str__(self):
        return f"<{self.x}, {self.y}>"

    def __eq__(self, other):
        if not isinstance(other, Vec):
            return NotImplemented
        return self.x == other.x and self.y == other.y

    def __hash__(self):
        return hash((self.x, self.y))

    def __add__(self, other):
        if isinstance(other, Vec):
            return Vec(self.x + other.x, self.y + other.y)
        return NotImplemented

    def __mul__(self, k):
        if isinstance(k, (int, float)):
            return Vec(self.x * k, self.y * k)
        return NotImplemented

    __rmul__ = __mul__

    def __neg__(self):
        return Vec(-self.x, -self.y)

    def __abs__(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

    def __bool__(self):
        return bool(self.x or self.y)

    def __lt__(self, other):
        return abs(self) < abs(other)


a, b = Vec(1, 2), Vec(3, 4)
print(a + b, repr(a * 2), 3 * a, -a, abs(b), [a, b], str(a), f"{a!r} {a}")
print(a == Vec(1, 2), a != Vec(1, 2), a == 1, a != "x", hash(a) == hash(Vec(1, 2)))
print(bool(Vec(0, 0)), bool(a), not Vec(0, 0), sorted([b, a]), b > a, max([a, b]))
c = a
c += b
print(c, a)
try:
    a - b
except TypeError as e:
    print(e)
try:
    a < 3
except TypeError as e:
    print(e)


class Bag:
    def __init__(self, *items):
        self.items = list(items)

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]

    def __setitem__(self, i, v):
        self.items[i] = v

    def __delitem__(self, i):
        del self.items[i]

    def __contains__(self, x):
        return x in self.items

    def __iter__(self):
        return iter(self.items)

    def __call__(self, x):
        return x * len(self)

    def __iadd__(self, x):
        self.items.append(x)
        return self


g = Bag(1, 2, 3)
g[0] = 10
del g[1]
g += 7
print(len(g), g[0], g[-1], 3 in g, 5 in g, list(g), [x * 2 for x in g], g(2), bool(Bag()))
print(sum(g), min(g), sorted(g, reverse=True), dict(zip(g, g)))


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


print(list(Countdown(4)), 2 in Countdown(5))
for i in Countdown(2):
    print("tick", i)


class Key:
    def __eq__(self, other):
        return True


try:
    hash(Key())
except TypeError as e:
    print(e)
try:
    {Key(): 1}
except TypeError as e:
    print(e)


class Money:
    def __init__(self, v):
        self.v = v

    def __radd__(self, other):
        return Money(other + self.v)

    def __repr__(self):
        return f"Money({self.v})"


print(0 + Money(5), sum([Money(1), Money(2)], 0) if False else 1 + Money(2))


class Base:
    def __eq__(self, o):
        return "base"


class Derived(Base):
    def __eq__(self, o):
        return "derived"


print(Base() == Derived(), Derived() == Base())


class BadLen:
    def __len__(self):
        return -1


try:
    len(BadLen())
except ValueError as e:
    print(e)


class BadRepr:
    def __repr__(self):
        return 5


try:
    repr(BadRepr())
except TypeError as e:
    print(e)
try:
    Vec(1, 2)()
except TypeError as e:
    print(e)
try:
    len(Vec(1, 2))
except TypeError as e:
    print(e)
try:
    Vec(1, 2)[0]
except TypeError as e:
    print(e)
try:
    iter(Vec(1, 2))
except TypeError as e:
    print(e)
