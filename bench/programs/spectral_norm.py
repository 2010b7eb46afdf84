# Spectral norm of the infinite matrix A(i, j) = 1 / ((i + j)(i + j + 1) / 2
# + i + 1), cut to SIZE x SIZE, by the power method on A^T A: float
# division and multiplication in nested loops over lists.
# N = power-method steps (each multiplies by A and by A^T twice);
# ns_per_iter is per step.
import sys
import time

SIZE = 100


def entry(i, j):
    s = i + j
    return 1.0 / (s * (s + 1) // 2 + i + 1)


def times(v, out):
    n = len(v)
    for i in range(n):
        total = 0.0
        for j in range(n):
            total += entry(i, j) * v[j]
        out[i] = total


def times_transposed(v, out):
    n = len(v)
    for i in range(n):
        total = 0.0
        for j in range(n):
            total += entry(j, i) * v[j]
        out[i] = total


def step(v, tmp, out):
    times(v, tmp)
    times_transposed(tmp, out)


def norm(n):
    u = [1.0] * SIZE
    v = [0.0] * SIZE
    tmp = [0.0] * SIZE
    for _ in range(n):
        step(u, tmp, v)
        step(v, tmp, u)
    vbv = 0.0
    vv = 0.0
    for i in range(SIZE):
        vbv += u[i] * v[i]
        vv += v[i] * v[i]
    return (vbv / vv) ** 0.5


def main():
    n = 20
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    start = time.perf_counter()
    result = norm(n)
    elapsed = time.perf_counter() - start
    print(f"checksum: {result:.9f}")
    print(f"ns_per_iter: {elapsed * 1e9 / n:.3f}")


main()
