# Float loop: a damped recurrence x = x * 0.999999 + 1.5 (one multiply and one
# add per iteration, no fused multiply-add). N = number of loop iterations.
import sys
import time


def kernel(n):
    x = 0.0
    for _ in range(n):
        x = x * 0.999999 + 1.5
    return x


def main():
    n = 3000000
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    start = time.perf_counter()
    x = kernel(n)
    elapsed = time.perf_counter() - start
    ns = elapsed * 1e9 / n
    print(f"checksum: {x:.6f}")
    print(f"ns_per_iter: {ns:.3f}")


main()
