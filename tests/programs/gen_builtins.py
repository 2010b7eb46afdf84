# Builtins over generators and assorted edge cases
def gen(n):
    for i in range(n):
        yield i
print(list(map(lambda x: x * 2, gen(3))), list(filter(None, gen(4))))
print(set if False else None)
s = "".join(c for c in "abc")
print(s, list(reversed(list(gen(3)))))
print(max(gen(5), key=lambda x: -x), min(x for x in [3, 1, 2]))
x, rest = 0, [1, 2, 3]
print(x, rest)
print([*gen(3)], (*gen(2),))
d = {}
d.update((str(i), i) for i in gen(2)) if hasattr(d, "update") else None
print(d)
print(sum(x * x for x in range(10)), len(list(gen(7))))
print(sorted((x % 3, x) for x in gen(6)))
print(list(zip(*[gen(2), gen(3)])))
def g2():
    x = yield
    print("got", x)
it = g2()
print(it.send(None))
try:
    it.send(42)
except StopIteration:
    print("stopped")
print(tuple(i for i in gen(3) if i))
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
f = fib()
print([next(f) for _ in range(10)])
def take(n, it):
    for i, x in enumerate(it):
        if i >= n:
            return
        yield x
print(list(take(5, fib())))
def chain(*its):
    for it in its:
        yield from it
print(list(chain([1, 2], (3,), gen(2), "ab")))
def tree(n):
    if n:
        yield from tree(n - 1)
        yield n
        yield from tree(n - 1)
print(list(tree(3)))
print(type(x for x in ()).__name__)
gx = (i for i in [1])
print(gx.__name__, gx.__qualname__)
print(next(gx), next(gx, "end"))
