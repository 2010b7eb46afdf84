# list comprehensions: nested, filtered, scoping
print([x * x for x in range(10)])
print([x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print([(x, y) for x in range(3) for y in range(3) if x != y])
print([[x * y for y in range(1, 4)] for x in range(1, 4)])
matrix = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
print([row[i] for row in matrix for i in range(len(row)) if i == 0])
print([[row[i] for row in matrix] for i in range(3)])
print([v for row in matrix for v in row])
print([c.upper() for c in "hello" if c != "l"], [w for w in "a bb ccc".split() if len(w) > 1])
print([x if x > 0 else -x for x in [-2, -1, 0, 1, 2]])
print([len(s) for s in ["", "a", "ab"]], [k for k in {"a": 1, "b": 2}], [v * 2 for v in (1, 2)])
print([i for i in range(5)][::-1], [[]] + [[i] for i in range(2)], [x for x in []])
x = "outer x"
squares = [x * 2 for x in range(3)]
print(x, squares)
n = 10
print([n * i for i in range(3)])
def make():
    base = 100
    return [base + i for i in range(3)]
print(make())
print([[j for j in range(i)] for i in range(4)])
print(sum([x for x in range(101) if x % 2 == 0]), max([len(w) for w in ["ab", "abcd", "a"]]))
print([(lambda y: y * 10)(x) for x in range(3)])
funcs = [lambda: i for i in range(3)]
print([f() for f in funcs])
print([a + b for a, b in zip("abc", "xyz")], [i * c for i, c in enumerate("abc")])
primes = [p for p in range(2, 50) if all([p % d for d in range(2, p)])]
print(primes)
