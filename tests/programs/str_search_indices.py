# The start/end arguments of str.find, index, count, startswith and endswith
# are slice indices as CPython reads them: None is absent, an int beyond a C
# ssize_t is clamped (never an error), other types are a TypeError; a start
# past the end finds nothing, not even ''.
s = 'abcabc'


def attempt(f):
    try:
        print(f())
    except (TypeError, ValueError, IndexError, OverflowError) as e:
        print(type(e).__name__, e)


for f in [lambda: s.find('c', -2**100), lambda: s.find('c', 2**100),
          lambda: s.index('c', 1, 2**100), lambda: s.count('a', -2**100, 2**100),
          lambda: s.rfind('a', None, 2**64), lambda: s.startswith('a', -2**100),
          lambda: s.endswith('c', 0, 2**100), lambda: s.find('a', 1.5),
          lambda: s.find('a', True), lambda: s.count('', 2**100), lambda: s.find('', 2**100),
          lambda: s.index('z', -2**100), lambda: s.index('c', -2**63 - 1, -2**63)]:
    attempt(f)

for f in [lambda: s.startswith('', 7), lambda: s.endswith('', 7), lambda: s.startswith('', 6),
          lambda: s.find('', 6), lambda: s.find('', 7), lambda: s.count('', 7),
          lambda: s.count('', 6), lambda: s.find('a', 7, 'x'), lambda: s.find('a', 'x'),
          lambda: s.count('a', 0, 1.0), lambda: s.startswith('a', 0, []),
          lambda: s.startswith(('x', 'c'), -1), lambda: s.startswith(('x', 1), 9),
          lambda: s.endswith('', 3, 2), lambda: s.startswith('', 3, 2), lambda: s.find('', 3, 2),
          lambda: s.count('', 4, 2), lambda: s.rfind('', -2**100, -2**100),
          lambda: s.rfind('', 2, 2), lambda: s.count('', -1, -1), lambda: s.endswith('bc', -2**100, -3),
          lambda: 'é€😀'.find('😀', -2**70), lambda: 'é€😀'.count('', 2**70),
          lambda: 'é€😀'.count('', 1, None), lambda: 'é€😀'.rfind('€', None, None)]:
    attempt(f)
