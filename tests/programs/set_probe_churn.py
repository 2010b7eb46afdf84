# Sets whose slots fill with dummies: additions and removals in cycles
# (as a backtracking search makes them), then the iteration order, which
# shows where each key landed. Keys that compare without Python code
# (ints, negative ints, strs, floats equal to ints) and keys of a class
# with its own __eq__ and __hash__.
cols, up, down = set(), set(), set()
for row in range(6):
    for col in range(8):
        if col in cols or row + col in up or row - col in down:
            continue
        cols.add(col)
        up.add(row + col)
        down.add(row - col)
        if (row * 7 + col) % 3 == 0:
            cols.remove(col)
            up.discard(row + col)
            down.remove(row - col)
    print(row, list(cols), list(up), list(down))

s = set()
for i in range(40):
    s.add(i * 37 % 64)
    if i % 4 == 1:
        s.remove((i - 1) * 37 % 64)
print(len(s), list(s))
print(1.0 in s, 5.0 in {5}, True in {1}, -1 in {-1, -2}, 2**61 - 1 in {0}, 0 in {2**61 - 1})

words = set()
for w in "the quick brown fox jumps over the lazy dog the end".split():
    if w in words:
        words.discard(w)
    else:
        words.add(w)
print(sorted(words), len(words))


class Key:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        return isinstance(other, Key) and self.n == other.n

    def __hash__(self):
        return self.n % 4


ks = {Key(1), Key(5), 3}
print(Key(5) in ks, Key(9) in ks, 3 in ks, 7 in ks)
ks.remove(Key(1))
ks.add(Key(13))
print(sorted(k.n if isinstance(k, Key) else -k for k in ks))
try:
    ks.remove(Key(2))
except KeyError as e:
    print('KeyError', type(e.args[0]).__name__)
try:
    {1}.add([])
except TypeError as e:
    print(e)
try:
    set.add(frozenset(), 1)
except TypeError as e:
    print(e)
try:
    {1}.remove()
except TypeError as e:
    print(e)
try:
    {1}.discard(1, x=2)
except TypeError as e:
    print(e)
print({frozenset({1})}.__contains__({1}), {1, 2}.discard({3}))
