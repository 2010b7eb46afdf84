# obj.m() on instances of C types. Once warm, the method's load and the
# call right after it (LOAD_METHOD_EXT, CALL_METHOD_EXT_NOARGS) run as one
# step. Results, errors the method raises, a receiver of another type at
# the same site, and an uncaught error's traceback must be CPython's.
import bench_ext
import checks


def check_all(objs):
    out = []
    for o in objs:
        try:
            out.append(o.check())
        except ValueError as e:
            out.append("ValueError: " + str(e))
    return out


p = checks.Pair(1, "x")
q = checks.Pair(-2, None)
for _ in range(100):
    r = check_all([p, q, p])
print(r)
p.a = -5
print(check_all([p]))
p.a = 7
print(check_all([p, checks.Pair(3, [1])]))


def noargs_of(objs):
    out = []
    for o in objs:
        out.append(o.noargs())
    return out


foo = bench_ext.Foo()
for _ in range(100):
    r = noargs_of([foo, foo])
print(r)
try:
    noargs_of([foo, p])
except AttributeError as e:
    print("AttributeError:", e)
print(noargs_of([foo]))


def swap_twice(o):
    return o.swap()[0], o.swap()[1]


for _ in range(100):
    r = swap_twice(p)
print(r)


def last(o):
    return o.check()


for _ in range(100):
    last(p)
p.a = -1
print("before")
last(p)
print("not reached")
