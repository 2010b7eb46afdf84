# The mapping protocol from C: PyMapping_Check, Size/Length, Keys,
# Values, Items, GetItemString, SetItemString, HasKey and HasKeyString,
# on dicts, sequences, a class with keys() and __getitem__, and
# non-mappings, with CPython's errors.
import apimisc


def show(*args):
    try:
        r = apimisc.map_op(*args)
        print(type(r).__name__, r)
    except Exception as e:
        print(type(e).__name__ + ":", e)


class Table:
    def __init__(self):
        self.d = {"a": 1, "b": 2}

    def keys(self):
        return list(self.d)

    def values(self):
        return 5

    def items(self):
        return [(k, v) for k, v in self.d.items()]

    def __getitem__(self, k):
        return self.d[k]

    def __setitem__(self, k, v):
        self.d[k] = v

    def __len__(self):
        return len(self.d)


d = {"x": 1, "y": 2}
for o in [d, [1, 2], "ab", (1,), range(3), Table(), 5, None, apimisc.Seq()]:
    print(type(o).__name__)
    show("check", o)
    show("size", o)
    show("length", o)
    show("keys", o)
    show("values", o)
    show("items", o)
    show("getitemstring", o, "x")
    show("haskey", o, "x")
    show("haskey", o, 0)
    show("haskeystring", o, "a")

show("setitemstring", d, "z", 26)
print(d)
t = Table()
show("setitemstring", t, "c", 3)
print(t.d)
show("setitemstring", (1,), "k", 1)
show("getitemstring", d, "missing")
show("haskey", d, [])
