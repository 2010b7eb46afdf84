# dataclasses: the errors CPython raises, with their messages.
import dataclasses
from dataclasses import dataclass, field, fields, asdict, astuple, replace, KW_ONLY, InitVar
from typing import ClassVar


def attempt(label, make):
    try:
        r = make()
        print(label, "ok", r)
    except (TypeError, ValueError, AttributeError) as e:
        print(label, type(e).__name__, e)


def order_of_defaults():
    @dataclass
    class Bad:
        x: int = 0
        y: int


def mutable_list():
    @dataclass
    class Bad:
        x: list = []


def mutable_dict():
    @dataclass
    class Bad:
        x: dict = {}


def mutable_set():
    @dataclass
    class Bad:
        items: set = set()


def both_defaults():
    return field(default=1, default_factory=list)


def order_without_eq():
    @dataclass(order=True, eq=False)
    class Bad:
        x: int


def field_without_annotation():
    @dataclass
    class Bad:
        x = field(default=1)
        y: int = 0


def classvar_factory():
    @dataclass
    class Bad:
        x: ClassVar[list] = field(default_factory=list)


def classvar_kw_only():
    @dataclass
    class Bad:
        x: ClassVar[int] = field(default=1, kw_only=True)


def initvar_factory():
    @dataclass
    class Bad:
        x: InitVar[list] = field(default_factory=list)


def two_kw_only():
    @dataclass
    class Bad:
        a: int
        _: KW_ONLY
        b: int = 0
        __: KW_ONLY
        c: int = 1


def overwrite_order():
    @dataclass(order=True)
    class Bad:
        x: int

        def __lt__(self, other):
            return True


def overwrite_setattr():
    @dataclass(frozen=True)
    class Bad:
        x: int

        def __setattr__(self, name, value):
            pass


def overwrite_hash():
    @dataclass(unsafe_hash=True)
    class Bad:
        x: int

        def __hash__(self):
            return 1


def frozen_from_plain():
    @dataclass
    class Plain:
        x: int

    @dataclass(frozen=True)
    class Frozen(Plain):
        y: int


def plain_from_frozen():
    @dataclass(frozen=True)
    class Frozen:
        x: int

    @dataclass
    class Plain(Frozen):
        y: int


def inherited_default_order():
    @dataclass
    class Base:
        x: int = 1

    @dataclass
    class Child(Base):
        y: int


for label, make in [
    ("default order", order_of_defaults),
    ("mutable list", mutable_list),
    ("mutable dict", mutable_dict),
    ("mutable set", mutable_set),
    ("both defaults", both_defaults),
    ("order without eq", order_without_eq),
    ("no annotation", field_without_annotation),
    ("classvar factory", classvar_factory),
    ("classvar kw_only", classvar_kw_only),
    ("initvar factory", initvar_factory),
    ("two KW_ONLY", two_kw_only),
    ("overwrite __lt__", overwrite_order),
    ("overwrite __setattr__", overwrite_setattr),
    ("overwrite __hash__", overwrite_hash),
    ("frozen from plain", frozen_from_plain),
    ("plain from frozen", plain_from_frozen),
    ("inherited default order", inherited_default_order),
]:
    attempt(label, make)


@dataclass
class P:
    x: int
    y: int = field(default=0, init=False)
    z: InitVar[int] = None

    def __post_init__(self, z):
        pass


@dataclass
class Q:
    a: int
    b: InitVar[int]

    def __post_init__(self, b):
        self.a += b


attempt("fields(int)", lambda: fields(int))
attempt("fields(3)", lambda: fields(3))
attempt("asdict(P)", lambda: asdict(P))
attempt("asdict(1)", lambda: asdict(1))
attempt("astuple([])", lambda: astuple([]))
attempt("replace(1)", lambda: replace(1, x=2))
attempt("replace init=False", lambda: replace(P(1), y=5))
attempt("replace unknown", lambda: replace(P(1), w=5))
attempt("replace initvar", lambda: replace(Q(1, 2)))
attempt("replace initvar given", lambda: replace(Q(1, 2), b=3))
attempt("missing arg", lambda: P())
attempt("missing two", lambda: Q())
attempt("too many", lambda: P(1, 2, 3))
attempt("kwarg twice", lambda: P(1, x=2))
attempt("hash", lambda: hash(P(1)))
attempt("compare", lambda: P(1) < P(2))
attempt("frozen assign", lambda: setattr(dataclass(frozen=True)(type("F", (), {}) if False else P), "x", 1))
attempt("dataclass of non-class", lambda: dataclass(3))
attempt("dataclass kwargs", lambda: dataclass(bogus=True))
attempt("field positional", lambda: field(1))


@dataclass(frozen=True)
class F:
    a: int


f = F(1)
try:
    f.a = 2
except dataclasses.FrozenInstanceError as e:
    print("FrozenInstanceError", e, type(e).__mro__[1].__name__)
try:
    del f.a
except AttributeError as e:
    print(type(e).__name__, e)
try:
    object.__setattr__(f, "a", 5)
    print("object.__setattr__ bypass:", f)
except Exception as e:
    print(type(e).__name__, e)
print(repr(dataclasses.MISSING)[:30], repr(dataclasses.KW_ONLY)[:34])
