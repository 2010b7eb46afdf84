import re
def show(f, *a, **k):
    try:
        r = f(*a, **k)
        print(repr(r))
    except Exception as e:
        print(type(e).__name__ + ':', e)

# syntax
pats = [r'a.c', r'a.c', r'[^abc]+', r'[a-z0-9_]+', r'[\d\s]+', r'[]a]', r'[^]a]', r'[a-]', r'\x41\u0042\U00000043', r'\N{LATIN SMALL LETTER A}',
        r'\0', r'\101', r'\n\t', r'a{2}', r'a{2,}', r'a{,2}', r'a{2,3}', r'a{2,3}?', r'a{,}', r'x{', r'x{a}', r'x{1,a}', r'(?#comment)ab',
        r'(?:ab)+', r'(a)(b)\2\1', r'(?P<x>a)(?P=x)', r'\Aab\Z', r'ab$', r'\Bb', r'(?s).+', r'.+', r'(?x) a b # comment\n c',
        r'(?i:A)a', r'(?i)(?-i:A)a', r'(a|ab)(c|bcd)(d*)', r'(a*)*', r'(a*)+b', r'(?=ab)a', r'(?!ab)a', r'(?<=x)y', r'(?<!x)y',
        r'a++', r'a?+b', r'(?:ab)*+', r'\w+?', r'a*?b', r'(a)|(b)', r'((a)b)', r'(?a)\w+', r'\W+', r'\S+', r'\D+', r'[\w-]+']
subjects = ['abc', 'aac', 'xyz', 'a_b9 c', ' 1 2', ']a', 'b]', 'a-', 'ABC', 'a', '\0', 'A', '\n\t', 'aaaa', 'ab', 'abab', 'abba',
            'aa', 'abcd', 'xy', 'y', 'é', 'héllo wörld', 'ÀÉ', '٣4', '\u00a0 \t', 'abcbcd', 'aab', 'bab']
for p in pats:
    try:
        c = re.compile(p)
    except Exception as e:
        print(p, type(e).__name__, e)
        continue
    out = []
    for s in subjects:
        m = c.search(s)
        out.append(None if m is None else (m.span(), m.groups()))
    print(p, c.groups, out)
    print(' findall', [c.findall(s) for s in subjects[:12]])

# case-insensitive, unicode
print(re.findall('(?i)straße', 'STRAßE strasse'))
print(re.match('(?i)[a-z]+', 'HeLLo').group())
print(re.match('(?i)[^a-z]+', 'HeLLo'))
print(re.match('(?i)ǆ', 'ǅ'), re.match('(?i)k', '\u212a'))
print(re.findall(r'(?i)\u00e9', 'ÉéE'))
print(re.findall(r'\d', '١٢3'), re.findall(r'(?a)\d', '١٢3'))
print(re.findall(r'\w+', 'naïve café x_1'), re.findall(r'(?a)\w+', 'naïve café'))
print(re.findall(r'\s', ' \t\n\x0b\x0c\r\x1c\x85\u3000'), re.findall(r'(?a)\s', ' \x1c\x85'))
print(re.findall(r'\b\w', 'héllo wörld'))
print(re.search(r'\b', ''), re.search(r'\B', ''), re.search(r'\B', 'a'))
# positions
p = re.compile(r'\w+')
print(p.search('ab cd ef', 3), p.search('ab cd ef', 3, 4), p.match('ab cd', 1), p.fullmatch('ab cd', 3), p.search('abc', 10), p.search('abc', -5))
print(re.compile('^a').search('ba', 1), re.compile('(?m)^a').search('b\na', 1), re.compile('a$').search('ab', 0, 1))
print(re.compile(r'(?<=a)b').search('ab', 1))
# nested groups & lastindex
for pat, s in [(r'(a)(b)', 'ab'), (r'((a)b)', 'ab'), (r'(a)|(b)', 'b'), (r'(a)?b', 'b'), (r'(?:(a)|b)*', 'ab'), (r'(a|b)*', 'abba'), (r'(x)?y', 'y')]:
    m = re.match(pat, s)
    print(pat, m.groups(), m.lastindex, m.regs)
m = re.match(r'(?P<a>x)(?P<b>y)?', 'x')
print(m.groupdict(), m.groupdict('-'), m.groups('-'), m.lastgroup, m.span('b'), m.start(2), m.end('a'))
show(m.group, 3); show(m.group, 'zz'); show(m.__getitem__, 5); show(m.span, 9)
print(m.group(0, 'a', 2), m[0], m['a'], bool(m), m.re, m.string, m.pos, m.endpos)
print(repr(m), repr(re.match(b'a.', b'abc')), repr(re.match('', 'x')))
print(m.expand(r'<\1\g<b>\g<a>\n>'))
# conditionals
for s in ['<a>', 'a', '<a', 'a>']:
    print(s, re.fullmatch(r'(<)?a(?(1)>|)', s))
print(re.match(r'(?P<q>")?x(?(q)")', '"x"'))
# backrefs with ignorecase
print(re.match(r'(?i)(a)\1', 'aA'), re.match(r'(a)\1', 'aA'))
# flags values
print(int(re.I), int(re.M), int(re.S), int(re.X), int(re.A), int(re.U), int(re.NOFLAG), int(re.I | re.M), re.IGNORECASE == 2, re.I | re.M == 10)
print(re.compile('x', re.X | re.S).flags, re.compile(b'x').flags, re.compile('(?i)x').flags, re.compile('x', re.A).flags)
print(re.compile('a') == re.compile('a'), re.compile('a') == re.compile('a', re.I), re.compile('a') != re.compile('b'))
print(re.compile(r'(?P<n>a)(b)').groupindex, re.compile('(a)(b)(?:c)').groups, re.compile('ab').pattern)
print(re.escape('a.b*c?d[e]f{g}h(i)j|k^l$m\\n o#p&q~r-s_t'), re.escape(b'a.b c'))
print(re.compile('a', re.I | re.M | re.S | re.X | re.A))
print(re.compile(b'a', re.I | re.L))
print(re.compile('(?u)a'), re.compile('.'*300))
# VERBOSE: whitespace and comments outside sets, escaped ones kept
print(re.findall(r'(?x) a \  b \# c [ #] ', 'a b# c # a b# c#'))
print(re.match(r'''(?x)
    (\d+)   # number
    \s*     # space
    ([a-z]+) # word
''', '12 abc').groups())
print(re.compile('(?x)a#b\nc').match('ac'))
print(re.match(r'(?x)a{2 }', 'aa'), re.match(r'(?x)a{ 2}', 'a{2}'))
print(re.match(r'(?x)(?-x: a) b', ' ab'))
print(re.match(r'a(?x: b c)d', 'abcd'))
print(re.match(r'(?x)[a-c ]+', 'ab c'))
