# type(), type(x).__name__, isinstance
values = [1, -2 ** 70, 1.5, True, None, "s", [1], (1,), {"a": 1}, range(3), ValueError("v")]
for v in values:
    print(type(v), type(v).__name__)
print(type(type(1)), type(int))
print(isinstance(1, int), isinstance(True, int), isinstance(True, bool), isinstance(1, bool))
print(isinstance(1.0, int), isinstance(1, float), isinstance(1, (float, int)), isinstance("a", (int, list)))
print(isinstance([], list), isinstance((), tuple), isinstance({}, dict), isinstance("", str), isinstance(None, type(None)))
print(isinstance(range(1), range), isinstance(2 ** 100, int), isinstance(float("nan"), float))
print(type(1) == int, type(True) == int, type(True) == bool, type("") is str, type([]) is not list)
print(type(1) is type(2), type(1) is type(2 ** 100), type(1.0) is type(1))
def describe(x):
    if isinstance(x, bool):
        return "bool"
    if isinstance(x, int):
        return "int"
    if isinstance(x, (list, tuple)):
        return "sequence of " + str(len(x))
    return type(x).__name__
print([describe(v) for v in [True, 3, [1, 2], (), "s", 1.5, {}]])
print(int, float, str, bool, list, tuple, dict, type(None))
try:
    isinstance(1, 2)
except TypeError as e:
    print("TypeError:", e)
