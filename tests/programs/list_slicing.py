# list slicing with steps and out-of-range bounds
a = list(range(10))
print(a[2:5], a[:3], a[7:], a[-3:], a[:-3], a[::3], a[1::3], a[::-1], a[::-3])
print(a[8:2:-2], a[-1:-4:-1], a[5:5], a[5:2], a[20:], a[-20:3], a[3:-20:-1], a[100:0:-4])
b = a[:]
b.append(99)
print(len(a), len(b), a == b[:-1], b[-2:])
m = [[1, 2], [3, 4], [5, 6]]
n = m[:]
n[0].append(9)
n.append([7])
print(m, n)
print(a[::2][::2], a[1:9][1:7][1:5], a[-5::2])
print(a[len(a):], a[:0], a[0:1], a[-1:])
s = a[2:8:2]
s[0] = "x"
print(s, a[2])
