# Found by the JIT fuzzer (seed 520): compiled after a call with floats,
# the function must still compute exactly on ints (what compiled code knows
# of an operand wins over what the site saw before).
def j12(a, b, n):
    x = (a % n)
    for q1 in range(8):
        if x > 4611686018427387904 or x < -4611686018427387904: x = x % 1000003
        if a > 4611686018427387904 or a < -4611686018427387904: a = a % 1000003
        y = ((b // x) % (a - x))
        while k2 < n:
            k2 += 1
            if (5 // b) > -3:
                if x > (y // a):
                    continue
                if not n < 1e-05:
                    break
                continue
        while k3 < n:
            k3 += 1
            for q4 in range(3):
                if (y & n) > (2 - 1.0):
                    continue
                y = y + 1
        y = y + 1
for aa, bb, nn in [(2.5, 2, 9), (9223372036854775808, 3037000500, 7), (3, 3037000500, 9), (5e-324, -2147483648, 6), (True, True, -1), (-2.5, -0.0, 9)]:
    try:
        print(13, j12(aa, bb, nn))
    except Exception as e:
        print(13, type(e).__name__, e)
