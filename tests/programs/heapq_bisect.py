# heapq and bisect: the heap's order after every operation, the
# comparisons made, nlargest/nsmallest/merge, bisection with lo, hi and
# key, and the errors.
import heapq
import bisect
import random


def t(f, *a, **k):
    try:
        print(repr(f(*a, **k)))
    except Exception as e:
        print(type(e).__name__ + ':', e)


# ----- the heap after every operation, as CPython orders it
rng = random.Random(12345)
h = []
for i in range(40):
    heapq.heappush(h, rng.randrange(100))
print(h)
data = [rng.randrange(1000) for _ in range(60)]
heapq.heapify(data)
print(data)
print([heapq.heappop(data) for _ in range(10)], data[:10])
print(heapq.heapreplace(data, 500), data[:8])
print(heapq.heappushpop(data, 1), heapq.heappushpop(data, 999), data[:8])
print(heapq.heappushpop([], 5), heapq.heappop([7]))
big = [rng.random() for _ in range(3000)]
copy = big[:]
heapq.heapify(big)
print(all(big[i] <= big[c] for i in range(len(big)) for c in (2 * i + 1, 2 * i + 2) if c < len(big)))
out = [heapq.heappop(big) for _ in range(len(big))]
print(out == sorted(copy), big)
strs = ['pear', 'apple', 'fig', 'kiwi', 'banana', 'cherry', 'date']
heapq.heapify(strs)
print(strs)
tuples = [(3, 'c'), (1, 'z'), (1, 'a'), (2, 'b')]
heapq.heapify(tuples)
print(tuples, heapq.heappop(tuples), tuples)
mx = [3, 1, 4, 1, 5, 9, 2, 6]
heapq._heapify_max(mx)
print(mx, heapq._heappop_max(mx), heapq._heapreplace_max(mx, 0), mx)


class Loud:
    """An item that reports every comparison."""

    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        print('  %s<%s' % (self.v, other.v), end='')
        return self.v < other.v

    def __repr__(self):
        return 'L%s' % self.v


lh = []
for v in [5, 3, 8, 1]:
    heapq.heappush(lh, Loud(v))
print()
print(lh)
print(heapq.heappop(lh))
print(lh)
l2 = [Loud(v) for v in [4, 2, 7, 1, 9, 3]]
heapq.heapify(l2)
print()
print(l2)


class Shrink:
    """An item whose comparison empties the heap it is in."""

    def __lt__(self, other):
        victim.clear()
        return True


victim = [Shrink(), Shrink(), Shrink()]
t(heapq.heapify, victim)
victim = [Shrink()]
t(heapq.heappush, victim, Shrink())

# errors
t(heapq.heappop, [])
t(heapq.heapreplace, [], 1)
t(heapq.heappush, [1], 'a')
t(heapq.heappush, [])
t(heapq.heappush, 1, 2)
t(heapq.heappush, [], 1, 2)
t(heapq.heappush, heap=[], item=1)
t(heapq.heappop, 1)
t(heapq.heappop)
t(heapq.heappop, [], x=1)
t(heapq.heapify, (1,))
t(heapq.heapify, [], [])
t(heapq.heapreplace, [])
t(heapq.heapreplace, 1, 2)
t(heapq.heappushpop, 1, 2)
t(heapq._heapify_max, 1)

# ----- nlargest, nsmallest
nums = [rng.randrange(50) for _ in range(30)]
print(heapq.nlargest(5, nums), heapq.nsmallest(5, nums))
print(heapq.nlargest(5, iter(nums)), heapq.nsmallest(5, iter(nums)))
print(heapq.nlargest(3, strs, key=len), heapq.nsmallest(3, strs, key=len), heapq.nsmallest(2, iter(strs), key=lambda s: s[-1]))
print(heapq.nlargest(1, nums), heapq.nsmallest(1, [], key=abs), heapq.nsmallest(0, nums), heapq.nlargest(-1, iter(nums)))
print(heapq.nlargest(100, nums)[:5], heapq.nsmallest(40, iter(range(5))), heapq.nlargest(2, [(1, 'a'), (1, 'b'), (0, 'c')]))
print(heapq.nsmallest(3, [2, 1, 2, 1, 1], key=lambda x: 0))
print(heapq.nsmallest(2, map(Loud, [5, 1, 4, 2])))
t(heapq.nlargest, 2)
t(heapq.nlargest, 'a', [1])
t(heapq.nsmallest, 2, 1)
t(heapq.nlargest, 2.5, iter([1, 2, 3]))
t(heapq.nlargest, 2.5, [1, 2])
t(heapq.nsmallest, 2, [1], x=1)
t(heapq.nsmallest, 2, [1, 'a', 2])

