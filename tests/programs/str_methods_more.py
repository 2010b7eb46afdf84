def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
s = 'key=value=more'
print(s.partition('='), s.rpartition('='), s.partition('#'), s.rpartition('#'))
t(lambda: s.partition(''))
t(lambda: s.partition(1))
t(lambda: s.partition())
print('a\nb\r\nc\rd\x0be\x1cf\u2028g\n'.splitlines(), 'a\nb\r\n'.splitlines(True), ''.splitlines(), '\n'.splitlines(), 'x'.splitlines(keepends=True))
print('a b  c '.rsplit(), 'a,b,c'.rsplit(',', 1), ' a b c'.rsplit(None, 1), 'a,,b'.rsplit(','), 'abc'.rsplit('b', 0), '  '.rsplit())
print('hello'.rindex('l'), 'prefix_name'.removeprefix('prefix_'), 'name.py'.removesuffix('.py'), 'x'.removeprefix('y'), 'é'.isascii(), 'a'.isascii())
t(lambda: 'abc'.rindex('z'))
t(lambda: 'abc'.removeprefix(1))
print('a\tbc\td\n\te'.expandtabs(), repr('x\ty'.expandtabs(4)), repr('\t'.expandtabs(0)))
for f in [lambda: 'a'.split(1), lambda: 'a'.replace(1, 'b'), lambda: 'a'.center(3, 1), lambda: 'a'.center(3, 'ab'), lambda: 'a'.find(1), lambda: 'a'.count(1)]:
    t(f)
for f in [lambda: 'a\tb'.expandtabs(10**12), lambda: 'a\tb'.expandtabs(2**62), lambda: 'a\tb'.expandtabs(10**30), lambda: 'ab'.expandtabs(-3)]:
    t(f)
