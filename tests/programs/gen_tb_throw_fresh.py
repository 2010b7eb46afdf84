def gen():
    yield 1

g = gen()
g.throw(ValueError)
