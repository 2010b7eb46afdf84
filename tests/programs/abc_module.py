# The abc module: ABC, ABCMeta as a class's metaclass, abstractmethod on
# functions, properties, classmethods and staticmethods, the abstract-class
# error, register, __subclasshook__ and update_abstractmethods.
import abc
from abc import ABC, ABCMeta, abstractmethod


class Shape(ABC):
    @abstractmethod
    def area(self):
        ...

    @property
    @abstractmethod
    def name(self):
        ...

    def describe(self):
        return f"{self.name}: {self.area()}"


class Square(Shape):
    def __init__(self, s):
        self.s = s

    def area(self):
        return self.s * self.s

    @property
    def name(self):
        return "square"


class Half(Shape):
    def area(self):
        return 0


print(Square(3).describe(), sorted(Shape.__abstractmethods__), Square.__abstractmethods__)
for cls in (Shape, Half):
    try:
        cls()
    except TypeError as e:
        print(e)
print(isinstance(Square(2), Shape), issubclass(Square, Shape), issubclass(int, Shape))


class Old(metaclass=ABCMeta):
    @classmethod
    @abstractmethod
    def make(cls):
        ...

    @staticmethod
    @abstractmethod
    def helper():
        ...


try:
    Old()
except TypeError as e:
    print(e)
print(Old.__mro__)


class Sized2(ABC):
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Sized2:
            return hasattr(C, "__len__")
        return NotImplemented


class HasLen:
    def __len__(self):
        return 0


class NoLen:
    pass


print(isinstance(HasLen(), Sized2), isinstance(NoLen(), Sized2), issubclass(HasLen, Sized2))


class Reg(ABC):
    pass


print(isinstance(1, Reg), Reg.register(int) is int, isinstance(1, Reg), issubclass(bool, Reg))
print(isinstance("s", Reg), issubclass(int, (str, Reg)))
try:
    Reg.register(5)
except TypeError as e:
    print(e)


class Sub(Reg):
    pass


try:
    Sub.register(Reg)
except RuntimeError as e:
    print(e)
print(type(abc.get_cache_token()).__name__)


class Plain(ABC):
    pass


print(type(Plain()).__name__ == "Plain")


class WithInit(ABC):
    def __init__(self, x):
        self.x = x


print(WithInit(5).x)
print(abstractmethod(lambda: 0).__isabstractmethod__)
p = property(abstractmethod(lambda s: 0))
print(p.__isabstractmethod__, property(lambda s: 0).__isabstractmethod__)



class Base(abc.ABC):
    @abc.abstractmethod
    def run(self, x):
        """Runs."""

    @classmethod
    def create(cls):
        return cls()


class Impl(Base):
    def run(self, x):
        return x * 2


total = 0
for i in range(2000):
    total += Impl().run(i)
print(total, isinstance(Impl(), Base), Impl.create().run(1))
try:
    Base.create()
except TypeError as e:
    print(e)
try:
    object.__new__(Base)
except TypeError as e:
    print(e)
print(abc.update_abstractmethods(Impl) is Impl)


class Late(abc.ABC):
    pass


Late.run = abc.abstractmethod(lambda self: 0)
print(type(Late()).__name__)
abc.update_abstractmethods(Late)
try:
    Late()
except TypeError as e:
    print(e)
print(Base.__abstractmethods__, type(Base.__abstractmethods__).__name__)
try:
    int.__abstractmethods__
except AttributeError as e:
    print(e)


class NotAbc:
    pass


try:
    NotAbc.register
except AttributeError as e:
    print(e)


def f():
    pass


print(getattr(f, "__isabstractmethod__", "unset"))


class V(abc.ABC):
    pass


V.register(list)
print(isinstance([], V), issubclass(list, V), isinstance((), V), isinstance([], (V, int)))


class VSub(V):
    pass


print(issubclass(VSub, V), isinstance(VSub(), V), isinstance([], VSub))


