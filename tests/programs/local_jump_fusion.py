# A local tested by the conditional jump right after it (`if x is None:`,
# `if x:`, `while node is not None:`) runs as one instruction in the hot
# loop when the test needs no call; every other value takes the two-step
# path. Both must agree with CPython for every kind of value, including a
# local whose type changes between iterations and an unbound local.


class Truthy:
    def __init__(self, v):
        self.v = v

    def __bool__(self):
        print("  __bool__", self.v)
        return self.v


class Sized:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n


class Node:
    def __init__(self, value, next):
        self.value = value
        self.next = next


def classify(values):
    out = []
    for x in values:
        r = 0
        if x is None:
            r += 1
        if x is not None:
            r += 2
        if x:
            r += 4
        if not x:
            r += 8
        out.append(r)
    return out


def walk(head):
    total = 0
    node = head
    while node is not None:
        total += node.value
        node = node.next
    return total


def count_down(n):
    steps = 0
    while n:
        n -= 1
        steps += 1
    return steps


def unbound(flag):
    if flag:
        y = 1
    try:
        if y is None:
            return "none"
        return "bound"
    except UnboundLocalError as e:
        return f"{type(e).__name__}: {e}"


def unbound_truth(flag):
    if flag:
        z = 0
    try:
        if z:
            return "true"
        return "false"
    except UnboundLocalError as e:
        return f"{type(e).__name__}: {e}"


values = [None, True, False, 0, 1, -7, 0.0, -0.0, 2.5, float("nan"), "", "a",
          [], [0], (), {}, {1: 2}, Sized(0), Sized(3), 10**30, 0 * 10**30]
for _ in range(3):
    print(classify(values))
print(classify([Truthy(True), Truthy(False)]))

head = None
for i in range(100):
    head = Node(i, head)
for _ in range(3):
    print(walk(head), walk(None))
for n in (0, 1, 5, 300):
    print(count_down(n))
for flag in (True, False, True, False):
    print(unbound(flag), unbound_truth(flag))

# One local flipping between None, ints, floats, bools and objects.
mixed = [None, 0, 1.5, True, "x", None, 0.0, [], 3] * 20
print(sum(classify(mixed)))
try:
    print(classify([Truthy(3)]))
except TypeError as e:
    print(type(e).__name__, e)
