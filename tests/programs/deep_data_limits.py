# Walking nested data counts toward the recursion limit, as in CPython:
# repr and comparisons of nested lists, tuples and dicts raise
# RecursionError at the same depth (less the frames already running).


def nest(n, wrap):
    x = []
    for _ in range(n):
        x = wrap(x)
    return x


def probe(what, wrap, test):
    ok = 0
    for n in range(990, 1003):
        x = nest(n, wrap)
        y = nest(n, wrap)
        try:
            test(x, y)
            ok = n
        except RecursionError as e:
            print(what, "deepest ok:", ok, "|", e)
            return
    print(what, "no error up to", ok)


def below(k, what, wrap, test):
    if k:
        return below(k - 1, what, wrap, test)
    probe(what, wrap, test)


for frames in (0, 3, 10):
    print("frames below:", frames)
    below(frames, "repr list", lambda x: [x], lambda x, y: repr(x))
    below(frames, "repr tuple", lambda x: (x,), lambda x, y: repr(x))
    below(frames, "repr dict", lambda x: {"k": x}, lambda x, y: repr(x))
    below(frames, "list ==", lambda x: [x], lambda x, y: x == y)
    below(frames, "tuple !=", lambda x: (x,), lambda x, y: x != y)
    below(frames, "list <", lambda x: [x], lambda x, y: x < y)
    below(frames, "dict ==", lambda x: {1: x}, lambda x, y: x == y)

# Shallow enough, everything still works.
x = nest(500, lambda x: [x])
print(len(repr(x)), x == nest(500, lambda x: [x]), x < nest(501, lambda x: [x]))
