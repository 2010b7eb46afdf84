def gen(n):
    for i in range(n):
        yield 10 // (n - i - 1)

def consume():
    return [x for x in gen(3)]

print(consume())
