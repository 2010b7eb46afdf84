def f(x, y=None):
    out = []
    if x is None:
        out.append("x none")
    elif x is not None and y is None:
        out.append("x set, y none")
    if not (y is None):
        out.append("y set")
    while x is not None:
        out.append(x)
        x = None if x > 2 else x + 1
    r = [v for v in [1, None, 2, None] if v is not None]
    z = "n" if y is None else "s"
    t = x is None
    return out, r, z, t
for a in [None, 0, 5, [1], "s"]:
    try:
        print(f(a), f(a, 1))
    except TypeError as e:
        print("TypeError", e)
class_ = None
print(class_ is None, (1 if class_ is not None else 2))
# A fresh object popped by the jump is freed (its last reference is the
# stack's), in a loop warm enough to run in quickened code.
n = 0
for i in range(300):
    if [i] is not None and (i if i % 3 else None) is None:
        n += 1
print(n)
