# Shifts of ints in loops (BINARY_OP_INT with >> and <<, also in place):
# arithmetic right shifts of negative numbers, counts of 63 and more,
# left shifts that leave the 64-bit range (a big int), negative counts
# (ValueError), and bools and big ints as operands.


def rshifts(values, counts):
    out = []
    for a in values:
        for b in counts:
            out.append(a >> b)
    return out


def lshifts(values, counts):
    out = []
    for a in values:
        for b in counts:
            out.append(a << b)
    return out


vals = [0, 1, -1, 5, -5, 12345, -12345, 2**62, -(2**62), 2**63 - 1, -(2**63)]
counts = [0, 1, 2, 31, 62, 63, 64, 65, 200]
print(rshifts(vals, counts))
print(lshifts(vals, counts))
print(rshifts([2**100, -(2**100), True], [1, 70, 0]))
print(lshifts([True, False, 3], [True, 70]))


def lfsr(seed, n):
    for _ in range(n):
        if seed & 1 == 0:
            seed = seed >> 1
        else:
            seed = (seed >> 1) ^ 0xD008
        seed <<= 1
        seed >>= 1
    return seed


print(lfsr(1234, 1000), lfsr(0xFFFF, 77))


def negative(counts):
    for b in counts:
        try:
            print(16 >> b, 16 << b)
        except ValueError as e:
            print(type(e).__name__, e)


negative([2, 1, -1, 0, -100])
