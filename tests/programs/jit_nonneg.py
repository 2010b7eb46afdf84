# Loops whose ints the JIT knows are never negative (a range index, sums
# and products of such, `% 7`, `// 3`) get shorter overflow checks and no
# sign adjustment; the results, and the big ints they overflow into, are
# CPython's.
C = 3074457345618258601  # (2**63 - 1) // 3 - 1


def mods(n):
    t = 0
    for i in range(n):
        t += i * 3 % 7 + i // 3 + i % 5 * 2
    return t


def near_max(n):
    # (i + C) * 3 fits for i <= 1 and overflows from i == 2 on.
    t = 0
    for i in range(n):
        t += (i + C) * 3
    return t


def acc_from(start, n):
    # Starts non-negative, then the sum passes 2**63 - 1.
    t = start
    for i in range(n):
        t = t + i * 1000
    return t


def down_from(start, n):
    # `t - x` overflowing below -2**63: the exit rebuilds `t`.
    t = start
    for i in range(n):
        t = t - i * 1000
    return t


def mixed(n, k):
    # k may be negative: only the range index is known non-negative.
    t = 0
    for i in range(n):
        t += (i + k) % 7 + (i - k) // 3 + (i * k) % 5
    return t


for _ in range(500):
    mods(20)
    near_max(2)
    acc_from(0, 3)
    down_from(0, 3)
    mixed(10, -3)
print(mods(1000), mods(0), mods(1))
print(near_max(1), near_max(2), near_max(3), near_max(10))
print(acc_from(2**63 - 5000, 5), acc_from(2**63 - 1, 2))
print(down_from(-(2**63) + 5000, 5), down_from(-(2**63), 2))
print(mixed(50, -3), mixed(50, 3), mixed(20, -(2**62)), mixed(20, 2**62))
print(mixed(5, 2**63 - 3), mixed(5, -(2**63) + 2))
