import re
cases = [
 (r'(a(b)?)+', 'abaab'), (r'(a*)*', 'aaa'), (r'(a*)+', 'aaa'), (r'(a|ab)*c', 'abac'), (r'(?:(a)|(b))+', 'ab'),
 (r'(a+|b+)*', 'aabba'), (r'(a?)*?b', 'aab'), (r'((a)|b)*?c', 'abc'), (r'(?:a(?=b)|.)+', 'abac'),
 (r'(\w+)\s+\1', 'hello hello world'), (r'(?P<d>\d)(?P=d)+', '1223334'), (r'x(?=(\w+))', 'xabc'),
 (r'(?<=(a))b', 'ab'), (r'(?<=\d{3})x', '123x'), (r'(?<=ab|cd)x', 'cdx'), (r'(?<!\d)\d{2}(?!\d)', '123 45 6789'),
 (r'(a)(?:(?!\1).)*', 'abca'), (r'^(?:(\d+)\.)?(\d+)$', '12.34'), (r'(?s)a.*b', 'a\n\nb'), (r'a.*b', 'a\nb'),
 (r'[\s\S]+?b', 'xx\nb b'), (r'(?x)\d+ [ ] \w', '12 a'), (r'(?x)[ #]x', ' x'), (r'a{0}b', 'ab'), (r'(a){0}b', 'b'),
 (r'(?:a{2}){2}', 'aaaaa'), (r'(ab){1,2}?c', 'ababc'), (r'(?>(a+))b', 'aab'), (r'(?:x|(y))++z', 'xyxz'),
 (r'(?i)Σ+', 'σςΣ'), (r'(?i)[α-ω]+', 'ΑΒΓ'), (r'\d+(?:\.\d*)?(?:[eE][+-]?\d+)?', 'x=3.14e-10;'),
 (r'^$', ''), (r'$', 'abc\n'), (r'(?m)$', 'a\nb'), (r'\Z', 'a\n'), (r'(?m)^\s*#.*$', 'x\n  # c\ny'),
 (r'(a)|\1', 'b'), (r'(?:(a)|b)(?(1)c|d)', 'bd'), (r'(?P<a>a)?(?(a)b|c)d', 'cd'),
 (r'[-a]+', '-a-'), (r'[a\-z]+', 'a-z'), (r'[\]]+', ']]'), (r'[\\]+', '\\\\'), (r'[.^$*+?{}()|]+', '.^$*+?{}()|'),
 (r'[^\W\d]+', 'ab12cd'), (r'\x00\t', '\0\t'), (r'[\0-\x1f]+', '\x01\x02'), (r'\ca', 'ca') ,
]
for p, s in cases:
    try:
        m = re.search(p, s)
        print(repr(p), None if m is None else (m.group(), m.groups(), m.span(), m.lastindex))
        print('  all', re.findall(p, s), [x.span() for x in re.finditer(p, s)])
    except Exception as e:
        print(repr(p), type(e).__name__, e)
# a small tokenizer, as real programs use re
TOKEN = re.compile(r'''
    (?P<num>\d+(?:\.\d+)?)
  | (?P<name>[A-Za-z_]\w*)
  | (?P<op>[-+*/()=])
  | (?P<ws>\s+)
  | (?P<err>.)
''', re.VERBOSE)
for m in TOKEN.finditer('x1 = (3.5 + y) * 42 $'):
    if m.lastgroup != 'ws':
        print(m.lastgroup, repr(m.group()), m.start())
LOG = re.compile(r'^(?P<ip>\d{1,3}(?:\.\d{1,3}){3}) - - \[(?P<date>[^\]]+)\] "(?P<req>[A-Z]+ \S+)" (?P<status>\d{3})$', re.M)
text = '1.2.3.4 - - [10/Oct/2000:13:55:36] "GET /a.html" 200\nbad line\n10.0.0.1 - - [x] "POST /b" 404\n'
for m in LOG.finditer(text):
    print(m.groupdict())
print(re.sub(r'(?<=\d)(?=(\d{3})+(?!\d))', ',', '1234567890'))
print(re.sub(r'([A-Z])', lambda m: '_' + m.group(1).lower(), 'camelCaseName'))
print(re.split(r'[;,]\s*', 'a; b,c ,d'))
print([w for w in re.split(r'\W+', 'Hello, world! How are you?') if w])
print(re.findall(r'"([^"\\]*(?:\\.[^"\\]*)*)"', r'say "hi \"there\"" and "bye"'))
