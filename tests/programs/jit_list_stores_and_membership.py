# Objects stored into lists by compiled code (`p[i], p[j] = p[j], p[i]`,
# `a[i] = a[i + 1]`, `a[k] = local`), swaps compiled without a tuple, and
# `in` / `not in` on sets, lists, dicts and classes in compiled loops.
def flips(perm):
    p = perm[:]
    count = 0
    first = p[0]
    while first != 0:
        i = 0
        j = first
        while i < j:
            p[i], p[j] = p[j], p[i]
            i += 1
            j -= 1
        count += 1
        first = p[0]
    return count


total = 0
for k in range(300):
    total += flips([3, 1, 4, 0, 2, 5][k % 3:] + [0, 1, 2][: k % 3])
print("flips", total)


def rotate(a, k, first):
    for i in range(k):
        a[i] = a[i + 1]
    a[k] = first
    a[-1] = a[0]
    return a


words = ["x", "y", "z", "w"]
for k in range(200):
    words = rotate(words, 2, words[0])
print(words)

# Three names rotated, a list and an attribute as targets, and the right
# side evaluated before any store.
x, y, z = 1, 2, 3
for k in range(100):
    x, y, z = z, x, y
print(x, y, z)


class Box:
    pass


b = Box()
b.v = 1
lst = [10, 20]
for k in range(101):
    b.v, lst[0] = lst[0], b.v
print(b.v, lst)
a = [1, 2, 3]
i = 0
i, a[i] = 2, 9
print(i, a)

# Items of every kind replaced by compiled stores.
holder = ["first"]


def replace(h, n):
    for k in range(n):
        h[0] = [k] if k == n - 1 else (k, str(k))
    return h


for k in range(60):
    replace(holder, 2)
print(holder)

# A list subclass, a negative index and an index out of range after
# compilation.


class MyList(list):
    pass


def put(l, i, v):
    l[i] = v
    return l


for k in range(200):
    put([0, 0, 0], k % 3 - 3, "s")
print(put(MyList([1, 2]), -1, "sub"), type(put(MyList([1]), 0, 2)).__name__)
try:
    put(["only"], 5, "v")
except IndexError as e:
    print("IndexError:", e)
try:
    put((1, 2), 0, "v")
except TypeError as e:
    print("TypeError:", e)


# Membership.
def count_in(items, s, n):
    hits = 0
    for k in range(n):
        for v in items:
            if v in s:
                hits += 1
            if v not in s:
                hits -= 1
    return hits


for k in range(100):
    r1 = count_in([1, 2, 3, -4], {2, 3, -4}, 3)
    r2 = count_in(["a", "b"], ["b"], 2)
    r3 = count_in([1, 5], {1: "one"}, 2)
print(r1, r2, r3)


class Evens:
    def __contains__(self, v):
        return v % 2 == 0


print(count_in([1, 2, 4], Evens(), 2))
try:
    count_in([[1]], {1, 2}, 1)
except TypeError as e:
    print("TypeError:", e)
try:
    count_in([1], 5, 1)
except TypeError as e:
    print("TypeError:", e)


class Bad:
    def __contains__(self, v):
        raise ValueError("no membership for %r" % (v,))


try:
    count_in([7], Bad(), 1)
except ValueError as e:
    print("ValueError:", e)


# Sets changed by methods in a compiled recursive search.
def place(row, size, cols, up, down):
    if row == size:
        return 1
    found = 0
    for col in range(size):
        if col in cols or row + col in up or row - col in down:
            continue
        cols.add(col)
        up.add(row + col)
        down.add(row - col)
        found += place(row + 1, size, cols, up, down)
        cols.remove(col)
        up.remove(row + col)
        down.remove(row - col)
    return found


print([place(0, n, set(), set(), set()) for n in range(1, 8)])
fs = frozenset([1, 2])
print(count_in([1, 3], fs, 50))


# A list that an operand owns (`self.table[i]`), and locals copied from
# locals (`last = nxt`) in a list walk.
class Sched:
    def __init__(self, table):
        self.table = table

    def pick(self, i):
        return self.table[i]


def picks(s, n):
    out = []
    for i in range(n):
        out.append(s.pick(i % 3 - 1))
    return out[-3:]


s1 = Sched(["a", ["b"], 3])
for k in range(60):
    pk = picks(s1, 30)
print(pk)
s1.table = {-1: "dict", 0: "zero", 1: "one"}
print(picks(s1, 3))
s1.table = [1]
try:
    picks(s1, 3)
except IndexError as e:
    print("IndexError:", e)


class Node:
    def __init__(self, nxt):
        self.link = nxt


def last_of(node):
    last = node
    nxt = last.link
    count = 0
    while nxt is not None:
        last = nxt
        nxt = last.link
        count += 1
    return count, last is not None


chain = None
for k in range(50):
    chain = Node(chain)
for k in range(40):
    lo = last_of(chain)
print(lo)
