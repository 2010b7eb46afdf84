# objbench (the typed-methods paper): i = obj(o, i); obj is a typed
# METH_FASTCALL function (object, long) -> long.
# N = number of loop iterations; ns_per_iter is per call.
import sys
import time
import bench_ext


def kernel(n):
    obj = bench_ext.obj
    o = [1]
    i = 0
    while i < n:
        i = obj(o, i)
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
