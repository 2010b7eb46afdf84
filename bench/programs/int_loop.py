# Integer loop: range iteration, int multiply, modulo and accumulate.
# N = number of loop iterations.
import sys
import time


def kernel(n):
    total = 0
    for i in range(n):
        total += i * 3 % 7
    return total


def main():
    n = 3000000
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    start = time.perf_counter()
    total = kernel(n)
    elapsed = time.perf_counter() - start
    ns = elapsed * 1e9 / n
    print(f"checksum: {total}")
    print(f"ns_per_iter: {ns:.3f}")


main()
