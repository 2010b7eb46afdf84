# str.maketrans / str.translate, bytes.maketrans / bytes.translate (and bytearray's).
def t(f):
    try:
        r = f()
        print(type(r).__name__, repr(r))
    except Exception as e:
        print(type(e).__name__, e)

# str.maketrans, all forms
print(sorted(str.maketrans({'a': 'b', 'c': None, 100: 'D', 101: 102}).items()))
print(sorted(str.maketrans('abc', 'xyz').items()), sorted(str.maketrans('ab', 'xy', 'cd').items()), str.maketrans('', ''), str.maketrans('', '', ''))
print(sorted('x'.maketrans('é', '€').items()), sorted(str.maketrans({}).items()))
for f in [lambda: str.maketrans('abc', 'xy'), lambda: str.maketrans({'ab': 1}), lambda: str.maketrans('a'), lambda: str.maketrans([1]),
          lambda: str.maketrans(1, 2), lambda: str.maketrans('a', 2), lambda: str.maketrans('a', 'b', 3), lambda: str.maketrans(),
          lambda: str.maketrans('a', 'b', 'c', 'd'), lambda: str.maketrans({1.5: 'x'}), lambda: str.maketrans({'': 'x'}), lambda: str.maketrans(x=1),
          lambda: str.maketrans({'a': 1, 2: 3, 'bc': 4})]:
    t(f)

# str.translate with every table form
print('hello world'.translate(str.maketrans('lo', '01')))
print('hello'.translate({104: 'J', 101: None, 108: 'LL', 111: 0x4f}))
print('hello'.translate({ord('h'): 'H'}), 'hello'.translate({}), ''.translate({1: 2}), 'abc'.translate(str.maketrans('', '', 'b')))
print('hello'.translate([None, 'x'] * 60), 'AB'.translate(['0'] * 66), 'é'.translate({233: 'e'}), 'x'.translate({120: '€€'}))
class Table:
    def __getitem__(self, k):
        if k == ord('a'):
            return 'A'
        if k == ord('b'):
            raise LookupError
        if k == ord('c'):
            raise KeyError(k)
        if k == ord('d'):
            raise IndexError(k)
        if k == ord('e'):
            return None
        return k + 1
print('abcdef'.translate(Table()))
class Bad:
    def __getitem__(self, k):
        raise ValueError('bad key %d' % k)
for f in [lambda: 'a'.translate({97: 1.5}), lambda: 'a'.translate({97: 0x110000}), lambda: 'a'.translate({97: -1}), lambda: 'a'.translate(Bad()),
          lambda: 'a'.translate(5), lambda: 'a'.translate(), lambda: 'a'.translate({97: b'x'}), lambda: 'a'.translate({}, {}),
          lambda: 'ab'.translate({97: 'b', 98: 'a'}), lambda: 'a'.translate(table={})]:
    t(f)

# bytes.maketrans
tbl = bytes.maketrans(b'abc', b'xyz')
print(type(tbl).__name__, len(tbl), tbl[97:100], tbl[:3], bytearray.maketrans(b'a', b'b')[97], type(bytearray.maketrans(b'', b'')).__name__)
print(bytes.maketrans(bytearray(b'q'), memoryview(b'r'))[113], b''.maketrans(b'', b'') == bytes(range(256)))
for f in [lambda: bytes.maketrans(b'ab', b'c'), lambda: bytes.maketrans('a', 'b'), lambda: bytes.maketrans(b'a'), lambda: bytes.maketrans(b'a', 1),
          lambda: bytes.maketrans(), lambda: bytearray.maketrans(b'abc', b'')]:
    t(f)

# bytes.translate / bytearray.translate
for recv in [b'hello world', bytearray(b'hello world')]:
    print(repr(recv.translate(tbl)), repr(recv.translate(bytes.maketrans(b'lo', b'01'))), repr(recv.translate(None, b'lo')),
          repr(recv.translate(None)), repr(recv.translate(tbl, b'h')), repr(recv.translate(bytearray(bytes.maketrans(b'h', b'H')), delete=b'd')),
          repr(recv.translate(memoryview(tbl))), repr(recv.translate(None, delete=bytearray(b' '))))
    for f in [lambda: recv.translate(b'short'), lambda: recv.translate('x' * 256), lambda: recv.translate({}), lambda: recv.translate(None, 'l'),
              lambda: recv.translate(), lambda: recv.translate(None, b'', 1), lambda: recv.translate(None, x=b'')]:
        t(f)
