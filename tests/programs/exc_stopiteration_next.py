# iter/next and StopIteration
it = iter([1, 2])
print(next(it), next(it), next(it, "default"), next(it, None))
try:
    next(it)
except StopIteration as e:
    print("StopIteration", repr(e), e.args)
s = iter("ab")
print(next(s), next(s), next(s, "end"))
d = iter({"x": 1, "y": 2})
print(next(d), next(d))
r = iter(range(3))
print(next(r), list(r), list(r))
t = iter((1,))
print(next(t), next(t, 0))
m = map(lambda x: x * 2, [5])
print(next(m), next(m, "done"))
z = zip("ab", [1, 2])
print(next(z), next(z), next(z, None))
e = enumerate(["a"])
print(next(e), next(e, "exhausted"))
it2 = iter([1, 2, 3, 4])
for x in it2:
    if x == 2:
        break
print(list(it2))
try:
    next([1, 2])
except TypeError as e:
    print("TypeError:", e)
it3 = iter([10])
print(iter(it3) is it3)
