# list operators, equality, ordering, del, aliasing, nested repr
a = [1, 2, 3]
b = [4, 5]
print(a + b, b + a, a * 2, 2 * b, [0] * 5, [] * 3, a * 0, a * -1)
print(2 in a, 9 in a, 9 not in a, [1, 2] in [[1, 2], 3], "x" in [])
print(a == [1, 2, 3], a != [1, 2], [1, 2] < [1, 3], [1, 2] < [1, 2, 0], [] < [0], [2] > [1, 9])
print([1, [2, [3, [4, []]]]], [(), (1,), {}, "", None, True, 1.5])
print([[]] * 3, [[0] * 2] * 2)
grid = [[0] * 3] * 3
grid[0][0] = 1
print(grid)
grid = [[0] * 3 for i in range(3)]
grid[0][0] = 1
print(grid)
c = a
c.append(4)
print(a, c, a is c, a == a[:], a is a[:])
c += [5]
print(a)
c = c + [6]
print(a, c)
d = list(range(10))
del d[0]
del d[-1]
del d[3]
print(d)
nested = [1, [2, 3], [4, [5, 6]]]
print(nested[1][0], nested[2][1][1], nested[-1][-1][-1], len(nested))
nested[2][1][0] = "five"
print(nested)
t = [3, 1, 2]
t[1] = t[0] + t[2]
t[-1] *= 10
print(t, len([]), len([[]]), bool([]), bool([0]))
print(list(), list([1, 2]), list((3, 4)), list("ab"), list(range(3)), list({"k": 1, "j": 2}))
m = [1, 2, 3]
print(m.pop() + m.pop(), m)
