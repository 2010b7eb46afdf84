# bytearray and memoryview where other parts of the language meet them.
import io, json, os, random

def t(f):
    try:
        r = f()
        print(type(r).__name__, repr(r))
    except Exception as e:
        print(type(e).__name__, e)

# formatting
ba = bytearray(b'hi')
print(f'{ba}', '{}'.format(ba), '{!r:>22}|'.format(ba), '%s %r' % (ba, ba), str(ba), format(ba), format(ba, ''))
t(lambda: format(ba, 's'))
t(lambda: format(memoryview(b''), 'x'))
print(ascii(bytearray(b'\xff')), repr([bytearray(b'a'), memoryview(b'b').tobytes()]))

# int() and float() of byte strings
print(int(b'42'), int(bytearray(b' -7\n')), int(b'ff', 16), int(bytearray(b'0x1f'), 0), int(memoryview(b'12')))
print(float(b'1.5'), float(bytearray(b' 2e3 ')), float(memoryview(b'-0.25')))
t(lambda: int(b'x'))
t(lambda: int(bytearray(b'1.5')))
t(lambda: float(b'abc'))
t(lambda: float(bytearray(b'')))
t(lambda: int(b'1_000'))

# files and BytesIO
d = 'tmp_bytearray_%d' % os.getpid()
os.mkdir(d)
p = os.path.join(d, 'data.bin')
with open(p, 'wb') as f:
    print(f.write(bytearray(b'abc')), f.write(memoryview(b'def')), f.write(b'ghi'))
with open(p, 'rb') as f:
    data = f.read()
print(data, bytearray(data), bytearray(data)[::-1])
os.remove(p)
os.rmdir(d)
bio = io.BytesIO(bytearray(b'start-'))
bio.seek(0, 2)
print(bio.write(bytearray(b'ba')), bio.write(memoryview(b'mv')), bio.getvalue())
bio.writelines([bytearray(b'1'), memoryview(b'2')])
print(bio.getvalue())
t(lambda: bio.write('str'))
t(lambda: io.BytesIO('str'))

# json, random
print(json.loads(bytearray(b'{"a": [1, 2]}')), json.loads(b'[true]'))
t(lambda: json.loads(memoryview(b'1')))
random.seed(bytearray(b'seed'))
x = random.random()
random.seed(b'seed')
print(x == random.random())

# int.from_bytes / to_bytes
print(int.from_bytes(bytearray(b'\x01\x00'), 'big'), int.from_bytes(memoryview(b'\x01\x00'), 'little'), bytearray((258).to_bytes(2, 'big')))

# match
for subject in [bytearray(b'ab'), b'ab', memoryview(b'ab')]:
    match subject:
        case bytearray(x):
            print('bytearray', x)
        case bytes(x):
            print('bytes', x)
        case [a, b]:
            print('sequence', a, b)
        case _:
            print('other', type(subject).__name__)

# hot loops (quickened, and compiled by the JIT when it is on)
def build(n):
    out = bytearray()
    for i in range(n):
        out.append(i % 256)
        out += b'.'
    return out

def checksum(buf):
    s = 0
    for i in range(len(buf)):
        s = (s * 31 + buf[i]) % 1000003
    return s

def mixed(items):
    total = 0
    for it in items:
        total += len(it) + it[0] + it.count(b'a'[0])
        total += len(it.upper())
    return total

for _ in range(3):
    b = build(500)
    print(len(b), checksum(b), checksum(bytes(b)), checksum(memoryview(b)))
    print(mixed([b'abc', bytearray(b'aaa'), b'xa', bytearray(b'za')] * 50))

# str.encode and decode round trips through bytearray
s = 'naïve – café'
ba = bytearray(s, 'utf-8')
ba[0:1] = b'N'
print(ba.decode(), ba.decode('ascii', 'replace'), ba.decode('latin-1'), bytes(ba).decode('utf-8', 'ignore'))
print(s.encode('utf-8')[:6], bytearray(s.encode('latin-1', 'replace')))

# bytes and bytearray as dict keys / in sets
d = {b'k': 1}
t(lambda: d[bytearray(b'k')])
print(d[bytes(bytearray(b'k'))], d.get(memoryview(b'k')), b'k' in {memoryview(b'k')})
print(sorted([bytearray(b'b'), bytearray(b'a')]), bytearray(b'a') in [b'a'], [b'a'].index(bytearray(b'a')))

# memoryview of a slice used as a key, and hashing
print(hash(memoryview(b'abc')[1:]) == hash(b'bc'), {memoryview(b'x'): 1} == {b'x': 1})
