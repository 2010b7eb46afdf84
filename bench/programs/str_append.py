# String building with +=: a local string grown piece by piece, as report
# and serializer code does.
# N = pieces appended; ns_per_iter is per piece.
import sys
import time


def build(n):
    s = ""
    for i in range(n):
        s += "ab" if i % 3 else "c"
        if i % 1000 == 999:
            s += "\n"
    return s


def main():
    n = 1000000
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    start = time.perf_counter()
    s = build(n)
    elapsed = time.perf_counter() - start
    print(f"checksum: {len(s)}:{s.count(chr(10))}:{s[-5:]!r}")
    print(f"ns_per_iter: {elapsed * 1e9 / n:.3f}")


main()
