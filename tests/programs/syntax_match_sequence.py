# Sequence patterns: which subjects are sequences, lengths, stars, nesting.


def shape(s):
    match s:
        case []:
            return "empty"
        case [x]:
            return f"one: {x!r}"
        case [x, y]:
            return f"two: {x!r} {y!r}"
        case (x, y, z):
            return f"three: {x!r} {y!r} {z!r}"
        case [first, *middle, last]:
            return f"first {first!r} middle {middle!r} last {last!r}"
    return "not a sequence (or too short)"


class NotSeq:
    def __len__(self):
        return 2

    def __getitem__(self, i):
        return i


def gen():
    yield 1
    yield 2


subjects = [[], [1], (1,), [1, 2], (1, 2), [1, 2, 3], (1, 2, 3), [1, 2, 3, 4],
            list(range(7)), range(0), range(1), range(2, 4), range(10, 15),
            "", "ab", "abc", b"ab", {1: 2, 3: 4},
            {1, 2}, frozenset([1]), iter([1, 2]), gen(), NotSeq(), 12, None,
            {"a": 1}, [[1, 2], [3]]]
for s in subjects:
    print(type(s).__name__, shape(s))


# Star captures are always lists, whatever the subject.
def star(s):
    match s:
        case [*all_]:
            return all_


for s in [[], [1, 2], (3, 4), range(3), range(5, 0, -2)]:
    r = star(s)
    print(type(r).__name__, r)


def stars(s):
    match s:
        case [*head, 0]:
            return ("ends with 0", head)
        case [0, *tail]:
            return ("starts with 0", tail)
        case [a, b, *rest, c, d]:
            return ("at least four", a, b, rest, c, d)
        case [*_, "x"]:
            return "ends with x"
        case ["y", *_]:
            return "starts with y"
        case [a, *_, b]:
            return ("first and last", a, b)
        case [*_]:
            return "any sequence"
    return "no"


for s in [[0], [1, 0], [0, 1, 2], [1, 2, 3, 4], [1, 2, 3, 4, 5, 6], ["a", "x"],
          ["y", 1], [1, 2, 3], [1, 2], [1], [], (5, 6, 7), range(1, 4), "yx", 5]:
    print(repr(s), stars(s))


# Nested patterns.
def nested(s):
    match s:
        case [[a, b], [c]]:
            return ("2+1", a, b, c)
        case [(a, b), (c, d)]:
            return ("2+2", a, b, c, d)
        case [[*inner], *outer]:
            return ("inner/outer", inner, outer)
        case [1, [2, [3, x]]]:
            return ("deep", x)
    return None


for s in [[[1, 2], [3]], [(1, 2), [3, 4]], [[1, 2, 3]], [[], 4, 5], [1, [2, [3, 4]]],
          [1, [2, [3]]], [1, [2, [3, 4, 5]]]]:
    print(repr(s), nested(s))


# The wildcard-only patterns check the type and length alone.
def wild(s):
    match s:
        case [_, _]:
            return "two"
        case [_, _, *_]:
            return "three or more"
        case [*_]:
            return "zero or one"
    return "no"


for s in [[1, 2], (1, 2, 3), [1], [], "ab", range(5)]:
    print(repr(s), wild(s))


# A class with __len__, __getitem__ and __iter__ is still no sequence
# (only list, tuple, range and C types flagged as sequences are).
class Traced:
    def __len__(self):
        print("  len")
        return 2

    def __getitem__(self, i):
        print("  getitem", i)
        return i

    def __iter__(self):
        print("  iter")
        return iter([1, 2])


match Traced():
    case [a, b]:
        print("no")
    case [*_]:
        print("no")
    case _:
        print("Traced is no sequence")

# Captured values are the items themselves.
inner = [1]
match [inner, inner]:
    case [p, q]:
        print(p is inner, q is inner)

# Tuples in patterns are sequences: (a, b) and [a, b] are the same.
match (1, 2):
    case [a, b]:
        print("list syntax matched a tuple", a, b)
match [1, 2]:
    case a, b:
        print("bare tuple syntax", a, b)
match 1, 2:
    case (x, y):
        print("tuple subject", x, y)
match [1]:
    case (x,):
        print("one-tuple pattern", x)
match ():
    case ():
        print("empty tuple pattern")
