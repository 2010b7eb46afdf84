# Generators that yield inside an `except` or `finally` body, resumed by a
# `for` loop, by `yield from`, by `sum()` and by `next()`: the exception
# the generator is handling comes back with it at each resumption, and the
# consumer, between items, sees only its own.
import sys


def current():
    e = sys.exc_info()[1]
    return None if e is None else repr(e)


def in_except(n):
    for i in range(n):
        try:
            raise ValueError(i)
        except ValueError:
            yield ("gen", i, current())
            yield ("gen again", i, current())
        yield ("after", i, current())


def in_finally(n):
    for i in range(n):
        try:
            if i % 2:
                raise KeyError(i)
        except KeyError:
            pass
        finally:
            yield ("finally", i, current())


def numbers_in_except(n):
    for i in range(n):
        try:
            1 / 0
        except ZeroDivisionError:
            yield i


def relay(it):
    yield from it


for item in in_except(3):
    print(item, "consumer sees", current())

for item in relay(in_finally(4)):
    print(item, "consumer sees", current())

print(sum(numbers_in_except(10)), current())

try:
    raise RuntimeError("outer")
except RuntimeError:
    g = in_except(2)
    print(next(g), "consumer sees", current())
    print(next(g), "consumer sees", current())
    print(next(g), "consumer sees", current())
    print(list(g), "consumer sees", current())

for _ in range(40):
    total = 0
    for x in relay(numbers_in_except(5)):
        total += x
        if current() is not None:
            print("leaked", current())
print(total)
