# Calling conventions, argument parsing and value building.
import checks

print(checks.kwargs(1), checks.kwargs(1, 5), checks.kwargs(1, 5, "c"))
print(checks.kwargs(a=3), checks.kwargs(4, c="kw"), checks.kwargs(b=9, a=8))
for call in [
    lambda: checks.kwargs(),
    lambda: checks.kwargs(1, 2, "x", 4),
    lambda: checks.kwargs(1, d=5),
    lambda: checks.kwargs(1, a=2),
    lambda: checks.kwargs("s"),
    lambda: checks.kwargs(1, 2, 3),
]:
    try:
        print("ok", call())
    except TypeError as e:
        print("TypeError:", e)

print(checks.fast_kw(), checks.fast_kw(1, 2), checks.fast_kw(1, x=2, y="z"))

print(checks.parse(1, 2, 3, 4.5, "s#", "s", b"by", None, [1], True))
print(checks.parse(-1, -2**62, 2**40, 3, "", "t", b"", "obj", [], 0, 77))
for args in [
    (1, 2, 3, 4.5, "s#", "s", b"by", None, [1]),
    ("1", 2, 3, 4.5, "a", "b", b"c", None, [], 1),
    (2**40, 2, 3, 4.5, "a", "b", b"c", None, [], 1),
    (1, 2**64, 3, 4.5, "a", "b", b"c", None, [], 1),
    (1, 2, 3, "x", "a", "b", b"c", None, [], 1),
    (1, 2, 3, 4.5, 5, "b", b"c", None, [], 1),
    (1, 2, 3, 4.5, "a", "b\0", b"c", None, [], 1),
    (1, 2, 3, 4.5, "a", "b", "str", None, [], 1),
    (1, 2, 3, 4.5, "a", "b", b"c", None, (), 1),
    (1, 2, 3, 4.5, "a", "b", b"c", None, [], 1, 2, 3),
]:
    try:
        print("ok", checks.parse(*args))
    except Exception as e:
        print(type(e).__name__ + ":", e)

print(checks.build())
# Py_BuildValue's format shapes and errors, as CPython gives them.
for k in range(16):
    try:
        print("build", k, checks.build_case(k))
    except SystemError as e:
        print("build", k, "SystemError:", e)
print(checks.ANSWER, checks.GREETING, checks.__name__, checks.__doc__)
print(checks.kwargs.__name__, type(checks.kwargs).__name__)

# METH_VARARGS argument tuples are reused by later calls only when the C
# function kept no reference: a tuple it returned stays as it was.
kept = [checks.args_of(i, "x") for i in range(3)]
kept.append(checks.args_of(7, 8))
a = checks.args_of(1)
b = checks.args_of(2)
print(kept, a, b, a is b)
for i in range(50):
    checks.kwargs(i, i + 1, "loop")
print(kept, a, b, checks.args_of([1], (2,)), checks.args_of(9, [3]), checks.args_of(4, 5, 6, 7, 8))
print([checks.kwargs(i, i * 2) for i in range(3)], [checks.args_of(i) for i in range(3)])
