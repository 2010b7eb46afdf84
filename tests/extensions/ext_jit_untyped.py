# Untyped C calls in loops the JIT compiles, which call the C function's
# ml_meth from machine code: every calling convention, arguments of every
# kind (unboxed numbers, constants, None, bools, locals of changing type,
# results of other calls), exceptions from C caught inside the loop,
# CPython's SystemErrors for functions that misbehave, C calling back into
# Python, and warnings C issues from a compiled loop.
import warnings

import bench_ext
import checks
import warnext


def conventions(n):
    acc = 0
    total = 0.0
    t = k = r = None
    for i in range(n):
        x = i * 0.5
        t = checks.args_of(i, x, None, True, "s", 2.5, -7)
        acc += len(t)
        if bench_ext.noargs() is None:
            acc += 1
        if bench_ext.onearg(i) is None:
            acc += 1
        if bench_ext.onearg(str(i)) is None:
            acc += 1
        total = bench_ext.fast_fadd(total, x)
        total = bench_ext.fast_fadd(total, 1.5)
        acc += bench_ext.fast_mixed(t, i)
        k = checks.fast_kw(i, x, i > 3)
        acc += len(k[0])
        r = checks.kwargs(i, 3, "c")
        acc += r[0] + r[1]
        if bench_ext.varargs() is None:
            acc += 1
    return acc, total, t, k, r


def changing(n):
    # `v` is an int on odd steps and a str on even ones: the slot holds
    # either, and only the int is boxed for the call.
    out = []
    items = [1, "a", 2.5, None, True, 2**70, -3]
    for i in range(n):
        # An operand slot holding a value of any type.
        out.append(bench_ext.fast_mixed(checks.args_of(items[i % 7]), i))
        if i % 2:
            v = i
        else:
            v = str(i)
        out.append(checks.args_of(v, [v], i % 3 == 0))
    return out


def raising(n):
    caught = 0
    last = None
    for i in range(n):
        try:
            if i % 7 == 3:
                checks.raise_value_error("bad value")
            checks.raise_format(i, [i, "x"])
        except ValueError as e:
            caught += 100
            last = str(e)
        except TypeError as e:
            caught += 1
            if i == n - 1:
                last = (last, str(e))
    return caught, last


def misbehaving(n):
    m1 = m2 = cause = None
    for i in range(n):
        try:
            checks.null_without_error()
        except SystemError as e:
            m1 = str(e)
        try:
            checks.result_with_error()
        except SystemError as e:
            m2 = str(e)
            cause = repr(e.__cause__)
    return m1, m2, cause


def twice(a, b=10):
    if a == 17:
        raise KeyError(a)
    return a * 2 + b


def callbacks(n):
    total = 0
    missed = 0
    for i in range(n):
        try:
            total += checks.call_back(twice, i)
            total += checks.call_back(twice, i, 1)
        except KeyError:
            missed += 1
    return total, missed


def warned(n):
    got = 0
    for i in range(n):
        got += warnext.warn_value(i)
    return got


def traceback_line(n):
    for i in range(n):
        if i == n - 1:
            checks.raise_value_error("from the last step")
        bench_ext.noargs()


class SubPair(checks.Pair):
    pass


def methods(pairs, n):
    # Methods of a C type called on its instances: NOARGS, O, one that
    # raises, and a Python subclass's instance at the same site.
    out = 0
    errors = 0
    for i in range(n):
        p = pairs[i % len(pairs)]
        out += len(p.swap())
        try:
            out += p.check()
        except ValueError:
            errors += 1
        out += len(p.scaled(i % 3).swap())
    return out, errors


def swapped(p, n):
    # C code exchanges two methods of the type (PyType_Modified) while a
    # compiled loop calls one of them.
    seen = []
    for i in range(n):
        if i == n // 2:
            checks.swap_methods(checks.Pair, "swap", "check")
        seen.append(p.swap())
    checks.swap_methods(checks.Pair, "swap", "check")
    return seen[0], seen[-1], len(seen)


def slots(objs, n):
    # len() and [i] of C types' instances: the length and item slots a
    # compiled loop calls itself (sq_item for Foo, mp_length and
    # mp_subscript for Pair), one that raises, and other containers at
    # the same sites.
    total = 0
    errors = []
    for i in range(n):
        o = objs[i % len(objs)]
        try:
            total += len(o)
            x = o[i % 2]
            if isinstance(x, int):
                total += x
            else:
                total += len(x)
            if o is objs[0]:
                total += o[-1]
        except (ValueError, IndexError, TypeError) as e:
            errors.append(type(e).__name__ + ": " + str(e))
    return total, errors[:3], len(errors)


for _ in range(300):
    conventions(3)
    changing(4)
    raising(8)
    misbehaving(4)
    callbacks(3)
plain = [checks.Pair(i, "x") for i in range(3)]
for _ in range(300):
    methods(plain, 4)
print(methods(plain, 30))
print(methods(plain + [checks.Pair(-1, None), SubPair(5, 6)], 30))
print(swapped(checks.Pair(3, 4), 3000))
foo = bench_ext.Foo()
for _ in range(300):
    slots([foo, checks.Pair(3, "ab")], 4)
print(slots([foo, checks.Pair(3, "ab")], 40))
print(slots([foo, checks.Pair(-3, "ab"), [5, 6], "xy", checks.Pair(1, 7)], 40))
print(conventions(30))
print(changing(7))
print(raising(30))
print(misbehaving(5))
print(callbacks(25))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(warned(3000))
print(len(w), str(w[0].message), w[0].category.__name__, w[-1].lineno)
try:
    traceback_line(3000)
except ValueError as e:
    import sys

    tb = sys.exc_info()[2]
    lines = []
    while tb is not None:
        lines.append(tb.tb_lineno)
        tb = tb.tb_next
    print("ValueError:", e, lines)
