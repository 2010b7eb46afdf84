# i = inc(i) in a while loop; inc is a Rust closure `|a: i64| a + 1`
# registered by an embedding program (examples/embed.rs) as a typed method.
# N = number of loop iterations; ns_per_iter is per call.
import sys
import time
import rustfn


def kernel(n):
    inc = rustfn.inc
    i = 0
    while i < n:
        i = inc(i)
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
