# Typed C calls in loops the JIT compiles: direct calls with unboxed
# arguments, exceptions from C caught by a try in the same function,
# C results of every declared type, and type flips at the call.
import checks
import fastmath


def sum_divs(n, d):
    total = 0
    for i in range(n):
        try:
            total = total + checks.divide(i, d - i % 3)
        except ZeroDivisionError as e:
            total = total - 1
    return total


def adds(n, start):
    x = start
    i = 0
    while i < n:
        x = checks.add(x, i)
        i += 1
    return x


def ranges(n):
    bad = 0
    for i in range(n):
        try:
            checks.check_range(i * 7)
        except ValueError:
            bad += 1
    return bad


def kinds(n, x):
    acc = 0.0
    pos = 0
    names = 0
    for i in range(n):
        acc = acc + checks.scale(i, x)
        if checks.is_positive(acc - 10.0):
            pos += 1
        if checks.type_name(acc) == "float":
            names += 1
    return acc, pos, names


def lengths(words, n):
    total = 0
    for i in range(n):
        total = total + checks.strlen_typed(words) + checks.count_char(words, "a")
    return total


def roots(n):
    s = 0.0
    for i in range(n):
        s = s + fastmath.sqrt(i * 1.0)
    return s


for _ in range(300):
    sum_divs(6, 2)
    adds(5, 1)
    ranges(20)
    kinds(5, 1.5)
    roots(10)
    lengths("banana", 5)
print(sum_divs(30, 2))
print(lengths("banana", 3), lengths("ünïcode ä", 2), lengths("", 4))
for bad in ("a\0b", 5):
    try:
        print(lengths(bad, 2))
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(adds(10, 1), adds(3, 2**62), adds(3, 1.5) if False else adds(2, 7))
try:
    print(adds(3, 2**63 - 2))
except OverflowError as e:
    print("OverflowError:", e)
print(ranges(40))
print(kinds(20, 0.25))
print(round(roots(100), 6))
try:
    print(roots(3), fastmath.sqrt(-1.0))
except ValueError as e:
    print("ValueError:", e)
print(adds(3, 2.5) if False else "flip")
try:
    adds(3, "x")
except TypeError as e:
    print("TypeError:", e)
