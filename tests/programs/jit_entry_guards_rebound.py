# Compiled callers call compiled functions and operator methods directly;
# those read globals (a class, a number, a builtin), which their code
# checks on entry. A direct call trusts that check while the dicts it read
# are unchanged: rebinding the global, shadowing a builtin, or deleting
# the shadow again, mid-loop and in between, must all be seen.
class V:
    def __init__(self, x):
        self.x = x

    def __add__(self, o):
        return Make(self.x + o.x + BONUS)


def Make(x):
    return V(x)


BONUS = 0


def scale(v):
    return v.x * FACTOR + len(NAMES)


FACTOR = 2
NAMES = ["a"]


def run(n, rebind_at):
    global FACTOR, BONUS
    acc = V(0)
    total = 0
    for i in range(n):
        acc = acc + V(1)
        total += scale(acc)
        if i == rebind_at:
            FACTOR = 3
            BONUS = 10
    return acc.x, total


for _ in range(60):
    run(20, -1)
print(run(300, -1))
print(run(300, 150))
FACTOR = 2
BONUS = 0
print(run(300, -1))


def len(x):
    return 100


print(run(50, -1))
del len
print(run(50, -1))


def other(x):
    return V(0 - x)


Make = other
print(run(20, -1))
