# Float powers in compiled code (`x ** -1.5`, `x ** 0.5`, `x ** 2`) with
# every case the machine code leaves to the interpreter, and unpacking of
# tuples and lists (nested, as n-body's loop does) next to other iterables.
def powers(xs, e):
    out = []
    for x in xs:
        out.append(x ** e)
    return out


for k in range(60):
    a = powers([0.5, 2.0, 3.0, 1e-100, 1e300], -1.5)
    b = powers([4.0, 2.0, 1e-320], 0.5)
    c = powers([1.5, 3.0], 2)
print(a)
print(b)
print(c)
print(powers([-2.0, -0.5], 3.0), powers([-8.0], 1 / 3))
print(powers([float("inf"), float("nan"), 1.0], 2.0))
print(powers([2.0], float("inf")), powers([0.5], float("-inf")), powers([1.0], float("nan")))
print(powers([float("nan")], 0.0), powers([0.0], 2.0), powers([-0.0], 3.0))
try:
    powers([2.0, 0.0], -1.0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    powers([10.0], 400.0)
except OverflowError as e:
    print("OverflowError:", e)
print(powers([2.0], 1075.0 - 2100.0))


def energy(pairs):
    e = 0.0
    for (((x1, y1), m1), ((x2, y2), m2)) in pairs:
        dx = x1 - x2
        dy = y1 - y2
        e -= (m1 * m2) / ((dx * dx + dy * dy) ** 0.5)
    return e


ps = [(([0.0, 0.0], 1.0), ((3.0, 4.0), 2.0)), (([1.0, 1.0], 0.5), ([4.0, 5.0], 4.0))]
for k in range(60):
    en = energy(ps)
print(en)


class T(tuple):
    pass


def first_two(items):
    out = []
    for a, b in items:
        out.append(a)
        out.append(b)
    return out


for k in range(60):
    ft = first_two([(1, 2), [3, 4], T((5, 6)), "xy", iter([7, 8]), {9: 0, 10: 0}])
print(ft)
for bad in ([(1, 2, 3)], [[1]], ["abc"], [5], [T((1,))]):
    try:
        first_two(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
