# Exceptions raised in a compiled loop are delivered at their instruction:
# a try in the same function catches them, and tracebacks name the line.
def safe_div(a, n):
    out = 0.0
    for i in range(n):
        try:
            out = out + a / (i - 3)
        except ZeroDivisionError:
            out = out - 1.0
    return out


def mod_all(n, m):
    total = 0
    for i in range(n):
        total = total + i % m
    return total


for _ in range(400):
    safe_div(1.0, 6)
    mod_all(10, 3)
print(safe_div(1.0, 6))
print(safe_div(2.5, 10))
print(mod_all(10, 3))
try:
    mod_all(10, 0)
except ZeroDivisionError as e:
    print("caught:", e)


def fact(n):
    r = 1
    while n > 1:
        r = r * n
        n = n - 1
    return r


def rec(n):
    if n == 0:
        return 0
    total = 0
    for i in range(n):
        total = total + i
    return total + rec(n - 1)


for _ in range(400):
    fact(10)
    rec(5)
print(fact(20), fact(21), fact(30))
print(rec(30))
print(mod_all(5, 0.0))
