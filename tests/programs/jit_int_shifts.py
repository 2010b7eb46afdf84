# `>>` and `<<` of ints in compiled loops are machine shifts: a negative
# count leaves for the interpreter (ValueError), a count of 64 or more
# gives the sign for `>>`, and a `<<` whose result needs a big int leaves
# to make it. `xs[p.i]` (an index read from an attribute) reads the item
# in machine code too.
def shifts(xs, ks):
    out = []
    for x in xs:
        for k in ks:
            try:
                out.append((x >> k, x << k))
            except ValueError as e:
                out.append(str(e))
    return out


def seeds(seed, n):
    # richards' pseudo-random walk: shifts and xors of a local.
    out = []
    for _ in range(n):
        if seed & 1 == 0:
            seed = seed >> 1
        else:
            seed = (seed >> 1) ^ 0xD008
        out.append(seed)
    return out


class P:
    def __init__(self, i):
        self.i = i


def pick(t, ps):
    s = 0
    for p in ps:
        s += t[p.i]
    return s


r = None
for _ in range(200):
    r = shifts([0, 1, -1, 5, -7, 2**62, -2**63, 2**63 - 1], [0, 1, 3, 62, 63, 64, 65, 200, -1])
print(r)
print(shifts([3, -3], [True, False]), shifts([2**70, -2**70], [1, 70]))
print(seeds(1, 12), seeds(0xBEEF, 5)[-1])
v = None
for _ in range(200):
    v = pick([10, 20, 30], [P(0), P(2), P(-1)]) + pick((7, 8), [P(1), P(-2)])
print(v)
for bad in ([1], [P(5)]), ([1], [P("x")]), ({1: "a"}, [P(1)]), ([1.5, 2.5], [P(True)]):
    try:
        print(pick(*bad))
    except (IndexError, TypeError) as e:
        print(type(e).__name__, e)
