# The re module's API: Pattern and Match objects, their attributes,
# methods, reprs, equality, positions and argument errors.
import re


def show(f, *a, **k):
    try:
        print(repr(f(*a, **k)))
    except Exception as e:
        print(type(e).__name__ + ':', e)


p = re.compile(r'(?P<key>\w+)=(?P<val>\d*)(;)?')
print(p, p.pattern, p.flags, p.groups, sorted(p.groupindex.items()))
print(type(p).__name__, type(p) is re.Pattern, isinstance(p, re.Pattern))
m = p.search('  alpha=42; beta=')
print(type(m).__name__, isinstance(m, re.Match), bool(m))
print(m, m.group(), m.group(0), m.group(1), m.group('val'), m.group(1, 'val', 3))
print(m[0], m[1], m['key'], m.groups(), m.groups('?'), m.groupdict(), m.groupdict(0))
print(m.start(), m.end(), m.span(), m.start(3), m.end('val'), m.span('key'), m.span(3))
print(m.pos, m.endpos, m.lastindex, m.lastgroup, m.re is p, m.string, m.regs)
print(m.expand(r'\g<val>:\1\\\n|'), m.expand(r'[\3]'))
show(m.group, 4)
show(m.group, -1)
show(m.group, 'nope')
show(m.start, 'nope')
show(lambda: m[7])
show(lambda: m['x'])
show(m.groups, 1, 2)
show(m.expand, r'\4')
show(m.expand, r'\g<nope>')
show(lambda: m.nope)
show(lambda: p.nope)
m2 = p.search('  alpha=42; beta=', 11)
print(m2, m2.groups(), m2.lastindex, m2.lastgroup, m2.pos, m2.endpos)
print(p.search('x=1;y=2', 0, 3), p.match('x=1;y=2', 4), p.fullmatch('x=1;y=2', 4), p.fullmatch('x=1;', 0, 3))
print(p.findall('a=1;b=2 c=3'), p.findall('a=1;b=2 c=3', 4), p.findall('a=1;b=2 c=3', 0, 5))
print([x.group('key') for x in p.finditer('a=1;b=2 c=3')])
print(p.sub(r'\2=\1', 'a=1;b=2 c=3'), p.subn('', 'a=1;b=2 c=3'), p.split('a=1;b=2 c=3'), p.split('a=1;b=2', 1))
print(re.compile('a', re.I), re.compile(r'\d', re.M | re.S), re.compile('x', re.VERBOSE | re.ASCII), re.compile(b'x', re.I))
print(repr(re.compile("it's")), repr(re.compile('say "x"')), repr(re.match(r'.', '\n', re.S)), repr(re.match('é+', 'ééa')))
print(re.compile('ab') == re.compile('ab'), re.compile('ab') != re.compile('ab', re.I), re.compile('ab') == 'ab', re.compile(b'ab') == re.compile('ab'))
print(hash(re.compile('ab')) == hash(re.compile('ab')), {re.compile('q'): 1}[re.compile('q')])
print(re.compile(re.compile('zz')).pattern, re.compile('zz').match('zz').re.pattern)
print(re.search('c', 'abc').span(), re.match('c', 'abc'), re.fullmatch('abc', 'abc').span(), re.fullmatch('ab', 'abc'))
print(re.match('', ''), re.search('$', 'ab'), re.match('a*', 'bbb'))
print(re.purge(), re.escape('1.5*x'), re.escape('naïve\u2028'))
print(re.I == re.IGNORECASE, re.M == re.MULTILINE, re.S == re.DOTALL, re.X == re.VERBOSE, re.A == re.ASCII, re.U == re.UNICODE)
print(int(re.I | re.S), int(re.M & re.M), re.NOFLAG == 0)
for name in ['compile', 'match', 'search', 'fullmatch', 'findall', 'finditer', 'sub', 'subn', 'split', 'escape', 'purge', 'error', 'Pattern', 'Match']:
    print(name, hasattr(re, name))
show(re.search)
show(re.search, 'a', 'b', 0, 1)
show(re.sub, 'a', 'b')
show(re.split, 'a', 'b', maxsplit=1, flags=0, x=1)
show(re.compile('a').search, 'a', 'b')
show(re.compile('a').search)
show(re.compile('a').sub, 'x')
show(re.compile('a').split, 'a', 1, 2)
show(re.compile('a').findall, 'a', pos='x')
# keyword arguments
print(re.sub(pattern='a', repl='b', string='aa', count=1), re.split(pattern=',', string='a,b', maxsplit=1))
print(re.compile('a').search(string='ba', pos=1), re.compile('a').sub(repl='x', string='aa', count=1))
print(re.findall('A', 'aA', flags=re.I), re.match(string='x', pattern='x').span())
