# File reading and word counting: a text file written to a temporary
# directory, read back line by line, split into words, counted in a dict,
# and the most common words sorted out.
# N = lines in the file; ns_per_iter is per line read and counted.
import os
import sys
import time

WORDS = ("the quick brown fox jumps over lazy dog and then some more words "
         "appear in this text to make counting worth doing at all").split()


def write_file(path, n):
    with open(path, "w") as f:
        for i in range(n):
            k = len(WORDS)
            f.write(" ".join(WORDS[(i * j + j) % k] for j in range(9)))
            f.write("\n")


def count(path):
    counts = {}
    with open(path) as f:
        for line in f:
            for w in line.split():
                counts[w] = counts.get(w, 0) + 1
    top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    return top, sum(counts.values())


def main():
    n = 200000
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    base = os.environ.get("TMPDIR", "/tmp")
    path = os.path.join(base, "typhon-bench-wordcount-%d.txt" % os.getpid())
    try:
        write_file(path, n)
        start = time.perf_counter()
        top, total = count(path)
        elapsed = time.perf_counter() - start
    finally:
        if os.path.exists(path):
            os.remove(path)
    print(f"checksum: {total}:{top}")
    print(f"ns_per_iter: {elapsed * 1e9 / n:.3f}")


main()
