# sum() of a generator runs the generator's frame in the caller's run
# (crate::generator::start_sum): each value is added as it is yielded.
# Every shape of total and value, values that need the full `+` (which may
# run Python code while the generator is suspended), errors raised by the
# addition and inside the generator, and generators in every state.


def g(n):
    for i in range(n):
        yield i


print(sum(g(10)))
print(sum(g(10), 5))
print(sum(g(10), 0.5))
print(sum(x * 0.5 for x in range(5)))
print(sum(x for x in [1, 2.5, 3]))
print(sum(x for x in [0.25, 2, 3]))
print(sum(2**62 for _ in range(4)))
print(sum(-(2**63) for _ in range(2)))
print(sum(True for _ in range(3)))
print(sum((x for x in [[1], [2]]), []))


class V:
    def __init__(self, v):
        self.v = v

    def __add__(self, o):
        return V(self.v + (o.v if isinstance(o, V) else o))

    def __radd__(self, o):
        return V(o + self.v)


print(sum(V(i) for i in range(4)).v)


def bad():
    yield 1
    yield "x"
    print("not reached")


try:
    sum(bad())
except TypeError as e:
    print("TypeError:", e)


def raiser():
    yield 1
    raise ValueError("boom")


try:
    sum(raiser())
except ValueError as e:
    print("ValueError:", e)


def stop():
    yield 1
    raise StopIteration


try:
    sum(stop())
except RuntimeError as e:
    print("RuntimeError:", e, type(e.__cause__).__name__)

# Started, exhausted, and running generators.
gg = g(5)
next(gg)
print(sum(gg))
print(sum(gg))


def running():
    yield sum(me)


me = running()
try:
    next(me)
except ValueError as e:
    print("ValueError:", e)


# The generator is suspended while the full `+` runs.
def watched():
    yield Adder()
    yield 2


class Adder:
    def __radd__(self, o):
        print("running during +:", w.gi_running, "suspended:", w.gi_suspended)
        return o + 100


w = watched()
print(sum(w))


# Nested: a generator summing generators; yield from; exceptions caught
# inside the generator; a yield inside except.
def deep(n):
    if n == 0:
        yield 1
        return
    yield sum(deep(n - 1)) + 1


print(sum(deep(50)))


def outer():
    yield from g(4)
    yield from (10 * x for x in g(3))


print(sum(outer()))


def guarded():
    for i in range(5):
        try:
            if i == 2:
                raise KeyError(i)
            yield i
        except KeyError:
            yield 100


print(sum(guarded()))


def in_except():
    try:
        raise ValueError("held")
    except ValueError:
        yield 1
        yield 2


print(sum(in_except()))


# sum's own checks still hold; other iterables take the builtin.
try:
    sum(g(3), "")
except TypeError as e:
    print("TypeError:", e)
print(sum(g(3), start=7))
print(sum([1, 2, 3]), sum(iter([4, 5])), sum(range(5)), sum({1: 0, 2: 0}))
f = sum
print(f(g(4)), f(g(4), 1.5))


# Deep recursion through sum() of generators ends in RecursionError.
def down(n):
    yield sum(down(n + 1))


try:
    sum(down(0))
except RecursionError:
    print("RecursionError")
