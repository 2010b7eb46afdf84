# Arbitrary precision arithmetic
a = 2 ** 1000
print(a)
print(len(str(a)))
b = 3 ** 500
print(b)
print(a + b)
print(a - b)
print(b - a)
print(a * b % 1000000007)
print(a // b, a % b)
print(-a // b, -a % b)
print(a // -b, a % -b)
f = 1
for i in range(1, 61):
    f *= i
print(f)
print(f // 2 ** 50, f % 2 ** 50)
print(pow(3, 1000, 10 ** 9 + 7), pow(2, 10 ** 18, 998244353))
print(pow(123456789, 98765, 2 ** 61 - 1))
print(10 ** 50 // 10 ** 25, 10 ** 50 // (10 ** 25 + 1))
print(-(10 ** 40), abs(-(10 ** 40)))
c = 99999999999999999999999999999999
print(c * c)
print(c + 1, c - c, c * 0, c // c, c % c)
print((10 ** 30 + 7) * (10 ** 30 - 7))
print(str(-7 ** 77))
print(int(str(7 ** 77)) == 7 ** 77)
print(2 ** 100 == 1267650600228229401496703205376)
print(2 ** 100 < 2 ** 101, -(2 ** 100) < -(2 ** 99), 2 ** 100 != 2 ** 100 + 1)
x = 12345678901234567890123456789
y = 98765432109876543210
print(x * y, x // y, x % y, divmod(x, y))
print(max(2 ** 70, 3 ** 44), min(-(2 ** 70), -(3 ** 44)))
