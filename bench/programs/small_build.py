# Building small tuples and lists: pairs returned from a function, short
# lists and tuple keys, which real code makes by the million.
# N = loop iterations; ns_per_iter is per iteration.
import sys
import time


def pair(i):
    return i, i * 2


def run(n):
    total = 0
    seen = {}
    for i in range(n):
        t = pair(i)
        row = [i, t[1], 3]
        key = (i & 255, 1)
        seen[key] = row
        triple = (t[0], row[2], key[0])
        total += t[0] + row[1] + triple[2] + len(row)
    return total + len(seen)


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