# ----- merge
print(list(heapq.merge([1, 3, 5, 7], [0, 2, 4, 8], [5, 10, 15, 20], [], [25])))
print(list(heapq.merge(['dog', 'horse'], ['cat', 'fish', 'kangaroo'], key=len)))
print(list(heapq.merge([7, 5, 1], [8, 2, 0], reverse=True)), list(heapq.merge()), list(heapq.merge([1, 2])))
print(list(heapq.merge([(1, 'b')], [(1, 'a')])), list(heapq.merge([1, 1], [1.0, 1.0])))
m = heapq.merge(iter([1, 4]), iter([2, 3]))
print(next(m), next(m), list(m), next(m, 'end'))
m = heapq.merge([1], 5)
t(next, m)
t(next, m)
t(heapq.merge, [1], x=1)
print(list(heapq.merge('ab', 'ac', key=lambda s: s.upper(), reverse=False)))

# ----- bisect
a = [1, 2, 2, 2, 3, 5, 8]
for x in [0, 1, 2, 4, 8, 9]:
    print(x, bisect.bisect_left(a, x), bisect.bisect_right(a, x), bisect.bisect(a, x), end='; ')
print()
print(bisect.bisect_left(a, 2, 2), bisect.bisect_left(a, 2, 0, 2), bisect.bisect_right(a, 2, hi=3), bisect.bisect(a, 2, lo=5))
print(bisect.bisect(a, 2, 0, None), bisect.bisect(a, 2, hi=-1), bisect.bisect(a, 2, 0, -5), bisect.bisect(a, 5, lo=100))
print(bisect.bisect_left('acegi', 'd'), bisect.bisect_right((1, 3, 5), 3), bisect.bisect(range(0, 100, 10), 35))
recs = [('a', 1), ('b', 3), ('c', 5)]
print(bisect.bisect_left(recs, 3, key=lambda r: r[1]), bisect.bisect_right(recs, 3, key=lambda r: r[1]), bisect.bisect(recs, 4, key=None) if False else '-')
s = []
for v in [5, 1, 4, 1, 5, 9, 2, 6, 5]:
    bisect.insort(s, v)
print(s)
s2 = []
for v in [5, 1, 4, 1.0, 5, 9]:
    bisect.insort_left(s2, v)
print(s2)
bisect.insort_right(s2, 1.0)
bisect.insort(s2, 7, 0, 2)
print(s2)
rk = []
for r in [('x', 3), ('y', 1), ('z', 2), ('w', 1)]:
    bisect.insort(rk, r, key=lambda r: r[1])
print(rk)
bisect.insort_left(rk, ('v', 1), key=lambda r: r[1])
print(rk)


class Seq:
    def __init__(self):
        self.items = [10, 20, 30]

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        print('  get', i)
        return self.items[i]

    def insert(self, i, x):
        print('  insert', i, x)
        self.items.insert(i, x)


q = Seq()
print(bisect.bisect(q, 25))
bisect.insort(q, 15)
print(q.items)
print(bisect.bisect_left(map(Loud, []), Loud(1), 0, 0))
lv = [Loud(1), Loud(3), Loud(5)]
print(bisect.bisect(lv, Loud(4)))
t(bisect.bisect_left)
t(bisect.bisect_left, [1])
t(bisect.bisect_left, 1, 2)
t(bisect.bisect_left, [1], 2, -1)
t(bisect.bisect_left, [1], 2, 0, 5)
t(bisect.bisect_right, [1], 2, lo='a')
t(bisect.bisect, [1, 2], 2, 0, 2, None)
t(bisect.bisect, [1, 2], 2, None)
t(bisect.bisect, [1, 2], 2, hi='x')
t(bisect.bisect, [1, 'a'], 2)
t(bisect.bisect_left, [1], x=2, y=3)
t(bisect.bisect_left, [1], 2, x=3)
t(bisect.insort, (1,), 2)
t(bisect.insort, [1], 2, x=3)
t(bisect.insort_left, [1], 'a')
print(bisect.bisect is bisect.bisect_right, bisect.insort is bisect.insort_right, bisect.bisect.__name__)
print('done')
