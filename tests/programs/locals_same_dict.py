# locals() returns the same dict on each call within one frame, refreshed.


def f():
    a = locals()
    x = 1
    b = locals()
    print(a is b, sorted(a))
    del x
    c = locals()
    print(c is a, sorted(c))
    print(vars() is a)
    a["extra"] = 5
    print(sorted(locals()))


f()


def g(**kw):
    return locals()


a = g(x=1)
b = g(x=2)
print(a, b, a is b)


def h(p):
    q = 2

    def inner():
        return p + q

    l = locals()
    print(sorted(l), l is locals(), l["p"], l["q"])
    return inner


h(1)


def gen():
    l = locals()
    yield sorted(l)
    y = 5
    yield locals() is l, sorted(l)


it = gen()
print(next(it))
print(next(it))
print(locals() is globals())
print(vars() is globals())
print([sorted(locals()) for i in range(2)])


def rec(n):
    d = locals()
    if n:
        inner = rec(n - 1)
        print(n, d is inner, d["n"], inner["n"])
    return d


rec(2)


def uses_dir():
    z = 1
    print(dir())
    return locals()


print(sorted(uses_dir()))


class C:
    k = 1
    print(sorted(locals()), locals() is locals())


def with_eval():
    v = 3
    print(eval("v + 1"), locals() is locals())


with_eval()
try:
    namme = 1

    def typo():
        return locals_  # noqa

    typo()
except NameError as e:
    print(type(e).__name__, e)
