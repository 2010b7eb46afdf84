# A C type that forwards to the object it holds (apimisc.Proxy, after
# wrapt's ObjectProxy): every number slot (binary, power, unary, in place,
# int/float/index), tp_richcompare before a Python class's reflected
# method, tp_hash calling a Python __hash__ through PyObject_Hash,
# isinstance through a C `__class__` getter, a C `__reversed__`,
# tp_descr_get on a class attribute binding through the held function
# type's tp_descr_get, and deleting a Python attribute with
# PyObject_SetAttr(o, name, NULL); also the built-in type objects the C API
# exports and PyObject_Bytes, PyObject_Dir and PyComplex_Type.
import apimisc
P = apimisc.Proxy


def attempt(f, *args):
    try:
        print(repr(f(*args)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


n = P(10)
print(n + 1, 1 + n, n * 2, n - 3, n // 3, n % 3, n / 4, n ** 2, pow(n, 2, 7), 2 ** P(3))
attempt(pow, P(2), 3, "m")
print(n << 1, n >> 1, n & 6, n | 1, n ^ 3, -n, +n, ~n, abs(P(-4)), divmod(n, 3))
print(int(n), float(n), int(P(2.9)), float(P(3)), bool(P(0)), bool(n), [1, 2, 3, 4][P(1)])
print(n < 11, n >= 10, n == 10, n != 10, 10 == n, P(1.5) == 1.5, n == P(10))
attempt(lambda: n // 0)
attempt(lambda: n + "s")
attempt(lambda: -P("s"))
attempt(lambda: int(P("x")))
attempt(lambda: float(P([])))

acc = P(5)
acc += 2
print(acc, type(acc).__name__)
acc -= 1
acc *= 3
acc //= 4
acc |= 8
print(acc)
acc <<= 1
print(type(acc).__name__, acc)
xs = P([1])
xs += [2]
print(xs.wrapped, type(xs).__name__)


class Point:
    def __init__(self, x):
        self.x = x

    def __eq__(self, o):
        return isinstance(o, Point) and hash(o) == hash(self)

    def __hash__(self):
        return hash(self.x)

    def __reversed__(self):
        return iter(["r", self.x])


p = P(Point(3))
print(p == Point(3), Point(3) == p, p != Point(4), hash(p) == hash(3))
print(isinstance(p, Point), isinstance(p, P), isinstance(n, int), isinstance(n, str))
print(list(reversed(P([1, 2, 3]))), list(reversed(p)), list(reversed(Point(7))))
attempt(lambda: reversed(P(5)))


def greet(self, who):
    return type(self).__name__ + " greets " + who


class Host:
    hello = P(greet)
    plain = P(42)


h = Host()
print(h.hello("you"), Host.hello(h, "me"), h.plain, Host.plain)
# (The proxy holds a function whose globals hold the class that holds the
# proxy: a cycle through a C object without tp_traverse, which neither
# CPython's collector nor Typhon's can free. It is broken here.)
del Host.hello
print(apimisc.bind(greet, h, Host)("x"), apimisc.bind(greet, None, Host) is greet)
cm = classmethod(lambda cls: cls.__name__)
sm = staticmethod(lambda: "static")
print(apimisc.bind(cm, None, Host)(), apimisc.bind(sm, h, Host)())
pr = property(lambda self: "prop of " + type(self).__name__)
print(apimisc.bind(pr, h, Host), apimisc.bind(pr, None, Host) is pr)


class Attrs:
    pass


a = Attrs()
a.x = 1
a.y = 2
print(apimisc.number_op("add", a.x, a.y))
t = apimisc.Proxy(a)
del a.x
print(hasattr(a, "x"), a.y)

types = apimisc.exported_types()


def gen():
    yield 1


class K:
    def m(self):
        pass


checks = {
    "function": greet, "method": K().m, "staticmethod": sm, "classmethod": cm, "property": pr,
    "super": super(K, K()), "reversed": reversed([1]), "enumerate": enumerate([]),
    "slice": slice(1), "range": range(2), "dict_keys": {}.keys(), "dict_values": {}.values(),
    "dict_items": {}.items(), "generator": gen(),
}
for name in sorted(types):
    print(name, types[name] is type(checks[name]), types[name].__name__)

print(apimisc.as_bytes(b"raw"))


class B:
    def __bytes__(self):
        return b"from __bytes__"


class BadB:
    def __bytes__(self):
        return "str"


print(apimisc.as_bytes(B()))
attempt(apimisc.as_bytes, BadB())
# Calling PyComplex_Type from C makes a complex.
print(apimisc.make_complex(2), apimisc.make_complex("1-2j"), type(apimisc.make_complex(1.5)))
attempt(apimisc.make_complex, "x")

# The proxies held in globals are in cycles through the module's dict
# (a proxy holds an object whose class's functions hold the globals),
# which run through a C object without tp_traverse: broken here.
del n, acc, xs, p, t
