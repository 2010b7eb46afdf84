# An extension type: construction, members, get-sets, methods, repr/str,
# comparison, hashing, arithmetic, mapping access and iteration.
import checks

Pair = checks.Pair
p = Pair(3, "x")
q = Pair(4, b=10)
print(repr(p), str(p), p, [p, q])
print(f"{p} and {q!r}")
print(p.a, p.b, q.a, q.b, q.total)
p.a = 30
print(p.a, p)
q.total = 100
print(q.b, q.total)
print(p.swap(), q.scaled(2), Pair.swap(q))
print(type(p).__name__, type(p), isinstance(p, Pair), Pair.__name__, Pair.__doc__)
print(Pair.swap, Pair.a.__name__)

print(p == Pair(30), p == q, p != q, p < q, q < p, p <= Pair(30), p > q, p >= q)
print(p == 30, p != "x")
print(hash(Pair(5)) == hash(Pair(5)), hash(Pair(7)))
d = {Pair(1): "one", Pair(2): "two"}
print(d[Pair(1)] if Pair(1) in d else "identity keys", len(d))

r = p + q
print(r, type(r).__name__)
print(len(p), p[0], p[1], p[-1], p[-2], list(p), tuple(q))
for item in Pair(7, "seven"):
    print("item", item)
print("x" in Pair(0, "x"), 5 in Pair(0, "x"))
a, b = Pair(1, 2)
print(a, b)

for call in [
    lambda: Pair(),
    lambda: Pair("no"),
    lambda: Pair(1, 2, 3),
    lambda: Pair(1, c=2),
    lambda: setattr(p, "b", 5),
    lambda: setattr(p, "a", "str"),
    lambda: setattr(p, "nope", 1),
    lambda: p.nope,
    lambda: p[2],
    lambda: p["k"],
    lambda: p + 1,
    lambda: 1 + p,
    lambda: p < 3,
    lambda: Pair(1, "s").total,
    lambda: p.scaled("x"),
    lambda: Pair.swap(5),
    lambda: p.swap(1),
]:
    try:
        print("ok", call())
    except Exception as e:
        print(type(e).__name__ + ":", e)

# C code that edits a C type's dict and calls PyType_Modified: a method
# lookup cached at a quickened site (and in the type's method cache) must
# see the new binding, and the quickened call must fall back when the new
# method takes another calling convention (swapped back at the end).
def swap_it(pair):
    return pair.swap()


r = Pair(2, "two")
for _ in range(20):
    got = swap_it(r)
print("before", got)
checks.swap_methods(Pair, "swap", "scaled")
try:
    swap_it(r)
except TypeError as e:
    print("after TypeError:", e)
print("after", r.swap(3), r.scaled())
checks.swap_methods(Pair, "swap", "scaled")
print("restored", swap_it(r))


# One len() site in a loop: C types with a length slot (one raising from
# it), built-in containers, and an object made only for the call.
def lengths(items):
    out = []
    for x in items:
        try:
            out.append(len(x))
        except ValueError as e:
            out.append(f"ValueError: {e}")
    out.append(len(Pair(9)))
    return out


mixed = [Pair(1), Pair(-1), [1, 2, 3], "ab", Pair(2), (1,), Pair(-5)]
for _ in range(3):
    print(lengths(mixed))
total = 0
for i in range(1000):
    total += len(Pair(i))
print("total", total)
try:
    len(Pair(-3))
except ValueError as e:
    print("ValueError:", e)


# One subscript site in a loop: C types (raising from their subscript
# slots too), built-in containers, and a C object without a subscript slot.
def items(objs, key):
    out = []
    for x in objs:
        try:
            out.append(x[key])
        except (IndexError, TypeError, KeyError) as e:
            out.append(f"{type(e).__name__}: {e}")
    return out


objs = [Pair(7, "b"), [10, 20], Pair(8), iter(Pair(1)), (5, 6), {0: "zero"}]
for _ in range(3):
    print(items(objs, 0), items(objs, 1), items(objs, 5), items(objs, "k"))
total = 0
for i in range(1000):
    total += Pair(i)[0]
print("subscript total", total)
