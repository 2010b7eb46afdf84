# A local and a constant (or two locals) meeting `%`, `//` or a bitwise
# operator run with one dispatch while both are ints, and with the
# conditional jump after it (`if x & 1:`) when there is one. Each site
# below also meets operands the fused path must leave to the form run on
# its own: a zero divisor, negative numbers (Python's floor rounding), a
# negative shift count, a shift out of the i64 range, a float, a bool.


def odd_values(xs):
    out = []
    for x in xs:
        if x & 1:
            out.append(x)
    return out


def not_multiple(xs, k):
    out = []
    for x in xs:
        if not x % k:
            continue
        out.append(x)
    return out


def bucket(x, width):
    if x // width:
        return x // width
    return "first"


def masks(x, m):
    return [x & m, x | m, x ^ m, x % m, x // m]


def shifts(x, n):
    r = []
    if x << n:
        r.append(x << n)
    if x >> n:
        r.append(x >> n)
    else:
        r.append("zero")
    return r


def run(label, f, *args):
    try:
        print(label, f(*args))
    except Exception as e:
        print(label, type(e).__name__, e)


for _ in range(3):
    run("odd", odd_values, [0, 1, 2, 3, -3, -4, 7])
    run("odd bool", odd_values, [True, False])
    run("odd float", odd_values, [1, 2.5])
    run("notmul", not_multiple, [0, 1, 2, 3, 4, -5, -6], 3)
    run("notmul neg", not_multiple, [5, -5, 7], -3)
    run("notmul zero", not_multiple, [1, 2], 0)
    run("bucket", bucket, 17, 5)
    run("bucket low", bucket, 3, 5)
    run("bucket neg", bucket, -3, 5)
    run("bucket zero", bucket, 3, 0)
    run("masks", masks, 29, 6)
    run("masks neg", masks, -29, 6)
    run("masks negm", masks, 29, -6)
    run("masks zero", masks, 29, 0)
    run("shifts", shifts, 5, 2)
    run("shifts big", shifts, 5, 62)
    run("shifts bigger", shifts, 5, 70)
    run("shifts negx", shifts, -5, 1)
    run("shifts far", shifts, -5, 100)
    run("shifts negn", shifts, 5, -1)
    run("shifts min", shifts, -(2 ** 63), 1)
