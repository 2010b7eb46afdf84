# i64 arithmetic in compiled code overflows into big ints exactly where
# CPython's would.
def grow(x, n):
    for _ in range(n):
        x = x * 3 + 1
    return x


def shrink(x, n):
    for _ in range(n):
        x = x - 2**62
    return x


def floors(a, b):
    out = 0
    for i in range(1, 6):
        out = out + (a // (b * i)) + (a % (b * i))
    return out


for _ in range(400):
    grow(1, 5)
    shrink(0, 1)
    floors(100, 7)
print(grow(1, 50))
print(grow(-1, 45))
print(shrink(0, 5))
print(shrink(-(2**63) + 2**62, 1))
print(floors(100, 7), floors(-100, 7), floors(100, -7), floors(-100, -7))
print(floors(-(2**63), 1))
print(floors(-(2**63), -1))


def neg(n):
    x = -(2**63) + 1
    for _ in range(n):
        x = -x
        x = x - 1
    return x


for _ in range(400):
    neg(1)
print(neg(1), neg(2), neg(3))
