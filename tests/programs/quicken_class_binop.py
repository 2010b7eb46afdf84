# Operators on instances through BINARY_OP_PY (the left operand's method
# entered as a frame of the running loop): results, NotImplemented going on
# to the reflected method and the built-in rules, exceptions, and methods
# replaced after the cache filled (the corpus also runs this with warmup 0).
class V:
    def __init__(self, x):
        self.x = x
    def __add__(self, o):
        if isinstance(o, V):
            return V(self.x + o.x)
        if isinstance(o, int):
            return V(self.x + o)
        return NotImplemented
    def __sub__(self, o):
        return V(self.x - o.x)
    def __mul__(self, k):
        return V(self.x * k)
    def __repr__(self):
        return f"V({self.x})"
class R:
    def __radd__(self, o):
        return "R.radd"
class S(V):
    def __radd__(self, o):
        return "S.radd first"
def add(a, b):
    return a + b
def mul(a, b):
    return a * b
for i in range(5):
    print(add(V(i), V(1)), add(V(i), 10), mul(V(i), 2.5))
print(add(V(1), R()))
print(add(V(1), S(2)))
for bad in ["s", 1.5, None]:
    try:
        print(add(V(1), bad))
    except TypeError as e:
        print("TypeError:", e)
class E:
    def __sub__(self, o):
        raise ValueError("inside")
def sub(a, b):
    return a - b
for i in range(3):
    try:
        sub(E(), E())
    except ValueError as e:
        print("ValueError:", e)
def deep(v, n):
    return v if n == 0 else deep(v + 1, n - 1)
print(deep(V(0), 100))
x = V(5)
x += 3
print(x)
print(add(V(1), 2))
V.__add__ = lambda self, o: "replaced"
print(add(V(1), V(2)))
del V.__add__
try:
    add(V(1), V(2))
except TypeError as e:
    print("TypeError:", e)
V.__add__ = lambda self, o: NotImplemented
add(V(1), "z")
