# Loops over lists that the JIT enters while they run (on-stack
# replacement at the loop header, with the list iterator on the stack):
# compiled code iterates the list by index from where the iterator was,
# sees the list grow and shrink, hands a fresh iterator back when it
# leaves mid-loop, and leaves alone an iterator something else holds.


class L(list):
    pass


def main():
    data = list(range(3000))
    total = 0
    for x in data:
        total += x
        if x == 2000:
            data.append(-5)
            data.append(-7)
        if x == 2500:
            del data[2600:2700]
    print(total, len(data))

    # An outer loop around the entered one: the next rounds' iterators
    # are made by compiled code.
    rows = [[i, i + 1, i + 2] for i in range(400)]
    acc = 0
    for _ in range(8):
        for r in rows:
            acc += r[0] * r[2] - r[1]
    print(acc)

    # The element type changes mid-loop: the code leaves, the interpreter
    # goes on with an iterator at the right place.
    mixed = [1] * 2500 + [1.5] + [2] * 10 + ["x"]
    s = 0
    n = 0
    for v in mixed:
        if isinstance(v, str):
            n += 1
            continue
        s += v
    print(s, n)

    # An iterator the program also holds: not the stack's alone.
    it = iter(list(range(3000)))
    for v in it:
        if v == 2500:
            break
    print(next(it), next(it))
    for v in it:
        pass
    print(v)

    # A list subclass and a tuple: iterated through their own iterators.
    sub = L(range(3000))
    t2 = 0
    for v in sub:
        t2 += v
    tup = tuple(range(3000))
    for v in tup:
        t2 -= v
    print(t2)

    # Unpacking inside the loop, as n-body does.
    pairs = [((i, i + 1), [i * 2]) for i in range(2000)]
    q = 0
    for ((a, b), [c]) in pairs:
        q += a * b - c
    print(q)


main()
