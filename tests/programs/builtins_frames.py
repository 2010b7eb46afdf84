# globals(), locals(), vars(), dir() without an argument.
x = 5
print(sorted(k for k in globals() if not k.startswith('__')))
print(globals() is locals(), vars() is globals())
print([n for n in dir() if not n.startswith('__')])


def f(a, b=2):
    c = a + b

    def g():
        return a

    print(sorted(locals()), locals()['c'])
    print(dir())
    print(sorted(vars()))
    print(globals()['x'], globals() is globals())


f(1)


def outer():
    q = 10
    unbound_yet = None
    del unbound_yet

    def inner():
        r = 1
        print(locals(), q)

    inner()
    print(sorted(locals()))


outer()


class C:
    y = 1
    print(sorted(k for k in locals() if not k.startswith('__')))
    z = eval("y + 1")


print(C.z)
print([n for n in dir(C) if not n.startswith('__')])

for bad in ["globals(1)", "locals(1)", "dir(1, 2)", "vars(1, 2)", "vars(1)", "locals(x=1)"]:
    try:
        eval(bad)
    except TypeError as e:
        print(bad, "->", type(e).__name__, e)

lc = [locals() for i in range(1)]
print(sorted(lc[0]))
