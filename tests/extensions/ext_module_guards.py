# `module.func(x)` in a loop, as real code spells it: compiled code checks
# that the module and its attribute are still what they were with a
# dict-version compare, and takes the new binding the moment either is
# rebound (by this loop, by other code, or by adding and removing names).
import bench_ext
import checks


def calls(n):
    x = 0
    for i in range(n):
        x = bench_ext.inc(x)
    return x


def floats(n):
    x = 0.0
    for i in range(n):
        x = bench_ext.fadd(x, 1.5)
    return x


def rebind_attr_midway(n):
    x = 0
    for i in range(n):
        if i == n // 2:
            bench_ext.inc = lambda v: v + 100
        x = bench_ext.inc(x)
    return x


def rebind_global_midway(n):
    global checks
    t = 0
    for i in range(n):
        if i == n // 2:
            checks = Fake()
        t = checks.add(t, i)
    return t


class Fake:
    def add(self, a, b):
        return a - b


for _ in range(300):
    calls(5)
    floats(5)
print(calls(1000), floats(1000))
real_inc = bench_ext.inc
# Unrelated changes to the module and the globals: the versions move, the
# bindings do not.
bench_ext.extra = 1
del bench_ext.extra
unrelated = 5
print(calls(10), floats(4))
print(rebind_attr_midway(10), calls(3))
bench_ext.inc = real_inc
print(calls(3))
real_checks = checks
print(rebind_global_midway(10))
checks = real_checks
print(rebind_global_midway(6))
