# A sort whose comparison or key function raises keeps every element
# (CPython leaves the list in the order its sort had reached).
x = [3, 'a', 1]
try:
    x.sort()
except TypeError as e:
    print("TypeError:", e)
print(x)

y = [5, 4, 3, 'b', 2, 1, 0]
try:
    y.sort()
except TypeError as e:
    print("TypeError:", e)
print(y)

z = [1, 2, 3, 4, None, 0, -1]
try:
    z.sort(reverse=True)
except TypeError as e:
    print("TypeError:", e)
print(z)

w = list(range(100)) + ['x'] + list(range(50))
try:
    w.sort()
except TypeError as e:
    print("TypeError:", e)
print(len(w), w.count('x'), sum([v for v in w if v != 'x']))

def bad_key(v):
    if v == 2:
        raise ValueError("no key for 2")
    return -v

k = [1, 2, 3]
try:
    k.sort(key=bad_key)
except ValueError as e:
    print("ValueError:", e)
print(k)

try:
    print(sorted([3, 1, 'a', 2]))
except TypeError as e:
    print("TypeError:", e)

m = [3, 1, 2]
def meddle(v):
    m.append(v)
    return v
try:
    m.sort(key=meddle)
except ValueError as e:
    print("ValueError:", e)
print(m)

n = [2, 1, 3]
def cmp_key(v):
    return [v]
n.sort(key=cmp_key, reverse=True)
print(n)
print(sorted([(1, 'b'), (1, 'a'), (0, 'z')]))
print(sorted("hello"), sorted([3, 1, 2], reverse=True))
s = [(1, 'x'), (0, 'y'), (1, 'a'), (0, 'b')]
s.sort(key=lambda t: t[0])
print(s)
s.sort(key=lambda t: t[0], reverse=True)
print(s)
p = [1, 3, 2, 5, 4, 'q', 0]
try:
    p.sort()
except TypeError as e:
    print("TypeError:", e)
print(p)
q = [9, 8, 7, 1, 2, 'q', 5]
try:
    q.sort()
except TypeError as e:
    print("TypeError:", e)
print(q)
r = [2.5, float('nan'), 1, 0.5, None]
try:
    r.sort()
except TypeError as e:
    print("TypeError:", e)
print(r)
