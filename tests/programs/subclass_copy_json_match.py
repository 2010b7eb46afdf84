# Instances of classes deriving from built-in types with copy, deepcopy,
# json and match, and in reference cycles (collected: the corpus runs
# with --check-leaks).
import copy
import json


class D(dict):
    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.created = True

    def __setitem__(self, k, v):
        super().__setitem__(k, v * 2)


d = D({"a": 1}, b=2)
d["c"] = 3
print(d, d.created)
for c in (copy.copy(d), copy.deepcopy(d)):
    print(c, type(c).__name__, c.created, c is d)


class L(list):
    pass


l = L([1, [2]])
l.tag = "x"
l2 = copy.deepcopy(l)
l3 = copy.copy(l)
print(l2, type(l2).__name__, l2.tag, l2[1] is l[1], l3[1] is l[1], l3.tag)


class T(tuple):
    pass


t = T([1, [2]])
print(copy.copy(t), type(copy.copy(t)).__name__, copy.copy(t) is t, copy.deepcopy(t)[1] is t[1])


class S(str):
    pass


s = S("abc")
s.x = 1
print(copy.copy(s), type(copy.copy(s)).__name__, copy.copy(s).x, copy.copy(s) is s)


class I(int):
    pass


class F(float):
    pass


print(copy.deepcopy(I(7)), type(copy.deepcopy(I(7))).__name__, copy.copy(F(1.5)), type(copy.copy(F(1.5))).__name__)


class St(set):
    pass


st = St([1, 2])
st.q = 9
c = copy.deepcopy(st)
print(c, type(c).__name__, c.q)


class Slotted(list):
    __slots__ = ("a",)


sl = Slotted([1])
sl.a = "slot"
print(copy.copy(sl), copy.copy(sl).a, copy.deepcopy(sl).a)


class WithCopy(list):
    def __copy__(self):
        return "custom copy"

    def __deepcopy__(self, memo):
        return "custom deepcopy"


print(copy.copy(WithCopy()), copy.deepcopy(WithCopy()))

print(json.dumps({"l": L([1, 2]), "t": T((3,)), "s": S("s"), "i": I(4), "f": F(0.5), "d": D(x=1)}))
print(json.dumps([D(z=1), L()], indent=1), json.dumps(S("q")), json.dumps(I(5)))


class Odd(dict):
    def items(self):
        return [("fake", 1)]


print(json.dumps(Odd(real=2)))

for subject in [L([1, 2]), T((1, 2)), D(k=1), I(3), S("q"), F(2.0), St([1]), [1, 2]]:
    match subject:
        case L([a, b]):
            print("L", a, b)
        case tuple((a, b)):
            print("tuple", a, b, type(subject).__name__)
        case {"k": v}:
            print("map", v, type(subject).__name__)
        case I(n):
            print("I", n, type(n).__name__)
        case str(x):
            print("str", x, type(x).__name__)
        case float(x):
            print("float", x, type(x).__name__)
        case set():
            print("set", subject)
        case list():
            print("plain list", subject)


class P(tuple):
    __match_args__ = ("first",)

    @property
    def first(self):
        return self[0]


match P((7, 8)):
    case P(first=f):
        print("kw", f)
match P((7, 8)):
    case P(f):
        print("pos", f)
match P((7, 8)):
    case [x, y]:
        print("seq", x, y)

class Plain(dict):
    pass


# Cycles through subclass instances, their __dict__ and their items.
a = L()
a.append(a)
b = Plain()
b["self"] = b
b.me = b
e = S("cyc")
e.ref = [e]
x, y = L(), L()
x.append(y)
y.append(x)
x.other = y
del a, b, e, x, y
print("done")
