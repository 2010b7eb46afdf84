class CM:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress
    def __enter__(self):
        print("enter", self.name)
        return self.name.upper()
    def __exit__(self, typ, val, tb):
        print("exit", self.name, typ.__name__ if typ else None, val)
        return self.suppress

with CM("a") as x:
    print("body", x)

with CM("b"), CM("c") as y:
    print("two items", y)

with CM("d", suppress=True):
    raise ValueError("swallowed")
print("after suppressed")

class Pair:
    def __enter__(self):
        return (1, (2, 3))
    def __exit__(self, *args):
        return None
with Pair() as (p, (q, r)):
    print(p, q, r)

def early_return():
    with CM("ret"):
        return "returned"
print(early_return())

for i in range(3):
    with CM("loop" + str(i)):
        if i == 0:
            continue
        if i == 1:
            break
print("loop done", i)

try:
    with CM("e"):
        raise KeyError("propagates")
except KeyError as e:
    print("caught", repr(e))

def gen():
    with CM("gen"):
        yield 1
        yield 2
print(list(gen()))

def nested():
    with CM("outer"):
        with CM("inner", suppress=True):
            1 / 0
        print("between")
    return "ok"
print(nested())

class Counter:
    count = 0
    def __enter__(self):
        Counter.count += 1
        return self
    def __exit__(self, *a):
        Counter.count -= 1
def deep(n):
    with Counter():
        if n:
            return deep(n - 1)
        return Counter.count
print(deep(5), Counter.count)

def ret_in_try():
    try:
        with CM("try"):
            return 1
    finally:
        print("finally")
print(ret_in_try())
