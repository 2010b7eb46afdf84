# printf-style formatting of bytes and bytearray.
def t(f):
    try:
        r = f()
        print(type(r).__name__, repr(r))
    except Exception as e:
        print(type(e).__name__, e)

class B:
    def __bytes__(self): return b'<B>'
class BadBytes:
    def __bytes__(self): return 'not bytes'
class R:
    def __repr__(self): return 'R\xe9pr'
class I:
    def __index__(self): return 42
class N:
    def __int__(self): return 7
class F:
    def __float__(self): return 2.5

print(b'%s and %s' % (b'spam', bytearray(b'eggs')))
print(b'%b|%b' % (memoryview(b'mv'), B()))
print(b'%5s|%-5s|%.2s|%5.1s|' % (b'ab', b'cd', b'efgh', b'xyz'))
print(b'%r %a' % ('h\xe9', R()))
print(b'%r' % b'bytes', b'%a' % [1, 'x'], b'%r' % 3.5)
print(b'%c%c%c' % (65, b'B', bytearray(b'C')), b'%3c|%-3c|' % (120, 121))
print(b'%d %i %u' % (42, -7, 3), b'%5d|%-5d|%05d|%+d|% d' % (1, 2, 3, 4, 5))
print(b'%x %X %o %#x %#X %#o' % (255, 255, 8, 255, 255, 8), b'%08.3x' % 10, b'%.3d' % 7)
print(b'%f %.2f %e %E %g %G' % (3.14159, 2.5, 12345.678, 0.00012, 1e20, 1e-10))
print(b'%10.3f|%-10.2e|%+.1f|%#.0f|%g' % (3.14159, 1234.5, 2.25, 3.0, 100000.0))
print(b'%d %x %f' % (I(), I(), F()), b'%d' % N(), b'%d' % 3.99, b'%d' % True, b'%f' % 2, b'%x' % -255)
print(b'%(a)s %(b)d %(a)s' % {b'a': b'A', b'b': 5}, b'%(x)s' % {b'x': bytearray(b'X')})
print(b'%*d|%-*d|%.*f' % (5, 1, 4, 2, 2, 3.14159))
print(b'100%% sure %s' % b'!', b'%%' % (), b'no args' % (), b'%s' % (b'tuple',))
print(b'%s' % b'single', b'%s' % bytearray(b'ba'), b'%d' % 5)
print(bytearray(b'%s-%d') % (b'x', 1), type(bytearray(b'%s') % b'y').__name__, bytearray(b'%%') % ())
print(b'%ld %lx %hd %Lf' % (1, 2, 3, 4.0))
print(b'%s' % {b'k': 1} if False else b'%(k)s' % {b'k': b'v'})
print(b'%c' % 0, b'%c' % 255)
t(lambda: b'%5%' % ())
t(lambda: b'%-5%|' % (1,))
t(lambda: '%5%' % ())
t(lambda: '%-5%|' % (1,))
print(b'\xff%s\x00' % b'\xfe')
for f in [lambda: b'%s' % 'str', lambda: b'%s' % 5, lambda: b'%b' % None, lambda: b'%s' % BadBytes(), lambda: b'%d' % 'x', lambda: b'%d' % b'1',
          lambda: b'%x' % 1.5, lambda: b'%o' % 'a', lambda: b'%f' % 'x', lambda: b'%f' % b'1', lambda: b'%c' % 256, lambda: b'%c' % -1,
          lambda: b'%c' % b'ab', lambda: b'%c' % 'a', lambda: b'%c' % 1.5, lambda: b'%s %s' % (b'a',), lambda: b'%s' % (b'a', b'b'),
          lambda: b'%z' % 1, lambda: b'%' % (), lambda: b'%(a' % {b'a': 1}, lambda: b'%(a)s' % (1,), lambda: b'%(a)s' % {'a': 1},
          lambda: b'%*d' % ('x', 1), lambda: b'%.*f' % (1.5, 1.0), lambda: b'%d' % None, lambda: b'%s %(a)s' % {b'a': 1},
          lambda: bytearray(b'%q') % 1, lambda: b'%c' % 2**70, lambda: b'%d %d' % [1, 2], lambda: b'%s' % [b'x'],
          lambda: b'x' % 5, lambda: b'x' % b'y', lambda: b'x' % bytearray(b'y'), lambda: b'x' % {b'k': 1}, lambda: b'%\xff' % 1,
          lambda: b'%i' % F(), lambda: b'%a' % b'\xff', lambda: b'%-07.2f|' % 1.5, lambda: b'%#5x|' % 3]:
    t(f)
x = bytearray(b'%d')
y = x % 5
print(x, y, y is x)
t(lambda: 'str %s' % b'bytes')
t(lambda: 'str %s' % bytearray(b'ba'))
t(lambda: 'str %r' % memoryview(b'').tobytes())
t(lambda: '%s' % [bytearray(b'x')])
