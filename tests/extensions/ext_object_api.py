# PySequence_Concat, InPlaceConcat, Repeat, InPlaceRepeat, SetSlice,
# DelSlice, Fast (with PySequence_Fast_GET_SIZE/GET_ITEM),
# PyObject_ASCII, DelItemString, HashNotImplemented, GenericGetDict,
# Py_ReprEnter/Leave, PyNumber_MatrixMultiply, InPlaceMatrixMultiply,
# Check, ToBase, PyIter_Check, PySeqIter_New, PyCallIter_New,
# PySlice_GetIndices and the exported iterator types, with CPython's
# errors.
from apiwalk import uobj


def show(*args):
    try:
        r = uobj(*args)
        print(args[0], type(r).__name__, repr(r))
    except SystemError as e:
        # CPython's message names its own source file and line.
        print(args[0], "SystemError")
    except Exception as e:
        print(args[0], type(e).__name__ + ":", e)


class Seq:
    def __init__(self, items):
        self.items = list(items)

    def __getitem__(self, i):
        return self.items[i]

    def __len__(self):
        return len(self.items)

    def __repr__(self):
        return "Seq(%r)" % (self.items,)


class AddSeq(Seq):
    def __add__(self, other):
        return AddSeq(self.items + list(other))

    def __mul__(self, n):
        return AddSeq(self.items * n)

    def __iadd__(self, other):
        self.items += list(other)
        return self

    def __setitem__(self, k, v):
        print("  setitem", k, v)

    def __delitem__(self, k):
        print("  delitem", k)


class Mat:
    def __init__(self, name):
        self.name = name

    def __matmul__(self, other):
        return "%s@%s" % (self.name, other)

    def __rmatmul__(self, other):
        return "%s@r%s" % (other, self.name)

    def __imatmul__(self, other):
        return "%s@=%s" % (self.name, other)


class Num:
    def __index__(self):
        return 10


class OnlyFloat:
    def __float__(self):
        return 1.0


class OnlyComplex:
    def __complex__(self):
        return 1j


class Counter:
    def __init__(self):
        self.n = 0

    def __call__(self):
        self.n += 1
        return self.n


class It:
    def __iter__(self):
        return self

    def __next__(self):
        raise StopIteration


# concat and repeat
show("concat", [1, 2], [3])
show("concat", (1,), (2, 3))
show("concat", "ab", "cd")
show("concat", b"ab", bytearray(b"cd"))
show("concat", [1], (2,))
show("concat", "ab", 1)
show("concat", AddSeq([1]), [2])
show("concat", Seq([1]), [2])
show("concat", range(2), range(2))
show("concat", {}, {})
show("concat", 1, [2])
l = [1]
show("iconcat", l, (2, 3))
print(l)
show("iconcat", (1,), (2,))
show("iconcat", [1], "ab")
show("iconcat", [1], 5)
a = AddSeq([1])
show("iconcat", a, [2])
print(a)
show("iconcat", Seq([1]), [2])
show("iconcat", 3, [2])
show("repeat", [1, 2], 3)
show("repeat", "ab", 2)
show("repeat", (1,), 0)
show("repeat", [1], -2)
show("repeat", AddSeq([1]), 2)
show("repeat", Seq([1]), 2)
show("repeat", range(3), 2)
show("repeat", 5, 2)
show("repeat", {}, 2)
l = [1, 2]
show("irepeat", l, 2)
print(l)
show("irepeat", (1,), 3)
show("irepeat", 5, 2)

# slices
l = [0, 1, 2, 3, 4]
show("setslice", l, 1, 3, ["a", "b", "c"])
print(l)
show("setslice", l, -2, 100, "xy")
print(l)
show("setslice", l, 0, 1, 5)
show("delslice", l, 0, 2)
print(l)
show("delslice", l, 10, 20)
show("setslice", (1, 2), 0, 1, [3])
show("delslice", "abc", 0, 1)
show("setslice", {}, 0, 1, [3])
show("setslice", AddSeq([]), 1, 2, "v")
show("delslice", AddSeq([]), 1, 2)
show("setslice", Seq([]), 1, 2, "v")
ba = bytearray(b"hello")
show("setslice", ba, 0, 1, b"J")
show("delslice", ba, 1, 3)
print(ba)
show("setslice", 5, 0, 1, [1])

