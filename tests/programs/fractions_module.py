# fractions.Fraction: construction from every source, arithmetic with ints,
# floats and complex numbers, comparisons, hashing equal to the numbers it
# equals, rounding, limit_denominator and CPython's errors; and round()
# calling a class's own __round__.
from fractions import Fraction as F
import math
vals = [F(3, 4), F(-6, 8), F(5), F("3/4"), F(" -1.5e3 "), F("1_000/3"), F(".5"), F("2.25E-2"),
        F(0.1), F(-2.5), F(F(1, 3)), F(F(1, 2), F(3, 4)), F(7, -14), F(True)]
for v in vals:
    print(repr(v), str(v), v.numerator, v.denominator, hash(v), float(v), int(v), v.as_integer_ratio())
a, b = F(1, 3), F(5, 7)
print(a + b, a - b, a * b, a / b, a // b, a % b, divmod(a, b), a ** 2, a ** -2, (-a) ** -3, a ** F(2), a ** 0.5, 2 ** F(1, 2), 4 ** F(2))
print(a + 1, 1 + a, a - 1.5, 1.5 - a, a * 2j, 3 / a, 3 // a, 3 % a, -a, +a, abs(F(-2, 9)))
print(a < b, a <= 0.34, a == F(2, 6), F(1, 2) == 0.5, F(2) == 2, a > 1, F(1, 2) != 0.5, a < math.inf, a > -math.inf, a == math.nan)
print(round(F(5, 2)), round(F(7, 2)), round(F(-5, 2)), round(F(2, 3), 2), round(F(1234, 1), -2), math.floor(F(-7, 2)), math.ceil(F(-7, 2)), math.trunc(F(-7, 2)))
print(F(math.pi).limit_denominator(1000), F(3.141592653589793).limit_denominator(10), F(1, 3).limit_denominator(5), F.from_float(0.25), F.from_float(3))
print(hash(F(1, 2)) == hash(0.5), hash(F(4, 2)) == hash(2), hash(F(-1)), {F(1, 2): "x"}[0.5], bool(F(0)), bool(F(1, 9)))
print(sum([F(1, n) for n in range(1, 8)]), sorted([F(1, 2), 0.3, F(1, 4), 1]), max(F(9, 10), 0.95))
for bad in ["1/0", "abc", "1/", "1.2/3", [1], (1, 2)]:
    try:
        F(bad) if not isinstance(bad, tuple) else F(*bad[:1], "x")
    except (ValueError, TypeError, ZeroDivisionError) as e:
        print(type(e).__name__, e)
for args in [(1, 0), (1.5, 2), (F(1, 2), 0)]:
    try:
        F(*args)
    except (TypeError, ZeroDivisionError) as e:
        print(type(e).__name__, e)
for bad in [lambda: F(1, 2) + "x", lambda: F(1) // 1j, lambda: F(1) ** "x", lambda: F(1).limit_denominator(0), lambda: F.from_float("1"), lambda: F(math.inf)]:
    try:
        bad()
    except (TypeError, ValueError, OverflowError) as e:
        print(type(e).__name__, e)
import copy
x = F(2, 3)
print(copy.copy(x) is x, copy.deepcopy(x) == x, F(2, 3) in {F(4, 6)}, f"{F(1, 3)}", "%s" % F(1, 3), complex(F(1, 2)))
class G(F):
    pass
print(repr(G(1, 2)), type(G(1, 2) + 1).__name__)


class R:
    def __round__(self, ndigits=None):
        return ("rounded", ndigits)


print(round(R()), round(R(), 3), round(R(), None), round(R(), ndigits=2))
