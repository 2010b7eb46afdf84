# idbench_exc (the typed-methods paper): id_exc(o) in a for loop; the same as
# id but declared as able to raise, so the runtime checks for NULL.
# N = number of loop iterations; ns_per_iter is per call.
import sys
import time
import bench_ext


def kernel(n):
    f = bench_ext.id_exc
    o = [1]
    same = 0
    for _ in range(n):
        if f(o) is o:
            same += 1
    return same


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
