import re
def show(f, *a, **k):
    try:
        r = f(*a, **k)
        print(repr(r))
    except re.error as e:
        print('re.error:', e, '|', repr(e.msg), e.pos, e.lineno, e.colno, repr(e.pattern))
    except Exception as e:
        print(type(e).__name__ + ':', e)

# errors
bad = ['a(b', 'a)b', '*a', 'a**', 'a*??', '(?:)*', '^*', r'\b+', '[a', '[a-', '[]', r'[\w-a]', '[z-a]', r'\q', r'[\q]', '\\', r'\x4', r'\u12', r'\U0011ffff',
       r'\N{NOPE}', r'\N', r'\N{', r'(?P<x>a)(?P<x>b)', '(?P<1x>a)', '(?P<>a)', '(?P<a', '(?P=y)', '(?P=a)', r'(a)\2', r'\9', r'(a\1)', r'(?P<a>a(?P=a))',
       '(?<=a+)b', '(?<!a|bc)d', '(?<=(a)|bc)d', 'a{3,1}', 'a{99999999999}', '(?', '(?Q)', '(?P', '(?Px)', '(?<x)', '(?#abc', '(?i', '(?i-', '(?-', '(?-z:a)',
       '(?z)', '(?i-i:a)', 'a(?i)b', '(?a-a:x)', '(?au)x', '(?(1)a|b)', '(?(x)a)', '(?(1a)a)', '(?(0)a)', '(a)(?(1)a|b|c)', '(?(1', r'\400', '[\\400]',
       'x\ny(', 'a\n\nb)', '(?x)a # (\nb(', '(?<=\\1)(a)', '(a)(?<=\\1)', r'[a-\d]', 'a|*', '()*+', '(?=a)*', r'\A*']
for p in bad:
    show(re.compile, p)
show(re.compile, b'\xe9(')
show(re.compile, b'\\\xe9')
e = re.error('boom')
print(e, e.msg, e.pattern, e.pos, e.lineno, e.colno)
e = re.error('boom', 'ab\ncd', 4)
print(e, e.lineno, e.colno, isinstance(e, Exception), re.error.__name__, re.error.__module__)
for p in ['(?P<a>x)(?P=a', '(?P=', '(?P<a>x)(?P=a!)', '[a-b-c]', '(?x)[a b]#(', '(?x)a(?-x: )b', 'a{,', 'a{1,2', '(?i:', '(?-i)', '(?i-:a)',
          '(?<', '(?<=', '(?(', '(?()a)', '(?(a', r'\g<1>', r'[\A]', r'[\b]x', r'\N{LATIN SMALL LETTER B}', '(?t)a', r'(?<=a(?P=x))(?P<x>a)']:
    show(re.compile, p)
show(re.compile, 'a', 1 << 20)
show(re.compile, 'a', 'i')
show(re.sub, '(a)', r'\g<-1>', 'a')
show(re.sub, '(a)', r'x\g<1', 'a')
show(re.sub, '(a)', r'\1\g<0>\g<01>', 'a')
show(re.sub, '(a)', '\\9', 'a')
show(re.sub, '(?P<n>a)', r'\g<n>\g<n2>', 'a')
show(re.sub, '(a)', 'x\ny\\z', 'a')
try:
    re.compile('ab\ncd(ef')
except re.error as e:
    print(e.args, e.msg, e.pos, e.lineno, e.colno, e.pattern)
try:
    re.compile(b'ab\n(')
except re.error as e:
    print(e.args, e.msg, e.pos, e.lineno, e.colno, e.pattern)
try:
    raise re.error('custom', 'pat', 1)
except Exception as e:
    print(type(e).__name__, e, e.pos, e.colno)
