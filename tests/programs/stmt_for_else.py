# for loops over every iterable, with else/break/continue
for x in [1, 2, 3]:
    print(x, end=" ")
print()
for ch in "hey":
    print(ch, end=" ")
print()
for t in (1.5, None, "s"):
    print(t, end=" ")
print()
d = {"a": 1, "b": 2}
for k in d:
    print(k, end=" ")
for k in d.keys():
    print(k, end=" ")
for v in d.values():
    print(v, end=" ")
for k, v in d.items():
    print(k + str(v), end=" ")
print()
for i in range(10, 0, -3):
    print(i, end=" ")
print()
for i, c in enumerate("xyz", start=1):
    print(i, c, end="; ")
print()
for a, b in zip([1, 2, 3], "ab"):
    print(a, b, end="; ")
print()
for x in reversed([1, 2, 3]):
    print(x, end=" ")
print()
for n in range(2, 20):
    for div in range(2, n):
        if n % div == 0:
            break
    else:
        print(n, "is prime")
for x in []:
    print("never")
else:
    print("empty loop else")
for x in range(5):
    if x == 1:
        continue
    if x == 3:
        break
    print("x", x)
else:
    print("not reached")
total = 0
for row in [[1, 2], [3, 4], [5, 6]]:
    for v in row:
        if v == 4:
            continue
        total += v
print(total)
for i in range(3):
    pass
print("loop var after loop", i)
lst = [1, 2, 3]
for x in lst:
    if x == 1:
        lst.append(4)
print(lst)
for x in iter([7, 8]):
    print(x)
for x in map(str, [1, 2]):
    print(repr(x))
for x in filter(None, [0, 1, "", "a"]):
    print(repr(x))
