# Unpacking: tuples of two to four items unpacked into names, and swaps,
# the shapes loops over records and coordinates use.
# N = loop iterations; ns_per_iter is per iteration (five unpackings).
import sys
import time


def run(n):
    points = [(i, i + 1, i + 2) for i in range(64)]
    quads = [(i, -i, i * 2, 7) for i in range(64)]
    acc = 0
    a, b = 1, 2
    for i in range(n):
        x, y, z = points[i & 63]
        p, q, r, s = quads[i & 63]
        a, b = b, a
        first, *rest = (x, y, z)
        u, v = divmod(i, 7)
        acc += x + y * z - p + q * r + s + a + first + len(rest) + u - v
    return acc


def main():
    n = 1000000
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    start = time.perf_counter()
    acc = run(n)
    elapsed = time.perf_counter() - start
    print(f"checksum: {acc}")
    print(f"ns_per_iter: {elapsed * 1e9 / n:.3f}")


main()
