# chained comparisons evaluate middle operands once
def v(label, x):
    print("eval", label)
    return x
print(v("a", 1) < v("b", 2) < v("c", 3))
print(v("a", 3) < v("b", 2) < v("c", 5))
print(1 < 2 < 3 < 4 < 5, 1 < 2 < 2 < 3, 5 > 4 > 3 >= 3 > 2, 1 == 1 < 2 != 3)
print(1 < 2 == 2.0 <= 3, 0 <= 5 < 10, "a" < "b" < "c", 1 < 3 > 2, 1 in [1] in [[1]])
x = 15
if 10 <= x <= 20:
    print("in range")
one = 1
print(one is not None is not False, None is None is None)
print([1, 2] == [1, 2] != [2, 1], (1, 2) < (1, 3) <= (1, 3))
