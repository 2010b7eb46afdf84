# Globals and builtins used by compiled loops are checked at every use:
# rebinding one (or shadowing a builtin) after compilation takes effect at
# once, and new globals do not disturb the others.
def double(x):
    return x * 2


def triple(x):
    return x * 3


def apply(n):
    total = 0
    for i in range(n):
        total = total + double(i)
    return total


def swap_midway(n):
    global double
    total = 0
    for i in range(n):
        if i == n // 2:
            double = triple
        total = total + double(i)
    return total


def count(n):
    c = 0
    for i in range(n):
        c = c + 1
    return c


for _ in range(300):
    apply(5)
    count(5)
print(apply(10))
new_global = 1
another = 2
print(apply(10), count(7))
print(swap_midway(10))
print(apply(4))


def range(n):
    return [7, 8]


print(count(100))
del range
print(count(3))
