# operator: the functions over every kind of operand, their errors, and
# itemgetter / attrgetter / methodcaller.
import operator as op


def t(f, *a, **k):
    try:
        print(repr(f(*a, **k)))
    except Exception as e:
        print(type(e).__name__ + ':', e)


class V:
    def __init__(self, x):
        self.x = x

    def __repr__(self):
        return 'V(%r)' % (self.x,)

    def __add__(self, o):
        return V(self.x + (o.x if isinstance(o, V) else o))

    def __radd__(self, o):
        return V(o + self.x)

    def __iadd__(self, o):
        self.x += 100
        return self

    def __lt__(self, o):
        return self.x < o.x

    def __eq__(self, o):
        return isinstance(o, V) and self.x == o.x

    def __neg__(self):
        return V(-self.x)

    def __index__(self):
        return self.x

    def __getitem__(self, i):
        return ('item', i)

    def __len__(self):
        return 3

    def __contains__(self, x):
        return x == 'in'


for name in ['add', 'sub', 'mul', 'truediv', 'floordiv', 'mod', 'pow', 'lshift', 'rshift', 'and_', 'or_', 'xor']:
    f = getattr(op, name)
    print(name, f(13, 4), f(True, 3), end=' ')
    t(f, 7, 'x')
print(op.add('ab', 'cd'), op.mul([1], 3), op.mod('%s-%d', ('a', 2)), op.truediv(7, 2), op.pow(2, -1), op.pow(2.0, 0.5))
print(op.add(V(1), 2), op.add(3, V(1)), op.add(V(1), V(2)))
t(op.truediv, 1, 0)
t(op.floordiv, 1, 0)
t(op.mod, 1.5, 0)
t(op.lshift, 1, -1)
t(op.matmul, 1, 2)
print(op.neg(5), op.neg(-2.5), op.pos(True), op.abs(-3), op.abs(-2.5), op.invert(5), op.inv(0), op.neg(V(3)))
t(op.neg, 'a')
t(op.pos, 'a')
t(op.abs, 'a')
t(op.invert, 1.5)
print(op.not_(0), op.not_([1]), op.truth(''), op.truth(V(0)), op.truth([]))
print(op.eq(1, 1.0), op.ne(1, 2), op.lt(1, 2), op.le(2, 2), op.gt('b', 'a'), op.ge([1, 2], [1, 3]))
print(op.eq(V(1), V(1)), op.lt(V(1), V(2)), op.gt(V(3), V(2)), op.eq(V(1), 1))
t(op.lt, 1, 'a')
t(op.ge, None, None)
x = object()
print(op.is_(x, x), op.is_(1, None), op.is_not(None, None), op.is_not([], []))
print(op.index(7), op.index(True), op.index(2**70), op.index(V(4)))
t(op.index, 1.5)
t(op.index, '3')
print(op.concat([1], [2]), op.concat((1,), (2, 3)), op.concat('a', 'b'))
t(op.concat, 1, 2)
t(op.concat, [1], (2,))
t(op.concat, 'a', 1)
t(op.concat, {}, {})
print(op.contains([1, 2], 2), op.contains('abc', 'bc'), op.contains({1: 2}, 1), op.contains(V(0), 'in'))
t(op.contains, 1, 2)
print(op.countOf([1, 2, 1, 1.0, True], 1), op.countOf('banana', 'a'), op.countOf(iter([]), 1))
print(op.indexOf([5, 6, 7], 7), op.indexOf('abc', 'b'))
t(op.indexOf, [1, 2], 3)
t(op.countOf, 1, 1)
t(op.indexOf, None, 1)
l = [1, 2, 3]
d = {'a': 1}
print(op.getitem(l, 1), op.getitem(l, slice(0, 2)), op.getitem(d, 'a'), op.getitem('abc', -1), op.getitem(V(0), 5))
print(op.setitem(l, 0, 'x'), op.setitem(d, 'b', 2), l, d)
print(op.delitem(l, 0), op.delitem(d, 'a'), l, d)
t(op.getitem, [1], 5)
t(op.getitem, {}, 'k')
t(op.setitem, (1,), 0, 2)
t(op.delitem, [1], 5)
t(op.getitem, 1, 0)
a = [1]
print(op.iadd(a, [2]), a, op.iadd(1, 2), op.iconcat(a, (3,)), a, op.imul('ab', 2), op.ior(5, 2))
v = V(1)
print(op.iadd(v, 1), v)
print(op.call(max, 1, 5, key=lambda x: -x), op.call(len, 'abc'), op.__call__ is op.call)
t(op.call)
t(op.call, 1)
print(op.__add__(1, 2), op.__not__(1), op.__getitem__([5], 0), op.__lt__ is op.lt, op.add.__name__)

# argument errors
t(op.add)
t(op.add, 1)
t(op.add, 1, 2, 3)
t(op.add, a=1, b=2)
t(op.neg)
t(op.neg, 1, 2)
t(op.not_, x=1)
t(op.truth)
t(op.is_, 1)
t(op.countOf)
t(op.setitem, [1], 1)
t(op.index)

# itemgetter, attrgetter, methodcaller
g = op.itemgetter(1)
print(g([5, 6]), g('xy'), g({1: 'one'}), op.itemgetter(0, -1)('hello'), op.itemgetter('a', 'b')({'a': 1, 'b': 2}))
print(op.itemgetter(slice(1, None))([1, 2, 3]), repr(g), repr(op.itemgetter(1, 'a')), repr(op.itemgetter((1, 2))))
print(sorted([(1, 'b'), (0, 'c'), (2, 'a')], key=op.itemgetter(1)))
t(g, [1])
t(g, [1, 2], 3)
t(g, x=[1, 2])
t(op.itemgetter)
t(op.itemgetter, 1, x=2)


class P:
    def __init__(self, **kw):
        self.__dict__.update(kw)


p = P(a=1, b=P(c=2, d=P(e=3)))
print(op.attrgetter('a')(p), op.attrgetter('b.c')(p), op.attrgetter('b.d.e', 'a')(p), op.attrgetter('start', 'stop')(range(2, 5)))
print(repr(op.attrgetter('x')), repr(op.attrgetter('a.b', 'c')))
print([f(p) for f in map(op.attrgetter, ['a', 'b.c'])])
t(op.attrgetter('x'), 1)
t(op.attrgetter('b.x'), p)
t(op.attrgetter('a.'), p)
t(op.attrgetter('.a'), p)
t(op.attrgetter)
t(op.attrgetter, 1)
t(op.attrgetter, 'a', 1)
t(op.attrgetter('a'))
m = op.methodcaller('upper')
print(m('abc'), op.methodcaller('split', ',')('a,b'), op.methodcaller('split', sep='-', maxsplit=1)('a-b-c'))
print(op.methodcaller('get', 'k', 'default')({}), op.methodcaller('count', 1)([1, 1, 2]))
t(op.methodcaller('x'), 1)
t(op.methodcaller('upper'), 'a', 'b')
t(op.methodcaller)
t(op.methodcaller, 1)
t(op.methodcaller('upper'))
print(type(g).__name__, type(m).__name__, callable(g), callable(m), isinstance(g, op.itemgetter))

# the callables hold references: cycles through them are collected
cyc = [1]
cyc.append(op.itemgetter(cyc))
cyc.append(op.methodcaller('count', cyc, key=cyc))
del cyc
print('done')
