"""Annotations evaluated as CPython 3.11 evaluates them (no future import)."""
log = []


def note(v, tag):
    log.append(tag)
    return v


x: note(int, 'x') = note(3, 'x-value')
y: note(str, 'y')
print(log)
print(__annotations__)
print('y' in globals(), x)

if x > 100:
    never: int = 1
for i in range(2):
    loop_var: note(float, 'loop') = i
print(__annotations__)


class Obj:
    pass


o = Obj()
log.clear()
note(o, 'target').attr: note(int, 'ann') = note(1, 'value')
print(log, o.attr)
log.clear()
d = {}
note(d, 'd')[note('k', 'key')]: note(int, 'ann')
print(log, d)
log.clear()
note(d, 'd')[note(1, 'lo'):note(2, 'hi'), note(3, 'i')]: note(int, 'ann')
print(log)
log.clear()
note(o, 'obj').other: note(int, 'ann')
print(log, hasattr(o, 'other'))
(paren): note(int, 'paren-ann') = 4
print(log, 'paren' in __annotations__)


class C:
    a: int
    b: 'str' = 'b'
    __private: list = []
    c: note(dict, 'class-c')

    def method(self, v: int) -> 'C':
        local: note(int, 'never') = v
        other: undefined_name
        return local


print(C.__annotations__)
print(C().method(5), log[-1])
print(C.method.__annotations__)
print('__annotations__' in C.__dict__)


class NoAnn:
    def f(self): pass


print('__annotations__' in NoAnn.__dict__)


def f(a: int, b: str = 'b', /, c: list[int] = None, *args: tuple, d: float, e=1, **kw: dict) -> bool:
    return True


print(f.__annotations__)
print(list(f.__annotations__))


def plain(a, b=1):
    pass


print(plain.__annotations__, plain.__annotations__ is plain.__annotations__)
plain.__annotations__['a'] = int
print(plain.__annotations__)
plain.__annotations__ = {'z': 1}
print(plain.__annotations__)
plain.__annotations__ = None
print(plain.__annotations__)
del plain.__annotations__
print(plain.__annotations__)
try:
    plain.__annotations__ = [1]
except TypeError as e:
    print('TypeError', e)
print((lambda q: q).__annotations__)

log.clear()


def ordered(p: note(1, 'p'), *, k: note(2, 'k') = note(0, 'default')) -> note(3, 'ret'):
    pass


print(log, ordered.__annotations__)


def outer():
    T = int

    def inner(v: T) -> T:
        return v
    return inner


print(outer().__annotations__)

try:
    def bad(v: undefined_name):
        pass
except NameError as e:
    print('NameError', e)

try:
    class Bad:
        z: also_undefined
except NameError as e:
    print('NameError', e)

try:
    bad_module_level: not_defined_either = 1
except NameError as e:
    print('NameError', e)
print('bad_module_level' in globals())

__annotations__ = {}
late: int = 1
print(__annotations__)
del __annotations__
try:
    later: int = 2
except NameError as e:
    print('NameError', e)
print(later)
