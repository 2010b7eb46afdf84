# range() iterators: an i64 range gets a range_iterator, a bigger one a
# longrange_iterator (as in CPython), and both step, stop and stay
# exhausted the same way whoever drives them.
it = iter(range(3))
print(type(it).__name__, next(it), list(it), list(it))
big = iter(range(2**64, 2**64 + 3))
print(type(big).__name__, next(big), list(big), next(big, "done"))
neg = iter(range(10, -10, -7))
print(type(neg).__name__, list(neg))
for i in range(2**63 - 2, 2**63 + 1):
    print(i)
e = iter(range(0))
print(list(e), next(e, "done"))
print(list(zip(range(3), range(5, 100))), sum(range(10**5)), max(range(5)))
print(type(iter(range(5))) is type(iter(range(7))))
print(type(iter(range(5))) is type(iter(range(2**70))))


def drain(r):
    # The same loop site sees a small range, then a big one, then a small
    # one again.
    total = 0
    n = 0
    for v in r:
        total += v
        n += 1
    return n, total


for r in (range(20), range(2**64, 2**64 + 20), range(-5, 15), range(0)):
    print(drain(r))
shared = iter(range(10))
for v in shared:
    if v == 3:
        break
print(list(shared))
