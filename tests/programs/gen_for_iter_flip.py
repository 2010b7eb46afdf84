# FOR_ITER sites that see generators and then other iterators (and back):
# the FOR_ITER_GEN form's guard and its miss path.
def gen(n):
    for i in range(n):
        yield i


def consume(it):
    total = 0
    for x in it:
        total += x
    return total


results = []
for round in range(30):
    if round % 3 == 0:
        results.append(consume([round, 1]))
    elif round % 3 == 1:
        results.append(consume(gen(round)))
    else:
        results.append(consume(x for x in range(round)))
print(results)


def fails():
    yield 1
    raise ValueError("inside")


for attempt in range(12):
    try:
        consume(fails() if attempt % 2 else iter([attempt]))
    except ValueError as e:
        results.append(str(e))
print(results[-12:])
