# Sieve of Eratosthenes over a list of ints: list indexing and stores.
# N = sieve limit; ns_per_iter is per candidate number (elapsed / N).
import sys
import time


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


def main():
    n = 2000000
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    start = time.perf_counter()
    count = sieve(n)
    elapsed = time.perf_counter() - start
    ns = elapsed * 1e9 / n
    print(f"checksum: {count}")
    print(f"ns_per_iter: {ns:.3f}")


main()
