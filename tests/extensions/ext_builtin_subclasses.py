# What C code sees of instances of classes deriving from built-in types:
# PyDict_Check and friends true, PyDict_CheckExact and friends false, and
# the type's own functions (PyDict_SetItemString, PyList_Append,
# PyLong_AsLong...) work on them; the Python class's overrides still
# apply to Python code afterwards.
from collections import Counter, OrderedDict, defaultdict, namedtuple

import apimisc


class I(int):
    pass


class F(float):
    pass


class S(str):
    def shout(self):
        return self.upper()


class B(bytes):
    pass


class T(tuple):
    pass


class L(list):
    def __len__(self):
        return -1 + list.__len__(self) + 1


class D(dict):
    def __missing__(self, key):
        return "missing " + key


P = namedtuple("P", "x y")
for v in [5, I(5), 1.5, F(1.5), "s", S("s"), b"b", B(b"b"), (1,), T((1,)), P(7, 8),
          [1], L([1]), {"k": 1}, D(k=2), defaultdict(int), Counter("aa"), OrderedDict(a=1)]:
    checks, value = apimisc.builtin_view(v)
    print(type(v).__name__, "".join(str(c) for c in checks), repr(value), type(value).__name__)
d = D()
apimisc.builtin_view(d)
print(d, d["nope"], d["from_c"])
l = L([0])
apimisc.builtin_view(l)
print(l, len(l))
