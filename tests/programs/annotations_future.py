from __future__ import annotations

import sys

x: int = 3
y: undefined_name
z: list[int] = [1]
w: 'Optional[int]'
v: "it's"
u: dict[str, list[tuple[int, ...]]]
t: int | None = None
s: Callable[[int, str], bool]
r: a.b.c[d]
q: (int, str)
p: tuple[()]
o: x[1:2, ::3, :]
n: -1 + 2 * (3 - 4) ** -5 ** 6
m: not a and (b or c) and d if e else f
l: [1, 2.5, 1e400, 2j, 1e400j, b'x\n', 'a\tb', None, True, ...]
k: {1: 2, **extra}
j: {1, 2}
h: f(1, *a, k=2, **kw)
g: f(x for x in y if x)
ff: [a for a in b for c in d if c]
ee: {k: v for k, v in m}
dd: 1 .real
cc: a < b <= c is not d not in e
bb: ~a << 2 | b & c ^ d >> 1
aa: (a, b)[0]
ab: x[1,]
ad: 0x10 + 0o7 + 1_000
ae: 'a' 'b'
af: (1, 2) + (3,)
ag: a @ b // c % d / e
ai: {**a, 'b': 1}
aj: (-1) ** 2
ak: -1 ** 2
al: (a if b else c) if d else e
am: a if (b if c else d) else e
print(__annotations__)
for k, v in __annotations__.items():
    print(k, repr(v))

class C:
    a: int
    b: 'str' = 'b'
    c: C = None
    def m(self, other: C, *args: int, flag: bool = False, **kw: dict[str, C]) -> list[C]:
        inner: undefined = 1
        return [inner]

print(C.__annotations__)
print(C.m.__annotations__)
print(C().m(None))

def f(a, b: int = 1, /, c: 'x' = 2, *, d: undefined) -> None: pass
print(f.__annotations__)
def g(): pass
print(g.__annotations__)

class O: pass
obj = O()
obj.attr: undefined_name = 5
print(obj.attr)
d = {}
d['k']: undefined_name
d['k']: undefined_name = 6
print(d)
(paren): undefined_name = 7
print(paren)
print('paren' in __annotations__)
