def gen():
    try:
        yield 1
    except GeneratorExit:
        yield 2

g = gen()
next(g)
g.close()
