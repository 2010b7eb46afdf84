# ffi_inc as real code spells it: i = bench_ext.inc(i), the module attribute
# looked up in the loop on every call (inc: typed METH_O, long -> long).
# N = number of loop iterations; ns_per_iter is per call.
import sys
import time
import bench_ext


def kernel(n):
    i = 0
    while i < n:
        i = bench_ext.inc(i)
    return i


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
