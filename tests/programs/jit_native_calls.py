# Loops that call builtins stay in compiled code: each call goes through
# the interpreter's own call from the frame's slots. Results, exceptions
# caught in the same function, and tracebacks are CPython's.


def sizes(rows, n):
    t = 0
    for i in range(n):
        t += len(rows) + abs(i - 7) + max(i, 3) + min(i, 5)
    return t


def kinds(xs):
    ints = 0
    for x in xs:
        if isinstance(x, int):
            ints += 1
    return ints


def keyed(words, n):
    # sorted() calls the Python key function back from inside the call.
    out = []
    for _ in range(n):
        out = sorted(words, key=lambda w: (len(w), w))
    return out


def caught(xs):
    # len() of an int raises inside the loop; the try in this function
    # catches it at the call.
    bad = 0
    for x in xs:
        try:
            bad += len(x)
        except TypeError as e:
            bad -= 1
            last = str(e)
    return bad, last


def from_generator(n):
    g = (i * i for i in range(n))
    t = 0
    for _ in range(n):
        t += next(g)
    return t


def printing(n):
    for i in range(n):
        if i % 4 == 0:
            print("tick", i, None)


def is_none_tests(xs):
    nones = 0
    for x in xs:
        if x is None:
            nones += 1
        if x is not None:
            nones += 100
    return nones


for _ in range(200):
    sizes([1, 2], 20)
    kinds([1, "a", 2.5, 3])
    keyed(["bb", "a", "ccc"], 2)
    caught([[1], 5, "ab"])
    from_generator(5)
    is_none_tests([None, 1, None, "x"])

print(sizes([1, 2, 3], 50))
print(kinds([1, "a", 2.5, 3, True, None] * 10))
print(keyed(["pear", "fig", "apple", "kiwi"], 3))
print(caught([[1, 2], 7, "abc", (), 3.5]))
print(from_generator(10))
printing(10)
print(is_none_tests([None, 0, "", None, []]))


def fails(xs):
    t = 0
    for x in xs:
        t += abs(x)
    return t


print(fails([1, -2, 3]))
print(fails([1, -2, "three"]))
