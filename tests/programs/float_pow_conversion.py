# Float powers and conversions between float and int
print(2.0 ** 0.5, 2 ** 0.5, 10.0 ** -2, 0.0 ** 0, 0.0 ** 1.5, 1.5 ** 2, (-1.5) ** 3)
print(4.0 ** 0.5, 27 ** (1 / 3), 1.0 ** 1e300, 2.0 ** -1074, 2.0 ** -1080)
print(pow(2.0, 3), pow(2, 3.0), pow(-2.0, 2), pow(9.0, 0.5))
try:
    print(0.0 ** -1)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
print(int(3.99), int(-3.99), int(1e20), int(-1e20), int(2.0 ** 70), int(1.5e300) == 15 * 10 ** 299)
print(int(1.5e300))
print(int(123456789012345678.0), int(0.9999999999999999), int(-0.0))
print(float(2 ** 53 + 1), float(2 ** 53 + 3), float(-(2 ** 63)), float(10 ** 30))
print(float(2 ** 1023), float(123456789123456789123456789))
print(1e16 == 10 ** 16, 1e16 == int(1e16), int(1e16))
print(int('12') * 0.5, float('3') * 2, str(2.50), str(-1e-7), str(1e-7 * 10))
