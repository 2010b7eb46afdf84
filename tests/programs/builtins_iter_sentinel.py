# iter(callable, sentinel) and next(it, default).
items = [1, 2, 3, 0, 4]
pos = [0]


def read():
    v = items[pos[0]]
    pos[0] += 1
    return v


it = iter(read, 0)
print(type(it).__name__, iter(it) is it)
print(list(it))
print(next(it, "done"), list(it))
print(list(iter([5, 6, None, 7].pop, 5)))


class Stopper:
    def __init__(self):
        self.n = 0

    def __call__(self):
        self.n += 1
        if self.n > 3:
            raise StopIteration
        return self.n


print(list(iter(Stopper(), 100)))
for call in ["iter()", "iter(1, 2)", "iter(1, 2, 3)", "next()", "next(1)", "next(iter([]))", "iter([], x=1)"]:
    try:
        eval(call)
    except (TypeError, StopIteration) as e:
        print(call, "->", type(e).__name__, e)
print(next(iter([]), "default"), next(iter([9]), "default"))


def boom():
    raise ValueError("bad")


try:
    next(iter(boom, 1))
except ValueError as e:
    print("ValueError", e)
