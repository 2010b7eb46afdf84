# Mixed int/float arithmetic and true division of ints
print(1 + 2.0, 3 * 0.5, 7 / 2, 6 / 3, 2 - 0.5, 10 * 1.0)
print(type(1 + 2.0).__name__, type(6 / 3).__name__, type(6 // 3).__name__, type(6.0 // 3).__name__)
print(7 // 2.0, 7 % 2.0, -7 // 2.0, -7 % 2.0, 2 ** 0.5 * 2 ** 0.5)
print(1 / 3, 2 / 3, 10 / 3, -10 / 3, 1 / 7)
print(10 ** 20 / 3, 10 ** 30 / 10 ** 10, 2 ** 1100 / 2 ** 1000)
print(10 ** 400 / 10 ** 399, (10 ** 400 + 1) / 10 ** 390)
print(1 / 2 ** 60, 3 / 2 ** 1070)
print(9007199254740993 / 1, 2 ** 64 / 1, 12345678901234567891 / 10)
print(sum([0.1] * 10), sum([1, 2, 3], 0.5), 1 + True + 1.5)
try:
    print(float(10 ** 400))
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(10 ** 400 / 1.0)
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(10 ** 400 * 1.0)
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(2 ** 5000 / 3)
except OverflowError as e:
    print("OverflowError:", e)
print(2 ** 5000 / 2 ** 4990)
try:
    print(1 / 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(1 // 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(1 % 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    print(1 / 0.0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
