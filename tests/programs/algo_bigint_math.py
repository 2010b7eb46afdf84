# big-int gcd, factorial, fibonacci, modular exponentiation
def gcd(a, b):
    while b:
        a, b = b, a % b
    return a
def fact(n):
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r
def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
f100 = fact(100)
print(f100)
print(len(str(fact(500))), str(fact(500))[:20], sum([int(d) for d in str(fact(200))]))
print(fib(100), fib(300))
print(gcd(fib(300), fib(200)) == fib(100), gcd(fact(50), 2 ** 100), gcd(3 ** 100, 6 ** 60))
print(fact(30) // fact(28), fact(40) % (10 ** 9 + 7), f100 // 10 ** 150)
trailing = 0
t = f100
while t % 10 == 0:
    t //= 10
    trailing += 1
print(trailing)
def modpow(b, e, m):
    r = 1
    b %= m
    while e > 0:
        if e & 1:
            r = r * b % m
        b = b * b % m
        e >>= 1
    return r
M = 2 ** 127 - 1
print(modpow(3, M - 1, M), pow(3, M - 1, M), modpow(7, 10 ** 30, 10 ** 20 + 39))
def isqrt(n):
    if n < 2:
        return n
    x = n
    y = (x + 1) // 2
    while y < x:
        x = y
        y = (x + n // x) // 2
    return x
print(isqrt(10 ** 60), isqrt(2 * 10 ** 40), isqrt(fact(30)))
def binom(n, k):
    return fact(n) // (fact(k) * fact(n - k))
print(binom(100, 50), binom(60, 30) % 1000000007)
num = 1
den = 1
for i in range(1, 30):
    num = num * (2 * i - 1)
    den = den * (2 * i)
g = gcd(num, den)
print(num // g, den // g, num / den)
