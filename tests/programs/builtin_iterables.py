# enumerate, zip, reversed, sorted, list, tuple, map, filter, any, all
print(list(enumerate("abc")), list(enumerate(["x", "y"], start=1)), list(enumerate([], 5)), list(enumerate("ab", -2)))
print(list(zip([1, 2, 3], "abc")), list(zip([1, 2], "abcd")), list(zip()), list(zip([1, 2])), list(zip("a", "b", "c")))
print(list(reversed([1, 2, 3])), list(reversed("abc")), list(reversed((1, 2))), list(reversed(range(5))), list(reversed([])))
print(sorted([3, 1, 2]), sorted([3, 1, 2], reverse=True), sorted("cba"), sorted(["b", "A", "a"], key=lambda s: s.lower()))
print(list(map(str, [1, 2, 3])), list(map(lambda a, b: a * b, [1, 2, 3], [4, 5, 6])), list(map(abs, [-1, -2])))
print(list(map(len, ["a", "bb", ""])), list(map(int, "123")), list(map(lambda x: x, [])))
print(list(filter(lambda x: x % 2, range(10))), list(filter(None, [0, 1, "", "a", [], [0], None])))
print(any([]), any([0, "", None]), any([0, 1]), all([]), all([1, "a", [0]]), all([1, 0]), any("abc"), all(range(1, 5)))
print(any([x > 3 for x in [1, 5]]), all([x > 0 for x in [1, -5]]))
print(list(range(3)), tuple([1, 2]), list((1, 2)), tuple("ab"), list({"k": 1}), tuple(range(2)), list(iter([9])))
pairs = list(zip(["a", "b", "c"], range(3)))
print(dict(pairs), dict(zip("xy", "XY")))
names = ["ann", "bob"]
ages = [31, 25]
for i, (nm, ag) in enumerate(zip(names, ages)):
    print(i, nm, ag)
m = map(lambda x: x + 1, [1, 2, 3])
print(list(m), list(m))
f = filter(lambda x: x, [1, 0, 2])
print(next(f), list(f))
z = zip([1, 2, 3], [4, 5, 6])
print(next(z), list(z))
r = reversed([1, 2, 3])
print(next(r), list(r))
e = enumerate("xyz")
print(next(e), list(e))
print(list(zip(*[[1, 2, 3], [4, 5, 6]])))
try:
    list(zip(1, 2))
except TypeError as ex:
    print("TypeError:", ex)
try:
    list(map(lambda x: 1 / x, [1, 0]))
except ZeroDivisionError as ex:
    print("ZeroDivisionError:", ex)
try:
    reversed(5)
except TypeError as ex:
    print("TypeError:", ex)
