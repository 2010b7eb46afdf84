# collections.abc: the ABCs with their mixin methods, isinstance of the
# built-in types as CPython answers it, subclass hooks, and the module as
# a submodule of collections.
import collections.abc
from collections.abc import (Mapping, MutableMapping, Sequence, MutableSequence, Iterable, Iterator,
                             Hashable, Sized, Container, Callable, Collection, Set, MutableSet,
                             Generator, Reversible, KeysView, ItemsView, ValuesView, ByteString)
from collections import abc
print(abc is collections.abc, collections.abc.Mapping is Mapping)
vals = [[], (), {}, set(), frozenset(), "s", b"b", bytearray(), range(3), 1, 1.5, None,
        len, lambda: 0, iter([]), (x for x in ()), {}.keys(), {}.items(), {}.values(), object(), int]
abcs = [Mapping, MutableMapping, Sequence, MutableSequence, Iterable, Iterator, Hashable, Sized,
        Container, Callable, Collection, Set, MutableSet, Generator, Reversible, ByteString]
for a in abcs:
    print(a.__name__.ljust(16), "".join("1" if isinstance(v, a) else "." for v in vals))


class MyMap(Mapping):
    def __init__(self, d):
        self._d = dict(d)

    def __getitem__(self, k):
        return self._d[k]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)


m = MyMap({"a": 1, "b": 2})
print(m.get("a"), m.get("z", 9), "a" in m, "z" in m, sorted(m.keys()), sorted(m.items()), sorted(m.values()))
print(m == {"a": 1, "b": 2}, m == {"a": 1}, m.keys() & {"a", "q"}, sorted(m.keys() | {"c"}), len(m.items()))
print(dict(m), list(m), isinstance(m, Mapping), isinstance(m, MutableMapping))
print(repr(m.keys())[:9], ("a", 1) in m.items(), 2 in m.values())


class MyList(MutableSequence):
    def __init__(self):
        self._l = []

    def __getitem__(self, i):
        return self._l[i]

    def __setitem__(self, i, v):
        self._l[i] = v

    def __delitem__(self, i):
        del self._l[i]

    def __len__(self):
        return len(self._l)

    def insert(self, i, v):
        self._l.insert(i, v)


s = MyList()
s.append(3); s.extend([1, 2, 3]); s += [7]
print(list(s), s.index(3), s.count(3), 2 in s, list(reversed(s)), s.pop(), s.pop(0))
s.remove(2); s.reverse(); print(list(s))
try:
    s.index(42)
except ValueError:
    print("ValueError")
s.clear(); print(len(s))


class MySet(MutableSet):
    def __init__(self, it=()):
        self._s = set(it)

    def __contains__(self, x):
        return x in self._s

    def __iter__(self):
        return iter(self._s)

    def __len__(self):
        return len(self._s)

    def add(self, x):
        self._s.add(x)

    def discard(self, x):
        self._s.discard(x)


a = MySet([1, 2, 3])
b = MySet([2, 3, 4])
print(sorted(a & b), sorted(a | b), sorted(a - b), sorted(a ^ b), a <= b, MySet([2]) < a, a == MySet([3, 2, 1]))
a |= [9]; a -= [1]; print(sorted(a), a.isdisjoint([7]), sorted(a & [2, 9]))
try:
    a.remove(100)
except KeyError as e:
    print("KeyError", e)
print(MySet([1, 2])._hash() == hash(frozenset([1, 2])), MySet()._hash() == hash(frozenset()))


class MyMut(MutableMapping):
    def __init__(self):
        self._d = {}

    def __getitem__(self, k):
        return self._d[k]

    def __setitem__(self, k, v):
        self._d[k] = v

    def __delitem__(self, k):
        del self._d[k]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)


mm = MyMut()
mm.update({"x": 1}, y=2); mm.update([("z", 3)])
print(sorted(mm.items()), mm.setdefault("x", 5), mm.setdefault("w", 6), mm.pop("w"), mm.pop("nope", 0))
try:
    mm.pop("nope")
except KeyError as e:
    print("KeyError", e)
print(mm.popitem(), len(mm)); mm.clear(); print(len(mm))
try:
    Mapping()
except TypeError as e:
    print(e)
try:
    class Half(Sequence):
        def __len__(self):
            return 0
    Half()
except TypeError as e:
    print(e)


class Gen:
    def __iter__(self):
        return self

    def __next__(self):
        raise StopIteration


class Unhash:
    __hash__ = None


print(isinstance(Gen(), Iterator), isinstance(Gen(), Iterable), isinstance(Unhash(), Hashable), issubclass(Gen, Sized))
print(Mapping[str, int], Iterable[int], list(collections.abc.__all__)[:4])


def f(x: Sequence[int]) -> Mapping[str, int]:
    return {}


print(f([1]))
import collections
print(collections.abc.Sized is Sized, collections.abc.__name__, collections.abc.__package__)
