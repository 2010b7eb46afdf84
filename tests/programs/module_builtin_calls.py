# A module's Rust functions called as module.func(x) in a loop (LOAD_METHOD
# finds no receiver), with float and int arguments, errors included, and a
# site that later sees a method of an object.
import math
import operator


def roots(n):
    t = 0.0
    for i in range(n):
        t += math.sqrt(t + 1.5)
    return round(t, 6)


def mixed(objs):
    out = []
    for o in objs:
        out.append(o.get(1) if isinstance(o, dict) else o.floor(2.5))
    return out


print(roots(50))
print([operator.add(i, 2) for i in range(5)], [math.floor(x / 3) for x in range(5)])
for bad in (lambda: math.sqrt(-1.0), lambda: math.sqrt("x"), lambda: math.floor()):
    for _ in range(3):
        try:
            bad()
        except (ValueError, TypeError) as e:
            print(type(e).__name__, e)
print(mixed([math, {1: "a"}, math, {1: "b"}]))
