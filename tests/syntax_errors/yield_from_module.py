def f():
    pass
x = yield from f()
