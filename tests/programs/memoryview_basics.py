# memoryview over bytes and bytearray.
def t(f):
    try:
        r = f()
        print(type(r).__name__, repr(r) if not isinstance(r, memoryview) else ('memoryview', r.tobytes()))
    except Exception as e:
        print(type(e).__name__, e)

m = memoryview(b'hello')
print(len(m), m[0], m[-1], m.tobytes(), m.tolist(), m.hex(), m.hex(':'), m.readonly, m.nbytes, m.itemsize, m.format, m.ndim, m.shape, m.strides)
print(m.obj, m.suboffsets, m.c_contiguous, m.f_contiguous, m.contiguous, type(m).__name__, bytes(m), list(m), m == b'hello', b'hello' == m)
print(type(m[1:3]).__name__, m[1:3].tobytes(), m[::-1].tobytes(), m[::2].tolist(), m[1:4][1:].tobytes(), m[5:].tobytes(), len(m[::2]))
print(m[::2].c_contiguous, m[::-1].contiguous, m[1:3].obj is m.obj, m[::2].strides, m[::-1].strides, m[::2].shape, m[::2].nbytes)
print(repr(m).startswith('<memory at 0x'), str(m).startswith('<memory at'))
print(m == memoryview(b'hello'), m != b'hellp', m == bytearray(b'hello'), m == 'hello', m == [104], m[1:3] == b'el', m[::2] == b'hlo')
print(hash(m) == hash(b'hello'), hash(m[::2]) == hash(b'hlo'), {m: 1}[b'hello'])
def setm():
    m[0] = 1
def delm():
    del m[0]
for f in [lambda: m[5], lambda: m[-6], lambda: m['x'], lambda: m[1.0], setm, delm, lambda: m < m, lambda: m < b'x',
          lambda: memoryview('abc'), lambda: memoryview(5), lambda: memoryview(), lambda: memoryview(b'a', b'b'), lambda: memoryview(object=b'x').tobytes(),
          lambda: memoryview(x=b'x'), lambda: memoryview([1, 2])]:
    t(f)

# over a bytearray: writes through the view
ba = bytearray(b'abcdef')
v = memoryview(ba)
print(v.readonly, v.obj is ba, v[0])
v[0] = 65
v[-1] = 70
print(ba, v.tobytes())
v[1:3] = b'XY'
print(ba)
v[::2] = b'123'
print(ba)
v[3:5] = bytearray(b'++')
v[0:1] = memoryview(b'!')
print(ba)
ba[2] = 0x7a
print(v[2], v.tobytes())
sub = v[2:4]
sub[0] = 0x51
print(ba, sub.tobytes())
def setv(i, x):
    def f():
        v[i] = x
    return f
for i, x in [(0, 256), (0, -1), (0, b'a'), (0, 'a'), (slice(0, 2), b'abc'), (slice(0, 2), b'a'), (slice(0, 2), [1, 2]), (10, 1),
             (slice(None, None, 2), b'ab'), ('a', 1), (0, 1.5), (0, 300), (slice(0, 3), b'ab'), (2**70, 1), (-7, 1), (slice(0, 2), memoryview(b'xy').cast('c'))]:
    t(setv(i, x))
def delv(i):
    def f():
        del v[i]
    return f
t(delv(0))
t(delv(slice(0, 1)))
print(ba)

# resizing a bytearray with exported views
ba = bytearray(b'xyz')
v = memoryview(ba)
def delba(i):
    def f():
        del ba[i]
    return f
def setba(i, x):
    def f():
        ba[i] = x
    return f
def iop(op, x):
    def f():
        global ba
        if op == '+':
            ba += x
        else:
            ba *= x
    return f
for f in [lambda: ba.append(1), lambda: ba.extend(b'a'), lambda: ba.pop(), lambda: ba.clear(), lambda: ba.insert(0, 1), lambda: ba.remove(120),
          delba(0), delba(slice(0, 1)), delba(slice(None, None, 2)), setba(slice(0, 1), b''), setba(slice(0, 1), b'ab'), iop('+', b'q'), iop('*', 2),
          iop('*', 0), setba(slice(None, None, 2), b'')]:
    t(f)
ba.extend(b''); ba += b''; ba *= 1; ba[0:0] = b''; del ba[5:]
t(lambda: ba.clear())
ba[0] = 88
ba[0:2] = b'PQ'
ba.reverse()
print(ba, v.tobytes())
w = v[1:]
v.release()
t(lambda: ba.append(1))
w.release()
ba.append(33)
print(ba)
v.release()
for f in [lambda: v[0], lambda: len(v), lambda: v.tobytes(), lambda: v.tolist(), lambda: v.hex(), lambda: v.nbytes, lambda: v.readonly,
          lambda: v.format, lambda: v.obj, lambda: v.shape, lambda: v == v, lambda: v == b'', lambda: bytes(v), lambda: v[0:1], lambda: hash(v),
          lambda: list(v), lambda: v.__enter__()]:
    t(f)
print(repr(v).startswith('<released memory at 0x'))
ba2 = bytearray(b'12')
v2 = memoryview(ba2)
del v2
ba2.append(51)
print(ba2)

# context manager
ba = bytearray(b'ctx')
with memoryview(ba) as cm:
    print(type(cm).__name__, cm.tobytes())
    t(lambda: ba.append(1))
ba.append(33)
print(ba)
t(lambda: cm[0])
with memoryview(b'abc') as m2:
    pass
print(m2.__exit__(None, None, None))

# writable view hashing, tolist, toreadonly
ba = bytearray(b'ab')
v = memoryview(ba)
t(lambda: hash(v))
r = v.toreadonly()
print(r.readonly, r.tobytes(), r == v)
def setr():
    r[0] = 1
t(setr)
print(memoryview(memoryview(ba)).obj is ba, memoryview(r).readonly)

# cast
m = memoryview(b'\x01\xff\x80')
c = m.cast('b')
print(c.format, c.tolist(), c[1], c.itemsize)
c = m.cast('c')
print(c.format, c.tolist(), c[1], c.tobytes())
print(m.cast('B').tolist())
wc = memoryview(bytearray(b'ab')).cast('c')
wc[0] = b'z'
print(wc.obj, wc.tolist())
def setwc(x):
    def f():
        wc[0] = x
    return f
t(setwc(1))
t(setwc(b'xy'))
t(setwc(bytearray(b'x')))
sb = memoryview(bytearray(b'ab')).cast('b')
def setsb(x):
    def f():
        sb[0] = x
    return f
t(setsb(200))
t(setsb(-129))
t(setsb(b'a'))
sc = memoryview(bytearray(b'ab')).cast('b')
sc[0] = -1
print(sc.obj, sc.tolist())
for f in [lambda: m.cast('x'), lambda: m.cast(1), lambda: m[::2].cast('B'), lambda: m.cast()]:
    t(f)

# iteration and in
m = memoryview(b'xyz')
print([x for x in m], 120 in m, 200 in m, list(reversed(m)), sorted(m), max(m))
t(lambda: b'x' in m)

# bytes-like in other places
print(b''.join([memoryview(b'a'), bytearray(b'b')]), b'abc'.startswith(memoryview(b'ab')), bytes(memoryview(b'q')), bytearray(memoryview(b'r')))
print(str(memoryview(b'caf\xc3\xa9'), 'utf-8'), memoryview(b'x').tobytes().decode())
