# Number expressions the compiler folds to constants (as CPython's AST
# optimizer does) keep their run-time values, signs and errors.
import math

print(-1.0, -(2), ~4, +3, 2**10, 2**-1, (-1)**0.5, -0.0, 1e308*10, -(-(-5)))
print(7 // -2, 7 % -3, 1 << 3, -2 ** 2, (2 ** 200) * 3, 1 << 200, -1j, 1 + 2j * 3)
print(math.copysign(1, -0.0), math.copysign(1, 0.0 * -1), -0.0 == 0.0)
print(-9223372036854775808, -9223372036854775807 - 1, 2 ** 63, -(2 ** 63))
for expr in ("1 / 0", "1 // 0", "1 % 0.0", "(-8) ** -0.5 + 0", "2 ** 1.0e400", "1 << -1"):
    try:
        print(expr, "=", eval(expr))
    except Exception as e:
        print(expr, "->", type(e).__name__, e)
def f(x):
    if x > -1.5 and x < -(-2):
        return -x * -1.0, (1, -2), ~-3
    return -1.0
print(f(0), f(-5), f(1.5))
print(len(str(2 ** 300)))
