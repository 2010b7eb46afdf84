# mro(), __mro__, __bases__ and __base__ of classes and built-in types.


class A:
    pass


class B(A):
    pass


class C(A):
    pass


class D(B, C):
    pass


print(D.mro())
print(D.__mro__)
print(type.mro(D))
print(D.mro() == list(D.__mro__))
print(int.mro(), bool.__mro__, ValueError.__mro__)
print(int.__base__, bool.__base__, object.__base__, D.__base__)
print(bool.__bases__, object.__bases__, D.__bases__)


class E(D, ValueError):
    pass


print(E.__base__, E.__bases__)
print([c.__name__ for c in E.mro()])

for f in [lambda: D.mro(1), lambda: type.mro(1), lambda: type.mro(), lambda: int.mro(2, 3)]:
    try:
        f()
    except TypeError as e:
        print("TypeError:", e)

# object's ordering slots: NotImplemented, and their own names in errors.
print(object.__ge__(object(), 1), object.__lt__(A(), A()))
for name in ["__lt__", "__le__", "__gt__", "__ge__"]:
    try:
        getattr(object, name)()
    except TypeError as e:
        print("TypeError:", e)
try:
    A() > A()
except TypeError as e:
    print("TypeError:", e)
