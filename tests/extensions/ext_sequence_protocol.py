# The sequence protocol from C (PySequence_Check, Size, GetItem with a
# negative index, SetItem, DelItem, GetSlice, Count, Index, In, Tuple,
# List) on the built-in sequences, a dict, a Python class with
# __getitem__, a C type with only sequence slots and a non-sequence,
# with CPython's errors.
import apimisc


def show(*args):
    try:
        r = apimisc.seq_op(*args)
        print(type(r).__name__, r)
    except Exception as e:
        print(type(e).__name__ + ":", e)


class Squares:
    def __getitem__(self, i):
        if i >= 5:
            raise IndexError(i)
        return i * i

    def __len__(self):
        return 5


class Store(Squares):
    def __init__(self):
        self.d = {}

    def __setitem__(self, i, v):
        self.d[i] = v

    def __delitem__(self, i):
        self.d.pop(i)


# (bytes are left out: Typhon's bytes cannot be sliced or iterated yet.)
seqs = [[10, 20, 30, 20], (1, 2, 1), "abcb", range(2, 9, 3), {"k": 1}, Squares(), apimisc.Seq(),
        5, None]
for o in seqs:
    print(repr(o) if not isinstance(o, (Squares, apimisc.Seq)) else type(o).__name__)
    show("check", o)
    show("size", o)
    show("length", o)
    show("getitem", o, 1)
    show("getitem", o, -1)
    show("getitem", o, 99)
    show("getslice", o, 1, 3)
    show("count", o, 20)
    show("index", o, 1)
    show("in", o, "b")
    show("tuple", o)
    show("list", o)

xs = [1, 2, 3, 4]
show("setitem", xs, -1, "last")
show("setitem", xs, 0, "first")
show("setitem", xs, 10, "far")
show("delitem", xs, -2)
show("delitem", xs, 7)
print(xs)
for o in [(1, 2), "ab", b"ab", range(3), {"a": 1}, Squares(), 3]:
    show("setitem", o, 0, 9)
    show("delitem", o, 0)
st = Store()
show("setitem", st, -1, "v")
show("setitem", st, 2, "w")
show("delitem", st, 2)
print(st.d)
show("count", [1, 1.0, True, 2], 1)
show("index", [[], [1]], [1])
nan = float("nan")
show("count", [nan, nan], nan)
show("nope", [], 1)
