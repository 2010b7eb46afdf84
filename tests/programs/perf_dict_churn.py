# Deleting from a dict costs the same wherever the key is: each of these
# loops is quadratic if a deletion moves the entries after it (the corpus
# timeout then stops the program). Results are checked, not timed.

def oldest_first(n):
    d = {}
    for i in range(n):
        d[i] = i * 2
    total = 0
    for i in range(n):
        total += d.pop(i)
    return len(d), total


def del_oldest_first(n):
    d = {str(i): i for i in range(n)}
    for i in range(n):
        del d[str(i)]
    return len(d)


def queue(n, width):
    # A sliding window: add the newest key, drop the oldest.
    d = {}
    total = 0
    for i in range(n):
        d[i] = i
        if i >= width:
            total += d.pop(i - width)
    return len(d), total, list(d)[:3], next(iter(d))


def halves(n):
    d = dict.fromkeys(range(n), 0)
    for i in range(0, n, 2):
        del d[i]
    keys = list(d)
    for k in keys[: len(keys) // 2]:
        del d[k]
    return len(d), keys[len(keys) // 2], next(iter(d))


def popitems(n):
    d = {i: -i for i in range(n)}
    last = None
    while d:
        last = d.popitem()
    return last


def iterate_after_deletes(n):
    d = {}
    for i in range(n):
        d[i] = i
    for i in range(n - 5):
        del d[i]
    return list(d.items()), sum(d)


print(oldest_first(400_000))
print(del_oldest_first(200_000))
print(queue(400_000, 10))
print(halves(300_000))
print(popitems(200_000))
print(iterate_after_deletes(300_000))
