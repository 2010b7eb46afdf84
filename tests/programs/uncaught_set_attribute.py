seen = {"a", "b"}
frozen = frozenset(seen)
try:
    frozen.add("c")
except AttributeError as e:
    print(type(e).__name__, e)
seen.dicard("a")