# PySequence_Fast
show("fast", [1, 2])
show("fast", (1, 2))
show("fast", "ab")
show("fast", range(3))
show("fast", {"k": 1})
show("fast", iter([5]))
show("fast", 5)
show("fast", None)

# objects
show("ascii", "caf\xe9 \u20ac \U0001F600")
show("ascii", ["\xe9", b"\xe9"])
show("ascii", 42)
show("ascii", None)
d = {"a": 1, "b": 2}
show("delitemstring", d, "a")
print(d)
show("delitemstring", d, "zz")
show("delitemstring", [1], "0")
show("delitemstring", 5, "x")
show("hashnotimpl", [])
show("hashnotimpl", 1)
o = Counter()
o.x = 1
show("genericgetdict", o)
show("genericgetdict", 5)
show("reprenter", [1])

# numbers
show("matmul", Mat("a"), 2)
show("matmul", 2, Mat("b"))
show("matmul", 1, 2)
show("matmul", [1], [2])
show("imatmul", Mat("c"), 3)
show("imatmul", 1, 2)
for v in [1, True, 2.5, 1j, "1", [1], None, Num(), OnlyFloat(), OnlyComplex()]:
    show("numcheck", v)
for base in (2, 8, 10, 16):
    show("tobase", 255, base)
    show("tobase", -255, base)
show("tobase", 2**70, 16)
show("tobase", Num(), 2)
show("tobase", True, 10)
show("tobase", 5, 3)
show("tobase", 2.5, 10)
show("tobase", "12", 10)

# iterators
for v in [iter([1]), iter(()), iter("ab"), iter(range(3)), (x for x in []), It(), [1], "x", 5, zip(), map(str, [])]:
    show("itercheck", v)
show("seqiter", [1, 2, 3])
show("seqiter", "abc")
show("seqiter", Seq("xy"))
show("seqiter", 5)
show("seqiter", {"a": 1})
c = Counter()
show("calliter", c, 4)
it = iter([1, 2, 3, 4])
show("calliter", lambda: next(it), 3)

# PySlice_GetIndices
for s, n in [(slice(None), 10), (slice(2, 5), 10), (slice(-3, None), 10),
             (slice(None, None, -1), 10), (slice(1, 20), 10), (slice(12, 15), 10),
             (slice(0, 5, 0), 10), (slice("a", 5), 10), (slice(-20, 5), 10),
             (slice(1, 5, 2), 3)]:
    show("getindices", s, n)

# exported types
for v in [bytearray(), memoryview(b""), set(), frozenset(), ..., iter([]), reversed([]),
          iter(()), iter(range(2)), iter(range(2**70)), iter(set()),
          iter({}), iter({}.values()), iter({}.items()), zip(), map(str, []),
          filter(None, []), iter(b""), iter(bytearray()), iter(Seq([])),
          iter(int, 1), 5]:
    show("types", v)

# sets: PySet_New, PyFrozenSet_New, Size, Contains, Add, Discard, Clear,
# Pop and the check macros
class MySet(set):
    pass


show("setnew", None)
show("setnew", [3, 1, 3])
show("setnew", b"aab")
show("setnew", 5)
show("setnew", [[1]])
show("frozensetnew", None)
show("frozensetnew", (1, 2, 2))
show("frozensetnew", 1.5)
s = {1, 2}
show("setsize", s)
show("setsize", frozenset("abc"))
show("setsize", MySet([1]))
show("setsize", [1])
show("setcontains", s, 1)
show("setcontains", s, 9)
show("setcontains", frozenset([1]), 1)
show("setcontains", s, [1])
show("setcontains", {1}, {1})
show("setcontains", [1], 1)
show("setadd", s, 3)
show("setadd", s, 3)
show("setadd", s, [4])
show("setadd", frozenset([1]), 3)
show("setadd", [], 3)
print(sorted(s))
show("setdiscard", s, 3)
show("setdiscard", s, 3)
show("setdiscard", s, {1})
show("setdiscard", s, [1])
show("setdiscard", frozenset([1]), 1)
print(sorted(s))
t = {7}
show("setpop", t)
show("setpop", t)
show("setpop", frozenset([1]))
show("setclear", s)
print(s)
show("setclear", frozenset([1]))
show("setclear", {})
show("fillfrozen", 1, 2)
show("fillfrozen", 1, [2])
for v in [set(), {1, 2}, MySet([1]), frozenset(), frozenset([1]), [], {}]:
    show("setchecks", v)

