a = list(range(10))
a[2:5] = ['x', 'y']
print(a)
a[:0] = [-1, -2]
print(a)
a[len(a):] = 'ab'
print(a)
a[1:3] = ()
print(a)
a[::2] = range(len(a[::2]))
print(a)
a[::-3] = [0] * len(a[::-3])
print(a)
b = [1, 2, 3]
b[:] = b
print(b)
b[1:2] = b
print(b)
b[5:1] = [9]
print(b)
b[-100:100] = (i * i for i in range(4))
print(b)
def s1(): b[::2] = [1]
def s2(): b[0:1] = 5
def s3(): b[0:4:2] = 5
for bad in [s1, s2, s3]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
c = list(range(20))
del c[::3]
print(c)
del c[-1:-8:-2]
print(c)
del c[5:]
print(c)
del c[:]
print(c)
perm = [1, 2, 3, 4, 5]
k = 3
perm[:k + 1] = perm[k::-1]
print(perm)
try:
    c[0:1] = 5
except TypeError as e:
    print(e)
try:
    c[::2] = 5
except TypeError as e:
    print(e)
big = list(range(100000))
del big[:50000]
big[10:20] = []
print(len(big), big[:3])
