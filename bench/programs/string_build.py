# String building: N small pieces appended to a list, then "".join.
# N = number of pieces; ns_per_iter is per piece (build + join).
import sys
import time


def build(n):
    parts = []
    for i in range(n):
        parts.append(str(i))
    return "".join(parts)


def main():
    n = 1000000
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    start = time.perf_counter()
    s = build(n)
    elapsed = time.perf_counter() - start
    ns = elapsed * 1e9 / n
    size = len(s)
    print(f"checksum: {size}:{s[0]}{s[size // 2]}{s[size - 1]}:{s[size - 6:]}")
    print(f"ns_per_iter: {ns:.3f}")


main()
