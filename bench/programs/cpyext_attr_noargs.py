# cpyext shape: a METH_NOARGS module function spelled `bench_ext.noargs()` in the
# loop (module attribute, no local alias).
# N = number of loop iterations; ns_per_iter is per call.
import sys
import time
import bench_ext


def kernel(n):
    nones = 0
    for i in range(n):
        if bench_ext.noargs() is None:
            nones += 1
    return nones


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
