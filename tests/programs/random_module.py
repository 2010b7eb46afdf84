import random
random.seed(42)
print(random.random(), random.random(), random.getrandbits(5), random.getrandbits(70), random.randint(1, 100), random.randrange(10), random.randrange(5, 50, 7))
print(random.choice('abcdef'), random.uniform(1, 3), random.gauss(0, 1), random.gauss(0, 1), random.normalvariate(2, 3), random.expovariate(1.5))
l = list(range(10)); random.shuffle(l); print(l)
print(random.sample(range(100), 5), random.sample('abcdefgh', 3), random.sample(range(1000), 20))
print(random.choices('abc', k=5), random.choices(range(5), weights=[1, 2, 3, 4, 5], k=4), random.triangular(0, 10, 3))
random.seed(-7); print(random.random())
random.seed(2**100 + 12345); print(random.random())
random.seed(0); print(random.random())
random.seed(1.5); print(random.random())
random.seed('hello'); print(random.random())
for f in [lambda: random.randrange(0), lambda: random.randrange(5, 5), lambda: random.randrange(1, 10, 0), lambda: random.choice([]), lambda: random.randint(3, 1), lambda: random.sample([1, 2], 3), lambda: random.getrandbits(-1), lambda: random.sample({1: 2}, 1)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
r = random.Random(5)
print(r.random(), r.randint(1, 6))
print(random.randrange(10, 0, -3), random.randbytes(4) if hasattr(random, 'randbytes') else '')
random.seed(12345)
xs = [random.random() for _ in range(2000)]
print(xs[0], xs[623], xs[624], xs[1999], sum(xs))
print([random.randrange(-10**20, 10**20, 7) for _ in range(3)])
print([random.randint(-5, 5) for _ in range(20)])
deck = list(range(52))
random.shuffle(deck)
print(deck)
print(random.sample(range(10**6), 10), random.sample(tuple('abcdefghijklmnopqrstuvwxyz'), 26))
print(random.choices(['x', 'y', 'z'], cum_weights=[1, 1.5, 10], k=6))
print(random.choices(range(3), [0, 0, 1], k=3), random.getrandbits(0), random.getrandbits(32), random.getrandbits(64), random.getrandbits(65))
r1 = random.Random(99)
r2 = random.Random(99)
print([r1.random() for _ in range(3)] == [r2.random() for _ in range(3)], r1.choice([1, 2, 3]), r2.choice(seq=[1, 2, 3]))
r1.seed(7)
print(r1.randrange(start=3, stop=30, step=3), r1.uniform(a=1, b=2), r1.triangular(high=5), r1.triangular(1, 3, 2.5))
print(r1.lognormvariate(0, 0.5), r1.paretovariate(3), r1.weibullvariate(1, 2), r1.expovariate(lambd=2))
print(isinstance(r1, random.Random), type(r1).__name__)
random.seed(b'bytes seed'); print(random.random())
try:
    random.seed((1, 2))
except TypeError as e:
    print(e)
random.seed(True); print(random.random())
for f in [lambda: random.randint(1), lambda: random.random(1), lambda: random.choice(), lambda: random.uniform(1), lambda: random.Random(1, 2), lambda: random.choices([1], [1, 2]), lambda: random.choices([1, 2], [0, 0]), lambda: random.randrange(1, 2, 3, 4), lambda: random.shuffle(5), lambda: random.getrandbits(1.5)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
random.seed(); print(0 <= random.random() < 1)
print(random.randrange(10**30) < 10**30, random.Random(3).getrandbits(100))
