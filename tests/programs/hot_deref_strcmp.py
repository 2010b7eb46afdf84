# Free and cell variables (LOAD_DEREF) and comparisons of two strs
# (COMPARE_OP_STR, with and without the jump after it) in loops, including
# the cases that leave the fast path: an empty cell, a str subclass with
# its own __eq__, a non-str operand after the cache filled, and every
# comparison operator.


def make_counter():
    count = 0
    step = 2

    def bump(n):
        nonlocal count
        for _ in range(n):
            count += step
        return count

    return bump


b = make_counter()
print(b(10), b(5))


def scale_all(xs, k):
    return [x * k for x in xs], sum(x * k for x in xs), list(map(lambda x: x + k, xs))


print(scale_all(range(6), 3))


def late_binding():
    def reader():
        return value

    try:
        reader()
    except NameError as e:
        print(type(e).__name__, e)
    value = 7
    return reader()


print(late_binding())


def deleted():
    v = 1

    def reader():
        return v

    out = [reader()]
    del v
    try:
        reader()
    except NameError as e:
        out.append(str(e))
    return out


print(deleted())


class Loud(str):
    def __eq__(self, other):
        return "loud" if str.__eq__(self, other) else False

    __hash__ = str.__hash__


def compare_all(pairs):
    out = []
    for a, b in pairs:
        out.append((a == b, a != b, a < b, a <= b, a > b, a >= b))
        if a == b:
            out.append("eq")
        elif a < b:
            out.append("lt")
        else:
            out.append("gt")
    return out


words = ["apple", "apple", "banana", "app", "", "ß", "z" * 3]
pairs = [(x, y) for x in words for y in words]
print(compare_all(pairs)[:12])
print(sum(1 for x, y in pairs if x == y), sum(1 for x, y in pairs if x < y))
print(compare_all([("a", "a"), (Loud("a"), "a"), ("a", Loud("a")), ("b", "a")]))
try:
    compare_all([("a", "a"), ("a", 1)])
except TypeError as e:
    print(type(e).__name__, e)
print(compare_all([("x", "x"), (1, 1), (2.5, 1), ("y", "x")]))


def count_matches(lines, word):
    n = 0
    for line in lines:
        for w in line.split():
            if w == word:
                n += 1
    return n


print(count_matches(["a b a", "b a c", "a"] * 10, "a"))
