# Basic integer arithmetic
a = 17
b = 5
print(a + b, a - b, a * b)
print(a / b, a // b, a % b, a ** b)
print(b - a, -a * b, -a + -b)
print(0 * 12345, 1 * -1, -0)
print(2 ** 10, 2 ** 0, 0 ** 0, 1 ** 1000, (-1) ** 1001)
print(10 / 2, 1 / 8, 7 / 7, 0 / 5)
print(3 + 4 * 2 - 6 // 4 % 3)
print((3 + 4) * (2 - 6))
x = 100
x = x * 3 - x // 7
print(x)
print(1000000 * 1000000)
print(123456789 * 987654321)
print(-7 * 0, 7 * -0)
print(abs(-42), abs(0), abs(42))
n = 0
for i in range(1, 101):
    n = n + i * i
print(n)
print(2 ** 3 ** 2, (2 ** 3) ** 2)
print(-2 ** 2, (-2) ** 2)
print(divmod(17, 5), divmod(-17, 5), divmod(17, -5), divmod(-17, -5))
