def gen():
    yield g.send(None)

g = gen()
next(g)
