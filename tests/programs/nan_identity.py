# A NaN is an object: containers compare identity first, so the same NaN
# finds itself, while two NaNs made separately are never equal.

x = float('nan')
y = x + 1
inf = 1e308 * 10
print(x == x, x != x, x is x, y is x, float('nan') is float('nan'))

# Tuples and lists: the same NaN, copies of it, and distinct NaNs.
print((x,) == (x,), [x] == [x], (x, 1) == (x, 1), [x, [x]] == [x, [x]])
print((float('nan'),) == (float('nan'),), [x] == [y], [x] != [y], (x,) < (y,))
print((float('nan'),) != (float('nan'),), [inf - inf] == [inf - inf])
t = (x, y)
u = t
print(t == u, t == (x, y), t == (y, x), list(t) == [x, y])

# `in`, index, count, remove.
items = [1.0, x, y, x, 2.0]
print(x in items, y in items, float('nan') in items, (x * 1) in items)
print(items.index(x), items.index(y), items.count(x), items.count(y))
items.remove(y)
print(items, items.count(x), items.index(x, 2))
try:
    items.index(float('nan'))
except ValueError as e:
    print('ValueError:', e)
try:
    items.remove(-x)
except ValueError as e:
    print('ValueError:', e)
print(x in (x,), x in (y,), x not in [y], x in [[x]], [x] in [[x]])

# New objects: arithmetic, negation, abs, round, divmod, parsing.
print(-x is x, -(-x) is x, abs(x) is x, +x is x, float(x) is x)
print(x * 1 is x, x / 1 is x, x - 0 is x, x ** 1 is x, x % 2 is x, x // 1 is x)
print(round(x, 2) is x, round(x, 2) is round(x, 2))
q, r = divmod(x, 2.0)
print(q is r, q is x, [q] == [q], [q] == [r])
print(float('nan') is float('NaN'), [float('-nan')] == [float('-nan')])
s = 'nan'
print(float(s) is float(s))

# Made in a loop (the quickened float forms), each NaN is new.
made = []
z = inf
for i in range(6):
    w = z - z
    made.append(w)
    made.append(w * 2.0)
    made.append(w / 3.0)
    made.append(w + 1.0)
print(len(made), len([1 for a in made for b in made if a is b]))
print(all([made.count(a) == 1 for a in made]), made.index(made[5]))
same = [w] * 3
print(same.count(w), same == [w, w, w], same == [w, w, w * 1.0])

# Dicts: each distinct NaN is its own key; the same NaN finds its entry.
d = {x: 'x'}
d[x] = 'x2'
d[y] = 'y'
d[float('nan')] = 'other'
print(len(d), d[x], d[y], x in d, y in d, float('nan') in d, d.get(x), d.get(-x))
print(list(d.values()))
d2 = {}
for v in made:
    d2[v] = d2.get(v, 0) + 1
print(len(d2), sorted(d2.values()) == [1] * 24)
print({(x, 1): 'a'}[(x, 1)], (y, 1) in {(x, 1): 'a'})
print(d.pop(x), len(d), x in d, y in d)
keys = list(d)
print(keys[0] is y, keys[0] is x)
print({x: 1} == {x: 1}, {x: 1} == {y: 1}, {1: x} == {1: x}, {1: x} == {1: y})
print(hash(x) == hash(x), hash(y) == hash(y))

# A dict's keys and values keep their identity through copies.
e = dict(d)
print(list(e) == list(d), [k for k in e if k in d] == list(e))
