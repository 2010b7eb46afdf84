# collections.defaultdict, OrderedDict and ChainMap.
import copy
import json
from collections import ChainMap, OrderedDict, defaultdict


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


dd = defaultdict(list)
dd["a"].append(1)
dd["a"].append(2)
dd["b"]
print(dd, dict(dd), dd.default_factory, len(dd), "c" in dd, dd.get("c"), isinstance(dd, dict))
counts = defaultdict(int)
for w in "a b a c a b".split():
    counts[w] += 1
print(counts, sorted(counts.items()), counts["zz"], counts)
nf = defaultdict()
show("no factory", lambda: nf["x"])
print(nf, defaultdict(None, {"k": 1}), defaultdict(lambda: "v", a=1)["q"])
show("bad factory", lambda: defaultdict(1))
dd2 = defaultdict(set, {"x": {1}})
dd2.default_factory = dict
print(dd2["y"], dd2, dd2.default_factory)
c1 = copy.copy(dd)
c2 = copy.deepcopy(dd)
c3 = dd.copy()
print(c1, c2, c3, c1["a"] is dd["a"], c2["a"] is dd["a"], type(c3).__name__, c3.default_factory)
print(dd | {"z": 9}, {"z": 9} | dd, type({"z": 9} | dd).__name__, json.dumps(dd))
print(defaultdict.__name__, type(dd), repr(defaultdict(str)), defaultdict.__mro__)
rec = defaultdict(list)
rec["me"] = rec
print(rec)
tree = lambda: defaultdict(tree)
t = tree()
t["a"]["b"]["c"] = 1
print(json.dumps(t))


class Nested(defaultdict):
    def __init__(self):
        super().__init__(Nested)

    def __repr__(self):
        return "Nested" + dict.__repr__(self)


n = Nested()
n["x"]["y"]
print(n, type(n["x"]).__name__, n.default_factory is Nested)

od = OrderedDict()
od["b"] = 1
od["a"] = 2
od["c"] = 3
print(od, list(od), od.keys(), od.values(), od.items(), od.popitem(), od.popitem(last=False), od)
od = OrderedDict([("x", 1), ("y", 2), ("z", 3)])
od.move_to_end("x")
print(od)
od.move_to_end("z", last=False)
print(od, list(reversed(od)), next(iter(od)))
show("move missing", lambda: od.move_to_end("nope"))
show("popitem empty", lambda: OrderedDict().popitem())
o1 = OrderedDict(a=1, b=2)
o2 = OrderedDict(b=2, a=1)
print(o1 == o2, dict(o1) == dict(o2), o1 == {"b": 2, "a": 1}, {"b": 2, "a": 1} == o1, o1 != o2)
print(OrderedDict(), repr(OrderedDict({"k": [1]})), OrderedDict.fromkeys("ab", 0), o1.copy(), type(o1.copy()).__name__)
print(copy.deepcopy(o1), copy.copy(o2), o1 | {"c": 3}, {"c": 3} | o1, json.dumps(o2))
o3 = OrderedDict(a=1)
o3 |= {"b": 2}
o3.setdefault("c", 3)
print(o3, o3.pop("a"), o3, isinstance(o3, dict))
rec2 = OrderedDict()
rec2["self"] = rec2
print(rec2)


class LastUpdated(OrderedDict):
    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        self.move_to_end(key)


lu = LastUpdated(a=1, b=2)
lu["a"] = 3
print(lu, list(lu))

cm = ChainMap({"a": 1, "b": 2}, {"b": 3, "c": 4})
print(cm, cm["a"], cm["b"], cm["c"], len(cm), sorted(cm), "c" in cm, cm.get("d", 0), bool(cm))
print(list(cm), list(cm.keys()), list(cm.values()), list(cm.items()), cm.maps)
cm["d"] = 5
del cm["a"]
print(cm, cm.maps[0])
show("del missing", lambda: cm.__delitem__("c"))
show("get missing", lambda: cm["zz"])
child = cm.new_child({"b": 100})
print(child, child["b"], child.parents, child.parents["b"], ChainMap(), cm.copy(), type(cm.copy()).__name__)
print(cm.pop("b"), cm.popitem(), cm == ChainMap({}, {"b": 3, "c": 4}), cm == {"b": 3, "c": 4})
show("pop missing", lambda: ChainMap({}).pop("x"))
show("popitem empty", lambda: ChainMap({}).popitem())
