# functools: reduce, partial, cmp_to_key, lru_cache / cache, wraps /
# update_wrapper, total_ordering.
import functools as ft
import operator


def t(f, *a, **k):
    try:
        print(repr(f(*a, **k)))
    except Exception as e:
        print(type(e).__name__ + ':', e)


# ----- reduce
print(ft.reduce(operator.add, [1, 2, 3, 4]), ft.reduce(operator.add, [1, 2, 3], 10), ft.reduce(operator.mul, range(1, 6)))
print(ft.reduce(lambda a, b: a + [b], 'abc', []), ft.reduce(operator.add, [5]), ft.reduce(operator.add, [], 'init'))
print(ft.reduce(max, iter([3, 9, 2])))
t(ft.reduce, operator.add, [])
t(ft.reduce, operator.add)
t(ft.reduce)
t(ft.reduce, operator.add, 1)
t(ft.reduce, operator.add, [], 1, 2)
t(ft.reduce, operator.add, [], initial=1)
t(ft.reduce, 1, [1, 2])
t(ft.reduce, operator.add, [1, 'a'])


# ----- partial
def f(a, b, c=3, *, d=4):
    return (a, b, c, d)


p = ft.partial(f, 1)
print(p(2), p(2, 3), p(2, d=5), p(b=7))
q = ft.partial(f, 1, d=9)
print(q(2), q(2, d=0), q.func is f, q.args, q.keywords)
r = ft.partial(q, 2, c=8)
print(r(), r.func is f, r.args, r.keywords, r(d=1))
print(ft.partial(print, 1, sep='-')(2, 3))
print(repr(ft.partial(max, 1, 'a', key=abs)), repr(ft.partial(abs)))
pmax = ft.partial(max, key=len)
print(pmax('aa', 'b', 'cccc'), list(map(ft.partial(operator.mul, 3), [1, 2])))
p.note = 'x'
print(p.note, p.__dict__, type(p).__name__, callable(p))
wrapped = ft.partial(p, 5)
print(wrapped.func is p, wrapped.args, wrapped())
t(setattr, p, 'func', 1)
t(setattr, p, 'args', 1)
t(setattr, p, 'keywords', 1)
t(getattr, p, 'missing')
t(ft.partial)
t(ft.partial, 1)
t(p)
t(p, 1, 2, 3, 4)


# ----- cmp_to_key
def by_len_then_alpha(a, b):
    if len(a) != len(b):
        return len(a) - len(b)
    return (a > b) - (a < b)


words = ['pear', 'fig', 'apple', 'kiwi', 'date']
print(sorted(words, key=ft.cmp_to_key(by_len_then_alpha)), sorted([3, 1, 2], key=ft.cmp_to_key(lambda a, b: b - a)))
print(min(words, key=ft.cmp_to_key(by_len_then_alpha)), max(words, key=ft.cmp_to_key(by_len_then_alpha)))
K = ft.cmp_to_key(lambda a, b: a - b)
print(K(1) < K(2), K(2) <= K(2), K(3) > K(2), K(1) >= K(2), K(1) == K(1), K(1) != K(2), K(5).obj, K.obj)
print(type(K).__name__, type(K(1)))
t(K)
t(K, 1, 2)
t(K, x=5)
print(K(obj=5).obj)
t(lambda: K(1) < 2)
t(lambda: 1 < K(1))
t(lambda: K(1) == 1)
t(lambda: K(1) < K)
t(hash, K(1))
t(lambda: ft.cmp_to_key(lambda a, b: 'x')(1) < ft.cmp_to_key(lambda a, b: 'x')(2))
t(ft.cmp_to_key)
t(ft.cmp_to_key, 1, 2)
print(sorted([(1, 'b'), (1, 'a'), (0, 'z')], key=ft.cmp_to_key(lambda x, y: x[0] - y[0])))

# ----- lru_cache
calls = []


@ft.lru_cache(maxsize=2)
def sq(x):
    calls.append(x)
    return x * x


print([sq(i) for i in [1, 2, 1, 3, 2, 1, 1]], calls, sq.cache_info())
sq.cache_clear()
print(sq.cache_info(), sq(4), sq.cache_info())
ci = sq.cache_info()
print(ci.hits, ci.misses, ci.maxsize, ci.currsize, ci[0], tuple(ci), ci == (0, 1, 2, 1), len(ci), type(ci).__name__)
h, m, mx, cur = ci
print(h, m, mx, cur, isinstance(ci, tuple))


@ft.lru_cache
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(80), fib.cache_info(), fib.__name__, fib.__wrapped__.__name__, fib.cache_parameters())


@ft.lru_cache(maxsize=None)
def add(a, b=0, *, c=0):
    calls.append((a, b, c))
    return a + b + c


calls.clear()
print(add(1), add(1), add(1, 0), add(1, b=0), add(b=0, a=1), add(1, c=0), add(1.0), add(True), calls)
print(add.cache_info(), add.cache_parameters())


@ft.lru_cache(typed=True)
def typed(x):
    calls.append(x)
    return x


calls.clear()
print(typed(1), typed(1.0), typed(True), typed(1), calls, typed.cache_info())


@ft.lru_cache(0)
def nocache(x):
    return x


print(nocache(1), nocache(1), nocache.cache_info())


@ft.lru_cache(maxsize=-5)
def neg(x):
    return x


print(neg(1), neg(1), neg.cache_info(), neg.cache_parameters())


@ft.cache
def cached(x):
    calls.append(x)
    return [x]


