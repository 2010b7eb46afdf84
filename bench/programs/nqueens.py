# N-queens: the placements of SIZE queens on a SIZE x SIZE board, found
# by backtracking with sets of attacked columns and diagonals: recursion,
# set membership, add and remove.
# N = solves of the SIZE-queens problem; ns_per_iter is per solve.
import sys
import time

SIZE = 8


def place(row, size, cols, up, down):
    if row == size:
        return 1
    found = 0
    for col in range(size):
        if col in cols or row + col in up or row - col in down:
            continue
        cols.add(col)
        up.add(row + col)
        down.add(row - col)
        found += place(row + 1, size, cols, up, down)
        cols.remove(col)
        up.remove(row + col)
        down.remove(row - col)
    return found


def solve(size):
    return place(0, size, set(), set(), set())


def main():
    n = 10
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    start = time.perf_counter()
    total = 0
    for _ in range(n):
        total += solve(SIZE)
    elapsed = time.perf_counter() - start
    print(f"checksum: {total}")
    print(f"ns_per_iter: {elapsed * 1e9 / n:.3f}")


main()
