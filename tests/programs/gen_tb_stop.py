def gen():
    yield 1
    return 7

g = gen()
next(g)
next(g)
