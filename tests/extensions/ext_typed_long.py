# A typed `long -> long` C function that may raise (checks.halve), called
# as hot code calls it: through a local, with a local or constant int.
# Its results, its exceptions, a -1 that is a plain result, a warning it
# issues, and arguments that do not fit (a big int, a bool, a float) are
# CPython's.
import checks


def run(values):
    halve = checks.halve
    out = []
    for v in values:
        try:
            out.append(halve(v))
        except (ValueError, OverflowError, TypeError) as e:
            out.append(f"{type(e).__name__}: {e}")
    return out


print(run([4, -2, 7, 0, -9, 10**6, 10**20, True, 2.0]))


def loop(n):
    halve = checks.halve
    total = 0
    i = 0
    while i < n:
        x = i * 2
        total += halve(x)
        total += halve(-2)
        i += 1
    return total


print(loop(3000))


def warns():
    halve = checks.halve
    x = 1000
    return halve(x)


print(warns())


def odd_seen(limit):
    halve = checks.halve
    seen = 0
    for x in range(limit):
        try:
            halve(x)
        except ValueError:
            seen += 1
    return seen


print(odd_seen(2001))


def fails():
    halve = checks.halve
    for x in range(10):
        print(halve(x))


fails()
