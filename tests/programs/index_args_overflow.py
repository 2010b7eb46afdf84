# Integer arguments that CPython converts to C integers: list.pop and
# list.insert read a Py_ssize_t (OverflowError beyond it), list.index and
# tuple.index read start/stop as slice indices (clamped, never an error for
# a huge int), sys.setrecursionlimit reads a C int. And isinstance/issubclass
# over nested tuples name their own check when they recurse too deep.
import sys


def attempt(f):
    try:
        print(f())
    except (OverflowError, ValueError, IndexError, TypeError, RecursionError) as e:
        print(type(e).__name__, e)


a = [1, 2]
for f in [lambda: a.insert(2**100, 3), lambda: a.insert(-2**100, 3),
          lambda: a.pop(2**100), lambda: [].pop(-2**70), lambda: [].pop(2**63),
          lambda: [1].pop(2**63 - 1), lambda: a.pop(-2**63), lambda: a.pop(-2**63 - 1),
          lambda: [].pop(3), lambda: [].pop('x'), lambda: a.pop(1.5), lambda: a.pop(True),
          lambda: sys.setrecursionlimit(2**63), lambda: sys.setrecursionlimit(2**31),
          lambda: sys.setrecursionlimit(-2**40)]:
    attempt(f)
print(a, sys.getrecursionlimit())

print([1, 2, 1].index(1, 1, 2**100), (5, 6).index(6, -2**100, 2**100))
for f in [lambda: [1].index(1, 2**100), lambda: [1, 2, 3].index(3, -2**100, -2**100),
          lambda: [1, 2, 3].index(1, -2**63), lambda: [1, 2, 3].index(3, -1, 2**63),
          lambda: (1, 2).index(2, 2**64, 1), lambda: [1, 2].index(2, True),
          lambda: [1, 2].index(2, 1.0), lambda: [1, 2].index(2, None),
          lambda: (1, 2).index(1, 'a'), lambda: (1, 2).index(2, 0, None),
          lambda: [1, 2].index(1, -3, -1), lambda: (1, 2, 3).index(3, -2**100),
          lambda: ([0] * 5).index(0, 4, -2**62), lambda: [0, 1].index(1, 2**63 - 1, 2**63),
          lambda: [0, 1].index(0, -2**63, 1), lambda: (0, 1).index(1, -1, -2**100)]:
    attempt(f)

print(isinstance(1, (str, (int, float))), issubclass(bool, ((str,), int)))
for f in [lambda: isinstance(1, 2), lambda: isinstance(1, (int, 2)),
          lambda: isinstance(1, (str, 2)), lambda: issubclass(1, int),
          lambda: issubclass(int, 1), lambda: issubclass(int, (str, 1)),
          lambda: issubclass(int, (int, 1)), lambda: isinstance(1, [int]),
          lambda: isinstance(1, (str, [int])), lambda: issubclass('a', (int,)),
          lambda: isinstance(1), lambda: isinstance(1, int, 2)]:
    attempt(f)

deep_int = int
deep_str = str
for i in range(50000):
    deep_int = (deep_int,)
    deep_str = (deep_str,)
for f in [lambda: isinstance(1, deep_int), lambda: issubclass(int, deep_int),
          lambda: isinstance(1, (str, deep_int)), lambda: issubclass(bool, (deep_int, str)),
          lambda: isinstance(1, (int, deep_str)), lambda: isinstance(1, (deep_str, int)),
          lambda: issubclass(int, deep_str)]:
    attempt(f)
