# A generator pipeline: numbers flow through generator stages (a source,
# a map, a filter, a windowed sum) into sum(). Generator resumption, yield
# and `yield from` dominate. N = numbers produced by the source; ns_per_iter
# is per number (elapsed / N).
import sys
import time


def source(n):
    i = 0
    while i < n:
        yield i
        i += 1


def scaled(it, k):
    for x in it:
        yield x * k % 1000


def odd(it):
    for x in it:
        if x & 1:
            yield x


def pairs(it):
    prev = 0
    for x in it:
        yield prev + x
        prev = x


def relay(it):
    yield from it


def pipeline(n):
    return sum(relay(pairs(odd(scaled(source(n), 7)))))


def main():
    n = 1000000
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    start = time.perf_counter()
    total = pipeline(n)
    elapsed = time.perf_counter() - start
    ns = elapsed * 1e9 / n
    print(f"checksum: {total}")
    print(f"ns_per_iter: {ns:.3f}")


main()
