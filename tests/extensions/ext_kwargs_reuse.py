# The keyword dict of a METH_VARARGS | METH_KEYWORDS call: a dict C code
# keeps stays as it was after later calls, and calls in a loop with
# changing keywords and values each see their own.
import checks

first = checks.keep_kw(1, x=1, y="two")
second = checks.keep_kw(x=3)
print(first, second, first is second)
print(checks.keep_kw(), checks.keep_kw(5))
third = checks.keep_kw(z=[1, 2])
third["z"].append(3)
print(first, second, third)

seen = []
for i in range(20):
    print(checks.kwargs(i, b=i * 2), checks.kwargs(a=i, c=str(i)), end=" ")
    if i % 5 == 0:
        seen.append(checks.keep_kw(k=i, v=-i))
print()
print(seen)
# The dicts are ordinary dicts.
d = seen[0]
d["new"] = True
del d["k"]
print(d, len(d), sorted(d))
