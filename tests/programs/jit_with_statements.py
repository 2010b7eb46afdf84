# `with` in compiled code: the normal way out, an exception suppressed or
# not, `return`, `break` and `continue` inside the body, nested managers,
# `__enter__` or `__exit__` raising, and files.
log = []


class Mgr:
    def __init__(self, name):
        self.name = name
        self.suppress = False

    def __enter__(self):
        log.append("enter " + self.name)
        return self.name

    def __exit__(self, tp, val, tb):
        log.append("exit %s %s" % (self.name, tp.__name__ if tp else None))
        return self.suppress


def plain(n):
    t = 0
    for i in range(n):
        with Mgr("p") as name:
            t += len(name) + i
    return t


class Suppress(Mgr):
    def __init__(self, name):
        self.name = name
        self.suppress = True


def suppressed(n):
    t = 0
    d = {1: 1}
    for i in range(n):
        with Suppress("s"):
            t += d[i % 4] + 12 // (i % 3)
    return t


def early(n):
    for i in range(n):
        with Mgr("e"):
            if i == 7:
                return i
            if i % 2:
                continue
            if i > 100:
                break
    return -1


def nested(n):
    t = 0
    for i in range(n):
        with Mgr("a"), Mgr("b") as b:
            t += len(b)
    return t


for k in range(120):
    log.clear()
    r = (plain(20), suppressed(20), early(20), nested(20))
print(r, len(log), log[:4], log[-4:])

log.clear()
try:
    for k in range(3):
        with Mgr("u"):
            raise KeyError("out")
except KeyError as e:
    print("KeyError", e, log)


class BadEnter:
    def __enter__(self):
        raise RuntimeError("enter failed")

    def __exit__(self, *a):
        print("never")


class BadExit:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        raise OSError("exit failed")


def use(mgr_type, n):
    done = 0
    for i in range(n):
        with mgr_type():
            done += 1
    return done


class Quiet:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        return None


for k in range(100):
    q = use(Quiet, 20)
print(q)
for mt in (BadEnter, BadExit):
    try:
        use(mt, 5)
    except (RuntimeError, OSError) as e:
        print(type(e).__name__, e)


def write_and_read(path, n):
    with open(path, "w") as f:
        for i in range(n):
            f.write("line %d\n" % i)
    total = 0
    for k in range(n):
        with open(path) as f:
            total += len(f.read())
        with open(path) as f:
            for line in f:
                total += 1
    return total


import os

# A file of its own (the corpus runs programs in parallel), removed after.
p = "tmp_jit_with_%d.txt" % os.getpid()
try:
    print(write_and_read(p, 1200))
finally:
    os.remove(p)


# Tracebacks through compiled code: __enter__ raising, then __exit__.
class Late:
    def __init__(self, limit, exit_at):
        self.limit = limit
        self.exit_at = exit_at
        self.n = 0

    def __enter__(self):
        self.n += 1
        if self.n == self.limit:
            raise LookupError("enter %d" % self.n)
        return self

    def __exit__(self, a, b, c):
        if self.n == self.exit_at:
            raise ArithmeticError("exit %d" % self.n)
        return None


def spin(m, n):
    t = 0
    for i in range(n):
        with m:
            t += i
    return t


late = Late(1500, -1)
try:
    spin(late, 2000)
except LookupError as e:
    print("LookupError", e, late.n)
spin(Late(-1, 1700), 2000)
