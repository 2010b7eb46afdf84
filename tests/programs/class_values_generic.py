# Attributes set and read through the generic paths (setattr, hasattr,
# __dict__, deletion) on instances that keep their inline values, and the
# quickened loads of those attributes afterwards.
class P:
    def __init__(self, a):
        self.a = a
        self.b = a + 1
    def m(self): return "m"
objs = [P(i) for i in range(3)]
o = objs[0]
setattr(o, "c", 5)
o.d = 7
print(getattr(o, "c"), hasattr(o, "d"), hasattr(o, "zz"), o.a, o.b)
o.m = lambda: "shadow"
print(o.m())
del o.m
print(o.m())
q = P(10)
q.x = 1
print(q.__dict__)
q.a = 99
print(q.__dict__, q.a)
r = P(3)
print(r.__dict__)
delattr(r, "a")
print(r.__dict__, hasattr(r, "a"))
try:
    r.a
except AttributeError as e:
    print(e)
def loop(ps):
    t = 0
    for p in ps:
        t += p.a + p.b
    return t
ps = [P(i) for i in range(50)]
print(loop(ps), loop(ps))
ps[3].b = "s"
try: loop(ps)
except TypeError as e: print(e)
class S:
    __slots__ = ("a",)
s = S()
try:
    s.b = 1
except AttributeError as e:
    print(e)
s.a = 3
print(s.a)
class Q(P):
    pass
qq = Q(1)
qq.zz = 2
print(qq.__dict__, qq.zz)
for i in range(40):
    setattr(qq, "k" + str(i), i)
print(len(qq.__dict__), qq.k39)
