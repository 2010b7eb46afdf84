import re
# pathological / deep: must not crash
print(len(re.match('(a|b)*', 'ab' * 50000).group()))
print(re.match('(?:a+)+b', 'a' * 22) is None)
print(len(re.sub('a', 'bb', 'a' * 100000)))
print(len(re.findall(r'(\w)(\d)?', 'x' * 50000)))
print(re.fullmatch(r'((?:a|b)*?c)*', 'ab' * 20000 + 'c') is not None)
print(len(re.split(r'\s+', ' '.join(['w'] * 30000))))
print(re.search(r'(x+x+)+y', 'x' * 18) is None)
deep = '(' * 200 + 'a' + ')' * 200
print(re.match(deep, 'a').span(), re.compile(deep).groups)
print(re.match(r'(?:(a)|b){1000}', 'ab' * 500).span())
print(re.match(r'a{5000}', 'a' * 5000).end(), re.match(r'(?:ab){2,}?', 'ababab').group())
# patterns nested deeper than CPython's recursive parser can go
for n in (495, 496, 100000):
    for t in ('(', '(?:', '(?=', '(?<='):
        try:
            r = re.compile(t * n + 'a' + ')' * n)
            print(n, t, 'ok', r.groups)
        except RecursionError as e:
            print(n, t, 'RecursionError', e)
        except re.error as e:
            print(n, t, 're.error', e)
