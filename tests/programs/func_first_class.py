# functions as values: stored in containers, passed, returned
def double(x):
    return x * 2
def negate(x):
    return -x
def apply_all(funcs, value):
    out = []
    for f in funcs:
        out.append(f(value))
    return out
print(apply_all([double, negate, abs, str, float], -3))
table = {"d": double, "n": negate}
print(table["d"](21), table["n"](21))
def apply_n(f, n, x):
    for _ in range(n):
        x = f(x)
    return x
print(apply_n(double, 10, 1), apply_n(negate, 3, 5))
def pipeline(*funcs):
    def run(x):
        for f in funcs:
            x = f(x)
        return x
    return run
p = pipeline(double, double, negate, str)
print(repr(p(5)))
f = double
print(f(4), f is double, f is negate, f == double)
print(type(double).__name__, type(lambda: 0).__name__)
handlers = [double, negate]
handlers.append(lambda x: x ** 2)
print([h(7) for h in handlers])
def fold(f, items, init):
    acc = init
    for it in items:
        acc = f(acc, it)
    return acc
print(fold(lambda a, b: a + b, [1, 2, 3, 4], 0), fold(lambda a, b: b + a, "abc", ""))
