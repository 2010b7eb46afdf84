# itertools: every iterator, laziness, argument errors, and collection
# of iterators in reference cycles.
import itertools as it


def t(f, *a, **k):
    try:
        print(repr(f(*a, **k)))
    except Exception as e:
        print(type(e).__name__ + ':', e)


def lst(x):
    return list(x)


class Noisy:
    """An iterable that says when each item is taken."""

    def __init__(self, n, name='n'):
        self.n, self.i, self.name = n, 0, name

    def __iter__(self):
        return self

    def __next__(self):
        if self.i >= self.n:
            print(' ', self.name, 'exhausted')
            raise StopIteration
        self.i += 1
        print(' ', self.name, 'gives', self.i)
        return self.i


# ----- count, cycle, repeat
print(lst(it.islice(it.count(), 5)))
for x in it.count(10, 3):
    if x > 20:
        break
    print('count', x)
for x in it.count(2**62, 2**62):
    print('big', x)
    if x > 2**63:
        break
c = it.count(1.5, 0.25)
print(next(c), next(c), repr(c))
print(repr(it.count()), repr(it.count(5)), repr(it.count(5, 2)), repr(it.count(0, 1.0)),
      repr(it.count(-3, True)), repr(it.count(start=3, step=-1)))
t(it.count, 'a')
t(it.count, 1, 'a')
t(it.count, 1, 2, 3)
t(it.count, x=1)
t(it.count, 1, start=2)
print(lst(it.islice(it.cycle('abc'), 8)))
print(lst(it.cycle([])))
cy = it.cycle(Noisy(2))
print([next(cy) for _ in range(5)])
t(it.cycle)
t(it.cycle, 1)
t(it.cycle, [1], [2])
t(it.cycle, x=[1])
print(lst(it.repeat(7, 3)), lst(it.repeat(1, -1)), lst(it.repeat(1, times=-5)), lst(it.repeat(1, 0)))
r = it.repeat('a', 2)
print(repr(r), next(r), repr(r), next(r), repr(r), next(r, 'end'), repr(r))
print(repr(it.repeat([1, 'x'])), lst(it.islice(it.repeat(None), 3)))
t(it.repeat)
t(it.repeat, 1, 'a')
t(it.repeat, 1, None)
t(it.repeat, 1, 2, 3)
t(it.repeat, 1, times=2, object=3)
t(it.repeat, x=1)

# ----- accumulate, chain, compress
print(lst(it.accumulate([1, 2, 3, 4])), lst(it.accumulate([])), lst(it.accumulate([], initial=5)))
print(lst(it.accumulate([1, 2, 3], initial=10)), lst(it.accumulate([3, 1, 4, 1, 5], max)))
print(lst(it.accumulate([1, 2, 3, 4], lambda a, b: a * b)), lst(it.accumulate('abc')))
print(lst(it.accumulate([2, 3], func=None, initial=None)))
t(lst, it.accumulate([1, 'a']))
t(it.accumulate)
t(it.accumulate, 1)
t(it.accumulate, [1], None, None)
t(it.accumulate, [1], 2, 3, 4, x=1)
t(it.accumulate, [1], x=1)
print(lst(it.chain('ab', [1, 2], (), range(2))), lst(it.chain()))
print(lst(it.chain.from_iterable(['xy', 'z', []])))
ch = it.chain([1], 5, [2])
print(next(ch))
t(next, ch)
t(next, ch)
t(it.chain, x=1)
t(it.chain.from_iterable)
t(it.chain.from_iterable, 1)
t(lst, it.chain.from_iterable([1]))
print(lst(it.compress('abcdef', [1, 0, 1, 0, 1, 1])), lst(it.compress('abc', [1, 1, 1, 1, 1])),
      lst(it.compress(data='abcd', selectors=[0, 1])))
t(it.compress, [1])
t(it.compress, 1, [1])

