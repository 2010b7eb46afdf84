import copy

def t(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)

# atoms come back as they are
for x in [None, True, 0, 10**30, 1.5, "s", b"b", (1, "a"), frozenset({1}), range(3), slice(1, 2), len, int, Ellipsis, NotImplemented, print]:
    print("atom", type(x).__name__, copy.copy(x) is x)
for x in [None, True, 0, 10**30, 1.5, "s", b"b", (1, "a"), range(3), len, int, Ellipsis]:
    print("deep atom", type(x).__name__, copy.deepcopy(x) is x)
fs = frozenset([1, 2])
print("frozenset deep", copy.deepcopy(fs) is fs, copy.deepcopy(fs) == fs)
sl = slice(1, [2], 3)
print("slice deep", copy.deepcopy(sl) is sl, copy.deepcopy(sl), copy.deepcopy(sl).stop is sl.stop)

# containers
l = [1, [2, 3], {"k": [4]}]
c = copy.copy(l)
print("list copy", c == l, c is l, c[1] is l[1])
dc = copy.deepcopy(l)
print("list deep", dc == l, dc[1] is l[1], dc[2]["k"] is l[2]["k"])
d = {"b": [1], "a": 2, 3: (4, [5])}
cd = copy.copy(d)
print("dict copy", cd, list(cd), cd["b"] is d["b"])
dd = copy.deepcopy(d)
print("dict deep", dd, list(dd), dd["b"] is d["b"], dd[3] is d[3], dd[3][1] is d[3][1])
s = {3, 1, (2, 4)}
print("set copy", copy.copy(s) == s, copy.copy(s) is s, copy.deepcopy(s) == s)
t1 = (1, 2, "x")
print("tuple deep same", copy.deepcopy(t1) is t1)
t2 = (1, [2])
print("tuple deep new", copy.deepcopy(t2) is t2, copy.deepcopy(t2))
print("empty", copy.copy([]), copy.copy({}), copy.copy(set()), copy.deepcopy([[], {}, ()]))

# sharing and cycles
shared = [0]
pair = [shared, shared]
dp = copy.deepcopy(pair)
print("shared", dp[0] is dp[1], dp[0] is shared)
cyc = [1]
cyc.append(cyc)
dcyc = copy.deepcopy(cyc)
print("cycle list", dcyc[1] is dcyc, dcyc is cyc, dcyc)
cd2 = {}
cd2["me"] = cd2
dcd2 = copy.deepcopy(cd2)
print("cycle dict", dcd2["me"] is dcd2, dcd2 is cd2)
ct = ([],)
ct[0].append(ct)
dct = copy.deepcopy(ct)
print("cycle tuple", dct[0][0] is dct, dct is ct)

# memo
memo = {}
lst = [1, 2]
r = copy.deepcopy([lst, lst], memo)
print("memo", len(memo), sorted(type(v).__name__ for v in memo.values()), memo[id(lst)] is r[0])
print("memo keep", memo[id(memo)][0] is lst)
m2 = {id(lst): "preset"}
print("memo preset", copy.deepcopy([lst], m2))
t("memo bad", lambda: copy.deepcopy([1], 5))
t("memo atom", lambda: copy.deepcopy(1, 5))

class Plain:
    def __init__(self, a, b):
        self.a = a
        self.b = b
    def __repr__(self):
        return "Plain(%r, %r)" % (self.a, self.b)

p = Plain([1], {"x": 2})
cp = copy.copy(p)
print("inst copy", cp, cp is p, cp.a is p.a, type(cp) is Plain)
dp = copy.deepcopy(p)
print("inst deep", dp, dp.a is p.a, dp.b is p.b)
p.self = p
dps = copy.deepcopy(p)
print("inst cycle", dps.self is dps)
class Empty:
    pass
print("empty inst", copy.copy(Empty()).__dict__, copy.deepcopy(Empty()).__dict__)

class Hooks:
    def __init__(self, v):
        self.v = v
    def __copy__(self):
        print("  __copy__ called")
        return Hooks(self.v + ["copied"])
    def __deepcopy__(self, memo):
        print("  __deepcopy__ called with", type(memo).__name__)
        return Hooks(copy.deepcopy(self.v, memo) + ["deep"])
h = Hooks([1])
print("hooks", copy.copy(h).v, copy.deepcopy(h).v, copy.deepcopy([h, h])[0].v)

class Tree:
    def __init__(self, name, children=()):
        self.name = name
        self.children = list(children)
        self.parent = None
        for ch in self.children:
            ch.parent = self
root = Tree("root", [Tree("a"), Tree("b", [Tree("c")])])
r2 = copy.deepcopy(root)
print("tree", r2.children[1].children[0].parent.parent is r2, r2.children[0] is root.children[0], r2.children[1].children[0].name)

class State:
    def __init__(self):
        self.x = 1
        self.cache = "big"
    def __getstate__(self):
        st = self.__dict__.copy()
        del st["cache"]
        return st
    def __setstate__(self, st):
        print("  setstate", sorted(st))
        self.__dict__.update(st)
        self.cache = "rebuilt"
