# One call site sees different callees: Python functions with exact
# arguments and with defaults, builtins, types, methods, and closures.


def one(x):
    return x + 1


def two(x, y=10):
    return x * y


def outer(k):
    def inner(x):
        return x + k

    return inner


def call(f, x):
    return f(x)


callees = [one, two, len, str, outer(100), lambda v: [v], abs, list, one]
for f in callees:
    for arg in [[1, 2, 3], (4,), "abc"]:
        try:
            for _ in range(10):
                r = call(f, arg)
            print(f.__name__, repr(arg), repr(r))
        except TypeError as e:
            print(f.__name__, repr(arg), "TypeError:", e)

for v in [3, -4, 2.5, True]:
    for _ in range(10):
        r = call(one, v), call(two, v), call(abs, v), call(str, v)
    print("numbers", r)


def checks(x):
    return isinstance(x, int), isinstance(x, (str, float)), len(str(x))


for x in [1, "s", 2.0, [1], 2**80, False]:
    for _ in range(10):
        r = checks(x)
    print("checks", repr(x), r)

acc = []
for i in range(20):
    acc.append(i)
    if i == 10:
        acc = list(acc)
print(acc, len(acc))

words = []
for w in ["a", "b", "c"] * 5:
    words.append(w.upper())
print("".join(words))


def deep(n):
    if n == 0:
        return 0
    return 1 + deep(n - 1)


print(deep(500))
try:
    deep(5000)
except RecursionError as e:
    print("RecursionError", e)
