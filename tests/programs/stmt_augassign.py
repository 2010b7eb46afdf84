# augmented assignment operators on all supported types
n = 10
n += 5
print(n)
n -= 3
print(n)
n *= 4
print(n)
n //= 5
print(n)
n %= 4
print(n)
n **= 10
print(n)
n <<= 3
print(n)
n >>= 2
print(n)
n &= 0xFF
print(n)
n |= 0x100
print(n)
n ^= 0x1FF
print(n)
n /= 4
print(n)
f = 1.5
f *= 2
f -= 0.5
f **= 2
f //= 2
f %= 3
print(f)
s = "ab"
s += "cd"
s *= 2
print(s)
lst = [1]
alias = lst
lst += [2, 3]
print(lst, alias, lst is alias)
lst *= 2
print(alias)
lst = lst + [4]
print(lst, alias)
tup = (1,)
tup2 = tup
tup += (2,)
print(tup, tup2)
d = {"k": 1}
d["k"] += 10
d["k"] *= 2
print(d)
arr = [1, 2, 3]
arr[0] += 100
arr[-1] **= 3
arr[1] -= arr[0]
print(arr)
m = [[1, 2], [3, 4]]
m[1][0] += 5
print(m)
big = 2 ** 62
big += big
big *= big
print(big)
b = True
b += True
print(b)
count = {}
for ch in "abracadabra":
    if ch in count:
        count[ch] += 1
    else:
        count[ch] = 1
print(count)
