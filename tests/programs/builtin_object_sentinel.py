# object(): a bare object, used as a sentinel; identity is all it has.
_MISSING = object()
def get(d, k, default=_MISSING):
    v = d.get(k, _MISSING)
    if v is _MISSING:
        if default is _MISSING:
            raise KeyError(k)
        return default
    return v
print(get({"a": 1}, "a"), get({}, "b", 5))
try: get({}, "c")
except KeyError as e: print("KeyError", e)
o = object()
print(type(o).__name__, o == o, o != object(), hash(o) == hash(o), repr(o)[:17], {o: 1}[o], isinstance(o, object))
try: object(1)
except TypeError as e: print(e)
try: o.x = 1
except AttributeError as e: print(e)
print(str(o) == repr(o), bool(o))
