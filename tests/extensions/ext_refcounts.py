# Reference counts seen from Python across C calls: balanced calls leave
# them unchanged; leak_ref and borrowed_return misuse them detectably.
import sys
import checks
import bench_ext

x = [1, 2, 3]
base = sys.getrefcount(x)
for _ in range(1000):
    bench_ext.id(x)
    bench_ext.id_exc(x)
    bench_ext.obj(x, 1)
    bench_ext.onearg(x)
    bench_ext.varargs(x, x)
    checks.same_object(x, x)
    checks.type_name(x)
    checks.call_back(len, x)
print("balanced:", sys.getrefcount(x) - base)

checks.leak_ref(x)
print("after leak_ref:", sys.getrefcount(x) - base)
y = checks.borrowed_return(x)
del y
print("after borrowed_return:", sys.getrefcount(x) - base)

d = {"k": x}
print("in dict:", sys.getrefcount(x) - base)
del d
print("after del:", sys.getrefcount(x) - base)

p = checks.Pair(1, x)
print("in Pair:", sys.getrefcount(x) - base)
del p
print("Pair freed:", sys.getrefcount(x) - base)
