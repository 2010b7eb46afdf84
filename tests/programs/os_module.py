import os
p = os.path
for a in [('a', 'b'), ('a/', 'b'), ('/x', 'y', '/z', 'w'), ('', 'a'), ('a', '')]:
    print(p.join(*a))
for s in ['a/b/c.txt', '/a/b/', 'c.tar.gz', '.bashrc', 'a/.hidden', 'noext', '/', '', 'a//b', '...', 'a/b.', '//x', 'x/..']:
    print(repr(s), p.basename(s), p.dirname(s), p.split(s), p.splitext(s), p.normpath(s), p.isabs(s))
d = 'tmp_os_%d' % os.getpid()
os.mkdir(d)
print(p.isdir(d), p.isfile(d), p.exists(d), p.exists(d + '/nope'))
with open(p.join(d, 'f.txt'), 'w') as f:
    f.write('12345')
print(p.getsize(p.join(d, 'f.txt')), os.listdir(d), p.isfile(p.join(d, 'f.txt')))
os.rename(p.join(d, 'f.txt'), p.join(d, 'g.txt'))
print(os.listdir(d))
for bad in [lambda: os.remove(p.join(d, 'nope')), lambda: os.mkdir(d), lambda: os.rmdir('no_such_dir_x'), lambda: os.listdir('no_such_dir_x')]:
    try:
        bad()
    except OSError as e:
        print(type(e).__name__, e.errno, str(e).replace(d, 'D'))
try:
    os.rmdir(d)
except OSError as e:
    print(type(e).__name__, e.errno, str(e).replace(d, 'D'))
os.remove(p.join(d, 'g.txt'))
os.rmdir(d)
print(p.exists(d), os.sep, os.linesep == '\n', os.name, 'PATH' in os.environ, os.getenv('NO_SUCH_VAR_X', 'dflt'), p.abspath('x') == p.join(os.getcwd(), 'x'))
