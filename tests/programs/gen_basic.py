def count(n):
    i = 0
    while i < n:
        yield i
        i += 1
    return "done"

for x in count(3):
    print(x)
print(list(count(5)), tuple(count(2)), sum(count(10)))
print(list(zip(count(3), count(5))), list(enumerate(count(3))))
print(sorted(count(4), reverse=True), min(count(4)), max(count(4)))
print(any(count(3)), all(count(3)), dict((k, k * k) for k in count(3)))
print(",".join(str(x) for x in count(4)))
a, b, c = count(3)
print(a, b, c)
g = count(2)
print(iter(g) is g, next(g), next(g), next(g, "default"))
try:
    next(g)
except StopIteration as e:
    print("stop", e.value, e.args)
g = count(1)
next(g)
try:
    next(g)
except StopIteration as e:
    print("returned", repr(e.value))
print(type(g).__name__, g.__name__, g.__qualname__)
print(repr(g).startswith("<generator object count at 0x"))

def echo():
    got = yield "ready"
    while True:
        got = yield got * 2

e = echo()
print(e.send(None), e.send(5), e.send("ab"))
print([x * x for x in (y + 1 for y in range(4)) if x % 2])

def outer():
    def inner():
        yield 1
    return inner
print(repr(outer()()).startswith("<generator object outer.<locals>.inner at"))
gen = (i for i in range(3))
print(list(gen), list(gen))