s2 = copy.copy(State())
print("state", s2.x, s2.cache)
s3 = copy.deepcopy(State())
print("state deep", s3.x, s3.cache)

class OnlySet:
    def __setstate__(self, st):
        print("  setstate got", st)
o = OnlySet()
o.q = 5
copy.copy(o)
copy.copy(OnlySet())

class Red:
    def __init__(self, v):
        self.v = v
    def __reduce__(self):
        return (Red, (self.v * 2,))
print("reduce", copy.copy(Red(3)).v, copy.deepcopy(Red([1])).v)

class RedStr:
    def __reduce__(self):
        return "global_name"
rs = RedStr()
print("reduce str", copy.copy(rs) is rs, copy.deepcopy(rs) is rs)

class RedEx:
    def __reduce_ex__(self, proto):
        print("  reduce_ex proto", proto)
        return (RedEx, (), {"restored": True})
print("reduce_ex", copy.copy(RedEx()).__dict__)

class RedFull:
    def __reduce__(self):
        return (list, (), None, iter([1, [2]]), None)
rf = copy.deepcopy(RedFull())
print("listiter", rf)
class RedDict:
    def __reduce__(self):
        return (dict, (), None, None, iter([("a", [1]), ("b", 2)]))
print("dictiter", copy.copy(RedDict()), copy.deepcopy(RedDict()))
class RedBad:
    def __reduce__(self):
        return (RedBad,)
t("reduce short", lambda: copy.copy(RedBad()))
class RedNum:
    def __reduce__(self):
        return 5
t("reduce int", lambda: copy.copy(RedNum()))

class Slots:
    __slots__ = ("a", "__b")
    def __init__(self):
        self.a = [1]
        self.__b = 2
    def get_b(self):
        return self.__b
s4 = Slots()
cs = copy.copy(s4)
print("slots", cs.a is s4.a, cs.get_b())
ds = copy.deepcopy(s4)
print("slots deep", ds.a is s4.a, ds.a, ds.get_b())
s5 = Slots.__new__(Slots)
print("slots unset", hasattr(copy.copy(s5), "a"))

class Base:
    def __init__(self):
        self.base = "b"
class Derived(Base):
    def __init__(self):
        super().__init__()
        self.derived = [1]
dv = copy.deepcopy(Derived())
print("derived", type(dv).__name__, dv.base, dv.derived)

class NeedsArg:
    def __new__(cls, a):
        return object.__new__(cls)
    def __init__(self, a):
        self.a = a
t("new with arg", lambda: copy.copy(NeedsArg(1)))

class WithGetattr:
    def __getattr__(self, name):
        if name == "__deepcopy__":
            return lambda memo: "from __getattr__"
        raise AttributeError(name)
print("getattr deepcopy", copy.deepcopy(WithGetattr()))

e = ValueError("bad", 2)
e.note = [1]
ce = copy.copy(e)
print("exc copy", type(ce).__name__, ce.args, ce.note is e.note, ce is e)
de = copy.deepcopy(e)
print("exc deep", de.args, de.note is e.note, de.note)
class MyErr(Exception):
    def __init__(self, code):
        super().__init__("code %d" % code)
        self.code = code
t("custom exc", lambda: copy.copy(MyErr(3)))

class Meth:
    def f(self):
        return self.v
mo = Meth()
mo.v = [1]
bm = copy.deepcopy(mo.f)
print("method deep", bm(), bm.__self__ is mo, bm.__func__ is Meth.f)
print("method copy", copy.copy(mo.f)() is mo.v)
print("class copy", copy.copy(Meth) is Meth, copy.deepcopy(Meth) is Meth)

def gen():
    yield 1
t("generator", lambda: copy.copy(gen()))
t("generator deep", lambda: copy.deepcopy([gen()]))
import math
t("module", lambda: copy.copy(math))
t("module deep", lambda: copy.deepcopy(math))

print(copy.Error, copy.error is copy.Error, copy.Error.__mro__)
try:
    raise copy.Error("nope")
except copy.Error as err:
    print("raised", type(err).__name__, err)
t("no args", lambda: copy.copy())
t("too many", lambda: copy.copy(1, 2))
t("deep too many", lambda: copy.deepcopy(1, None, None, None))
t("deep kw", lambda: copy.deepcopy(x=[1]))
t("copy kw", lambda: copy.copy(y=[1]))

big = [[i, {"k": i}] for i in range(1000)]
bd = copy.deepcopy(big)
print("big", bd == big, bd[500][1] is big[500][1])
deep = []
for i in range(100):
    deep = [deep]
print("nested 100", copy.deepcopy(deep) == deep)

class NoneHooks:
    __copy__ = None
    __deepcopy__ = None
    def __init__(self):
        self.v = [1]
nh = NoneHooks()
print("hooks None", copy.copy(nh).v is nh.v, copy.deepcopy(nh).v is nh.v)
