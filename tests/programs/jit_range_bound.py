# A range loop whose index is multiplied by a constant is compiled with a
# bound on the range's stop (here (2**63 - 1) // 3), so that the product
# needs no overflow check; a longer range leaves before its first
# iteration and the interpreter runs the loop. The results, and the big
# ints, are CPython's.
import sys

LIMIT = sys.maxsize // 3


def scaled(n, stop_at):
    t = 0
    for i in range(n):
        if i >= stop_at:
            break
        t += i * 3
    return t


def from_start(start, n):
    # A start that may be negative or huge: no bound is assumed.
    t = 0
    for i in range(start, n):
        t += i * 3
    return t


def two_ranges(n, m):
    # Only the first loop multiplies its index.
    t = 0
    for i in range(n):
        t += i * 5
    for j in range(m):
        t += j + 1
    return t


def sum_of_indexes(n):
    # i + j of two bounded indexes.
    t = 0
    for i in range(n):
        for j in range(n):
            t += (i + j) * 7
    return t


for _ in range(300):
    scaled(10, 5)
    two_ranges(5, 5)
    from_start(-3, 3)
    sum_of_indexes(4)

print(scaled(10, 100))
print(scaled(LIMIT, 10))  # at the bound: compiled code runs it
print(scaled(LIMIT + 1, 10))  # past it: the interpreter does
print(scaled(sys.maxsize, 10))
print(from_start(2**62, 2**62 + 3))  # products past 2**63
print(from_start(-(2**62), -(2**62) + 3))
print(two_ranges(1000, 10))
print(sum_of_indexes(30))
# The guard failing on every call: the code is given up, results stay right.
print(sum(scaled(sys.maxsize, k) for k in range(300)))
print(scaled(7, 1000))
