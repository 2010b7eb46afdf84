# Dict churn: a sliding window of keys (the newest added, the oldest
# deleted), counters bumped and keys deleted oldest-first.
# N = loop iterations; ns_per_iter is per iteration.
import sys
import time


def run(n):
    window = {}
    counts = {}
    total = 0
    for i in range(n):
        window[i] = i
        if i >= 64:
            total += window.pop(i - 64)
        k = i % 1000
        counts[k] = counts.get(k, 0) + 1
    for k in range(1000):
        del counts[k]
    return total + len(window) + len(counts)


def main():
    n = 1000000
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    start = time.perf_counter()
    total = run(n)
    elapsed = time.perf_counter() - start
    print(f"checksum: {total}")
    print(f"ns_per_iter: {elapsed * 1e9 / n:.3f}")


main()
