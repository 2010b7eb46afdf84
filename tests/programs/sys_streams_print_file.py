import sys
sys.stdout.write('plain write\n')
n = sys.stdout.write('héllo\n')
print(n)
print('to stderr', 1, 2, file=sys.stderr)
sys.stderr.write('direct stderr\n')
print('a', 'b', sep='-', end='!\n', file=sys.stdout, flush=True)
print('none file', file=None)
class Collector:
    def __init__(self): self.parts = []
    def write(self, s): self.parts.append(s); return len(s)
    def flush(self): self.parts.append('<flush>')
c = Collector()
print('x', 42, [1], sep=', ', end='.\n', file=c, flush=True)
print(c.parts)
old = sys.stdout
sys.stdout = c
print('captured')
sys.stdout = old
print(c.parts[-2:])
sys.stdout.writelines(['l1\n', 'l2\n'])
print(repr(sys.stdout), repr(sys.stderr), repr(sys.stdin))
print(sys.stdout.fileno(), sys.stderr.fileno(), sys.stdin.fileno(), sys.stdin.readable(), sys.stdout.writable())
print(sys.stdout is sys.__stdout__)
for f in [lambda: sys.stdout.write(5), lambda: print(1, file=5), lambda: sys.stdout.write()]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
# Standard input is empty here (the test harness gives /dev/null).
print(repr(sys.stdin.readline()), sys.stdin.readlines(), repr(sys.stdin.read()))
for l in sys.stdin:
    print('iter', repr(l))
try:
    input('prompt> ')
except EOFError as e:
    print('EOFError', e)
try:
    input()
except EOFError as e:
    print('EOFError', e)
sys.stdout.flush()
