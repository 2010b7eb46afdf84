# Builtins that see the calling frame (locals(), globals(), vars(), dir(),
# eval(), exec()) called in hot loops: in compiled code, the function's
# own and that made for a running call (on-stack replacement), they see
# the frame as the interpreter would (they raised RuntimeError there).
G = 5


def frames(n):
    seen = []
    for i in range(n):
        names = sorted(locals())
        if i < 2 or i == n - 1:
            seen.append(names)
        x = i * 2
    return seen, x


def evaluate(n):
    total = 0
    for i in range(n):
        total += eval("i * 2 + G")
        if i % 997 == 0:
            assert "frames" in globals()
            assert sorted(vars()) == sorted(dir())
    return total


def counted(n):
    hits = 0
    k = 0
    while k < n:
        k += 1
        if k % 1000 == 0:
            exec("hits_seen = 1")
            hits += len(locals())
    return hits, k


for n in [3, 3000, 5000]:
    print(frames(n))
    print(evaluate(n))
    print(counted(n))
