import re
def show(f, *a, **k):
    try:
        r = f(*a, **k)
        print(repr(r))
    except re.error as e:
        print('re.error:', e, '|', repr(e.msg), e.pos, e.lineno, e.colno, repr(e.pattern))
    except Exception as e:
        print(type(e).__name__ + ':', e)

# bytes
show(re.findall, rb'\w+', b'hello w\xe9rld')
show(re.sub, rb'(\w)', rb'<\1>', b'ab')
show(re.split, rb'\s', b'a b\tc')
show(re.match, rb'(?i)abc', b'ABC')
show(re.match, rb'(?i)\xe9', b'\xc9')
show(re.match, rb'\x41', b'A')
show(lambda: re.match(rb'(a)(b)', b'ab').groups())
show(re.compile, rb'\u0041')
show(re.compile, rb'(?u)a')
show(re.compile, '(?L)a')
show(re.compile, 'a', re.A | re.U)
show(re.compile, 'a', re.L)
show(re.compile, rb'\N{DIGIT ONE}')
show(re.match, 'a', b'a')
show(re.match, b'a', 'a')
show(re.match, 'a', 5)
show(re.compile, 5)
show(re.compile, re.compile('a'), re.I)
show(lambda: re.compile(re.compile('a')).pattern)
show(re.sub, b'a', 'x', b'a')
show(re.sub, b'a', lambda m: 'x', b'a')
show(re.match, 'a', bytearray(b'a'))
show(re.search, rb'b', memoryview(b'ab'))
show(re.escape, 5)
show(re.match, 'a')
show(re.compile('a').match)
show(re.compile('a').match, 'a', 0, 1, 2)
show(re.compile('a').match, 'a', foo=1)
