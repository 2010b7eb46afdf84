def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
b = b'hello world'
bad_key = None
print(b[1:4], b[::-1], b[-3:], b[100:], list(b[:3]), [x for x in b'ab'], b'ab' + b'cd', b'ab' * 3, 3 * b'x', b'' * 5)
print(104 in b, b'wor' in b, b'' in b, b'xyz' in b, len(b), b == b'hello world', b < b'help', sorted([b'b', b'a']))
print(bytes(), bytes(3), bytes([65, 66, 67]), bytes(b'abc'), bytes('é', 'utf-8'), bytes('abc', 'ascii'), bytes(range(3)), bytes((x for x in [1, 2])))
for f in [lambda: bytes('abc'), lambda: bytes([256]), lambda: bytes(['a']), lambda: bytes(-1), lambda: bytes(1.5), lambda: bytes('é', 'ascii'), lambda: bytes(5, 'utf-8'), lambda: b'ab' + 'c', lambda: 'c' + b'ab', lambda: 256 in b, lambda: 'h' in b, lambda: b'abc'[bad_key]]:
    t(f)
print('héllo'.encode(), 'abc'.encode('ascii'), 'é€'.encode('utf-8'), 'café'.encode('latin-1'), 'naïve €'.encode('ascii', 'replace'), 'naïve'.encode('ascii', 'ignore'), 'x'.encode(encoding='utf8'))
for f in [lambda: 'é'.encode('ascii'), lambda: '€'.encode('latin-1'), lambda: 'x'.encode('nope'), lambda: 'x'.encode('utf-8', 'bogus'), lambda: 'x'.encode(5)]:
    t(f)
print(b'caf\xc3\xa9'.decode(), b'caf\xe9'.decode('latin-1'), b'abc'.decode('ascii'), b'a\xffb'.decode('utf-8', 'replace'), b'a\xffb'.decode('utf-8', 'ignore'), b'x'.decode(errors='strict'))
for f in [lambda: b'\xff'.decode(), lambda: b'ab\xc3'.decode(), lambda: b'\xc3\x28'.decode(), lambda: b'\xe2\x82'.decode(), lambda: b'\x80'.decode('ascii')]:
    t(f)
print(b'\x00\xffab'.hex(), bytes.fromhex('de ad BE ef'), bytes.fromhex(''), b'-'.join([b'a', b'b', b'c']), b', '.join([]))
t(lambda: bytes.fromhex('zz'))
t(lambda: bytes.fromhex('abc'))
t(lambda: b'-'.join([b'a', 'b']))
print(b'a b  c'.split(), b'a,b,,c'.split(b','), b'a,b,c'.split(b',', 1), b'  x  '.split(), b''.split(), b'a b c'.split(None, 1))
print(b'hello'.startswith(b'he'), b'hello'.endswith((b'x', b'lo')), b'hello'.find(b'l'), b'hello'.find(108), b'hello'.find(b'z'), b'hello'.index(b'o'), b'hello'.count(b'l'), b'aaaa'.count(b'aa'))
print(b'hello'.replace(b'l', b'L'), b'hello'.replace(b'l', b'', 1), b'ab'.replace(b'', b'-'), b'  hi \n'.strip(), b'xxhixx'.strip(b'x'), b' a '.lstrip(), b' a '.rstrip(), b'MiXed'.upper(), b'MiXed'.lower())
t(lambda: b'abc'.index(b'z'))
t(lambda: b'abc'.startswith('a'))
print(repr(b"it's"), repr(b'say "hi"'), repr(b'both \' and "'), str(b'x'), b'\t\n\r\\'.hex())
for x in b'AB':
    print(x, chr(x))
print(list(iter(b'xy')), type(iter(b'')).__name__, hash(b'abc') == hash(b'abc'), {b'k': 1}[b'k'])
print(str(b'caf\xc3\xa9', 'utf-8'), str(b'caf\xe9', encoding='latin-1'), str(b'a\xffb', 'utf-8', 'replace'), str(b'x', errors='strict'))
for f in [lambda: str('x', 'utf-8'), lambda: str(5, 'utf-8'), lambda: str(b'\xff', 'utf-8'), lambda: str(b'x', 'nope'), lambda: vars(5), lambda: vars(1, 2)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
class P:
    def __init__(self): self.a = 1; self.b = [2]
print(vars(P()), sorted(vars(P)) [:3] if False else 'ok')
