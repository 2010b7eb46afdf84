# Tuples' items in compiled loops: `t[i]` reads a tuple's (or a list's)
# item in machine code (negative indexes from the end); an index out of
# range, a tuple subclass, a string and a dict at the same site go back to
# the interpreter, which raises or dispatches as usual.
def total(pairs):
    s = 0
    for p in pairs:
        s += p[0] * p[1] - p[-1]
    return s


def pick(seqs, i):
    out = []
    for s in seqs:
        try:
            out.append(s[i])
        except IndexError as e:
            out.append(str(e))
        except KeyError as e:
            out.append("KeyError " + str(e))
    return out


class Shifted(tuple):
    def __getitem__(self, i):
        return "shifted " + str(tuple.__getitem__(self, i + 1))


class Box:
    def __init__(self, v):
        self.v = v


def holders(n):
    # Items that are objects: each read takes a reference of its own.
    items = tuple(Box(k) for k in range(5))
    s = 0
    for i in range(n):
        b = items[i % 5]
        s += b.v
        items[-1].v += 1
    return s, items[-1].v


def made(n):
    # Tuples made in the loop, read once and dropped.
    s = 0
    for i in range(n):
        t = (i, i * 2, str(i))
        s += t[1] + len(t[-1])
    return s


for _ in range(3):
    print(total([(1, 2), (3, 4, 5), (6, 7), (8, 9, 10, 11)] * 500))
    print(pick([(1, 2, 3), (4, 5, 6)] * 500 + [[4, 5, 6], (7,), "abc", Shifted((10, 20, 30)), {2: "two"}], 2)[-7:])
    print(pick([(1, 2, 3)] * 1000 + [(4, 5)], -3)[-2:])
    print(pick([(1, 2, 3)] * 1000 + [Shifted((10, 20, 30)), [4, 5]], 1)[-3:])
    print(holders(2000))
    print(made(3000))
