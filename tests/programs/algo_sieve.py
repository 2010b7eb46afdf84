# sieve of Eratosthenes
def sieve(n):
    is_prime = [True] * (n + 1)
    is_prime[0] = False
    is_prime[1] = False
    i = 2
    while i * i <= n:
        if is_prime[i]:
            for j in range(i * i, n + 1, i):
                is_prime[j] = False
        i += 1
    return [k for k in range(n + 1) if is_prime[k]]
primes = sieve(20000)
print(len(primes), primes[:20], primes[-5:])
print(sum(primes))
twins = [(p, p + 2) for p in primes[:200] if p + 2 in primes[:201]]
print(len(twins), twins[:8])
gaps = {}
for a, b in zip(primes, primes[1:]):
    g = b - a
    gaps[g] = gaps.get(g, 0) + 1
print(sorted(gaps.items())[:8])
def factorize(n):
    out = []
    for p in primes:
        if p * p > n:
            break
        while n % p == 0:
            out.append(p)
            n //= p
    if n > 1:
        out.append(n)
    return out
for n in [360, 97, 1001, 2 ** 31 - 1, 600851475143, 123456789]:
    print(n, factorize(n))
