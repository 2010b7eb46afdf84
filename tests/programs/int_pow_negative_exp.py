# ** with negative exponents yields floats
print(2 ** -1, 2 ** -2, 10 ** -3, (-2) ** -3, (-2) ** -2)
print(pow(2, -1), pow(4, -2), pow(-1, -1))
print(1 ** -5, (-1) ** -4, 3 ** -1)
print(2 ** 0, (-5) ** 0, 0 ** 5)
print(7 ** 2, (-7) ** 3, pow(7, 2), pow(-3, 5))
print(pow(2, 10, 1000), pow(3, 4, 5), pow(-3, 3, 7), pow(3, 3, -7), pow(5, 0, 3))
try:
    print(0 ** -1)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(pow(0, -2))
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(pow(2, 5, 0))
except ValueError as e:
    print("ValueError:", e)
print(2 ** 0.5, 9 ** 0.5, 4 ** -0.5)
print(10 ** 20, 10 ** 20 * 1.0, 10.0 ** 20)
