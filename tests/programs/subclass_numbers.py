# Classes deriving from int and float: they compute as the numbers they
# hold; results of arithmetic are plain ints and floats.
import math


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


class Flag(int):
    def __new__(cls, value, name="?"):
        self = super().__new__(cls, value)
        self.name = name
        return self

    def __repr__(self):
        return f"<{self.name}={int(self)}>"


f = Flag(4, "four")
print(f, repr(f), str(f), f.name, f + 1, type(f + 1).__name__, f * f, f // 3, f % 3, f ** 2)
print(-f, +f, ~f, abs(Flag(-2)), f == 4, 4 == f, f < 5, f >= 4.0, hash(f) == hash(4))
print(f & 6, f | 1, f ^ 5, f << 2, f >> 1, 10 - f, 2 ** f, divmod(f, 3), f / 8)
print(int(f), type(int(f)).__name__, float(f), bool(Flag(0)), bool(f), f.bit_length())
print([0, 1, 2, 3, 4, 5][f], range(f), list(range(Flag(2))), "ab" * Flag(2), f"{f:>5}|{f:x}")
print(isinstance(f, int), {f: 1}[4], {4: "x"}[f], sorted([Flag(3), 1, Flag(2)]), max(f, 3))
print(round(f), type(round(f)).__name__, math.sqrt(f), math.factorial(Flag(5)), hex(f), bin(f))
print(f.real, f.imag, f.numerator, f.denominator, f.conjugate(), type(f.real).__name__)
big = Flag(2 ** 70, "big")
print(big, big + 1, big > 2 ** 69, hash(big) == hash(2 ** 70), str(big))


class Meters(float):
    def __str__(self):
        return f"{float(self)} m"


m = Meters(2.5)
print(m, repr(m), m + 1, type(m + 1).__name__, m * 2, m / 2, -m, abs(Meters(-1.0)), m == 2.5)
print(int(m), round(m), round(m, 1), math.floor(m), math.ceil(m), math.isclose(m, 2.5), m > 2)
print(f"{m:.3f}", format(m, "e"), "%.1f" % m, "%s" % m, m.is_integer(), m.hex(), float(m))
print(hash(m) == hash(2.5), {m: 1}[2.5], bool(Meters(0)), Meters("1.5"), Meters(), Meters(3))
print(sum([Meters(1.5), Meters(2.5)]), min(Meters(3), 2), sorted([Meters(2), 1.0]))
show("bad float", lambda: Meters("x"))
show("bad int", lambda: Flag("x"))
show("int base", lambda: int.__new__(Flag, "ff", 16))
show("zero div", lambda: Flag(1) // 0)
show("float zero div", lambda: Meters(1.0) / 0)
show("not subtype", lambda: int.__new__(Meters, 1))
show("bool base", lambda: type(bool))


def make_bool_sub():
    class B(bool):
        pass


show("bool subclass", make_bool_sub)


class Celsius(float):
    def __add__(self, other):
        return Celsius(float(self) + float(other))

    def __radd__(self, other):
        return Celsius(float(self) + float(other) + 1000)

    def __eq__(self, other):
        return abs(float(self) - float(other)) < 0.5

    __hash__ = float.__hash__

    def __lt__(self, other):
        return "lt"


c = Celsius(20.0)
print(c + 1, type(c + 1).__name__, 1 + c, c == 20.3, c != 20.3, c < 1, sorted([Celsius(2), Celsius(1)]))
print(float.__add__(c, 1), float.__repr__(c), float.__eq__(c, 20.3), int.__add__(Flag(1), 2))
print(float.__add__(c, "x"), int.__add__(Flag(1), 1.5), Flag.__add__(Flag(2), 3))


class Big(int):
    def __index__(self):
        return 1


print([10, 20][Big(0)], Big(5) + 1, range(Big(5))[0] if False else "skip")
