# Classes deriving from dict: the dict's behaviour, the class's overrides
# first, super() and dict.method(self, ...) reaching the built-in ones.


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


class D(dict):
    pass


d = D(a=1, b=2)
d["c"] = 3
print(d, type(d).__name__, isinstance(d, dict), issubclass(D, dict))
print(len(d), list(d), d.keys(), d.values(), d.items(), "a" in d, d.get("z", 0))
print(d == {"a": 1, "b": 2, "c": 3}, {"a": 1, "b": 2, "c": 3} == d, d != {})
print(sorted(d.items()), dict(d), type(dict(d)).__name__, {**d})
d.pop("c")
d.setdefault("e", 5)
d.update({"f": 6}, g=7)
print(d, d.copy(), type(d.copy()).__name__)
d.tag = "t"
print(d.tag, d.__dict__, vars(d))
show("missing", lambda: d["nope"])
show("hash", lambda: hash(d))
show("key", lambda: {d: 1})
show("attr", lambda: d.nothing)
del d["a"]
print(d, bool(D()), bool(d))


class Defaulting(dict):
    def __missing__(self, key):
        return key * 2


m = Defaulting(x=1)
print(m["x"], m["yy"], m.get("yy"), "yy" in m, m)
show("missing via dict.__getitem__", lambda: dict.__getitem__(m, "q"))


class Logged(dict):
    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.log = []

    def __setitem__(self, key, value):
        self.log.append(key)
        super().__setitem__(key, value * 10)

    def __getitem__(self, key):
        return ("got", super().__getitem__(key))

    def __delitem__(self, key):
        self.log.append(("del", key))
        dict.__delitem__(self, key)

    def __contains__(self, key):
        return key == "magic" or dict.__contains__(self, key)

    def __len__(self):
        return 42

    def __iter__(self):
        return iter(["fake"])

    def __repr__(self):
        return "Logged(" + dict.__repr__(self) + ")"

    def __eq__(self, other):
        return "eq!"

    __hash__ = None


lg = Logged({"a": 1})
lg["b"] = 2
print(lg["a"], lg["b"], lg.get("b"), lg.log)
del lg["a"]
print(lg.log, "magic" in lg, "b" in lg, "zz" in lg)
print(len(lg), list(lg), lg, repr(lg), str(lg), lg == 5, dict(lg), lg.keys())
print([k for k in lg], sorted(lg.items()), bool(lg))
show("unhashable", lambda: hash(lg))
print(dict.__len__(lg), dict.__repr__(lg), dict.__eq__(lg, {"b": 20}))


class Ordered(dict):
    def keys(self):
        return ["z"]


o = Ordered(a=1)
print(o.keys(), list(o), dict.keys(o))


class Sub(Logged):
    def __getitem__(self, key):
        return ("sub", super().__getitem__(key))


s = Sub(k=1)
print(s["k"], s.log, Sub.__mro__[1:], isinstance(s, Logged))

# dict methods reached through the class and through super()
print(D.fromkeys("ab", 0), type(D.fromkeys("ab")).__name__, D().fromkeys([1]))
print(D.keys, D.__getitem__(D(q=9), "q"), D.get(D(q=9), "q"))
show("descriptor check", lambda: dict.__getitem__([1], 0))
show("too many", lambda: D({}, {}))
show("bad item", lambda: D([1]))


class Counter2(dict):
    def __missing__(self, key):
        return 0

    def add(self, k):
        self[k] += 1


c = Counter2()
for ch in "banana":
    c.add(ch)
print(c, sorted(c.items()), c["x"])

# dict subclass instances as keys and values, in containers
e = D(x=[1])
e["x"].append(2)
print(e, [e, e], {"k": e})
print(str(D()), repr(D()), format(D(a=1)), f"{D(a=1)!r}")


# The attribute-dict idioms.
class AttrDict(dict):
    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__
    __delattr__ = dict.__delitem__
ad = AttrDict(x=1)
ad.y = 2
print(ad, ad.x, ad.y)
del ad.x
print(ad)
try:
    ad.zz
except KeyError as e:
    print("KeyError", e)
class AD2(dict):
    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.__dict__ = self
b = AD2(p=1)
b.q = 2
print(b, b.p, b.q, b.__dict__ is b, vars(b) is b)
try:
    b.__dict__ = 5
except TypeError as e:
    print(e)
class E(dict):
    pass
e = E()
e.__dict__ = {'w': 1}
print(e.w, e.__dict__)
del b
