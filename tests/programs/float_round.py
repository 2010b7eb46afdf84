# round(): banker's rounding, ndigits, int results
print(round(0.5), round(1.5), round(2.5), round(3.5), round(-0.5), round(-1.5), round(-2.5))
print(round(0.4999999999999999), round(2.5000001), round(1e20), round(-7.7))
print(type(round(2.5)).__name__, type(round(2.5, 0)).__name__, type(round(7)).__name__, type(round(7, 1)).__name__)
print(round(2.675, 2), round(1.25, 1), round(1.35, 1), round(0.125, 2), round(0.375, 2))
print(round(3.14159, 3), round(3.14159, 0), round(-3.14159, 1), round(2.5, 0), round(3.5, 0))
print(round(1234.5678, -2), round(1234.5678, -1), round(1250.0, -2), round(1350.0, -2))
print(round(15, -1), round(25, -1), round(35, -1), round(-25, -1), round(14, -1), round(16, -1))
print(round(1234, -2), round(1250, -2), round(1251, -2), round(-1250, -2), round(5, -1), round(5, -2))
print(round(123, 2), round(-123, 0), round(2 ** 70 + 2 ** 69, -21), round(10 ** 25 + 5 * 10 ** 20, -21))
print(round(0.1 + 0.2, 10), round(1e-10, 5), round(5e-324, 2), round(1.5e300, -299))
print(round(float('inf'), 2), round(float('nan'), 2), round(-0.0, 1))
for v in [float('inf'), float('-inf'), float('nan')]:
    try:
        print(round(v))
    except (OverflowError, ValueError) as e:
        print(type(e).__name__ + ":", e)
print(round(True), round(False, 3))
