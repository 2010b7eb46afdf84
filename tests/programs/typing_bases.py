# typing's bases: Generic[T], Protocol, the aliases (List[int], Sequence[int],
# DefaultDict[...]) through PEP 560's __mro_entries__ with CPython's MROs,
# class-syntax and functional NamedTuple, isinstance with typing aliases.
import typing
from typing import (Generic, TypeVar, Protocol, NamedTuple, List, Dict, Iterable, Mapping,
                    Optional, DefaultDict, Sequence)
from collections.abc import Sequence as ABCSequence

T = TypeVar("T")
K = TypeVar("K")


class Box(Generic[T]):
    def __init__(self, v: T) -> None:
        self.v = v

    def get(self) -> T:
        return self.v


class Pair(Box[T], Generic[T, K]):
    pass


print(Box(1).get(), Box[int], Box[int](5).v, Generic[T], Box.__orig_bases__)
print([c.__name__ for c in Pair.__mro__], Pair.__orig_bases__)
print(Box.__mro__)


class Shape(Protocol):
    def area(self) -> float:
        ...


class Sq:
    def area(self) -> float:
        return 4.0


print(Sq().area(), [c.__name__ for c in Shape.__mro__])


class Employee(NamedTuple):
    name: str
    id: int = 3
    tags: list = []

    def describe(self) -> str:
        return f"{self.name}#{self.id}"

    @property
    def upper(self):
        return self.name.upper()


e = Employee("ann")
print(e, e.describe(), e.upper, Employee._fields, Employee._field_defaults, e._replace(id=7))
print(Employee.__annotations__, isinstance(e, tuple), Employee.__name__, Employee.__module__)
print(Employee("bob", 1) < Employee("bob", 2), tuple(e), len(e), e[0])
P2 = NamedTuple("P2", [("x", int), ("y", int)])
print(P2(1, 2), P2._fields)
P3 = NamedTuple("P3", x=int)
print(P3(5))
try:
    class Bad(NamedTuple):
        a: int = 1
        b: int
except TypeError as ex:
    print(ex)
try:
    class Bad2(NamedTuple):
        x: int

        def _asdict(self):
            return {}
except AttributeError as ex:
    print(ex)


class MyList(List[int]):
    pass


class MyDD(DefaultDict[str, int]):
    pass


class MyIt(Iterable[int]):
    def __iter__(self):
        return iter([1, 2])


class MySeq(Sequence[int]):
    def __getitem__(self, i):
        return [5, 6][i]

    def __len__(self):
        return 2


print(MyList([1, 2]), MyList.__mro__, list(MyIt()), isinstance(MyIt(), Iterable), MyDD(int)["k"])
print(list(MySeq()), MySeq().index(6), issubclass(MySeq, ABCSequence), MySeq.__orig_bases__)


class L2(list[int]):
    pass


print(L2([3]), L2.__orig_bases__, L2.__bases__)


def f(x: Optional[Mapping[str, int]] = None) -> Dict[str, List[int]]:
    return {}


print(f())
for bad in (List[int], 5):
    try:
        isinstance([], bad)
    except TypeError as ex:
        print(ex)
print(isinstance([], List), isinstance({}, Mapping), issubclass(dict, typing.MutableMapping), isinstance(1, typing.Hashable))
