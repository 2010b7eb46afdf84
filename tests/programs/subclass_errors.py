# What cannot be derived from, lay-out conflicts, __class__ assignment
# and __slots__ with built-in bases.


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


def derive(base, *more):
    def make():
        if more:
            class X(base, more[0]):
                pass
        else:
            class X(base):
                pass

        return X.__mro__

    return make


show("bool", derive(bool))
show("range", derive(range))
show("slice", derive(slice))
show("NoneType", derive(type(None)))
show("function", derive(type(derive)))
show("list+dict", derive(list, dict))
show("int+str", derive(int, str))
show("dict+Exception", derive(dict, Exception))
show("list+tuple", derive(list, tuple))


class Mixin:
    def hello(self):
        return "hello from " + type(self).__name__


class ML(Mixin, list):
    pass


class LM(list, Mixin):
    pass


print(ML([1]).hello(), LM([2]).hello(), ML.__mro__, LM.__base__, ML.__base__)


class A(list):
    pass


class B(list):
    def extra(self):
        return "B!"


a = A([1, 2])
a.__class__ = B
print(type(a).__name__, a, a.extra())


class C(dict):
    pass


def assign(obj, cls):
    def f():
        obj.__class__ = cls
        return type(obj).__name__

    return f


show("list->dict class", assign(A([1]), C))
show("list->plain class", assign(A([1]), Mixin))
show("plain->list class", assign(Mixin(), A))


class Slotted(list):
    __slots__ = ("name",)


sl = Slotted([1])
sl.name = "n"
print(sl, sl.name, hasattr(sl, "__dict__"))
show("slot attr", lambda: setattr(sl, "other", 1))
del sl.name
show("deleted slot", lambda: sl.name)


class NoDict(dict):
    __slots__ = ()


nd = NoDict(a=1)
show("no dict", lambda: setattr(nd, "x", 1))
show("no __dict__", lambda: nd.__dict__)
show("read-only method", lambda: setattr(nd, "keys", 1))


class WithDict(NoDict):
    pass


wd = WithDict(b=2)
wd.x = 1
print(wd, wd.x, wd.__dict__)


def slots_int():
    class X(int):
        __slots__ = ("a",)


def slots_bytes():
    class X(bytes):
        __slots__ = ("a",)


def slots_tuple():
    class X(tuple):
        __slots__ = ["a"]


show("int slots", slots_int)
show("bytes slots", slots_bytes)
show("tuple slots", slots_tuple)
show("object.__new__", lambda: object.__new__(A))
show("list.__new__ of dict class", lambda: list.__new__(C))
show("dict.__new__ of list class", lambda: dict.__new__(A))
print(type(list.__new__(A)).__name__, list.__new__(A, 1, 2), dict.__new__(C, x=1))


class Init(list):
    def __init__(self):
        pass


print(Init(), len(Init()))
show("init arg count", lambda: Init([1]))


class NewOnly(list):
    def __new__(cls, *args):
        return super().__new__(cls)


print(NewOnly([1, 2]), NewOnly())


class Other(tuple):
    def __new__(cls):
        return 42


print(Other(), type(Other()).__name__)
