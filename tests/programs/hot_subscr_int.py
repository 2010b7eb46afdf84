# t[i] and xs[i] with int indexes in loops (BINARY_SUBSCR_TUPLE_INT and
# BINARY_SUBSCR_LIST_INT): negative indexes, the first and last items,
# out-of-range indexes (IndexError), items of every kind, a list grown
# and shrunk between reads, and operands that stop being tuples or lists.


def reads(seq, idxs):
    out = []
    for i in idxs:
        out.append(seq[i])
    return out


items = (1, 2.5, "s", None, [1], (2,), True)
idxs = [0, 1, 2, 3, 4, 5, 6, -1, -7, -3]
print(reads(items, idxs))
print(reads(list(items), idxs))
for seq in (items, list(items)):
    for bad in (7, -8, 10**6, -(10**6)):
        try:
            reads(seq, [0, bad])
        except IndexError as e:
            print(type(e).__name__, e)

xs = [0, 1, 2]
out = []
for k in range(6):
    out.append(xs[-1])
    xs.append(k * 10)
    if k % 2:
        xs.pop(0)
print(out, xs)

print(reads("abc", [0, -1]), reads(range(10, 20), [3, -2]), reads({0: "a", -1: "b"}, [0, -1]))


class Seq:
    def __getitem__(self, i):
        return i * 100


print(reads(Seq(), [1, -2]))
try:
    reads(items, [0, 1.0])
except TypeError as e:
    print(type(e).__name__, e)
try:
    reads([1, 2], [True, "x"])
except TypeError as e:
    print(type(e).__name__, e)


def pairs(n):
    total = 0
    for i in range(n):
        t = (i, i * 2, (i, -i))
        total += t[0] + t[1] + t[-1][1] + t[2][0]
    return total


print(pairs(1000))
