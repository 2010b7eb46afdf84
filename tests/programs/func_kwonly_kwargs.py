def t(f, *a, **k):
    try:
        print(repr(f(*a, **k)))
    except Exception as e:
        print(type(e).__name__, e)
def f(a, b=2, *args, c, d=4, **kw): return (a, b, args, c, d, kw)
def g(a, /, b, *, c): return (a, b, c)
def h(*, x): return x
def k(a, **kw): return a, kw
t(f, 1, c=3)
t(f, 1, 2, 3, 4, c=5, e=6)
t(f, 1)
t(f)
t(g, 1, 2, c=3)
t(g, a=1, b=2, c=3)
t(g, 1, 2, 3)
t(g, 1, 2, 3, c=4)
t(h)
t(h, 1)
t(h, 1, x=2)
t(h, y=1)
t(k, 1, a=2)
t(k, a=1, b=2)
t(k, **{'a': 1, 'z': 2})
for thunk in [lambda: k(1, **{1: 2}), lambda: f(1, **{'c': 1}, **{'c': 2}), lambda: k(**[1]), lambda: k(1, **{'a': 2}), lambda: k(a=1, **{'a': 2}), lambda: len(**{'x': 1}), lambda: max(1, 2, **{'key': None}), lambda: k(**None)]:
    try:
        print(thunk())
    except Exception as e:
        print(type(e).__name__, e)
def m(a, b, *, c, d): pass
t(m, 1)
t(m, 1, 2)
t(m, 1, 2, c=1)
def n(a, b=1, *, c): pass
t(n, 1, 2, 3, c=1)
t(n, 1, 2, 3)
def o(a, *, c=1): pass
t(o, 1, 2, c=3)
t(o, 1, 2)
t(o, 1, 2, 3)
def p(a, /, **kw): return a, kw
t(p, 1, a=2)
def q(a, /): pass
t(q, a=1)
def r(a, b, /, c): pass
t(r, a=1, b=2, c=3)
print(f.__kwdefaults__, f.__defaults__, h.__kwdefaults__, k.__kwdefaults__)
print(f.__module__, add.__module__ if False else 0)
x = {'b': 5}
print(k(1, **x), k(1, b=2, **x) if False else 0, dict(**x, c=3))
print(k(**{'a': 0}, y=1, **{'z': 2}))
def dec(fn):
    def wrapper(*args, **kwargs):
        print('calling', fn.__name__, args, kwargs)
        return fn(*args, **kwargs)
    return wrapper
@dec
def add(x, y=10, *, scale=1): return (x + y) * scale
print(add(1), add(1, 2), add(1, y=3, scale=2))
lam = lambda a, *, b=2, **kw: (a, b, kw)
print(lam(1), lam(1, b=3, c=4))
t(lambda *, b: b)
class C:
    def __init__(self, *args, **kwargs):
        self.args = args; self.kwargs = kwargs
    def m(self, x, *, y=0, **rest): return x, y, rest
c = C(1, 2, a=3)
print(c.args, c.kwargs, c.m(1, y=2, z=3), c.m(x=5))
t(c.m, 1, 2)
t(k, 1, **{'a': 2})
# Keyword-only parameters and **kwargs captured by closures, in generators
# and in recursion.
def outer(*, factor=2, **opts):
    def inner(x):
        return x * factor, sorted(opts)
    return inner
print(outer(factor=3, a=1, b=2)(5), outer()(1))
def gen(n, *, step=1, **extra):
    i = 0
    while i < n:
        yield i, extra.get('tag')
        i += step
print(list(gen(5, step=2, tag='t')), list(gen(2)))
def countdown(n, *, acc=None, **seen):
    acc = [] if acc is None else acc
    if n == 0:
        return acc, seen
    acc.append(n)
    return countdown(n - 1, acc=acc, **seen, **{'k%d' % n: n})
print(countdown(3))
def relay(*args, **kwargs):
    return target(*args, **kwargs)
def target(a, b=0, *rest, c=1, **more):
    return a, b, rest, c, more
for i in range(3):
    print(relay(i, b=i, c=i * 2, z=i), relay(*range(i + 1), **{'c': 9}))
class Base:
    def __init__(self, name, *, size=1, **attrs):
        self.name, self.size, self.attrs = name, size, attrs
class Derived(Base):
    def __init__(self, *args, extra=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.extra = extra
d = Derived('d', size=3, extra='x', color='red')
print(d.name, d.size, d.attrs, d.extra)
opts = dict(sep='-', end='!\n')
print('a', 'b', **opts)
print(sorted([3, 1, 2], **{'reverse': True}), dict({'a': 1}, **{'b': 2}), max([1, 5, 3], **{'key': lambda v: -v}))
def kwonly_default_expr(x, *, y=len('abc'), z=[]):
    z.append(x)
    return y, z
print(kwonly_default_expr(1), kwonly_default_expr(2), kwonly_default_expr.__kwdefaults__)
target(1, **{'a': 2})
