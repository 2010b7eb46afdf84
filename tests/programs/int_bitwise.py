# Bitwise operations and shifts, including negatives and big ints
print(12 & 10, 12 | 10, 12 ^ 10, ~12)
print(-12 & 10, -12 | 10, -12 ^ 10, ~-12)
print(-1 & 255, -256 & 255, -1 | 0, -1 ^ -1)
print(1 << 0, 1 << 10, 5 << 3, -5 << 3)
print(1024 >> 3, -1024 >> 3, -1 >> 10, -7 >> 1, 7 >> 1, 1 >> 5)
print(1 << 100, (1 << 100) - 1, (1 << 100) >> 98)
print(-(1 << 100) >> 3, -(1 << 100) >> 200, (1 << 100) >> 200)
big = (1 << 130) | (1 << 65) | 1
print(big, big & ((1 << 66) - 1), big ^ (1 << 130), big | 6)
print(-big & 0xFFFF, ~big, -big | 1, -big ^ big)
print((2 ** 64 - 1) & -(2 ** 32), (2 ** 64) | -1)
print(0xFF, 0o17, 0b1011, 0xdead_beef, 1_000_000)
x = 0
for i in range(0, 70, 7):
    x |= 1 << i
print(x, bin(x))
print(hex(x), x >> 35, x & 127)
y = 0b1010
y <<= 4
y ^= 0b11
y &= 0xF3
y >>= 1
print(y)
print(True & False, True | False, True ^ True, ~True, True << 3)
try:
    print(1 << -1)
except ValueError as e:
    print("ValueError:", e)
try:
    print(1 >> -1)
except ValueError as e:
    print("ValueError:", e)
try:
    print(1.0 & 1)
except TypeError as e:
    print("TypeError:", e)
