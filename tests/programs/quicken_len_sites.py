# One len() call site sees lists, tuples, strs, dicts, objects only the
# stack holds, objects without a length, and a rebound `len`.


def lengths(xs):
    out = []
    for x in xs:
        try:
            out.append(len(x))
        except TypeError as e:
            out.append(str(e))
    return out


def fresh(n):
    total = 0
    for i in range(n):
        # The list lives only on the stack: popping it frees it.
        total += len([i] * (i % 4)) + len("é" * i) + len((i,) * 2)
    return total


def grow(n):
    items = []
    seen = []
    for i in range(n):
        items.append(i)
        seen.append(len(items))
    return seen


values = [[1, 2], (1, 2, 3), "héllo", {"a": 1}, "", [], range(7), 5, None, 2.5]
for _ in range(3):
    print(lengths(values))
print(fresh(50))
print(grow(10))


def shadowed(xs):
    total = 0
    for x in xs:
        total += len(x)
    return total


print(shadowed(["ab", "cde"] * 20))
len = lambda x: 100
print(shadowed(["ab", "cde"] * 20))
del len
print(shadowed(["ab", "cde"] * 20))
