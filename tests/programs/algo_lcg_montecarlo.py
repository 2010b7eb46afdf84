# fixed-seed linear congruential generator driving a Monte-Carlo estimate
state = 12345
def rand():
    global state
    state = (state * 6364136223846793005 + 1442695040888963407) % 2 ** 64
    return state >> 11
def uniform():
    return rand() / 2 ** 53
inside = 0
N = 20000
for _ in range(N):
    x = uniform()
    y = uniform()
    if x * x + y * y <= 1.0:
        inside += 1
print(inside, 4 * inside / N, f"{4 * inside / N:.4f}")
print(state)
buckets = [0] * 10
for _ in range(5000):
    buckets[rand() % 10] += 1
print(buckets, sum(buckets))
walk = 0
lo = hi = 0
for _ in range(3000):
    walk += 1 if rand() & 1 else -1
    lo = min(lo, walk)
    hi = max(hi, walk)
print(walk, lo, hi)
def shuffle(lst):
    for i in range(len(lst) - 1, 0, -1):
        j = rand() % (i + 1)
        lst[i], lst[j] = lst[j], lst[i]
deck = list(range(20))
shuffle(deck)
print(deck)
mean = sum([uniform() for _ in range(1000)]) / 1000
print(round(mean, 6))
