# Classes CPython refuses because of their `__slots__`, each with its
# message; then a failing read at the top level for the traceback.
def attempt(label, make):
    try:
        make()
        print(label, "ok")
    except (TypeError, ValueError) as e:
        print(label, type(e).__name__, e)


def not_str():
    class C:
        __slots__ = (1,)


def not_identifier():
    class C:
        __slots__ = ("a b",)


def two_dicts():
    class C:
        __slots__ = ("__dict__", "__dict__")


def inherited_dict():
    class B:
        pass

    class C(B):
        __slots__ = ("__dict__",)


def not_iterable():
    class C:
        __slots__ = 3


def conflict():
    class C:
        __slots__ = ("x",)
        x = 1


def layout_conflict():
    class P:
        __slots__ = "a"

    class Q:
        __slots__ = "b"

    class R(P, Q):
        pass


def same_layout():
    class P:
        __slots__ = "a"

    class Q(P):
        pass

    class R(Q, P):
        pass

    r = R()
    r.a = 1
    r.extra = 2
    print(r.a, r.extra)


def from_generator():
    class C:
        __slots__ = (n for n in ["u", "v"])

    c = C()
    c.u = 1
    print(c.u, C.v)


for label, f in [
    ("not_str", not_str),
    ("not_identifier", not_identifier),
    ("two_dicts", two_dicts),
    ("inherited_dict", inherited_dict),
    ("not_iterable", not_iterable),
    ("conflict", conflict),
    ("layout_conflict", layout_conflict),
    ("same_layout", same_layout),
    ("from_generator", from_generator),
]:
    attempt(label, f)


class Pair:
    __slots__ = ("first", "second")


pair = Pair()
pair.first = 1
print(pair.first)
print(pair.second)
