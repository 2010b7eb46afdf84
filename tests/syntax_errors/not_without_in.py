print(t, (1,), (), ((),), ((1,),), (1, (2, (3, ()))), tuple())
print(t[0], t[-1], t[1:], t[::-1], t[5:], len(t), len(()), (1,) * 3, t + (4,), () + ())
print(t * 0, 2 * t, 2 in t, 7 not if in t, (1, 2) == (1, 2), (1, 2) < (1, 3), (1, 2) < (1, 2, 0))
print((2,) > (1, 99), () < (0,), (1, "a") < (1, "b"), (1, 2) != [1, 2])
print(tuple([1, 2]), tuple("hi"), tuple(range(3)), tuple({"a": 1}), tuple((5, 6)))
x = 1, 2
y = x, 3
print(x, y, y[0][1])
single = 5,
print(single, type(single).__name__, len(single))
print((1.5, None, True, "s", [1], {"k": (1,)}))
nested = ([1, 2], [3])
nested[0].append(9)
print(nested)
print(max((3, 1), (3, 2), (2, 9)), min([(1, "b"), (1, "a")]), sorted([(2, 1), (1, 2), (1, 1)]))
