# abc: abstract base classes (PEP 3119), written for Typhon.
#
# Typhon has no metaclasses but `type`, so ABCMeta is not one here: it is
# the class whose functions an abstract base class gets as if from its
# metaclass. A class made with `metaclass=ABCMeta`, or derived from such
# a class, is set up by `ABCMeta._abc_init` when the class statement ends
# (the interpreter calls it), finds `register` and the other ABCMeta
# functions as attributes of its own, and `isinstance`/`issubclass` ask
# `ABCMeta.__subclasscheck__` when the class is not in the MRO.


def abstractmethod(funcobj):
    """Marks a method abstract: a class with one cannot be instantiated."""
    funcobj.__isabstractmethod__ = True
    return funcobj


# Bumped by every register(): the negative caches are valid for one value.
_token = [0]


def get_cache_token():
    """The current version of the ABC caches (it changes on register)."""
    return _token[0]


class _AbcData:
    __slots__ = ("registry", "cache", "negative", "negative_token")

    def __init__(self):
        self.registry = []
        self.cache = set()
        self.negative = set()
        self.negative_token = _token[0]


def _data(cls):
    return cls.__dict__["_abc_impl"]


class ABCMeta:
    """What an abstract base class gets from its metaclass in CPython."""

    def _abc_init(cls):
        abstracts = set()
        for name, value in cls.__dict__.items():
            if getattr(value, "__isabstractmethod__", False):
                abstracts.add(name)
        for base in cls.__bases__:
            for name in getattr(base, "__abstractmethods__", ()):
                value = getattr(cls, name, None)
                if getattr(value, "__isabstractmethod__", False):
                    abstracts.add(name)
        cls.__abstractmethods__ = frozenset(abstracts)
        cls._abc_impl = _AbcData()
        _mark(cls, bool(abstracts))

    def register(cls, subclass):
        """Registers a virtual subclass of the ABC; returns it."""
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        _data(cls).registry.append(subclass)
        _token[0] += 1
        return subclass

    def __instancecheck__(cls, instance):
        """Overrides isinstance(instance, cls)."""
        return ABCMeta.__subclasscheck__(cls, type(instance))

    def __subclasscheck__(cls, subclass):
        """Overrides issubclass(subclass, cls)."""
        if not isinstance(subclass, type):
            raise TypeError("issubclass() arg 1 must be a class")
        data = _data(cls)
        if subclass in data.cache:
            return True
        if data.negative_token != _token[0]:
            data.negative = set()
            data.negative_token = _token[0]
        elif subclass in data.negative:
            return False
        hook = getattr(cls, "__subclasshook__", None)
        ok = NotImplemented if hook is None else hook(subclass)
        if ok is not NotImplemented:
            if not isinstance(ok, bool):
                raise AssertionError(ok)
            if ok:
                data.cache.add(subclass)
            else:
                data.negative.add(subclass)
            return ok
        if cls in subclass.__mro__:
            data.cache.add(subclass)
            return True
        for r in data.registry:
            if issubclass(subclass, r):
                data.cache.add(subclass)
                return True
        for s in cls.__subclasses__():
            if issubclass(subclass, s):
                data.cache.add(subclass)
                return True
        data.negative.add(subclass)
        return False

    def _abc_registry_clear(cls):
        """Clears the registry (for debugging or testing)."""
        _data(cls).registry.clear()

    def _abc_caches_clear(cls):
        """Clears the caches (for debugging or testing)."""
        data = _data(cls)
        data.cache.clear()
        data.negative.clear()


_hook(ABCMeta)


class ABC(metaclass=ABCMeta):
    """A helper class that has ABCMeta as its metaclass."""
    __slots__ = ()


def update_abstractmethods(cls):
    """Recomputes the abstract methods of an ABC (after it changed)."""
    if not hasattr(cls, "__abstractmethods__"):
        return cls
    abstracts = set()
    for base in cls.__bases__:
        for name in getattr(base, "__abstractmethods__", ()):
            value = getattr(cls, name, None)
            if getattr(value, "__isabstractmethod__", False):
                abstracts.add(name)
    for name, value in cls.__dict__.items():
        if getattr(value, "__isabstractmethod__", False):
            abstracts.add(name)
    cls.__abstractmethods__ = frozenset(abstracts)
    _mark(cls, bool(abstracts))
    return cls
