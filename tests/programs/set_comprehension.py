# Set comprehensions: scoping, conditions, nested loops, closures, and the
# order of what they build.

squares = {x * x for x in range(-5, 6)}
print(squares, type(squares).__name__)
print({c.upper() for c in "hello world" if c.isalpha()})
print({(i, j) for i in range(3) for j in range(i)})
print({x for x in range(100) if x % 7 == 0 if x % 2})
print({n % 5 for n in {10, 11, 12, 13, 14, 15}})
print({w[0] for w in ["apple", "avocado", "banana", "cherry", "blueberry"]})
print({len(w) for w in ("a", "bb", "cc", "ddd")}, {x for x in ()}, {x for x in set()})

# The loop variable stays inside; names outside are seen.
x = "outer"
base = 100
result = {x + base for x in range(3)}
print(result, x)

def make(k):
    return {i * k for i in range(5)}
print(make(3), make(-1))

def adders():
    return {(lambda n: n + i)(10) for i in range(3)}
print(adders())

class Config:
    names = {"a", "b"}
    upper = {n.upper() for n in ["x", "y"]}
print(Config.names, Config.upper)

# Nested comprehensions and generators.
print({frozenset({i, j}) for i in range(3) for j in range(3)})
print({sum(row) for row in [[1, 2], [3], [0, 3], []]})
print({x for x in (y * 2 for y in range(6))})
print([{i} for i in range(3)], {i: {i, -i} for i in range(3)})
gen = (s for s in [{1}, {2, 3}])
print(list(gen))

# Growth inside a comprehension, and strings/tuples mixed in.
big = {i * 37 % 1009 for i in range(700)}
print(len(big), list(big)[:10], list(big)[-5:])
print({i if i % 2 else str(i) for i in range(12)})
print({(i, -i) for i in range(-3, 3)})

# Unhashable items and errors inside.
try:
    {[i] for i in range(2)}
except TypeError as e:
    print("TypeError", e)
try:
    {1 / i for i in range(-1, 2)}
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)

def pick(seq):
    out = {v for v in seq if v > 0}
    return sorted(out), out
for _ in range(3):
    print(pick([3, -1, 4, 1, -5, 9, 2, 6]))
