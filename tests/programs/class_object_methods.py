# object's own methods reached explicitly (object.__repr__(self),
# super().__eq__(o), __hash__ = object.__hash__), and __iter__ written as
# a generator function.


class R:
    def __repr__(self):
        return "R!" + super().__repr__()[:10]

    def __eq__(self, o):
        return super().__eq__(o)

    def __str__(self):
        return object.__str__(self) + "?"


r = R()
print(repr(r), str(r), r == r, r == 1, r != r, r != 1)
print(object.__eq__(r, 2), object.__ne__(r, r), object.__lt__(r, r))
print(object.__hash__(r) == hash(object.__hash__(r)), format(r, ""), object.__format__(r, ""))
try:
    format(r, "x")
except TypeError as e:
    print("TypeError:", e)
print(object.__repr__(r)[:19] == "<__main__.R object ", object.__str__(1))


class H:
    def __eq__(self, o):
        return True

    __hash__ = object.__hash__


h = H()
print(hash(h) == object.__hash__(h), {h: 1}[h])


class Pair:
    def __init__(self, a, b):
        self.a, self.b = a, b

    def __iter__(self):
        yield self.a
        yield self.b

    def __ne__(self, o):
        return "custom ne"


x, y = Pair(1, 2)
print(x, y, list(Pair(3, 4)), sum(Pair(5, 6)), 6 in Pair(5, 6), Pair(1, 2) != 3)
try:
    object.__eq__()
except TypeError as e:
    print("TypeError:", e)
