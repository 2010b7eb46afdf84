def stub(): ...
print(stub(), ..., Ellipsis, ... is Ellipsis, type(...).__name__, repr(...), str(...), [1, ...][1:])
x = [1, 2]
print(x[...] if False else 'ok')
a = {'x': 1, 'y': 2}
b = {'y': 20, 'z': 30}
print({**a, **b}, {'w': 0, **a, 'x': 100}, {**a}, {**{}, **b, 'q': 1})
try:
    {**a, **5}
except TypeError as e:
    print(e)
class M:
    def keys(self): return ['k1', 'k2']
    def __getitem__(self, k): return k.upper()
print({**M(), 'k1': 'over'})
d = {'a': 1, 'b': 2, 'c': 3}
print(d.popitem(), d, d.popitem(), d.popitem(), d)
try:
    d.popitem()
except KeyError as e:
    print(repr(e))
print(dict.fromkeys('abc'), dict.fromkeys([1, 2], 0), dict.fromkeys(range(3), []))
o = object()
l = []
print(id(o) == id(o), id(l) != id([]), id(1) == id(1), id(1) != id(2), id(None) == id(None), id(True) != id(False), id(1.5) == id(1.5), id(1) != id(1.0), type(id(o)).__name__)
def f(*args, **kwargs): return args, kwargs
print(f(**{**a, 'extra': 1}))
