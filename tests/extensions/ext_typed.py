# Every function with typed metadata, called with inputs that fit the
# declared types and inputs that do not. The output must be the same with
# the typed fast path on, with it off, and on CPython (which has none).
import bench_ext
import checks
import fastmath

inputs = [0, 1, -1, 7, 2**31, 2**62, -2**63, 2**63 - 1, 2**63, -2**63 - 1, 2**100,
          True, False, 0.0, 1.5, -2.25, 1e300, float("inf"), "", "abc", "a\0b",
          "é", None, [1], (2,), {"k": 3}]


def show(v):
    if isinstance(v, float):
        return f"{v!r}"
    return repr(v)


def attempt(label, f, *args):
    try:
        r = f(*args)
        print(label, "->", show(r))
    except Exception as e:
        print(label, "!!", type(e).__name__ + ":", e)


unary = [
    ("inc", bench_ext.inc), ("id", bench_ext.id), ("id_exc", bench_ext.id_exc),
    ("sqrt", fastmath.sqrt), ("sin", fastmath.sin), ("cos", fastmath.cos),
    ("exp", fastmath.exp), ("log", fastmath.log), ("popcount", fastmath.popcount),
    ("strlen_typed", checks.strlen_typed), ("is_positive", checks.is_positive),
    ("check_range", checks.check_range), ("type_name", checks.type_name),
    ("first_byte", checks.first_byte), ("flag_value", checks.flag_value),
]
for name, f in unary:
    for x in inputs:
        attempt(f"{name}({show(x)})", f, x)

binary = [
    ("obj", bench_ext.obj), ("fadd", bench_ext.fadd), ("hypot", fastmath.hypot),
    ("gcd", fastmath.gcd), ("add", checks.add), ("divide", checks.divide),
    ("scale", checks.scale), ("same_object", checks.same_object),
    ("count_char", checks.count_char),
]
pairs = [(6, 4), (-7, 2), (7, -2), (5, 0), (2**63 - 1, 1), (-2**63, -1), (1.5, 2),
         (3, 0.5), ("ab", "b"), ("aaa", "a"), (None, 3), (True, True), (2**64, 1),
         ("x", 1), ([1], [1])]
for name, f in binary:
    for a, b in pairs:
        attempt(f"{name}({show(a)}, {show(b)})", f, a, b)

attempt("fma", fastmath.fma, 1.5, 2, -0.5)
attempt("fma", fastmath.fma, 1, "2", 3)
attempt("sum8", checks.sum8, 1, 2, 3, 4, 5, 6, 7, 8)
attempt("sum8", checks.sum8, 1, 2, 3, 4, 5, 6, 7, 8.0)
attempt("sum8", checks.sum8, 1, 2, 3)
attempt("describe", checks.describe, 3, 0.25, [1, 2], "txt", True)
attempt("describe", checks.describe, 3, 1, None, "", False)
attempt("describe", checks.describe, 3.5, 1, None, "", False)
attempt("describe", checks.describe, 3, 1, None, "a\0", False)
attempt("log_call", checks.log_call, 5)
attempt("log_call", checks.log_call, 2**70)
attempt("log_call", checks.log_call, "x")
print("calls", checks.calls())
obj = [1, 2, 3]
print(checks.same_object(obj, obj), checks.same_object(obj, [1, 2, 3]))

# Small ints (-5..256) have one shared object each, as in CPython, also
# when the runtime boxes an unboxed int for C; larger ones do not.
n = 250
print([checks.same_object(i, i + 0) for i in (-6, -5, 0, 7, 256, 257)])
print(checks.same_object(n + 6, 256), checks.same_object(n + 7, n + 7))

# A box made for an int argument is kept for the next call only when the
# C function kept no reference to it: every result here is the argument
# itself, and must keep its own value after the calls that follow.
print([bench_ext.id(i) for i in range(1000, 1004)])
print([bench_ext.id_exc(i) for i in range(-2004, -2000)])
print([bench_ext.obj(bench_ext.id(i), i) for i in range(3000, 3003)])
kept = [bench_ext.id(2**40 + i) for i in range(3)]
print(kept, [bench_ext.onearg(i) for i in range(500, 600)].count(None), kept)
