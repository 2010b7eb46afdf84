# A cached attribute and method of a subclass instance after the base
# class changes (the version tag read from the type object moves).
class A:
    def __init__(self): self.x = 1
    def m(self): return "A.m"
class B(A):
    pass
def f(o): return o.x, o.m()
b = B()
for i in range(20): r = f(b)
print(r)
A.m = lambda self: "new"
print(f(b))
A.x = property(lambda self: "prop")
print(f(b))
del A.x
print(f(b))
b.__class__ = A
print(f(b))
