first, *rest = [1, 2, 3]
print(first, rest)
*init, last = 'abc'
print(init, last)
a, *b, c = range(5)
print(a, b, c)
a, *b, c = (1, 2)
print(a, b, c)
[x, *ys] = iter([9])
print(x, ys)
(p, *q), r = (1, 2, 3), 4
print(p, q, r)
for h, *t in [(1, 2, 3), (4,)]:
    print(h, t)
def f(data):
    head, *tail = data
    return head, tail
print(f({'k': 1, 'j': 2}))
for bad in [lambda: f([]), lambda: f(5)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
try:
    a, *b, c, d = [1, 2]
except ValueError as e:
    print(e)
# Walrus.
data = [1, 2, 3, 4]
if (n := len(data)) > 2:
    print('long', n)
while (chunk := data[:2]):
    print(chunk)
    data = data[2:]
print([y := 5, y ** 2])
def g():
    total = 0
    while (v := total + 3) < 10:
        total = v
    return total, v
print(g())
# Annotations.
count: int = 0
name: str
print(__annotations__)
class Point:
    x: float = 0.0
    y: float
    label: 'str' = 'p'
    def move(self, dx: float) -> None:
        step: float = dx * 2
        self.x = self.x + step
pt = Point()
pt.move(1.5)
print(pt.x, Point.__annotations__, Point.label)
def local_only():
    z: undefined_name_never_evaluated = 3
    w: also_undefined
    return z
print(local_only())
pt.attr: int = 7
print(pt.attr)
d = {}
d['k']: int = 1
print(d)
for i in range(2):
    loop_var: int = i
print(loop_var, __annotations__)
try:
    bad_ann: undefined_type = 1
except NameError as e:
    print(e)
