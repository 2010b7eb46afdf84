# dict basics: insertion order, get, items, keys, values, update, setdefault, pop, del, in
d = {"one": 1, "two": 2}
d["three"] = 3
print(d, len(d))
d["one"] = 100
print(d)
del d["one"]
d["one"] = 1
print(d)
print(d.get("two"), d.get("nine"), d.get("nine", 0), d.get("two", 0))
print("two" in d, "nine" in d, "nine" not in d, 2 in d)
print(list(d.keys()), list(d.values()), list(d.items()))
for k in d:
    print(k, d[k])
for k, v in d.items():
    print(k, "->", v)
d.update({"four": 4, "two": 22})
print(d)
d.update([("five", 5), ("six", 6)])
d.update({"seven": 7})
print(d)
print(d.setdefault("two", 0), d.setdefault("eight", 8), d.setdefault("nine"), d)
print(d.pop("two"), d.pop("missing", "default"), d.pop("nine"), d)
print(len(d), bool(d), bool({}), {})
e = {}
for word in ["a", "b", "a", "c", "b", "a"]:
    e[word] = e.get(word, 0) + 1
print(e)
groups = {}
for n in range(10):
    groups.setdefault(n % 3, []).append(n)
print(groups)
print({1: "a"} == {1: "a"}, {1: "a", 2: "b"} == {2: "b", 1: "a"}, {1: 2} != {1: 3})
f = d
f["new"] = True
print("new" in d)
print(sum(list(d.values())[:3]), max(d), min(d), sorted(d))
