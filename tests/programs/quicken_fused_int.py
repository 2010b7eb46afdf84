# Sites where a local and a constant (or two locals) meet an int form: the
# interpreter runs such a triple with one dispatch while both are ints and
# the i64 result fits, and instruction by instruction otherwise.


def sub_const(n):
    return n - 1


def add_locals(a, b):
    return a + b


def mul_const(n):
    return n * 3037000500


def count_below(n, limit):
    hits = 0
    i = 0
    while i < limit:
        if not i < n:
            hits += 1
        i += 1
    return hits


def compares(x):
    out = []
    if x < 5:
        out.append("lt")
    if x <= 5:
        out.append("le")
    if x == 5:
        out.append("eq")
    if x != 5:
        out.append("ne")
    if x > 5:
        out.append("gt")
    if x >= 5:
        out.append("ge")
    return out


def maybe_unbound(flag):
    if flag:
        x = 1
    return x + 1


def store_after_add(a, b, start):
    # The STORE_FAST after a fused add takes the sum in place unless the
    # local it replaces holds an object (then it is dropped the usual way).
    y = start
    for _ in range(3):
        y = a + b
    z = a + b
    x = a
    x += b
    return y, z, x


def main():
    # Ints, then the same sites with floats, bools, big ints and strs.
    print([sub_const(k) for k in range(-20, 21)])
    print(sub_const(2.5), sub_const(True), sub_const(10**30))
    print(sub_const(-(2**63)))
    print([add_locals(k, k * 2) for k in range(-20, 21)])
    print(add_locals(2**62, 2**62), add_locals(-(2**63), -1))
    print(add_locals("ab", "cd"), add_locals(1.5, 2), add_locals([1], [2]))
    print([mul_const(k) for k in range(-20, 21)])
    print([mul_const(k) for k in (0, 1, -1, 3037000499, 3037000500)])
    print(mul_const(-3037000500), mul_const(0.5))
    # Compare-and-jump, both ways, and with a type change in the middle.
    print(count_below(3, 10), count_below(0, 5), count_below(7, 7))
    print(count_below(2.5, 6), count_below(10**20, 4))
    for x in range(-20, 21):
        print(x, compares(x))
    for x in (4, 5, 6, 5.0, 4.5, 2**64, -(2**64)):
        print(x, compares(x))
    # An unbound local at a fused site.
    total = 0
    for _ in range(20):
        total += maybe_unbound(True)
    print(total)
    try:
        maybe_unbound(False)
    except UnboundLocalError as e:
        print("UnboundLocalError:", e)
    # A sum stored over ints, a float, None, objects and an unbound local.
    for start in (7, 1.5, None, "s", [1], 10**30):
        print(store_after_add(3, 4, start))
    print(store_after_add(2**62, 2**62, 0), store_after_add("a", "b", 0))
    # A loop whose counter passes the i64 range while it runs.
    v = 2**63 - 5
    steps = 0
    while v < 2**63 + 5:
        v += 1
        steps += 1
    print(v, steps)


main()
