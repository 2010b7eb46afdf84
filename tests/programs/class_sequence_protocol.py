# The old sequence protocol: a class with __getitem__ and no __iter__ is
# iterable (indices from 0 until IndexError), for `for`, `in`, list(),
# sum(), unpacking and the other consumers.


class Squares:
    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError(i)
        return i * i


s = Squares(5)
print(list(s), sum(s), 9 in s, 10 in s, max(s), sorted(s, reverse=True))
a, b, c = Squares(3)
print(a, b, c, [x + 1 for x in Squares(4)], dict(enumerate(Squares(3))))
for i, v in zip(range(10), Squares(3)):
    print(i, v)
it = iter(Squares(2))
print(type(it).__name__, next(it), next(it))
try:
    next(it)
except StopIteration:
    print("exhausted")


class Stops:
    def __getitem__(self, i):
        if i == 2:
            raise StopIteration
        return "x"


print(list(Stops()))


class Fails:
    def __getitem__(self, i):
        if i == 1:
            raise KeyError("boom")
        return i


try:
    list(Fails())
except KeyError as e:
    print("KeyError", e)


class Both:
    def __getitem__(self, i):
        return "item"

    def __iter__(self):
        return iter(["from", "iter"])


print(list(Both()), Both()[7])


class Neither:
    pass


try:
    iter(Neither())
except TypeError as e:
    print("TypeError:", e)
