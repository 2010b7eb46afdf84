# Every bytes method, on bytes and on bytearray: results, result types, errors.
def show(r):
    if isinstance(r, (list, tuple)):
        return type(r).__name__ + '[' + ', '.join(type(x).__name__ + ':' + repr(x) for x in r) + ']'
    return type(r).__name__ + ':' + repr(r)

def call(recv, name, *args, **kw):
    try:
        r = getattr(recv, name)(*args, **kw)
        return show(r)
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)

def arg_repr(a):
    if isinstance(a, memoryview):
        return 'memoryview(%r)' % a.tobytes()
    if isinstance(a, (list, tuple)):
        return type(a).__name__ + '(' + ', '.join(arg_repr(x) for x in a) + ')'
    r = repr(a)
    if ' at 0x' in r:
        return '<%s>' % type(a).__name__
    return r

def both(name, data, *args, **kw):
    print(name, repr(data), arg_repr(args), kw if kw else '')
    print('  b ', call(bytes(data), name, *args, **kw))
    print('  ba', call(bytearray(data), name, *args, **kw))

class Idx:
    def __index__(self): return 1

for data, args in [(b'hello world', ()), (b'Hello World', ()), (b'', ()), (b'abc123', ()), (b'ABC', ()), (b'12', ()), (b' \t\n', ()),
                   (b'hello\xffworld', ()), (b'Title Case Here', ()), (b'aBc', ())]:
    for name in ['capitalize', 'lower', 'upper', 'swapcase', 'title', 'isalnum', 'isalpha', 'isascii', 'isdigit', 'islower',
                 'isspace', 'istitle', 'isupper']:
        both(name, data, *args)

both('isalpha', b'a', 1)
both('upper', b'a', x=1)
both('center', b'ab', 6)
both('center', b'ab', 7, b'*')
both('center', b'ab', 7, bytearray(b'-'))
both('center', b'ab', 1)
both('center', b'ab', 5, b'**')
both('center', b'ab', 5, '*')
both('center', b'ab', 'x')
both('center', b'ab')
both('ljust', b'ab', 5)
both('ljust', b'ab', 5, b'.')
both('rjust', b'ab', 5, b'.')
both('rjust', b'ab', 0)
both('zfill', b'-42', 6)
both('zfill', b'+7', 4)
both('zfill', b'abc', 2)
both('zfill', b'', 3)
both('zfill', b'1', 'x')
both('expandtabs', b'a\tbc\td\n\te')
both('expandtabs', b'a\tb', 4)
both('expandtabs', b'a\tb', tabsize=2)
both('expandtabs', b'a\tb', 0)
both('expandtabs', b'a\tb', -1)
both('expandtabs', b'a\r\tb\n\tc')

for sub in [b'o', b'l', b'', b'zz', 111, bytearray(b'wor'), memoryview(b'ld')]:
    for name in ['find', 'rfind', 'count', 'index', 'rindex']:
        both(name, b'hello world', sub)
both('find', b'hello world', b'o', 5)
both('find', b'hello world', b'o', 5, 7)
both('find', b'hello world', b'o', -4)
both('find', b'hello world', b'o', None, 5)
both('rfind', b'hello world', b'o', 0, 6)
both('count', b'aaaa', b'a', 1, -1)
both('count', b'aaaa', b'', 1, 3)
both('find', b'abc', b'', 3)
both('find', b'abc', b'', 4)
both('find', b'abc', 256)
both('find', b'abc', -1)
both('find', b'abc', 'a')
both('find', b'abc', 1.0)
both('find', b'abc')
both('find', b'abc', b'a', 'x')
both('find', b'abc', b'a', 1, 2, 3)
both('index', b'abc', b'z')
both('rindex', b'abc', 99)
both('count', b'abc', Idx())
both('find', b'abc', b'b', Idx())

for name in ['startswith', 'endswith']:
    both(name, b'hello', b'he')
    both(name, b'hello', b'lo')
    both(name, b'hello', (b'x', bytearray(b'lo'), b'he'))
    both(name, b'hello', b'', 5)
    both(name, b'hello', b'll', 2, 4)
    both(name, b'hello', b'h', -5)
    both(name, b'hello', 'he')
    both(name, b'hello', ('he',))
    both(name, b'hello', 104)
    both(name, b'hello', memoryview(b'he'))
    both(name, b'hello')

both('join', b', ', [b'a', bytearray(b'b'), memoryview(b'c')])
both('join', b'', [])
both('join', b'-', (b'x',))
both('join', b'-', [b'a', 'b'])
both('join', b'-', [b'a', 1])
both('join', b'-', 5)
both('join', b'-', iter([b'p', b'q']))

