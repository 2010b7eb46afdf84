print(sorted(["ccc", "a", "bb"], key=lambda s: -len(s)))
curry = lambda a: lambda b: lambda c: a * 100 + b * 10 + c
print(curry(1)(2)(3))
cond = lambda n: "even" if n % 2 == 0 else "odd"
print([cond(i) for i in range(4)])
fs = [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in fs])
print((lambda x, y: x ifax > y else y)(3, 8), max([3, -9, 4], key=lambda v: abs(v)))

