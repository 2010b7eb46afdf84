# A generator's own value stack holds just its values and operands while
# it is suspended; what it does when resumed must find room all the same:
# deep calls and recursion from inside the generator, deep expressions,
# nested generators and `yield from` chains, resumed both by `for` and by
# builtins (list, sum, join), sent values and thrown exceptions.


def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)


def calls_deeply(k):
    for i in range(k):
        yield depth(200 + i)


print(list(calls_deeply(3)), sum(calls_deeply(4)))
for v in calls_deeply(2):
    print(v)


def wide(n):
    for i in range(n):
        yield [i, i + 1, (i, i * 2, [i, i, i, (i, i, i, i, [i, i, i, i, i])]),
               {i: i, i + 1: [i, i, (i, (i, (i, (i, (i,)))))]}]


print(list(wide(2)))


def tree(n):
    if n:
        yield from tree(n - 1)
        yield n
        yield from tree(n - 1)


print(list(tree(4)), sum(tree(10)))


def echo():
    got = None
    while True:
        try:
            got = yield depth(50) + (0 if got is None else got)
        except ValueError as e:
            got = len(str(e))


g = echo()
print(next(g), g.send(5), g.throw(ValueError("abcd")), g.send(1))
g.close()
print(" ".join(str(depth(i)) for i in range(5)))
print(" ".join(w.upper() for w in "a b c".split()), any(x > 3 for x in range(10)))


def recursive_gen(n):
    yield n
    if n:
        for v in recursive_gen(n - 1):
            yield v


print(sum(recursive_gen(300)))
