from __future__ import annotations
# dataclasses with string annotations: ClassVar, InitVar and KW_ONLY are
# recognised by name; slots=True; the class docstring.
import dataclasses
import typing
from dataclasses import dataclass, field, fields, InitVar, KW_ONLY
from typing import ClassVar


@dataclass
class S:
    a: int
    b: ClassVar[int] = 5
    c: typing.ClassVar[str] = "x"
    d: InitVar[int] = 0
    e: dataclasses.InitVar[int] = 1
    _: KW_ONLY
    f: list = field(default_factory=list)

    def __post_init__(self, d, e):
        self.total = self.a + d + e


s = S(1, 2, 3, f=[1])
print(s, s.total, [f.name for f in fields(S)], S.b, S.c)
print({k: v._field_type for k, v in S.__dataclass_fields__.items()})
print(S.__init__.__annotations__)
print(S.__doc__)
print(S.__match_args__)


@dataclass(slots=True)
class Slotted:
    x: int
    y: int = 2


sl = Slotted(1)
print(sl, Slotted.__slots__, hasattr(sl, "__dict__"))
try:
    sl.z = 3
except AttributeError as e:
    print(type(e).__name__, e)
print(Slotted.__qualname__, Slotted.__init__.__qualname__, Slotted(1) == Slotted(1, 2))


@dataclass(frozen=True, slots=True)
class FrozenSlots:
    v: int


fs = FrozenSlots(4)
print(fs, hash(fs) == hash((4,)))
try:
    fs.v = 1
except AttributeError as e:
    print(type(e).__name__, e)


@dataclass
class Ann:
    x: "List[int]"
    y: Optional = None


print(Ann.__doc__, Ann([1]))
import copy

c = copy.copy(fs)
print(c, c == fs, c is fs, copy.deepcopy(FrozenSlots(9)), FrozenSlots.__getstate__(fs))
print(copy.deepcopy(Slotted(5, 6)))
