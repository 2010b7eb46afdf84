# Private name mangling: `__name` inside a class body (and the functions
# nested in it) is `_Class__name`, with the class's leading underscores
# stripped; dunder names, keyword arguments and strings are not mangled.


def f(__k=0):
    return __k


class _Foo:
    __a = 1

    def __init__(self, __p):
        self.__x = __p
        self.__y__ = 2

    def get(self):
        return self.__x, _Foo.__a, self._Foo__x

    def kw(self):
        return f(__k=1)

    def __priv(self):
        return "priv"

    def call(self):
        return self.__priv()

    class __Inner:
        __z = 5

        def z(self):
            return self.__z

    def lam(self):
        return (lambda __q: __q + 1)(1)

    def comp(self):
        return [__i for __i in range(3)]

    def exc(self):
        try:
            raise ValueError("e")
        except ValueError as __e:
            return str(__e)

    def glob(self):
        global __g
        __g = 7
        return __g

    def names(self):
        return hasattr(self, "__x"), getattr(self, "_Foo__x")


class ___:
    __n = 3


print(sorted(k for k in _Foo.__dict__ if not k.startswith("__")))
o = _Foo(4)
print(sorted(o.__dict__))
print(o.get(), o.kw(), o.call(), o.lam(), o.comp(), o.exc(), o.glob(), o.names())
print(_Foo._Foo__Inner._Inner__z, _Foo._Foo__Inner().z())
print(sorted(k for k in ___.__dict__ if "n" in k))
print(_Foo__g)


class Base:
    def __init__(self):
        self.__v = "base"

    def base_v(self):
        return self.__v


class Derived(Base):
    def __init__(self):
        super().__init__()
        self.__v = "derived"

    def derived_v(self):
        return self.__v


d = Derived()
print(d.base_v(), d.derived_v(), sorted(d.__dict__))


class S:
    __slots__ = ("__s", "plain", "__t__")

    def __init__(self):
        self.__s = 1
        self.plain = 2

    def s(self):
        return self.__s


print(sorted(k for k in S.__dict__ if k in ("_S__s", "plain", "__t__", "__s")), S().s())
try:

    class A:
        __slots__ = ("__x",)
        __x = 1

except ValueError as e:
    print(e)

try:
    o.__x
except AttributeError as e:
    print(e)
o.__x = "outside"
print(o.__x, o._Foo__x)
