# faddbench: x = fadd(x, 1.5); fadd is a typed METH_FASTCALL function
# (double, double) -> double.
# N = number of loop iterations; ns_per_iter is per call.
import sys
import time
import bench_ext


def kernel(n):
    fadd = bench_ext.fadd
    x = 0.0
    i = 0
    while i < n:
        x = fadd(x, 1.5)
        i += 1
    return f"{x:.6f}"


def main():
    n = 10000000
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    start = time.perf_counter()
    result = kernel(n)
    elapsed = time.perf_counter() - start
    ns = elapsed * 1e9 / n
    print(f"checksum: {result}")
    print(f"ns_per_iter: {ns:.3f}")


main()
