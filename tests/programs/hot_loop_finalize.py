# A generator freed by an attribute store or at the end of a list loop
# runs its finally block at once, before the next statement, as in CPython.
flag = 0
def g():
    global flag
    try:
        yield 1
    finally:
        flag += 1
        if flag % 50 == 0:
            print("closed", flag)
class H:
    pass
def f():
    h = H()
    h.g = None
    for i in range(200):
        h.g = g()
        next(h.g)
        h.g = None
        if flag != i + 1:
            print("stale", i, flag)
    for i in range(200):
        l = [g()]
        next(l[0])
        n = flag
        for x in l:
            pass
        l = None
        if flag != n + 1:
            print("stale list", i, n, flag)
    print("end", flag)
f()
