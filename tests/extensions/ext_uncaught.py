# An exception raised in C that nobody catches: CPython's traceback shows
# only the Python frames, then the C exception.
import checks


def helper(n):
    return checks.divide(n, 0)


print("before")
helper(3)
print("not reached")
