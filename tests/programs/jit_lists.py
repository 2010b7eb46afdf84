# Lists in compiled loops: indexing and stores through the JIT's list
# helpers (negative indexes, out of range, other containers), iteration,
# and truth tests of what a subscript returns.
def sieve(limit):
    flags = [1] * (limit + 1)
    flags[0] = 0
    flags[1] = 0
    i = 2
    while i * i <= limit:
        if flags[i]:
            j = i * i
            while j <= limit:
                flags[j] = 0
                j += i
        i += 1
    count = 0
    for f in flags:
        count += f
    return count


def back(xs, n):
    total = 0
    for i in range(n):
        total = total + xs[-1 - i]
        xs[-1 - i] = i * 2.5
    return total


def pick(xs, idx):
    out = 0
    for i in idx:
        out = out + xs[i]
    return out


for _ in range(200):
    sieve(50)
    back([1, 2, 3, 4], 3)
    pick([1, 2, 3], [0, 1, 2])
print(sieve(1000))
xs = [10, 20, 30, 40]
print(back(xs, 4), xs)
print(pick([5, 6, 7], [2, -1, 0]))
print(pick((5, 6, 7), [1]))
print(pick({1: 9, 2: 8}, [1, 2]))
print(pick([1.5, True, 2], [0, 1, 2]))
try:
    print(back([1, 2], 3))
except IndexError as e:
    print("IndexError:", e)
try:
    print(pick([1, 2], [0, 5]))
except IndexError as e:
    print("IndexError:", e)
try:
    print(pick([1, "a"], [0, 1]))
except TypeError as e:
    print("TypeError:", e)
