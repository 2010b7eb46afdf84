# A traceback shows CPython's 1000 innermost entries (PyTraceBack_LIMIT),
# however deep the recursion that raised went.
import sys

sys.setrecursionlimit(3000)


def down(n):
    if n == 0:
        raise ValueError("bottom")
    return down(n - 1)


try:
    down(2500)
except ValueError as e:
    print("caught", e)

down(2000)
