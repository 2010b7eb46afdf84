# lambdas
sq = lambda x: x * x
add = lambda a, b=10: a + b
print(sq(7), add(1), add(1, 2), add(b=3, a=4), (lambda: "no args")(), (lambda *a: len(a))(1, 2, 3))
print(list(map(lambda x: x * 3, [1, 2, 3])), list(filter(lambda s: len(s) > 2, ["a", "abc", "de", "fghi"])))
ops = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "/": lambda a, b: a / b}
for k in ops:
    print(k, ops[k](12, 4))
compose = lambda f, g: lambda x: f(g(x))
inc_then_sq = compose(sq, lambda x: x + 1)
print(inc_then_sq(4))
print(sorted(["ccc", "a", "bb"], key=lambda s: -len(s)))
curry = lambda a: lambda b: lambda c: a * 100 + b * 10 + c
print(curry(1)(2)(3))
cond = lambda n: "even" if n % 2 == 0 else "odd"
print([cond(i) for i in range(4)])
fs = [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in fs])
print((lambda x, y: x if x > y else y)(3, 8), max([3, -9, 4], key=lambda v: abs(v)))
