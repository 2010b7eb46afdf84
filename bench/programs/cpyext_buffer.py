# cpyext shape: a METH_O module function reading a bytes argument through the
# buffer protocol, spelled `bench_ext.buflen(data)` in the loop.
# N = number of loop iterations; ns_per_iter is per call.
import sys
import time
import bench_ext


def kernel(n):
    data = b"0123456789"
    acc = 0
    for i in range(n):
        acc += bench_ext.buflen(data)
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
