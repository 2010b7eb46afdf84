# Generators resumed by `for` and `yield from` run on their own value stack
# while the caller's is set aside: calls made inside them, exceptions
# crossing them, recursion inside them, and the collector running inside
# them must all see the right values.
import gc
import sys


def deep(n):
    if n == 0:
        return 0
    return 1 + deep(n - 1)


def calls_deep(k):
    # Each resumption makes a deep call on the generator's own stack.
    for i in range(k):
        yield deep(200 + i)


print(sum(x for x in calls_deep(5)))
total = 0
for v in calls_deep(4):
    total += v
print(total)


def locals_inside(a):
    b = a * 2
    yield sorted(locals().items())
    c = b + 1
    yield sorted(locals().items())


for snap in locals_inside(3):
    print(snap)


def source(n):
    for i in range(n):
        yield i


def boom(it):
    for x in it:
        if x == 3:
            raise KeyError(x)
        yield x


def relay(it):
    yield from it


def middle(it):
    got = []
    try:
        for x in relay(boom(it)):
            got.append(x)
    except KeyError as e:
        got.append(("caught", e.args))
    yield got
    yield "after"


for item in middle(source(10)):
    print(item)


def nested(depth):
    if depth == 0:
        yield "leaf"
        return
    for x in nested(depth - 1):
        yield f"{depth}:{x}"
    yield from nested(depth - 1)


print(list(nested(4))[:6], len(list(nested(6))))


class Node:
    def __init__(self):
        self.me = self


def collects():
    for i in range(3):
        Node()
        gc.collect()
        yield i


print([x for x in collects()])
for x in collects():
    print("collected", x)


def sender():
    seen = []
    while True:
        x = yield len(seen)
        if x is None:
            return seen
        seen.append(x)


def drives():
    result = yield from sender()
    yield ("done", result)


g = drives()
print(next(g), g.send("a"), g.send("b"), g.send(None))


def runaway():
    def rec(n):
        return rec(n + 1)
    for i in range(2):
        try:
            rec(0)
        except RecursionError:
            yield "recursion caught"


for msg in runaway():
    print(msg)


def fails_late():
    yield 1
    yield deep(10) // 0


try:
    for v in fails_late():
        print("got", v)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)


def stop_inside():
    yield 1
    raise StopIteration("x")


try:
    for v in stop_inside():
        print("got", v)
except RuntimeError as e:
    print("RuntimeError:", e, type(e.__cause__).__name__)

print(sys.getrecursionlimit() > 100)