calls.clear()
print(cached(1) is cached(1), calls, cached.cache_info(), cached.cache_parameters())
t(cached, [1])
t(cached, {})


class C:
    def __init__(self, n):
        self.n = n

    @ft.lru_cache(maxsize=4)
    def m(self, k):
        calls.append((self.n, k))
        return self.n * k


c1, c2 = C(2), C(3)
calls.clear()
print(c1.m(5), c1.m(5), c2.m(5), C.m(c1, 5), calls, C.m.cache_info())
t(ft.lru_cache, 'x')
t(ft.lru_cache, 1, 2, 3)
t(ft.lru_cache, x=1)
t(ft.lru_cache(), 1)
t(ft.lru_cache())
t(ft.cache)
t(ft.cache, 1)
t(ft.cache, user_function=abs)
t(sq.cache_info, 1)
t(getattr, sq, 'nope')
print(sq.__name__, sq.__qualname__, sq.__module__, sq.__doc__, type(sq).__name__)




# A call through the wrapper counts toward the recursion limit as in
# CPython (the C wrapper's tp_call and the function's frame).
def depth_plain(n):
    try:
        return depth_plain(n + 1)
    except RecursionError:
        return n


@ft.lru_cache(maxsize=None)
def depth_cached(n):
    try:
        return depth_cached(n + 1)
    except RecursionError:
        return n


print(depth_plain(0), depth_cached(0))


# ----- wraps, update_wrapper
def deco(func):
    @ft.wraps(func)
    def wrapper(*args, **kwargs):
        """wrapper doc"""
        print('calling', func.__name__)
        return func(*args, **kwargs)
    return wrapper


@deco
def greet(name):
    """Say hello."""
    return 'hello ' + name


print(greet('bob'), greet.__name__, greet.__qualname__, greet.__doc__, greet.__module__, greet.__wrapped__.__doc__)


def plain():
    pass


def other():
    """Other doc."""


plain.attr = 1
other.extra = [1]
ft.update_wrapper(plain, other)
print(plain.__name__, plain.__doc__, plain.attr, plain.extra, plain.__wrapped__ is other, sorted(plain.__dict__))
ft.update_wrapper(plain, greet, assigned=('__doc__',), updated=())
print(plain.__name__, plain.__doc__)
print(ft.WRAPPER_ASSIGNMENTS, ft.WRAPPER_UPDATES)
w = ft.wraps(other)
print(type(w).__name__, w.keywords['wrapped'] is other)


def undocumented():
    x = 'not a docstring'


print(undocumented.__doc__, plain.__doc__, (lambda: 0).__doc__)
undocumented.__name__ = 'renamed'
undocumented.__qualname__ = 'Q.renamed'
undocumented.__doc__ = 'now documented'
print(undocumented.__name__, undocumented.__qualname__, undocumented.__doc__)
t(setattr, undocumented, '__name__', 5)
t(setattr, undocumented, '__qualname__', None)
t(setattr, undocumented, '__dict__', [])
del plain.attr
t(getattr, plain, 'attr')
t(delattr, plain, 'attr')
t(ft.update_wrapper, 1)
t(ft.update_wrapper, plain, other, (1,))
t(ft.update_wrapper, 1, other)
t(ft.wraps)
t(ft.wraps, other, x=1)


# ----- total_ordering
@ft.total_ordering
class Ver:
    def __init__(self, n):
        self.n = n

    def __eq__(self, o):
        return self.n == o.n

    def __lt__(self, o):
        if not isinstance(o, Ver):
            return NotImplemented
        return self.n < o.n

    def __repr__(self):
        return 'Ver(%d)' % self.n


a, b = Ver(1), Ver(2)
print(a < b, a > b, a <= b, a >= b, b >= a, a <= Ver(1), a >= Ver(1), a > Ver(1))
print(sorted([Ver(3), Ver(1), Ver(2)], reverse=True), max(Ver(5), Ver(7)))
print(Ver.__gt__.__name__, Ver.__gt__.__qualname__, Ver.__ge__.__doc__, a.__ge__(b), Ver.__le__(a, b))
t(lambda: a > 1)
t(lambda: a >= 'x')


@ft.total_ordering
class Rev:
    def __init__(self, n):
        self.n = n

    def __gt__(self, o):
        return self.n > o.n


print(Rev(1) < Rev(2), Rev(1) <= Rev(1), Rev(3) >= Rev(2))


@ft.total_ordering
class Ge:
    def __init__(self, n):
        self.n = n

    def __ge__(self, o):
        return self.n >= o.n


print(Ge(1) < Ge(2), Ge(2) > Ge(1), Ge(1) <= Ge(1), Ge(1) > Ge(1))


@ft.total_ordering
class Le:
    def __init__(self, n):
        self.n = n

    def __le__(self, o):
        return self.n <= o.n


print(Le(1) < Le(2), Le(2) > Le(1), Le(2) >= Le(1), Le(1) < Le(1))


class Nothing:
    pass


t(ft.total_ordering, Nothing)
t(ft.total_ordering, 1)
t(ft.total_ordering)

# ----- cycles through partials and caches are collected
class Holder:
    pass


hd = Holder()
hd.p = ft.partial(print, hd)
hd.k = ft.cmp_to_key(lambda a, b: hd)
hd.kk = hd.k(hd)


@ft.lru_cache
def keeper(x):
    return keeper


keeper(1)
keeper.self_ref = keeper
del hd, keeper
print('done')
