# f(x) where f is a local holding a C function and x a local or a
# constant: once warm, the pair of loads and the call run as one step (no
# pushes of f or x). Every calling convention, errors from C and from
# Python called back by C, a callee rebound to another kind of function at
# a warm site, and unbound locals must behave as in CPython.
import bench_ext
import checks
import fastmath


def conventions(n):
    inc, onearg, varargs = bench_ext.inc, bench_ext.onearg, bench_ext.varargs
    args_of, sqrt, call_back = checks.args_of, fastmath.sqrt, checks.call_back
    out = []
    for i in range(n):
        k = i * 4
        out = [inc(i), onearg(i), varargs(i), args_of(i), sqrt(k), inc(41),
               onearg(None), args_of("c"), call_back(bench_ext.noargs)]
    return out


print(conventions(100))


def ranges(xs):
    check = checks.check_range
    out = []
    for x in xs:
        try:
            out.append(check(x))
        except ValueError as e:
            out.append("ValueError: " + str(e))
        except OverflowError as e:
            out.append("OverflowError: " + str(e))
    return out


for _ in range(60):
    r = ranges([5, 100])
print(r)
print(ranges([5, -1, 101, 2**70, 50]))


def boom():
    raise KeyError("from Python")


def calls_back(fs):
    call_back = checks.call_back
    out = []
    for f in fs:
        try:
            out.append(call_back(f))
        except KeyError as e:
            out.append("KeyError: " + str(e))
    return out


for _ in range(60):
    r = calls_back([bench_ext.noargs])
print(r)
print(calls_back([boom, bench_ext.noargs, lambda: calls_back([boom])]))


def rebound(fs, x):
    out = []
    for f in fs:
        out.append(f(x))
    return out


for _ in range(60):
    r = rebound([bench_ext.inc], 1)
print(r)
print(rebound([bench_ext.inc, abs, lambda v: v * 2, bench_ext.onearg, str], -3))


def unbound_arg(flag):
    inc = bench_ext.inc
    if flag:
        x = 1
    return inc(x)


def unbound_callee(flag):
    if flag:
        f = bench_ext.inc
    return f(1)


for _ in range(60):
    unbound_arg(True)
    unbound_callee(True)
for f in (unbound_arg, unbound_callee):
    try:
        f(False)
    except UnboundLocalError as e:
        print("UnboundLocalError:", e)
