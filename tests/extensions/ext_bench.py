# bench_ext: the typed-methods paper's functions and the cpyext shapes.
import bench_ext

print(bench_ext.inc(1), bench_ext.inc(-1), bench_ext.inc(True), bench_ext.inc(2**62))
print(bench_ext.obj(None, 41), bench_ext.obj("anything", -5))
o = [1, 2]
print(bench_ext.id(o) is o, bench_ext.id_exc(o) is o, bench_ext.id(7), bench_ext.id_exc("s"))
print(bench_ext.fadd(1.5, 2.25), bench_ext.fadd(1, 2), bench_ext.fadd(True, 0.5))

x = 0
i = 0
while i < 1000:
    x = bench_ext.inc(x)
    i = i + 1
print(x)
f = 0.0
for _ in range(1000):
    f = bench_ext.fadd(f, 1.5)
print(f)

print(bench_ext.noargs(), bench_ext.onearg(None), bench_ext.onearg(5))
print(bench_ext.varargs(), bench_ext.varargs(None, None), bench_ext.varargs(1, "a", [2]))
print(bench_ext.allocate_int(), bench_ext.allocate_tuple())

foo = bench_ext.Foo()
print(type(foo).__name__, type(foo).__module__, isinstance(foo, bench_ext.Foo))
print(foo.noargs(), foo.onearg(1), foo.varargs(1, 2), foo.allocate_int(), foo.allocate_tuple())
print(len(foo), foo[0], foo[41], foo[-1])
# The same method names from several code objects (each holds its own
# name object): the C-type method cache must answer every one of them.
f1 = lambda: foo.noargs()
f2 = lambda: foo.onearg(2)
f3 = lambda: foo.noargs()
print([(f1(), f2(), f3()) for _ in range(3)])
print(bench_ext.Foo.__name__, bench_ext.Foo.__doc__)
print(bench_ext.inc.__name__, bench_ext.inc.__doc__)
print(bench_ext.inc, bench_ext.Foo)

for call in [
    lambda: bench_ext.inc("x"),
    lambda: bench_ext.inc(1.5),
    lambda: bench_ext.inc(2**63),
    lambda: bench_ext.inc(),
    lambda: bench_ext.inc(1, 2),
    lambda: bench_ext.inc(x=1),
    lambda: bench_ext.obj(1),
    lambda: bench_ext.obj(None, "x"),
    lambda: bench_ext.fadd("a", 1.0),
    lambda: bench_ext.fadd(2**2000, 1.0),
    lambda: bench_ext.noargs(1),
    lambda: bench_ext.onearg(),
    lambda: foo[42],
    lambda: foo["a"],
    lambda: foo.noargs(1),
    lambda: foo.missing,
    lambda: bench_ext.missing,
]:
    try:
        print("ok", call())
    except Exception as e:
        print(type(e).__name__ + ":", e)