# ints, complex numbers and list slices
for v in [5, -5, 2**63 - 1, 2**63, -2**63, -2**63 - 1, 2**100, True]:
    show("llovf", v)
show("llovf", 1.5)
for v in [5, -1, 2**64 + 3, -2**64 - 1, 2**100 + 7, False]:
    show("ulmask", v)
    show("ullmask", v)
show("ulmask", "x")
show("complex", 1.5, -2.0)
show("complex", 0.0, 0.0)
show("complexparts", 3 - 4j)
show("complexparts", 2.5)
show("complexparts", 7)
show("complexparts", "x")
l = [0, 1, 2, 3, 4]
for lo, hi in [(1, 3), (-5, 2), (3, 1), (2, 100), (10, 20), (0, 5)]:
    show("listslice", l, lo, hi)
show("listslice", (1, 2), 0, 1)

# exception types: the builtins themselves
expected = (GeneratorExit, UnboundLocalError, EOFError, SyntaxError, IndentationError,
            TabError, UnicodeEncodeError, OSError, OSError, OSError,
            ConnectionError, BrokenPipeError, FileNotFoundError, FileExistsError,
            PermissionError, IsADirectoryError, NotADirectoryError)
got = uobj("exceptions")
print([e.__name__ for e in got])
print(all(a is b for a, b in zip(got, expected)), len(got) == len(expected))
for i in range(4):
    try:
        uobj("raise", i)
    except EOFError as e:
        print("EOFError caught:", e)
    except FileNotFoundError as e:
        print("FileNotFoundError caught:", e, isinstance(e, OSError))
    except OSError as e:
        print("OSError caught:", e)
    except SyntaxError as e:
        print("SyntaxError caught:", e)

# exception links and class names
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise KeyError("k") from ValueError("v")
except KeyError as e:
    caught = e
c, x = uobj("links", caught)
print(type(c).__name__, c, type(x).__name__, x)
print(uobj("links", ValueError("fresh")))
e = uobj("setlinks", RuntimeError("r"), TypeError("t"), None)
print(repr(e.__cause__), e.__context__, e.__suppress_context__)
e = uobj("setlinks", e, None, OSError("o"))
print(e.__cause__, repr(e.__context__), e.__suppress_context__)


class MyError(Exception):
    pass


for t in (ValueError, MyError, OSError, KeyboardInterrupt):
    show("excname", t)

# PyDict_MergeFromSeq2 and the float limits
d = {"a": 1}
show("mergeseq2", d, [("a", 2), ["b", 3], "cd"], 0)
print(d)
show("mergeseq2", d, [("a", 2), ("b", 4)], 1)
print(d)
show("mergeseq2", d, [("x", 1), (1, 2, 3)], 1)
print(d)
show("mergeseq2", d, [("y", 1), 5], 1)
show("mergeseq2", d, [([], 1)], 1)
show("mergeseq2", d, 5, 1)
show("floatlimits")

# capsules: name, destructor and type
show("capsule")
show("capsulebad", 5, 0)
show("capsulebad", [], 1)
show("capsulebad", None, 2)


# PyIter_Send
def gen():
    x = yield 1
    print("  got", x)
    y = yield x * 2
    return "done %s" % y


g = gen()
show("send", g, None)
show("send", g, 21)
show("send", g, "y")
show("send", g, None)
it = iter([1])
show("send", it, None)
show("send", it, None)
show("send", 5, None)
show("send", [], 1)


def failing():
    yield 1
    raise ValueError("inside")


f = failing()
show("send", f, None)
show("send", f, None)

# PyLong_FromString
for text, base in [("123", 10), ("  -42  ", 10), ("0x1f", 16), ("0x1f", 0), ("1_000", 10),
                   ("z", 36), ("9" * 30, 10), ("0b101", 0), ("12a", 10), ("", 10),
                   ("7", 1), ("7", 37), ("010", 0), ("  ", 10)]:
    show("longfromstring", text, base)

# a C type with sq_concat and sq_repeat but no sq_item
import apimisc

show("concat", apimisc.Seq(), 5)
show("iconcat", apimisc.Seq(), [1])
show("repeat", apimisc.Seq(), 3)
show("irepeat", apimisc.Seq(), 2)
