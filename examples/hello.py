# A tour of the supported subset; `typhon examples/hello.py` and
# `python3 examples/hello.py` print the same thing.
import sys


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def primes(limit):
    sieve = [True] * (limit + 1)
    found = []
    for i in range(2, limit + 1):
        if sieve[i]:
            found.append(i)
            for j in range(i * i, limit + 1, i):
                sieve[j] = False
    return found


def make_counter():
    count = 0

    def bump(step=1):
        nonlocal count
        count += step
        return count

    return bump


print(f"fib(20) = {fib(20)}")
print("primes below 50:", primes(50))
print(f"2**100 = {2 ** 100:,}")
print(f"pi ~ {355 / 113:.6f}, 1/3 = {1 / 3!r}")
words = "the quick brown fox jumps over the lazy dog the end".split()
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1
top = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
print("most common:", top)
counter = make_counter()
counter()
print("counter:", counter(10))
try:
    print([1, 2, 3][10])
except IndexError as e:
    print("caught:", e)
print("argv:", sys.argv[1:])
