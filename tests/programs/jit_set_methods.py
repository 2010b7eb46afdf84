# Set methods in compiled loops: `s.add(k)`, `s.remove(k)` and
# `s.discard(k)` on a set are one helper call each (no argument vector);
# a missing key's KeyError, an unhashable key's TypeError, keys whose
# `==` is Python code, and a receiver that is not an exact set (a set
# subclass overriding `add`, a frozenset) at the same site all behave as
# in the interpreter.
def place(row, size, cols, up, down):
    # The backtracking search of n-queens: cycles of add and remove.
    if row == size:
        return 1
    found = 0
    for col in range(size):
        if col in cols or row + col in up or row - col in down:
            continue
        cols.add(col)
        up.add(row + col)
        down.add(row - col)
        found += place(row + 1, size, cols, up, down)
        cols.remove(col)
        up.discard(row + col)
        down.remove(row - col)
    return found


def churn(s, keys):
    log = []
    for k in keys:
        try:
            if k in s:
                s.remove(k)
                log.append("-" + str(k))
            else:
                s.add(k)
                log.append("+" + str(k))
            s.discard("never")
        except TypeError as e:
            log.append("TypeError " + str(e))
    return log


def removes(s, keys):
    out = []
    for k in keys:
        try:
            s.remove(k)
            out.append(k)
        except KeyError as e:
            out.append("KeyError " + repr(e.args[0]))
    return out


class Loud(set):
    def add(self, k):
        print("Loud.add", k)
        set.add(self, k * 10)


class Key:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        return isinstance(other, Key) and self.n % 3 == other.n % 3

    def __hash__(self):
        return 7

    def __repr__(self):
        return "Key(" + str(self.n) + ")"


def adder(s, ks):
    for k in ks:
        s.add(k)
    return s


for size in (4, 5, 6, 8):
    print(size, place(0, size, set(), set(), set()))
# Hot first (compiled with plain int keys; each branch taken in the
# first call), then the odd keys.
print(churn({0}, [0, 0]), removes({0}, [0, 0]))
warm = set()
for rep in range(50):
    churn(warm, list(range(rep % 7, 40)))
    removes(set(range(30)), list(range(0, 30, 3)))
    adder(set(), list(range(rep)))
print(len(warm), sorted(warm)[:8])
s = set()
print(churn(s, [1, 2, 3, 1, "a", 2.0, [], "a", (1, 2), 3, True]))
print(sorted(map(str, s)))
print(removes({1, 2, 3, "x"}, [1, 1, "x", 2.5, 3, -1]))
print(sorted(adder(set(), list(range(20)))))
print(sorted(adder(Loud(), [1, 2])))
try:
    adder(frozenset(), [1])
except AttributeError as e:
    print("AttributeError", e)
keyed = adder(set(), [Key(1), Key(4), Key(2), Key(7), Key(5)])
print(len(keyed), sorted(k.n for k in keyed))
print(removes(keyed, [Key(10), Key(3), Key(11)]))
print(churn(set(), [Key(1), Key(4), Key(1)]))
