# abs(), min() and max() of two ints or two floats are computed in
# compiled code; Python's rules hold: abs of the smallest i64 becomes a
# big int, min/max keep the first operand on ties and NaNs, -0.0 and 0.0
# keep their signs, and min/max return the operand object itself.

MIN = -(2**63)


def ints(xs, k):
    t = 0
    for x in xs:
        t += abs(x - k) + min(x, k) - max(x, k)
    return t


def floats(xs, k):
    out = [0.0] * (5 * len(xs))
    j = 0
    for x in xs:
        out[j] = abs(x)
        out[j + 1] = min(x, k)
        out[j + 2] = max(x, k)
        out[j + 3] = min(k, x)
        out[j + 4] = max(k, x)
        j += 5
    return rows(out)


def rows(out):
    return [tuple(out[i : i + 5]) for i in range(0, len(out), 5)]


def smallest(xs):
    t = 0
    for x in xs:
        t += abs(x)
    return t


def same_object(xs, k):
    n = 0
    for x in xs:
        if min(x, k) is x:
            n += 1
        if max(k, x) is k:
            n += 10
    return n


def mixed(xs, k):
    # int and float: not one type, so the builtins decide.
    out = [0] * (2 * len(xs))
    j = 0
    for x in xs:
        out[j] = min(x, k)
        out[j + 1] = max(x, k)
        j += 2
    return out


nan = float("nan")
inf = float("inf")
fs = [1.5, -2.25, 0.0, -0.0, nan, inf, -inf]
for _ in range(500):
    ints([1, -5, 7], 2)
    floats([0.5, -1.5], 0.25)
    smallest([3, -4])
    same_object([1.0, 2.0, nan], 1.5)
    mixed([1, 2], 1.5)

print(ints(list(range(-10, 10)), 3))
for row in floats(fs, 0.0):
    print(row)
for row in floats(fs, nan):
    print(row)
print(floats([-0.0], -0.0), floats([0.0], -0.0))
print(smallest([MIN + 1, 5]))
print(smallest([1, MIN, 2]))
print(same_object([1.0, 2.0, nan, 1.5], 1.5))
print(mixed([1, 2, 3], 2.0))
print(min(0.0, -0.0), min(-0.0, 0.0), max(0.0, -0.0), max(-0.0, 0.0))
