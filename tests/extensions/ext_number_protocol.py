# The number protocol from C (PyNumber_* binary, in-place, unary and
# power), PySequence_Contains, PyDict_Merge/PyDict_Update,
# PyUnicode_Compare, PyObject_Format, _PyLong_NumBits and
# PyErr_WriteUnraisable, against what Python's operators and builtins do.
import apimisc


def show(f, *args):
    try:
        r = f(*args)
        print(type(r).__name__, r)
    except Exception as e:
        print(type(e).__name__ + ":", e)


pairs = [(7, 3), (-7, 3), (7.5, 2), (2**70, 3), (True, 5), (6, 0), ("ab", 3), ([1], [2]), (3, "x")]
for name in ["add", "sub", "mul", "truediv", "floordiv", "mod", "lshift", "rshift", "and", "or", "xor",
             "pow"]:
    print(name)
    for a, b in pairs:
        show(apimisc.number_op, name, a, b)

for name in ["neg", "pos", "invert", "abs"]:
    for a in [5, -5, 2.5, -2**70, True, "s"]:
        show(apimisc.number_op, name, a)

print(apimisc.number_op("pow", 3, 4, 5), apimisc.number_op("pow", 3, -1, 7), apimisc.number_op("ipow", 2, 10))
show(apimisc.number_op, "pow", 3.0, 2, 5)
show(apimisc.number_op, "pow", 3, 2, 0)

# In place: a list changes itself; an int gives a new object.
xs = [1, 2]
ys = apimisc.number_op("iadd", xs, [3])
print(xs, ys is xs)
zs = apimisc.number_op("imul", xs, 2)
print(xs, zs is xs)
n = 10
print(apimisc.number_op("iadd", n, 5), n)
show(apimisc.number_op, "isub", [1], [1])
show(apimisc.number_op, "iadd", 1, "a")


class Acc:
    def __init__(self, v):
        self.v = v

    def __iadd__(self, o):
        self.v += o
        return self

    def __add__(self, o):
        return Acc(self.v + o)

    def __radd__(self, o):
        return "radd " + str(o)

    def __neg__(self):
        return "neg"

    def __abs__(self):
        return "abs"

    def __format__(self, spec):
        return "Acc[" + spec + "]"


a = Acc(1)
r = apimisc.number_op("iadd", a, 4)
print(r is a, a.v)
r = apimisc.number_op("add", a, 1)
print(r is a, r.v)
print(apimisc.number_op("add", 3, a), apimisc.number_op("neg", a), apimisc.number_op("abs", a))
for name in ["isub", "imul", "itruediv", "ifloordiv", "imod", "ilshift", "irshift", "iand", "ior", "ixor"]:
    show(apimisc.number_op, name, 12, 5)
show(apimisc.number_op, "nope", 1, 2)

print(apimisc.contains([1, 2, 3], 2), apimisc.contains((1, 2), 5), apimisc.contains("abc", "bc"),
      apimisc.contains({"k": 1}, "k"), apimisc.contains(range(10), 9))
show(apimisc.contains, 5, 1)
show(apimisc.contains, "abc", 1)

d = {"a": 1, "b": 2}
apimisc.merge(d, {"b": 20, "c": 30}, 1)
print(d)
apimisc.merge(d, {"a": 100, "z": 26}, 0)
print(d)
apimisc.merge(d, {"a": -1}, -1)
print(d)


class Mapping:
    def keys(self):
        return ["m", "a"]

    def __getitem__(self, k):
        return k * 2


apimisc.merge(d, Mapping(), 0)
print(d)
apimisc.merge(d, Mapping(), 1)
print(d)
show(apimisc.merge, d, [("x", 1)], 1)
try:
    apimisc.merge([], {}, 1)
except SystemError:
    print("SystemError for a target that is no dict")

for a, b in [("a", "b"), ("b", "a"), ("same", "same"), ("", "x"), ("é", "z"), ("z", "é"), ("\U0001F600", "\uffff")]:
    print(repr(a), repr(b), apimisc.ucompare(a, b))
show(apimisc.ucompare, "a", 1)
show(apimisc.ucompare, b"a", "a")

for o, spec in [(3.14159, ".2f"), (42, "08b"), ("s", ">5"), (Acc(0), "xy"), (None, "")]:
    print(repr(apimisc.format_obj(o, spec)))
print(repr(apimisc.format_obj(7)), repr(apimisc.format_obj(Acc(0))))
show(apimisc.format_obj, 1, "z")

for o in [0, 1, -1, 255, 256, -256, 2**63 - 1, -2**63, 2**64, 2**200 + 1, True]:
    print(o, apimisc.num_bits(o))

apimisc.unraisable("first")
apimisc.unraisable("second", "an object")
apimisc.unraisable("third", None)


def nested():
    apimisc.unraisable("fourth", [1, 2])


nested()
print("after the unraisable reports")
