# bools behave as ints
print(True + True, True * 3, True - False, True / 2, True // 1, False ** 0, 10 * False, -True)
print(sum([True] * 7), True == 1, False == 0, True is True, str(True), repr(False), int(True) + 1)
print([1, 2, 3][True], "ab"[False], {1: "one"}[True], {True: "t"}[1])
print(True & True, True | False, True ^ True, True << 4, True > False, max(True, 0), min(False, -1))
print(type(True + 1).__name__, type(True & True).__name__, type(True + 0.5).__name__, type(not 1).__name__)
print(bool(True), bool("False"), bool(0.0), True and 5, False or 0.0, 5 * (3 > 2))
count = 0
for v in [3, -1, 4, -1, -5, 9]:
    count += v > 0
print(count)
print(f"{True}", f"{False!r}", f"{True + True}", str(True).upper(), divmod(True, True))
