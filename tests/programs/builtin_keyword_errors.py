# Keyword-argument errors of built-in functions and methods use the wording
# of CPython's C argument parsers, not a Python function's.
cases = [
    lambda: sum([1], key=1),
    lambda: min([1], foo=1),
    lambda: max([1], foo=1),
    lambda: sorted([], foo=1),
    lambda: [].sort(foo=1),
    lambda: print(foo=1),
    lambda: int('1', foo=1),
    lambda: int(x='1'),
    lambda: round(1.5, foo=1),
    lambda: 'a'.split(foo=1),
    lambda: enumerate([], foo=1),
    lambda: zip([], foo=1),
    lambda: {}.get(1, foo=1),
    lambda: dict(a=1).pop('a', foo=1),
    lambda: [].index(1, foo=1),
    lambda: (1, 2).count(1, foo=1),
    lambda: 'a'.ljust(3, foo=1),
    lambda: 'a'.replace('a', 'b', foo=1),
    lambda: len([], foo=1),
    lambda: float(x=1),
]
for i, f in enumerate(cases):
    try:
        print(i, f())
    except TypeError as e:
        print(i, e)
print(sum([1], start=2), round(number=1.5), 'x,y'.split(sep=','))
