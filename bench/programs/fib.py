# Recursive Fibonacci: call overhead and small-int arithmetic.
# N = number of fib(27) evaluations; ns_per_iter is per fib(27) evaluation.
import sys
import time


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def main():
    n = 3
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    start = time.perf_counter()
    result = 0
    for _ in range(n):
        result = fib(27)
    elapsed = time.perf_counter() - start
    ns = elapsed * 1e9 / n
    print(f"checksum: {result}")
    print(f"ns_per_iter: {ns:.3f}")


main()
