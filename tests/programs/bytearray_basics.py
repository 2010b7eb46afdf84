# bytearray as a Python value: construction, mutation, errors.
def t(f):
    try:
        r = f()
        print(type(r).__name__, repr(r))
    except Exception as e:
        print(type(e).__name__, e)

class Idx:
    def __init__(self, n): self.n = n
    def __index__(self): return self.n

class HasBytes:
    def __bytes__(self): return b'from-dunder'

# construction from every source
print(bytearray(), bytearray(0), bytearray(3), bytearray(b'abc'), bytearray(bytearray(b'xy')))
print(bytearray([1, 2, 255]), bytearray((65, 66)), bytearray(range(65, 70)), bytearray(x for x in (97, 98)))
print(bytearray('héllo', 'utf-8'), bytearray('abc', 'ascii'), bytearray('a€', 'ascii', 'replace'), bytearray('é', encoding='latin-1'))
print(bytearray(memoryview(b'mv')), bytearray(Idx(2)), bytearray([Idx(66)]), bytearray(source=b'kw'))
print(bytearray(iter([1, 2])), bytearray({3: 'x'}), bytearray(b''), bytearray([]))
for f in [lambda: bytearray('abc'), lambda: bytearray([256]), lambda: bytearray([-1]), lambda: bytearray(['a']),
          lambda: bytearray(-1), lambda: bytearray(1.5), lambda: bytearray('é', 'ascii'), lambda: bytearray(5, 'utf-8'),
          lambda: bytearray(b'x', 'utf-8'), lambda: bytearray(errors='strict'), lambda: bytearray(encoding='utf-8'),
          lambda: bytearray(None), lambda: bytearray(1, 2, 3, 4), lambda: bytearray(HasBytes()),
          lambda: bytearray([1.0]), lambda: bytearray('x', 5), lambda: bytearray('x', 'utf-8', 5),
          lambda: bytearray(x=1), lambda: bytearray(2**70), lambda: bytearray(Idx(-3))]:
    t(f)
print(bytes(HasBytes()), bytes(bytearray(b'q')), bytes(memoryview(bytearray(b'mvb'))))

# repr, str, type
b = bytearray(b"it's")
print(repr(b), str(b), repr(bytearray(b'"\'')), repr(bytearray(b'\x00\xff\n\t\\')), type(b).__name__, type(b) is bytearray)
print(repr(bytearray()), bytearray.__name__, isinstance(b, bytearray), isinstance(b, bytes), issubclass(bytearray, object))

# hashing refused
t(lambda: hash(bytearray(b'x')))
t(lambda: {bytearray(b'x'): 1})
t(lambda: {bytearray()})
t(lambda: frozenset([bytearray()]))

# comparisons with bytes, in both orders
a = bytearray(b'abc')
print(a == b'abc', b'abc' == a, a != b'abd', a == bytearray(b'abc'), a < b'abd', b'abb' < a, a <= a, a > bytearray(b'ab'), a >= b'abc')
print(a == 'abc', a == [97, 98, 99], a == memoryview(b'abc'), memoryview(b'abc') == a, sorted([bytearray(b'b'), b'a', bytearray(b'c')]))
t(lambda: a < 'abc')
t(lambda: a < 1)
t(lambda: 'x' > a)
print(max(bytearray(b'x'), b'y'), min(b'x', bytearray(b'y')))

# indexing and slicing
a = bytearray(b'hello world')
print(a[0], a[-1], a[1:4], a[::-1], a[::2], a[-3:], a[100:], type(a[1:2]).__name__, a[Idx(1)], a[Idx(0):Idx(2)])
t(lambda: a[11])
t(lambda: a[-12])
t(lambda: a['x'])
t(lambda: a[1.0])

# item assignment
a = bytearray(b'abcdef')
a[0] = 65; a[-1] = 70; a[Idx(1)] = 66
print(a)
def setter(i, v):
    def f():
        a[i] = v
    return f
for i, v in [(0, 256), (0, -1), (0, 'x'), (0, b'x'), (10, 1), (-10, 1), ('k', 1), (0, 1.5), (0, 300), (0, None), (99, 1), (2**70, 1), (99, 'x'), (Idx(0), Idx(67))]:
    t(setter(i, v))
print(a)

