# len, abs, min, max, sum, round, divmod, pow
print(len("abc"), len([1, 2]), len((1,)), len({}), len({"a": 1}), len(range(10)), len(""), len(range(5, 0, -2)))
print(abs(-3), abs(3), abs(-2.5), abs(0.0), abs(-0.0), abs(-(2 ** 80)), abs(True), abs(float("-inf")))
print(min(3, 1, 2), max(3, 1, 2), min([4, 5, 6]), max((4, 5, 6)), min("bca"), max("bca"), min(range(5, 10)))
print(max([1, -5, 3], key=abs), min(["aaa", "b", "cc"], key=len), max(["aa", "bb", "c"], key=len))
print(max(1, 2.0), max(2.0, 1), max(2, 2.0), max(2.0, 2), min(0, False), min(False, 0))
print(max([[1, 2], [1, 3], [0, 9]]), min((2, "b"), (2, "a")), max("apple", "banana", key=len))
print(sum([1, 2, 3]), sum([]), sum([1.5, 2.5]), sum([1, 2], 10), sum([[1], [2]], []), sum(range(101)), sum([0.1] * 3))
print(sum([True, True, False]), sum([2 ** 64, 2 ** 64]), sum([], 5), sum([1, 2.0]), sum(((1, 2), (3,)), ()))
print(round(3.7), round(-3.7), round(2.5), round(3.14159, 2), round(7), round(-0.5), round(1.005, 2))
print(divmod(7, 3), divmod(-7, 3), divmod(7.5, 2), divmod(-7.5, 2), divmod(2 ** 70, 10 ** 9))
print(pow(2, 10), pow(2, -1), pow(2.0, 3), pow(3, 200, 1000), pow(-2, 3), pow(10, 20), pow(0, 0))
try:
    min([])
except ValueError as e:
    print("ValueError:", e)
try:
    max()
except TypeError as e:
    print("TypeError:", e)
try:
    max(5)
except TypeError as e:
    print("TypeError:", e)
try:
    sum(["a", "b"])
except TypeError as e:
    print("TypeError:", e)
try:
    abs("x")
except TypeError as e:
    print("TypeError:", e)
try:
    divmod(1, 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    min(1, "a")
except TypeError as e:
    print("TypeError:", e)
