# Values of different types meeting where two paths join, in compiled
# loops: conditional expressions, `or` / `and` results, and a call's
# argument chosen per round.
def step(x):
    return x + 1


def ternaries(n):
    t = 0
    names = []
    for i in range(n):
        t += step(i if i % 7 else 0.5)
        v = None if i % 3 == 0 else i
        names.append("none" if v is None else v * 2)
        w = (i, i) if i % 5 == 0 else [i]
        t += len(w)
    return t, names[-4:]


for k in range(30):
    r = ternaries(100)
print(r)


def shortcircuit(xs):
    out = []
    for x in xs:
        out.append(x or "empty")
        out.append(x and x * 2)
        out.append((x or 0.25) * 2)
    return out


for k in range(40):
    s = shortcircuit([0, 3, 0.0, 2.5, "", "ab", None])
print(s)


def chooser(n):
    acc = []
    for i in range(n):
        acc.append(str(i if i % 2 else float(i)) + ("!" if i % 3 else "?"))
    return acc[-5:]


for k in range(40):
    c = chooser(50)
print(c)


def nested(n):
    t = 0.0
    for i in range(n):
        t += (i if i % 2 else 1.5) * (2 if i % 3 else 0.5) + (i % 4 or 0.125)
    return t


for k in range(40):
    nn = nested(80)
print(nn)
try:
    print([step(v if v else "x") for v in (1, 0)])
except TypeError as e:
    print("TypeError:", e)
