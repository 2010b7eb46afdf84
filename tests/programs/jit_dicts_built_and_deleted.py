# Dict displays (BUILD_MAP) and `del c[k]` (DELETE_SUBSCR) in compiled
# loops, with the errors they raise.
def build(n):
    out = []
    for i in range(n):
        d = {"a": i, i: "b", "a": -i, (i, 1): [i]}
        out.append(d)
    return out[-1], len(out)


for k in range(40):
    r = build(30)
print(r)


def churn(n):
    d = {}
    for i in range(n):
        d[i] = i * i
        if i % 3 == 0:
            del d[i]
    lst = list(range(10))
    for i in range(3):
        del lst[0]
    return len(d), sum(d.values()), lst


for k in range(40):
    c = churn(60)
print(c)


def bad_key(k):
    return {k: 1}


for k in range(40):
    bad_key(k)
try:
    bad_key([1])
except TypeError as e:
    print("TypeError:", e)


def remove(c, k):
    del c[k]
    return c


for k in range(40):
    remove({1: 2, 3: 4}, 1)
try:
    remove({1: 2}, 5)
except KeyError as e:
    print("KeyError:", e)
try:
    remove((1, 2), 0)
except TypeError as e:
    print("TypeError:", e)
print(remove([1, 2, 3], -1), remove({"x": 1, "y": 2}, "x"))
