# Slices, indices and iterators from C: PySlice_* (GetIndicesEx, Unpack,
# AdjustIndices, New), PyIndex_Check and PyNumber_AsSsize_t, the
# _PyEval_SliceIndex converter, the built-in iterators' tp_iter and
# tp_iternext called through the type, _PyList_Extend, PyObject_SelfIter,
# and `+`/`*` of a C type with only sequence slots.
import apimisc

for s in [slice(None), slice(2, 8), slice(-3, None), slice(None, None, -1), slice(10, 2, -3),
          slice(-100, 100, 7), slice(5, 5), slice(2**70, -2**70, -1), slice(None, None, -2**70)]:
    print(s, [apimisc.slice_info(s, n) for n in (0, 1, 10)])
print(apimisc.slice_info(3, 5))
for s in [slice(None, None, 0), slice("a", 2), slice(1.5)]:
    try:
        print(apimisc.slice_info(s, 4))
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
for which in range(8):
    print(apimisc.new_slice(1, 2, 3, which))

for o in [0, 7, -7, True, 2**63 - 1, 2**63, -2**64, 2**100]:
    print(o, apimisc.as_index(o, 0))
    try:
        print(apimisc.as_index(o, 1))
    except OverflowError as e:
        print("OverflowError:", e)
for o in [1.5, "3", None]:
    try:
        print(apimisc.as_index(o, 1))
    except TypeError as e:
        print("TypeError:", e)

print(apimisc.slice_bounds(1), apimisc.slice_bounds(1, 5), apimisc.slice_bounds(1, None, -2))
print(apimisc.slice_bounds(1, 2**80, -2**80), apimisc.slice_bounds(1, True, False))
try:
    apimisc.slice_bounds(1, "x")
except TypeError as e:
    print("TypeError:", e)


def gen():
    yield "g1"
    yield "g2"


for it in [[1, 2, 3], (4, 5), range(3), range(2**70, 2**70 + 2), "ab", {"k": 1, "j": 2},
           {"k": 1}.values(), {"k": 1}.items(), reversed([1, 2]), enumerate("xy"),
           zip("ab", "cd"), map(abs, [-1, -2]), filter(None, [0, 1, 2]), gen(), iter([]), []]:
    print(apimisc.drain(it))
try:
    apimisc.drain(5)
except TypeError as e:
    print("TypeError:", e)


def failing():
    yield 1
    raise KeyError("inside")


try:
    apimisc.drain(failing())
except KeyError as e:
    print("KeyError:", e)

l = [1]
print(apimisc.extend(l, (2, 3)), apimisc.extend(l, gen()), apimisc.extend(l, []), l)
print(apimisc.extend(l, l), len(l))
try:
    apimisc.extend(l, 5)
except TypeError as e:
    print("TypeError:", e)
print(apimisc.self_iter(l), apimisc.self_iter(None))

s = apimisc.Seq()
print(len(s), s + 1, s + "x", s * 4, 3 * s, s * True, s * -2)
for bad in [lambda: s * 1.5, lambda: s * "x", lambda: 1 + s]:
    try:
        print(bad())
    except TypeError as e:
        print("TypeError:", e)
