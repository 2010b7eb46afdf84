# iterating dicts: order after updates/deletes, mutation during iteration
d = {}
for k in "hello world":
    d[k] = d.get(k, 0) + 1
print(d)
del d["l"]
d["l"] = 0
print(list(d))
d["h"] = 99
print(list(d.items())[:3])
for k in list(d.keys()):
    if d[k] == 1:
        del d[k]
print(d)
try:
    for k in d:
        d[k + k] = 1
except RuntimeError as e:
    print("RuntimeError:", e)
e = {"a": 1, "b": 2}
try:
    for k in e:
        del e[k]
except RuntimeError as err:
    print("RuntimeError:", err)
print(e)
f = {"x": 1, "y": 2}
for k in f:
    f[k] = f[k] * 10
print(f)
nested = {"outer": {"inner": {"leaf": 1}}}
nested["outer"]["inner"]["leaf2"] = 2
nested["outer"]["new"] = {}
print(nested, len(nested["outer"]))
keys = ["b", "a", "c"]
ordered = {}
for k in keys:
    ordered[k] = len(ordered)
print(ordered, list(ordered.values()), sorted(ordered.items()))
pairs = list(zip(ordered.values(), ordered.keys()))
print(pairs, dict(pairs))
