def gen():
    yield 1
    next(iter(()))

for x in gen():
    print(x)