# slice assignment
a = bytearray(b'0123456789')
a[2:5] = b'XY'; print(a)
a[0:0] = bytearray(b'<<'); print(a)
a[len(a):] = [33, 34]; print(a)
a[::2] = b'abcdefg'; print(a)
a[1::3] = [0, 1, 2, 3]; print(a)
a[:] = b''; print(a, len(a))
a = bytearray(b'abcdef')
a[1:3] = memoryview(b'MV'); print(a)
a[::-1] = b'ZYXWVU'; print(a)
a[2:4] = range(3); print(a)
a[3:1] = b'!!'; print(a)
a[1:2] = a; print(a)
a = bytearray(b'abcdef')
a[::2] = a[1::2]; print(a)
a[10:20] = b'end'; print(a)
def slice_set(s, v):
    def f():
        x = bytearray(b'abcdef')
        x[s] = v
        return x
    return f
for s, v in [(slice(None, None, 2), b'ab'), (slice(1, 3), 5), (slice(1, 3), 'xy'), (slice(1, 3), [1, 300]), (slice(1, 3), ['a']),
             (slice(None, None, 2), 5), (slice(None, None, -1), b'abc'), (slice(0, 2), None), (slice(0, 4, 2), [1.5, 2]),
             (slice(None, None, 0), b''), (slice(1, 3), (x for x in b'gen'))]:
    t(slice_set(s, v))

# del
a = bytearray(b'0123456789')
del a[0]; print(a)
del a[-1]; print(a)
del a[1:3]; print(a)
del a[::2]; print(a)
del a[::-2]; print(a)
del a[:]; print(a)
def deleter(i):
    def f():
        x = bytearray(b'abc')
        del x[i]
        return x
    return f
for i in [3, -4, 'x', slice(None, None, 0), slice(5, 10)]:
    t(deleter(i))

# mutating methods
a = bytearray(b'abc')
print(a.append(100), a)
a.append(Idx(101)); print(a)
print(a.extend(b'fg'), a)
a.extend([104, 105]); a.extend(bytearray(b'j')); a.extend(x for x in b'kl'); a.extend(memoryview(b'm')); a.extend(()); print(a)
print(a.insert(0, 33), a)
a.insert(-1, 64); a.insert(100, 35); a.insert(-100, 36); print(a)
print(a.pop(), a.pop(0), a.pop(-2), a)
print(a.remove(97), a)
a.reverse(); print(a)
c = a.copy(); c.append(0); print(a, c, type(c).__name__, c is a)
print(a.clear(), a, len(a))
for f in [lambda: bytearray().pop(), lambda: bytearray(b'a').pop(5), lambda: bytearray(b'a').pop('x'), lambda: bytearray(b'a').remove(98),
          lambda: bytearray(b'a').remove(300), lambda: bytearray(b'a').remove(b'a'), lambda: bytearray().append(256), lambda: bytearray().append('a'),
          lambda: bytearray().append(), lambda: bytearray().append(1, 2), lambda: bytearray().extend(5), lambda: bytearray().extend('abc'),
          lambda: bytearray().extend([1, 'a']), lambda: bytearray().extend([999]), lambda: bytearray().insert(0), lambda: bytearray().insert('a', 1),
          lambda: bytearray().insert(0, 256), lambda: bytearray(b'a').pop(1, 2), lambda: bytearray().pop(2**70), lambda: bytearray().copy(1),
          lambda: bytearray().clear(1), lambda: bytearray().reverse(1), lambda: bytearray().extend(None), lambda: bytearray(b'x').remove()]:
    t(f)

# extend with itself and with a generator that mutates
a = bytearray(b'ab'); a.extend(a); print(a)
a = bytearray(b'ab')
def selfadd():
    global a
    a += a
t(selfadd)
print(a)
a = bytearray(b'xy')
def gen():
    a.append(122)
    yield 49
a.extend(gen()); print(a)

# += and *= are in place
a = bytearray(b'ab'); alias = a
a += b'cd'; a += bytearray(b'e'); a += memoryview(b'f'); print(a, alias is a, alias)
a *= 2; print(a, alias is a)
a *= 0; print(a, alias is a)
a = bytearray(b'x'); a *= -1; print(repr(a))
def iadd(v):
    def f():
        x = bytearray(b'ab')
        x += v
        return x
    return f
for v in ['s', 1, [1], None]:
    t(iadd(v))
def imul(v):
    def f():
        x = bytearray(b'ab')
        x *= v
        return x
    return f
