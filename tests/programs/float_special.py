# inf, nan, signed zero
inf = float('inf')
ninf = float('-inf')
nan = float('nan')
print(inf, ninf, nan, -inf, -nan)
print(inf + 1, inf * 2, inf - inf, inf * 0, inf / inf, 1 / inf, -1 / inf)
print(inf > 1e308, ninf < -1e308, inf == inf, ninf == -inf, inf > ninf)
print(nan == nan, nan != nan, nan < 1, nan > 1, nan <= nan, nan is nan)
x = nan
print(x == x, [x] == [x], x in [x])
print(nan + 1, nan * 0, max(1.0, 2.0), min(inf, 5))
print(float('inf'), float('-Infinity'), float('INF'), float('  nan  '), float('-NaN'))
print(float('1.5'), float('  -2.5e3 '), float('1e-3'), float('.5'), float('5.'), float('-0'), float('1_000.5'))
print(float('123456789012345678901234567890'), float('0x10' == '16'))
z = -0.0
print(z, 0.0 == -0.0, -0.0 < 0.0, z * -1, 0.0 * -1, -0.0 + 0.0, -0.0 - 0.0, abs(z))
print(1e308 * 10, -1e308 * 10, 1e-323 / 10, 5e-324 / 2)
print(2.0 ** 1023 * 2, (2.0 ** 1023 * 2) - (2.0 ** 1023 * 2))
print(round(-0.4), round(-0.0), round(-0.4, 0), int(-0.0))
print(inf // 1, -inf % 3, 5 % inf, -5 % inf, 5 // inf, -5 // inf)
for s in ['abc', '', '1.2.3', 'in f', '1e', '0x1p3']:
    try:
        print(float(s))
    except ValueError as e:
        print("ValueError:", e)
try:
    float([1.0])
except TypeError as e:
    print("TypeError:", e)
