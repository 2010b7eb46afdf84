# Operators of Python classes in compiled loops: BINARY_OP_PY calls the
# left operand's method directly once it is compiled. Covers a float
# right operand, NotImplemented (the protocol goes on: the reflected
# method, then TypeError), an exception raised in the method, a method
# that leaves compiled code part way (its frame goes to the interpreter
# with the operands below it), a method replaced after compilation, and
# recursion through an operator.

class V:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, o):
        return V(self.x + o.x, self.y + o.y)

    def __sub__(self, o):
        if o.x == 7:
            # Not run before compilation: the interpreter goes on here.
            return V(o.x.bit_length(), 0)
        if o.x == 8:
            # The same, raising (the traceback shows every frame).
            return V(self.x.bit_length(), 0)
        return V(self.x - o.x, self.y - o.y)

    def __mul__(self, k):
        if k == 13.0:
            raise ValueError("unlucky")
        if k < 0.0:
            return NotImplemented
        return V(self.x * k, self.y * k)

    def __repr__(self):
        return f"V({self.x}, {self.y})"


def walk(n, k=3):
    p = V(0, 0)
    d = V(1, 2)
    for i in range(n):
        p = p + d
        p = p - V(i % k, 0)
        p = p * 1.0
    return p


def scaled(n, k):
    p = V(1.0, 2.0)
    out = []
    for i in range(n):
        try:
            out.append(p * (k + i))
        except TypeError as e:
            out.append(str(e))
        except ValueError as e:
            out.append("ValueError " + str(e))
    return out


for r in range(40):
    w = walk(30)
print(w)
for r in range(40):
    s = scaled(5, 1.0)
print(s)
print(scaled(3, -2.0))
print(scaled(4, 11.0))
print(walk(8, 9))


def mul10(self, k):
    return V(self.x * 10, self.y * k)


V.__mul__ = mul10
print(walk(4))


class Chain:
    def __init__(self, n):
        self.n = n

    def __add__(self, o):
        if self.n == 0:
            return o
        return Chain(self.n - 1) + o


def chains(depth, times):
    t = 0
    for i in range(times):
        t += (Chain(depth) + 1)
    return t


for r in range(30):
    c = chains(20, 5)
print(c)
try:
    print(chains(100000, 1))
except RecursionError as e:
    print("RecursionError", e)
print(walk(9, 9))
