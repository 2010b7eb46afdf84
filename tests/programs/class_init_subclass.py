# __init_subclass__ (an implicit classmethod), class keyword arguments,
# and the errors of object.__init_subclass__.

registry = []


class Plugin:
    def __init_subclass__(cls, name=None, priority=0):
        super().__init_subclass__()
        cls.plugin_name = name or cls.__name__.lower()
        cls.priority = priority
        registry.append(cls)


class Alpha(Plugin, name="alpha-plugin", priority=3):
    pass


class Beta(Plugin):
    pass


class Gamma(Beta, priority=7):
    def run(self):
        return self.plugin_name


print([(c.__name__, c.plugin_name, c.priority) for c in registry])
print(Gamma().run(), Plugin.__dict__["__init_subclass__"].__class__.__name__)
print(hasattr(Plugin, "plugin_name"))


class Counter:
    count = 0

    @classmethod
    def __init_subclass__(cls, step=1):
        Counter.count += step
        super().__init_subclass__()


class One(Counter):
    pass


class Two(One, step=10):
    pass


print(Counter.count)


# __set_name__ runs before __init_subclass__, and the class is complete
# (its __class__ cell filled) when __init_subclass__ sees it.
class Field:
    def __set_name__(self, owner, name):
        print("set_name", owner.__name__, name)


class Checked:
    def __init_subclass__(cls):
        print("init_subclass", cls.__name__, sorted(k for k in cls.__dict__ if not k.startswith("__")))
        print(cls.method(cls()))


class Model(Checked):
    f = Field()

    def method(self):
        return super().__class__.__name__ + "/" + __class__.__name__


class WithType(metaclass=type):
    pass


print(type(WithType).__name__)


try:
    class A(flag=1):
        pass
except TypeError as e:
    print("TypeError:", e)


class B:
    pass


try:
    class C(B, flag=1):
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    class D(Plugin, nme="x"):
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    class E(Plugin, priority=1, extra=2):
        pass
except TypeError as e:
    print("TypeError:", e)


class F:
    def __init_subclass__(cls, x):
        super().__init_subclass__(x=x)


try:
    class G(F, x=1):
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    object.__init_subclass__(1)
except TypeError as e:
    print("TypeError:", e)
try:
    Plugin.__init_subclass__(1, 2, 3)
except TypeError as e:
    print("TypeError:", e)
print(object.__init_subclass__(), Beta.__init_subclass__())


class Last(Plugin, nam="typo"):
    pass
