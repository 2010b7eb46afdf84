# range: steps, negative steps, len, indexing, membership
print(list(range(5)), list(range(2, 8)), list(range(0, 20, 5)), list(range(10, 0, -3)))
print(list(range(0)), list(range(-3)), list(range(5, 5)), list(range(5, 1)), list(range(1, 5, -1)))
print(list(range(-5, 5, 2)), list(range(5, -5, -2)), list(range(-1, -10, -4)))
for r in [range(10), range(1, 10, 2), range(10, 0, -1), range(0, -10, -3), range(3, 3), range(0, 100, 7)]:
    print(len(r), r[0] if len(r) > 0 else None, r[-1] if len(r) > 0 else None, sum(r))
r = range(3, 30, 4)
print(r[2], r[-2], r[0], len(r), 7 in r, 8 in r, 31 in r, -1 in r, 27 in r, 27 not in r)
print(list(reversed(range(4))), sorted(range(3), reverse=True), max(range(7)), min(range(3, 9)))
print(list(range(10)[2:8:2]), list(range(10)[::-1]), list(range(0, 20, 3)[::2]), list(range(10)[-3:]))
total = 0
for i in range(1, 1001):
    total += i
print(total)
br = range(10 ** 20, 10 ** 20 + 10, 3)
print(list(br), br[1], 10 ** 20 + 3 in br)
print(list(range(True, 3)), list(range(0)) == list(range(3, 3)))
try:
    range(1, 10, 0)
except ValueError as e:
    print("ValueError:", e)
try:
    print(range(5)[5])
except IndexError as e:
    print("IndexError:", e)
try:
    range(1.5)
except TypeError as e:
    print("TypeError:", e)
try:
    range("3")
except TypeError as e:
    print("TypeError:", e)
