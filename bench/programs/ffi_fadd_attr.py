# ffi_fadd as real code spells it: x = bench_ext.fadd(x, 1.5), the module
# attribute looked up in the loop on every call (fadd: typed METH_FASTCALL,
# (double, double) -> double).
# N = number of loop iterations; ns_per_iter is per call.
import sys
import time
import bench_ext


def kernel(n):
    x = 0.0
    i = 0
    while i < n:
        x = bench_ext.fadd(x, 1.5)
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
