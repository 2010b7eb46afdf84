# cpyext shape: a METH_FASTCALL module function taking two floats, spelled
# `bench_ext.fast_fadd(x, 1.5)` in the loop (module attribute, no alias).
# N = number of loop iterations; ns_per_iter is per call.
import sys
import time
import bench_ext


def kernel(n):
    total = 0.0
    for i in range(n):
        total = bench_ext.fast_fadd(total, 1.5)
    return total


def main():
    n = 10000000
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    start = time.perf_counter()
    result = kernel(n)
    elapsed = time.perf_counter() - start
    ns = elapsed * 1e9 / n
    print(f"checksum: {result:.6f}")
    print(f"ns_per_iter: {ns:.3f}")


main()
