import json

def t(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)

class Rec:
    def __init__(self):
        self.calls = []
    def write(self, s):
        self.calls.append(s)

data = {"name": "Ann", "age": 31, "tags": ["a", "b"], "ok": True, "none": None,
        "pi": 3.14159, "nested": {"x": [1, 2, {"y": ()}], "z": {}}, "empty": []}
t("plain", lambda: json.dumps(data))
t("indent2", lambda: json.dumps(data, indent=2))
t("indent0", lambda: json.dumps(data, indent=0))
t("indentstr", lambda: json.dumps(data, indent="--"))
t("sorted", lambda: json.dumps(data, sort_keys=True))
t("sorted indent", lambda: json.dumps(data, sort_keys=True, indent=4))
t("compact", lambda: json.dumps(data, separators=(",", ":")))
t("seps list", lambda: json.dumps([1, {"a": 2}], separators=[" ; ", " = "]))
t("seps str", lambda: json.dumps([1, {"a": 2}], separators=",:"))
t("seps bad1", lambda: json.dumps([1], separators=(",",)))
t("seps bad3", lambda: json.dumps([1], separators=(",", ":", "x")))
t("seps nonit", lambda: json.dumps([1], separators=5))
t("seps type", lambda: json.dumps([1], separators=(",", 5)))
t("seps type2", lambda: json.dumps([1], separators=(5, ":")))
t("seps str obj", lambda: json.dumps("s", separators=(5, 6)))
t("floats", lambda: json.dumps([0.1, 1e16, 1e-7, -0.0, 1.5e300, 2.0, 123456789.125]))
t("special", lambda: json.dumps([float("nan"), float("inf"), float("-inf")]))
t("nan strict", lambda: json.dumps([float("nan")], allow_nan=False))
t("inf strict", lambda: json.dumps({"a": float("inf")}, allow_nan=False))
t("ninf strict indent", lambda: json.dumps([float("-inf")], allow_nan=False, indent=1))
t("ints", lambda: json.dumps([0, -1, 2**64, -(2**100), True, False]))
t("strings", lambda: json.dumps(["", "a\"b", "back\\slash", "\n\r\t\b\f", "\x00\x01\x1f\x7f", "é", "€", "😀", "/"]))
t("unicode raw", lambda: json.dumps(["é", "€", "😀", "\x7f", "\x1f"], ensure_ascii=False))
t("keys", lambda: json.dumps({1: "i", 2.5: "f", True: "t", False: "f2", None: "n", "s": "s", -3: "neg", 10**30: "big"}))
t("key nan", lambda: json.dumps({float("nan"): 1}))
t("key nan strict", lambda: json.dumps({float("nan"): 1}, allow_nan=False))
t("key tuple", lambda: json.dumps({(1, 2): 3}))
t("key tuple skip", lambda: json.dumps({(1, 2): 3, "a": 4}, skipkeys=True))
t("key all skipped", lambda: json.dumps({(1, 2): 3}, skipkeys=True))
t("key all skipped indent", lambda: json.dumps({(1, 2): 3}, skipkeys=True, indent=2))
t("key frozenset", lambda: json.dumps({frozenset(): 1}))
t("sort mixed", lambda: json.dumps({1: 1, "a": 2}, sort_keys=True))
t("sort ints", lambda: json.dumps({3: 1, 1: 2, 2: 3}, sort_keys=True))
t("tuple", lambda: json.dumps((1, (2, 3), [])))
t("set", lambda: json.dumps({1, 2}))
t("set in list", lambda: json.dumps([1, {2}]))
t("bytes", lambda: json.dumps(b"x"))
t("complex obj", lambda: json.dumps(object()))

class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

