# Heap types made from a PyType_Spec: members, methods, get-sets and the
# usual slots, inheritance between spec types, the module a type belongs
# to, reference counting of the type by its instances, and the errors of a
# bad spec.
import heaptypes
from heaptypes import Point, Point3, Counter

print(Point, Point3, Counter)
print(Point.__name__, Point.__module__, Point.__doc__)
print(heaptypes.flags(Point), heaptypes.flags(Counter), heaptypes.flags(Point3))

p = Point(3, 4)
print(p, p.x, p.y, p.norm2(), p.sum)
p.scale(2)
p.sum = 20
print(p, p.sum)
p.tag = "hello"
print(p.tag)
try:
    Point(1, 2).tag
except AttributeError as e:
    print("AttributeError", e)
try:
    p.x = "no"
except TypeError as e:
    print("TypeError", e)
try:
    Point("a")
except TypeError as e:
    print("TypeError", e)
print(Point(1, 2) == Point(1, 2), Point(1, 2) != Point(1, 2), Point(1, 2) == 5)
print(hash(Point(1, 2)) == hash(Point(1, 2)))
print(Point(1, 2) + Point(10, 20))
print(len({Point(1, 2): 1, Point(1, 2): 2, Point(2, 1): 3}))

q = Point3(1, 2)
q.z = 2
print(q, q.z, q.norm2(), q.sum, isinstance(q, Point), issubclass(Point3, Point))
print(type(q) is Point3, type(q).__name__)

c = Counter()
print(c.bump(), c.bump(), c.module_name())
try:
    Counter(1)
except TypeError as e:
    print("TypeError", e)

print(heaptypes.get_module(Counter) is heaptypes)
for t in (Point, int):
    try:
        heaptypes.get_module(t)
    except TypeError as e:
        print("TypeError", e)
print(heaptypes.get_module_state_is_null(Counter))
print(heaptypes.repr_slot_is_point_repr(Point), heaptypes.repr_slot_is_point_repr(Counter))

print(heaptypes.ephemeral())
before = heaptypes.freed()
for i in range(5):
    Point(i, i)
print(heaptypes.freed() - before)

try:
    heaptypes.make_bad_slot()
except RuntimeError as e:
    print("RuntimeError", e)
try:
    heaptypes.make_sub(Counter)
except TypeError as e:
    print("TypeError", e)
try:
    heaptypes.make_sub(5)
except TypeError as e:
    print("TypeError", e)
Sub = heaptypes.make_sub(Point)
print(Sub, Sub.__module__, issubclass(Sub, Point))


class Py(Point):
    def norm2(self):
        return -super().norm2()


r = Py(1, 1)
print(r, r.norm2(), type(r).__name__)
del r

# A spec name without a module: made, with a DeprecationWarning (shown:
# the call comes from __main__), and no __module__.
U = heaptypes.make_undotted()
print(U, U.__name__)
try:
    U.__module__
except AttributeError as e:
    print("AttributeError", e)

NoNew = heaptypes.make_nonew()
try:
    NoNew()
except TypeError as e:
    print("TypeError", e)
# A spec copied from the stack: CPython copies members and names, so the
# type outlives the spec.
V = heaptypes.make_via_bases_slot(Point)
v = V(2, 3)
print(V, issubclass(V, Point), v, v.x, v.norm2())


class Outer:
    class Inner:
        pass


print(heaptypes.names(Point), heaptypes.names(int), heaptypes.names(Outer.Inner))

# A Python class deriving from a spec type whose instances are freed by
# the default deallocator.
Plain = heaptypes.make_plain()


class PyPlain(Plain):
    def twice(self):
        return self.bump() + self.bump()


pp = PyPlain()
print(pp.twice(), type(pp).__name__, isinstance(pp, Plain))
del pp
