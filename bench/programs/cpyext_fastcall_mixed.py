# cpyext shape: a METH_FASTCALL module function taking an object and an int,
# spelled `bench_ext.fast_mixed(None, acc)` in the loop.
# N = number of loop iterations; ns_per_iter is per call.
import sys
import time
import bench_ext


def kernel(n):
    acc = 0
    for i in range(n):
        acc = bench_ext.fast_mixed(None, acc)
    return acc


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
