# LOAD_METHOD_INSTANCE trusts that no inline value is named like the
# method: an instance attribute that shadows it (set later, on a subclass
# instance, or carried over by a __class__ assignment) must still win.
class A:
    def __init__(self, k):
        self.k = k
    def m(self):
        return "method"
def call(o):
    return o.m()
objs = [A(i) for i in range(30)]
for o in objs:
    call(o)
print(call(objs[0]))
objs[1].m = lambda: "instance attr"
print(call(objs[1]), call(objs[0]))
b = A(5)
print(call(b))
b.m = lambda: "again"
print(call(b), call(A(1)))
class B(A):
    pass
bs = [B(i) for i in range(30)]
for o in bs:
    call(o)
bs[4].m = lambda: "sub shadow"
print(call(bs[4]), call(bs[5]))
class X:
    def __init__(self): self.m = lambda: "x value"
x = X()
x.__class__ = A
print(call(x))
for i in range(20): call(A(i))
print(call(x))
