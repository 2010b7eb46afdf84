# Containers compare items identity-first; CPython's hashes; small
# semantics found by fuzzing (issue 24).
n = float('nan')
print([n] == [n], (n,) == (n,), n in [n], n in (n,))
e = {n: 1}
e[n] = 5
print(len(e), e[n], n in e)
l = [1, n, 3]
print(l.index(n), l.count(n), [n, n].count(n))
l.remove(n)
print(l)
x = [n, 2]
print(x == x, x != x, (n, 1) < (n, 2), [n] < [n, 1], (n, 3) > (n, 2))
print({}.pop([1], 'd'))
try:
    {}.pop([1])
except KeyError as err:
    print('KeyError', err)
try:
    {1: 2}.pop([1], 'd')
except TypeError as err:
    print('TypeError', err)
print(isinstance(1, (str, (int, float))), issubclass(bool, (str, (int,))))
print(isinstance('a', (int, (float, (bytes, (str,))))), isinstance(1.5, ((), (int,))))
try:
    isinstance(1, (int, (1,)))
except TypeError as err:
    print('TypeError', err)
print(round(5, 2**63), round(5.5, 2**63), round(-7, 10**30), round(2.675, 2**70))
a = [1, 2]
try:
    a.insert(2**100, 9)
except OverflowError as err:
    print('OverflowError', err)
a.insert(-2**40, 0)
a.insert(2**40, 3)
print(a)
import sys
try:
    sys.setrecursionlimit(2**63)
except OverflowError as err:
    print('OverflowError', err)
try:
    sys.setrecursionlimit(2**31)
except OverflowError as err:
    print('OverflowError', err)
print(format(True, ''), format(True, 'd'), format(False, '>5'), format(True, '.2f'))
for spec in ['s', 'x>3s', 'c']:
    try:
        print(repr(format(True, spec)))
    except (TypeError, ValueError) as err:
        print(type(err).__name__, err)
print((2 ** 100000000) % 1000, (3 ** 1000000) % 997)
d = {1: 1, 2: 2}
try:
    for k in d:
        del d[k]
        d[k + 10] = 0
except RuntimeError as err:
    print('RuntimeError', err)
d = {1: 1, 2: 2}
try:
    for k in d:
        d[k + 10] = 0
except RuntimeError as err:
    print('RuntimeError', err)
d = {1: 1, 2: 2}
for k in d:
    d[k] = k * 10
print(d)
print(hash(1.5), hash(float('inf')), hash(float('-inf')), hash(-1), hash(2**61), hash(-2**64))
print(hash(0.1), hash(-0.5), hash(1e300), hash(5e-324), hash(2.0**70), hash(-3.0))
print(hash((1, 2)), hash(()), hash((1.5, '')), hash(((1,), (2, 3))), hash(True), hash(False))
print(hash('abc'), hash(''), hash('é'), hash('€x'), hash('𝄞'), hash(b'abc'), hash(('a', 1)))
print(hash(1) == hash(1.0) == hash(True), hash(2**64) == hash(float(2**64)))
# Ints of one machine word on both sides of the modulus 2**61 - 1.
print([hash(v) for v in (2**61 - 2, 2**61 - 1, 2**61, -(2**61 - 1), -(2**61), 2**63 - 1, -2**63, 2**62 + 5, -(2**62 + 5), -2)])
for f in (max, min):
    try:
        f([-12, 9, 77], key=lambda x: 'a' if x > 5 else x)
    except TypeError as err:
        print(f.__name__, 'TypeError', err)
    try:
        f(1, 'a')
    except TypeError as err:
        print(f.__name__, 'TypeError', err)
