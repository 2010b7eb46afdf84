# assignment forms
x = 5
y = x
x = 6
print(x, y)
a = b = c = 7
print(a, b, c)
l1 = l2 = []
l1.append(1)
print(l1, l2)
p, q = 1, 2
p, q = q, p + q
print(p, q)
i, j, k = "abc"
print(k, j, i)
(m, n), o = [1, 2], 3
print(m, n, o)
first, (second, third) = "x", "yz"
print(first, second, third)
lst = [0, 0, 0]
lst[0], lst[2] = 10, 30
print(lst)
d = {}
d["a"], d["b"] = 1, 2
print(d)
i = 0
lst = [5, 6, 7]
i, lst[i] = 2, 99
print(i, lst)
t = (1, [2, 3])
t[1][0] = "changed"
print(t)
fib = [0, 1]
for _ in range(10):
    a, b = fib[-2], fib[-1]
    fib.append(a + b)
print(fib)
_ = 42
print(_)
CONSTANT_NAME = "ok"
camelCase = 1
under_score_ = 2
print(CONSTANT_NAME, camelCase, under_score_)
