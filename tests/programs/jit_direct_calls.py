# Calls between compiled functions: results, exceptions raised and
# caught across them, tracebacks, warnings' stack levels, type changes
# in a callee, rebound globals, and the recursion limit.
import sys
import warnings


def leaf(x, y):
    z = x * y
    return z + 1


def total(n):
    t = 0
    for i in range(n):
        t += leaf(i, 2)
    return t


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def boom(n):
    if n == 0:
        raise ValueError("deep")
    return boom(n - 1) + 1


def catches(n):
    try:
        return boom(n)
    except ValueError as e:
        return "caught " + str(e)


def middle(n):
    try:
        return boom(n)
    finally:
        print("middle's finally", n)


def mixed(n):
    # The callee's argument changes type part way: its compiled code
    # hands its frame up, and the caller goes on in the interpreter.
    t = 0
    for i in range(n):
        t = t + leaf(i, 2 if i < 250 else 0.5)
    return t


def warn_here(k):
    warnings.warn("from a callee, level 2", stacklevel=2)
    return k


def warns(n):
    t = 0
    for i in range(n):
        if i == n - 1:
            t += warn_here(i)
        else:
            t += i
    return t


def scale(x):
    return x * 2


def rebinds(n):
    # `scale` is rebound by the loop: the next call is of the new one.
    global scale
    t = 0
    for i in range(n):
        t += scale(i)
        if i == n // 2:
            scale = lambda x: x * 3
    return t


def depth(n):
    if n == 0:
        return 0
    return depth(n - 1) + 1


def with_default(a, b=10):
    return a + b


def defaults(n):
    t = 0
    for i in range(n):
        t += with_default(i)
    return t


def gen(n):
    for i in range(n):
        yield i


def gens(n):
    t = 0
    for i in range(n):
        t += sum(gen(3))
    return t


def absolute(x):
    # Starts with a global load: a guard checked when it is entered.
    return abs(x) + 1


def sums(n):
    t = 0
    for i in range(n):
        t += absolute(i - 50)
    return t


for _ in range(3):
    print(total(400))
for _ in range(3):
    print(sums(300))
abs = lambda x: -x
print(sums(300))
del abs
print(sums(300))
for _ in range(30):
    fib(12)
print(fib(20))
for _ in range(40):
    catches(5)
print(catches(30))
try:
    middle(2)
except ValueError as e:
    print("middle raised", e)
print(mixed(500))
warnings.simplefilter("always")
for _ in range(3):
    warns(400)
print(rebinds(600))
for _ in range(40):
    depth(30)
try:
    depth(5000)
except RecursionError as e:
    print("RecursionError:", e)
sys.setrecursionlimit(3000)
print(depth(2500))
sys.setrecursionlimit(1000)
print(defaults(500))
print(gens(400))
for _ in range(40):
    boom(1) if False else None
boom(3)
