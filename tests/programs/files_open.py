import os
# Works in a scratch directory of its own (the corpus runs programs in
# parallel), removed at the end.
scratch = 'tmp_files_%d' % os.getpid()
os.mkdir(scratch)
os.chdir(scratch)
# Runs in a scratch directory; every file is removed at the end.
with open('t1.txt', 'w') as f:
    print(f.write('line one\n'), f.write('línea dos\r\nthree\rfour'), f.closed, f.name, f.mode)
    print(repr(f))
print(f.closed)
with open('t1.txt') as f:
    print(repr(f.read()))
with open('t1.txt', newline='') as f:
    print(f.readlines())
with open('t1.txt', 'rb') as f:
    data = f.read()
    print(type(data).__name__, len(data), repr(f))
with open('t1.txt') as f:
    print(repr(f.readline()), f.tell(), repr(f.read(3)), repr(f.readline()))
    for line in f:
        print('iter', repr(line))
    print(repr(f.readline()), repr(f.read()))
with open('t1.txt', 'a') as f:
    f.writelines(['\nappended', ' more\n'])
with open('t1.txt', encoding='utf-8') as f:
    lines = [l.rstrip('\n') for l in f]
print(lines, len(lines))
f = open('t1.txt')
print(f.read(4), f.tell())
f.seek(0)
print(repr(f.readline()))
f.close()
try:
    f.read()
except ValueError as e:
    print('ValueError', e)
with open('bin.dat', 'wb') as b:
    print(b.write(b'\x00\x01\xff'), repr(b))
with open('bin.dat', 'rb') as b:
    print(b.read(2), b.read(), b.read(), b.tell())
with open('t2.txt', 'x') as f:
    f.write('new')
for bad in [lambda: open('missing_file.txt'), lambda: open('t2.txt', 'x'), lambda: open('.', 'r'), lambda: open('t1.txt', 'rw'), lambda: open('t1.txt', 'q'), lambda: open('t1.txt', 'rb', encoding='utf-8'), lambda: open(3.5), lambda: open('t1.txt', 'r', encoding='klingon'), lambda: open('t1.txt').write('x'), lambda: open('t2.txt', 'w').read(), lambda: open('t1.txt', 'w').write(5), lambda: open('bin.dat', 'wb').write('s')]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e, getattr(e, 'errno', None), getattr(e, 'filename', None))
try:
    open('missing_file.txt')
except FileNotFoundError as e:
    print(e.errno, e.strerror, e.filename, isinstance(e, OSError))
with open('lat.txt', 'w', encoding='latin-1') as f:
    f.write('café')
with open('lat.txt', 'rb') as f:
    print(f.read())
with open('lat.txt', encoding='latin-1') as f:
    print(f.read())
try:
    with open('lat.txt') as f:
        f.read()
except UnicodeDecodeError as e:
    print('UnicodeDecodeError', e)
with open('lat.txt', errors='replace') as f:
    print(f.read())
for name in os.listdir('.'):
    os.remove(name)
os.chdir('..')
os.rmdir(scratch)
print(os.path.exists(scratch))