# ----- dropwhile, takewhile, filterfalse, starmap
print(lst(it.dropwhile(lambda x: x < 5, [1, 4, 6, 4, 1])), lst(it.takewhile(lambda x: x < 5, [1, 4, 6, 4, 1])))
calls = []
tw = it.takewhile(lambda x: calls.append(x) or x < 3, [1, 2, 3, 4, 5])
print(lst(tw), calls, lst(tw))
print(lst(it.filterfalse(lambda x: x % 2, range(10))), lst(it.filterfalse(None, [0, 1, '', 'a', [], (1,)])),
      lst(it.filterfalse(bool, [0, 2])))
print(lst(it.starmap(pow, [(2, 5), (3, 2), [10, 3]])), lst(it.starmap(lambda *a: a, ['ab', ()])))
t(it.dropwhile, None)
t(it.dropwhile, None, 1)
t(it.dropwhile, None, [1], x=1)
t(lst, it.dropwhile(None, [1, 0]))
t(it.takewhile, None)
t(it.filterfalse, None)
t(it.filterfalse, None, 1)
t(it.starmap, pow)
t(lst, it.starmap(pow, [1]))
t(lst, it.starmap(lambda a, b: a, [(1,)]))

# ----- groupby
print([(k, lst(g)) for k, g in it.groupby('aaabbcdaa')])
print([(k, lst(g)) for k, g in it.groupby([1, 2, 3, 4, 5, 6, 7], key=lambda x: x // 3)])
print([k for k, g in it.groupby('')], [k for k, g in it.groupby('aabbbc')])
g = it.groupby('aabbc')
k1, g1 = next(g)
k2, g2 = next(g)
print(k1, lst(g1), k2, lst(g2))
g = it.groupby('aaab')
k1, g1 = next(g)
print(next(g1))
k2, g2 = next(g)
print(k2, lst(g1), lst(g2), next(g, 'done'))
print([(k, lst(g)) for k, g in it.groupby([1, 1.0, True, 2, 2.0])])
print(type(next(it.groupby([1]))[1]).__name__)
t(it.groupby)
t(it.groupby, 1)
t(it.groupby, [1], 2, 3)
t(it.groupby, key=2)
t(lst, it.groupby([1, 2], key=len))

# ----- islice
s = 'abcdefg'
print(lst(it.islice(s, 2)), lst(it.islice(s, 2, 4)), lst(it.islice(s, 2, None)), lst(it.islice(s, 0, None, 2)),
      lst(it.islice(s, None)), lst(it.islice(s, None, None, 3)), lst(it.islice(s, 5, 2)), lst(it.islice(s, 10)))
print(lst(it.islice(s, 1, 6, 2)), lst(it.islice(s, True)))
n = Noisy(10)
print(lst(it.islice(n, 2, 6, 3)))
print('next after islice:', next(n))
isl = it.islice(Noisy(3, 'q'), 5)
print(lst(isl), lst(isl))
for bad in [(-1,), ('a',), (1.0,), (10**30,), (-1, 3), ('a', 3), (1, -3), (1, 'x'), (1, 3, 0), (1, 3, 'x'), (1, 3, -1), (1, 3, 10**30)]:
    t(it.islice, [1], *bad)
t(it.islice, [1])
t(it.islice, [1], 1, 2, 3, 4)
t(it.islice, 1, 3)
t(it.islice, [1], stop=3)

# ----- pairwise, tee, zip_longest
print(lst(it.pairwise('abcd')), lst(it.pairwise('a')), lst(it.pairwise([])))
t(it.pairwise)
t(it.pairwise, 1)
t(it.pairwise, [1], [2])
a, b = it.tee([1, 2, 3])
print(lst(a), lst(b), type(a).__name__)
a, b, c = it.tee(iter(range(200)), 3)
print(next(a), next(a), next(b), lst(c)[:3], lst(a)[-1], len(lst(b)))
a, b = it.tee(Noisy(3))
print(next(a), next(a), next(b), next(b), next(b), next(a, 'x'))
a, b = it.tee(it.count())
print([next(a) for _ in range(100)][-1], next(b))
x, y = it.tee(a)
print(x is a, next(x), next(y), next(a))
c = a.__copy__()
print(next(c), next(a))
print(it.tee([1], 0), len(it.tee([1], 5)))
t(it.tee, 1)
t(it.tee, [1], -1)
t(it.tee, [1], 'a')
t(it.tee, [1], 1, 2)
t(it.tee)
t(it.tee, [1], n=2)
print(lst(it.zip_longest('ABCD', 'xy', fillvalue='-')), lst(it.zip_longest()), lst(it.zip_longest([1], [])))
print(lst(it.zip_longest(range(3), 'ab', [None])))
t(it.zip_longest, 1)
t(it.zip_longest, [1], x=1)
t(it.zip_longest, [1], fillvalue=1, x=2)

# ----- product, permutations, combinations
print(lst(it.product('ab', range(2))), lst(it.product(range(2), repeat=2)))
print(lst(it.product()), lst(it.product('ab', [])), lst(it.product('ab', repeat=0)), lst(it.product(1, repeat=0)))
print(len(lst(it.product(range(3), 'abcd', repeat=2))))
print(lst(it.permutations('abc', 2)))
print(lst(it.permutations(range(3))), lst(it.permutations([])), lst(it.permutations('ab', 3)), lst(it.permutations('ab', 0)))
print(lst(it.permutations(range(4)))[::7])
print(lst(it.combinations('abcd', 2)), lst(it.combinations(range(4), 5)), lst(it.combinations('ab', 0)), lst(it.combinations([], 0)))
print(lst(it.combinations(range(5), 3)))
print(lst(it.combinations_with_replacement('abc', 2)), lst(it.combinations_with_replacement([], 2)),
      lst(it.combinations_with_replacement([], 0)), lst(it.combinations_with_replacement('ab', 0)))
print(lst(it.combinations_with_replacement(range(3), 3)))
t(it.product, 1)
t(it.product, [1], repeat=-1)
t(it.product, [1], repeat='a')
t(it.product, [1], x=2)
t(it.permutations)
t(it.permutations, 1)
t(it.permutations, [1], -1)
t(it.permutations, [1], 'a')
t(it.permutations, [1], 1.0)
t(it.permutations, [1], 1, 2)
t(it.combinations, [1])
t(it.combinations, [1], -1)
t(it.combinations, 1, 2)
t(it.combinations, [1], 'a')
t(it.combinations, [1], 2, 3)
t(it.combinations, [1], x=2)
t(it.combinations_with_replacement, [1])
t(it.combinations_with_replacement, [1], -1)
t(it.combinations_with_replacement, [1], 1.0)

# ----- the iterators are iterators
c = it.count()
print(iter(c) is c, 3 in c, next(c), type(c).__name__, type(c), isinstance(c, it.count))
print(it.chain.__name__, it.chain.__module__, it.groupby.__name__, repr(it.product))
t(it.count(), 1)
t(next, it.product, 1)
print(sorted(it.chain([3, 1], [2])), sum(it.islice(it.count(1), 100)), max(it.repeat(4, 3)))
print(dict(zip(it.count(), 'abc')), tuple(it.islice(it.cycle([1, 2]), 5)))
print([x for x in it.takewhile(lambda x: x < 10, it.count(5))])
total = 0
for i, ch in zip(it.count(), it.cycle('xy')):
    if i == 1000:
        break
    total += i
print(total, ch)
for x in it.repeat(1):
    break
print('break out of repeat')

# ----- cycles through iterators are collected
class Node:
    pass
n = Node()
n.it = it.cycle([n])
n.g = it.groupby([n, n])
n.t = it.tee([n, 1])
n.c = it.chain([n], [1])
next(n.it)
next(n.g)
next(n.t[0])
del n
lst_ = [1, 2]
lst_.append(it.islice(lst_, 3))
lst_.append(it.accumulate(lst_))
lst_.append(it.product(lst_, repeat=2))
del lst_
print('done')
