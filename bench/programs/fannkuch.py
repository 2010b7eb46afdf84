# Fannkuch: every permutation of SIZE items, each flipped (its first k
# items reversed, k its first item) until 1 comes first; the most flips
# and a signed sum of the counts. List indexing, slicing and swaps.
# N = runs over all SIZE! permutations; ns_per_iter is per run.
import sys
import time

SIZE = 7


def flips(perm):
    p = perm[:]
    count = 0
    first = p[0]
    while first != 0:
        i = 0
        j = first
        while i < j:
            p[i], p[j] = p[j], p[i]
            i += 1
            j -= 1
        count += 1
        first = p[0]
    return count


def fannkuch(size):
    perm = list(range(size))
    counts = [0] * size
    most = 0
    checksum = 0
    sign = 1
    k = 0
    while True:
        f = flips(perm)
        if f > most:
            most = f
        checksum += sign * f
        sign = -sign
        # The next permutation, in the counting order of the rotations.
        k = 1
        while k < size:
            first = perm[0]
            for i in range(k):
                perm[i] = perm[i + 1]
            perm[k] = first
            counts[k] += 1
            if counts[k] <= k:
                break
            counts[k] = 0
            k += 1
        if k == size:
            return most, checksum


def main():
    n = 20
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    start = time.perf_counter()
    result = (0, 0)
    for _ in range(n):
        result = fannkuch(SIZE)
    elapsed = time.perf_counter() - start
    print(f"checksum: {result[0]}:{result[1]}")
    print(f"ns_per_iter: {elapsed * 1e9 / n:.3f}")


main()
