# Slices (BUILD_SLICE through a helper) and calls of built-in types
# (`list(range(n))`, `range` not iterated at once) in compiled loops.
def f(xs, n):
    out = []
    for i in range(n):
        a = xs[1:3]
        b = xs[::2]
        c = xs[i % 3:]
        d = list(range(i % 4))
        e = list(range(1, 10, 3))
        out.append((a, b, c, d, e))
    return out


xs = [1, 2, 3, 4, 5]
for k in range(30):
    r = f(xs, 50)
print(r[-1], len(r))
s = "hello world"


def g(n):
    t = 0
    for i in range(n):
        t += len(s[i % 5:]) + len(s[:: -1])
    return t


for k in range(30):
    q = g(40)
print(q)
try:
    print(xs["a":])
except TypeError as e:
    print("TypeError", e)


def h(n):
    t = []
    for i in range(n):
        t.append(list(range(i, 0)) + [i])
    return t[-1]


for k in range(30):
    z = h(20)
print(z)
