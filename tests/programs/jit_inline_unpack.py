# Unpacking in machine code: exact tuples and lists of up to 8 items are
# copied into the slots inline (the sequence released after, even when it
# was the last reference); a list being sorted (empty to Python), nine
# items and other iterables go through the helper.
lst = [[3, 1], [1, 2], [2, 3]]
def key(x):
    try:
        a, b = lst
        return a
    except ValueError as e:
        print("ValueError:", e)
        return x[0]
for k in range(3):
    lst.sort(key=key)
print(lst)
def pairs(n):
    out = []
    for i in range(n):
        t = ([i], [i + 1])
        a, b = t
        del t
        a.append(0)
        out.append((a, b))
    return out
for k in range(60):
    r = pairs(5)
print(r)
def nine(t):
    a, b, c, d, e, f, g, h, i = t
    return a + i
print(sum(nine(tuple(range(k, k + 9))) for k in range(100)))
