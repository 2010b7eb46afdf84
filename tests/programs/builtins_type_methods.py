# Methods of built-in types reached through the type object:
# `str.upper('a')`, `list.append(l, x)`, `key=str.lower`, ...

print("== calls through the type ==")
print(str.upper("abc"), str.lower("ABC"), str.strip("  x  "), str.title("hello world"))
print(str.join(",", ["a", "b", "c"]), str.join("", []))
print(str.split("a b  c"), str.split("a,b,c", ","), str.split("a,b,c", ",", 1))
print(str.replace("aaaa", "a", "b"), str.replace("aaaa", "a", "b", 2))
print(str.startswith("hello", "he"), str.endswith("hello", ("x", "lo")))
print(str.find("hello", "l"), str.count("hello", "l"), str.index("hello", "o"))
print(str.format("{}-{}", 1, 2), str.format("{x}", x=5), str.zfill("7", 3))
print(str.isdigit("123"), str.isdigit("12a"), str.isalpha("ab"), str.isspace(" \t"))
print(str.partition("a=b", "="), str.rsplit("a b c", maxsplit=1))
print(str.encode("hé"), str.encode("hé", "latin-1"))

l = [3, 1]
print(list.append(l, 2), l)
list.extend(l, [9, 8])
print(l, list.pop(l), list.pop(l, 0), l)
list.sort(l)
print(l)
list.sort(l, reverse=True)
print(l, list.index(l, 2), list.count(l, 1))
list.insert(l, 0, "x")
list.reverse(l)
print(l, list.copy(l) == l, list.copy(l) is l)
list.clear(l)
print(l)

d = {"a": 1, "b": 2}
print(dict.get(d, "a"), dict.get(d, "z"), dict.get(d, "z", 0))
print(list(dict.keys(d)), list(dict.values(d)), list(dict.items(d)))
print(dict.setdefault(d, "c", 3), dict.pop(d, "a"), dict.pop(d, "zz", "dflt"), d)
dict.update(d, {"e": 5}, f=6)
print(d, dict.copy(d) == d)
print(dict.popitem(d), d)

print(tuple.count((1, 1, 2), 1), tuple.index((4, 5, 6), 6))
print(int.bit_length(5), int.bit_length(-255), int.bit_length(0), int.bit_count(255))
print(int.to_bytes(1024, 2, "big"), int.as_integer_ratio(7), int.conjugate(3))
print(bool.bit_length(True), int.bit_length(True), int.bit_length(False))
print(float.is_integer(2.0), float.is_integer(2.5), float.hex(1.0))
print(float.as_integer_ratio(0.75), float.conjugate(1.5))
print(bytes.hex(b"\x01\xab\xff"), bytes.decode(b"caf\xc3\xa9"), bytes.upper(b"abc"))
print(bytes.split(b"a b"), bytes.join(b"-", [b"x", b"y"]))
print(sorted(set.union({1}, {2}, [3])), sorted(set.intersection({1, 2}, {2, 3})))
print(set.issubset({1}, {1, 2}), sorted(frozenset.union(frozenset([1]), [2])))
s = {1}
set.add(s, 2)
set.discard(s, 1)
print(s, set.isdisjoint({1}, {2}))
print(complex.conjugate(1 + 2j))

print("== as first-class functions ==")
lines = ["  alpha ", "beta\n", "\tgamma"]
print(list(map(str.strip, lines)))
print(list(map(str.upper, ["a", "b"])), list(map(str.split, ["a b", "c"])))
words = ["banana", "Apple", "cherry", "apple", "Banana"]
print(sorted(words, key=str.lower))
print(sorted(words, key=str.lower, reverse=True))
print(max(words, key=str.lower), min(words, key=len))
print(list(filter(str.isdigit, ["1", "a", "22", ""])))
print(list(map(int.bit_length, range(6))))
print(list(map(float.is_integer, [1.0, 1.5])))
print(list(map(str.join, ["-", "+"], ["ab", "cd"])))
import functools
print(sorted(functools.reduce(set.union, [{1}, {2}, {3}], set())))
rows = [[1], [2, 3]]
for r in rows:
    list.append(r, 0)
print(rows)
upper = str.upper
print(upper("via a name"))
counts = {}
for w in "a b a c a b".split():
    counts[w] = dict.get(counts, w, 0) + 1
print(counts)

print("== repr and attributes ==")
for m in [str.upper, list.append, dict.get, str.join, int.bit_length, bool.bit_length,
          bytes.hex, set.union, frozenset.union, float.is_integer, tuple.count]:
    print(repr(m), m.__name__, m.__qualname__, m.__objclass__)
print(type(str.upper).__name__, callable(str.upper))
print(str.upper is str.upper, str.upper == str.upper, str.upper == str.lower)
print(int.bit_length is bool.bit_length)
print(hash(str.upper) == hash(str.upper), {str.upper: 1}[str.upper])
print(hasattr(str, "upper"), hasattr(str, "nosuch"), getattr(list, "pop")([1, 2]))

print("== class methods still work ==")
print(dict.fromkeys("ab", 0), int.from_bytes(b"\x01\x00", "big"))
print(bytes.fromhex("41 42"), float.fromhex("0x1.8p1"))

print("== errors ==")
def attempt(f, *args, **kw):
    try:
        print(f(*args, **kw))
    except Exception as e:
        print(type(e).__name__, e)

attempt(str.upper, 1)
attempt(str.upper)
attempt(list.append, (), 1)
attempt(list.append)
attempt(dict.get, [], 1)
attempt(int.bit_length, 2.0)
attempt(int.bit_length, "5")
attempt(float.is_integer, 1)
attempt(str.join, b"", [])
attempt(bytes.hex, "ab")
attempt(set.union, frozenset(), {1})
attempt(set.add, frozenset(), 1)
attempt(tuple.count, [1], 1)
attempt(str.strip, None)
attempt(sorted, [1, "a"], key=str.lower)
attempt(lambda: list(map(str.upper, ["a", 2])))
attempt(str.upper, "a", 1)
attempt(str.join, ",", [1])
attempt(dict.get, {})
attempt(list.pop, [])
try:
    str.nosuch
except AttributeError as e:
    print(type(e).__name__, e)
try:
    int.nosuch
except AttributeError as e:
    print(type(e).__name__, e)

print("== copying and binding ==")
import copy
print(copy.copy(str.upper) is str.upper, copy.deepcopy([str.upper])[0] is str.upper)
f = str.upper
print(f.__get__("x")(), f.__get__("y", str)(), f.__get__(None, str) is f)
print(repr(f.__get__("z")).startswith("<built-in method upper of str object at "))
attempt(f.__get__, 1)
attempt(lambda: str.upper.__get__())
attempt(lambda: str.upper.__get__(1, 2, 3))

class A:
    up = str.upper
    app = list.append

print(A.up is str.upper, A.up("q"))
attempt(lambda: A().up())
attempt(lambda: A().app(1))
try:
    str.upper.__nme__
except AttributeError as e:
    print(type(e).__name__, e)