for v in [1.5, 'a', Idx(3)]:
    t(imul(v))

# concatenation and repetition: result types
for x, y in [(b'a', bytearray(b'b')), (bytearray(b'a'), b'b'), (bytearray(b'a'), bytearray(b'b')), (bytearray(b'a'), memoryview(b'mv')), (b'a', memoryview(b'm'))]:
    t(lambda: x + y)
t(lambda: memoryview(b'm') + b'a')
t(lambda: bytearray(b'a') + 'b')
t(lambda: 'b' + bytearray(b'a'))
t(lambda: bytearray(b'a') + 1)
t(lambda: [1] + bytearray(b'a'))
t(lambda: bytearray(b'ab') * 3)
t(lambda: 2 * bytearray(b'ab'))
t(lambda: bytearray(b'ab') * -1)
t(lambda: bytearray(b'ab') * 1.5)
t(lambda: bytearray(b'ab') * Idx(2))

# iteration, in, len, bool
a = bytearray(b'hey')
print(list(a), [x for x in a], len(a), bool(a), bool(bytearray()), 104 in a, b'ey' in a, bytearray(b'he') in a, 0 in a, b'' in a, memoryview(b'y') in a)
print(type(iter(a)).__name__, list(reversed(a)), sum(a), sorted(a), tuple(a), set(a) == {104, 101, 121}, dict.fromkeys(a) == {104: None, 101: None, 121: None})
t(lambda: 256 in a)
t(lambda: 'h' in a)
t(lambda: None in a)
print(b'ey' in bytearray(b'hey'), bytearray(b'ey') in b'hey', memoryview(b'ey') in b'hey')

# mutation while iterating
a = bytearray(b'abc')
out = []
for x in a:
    out.append(x)
    if len(a) < 6:
        a.append(x + 1)
print(out, a)
a = bytearray(b'abcdef')
out = []
for x in a:
    out.append(x)
    del a[0]
print(out, a)
it = iter(bytearray(b'ab'))
print(next(it), next(it), next(it, 'done'))

# bytes(bytearray), interop with str.encode and decode
a = bytearray('naïve', 'utf-8')
print(bytes(a), type(bytes(a)).__name__, a.decode(), a.decode('latin-1'), str(a, 'utf-8'), 'x'.encode() + a, a + 'y'.encode())
print(bytearray('€'.encode()), bytearray(b'abc').decode(errors='strict'), bytearray(b'\xff').decode('utf-8', 'replace'))
t(lambda: bytearray(b'\xff').decode())
t(lambda: str(bytearray(b'\xff'), 'ascii'))

# fromhex / hex
print(bytearray.fromhex('de ad BE ef'), type(bytearray.fromhex('')).__name__, bytearray(b'\x00\xffab').hex(), bytearray(b'\x01\x02\x03').hex(':'), bytearray(b'\x01\x02\x03\x04').hex('-', 2), bytes(b'abcdef').hex(' ', -2))
print(b'\x01\x02\x03\x04\x05'.hex(b'|', 2), b'\x01\x02\x03\x04\x05'.hex(':', -2), b''.hex(':'), b'\x01'.hex(':', 5))
for f in [lambda: bytearray.fromhex('zz'), lambda: bytearray.fromhex('abc'), lambda: bytearray.fromhex(b'ab'), lambda: bytes.fromhex('a b'),
          lambda: b'ab'.hex('::'), lambda: b'ab'.hex(''), lambda: b'ab'.hex(1), lambda: b'ab'.hex('é'), lambda: b'ab'.hex(':', 'x'),
          lambda: bytes.fromhex(), lambda: bytes.fromhex('0g'), lambda: bytes.fromhex(' 1')]:
    t(f)

# __alloc__, sizes
print(bytearray(b'abc').__alloc__() >= 4)

# copy and pickling-adjacent behaviour
import copy
a = bytearray(b'deep')
print(copy.copy(a), copy.copy(a) is a, copy.deepcopy([a])[0], copy.deepcopy(a) is a)

# bytearray as dict value / in list equality
print([bytearray(b'a')] == [b'a'], (bytearray(b'a'),) == (b'a',), {1: bytearray(b'a')} == {1: b'a'})
print(b'a' in [bytearray(b'a')], [bytearray(b'a')].index(b'a'), [b'x', bytearray(b'x')].count(b'x'))
