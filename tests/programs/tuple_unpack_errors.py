# tuple unpacking and its errors
a, b = 1, 2
print(a, b)
a, b = b, a
print(a, b)
(c, d), e = (3, 4), 5
print(c, d, e)
[f, g] = "xy"
print(f, g)
h, (i, (j, k)) = 1, [2, (3, 4)]
print(h, i, j, k)
for x, y in [(1, 2), (3, 4)]:
    print(x + y)
for idx, (p, q) in enumerate([("a", "b"), ("c", "d")]):
    print(idx, p, q)
m, n = {"k1": 1, "k2": 2}
print(m, n)
r1, r2, r3 = range(3)
print(r1, r2, r3)
def pair():
    return 10, 20
u, v = pair()
print(u, v)
try:
    a, b = 1, 2, 3
except ValueError as e:
    print("ValueError:", e)
try:
    a, b, c = 1, 2
except ValueError as e:
    print("ValueError:", e)
try:
    a, b = [1]
except ValueError as e:
    print("ValueError:", e)
try:
    a, b = "abc"
except ValueError as e:
    print("ValueError:", e)
try:
    a, b = 5
except TypeError as e:
    print("TypeError:", e)
try:
    a, b = None
except TypeError as e:
    print("TypeError:", e)
try:
    (a, b), c = (1, 2, 3), 4
except ValueError as e:
    print("ValueError:", e)
t = (1, 2, 3)
try:
    t[0] = 5
except TypeError as e:
    print("TypeError:", e)
try:
    print(t[3])
except IndexError as e:
    print("IndexError:", e)
try:
    del t[0]
except TypeError as e:
    print("TypeError:", e)
try:
    print(t + [4])
except TypeError as e:
    print("TypeError:", e)
try:
    t.append(4)
except AttributeError as e:
    print("AttributeError:", e)
print(t)
