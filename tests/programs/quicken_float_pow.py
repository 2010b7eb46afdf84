# `**` on floats quickened (two floats, or a float and an int): results,
# the errors the generic path raises (zero to a negative power, an
# overflow), and operand types that change at a site that filled its
# cache (the corpus also runs this with warmup 0).
def power(a, b):
    return a ** b


print([power(x * 0.5, 0.5) for x in range(6)])
print([power(1.5, k) for k in range(-2, 4)])
print([power(k, 0.5) for k in range(5)])
print(power(2.0, -1.5), power(10.0, 0.25), power(-2.0, 3.0), power(-2.0, 2))
for a, b in [(0.0, -1.0), (0.0, -2), (10.0, 400.0), (1e200, 2), (2, 1e4)]:
    try:
        print(power(a, b))
    except (ZeroDivisionError, OverflowError) as e:
        print(type(e).__name__, e)
# Ints at the site that saw floats: int results stay ints.
print(power(2, 10), power(3, 0), power(2, -1), power(7, 2) == 49)
print(power(2.0, 0.5) == 2 ** 0.5, power(float("inf"), 0.5), power(0.25, float("inf")))
x = float("nan")
print(power(x, 0.0), power(1.0, x), power(x, 2.0) != power(x, 2.0))
t = 0.0
for i in range(1, 50):
    t += (i * 0.1) ** 1.5 + i ** 0.5 - (0.5 ** i)
print(round(t, 9))
