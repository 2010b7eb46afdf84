# Promotion to arbitrary precision at the i64 boundaries
MAX = 2 ** 63 - 1
MIN = -2 ** 63
print(MAX, MIN)
print(MAX + 1, MIN - 1)
print(-2 ** 63 - 1)
print(MIN // -1, MIN * -1, -MIN, abs(MIN))
print(MIN % -1, divmod(MIN, -1))
print(MAX * 2, MAX * MAX, MIN * MIN, MIN * MAX)
print(3037000499 * 3037000499, 3037000500 * 3037000500)
print(4611686018427387904 * 2, 4611686018427387904 + 4611686018427387904)
print(MAX + 1 - 1 == MAX, (MAX + 1) // 2 == 2 ** 62)
print(2 ** 64, 2 ** 64 - 1, -(2 ** 64))
print(MAX - MIN, MIN - MAX)
x = MAX
x += 1
print(x, type(x).__name__)
x -= 1
print(x, x == MAX)
y = MIN
y -= 1
print(y)
y += 1
print(y == MIN)
print(MIN // 2, MIN // 3, MIN % 7, MAX % 7)
print(MAX << 1, MIN << 1, 1 << 63, 1 << 64, -1 << 63)
print((1 << 63) >> 1, (1 << 200) >> 199)
print(~MAX, ~MIN, ~(MAX + 1))
print(2 ** 62 + 2 ** 62, 2 ** 62 * 4 // 4)
big = 1
for i in range(70):
    big = big * 2
print(big, big > MAX, big // 2 ** 69)
print(MAX + 1 > MAX, MIN - 1 < MIN, MAX + 1 == 2 ** 63)
print(-(MIN + 0), 0 - MIN)
print(sum([MAX, MAX, MAX]), sum([MIN, -1]))
print(MAX ** 2 // MAX == MAX)
