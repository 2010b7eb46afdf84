# Calls and returns between frames of the same code (recursion) switch
# frames without leaving the hot loop; calls to other code do not. The
# caller's locals, its place in the code and its exception handlers must
# all survive either way.


def walk(n, acc):
    if n == 0:
        raise ValueError(f"bottom after {len(acc)}")
    acc.append(n)
    try:
        walk(n - 1, acc)
    except ValueError as e:
        if n % 3 == 0:
            return f"caught at {n}: {e}"
        raise
    return "not reached"


def tri(n):
    local = n * 2
    r = tri(n - 1) if n else 0
    return r + local


def ping(n):
    return pong(n - 1) + 1 if n else 0


def pong(n):
    return ping(n - 1) + 2 if n > 0 else 0


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def fib_mixed(n):
    # The result's type changes with depth: an int, then a float.
    if n < 2:
        return n if n % 2 == 0 else 1.0
    return fib_mixed(n - 1) + fib_mixed(n - 2)


def fails_deep(n):
    if n == 0:
        return 1 // n
    return fails_deep(n - 1)


def main():
    print(walk(10, []))
    try:
        walk(2, [])
    except ValueError as e:
        print("escaped:", e)
    print([tri(k) for k in range(8)])
    print([ping(k) for k in range(8)])
    print([fib(k) for k in range(20)])
    print(fib_mixed(12))
    try:
        fails_deep(5)
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)
    fails_deep(3)


main()
