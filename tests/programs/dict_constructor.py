# dict() constructor forms and reprs
print(dict(), dict(a=1, b=2), dict([("x", 1), ("y", 2)]), dict([[1, 2], (3, 4)]))
print(dict(zip("abc", range(3))), dict({"k": "v"}), dict([("a", 1), ("a", 2)]))
print(dict(z=1, w=2), dict((("p", "q"),)), dict(["ab", "cd"]))
base = {"x": 1}
copy = dict(base)
copy["y"] = 2
print(base, copy)
print({"nested": {"inner": [1, 2, {"deep": (3,)}]}, "empty": {}, "t": ()})
print({1: None, 2: True, 3: 1.5, 4: "s", 5: [], 6: {}})
print(repr({"a": "b"}), str({"a": "b"}), len(dict(a=1)))
inv = {}
for k, v in {"a": 1, "b": 2, "c": 1}.items():
    inv.setdefault(v, []).append(k)
print(inv)
