def inner():
    yield 1
    raise ValueError("from inner")

def outer():
    yield from inner()

for v in outer():
    print(v)
