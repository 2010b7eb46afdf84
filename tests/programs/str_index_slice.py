# String indexing and slicing
s = "Hello, World"
print(s[0], s[4], s[-1], s[-12], len(s))
print(s[0:5], s[7:], s[:5], s[:], s[-5:], s[:-7])
print(s[::2], s[1::2], s[::-1], s[::-2], s[10:2:-3], s[-1:-6:-1])
print(repr(s[5:2]), repr(s[100:]), repr(s[-100:2]), s[2:100], repr(s[3:3]))
print(s[::5], s[-3::-4], s[len(s) - 1], repr(""[:]), repr(""[::-1]))
t = "abcdefghij"
for i in range(-10, 10, 3):
    print(i, t[i], t[i:], t[:i], t[i::-1])
print(t[1:9:2][::-1], t[-2:-9:-2], t[8:1:-1][2:4])
u = "héllo wörld ✓"
print(u[1], u[-1], u[::-1], len(u), u[6:11])
try:
    print(s[12])
except IndexError as e:
    print("IndexError:", e)
try:
    print(s[-13])
except IndexError as e:
    print("IndexError:", e)
try:
    print(""[0])
except IndexError as e:
    print("IndexError:", e)
try:
    print(s["a"])
except TypeError as e:
    print("TypeError:", e)
try:
    print(s[1.0])
except TypeError as e:
    print("TypeError:", e)
