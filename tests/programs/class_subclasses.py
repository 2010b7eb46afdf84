# C.__subclasses__(): a Python class's direct subclasses, oldest first
# (exception classes too), bound to the class, with CPython's error.
class A: pass
class B(A): pass
class C(A): pass
class D(B, C): pass
print(A.__subclasses__())
print(B.__subclasses__(), C.__subclasses__(), D.__subclasses__())
def make():
    class T(A):
        pass
    return T
t = make()
print([c.__name__ for c in A.__subclasses__()])
class E(Exception): pass
class F(E): pass
print(E.__subclasses__())
print(type(A.__subclasses__).__name__)
try:
    A.__subclasses__(1)
except TypeError as e:
    print(e)