t("default", lambda: json.dumps([Point(1, 2)], default=lambda o: o.__dict__))
t("default indent", lambda: json.dumps({"p": Point(1, [2, 3])}, default=vars, indent=1))
t("default list", lambda: json.dumps({1, 2, 3}, default=sorted))
t("default raises", lambda: json.dumps([Point(1, 2)], default=lambda o: 1 / 0))
t("default bad", lambda: json.dumps([Point(1, 2)], default=5))
t("default self", lambda: json.dumps(Point(1, 2), default=lambda o: o))
t("default str", lambda: json.dumps(Point(1, 2), default=str)[:8])

a = [1]
a.append(a)
t("circular list", lambda: json.dumps(a))
d = {"k": 1}
d["self"] = d
t("circular dict", lambda: json.dumps(d))
t("circular dict indent", lambda: json.dumps(d, indent=2))
shared = [1, 2]
t("shared ok", lambda: json.dumps([shared, shared, {"a": shared}]))
t("no check", lambda: json.dumps([shared, shared], check_circular=False))

t("indent neg", lambda: json.dumps([1, [2]], indent=-2))
t("indent true", lambda: json.dumps([1], indent=True))
t("indent float", lambda: json.dumps([1], indent=1.5))
t("indent float str", lambda: json.dumps("x", indent=1.5))
t("indent empty", lambda: json.dumps([[], {}], indent=3))
t("indent scalar", lambda: json.dumps(5, indent=3))

t("no args", lambda: json.dumps())
t("two pos", lambda: json.dumps(1, 2))
t("unknown kw", lambda: json.dumps(1, bogus=True))
t("obj kw", lambda: json.dumps(obj=[1]))
t("obj twice", lambda: json.dumps(1, obj=2))
t("str top", lambda: json.dumps("top\u2028"))

# dump: every piece goes to fp.write
r = Rec()
print(json.dump({"a": [1, 2.5, None], "b": {"c": "d"}, "e": []}, r))
print(r.calls)
r = Rec()
json.dump([1, [2, {}], {"x": [3]}], r, indent=2)
print(r.calls)
r = Rec()
json.dump("str", r)
print(r.calls)
r = Rec()
json.dump({"k": Point(1, 2)}, r, default=lambda o: [o.x, o.y], sort_keys=True)
print(r.calls)
r = Rec()
t("dump error midway", lambda: json.dump([1, 2, {3}], r))
print(r.calls)
r = Rec()
t("dump nan", lambda: json.dump([float("nan")], r, allow_nan=False))
t("dump no write", lambda: json.dump([1], 5))
t("dump missing fp", lambda: json.dump([1]))

class Upper:
    def __init__(self, **kw):
        self.kw = sorted(kw.items())
    def encode(self, o):
        return "encoded:" + repr(o)
    def iterencode(self, o):
        yield "<"
        yield repr(o)
        yield ">"

t("cls", lambda: json.dumps([1], cls=Upper))
t("cls kw", lambda: json.dumps([1], cls=Upper, extra=1))
r = Rec()
json.dump([1], r, cls=Upper)
print(r.calls)
print(json.dumps({"a": "b"}, indent=2, separators=(", ", " -> ")))

# recursion limits and defaults that return themselves
deep = []
for i in range(5000):
    deep = [deep]
t("deep list", lambda: json.dumps(deep))
deepd = {}
for i in range(5000):
    deepd = {"k": deepd}
t("deep dict", lambda: json.dumps(deepd))
t("default loop nocheck", lambda: json.dumps(Point(1, 2), default=lambda o: o, check_circular=False))
t("skip middle", lambda: json.dumps({(1,): 1, "a": 2, (2,): 3, "b": 4}, skipkeys=True))
t("skip middle indent", lambda: json.dumps({(1,): 1, "a": 2, (2,): 3, "b": 4}, skipkeys=True, indent=1))
r = Rec()
json.dump({(1,): 1, "a": [], "b": {}}, r, skipkeys=True, separators=("", "="))
print(r.calls)
r = Rec()
json.dump([[1], {"k": [2]}], r, separators=("", ":"))
print(r.calls)