for name in ['split', 'rsplit']:
    both(name, b'  a b  c  ')
    both(name, b'a,b,,c', b',')
    both(name, b'a,b,,c', b',', 1)
    both(name, b'a,b,,c', sep=b',', maxsplit=2)
    both(name, b'a b c', None, 1)
    both(name, b'a b c', maxsplit=0)
    both(name, b'  a b c  ', maxsplit=1)
    both(name, b'', b',')
    both(name, b'', None)
    both(name, b'abc', b'')
    both(name, b'abc', 'b')
    both(name, b'abc', 98)
    both(name, b'a\x1cb\x0bc\x0cd', None)
    both(name, b'abcbd', bytearray(b'b'))
    both(name, b'abc', b'b', 'x')
    both(name, b'abc', x=1)

for name in ['partition', 'rpartition']:
    both(name, b'a=b=c', b'=')
    both(name, b'abc', b'=')
    both(name, b'abc', b'')
    both(name, b'abc', '=')
    both(name, b'a=b', bytearray(b'='))
both('splitlines', b'a\nb\r\nc\rd\n')
both('splitlines', b'a\nb\r\nc\rd\n', True)
both('splitlines', b'a\nb', keepends=True)
both('splitlines', b'')
both('splitlines', b'\n\n')
both('splitlines', b'a\x0bb\x0cc\x1cd\x85e')
both('splitlines', b'x', 'y')

both('replace', b'hello', b'l', b'L')
both('replace', b'hello', b'l', b'', 1)
both('replace', b'hello', b'', b'-')
both('replace', b'hello', b'', b'-', 2)
both('replace', b'', b'', b'x')
both('replace', b'aaa', b'a', b'bb', -1)
both('replace', b'aaa', b'a', b'b', 0)
both('replace', b'abc', 'a', b'x')
both('replace', b'abc', b'a', 'x')
both('replace', b'abc', b'a')
both('replace', b'abc', bytearray(b'b'), memoryview(b'B'))
both('replace', b'abc', b'b', b'B', 'x')

for name in ['strip', 'lstrip', 'rstrip']:
    both(name, b'  \t hi \n\x0b\x0c')
    both(name, b'xxhixx', b'x')
    both(name, b'xyhiyx', b'xy')
    both(name, b'xyhiyx', None)
    both(name, b'hi', b'')
    both(name, b'hi', 'h')
    both(name, b'hi', bytearray(b'h'))
    both(name, b'hi', b'h', b'i')
both('removeprefix', b'prefix-rest', b'prefix-')
both('removeprefix', b'rest', b'prefix')
both('removesuffix', b'rest.py', b'.py')
both('removesuffix', b'rest', b'')
both('removeprefix', b'rest', 're')
both('removesuffix', b'rest', memoryview(b'st'))

both('decode', b'caf\xc3\xa9')
both('decode', b'caf\xe9', 'latin-1')
both('decode', b'caf\xe9', 'utf-8', 'replace')
both('decode', b'caf\xe9', errors='ignore')
both('decode', b'caf\xe9')
both('decode', b'x', 'nope')
both('decode', b'x', 1)

both('hex', b'\x00\xab\xff')
both('hex', b'\x00\xab\xff', ':')
both('hex', b'\x00\xab\xff\x01', b' ', 3)
both('hex', b'\x00\xab\xff\x01', sep='/', bytes_per_sep=-3)

# copies: methods that return the object unchanged still give a new one for bytearray
ba = bytearray(b'abc')
for r in [ba.strip(), ba.lstrip(b'z'), ba.replace(b'z', b'y'), ba.ljust(2), ba.center(1), ba.zfill(1), ba.expandtabs(), ba.removeprefix(b'z'),
          ba.split()[0], ba.partition(b'z')[0], ba.translate(None), ba.lower(), ba[:]]:
    print(type(r).__name__, r is ba, r == ba)
bb = b'abc'
for r in [bb.strip(), bb.ljust(2), bb.replace(b'z', b'y'), bb.removeprefix(b'z'), bb[:], bytes(bb), bb.translate(None)]:
    print(type(r).__name__, r is bb, r == bb)

# methods through the type
print(bytes.upper(b'x'), bytearray.upper(bytearray(b'y')), bytearray.append, bytes.join, bytearray.join(bytearray(b'-'), [b'a', b'b']))
for f in [lambda: bytes.upper(bytearray(b'x')), lambda: bytearray.upper(b'x'), lambda: bytearray.append(b'x', 1), lambda: bytearray.find('abc', b'a'), lambda: bytearray.join(b'-', [])]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print([hasattr(bytearray, n) for n in ['append', 'clear', 'copy', 'extend', 'insert', 'pop', 'remove', 'reverse', 'fromhex', 'maketrans', 'translate']])
print([hasattr(bytes, n) for n in ['append', 'clear', 'copy', 'extend', 'insert', 'pop', 'remove', 'reverse', 'fromhex', 'maketrans', 'translate']])
