# dict comprehensions
squares = {x: x * x for x in range(6)}
print(squares)
print({k: v for k, v in squares.items() if v % 2 == 0})
print({v: k for k, v in {"a": 1, "b": 2}.items()})
words = ["apple", "bob", "kayak", "zebra", "noon"]
print({w: w == w[::-1] for w in words})
print({w[0]: len(w) for w in words})
print({(i, j): i * j for i in range(3) for j in range(3) if i <= j})
print({x: [y for y in range(x)] for x in range(4)})
print({k: {kk: 0 for kk in range(k)} for k in range(3)})
print({str(n): n for n in [3, 1, 2]}, {})
x = "outer"
r = {x: 1 for x in "ab"}
print(r, x)
